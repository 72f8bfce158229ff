//! The hand-off screen: between two human seats in a game with secrets, it covers the table
//! (the table renders nothing secret while it shows) until the next player confirms.

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
    view! {
        <div class="handoff" role="dialog" aria-modal="true" aria-labelledby="handoff-title">
            <div class="handoff-card">
                <h2 id="handoff-title">{move || t!(lang.get(), "Pass the device to {n1}", "Add át az eszközt: {n1}")}</h2>
                <p>{move || t!(lang.get(), "The other players look away. Only {n2} may see the next screen.", "A többiek forduljanak el. A következő képernyőt csak {n2} láthatja.")}</p>
                <button class="primary big" data-testid="handoff-ready" on:click=move |_| on_ready.run(())>
                    {move || t!(lang.get(), "I am {n3}", "{n3} vagyok")}
                </button>
            </div>
        </div>
    }
}
