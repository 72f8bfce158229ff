//! Herd's hints for the shared search (DESIGN.md: `games/<g>/` holds each game's evaluation and
//! rollout policy): a position's value and the playout move.
//!
//! What decides a game of Herd, besides the dice: a capture swings two stones and refunds the
//! placement that made it; an empty cell whose neighbours are all one colour is a cell only that
//! colour can fill; a stone with no friend beside it can be captured once the enemy fills its last
//! empty neighbours; and the seat about to roll gains `H + L = d1 + d2`, 7 on average, before the
//! other seat answers.

use super::rules::{HerdAction, HerdState, Phase};
use crate::engine::{Rng, Seat};
use rand::Rng as _;

/// Expected stone swing of one whole turn for its mover: `H + L = d1 + d2` (herd.md §4.5), 7.
const TURN_SWING: f64 = 7.0;
/// Expected growth of the board per turn, `E|d1 − d2|` = 70/36: it sets how many turns remain.
const FILL_PER_TURN: f64 = 70.0 / 36.0;
/// Standard deviation of one turn's swing (`d1 + d2`: variance 35/6), in stones.
const SWING_SD: f64 = 2.415;

/// The chance that `seat` wins, estimated from the stone lead as the dice will move it.
///
/// The lead counts stones; each empty cell that only one colour may fill (§4.1 forbidden for the
/// other) as that colour's; a friendless stone partly against its owner, the more so the fewer
/// empty neighbours it has left (a capture swings two stones); and the turn to come: the seat
/// about to roll expects half a turn's swing more than the other (the turns alternate to the
/// end), and a seat in the middle of its turn still has its remaining removals and placements to
/// make. The lead becomes a probability through the dice's spread over the turns left, which the
/// empty cells give: a lead of 5 stones is worth about 0.8 with ten cells left, 0.65 at the start.
pub fn evaluate(s: &HerdState, seat: Seat) -> f64 {
    let me = seat as u8;
    let board = s.board();
    let (mut lead, mut empty) = (0.0, 0.0);
    for (c, cell) in s.cells.iter().enumerate() {
        let ns = &board.neighbours[c];
        match *cell {
            None => {
                empty += 1.0;
                let mine = ns
                    .iter()
                    .filter(|&&n| s.cells[n as usize] == Some(me))
                    .count();
                let theirs = ns
                    .iter()
                    .filter(|&&n| s.cells[n as usize] == Some(1 - me))
                    .count();
                if mine == ns.len() {
                    lead += 1.0; // forbidden for the enemy
                } else if theirs == ns.len() {
                    lead -= 1.0; // forbidden for me
                }
            }
            Some(owner) => {
                let sign = if owner == me { 1.0 } else { -1.0 };
                lead += sign;
                let mut friend = false;
                let mut open = 0;
                for &n in ns {
                    match s.cells[n as usize] {
                        Some(o) if o == owner => {
                            friend = true;
                            break;
                        }
                        Some(_) => {}
                        None => open += 1,
                    }
                }
                if !friend {
                    let risk = match open {
                        0 | 1 => 0.6,
                        2 => 0.3,
                        3 => 0.1,
                        _ => 0.0,
                    };
                    lead -= sign * 2.0 * risk;
                }
            }
        }
    }
    let mover = if s.mover == seat { 1.0 } else { -1.0 };
    lead += mover
        * match s.phase {
            Phase::Roll => TURN_SWING / 2.0,
            Phase::Remove { left } => {
                let high = s.dice.map_or(0, |(a, b)| a.max(b));
                (left + high) as f64 - TURN_SWING / 2.0
            }
            Phase::Place { budget } => budget as f64 - TURN_SWING / 2.0,
            Phase::Over => 0.0,
        };
    let turns_left = empty / FILL_PER_TURN + 1.0;
    // A normal curve through the logistic: Φ(x) ≈ 1 / (1 + e^(−1.7x)).
    let z = lead / (SWING_SD * turns_left.sqrt());
    1.0 / (1.0 + (-1.7 * z).exp())
}

/// The playout move: a capture when one is ready, else the better of a few random legal
/// choices by a local score. Uniform playouts almost never find the remove-then-capture plays
/// that decide Herd, so the search could not see them either.
pub fn rollout_action(s: &HerdState, rng: &mut Rng) -> Option<HerdAction> {
    let me = s.mover as u8;
    match s.phase {
        Phase::Place { .. } => {
            if let Some(c) = capture_cell(s, me, rng) {
                return Some(HerdAction::Place { cell: c as u8 });
            }
            best_of(s, rng, 2, |c| {
                s.is_legal_placement(c, s.mover)
                    .then(|| place_score(s, c, me))
            })
            .map(|c| HerdAction::Place { cell: c as u8 })
        }
        Phase::Remove { .. } => best_of(s, rng, 4, |c| {
            (s.cells[c] == Some(1 - me)).then(|| remove_score(s, c, me))
        })
        .map(|c| HerdAction::Remove { cell: c as u8 }),
        Phase::Roll | Phase::Over => None,
    }
}

/// The best-scoring of the first `tries` candidates among up to 32 random cells (`score` is
/// `None` for a cell that is not a legal choice), by rejection: cheaper than listing them all.
fn best_of(
    s: &HerdState,
    rng: &mut Rng,
    tries: usize,
    score: impl Fn(usize) -> Option<i32>,
) -> Option<usize> {
    let n = s.cells.len();
    let mut best: Option<(i32, usize)> = None;
    let mut found = 0;
    for _ in 0..32 {
        let c = rng.random_range(0..n);
        let Some(value) = score(c) else {
            continue;
        };
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, c));
        }
        found += 1;
        if found >= tries {
            break;
        }
    }
    best.map(|(_, c)| c)
}

/// A placement that captures at once (§4.2 step 4): an enemy stone with no friend, one empty
/// neighbour that is legal for `me`, and `me` on every other neighbour.
fn capture_cell(s: &HerdState, me: u8, rng: &mut Rng) -> Option<usize> {
    let n = s.cells.len();
    let start = rng.random_range(0..n);
    (0..n).map(|i| (start + i) % n).find_map(|x| {
        if s.cells[x] != Some(1 - me) {
            return None;
        }
        let mut gap = None;
        for &y in &s.board().neighbours[x] {
            match s.cells[y as usize] {
                Some(o) if o == me => {}
                Some(_) => return None,
                None if gap.is_some() => return None,
                None => gap = Some(y as usize),
            }
        }
        gap.filter(|&c| !s.is_forbidden(c, me as Seat))
    })
}

/// Placing next to friends keeps a stone out of reach of capture.
fn place_score(s: &HerdState, c: usize, me: u8) -> i32 {
    s.board().neighbours[c]
        .iter()
        .filter(|&&n| s.cells[n as usize] == Some(me))
        .count() as i32
}

/// Removing an enemy stone is worth most when it frees a cell `me` can use (not a hole among
/// enemy stones, which only the enemy may fill) and leaves a neighbouring enemy stone friendless
/// with at most two empty neighbours: a capture to make with the placements that follow.
fn remove_score(s: &HerdState, c: usize, me: u8) -> i32 {
    let board = s.board();
    let ns = &board.neighbours[c];
    let enemy = ns
        .iter()
        .filter(|&&n| s.cells[n as usize] == Some(1 - me))
        .count();
    let mut score = (ns.len() - enemy) as i32;
    if enemy == ns.len() {
        score -= 4;
    }
    for &x in ns {
        if s.cells[x as usize] != Some(1 - me) {
            continue;
        }
        let (mut friends, mut open) = (0, 0);
        for &y in &board.neighbours[x as usize] {
            match s.cells[y as usize] {
                _ if y as usize == c => open += 1,
                Some(o) if o == me => {}
                Some(_) => friends += 1,
                None => open += 1,
            }
        }
        if friends == 0 && open <= 2 {
            score += 4;
        }
    }
    score
}
