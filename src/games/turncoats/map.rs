//! The Turncoats map (turncoats.md §2.1–§2.2): 11 tri-hex areas around an impassable lake, the
//! AXE and FLAG pools and the bag, with the SVG geometry of the 1000 × 700 canvas.
//!
//! The numbers are the spec's, copied verbatim (rounded to whole pixels) so the board component
//! draws exactly what the spec shows; `tests` recompute them from the hex coordinates.

use super::rules::Colour;
use crate::i18n::Lang;

/// Number of normal areas (ids `0..10`).
pub const AREA_COUNT: usize = 11;

/// Hex size (centre to corner) of the pointy-top grid, in canvas pixels (§2.2).
pub const HEX_SIZE: f64 = 45.0;
/// Pixel position of the axial origin `(0, 0)` (§2.2).
pub const ORIGIN: (f64, f64) = (286.0, 80.0);
/// The canvas the coordinates are drawn on.
pub const CANVAS: (u32, u32) = (1000, 700);

/// One normal area of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub id: u8,
    /// Our own name for logs and the UI (D2: the original map is unlabelled).
    pub name: &'static str,
    /// The colour whose two stones start here (§3.2); it matters only during setup.
    pub homeland: Option<Colour>,
    /// Anchor for stones and labels (the centroid of the three hexes).
    pub center: (i32, i32),
    /// Axial `(q, r)` of the three hexes: two side by side on top, one below.
    pub hexes: [(i32, i32); 3],
    /// Areas sharing a border, ascending (§2.1; the lake connects nothing).
    pub adjacent: &'static [u8],
    /// Outline, ready for `<polygon points="…">`.
    pub polygon: &'static str,
}

/// A round off-map space (AXE, FLAG) or the bag, as drawn on the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    pub center: (i32, i32),
    pub radius: i32,
}

pub const AREAS: [Area; AREA_COUNT] = [
    Area {
        id: 0,
        name: "North Spire",
        homeland: None,
        center: (559, 102),
        hexes: [(3, 0), (4, 0), (3, 1)],
        adjacent: &[1, 2, 4],
        polygon: "481,58 520,35 559,58 598,35 637,58 637,102 598,125 598,170 559,192 520,170 520,125 481,102",
    },
    Area {
        id: 1,
        name: "Crown Hills",
        homeland: None,
        center: (442, 170),
        hexes: [(1, 1), (2, 1), (1, 2)],
        adjacent: &[0, 3, 4],
        polygon: "364,125 403,102 442,125 481,102 520,125 520,170 481,192 481,238 442,260 403,238 403,192 364,170",
    },
    Area {
        id: 2,
        name: "Ebon Hold",
        homeland: Some(Colour::Black),
        center: (676, 170),
        hexes: [(4, 1), (5, 1), (4, 2)],
        adjacent: &[0, 4],
        polygon: "598,125 637,102 676,125 715,102 754,125 754,170 715,192 715,238 676,260 637,238 637,192 598,170",
    },
    Area {
        id: 3,
        name: "Crimson Vale",
        homeland: Some(Colour::Red),
        center: (325, 238),
        hexes: [(-1, 2), (0, 2), (-1, 3)],
        adjacent: &[1, 5],
        polygon: "247,192 286,170 325,192 364,170 403,192 403,238 364,260 364,305 325,328 286,305 286,260 247,238",
    },
    Area {
        id: 4,
        name: "Eastwood",
        homeland: None,
        center: (559, 238),
        hexes: [(2, 2), (3, 2), (2, 3)],
        adjacent: &[0, 1, 2, 6],
        polygon: "481,192 520,170 559,192 598,170 637,192 637,238 598,260 598,305 559,328 520,305 520,260 481,238",
    },
    Area {
        id: 5,
        name: "Westmoor",
        homeland: None,
        center: (325, 372),
        hexes: [(-2, 4), (-1, 4), (-2, 5)],
        adjacent: &[3, 7, 8],
        polygon: "247,328 286,305 325,328 364,305 403,328 403,372 364,395 364,440 325,462 286,440 286,395 247,372",
    },
    Area {
        id: 6,
        name: "Riverbend",
        homeland: None,
        center: (559, 372),
        hexes: [(1, 4), (2, 4), (1, 5)],
        adjacent: &[4, 7, 9],
        polygon: "481,328 520,305 559,328 598,305 637,328 637,372 598,395 598,440 559,462 520,440 520,395 481,372",
    },
    Area {
        id: 7,
        name: "Heartland",
        homeland: None,
        center: (442, 440),
        hexes: [(-1, 5), (0, 5), (-1, 6)],
        adjacent: &[5, 6, 8, 9, 10],
        polygon: "364,395 403,372 442,395 481,372 520,395 520,440 481,462 481,508 442,530 403,508 403,462 364,440",
    },
    Area {
        id: 8,
        name: "Fenmarch",
        homeland: None,
        center: (325, 508),
        hexes: [(-3, 6), (-2, 6), (-3, 7)],
        adjacent: &[5, 7, 10],
        polygon: "247,462 286,440 325,462 364,440 403,462 403,508 364,530 364,575 325,598 286,575 286,530 247,508",
    },
    Area {
        id: 9,
        name: "Azure Shore",
        homeland: Some(Colour::Blue),
        center: (559, 508),
        hexes: [(0, 6), (1, 6), (0, 7)],
        adjacent: &[6, 7, 10],
        polygon: "481,462 520,440 559,462 598,440 637,462 637,508 598,530 598,575 559,598 520,575 520,530 481,508",
    },
    Area {
        id: 10,
        name: "Southfold",
        homeland: None,
        center: (442, 575),
        hexes: [(-2, 7), (-1, 7), (-2, 8)],
        adjacent: &[7, 8, 9],
        polygon: "364,530 403,508 442,530 481,508 520,530 520,575 481,598 481,642 442,665 403,642 403,598 364,575",
    },
];

/// The lake: a tri-hex slot that is not an area (never a target, source or destination).
pub const LAKE: Area = Area {
    id: u8::MAX,
    name: "The Mere (impassable)",
    homeland: None,
    center: (442, 305),
    hexes: [(0, 3), (1, 3), (0, 4)],
    adjacent: &[],
    polygon: "364,260 403,238 442,260 481,238 520,260 520,305 481,328 481,372 442,395 403,372 403,328 364,305",
};

/// The AXE pool, drawn on the left (as in the Tabletop Simulator layout).
pub const AXE_SPOT: Spot = Spot {
    center: (125, 350),
    radius: 85,
};
/// The FLAG pool, drawn on the right.
pub const FLAG_SPOT: Spot = Spot {
    center: (875, 350),
    radius: 85,
};
/// Where the bag is drawn (a UI suggestion only).
pub const BAG_SPOT: Spot = Spot {
    center: (875, 610),
    radius: 45,
};

/// The area with id `a`, or `None` for an id off the map (the lake included).
pub fn area(a: u8) -> Option<&'static Area> {
    AREAS.get(a as usize)
}

/// §2.1: `a` and `b` share a border. Symmetric; false for ids off the map.
pub fn adjacent(a: u8, b: u8) -> bool {
    area(a).is_some_and(|x| x.adjacent.contains(&b))
}

/// The homeland area of `colour` (§3.2).
pub fn homeland_of(colour: Colour) -> u8 {
    AREAS
        .iter()
        .find(|a| a.homeland == Some(colour))
        .map_or(0, |a| a.id)
}

/// Pixel centre of the axial hex `(q, r)` (§2.2), unrounded.
pub fn hex_center(q: i32, r: i32) -> (f64, f64) {
    let s = HEX_SIZE;
    (
        ORIGIN.0 + s * 3f64.sqrt() * (q as f64 + r as f64 / 2.0),
        ORIGIN.1 + 1.5 * s * r as f64,
    )
}

/// Hungarian names of the areas, in id order (D2: the names are ours in both languages).
const NAMES_HU: [&str; AREA_COUNT] = [
    "Északi Orom",
    "Koronadombok",
    "Ébenvár",
    "Bíborvölgy",
    "Keleterdő",
    "Nyugati Láp",
    "Folyókanyar",
    "Szívföld",
    "Mocsárvég",
    "Azúrpart",
    "Déli Hajlat",
];

/// An area's name in `lang` ("Eastwood", "Keleterdő").
pub fn area_name(a: u8, lang: Lang) -> &'static str {
    match area(a) {
        Some(x) => lang.pick(x.name, NAMES_HU[a as usize]),
        None => "?",
    }
}

/// The name an area goes by in a translated log line: "Keleterdő (4)".
pub fn area_label_in(a: u8, lang: Lang) -> String {
    match area(a) {
        Some(_) => format!("{} ({})", area_name(a, lang), a),
        None => format!("#{a}"),
    }
}

/// The name an area goes by in the log: "Eastwood (4)".
pub fn area_label(a: u8) -> String {
    match area(a) {
        Some(x) => format!("{} ({})", x.name, a),
        None => format!("area #{a}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

    fn touches(a: &Area, b: &Area) -> bool {
        a.hexes.iter().any(|&(q, r)| {
            DIRECTIONS
                .iter()
                .any(|&(dq, dr)| b.hexes.contains(&(q + dq, r + dr)))
        })
    }

    #[test]
    fn adjacency_is_the_seventeen_borders_and_matches_the_hex_geometry() {
        let listed = [
            (0, 1),
            (0, 2),
            (0, 4),
            (1, 3),
            (1, 4),
            (2, 4),
            (3, 5),
            (4, 6),
            (5, 7),
            (5, 8),
            (6, 7),
            (6, 9),
            (7, 8),
            (7, 9),
            (7, 10),
            (8, 10),
            (9, 10),
        ];
        let mut found = Vec::new();
        for a in 0..AREA_COUNT as u8 {
            for b in 0..AREA_COUNT as u8 {
                assert_eq!(adjacent(a, b), adjacent(b, a), "symmetric {a}-{b}");
                assert_eq!(
                    adjacent(a, b),
                    touches(&AREAS[a as usize], &AREAS[b as usize]) && a != b,
                    "geometry agrees on {a}-{b}"
                );
                if a < b && adjacent(a, b) {
                    found.push((a, b));
                }
            }
            // The lake borders areas on the drawing but connects nothing.
            assert!(!adjacent(a, LAKE.id));
        }
        assert_eq!(found, listed);
        let degrees: Vec<usize> = AREAS.iter().map(|a| a.adjacent.len()).collect();
        assert_eq!(degrees, vec![3, 3, 2, 2, 4, 3, 3, 5, 3, 3, 3]);
    }

    #[test]
    fn homelands_are_three_two_and_nine() {
        assert_eq!(homeland_of(Colour::Red), 3);
        assert_eq!(homeland_of(Colour::Black), 2);
        assert_eq!(homeland_of(Colour::Blue), 9);
        assert_eq!(AREAS.iter().filter(|a| a.homeland.is_some()).count(), 3);
        for (i, a) in AREAS.iter().enumerate() {
            assert_eq!(a.id as usize, i);
        }
    }

    fn corners(polygon: &str) -> Vec<(f64, f64)> {
        polygon
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',').expect("x,y");
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn centres_and_outlines_recompute_from_the_hexes_within_a_pixel() {
        for a in AREAS.iter().chain([&LAKE]) {
            let centres: Vec<(f64, f64)> = a.hexes.iter().map(|&(q, r)| hex_center(q, r)).collect();
            let cx = centres.iter().map(|c| c.0).sum::<f64>() / 3.0;
            let cy = centres.iter().map(|c| c.1).sum::<f64>() / 3.0;
            assert!((cx - a.center.0 as f64).abs() <= 1.0, "{} x", a.name);
            assert!((cy - a.center.1 as f64).abs() <= 1.0, "{} y", a.name);
            // Every outline corner is a corner of one of the three hexes, and the outline has 12.
            let cs = corners(a.polygon);
            assert_eq!(cs.len(), 12, "{}", a.name);
            for (x, y) in cs {
                assert!(
                    (0.0..=CANVAS.0 as f64).contains(&x) && (0.0..=CANVAS.1 as f64).contains(&y)
                );
                let on_a_hex = centres.iter().any(|&(hx, hy)| {
                    (0..6).any(|k| {
                        let angle = std::f64::consts::PI / 180.0 * (60.0 * k as f64 - 30.0);
                        let (px, py) = (hx + HEX_SIZE * angle.cos(), hy + HEX_SIZE * angle.sin());
                        (px - x).abs() <= 1.0 && (py - y).abs() <= 1.0
                    })
                });
                assert!(on_a_hex, "{}: corner {x},{y}", a.name);
            }
        }
    }
}
