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

/// The name of the whole app's build, with every game: [`BUILD`] in the default build. The
/// loader (scripts/loader.js) and the release's per-game builds (scripts/post-build.js) name it
/// the same.
pub const WHOLE_APP: &str = "app";

/// Whether this is the whole app, with every game ([`BUILD`] is [`WHOLE_APP`]).
pub const IS_WHOLE_APP: bool = cfg!(all(
    feature = "herd",
    feature = "toy-battle",
    feature = "turncoats",
    feature = "moonlight",
    feature = "long-campaign"
));

/// Which build this is: [`WHOLE_APP`] with every game (the default), else the one game it was
/// built with (`--no-default-features --features <id>`, a game's own build: see Cargo.toml). The
/// games left out are never named below, so their code is not in the wasm.
pub const BUILD: &str = if IS_WHOLE_APP {
    WHOLE_APP
} else if cfg!(feature = "herd") {
    herd::Herd::ID
} else if cfg!(feature = "toy-battle") {
    toy_battle::ToyBattle::ID
} else if cfg!(feature = "turncoats") {
    turncoats::Turncoats::ID
} else if cfg!(feature = "moonlight") {
    moonlight::Moonlight::ID
} else {
    long_campaign::LongCampaign::ID
};

/// Whether this build plays the game `id` (every game but in a game's own build).
pub fn built(id: &str) -> bool {
    built_in(BUILD, id)
}

/// Whether the build named `build` plays the game `id`.
pub fn built_in(build: &str, id: &str) -> bool {
    build == WHOLE_APP || build == id
}

/// Run `visitor` with the game named `id`; `None` for an unknown id, or one this build left out.
pub fn with_game<V: GameVisitor>(id: &str, visitor: V) -> Option<V::Output> {
    match id {
        #[cfg(feature = "herd")]
        herd::Herd::ID => Some(visitor.visit::<herd::Herd>()),
        #[cfg(feature = "toy-battle")]
        toy_battle::ToyBattle::ID => Some(visitor.visit::<toy_battle::ToyBattle>()),
        #[cfg(feature = "turncoats")]
        turncoats::Turncoats::ID => Some(visitor.visit::<turncoats::Turncoats>()),
        #[cfg(feature = "moonlight")]
        moonlight::Moonlight::ID => Some(visitor.visit::<moonlight::Moonlight>()),
        #[cfg(feature = "long-campaign")]
        long_campaign::LongCampaign::ID => Some(visitor.visit::<long_campaign::LongCampaign>()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Id;
    impl GameVisitor for Id {
        type Output = &'static str;
        fn visit<G: Game>(self) -> &'static str {
            G::ID
        }
    }

    #[test]
    fn the_default_build_is_the_whole_app_with_every_game() {
        assert_eq!(BUILD, WHOLE_APP);
        for id in GAME_IDS {
            assert!(built(id));
            assert_eq!(with_game(id, Id), Some(*id));
        }
        assert_eq!(with_game("chess", Id), None);
        assert!(built_in("herd", "herd"));
        assert!(!built_in("herd", "moonlight"));
    }
}
