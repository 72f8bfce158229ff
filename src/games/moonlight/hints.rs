//! AI hints: the evaluation used at search cut-offs and by the Greedy baseline, and the cheap
//! playout policy of the search. Both read only the state they are given, which during search is
//! a determinization of the searcher's view.

use super::cards::{Power, Wolf};
use super::panorama::{Bounds, Cell, FULL};
use super::rules::{MoonlightAction, MoonlightState, Phase};
use super::scoring::{row_value, ScoreRules, Visible, BONUS_MOONS, MOON_POINTS};
use crate::engine::{Rng, Seat};
use rand::Rng as _;

/// Chance to win the match from `a` to `b` mountain halves if every later round were a coin
/// flip (§9: first to 2).
pub fn match_value(a: u8, b: u8) -> f64 {
    if a >= 2 {
        1.0
    } else if b >= 2 {
        0.0
    } else {
        0.5 * match_value(a + 1, b) + 0.5 * match_value(a, b + 1)
    }
}

/// Round-point lead of `seat` if the round ended with `extra` placed, plus a little for the
/// tie-breaks.
fn lead(s: &MoonlightState, rules: &ScoreRules, seat: Seat, extra: Option<(Cell, Wolf)>) -> f64 {
    let t = Visible::of(&s.table.panorama, extra).tally(rules);
    let (me, op) = (seat, 1 - seat);
    let mut lead = t.points[me] as f64 - t.points[op] as f64;
    lead += 0.1 * (t.collected[me] as f64 - t.collected[op] as f64);
    if t.points[me] == t.points[op] {
        match t.winner {
            Some(w) if w == me => lead += 0.3,
            Some(_) => lead -= 0.3,
            None => {}
        }
    }
    lead
}

/// Value still in a hand: high cards cover and win rows later.
fn hand_strength(s: &MoonlightState, seat: Seat) -> f64 {
    s.hands[seat].iter().map(|w| w.value() as f64).sum::<f64>()
        + s.decks[seat].iter().map(|w| w.value() as f64).sum::<f64>()
}

/// Chance that `seat` wins the round in play, from the live score and what is left to play.
pub fn round_chance(s: &MoonlightState, seat: Seat) -> f64 {
    let rules = s.table.score_rules();
    let fill = s.table.panorama.len() as f64 / FULL as f64;
    let mut x = lead(s, &rules, seat, None);
    // Unplayed value matters more the emptier the panorama is.
    let unplayed = hand_strength(s, seat) - hand_strength(s, 1 - seat);
    x += 0.04 * (1.0 - fill) * unplayed;
    let k = 0.3 + 0.5 * fill;
    1.0 / (1.0 + (-k * x).exp())
}

/// Heuristic chance that `seat` wins the match (the engine's `evaluate`).
pub fn evaluate(s: &MoonlightState, seat: Seat) -> f64 {
    let t = &s.table;
    let (a, b) = (t.mountains[seat & 1], t.mountains[1 - (seat & 1)]);
    match t.phase {
        Phase::Over => match t.match_winner() {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        },
        Phase::Shuffle { .. } | Phase::PickLoneWolf | Phase::PickPower => match_value(a, b),
        Phase::Place | Phase::PlaceTwo | Phase::Second => {
            let p = round_chance(s, seat & 1);
            p * match_value(a + 1, b) + (1.0 - p) * match_value(a, b + 1)
        }
    }
}

/// Share of playout moves that are uniformly random, so playouts explore.
const RANDOM_MOVES: f64 = 0.1;
/// What spending a card costs per point of value in a playout: a high card kept in hand can
/// still cover or win a row later.
const SPEND_COST: f64 = 0.05;
/// Random jitter added to each playout move's value, so equal moves are chosen at random.
const NOISE: f64 = 0.3;

/// The live score split by row, so the effect of one more card on its row and on the moons can
/// be read without rescoring the whole panorama.
struct Rows {
    rules: ScoreRules,
    bounds: Bounds,
    sums: [[u32; 2]; 4],
    wolves: [[u8; 2]; 4],
    plus: [[u8; 2]; 4],
    moons: [u32; 2],
}

impl Rows {
    /// The live score by row, with corners and rows taken from `bounds` (the current box, or
    /// the box a ground placement would make).
    fn of(s: &MoonlightState, rules: ScoreRules, bounds: Bounds) -> Rows {
        let panorama = &s.table.panorama;
        let mut rows = Rows {
            rules,
            bounds,
            sums: [[0; 2]; 4],
            wolves: [[0; 2]; 4],
            plus: [[0; 2]; 4],
            moons: rules
                .bonus_moons
                .map(|b| if b { BONUS_MOONS as u32 } else { 0 }),
        };
        for (at, wolf) in panorama.visible() {
            rows.add(at, wolf, 1);
        }
        rows
    }

    /// `seat`'s whole round lead: moons and every row.
    fn total(&self, seat: Seat) -> i32 {
        let rows = (self.bounds.height() as usize).min(4);
        (0..rows).map(|r| self.lead(seat, r)).sum::<i32>()
            - (rows as i32 - 1) * self.moon_lead(seat)
    }

    fn moon_lead(&self, seat: Seat) -> i32 {
        match self.rules.decide(self.moons) {
            Some(w) if w == seat => MOON_POINTS as i32,
            Some(_) => -(MOON_POINTS as i32),
            None => 0,
        }
    }

    fn row(&self, at: Cell) -> usize {
        ((at.y as i32 - self.bounds.y_min as i32).clamp(0, 3)) as usize
    }

    fn add(&mut self, at: Cell, wolf: Wolf, sign: i32) {
        let r = self.row(at);
        let s = self.rules.seat_of(wolf.colour());
        let v = row_value(wolf, at, self.bounds) as i32;
        self.sums[r][s] = (self.sums[r][s] as i32 + sign * v) as u32;
        self.wolves[r][s] = (self.wolves[r][s] as i32 + sign) as u8;
        self.plus[r][s] = (self.plus[r][s] as i32 + sign * wolf.plus_one() as i32) as u8;
        self.moons[s] = (self.moons[s] as i32 + sign * wolf.moons() as i32) as u32;
    }

    /// `seat`'s lead from the moons and row `r`.
    fn lead(&self, seat: Seat, r: usize) -> i32 {
        let mut lead = self.moon_lead(seat);
        match self.rules.decide(self.sums[r]) {
            Some(w) if w == seat => lead += (self.wolves[r][w] + self.plus[r][w]) as i32,
            Some(w) => lead -= (self.wolves[r][w] + self.plus[r][w]) as i32,
            None => {}
        }
        lead
    }

    /// How much `seat`'s round lead changes if `card` goes on `at`, when the box stays the same
    /// (so corners and the other rows do not change).
    fn gain(&mut self, s: &MoonlightState, seat: Seat, at: Cell, card: Wolf) -> i32 {
        let r = self.row(at);
        let before = self.lead(seat, r);
        let covered = s.table.panorama.top(at);
        if let Some(top) = covered {
            self.add(at, top, -1);
        }
        self.add(at, card, 1);
        let after = self.lead(seat, r);
        self.add(at, card, -1);
        if let Some(top) = covered {
            self.add(at, top, 1);
        }
        after - before
    }
}

/// Playout policy: mostly the placement that improves the live score most, spending low cards
/// when that is as good; Lone Wolf and power picks by a fixed preference.
pub fn rollout_action(
    s: &MoonlightState,
    legal: &[MoonlightAction],
    rng: &mut Rng,
) -> MoonlightAction {
    if legal.len() == 1 || rng.random_bool(RANDOM_MOVES) {
        return legal[rng.random_range(0..legal.len())];
    }
    match s.table.phase {
        Phase::PickLoneWolf => best_by(legal, rng, |a| match a {
            MoonlightAction::PickLoneWolf { wolf } => lone_wolf_preference(*wolf),
            _ => 0.0,
        }),
        Phase::PickPower => best_by(legal, rng, |a| match a {
            MoonlightAction::PickPower { power } => power_preference(*power),
            _ => 0.0,
        }),
        _ => {
            let Some(mut gains) = Gains::new(s) else {
                return legal[rng.random_range(0..legal.len())];
            };
            let mut best = legal[0];
            let mut best_value = f64::NEG_INFINITY;
            for &a in legal {
                let value = match a {
                    MoonlightAction::Place { card, at } => {
                        gains.of(s, at, card) as f64 - SPEND_COST * card.value() as f64
                    }
                    MoonlightAction::Decline => -0.5,
                    _ => 0.0,
                } + rng.random_range(0.0..NOISE);
                if value > best_value {
                    best_value = value;
                    best = a;
                }
            }
            best
        }
    }
}

/// How much one more card changes the mover's round lead, for every candidate of a turn.
pub(crate) struct Gains {
    me: Seat,
    rules: ScoreRules,
    rows: Rows,
    base: i32,
    /// Boxes a ground placement would grow the panorama to (corners move), each scored once
    /// without the new card.
    grown: Vec<Rows>,
}

impl Gains {
    pub(crate) fn new(s: &MoonlightState) -> Option<Gains> {
        let me = s.table.mover;
        let bounds = s.table.panorama.bounds()?;
        let rules = s.table.score_rules();
        let rows = Rows::of(s, rules, bounds);
        let base = rows.total(me);
        Some(Gains {
            me,
            rules,
            rows,
            base,
            grown: Vec::new(),
        })
    }

    /// The change in round points lead (§7) if the mover puts `card` on `at`.
    pub(crate) fn of(&mut self, s: &MoonlightState, at: Cell, card: Wolf) -> i32 {
        if self.rows.bounds.contains(at) {
            return self.rows.gain(s, self.me, at, card);
        }
        let b = self.rows.bounds.with(at);
        let i = match self.grown.iter().position(|r| r.bounds == b) {
            Some(i) => i,
            None => {
                self.grown.push(Rows::of(s, self.rules, b));
                self.grown.len() - 1
            }
        };
        let r = &mut self.grown[i];
        r.add(at, card, 1);
        let after = r.total(self.me);
        r.add(at, card, -1);
        after - self.base
    }
}

fn best_by(
    legal: &[MoonlightAction],
    rng: &mut Rng,
    value: impl Fn(&MoonlightAction) -> f64,
) -> MoonlightAction {
    let mut best = legal[0];
    let mut best_value = f64::NEG_INFINITY;
    for a in legal {
        let v = value(a) + rng.random_range(0.0..0.5);
        if v > best_value {
            best_value = v;
            best = *a;
        }
    }
    best
}

/// A rough order of the Lone Wolves for playouts: the 6 cannot be covered with +1, the moon
/// cards help the majority.
fn lone_wolf_preference(wolf: Wolf) -> f64 {
    match wolf.value() {
        6 => 3.0,
        1 => 2.0,
        2 => 1.5,
        _ => 1.0,
    }
}

fn power_preference(power: Power) -> f64 {
    match power {
        Power::WinAllTies | Power::BonusMoons | Power::LargerHand => 2.0,
        Power::DoublePlacement | Power::ValueSkip | Power::SameValueCover => 1.5,
        Power::ValueOneProtection | Power::MovePile => 1.0,
    }
}
