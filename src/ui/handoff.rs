//! The hand-off screen: between two human seats in a game with secrets, it covers the table
//! until the next player confirms. Behind it the table renders nothing secret, and the rest of
//! the page is `inert` (the table's side panel, the app's header), so neither a click nor the
//! Tab key reaches Export, the log or anything else; focus stays on this screen.

use super::use_lang;
use crate::t;
use leptos::prelude::*;

#[component]
pub fn HandOff(
    /// The player who takes the device now.
    name: String,
    on_ready: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let (n1, n2, n3) = (name.clone(), name.clone(), name);
    let ready = NodeRef::<leptos::html::Button>::new();
    // Focus the one control at once: the board element that was focused is gone, and a
    // keyboard player passes the screen with Enter.
    Effect::new(move |_| {
        if let Some(button) = ready.get() {
            let _ = button.focus();
        }
    });
    // Tab and Shift+Tab cycle within the screen: it has one control, so they stay on it.
    let trap = move |e: leptos::ev::KeyboardEvent| {
        if e.key() == "Tab" {
            e.prevent_default();
            if let Some(button) = ready.get_untracked() {
                let _ = button.focus();
            }
        }
    };
    view! {
        <div class="handoff" role="dialog" aria-modal="true" aria-labelledby="handoff-title" on:keydown=trap>
            <div class="handoff-card">
                <h2 id="handoff-title">{move || t!(lang.get(), "Pass the device to {n1}", "Add át az eszközt: {n1}")}</h2>
                <p>{move || t!(lang.get(), "The other players look away. Only {n2} may see the next screen.", "A többiek forduljanak el. A következő képernyőt csak {n2} láthatja.")}</p>
                <button class="primary big" data-testid="handoff-ready" node_ref=ready on:click=move |_| on_ready.run(())>
                    {move || t!(lang.get(), "I am {n3}", "{n3} vagyok")}
                </button>
            </div>
        </div>
    }
}
