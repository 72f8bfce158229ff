//! The hand-off screen: between two human seats in a game with secrets, it covers the table
//! (the table renders nothing secret while it shows) until the next player confirms.

use leptos::prelude::*;

#[component]
pub fn HandOff(
    /// The player who takes the device now.
    name: String,
    on_ready: Callback<()>,
) -> impl IntoView {
    view! {
        <div class="handoff" role="dialog" aria-modal="true" aria-labelledby="handoff-title">
            <div class="handoff-card">
                <h2 id="handoff-title">"Pass the device to " {name.clone()}</h2>
                <p>"The other players look away. Only " {name.clone()} " may see the next screen."</p>
                <button class="primary big" data-testid="handoff-ready" on:click=move |_| on_ready.run(())>
                    "I am " {name}
                </button>
            </div>
        </div>
    }
}
