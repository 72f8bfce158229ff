//! The host's side of an online table: what each guest is shown, and the checks every message
//! from a guest passes before anything changes. The match itself is the table's, as in
//! pass-and-play; these functions read it, and [`act`] is the only way a guest changes it.

use super::fairness::{derive_seed, Commitment, Secret, Share};
use super::protocol::{decode, BadMessage, LogLine, Snapshot, ToHost, MAX_TO_HOST};
use crate::engine::{Game, Match, Seat, ToMove};
use crate::i18n::Lang;
use crate::t;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Why a guest's message changed nothing. The host's table notes it; the guest is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Bad(BadMessage),
    /// More than [`Gate::BURST`] messages in [`Gate::WINDOW_MS`].
    Flood,
    /// An action while another seat (or nobody) is to move.
    NotYourTurn,
    /// An action meant for the table after `theirs` actions, while it stands at `ours`.
    Stale {
        theirs: usize,
        ours: usize,
    },
    Illegal(String),
    /// A share for another deal than the one being dealt, or a second share.
    NoDeal,
}

impl Refusal {
    pub fn describe(&self, lang: Lang) -> String {
        match self {
            Refusal::Bad(BadMessage::Version { .. }) => t!(
                lang,
                "the devices run different versions of Turf: update the page on both",
                "a két eszközön a Turf más-más változata fut: frissítsétek az oldalt mindkettőn"
            ),
            Refusal::Bad(e) => t!(
                lang,
                "an unreadable message: {e}",
                "olvashatatlan üzenet: {e}"
            ),
            Refusal::Flood => t!(
                lang,
                "too many messages at once",
                "túl sok üzenet egyszerre"
            ),
            Refusal::NotYourTurn => t!(
                lang,
                "a move when it was not that seat's turn",
                "lépés, amikor nem az a hely következett"
            ),
            Refusal::Stale { theirs, ours } => t!(
                lang,
                "a move for the table after {theirs} actions, which stands at {ours}",
                "lépés a(z) {theirs}. lépés utáni asztalra, de az a(z) {ours}. lépésnél tart"
            ),
            Refusal::Illegal(reason) => t!(
                lang,
                "a move against the rules ({reason})",
                "szabálytalan lépés ({reason})"
            ),
            Refusal::NoDeal => t!(
                lang,
                "a share of the seed when none was asked for",
                "a kezdőszám egy része, amikor nem kértük"
            ),
        }
    }
}

/// A guest's flood guard: at most [`Gate::BURST`] messages in any [`Gate::WINDOW_MS`]. Time is
/// given by the caller, in milliseconds, so this stays pure.
#[derive(Clone, Debug, Default)]
pub struct Gate {
    recent: VecDeque<f64>,
}

impl Gate {
    /// A player clicks a few times a second at most; a page that sends more is not a player.
    pub const BURST: usize = 20;
    pub const WINDOW_MS: f64 = 1000.0;

    pub fn admit(&mut self, now: f64) -> bool {
        while self
            .recent
            .front()
            .is_some_and(|&t| now - t >= Self::WINDOW_MS)
        {
            self.recent.pop_front();
        }
        if self.recent.len() >= Self::BURST {
            return false;
        }
        self.recent.push_back(now);
        true
    }
}

/// Read one message from a guest: the flood guard first, then length, version and shape.
pub fn receive<G: Game>(text: &str, gate: &mut Gate, now: f64) -> Result<ToHost<G>, Refusal> {
    if !gate.admit(now) {
        return Err(Refusal::Flood);
    }
    decode(text, MAX_TO_HOST).map_err(Refusal::Bad)
}

/// Play `action` for the guest at `seat`, sent for the table after `moves` actions. Refused,
/// with the match unchanged, unless that seat is to move now at exactly that point and the
/// action is one of its legal ones.
pub fn act<G: Game>(
    game: &mut Match<G>,
    seat: Seat,
    moves: usize,
    action: &G::Action,
) -> Result<(), Refusal> {
    if game.to_move() != ToMove::Seat(seat) {
        return Err(Refusal::NotYourTurn);
    }
    let ours = game.record().actions.len();
    if moves != ours {
        return Err(Refusal::Stale {
            theirs: moves,
            ours,
        });
    }
    if !G::legal(game.state()).contains(action) {
        return Err(Refusal::Illegal("not one of the seat's legal moves".into()));
    }
    game.play(action)
        .map_err(|e| Refusal::Illegal(e.to_string()))
}

/// What `seat` is shown now, with the log lines of the actions from `log_from` on.
pub fn snapshot<G: Game>(game: &Match<G>, seat: Seat, log_from: usize) -> Snapshot<G> {
    let to_move = game.to_move();
    let legal = if to_move == ToMove::Seat(seat) {
        G::legal(game.state())
    } else {
        Vec::new()
    };
    Snapshot {
        moves: game.record().actions.len(),
        to_move,
        view: G::view(game.state(), seat),
        legal,
        log_from,
        log: log_lines(game, seat, log_from),
        outcome: G::outcome(game.state()),
    }
}

/// The log of the match as `seat` may read it, from action `from` on, in both languages.
pub fn log_lines<G: Game>(game: &Match<G>, seat: Seat, from: usize) -> Vec<LogLine> {
    let en = game.log(seat, Lang::En);
    let hu = game.log(seat, Lang::Hu);
    en.into_iter()
        .zip(hu)
        .filter(|((i, _), _)| *i >= from)
        .map(|((action, en), (_, hu))| LogLine { action, en, hu })
        .collect()
}

/// One deal's commit and reveal on the host: the secret, its commitment, and the shares as they
/// come. Saved with the table, so a host who reloads can still reveal at the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dealing {
    pub deal: u32,
    pub secret: Secret,
    pub commitment: Commitment,
    /// The remote seats whose share is awaited.
    pub remote: Vec<Seat>,
    pub shares: Vec<(Seat, Share)>,
}

impl Dealing {
    pub fn new(deal: u32, secret: Secret, remote: Vec<Seat>) -> Self {
        Dealing {
            deal,
            commitment: Commitment::of(&secret),
            secret,
            remote,
            shares: Vec::new(),
        }
    }

    /// Take the share of `seat` for `deal`; refused when it is not awaited.
    pub fn take(&mut self, seat: Seat, deal: u32, share: Share) -> Result<(), Refusal> {
        let awaited = deal == self.deal
            && self.remote.contains(&seat)
            && self.shares.iter().all(|(s, _)| *s != seat);
        if !awaited {
            return Err(Refusal::NoDeal);
        }
        self.shares.push((seat, share));
        Ok(())
    }

    /// The match seed, once every remote seat has sent its share.
    pub fn seed(&self) -> Option<u64> {
        (self.shares.len() == self.remote.len()).then(|| derive_seed(&self.secret, &self.shares))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::herd::Herd;
    use crate::online::fairness::Bytes32;
    use crate::online::protocol::{encode, PROTOCOL};

    fn herd() -> Match<Herd> {
        Match::new(Default::default(), 11).unwrap()
    }

    fn seat_to_move(m: &Match<Herd>) -> Seat {
        match m.to_move() {
            ToMove::Seat(s) => s,
            other => panic!("no seat to move: {other:?}"),
        }
    }

    /// Every kind of bad action leaves the match exactly as it was.
    #[test]
    fn a_bad_action_changes_nothing() {
        let mut m = herd();
        let mover = seat_to_move(&m);
        let other = 1 - mover;
        let moves = m.record().actions.len();
        let legal = Herd::legal(m.state());
        let before = m.to_json();
        // Another seat's action.
        assert_eq!(
            act(&mut m, other, moves, &legal[0]),
            Err(Refusal::NotYourTurn)
        );
        // Out of turn: a message meant for an earlier or later table.
        assert!(matches!(
            act(&mut m, mover, moves + 1, &legal[0]),
            Err(Refusal::Stale { .. })
        ));
        // Actions that are not legal here: the guest forging the dice, and a cell off the board.
        use crate::games::herd::HerdAction;
        for forged in [
            HerdAction::Roll { d1: 6, d2: 6 },
            HerdAction::Place { cell: 250 },
        ] {
            assert!(matches!(
                act(&mut m, mover, moves, &forged),
                Err(Refusal::Illegal(_))
            ));
        }
        assert_eq!(m.to_json(), before);
        // And the good one is played.
        act(&mut m, mover, moves, &legal[0]).unwrap();
        assert_ne!(m.to_json(), before);
    }

    #[test]
    fn malformed_oversized_other_version_and_floods_are_refused() {
        let mut gate = Gate::default();
        let refused = |text: &str, gate: &mut Gate| receive::<Herd>(text, gate, 0.0).err();
        assert!(matches!(
            refused("{not json", &mut gate),
            Some(Refusal::Bad(BadMessage::Json(_)))
        ));
        assert!(matches!(
            refused(&" ".repeat(MAX_TO_HOST + 1), &mut gate),
            Some(Refusal::Bad(BadMessage::TooLong { .. }))
        ));
        let newer = format!("{{\"v\":{},\"m\":{{}}}}", PROTOCOL + 1);
        assert!(matches!(
            refused(&newer, &mut gate),
            Some(Refusal::Bad(BadMessage::Version { .. }))
        ));
        // A flood: the guard lets BURST messages through in a second, then none until it passes.
        let m = herd();
        let good = encode(&ToHost::<Herd>::Act {
            moves: 0,
            action: Herd::legal(m.state())[0],
        });
        let mut gate = Gate::default();
        for i in 0..Gate::BURST {
            assert!(receive::<Herd>(&good, &mut gate, i as f64).is_ok());
        }
        assert_eq!(
            receive::<Herd>(&good, &mut gate, 500.0).err(),
            Some(Refusal::Flood)
        );
        assert!(receive::<Herd>(&good, &mut gate, 1000.0).is_ok());
    }

    #[test]
    fn a_deal_takes_one_share_per_remote_seat_and_then_has_a_seed() {
        let mut dealing = Dealing::new(0, Bytes32([1; 32]), vec![1, 2]);
        assert_eq!(dealing.seed(), None);
        dealing.take(1, 0, Bytes32([2; 32])).unwrap();
        assert_eq!(dealing.take(1, 0, Bytes32([5; 32])), Err(Refusal::NoDeal));
        assert_eq!(dealing.take(0, 0, Bytes32([5; 32])), Err(Refusal::NoDeal));
        assert_eq!(dealing.take(2, 1, Bytes32([5; 32])), Err(Refusal::NoDeal));
        assert_eq!(dealing.seed(), None);
        dealing.take(2, 0, Bytes32([3; 32])).unwrap();
        assert_eq!(
            dealing.seed(),
            Some(derive_seed(
                &Bytes32([1; 32]),
                &[(1, Bytes32([2; 32])), (2, Bytes32([3; 32]))]
            ))
        );
    }

    #[test]
    fn a_snapshot_shows_legal_moves_only_to_the_seat_to_move() {
        let m = herd();
        let mover = seat_to_move(&m);
        assert!(!snapshot(&m, mover, 0).legal.is_empty());
        assert!(snapshot(&m, 1 - mover, 0).legal.is_empty());
        let all = snapshot(&m, mover, 0).log;
        let from_one = snapshot(&m, mover, 1).log;
        assert!(from_one.iter().all(|l| l.action >= 1));
        assert_eq!(
            all.len(),
            from_one.len() + all.iter().filter(|l| l.action < 1).count()
        );
    }
}
