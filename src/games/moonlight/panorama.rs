//! The panorama: the shared grid of piles (moonlight.md §5.1) and its geometry. Ownership and
//! powers live in `rules.rs`; this file knows cells, piles and the 4×3 / 3×4 bound.

use super::cards::{Cards, Colour, Wolf};
use serde::{Deserialize, Serialize};

/// A cell of the unbounded grid: x grows to the right, y downward (§5.1). The first card of a
/// round is at (0, 0). Serialized as `[x, y]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "(i8, i8)", into = "(i8, i8)")]
pub struct Cell {
    pub x: i8,
    pub y: i8,
}

impl Cell {
    pub const ORIGIN: Cell = Cell { x: 0, y: 0 };

    pub fn new(x: i8, y: i8) -> Cell {
        Cell { x, y }
    }

    /// The 4 orthogonal neighbours (a diagonal is never enough, §5.2).
    pub fn neighbours(self) -> [Cell; 4] {
        let Cell { x, y } = self;
        [
            Cell::new(x, y.saturating_sub(1)),
            Cell::new(x.saturating_sub(1), y),
            Cell::new(x.saturating_add(1), y),
            Cell::new(x, y.saturating_add(1)),
        ]
    }

    fn touches(self, other: Cell) -> bool {
        (self.x as i16 - other.x as i16).abs() + (self.y as i16 - other.y as i16).abs() == 1
    }
}

impl From<(i8, i8)> for Cell {
    fn from((x, y): (i8, i8)) -> Cell {
        Cell { x, y }
    }
}

impl From<Cell> for (i8, i8) {
    fn from(c: Cell) -> (i8, i8) {
        (c.x, c.y)
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// The bounding box of a set of cells (§5.1 `bbox`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bounds {
    pub x_min: i8,
    pub x_max: i8,
    pub y_min: i8,
    pub y_max: i8,
}

impl Bounds {
    pub fn of(cell: Cell) -> Bounds {
        Bounds {
            x_min: cell.x,
            x_max: cell.x,
            y_min: cell.y,
            y_max: cell.y,
        }
    }

    pub fn with(self, cell: Cell) -> Bounds {
        Bounds {
            x_min: self.x_min.min(cell.x),
            x_max: self.x_max.max(cell.x),
            y_min: self.y_min.min(cell.y),
            y_max: self.y_max.max(cell.y),
        }
    }

    pub fn width(self) -> i32 {
        self.x_max as i32 - self.x_min as i32 + 1
    }

    pub fn height(self) -> i32 {
        self.y_max as i32 - self.y_min as i32 + 1
    }

    /// §5.1 `fits`: at most 4×3 or 3×4.
    pub fn fits(self) -> bool {
        fits(self.width(), self.height())
    }

    pub fn contains(self, c: Cell) -> bool {
        (self.x_min..=self.x_max).contains(&c.x) && (self.y_min..=self.y_max).contains(&c.y)
    }

    /// The four corner cells (§7, D2), which may be empty on an incomplete panorama.
    pub fn is_corner(self, c: Cell) -> bool {
        (c.x == self.x_min || c.x == self.x_max) && (c.y == self.y_min || c.y == self.y_max)
    }
}

/// §5.1: `(W ≤ 4 and H ≤ 3) or (W ≤ 3 and H ≤ 4)`.
pub const fn fits(w: i32, h: i32) -> bool {
    (w <= 4 && h <= 3) || (w <= 3 && h <= 4)
}

/// The panorama's shape so far (§5.1, D19): recomputed from the occupied cells, never stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// Both sides at most 3: it may still become 4×3 or 3×4.
    Undecided,
    /// 4 wide, 3 rows of 4.
    Wide,
    /// 4 tall, 4 rows of 3.
    Tall,
}

/// Cells in a complete panorama.
pub const FULL: usize = 12;

/// Occupied cells as row bitmasks around the origin, for fast lookups while generating moves.
/// Cells outside the window (never reached in play: one pile move can shift the box at most 3
/// cells past the first card's box) fall back to a scan, so the answer is always exact.
struct Occupancy<'a> {
    rows: [u16; 16],
    piles: &'a [Pile],
    /// Every pile lies at least one cell inside the window, so its neighbours are in it too.
    inside: bool,
}

impl<'a> Occupancy<'a> {
    const OFFSET: i16 = 8;

    fn window(c: Cell) -> Option<(usize, u16)> {
        let (x, y) = (c.x as i16 + Self::OFFSET, c.y as i16 + Self::OFFSET);
        ((0..16).contains(&x) && (0..16).contains(&y)).then(|| (y as usize, 1u16 << x))
    }

    fn of(piles: &'a [Pile]) -> Occupancy<'a> {
        let mut rows = [0u16; 16];
        let mut inside = true;
        for p in piles {
            match Self::window(p.at) {
                Some((y, bit)) => {
                    rows[y] |= bit;
                    inside &= (1..15).contains(&y) && bit & 0x7ffe != 0;
                }
                None => inside = false,
            }
        }
        Occupancy {
            rows,
            piles,
            inside,
        }
    }

    /// Empty cells next to an occupied one, in reading order, when every pile is inside.
    fn frontier(&self, mut keep: impl FnMut(Cell)) -> bool {
        if !self.inside {
            return false;
        }
        for y in 1..15 {
            let (above, row, below) = (self.rows[y - 1], self.rows[y], self.rows[y + 1]);
            let mut free = ((row << 1) | (row >> 1) | above | below) & !row;
            while free != 0 {
                let x = free.trailing_zeros() as i16;
                free &= free - 1;
                keep(Cell::new(
                    (x - Self::OFFSET) as i8,
                    (y as i16 - Self::OFFSET) as i8,
                ));
            }
        }
        true
    }

    fn has(&self, c: Cell) -> bool {
        match Self::window(c) {
            Some((y, bit)) => self.rows[y] & bit != 0,
            None => self.piles.iter().any(|p| p.at == c),
        }
    }
}

/// One cell of [`Panorama::grid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridCell {
    pub at: Cell,
    /// The pile there, bottom first (empty for an empty cell).
    pub stack: Cards,
    /// Empty, and a card may still reach it this round (the faint frame of the final panorama).
    pub open: bool,
    /// Empty, and a ground placement there is legal now.
    pub ground: bool,
    /// A corner of the current box.
    pub corner: bool,
}

/// One occupied cell: its cards bottom first, the visible wolf on top (§5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pile {
    pub at: Cell,
    pub cards: Cards,
}

impl Pile {
    /// The visible wolf. A pile is never empty.
    pub fn top(&self) -> Wolf {
        self.cards.last().unwrap_or_default()
    }
}

/// The shared grid of piles. Piles are kept in reading order (by row, then column), so every
/// listing derived from it is deterministic.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredPanorama")]
pub struct Panorama {
    piles: Vec<Pile>,
    /// The box of the piles (`None` when empty), kept as piles come and go: the move generator
    /// and the playout policy read it at every step.
    #[serde(skip)]
    bounds: Option<Bounds>,
    /// The piles as [`Frame`] bits of `bounds` when the box is at most 4×4 (always in play),
    /// kept with it, so a step's frame is not rebuilt from the piles.
    #[serde(skip)]
    occupied: u64,
}

/// A panorama as saved: its piles only; the box and its bits are derived again on loading.
#[derive(Deserialize)]
struct StoredPanorama {
    piles: Vec<Pile>,
}

impl From<StoredPanorama> for Panorama {
    /// The saved piles, put back in reading order (which scoring relies on) if they were not.
    fn from(stored: StoredPanorama) -> Panorama {
        let mut p = Panorama {
            piles: stored.piles,
            ..Panorama::default()
        };
        p.piles.sort_by_key(|pile| (pile.at.y, pile.at.x));
        p.reframe();
        p
    }
}

impl Default for Panorama {
    /// An empty panorama with room for a complete one, so the cards of a round never grow it.
    fn default() -> Panorama {
        Panorama {
            piles: Vec::with_capacity(FULL),
            bounds: None,
            occupied: 0,
        }
    }
}

impl Clone for Panorama {
    /// A copy with room for a complete panorama: the search copies the panorama for every deal
    /// and its playout lays more cards on it.
    fn clone(&self) -> Panorama {
        let mut piles = Vec::with_capacity(FULL.max(self.piles.len()));
        piles.extend_from_slice(&self.piles);
        Panorama {
            piles,
            bounds: self.bounds,
            occupied: self.occupied,
        }
    }
}

impl Panorama {
    pub fn piles(&self) -> &[Pile] {
        &self.piles
    }

    pub fn is_empty(&self) -> bool {
        self.piles.is_empty()
    }

    /// Occupied cells (|occ|).
    pub fn len(&self) -> usize {
        self.piles.len()
    }

    /// §6 A: 12 occupied cells, which can only be a full 4×3 or 3×4 box.
    pub fn is_complete(&self) -> bool {
        self.piles.len() >= FULL
    }

    pub fn pile(&self, at: Cell) -> Option<&Pile> {
        self.piles.iter().find(|p| p.at == at)
    }

    pub fn is_occupied(&self, at: Cell) -> bool {
        self.piles.iter().any(|p| p.at == at)
    }

    /// The visible wolf of the pile at `at`.
    pub fn top(&self, at: Cell) -> Option<Wolf> {
        self.pile(at).map(Pile::top)
    }

    /// Visible wolves with their cells, in reading order.
    pub fn visible(&self) -> impl Iterator<Item = (Cell, Wolf)> + '_ {
        self.piles.iter().map(|p| (p.at, p.top()))
    }

    /// Visible wolves of one pack (§5.3 rule 2 counts them).
    pub fn visible_count(&self, colour: Colour) -> usize {
        self.visible().filter(|(_, w)| w.colour() == colour).count()
    }

    /// Every card of one pack in the panorama, covered ones included (public, §10).
    pub fn cards_of(&self, colour: Colour) -> impl Iterator<Item = Wolf> + '_ {
        self.piles
            .iter()
            .flat_map(|p| p.cards.iter())
            .filter(move |w| w.colour() == colour)
    }

    pub fn bounds(&self) -> Option<Bounds> {
        self.bounds
    }

    /// The piles as a bitboard of their box, when it is at most 4×4 (always in play).
    fn frame(&self) -> Option<Frame> {
        Frame::around(self.bounds?, self.occupied)
    }

    /// Derives the box and its bits from the piles again (after a pile leaves its cell).
    fn reframe(&mut self) {
        let mut cells = self.piles.iter().map(|p| p.at);
        self.bounds = cells
            .next()
            .map(|first| cells.fold(Bounds::of(first), Bounds::with));
        self.occupied = 0;
        if let Some(frame) = self.frame() {
            self.occupied = self.piles.iter().fold(0, |bits, p| bits | frame.bit(p.at));
        }
    }

    /// §5.1, D19: fixed as 4×3 when the box is 4 wide, 3×4 when 4 tall, else undecided.
    pub fn orientation(&self) -> Orientation {
        match self.bounds() {
            Some(b) if b.width() == 4 => Orientation::Wide,
            Some(b) if b.height() == 4 => Orientation::Tall,
            _ => Orientation::Undecided,
        }
    }

    /// §5.2 ground placement: the origin on an empty panorama; otherwise an empty cell with an
    /// occupied orthogonal neighbour whose addition keeps the box within 4×3 / 3×4.
    pub fn can_ground(&self, at: Cell) -> bool {
        match self.bounds() {
            None => at == Cell::ORIGIN,
            Some(b) => {
                !self.is_occupied(at)
                    && at.neighbours().iter().any(|&n| self.is_occupied(n))
                    && b.with(at).fits()
            }
        }
    }

    /// Every cell where a ground placement is legal now, in reading order (the "frame" a board
    /// highlights).
    pub fn ground_cells(&self) -> Vec<Cell> {
        let Some(b) = self.bounds() else {
            return vec![Cell::ORIGIN];
        };
        let occ = Occupancy::of(&self.piles);
        let mut out = Vec::with_capacity(16);
        let fast = occ.frontier(|c| {
            if b.with(c).fits() {
                out.push(c);
            }
        });
        if !fast {
            for p in &self.piles {
                for n in p.at.neighbours() {
                    if !occ.has(n) && !out.contains(&n) && b.with(n).fits() {
                        out.push(n);
                    }
                }
            }
            out.sort_unstable_by_key(|c| (c.y, c.x));
        }
        out
    }

    /// Calls `keep` on every cell of [`Panorama::ground_cells`], in the same order, without
    /// building the list in the common case (every pile near the origin), for the move generator.
    pub fn each_ground_cell(&self, mut keep: impl FnMut(Cell)) {
        if let Some(frame) = self.frame() {
            frame.ground(keep);
            return;
        }
        let Some(b) = self.bounds() else {
            keep(Cell::ORIGIN);
            return;
        };
        let occ = Occupancy::of(&self.piles);
        let fast = occ.frontier(|c| {
            if b.with(c).fits() {
                keep(c);
            }
        });
        if !fast {
            self.ground_cells().into_iter().for_each(keep);
        }
    }

    /// Empty cells a card may still reach this round without a pile move: those inside some
    /// 4×3 or 3×4 box around everything placed (every box that fits can be filled towards any
    /// of its cells). A board draws these as the faint frame of the final panorama.
    pub fn open_cells(&self) -> Vec<Cell> {
        let Some(b) = self.bounds() else {
            return vec![Cell::ORIGIN];
        };
        let mut out = Vec::new();
        for y in b.y_max.saturating_sub(3)..=b.y_min.saturating_add(3) {
            for x in b.x_max.saturating_sub(3)..=b.x_min.saturating_add(3) {
                let c = Cell::new(x, y);
                if !self.is_occupied(c) && b.with(c).fits() {
                    out.push(c);
                }
            }
        }
        out
    }

    /// Everything a board draws, cell by cell, over the rectangle that holds every occupied cell
    /// and every cell still open: each cell's stack (bottom first, empty if none), whether a card
    /// may still go there this round, whether a ground placement is legal there now, and whether
    /// it is a corner of the current box (where Corner ×3 cards count triple). Reading order.
    pub fn grid(&self) -> Vec<GridCell> {
        let open = self.open_cells();
        let ground = self.ground_cells();
        let Some(first) = self.piles.first().map(|p| p.at).or(open.first().copied()) else {
            return Vec::new();
        };
        let area = self
            .piles
            .iter()
            .map(|p| p.at)
            .chain(open.iter().copied())
            .fold(Bounds::of(first), Bounds::with);
        let corners = self.bounds();
        let mut out = Vec::new();
        for y in area.y_min..=area.y_max {
            for x in area.x_min..=area.x_max {
                let at = Cell::new(x, y);
                out.push(GridCell {
                    at,
                    stack: self.pile(at).map(|p| p.cards).unwrap_or_default(),
                    open: open.contains(&at),
                    ground: ground.contains(&at),
                    corner: corners.is_some_and(|b| b.is_corner(at)),
                });
            }
        }
        out
    }

    /// Rows of the current box, top to bottom (§7.2, D2).
    pub fn rows(&self) -> impl Iterator<Item = i8> {
        let (lo, hi) = self.bounds().map_or((0, -1), |b| (b.y_min, b.y_max));
        lo..=hi
    }

    /// Puts `wolf` on `at`: a new pile on an empty cell, or on top of the pile there. Legality is
    /// the caller's business (rules.rs).
    pub fn put(&mut self, at: Cell, wolf: Wolf) {
        if let Some(p) = self.piles.iter_mut().find(|p| p.at == at) {
            p.cards.push(wolf);
            return;
        }
        let mut cards = Cards::new();
        cards.push(wolf);
        self.insert(Pile { at, cards });
    }

    /// Inserts a pile on an empty cell, keeping reading order, and adds its cell to the box and
    /// its bits: the bits move with the frame's corner when the box grows left or up.
    fn insert(&mut self, pile: Pile) {
        let before = self.frame();
        let bounds = self.bounds.map_or(Bounds::of(pile.at), |b| b.with(pile.at));
        self.bounds = Some(bounds);
        self.occupied = match (before, self.frame()) {
            (Some(before), Some(now)) => {
                let shift = (before.origin.x - now.origin.x) as u32
                    + 8 * (before.origin.y - now.origin.y) as u32;
                before.occupied << shift | now.bit(pile.at)
            }
            (None, Some(now)) if self.piles.is_empty() => now.bit(pile.at),
            _ => 0,
        };
        let key = (pile.at.y, pile.at.x);
        let i = self
            .piles
            .iter()
            .position(|p| (p.at.y, p.at.x) > key)
            .unwrap_or(self.piles.len());
        self.piles.insert(i, pile);
    }

    /// Removes the whole pile at `at` (start of a Move a Pile).
    fn take(&mut self, at: Cell) -> Option<Pile> {
        let i = self.piles.iter().position(|p| p.at == at)?;
        let pile = self.piles.remove(i);
        self.reframe();
        Some(pile)
    }

    /// §5.4 step 1 (with D7): can the pile at `from` move to `to`? With R = occ \ {from}: R is
    /// non-empty, `to` is empty and touches R, R ∪ {to} fits and is orthogonally connected.
    pub fn can_move(&self, from: Cell, to: Cell) -> bool {
        self.is_occupied(from) && self.moves_of(from).contains(&to)
    }

    /// Where the pile at `from` may move (§5.4 step 1, D7), in reading order.
    fn moves_of(&self, from: Cell) -> Vec<Cell> {
        match self.frame() {
            Some(frame) => {
                let mut out = Vec::new();
                frame.moves_of(&self.piles, from, |to| out.push(to));
                out
            }
            None => self.scan_moves_of(from),
        }
    }

    /// [`Panorama::moves_of`] by scanning the piles, for any panorama (the frame covers those
    /// that fit).
    fn scan_moves_of(&self, from: Cell) -> Vec<Cell> {
        let mut rest = [Cell::ORIGIN; FULL];
        let mut n = 0;
        for p in self.piles.iter().filter(|p| p.at != from).take(FULL) {
            rest[n] = p.at;
            n += 1;
        }
        let rest = &rest[..n];
        let mut out = Vec::new();
        let Some(&first) = rest.first() else {
            return out;
        };
        let b = rest.iter().fold(Bounds::of(first), |b, &c| b.with(c));
        // Adding a neighbour keeps a connected R connected; otherwise check the union.
        let rest_connected = connected(rest);
        let occ = Occupancy::of(&self.piles);
        for &c in rest {
            for e in c.neighbours() {
                if e == from || occ.has(e) || out.contains(&e) || !b.with(e).fits() {
                    continue;
                }
                if rest_connected || {
                    let mut with = [Cell::ORIGIN; FULL + 1];
                    with[..n].copy_from_slice(rest);
                    with[n] = e;
                    connected(&with[..=n])
                } {
                    out.push(e);
                }
            }
        }
        out.sort_unstable_by_key(|c| (c.y, c.x));
        out
    }

    /// Every legal pile move (§5.4 step 1), piles in reading order, destinations in reading order.
    pub fn pile_moves(&self) -> Vec<(Cell, Cell)> {
        let mut out = Vec::new();
        if self.len() < 2 {
            return out;
        }
        match self.frame() {
            Some(frame) => {
                for p in &self.piles {
                    frame.moves_of(&self.piles, p.at, |to| out.push((p.at, to)));
                }
            }
            None => {
                for p in &self.piles {
                    out.extend(self.scan_moves_of(p.at).into_iter().map(|to| (p.at, to)));
                }
            }
        }
        out
    }

    /// Is at least one pile move legal (§5.4: Move a Pile is usable)?
    pub fn has_pile_move(&self) -> bool {
        self.len() >= 2 && self.piles.iter().any(|p| !self.moves_of(p.at).is_empty())
    }

    /// Moves the whole pile, keeping its order (§5.4 step 1). Legality is the caller's business.
    pub fn move_pile(&mut self, from: Cell, to: Cell) {
        if self.is_occupied(to) {
            return;
        }
        if let Some(mut pile) = self.take(from) {
            pile.at = to;
            self.insert(pile);
        }
    }

    /// Is every occupied cell reachable from every other through orthogonal steps?
    pub fn is_connected(&self) -> bool {
        let cells: Vec<Cell> = self.piles.iter().map(|p| p.at).collect();
        connected(&cells)
    }

    /// Builds a panorama from piles (scenario tests, determinization). Later piles on the same
    /// cell are ignored.
    pub fn from_piles(piles: impl IntoIterator<Item = Pile>) -> Panorama {
        let mut p = Panorama::default();
        for pile in piles {
            if !p.is_occupied(pile.at) && !pile.cards.is_empty() {
                p.insert(pile);
            }
        }
        p
    }
}

/// The piles of a panorama that fits (at most 4×4) as a bitboard of its box with one free cell
/// on every side: at most 6×6 cells, 8 bits a row, so a pile move's connectivity is a few
/// shifts instead of a walk over the piles (§5.4 step 1 for the move generator).
struct Frame {
    /// The frame's top-left cell (one left of and one above the box).
    origin: Cell,
    occupied: u64,
    /// The box of the piles.
    bounds: Bounds,
}

impl Frame {
    /// Cells of the frame: 6 rows of 6.
    const INSIDE: u64 = 0x3f3f_3f3f_3f3f;

    /// The frame of the box `b` holding the piles `occupied` (bits of this frame), if `b` is at
    /// most 4×4 and has room for the free cells around it.
    fn around(b: Bounds, occupied: u64) -> Option<Frame> {
        if b.width() > 4 || b.height() > 4 {
            return None;
        }
        let origin = Cell::new(b.x_min.checked_sub(1)?, b.y_min.checked_sub(1)?);
        Some(Frame {
            origin,
            occupied,
            bounds: b,
        })
    }

    /// The bit of a cell of the frame.
    fn bit(&self, c: Cell) -> u64 {
        let (dx, dy) = (c.x - self.origin.x, c.y - self.origin.y);
        1 << (dy as u32 * 8 + dx as u32)
    }

    fn cell(&self, bit: u32) -> Cell {
        Cell::new(
            self.origin.x + (bit % 8) as i8,
            self.origin.y + (bit / 8) as i8,
        )
    }

    /// The cells next to `cells` (and `cells` themselves), within the frame.
    fn grow(cells: u64) -> u64 {
        (cells | cells << 1 | cells >> 1 | cells << 8 | cells >> 8) & Self::INSIDE
    }

    /// Orthogonal connectivity, by flooding from the lowest cell.
    fn connected(cells: u64) -> bool {
        let mut seen = cells & cells.wrapping_neg();
        loop {
            let next = Self::grow(seen) & cells;
            if next == seen {
                return seen == cells;
            }
            seen = next;
        }
    }

    /// Calls `keep` on every cell where a ground placement is legal (§5.2), in reading order:
    /// the empty cells next to a pile that keep the box within 4×3 or 3×4.
    fn ground(&self, mut keep: impl FnMut(Cell)) {
        let (w, h) = (self.bounds.width(), self.bounds.height());
        let reach = Self::REACH[w as usize - 1][h as usize - 1];
        let mut free = Self::grow(self.occupied) & !self.occupied & reach;
        while free != 0 {
            keep(self.cell(free.trailing_zeros()));
            free &= free - 1;
        }
    }

    /// By the box's width and height (1 to 4): the cells of its frame a card may be on and keep
    /// the box within 4×3 or 3×4 (§5.1), those of the box and those beside it.
    const REACH: [[u64; 4]; 4] = Self::reach_table();

    const fn reach_table() -> [[u64; 4]; 4] {
        let mut table = [[0; 4]; 4];
        let mut w = 1;
        while w <= 4 {
            let mut h = 1;
            while h <= 4 {
                // The box is columns and rows 1 to w and 1 to h of the frame; a cell on the
                // frame's edge makes it one wider or taller.
                let mut bits = 0;
                let mut y = 0;
                while y <= h + 1 {
                    let mut x = 0;
                    while x <= w + 1 {
                        let wide = w + (x == 0 || x == w + 1) as i32;
                        let tall = h + (y == 0 || y == h + 1) as i32;
                        if fits(wide, tall) {
                            bits |= 1 << (y * 8 + x);
                        }
                        x += 1;
                    }
                    y += 1;
                }
                table[w as usize - 1][h as usize - 1] = bits;
                h += 1;
            }
            w += 1;
        }
        table
    }

    /// Calls `keep` on every cell the pile at `from` may move to, in reading order: the same
    /// cells as [`Panorama::scan_moves_of`].
    fn moves_of(&self, piles: &[Pile], from: Cell, mut keep: impl FnMut(Cell)) {
        let rest = self.occupied & !self.bit(from);
        let mut others = piles.iter().filter(|p| p.at != from);
        let Some(first) = others.next() else {
            return;
        };
        let b = others.fold(Bounds::of(first.at), |b, p| b.with(p.at));
        // Adding a neighbour keeps a connected R connected; otherwise check the union.
        let rest_connected = Self::connected(rest);
        let mut free = Self::grow(rest) & !self.occupied;
        while free != 0 {
            let bit = free.trailing_zeros();
            free &= free - 1;
            let to = self.cell(bit);
            if b.with(to).fits() && (rest_connected || Self::connected(rest | 1 << bit)) {
                keep(to);
            }
        }
    }
}

/// Orthogonal connectivity of up to 32 cells, without allocating.
fn connected(cells: &[Cell]) -> bool {
    let n = cells.len().min(32);
    if n == 0 {
        return true;
    }
    let mut seen: u32 = 1;
    let mut stack = [0usize; 32];
    let mut top = 1;
    while top > 0 {
        top -= 1;
        let i = stack[top];
        for j in 0..n {
            if seen & (1 << j) == 0 && cells[i].touches(cells[j]) {
                seen |= 1 << j;
                stack[top] = j;
                top += 1;
            }
        }
    }
    seen.count_ones() as usize == n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;
    use rand::{Rng as _, SeedableRng};

    #[test]
    fn the_frame_moves_a_pile_where_the_scan_does() {
        // Random panoramas grown by ground placements, some far from the origin.
        let mut checked = 0;
        for seed in 0..300u64 {
            let mut rng = Rng::seed_from_u64(seed);
            let mut p = Panorama::default();
            let shift = (rng.random_range(-50..50), rng.random_range(-50..50));
            let mut cells = vec![Cell::ORIGIN];
            for _ in 0..rng.random_range(2..=FULL) {
                let at = cells[rng.random_range(0..cells.len())];
                p.put(at, Wolf::default());
                cells = p.ground_cells();
            }
            let shifted = p.piles.iter().map(|pile| Pile {
                at: Cell::new(pile.at.x + shift.0, pile.at.y + shift.1),
                ..*pile
            });
            for p in [p.clone(), Panorama::from_piles(shifted)] {
                let frame = p.frame().expect("a box that fits");
                let bits = p
                    .piles
                    .iter()
                    .fold(0, |bits, pile| bits | frame.bit(pile.at));
                assert_eq!(frame.occupied, bits, "seed {seed}: the kept bits");
                let scan: Vec<(Cell, Cell)> = p
                    .piles
                    .iter()
                    .flat_map(|pile| p.scan_moves_of(pile.at).into_iter().map(|to| (pile.at, to)))
                    .collect();
                assert_eq!(p.pile_moves(), scan, "seed {seed}");
                checked += scan.len();
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
