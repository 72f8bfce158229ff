//! The review of a game (issue #18): after every action, each seat's chance to win as the Hard
//! search reads it from that seat's own view, the action the search preferred where a seat was
//! to move, and the decisions that cost their seat much of its chance.
//!
//! Each position is read on its own ([`review_position`]) from a seed derived from the review's
//! seed and the position's index, so the AI worker can review one position per message (the
//! table shows progress and can cancel between them) and the same record and seed give the same
//! figures everywhere: natively, in the worker, and in `turf review`.
//!
//! How a seat's chance is read: a search from the seat's view ([`super::appraise`]) with Hard's
//! search settings ([`Game::search_config`]) and no clock. Where the seat is to move, its chance
//! is its mean reward through the action the search prefers (its best play); where another seat
//! is to move, its mean reward through the action the search expects of that seat; at a chance
//! event, its mean over every iteration. Hidden cards are dealt anew in every iteration of the
//! seat's search, as the seat saw them: unknown.
//!
//! A decision's loss is its seat's chance before it (with the preferred action) less its chance
//! right after it. A loss of at least [`Game::review_thresholds`]' first figure is a mistake, of
//! the second a blunder. Playing the preferred action loses nothing by definition (the two
//! searches' noise is not a mistake), and chance outcomes are never marked.

use super::appraise;
use crate::engine::{Game, Level, Match, Rng, SearchConfig, Seat, ToMove};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// What the review reads at one position (the state after some number of actions).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Position<A> {
    /// Every seat's chance to win here, in [0, 1], each from its own view.
    pub chances: Vec<f64>,
    /// The action the search preferred for the seat to move here, if a seat is to move.
    pub preferred: Option<A>,
    /// The mover's chance through the action then played, as the same search read it, when it
    /// tried that action often enough ([`MIN_VISITS`]) to tell.
    #[serde(default)]
    pub played: Option<f64>,
}

/// How often a search must have tried the action played for its own reading of it to count.
/// Read in the same tree as the preferred action, the two differ by the choice alone; read
/// from the next position by a second search, they differ by that search's noise too, which
/// marked ordinary Hard vs Hard choices as mistakes (7 of 62 decisions in a Toy Battle game).
pub const MIN_VISITS: u32 = 20;

/// The mover's search has half Hard's iterations, the other seats' a sixth: the whole review
/// of a game must take seconds, and only the mover's reading judges a decision.
const MOVER_SHARE: u32 = 2;
const OTHER_SHARE: u32 = 6;

/// A decision the review marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Mistake,
    Blunder,
}

impl Mark {
    pub fn name(self) -> &'static str {
        match self {
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The mark of a decision that lost `loss` of its seat's chance, by `thresholds`
    /// (mistake, blunder).
    pub fn of(loss: f64, (mistake, blunder): (f64, f64)) -> Option<Mark> {
        if loss >= blunder {
            Some(Mark::Blunder)
        } else if loss >= mistake {
            Some(Mark::Mistake)
        } else {
            None
        }
    }
}

/// One seat's decision as the review judges it.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<A> {
    /// The action's index in the record (the board before it is position `at`).
    pub at: usize,
    pub seat: Seat,
    pub played: A,
    pub preferred: Option<A>,
    /// The seat's chance with the preferred action, and right after the action played.
    pub before: f64,
    pub after: f64,
    pub mark: Option<Mark>,
}

impl<A> Decision<A> {
    /// The share of its chance the decision cost its seat (never below zero).
    pub fn loss(&self) -> f64 {
        (self.before - self.after).max(0.0)
    }
}

/// The seed of the app's reviews (and `turf review`'s unless told): one seed for everyone, so a
/// record's review is the same on every device.
pub const SEED: u64 = 1;

/// The search the review reads positions with: Hard's settings for the game, no clock.
pub fn review_config<G: Game>() -> SearchConfig {
    G::search_config(Level::Hard).deterministic()
}

/// The seed of `seat`'s search at position `at` of a review seeded with `seed`.
fn position_seed(seed: u64, at: usize, seat: Seat) -> u64 {
    seed ^ (at as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ (seat as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
}

/// Read the position `state`, the `at`-th of a game reviewed with `seed`, where `played` (if
/// any) was played next.
pub fn review_position<G: Game>(
    state: &G::State,
    played: Option<&G::Action>,
    at: usize,
    seed: u64,
) -> Position<G::Action> {
    let full = review_config::<G>();
    let mover = match G::to_move(state) {
        ToMove::Seat(seat) => Some(seat),
        _ => None,
    };
    let mut position = Position {
        chances: Vec::new(),
        preferred: None,
        played: None,
    };
    for seat in 0..G::seat_count(state) {
        let share = if mover == Some(seat) {
            MOVER_SHARE
        } else {
            OTHER_SHARE
        };
        let config = SearchConfig {
            iterations: (full.iterations / share).max(16),
            ..full.clone()
        };
        let view = G::view(state, seat);
        let mut rng = Rng::seed_from_u64(position_seed(seed, at, seat));
        let appraisal = appraise::<G>(&view, &config, &mut rng);
        if mover == Some(seat) {
            position.preferred = appraisal.leader().map(|a| a.action.clone());
            position.played = played.and_then(|p| {
                let tried = appraisal.actions.iter().find(|a| &a.action == p)?;
                (tried.visits >= MIN_VISITS).then(|| tried.mean.get(seat).copied())?
            });
        }
        position.chances.push(appraisal.chance(seat));
    }
    position
}

/// Read every position of `game`, reporting each as it is done (`progress(done, total)`).
pub fn review_match<G: Game>(
    game: &Match<G>,
    seed: u64,
    mut progress: impl FnMut(usize, usize),
) -> Vec<Position<G::Action>> {
    let history = game.history();
    let actions = &game.record().actions;
    history
        .iter()
        .enumerate()
        .map(|(at, state)| {
            let position = review_position::<G>(state, actions.get(at), at, seed);
            progress(at + 1, history.len());
            position
        })
        .collect()
}

/// Every seat's decision in a game judged from its review's `positions` (one per state: the
/// actions plus one), given the game's states ([`Match::history`]) and its actions; chance
/// outcomes are left out. `None` if the positions do not fit the game.
pub fn decisions<G: Game>(
    history: &[G::State],
    actions: &[G::Action],
    positions: &[Position<G::Action>],
) -> Option<Vec<Decision<G::Action>>> {
    if positions.len() != history.len() || history.len() != actions.len() + 1 {
        return None;
    }
    let mut out = Vec::new();
    for (at, played) in actions.iter().enumerate() {
        let ToMove::Seat(seat) = G::to_move(&history[at]) else {
            continue;
        };
        out.push(judge::<G>(
            at,
            seat,
            played,
            &positions[at],
            &positions[at + 1],
        )?);
    }
    Some(out)
}

/// The decision of `seat` to play `played` at position `at`, read as `before`, which led to
/// the position read as `after`.
pub fn judge<G: Game>(
    at: usize,
    seat: Seat,
    played: &G::Action,
    before: &Position<G::Action>,
    after: &Position<G::Action>,
) -> Option<Decision<G::Action>> {
    let chance = *before.chances.get(seat)?;
    let mut decision = Decision {
        at,
        seat,
        played: played.clone(),
        preferred: before.preferred.clone(),
        before: chance,
        after: match before.played {
            Some(through) => through,
            None => *after.chances.get(seat)?,
        },
        mark: None,
    };
    if decision.preferred.as_ref() == Some(played) {
        decision.after = decision.after.max(chance);
    } else if G::judged(played) {
        decision.mark = Mark::of(decision.loss(), G::review_thresholds());
    }
    Some(decision)
}

/// The review as `turf review` prints it: one line per action (its seat, the action in words,
/// every seat's chance before and after, the loss and mark of a decision), then the marks per
/// seat; or the same as JSON.
pub fn report<G: Game>(game: &Match<G>, positions: &[Position<G::Action>], json: bool) -> String {
    let history = game.history();
    let Some(judged) = decisions::<G>(&history, &game.record().actions, positions) else {
        return "the review does not fit the record".into();
    };
    let percent = |c: &[f64]| {
        c.iter()
            .map(|x| format!("{:5.1}", x * 100.0))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut rows = Vec::new();
    let mut lines = vec![format!(
        "{:>4}  {:<6}  {:<44}  {:<18}  {:<18}  {:>5}  mark",
        "#", "seat", "action", "before %", "after %", "loss"
    )];
    for (at, action) in game.record().actions.iter().enumerate() {
        let decision = judged.iter().find(|d| d.at == at);
        let seat = decision.map(|d| d.seat);
        let words = G::describe(
            &history[at],
            action,
            seat.unwrap_or(0),
            crate::i18n::Lang::En,
        )
        .unwrap_or_else(|| format!("{action:?}"));
        let (before, after) = (&positions[at].chances, &positions[at + 1].chances);
        let mark = decision.and_then(|d| d.mark).map_or("", Mark::name);
        let loss = decision.map(Decision::loss);
        lines.push(format!(
            "{at:>4}  {:<6}  {:<44}  {:<18}  {:<18}  {:>5}  {mark}",
            seat.map_or("chance".to_string(), |s| s.to_string()),
            words.chars().take(44).collect::<String>(),
            percent(before),
            percent(after),
            loss.map_or(String::new(), |l| format!("{:.1}", l * 100.0)),
        ));
        rows.push(serde_json::json!({
            "at": at,
            "seat": seat,
            "action": words,
            "before": before,
            "after": after,
            "loss": loss,
            "mark": decision.and_then(|d| d.mark),
        }));
    }
    let seats = G::seat_count(game.state());
    let count = |seat: Seat, mark: Mark| {
        judged
            .iter()
            .filter(|d| d.seat == seat && d.mark == Some(mark))
            .count()
    };
    let marks: Vec<_> = (0..seats)
        .map(|s| (count(s, Mark::Mistake), count(s, Mark::Blunder)))
        .collect();
    if json {
        return serde_json::json!({ "game": G::ID, "actions": rows, "marks": marks }).to_string();
    }
    for (s, (mistakes, blunders)) in marks.iter().enumerate() {
        lines.push(format!(
            "seat {s}: {mistakes} mistakes, {blunders} blunders"
        ));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Bot;
    use crate::games::herd::Herd;

    #[test]
    fn losses_are_marked_by_the_thresholds() {
        let t = (0.10, 0.25);
        assert_eq!(Mark::of(0.09, t), None);
        assert_eq!(Mark::of(0.10, t), Some(Mark::Mistake));
        assert_eq!(Mark::of(0.249, t), Some(Mark::Mistake));
        assert_eq!(Mark::of(0.25, t), Some(Mark::Blunder));
        assert_eq!(Mark::of(-0.3, t), None);
    }

    /// A short Herd game between Easy bots, a few turns in.
    fn herd_game(seed: u64, actions: usize) -> Match<Herd> {
        let mut m = Match::<Herd>::new(Default::default(), seed).unwrap();
        let mut rng = Rng::seed_from_u64(seed);
        while m.record().actions.len() < actions {
            let ToMove::Seat(seat) = m.to_move() else {
                break;
            };
            let bot = Bot::level(Level::Easy).deterministic();
            let a = bot
                .choose::<Herd>(&Herd::view(m.state(), seat), &mut rng)
                .unwrap();
            m.play(&a).unwrap();
        }
        m
    }

    #[test]
    fn a_review_is_the_same_for_the_same_record_and_seed() {
        let m = herd_game(4, 12);
        let a = review_match(&m, 7, |_, _| {});
        let b = review_match(&m, 7, |_, _| {});
        assert_eq!(a, b);
        assert_eq!(a.len(), m.record().actions.len() + 1);
        assert!(a
            .iter()
            .flat_map(|p| &p.chances)
            .all(|c| (0.0..=1.0).contains(c)));
        let other = review_match(&m, 8, |_, _| {});
        assert_ne!(a, other, "the seed matters");
    }

    #[test]
    fn every_decision_is_judged_and_chance_is_not() {
        let m = herd_game(5, 20);
        let positions = review_match(&m, 1, |_, _| {});
        let history = m.history();
        let actions = &m.record().actions;
        let judged = decisions::<Herd>(&history, actions, &positions).unwrap();
        let seat_actions = (0..m.record().actions.len())
            .filter(|&k| matches!(Herd::to_move(&history[k]), ToMove::Seat(_)))
            .count();
        assert_eq!(judged.len(), seat_actions);
        assert!(seat_actions < m.record().actions.len(), "Herd rolls dice");
        for d in &judged {
            assert_eq!(Herd::to_move(&history[d.at]), ToMove::Seat(d.seat));
            if d.preferred.as_ref() == Some(&d.played) {
                assert_eq!(d.mark, None);
            }
        }
        assert!(decisions::<Herd>(&history, actions, &positions[1..]).is_none());
    }
}
