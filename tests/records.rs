//! The record corpus: every file under `tests/records/valid/` replays, every file under
//! `tests/records/invalid/` is refused with a reason. A valid record replays to the same state
//! twice (determinism), natively; the e2e suite replays saved games in the browser.

use turf::engine::{Game, LoadError, Match};
use turf::games::{with_game, GameVisitor};

struct Replay<'a>(&'a str);

impl GameVisitor for Replay<'_> {
    type Output = Result<String, LoadError>;
    fn visit<G: Game>(self) -> Self::Output {
        let first = Match::<G>::from_json(self.0)?;
        let second = Match::<G>::from_json(self.0)?;
        let a = serde_json::to_string(first.state()).unwrap();
        let b = serde_json::to_string(second.state()).unwrap();
        assert_eq!(a, b, "replay is deterministic");
        Ok(a)
    }
}

fn game_of(text: &str) -> Option<String> {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()?
        .get("game")?
        .as_str()
        .map(str::to_string)
}

fn files(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    out.sort();
    out
}

#[test]
fn valid_records_replay() {
    let files = files("tests/records/valid");
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let game = game_of(&text).unwrap_or_else(|| panic!("{path:?}: no game field"));
        let result = with_game(&game, Replay(&text)).expect("known game");
        assert!(result.is_ok(), "{path:?}: {:?}", result.err());
    }
}

#[test]
fn invalid_records_are_refused_with_a_reason() {
    let files = files("tests/records/invalid");
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let refused = match game_of(&text) {
            None => true, // not even a record
            Some(game) => match with_game(&game, Replay(&text)) {
                None => true, // unknown game
                Some(Ok(_)) => false,
                Some(Err(e)) => !e.to_string().is_empty(),
            },
        };
        assert!(refused, "{path:?} should be refused");
    }
}
