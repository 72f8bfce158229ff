//! The table: the game's board, the players' panel, the prompt, undo, the log and the rules;
//! it seats humans and AIs, runs the AI in the worker and shows the hand-off and game-over
//! screens. Generic over [`GameUi`]: one table for every game.

use super::catalogue::{with_ui_game, UiVisitor};
use super::game_ui::{BoardProps, GameUi};
use super::handoff::HandOff;
use super::worker;
use super::{fresh_seed, Screen, SeatSpec, TableSpec};
use crate::ai::protocol::AiRequest;
use crate::ai::Bot;
use crate::engine::{Match, Seat, ToMove};
use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// Pause before each AI action so players can follow what it does.
const AI_PACE: Duration = Duration::from_millis(250);

pub fn table(spec: Arc<TableSpec>) -> AnyView {
    struct Open(Arc<TableSpec>);
    impl UiVisitor for Open {
        type Output = AnyView;
        fn visit<G: GameUi>(self) -> AnyView {
            table_for::<G>(self.0)
        }
    }
    with_ui_game(&spec.game, Open(spec.clone()))
        .unwrap_or_else(|| problem(format!("Unknown game '{}'.", spec.game)))
}

fn problem(message: String) -> AnyView {
    let screen = expect_context::<RwSignal<Screen>>();
    view! {
        <section class="problem" role="alert">
            <p>{message}</p>
            <button on:click=move |_| screen.set(Screen::Home)>"Back to the games"</button>
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

fn table_for<G: GameUi>(spec: Arc<TableSpec>) -> AnyView {
    let screen = expect_context::<RwSignal<Screen>>();
    let lang = super::use_lang();
    let start = match Match::<G>::from_json(&spec.record) {
        Ok(m) => m,
        Err(e) => return problem(format!("This game cannot be opened: {e}")),
    };
    let seats: Arc<Vec<SeatSpec>> = Arc::new(spec.seats.clone());
    if seats.len() != G::seat_count(start.state()) {
        return problem("The seats do not match this game.".into());
    }
    let humans: Vec<Seat> = (0..seats.len())
        .filter(|&s| seats[s].ai.is_none())
        .collect();
    let is_human = {
        let seats = seats.clone();
        move |s: Seat| seats[s].ai.is_none()
    };
    // Whose eyes the table shows: a human seat (the one to move in pass-and-play).
    let first_viewer = match start.to_move() {
        ToMove::Seat(s) if is_human(s) => s,
        _ => humans.first().copied().unwrap_or(0),
    };
    let game = RwSignal::new(start);
    let viewer = RwSignal::new(first_viewer);
    let handoff = RwSignal::new(None::<Seat>);
    let thinking = RwSignal::new(false);
    let notice = RwSignal::new(None::<String>);
    let ticket = StoredValue::new(0u64);

    let view = Memo::new(move |_| game.with(|m| G::view(m.state(), viewer.get())));
    let to_move = Memo::new(move |_| game.with(Match::to_move));
    // Changes with every action, even when the same seat moves again.
    let moves_made = Memo::new(move |_| game.with(|m| m.record().actions.len()));
    let legal = Memo::new({
        let is_human = is_human.clone();
        move |_| match to_move.get() {
            ToMove::Seat(s) if is_human(s) && s == viewer.get() && handoff.get().is_none() => {
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
        notice.set(result.err().map(|e| format!("Not allowed: {e}")));
    });

    // The driver: whenever the match changes, seat the next human or ask the AI.
    {
        let seats = seats.clone();
        let several_humans = humans.len() > 1;
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
                        view: game.with_untracked(|m| {
                            serde_json::to_value(G::view(m.state(), s)).unwrap_or_default()
                        }),
                        bot: Bot::Search(level.config()),
                        seed: fresh_seed(),
                    };
                    set_timeout(
                        move || {
                            let sent = worker::ask(&request, move |reply| {
                                if ticket.try_get_value() != Some(reply.ticket) {
                                    return; // an undo or a new game came first
                                }
                                match reply.action.and_then(|a| {
                                    serde_json::from_value::<G::Action>(a)
                                        .map_err(|e| e.to_string())
                                }) {
                                    Ok(action) => play.run(action),
                                    Err(e) => {
                                        thinking.set(false);
                                        notice
                                            .set(Some(format!("The computer could not move: {e}")));
                                    }
                                }
                            });
                            if let Err(e) = sent {
                                thinking.set(false);
                                notice.set(Some(e));
                            }
                        },
                        AI_PACE,
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

    let rematch = {
        let spec = spec.clone();
        move |_| {
            let options = game.with_untracked(|m| m.record().options.clone());
            if let Ok(m) = Match::<G>::new(options, fresh_seed()) {
                screen.set(Screen::Table(Arc::new(TableSpec {
                    game: spec.game.clone(),
                    seats: spec.seats.clone(),
                    record: m.to_json(),
                    save_id: super::saves::new_id(),
                    started: js_sys::Date::now(),
                })));
            }
        }
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
                        Some(level) => format!("Computer · {}", level_label(level)),
                        None => "Human".to_string(),
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
            match to_move.get() {
                ToMove::Over => "Game over".to_string(),
                ToMove::Chance => String::new(),
                ToMove::Seat(s) if !legal.with(Vec::is_empty) => {
                    let _ = s;
                    G::prompt(&v, lang.get())
                }
                ToMove::Seat(s) if thinking.get() => format!("{} is thinking…", seats[s].name),
                ToMove::Seat(s) => format!("{} to play", seats[s].name),
            }
        }
    };

    let log = {
        let seats = seats.clone();
        move || {
            let v = view.get();
            let lines = game.with(|m| m.log(viewer.get(), lang.get()));
            lines
                .into_iter()
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
        move || {
            let outcome = game.with(|m| G::outcome(m.state()))?;
            let v = view.get();
            let mut order: Vec<Seat> = (0..seats.len()).collect();
            order.sort_by_key(|&s| outcome.ranks[s]);
            let winners = outcome.winners();
            let headline = if winners.len() == 1 {
                format!("{} wins!", seats[winners[0]].name)
            } else {
                "A draw!".to_string()
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
                            <span class="player-score">{G::seat_summary(&v, s, lang.get())}</span>
                        </li>
                    }
                })
                .collect_view();
            Some(view! {
                <div class="game-over" data-testid="game-over" role="dialog" aria-labelledby="game-over-title">
                    <h2 id="game-over-title">{headline}</h2>
                    <ol class="ranking">{rows}</ol>
                    <div class="actions">
                        <button class="primary" on:click=rematch.clone()>"Rematch"</button>
                        <button on:click=move |_| screen.set(Screen::Home)>"Back to the games"</button>
                    </div>
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
                <p class="prompt" aria-live="polite">
                    <span class="spinner" aria-hidden="true" class:on=move || thinking.get()></span>
                    {prompt.clone()}
                </p>
                {move || notice.get().map(|n| view! { <p class="notice" role="alert">{n}</p> })}
                <ul class="players">{seats_panel.clone()}</ul>
                <div class="table-actions">
                    <button on:click=undo disabled=move || undo_point.get().is_none() title="Take back your last move this turn">
                        "Undo"
                    </button>
                    <button on:click=move |_| screen.set(Screen::Home)>"Leave"</button>
                </div>
                <details class="rules">
                    <summary>{format!("How to play {}", G::NAME)}</summary>
                    {move || G::rules(lang.get())}
                </details>
                <h3 class="log-title">"Game log"</h3>
                <ol class="log" reversed>{log.clone()}</ol>
            </aside>
            {game_over.clone()}
        </section>
    }
    .into_any()
}

fn level_label(level: crate::ai::Level) -> &'static str {
    match level {
        crate::ai::Level::Easy => "Easy",
        crate::ai::Level::Normal => "Normal",
        crate::ai::Level::Hard => "Hard",
    }
}
