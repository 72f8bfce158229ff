//! The app comes in two kinds of build (issue #20): the whole app, and one per game with only
//! that game's rules, board and AI (under half the download; [`crate::games::BUILD`]). The
//! loader in index.html (scripts/loader.js) picks one before anything is downloaded: a game's
//! own build when the visit opens that game's table (a tap on the static home, a table in
//! progress), the whole app otherwise.
//!
//! A game's build plays its game at this device: setup, table, review, hints. Everything else
//! (the home page, another game, an invitation, an online table) is the whole app's: the page
//! is handed over to it ([`hand_over`]), which reloads it with what was asked for in the
//! fragment, as a tap on the static home would have, or, for an online table's lobby, in the
//! session ([`take_lobby`]).

use super::online::host::LobbySpec;
use super::Screen;
use crate::games::{built_in, BUILD, IS_WHOLE_APP, WHOLE_APP};
use leptos::prelude::*;

/// Whether this build shows every screen itself: only the whole app does. A game's build never
/// draws the home, a lobby, an invitation or an online table (it hands them over), and the
/// calls into them are made only when this holds, so their code is left out of a game's build:
/// the online tables alone were about 90 KB of Herd's 486 KB gzipped (issue #20, target 1: the
/// first visit's download).
pub const EVERY_SCREEN: bool = IS_WHOLE_APP;

/// Where a game's build leaves the lobby it hands over, as JSON, for the whole app to open.
const LOBBY_KEY: &str = "turf.lobby";

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
    /// An online table's lobby, as JSON, for the whole app to open ([`take_lobby`]).
    lobby: Option<String>,
}

/// What the build named `build` hands over to the whole app at `screen`, or `None` when it
/// shows that screen itself (the whole app shows every screen; a game's build its own game's
/// setup and tables at this device).
fn hand_over_at(build: &str, screen: &Screen) -> Option<HandOver> {
    let to = |fragment: String| {
        Some(HandOver {
            fragment,
            home: matches!(screen, Screen::Home),
            lobby: None,
        })
    };
    if build == WHOLE_APP {
        return None;
    }
    match screen {
        Screen::Setup(id) if built_in(build, id) => None,
        Screen::Table(spec) if built_in(build, &spec.game) && spec.online.is_none() => None,
        Screen::Home | Screen::Table(_) => to(String::new()),
        Screen::Setup(id) => to(format!("{}{id}", super::static_home::PLAY_FRAGMENT)),
        Screen::Lobby(spec) => Some(HandOver {
            fragment: String::new(),
            home: false,
            lobby: Some(serde_json::to_string(&**spec).unwrap_or_default()),
        }),
        Screen::Join(code) => to(format!("{}{code}", super::online::JOIN_FRAGMENT)),
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
            if let Some(lobby) = &to.lobby {
                session_set(LOBBY_KEY, lobby);
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
    session_set(WHOLE_APP_KEY, "1");
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

/// The lobby a game's build handed over, if any (taken: a later reload does not reopen it).
/// A lobby that cannot be read is dropped; the app then opens as it would without it.
pub fn take_lobby() -> Option<LobbySpec> {
    let session = web_sys::window()?.session_storage().ok()??;
    let json = session.get_item(LOBBY_KEY).ok()??;
    let _ = session.remove_item(LOBBY_KEY);
    serde_json::from_str(&json).ok()
}

fn session_set(key: &str, value: &str) {
    if let Some(Ok(Some(session))) = web_sys::window().map(|w| w.session_storage()) {
        let _ = session.set_item(key, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::fairness::Bytes32;
    use crate::online::host::Dealing;
    use crate::ui::online::host::OnlineSpec;
    use crate::ui::{SeatSpec, TableSpec};
    use std::sync::Arc;

    /// A Herd lobby as the setup makes it (`new_lobby` asks the browser for a new table id).
    fn lobby(seats: Vec<SeatSpec>) -> LobbySpec {
        LobbySpec {
            game: "herd".into(),
            seats,
            options: r#"{"side":4}"#.into(),
            table: "t1".into(),
            deal: 0,
        }
    }

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
            Screen::Lobby(Arc::new(lobby(Vec::new()))),
        ] {
            assert_eq!(hand_over_at(BUILD, &screen), None);
        }
        assert_eq!(worker_script(), "./ai-worker.js");
    }

    #[test]
    fn a_game_build_hands_over_the_home_invitations_online_tables_and_other_games() {
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
                lobby: None,
            })
        };
        // Its own game at this device, every screen of it.
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
        // Its own game's online table: the whole app reopens it as the table in progress.
        let online = TableSpec {
            online: Some(OnlineSpec {
                table: "t1".into(),
                dealing: Dealing::new(0, Bytes32([7; 32]), vec![1]),
            }),
            ..(*spec("herd")).clone()
        };
        assert_eq!(
            hand_over_at("herd", &Screen::Table(Arc::new(online))),
            to("", false)
        );
    }

    #[test]
    fn a_game_build_hands_its_lobby_over_whole() {
        let lobby = lobby(vec![
            SeatSpec {
                name: "Ann".into(),
                ai: None,
                remote: false,
            },
            SeatSpec {
                name: "Bo".into(),
                ai: None,
                remote: true,
            },
        ]);
        let over = hand_over_at("herd", &Screen::Lobby(Arc::new(lobby.clone())))
            .expect("a game's build does not show a lobby");
        assert_eq!((over.fragment.as_str(), over.home), ("", false));
        let carried: LobbySpec =
            serde_json::from_str(&over.lobby.expect("the lobby is carried")).unwrap();
        assert_eq!(carried, lobby);
    }
}
