//! AI hints: the evaluation used at search cut-offs and by the Greedy baseline, and the cheap
//! playout policy of the search. Both read only the state they are given, which during search is
//! a determinization of the searcher's view.

use super::cards::{Power, Wolf};
use super::panorama::{Bounds, Cell, FULL};
use super::rules::{Covers, MoonlightAction, MoonlightState, Phase};
use super::scoring::{corner_value, row_value, ScoreRules, Visible, BONUS_MOONS, MOON_POINTS};
use crate::engine::{random_bool, Rng, Seat};
use rand::Rng as _;

/// Chance to win the match from `a` to `b` mountain halves if every later round were a coin
/// flip (§9: first to 2).
pub fn match_value(a: u8, b: u8) -> f64 {
    if a >= 2 {
        1.0
    } else if b >= 2 {
        0.0
    } else {
        0.5 * match_value(a + 1, b) + 0.5 * match_value(a, b + 1)
    }
}

/// Round-point lead of `seat` if the round ended with `extra` placed, plus a little for the
/// tie-breaks.
fn lead(s: &MoonlightState, rules: &ScoreRules, seat: Seat, extra: Option<(Cell, Wolf)>) -> f64 {
    let t = Visible::of(&s.table.panorama, extra).tally(rules);
    let (me, op) = (seat, 1 - seat);
    let mut lead = t.points[me] as f64 - t.points[op] as f64;
    lead += 0.1 * (t.collected[me] as f64 - t.collected[op] as f64);
    if t.points[me] == t.points[op] {
        match t.winner {
            Some(w) if w == me => lead += 0.3,
            Some(_) => lead -= 0.3,
            None => {}
        }
    }
    lead
}

/// Value still in a hand: high cards cover and win rows later.
fn hand_strength(s: &MoonlightState, seat: Seat) -> f64 {
    s.hands[seat].iter().map(|w| w.value() as f64).sum::<f64>()
        + s.decks[seat].iter().map(|w| w.value() as f64).sum::<f64>()
}

/// Chance that `seat` wins the round in play, from the live score and what is left to play.
pub fn round_chance(s: &MoonlightState, seat: Seat) -> f64 {
    let rules = s.table.score_rules();
    let fill = s.table.panorama.len() as f64 / FULL as f64;
    let mut x = lead(s, &rules, seat, None);
    // Unplayed value matters more the emptier the panorama is.
    let unplayed = hand_strength(s, seat) - hand_strength(s, 1 - seat);
    x += 0.04 * (1.0 - fill) * unplayed;
    let k = 0.3 + 0.5 * fill;
    1.0 / (1.0 + (-k * x).exp())
}

/// Heuristic chance that `seat` wins the match (the engine's `evaluate`).
pub fn evaluate(s: &MoonlightState, seat: Seat) -> f64 {
    let t = &s.table;
    let (a, b) = (t.mountains[seat & 1], t.mountains[1 - (seat & 1)]);
    match t.phase {
        Phase::Over => match t.match_winner() {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        },
        Phase::Shuffle { .. } | Phase::PickLoneWolf | Phase::PickPower => match_value(a, b),
        Phase::Place | Phase::PlaceTwo | Phase::Second => {
            let p = round_chance(s, seat & 1);
            p * match_value(a + 1, b) + (1.0 - p) * match_value(a, b + 1)
        }
    }
}

/// Share of playout moves that are uniformly random, so playouts explore.
const RANDOM_MOVES: f64 = 0.1;
/// What spending a card costs per point of value in a playout: a high card kept in hand can
/// still cover or win a row later.
const SPEND_COST: f64 = 0.05;
/// Random jitter added to each playout move's value, so equal moves are chosen at random.
const NOISE: f64 = 0.3;

/// The live score split by row, so the effect of one more card on its row and on the moons can
/// be read without rescoring the whole panorama. The score rules are the caller's (one copy per
/// [`Gains`], not one per copy of the rows).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rows {
    bounds: Bounds,
    sums: [[u32; 2]; 4],
    wolves: [[u8; 2]; 4],
    plus: [[u8; 2]; 4],
    moons: [u32; 2],
}

impl Rows {
    /// The live score by row, with corners and rows taken from `bounds` (the current box, or
    /// the box a ground placement would make).
    fn of(s: &MoonlightState, rules: &ScoreRules, bounds: Bounds) -> Rows {
        Rows::read(s, rules, bounds, |_, _| {})
    }

    /// [`Rows::of`], calling `see` on every visible wolf it reads, so a caller keeps what it
    /// needs from the same pass over the piles.
    fn read(
        s: &MoonlightState,
        rules: &ScoreRules,
        bounds: Bounds,
        mut see: impl FnMut(Cell, Wolf),
    ) -> Rows {
        let panorama = &s.table.panorama;
        let mut rows = Rows {
            bounds,
            sums: [[0; 2]; 4],
            wolves: [[0; 2]; 4],
            plus: [[0; 2]; 4],
            moons: rules
                .bonus_moons
                .map(|b| if b { BONUS_MOONS as u32 } else { 0 }),
        };
        for (at, wolf) in panorama.visible() {
            rows.add(rules, at, wolf);
            see(at, wolf);
        }
        rows
    }

    fn moon_lead(&self, rules: &ScoreRules, seat: Seat) -> i32 {
        moon_lead(rules, seat, self.moons)
    }

    fn row(&self, at: Cell) -> usize {
        row_in(self.bounds, at)
    }

    /// Counts one visible wolf (inlined: it runs for every pile at every valued playout step).
    #[inline(always)]
    fn add(&mut self, rules: &ScoreRules, at: Cell, wolf: Wolf) {
        let r = self.row(at);
        let s = rules.seat_of(wolf.colour());
        self.sums[r][s] += row_value(wolf, at, self.bounds) as u32;
        self.wolves[r][s] += 1;
        self.plus[r][s] += wolf.plus_one() as u8;
        self.moons[s] += wolf.moons() as u32;
    }

    /// Rows of the box that are scored (§7.2: at most 4 in play).
    fn count(&self) -> usize {
        (self.bounds.height() as usize).min(4)
    }

    /// `seat`'s lead from each row alone (moons left out); rows past the box count 0.
    fn row_leads(&self, rules: &ScoreRules, seat: Seat) -> [i32; 4] {
        let mut leads = [0; 4];
        for (r, lead) in leads.iter_mut().enumerate().take(self.count()) {
            *lead = row_lead(rules, seat, self.sums[r], self.wolves[r], self.plus[r]);
        }
        leads
    }

    /// These rows in the box `grown`, which holds this box and adds one column or one row of
    /// empty cells (a ground card's box, scored without the card): only this box's corners that
    /// stop being corners change, and the rows move down one when the box grows upward. `tops`
    /// holds this box's visible wolves as [`Gains::tops`] does. The same counts as
    /// [`Rows::of`] on `grown`.
    fn grown(&self, rules: &ScoreRules, grown: Bounds, tops: &[Option<Wolf>; 16]) -> Rows {
        let b = self.bounds;
        let mut rows = *self;
        rows.bounds = grown;
        let corners = [
            Cell::new(b.x_min, b.y_min),
            Cell::new(b.x_max, b.y_min),
            Cell::new(b.x_min, b.y_max),
            Cell::new(b.x_max, b.y_max),
        ];
        for (i, &at) in corners.iter().enumerate() {
            // A box one cell wide or tall names a corner twice: count it once.
            if corners[..i].contains(&at) || grown.is_corner(at) {
                continue;
            }
            if let Some(wolf) = tops[Gains::slot(b, at)].filter(|w| w.corner_triple()) {
                let s = rules.seat_of(wolf.colour());
                rows.sums[self.row(at)][s] -= 2 * wolf.value() as u32;
            }
        }
        if grown.y_min < b.y_min {
            rows.sums.copy_within(0..3, 1);
            rows.wolves.copy_within(0..3, 1);
            rows.plus.copy_within(0..3, 1);
            (rows.sums[0], rows.wolves[0], rows.plus[0]) = ([0; 2], [0; 2], [0; 2]);
        }
        rows
    }

    /// What the cell `at` of this box offers a card of the mover's (`ties`): its row's race and
    /// the moon race without `covered` (the wolf the card would cover), whether it is a corner,
    /// and `rest`.
    fn spot(
        &self,
        rules: &ScoreRules,
        ties: Ties,
        at: Cell,
        covered: Option<Wolf>,
        rest: i32,
    ) -> Spot {
        let r = self.row(at);
        let (mut sums, mut wolves, mut plus, mut moons) =
            (self.sums[r], self.wolves[r], self.plus[r], self.moons);
        if let Some(top) = covered {
            let s = rules.seat_of(top.colour());
            sums[s] -= row_value(top, at, self.bounds) as u32;
            wolves[s] -= 1;
            plus[s] -= top.plus_one() as u8;
            moons[s] -= top.moons() as u32;
        }
        Spot {
            row: Race::row(ties, sums, wolves, plus),
            moons: Race::moons(ties, moons),
            corner: self.bounds.is_corner(at),
            rest,
        }
    }
}

/// The row of the box `bounds` that `at` scores in (§7.2), clamped to the 4 a box has in play.
fn row_in(bounds: Bounds, at: Cell) -> usize {
    ((at.y as i32 - bounds.y_min as i32).clamp(0, 3)) as usize
}

/// `seat`'s lead from the moon majority with these moon counts (§7.1).
fn moon_lead(rules: &ScoreRules, seat: Seat, moons: [u32; 2]) -> i32 {
    match rules.decide(moons) {
        Some(w) if w == seat => MOON_POINTS as i32,
        Some(_) => -(MOON_POINTS as i32),
        None => 0,
    }
}

/// `seat`'s lead from one row with these sums, wolves and +1 cards per seat (§7.2).
fn row_lead(rules: &ScoreRules, seat: Seat, sums: [u32; 2], wolves: [u8; 2], plus: [u8; 2]) -> i32 {
    match rules.decide(sums) {
        Some(w) if w == seat => (wolves[w] + plus[w]) as i32,
        Some(w) => -((wolves[w] + plus[w]) as i32),
        None => 0,
    }
}

/// How a tied race ends for the mover `me` (§7: a tie goes to the Win All Ties holder, else to
/// nobody), read once per turn: from the count that ties, how much more the mover's card must
/// add to win the race (`win`) and to keep the opponent from winning it (`zero`).
#[derive(Clone, Copy)]
struct Ties {
    me: Seat,
    win: i32,
    zero: i32,
}

impl Ties {
    fn of(rules: &ScoreRules, me: Seat) -> Ties {
        let (win, zero) = match rules.win_all_ties {
            Some(w) if w == me => (0, 0),
            Some(_) => (1, 1),
            None => (1, 0),
        };
        Ties { me, win, zero }
    }
}

/// One cell of a turn as every card the mover might put there sees it: its row's race and the
/// moon race without the wolf a card would cover, in the box the card would make, and the rest
/// of the change in the mover's lead, which does not depend on the card. Read once per cell, so
/// each card on it costs a few comparisons.
#[derive(Clone, Copy, Default)]
pub(crate) struct Spot {
    /// The row's sums, the card adding its value (§7.2).
    row: Race,
    /// The moon counts, the card adding its moons (§7.1).
    moons: Race,
    /// A corner of that box (Corner ×3 counts triple).
    corner: bool,
    /// The mover's lead from the other rows, less the lead before the card.
    rest: i32,
}

impl Spot {
    /// The change in the mover's round lead (§7) if `card`, one of the mover's, goes here.
    fn gain(&self, card: Wolf) -> i32 {
        let value = corner_value(card, self.corner) as i32;
        self.row.lead(value, card.plus_one() as i32)
            + self.moons.lead(card.moons() as i32, 0)
            + self.rest
    }
}

/// A majority (§7.1, §7.2) as the mover's next card sees it: the card adds `x` to the mover's
/// count; the mover wins it (its lead is `win`) from `x >= win_at`, nobody wins it (0) from
/// `x >= zero_at`, else the opponent does (`lose`). Ties are settled here once, with Win All
/// Ties, so a card only compares.
#[derive(Clone, Copy, Default)]
struct Race {
    win_at: i32,
    zero_at: i32,
    win: i32,
    lose: i32,
}

impl Race {
    /// The race of `counts` (per seat) for the mover, worth `win` to them and `lose` to the
    /// opponent.
    fn new(ties: Ties, counts: [u32; 2], win: i32, lose: i32) -> Race {
        // The card's `x` ties the race when it equals `need`.
        let need = counts[1 - ties.me] as i32 - counts[ties.me] as i32;
        Race {
            win_at: need + ties.win,
            zero_at: need + ties.zero,
            win,
            lose,
        }
    }

    /// A row's race (§7.2) for a card of the mover's: a won row counts the card as one more
    /// wolf of theirs, with their +1 cards; a lost one the opponent's.
    fn row(ties: Ties, sums: [u32; 2], wolves: [u8; 2], plus: [u8; 2]) -> Race {
        let (me, op) = (ties.me, 1 - ties.me);
        let win = (wolves[me] + 1 + plus[me]) as i32;
        let lose = -((wolves[op] + plus[op]) as i32);
        Race::new(ties, sums, win, lose)
    }

    /// The moon race (§7.1) for a card of the mover's.
    fn moons(ties: Ties, moons: [u32; 2]) -> Race {
        let points = MOON_POINTS as i32;
        Race::new(ties, moons, points, -points)
    }

    /// The mover's lead from this race after adding `x`; a won race adds `bonus` (the card's +1).
    fn lead(&self, x: i32, bonus: i32) -> i32 {
        if x >= self.win_at {
            self.win + bonus
        } else if x >= self.zero_at {
            0
        } else {
            self.lose
        }
    }
}

/// Playout policy: mostly the placement that improves the live score most, spending low cards
/// when that is as good; Lone Wolf and power picks by a fixed preference.
pub fn rollout_action(
    s: &MoonlightState,
    legal: &[MoonlightAction],
    rng: &mut Rng,
) -> MoonlightAction {
    if legal.len() == 1 || random_bool(rng, RANDOM_MOVES) {
        return legal[rng.random_range(0..legal.len())];
    }
    match s.table.phase {
        Phase::PickLoneWolf => best_by(legal, rng, |a| match a {
            MoonlightAction::PickLoneWolf { wolf } => lone_wolf_preference(*wolf),
            _ => 0.0,
        }),
        Phase::PickPower => best_by(legal, rng, |a| match a {
            MoonlightAction::PickPower { power } => power_preference(*power),
            _ => 0.0,
        }),
        _ => {
            let Some(bounds) = s.table.panorama.bounds() else {
                return legal[rng.random_range(0..legal.len())];
            };
            let mut gains = Gains::new(s, bounds);
            let mut best = legal[0];
            let mut best_value = f64::NEG_INFINITY;
            for &a in legal {
                let value =
                    step_value(a, |card, at| gains.of(s, at, card)) + rng.random_range(0.0..NOISE);
                if value > best_value {
                    best_value = value;
                    best = a;
                }
            }
            best
        }
    }
}

/// The placements of a turn as `legal_actions` lists them (each distinct hand card on every
/// ground cell, then on every pile it may cover; then Decline), held as the cards, the cells
/// and the covers so a playout can walk them without building the list.
struct Placements {
    cards: [Wolf; Placements::CARDS],
    card_count: usize,
    ground: [Cell; Placements::CELLS],
    ground_count: usize,
    /// The opponent's visible wolves, where a cover may go (empty when they have fewer than 2).
    tops: [(Cell, Wolf); Placements::CELLS],
    top_count: usize,
    /// For each card, a bit per top it may cover (§5.3), read once per step.
    covers: [u16; Placements::CARDS],
    decline: bool,
}

impl Placements {
    const CARDS: usize = 8;
    /// Room for the ground cells (fewer in play) and for the tops (at most 12).
    const CELLS: usize = 16;

    /// The placements of a Place, PlaceTwo or Second step, or `None` when this step has other
    /// actions (pick phases, pile moves) or more than fits the buffers (never in play).
    fn of(s: &MoonlightState) -> Option<Placements> {
        let t = &s.table;
        let me = t.mover;
        if !matches!(t.phase, Phase::Place | Phase::PlaceTwo | Phase::Second)
            || (t.phase == Phase::Place && t.ready(me, Power::MovePile) && s.has_two(me))
        {
            return None;
        }
        let mut p = Placements {
            cards: [Wolf::default(); Self::CARDS],
            card_count: 0,
            ground: [Cell::ORIGIN; Self::CELLS],
            ground_count: 0,
            tops: [(Cell::ORIGIN, Wolf::default()); Self::CELLS],
            top_count: 0,
            covers: [0; Self::CARDS],
            decline: t.phase == Phase::Second,
        };
        let hand = s.hands[me].as_slice();
        for (i, &card) in hand.iter().enumerate() {
            if hand[..i].iter().any(|h| h.canonical() == card.canonical())
                || (t.phase == Phase::PlaceTwo && card.value() != 2)
            {
                continue;
            }
            *p.cards.get_mut(p.card_count)? = card;
            p.card_count += 1;
        }
        let mut full = false;
        t.panorama
            .each_ground_cell(|at| match p.ground.get_mut(p.ground_count) {
                Some(slot) => {
                    *slot = at;
                    p.ground_count += 1;
                }
                None => full = true,
            });
        let theirs = t.colour(1 - me);
        for (at, top) in t.panorama.visible() {
            if top.colour() == theirs {
                *p.tops.get_mut(p.top_count)? = (at, top);
                p.top_count += 1;
            }
        }
        // §5.3: the opponent's last visible wolf may not be covered.
        if p.top_count < 2 {
            p.top_count = 0;
        }
        let covers = Covers::of(t, me);
        for (mask, &card) in p.covers.iter_mut().zip(&p.cards[..p.card_count]) {
            for (k, &(_, top)) in p.tops[..p.top_count].iter().enumerate() {
                *mask |= (covers.allows(card, top) as u16) << k;
            }
        }
        (!full).then_some(p)
    }

    /// Calls `f` on every placement in `legal_actions` order, with the index of its cell among
    /// the ground cells then the tops (as [`Placements::spots`] lists them; 0 for Decline);
    /// stops when `f` returns false.
    fn each(&self, mut f: impl FnMut(MoonlightAction, usize) -> bool) {
        for (&card, &covers) in self.cards[..self.card_count].iter().zip(&self.covers) {
            for (k, &at) in self.ground[..self.ground_count].iter().enumerate() {
                if !f(MoonlightAction::Place { card, at }, k) {
                    return;
                }
            }
            let mut covers = covers;
            while covers != 0 {
                let k = covers.trailing_zeros() as usize;
                covers &= covers - 1;
                if !f(
                    MoonlightAction::Place {
                        card,
                        at: self.tops[k].0,
                    },
                    self.ground_count + k,
                ) {
                    return;
                }
            }
        }
        if self.decline {
            f(MoonlightAction::Decline, 0);
        }
    }

    /// Every cell of the turn, the ground cells then the tops some card may cover, as the
    /// mover's cards see it, written into `spots` (filled in place: a returned array of them was
    /// copied every step) at the indices [`Placements::each`] gives.
    fn spots(&self, gains: &mut Gains, s: &MoonlightState, spots: &mut [Spot]) {
        for (spot, &at) in spots.iter_mut().zip(&self.ground[..self.ground_count]) {
            *spot = gains.spot(s, at);
        }
        let mut covered = self.covers.iter().fold(0, |all, mask| all | mask);
        while covered != 0 {
            let k = covered.trailing_zeros() as usize;
            covered &= covered - 1;
            spots[self.ground_count + k] = gains.spot(s, self.tops[k].0);
        }
    }

    /// How many placements [`Placements::each`] walks: every card on every ground cell, its
    /// covers, and Decline.
    fn count(&self) -> usize {
        let covers = self.covers.iter().map(|mask| mask.count_ones() as usize);
        self.card_count * self.ground_count + covers.sum::<usize>() + self.decline as usize
    }

    fn nth(&self, i: usize) -> MoonlightAction {
        let (mut k, mut found) = (0, MoonlightAction::Decline);
        self.each(|a, _| {
            found = a;
            k += 1;
            k <= i
        });
        found
    }
}

/// What the playout policy sees in one action of a placement step, before its noise: a card's
/// gain to the round lead (`gain`) less what spending it costs, a little against declining.
#[inline(always)]
fn step_value(a: MoonlightAction, gain: impl FnOnce(Wolf, Cell) -> i32) -> f64 {
    match a {
        MoonlightAction::Place { card, at } => {
            gain(card, at) as f64 - SPEND_COST * card.value() as f64
        }
        MoonlightAction::Decline => -0.5,
        _ => 0.0,
    }
}

/// [`rollout_action`] for a placement step, without listing the legal actions: the same
/// actions in the same order, the same random draws, so the same choice. `None` (before any
/// draw) for the steps it does not cover.
pub fn quick_rollout_action(s: &MoonlightState, rng: &mut Rng) -> Option<MoonlightAction> {
    let p = Placements::of(s)?;
    let n = p.count();
    if n == 0 {
        return None;
    }
    if n == 1 || random_bool(rng, RANDOM_MOVES) {
        return Some(p.nth(rng.random_range(0..n)));
    }
    let Some(bounds) = s.table.panorama.bounds() else {
        return Some(p.nth(rng.random_range(0..n)));
    };
    let mut gains = Gains::new(s, bounds);
    let mut spots = [Spot::default(); 2 * Placements::CELLS];
    p.spots(&mut gains, s, &mut spots);
    let mut best = MoonlightAction::Decline;
    let mut best_value = f64::NEG_INFINITY;
    p.each(|a, k| {
        let value = step_value(a, |card, _| spots[k].gain(card)) + rng.random_range(0.0..NOISE);
        if value > best_value {
            best_value = value;
            best = a;
        }
        true
    });
    Some(best)
}

/// How much one more card changes the mover's round lead, for every candidate of a turn.
pub(crate) struct Gains {
    me: Seat,
    ties: Ties,
    rules: ScoreRules,
    rows: Rows,
    base: i32,
    /// The mover's lead from each row of the current box (moons left out), read once.
    row_leads: [i32; 4],
    /// The mover's lead from the moons now.
    moon_lead: i32,
    /// The visible wolf of each cell of the current box, row by row 4 cells wide, so a cover's
    /// covered wolf is found without scanning the piles. `None` when the box is wider or taller
    /// than 4 (never in play): then the piles are scanned.
    tops: Option<[Option<Wolf>; 16]>,
    /// The moon race of a card on an empty cell: nothing is covered, so it is the same for every
    /// such cell.
    open_moons: Race,
    /// The rows of the boxes an empty cell leaves or makes, as its card sees them: the boxes a
    /// ground placement would grow the panorama to (corners move), one per side it grows on
    /// (left, right, top, bottom: a ground cell touches the box, so there are at most 4), then
    /// the current box (a hole in it). Each read on its first cell and kept for the others.
    open: [Option<OpenRows>; 5],
}

/// Every row of one box as an empty cell of it offers a card (§7.2): the row's race and the
/// rest of the change in the mover's lead.
#[derive(Clone, Copy)]
struct OpenRows {
    bounds: Bounds,
    rows: [(Race, i32); 4],
}

impl OpenRows {
    /// The scored rows of `rows` for a card of the mover's, with `rest` of each row.
    fn of(ties: Ties, rows: &Rows, rest: impl Fn(usize) -> i32) -> OpenRows {
        let mut open = OpenRows {
            bounds: rows.bounds,
            rows: [(Race::default(), 0); 4],
        };
        for (r, row) in open.rows.iter_mut().enumerate().take(rows.count()) {
            let race = Race::row(ties, rows.sums[r], rows.wolves[r], rows.plus[r]);
            *row = (race, rest(r));
        }
        open
    }

    /// What the empty cell `at` of this box offers a card, with the moon race `moons`.
    fn spot(&self, at: Cell, moons: Race) -> Spot {
        let (row, rest) = self.rows[row_in(self.bounds, at)];
        Spot {
            row,
            moons,
            corner: self.bounds.is_corner(at),
            rest,
        }
    }
}

impl Gains {
    /// The gains of the mover's cards in `s`, whose panorama has the box `bounds` (returned as
    /// is, not in an `Option`: moving it out of one was a copy of the whole struct every step).
    pub(crate) fn new(s: &MoonlightState, bounds: Bounds) -> Gains {
        let me = s.table.mover;
        let rules = s.table.score_rules();
        let ties = Ties::of(&rules, me);
        let small = bounds.width() <= 4 && bounds.height() <= 4;
        let mut grid = [None; 16];
        let rows = Rows::read(s, &rules, bounds, |at, wolf| {
            if small {
                grid[Self::slot(bounds, at)] = Some(wolf);
            }
        });
        let row_leads = rows.row_leads(&rules, me);
        let moon_lead = rows.moon_lead(&rules, me);
        // The round lead: the moons once, and every row.
        let base = row_leads.iter().sum::<i32>() + moon_lead;
        let tops = small.then_some(grid);
        Gains {
            me,
            ties,
            rules,
            rows,
            base,
            row_leads,
            moon_lead,
            tops,
            open_moons: Race::moons(ties, rows.moons),
            open: [None; 5],
        }
    }

    /// Index of a cell of a box at most 4×4 in [`Gains::tops`].
    fn slot(bounds: Bounds, at: Cell) -> usize {
        let dx = (at.x as i32 - bounds.x_min as i32) as usize;
        let dy = (at.y as i32 - bounds.y_min as i32) as usize;
        dy * 4 + dx
    }

    /// The change in round points lead (§7) if the mover puts `card` on `at`.
    pub(crate) fn of(&mut self, s: &MoonlightState, at: Cell, card: Wolf) -> i32 {
        self.spot(s, at).gain(card)
    }

    /// The cell `at` as the mover's cards see it (a ground cell or a pile to cover).
    fn spot(&mut self, s: &MoonlightState, at: Cell) -> Spot {
        let bounds = self.rows.bounds;
        if bounds.contains(at) {
            let covered = match &self.tops {
                Some(tops) => tops[Self::slot(bounds, at)],
                None => s.table.panorama.top(at),
            };
            if covered.is_some() {
                // The box stays the same, so only the moons and the row of `at` change.
                let rest = -self.moon_lead - self.row_leads[self.rows.row(at)];
                return self.rows.spot(&self.rules, self.ties, at, covered, rest);
            }
        }
        // An empty cell: nothing is covered, and only the moons and the row of `at` change in
        // the box it makes.
        let (b, moons) = (bounds.with(at), self.open_moons);
        match self.open(s, b) {
            Some(open) => open.spot(at, moons),
            // More than 4 grown boxes cannot happen in play; score it from scratch then.
            None => self.open_rows(s, b).spot(at, moons),
        }
    }

    /// The rows of the box `b` an empty cell makes: read on its first cell and kept.
    fn open(&mut self, s: &MoonlightState, b: Bounds) -> Option<&OpenRows> {
        // The side the box grows on names its grown box: a ground cell is one step outside.
        let now = self.rows.bounds;
        let i = if b == now {
            4
        } else if b.x_min < now.x_min {
            0
        } else if b.x_max > now.x_max {
            1
        } else if b.y_min < now.y_min {
            2
        } else {
            3
        };
        if self.open[i].is_some_and(|open| open.bounds != b) {
            return None;
        }
        if self.open[i].is_none() {
            self.open[i] = Some(self.open_rows(s, b));
        }
        self.open[i].as_ref()
    }

    /// The rows of the box `b` (this box, or one a ground placement grows it to) for an empty
    /// cell's card, with the mover's lead from the other rows less the lead now.
    fn open_rows(&self, s: &MoonlightState, b: Bounds) -> OpenRows {
        let (rules, me, ties) = (&self.rules, self.me, self.ties);
        if b == self.rows.bounds {
            return OpenRows::of(ties, &self.rows, |r| -self.moon_lead - self.row_leads[r]);
        }
        // A grown box: its corners move, so it is scored without the new card.
        let rows = match &self.tops {
            Some(tops) if b.height() <= 4 => self.rows.grown(rules, b, tops),
            _ => Rows::of(s, rules, b),
        };
        let leads = rows.row_leads(rules, me);
        let all = leads.iter().sum::<i32>();
        OpenRows::of(ties, &rows, |r| all - leads[r] - self.base)
    }
}

fn best_by(
    legal: &[MoonlightAction],
    rng: &mut Rng,
    value: impl Fn(&MoonlightAction) -> f64,
) -> MoonlightAction {
    let mut best = legal[0];
    let mut best_value = f64::NEG_INFINITY;
    for a in legal {
        let v = value(a) + rng.random_range(0.0..0.5);
        if v > best_value {
            best_value = v;
            best = *a;
        }
    }
    best
}

/// A rough order of the Lone Wolves for playouts: the 6 cannot be covered with +1, the moon
/// cards help the majority.
fn lone_wolf_preference(wolf: Wolf) -> f64 {
    match wolf.value() {
        6 => 3.0,
        1 => 2.0,
        2 => 1.5,
        _ => 1.0,
    }
}

fn power_preference(power: Power) -> f64 {
    match power {
        Power::WinAllTies | Power::BonusMoons | Power::LargerHand => 2.0,
        Power::DoublePlacement | Power::ValueSkip | Power::SameValueCover => 1.5,
        Power::ValueOneProtection | Power::MovePile => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Match, ToMove};
    use crate::games::moonlight::{Moonlight, MoonlightOptions};
    use rand::SeedableRng;

    #[test]
    fn a_grown_box_counts_as_if_scored_from_scratch() {
        // Every box a ground cell grows the panorama to, from the current box's counts.
        let mut checked = 0;
        for seed in 0..200 {
            let mut m = Match::<Moonlight>::new(MoonlightOptions::default(), seed).unwrap();
            let mut rng = Rng::seed_from_u64(seed);
            while m.to_move() != ToMove::Over && m.record().actions.len() < 60 {
                let s = m.state();
                if let Some(b) = s.table.panorama.bounds() {
                    let gains = Gains::new(s, b);
                    for at in s.table.panorama.ground_cells() {
                        let grown = b.with(at);
                        if grown == b {
                            continue;
                        }
                        let tops = gains.tops.as_ref().unwrap();
                        let scratch = Rows::of(s, &gains.rules, grown);
                        let rows = gains.rows.grown(&gains.rules, grown, tops);
                        assert_eq!(rows, scratch, "seed {seed} {at}");
                        checked += 1;
                    }
                }
                let legal = Moonlight::legal(s);
                m.play(&legal[rng.random_range(0..legal.len())]).unwrap();
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
