//! The table: the game's board and, beside it, the prompt, the players panel, the controls, the
//! rules and the log; over it the hand-off screen, the export warning and the game-over screen.
//! It seats humans and computers, runs the computer in the AI worker, saves the game after every
//! action, and steps through the game in the replay. One table for every game: only
//! [`seated::Seated`] knows the game's types.
//!
//! Each part of the screen is a component of its own file, and each keeps its logic in plain
//! types and functions (tested natively) that the component only renders. They share one
//! [`Table`]: what a new part of the screen needs from the game and the seats, it reads there;
//! it takes its place in [`table_with`]'s layout.

mod chart;
mod controls;
mod export;
mod game_over;
mod hint;
mod log;
mod players;
mod prompt;
mod remote;
mod replay;
mod review;
mod rules;
mod seated;
mod seating;

use super::catalogue::{with_ui_game, UiVisitor};
use super::game_ui::GameUi;
use super::handoff::HandOff;
use super::online::guest::{Feed, GuestPanel, GuestStatus};
use super::online::host::HostPanel;
use super::{after_paint, app_drawn, saves, use_lang, Covered, Screen, TableSpec};
use crate::engine::{Seat, ToMove};
use crate::t;
use controls::{Controls, DEFAULT_PACE};
use export::Export;
use game_over::GameOver;
use hint::{HintButton, Hints};
use leptos::prelude::*;
use log::Log;
use players::PlayersPanel;
use prompt::PromptLine;
use remote::Remote;
use replay::ReplayBar;
use review::{ReviewNote, Reviewing};
use rules::Rules;
use seated::{Seated, TableGame};
use seating::Seating;
use std::sync::Arc;

/// What the table shows, set by its parts and read by the game's view; none of it is typed by
/// the game.
#[derive(Clone, Copy)]
struct Shown {
    /// Whose eyes the table shows: a human seat (the one to move in pass-and-play).
    viewer: RwSignal<Seat>,
    /// The seat the hand-off screen waits for, if it is up.
    handoff: RwSignal<Option<Seat>>,
    /// The action the step-through replay shows, if it is open.
    replay_at: RwSignal<Option<usize>>,
    /// A refusal or a problem, in words.
    notice: RwSignal<Option<String>>,
}

/// Which device this table runs on, at an online table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Every seat is at this device or its computer (pass-and-play, against the computer).
    Local,
    /// The host's device at an online table: it runs the match.
    Host,
    /// A guest's device: it is shown its own seat only.
    Guest,
}

/// The table as its parts share it: cheap to clone (an `Arc` or a signal each).
#[derive(Clone)]
struct Table {
    spec: Arc<TableSpec>,
    game: Arc<dyn TableGame>,
    seating: Arc<Seating>,
    shown: Shown,
    to_move: Memo<ToMove>,
    /// Changes with every action, even when the same seat moves again.
    moves_made: Memo<usize>,
    /// The computer is choosing an action.
    thinking: RwSignal<bool>,
    screen: RwSignal<Screen>,
    role: Role,
    /// A guest's connection and verdict.
    guest: Option<GuestStatus>,
    /// The review of the finished game.
    review: Reviewing,
    hints: Hints,
}

impl Table {
    /// The table as it stands now, to save or export.
    fn as_saved(&self) -> TableSpec {
        TableSpec {
            record: self.game.record_json(),
            hints_used: self.hints.used.get_untracked(),
            review: self.review.done.get_untracked().map(|r| (*r).clone()),
            ..(*self.spec).clone()
        }
    }

    /// Opens the replay at its first step. What asked for it (the game over's Replay, a mark
    /// of the review) leaves the page, so it gives up the focus first ([`blur_focus`]); the
    /// replay's slider takes it once drawn ([`ReplayBar`]).
    ///
    /// [`blur_focus`]: crate::ui::blur_focus
    fn open_replay(&self) {
        crate::ui::blur_focus();
        self.game.refresh_history();
        self.shown.replay_at.set(Some(0));
    }

    /// Back to the games: a reload no longer reopens this table (it stays saved).
    fn leave(&self) {
        saves::set_current(None);
        self.screen.set(Screen::Home);
    }
}

pub fn table(spec: Arc<TableSpec>) -> AnyView {
    struct Open(Arc<TableSpec>, Shown);
    impl UiVisitor for Open {
        type Output = Result<Arc<dyn TableGame>, String>;
        fn visit<G: GameUi>(self) -> Self::Output {
            let seated = Seated::<G>::open(&self.0, self.1)?;
            if super::builds::EVERY_SCREEN {
                super::online::host::attach::<G>(&self.0, seated.match_signal());
            }
            Ok(Arc::new(seated) as Arc<dyn TableGame>)
        }
    }
    let lang = use_lang().get_untracked();
    let shown = Shown {
        viewer: RwSignal::new(0),
        handoff: RwSignal::new(None),
        replay_at: RwSignal::new(None),
        notice: RwSignal::new(None),
    };
    match with_ui_game(&spec.game, Open(spec.clone(), shown)) {
        Some(Ok(game)) => {
            let role = if spec.online.is_some() {
                Role::Host
            } else {
                Role::Local
            };
            table_with(seat(spec, game, shown, role, None))
        }
        Some(Err(message)) => problem(message),
        None => problem(t!(
            lang,
            "Unknown game '{}'.",
            "Ismeretlen játék: „{}”.",
            spec.game
        )),
    }
}

/// A guest's table at an online game: the same table, over what the host sent this seat.
pub fn guest_table<G: GameUi>(spec: Arc<TableSpec>, feed: Feed<G>, status: GuestStatus) -> AnyView {
    let shown = Shown {
        viewer: RwSignal::new(0),
        handoff: RwSignal::new(None),
        replay_at: RwSignal::new(None),
        notice: RwSignal::new(None),
    };
    let game = Arc::new(Remote::open(feed, shown, spec.seats.len())) as Arc<dyn TableGame>;
    table_with(seat(spec, game, shown, Role::Guest, Some(status)))
}

/// A screen that cannot open (an unknown game, a damaged record or invitation), with the way home.
pub(crate) fn problem(message: String) -> AnyView {
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

/// Sit the players at the opened game: the table's shared state, shown through the eyes it
/// opens on.
fn seat(
    spec: Arc<TableSpec>,
    game: Arc<dyn TableGame>,
    shown: Shown,
    role: Role,
    guest: Option<GuestStatus>,
) -> Table {
    let seating = Arc::new(Seating::new(&spec.seats, game.hidden_information()));
    let (spec_review, hints_used) = (spec.review.clone(), spec.hints_used.clone());
    // A guest's device has no record to ask the AI worker about.
    let hints_on = spec.hints && role != Role::Guest;
    // Read untracked: the screen that opens the table must not reopen it at every action.
    let resumed = untrack(|| game.moves_made()) > 0;
    let (viewer, handoff) = seating.opening(untrack(|| game.to_move()), resumed);
    shown.viewer.set(viewer);
    if handoff.is_some() {
        shown.handoff.set(handoff);
    }
    let to_move = Memo::new({
        let game = game.clone();
        move |_| game.to_move()
    });
    let moves_made = Memo::new({
        let game = game.clone();
        move |_| game.moves_made()
    });
    let review = Reviewing::new(spec_review, game.clone());
    Table {
        spec,
        game,
        seating,
        shown,
        to_move,
        moves_made,
        thinking: RwSignal::new(false),
        screen: expect_context::<RwSignal<Screen>>(),
        role,
        guest,
        review,
        hints: Hints::new(hints_on, hints_used),
    }
}

/// Keep the game safe: saved after every action, dropped from the list once it is over.
fn keep_saved(table: &Table) {
    // A guest has no match to save: the host's device keeps it.
    if table.role == Role::Guest {
        return;
    }
    let lang = use_lang();
    let table = table.clone();
    saves::set_current(Some(&table.spec.save_id));
    Effect::new(move |_| {
        table.moves_made.track();
        if table.to_move.get() == ToMove::Over {
            saves::remove(&table.spec.save_id);
            saves::set_current(None);
            return;
        }
        if let Err(e) = saves::write(&table.as_saved()) {
            table.shown.notice.set(Some(t!(
                lang.get_untracked(),
                "This game could not be saved: {e}",
                "A játszmát nem sikerült menteni: {e}"
            )));
        }
    });
}

/// The table's layout: each part of the screen in its place.
fn table_with(table: Table) -> AnyView {
    let Shown { handoff, .. } = table.shown;
    let export = Export::new(table.clone());
    // While the hand-off screen or the export warning is up, the rest of the page is inert:
    // no click and no Tab reaches the table behind it, nor the app's header.
    let asking = export.asking;
    let covered = move || handoff.get().is_some() || asking.get();
    {
        let Covered(shell) = expect_context::<Covered>();
        Effect::new(move |_| shell.set(covered()));
        on_cleanup(move || shell.set(false));
    }
    keep_saved(&table);
    review::point_out(&table);
    hint::clear_on_move(&table);
    let pace = RwSignal::new(DEFAULT_PACE);
    seating::drive(&table, pace);

    let board = table.game.clone();
    let game_id = table.game.id();
    let thinking = table.thinking;
    let to_move = table.to_move;
    let online = match table.role {
        Role::Local => None,
        Role::Host => Some("host"),
        Role::Guest => Some("guest"),
    };
    let (root, layer) = (NodeRef::new(), NodeRef::new());

    // A table opened by a click comes in three main-thread tasks instead of one long one
    // (issue #20 target 2): the table's frame in the click's task (the setup screen goes), the
    // board a paint later, and the side after the board, which is where the first move is made
    // and so is on screen first. A table the page opens at (a return to the game) has its
    // board in the page's first task, which starts the wasm and is long in any case: a paint
    // more before the board would only make the player wait for it.
    let boarded = RwSignal::new(!app_drawn());
    // The motion reads the table once its board is there: read before, the first move would
    // find every piece new (a ghost was left behind in `motion.test.js`).
    follow_moves(&table, root, layer, boarded);
    let painted = RwSignal::new(false);
    after_paint(move || match boarded.try_get_untracked() {
        Some(false) => {
            boarded.set(true);
            after_paint(move || {
                painted.try_set(true);
            });
        }
        // Drawn at once, or the table has gone in the meantime (its signals with it).
        _ => {
            painted.try_set(true);
        }
    });
    view! {
        <section
            node_ref=root
            class="table"
            // Named once the table is drawn whole, board and side: what the browser tests
            // wait for after Start (the board and the side come in later tasks than the frame).
            data-game=move || painted.get().then_some(game_id)
            data-thinking=move || thinking.get().then_some("")
            data-over=move || (to_move.get() == ToMove::Over).then_some("")
            data-online=online
        >
            {hand_off(&table)}
            {export.warning()}
            <Show when=move || handoff.get().is_none()>
                <div class="board-wrap" inert=covered>
                    {
                        let board = board.clone();
                        move || boarded.get().then(|| board.board())
                    }
                </div>
            </Show>
            <aside class="side" inert=covered>
                {
                    let (table, export) = (table.clone(), export.clone());
                    move || painted.get().then(|| side(&table, &export, pace))
                }
            </aside>
            {move || painted.get().then(|| view! { <GameOver table=table.clone() export=export.clone() /> })}
            <div class="motion-layer" aria-hidden="true" node_ref=layer></div>
        </section>
    }
    .into_any()
}

/// The side of the table: whose turn, the players, the controls, the rules and the log.
fn side(table: &Table, export: &Export, pace: RwSignal<u64>) -> impl IntoView {
    let notice = table.shown.notice;
    view! {
        <ReplayBar table=table.clone() />
        <ReviewNote table=table.clone() />
        <PromptLine table=table.clone() />
        <HintButton table=table.clone() />
        {move || notice.get().map(|n| view! { <p class="notice" role="alert">{n}</p> })}
        {online_panel(table)}
        <PlayersPanel table=table.clone() />
        <Controls table=table.clone() export=export.clone() pace />
        <Rules table=table.clone() />
        <Log table=table.clone() />
    }
}

/// Show each action of the live table as motion ([`crate::ui::motion`]): not the replay's steps
/// and not the table behind the hand-off.
fn follow_moves(
    table: &Table,
    root: NodeRef<leptos::html::Section>,
    layer: NodeRef<leptos::html::Div>,
    boarded: RwSignal<bool>,
) {
    let Shown {
        viewer,
        handoff,
        replay_at,
        ..
    } = table.shown;
    // A memo: a step of the replay changes `replay_at`, not whether the table is live.
    let live =
        Memo::new(move |_| boarded.get() && handoff.get().is_none() && replay_at.get().is_none());
    crate::ui::motion::follow(root, layer, table.moves_made, viewer.into(), live.into());
}

/// At an online table: the host's connections, or the guest's connection and verdict.
fn online_panel(table: &Table) -> Option<AnyView> {
    // Online tables are the whole app's (builds.rs): a game's build leaves their panels out.
    if !super::builds::EVERY_SCREEN {
        return None;
    }
    let lang = use_lang();
    let game = table.game.clone();
    let trust = Signal::derive(move || game.online_trust(lang.get()));
    match (table.role, table.guest) {
        (Role::Host, _) => Some(view! { <HostPanel trust /> }.into_any()),
        (Role::Guest, Some(status)) => {
            let to_move = table.to_move;
            let over = Signal::derive(move || to_move.get() == ToMove::Over);
            Some(view! { <GuestPanel status over=over trust /> }.into_any())
        }
        _ => None,
    }
}

/// The hand-off screen while it is up: the seat it waits for takes the device.
fn hand_off(table: &Table) -> impl Fn() -> Option<AnyView> + Send + Sync + 'static {
    let Shown {
        viewer, handoff, ..
    } = table.shown;
    let spec = table.spec.clone();
    move || {
        handoff.get().map(|s| {
            let on_ready = Callback::new(move |_| {
                viewer.set(s);
                handoff.set(None);
            });
            view! { <HandOff name=spec.seats[s].name.clone() on_ready /> }.into_any()
        })
    }
}
