//! The Hard player's own search for Turncoats (the game's [`Game::ai_policy`]).
//!
//! Why not the generic ISMCTS alone: a Turncoats turn offers about a hundred actions (every
//! colour held × recruit, battle or march anywhere), most of them near-equal, and the value of a
//! position hangs on hands nobody sees. With a few thousand iterations the generic search tries
//! each root action a few dozen times through noisy playouts, and loses to the one-ply Greedy
//! baseline that scores every action exactly on the evaluation.
//!
//! The council works in two rounds:
//! 1. **Sift**: every legal action is scored by the evaluation after it, averaged over many
//!    determinizations of the viewer's hidden information (§7), the action's own sub-steps
//!    (kill split, march count, negotiation return) completed greedily. This is Greedy without
//!    its blind spot (one guessed deal).
//! 2. **Debate**: the few best are played on with the playout policy for a few turns from fresh
//!    deals, by successive halving (the weaker half dropped after each round), and the one with
//!    the best mean result is chosen.

use super::strategy::{evaluate_with, Weights, STANDARD};
use super::rules::{Phase, Turncoats, TurncoatsAction, TurncoatsState, TurncoatsView};
use crate::engine::{Game, Level, Rng, Seat, ToMove};

/// How much work the council does at one level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Council {
    /// Deals averaged when sifting every action.
    pub deals: usize,
    /// Actions kept for the debate.
    pub keep: usize,
    /// Playouts per kept action in the debate's first round (doubling as the field halves).
    pub playouts: usize,
    /// Actions a debate playout makes before the evaluation scores it.
    pub depth: u32,
    /// The council's own evaluation weights.
    pub weights: Weights,
}

fn fknob(name: &str, default: f64) -> f64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn knob(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

impl Council {
    pub fn at(level: Level) -> Option<Council> {
        match level {
            Level::Hard => Some(Council {
                deals: knob("TC_DEALS", 24),
                keep: knob("TC_KEEP", 6),
                playouts: knob("TC_PLAYOUTS", 40),
                depth: knob("TC_DEPTH", 6) as u32,
                weights: Weights {
                    leader: fknob("TC_LEADER", STANDARD.leader),
                    stone: fknob("TC_STONE", STANDARD.stone),
                    axe: fknob("TC_AXE", STANDARD.axe),
                    backing: fknob("TC_BACKING", STANDARD.backing),
                    losing: fknob("TC_LOSING", STANDARD.losing),
                    colour_temp: (
                        fknob("TC_CT0", STANDARD.colour_temp.0),
                        fknob("TC_CT1", STANDARD.colour_temp.1),
                    ),
                    hand_temp: (
                        fknob("TC_HT0", STANDARD.hand_temp.0),
                        fknob("TC_HT1", STANDARD.hand_temp.1),
                    ),
                },
            }),
            _ => None,
        }
    }
}

/// The council's action for the seat of `view`, or `None` when it is not that seat's turn.
pub fn choose(view: &TurncoatsView, council: &Council, rng: &mut Rng) -> Option<TurncoatsAction> {
    if !view.is_my_turn() || view.phase == Phase::Over {
        return None;
    }
    let seat = view.seat;
    let first = Turncoats::determinize(view, rng);
    let legal = Turncoats::legal(&first);
    if legal.len() <= 1 {
        return legal.first().copied();
    }

    // Sift.
    let deals: Vec<TurncoatsState> = std::iter::once(first)
        .chain((1..council.deals.max(1)).map(|_| Turncoats::determinize(view, rng)))
        .collect();
    let mut scored: Vec<(f64, TurncoatsAction)> = legal
        .iter()
        .map(|&a| {
            let total: f64 = deals.iter().map(|d| settle(d, a, seat, &council.weights, rng)).sum();
            (total / deals.len() as f64, a)
        })
        .collect();
    scored.sort_by(|x, y| y.0.partial_cmp(&x.0).unwrap_or(std::cmp::Ordering::Equal));
    scored.truncate(council.keep.max(1));
    if scored.len() == 1 || council.playouts == 0 {
        return Some(scored[0].1);
    }

    // Debate by successive halving.
    let mut field: Vec<(f64, usize, TurncoatsAction)> =
        scored.iter().map(|&(_, a)| (0.0, 0, a)).collect();
    let mut per = council.playouts;
    while field.len() > 1 {
        for entry in field.iter_mut() {
            for _ in 0..per {
                let mut s = Turncoats::determinize(view, rng);
                entry.0 += play_on(&mut s, entry.2, seat, council.depth, &council.weights, rng);
                entry.1 += 1;
            }
        }
        field.sort_by(|x, y| {
            (y.0 / y.1 as f64)
                .partial_cmp(&(x.0 / x.1 as f64))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        field.truncate(field.len().div_ceil(2).max(1));
        per *= 2;
    }
    field.first().map(|e| e.2)
}

/// Value of `action` for `seat` in one deal: applied, its own sub-steps completed greedily (a
/// negotiation's draw sampled), then the evaluation.
fn settle(
    deal: &TurncoatsState,
    action: TurncoatsAction,
    seat: Seat,
    w: &Weights,
    rng: &mut Rng,
) -> f64 {
    let mut s = deal.clone();
    if Turncoats::apply(&mut s, &action).is_err() {
        return 0.0;
    }
    loop {
        match Turncoats::to_move(&s) {
            ToMove::Over => break,
            ToMove::Chance => {
                let draw = Turncoats::sample_chance(&s, rng);
                if Turncoats::apply(&mut s, &draw).is_err() {
                    break;
                }
            }
            ToMove::Seat(p) if p == seat && s.phase != Phase::Choose => {
                let mut best = None;
                let mut best_value = f64::NEG_INFINITY;
                for a in Turncoats::legal(&s) {
                    let mut next = s.clone();
                    if Turncoats::apply(&mut next, &a).is_ok() {
                        let v = worth(&next, seat, w);
                        if v > best_value {
                            best_value = v;
                            best = Some(next);
                        }
                    }
                }
                match best {
                    Some(next) => s = next,
                    None => break,
                }
            }
            ToMove::Seat(_) => break,
        }
    }
    worth(&s, seat, w)
}

fn worth(s: &TurncoatsState, seat: Seat, w: &Weights) -> f64 {
    match Turncoats::outcome(s) {
        Some(outcome) => outcome.reward(seat),
        None => evaluate_with(s, seat, w),
    }
}

/// One debate playout: `action`, then the playout policy for `depth` actions (finishing the
/// turn under way), scored by the outcome or the evaluation.
fn play_on(
    s: &mut TurncoatsState,
    action: TurncoatsAction,
    seat: Seat,
    depth: u32,
    w: &Weights,
    rng: &mut Rng,
) -> f64 {
    if Turncoats::apply(s, &action).is_err() {
        return 0.0;
    }
    let mut legal = Vec::new();
    let mut steps = 0;
    loop {
        match Turncoats::to_move(s) {
            ToMove::Over => break,
            ToMove::Chance => {
                let draw = Turncoats::sample_chance(s, rng);
                if Turncoats::apply(s, &draw).is_err() {
                    break;
                }
            }
            ToMove::Seat(_) => {
                if steps >= depth && s.phase == Phase::Choose {
                    break;
                }
                Turncoats::legal_actions(s, &mut legal);
                if legal.is_empty() {
                    break;
                }
                let a = Turncoats::rollout_action(s, &legal, rng);
                if Turncoats::apply(s, &a).is_err() {
                    break;
                }
                steps += 1;
            }
        }
    }
    worth(s, seat, w)
}
