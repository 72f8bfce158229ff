//! The eight Terrains of §10 as data, and the bit masks the rules work with.
//!
//! The node ids, paths, regions, Medals, special bases and Pool value lists are BGA's
//! (`material.inc.php`), copied verbatim from the spec's JSON blocks; the coordinates are the
//! spec's 1000 × 700 canvas (D11). Blue owns the H.Q.s 1/2, red the H.Q.s 41/42.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Most nodes on any Terrain (Castle Field and Cursed Cemetery: 15 bases and 2 H.Q.s).
pub const MAX_NODES: usize = 17;

/// The two colours of Troops (§2). Which seat plays which is drawn at setup (D1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Blue,
    Red,
}

impl Colour {
    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
        }
    }
}

/// The eight boxed Terrains (§10), by their spec keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TerrainKey {
    Castle,
    Pool,
    Clouds,
    Jungle,
    Cemetery,
    Caribbean,
    #[serde(rename = "metalx")]
    MetalX,
    Battlefield,
}

impl TerrainKey {
    pub const ALL: [TerrainKey; 8] = [
        TerrainKey::Castle,
        TerrainKey::Pool,
        TerrainKey::Clouds,
        TerrainKey::Jungle,
        TerrainKey::Cemetery,
        TerrainKey::Caribbean,
        TerrainKey::MetalX,
        TerrainKey::Battlefield,
    ];

    pub fn terrain(self) -> &'static Terrain {
        &terrains()[self as usize]
    }
}

/// What the special bases of a Terrain do (§7.1 table, §5 for the two placement limits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    /// Castle Field: take one of your other visible Troops back to the rack.
    Retreat,
    /// Tropical Pool: value lists limit placement; no after-effect.
    PoolLimits,
    /// City of Clouds: draw 1.
    CloudsDraw,
    /// Volcanic Jungle: move an adjacent enemy Troop one path further.
    Eruption,
    /// Cursed Cemetery: take one of your discarded Troops back to the rack.
    Raise,
    /// Caribbean Sea: no special bases.
    None,
    /// Station Metal-X: Troops placed on a shield base have no effect.
    Shield,
    /// Battlefield: freeze one random enemy rack Troop.
    Sniper,
}

impl Power {
    /// True for the powers that fire after the Troop effects of a turn (§7.1).
    pub fn has_after_effect(self) -> bool {
        matches!(
            self,
            Power::Retreat | Power::CloudsDraw | Power::Eruption | Power::Raise | Power::Sniper
        )
    }
}

/// One node as printed in §10: a base or an H.Q.
#[derive(Clone, Copy, Debug)]
pub struct NodeSpec {
    pub id: u8,
    /// `Some(colour)` for an H.Q. of that colour; `None` for a base.
    pub hq: Option<Colour>,
    pub x: i16,
    pub y: i16,
    pub special: bool,
    /// Tropical Pool value list as a Troop-kind mask (bit 0 = Kwak, bit s = strength s).
    pub allowed: Option<u8>,
}

/// One region as printed in §10.
#[derive(Clone, Copy, Debug)]
pub struct RegionSpec {
    pub id: u8,
    pub medals: u8,
    /// The bases to occupy (never an H.Q.).
    pub bases: &'static [u8],
    /// The closed boundary for drawing, which may include one H.Q.
    pub ring: &'static [u8],
    /// Where to draw the Medal tokens.
    pub label: (i16, i16),
}

/// One Terrain exactly as the spec prints it.
#[derive(Clone, Copy, Debug)]
pub struct TerrainSpec {
    pub key: TerrainKey,
    pub name: &'static str,
    pub medal_target: u8,
    pub total_medals: u8,
    pub power: Power,
    pub nodes: &'static [NodeSpec],
    pub edges: &'static [(u8, u8)],
    pub regions: &'static [RegionSpec],
}

/// A Terrain ready for play: the printed data plus bit masks over node *indices* (positions in
/// `spec.nodes`), so reach and region tests are a few word operations.
#[derive(Debug)]
pub struct Terrain {
    pub spec: &'static TerrainSpec,
    /// Neighbours of each node index.
    pub adjacent: Vec<u32>,
    /// All bases (no H.Q.s).
    pub bases: u32,
    /// H.Q.s of each colour, indexed by `Colour as usize`.
    pub hqs: [u32; 2],
    /// Special bases.
    pub special: u32,
    /// Pool value lists by node index: a Troop-kind mask, 0xff where unrestricted.
    pub allowed: Vec<u8>,
    /// Region base masks, in `spec.regions` order.
    pub regions: Vec<u32>,
    /// By node index, the regions holding the node, as a mask of region indices: a placement
    /// looks only at its own regions instead of testing every one.
    pub regions_at: Vec<u32>,
    /// By region, how many bases it has (as the AI's region shares divide by it).
    pub region_sizes: Vec<f64>,
    /// Per Troop (`Troop as usize`): the nodes whose value list admits it (all without a list).
    pub admits: [u32; 8],
    /// Node index by printed id (ids are below 64); `u8::MAX` where the Terrain has no such node.
    index: [u8; 64],
}

impl Terrain {
    fn build(spec: &'static TerrainSpec) -> Terrain {
        let index = |id: u8| {
            spec.nodes
                .iter()
                .position(|n| n.id == id)
                .expect("terrain data names existing nodes")
        };
        let mut adjacent = vec![0u32; spec.nodes.len()];
        for &(a, b) in spec.edges {
            let (a, b) = (index(a), index(b));
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        let mask = |f: &dyn Fn(&NodeSpec) -> bool| {
            spec.nodes
                .iter()
                .enumerate()
                .filter(|(_, n)| f(n))
                .fold(0u32, |m, (i, _)| m | 1 << i)
        };
        let mut by_id = [u8::MAX; 64];
        for (i, n) in spec.nodes.iter().enumerate() {
            by_id[n.id as usize & 63] = i as u8;
        }
        let admits = std::array::from_fn(|t| {
            mask(&|n: &NodeSpec| n.allowed.is_none_or(|a| a & (1 << t) != 0))
        });
        let regions: Vec<u32> = spec
            .regions
            .iter()
            .map(|r| r.bases.iter().fold(0u32, |m, &b| m | 1 << index(b)))
            .collect();
        assert!(regions.len() <= 32, "region masks are 32 bits");
        let regions_at = (0..spec.nodes.len())
            .map(|i| {
                let at = regions
                    .iter()
                    .enumerate()
                    .filter(|(_, &b)| b & (1 << i) != 0);
                at.fold(0u32, |m, (r, _)| m | 1 << r)
            })
            .collect();
        let region_sizes = regions.iter().map(|b| b.count_ones() as f64).collect();
        Terrain {
            spec,
            index: by_id,
            admits,
            adjacent,
            bases: mask(&|n| n.hq.is_none()),
            hqs: [
                mask(&|n| n.hq == Some(Colour::Blue)),
                mask(&|n| n.hq == Some(Colour::Red)),
            ],
            special: mask(&|n| n.special),
            allowed: spec
                .nodes
                .iter()
                .map(|n| n.allowed.unwrap_or(0xff))
                .collect(),
            regions,
            regions_at,
            region_sizes,
        }
    }

    pub fn key(&self) -> TerrainKey {
        self.spec.key
    }

    pub fn len(&self) -> usize {
        self.spec.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spec.nodes.is_empty()
    }

    /// The node index of a printed node id, if this Terrain has it.
    pub fn index_of(&self, id: u8) -> Option<usize> {
        match self.index.get(id as usize) {
            Some(&i) if i != u8::MAX => Some(i as usize),
            _ => None,
        }
    }

    /// The printed id of a node index.
    pub fn id(&self, index: usize) -> u8 {
        self.spec.nodes[index].id
    }

    /// The regions holding any node of `mask`, as a mask of region indices.
    pub fn regions_touching(&self, mut mask: u32) -> u32 {
        let mut out = 0;
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            out |= self.regions_at.get(i).copied().unwrap_or(0);
        }
        out
    }

    /// Every node adjacent to a node of `mask` (one path section, [AID]).
    pub fn neighbours(&self, mut mask: u32) -> u32 {
        let mut out = 0;
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            out |= self.adjacent[i];
        }
        out
    }
}

/// Troop-kind mask bit of Kwak in a Pool value list.
const KWAK: u8 = 1;

/// Troop-kind mask bit of a numbered strength in a Pool value list.
const fn strength(s: u8) -> u8 {
    1 << s
}

/// All eight Terrains, in [`TerrainKey::ALL`] order, built once.
pub fn terrains() -> &'static [Terrain; 8] {
    static TERRAINS: OnceLock<[Terrain; 8]> = OnceLock::new();
    TERRAINS.get_or_init(|| {
        [
            &CASTLE,
            &POOL,
            &CLOUDS,
            &JUNGLE,
            &CEMETERY,
            &CARIBBEAN,
            &METALX,
            &BATTLEFIELD,
        ]
        .map(Terrain::build)
    })
}

/// §10 Castle Field (`castle`).
pub(super) const CASTLE: TerrainSpec = TerrainSpec {
    key: TerrainKey::Castle,
    name: "Castle Field",
    medal_target: 7,
    total_medals: 14,
    power: Power::Retreat,
    nodes: &[
        NodeSpec {
            id: 1,
            hq: Some(Colour::Blue),
            x: 90,
            y: 349,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 11,
            hq: None,
            x: 115,
            y: 159,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 12,
            hq: None,
            x: 115,
            y: 541,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 13,
            hq: None,
            x: 253,
            y: 275,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 14,
            hq: None,
            x: 252,
            y: 422,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 15,
            hq: None,
            x: 323,
            y: 147,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 16,
            hq: None,
            x: 323,
            y: 555,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 17,
            hq: None,
            x: 505,
            y: 175,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 18,
            hq: None,
            x: 505,
            y: 350,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 19,
            hq: None,
            x: 505,
            y: 525,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 20,
            hq: None,
            x: 695,
            y: 145,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 21,
            hq: None,
            x: 695,
            y: 554,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 22,
            hq: None,
            x: 777,
            y: 276,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 23,
            hq: None,
            x: 777,
            y: 424,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 24,
            hq: None,
            x: 914,
            y: 160,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 25,
            hq: None,
            x: 914,
            y: 542,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 41,
            hq: Some(Colour::Red),
            x: 915,
            y: 349,
            special: false,
            allowed: None,
        },
    ],
    edges: &[
        (1, 11),
        (1, 12),
        (11, 13),
        (12, 14),
        (13, 15),
        (13, 17),
        (13, 18),
        (14, 16),
        (14, 18),
        (14, 19),
        (15, 17),
        (16, 19),
        (17, 20),
        (17, 22),
        (18, 22),
        (18, 23),
        (19, 21),
        (19, 23),
        (20, 22),
        (21, 23),
        (22, 24),
        (23, 25),
        (24, 41),
        (25, 41),
    ],
    regions: &[
        RegionSpec {
            id: 1,
            medals: 3,
            bases: &[11, 12, 13, 14, 18],
            ring: &[11, 1, 12, 14, 18, 13],
            label: (304, 353),
        },
        RegionSpec {
            id: 2,
            medals: 1,
            bases: &[13, 15, 17],
            ring: &[13, 15, 17],
            label: (304, 212),
        },
        RegionSpec {
            id: 3,
            medals: 1,
            bases: &[14, 16, 19],
            ring: &[14, 16, 19],
            label: (304, 494),
        },
        RegionSpec {
            id: 4,
            medals: 2,
            bases: &[13, 17, 18, 22],
            ring: &[13, 17, 22, 18],
            label: (494, 264),
        },
        RegionSpec {
            id: 5,
            medals: 2,
            bases: &[14, 18, 19, 23],
            ring: &[14, 18, 23, 19],
            label: (494, 438),
        },
        RegionSpec {
            id: 6,
            medals: 1,
            bases: &[17, 20, 22],
            ring: &[17, 20, 22],
            label: (692, 212),
        },
        RegionSpec {
            id: 7,
            medals: 1,
            bases: &[19, 21, 23],
            ring: &[19, 21, 23],
            label: (692, 494),
        },
        RegionSpec {
            id: 8,
            medals: 3,
            bases: &[18, 22, 23, 24, 25],
            ring: &[18, 22, 24, 41, 25, 23],
            label: (692, 353),
        },
    ],
};

/// §10 Tropical Pool (`pool`).
pub(super) const POOL: TerrainSpec = TerrainSpec {
    key: TerrainKey::Pool,
    name: "Tropical Pool",
    medal_target: 6,
    total_medals: 12,
    power: Power::PoolLimits,
    nodes: &[
        NodeSpec {
            id: 1,
            hq: Some(Colour::Blue),
            x: 142,
            y: 160,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 2,
            hq: Some(Colour::Blue),
            x: 142,
            y: 550,
            special: false,
            allowed: Some(strength(6) | strength(7) | KWAK),
        },
        NodeSpec {
            id: 11,
            hq: None,
            x: 144,
            y: 350,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 12,
            hq: None,
            x: 283,
            y: 161,
            special: true,
            allowed: Some(strength(1) | strength(2) | KWAK),
        },
        NodeSpec {
            id: 13,
            hq: None,
            x: 300,
            y: 349,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 14,
            hq: None,
            x: 283,
            y: 537,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 15,
            hq: None,
            x: 426,
            y: 174,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 16,
            hq: None,
            x: 442,
            y: 545,
            special: true,
            allowed: Some(strength(3) | strength(4) | strength(5) | KWAK),
        },
        NodeSpec {
            id: 17,
            hq: None,
            x: 499,
            y: 350,
            special: true,
            allowed: Some(strength(6) | strength(7) | KWAK),
        },
        NodeSpec {
            id: 18,
            hq: None,
            x: 570,
            y: 156,
            special: true,
            allowed: Some(strength(3) | strength(4) | strength(5) | KWAK),
        },
        NodeSpec {
            id: 19,
            hq: None,
            x: 588,
            y: 537,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 20,
            hq: None,
            x: 724,
            y: 160,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 21,
            hq: None,
            x: 709,
            y: 357,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 22,
            hq: None,
            x: 731,
            y: 544,
            special: true,
            allowed: Some(strength(1) | strength(2) | KWAK),
        },
        NodeSpec {
            id: 23,
            hq: None,
            x: 867,
            y: 357,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 41,
            hq: Some(Colour::Red),
            x: 875,
            y: 153,
            special: false,
            allowed: Some(strength(6) | strength(7) | KWAK),
        },
        NodeSpec {
            id: 42,
            hq: Some(Colour::Red),
            x: 873,
            y: 546,
            special: false,
            allowed: None,
        },
    ],
    edges: &[
        (1, 11),
        (2, 13),
        (11, 12),
        (11, 13),
        (12, 13),
        (12, 15),
        (13, 14),
        (13, 17),
        (14, 16),
        (14, 17),
        (15, 17),
        (15, 18),
        (16, 19),
        (17, 19),
        (17, 20),
        (17, 21),
        (18, 20),
        (19, 22),
        (20, 21),
        (21, 22),
        (21, 23),
        (21, 41),
        (22, 23),
        (23, 42),
    ],
    regions: &[
        RegionSpec {
            id: 1,
            medals: 1,
            bases: &[11, 12, 13],
            ring: &[11, 12, 13],
            label: (238, 293),
        },
        RegionSpec {
            id: 2,
            medals: 2,
            bases: &[12, 13, 15, 17],
            ring: &[12, 13, 17, 15],
            label: (360, 270),
        },
        RegionSpec {
            id: 3,
            medals: 1,
            bases: &[13, 14, 17],
            ring: &[13, 14, 17],
            label: (352, 408),
        },
        RegionSpec {
            id: 4,
            medals: 2,
            bases: &[14, 16, 17, 19],
            ring: &[14, 16, 19, 17],
            label: (470, 453),
        },
        RegionSpec {
            id: 5,
            medals: 2,
            bases: &[15, 17, 18, 20],
            ring: &[15, 17, 20, 18],
            label: (518, 254),
        },
        RegionSpec {
            id: 6,
            medals: 1,
            bases: &[17, 20, 21],
            ring: &[17, 20, 21],
            label: (650, 298),
        },
        RegionSpec {
            id: 7,
            medals: 2,
            bases: &[17, 19, 21, 22],
            ring: &[17, 19, 22, 21],
            label: (614, 436),
        },
        RegionSpec {
            id: 8,
            medals: 1,
            bases: &[21, 22, 23],
            ring: &[21, 22, 23],
            label: (763, 414),
        },
    ],
};

/// §10 City of Clouds (`clouds`).
pub(super) const CLOUDS: TerrainSpec = TerrainSpec {
    key: TerrainKey::Clouds,
    name: "City of Clouds",
    medal_target: 8,
    total_medals: 16,
    power: Power::CloudsDraw,
    nodes: &[
        NodeSpec {
            id: 1,
            hq: Some(Colour::Blue),
            x: 99,
            y: 348,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 11,
            hq: None,
            x: 168,
            y: 127,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 12,
            hq: None,
            x: 168,
            y: 575,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 13,
            hq: None,
            x: 257,
            y: 350,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 14,
            hq: None,
            x: 337,
            y: 127,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 15,
            hq: None,
            x: 337,
            y: 575,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 16,
            hq: None,
            x: 427,
            y: 350,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 17,
            hq: None,
            x: 504,
            y: 127,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 18,
            hq: None,
            x: 504,
            y: 575,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 19,
            hq: None,
            x: 597,
            y: 350,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 20,
            hq: None,
            x: 673,
            y: 127,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 21,
            hq: None,
            x: 673,
            y: 575,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 22,
            hq: None,
            x: 764,
            y: 350,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 23,
            hq: None,
            x: 841,
            y: 127,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 24,
            hq: None,
            x: 841,
            y: 575,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 41,
            hq: Some(Colour::Red),
            x: 927,
            y: 350,
            special: false,
            allowed: None,
        },
    ],
    edges: &[
        (1, 11),
        (1, 12),
        (11, 13),
        (11, 14),
        (12, 13),
        (12, 15),
        (13, 14),
        (13, 15),
        (14, 16),
        (14, 17),
        (15, 16),
        (15, 18),
        (16, 17),
        (16, 18),
        (17, 19),
        (17, 20),
        (18, 19),
        (18, 21),
        (19, 20),
        (19, 21),
        (20, 22),
        (20, 23),
        (21, 22),
        (21, 24),
        (22, 23),
        (22, 24),
        (23, 41),
        (24, 41),
    ],
    regions: &[
        RegionSpec {
            id: 1,
            medals: 1,
            bases: &[11, 12, 13],
            ring: &[11, 1, 12, 13],
            label: (174, 351),
        },
        RegionSpec {
            id: 2,
            medals: 1,
            bases: &[11, 13, 14],
            ring: &[11, 13, 14],
            label: (230, 189),
        },
        RegionSpec {
            id: 3,
            medals: 1,
            bases: &[12, 13, 15],
            ring: &[12, 13, 15],
            label: (230, 518),
        },
        RegionSpec {
            id: 4,
            medals: 2,
            bases: &[13, 14, 15, 16],
            ring: &[13, 14, 16, 15],
            label: (327, 350),
        },
        RegionSpec {
            id: 5,
            medals: 1,
            bases: &[14, 16, 17],
            ring: &[14, 16, 17],
            label: (397, 189),
        },
        RegionSpec {
            id: 6,
            medals: 1,
            bases: &[15, 16, 18],
            ring: &[15, 16, 18],
            label: (397, 518),
        },
        RegionSpec {
            id: 7,
            medals: 2,
            bases: &[16, 17, 18, 19],
            ring: &[16, 17, 19, 18],
            label: (495, 350),
        },
        RegionSpec {
            id: 8,
            medals: 1,
            bases: &[17, 19, 20],
            ring: &[17, 19, 20],
            label: (598, 189),
        },
        RegionSpec {
            id: 9,
            medals: 1,
            bases: &[18, 19, 21],
            ring: &[18, 19, 21],
            label: (598, 518),
        },
        RegionSpec {
            id: 10,
            medals: 2,
            bases: &[19, 20, 21, 22],
            ring: &[19, 20, 22, 21],
            label: (665, 350),
        },
        RegionSpec {
            id: 11,
            medals: 1,
            bases: &[20, 22, 23],
            ring: &[20, 22, 23],
            label: (768, 189),
        },
        RegionSpec {
            id: 12,
            medals: 1,
            bases: &[21, 22, 24],
            ring: &[21, 22, 24],
            label: (768, 518),
        },
        RegionSpec {
            id: 13,
            medals: 1,
            bases: &[22, 23, 24],
            ring: &[22, 23, 41, 24],
            label: (826, 351),
        },
    ],
};

/// §10 Volcanic Jungle (`jungle`).
pub(super) const JUNGLE: TerrainSpec = TerrainSpec {
    key: TerrainKey::Jungle,
    name: "Volcanic Jungle",
    medal_target: 7,
    total_medals: 14,
    power: Power::Eruption,
    nodes: &[
        NodeSpec {
            id: 1,
            hq: Some(Colour::Blue),
            x: 110,
            y: 130,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 11,
            hq: None,
            x: 118,
            y: 343,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 12,
            hq: None,
            x: 118,
            y: 546,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 13,
            hq: None,
            x: 314,
            y: 156,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 14,
            hq: None,
            x: 314,
            y: 343,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 15,
            hq: None,
            x: 314,
            y: 569,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 16,
            hq: None,
            x: 510,
            y: 138,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 17,
            hq: None,
            x: 510,
            y: 343,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 18,
            hq: None,
            x: 510,
            y: 547,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 19,
            hq: None,
            x: 708,
            y: 132,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 20,
            hq: None,
            x: 707,
            y: 356,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 21,
            hq: None,
            x: 707,
            y: 545,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 22,
            hq: None,
            x: 905,
            y: 154,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 23,
            hq: None,
            x: 905,
            y: 359,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 41,
            hq: Some(Colour::Red),
            x: 909,
            y: 571,
            special: false,
            allowed: None,
        },
    ],
    edges: &[
        (1, 11),
        (1, 13),
        (11, 12),
        (11, 13),
        (11, 14),
        (12, 15),
        (13, 16),
        (14, 15),
        (14, 17),
        (15, 18),
        (16, 17),
        (16, 19),
        (17, 18),
        (17, 20),
        (18, 21),
        (19, 20),
        (19, 22),
        (20, 23),
        (21, 23),
        (21, 41),
        (22, 23),
        (23, 41),
    ],
    regions: &[
        RegionSpec {
            id: 1,
            medals: 3,
            bases: &[11, 13, 14, 16, 17],
            ring: &[11, 13, 16, 17, 14],
            label: (390, 245),
        },
        RegionSpec {
            id: 2,
            medals: 2,
            bases: &[11, 12, 14, 15],
            ring: &[11, 12, 15, 14],
            label: (222, 434),
        },
        RegionSpec {
            id: 3,
            medals: 2,
            bases: &[14, 15, 17, 18],
            ring: &[14, 15, 18, 17],
            label: (398, 458),
        },
        RegionSpec {
            id: 4,
            medals: 2,
            bases: &[16, 17, 19, 20],
            ring: &[16, 17, 20, 19],
            label: (599, 253),
        },
        RegionSpec {
            id: 5,
            medals: 3,
            bases: &[17, 18, 20, 21, 23],
            ring: &[17, 18, 21, 23, 20],
            label: (613, 452),
        },
        RegionSpec {
            id: 6,
            medals: 2,
            bases: &[19, 20, 22, 23],
            ring: &[19, 20, 23, 22],
            label: (782, 261),
        },
    ],
};

/// §10 Cursed Cemetery (`cemetery`).
pub(super) const CEMETERY: TerrainSpec = TerrainSpec {
    key: TerrainKey::Cemetery,
    name: "Cursed Cemetery",
    medal_target: 7,
    total_medals: 14,
    power: Power::Raise,
    nodes: &[
        NodeSpec {
            id: 1,
            hq: Some(Colour::Blue),
            x: 98,
            y: 161,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 11,
            hq: None,
            x: 132,
            y: 454,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 12,
            hq: None,
            x: 262,
            y: 150,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 13,
            hq: None,
            x: 262,
            y: 332,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 14,
            hq: None,
            x: 262,
            y: 554,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 15,
            hq: None,
            x: 378,
            y: 247,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 16,
            hq: None,
            x: 382,
            y: 452,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 17,
            hq: None,
            x: 512,
            y: 138,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 18,
            hq: None,
            x: 512,
            y: 349,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 19,
            hq: None,
            x: 512,
            y: 554,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 20,
            hq: None,
            x: 641,
            y: 249,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 21,
            hq: None,
            x: 649,
            y: 454,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 22,
            hq: None,
            x: 763,
            y: 146,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 23,
            hq: None,
            x: 764,
            y: 370,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 24,
            hq: None,
            x: 764,
            y: 551,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 25,
            hq: None,
            x: 892,
            y: 246,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 41,
            hq: Some(Colour::Red),
            x: 924,
            y: 538,
            special: false,
            allowed: None,
        },
    ],
    edges: &[
        (1, 11),
        (1, 13),
        (11, 13),
        (11, 14),
        (11, 16),
        (12, 13),
        (12, 15),
        (13, 15),
        (14, 16),
        (15, 16),
        (15, 17),
        (15, 18),
        (16, 18),
        (16, 19),
        (17, 20),
        (18, 20),
        (18, 21),
        (19, 21),
        (20, 21),
        (20, 22),
        (20, 25),
        (21, 23),
        (21, 24),
        (22, 25),
        (23, 24),
        (23, 25),
        (23, 41),
        (25, 41),
    ],
    regions: &[
        RegionSpec {
            id: 1,
            medals: 1,
            bases: &[11, 14, 16],
            ring: &[11, 14, 16],
            label: (249, 493),
        },
        RegionSpec {
            id: 2,
            medals: 2,
            bases: &[11, 13, 15, 16],
            ring: &[11, 13, 15, 16],
            label: (299, 390),
        },
        RegionSpec {
            id: 3,
            medals: 1,
            bases: &[12, 13, 15],
            ring: &[12, 13, 15],
            label: (299, 237),
        },
        RegionSpec {
            id: 4,
            medals: 1,
            bases: &[15, 16, 18],
            ring: &[15, 16, 18],
            label: (428, 353),
        },
        RegionSpec {
            id: 5,
            medals: 2,
            bases: &[15, 17, 18, 20],
            ring: &[15, 17, 20, 18],
            label: (500, 244),
        },
        RegionSpec {
            id: 6,
            medals: 2,
            bases: &[16, 18, 19, 21],
            ring: &[16, 18, 21, 19],
            label: (500, 460),
        },
        RegionSpec {
            id: 7,
            medals: 1,
            bases: &[18, 20, 21],
            ring: &[18, 20, 21],
            label: (571, 353),
        },
        RegionSpec {
            id: 8,
            medals: 1,
            bases: &[20, 22, 25],
            ring: &[20, 22, 25],
            label: (752, 215),
        },
        RegionSpec {
            id: 9,
            medals: 2,
            bases: &[20, 21, 23, 25],
            ring: &[20, 21, 23, 25],
            label: (702, 322),
        },
        RegionSpec {
            id: 10,
            medals: 1,
            bases: &[21, 23, 24],
            ring: &[21, 23, 24],
            label: (702, 470),
        },
    ],
};

/// §10 Caribbean Sea (`caribbean`).
pub(super) const CARIBBEAN: TerrainSpec = TerrainSpec {
    key: TerrainKey::Caribbean,
    name: "Caribbean Sea",
    medal_target: 5,
    total_medals: 11,
    power: Power::None,
    nodes: &[
        NodeSpec {
            id: 1,
            hq: Some(Colour::Blue),
            x: 127,
            y: 159,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 2,
            hq: Some(Colour::Blue),
            x: 116,
            y: 562,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 11,
            hq: None,
            x: 124,
            y: 346,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 12,
            hq: None,
            x: 281,
            y: 442,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 13,
            hq: None,
            x: 333,
            y: 155,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 14,
            hq: None,
            x: 333,
            y: 301,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 15,
            hq: None,
            x: 395,
            y: 560,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 16,
            hq: None,
            x: 508,
            y: 156,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 17,
            hq: None,
            x: 508,
            y: 351,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 18,
            hq: None,
            x: 610,
            y: 560,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 19,
            hq: None,
            x: 702,
            y: 161,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 20,
            hq: None,
            x: 705,
            y: 346,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 21,
            hq: None,
            x: 800,
            y: 503,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 22,
            hq: None,
            x: 877,
            y: 155,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 41,
            hq: Some(Colour::Red),
            x: 896,
            y: 351,
            special: false,
            allowed: None,
        },
    ],
    edges: &[
        (1, 11),
        (1, 13),
        (2, 15),
        (11, 12),
        (11, 14),
        (12, 15),
        (12, 17),
        (12, 21),
        (13, 14),
        (14, 16),
        (15, 18),
        (16, 17),
        (16, 19),
        (17, 20),
        (18, 21),
        (19, 20),
        (19, 22),
        (20, 21),
        (20, 41),
        (22, 41),
    ],
    regions: &[
        RegionSpec {
            id: 1,
            medals: 1,
            bases: &[11, 13, 14],
            ring: &[11, 1, 13, 14],
            label: (207, 254),
        },
        RegionSpec {
            id: 2,
            medals: 3,
            bases: &[11, 12, 14, 16, 17],
            ring: &[11, 12, 17, 16, 14],
            label: (321, 374),
        },
        RegionSpec {
            id: 3,
            medals: 2,
            bases: &[12, 15, 18, 21],
            ring: &[12, 15, 18, 21],
            label: (518, 509),
        },
        RegionSpec {
            id: 4,
            medals: 2,
            bases: &[12, 17, 20, 21],
            ring: &[12, 17, 20, 21],
            label: (596, 403),
        },
        RegionSpec {
            id: 5,
            medals: 2,
            bases: &[16, 17, 19, 20],
            ring: &[16, 17, 20, 19],
            label: (596, 254),
        },
        RegionSpec {
            id: 6,
            medals: 1,
            bases: &[19, 20, 22],
            ring: &[19, 20, 41, 22],
            label: (775, 254),
        },
    ],
};

/// §10 Station Metal-X (`metalx`).
pub(super) const METALX: TerrainSpec = TerrainSpec {
    key: TerrainKey::MetalX,
    name: "Station Metal-X",
    medal_target: 7,
    total_medals: 14,
    power: Power::Shield,
    nodes: &[
        NodeSpec {
            id: 1,
            hq: Some(Colour::Blue),
            x: 122,
            y: 133,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 11,
            hq: None,
            x: 109,
            y: 576,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 12,
            hq: None,
            x: 193,
            y: 321,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 13,
            hq: None,
            x: 317,
            y: 123,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 14,
            hq: None,
            x: 319,
            y: 577,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 15,
            hq: None,
            x: 374,
            y: 355,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 16,
            hq: None,
            x: 511,
            y: 230,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 17,
            hq: None,
            x: 513,
            y: 355,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 18,
            hq: None,
            x: 513,
            y: 474,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 19,
            hq: None,
            x: 654,
            y: 352,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 20,
            hq: None,
            x: 707,
            y: 131,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 21,
            hq: None,
            x: 709,
            y: 583,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 22,
            hq: None,
            x: 834,
            y: 386,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 23,
            hq: None,
            x: 918,
            y: 131,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 41,
            hq: Some(Colour::Red),
            x: 917,
            y: 572,
            special: false,
            allowed: None,
        },
    ],
    edges: &[
        (1, 11),
        (1, 12),
        (11, 14),
        (11, 15),
        (12, 13),
        (12, 15),
        (13, 15),
        (13, 16),
        (14, 15),
        (14, 18),
        (15, 16),
        (15, 17),
        (15, 18),
        (16, 17),
        (16, 19),
        (16, 20),
        (17, 18),
        (17, 19),
        (18, 19),
        (18, 21),
        (19, 20),
        (19, 21),
        (19, 22),
        (19, 23),
        (20, 23),
        (21, 22),
        (22, 41),
        (23, 41),
    ],
    regions: &[
        RegionSpec {
            id: 1,
            medals: 1,
            bases: &[11, 12, 15],
            ring: &[11, 1, 12, 15],
            label: (169, 394),
        },
        RegionSpec {
            id: 2,
            medals: 1,
            bases: &[11, 14, 15],
            ring: &[11, 14, 15],
            label: (259, 469),
        },
        RegionSpec {
            id: 3,
            medals: 1,
            bases: &[12, 13, 15],
            ring: &[12, 13, 15],
            label: (279, 275),
        },
        RegionSpec {
            id: 4,
            medals: 1,
            bases: &[13, 15, 16],
            ring: &[13, 15, 16],
            label: (367, 217),
        },
        RegionSpec {
            id: 5,
            medals: 1,
            bases: &[14, 15, 18],
            ring: &[14, 15, 18],
            label: (367, 494),
        },
        RegionSpec {
            id: 6,
            medals: 1,
            bases: &[15, 16, 17],
            ring: &[15, 16, 17],
            label: (466, 313),
        },
        RegionSpec {
            id: 7,
            medals: 1,
            bases: &[15, 17, 18],
            ring: &[15, 17, 18],
            label: (467, 395),
        },
        RegionSpec {
            id: 8,
            medals: 1,
            bases: &[16, 17, 19],
            ring: &[16, 17, 19],
            label: (576, 303),
        },
        RegionSpec {
            id: 9,
            medals: 1,
            bases: &[17, 18, 19],
            ring: &[17, 18, 19],
            label: (576, 410),
        },
        RegionSpec {
            id: 10,
            medals: 1,
            bases: &[16, 19, 20],
            ring: &[16, 19, 20],
            label: (635, 212),
        },
        RegionSpec {
            id: 11,
            medals: 1,
            bases: &[18, 19, 21],
            ring: &[18, 19, 21],
            label: (635, 488),
        },
        RegionSpec {
            id: 12,
            medals: 1,
            bases: &[19, 20, 23],
            ring: &[19, 20, 23],
            label: (742, 237),
        },
        RegionSpec {
            id: 13,
            medals: 1,
            bases: &[19, 21, 22],
            ring: &[19, 21, 22],
            label: (722, 443),
        },
        RegionSpec {
            id: 14,
            medals: 1,
            bases: &[19, 22, 23],
            ring: &[19, 22, 41, 23],
            label: (832, 318),
        },
    ],
};

/// §10 Battlefield (`battlefield`).
pub(super) const BATTLEFIELD: TerrainSpec = TerrainSpec {
    key: TerrainKey::Battlefield,
    name: "Battlefield",
    medal_target: 8,
    total_medals: 16,
    power: Power::Sniper,
    nodes: &[
        NodeSpec {
            id: 1,
            hq: Some(Colour::Blue),
            x: 128,
            y: 351,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 11,
            hq: None,
            x: 144,
            y: 188,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 12,
            hq: None,
            x: 144,
            y: 512,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 13,
            hq: None,
            x: 299,
            y: 193,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 14,
            hq: None,
            x: 299,
            y: 353,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 15,
            hq: None,
            x: 299,
            y: 512,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 16,
            hq: None,
            x: 513,
            y: 140,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 17,
            hq: None,
            x: 513,
            y: 280,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 18,
            hq: None,
            x: 513,
            y: 426,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 19,
            hq: None,
            x: 513,
            y: 566,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 20,
            hq: None,
            x: 726,
            y: 193,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 21,
            hq: None,
            x: 726,
            y: 353,
            special: true,
            allowed: None,
        },
        NodeSpec {
            id: 22,
            hq: None,
            x: 726,
            y: 512,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 23,
            hq: None,
            x: 882,
            y: 188,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 24,
            hq: None,
            x: 882,
            y: 512,
            special: false,
            allowed: None,
        },
        NodeSpec {
            id: 41,
            hq: Some(Colour::Red),
            x: 896,
            y: 351,
            special: false,
            allowed: None,
        },
    ],
    edges: &[
        (1, 11),
        (1, 12),
        (11, 13),
        (12, 15),
        (13, 14),
        (13, 16),
        (13, 17),
        (14, 15),
        (14, 17),
        (14, 18),
        (15, 18),
        (15, 19),
        (16, 20),
        (17, 20),
        (17, 21),
        (18, 21),
        (18, 22),
        (19, 22),
        (20, 21),
        (20, 23),
        (21, 22),
        (22, 24),
        (23, 41),
        (24, 41),
    ],
    regions: &[
        RegionSpec {
            id: 1,
            medals: 3,
            bases: &[11, 12, 13, 14, 15],
            ring: &[11, 1, 12, 15, 14, 13],
            label: (202, 353),
        },
        RegionSpec {
            id: 2,
            medals: 1,
            bases: &[13, 14, 17],
            ring: &[13, 14, 17],
            label: (349, 277),
        },
        RegionSpec {
            id: 3,
            medals: 1,
            bases: &[14, 15, 18],
            ring: &[14, 15, 18],
            label: (349, 430),
        },
        RegionSpec {
            id: 4,
            medals: 2,
            bases: &[13, 16, 17, 20],
            ring: &[13, 16, 20, 17],
            label: (500, 214),
        },
        RegionSpec {
            id: 5,
            medals: 2,
            bases: &[14, 17, 18, 21],
            ring: &[14, 17, 21, 18],
            label: (500, 353),
        },
        RegionSpec {
            id: 6,
            medals: 2,
            bases: &[15, 18, 19, 22],
            ring: &[15, 18, 22, 19],
            label: (500, 491),
        },
        RegionSpec {
            id: 7,
            medals: 1,
            bases: &[17, 20, 21],
            ring: &[17, 20, 21],
            label: (651, 277),
        },
        RegionSpec {
            id: 8,
            medals: 1,
            bases: &[18, 21, 22],
            ring: &[18, 21, 22],
            label: (651, 430),
        },
        RegionSpec {
            id: 9,
            medals: 3,
            bases: &[20, 21, 22, 23, 24],
            ring: &[20, 21, 22, 24, 41, 23],
            label: (796, 353),
        },
    ],
};
