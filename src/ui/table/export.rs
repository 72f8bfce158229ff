//! Export: the game as a file, to move it to another device. An unfinished game with secrets
//! asks first ([`ExportWarning`]): the file holds the seed, and with it every hidden hand and
//! every draw to come. [`Export`] is the one way to export, for Controls and the game-over
//! screen alike.

use super::Table;
use crate::engine::ToMove;
use crate::t;
use crate::ui::{saves, use_lang};
use leptos::prelude::*;

/// The export of one table: its warning's state and the button the warning gives focus back to.
#[derive(Clone)]
pub(super) struct Export {
    table: Table,
    /// The export warning is up.
    pub asking: RwSignal<bool>,
    /// Controls' Export button.
    pub button: NodeRef<leptos::html::Button>,
}

/// Whether the export asks first: the game has secrets and they are not all out yet (a finished
/// game has nothing left to hide).
pub(super) fn asks_first(hidden_information: bool, to_move: ToMove) -> bool {
    hidden_information && to_move != ToMove::Over
}

/// The file's name: the game and the day, `turf-herd-2026-12-01.json`, from an ISO date.
pub(super) fn file_name(game_id: &str, iso_date: &str) -> String {
    format!(
        "turf-{}-{}.json",
        game_id,
        &iso_date[..iso_date.len().min(10)]
    )
}

impl Export {
    pub fn new(table: Table) -> Self {
        Export {
            table,
            asking: RwSignal::new(false),
            button: NodeRef::new(),
        }
    }

    /// Whether there is a file to export: a guest at an online table has no record until the
    /// host revealed it at the end and it verified.
    pub fn available(&self) -> bool {
        self.table
            .guest
            .is_none_or(|g| g.verdict.with(|v| matches!(v, Some(Ok(())))))
    }

    /// Export, asking first where the file would give secrets away.
    pub fn start(&self) {
        let game = &self.table.game;
        if asks_first(
            game.hidden_information(),
            self.table.to_move.get_untracked(),
        ) {
            self.asking.set(true);
        } else {
            self.write();
        }
    }

    fn write(&self) {
        let date = js_sys::Date::new_0()
            .to_iso_string()
            .as_string()
            .unwrap_or_default();
        let name = file_name(self.table.game.id(), &date);
        if let Err(e) = download(&name, &saves::export(&self.table.as_saved())) {
            self.table.shown.notice.set(Some(e));
        }
    }

    /// Closed, the warning gives focus back to Export, once the table is no longer inert.
    fn close_warning(&self) {
        self.asking.set(false);
        let button = self.button;
        request_animation_frame(move || {
            if let Some(button) = button.get_untracked() {
                let _ = button.focus();
            }
        });
    }

    /// The warning while it is up.
    pub fn warning(&self) -> impl Fn() -> Option<AnyView> + Send + Sync + 'static {
        let export = self.clone();
        move || {
            export.asking.get().then(|| {
                let (confirm, cancel) = (export.clone(), export.clone());
                let on_export = Callback::new(move |_| {
                    confirm.close_warning();
                    confirm.write();
                });
                let on_cancel = Callback::new(move |_| cancel.close_warning());
                view! { <ExportWarning on_export on_cancel /> }.into_any()
            })
        }
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

/// Asked before an unfinished game with secrets is exported: the file holds the seed, so it
/// shows every hidden card and every draw to come. An in-app dialog (not `window.confirm`):
/// focus starts on Cancel, Tab cycles between its two buttons, Escape cancels.
#[component]
fn ExportWarning(on_export: Callback<()>, on_cancel: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let cancel = NodeRef::<leptos::html::Button>::new();
    let confirm = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(button) = cancel.get() {
            let _ = button.focus();
        }
    });
    let keys = move |e: leptos::ev::KeyboardEvent| match e.key().as_str() {
        "Escape" => on_cancel.run(()),
        "Tab" => {
            e.prevent_default();
            let on_cancel_button = cancel.get_untracked().is_some_and(|b| {
                let b: &web_sys::Element = b.as_ref();
                document().active_element().as_ref() == Some(b)
            });
            let next = if on_cancel_button { confirm } else { cancel };
            if let Some(button) = next.get_untracked() {
                let _ = button.focus();
            }
        }
        _ => {}
    };
    view! {
        <div class="modal-backdrop" data-testid="export-warning" role="alertdialog" aria-modal="true"
            aria-labelledby="export-warning-title" aria-describedby="export-warning-text" on:keydown=keys>
            <div class="modal-card">
                <h2 id="export-warning-title">{move || t!(lang.get(), "Export the whole game?", "Exportálod a teljes játszmát?")}</h2>
                <p id="export-warning-text">{move || t!(lang.get(),
                    "The file shows every hidden card, stone and tile, every player's hand, and every draw and question still to come. It is meant for moving this game to another device: whoever opens it sees everything the other players hide.",
                    "A fájlban minden rejtett lap, kő és lapka, minden játékos keze, és minden még hátralévő húzás és kérdés látszik. Arra való, hogy a játszmát egy másik eszközre vigyétek át: aki megnyitja, mindent lát, amit a többi játékos rejt.")}</p>
                <div class="actions">
                    <button data-testid="export-cancel" node_ref=cancel on:click=move |_| on_cancel.run(())>
                        {move || t!(lang.get(), "Cancel", "Mégse")}
                    </button>
                    <button class="primary" data-testid="export-confirm" node_ref=confirm on:click=move |_| on_export.run(())>
                        {move || t!(lang.get(), "Export the file", "A fájl exportálása")}
                    </button>
                </div>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_unfinished_game_with_secrets_asks_first() {
        assert!(asks_first(true, ToMove::Seat(0)));
        assert!(asks_first(true, ToMove::Chance));
        assert!(!asks_first(true, ToMove::Over));
        assert!(!asks_first(false, ToMove::Seat(0)));
    }

    #[test]
    fn the_file_is_named_by_the_game_and_the_day() {
        assert_eq!(
            file_name("herd", "2026-12-01T13:41:12.000Z"),
            "turf-herd-2026-12-01.json"
        );
        assert_eq!(file_name("herd", ""), "turf-herd-.json");
    }
}
