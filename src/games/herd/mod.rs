//! Herd (Mark Steere, 2022): dice and stones on a hex-hex board. Rules in `rules.rs`.

mod ai;
mod bits;
#[doc(hidden)]
pub mod board;
mod hex;
mod rules;

pub use hex::{HexBoard, MAX_SIDE, MIN_SIDE};
pub use rules::{
    cell_name, default_turn_cap, Change, Herd, HerdAction, HerdOptions, HerdState, HerdView, Phase,
};

#[cfg(test)]
mod tests;
