//! Scenario tests for every phase and rule of long-campaign.md, bank validation, views, records,
//! and random-playout invariants.

use super::bank::{self, BankFile, Language, QuestionKind, QuestionSet};
use super::map::{self, counties_in, CountyId, COUNTY_COUNT, EDGES, NEIGHBOURS};
use super::*;
use crate::engine::{chance_rng, setup_rng, Game, Illegal, Match, Rng, ToMove};
use rand::{Rng as _, SeedableRng};
use std::collections::HashSet;

const RED: u8 = 0;
const BLUE: u8 = 1;
const GREEN: u8 = 2;

fn c(code: &str) -> CountyId {
    CountyId::from_code(code).expect("county code")
}

fn opts() -> CampaignOptions {
    CampaignOptions {
        questions: QuestionSet::Sample,
        colours: Some([RED, BLUE, GREEN]),
        ..Default::default()
    }
}

fn fresh() -> CampaignState {
    LongCampaign::new(&opts(), &mut setup_rng(0)).unwrap()
}

fn play(s: &mut CampaignState, a: CampaignAction) {
    if let Err(e) = LongCampaign::apply(s, &a) {
        panic!("{a:?} refused: {e}");
    }
}

fn pick(s: &mut CampaignState, code: &str) {
    play(s, CampaignAction::Pick { county: c(code) });
}

/// Resolve the pending chance event with a fixed stream.
fn draw(s: &mut CampaignState) {
    assert_eq!(
        LongCampaign::to_move(s),
        ToMove::Chance,
        "{:?}",
        s.campaign.step
    );
    let a = LongCampaign::sample_chance(s, &mut chance_rng(99, s.campaign.history.len() + 7));
    play(s, a);
}

fn open_question(s: &CampaignState) -> (&'static bank::Question, Drawn) {
    let ask = s.ask.expect("a question is open");
    let d = ask.question.expect("drawn");
    (s.campaign.question(ask.kind, d.index).unwrap(), d)
}

fn correct(s: &CampaignState) -> u8 {
    let (q, d) = open_question(s);
    CampaignState::correct_display(q, &d)
}

fn right(s: &mut CampaignState) {
    let o = correct(s);
    play(
        s,
        CampaignAction::Answer {
            option: Some(o),
            ms: 3000,
        },
    );
}

fn wrong(s: &mut CampaignState) {
    let o = (correct(s) + 1) % 4;
    play(
        s,
        CampaignAction::Answer {
            option: Some(o),
            ms: 3000,
        },
    );
}

fn silent(s: &mut CampaignState) {
    play(
        s,
        CampaignAction::Answer {
            option: None,
            ms: 10_000,
        },
    );
}

/// A numeric guess `offset` away from the answer, taking `ms`.
fn guess(s: &mut CampaignState, offset: i64, ms: u32) {
    let (q, _) = open_question(s);
    let value = (q.answer() as i64 + offset).max(0) as u64;
    play(
        s,
        CampaignAction::Guess {
            value: Some(value),
            ms,
        },
    );
}

fn answering(s: &CampaignState) -> u8 {
    match s.campaign.step {
        Step::Answer { seat } => seat,
        other => panic!("no one answers at {other:?}"),
    }
}

fn chooser(s: &CampaignState) -> u8 {
    match s.campaign.step {
        Step::Choose { seat } => seat,
        other => panic!("no one chooses at {other:?}"),
    }
}

/// A war position: Red (base GS) holds the west, Blue (base BA) the south, Green (base HB) the
/// north and east. Ordinary counties are worth 300. War round 1 begins: Red to choose.
fn war_state() -> CampaignState {
    let mut s = fresh();
    let red = ["GS", "VA", "ZA", "VE", "KE", "FE", "SO"];
    let blue = ["TO", "BA", "BK", "CS"];
    let green = ["PE", "NO", "HE", "BZ", "SZ", "HB", "JN", "BE"];
    for (seat, list, base) in [
        (RED, &red[..], "GS"),
        (BLUE, &blue[..], "BA"),
        (GREEN, &green[..], "HB"),
    ] {
        for code in list {
            let is_base = *code == base;
            s.campaign.counties[c(code).index()] = County {
                owner: Some(seat),
                value: if is_base { BASE_VALUE } else { DIVISION_VALUE },
                base: is_base,
                towers: if is_base { TOWERS } else { 0 },
                ruined: false,
            };
        }
    }
    s.campaign.phase = Phase::War { round: 1, turn: 0 };
    s.campaign.step = Step::Choose { seat: RED };
    s
}

fn total_values(s: &CampaignState, seat: u8) -> u32 {
    s.campaign
        .counties
        .iter()
        .filter(|x| x.owner == Some(seat))
        .map(|x| x.value)
        .sum()
}

// ---------------------------------------------------------------- map (§2)

#[test]
fn map_has_the_40_symmetric_edges_of_the_spec_and_is_connected() {
    // §2.2's JSON, verbatim.
    let spec: std::collections::BTreeMap<String, Vec<String>> = serde_json::from_str(
        r#"{"GS":["VA","VE","KE"],"VA":["GS","VE","ZA"],"ZA":["VA","VE","SO"],
        "VE":["GS","VA","ZA","SO","FE","KE"],"KE":["GS","VE","FE","PE"],
        "FE":["KE","VE","SO","TO","BK","PE"],"SO":["ZA","VE","FE","TO","BA"],
        "TO":["FE","SO","BA","BK"],"BA":["SO","TO","BK"],"PE":["KE","FE","BK","JN","HE","NO"],
        "BK":["PE","FE","TO","BA","CS","JN"],"NO":["PE","HE","BZ"],"HE":["NO","PE","JN","BZ"],
        "BZ":["NO","HE","JN","HB","SZ"],"SZ":["BZ","HB"],"HB":["SZ","BZ","JN","BE"],
        "JN":["PE","HE","BZ","HB","BE","CS","BK"],"CS":["BK","JN","BE"],"BE":["CS","JN","HB"]}"#,
    )
    .unwrap();
    assert_eq!(spec.len(), COUNTY_COUNT);
    for (code, list) in &spec {
        let mut mine: Vec<&str> = counties_in(c(code).neighbours())
            .map(|n| n.code())
            .collect();
        let mut theirs: Vec<&str> = list.iter().map(String::as_str).collect();
        mine.sort();
        theirs.sort();
        assert_eq!(mine, theirs, "neighbours of {code}");
    }
    let degree: u32 = NEIGHBOURS.iter().map(|m| m.count_ones()).sum();
    assert_eq!(degree, 2 * EDGES.len() as u32);
    assert_eq!(EDGES.len(), 40);
    for a in CountyId::all() {
        assert!(!a.is_adjacent(a));
        for b in CountyId::all() {
            assert_eq!(a.is_adjacent(b), b.is_adjacent(a));
        }
    }
    let mut reached = c("GS").bit();
    loop {
        let next = reached | map::frontier(reached);
        if next == reached {
            break;
        }
        reached = next;
    }
    assert_eq!(reached, map::ALL_COUNTIES, "connected");
}

#[test]
fn any_two_non_adjacent_bases_leave_a_third() {
    // §2.2 "checked properties", so Phase 1 always has a legal pick.
    for a in CountyId::all() {
        for b in CountyId::all() {
            if a == b || a.is_adjacent(b) {
                continue;
            }
            let taken = a.bit() | b.bit();
            let blocked = taken | map::frontier(taken);
            assert_ne!(blocked, map::ALL_COUNTIES, "{} + {}", a.code(), b.code());
        }
    }
}

#[test]
fn shapes_follow_the_county_order_and_parse() {
    let shapes = map::shapes();
    assert_eq!(shapes.view_box, "0 0 1000 700");
    assert!(shapes.outline.starts_with('M'));
    assert_eq!(shapes.counties.len(), COUNTY_COUNT);
    for id in CountyId::all() {
        let shape = shapes.shape(id).unwrap();
        assert_eq!(shape.id, id.code());
        assert_eq!(shape.name_hu, id.name());
        assert!(shape.path.starts_with('M') && shape.path.ends_with('Z'));
        assert!((0.0..1000.0).contains(&shape.label[0]) && (0.0..700.0).contains(&shape.label[1]));
    }
    // Tiles join shapes and state.
    let s = war_state();
    let tiles = s.campaign.tiles();
    assert_eq!(tiles.len(), COUNTY_COUNT);
    let gs = &tiles[c("GS").index()];
    assert_eq!(gs.colour, Some(Colour::Red));
    assert_eq!(
        gs.castle,
        Some(Castle {
            towers: 3,
            ruined: false
        })
    );
    assert_eq!(tiles[c("VA").index()].castle, None);
    assert_eq!(tiles[c("PE").index()].value, DIVISION_VALUE);
}

#[test]
fn county_ids_read_as_codes_in_json() {
    let a = CampaignAction::Attack { county: c("PE") };
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(json, r#"{"type":"attack","county":"PE"}"#);
    assert_eq!(serde_json::from_str::<CampaignAction>(&json).unwrap(), a);
    assert!(serde_json::from_str::<CampaignAction>(r#"{"type":"attack","county":"XX"}"#).is_err());
    let ans = CampaignAction::Answer {
        option: None,
        ms: 10_000,
    };
    assert_eq!(
        serde_json::to_string(&ans).unwrap(),
        r#"{"type":"answer","option":null,"ms":10000}"#
    );
}

/// A box `[x0, y0, x1, y1]` for text of `chars` characters at `size` (viewBox units, as the CSS
/// sets them: `.lc-name` 13, `.lc-value` 27 with its mark at 18, `.lc-budapest text` 14). The
/// width is a generous 0.6 em a character (bold system fonts run 0.5–0.6 em).
fn text_box(x: f64, baseline: f64, chars: usize, size: f64) -> [f64; 4] {
    let w = chars as f64 * size * 0.6;
    [
        x - w / 2.0,
        baseline - 0.75 * size,
        x + w / 2.0,
        baseline + 0.22 * size,
    ]
}

fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// The marks of a county drawn at its label point: castle, value ("● 1000", the widest) and
/// name, as the board places them (`map::label_spots`).
fn label_boxes(id: CountyId, castle: bool) -> Vec<[f64; 4]> {
    let label = map::shapes().shape(id).unwrap().label;
    let spots = map::label_spots(label, castle, true);
    let x = label[0];
    let mut out = Vec::new();
    if let Some(foot) = spots.castle_foot {
        // Three towers 54 wide and 45 high, drawn at 0.8.
        out.push([x - 22.0, foot - 36.0, x + 22.0, foot]);
    }
    let value_w = 18.0 * 0.8 + 5.0 * 27.0 * 0.6;
    out.push([
        x - value_w / 2.0,
        spots.value_y - 20.0,
        x + value_w / 2.0,
        spots.value_y + 6.0,
    ]);
    let name = map::label_name(id).chars().count();
    out.push(text_box(x, spots.name_y, name, 13.0));
    out
}

#[test]
fn map_labels_never_overlap() {
    // §9 of the review: "Komárom-EBudapest". The labels are in viewBox units, so what holds
    // here holds at every size the map is drawn (the phone layout only hides the names).
    let budapest = [
        [
            map::BUDAPEST.0 - 7.0,
            map::BUDAPEST.1 - 7.0,
            map::BUDAPEST.0 + 7.0,
            map::BUDAPEST.1 + 7.0,
        ],
        text_box(map::BUDAPEST.0, map::BUDAPEST_NAME_Y, 8, 14.0),
    ];
    let mut clashes = Vec::new();
    let ids: Vec<CountyId> = CountyId::all().collect();
    for (i, &a) in ids.iter().enumerate() {
        for castle_a in [false, true] {
            for ba in label_boxes(a, castle_a) {
                for bb in budapest {
                    if overlap(ba, bb) {
                        clashes.push(format!("{} (castle {castle_a}) and Budapest", a.code()));
                    }
                }
                for &b in &ids[i + 1..] {
                    for castle_b in [false, true] {
                        if label_boxes(b, castle_b)
                            .into_iter()
                            .any(|bb| overlap(ba, bb))
                        {
                            clashes.push(format!(
                                "{} (castle {castle_a}) and {} (castle {castle_b})",
                                a.code(),
                                b.code()
                            ));
                        }
                    }
                }
            }
        }
    }
    clashes.dedup();
    assert!(clashes.is_empty(), "labels overlap: {clashes:?}");
}

// ---------------------------------------------------------------- bank (§8)

#[test]
fn bank_files_are_valid() {
    for set in [QuestionSet::Sample, QuestionSet::Full] {
        let banks = match bank::banks(set) {
            Ok(b) => b,
            Err(e) => panic!("{set:?} bank is invalid: {e}"),
        };
        for lang in Language::ALL {
            let b = banks.language(lang);
            assert!(!b.choice.is_empty() && !b.numeric.is_empty());
            for q in b.choice.iter().chain(&b.numeric) {
                assert_eq!(q.language, lang);
                assert!((1..=3).contains(&q.difficulty));
            }
        }
        // Both languages hold the same ids.
        let ids = |l: Language| -> HashSet<String> {
            let b = banks.language(l);
            b.choice
                .iter()
                .chain(&b.numeric)
                .map(|q| q.id.clone())
                .collect()
        };
        assert_eq!(ids(Language::En), ids(Language::Hu));
    }
    let sample = bank::banks(QuestionSet::Sample).unwrap();
    assert_eq!(
        sample.en.choice.len() + sample.en.numeric.len(),
        12,
        "a dozen ids"
    );
}

#[test]
fn bank_is_selected_by_language() {
    let en = bank::bank(QuestionSet::Sample, Language::En).unwrap();
    let hu = bank::bank(QuestionSet::Sample, Language::Hu).unwrap();
    let (kind, i) = en.find("smp-mc-geo-01").unwrap();
    let (kind2, j) = hu.find("smp-mc-geo-01").unwrap();
    assert_eq!(kind, kind2);
    assert_eq!(en.get(kind, i).unwrap().options()[0], "Danube");
    assert_eq!(hu.get(kind, j).unwrap().options()[0], "Duna");
    // A Hungarian game shows Hungarian text.
    let options = CampaignOptions {
        language: Language::Hu,
        ..opts()
    };
    let mut s = LongCampaign::new(&options, &mut setup_rng(1)).unwrap();
    pick(&mut s, "GS");
    pick(&mut s, "BA");
    pick(&mut s, "SZ");
    pick(&mut s, "VA"); // Red's expansion
    draw(&mut s);
    let v = LongCampaign::view(&s, RED as usize);
    let card = v.question().unwrap();
    let q = hu
        .get(QuestionKind::Choice, hu.find(&card.id).unwrap().1)
        .unwrap();
    assert_eq!(card.text, q.text);
}

fn file(text: &'static str) -> Vec<BankFile> {
    vec![BankFile {
        name: "t.json",
        text,
    }]
}

fn problems(text: &'static str) -> Vec<String> {
    match bank::load(&file(text)) {
        Ok(_) => Vec::new(),
        Err(e) => e.iter().map(|e| e.problem.clone()).collect(),
    }
}

const GOOD_PAIR: &str = r#"[
 {"id":"a","type":"choice","category":"sport","language":"en","difficulty":1,"text":"Q","options":["1","2","3","4"],"correctIndex":0},
 {"id":"a","type":"choice","category":"sport","language":"hu","difficulty":1,"text":"K","options":["1","2","3","4"],"correctIndex":0},
 {"id":"n","type":"numeric","category":"sport","language":"en","difficulty":2,"text":"Q","answer":5,"unit":""},
 {"id":"n","type":"numeric","category":"sport","language":"hu","difficulty":2,"text":"K","answer":5}
]"#;

#[test]
fn bank_validation_catches_every_problem() {
    assert!(problems(GOOD_PAIR).is_empty(), "{:?}", problems(GOOD_PAIR));
    let cases: &[(&'static str, &str)] = &[
        (
            r#"[{"id":"a","type":"choice","category":"sport","language":"en","difficulty":1,"text":"Q","options":["1","2","3"],"correctIndex":0}]"#,
            "exactly 4 options",
        ),
        (
            r#"[{"id":"a","type":"choice","category":"sport","language":"en","difficulty":1,"text":"Q","options":["1","2","3","1"],"correctIndex":0}]"#,
            "distinct",
        ),
        (
            r#"[{"id":"a","type":"choice","category":"sport","language":"en","difficulty":1,"text":"Q","options":["1","2","3","4"],"correctIndex":4}]"#,
            "correctIndex",
        ),
        (
            r#"[{"id":"a","type":"choice","category":"sport","language":"en","difficulty":1,"text":"Q","options":["1","2","3","4"]}]"#,
            "correctIndex",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":0}]"#,
            "positive integer",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":12.5}]"#,
            "positive integer",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":-3}]"#,
            "positive integer",
        ),
        (
            r#"[{"id":"n","type":"numeric","language":"en","difficulty":1,"text":"Q","answer":3}]"#,
            "category",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"cooking","language":"en","difficulty":1,"text":"Q","answer":3}]"#,
            "category",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","text":"Q","answer":3}]"#,
            "difficulty",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":4,"text":"Q","answer":3}]"#,
            "difficulty",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"de","difficulty":1,"text":"Q","answer":3}]"#,
            "language",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":3}]"#,
            "no Hungarian",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"hu","difficulty":1,"text":"Q","answer":3}]"#,
            "no English",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":3},
                {"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q2","answer":3}]"#,
            "duplicate id",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":3},
                {"id":"n","type":"numeric","category":"sport","language":"hu","difficulty":1,"text":"K","answer":4}]"#,
            "differ in answer",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":3},
                {"id":"n","type":"choice","category":"sport","language":"hu","difficulty":1,"text":"K","options":["1","2","3","4"],"correctIndex":0}]"#,
            "differ in type",
        ),
        (
            r#"[{"id":"n","type":"riddle","category":"sport","language":"en","difficulty":1,"text":"Q"}]"#,
            "\"type\"",
        ),
        (
            r#"[{"type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":3}]"#,
            "\"id\"",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":12345678901}]"#,
            "10 digits",
        ),
        (
            r#"[{"id":"a","type":"choice","category":"sport","language":"en","difficulty":1,"text":"Q","options":["1","2","3","4"],"correctIndex":0},
                {"id":"a","type":"choice","category":"sport","language":"hu","difficulty":1,"text":"K","options":["1","2","3","4"],"correctIndex":2}]"#,
            "different correct option",
        ),
        (
            r#"[{"id":"a","type":"choice","category":"sport","language":"en","difficulty":1,"text":"Q","options":["1","2","3","4"],"correctIndex":0,"sameFact":"x"},
                {"id":"a","type":"choice","category":"sport","language":"hu","difficulty":1,"text":"K","options":["1","2","3","4"],"correctIndex":0,"sameFact":"y"},
                {"id":"b","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":3,"sameFact":"x"},
                {"id":"b","type":"numeric","category":"sport","language":"hu","difficulty":1,"text":"K","answer":3,"sameFact":"x"}]"#,
            "differ in sameFact",
        ),
        (
            r#"[{"id":"a","type":"choice","category":"sport","language":"en","difficulty":1,"text":"Q","options":["1","2","3","4"],"correctIndex":0,"sameFact":"lonely"},
                {"id":"a","type":"choice","category":"sport","language":"hu","difficulty":1,"text":"K","options":["1","2","3","4"],"correctIndex":0,"sameFact":"lonely"}]"#,
            "no other question",
        ),
        (
            r#"[{"id":"n","type":"numeric","category":"sport","language":"en","difficulty":1,"text":"Q","answer":3,"sameFact":7}]"#,
            "sameFact",
        ),
        (r#"{"id":"n"}"#, "not a JSON array"),
        (r#"[{"id":"n",]"#, "not valid JSON"),
    ];
    for (text, expected) in cases {
        let found = problems(text);
        assert!(
            found.iter().any(|p| p.contains(expected)),
            "{text}\nexpected a problem mentioning {expected:?}, got {found:?}"
        );
    }
}

#[test]
fn bank_errors_name_the_file_and_question() {
    let files = [
        BankFile {
            name: "good.json",
            text: GOOD_PAIR,
        },
        BankFile {
            name: "bad.json",
            text: r#"[{"id":"a","type":"choice","category":"sport","language":"en","difficulty":1,"text":"Q","options":["1","2","3","4"],"correctIndex":1}]"#,
        },
    ];
    let errors = bank::load(&files).unwrap_err();
    assert!(
        errors
            .iter()
            .any(|e| e.file == "bad.json" && e.question == "a"),
        "{errors:?}"
    );
}

// ---------------------------------------------------------------- setup (§3)

#[test]
fn colours_are_dealt_at_random_and_red_picks_first() {
    let mut deals = HashSet::new();
    for seed in 0..60 {
        let o = CampaignOptions {
            colours: None,
            ..opts()
        };
        let s = LongCampaign::new(&o, &mut setup_rng(seed)).unwrap();
        let mut sorted = s.campaign.colours;
        sorted.sort();
        assert_eq!(sorted, [0, 1, 2]);
        assert_eq!(
            s.campaign.step,
            Step::Choose {
                seat: s.campaign.colours[0]
            }
        );
        deals.insert(s.campaign.colours);
    }
    assert_eq!(deals.len(), 6, "every deal of the colours occurs");
    let bad = CampaignOptions {
        colours: Some([0, 0, 1]),
        ..opts()
    };
    assert!(LongCampaign::new(&bad, &mut setup_rng(0)).is_err());
    let s = fresh();
    assert!(s.campaign.counties.iter().all(|x| *x == County::default()));
    assert_eq!(LongCampaign::seat_count(&s), 3);
}

// ---------------------------------------------------------------- phase 1 (§4.1)

#[test]
fn bases_are_picked_red_blue_green_and_never_adjacent() {
    let o = CampaignOptions {
        colours: Some([2, 0, 1]), // seat 2 is Red, 0 Blue, 1 Green
        ..opts()
    };
    let mut s = LongCampaign::new(&o, &mut setup_rng(0)).unwrap();
    assert_eq!(chooser(&s), 2);
    pick(&mut s, "PE");
    assert_eq!(chooser(&s), 0);
    let before = s.clone();
    for neighbour in ["KE", "FE", "BK", "JN", "HE", "NO", "PE"] {
        let err = LongCampaign::apply(
            &mut s,
            &CampaignAction::Pick {
                county: c(neighbour),
            },
        );
        assert!(matches!(err, Err(Illegal::Rule(_))), "{neighbour}");
        assert_eq!(s, before);
    }
    assert!(!s.campaign.base_options() & c("PE").neighbours() == c("PE").neighbours());
    pick(&mut s, "ZA");
    assert_eq!(chooser(&s), 1);
    pick(&mut s, "SZ");
    let pe = s.campaign.county(c("PE"));
    assert_eq!(
        (pe.owner, pe.value, pe.base, pe.towers),
        (Some(2), BASE_VALUE, true, TOWERS)
    );
    assert_eq!(s.campaign.scores(), [1000, 1000, 1000]);
    // No question in Phase 1; the expansion starts with round 1's first colour (Red).
    assert!(matches!(
        s.campaign.phase,
        Phase::Expansion { round: 1, turn: 0 }
    ));
    assert_eq!(chooser(&s), 2);
    assert_eq!(s.campaign.history[0].stage, Stage::Bases);
}

// ---------------------------------------------------------------- phase 2 (§4.2)

fn after_bases() -> CampaignState {
    let mut s = fresh();
    pick(&mut s, "GS");
    pick(&mut s, "BA");
    pick(&mut s, "SZ");
    s
}

#[test]
fn expansion_right_answer_takes_the_county_at_200_wrong_leaves_it_free() {
    let mut s = after_bases();
    assert_eq!(chooser(&s), RED);
    // Only free counties next to one's land.
    let err = LongCampaign::apply(&mut s, &CampaignAction::Pick { county: c("PE") });
    assert!(matches!(err, Err(Illegal::Rule(ref m)) if m.contains("border")));
    pick(&mut s, "VA");
    assert_eq!(
        s.ask.unwrap().answerers.as_slice(),
        &[RED],
        "H7: Red answers alone"
    );
    draw(&mut s);
    assert_eq!(s.ask.unwrap().kind, QuestionKind::Choice);
    right(&mut s);
    let va = s.campaign.county(c("VA"));
    assert_eq!((va.owner, va.value), (Some(RED), EXPANSION_VALUE));
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::Claimed { seat: RED, .. }
    ));
    // Round 1 order: Red, Green, Blue.
    assert_eq!(chooser(&s), GREEN);
    pick(&mut s, "HB");
    draw(&mut s);
    wrong(&mut s);
    assert_eq!(s.campaign.county(c("HB")).owner, None);
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::Missed { .. }
    ));
    assert_eq!(chooser(&s), BLUE);
    pick(&mut s, "TO");
    draw(&mut s);
    silent(&mut s); // no answer counts as wrong
    assert_eq!(s.campaign.county(c("TO")).owner, None);
    assert!(matches!(
        s.campaign.phase,
        Phase::Expansion { round: 2, turn: 0 }
    ));
    assert_eq!(s.campaign.scores(), [1200, 1000, 1000]);
}

/// Plays choices with `choose` and answers every choice question with `answer_mc`, numeric ones
/// closest-first by colour; returns the choosers of each Expansion/War turn in order.
fn run_turns(
    s: &mut CampaignState,
    mut answer_mc: impl FnMut(&mut CampaignState),
    until: impl Fn(&CampaignState) -> bool,
) -> Vec<(Phase, u8)> {
    let mut turns = Vec::new();
    let mut rng = Rng::seed_from_u64(5);
    while !until(s) && s.campaign.step != Step::Over {
        match s.campaign.step {
            Step::Choose { seat } => {
                if matches!(
                    s.campaign.phase,
                    Phase::Expansion { .. } | Phase::War { .. }
                ) {
                    turns.push((s.campaign.phase, seat));
                }
                let legal = s.campaign.legal_choices(seat);
                let a = legal[rng.random_range(0..legal.len())];
                play(s, a);
            }
            Step::Answer { .. } => match s.ask.unwrap().kind {
                QuestionKind::Choice => answer_mc(s),
                QuestionKind::Numeric => guess(s, 0, 1000),
            },
            _ => draw(s),
        }
    }
    turns
}

/// §4.2's round order table, written out: Red 0, Blue 1, Green 2.
const SPEC_TABLE: [[u8; 3]; 6] = [
    [RED, GREEN, BLUE],
    [GREEN, BLUE, RED],
    [BLUE, RED, GREEN],
    [RED, BLUE, GREEN],
    [GREEN, RED, BLUE],
    [BLUE, GREEN, RED],
];

#[test]
fn the_round_order_table_is_the_spec_s_and_fair() {
    let table: Vec<Vec<u8>> = ROUND_ORDER
        .iter()
        .map(|row| row.iter().map(|&col| col as u8).collect())
        .collect();
    assert_eq!(table, SPEC_TABLE.map(|r| r.to_vec()).to_vec());
    // H8: each colour takes each position exactly twice.
    for position in 0..3 {
        for colour in 0..3u8 {
            let n = SPEC_TABLE
                .iter()
                .filter(|row| row[position] == colour)
                .count();
            assert_eq!(n, 2);
        }
    }
}

#[test]
fn expansion_follows_the_round_order_table_for_six_rounds() {
    let mut s = after_bases();
    let turns = run_turns(&mut s, wrong, |s| s.campaign.phase == Phase::Division);
    let seats: Vec<u8> = turns.iter().map(|t| t.1).collect();
    let expected: Vec<u8> = SPEC_TABLE.concat();
    assert_eq!(
        seats, expected,
        "18 turns, table order (seat = colour here)"
    );
    assert_eq!(
        s.campaign.free().count_ones(),
        16,
        "all wrong: nothing taken"
    );
    assert!(s.ask.is_some_and(|a| a.purpose == Purpose::Division));
}

#[test]
fn expansion_skips_a_player_without_options_and_ends_when_the_map_is_full() {
    // H6. Green's base is boxed in: SZ's neighbours BZ and HB are Red's.
    let mut s = fresh();
    for (code, seat) in [
        ("GS", RED),
        ("BZ", RED),
        ("HB", RED),
        ("BA", BLUE),
        ("SZ", GREEN),
    ] {
        s.campaign.counties[c(code).index()] = County {
            owner: Some(seat),
            value: 200,
            ..Default::default()
        };
    }
    s.expansion_turn_for_tests(1, 0);
    assert_eq!(chooser(&s), RED);
    pick(&mut s, "VA");
    draw(&mut s);
    wrong(&mut s);
    assert_eq!(
        chooser(&s),
        BLUE,
        "Green (2nd in round 1) has no option and skips"
    );
    // Fill the map but one county next to Blue: Blue's claim ends Phase 2 and Phase 3 at once.
    for id in CountyId::all() {
        if s.campaign.county(id).owner.is_none() && id != c("TO") {
            s.campaign.counties[id.index()] = County {
                owner: Some(RED),
                value: 200,
                ..Default::default()
            };
        }
    }
    pick(&mut s, "TO");
    draw(&mut s);
    right(&mut s);
    assert!(
        matches!(s.campaign.phase, Phase::War { round: 1, .. }),
        "{:?}",
        s.campaign.phase
    );
    let stages: Vec<Stage> = s.campaign.history.iter().map(|h| h.stage).collect();
    assert_eq!(stages, vec![Stage::Expansion, Stage::Division]);
}

// ---------------------------------------------------------------- phase 3 (§4.3)

#[test]
fn numeric_ranking_closest_then_faster_then_the_draw() {
    let all = SeatList::new(&[0, 1, 2]);
    let g = |v: Option<u64>, ms: u32| Some(Given::Guess { value: v, ms });
    // Closest wins regardless of time.
    let r = rank_numeric(
        all,
        &[g(Some(100), 9000), g(Some(90), 1000), g(Some(120), 500)],
        101,
        [2, 1, 0],
    );
    assert_eq!(r.as_slice(), &[0, 1, 2]);
    // Equal distance (either side): the faster.
    let r = rank_numeric(
        all,
        &[g(Some(95), 3000), g(Some(105), 2000), g(Some(0), 1)],
        100,
        [0, 1, 2],
    );
    assert_eq!(r.as_slice(), &[1, 0, 2]);
    // Same distance and time: the seeded lots.
    let r = rank_numeric(
        all,
        &[g(Some(95), 3000), g(Some(105), 3000), None],
        100,
        [2, 1, 0],
    );
    assert_eq!(r.as_slice(), &[1, 0, 2]);
    // No answer ranks after every answer, in lot order; a timed-out guess counts as none.
    let r = rank_numeric(
        all,
        &[None, g(None, 10_000), g(Some(1_000_000), 9999)],
        5,
        [1, 0, 2],
    );
    assert_eq!(r.as_slice(), &[2, 1, 0]);
    let r = rank_numeric(all, &[None, None, None], 5, [2, 0, 1]);
    assert_eq!(
        r.as_slice(),
        &[2, 0, 1],
        "nobody answered: the draw decides"
    );
}

#[test]
fn division_winner_picks_next_to_its_land_else_anywhere_at_300() {
    let mut s = fresh();
    for (code, seat) in [("GS", RED), ("BA", BLUE), ("SZ", GREEN)] {
        s.campaign.counties[c(code).index()] = County {
            owner: Some(seat),
            value: BASE_VALUE,
            base: true,
            towers: 3,
            ruined: false,
        };
    }
    s.division_for_tests();
    let ask = s.ask.unwrap();
    assert_eq!(
        ask.answerers.as_slice(),
        &[RED, BLUE, GREEN],
        "colour order"
    );
    draw(&mut s);
    // Red far off, Blue close but slow, Green equally close and faster: Green wins.
    guess(&mut s, 1000, 100);
    guess(&mut s, -3, 5000);
    guess(&mut s, 3, 4000);
    assert_eq!(chooser(&s), GREEN);
    let reveal = s.campaign.reveal_details().unwrap();
    assert_eq!(reveal.answers[2].place, Some(0));
    assert_eq!(reveal.answers[1].distance, Some(3));
    assert_eq!(reveal.answers[0].place, Some(2));
    // Must pick next to SZ when possible.
    let legal: Vec<CountyId> = s.campaign.target_counties(GREEN);
    assert_eq!(legal, vec![c("BZ"), c("HB")]);
    let err = LongCampaign::apply(&mut s, &CampaignAction::Pick { county: c("PE") });
    assert!(matches!(err, Err(Illegal::Rule(_))));
    pick(&mut s, "HB");
    assert_eq!(s.campaign.county(c("HB")).value, DIVISION_VALUE);
    assert!(
        s.ask.is_some_and(|a| a.purpose == Purpose::Division),
        "next question"
    );
    // A winner boxed in may pick anywhere.
    for code in ["BZ", "JN", "BE"] {
        s.campaign.counties[c(code).index()] = County {
            owner: Some(RED),
            value: 300,
            ..Default::default()
        };
    }
    draw(&mut s);
    guess(&mut s, 50, 1000);
    guess(&mut s, 50, 1000);
    guess(&mut s, 0, 9000);
    assert_eq!(chooser(&s), GREEN);
    assert_eq!(
        s.campaign.division_options(GREEN),
        s.campaign.free(),
        "no free county next to Green: any free county"
    );
}

// ---------------------------------------------------------------- phase 4 (§4.4, §4.0)

fn attack(s: &mut CampaignState, code: &str) {
    play(s, CampaignAction::Attack { county: c(code) });
    draw(s);
}

#[test]
fn battle_attacker_wrong_defender_right_holds_with_the_bonus() {
    let mut s = war_state();
    let blue_before = s.campaign.score(BLUE);
    attack(&mut s, "TO");
    assert_eq!(
        s.ask.unwrap().answerers.as_slice(),
        &[RED, BLUE],
        "attacker first"
    );
    assert_eq!(answering(&s), RED);
    wrong(&mut s);
    assert_eq!(answering(&s), BLUE);
    right(&mut s);
    // LC-9: the bonus goes to Blue, the county keeps its value.
    let to = s.campaign.county(c("TO"));
    assert_eq!((to.owner, to.value), (Some(BLUE), DIVISION_VALUE));
    assert_eq!(s.campaign.players[BLUE as usize].bonus, DEFENCE_BONUS);
    assert_eq!(s.campaign.score(BLUE), blue_before + DEFENCE_BONUS);
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::Held { bonus: true, .. }
    ));
    // Round 1: Red, Green, Blue.
    assert_eq!(chooser(&s), GREEN);
}

#[test]
fn battle_both_wrong_defender_holds_without_bonus() {
    let mut s = war_state();
    attack(&mut s, "TO");
    wrong(&mut s);
    silent(&mut s);
    assert_eq!(s.campaign.county(c("TO")).value, DIVISION_VALUE);
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::Held { bonus: false, .. }
    ));
}

#[test]
fn battle_attacker_right_defender_wrong_captures_at_400() {
    let mut s = war_state();
    let (red, blue) = (s.campaign.score(RED), s.campaign.score(BLUE));
    attack(&mut s, "TO");
    right(&mut s);
    wrong(&mut s);
    let to = s.campaign.county(c("TO"));
    assert_eq!((to.owner, to.value), (Some(RED), CAPTURE_VALUE));
    assert_eq!(s.campaign.score(RED), red + CAPTURE_VALUE);
    assert_eq!(s.campaign.score(BLUE), blue - DIVISION_VALUE);
}

#[test]
fn battle_both_right_goes_to_a_numeric_decider() {
    // Closer attacker wins.
    let mut s = war_state();
    attack(&mut s, "TO");
    right(&mut s);
    right(&mut s);
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::Decider
    ));
    let ask = s.ask.unwrap();
    assert_eq!(ask.kind, QuestionKind::Numeric);
    assert_eq!(ask.answerers.as_slice(), &[RED, BLUE]);
    draw(&mut s);
    guess(&mut s, 1, 9000);
    guess(&mut s, -2, 1000);
    assert_eq!(s.campaign.county(c("TO")).owner, Some(RED));

    // Closer defender wins and, having been right, gets the bonus.
    let mut s = war_state();
    attack(&mut s, "TO");
    right(&mut s);
    right(&mut s);
    draw(&mut s);
    guess(&mut s, 5, 1000);
    guess(&mut s, -4, 9000);
    let to = s.campaign.county(c("TO"));
    assert_eq!((to.owner, to.value), (Some(BLUE), DIVISION_VALUE));
    assert_eq!(s.campaign.players[BLUE as usize].bonus, DEFENCE_BONUS);

    // Equal distance: the faster one.
    let mut s = war_state();
    attack(&mut s, "TO");
    right(&mut s);
    right(&mut s);
    draw(&mut s);
    guess(&mut s, 3, 2000);
    guess(&mut s, -3, 2001);
    assert_eq!(s.campaign.county(c("TO")).owner, Some(RED));

    // Neither answers the decider: the defender keeps the county.
    let mut s = war_state();
    attack(&mut s, "TO");
    right(&mut s);
    right(&mut s);
    draw(&mut s);
    play(
        &mut s,
        CampaignAction::Guess {
            value: None,
            ms: 10_000,
        },
    );
    play(
        &mut s,
        CampaignAction::Guess {
            value: None,
            ms: 10_000,
        },
    );
    assert_eq!(s.campaign.county(c("TO")).owner, Some(BLUE));

    // Only the attacker answers: it wins however far off.
    let mut s = war_state();
    attack(&mut s, "TO");
    right(&mut s);
    right(&mut s);
    draw(&mut s);
    guess(&mut s, 1_000_000, 9000);
    play(
        &mut s,
        CampaignAction::Guess {
            value: None,
            ms: 10_000,
        },
    );
    assert_eq!(s.campaign.county(c("TO")).owner, Some(RED));
}

#[test]
fn decider_exact_tie_is_settled_by_the_drawn_lots() {
    for lots in [[RED, BLUE, GREEN], [BLUE, RED, GREEN]] {
        let mut s = war_state();
        attack(&mut s, "TO");
        right(&mut s);
        right(&mut s);
        play(&mut s, CampaignAction::DrawNumeric { question: 0, lots });
        guess(&mut s, 7, 3000);
        guess(&mut s, 7, 3000);
        let winner = if lots[0] == RED { RED } else { BLUE };
        assert_eq!(s.campaign.county(c("TO")).owner, Some(winner), "{lots:?}");
    }
}

#[test]
fn a_defended_county_captured_later_gives_400_and_the_defender_keeps_the_bonus() {
    // LC-9: "a védő 100 pont védekezési bónuszt kap" — the player, not the county.
    let mut s = war_state();
    let (red, blue) = (s.campaign.score(RED), s.campaign.score(BLUE));
    attack(&mut s, "TO");
    wrong(&mut s);
    right(&mut s);
    assert_eq!(s.campaign.county(c("TO")).value, DIVISION_VALUE);
    assert_eq!(s.campaign.score(BLUE), blue + DEFENCE_BONUS);
    // Red attacks TO again and takes it: Red gains 400, Blue loses only the county's 300.
    s.campaign.step = Step::Choose { seat: RED };
    attack(&mut s, "TO");
    right(&mut s);
    wrong(&mut s);
    let to = s.campaign.county(c("TO"));
    assert_eq!((to.owner, to.value), (Some(RED), CAPTURE_VALUE));
    assert_eq!(s.campaign.score(RED), red + CAPTURE_VALUE);
    assert_eq!(s.campaign.players[BLUE as usize].bonus, DEFENCE_BONUS);
    assert_eq!(s.campaign.players[RED as usize].bonus, 0);
    assert_eq!(
        s.campaign.score(BLUE),
        blue - DIVISION_VALUE + DEFENCE_BONUS,
        "the bonus stays with the defender"
    );
}

#[test]
fn war_targets_are_adjacent_enemy_counties_and_the_own_base_when_damaged() {
    let s = war_state();
    let targets = s.campaign.target_counties(RED);
    let expected: Vec<CountyId> = ["TO", "BA", "PE", "BK"].iter().map(|x| c(x)).collect();
    let mut sorted = expected.clone();
    sorted.sort();
    assert_eq!(targets, sorted);
    assert!(
        !s.campaign
            .legal_choices(RED)
            .contains(&CampaignAction::Rebuild),
        "3 towers"
    );
    let mut t = s.clone();
    let err = LongCampaign::apply(&mut t, &CampaignAction::Attack { county: c("SZ") });
    assert!(
        matches!(err, Err(Illegal::Rule(ref m)) if m.contains("border")),
        "{err:?}"
    );
    let err = LongCampaign::apply(&mut t, &CampaignAction::Attack { county: c("VA") });
    assert!(matches!(err, Err(Illegal::Rule(ref m)) if m.contains("yours")));
    let err = LongCampaign::apply(&mut t, &CampaignAction::Rebuild);
    assert!(matches!(err, Err(Illegal::Rule(ref m)) if m.contains("1 or 2")));
    let err = LongCampaign::apply(&mut t, &CampaignAction::Pick { county: c("TO") });
    assert!(err.is_err());
    assert_eq!(t, s, "refusals change nothing");
}

#[test]
fn war_turns_follow_the_table_and_the_war_lasts_six_rounds() {
    // H8: the expansion table again. Every attacker answers wrong, so nothing changes hands.
    let mut s = war_state();
    let turns = run_turns(
        &mut s,
        |s| {
            let attacker = matches!(s.ask.unwrap().purpose, Purpose::Battle { attacker, .. } if attacker == answering(s));
            if attacker {
                wrong(s)
            } else {
                right(s)
            }
        },
        |_| false,
    );
    let seats: Vec<u8> = turns.iter().map(|t| t.1).collect();
    let expected: Vec<u8> = SPEC_TABLE.concat();
    assert_eq!(seats, expected);
    assert_eq!(s.campaign.phase, Phase::Over);
    let rounds: Vec<Stage> = s.campaign.history.iter().map(|h| h.stage).collect();
    assert_eq!(
        rounds,
        (1..=6)
            .map(|round| Stage::WarRound { round })
            .collect::<Vec<_>>()
    );
}

#[test]
fn towers_fall_one_per_battle_stay_down_and_can_be_rebuilt() {
    let mut s = war_state();
    // Red besieges Blue's base at BA (via SO).
    attack(&mut s, "BA");
    right(&mut s);
    wrong(&mut s);
    assert_eq!(s.campaign.county(c("BA")).towers, 2);
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::TowerDown { towers: 2, .. }
    ));
    // The siege goes on with a fresh question; it cannot be stopped.
    assert_eq!(s.campaign.step, Step::Draw);
    let first = s.campaign.last_reveal.unwrap().question.index;
    draw(&mut s);
    assert_ne!(
        s.ask.unwrap().question.unwrap().index,
        first,
        "a new question"
    );
    right(&mut s);
    wrong(&mut s);
    assert_eq!(s.campaign.county(c("BA")).towers, 1);
    draw(&mut s);
    wrong(&mut s); // Red misses: Blue holds; Blue was right → +100 to Blue, not to the base
    right(&mut s);
    let ba = *s.campaign.county(c("BA"));
    assert_eq!((ba.towers, ba.value, ba.owner), (1, BASE_VALUE, Some(BLUE)));
    assert_eq!(s.campaign.players[BLUE as usize].bonus, DEFENCE_BONUS);
    assert_eq!(chooser(&s), GREEN, "the attack is over");
    // Green attacks elsewhere; towers stay down.
    attack(&mut s, "BK");
    wrong(&mut s);
    wrong(&mut s);
    assert_eq!(chooser(&s), BLUE);
    assert_eq!(
        s.campaign.county(c("BA")).towers,
        1,
        "fallen towers stay down"
    );
    // Blue rebuilds: a question for Blue alone.
    assert!(s
        .campaign
        .legal_choices(BLUE)
        .contains(&CampaignAction::Rebuild));
    play(&mut s, CampaignAction::Rebuild);
    draw(&mut s);
    assert_eq!(s.ask.unwrap().answerers.as_slice(), &[BLUE]);
    right(&mut s);
    assert_eq!(s.campaign.county(c("BA")).towers, 2);
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::Rebuilt {
            seat: BLUE,
            towers: 2
        }
    ));
    assert_eq!(
        (s.campaign.county(c("BA")).value, s.campaign.score(BLUE)),
        (BASE_VALUE, total_values(&s, BLUE) + DEFENCE_BONUS),
        "no points change"
    );
    // Round 2 begins with Green.
    assert_eq!(s.campaign.phase, Phase::War { round: 2, turn: 0 });
    assert_eq!(chooser(&s), GREEN);
    // A failed rebuild changes nothing.
    let mut t = s.clone();
    t.campaign.step = Step::Choose { seat: BLUE };
    play(&mut t, CampaignAction::Rebuild);
    draw(&mut t);
    wrong(&mut t);
    assert_eq!(t.campaign.county(c("BA")).towers, 2);
    assert!(matches!(
        t.campaign.last_reveal.unwrap().effect,
        Effect::RebuildFailed { seat: BLUE }
    ));
}

#[test]
fn a_fallen_base_eliminates_and_hands_over_every_county() {
    let mut s = war_state();
    s.campaign.counties[c("BA").index()].towers = 1;
    s.campaign.counties[c("TO").index()].value = 500; // a defended county keeps its value
    let blue_land = s.campaign.territory(BLUE);
    let (red, blue) = (s.campaign.score(RED), s.campaign.score(BLUE));
    attack(&mut s, "BA");
    right(&mut s);
    wrong(&mut s);
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::BaseFell {
            attacker: RED,
            defender: BLUE,
            ..
        }
    ));
    let p = s.campaign.players[BLUE as usize];
    assert!(!p.alive);
    assert_eq!(p.eliminated, Some(1));
    assert_eq!(s.campaign.territory(BLUE), 0);
    assert_eq!(s.campaign.territory(RED) & blue_land, blue_land);
    assert_eq!(s.campaign.county(c("TO")).value, 500, "values unchanged");
    let ba = *s.campaign.county(c("BA"));
    assert_eq!(
        (ba.base, ba.ruined, ba.towers, ba.value),
        (true, true, 0, BASE_VALUE)
    );
    assert_eq!(s.campaign.score(RED), red + blue);
    assert_eq!(s.campaign.score(BLUE), 0);
    assert_eq!(s.campaign.living_base(RED), Some(c("GS")));
    // A ruined base is an ordinary county: Green takes it at 400 with one battle.
    assert_eq!(chooser(&s), GREEN);
    // Make BA reachable for Green: give Green BK.
    s.campaign.counties[c("BK").index()].owner = Some(GREEN);
    attack(&mut s, "BA");
    right(&mut s);
    wrong(&mut s);
    let ba = *s.campaign.county(c("BA"));
    assert_eq!(
        (ba.owner, ba.value, ba.ruined),
        (Some(GREEN), CAPTURE_VALUE, true)
    );
    // Blue's turn (3rd in round 1) is skipped: round 2 starts with Green.
    assert_eq!(s.campaign.phase, Phase::War { round: 2, turn: 0 });
    assert_eq!(chooser(&s), GREEN);
}

#[test]
fn a_defended_base_that_falls_gives_1000_plus_the_counties_and_the_bonus_goes_nowhere() {
    // LC-9: "Egy bázismegye ledöntése 1000 pontot ér"; "Ezt a védekezési bónuszt a játékos
    // legyőzésével nem lehet megszerezni."
    let mut s = war_state();
    // Blue defends its base twice, right both times (Red misses).
    for _ in 0..2 {
        s.campaign.step = Step::Choose { seat: RED };
        attack(&mut s, "BA");
        wrong(&mut s);
        right(&mut s);
    }
    assert_eq!(s.campaign.county(c("BA")).value, BASE_VALUE);
    assert_eq!(s.campaign.players[BLUE as usize].bonus, 2 * DEFENCE_BONUS);
    // Now the base falls in one siege of three battles.
    let red = s.campaign.score(RED);
    let blue_counties = total_values(&s, BLUE);
    let others = blue_counties - BASE_VALUE;
    s.campaign.step = Step::Choose { seat: RED };
    attack(&mut s, "BA");
    for _ in 0..3 {
        right(&mut s);
        wrong(&mut s);
        if s.campaign.step == Step::Draw {
            draw(&mut s);
        }
    }
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::BaseFell {
            attacker: RED,
            defender: BLUE,
            ..
        }
    ));
    assert_eq!(s.campaign.county(c("BA")).value, BASE_VALUE);
    assert_eq!(s.campaign.score(RED), red + BASE_VALUE + others);
    assert_eq!(s.campaign.players[RED as usize].bonus, 0, "not passed on");
    assert_eq!(s.campaign.players[BLUE as usize].bonus, 0, "gone");
    assert_eq!(s.campaign.score(BLUE), 0);
}

#[test]
fn records_made_under_the_county_bonus_replay_under_the_player_bonus() {
    // Records from before LC-9 name `defence_bonus_to`; the field is ignored and the game
    // replays with the bonus on the player.
    for text in [
        include_str!("../../../tests/records/valid/long-campaign-greedy-vs-random-full.json"),
        include_str!("../../../tests/records/valid/long-campaign-hu-player-bonus-full.json"),
    ] {
        assert!(text.contains("defence_bonus_to"));
        let m = Match::<LongCampaign>::from_json(text).expect("replays");
        let s = m.state();
        let held = m
            .history()
            .iter()
            .filter_map(|st| st.campaign.last_reveal)
            .filter(|r| matches!(r.effect, Effect::Held { bonus: true, .. }))
            .count();
        assert!(held > 0, "the record has defences with a bonus");
        for id in CountyId::all() {
            let x = s.campaign.county(id);
            assert!(
                [
                    0,
                    EXPANSION_VALUE,
                    DIVISION_VALUE,
                    CAPTURE_VALUE,
                    BASE_VALUE
                ]
                .contains(&x.value),
                "{id:?} worth {}: no bonus on a county",
                x.value
            );
        }
        let bonuses: u32 = s.campaign.players.iter().map(|p| p.bonus).sum();
        assert!(bonuses > 0 || s.campaign.alive_count() < 3);
    }
}

#[test]
fn the_last_player_standing_ends_the_game_at_once() {
    // H12, H13: Green already out; Red takes Blue's base in round 1.
    let mut s = war_state();
    for id in CountyId::all() {
        if s.campaign.county(id).owner == Some(GREEN) {
            s.campaign.counties[id.index()].owner = Some(RED);
        }
    }
    s.campaign.counties[c("HB").index()].ruined = true;
    s.campaign.counties[c("HB").index()].towers = 0;
    s.campaign.players[GREEN as usize].alive = false;
    s.campaign.players[GREEN as usize].eliminated = Some(1);
    s.campaign.counties[c("BA").index()].towers = 1;
    attack(&mut s, "BA");
    right(&mut s);
    wrong(&mut s);
    assert_eq!(s.campaign.phase, Phase::Over);
    assert_eq!(LongCampaign::to_move(&s), ToMove::Over);
    let o = LongCampaign::outcome(&s).unwrap();
    assert_eq!(
        o.ranks,
        vec![0, 1, 2],
        "Red alone first, Blue (out 2nd) above Green (out 1st)"
    );
    assert_eq!(o.scores[RED as usize], total_values(&s, RED) as f64);
    assert_eq!(o.scores[BLUE as usize], 0.0);
    assert_eq!(s.campaign.players[BLUE as usize].eliminated, Some(2));
    assert_eq!(
        s.campaign.history.last().map(|h| h.stage),
        Some(Stage::WarRound { round: 1 })
    );
    assert!(LongCampaign::apply(&mut s, &CampaignAction::Rebuild) == Err(Illegal::GameOver));
}

/// War round 6, Red's turn (the last of the game); the attack on TO fails without a bonus.
fn last_turn(values: [(u8, u32); 3]) -> CampaignState {
    let mut s = war_state();
    s.campaign.phase = Phase::War { round: 6, turn: 2 };
    s.campaign.step = Step::Choose { seat: RED };
    // Put each seat's total into its base value.
    for (seat, total) in values {
        let base = s.campaign.living_base(seat).unwrap();
        let rest = total_values(&s, seat) - s.campaign.county(base).value;
        s.campaign.counties[base.index()].value = total - rest;
    }
    attack(&mut s, "TO");
    wrong(&mut s);
    wrong(&mut s);
    s
}

#[test]
fn ranking_is_by_score_after_the_last_war_turn() {
    let s = last_turn([(RED, 3000), (BLUE, 5000), (GREEN, 4000)]);
    assert_eq!(s.campaign.phase, Phase::Over);
    assert_eq!(s.campaign.ranking, Some([BLUE, GREEN, RED]));
    let o = LongCampaign::outcome(&s).unwrap();
    assert_eq!(o.ranks, vec![2, 0, 1]);
    assert_eq!(o.scores, vec![3000.0, 5000.0, 4000.0]);
}

#[test]
fn tied_living_players_take_a_numeric_tie_break() {
    let mut s = last_turn([(RED, 3000), (BLUE, 4000), (GREEN, 4000)]);
    assert_eq!(s.campaign.phase, Phase::TieBreak);
    let ask = s.ask.unwrap();
    assert_eq!(
        (ask.purpose, ask.kind),
        (Purpose::TieBreak, QuestionKind::Numeric)
    );
    assert_eq!(ask.answerers.as_slice(), &[BLUE, GREEN], "colour order");
    draw(&mut s);
    guess(&mut s, 10, 1000);
    guess(&mut s, -9, 5000);
    assert_eq!(s.campaign.ranking, Some([GREEN, BLUE, RED]));
    assert!(matches!(
        s.campaign.last_reveal.unwrap().effect,
        Effect::TieBroken
    ));
    assert_eq!(LongCampaign::outcome(&s).unwrap().ranks, vec![2, 1, 0]);

    // A three-way tie, still tied exactly after the question: the lots.
    let mut s = last_turn([(RED, 4000), (BLUE, 4000), (GREEN, 4000)]);
    assert_eq!(s.ask.unwrap().answerers.as_slice(), &[RED, BLUE, GREEN]);
    play(
        &mut s,
        CampaignAction::DrawNumeric {
            question: 1,
            lots: [GREEN, RED, BLUE],
        },
    );
    for _ in 0..3 {
        guess(&mut s, 0, 2500);
    }
    assert_eq!(s.campaign.ranking, Some([GREEN, RED, BLUE]));

    // A tie for the last place counts too (one tied group at most).
    let mut s = last_turn([(RED, 3000), (BLUE, 3000), (GREEN, 5000)]);
    assert_eq!(s.ask.unwrap().answerers.as_slice(), &[RED, BLUE]);
    draw(&mut s);
    guess(&mut s, 100, 1000);
    guess(&mut s, 0, 1000);
    assert_eq!(s.campaign.ranking, Some([GREEN, BLUE, RED]));
}

#[test]
fn eliminated_players_rank_below_the_living_later_elimination_higher() {
    let mut s = war_state();
    s.campaign.players[GREEN as usize].alive = false;
    s.campaign.players[GREEN as usize].eliminated = Some(1);
    for id in CountyId::all() {
        if s.campaign.county(id).owner == Some(GREEN) {
            s.campaign.counties[id.index()].owner = Some(BLUE);
        }
    }
    s.campaign.counties[c("HB").index()].ruined = true;
    s.campaign.counties[c("HB").index()].towers = 0;
    let s = {
        let mut t = s;
        t.campaign.phase = Phase::War { round: 6, turn: 2 };
        t.campaign.step = Step::Choose { seat: RED };
        attack(&mut t, "TO");
        wrong(&mut t);
        wrong(&mut t);
        t
    };
    let blue_first = s.campaign.score(BLUE) > s.campaign.score(RED);
    let r = s.campaign.ranking.unwrap();
    assert_eq!(r[2], GREEN);
    assert_eq!(r[0], if blue_first { BLUE } else { RED });
}

// ---------------------------------------------------------------- timers (§3.4, H4)

#[test]
fn a_late_answer_counts_as_none() {
    let mut s = war_state();
    attack(&mut s, "TO");
    let o = correct(&s);
    play(
        &mut s,
        CampaignAction::Answer {
            option: Some(o),
            ms: 10_001,
        },
    );
    right(&mut s);
    assert_eq!(
        s.campaign.county(c("TO")).owner,
        Some(BLUE),
        "late = no answer = wrong"
    );
    let r = s.campaign.last_reveal.unwrap();
    assert_eq!(
        r.answers[RED as usize],
        Some(Given::Choice {
            option: None,
            ms: 10_001
        })
    );
    // Relaxed allows 20 s; off has no limit.
    for (timer, ms, counted) in [
        (Timer::Relaxed, 19_000, true),
        (Timer::Relaxed, 20_500, false),
        (Timer::Off, 90_000, true),
    ] {
        let mut s = war_state();
        s.campaign.options.timer = timer;
        attack(&mut s, "TO");
        let o = correct(&s);
        play(
            &mut s,
            CampaignAction::Answer {
                option: Some(o),
                ms,
            },
        );
        wrong(&mut s);
        assert_eq!(
            s.campaign.county(c("TO")).owner == Some(RED),
            counted,
            "{timer:?} {ms}"
        );
    }
}

#[test]
fn a_choice_timeout_makes_a_random_legal_choice() {
    let mut seen = HashSet::new();
    for k in 0..40 {
        let mut s = war_state();
        play(&mut s, CampaignAction::TimeUp);
        assert_eq!(LongCampaign::to_move(&s), ToMove::Chance);
        let a = LongCampaign::sample_chance(&s, &mut chance_rng(k, 3));
        assert!(war_state().campaign.legal_choices(RED).contains(&a));
        seen.insert(a);
        // Only a legal choice is accepted as the outcome.
        let mut t = s.clone();
        assert!(LongCampaign::apply(&mut t, &CampaignAction::Attack { county: c("SZ") }).is_err());
        assert!(LongCampaign::apply(
            &mut t,
            &CampaignAction::Answer {
                option: Some(0),
                ms: 1
            }
        )
        .is_err());
        assert_eq!(t, s);
        play(&mut s, a);
        assert_eq!(s.campaign.step, Step::Draw);
    }
    assert!(seen.len() > 1, "random");
    let mut s = war_state();
    s.campaign.options.timer = Timer::Off;
    assert!(LongCampaign::apply(&mut s, &CampaignAction::TimeUp).is_err());
}

// ---------------------------------------------------------------- illegal actions

#[test]
fn wrong_kinds_and_out_of_turn_actions_are_refused_without_change() {
    let mut s = war_state();
    let checks = |s: &mut CampaignState, bad: &[CampaignAction]| {
        for a in bad {
            let before = s.clone();
            assert!(
                LongCampaign::apply(s, a).is_err(),
                "{a:?} at {:?}",
                s.campaign.step
            );
            assert_eq!(*s, before);
        }
    };
    checks(
        &mut s,
        &[
            CampaignAction::Answer {
                option: Some(0),
                ms: 1,
            },
            CampaignAction::Guess {
                value: Some(1),
                ms: 1,
            },
            CampaignAction::DrawChoice {
                question: 0,
                order: [0, 1, 2, 3],
            },
            CampaignAction::Attack {
                county: CountyId(40),
            },
        ],
    );
    play(&mut s, CampaignAction::Attack { county: c("TO") });
    checks(
        &mut s,
        &[
            CampaignAction::Rebuild,
            CampaignAction::Answer {
                option: Some(0),
                ms: 1,
            },
            CampaignAction::DrawNumeric {
                question: 0,
                lots: [0, 1, 2],
            },
            CampaignAction::DrawChoice {
                question: 999,
                order: [0, 1, 2, 3],
            },
            CampaignAction::DrawChoice {
                question: 0,
                order: [0, 1, 1, 3],
            },
        ],
    );
    draw(&mut s);
    checks(
        &mut s,
        &[
            CampaignAction::Guess {
                value: Some(5),
                ms: 1,
            },
            CampaignAction::Answer {
                option: Some(4),
                ms: 1,
            },
            CampaignAction::Attack { county: c("TO") },
            CampaignAction::TimeUp,
            CampaignAction::DrawChoice {
                question: 0,
                order: [0, 1, 2, 3],
            },
        ],
    );
    right(&mut s);
    right(&mut s);
    draw(&mut s);
    checks(
        &mut s,
        &[
            CampaignAction::Answer {
                option: Some(1),
                ms: 1,
            },
            CampaignAction::Guess {
                value: Some(10_000_000_000),
                ms: 1,
            },
        ],
    );
}

// ---------------------------------------------------------------- questions (§3.3, §8.1)

#[test]
fn options_are_shuffled_once_and_shown_alike_to_every_seat() {
    let mut orders = HashSet::new();
    for k in 0..30 {
        let mut s = war_state();
        play(&mut s, CampaignAction::Attack { county: c("TO") });
        let a = LongCampaign::sample_chance(&s, &mut chance_rng(k, 0));
        play(&mut s, a);
        let (q, d) = open_question(&s);
        orders.insert(d.order);
        let cards: Vec<QuestionCard> = (0..3)
            .map(|seat| LongCampaign::view(&s, seat).question().unwrap().clone())
            .collect();
        assert!(cards.iter().all(|x| *x == cards[0]));
        let shown: Vec<&String> = d.order.iter().map(|&o| &q.options()[o as usize]).collect();
        assert_eq!(cards[0].options.iter().collect::<Vec<_>>(), shown);
        // The correct display index points at the right text.
        assert_eq!(
            cards[0].options[correct(&s) as usize],
            q.options()[q.correct_index() as usize]
        );
    }
    assert!(orders.len() > 5, "the option order is shuffled");
}

/// Every draw of a game, in order: (kind, deck index).
fn draws_of(m: &Match<LongCampaign>) -> Vec<(QuestionKind, u16)> {
    m.record()
        .actions
        .iter()
        .filter_map(|a| match *a {
            CampaignAction::DrawChoice { question, .. } => Some((QuestionKind::Choice, question)),
            CampaignAction::DrawNumeric { question, .. } => Some((QuestionKind::Numeric, question)),
            _ => None,
        })
        .collect()
}

#[test]
fn no_question_repeats_within_a_game_until_its_deck_runs_out() {
    for set in [QuestionSet::Sample, QuestionSet::Full] {
        for lang in Language::ALL {
            let deck = |k| bank::bank(set, lang).unwrap().deck(k).len();
            for g in 0..40u64 {
                let options = CampaignOptions {
                    questions: set,
                    language: lang,
                    colours: None,
                    ..Default::default()
                };
                let m = random_game(options, g, &mut Rng::seed_from_u64(g));
                let mut pass: [HashSet<u16>; 2] = [HashSet::new(), HashSet::new()];
                let mut draws = 0;
                for (kind, q) in draws_of(&m) {
                    let p = &mut pass[kind as usize];
                    if !p.insert(q) {
                        assert_eq!(
                            p.len(),
                            deck(kind),
                            "a repeat before the {kind:?} deck ran out"
                        );
                        p.clear();
                        p.insert(q);
                    }
                    draws += 1;
                }
                assert!(draws > 10);
            }
        }
    }
}

/// The `sameFact` group of each question of a language, by deck and index.
fn fact_of(
    set: QuestionSet,
    lang: Language,
) -> std::collections::HashMap<(QuestionKind, u16), usize> {
    let b = bank::bank(set, lang).unwrap();
    let mut out = std::collections::HashMap::new();
    for (g, members) in b.fact_groups().iter().enumerate() {
        for &m in members {
            out.insert(m, g);
        }
    }
    out
}

#[test]
fn the_review_s_same_fact_pairs_are_marked_in_both_languages() {
    // long-campaign-same-fact review: 57 pairs, each in one group, e.g. Phelps' 23 golds.
    for lang in Language::ALL {
        let b = bank::bank(QuestionSet::Full, lang).unwrap();
        let facts = fact_of(QuestionSet::Full, lang);
        let group = |id: &str| facts.get(&b.find(id).unwrap()).copied();
        assert!(group("mc-spo-0041").is_some());
        assert_eq!(group("mc-spo-0041"), group("nu-spo-0022"));
        assert_eq!(group("nu-spo-0010"), group("mc-spo-0045"), "Wembley 1953");
        assert_eq!(group("mc-hun-0020"), group("mc-hun-0021"));
        assert_ne!(group("mc-spo-0041"), group("nu-spo-0010"));
        assert_eq!(group("mc-his-0001"), None, "an unshared fact has no group");
        assert!(b.fact_groups().len() >= 50);
    }
}

#[test]
fn a_game_never_draws_two_questions_of_one_fact() {
    // LC-10, over many seeded games of the full bank, in both languages.
    let mut games_with_a_group = 0;
    for g in 0..120u64 {
        let lang = Language::ALL[g as usize % 2];
        let options = CampaignOptions {
            questions: QuestionSet::Full,
            language: lang,
            colours: None,
            ..Default::default()
        };
        assert!(options.one_question_per_fact, "on by default");
        let m = random_game(options, g, &mut Rng::seed_from_u64(g));
        let facts = fact_of(QuestionSet::Full, lang);
        let mut seen = HashSet::new();
        for d in draws_of(&m) {
            if let Some(f) = facts.get(&d) {
                assert!(
                    seen.insert(*f),
                    "game {g}: a second question of fact {f}: {d:?}"
                );
            }
        }
        games_with_a_group += !seen.is_empty() as u32;
    }
    assert!(
        games_with_a_group > 60,
        "the groups are drawn at all ({games_with_a_group})"
    );
}

#[test]
fn a_draw_of_a_fact_already_asked_is_refused() {
    let options = CampaignOptions {
        questions: QuestionSet::Full,
        ..opts()
    };
    let b = bank::bank(QuestionSet::Full, Language::En).unwrap();
    let (_, phelps) = b.find("mc-spo-0041").unwrap();
    let (_, golds) = b.find("nu-spo-0022").unwrap();
    let mut s = LongCampaign::new(&options, &mut setup_rng(0)).unwrap();
    s.campaign.asked_numeric[golds as usize / 64] |= 1 << (golds % 64);
    pick(&mut s, "GS");
    pick(&mut s, "BA");
    pick(&mut s, "SZ");
    pick(&mut s, "VA");
    let draw_phelps = CampaignAction::DrawChoice {
        question: phelps,
        order: [0, 1, 2, 3],
    };
    let before = s.clone();
    let err = LongCampaign::apply(&mut s, &draw_phelps);
    assert!(
        matches!(err, Err(Illegal::Rule(ref m)) if m.contains("same fact")),
        "{err:?}"
    );
    assert_eq!(s, before);
    // The legacy draw of a record made before LC-10 still accepts it.
    s.campaign.options.one_question_per_fact = false;
    play(&mut s, draw_phelps);
}

#[test]
fn records_made_before_same_fact_groups_replay_with_their_draws() {
    // Made with the draw as it was (no `one_question_per_fact` in its options), full bank.
    let text =
        include_str!("../../../tests/records/valid/long-campaign-before-same-fact-full.json");
    assert!(!text.contains("one_question_per_fact"));
    let m = Match::<LongCampaign>::from_json(text).expect("replays");
    assert!(!m.state().campaign.options.one_question_per_fact);
    let c = &m.state().campaign;
    let facts = fact_of(c.options.questions, c.options.language);
    assert!(
        draws_of(&m).iter().any(|d| facts.contains_key(d)),
        "the record draws from a same-fact group, so the later draws depend on the rule"
    );
    // Under LC-10 the same seed draws other questions: the record only replays as made.
    let now = text.replace(
        "\"colours\":null",
        "\"colours\":null,\"one_question_per_fact\":true",
    );
    assert_ne!(now, text);
    assert!(Match::<LongCampaign>::from_json(&now).is_err());
}

#[test]
fn hungarian_shows_no_year_word_and_a_decimal_comma() {
    use crate::i18n::Lang;
    assert_eq!(super::view::seconds(5000, Lang::Hu), "5,0 mp");
    assert_eq!(super::view::seconds(4321, Lang::En), "4.3 s");
    for lang in Language::ALL {
        let b = bank::bank(QuestionSet::Full, lang).unwrap();
        for q in &b.numeric {
            assert_ne!(q.shown_unit(), "year", "{}", q.id);
        }
    }
    // A year question, revealed in a Hungarian game: "1066", never "1066 year".
    let options = CampaignOptions {
        language: Language::Hu,
        questions: QuestionSet::Full,
        ..opts()
    };
    let mut s = war_state();
    s.campaign.options = options;
    let (_, hastings) = bank::bank(QuestionSet::Full, Language::Hu)
        .unwrap()
        .find("nu-his-0001")
        .unwrap();
    s.campaign.step = Step::Choose { seat: RED };
    play(&mut s, CampaignAction::Attack { county: c("TO") });
    let m = bank::bank(QuestionSet::Full, Language::Hu).unwrap();
    let first = m.choice.iter().position(|q| q.same_fact.is_none()).unwrap() as u16;
    play(
        &mut s,
        CampaignAction::DrawChoice {
            question: first,
            order: [0, 1, 2, 3],
        },
    );
    right(&mut s);
    right(&mut s);
    play(
        &mut s,
        CampaignAction::DrawNumeric {
            question: hastings,
            lots: [0, 1, 2],
        },
    );
    guess(&mut s, 0, 2500);
    let before = s.clone();
    let mut after = s.clone();
    let last = CampaignAction::Guess {
        value: Some(1070),
        ms: 5000,
    };
    play(&mut after, last);
    let line = LongCampaign::describe(&before, &last, RED as usize, Lang::Hu).unwrap();
    assert!(line.contains("1066") && !line.contains("year"), "{line}");
    assert!(line.contains("5,0 mp") && line.contains("2,5 mp"), "{line}");
    let en = LongCampaign::describe(&before, &last, RED as usize, Lang::En).unwrap();
    assert!(en.contains("5.0 s") && !en.contains("year"), "{en}");
    let d = after.campaign.reveal_details().unwrap();
    assert_eq!(d.correct_text, "1066");
}

// ---------------------------------------------------------------- views (§6)

#[test]
fn views_hide_open_answers_the_solution_and_the_lots() {
    let mut s = war_state();
    attack(&mut s, "TO");
    let o = correct(&s);
    play(
        &mut s,
        CampaignAction::Answer {
            option: Some(o),
            ms: 4321,
        },
    );
    // Blue (to answer) and Green (watching) see that Red locked, not what or when.
    for seat in [BLUE, GREEN] {
        let v = LongCampaign::view(&s, seat as usize);
        let ask = v.ask.as_ref().unwrap();
        assert_eq!(ask.locked, [true, false, false]);
        assert_eq!(ask.mine, None);
        let json = serde_json::to_string(&v).unwrap();
        assert!(!json.contains("4321"), "Red's time leaked: {json}");
        let ask_json = serde_json::to_value(ask).unwrap().to_string();
        for secret in ["order", "correct", "lots", "index\""] {
            assert!(!ask_json.contains(secret), "{secret} in {ask_json}");
        }
        assert!(!json.contains("\"sim\""));
    }
    // Red sees its own answer, without feedback.
    let v = LongCampaign::view(&s, RED as usize);
    assert_eq!(
        v.ask.as_ref().unwrap().mine,
        Some(Given::Choice {
            option: Some(o),
            ms: 4321
        })
    );
    // The view does not depend on what Red answered.
    let mut t = war_state();
    attack(&mut t, "TO");
    play(
        &mut t,
        CampaignAction::Answer {
            option: Some((o + 2) % 4),
            ms: 1,
        },
    );
    for seat in [BLUE, GREEN] {
        assert_eq!(
            LongCampaign::view(&s, seat as usize),
            LongCampaign::view(&t, seat as usize)
        );
    }
    // A numeric decider: the answer is nowhere in any view until the reveal.
    right(&mut s);
    let big = bank::bank(QuestionSet::Sample, Language::En)
        .unwrap()
        .numeric
        .iter()
        .position(|q| q.answer() == 299_792)
        .unwrap() as u16;
    play(
        &mut s,
        CampaignAction::DrawNumeric {
            question: big,
            lots: [2, 0, 1],
        },
    );
    for seat in 0..3 {
        let json = serde_json::to_string(&LongCampaign::view(&s, seat)).unwrap();
        assert!(!json.contains("299792"), "the answer leaked to {seat}");
        assert!(!json.contains("[2,0,1]"), "the lots leaked to {seat}");
    }
    guess(&mut s, 5, 2222);
    let json = serde_json::to_string(&LongCampaign::view(&s, BLUE as usize)).unwrap();
    assert!(!json.contains("2222") && !json.contains("299797"));
    guess(&mut s, 50, 1111);
    // After the reveal everything is public.
    let d = LongCampaign::view(&s, GREEN as usize)
        .campaign
        .reveal_details()
        .unwrap();
    assert_eq!(d.correct_text, "299792 km");
    assert_eq!(d.answers[0].distance, Some(5));
    assert_eq!(d.answers[1].given.map(|g| g.ms()), Some(1111));
    assert_eq!(d.answers[0].place, Some(0));
}

#[test]
fn determinize_agrees_with_the_view() {
    let mut rng = Rng::seed_from_u64(3);
    for g in 0..60 {
        let options = CampaignOptions {
            questions: if g % 2 == 0 {
                QuestionSet::Sample
            } else {
                QuestionSet::Full
            },
            language: if g % 3 == 0 {
                Language::Hu
            } else {
                Language::En
            },
            colours: None,
            ..Default::default()
        };
        let m = random_game(options, g, &mut rng);
        let len = m.record().actions.len();
        for cut in (0..len).step_by(7) {
            let p = m.prefix(cut);
            for seat in 0..3 {
                let v = LongCampaign::view(p.state(), seat);
                let d = LongCampaign::determinize(&v, &mut rng);
                assert_eq!(
                    LongCampaign::view(&d, seat),
                    v,
                    "game {g} cut {cut} seat {seat}"
                );
                assert_eq!(LongCampaign::to_move(&d), LongCampaign::to_move(p.state()));
            }
        }
    }
}

#[test]
fn describe_hides_answers_until_the_reveal() {
    let mut s = war_state();
    attack(&mut s, "TO");
    let a = CampaignAction::Answer {
        option: Some(correct(&s)),
        ms: 2500,
    };
    let own = LongCampaign::describe(&s, &a, RED as usize, crate::i18n::Lang::En).unwrap();
    let other = LongCampaign::describe(&s, &a, BLUE as usize, crate::i18n::Lang::En).unwrap();
    assert!(own.contains("2.5 s"), "{own}");
    assert_eq!(other, "@0 locked an answer");
    play(&mut s, a);
    let b = CampaignAction::Answer {
        option: Some((correct(&s) + 1) % 4),
        ms: 1000,
    };
    let line = LongCampaign::describe(&s, &b, GREEN as usize, crate::i18n::Lang::En).unwrap();
    assert!(
        line.contains("@0 right") && line.contains("@1 wrong") && line.contains("captures Tolna"),
        "{line}"
    );
    let pick_line = LongCampaign::describe(
        &war_state(),
        &CampaignAction::Attack { county: c("BA") },
        2,
        crate::i18n::Lang::En,
    )
    .unwrap();
    assert!(
        pick_line.contains("siege") && pick_line.contains("3 towers"),
        "{pick_line}"
    );
}

// ---------------------------------------------------------------- AI (§7)

#[test]
fn the_answer_model_follows_the_tables() {
    let mut rng = Rng::seed_from_u64(11);
    let n = 20_000;
    for level in AnswerLevel::ALL {
        for d in 1..=3u8 {
            let hits = (0..n)
                .filter(|_| choice_answer(level, d, 2, Some(10_000), &mut rng).0 == Some(2))
                .count();
            let p = hits as f64 / n as f64;
            assert!(
                (p - p_correct(level, d)).abs() < 0.015,
                "{level:?} d{d}: {p}"
            );
        }
    }
    for _ in 0..2000 {
        let t = answer_time(AnswerLevel::Novice, Some(10_000), &mut rng);
        assert!((1000..=9800).contains(&t));
        let (o, _) = choice_answer(AnswerLevel::Novice, 3, 1, None, &mut rng);
        assert!(o.is_some_and(|o| o < 4));
    }
    let q = &bank::bank(QuestionSet::Sample, Language::En)
        .unwrap()
        .numeric[0];
    let exact = (0..n)
        .filter(|_| numeric_guess(AnswerLevel::Expert, q, None, &mut rng).0 == Some(q.answer()))
        .count();
    assert!(exact > n / 10, "experts are often exact");
}

#[test]
fn ai_answers_and_choices_are_legal_at_every_level() {
    let mut rng = Rng::seed_from_u64(2);
    for (g, level) in [
        crate::ai::Level::Easy,
        crate::ai::Level::Normal,
        crate::ai::Level::Hard,
    ]
    .into_iter()
    .enumerate()
    {
        let mut config_level = level;
        let mut m = Match::<LongCampaign>::new(opts(), g as u64).unwrap();
        let mut searches = 0;
        while let ToMove::Seat(seat) = m.to_move() {
            let view = LongCampaign::view(m.state(), seat);
            // Keep the test quick: search only the first few choices.
            if searches > 4 {
                config_level = crate::ai::Level::Easy;
            }
            let a = if view.must_answer() {
                ai_answer(&view, &mut rng).unwrap()
            } else {
                searches += 1;
                ai_action(&view, config_level, &mut rng).unwrap()
            };
            m.play(&a).unwrap();
        }
        assert!(LongCampaign::outcome(m.state()).is_some());
    }
    // Not the seat's turn: nothing.
    let s = war_state();
    assert_eq!(ai_answer(&LongCampaign::view(&s, 1), &mut rng), None);
    assert_eq!(
        ai_action(&LongCampaign::view(&s, 1), crate::ai::Level::Easy, &mut rng),
        None
    );
}

#[test]
fn the_generic_bots_answer_by_the_model_not_by_peeking() {
    // Inside a determinization the searcher's own answer is the model's single legal answer,
    // so even a search-based bot is right only about as often as its level says.
    let mut s = war_state();
    s.campaign.options.answer_levels = [AnswerLevel::Novice; 3];
    attack(&mut s, "TO");
    let mut rng = Rng::seed_from_u64(8);
    let o = correct(&s);
    let view = LongCampaign::view(&s, RED as usize);
    let n = 400;
    let hits = (0..n)
        .filter(|_| {
            let a = crate::ai::Bot::Greedy
                .choose::<LongCampaign>(&view, &mut rng)
                .unwrap();
            matches!(a, CampaignAction::Answer { option: Some(x), .. } if x == o)
        })
        .count();
    let (q, _) = open_question(&s);
    let p = p_correct(AnswerLevel::Novice, q.difficulty);
    let rate = hits as f64 / n as f64;
    assert!((rate - p).abs() < 0.1, "rate {rate} vs model {p}");
}

#[test]
fn the_baseline_follows_its_rules() {
    let mut rng = Rng::seed_from_u64(4);
    // War: a damaged enemy base next door is attacked first.
    let mut s = war_state();
    s.campaign.counties[c("BA").index()].towers = 2;
    assert_eq!(
        baseline_choice(&s.campaign, RED, &mut rng),
        Some(CampaignAction::Attack { county: c("BA") })
    );
    // A battered own base next to an enemy is rebuilt first.
    s.campaign.counties[c("GS").index()].towers = 1;
    s.campaign.counties[c("VA").index()].owner = Some(GREEN);
    assert_eq!(
        baseline_choice(&s.campaign, RED, &mut rng),
        Some(CampaignAction::Rebuild)
    );
    // Otherwise value × P(win): the most valuable neighbour.
    let mut s = war_state();
    s.campaign.counties[c("PE").index()].value = 700;
    assert_eq!(
        baseline_choice(&s.campaign, RED, &mut rng),
        Some(CampaignAction::Attack { county: c("PE") })
    );
    // Expansion: the county touching most of one's land.
    let mut s = after_bases();
    s.campaign.counties[c("VA").index()] = County {
        owner: Some(RED),
        value: 200,
        ..Default::default()
    };
    s.campaign.counties[c("KE").index()] = County {
        owner: Some(RED),
        value: 200,
        ..Default::default()
    };
    // VE touches GS, VA, KE.
    assert_eq!(
        baseline_choice(&s.campaign, RED, &mut rng),
        Some(CampaignAction::Pick { county: c("VE") })
    );
    // Bases: most neighbours (JN has 7).
    assert_eq!(
        baseline_choice(&fresh().campaign, RED, &mut rng),
        Some(CampaignAction::Pick { county: c("JN") })
    );
}

#[test]
fn evaluate_prefers_the_leader() {
    let mut s = war_state();
    let before = evaluate(&s.campaign, RED);
    assert!((0.0..=1.0).contains(&before));
    s.campaign.counties[c("PE").index()].owner = Some(RED);
    assert!(evaluate(&s.campaign, RED) > before);
    let total: f64 = (0..3).map(|seat| evaluate(&s.campaign, seat)).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

// ---------------------------------------------------------------- playouts and records

/// A game with random choices (and some timeouts) and random answers: options, none, late.
fn random_game(options: CampaignOptions, seed: u64, rng: &mut Rng) -> Match<LongCampaign> {
    let mut m = Match::<LongCampaign>::new(options, seed).unwrap();
    while let ToMove::Seat(_) = m.to_move() {
        let a = random_action(m.state(), rng);
        m.play(&a).unwrap();
    }
    m
}

fn random_action(s: &CampaignState, rng: &mut Rng) -> CampaignAction {
    let limit = s.campaign.options.timer.limit_ms().unwrap_or(30_000);
    let ms = rng.random_range(500..limit + 2000);
    match s.campaign.step {
        Step::Choose { seat } => {
            if s.campaign.options.timer != Timer::Off && crate::engine::random_bool(rng, 0.05) {
                return CampaignAction::TimeUp;
            }
            let legal = s.campaign.legal_choices(seat);
            legal[rng.random_range(0..legal.len())]
        }
        _ => match s.ask.map(|a| a.kind) {
            Some(QuestionKind::Choice) => CampaignAction::Answer {
                option: crate::engine::random_bool(rng, 0.9).then(|| rng.random_range(0..4)),
                ms,
            },
            _ => {
                let (q, _) = open_question(s);
                let spread = q.spread() as i64 * 2;
                let value = match rng.random_range(0..10) {
                    0 => None,
                    1 => Some(rng.random_range(0..=bank::MAX_NUMBER)),
                    _ => {
                        Some((q.answer() as i64 + rng.random_range(-spread..=spread)).max(0) as u64)
                    }
                };
                CampaignAction::Guess { value, ms }
            }
        },
    }
}

/// Invariants after every action.
fn check_invariants(s: &CampaignState) {
    let c = &s.campaign;
    // Territories are disjoint and cover exactly the owned counties.
    let lands: Vec<u32> = (0..3).map(|seat| c.territory(seat)).collect();
    assert_eq!(lands[0] & lands[1], 0);
    assert_eq!(lands[1] & lands[2], 0);
    assert_eq!(lands[0] & lands[2], 0);
    assert_eq!(
        lands[0] | lands[1] | lands[2],
        map::ALL_COUNTIES & !c.free()
    );
    // The one-pass `lands` agrees, and the options read from it are the spec's, county by
    // county: §4.2's free neighbours, §4.4's living enemies next door.
    let one_pass = c.lands();
    assert_eq!(one_pass.territory, [lands[0], lands[1], lands[2]]);
    assert_eq!(one_pass.free, c.free());
    // A choice is allowed exactly when it is listed, forged ids and other kinds included.
    for seat in 0..3u8 {
        let legal = c.legal_choices(seat);
        let forged = (0..COUNTY_COUNT as u8 + 3).flat_map(|i| {
            let county = CountyId(i);
            [
                CampaignAction::Pick { county },
                CampaignAction::Attack { county },
            ]
        });
        for a in forged.chain([CampaignAction::Rebuild, CampaignAction::TimeUp]) {
            assert_eq!(c.allows(seat, &a), legal.contains(&a), "{a:?} by {seat}");
        }
    }
    for seat in 0..3u8 {
        let next_to_mine =
            |id: CountyId| counties_in(id.neighbours()).any(|n| c.county(n).owner == Some(seat));
        for id in CountyId::all() {
            let owner = c.county(id).owner;
            let option = owner.is_none() && next_to_mine(id);
            assert_eq!(c.expansion_options(seat) >> id.0 & 1 == 1, option, "{id:?}");
            let target = owner.is_some_and(|o| o != seat && c.is_alive(o)) && next_to_mine(id);
            assert_eq!(c.attack_targets(seat) >> id.0 & 1 == 1, target, "{id:?}");
        }
    }
    // Scores are the sums of owned values plus the player's own defence bonuses (LC-9).
    for seat in 0..3u8 {
        assert_eq!(
            c.score(seat),
            total_values(s, seat) + c.players[seat as usize].bonus
        );
        if !c.players[seat as usize].alive {
            assert_eq!(lands[seat as usize], 0, "the eliminated own nothing");
            assert_eq!(c.score(seat), 0);
            assert!(c.players[seat as usize].eliminated.is_some());
        }
    }
    assert!(c.alive_count() >= 1);
    // Base rules.
    let bases = c.bases();
    assert!(bases.count_ones() <= 3);
    for b in counties_in(bases) {
        assert_eq!(b.neighbours() & bases, 0, "bases are never adjacent");
        let x = c.county(b);
        assert!(x.owner.is_some());
        if x.ruined {
            assert_eq!(x.towers, 0);
        } else {
            assert!((1..=TOWERS).contains(&x.towers));
            assert_eq!(
                x.value, BASE_VALUE,
                "a base counts 1000 however often defended"
            );
        }
    }
    for id in CountyId::all() {
        let x = c.county(id);
        if !x.base {
            assert_eq!(x.towers, 0);
            assert!(!x.ruined);
        }
        match x.owner {
            None => assert_eq!(x.value, 0),
            Some(_) => assert!(
                [EXPANSION_VALUE, DIVISION_VALUE, CAPTURE_VALUE, BASE_VALUE].contains(&x.value),
                "no bonus on a county (LC-9)"
            ),
        }
    }
    let past_bases = !matches!(c.phase, Phase::Bases { .. });
    if past_bases {
        for seat in 0..3u8 {
            if c.players[seat as usize].alive {
                assert!(
                    c.living_base(seat).is_some(),
                    "each living player has a base"
                );
            }
        }
    } else {
        assert_eq!(c.alive_count(), 3);
    }
    if matches!(c.phase, Phase::War { .. } | Phase::TieBreak | Phase::Over) {
        assert_eq!(c.free(), 0, "the map is full in the war");
    } else {
        assert_eq!(c.alive_count(), 3);
    }
    // The step matches the open question.
    match c.step {
        Step::Draw => assert!(s.ask.is_some_and(|a| a.question.is_none())),
        Step::Answer { seat } => {
            let a = s.ask.unwrap();
            assert!(
                a.question.is_some()
                    && a.answerers.contains(seat)
                    && a.answers[seat as usize].is_none()
            );
        }
        Step::Choose { seat } | Step::TimeUp { seat } => {
            assert!(s.ask.is_none());
            assert!(!c.legal_choices(seat).is_empty());
        }
        Step::Over => assert!(c.ranking.is_some() && s.ask.is_none()),
    }
}

/// 10,000 random games with every option combination; invariants after every action; an
/// illegal action is refused with the state unchanged.
#[test]
fn random_playouts_keep_the_invariants() {
    let mut rng = Rng::seed_from_u64(2024);
    let mut endings = [0u32; 4]; // lone survivor, tie-break, plain, eliminations seen
    for g in 0..10_000u64 {
        let options = CampaignOptions {
            language: if g % 2 == 0 {
                Language::En
            } else {
                Language::Hu
            },
            questions: if g % 5 == 0 {
                QuestionSet::Full
            } else {
                QuestionSet::Sample
            },
            timer: [Timer::Classic, Timer::Relaxed, Timer::Off][(g % 3) as usize],
            answer_levels: [AnswerLevel::Average; 3],
            colours: None,
            one_question_per_fact: g % 7 != 0,
        };
        let mut m = Match::<LongCampaign>::new(options, g).unwrap();
        check_invariants(m.state());
        let mut tie_break = false;
        while let ToMove::Seat(_) = m.to_move() {
            let s = m.state().clone();
            // An illegal action of each kind is refused and changes nothing.
            let bogus = match s.campaign.step {
                Step::Choose { .. } => match rng.random_range(0..3) {
                    0 => CampaignAction::Answer {
                        option: Some(0),
                        ms: 1,
                    },
                    1 => CampaignAction::Pick {
                        county: CountyId(rng.random_range(19..60)),
                    },
                    _ => CampaignAction::DrawChoice {
                        question: 0,
                        order: [0, 1, 2, 3],
                    },
                },
                _ => match rng.random_range(0..3) {
                    0 => CampaignAction::Rebuild,
                    1 => CampaignAction::Answer {
                        option: Some(9),
                        ms: 1,
                    },
                    _ => CampaignAction::Guess {
                        value: Some(bank::MAX_NUMBER + 1),
                        ms: 1,
                    },
                },
            };
            let mut copy = s.clone();
            assert!(
                LongCampaign::apply(&mut copy, &bogus).is_err(),
                "{bogus:?} accepted at {:?}",
                s.campaign.step
            );
            assert_eq!(copy, s);
            let a = random_action(&s, &mut rng);
            m.play(&a).unwrap();
            check_invariants(m.state());
            tie_break |= m.state().campaign.phase == Phase::TieBreak;
        }
        let s = m.state();
        let o = LongCampaign::outcome(s).unwrap();
        let mut ranks = o.ranks.clone();
        ranks.sort();
        assert_eq!(ranks, vec![0, 1, 2], "a strict ranking");
        for seat in 0..3 {
            assert_eq!(o.scores[seat], s.campaign.score(seat as u8) as f64);
        }
        let alive = s.campaign.alive_count();
        endings[0] += (alive == 1) as u32;
        endings[1] += tie_break as u32;
        endings[2] += (alive == 3 && !tie_break) as u32;
        endings[3] += (alive < 3) as u32;
    }
    assert!(
        endings.iter().all(|&n| n > 0),
        "every kind of ending occurs: {endings:?}"
    );
}

#[test]
fn records_replay_identically() {
    let mut rng = Rng::seed_from_u64(6);
    for g in 0..30 {
        let m = random_game(opts(), g, &mut rng);
        let json = m.to_json();
        let again = Match::<LongCampaign>::from_json(&json).unwrap();
        assert_eq!(again.state(), m.state());
        assert_eq!(again.to_json(), json);
        // A prefix replays to the same state as the game had then.
        let half = m.record().actions.len() / 2;
        let p = m.prefix(half);
        assert_eq!(
            Match::<LongCampaign>::from_json(&p.to_json())
                .unwrap()
                .state(),
            p.state()
        );
        // An edited draw is caught.
        let mut rec = m.record().clone();
        let i = rec
            .actions
            .iter()
            .position(|a| matches!(a, CampaignAction::DrawChoice { .. }))
            .unwrap();
        if let CampaignAction::DrawChoice { question, order } = rec.actions[i] {
            rec.actions[i] = CampaignAction::DrawChoice {
                question,
                order: [order[1], order[0], order[2], order[3]],
            };
        }
        assert!(Match::<LongCampaign>::from_record(rec).is_err());
    }
}

#[test]
fn the_search_beats_nobody_by_cheating_but_plays_legal_moves() {
    // A quick duel smoke test: the function runs and reports sane numbers.
    let config = crate::ai::SearchConfig {
        iterations: 30,
        time_budget_ms: None,
        rollout_depth: None,
        exploration: 0.7,
        stop_at_chance: false,
    };
    let r = duel(3, 1, &config, opts(), 1);
    assert_eq!(r.games, 3);
    assert!((0.0..=3.0).contains(&r.search_wins));
    assert!(r.search_score >= 0.0 && r.baseline_score > 0.0);
}

/// The measurement of the brief: Hard's choices against two §7 baseline seats, all answering at
/// the same level. Run with
/// `LC_DUEL_GAMES=300 cargo test --release --lib games::long_campaign::tests::duel_hard_vs_baseline -- --ignored --nocapture`
/// (optional `LC_DUEL_LEVEL=novice|average|expert`, `LC_DUEL_THREADS`, `LC_DUEL_SEED`,
/// `LC_DUEL_ITERATIONS`).
#[test]
#[ignore]
fn duel_hard_vs_baseline() {
    let env = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
    let games: u32 = env("LC_DUEL_GAMES", "300").parse().unwrap();
    let threads: usize = env("LC_DUEL_THREADS", "2").parse().unwrap();
    let seed: u64 = env("LC_DUEL_SEED", "1").parse().unwrap();
    let level = AnswerLevel::parse(&env("LC_DUEL_LEVEL", "average")).unwrap();
    let mut config = crate::ai::Level::Hard.config().deterministic();
    if let Ok(i) = std::env::var("LC_DUEL_ITERATIONS") {
        config.iterations = i.parse().unwrap();
    }
    let options = CampaignOptions {
        answer_levels: [level; 3],
        ..Default::default()
    };
    let start = std::time::Instant::now();
    let r = duel(games, seed, &config, options, threads);
    println!(
        "hard (iterations {}) vs 2 × baseline, answers {}: {} games, search wins {:.1}% (chance 33.3%), \
         mean score search {:.0} vs baseline {:.0}, search eliminated {} times, {:.0}s",
        config.iterations,
        level.name(),
        r.games,
        100.0 * r.win_rate(),
        r.search_score,
        r.baseline_score,
        r.search_eliminated,
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn the_full_bank_is_the_shipped_files_with_enough_questions() {
    // §8.1: at least 100 of each type per language, more than a worst-case game needs (72 + 71).
    for lang in Language::ALL {
        let b = bank::bank(QuestionSet::Full, lang).unwrap();
        assert!(b.choice.len() >= 100 && b.numeric.len() >= 100, "{lang:?}");
        assert!(b
            .choice
            .iter()
            .chain(&b.numeric)
            .all(|q| !q.id.starts_with("smp-")));
    }
    assert_eq!(bank::BANK_FILES.len(), 14);
}

#[test]
fn ui_helpers_report_turn_order_standings_and_prompts() {
    let mut s = war_state();
    s.campaign.colours = [BLUE, GREEN, RED]; // seat 1 plays Red, 2 Blue, 0 Green
    s.campaign.phase = Phase::War { round: 2, turn: 1 };
    // Round 2: Green, Blue, Red → seats 0, 2, 1; the second turn is being played.
    assert_eq!(s.campaign.turn_order(), Some(([0, 2, 1], 1)));
    s.campaign.step = Step::Choose { seat: 2 };
    assert!(s
        .campaign
        .prompt(crate::i18n::Lang::En)
        .starts_with("War round 2/6: @2, attack"));
    let scores = s.campaign.scores();
    let st = s.campaign.standings();
    assert!(
        scores[st[0] as usize] >= scores[st[1] as usize]
            && scores[st[1] as usize] >= scores[st[2] as usize]
    );
    s.campaign.players[st[0] as usize].alive = false;
    assert_eq!(s.campaign.standings()[2], st[0], "the eliminated rank last");
    assert_eq!(fresh().campaign.turn_order(), None);
    assert!(fresh()
        .campaign
        .prompt(crate::i18n::Lang::En)
        .contains("base"));
}

#[test]
fn unasked_questions_are_counted_and_found_by_rank() {
    let mut s = war_state();
    s.campaign.options.questions = QuestionSet::Full;
    let n = s.campaign.bank().choice.len();
    s.campaign.asked_choice = vec![0; n.div_ceil(64)];
    assert_eq!(s.campaign.unasked(QuestionKind::Choice), n);
    for i in [0usize, 5, 63, 64, 65, n - 1] {
        s.campaign.asked_choice[i / 64] |= 1 << (i % 64);
    }
    assert_eq!(s.campaign.unasked(QuestionKind::Choice), n - 6);
    let free: Vec<usize> = (0..n)
        .filter(|i| ![0, 5, 63, 64, 65, n - 1].contains(i))
        .collect();
    for (k, &i) in free.iter().enumerate() {
        assert_eq!(s.campaign.nth_unasked(QuestionKind::Choice, k), Some(i));
    }
    assert_eq!(
        s.campaign.nth_unasked(QuestionKind::Choice, free.len()),
        None
    );
}

/// §6: a question drawn shows its text, and the answer that closes it reveals every answer and
/// the correct one. Random games: no seat's undo goes back over a question or a reveal, even
/// when the answering seat is the next to choose.
#[test]
fn undo_never_crosses_a_reveal() {
    let shown = |before: &CampaignState, _: &CampaignAction, after: &CampaignState| {
        let question = |s: &CampaignState| s.ask.and_then(|a| a.question);
        after.campaign.last_reveal != before.campaign.last_reveal
            || (question(after).is_some() && question(after) != question(before))
    };
    let report = crate::engine::testing::undo_never_crosses_a_reveal::<LongCampaign>(
        0..4,
        |_| opts(),
        10_000,
        shown,
    );
    assert!(report.reveals > 40 && report.undos > 0, "{report:?}");
}

#[test]
fn the_barred_questions_are_those_of_every_group_with_a_question_asked() {
    // `barred` walks the questions asked; LC-10 says: every member of a group one of whose
    // questions was asked. Checked against that reading, group by group, on random asked sets.
    let options = CampaignOptions {
        questions: QuestionSet::Full,
        ..opts()
    };
    let mut rng = Rng::seed_from_u64(5);
    let mut s = LongCampaign::new(&options, &mut setup_rng(0)).unwrap();
    let bank = s.campaign.bank();
    let (choices, numerics) = (bank.choice.len(), bank.numeric.len());
    let mut barred_by_a_group = 0;
    for round in 0..200 {
        let asked = |n: usize, rng: &mut Rng| {
            let mut bits = vec![0u64; n.div_ceil(64)];
            for _ in 0..round % 40 {
                let i = rng.random_range(0..n);
                bits[i / 64] |= 1 << (i % 64);
            }
            bits
        };
        s.campaign.asked_choice = asked(choices, &mut rng);
        s.campaign.asked_numeric = asked(numerics, &mut rng);
        for kind in [QuestionKind::Choice, QuestionKind::Numeric] {
            let n = bank.deck(kind).len();
            let is_set =
                |bits: &[u64], i: usize| bits.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1);
            let mut want: Vec<bool> = (0..n).map(|i| is_set(s.campaign.asked(kind), i)).collect();
            for group in bank.fact_groups() {
                if group
                    .iter()
                    .any(|&(k, i)| is_set(s.campaign.asked(k), i as usize))
                {
                    for &(_, i) in group.iter().filter(|(k, _)| *k == kind) {
                        want[i as usize] = true;
                    }
                }
            }
            let barred = s.campaign.barred(kind);
            let got: Vec<bool> = (0..n).map(|i| is_set(&barred, i)).collect();
            assert_eq!(got, want, "round {round}, {kind:?}");
            let one_by_one: Vec<bool> = (0..n).map(|i| s.campaign.is_barred(kind, i)).collect();
            assert_eq!(one_by_one, want, "round {round}, {kind:?}, one by one");
            let asked = s.campaign.asked(kind);
            barred_by_a_group += (0..n).filter(|&i| want[i] && !is_set(asked, i)).count();
        }
    }
    assert!(
        barred_by_a_group > 100,
        "the groups bar questions at all ({barred_by_a_group})"
    );
}

#[test]
fn expert_alone_plays_its_playouts_to_the_end() {
    use crate::ai::{Level, SearchConfig};
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        assert_eq!(
            LongCampaign::search_config(level),
            level.config(),
            "{level:?} keeps the shared search"
        );
    }
    let expert = LongCampaign::search_config(Level::Expert);
    assert_eq!(
        expert.rollout_depth, None,
        "Expert's playouts run to the end"
    );
    assert_eq!(
        SearchConfig {
            rollout_depth: Level::Expert.config().rollout_depth,
            ..expert
        },
        Level::Expert.config(),
        "only the depth differs from the shared Expert"
    );
}
