//! The review's marks (issue #18): a planted blunder in each game is marked a blunder at its
//! action, and Hard's own choices in a Hard vs Hard game are seldom marked at all.
//!
//! A planted blunder is the legal action that the game's own evaluation ([`Game::evaluate`],
//! one action ahead, on the true state) rates at least [`GAP`] below the best one: in Herd a
//! placement that hands the opponent a capture, in Toy Battle a Troop that leaves the
//! H.Q. to be taken, in Moonlight a card that gives the other player the scoring line… The
//! review reads positions with its own search from the seat's view, so the evaluation that
//! plants the blunder is not the reading that finds it.

use rand::SeedableRng;
use turf::ai::review::{judge, review_match, review_position, Decision, Mark};
use turf::ai::{Bot, Level};
use turf::engine::{Game, Match, Rng, ToMove};
use turf::games::herd::{Herd, HerdOptions};
use turf::games::moonlight::Moonlight;
use turf::games::toy_battle::ToyBattle;
use turf::games::turncoats::Turncoats;

/// How far below the best action, by the game's evaluation, a planted blunder must be. Herd's
/// evaluation moves less with one stone than the other games' with one card or Troop, so its
/// blunders are planted at a smaller gap.
const GAP: f64 = 0.5;
const HERD_GAP: f64 = 0.3;

/// An action and its value for the seat that takes it.
type Rated<A> = (A, f64);

/// The best action's value and the worst action with its value, for the seat to move.
struct Extremes<A> {
    best: f64,
    worst: Rated<A>,
}

/// The best and the worst action of the seat to move in `state` by the evaluation one action
/// ahead, with their values for that seat; `None` where the review does not judge the decision
/// ([`Game::judged`]).
fn extremes<G: Game>(state: &G::State) -> Option<Extremes<G::Action>> {
    let ToMove::Seat(seat) = G::to_move(state) else {
        return None;
    };
    let legal = G::legal(state);
    if !legal.iter().all(G::judged) {
        return None;
    }
    let mut rated: Vec<Rated<G::Action>> = legal
        .into_iter()
        .filter_map(|a| {
            let mut next = state.clone();
            G::apply(&mut next, &a).ok()?;
            let value = match G::outcome(&next) {
                Some(o) => o.reward(seat),
                None => G::evaluate(&next, seat),
            };
            Some((a, value))
        })
        .collect();
    rated.sort_by(|a, b| a.1.total_cmp(&b.1));
    Some(Extremes {
        best: rated.last()?.1,
        worst: rated.first()?.clone(),
    })
}

/// Play Normal against Normal from `seed` until, after `skip` actions, a seat has a clear
/// blunder at hand; plant it and let the review judge it.
fn planted<G: Game>(
    options: &G::Options,
    seeds: std::ops::Range<u64>,
    skip: usize,
    gap: f64,
) -> Decision<G::Action> {
    for seed in seeds {
        let mut m = Match::<G>::new(options.clone(), seed).unwrap();
        let mut rng = Rng::seed_from_u64(seed);
        while let ToMove::Seat(seat) = m.to_move() {
            if m.record().actions.len() >= skip {
                if let Some(Extremes {
                    best,
                    worst: (worst, low),
                }) = extremes::<G>(m.state())
                {
                    if best - low >= gap {
                        let at = m.record().actions.len();
                        let before = m.state().clone();
                        m.play(&worst).unwrap();
                        let read_before = review_position::<G>(&before, Some(&worst), at, 1);
                        let read_after = review_position::<G>(m.state(), None, at + 1, 1);
                        return judge::<G>(at, seat, &worst, &read_before, &read_after).unwrap();
                    }
                }
            }
            let view = G::view(m.state(), seat);
            let a = Bot::level(Level::Normal)
                .deterministic()
                .choose::<G>(&view, &mut rng)
                .unwrap();
            m.play(&a).unwrap();
        }
        // Chance outcomes: the match draws them itself.
    }
    panic!("no clear blunder came up in these games");
}

fn assert_blunder<G: Game>(d: &Decision<G::Action>) {
    eprintln!(
        "{}: planted at action {}, chance {:.2} → {:.2} (loss {:.2}), mark {:?}",
        G::ID,
        d.at,
        d.before,
        d.after,
        d.loss(),
        d.mark
    );
    assert_eq!(d.mark, Some(Mark::Blunder), "{} at action {}", G::ID, d.at);
}

#[test]
fn a_planted_herd_blunder_is_marked() {
    let small = HerdOptions {
        side: 4,
        ..Default::default()
    };
    assert_blunder::<Herd>(&planted::<Herd>(&small, 1..40, 6, HERD_GAP));
}

#[test]
fn a_planted_toy_battle_blunder_is_marked() {
    assert_blunder::<ToyBattle>(&planted::<ToyBattle>(&Default::default(), 1..20, 4, GAP));
}

#[test]
fn a_planted_moonlight_blunder_is_marked() {
    assert_blunder::<Moonlight>(&planted::<Moonlight>(&Default::default(), 1..20, 4, GAP));
}

#[test]
fn a_planted_turncoats_blunder_is_marked() {
    assert_blunder::<Turncoats>(&planted::<Turncoats>(&Default::default(), 1..20, 4, GAP));
}

/// A whole Hard vs Hard game of `G` (`turf record --game G --a hard --b hard --seed 3`, kept in
/// tests/e2e/fixtures for the browser's review benchmark too), reviewed: how many of its
/// decisions are marked, of how many.
fn hard_game_marks<G: Game>() -> (usize, usize) {
    let path = format!("tests/e2e/fixtures/hard-game-{}.json", G::ID);
    let record = std::fs::read_to_string(&path).unwrap();
    let m = Match::<G>::from_json(&record).unwrap();
    let positions = review_match(&m, 1, |_, _| {});
    let history = m.history();
    let judged =
        turf::ai::review::decisions::<G>(&history, &m.record().actions, &positions).unwrap();
    let marked = judged.iter().filter(|d| d.mark.is_some()).count();
    eprintln!(
        "{}: Hard vs Hard, {marked} of {} decisions marked",
        G::ID,
        judged.len()
    );
    (marked, judged.len())
}

#[test]
fn hard_against_hard_is_seldom_marked() {
    for (marked, decisions) in [
        hard_game_marks::<ToyBattle>(),
        hard_game_marks::<Moonlight>(),
    ] {
        assert!(decisions > 10);
        assert!(marked * 10 <= decisions, "{marked} of {decisions} marked");
    }
}
