//! The table's controls: Undo, Export, Leave, the sounds and, at a table with a computer, its
//! speed.

use super::export::Export;
use super::Table;
use crate::engine::ToMove;
use crate::t;
use crate::ui::sound::{self, Follow};
use crate::ui::use_lang;
use leptos::prelude::*;

/// The least time between an action and the computer's next, so players can follow it (the
/// computer thinks during it: `seating::drive`); tables of computers can be watched slower or
/// faster.
const AI_PACES: [(u64, &str, &str); 4] = [
    (0, "Instant", "Azonnal"),
    (250, "Brisk", "Gyors"),
    (800, "Steady", "Nyugodt"),
    (2000, "Slow", "Lassú"),
];
pub(super) const DEFAULT_PACE: u64 = 250;

#[component]
pub(super) fn Controls(table: Table, export: Export, pace: RwSignal<u64>) -> impl IntoView {
    let lang = use_lang();
    let speed = table
        .seating
        .has_computer()
        .then(|| view! { <Speed pace /> });
    // Where Undo goes back to, if the viewer may take a move back now.
    let undo_point = Memo::new({
        let game = table.game.clone();
        let viewer = table.shown.viewer;
        let online = table.role != super::Role::Local;
        move |_| {
            let v = viewer.get();
            // Never at an online table: the other devices have already seen the move.
            if online || !game.viewer_may_act() {
                return None;
            }
            game.undo_point(v)
        }
    });
    let leave = table.clone();
    let sounds = table.clone();
    let undo = move |_| {
        if let Some(len) = undo_point.get_untracked() {
            table.game.take_back(len);
            table.shown.notice.set(None);
        }
    };
    let button = export.button;
    view! {
        <div class="table-actions">
            <button
                data-testid="undo"
                on:click=undo
                disabled=move || undo_point.get().is_none()
                title=move || t!(lang.get(), "Take back your last move this turn (never past a roll, a draw or anything else revealed)", "Az e körben tett utolsó lépésed visszavonása (dobáson, húzáson és más felfedésen túl nem)")
            >
                {move || t!(lang.get(), "Undo", "Visszavonás")}
            </button>
            <button data-testid="export" node_ref=button on:click={ let export = export.clone(); move |_| export.start() } disabled=move || !export.available()>{move || t!(lang.get(), "Export", "Exportálás")}</button>
            <button on:click=move |_| leave.leave()>{move || t!(lang.get(), "Leave", "Kilépés")}</button>
            <Sounds table=sounds />
            {speed}
        </div>
    }
}

/// The computer's speed, one of [`AI_PACES`].
#[component]
fn Speed(pace: RwSignal<u64>) -> impl IntoView {
    let lang = use_lang();
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
}

/// The sounds' switch, off until the player turns it on; the choice is kept for every table.
#[component]
fn Sounds(table: Table) -> impl IntoView {
    let lang = use_lang();
    let on = RwSignal::new(sound::sounds_on());
    let played = RwSignal::new(None);
    let to_move = table.to_move;
    let replay_at = table.shown.replay_at;
    table.game.shown_view().watch_cues(Follow {
        moves: table.moves_made,
        over: Signal::derive(move || to_move.get() == ToMove::Over),
        replaying: Signal::derive(move || replay_at.get().is_some()),
        on: on.into(),
        played,
    });
    let toggle = move |e: leptos::ev::Event| {
        let now = event_target_checked(&e);
        on.set(now);
        sound::set_sounds_on(now);
        // A sound at once: the player hears what they turned on, and the browser, which lets a
        // page play sounds only after a touch, has its touch.
        if now {
            sound::play(&[sound::Cue::Lay]);
        }
    };
    view! {
        <label class="sound-switch" data-cue=move || played.get().map(|c| c.name())>
            <input type="checkbox" role="switch" data-testid="sounds" prop:checked=on on:change=toggle />
            " "
            {move || t!(lang.get(), "Sounds", "Hangok")}
        </label>
    }
}
