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
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
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
    /// `children` by action once there are more than [`LINEAR`] of them: selection looks up
    /// every legal action of a deal among the children, and a scan of a hundred children for
    /// each of a hundred actions was the search's own largest cost (Toy Battle, Moonlight).
    index: HashMap<A, usize, BuildHasherDefault<Fx>>,
    /// This node's place in its parent's `children`.
    rank: usize,
    /// The seat that chose `action`; `None` for chance outcomes and the root.
    mover: Option<Seat>,
    visits: u32,
    /// How often this node's action was legal when its parent was visited.
    available: u32,
    reward: f64,
}

impl<A> Node<A> {
    /// The root of a tree: the position searched from, chosen by no one.
    fn root() -> Self {
        Node {
            action: None,
            parent: usize::MAX,
            children: Vec::new(),
            index: HashMap::default(),
            rank: 0,
            mover: None,
            visits: 0,
            available: 0,
            reward: 0.0,
        }
    }
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
    let grown = grow::<G>(view, first, config, rng);
    let best = grown
        .leader()
        .map(|c| c.action.clone())
        .or_else(|| root_legal.first().cloned());
    let stats = SearchStats {
        iterations: grown.iterations,
        elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
    };
    (best, stats)
}

/// One root action of a search: how often it was tried and every seat's mean reward through it.
#[derive(Clone, Debug, PartialEq)]
pub struct RootAction<A> {
    pub action: A,
    pub visits: u32,
    pub mean: Vec<f64>,
}

/// What a search from a view found at its root, whoever is to move there: the review's reading
/// of a position ([`super::review`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Appraisal<A> {
    /// The seats' actions at the root (empty when chance or nobody moves there).
    pub actions: Vec<RootAction<A>>,
    /// The index in `actions` of the one the search prefers.
    pub leader: Option<usize>,
    /// Every seat's mean reward over all iterations.
    pub mean: Vec<f64>,
    pub iterations: u32,
}

impl<A> Appraisal<A> {
    /// The action the search prefers, as [`search`] would choose it.
    pub fn leader(&self) -> Option<&RootAction<A>> {
        self.leader.map(|i| &self.actions[i])
    }

    /// `seat`'s chance as the search reads it: through the action it expects at the root (the
    /// mover's best play), or over every iteration where chance or nobody moves.
    pub fn chance(&self, seat: Seat) -> f64 {
        let through = self.leader().map_or(&self.mean, |c| &c.mean);
        through.get(seat).copied().unwrap_or(0.0)
    }
}

/// Search from `view` whoever is to move at its root (a seat, chance, or nobody), and report
/// what every root action is worth to every seat. The same tree as [`search`].
pub fn appraise<G: Game>(
    view: &G::View,
    config: &SearchConfig,
    rng: &mut Rng,
) -> Appraisal<G::Action> {
    let first = G::determinize(view, rng);
    if let Some(outcome) = G::outcome(&first) {
        let seats = G::seat_count(&first);
        return Appraisal {
            actions: Vec::new(),
            leader: None,
            mean: (0..seats).map(|s| outcome.reward(s)).collect(),
            iterations: 0,
        };
    }
    let grown = grow::<G>(view, first, config, rng);
    let root_visits = grown.iterations.max(1) as f64;
    let actions = grown.root_actions();
    let leader = grown
        .leader()
        .and_then(|best| actions.iter().position(|a| a.action == best.action));
    Appraisal {
        mean: grown.sums[0].iter().map(|r| r / root_visits).collect(),
        actions,
        leader,
        iterations: grown.iterations,
    }
}

/// A grown tree and, for the root and each of its children, every seat's summed reward.
struct Grown<A> {
    tree: Vec<Node<A>>,
    /// `sums[0]` is the root's; `sums[i]` the i-th root child's (in `tree[0].children` order).
    sums: Vec<Vec<f64>>,
    iterations: u32,
}

impl<A: Clone + PartialEq> Grown<A> {
    fn root_actions(&self) -> Vec<RootAction<A>> {
        self.tree[0]
            .children
            .iter()
            .enumerate()
            .filter(|&(_, &c)| self.tree[c].mover.is_some())
            .filter_map(|(i, &c)| {
                let n = &self.tree[c];
                let visits = n.visits.max(1) as f64;
                Some(RootAction {
                    action: n.action.clone()?,
                    visits: n.visits,
                    mean: self.sums[i + 1].iter().map(|r| r / visits).collect(),
                })
            })
            .collect()
    }

    /// The most visited root action, the better reward of its mover on a tie.
    fn leader(&self) -> Option<RootAction<A>> {
        self.tree[0]
            .children
            .iter()
            .copied()
            .filter(|&c| self.tree[c].mover.is_some())
            .max_by(|&a, &b| {
                (self.tree[a].visits, self.tree[a].reward)
                    .partial_cmp(&(self.tree[b].visits, self.tree[b].reward))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .and_then(|c| {
                Some(RootAction {
                    action: self.tree[c].action.clone()?,
                    visits: self.tree[c].visits,
                    mean: Vec::new(),
                })
            })
    }
}

/// Grow the search tree from `first`, the first determinization of `view`.
fn grow<G: Game>(
    view: &G::View,
    first: G::State,
    config: &SearchConfig,
    rng: &mut Rng,
) -> Grown<G::Action> {
    let start = Instant::now();
    let seats = G::seat_count(&first);
    let mut tree: Vec<Node<G::Action>> = vec![Node::root()];
    let mut sums = vec![vec![0.0; seats]];
    let mut first = Some(first);
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
        let mut state = match first.take() {
            Some(state) => state,
            None => G::determinize(view, rng),
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
                        match find_child(&tree, node, action) {
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
            let parent = n.parent;
            // The root and its children keep every seat's reward, for [`appraise`].
            let slot = if at == 0 {
                Some(0)
            } else if parent == 0 {
                Some(n.rank + 1)
            } else {
                None
            };
            if let Some(slot) = slot {
                if sums.len() <= slot {
                    sums.resize(slot + 1, vec![0.0; seats]);
                }
                for (sum, r) in sums[slot].iter_mut().zip(&rewards) {
                    *sum += r;
                }
            }
            at = parent;
        }
    }
    Grown {
        tree,
        sums,
        iterations,
    }
}

/// True when the most visited root action can no longer be overtaken in the iterations left.
fn decided<A>(tree: &[Node<A>], remaining: u32) -> bool {
    crate::engine::root_decided(tree[0].children.iter().map(|&c| tree[c].visits), remaining)
}

/// Up to this many children a node's child for an action is found by a scan, past it by the
/// node's index.
const LINEAR: usize = 8;

#[cfg(test)]
thread_local! {
    /// Tests compare the indexed search with the plain scan it replaced.
    static SCAN_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// [`LINEAR`], or no index at all when a test asks for the plain scan.
fn linear() -> usize {
    #[cfg(test)]
    if SCAN_ONLY.with(|s| s.get()) {
        return usize::MAX;
    }
    LINEAR
}

/// The child of `parent` reached by `action`, if the tree has one.
fn find_child<A: Eq + Hash>(tree: &[Node<A>], parent: usize, action: &A) -> Option<usize> {
    let p = &tree[parent];
    if p.children.len() <= linear() {
        p.children
            .iter()
            .copied()
            .find(|&c| tree[c].action.as_ref() == Some(action))
    } else {
        p.index.get(action).copied()
    }
}

fn add_child<A: Clone + Eq + Hash>(
    tree: &mut Vec<Node<A>>,
    parent: usize,
    action: A,
    mover: Option<Seat>,
) -> usize {
    let id = tree.len();
    let rank = tree[parent].children.len();
    tree.push(Node {
        action: Some(action),
        parent,
        children: Vec::new(),
        index: HashMap::default(),
        rank,
        mover,
        visits: 0,
        available: 1,
        reward: 0.0,
    });
    tree[parent].children.push(id);
    let count = tree[parent].children.len();
    let linear = linear();
    if count == linear.saturating_add(1) {
        let index = tree[parent]
            .children
            .iter()
            .filter_map(|&c| Some((tree[c].action.clone()?, c)))
            .collect();
        tree[parent].index = index;
    } else if count > linear.saturating_add(1) {
        let action = tree[id].action.clone().expect("set above");
        tree[parent].index.insert(action, id);
    }
    id
}

fn child_for<A: Clone + Eq + Hash>(
    tree: &mut Vec<Node<A>>,
    parent: usize,
    action: A,
    mover: Option<Seat>,
) -> usize {
    match find_child(tree, parent, &action) {
        Some(c) => c,
        None => add_child(tree, parent, action, mover),
    }
}

/// A small multiplicative hash (the Fx hash of rustc) for the children's index: actions are a
/// few small integers, and SipHash's resistance to chosen keys buys nothing here.
#[derive(Default)]
struct Fx(u64);

impl Fx {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(n.into());
    }
    fn write_u16(&mut self, n: u16) {
        self.add(n.into());
    }
    fn write_u32(&mut self, n: u32) {
        self.add(n.into());
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
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
                if G::apply_listed(state, &action).is_err() {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn root<A>() -> Vec<Node<A>> {
        vec![Node::root()]
    }

    #[test]
    fn a_child_is_found_by_its_action_past_the_scan_as_by_a_scan() {
        let mut tree = root::<(u8, u16)>();
        let actions: Vec<(u8, u16)> = (0..40).map(|i| (i % 3, 7 * i as u16)).collect();
        for (i, &a) in actions.iter().enumerate() {
            assert_eq!(find_child(&tree, 0, &a), None);
            let id = child_for(&mut tree, 0, a, Some(0));
            assert_eq!(tree[id].rank, i);
            // Every child so far, through the scan (up to LINEAR) and the index (past it).
            for &b in &actions[..=i] {
                let scan = tree[0]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| tree[c].action == Some(b));
                assert_eq!(find_child(&tree, 0, &b), scan);
                assert!(scan.is_some());
            }
            assert_eq!(child_for(&mut tree, 0, a, Some(0)), id, "no second child");
        }
        assert_eq!(tree.len(), actions.len() + 1);
        assert_eq!(find_child(&tree, 0, &(9, 9)), None);
    }

    #[test]
    fn the_indexed_search_chooses_as_the_plain_scan_did() {
        // Toy Battle offers about a hundred actions a deal, so its root's children are indexed;
        // Hard without clock on fixed seeds: the same choice, iterations and root visits.
        use crate::ai::Bot;
        use crate::engine::{Level, Match};
        use crate::games::toy_battle::ToyBattle;
        use rand::SeedableRng;
        let config = Level::Hard.config().deterministic();
        for seed in [3, 4] {
            let mut m = Match::<ToyBattle>::new(Default::default(), seed).unwrap();
            let mut rng = Rng::seed_from_u64(seed);
            // Random moves on into the game, to a seat with many actions to choose from.
            let view = loop {
                let ToMove::Seat(seat) = m.to_move() else {
                    panic!("the game ended before a wide choice");
                };
                let view = ToyBattle::view(m.state(), seat);
                if ToyBattle::legal(m.state()).len() > LINEAR + 4 {
                    break view;
                }
                let action = Bot::Random.choose::<ToyBattle>(&view, &mut rng).unwrap();
                m.play(&action).unwrap();
            };
            let run = |scan: bool| {
                SCAN_ONLY.with(|s| s.set(scan));
                let mut rng = Rng::seed_from_u64(seed);
                let appraisal = appraise::<ToyBattle>(&view, &config, &mut rng);
                let (choice, stats) = search::<ToyBattle>(&view, &config, &mut rng);
                SCAN_ONLY.with(|s| s.set(false));
                (appraisal, choice, stats.iterations)
            };
            let (indexed, scanned) = (run(false), run(true));
            assert!(indexed.0.actions.len() > LINEAR, "the root is indexed");
            assert_eq!(indexed, scanned);
        }
    }
}
