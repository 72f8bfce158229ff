//! Checks that every game's tests run the same way (compiled for tests only).

use super::{chance_rng, random_bool, setup_rng, Game, Match, ToMove};
use rand::Rng as _;
use std::ops::Range;

/// Deals of a seat's view tried to tell whether an action showed that seat something new.
const DEALS: usize = 4;

/// What [`undo_never_crosses_a_reveal`] saw, so a test can tell its check was not idle.
#[derive(Debug, Default)]
pub struct RevealReport {
    /// Actions that revealed something (chance outcomes included).
    pub reveals: usize,
    /// Revealing actions taken by a seat itself, with that seat still to move after them.
    pub own_reveals_mid_turn: usize,
    /// Deals of a view that matched it and took the action (the view oracle's evidence).
    pub deals_used: usize,
    /// Undo points checked (over every seat and every step of each undo chain).
    pub undos: usize,
}

/// Random games of `G` (one per seed, with `options(seed)`; at most `max_actions` actions each)
/// that check, after every action:
/// - `G::reveals` says yes for every chance outcome, for every action `shown` names (the
///   game's own account of its hidden piles: a reserve, deck or bag that shrank, a question
///   closed), and for every action whose effect on some seat's view could not be foreseen from
///   that view and the action (dealing the view's unseen things at random gives other views
///   after it);
/// - for every seat, every undo point, and every undo point after taking those undos back one
///   by one, stays after the latest revealing action.
pub fn undo_never_crosses_a_reveal<G: Game>(
    seeds: Range<u64>,
    options: impl Fn(u64) -> G::Options,
    max_actions: usize,
    shown: impl Fn(&G::State, &G::Action, &G::State) -> bool,
) -> RevealReport {
    let mut report = RevealReport::default();
    for seed in seeds {
        let mut m = Match::<G>::new(options(seed), seed).expect("valid options");
        let mut rng = chance_rng(seed, usize::MAX - 7);
        let mut state = G::new(&m.record().options, &mut setup_rng(seed)).expect("valid options");
        // The record length right after the latest revealing action: no undo goes below it.
        let mut barrier = 0;
        let mut checked = 0;
        loop {
            for (i, action) in m.record().actions.iter().enumerate().skip(checked) {
                let before = state.clone();
                G::apply(&mut state, action).expect("the record replays");
                let says = G::reveals(&before, action, &state);
                let mover = G::to_move(&before);
                if mover == ToMove::Chance {
                    assert!(
                        says,
                        "seed {seed}, action {i}: chance outcome {action:?} reveals"
                    );
                }
                if shown(&before, action, &state) {
                    assert!(says, "seed {seed}, action {i}: {action:?} showed something");
                }
                if mover != ToMove::Chance
                    && !says
                    && unforeseeable::<G>(&before, action, &state, &mut rng, &mut report)
                {
                    panic!(
                        "seed {seed}, action {i}: {action:?} showed a seat something it could \
                         not foresee, but reveals says no"
                    );
                }
                if says {
                    barrier = i + 1;
                    report.reveals += 1;
                    if mover != ToMove::Chance && G::to_move(&state) == mover {
                        report.own_reveals_mid_turn += 1;
                    }
                }
            }
            checked = m.record().actions.len();
            for seat in 0..G::seat_count(&state) {
                let mut at = m.clone();
                while let Some(len) = at.undo_point(seat) {
                    report.undos += 1;
                    assert!(
                        len >= barrier,
                        "seed {seed}: seat {seat} could undo to {len}, before the reveal at {}",
                        barrier - 1
                    );
                    at = at.prefix(len);
                }
            }
            if m.to_move() == ToMove::Over || checked >= max_actions {
                break;
            }
            let legal = G::legal(m.state());
            let action = if random_bool(&mut rng, 0.5) {
                G::rollout_action(m.state(), &legal, &mut rng)
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            m.play(&action).expect("a legal action");
        }
    }
    report
}

/// True when some seat's view after `action` differs between deals of its view before: what
/// it was shown came from something it could not see, not from the action.
fn unforeseeable<G: Game>(
    before: &G::State,
    action: &G::Action,
    after: &G::State,
    rng: &mut super::Rng,
    report: &mut RevealReport,
) -> bool {
    for seat in 0..G::seat_count(before) {
        let view = G::view(before, seat);
        let seen = G::view(after, seat);
        for _ in 0..DEALS {
            let mut deal = G::determinize(&view, rng);
            // A deal that does not match the view, or that gave the actor other cards than the
            // one it played, says nothing about this action.
            if G::view(&deal, seat) != view || G::apply(&mut deal, action).is_err() {
                continue;
            }
            report.deals_used += 1;
            if G::view(&deal, seat) != seen {
                return true;
            }
        }
    }
    false
}
