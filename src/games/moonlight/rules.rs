//! Moonlight's rules (`shared/rules/moonlight.md`). Every function names the section it
//! implements.
//!
//! A match is a series of rounds. Each round starts with two chance steps, one shuffle per
//! player (§3.1), recorded with the order they dealt so a record replays exactly; after that the
//! draws are just the top of each deck. Everything public lives in [`Table`], which both the
//! state and every view carry; the state adds the hands, the deck orders and the power deck.
//!
//! Readings where the spec is silent (the spec's own DECISIONs D1–D21 are built as written):
//! - A shuffle deals the lower id of an identical pair (05/06, 07/08) first. The copies are the
//!   same card (§10), so this changes no probability, and it makes every deal that differs only
//!   by which copy is where produce the same moves; a move names the copy actually in hand.
//! - The round's two shuffles happen seat 0 first, then seat 1; the start player then moves.
//! - Double Placement is offered only while the hand still holds a card; a second card is never
//!   offered after a second card. Should one seat ever hold both Move a Pile and Double
//!   Placement (impossible under §8.2), the value-2 placement after a move counts as the turn's
//!   first card.
//! - The chosen Lone Wolf joins its owner's deck at once (§8.1 "adds it to their deck"); it is
//!   shuffled in with the rest when the next round begins.
//! - D12: the match is drawn once 10 rounds have been played without a match winner, whether or
//!   not the tenth round had a winner.
//! - The face-up power display is a set: its order carries no meaning.
use super::cards::{canonical_order, is_canonical_order, Cards, Colour, Power, PowerSet, Wolf};
use super::panorama::{Cell, Panorama};
use super::scoring::{RoundScore, ScoreRules};
use crate::engine::{Game, Illegal, Outcome, Rng, Seat, SetupError, ToMove};
use rand::Rng as _;
use serde::{Deserialize, Serialize};

/// Round wins needed for the match (§9).
pub const MOUNTAINS_TO_WIN: u8 = 2;
/// D12: after this many rounds (replays included) without a match winner, the match is drawn.
pub const ROUND_CAP: u8 = 10;
/// Face-up Alpha Powers (§3 step 3, D5).
pub const DISPLAY_SIZE: usize = 4;
/// Hand size, and with Larger Hand (§2.4 power 2).
pub const HAND_SIZE: usize = 3;
pub const LARGER_HAND_SIZE: usize = 5;

/// Table options (§3, D3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MoonlightOptions {
    /// The seat that starts round 1; `None` draws it at random (D3).
    pub start: Option<Seat>,
    /// The seat playing Light (cream and green cards); `None` draws it at random (D3).
    pub light: Option<Seat>,
}

/// Where the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// A chance step: `seat` shuffles their deck and draws their hand (§3.1 step 2).
    Shuffle {
        seat: Seat,
    },
    /// The mover's placement: a card from hand (§5.2, §5.3) or a Move a Pile (§5.4).
    Place,
    /// After Move a Pile: the mover places a value-2 wolf (§5.4 step 2).
    PlaceTwo,
    /// Double Placement: the mover may place a second card or decline (§2.4 power 4, D17).
    Second,
    /// The round winner adds one of their Lone Wolves (§8.1).
    PickLoneWolf,
    /// The round loser takes an Alpha Power from the display (§8.1).
    PickPower,
    Over,
}

/// One decision (§4, §8) or chance step (§3.1). Seats are 0/1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MoonlightAction {
    /// Chance: `seat`'s deck in the order it will be drawn, top first (§3.1 step 2).
    Shuffle { seat: u8, order: Cards },
    /// Put `card` from hand on `at`: a ground placement on an empty cell (§5.2) or a cover of the
    /// pile there (§5.3).
    Place { card: Wolf, at: Cell },
    /// Move a Pile (§5.4 step 1); a value-2 placement follows.
    MovePile { from: Cell, to: Cell },
    /// Decline the optional second card of Double Placement (D17).
    Decline,
    /// The round winner adds this Lone Wolf to their deck (§8.1).
    PickLoneWolf { wolf: Wolf },
    /// The round loser takes this Alpha Power from the display (§8.1).
    PickPower { power: Power },
}

/// One public event of a turn, kept so a board can mark the last turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    Placed {
        seat: Seat,
        wolf: Wolf,
        at: Cell,
        /// The wolf it covered, for a cover.
        covered: Option<Wolf>,
        /// The Ambush power the placement spent (Value Skip, Same Value Cover, Double Placement).
        power: Option<Power>,
    },
    Moved {
        seat: Seat,
        from: Cell,
        to: Cell,
    },
    Declined {
        seat: Seat,
    },
    /// Cards drawn at the end of the turn (their faces are the drawer's secret).
    Drew {
        seat: Seat,
        count: u8,
    },
}

/// Everything public (§10): the panorama with every pile, the powers, Lone Wolves, mountains,
/// whose turn it is and every finished round's scoring. Carried by the state and by every view.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// The seat playing Light; the other plays Dark (D3).
    pub light: Seat,
    /// Rounds begun so far, replays included (1 in the first round; D12 caps it).
    pub round: u8,
    /// The start player of the current round (§3.1 step 5).
    pub start: Seat,
    /// The seat deciding now (or who last decided, once over).
    pub mover: Seat,
    pub phase: Phase,
    /// The current turn is the last one of the round: the start player placed their last card
    /// (§6 B).
    pub final_turn: bool,
    pub panorama: Panorama,
    /// Round wins, as mountain halves (§1, §9).
    pub mountains: [u8; 2],
    /// Lone Wolves each seat has added to their deck (§8.1).
    pub lone_wolves: [Cards; 2],
    /// Alpha Powers each seat owns (§8.1).
    pub powers: [PowerSet; 2],
    /// Ambush powers each seat has used this round (§2.4).
    pub used: [PowerSet; 2],
    /// The face-up Alpha Powers (§3 step 3).
    pub display: PowerSet,
    /// The scoring of every finished round, replays included (§10).
    pub rounds: Vec<RoundScore>,
    /// Changes of the current turn, then of the previous one.
    pub this_turn: Vec<Change>,
    pub last_turn: Vec<Change>,
}

/// Room a copied list keeps for what a playout adds to it: a turn's changes, a few rounds.
const ROOM: usize = 4;

/// A copy of `items` with room for [`ROOM`] more, so a playout's pushes do not grow it.
fn roomy<T: Clone>(items: &[T]) -> Vec<T> {
    let mut copy = Vec::with_capacity(items.len() + ROOM);
    copy.extend_from_slice(items);
    copy
}

impl Clone for Table {
    /// A field-by-field copy whose lists keep room to grow: the search copies the table for
    /// every deal, and a playout then adds turns and rounds.
    fn clone(&self) -> Table {
        Table {
            light: self.light,
            round: self.round,
            start: self.start,
            mover: self.mover,
            phase: self.phase,
            final_turn: self.final_turn,
            panorama: self.panorama.clone(),
            mountains: self.mountains,
            lone_wolves: self.lone_wolves,
            powers: self.powers,
            used: self.used,
            display: self.display,
            rounds: roomy(&self.rounds),
            this_turn: roomy(&self.this_turn),
            last_turn: roomy(&self.last_turn),
        }
    }
}

/// §5.3: covering `top` with `wolf` needs no power when `wolf` is one higher, the Ambush
/// power ValueSkip when it is two higher, SameValueCover when it is equal; any other value may
/// not cover it (`Err`). Whether the power is ready is the caller's to check.
fn ambush_for(wolf: Wolf, top: Wolf) -> Result<Option<Power>, ()> {
    match wolf.value() as i16 - top.value() as i16 {
        1 => Ok(None),
        2 => Ok(Some(Power::ValueSkip)),
        0 => Ok(Some(Power::SameValueCover)),
        _ => Err(()),
    }
}

/// The whole truth: the public table, the hands, the deck orders and the power deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoonlightState {
    pub table: Table,
    pub hands: [Cards; 2],
    /// Each deck top first.
    pub decks: [Cards; 2],
    /// The face-down Alpha Powers, top first.
    pub power_deck: Vec<Power>,
}

/// What one seat may know (§10): the table, their own hand, and only the sizes of everything
/// else. No deck order, no opponent hand, no power deck order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoonlightView {
    pub seat: Seat,
    pub table: Table,
    pub hand: Cards,
    pub hand_sizes: [u8; 2],
    pub deck_sizes: [u8; 2],
    pub power_deck_size: u8,
}

/// An owned Alpha Power and whether it can still act this round (for the side panel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerStatus {
    pub power: Power,
    pub ambush: bool,
    /// An Ambush power already used this round (face down until the next round).
    pub used: bool,
}

pub struct Moonlight;

/// Why a placement is refused (§5.2, §5.3, §5.4), cheap to produce while generating moves and
/// worded for the player by `Display`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotPlacing,
    NotYours(Wolf),
    NotATwo,
    FirstAtOrigin,
    OutOfFrame(Cell),
    NoPile(Cell),
    OwnWolf(Cell),
    LastVisibleWolf,
    ProtectedOne(Cell),
    NotOneHigher { value: u8, covered: u8, at: Cell },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Refusal::NotPlacing => write!(f, "no card may be placed now"),
            Refusal::NotYours(w) => write!(f, "{w} is not one of your wolves"),
            Refusal::NotATwo => write!(f, "after moving a pile you must place a value-2 wolf"),
            Refusal::FirstAtOrigin => write!(f, "the first card of a round goes at (0,0)"),
            Refusal::OutOfFrame(at) => write!(
                f,
                "{at} is not next to a card or would make the panorama larger than 4×3 or 3×4"
            ),
            Refusal::NoPile(at) => write!(f, "no pile at {at} to cover"),
            Refusal::OwnWolf(at) => {
                write!(f, "the wolf at {at} is your own: you never cover your own")
            }
            Refusal::LastVisibleWolf => {
                write!(f, "you may not cover your opponent's last visible wolf")
            }
            Refusal::ProtectedOne(at) => {
                write!(f, "the 1 at {at} is protected by Value 1 Protection")
            }
            Refusal::NotOneHigher { value, covered, at } => write!(
                f,
                "a {value} cannot cover the {covered} at {at}: a cover must be exactly one higher"
            ),
        }
    }
}

fn rule(text: impl Into<String>) -> Illegal {
    Illegal::Rule(text.into())
}

/// Fisher–Yates with the portable RNG, so shuffles replay everywhere.
pub(crate) fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// §5.3 as the move generator checks it for one seat: the powers that bear on a cover, read
/// once per listing instead of once per pile and card. Own wolves and the last visible wolf are
/// left to the caller.
pub(crate) struct Covers {
    /// The opponent's Value 1 Protection shields their visible 1s.
    protected: bool,
    /// Value Skip is ready: a cover may be two higher.
    skip: bool,
    /// Same Value Cover is ready: a cover may be equal.
    same: bool,
}

impl Covers {
    pub(crate) fn of(t: &Table, seat: Seat) -> Covers {
        Covers {
            protected: t.holds(1 - (seat & 1), Power::ValueOneProtection),
            skip: t.ready(seat, Power::ValueSkip),
            same: t.ready(seat, Power::SameValueCover),
        }
    }

    /// Whether `wolf` may cover the opponent's visible `top` ([`Table::cover_top`] is `Ok`).
    pub(crate) fn allows(&self, wolf: Wolf, top: Wolf) -> bool {
        if top.value() == 1 && self.protected {
            return false;
        }
        match wolf.value() as i16 - top.value() as i16 {
            1 => true,
            2 => self.skip,
            0 => self.same,
            _ => false,
        }
    }
}

impl Table {
    /// A fresh match table (§3): nothing placed, nothing owned.
    fn new(light: Seat, start: Seat, display: PowerSet) -> Table {
        Table {
            light,
            round: 0,
            start,
            mover: start,
            phase: Phase::Shuffle { seat: 0 },
            final_turn: false,
            panorama: Panorama::default(),
            mountains: [0; 2],
            lone_wolves: [Cards::new(); 2],
            powers: [PowerSet::default(); 2],
            used: [PowerSet::default(); 2],
            display,
            rounds: Vec::new(),
            this_turn: Vec::new(),
            last_turn: Vec::new(),
        }
    }

    pub fn colour(&self, seat: Seat) -> Colour {
        if seat == self.light {
            Colour::Light
        } else {
            Colour::Dark
        }
    }

    pub fn seat_of(&self, colour: Colour) -> Seat {
        match colour {
            Colour::Light => self.light,
            Colour::Dark => 1 - self.light,
        }
    }

    pub fn holds(&self, seat: Seat, power: Power) -> bool {
        self.powers[seat & 1].contains(power)
    }

    /// Owned, and for an Ambush power not yet used this round (§2.4).
    pub fn ready(&self, seat: Seat, power: Power) -> bool {
        self.holds(seat, power) && !(power.is_ambush() && self.used[seat & 1].contains(power))
    }

    /// §4 step 3 / §2.4 power 2: 5 with Larger Hand, else 3.
    pub fn hand_size(&self, seat: Seat) -> usize {
        if self.holds(seat, Power::LargerHand) {
            LARGER_HAND_SIZE
        } else {
            HAND_SIZE
        }
    }

    /// Every card `seat` owns: the starting deck plus the Lone Wolves added (§3.1 step 1).
    pub fn owned(&self, seat: Seat) -> Cards {
        Wolf::starting_deck(self.colour(seat))
            .chain(self.lone_wolves[seat & 1].iter())
            .collect()
    }

    /// `seat`'s Lone Wolves still face up beside the table, not yet added (§2.3, D14).
    pub fn lone_wolves_left(&self, seat: Seat) -> Vec<Wolf> {
        Wolf::lone_wolves(self.colour(seat))
            .filter(|w| !self.lone_wolves[seat & 1].contains(*w))
            .collect()
    }

    /// The powers that change scoring, as the scorer needs them (§7).
    pub fn score_rules(&self) -> ScoreRules {
        let win_all_ties = (0..2).find(|&s| self.holds(s, Power::WinAllTies));
        ScoreRules {
            light: self.light,
            win_all_ties,
            bonus_moons: [0, 1].map(|s| self.holds(s, Power::BonusMoons)),
        }
    }

    /// The round as it would score now (§7 on the current panorama): live row sums, moon counts
    /// and points for the side panel.
    pub fn live_score(&self) -> RoundScore {
        RoundScore::of(&self.panorama, &self.score_rules())
    }

    /// Moons per seat now, Bonus Moons included (§7.1).
    pub fn moon_counts(&self) -> [u8; 2] {
        self.live_score().moons
    }

    /// `seat`'s powers with their state this round.
    pub fn power_status(&self, seat: Seat) -> Vec<PowerStatus> {
        self.powers[seat & 1]
            .iter()
            .map(|power| PowerStatus {
                power,
                ambush: power.is_ambush(),
                used: power.is_ambush() && self.used[seat & 1].contains(power),
            })
            .collect()
    }

    /// Is a card to be placed now?
    fn placing(&self) -> bool {
        matches!(self.phase, Phase::Place | Phase::PlaceTwo | Phase::Second)
    }

    /// §5.3: may `seat` put `wolf` on the pile at `at`? On success, the Ambush power the cover
    /// spends (Value Skip for +2, Same Value Cover for +0; D18), if any.
    pub fn cover(&self, seat: Seat, wolf: Wolf, at: Cell) -> Result<Option<Power>, Refusal> {
        let Some(top) = self.panorama.top(at) else {
            return Err(Refusal::NoPile(at));
        };
        let visible = self.panorama.visible_count(top.colour());
        self.cover_top(seat, wolf, at, top, visible)
    }

    /// §5.3 for a pile whose visible wolf is `top`, when `top`'s owner has `visible` wolves
    /// visible (the move generator reads the same rule through `Covers`).
    fn cover_top(
        &self,
        seat: Seat,
        wolf: Wolf,
        at: Cell,
        top: Wolf,
        visible: usize,
    ) -> Result<Option<Power>, Refusal> {
        if top.colour() == self.colour(seat) {
            return Err(Refusal::OwnWolf(at));
        }
        if visible < 2 {
            return Err(Refusal::LastVisibleWolf);
        }
        if top.value() == 1 && self.holds(1 - (seat & 1), Power::ValueOneProtection) {
            return Err(Refusal::ProtectedOne(at));
        }
        match ambush_for(wolf, top) {
            Ok(None) => Ok(None),
            Ok(Some(power)) if self.ready(seat, power) => Ok(Some(power)),
            _ => Err(Refusal::NotOneHigher {
                value: wolf.value(),
                covered: top.value(),
                at,
            }),
        }
    }

    /// §5.2/§5.3 (and §5.4 step 2): may `seat` place `wolf` on `at` in the current phase? On
    /// success, the Ambush power a cover spends. Whether the card is in hand is not checked here.
    pub fn placement(&self, seat: Seat, wolf: Wolf, at: Cell) -> Result<Option<Power>, Refusal> {
        if !self.placing() {
            return Err(Refusal::NotPlacing);
        }
        if wolf.colour() != self.colour(seat) {
            return Err(Refusal::NotYours(wolf));
        }
        if self.phase == Phase::PlaceTwo && wolf.value() != 2 {
            return Err(Refusal::NotATwo);
        }
        if self.panorama.is_occupied(at) {
            self.cover(seat, wolf, at)
        } else if self.panorama.can_ground(at) {
            Ok(None)
        } else if self.panorama.is_empty() {
            Err(Refusal::FirstAtOrigin)
        } else {
            Err(Refusal::OutOfFrame(at))
        }
    }

    /// Cells where `seat` may put `wolf` now (ground and covers), in reading order: what a board
    /// highlights once a hand card is selected.
    pub fn targets(&self, seat: Seat, wolf: Wolf) -> Vec<Cell> {
        if !self.placing() {
            return Vec::new();
        }
        let mut out: Vec<Cell> = self
            .panorama
            .ground_cells()
            .into_iter()
            .filter(|&c| self.placement(seat, wolf, c).is_ok())
            .collect();
        out.extend(
            self.panorama
                .piles()
                .iter()
                .map(|p| p.at)
                .filter(|&c| self.placement(seat, wolf, c).is_ok()),
        );
        out.sort_unstable_by_key(|c| (c.y, c.x));
        out
    }

    /// §5.4: Move a Pile is usable now: the Place step, the power ready, a value-2 wolf in hand
    /// (`has_two`) and at least one legal pile move.
    pub fn can_move_pile(&self, seat: Seat, has_two: bool) -> bool {
        self.phase == Phase::Place
            && self.mover == seat
            && has_two
            && self.ready(seat, Power::MovePile)
            && self.panorama.has_pile_move()
    }

    /// The match winner, once someone has two mountain halves (§9).
    pub fn match_winner(&self) -> Option<Seat> {
        (0..2).find(|&s| self.mountains[s] >= MOUNTAINS_TO_WIN)
    }
}

impl MoonlightView {
    /// Cells where the selected hand card may go now (empty when it is not this seat's turn).
    pub fn targets(&self, wolf: Wolf) -> Vec<Cell> {
        if self.table.mover != self.seat || !self.hand.contains(wolf) {
            return Vec::new();
        }
        self.table.targets(self.seat, wolf)
    }

    /// Hand cards that can be placed now (after Move a Pile only the 2s; none when it is not this
    /// seat's turn to place).
    pub fn playable(&self) -> Vec<Wolf> {
        if self.table.mover != self.seat {
            return Vec::new();
        }
        self.hand
            .iter()
            .filter(|&w| !self.table.targets(self.seat, w).is_empty())
            .collect()
    }

    /// The optional second card of Double Placement may be declined now.
    pub fn can_decline(&self) -> bool {
        self.table.mover == self.seat && self.table.phase == Phase::Second
    }

    /// Legal pile moves for this seat's Move a Pile now (empty when unusable).
    pub fn pile_moves(&self) -> Vec<(Cell, Cell)> {
        let has_two = self.hand.iter().any(|w| w.value() == 2);
        if self.table.can_move_pile(self.seat, has_two) {
            self.table.panorama.pile_moves()
        } else {
            Vec::new()
        }
    }
}

impl MoonlightState {
    pub(crate) fn has_two(&self, seat: Seat) -> bool {
        self.hands[seat & 1].iter().any(|w| w.value() == 2)
    }

    /// §3.1: every card back to its owner's deck, the panorama empty, Ambush powers face up,
    /// then the two shuffles (chance steps).
    fn begin_round(&mut self) {
        let t = &mut self.table;
        t.round += 1;
        t.panorama = Panorama::default();
        t.used = [PowerSet::default(); 2];
        t.final_turn = false;
        // The last move's mark belongs to the round that ended (§3.1: the panorama is empty).
        t.this_turn.clear();
        t.last_turn.clear();
        t.mover = t.start;
        t.phase = Phase::Shuffle { seat: 0 };
        for seat in 0..2 {
            self.hands[seat].clear();
            self.decks[seat] = self.table.owned(seat);
        }
    }

    /// §3.1 step 2: the shuffled deck, then the hand dealt from its top.
    fn deal(&mut self, seat: Seat, order: Cards) {
        self.decks[seat] = order;
        let size = self.table.hand_size(seat);
        while self.hands[seat].len() < size {
            match self.decks[seat].pop_front() {
                Some(w) => {
                    self.hands[seat].push(w);
                }
                None => break,
            }
        }
        self.table.phase = if seat == 0 {
            Phase::Shuffle { seat: 1 }
        } else {
            self.table.mover = self.table.start;
            Phase::Place
        };
    }

    /// §4 step 2 (D9) then the rest of the turn: a complete panorama ends the round at once;
    /// otherwise Double Placement may offer a second card, else the turn ends.
    fn after_card(&mut self, step: Phase) {
        if self.table.panorama.is_complete() {
            self.end_round();
            return;
        }
        let me = self.table.mover;
        let second = step != Phase::Second
            && self.table.ready(me, Power::DoublePlacement)
            && !self.hands[me].is_empty();
        if second {
            self.table.phase = Phase::Second;
        } else {
            self.end_turn();
        }
    }

    /// §4 steps 3–4: refill to hand size (D4), then the §6 B check. The final turn of §6 B
    /// ends the round, so its draw is skipped (§6: "the rest of that turn (draw etc.) is
    /// skipped"): the cards would go back to the deck unplayed, and the log would tell of a draw
    /// that changes nothing.
    fn end_turn(&mut self) {
        let me = self.table.mover;
        let other = 1 - me;
        let mut drawn = 0;
        while !self.table.final_turn && self.hands[me].len() < self.table.hand_size(me) {
            match self.decks[me].pop_front() {
                Some(w) => {
                    self.hands[me].push(w);
                    drawn += 1;
                }
                None => break,
            }
        }
        if drawn > 0 {
            self.table.this_turn.push(Change::Drew {
                seat: me,
                count: drawn,
            });
        }
        // Swapped rather than taken, so both lists keep their room for the next turns.
        std::mem::swap(&mut self.table.last_turn, &mut self.table.this_turn);
        self.table.this_turn.clear();
        let out_of_cards = self.hands[me].is_empty() && self.decks[me].is_empty();
        if self.table.final_turn {
            self.end_round();
        } else if out_of_cards {
            // §6 B: the start player's opponent gets one final turn if they still hold cards;
            // when the second player runs out the round ends now (D8).
            if me == self.table.start && !self.hands[other].is_empty() {
                self.table.final_turn = true;
                self.table.mover = other;
                self.table.phase = Phase::Place;
            } else {
                self.end_round();
            }
        } else {
            self.table.mover = other;
            self.table.phase = Phase::Place;
        }
    }

    /// §7 then §8/§9: score, award the mountain half, and go to the picks, a replay or the end.
    fn end_round(&mut self) {
        if !self.table.this_turn.is_empty() {
            std::mem::swap(&mut self.table.last_turn, &mut self.table.this_turn);
            self.table.this_turn.clear();
        }
        let score = self.table.live_score();
        let winner = score.winner;
        self.table.rounds.push(score);
        self.table.final_turn = false;
        let capped = self.table.round >= ROUND_CAP;
        match winner {
            Some(w) => {
                self.table.mountains[w] += 1;
                self.table.start = w;
                self.table.mover = w;
                self.table.phase = if self.table.match_winner().is_some() || capped {
                    Phase::Over
                } else {
                    Phase::PickLoneWolf
                };
            }
            // §8.3: a tied round is replayed with the same start player.
            None if capped => self.table.phase = Phase::Over,
            None => self.begin_round(),
        }
    }

    fn place(&mut self, card: Wolf, at: Cell) -> Result<(), Illegal> {
        let me = self.table.mover;
        if !self.hands[me].contains(card) {
            return Err(rule(format!("{card} is not in your hand")));
        }
        // Identical copies are one choice (§10): a move names the first copy in the hand, as
        // `legal_actions` lists it, so `apply` accepts exactly the listed actions.
        let first = self.hands[me]
            .iter()
            .find(|h| h.canonical() == card.canonical());
        if first != Some(card) {
            return Err(rule(format!(
                "{card} and its identical copy are one choice: play the first copy"
            )));
        }
        let spent = self
            .table
            .placement(me, card, at)
            .map_err(|r| rule(r.to_string()))?;
        let covered = self.table.panorama.top(at);
        self.lay(card, at, covered, spent);
        Ok(())
    }

    /// [`MoonlightState::place`] for a placement a playout chose among the listed ones, so its
    /// legality is not checked again (only in debug builds): the Ambush power a cover spends
    /// follows from the values, since a legal +2 or +0 cover has its power ready (§5.3).
    fn place_listed(&mut self, card: Wolf, at: Cell) {
        let covered = self.table.panorama.top(at);
        let spent = covered.and_then(|top| ambush_for(card, top).ok().flatten());
        debug_assert_eq!(
            self.table.placement(self.table.mover, card, at),
            Ok(spent),
            "{card} on {at}"
        );
        self.lay(card, at, covered, spent);
    }

    /// Puts the mover's `card` on `at`, over `covered` (the pile's visible wolf, read once by
    /// the caller), spending `spent`, then goes on with the turn (§4).
    fn lay(&mut self, card: Wolf, at: Cell, covered: Option<Wolf>, spent: Option<Power>) {
        let me = self.table.mover;
        let step = self.table.phase;
        self.hands[me].remove(card);
        self.table.panorama.put(at, card);
        let mut power = spent;
        if let Some(p) = spent {
            self.table.used[me].insert(p);
        }
        if step == Phase::Second {
            self.table.used[me].insert(Power::DoublePlacement);
            power = power.or(Some(Power::DoublePlacement));
        }
        self.table.this_turn.push(Change::Placed {
            seat: me,
            wolf: card,
            at,
            covered,
            power,
        });
        self.after_card(step);
    }

    fn move_pile(&mut self, from: Cell, to: Cell) -> Result<(), Illegal> {
        let me = self.table.mover;
        if !self.table.ready(me, Power::MovePile) {
            return Err(rule("you have no unused Move a Pile this round"));
        }
        if !self.has_two(me) {
            return Err(rule("Move a Pile needs a value-2 wolf in your hand"));
        }
        if !self.table.panorama.can_move(from, to) {
            return Err(rule(format!(
                "the pile at {from} cannot move to {to}: the panorama must stay connected and \
                 within 4×3 or 3×4"
            )));
        }
        self.table.panorama.move_pile(from, to);
        self.table.used[me].insert(Power::MovePile);
        self.table
            .this_turn
            .push(Change::Moved { seat: me, from, to });
        self.table.phase = Phase::PlaceTwo;
        Ok(())
    }

    /// §8.1 step 2: after both picks the display is refilled and the next round begins.
    fn pick_power(&mut self, power: Power) -> Result<(), Illegal> {
        if !self.table.display.contains(power) {
            return Err(rule(format!("{} is not in the display", power.name())));
        }
        let me = self.table.mover;
        self.table.display.remove(power);
        self.table.powers[me].insert(power);
        while self.table.display.len() < DISPLAY_SIZE && !self.power_deck.is_empty() {
            let next = self.power_deck.remove(0);
            self.table.display.insert(next);
        }
        self.begin_round();
        Ok(())
    }
}

impl Game for Moonlight {
    const ID: &'static str = "moonlight";
    type Options = MoonlightOptions;
    type State = MoonlightState;
    type Action = MoonlightAction;
    type View = MoonlightView;

    fn seat_count(_: &MoonlightState) -> usize {
        2
    }

    /// §3: colours and the round-1 start player at random (D3) unless the host chose; 4 of the
    /// 8 powers face up (D5), the rest a face-down deck; then round 1 begins with its shuffles.
    fn new(options: &MoonlightOptions, rng: &mut Rng) -> Result<MoonlightState, SetupError> {
        for (name, seat) in [("start", options.start), ("light", options.light)] {
            if seat.is_some_and(|s| s > 1) {
                return Err(SetupError(format!("{name} must be seat 0 or 1")));
            }
        }
        let light = options.light.unwrap_or_else(|| rng.random_range(0..2));
        let start = options.start.unwrap_or_else(|| rng.random_range(0..2));
        let mut powers = Power::ALL.to_vec();
        shuffle(&mut powers, rng);
        let display: PowerSet = powers[..DISPLAY_SIZE].iter().copied().collect();
        let mut s = MoonlightState {
            table: Table::new(light, start, display),
            hands: [Cards::new(); 2],
            decks: [Cards::new(); 2],
            power_deck: powers[DISPLAY_SIZE..].to_vec(),
        };
        s.begin_round();
        Ok(s)
    }

    fn to_move(s: &MoonlightState) -> ToMove {
        match s.table.phase {
            Phase::Over => ToMove::Over,
            Phase::Shuffle { .. } => ToMove::Chance,
            _ => ToMove::Seat(s.table.mover),
        }
    }

    /// The move generator: each distinct hand card (one of two identical copies) on every legal
    /// cell, then the pile moves, then Decline; the picks in id order.
    fn legal_actions(s: &MoonlightState, out: &mut Vec<MoonlightAction>) {
        out.clear();
        let t = &s.table;
        let me = t.mover;
        match t.phase {
            Phase::Shuffle { .. } | Phase::Over => {}
            Phase::Place | Phase::PlaceTwo | Phase::Second => {
                let hand = s.hands[me].as_slice();
                let theirs = t.colour(1 - me);
                let visible = t.panorama.visible_count(theirs);
                let covers = Covers::of(t, me);
                // The ground cells are listed once, with the first card placed; later cards
                // copy the cells from those actions (`ground` is where they start and end).
                let mut ground: Option<(usize, usize)> = None;
                for (i, &card) in hand.iter().enumerate() {
                    if hand[..i].iter().any(|h| h.canonical() == card.canonical()) {
                        continue;
                    }
                    if t.phase == Phase::PlaceTwo && card.value() != 2 {
                        continue;
                    }
                    match ground {
                        None => {
                            let from = out.len();
                            t.panorama.each_ground_cell(|at| {
                                out.push(MoonlightAction::Place { card, at })
                            });
                            ground = Some((from, out.len()));
                        }
                        Some((from, to)) => {
                            for k in from..to {
                                if let MoonlightAction::Place { at, .. } = out[k] {
                                    out.push(MoonlightAction::Place { card, at });
                                }
                            }
                        }
                    }
                    if visible >= 2 {
                        for p in t.panorama.piles() {
                            let top = p.top();
                            if top.colour() == theirs && covers.allows(card, top) {
                                out.push(MoonlightAction::Place { card, at: p.at });
                            }
                        }
                    }
                }
                if t.phase == Phase::Place && t.ready(me, Power::MovePile) && s.has_two(me) {
                    out.extend(
                        t.panorama
                            .pile_moves()
                            .into_iter()
                            .map(|(from, to)| MoonlightAction::MovePile { from, to }),
                    );
                }
                if t.phase == Phase::Second {
                    out.push(MoonlightAction::Decline);
                }
            }
            Phase::PickLoneWolf => out.extend(
                t.lone_wolves_left(me)
                    .into_iter()
                    .map(|wolf| MoonlightAction::PickLoneWolf { wolf }),
            ),
            Phase::PickPower => out.extend(
                t.display
                    .iter()
                    .map(|power| MoonlightAction::PickPower { power }),
            ),
        }
    }

    /// §3.1 step 2: a uniform shuffle of the seat's deck, with identical copies in id order.
    fn sample_chance(s: &MoonlightState, rng: &mut Rng) -> MoonlightAction {
        let seat = match s.table.phase {
            Phase::Shuffle { seat } => seat,
            _ => 0,
        };
        let mut order = s.decks[seat & 1];
        shuffle(order.as_mut_slice(), rng);
        canonical_order(order.as_mut_slice());
        MoonlightAction::Shuffle {
            seat: seat as u8,
            order,
        }
    }

    fn apply(s: &mut MoonlightState, action: &MoonlightAction) -> Result<(), Illegal> {
        use MoonlightAction as A;
        match (s.table.phase, *action) {
            (Phase::Over, _) => Err(Illegal::GameOver),
            (Phase::Shuffle { seat }, A::Shuffle { seat: who, order }) => {
                if who as usize != seat {
                    return Err(Illegal::WrongTurn);
                }
                if !s.decks[seat].same_cards(order.as_slice()) {
                    return Err(rule(format!(
                        "the shuffled deck of @{seat} must hold exactly their {} cards",
                        s.decks[seat].len()
                    )));
                }
                if !is_canonical_order(order.as_slice()) {
                    return Err(rule(
                        "identical copies are dealt lower id first (05 before 06, 07 before 08)",
                    ));
                }
                s.deal(seat, order);
                Ok(())
            }
            (Phase::Shuffle { .. }, _) | (_, A::Shuffle { .. }) => Err(Illegal::WrongTurn),
            (Phase::Place | Phase::PlaceTwo | Phase::Second, A::Place { card, at }) => {
                s.place(card, at)
            }
            (Phase::Place, A::MovePile { from, to }) => s.move_pile(from, to),
            (Phase::Second, A::Decline) => {
                let me = s.table.mover;
                s.table.this_turn.push(Change::Declined { seat: me });
                s.end_turn();
                Ok(())
            }
            (Phase::PickLoneWolf, A::PickLoneWolf { wolf }) => {
                let me = s.table.mover;
                if !s.table.lone_wolves_left(me).contains(&wolf) {
                    return Err(rule(format!(
                        "{wolf} is not one of your remaining Lone Wolves"
                    )));
                }
                s.table.lone_wolves[me].push(wolf);
                s.decks[me].push(wolf);
                s.table.mover = 1 - me;
                s.table.phase = Phase::PickPower;
                Ok(())
            }
            (Phase::PickPower, A::PickPower { power }) => s.pick_power(power),
            (Phase::PickLoneWolf, _) => Err(rule("the round winner must pick a Lone Wolf")),
            (Phase::PickPower, _) => Err(rule("the round loser must pick an Alpha Power")),
            (Phase::PlaceTwo, _) => Err(rule("place a value-2 wolf after moving a pile")),
            (Phase::Second, _) => Err(rule("place a second card or decline")),
            (Phase::Place, A::Decline) => {
                Err(rule("you must place a card: passing is not allowed"))
            }
            (Phase::Place, _) => Err(rule("place a card from your hand")),
        }
    }

    /// §9: two mountain halves win; the D12 cap is a draw.
    fn outcome(s: &MoonlightState) -> Option<Outcome> {
        if s.table.phase != Phase::Over {
            return None;
        }
        let scores = s.table.mountains.map(f64::from).to_vec();
        Some(match s.table.match_winner() {
            Some(w) => Outcome::from_ranks(vec![usize::from(w != 0), usize::from(w != 1)], scores),
            None => Outcome::from_ranks(vec![0, 0], scores),
        })
    }

    /// §10: the faces of drawn cards are their drawer's secret and the deck orders nobody's, so
    /// anything taken off a face-down deck reveals: the deals of §3.1 step 2 (the shuffles,
    /// chance events) and the refill at the end of a turn (§4 step 3), which comes inside the
    /// placement or the declined second card that ends the turn. Refilling the power display
    /// from the face-down power deck (§8.1 step 2) turns a card up. A new round (§3.1) begins
    /// with fresh deals. A placement that draws nothing shows only the card its player chose.
    fn reveals(before: &MoonlightState, action: &MoonlightAction, after: &MoonlightState) -> bool {
        let new_round = after.table.round != before.table.round;
        let drew = (0..2).any(|s| after.decks[s].len() < before.decks[s].len());
        let turned = after.power_deck.len() < before.power_deck.len();
        matches!(action, MoonlightAction::Shuffle { .. }) || new_round || drew || turned
    }

    fn view(s: &MoonlightState, seat: Seat) -> MoonlightView {
        let seat = seat & 1;
        MoonlightView {
            seat,
            table: s.table.clone(),
            hand: s.hands[seat],
            hand_sizes: s.hands.map(|h| h.len() as u8),
            deck_sizes: s.decks.map(|d| d.len() as u8),
            power_deck_size: s.power_deck.len() as u8,
        }
    }

    fn view_seat(v: &MoonlightView) -> Seat {
        v.seat
    }

    /// §10 consequence for the AI: each pack's unplayed cards are its deck list minus its cards
    /// in the panorama. Our own hand is known; the opponent's hand is a random draw of its public
    /// size from their unplayed cards; every deck is shuffled; so is the power deck (all powers
    /// not face up and not owned). Nothing else of the real state is read.
    fn determinize(v: &MoonlightView, rng: &mut Rng) -> MoonlightState {
        let t = &v.table;
        let me = v.seat & 1;
        // Every card of a pack is one of its 15 faces, each at most once: a bit per index.
        let unplayed = |seat: Seat| {
            let laid = t
                .panorama
                .cards_of(t.colour(seat))
                .fold(0u16, |laid, w| laid | 1 << w.index());
            t.owned(seat)
                .iter()
                .filter(|w| laid & 1 << w.index() == 0)
                .collect::<Cards>()
        };
        let mut hands = [Cards::new(); 2];
        let mut decks = [Cards::new(); 2];
        hands[me] = v.hand;
        let mut mine = unplayed(me);
        for w in v.hand.iter() {
            mine.remove(w);
        }
        shuffle(mine.as_mut_slice(), rng);
        canonical_order(mine.as_mut_slice());
        decks[me] = mine;
        let mut theirs = unplayed(1 - me);
        shuffle(theirs.as_mut_slice(), rng);
        canonical_order(theirs.as_mut_slice());
        let in_hand = (v.hand_sizes[1 - me] as usize).min(theirs.len());
        hands[1 - me] = theirs.iter().take(in_hand).collect();
        decks[1 - me] = theirs.iter().skip(in_hand).collect();
        let taken = t.display.union(t.powers[0]).union(t.powers[1]);
        let mut power_deck: Vec<Power> = PowerSet::all().without(taken).iter().collect();
        shuffle(&mut power_deck, rng);
        MoonlightState {
            table: t.clone(),
            hands,
            decks,
            power_deck,
        }
    }

    fn evaluate(s: &MoonlightState, seat: Seat) -> f64 {
        super::hints::evaluate(s, seat)
    }

    /// A playout's placement is laid without checking it again; anything else is applied.
    fn apply_listed(s: &mut MoonlightState, action: &MoonlightAction) -> Result<(), Illegal> {
        match (s.table.phase, *action) {
            (
                Phase::Place | Phase::PlaceTwo | Phase::Second,
                MoonlightAction::Place { card, at },
            ) => {
                s.place_listed(card, at);
                Ok(())
            }
            _ => Self::apply(s, action),
        }
    }

    fn quick_rollout_action(s: &MoonlightState, rng: &mut Rng) -> Option<MoonlightAction> {
        super::hints::quick_rollout_action(s, rng)
    }

    fn rollout_action(
        s: &MoonlightState,
        legal: &[MoonlightAction],
        rng: &mut Rng,
    ) -> MoonlightAction {
        super::hints::rollout_action(s, legal, rng)
    }

    fn describe(
        before: &MoonlightState,
        action: &MoonlightAction,
        viewer: Seat,
        lang: crate::i18n::Lang,
    ) -> Option<String> {
        super::log::describe(before, action, viewer, lang)
    }
}
