//! Long Campaign's rules (`shared/rules/long-campaign.md`). Every function names the section it
//! implements; choices the spec leaves open are marked DECISION (LC-n) and listed in `mod.rs`.

use super::answer::{self, AnswerLevel};
use super::bank::{self, Bank, Language, Question, QuestionKind, QuestionSet, MAX_NUMBER};
use super::map::{counties_in, frontier, CountyId, COUNTY_COUNT};
use crate::engine::{Game, Illegal, Outcome, Rng, Seat, SetupError, ToMove};
use rand::seq::SliceRandom;
use rand::Rng as _;
use serde::{Deserialize, Serialize};

/// §4.1: a base is worth 1000.
pub const BASE_VALUE: u32 = 1000;
/// §4.2: a county won in the expansion is worth 200.
pub const EXPANSION_VALUE: u32 = 200;
/// §4.3: a county won in the division is worth 300.
pub const DIVISION_VALUE: u32 = 300;
/// §4.4 step 2: a captured county becomes worth 400.
pub const CAPTURE_VALUE: u32 = 400;
/// §4.4: the defence bonus, to the defending player (DECISION LC-9, replacing H10).
pub const DEFENCE_BONUS: u32 = 100;
/// §4.1: a new base has three towers.
pub const TOWERS: u8 = 3;
/// §4.2 and §4.4: six expansion rounds at most, six war rounds.
pub const ROUNDS: u8 = 6;

/// §1: the three colours, dealt to the seats at random (§3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Blue,
    Green,
}

impl Colour {
    pub const ALL: [Colour; 3] = [Colour::Red, Colour::Blue, Colour::Green];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Blue => "Blue",
            Colour::Green => "Green",
        }
    }
}

use Colour::{Blue as B, Green as G, Red as R};

/// §4.2 round order table; the war reuses it (H8).
pub const ROUND_ORDER: [[Colour; 3]; 6] = [
    [R, G, B],
    [G, B, R],
    [B, R, G],
    [R, B, G],
    [G, R, B],
    [B, G, R],
];

/// §3.4, H4: one timer setting for answers and choices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Timer {
    /// 10 s per answer and per choice. DECISION (LC-1): the engine's default; the UI should
    /// default to `relaxed` when two or more humans share the device (§3.4).
    #[default]
    Classic,
    /// 20 s each.
    Relaxed,
    /// No limit.
    Off,
}

impl Timer {
    /// The limit in milliseconds, `None` when off.
    pub fn limit_ms(self) -> Option<u32> {
        match self {
            Timer::Classic => Some(10_000),
            Timer::Relaxed => Some(20_000),
            Timer::Off => None,
        }
    }
}

/// Table options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CampaignOptions {
    /// §3.3: the language of the questions.
    pub language: Language,
    /// Which bank to draw from (`full` for play, `sample` for tests and test records).
    pub questions: QuestionSet,
    pub timer: Timer,
    /// §7 answer level per seat. An AI seat answers at its level; for a human seat it is what the
    /// AI assumes about that player when it plans (DECISION LC-2).
    pub answer_levels: [AnswerLevel; 3],
    /// The seats playing Red, Blue and Green; `None` deals the colours at random (§3.1).
    pub colours: Option<[u8; 3]>,
    /// DECISION LC-10: a game draws at most one question of a `sameFact` group. On in every new
    /// game; a record made before it (without the field) reads as off, so its seeded draws
    /// replay as they were made.
    #[serde(default)]
    pub one_question_per_fact: bool,
}

impl Default for CampaignOptions {
    fn default() -> Self {
        CampaignOptions {
            language: Language::En,
            questions: QuestionSet::Full,
            timer: Timer::Classic,
            answer_levels: [AnswerLevel::Average; 3],
            colours: None,
            one_question_per_fact: true,
        }
    }
}

/// §2.4 `Territory` (without the id: a county's index is its id).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct County {
    /// The owning seat.
    pub owner: Option<u8>,
    pub value: u32,
    /// Picked as a base in Phase 1 (a captured base stays a base, ruined).
    pub base: bool,
    /// Standing towers, 0–3.
    pub towers: u8,
    pub ruined: bool,
}

impl County {
    /// §4.4: a base that has not fallen.
    pub fn is_living_base(&self) -> bool {
        self.base && !self.ruined
    }
}

/// §2.4 `Player`, by seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub alive: bool,
    /// 1 for the first player eliminated, 2 for the second (§4.4 step 4).
    pub eliminated: Option<u8>,
    /// The defence bonuses this player has earned (DECISION LC-9): part of its score, never
    /// on a county, never passed to an attacker.
    pub bonus: u32,
}

/// Where the game stands (§4). `turn` indexes the round's row of [`ROUND_ORDER`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// §4.1: `turn` 0–2 is Red, Blue, Green.
    Bases {
        turn: u8,
    },
    /// §4.2, round 1–6.
    Expansion {
        round: u8,
        turn: u8,
    },
    /// §4.3.
    Division,
    /// §4.4, round 1–6.
    War {
        round: u8,
        turn: u8,
    },
    /// §5 rule 3: the numeric tie-break between living players with equal scores.
    TieBreak,
    Over,
}

/// What happens next within the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// `seat` picks a county, a target or a rebuild.
    Choose {
        seat: u8,
    },
    /// `seat`'s choice timer ran out: a random legal choice follows (chance, §3.4).
    TimeUp {
        seat: u8,
    },
    /// A question is drawn for the open [`Ask`] (chance).
    Draw,
    /// `seat` answers the open question.
    Answer {
        seat: u8,
    },
    Over,
}

/// Up to three seats in order (answerers, a ranking). Written as a JSON list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
pub struct SeatList {
    seats: [u8; 3],
    len: u8,
}

impl SeatList {
    pub fn new(seats: &[u8]) -> Self {
        let mut out = SeatList::default();
        for &s in seats.iter().take(3) {
            out.seats[out.len as usize] = s;
            out.len += 1;
        }
        out
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.seats[..self.len as usize]
    }

    fn as_mut_slice(&mut self) -> &mut [u8] {
        &mut self.seats[..self.len as usize]
    }

    /// The seats of this list for which `keep` holds, in order.
    pub fn filter(self, keep: impl Fn(u8) -> bool) -> Self {
        let mut out = SeatList::default();
        for &s in self.as_slice().iter().filter(|&&s| keep(s)) {
            out.seats[out.len as usize] = s;
            out.len += 1;
        }
        out
    }

    pub fn contains(&self, seat: u8) -> bool {
        self.as_slice().contains(&seat)
    }

    pub fn first(&self) -> Option<u8> {
        self.as_slice().first().copied()
    }

    /// The seat after `seat` in this list.
    pub fn after(&self, seat: u8) -> Option<u8> {
        let s = self.as_slice();
        s.iter()
            .position(|&x| x == seat)
            .and_then(|i| s.get(i + 1))
            .copied()
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl From<SeatList> for Vec<u8> {
    fn from(l: SeatList) -> Vec<u8> {
        l.as_slice().to_vec()
    }
}

impl TryFrom<Vec<u8>> for SeatList {
    type Error = String;
    fn try_from(v: Vec<u8>) -> Result<Self, String> {
        if v.len() > 3 || v.iter().any(|&s| s > 2) {
            return Err(format!("not a list of at most 3 seats: {v:?}"));
        }
        Ok(SeatList::new(&v))
    }
}

/// Why a question is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Purpose {
    /// §4.2 step 4: `seat` answers alone for `county`.
    Expansion { seat: u8, county: CountyId },
    /// §4.3: all three guess; the winner picks.
    Division,
    /// §4.0 Battle: the shared choice question, or (`decider`) the numeric decider.
    Battle {
        attacker: u8,
        defender: u8,
        county: CountyId,
        decider: bool,
    },
    /// §4.4 step 5.
    Rebuild { seat: u8 },
    /// §5 rule 3.
    TieBreak,
}

/// One seat's locked answer. A timed-out answer is kept with no option/value (counts as none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Given {
    /// Display index 0–3, or none.
    Choice {
        option: Option<u8>,
        ms: u32,
    },
    Guess {
        value: Option<u64>,
        ms: u32,
    },
}

impl Given {
    pub fn ms(&self) -> u32 {
        match *self {
            Given::Choice { ms, .. } | Given::Guess { ms, .. } => ms,
        }
    }

    pub fn answered(&self) -> bool {
        match *self {
            Given::Choice { option, .. } => option.is_some(),
            Given::Guess { value, .. } => value.is_some(),
        }
    }
}

/// The drawn question: its index in the language's deck, the display order of its options
/// (`order[i]` is the file index shown at position `i`) and, for numeric questions, the seeded
/// draw that settles exact ties (H5: `lots[0]` wins an exact tie against anyone).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawn {
    pub index: u16,
    pub order: [u8; 4],
    pub lots: [u8; 3],
}

/// An open question: why, for whom, what was drawn, and the answers locked so far (hidden).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ask {
    pub purpose: Purpose,
    pub kind: QuestionKind,
    /// In answering order (§6: attacker before defender; colour order in Phase 3 and tie-break).
    pub answerers: SeatList,
    pub question: Option<Drawn>,
    /// By seat.
    pub answers: [Option<Given>; 3],
}

/// What a resolved question did (for the reveal screen and the log).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// §4.2: right answer, the county is taken at 200.
    Claimed {
        seat: u8,
        county: CountyId,
    },
    /// §4.2: wrong answer, the county stays free.
    Missed {
        seat: u8,
        county: CountyId,
    },
    /// §4.3: the winner picks a free county next.
    DivisionWon {
        seat: u8,
    },
    /// §4.0 step 4: both right, a numeric question decides.
    Decider,
    /// §4.4 step 2: the county changes hands at 400.
    Captured {
        attacker: u8,
        defender: u8,
        county: CountyId,
    },
    /// §4.4 step 3: a tower fell; `towers` still stand and the attack goes on.
    TowerDown {
        attacker: u8,
        defender: u8,
        county: CountyId,
        towers: u8,
    },
    /// §4.4 step 4: the last tower fell; the defender is eliminated.
    BaseFell {
        attacker: u8,
        defender: u8,
        county: CountyId,
    },
    /// The defender won; `bonus` if it also answered right (H10).
    Held {
        attacker: u8,
        defender: u8,
        county: CountyId,
        bonus: bool,
    },
    /// §4.4 step 5.
    Rebuilt {
        seat: u8,
        towers: u8,
    },
    RebuildFailed {
        seat: u8,
    },
    /// §5: the tie-break question ordered the tied players.
    TieBroken,
}

/// A resolved question, public to all (§6 reveal): everyone's answer and time, the correct
/// answer (display index for choice questions, the number for numeric ones), the numeric
/// ranking, and what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub purpose: Purpose,
    pub kind: QuestionKind,
    pub question: Drawn,
    pub answerers: SeatList,
    pub answers: [Option<Given>; 3],
    pub correct: u64,
    /// Numeric: the §4.0 ranking of the answerers. Choice: the answerers who were right.
    pub ranking: SeatList,
    pub effect: Effect,
}

/// A point of the per-phase history (§5 "per-phase history").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    Bases,
    Expansion,
    Division,
    WarRound { round: u8 },
}

/// The scores by seat when a stage ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    #[serde(flatten)]
    pub stage: Stage,
    pub scores: [u32; 3],
}

/// The public table: map, players, phase, the last reveal and which questions were asked. Both
/// the state and every view hold it whole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
    pub options: CampaignOptions,
    /// The seat playing Red, Blue and Green.
    pub colours: [u8; 3],
    pub counties: [County; COUNTY_COUNT],
    pub players: [Player; 3],
    pub phase: Phase,
    pub step: Step,
    pub last_reveal: Option<Reveal>,
    pub history: Vec<Snapshot>,
    /// Seats from first to last once the game is over.
    pub ranking: Option<[u8; 3]>,
    /// Bit sets of the deck indices drawn in the current pass through each deck (§3.3).
    pub asked_choice: Vec<u64>,
    pub asked_numeric: Vec<u64>,
}

/// A seat's choices as sets ([`Campaign::open_choices`]): the counties it may pick, or attack
/// in the war, and whether it may rebuild its base.
#[derive(Clone, Copy, Debug)]
struct OpenChoices {
    counties: u32,
    attack: bool,
    rebuild: bool,
}

impl OpenChoices {
    /// The choice of `county`: an attack in the war, a pick before it.
    fn on(&self, county: CountyId) -> CampaignAction {
        if self.attack {
            CampaignAction::Attack { county }
        } else {
            CampaignAction::Pick { county }
        }
    }
}

/// Who holds the map ([`Campaign::lands`]): each seat's territory and the free counties, as
/// bit sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lands {
    pub territory: [u32; 3],
    pub free: u32,
}

impl Lands {
    /// §4.2 step 1: free counties adjacent to `seat`'s territory.
    pub fn expansion_options(&self, seat: u8) -> u32 {
        frontier(self.of(seat)) & self.free
    }

    /// `seat`'s territory (none for a seat not at the table).
    pub fn of(&self, seat: u8) -> u32 {
        self.territory.get(seat as usize).copied().unwrap_or(0)
    }
}

/// The AI's stand-in for unknown answers inside a search (see [`CampaignState::sim_answer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sim {
    pub levels: [AnswerLevel; 3],
    pub seed: u64,
    pub answers: u32,
}

/// The whole truth: the public table, the open question with its hidden answers and tie lots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignState {
    pub campaign: Campaign,
    pub ask: Option<Ask>,
    /// Set only in the AI's determinized states: every answer there comes from the §7 model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sim: Option<Sim>,
}

/// One decision, or one chance outcome (draws and timeout picks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CampaignAction {
    /// Phase 1 base, Phase 2 expansion target, Phase 3 division pick.
    Pick { county: CountyId },
    /// §4.4: attack an enemy county.
    Attack { county: CountyId },
    /// §4.4 step 5: try to rebuild a tower of one's own base.
    Rebuild,
    /// The choice timer ran out (§3.4): a random legal choice follows as a chance event.
    TimeUp,
    /// Answer to a choice question: display index or none, time in ms.
    Answer { option: Option<u8>, ms: u32 },
    /// Answer to a numeric question: the guess or none, time in ms.
    Guess { value: Option<u64>, ms: u32 },
    /// Chance: a choice question and the display order of its options.
    DrawChoice { question: u16, order: [u8; 4] },
    /// Chance: a numeric question and the tie lots (H5).
    DrawNumeric { question: u16, lots: [u8; 3] },
}

pub struct LongCampaign;

fn rule(reason: impl Into<String>) -> Illegal {
    Illegal::Rule(reason.into())
}

/// The bits of word `w` that stand for deck indices below `n`.
fn word_mask(n: usize, w: usize) -> u64 {
    let left = n.saturating_sub(w * 64);
    if left >= 64 {
        u64::MAX
    } else {
        (1u64 << left) - 1
    }
}

/// The indices whose bit is set in `words` (64 indices a word), in increasing order.
fn set_bits(words: impl Iterator<Item = u64>) -> impl Iterator<Item = usize> {
    words.enumerate().flat_map(|(w, word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                w * 64 + b
            })
        })
    })
}

fn bit_is_set(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| (w >> (i % 64)) & 1 == 1)
}

fn is_permutation<const N: usize>(p: &[u8; N]) -> bool {
    let mut seen = [false; N];
    for &x in p {
        match seen.get_mut(x as usize) {
            Some(s) if !*s => *s = true,
            _ => return false,
        }
    }
    true
}

impl Campaign {
    pub fn seat_of(&self, colour: Colour) -> u8 {
        self.colours[colour as usize]
    }

    pub fn colour_of(&self, seat: u8) -> Colour {
        let i = self.colours.iter().position(|&s| s == seat).unwrap_or(0);
        Colour::ALL[i]
    }

    /// Seats in colour order Red, Blue, Green (§6 answering order for Phase 3 and tie-breaks).
    pub fn seats_in_colour_order(&self) -> [u8; 3] {
        self.colours
    }

    pub fn county(&self, c: CountyId) -> &County {
        &self.counties[c.index() % COUNTY_COUNT]
    }

    /// The counties `seat` owns, as a bit set.
    pub fn territory(&self, seat: u8) -> u32 {
        let mut set = 0;
        for (i, c) in self.counties.iter().enumerate() {
            if c.owner == Some(seat) {
                set |= 1 << i;
            }
        }
        set
    }

    /// Every seat's territory and the free counties, in one pass over the map: a turn of
    /// §4.2 asks after all three seats' options, and the search asks at every step.
    pub fn lands(&self) -> Lands {
        let mut lands = Lands::default();
        for (i, c) in self.counties.iter().enumerate() {
            match c.owner {
                Some(o) => {
                    if let Some(t) = lands.territory.get_mut(o as usize) {
                        *t |= 1 << i;
                    }
                }
                None => lands.free |= 1 << i,
            }
        }
        lands
    }

    /// Counties with no owner.
    pub fn free(&self) -> u32 {
        let mut set = 0;
        for (i, c) in self.counties.iter().enumerate() {
            if c.owner.is_none() {
                set |= 1 << i;
            }
        }
        set
    }

    /// Every county picked as a base (living or ruined).
    pub fn bases(&self) -> u32 {
        let mut set = 0;
        for (i, c) in self.counties.iter().enumerate() {
            if c.base {
                set |= 1 << i;
            }
        }
        set
    }

    /// §4.4: `seat`'s own base, if it still stands.
    pub fn living_base(&self, seat: u8) -> Option<CountyId> {
        CountyId::all().find(|&c| {
            let county = self.county(c);
            county.owner == Some(seat) && county.is_living_base()
        })
    }

    /// H3 and LC-9: the sum of owned values plus the player's own defence bonuses.
    pub fn score(&self, seat: u8) -> u32 {
        let map: u32 = self
            .counties
            .iter()
            .filter(|c| c.owner == Some(seat))
            .map(|c| c.value)
            .sum();
        map + self.players.get(seat as usize).map_or(0, |p| p.bonus)
    }

    pub fn scores(&self) -> [u32; 3] {
        [self.score(0), self.score(1), self.score(2)]
    }

    pub fn alive_count(&self) -> usize {
        self.players.iter().filter(|p| p.alive).count()
    }

    pub fn is_alive(&self, seat: u8) -> bool {
        self.players.get(seat as usize).is_some_and(|p| p.alive)
    }

    /// §4.1: free counties not adjacent to (nor being) any base already picked.
    pub fn base_options(&self) -> u32 {
        let bases = self.bases();
        self.free() & !frontier(bases) & !bases
    }

    /// §4.2 step 1: free counties adjacent to `seat`'s territory.
    pub fn expansion_options(&self, seat: u8) -> u32 {
        self.lands().expansion_options(seat)
    }

    /// §4.3 step 2: free counties adjacent to the winner's territory, else any free county.
    pub fn division_options(&self, seat: u8) -> u32 {
        match self.expansion_options(seat) {
            0 => self.free(),
            near => near,
        }
    }

    /// §4.4 step 1(a): counties of other living players adjacent to `seat`'s territory.
    pub fn attack_targets(&self, seat: u8) -> u32 {
        let lands = self.lands();
        let enemy = (0..3u8)
            .filter(|&o| o != seat && self.is_alive(o))
            .fold(0, |enemy, o| enemy | lands.of(o));
        frontier(lands.of(seat)) & enemy
    }

    /// §4.4 step 1(b), H11: the own base may be rebuilt while 1 or 2 towers stand.
    pub fn can_rebuild(&self, seat: u8) -> bool {
        self.living_base(seat)
            .is_some_and(|b| (1..=2).contains(&self.county(b).towers))
    }

    /// The choices `seat` may make now (empty unless `seat` is to choose), in map order.
    pub fn legal_choices(&self, seat: u8) -> Vec<CampaignAction> {
        let mut out = Vec::new();
        self.push_choices(seat, &mut out);
        out
    }

    fn push_choices(&self, seat: u8, out: &mut Vec<CampaignAction>) {
        let Some(open) = self.open_choices(seat) else {
            return;
        };
        out.extend(counties_in(open.counties).map(|county| open.on(county)));
        if open.rebuild {
            out.push(CampaignAction::Rebuild);
        }
    }

    /// Whether `action` is one of `seat`'s [`Campaign::legal_choices`], read from the same
    /// sets without listing them (every choice a playout makes is checked).
    pub(super) fn allows(&self, seat: u8, action: &CampaignAction) -> bool {
        let Some(open) = self.open_choices(seat) else {
            return false;
        };
        match *action {
            CampaignAction::Pick { county } | CampaignAction::Attack { county } => {
                county.checked().is_some()
                    && open.counties & (1 << county.index()) != 0
                    && open.on(county) == *action
            }
            CampaignAction::Rebuild => open.rebuild,
            _ => false,
        }
    }

    /// What `seat` may choose now, if it is the one to choose: §4.1's bases, §4.2's and
    /// §4.3's picks, §4.4's attacks and rebuild.
    fn open_choices(&self, seat: u8) -> Option<OpenChoices> {
        match self.step {
            Step::Choose { seat: s } | Step::TimeUp { seat: s } if s == seat => {}
            _ => return None,
        }
        let picks = |counties| OpenChoices {
            counties,
            attack: false,
            rebuild: false,
        };
        Some(match self.phase {
            Phase::Bases { .. } => picks(self.base_options()),
            Phase::Expansion { .. } => picks(self.expansion_options(seat)),
            Phase::Division => picks(self.division_options(seat)),
            Phase::War { .. } => OpenChoices {
                counties: self.attack_targets(seat),
                attack: true,
                rebuild: self.can_rebuild(seat),
            },
            Phase::TieBreak | Phase::Over => picks(0),
        })
    }

    /// Why a choice is refused, in plain words.
    fn refusal(&self, seat: u8, action: &CampaignAction) -> String {
        let name = |c: CountyId| c.name();
        match (self.phase, *action) {
            (_, CampaignAction::Pick { county } | CampaignAction::Attack { county })
                if county.checked().is_none() =>
            {
                "no such county".into()
            }
            (Phase::War { .. }, CampaignAction::Pick { .. }) => {
                "in the war, attack a county or rebuild your base".into()
            }
            (_, CampaignAction::Attack { .. } | CampaignAction::Rebuild)
                if !matches!(self.phase, Phase::War { .. }) =>
            {
                "attacks and rebuilding belong to the war (Phase 4)".into()
            }
            (_, CampaignAction::Pick { county }) if self.county(county).owner.is_some() => {
                format!("{} is already taken", name(county))
            }
            (Phase::Bases { .. }, CampaignAction::Pick { county }) => {
                format!("{} borders a base already picked", name(county))
            }
            (Phase::Expansion { .. }, CampaignAction::Pick { county }) => {
                format!("{} does not border your land", name(county))
            }
            (Phase::Division, CampaignAction::Pick { county }) => format!(
                "{} does not border your land, and a free county that does exists",
                name(county)
            ),
            (_, CampaignAction::Attack { county }) => match self.county(county).owner {
                Some(o) if o == seat => format!("{} is yours", name(county)),
                None => format!("{} has no owner", name(county)),
                Some(_) => format!("{} does not border your land", name(county)),
            },
            (_, CampaignAction::Rebuild) => match self.living_base(seat) {
                None => "you have no standing base".into(),
                Some(b) => format!(
                    "a base can be rebuilt only while 1 or 2 towers stand (it has {})",
                    self.county(b).towers
                ),
            },
            _ => "not a choice".into(),
        }
    }

    /// The round's order of colours during the expansion and the war (§4.2, H8).
    pub fn round_order(&self) -> Option<[Colour; 3]> {
        match self.phase {
            Phase::Expansion { round, .. } | Phase::War { round, .. } => {
                ROUND_ORDER.get(round.wrapping_sub(1) as usize).copied()
            }
            _ => None,
        }
    }

    /// The bank this game draws from.
    pub fn bank(&self) -> &'static Bank {
        bank::bank(self.options.questions, self.options.language)
            .unwrap_or_else(|_| bank::empty_bank())
    }

    pub fn question(&self, kind: QuestionKind, index: u16) -> Option<&'static Question> {
        self.bank().get(kind, index)
    }

    pub fn asked(&self, kind: QuestionKind) -> &[u64] {
        match kind {
            QuestionKind::Choice => &self.asked_choice,
            QuestionKind::Numeric => &self.asked_numeric,
        }
    }

    fn asked_mut(&mut self, kind: QuestionKind) -> &mut Vec<u64> {
        match kind {
            QuestionKind::Choice => &mut self.asked_choice,
            QuestionKind::Numeric => &mut self.asked_numeric,
        }
    }

    /// Deck indices not yet drawn in this pass through the deck.
    pub fn unasked(&self, kind: QuestionKind) -> usize {
        self.free_count(kind, self.asked(kind))
    }

    /// The `k`-th deck index (0-based) not yet asked, if any.
    pub fn nth_unasked(&self, kind: QuestionKind, k: usize) -> Option<usize> {
        self.nth_free(kind, self.asked(kind), k)
    }

    /// LC-10: the deck's indices that may not be drawn now, as bits: those asked in this pass,
    /// and every member of a `sameFact` group one of whose questions was asked (in its own
    /// deck's pass).
    /// It walks the questions asked (a few dozen in a game), not the bank's groups (hundreds):
    /// every draw of every playout asks it.
    pub fn barred(&self, kind: QuestionKind) -> Vec<u64> {
        let mut bits = self.asked(kind).to_vec();
        let bank = self.bank();
        // Only an asked question with a group bars others.
        let asked = [QuestionKind::Choice, QuestionKind::Numeric]
            .into_iter()
            .flat_map(|k| {
                let grouped = bank.grouped(k);
                let words = self.asked(k).iter().zip(grouped).map(|(a, g)| a & g);
                set_bits(words).map(move |i| (k, i))
            });
        for (k, i) in asked {
            let Some(group) = bank.fact_group(k, i) else {
                continue;
            };
            for &(_, i) in group.iter().filter(|(k, _)| *k == kind) {
                let word = i as usize / 64;
                if bits.len() <= word {
                    bits.resize(word + 1, 0);
                }
                bits[word] |= 1 << (i % 64);
            }
        }
        bits
    }

    /// LC-10: whether `index` may be drawn from `kind`'s deck now. Only when every question
    /// left in the pass shares a fact with one already asked (a small test bank) is a shared
    /// fact allowed, rather than ending the pass early.
    pub fn may_draw(&self, kind: QuestionKind, index: usize) -> bool {
        if !self.options.one_question_per_fact {
            return true;
        }
        // The draw's own question first: it is barred only rarely, and only then is the whole
        // deck's count needed.
        !self.is_barred(kind, index) || self.free_count(kind, &self.barred(kind)) == 0
    }

    /// LC-10: whether `index` is one of [`Campaign::barred`]'s, from its own group alone.
    pub fn is_barred(&self, kind: QuestionKind, index: usize) -> bool {
        bit_is_set(self.asked(kind), index)
            || self.bank().fact_group(kind, index).is_some_and(|group| {
                group
                    .iter()
                    .any(|&(k, i)| bit_is_set(self.asked(k), i as usize))
            })
    }

    /// Deck indices whose bit is clear in `bits`.
    fn free_count(&self, kind: QuestionKind, bits: &[u64]) -> usize {
        let n = self.bank().deck(kind).len();
        let set: usize = (0..n.div_ceil(64))
            .map(|w| (bits.get(w).copied().unwrap_or(0) & word_mask(n, w)).count_ones() as usize)
            .sum();
        n - set
    }

    /// The `k`-th deck index (0-based) whose bit is clear in `bits`, if any.
    fn nth_free(&self, kind: QuestionKind, bits: &[u64], mut k: usize) -> Option<usize> {
        let n = self.bank().deck(kind).len();
        for w in 0..n.div_ceil(64) {
            let mut free = !bits.get(w).copied().unwrap_or(0) & word_mask(n, w);
            let count = free.count_ones() as usize;
            if k >= count {
                k -= count;
                continue;
            }
            for _ in 0..k {
                free &= free - 1; // drop the lowest free index
            }
            return Some(w * 64 + free.trailing_zeros() as usize);
        }
        None
    }

    fn snapshot(&mut self, stage: Stage) {
        let scores = self.scores();
        self.history.push(Snapshot { stage, scores });
    }

    /// Remaining war turns at most (for the AI's evaluation): 18 before the war.
    pub fn war_turns_left(&self) -> u32 {
        match self.phase {
            Phase::War { round, turn } => {
                (ROUNDS as u32 - round as u32) * 3 + (3 - turn as u32).min(3)
            }
            Phase::TieBreak | Phase::Over => 0,
            _ => ROUNDS as u32 * 3,
        }
    }
}

/// §4.0 AskNumeric: answered first, then distance, then time, then the seeded lots. Seats that
/// gave no answer compare only by the lots.
pub fn rank_numeric(
    answerers: SeatList,
    answers: &[Option<Given>; 3],
    answer: u64,
    lots: [u8; 3],
) -> SeatList {
    let lot = |s: u8| lots.iter().position(|&l| l == s).unwrap_or(3);
    let mut seats = answerers;
    seats
        .as_mut_slice()
        .sort_by_key(|&s| match answers[s as usize] {
            Some(Given::Guess { value: Some(v), ms }) => (0u8, v.abs_diff(answer), ms, lot(s)),
            _ => (1u8, 0, 0, lot(s)),
        });
    seats
}

/// A small, fast generator for the model answers of a search state (never used by the rules).
struct SplitMix(u64);

impl rand::RngCore for SplitMix {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

impl CampaignState {
    /// The display index of the correct option of a drawn choice question.
    pub fn correct_display(question: &Question, drawn: &Drawn) -> u8 {
        let c = question.correct_index();
        drawn.order.iter().position(|&o| o == c).unwrap_or(0) as u8
    }

    /// The §7 model's answer for `seat` to the open question. Inside a search every answer is
    /// this one (questions are chance there); [`super::ai_answer`] uses the same model in play.
    pub fn model_answer(
        &self,
        level: AnswerLevel,
        rng: &mut impl rand::Rng,
    ) -> Option<CampaignAction> {
        let ask = self.ask.as_ref()?;
        let drawn = ask.question?;
        let q = self.campaign.question(ask.kind, drawn.index)?;
        let limit = self.campaign.options.timer.limit_ms();
        Some(match ask.kind {
            QuestionKind::Choice => {
                let correct = Self::correct_display(q, &drawn);
                let (option, ms) = answer::choice_answer(level, q.difficulty, correct, limit, rng);
                CampaignAction::Answer { option, ms }
            }
            QuestionKind::Numeric => {
                let (value, ms) = answer::numeric_guess(level, q, limit, rng);
                CampaignAction::Guess { value, ms }
            }
        })
    }

    /// In a search state: the one answer `seat` gives, drawn from the model with the state's
    /// own seed, so it is the same every time the state is asked.
    fn sim_answer(&self, sim: &Sim, seat: u8) -> Option<CampaignAction> {
        let mut rng = SplitMix(
            sim.seed ^ (sim.answers as u64).wrapping_mul(0xA24B_AED4_963E_E407) ^ seat as u64,
        );
        self.model_answer(sim.levels[seat as usize % 3], &mut rng)
    }

    /// Representative answers for a real state (random playouts, benches): every option and
    /// no answer for a choice question; the answer and guesses around it, and no answer, for a
    /// numeric one. Any other guess and any time is legal too (DECISION LC-3).
    fn sample_answers(&self, out: &mut Vec<CampaignAction>) {
        let Some(ask) = self.ask.as_ref() else { return };
        let limit = self.campaign.options.timer.limit_ms();
        let mid = limit.map_or(5000, |l| l / 2);
        match ask.kind {
            QuestionKind::Choice => {
                out.extend((0..4).map(|i| CampaignAction::Answer {
                    option: Some(i),
                    ms: mid,
                }));
                out.push(CampaignAction::Answer {
                    option: None,
                    ms: limit.unwrap_or(mid),
                });
            }
            QuestionKind::Numeric => {
                let (answer, spread) = ask
                    .question
                    .and_then(|d| self.campaign.question(ask.kind, d.index))
                    .map_or((100, 10.0), |q| (q.answer(), q.spread()));
                let s = spread.max(1.0) as i64;
                let mut guesses: Vec<u64> = [-3, -1, 0, 1, 3]
                    .iter()
                    .map(|k| (answer as i64 + k * s).clamp(0, MAX_NUMBER as i64) as u64)
                    .collect();
                guesses.dedup();
                out.extend(guesses.into_iter().map(|g| CampaignAction::Guess {
                    value: Some(g),
                    ms: mid,
                }));
                out.push(CampaignAction::Guess {
                    value: None,
                    ms: limit.unwrap_or(mid),
                });
            }
        }
    }

    /// Open a question: the draw is the next (chance) step.
    fn open_ask(&mut self, purpose: Purpose, kind: QuestionKind, answerers: &[u8]) {
        self.ask = Some(Ask {
            purpose,
            kind,
            answerers: SeatList::new(answerers),
            question: None,
            answers: [None; 3],
        });
        self.campaign.step = Step::Draw;
    }

    /// §4.1: `seat` founds its base on `county`; after Green, Phase 2 starts.
    fn found_base(&mut self, seat: u8, county: CountyId, turn: u8) {
        self.campaign.counties[county.index()] = County {
            owner: Some(seat),
            value: BASE_VALUE,
            base: true,
            towers: TOWERS,
            ruined: false,
        };
        if turn < 2 {
            self.campaign.phase = Phase::Bases { turn: turn + 1 };
            self.campaign.step = Step::Choose {
                seat: self.campaign.colours[turn as usize + 1],
            };
        } else {
            self.campaign.snapshot(Stage::Bases);
            self.expansion_turn(1, 0);
        }
    }

    /// §4.2 and H6: the next turn from (`round`, `turn`) of a player who has options; the phase
    /// ends after round 6, or when no county is free, or when nobody has an option.
    fn expansion_turn(&mut self, mut round: u8, mut turn: u8) {
        loop {
            if turn >= 3 {
                round += 1;
                turn = 0;
            }
            let c = &self.campaign;
            let lands = c.lands();
            let anyone = (0..3).any(|s| lands.expansion_options(s) != 0);
            if round > ROUNDS || lands.free == 0 || !anyone {
                self.campaign.snapshot(Stage::Expansion);
                self.division();
                return;
            }
            let seat = c.seat_of(ROUND_ORDER[round as usize - 1][turn as usize]);
            if lands.expansion_options(seat) != 0 {
                self.campaign.phase = Phase::Expansion { round, turn };
                self.campaign.step = Step::Choose { seat };
                return;
            }
            turn += 1; // H6: no option, the player skips.
        }
    }

    /// §4.3: while a county is free, all three guess; when none is, the war begins.
    fn division(&mut self) {
        self.campaign.phase = Phase::Division;
        if self.campaign.free() == 0 {
            self.campaign.snapshot(Stage::Division);
            self.war_turn(1, 0);
        } else {
            let seats = self.campaign.seats_in_colour_order();
            self.open_ask(Purpose::Division, QuestionKind::Numeric, &seats);
        }
    }

    /// §4.4, H8, H9, H12: the next living player in the round's order who has a target; the
    /// game ends after round 6 or when one player is left.
    fn war_turn(&mut self, mut round: u8, mut turn: u8) {
        loop {
            if turn >= 3 {
                self.campaign.snapshot(Stage::WarRound { round });
                round += 1;
                turn = 0;
            }
            if self.campaign.alive_count() <= 1 || round > ROUNDS {
                self.campaign.phase = Phase::War { round, turn };
                self.finish();
                return;
            }
            let c = &self.campaign;
            let seat = c.seat_of(ROUND_ORDER[round as usize - 1][turn as usize]);
            if c.is_alive(seat) && (c.attack_targets(seat) != 0 || c.can_rebuild(seat)) {
                self.campaign.phase = Phase::War { round, turn };
                self.campaign.step = Step::Choose { seat };
                return;
            }
            turn += 1;
        }
    }

    fn next_war_turn(&mut self) {
        if let Phase::War { round, turn } = self.campaign.phase {
            self.war_turn(round, turn + 1);
        }
    }

    /// The seats in standing order (§5 rules 1–2) before any tie-break: living by score (ties
    /// in colour order), then eliminated, the later elimination first.
    fn standings(&self) -> Vec<u8> {
        let c = &self.campaign;
        let mut living: Vec<u8> = c
            .seats_in_colour_order()
            .into_iter()
            .filter(|&s| c.is_alive(s))
            .collect();
        living.sort_by_key(|&s| std::cmp::Reverse(c.score(s)));
        let mut fallen: Vec<u8> = (0..3).filter(|&s| !c.is_alive(s)).collect();
        fallen.sort_by_key(|&s| std::cmp::Reverse(c.players[s as usize].eliminated));
        living.extend(fallen);
        living
    }

    /// §5: rank, or ask the tie-break question when living players share a score (H13).
    fn finish(&mut self) {
        if let Phase::War { round, .. } = self.campaign.phase {
            let done = matches!(self.campaign.history.last(),
                Some(Snapshot { stage: Stage::WarRound { round: r }, .. }) if *r == round);
            if !done && round <= ROUNDS {
                self.campaign.snapshot(Stage::WarRound { round });
            }
        }
        let order = self.standings();
        let c = &self.campaign;
        let living: Vec<u8> = order.iter().copied().filter(|&s| c.is_alive(s)).collect();
        for &s in &living {
            let tied: Vec<u8> = c
                .seats_in_colour_order()
                .into_iter()
                .filter(|&t| c.is_alive(t) && c.score(t) == c.score(s))
                .collect();
            if tied.len() >= 2 {
                self.campaign.phase = Phase::TieBreak;
                self.open_ask(Purpose::TieBreak, QuestionKind::Numeric, &tied);
                return;
            }
        }
        self.close(&order);
    }

    fn close(&mut self, order: &[u8]) {
        let mut ranking = [0u8; 3];
        for (i, &s) in order.iter().take(3).enumerate() {
            ranking[i] = s;
        }
        self.campaign.ranking = Some(ranking);
        self.campaign.phase = Phase::Over;
        self.campaign.step = Step::Over;
        self.ask = None;
    }

    /// §4.4 step 4: `loser` is out; all its counties pass to `winner` with their values (the
    /// base county at 1000, LC-9), the base is ruined. The loser's defence bonus goes nowhere:
    /// "Ezt a védekezési bónuszt a játékos legyőzésével nem lehet megszerezni" (LC-9), and an
    /// eliminated player scores 0 (§4.4).
    fn eliminate(&mut self, loser: u8, winner: u8) {
        let k = 1 + self
            .campaign
            .players
            .iter()
            .filter(|p| p.eliminated.is_some())
            .count() as u8;
        let p = &mut self.campaign.players[loser as usize];
        p.alive = false;
        p.eliminated = Some(k);
        p.bonus = 0;
        for county in self.campaign.counties.iter_mut() {
            if county.owner == Some(loser) {
                county.owner = Some(winner);
                if county.is_living_base() {
                    county.ruined = true;
                    county.towers = 0;
                }
            }
        }
    }

    /// §4.4 steps 2–4 after one battle.
    fn battle_over(
        &mut self,
        attacker: u8,
        defender: u8,
        county: CountyId,
        attacker_won: bool,
        defender_right: bool,
    ) -> Effect {
        let i = county.index();
        if !attacker_won {
            // LC-9: the bonus only when the defender also answered right, and to the player:
            // the county (a base too) keeps its value, so a later capture or a fallen base
            // gives the attacker 400 or 1000 and leaves the bonus with the defender.
            if defender_right {
                self.campaign.players[defender as usize].bonus += DEFENCE_BONUS;
            }
            self.next_war_turn();
            return Effect::Held {
                attacker,
                defender,
                county,
                bonus: defender_right,
            };
        }
        if self.campaign.counties[i].is_living_base() {
            self.campaign.counties[i].towers -= 1;
            let towers = self.campaign.counties[i].towers;
            if towers == 0 {
                self.eliminate(defender, attacker);
                self.next_war_turn();
                return Effect::BaseFell {
                    attacker,
                    defender,
                    county,
                };
            }
            // The attack goes on with a fresh question; it cannot be stopped.
            self.open_ask(
                Purpose::Battle {
                    attacker,
                    defender,
                    county,
                    decider: false,
                },
                QuestionKind::Choice,
                &[attacker, defender],
            );
            return Effect::TowerDown {
                attacker,
                defender,
                county,
                towers,
            };
        }
        let c = &mut self.campaign.counties[i];
        c.owner = Some(attacker);
        c.value = CAPTURE_VALUE;
        self.next_war_turn();
        Effect::Captured {
            attacker,
            defender,
            county,
        }
    }

    /// Everyone has answered: score the question and carry out what it decides.
    fn resolve(&mut self) {
        let Some(ask) = self.ask.take() else { return };
        let Some(drawn) = ask.question else { return };
        let Some(q) = self.campaign.question(ask.kind, drawn.index) else {
            return;
        };
        let (correct, ranking, right) = match ask.kind {
            QuestionKind::Choice => {
                let c = Self::correct_display(q, &drawn);
                let mut right = [false; 3];
                for &s in ask.answerers.as_slice() {
                    right[s as usize] = matches!(
                        ask.answers[s as usize],
                        Some(Given::Choice { option: Some(o), .. }) if o == c
                    );
                }
                (c as u64, ask.answerers.filter(|s| right[s as usize]), right)
            }
            QuestionKind::Numeric => (
                q.answer(),
                rank_numeric(ask.answerers, &ask.answers, q.answer(), drawn.lots),
                [false; 3],
            ),
        };
        let effect = match ask.purpose {
            Purpose::Expansion { seat, county } => {
                let effect = if right[seat as usize] {
                    let c = &mut self.campaign.counties[county.index()];
                    c.owner = Some(seat);
                    c.value = EXPANSION_VALUE;
                    Effect::Claimed { seat, county }
                } else {
                    Effect::Missed { seat, county }
                };
                if let Phase::Expansion { round, turn } = self.campaign.phase {
                    self.expansion_turn(round, turn + 1);
                }
                effect
            }
            Purpose::Division => {
                let seat = ranking.first().unwrap_or(0);
                self.campaign.step = Step::Choose { seat };
                Effect::DivisionWon { seat }
            }
            Purpose::Battle {
                attacker,
                defender,
                county,
                decider: false,
            } => {
                let (a, d) = (right[attacker as usize], right[defender as usize]);
                if a && d {
                    self.open_ask(
                        Purpose::Battle {
                            attacker,
                            defender,
                            county,
                            decider: true,
                        },
                        QuestionKind::Numeric,
                        &[attacker, defender],
                    );
                    Effect::Decider
                } else {
                    self.battle_over(attacker, defender, county, a, d)
                }
            }
            Purpose::Battle {
                attacker,
                defender,
                county,
                decider: true,
            } => {
                // §4.0 step 4: two missing answers keep the county.
                let nobody = ask
                    .answerers
                    .as_slice()
                    .iter()
                    .all(|&s| !ask.answers[s as usize].is_some_and(|g| g.answered()));
                let attacker_won = !nobody && ranking.first() == Some(attacker);
                self.battle_over(attacker, defender, county, attacker_won, true)
            }
            Purpose::Rebuild { seat } => {
                let effect = match self.campaign.living_base(seat) {
                    Some(b) if right[seat as usize] => {
                        let c = &mut self.campaign.counties[b.index()];
                        c.towers = (c.towers + 1).min(TOWERS);
                        Effect::Rebuilt {
                            seat,
                            towers: c.towers,
                        }
                    }
                    _ => Effect::RebuildFailed { seat },
                };
                self.next_war_turn();
                effect
            }
            Purpose::TieBreak => {
                let mut order = self.standings();
                // The tied seats keep their block of places, reordered by the ranking.
                let slots: Vec<usize> = (0..order.len())
                    .filter(|&i| ask.answerers.contains(order[i]))
                    .collect();
                for (slot, &seat) in slots.iter().zip(ranking.as_slice()) {
                    order[*slot] = seat;
                }
                self.close(&order);
                Effect::TieBroken
            }
        };
        self.campaign.last_reveal = Some(Reveal {
            purpose: ask.purpose,
            kind: ask.kind,
            question: drawn,
            answerers: ask.answerers,
            answers: ask.answers,
            correct,
            ranking,
            effect,
        });
    }

    /// A seat's (or a timeout's) choice, already checked to be legal.
    fn choose(&mut self, seat: u8, action: CampaignAction) {
        match (self.campaign.phase, action) {
            (Phase::Bases { turn }, CampaignAction::Pick { county }) => {
                self.found_base(seat, county, turn)
            }
            (Phase::Expansion { .. }, CampaignAction::Pick { county }) => self.open_ask(
                Purpose::Expansion { seat, county },
                QuestionKind::Choice,
                &[seat],
            ),
            (Phase::Division, CampaignAction::Pick { county }) => {
                let c = &mut self.campaign.counties[county.index()];
                c.owner = Some(seat);
                c.value = DIVISION_VALUE;
                self.division();
            }
            (Phase::War { .. }, CampaignAction::Attack { county }) => {
                let defender = self.campaign.county(county).owner.unwrap_or(seat);
                self.open_ask(
                    Purpose::Battle {
                        attacker: seat,
                        defender,
                        county,
                        decider: false,
                    },
                    QuestionKind::Choice,
                    &[seat, defender],
                );
            }
            (Phase::War { .. }, CampaignAction::Rebuild) => {
                self.open_ask(Purpose::Rebuild { seat }, QuestionKind::Choice, &[seat])
            }
            _ => {}
        }
    }

    /// §3.3: draw `index` from the deck; no repeat until the deck is used up, then a new pass.
    fn draw(
        &mut self,
        kind: QuestionKind,
        index: u16,
        order: [u8; 4],
        lots: [u8; 3],
    ) -> Result<(), Illegal> {
        let Some(ask) = self.ask.as_ref() else {
            return Err(rule("no question is due"));
        };
        if ask.kind != kind {
            return Err(rule(match ask.kind {
                QuestionKind::Choice => "a multiple-choice question is due",
                QuestionKind::Numeric => "a numeric question is due",
            }));
        }
        let n = self.campaign.bank().deck(kind).len();
        if index as usize >= n {
            return Err(rule(format!(
                "question {index} is not in the deck ({n} questions)"
            )));
        }
        if !is_permutation(&order) || !is_permutation(&lots) {
            return Err(rule("the option order and the lots must be permutations"));
        }
        let fresh = self.campaign.unasked(kind);
        if fresh > 0 && bit_is_set(self.campaign.asked(kind), index as usize) {
            return Err(rule(format!(
                "question {index} was already asked in this game"
            )));
        }
        if fresh > 0 && !self.campaign.may_draw(kind, index as usize) {
            return Err(rule(format!(
                "question {index} asks the same fact as a question already asked (LC-10)"
            )));
        }
        let bits = self.campaign.asked_mut(kind);
        if fresh == 0 {
            bits.iter_mut().for_each(|w| *w = 0); // the deck ran out: a new pass
        }
        let word = index as usize / 64;
        if bits.len() <= word {
            bits.resize(word + 1, 0);
        }
        bits[word] |= 1 << (index % 64);
        let ask = self.ask.as_mut().expect("checked above");
        ask.question = Some(Drawn { index, order, lots });
        self.campaign.step = Step::Answer {
            seat: ask.answerers.first().unwrap_or(0),
        };
        Ok(())
    }

    /// §4.0: lock `seat`'s answer; a time over the limit counts as no answer (H4).
    fn answer(&mut self, seat: u8, given: Given) -> Result<(), Illegal> {
        let limit = self.campaign.options.timer.limit_ms();
        let Some(ask) = self.ask.as_mut() else {
            return Err(rule("no question is open"));
        };
        let given = match (ask.kind, given) {
            (QuestionKind::Choice, Given::Choice { option, ms }) => {
                if option.is_some_and(|o| o > 3) {
                    return Err(rule("an option is 0–3"));
                }
                let late = limit.is_some_and(|l| ms > l);
                Given::Choice {
                    option: if late { None } else { option },
                    ms,
                }
            }
            (QuestionKind::Numeric, Given::Guess { value, ms }) => {
                if value.is_some_and(|v| v > MAX_NUMBER) {
                    return Err(rule("a guess has at most 10 digits"));
                }
                let late = limit.is_some_and(|l| ms > l);
                Given::Guess {
                    value: if late { None } else { value },
                    ms,
                }
            }
            (QuestionKind::Choice, _) => {
                return Err(rule("this question wants one of its options"))
            }
            (QuestionKind::Numeric, _) => return Err(rule("this question wants a number")),
        };
        ask.answers[seat as usize] = Some(given);
        let next = ask.answerers.after(seat);
        if let Some(sim) = self.sim.as_mut() {
            sim.answers += 1;
        }
        match next {
            Some(n) => self.campaign.step = Step::Answer { seat: n },
            None => self.resolve(),
        }
        Ok(())
    }
}

#[cfg(test)]
impl CampaignState {
    /// Start the expansion at (`round`, `turn`) from a hand-made position.
    pub(crate) fn expansion_turn_for_tests(&mut self, round: u8, turn: u8) {
        self.expansion_turn(round, turn)
    }

    /// Enter Phase 3 from a hand-made position.
    pub(crate) fn division_for_tests(&mut self) {
        self.division()
    }
}

impl Game for LongCampaign {
    const ID: &'static str = "long-campaign";
    type Options = CampaignOptions;
    type State = CampaignState;
    type Action = CampaignAction;
    type View = super::view::CampaignView;

    /// §1: exactly three players.
    fn seat_count(_: &CampaignState) -> usize {
        3
    }

    /// §3 setup: colours dealt at random (unless fixed), an empty map, Red picks a base first.
    fn new(options: &CampaignOptions, rng: &mut Rng) -> Result<CampaignState, SetupError> {
        let bank = bank::bank(options.questions, options.language).map_err(SetupError)?;
        let colours = match options.colours {
            Some(c) if is_permutation(&c) => c,
            Some(c) => {
                return Err(SetupError(format!(
                    "colours must give each of seats 0, 1, 2 one colour, not {c:?}"
                )))
            }
            None => {
                let mut c = [0u8, 1, 2];
                c.shuffle(rng);
                c
            }
        };
        let words = |kind| vec![0u64; bank.deck(kind).len().div_ceil(64)];
        Ok(CampaignState {
            campaign: Campaign {
                options: *options,
                colours,
                counties: [County::default(); COUNTY_COUNT],
                players: [Player {
                    alive: true,
                    eliminated: None,
                    bonus: 0,
                }; 3],
                phase: Phase::Bases { turn: 0 },
                step: Step::Choose { seat: colours[0] },
                last_reveal: None,
                history: Vec::new(),
                ranking: None,
                asked_choice: words(QuestionKind::Choice),
                asked_numeric: words(QuestionKind::Numeric),
            },
            ask: None,
            sim: None,
        })
    }

    fn to_move(s: &CampaignState) -> ToMove {
        match s.campaign.step {
            Step::Over => ToMove::Over,
            Step::Choose { seat } | Step::Answer { seat } => ToMove::Seat(seat as Seat),
            Step::Draw | Step::TimeUp { .. } => ToMove::Chance,
        }
    }

    /// Choices in map order (Rebuild last). For answers see [`CampaignState::sample_answers`];
    /// in a search state the one model answer.
    fn legal_actions(s: &CampaignState, out: &mut Vec<CampaignAction>) {
        out.clear();
        match s.campaign.step {
            Step::Choose { seat } => s.campaign.push_choices(seat, out),
            Step::Answer { seat } => match &s.sim {
                Some(sim) => out.extend(s.sim_answer(sim, seat)),
                None => s.sample_answers(out),
            },
            _ => {}
        }
    }

    /// §3.3 and §8.1: a question not yet asked, uniformly (the same as drawing from a seeded
    /// shuffle, DECISION LC-4), with a shuffled option order or tie lots; or a timed-out
    /// player's random choice (§3.4).
    fn sample_chance(s: &CampaignState, rng: &mut Rng) -> CampaignAction {
        match s.campaign.step {
            Step::TimeUp { seat } => {
                let legal = s.campaign.legal_choices(seat);
                legal
                    .get(rng.random_range(0..legal.len().max(1)))
                    .copied()
                    .unwrap_or(CampaignAction::TimeUp)
            }
            _ => {
                let kind = s.ask.map_or(QuestionKind::Choice, |a| a.kind);
                let c = &s.campaign;
                let n = c.bank().deck(kind).len();
                let fresh = c.unasked(kind);
                // LC-10: no second question of a fact already asked, while others are left.
                // The bar matters only while the pass has questions left.
                let barred = (c.options.one_question_per_fact && fresh > 0).then(|| c.barred(kind));
                let open = barred.as_ref().map(|b| (c.free_count(kind, b), b));
                let question = match open {
                    _ if fresh == 0 => rng.random_range(0..n.max(1)),
                    Some((free, bits)) if free > 0 => {
                        let k = rng.random_range(0..free);
                        c.nth_free(kind, bits, k).unwrap_or(0)
                    }
                    _ => {
                        let k = rng.random_range(0..fresh);
                        c.nth_unasked(kind, k).unwrap_or(0)
                    }
                } as u16;
                match kind {
                    QuestionKind::Choice => {
                        let mut order = [0u8, 1, 2, 3];
                        order.shuffle(rng);
                        CampaignAction::DrawChoice { question, order }
                    }
                    QuestionKind::Numeric => {
                        let mut lots = [0u8, 1, 2];
                        lots.shuffle(rng);
                        CampaignAction::DrawNumeric { question, lots }
                    }
                }
            }
        }
    }

    fn apply(s: &mut CampaignState, action: &CampaignAction) -> Result<(), Illegal> {
        use CampaignAction as A;
        match (s.campaign.step, *action) {
            (Step::Over, _) => Err(Illegal::GameOver),
            (Step::Draw, A::DrawChoice { question, order }) => {
                s.draw(QuestionKind::Choice, question, order, [0, 1, 2])
            }
            (Step::Draw, A::DrawNumeric { question, lots }) => {
                s.draw(QuestionKind::Numeric, question, [0, 1, 2, 3], lots)
            }
            (Step::Choose { seat }, A::TimeUp) => {
                if s.campaign.options.timer == Timer::Off {
                    return Err(rule("the timers are off: a choice has no time limit"));
                }
                s.campaign.step = Step::TimeUp { seat };
                Ok(())
            }
            (
                Step::Choose { seat } | Step::TimeUp { seat },
                A::Pick { .. } | A::Attack { .. } | A::Rebuild,
            ) => {
                if !s.campaign.allows(seat, action) {
                    return Err(rule(s.campaign.refusal(seat, action)));
                }
                s.choose(seat, *action);
                Ok(())
            }
            // A chance event is due, or a chance outcome was offered as a seat's move.
            (Step::TimeUp { .. } | Step::Draw, _)
            | (_, A::DrawChoice { .. } | A::DrawNumeric { .. }) => Err(Illegal::WrongTurn),
            (Step::Choose { .. }, A::Answer { .. } | A::Guess { .. }) => {
                Err(rule("no question is open"))
            }
            (Step::Answer { seat }, A::Answer { option, ms }) => {
                s.answer(seat, Given::Choice { option, ms })
            }
            (Step::Answer { seat }, A::Guess { value, ms }) => {
                s.answer(seat, Given::Guess { value, ms })
            }
            (Step::Answer { .. }, _) => Err(rule("answer the open question first")),
        }
    }

    /// §5: the ranking of H13; scores are the final scores (0 for the eliminated).
    fn outcome(s: &CampaignState) -> Option<Outcome> {
        let ranking = s.campaign.ranking?;
        if s.campaign.phase != Phase::Over {
            return None;
        }
        let mut ranks = vec![0; 3];
        for (place, &seat) in ranking.iter().enumerate() {
            ranks[seat as usize % 3] = place;
        }
        let scores = s.campaign.scores().iter().map(|&v| v as f64).collect();
        Some(Outcome::from_ranks(ranks, scores))
    }

    /// §6: a question drawn (§3.3, §8.1: its text and shuffled options shown), a timed-out
    /// choice picked at random (§3.4), both chance events; and the answer that closes a
    /// question, after which the reveal shows every answer and time, the correct answer and the
    /// ranking. An answer while others still must answer stays hidden and shows nothing.
    fn reveals(before: &CampaignState, action: &CampaignAction, _: &CampaignState) -> bool {
        use CampaignAction as A;
        match (before.campaign.step, action) {
            (_, A::DrawChoice { .. } | A::DrawNumeric { .. }) => true,
            (Step::TimeUp { .. }, _) => true,
            (Step::Answer { seat }, A::Answer { .. } | A::Guess { .. }) => before
                .ask
                .is_some_and(|ask| ask.answerers.after(seat).is_none()),
            _ => false,
        }
    }

    fn view(s: &CampaignState, seat: Seat) -> Self::View {
        super::view::view_of(s, seat)
    }

    fn view_seat(v: &Self::View) -> Seat {
        v.seat
    }

    fn determinize(v: &Self::View, rng: &mut Rng) -> CampaignState {
        super::view::determinize(v, rng)
    }

    /// Expert plays its playouts to the end of the game (`ai::search_config`); the other levels
    /// search as everywhere else.
    fn search_config(level: crate::engine::Level) -> crate::engine::SearchConfig {
        super::ai::search_config(level)
    }

    fn evaluate(s: &CampaignState, seat: Seat) -> f64 {
        super::ai::evaluate(&s.campaign, seat as u8)
    }

    fn rollout_action(
        s: &CampaignState,
        legal: &[CampaignAction],
        rng: &mut Rng,
    ) -> CampaignAction {
        super::ai::rollout_action(s, legal, rng)
    }

    /// The review judges the choices (§4: picks, attacks, Rebuild), not the answers and
    /// guesses: their worth is what the player knew, which no search from the seat's view can
    /// tell (in each of its deals it "knows" the answer, so it rated every wrong answer a
    /// blunder: 32 marks in one Hard game, `turf review` of tests/e2e/fixtures/hard-game-long-campaign.json).
    fn judged(action: &CampaignAction) -> bool {
        matches!(
            action,
            CampaignAction::Pick { .. } | CampaignAction::Attack { .. } | CampaignAction::Rebuild
        )
    }

    /// §7: answers by the answer model, Easy choices by the baseline; Normal and Hard choices
    /// go to the search.
    fn ai_policy(
        v: &Self::View,
        level: Option<crate::engine::Level>,
        rng: &mut Rng,
    ) -> Option<CampaignAction> {
        super::ai::policy(v, level, rng)
    }

    fn describe(
        before: &CampaignState,
        action: &CampaignAction,
        viewer: Seat,
        lang: crate::i18n::Lang,
    ) -> Option<String> {
        super::view::describe(before, action, viewer as u8, lang)
    }
}
