//! Herd's hints for the shared search (DESIGN.md: `games/<g>/` holds each game's evaluation and
//! rollout policy): a position's value and the playout move.
//!
//! What decides a game of Herd, besides the dice: a capture swings two stones and refunds the
//! placement that made it; an empty cell whose neighbours are all one colour is a cell only that
//! colour can fill; a stone with no friend beside it can be captured once the enemy fills its last
//! empty neighbours; and the seat about to roll gains `H + L = d1 + d2`, 7 on average, before the
//! other seat answers.

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
    let empty = s.cells.iter().filter(|c| c.is_none()).count() as f64;
    let turns_left = empty / FILL_PER_TURN + 1.0;
    // A normal curve through the logistic: Φ(x) ≈ 1 / (1 + e^(−1.7x)).
    let z = lead(s, seat) / (SWING_SD * turns_left.sqrt());
    1.0 / (1.0 + (-1.7 * z).exp())
}

/// The stone lead of `seat` that [`evaluate`] turns into a chance: the cells' shares and the
/// turn to come.
pub fn lead(s: &HerdState, seat: Seat) -> f64 {
    let me = seat as u8;
    let board = s.board();
    let mut lead: f64 = (0..s.cells.len())
        .map(|c| share(&s.cells, board, c, me))
        .sum();
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
    lead
}

/// One cell's share of the stone lead of `me` in [`evaluate`]: a stone counts for its owner,
/// less its capture risk when it has no friend beside it; an empty cell counts for the only
/// colour that may fill it, if one is barred (§4.1). It depends on the cell and its neighbours
/// only, so a move changes the shares of the cells it touches and of their neighbours alone.
fn share(cells: &[Option<u8>], board: &HexBoard, c: usize, me: u8) -> f64 {
    let ns = &board.neighbours[c];
    match cells[c] {
        None => {
            let (mut mine, mut theirs) = (0, 0);
            for &n in ns {
                match cells[n as usize] {
                    Some(o) if o == me => mine += 1,
                    Some(_) => theirs += 1,
                    None => {}
                }
            }
            if mine == ns.len() {
                1.0 // forbidden for the enemy
            } else if theirs == ns.len() {
                -1.0 // forbidden for me
            } else {
                0.0
            }
        }
        Some(owner) => {
            let sign = if owner == me { 1.0 } else { -1.0 };
            let mut open = 0;
            for &n in ns {
                match cells[n as usize] {
                    Some(o) if o == owner => return sign, // a friend: out of reach
                    Some(_) => {}
                    None => open += 1,
                }
            }
            let risk = match open {
                0 | 1 => 0.6,
                2 => 0.3,
                3 => 0.1,
                _ => 0.0,
            };
            sign * (1.0 - 2.0 * risk)
        }
    }
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
/// Expert is the same turn search with four times Hard's iterations (2500 had won 85 % against
/// Hard's 70 % in the tuning above) and the 2 s cap of [`crate::engine::EXPERT_MS`].
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
    let me = s.mover as u8;
    let place = match s.phase {
        Phase::Place { .. } => true,
        Phase::Remove { .. } => false,
        Phase::Roll | Phase::Over => return None,
    };
    let board = s.board();
    let mut cells = s.cells.clone();
    let mut touched: Vec<usize> = Vec::with_capacity(32);
    let mut captured: Vec<usize> = Vec::with_capacity(6);
    // Each cell's share before the action, worked out once for all the candidates that touch
    // it (NaN: not yet): most cells are touched by seven candidates.
    let mut before_share = vec![f64::NAN; cells.len()];
    let (mut best, mut choice, mut ties) = (f64::NEG_INFINITY, None, 0);
    for c in 0..cells.len() {
        captured.clear();
        if place {
            if !s.is_legal_placement(c, s.mover) {
                continue;
            }
            // §4.2 step 4: an enemy neighbour whose every other neighbour is mine is captured.
            for &n in &board.neighbours[c] {
                let n = n as usize;
                if s.cells[n] == Some(1 - me)
                    && board.neighbours[n]
                        .iter()
                        .all(|&y| y as usize == c || s.cells[y as usize] == Some(me))
                {
                    captured.push(n);
                }
            }
        } else if s.cells[c] != Some(1 - me) {
            continue;
        }
        touched.clear();
        for &x in std::iter::once(&c).chain(&captured) {
            for y in std::iter::once(x).chain(board.neighbours[x].iter().map(|&y| y as usize)) {
                if !touched.contains(&y) {
                    touched.push(y);
                }
            }
        }
        let before: f64 = touched
            .iter()
            .map(|&x| {
                if before_share[x].is_nan() {
                    before_share[x] = share(&s.cells, board, x, me);
                }
                before_share[x]
            })
            .sum();
        cells[c] = if place { Some(me) } else { None };
        for &x in &captured {
            cells[x] = None;
        }
        let after: f64 = touched.iter().map(|&x| share(&cells, board, x, me)).sum();
        for &x in std::iter::once(&c).chain(&captured) {
            cells[x] = s.cells[x];
        }
        let value = after - before + captured.len() as f64;
        if value > best + 1e-9 {
            (best, choice, ties) = (value, Some(c), 1);
        } else if value > best - 1e-9 {
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

/// Hard's own search ([`crate::engine::Game::ai_policy`]): a Monte Carlo tree over the rest of
/// its own turn. The turn has no chance and no hidden information once the dice are rolled, so
/// one tree serves every decision of the turn: it is kept between them (per thread; a position
/// it does not lead to starts a new one) and each later decision adds `config.iterations` to the
/// subtree of the actions taken, the first [`FIRST_DECISION_FACTOR`] times as many. Removals
/// commute (the same stones removed in any order leave the same position), so the tree takes
/// them in increasing cell order, one branch per set. Natively iterations alone bound it, so
/// its moves depend only on the seed (and on the decisions before it in the same turn); in the
/// browser the configuration's clock still caps each decision.
pub fn hard_action(view: &HerdView, config: &SearchConfig, rng: &mut Rng) -> Option<HerdAction> {
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
        let action = tree.search(budget, config.exploration, clock, rng);
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
                None => evaluate(&state, me),
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
