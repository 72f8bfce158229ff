//! AI hints: the evaluation used at search cut-offs and by the Greedy baseline, and the cheap
//! playout policy of the search. Both read only the state they are given, which during search is
//! a determinization of the searcher's view.

use super::cards::{Power, Wolf};
use super::panorama::{Cell, FULL};
use super::rules::{MoonlightAction, MoonlightState, Phase};
use super::scoring::{ScoreRules, Visible};
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
/// Placements compared per playout move.
const SAMPLES: usize = 6;

/// Playout policy: mostly the placement that improves the live score most among a few sampled
/// ones; Lone Wolf and power picks by a fixed preference.
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
            let me = s.table.mover;
            let rules = s.table.score_rules();
            let base = lead(s, &rules, me, None);
            let mut best = legal[rng.random_range(0..legal.len())];
            let mut best_value = f64::NEG_INFINITY;
            for _ in 0..SAMPLES.min(legal.len()) {
                let a = legal[rng.random_range(0..legal.len())];
                let value = match a {
                    MoonlightAction::Place { card, at } => {
                        // Spending a high card costs a little: it could win a later row.
                        lead(s, &rules, me, Some((at, card))) - 0.05 * card.value() as f64
                    }
                    MoonlightAction::Decline => base - 0.5,
                    _ => base,
                };
                if value > best_value {
                    best_value = value;
                    best = a;
                }
            }
            best
        }
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
