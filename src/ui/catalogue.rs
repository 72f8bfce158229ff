//! The games on the home page, and the one place mapping a game id to its UI.

use super::game_ui::GameUi;
use crate::games::herd::Herd;
use crate::games::long_campaign::LongCampaign;

/// A game as the home page shows it.
pub struct CatalogueEntry {
    pub id: &'static str,
    pub name: &'static str,
    pub players: &'static str,
    pub length: &'static str,
    pub pitch: &'static str,
    /// Whether the game can be played in this version.
    pub playable: bool,
}

pub const CATALOGUE: [CatalogueEntry; 5] = [
    CatalogueEntry {
        id: "herd",
        name: "Herd",
        players: "2 players",
        length: "10–20 min",
        pitch: "Roll two dice, take away enemy stones, place your own: surround loners to capture.",
        playable: true,
    },
    CatalogueEntry {
        id: "toy-battle",
        name: "Toy Battle",
        players: "2 players",
        length: "15–25 min",
        pitch: "Send toy troops along the paths, cover weaker toys and grab the medals.",
        playable: false,
    },
    CatalogueEntry {
        id: "turncoats",
        name: "Turncoats",
        players: "2–5 players",
        length: "20–40 min",
        pitch: "Back one of three factions in secret, and switch sides when it pays.",
        playable: false,
    },
    CatalogueEntry {
        id: "moonlight",
        name: "Moonlight",
        players: "2 players",
        length: "20–30 min",
        pitch: "Lay wolf cards under the moon and win two rounds of the land of the wolves.",
        playable: false,
    },
    CatalogueEntry {
        id: "long-campaign",
        name: "Long Campaign",
        players: "3 players",
        length: "30–45 min",
        pitch: "Hosszú Hadjárat: answer quiz questions to conquer Hungary's counties.",
        playable: true,
    },
];

pub fn entry(id: &str) -> Option<&'static CatalogueEntry> {
    CATALOGUE.iter().find(|e| e.id == id)
}

/// Something to do with a game's UI whose type is known only by id.
pub trait UiVisitor {
    type Output;
    fn visit<G: GameUi>(self) -> Self::Output;
}

pub fn with_ui_game<V: UiVisitor>(id: &str, visitor: V) -> Option<V::Output> {
    match id {
        "herd" => Some(visitor.visit::<Herd>()),
        "long-campaign" => Some(visitor.visit::<LongCampaign>()),
        _ => None,
    }
}
