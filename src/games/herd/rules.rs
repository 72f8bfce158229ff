//! Herd's rules (`shared/rules/herd.md`). Every function names the section it implements.

use super::hex::{HexBoard, MAX_SIDE, MIN_SIDE};
use crate::engine::{
    Game, Illegal, Lang, Level, Outcome, Rng, SearchConfig, Seat, SetupError, ToMove,
};
use crate::t;
use rand::Rng as _;
use serde::{Deserialize, Serialize};

/// Table options (herd.md D1, D8, D10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HerdOptions {
    /// Side length of the hex-hex board, 4–7 (D1; default 5, 61 cells).
    pub side: u8,
    /// The seat that plays Red and moves first; `None` draws it at random (D10).
    pub first: Option<Seat>,
    /// Safety cap in turns (D8); `None` uses `max(1000, 10 × cells)`.
    pub turn_cap: Option<u32>,
}

impl Default for HerdOptions {
    fn default() -> Self {
        HerdOptions {
            side: 5,
            first: None,
            turn_cap: None,
        }
    }
}

/// Where the current turn stands (§4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "lowercase")]
pub enum Phase {
    /// The dice are about to be rolled (a chance step, D9).
    Roll,
    /// Step 3: `left` more enemy stones to take away.
    Remove {
        left: u8,
    },
    /// Step 4: `budget` more stones to place.
    Place {
        budget: u8,
    },
    Over,
}

/// One change of the board, kept so the table can mark the last turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Change {
    Removed { cell: u8 },
    Placed { cell: u8 },
    Captured { cell: u8 },
}

/// One decision (herd.md §4.6). `roll` is the chance step that starts each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum HerdAction {
    Roll { d1: u8, d2: u8 },
    Remove { cell: u8 },
    Place { cell: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HerdState {
    pub side: u8,
    /// The stone on each cell id: `Some(seat)` or empty.
    pub cells: Vec<Option<u8>>,
    /// The seat playing Red, who moved first (D2).
    pub red: Seat,
    /// The seat whose turn it is (or was, once over).
    pub mover: Seat,
    pub phase: Phase,
    /// The current turn's dice, as rolled.
    pub dice: Option<(u8, u8)>,
    /// Turns completed so far (§5 safety cap counts them).
    pub turns: u32,
    pub turn_cap: u32,
    /// Changes of the current turn, then of the previous turn (for the table's marks).
    pub this_turn: Vec<Change>,
    pub last_turn: Vec<Change>,
}

/// Herd has no secrets: a view is the state plus whose view it is (§6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HerdView {
    pub seat: Seat,
    pub state: HerdState,
}

pub struct Herd;

/// Default safety cap: `max(1000, 10 × cells)` (§5, D8).
pub fn default_turn_cap(side: u8) -> u32 {
    (10 * HexBoard::of(side).len() as u32).max(1000)
}

impl HerdState {
    pub fn board(&self) -> &'static HexBoard {
        HexBoard::of(self.side)
    }

    pub fn stones(&self, seat: Seat) -> usize {
        self.cells
            .iter()
            .filter(|c| **c == Some(seat as u8))
            .count()
    }

    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// §4.1: a cell is forbidden for `seat` when it is empty, has a neighbour, and every
    /// neighbour holds an enemy stone. No capture-first exception (§4.3, D6).
    pub fn is_forbidden(&self, cell: usize, seat: Seat) -> bool {
        let enemy = Some(1 - seat as u8);
        let ns = &self.board().neighbours[cell];
        self.cells[cell].is_none()
            && !ns.is_empty()
            && ns.iter().all(|&n| self.cells[n as usize] == enemy)
    }

    /// §4.2 step 4: the cells where `seat` may place.
    pub fn is_legal_placement(&self, cell: usize, seat: Seat) -> bool {
        self.cells[cell].is_none() && !self.is_forbidden(cell, seat)
    }

    fn has_legal_placement(&self, seat: Seat) -> bool {
        (0..self.cells.len()).any(|c| self.is_legal_placement(c, seat))
    }

    /// §4.1: a stone is surrounded by the other colour when every neighbour holds an enemy stone.
    pub fn is_surrounded(&self, cell: usize) -> bool {
        let Some(owner) = self.cells[cell] else {
            return false;
        };
        let ns = &self.board().neighbours[cell];
        !ns.is_empty()
            && ns
                .iter()
                .all(|&n| self.cells[n as usize] == Some(1 - owner))
    }

    /// Stones still to remove or place this turn, for the table's counter.
    pub fn left_this_turn(&self) -> u8 {
        match self.phase {
            Phase::Remove { left } => left,
            Phase::Place { budget } => budget,
            _ => 0,
        }
    }

    /// §4.2 step 4 entry and loop test: the place phase goes on while the budget is positive,
    /// the board is not full and a legal cell exists; otherwise the turn (or the game) ends.
    fn continue_placing(&mut self, budget: u8) {
        if self.is_full() {
            self.phase = Phase::Over; // §5, D7: the rest of the budget is lost.
        } else if budget == 0 || !self.has_legal_placement(self.mover) {
            self.end_turn();
        } else {
            self.phase = Phase::Place { budget };
        }
    }

    /// §4.2 step 5 and the §5 safety cap: pass the turn, or end the game at the cap.
    fn end_turn(&mut self) {
        self.turns += 1;
        self.last_turn = std::mem::take(&mut self.this_turn);
        if self.turns >= self.turn_cap {
            self.phase = Phase::Over;
        } else {
            self.mover = 1 - self.mover;
            self.phase = Phase::Roll;
            self.dice = None;
        }
    }

    /// §4.2 steps 1–3 after the roll.
    fn start_turn(&mut self, d1: u8, d2: u8) {
        self.dice = Some((d1, d2));
        let (low, high) = (d1.min(d2), d1.max(d2));
        if self.turns == 0 {
            // Red's very first turn: place only the lower die, nothing to remove.
            self.continue_placing(low);
            return;
        }
        let opponent_stones = self.stones(1 - self.mover) as u8;
        let k = low.min(opponent_stones); // D4
        if k > 0 {
            self.phase = Phase::Remove { left: k };
        } else {
            self.continue_placing(high);
        }
    }

    fn high_die(&self) -> u8 {
        self.dice.map_or(0, |(a, b)| a.max(b))
    }
}

/// A cell's name for the log: a letter per row from the top, a number along the row (A1 …).
pub fn cell_name(s: &HerdState, cell: u8) -> String {
    let board = s.board();
    let Some(&(q, r)) = board.coords.get(cell as usize) else {
        return format!("#{cell}");
    };
    let m = s.side as i32 - 1;
    let row = (r + m) as u8;
    let col = q - (-m).max(-m - r) + 1;
    format!("{}{}", (b'A' + row) as char, col)
}

/// The stones of the budget left unplaced when this action ended the turn or the game
/// (§4.2 step 4: no legal cell left, or the board filled up, D7); `captured` is what the
/// action's placement captured.
fn unplaced(before: &HerdState, action: &HerdAction, after: &HerdState, captured: u8) -> u8 {
    let ended = after.turns > before.turns || after.phase == Phase::Over;
    if !ended {
        return 0;
    }
    match (before.phase, *action) {
        (Phase::Roll, HerdAction::Roll { d1, d2 }) if before.turns == 0 => d1.min(d2),
        (Phase::Roll, HerdAction::Roll { d1, d2 }) => d1.max(d2),
        (Phase::Remove { .. }, HerdAction::Remove { .. }) => before.high_die(),
        (Phase::Place { budget }, HerdAction::Place { .. }) => budget - 1 + captured,
        _ => 0,
    }
}

/// §5: the game's end in words, who won and the counts.
fn game_over_words(s: &HerdState, lang: Lang) -> String {
    let (a, b) = (s.stones(0), s.stones(1));
    let why = if s.is_full() {
        t!(lang, "The board is full", "Megtelt a tábla")
    } else {
        t!(
            lang,
            "The turn limit is reached",
            "Elérték a körök felső határát"
        )
    };
    match a.cmp(&b) {
        std::cmp::Ordering::Equal => t!(
            lang,
            ". {why}: a draw, {a} stones each.",
            ". {why}: döntetlen, {a}–{a} kő."
        ),
        order => {
            let (winner, loser) = if order.is_gt() { (0, 1) } else { (1, 0) };
            let (w, l) = (s.stones(winner), s.stones(loser));
            t!(
                lang,
                ". {why}: @{winner} won with {w} stones to {l}.",
                ". {why}: @{winner} nyert, {w} kővel {l} ellenében."
            )
        }
    }
}

impl Game for Herd {
    const ID: &'static str = "herd";
    type Options = HerdOptions;
    type State = HerdState;
    type Action = HerdAction;
    type View = HerdView;

    fn seat_count(_: &HerdState) -> usize {
        2
    }

    /// §3 setup: an empty board; Red is drawn at random unless the host chose (D10).
    fn new(options: &HerdOptions, rng: &mut Rng) -> Result<HerdState, SetupError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&options.side) {
            return Err(SetupError(format!(
                "board side must be {MIN_SIDE}–{MAX_SIDE}, not {}",
                options.side
            )));
        }
        if options.first.is_some_and(|s| s > 1) {
            return Err(SetupError("the first player must be seat 0 or 1".into()));
        }
        if options.turn_cap == Some(0) {
            return Err(SetupError("the turn cap must be at least 1".into()));
        }
        let red = options.first.unwrap_or_else(|| rng.random_range(0..2));
        Ok(HerdState {
            side: options.side,
            cells: vec![None; HexBoard::of(options.side).len()],
            red,
            mover: red,
            phase: Phase::Roll,
            dice: None,
            turns: 0,
            turn_cap: options
                .turn_cap
                .unwrap_or_else(|| default_turn_cap(options.side)),
            this_turn: Vec::new(),
            last_turn: Vec::new(),
        })
    }

    fn to_move(s: &HerdState) -> ToMove {
        match s.phase {
            Phase::Over => ToMove::Over,
            Phase::Roll => ToMove::Chance,
            _ => ToMove::Seat(s.mover),
        }
    }

    /// §4.6 move generator: every enemy stone while removing, every non-forbidden empty cell while
    /// placing, in cell-id order.
    fn legal_actions(s: &HerdState, out: &mut Vec<HerdAction>) {
        out.clear();
        let me = s.mover;
        match s.phase {
            Phase::Remove { .. } => out.extend(
                (0..s.cells.len())
                    .filter(|&c| s.cells[c] == Some(1 - me as u8))
                    .map(|c| HerdAction::Remove { cell: c as u8 }),
            ),
            Phase::Place { .. } => out.extend(
                (0..s.cells.len())
                    .filter(|&c| s.is_legal_placement(c, me))
                    .map(|c| HerdAction::Place { cell: c as u8 }),
            ),
            Phase::Roll | Phase::Over => {}
        }
    }

    /// §4.2 step 1: two independent uniform dice.
    fn sample_chance(_: &HerdState, rng: &mut Rng) -> HerdAction {
        HerdAction::Roll {
            d1: rng.random_range(1..=6),
            d2: rng.random_range(1..=6),
        }
    }

    fn apply(s: &mut HerdState, action: &HerdAction) -> Result<(), Illegal> {
        let me = s.mover;
        let cell_ok = |cell: u8| (cell as usize) < s.cells.len();
        match (s.phase, *action) {
            (Phase::Over, _) => Err(Illegal::GameOver),
            (Phase::Roll, HerdAction::Roll { d1, d2 }) => {
                if !(1..=6).contains(&d1) || !(1..=6).contains(&d2) {
                    return Err(Illegal::Rule(format!("dice show 1–6, not {d1} and {d2}")));
                }
                s.start_turn(d1, d2);
                Ok(())
            }
            (Phase::Roll, _) | (_, HerdAction::Roll { .. }) => Err(Illegal::WrongTurn),
            (Phase::Remove { left }, HerdAction::Remove { cell }) => {
                if !cell_ok(cell) || s.cells[cell as usize] != Some(1 - me as u8) {
                    return Err(Illegal::Rule(format!(
                        "cell {cell} does not hold an enemy stone"
                    )));
                }
                s.cells[cell as usize] = None;
                s.this_turn.push(Change::Removed { cell });
                if left > 1 {
                    s.phase = Phase::Remove { left: left - 1 };
                } else {
                    let high = s.high_die();
                    s.continue_placing(high);
                }
                Ok(())
            }
            (Phase::Remove { .. }, HerdAction::Place { .. }) => Err(Illegal::Rule(
                "enemy stones must be removed before placing".into(),
            )),
            (Phase::Place { budget }, HerdAction::Place { cell }) => {
                if !cell_ok(cell) || s.cells[cell as usize].is_some() {
                    return Err(Illegal::Rule(format!("cell {cell} is not empty")));
                }
                if s.is_forbidden(cell as usize, me) {
                    return Err(Illegal::Rule(format!(
                        "cell {cell} is forbidden: all its neighbours are enemy stones"
                    )));
                }
                s.cells[cell as usize] = Some(me as u8);
                s.this_turn.push(Change::Placed { cell });
                // Capture check: only the new stone's neighbours can become surrounded.
                let mut captured = 0u8;
                for &n in &s.board().neighbours[cell as usize] {
                    if s.cells[n as usize] == Some(1 - me as u8) && s.is_surrounded(n as usize) {
                        s.cells[n as usize] = None;
                        s.this_turn.push(Change::Captured { cell: n });
                        captured += 1;
                    }
                }
                s.continue_placing(budget - 1 + captured);
                Ok(())
            }
            (Phase::Place { .. }, HerdAction::Remove { .. }) => Err(Illegal::Rule(
                "the remove phase is over: place a stone".into(),
            )),
        }
    }

    /// §5: more stones wins; a tie (only possible at the safety cap) is a draw.
    fn outcome(s: &HerdState) -> Option<Outcome> {
        (s.phase == Phase::Over)
            .then(|| Outcome::from_scores(vec![s.stones(0) as f64, s.stones(1) as f64]))
    }

    /// §6: the board is open to both players, so only the dice bring anything new: the roll at
    /// the start of each turn (§4.2 step 1), a chance event. A removal or a placement shows
    /// nothing beyond the cell its player chose.
    fn reveals(_: &HerdState, action: &HerdAction, _: &HerdState) -> bool {
        match action {
            HerdAction::Roll { .. } => true,
            HerdAction::Remove { .. } | HerdAction::Place { .. } => false,
        }
    }

    fn view(s: &HerdState, seat: Seat) -> HerdView {
        HerdView {
            seat,
            state: s.clone(),
        }
    }

    fn view_seat(v: &HerdView) -> Seat {
        v.seat
    }

    fn determinize(v: &HerdView, _: &mut Rng) -> HerdState {
        v.state.clone()
    }

    fn describe(s: &HerdState, action: &HerdAction, _viewer: Seat, lang: Lang) -> Option<String> {
        let me = s.mover;
        let other = 1 - me;
        let mut after = s.clone();
        let applied = Herd::apply(&mut after, action).is_ok();
        let mut captured = 0;
        let mut line = match *action {
            HerdAction::Roll { d1, d2 } => {
                let (low, high) = (d1.min(d2), d1.max(d2));
                let k = low.min(s.stones(other) as u8);
                if s.turns == 0 {
                    t!(
                        lang,
                        "@{me} rolled {d1} and {d2}: first turn, places {low}",
                        "@{me} dobása {d1} és {d2}: első kör, {low} követ tesz le"
                    )
                } else if k == 0 {
                    // D4: nothing to take away is not "removes 0".
                    t!(
                        lang,
                        "@{me} rolled {d1} and {d2}: @{other} has no stone to remove, places {high}",
                        "@{me} dobása {d1} és {d2}: @{other} egyetlen kövét sem lehet levenni, {high} követ tesz le"
                    )
                } else {
                    t!(
                        lang,
                        "@{me} rolled {d1} and {d2}: removes {k}, places {high}",
                        "@{me} dobása {d1} és {d2}: {k} követ vesz le, {high} követ tesz le"
                    )
                }
            }
            HerdAction::Remove { cell } => {
                let at = cell_name(s, cell);
                t!(
                    lang,
                    "@{me} removed a stone of @{other} at {at}",
                    "@{me} levette @{other} egy kövét: {at}"
                )
            }
            HerdAction::Place { cell } => {
                captured = after
                    .this_turn
                    .iter()
                    .chain(after.last_turn.iter())
                    .skip_while(|c| **c != Change::Placed { cell })
                    .skip(1)
                    .take_while(|c| matches!(c, Change::Captured { .. }))
                    .count() as u8;
                let at = cell_name(s, cell);
                match captured {
                    0 => t!(lang, "@{me} placed at {at}", "@{me} követ tett ide: {at}"),
                    n => t!(
                        lang,
                        "@{me} placed at {at} and captured {n} (+{n} to place)",
                        "@{me} követ tett ide: {at}, és {n} követ ejtett foglyul (+{n} lerakás)"
                    ),
                }
            }
        };
        if !applied {
            return Some(line);
        }
        let lost = unplaced(s, action, &after, captured);
        if lost > 0 && !after.is_full() {
            line.push_str(&t!(
                lang,
                "; no legal cell left: the turn ends, {lost} not placed",
                "; nincs több szabályos mező: a kör véget ér, {lost} kő lerakatlan marad"
            ));
        }
        if after.phase == Phase::Over {
            line.push_str(&game_over_words(&after, lang));
        }
        Some(line)
    }

    /// Hard and Expert plan the rest of their own turn with one tree kept across the turn's
    /// decisions (`ai::hard_action`); the other levels leave the decision to the shared search.
    fn ai_policy(v: &HerdView, level: Option<Level>, rng: &mut Rng) -> Option<HerdAction> {
        use super::ai::{hard_action, Weights};
        match level? {
            l @ (Level::Hard | Level::Expert) => {
                hard_action(v, &Self::search_config(l), &Weights::of(l), rng)
            }
            _ => None,
        }
    }

    /// Hard searches shallow and wide on the evaluation (`ai::search_config`).
    fn search_config(level: Level) -> SearchConfig {
        super::ai::search_config(level)
    }

    /// The action the evaluation likes best one action ahead, ties at random
    /// (`ai::rollout_action`).
    fn quick_rollout_action(s: &HerdState, rng: &mut Rng) -> Option<HerdAction> {
        super::ai::rollout_action(s, rng)
    }

    /// The chance to win from the stone lead, the cells only one colour may fill, friendless
    /// stones, and the turn to come (`ai::evaluate`).
    fn evaluate(s: &HerdState, seat: Seat) -> f64 {
        super::ai::evaluate(s, seat)
    }
}
