//! The step-through replay of the match: while it is open, the board, the prompt and the log
//! show the state after the chosen action ([`super::Shown::replay_at`]) and no one may act.

use super::Table;
use crate::t;
use crate::ui::use_lang;
use leptos::prelude::*;

/// The replay's position: the state after action `at`, of `last` actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub at: usize,
    pub last: usize,
}

impl Step {
    /// The step `to`, never past the last one.
    pub fn to(self, to: usize) -> usize {
        to.min(self.last)
    }
    pub fn back(self) -> usize {
        self.to(self.at.saturating_sub(1))
    }
    pub fn forward(self) -> usize {
        self.to(self.at + 1)
    }
}

/// What a replay button does, drawn as its icon.
#[derive(Clone, Copy)]
enum Icon {
    First,
    Back,
    Forward,
    Last,
}

/// A replay button's icon, drawn rather than written: the first and last glyphs (⏮ ⏭) are
/// missing from many fonts (phones and the test machines showed an empty box), and drawn
/// icons match each other.
#[component]
fn StepIcon(step: Icon) -> impl IntoView {
    let (triangle, bar) = match step {
        Icon::First => ("14,3 5,8 14,13", Some(2)),
        Icon::Back => ("12,3 4,8 12,13", None),
        Icon::Forward => ("4,3 12,8 4,13", None),
        Icon::Last => ("2,3 11,8 2,13", Some(12)),
    };
    view! {
        <svg class="step-icon" viewBox="0 0 16 16" aria-hidden="true">
            <polygon points=triangle />
            {bar.map(|x| view! { <rect x=x y="3" width="2" height="10" /> })}
        </svg>
    }
}

#[component]
pub(super) fn ReplayBar(table: Table) -> impl IntoView {
    let lang = use_lang();
    let replay_at = table.shown.replay_at;
    let open = Memo::new(move |_| replay_at.get().is_some());
    // Whether the bar has been drawn since the replay opened (a change of language draws it
    // again, and must not move the focus).
    let drawn = StoredValue::new(false);
    move || {
        if !open.get() {
            drawn.set_value(false);
            return None;
        }
        let n = table.game.history_len() - 1;
        let lang = lang.get();
        // The bar is drawn when the replay opens; only the slider and the step's text follow
        // the step after that (issue #20 target 2: a drag drew the buttons and icons anew).
        let step = move || Step {
            at: replay_at.get().unwrap_or(0),
            last: n,
        };
        let now = move || untrack(step);
        let go = move |to: usize| replay_at.set(Some(to));
        // The control that opened the replay has left the page: the slider, which steps it
        // with the arrow keys, takes the focus once the bar is first drawn.
        let slider = NodeRef::<leptos::html::Input>::new();
        if !drawn.get_value() {
            drawn.set_value(true);
            crate::ui::after_paint(move || {
                if let Some(slider) = slider.get_untracked() {
                    let _ = slider.focus();
                }
            });
        }
        // Closing takes the bar off the page, the focused Close button with it.
        let close = move |_| {
            crate::ui::blur_focus();
            replay_at.set(None);
        };
        Some(view! {
            <div class="replay-bar" data-testid="replay-bar" role="group" aria-label=t!(lang, "Replay", "Visszajátszás")>
                <button aria-label=t!(lang, "First", "Első") on:click=move |_| go(0)><StepIcon step=Icon::First /></button>
                <button aria-label=t!(lang, "Back", "Vissza") on:click=move |_| go(now().back())><StepIcon step=Icon::Back /></button>
                <input
                    node_ref=slider
                    type="range"
                    min="0"
                    max=n.to_string()
                    prop:value=move || step().at.to_string()
                    aria-label=t!(lang, "Action", "Lépés")
                    on:input=move |e| {
                        if let Ok(to) = event_target_value(&e).parse() {
                            go(now().to(to));
                        }
                    }
                />
                <button aria-label=t!(lang, "Forward", "Előre") on:click=move |_| go(now().forward())><StepIcon step=Icon::Forward /></button>
                <button aria-label=t!(lang, "Last", "Utolsó") on:click=move |_| go(n)><StepIcon step=Icon::Last /></button>
                <span class="replay-step" data-testid="replay-step">{move || format!("{} / {n}", step().at)}</span>
                <button on:click=close>{t!(lang, "Close replay", "Visszajátszás bezárása")}</button>
            </div>
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_replay_steps_within_the_game() {
        let step = Step { at: 0, last: 4 };
        assert_eq!((step.back(), step.forward(), step.to(9)), (0, 1, 4));
        let step = Step { at: 4, last: 4 };
        assert_eq!((step.back(), step.forward()), (3, 4));
    }
}
