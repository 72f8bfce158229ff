//! Round scoring (moonlight.md §7): the moon majority, each row's majority with the tripled
//! corner 1s, the row winners' wolves with +1 on 3s, the ties and the round tie-break.
//!
//! [`RoundScore`] is the step-by-step breakdown a board walks through; [`Tally`] is the same
//! count without allocation, for the AI. The playout test checks that they always agree.

use super::cards::{Colour, Wolf};
use super::panorama::{Bounds, Cell, Panorama, FULL};
use crate::engine::Seat;
use serde::{Deserialize, Serialize};

/// Who owns what, and the two Stamina powers that change scoring (§2.4 powers 6 and 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreRules {
    /// The seat playing Light; the other plays Dark.
    pub light: Seat,
    /// The seat holding Win All Ties, if any: it wins every tie it is part of.
    pub win_all_ties: Option<Seat>,
    /// Seats holding Bonus Moons: +2 to their moon count.
    pub bonus_moons: [bool; 2],
}

impl ScoreRules {
    pub fn seat_of(&self, colour: Colour) -> Seat {
        match colour {
            Colour::Light => self.light,
            Colour::Dark => 1 - self.light,
        }
    }

    /// The higher count wins; a tie goes to the Win All Ties holder or to nobody.
    pub(crate) fn decide(&self, counts: [u32; 2]) -> Option<Seat> {
        if counts[0] > counts[1] {
            Some(0)
        } else if counts[1] > counts[0] {
            Some(1)
        } else {
            self.win_all_ties
        }
    }
}

/// What settled the round (§7.3, in the order the spec checks them; D6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decider {
    /// More round points.
    Points,
    /// Points tied; the Win All Ties holder wins (D6: before collected wolves).
    WinAllTies,
    /// Points tied, no power: more collected wolves (D15).
    Collected,
    /// Everything tied: the round is replayed (§8.3).
    Tied,
}

/// §7.3: points, then Win All Ties, then collected wolves; otherwise a tied round.
pub fn round_winner(
    points: [u8; 2],
    collected: [u8; 2],
    win_all_ties: Option<Seat>,
) -> (Option<Seat>, Decider) {
    if points[0] != points[1] {
        (
            Some(if points[0] > points[1] { 0 } else { 1 }),
            Decider::Points,
        )
    } else if let Some(seat) = win_all_ties {
        (Some(seat), Decider::WinAllTies)
    } else if collected[0] != collected[1] {
        (
            Some(if collected[0] > collected[1] { 0 } else { 1 }),
            Decider::Collected,
        )
    } else {
        (None, Decider::Tied)
    }
}

/// §7: a visible wolf's contribution to its row sum: triple for a Corner ×3 card in a corner of
/// the current box, else its printed value.
pub fn row_value(wolf: Wolf, at: Cell, bounds: Bounds) -> u8 {
    corner_value(wolf, bounds.is_corner(at))
}

/// [`row_value`] of a wolf on a cell that is a corner of the box or not.
pub fn corner_value(wolf: Wolf, corner: bool) -> u8 {
    if wolf.corner_triple() && corner {
        3 * wolf.value()
    } else {
        wolf.value()
    }
}

/// One visible wolf as the row scoring sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoredWolf {
    pub at: Cell,
    pub wolf: Wolf,
    pub seat: Seat,
    /// What it adds to its row's sum (value, or 3 × value in a corner).
    pub counts: u8,
    /// The Corner ×3 applied.
    pub tripled: bool,
    /// Points it earned its owner: 0 in a row they did not win, else 1, or 2 with +1.
    pub points: u8,
}

/// One row's battle (§7.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowScore {
    pub y: i8,
    /// Visible wolves of the row, left to right.
    pub wolves: Vec<ScoredWolf>,
    /// Row sum per seat.
    pub sums: [u8; 2],
    /// The row's winner, if any.
    pub winner: Option<Seat>,
    /// The sums tied and Win All Ties gave the row to its holder.
    pub by_win_all_ties: bool,
    /// Points the winner took here: one per visible wolf plus one per +1 card.
    pub points: u8,
    /// How many of those points came from +1 cards.
    pub plus_ones: u8,
    /// Wolves the winner collected here (the §7.3 tie-break).
    pub collected: u8,
}

/// The whole scoring of a round, step by step (§7.1–§7.3), for a board to walk through.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundScore {
    /// Moons per seat, Bonus Moons included.
    pub moons: [u8; 2],
    /// Seats whose moon count includes the +2 of Bonus Moons.
    pub bonus_moons: [bool; 2],
    /// Who took the 2 points of the moon majority, if anyone.
    pub moon_winner: Option<Seat>,
    pub moon_by_win_all_ties: bool,
    pub rows: Vec<RowScore>,
    /// Round points per seat: moon majority plus rows.
    pub points: [u8; 2],
    /// Wolves collected per seat (visible wolves in rows they won).
    pub collected: [u8; 2],
    pub winner: Option<Seat>,
    pub decided_by: Decider,
    /// The panorama was complete (§6 A) rather than ended by an empty hand (§6 B).
    pub complete: bool,
}

/// Points of the moon majority (§7.1).
pub const MOON_POINTS: u8 = 2;
/// Moons added by Bonus Moons (§2.4 power 6).
pub const BONUS_MOONS: u8 = 2;

impl RoundScore {
    /// Score `panorama` as it stands (§7). On an unfinished panorama this is the live standing:
    /// corners are those of the current box. One pass over the piles: they are in reading order,
    /// so each row's wolves come together, left to right.
    pub fn of(panorama: &Panorama, rules: &ScoreRules) -> RoundScore {
        let mut moons = rules.bonus_moons.map(|b| if b { BONUS_MOONS } else { 0 });
        let mut points = [0u8; 2];
        let mut collected = [0u8; 2];
        let mut visible = panorama.visible().peekable();
        let mut rows = Vec::new();
        if let Some(bounds) = panorama.bounds() {
            rows.reserve_exact(bounds.height() as usize);
            for y in panorama.rows() {
                let mut wolves = Vec::with_capacity(bounds.width() as usize);
                while let Some((at, wolf)) = visible.next_if(|(at, _)| at.y == y) {
                    let counts = row_value(wolf, at, bounds);
                    let seat = rules.seat_of(wolf.colour());
                    moons[seat] += wolf.moons();
                    wolves.push(ScoredWolf {
                        at,
                        wolf,
                        seat,
                        counts,
                        tripled: counts != wolf.value(),
                        points: 0,
                    });
                }
                rows.push(RowScore::of(y, wolves, rules, &mut points, &mut collected));
            }
        }
        let moon_winner = rules.decide([moons[0] as u32, moons[1] as u32]);
        if let Some(s) = moon_winner {
            points[s] += MOON_POINTS;
        }
        let (winner, decided_by) = round_winner(points, collected, rules.win_all_ties);
        RoundScore {
            moons,
            bonus_moons: rules.bonus_moons,
            moon_winner,
            moon_by_win_all_ties: moon_winner.is_some() && moons[0] == moons[1],
            rows,
            points,
            collected,
            winner,
            decided_by,
            complete: panorama.len() >= FULL,
        }
    }
}

impl RowScore {
    /// Row `y`'s battle (§7.2) between its visible `wolves`, adding the winner's points and
    /// collected wolves to the round's.
    fn of(
        y: i8,
        mut wolves: Vec<ScoredWolf>,
        rules: &ScoreRules,
        points: &mut [u8; 2],
        collected: &mut [u8; 2],
    ) -> RowScore {
        let mut sums = [0u8; 2];
        for w in &wolves {
            sums[w.seat] += w.counts;
        }
        let winner = rules.decide([sums[0] as u32, sums[1] as u32]);
        let (mut row_points, mut plus_ones, mut row_collected) = (0, 0, 0);
        if let Some(s) = winner {
            for w in wolves.iter_mut().filter(|w| w.seat == s) {
                w.points = 1 + w.wolf.plus_one() as u8;
                row_points += w.points;
                plus_ones += w.wolf.plus_one() as u8;
                row_collected += 1;
            }
            points[s] += row_points;
            collected[s] += row_collected;
        }
        RowScore {
            y,
            wolves,
            sums,
            winner,
            by_win_all_ties: winner.is_some() && sums[0] == sums[1],
            points: row_points,
            plus_ones,
            collected: row_collected,
        }
    }
}

/// The round's numbers without the breakdown (what the AI needs, allocation-free).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub moons: [u8; 2],
    pub points: [u8; 2],
    pub collected: [u8; 2],
    pub winner: Option<Seat>,
}

/// Visible wolves of a panorama, optionally with one hypothetical card put on `extra.0`
/// (covering whatever is there), in a fixed buffer.
pub struct Visible {
    cards: [(Cell, Wolf); FULL + 1],
    len: usize,
}

impl Visible {
    pub fn of(panorama: &Panorama, extra: Option<(Cell, Wolf)>) -> Visible {
        let mut v = Visible {
            cards: [(Cell::ORIGIN, Wolf::default()); FULL + 1],
            len: 0,
        };
        let mut placed = extra.is_none();
        for (at, wolf) in panorama.visible() {
            let wolf = match extra {
                Some((cell, w)) if cell == at => {
                    placed = true;
                    w
                }
                _ => wolf,
            };
            v.push(at, wolf);
        }
        if let (false, Some((cell, w))) = (placed, extra) {
            v.push(cell, w);
        }
        v
    }

    fn push(&mut self, at: Cell, wolf: Wolf) {
        if self.len < self.cards.len() {
            self.cards[self.len] = (at, wolf);
            self.len += 1;
        }
    }

    pub fn as_slice(&self) -> &[(Cell, Wolf)] {
        &self.cards[..self.len]
    }

    /// The same count as [`RoundScore::of`].
    pub fn tally(&self, rules: &ScoreRules) -> Tally {
        let cards = self.as_slice();
        let mut t = Tally {
            moons: rules.bonus_moons.map(|b| if b { BONUS_MOONS } else { 0 }),
            ..Tally::default()
        };
        for &(_, wolf) in cards {
            t.moons[rules.seat_of(wolf.colour())] += wolf.moons();
        }
        if let Some(s) = rules.decide([t.moons[0] as u32, t.moons[1] as u32]) {
            t.points[s] += MOON_POINTS;
        }
        if let Some(&(first, _)) = cards.first() {
            let bounds = cards.iter().fold(Bounds::of(first), |b, &(c, _)| b.with(c));
            // One pass: per row, sums, wolves and +1 cards per seat. A legal box has at most 4
            // rows; the buffer has room for any box of up to 13 cards.
            let mut sums = [[0u32; 2]; FULL + 1];
            let mut wolves = [[0u8; 2]; FULL + 1];
            let mut plus = [[0u8; 2]; FULL + 1];
            for &(at, wolf) in cards {
                let r = ((at.y as i32 - bounds.y_min as i32) as usize).min(FULL);
                let s = rules.seat_of(wolf.colour());
                sums[r][s] += row_value(wolf, at, bounds) as u32;
                wolves[r][s] += 1;
                plus[r][s] += wolf.plus_one() as u8;
            }
            for r in 0..(bounds.height() as usize).min(FULL + 1) {
                if wolves[r] == [0, 0] {
                    continue;
                }
                if let Some(s) = rules.decide(sums[r]) {
                    t.points[s] += wolves[r][s] + plus[r][s];
                    t.collected[s] += wolves[r][s];
                }
            }
        }
        let (winner, _) = round_winner(t.points, t.collected, rules.win_all_ties);
        t.winner = winner;
        t
    }
}
