//! Speed measurements shared by `turf bench` (native) and the AI worker (WASM), so both run the
//! same code and their figures compare.

use super::{search, Bot, Level};
use crate::engine::{random_bool, Game, Match, Rng, ToMove};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct LevelTiming {
    pub level: String,
    pub iterations_per_second: f64,
    pub median_ms: f64,
    pub p95_ms: f64,
    pub decisions: usize,
    /// Decisions the game's own policy made instead of the generic search (answers, baselines,
    /// Turncoats' council; see `Game::ai_policy`), timed apart: a policy may answer at once
    /// (Long Campaign's answers) or think as long as a search (Turncoats' Hard).
    #[serde(default)]
    pub policy_decisions: usize,
    #[serde(default)]
    pub policy_median_ms: f64,
    #[serde(default)]
    pub policy_p95_ms: f64,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct BenchReport {
    pub game: String,
    pub playouts_per_second: f64,
    pub actions_per_second: f64,
    pub levels: Vec<LevelTiming>,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Random playouts for `seconds`, then `decisions` think times per level (with its real time
/// cap) on positions from games where random moves and the level's own moves alternate. The
/// level's moves take the players' path (`Bot::choose`): the game's own policy first, timed
/// apart from the searches; `decisions` counts both.
pub fn bench<G: Game>(
    options: &G::Options,
    seconds: f64,
    decisions: usize,
    levels: &[Level],
) -> Result<BenchReport, String> {
    let (playouts, actions) = super::random_playouts::<G>(options, seconds);
    let mut report = BenchReport {
        game: G::ID.to_string(),
        playouts_per_second: playouts,
        actions_per_second: actions,
        levels: Vec::new(),
    };
    for &level in levels {
        let config = G::search_config(level);
        let mut times = Vec::new();
        let (mut iterations, mut seconds) = (0u64, 0.0);
        let mut rng = Rng::seed_from_u64(7);
        let mut seed = 0;
        let mut policy_times = Vec::new();
        let timed = |times: &Vec<f64>, policy_times: &Vec<f64>| times.len() + policy_times.len();
        while timed(&times, &policy_times) < decisions {
            seed += 1;
            let mut m = Match::<G>::new(options.clone(), seed).map_err(|e| e.to_string())?;
            while let ToMove::Seat(seat) = m.to_move() {
                let view = G::view(m.state(), seat);
                let think = G::legal(m.state()).len() > 1
                    && timed(&times, &policy_times) < decisions
                    && random_bool(&mut rng, 0.5);
                let own = if think {
                    let start = web_time::Instant::now();
                    let own = G::ai_policy(&view, Some(level), &mut rng);
                    if own.is_some() {
                        policy_times.push(start.elapsed().as_secs_f64() * 1000.0);
                    }
                    own
                } else {
                    None
                };
                let action = if own.is_some() {
                    own
                } else if think {
                    let (a, stats) = search::<G>(&view, &config, &mut rng);
                    times.push(stats.elapsed_ms);
                    iterations += stats.iterations as u64;
                    seconds += stats.elapsed_ms / 1000.0;
                    a
                } else {
                    Bot::Random.choose::<G>(&view, &mut rng)
                };
                m.play(&action.ok_or("no action")?)
                    .map_err(|e| e.to_string())?;
            }
        }
        times.sort_by(f64::total_cmp);
        policy_times.sort_by(f64::total_cmp);
        report.levels.push(LevelTiming {
            level: level.name().to_string(),
            iterations_per_second: iterations as f64 / seconds.max(1e-9),
            median_ms: percentile(&times, 0.5),
            p95_ms: percentile(&times, 0.95),
            decisions: times.len(),
            policy_decisions: policy_times.len(),
            policy_median_ms: percentile(&policy_times, 0.5),
            policy_p95_ms: percentile(&policy_times, 0.95),
        });
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::herd::Herd;
    use crate::games::turncoats::Turncoats;

    #[test]
    fn searches_and_a_games_own_policy_are_timed_apart() {
        // Herd's levels all search.
        let herd = bench::<Herd>(&Default::default(), 0.01, 3, &[Level::Easy]).unwrap();
        let easy = &herd.levels[0];
        assert_eq!((easy.decisions, easy.policy_decisions), (3, 0));
        assert!(easy.median_ms > 0.0 && easy.p95_ms >= easy.median_ms);
        // Turncoats' Hard is the game's own council: every decision is the policy's.
        let turncoats = bench::<Turncoats>(&Default::default(), 0.01, 2, &[Level::Hard]).unwrap();
        let hard = &turncoats.levels[0];
        assert_eq!((hard.decisions, hard.policy_decisions), (0, 2));
        assert!(hard.policy_median_ms > 0.0 && hard.policy_p95_ms >= hard.policy_median_ms);
    }
}
