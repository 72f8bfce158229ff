//! The table: the game's board, the players' panel, the prompt, undo, the log and the rules;
//! it seats humans and AIs, runs the AI in the worker, saves the game after every action, and
//! shows the hand-off, game-over (ranking and score chart) and step-through replay. Generic
//! over [`GameUi`]: one table for every game.

use super::catalogue::{entry, with_ui_game, UiVisitor};
use super::game_ui::{BoardProps, GameUi, SeatLook};
use super::handoff::HandOff;
use super::{fresh_seed, saves, use_lang, worker, Covered, Screen, SeatSpec, TableSpec};
use crate::ai::protocol::AiRequest;
use crate::ai::{Bot, Level};
use crate::engine::{Match, Outcome, Seat, ToMove};
use crate::i18n::{log_name, the, thinking_line, to_play_line, wins_headline, Lang};
use crate::t;
use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// How long the AI waits before each action, so players can follow it; AI-vs-AI tables can
/// be watched slower or faster.
const AI_PACES: [(u64, &str, &str); 4] = [
    (0, "Instant", "Azonnal"),
    (250, "Brisk", "Gyors"),
    (800, "Steady", "Nyugodt"),
    (2000, "Slow", "Lassú"),
];
const DEFAULT_PACE: u64 = 250;

/// The signals the table shares with the game on it, none of them typed by the game.
#[derive(Clone, Copy)]
struct Controls {
    /// Whose eyes the table shows: a human seat (the one to move in pass-and-play).
    viewer: RwSignal<Seat>,
    /// The seat the hand-off screen waits for, if it is up.
    handoff: RwSignal<Option<Seat>>,
    /// The action the step-through replay shows, if it is open.
    replay_at: RwSignal<Option<usize>>,
    /// A refusal or a problem, in words.
    notice: RwSignal<Option<String>>,
}

pub fn table(spec: Arc<TableSpec>) -> AnyView {
    struct Open(Arc<TableSpec>, Controls);
    impl UiVisitor for Open {
        type Output = Result<Arc<dyn TableGame>, String>;
        fn visit<G: GameUi>(self) -> Self::Output {
            Seated::<G>::open(&self.0, self.1).map(|s| Arc::new(s) as Arc<dyn TableGame>)
        }
    }
    let lang = use_lang().get_untracked();
    let controls = Controls {
        viewer: RwSignal::new(0),
        handoff: RwSignal::new(None),
        replay_at: RwSignal::new(None),
        notice: RwSignal::new(None),
    };
    match with_ui_game(&spec.game, Open(spec.clone(), controls)) {
        Some(Ok(on_table)) => table_with(spec, on_table, controls),
        Some(Err(message)) => problem(message),
        None => problem(t!(
            lang,
            "Unknown game '{}'.",
            "Ismeretlen játék: „{}”.",
            spec.game
        )),
    }
}

fn problem(message: String) -> AnyView {
    let screen = expect_context::<RwSignal<Screen>>();
    let lang = use_lang();
    view! {
        <section class="problem" role="alert">
            <p>{message}</p>
            <button on:click=move |_| screen.set(Screen::Home)>
                {move || t!(lang.get(), "Back to the games", "Vissza a játékokhoz")}
            </button>
        </section>
    }
    .into_any()
}

/// Replace `@0`, `@1`… in a log line with the players' names, each in its seat's colour.
/// A seat whose name is a pronoun ("You") is named by its colour first, so the line's verb
/// agrees ([`log_name`]).
fn named_line(line: &str, seats: &[SeatSpec], looks: &[SeatLook], lang: Lang) -> AnyView {
    let mut parts = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find('@') {
        let digits = rest[at + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .count();
        let seat = rest[at + 1..at + 1 + digits].parse::<usize>().ok();
        match seat.filter(|&s| s < seats.len() && s < looks.len()) {
            Some(s) => {
                parts.push(view! { <span>{rest[..at].to_string()}</span> }.into_any());
                let look = looks[s];
                let name = log_name(&seats[s].name, look.colour_name(lang));
                parts.push(
                    view! { <b class=format!("who seat-{}", look.colour)>{look.mark} " " {name}</b> }
                        .into_any(),
                );
                rest = &rest[at + 1 + digits..];
            }
            None => {
                parts.push(view! { <span>{rest[..=at].to_string()}</span> }.into_any());
                rest = &rest[at + 1..];
            }
        }
    }
    parts.push(view! { <span>{rest.to_string()}</span> }.into_any());
    parts.collect_view().into_any()
}

pub fn level_label(level: Level, lang: Lang) -> String {
    match level {
        Level::Easy => t!(lang, "Easy", "Könnyű"),
        Level::Normal => t!(lang, "Normal", "Közepes"),
        Level::Hard => t!(lang, "Hard", "Nehéz"),
    }
}

/// Offer `text` as a file download named `name` (the export of a game).
fn download(name: &str, text: &str) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "no blob".to_string())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| "no url".to_string())?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "no link".to_string())?
        .unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Asked before an unfinished game with secrets is exported: the file holds the seed, so it
/// shows every hidden card and every draw to come. An in-app dialog (not `window.confirm`):
/// focus starts on Cancel, Tab cycles between its two buttons, Escape cancels.
#[component]
fn ExportWarning(on_export: Callback<()>, on_cancel: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let cancel = NodeRef::<leptos::html::Button>::new();
    let confirm = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(button) = cancel.get() {
            let _ = button.focus();
        }
    });
    let keys = move |e: leptos::ev::KeyboardEvent| match e.key().as_str() {
        "Escape" => on_cancel.run(()),
        "Tab" => {
            e.prevent_default();
            let on_cancel_button = cancel.get_untracked().is_some_and(|b| {
                let b: &web_sys::Element = b.as_ref();
                document().active_element().as_ref() == Some(b)
            });
            let next = if on_cancel_button { confirm } else { cancel };
            if let Some(button) = next.get_untracked() {
                let _ = button.focus();
            }
        }
        _ => {}
    };
    view! {
        <div class="modal-backdrop" data-testid="export-warning" role="alertdialog" aria-modal="true"
            aria-labelledby="export-warning-title" aria-describedby="export-warning-text" on:keydown=keys>
            <div class="modal-card">
                <h2 id="export-warning-title">{move || t!(lang.get(), "Export the whole game?", "Exportálod a teljes játszmát?")}</h2>
                <p id="export-warning-text">{move || t!(lang.get(),
                    "The file shows every hidden card, stone and tile, every player's hand, and every draw and question still to come. It is meant for moving this game to another device: whoever opens it sees everything the other players hide.",
                    "A fájlban minden rejtett lap, kő és lapka, minden játékos keze, és minden még hátralévő húzás és kérdés látszik. Arra való, hogy a játszmát egy másik eszközre vigyétek át: aki megnyitja, mindent lát, amit a többi játékos rejt.")}</p>
                <div class="actions">
                    <button data-testid="export-cancel" node_ref=cancel on:click=move |_| on_cancel.run(())>
                        {move || t!(lang.get(), "Cancel", "Mégse")}
                    </button>
                    <button class="primary" data-testid="export-confirm" node_ref=confirm on:click=move |_| on_export.run(())>
                        {move || t!(lang.get(), "Export the file", "A fájl exportálása")}
                    </button>
                </div>
            </div>
        </div>
    }
}

/// Each seat's measure over the game, sampled for the end-of-game chart: at most ~120 points
/// per line (one per action is too fine for long games), the last state always included.
struct ChartSeries {
    /// (action index, each seat's measure after it).
    samples: Vec<(usize, Vec<f64>)>,
    /// States in the game (actions + 1).
    states: usize,
    /// Each seat's look at the end.
    looks: Vec<SeatLook>,
}

fn chart_series<G: GameUi>(
    history: &[G::State],
    viewer: Seat,
    seats: usize,
) -> Option<ChartSeries> {
    let step = (history.len() / 120).max(1);
    let samples: Vec<(usize, Vec<f64>)> = history
        .iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0 || *i + 1 == history.len())
        .map(|(i, s)| {
            let v = G::view(s, viewer);
            (
                i,
                (0..seats)
                    .map(|seat| G::measure(&v, seat))
                    .collect::<Option<Vec<f64>>>(),
            )
        })
        .map(|(i, m)| m.map(|m| (i, m)))
        .collect::<Option<Vec<_>>>()?;
    let last_view = G::view(history.last()?, viewer);
    Some(ChartSeries {
        samples,
        states: history.len(),
        looks: (0..seats).map(|s| G::look(&last_view, s)).collect(),
    })
}

/// Each seat's measure over the game, drawn as lines (the end-of-game chart).
fn score_chart(series: ChartSeries, lang: Lang) -> AnyView {
    let ChartSeries {
        samples,
        states,
        looks,
    } = series;
    let top = samples
        .iter()
        .flat_map(|(_, m)| m.iter().copied())
        .fold(1.0f64, f64::max);
    let (w, h, pad): (f64, f64, f64) = (320.0, 140.0, 24.0);
    // The axis leaves room for the top tick's digits (Long Campaign's points run to thousands).
    let top_label = top.to_string();
    let left = pad.max(10.0 + 6.5 * top_label.len() as f64);
    let x_of = |i: usize| left + (w - left - pad) * i as f64 / (states - 1).max(1) as f64;
    let y_of = |v: f64| h - pad - (h - 2.0 * pad) * v / top;
    let lines = looks
        .iter()
        .enumerate()
        .map(|(seat, look)| {
            let points = samples
                .iter()
                .map(|(i, m)| format!("{:.1},{:.1}", x_of(*i), y_of(m[seat])))
                .collect::<Vec<_>>()
                .join(" ");
            let (lx, ly) = samples
                .last()
                .map(|(i, m)| (x_of(*i), y_of(m[seat])))
                .unwrap_or_default();
            view! {
                <g class=format!("chart-line seat-{}", look.colour)>
                    <polyline points=points></polyline>
                    <text x=lx + 4.0 y=ly + 4.0>{look.mark}</text>
                </g>
            }
        })
        .collect_view();
    let label = t!(
        lang,
        "Each player's count over the game",
        "A játékosok állása a játék során"
    );
    view! {
        <figure class="score-chart">
            <svg viewBox=format!("0 0 {w} {h}") role="img" aria-label=label.clone()>
                <line class="axis" x1=left y1=h - pad x2=w - pad y2=h - pad></line>
                <line class="axis" x1=left y1=pad x2=left y2=h - pad></line>
                <text class="tick" x=left - 4.0 y=pad + 4.0 text-anchor="end">{top_label}</text>
                <text class="tick" x=left - 4.0 y=h - pad text-anchor="end">"0"</text>
                {lines}
            </svg>
            <figcaption>{label}</figcaption>
        </figure>
    }
    .into_any()
}

/// The game on the table, seen without its types. The table's views and effects are written
/// once against this; only [`Seated`] knows the game. (Written generically, the table was
/// compiled once per game: 190 KB of the wasm before gzip, measured with a name-keeping build.)
/// Methods that read the game track it, so closures calling them re-run when it changes.
trait TableGame: Send + Sync {
    fn id(&self) -> &'static str;
    fn name(&self) -> &'static str;
    fn hidden_information(&self) -> bool;
    fn to_move(&self) -> ToMove;
    /// Changes with every action, even when the same seat moves again.
    fn moves_made(&self) -> usize;
    /// Whether the viewer may act now (the board shows legal targets).
    fn viewer_may_act(&self) -> bool;
    /// Where an undo by `seat` would go back to (BGA's policy, see [`Match::undo_point`]).
    fn undo_point(&self, seat: Seat) -> Option<usize>;
    /// Cut the match back to its first `len` actions.
    fn take_back(&self, len: usize);
    fn record_json(&self) -> String;
    /// Play an action given as JSON (the AI's answer); a refusal comes back in words.
    fn play_json(&self, action: &str) -> Result<(), String>;
    fn log(&self, viewer: Seat, lang: Lang) -> Vec<(usize, String)>;
    fn outcome(&self) -> Option<Outcome>;
    /// A new match with the same options, as a record.
    fn rematch_record(&self, seed: u64) -> Option<String>;
    /// Replay the record into the states of the game if an action came since the last time
    /// (the replay and the chart share them); returns their number.
    fn refresh_history(&self) -> usize;
    /// The states kept by the last [`TableGame::refresh_history`].
    fn history_len(&self) -> usize;
    fn chart(&self, viewer: Seat) -> Option<ChartSeries>;
    /// Each seat's look and main measure in words, in the shown view.
    fn seat_lines(&self, lang: Lang) -> Vec<(SeatLook, String)>;
    fn looks(&self) -> Vec<SeatLook>;
    fn prompt(&self, lang: Lang) -> String;
    fn board(&self) -> AnyView;
    fn rules(&self, lang: Lang) -> AnyView;
}

/// A match of `G` at the table: its signals and the game-typed views the board reads.
struct Seated<G: GameUi> {
    game: RwSignal<Match<G>>,
    /// The step-through replay's states, kept while no action comes (see `refresh_history`).
    history: StoredValue<Arc<Vec<G::State>>>,
    view: Memo<G::View>,
    legal: Memo<Vec<G::Action>>,
    play: Callback<G::Action>,
    seats: usize,
}

impl<G: GameUi> Seated<G> {
    /// Open the record of `spec`, or say in words why it cannot be played.
    fn open(spec: &TableSpec, controls: Controls) -> Result<Self, String> {
        let lang = use_lang();
        let start = Match::<G>::from_json(&spec.record).map_err(|e| {
            t!(
                lang.get_untracked(),
                "This game cannot be opened: {e}",
                "Ez a játszma nem nyitható meg: {e}"
            )
        })?;
        let seats = spec.seats.len();
        if seats != G::seat_count(start.state()) {
            return Err(t!(
                lang.get_untracked(),
                "The seats do not match this game.",
                "A helyek száma nem illik ehhez a játékhoz."
            ));
        }
        let humans: Vec<bool> = spec.seats.iter().map(|s| s.ai.is_none()).collect();
        let game = RwSignal::new(start);
        let history = StoredValue::new(Arc::new(Vec::<G::State>::new()));
        let view = Memo::new(move |_| match controls.replay_at.get() {
            Some(k) => {
                history.with_value(|h| G::view(&h[k.min(h.len() - 1)], controls.viewer.get()))
            }
            None => game.with(|m| G::view(m.state(), controls.viewer.get())),
        });
        let legal = Memo::new(move |_| match game.with(Match::to_move) {
            ToMove::Seat(s)
                if humans[s]
                    && s == controls.viewer.get()
                    && controls.handoff.get().is_none()
                    && controls.replay_at.get().is_none() =>
            {
                game.with(|m| G::legal(m.state()))
            }
            _ => Vec::new(),
        });
        let play = Callback::new(move |action: G::Action| {
            let mut result = Ok(());
            game.update(|m| result = m.play(&action));
            controls.notice.set(result.err().map(|e| {
                t!(
                    lang.get_untracked(),
                    "Not allowed: {e}",
                    "Nem szabályos: {e}"
                )
            }));
        });
        Ok(Seated {
            game,
            history,
            view,
            legal,
            play,
            seats,
        })
    }
}

impl<G: GameUi> TableGame for Seated<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn hidden_information(&self) -> bool {
        G::HIDDEN_INFORMATION
    }
    fn to_move(&self) -> ToMove {
        self.game.with(Match::to_move)
    }
    fn moves_made(&self) -> usize {
        self.game.with(|m| m.record().actions.len())
    }
    fn viewer_may_act(&self) -> bool {
        !self.legal.with(Vec::is_empty)
    }
    fn undo_point(&self, seat: Seat) -> Option<usize> {
        self.game.with(|m| m.undo_point(seat))
    }
    fn take_back(&self, len: usize) {
        self.game.update(|m| *m = m.prefix(len));
    }
    fn record_json(&self) -> String {
        self.game.with_untracked(Match::to_json)
    }
    fn play_json(&self, action: &str) -> Result<(), String> {
        let action = serde_json::from_str::<G::Action>(action).map_err(|e| e.to_string())?;
        self.play.run(action);
        Ok(())
    }
    fn log(&self, viewer: Seat, lang: Lang) -> Vec<(usize, String)> {
        self.game.with(|m| m.log(viewer, lang))
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.with(|m| G::outcome(m.state()))
    }
    fn rematch_record(&self, seed: u64) -> Option<String> {
        let options = self
            .game
            .with_untracked(|m| G::rematch_options(&m.record().options));
        Match::<G>::new(options, seed).ok().map(|m| m.to_json())
    }
    fn refresh_history(&self) -> usize {
        let states = self.game.with_untracked(|m| m.record().actions.len()) + 1;
        if self.history_len() != states {
            let history = self.game.with_untracked(Match::history);
            self.history.set_value(Arc::new(history));
        }
        states
    }
    fn history_len(&self) -> usize {
        self.history.with_value(|h| h.len())
    }
    fn chart(&self, viewer: Seat) -> Option<ChartSeries> {
        self.history
            .with_value(|h| chart_series::<G>(h, viewer, self.seats))
    }
    fn seat_lines(&self, lang: Lang) -> Vec<(SeatLook, String)> {
        self.view.with(|v| {
            (0..self.seats)
                .map(|s| (G::look(v, s), G::seat_summary(v, s, lang)))
                .collect()
        })
    }
    fn looks(&self) -> Vec<SeatLook> {
        self.view
            .with(|v| (0..self.seats).map(|s| G::look(v, s)).collect())
    }
    fn prompt(&self, lang: Lang) -> String {
        self.view.with(|v| G::prompt(v, lang))
    }
    fn board(&self) -> AnyView {
        G::board(BoardProps {
            view: self.view.into(),
            legal: self.legal.into(),
            play: self.play,
        })
    }
    fn rules(&self, lang: Lang) -> AnyView {
        self.view.with_untracked(|v| G::rules_for(v, lang))
    }
}

fn table_with(spec: Arc<TableSpec>, on_table: Arc<dyn TableGame>, controls: Controls) -> AnyView {
    let Controls {
        viewer,
        handoff,
        replay_at,
        notice,
    } = controls;
    let screen = expect_context::<RwSignal<Screen>>();
    let lang = use_lang();
    let seats: Arc<Vec<SeatSpec>> = Arc::new(spec.seats.clone());
    let humans: Vec<Seat> = (0..seats.len())
        .filter(|&s| seats[s].ai.is_none())
        .collect();
    let several_humans = humans.len() > 1;
    let hidden_information = on_table.hidden_information();
    let game_id = on_table.id();
    // Whose eyes the table shows first: the seat to move if human, else the first human.
    // Read untracked: the screen that opens the table must not reopen it at every action.
    let opening = untrack(|| on_table.to_move());
    let first_viewer = match opening {
        ToMove::Seat(s) if seats[s].ai.is_none() => s,
        _ => humans.first().copied().unwrap_or(0),
    };
    viewer.set(first_viewer);
    // A resumed pass-and-play game with secrets starts behind the hand-off screen: whoever
    // holds the device now may not be the player to move.
    let resumed = untrack(|| on_table.moves_made()) > 0;
    if hidden_information && several_humans && resumed && opening == ToMove::Seat(first_viewer) {
        handoff.set(Some(first_viewer));
    }
    let thinking = RwSignal::new(false);
    let ticket = StoredValue::new(0u64);
    let pace = RwSignal::new(DEFAULT_PACE);
    let rules_opened = RwSignal::new(false);
    // The export warning is up (an unfinished game with secrets, see `export` below).
    let export_asking = RwSignal::new(false);
    saves::set_current(Some(&spec.save_id));

    // While the hand-off screen or the export warning is up, the rest of the page is inert:
    // no click and no Tab reaches the table behind it, nor the app's header.
    let covered = move || handoff.get().is_some() || export_asking.get();
    {
        let Covered(shell) = expect_context::<Covered>();
        Effect::new(move |_| shell.set(covered()));
        on_cleanup(move || shell.set(false));
    }

    let to_move = Memo::new({
        let on_table = on_table.clone();
        move |_| on_table.to_move()
    });
    let moves_made = Memo::new({
        let on_table = on_table.clone();
        move |_| on_table.moves_made()
    });
    let undo_point = Memo::new({
        let on_table = on_table.clone();
        move |_| {
            let v = viewer.get();
            if !on_table.viewer_may_act() {
                return None;
            }
            on_table.undo_point(v)
        }
    });

    // Keep the game safe: saved after every action, dropped from the list once it is over.
    {
        let spec = spec.clone();
        let on_table = on_table.clone();
        Effect::new(move |_| {
            moves_made.track();
            let over = to_move.get() == ToMove::Over;
            if over {
                saves::remove(&spec.save_id);
                saves::set_current(None);
                return;
            }
            let table = TableSpec {
                record: on_table.record_json(),
                ..(*spec).clone()
            };
            if let Err(e) = saves::write(&table) {
                notice.set(Some(t!(
                    lang.get_untracked(),
                    "This game could not be saved: {e}",
                    "A játszmát nem sikerült menteni: {e}"
                )));
            }
        });
    }

    // The driver: whenever the match changes, seat the next human or ask the AI.
    {
        let seats = seats.clone();
        let on_table = on_table.clone();
        Effect::new(move |_| {
            moves_made.track();
            let next = to_move.get();
            let current = ticket.get_value() + 1;
            ticket.set_value(current);
            thinking.set(false);
            let ToMove::Seat(s) = next else {
                return;
            };
            match seats[s].ai {
                None => {
                    if viewer.get_untracked() != s {
                        if hidden_information && several_humans {
                            handoff.set(Some(s));
                        } else {
                            viewer.set(s);
                        }
                    }
                }
                Some(level) => {
                    thinking.set(true);
                    let request = AiRequest {
                        ticket: current,
                        game: game_id.to_string(),
                        record: on_table.record_json(),
                        seat: s,
                        bot: Bot::level(level),
                        seed: fresh_seed(),
                    };
                    let on_table = on_table.clone();
                    set_timeout(
                        move || {
                            let sent = worker::ask(&request, move |reply| {
                                if ticket.try_get_value() != Some(reply.ticket) {
                                    return; // an undo or a new game came first
                                }
                                if let Err(e) = reply.action.and_then(|a| on_table.play_json(&a)) {
                                    thinking.set(false);
                                    notice.set(Some(t!(
                                        lang.get_untracked(),
                                        "The computer could not move: {e}",
                                        "A gép nem tudott lépni: {e}"
                                    )));
                                }
                            });
                            if let Err(e) = sent {
                                thinking.set(false);
                                notice.set(Some(e));
                            }
                        },
                        Duration::from_millis(pace.get_untracked()),
                    );
                }
            }
        });
    }

    let undo = {
        let on_table = on_table.clone();
        move |_| {
            if let Some(len) = undo_point.get_untracked() {
                on_table.take_back(len);
                notice.set(None);
            }
        }
    };

    let export_file = {
        let spec = spec.clone();
        let on_table = on_table.clone();
        move || {
            let table = TableSpec {
                record: on_table.record_json(),
                ..(*spec).clone()
            };
            let date = js_sys::Date::new_0()
                .to_iso_string()
                .as_string()
                .unwrap_or_default();
            let name = format!("turf-{}-{}.json", game_id, &date[..date.len().min(10)]);
            if let Err(e) = download(&name, &saves::export(&table)) {
                notice.set(Some(e));
            }
        }
    };
    // The file holds the seed, and with it every hidden hand and every draw to come: an
    // unfinished game with secrets asks first (a finished one has nothing left to hide).
    let export = {
        let export_file = export_file.clone();
        move |_| {
            if hidden_information && to_move.get_untracked() != ToMove::Over {
                export_asking.set(true);
            } else {
                export_file();
            }
        }
    };
    // Closed, the warning gives focus back to Export, once the table is no longer inert.
    let export_button = NodeRef::<leptos::html::Button>::new();
    let close_warning = move || {
        export_asking.set(false);
        request_animation_frame(move || {
            if let Some(button) = export_button.get_untracked() {
                let _ = button.focus();
            }
        });
    };
    let export_warning = move || {
        export_asking.get().then(|| {
            let export_file = export_file.clone();
            let on_export = Callback::new(move |_| {
                close_warning();
                export_file();
            });
            view! { <ExportWarning on_export on_cancel=Callback::new(move |_| close_warning()) /> }
        })
    };

    let leave = move |_| {
        saves::set_current(None);
        screen.set(Screen::Home);
    };

    let rematch = {
        let spec = spec.clone();
        let on_table = on_table.clone();
        move |_| {
            if let Some(record) = on_table.rematch_record(fresh_seed()) {
                screen.set(Screen::Table(Arc::new(TableSpec {
                    game: spec.game.clone(),
                    seats: spec.seats.clone(),
                    record,
                    save_id: saves::new_id(),
                    started: js_sys::Date::now(),
                })));
            }
        }
    };

    let open_replay = {
        let on_table = on_table.clone();
        move |_| {
            on_table.refresh_history();
            replay_at.set(Some(0));
        }
    };

    let seats_panel = {
        let seats = seats.clone();
        let on_table = on_table.clone();
        move || {
            let lines = on_table.seat_lines(lang.get());
            let next = to_move.get();
            let lang = lang.get();
            seats
                .iter()
                .zip(lines)
                .enumerate()
                .map(|(s, (spec, (look, summary)))| {
                    let who = match spec.ai {
                        Some(level) => t!(
                            lang,
                            "Computer · {}",
                            "Gép · {}",
                            level_label(level, lang)
                        ),
                        None => t!(lang, "Human", "Ember"),
                    };
                    let active = next == ToMove::Seat(s);
                    view! {
                        <li class=format!("player seat-{}", look.colour) class:active=active aria-current=active.then_some("true")>
                            <span class="seat-mark" aria-hidden="true">{look.mark}</span>
                            <span class="player-name">{spec.name.clone()}</span>
                            <span class="player-kind">{who} " · " {look.colour_name(lang)}</span>
                            <span class="player-score">{summary}</span>
                        </li>
                    }
                })
                .collect_view()
        }
    };

    let prompt = {
        let seats = seats.clone();
        let on_table = on_table.clone();
        move || {
            let lang = lang.get();
            if let Some(k) = replay_at.get() {
                let n = on_table.history_len() - 1;
                return t!(
                    lang,
                    "Replay: action {k} of {n}",
                    "Visszajátszás: {k}. lépés / {n}"
                );
            }
            match to_move.get() {
                ToMove::Over => t!(lang, "Game over", "Vége a játéknak"),
                ToMove::Chance => String::new(),
                ToMove::Seat(_) if on_table.viewer_may_act() => on_table.prompt(lang),
                ToMove::Seat(s) if thinking.get() => thinking_line(&seats[s].name, lang),
                ToMove::Seat(s) => to_play_line(&seats[s].name, lang),
            }
        }
    };

    // The log's lines as shown (newest first): a keyed list, so an action adds its line instead
    // of rebuilding every line before it (long games log 200 actions and more).
    let log_lines = {
        let on_table = on_table.clone();
        move || {
            let shown = replay_at.get();
            on_table
                .log(viewer.get(), lang.get())
                .into_iter()
                .filter(|(i, _)| shown.is_none_or(|k| *i < k))
                .rev()
                .take(200)
                .collect::<Vec<_>>()
        }
    };
    let log_line = {
        let seats = seats.clone();
        let on_table = on_table.clone();
        move |(i, line): (usize, String)| {
            // Seats keep their look for the whole game.
            let looks = untrack(|| on_table.looks());
            let lang = untrack(|| lang.get());
            view! { <li data-action=i.to_string()>{named_line(&line, &seats, &looks, lang)}</li> }
        }
    };

    let game_over = {
        let seats = seats.clone();
        let export = export.clone();
        let on_table = on_table.clone();
        move || {
            if replay_at.get().is_some() {
                return None;
            }
            let outcome = on_table.outcome()?;
            let lang = lang.get();
            let lines = on_table.seat_lines(lang);
            let mut order: Vec<Seat> = (0..seats.len()).collect();
            order.sort_by_key(|&s| outcome.ranks[s]);
            let winners = outcome.winners();
            let headline = if winners.len() == 1 {
                wins_headline(&seats[winners[0]].name, lang)
            } else {
                t!(lang, "A draw!", "Döntetlen!")
            };
            let rows = order
                .into_iter()
                .map(|s| {
                    let (look, summary) = lines[s].clone();
                    view! {
                        <li class=format!("seat-{}", look.colour)>
                            <span class="rank">{outcome.ranks[s] + 1} "."</span>
                            <span class="seat-mark" aria-hidden="true">{look.mark}</span>
                            <span class="player-name">{seats[s].name.clone()}</span>
                            <span class="player-score">{summary}</span>
                        </li>
                    }
                })
                .collect_view();
            on_table.refresh_history();
            let chart = on_table
                .chart(viewer.get())
                .map(|series| score_chart(series, lang));
            Some(view! {
                <div class="game-over" data-testid="game-over" role="dialog" aria-labelledby="game-over-title">
                    <h2 id="game-over-title">{headline}</h2>
                    <ol class="ranking">{rows}</ol>
                    {chart}
                    <div class="actions">
                        <button class="primary" on:click=rematch.clone()>{t!(lang, "Rematch", "Visszavágó")}</button>
                        <button data-testid="replay" on:click=open_replay.clone()>{t!(lang, "Replay", "Visszajátszás")}</button>
                        <button on:click=export.clone()>{t!(lang, "Export", "Exportálás")}</button>
                        <button on:click=leave>{t!(lang, "Back to the games", "Vissza a játékokhoz")}</button>
                    </div>
                </div>
            })
        }
    };

    let replay_bar = {
        let on_table = on_table.clone();
        move || {
            let k = replay_at.get()?;
            let n = on_table.history_len() - 1;
            let lang = lang.get();
            let go = move |to: usize| replay_at.set(Some(to.min(n)));
            Some(view! {
                <div class="replay-bar" data-testid="replay-bar" role="group" aria-label=t!(lang, "Replay", "Visszajátszás")>
                    <button aria-label=t!(lang, "First", "Első") on:click=move |_| go(0)>"⏮"</button>
                    <button aria-label=t!(lang, "Back", "Vissza") on:click=move |_| go(k.saturating_sub(1))>"◀"</button>
                    <input
                        type="range"
                        min="0"
                        max=n.to_string()
                        prop:value=k.to_string()
                        aria-label=t!(lang, "Action", "Lépés")
                        on:input=move |e| {
                            if let Ok(to) = event_target_value(&e).parse() {
                                go(to);
                            }
                        }
                    />
                    <button aria-label=t!(lang, "Forward", "Előre") on:click=move |_| go(k + 1)>"▶"</button>
                    <button aria-label=t!(lang, "Last", "Utolsó") on:click=move |_| go(n)>"⏭"</button>
                    <span class="replay-step" data-testid="replay-step">{format!("{k} / {n}")}</span>
                    <button on:click=move |_| replay_at.set(None)>{t!(lang, "Close replay", "Visszajátszás bezárása")}</button>
                </div>
            })
        }
    };
    let handoff_view = {
        let seats = seats.clone();
        move || {
            handoff.get().map(|s| {
                view! {
                    <HandOff
                        name=seats[s].name.clone()
                        on_ready=Callback::new(move |_| {
                            viewer.set(s);
                            handoff.set(None);
                        })
                    />
                }
            })
        }
    };

    let pace_control = seats.iter().any(|s| s.ai.is_some()).then(|| {
        view! {
            <label class="pace">
                {move || t!(lang.get(), "Computer speed ", "A gép tempója ")}
                <select
                    prop:value=move || pace.get().to_string()
                    on:change=move |e| {
                        if let Ok(v) = event_target_value(&e).parse() {
                            pace.set(v);
                        }
                    }
                >
                    {AI_PACES
                        .iter()
                        .map(|&(ms, en, hu)| {
                            view! { <option value=ms.to_string()>{move || lang.get().pick(en, hu)}</option> }
                        })
                        .collect_view()}
                </select>
            </label>
        }
    });

    let english_name = on_table.name();
    let game_name = move |lang| entry(game_id).map_or(english_name, |e| e.name(lang));
    let board = on_table.clone();
    let rules = on_table;
    view! {
        <section
            class="table"
            data-game=game_id
            data-thinking=move || thinking.get().then_some("")
            data-over=move || (to_move.get() == ToMove::Over).then_some("")
        >
            {handoff_view}
            {export_warning}
            <Show when=move || handoff.get().is_none()>
                <div class="board-wrap" inert=covered>
                    {
                        let board = board.clone();
                        move || board.board()
                    }
                </div>
            </Show>
            <aside class="side" inert=covered>
                {replay_bar}
                <p class="prompt" aria-live="polite">
                    <span class="spinner" aria-hidden="true" class:on=move || thinking.get()></span>
                    {prompt.clone()}
                </p>
                {move || notice.get().map(|n| view! { <p class="notice" role="alert">{n}</p> })}
                <ul class="players">{seats_panel.clone()}</ul>
                <div class="table-actions">
                    <button
                        data-testid="undo"
                        on:click=undo
                        disabled=move || undo_point.get().is_none()
                        title=move || t!(lang.get(), "Take back your last move this turn (never past a roll, a draw or anything else revealed)", "Az e körben tett utolsó lépésed visszavonása (dobáson, húzáson és más felfedésen túl nem)")
                    >
                        {move || t!(lang.get(), "Undo", "Visszavonás")}
                    </button>
                    <button data-testid="export" node_ref=export_button on:click=export>{move || t!(lang.get(), "Export", "Exportálás")}</button>
                    <button on:click=leave>{move || t!(lang.get(), "Leave", "Kilépés")}</button>
                    {pace_control}
                </div>
                // The summary is built the first time it opens, not with the table: it is
                // the table's largest view, and building it made starting a game one main-thread
                // task over 50 ms (measured with tests/e2e/bench.js).
                <details class="rules" on:toggle=move |_| rules_opened.set(true)>
                    <summary>{move || {
                        let lang = lang.get();
                        t!(lang, "How to play {}", "{} szabályai", the(lang, game_name(lang), true))
                    }}</summary>
                    {move || rules_opened.get().then(|| rules.rules(lang.get()))}
                </details>
                <h3 class="log-title" id="log-title">{move || t!(lang.get(), "Game log", "Napló")}</h3>
                // The log is written for the seat whose eyes the table shows: behind the hand-off
                // screen it is not in the page at all, so the next player cannot read the
                // previous one's private lines.
                <Show when=move || handoff.get().is_none()>
                    // Focusable, so the keyboard scrolls it (it holds up to 200 lines).
                    <ol class="log" reversed tabindex="0" aria-labelledby="log-title">
                        <For each=log_lines.clone() key=|entry| entry.clone() children=log_line.clone() />
                    </ol>
                </Show>
            </aside>
            {game_over.clone()}
        </section>
    }
    .into_any()
}
