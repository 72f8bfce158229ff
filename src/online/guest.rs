//! The guest's side: everything its seat was shown, kept in order, and the check at the end
//! that the host dealt and played by the rules (issue #17, "Who knows what"). The guest's page
//! shows only what is in its [`Ledger`].

use super::fairness::{derive_seed, Commitment, Secret, Share};
use super::protocol::{LogLine, SeatInfo, Snapshot};
use crate::engine::{Game, Match, Record, Seat, ToMove};
use crate::i18n::Lang;
use crate::t;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What one guest was told, from the welcome to the reveal. Saved on the guest's device, so a
/// guest who reloads or reconnects can still verify the whole game.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Ledger<G: Game> {
    pub game: String,
    pub options: G::Options,
    pub seats: Vec<SeatInfo>,
    pub seat: Seat,
    pub deal: u32,
    /// The host's commitment for this deal and the share this guest answered with.
    pub commitment: Option<Commitment>,
    pub share: Option<Share>,
    /// Every snapshot shown, in the order received (log lines kept apart, in `log`).
    pub shown: Vec<Snapshot<G>>,
    pub log: BTreeMap<usize, LogLine>,
}

impl<G: Game> Clone for Ledger<G> {
    fn clone(&self) -> Self {
        Ledger {
            game: self.game.clone(),
            options: self.options.clone(),
            seats: self.seats.clone(),
            seat: self.seat,
            deal: self.deal,
            commitment: self.commitment.clone(),
            share: self.share.clone(),
            shown: self.shown.clone(),
            log: self.log.clone(),
        }
    }
}

impl<G: Game> Ledger<G> {
    pub fn new(game: String, options: G::Options, seats: Vec<SeatInfo>, seat: Seat) -> Self {
        Ledger {
            game,
            options,
            seats,
            seat,
            deal: 0,
            commitment: None,
            share: None,
            shown: Vec::new(),
            log: BTreeMap::new(),
        }
    }

    /// A new deal (the first, or a rematch): what was shown before belongs to the last game.
    pub fn commit(&mut self, deal: u32, commitment: Commitment, share: Share) {
        if self.commitment.is_some() && deal != self.deal {
            self.shown.clear();
            self.log.clear();
        }
        self.deal = deal;
        self.commitment = Some(commitment);
        self.share = Some(share);
    }

    /// Keep a snapshot: its log lines join the log, the rest is kept as shown.
    pub fn show(&mut self, mut snapshot: Snapshot<G>) {
        for line in std::mem::take(&mut snapshot.log) {
            self.log.insert(line.action, line);
        }
        self.shown.push(snapshot);
    }

    pub fn latest(&self) -> Option<&Snapshot<G>> {
        self.shown.last()
    }

    /// The log as this seat reads it in `lang`, oldest first.
    pub fn log_in(&self, lang: Lang) -> Vec<(usize, String)> {
        self.log
            .values()
            .map(|l| (l.action, lang.pick(&l.en, &l.hu).to_string()))
            .collect()
    }
}

/// What did not match when a guest checked the host's game. Each says exactly where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// No commitment came before the deal, or the reveal is for another deal.
    NoCommitment,
    Commitment,
    /// This guest's own share is missing from the shares, or changed.
    OwnShare,
    Seed {
        record: u64,
        derived: u64,
    },
    Game,
    Options,
    /// The record breaks the rules (or a chance outcome differs from the seeded draw).
    Replay(String),
    /// A snapshot claims a point in the game that the record does not reach.
    Beyond {
        moves: usize,
    },
    View {
        moves: usize,
    },
    Turn {
        moves: usize,
    },
    Legal {
        moves: usize,
    },
    Log {
        action: usize,
    },
    Outcome,
}

impl Mismatch {
    pub fn describe(&self, lang: Lang) -> String {
        match self {
            Mismatch::NoCommitment => t!(
                lang,
                "the host sent no commitment for this deal",
                "a házigazda nem küldött előre kötelezettséget erre az osztásra"
            ),
            Mismatch::Commitment => t!(
                lang,
                "the host's secret does not match what it committed to before the deal",
                "a házigazda titka nem egyezik azzal, amit az osztás előtt rögzített"
            ),
            Mismatch::OwnShare => t!(
                lang,
                "your share of the seed was not used",
                "a te részed a kezdőszámból nem került bele"
            ),
            Mismatch::Seed { record, derived } => t!(
                lang,
                "the game was dealt from seed {record}, but the secret and the shares give {derived}",
                "a játszmát a(z) {record} kezdőszámból osztották, de a titok és a részek {derived} számot adnak"
            ),
            Mismatch::Game => t!(lang, "the record is of another game", "a napló egy másik játéké"),
            Mismatch::Options => t!(
                lang,
                "the record's options are not the ones announced",
                "a napló beállításai nem a bejelentettek"
            ),
            Mismatch::Replay(reason) => t!(
                lang,
                "the record does not replay: {reason}",
                "a napló nem játszható vissza: {reason}"
            ),
            Mismatch::Beyond { moves } => t!(
                lang,
                "you were shown the table after action {moves}, which the record never reaches",
                "a(z) {moves}. lépés utáni asztalt láttad, ameddig a napló el sem jut"
            ),
            Mismatch::View { moves } => t!(
                lang,
                "what you were shown after action {moves} is not what the record gives",
                "amit a(z) {moves}. lépés után láttál, nem az, amit a napló ad"
            ),
            Mismatch::Turn { moves } => t!(
                lang,
                "whose turn it was after action {moves} differs from the record",
                "hogy a(z) {moves}. lépés után ki következett, eltér a naplótól"
            ),
            Mismatch::Legal { moves } => t!(
                lang,
                "the moves offered to you after action {moves} are not the legal ones",
                "a(z) {moves}. lépés után felkínált lépések nem a szabályosak"
            ),
            Mismatch::Log { action } => t!(
                lang,
                "the log line of action {action} differs from the record",
                "a(z) {action}. lépés naplósora eltér a naplótól"
            ),
            Mismatch::Outcome => t!(
                lang,
                "the result you were shown is not the record's",
                "a látott eredmény nem a naplóé"
            ),
        }
    }
}

/// Check the host's reveal against everything this guest was shown: the commitment opens to the
/// secret, the seed comes from the secret and every share (this guest's own included), the
/// record replays by the rules from that seed, and every snapshot and log line equals what the
/// record gives this seat at that point.
pub fn verify<G: Game>(
    ledger: &Ledger<G>,
    deal: u32,
    secret: &Secret,
    shares: &[(Seat, Share)],
    record: &Record<G>,
) -> Result<(), Mismatch> {
    let commitment = ledger.commitment.as_ref().ok_or(Mismatch::NoCommitment)?;
    if deal != ledger.deal {
        return Err(Mismatch::NoCommitment);
    }
    if !commitment.opens_to(secret) {
        return Err(Mismatch::Commitment);
    }
    let own = shares
        .iter()
        .find(|(s, _)| *s == ledger.seat)
        .map(|(_, x)| x);
    if own.is_none() || own != ledger.share.as_ref() {
        return Err(Mismatch::OwnShare);
    }
    let derived = derive_seed(secret, shares);
    if record.seed != derived {
        return Err(Mismatch::Seed {
            record: record.seed,
            derived,
        });
    }
    if record.game != G::ID || ledger.game != G::ID {
        return Err(Mismatch::Game);
    }
    if serde_json::to_value(&record.options).ok() != serde_json::to_value(&ledger.options).ok() {
        return Err(Mismatch::Options);
    }
    let game =
        Match::<G>::from_record(record.clone()).map_err(|e| Mismatch::Replay(e.to_string()))?;
    if game.record().actions.len() != record.actions.len() {
        // A record that stops before a due chance event: the host would have drawn it.
        return Err(Mismatch::Replay(
            "it stops before a draw that was due".into(),
        ));
    }
    let history = game.history();
    let seat = ledger.seat;
    for shown in &ledger.shown {
        let moves = shown.moves;
        let state = history.get(moves).ok_or(Mismatch::Beyond { moves })?;
        if G::view(state, seat) != shown.view {
            return Err(Mismatch::View { moves });
        }
        let to_move = G::to_move(state);
        if to_move != shown.to_move {
            return Err(Mismatch::Turn { moves });
        }
        let legal = if to_move == ToMove::Seat(seat) {
            G::legal(state)
        } else {
            Vec::new()
        };
        if legal != shown.legal {
            return Err(Mismatch::Legal { moves });
        }
        if G::outcome(state) != shown.outcome {
            return Err(Mismatch::Outcome);
        }
    }
    let truth: BTreeMap<usize, (String, String)> = game
        .log(seat, Lang::En)
        .into_iter()
        .zip(game.log(seat, Lang::Hu))
        .map(|((i, en), (_, hu))| (i, (en, hu)))
        .collect();
    for (action, line) in &ledger.log {
        if truth.get(action) != Some(&(line.en.clone(), line.hu.clone())) {
            return Err(Mismatch::Log { action: *action });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Outcome;
    use crate::games::toy_battle::ToyBattle;
    use crate::games::turncoats::Turncoats;
    use crate::online::fairness::Bytes32;
    use crate::online::host::{self, Dealing};
    use crate::online::protocol::{decode, encode, SeatKind, ToGuest, MAX_TO_GUEST};
    use rand::{Rng as _, SeedableRng};

    /// An honest online game of `G`: the guest at seat 1 is shown a snapshot after every
    /// action, then the host reveals.
    struct Played<G: Game> {
        ledger: Ledger<G>,
        dealing: Dealing,
        record: Record<G>,
    }

    fn play<G: Game>(options: G::Options, rounds: usize) -> Played<G> {
        play_seeded(options, rounds, 3)
    }

    fn play_seeded<G: Game>(options: G::Options, rounds: usize, seed: u64) -> Played<G> {
        let guest = 1;
        let seats = (0..2)
            .map(|s| SeatInfo {
                name: format!("P{s}"),
                kind: if s == guest {
                    SeatKind::Remote
                } else {
                    SeatKind::Host
                },
            })
            .collect();
        let mut ledger = Ledger::<G>::new(G::ID.into(), options.clone(), seats, guest);
        let mut dealing = Dealing::new(0, Bytes32([7; 32]), vec![guest]);
        let share = Bytes32([9; 32]);
        ledger.commit(0, dealing.commitment.clone(), share.clone());
        dealing.take(guest, 0, share).unwrap();
        let mut game = Match::<G>::new(options, dealing.seed().unwrap()).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut sent = 0;
        // Over the wire: every snapshot is JSON between the devices.
        let wire = |snapshot: Snapshot<G>| -> Snapshot<G> {
            let text = encode(&ToGuest::Show(snapshot));
            match decode::<ToGuest<G>>(&text, MAX_TO_GUEST) {
                Ok(ToGuest::Show(s)) => s,
                _ => panic!("a snapshot did not come back from JSON"),
            }
        };
        ledger.show(wire(host::snapshot(&game, guest, sent)));
        for _ in 0..rounds {
            let legal = G::legal(game.state());
            if legal.is_empty() {
                break;
            }
            game.play(&legal[rng.random_range(0..legal.len())]).unwrap();
            ledger.show(wire(host::snapshot(&game, guest, sent)));
            sent = game.record().actions.len();
        }
        Played {
            ledger,
            dealing,
            record: game.record().clone(),
        }
    }

    fn check<G: Game>(p: &Played<G>) -> Result<(), Mismatch> {
        verify(
            &p.ledger,
            p.dealing.deal,
            &p.dealing.secret,
            &p.dealing.shares,
            &p.record,
        )
    }

    #[test]
    fn an_honest_game_verifies() {
        let p = play::<ToyBattle>(Default::default(), 10_000);
        assert!(
            p.ledger.latest().unwrap().outcome.is_some(),
            "played to the end"
        );
        assert_eq!(check(&p), Ok(()));
    }

    /// Turncoats' views hold each seat's inferences as fractions: they must come through JSON
    /// exactly, or an honest host fails the check (serde_json's `float_roundtrip`).
    #[test]
    fn an_honest_game_with_fractions_in_its_views_verifies() {
        for seed in 0..3 {
            let p = play_seeded::<Turncoats>(Default::default(), 400, seed);
            assert_eq!(check(&p), Ok(()), "seed {seed}");
        }
    }

    /// Changing the record, the seed, the secret, a share or what was shown, in any one place,
    /// is caught.
    #[test]
    fn a_change_anywhere_is_caught() {
        let honest = play::<ToyBattle>(Default::default(), 60);
        assert_eq!(check(&honest), Ok(()));

        let mut p = play::<ToyBattle>(Default::default(), 60);
        p.dealing.secret = Bytes32([8; 32]);
        assert_eq!(check(&p), Err(Mismatch::Commitment));

        let mut p = play::<ToyBattle>(Default::default(), 60);
        p.ledger.commitment = Some(Commitment::of(&Bytes32([8; 32])));
        assert_eq!(check(&p), Err(Mismatch::Commitment));

        let mut p = play::<ToyBattle>(Default::default(), 60);
        p.dealing.shares[0].1 = Bytes32([1; 32]);
        assert_eq!(check(&p), Err(Mismatch::OwnShare));

        let mut p = play::<ToyBattle>(Default::default(), 60);
        p.record.seed ^= 1;
        assert!(matches!(check(&p), Err(Mismatch::Seed { .. })));

        // Every single action of the record swapped for another legal one, or dropped.
        for index in 0..honest.record.actions.len() {
            let mut p = play::<ToyBattle>(Default::default(), 60);
            let before = Match::<ToyBattle>::from_record(Record {
                actions: honest.record.actions[..index].to_vec(),
                ..honest.record.clone()
            })
            .unwrap();
            let original = &honest.record.actions[index];
            let other = ToyBattle::legal(before.state())
                .into_iter()
                .find(|a| a != original);
            match other {
                Some(a) => p.record.actions[index] = a,
                None => {
                    // A chance outcome or a forced move: a different one is not legal or not
                    // the seeded draw; dropping it is the change.
                    p.record.actions.remove(index);
                }
            }
            assert!(check(&p).is_err(), "a change at action {index} passed");
        }

        let mut p = play::<ToyBattle>(Default::default(), 60);
        p.record.actions.truncate(p.record.actions.len() - 1);
        assert!(check(&p).is_err());

        let mut p = play::<ToyBattle>(Default::default(), 60);
        let k = p
            .ledger
            .shown
            .iter()
            .rposition(|s| !s.legal.is_empty())
            .unwrap();
        p.ledger.shown[k].legal.pop();
        assert!(matches!(check(&p), Err(Mismatch::Legal { .. })));

        let mut p = play::<ToyBattle>(Default::default(), 60);
        p.ledger.shown[3].outcome = Some(Outcome::from_scores(vec![1.0, 0.0]));
        assert_eq!(check(&p), Err(Mismatch::Outcome));

        let mut p = play::<ToyBattle>(Default::default(), 60);
        let first = *p.ledger.log.keys().next().unwrap();
        p.ledger.log.get_mut(&first).unwrap().en.push('!');
        assert_eq!(check(&p), Err(Mismatch::Log { action: first }));

        let mut p = play::<ToyBattle>(Default::default(), 60);
        p.ledger.shown[2].moves += 1_000;
        assert!(matches!(check(&p), Err(Mismatch::Beyond { .. })));
    }

    /// A view the host showed that the record does not give (as if it had dealt the guest other
    /// Troops than the seed does) is caught at that point.
    #[test]
    fn a_view_that_the_record_does_not_give_is_caught() {
        let mut p = play::<ToyBattle>(Default::default(), 40);
        let other = play::<ToyBattle>(Default::default(), 40);
        let mut shifted = Match::<ToyBattle>::new(Default::default(), 999).unwrap();
        let k = 5;
        while shifted.record().actions.len() < other.ledger.shown[k].moves {
            let legal = ToyBattle::legal(shifted.state());
            if legal.is_empty() {
                break;
            }
            shifted.play(&legal[0]).unwrap();
        }
        p.ledger.shown[k].view = ToyBattle::view(shifted.state(), 1);
        assert!(matches!(
            check(&p),
            Err(Mismatch::View { .. } | Mismatch::Turn { .. })
        ));
    }
}
