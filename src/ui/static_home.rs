//! The home page as plain HTML in index.html (issue #20): shown as soon as the page arrives,
//! while the wasm is still downloading, and replaced by the app when it starts ([`take_over`]).
//!
//! It is written from the same catalogue and texts as the app's home ([`super::home`]), in both
//! languages, by the test below: `cargo test --lib static_home` fails when index.html's block
//! differs from what this code writes, and `TURF_WRITE_STATIC_HOME=1 cargo test --lib
//! static_home` rewrites it. Its small inline script picks the language as the app will (the
//! saved choice, else the browser's) and hides the static home when the app will open something
//! else (a table in progress, an invitation), so neither flashes a wrong page.
//!
//! Its game buttons are links to `#play=<id>`: a tap before the wasm is ready only changes the
//! fragment, and the app opens that game's setup when it starts ([`take_play_from_url`]).

use super::catalogue::{self, CATALOGUE};
use super::home;
use crate::i18n::Lang;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The fragment of a static game button: `#play=herd`.
pub const PLAY_FRAGMENT: &str = "#play=";
/// The element the static home is written in; the app removes it when it mounts.
pub const STATIC_HOME_ID: &str = "static-home";
const BEGIN: &str = "<!-- static home: written by `TURF_WRITE_STATIC_HOME=1 cargo test --lib static_home` (src/ui/static_home.rs) -->";
const END: &str = "<!-- end of the static home -->";

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Sets `<html lang>` as the app's start will, and hides the static home when the app will not
/// open on the home page. Any failure (no storage) leaves English and the home.
fn script() -> String {
    format!(
        "(function(){{var d=document.documentElement;try{{var s=localStorage,l=s.getItem('{lang}')||navigator.language||'';\
d.lang=/^hu/i.test(l)?'hu':'en';if(s.getItem('{current}')||location.hash.indexOf('{join}')===0)d.classList.add('turf-resume')}}catch(e){{}}}})();",
        lang = super::LANG_KEY,
        current = super::saves::CURRENT_KEY,
        join = super::online::JOIN_FRAGMENT,
    )
}

/// The home of one language, as the app draws it (minus the saves and the file import, which
/// need the app).
fn home_html(lang: Lang) -> String {
    let mut out = format!(
        "<section class=\"home\" lang=\"{code}\" data-static-lang=\"{code}\">\n<h1>{}</h1>\n<p class=\"lede\">{}</p>\n<div class=\"cards\">\n",
        escape(&home::title(lang)),
        escape(&home::lede(lang)),
        code = lang.code(),
    );
    for entry in &CATALOGUE {
        let id = entry.id;
        out += &format!(
            "<article class=\"card{}\"><div class=\"card-art art-{id}\" aria-hidden=\"true\"></div><h2>{}</h2><p class=\"meta\">{} · {}</p><p class=\"pitch\">{}</p>",
            if entry.playable { "" } else { " unavailable" },
            escape(entry.name(lang)),
            escape(entry.players(lang)),
            escape(entry.length(lang)),
            escape(entry.pitch(lang)),
        );
        out += &if entry.playable {
            format!(
                "<a class=\"button primary\" href=\"{PLAY_FRAGMENT}{id}\" data-game=\"{id}\">{}</a>",
                escape(&home::play_label(entry, lang))
            )
        } else {
            format!(
                "<p class=\"not-yet\" data-game=\"{id}\">{}</p>",
                escape(&home::not_yet(lang))
            )
        };
        out += "</article>\n";
    }
    out + "</div>\n</section>\n"
}

/// The whole block of index.html's `<body>`, markers included.
pub fn static_home_html() -> String {
    let mut out = format!(
        "{BEGIN}\n<script>{}</script>\n<div id=\"{STATIC_HOME_ID}\" class=\"app static-home\">\n\
<header class=\"topbar\"><span class=\"brand\"><span class=\"brand-mark\" aria-hidden=\"true\">⬢</span> Turf</span></header>\n<main class=\"screen\">\n",
        script()
    );
    for lang in Lang::ALL {
        out += &home_html(lang);
    }
    out + "</main>\n</div>\n" + END
}

/// The game a tap on the static home asked for (`#play=<id>`), once: the fragment is cleared.
pub fn take_play_from_url() -> Option<&'static str> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    let entry = catalogue::entry(hash.strip_prefix(PLAY_FRAGMENT)?)?;
    if let Ok(history) = window.history() {
        let path = window.location().pathname().unwrap_or_default();
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
    entry.playable.then_some(entry.id)
}

/// Remove the static home: the app is about to draw the page. A game's own build may start
/// before the page is parsed (a link straight to `#play=<id>` whose stylesheet comes late: the
/// static home's script waits for it), and the static home then comes after the app has
/// started: it is removed again once the page is parsed, or it would stay under the app.
pub fn take_over() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    remove_static_home(&document);
    if document.ready_state() == "loading" {
        let parsed = Closure::once_into_js(move || {
            if let Some(document) = web_sys::window().and_then(|w| w.document()) {
                remove_static_home(&document);
            }
        });
        let _ =
            document.add_event_listener_with_callback("DOMContentLoaded", parsed.unchecked_ref());
    }
}

fn remove_static_home(document: &web_sys::Document) {
    if let Some(e) = document.get_element_by_id(STATIC_HOME_ID) {
        e.remove();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_home_in_index_html_is_what_the_code_writes() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/index.html");
        let index = std::fs::read_to_string(path).expect("index.html");
        let (start, end) = match (index.find(BEGIN), index.find(END)) {
            (Some(s), Some(e)) if s < e => (s, e + END.len()),
            _ => panic!("index.html has no static home block (between {BEGIN} and {END})"),
        };
        let want = static_home_html();
        if std::env::var_os("TURF_WRITE_STATIC_HOME").is_some() {
            let written = format!("{}{want}{}", &index[..start], &index[end..]);
            std::fs::write(path, written).expect("write index.html");
            return;
        }
        assert!(
            index[start..end] == want,
            "index.html's static home differs from the catalogue and texts: run \
             `TURF_WRITE_STATIC_HOME=1 cargo test --lib static_home`"
        );
    }

    #[test]
    fn static_home_names_every_game_in_both_languages() {
        let html = static_home_html();
        for entry in &CATALOGUE {
            for lang in Lang::ALL {
                assert!(html.contains(&escape(entry.name(lang))));
                assert!(html.contains(&escape(&home::play_label(entry, lang))));
            }
            assert_eq!(
                html.matches(&format!("href=\"#play={}\"", entry.id))
                    .count(),
                if entry.playable { 2 } else { 0 }
            );
        }
        // No markup the CSP or the parser would trip on in the texts.
        assert!(!script().contains("</"));
    }
}
