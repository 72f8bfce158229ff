//! Plain-Rust helpers for a board UI, so the SVG component stays thin: where to draw nodes,
//! paths and regions (§10 canvas, D11), each region's Medal state, the pending prompt, and the
//! legal targets of a rack Troop. They read a [`ToyBattleView`] (or its [`Table`]), never the
//! state, so nothing secret can reach the page.

use super::hidden::ToyBattleView;
use super::rules::{Phase, Table, ToyBattle, ToyBattleAction, Troop};
use super::terrain::{Colour, Power};
use crate::engine::{Game, Rng, Seat};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// The canvas of §10: 1000 × 700, blue on the left.
pub const CANVAS: (i16, i16) = (1000, 700);
/// Suggested radii (§10 canvas notes).
pub const BASE_RADIUS: i16 = 28;
pub const HQ_RADIUS: i16 = 36;

/// One node to draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeLayout {
    pub id: u8,
    pub x: i16,
    pub y: i16,
    /// `Some(seat)` for an H.Q. of that seat.
    pub hq: Option<Seat>,
    pub colour: Option<Colour>,
    /// A special base whose power is in force (false everywhere in Beginner mode).
    pub special: bool,
    /// Tropical Pool value list in force, lowest first (Kwak first); `None` when unrestricted.
    pub allowed: Option<Vec<Troop>>,
}

/// Medal state of one region (§8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegionState {
    pub id: u8,
    /// Medals printed in the region.
    pub medals: u8,
    /// Medals still lying there.
    pub medals_left: u8,
    /// Who took the Medals, once taken.
    pub taken_by: Option<Seat>,
    /// Bases of the region each seat occupies now.
    pub held: [u8; 2],
    pub bases: u8,
    /// The closed boundary, as canvas points, for shading.
    pub ring: Vec<(i16, i16)>,
    /// Where to draw the Medal tokens.
    pub label: (i16, i16),
}

/// The prompt a seat faces (§12): the main choice, one optional effect, or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "prompt", rename_all = "snake_case")]
pub enum Prompt {
    /// DRAW or PLACE a rack Troop.
    Turn,
    /// Skully may draw `count` Troops (D9: all or none).
    SkullyDraw {
        count: u8,
    },
    StarDraw,
    /// Cap'n may place one more rack Troop.
    CapnPlace,
    /// Jumbo may discard an adjacent enemy top Troop.
    JumboDiscard,
    /// XB-42 may strike the opponent's rack.
    Xb42Discard,
    /// Castle Field: one of your other visible Troops may go back to the rack.
    Retreat,
    /// City of Clouds: draw 1.
    CloudsDraw,
    /// Volcanic Jungle: pick an enemy Troop next to the volcano, then where it lands.
    Eruption,
    /// Cursed Cemetery: take back a discarded Troop of yours.
    Raise,
    /// Battlefield: freeze a random Troop of the opponent.
    Snipe,
    /// A random pick (XB-42, sniper) is being drawn.
    Chance,
    Over,
}

impl Table {
    /// Every node with its canvas position and role.
    pub fn layout(&self) -> Vec<NodeLayout> {
        let terrain = self.terrain();
        terrain
            .spec
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| NodeLayout {
                id: n.id,
                x: n.x,
                y: n.y,
                hq: self.hq_owner(i),
                colour: n.hq,
                special: !self.beginner && n.special,
                allowed: (!self.beginner && terrain.allowed[i] != 0xff).then(|| {
                    Troop::ALL
                        .into_iter()
                        .filter(|&t| terrain.allowed[i] & (1 << t as u8) != 0)
                        .collect()
                }),
            })
            .collect()
    }

    /// Every path as its two end points on the canvas.
    pub fn paths(&self) -> Vec<((i16, i16), (i16, i16))> {
        let spec = self.terrain().spec;
        let at = |id: u8| {
            spec.nodes
                .iter()
                .find(|n| n.id == id)
                .map_or((0, 0), |n| (n.x, n.y))
        };
        spec.edges.iter().map(|&(a, b)| (at(a), at(b))).collect()
    }

    /// Every region's Medal state and drawing data.
    pub fn regions(&self) -> Vec<RegionState> {
        let terrain = self.terrain();
        let occupied = [self.occupied(0), self.occupied(1)];
        let at = |id: u8| {
            terrain
                .spec
                .nodes
                .iter()
                .find(|n| n.id == id)
                .map_or((0, 0), |n| (n.x, n.y))
        };
        terrain
            .spec
            .regions
            .iter()
            .enumerate()
            .map(|(r, spec)| {
                let bases = terrain.regions[r];
                RegionState {
                    id: spec.id,
                    medals: spec.medals,
                    medals_left: self.region_medals.get(r).copied().unwrap_or(0),
                    taken_by: self
                        .region_taker
                        .get(r)
                        .copied()
                        .flatten()
                        .map(|s| s as Seat),
                    held: [
                        (occupied[0] & bases).count_ones() as u8,
                        (occupied[1] & bases).count_ones() as u8,
                    ],
                    bases: bases.count_ones() as u8,
                    ring: spec.ring.iter().map(|&id| at(id)).collect(),
                    label: spec.label,
                }
            })
            .collect()
    }

    /// The stack on a node, bottom to top (empty for an unknown id).
    pub fn stack(&self, id: u8) -> &[super::rules::Tile] {
        self.terrain()
            .index_of(id)
            .and_then(|i| self.stacks().get(i))
            .map_or(&[], Vec::as_slice)
    }

    /// The Medal objective of the Terrain (§10).
    pub fn medal_target(&self) -> u8 {
        self.terrain().spec.medal_target
    }

    /// Node ids of a mask, in node order.
    pub fn ids(&self, mut mask: u32) -> Vec<u8> {
        let terrain = self.terrain();
        let mut out = Vec::new();
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            out.push(terrain.id(i));
        }
        out
    }
}

impl ToyBattleView {
    /// The prompt the seat to move faces (§12).
    pub fn prompt(&self) -> Prompt {
        match self.phase {
            Phase::Over => Prompt::Over,
            Phase::Main => Prompt::Turn,
            Phase::XbStrike | Phase::SniperShot { .. } => Prompt::Chance,
            Phase::Effect { troop, .. } => match troop {
                Troop::Skully => {
                    let reserve = self.reserves[self.mover];
                    let room = 8u8.saturating_sub(self.racks[self.mover].size);
                    Prompt::SkullyDraw {
                        count: 2.min(reserve).min(room),
                    }
                }
                Troop::Star => Prompt::StarDraw,
                Troop::Capn => Prompt::CapnPlace,
                Troop::Jumbo => Prompt::JumboDiscard,
                Troop::Xb42 => Prompt::Xb42Discard,
                Troop::Kwak | Troop::Hook | Troop::Roxy => Prompt::Turn,
            },
            Phase::Base { .. } => match self.table.terrain().spec.power {
                Power::Retreat => Prompt::Retreat,
                Power::CloudsDraw => Prompt::CloudsDraw,
                Power::Eruption => Prompt::Eruption,
                Power::Raise => Prompt::Raise,
                Power::Sniper => Prompt::Snipe,
                _ => Prompt::Turn,
            },
        }
    }

    /// True when this view's seat has a decision to make.
    pub fn my_turn(&self) -> bool {
        self.mover == self.seat && !matches!(self.prompt(), Prompt::Over | Prompt::Chance)
    }

    /// The legal actions of the viewer when it is to move (empty otherwise). Everything they
    /// depend on is in the view, so a fixed determinization gives exactly the engine's list.
    pub fn legal_actions(&self) -> Vec<ToyBattleAction> {
        if !self.my_turn() {
            return Vec::new();
        }
        let state = ToyBattle::determinize(self, &mut Rng::seed_from_u64(0));
        ToyBattle::legal(&state)
    }

    /// Node ids where the viewer may put `troop` now: for the main placement or Cap'n's extra
    /// one (§5); empty at any other prompt or for a Troop it cannot play.
    pub fn targets(&self, troop: Troop) -> Vec<u8> {
        if !self.my_turn()
            || !matches!(self.prompt(), Prompt::Turn | Prompt::CapnPlace)
            || self.rack.playable(troop) == 0
        {
            return Vec::new();
        }
        self.table.ids(self.table.targets(self.seat, troop))
    }

    /// The rack Troops the viewer may place now, lowest first (frozen ones excluded).
    pub fn placeable(&self) -> Vec<Troop> {
        Troop::ALL
            .into_iter()
            .filter(|&t| !self.targets(t).is_empty())
            .collect()
    }

    /// Where the Eruption may drop the enemy Troop now on `from` (D2: bases only).
    pub fn eruption_destinations(&self, from: u8) -> Vec<u8> {
        self.legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                ToyBattleAction::Erupt { from: f, to } if f == from => Some(to),
                _ => None,
            })
            .collect()
    }
}
