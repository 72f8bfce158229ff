//! The prompt above the players panel: what the viewer must do, who is to play or thinking,
//! or which step the replay shows; a spinner turns while the computer thinks.

use super::Table;
use crate::engine::{Seat, ToMove};
use crate::i18n::{thinking_line, to_play_line, Lang};
use crate::t;
use crate::ui::use_lang;
use leptos::prelude::*;

/// What the prompt says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prompt {
    /// The replay shows the state after `at` of `of` actions.
    Replay {
        at: usize,
        of: usize,
    },
    Over,
    /// Chance is next: nothing to say.
    Chance,
    /// The viewer may act: the game says what to do.
    Act,
    Thinking(Seat),
    ToPlay(Seat),
}

impl Prompt {
    /// `may_act` and `thinking` are asked only when they decide, so the prompt tracks no more
    /// than it shows.
    pub fn of(
        replay: Option<(usize, usize)>,
        to_move: ToMove,
        may_act: impl FnOnce() -> bool,
        thinking: impl FnOnce() -> bool,
    ) -> Self {
        if let Some((at, of)) = replay {
            return Prompt::Replay { at, of };
        }
        match to_move {
            ToMove::Over => Prompt::Over,
            ToMove::Chance => Prompt::Chance,
            ToMove::Seat(_) if may_act() => Prompt::Act,
            ToMove::Seat(s) if thinking() => Prompt::Thinking(s),
            ToMove::Seat(s) => Prompt::ToPlay(s),
        }
    }
}

#[component]
pub(super) fn PromptLine(table: Table) -> impl IntoView {
    let lang = use_lang();
    let Table {
        spec,
        game,
        shown,
        to_move,
        thinking,
        ..
    } = table;
    let line = move || {
        let lang: Lang = lang.get();
        let replay = shown.replay_at.get().map(|at| (at, game.history_len() - 1));
        let prompt = Prompt::of(
            replay,
            to_move.get(),
            || game.viewer_may_act(),
            || thinking.get(),
        );
        match prompt {
            Prompt::Replay { at, of } => t!(
                lang,
                "Replay: action {at} of {of}",
                "Visszajátszás: {at}. lépés / {of}"
            ),
            Prompt::Over => t!(lang, "Game over", "Vége a játéknak"),
            Prompt::Chance => String::new(),
            Prompt::Act => game.prompt(lang),
            Prompt::Thinking(s) => thinking_line(&spec.seats[s].name, lang),
            Prompt::ToPlay(s) => to_play_line(&spec.seats[s].name, lang),
        }
    };
    view! {
        <p class="prompt" aria-live="polite">
            <span class="spinner" aria-hidden="true" class:on=move || thinking.get()></span>
            {line}
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prompt(
        replay: Option<(usize, usize)>,
        to_move: ToMove,
        may_act: bool,
        thinking: bool,
    ) -> Prompt {
        Prompt::of(replay, to_move, || may_act, || thinking)
    }

    #[test]
    fn the_replay_step_comes_before_the_game() {
        let p = prompt(Some((3, 9)), ToMove::Seat(0), true, false);
        assert_eq!(p, Prompt::Replay { at: 3, of: 9 });
    }

    #[test]
    fn the_viewer_is_told_to_act_else_who_is_thinking_or_to_play() {
        assert_eq!(prompt(None, ToMove::Seat(1), true, true), Prompt::Act);
        assert_eq!(
            prompt(None, ToMove::Seat(1), false, true),
            Prompt::Thinking(1)
        );
        assert_eq!(
            prompt(None, ToMove::Seat(1), false, false),
            Prompt::ToPlay(1)
        );
        assert_eq!(prompt(None, ToMove::Over, true, true), Prompt::Over);
        assert_eq!(prompt(None, ToMove::Chance, false, false), Prompt::Chance);
    }

    #[test]
    fn what_does_not_decide_is_not_asked() {
        let p = Prompt::of(None, ToMove::Over, || panic!("asked"), || panic!("asked"));
        assert_eq!(p, Prompt::Over);
        let p = Prompt::of(None, ToMove::Seat(0), || true, || panic!("asked"));
        assert_eq!(p, Prompt::Act);
    }
}
