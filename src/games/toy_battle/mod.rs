//! Toy Battle (Paolo Mori & Alessandro Zucchini, Repos Production 2025): two armies of toy
//! Troops fight over a Terrain of bases and paths. Rules in `rules.rs`, Terrains in
//! `terrain.rs`, hidden information in `hidden.rs`, board helpers in `layout.rs`.

mod ai;
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
