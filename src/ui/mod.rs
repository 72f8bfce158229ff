//! The app shell: home, setup, table, hand-off and game over. Games plug in through
//! [`GameUi`] and the catalogue; nothing here knows a game's rules.

mod catalogue;
mod game_ui;
mod handoff;
mod saves;
mod setup;
mod table;
mod worker;

pub use catalogue::{with_ui_game, CatalogueEntry, UiVisitor, CATALOGUE};
pub use game_ui::{BoardProps, GameUi, SeatLook, LOOKS};
pub use handoff::HandOff;

use crate::ai::Level;
use crate::i18n::Lang;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One seat as set up: a name and, for an AI seat, its level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSpec {
    pub name: String,
    pub ai: Option<Level>,
}

/// Everything needed to open a table: the game, the seats and the match record so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSpec {
    pub game: String,
    pub seats: Vec<SeatSpec>,
    /// The match record as JSON (a new game has no actions yet).
    pub record: String,
    /// Where the table is saved in the browser (see [`saves`]).
    #[serde(default)]
    pub save_id: String,
    /// When the game started, in milliseconds since 1970 (JavaScript's `Date.now()`).
    #[serde(default)]
    pub started: f64,
}

#[derive(Clone)]
pub enum Screen {
    Home,
    Setup(&'static str),
    Table(Arc<TableSpec>),
}

/// A fresh random seed from the browser (rules draw from it through the portable ChaCha8).
pub fn fresh_seed() -> u64 {
    let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (hi << 32) | lo
}

/// The app's language, switchable at any time; every component reads it from here.
pub fn use_lang() -> Signal<Lang> {
    expect_context::<RwSignal<Lang>>().into()
}

pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}

#[component]
fn App() -> impl IntoView {
    let screen = RwSignal::new(Screen::Home);
    provide_context(screen);
    provide_context(RwSignal::new(Lang::En));
    worker::warm_up();
    view! {
        <div class="app">
            <header class="topbar">
                <button class="brand" on:click=move |_| screen.set(Screen::Home) aria-label="Turf home">
                    <span class="brand-mark" aria-hidden="true">"⬢"</span>
                    " Turf"
                </button>
            </header>
            <main class="screen">
                {move || match screen.get() {
                    Screen::Home => home().into_any(),
                    Screen::Setup(id) => setup::setup(id),
                    Screen::Table(spec) => table::table(spec),
                }}
            </main>
        </div>
    }
}

fn home() -> impl IntoView {
    let screen = expect_context::<RwSignal<Screen>>();
    view! {
        <section class="home">
            <h1>"Pick a game"</h1>
            <p class="lede">"Five territory games for one device: play a friend on this screen, or the computer."</p>
            <div class="cards">
                {CATALOGUE
                    .iter()
                    .map(|entry| {
                        let id = entry.id;
                        let open = move |_| {
                            if catalogue::entry(id).is_some_and(|e| e.playable) {
                                screen.set(Screen::Setup(id));
                            }
                        };
                        view! {
                            <article class="card" class:unavailable=!entry.playable>
                                <div class=format!("card-art art-{id}") aria-hidden="true"></div>
                                <h2>{entry.name}</h2>
                                <p class="meta">{entry.players} " · " {entry.length}</p>
                                <p class="pitch">{entry.pitch}</p>
                                {if entry.playable {
                                    view! {
                                        <button class="primary" data-game=id on:click=open>
                                            "Play " {entry.name}
                                        </button>
                                    }
                                        .into_any()
                                } else {
                                    view! {
                                        <p class="not-yet" data-game=id>"Not yet available in this version"</p>
                                    }
                                        .into_any()
                                }}
                            </article>
                        }
                    })
                    .collect_view()}
            </div>
        </section>
    }
}
