//! Hints during play (issue #18): a human seat on its turn asks, and the board points out the
//! action Hard would choose. The AI worker answers as it does for a computer seat: it replays
//! the record and gives Hard only the asking seat's view ([`crate::ai::protocol::answer`]), so
//! a hint never uses anything the seat could not see. The log notes every hint asked for.

use super::Table;
use crate::ai::protocol::AiRequest;
use crate::ai::{Bot, Level};
use crate::engine::{Seat, ToMove};
use crate::t;
use crate::ui::{fresh_seed, use_lang, worker};
use leptos::prelude::*;

/// Hint tickets start here, apart from the computer seats' own (which count from 1).
const HINT_TICKETS: u64 = 1 << 48;

/// The hints of one table.
#[derive(Clone, Copy)]
pub(super) struct Hints {
    /// Hints are on at this table (chosen at setup).
    pub on: bool,
    /// Each hint asked for: the number of actions made then and the seat.
    pub used: RwSignal<Vec<(usize, Seat)>>,
    /// A hint is being worked out.
    pub asking: RwSignal<bool>,
    ticket: StoredValue<u64>,
}

/// Note that `seat` asked for a hint after `moves` actions: once per seat and turn.
pub(super) fn note(used: &mut Vec<(usize, Seat)>, moves: usize, seat: Seat) {
    if !used.contains(&(moves, seat)) {
        used.push((moves, seat));
    }
}

impl Hints {
    pub fn new(on: bool, used: Vec<(usize, Seat)>) -> Self {
        Hints {
            on,
            used: RwSignal::new(used),
            asking: RwSignal::new(false),
            ticket: StoredValue::new(HINT_TICKETS),
        }
    }

    /// Ask the AI worker for Hard's choice from the viewer's seat, and point it out.
    pub fn ask(self, table: &Table) {
        let ToMove::Seat(seat) = table.to_move.get_untracked() else {
            return;
        };
        let moves = table.moves_made.get_untracked();
        self.ticket.update_value(|t| *t += 1);
        let ticket = self.ticket.get_value();
        let request = AiRequest {
            ticket,
            game: table.game.id().to_string(),
            record: table.game.record_json(),
            seat,
            bot: Bot::level(Level::Hard),
            seed: fresh_seed(),
        };
        self.asking.set(true);
        let (game, moves_made, notice) = (table.game.clone(), table.moves_made, table.shown.notice);
        let lang = use_lang();
        let asked = worker::ask(&request, move |reply| {
            self.asking.set(false);
            // An answer to a position the table has left is no hint any more.
            if moves_made.try_get_untracked() != Some(moves) {
                return;
            }
            match reply.action {
                Ok(action) => {
                    game.point_hint(Some(&action));
                    self.used.update(|u| note(u, moves, seat));
                }
                Err(why) => notice.set(Some(t!(
                    lang.get_untracked(),
                    "No hint: {why}",
                    "Nincs tipp: {why}"
                ))),
            }
        });
        if let Err(why) = asked {
            self.asking.set(false);
            table.shown.notice.set(Some(why));
        }
    }
}

/// A hint lasts until the next action.
pub(super) fn clear_on_move(table: &Table) {
    let (game, moves_made) = (table.game.clone(), table.moves_made);
    Effect::new(move |_| {
        moves_made.track();
        game.point_hint(None);
    });
}

/// The Hint button, for a human seat at this device on its turn, when hints are on.
#[component]
pub(super) fn HintButton(table: Table) -> impl IntoView {
    let lang = use_lang();
    let hints = table.hints;
    move || {
        let game = table.game.clone();
        let may = hints.on && table.shown.replay_at.get().is_none() && game.viewer_may_act();
        may.then(|| {
            let table = table.clone();
            view! {
                <button
                    data-testid="hint"
                    disabled=move || hints.asking.get()
                    title=t!(lang.get(), "What would the computer play? (Hard)", "Mit lépne a gép? (Nehéz)")
                    on:click=move |_| hints.ask(&table)
                >
                    {move || if hints.asking.get() { t!(lang.get(), "Thinking…", "Gondolkodik…") } else { t!(lang.get(), "Hint", "Tipp") }}
                </button>
            }
        })
    }
}

/// The log's line for a hint asked for by seat `seat` (`@0` names the seat as log lines do).
pub(super) fn log_line(seat: Seat, lang: crate::i18n::Lang) -> String {
    t!(lang, "@{} asked for a hint.", "@{} tippet kért.", seat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_is_noted_once_per_seat_and_turn() {
        let mut used = Vec::new();
        note(&mut used, 4, 1);
        note(&mut used, 4, 1);
        note(&mut used, 6, 1);
        note(&mut used, 6, 0);
        assert_eq!(used, [(4, 1), (6, 1), (6, 0)]);
    }
}
