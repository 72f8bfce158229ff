//! Game-agnostic players: ISMCTS over determinizations, and the Random and Greedy baselines.
//! They see only a [`Game::View`], never the state, so they cannot cheat.

pub mod bench;
mod ismcts;
pub mod protocol;

pub use ismcts::{search, SearchConfig, SearchStats};

use crate::engine::{Game, Rng, ToMove};
use rand::{Rng as _, SeedableRng};
use serde::{Deserialize, Serialize};

/// The AI levels offered to players. Each is one concrete search configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// Easy: a shallow search that sees captures but not plans. Normal: a real search with a
    /// short budget. Hard: the full budget, capped by wall-clock time so it answers fast.
    pub fn config(self) -> SearchConfig {
        match self {
            Level::Easy => SearchConfig {
                iterations: 60,
                time_budget_ms: Some(150),
                rollout_depth: Some(12),
                exploration: 1.4,
            },
            Level::Normal => SearchConfig {
                iterations: 600,
                time_budget_ms: Some(300),
                rollout_depth: None,
                exploration: 0.9,
            },
            Level::Hard => SearchConfig {
                iterations: 4000,
                time_budget_ms: Some(450),
                rollout_depth: None,
                exploration: 0.7,
            },
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.name() == s)
    }
}

/// Any automatic player: the two baselines or a search at some configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Bot {
    Random,
    /// One ply: the action whose result the game's evaluation likes best.
    Greedy,
    Search(SearchConfig),
}

impl Bot {
    /// `random`, `greedy`, `easy`, `normal`, `hard`, or a custom search for tuning:
    /// `search:iterations=2000,depth=30,c=0.7,ms=450` (unset keys keep Hard's values).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "random" => Some(Bot::Random),
            "greedy" => Some(Bot::Greedy),
            _ if s.starts_with("search:") => {
                let mut config = Level::Hard.config();
                for pair in s["search:".len()..].split(',').filter(|p| !p.is_empty()) {
                    let (key, value) = pair.split_once('=')?;
                    match key {
                        "iterations" => config.iterations = value.parse().ok()?,
                        "depth" => config.rollout_depth = value.parse().ok().filter(|&d| d > 0),
                        "c" => config.exploration = value.parse().ok()?,
                        "ms" => config.time_budget_ms = value.parse().ok().filter(|&m| m > 0),
                        _ => return None,
                    }
                }
                Some(Bot::Search(config))
            }
            _ => Level::parse(s).map(|l| Bot::Search(l.config())),
        }
    }

    /// The bot's action for the seat of `view`, or `None` if that seat has nothing to decide.
    pub fn choose<G: Game>(&self, view: &G::View, rng: &mut Rng) -> Option<G::Action> {
        match self {
            Bot::Random => {
                let state = G::determinize(view, rng);
                let legal = G::legal(&state);
                (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())].clone())
            }
            Bot::Greedy => greedy::<G>(view, rng),
            Bot::Search(config) => search::<G>(view, config, rng).0,
        }
    }
}

/// Random games from fresh deals for `seconds`: (playouts per second, actions per second).
pub fn random_playouts<G: Game>(options: &G::Options, seconds: f64) -> (f64, f64) {
    use crate::engine::setup_rng;
    let start = web_time::Instant::now();
    let mut rng = Rng::seed_from_u64(1);
    let mut legal = Vec::new();
    let (mut games, mut actions) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds {
        let Ok(mut state) = G::new(options, &mut setup_rng(games)) else {
            return (0.0, 0.0);
        };
        loop {
            match G::to_move(&state) {
                ToMove::Over => break,
                ToMove::Chance => {
                    let outcome = G::sample_chance(&state, &mut rng);
                    if G::apply(&mut state, &outcome).is_err() {
                        break;
                    }
                }
                ToMove::Seat(_) => {
                    G::legal_actions(&state, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let action = legal[rng.random_range(0..legal.len())].clone();
                    if G::apply(&mut state, &action).is_err() {
                        break;
                    }
                    actions += 1;
                }
            }
        }
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    (games as f64 / secs, actions as f64 / secs)
}

fn greedy<G: Game>(view: &G::View, rng: &mut Rng) -> Option<G::Action> {
    let seat = G::view_seat(view);
    let state = G::determinize(view, rng);
    if G::to_move(&state) != ToMove::Seat(seat) {
        return None;
    }
    let mut best: Vec<G::Action> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for action in G::legal(&state) {
        let mut next = state.clone();
        if G::apply(&mut next, &action).is_err() {
            continue;
        }
        let value = match G::outcome(&next) {
            Some(outcome) => outcome.reward(seat),
            None => G::evaluate(&next, seat),
        };
        if value > best_value + 1e-9 {
            best_value = value;
            best.clear();
        }
        if (value - best_value).abs() <= 1e-9 {
            best.push(action);
        }
    }
    (!best.is_empty()).then(|| best[rng.random_range(0..best.len())].clone())
}
