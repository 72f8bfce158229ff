//! AI hints for Turncoats: the heuristic evaluation and the playout policy used by the search.
//!
//! The game is won twice over: a colour must win the map (§6.2), and then the player must hold
//! the most of it (§6.3). So a position is worth, for a seat, the sum over colours of
//! "chance this colour wins the map" × "chance this seat holds the most of it". Both chances are
//! soft-maxes whose temperature shrinks as the hands (the game's remaining moves, §4.6) empty.

use super::map::AREA_COUNT;
use super::rules::{
    final_ranking, Board, Colour, Phase, Stones, Turncoats, TurncoatsAction, TurncoatsState,
    MAX_PLAYERS,
};
use crate::engine::{random_bool, Game, Outcome, Rng, Seat};
use rand::Rng as _;

/// Strength weights of the colour model, shared with the playout [`Lens`].
const LEADER_BONUS: f64 = 0.35;
const STONE_WEIGHT: f64 = 0.03;
const AXE_WEIGHT: f64 = 0.02;
/// A stone kept in hand is a future move for the colours its holder wants to win: worth this
/// many areas, spread over the colours by the holder's hopes. It is what makes spending costly
/// (whoever runs out of stones first can no longer answer).
const BACKING: f64 = 0.7;
const LOSING_WEIGHT: f64 = 0.15;

fn colour_temp(tempo: f64) -> f64 {
    0.35 + 0.22 * tempo.sqrt()
}

fn hand_temp(tempo: f64) -> f64 {
    0.45 + 0.12 * tempo.sqrt()
}

/// The evaluation's weights, so that a search may judge with other ones than the playouts and
/// the Greedy baseline ([`STANDARD`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    pub leader: f64,
    pub stone: f64,
    pub axe: f64,
    pub backing: f64,
    pub losing: f64,
    /// Colour temperature `a + b·√(stones in hands)`.
    pub colour_temp: (f64, f64),
    /// Hand temperature `a + b·√(stones in hands)`.
    pub hand_temp: (f64, f64),
    /// Weight of "the seat would win if the game ended now" (§6.2–6.3 on the hands as dealt).
    pub now: f64,
}

pub const STANDARD: Weights = Weights {
    leader: LEADER_BONUS,
    stone: STONE_WEIGHT,
    axe: AXE_WEIGHT,
    backing: BACKING,
    losing: LOSING_WEIGHT,
    colour_temp: (0.35, 0.22),
    hand_temp: (0.45, 0.12),
    now: 0.0,
};

/// The model's read of a position: each colour's chance to win the map and, for each seat,
/// its chance to hold the most of each colour.
pub struct Outlook {
    pub tempo: f64,
    pub odds: [f64; 3],
    pub shares: Vec<[f64; 3]>,
}

impl Outlook {
    pub fn new(board: &Board, hands: &[Stones]) -> Outlook {
        let rows: Vec<[f64; 3]> = hands.iter().map(rows_of).collect();
        Outlook::from_rows(board, &rows)
    }

    /// The same from hands given as (possibly expected, fractional) counts per colour.
    pub fn from_rows(board: &Board, hands: &[[f64; 3]]) -> Outlook {
        Outlook::weighed(board, hands, &STANDARD)
    }

    /// [`Outlook::from_rows`] with other weights.
    pub fn weighed(board: &Board, hands: &[[f64; 3]], w: &Weights) -> Outlook {
        Outlook::weighed_on(board, board.areas_and_leader(), hands, w)
    }

    /// [`Outlook::weighed`] with the board's [`Board::areas_and_leader`] already read (the
    /// evaluation needs the leader for its own checks too).
    fn weighed_on(
        board: &Board,
        (areas, leader): (Stones, Option<Colour>),
        hands: &[[f64; 3]],
        w: &Weights,
    ) -> Outlook {
        let t: f64 = hands.iter().map(|h| h.iter().sum::<f64>()).sum();
        let th = w.hand_temp.0 + w.hand_temp.1 * t.sqrt();
        let shares = all_shares(hands, th, w.losing);
        let strength = Colour::ALL.map(|c| {
            let mut x = areas[c] as f64;
            if leader == Some(c) {
                x += w.leader;
            }
            // Stones in play still count a little: they are next turns' control.
            // Whole stones, summed as integers (the same value, one conversion).
            let stones = board.areas.iter().map(|n| n[c] as u32).sum::<u32>() as f64;
            let backing: f64 = hands
                .iter()
                .zip(&shares)
                .map(|(h, sh)| h.iter().sum::<f64>() * sh[c.index()])
                .sum();
            x + w.stone * stones + w.axe * board.axe[c] as f64 + w.backing * backing
        });
        Outlook {
            tempo: t,
            odds: softmax(strength, w.colour_temp.0 + w.colour_temp.1 * t.sqrt()),
            shares,
        }
    }

    /// The seat's chance to win: Σ over colours of P(colour wins) × P(seat holds the most).
    pub fn value(&self, seat: Seat) -> f64 {
        (0..3).map(|i| self.odds[i] * self.shares[seat][i]).sum()
    }
}

fn softmax(x: [f64; 3], temp: f64) -> [f64; 3] {
    let max = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e = x.map(|v| ((v - max) / temp).exp());
    let sum: f64 = e.iter().sum();
    e.map(|v| v / sum)
}

/// For every seat and colour, the chance that the seat ranks first among the hands if that
/// colour wins (§6.3 keys, softened by `temp`).
fn all_shares(hands: &[[f64; 3]], temp: f64, losing: f64) -> Vec<[f64; 3]> {
    let mut shares = vec![[0.0; 3]; hands.len()];
    let mut keys = [0.0; MAX_PLAYERS as usize];
    let keys = &mut keys[..hands.len()];
    for c in 0..3 {
        for (k, h) in keys.iter_mut().zip(hands) {
            *k = h[c] - losing * (h[0] + h[1] + h[2] - h[c]);
        }
        let best = keys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut sum = 0.0;
        for (p, k) in keys.iter().enumerate() {
            let e = ((k - best) / temp).exp();
            shares[p][c] = e;
            sum += e;
        }
        for share in shares.iter_mut() {
            share[c] /= sum;
        }
    }
    shares
}

fn rows_of(h: &Stones) -> [f64; 3] {
    Colour::ALL.map(|c| h[c] as f64)
}

/// The hands as `seat` can judge them: its own exactly, every other one as the unseen pool
/// spread evenly (by hand size). Playout players use this, so that no one in a playout plays
/// as if it could see the others' hands (the search's own hand in particular).
fn honest_rows(s: &TurncoatsState, seat: Seat) -> Vec<[f64; 3]> {
    let mut pool = rows_of(&s.bag);
    for (p, h) in s.hands.iter().enumerate() {
        if p != seat {
            for c in Colour::ALL {
                pool[c.index()] += h[c] as f64;
            }
        }
    }
    let total: f64 = pool.iter().sum::<f64>().max(1.0);
    s.hands
        .iter()
        .enumerate()
        .map(|(p, h)| {
            if p == seat {
                rows_of(h)
            } else {
                let size = h.total() as f64;
                pool.map(|x| size * x / total)
            }
        })
        .collect()
}

/// `seat`'s chance to rank first if the game ended now, judged from [`honest_rows`].
fn honest_end(board: &Board, rows: &[[f64; 3]], seat: Seat) -> f64 {
    let temp = hand_temp(0.0);
    let key = |h: &[f64; 3]| match board.winning_colour() {
        Some(w) => h[w.index()] - LOSING_WEIGHT * (h.iter().sum::<f64>() - h[w.index()]),
        None => -h.iter().sum::<f64>(),
    };
    let mine = key(&rows[seat]);
    let sum: f64 = rows.iter().map(|h| ((key(h) - mine) / temp).exp()).sum();
    1.0 / sum
}

pub fn evaluate(s: &TurncoatsState, seat: Seat) -> f64 {
    evaluate_with(s, seat, &STANDARD)
}

/// [`evaluate`] with other weights.
pub fn evaluate_with(s: &TurncoatsState, seat: Seat, w: &Weights) -> f64 {
    if let Some(outcome) = Turncoats::outcome(s) {
        return outcome.reward(seat);
    }
    // The board's areas and leader, read once for the three uses below.
    let standing = s.board.areas_and_leader();
    if let Some(outcome) = ender_wins(s, standing.1) {
        return outcome.reward(seat);
    }
    let rows: Vec<[f64; 3]> = s.hands.iter().map(rows_of).collect();
    let v = Outlook::weighed_on(&s.board, standing, &rows, w).value(seat);
    if w.now == 0.0 {
        return v;
    }
    let order = final_ranking(&s.hands, standing.1, s.priority_order());
    let won = if order.first() == Some(&seat) {
        1.0
    } else {
        0.0
    };
    (1.0 - w.now) * v + w.now * won
}

/// §6.1: when everyone else has just negotiated, the mover may end the game with its own
/// negotiation. If it would rank first with the hands as they are, it wins: the draw and the
/// return can only keep or improve its keys (it may return the stone it drew). The outcome of
/// that ending, or `None` when the mover has to play on. `leader` is the board's winning
/// colour now ([`Board::winning_colour`]).
fn ender_wins(s: &TurncoatsState, leader: Option<Colour>) -> Option<Outcome> {
    if s.phase != Phase::Choose || s.streak + 1 < s.players {
        return None;
    }
    let order = final_ranking(&s.hands, leader, s.priority_order());
    if order.first() != Some(&s.mover) {
        return None;
    }
    let mut ranks = vec![0; s.hands.len()];
    for (place, &p) in order.iter().enumerate() {
        ranks[p] = place;
    }
    Some(Outcome::from_ranks(ranks, vec![0.0; s.hands.len()]))
}

/// Chance that a uniform legal action is played instead of the policy's pick.
const EXPLORE: f64 = 0.08;
/// Random jitter added to the policy's scores, so near-equal actions are chosen at random.
const NOISE: f64 = 0.004;
/// Actions the policy scores when there are more (playouts must stay cheap: five players
/// can have 200 legal actions and 60 turns to go).
const SAMPLE: usize = 24;
/// Bonus of a Negotiate that does not end the game, over its estimated swap value: playouts
/// then spend fewer stones on moves the first-order lens overrates. Measured with the
/// [`ender_wins`] evaluation, Hard vs Greedy, 2 players, 60 games: 37 % without, 52 % with.
const PATIENCE: f64 = 0.03;

/// The mover's local picture of [`value`]: how much it gains per unit of each colour's map
/// strength, and per stone of each colour leaving its hand. Playouts score every legal action
/// with it (a first-order estimate of the change of `value`), which costs a few integer
/// operations per action instead of a full evaluation.
struct Lens {
    seat: Seat,
    /// The hands as the mover judges them ([`honest_rows`]).
    rows: Vec<[f64; 3]>,
    value: f64,
    /// ∂value/∂strength of each colour.
    gain: [f64; 3],
    /// Change of value when one stone of each colour leaves the mover's hand.
    spend: [f64; 3],
    control: [Option<Colour>; AREA_COUNT],
}

impl Lens {
    fn new(s: &TurncoatsState) -> Lens {
        let seat = s.mover;
        let rows = honest_rows(s, seat);
        let outlook = Outlook::from_rows(&s.board, &rows);
        let (odds, shares) = (outlook.odds, outlook.shares[seat]);
        let value = outlook.value(seat);
        let tc = colour_temp(outlook.tempo);
        let th = hand_temp(outlook.tempo);
        let gain = [0, 1, 2].map(|i| odds[i] * (shares[i] - value) / tc);
        let slope = [0, 1, 2].map(|i| odds[i] * shares[i] * (1.0 - shares[i]) / th);
        // A spent stone no longer backs the colours the mover hopes for.
        let unbacked: f64 = (0..3).map(|i| -BACKING * shares[i] * gain[i]).sum();
        let spend = [0, 1, 2].map(|i| {
            unbacked
                + (0..3)
                    .map(|d| slope[d] * if d == i { -1.0 } else { LOSING_WEIGHT })
                    .sum::<f64>()
        });
        Lens {
            seat,
            rows,
            value,
            gain,
            spend,
            control: s.board.standings().control,
        }
    }

    /// Value change when area `a` changes from its current content to `after` (with the AXE
    /// and FLAG of `board`).
    fn area_change(&self, board: &Board, a: usize, after: Stones) -> f64 {
        let before = board.areas[a];
        let mut b = *board;
        b.areas[a] = after;
        let now = b.control(a);
        let mut delta = 0.0;
        if now != self.control[a] {
            if let Some(c) = self.control[a] {
                delta -= self.gain[c.index()];
            }
            if let Some(c) = now {
                delta += self.gain[c.index()];
            }
        }
        for c in Colour::ALL {
            delta += STONE_WEIGHT * (after[c] as f64 - before[c] as f64) * self.gain[c.index()];
        }
        delta
    }

    /// Estimated value change of `action` for the mover.
    fn score(&self, s: &TurncoatsState, action: TurncoatsAction) -> f64 {
        use TurncoatsAction as A;
        let board = &s.board;
        match action {
            A::Recruit { colour, area } => {
                let a = area as usize;
                let mut after = board.areas[a];
                after[colour] += 1;
                self.spend[colour.index()] + self.area_change(board, a, after)
            }
            A::Battle { colour, area } => {
                let a = area as usize;
                let mut b = *board;
                b.axe[colour] += 1;
                let best = self.best_kill(&b, colour, a);
                self.spend[colour.index()] + AXE_WEIGHT * self.gain[colour.index()] + best
            }
            A::Kill { kills } => match s.phase {
                Phase::Kill { area, .. } => {
                    let a = area as usize;
                    let mut after = board.areas[a];
                    for c in Colour::ALL {
                        after[c] -= kills[c];
                    }
                    self.area_change(board, a, after)
                }
                _ => 0.0,
            },
            A::March { colour, from, to } => {
                let mut b = *board;
                b.flag[colour] += 1;
                let have = b.areas[from as usize][colour];
                let best = [1, have.div_ceil(2), have]
                    .into_iter()
                    .map(|n| self.march_change(&b, colour, from as usize, to as usize, n))
                    .fold(f64::NEG_INFINITY, f64::max);
                self.spend[colour.index()] + best
            }
            A::MarchCount { count } => match s.phase {
                Phase::MarchCount { colour, from, to } => {
                    self.march_change(board, colour, from as usize, to as usize, count)
                }
                _ => 0.0,
            },
            A::Negotiate => {
                let hand = s.hands[self.seat];
                if s.streak + 1 >= s.players {
                    // The game ends after this negotiation.
                    let mut rows = self.rows.clone();
                    if let Some(c) = self.worst_stone(&hand) {
                        rows[self.seat][c.index()] -= 1.0;
                    }
                    // Ending locks the result in: worth it exactly when it is a likely win.
                    return honest_end(board, &rows, self.seat) - 0.5;
                }
                // A swap: the least useful stone out, a random one in.
                let out = self
                    .worst_stone(&hand)
                    .map_or(0.0, |c| self.spend[c.index()]);
                let bag = s.bag.total().max(1) as f64;
                let draw: f64 = Colour::ALL
                    .into_iter()
                    .map(|c| -self.spend[c.index()] * s.bag[c] as f64 / bag)
                    .sum();
                out + draw + PATIENCE
            }
            A::NegotiateReturn { colour } => {
                if s.streak + 1 >= s.players {
                    let mut rows = self.rows.clone();
                    rows[self.seat][colour.index()] -= 1.0;
                    return honest_end(board, &rows, self.seat) - self.value;
                }
                self.spend[colour.index()]
            }
            A::Draw { .. } => 0.0,
        }
    }

    fn best_kill(&self, board: &Board, colour: Colour, a: usize) -> f64 {
        let k = board.battle_kills(colour, a);
        let n = board.areas[a];
        let [x, y] = colour.others();
        (k.saturating_sub(n[y])..=k.min(n[x]))
            .map(|kx| {
                let mut after = n;
                after[x] -= kx;
                after[y] -= k - kx;
                self.area_change(board, a, after)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    fn march_change(&self, board: &Board, colour: Colour, from: usize, to: usize, n: u8) -> f64 {
        let mut src = board.areas[from];
        src[colour] -= n;
        let mut dst = board.areas[to];
        dst[colour] += n;
        // Stone counts cancel between the two areas; only control changes matter.
        let mut b = *board;
        let d1 = self.area_change(&b, from, src);
        b.areas[from] = src;
        d1 + self.area_change(&b, to, dst)
    }

    /// The colour whose loss hurts the mover least.
    fn worst_stone(&self, hand: &Stones) -> Option<Colour> {
        hand.colours().max_by(|a, b| {
            self.spend[a.index()]
                .partial_cmp(&self.spend[b.index()])
                .unwrap_or(std::cmp::Ordering::Equal)
        })
    }
}

/// Playout policy: score every legal action with the mover's [`Lens`] and play the best, with a
/// little randomness (a few uniform moves, and noise that breaks near-ties at random).
pub fn rollout_action(
    s: &TurncoatsState,
    legal: &[TurncoatsAction],
    rng: &mut Rng,
) -> TurncoatsAction {
    if legal.len() == 1 {
        return legal[0];
    }
    if random_bool(rng, EXPLORE) {
        return legal[rng.random_range(0..legal.len())];
    }
    let lens = Lens::new(s);
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    let mut consider = |a: TurncoatsAction, rng: &mut Rng| {
        let v = lens.score(s, a) + NOISE * rng.random::<f64>();
        if v > best_score {
            best_score = v;
            best = a;
        }
    };
    if legal.len() > SAMPLE {
        // Choosing among many actions: a random sample, and Negotiate (always last) for sure.
        for _ in 0..SAMPLE {
            consider(legal[rng.random_range(0..legal.len())], rng);
        }
        consider(legal[legal.len() - 1], rng);
    } else {
        for &a in legal {
            consider(a, rng);
        }
    }
    best
}
