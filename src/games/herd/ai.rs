//! Herd's hints for the shared search (DESIGN.md: `games/<g>/` holds each game's evaluation and
//! rollout policy): a position's value and the playout move.
//!
//! What decides a game of Herd, besides the dice: a capture swings two stones and refunds the
//! placement that made it; an empty cell whose neighbours are all one colour is a cell only that
//! colour can fill; a stone with no friend beside it can be captured once the enemy fills its last
//! empty neighbours; and the seat about to roll gains `H + L = d1 + d2`, 7 on average, before the
//! other seat answers.

use super::bits::{cells_of, neighbourhoods, Around, Held, Sides};
use super::hex::HexBoard;
use super::rules::{Change, Herd, HerdAction, HerdState, HerdView, Phase};
use crate::engine::{Game, Level, Rng, SearchConfig, Seat, ToMove};
use rand::Rng as _;

/// Expected stone swing of one whole turn for its mover: `H + L = d1 + d2` (herd.md §4.5), 7.
const TURN_SWING: f64 = 7.0;
/// Expected growth of the board per turn, `E|d1 − d2|` = 70/36: it sets how many turns remain.
const FILL_PER_TURN: f64 = 70.0 / 36.0;
/// Standard deviation of one turn's swing (`d1 + d2`: variance 35/6), in stones.
const SWING_SD: f64 = 2.415;

/// The evaluation's weights: what a friendless stone risks, what a cell only one colour may fill
/// is worth, and what the turn to come brings its mover. Hard and Greedy judge by
/// [`Weights::HARD`], Expert by [`Weights::EXPERT`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// The capture risk of a friendless stone of the seat that waits for the mover, by its empty
    /// neighbours (none, one, two, three, four or more): the mover may fill them this turn.
    pub exposed: [f64; 5],
    /// The same for the mover's own friendless stones, which the mover may still guard before
    /// the other seat gets to fill their empty neighbours.
    pub guarded: [f64; 5],
    /// An empty cell that only one colour may fill (§4.1), in stones for that colour.
    pub claimed: f64,
    /// The mover's half turn: the seat about to roll expects this much more than the other
    /// (the turns alternate to the end).
    pub turn: f64,
}

impl Weights {
    /// The hand-set weights: the risks 0.6, 0.3, 0.1 and 0 by empty neighbours for either seat,
    /// a claimed cell a stone, half a turn's swing for the mover. The playout move reads the
    /// same shares as integer fifths (`Around::share`, for exact sums in its hot loop); a test
    /// holds the two equal.
    pub const HARD: Weights = Weights {
        exposed: [0.6, 0.6, 0.3, 0.1, 0.0],
        guarded: [0.6, 0.6, 0.3, 0.1, 0.0],
        claimed: 1.0,
        turn: TURN_SWING / 2.0,
    };

    /// Expert's weights: its own friendless stones count for less when the other seat is
    /// about to roll (one empty neighbour left: a risk of 1.1, a stone worth −1.2), the other
    /// seat's for what they were, a claimed cell 0.4 of a stone. Tuned coordinate by coordinate
    /// with a Greedy on these weights against the Greedy on Hard's, 2000 games a candidate (400
    /// on each of seeds 101–105): Hard's weights 51.5 %, these 72.3 %. In Expert's turn search
    /// (4000 iterations) against Hard: `turf arena --game herd --a expert --b hard --games 200
    /// --seed 1` 69.0 % (95 % CI 62.3–75.0); with Hard's weights it had won 46.0 %
    /// (39.2–52.9).
    pub const EXPERT: Weights = Weights {
        exposed: [0.9, 1.1, 0.6, 0.25, 0.05],
        guarded: [0.6, 0.6, 0.3, 0.1, 0.0],
        claimed: 0.4,
        turn: TURN_SWING / 2.0,
    };

    /// The weights a level's turn search judges by.
    pub fn of(level: Level) -> Weights {
        match level {
            Level::Expert => Weights::EXPERT,
            _ => Weights::HARD,
        }
    }

    /// The share of the lead of `me` of one cell holding `held` with these neighbours, in
    /// stones: a stone counts `sign × (1 − 2 × risk)` for its owner (no risk beside a friend),
    /// an empty cell `claimed` when only one colour may fill it. `mover` is true when `me` moves
    /// next.
    fn share(&self, held: Held, around: Around, mover: bool) -> f64 {
        let stone = |friends: u8, risks: &[f64; 5]| {
            if friends > 0 {
                1.0
            } else {
                1.0 - 2.0 * risks[usize::from(around.empty.min(4))]
            }
        };
        let (mine, theirs) = if mover {
            (&self.guarded, &self.exposed)
        } else {
            (&self.exposed, &self.guarded)
        };
        match held {
            Held::Mine => stone(around.mine, mine),
            Held::Theirs => -stone(around.theirs, theirs),
            Held::Empty if around.theirs == 0 && around.empty == 0 => self.claimed,
            Held::Empty if around.mine == 0 && around.empty == 0 => -self.claimed,
            Held::Empty => 0.0,
        }
    }
}

/// The chance that `seat` wins, estimated from the stone lead as the dice will move it
/// ([`evaluate_with`] the weights of Hard).
pub fn evaluate(s: &HerdState, seat: Seat) -> f64 {
    evaluate_with(s, seat, &Weights::HARD)
}

/// The chance that `seat` wins, estimated from the stone lead as the dice will move it.
///
/// The lead counts stones; each empty cell that only one colour may fill (§4.1 forbidden for the
/// other) as that colour's; a friendless stone partly against its owner, the more so the fewer
/// empty neighbours it has left (a capture swings two stones); and the turn to come: the seat
/// about to roll expects half a turn's swing more than the other (the turns alternate to the
/// end), and a seat in the middle of its turn still has its remaining removals and placements to
/// make. The lead becomes a probability through the dice's spread over the turns left, which the
/// empty cells give: a lead of 5 stones is worth about 0.8 with ten cells left, 0.65 at the start.
pub fn evaluate_with(s: &HerdState, seat: Seat, w: &Weights) -> f64 {
    let empty = s.cells.iter().filter(|c| c.is_none()).count() as f64;
    let turns_left = empty / FILL_PER_TURN + 1.0;
    // A normal curve through the logistic: Φ(x) ≈ 1 / (1 + e^(−1.7x)).
    let z = lead(s, seat, w) / (SWING_SD * turns_left.sqrt());
    1.0 / (1.0 + (-1.7 * z).exp())
}

/// The stone lead of `seat` that [`evaluate_with`] turns into a chance: every cell's
/// [`Weights::share`] and the turn to come.
pub fn lead(s: &HerdState, seat: Seat, w: &Weights) -> f64 {
    let board = s.board();
    let sides = Sides::of(&s.cells, seat as u8);
    let moves_next = s.mover == seat;
    let mut lead: f64 = (0..s.cells.len())
        .map(|c| {
            let (held, around) = sides.around(board, c);
            w.share(held, around, moves_next)
        })
        .sum();
    let mover = if moves_next { 1.0 } else { -1.0 };
    lead += mover
        * match s.phase {
            Phase::Roll => w.turn,
            Phase::Remove { left } => {
                let high = s.dice.map_or(0, |(a, b)| a.max(b));
                (left + high) as f64 - w.turn
            }
            Phase::Place { budget } => budget as f64 - w.turn,
            Phase::Over => 0.0,
        };
    lead
}

/// Herd's searches ([`crate::engine::Game::search_config`]). Easy and Normal keep the shared
/// ones. Hard's iterations, exploration and clock drive Herd's own turn search ([`hard_action`],
/// the game's policy at Hard). It plans the rest of its own turn and stops at the next roll: its
/// playouts finish the turn with the evaluation's own greedy move ([`rollout_action`]) and the
/// evaluation scores the position the opponent will roll in. Playing on into later turns only
/// adds the dice's noise to the choice (a turn swings 7 ± 2.4 stones, a choice within a turn a
/// stone or two), and the evaluation already prices what the next roll brings. So each
/// iteration is cheap and few are needed. Against Greedy, which plays the same evaluation one
/// action ahead, 200 games a seed (`turf arena --game herd --a hard --b greedy --games 200
/// --seed S`): 77.5 % on seed 1 (95 % CI 71.2–82.7) and 77.5 % on seed 2 (71.2–82.7) with one
/// tree a turn (2 × 1000 iterations for its first decision, 1000 more for each later one,
/// removals in cell order); a fresh tree of 1000 iterations each decision (the shared search with
/// this configuration) won 73.5 % on seed 1, the shared Hard (3000 playouts of 20 actions)
/// 43.5 %. Tuning the fresh tree on 60 other games: exploration 0.1 won 70 %, 0.3 82 %, 0.6 78 %;
/// 2500 iterations 85 % at 2.7 times the cost. The kept tree costs no more per game than the
/// fresh one: its seed-2 arena took 6.7 CPU minutes, the fresh tree's 7.9 before it was stopped
/// unfinished. Think time natively (`turf bench --game herd`): median 27–31 ms, p95 114–159 ms
/// (the fresh tree, same minute: 32 ms, 99 ms). Against Random: 200 of 200.
///
/// Expert is the same turn search with four times Hard's iterations and the 2 s cap of
/// [`crate::engine::EXPERT_MS`], judging by its own weights ([`Weights::EXPERT`]): more
/// iterations alone only settle the same choice (46.0 % against Hard), the weights decide.
pub fn search_config(level: Level) -> SearchConfig {
    match level {
        Level::Hard => SearchConfig {
            iterations: 1000,
            time_budget_ms: Some(450),
            rollout_depth: None,
            exploration: 0.3,
            stop_at_chance: true,
        },
        Level::Expert => SearchConfig {
            iterations: 4000,
            time_budget_ms: Some(crate::engine::EXPERT_MS),
            ..search_config(Level::Hard)
        },
        _ => level.config(),
    }
}

/// The playout move, and what [`evaluate`] likes best one action ahead: a removal or a placement
/// chosen by the shares of the lead it changes (§4.2: a placement's captures, each with the stone
/// it adds to place), ties broken at random. The same choice as a full evaluation of every
/// action (the Greedy baseline) up to the spread term, at a fraction of the cost, so a search
/// can afford it in every playout. Uniform playouts almost never find the remove-then-capture
/// plays that decide Herd, so a search built on them could not see them either.
pub fn rollout_action(s: &HerdState, rng: &mut Rng) -> Option<HerdAction> {
    let place = match s.phase {
        Phase::Place { .. } => true,
        Phase::Remove { .. } => false,
        Phase::Roll | Phase::Over => return None,
    };
    let board = s.board();
    let near = neighbourhoods(&s.cells, board, s.mover as u8);
    // Each cell's share before the action (in fifths of a stone, exact, so equal values tie
    // exactly), and how it moves when one neighbour changes as the action changes it: an
    // empty one becomes mine (a placement beside it) or an enemy one empty (a removal). A
    // candidate without captures changes its own cell alone, so its value is its own cell's
    // new share and its neighbours' moves.
    let (mut before, mut beside) = ([0i8; 128], [0i8; 128]);
    for (c, &(held, around)) in near.iter().enumerate().take(s.cells.len()) {
        before[c] = around.share(held);
        let moved = if place {
            Around {
                mine: around.mine + 1,
                empty: around.empty.saturating_sub(1),
                ..around
            }
        } else {
            Around {
                theirs: around.theirs.saturating_sub(1),
                empty: around.empty + 1,
                ..around
            }
        };
        beside[c] = moved.share(held) - before[c];
    }
    let moves = |c: usize| -> i32 {
        let ns = board.neighbours[c].iter();
        ns.map(|&n| i32::from(beside[n as usize])).sum()
    };
    // The bitboards only a capturing candidate reads, made once for all of them.
    let mut sides = None;
    let (mut best, mut choice, mut ties) = (i32::MIN, None, 0);
    for (c, &(held, around)) in near.iter().enumerate().take(s.cells.len()) {
        let value = if place {
            // Taken, or §4.1 forbidden.
            if held != Held::Empty || (around.mine == 0 && around.empty == 0) {
                continue;
            }
            // §4.2 step 4: an enemy neighbour whose only non-friend neighbour is `c`.
            let captures = board.neighbours[c].iter().any(|&n| {
                let (held, around) = near[n as usize];
                held == Held::Theirs && around.theirs == 0 && around.empty == 1
            });
            if captures {
                let sides = sides.get_or_insert_with(|| Sides::of(&s.cells, s.mover as u8));
                capture_value(board, sides, &before, c)
            } else {
                i32::from(around.share(Held::Mine) - before[c]) + moves(c)
            }
        } else {
            if held != Held::Theirs {
                continue;
            }
            i32::from(around.share(Held::Empty) - before[c]) + moves(c)
        };
        if value > best {
            (best, choice, ties) = (value, Some(c), 1);
        } else if value == best {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                choice = Some(c);
            }
        }
    }
    choice.map(|c| {
        let cell = c as u8;
        if place {
            HerdAction::Place { cell }
        } else {
            HerdAction::Remove { cell }
        }
    })
}

/// The playout's value, in fifths of a stone, of a placement on `c` that captures: the new
/// shares of every cell it changes or neighbours (`before`: their shares now), and a stone to
/// place for each capture.
fn capture_value(board: &HexBoard, sides: &Sides, before: &[i8; 128], c: usize) -> i32 {
    let (after, captured) = candidate(board, sides, c);
    let touched =
        cells_of(captured).fold(1 << c | board.masks[c], |t, x| t | 1 << x | board.masks[x]);
    let gain: i32 = cells_of(touched)
        .map(|x| i32::from(after.share(board, x) - before[x]))
        .sum();
    gain + 5 * captured.count_ones() as i32
}

/// The board after the mover places on the empty cell `c`, and the stones that placement
/// captures (§4.2 step 4: an enemy neighbour whose every other neighbour is the mover's).
fn candidate(board: &HexBoard, sides: &Sides, c: usize) -> (Sides, u128) {
    let bit = 1u128 << c;
    let captured = cells_of(board.masks[c] & sides.theirs)
        .filter(|&n| board.masks[n] & !bit & !sides.mine == 0)
        .fold(0, |k, n| k | 1u128 << n);
    let after = Sides {
        mine: sides.mine | bit,
        theirs: sides.theirs & !captured,
        empty: sides.empty & !bit | captured,
    };
    (after, captured)
}

/// Hard's own search ([`crate::engine::Game::ai_policy`]): a Monte Carlo tree over the rest of
/// its own turn. The turn has no chance and no hidden information once the dice are rolled, so
/// one tree serves every decision of the turn: it is kept between them (per thread; a position
/// it does not lead to starts a new one) and each later decision adds `config.iterations` to the
/// subtree of the actions taken, the first [`FIRST_DECISION_FACTOR`] times as many. Removals
/// commute (the same stones removed in any order leave the same position), so the tree takes
/// them in increasing cell order, one branch per set. Natively iterations alone bound it, so
/// its moves depend only on the seed (and on the decisions before it in the same turn); in the
/// browser the configuration's clock still caps each decision.
pub fn hard_action(
    view: &HerdView,
    config: &SearchConfig,
    weights: &Weights,
    rng: &mut Rng,
) -> Option<HerdAction> {
    let s = &view.state;
    if s.mover != view.seat || !matches!(s.phase, Phase::Remove { .. } | Phase::Place { .. }) {
        return None;
    }
    TREE.with(|cell| {
        let mut cached = cell.borrow_mut();
        let mut tree = match cached.take().and_then(|t| t.reroot(s)) {
            Some(t) => t,
            None => TurnTree::new(s.clone()),
        };
        let fresh = tree.nodes[tree.root].visits == 0;
        let budget = if fresh {
            config.iterations * FIRST_DECISION_FACTOR
        } else {
            config.iterations
        };
        // In the browser the configuration's clock still caps a decision, as it capped the
        // shared search; natively (arenas, tests, `turf bench`) the iterations alone bound it.
        let clock = if cfg!(target_arch = "wasm32") {
            config.time_budget_ms
        } else {
            None
        };
        let action = tree.search(budget, config.exploration, weights, clock, rng);
        *cached = Some(tree);
        action
    })
}

/// The first decision of a turn (usually its first removal) searches this many times the
/// iterations of the later ones, which inherit the subtree it built.
const FIRST_DECISION_FACTOR: u32 = 2;

/// The actions Hard's tree tries at `state` reached by `last` (for tests).
#[cfg(test)]
pub(super) fn tree_actions(state: &HerdState, last: Option<HerdAction>) -> Vec<HerdAction> {
    TurnTree::actions(state, last)
}

/// The visits of this thread's kept tree at `s`, if it has a node for `s` (for tests).
#[cfg(test)]
pub(super) fn cached_visits(s: &HerdState) -> Option<u32> {
    TREE.with(|cell| {
        let tree = cell.borrow();
        let tree = tree.as_ref()?;
        tree.find(s).map(|n| tree.nodes[n].visits)
    })
}

thread_local! {
    static TREE: std::cell::RefCell<Option<TurnTree>> = const { std::cell::RefCell::new(None) };
}

struct TurnNode {
    action: Option<HerdAction>,
    children: Vec<usize>,
    /// Actions not yet in `children`; `None` until the node is first reached.
    untried: Option<Vec<HerdAction>>,
    visits: u32,
    reward: f64,
}

struct TurnTree {
    /// The position at `root`.
    state: HerdState,
    root: usize,
    nodes: Vec<TurnNode>,
}

impl TurnTree {
    fn new(state: HerdState) -> Self {
        TurnTree {
            state,
            root: 0,
            nodes: vec![TurnNode {
                action: None,
                children: Vec::new(),
                untried: None,
                visits: 0,
                reward: 0.0,
            }],
        }
    }

    /// The node for `s`, if `s` is this tree's position after some of its actions in the same
    /// turn.
    fn find(&self, s: &HerdState) -> Option<usize> {
        let old = &self.state;
        if old.turns != s.turns
            || old.mover != s.mover
            || old.dice != s.dice
            || old.this_turn.len() > s.this_turn.len()
            || old.this_turn[..] != s.this_turn[..old.this_turn.len()]
        {
            return None;
        }
        let mut state = old.clone();
        let mut node = self.root;
        for change in &s.this_turn[old.this_turn.len()..] {
            let action = match *change {
                Change::Removed { cell } => HerdAction::Remove { cell },
                Change::Placed { cell } => HerdAction::Place { cell },
                Change::Captured { .. } => continue,
            };
            node = *self.nodes[node]
                .children
                .iter()
                .find(|&&c| self.nodes[c].action == Some(action))?;
            Herd::apply(&mut state, &action).ok()?;
        }
        (state == *s).then_some(node)
    }

    /// The subtree for `s` ([`TurnTree::find`]).
    fn reroot(mut self, s: &HerdState) -> Option<Self> {
        self.root = self.find(s)?;
        self.state = s.clone();
        Some(self)
    }

    /// The actions the tree tries at `state`, reached by `last`: removals in increasing cell
    /// order (one branch per set of stones), any legal placement.
    fn actions(state: &HerdState, last: Option<HerdAction>) -> Vec<HerdAction> {
        let mut legal = Vec::new();
        Herd::legal_actions(state, &mut legal);
        let Phase::Remove { left } = state.phase else {
            return legal;
        };
        let prev = match last {
            Some(HerdAction::Remove { cell }) => Some(cell),
            _ => None,
        };
        // A removal above the previous one, with enough stones above it for the rest.
        let n = legal.len();
        let keep: Vec<HerdAction> = legal
            .iter()
            .enumerate()
            .filter(|&(i, a)| {
                matches!(*a, HerdAction::Remove { cell } if prev.is_none_or(|p| cell > p))
                    && n - i >= left as usize
            })
            .map(|(_, a)| *a)
            .collect();
        if keep.is_empty() {
            legal
        } else {
            keep
        }
    }

    /// Search until the root has `budget` more visits (or its choice is settled, or `clock`
    /// milliseconds have passed) and return its most visited action.
    fn search(
        &mut self,
        budget: u32,
        exploration: f64,
        weights: &Weights,
        clock: Option<u32>,
        rng: &mut Rng,
    ) -> Option<HerdAction> {
        let start = web_time::Instant::now();
        let me = self.state.mover;
        let root = self.root;
        let mut path = Vec::with_capacity(16);
        let mut done = 0;
        while done < budget {
            if done % 16 == 0 && done > 0 {
                let late =
                    clock.is_some_and(|ms| start.elapsed().as_secs_f64() * 1000.0 >= ms as f64);
                if late || self.decided(budget - done) {
                    break;
                }
            }
            done += 1;
            let mut state = self.state.clone();
            let mut node = root;
            path.clear();
            path.push(node);
            // Selection and expansion, within the turn.
            while Herd::to_move(&state) == ToMove::Seat(me) {
                if self.nodes[node].untried.is_none() {
                    let actions = Self::actions(&state, self.nodes[node].action);
                    self.nodes[node].untried = Some(actions);
                }
                let untried = self.nodes[node].untried.as_mut().expect("set above");
                if !untried.is_empty() {
                    let action = untried.swap_remove(rng.random_range(0..untried.len()));
                    if Herd::apply(&mut state, &action).is_err() {
                        break;
                    }
                    let child = self.nodes.len();
                    self.nodes.push(TurnNode {
                        action: Some(action),
                        children: Vec::new(),
                        untried: None,
                        visits: 0,
                        reward: 0.0,
                    });
                    self.nodes[node].children.push(child);
                    path.push(child);
                    break;
                }
                let log_n = (self.nodes[node].visits.max(1) as f64).ln();
                let Some(&best) = self.nodes[node].children.iter().max_by(|&&a, &&b| {
                    let ucb = |c: usize| {
                        let n = &self.nodes[c];
                        let v = n.visits.max(1) as f64;
                        n.reward / v + exploration * (log_n / v).sqrt()
                    };
                    ucb(a).total_cmp(&ucb(b))
                }) else {
                    break;
                };
                let action = self.nodes[best].action.expect("a child has an action");
                if Herd::apply(&mut state, &action).is_err() {
                    break;
                }
                node = best;
                path.push(node);
            }
            // Playout: the rest of the turn with the evaluation's greedy move.
            while Herd::to_move(&state) == ToMove::Seat(me) {
                let Some(action) = rollout_action(&state, rng) else {
                    break;
                };
                if Herd::apply(&mut state, &action).is_err() {
                    break;
                }
            }
            let reward = match Herd::outcome(&state) {
                Some(outcome) => outcome.reward(me),
                None => evaluate_with(&state, me, weights),
            };
            for &n in &path {
                self.nodes[n].visits += 1;
                self.nodes[n].reward += reward;
            }
        }
        let root = &self.nodes[self.root];
        root.children
            .iter()
            .max_by(|&&a, &&b| {
                let (a, b) = (&self.nodes[a], &self.nodes[b]);
                (a.visits, a.reward)
                    .partial_cmp(&(b.visits, b.reward))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .and_then(|&c| self.nodes[c].action)
    }

    /// True when the root's most visited action can no longer be overtaken in `remaining`
    /// iterations.
    fn decided(&self, remaining: u32) -> bool {
        let root = &self.nodes[self.root];
        crate::engine::root_decided(
            root.children.iter().map(|&c| self.nodes[c].visits),
            remaining,
        )
    }
}

#[cfg(test)]
mod weights_tests {
    use super::*;

    /// Hard's weights and the playout's fifths are one rule written twice: every cell, for
    /// either seat and whoever moves next, has the same share in both.
    #[test]
    fn hard_weights_are_the_playouts_fifths() {
        for held in [Held::Mine, Held::Theirs, Held::Empty] {
            for mine in 0..=6u8 {
                for theirs in 0..=6 - mine {
                    for empty in 0..=6 - mine - theirs {
                        let around = Around {
                            mine,
                            theirs,
                            empty,
                        };
                        for mover in [false, true] {
                            let stones = Weights::HARD.share(held, around, mover);
                            let fifths = f64::from(around.share(held)) / 5.0;
                            assert!(
                                (stones - fifths).abs() < 1e-12,
                                "{held:?} {around:?} mover {mover}: {stones} ≠ {fifths}"
                            );
                        }
                    }
                }
            }
        }
    }
}
