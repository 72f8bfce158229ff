//! The cards of Moonlight (moonlight.md §2): wolves with their faces, the Alpha Powers, and small
//! fixed-capacity collections of them that are cheap to copy during search.

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The two packs (§1 naming). Light's moons are green, Dark's are blue; the colour of a moon only
/// says whose it is (D10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Light,
    Dark,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Light => Colour::Dark,
            Colour::Dark => Colour::Light,
        }
    }

    /// The id prefix of this pack's cards (§2.2, D13).
    pub fn prefix(self) -> char {
        match self {
            Colour::Light => 'L',
            Colour::Dark => 'D',
        }
    }
}

/// The icon a wolf may carry (§2.1, D1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// Counts triple in its row's sum when visible in a corner of the panorama at scoring.
    CornerTriple,
    /// Scores one extra point when visible in a row its owner wins.
    PlusOne,
}

/// What is printed on a wolf card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Face {
    pub value: u8,
    pub moons: u8,
    pub ability: Option<Ability>,
}

const fn face(value: u8, moons: u8, ability: Option<Ability>) -> Face {
    Face {
        value,
        moons,
        ability,
    }
}

const CORNER: Option<Ability> = Some(Ability::CornerTriple);
const PLUS: Option<Ability> = Some(Ability::PlusOne);

/// Faces by card index: 0–10 are the starting deck 01–11 (§2.2), 11–14 the Lone Wolves LW1,
/// LW2, LW4 and LW6 (§2.3); index 15 (no card) reads as the last, so any index of the 4 bits
/// reads a face without a bounds check.
const FACES: [Face; 16] = [
    face(1, 0, CORNER),
    face(1, 1, CORNER),
    face(2, 0, None),
    face(2, 1, None),
    face(3, 0, PLUS),
    face(3, 0, PLUS),
    face(3, 1, PLUS),
    face(3, 1, PLUS),
    face(4, 0, None),
    face(4, 1, None),
    face(5, 0, None),
    face(1, 2, CORNER),
    face(2, 1, CORNER),
    face(4, 0, None),
    face(6, 0, None),
    face(6, 0, None),
];

/// Cards per starting deck (§2.2).
pub const STARTING_DECK: usize = 11;
/// Lone Wolves per pack (§2.3).
pub const LONE_WOLVES: usize = 4;
const LONE_NAMES: [&str; LONE_WOLVES] = ["LW1", "LW2", "LW4", "LW6"];

/// One physical wolf card, named as in §2.2/§2.3 (`L-07`, `D-LW6`; D13).
///
/// The two copies 05/06 and 07/08 keep their own ids so a board can key every card, but the
/// rules never tell them apart: hands and decks keep the lower id of a pair first (see
/// [`canonical_order`]) and moves name the lower id, so two deals that differ only by which copy
/// is where give the same actions (§10 allows treating the copies as interchangeable).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Wolf(u8);

impl Wolf {
    const DARK: u8 = 0x10;

    /// The card of `colour` with index 0–14 (0–10 = 01–11, 11–14 = LW1, LW2, LW4, LW6).
    pub fn new(colour: Colour, index: usize) -> Option<Wolf> {
        (index < STARTING_DECK + LONE_WOLVES).then(|| {
            let bit = if colour == Colour::Dark {
                Self::DARK
            } else {
                0
            };
            Wolf(bit | index as u8)
        })
    }

    pub fn colour(self) -> Colour {
        if self.0 & Self::DARK != 0 {
            Colour::Dark
        } else {
            Colour::Light
        }
    }

    pub fn index(self) -> usize {
        (self.0 & 0x0f) as usize
    }

    pub fn face(self) -> Face {
        FACES[self.index()]
    }

    pub fn value(self) -> u8 {
        self.face().value
    }

    pub fn moons(self) -> u8 {
        self.face().moons
    }

    pub fn corner_triple(self) -> bool {
        self.face().ability == CORNER
    }

    pub fn plus_one(self) -> bool {
        self.face().ability == PLUS
    }

    /// A red Lone Wolf (§2.3).
    pub fn is_lone(self) -> bool {
        self.index() >= STARTING_DECK
    }

    /// The other copy of an identical pair (05/06, 07/08), if this card has one.
    pub fn twin(self) -> Option<Wolf> {
        let twin = match self.index() {
            4 => 5,
            5 => 4,
            6 => 7,
            7 => 6,
            _ => return None,
        };
        Wolf::new(self.colour(), twin)
    }

    /// The lower id of an identical pair, or the card itself: equal for cards with equal faces
    /// and colours.
    pub fn canonical(self) -> Wolf {
        // The higher copies 06 and 08 (indices 5 and 7) sit just above their twins.
        match self.index() {
            5 | 7 => Wolf(self.0 - 1),
            _ => self,
        }
    }

    /// The starting deck of `colour` (§2.2), in id order.
    pub fn starting_deck(colour: Colour) -> impl Iterator<Item = Wolf> {
        (0..STARTING_DECK).filter_map(move |i| Wolf::new(colour, i))
    }

    /// The four Lone Wolves of `colour` (§2.3).
    pub fn lone_wolves(colour: Colour) -> impl Iterator<Item = Wolf> {
        (STARTING_DECK..STARTING_DECK + LONE_WOLVES).filter_map(move |i| Wolf::new(colour, i))
    }

    /// Plain words for the log: "3 (1 moon, +1)", "Lone Wolf 6".
    pub fn label(self) -> String {
        let f = self.face();
        let mut extras = Vec::new();
        match f.moons {
            0 => {}
            1 => extras.push("1 moon".to_string()),
            n => extras.push(format!("{n} moons")),
        }
        match f.ability {
            Some(Ability::CornerTriple) => extras.push("corner ×3".into()),
            Some(Ability::PlusOne) => extras.push("+1".into()),
            None => {}
        }
        let name = if self.is_lone() {
            format!("Lone Wolf {}", f.value)
        } else {
            f.value.to_string()
        };
        if extras.is_empty() {
            name
        } else {
            format!("{name} ({})", extras.join(", "))
        }
    }
}

impl fmt::Display for Wolf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.index();
        if i >= STARTING_DECK {
            write!(
                f,
                "{}-{}",
                self.colour().prefix(),
                LONE_NAMES[(i - STARTING_DECK).min(LONE_WOLVES - 1)]
            )
        } else {
            write!(f, "{}-{:02}", self.colour().prefix(), i + 1)
        }
    }
}

impl fmt::Debug for Wolf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Wolf {
    type Err = String;
    fn from_str(s: &str) -> Result<Wolf, String> {
        let bad = || format!("'{s}' is not a wolf card (L-01 … L-11, L-LW1 … D-LW6)");
        let (prefix, rest) = s.split_once('-').ok_or_else(bad)?;
        let colour = match prefix {
            "L" => Colour::Light,
            "D" => Colour::Dark,
            _ => return Err(bad()),
        };
        let index = if let Some(lw) = LONE_NAMES.iter().position(|n| *n == rest) {
            STARTING_DECK + lw
        } else {
            if rest.len() != 2 {
                return Err(bad());
            }
            let n: usize = rest.parse().map_err(|_| bad())?;
            if !(1..=STARTING_DECK).contains(&n) {
                return Err(bad());
            }
            n - 1
        };
        Wolf::new(colour, index).ok_or_else(bad)
    }
}

impl Serialize for Wolf {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Wolf {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Wolf, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(de::Error::custom)
    }
}

/// Put the lower copy of each identical pair first, keeping every other card where it is. Only
/// the order of two identical cards changes, so this loses nothing and makes deals that differ
/// only by which copy is where identical.
pub fn canonical_order(cards: &mut [Wolf]) {
    for i in 0..cards.len() {
        if let Some(twin) = cards[i].twin() {
            if twin < cards[i] {
                if let Some(j) = cards[i + 1..].iter().position(|&c| c == twin) {
                    cards.swap(i, i + 1 + j);
                }
            }
        }
    }
}

/// True when no higher copy of a pair comes before its lower copy.
pub fn is_canonical_order(cards: &[Wolf]) -> bool {
    cards.iter().enumerate().all(|(i, c)| match c.twin() {
        Some(t) if t < *c => !cards[i + 1..].contains(&t),
        _ => true,
    })
}

/// Most cards one owner can ever have: 11 plus all 4 Lone Wolves.
pub const CAPACITY: usize = STARTING_DECK + LONE_WOLVES;

/// A short list of wolves (a hand, a deck top-first, a pile bottom-first) with a fixed capacity,
/// so states copy without allocating. Serialized as a plain list.
#[derive(Clone, Copy, Default)]
pub struct Cards {
    items: [Wolf; CAPACITY],
    len: u8,
}

impl Cards {
    pub fn new() -> Cards {
        Cards::default()
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Wolf] {
        &self.items[..self.len()]
    }

    pub fn as_mut_slice(&mut self) -> &mut [Wolf] {
        let len = self.len();
        &mut self.items[..len]
    }

    pub fn iter(&self) -> impl Iterator<Item = Wolf> + '_ {
        self.as_slice().iter().copied()
    }

    pub fn contains(&self, wolf: Wolf) -> bool {
        self.as_slice().contains(&wolf)
    }

    pub fn first(&self) -> Option<Wolf> {
        self.as_slice().first().copied()
    }

    pub fn last(&self) -> Option<Wolf> {
        self.as_slice().last().copied()
    }

    /// Adds at the end; false (and nothing changes) when full.
    pub fn push(&mut self, wolf: Wolf) -> bool {
        if self.len() == CAPACITY {
            return false;
        }
        self.items[self.len()] = wolf;
        self.len += 1;
        true
    }

    /// Removes the card at `i`, keeping the order of the rest.
    pub fn remove_at(&mut self, i: usize) -> Option<Wolf> {
        if i >= self.len() {
            return None;
        }
        let wolf = self.items[i];
        let len = self.len();
        self.items.copy_within(i + 1..len, i);
        self.len -= 1;
        self.items[self.len()] = Wolf::default();
        Some(wolf)
    }

    /// Removes one copy of `wolf`; false if absent.
    pub fn remove(&mut self, wolf: Wolf) -> bool {
        match self.as_slice().iter().position(|&c| c == wolf) {
            Some(i) => self.remove_at(i).is_some(),
            None => false,
        }
    }

    pub fn pop_front(&mut self) -> Option<Wolf> {
        self.remove_at(0)
    }

    pub fn clear(&mut self) {
        *self = Cards::default();
    }

    /// Same cards, order ignored.
    pub fn same_cards(&self, other: &[Wolf]) -> bool {
        let mut a = self.as_slice().to_vec();
        let mut b = other.to_vec();
        a.sort_unstable();
        b.sort_unstable();
        a == b
    }
}

impl FromIterator<Wolf> for Cards {
    /// Collects up to [`CAPACITY`] cards; any more are dropped.
    fn from_iter<I: IntoIterator<Item = Wolf>>(iter: I) -> Cards {
        let mut cards = Cards::new();
        for wolf in iter {
            cards.push(wolf);
        }
        cards
    }
}

impl PartialEq for Cards {
    fn eq(&self, other: &Cards) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Cards {}

impl std::hash::Hash for Cards {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cards, D::Error> {
        let list = Vec::<Wolf>::deserialize(d)?;
        if list.len() > CAPACITY {
            return Err(de::Error::custom(format!(
                "at most {CAPACITY} cards, not {}",
                list.len()
            )));
        }
        Ok(list.into_iter().collect())
    }
}

/// The eight Alpha Powers (§2.4), named as Game Park names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    ValueSkip,
    LargerHand,
    ValueOneProtection,
    DoublePlacement,
    SameValueCover,
    BonusMoons,
    WinAllTies,
    MovePile,
}

impl Power {
    pub const ALL: [Power; 8] = [
        Power::ValueSkip,
        Power::LargerHand,
        Power::ValueOneProtection,
        Power::DoublePlacement,
        Power::SameValueCover,
        Power::BonusMoons,
        Power::WinAllTies,
        Power::MovePile,
    ];

    /// Ambush powers work once per round; Stamina powers always (§2.4).
    pub fn is_ambush(self) -> bool {
        matches!(
            self,
            Power::ValueSkip | Power::DoublePlacement | Power::SameValueCover | Power::MovePile
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Power::ValueSkip => "Value Skip",
            Power::LargerHand => "Larger Hand",
            Power::ValueOneProtection => "Value 1 Protection",
            Power::DoublePlacement => "Double Placement",
            Power::SameValueCover => "Same Value Cover",
            Power::BonusMoons => "Bonus Moons",
            Power::WinAllTies => "Win All Ties",
            Power::MovePile => "Move a Pile",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of Alpha Powers, serialized as a list of names.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PowerSet(u8);

impl PowerSet {
    pub fn all() -> PowerSet {
        PowerSet(0xff)
    }

    pub fn contains(self, power: Power) -> bool {
        self.0 & power.bit() != 0
    }

    pub fn insert(&mut self, power: Power) {
        self.0 |= power.bit();
    }

    pub fn remove(&mut self, power: Power) {
        self.0 &= !power.bit();
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Power> {
        Power::ALL.into_iter().filter(move |p| self.contains(*p))
    }

    pub fn union(self, other: PowerSet) -> PowerSet {
        PowerSet(self.0 | other.0)
    }

    pub fn without(self, other: PowerSet) -> PowerSet {
        PowerSet(self.0 & !other.0)
    }
}

impl FromIterator<Power> for PowerSet {
    fn from_iter<I: IntoIterator<Item = Power>>(iter: I) -> PowerSet {
        let mut set = PowerSet::default();
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl fmt::Debug for PowerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for PowerSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for PowerSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PowerSet, D::Error> {
        Ok(Vec::<Power>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starting_deck_matches_section_2_2() {
        let deck: Vec<Wolf> = Wolf::starting_deck(Colour::Light).collect();
        assert_eq!(deck.len(), 11);
        assert_eq!(deck.iter().map(|w| w.value() as u32).sum::<u32>(), 31);
        assert_eq!(deck.iter().map(|w| w.moons() as u32).sum::<u32>(), 5);
        assert!(deck
            .iter()
            .all(|w| w.corner_triple() == (w.value() == 1) && w.plus_one() == (w.value() == 3)));
        let lone: Vec<(u8, u8)> = Wolf::lone_wolves(Colour::Dark)
            .map(|w| (w.value(), w.moons()))
            .collect();
        assert_eq!(lone, vec![(1, 2), (2, 1), (4, 0), (6, 0)]);
    }

    #[test]
    fn ids_round_trip() {
        for colour in [Colour::Light, Colour::Dark] {
            for w in Wolf::starting_deck(colour).chain(Wolf::lone_wolves(colour)) {
                assert_eq!(w.to_string().parse::<Wolf>(), Ok(w));
                assert_eq!(w.colour(), colour);
            }
        }
        assert_eq!(Wolf::new(Colour::Dark, 14).unwrap().to_string(), "D-LW6");
        assert_eq!(Wolf::new(Colour::Light, 6).unwrap().to_string(), "L-07");
        for bad in ["L-12", "X-01", "L-7", "L-LW3", "", "L-00"] {
            assert!(bad.parse::<Wolf>().is_err(), "{bad}");
        }
    }

    #[test]
    fn twins_are_put_in_canonical_order() {
        let w = |i| Wolf::new(Colour::Light, i).unwrap();
        let mut cards = [w(5), w(0), w(7), w(4), w(6)];
        assert!(!is_canonical_order(&cards));
        canonical_order(&mut cards);
        assert_eq!(cards, [w(4), w(0), w(6), w(5), w(7)]);
        assert!(is_canonical_order(&cards));
        assert_eq!(w(5).canonical(), w(4));
        assert_eq!(w(7).canonical(), w(6));
        assert_eq!(w(3).canonical(), w(3));
        // Every card of both packs: the lower copy of its pair, or itself.
        for colour in [Colour::Light, Colour::Dark] {
            for c in (0..CAPACITY).filter_map(|i| Wolf::new(colour, i)) {
                let lower = c.twin().filter(|&t| t < c).unwrap_or(c);
                assert_eq!(c.canonical(), lower, "{c}");
            }
        }
    }
}
