//! The table: the game's board, the players' panel, the prompt, undo, the log and the rules;
//! it seats humans and AIs, runs the AI in the worker, saves the game after every action, and
//! shows the hand-off, game-over (ranking and score chart) and step-through replay. Generic
//! over [`GameUi`]: one table for every game.

use super::catalogue::{with_ui_game, UiVisitor};
use super::game_ui::{BoardProps, GameUi};
use super::handoff::HandOff;
use super::{fresh_seed, saves, use_lang, worker, Screen, SeatSpec, TableSpec};
use crate::ai::protocol::AiRequest;
use crate::ai::{Bot, Level};
use crate::engine::{Match, Seat, ToMove};
use crate::i18n::Lang;
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

pub fn table(spec: Arc<TableSpec>) -> AnyView {
    struct Open(Arc<TableSpec>);
    impl UiVisitor for Open {
        type Output = AnyView;
        fn visit<G: GameUi>(self) -> AnyView {
            table_for::<G>(self.0)
        }
    }
    let lang = use_lang().get_untracked();
    with_ui_game(&spec.game, Open(spec.clone())).unwrap_or_else(|| {
        problem(t!(
            lang,
            "Unknown game '{}'.",
            "Ismeretlen játék: „{}”.",
            spec.game
        ))
    })
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
fn named_line<G: GameUi>(line: &str, seats: &[SeatSpec], view: &G::View) -> AnyView {
    let mut parts = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find('@') {
        let digits = rest[at + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .count();
        let seat = rest[at + 1..at + 1 + digits].parse::<usize>().ok();
        match seat.filter(|&s| s < seats.len()) {
            Some(s) => {
                parts.push(view! { <span>{rest[..at].to_string()}</span> }.into_any());
                let look = G::look(view, s);
                let name = seats[s].name.clone();
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

/// Each seat's measure over the game, drawn as lines (the end-of-game chart).
fn score_chart<G: GameUi>(
    history: &[G::State],
    viewer: Seat,
    seats: &[SeatSpec],
    lang: Lang,
) -> Option<AnyView> {
    let n = seats.len();
    // At most ~120 points per line: one per action is too fine for long games.
    let step = (history.len() / 120).max(1);
    let samples: Vec<(usize, Vec<f64>)> = history
        .iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0 || *i + 1 == history.len())
        .map(|(i, s)| {
            let v = G::view(s, viewer);
            (
                i,
                (0..n)
                    .map(|seat| G::measure(&v, seat))
                    .collect::<Option<Vec<f64>>>(),
            )
        })
        .map(|(i, m)| m.map(|m| (i, m)))
        .collect::<Option<Vec<_>>>()?;
    let last = history.last()?;
    let last_view = G::view(last, viewer);
    let top = samples
        .iter()
        .flat_map(|(_, m)| m.iter().copied())
        .fold(1.0f64, f64::max);
    let (w, h, pad) = (320.0, 140.0, 24.0);
    let x_of = |i: usize| pad + (w - 2.0 * pad) * i as f64 / (history.len() - 1).max(1) as f64;
    let y_of = |v: f64| h - pad - (h - 2.0 * pad) * v / top;
    let lines = (0..n)
        .map(|seat| {
            let look = G::look(&last_view, seat);
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
    Some(
        view! {
            <figure class="score-chart">
                <svg viewBox=format!("0 0 {w} {h}") role="img" aria-label=label.clone()>
                    <line class="axis" x1=pad y1=h - pad x2=w - pad y2=h - pad></line>
                    <line class="axis" x1=pad y1=pad x2=pad y2=h - pad></line>
                    <text class="tick" x=pad - 4.0 y=pad + 4.0 text-anchor="end">{top.to_string()}</text>
                    <text class="tick" x=pad - 4.0 y=h - pad text-anchor="end">"0"</text>
                    {lines}
                </svg>
                <figcaption>{label}</figcaption>
            </figure>
        }
        .into_any(),
    )
}

fn table_for<G: GameUi>(spec: Arc<TableSpec>) -> AnyView {
    let screen = expect_context::<RwSignal<Screen>>();
    let lang = use_lang();
    let lang_now = lang.get_untracked();
    let start = match Match::<G>::from_json(&spec.record) {
        Ok(m) => m,
        Err(e) => {
            return problem(t!(
                lang_now,
                "This game cannot be opened: {e}",
                "Ez a játszma nem nyitható meg: {e}"
            ))
        }
    };
    let seats: Arc<Vec<SeatSpec>> = Arc::new(spec.seats.clone());
    if seats.len() != G::seat_count(start.state()) {
        return problem(t!(
            lang_now,
            "The seats do not match this game.",
            "A helyek száma nem illik ehhez a játékhoz."
        ));
    }
    let humans: Vec<Seat> = (0..seats.len())
        .filter(|&s| seats[s].ai.is_none())
        .collect();
    let several_humans = humans.len() > 1;
    let is_human = {
        let seats = seats.clone();
        move |s: Seat| seats[s].ai.is_none()
    };
    // Whose eyes the table shows: a human seat (the one to move in pass-and-play).
    let first_viewer = match start.to_move() {
        ToMove::Seat(s) if is_human(s) => s,
        _ => humans.first().copied().unwrap_or(0),
    };
    // A resumed pass-and-play game with secrets starts behind the hand-off screen: whoever
    // holds the device now may not be the player to move.
    let resumed = !start.record().actions.is_empty();
    let first_handoff = (G::HIDDEN_INFORMATION && several_humans && resumed)
        .then_some(first_viewer)
        .filter(|&s| start.to_move() == ToMove::Seat(s));
    let game = RwSignal::new(start);
    let viewer = RwSignal::new(first_viewer);
    let handoff = RwSignal::new(first_handoff);
    let thinking = RwSignal::new(false);
    let notice = RwSignal::new(None::<String>);
    let ticket = StoredValue::new(0u64);
    let pace = RwSignal::new(DEFAULT_PACE);
    // The step-through replay: the states of the finished game and the one shown.
    let history = StoredValue::new(Arc::new(Vec::<G::State>::new()));
    let replay_at = RwSignal::new(None::<usize>);
    let rules_opened = RwSignal::new(false);
    saves::set_current(Some(&spec.save_id));

    let view = Memo::new(move |_| match replay_at.get() {
        Some(k) => history.with_value(|h| G::view(&h[k.min(h.len() - 1)], viewer.get())),
        None => game.with(|m| G::view(m.state(), viewer.get())),
    });
    let to_move = Memo::new(move |_| game.with(Match::to_move));
    // Changes with every action, even when the same seat moves again.
    let moves_made = Memo::new(move |_| game.with(|m| m.record().actions.len()));
    let legal = Memo::new({
        let is_human = is_human.clone();
        move |_| match to_move.get() {
            ToMove::Seat(s)
                if is_human(s)
                    && s == viewer.get()
                    && handoff.get().is_none()
                    && replay_at.get().is_none() =>
            {
                game.with(|m| G::legal(m.state()))
            }
            _ => Vec::new(),
        }
    });
    let undo_point = Memo::new(move |_| {
        let v = viewer.get();
        if legal.with(Vec::is_empty) {
            return None;
        }
        game.with(|m| m.undo_point(v))
    });

    let play = Callback::new(move |action: G::Action| {
        let mut result = Ok(());
        game.update(|m| result = m.play(&action));
        notice.set(result.err().map(|e| {
            t!(
                lang.get_untracked(),
                "Not allowed: {e}",
                "Nem szabályos: {e}"
            )
        }));
    });

    // Keep the game safe: saved after every action, dropped from the list once it is over.
    {
        let spec = spec.clone();
        Effect::new(move |_| {
            moves_made.track();
            let over = to_move.get() == ToMove::Over;
            if over {
                saves::remove(&spec.save_id);
                saves::set_current(None);
                return;
            }
            let table = TableSpec {
                record: game.with_untracked(Match::to_json),
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
                        if G::HIDDEN_INFORMATION && several_humans {
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
                        game: G::ID.to_string(),
                        record: game.with_untracked(Match::to_json),
                        seat: s,
                        bot: Bot::level(level),
                        seed: fresh_seed(),
                    };
                    set_timeout(
                        move || {
                            let sent = worker::ask(&request, move |reply| {
                                if ticket.try_get_value() != Some(reply.ticket) {
                                    return; // an undo or a new game came first
                                }
                                match reply.action.and_then(|a| {
                                    serde_json::from_str::<G::Action>(&a).map_err(|e| e.to_string())
                                }) {
                                    Ok(action) => play.run(action),
                                    Err(e) => {
                                        thinking.set(false);
                                        notice.set(Some(t!(
                                            lang.get_untracked(),
                                            "The computer could not move: {e}",
                                            "A gép nem tudott lépni: {e}"
                                        )));
                                    }
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

    let undo = move |_| {
        if let Some(len) = undo_point.get_untracked() {
            game.update(|m| *m = m.prefix(len));
            notice.set(None);
        }
    };

    let export = {
        let spec = spec.clone();
        move |_| {
            let table = TableSpec {
                record: game.with_untracked(Match::to_json),
                ..(*spec).clone()
            };
            let date = js_sys::Date::new_0()
                .to_iso_string()
                .as_string()
                .unwrap_or_default();
            let name = format!("turf-{}-{}.json", G::ID, &date[..date.len().min(10)]);
            if let Err(e) = download(&name, &saves::export(&table)) {
                notice.set(Some(e));
            }
        }
    };

    let leave = move |_| {
        saves::set_current(None);
        screen.set(Screen::Home);
    };

    let rematch = {
        let spec = spec.clone();
        move |_| {
            let options = game.with_untracked(|m| m.record().options.clone());
            if let Ok(m) = Match::<G>::new(options, fresh_seed()) {
                screen.set(Screen::Table(Arc::new(TableSpec {
                    game: spec.game.clone(),
                    seats: spec.seats.clone(),
                    record: m.to_json(),
                    save_id: saves::new_id(),
                    started: js_sys::Date::now(),
                })));
            }
        }
    };

    // Every state of the game, replayed once per new action and shared by the score chart and
    // the replay (a language switch or reopening the replay does not replay the record again).
    let full_history = move || {
        let states = game.with_untracked(|m| m.record().actions.len()) + 1;
        if history.with_value(|h| h.len()) != states {
            history.set_value(Arc::new(game.with_untracked(Match::history)));
        }
        history.get_value()
    };
    let open_replay = move |_| {
        full_history();
        replay_at.set(Some(0));
    };

    let board = BoardProps::<G> {
        view: view.into(),
        legal: legal.into(),
        play,
    };

    let seats_panel = {
        let seats = seats.clone();
        move || {
            let v = view.get();
            let next = to_move.get();
            let lang = lang.get();
            seats
                .iter()
                .enumerate()
                .map(|(s, spec)| {
                    let look = G::look(&v, s);
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
                            <span class="player-score">{G::seat_summary(&v, s, lang)}</span>
                        </li>
                    }
                })
                .collect_view()
        }
    };

    let prompt = {
        let seats = seats.clone();
        move || {
            let v = view.get();
            let lang = lang.get();
            if let Some(k) = replay_at.get() {
                let n = history.with_value(|h| h.len() - 1);
                return t!(
                    lang,
                    "Replay: action {k} of {n}",
                    "Visszajátszás: {k}. lépés / {n}"
                );
            }
            match to_move.get() {
                ToMove::Over => t!(lang, "Game over", "Vége a játéknak"),
                ToMove::Chance => String::new(),
                ToMove::Seat(_) if !legal.with(Vec::is_empty) => G::prompt(&v, lang),
                ToMove::Seat(s) if thinking.get() => {
                    t!(lang, "{} is thinking…", "{} gondolkodik…", seats[s].name)
                }
                ToMove::Seat(s) => t!(lang, "{} to play", "{} következik", seats[s].name),
            }
        }
    };

    let log = {
        let seats = seats.clone();
        move || {
            let v = view.get();
            let shown = replay_at.get();
            let lines = game.with(|m| m.log(viewer.get(), lang.get()));
            lines
                .into_iter()
                .filter(|(i, _)| shown.is_none_or(|k| *i < k))
                .rev()
                .take(200)
                .map(|(i, line)| {
                    view! { <li data-action=i.to_string()>{named_line::<G>(&line, &seats, &v)}</li> }
                })
                .collect_view()
        }
    };

    let game_over = {
        let seats = seats.clone();
        let export = export.clone();
        move || {
            if replay_at.get().is_some() {
                return None;
            }
            let outcome = game.with(|m| G::outcome(m.state()))?;
            let lang = lang.get();
            let v = view.get();
            let mut order: Vec<Seat> = (0..seats.len()).collect();
            order.sort_by_key(|&s| outcome.ranks[s]);
            let winners = outcome.winners();
            let headline = if winners.len() == 1 {
                t!(lang, "{} wins!", "{} nyert!", seats[winners[0]].name)
            } else {
                t!(lang, "A draw!", "Döntetlen!")
            };
            let rows = order
                .into_iter()
                .map(|s| {
                    let look = G::look(&v, s);
                    view! {
                        <li class=format!("seat-{}", look.colour)>
                            <span class="rank">{outcome.ranks[s] + 1} "."</span>
                            <span class="seat-mark" aria-hidden="true">{look.mark}</span>
                            <span class="player-name">{seats[s].name.clone()}</span>
                            <span class="player-score">{G::seat_summary(&v, s, lang)}</span>
                        </li>
                    }
                })
                .collect_view();
            let chart = score_chart::<G>(&full_history(), viewer.get(), &seats, lang);
            Some(view! {
                <div class="game-over" data-testid="game-over" role="dialog" aria-labelledby="game-over-title">
                    <h2 id="game-over-title">{headline}</h2>
                    <ol class="ranking">{rows}</ol>
                    {chart}
                    <div class="actions">
                        <button class="primary" on:click=rematch.clone()>{t!(lang, "Rematch", "Visszavágó")}</button>
                        <button data-testid="replay" on:click=open_replay>{t!(lang, "Replay", "Visszajátszás")}</button>
                        <button on:click=export.clone()>{t!(lang, "Export", "Exportálás")}</button>
                        <button on:click=leave>{t!(lang, "Back to the games", "Vissza a játékokhoz")}</button>
                    </div>
                </div>
            })
        }
    };

    let replay_bar = move || {
        let k = replay_at.get()?;
        let n = history.with_value(|h| h.len() - 1);
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

    view! {
        <section
            class="table"
            data-game=G::ID
            data-thinking=move || thinking.get().then_some("")
            data-over=move || (to_move.get() == ToMove::Over).then_some("")
        >
            {handoff_view}
            <Show when=move || handoff.get().is_none()>
                <div class="board-wrap">{move || G::board(board)}</div>
            </Show>
            <aside class="side">
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
                        title=move || t!(lang.get(), "Take back your last move this turn (never past a roll or a draw)", "Az e körben tett utolsó lépésed visszavonása (dobáson, húzáson túl nem)")
                    >
                        {move || t!(lang.get(), "Undo", "Visszavonás")}
                    </button>
                    <button data-testid="export" on:click=export>{move || t!(lang.get(), "Export", "Exportálás")}</button>
                    <button on:click=leave>{move || t!(lang.get(), "Leave", "Kilépés")}</button>
                    {pace_control}
                </div>
                // The summary is built the first time it opens, not with the table: it is
                // the table's largest view, and building it made starting a game one main-thread
                // task over 50 ms (measured with tests/e2e/bench.js).
                <details class="rules" on:toggle=move |_| rules_opened.set(true)>
                    <summary>{move || t!(lang.get(), "How to play {}", "A(z) {} szabályai", G::NAME)}</summary>
                    {move || rules_opened.get().then(|| G::rules(lang.get()))}
                </details>
                <h3 class="log-title">{move || t!(lang.get(), "Game log", "Napló")}</h3>
                // The log is written for the seat whose eyes the table shows: behind the hand-off
                // screen it is not in the page at all, so the next player cannot read the
                // previous one's private lines.
                <Show when=move || handoff.get().is_none()>
                    <ol class="log" reversed>{log.clone()}</ol>
                </Show>
            </aside>
            {game_over.clone()}
        </section>
    }
    .into_any()
}
