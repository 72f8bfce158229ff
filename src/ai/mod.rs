//! Game-agnostic players: ISMCTS over determinizations, and the Random and Greedy baselines.
//! They see only a [`Game::View`], never the state, so they cannot cheat.

pub mod bench;
mod ismcts;
pub mod protocol;
pub mod review;

pub use ismcts::{appraise, search, Appraisal, RootAction, SearchStats};

use crate::engine::{Game, Rng, ToMove};
use rand::{Rng as _, SeedableRng};
use serde::{Deserialize, Serialize};

/// The levels offered to players and the search configuration live in the engine, so that a
/// game can set its own search per level ([`Game::search_config`]) and its own policy sees the
/// level ([`Game::ai_policy`]).
pub use crate::engine::{Level, SearchConfig};

/// Any automatic player: the two baselines or a search. A search bot asks the game's own
/// policy ([`Game::ai_policy`]) first; the baselines never do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Bot {
    Random,
    /// One ply: the action whose result the game's evaluation likes best.
    Greedy,
    /// A level's search as the game sets it ([`Game::search_config`]). Without `clock` its time
    /// budget is dropped, so its moves depend only on the seed (arenas, tests).
    Search {
        level: Level,
        clock: bool,
    },
    /// A level's search with its clock running as on a CPU `slowdown` times slower than the one
    /// it runs on: its time budget divided by `slowdown`, so it completes the iterations that a
    /// slower device completes before the same deadline (`hard@4`; issue #20's phone strength).
    /// Only the shared search has that clock: a game's own policy sees the level alone, and
    /// natively it is bound by iterations (Herd's Hard turn, Turncoats' council, Long
    /// Campaign's answers), so there the slowdown does not reach it.
    Paced {
        level: Level,
        slowdown: f64,
    },
    /// A custom search for tuning (`search:…`); the game's policy is asked with no level.
    Custom(SearchConfig),
}

impl Bot {
    /// The players' bot at `level`: the game's search for it, with its clock.
    pub fn level(level: Level) -> Self {
        Bot::Search { level, clock: true }
    }

    /// The same bot with no clock: every decision depends only on the seed.
    pub fn deterministic(self) -> Self {
        match self {
            Bot::Search { level, .. } | Bot::Paced { level, .. } => Bot::Search {
                level,
                clock: false,
            },
            Bot::Custom(config) => Bot::Custom(config.deterministic()),
            bot => bot,
        }
    }

    /// The search this bot runs for game `G`, if it searches.
    pub fn search_config<G: Game>(&self) -> Option<SearchConfig> {
        match self {
            Bot::Random | Bot::Greedy => None,
            Bot::Search { level, clock } => {
                let config = G::search_config(*level);
                Some(if *clock {
                    config
                } else {
                    config.deterministic()
                })
            }
            Bot::Paced { level, slowdown } => {
                let mut config = G::search_config(*level);
                config.time_budget_ms = config
                    .time_budget_ms
                    .map(|ms| ((ms as f64 / slowdown).round() as u32).max(1));
                Some(config)
            }
            Bot::Custom(config) => Some(config.clone()),
        }
    }

    /// `random`, `greedy`, `easy`, `normal`, `hard`, `expert`; a level on a slower CPU,
    /// `LEVEL@SLOWDOWN` (`hard@4`, [`Bot::Paced`]); or a custom search for tuning:
    /// `search:iterations=2000,depth=30,c=0.7,ms=450,chance=stop` (`depth=0` scores the search's leaves
    /// with the evaluation alone, `depth=full` plays to the end; unset keys keep the shared
    /// Hard values, [`Level::config`], whatever the game's own Hard).
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
                        "depth" if value == "full" => config.rollout_depth = None,
                        "depth" => config.rollout_depth = Some(value.parse().ok()?),
                        "c" => config.exploration = value.parse().ok()?,
                        "chance" if value == "stop" => config.stop_at_chance = true,
                        "chance" if value == "go" => config.stop_at_chance = false,
                        "ms" => config.time_budget_ms = value.parse().ok().filter(|&m| m > 0),
                        _ => return None,
                    }
                }
                Some(Bot::Custom(config))
            }
            _ => match s.split_once('@') {
                Some((level, slowdown)) => {
                    let slowdown: f64 = slowdown.parse().ok()?;
                    (slowdown.is_finite() && slowdown > 0.0).then_some(Bot::Paced {
                        level: Level::parse(level)?,
                        slowdown,
                    })
                }
                None => Level::parse(s).map(Bot::level),
            },
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
            // The game's own policy first (answers, baselines…), so the worker and the arena
            // play the same AI; the generic search when the game leaves the decision to it.
            Bot::Search { level, .. } | Bot::Paced { level, .. } => {
                G::ai_policy(view, Some(*level), rng)
                    .or_else(|| search::<G>(view, &self.search_config::<G>()?, rng).0)
            }
            Bot::Custom(config) => {
                G::ai_policy(view, None, rng).or_else(|| search::<G>(view, config, rng).0)
            }
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

/// One game between bots (`bots[seat]`), every random draw from `seed`; the arena and the AI
/// tests share it. Returns the outcome.
pub fn play_match<G: Game>(
    options: &G::Options,
    seed: u64,
    bots: &dyn Fn(crate::engine::Seat) -> Bot,
) -> Result<crate::engine::Outcome, String> {
    let mut m = crate::engine::Match::<G>::new(options.clone(), seed).map_err(|e| e.to_string())?;
    let mut rng = Rng::seed_from_u64(seed ^ 0x5eed_ba75);
    while let ToMove::Seat(seat) = m.to_move() {
        let view = G::view(m.state(), seat);
        let action = bots(seat)
            .choose::<G>(&view, &mut rng)
            .ok_or("a seat to move had no action")?;
        m.play(&action).map_err(|e| e.to_string())?;
    }
    G::outcome(m.state()).ok_or_else(|| "the game stopped before its end".to_string())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::moonlight::Moonlight;

    #[test]
    fn a_paced_level_divides_its_clock_and_nothing_else() {
        let hard = Moonlight::search_config(Level::Hard);
        let phone = Bot::parse("hard@4").unwrap();
        assert_eq!(
            phone,
            Bot::Paced {
                level: Level::Hard,
                slowdown: 4.0
            }
        );
        let paced = phone.search_config::<Moonlight>().unwrap();
        assert_eq!(
            paced.time_budget_ms,
            hard.time_budget_ms
                .map(|ms| (ms as f64 / 4.0).round() as u32)
        );
        assert_eq!(paced.deterministic(), hard.deterministic());
        // Without a clock (arenas without --clock) it is the level itself, reproducibly.
        assert_eq!(
            phone.deterministic(),
            Bot::level(Level::Hard).deterministic()
        );
    }

    #[test]
    fn a_pace_that_is_not_a_slowdown_is_refused() {
        for bad in [
            "hard@0", "hard@-2", "hard@x", "hard@inf", "nobody@4", "hard@",
        ] {
            assert_eq!(Bot::parse(bad), None, "{bad}");
        }
        assert_eq!(
            Bot::parse("hard@0.5").map(|b| b.search_config::<Moonlight>().unwrap().time_budget_ms),
            Some(Some(900))
        );
    }
}
