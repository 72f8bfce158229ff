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

#[component]
pub(super) fn ReplayBar(table: Table) -> impl IntoView {
    let lang = use_lang();
    let replay_at = table.shown.replay_at;
    move || {
        let at = replay_at.get()?;
        let step = Step {
            at,
            last: table.game.history_len() - 1,
        };
        let n = step.last;
        let lang = lang.get();
        let go = move |to: usize| replay_at.set(Some(step.to(to)));
        Some(view! {
            <div class="replay-bar" data-testid="replay-bar" role="group" aria-label=t!(lang, "Replay", "Visszajátszás")>
                <button aria-label=t!(lang, "First", "Első") on:click=move |_| go(0)>"⏮"</button>
                <button aria-label=t!(lang, "Back", "Vissza") on:click=move |_| go(step.back())>"◀"</button>
                <input
                    type="range"
                    min="0"
                    max=n.to_string()
                    prop:value=at.to_string()
                    aria-label=t!(lang, "Action", "Lépés")
                    on:input=move |e| {
                        if let Ok(to) = event_target_value(&e).parse() {
                            go(to);
                        }
                    }
                />
                <button aria-label=t!(lang, "Forward", "Előre") on:click=move |_| go(step.forward())>"▶"</button>
                <button aria-label=t!(lang, "Last", "Utolsó") on:click=move |_| go(n)>"⏭"</button>
                <span class="replay-step" data-testid="replay-step">{format!("{at} / {n}")}</span>
                <button on:click=move |_| replay_at.set(None)>{t!(lang, "Close replay", "Visszajátszás bezárása")}</button>
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
