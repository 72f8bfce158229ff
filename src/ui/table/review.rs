//! The review of a finished game (issue #18): the AI worker reads one position after another
//! ([`crate::ai::review`]), the game-over screen shows the progress and then a chart of every
//! seat's chance to win with the human seats' mistakes and blunders marked; a mark opens the
//! replay before that decision, where the board draws the move played and the move the
//! computer preferred, and [`ReviewNote`] says what each was worth.
//!
//! One position per worker message, so the review can be cancelled between two and the page
//! never waits on it; the finished review is kept with the game ([`crate::ui::TableSpec`]'s
//! `review`), so an exported game opens with its review.

use super::seated::TableGame;
use super::seating::Occupant;
use super::Table;
use crate::ai::protocol::{Reading, ReviewRequest, StoredReview};
use crate::ai::review::{Mark, SEED};
use crate::engine::Seat;
use crate::i18n::{log_name, Lang};
use crate::t;
use crate::ui::{use_lang, worker, Decimal};
use leptos::prelude::*;
use std::sync::Arc;

/// One decision as the review judged it, in words.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Judged {
    /// The action's index in the record: the board before it is the replay's step `at`.
    pub at: usize,
    pub seat: Seat,
    /// The seat's chance with the preferred action, and right after the one played.
    pub before: f64,
    pub after: f64,
    pub mark: Option<Mark>,
    /// The action played, as the log writes it (`@0` for seats).
    pub played: String,
    /// The action the computer preferred, when it is another one.
    pub preferred: Option<String>,
}

/// A chance as players read it: "62 %".
pub(super) fn percent(chance: f64) -> String {
    format!("{:.0} %", Decimal((chance * 100.0).clamp(0.0, 100.0)))
}

/// The review of one table: finished, running, or failed.
#[derive(Clone, Copy)]
pub(super) struct Reviewing {
    /// The finished review.
    pub done: RwSignal<Option<Arc<StoredReview>>>,
    /// While a review runs: positions read, of how many.
    pub running: RwSignal<Option<(usize, usize)>>,
    pub failed: RwSignal<Option<String>>,
    /// The finished review's decisions in the current language: judged once per review and
    /// language, not at every replay step (a judgement replays `describe` over the record).
    pub judged: Memo<Option<Arc<Vec<Judged>>>>,
    readings: StoredValue<Vec<Reading>>,
    /// Which run is current: a cancel or a new start makes older replies stale.
    run: StoredValue<u64>,
}

impl Reviewing {
    pub fn new(stored: Option<StoredReview>, game: Arc<dyn TableGame>) -> Self {
        let done = RwSignal::new(stored.map(Arc::new));
        let lang = use_lang();
        let judged = Memo::new(move |_| {
            let done = done.get()?;
            game.judge(&done.readings, lang.get()).map(Arc::new)
        });
        Reviewing {
            done,
            judged,
            running: RwSignal::new(None),
            failed: RwSignal::new(None),
            readings: StoredValue::new(Vec::new()),
            run: StoredValue::new(0),
        }
    }

    /// Review the game in `record` (of the game `game`, `total` positions) in the AI worker.
    pub fn start(self, game: &'static str, record: String, total: usize) {
        let run = self.run.get_value() + 1;
        self.run.set_value(run);
        self.readings.set_value(Vec::new());
        self.failed.set(None);
        self.running.set(Some((0, total)));
        self.request(Arc::new((game, record)), 0, total, run);
    }

    pub fn cancel(self) {
        self.run.update_value(|r| *r += 1);
        self.running.set(None);
    }

    fn request(self, game: Arc<(&'static str, String)>, at: usize, total: usize, run: u64) {
        let request = ReviewRequest {
            ticket: run,
            game: game.0.to_string(),
            record: game.1.clone(),
            at,
            seed: SEED,
        };
        let asked = worker::read(&request, move |reply| {
            if self.run.try_get_value() != Some(run) || reply.at != at {
                return;
            }
            match reply.reading {
                Ok(reading) => {
                    self.readings.update_value(|r| r.push(reading));
                    if at + 1 == total {
                        let readings = self.readings.get_value();
                        self.done.set(Some(Arc::new(StoredReview {
                            seed: SEED,
                            readings,
                        })));
                        self.running.set(None);
                    } else {
                        self.running.set(Some((at + 1, total)));
                        self.request(game, at + 1, total, run);
                    }
                }
                Err(why) => self.fail(why),
            }
        });
        if let Err(why) = asked {
            self.fail(why);
        }
    }

    fn fail(self, why: String) {
        self.failed.set(Some(why));
        self.running.set(None);
    }
}

/// Whether the review marks the decisions of `seat`: a human's at this device (the computer's
/// own choices are not the players' to learn from).
fn marks_seat(table: &Table, seat: Seat) -> bool {
    table
        .spec
        .seats
        .get(seat)
        .is_some_and(|s| Occupant::of(s) == Occupant::Human)
}

/// The players' names as log lines write them, for the review's words.
fn names(table: &Table, lang: Lang) -> Vec<String> {
    let looks = table.game.looks();
    table
        .spec
        .seats
        .iter()
        .zip(looks)
        .map(|(seat, look)| log_name(&seat.name, look.colour_name(lang)))
        .collect()
}

/// `line` with `@0`, `@1`… replaced by the players' names.
fn named(line: &str, names: &[String]) -> String {
    super::log::pieces(line, names.len())
        .into_iter()
        .map(|piece| match piece {
            super::log::Piece::Words(w) => w.to_string(),
            super::log::Piece::Seat(s) => names[s].clone(),
        })
        .collect()
}

/// Point out on the board, while the replay stands before a reviewed decision, the move played
/// and the move preferred.
pub(super) fn point_out(table: &Table) {
    let table = table.clone();
    Effect::new(move |_| {
        let at = table.shown.replay_at.get();
        let done = table.review.done.get();
        let preferred = at.zip(done).and_then(|(k, review)| {
            let reading = review.readings.get(k)?;
            Some((k, reading.preferred.clone()?))
        });
        match &preferred {
            Some((k, json)) => table.game.point_review(Some((*k, Some(json.as_str())))),
            None => table.game.point_review(None),
        }
    });
}

/// The game-over screen's review: the Review button, the progress while it runs, the chart when
/// it is done.
#[component]
pub(super) fn ReviewPanel(table: Table) -> impl IntoView {
    let lang = use_lang();
    let review = table.review;
    move || {
        let lang = lang.get();
        if let Some((done, total)) = review.running.get() {
            let label = t!(lang, "Reviewing the game…", "A játszma elemzése…");
            return view! {
                <div class="review-running">
                    <label>
                        {label}
                        " "
                        <progress data-testid="review-progress" max=total.to_string() value=done.to_string()></progress>
                        " " {format!("{} %", done * 100 / total.max(1))}
                    </label>
                    <button on:click=move |_| review.cancel()>{t!(lang, "Cancel", "Mégse")}</button>
                </div>
            }
            .into_any();
        }
        if let Some(judged) = review.judged.get() {
            return view! { <ReviewChart table=table.clone() judged /> }.into_any();
        }
        let failed = review
            .failed
            .get()
            .map(|why| view! { <p class="error" role="alert">{t!(lang, "The review stopped: {why}", "Az elemzés megszakadt: {why}")}</p> });
        let start = {
            let table = table.clone();
            move |_| {
                let total = table.game.moves_made() + 1;
                review.start(table.game.id(), table.game.record_json(), total);
            }
        };
        view! {
            {failed}
            <button data-testid="review" on:click=start>{t!(lang, "Review", "Elemzés")}</button>
        }
        .into_any()
    }
}

/// Every seat's chance to win over the game, one line per seat, and the human seats' marks.
#[component]
fn ReviewChart(table: Table, judged: Arc<Vec<Judged>>) -> impl IntoView {
    let lang = use_lang().get_untracked();
    let Some(done) = table.review.done.get_untracked() else {
        return ().into_any();
    };
    let states = done.readings.len();
    let frame = super::chart::Frame::new(100.0, states);
    let looks = table.game.looks();
    let lines = looks
        .iter()
        .enumerate()
        .map(|(seat, look)| {
            let points = frame.points(
                done.readings
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (i, 100.0 * r.chances.get(seat).copied().unwrap_or(0.0))),
            );
            view! {
                <g class=format!("chart-line seat-{}", look.colour)>
                    <polyline points=points></polyline>
                </g>
            }
        })
        .collect_view();
    let names = names(&table, lang);
    let marks = judged
        .iter()
        .filter(|d| d.mark.is_some() && marks_seat(&table, d.seat))
        .map(|d| {
            let mark = d.mark.expect("filtered");
            let (x, y) = (frame.x(d.at + 1), frame.y(100.0 * d.after));
            let blunder = [(x, y - 6.0), (x + 5.5, y + 4.0), (x - 5.5, y + 4.0)]
                .map(|(x, y)| format!("{:.1},{:.1}", Decimal(x), Decimal(y)))
                .join(" ");
            let look = looks[d.seat % looks.len()];
            let what = match mark {
                Mark::Mistake => t!(lang, "Mistake", "Hiba"),
                Mark::Blunder => t!(lang, "Blunder", "Baklövés"),
            };
            let label = t!(
                lang,
                "{what} by {} at action {}: {}",
                "{what}: {}, {}. lépés: {}",
                names[d.seat],
                d.at + 1,
                named(&d.played, &names)
            );
            let shape = match mark {
                Mark::Mistake => {
                    view! { <circle cx=Decimal(x) cy=Decimal(y) r="4"></circle> }.into_any()
                }
                Mark::Blunder => view! {
                    <polygon points=blunder></polygon>
                }
                .into_any(),
            };
            let open = {
                let table = table.clone();
                let at = d.at;
                move || {
                    table.open_replay();
                    table.shown.replay_at.set(Some(at));
                }
            };
            let on_key = crate::ui::activate_on_key(open.clone());
            view! {
                <g
                    class=format!("review-mark seat-{}", look.colour)
                    data-mark=mark.name()
                    data-action=d.at.to_string()
                    role="button"
                    tabindex="0"
                    aria-label=label.clone()
                    on:click=move |_| open()
                    on:keydown=on_key
                >
                    <title>{label.clone()}</title>
                    {shape}
                </g>
            }
        })
        .collect_view();
    let counts = summary(&table, &judged, &names, lang);
    let label = t!(
        lang,
        "Each player's chance to win over the game",
        "A játékosok nyerési esélye a játék során"
    );
    let super::chart::Frame {
        w, h, pad, left, ..
    } = frame;
    view! {
        <figure class="score-chart review-chart" data-testid="review-chart">
            <svg viewBox=format!("0 0 {} {}", Decimal(w), Decimal(h)) role="group" aria-label=label.clone()>
                <line class="axis" x1=Decimal(left) y1=Decimal(h - pad) x2=Decimal(w - pad) y2=Decimal(h - pad)></line>
                <line class="axis" x1=Decimal(left) y1=Decimal(pad) x2=Decimal(left) y2=Decimal(h - pad)></line>
                <line class="axis half" x1=Decimal(left) y1=Decimal(h / 2.0) x2=Decimal(w - pad) y2=Decimal(h / 2.0)></line>
                <text class="tick" x=Decimal(left - 4.0) y=Decimal(pad + 4.0) text-anchor="end">"100 %"</text>
                <text class="tick" x=Decimal(left - 4.0) y=Decimal(h - pad) text-anchor="end">"0"</text>
                {lines}
                {marks}
            </svg>
            <figcaption>{label} " · " {counts}</figcaption>
        </figure>
    }
    .into_any()
}

/// "Anna: 2 mistakes, 1 blunder" for each human seat.
fn summary(table: &Table, judged: &[Judged], names: &[String], lang: Lang) -> String {
    (0..names.len())
        .filter(|&s| marks_seat(table, s))
        .map(|s| {
            let count = |m: Mark| {
                judged
                    .iter()
                    .filter(|d| d.seat == s && d.mark == Some(m))
                    .count()
            };
            let (mistakes, blunders) = (count(Mark::Mistake), count(Mark::Blunder));
            match lang {
                Lang::En => format!(
                    "{}: {mistakes} mistake{}, {blunders} blunder{}",
                    names[s],
                    if mistakes == 1 { "" } else { "s" },
                    if blunders == 1 { "" } else { "s" }
                ),
                Lang::Hu => format!("{}: {mistakes} hiba, {blunders} baklövés", names[s]),
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// While the replay stands before a reviewed decision: who played what, what it was worth, and
/// what the computer preferred.
#[component]
pub(super) fn ReviewNote(table: Table) -> impl IntoView {
    let lang = use_lang();
    move || {
        let at = table.shown.replay_at.get()?;
        let lang = lang.get();
        let judged = table.review.judged.get()?;
        let d = judged.iter().find(|d| d.at == at)?;
        let names = names(&table, lang);
        let played = t!(
            lang,
            "{}: chance to win {} after it.",
            "{}: nyerési esély utána {}.",
            named(&d.played, &names),
            percent(d.after)
        );
        let preferred = match &d.preferred {
            Some(p) => t!(
                lang,
                "The computer preferred: {} ({}).",
                "A gép ezt választotta volna: {} ({}).",
                named(p, &names),
                percent(d.before)
            ),
            None => t!(
                lang,
                "The computer would have played the same.",
                "A gép is ugyanezt lépte volna."
            ),
        };
        let mark = d.mark.map(|m| match m {
            Mark::Mistake => t!(lang, "A mistake.", "Hiba."),
            Mark::Blunder => t!(lang, "A blunder.", "Baklövés."),
        });
        Some(view! {
            <div class="review-note" data-testid="review-note" data-mark=d.mark.map(Mark::name)>
                {mark.map(|m| view! { <strong>{m} " "</strong> })}
                <span class="review-played">{played}</span>
                " "
                <span class="review-preferred">{preferred}</span>
            </div>
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_read_as_whole_percents() {
        assert_eq!(percent(0.624), "62 %");
        assert_eq!(percent(1.2), "100 %");
        assert_eq!(percent(-0.1), "0 %");
    }

    #[test]
    fn a_line_names_its_seats() {
        let names = vec!["Anna".to_string(), "Red (You)".to_string()];
        assert_eq!(
            named("@1 takes 3 from @0.", &names),
            "Red (You) takes 3 from Anna."
        );
    }
}
