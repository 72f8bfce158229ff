//! Toy Battle's rules (`shared/rules/toy-battle.md`). Every function names the section it
//! implements; the DECISIONs of §14 are cited as D1…D12.

use super::terrain::{Colour, Power, Terrain, TerrainKey};
use crate::engine::{Game, Illegal, Level, Outcome, Rng, SearchConfig, Seat, SetupError, ToMove};
use rand::seq::SliceRandom;
use rand::Rng as _;
use serde::{Deserialize, Serialize};

/// The most Troops a rack holds (§4 A), frozen ones included (§6.9).
pub const RACK_LIMIT: u8 = 8;
/// Troops each player puts back in the box unseen at setup (§3.5).
pub const SET_ASIDE: usize = 4;
/// Every colour has 3 copies of each of the 8 Troops (§2.1).
pub const COPIES: u8 = 3;
/// Troops per colour (§9 invariant).
pub const TROOPS_PER_COLOUR: usize = 24;
/// D6: after this many turns the game ends as a stall of the player to move.
pub const TURN_LIMIT: u32 = 400;

/// The eight Troop types (§2.1). The discriminant is the printed strength; Kwak, the joker, is 0
/// and is never compared by number (see [`can_cover`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Troop {
    Kwak = 0,
    Skully = 1,
    Capn = 2,
    Jumbo = 3,
    Hook = 4,
    Xb42 = 5,
    Star = 6,
    Roxy = 7,
}

impl Troop {
    pub const ALL: [Troop; 8] = [
        Troop::Kwak,
        Troop::Skully,
        Troop::Capn,
        Troop::Jumbo,
        Troop::Hook,
        Troop::Xb42,
        Troop::Star,
        Troop::Roxy,
    ];

    /// The printed strength 1–7; `None` for Kwak ("X").
    pub fn strength(self) -> Option<u8> {
        (self != Troop::Kwak).then_some(self as u8)
    }

    pub fn name(self) -> &'static str {
        match self {
            Troop::Kwak => "Kwak",
            Troop::Skully => "Skully",
            Troop::Capn => "Cap'n",
            Troop::Jumbo => "Jumbo",
            Troop::Hook => "Hook",
            Troop::Xb42 => "XB-42",
            Troop::Star => "Star",
            Troop::Roxy => "Roxy",
        }
    }

    fn from_index(i: usize) -> Troop {
        Troop::ALL[i & 7]
    }
}

/// §5 `canCover(t, u)` for a non-empty target: Kwak covers and is covered by anything, otherwise
/// strictly stronger only (equal is not enough).
pub fn can_cover(t: Troop, u: Troop) -> bool {
    t == Troop::Kwak || u == Troop::Kwak || t as u8 > u as u8
}

/// One Troop tile of a seat's colour, on the Terrain or in the discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tile {
    pub owner: u8,
    pub troop: Troop,
}

/// Table options (§3, §10): the Terrain and the Beginner variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ToyBattleOptions {
    pub terrain: TerrainChoice,
    /// §3 Beginner variant: every special base is a plain base.
    pub beginner: bool,
}

impl Default for ToyBattleOptions {
    /// Castle Field, advised for a first game (§3.1).
    fn default() -> Self {
        ToyBattleOptions {
            terrain: TerrainChoice::Castle,
            beginner: false,
        }
    }
}

/// One of the eight Terrains, or one drawn at random at setup (§3.1, BGA's "Random").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TerrainChoice {
    Castle,
    Pool,
    Clouds,
    Jungle,
    Cemetery,
    Caribbean,
    #[serde(rename = "metalx")]
    MetalX,
    Battlefield,
    Random,
}

impl TerrainChoice {
    pub const ALL: [TerrainChoice; 9] = [
        TerrainChoice::Castle,
        TerrainChoice::Pool,
        TerrainChoice::Clouds,
        TerrainChoice::Jungle,
        TerrainChoice::Cemetery,
        TerrainChoice::Caribbean,
        TerrainChoice::MetalX,
        TerrainChoice::Battlefield,
        TerrainChoice::Random,
    ];

    /// The fixed Terrain, or `None` for a random one.
    pub fn key(self) -> Option<TerrainKey> {
        TerrainKey::ALL.get(self as usize).copied()
    }
}

/// A rack (§1 glossary): at most 8 Troops, hidden from the opponent. Kept as counts per Troop,
/// since copies of a Troop are interchangeable.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rack {
    /// Troops on the rack, by `Troop as usize`.
    pub troops: [u8; 8],
    /// Of those, the frozen ones (§6.9): they fill the rack but cannot be placed this turn.
    pub frozen: [u8; 8],
    /// Of those, the ones the opponent saw go back openly (Retreat, Raise; D12).
    pub known: [u8; 8],
}

impl Rack {
    pub fn size(&self) -> u8 {
        self.troops.iter().sum()
    }

    pub fn frozen_count(&self) -> u8 {
        self.frozen.iter().sum()
    }

    pub fn count(&self, t: Troop) -> u8 {
        self.troops[t as usize]
    }

    /// Copies of `t` that may be placed now (not frozen).
    pub fn playable(&self, t: Troop) -> u8 {
        self.troops[t as usize].saturating_sub(self.frozen[t as usize])
    }

    /// Room left under the rack limit; frozen Troops take room too (§6.9).
    pub fn room(&self) -> u8 {
        RACK_LIMIT.saturating_sub(self.size())
    }

    /// A Troop leaves the rack. D12: a Troop of that type is no longer known to be there.
    fn take(&mut self, t: Troop, frozen: bool) {
        let i = t as usize;
        self.troops[i] = self.troops[i].saturating_sub(1);
        if frozen {
            self.frozen[i] = self.frozen[i].saturating_sub(1);
        }
        self.known[i] = self.known[i].saturating_sub(1).min(self.troops[i]);
    }

    /// A Troop arrives face down (a draw): only the owner knows it.
    fn add_secret(&mut self, t: Troop) {
        self.troops[t as usize] += 1;
    }

    /// A Troop arrives openly (Retreat, Raise): the opponent knows it is there (D12).
    fn add_open(&mut self, t: Troop) {
        self.troops[t as usize] += 1;
        self.known[t as usize] += 1;
    }

    /// The Troops as a list, lowest strength first (Kwak first).
    pub fn list(&self) -> Vec<Troop> {
        Troop::ALL
            .iter()
            .flat_map(|&t| std::iter::repeat_n(t, self.troops[t as usize] as usize))
            .collect()
    }
}

/// One player's Troops off the Terrain (§3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// Face-down reserve; the top (next drawn) is the last element. Order is secret.
    pub reserve: Vec<Troop>,
    /// The 4 Troops back in the box, never revealed (§3.5).
    pub set_aside: Vec<Troop>,
    pub rack: Rack,
}

/// What lies openly on the table: the Terrain, its stacks, the discard and the Medals (§11: all
/// public). Both the state and every view hold one, so board helpers work on either.
///
/// The search reads who holds each node's top and each seat's reach far more often than the
/// stacks change, so the table keeps those masks beside the stacks: the stacks are private and
/// change only through [`Table::push`] and [`Table::pop`], which update the masks. The masks are
/// not serialized; deserializing rebuilds them from the stacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "TableData")]
pub struct Table {
    /// Fixed for the table's life (the masks depend on it).
    pub terrain: TerrainKey,
    pub beginner: bool,
    /// The seat playing blue (D1); blue owns the H.Q.s 1/2. Private like the stacks, since the
    /// reach masks depend on it.
    blue: Seat,
    /// Each node's stack, bottom to top, by node index (`Terrain::spec.nodes` order).
    stacks: Vec<Vec<Tile>>,
    /// The shared face-up discard, oldest first.
    pub discard: Vec<Tile>,
    /// Medals taken by each seat.
    pub medals: [u8; 2],
    /// Medals still lying in each region (§8), in `spec.regions` order.
    pub region_medals: Vec<u8>,
    /// The seat that took each region's Medals, if any.
    pub region_taker: Vec<Option<u8>>,
    /// [`Table::tops`] of the stacks as they stand.
    #[serde(skip)]
    tops: [[u32; 8]; 2],
    /// [`Table::reach_over`] of each seat over the bases it occupies now.
    #[serde(skip)]
    reach: [u32; 2],
}

/// The serialized form of a [`Table`]: its fields without the masks.
#[derive(Deserialize)]
struct TableData {
    terrain: TerrainKey,
    beginner: bool,
    blue: Seat,
    stacks: Vec<Vec<Tile>>,
    discard: Vec<Tile>,
    medals: [u8; 2],
    region_medals: Vec<u8>,
    region_taker: Vec<Option<u8>>,
}

impl From<TableData> for Table {
    fn from(d: TableData) -> Table {
        let mut table = Table {
            terrain: d.terrain,
            beginner: d.beginner,
            blue: d.blue,
            stacks: d.stacks,
            discard: d.discard,
            medals: d.medals,
            region_medals: d.region_medals,
            region_taker: d.region_taker,
            tops: [[0; 8]; 2],
            reach: [0; 2],
        };
        table.tops = table.scan_tops();
        table.update_reach();
        table
    }
}

impl Table {
    /// §3 setup: the empty Terrain `terrain`, every region's Medals still on it.
    pub fn new(terrain: TerrainKey, beginner: bool, blue: Seat) -> Table {
        let spec = terrain.terrain().spec;
        TableData {
            terrain,
            beginner,
            blue,
            stacks: vec![Vec::new(); spec.nodes.len()],
            discard: Vec::new(),
            medals: [0, 0],
            region_medals: spec.regions.iter().map(|r| r.medals).collect(),
            region_taker: vec![None; spec.regions.len()],
        }
        .into()
    }

    pub fn terrain(&self) -> &'static Terrain {
        self.terrain.terrain()
    }

    /// The seat playing blue (D1).
    pub fn blue(&self) -> Seat {
        self.blue
    }

    /// Each node's stack, bottom to top, by node index.
    pub fn stacks(&self) -> &[Vec<Tile>] {
        &self.stacks
    }

    /// A Troop goes on top of node `index`.
    pub fn push(&mut self, index: usize, tile: Tile) {
        if let Some(stack) = self.stacks.get_mut(index) {
            stack.push(tile);
            self.update_top(index);
        }
    }

    /// The top Troop of node `index` leaves it.
    pub fn pop(&mut self, index: usize) -> Option<Tile> {
        let tile = self.stacks.get_mut(index)?.pop();
        self.update_top(index);
        tile
    }

    /// The masks after the top of node `index` changed: its bit moves to its new top's owner
    /// and type, then the reach of a seat whose occupied bases changed follows (a base won or
    /// lost can join or cut a chain; a seat's reach depends on nothing else that changes).
    fn update_top(&mut self, index: usize) {
        let bit = 1u32 << index;
        // The seat whose top the node had (its bit is in one mask at most) and the one it has:
        // only their occupied bases can change, and only when the node is a base.
        let mut was = None;
        for (seat, masks) in self.tops.iter_mut().enumerate() {
            for mask in masks.iter_mut() {
                if *mask & bit != 0 {
                    was = Some(seat);
                    *mask &= !bit;
                }
            }
        }
        let mut now = None;
        if let Some(top) = self.top(index) {
            if let Some(masks) = self.tops.get_mut(top.owner as usize) {
                masks[top.troop as usize] |= bit;
                now = Some(top.owner as usize);
            }
        }
        if was == now || self.terrain().bases & bit == 0 {
            return;
        }
        for seat in [was, now].into_iter().flatten() {
            self.reach[seat] = self.reach_over(seat, self.occupied(seat));
        }
    }

    /// Both seats' reach over the bases they occupy now (§5 connection).
    fn update_reach(&mut self) {
        let occupied = self.occupancy();
        self.reach = [
            self.reach_over(0, occupied[0]),
            self.reach_over(1, occupied[1]),
        ];
    }

    /// [`Table::tops`] from scratch, one pass over the stacks.
    fn scan_tops(&self) -> [[u32; 8]; 2] {
        let mut out = [[0u32; 8]; 2];
        for (i, stack) in self.stacks.iter().enumerate() {
            if let Some(top) = stack.last() {
                if let Some(seat) = out.get_mut(top.owner as usize) {
                    seat[top.troop as usize] |= 1 << i;
                }
            }
        }
        out
    }

    /// Whether the kept masks are those of the stacks as they stand (for the tests).
    #[cfg(test)]
    pub(super) fn masks_agree(&self) -> bool {
        let tops = self.scan_tops();
        let bases = self.terrain().bases;
        let own = |seat: usize| tops[seat].iter().fold(0, |m, t| m | t) & bases;
        self.tops == tops && self.reach == [self.reach_over(0, own(0)), self.reach_over(1, own(1))]
    }

    pub fn colour(&self, seat: Seat) -> Colour {
        if seat == self.blue {
            Colour::Blue
        } else {
            Colour::Red
        }
    }

    /// The seat playing `colour`.
    pub fn seat_of(&self, colour: Colour) -> Seat {
        match colour {
            Colour::Blue => self.blue,
            Colour::Red => 1 - self.blue,
        }
    }

    /// H.Q. mask of a seat.
    pub fn hqs(&self, seat: Seat) -> u32 {
        self.terrain().hqs[self.colour(seat) as usize]
    }

    pub fn top(&self, index: usize) -> Option<Tile> {
        self.stacks.get(index).and_then(|s| s.last().copied())
    }

    /// [`Table::occupied`] of both seats.
    pub fn occupancy(&self) -> [u32; 2] {
        [self.occupied(0), self.occupied(1)]
    }

    /// Per seat and Troop type, the nodes whose top is that seat's Troop of that type (H.Q.s
    /// included): gives both [`Table::occupied`] and [`Table::enemy_tops`].
    pub fn tops(&self) -> [[u32; 8]; 2] {
        self.tops
    }

    /// §1 "occupy": the bases whose top Troop is the seat's.
    pub fn occupied(&self, seat: Seat) -> u32 {
        let tops = self
            .tops
            .get(seat)
            .map_or(0, |t| t.iter().fold(0, |m, t| m | t));
        tops & self.terrain().bases
    }

    /// §5 connection: `territory` is every base reached from the seat's H.Q.s stepping only on
    /// bases it occupies; `reach` is every node adjacent to an H.Q. of the seat or to that
    /// territory.
    pub fn reach(&self, seat: Seat) -> u32 {
        self.reach.get(seat).copied().unwrap_or(0)
    }

    /// [`Table::reach`] as if `seat` occupied exactly the bases of `own` (for what-if tests).
    pub fn reach_over(&self, seat: Seat, own: u32) -> u32 {
        let terrain = self.terrain();
        let hqs = self.hqs(seat);
        let mut territory = 0;
        let mut frontier = terrain.neighbours(hqs) & own;
        while frontier != 0 {
            territory |= frontier;
            frontier = terrain.neighbours(frontier) & own & !territory;
        }
        terrain.neighbours(hqs | territory)
    }

    /// §6 / §10.7: a Station Metal-X shield base (normal mode only).
    pub fn shielded(&self, index: usize) -> bool {
        self.shields() & (1 << index) != 0
    }

    /// §5 / §10.2: the Tropical Pool value list of a node admits `troop` (normal mode only).
    pub fn allows(&self, index: usize, troop: Troop) -> bool {
        self.beginner || self.terrain().admits[troop as usize] & (1 << index) != 0
    }

    /// The special-base power that fires on node `index`, if any (§7.1; none in Beginner mode).
    pub fn base_power(&self, index: usize) -> Option<Power> {
        let terrain = self.terrain();
        let power = terrain.spec.power;
        (!self.beginner && power.has_after_effect() && terrain.special & (1 << index) != 0)
            .then_some(power)
    }

    /// Per Troop type, the bases whose top is an enemy Troop of that type (for `canCover`).
    pub fn enemy_tops(&self, seat: Seat) -> [u32; 8] {
        self.tops.get(1 - seat.min(1)).copied().unwrap_or_default()
    }

    /// §5 `isLegal(P, t, n)` for every node at once, as a mask. `reach` is `self.reach(seat)`
    /// and `enemy` is `self.enemy_tops(seat)`, passed in so a move generator computes them once.
    pub fn targets_with(&self, seat: Seat, troop: Troop, reach: u32, enemy: &[u32; 8]) -> u32 {
        let terrain = self.terrain();
        let own_hqs = self.hqs(seat);
        let enemy_hqs = (terrain.hqs[0] | terrain.hqs[1]) & !own_hqs;
        let allowed = if self.beginner {
            u32::MAX
        } else {
            terrain.admits[troop as usize]
        };
        // Enemy tops this Troop cannot cover: none for Kwak; else every non-Kwak of at least
        // its strength.
        let mut blocked = 0;
        if troop != Troop::Kwak {
            for mask in &enemy[troop as usize..] {
                blocked |= mask;
            }
        }
        let open = terrain.bases & allowed & !blocked;
        let hook = if troop == Troop::Hook {
            open & !self.shields()
        } else {
            0
        };
        (enemy_hqs & allowed & reach) | (open & (reach | hook))
    }

    /// Station Metal-X shield bases in force.
    pub fn shields(&self) -> u32 {
        let terrain = self.terrain();
        if !self.beginner && terrain.spec.power == Power::Shield {
            terrain.special
        } else {
            0
        }
    }

    /// §5: the nodes where `seat` may place `troop` now.
    pub fn targets(&self, seat: Seat, troop: Troop) -> u32 {
        self.targets_with(seat, troop, self.reach(seat), &self.enemy_tops(seat))
    }

    /// §5 `isLegal(P, t, n)` for the one node `index`: [`Table::targets`] reads each node's
    /// enemy top only for that node's own bit, so the top of `index` alone decides it.
    pub fn may_place(&self, seat: Seat, troop: Troop, index: usize) -> bool {
        let mut enemy = [0u32; 8];
        if let Some(top) = self.top(index) {
            if top.owner as usize != seat {
                enemy[top.troop as usize] = 1 << index;
            }
        }
        self.targets_with(seat, troop, self.reach(seat), &enemy) & (1 << index) != 0
    }

    /// Node index of a printed node id, as a rule error when the Terrain lacks it.
    fn node(&self, id: u8) -> Result<usize, Illegal> {
        self.terrain()
            .index_of(id)
            .ok_or_else(|| Illegal::Rule(format!("{} has no node {id}", self.terrain().spec.name)))
    }

    /// The seat whose H.Q. is node `index`, if it is one.
    pub fn hq_owner(&self, index: usize) -> Option<Seat> {
        let colour = self.terrain().spec.nodes.get(index)?.hq?;
        Some(self.seat_of(colour))
    }

    /// Troops of `seat` on the Terrain (covered ones included).
    pub fn on_board(&self, seat: Seat) -> usize {
        self.stacks
            .iter()
            .flatten()
            .filter(|t| t.owner as usize == seat)
            .count()
    }
}

/// Where the current turn stands (§4, §7). Pending sub-choices are phases of their own, so each
/// prompt is one action of the Game contract (§12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// §4: DRAW or PLACE.
    Main,
    /// §6: the optional effect of the Troop just placed on `node` (never offered when it has no
    /// legal use).
    Effect {
        troop: Troop,
        node: u8,
    },
    /// §6.6: chance picks the Troop XB-42 hits.
    XbStrike,
    /// §7.1: the optional special-base effect of `placed[index]`.
    Base {
        index: u8,
    },
    /// §6.9: chance picks the Troop the sniper of `placed[index]` freezes.
    SniperShot {
        index: u8,
    },
    Over,
}

/// A Troop placed from the rack this turn (§7 `placed`), kept until its special base resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub troop: Troop,
    pub node: u8,
    /// Its position in the stack, so a Retreat can tell whether it took this very Troop.
    pub depth: u8,
    /// False once it went back to the rack (D5 cancels its base effect).
    pub on_board: bool,
}

/// One public change, kept for the table's marks and the log. Secrets never appear here: a draw
/// has a count only, a freeze no Troop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// A draw from the reserve (DRAW, Skully, Star, City of Clouds).
    Drew { seat: u8, count: u8 },
    /// A Troop placed from the rack (main placement or Cap'n).
    Placed { seat: u8, troop: Troop, node: u8 },
    /// Jumbo discarded `seat`'s top Troop from `node`.
    Discarded { seat: u8, troop: Troop, node: u8 },
    /// XB-42 discarded a Troop from `seat`'s rack.
    RackHit { seat: u8, troop: Troop },
    /// Castle Retreat took a Troop back to the rack.
    Retreated { seat: u8, troop: Troop, node: u8 },
    /// The Eruption moved a Troop.
    Moved { troop: Troop, from: u8, to: u8 },
    /// Cemetery Raise took a Troop back from the discard.
    Raised { seat: u8, troop: Troop },
    /// The Sniper froze one Troop of `seat` (which one stays secret).
    Froze { seat: u8 },
    /// `seat` took the Medals of a region.
    Medals { seat: u8, region: u8, medals: u8 },
}

/// How the game ended (§9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum EndReason {
    /// §9.1: a Troop landed on an enemy H.Q.
    Capture { node: u8 },
    /// §9.2: the Medal objective was reached.
    Medals,
    /// §9.3: the stalled seat could neither draw nor place.
    Stall { stalled: u8 },
    /// D6: the turn limit, scored as a stall of the seat to move.
    TurnLimit { stalled: u8 },
}

/// The end of the game: who won and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct End {
    pub winner: u8,
    #[serde(flatten)]
    pub reason: EndReason,
}

/// One decision (§12). Chance outcomes (`xb42_hit`, `freeze`) are actions too, so a record
/// reads as the whole game and replay checks them against the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToyBattleAction {
    /// §4 A.
    Draw,
    /// §4 B: a rack Troop onto a node.
    Place { troop: Troop, node: u8 },
    /// §6.2.
    SkullyDraw,
    /// §6.7.
    StarDraw,
    /// §6.3: the extra placement.
    CapnPlace { troop: Troop, node: u8 },
    /// §6.4: discard the enemy top Troop of an adjacent node.
    JumboDiscard { node: u8 },
    /// §6.6: strike the opponent's rack (chance picks the Troop).
    Xb42Discard,
    /// §7.1 Castle Field: take back your visible Troop on `node`.
    Retreat { node: u8 },
    /// §7.1 City of Clouds.
    CloudsDraw,
    /// §7.1 Volcanic Jungle: move the enemy top of `from` onto `to`.
    Erupt { from: u8, to: u8 },
    /// §7.1 Cursed Cemetery: a discarded Troop of yours back to the rack.
    Raise { troop: Troop },
    /// §7.1 Battlefield (D4: optional; chance picks the Troop).
    Snipe,
    /// Decline the pending effect.
    Skip,
    /// Chance (§6.6): the opponent's rack Troop XB-42 hits, and whether it was frozen.
    Xb42Hit { troop: Troop, frozen: bool },
    /// Chance (§6.9): the opponent's rack Troop that is frozen.
    Freeze { troop: Troop },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToyBattleState {
    pub table: Table,
    /// Per seat.
    pub armies: [Army; 2],
    /// The seat that took the first turn (§3.6).
    pub starter: Seat,
    /// The seat whose turn it is (or was, once over).
    pub mover: Seat,
    pub phase: Phase,
    /// Turns completed (D6).
    pub turns: u32,
    /// Troops placed from the rack this turn, in order (§7).
    pub placed: Vec<Placement>,
    pub end: Option<End>,
    pub this_turn: Vec<Change>,
    pub last_turn: Vec<Change>,
}

pub struct ToyBattle;

fn rule(text: impl Into<String>) -> Illegal {
    Illegal::Rule(text.into())
}

impl ToyBattleState {
    pub fn terrain(&self) -> &'static Terrain {
        self.table.terrain()
    }

    /// §4 A / §6.2 / §6.7 / §7.1: how many Troops a draw of up to `max` takes for `seat`.
    pub fn draw_count(&self, seat: Seat, max: u8) -> u8 {
        let army = &self.armies[seat];
        max.min(army.reserve.len().min(255) as u8)
            .min(army.rack.room())
    }

    fn draw(&mut self, seat: Seat, count: u8) {
        for _ in 0..count {
            if let Some(t) = self.armies[seat].reserve.pop() {
                self.armies[seat].rack.add_secret(t);
            }
        }
        self.this_turn.push(Change::Drew {
            seat: seat as u8,
            count,
        });
    }

    /// §4 stall check: DRAW is legal or a non-frozen rack Troop has a legal target.
    pub fn can_act(&self, seat: Seat) -> bool {
        self.draw_count(seat, 2) >= 1 || self.can_place(seat)
    }

    /// True when some non-frozen rack Troop of `seat` has a legal target (§5).
    pub fn can_place(&self, seat: Seat) -> bool {
        let (reach, enemy) = self.reach_and_enemy(seat);
        let rack = &self.armies[seat].rack;
        Troop::ALL
            .iter()
            .any(|&t| rack.playable(t) > 0 && self.table.targets_with(seat, t, reach, &enemy) != 0)
    }

    /// [`Table::reach`] and [`Table::enemy_tops`] of `seat`.
    fn reach_and_enemy(&self, seat: Seat) -> (u32, [u32; 8]) {
        (self.table.reach(seat), self.table.enemy_tops(seat))
    }

    /// §7 `placeFromRack`: the Troop goes on top, then the capture check, the region check and
    /// (unless shielded) its own effect.
    fn place_from_rack(&mut self, troop: Troop, index: usize) {
        let seat = self.mover;
        self.armies[seat].rack.take(troop, false);
        let node = self.table.terrain().id(index);
        self.table.push(
            index,
            Tile {
                owner: seat as u8,
                troop,
            },
        );
        let depth = self.table.stacks[index].len().saturating_sub(1) as u8;
        self.placed.push(Placement {
            troop,
            node,
            depth,
            on_board: true,
        });
        self.this_turn.push(Change::Placed {
            seat: seat as u8,
            troop,
            node,
        });
        if self.table.hq_owner(index).is_some_and(|s| s != seat) {
            self.finish(seat, EndReason::Capture { node });
            return;
        }
        if self.region_check(1 << index) {
            return;
        }
        if !self.table.shielded(index) && self.troop_effect_has_use(troop, index) {
            self.phase = Phase::Effect { troop, node };
        } else {
            self.base_effects_from(0);
        }
    }

    /// §6: whether the effect of `troop`, just placed on `index`, could do anything. Effects with
    /// no legal use are skipped by the engine (§12).
    fn troop_effect_has_use(&self, troop: Troop, index: usize) -> bool {
        let me = self.mover;
        match troop {
            Troop::Kwak | Troop::Hook | Troop::Roxy => false,
            Troop::Skully => self.draw_count(me, 2) >= 1,
            Troop::Star => self.draw_count(me, 1) >= 1,
            Troop::Capn => self.can_place(me),
            Troop::Jumbo => self.jumbo_targets(index) != 0,
            Troop::Xb42 => self.armies[1 - me].rack.size() > 0,
        }
    }

    /// §6.4: nodes adjacent to Jumbo's base whose top Troop is the opponent's.
    pub fn jumbo_targets(&self, index: usize) -> u32 {
        self.terrain().adjacent[index] & self.table.occupied(1 - self.mover)
    }

    /// §7.1 Castle Retreat: the mover's visible Troops on bases other than the trigger (D7).
    pub fn retreat_targets(&self, trigger: usize) -> u32 {
        if self.armies[self.mover].rack.room() == 0 {
            return 0;
        }
        self.table.occupied(self.mover) & !(1 << trigger)
    }

    /// §7.1 Eruption sources: enemy tops on bases adjacent to the volcano base.
    pub fn eruption_sources(&self, trigger: usize) -> u32 {
        self.terrain().adjacent[trigger] & self.table.occupied(1 - self.mover)
    }

    /// §7.1 Eruption destinations from `from`: any adjacent base, never an H.Q. (D2).
    pub fn eruption_destinations(&self, from: usize) -> u32 {
        self.terrain().adjacent[from] & self.terrain().bases
    }

    /// §7.1 Raise: the mover's Troop types in the discard, as a Troop mask (empty when the rack
    /// is full).
    pub fn raise_choices(&self) -> u8 {
        if self.armies[self.mover].rack.room() == 0 {
            return 0;
        }
        self.table
            .discard
            .iter()
            .filter(|t| t.owner as usize == self.mover)
            .fold(0, |m, t| m | 1 << t.troop as u8)
    }

    /// §7.1: whether the special base of `placed[index]` has a legal use now (D5: not once its
    /// Troop went back to the rack).
    fn base_effect_has_use(&self, index: usize) -> bool {
        let Some(p) = self.placed.get(index) else {
            return false;
        };
        let Some(node) = self.terrain().index_of(p.node) else {
            return false;
        };
        if !p.on_board {
            return false;
        }
        let me = self.mover;
        match self.table.base_power(node) {
            Some(Power::Retreat) => self.retreat_targets(node) != 0,
            Some(Power::CloudsDraw) => self.draw_count(me, 1) >= 1,
            Some(Power::Eruption) => self.eruption_sources(node) != 0,
            Some(Power::Raise) => self.raise_choices() != 0,
            Some(Power::Sniper) => {
                let rack = &self.armies[1 - me].rack;
                rack.size() > rack.frozen_count()
            }
            _ => false,
        }
    }

    /// §7 `turnPlace`, after the Troop effects: the special-base effects in placement order,
    /// from `placed[from]` on; then the end of the turn.
    fn base_effects_from(&mut self, from: usize) {
        for index in from..self.placed.len() {
            if self.base_effect_has_use(index) {
                self.phase = Phase::Base { index: index as u8 };
                return;
            }
        }
        self.end_turn();
    }

    /// §7 / §8 `regionCheck(B)`: award every region touching `changed` that one seat fully
    /// occupies and that still holds Medals, then test the objective for both seats (D3: the
    /// mover wins a double). True when the game ended.
    pub(super) fn region_check(&mut self, changed: u32) -> bool {
        let terrain = self.terrain();
        // Only the regions touching `changed` that still hold Medals, in region order.
        let mut live = 0u32;
        let mut touched = terrain.regions_touching(changed);
        while touched != 0 {
            let r = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            if self.table.region_medals[r] > 0 {
                live |= 1 << r;
            }
        }
        if live == 0 {
            return false;
        }
        let occupied = self.table.occupancy();
        while live != 0 {
            let r = live.trailing_zeros() as usize;
            live &= live - 1;
            let bases = terrain.regions[r];
            for (seat, &occ) in occupied.iter().enumerate() {
                if occ & bases == bases {
                    let medals = self.table.region_medals[r];
                    self.table.medals[seat] += medals;
                    self.table.region_medals[r] = 0;
                    self.table.region_taker[r] = Some(seat as u8);
                    self.this_turn.push(Change::Medals {
                        seat: seat as u8,
                        region: terrain.spec.regions[r].id,
                        medals,
                    });
                }
            }
        }
        let target = terrain.spec.medal_target;
        let reached = [
            self.table.medals[0] >= target,
            self.table.medals[1] >= target,
        ];
        let winner = match reached {
            [true, true] => Some(self.mover),
            [true, false] => Some(0),
            [false, true] => Some(1),
            [false, false] => None,
        };
        if let Some(w) = winner {
            self.finish(w, EndReason::Medals);
            return true;
        }
        false
    }

    fn finish(&mut self, winner: Seat, reason: EndReason) {
        self.end = Some(End {
            winner: winner as u8,
            reason,
        });
        self.phase = Phase::Over;
    }

    /// §4 step 4 `endTurn`: the mover's frozen Troops thaw, the turn passes, and the next turn
    /// starts.
    fn end_turn(&mut self) {
        self.armies[self.mover].rack.frozen = [0; 8];
        self.turns += 1;
        self.placed.clear();
        // Swapped rather than taken, so both logs keep their room and a turn allocates nothing.
        std::mem::swap(&mut self.last_turn, &mut self.this_turn);
        self.this_turn.clear();
        self.mover = 1 - self.mover;
        self.phase = Phase::Main;
        self.start_turn();
    }

    /// §4 start of turn: first the D6 turn limit, then the stall check (D10).
    fn start_turn(&mut self) {
        let stalled = self.mover;
        let reason = if self.turns >= TURN_LIMIT {
            EndReason::TurnLimit {
                stalled: stalled as u8,
            }
        } else if !self.can_act(stalled) {
            EndReason::Stall {
                stalled: stalled as u8,
            }
        } else {
            return;
        };
        // §9.3: most Medals wins; a tie goes against the stalled player.
        let other = 1 - stalled;
        let winner = if self.table.medals[stalled] > self.table.medals[other] {
            stalled
        } else {
            other
        };
        self.finish(winner, reason);
    }

    /// The Troop at the top of a placement's stack is that very placement (used by Retreat, D5).
    fn forget_placement_at(&mut self, node: u8, depth: usize) {
        for p in self.placed.iter_mut() {
            if p.on_board && p.node == node && p.depth as usize == depth {
                p.on_board = false;
            }
        }
    }

    /// §6.6: the XB-42 target `troop` (frozen or not) is on the opponent's rack.
    fn rack_holds(&self, seat: Seat, troop: Troop, frozen: bool) -> bool {
        let rack = &self.armies[seat].rack;
        if frozen {
            rack.frozen[troop as usize] > 0
        } else {
            rack.playable(troop) > 0
        }
    }

    /// Validate a placement (main or Cap'n) against §5.
    fn check_placement(&self, troop: Troop, node: u8) -> Result<usize, Illegal> {
        let index = self.table.node(node)?;
        let rack = &self.armies[self.mover].rack;
        if rack.count(troop) == 0 {
            return Err(rule(format!("no {} on the rack", troop.name())));
        }
        if rack.playable(troop) == 0 {
            return Err(rule(format!(
                "every {} on the rack is frozen",
                troop.name()
            )));
        }
        if !self.table.may_place(self.mover, troop, index) {
            return Err(rule(format!(
                "{} may not be placed on node {node}",
                troop.name()
            )));
        }
        Ok(index)
    }

    /// Every legal action of the seat to move, in a deterministic order.
    fn actions(&self, out: &mut Vec<ToyBattleAction>) {
        out.clear();
        let me = self.mover;
        let terrain = self.terrain();
        let ids = |mask: u32, out: &mut Vec<ToyBattleAction>, f: &dyn Fn(u8) -> ToyBattleAction| {
            let mut m = mask;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                out.push(f(terrain.id(i)));
            }
        };
        match self.phase {
            Phase::Over | Phase::XbStrike | Phase::SniperShot { .. } => {}
            Phase::Main => {
                if self.draw_count(me, 2) >= 1 {
                    out.push(ToyBattleAction::Draw);
                }
                self.placements(out, false);
            }
            Phase::Effect { troop, node } => {
                let index = terrain.index_of(node).unwrap_or(0);
                match troop {
                    Troop::Skully => out.push(ToyBattleAction::SkullyDraw),
                    Troop::Star => out.push(ToyBattleAction::StarDraw),
                    Troop::Capn => self.placements(out, true),
                    Troop::Jumbo => ids(self.jumbo_targets(index), out, &|node| {
                        ToyBattleAction::JumboDiscard { node }
                    }),
                    Troop::Xb42 => out.push(ToyBattleAction::Xb42Discard),
                    Troop::Kwak | Troop::Hook | Troop::Roxy => {}
                }
                out.push(ToyBattleAction::Skip);
            }
            Phase::Base { index } => {
                let Some(trigger) = self
                    .placed
                    .get(index as usize)
                    .and_then(|p| terrain.index_of(p.node))
                else {
                    return;
                };
                match self.table.base_power(trigger) {
                    Some(Power::Retreat) => ids(self.retreat_targets(trigger), out, &|node| {
                        ToyBattleAction::Retreat { node }
                    }),
                    Some(Power::CloudsDraw) => out.push(ToyBattleAction::CloudsDraw),
                    Some(Power::Eruption) => {
                        let mut sources = self.eruption_sources(trigger);
                        while sources != 0 {
                            let from = sources.trailing_zeros() as usize;
                            sources &= sources - 1;
                            ids(self.eruption_destinations(from), out, &|to| {
                                ToyBattleAction::Erupt {
                                    from: terrain.id(from),
                                    to,
                                }
                            });
                        }
                    }
                    Some(Power::Raise) => {
                        let choices = self.raise_choices();
                        for t in Troop::ALL {
                            if choices & (1 << t as u8) != 0 {
                                out.push(ToyBattleAction::Raise { troop: t });
                            }
                        }
                    }
                    Some(Power::Sniper) => out.push(ToyBattleAction::Snipe),
                    _ => {}
                }
                out.push(ToyBattleAction::Skip);
            }
        }
    }

    /// Every legal placement of the mover: by Troop (Kwak first), then by node order.
    fn placements(&self, out: &mut Vec<ToyBattleAction>, capn: bool) {
        let terrain = self.terrain();
        let targets = self.placement_targets();
        for troop in Troop::ALL {
            let mut m = targets[troop as usize];
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let node = terrain.id(i);
                out.push(if capn {
                    ToyBattleAction::CapnPlace { troop, node }
                } else {
                    ToyBattleAction::Place { troop, node }
                });
            }
        }
    }

    /// By Troop type, the nodes where the mover may place it from the rack now (none for a
    /// Troop it has no playable copy of): what [`ToyBattleState::placements`] lists.
    pub(super) fn placement_targets(&self) -> [u32; 8] {
        let me = self.mover;
        let (reach, enemy) = self.reach_and_enemy(me);
        let rack = &self.armies[me].rack;
        let table = &self.table;
        let terrain = table.terrain();
        // Table::targets_with for every Troop at once: what does not depend on the Troop is
        // read once, and the enemy tops a Troop cannot cover (every type from its own strength
        // up) are gathered from the strongest down.
        let own_hqs = table.hqs(me);
        let enemy_hqs = (terrain.hqs[0] | terrain.hqs[1]) & !own_hqs;
        let shields = table.shields();
        let mut out = [0u32; 8];
        let mut stronger = 0;
        for troop in Troop::ALL.into_iter().rev() {
            stronger |= enemy[troop as usize];
            if rack.playable(troop) == 0 {
                continue;
            }
            let allowed = if table.beginner {
                u32::MAX
            } else {
                terrain.admits[troop as usize]
            };
            let blocked = if troop == Troop::Kwak { 0 } else { stronger };
            let open = terrain.bases & allowed & !blocked;
            let hook = if troop == Troop::Hook {
                open & !shields
            } else {
                0
            };
            out[troop as usize] = (enemy_hqs & allowed & reach) | (open & (reach | hook));
        }
        out
    }

    /// Validate and apply; on `Err` nothing has changed (every check precedes every change).
    fn act(&mut self, action: ToyBattleAction) -> Result<(), Illegal> {
        use ToyBattleAction as A;
        let me = self.mover;
        let them = 1 - me;
        match (self.phase, action) {
            (Phase::Over, _) => Err(Illegal::GameOver),

            // Chance steps.
            (Phase::XbStrike, A::Xb42Hit { troop, frozen }) => {
                if !self.rack_holds(them, troop, frozen) {
                    return Err(rule(format!(
                        "@{them} has no {}{} on the rack",
                        if frozen { "frozen " } else { "" },
                        troop.name()
                    )));
                }
                self.armies[them].rack.take(troop, frozen);
                self.table.discard.push(Tile {
                    owner: them as u8,
                    troop,
                });
                self.this_turn.push(Change::RackHit {
                    seat: them as u8,
                    troop,
                });
                self.base_effects_from(0);
                Ok(())
            }
            (Phase::SniperShot { index }, A::Freeze { troop }) => {
                if !self.rack_holds(them, troop, false) {
                    return Err(rule(format!(
                        "@{them} has no unfrozen {} to freeze",
                        troop.name()
                    )));
                }
                self.armies[them].rack.frozen[troop as usize] += 1;
                self.this_turn.push(Change::Froze { seat: them as u8 });
                self.base_effects_from(index as usize + 1);
                Ok(())
            }
            (Phase::XbStrike | Phase::SniperShot { .. }, _)
            | (_, A::Xb42Hit { .. } | A::Freeze { .. }) => Err(Illegal::WrongTurn),

            // §4: the two main actions.
            (Phase::Main, A::Draw) => {
                let n = self.draw_count(me, 2);
                if n == 0 {
                    return Err(rule(
                        "cannot draw: the reserve is empty or the rack is full",
                    ));
                }
                self.draw(me, n);
                self.end_turn();
                Ok(())
            }
            (Phase::Main, A::Place { troop, node }) => {
                let index = self.check_placement(troop, node)?;
                self.place_from_rack(troop, index);
                Ok(())
            }
            (Phase::Main, _) => Err(rule("draw or place a Troop first")),

            // §6: the pending Troop effect.
            (Phase::Effect { troop, node }, action) => {
                let index = self.table.node(node)?;
                match (troop, action) {
                    (_, A::Skip) => self.base_effects_from(0),
                    (Troop::Skully, A::SkullyDraw) => {
                        let n = self.draw_count(me, 2);
                        if n == 0 {
                            return Err(rule("Skully cannot draw"));
                        }
                        self.draw(me, n);
                        self.base_effects_from(0);
                    }
                    (Troop::Star, A::StarDraw) => {
                        if self.draw_count(me, 1) == 0 {
                            return Err(rule("Star cannot draw"));
                        }
                        self.draw(me, 1);
                        self.base_effects_from(0);
                    }
                    (Troop::Capn, A::CapnPlace { troop, node }) => {
                        let index = self.check_placement(troop, node)?;
                        self.place_from_rack(troop, index);
                    }
                    (Troop::Jumbo, A::JumboDiscard { node: target }) => {
                        let t = self.table.node(target)?;
                        if self.jumbo_targets(index) & (1 << t) == 0 {
                            return Err(rule(format!(
                                "Jumbo can only discard an enemy top Troop next to node {node}"
                            )));
                        }
                        let Some(tile) = self.table.pop(t) else {
                            return Err(rule("nothing to discard"));
                        };
                        self.table.discard.push(tile);
                        self.this_turn.push(Change::Discarded {
                            seat: tile.owner,
                            troop: tile.troop,
                            node: target,
                        });
                        if !self.region_check(1 << t) {
                            self.base_effects_from(0);
                        }
                    }
                    (Troop::Xb42, A::Xb42Discard) => {
                        if self.armies[them].rack.size() == 0 {
                            return Err(rule("the opponent's rack is empty"));
                        }
                        self.phase = Phase::XbStrike;
                    }
                    _ => {
                        return Err(rule(format!(
                            "{} is pending: that action does not answer it",
                            troop.name()
                        )))
                    }
                }
                Ok(())
            }

            // §7.1: the pending special-base effect.
            (Phase::Base { index }, action) => {
                let i = index as usize;
                let Some(p) = self.placed.get(i).copied() else {
                    return Err(rule("no special base is pending"));
                };
                let trigger = self.table.node(p.node)?;
                let power = self.table.base_power(trigger);
                match (power, action) {
                    (_, A::Skip) => self.base_effects_from(i + 1),
                    (Some(Power::Retreat), A::Retreat { node }) => {
                        let t = self.table.node(node)?;
                        if self.retreat_targets(trigger) & (1 << t) == 0 {
                            return Err(rule(format!(
                                "cannot retreat from node {node}: it must be another base you \
                                 occupy, with room on the rack"
                            )));
                        }
                        let depth = self.table.stacks[t].len() - 1;
                        let Some(tile) = self.table.pop(t) else {
                            return Err(rule("nothing to retreat"));
                        };
                        self.armies[me].rack.add_open(tile.troop);
                        self.forget_placement_at(node, depth);
                        self.this_turn.push(Change::Retreated {
                            seat: me as u8,
                            troop: tile.troop,
                            node,
                        });
                        if !self.region_check(1 << t) {
                            self.base_effects_from(i + 1);
                        }
                    }
                    (Some(Power::CloudsDraw), A::CloudsDraw) => {
                        if self.draw_count(me, 1) == 0 {
                            return Err(rule("cannot draw"));
                        }
                        self.draw(me, 1);
                        self.base_effects_from(i + 1);
                    }
                    (Some(Power::Eruption), A::Erupt { from, to }) => {
                        let f = self.table.node(from)?;
                        let d = self.table.node(to)?;
                        if self.eruption_sources(trigger) & (1 << f) == 0 {
                            return Err(rule(format!(
                                "node {from} has no enemy top Troop next to the volcano"
                            )));
                        }
                        if self.eruption_destinations(f) & (1 << d) == 0 {
                            return Err(rule(format!("node {to} is not a base next to {from}")));
                        }
                        let Some(tile) = self.table.pop(f) else {
                            return Err(rule("nothing to move"));
                        };
                        self.table.push(d, tile);
                        self.this_turn.push(Change::Moved {
                            troop: tile.troop,
                            from,
                            to,
                        });
                        if !self.region_check(1 << f | 1 << d) {
                            self.base_effects_from(i + 1);
                        }
                    }
                    (Some(Power::Raise), A::Raise { troop }) => {
                        if self.raise_choices() & (1 << troop as u8) == 0 {
                            return Err(rule(format!(
                                "no {} of yours to raise from the discard",
                                troop.name()
                            )));
                        }
                        let tile = Tile {
                            owner: me as u8,
                            troop,
                        };
                        if let Some(at) = self.table.discard.iter().rposition(|t| *t == tile) {
                            self.table.discard.remove(at);
                        }
                        self.armies[me].rack.add_open(troop);
                        self.this_turn.push(Change::Raised {
                            seat: me as u8,
                            troop,
                        });
                        self.base_effects_from(i + 1);
                    }
                    (Some(Power::Sniper), A::Snipe) => {
                        let rack = &self.armies[them].rack;
                        if rack.size() == rack.frozen_count() {
                            return Err(rule("no unfrozen Troop to freeze"));
                        }
                        self.phase = Phase::SniperShot { index };
                    }
                    _ => return Err(rule("that action does not answer the special base")),
                }
                Ok(())
            }
        }
    }
}

impl Game for ToyBattle {
    const ID: &'static str = "toy-battle";
    type Options = ToyBattleOptions;
    type State = ToyBattleState;
    type Action = ToyBattleAction;
    type View = super::ToyBattleView;

    fn seat_count(_: &ToyBattleState) -> usize {
        2
    }

    /// §3 setup: Terrain, colours (D1), first player, shuffled reserves, 4 set aside unseen,
    /// 3 Troops for the starter and 4 for the other.
    fn new(options: &ToyBattleOptions, rng: &mut Rng) -> Result<ToyBattleState, SetupError> {
        let key = match options.terrain.key() {
            Some(key) => key,
            None => TerrainKey::ALL[rng.random_range(0..TerrainKey::ALL.len())],
        };
        let blue = rng.random_range(0..2);
        let starter = rng.random_range(0..2);
        let mut armies: [Army; 2] = Default::default();
        for (seat, army) in armies.iter_mut().enumerate() {
            let mut reserve: Vec<Troop> = Troop::ALL
                .iter()
                .flat_map(|&t| std::iter::repeat_n(t, COPIES as usize))
                .collect();
            reserve.shuffle(rng);
            army.set_aside = reserve.split_off(reserve.len() - SET_ASIDE);
            let opening = if seat == starter { 3 } else { 4 };
            for _ in 0..opening {
                if let Some(t) = reserve.pop() {
                    army.rack.add_secret(t);
                }
            }
            army.reserve = reserve;
        }
        Ok(ToyBattleState {
            table: Table::new(key, options.beginner, blue),
            armies,
            starter,
            mover: starter,
            phase: Phase::Main,
            turns: 0,
            placed: Vec::new(),
            end: None,
            this_turn: Vec::new(),
            last_turn: Vec::new(),
        })
    }

    fn to_move(s: &ToyBattleState) -> ToMove {
        match s.phase {
            Phase::Over => ToMove::Over,
            Phase::XbStrike | Phase::SniperShot { .. } => ToMove::Chance,
            _ => ToMove::Seat(s.mover),
        }
    }

    fn legal_actions(s: &ToyBattleState, out: &mut Vec<ToyBattleAction>) {
        s.actions(out);
    }

    /// §6.6: uniform over the opponent's whole rack; §6.9 (D4): uniform over its unfrozen Troops.
    fn sample_chance(s: &ToyBattleState, rng: &mut Rng) -> ToyBattleAction {
        let rack = &s.armies[1 - s.mover].rack;
        match s.phase {
            Phase::XbStrike => {
                let mut r = rng.random_range(0..rack.size().max(1));
                for t in Troop::ALL {
                    let frozen = rack.frozen[t as usize];
                    if r < frozen {
                        return ToyBattleAction::Xb42Hit {
                            troop: t,
                            frozen: true,
                        };
                    }
                    r -= frozen;
                    let free = rack.playable(t);
                    if r < free {
                        return ToyBattleAction::Xb42Hit {
                            troop: t,
                            frozen: false,
                        };
                    }
                    r -= free;
                }
                ToyBattleAction::Skip
            }
            _ => {
                let free: u8 = Troop::ALL.iter().map(|&t| rack.playable(t)).sum();
                let mut r = rng.random_range(0..free.max(1));
                for t in Troop::ALL {
                    let n = rack.playable(t);
                    if r < n {
                        return ToyBattleAction::Freeze { troop: t };
                    }
                    r -= n;
                }
                ToyBattleAction::Skip
            }
        }
    }

    fn apply(s: &mut ToyBattleState, action: &ToyBattleAction) -> Result<(), Illegal> {
        s.act(*action)
    }

    /// §9: the winner ranks first; scores are the Medals.
    fn outcome(s: &ToyBattleState) -> Option<Outcome> {
        let end = s.end?;
        let w = end.winner as usize;
        let mut ranks = vec![1, 1];
        ranks[w] = 0;
        Some(Outcome::from_ranks(
            ranks,
            vec![s.table.medals[0] as f64, s.table.medals[1] as f64],
        ))
    }

    /// §11: every draw from the face-down reserve shows the drawer Troops nobody knew: the
    /// DRAW action (§4 A), Skully's draw (§6.2), Star's (§6.7) and the City of Clouds base's
    /// (§7.1). Skully's and Star's come inside the seat's own turn with more choices pending,
    /// so they are what keeps Undo from going back to a reserve already seen. The chance picks
    /// of XB-42 (§6.6, the hit Troop shown to all) and the Sniper (§6.9, the frozen Troop shown
    /// to its owner) reveal too. A placement shows only the Troop its player chose to place.
    fn reveals(_: &ToyBattleState, action: &ToyBattleAction, _: &ToyBattleState) -> bool {
        use ToyBattleAction as A;
        match action {
            A::Draw | A::SkullyDraw | A::StarDraw | A::CloudsDraw => true,
            A::Xb42Hit { .. } | A::Freeze { .. } => true,
            A::Place { .. }
            | A::CapnPlace { .. }
            | A::JumboDiscard { .. }
            | A::Xb42Discard
            | A::Retreat { .. }
            | A::Erupt { .. }
            | A::Raise { .. }
            | A::Snipe
            | A::Skip => false,
        }
    }

    fn view(s: &ToyBattleState, seat: Seat) -> super::ToyBattleView {
        super::hidden::view(s, seat)
    }

    fn view_seat(v: &super::ToyBattleView) -> Seat {
        v.seat
    }

    fn determinize(v: &super::ToyBattleView, rng: &mut Rng) -> ToyBattleState {
        super::hidden::determinize(v, rng)
    }

    fn describe(
        before: &ToyBattleState,
        action: &ToyBattleAction,
        _viewer: Seat,
        lang: crate::i18n::Lang,
    ) -> Option<String> {
        Some(super::log::describe(before, action, lang))
    }

    fn evaluate(s: &ToyBattleState, seat: Seat) -> f64 {
        super::ai::evaluate(s, seat)
    }

    fn rollout_action(
        s: &ToyBattleState,
        legal: &[ToyBattleAction],
        rng: &mut Rng,
    ) -> ToyBattleAction {
        super::ai::rollout_action(s, legal, rng)
    }

    fn quick_rollout_action(s: &ToyBattleState, rng: &mut Rng) -> Option<ToyBattleAction> {
        super::ai::quick_rollout_action(s, rng)
    }

    /// Expert searches 36,000 iterations, twelve times Hard's (the shared Expert's four times
    /// won 58.5 % of 200 games against Hard; twelve times won 65 % or more, see the README). Its
    /// decisions still end within Expert's 2 s clock in the browser, and sooner when settled.
    fn search_config(level: Level) -> SearchConfig {
        match level {
            Level::Expert => SearchConfig {
                iterations: EXPERT_ITERATIONS,
                ..level.config()
            },
            _ => level.config(),
        }
    }
}

/// Toy Battle's Expert iterations ([`ToyBattle::search_config`]).
pub const EXPERT_ITERATIONS: u32 = 36_000;

/// For the invariant of §9: set aside + reserve + rack + board + discard of one seat.
pub fn troop_total(s: &ToyBattleState, seat: Seat) -> usize {
    let army = &s.armies[seat];
    army.set_aside.len()
        + army.reserve.len()
        + army.rack.size() as usize
        + s.table.on_board(seat)
        + s.table
            .discard
            .iter()
            .filter(|t| t.owner as usize == seat)
            .count()
}

/// Troop type of an index (used by determinization).
pub(super) fn troop_at(i: usize) -> Troop {
    Troop::from_index(i)
}
