//! The game log: one plain-English line per action, hiding what the viewer may not know (§10:
//! the cards someone draws are theirs alone).

use super::cards::Wolf;
use super::rules::{Change, Moonlight, MoonlightAction, MoonlightState, Phase};
use crate::engine::{Game, Seat};

fn cards_drawn(before: &MoonlightState, after: &MoonlightState, seat: Seat) -> Vec<String> {
    let mut was = before.hands[seat];
    after.hands[seat]
        .iter()
        .filter(|&w| !was.remove(w))
        .map(|w| format!("{} ({w})", w.label()))
        .collect()
}

/// "a 3 (1 moon, +1)", "the Lone Wolf 6".
fn named(w: Wolf) -> String {
    if w.is_lone() {
        format!("the {}", w.label())
    } else {
        format!("a {}", w.label())
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// What happened after a seat's action: the draw, a final turn, the end of a round or match.
fn aftermath(before: &MoonlightState, after: &MoonlightState, viewer: Seat) -> String {
    let me = before.table.mover;
    let mut out = String::new();
    if after.table.this_turn.is_empty() {
        if let Some(Change::Drew { count, .. }) = after
            .table
            .last_turn
            .iter()
            .find(|c| matches!(c, Change::Drew { seat, .. } if *seat == me))
        {
            let names = cards_drawn(before, after, me);
            if viewer == me && !names.is_empty() {
                out += &format!(" and drew {}", names.join(", "));
            } else {
                out += &format!(" and drew {count} card{}", plural(*count as usize));
            }
        }
    }
    if after.table.final_turn && !before.table.final_turn {
        out += &format!(
            ". @{me} has played their last card: @{} takes a final turn",
            1 - me
        );
    }
    if after.table.rounds.len() > before.table.rounds.len() {
        if let Some(score) = after.table.rounds.last() {
            let [a, b] = score.points;
            out += &match score.winner {
                Some(w) => format!(
                    ". Round {} is over: @{w} wins it, {} to {}",
                    before.table.round,
                    score.points[w],
                    score.points[1 - w]
                ),
                None => format!(
                    ". Round {} is over, tied {a} to {b}: it is replayed",
                    before.table.round
                ),
            };
        }
        if after.table.phase == Phase::Over {
            out += &match after.table.match_winner() {
                Some(w) => format!(". @{w} wins the match"),
                None => ". The match is drawn after the round limit".to_string(),
            };
        }
    }
    out
}

pub fn describe(before: &MoonlightState, action: &MoonlightAction, viewer: Seat) -> Option<String> {
    let me = before.table.mover;
    let mut after = before.clone();
    Moonlight::apply(&mut after, action).ok()?;
    let line = match *action {
        MoonlightAction::Shuffle { seat, .. } => {
            let seat = seat as usize;
            let hand = if viewer == seat {
                cards_drawn(before, &after, seat).join(", ")
            } else {
                let n = after.hands[seat].len();
                format!("{n} card{}", plural(n))
            };
            let opening = if seat == 0 {
                format!("Round {} begins. ", before.table.round)
            } else {
                String::new()
            };
            format!("{opening}@{seat} shuffled their deck and drew {hand}")
        }
        MoonlightAction::Place { card, at } => {
            let what = match before.table.panorama.top(at) {
                Some(top) => format!(
                    "covered @{}'s {} at {at} with {}",
                    before.table.seat_of(top.colour()),
                    top.label(),
                    named(card)
                ),
                None => format!("placed {} at {at}", named(card)),
            };
            let second = if before.table.phase == Phase::Second {
                " as a second card (Double Placement)"
            } else {
                ""
            };
            let spent = match before.table.placement(me, card, at) {
                Ok(Some(p)) => format!(" using {}", p.name()),
                _ => String::new(),
            };
            format!("@{me} {what}{spent}{second}")
        }
        MoonlightAction::MovePile { from, to } => {
            format!("@{me} used Move a Pile: the pile at {from} moved to {to}")
        }
        MoonlightAction::Decline => format!("@{me} declined a second card"),
        MoonlightAction::PickLoneWolf { wolf } => {
            format!("@{me} added {} ({wolf}) to their deck", named(wolf))
        }
        MoonlightAction::PickPower { power } => {
            format!("@{me} took the Alpha Power {}", power.name())
        }
    };
    let rest = match action {
        MoonlightAction::Shuffle { .. } => String::new(),
        _ => aftermath(before, &after, viewer),
    };
    Some(format!("{line}{rest}"))
}
