//! `turf`: the native command line for development (DESIGN.md): bot arenas, benchmarks and
//! record replay. It runs the same library code as the web app.

use rand::SeedableRng;
use std::process::ExitCode;
use std::time::Instant;
use turf::ai::{Bot, Level};
use turf::engine::{Game, LoadError, Match, Rng, Seat, ToMove};
use turf::games::{with_game, GameVisitor, GAME_IDS};

const USAGE: &str = "usage:
  turf arena --game ID --a BOT --b BOT [--games N] [--seed S] [--options JSON] [--clock]
      BOT is random | greedy | easy | normal | hard | expert, or LEVEL@K: the level with its
      clock as on a CPU K times slower (its time budget divided by K; needs --clock). Bot A
      takes seat (game mod seats), bot B every other seat; prints A's and B's win rate with a
      95% interval. --clock keeps the levels' time budgets (otherwise searches are
      iteration-bounded and reproducible).
  turf bench --game ID [--options JSON] [--seconds S] [--decisions N]
      random playouts per second, then per level: iterations per second and think time.
  turf record --game ID [--a BOT] [--b BOT] [--seed S] [--options JSON] [--stop N]
      plays one game (A in seat 0, B elsewhere) and prints its match record; --stop N ends it
      after N actions (a game in progress).
  turf replay FILE.json
      replays a match record; prints the outcome as JSON, or the first illegal action.
  turf review FILE.json [--seed S] [--json]
      reviews a match record or an exported game as the app does (seed 1 unless told): per
      action its seat, the action, every seat's win chance before and after, and its mark.
games: ";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("arena") => arena(&Flags::parse(&args[1..])),
        Some("bench") => bench(&Flags::parse(&args[1..])),
        Some("record") => record(&Flags::parse(&args[1..])),
        Some("replay") => match args.get(1) {
            Some(path) => replay(path),
            None => Err("replay needs a FILE".into()),
        },
        Some("review") => match args.get(1) {
            Some(path) => review(path, &Flags::parse(&args[2..])),
            None => Err("review needs a FILE".into()),
        },
        _ => Err(format!("{USAGE}{}", GAME_IDS.join(", "))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

struct Flags(Vec<(String, String)>);

impl Flags {
    fn parse(args: &[String]) -> Self {
        let mut out = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let key = args[i].trim_start_matches("--").to_string();
            match args.get(i + 1).filter(|v| !v.starts_with("--")) {
                Some(value) => {
                    out.push((key, value.clone()));
                    i += 2;
                }
                None => {
                    out.push((key, String::new()));
                    i += 1;
                }
            }
        }
        Flags(out)
    }
    fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
    fn num<T: std::str::FromStr>(&self, key: &str, default: T) -> Result<T, String> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| format!("--{key}: not a number: {v}")),
        }
    }
    fn game(&self) -> Result<&str, String> {
        self.get("game")
            .ok_or_else(|| format!("--game is required ({})", GAME_IDS.join(", ")))
    }
}

fn options<G: Game>(flags: &Flags) -> Result<G::Options, String> {
    match flags.get("options") {
        None => Ok(G::Options::default()),
        Some(json) => serde_json::from_str(json).map_err(|e| format!("--options: {e}")),
    }
}

fn bot(flags: &Flags, key: &str) -> Result<(Bot, String), String> {
    let name = flags.get(key).unwrap_or("random");
    let mut bot = Bot::parse(name).ok_or_else(|| format!("--{key}: unknown bot {name}"))?;
    if flags.get("clock").is_none() {
        bot = bot.deterministic();
    }
    Ok((bot, name.to_string()))
}

/// Play one game; `bots[seat]`. Returns the win share per seat.
fn play_game<G: Game>(options: &G::Options, seed: u64, bots: &dyn Fn(Seat) -> Bot) -> Vec<f64> {
    let outcome = turf::ai::play_match::<G>(options, seed, bots).expect("bots finish games");
    (0..outcome.ranks.len())
        .map(|s| outcome.reward_win(s))
        .collect()
}

/// Wilson score interval at 95 %.
fn wilson(successes: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn arena(flags: &Flags) -> Result<(), String> {
    struct Arena<'a>(&'a Flags);
    impl GameVisitor for Arena<'_> {
        type Output = Result<(), String>;
        fn visit<G: Game>(self) -> Self::Output {
            let flags = self.0;
            let options = options::<G>(flags)?;
            let probe = Match::<G>::new(options.clone(), 0).map_err(|e| e.to_string())?;
            let seats = G::seat_count(probe.state());
            let (a, a_name) = bot(flags, "a")?;
            let (b, b_name) = bot(flags, "b")?;
            let games: u64 = flags.num("games", 200)?;
            let seed: u64 = flags.num("seed", 1)?;
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
            let start = Instant::now();
            let results: Vec<(f64, f64)> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let (a, b, options) = (a.clone(), b.clone(), options.clone());
                        scope.spawn(move || {
                            (0..games)
                                .filter(|g| g % threads == t)
                                .map(|g| {
                                    let a_seat = (g % seats as u64) as Seat;
                                    let pick =
                                        |s: Seat| if s == a_seat { a.clone() } else { b.clone() };
                                    let rewards = play_game::<G>(
                                        &options,
                                        seed.wrapping_mul(1_000_003) + g,
                                        &pick,
                                    );
                                    let b_best = (0..seats)
                                        .filter(|&s| s != a_seat)
                                        .map(|s| rewards[s])
                                        .fold(0.0, f64::max);
                                    (rewards[a_seat], b_best)
                                })
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().expect("arena thread"))
                    .collect()
            });
            let n = results.len() as f64;
            let a_wins: f64 = results.iter().map(|r| r.0).sum();
            let b_wins: f64 = results.iter().map(|r| r.1).sum();
            let (alo, ahi) = wilson(a_wins, n);
            let (blo, bhi) = wilson(b_wins, n);
            println!(
                "{} {} seats, {} games, seed {seed}, options {}",
                G::ID,
                seats,
                n,
                serde_json::to_string(&options).unwrap_or_default()
            );
            println!(
                "A {a_name:>7}: win rate {:5.1}%  (95% CI {:.1}–{:.1}%)",
                100.0 * a_wins / n,
                100.0 * alo,
                100.0 * ahi
            );
            println!(
                "B {b_name:>7}: win rate {:5.1}%  (95% CI {:.1}–{:.1}%)  (best B seat per game)",
                100.0 * b_wins / n,
                100.0 * blo,
                100.0 * bhi
            );
            println!("time {:.1}s", start.elapsed().as_secs_f64());
            Ok(())
        }
    }
    with_game(flags.game()?, Arena(flags)).unwrap_or_else(|| Err("unknown game".into()))
}

fn bench(flags: &Flags) -> Result<(), String> {
    struct Bench<'a>(&'a Flags);
    impl GameVisitor for Bench<'_> {
        type Output = Result<(), String>;
        fn visit<G: Game>(self) -> Self::Output {
            let flags = self.0;
            let options = options::<G>(flags)?;
            let seconds: f64 = flags.num("seconds", 3.0)?;
            let decisions: usize = flags.num("decisions", 40)?;
            let report = turf::ai::bench::bench::<G>(&options, seconds, decisions, &Level::ALL)?;
            print_bench(&report);
            Ok(())
        }
    }
    with_game(flags.game()?, Bench(flags)).unwrap_or_else(|| Err("unknown game".into()))
}

fn print_bench(report: &turf::ai::bench::BenchReport) {
    println!(
        "{}: {:.0} random playouts/s ({:.0} actions/s)",
        report.game, report.playouts_per_second, report.actions_per_second
    );
    for l in &report.levels {
        println!(
            "  {:<6} {:>8.0} iterations/s, think median {:6.1} ms, p95 {:6.1} ms ({} decisions)",
            l.level, l.iterations_per_second, l.median_ms, l.p95_ms, l.decisions
        );
        if l.policy_decisions > 0 {
            println!(
                "         + {} decisions by the game's own policy: median {:.1} ms, p95 {:.1} ms",
                l.policy_decisions, l.policy_median_ms, l.policy_p95_ms
            );
        }
    }
}

fn record(flags: &Flags) -> Result<(), String> {
    struct Record<'a>(&'a Flags);
    impl GameVisitor for Record<'_> {
        type Output = Result<(), String>;
        fn visit<G: Game>(self) -> Self::Output {
            let flags = self.0;
            let options = options::<G>(flags)?;
            let (a, _) = bot(flags, "a")?;
            let (b, _) = bot(flags, "b")?;
            let seed: u64 = flags.num("seed", 1)?;
            let stop: usize = flags.num("stop", usize::MAX)?;
            let mut m = Match::<G>::new(options, seed).map_err(|e| e.to_string())?;
            let mut rng = Rng::seed_from_u64(seed);
            while let ToMove::Seat(seat) = m.to_move() {
                if m.record().actions.len() >= stop {
                    break;
                }
                let bot = if seat == 0 { &a } else { &b };
                let view = G::view(m.state(), seat);
                let action = bot.choose::<G>(&view, &mut rng).ok_or("no action")?;
                m.play(&action).map_err(|e| e.to_string())?;
            }
            println!("{}", m.to_json());
            Ok(())
        }
    }
    with_game(flags.game()?, Record(flags)).unwrap_or_else(|| Err("unknown game".into()))
}

fn replay(path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let game: String = serde_json::from_str::<serde_json::Value>(&text)
        .map_err(|e| format!("{path}: not JSON: {e}"))?
        .get("game")
        .and_then(|g| g.as_str().map(str::to_string))
        .ok_or_else(|| format!("{path}: no \"game\" field"))?;
    struct Replay<'a>(&'a str);
    impl GameVisitor for Replay<'_> {
        type Output = Result<String, String>;
        fn visit<G: Game>(self) -> Self::Output {
            match Match::<G>::from_json(self.0) {
                Ok(m) => Ok(serde_json::json!({
                    "game": G::ID,
                    "actions": m.record().actions.len(),
                    "over": m.to_move() == ToMove::Over,
                    "outcome": G::outcome(m.state()),
                })
                .to_string()),
                Err(LoadError::Replay(e)) => Err(serde_json::json!({
                    "error": "illegal action", "index": e.index, "reason": e.reason,
                })
                .to_string()),
                Err(LoadError::Record(e)) => Err(serde_json::json!({
                    "error": "invalid record", "reason": e.to_string(),
                })
                .to_string()),
            }
        }
    }
    let out = with_game(&game, Replay(&text))
        .unwrap_or_else(|| Err(format!("{path}: unknown game {game}")))?;
    println!("{out}");
    Ok(())
}

/// The record in `text`: a match record, or the `record` of an exported game (`table.record`).
fn record_text(text: &str) -> Result<(String, String), String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let record = match value.pointer("/table/record").and_then(|r| r.as_str()) {
        Some(inner) => inner.to_string(),
        None => text.to_string(),
    };
    let game = serde_json::from_str::<serde_json::Value>(&record)
        .ok()
        .and_then(|v| v.get("game").and_then(|g| g.as_str().map(str::to_string)))
        .ok_or("no \"game\" field")?;
    Ok((game, record))
}

fn review(path: &str, flags: &Flags) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let (game, record) = record_text(&text).map_err(|e| format!("{path}: {e}"))?;
    let seed = flags.num("seed", turf::ai::review::SEED)?;
    struct Review<'a>(&'a str, u64, bool);
    impl GameVisitor for Review<'_> {
        type Output = Result<String, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let Review(record, seed, json) = self;
            let m = Match::<G>::from_json(record).map_err(|e| format!("bad record: {e}"))?;
            let start = Instant::now();
            let positions = turf::ai::review::review_match(&m, seed, |done, total| {
                if done % 20 == 0 || done == total {
                    eprint!("\rreviewed {done} of {total} positions");
                }
            });
            eprintln!(" in {:.1} s", start.elapsed().as_secs_f64());
            Ok(turf::ai::review::report(&m, &positions, json))
        }
    }
    let out = with_game(&game, Review(&record, seed, flags.get("json").is_some()))
        .unwrap_or_else(|| Err(format!("{path}: unknown game {game}")))?;
    println!("{out}");
    Ok(())
}
