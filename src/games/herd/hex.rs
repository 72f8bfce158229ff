//! Herd's hex-hex board geometry (herd.md §2.3–2.5): axial coordinates, cell ids in the spec's
//! enumeration order, neighbours, and pixel centres for pointy-top drawing.

use std::sync::OnceLock;

/// Smallest and largest side length offered (herd.md D1).
pub const MIN_SIDE: u8 = 4;
pub const MAX_SIDE: u8 = 7;

/// Axial direction vectors, in the spec's order (§2.4).
const DIRS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// One board size: the cells in id order and each cell's neighbours.
#[derive(Debug)]
pub struct HexBoard {
    pub side: u8,
    /// Axial `(q, r)` of each cell id.
    pub coords: Vec<(i32, i32)>,
    /// Neighbour ids of each cell id, in `DIRS` order, only those on the board.
    pub neighbours: Vec<Vec<u8>>,
    /// The same neighbours as a set, bit `n` for cell `n` (the largest board, side 7, has 127
    /// cells): the AI reads a neighbourhood with a few mask operations instead of a walk.
    pub masks: Vec<u128>,
    /// Every cell of the board.
    pub all: u128,
}

impl HexBoard {
    fn build(side: u8) -> Self {
        let m = side as i32 - 1;
        let mut coords = Vec::new();
        // §2.3 enumeration: r outer, q inner, both inclusive.
        for r in -m..=m {
            for q in (-m).max(-m - r)..=m.min(m - r) {
                coords.push((q, r));
            }
        }
        let id_of = |q: i32, r: i32| coords.iter().position(|&c| c == (q, r));
        let neighbours = coords
            .iter()
            .map(|&(q, r)| {
                DIRS.iter()
                    .filter_map(|(dq, dr)| id_of(q + dq, r + dr).map(|i| i as u8))
                    .collect()
            })
            .collect::<Vec<Vec<u8>>>();
        let masks = neighbours
            .iter()
            .map(|ns| ns.iter().fold(0, |m, &n| m | 1u128 << n))
            .collect();
        let all = (0..coords.len()).fold(0, |m, c| m | 1u128 << c);
        HexBoard {
            side,
            coords,
            neighbours,
            masks,
            all,
        }
    }

    /// The shared board of side `side` (4–7). Built once, then borrowed by every state.
    pub fn of(side: u8) -> &'static HexBoard {
        static BOARDS: OnceLock<Vec<HexBoard>> = OnceLock::new();
        let boards = BOARDS.get_or_init(|| (MIN_SIDE..=MAX_SIDE).map(HexBoard::build).collect());
        let index = side.clamp(MIN_SIDE, MAX_SIDE) - MIN_SIDE;
        &boards[index as usize]
    }

    pub fn len(&self) -> usize {
        self.coords.len()
    }

    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Pixel centre of a cell for radius `r` around `(cx, cy)` (§2.5, pointy-top).
    pub fn centre(&self, cell: usize, radius: f64, cx: f64, cy: f64) -> (f64, f64) {
        let (q, r) = self.coords[cell];
        let (q, r) = (q as f64, r as f64);
        (
            cx + radius * 3f64.sqrt() * (q + r / 2.0),
            cy + radius * 1.5 * r,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_counts_follow_3n_n_minus_1_plus_1() {
        for n in MIN_SIDE..=MAX_SIDE {
            let n32 = n as usize;
            assert_eq!(HexBoard::of(n).len(), 3 * n32 * (n32 - 1) + 1);
        }
    }

    #[test]
    fn neighbour_counts_interior_edge_corner() {
        let b = HexBoard::of(5);
        let count = |k: usize| b.neighbours.iter().filter(|n| n.len() == k).count();
        assert_eq!(count(3), 6, "six corners");
        assert_eq!(count(4), 6 * 3, "edge cells");
        assert_eq!(count(6), 61 - 6 - 18);
        // Neighbourhood is symmetric.
        for (i, ns) in b.neighbours.iter().enumerate() {
            for &j in ns {
                assert!(b.neighbours[j as usize].contains(&(i as u8)));
            }
        }
    }

    #[test]
    fn masks_hold_the_neighbours() {
        for n in MIN_SIDE..=MAX_SIDE {
            let b = HexBoard::of(n);
            assert_eq!(b.all.count_ones() as usize, b.len());
            for (c, ns) in b.neighbours.iter().enumerate() {
                let from_mask: Vec<u8> = (0..128).filter(|&i| b.masks[c] >> i & 1 == 1).collect();
                let mut sorted = ns.clone();
                sorted.sort_unstable();
                assert_eq!(from_mask, sorted, "side {n}, cell {c}");
            }
        }
    }

    #[test]
    fn ids_follow_the_spec_order() {
        let b = HexBoard::of(4);
        assert_eq!(b.coords[0], (0, -3));
        assert_eq!(b.coords[3], (3, -3));
        assert_eq!(b.coords[18], (0, 0), "the centre is the middle id");
        assert_eq!(*b.coords.last().unwrap(), (0, 3));
    }
}
