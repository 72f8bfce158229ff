//! The question bank (long-campaign.md §8): loading, validation and lookup by language.
//!
//! # Where questions live and how to add a file
//!
//! Question files are JSON arrays in the §8.1 format, kept at the repository root under
//! `data/questions/`. They are compiled into the app with `include_str!`, so the app needs no
//! network and no file system:
//!
//! 1. Put the file next to the others, e.g. `data/questions/mc-history.json` or
//!    `data/questions/numeric-science.json` (UTF-8, one array of question objects; each id needs
//!    one entry per language, `en` and `hu`, in the same or another file).
//! 2. Add one line for it to [`BANK_FILES`] below:
//!    `BankFile { name: "mc-history.json", text: include_str!("../../../data/questions/mc-history.json") },`
//!    (the path is relative to this source file).
//! 3. Run `cargo test --lib games::long_campaign::tests::bank` — the validation test names the
//!    file and the id of every problem (duplicate ids, a missing translation, a bad option list…).
//!
//! `sample.json` is a small test bank (a dozen ids in both languages), not part of the full bank.
//! It stays available as [`QuestionSet::Sample`], which the test records use so that they keep
//! replaying when the full bank changes (a record stores drawn questions by their index in the
//! bank). Its ids start with `smp-`, so it could join [`BANK_FILES`] without clashing.
//!
//! # Validation (§8.1, checked at load and in the tests)
//! - `id` non-empty and unique per language; every id present in both `en` and `hu`, with the same
//!   type, category, difficulty, same-fact group, and the same correct option (choice: the options
//!   are listed in the same order, so `correctIndex` must match) or answer (numeric) in both;
//! - `type` is `choice` or `numeric`; `category` one of §8.1's six or `hungary` (the bank's
//!   seventh, for Hungary-specific questions); `difficulty` 1–3;
//!   `language` `en` or `hu`; `text` non-empty;
//! - choice: exactly 4 distinct non-empty options, `correctIndex` an integer 0–3;
//! - numeric: `answer` an integer > 0 of at most 10 digits (the answer field accepts no more),
//!   `unit` a string (missing means `""`), `aiSpread` optional and > 0;
//! - `sameFact` optional: a group name shared by questions that ask the same fact or give each
//!   other's answer away (mc-spo-0041 states Phelps' 23 golds, nu-spo-0022 asks for them). A game
//!   draws at most one question of a group (DECISION LC-10, `rules.rs`), so a group needs two
//!   members at least, in either deck.
//!
//! Unknown extra fields (a source note, say) are ignored.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, OnceLock};

/// One embedded question file.
#[derive(Clone, Copy, Debug)]
pub struct BankFile {
    pub name: &'static str,
    pub text: &'static str,
}

/// The small test bank: a dozen ids in English and Hungarian.
pub const SAMPLE_FILES: &[BankFile] = &[BankFile {
    name: "sample.json",
    text: include_str!("../../../data/questions/sample.json"),
}];

/// Every file of the full bank, read in this order (see `data/questions/README.md`). Add new
/// `data/questions/*.json` files here (see the module documentation). Appending keeps the deck
/// indices of the files before it; inserting or removing shifts them.
pub const BANK_FILES: &[BankFile] = &[
    BankFile {
        name: "mc-hungary.json",
        text: include_str!("../../../data/questions/mc-hungary.json"),
    },
    BankFile {
        name: "mc-geography.json",
        text: include_str!("../../../data/questions/mc-geography.json"),
    },
    BankFile {
        name: "mc-history.json",
        text: include_str!("../../../data/questions/mc-history.json"),
    },
    BankFile {
        name: "mc-science.json",
        text: include_str!("../../../data/questions/mc-science.json"),
    },
    BankFile {
        name: "mc-general.json",
        text: include_str!("../../../data/questions/mc-general.json"),
    },
    BankFile {
        name: "mc-arts.json",
        text: include_str!("../../../data/questions/mc-arts.json"),
    },
    BankFile {
        name: "mc-sport.json",
        text: include_str!("../../../data/questions/mc-sport.json"),
    },
    BankFile {
        name: "numeric-hungary.json",
        text: include_str!("../../../data/questions/numeric-hungary.json"),
    },
    BankFile {
        name: "numeric-geography.json",
        text: include_str!("../../../data/questions/numeric-geography.json"),
    },
    BankFile {
        name: "numeric-history.json",
        text: include_str!("../../../data/questions/numeric-history.json"),
    },
    BankFile {
        name: "numeric-science.json",
        text: include_str!("../../../data/questions/numeric-science.json"),
    },
    BankFile {
        name: "numeric-general.json",
        text: include_str!("../../../data/questions/numeric-general.json"),
    },
    BankFile {
        name: "numeric-arts.json",
        text: include_str!("../../../data/questions/numeric-arts.json"),
    },
    BankFile {
        name: "numeric-sport.json",
        text: include_str!("../../../data/questions/numeric-sport.json"),
    },
];

/// The largest numeric answer or guess: the answer field takes at most 10 digits (§8.1).
pub const MAX_NUMBER: u64 = 9_999_999_999;

/// The language questions are shown in (§3.3: the decks are filtered by it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    En,
    Hu,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::En, Language::Hu];

    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Hu => "hu",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.code() == s)
    }
}

/// Which bank a game draws from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QuestionSet {
    /// [`BANK_FILES`]: what real games use.
    #[default]
    Full,
    /// [`SAMPLE_FILES`]: fixed forever, for tests and test records.
    Sample,
}

/// The two question types (§1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QuestionKind {
    /// Four options, one correct.
    Choice,
    /// A positive whole number; the closest guess wins.
    Numeric,
}

/// §8.1 categories, plus `hungary`, which the shipped bank adds for Hungary-specific questions
/// (counties, places, Hungarian history, culture and food; see `data/questions/README.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    Hungary,
    Geography,
    History,
    Science,
    General,
    Arts,
    Sport,
}

impl Category {
    pub const ALL: [Category; 7] = [
        Category::Hungary,
        Category::Geography,
        Category::History,
        Category::Science,
        Category::General,
        Category::Arts,
        Category::Sport,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Category::Hungary => "hungary",
            Category::Geography => "geography",
            Category::History => "history",
            Category::Science => "science",
            Category::General => "general",
            Category::Arts => "arts",
            Category::Sport => "sport",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// What a question asks for, with its solution.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Body {
    Choice {
        /// In the file's order; the game shuffles them on display (§8.1).
        options: [String; 4],
        correct_index: u8,
    },
    Numeric {
        answer: u64,
        unit: String,
        ai_spread: Option<f64>,
    },
}

/// One validated question in one language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Question {
    pub id: String,
    pub category: Category,
    pub language: Language,
    /// 1 easy, 2 medium, 3 hard.
    pub difficulty: u8,
    pub text: String,
    pub body: Body,
    /// The `sameFact` group, if the question shares its fact with others (LC-10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_fact: Option<String>,
}

impl Question {
    pub fn kind(&self) -> QuestionKind {
        match self.body {
            Body::Choice { .. } => QuestionKind::Choice,
            Body::Numeric { .. } => QuestionKind::Numeric,
        }
    }

    /// The numeric answer (0 for a choice question).
    pub fn answer(&self) -> u64 {
        match self.body {
            Body::Numeric { answer, .. } => answer,
            Body::Choice { .. } => 0,
        }
    }

    /// The correct option's index in the file's order (0 for a numeric question).
    pub fn correct_index(&self) -> u8 {
        match self.body {
            Body::Choice { correct_index, .. } => correct_index,
            Body::Numeric { .. } => 0,
        }
    }

    pub fn options(&self) -> &[String] {
        match &self.body {
            Body::Choice { options, .. } => options,
            Body::Numeric { .. } => &[],
        }
    }

    pub fn unit(&self) -> &str {
        match &self.body {
            Body::Numeric { unit, .. } => unit,
            Body::Choice { .. } => "",
        }
    }

    /// The unit as a player reads it: none after a year ("1849", in either language; the file
    /// keeps the token `year` for §7's spread), else the file's unit, already in the question's
    /// language.
    pub fn shown_unit(&self) -> &str {
        match self.unit() {
            "year" => "",
            unit => unit,
        }
    }

    /// §7: the typical error of an average player: `aiSpread`, else 10 % of the answer (at
    /// least 1), or 25 for years. A Hungarian year unit (`év`) counts as a year too.
    pub fn spread(&self) -> f64 {
        match &self.body {
            Body::Numeric {
                ai_spread: Some(s), ..
            } => *s,
            Body::Numeric { unit, .. } if unit == "year" || unit == "év" => 25.0,
            Body::Numeric { answer, .. } => (0.10 * *answer as f64).round().max(1.0),
            Body::Choice { .. } => 1.0,
        }
    }
}

/// The two decks of one language, in file order (a deck index is a position here).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bank {
    pub choice: Vec<Question>,
    pub numeric: Vec<Question>,
    by_id: HashMap<String, (QuestionKind, u16)>,
    /// The members of every `sameFact` group, by deck and index (LC-10).
    facts: Vec<Vec<(QuestionKind, u16)>>,
    /// Each question's group in `facts`, by deck and index: the draw asks it for every question
    /// already asked, so it is looked up rather than searched (`choice`, then `numeric`).
    group_of: [Vec<Option<u32>>; 2],
    /// Per deck, as bits, the questions that have a group: LC-10's bar walks only the asked
    /// questions among them (most questions have none).
    grouped: [Vec<u64>; 2],
}

impl Bank {
    pub fn deck(&self, kind: QuestionKind) -> &[Question] {
        match kind {
            QuestionKind::Choice => &self.choice,
            QuestionKind::Numeric => &self.numeric,
        }
    }

    pub fn get(&self, kind: QuestionKind, index: u16) -> Option<&Question> {
        self.deck(kind).get(index as usize)
    }

    /// A question's deck and index from its id.
    pub fn find(&self, id: &str) -> Option<(QuestionKind, u16)> {
        self.by_id.get(id).copied()
    }

    /// Every `sameFact` group, as the decks and indices of its members.
    pub fn fact_groups(&self) -> &[Vec<(QuestionKind, u16)>] {
        &self.facts
    }

    /// The `sameFact` group of one question, as the decks and indices of its members (itself
    /// included), if it has one.
    pub fn fact_group(&self, kind: QuestionKind, index: usize) -> Option<&[(QuestionKind, u16)]> {
        let g = (*self.group_of[kind as usize].get(index)?)?;
        Some(&self.facts[g as usize])
    }

    /// The questions of `kind`'s deck that belong to a `sameFact` group, as bits by index.
    pub fn grouped(&self, kind: QuestionKind) -> &[u64] {
        &self.grouped[kind as usize]
    }

    /// Gather the `sameFact` groups once every question is in.
    fn group_facts(&mut self) {
        let mut groups: BTreeMap<&str, Vec<(QuestionKind, u16)>> = BTreeMap::new();
        for kind in [QuestionKind::Choice, QuestionKind::Numeric] {
            for (i, q) in self.deck(kind).iter().enumerate() {
                if let Some(f) = &q.same_fact {
                    groups.entry(f).or_default().push((kind, i as u16));
                }
            }
        }
        self.facts = groups.into_values().collect();
        self.group_of = [
            vec![None; self.choice.len()],
            vec![None; self.numeric.len()],
        ];
        self.grouped = [
            vec![0; self.choice.len().div_ceil(64)],
            vec![0; self.numeric.len().div_ceil(64)],
        ];
        for (g, group) in self.facts.iter().enumerate() {
            for &(kind, i) in group {
                self.group_of[kind as usize][i as usize] = Some(g as u32);
                self.grouped[kind as usize][i as usize / 64] |= 1 << (i % 64);
            }
        }
    }

    fn push(&mut self, q: Question) {
        let kind = q.kind();
        let index = self.deck(kind).len() as u16;
        self.by_id.insert(q.id.clone(), (kind, index));
        match kind {
            QuestionKind::Choice => self.choice.push(q),
            QuestionKind::Numeric => self.numeric.push(q),
        }
    }
}

/// Both languages of one question set.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Banks {
    pub en: Bank,
    pub hu: Bank,
}

impl Banks {
    pub fn language(&self, language: Language) -> &Bank {
        match language {
            Language::En => &self.en,
            Language::Hu => &self.hu,
        }
    }
}

/// One problem found while loading, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankError {
    pub file: String,
    /// The question's id, or its position in the file when the id itself is bad.
    pub question: String,
    pub problem: String,
}

impl std::fmt::Display for BankError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}: {}", self.file, self.question, self.problem)
    }
}

/// Parse and validate `files` into a bank per language. Every problem is reported, not only the
/// first.
pub fn load(files: &[BankFile]) -> Result<Banks, Vec<BankError>> {
    let mut loading = Loading::default();
    for file in files {
        loading.read(file);
    }
    loading.finish()
}

/// A load under way: the files read so far. [`load`] reads them all at once; a screen reads
/// them a file a task ([`read_some`]), so that no task of a phone's main thread grows long
/// (issue #20 target 2: the whole bank was one task of 60-90 ms at 4×).
#[derive(Default)]
struct Loading {
    /// How many of the set's files are read.
    files_read: usize,
    banks: Banks,
    errors: Vec<BankError>,
    /// id -> per language: (file, question) for the cross-language checks.
    seen: BTreeMap<String, [Option<(String, Question)>; 2]>,
}

impl Loading {
    /// One file's questions, each checked alone and against those read before.
    fn read(&mut self, file: &BankFile) {
        self.files_read += 1;
        let items = match serde_json::from_str::<Value>(file.text) {
            Ok(Value::Array(items)) => items,
            Ok(_) => {
                self.errors
                    .push(err(file.name, "(file)", "the file is not a JSON array"));
                return;
            }
            Err(e) => {
                self.errors
                    .push(err(file.name, "(file)", &format!("not valid JSON: {e}")));
                return;
            }
        };
        for (position, item) in items.iter().enumerate() {
            match parse_question(item) {
                Err((who, problem)) => {
                    let who = who.unwrap_or_else(|| format!("entry {position}"));
                    self.errors.push(err(file.name, &who, &problem));
                }
                Ok(q) => {
                    let slot = self.seen.entry(q.id.clone()).or_default();
                    let lang = q.language as usize;
                    if let Some((other, _)) = &slot[lang] {
                        self.errors.push(err(
                            file.name,
                            &q.id,
                            &format!(
                                "duplicate id in language {} (also in {other})",
                                q.language.code()
                            ),
                        ));
                        continue;
                    }
                    slot[lang] = Some((file.name.to_string(), q.clone()));
                    match q.language {
                        Language::En => self.banks.en.push(q),
                        Language::Hu => self.banks.hu.push(q),
                    }
                }
            }
        }
    }

    /// The checks across files and languages, then the banks or every problem found.
    fn finish(mut self) -> Result<Banks, Vec<BankError>> {
        for (id, [en, hu]) in &self.seen {
            match (en, hu) {
                (Some((file, _)), None) => {
                    self.errors.push(err(file, id, "no Hungarian (hu) version"))
                }
                (None, Some((file, _))) => {
                    self.errors.push(err(file, id, "no English (en) version"))
                }
                (Some((file, a)), Some((_, b))) => {
                    // What the two languages must share, in the order the problems are said.
                    let differences = [
                        (a.kind() != b.kind(), "differ in type"),
                        (a.category != b.category, "differ in category"),
                        (a.difficulty != b.difficulty, "differ in difficulty"),
                        (a.answer() != b.answer(), "differ in answer"),
                        (
                            a.correct_index() != b.correct_index(),
                            "have a different correct option (correctIndex)",
                        ),
                        (a.same_fact != b.same_fact, "differ in sameFact"),
                    ];
                    for (_, how) in differences.iter().filter(|(differs, _)| *differs) {
                        let problem = format!("the en and hu versions {how}");
                        self.errors.push(err(file, id, &problem));
                    }
                }
                (None, None) => {}
            }
        }
        // A same-fact group of one is a typo in its name.
        let mut members: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (id, [en, _]) in &self.seen {
            if let Some(f) = en.as_ref().and_then(|(_, q)| q.same_fact.as_deref()) {
                members.entry(f).or_default().push(id);
            }
        }
        for (fact, ids) in &members {
            if ids.len() < 2 {
                let file = self.seen[ids[0]][0]
                    .as_ref()
                    .map_or("(bank)", |(f, _)| f.as_str());
                self.errors.push(err(
                    file,
                    ids[0],
                    &format!("sameFact \"{fact}\" has no other question"),
                ));
            }
        }
        self.banks.en.group_facts();
        self.banks.hu.group_facts();
        for lang in Language::ALL {
            let bank = self.banks.language(lang);
            if bank.choice.is_empty() || bank.numeric.is_empty() {
                self.errors.push(err(
                    "(bank)",
                    lang.code(),
                    "a language needs at least one question of each type",
                ));
            }
            if bank.choice.len() > u16::MAX as usize || bank.numeric.len() > u16::MAX as usize {
                self.errors
                    .push(err("(bank)", lang.code(), "too many questions"));
            }
        }
        if self.errors.is_empty() {
            Ok(self.banks)
        } else {
            Err(self.errors)
        }
    }
}

fn err(file: &str, question: &str, problem: &str) -> BankError {
    BankError {
        file: file.to_string(),
        question: question.to_string(),
        problem: problem.to_string(),
    }
}

type ParseError = (Option<String>, String);

/// One §8.1 object into a [`Question`], or the first problem with it.
fn parse_question(item: &Value) -> Result<Question, ParseError> {
    let Some(obj) = item.as_object() else {
        return Err((None, "not a JSON object".into()));
    };
    let id = match obj.get("id").and_then(Value::as_str) {
        Some(id) if !id.trim().is_empty() => id.to_string(),
        _ => return Err((None, "missing or empty \"id\"".into())),
    };
    let fail = |problem: &str| -> ParseError { (Some(id.clone()), problem.to_string()) };
    let text_field = |key: &str| -> Result<String, ParseError> {
        match obj.get(key).and_then(Value::as_str) {
            Some(s) if !s.trim().is_empty() => Ok(s.to_string()),
            _ => Err(fail(&format!("missing or empty \"{key}\""))),
        }
    };
    let kind = text_field("type")?;
    let category = Category::parse(&text_field("category")?).ok_or_else(|| {
        fail(
            "\"category\" is not one of hungary, geography, history, science, general, arts, sport",
        )
    })?;
    let language = Language::parse(&text_field("language")?)
        .ok_or_else(|| fail("\"language\" must be \"en\" or \"hu\""))?;
    let difficulty = match obj.get("difficulty").and_then(Value::as_u64) {
        Some(d @ 1..=3) => d as u8,
        _ => return Err(fail("\"difficulty\" must be 1, 2 or 3")),
    };
    let text = text_field("text")?;
    let same_fact = match obj.get("sameFact") {
        None => None,
        Some(Value::String(f)) if !f.trim().is_empty() => Some(f.clone()),
        Some(_) => return Err(fail("\"sameFact\" must be a non-empty string")),
    };
    let body = match kind.as_str() {
        "choice" => {
            if obj.contains_key("answer") {
                return Err(fail("a choice question has no \"answer\""));
            }
            let options: Vec<String> = match obj.get("options").and_then(Value::as_array) {
                Some(list) => list
                    .iter()
                    .map(|o| o.as_str().map(str::to_string))
                    .collect::<Option<_>>()
                    .ok_or_else(|| fail("every option must be a string"))?,
                None => return Err(fail("missing \"options\"")),
            };
            let options: [String; 4] = options
                .try_into()
                .map_err(|_| fail("a choice question needs exactly 4 options"))?;
            if options.iter().any(|o| o.trim().is_empty()) {
                return Err(fail("an option is empty"));
            }
            for i in 0..4 {
                for j in i + 1..4 {
                    if options[i].trim() == options[j].trim() {
                        return Err(fail("the 4 options must be distinct"));
                    }
                }
            }
            let correct_index = match obj.get("correctIndex").and_then(Value::as_u64) {
                Some(c @ 0..=3) => c as u8,
                Some(_) => return Err(fail("\"correctIndex\" must be 0–3")),
                None => return Err(fail("missing or non-integer \"correctIndex\"")),
            };
            Body::Choice {
                options,
                correct_index,
            }
        }
        "numeric" => {
            if obj.contains_key("options") || obj.contains_key("correctIndex") {
                return Err(fail("a numeric question has no options"));
            }
            let answer = match obj.get("answer").and_then(Value::as_u64) {
                Some(a @ 1..=MAX_NUMBER) => a,
                _ => {
                    return Err(fail(
                        "\"answer\" must be a positive integer of at most 10 digits",
                    ))
                }
            };
            let unit = match obj.get("unit") {
                None => String::new(),
                Some(Value::String(u)) => u.clone(),
                Some(_) => return Err(fail("\"unit\" must be a string")),
            };
            let ai_spread = match obj.get("aiSpread") {
                None => None,
                Some(v) => match v.as_f64() {
                    Some(s) if s > 0.0 && s.is_finite() => Some(s),
                    _ => return Err(fail("\"aiSpread\" must be a positive number")),
                },
            };
            Body::Numeric {
                answer,
                unit,
                ai_spread,
            }
        }
        _ => return Err(fail("\"type\" must be \"choice\" or \"numeric\"")),
    };
    Ok(Question {
        id,
        category,
        language,
        difficulty,
        text,
        body,
        same_fact,
    })
}

/// The loaded question set, or why it failed (the tests make sure it never does).
pub fn banks(set: QuestionSet) -> Result<&'static Banks, String> {
    whole(loads(set)).as_ref().map_err(Clone::clone)
}

/// Reads one more file of `set`'s bank, or finishes the bank once every file is read; false
/// once the bank is whole. A screen calls it a task at a time while the player reads it (the
/// setup), so that [`banks`], which reads whatever is left at once, finds the work done.
pub fn read_some(set: QuestionSet) -> bool {
    read_step(loads(set))
}

fn whole((cell, under_way, files): Load) -> &'static Result<Banks, String> {
    cell.get_or_init(|| {
        let mut loading = under_way.lock().map_or_else(|_| None, |mut l| l.take());
        let loading = loading.get_or_insert_with(Loading::default);
        for file in &files[loading.files_read..] {
            loading.read(file);
        }
        finished(std::mem::take(loading))
    })
}

fn read_step((cell, under_way, files): Load) -> bool {
    if cell.get().is_some() {
        return false;
    }
    let Ok(mut under_way) = under_way.lock() else {
        return false;
    };
    let loading = under_way.get_or_insert_with(Loading::default);
    if let Some(file) = files.get(loading.files_read) {
        loading.read(file);
        return true;
    }
    let done = finished(std::mem::take(loading));
    *under_way = None;
    let _ = cell.set(done);
    false
}

type Load = (
    &'static OnceLock<Result<Banks, String>>,
    &'static Mutex<Option<Loading>>,
    &'static [BankFile],
);

/// Where `set`'s bank is kept once read, its load under way, and its files.
fn loads(set: QuestionSet) -> Load {
    static FULL: OnceLock<Result<Banks, String>> = OnceLock::new();
    static SAMPLE: OnceLock<Result<Banks, String>> = OnceLock::new();
    static FULL_UNDER_WAY: Mutex<Option<Loading>> = Mutex::new(None);
    static SAMPLE_UNDER_WAY: Mutex<Option<Loading>> = Mutex::new(None);
    match set {
        QuestionSet::Full => (&FULL, &FULL_UNDER_WAY, BANK_FILES),
        QuestionSet::Sample => (&SAMPLE, &SAMPLE_UNDER_WAY, SAMPLE_FILES),
    }
}

/// A finished load, its problems said in one line.
fn finished(loading: Loading) -> Result<Banks, String> {
    loading.finish().map_err(|errors| {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// The bank of one language of one set.
pub fn bank(set: QuestionSet, language: Language) -> Result<&'static Bank, String> {
    banks(set).map(|b| b.language(language))
}

/// An empty bank, so that lookups on a state forged with a bad set fail softly.
pub(crate) fn empty_bank() -> &'static Bank {
    static EMPTY: OnceLock<Bank> = OnceLock::new();
    EMPTY.get_or_init(Bank::default)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set's bank kept apart from the app's, so that no other test reads it meanwhile.
    fn apart(files: &'static [BankFile]) -> Load {
        (
            Box::leak(Box::new(OnceLock::new())),
            Box::leak(Box::new(Mutex::new(None))),
            files,
        )
    }

    fn at_once(files: &[BankFile]) -> Result<Banks, String> {
        finished({
            let mut loading = Loading::default();
            files.iter().for_each(|f| loading.read(f));
            loading
        })
    }

    #[test]
    fn the_bank_read_a_file_a_task_is_the_bank_read_at_once() {
        let load = apart(BANK_FILES);
        let mut steps = 0;
        while read_step(load) {
            steps += 1;
            assert!(steps <= BANK_FILES.len(), "a step a file, then the checks");
        }
        assert_eq!(steps, BANK_FILES.len());
        assert!(!read_step(load), "nothing is left");
        assert_eq!(whole(load), &at_once(BANK_FILES));
        assert!(whole(load).is_ok());
    }

    #[test]
    fn a_bank_left_half_read_is_finished_when_a_table_needs_it() {
        const BROKEN: &[BankFile] = &[
            BankFile {
                name: "mc-hungary.json",
                text: include_str!("../../../data/questions/mc-hungary.json"),
            },
            BankFile {
                name: "broken.json",
                text: "[{\"id\": \"x\"}",
            },
            BankFile {
                name: "numeric-hungary.json",
                text: include_str!("../../../data/questions/numeric-hungary.json"),
            },
        ];
        for files in [BANK_FILES, BROKEN] {
            let load = apart(files);
            assert!(read_step(load) && read_step(load));
            let Ok(under_way) = load.1.lock().map(|l| l.as_ref().map(|l| l.files_read)) else {
                panic!("the load's lock");
            };
            assert_eq!(under_way, Some(2), "two files read, the rest not yet");
            assert_eq!(whole(load), &at_once(files));
            assert!(!read_step(load), "finished by the table's need");
        }
        assert!(at_once(BROKEN).is_err_and(|e| e.contains("broken.json")));
    }
}
