//! The games on the home page, and the one place mapping a game id to its UI.

use super::game_ui::GameUi;
use crate::i18n::Lang;

/// A game as the home page shows it.
pub struct CatalogueEntry {
    pub id: &'static str,
    pub name: &'static str,
    /// The Hungarian name, players, length and pitch (the English ones follow).
    pub hu: [&'static str; 4],
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
        hu: ["Herd", "2 játékos", "10–20 perc", "Dobj két kockával, vedd le az ellenfél köveit, tedd le a sajátjaidat: zárd körbe a magányos köveket, és ejtsd foglyul őket."],
        players: "2 players",
        length: "10–20 min",
        pitch: "Roll two dice, take away enemy stones, place your own: surround loners to capture.",
        playable: true,
    },
    CatalogueEntry {
        id: "toy-battle",
        name: "Toy Battle",
        hu: ["Játékok Harca", "2 játékos", "15–25 perc", "Küldd a játékkatonákat az utakon, fedd le a gyengébb játékokat, és szerezd meg az érmeket."],
        players: "2 players",
        length: "15–25 min",
        pitch: "Send toy troops along the paths, cover weaker toys and grab the medals.",
        playable: true,
    },
    CatalogueEntry {
        id: "turncoats",
        name: "Turncoats",
        hu: ["Turncoats", "2–5 játékos", "20–40 perc", "Titokban támogasd a három frakció egyikét, és válts oldalt, amikor megéri."],
        players: "2–5 players",
        length: "20–40 min",
        pitch: "Back one of three factions in secret, and switch sides when it pays.",
        playable: true,
    },
    CatalogueEntry {
        id: "moonlight",
        name: "Moonlight",
        hu: ["Moonlight", "2 játékos", "20–30 perc", "Rakd ki a farkaskártyákat a hold alatt, és nyerj két fordulót a farkasok földjén."],
        players: "2 players",
        length: "20–30 min",
        pitch: "Lay wolf cards under the moon and win two rounds of the land of the wolves.",
        playable: true,
    },
    CatalogueEntry {
        id: "long-campaign",
        name: "Long Campaign",
        hu: ["Hosszú Hadjárat", "3 játékos", "30–45 perc", "Válaszolj a kvízkérdésekre, és hódítsd meg Magyarország vármegyéit."],
        players: "3 players",
        length: "30–45 min",
        pitch: "Hosszú Hadjárat: answer quiz questions to conquer Hungary's counties.",
        playable: true,
    },
];

impl CatalogueEntry {
    pub fn name(&self, lang: Lang) -> &'static str {
        lang.pick(self.name, self.hu[0])
    }
    pub fn players(&self, lang: Lang) -> &'static str {
        lang.pick(self.players, self.hu[1])
    }
    pub fn length(&self, lang: Lang) -> &'static str {
        lang.pick(self.length, self.hu[2])
    }
    pub fn pitch(&self, lang: Lang) -> &'static str {
        lang.pick(self.pitch, self.hu[3])
    }
}

pub fn entry(id: &str) -> Option<&'static CatalogueEntry> {
    CATALOGUE.iter().find(|e| e.id == id)
}

/// Something to do with a game's UI whose type is known only by id.
pub trait UiVisitor {
    type Output;
    fn visit<G: GameUi>(self) -> Self::Output;
}

/// Run `visitor` with the UI of the game `id`; `None` for an unknown id, or a game this build
/// left out ([`crate::games::BUILD`]).
pub fn with_ui_game<V: UiVisitor>(id: &str, visitor: V) -> Option<V::Output> {
    use crate::games::*;
    match id {
        #[cfg(feature = "herd")]
        "herd" => Some(visitor.visit::<herd::Herd>()),
        #[cfg(feature = "toy-battle")]
        "toy-battle" => Some(visitor.visit::<toy_battle::ToyBattle>()),
        #[cfg(feature = "moonlight")]
        "moonlight" => Some(visitor.visit::<moonlight::Moonlight>()),
        #[cfg(feature = "turncoats")]
        "turncoats" => Some(visitor.visit::<turncoats::Turncoats>()),
        #[cfg(feature = "long-campaign")]
        "long-campaign" => Some(visitor.visit::<long_campaign::LongCampaign>()),
        _ => None,
    }
}
