//! Computer players for the Long Campaign (long-campaign.md §7).
//!
//! - Answers: always the §7 model at the seat's answer level ([`ai_answer`]).
//! - Choices (bases, picks, war targets): at Easy the §7 baseline heuristics
//!   ([`baseline_choice`]); at Normal, Hard and Expert the shared ISMCTS, whose determinizations
//!   treat every answer still to come as a chance draw from the same model (see
//!   `view::determinize`); Expert's playouts run to the end of the game ([`search_config`]).
//! - [`policy`] is the game's [`Game::ai_policy`]: every searching bot (the browser's worker,
//!   `turf arena`, [`ai_action`]) asks it first. [`duel`] measures the search against the
//!   baseline.

use super::answer;
use super::map::{counties_in, CountyId};
use super::rules::*;
use super::view::CampaignView;
use crate::ai::{Bot, Level, SearchConfig};
use crate::engine::{random_bool, Game, Match, Rng, Seat, ToMove};
use rand::{Rng as _, SeedableRng};

/// The AI's answer to the open question for the view's seat, by the §7 model at the level the
/// options give that seat; `None` if the seat has nothing to answer. The answer is an ordinary
/// action (display option or guess, and a time in ms) to play for that seat.
pub fn ai_answer(view: &CampaignView, rng: &mut Rng) -> Option<CampaignAction> {
    if !view.must_answer() {
        return None;
    }
    let state = LongCampaign::determinize(view, rng);
    state.model_answer(view.answer_level(), rng)
}

/// The game's own policy ([`Game::ai_policy`], what every searching bot asks first, in the
/// browser's worker as in `turf arena`): the §7 model answers for the seat at its answer level;
/// at Easy the §7 baseline chooses; `None` (Normal, Hard, Expert or a custom search) leaves the
/// choice to the search.
pub(crate) fn policy(
    view: &CampaignView,
    level: Option<Level>,
    rng: &mut Rng,
) -> Option<CampaignAction> {
    if view.must_answer() {
        return ai_answer(view, rng);
    }
    match level {
        Some(Level::Easy) => baseline_choice(&view.campaign, view.seat as u8, rng),
        _ => None,
    }
}

/// The search of each level ([`Game::search_config`]): the shared one ([`Level::config`]),
/// except that Expert's playouts run to the end of the game instead of stopping after 20
/// actions for [`evaluate`] to score. More iterations alone did not lift Expert (four times
/// Hard's won 33.0 % of 200 games against two Hard seats, seed 1; chance is 33.3 %), nor did
/// other depths or exploration at 12,000 iterations (200 games against Hard, seed 3: depth 10
/// 34.5 %, depth 40 36.0 %, c = 0.4 29.5 %, stopping at answers 11.5 %); playouts to the end
/// won 41.0 % (95 % CI 34.4–47.9 %), and 45.0 % (38.3–51.9 %) in the seed 1 arena above,
/// perhaps because the war is settled in its last turns, past a 20-action playout. Expert's
/// 2 s clock still caps each decision in the browser.
pub fn search_config(level: Level) -> SearchConfig {
    match level {
        Level::Expert => SearchConfig {
            rollout_depth: None,
            ..level.config()
        },
        _ => level.config(),
    }
}

/// The AI's move for the view's seat, answers and choices alike: `None` if the seat is not to
/// move. The same path as the worker's: the seat's searching bot at `level`.
pub fn ai_action(view: &CampaignView, level: Level, rng: &mut Rng) -> Option<CampaignAction> {
    Bot::level(level).choose::<LongCampaign>(view, rng)
}

/// A chance that `attacker` wins one battle against `defender`, from their answer levels.
fn p_battle(c: &Campaign, attacker: u8, defender: u8) -> f64 {
    let levels = c.options.answer_levels;
    let (a, d) = (levels[attacker as usize % 3], levels[defender as usize % 3]);
    let (pa, pd) = (answer::p_correct_mean(a), answer::p_correct_mean(d));
    pa * ((1.0 - pd) + pd * answer::p_closer(a, d))
}

/// The best-scored item, ties at random. The ties are counted and then walked again rather
/// than gathered: every choice of every playout asks.
fn pick_best<T: Copy>(items: &[(T, f64)], rng: &mut impl rand::Rng) -> Option<T> {
    let best = items.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
    let ties = || {
        items
            .iter()
            .filter(move |x| x.1 >= best - 1e-9)
            .map(|x| x.0)
    };
    let n = ties().count();
    (n > 0).then(|| ties().nth(rng.random_range(0..n)))?
}

fn enemy_base_near(c: &Campaign, seat: u8, county: CountyId) -> bool {
    counties_in(county.neighbours()).any(|n| {
        let x = c.county(n);
        x.is_living_base() && x.owner.is_some_and(|o| o != seat)
    })
}

/// §7 "AI choices (not rules; a baseline)", ties at random:
/// - base: DECISION (LC-5, the spec names none) the legal county with the most neighbours;
/// - expansion and division: the county touching most of the AI's own counties, +1 if it lies
///   next to an opponent's base;
/// - war: rebuild when the own base has ≤ 1 tower and borders an enemy; else attack an enemy
///   base with ≤ 2 towers (the weakest); else maximise `value × P(win)`.
pub fn baseline_choice(c: &Campaign, seat: u8, rng: &mut impl rand::Rng) -> Option<CampaignAction> {
    baseline_among(c, seat, &c.legal_choices(seat), rng)
}

/// [`baseline_choice`] among `legal`, the seat's [`Campaign::legal_choices`] already listed
/// (a playout has them at hand).
fn baseline_among(
    c: &Campaign,
    seat: u8,
    legal: &[CampaignAction],
    rng: &mut impl rand::Rng,
) -> Option<CampaignAction> {
    if legal.is_empty() {
        return None;
    }
    let scored: Vec<(CampaignAction, f64)> = match c.phase {
        Phase::Bases { .. } => legal
            .iter()
            .map(|&a| match a {
                CampaignAction::Pick { county } => (a, county.neighbours().count_ones() as f64),
                _ => (a, 0.0),
            })
            .collect(),
        Phase::Expansion { .. } | Phase::Division => {
            let mine = c.territory(seat);
            legal
                .iter()
                .map(|&a| match a {
                    CampaignAction::Pick { county } => {
                        let own = (county.neighbours() & mine).count_ones() as f64;
                        let near = if enemy_base_near(c, seat, county) {
                            1.0
                        } else {
                            0.0
                        };
                        (a, own + near)
                    }
                    _ => (a, 0.0),
                })
                .collect()
        }
        Phase::War { .. } => {
            if let Some(base) = c.living_base(seat) {
                let threatened = counties_in(base.neighbours()).any(|n| {
                    c.county(n)
                        .owner
                        .is_some_and(|o| o != seat && c.is_alive(o))
                });
                if c.county(base).towers <= 1
                    && threatened
                    && legal.contains(&CampaignAction::Rebuild)
                {
                    return Some(CampaignAction::Rebuild);
                }
            }
            let weak_bases: Vec<(CampaignAction, f64)> = legal
                .iter()
                .filter_map(|&a| match a {
                    CampaignAction::Attack { county } => {
                        let x = c.county(county);
                        (x.is_living_base() && x.towers <= 2).then_some((a, -(x.towers as f64)))
                    }
                    _ => None,
                })
                .collect();
            if !weak_bases.is_empty() {
                return pick_best(&weak_bases, rng);
            }
            legal
                .iter()
                .map(|&a| match a {
                    CampaignAction::Attack { county } => {
                        let x = c.county(county);
                        let p = p_battle(c, seat, x.owner.unwrap_or(seat));
                        let p = if x.is_living_base() {
                            p.powi(x.towers as i32)
                        } else {
                            p
                        };
                        (a, x.value as f64 * p)
                    }
                    _ => (a, f64::NEG_INFINITY),
                })
                .collect()
        }
        Phase::TieBreak | Phase::Over => return None,
    };
    pick_best(&scored, rng)
}

/// Heuristic chance that `seat` wins: a softmax of the scores among living players whose
/// temperature shrinks as the war runs out of turns, with a discount for a battered base.
pub fn evaluate(c: &Campaign, seat: u8) -> f64 {
    if let Some(r) = c.ranking {
        return if r[0] == seat { 1.0 } else { 0.0 };
    }
    if !c.is_alive(seat) {
        return 0.0;
    }
    let temperature = 250.0 + 90.0 * c.war_turns_left() as f64;
    // Scores and standing towers in one pass over the map, as `Campaign::score` and
    // `Campaign::living_base` would find them (a seat's first living base in map order).
    let mut scores = [0u32; 3];
    let mut towers: [Option<u32>; 3] = [None; 3];
    for x in &c.counties {
        let Some(o) = x.owner.filter(|&o| o < 3) else {
            continue;
        };
        scores[o as usize] += x.value;
        if x.is_living_base() {
            towers[o as usize].get_or_insert(x.towers as u32);
        }
    }
    let strength = |s: u8| {
        let bonus = c.players.get(s as usize).map_or(0, |p| p.bonus);
        let towers = towers[s as usize % 3].unwrap_or(0) as f64;
        (scores[s as usize % 3] + bonus) as f64 - (3.0 - towers) * 250.0
    };
    let mine = strength(seat);
    let mut total = 0.0;
    for s in 0..3u8 {
        if c.is_alive(s) {
            total += ((strength(s) - mine) / temperature).exp();
        }
    }
    1.0 / total
}

/// Playouts: the model answer in search states; choices by the baseline, with some noise so
/// the search sees more than one future.
pub fn rollout_action(
    s: &CampaignState,
    legal: &[CampaignAction],
    rng: &mut Rng,
) -> CampaignAction {
    if let Step::Choose { seat } = s.campaign.step {
        if random_bool(rng, 0.85) {
            // `legal` is the seat's choices in map order, as `baseline_choice` would list them.
            if let Some(a) = baseline_among(&s.campaign, seat, legal, rng) {
                return a;
            }
        }
    }
    legal[rng.random_range(0..legal.len())]
}

/// Result of [`duel`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DuelReport {
    pub games: u32,
    /// Wins of the searching seat (a shared first place counts as a fraction).
    pub search_wins: f64,
    /// Mean final score of the searching seat and of the baseline seats.
    pub search_score: f64,
    pub baseline_score: f64,
    /// Games where the searching seat was eliminated.
    pub search_eliminated: u32,
}

impl DuelReport {
    pub fn win_rate(&self) -> f64 {
        self.search_wins / self.games.max(1) as f64
    }
}

/// One seat searching with `config`, two seats on the §7 baseline, every answer from the §7
/// model at `options.answer_levels`; the searching seat rotates over the three seats. Runs
/// `games` games from `seed` on `threads` threads and reports the search's results.
pub fn duel(
    games: u32,
    seed: u64,
    config: &SearchConfig,
    options: CampaignOptions,
    threads: usize,
) -> DuelReport {
    let threads = threads.max(1) as u32;
    let results: Vec<(f64, f64, f64, bool)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let config = config.clone();
                scope.spawn(move || {
                    (0..games)
                        .filter(|g| g % threads == t)
                        .map(|g| duel_game(g, seed, &config, options))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("duel thread"))
            .collect()
    });
    let mut report = DuelReport {
        games: results.len() as u32,
        ..Default::default()
    };
    for (win, mine, others, out) in &results {
        report.search_wins += win;
        report.search_score += mine;
        report.baseline_score += others;
        report.search_eliminated += *out as u32;
    }
    let n = report.games.max(1) as f64;
    report.search_score /= n;
    report.baseline_score /= n;
    report
}

fn duel_game(
    g: u32,
    seed: u64,
    config: &SearchConfig,
    options: CampaignOptions,
) -> (f64, f64, f64, bool) {
    let searcher = (g % 3) as Seat;
    let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
    let mut m = Match::<LongCampaign>::new(options, game_seed).expect("valid options");
    let mut rng = Rng::seed_from_u64(game_seed ^ 0xD0E1);
    let bot = Bot::Custom(config.clone());
    while let ToMove::Seat(seat) = m.to_move() {
        let view = LongCampaign::view(m.state(), seat);
        let action = if view.must_answer() {
            ai_answer(&view, &mut rng)
        } else if seat == searcher {
            bot.choose::<LongCampaign>(&view, &mut rng)
        } else {
            baseline_choice(&view.campaign, seat as u8, &mut rng)
        };
        let Some(action) = action else { break };
        if m.play(&action).is_err() {
            break;
        }
    }
    let Some(outcome) = LongCampaign::outcome(m.state()) else {
        return (0.0, 0.0, 0.0, false);
    };
    let others: f64 = (0..3)
        .filter(|&s| s != searcher)
        .map(|s| outcome.scores[s])
        .sum::<f64>()
        / 2.0;
    (
        outcome.reward_win(searcher),
        outcome.scores[searcher],
        others,
        !m.state().campaign.is_alive(searcher as u8),
    )
}
