//! Turncoats (Matilda Simonsson, 2021): three factions, secret hands of stones, and players who
//! win by backing the right side. Rules in `rules.rs`, the map in `map.rs`, what each seat can
//! infer about hidden stones in `hunch.rs`, AI hints in `strategy.rs`.

mod board;
mod council;
mod hunch;
pub mod map;
mod rules;
mod strategy;

pub use hunch::Hunch;
pub use rules::{
    break_tie, counted_areas, counted_stones, final_ranking, tie_steps, turn_bound, Board, Colour,
    Decider, Phase, Seating, Standings, Stones, Targets, TieSteps, Turncoats, TurncoatsAction,
    TurncoatsOptions, TurncoatsState, TurncoatsView, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS,
    PER_COLOUR,
};
pub use strategy::Outlook;

#[cfg(test)]
mod tests;
