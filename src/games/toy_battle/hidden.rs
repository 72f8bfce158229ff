//! Hidden information (§11): what each seat may see, and determinization for the AI.

use super::rules::{
    troop_at, Army, Change, End, Phase, Placement, Rack, Table, ToyBattleState, Troop, COPIES,
};
use crate::engine::{Rng, Seat};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

/// What anyone sees of a rack (§11): its size, how many of its slots are frozen, and the Troops
/// that openly went back to it (D12). Never its contents.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RackFace {
    pub size: u8,
    pub frozen: u8,
    /// Troops known to be on the rack, by `Troop as usize` (Retreat, Raise; until played).
    pub known: [u8; 8],
}

impl RackFace {
    pub fn of(rack: &Rack) -> Self {
        RackFace {
            size: rack.size(),
            frozen: rack.frozen_count(),
            known: rack.known,
        }
    }
}

/// One seat's view (§11): the whole table, its own rack, the other rack's face, both reserve
/// sizes. No reserve order, no set-aside Troop, no opponent rack Troop beyond the known ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToyBattleView {
    pub seat: Seat,
    pub table: Table,
    /// The viewer's own rack, frozen Troops included.
    pub rack: Rack,
    /// Public face of each seat's rack.
    pub racks: [RackFace; 2],
    /// Reserve sizes per seat.
    pub reserves: [u8; 2],
    pub starter: Seat,
    pub mover: Seat,
    pub phase: Phase,
    pub turns: u32,
    pub placed: Vec<Placement>,
    pub end: Option<End>,
    pub this_turn: Vec<Change>,
    pub last_turn: Vec<Change>,
}

pub(super) fn view(s: &ToyBattleState, seat: Seat) -> ToyBattleView {
    let seat = seat.min(1);
    ToyBattleView {
        seat,
        table: s.table.clone(),
        rack: s.armies[seat].rack.clone(),
        racks: [
            RackFace::of(&s.armies[0].rack),
            RackFace::of(&s.armies[1].rack),
        ],
        reserves: [
            s.armies[0].reserve.len() as u8,
            s.armies[1].reserve.len() as u8,
        ],
        starter: s.starter,
        mover: s.mover,
        phase: s.phase,
        turns: s.turns,
        placed: s.placed.clone(),
        end: s.end,
        this_turn: s.this_turn.clone(),
        last_turn: s.last_turn.clone(),
    }
}

/// The Troops of `seat` nobody at the table can place: 3 of each type minus those on the
/// Terrain, in the discard, and `on_rack` (the Troops of the rack the viewer knows).
fn unseen(table: &Table, seat: Seat, on_rack: &[u8; 8]) -> Vec<Troop> {
    let mut count = [COPIES; 8];
    let tiles = table.stacks().iter().flatten().chain(table.discard.iter());
    for tile in tiles.filter(|t| t.owner as usize == seat) {
        count[tile.troop as usize] = count[tile.troop as usize].saturating_sub(1);
    }
    let mut out = Vec::with_capacity(24);
    for (i, c) in count.iter().enumerate() {
        let n = c.saturating_sub(on_rack[i]);
        out.extend(std::iter::repeat_n(troop_at(i), n as usize));
    }
    out
}

/// §11 determinization: per colour, the unseen Troops are shuffled and dealt — the viewer's to
/// its set-aside and reserve; the opponent's to its rack (beside the known Troops), set-aside
/// and reserve. Frozen slots of the opponent's rack take dealt Troops first (§11), known ones
/// only when too few were dealt.
pub(super) fn determinize(v: &ToyBattleView, rng: &mut Rng) -> ToyBattleState {
    let me = v.seat.min(1);
    let mut armies: [Army; 2] = Default::default();
    for (seat, army) in armies.iter_mut().enumerate() {
        if seat == me {
            let mut pool = unseen(&v.table, seat, &v.rack.troops);
            pool.shuffle(rng);
            army.rack = v.rack.clone();
            deal_box_and_reserve(army, pool, v.reserves[seat]);
        } else {
            let face = &v.racks[seat];
            let mut pool = unseen(&v.table, seat, &face.known);
            pool.shuffle(rng);
            let known: u8 = face.known.iter().sum();
            let dealt = face.size.saturating_sub(known) as usize;
            let mut rack = Rack {
                troops: face.known,
                frozen: [0; 8],
                known: face.known,
            };
            let hand: Vec<Troop> = pool.drain(..dealt.min(pool.len())).collect();
            for &t in &hand {
                rack.troops[t as usize] += 1;
            }
            // Frozen slots: dealt Troops first, then known ones.
            let mut to_freeze = face.frozen;
            for &t in hand.iter().chain(known_list(&face.known).iter()) {
                if to_freeze == 0 {
                    break;
                }
                if rack.frozen[t as usize] < rack.troops[t as usize] {
                    rack.frozen[t as usize] += 1;
                    to_freeze -= 1;
                }
            }
            army.rack = rack;
            deal_box_and_reserve(army, pool, v.reserves[seat]);
        }
    }
    ToyBattleState {
        table: v.table.clone(),
        armies,
        starter: v.starter,
        mover: v.mover,
        phase: v.phase,
        turns: v.turns,
        placed: v.placed.clone(),
        end: v.end,
        this_turn: v.this_turn.clone(),
        last_turn: v.last_turn.clone(),
    }
}

fn known_list(known: &[u8; 8]) -> Vec<Troop> {
    known
        .iter()
        .enumerate()
        .flat_map(|(i, &n)| std::iter::repeat_n(troop_at(i), n as usize))
        .collect()
}

/// The rest of a shuffled pool: 4 to the box, the reserve its public size (any surplus, which
/// only an inconsistent view could leave, also goes to the box).
fn deal_box_and_reserve(army: &mut Army, mut pool: Vec<Troop>, reserve: u8) {
    let reserve = (reserve as usize).min(pool.len());
    army.reserve = pool.split_off(pool.len() - reserve);
    army.set_aside = pool;
}
