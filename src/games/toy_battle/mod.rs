//! Toy Battle (Paolo Mori & Alessandro Zucchini, Repos Production 2025): two armies of toy
//! Troops fight over a Terrain of bases and paths. Rules in `rules.rs`, Terrains in
//! `terrain.rs`, hidden information in `hidden.rs`, board helpers in `layout.rs`.
//!
//! Readings of the spec where it is silent (each also noted where it is built):
//! - Actions name a Troop *type*, not a tile: copies are interchangeable, and frozen copies are
//!   counted per type, so `place {troop, node}` is all a record needs (§12).
//! - The Eruption is one action `erupt {from, to}`, as §12 encodes it; a UI asks for the source
//!   and then the destination ([`ToyBattleView::eruption_destinations`]).
//! - XB-42 and the Sniper are chance steps recorded as actions (`xb42_hit {troop, frozen}`,
//!   `freeze {troop}`), so replay checks them against the seed; the XB-42 outcome says whether
//!   the hit copy was a frozen one, since that changes the rack (§6.6).
//! - D12 bookkeeping: a type's "known" count on a rack drops by one whenever a copy of that
//!   type leaves the rack (played, hit by XB-42), since the opponent can no longer be sure the
//!   known copy is still there.
//! - Raise takes the most recently discarded copy of the chosen type (copies are identical).
//! - Every pending effect offers `skip`; an effect with no legal use is not offered (§12).
//! - Default options: Castle Field (advised for a first game, §3.1), normal mode.

mod ai;
mod board;
mod help;
mod hidden;
mod layout;
mod log;
mod rules;
mod terrain;

pub use hidden::{RackFace, ToyBattleView};
pub use layout::{NodeLayout, Prompt, RegionState, BASE_RADIUS, CANVAS, HQ_RADIUS};
pub use rules::{
    can_cover, troop_total, Army, Change, End, EndReason, Phase, Placement, Rack, Table,
    TerrainChoice, Tile, ToyBattle, ToyBattleAction, ToyBattleOptions, ToyBattleState, Troop,
    COPIES, RACK_LIMIT, SET_ASIDE, TROOPS_PER_COLOUR, TURN_LIMIT,
};
pub use terrain::{
    terrains, Colour, NodeSpec, Power, RegionSpec, Terrain, TerrainKey, TerrainSpec, MAX_NODES,
};

#[cfg(test)]
mod tests;
