//! AI hints for Turncoats: the heuristic evaluation and the playout policy used by the search.
//!
//! The game is won twice over: a colour must win the map (§6.2), and then the player must hold
//! the most of it (§6.3). So a position is worth, for a seat, the sum over colours of
//! "chance this colour wins the map" × "chance this seat holds the most of it". Both chances are
//! soft-maxes whose temperature shrinks as the hands (the game's remaining moves, §4.6) empty.

use super::map::AREA_COUNT;
use super::rules::{Board, Colour, Phase, Stones, Turncoats, TurncoatsAction, TurncoatsState};
use crate::engine::{Game, Rng, Seat};
use rand::Rng as _;

/// Stones still in hands: every one is a future Recruit, Battle or March (§4.6).
fn tempo(hands: &[Stones]) -> f64 {
    hands.iter().map(|h| h.total() as f64).sum()
}

/// Chance of each colour to win the map, from the areas it controls now and its tie-breaks.
pub fn colour_odds(board: &Board, tempo: f64) -> [f64; 3] {
    let st = board.standings();
    let temp = 0.35 + 0.22 * tempo.sqrt();
    let strength = Colour::ALL.map(|c| {
        let mut x = st.areas[c] as f64;
        if st.leader == Some(c) {
            x += 0.35;
        }
        // Stones in play still count a little: they are next turns' control.
        let stones: f64 = (0..AREA_COUNT).map(|a| board.areas[a][c] as f64).sum();
        x + 0.03 * stones + 0.02 * board.axe[c] as f64
    });
    softmax(strength, temp)
}

fn softmax(x: [f64; 3], temp: f64) -> [f64; 3] {
    let max = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e = x.map(|v| ((v - max) / temp).exp());
    let sum: f64 = e.iter().sum();
    e.map(|v| v / sum)
}

/// Chance that `seat` ranks first among the hands if `colour` wins (§6.3 keys, softened).
fn hand_share(hands: &[Stones], seat: Seat, colour: Colour, temp: f64) -> f64 {
    let key = |h: &Stones| h[colour] as f64 - 0.15 * (h.total() - h[colour]) as f64;
    let mine = key(&hands[seat]);
    let sum: f64 = hands
        .iter()
        .map(|h| ((key(h) - mine) / temp).exp())
        .sum();
    1.0 / sum
}

/// Heuristic chance that `seat` wins from the public table and the (determinized) hands.
pub fn value(board: &Board, hands: &[Stones], seat: Seat) -> f64 {
    let t = tempo(hands);
    let odds = colour_odds(board, t);
    let temp = 0.45 + 0.12 * t.sqrt();
    Colour::ALL
        .into_iter()
        .map(|c| odds[c.index()] * hand_share(hands, seat, c, temp))
        .sum()
}

pub fn evaluate(s: &TurncoatsState, seat: Seat) -> f64 {
    if let Some(outcome) = Turncoats::outcome(s) {
        return outcome.reward(seat);
    }
    value(&s.board, &s.hands, seat)
}

/// Chance that a uniform legal action is played instead of the policy's pick.
const EXPLORE: f64 = 0.15;
/// Legal actions the policy looks at in the choose phase (plus Negotiate).
const CANDIDATES: usize = 6;

/// A cheap look one action ahead: the policy samples a few legal actions, scores the position
/// each leads to with [`value`], and plays the best, with a little randomness.
pub fn rollout_action(
    s: &TurncoatsState,
    legal: &[TurncoatsAction],
    rng: &mut Rng,
) -> TurncoatsAction {
    if legal.len() == 1 {
        return legal[0];
    }
    if rng.random_bool(EXPLORE) {
        return legal[rng.random_range(0..legal.len())];
    }
    let seat = s.mover;
    let mut best = legal[0];
    let mut best_value = f64::NEG_INFINITY;
    let mut consider = |a: TurncoatsAction, rng: &mut Rng| {
        let v = score(s, a, seat) + 1e-6 * rng.random::<f64>();
        if v > best_value {
            best_value = v;
            best = a;
        }
    };
    if s.phase == Phase::Choose && legal.len() > CANDIDATES + 1 {
        for _ in 0..CANDIDATES {
            let a = legal[rng.random_range(0..legal.len() - 1)];
            consider(a, rng);
        }
        consider(TurncoatsAction::Negotiate, rng);
    } else {
        for &a in legal {
            consider(a, rng);
        }
    }
    best
}

/// The policy's score of `action` for `seat`.
fn score(s: &TurncoatsState, action: TurncoatsAction, seat: Seat) -> f64 {
    use TurncoatsAction as A;
    let mut hands: [Stones; 5] = [Stones::NONE; 5];
    let n = s.hands.len();
    hands[..n].copy_from_slice(&s.hands);
    let hands = &mut hands[..n];
    let mut board = s.board;
    match action {
        A::Negotiate => {
            // The mover will return its least useful stone; if that ends the game, score it
            // exactly, else it is a free swap towards the colour it wants.
            let ends = s.streak + 1 >= s.players;
            let base = best_return(&board, hands, seat);
            return if ends {
                final_reward(&board, hands, s, seat)
            } else {
                base + 0.01
            };
        }
        A::NegotiateReturn { colour } => {
            hands[seat][colour] -= 1;
            if s.streak + 1 >= s.players {
                return final_reward(&board, hands, s, seat);
            }
        }
        A::Recruit { colour, area } => {
            hands[seat][colour] -= 1;
            board.areas[area as usize][colour] += 1;
        }
        A::Battle { colour, area } => {
            hands[seat][colour] -= 1;
            board.axe[colour] += 1;
            let splits = board.kill_splits(colour, area as usize);
            let a = area as usize;
            return splits
                .into_iter()
                .map(|k| {
                    let mut b = board;
                    for c in Colour::ALL {
                        b.areas[a][c] -= k[c];
                    }
                    value(&b, hands, seat)
                })
                .fold(f64::NEG_INFINITY, f64::max);
        }
        A::Kill { kills } => {
            if let Phase::Kill { area, .. } = s.phase {
                for c in Colour::ALL {
                    board.areas[area as usize][c] -= kills[c];
                }
            }
        }
        A::March { colour, from, to } => {
            hands[seat][colour] -= 1;
            board.flag[colour] += 1;
            let have = board.areas[from as usize][colour];
            return [1, have.div_ceil(2), have]
                .into_iter()
                .map(|count| {
                    let mut b = board;
                    b.areas[from as usize][colour] -= count;
                    b.areas[to as usize][colour] += count;
                    value(&b, hands, seat)
                })
                .fold(f64::NEG_INFINITY, f64::max);
        }
        A::MarchCount { count } => {
            if let Phase::MarchCount { colour, from, to } = s.phase {
                board.areas[from as usize][colour] -= count;
                board.areas[to as usize][colour] += count;
            }
        }
        A::Draw { .. } => {}
    }
    value(&board, hands, seat)
}

/// The value after returning the least useful stone (the best return for the mover).
fn best_return(board: &Board, hands: &mut [Stones], seat: Seat) -> f64 {
    let held = hands[seat];
    let mut best = value(board, hands, seat);
    if held.is_empty() {
        return best;
    }
    best = f64::NEG_INFINITY;
    for c in held.colours() {
        hands[seat][c] -= 1;
        best = best.max(value(board, hands, seat));
        hands[seat][c] += 1;
    }
    best
}

/// Exact reward if the game ended now with these hands (the mover having ended it).
fn final_reward(board: &Board, hands: &[Stones], s: &TurncoatsState, seat: Seat) -> f64 {
    let winner = board.winning_colour();
    let first = s.next_seat(s.mover);
    let order = super::rules::final_ranking(hands, winner, first);
    let place = order.iter().position(|&p| p == seat).unwrap_or(0);
    let n = hands.len() as f64;
    1.0 - place as f64 / (n - 1.0).max(1.0)
}
