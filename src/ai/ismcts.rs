//! Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse, 2012).
//!
//! Each iteration deals a fresh determinization of the searcher's view, walks the tree choosing
//! only among actions legal in that deal (UCB with availability counts), adds one node, plays the
//! game on with the game's rollout policy (cut at a depth limit, or at the next chance event when
//! the game's configuration says so, and scored by the game's evaluation), and credits every node
//! with the reward of the seat that chose it.

use crate::engine::{Game, Rng, SearchConfig, Seat, ToMove};
use rand::Rng as _;
use serde::{Deserialize, Serialize};
use web_time::Instant;

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchStats {
    pub iterations: u32,
    pub elapsed_ms: f64,
}

struct Node<A> {
    action: Option<A>,
    parent: usize,
    children: Vec<usize>,
    /// The seat that chose `action`; `None` for chance outcomes and the root.
    mover: Option<Seat>,
    visits: u32,
    /// How often this node's action was legal when its parent was visited.
    available: u32,
    reward: f64,
}

/// Search from `view` and return the most visited action of its seat.
pub fn search<G: Game>(
    view: &G::View,
    config: &SearchConfig,
    rng: &mut Rng,
) -> (Option<G::Action>, SearchStats) {
    let start = Instant::now();
    let seat = G::view_seat(view);
    let first = G::determinize(view, rng);
    if G::to_move(&first) != ToMove::Seat(seat) {
        return (None, SearchStats::default());
    }
    let root_legal = G::legal(&first);
    if root_legal.len() <= 1 {
        return (root_legal.into_iter().next(), SearchStats::default());
    }

    let mut tree: Vec<Node<G::Action>> = vec![Node {
        action: None,
        parent: usize::MAX,
        children: Vec::new(),
        mover: None,
        visits: 0,
        available: 0,
        reward: 0.0,
    }];
    let mut legal = Vec::new();
    let mut untried = Vec::new();
    let mut iterations = 0;
    while iterations < config.iterations {
        if iterations % 16 == 0 && iterations > 0 {
            if let Some(ms) = config.time_budget_ms {
                if start.elapsed().as_secs_f64() * 1000.0 >= ms as f64 {
                    break;
                }
            }
            if decided(&tree, config.iterations - iterations) {
                break;
            }
        }
        iterations += 1;
        let mut state = if iterations == 1 {
            first.clone()
        } else {
            G::determinize(view, rng)
        };
        let mut node = 0;

        // Selection and expansion.
        loop {
            match G::to_move(&state) {
                ToMove::Over => break,
                ToMove::Chance if config.stop_at_chance => break,
                ToMove::Chance => {
                    let outcome = G::sample_chance(&state, rng);
                    if G::apply(&mut state, &outcome).is_err() {
                        break;
                    }
                    node = child_for(&mut tree, node, outcome, None);
                }
                ToMove::Seat(mover) => {
                    G::legal_actions(&state, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    untried.clear();
                    let mut best = usize::MAX;
                    let mut best_score = f64::NEG_INFINITY;
                    for action in &legal {
                        let existing = (0..tree[node].children.len())
                            .map(|i| tree[node].children[i])
                            .find(|&c| tree[c].action.as_ref() == Some(action));
                        match existing {
                            None => untried.push(action.clone()),
                            Some(c) => {
                                tree[c].available += 1;
                                let n = &tree[c];
                                let score = n.reward / n.visits.max(1) as f64
                                    + config.exploration
                                        * ((n.available as f64).ln() / n.visits.max(1) as f64)
                                            .sqrt();
                                if score > best_score {
                                    best_score = score;
                                    best = c;
                                }
                            }
                        }
                    }
                    if !untried.is_empty() {
                        let action = untried.swap_remove(rng.random_range(0..untried.len()));
                        if G::apply(&mut state, &action).is_err() {
                            break;
                        }
                        node = add_child(&mut tree, node, action, Some(mover));
                        break;
                    }
                    let Some(action) = tree[best].action.clone() else {
                        break;
                    };
                    if G::apply(&mut state, &action).is_err() {
                        break;
                    }
                    node = best;
                }
            }
        }

        let rewards = playout::<G>(&mut state, config, rng, &mut legal);

        // Backpropagation.
        let mut at = node;
        while at != usize::MAX {
            let n = &mut tree[at];
            n.visits += 1;
            if let Some(mover) = n.mover {
                n.reward += rewards.get(mover).copied().unwrap_or(0.0);
            }
            at = n.parent;
        }
    }

    let best = tree[0]
        .children
        .iter()
        .copied()
        .filter(|&c| tree[c].mover.is_some())
        .max_by(|&a, &b| {
            (tree[a].visits, tree[a].reward)
                .partial_cmp(&(tree[b].visits, tree[b].reward))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .and_then(|c| tree[c].action.clone())
        .or_else(|| root_legal.first().cloned());
    let stats = SearchStats {
        iterations,
        elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
    };
    (best, stats)
}

/// True when the most visited root action can no longer be overtaken in the iterations left.
fn decided<A>(tree: &[Node<A>], remaining: u32) -> bool {
    crate::engine::root_decided(tree[0].children.iter().map(|&c| tree[c].visits), remaining)
}

fn add_child<A>(tree: &mut Vec<Node<A>>, parent: usize, action: A, mover: Option<Seat>) -> usize {
    let id = tree.len();
    tree.push(Node {
        action: Some(action),
        parent,
        children: Vec::new(),
        mover,
        visits: 0,
        available: 1,
        reward: 0.0,
    });
    tree[parent].children.push(id);
    id
}

fn child_for<A: PartialEq>(
    tree: &mut Vec<Node<A>>,
    parent: usize,
    action: A,
    mover: Option<Seat>,
) -> usize {
    match tree[parent]
        .children
        .iter()
        .copied()
        .find(|&c| tree[c].action.as_ref() == Some(&action))
    {
        Some(c) => c,
        None => add_child(tree, parent, action, mover),
    }
}

/// Play on from `state` with the game's rollout policy; the reward of every seat in [0, 1].
pub(crate) fn playout<G: Game>(
    state: &mut G::State,
    config: &SearchConfig,
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
) -> Vec<f64> {
    let depth = config.rollout_depth;
    let mut steps = 0;
    let mut last = None;
    loop {
        match G::to_move(state) {
            ToMove::Over => break,
            ToMove::Chance => {
                if config.stop_at_chance || depth.is_some_and(|d| steps >= d) {
                    break; // a turn boundary: the evaluation sees a settled position
                }
                last = None;
                let outcome = G::sample_chance(state, rng);
                if G::apply(state, &outcome).is_err() {
                    break;
                }
            }
            ToMove::Seat(seat) => {
                // Past the depth limit, play on to the end of the current seat's run of actions
                // (a Herd turn, a Cap'n chain) so the evaluation never scores a half-made turn.
                if depth.is_some_and(|d| steps >= 2 * d || (steps >= d && Some(seat) != last)) {
                    break;
                }
                last = Some(seat);
                let action = match G::quick_rollout_action(state, rng) {
                    Some(action) => action,
                    None => {
                        G::legal_actions(state, legal);
                        if legal.is_empty() {
                            break;
                        }
                        G::rollout_action(state, legal, rng)
                    }
                };
                if G::apply(state, &action).is_err() {
                    break;
                }
                steps += 1;
            }
        }
    }
    let seats = G::seat_count(state);
    match G::outcome(state) {
        Some(outcome) => (0..seats).map(|s| outcome.reward(s)).collect(),
        None => (0..seats).map(|s| G::evaluate(state, s)).collect(),
    }
}
