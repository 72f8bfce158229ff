//! The game log (§11): one plain line per action, hiding what `viewer` may not know — the
//! Troops someone else drew, and which of the viewer's opponent's Troops got frozen.

use super::rules::{Phase, ToyBattleAction, ToyBattleState, Troop};
use crate::engine::Seat;

fn node_name(s: &ToyBattleState, id: u8) -> String {
    let table = &s.table;
    match table.terrain().index_of(id).and_then(|i| table.hq_owner(i)) {
        Some(owner) => format!("@{owner}'s H.Q. ({id})"),
        None => format!("base {id}"),
    }
}

fn troops(list: &[Troop]) -> String {
    let names: Vec<&str> = list.iter().map(|t| t.name()).collect();
    match names.len() {
        0 => "nothing".into(),
        1 => names[0].into(),
        _ => format!(
            "{} and {}",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        ),
    }
}

/// "drew Roxy and Star" for the drawer, "drew 2 Troops" for everyone else.
fn drew(s: &ToyBattleState, count: u8, viewer: Seat) -> String {
    let me = s.mover;
    if viewer == me {
        let reserve = &s.armies[me].reserve;
        let seen: Vec<Troop> = reserve.iter().rev().take(count as usize).copied().collect();
        format!("drew {}", troops(&seen))
    } else if count == 1 {
        "drew 1 Troop".into()
    } else {
        format!("drew {count} Troops")
    }
}

/// What the mover places on a node, with what it covers.
fn placing(s: &ToyBattleState, troop: Troop, node: u8) -> String {
    let table = &s.table;
    let index = table.terrain().index_of(node);
    let mut line = format!("{} on {}", troop.name(), node_name(s, node));
    if let Some(i) = index {
        if table.hq_owner(i).is_some_and(|o| o != s.mover) {
            line.push_str(": H.Q. captured!");
        } else if let Some(top) = table.top(i) {
            line.push_str(&format!(", covering @{}'s {}", top.owner, top.troop.name()));
        }
    }
    line
}

fn pending_name(s: &ToyBattleState) -> &'static str {
    match s.phase {
        Phase::Effect { troop, .. } => match troop {
            Troop::Skully => "Skully's draw",
            Troop::Star => "Star's draw",
            Troop::Capn => "Cap'n's extra placement",
            Troop::Jumbo => "Jumbo's discard",
            Troop::Xb42 => "XB-42's strike",
            _ => "the effect",
        },
        Phase::Base { .. } => match s.table.terrain().spec.power {
            super::terrain::Power::Retreat => "the Retreat",
            super::terrain::Power::CloudsDraw => "the cloud draw",
            super::terrain::Power::Eruption => "the Eruption",
            super::terrain::Power::Raise => "the Raise",
            super::terrain::Power::Sniper => "the Sniper",
            _ => "the special base",
        },
        _ => "nothing",
    }
}

pub(super) fn describe(s: &ToyBattleState, action: &ToyBattleAction, viewer: Seat) -> String {
    use ToyBattleAction as A;
    let me = s.mover;
    let them = 1 - me;
    match *action {
        A::Draw => format!("@{me} {}", drew(s, s.draw_count(me, 2), viewer)),
        A::Place { troop, node } => format!("@{me} placed {}", placing(s, troop, node)),
        A::SkullyDraw => format!("@{me}'s Skully: {}", drew(s, s.draw_count(me, 2), viewer)),
        A::StarDraw => format!("@{me}'s Star: {}", drew(s, 1, viewer)),
        A::CloudsDraw => format!("@{me}'s cloud base: {}", drew(s, 1, viewer)),
        A::CapnPlace { troop, node } => {
            format!("@{me}'s Cap'n sends {}", placing(s, troop, node))
        }
        A::JumboDiscard { node } => {
            let what = s
                .table
                .terrain()
                .index_of(node)
                .and_then(|i| s.table.top(i))
                .map_or("a Troop", |t| t.troop.name());
            format!(
                "@{me}'s Jumbo discards @{them}'s {what} from {}",
                node_name(s, node)
            )
        }
        A::Xb42Discard => format!("@{me}'s XB-42 strikes @{them}'s rack"),
        A::Xb42Hit { troop, .. } => format!("XB-42 hits @{them}'s {}: discarded", troop.name()),
        A::Retreat { node } => {
            let what = s
                .table
                .terrain()
                .index_of(node)
                .and_then(|i| s.table.top(i))
                .map_or("a Troop", |t| t.troop.name());
            format!(
                "@{me} retreats {what} from {} to the rack",
                node_name(s, node)
            )
        }
        A::Erupt { from, to } => {
            let what = s
                .table
                .terrain()
                .index_of(from)
                .and_then(|i| s.table.top(i))
                .map_or("a Troop", |t| t.troop.name());
            format!(
                "Eruption! @{them}'s {what} is thrown from {} onto {}",
                node_name(s, from),
                node_name(s, to)
            )
        }
        A::Raise { troop } => format!("@{me} raises {} from the discard to the rack", troop.name()),
        A::Snipe => format!("@{me}'s sniper aims at @{them}'s rack"),
        A::Freeze { troop } => {
            if viewer == them {
                format!("@{them}'s {} is frozen", troop.name())
            } else {
                format!("one Troop on @{them}'s rack is frozen")
            }
        }
        A::Skip => format!("@{me} skips {}", pending_name(s)),
    }
}
