//! Games kept safe: every game in progress is saved in localStorage after each action, as a
//! versioned save holding its match record; the home page lists them to resume or delete; a
//! game can be exported to a JSON file and imported again.
//!
//! Reading a save is pure (`read_save`, `read_import`, tested natively); only the few
//! functions at the bottom touch the browser's storage. A save that cannot be read (corrupt,
//! truncated, another format, a record that no longer replays) is moved aside under
//! `turf.broken.<id>` — never deleted, never in the way of the others — and reported once.

use super::{SeatSpec, TableSpec};
use crate::engine::{Game, LoadError, Match, RecordError, Seat, ToMove, RECORD_FORMAT};
use crate::games::{with_game, GameVisitor};
use crate::i18n::Lang;
use crate::t;
use serde::{Deserialize, Serialize};

/// Version of the save layout; a save of another format is reported, not guessed at.
pub const SAVE_FORMAT: u32 = 1;
const SAVE_PREFIX: &str = "turf.save.";
const BROKEN_PREFIX: &str = "turf.broken.";
/// The save of the table that was open, so that a reload goes straight back to it.
pub(super) const CURRENT_KEY: &str = "turf.current";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: u32,
    pub table: TableSpec,
}

/// What the home page shows of a save.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveSummary {
    pub id: String,
    pub game: String,
    pub players: Vec<String>,
    pub started: f64,
    /// Actions played so far (rolls and draws included).
    pub moves: usize,
    /// Whose turn it is, `None` when the game is over or a chance event is next.
    pub to_move: Option<Seat>,
    pub over: bool,
}

/// Why a save or an imported file cannot be used. [`Unreadable::describe`] says it in the
/// player's language; the technical detail (the JSON reader's message, a rule's reason) is kept
/// as it comes, in parentheses, for whoever reports the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Not JSON at all (a truncated or damaged file).
    NotJson(String),
    /// JSON, but not shaped like a Turf save or export.
    NotTurf(String),
    /// A save or export of another format than this version reads.
    Format(u32),
    UnknownGame(String),
    /// The seats listed do not match the game's record.
    Seats {
        listed: usize,
        needed: usize,
    },
    /// The match record inside cannot be read or replayed.
    Record(LoadError),
}

impl Unreadable {
    /// A damaged file (cut short, not JSON) or JSON of the wrong shape.
    fn from_json(e: serde_json::Error) -> Self {
        if e.is_data() {
            Unreadable::NotTurf(e.to_string())
        } else {
            Unreadable::NotJson(e.to_string())
        }
    }

    pub fn describe(&self, lang: Lang) -> String {
        let ours = SAVE_FORMAT;
        match self {
            Unreadable::NotJson(detail) => t!(
                lang,
                "the file is damaged or cut short ({detail})",
                "a fájl sérült vagy csonka ({detail})"
            ),
            Unreadable::NotTurf(detail) => t!(
                lang,
                "it is not a Turf game ({detail})",
                "ez nem Turf-játszma ({detail})"
            ),
            Unreadable::Format(found) => t!(
                lang,
                "it was written in format {found}, this version reads format {}",
                "{found}. formátumban készült, ez a változat {}. formátumot olvassa",
                crate::i18n::the(lang, &ours.to_string(), false)
            ),
            Unreadable::UnknownGame(game) => t!(
                lang,
                "Turf has no game called '{game}'",
                "a Turfnek nincs '{game}' nevű játéka"
            ),
            Unreadable::Seats { listed, needed } => t!(
                lang,
                "it lists {listed} players for a game of {needed}",
                "{listed} játékost sorol fel egy {needed} fős játszmához"
            ),
            Unreadable::Record(LoadError::Replay(e)) => {
                let (n, reason) = (e.index + 1, &e.reason);
                t!(
                    lang,
                    "move {n} of its record breaks the rules ({reason})",
                    "a lépéslista {n}. lépése szabálytalan ({reason})"
                )
            }
            Unreadable::Record(LoadError::Record(RecordError::Format(found))) => {
                let ours = RECORD_FORMAT;
                t!(
                    lang,
                    "its match record has format {found}, this version reads format {}",
                    "a lépéslista {found}. formátumú, ez a változat {}. formátumot olvassa",
                    crate::i18n::the(lang, &ours.to_string(), false)
                )
            }
            Unreadable::Record(LoadError::Record(RecordError::WrongGame { found, .. })) => t!(
                lang,
                "its match record belongs to another game ('{found}')",
                "a lépéslista egy másik játékhoz tartozik ('{found}')"
            ),
            Unreadable::Record(LoadError::Record(RecordError::Setup(detail))) => t!(
                lang,
                "the game options in its record are not valid ({detail})",
                "a lépéslistában szereplő beállítások érvénytelenek ({detail})"
            ),
            Unreadable::Record(LoadError::Record(RecordError::Json(detail))) => t!(
                lang,
                "its match record is damaged ({detail})",
                "a lépéslista sérült ({detail})"
            ),
        }
    }
}

/// The exported file: the match record with the seats around it, so an import reopens the
/// same table (names and AI levels).
#[derive(Serialize, Deserialize)]
struct ExportFile {
    turf: u32,
    seats: Vec<SeatSpec>,
    record: serde_json::Value,
}

/// What replaying a table's record gives: its seat count, actions so far and who moves next.
struct Replayed {
    seats: usize,
    moves: usize,
    to_move: ToMove,
}

/// Replay the record of a table (every action checked), or say why it cannot be replayed.
fn replay_record(game: &str, record: &str) -> Result<Replayed, Unreadable> {
    struct Check<'a>(&'a str);
    impl GameVisitor for Check<'_> {
        type Output = Result<Replayed, Unreadable>;
        fn visit<G: Game>(self) -> Self::Output {
            let m = Match::<G>::from_json(self.0).map_err(Unreadable::Record)?;
            Ok(Replayed {
                seats: G::seat_count(m.state()),
                moves: m.record().actions.len(),
                to_move: m.to_move(),
            })
        }
    }
    with_game(game, Check(record)).unwrap_or_else(|| Err(Unreadable::UnknownGame(game.to_string())))
}

/// The replayed record of a table whose seats must match its game.
fn replay(table: &TableSpec) -> Result<Replayed, Unreadable> {
    let replayed = replay_record(&table.game, &table.record)?;
    if replayed.seats != table.seats.len() {
        return Err(Unreadable::Seats {
            listed: table.seats.len(),
            needed: replayed.seats,
        });
    }
    Ok(replayed)
}

/// A save read from storage and checked down to the last action of its record.
pub fn read_save(json: &str) -> Result<(SaveFile, SaveSummary), Unreadable> {
    #[derive(Deserialize)]
    struct Version {
        format: u32,
    }
    let version: Version = serde_json::from_str(json).map_err(Unreadable::from_json)?;
    if version.format != SAVE_FORMAT {
        return Err(Unreadable::Format(version.format));
    }
    let save: SaveFile = serde_json::from_str(json).map_err(Unreadable::from_json)?;
    let Replayed { moves, to_move, .. } = replay(&save.table)?;
    let summary = SaveSummary {
        id: save.table.save_id.clone(),
        game: save.table.game.clone(),
        players: save.table.seats.iter().map(|s| s.name.clone()).collect(),
        started: save.table.started,
        moves,
        to_move: match to_move {
            ToMove::Seat(s) => Some(s),
            _ => None,
        },
        over: to_move == ToMove::Over,
    };
    Ok((save, summary))
}

/// The file a player downloads to keep or share a game.
pub fn export(table: &TableSpec) -> String {
    let record = serde_json::from_str(&table.record).unwrap_or(serde_json::Value::Null);
    serde_json::to_string_pretty(&ExportFile {
        turf: SAVE_FORMAT,
        seats: table.seats.clone(),
        record,
    })
    .expect("an export always serializes")
}

/// A table from an imported file: an export of Turf, or a bare match record (then every seat
/// is a human named "Player N"). Checked by replaying every action.
pub fn read_import(json: &str) -> Result<TableSpec, Unreadable> {
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|e| Unreadable::NotJson(e.to_string()))?;
    let (seats, record) = match serde_json::from_value::<ExportFile>(value.clone()) {
        Ok(file) if file.turf == SAVE_FORMAT => (Some(file.seats), file.record),
        Ok(file) => return Err(Unreadable::Format(file.turf)),
        Err(_) => (None, value),
    };
    let game = record
        .get("game")
        .and_then(|g| g.as_str())
        .ok_or_else(|| Unreadable::NotTurf("no game".into()))?
        .to_string();
    let mut table = TableSpec {
        game,
        seats: seats.unwrap_or_default(),
        record: record.to_string(),
        save_id: String::new(),
        started: 0.0,
        online: None,
        ..Default::default()
    };
    if table.seats.is_empty() {
        // A bare record says nothing about the players: seat humans, as many as it needs.
        let count = replay_record(&table.game, &table.record)?.seats;
        table.seats = (0..count)
            .map(|i| SeatSpec {
                name: format!("Player {}", i + 1),
                ai: None,
                remote: false,
            })
            .collect();
    }
    replay(&table)?;
    Ok(table)
}

// ---- Browser storage ----------------------------------------------------------------------

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// A new save id: the start time and a random tail, so two tabs never collide.
pub fn new_id() -> String {
    format!(
        "{:x}-{:06x}",
        js_sys::Date::now() as u64,
        (js_sys::Math::random() * 16_777_216.0) as u32
    )
}

/// Write the table's save (after every action). A full storage is reported, not fatal.
pub fn write(table: &TableSpec) -> Result<(), String> {
    let Some(store) = storage() else {
        return Err("this browser keeps no storage".into());
    };
    let save = SaveFile {
        format: SAVE_FORMAT,
        table: table.clone(),
    };
    let json = serde_json::to_string(&save).map_err(|e| e.to_string())?;
    store
        .set_item(&format!("{SAVE_PREFIX}{}", table.save_id), &json)
        .map_err(|_| "the browser's storage is full".to_string())
}

pub fn remove(id: &str) {
    if let Some(store) = storage() {
        let _ = store.remove_item(&format!("{SAVE_PREFIX}{id}"));
    }
}

/// What storage holds: every readable save, newest first, and each save set aside just now
/// (its id and why).
pub struct Listing {
    pub saves: Vec<(SaveFile, SaveSummary)>,
    pub set_aside: Vec<(String, Unreadable)>,
}

pub fn list() -> Listing {
    let mut saves = Vec::new();
    let mut problems = Vec::new();
    let Some(store) = storage() else {
        return Listing {
            saves,
            set_aside: problems,
        };
    };
    let keys: Vec<String> = (0..store.length().unwrap_or(0))
        .filter_map(|i| store.key(i).ok().flatten())
        .filter(|k| k.starts_with(SAVE_PREFIX))
        .collect();
    for key in keys {
        let json = store.get_item(&key).ok().flatten().unwrap_or_default();
        match read_save(&json) {
            Ok(save) => saves.push(save),
            Err(why) => {
                let id = key[SAVE_PREFIX.len()..].to_string();
                let _ = store.set_item(&format!("{BROKEN_PREFIX}{id}"), &json);
                let _ = store.remove_item(&key);
                problems.push((id, why));
            }
        }
    }
    saves.sort_by(|a, b| b.1.started.total_cmp(&a.1.started));
    Listing {
        saves,
        set_aside: problems,
    }
}

/// The save of the table open when the page was left, if it is still there and readable.
pub fn current() -> Option<SaveFile> {
    let store = storage()?;
    let id = store.get_item(CURRENT_KEY).ok()??;
    let json = store.get_item(&format!("{SAVE_PREFIX}{id}")).ok()??;
    read_save(&json).ok().map(|(save, _)| save)
}

pub fn set_current(id: Option<&str>) {
    if let Some(store) = storage() {
        let _ = match id {
            Some(id) => store.set_item(CURRENT_KEY, id),
            None => store.remove_item(CURRENT_KEY),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::herd::Herd;

    fn herd_table(actions: usize) -> TableSpec {
        let mut m = Match::<Herd>::new(Default::default(), 7).unwrap();
        for _ in 0..actions {
            let a = Herd::legal(m.state())[0];
            m.play(&a).unwrap();
        }
        TableSpec {
            game: "herd".into(),
            seats: vec![
                SeatSpec {
                    name: "Ann".into(),
                    ai: None,
                    remote: false,
                },
                SeatSpec {
                    name: "Bot".into(),
                    ai: Some(crate::ai::Level::Easy),
                    remote: false,
                },
            ],
            record: m.to_json(),
            save_id: "abc".into(),
            started: 1.0e12,
            online: None,
            ..Default::default()
        }
    }

    fn save_json(table: TableSpec) -> String {
        serde_json::to_string(&SaveFile {
            format: SAVE_FORMAT,
            table,
        })
        .unwrap()
    }

    #[test]
    fn a_save_reads_back_with_its_summary() {
        let (save, summary) = read_save(&save_json(herd_table(3))).unwrap();
        assert_eq!(save.table, herd_table(3));
        assert_eq!(summary.players, vec!["Ann", "Bot"]);
        let m = Match::<Herd>::from_json(&herd_table(3).record).unwrap();
        assert_eq!(summary.moves, m.record().actions.len());
        assert!(summary.moves >= 4, "the opening roll and three placements");
        assert!(!summary.over);
    }

    #[test]
    fn corrupt_truncated_or_foreign_saves_are_reported() {
        let good = save_json(herd_table(3));
        let truncated = &good[..good.len() / 2];
        assert!(matches!(read_save(truncated), Err(Unreadable::NotJson(_))));
        let older = good.replace("{\"format\":1,", "{\"format\":0,");
        let why = read_save(&older).unwrap_err();
        assert_eq!(why, Unreadable::Format(0));
        assert!(why.describe(Lang::En).contains("format 0"));
        assert!(why.describe(Lang::Hu).contains("0. formátum"));
        let mut table = herd_table(3);
        table.record = table.record.replace("\"seed\":7", "\"seed\":8");
        assert!(
            matches!(
                read_save(&save_json(table)),
                Err(Unreadable::Record(LoadError::Replay(_)))
            ),
            "the rolls no longer match the seed"
        );
        let mut table = herd_table(1);
        table.seats.pop();
        assert_eq!(
            read_save(&save_json(table)).unwrap_err(),
            Unreadable::Seats {
                listed: 1,
                needed: 2
            }
        );
        let mut table = herd_table(1);
        table.game = "chess".into();
        assert_eq!(
            read_save(&save_json(table)).unwrap_err(),
            Unreadable::UnknownGame("chess".into())
        );
    }

    #[test]
    fn export_then_import_gives_the_same_table() {
        let table = herd_table(5);
        let back = read_import(&export(&table)).unwrap();
        assert_eq!(back.seats, table.seats);
        let json = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
        assert_eq!(json(&back.record), json(&table.record));
    }

    #[test]
    fn a_bare_record_imports_with_human_seats() {
        let table = herd_table(2);
        let back = read_import(&table.record).unwrap();
        assert_eq!(back.seats.len(), 2);
        assert!(back.seats.iter().all(|s| s.ai.is_none()));
    }

    #[test]
    fn invalid_imports_are_refused_with_a_reason() {
        assert!(matches!(read_import("{"), Err(Unreadable::NotJson(_))));
        assert!(matches!(
            read_import("{\"a\":1}"),
            Err(Unreadable::NotTurf(_))
        ));
        let table = herd_table(2);
        let broken = table.record.replace(
            "\"actions\":[",
            "\"actions\":[{\"type\":\"place\",\"cell\":250},",
        );
        let why = read_import(&broken).unwrap_err();
        assert!(
            matches!(why, Unreadable::Record(LoadError::Replay(_))),
            "{why:?}"
        );
        assert!(why.describe(Lang::Hu).contains("1. lépése"));
    }
}
