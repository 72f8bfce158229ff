//! The app comes in two kinds of build (issue #20): the whole app, and one per game with only
//! that game's rules, board and AI (under half the download; [`crate::games::BUILD`]). The
//! loader in index.html (scripts/loader.js) picks one before anything is downloaded: a game's
//! own build when the visit opens that game's table (a tap on the static home, a table in
//! progress), the whole app otherwise.
//!
//! A game's build plays its game: setup, table, online hosting, review, hints. Everything else
//! (the home page, another game, an invitation) is the whole app's: the page is handed over to
//! it ([`hand_over`]), which reloads it with what was asked for in the fragment, as a tap on
//! the static home would have.

use super::Screen;
use crate::games::{built_in, BUILD, WHOLE_APP};
use leptos::prelude::*;

/// The session flag that makes the loader run the whole app on the next load, whatever the
/// fragment or the table in progress say (the hand-over's reload). The loader clears it.
const WHOLE_APP_KEY: &str = "turf.whole";

/// Whether the loader has given the page to another build while this one was downloading (a
/// game was tapped on the static home): then this one must not start. The loader names the
/// build it wants in `window.turfBuild`; without a loader (a development build) every build
/// starts.
pub fn superseded() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    js_sys::Reflect::get(&window, &"turfBuild".into())
        .ok()
        .and_then(|v| v.as_string())
        .is_some_and(|wanted| wanted != BUILD)
}

/// Tell the loader that this build has started (`window.turfStarted`): a game's build that
/// failed before this line (a broken download) may be replaced by the whole app, one that
/// failed after it may not, since it has already drawn on the page.
pub fn mark_started() {
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &"turfStarted".into(), &BUILD.into());
    }
}

/// The AI worker's script for this build: it loads the same build's wasm
/// (scripts/post-build.js writes one per build from assets/ai-worker.js).
pub fn worker_script() -> String {
    match BUILD {
        WHOLE_APP => "./ai-worker.js".to_string(),
        game => format!("./ai-worker-{game}.js"),
    }
}

/// Where a game's build sends the page it does not show: the fragment the whole app's reload
/// carries, and whether the player asked for the home.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandOver {
    /// `#play=…`, `#join=…`, or nothing (the home).
    fragment: String,
    /// The home was asked for: the whole app opens the table in progress unless told
    /// otherwise, so the hand-over clears it first.
    home: bool,
}

/// What the build named `build` hands over to the whole app at `screen`, or `None` when it
/// shows that screen itself (the whole app shows every screen).
fn hand_over_at(build: &str, screen: &Screen) -> Option<HandOver> {
    let to = |fragment: String| {
        Some(HandOver {
            fragment,
            home: matches!(screen, Screen::Home),
        })
    };
    if build == WHOLE_APP {
        return None;
    }
    match screen {
        Screen::Home => to(String::new()),
        Screen::Setup(id) if !built_in(build, id) => {
            to(format!("{}{id}", super::static_home::PLAY_FRAGMENT))
        }
        Screen::Table(spec) if !built_in(build, &spec.game) => to(String::new()),
        Screen::Lobby(spec) if !built_in(build, &spec.game) => to(String::new()),
        Screen::Join(code) => to(format!("{}{code}", super::online::JOIN_FRAGMENT)),
        _ => None,
    }
}

/// In a game's own build, hand the page over to the whole app whenever the screen becomes one
/// this build does not show (see [`hand_over_at`]).
pub fn hand_over_when_needed(screen: RwSignal<Screen>) {
    if BUILD == WHOLE_APP {
        return;
    }
    Effect::new(move |_| {
        if let Some(to) = screen.with(|s| hand_over_at(BUILD, s)) {
            if to.home {
                super::saves::set_current(None);
            }
            hand_over(&to.fragment);
        }
    });
}

/// Reload the page into the whole app, opening `fragment` (`#play=…`, `#join=…` or nothing).
fn hand_over(fragment: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(Some(session)) = window.session_storage() {
        let _ = session.set_item(WHOLE_APP_KEY, "1");
    }
    let path = window.location().pathname().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{fragment}")),
        );
    }
    let _ = window.location().reload();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::TableSpec;
    use std::sync::Arc;

    #[test]
    fn the_whole_app_shows_every_screen_itself() {
        let table = TableSpec {
            game: "moonlight".into(),
            ..Default::default()
        };
        for screen in [
            Screen::Home,
            Screen::Setup("herd"),
            Screen::Table(Arc::new(table)),
            Screen::Join("abc".into()),
        ] {
            assert_eq!(hand_over_at(BUILD, &screen), None);
        }
        assert_eq!(worker_script(), "./ai-worker.js");
    }

    #[test]
    fn a_game_build_hands_over_the_home_invitations_and_other_games() {
        let spec = |game: &str| {
            Arc::new(TableSpec {
                game: game.into(),
                ..Default::default()
            })
        };
        let to = |fragment: &str, home: bool| {
            Some(HandOver {
                fragment: fragment.into(),
                home,
            })
        };
        // Its own game, every screen of it.
        assert_eq!(hand_over_at("herd", &Screen::Setup("herd")), None);
        assert_eq!(hand_over_at("herd", &Screen::Table(spec("herd"))), None);
        // Everything else goes to the whole app; only the home clears the table in progress.
        assert_eq!(hand_over_at("herd", &Screen::Home), to("", true));
        assert_eq!(
            hand_over_at("herd", &Screen::Setup("moonlight")),
            to("#play=moonlight", false)
        );
        assert_eq!(
            hand_over_at("herd", &Screen::Table(spec("moonlight"))),
            to("", false)
        );
        assert_eq!(
            hand_over_at("herd", &Screen::Join("abc".into())),
            to("#join=abc", false)
        );
    }
}
