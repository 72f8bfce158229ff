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
        for (c, cell) in cells.iter().enumerate() {
            let bit = 1u128 << c;
            match *cell {
                Some(o) if o == me => mine |= bit,
                Some(_) => theirs |= bit,
                None => empty |= bit,
            }
        }
        Sides {
            mine,
            theirs,
            empty,
        }
    }

    /// Cell `c`'s share of the stone lead of `me`, in fifths of a stone (the capture risks 0.6,
    /// 0.3 and 0.1 make every share a multiple of 0.2, so integers hold it exactly; see
    /// `ai::evaluate`): a stone counts for its owner, less its capture risk when it has no
    /// friend beside it; an empty cell counts for the only colour that may fill it, if one is
    /// barred (§4.1).
    pub fn share(&self, board: &HexBoard, c: usize) -> i8 {
        let ns = board.masks[c];
        let bit = 1u128 << c;
        if self.mine & bit != 0 {
            self.stone(ns, self.mine)
        } else if self.theirs & bit != 0 {
            -self.stone(ns, self.theirs)
        } else if ns & !self.mine == 0 {
            5 // forbidden for the enemy
        } else if ns & !self.theirs == 0 {
            -5 // forbidden for me
        } else {
            0
        }
    }

    /// The share of a stone for its owner, whose stones are `friends`, among neighbours `ns`.
    fn stone(&self, ns: u128, friends: u128) -> i8 {
        if ns & friends != 0 {
            return 5; // a friend: out of reach
        }
        // 1 − 2 × risk, the risk 0.6, 0.3, 0.1 or 0 by the empty neighbours left.
        match (ns & self.empty).count_ones() {
            0 | 1 => -1,
            2 => 2,
            3 => 4,
            _ => 5,
        }
    }
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
    }
}
