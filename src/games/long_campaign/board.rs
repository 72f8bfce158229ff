//! Long Campaign's table (long-campaign.md §2.3, §6): the county map of Hungary, the status bar
//! (phase, round, turn order, scores), and the question screens (the question, the timer, the
//! answer buttons or the numeric keypad, and the reveal).
//!
//! UI decisions where the spec is silent (see also `mod.rs`):
//! - LC-UI-1 Answer and choice times are measured here, with a monotonic clock
//!   (`web_time::Instant`, i.e. `performance.now()`), from the moment the question (or the
//!   choice) is first shown to this seat. The table remounts the board after a hand-off, so the
//!   time runs from the player's own "ready" tap (§6, H14). When the limit passes, the board
//!   locks "no answer" (or plays `time_up` for a choice, H4).
//! - LC-UI-2 The questions are shown in the app's language even when the game was started in the
//!   other one: a question has the same id in both languages, and the displayed options are
//!   matched to their translations through the game language's text (no solution is needed).
//! - LC-UI-3 While others answer, a seat that still has to answer the same question sees only who
//!   must answer and the category, never the text (so it cannot think ahead); a seat that only
//!   watches, or has locked, sees the text and the options.
//! - LC-UI-4 The reveal is not a blocking screen: the last reveals stay in a panel beside the
//!   map (with earlier ones a click away) while the game goes on, so a fast computer opponent
//!   never hides an answer from a human.
//! - LC-UI-5 The question language defaults to the app language when the game is set up; the
//!   options form also sets the §7 knowledge of every computer seat (one level for all).

use super::bank::{self, QuestionKind, QuestionSet};
use super::map::{self, label_name, label_spots, CountyId, BUDAPEST, BUDAPEST_NAME_Y};
use super::view::{category_name, effect_line, language_of, seconds};
use super::{
    AnswerLevel, Campaign, CampaignAction, CampaignOptions, CampaignView, Colour, Given,
    LongCampaign, Phase, Purpose, QuestionCard, Reveal, Stage, Step, Timer, BASE_VALUE,
    CAPTURE_VALUE, DEFENCE_BONUS, DIVISION_VALUE, EXPANSION_VALUE, ROUNDS,
};
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::t;
use crate::ui::{
    activate_on_key, review_notes, svg_marks, use_lang, BoardProps, Cue, Decimal, GameUi, SeatLook,
    SeatSpec, LOOKS,
};
use leptos::prelude::*;
use std::time::Duration;
use web_time::Instant;

/// The part of the 1000×700 map frame that holds the country.
const VIEW_BOX: &str = "28 50 944 584";

fn colour_look(c: Colour) -> SeatLook {
    LOOKS[c as usize]
}

fn seat_look(c: &Campaign, seat: u8) -> SeatLook {
    colour_look(c.colour_of(seat))
}

/// "● Red" in the viewer's language.
fn seat_word(c: &Campaign, seat: u8, lang: Lang) -> String {
    let look = seat_look(c, seat);
    format!("{} {}", look.mark, look.colour_name(lang))
}

/// Replace `@n` in a rules text with the seat's colour in words.
fn with_colours(text: &str, c: &Campaign, lang: Lang) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..at]);
        let digit = rest[at + 1..].chars().next().and_then(|d| d.to_digit(10));
        match digit {
            Some(d) if d < 3 => {
                out.push_str(&seat_word(c, d as u8, lang));
                rest = &rest[at + 2..];
            }
            _ => {
                out.push('@');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A question as the viewer reads it: in the app's language (DECISION LC-UI-2).
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    text: String,
    options: Vec<String>,
    unit: String,
}

fn localise(card: &QuestionCard, c: &Campaign, lang: Lang) -> Shown {
    let same = Shown {
        text: card.text.clone(),
        options: card.options.clone(),
        unit: card.unit.clone(),
    };
    let want = language_of(lang);
    if want == c.options.language {
        return same;
    }
    let Ok(banks) = bank::banks(c.options.questions) else {
        return same;
    };
    let (from, to) = (banks.language(c.options.language), banks.language(want));
    let found = |b: &'static bank::Bank| b.find(&card.id).and_then(|(k, i)| b.get(k, i));
    let (Some(q1), Some(q2)) = (found(from), found(to)) else {
        return same;
    };
    let options = card
        .options
        .iter()
        .map(|o| {
            q1.options()
                .iter()
                .position(|x| x == o)
                .and_then(|i| q2.options().get(i).cloned())
                .unwrap_or_else(|| o.clone())
        })
        .collect();
    Shown {
        text: q2.text.clone(),
        options,
        unit: q2.shown_unit().to_string(),
    }
}

fn with_unit(v: u64, unit: &str) -> String {
    if unit.is_empty() {
        v.to_string()
    } else {
        format!("{v} {unit}")
    }
}

fn phase_name(c: &Campaign, lang: Lang) -> String {
    match c.phase {
        Phase::Bases { .. } => t!(lang, "Phase 1 · Bases", "1. szakasz · Várválasztás"),
        Phase::Expansion { round, .. } => t!(
            lang,
            "Phase 2 · Expansion · round {round}/{ROUNDS}",
            "2. szakasz · Terjeszkedés · {round}/{ROUNDS}. kör"
        ),
        Phase::Division => t!(
            lang,
            "Phase 3 · Division of the free counties",
            "3. szakasz · A szabad vármegyék felosztása"
        ),
        Phase::War { round, .. } => t!(
            lang,
            "Phase 4 · War · round {round}/{ROUNDS}",
            "4. szakasz · Háború · {round}/{ROUNDS}. kör"
        ),
        Phase::TieBreak => t!(lang, "Tie-break question", "Döntetlent eldöntő kérdés"),
        Phase::Over => t!(lang, "The campaign is over", "A hadjárat véget ért"),
    }
}

/// Why the open question is asked, in words.
fn purpose_line(c: &Campaign, p: Purpose, lang: Lang) -> String {
    let w = |s: u8| seat_word(c, s, lang);
    match p {
        Purpose::Expansion { seat, county } => t!(
            lang,
            "Expansion: {} wants {}",
            "Terjeszkedés: {} ezt szeretné: {}",
            w(seat),
            county.name()
        ),
        Purpose::Division => t!(
            lang,
            "Division: the closest guess picks a free county",
            "Felosztás: a legjobb tipp választhat szabad vármegyét"
        ),
        Purpose::Battle {
            attacker,
            defender,
            county,
            decider: false,
        } => t!(
            lang,
            "Battle for {}: {} attacks {}",
            "Csata ezért: {}. {} támad, {} védekezik",
            county.name(),
            w(attacker),
            w(defender)
        ),
        Purpose::Battle {
            county,
            decider: true,
            ..
        } => t!(
            lang,
            "Battle for {}: both were right, the closer guess wins",
            "Csata ezért: {}. Mindketten jól feleltek, a jobb tipp nyer",
            county.name()
        ),
        Purpose::Rebuild { seat } => {
            t!(lang, "{} rebuilds a tower", "{} tornyot épít újjá", w(seat))
        }
        Purpose::TieBreak => t!(
            lang,
            "Tie-break: equal scores, the closest guess ranks first",
            "Holtverseny: a legjobb tipp kerül előbbre"
        ),
    }
}

/// The county a question is about (marked on the map).
fn purpose_county(p: Purpose) -> Option<CountyId> {
    match p {
        Purpose::Expansion { county, .. } | Purpose::Battle { county, .. } => Some(county),
        _ => None,
    }
}

fn effect_county(r: &Reveal) -> Option<CountyId> {
    use super::Effect as E;
    match r.effect {
        E::Claimed { county, .. }
        | E::Missed { county, .. }
        | E::Captured { county, .. }
        | E::TowerDown { county, .. }
        | E::BaseFell { county, .. }
        | E::Held { county, .. } => Some(county),
        _ => None,
    }
}

/// A castle of three towers at (x, y) (the centre of its wall's foot), in a box 54 wide and 45
/// high drawn at 0.8: crenellated towers with arrow slits, shaded on their right, the keep in
/// the middle with the gate. A fallen tower is a broken stump on its rubble; a ruined castle
/// is grey.
fn castle(x: f64, y: f64, towers: u8, ruined: bool) -> impl IntoView {
    let tower = |i: usize| {
        // The keep (the middle tower) is wider and taller; it falls last, then the left one.
        let (left, w, h) = [(-27.0, 14.0, 33.0), (-8.0, 16.0, 41.0), (13.0, 14.0, 33.0)][i];
        let standing = !ruined && (towers as usize) > [1, 0, 2][i];
        let tx = x + left;
        let top = y - h;
        if standing {
            let (m, gap) = (w * 0.22, w * 0.17);
            let slit_y = top + if i == 1 { 10.0 } else { 9.0 };
            view! {
                <path class="lc-tower"
                    d=format!("M{tx:.1},{y:.1}V{:.1}h{m:.2}v4h{gap:.2}v-4h{m:.2}v4h{gap:.2}v-4h{m:.2}V{y:.1}Z", Decimal(top - 4.0), tx = Decimal(tx), y = Decimal(y), m = Decimal(m), gap = Decimal(gap))></path>
                <rect class="lc-shade" x=Decimal(tx + w * 0.66) y=Decimal(top) width=Decimal(w * 0.34) height=Decimal(h)></rect>
                <path class="lc-bricks"
                    d=format!("M{:.1},{:.1}h5M{:.1},{:.1}h4M{:.1},{:.1}h5", Decimal(tx + 2.0), Decimal(top + 4.0), Decimal(tx + w - 7.0), Decimal(top + 17.0), Decimal(tx + 3.0), Decimal(y - 9.0))></path>
                <rect class="lc-slit" x=Decimal(tx + w / 2.0 - 1.3) y=Decimal(slit_y) width="2.6" height="7" rx="1.3"></rect>
            }
            .into_any()
        } else {
            // The stump, broken off in a ragged line, and a heap of three blocks at its foot
            // (the keep's beside the gate), all inside the castle's box.
            let heap = [tx + 6.5, x - 11.0, tx + 7.0][i];
            view! {
                <path class="lc-tower"
                    d=format!("M{tx:.1},{y:.1}V{:.1}l3,2.5l3,-3l2.5,4l2.5,-2l{:.1},3V{y:.1}Z", Decimal(y - 15.0), Decimal(w - 11.0), tx = Decimal(tx), y = Decimal(y))></path>
                <path class="lc-rubble"
                    d=format!("M{:.1},{y:.1}v-5.5h6.5v5.5ZM{:.1},{y:.1}l0.6,-4.6h5.6l0.6,4.6ZM{:.1},{:.1}l1.2,-4.2h5l0.4,4.2Z", Decimal(heap - 6.5), Decimal(heap + 0.5), Decimal(heap - 3.5), Decimal(y - 5.5), y = Decimal(y))></path>
            }
            .into_any()
        }
    };
    // The curtain wall: crenellated between the towers, or broken down with them.
    let wall = if ruined {
        format!(
            "M{:.0},{y:.0}V{:.0}l4,-3l5,2l5,-4l4,3l4,-2l4,4l5,-3l5,2l8,-2V{y:.0}Z",
            Decimal(x - 22.0),
            Decimal(y - 11.0),
            y = Decimal(y)
        )
    } else {
        format!(
            "M{:.0},{y:.0}V{:.0}h9h1.25v-3h2.5v3h1.25h16h1.25v-3h2.5v3h1.25h9V{y:.0}Z",
            Decimal(x - 22.0),
            Decimal(y - 20.0),
            y = Decimal(y)
        )
    };
    view! {
        <g class="lc-castle" class:ruined=ruined aria-hidden="true"
            transform=format!("translate({x:.0},{y:.0}) scale(0.8) translate({:.0},{:.0})", Decimal(-x), Decimal(-y), x = Decimal(x), y = Decimal(y))>
            <ellipse class="lc-castle-shadow" cx=Decimal(x) cy=Decimal(y - 1.0) rx="27" ry="3"></ellipse>
            <path class="lc-wall" d=wall></path>
            {[0usize, 2, 1].map(tower).into_iter().collect_view()}
            <path class="lc-gate" d=format!("M{:.1},{y:.0}v-9a4.5,4.5 0 0 1 9,0v9Z", Decimal(x - 4.5), y = Decimal(y))></path>
            <path class="lc-portcullis" d=format!("M{:.1},{y:.0}v-10M{x:.1},{y:.0}v-13M{:.1},{y:.0}v-10M{:.1},{:.1}h9", Decimal(x - 2.2), Decimal(x + 2.2), Decimal(x - 4.5), Decimal(y - 5.0), y = Decimal(y), x = Decimal(x))></path>
        </g>
    }
}

fn patterns() -> impl IntoView {
    view! {
        <defs>
            <pattern id="lc-pat-red" width="14" height="14" patternUnits="userSpaceOnUse">
                <circle cx="7" cy="7" r="2.6" class="lc-pat"></circle>
            </pattern>
            <pattern id="lc-pat-blue" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect x="0" y="0" width="3.2" height="14" class="lc-pat"></rect>
            </pattern>
            <pattern id="lc-pat-green" width="16" height="14" patternUnits="userSpaceOnUse">
                <path d="M8,3L12,10H4Z" class="lc-pat"></path>
            </pattern>
        </defs>
    }
}

fn turn_key(c: &Campaign, view: &CampaignView) -> String {
    format!(
        "{}|{:?}|{:?}|{:?}|{:?}|{:?}",
        view.seat,
        c.phase,
        c.step,
        c.asked_choice,
        c.asked_numeric,
        view.question().map(|q| q.id.clone())
    )
}

/// Whether an action is played on county `id`: a pick (base, expansion, division) or an attack.
fn on_county(a: &CampaignAction, id: CountyId) -> bool {
    matches!(a, CampaignAction::Pick { county } | CampaignAction::Attack { county } if *county == id)
}

/// Whether an action answers with option `i` (whatever the time it took).
fn answers(a: &CampaignAction, i: u8) -> bool {
    matches!(a, CampaignAction::Answer { option: Some(o), .. } if *o == i)
}

/// A seat's decision in words where no button shows it (a review, where nothing is legal):
/// `None` for the moves marked on the map, and for chance.
fn action_words(a: &CampaignAction, lang: Lang) -> Option<String> {
    Some(match *a {
        CampaignAction::Rebuild => t!(lang, "Rebuild a tower", "Torony újjáépítése"),
        CampaignAction::Answer {
            option: Some(i), ..
        } => {
            let letter = (b'A' + i) as char;
            t!(lang, "Answer {letter}", "Válasz: {letter}")
        }
        CampaignAction::Answer { option: None, .. } | CampaignAction::Guess { value: None, .. } => {
            t!(lang, "No answer", "Nincs válasz")
        }
        CampaignAction::Guess { value: Some(v), .. } => t!(lang, "Guess {v}", "Tipp: {v}"),
        _ => return None,
    })
}

/// A move's sounds: a question card laid on the table, then a capture where a county changed
/// hands (claimed, conquered) or a tower fell. Answers are silent until they are revealed.
fn cues(before: &CampaignView, after: &CampaignView) -> Vec<Cue> {
    fn question(v: &CampaignView) -> Option<&str> {
        v.ask.as_ref()?.question.as_ref().map(|q| q.id.as_str())
    }
    let drawn = question(after).is_some() && question(after) != question(before);
    let taken = before
        .campaign
        .counties
        .iter()
        .zip(&after.campaign.counties)
        .any(|(b, a)| (a.owner.is_some() && a.owner != b.owner) || a.towers < b.towers);
    [(drawn, Cue::Lay), (taken, Cue::Capture)]
        .into_iter()
        .filter_map(|(heard, cue)| heard.then_some(cue))
        .collect()
}

/// What one county of the map shows: everything its drawing reads, so a county whose look has
/// not changed keeps its elements.
#[derive(Clone, PartialEq)]
struct CountyLook {
    /// The pick or attack a tap on it plays now.
    action: Option<CampaignAction>,
    /// Not a target while the seat picks or attacks.
    dim: bool,
    owner: Option<u8>,
    colour: Option<Colour>,
    value: u32,
    castle: Option<super::view::Castle>,
    /// The ring around it: a target, the county contested now, or the last one revealed.
    ring: Option<&'static str>,
    contested: bool,
    label: String,
}

/// Every county's look, in [`CountyId`] order.
fn county_looks(v: &CampaignView, legal_now: &[CampaignAction], lang: Lang) -> Vec<CountyLook> {
    let c = &v.campaign;
    let picking = legal_now.iter().any(|a| {
        matches!(
            a,
            CampaignAction::Pick { .. } | CampaignAction::Attack { .. }
        )
    });
    let contested = v.ask.as_ref().and_then(|a| purpose_county(a.purpose));
    let last = c.last_reveal.as_ref().and_then(effect_county);
    c.tiles()
        .into_iter()
        .map(|tile| {
            let id = tile.id;
            let action = legal_now.iter().copied().find(|a| on_county(a, id));
            let owner_words = match tile.owner {
                Some(o) => seat_look(c, o).colour_name(lang).to_string(),
                None => t!(lang, "free", "szabad"),
            };
            let mut label = format!("{}: {owner_words}", id.name());
            if tile.owner.is_some() {
                label.push_str(&t!(lang, ", worth {}", ", értéke {}", tile.value));
            }
            if let Some(castle) = tile.castle {
                label.push_str(&if castle.ruined {
                    t!(lang, ", ruined castle", ", romos vár")
                } else {
                    t!(
                        lang,
                        ", castle with {} towers",
                        ", vár, {} toronnyal",
                        castle.towers
                    )
                });
            }
            match action {
                Some(CampaignAction::Attack { .. }) => {
                    label.push_str(&t!(lang, " — attack", " — támadás"))
                }
                Some(_) => label.push_str(&t!(lang, " — pick", " — választás")),
                None => {}
            }
            let ring = if action.is_some() {
                Some("lc-ring legal")
            } else if contested == Some(id) {
                Some("lc-ring contested")
            } else if last == Some(id) {
                Some("lc-ring last")
            } else {
                None
            };
            CountyLook {
                action,
                dim: picking && action.is_none(),
                owner: tile.owner,
                colour: tile.colour,
                value: tile.value,
                castle: tile.castle,
                ring,
                contested: contested == Some(id),
                label,
            }
        })
        .collect()
}

pub fn board(props: BoardProps<LongCampaign>) -> AnyView {
    let BoardProps {
        view,
        legal,
        play,
        pointed,
    } = props;
    let lang = use_lang();

    // What the viewer must do now, and since when (DECISION LC-UI-1).
    let acting = Memo::new(move |_| {
        let v = view.get();
        let can = !legal.with(Vec::is_empty);
        if !can {
            return None;
        }
        match v.campaign.step {
            Step::Answer { .. } if v.must_answer() && v.question().is_some() => {
                Some(turn_key(&v.campaign, &v))
            }
            Step::Choose { .. } => Some(turn_key(&v.campaign, &v)),
            _ => None,
        }
    });
    let started = StoredValue::new(None::<(String, Instant)>);
    let fired = StoredValue::new(None::<String>);
    let now = RwSignal::new(0u32);
    let elapsed_ms = move |key: &str| -> u32 {
        started.with_value(|s| match s {
            Some((k, t)) if k == key => t.elapsed().as_millis().min(u32::MAX as u128) as u32,
            _ => 0,
        })
    };
    Effect::new(move |_| {
        if let Some(key) = acting.get() {
            let fresh = started.with_value(|s| s.as_ref().map(|(k, _)| k != &key).unwrap_or(true));
            if fresh {
                started.set_value(Some((key, Instant::now())));
                now.set(0);
            }
        }
    });
    let guess = RwSignal::new(String::new());
    Effect::new(move |_| {
        acting.track();
        guess.set(String::new());
    });

    let answer_now = move |option: Option<u8>| {
        let Some(key) = acting.get_untracked() else {
            return;
        };
        let ms = elapsed_ms(&key);
        play.run(CampaignAction::Answer { option, ms });
    };
    let guess_now = move || {
        let Some(key) = acting.get_untracked() else {
            return;
        };
        let ms = elapsed_ms(&key);
        let value = guess.get_untracked().parse::<u64>().ok();
        play.run(CampaignAction::Guess { value, ms });
    };

    // The clock: ticks while the viewer acts under a time limit; acts on time-out (H4).
    let limit = Memo::new(move |_| view.with(|v| v.limit_ms()));
    if let Ok(handle) = set_interval_with_handle(
        move || {
            let Some(limit) = limit.get_untracked() else {
                return;
            };
            let Some(key) = acting.get_untracked() else {
                return;
            };
            let ms = elapsed_ms(&key);
            now.set(ms);
            if ms < limit || fired.with_value(|f| f.as_deref() == Some(key.as_str())) {
                return;
            }
            fired.set_value(Some(key));
            let v = view.get_untracked();
            let timeout = match (v.campaign.step, v.question().map(|q| q.kind)) {
                (Step::Answer { .. }, Some(QuestionKind::Choice)) => CampaignAction::Answer {
                    option: None,
                    ms: limit,
                },
                (Step::Answer { .. }, _) => CampaignAction::Guess {
                    value: None,
                    ms: limit,
                },
                _ => CampaignAction::TimeUp,
            };
            play.run(timeout);
        },
        Duration::from_millis(200),
    ) {
        on_cleanup(move || handle.clear());
    }

    // Reveals seen at this table, newest last (DECISION LC-UI-4).
    let reveals = RwSignal::new(Vec::<Reveal>::new());
    let shown_reveal = RwSignal::new(None::<usize>);
    Effect::new(move |_| {
        let last = view.with(|v| v.campaign.last_reveal);
        if let Some(r) = last {
            if reveals.with_untracked(|rs| rs.last() != Some(&r)) {
                reveals.update(|rs| {
                    rs.push(r);
                    if rs.len() > 30 {
                        rs.remove(0);
                    }
                });
                shown_reveal.set(None);
            }
        }
    });

    let status = move || {
        let v = view.get();
        let lang = lang.get();
        let c = &v.campaign;
        let order: Vec<(u8, bool)> = match (c.turn_order(), c.phase) {
            (Some((seats, turn)), _) => seats
                .iter()
                .enumerate()
                .map(|(i, &s)| (s, i as u8 == turn))
                .collect(),
            (None, Phase::Bases { turn }) => c
                .seats_in_colour_order()
                .iter()
                .enumerate()
                .map(|(i, &s)| (s, i as u8 == turn))
                .collect(),
            _ => Vec::new(),
        };
        let order_view = (!order.is_empty()).then(|| {
            let chips = order
                .into_iter()
                .enumerate()
                .map(|(i, (s, now))| {
                    let look = seat_look(c, s);
                    let out = !c.is_alive(s);
                    view! {
                        {(i > 0).then(|| view! { <span class="lc-arrow" aria-hidden="true">"›"</span> })}
                        <span class=format!("lc-chip seat-{}", look.colour) class:now=now class:out=out
                            aria-current=now.then_some("step")>
                            <span class="seat-mark">{look.mark}</span>
                            {look.colour_name(lang)}
                        </span>
                    }
                })
                .collect_view();
            view! {
                <div class="lc-order" data-testid="turn-order">
                    <span class="lc-label">{t!(lang, "Turn order", "Sorrend")}</span>
                    {chips}
                </div>
            }
        });
        let scores = c
            .seats_in_colour_order()
            .iter()
            .map(|&s| {
                let look = seat_look(c, s);
                let out = !c.is_alive(s);
                let me = s as usize == v.seat;
                let score = c.score(s);
                let label = if out {
                    t!(lang, "{}: out", "{}: kiesett", look.colour_name(lang))
                } else {
                    t!(lang, "{}: {score} points", "{}: {score} pont", look.colour_name(lang))
                };
                view! {
                    <span class=format!("lc-score seat-{}", look.colour) class:out=out class:me=me>
                        <span class="seat-mark" aria-hidden="true">{look.mark}</span>
                        <b aria-hidden="true" data-count=format!("score-{s}")>{if out { "✗".to_string() } else { score.to_string() }}</b>
                        // Read out in words instead (a plain span may not carry an aria-label).
                        <span class="sr-only">{label}</span>
                    </span>
                }
            })
            .collect_view();
        view! {
            <div class="lc-status">
                <div class="lc-phase" data-testid="phase">{phase_name(c, lang)}</div>
                {order_view}
                <div class="lc-scores" data-testid="scores">
                    <span class="lc-label">{t!(lang, "Points", "Pontok")}</span>
                    {scores}
                </div>
            </div>
        }
    };

    // The map is drawn once; each county redraws from its own look ([`CountyLook`]): its shape's
    // fill when it changes hands, its labels when its castle or value does, its ring when it
    // becomes a target. Redrawn whole, the map rewrote its 19 long outlines and about 3,000
    // nodes and attributes at every action (issue #20 target 2).
    let looks = Memo::new(move |_| {
        let lang = lang.get();
        view.with(|v| legal.with(|l| county_looks(v, l, lang)))
    });
    let county_views = move |id: CountyId, shape: &'static map::CountyShape| {
        let i = id.0 as usize;
        let look = Memo::new(move |_| looks.with(|l| l[i].clone()));
        let action = move || look.with(|l| l.action);
        let dim = move || look.with(|l| l.dim);
        let run = move || {
            if let Some(a) = look.with_untracked(|l| l.action) {
                play.run(a);
            }
        };
        let key = activate_on_key(run);
        let here = move |a: &CampaignAction| on_county(a, id);
        let [lx, ly] = shape.label;
        let path = shape.path.as_str();
        let owner = Memo::new(move |_| look.with(|l| (l.owner, l.colour)));
        let pattern = move || {
            owner.get().1.map(|c| {
                let l = colour_look(c);
                view! { <path class="lc-pattern" d=path fill=format!("url(#lc-pat-{})", l.colour)></path> }
            })
        };
        // A county that changed hands flashes when the table's motion shows the action
        // (ui/motion.rs).
        let group = view! {
            <g
                class="lc-county"
                class:legal=move || action().is_some()
                class:dim=dim
                data-county=id.code()
                data-legal=move || action().map(|_| "")
                data-hint=move || props.hint_on(here)
                data-review=move || props.review_on(here)
                role=move || if action().is_some() { "button" } else { "img" }
                tabindex=move || action().map(|_| "0")
                aria-label=move || look.with(|l| l.label.clone())
                on:click=move |_| run()
                on:keydown=key
            >
                <path
                    class=move || {
                        owner.get().1.map_or("lc-shape lc-free".to_string(), |c| format!("lc-shape lc-owned seat-{}", colour_look(c).colour))
                    }
                    d=path
                    data-flash=move || format!("county-{}:{:?}", id.code(), owner.get().0)
                ></path>
                {pattern}
                <circle class="lc-hit" cx=Decimal(lx) cy=Decimal(ly) r="26"></circle>
            </g>
        };
        // Drawn above every county, so no neighbour covers it.
        let marks = move || {
            let ring = move |class| view! { <path class=class d=path></path> }.into_any();
            svg_marks(
                props.hint_on(here),
                props.review_on(here),
                ring,
                (lx + 30.0, ly - 22.0),
                11.0,
            )
        };
        let ring_class = Memo::new(move |_| look.with(|l| l.ring));
        let ring = view! {
            {move || ring_class.get().map(|cls| view! { <path class=cls d=path></path> })}
            {marks}
        };
        let shown = Memo::new(move |_| {
            look.with(|l| (l.owner.is_some(), l.colour, l.value, l.castle, l.contested))
        });
        // A castle that lost or regained a tower flashes like a county that changed hands.
        let inner = move || {
            let (owned, colour, value, castle_now, contested) = shown.get();
            let spots = label_spots(shape.label, castle_now.is_some(), owned);
            let castle_view = castle_now.map(|k| {
                view! {
                    <g data-flash=format!("castle-{}:{}:{}", id.code(), k.towers, k.ruined)>
                        {castle(lx, spots.castle_foot.unwrap_or(ly), k.towers, k.ruined)}
                    </g>
                }
            });
            let value_text = owned.then(|| {
                let mark = colour.map_or("", |c| colour_look(c).mark);
                view! {
                    <text class="lc-value" x=Decimal(lx) y=Decimal(spots.value_y) text-anchor="middle" data-count=format!("value-{}", id.code())>
                        <tspan class="lc-mark">{mark}</tspan>
                        {format!(" {value}")}
                    </text>
                }
            });
            view! {
                <text class="lc-name" x=Decimal(lx) y=Decimal(spots.name_y) text-anchor="middle">{label_name(id)}</text>
                {castle_view}
                {value_text}
                {contested.then(|| view! {
                    <text class="lc-swords" x=Decimal(lx + 34.0) y=Decimal(ly - 14.0) text-anchor="middle">"⚔"</text>
                })}
            }
        };
        let labels = view! {
            <g class="lc-labels" class:dim=dim aria-hidden="true">{inner}</g>
        };
        (group, ring, labels)
    };
    let map_svg = move || {
        let lang = lang.get();
        let shapes = map::shapes();
        let mut groups = Vec::new();
        let mut rings = Vec::new();
        let mut labels = Vec::new();
        for id in CountyId::all() {
            if let Some(shape) = shapes.shape(id) {
                let (g, r, l) = county_views(id, shape);
                groups.push(g);
                rings.push(r);
                labels.push(l);
            }
        }
        let budapest = view! {
            <g class="lc-budapest" aria-hidden="true">
                <circle cx=Decimal(BUDAPEST.0) cy=Decimal(BUDAPEST.1) r="5"></circle>
                <text x=Decimal(BUDAPEST.0) y=Decimal(BUDAPEST_NAME_Y) text-anchor="middle">"Budapest"</text>
            </g>
        };
        view! {
            <svg class="board lc-map" viewBox=VIEW_BOX role="group" preserveAspectRatio="xMidYMid meet"
                aria-label=t!(lang, "Map of Hungary's 19 counties", "Magyarország 19 vármegyéjének térképe")>
                {patterns()}
                <path class="lc-outline" d=shapes.outline.clone()></path>
                {groups}
                <g class="lc-rings">{rings}</g>
                {budapest}
                {labels}
            </svg>
        }
    };

    let rebuild_button = move || {
        let can = legal.with(|l| l.contains(&CampaignAction::Rebuild));
        can.then(|| {
            let lang = lang.get();
            view! {
                <button class="lc-rebuild primary" data-legal=""
                    data-hint=move || props.hint_on(|a| *a == CampaignAction::Rebuild)
                    data-review=move || props.review_on(|a| *a == CampaignAction::Rebuild)
                    on:click=move |_| play.run(CampaignAction::Rebuild)>
                    "🏰 " {t!(lang, "Rebuild a tower of your castle", "Építs újjá egy tornyot a váradon")}
                </button>
            }
        })
    };

    let timer_bar = move || {
        let limit = limit.get()?;
        acting.get()?;
        let ms = now.get().min(limit);
        let left = (limit - ms).div_ceil(1000);
        let share = 100.0 * (limit - ms) as f64 / limit as f64;
        let lang = lang.get();
        Some(view! {
            <div class="lc-timer" class:hurry={left <= 3} role="timer"
                aria-label=t!(lang, "{left} seconds left", "{left} másodperc van hátra")>
                <div class="lc-timer-fill" style=format!("width:{share:.1}%", share = Decimal(share))></div>
                <span>{t!(lang, "{left} s", "{left} mp")}</span>
            </div>
        })
    };

    // The choice timer (H4): a random pick follows when it runs out.
    let choice_timer = move || {
        let choosing = view.with(|v| matches!(v.campaign.step, Step::Choose { .. }));
        choosing.then(timer_bar).flatten()
    };

    let question_panel = move || {
        let v = view.get();
        let lang = lang.get();
        let c = &v.campaign;
        let ask = v.ask.clone()?;
        let card = ask.question.clone();
        let answerers = ask
            .answerers
            .as_slice()
            .iter()
            .map(|&s| {
                let look = seat_look(c, s);
                let locked = ask.locked[s as usize];
                view! {
                    <span class=format!("lc-chip seat-{}", look.colour) class:locked=locked>
                        <span class="seat-mark">{look.mark}</span>
                        {look.colour_name(lang)}
                        {locked.then_some(" ✓")}
                    </span>
                }
            })
            .collect_view();
        let kind_word = match ask.kind {
            QuestionKind::Choice => t!(lang, "Multiple choice", "Feleletválasztós kérdés"),
            QuestionKind::Numeric => t!(lang, "Numeric guess", "Tippkérdés"),
        };
        let meta = card.as_ref().map(|q| {
            let stars = "★".repeat(q.difficulty.clamp(1, 3) as usize);
            format!(
                "{kind_word} · {} · {stars}",
                category_name(q.category, lang)
            )
        });
        let must = v.must_answer() && !legal.with(Vec::is_empty);
        let pending_me = ask.answerers.contains(v.seat as u8) && !ask.locked[v.seat];
        let head = view! {
            <p class="lc-purpose">{purpose_line(c, ask.purpose, lang)}</p>
            <p class="lc-meta">{meta.unwrap_or(kind_word)}</p>
            <div class="lc-answerers">
                <span class="lc-label">{t!(lang, "Question for", "Kérdés neki")}</span>
                {answerers}
            </div>
        };
        let body = match (&card, must, pending_me) {
            (Some(q), true, _) => {
                let shown = localise(q, c, lang);
                let input = match q.kind {
                    QuestionKind::Choice => {
                        let buttons = shown
                            .options
                            .iter()
                            .enumerate()
                            .map(|(i, o)| {
                                let letter = (b'A' + i as u8) as char;
                                let label = t!(lang, "Answer {letter}: {o}", "Válasz – {letter}: {o}");
                                view! {
                                    <button class="lc-option" data-legal="" aria-label=label
                                        data-hint=move || props.hint_on(|a| answers(a, i as u8))
                                        data-review=move || props.review_on(|a| answers(a, i as u8))
                                        on:click=move |_| answer_now(Some(i as u8))>
                                        // A space between: the name ("Answer A: …") then holds the
                                        // visible text ("A …"), for speech input (WCAG 2.5.3).
                                        <span class="lc-letter" aria-hidden="true">{letter.to_string()}</span>
                                        " "
                                        <span class="lc-option-text">{o.clone()}</span>
                                    </button>
                                }
                            })
                            .collect_view();
                        view! { <div class="lc-options">{buttons}</div> }.into_any()
                    }
                    QuestionKind::Numeric => {
                        let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "C"]
                            .into_iter()
                            .map(|k| {
                                let press = move |_| {
                                    guess.update(|g| match k {
                                        "⌫" => {
                                            g.pop();
                                        }
                                        "C" => g.clear(),
                                        d if g.len() < 10 => {
                                            if g == "0" {
                                                g.clear();
                                            }
                                            g.push_str(d);
                                        }
                                        _ => {}
                                    })
                                };
                                let name = match k {
                                    "⌫" => t!(lang, "Delete a digit", "Számjegy törlése"),
                                    "C" => t!(lang, "Clear", "Törlés"),
                                    d => d.to_string(),
                                };
                                view! { <button class="lc-key" type="button" aria-label=name on:click=press>{k}</button> }
                            })
                            .collect_view();
                        let unit = shown.unit.clone();
                        view! {
                            <form class="lc-numeric" on:submit=move |e| {
                                e.prevent_default();
                                guess_now();
                            }>
                                <div class="lc-entry">
                                    <input data-testid="numeric-answer" type="text" inputmode="numeric"
                                        pattern="[0-9]*" maxlength="10" autocomplete="off"
                                        aria-label=t!(lang, "Your guess", "A tipped")
                                        placeholder=t!(lang, "Your guess", "A tipped")
                                        prop:value=move || guess.get()
                                        on:input=move |e| {
                                            let digits: String = event_target_value(&e)
                                                .chars()
                                                .filter(char::is_ascii_digit)
                                                .take(10)
                                                .collect();
                                            guess.set(digits);
                                        } />
                                    <span class="lc-unit">{unit}</span>
                                </div>
                                <div class="lc-keypad">{keys}</div>
                                <button class="primary big lc-submit" type="submit" data-legal=""
                                    data-hint=move || props.hint_on(|a| matches!(a, CampaignAction::Guess { .. }))>
                                    {move || if guess.with(String::is_empty) {
                                        t!(lang, "Pass (no guess)", "Passz (nincs tipp)")
                                    } else {
                                        t!(lang, "Submit guess", "Tipp beküldése")
                                    }}
                                </button>
                            </form>
                        }
                        .into_any()
                    }
                };
                view! {
                    {timer_bar}
                    <p class="lc-text" data-testid="question-text">{shown.text.clone()}</p>
                    {input}
                }
                .into_any()
            }
            (Some(q), false, false) => {
                let shown = localise(q, c, lang);
                let options = (!shown.options.is_empty()).then(|| {
                    let items = shown
                        .options
                        .iter()
                        .enumerate()
                        .map(|(i, o)| {
                            view! {
                                <li data-review=move || props.review_on(|a| answers(a, i as u8))>
                                    <b>{((b'A' + i as u8) as char).to_string()}</b> " " {o.clone()}
                                </li>
                            }
                        })
                        .collect_view();
                    view! { <ol class="lc-watch-options">{items}</ol> }
                });
                let mine = ask.mine.map(|g| {
                    let text = given_text(&g, &shown);
                    view! { <p class="lc-mine">{t!(lang, "Your answer is locked: {text}", "A válaszod rögzítve: {text}")}</p> }
                });
                view! {
                    <p class="lc-text">{shown.text.clone()}</p>
                    {options}
                    {mine}
                    <p class="lc-wait">{t!(lang, "Waiting for the answers…", "Várjuk a válaszokat…")}</p>
                }
                .into_any()
            }
            _ => view! {
                <p class="lc-wait">{t!(lang, "The question appears when it is your turn to answer.", "A kérdés akkor jelenik meg, amikor te válaszolsz.")}</p>
            }
            .into_any(),
        };
        Some(view! {
            <section class="lc-question" class:mine=must aria-live="polite">
                {head}
                {body}
            </section>
        })
    };

    let reveal_panel = move || {
        let list = reveals.get();
        if list.is_empty() {
            return None;
        }
        let v = view.get();
        let lang = lang.get();
        let index = shown_reveal
            .get()
            .unwrap_or(list.len() - 1)
            .min(list.len() - 1);
        let r = list[index];
        let mut c = v.campaign.clone();
        c.last_reveal = Some(r);
        let d = c.reveal_details()?;
        let shown = localise(&d.card, &c, lang);
        let correct = match d.correct_option {
            Some(i) => shown
                .options
                .get(i as usize)
                .cloned()
                .unwrap_or(d.correct_text.clone()),
            None => with_unit(r.correct, &shown.unit),
        };
        let rows = d
            .answers
            .iter()
            .map(|a| {
                let look = seat_look(&c, a.seat);
                let answer = a.given.map_or(t!(lang, "no answer", "nincs válasz"), |g| {
                    if g.answered() {
                        given_text(&g, &shown)
                    } else {
                        t!(lang, "no answer", "nincs válasz")
                    }
                });
                let verdict = match (a.right, a.distance, a.place) {
                    (Some(true), _, _) => t!(lang, "✔ right", "✔ jó"),
                    (Some(false), _, _) => t!(lang, "✘ wrong", "✘ rossz"),
                    (None, Some(dist), Some(p)) => t!(lang, "off by {dist} · #{}", "eltérés: {dist} · {}.", p + 1),
                    (None, None, Some(p)) => format!("#{}", p + 1),
                    _ => String::new(),
                };
                let time = a.given.map_or("—".to_string(), |g| seconds(g.ms(), lang));
                let good = a.right == Some(true) || a.place == Some(0);
                view! {
                    <tr class=format!("seat-{}", look.colour) class:good=good>
                        <th scope="row"><span class="seat-mark">{look.mark}</span> {look.colour_name(lang)}</th>
                        <td class="lc-given">{answer}</td>
                        <td>{verdict}</td>
                        <td class="lc-time">{time}</td>
                    </tr>
                }
            })
            .collect_view();
        let effect = with_colours(&effect_line(&d.effect, lang), &c, lang);
        let count = list.len();
        let prev = move |_: leptos::ev::MouseEvent| shown_reveal.set(Some(index.saturating_sub(1)));
        let next = move |_: leptos::ev::MouseEvent| {
            shown_reveal.set(if index + 2 >= count {
                None
            } else {
                Some(index + 1)
            })
        };
        Some(view! {
            <section class="lc-reveal" data-testid="reveal" aria-live="polite">
                <div class="lc-reveal-head">
                    <h3>{t!(lang, "Answers", "Válaszok")}</h3>
                    <span class="lc-reveal-nav">
                        <button type="button" disabled={index == 0} on:click=prev
                            aria-label=t!(lang, "Earlier question", "Előző kérdés")>"‹"</button>
                        <span>{index + 1} "/" {count}</span>
                        <button type="button" disabled={index + 1 >= count} on:click=next
                            aria-label=t!(lang, "Later question", "Következő kérdés")>"›"</button>
                    </span>
                </div>
                <p class="lc-text small">{shown.text.clone()}</p>
                <p class="lc-correct">{t!(lang, "Correct answer: ", "Helyes válasz: ")} <b>{correct}</b></p>
                <table class="lc-answers">
                    <thead><tr>
                        <th scope="col">{t!(lang, "Player", "Játékos")}</th>
                        <th scope="col">{t!(lang, "Answer", "Válasz")}</th>
                        <th scope="col">{t!(lang, "Result", "Eredmény")}</th>
                        <th scope="col">{t!(lang, "Time", "Idő")}</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
                <p class="lc-effect">{effect}</p>
            </section>
        })
    };

    let history = move || {
        let v = view.get();
        if v.campaign.phase != Phase::Over {
            return None;
        }
        let lang = lang.get();
        let c = &v.campaign;
        let seats = c.seats_in_colour_order();
        let head = seats
            .iter()
            .map(|&s| {
                let look = seat_look(c, s);
                view! { <th scope="col" class=format!("seat-{}", look.colour)><span class="seat-mark">{look.mark}</span> {look.colour_name(lang)}</th> }
            })
            .collect_view();
        let rows = c
            .history
            .iter()
            .map(|snap| {
                let stage = match snap.stage {
                    Stage::Bases => t!(lang, "Bases", "Várak"),
                    Stage::Expansion => t!(lang, "Expansion", "Terjeszkedés"),
                    Stage::Division => t!(lang, "Division", "Felosztás"),
                    Stage::WarRound { round } => {
                        t!(lang, "War round {round}", "Háború, {round}. kör")
                    }
                };
                let cells = seats
                    .iter()
                    .map(|&s| view! { <td>{snap.scores[s as usize]}</td> })
                    .collect_view();
                view! { <tr><th scope="row">{stage}</th>{cells}</tr> }
            })
            .collect_view();
        Some(view! {
            <section class="lc-history">
                <h3>{t!(lang, "Scores phase by phase", "Pontok szakaszonként")}</h3>
                <table><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody></table>
            </section>
        })
    };

    let answering = move || view.with(|v| v.must_answer()) && !legal.with(Vec::is_empty);
    // In a review nothing is legal, so the moves that are only buttons are named in words.
    let notes = review_notes(pointed, move |a: &CampaignAction, lang| {
        if legal.with(|l| l.contains(a)) {
            return None;
        }
        action_words(a, lang)
    });
    view! {
        <div class="lc" class:answering=answering>
            {status}
            <div class="lc-main">
                <div class="lc-map-wrap">
                    {choice_timer}
                    {map_svg}
                    {rebuild_button}
                    {notes}
                </div>
                <div class="lc-panel">
                    {question_panel}
                    {reveal_panel}
                    {history}
                </div>
            </div>
        </div>
    }
    .into_any()
}

fn given_text(g: &Given, shown: &Shown) -> String {
    match *g {
        Given::Choice {
            option: Some(o), ..
        } => shown
            .options
            .get(o as usize)
            .map_or(String::new(), |t| format!("{} · {t}", (b'A' + o) as char)),
        Given::Guess { value: Some(v), .. } => with_unit(v, &shown.unit),
        _ => "—".to_string(),
    }
}

fn rules_picture() -> impl IntoView {
    view! {
        <svg class="lc-rules-art" viewBox="0 0 300 90" role="img" aria-hidden="true">
            {patterns()}
            <path class="lc-shape lc-owned seat-red" d="M10,20L90,10L110,60L40,80Z"></path>
            <path class="lc-pattern" fill="url(#lc-pat-red)" d="M10,20L90,10L110,60L40,80Z"></path>
            <path class="lc-shape lc-owned seat-blue" d="M90,10L190,18L180,70L110,60Z"></path>
            <path class="lc-pattern" fill="url(#lc-pat-blue)" d="M90,10L190,18L180,70L110,60Z"></path>
            <path class="lc-shape lc-free" d="M190,18L290,12L280,82L180,70Z"></path>
            {castle(58.0, 58.0, 3, false)}
            {castle(148.0, 52.0, 1, false)}
            <text class="lc-value" x="235" y="55" text-anchor="middle">"?"</text>
        </svg>
    }
}

impl GameUi for LongCampaign {
    const NAME: &'static str = "Long Campaign";
    /// The question bank is read once, when the first table needs it: on the setup screen
    /// rather than inside Start's task (a third of Start's task at 4× on a phone profile), a
    /// file a task (the whole bank in one was a task of 60-90 ms at 4×).
    fn prepare(options: &CampaignOptions) -> bool {
        super::bank::read_some(options.questions)
    }
    /// The question bank ships with the app: every device holds the same questions and answers,
    /// the shared seed picks them, and a guest's check at the end covers every answer.
    fn online_trust(lang: Lang) -> Option<String> {
        Some(t!(
            lang,
            "The questions and their answers are in the app on every device: the shared seed picks them, and every answer is checked at the end.",
            "A kérdések és a válaszaik minden eszközön benne vannak az alkalmazásban: a közös kezdőszám választja ki őket, és a végén minden válasz ellenőrizhető."
        ))
    }
    /// Answers stay hidden until the reveal (§6), so two humans take turns behind the hand-off.
    const HIDDEN_INFORMATION: bool = true;

    /// Into the division of the land: the three realms around their castles, two thirds of
    /// the map taken.
    const MINIATURE_MOVES: usize = 70;

    /// The picture shows the map and never a question: the small bank spares the home page
    /// the full bank's reading (some 400 KB of JSON, a long task on a phone).
    fn miniature_options() -> CampaignOptions {
        CampaignOptions {
            questions: QuestionSet::Sample,
            ..CampaignOptions::default()
        }
    }

    fn cues(before: &CampaignView, after: &CampaignView) -> Vec<Cue> {
        cues(before, after)
    }

    fn seat_count_for(_: &CampaignOptions) -> usize {
        3
    }

    fn options_form(
        options: RwSignal<CampaignOptions>,
        names: Signal<Vec<String>>,
        seats: Signal<Vec<SeatSpec>>,
    ) -> AnyView {
        let lang = use_lang();
        // §3.4: relaxed by default when two or more humans answer at one device, classic
        // otherwise, until the player picks a timer (DECISION LC-UI-6: then the pick holds).
        let timer_picked = RwSignal::new(false);
        let humans =
            Memo::new(move |_| seats.with(|s| s.iter().filter(|s| s.ai.is_none()).count()));
        Effect::new(move |_| {
            let t = if humans.get() >= 2 {
                Timer::Relaxed
            } else {
                Timer::Classic
            };
            if !timer_picked.get_untracked() && options.with_untracked(|o| o.timer != t) {
                options.update(|o| o.timer = t);
            }
        });
        // §7: each AI seat answers at its own level. A human seat's level is only what the AI
        // assumes about that player when it plans (DECISION LC-UI-7: average).
        let ai_seats = Memo::new(move |_| {
            seats.with(|s| {
                s.iter()
                    .enumerate()
                    .take(3)
                    .filter(|(_, s)| s.ai.is_some())
                    .map(|(i, _)| i)
                    .collect::<Vec<_>>()
            })
        });
        Effect::new(move |_| {
            let ai = ai_seats.get();
            let humans_average = |o: &CampaignOptions| {
                (0..3).all(|i| ai.contains(&i) || o.answer_levels[i] == AnswerLevel::Average)
            };
            if !options.with_untracked(humans_average) {
                options.update(|o| {
                    for i in (0..3).filter(|i| !ai.contains(i)) {
                        o.answer_levels[i] = AnswerLevel::Average;
                    }
                });
            }
        });
        let knowledge = move |i: usize| {
            let name = move || names.with(|n| n.get(i).cloned().unwrap_or_default());
            view! {
                <label class="option lc-knowledge">
                    {move || t!(lang.get(), "Knowledge of {} (computer) ", "{} tudása (gép) ", name())}
                    <select
                        prop:value=move || options.with(|o| o.answer_levels[i].name())
                        on:change=move |e| {
                            if let Some(l) = AnswerLevel::parse(&event_target_value(&e)) {
                                options.update(|o| o.answer_levels[i] = l);
                            }
                        }
                    >
                        <option value="novice">{move || t!(lang.get(), "Novice", "Kezdő")}</option>
                        <option value="average">{move || t!(lang.get(), "Average", "Átlagos")}</option>
                        <option value="expert">{move || t!(lang.get(), "Expert", "Szakértő")}</option>
                    </select>
                </label>
            }
        };
        // DECISION LC-UI-5: the questions start in the app's language.
        Effect::new(move |_| {
            let l = language_of(lang.get());
            if options.with_untracked(|o| o.language != l) {
                options.update(|o| o.language = l);
            }
        });
        let timer = move || {
            options.with(|o| match o.timer {
                Timer::Classic => "classic",
                Timer::Relaxed => "relaxed",
                Timer::Off => "off",
            })
        };
        view! {
            <label class="option">
                {move || t!(lang.get(), "Answer timer ", "Válaszidő ")}
                <select
                    prop:value=timer
                    on:change=move |e| {
                        let t = match event_target_value(&e).as_str() {
                            "relaxed" => Timer::Relaxed,
                            "off" => Timer::Off,
                            _ => Timer::Classic,
                        };
                        timer_picked.set(true);
                        options.update(|o| o.timer = t);
                    }
                >
                    <option value="classic">{move || t!(lang.get(), "Classic · 10 s", "Klasszikus · 10 mp")}</option>
                    <option value="relaxed">{move || t!(lang.get(), "Relaxed · 20 s (best for several players)", "Nyugodt · 20 mp (több játékosnak)")}</option>
                    <option value="off">{move || t!(lang.get(), "Off · no time limit", "Nincs időkorlát")}</option>
                </select>
            </label>
            <For each=move || ai_seats.get() key=|i| *i let:i>
                {knowledge(i)}
            </For>
            <p class="option lc-lang-note">
                {move || t!(lang.get(),
                    "Questions follow the app language (English or Hungarian).",
                    "A kérdések nyelve az alkalmazás nyelvét követi (magyar vagy angol).")}
            </p>
        }
        .into_any()
    }

    fn board(props: BoardProps<Self>) -> AnyView {
        board(props)
    }

    fn look(view: &CampaignView, seat: Seat) -> SeatLook {
        seat_look(&view.campaign, seat as u8)
    }

    fn seat_summary(view: &CampaignView, seat: Seat, lang: Lang) -> String {
        let c = &view.campaign;
        let s = seat as u8;
        match c.players.get(seat).and_then(|p| p.eliminated) {
            Some(k) => t!(
                lang,
                "out ({})",
                "kiesett ({}.)",
                if lang == Lang::En {
                    ordinal(k)
                } else {
                    k.to_string()
                }
            ),
            None => t!(lang, "{} points", "{} pont", c.score(s)),
        }
    }

    fn measure(view: &CampaignView, seat: Seat) -> Option<f64> {
        Some(view.campaign.score(seat as u8) as f64)
    }

    fn prompt(view: &CampaignView, lang: Lang) -> String {
        let c = &view.campaign;
        match (c.phase, c.step) {
            (_, Step::Answer { .. }) => match view.question().map(|q| q.kind) {
                Some(QuestionKind::Numeric) => {
                    t!(
                        lang,
                        "Type your guess: the closest wins",
                        "Írd be a tipped: a legközelebbi nyer"
                    )
                }
                _ => t!(
                    lang,
                    "Choose the right answer",
                    "Válaszd ki a helyes választ"
                ),
            },
            (Phase::Bases { .. }, _) => t!(
                lang,
                "Pick a county for your castle (not next to another castle)",
                "Válassz vármegyét a váradnak (más vár mellé nem lehet)"
            ),
            (Phase::Expansion { .. }, _) => t!(
                lang,
                "Pick a free county next to your land, then answer its question",
                "Válassz egy szabad vármegyét a területed mellett, aztán felelj a kérdésre"
            ),
            (Phase::Division, _) => t!(
                lang,
                "Your guess was closest: pick a free county",
                "A te tipped volt a legjobb: válassz egy szabad vármegyét"
            ),
            (Phase::War { .. }, _) if c.can_rebuild(view.seat as u8) => t!(
                lang,
                "Attack a neighbouring county, or rebuild a tower of your castle",
                "Támadj meg egy szomszédos vármegyét, vagy építs újjá egy tornyot"
            ),
            (Phase::War { .. }, _) => t!(
                lang,
                "Attack a neighbouring county",
                "Támadj meg egy szomszédos vármegyét"
            ),
            _ => with_colours(&c.prompt(lang), c, lang),
        }
    }

    fn rules(lang: Lang) -> AnyView {
        if lang == Lang::Hu {
            return view! {
                <div class="rules-text lc-rules">
                    {rules_picture()}
                    <p>"Hárman hódítjátok meg Magyarország 19 vármegyéjét kvízkérdésekkel. A pontszámod a vármegyéid értékének és a védekezési bónuszaidnak az összege."</p>
                    <ol>
                        <li><b>"Várválasztás."</b> " Piros, Kék, Zöld sorrendben mindenki választ egy vármegyét a várának (" {BASE_VALUE} " pont, 3 torony). Két vár nem lehet szomszédos."</li>
                        <li><b>"Terjeszkedés"</b> " (6 kör): válassz egy szabad szomszédos vármegyét, és felelj egy feleletválasztós kérdésre. Jó válasz: tiéd a vármegye (" {EXPANSION_VALUE} " pont)."</li>
                        <li><b>"Felosztás."</b> " Amíg marad szabad vármegye, mindhárman tippeltek egy számra; a legközelebbi (egyenlőségnél a gyorsabb) választ egy vármegyét (" {DIVISION_VALUE} " pont)."</li>
                        <li><b>"Háború"</b> " (6 kör): mindenki egyszer támad egy szomszédos vármegyét. Támadó és védő ugyanarra a kérdésre felel; ha mindketten jól, tippkérdés dönt. Az elfoglalt vármegye " {CAPTURE_VALUE} " pontot ér. Ha a védő úgy nyer, hogy eltalálta a helyes választ, " {DEFENCE_BONUS} " pont védekezési bónuszt kap: ez a pontszámához adódik, nem a vármegyéhez, megmarad akkor is, ha a vármegyét később elfoglalják, és a játékos legyőzésével sem lehet megszerezni."</li>
                    </ol>
                    <p>"Egy várat toronyról toronyra kell bevenni; a ledőlt tornyok lent maradnak, de a saját körödben egyet újjáépíthetsz. Ha a vár elesik, a gazdája kiesik, minden vármegyéje a mostani értékével a támadóhoz kerül (a vár " {BASE_VALUE} " pontot ér), a védekezési bónusza pedig elvész."</p>
                    <p>"Időzítő: klasszikus 10 mp, nyugodt 20 mp, vagy kikapcsolva. A színeket minta is jelöli: Piros pöttyös, Kék csíkos, Zöld háromszöges."</p>
                    <p class="lc-credit">"Térkép: Made with Natural Earth (közkincs); a Zala–Veszprém határ a geoBoundaries HUN ADM1 adatból (CC0 1.0, Wikimedia Commons)."</p>
                </div>
            }
            .into_any();
        }
        view! {
            <div class="rules-text lc-rules">
                {rules_picture()}
                <p>"Three players conquer Hungary's 19 counties by answering quiz questions. Your score is the sum of your counties' values plus your defence bonuses."</p>
                <ol>
                    <li><b>"Bases."</b> " In the order Red, Blue, Green each player picks a county for their castle (" {BASE_VALUE} " points, 3 towers). No two castles may be neighbours."</li>
                    <li><b>"Expansion"</b> " (6 rounds): pick a free county next to your land and answer a multiple-choice question. Right: the county is yours (" {EXPANSION_VALUE} " points)."</li>
                    <li><b>"Division."</b> " While counties are free, all three guess a number; the closest (then the faster) picks one (" {DIVISION_VALUE} " points)."</li>
                    <li><b>"War"</b> " (6 rounds): everyone attacks a neighbouring county once a round. Attacker and defender answer the same question; if both are right, a numeric guess decides. A captured county is worth " {CAPTURE_VALUE} ". A defender who wins having answered right earns a defence bonus of " {DEFENCE_BONUS} ": it adds to the player's score, not to the county, stays with them when the county is taken later, and cannot be won by defeating them."</li>
                </ol>
                <p>"A castle falls tower by tower; fallen towers stay down, but on your turn you may rebuild one. When a castle falls its owner is out: all their land goes to the attacker at its values (the castle's county counts " {BASE_VALUE} "), and their defence bonus is lost."</p>
                <p>"Timer: classic 10 s, relaxed 20 s, or off. Colours carry a pattern too: Red dots, Blue stripes, Green triangles."</p>
                <p class="lc-credit">"Map: Made with Natural Earth (public domain); Zala–Veszprém border from geoBoundaries HUN ADM1 (CC0 1.0, Wikimedia Commons)."</p>
            </div>
        }
        .into_any()
    }
}

fn ordinal(k: u8) -> String {
    match k {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Match, ToMove};

    #[test]
    fn a_move_is_marked_on_its_county_or_its_answer() {
        let mut all = CountyId::all();
        let (county, other) = (all.nth(3).unwrap(), all.next().unwrap());
        let attack = CampaignAction::Attack { county };
        assert!(on_county(&attack, county) && !on_county(&attack, other));
        assert!(on_county(&CampaignAction::Pick { county }, county));
        assert!(!on_county(&CampaignAction::Rebuild, county));
        let b = CampaignAction::Answer {
            option: Some(1),
            ms: 4000,
        };
        assert!(answers(&b, 1) && !answers(&b, 0));
        assert_eq!(action_words(&b, Lang::En).as_deref(), Some("Answer B"));
        assert!(action_words(&attack, Lang::En).is_none());
    }

    #[test]
    fn questions_follow_the_app_language_with_the_same_option_order() {
        let mut m = Match::<LongCampaign>::new(CampaignOptions::default(), 5).unwrap();
        let seat = loop {
            let ToMove::Seat(seat) = m.to_move() else {
                panic!("a seat moves");
            };
            if m.state().ask.and_then(|a| a.question).is_some() {
                break seat;
            }
            let first = LongCampaign::legal(m.state())[0];
            m.play(&first).unwrap();
        };
        let v = LongCampaign::view(m.state(), seat);
        let card = v.question().unwrap();
        assert_eq!(localise(card, &v.campaign, Lang::En).options, card.options);
        let hu = localise(card, &v.campaign, Lang::Hu);
        let banks = bank::banks(v.campaign.options.questions).unwrap();
        let (kind, index) = banks.hu.find(&card.id).unwrap();
        let q_hu = banks.hu.get(kind, index).unwrap();
        let (kind_en, index_en) = banks.en.find(&card.id).unwrap();
        let q_en = banks.en.get(kind_en, index_en).unwrap();
        assert_eq!(hu.text, q_hu.text);
        assert_ne!(hu.text, card.text);
        let drawn = m.state().ask.unwrap().question.unwrap();
        let correct = super::super::CampaignState::correct_display(q_en, &drawn) as usize;
        assert_eq!(
            card.options[correct],
            q_en.options()[q_en.correct_index() as usize]
        );
        assert_eq!(
            hu.options[correct],
            q_hu.options()[q_hu.correct_index() as usize]
        );
    }

    #[test]
    fn seats_are_written_as_their_colours() {
        let m = Match::<LongCampaign>::new(
            CampaignOptions {
                colours: Some([2, 0, 1]),
                ..CampaignOptions::default()
            },
            1,
        )
        .unwrap();
        let c = &m.state().campaign;
        assert_eq!(
            with_colours("@2 takes @0", c, Lang::En),
            "● Red takes ◆ Blue"
        );
        assert_eq!(with_colours("@1 @x", c, Lang::Hu), "▲ Zöld @x");
    }
}

/// What the board draws, from the rules' positions.
#[cfg(test)]
mod look_tests {
    use super::*;
    use crate::engine::Match;

    /// A county can be tapped exactly when the rules allow picking or attacking it, the others
    /// are dimmed meanwhile, and its words name its holder and its castle.
    #[test]
    fn a_county_is_a_target_exactly_when_it_may_be_taken() {
        let mut targets = 0;
        for seed in 0..3 {
            for (v, legal) in
                Match::<LongCampaign>::seen_positions(CampaignOptions::default(), seed, 400)
            {
                let looks = county_looks(&v, &legal, Lang::En);
                let picking = legal.iter().any(|a| {
                    matches!(
                        a,
                        CampaignAction::Pick { .. } | CampaignAction::Attack { .. }
                    )
                });
                for (id, look) in CountyId::all().zip(&looks) {
                    let wanted = legal.iter().copied().find(|a| on_county(a, id));
                    assert_eq!(look.action, wanted, "seed {seed}, {}", id.name());
                    assert_eq!(look.dim, picking && wanted.is_none());
                    assert_eq!(look.ring == Some("lc-ring legal"), wanted.is_some());
                    targets += usize::from(wanted.is_some());
                    if look.owner.is_none() {
                        assert!(look.label.contains("free"), "{}", look.label);
                    }
                    if look.castle.is_some_and(|k| k.ruined) {
                        assert!(look.label.contains("ruined castle"), "{}", look.label);
                    }
                }
            }
        }
        assert!(targets > 50, "only {targets} targets seen");
    }
}
