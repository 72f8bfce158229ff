//! The Game contract shared by every game (DESIGN.md, "The Game contract"), the seeded RNG and
//! match records. Pure Rust: no web types here, so rules and AI test natively.

mod record;
mod rng;
#[cfg(test)]
pub(crate) mod testing;

pub use record::{LoadError, Match, Record, RecordError, ReplayError, RECORD_FORMAT};
pub use rng::{chance_rng, random_bool, setup_rng, Rng};

pub use crate::i18n::Lang;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::Debug;
use std::hash::Hash;

/// A seat at the table, 0-based in turn order of the setup.
pub type Seat = usize;

/// Who decides next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToMove {
    Seat(Seat),
    /// A random event (dice, a draw, a question) resolves next; see [`Game::sample_chance`].
    Chance,
    Over,
}

/// Final standing of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Rank per seat: 0 is first; tied seats share a rank.
    pub ranks: Vec<usize>,
    /// The game's own score per seat (stones, medals, points…).
    pub scores: Vec<f64>,
}

impl Outcome {
    /// Ranks from scores, higher is better, equal scores tie.
    pub fn from_scores(scores: Vec<f64>) -> Self {
        let ranks = scores
            .iter()
            .map(|s| scores.iter().filter(|o| *o > s).count())
            .collect();
        Outcome { ranks, scores }
    }

    /// Ranks given directly (for games whose ranking has tie-breaks beyond the score).
    pub fn from_ranks(ranks: Vec<usize>, scores: Vec<f64>) -> Self {
        Outcome { ranks, scores }
    }

    /// The seats ranked first.
    pub fn winners(&self) -> Vec<Seat> {
        (0..self.ranks.len())
            .filter(|&s| self.ranks[s] == 0)
            .collect()
    }

    /// 1 for a sole first place, 0.5 for a shared first place, 0 otherwise (arena win rates).
    pub fn reward_win(&self, seat: Seat) -> f64 {
        if self.ranks[seat] != 0 {
            return 0.0;
        }
        1.0 / self.winners().len() as f64
    }

    /// Search reward in [0, 1]: 1 for a sole win, 0 for last place, shared places share the value.
    pub fn reward(&self, seat: Seat) -> f64 {
        let n = self.ranks.len();
        if n < 2 {
            return 1.0;
        }
        let rank = self.ranks[seat];
        let tied = self.ranks.iter().filter(|&&r| r == rank).count();
        // Average of the places rank..rank+tied-1, mapped so that place 0 -> 1 and place n-1 -> 0.
        let mean_place = rank as f64 + (tied as f64 - 1.0) / 2.0;
        1.0 - mean_place / (n as f64 - 1.0)
    }
}

/// Why an action was refused. The state is unchanged whenever this is returned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Illegal {
    GameOver,
    /// A seat acted while a chance event was due, or chance was applied while a seat must act.
    WrongTurn,
    /// The action breaks a rule; the text says which, in plain words.
    Rule(String),
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::WrongTurn => write!(f, "it is not that move's turn"),
            Illegal::Rule(reason) => write!(f, "{reason}"),
        }
    }
}

impl std::error::Error for Illegal {}

/// A computer player's level as offered to players. Its search is [`Game::search_config`] (by
/// default the shared [`Level::config`]); a game's own policy sees the level in
/// [`Game::ai_policy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Normal,
    Hard,
    /// For players who find Hard easy: thinks up to 2 s a decision, and less when the choice is
    /// clear.
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.name() == s)
    }

    /// The shared search of each level, every game's default ([`Game::search_config`]).
    /// Easy: a small, shallow search that sees captures but not plans. Normal: a real search
    /// with a short budget. Hard: six times Normal's budget, capped by wall-clock time so it
    /// answers fast. Expert: four times Hard's iterations and a 2 s cap, so that on a slow phone
    /// the clock binds (iterations alone bound it in arenas, reproducibly); the search stops
    /// sooner when its most visited action can no longer be overtaken. Playouts stop after a few actions and the game's evaluation scores them:
    /// more, shorter playouts beat fewer full ones at these budgets (measured on Herd).
    pub fn config(self) -> SearchConfig {
        match self {
            Level::Easy => SearchConfig {
                iterations: 80,
                time_budget_ms: Some(150),
                rollout_depth: Some(10),
                exploration: 1.4,
                stop_at_chance: false,
            },
            Level::Normal => SearchConfig {
                iterations: 500,
                time_budget_ms: Some(300),
                rollout_depth: Some(20),
                exploration: 1.0,
                stop_at_chance: false,
            },
            Level::Hard => SearchConfig {
                iterations: 3000,
                time_budget_ms: Some(450),
                rollout_depth: Some(20),
                exploration: 0.7,
                stop_at_chance: false,
            },
            Level::Expert => SearchConfig {
                iterations: 12_000,
                time_budget_ms: Some(EXPERT_MS),
                rollout_depth: Some(20),
                exploration: 0.7,
                stop_at_chance: false,
            },
        }
    }
}

/// Expert's longest think, in milliseconds ([`Level::Expert`]).
pub const EXPERT_MS: u32 = 2000;

/// True when the most visited root action (of `visits`, one count per root action) can no longer
/// be overtaken in the `remaining` iterations: a search may stop early. Shared by the ISMCTS and
/// the games' own tree searches.
pub fn root_decided(visits: impl IntoIterator<Item = u32>, remaining: u32) -> bool {
    let (mut first, mut second) = (0, 0);
    for v in visits {
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    first > second + remaining
}

/// How the shared search (`ai::search`, ISMCTS) spends its effort on one decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchConfig {
    /// Iterations (deals + playouts) at most.
    pub iterations: u32,
    /// Stop after this many milliseconds even if iterations remain.
    pub time_budget_ms: Option<u32>,
    /// Playouts stop after this many actions and use the game's evaluation (`Some(0)`: the
    /// evaluation scores the new leaf itself, no playout).
    pub rollout_depth: Option<u32>,
    /// UCB exploration constant.
    pub exploration: f64,
    /// The tree and the playouts stop at the next chance event (a roll, a draw) and the game's
    /// evaluation scores the position there: the search plans the current seat's run of actions
    /// (a whole Herd turn) and leaves what the dice bring to the evaluation.
    #[serde(default)]
    pub stop_at_chance: bool,
}

impl SearchConfig {
    /// The same search with no clock: results depend only on the seed (tests and arenas).
    pub fn deterministic(&self) -> Self {
        SearchConfig {
            time_budget_ms: None,
            ..self.clone()
        }
    }
}

/// Bad game options (an unknown board size, a player count the game does not support…).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The contract every game provides (DESIGN.md). All functions are pure and never panic on any
/// input: bad actions come back as [`Illegal`].
pub trait Game: 'static {
    /// Stable id used in records, URLs and the UI test contract (`data-game`).
    const ID: &'static str;

    type Options: Clone + Debug + Default + PartialEq + Send + Sync + Serialize + DeserializeOwned;
    /// The whole truth, hidden hands and deck order included.
    type State: Clone + Debug + Send + Sync + Serialize + DeserializeOwned;
    /// One decision of one seat, or one chance outcome.
    type Action: Clone + Debug + PartialEq + Eq + Hash + Send + Sync + Serialize + DeserializeOwned;
    /// What one seat may know: no secrets of others, no deck order, no RNG.
    type View: Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned;

    fn seat_count(state: &Self::State) -> usize;
    /// Deal the initial state. Any shuffle draws from `rng` (derived from the match seed).
    fn new(options: &Self::Options, rng: &mut Rng) -> Result<Self::State, SetupError>;
    fn to_move(state: &Self::State) -> ToMove;
    /// Every legal action of the seat to move, in a deterministic order (empty at chance or over).
    fn legal_actions(state: &Self::State, out: &mut Vec<Self::Action>);
    /// Draw the outcome of the pending chance event. Only called when `to_move` is `Chance`.
    fn sample_chance(state: &Self::State, rng: &mut Rng) -> Self::Action;
    /// Validate and apply one action (a seat's or a chance outcome).
    fn apply(state: &mut Self::State, action: &Self::Action) -> Result<(), Illegal>;
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// Whether `action`, taken from `before` and leading to `after`, showed someone something
    /// that neither `before`'s public side nor the action itself told them: a Troop, card or
    /// stone drawn from a reserve, deck or bag, a die rolled, a question shown, a card turned,
    /// hidden answers or hands made public. Every chance outcome counts, and so does a seat's own
    /// action that draws (Toy Battle's Skully draws inside the seat's turn). What the actor
    /// chose to show (the card it placed, the colour it returned) does not count.
    ///
    /// Undo never goes back over a revealing action ([`Match::undo_point`]): a player who saw
    /// their next draws could otherwise take the move back and play knowing them. Required, with
    /// no default, so that every game decides.
    fn reveals(before: &Self::State, action: &Self::Action, after: &Self::State) -> bool;

    fn view(state: &Self::State, seat: Seat) -> Self::View;
    /// The seat a view belongs to.
    fn view_seat(view: &Self::View) -> Seat;
    /// A full state consistent with everything the viewer knows; unseen things dealt from `rng`.
    fn determinize(view: &Self::View, rng: &mut Rng) -> Self::State;

    /// Heuristic chance that `seat` wins from here, in [0, 1]; used at the search depth limit and
    /// by the Greedy baseline. The default knows nothing.
    fn evaluate(_state: &Self::State, _seat: Seat) -> f64 {
        0.5
    }

    /// The move a playout makes. The default is uniform over `legal`, which is never empty.
    fn rollout_action(_state: &Self::State, legal: &[Self::Action], rng: &mut Rng) -> Self::Action {
        use rand::Rng as _;
        legal[rng.random_range(0..legal.len())].clone()
    }

    /// The game log's line for `action` taken from `before`, as `viewer` may see it (a secret draw
    /// reads "drew a stone" to everyone but the drawer). Seats are written `@0`, `@1`, … and the
    /// UI puts the players' names in. `None` leaves the action out of the log. Written in `lang`
    /// with [`crate::t!`].
    fn describe(
        before: &Self::State,
        action: &Self::Action,
        viewer: Seat,
        lang: Lang,
    ) -> Option<String>;

    /// The game's own computer player, when it has one: the action of the seat of `view` at
    /// `level` (`None` for a custom search configuration). Every searching bot asks this first
    /// (the browser's AI worker and `turf arena` alike); `None` leaves the decision to the
    /// generic search, which is the default for every game. The Random and Greedy baselines
    /// never ask.
    fn ai_policy(
        _view: &Self::View,
        _level: Option<Level>,
        _rng: &mut Rng,
    ) -> Option<Self::Action> {
        None
    }

    /// The search a computer player at `level` runs for this game. The default is the shared
    /// [`Level::config`]; a game whose evaluation or playouts call for another depth, budget or
    /// exploration sets its own here.
    fn search_config(level: Level) -> SearchConfig {
        level.config()
    }

    /// The losses of a seat's win chance (mistake, blunder) at which the review marks a
    /// decision ([`crate::ai::review`]). The default is the 10 and 25 points; a game
    /// whose chances swing more or less with every action sets its own.
    fn review_thresholds() -> (f64, f64) {
        (0.10, 0.25)
    }

    /// Whether the review judges a seat's decision to take `action`: by default every one. A
    /// game leaves out the decisions the search cannot judge, such as Long Campaign's answers,
    /// whose worth is what the player knew.
    fn judged(_action: &Self::Action) -> bool {
        true
    }

    /// A playout move drawn without listing every legal action, when the game can do that
    /// faster (e.g. by trying random cells); `None` falls back to `legal_actions` and
    /// `rollout_action`. Only a speed-up: it must return a legal action.
    fn quick_rollout_action(_state: &Self::State, _rng: &mut Rng) -> Option<Self::Action> {
        None
    }

    /// Applies `action`, which the search took from this state's own legal actions (a playout's
    /// move), so a game may skip checking it again. The default applies it as any other.
    fn apply_listed(state: &mut Self::State, action: &Self::Action) -> Result<(), Illegal> {
        Self::apply(state, action)
    }

    /// Legal actions as a fresh vector (convenience for UI and tests).
    fn legal(state: &Self::State) -> Vec<Self::Action> {
        let mut out = Vec::new();
        Self::legal_actions(state, &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::root_decided;

    #[test]
    fn expert_is_a_level_above_hard() {
        use super::{Level, EXPERT_MS};
        assert_eq!(Level::parse("expert"), Some(Level::Expert));
        assert_eq!(Level::Expert.name(), "expert");
        assert_eq!(
            serde_json::to_string(&Level::Expert).unwrap(),
            "\"expert\"",
            "the worker protocol names levels"
        );
        assert!(Level::ALL.contains(&Level::Expert));
        let (hard, expert) = (Level::Hard.config(), Level::Expert.config());
        assert!(expert.iterations > hard.iterations);
        assert_eq!(expert.time_budget_ms, Some(EXPERT_MS));
        assert!(expert.time_budget_ms > hard.time_budget_ms);
    }

    #[test]
    fn a_search_stops_only_when_the_leader_cannot_be_caught() {
        // 10 visits against 6: 3 iterations left cannot close the gap, 4 can tie, 5 can pass.
        assert!(root_decided([6, 10, 2], 3));
        assert!(!root_decided([6, 10, 2], 4));
        assert!(!root_decided([10, 10], 0));
        assert!(root_decided([1], 0));
        assert!(!root_decided([], 0));
    }
}
