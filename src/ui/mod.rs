//! The app shell: home, setup, table, hand-off and game over. Games plug in through
//! [`GameUi`] and the catalogue; nothing here knows a game's rules.

mod builds;
mod catalogue;
mod decimal;
mod game_ui;
mod handoff;
mod home;
mod miniature;
pub mod motion;
pub mod online;
mod saves;
mod setup;
mod sound;
mod static_home;
pub mod table;
mod worker;

pub use catalogue::{with_ui_game, CatalogueEntry, UiVisitor, CATALOGUE};
pub use decimal::Decimal;
pub use game_ui::{
    activate_on_key, review_notes, svg_marks, BoardProps, GameUi, Pointed, SeatLook, LOOKS,
};
pub use handoff::HandOff;
pub use sound::{each_once, fresh_changes, Cue};
pub use static_home::static_home_html;

use crate::ai::Level;
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::t;
use leptos::prelude::*;
use leptos::tachys::view::any_view::AnyViewState;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One seat as set up: a name and, for an AI seat, its level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSpec {
    pub name: String,
    pub ai: Option<Level>,
    /// A friend on another device (an online table, see [`online`]); then `ai` is `None`.
    #[serde(default)]
    pub remote: bool,
}

/// Everything needed to open a table: the game, the seats and the match record so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
    /// An online table's deal, kept by the host (see [`online::host`]).
    #[serde(default)]
    pub online: Option<online::host::OnlineSpec>,
    /// Whether the humans at this device may ask for a hint (issue #18), chosen at setup.
    #[serde(default)]
    pub hints: bool,
    /// Each hint asked for: the number of actions made then and the seat, for the log.
    #[serde(default)]
    pub hints_used: Vec<(usize, Seat)>,
    /// The finished game's review, once made: opening the game again shows it at once.
    #[serde(default)]
    pub review: Option<crate::ai::protocol::StoredReview>,
}

#[derive(Clone)]
pub enum Screen {
    Home,
    Setup(&'static str),
    Table(Arc<TableSpec>),
    /// The host's lobby of an online table: invitations out, replies in, then the deal.
    Lobby(Arc<online::host::LobbySpec>),
    /// A guest joining from an invitation (the code after `#join=` in the link).
    Join(String),
}

/// A fresh random seed from the browser (rules draw from it through the portable ChaCha8).
pub fn fresh_seed() -> u64 {
    let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (hi << 32) | lo
}

/// Whether a modal screen of the table (the hand-off, the export warning) is up: then the app's
/// header is `inert` too, so nothing but that screen takes focus or a click.
#[derive(Clone, Copy)]
pub struct Covered(pub RwSignal<bool>);

/// The app's language, switchable at any time; every component reads it from here.
pub fn use_lang() -> Signal<Lang> {
    expect_context::<RwSignal<Lang>>().into()
}

/// Keep the app for offline play (assets/sw.js). Not every context allows a service worker
/// (plain http on another host, some private modes): then Turf simply needs the network.
fn register_service_worker() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    if !js_sys::Reflect::has(&navigator, &"serviceWorker".into()).unwrap_or(false) {
        return;
    }
    let registration = navigator.service_worker().register("./sw.js");
    wasm_bindgen_futures::spawn_local(async move {
        let _ = wasm_bindgen_futures::JsFuture::from(registration).await;
    });
}

/// The wasm's entry point. The same module runs on the page (the app) and in the AI worker
/// (assets/ai-worker.js), so rules and AI are downloaded once; a worker has no window.
pub fn start() {
    console_error_panic_hook::set_once();
    if web_sys::window().is_none() {
        worker::serve();
        return;
    }
    if builds::superseded() {
        return;
    }
    builds::mark_started();
    static_home::take_over();
    leptos::mount::mount_to_body(App);
}

/// The language at start: the one chosen before, else the browser's.
fn initial_lang() -> Lang {
    let store = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    if let Some(code) = store.and_then(|s| s.get_item(LANG_KEY).ok().flatten()) {
        return Lang::from_tag(&code);
    }
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .map_or(Lang::En, |tag| Lang::from_tag(&tag))
}

const LANG_KEY: &str = "turf.lang";

#[component]
fn App() -> impl IntoView {
    // An invitation opens the join screen; an online table's lobby handed over by a game's own
    // build opens again; a game tapped on the static home before the app started opens its
    // setup; a reload goes straight back to the table that was open.
    let screen = RwSignal::new(
        online::take_invitation_from_url()
            .map(Screen::Join)
            .or_else(|| builds::take_lobby().map(|spec| Screen::Lobby(Arc::new(spec))))
            .or_else(|| static_home::take_play_from_url().map(Screen::Setup))
            .or_else(|| saves::current().map(|save| Screen::Table(Arc::new(save.table))))
            .unwrap_or(Screen::Home),
    );
    // A new invitation opened in the same tab changes only the fragment: join from it too.
    window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(code) = online::take_invitation_from_url() {
            screen.set(Screen::Join(code));
        }
    });
    provide_context(screen);
    pointer_presses_give_no_focus();
    builds::hand_over_when_needed(screen);
    let covered = RwSignal::new(false);
    provide_context(Covered(covered));
    let lang = RwSignal::new(initial_lang());
    provide_context(lang);
    Effect::new(move |_| {
        let code = lang.get().code();
        if let Some(w) = web_sys::window() {
            if let Some(root) = w.document().and_then(|d| d.document_element()) {
                let _ = root.set_attribute("lang", code);
            }
            if let Ok(Some(store)) = w.local_storage() {
                let _ = store.set_item(LANG_KEY, code);
            }
        }
    });
    after_paint(|| APP_DRAWN.with(|drawn| drawn.set(true)));
    // The AI worker compiles the whole wasm a second time: start it once the page has been
    // drawn (a frame, then a task after its paint), so the open table or the home is shown
    // first. A request made before then starts the worker itself (worker::ask).
    after_paint(worker::warm_up);
    // The service worker registers after that first paint too. Its install keeps the whole app
    // for offline play: the whole app's own files come from the HTTP cache, but a game's own
    // build (builds.rs) has to download the whole app, and that must not slow the table's start.
    after_paint(register_service_worker);
    let main = NodeRef::<leptos::html::Main>::new();
    show_screens(main, screen);
    let go_home = move |_| {
        saves::set_current(None);
        screen.set(Screen::Home);
    };
    view! {
        <div class="app">
            <header class="topbar" inert=move || covered.get()>
                <button class="brand" on:click=go_home aria-label=move || t!(lang.get(), "Turf home", "Turf kezdőlap")>
                    <span class="brand-mark" aria-hidden="true">"⬢"</span>
                    " Turf"
                </button>
                <div class="lang-switch" role="group" aria-label=move || t!(lang.get(), "Language", "Nyelv")>
                    {Lang::ALL
                        .into_iter()
                        .map(|l| {
                            view! {
                                <button
                                    data-lang=l.code()
                                    lang=l.code()
                                    aria-pressed=move || (lang.get() == l).to_string()
                                    on:click=move |_| lang.set(l)
                                >
                                    {l.native_name()}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </header>
            <main class="screen" node_ref=main></main>
        </div>
    }
}

/// The view of one screen. A game's own build hands the home, lobbies, invitations and online
/// tables over to the whole app (builds.rs) and draws nothing for them meanwhile, which leaves
/// their code out.
fn screen_view(screen: Screen) -> AnyView {
    match screen {
        Screen::Setup(id) => setup::setup(id),
        Screen::Table(spec) if spec.online.is_none() => table::table(spec),
        _ if !builds::EVERY_SCREEN => ().into_any(),
        Screen::Home => home::home().into_any(),
        Screen::Table(spec) => table::table(spec),
        Screen::Lobby(spec) => online::host::lobby(spec),
        Screen::Join(code) => online::guest::join(code),
    }
}

/// Shows the current screen in `main`, each one built whole in place of the last (issue #20
/// target 2). Leptos's `move || match screen` rebuilt one screen *into* the next: under
/// `erase_components` every element has one type, so the home's section was diffed child by
/// child into the setup's, the old screen's pieces removed among the new one's, and the removal
/// of the tapped (focused) button made Chromium lay out both screens inside the tap's task.
/// Here the focus leaves and the old screen is hidden first ([`Leaving`]), the new one is built
/// in front of it, and the old one leaves the page a task later and its views and signals a
/// task after that: the tap's task is the new screen.
fn show_screens(main: NodeRef<leptos::html::Main>, screen: RwSignal<Screen>) {
    let app = Owner::current().expect("the app's owner");
    let shown = StoredValue::new_local(None::<leptos::mount::UnmountHandle<AnyViewState>>);
    Effect::new(move |_| {
        let next = screen.get();
        let Some(main) = main.get() else {
            return;
        };
        let old = shown.try_update_value(Option::take).flatten();
        let leaving = old.as_ref().map(|_| Leaving::hide(&main));
        // A child of the app's owner, not of this effect's: its contexts are the app's, and it
        // is dropped here, not when the effect next runs.
        let handle = app
            .with(|| untrack(|| leptos::mount::mount_to(main.clone(), move || screen_view(next))));
        shown.set_value(Some(handle));
        if let (Some(old), Some(leaving)) = (old, leaving) {
            leaving.go_behind(&main);
            set_timeout(
                move || {
                    leaving.remove();
                    set_timeout(move || drop(old), std::time::Duration::ZERO);
                },
                std::time::Duration::ZERO,
            );
        }
    });
}

/// The screen that leaves: hidden at once, taken off the page a task later, its views dropped
/// a task after that. Taking a screen off the page takes its drawing apart (10–11 ms at 4× for
/// the home's 1,820 elements, a probe), and hiding it with `display: none` does the same in the
/// frame; `content-visibility: hidden` (`[data-leaving]` in the stylesheet) keeps its drawing
/// and skips it, so the tap's task is the new screen alone (issue #20 target 2).
struct Leaving(Vec<web_sys::Node>);

impl Leaving {
    fn hide(main: &web_sys::HtmlElement) -> Self {
        use wasm_bindgen::JsCast;
        // The focus leaves with its screen; it must not stay on a control no one sees.
        blur_focus();
        let nodes = main.child_nodes();
        let nodes: Vec<web_sys::Node> = (0..nodes.length()).filter_map(|i| nodes.item(i)).collect();
        for element in nodes.iter().filter_map(|n| n.dyn_ref::<web_sys::Element>()) {
            let _ = element.set_attribute("data-leaving", "");
        }
        Leaving(nodes)
    }

    /// Puts the old screen behind the new one, just drawn after it, by moving the new one in
    /// front: what a script or a test finds first is the screen shown. The new screen is not
    /// laid out yet, so moving it costs nothing; moving the old one would take it apart.
    fn go_behind(&self, main: &web_sys::HtmlElement) {
        let Some(first_old) = self.0.first() else {
            return;
        };
        let nodes = main.child_nodes();
        let new: Vec<web_sys::Node> = (0..nodes.length())
            .filter_map(|i| nodes.item(i))
            .filter(|n| !self.0.contains(n))
            .collect();
        for node in new {
            let _ = main.insert_before(&node, Some(first_old));
        }
    }

    fn remove(self) {
        for node in self.0 {
            if let Some(parent) = node.parent_node() {
                let _ = parent.remove_child(&node);
            }
        }
    }
}

/// Takes the focus off whatever has it, so that removing it does not make the browser lay
/// the page out there and then. A control whose click takes it off the page (a screen's
/// button, the game over's Replay, the replay's Close) calls this first: Chromium styles and
/// lays out the half-drawn page when the focused element is removed, in the middle of the
/// click's task (16 ms of the Replay click's 93 at 4×, issue #20 target 2). The focus would
/// have left with the element in any case.
pub(crate) fn blur_focus() {
    use wasm_bindgen::JsCast;
    let Some(focused) = document().active_element() else {
        return;
    };
    // A board's targets are SVG elements, the rest HTML.
    if let Some(html) = focused.dyn_ref::<web_sys::HtmlElement>() {
        let _ = html.blur();
    } else if let Some(svg) = focused.dyn_ref::<web_sys::SvgElement>() {
        let _ = svg.blur();
    }
}

/// A press of the mouse or a finger on a control does not give it the focus (a listener on the
/// window, in the capture phase, turns down the press's default; the click that follows is
/// unchanged). Whatever a tap then takes off the page or makes unfocusable leaves no focused
/// element behind: a Herd cell that is no longer a target loses its `tabindex`, a played card
/// leaves the hand. Chromium styled and laid out the half-drawn page inside the tap's task for
/// each of them (Herd, 16 taps at 4×: 78–115 ms of forced style and layout, `node
/// tests/e2e/taps.js`, issue #20 target 2). Taking the focus off
/// in the click instead (`blur`) forced a style of its own. A pointer player does not use the
/// focus; a keyboard player does, and keys are untouched. A field (a name, an answer, the
/// replay's slider, a list, a label) takes the focus as always.
fn pointer_presses_give_no_focus() {
    use wasm_bindgen::{closure::Closure, JsCast};
    let on_press = Closure::<dyn Fn(web_sys::MouseEvent)>::new(|e: web_sys::MouseEvent| {
        let Some(target) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let closest = |selector: &str| target.closest(selector).ok().flatten().is_some();
        if e.button() == 0
            && closest("button, a[href], summary, [tabindex]")
            && !closest("input, select, textarea, label, [contenteditable]")
        {
            e.prevent_default();
        }
    });
    if let Some(window) = web_sys::window() {
        let _ = window.add_event_listener_with_callback_and_bool(
            "mousedown",
            on_press.as_ref().unchecked_ref(),
            true,
        );
    }
    // The app's whole life: the page never takes it off.
    on_press.forget();
}

thread_local! {
    /// Whether the app has been drawn once since the page loaded ([`app_drawn`]).
    static APP_DRAWN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the app's first screen has been drawn: false while the page is still opening (its
/// first task builds that screen, the home or the table in progress, however long it takes),
/// true once a click can have opened something.
pub(crate) fn app_drawn() -> bool {
    APP_DRAWN.with(std::cell::Cell::get)
}

/// Run `f` once the page has been drawn: in the task after the next frame's paint, so that what
/// the page shows first (the open table, the home, a table's board) is on screen before it.
pub(crate) fn after_paint(f: impl FnOnce() + 'static) {
    request_animation_frame(|| set_timeout(f, std::time::Duration::ZERO));
}

/// A signal that follows `source` a paint later ([`after_paint`]): what reads it is redrawn in
/// its own task, after the page has been drawn with what reads `source` itself. The replay's
/// log follows the step this way, so a jump of the slider is two shorter main-thread tasks (the
/// board, then up to 200 log lines) instead of one (issue #20 target 2).
pub(crate) fn a_paint_later<T>(source: impl Fn() -> T + 'static) -> ReadSignal<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    let later = RwSignal::new(untrack(&source));
    Effect::new(move |_| {
        let now = source();
        after_paint(move || {
            // The reader may be gone by then (the table closed): nothing is left to follow.
            if later.try_get_untracked().is_some_and(|was| was != now) {
                later.try_set(now);
            }
        });
    });
    later.read_only()
}
