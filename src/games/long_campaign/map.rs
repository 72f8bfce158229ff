//! The map of Hungary (long-campaign.md §2): 19 counties, their borders (the rules data of §2.2)
//! and their drawn shapes (§2.3, from `counties.json`, a copy of `shared/data/hungary-counties.json`
//! whose label points of Pest, Heves and Nógrád are moved so that no two counties' labels, nor
//! Budapest's, overlap: see [`label_spots`] and the test `map_labels_never_overlap`).
//!
//! Adjacency is written here once, as an edge list, and is the single source of truth for the
//! rules; the shapes are decoration for the board.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::OnceLock;

/// Number of territories (§2.1, DECISION H1: Budapest is part of Pest).
pub const COUNTY_COUNT: usize = 19;

/// ISO 3166-2:HU suffixes in the order of §2.1; a [`CountyId`] is an index into this list.
pub const CODES: [&str; COUNTY_COUNT] = [
    "GS", "VA", "ZA", "VE", "KE", "FE", "SO", "TO", "BA", "PE", "BK", "NO", "HE", "BZ", "SZ", "HB",
    "JN", "CS", "BE",
];

/// Hungarian county names, for the log and the board's labels.
pub const NAMES: [&str; COUNTY_COUNT] = [
    "Győr-Moson-Sopron",
    "Vas",
    "Zala",
    "Veszprém",
    "Komárom-Esztergom",
    "Fejér",
    "Somogy",
    "Tolna",
    "Baranya",
    "Pest",
    "Bács-Kiskun",
    "Nógrád",
    "Heves",
    "Borsod-Abaúj-Zemplén",
    "Szabolcs-Szatmár-Bereg",
    "Hajdú-Bihar",
    "Jász-Nagykun-Szolnok",
    "Csongrád-Csanád",
    "Békés",
];

/// A county of the map. In JSON (records, views) it is its two-letter code, e.g. `"PE"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CountyId(pub u8);

impl CountyId {
    pub fn all() -> impl Iterator<Item = CountyId> {
        (0..COUNTY_COUNT as u8).map(CountyId)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// `None` for an id beyond the map (a forged action).
    pub fn checked(self) -> Option<CountyId> {
        (self.index() < COUNTY_COUNT).then_some(self)
    }

    pub fn code(self) -> &'static str {
        CODES.get(self.index()).copied().unwrap_or("??")
    }

    pub fn name(self) -> &'static str {
        NAMES
            .get(self.index())
            .copied()
            .unwrap_or("an unknown county")
    }

    pub fn from_code(code: &str) -> Option<CountyId> {
        CODES
            .iter()
            .position(|c| *c == code)
            .map(|i| CountyId(i as u8))
    }

    /// The counties sharing a border with this one (§2.2), as a bit set.
    pub fn neighbours(self) -> u32 {
        NEIGHBOURS.get(self.index()).copied().unwrap_or(0)
    }

    pub fn bit(self) -> u32 {
        1 << self.0
    }

    pub fn is_adjacent(self, other: CountyId) -> bool {
        self.neighbours() & other.bit() != 0
    }
}

impl Serialize for CountyId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for CountyId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        CountyId::from_code(&code)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown county code {code:?}")))
    }
}

/// The counties of a bit set, in map order.
pub fn counties_in(set: u32) -> impl Iterator<Item = CountyId> {
    CountyId::all().filter(move |c| set & c.bit() != 0)
}

/// Every county, as a bit set.
pub const ALL_COUNTIES: u32 = (1 << COUNTY_COUNT) - 1;

const fn code_index(code: &str) -> u8 {
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < COUNTY_COUNT {
        let c = CODES[i].as_bytes();
        if c[0] == bytes[0] && c[1] == bytes[1] {
            return i as u8;
        }
        i += 1;
    }
    panic!("unknown county code in the edge list");
}

/// The 40 borders of §2.2 (DECISION H2: Veszprém–Somogy across Lake Balaton counts).
pub const EDGES: [(&str, &str); 40] = [
    ("GS", "VA"),
    ("GS", "VE"),
    ("GS", "KE"),
    ("VA", "VE"),
    ("VA", "ZA"),
    ("ZA", "VE"),
    ("ZA", "SO"),
    ("VE", "SO"),
    ("VE", "FE"),
    ("VE", "KE"),
    ("KE", "FE"),
    ("KE", "PE"),
    ("FE", "SO"),
    ("FE", "TO"),
    ("FE", "BK"),
    ("FE", "PE"),
    ("SO", "TO"),
    ("SO", "BA"),
    ("TO", "BA"),
    ("TO", "BK"),
    ("BA", "BK"),
    ("PE", "BK"),
    ("PE", "JN"),
    ("PE", "HE"),
    ("PE", "NO"),
    ("BK", "CS"),
    ("BK", "JN"),
    ("NO", "HE"),
    ("NO", "BZ"),
    ("HE", "JN"),
    ("HE", "BZ"),
    ("BZ", "JN"),
    ("BZ", "HB"),
    ("BZ", "SZ"),
    ("SZ", "HB"),
    ("HB", "JN"),
    ("HB", "BE"),
    ("JN", "BE"),
    ("JN", "CS"),
    ("CS", "BE"),
];

const fn neighbour_masks() -> [u32; COUNTY_COUNT] {
    let mut masks = [0u32; COUNTY_COUNT];
    let mut e = 0;
    while e < EDGES.len() {
        let a = code_index(EDGES[e].0) as usize;
        let b = code_index(EDGES[e].1) as usize;
        masks[a] |= 1 << b;
        masks[b] |= 1 << a;
        e += 1;
    }
    masks
}

/// Neighbour bit sets per county, built at compile time from [`EDGES`].
pub const NEIGHBOURS: [u32; COUNTY_COUNT] = neighbour_masks();

/// The counties bordering any county of `set`, excluding `set` itself.
pub fn frontier(set: u32) -> u32 {
    let mut out = 0;
    for c in counties_in(set) {
        out |= c.neighbours();
    }
    out & !set
}

/// One county's drawing (§2.3): its SVG path in the 1000×700 viewBox and where its label goes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CountyShape {
    pub id: String,
    pub name_hu: String,
    pub name_en: String,
    /// The county seat (Budapest for Pest).
    pub seat: String,
    /// SVG path `d`: one closed ring.
    pub path: String,
    /// A point well inside the county for its value and castle.
    pub label: [f64; 2],
    pub area: f64,
}

/// The drawn map: viewBox, country outline, and the 19 shapes in [`CODES`] order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapShapes {
    #[serde(rename = "viewBox")]
    pub view_box: String,
    /// SVG path `d` of the whole country.
    pub outline: String,
    /// Credit line to keep visible somewhere (Natural Earth, geoBoundaries).
    pub source: String,
    pub counties: Vec<CountyShape>,
}

impl MapShapes {
    /// The shape of one county.
    pub fn shape(&self, county: CountyId) -> Option<&CountyShape> {
        self.counties.get(county.index())
    }
}

/// The Budapest marker inside Pest (§2.1).
pub const BUDAPEST: (f64, f64) = (437.0, 278.0);
/// The baseline of Budapest's name, centred above its marker: to its left it ran into
/// Komárom-Esztergom's name ("Komárom-EBudapest"), to its right into Pest's value.
pub const BUDAPEST_NAME_Y: f64 = 266.0;

/// The name drawn on the map: the long double and triple names shortened so they fit (the
/// accessible name keeps the full one).
pub fn label_name(id: CountyId) -> &'static str {
    match id.code() {
        "GS" => "Győr-M.-S.",
        "KE" => "Komárom-E.",
        "BZ" => "Borsod-A.-Z.",
        "SZ" => "Szabolcs-Sz.-B.",
        "HB" => "Hajdú-Bihar",
        "JN" => "Jász-N.-Sz.",
        "BK" => "Bács-Kiskun",
        "CS" => "Csongrád-Cs.",
        _ => id.name(),
    }
}

/// Where a county's marks sit around its label point, in viewBox units: the foot of its
/// castle, and the baselines of its value and its name, stacked downwards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelSpots {
    pub castle_foot: Option<f64>,
    pub value_y: f64,
    pub name_y: f64,
}

/// The stack of a county's marks: castle, value (when owned), name. The board draws them here
/// and the tests check that no two counties' stacks overlap, whichever of them hold castles.
pub fn label_spots(label: [f64; 2], castle: bool, owned: bool) -> LabelSpots {
    let ly = label[1];
    let value_y = if castle { ly + 26.0 } else { ly + 9.0 };
    LabelSpots {
        castle_foot: castle.then_some(ly + 2.0),
        value_y,
        name_y: value_y + if owned { 17.0 } else { 0.0 },
    }
}

const MAP_JSON: &str = include_str!("counties.json");

/// The board's shapes, parsed once. Their order is checked against [`CODES`] in the tests, and
/// a parse failure would be caught there too; at run time it yields an empty map, never a panic.
pub fn shapes() -> &'static MapShapes {
    static SHAPES: OnceLock<MapShapes> = OnceLock::new();
    SHAPES.get_or_init(|| {
        serde_json::from_str(MAP_JSON).unwrap_or_else(|_| MapShapes {
            view_box: "0 0 1000 700".into(),
            outline: String::new(),
            source: String::new(),
            counties: Vec::new(),
        })
    })
}
