//! Moonlight: The Land of the Wolves (2 players): wolf cards placed into a shared panorama of at
//! most 4×3 or 3×4, scored by moon majority and row majorities, best of three rounds with Lone
//! Wolves and Alpha Powers between rounds. Rules in `rules.rs`, spec `shared/rules/moonlight.md`.

mod board;
mod cards;
mod hints;
mod log;
mod panorama;
mod rules;
mod scoring;

pub use cards::{Ability, Cards, Colour, Face, Power, PowerSet, Wolf, CAPACITY};
pub use hints::{evaluate, match_value, round_chance};
pub use panorama::{fits, Bounds, Cell, GridCell, Orientation, Panorama, Pile, FULL};
pub use rules::{
    Change, Moonlight, MoonlightAction, MoonlightOptions, MoonlightState, MoonlightView, Phase,
    PowerStatus, Refusal, Table, DISPLAY_SIZE, HAND_SIZE, LARGER_HAND_SIZE, MOUNTAINS_TO_WIN,
    ROUND_CAP,
};
pub use scoring::{
    row_value, Decider, RoundScore, RowScore, ScoreRules, ScoredWolf, Tally, Visible,
};

#[cfg(test)]
mod tests;
