//! Who sits at the table and what happens when the match comes to them: a human here is shown
//! the table (behind the hand-off screen where the game has secrets), the computer is asked in
//! the worker. The decisions are plain ([`Seating`]); [`drive`] carries them out.
//!
//! Another kind of seat (a player on another device) is one more [`Occupant`] and one more
//! [`Turn`]: the panel, the board and the driver all ask this file who sits where.

use super::Table;
use crate::ai::protocol::AiRequest;
use crate::ai::{Bot, Level};
use crate::engine::{Seat, ToMove};
use crate::t;
use crate::ui::{fresh_seed, use_lang, worker, SeatSpec};
use leptos::prelude::*;
use std::time::Duration;
use web_time::Instant;

/// Who sits in a seat, as this table treats it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Occupant {
    /// A player at this device.
    Human,
    /// The computer at this level, run in the AI worker.
    Computer(Level),
    /// A player on another device (an online table): the table waits for their action, which
    /// comes over the network, unless the computer stands in while they are away.
    Remote,
}

impl Occupant {
    pub fn of(seat: &SeatSpec) -> Self {
        match seat.ai {
            _ if seat.remote => Occupant::Remote,
            Some(level) => Occupant::Computer(level),
            None => Occupant::Human,
        }
    }
}

/// What the table does when the match comes to a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Turn {
    /// Nothing: the game is over, chance is next, or the table already shows the seat to move.
    Wait,
    /// Show the table through this human seat's eyes.
    Show(Seat),
    /// Cover the table until this human seat has the device.
    HandOff(Seat),
    /// Ask the computer for this seat's action.
    Ask(Seat, Level),
}

/// The seats of one table.
pub(super) struct Seating {
    occupants: Vec<Occupant>,
    /// Whether a seat holds secrets (the game's [`crate::ui::GameUi::HIDDEN_INFORMATION`]).
    secrets: bool,
}

impl Seating {
    pub fn new(seats: &[SeatSpec], secrets: bool) -> Self {
        Seating {
            occupants: seats.iter().map(Occupant::of).collect(),
            secrets,
        }
    }

    pub fn occupant(&self, seat: Seat) -> Occupant {
        self.occupants[seat]
    }

    pub fn has_computer(&self) -> bool {
        self.occupants
            .iter()
            .any(|o| matches!(o, Occupant::Computer(_)))
    }

    fn humans(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.occupants.len()).filter(|&s| self.occupants[s] == Occupant::Human)
    }

    /// Two humans share the device in a game with secrets: each passes it behind the hand-off
    /// screen.
    fn hands_off(&self) -> bool {
        self.secrets && self.humans().count() > 1
    }

    /// Whose eyes the table shows when it opens (the seat to move if human, else the first
    /// human), and whether it opens behind the hand-off screen for them: a resumed pass-and-play
    /// game with secrets does, as whoever holds the device now may not be the player to move.
    pub fn opening(&self, to_move: ToMove, resumed: bool) -> (Seat, Option<Seat>) {
        let viewer = match to_move {
            ToMove::Seat(s) if self.occupants[s] == Occupant::Human => s,
            _ => self.humans().next().unwrap_or(0),
        };
        let covered = self.hands_off() && resumed && to_move == ToMove::Seat(viewer);
        (viewer, covered.then_some(viewer))
    }

    /// What to do now that `to_move` is next and the table shows `viewer`'s eyes; `stand_in`
    /// is the computer's level for a remote seat it plays while its player is away.
    pub fn turn(&self, to_move: ToMove, viewer: Seat, stand_in: Option<Level>) -> Turn {
        let ToMove::Seat(s) = to_move else {
            return Turn::Wait;
        };
        match self.occupants[s] {
            Occupant::Computer(level) => Turn::Ask(s, level),
            Occupant::Remote => stand_in.map_or(Turn::Wait, |level| Turn::Ask(s, level)),
            Occupant::Human if s == viewer => Turn::Wait,
            Occupant::Human if self.hands_off() => Turn::HandOff(s),
            Occupant::Human => Turn::Show(s),
        }
    }
}

/// How long a computer's answer still waits before it is played: the table's pace counts from
/// the moment the computer was asked, so its thinking (and the worker's start, on a table's
/// first move) passes during the pace instead of after it. A move comes `pace` after the last
/// one, or as soon as it is found when the computer thinks longer than that.
fn still_to_wait(pace: Duration, thought: Duration) -> Duration {
    pace.saturating_sub(thought)
}

/// The driver: whenever the match changes, seat the next human or ask the computer, whose
/// answer is played no sooner than `pace` milliseconds after it was asked, so players can follow
/// it.
pub(super) fn drive(table: &Table, pace: RwSignal<u64>) {
    let lang = use_lang();
    let Table {
        game,
        seating,
        shown,
        to_move,
        moves_made,
        thinking,
        ..
    } = table.clone();
    // Numbers each request, so an answer that comes after an undo or a new game is dropped.
    let ticket = StoredValue::new(0u64);
    Effect::new(move |_| {
        moves_made.track();
        let next = to_move.get();
        let current = ticket.get_value() + 1;
        ticket.set_value(current);
        thinking.set(false);
        // Tracked: the host letting the computer stand in for an away seat re-runs this.
        let stand_in = match next {
            ToMove::Seat(s)
                if seating.occupant(s) == Occupant::Remote && crate::ui::builds::EVERY_SCREEN =>
            {
                crate::ui::online::host::stand_in_level(s)
            }
            _ => None,
        };
        let (s, level) = match seating.turn(next, shown.viewer.get_untracked(), stand_in) {
            Turn::Wait => return,
            Turn::Show(s) => return shown.viewer.set(s),
            Turn::HandOff(s) => return shown.handoff.set(Some(s)),
            Turn::Ask(s, level) => (s, level),
        };
        thinking.set(true);
        let request = AiRequest {
            ticket: current,
            game: game.id().to_string(),
            record: game.record_json(),
            seat: s,
            bot: Bot::level(level),
            seed: fresh_seed(),
        };
        let game = game.clone();
        let failed = move |e: String| {
            thinking.set(false);
            shown.notice.set(Some(e));
        };
        let asked = Instant::now();
        let play = move |action: Result<String, String>| {
            // An undo, a new game or a left table during the wait drops the answer.
            if ticket.try_get_value() != Some(current) {
                return;
            }
            if let Err(e) = action.and_then(|a| game.play_json(&a)) {
                failed(t!(
                    lang.get_untracked(),
                    "The computer could not move: {e}",
                    "A gép nem tudott lépni: {e}"
                ));
            }
        };
        let sent = worker::ask(&request, move |reply| {
            let wait = still_to_wait(
                Duration::from_millis(pace.try_get_untracked().unwrap_or_default()),
                asked.elapsed(),
            );
            if wait.is_zero() {
                play(reply.action);
            } else {
                set_timeout(move || play(reply.action), wait);
            }
        });
        if let Err(e) = sent {
            failed(e);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seating(seats: &[Option<Level>], secrets: bool) -> Seating {
        let seats: Vec<SeatSpec> = seats
            .iter()
            .map(|&ai| SeatSpec {
                name: "A".into(),
                ai,
                remote: false,
            })
            .collect();
        Seating::new(&seats, secrets)
    }

    const HARD: Option<Level> = Some(Level::Hard);

    #[test]
    fn the_pace_counts_from_the_question_and_a_long_thought_waits_no_more() {
        let ms = Duration::from_millis;
        assert_eq!(still_to_wait(ms(250), ms(30)), ms(220));
        assert_eq!(still_to_wait(ms(250), ms(250)), Duration::ZERO);
        assert_eq!(still_to_wait(ms(250), ms(1_100)), Duration::ZERO);
        assert_eq!(still_to_wait(ms(0), ms(5)), Duration::ZERO);
    }

    #[test]
    fn the_table_opens_on_the_human_to_move_or_the_first_human() {
        let s = seating(&[HARD, None, None], false);
        assert_eq!(s.opening(ToMove::Seat(2), false), (2, None));
        assert_eq!(s.opening(ToMove::Seat(0), false), (1, None));
        assert_eq!(s.opening(ToMove::Chance, true), (1, None));
        assert_eq!(
            seating(&[HARD, HARD], false).opening(ToMove::Seat(1), false),
            (0, None)
        );
    }

    #[test]
    fn only_a_resumed_game_with_secrets_between_humans_opens_behind_the_hand_off() {
        let two = seating(&[None, None], true);
        assert_eq!(two.opening(ToMove::Seat(1), true), (1, Some(1)));
        assert_eq!(two.opening(ToMove::Seat(1), false), (1, None));
        assert_eq!(two.opening(ToMove::Chance, true), (0, None));
        assert_eq!(
            seating(&[None, None], false).opening(ToMove::Seat(1), true),
            (1, None)
        );
        assert_eq!(
            seating(&[None, HARD], true).opening(ToMove::Seat(0), true),
            (0, None)
        );
    }

    #[test]
    fn a_turn_asks_the_computer_shows_or_hands_off_to_a_human() {
        let open = seating(&[None, None, HARD], false);
        assert_eq!(
            open.turn(ToMove::Seat(2), 0, None),
            Turn::Ask(2, Level::Hard)
        );
        assert_eq!(open.turn(ToMove::Seat(1), 0, None), Turn::Show(1));
        assert_eq!(open.turn(ToMove::Seat(0), 0, None), Turn::Wait);
        assert_eq!(open.turn(ToMove::Over, 0, None), Turn::Wait);
        assert_eq!(open.turn(ToMove::Chance, 0, None), Turn::Wait);
        let secret = seating(&[None, None, HARD], true);
        assert_eq!(secret.turn(ToMove::Seat(1), 0, None), Turn::HandOff(1));
        assert_eq!(secret.turn(ToMove::Seat(1), 1, None), Turn::Wait);
    }

    /// A friend on another device is waited for, never shown this device's table nor handed
    /// it; the computer plays the seat only while it stands in.
    #[test]
    fn a_remote_seat_is_waited_for_unless_the_computer_stands_in() {
        let seats = vec![
            SeatSpec {
                name: "A".into(),
                ai: None,
                remote: false,
            },
            SeatSpec {
                name: "B".into(),
                ai: None,
                remote: true,
            },
        ];
        let table = Seating::new(&seats, true);
        assert_eq!(table.occupant(1), Occupant::Remote);
        assert_eq!(table.turn(ToMove::Seat(1), 0, None), Turn::Wait);
        assert_eq!(
            table.turn(ToMove::Seat(1), 0, Some(Level::Normal)),
            Turn::Ask(1, Level::Normal)
        );
        // One human here: no hand-off, and the table opens on them.
        assert_eq!(table.opening(ToMove::Seat(1), true), (0, None));
    }

    #[test]
    fn the_speed_control_is_for_tables_with_a_computer() {
        assert!(seating(&[None, HARD], false).has_computer());
        assert!(!seating(&[None, None], false).has_computer());
        assert_eq!(
            seating(&[None, HARD], false).occupant(1),
            Occupant::Computer(Level::Hard)
        );
    }
}
