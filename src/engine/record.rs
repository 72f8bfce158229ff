//! Match records `{format, game, options, seed, actions[]}` and their replay (DESIGN.md,
//! "Match record"). Chance outcomes are stored as actions too, so a record reads as the whole
//! game; replay checks each one against the seeded draw, so an edited die is caught.

use super::{chance_rng, setup_rng, Game, Illegal, Lang, Seat, SetupError, ToMove};
use serde::{Deserialize, Serialize};

/// Version of the record layout. Bump it when the layout or an action encoding changes.
pub const RECORD_FORMAT: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    pub format: u32,
    pub game: String,
    pub options: G::Options,
    pub seed: u64,
    pub actions: Vec<G::Action>,
}

impl<G: Game> Clone for Record<G> {
    fn clone(&self) -> Self {
        Record {
            format: self.format,
            game: self.game.clone(),
            options: self.options.clone(),
            seed: self.seed,
            actions: self.actions.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for Record<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Record")
            .field("game", &self.game)
            .field("seed", &self.seed)
            .field("actions", &self.actions.len())
            .finish()
    }
}

/// A record that cannot be read at all (not JSON, wrong game, unknown format).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    Json(String),
    Format(u32),
    WrongGame { expected: String, found: String },
    Setup(String),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Json(e) => write!(f, "not a valid match record: {e}"),
            RecordError::Format(v) => write!(
                f,
                "record format {v} is not supported (this version reads format {RECORD_FORMAT})"
            ),
            RecordError::WrongGame { expected, found } => {
                write!(f, "record is for game '{found}', expected '{expected}'")
            }
            RecordError::Setup(e) => write!(f, "record options are invalid: {e}"),
        }
    }
}

/// The first action of a record that cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub index: usize,
    pub reason: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "action {} is illegal: {}", self.index, self.reason)
    }
}

/// Either failure of loading a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    Record(RecordError),
    Replay(ReplayError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Record(e) => e.fmt(f),
            LoadError::Replay(e) => e.fmt(f),
        }
    }
}

/// A game in progress: its record and the state the record leads to. Chance events are resolved
/// as soon as they are due, from the seed, so a seat is always to move unless the game is over.
pub struct Match<G: Game> {
    record: Record<G>,
    state: G::State,
}

impl<G: Game> Clone for Match<G> {
    fn clone(&self) -> Self {
        Match {
            record: self.record.clone(),
            state: self.state.clone(),
        }
    }
}

impl<G: Game> Match<G> {
    pub fn new(options: G::Options, seed: u64) -> Result<Self, SetupError> {
        let state = G::new(&options, &mut setup_rng(seed))?;
        let mut m = Match {
            record: Record {
                format: RECORD_FORMAT,
                game: G::ID.to_string(),
                options,
                seed,
                actions: Vec::new(),
            },
            state,
        };
        m.resolve_chance();
        Ok(m)
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    pub fn to_move(&self) -> ToMove {
        G::to_move(&self.state)
    }

    /// A seat's action. Refused (and nothing changes) when illegal or when it is not a seat's turn.
    pub fn play(&mut self, action: &G::Action) -> Result<(), Illegal> {
        match G::to_move(&self.state) {
            ToMove::Over => return Err(Illegal::GameOver),
            ToMove::Chance => return Err(Illegal::WrongTurn),
            ToMove::Seat(_) => {}
        }
        G::apply(&mut self.state, action)?;
        self.record.actions.push(action.clone());
        self.resolve_chance();
        Ok(())
    }

    fn resolve_chance(&mut self) {
        while G::to_move(&self.state) == ToMove::Chance {
            let mut rng = chance_rng(self.record.seed, self.record.actions.len());
            let outcome = G::sample_chance(&self.state, &mut rng);
            if G::apply(&mut self.state, &outcome).is_err() {
                // A game whose sampler yields an illegal outcome is a bug; stop rather than loop.
                debug_assert!(false, "sample_chance produced an illegal outcome");
                return;
            }
            self.record.actions.push(outcome);
        }
    }

    /// Replay a record. Chance outcomes must equal the seeded draw at their position.
    pub fn from_record(record: Record<G>) -> Result<Self, LoadError> {
        if record.format != RECORD_FORMAT {
            return Err(LoadError::Record(RecordError::Format(record.format)));
        }
        if record.game != G::ID {
            return Err(LoadError::Record(RecordError::WrongGame {
                expected: G::ID.to_string(),
                found: record.game.clone(),
            }));
        }
        let mut state = G::new(&record.options, &mut setup_rng(record.seed))
            .map_err(|e| LoadError::Record(RecordError::Setup(e.0)))?;
        for (index, action) in record.actions.iter().enumerate() {
            let fail = |reason: String| LoadError::Replay(ReplayError { index, reason });
            if G::to_move(&state) == ToMove::Chance {
                let expected = G::sample_chance(&state, &mut chance_rng(record.seed, index));
                if *action != expected {
                    return Err(fail(format!(
                        "chance outcome {action:?} differs from the seeded draw {expected:?}"
                    )));
                }
            }
            G::apply(&mut state, action).map_err(|e| fail(e.to_string()))?;
        }
        let mut m = Match { record, state };
        m.resolve_chance();
        Ok(m)
    }

    pub fn from_json(json: &str) -> Result<Self, LoadError> {
        let record: Record<G> = serde_json::from_str(json)
            .map_err(|e| LoadError::Record(RecordError::Json(e.to_string())))?;
        Self::from_record(record)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.record).expect("records always serialize")
    }

    /// The game log as `viewer` may read it: one line per described action, oldest first, each
    /// with the index of its action.
    pub fn log(&self, viewer: Seat, lang: Lang) -> Vec<(usize, String)> {
        let mut lines = Vec::new();
        let Ok(mut state) = G::new(&self.record.options, &mut setup_rng(self.record.seed)) else {
            return lines;
        };
        for (index, action) in self.record.actions.iter().enumerate() {
            if let Some(line) = G::describe(&state, action, viewer, lang) {
                lines.push((index, line));
            }
            if G::apply(&mut state, action).is_err() {
                break;
            }
        }
        lines
    }

    /// Where an undo by `seat` would go back to: the length of the record before that seat's
    /// last action, if that action was the seat's own and revealed nothing ([`Game::reveals`]:
    /// no draw, roll, question or turned card, inside the action or as a chance event after it).
    /// Undo never crosses a chance event, a revealing action or another seat's action, so a
    /// player cannot take back a move after seeing what it drew.
    pub fn undo_point(&self, seat: Seat) -> Option<usize> {
        if G::to_move(&self.state) != ToMove::Seat(seat) {
            return None;
        }
        let len = self.record.actions.len().checked_sub(1)?;
        let last = &self.record.actions[len];
        // The state right before the last action, with no chance resolved after it: if a roll
        // was the last action, that state is a chance point and the undo is refused. Since the
        // seat is to move now, no chance followed the last action and the current state is the
        // one it led to.
        let mut before = G::new(&self.record.options, &mut setup_rng(self.record.seed)).ok()?;
        for action in &self.record.actions[..len] {
            G::apply(&mut before, action).ok()?;
        }
        let own = G::to_move(&before) == ToMove::Seat(seat);
        (own && !G::reveals(&before, last, &self.state)).then_some(len)
    }

    /// The match as it was after the first `len` actions (undo and step-through replay).
    pub fn prefix(&self, len: usize) -> Self {
        let mut record = self.record.clone();
        record.actions.truncate(len);
        Self::from_record(record).expect("a prefix of a valid record is valid")
    }

    /// Every state of the match, from the start (index 0) to now (index `actions.len()`), for
    /// the step-through replay and the score chart: one replay instead of one per step.
    pub fn history(&self) -> Vec<G::State> {
        let Ok(mut state) = G::new(&self.record.options, &mut setup_rng(self.record.seed)) else {
            return Vec::new();
        };
        let mut states = Vec::with_capacity(self.record.actions.len() + 1);
        states.push(state.clone());
        for action in &self.record.actions {
            if G::apply(&mut state, action).is_err() {
                break;
            }
            states.push(state.clone());
        }
        states
    }
}

#[cfg(test)]
impl<G: Game> Match<G> {
    /// A random game's positions, each as the seat on turn sees it with its legal actions (what
    /// a board is drawn from), for the boards' tests.
    pub fn seen_positions(
        options: G::Options,
        seed: u64,
        moves: usize,
    ) -> Vec<(G::View, Vec<G::Action>)> {
        use rand::{Rng as _, SeedableRng};
        let mut m = Match::<G>::new(options, seed).expect("a game with these options");
        let mut rng = super::Rng::seed_from_u64(seed);
        let mut seen = Vec::new();
        while let ToMove::Seat(seat) = m.to_move() {
            if seen.len() >= moves {
                break;
            }
            let legal = G::legal(m.state());
            seen.push((G::view(m.state(), seat), legal.clone()));
            m.play(&legal[rng.random_range(0..legal.len())])
                .expect("a legal action");
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Outcome, Rng};
    use rand::Rng as _;

    /// A tiny game: a die is rolled, then the seat guesses even/odd; three rounds.
    struct Guess;

    #[derive(Clone, Debug, Serialize, Deserialize)]
    struct GuessState {
        rounds: u8,
        die: Option<u8>,
        score: u8,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    enum GuessAction {
        Roll(u8),
        Even(bool),
    }

    impl Game for Guess {
        const ID: &'static str = "guess";
        type Options = ();
        type State = GuessState;
        type Action = GuessAction;
        type View = ();
        fn seat_count(_: &GuessState) -> usize {
            1
        }
        fn new(_: &(), _: &mut Rng) -> Result<GuessState, SetupError> {
            Ok(GuessState {
                rounds: 0,
                die: None,
                score: 0,
            })
        }
        fn to_move(s: &GuessState) -> ToMove {
            if s.rounds == 3 {
                ToMove::Over
            } else if s.die.is_none() {
                ToMove::Chance
            } else {
                ToMove::Seat(0)
            }
        }
        fn legal_actions(s: &GuessState, out: &mut Vec<GuessAction>) {
            out.clear();
            if Self::to_move(s) == ToMove::Seat(0) {
                out.extend([GuessAction::Even(true), GuessAction::Even(false)]);
            }
        }
        fn sample_chance(_: &GuessState, rng: &mut Rng) -> GuessAction {
            GuessAction::Roll(rng.random_range(1..=6))
        }
        fn apply(s: &mut GuessState, a: &GuessAction) -> Result<(), Illegal> {
            match (Self::to_move(s), a) {
                (ToMove::Over, _) => Err(Illegal::GameOver),
                (ToMove::Chance, GuessAction::Roll(d)) if (1..=6).contains(d) => {
                    s.die = Some(*d);
                    Ok(())
                }
                (ToMove::Seat(_), GuessAction::Even(e)) => {
                    if s.die.unwrap_or(0).is_multiple_of(2) == *e {
                        s.score += 1;
                    }
                    s.die = None;
                    s.rounds += 1;
                    Ok(())
                }
                _ => Err(Illegal::WrongTurn),
            }
        }
        fn outcome(s: &GuessState) -> Option<Outcome> {
            (s.rounds == 3).then(|| Outcome::from_scores(vec![s.score as f64]))
        }
        fn reveals(_: &GuessState, a: &GuessAction, _: &GuessState) -> bool {
            matches!(a, GuessAction::Roll(_))
        }
        fn view(_: &GuessState, _: Seat) {}
        fn view_seat(_: &()) -> Seat {
            0
        }
        fn describe(_: &GuessState, a: &GuessAction, _: Seat, _: Lang) -> Option<String> {
            Some(format!("@0 {a:?}"))
        }
        fn determinize(_: &(), _: &mut Rng) -> GuessState {
            unreachable!()
        }
    }

    /// A tiny game with a draw inside a seat's own action: the seat tidies (shows nothing) or
    /// draws the top card of its face-down deck, and a choice stays pending after the draw, as
    /// after Toy Battle's Skully.
    struct Draws;

    #[derive(Clone, Debug, Serialize, Deserialize)]
    struct DrawsState {
        deck: Vec<u8>,
        hand: Vec<u8>,
        done: bool,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    enum DrawsAction {
        Tidy,
        Draw,
        Stop,
    }

    impl Game for Draws {
        const ID: &'static str = "draws";
        type Options = ();
        type State = DrawsState;
        type Action = DrawsAction;
        type View = ();
        fn seat_count(_: &DrawsState) -> usize {
            1
        }
        fn new(_: &(), rng: &mut Rng) -> Result<DrawsState, SetupError> {
            let mut deck: Vec<u8> = (1..=9).collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, rng.random_range(0..=i));
            }
            Ok(DrawsState {
                deck,
                hand: Vec::new(),
                done: false,
            })
        }
        fn to_move(s: &DrawsState) -> ToMove {
            if s.done {
                ToMove::Over
            } else {
                ToMove::Seat(0)
            }
        }
        fn legal_actions(s: &DrawsState, out: &mut Vec<DrawsAction>) {
            out.clear();
            if !s.done {
                out.extend([DrawsAction::Tidy, DrawsAction::Draw, DrawsAction::Stop]);
            }
        }
        fn sample_chance(_: &DrawsState, _: &mut Rng) -> DrawsAction {
            DrawsAction::Stop
        }
        fn apply(s: &mut DrawsState, a: &DrawsAction) -> Result<(), Illegal> {
            if s.done {
                return Err(Illegal::GameOver);
            }
            match a {
                DrawsAction::Tidy => {}
                DrawsAction::Draw => {
                    let card = s
                        .deck
                        .pop()
                        .ok_or(Illegal::Rule("the deck is empty".into()))?;
                    s.hand.push(card);
                }
                DrawsAction::Stop => s.done = true,
            }
            Ok(())
        }
        fn outcome(s: &DrawsState) -> Option<Outcome> {
            s.done
                .then(|| Outcome::from_scores(vec![s.hand.iter().sum::<u8>() as f64]))
        }
        fn reveals(_: &DrawsState, a: &DrawsAction, _: &DrawsState) -> bool {
            *a == DrawsAction::Draw
        }
        fn view(_: &DrawsState, _: Seat) {}
        fn view_seat(_: &()) -> Seat {
            0
        }
        fn describe(_: &DrawsState, a: &DrawsAction, _: Seat, _: Lang) -> Option<String> {
            Some(format!("@0 {a:?}"))
        }
        fn determinize(_: &(), _: &mut Rng) -> DrawsState {
            unreachable!()
        }
    }

    #[test]
    fn record_round_trips_and_replays() {
        let mut m = Match::<Guess>::new((), 99).unwrap();
        for _ in 0..3 {
            m.play(&GuessAction::Even(true)).unwrap();
        }
        assert_eq!(m.to_move(), ToMove::Over);
        assert_eq!(m.record().actions.len(), 6);
        let again = Match::<Guess>::from_json(&m.to_json()).unwrap();
        assert_eq!(again.state().score, m.state().score);
    }

    #[test]
    fn replay_rejects_an_edited_die() {
        let mut m = Match::<Guess>::new((), 5).unwrap();
        m.play(&GuessAction::Even(true)).unwrap();
        let mut rec = m.record().clone();
        let GuessAction::Roll(d) = rec.actions[0] else {
            panic!("first action is the roll")
        };
        rec.actions[0] = GuessAction::Roll(d % 6 + 1);
        match Match::<Guess>::from_record(rec) {
            Err(LoadError::Replay(e)) => assert_eq!(e.index, 0),
            other => panic!("expected a replay error, got {:?}", other.is_ok()),
        }
    }

    #[test]
    fn illegal_play_changes_nothing() {
        let mut m = Match::<Guess>::new((), 1).unwrap();
        let before = m.to_json();
        assert_eq!(m.play(&GuessAction::Roll(3)), Err(Illegal::WrongTurn));
        assert_eq!(m.to_json(), before);
    }

    #[test]
    fn undo_never_crosses_a_roll() {
        let mut m = Match::<Guess>::new((), 3).unwrap();
        // Right after the roll: nothing of the seat's own to undo.
        assert_eq!(m.undo_point(0), None);
        m.play(&GuessAction::Even(true)).unwrap();
        // The guess was followed by the next roll: still nothing to undo.
        assert_eq!(m.undo_point(0), None);
        assert_eq!(m.log(0, Lang::En).len(), 3);
        let history = m.history();
        assert_eq!(history.len(), m.record().actions.len() + 1);
        let json = |s: &GuessState| serde_json::to_string(s).unwrap();
        assert_eq!(history.last().map(json), Some(json(m.state())));
    }

    #[test]
    fn corrupt_json_and_wrong_game_are_reported() {
        assert!(matches!(
            Match::<Guess>::from_json("{\"format\":1,"),
            Err(LoadError::Record(RecordError::Json(_)))
        ));
        let wrong = r#"{"format":1,"game":"herd","options":null,"seed":1,"actions":[]}"#;
        assert!(matches!(
            Match::<Guess>::from_json(wrong),
            Err(LoadError::Record(RecordError::WrongGame { .. }))
        ));
        let old = r#"{"format":0,"game":"guess","options":null,"seed":1,"actions":[]}"#;
        assert!(matches!(
            Match::<Guess>::from_json(old),
            Err(LoadError::Record(RecordError::Format(0)))
        ));
    }

    #[test]
    fn undo_never_crosses_a_draw_inside_a_seats_own_action() {
        let mut m = Match::<Draws>::new((), 7).unwrap();
        m.play(&DrawsAction::Tidy).unwrap();
        assert_eq!(
            m.undo_point(0),
            Some(0),
            "a tidy shows nothing: it can be taken back"
        );
        m.play(&DrawsAction::Draw).unwrap();
        assert_eq!(
            m.to_move(),
            ToMove::Seat(0),
            "the seat still has a choice to make"
        );
        assert_eq!(
            m.undo_point(0),
            None,
            "the drawn card was seen: no going back over it"
        );
        m.play(&DrawsAction::Tidy).unwrap();
        assert_eq!(
            m.undo_point(0),
            Some(2),
            "what came after the draw can be taken back"
        );
        assert_eq!(
            m.prefix(2).undo_point(0),
            None,
            "but no further than the draw"
        );
    }
}
