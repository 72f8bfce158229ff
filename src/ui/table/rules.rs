//! "How to play": the game's rules summary, folded.

use super::Table;
use crate::i18n::the;
use crate::t;
use crate::ui::catalogue::entry;
use crate::ui::use_lang;
use leptos::prelude::*;

#[component]
pub(super) fn Rules(table: Table) -> impl IntoView {
    let lang = use_lang();
    let game = table.game;
    let (id, english_name) = (game.id(), game.name());
    let game_name = move |lang| entry(id).map_or(english_name, |e| e.name(lang));
    // The summary is built the first time it opens, not with the table: it is the table's
    // largest view, and building it made starting a game one main-thread task over 50 ms
    // (measured with tests/e2e/bench.js).
    let opened = RwSignal::new(false);
    view! {
        <details class="rules" on:toggle=move |_| opened.set(true)>
            <summary>{move || {
                let lang = lang.get();
                t!(lang, "How to play {}", "{} szabályai", the(lang, game_name(lang), true))
            }}</summary>
            {move || opened.get().then(|| game.rules(lang.get()))}
        </details>
    }
}
