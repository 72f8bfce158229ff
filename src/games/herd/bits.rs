//! A Herd position as two bitboards, one bit per cell id (the largest board, side 7, has 127
//! cells, so a `u128` holds any board): what the AI's evaluation and playout move read a cell's
//! neighbourhood from, a few mask operations and counts instead of a walk over its neighbours.

use super::hex::HexBoard;

/// The stones of one position as seen by one colour, `me`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sides {
    pub mine: u128,
    pub theirs: u128,
    pub empty: u128,
}

impl Sides {
    /// The bitboards of `cells` (`Some(seat)` or empty, as in `HerdState::cells`) for `me`.
    pub fn of(cells: &[Option<u8>], me: u8) -> Self {
        let (mut mine, mut theirs, mut empty) = (0, 0, 0);
        for (c, &cell) in cells.iter().enumerate() {
            let bit = 1u128 << c;
            match Held::of(cell, me) {
                Held::Mine => mine |= bit,
                Held::Theirs => theirs |= bit,
                Held::Empty => empty |= bit,
            }
        }
        Sides {
            mine,
            theirs,
            empty,
        }
    }

    /// Cell `c`'s share of the stone lead of `me` ([`Around::share`]).
    pub fn share(&self, board: &HexBoard, c: usize) -> i8 {
        let (held, around) = self.around(board, c);
        around.share(held)
    }

    /// What cell `c` holds and its neighbours hold.
    pub fn around(&self, board: &HexBoard, c: usize) -> (Held, Around) {
        let ns = board.masks[c];
        let bit = 1u128 << c;
        let held = if self.mine & bit != 0 {
            Held::Mine
        } else if self.theirs & bit != 0 {
            Held::Theirs
        } else {
            Held::Empty
        };
        let count = |set: u128| (ns & set).count_ones() as u8;
        let around = Around {
            mine: count(self.mine),
            theirs: count(self.theirs),
            empty: count(self.empty),
        };
        (held, around)
    }
}

/// What a cell holds, seen by `me`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    Mine,
    Theirs,
    Empty,
}

impl Held {
    /// A cell of `HerdState::cells` seen by `me`.
    pub fn of(cell: Option<u8>, me: u8) -> Held {
        match cell {
            Some(o) if o == me => Held::Mine,
            Some(_) => Held::Theirs,
            None => Held::Empty,
        }
    }
}

/// How many of a cell's neighbours hold each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Around {
    pub mine: u8,
    pub theirs: u8,
    pub empty: u8,
}

impl Around {
    /// The share of the stone lead of `me` of a cell holding `held` with these neighbours, in
    /// fifths of a stone (the capture risks 0.6, 0.3 and 0.1 make every share a multiple of
    /// 0.2, so integers hold it exactly; see `ai::evaluate`): a stone counts for its owner,
    /// less its capture risk when it has no friend beside it; an empty cell counts for the
    /// only colour that may fill it, if one is barred (§4.1; every cell has a neighbour).
    /// These are `ai::Weights::HARD`'s shares, in fifths (a test there holds them equal).
    pub fn share(self, held: Held) -> i8 {
        match held {
            Held::Mine => stone(self.mine, self.empty),
            Held::Theirs => -stone(self.theirs, self.empty),
            Held::Empty if self.theirs == 0 && self.empty == 0 => 5, // forbidden for the enemy
            Held::Empty if self.mine == 0 && self.empty == 0 => -5,  // forbidden for me
            Held::Empty => 0,
        }
    }
}

/// The share of a stone for its owner with `friends` and `open` (empty) neighbours.
fn stone(friends: u8, open: u8) -> i8 {
    if friends > 0 {
        return 5; // a friend: out of reach
    }
    // 1 − 2 × risk, the risk 0.6, 0.3, 0.1 or 0 by the empty neighbours left.
    match open {
        0 | 1 => -1,
        2 => 2,
        3 => 4,
        _ => 5,
    }
}

/// What each cell of `cells` holds and its neighbours hold, seen by `me` (ids past
/// `cells.len()` stay empty with no neighbours).
pub fn neighbourhoods(cells: &[Option<u8>], board: &HexBoard, me: u8) -> [(Held, Around); 128] {
    let held = |c: usize| Held::of(cells[c], me);
    let none = Around {
        mine: 0,
        theirs: 0,
        empty: 0,
    };
    let mut out = [(Held::Empty, none); 128];
    for (c, slot) in out.iter_mut().enumerate().take(cells.len()) {
        let mut around = none;
        for &n in &board.neighbours[c] {
            match held(n as usize) {
                Held::Mine => around.mine += 1,
                Held::Theirs => around.theirs += 1,
                Held::Empty => around.empty += 1,
            }
        }
        *slot = (held(c), around);
    }
    out
}

/// The cells of `set` in increasing id order.
pub fn cells_of(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_split_the_board() {
        let board = HexBoard::of(4);
        let mut cells = vec![None; board.len()];
        cells[0] = Some(0);
        cells[5] = Some(1);
        cells[36] = Some(1);
        let s = Sides::of(&cells, 1);
        assert_eq!(s.mine, 1 << 5 | 1 << 36);
        assert_eq!(s.theirs, 1);
        assert_eq!(s.mine | s.theirs | s.empty, board.all);
        assert_eq!(s.mine & s.theirs | s.mine & s.empty | s.theirs & s.empty, 0);
        assert_eq!(cells_of(s.mine).collect::<Vec<_>>(), vec![5, 36]);
        // The same counts walked and read from the masks.
        let near = neighbourhoods(&cells, board, 1);
        for (c, &(held, around)) in near.iter().enumerate().take(board.len()) {
            assert_eq!(around.share(held), s.share(board, c), "cell {c}");
            let total = around.mine + around.theirs + around.empty;
            assert_eq!(total as usize, board.neighbours[c].len());
        }
        assert_eq!(near[0].0, Held::Theirs);
        assert_eq!(near[5].0, Held::Mine);
    }
}
