//! One folder per game: pure rules (and, in `board.rs`, the SVG board component).
//!
//! [`with_game`] is the one place that maps a game id to its type, for the command line, the AI
//! worker and record replay.

pub mod herd;
pub mod long_campaign;
pub mod moonlight;
pub mod toy_battle;
pub mod turncoats;

use crate::engine::Game;

/// Something to do with a game whose type is known only at run time (from a record or a flag).
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

/// The ids of every game with rules, in catalogue order.
pub const GAME_IDS: &[&str] = &[
    herd::Herd::ID,
    toy_battle::ToyBattle::ID,
    turncoats::Turncoats::ID,
    moonlight::Moonlight::ID,
    long_campaign::LongCampaign::ID,
];

/// Run `visitor` with the game named `id`; `None` for an unknown id.
pub fn with_game<V: GameVisitor>(id: &str, visitor: V) -> Option<V::Output> {
    match id {
        herd::Herd::ID => Some(visitor.visit::<herd::Herd>()),
        toy_battle::ToyBattle::ID => Some(visitor.visit::<toy_battle::ToyBattle>()),
        turncoats::Turncoats::ID => Some(visitor.visit::<turncoats::Turncoats>()),
        moonlight::Moonlight::ID => Some(visitor.visit::<moonlight::Moonlight>()),
        long_campaign::LongCampaign::ID => Some(visitor.visit::<long_campaign::LongCampaign>()),
        _ => None,
    }
}
