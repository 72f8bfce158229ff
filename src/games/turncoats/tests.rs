//! Scenario tests for every rule of turncoats.md (§3–§7, the worked examples of §5 and §6.4),
//! and random-playout invariants.

use super::hunch::{sample, Hunch};
use super::map::{self, AREA_COUNT};
use super::rules::dealt_state;
use super::*;
use crate::engine::{chance_rng, setup_rng, Game, Illegal, Match, Outcome, Rng, ToMove};
use crate::i18n::Lang;
use rand::{Rng as _, SeedableRng};
use Colour::{Black, Blue, Red};
use TurncoatsAction as A;

/// Seats in the entered order: the spec's examples name seats 0, 1, 2 in turn order.
fn opts(players: u8) -> TurncoatsOptions {
    TurncoatsOptions {
        players,
        seating: Seating::AsEntered,
    }
}

/// A new game's options: the turn order drawn from the seed (D3).
fn drawn(players: u8) -> TurncoatsOptions {
    TurncoatsOptions {
        players,
        ..TurncoatsOptions::default()
    }
}

fn st(red: u8, blue: u8, black: u8) -> Stones {
    Stones::new(red, blue, black)
}

/// A position: these area contents (others empty), hands, AXE and FLAG; the bag holds the rest
/// of the 63 stones. Seat 0 to choose, streak 0.
fn position(
    areas: &[(usize, Stones)],
    hands: &[Stones],
    axe: Stones,
    flag: Stones,
) -> TurncoatsState {
    let mut s = Turncoats::new(&opts(hands.len() as u8), &mut setup_rng(0)).unwrap();
    s.board = Board {
        axe,
        flag,
        ..Board::default()
    };
    for &(a, n) in areas {
        s.board.areas[a] = n;
    }
    s.hands = hands.to_vec();
    let used = s
        .hands
        .iter()
        .fold(s.board.on_table(), |acc, h| acc.plus(h));
    s.bag = st(
        PER_COLOUR - used.red,
        PER_COLOUR - used.blue,
        PER_COLOUR - used.black,
    );
    s.hunches = (0..hands.len()).map(|o| Hunch::at_setup(&s, o)).collect();
    s
}

fn conserved(s: &TurncoatsState) {
    assert_eq!(
        s.census(),
        st(PER_COLOUR, PER_COLOUR, PER_COLOUR),
        "§2 conservation"
    );
}

/// Applies an illegal action and checks that it is refused and nothing changed.
fn refused(s: &mut TurncoatsState, a: TurncoatsAction) -> Illegal {
    let before = serde_json::to_string(s).unwrap();
    let err = Turncoats::apply(s, &a).expect_err("must be refused");
    assert_eq!(
        serde_json::to_string(s).unwrap(),
        before,
        "{a:?} changed the state"
    );
    err
}

// ---------------------------------------------------------------- §3 setup

#[test]
fn setup_per_player_count() {
    for (players, bag) in [(2u8, 25u8), (3, 17), (4, 9), (5, 1)] {
        for seed in 0..20 {
            let s = Turncoats::new(&opts(players), &mut setup_rng(seed)).unwrap();
            conserved(&s);
            assert_eq!(s.hands.len(), players as usize);
            assert!(s.hands.iter().all(|h| h.total() == HAND_SIZE));
            assert_eq!(s.bag.total(), bag, "§3 table, {players} players");
            let on_map: u8 = s.board.areas.iter().map(Stones::total).sum();
            assert_eq!(on_map, 22);
            for area in map::AREAS.iter() {
                let n = s.board.areas[area.id as usize];
                assert_eq!(n.total(), 2, "two stones in {}", area.name);
                if let Some(c) = area.homeland {
                    assert_eq!(n, Stones::of(c, 2), "§3.2 homeland {}", area.name);
                }
            }
            assert!(s.board.axe.is_empty() && s.board.flag.is_empty());
            assert_eq!((s.mover, s.streak, s.phase), (0, 0, Phase::Choose));
        }
    }
    // 63 = 22 + 5 × 8 + 1: exactly enough for five players with one spare.
    assert_eq!(3 * PER_COLOUR as u32, 22 + 5 * HAND_SIZE as u32 + 1);
    for bad in [0, 1, 6] {
        assert!(Turncoats::new(&opts(bad), &mut setup_rng(1)).is_err());
    }
}

#[test]
fn setup_pairs_are_random() {
    // §3.3: the eight non-homeland areas differ between seeds.
    let a = Turncoats::new(&opts(3), &mut setup_rng(1)).unwrap();
    let differs = (2..30).any(|seed| {
        Turncoats::new(&opts(3), &mut setup_rng(seed))
            .unwrap()
            .board
            != a.board
    });
    assert!(differs);
}

// ---------------------------------------------------------------- §4.1 Recruit

#[test]
fn recruit_moves_a_hand_stone_to_any_area() {
    let mut s = position(
        &[(3, st(2, 0, 0))],
        &[st(1, 1, 0), st(0, 0, 2)],
        Stones::NONE,
        Stones::NONE,
    );
    s.streak = 1;
    Turncoats::apply(
        &mut s,
        &A::Recruit {
            colour: Blue,
            area: 3,
        },
    )
    .unwrap();
    assert_eq!(s.board.areas[3], st(2, 1, 0));
    assert_eq!(s.hands[0], st(1, 0, 0));
    assert_eq!(
        (s.streak, s.mover, s.turns),
        (0, 1, 1),
        "streak reset, turn passes"
    );
    conserved(&s);
    // Seat 1 holds no red; the lake and off-map ids are never targets.
    refused(
        &mut s,
        A::Recruit {
            colour: Red,
            area: 0,
        },
    );
    refused(
        &mut s,
        A::Recruit {
            colour: Black,
            area: 11,
        },
    );
    refused(
        &mut s,
        A::Recruit {
            colour: Black,
            area: u8::MAX,
        },
    );
    // An empty area is fine.
    Turncoats::apply(
        &mut s,
        &A::Recruit {
            colour: Black,
            area: 10,
        },
    )
    .unwrap();
    assert_eq!(s.board.areas[10], st(0, 0, 1));
}

// ---------------------------------------------------------------- §4.2 Battle, §6.4 example 3

fn example3(colour: Colour) -> TurncoatsState {
    let hand = Stones::of(colour, 1);
    position(
        &[(5, st(2, 3, 1))],
        &[hand, st(1, 1, 1)],
        Stones::NONE,
        Stones::NONE,
    )
}

#[test]
fn battle_example_3_red_chooses_the_split() {
    let mut s = example3(Red);
    let bag_before = s.bag;
    Turncoats::apply(
        &mut s,
        &A::Battle {
            colour: Red,
            area: 5,
        },
    )
    .unwrap();
    assert_eq!(
        s.board.axe,
        st(1, 0, 0),
        "the battle stone stays on the AXE"
    );
    assert_eq!(
        s.phase,
        Phase::Kill {
            colour: Red,
            area: 5,
            count: 2
        }
    );
    assert_eq!(s.mover, 0, "the same player chooses the split");
    let splits = Turncoats::legal(&s);
    assert_eq!(
        splits,
        vec![
            A::Kill { kills: st(0, 1, 1) },
            A::Kill { kills: st(0, 2, 0) }
        ],
        "2 blue, or 1 blue + 1 black"
    );
    refused(&mut s, A::Kill { kills: st(0, 0, 2) }); // only one black there
    refused(&mut s, A::Kill { kills: st(1, 1, 0) }); // red never kills red
    refused(&mut s, A::Kill { kills: st(0, 1, 0) }); // K = 2 is compulsory (D4)
    refused(&mut s, A::Negotiate);
    Turncoats::apply(&mut s, &A::Kill { kills: st(0, 2, 0) }).unwrap();
    assert_eq!(
        s.board.areas[5],
        st(2, 1, 1),
        "red now has a clear majority"
    );
    assert_eq!(s.board.control(5), Some(Red));
    assert_eq!(
        s.bag,
        bag_before.plus(&st(0, 2, 0)),
        "killed stones go to the bag"
    );
    assert_eq!((s.mover, s.phase), (1, Phase::Choose));
    conserved(&s);
}

#[test]
fn battle_example_3_black_and_blue() {
    // Black: k = 1, kill one red or one blue.
    let mut s = example3(Black);
    Turncoats::apply(
        &mut s,
        &A::Battle {
            colour: Black,
            area: 5,
        },
    )
    .unwrap();
    assert_eq!(
        Turncoats::legal(&s),
        vec![
            A::Kill { kills: st(0, 1, 0) },
            A::Kill { kills: st(1, 0, 0) }
        ]
    );
    Turncoats::apply(&mut s, &A::Kill { kills: st(1, 0, 0) }).unwrap();
    assert_eq!(s.board.areas[5], st(1, 3, 1));
    // Blue: k = 3, e = 3: every enemy dies, no choice, so no sub-step.
    let mut s = example3(Blue);
    Turncoats::apply(
        &mut s,
        &A::Battle {
            colour: Blue,
            area: 5,
        },
    )
    .unwrap();
    assert_eq!(s.board.areas[5], st(0, 3, 0));
    assert_eq!(s.board.axe, st(0, 1, 0));
    assert_eq!((s.mover, s.phase, s.streak), (1, Phase::Choose, 0));
    conserved(&s);
}

#[test]
fn battle_without_kills_is_legal_and_only_feeds_the_axe() {
    // D5: no red stones in area 1 (k = 0) and no enemies in area 2 (e = 0).
    let mut s = position(
        &[(1, st(0, 2, 0)), (2, st(3, 0, 0))],
        &[st(3, 0, 0), st(0, 1, 0)],
        Stones::NONE,
        Stones::NONE,
    );
    let battles: Vec<_> = Turncoats::legal(&s)
        .into_iter()
        .filter(|a| matches!(a, A::Battle { .. }))
        .collect();
    // Only area 1 would kill anything... it has no red: every red battle kills nothing, and
    // only one of them (the first area) is offered.
    assert_eq!(
        battles,
        vec![A::Battle {
            colour: Red,
            area: 0
        }]
    );
    for area in [1, 2, 7] {
        let mut t = s.clone();
        Turncoats::apply(&mut t, &A::Battle { colour: Red, area }).unwrap();
        assert_eq!(t.board.areas, s.board.areas, "no stone killed");
        assert_eq!(t.board.axe, st(1, 0, 0));
        assert_eq!(t.mover, 1);
    }
    refused(
        &mut s,
        A::Battle {
            colour: Blue,
            area: 1,
        },
    ); // no blue in hand
    refused(
        &mut s,
        A::Battle {
            colour: Red,
            area: 11,
        },
    );
}

#[test]
fn battle_with_one_enemy_colour_kills_at_once() {
    let mut s = position(
        &[(7, st(3, 0, 5))],
        &[st(1, 0, 0), st(0, 1, 0)],
        Stones::NONE,
        Stones::NONE,
    );
    Turncoats::apply(
        &mut s,
        &A::Battle {
            colour: Red,
            area: 7,
        },
    )
    .unwrap();
    assert_eq!(s.board.areas[7], st(3, 0, 2), "K = min(3, 5) = 3 black");
    assert_eq!(s.phase, Phase::Choose);
    assert_eq!(s.bag.black, PER_COLOUR - 2);
}

// ---------------------------------------------------------------- §4.3 March, §6.4 example 4

fn example4() -> TurncoatsState {
    position(
        &[(4, st(1, 3, 0))],
        &[st(0, 2, 0), st(1, 0, 1)],
        Stones::NONE,
        Stones::NONE,
    )
}

#[test]
fn march_example_4() {
    let mut s = example4();
    refused(
        &mut s,
        A::March {
            colour: Blue,
            from: 4,
            to: 7,
        },
    ); // not adjacent
    refused(
        &mut s,
        A::March {
            colour: Blue,
            from: 4,
            to: 11,
        },
    );
    refused(
        &mut s,
        A::March {
            colour: Blue,
            from: 0,
            to: 1,
        },
    ); // no blue in area 0
    refused(
        &mut s,
        A::March {
            colour: Red,
            from: 4,
            to: 6,
        },
    ); // no red in hand
    Turncoats::apply(
        &mut s,
        &A::March {
            colour: Blue,
            from: 4,
            to: 6,
        },
    )
    .unwrap();
    assert_eq!(s.board.flag, st(0, 1, 0));
    assert_eq!(
        s.phase,
        Phase::MarchCount {
            colour: Blue,
            from: 4,
            to: 6
        }
    );
    assert_eq!(
        Turncoats::legal(&s),
        (1..=3)
            .map(|count| A::MarchCount { count })
            .collect::<Vec<_>>()
    );
    refused(&mut s, A::MarchCount { count: 0 }); // "one or more" (D6)
    refused(&mut s, A::MarchCount { count: 4 });
    Turncoats::apply(&mut s, &A::MarchCount { count: 2 }).unwrap();
    assert_eq!(s.board.areas[4], st(1, 1, 0), "the red stone does not move");
    assert_eq!(
        s.board.areas[6],
        st(0, 2, 0),
        "all moved stones go to one area"
    );
    assert_eq!(
        (s.mover, s.phase, s.hands[0]),
        (1, Phase::Choose, st(0, 1, 0))
    );
    conserved(&s);
}

#[test]
fn march_of_a_single_stone_needs_no_count_and_an_absent_colour_cannot_march() {
    let mut s = example4();
    s.mover = 1;
    // Seat 1 holds red and black; black is nowhere on the map (D6: no empty march).
    assert!(!Turncoats::legal(&s)
        .iter()
        .any(|a| matches!(a, A::March { colour: Black, .. })));
    refused(
        &mut s,
        A::March {
            colour: Black,
            from: 4,
            to: 6,
        },
    );
    Turncoats::apply(
        &mut s,
        &A::March {
            colour: Red,
            from: 4,
            to: 0,
        },
    )
    .unwrap();
    assert_eq!(s.board.areas[0], st(1, 0, 0));
    assert_eq!(s.board.areas[4], st(0, 3, 0));
    assert_eq!((s.mover, s.phase), (0, Phase::Choose));
}

// ---------------------------------------------------------------- §4.4 Negotiate, §6.1 end

fn negotiate(s: &mut TurncoatsState, draw: Colour, give: Colour) {
    Turncoats::apply(s, &A::Negotiate).unwrap();
    assert_eq!(Turncoats::to_move(s), ToMove::Chance);
    Turncoats::apply(s, &A::Draw { colour: draw }).unwrap();
    Turncoats::apply(s, &A::NegotiateReturn { colour: give }).unwrap();
}

#[test]
fn negotiate_draws_secretly_and_returns_publicly() {
    let mut s = position(
        &[(0, st(1, 1, 1))],
        &[st(2, 0, 0), st(0, 3, 0)],
        Stones::NONE,
        Stones::NONE,
    );
    let bag = s.bag;
    Turncoats::apply(&mut s, &A::Negotiate).unwrap();
    assert_eq!(s.phase, Phase::Draw);
    assert_eq!(Turncoats::to_move(&s), ToMove::Chance);
    assert!(Turncoats::legal(&s).is_empty());
    assert_eq!(
        refused(&mut s, A::NegotiateReturn { colour: Red }),
        Illegal::WrongTurn
    );
    refused(
        &mut s,
        A::Recruit {
            colour: Red,
            area: 0,
        },
    );
    // The draw is weighted by the bag: all 18 reds… draw outcomes are always in the bag.
    for k in 0..50 {
        let A::Draw { colour } = Turncoats::sample_chance(&s, &mut chance_rng(k, 0)) else {
            panic!("a draw")
        };
        assert!(s.bag[colour] > 0);
    }
    Turncoats::apply(&mut s, &A::Draw { colour: Blue }).unwrap();
    assert_eq!(s.hands[0], st(2, 1, 0));
    assert_eq!(s.phase, Phase::Return);
    assert_eq!(
        Turncoats::view(&s, 0).drawn,
        Some(Blue),
        "the drawer sees the colour"
    );
    assert_eq!(Turncoats::view(&s, 1).drawn, None, "others do not");
    assert_eq!(
        Turncoats::describe(
            &s,
            &A::NegotiateReturn { colour: Red },
            1,
            crate::i18n::Lang::En
        )
        .unwrap(),
        "@0 returned a red stone to the bag (1 of 2 negotiations in a row)"
    );
    assert_eq!(
        Turncoats::legal(&s),
        vec![
            A::NegotiateReturn { colour: Red },
            A::NegotiateReturn { colour: Blue }
        ]
    );
    refused(&mut s, A::NegotiateReturn { colour: Black });
    refused(&mut s, A::Negotiate);
    Turncoats::apply(&mut s, &A::NegotiateReturn { colour: Red }).unwrap();
    assert_eq!(s.hands[0], st(1, 1, 0), "hand size unchanged");
    assert_eq!(s.bag.total(), bag.total(), "bag size unchanged");
    assert_eq!((s.streak, s.mover, s.phase), (1, 1, Phase::Choose));
    conserved(&s);
}

#[test]
fn describe_hides_the_draw_from_everyone_but_the_drawer() {
    let mut s = position(
        &[],
        &[st(2, 0, 0), st(0, 3, 0), st(1, 1, 1)],
        Stones::NONE,
        Stones::NONE,
    );
    Turncoats::apply(&mut s, &A::Negotiate).unwrap();
    let draw = A::Draw { colour: Black };
    assert_eq!(
        Turncoats::describe(&s, &draw, 0, crate::i18n::Lang::En).unwrap(),
        "@0 drew a black stone"
    );
    for viewer in [1, 2] {
        let line = Turncoats::describe(&s, &draw, viewer, crate::i18n::Lang::En).unwrap();
        assert_eq!(line, "@0 drew a stone");
        assert!(!line.contains("black"));
    }
}

#[test]
fn an_empty_hand_can_only_negotiate_and_returns_what_it_drew() {
    let mut s = position(
        &[(0, st(1, 0, 0))],
        &[Stones::NONE, st(1, 0, 0)],
        Stones::NONE,
        Stones::NONE,
    );
    assert_eq!(Turncoats::legal(&s), vec![A::Negotiate]);
    Turncoats::apply(&mut s, &A::Negotiate).unwrap();
    Turncoats::apply(&mut s, &A::Draw { colour: Black }).unwrap();
    assert_eq!(
        Turncoats::legal(&s),
        vec![A::NegotiateReturn { colour: Black }]
    );
    Turncoats::apply(&mut s, &A::NegotiateReturn { colour: Black }).unwrap();
    assert!(s.hands[0].is_empty());
}

#[test]
fn game_ends_after_n_negotiations_in_a_row() {
    // §6.1 example: A neg, B neg, C recruits, A neg, B neg, C neg → ends after C.
    let hands = [st(3, 0, 0), st(0, 3, 0), st(0, 0, 3)];
    let mut s = position(&[], &hands, Stones::NONE, Stones::NONE);
    negotiate(&mut s, Red, Red);
    negotiate(&mut s, Red, Red);
    assert_eq!(s.streak, 2);
    Turncoats::apply(
        &mut s,
        &A::Recruit {
            colour: Black,
            area: 0,
        },
    )
    .unwrap();
    assert_eq!(s.streak, 0, "any other action resets the streak");
    negotiate(&mut s, Red, Red);
    negotiate(&mut s, Red, Red);
    assert_eq!(s.mover, 2);
    assert!(Turncoats::outcome(&s).is_none());
    // D13: the last negotiator still returns a stone before the end.
    Turncoats::apply(&mut s, &A::Negotiate).unwrap();
    Turncoats::apply(&mut s, &A::Draw { colour: Blue }).unwrap();
    assert_eq!(Turncoats::to_move(&s), ToMove::Seat(2));
    Turncoats::apply(&mut s, &A::NegotiateReturn { colour: Blue }).unwrap();
    assert_eq!(Turncoats::to_move(&s), ToMove::Over);
    assert_eq!(s.mover, 2, "the ender");
    assert_eq!(s.hands[2], st(0, 0, 2));
    assert!(Turncoats::outcome(&s).is_some());
    assert_eq!(refused(&mut s, A::Negotiate), Illegal::GameOver);
    // Or: B neg, C neg, A neg → ends after A (the run may start with any seat).
    let mut s = position(&[], &hands, Stones::NONE, Stones::NONE);
    Turncoats::apply(
        &mut s,
        &A::Recruit {
            colour: Red,
            area: 0,
        },
    )
    .unwrap();
    negotiate(&mut s, Red, Blue);
    negotiate(&mut s, Red, Black);
    assert_eq!(s.phase, Phase::Choose);
    negotiate(&mut s, Red, Red);
    assert_eq!((s.phase, s.mover), (Phase::Over, 0));
}

// ---------------------------------------------------------------- §5 control

fn board(axe: Stones, flag: Stones) -> Board {
    Board {
        axe,
        flag,
        ..Board::default()
    }
}

fn controller(b: &Board, area: Stones) -> Option<Colour> {
    let mut b = *b;
    b.areas[0] = area;
    b.control(0)
}

#[test]
fn control_position_p1() {
    let b = board(st(1, 3, 4), st(2, 0, 1));
    assert_eq!(controller(&b, st(3, 1, 0)), Some(Red), "clear majority");
    assert_eq!(
        controller(&b, st(2, 2, 1)),
        Some(Blue),
        "AXE 1 vs 3; black's 4 AXE stones do not count"
    );
    assert_eq!(controller(&b, st(1, 0, 1)), Some(Black), "AXE 1 vs 4");
    assert_eq!(controller(&b, Stones::NONE), None, "empty");
    let mut with = b;
    with.areas[0] = st(2, 2, 1);
    assert_eq!(with.control_of(0), (Some(Blue), Decider::Axe));
}

#[test]
fn control_position_p2_second_tiebreak() {
    let mut b = board(st(2, 2, 4), st(2, 0, 1));
    b.areas[0] = st(2, 2, 0);
    assert_eq!(b.control_of(0), (Some(Red), Decider::Flag));
}

#[test]
fn control_position_p3_contested() {
    let mut b = board(st(1, 1, 1), st(0, 1, 1));
    b.areas[0] = st(0, 1, 1);
    assert_eq!(b.control_of(0), (None, Decider::Contested));
    let standings = b.standings();
    assert_eq!((standings.contested, standings.empty), (1, 10));
}

// ---------------------------------------------------------------- §6.2–6.4 scoring

/// A board where red, blue, black control `r`, `b`, `k` areas by clear majority, then `contested`
/// areas with a 1–1 red/blue tie that survives (needs equal red and blue AXE and FLAG).
fn scored_board(
    r: usize,
    b: usize,
    k: usize,
    contested: usize,
    axe: Stones,
    flag: Stones,
) -> Board {
    let mut board = board(axe, flag);
    let mut a = 0;
    for (c, n) in [(Red, r), (Blue, b), (Black, k)] {
        for _ in 0..n {
            board.areas[a] = Stones::of(c, 1);
            a += 1;
        }
    }
    for _ in 0..contested {
        board.areas[a] = st(1, 1, 0);
        a += 1;
    }
    assert!(a <= AREA_COUNT);
    board
}

/// The game over with `ender` having taken the final negotiation.
fn ended(board: Board, hands: &[Stones], ender: usize) -> TurncoatsState {
    let mut s = position(&[], hands, Stones::NONE, Stones::NONE);
    s.board = board;
    s.phase = Phase::Over;
    s.mover = ender;
    s
}

#[test]
fn example_1_red_wins_on_the_flag_and_ann_on_fewer_losing_stones() {
    // Seats Ann 0, Bo 1, Cy 2; Ann's negotiation ends the game: priority Bo, Cy, Ann.
    let b = scored_board(4, 4, 2, 0, st(3, 3, 1), st(2, 1, 2));
    let standings = b.standings();
    assert_eq!(standings.areas, st(4, 4, 2));
    assert_eq!(
        (standings.leader, standings.leader_decided_by),
        (Some(Red), Decider::Flag)
    );
    let s = ended(b, &[st(3, 1, 0), st(3, 0, 2), st(2, 0, 0)], 0);
    assert_eq!(s.priority_first(), 1);
    let out = Turncoats::outcome(&s).unwrap();
    assert_eq!(out.ranks, vec![0, 1, 2], "Ann, Bo, Cy");
    assert_eq!(out.scores, vec![3.0, 3.0, 2.0]);
    assert_eq!(out.winners(), vec![0]);
}

#[test]
fn example_1_counts_leave_no_area_contested_so_its_eleventh_area_is_empty() {
    // Under AXE 3, 3, 1 and FLAG 2, 1, 2 every tie is broken (red/blue by the FLAG, any pair with
    // black by the AXE), so the example's "1 contested" area can only be an empty one.
    let b = scored_board(4, 4, 2, 0, st(3, 3, 1), st(2, 1, 2));
    for r in 0..4 {
        for u in 0..4 {
            for k in 0..4 {
                let n = st(r, u, k);
                assert_eq!(controller(&b, n).is_none(), n.is_empty(), "{n:?}");
            }
        }
    }
    let standings = b.standings();
    assert_eq!((standings.empty, standings.contested), (1, 0));
    assert_eq!(standings.control[10], None);
}

#[test]
fn example_1_variant_priority_order_decides() {
    let b = scored_board(4, 4, 2, 0, st(3, 3, 1), st(2, 1, 2));
    let s = ended(b, &[st(3, 1, 1), st(3, 0, 2), st(2, 0, 0)], 0);
    let out = Turncoats::outcome(&s).unwrap();
    assert_eq!(out.ranks, vec![1, 0, 2], "Bo, Ann, Cy");
    assert_eq!(s.priority_order(), vec![1, 2, 0]);
    assert_eq!(
        final_ranking(&s.hands, Some(Red), s.priority_order()),
        vec![1, 0, 2]
    );
}

#[test]
fn example_2_no_winning_colour_fewest_stones_then_priority() {
    // Red 4, blue 4, black 3; AXE 2, 2, 5; FLAG 1, 1, 0: black is no candidate.
    let b = scored_board(4, 4, 3, 0, st(2, 2, 5), st(1, 1, 0));
    assert_eq!(b.standings().leader_decided_by, Decider::Contested);
    assert_eq!(b.winning_colour(), None);
    let s = ended(b, &[st(1, 1, 0), st(0, 0, 1), st(0, 1, 0)], 0);
    let out = Turncoats::outcome(&s).unwrap();
    assert_eq!(out.ranks, vec![2, 0, 1], "Bo, Cy, Ann");
    assert_eq!(out.scores, vec![0.0; 3]);
}

#[test]
fn all_colours_at_zero_areas_go_to_the_tiebreaks() {
    // §6.2 note: every colour controls 0 areas → all are candidates → the AXE decides.
    let mut b = board(st(0, 2, 1), Stones::NONE);
    b.areas[0] = st(1, 1, 1); // a three-way tie broken by the AXE: blue
    assert_eq!(b.control(0), Some(Blue));
    let b = board(st(0, 2, 1), Stones::NONE);
    assert_eq!(b.standings().areas, Stones::NONE);
    assert_eq!(b.winning_colour(), Some(Blue));
    assert_eq!(
        board(st(1, 1, 0), st(0, 0, 5)).winning_colour(),
        None,
        "black's FLAG is no help once the AXE has dropped it"
    );
}

#[test]
fn turn_order_priority_starts_after_the_ender() {
    // Identical hands: the priority order alone decides (D9).
    let b = scored_board(2, 0, 0, 0, Stones::NONE, Stones::NONE);
    let hands = [st(1, 0, 0); 4];
    for ender in 0..4 {
        let out = Turncoats::outcome(&ended(b, &hands, ender)).unwrap();
        for place in 0..4 {
            assert_eq!(out.ranks[(ender + 1 + place) % 4], place);
        }
    }
    // Played for real: 3 players, A recruits, then B, C, A negotiate: A ends; B has priority.
    let mut s = position(
        &[],
        &[st(1, 0, 0), st(1, 0, 0), st(1, 0, 0)],
        Stones::NONE,
        Stones::NONE,
    );
    s.bag = st(PER_COLOUR - 3, PER_COLOUR, PER_COLOUR);
    negotiate(&mut s, Blue, Blue);
    negotiate(&mut s, Blue, Blue);
    negotiate(&mut s, Blue, Blue);
    assert_eq!((s.phase, s.mover), (Phase::Over, 2));
    // No area is controlled and AXE/FLAG are empty: no colour; equal hand sizes; priority from 0.
    assert_eq!(Turncoats::outcome(&s).unwrap().ranks, vec![0, 1, 2]);
}

// ---------------------------------------------------------------- UI helpers

#[test]
fn targets_of_a_hand_stone() {
    let s = example4();
    let t = s.targets(Blue);
    assert_eq!(t.recruit, (0..11).collect::<Vec<u8>>());
    assert_eq!(t.battle.len(), 11);
    assert!(
        t.battle.contains(&(4, 1)),
        "blue battle in area 4 kills the red stone"
    );
    assert!(t.battle.contains(&(0, 0)));
    assert_eq!(t.march, vec![(4, 0), (4, 1), (4, 2), (4, 6)]);
    assert_eq!(s.targets(Red), Targets::default(), "seat 0 holds no red");
    let v = Turncoats::view(&s, 0);
    assert_eq!(v.targets(Blue), t);
    assert_eq!(
        Turncoats::view(&s, 1).targets(Red),
        Targets::default(),
        "not seat 1's turn"
    );
    // Every target is a legal action (no-kill battles included, D5).
    for &a in &t.recruit {
        assert!(Turncoats::apply(
            &mut s.clone(),
            &A::Recruit {
                colour: Blue,
                area: a
            }
        )
        .is_ok());
    }
    for &(a, _) in &t.battle {
        assert!(Turncoats::apply(
            &mut s.clone(),
            &A::Battle {
                colour: Blue,
                area: a
            }
        )
        .is_ok());
    }
    for &(from, to) in &t.march {
        assert!(Turncoats::apply(
            &mut s.clone(),
            &A::March {
                colour: Blue,
                from,
                to
            }
        )
        .is_ok());
    }
}

#[test]
fn unseen_pool_helper() {
    let s = example4();
    let v = Turncoats::view(&s, 0);
    // 21 − map − own hand: red 21 − 1, blue 21 − 3 − 2, black 21.
    assert_eq!(v.unseen(), st(20, 16, 21));
    assert_eq!(v.unseen().total(), v.bag_size + v.hand_sizes[1]);
}

// ---------------------------------------------------------------- §7 hidden information

/// Move one hidden stone between two places `viewer` cannot see, changing their colours but no
/// public count. Returns false if no such swap exists.
fn shuffle_hidden(s: &mut TurncoatsState, viewer: usize, rng: &mut Rng) -> bool {
    let n = s.hands.len();
    let holders: Vec<usize> = (0..=n).filter(|&h| h != viewer).collect();
    for _ in 0..20 {
        let a = holders[rng.random_range(0..holders.len())];
        let b = holders[rng.random_range(0..holders.len())];
        let get = |s: &TurncoatsState, h: usize| if h == n { s.bag } else { s.hands[h] };
        let (x, y) = (get(s, a), get(s, b));
        let cx = Colour::ALL[rng.random_range(0..3)];
        let cy = Colour::ALL[rng.random_range(0..3)];
        if a == b || cx == cy || x[cx] == 0 || y[cy] == 0 {
            continue;
        }
        let mut put = |h: usize, take: Colour, give: Colour| {
            let t = if h == n { &mut s.bag } else { &mut s.hands[h] };
            t[take] -= 1;
            t[give] += 1;
        };
        put(a, cx, cy);
        put(b, cy, cx);
        return true;
    }
    false
}

#[test]
fn a_view_never_depends_on_hidden_stones() {
    // The serialized view of a seat is identical whatever the other hands and the bag hold, and
    // it has no field for them or for the RNG.
    let mut rng = Rng::seed_from_u64(11);
    let mut swaps = 0;
    for players in 2..=5 {
        for seed in 0..30 {
            let mut m = Match::<Turncoats>::new(drawn(players), seed).unwrap();
            while let ToMove::Seat(_) = m.to_move() {
                let s = m.state();
                for viewer in 0..players as usize {
                    let view = serde_json::to_string(&Turncoats::view(s, viewer)).unwrap();
                    let mut other = s.clone();
                    if shuffle_hidden(&mut other, viewer, &mut rng) {
                        swaps += 1;
                        if other.mover != viewer {
                            other.drawn = None; // the secret draw may change with the swap
                        }
                        let again =
                            serde_json::to_string(&Turncoats::view(&other, viewer)).unwrap();
                        assert_eq!(view, again, "view of {viewer} leaks hidden stones");
                    }
                    let json: serde_json::Value = serde_json::from_str(&view).unwrap();
                    for field in ["hands", "bag", "rng", "seed"] {
                        assert!(json.get(field).is_none(), "view has a `{field}` field");
                    }
                    assert!(json["revealed"].is_null());
                    if s.mover != viewer {
                        assert!(json["drawn"].is_null());
                    }
                }
                let legal = Turncoats::legal(m.state());
                let a = legal[rng.random_range(0..legal.len())];
                m.play(&a).unwrap();
            }
            let end = Turncoats::view(m.state(), 0);
            assert_eq!(
                end.revealed.as_ref(),
                Some(&m.state().hands),
                "§7: hands revealed at the end"
            );
        }
    }
    assert!(swaps > 1000);
}

#[test]
fn determinize_respects_every_public_count() {
    let mut rng = Rng::seed_from_u64(5);
    for players in 2..=5 {
        for seed in 0..40 {
            let mut m = Match::<Turncoats>::new(drawn(players), seed).unwrap();
            while let ToMove::Seat(seat) = m.to_move() {
                let s = m.state();
                let v = Turncoats::view(s, seat);
                for k in 0..4 {
                    let d = if k % 2 == 0 {
                        Turncoats::determinize(&v, &mut rng)
                    } else {
                        dealt_state(&v, &mut rng, sample)
                    };
                    conserved(&d);
                    assert_eq!(d.hands[seat], s.hands[seat], "own hand exact");
                    assert_eq!(d.board, s.board);
                    assert_eq!(d.bag.total(), s.bag.total());
                    for p in 0..players as usize {
                        assert_eq!(d.hands[p].total(), s.hands[p].total());
                    }
                    assert_eq!((d.mover, d.phase, d.streak), (s.mover, s.phase, s.streak));
                    assert_eq!(d.order, s.order, "§7: the seating is public");
                    assert_eq!(
                        Turncoats::legal(&d),
                        Turncoats::legal(s),
                        "the mover's moves"
                    );
                }
                let legal = Turncoats::legal(s);
                let a = legal[rng.random_range(0..legal.len())];
                m.play(&a).unwrap();
            }
        }
    }
}

#[test]
fn with_five_players_a_return_tells_everyone_what_the_bag_holds() {
    // §7 evidence: the bag holds one stone; after a negotiation it is the returned one, so every
    // determinization of every other seat puts exactly that colour in the bag.
    let mut rng = Rng::seed_from_u64(9);
    let mut checked = 0;
    for seed in 0..40 {
        let mut m = Match::<Turncoats>::new(opts(5), seed).unwrap();
        let mut known: Option<Colour> = None;
        while let ToMove::Seat(seat) = m.to_move() {
            if let Some(c) = known {
                assert_eq!(m.state().bag, Stones::of(c, 1));
                if m.state().phase == Phase::Choose {
                    let v = Turncoats::view(m.state(), seat);
                    for k in 0..6 {
                        let d = if k % 2 == 0 {
                            Turncoats::determinize(&v, &mut rng)
                        } else {
                            dealt_state(&v, &mut rng, sample)
                        };
                        assert_eq!(d.bag, Stones::of(c, 1), "{:?} {:?}", v.hunch, m.state());
                    }
                    checked += 1;
                }
            }
            let legal = Turncoats::legal(m.state());
            let a = if crate::engine::random_bool(&mut rng, 0.4) {
                A::Negotiate
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            let a = if legal.contains(&a) { a } else { legal[0] };
            m.play(&a).unwrap();
            match a {
                A::NegotiateReturn { colour } if m.state().bag.total() == 1 => known = Some(colour),
                A::Negotiate => known = None,
                _ if m.state().bag.total() != 1 => known = None, // a battle killed stones
                _ => {}
            }
        }
    }
    assert!(checked > 50, "only {checked} positions checked");
}

#[test]
fn returned_and_killed_colours_raise_the_bags_expectation() {
    // Two players: seat 1 returns three blacks; seat 0 now expects more black in the bag than
    // the uniform share, and the seat-1 hand hunch still sums to its size.
    let mut s = Turncoats::new(&opts(2), &mut setup_rng(4)).unwrap();
    let uniform = s.hunches[0].bag()[2];
    s.hands[1] = st(2, 2, 4);
    s.hands[0] = st(4, 4, 0);
    let rest = s.board.on_table().plus(&s.hands[0]).plus(&s.hands[1]);
    s.bag = st(21 - rest.red, 21 - rest.blue, 21 - rest.black);
    s.hunches = (0..2).map(|o| Hunch::at_setup(&s, o)).collect();
    let before = s.hunches[0].bag()[2];
    s.mover = 1;
    for _ in 0..3 {
        Turncoats::apply(&mut s, &A::Negotiate).unwrap();
        Turncoats::apply(&mut s, &A::Draw { colour: Red }).unwrap();
        Turncoats::apply(&mut s, &A::NegotiateReturn { colour: Black }).unwrap();
        s.mover = 1;
        s.streak = 0;
    }
    let after = s.hunches[0].bag();
    assert!(
        after[2] > before + 1.0,
        "black in bag {before} → {}",
        after[2]
    );
    let _ = uniform;
    let hand: f64 = s.hunches[0].hand(1).iter().sum();
    assert!((hand - s.hands[1].total() as f64).abs() < 1e-6);
    let bag: f64 = after.iter().sum();
    assert!((bag - s.bag.total() as f64).abs() < 1e-6);
    // Seat 1 knows its own draws exactly and the hunch row of its own hand is exact.
    assert_eq!(
        s.hunches[1].hand(1),
        [
            s.hands[1].red as f64,
            s.hands[1].blue as f64,
            s.hands[1].black as f64
        ]
    );
}

// ---------------------------------------------------------------- random playouts

/// A junk action for the current phase, likely illegal. Its numbers are near the legal ones
/// or anywhere in `u8`, so counts that add past 255 (a kill of 0 + 200 + 100) come up often.
fn junk(rng: &mut Rng) -> TurncoatsAction {
    let c = Colour::ALL[rng.random_range(0..3)];
    let kind = rng.random_range(0..8);
    let mut number = |near: u8| {
        if crate::engine::random_bool(rng, 0.5) {
            rng.random_range(0..near)
        } else {
            rng.random()
        }
    };
    let area = number(13);
    match kind {
        0 => A::Recruit { colour: c, area },
        1 => A::Battle { colour: c, area },
        2 => A::Kill {
            kills: st(number(4), number(4), number(4)),
        },
        3 => A::March {
            colour: c,
            from: area,
            to: number(13),
        },
        4 => A::MarchCount { count: number(6) },
        5 => A::Negotiate,
        6 => A::Draw { colour: c },
        _ => A::NegotiateReturn { colour: c },
    }
}

/// Equivalent for the rules: no-kill battles of one colour differ only in the logged area.
fn offered(legal: &[TurncoatsAction], s: &TurncoatsState, a: &TurncoatsAction) -> bool {
    match *a {
        A::Battle { colour, area } if (area as usize) < AREA_COUNT && s.board.battle_kills(colour, area as usize) == 0 => {
            legal.iter().any(|l| matches!(*l, A::Battle { colour: c, area: x } if c == colour && s.board.battle_kills(c, x as usize) == 0))
        }
        _ => legal.contains(a),
    }
}

#[test]
fn ten_thousand_random_games_keep_every_invariant() {
    let mut rng = Rng::seed_from_u64(2024);
    let mut legal = Vec::new();
    let mut ends = [0usize; 6];
    for game in 0..10_000u64 {
        let players = 2 + (game % 4) as u8;
        let deep = game % 50 == 0;
        let mut s = Turncoats::new(&drawn(players), &mut setup_rng(game)).unwrap();
        if game % 2 == 1 {
            s.hunches.clear(); // half the games as the AI plays them, without hunches
        }
        conserved(&s);
        let mut actions = 0;
        loop {
            match Turncoats::to_move(&s) {
                ToMove::Over => break,
                ToMove::Chance => {
                    let d = Turncoats::sample_chance(&s, &mut rng);
                    Turncoats::apply(&mut s, &d).unwrap();
                }
                ToMove::Seat(seat) => {
                    assert_eq!(seat, s.mover);
                    Turncoats::legal_actions(&s, &mut legal);
                    assert!(!legal.is_empty(), "a seat to move always has an action");
                    if deep {
                        for a in &legal {
                            let mut t = s.clone();
                            Turncoats::apply(&mut t, a).unwrap();
                            conserved(&t);
                        }
                    }
                    // Junk in every game, extreme counts included: refused, never a panic.
                    if crate::engine::random_bool(&mut rng, 0.3) {
                        let j = junk(&mut rng);
                        if !offered(&legal, &s, &j) {
                            refused(&mut s, j);
                        }
                    }
                    // Mostly non-negotiating play keeps the games long; some bias to end.
                    let a = if crate::engine::random_bool(&mut rng, 0.25) {
                        A::Negotiate
                    } else {
                        legal[rng.random_range(0..legal.len())]
                    };
                    let a = if legal.contains(&a) { a } else { legal[0] };
                    Turncoats::apply(&mut s, &a).unwrap();
                    actions += 1;
                }
            }
            conserved(&s);
            assert!(s.turns <= turn_bound(players), "§4.6 bound");
            for h in &s.hunches {
                for (row, e) in h.expected.iter().enumerate() {
                    let size = s.hands.get(row).map_or(s.bag.total(), Stones::total) as f64;
                    assert!((e.iter().sum::<f64>() - size).abs() < 1e-6);
                    assert!(e.iter().all(|&x| x >= 0.0));
                }
            }
            assert!(actions < 10 * turn_bound(players) as usize);
        }
        let out = Turncoats::outcome(&s).unwrap();
        let mut ranks = out.ranks.clone();
        ranks.sort();
        assert_eq!(
            ranks,
            (0..players as usize).collect::<Vec<_>>(),
            "a total order"
        );
        assert_eq!(s.streak, players);
        ends[players as usize] += 1;
    }
    assert_eq!(ends[2..].iter().sum::<usize>(), 10_000);
}

#[test]
fn stalling_play_stays_within_the_turn_bound() {
    // §4.6: spend one stone only after N − 1 negotiations, every time. Turns cycle the seats,
    // so the same seat spends every time: 8N turns, then N closing negotiations. (The bound
    // 8N² + N is safe, not tight.)
    for players in 2..=5u8 {
        let n = players as usize;
        let mut s = Turncoats::new(&drawn(players), &mut setup_rng(1)).unwrap();
        s.hunches.clear();
        let mut rng = Rng::seed_from_u64(1);
        while Turncoats::to_move(&s) != ToMove::Over {
            let legal = Turncoats::legal(&s);
            let a = match s.phase {
                Phase::Choose if (s.streak as usize) < n - 1 || s.hands[s.mover].is_empty() => {
                    A::Negotiate
                }
                Phase::Choose => *legal
                    .iter()
                    .find(|a| matches!(a, A::Recruit { .. }))
                    .unwrap(),
                Phase::Draw => Turncoats::sample_chance(&s, &mut rng),
                _ => legal[0],
            };
            Turncoats::apply(&mut s, &a).unwrap();
        }
        assert_eq!(s.turns, 9 * players as u32);
        assert!(s.turns <= turn_bound(players));
        assert_eq!(turn_bound(5), 205);
    }
}

#[test]
fn records_replay_identically() {
    let mut rng = Rng::seed_from_u64(8);
    for players in 2..=5 {
        let mut m = Match::<Turncoats>::new(drawn(players), 100 + players as u64).unwrap();
        while let ToMove::Seat(_) = m.to_move() {
            let legal = Turncoats::legal(m.state());
            m.play(&legal[rng.random_range(0..legal.len())]).unwrap();
            conserved(m.state());
        }
        let json = m.to_json();
        let again = Match::<Turncoats>::from_json(&json).unwrap();
        assert_eq!(
            serde_json::to_string(again.state()).unwrap(),
            serde_json::to_string(m.state()).unwrap()
        );
        assert_eq!(
            Turncoats::outcome(again.state()),
            Turncoats::outcome(m.state())
        );
        // An edited draw is caught.
        let mut record = m.record().clone();
        let i = record
            .actions
            .iter()
            .position(|a| matches!(a, A::Draw { .. }))
            .unwrap();
        let A::Draw { colour } = record.actions[i] else {
            unreachable!()
        };
        let other = Colour::ALL.into_iter().find(|&c| c != colour).unwrap();
        record.actions[i] = A::Draw { colour: other };
        assert!(Match::<Turncoats>::from_record(record).is_err());
    }
}

#[test]
fn outcome_is_a_total_ranking() {
    let out: Outcome = Turncoats::outcome(&ended(
        scored_board(1, 0, 0, 0, Stones::NONE, Stones::NONE),
        &[st(2, 0, 0), st(2, 0, 0), st(1, 5, 0)],
        2,
    ))
    .unwrap();
    assert_eq!(out.ranks, vec![0, 1, 2]);
}

// ---------------------------------------------------------------- AI hints

/// Two 2-player positions where seat 1 has just negotiated (§6.1), so seat 0's negotiation
/// would end the game, and red holds every area (§6.2: red wins; §6.3: the most red in hand
/// wins). With the flag: seat 0 wins by ending now (8 red; only 2 red are unseen), or loses
/// for sure (no red: at best a tie, and the priority order favours seat 1).
fn one_negotiation_from_the_end() -> [(TurncoatsState, bool); 2] {
    let areas: Vec<(usize, Stones)> = (0..AREA_COUNT).map(|a| (a, st(1, 0, 0))).collect();
    [
        (st(8, 0, 0), st(0, 4, 4), true),
        (st(0, 8, 0), st(2, 0, 6), false),
    ]
    .map(|(hand, other, should_end)| {
        let mut s = position(&areas, &[hand, other], Stones::NONE, Stones::NONE);
        s.streak = 1;
        (s, should_end)
    })
}

#[test]
fn playout_policy_ends_a_won_game_and_plays_on_in_a_lost_one() {
    let mut rng = Rng::seed_from_u64(4);
    for (s, should_end) in one_negotiation_from_the_end() {
        let legal = Turncoats::legal(&s);
        let negotiations = (0..200)
            .filter(|_| Turncoats::rollout_action(&s, &legal, &mut rng) == A::Negotiate)
            .count();
        if should_end {
            assert!(
                negotiations > 150,
                "won: ends the game ({negotiations}/200)"
            );
        } else {
            assert!(negotiations < 50, "lost: plays on ({negotiations}/200)");
        }
        for seat in 0..2 {
            let v = Turncoats::evaluate(&s, seat);
            assert!((0.0..=1.0).contains(&v));
        }
        assert_eq!(
            Turncoats::evaluate(&s, 0) > 0.5,
            should_end,
            "evaluation agrees"
        );
    }
}

#[test]
fn evaluation_gives_a_won_ending_to_the_mover_who_can_end() {
    // Seat 1 has just negotiated; red holds every area. Seat 0 can end the game (§6.1).
    let areas: Vec<(usize, Stones)> = (0..AREA_COUNT).map(|a| (a, st(1, 0, 0))).collect();
    let mut s = position(
        &areas,
        &[st(3, 1, 0), st(2, 2, 2)],
        Stones::NONE,
        Stones::NONE,
    );
    s.streak = 1;
    assert_eq!(Turncoats::evaluate(&s, 0), 1.0, "more red: ending now wins");
    assert_eq!(Turncoats::evaluate(&s, 1), 0.0);
    // With fewer red stones seat 0 must play on: no certainty either way.
    s.hands = vec![st(1, 3, 0), st(2, 2, 2)];
    let v = Turncoats::evaluate(&s, 0);
    assert!(v > 0.0 && v < 1.0, "{v}");
    // Without the streak nobody can end the game yet.
    s.hands = vec![st(3, 1, 0), st(2, 2, 2)];
    s.streak = 0;
    let v = Turncoats::evaluate(&s, 0);
    assert!(v > 0.0 && v < 1.0, "{v}");
}

#[test]
fn playout_policy_always_picks_a_legal_action() {
    let mut rng = Rng::seed_from_u64(6);
    for players in 2..=5 {
        for seed in 0..30 {
            let mut s = Turncoats::new(&opts(players), &mut setup_rng(seed)).unwrap();
            s.hunches.clear();
            while let ToMove::Seat(_) | ToMove::Chance = Turncoats::to_move(&s) {
                let a = if Turncoats::to_move(&s) == ToMove::Chance {
                    Turncoats::sample_chance(&s, &mut rng)
                } else {
                    let legal = Turncoats::legal(&s);
                    let a = Turncoats::rollout_action(&s, &legal, &mut rng);
                    assert!(legal.contains(&a));
                    a
                };
                Turncoats::apply(&mut s, &a).unwrap();
            }
        }
    }
}

#[test]
fn the_log_speaks_hungarian_too() {
    use crate::i18n::Lang;
    let mut s = position(
        &[(4, st(2, 1, 0))],
        &[st(2, 1, 1), st(0, 3, 0)],
        Stones::NONE,
        Stones::NONE,
    );
    let recruit = A::Recruit {
        colour: Red,
        area: 4,
    };
    assert_eq!(
        Turncoats::describe(&s, &recruit, 1, Lang::Hu).unwrap(),
        "@0 piros követ toborzott ide: Keleterdő (4)"
    );
    assert_eq!(
        Turncoats::describe(&s, &recruit, 1, Lang::En).unwrap(),
        "@0 recruited a red stone into Eastwood (4)"
    );
    let battle = A::Battle {
        colour: Red,
        area: 4,
    };
    assert_eq!(
        Turncoats::describe(&s, &battle, 1, Lang::Hu).unwrap(),
        "@0 piros követ tett a FEJSZÉRE, és csatát vívott itt: Keleterdő (4), és levágott 1 kék követ"
    );
    Turncoats::apply(&mut s, &A::Negotiate).unwrap();
    let line = Turncoats::describe(&s, &A::Draw { colour: Black }, 1, Lang::Hu).unwrap();
    assert_eq!(line, "@0 húzott egy követ");
    for a in 0..AREA_COUNT as u8 {
        assert_ne!(map::area_name(a, Lang::Hu), map::area_name(a, Lang::En));
    }
}

#[test]
fn hard_council_ends_a_won_game_and_plays_on_in_a_lost_one() {
    use crate::engine::Level;
    let mut rng = Rng::seed_from_u64(8);
    for (s, should_end) in one_negotiation_from_the_end() {
        let view = Turncoats::view(&s, 0);
        let action = Turncoats::ai_policy(&view, Some(Level::Hard), &mut rng).unwrap();
        assert!(Turncoats::legal(&s).contains(&action));
        assert_eq!(action == A::Negotiate, should_end, "{action:?}");
    }
}

#[test]
fn hard_council_plays_whole_games_legally_and_leaves_other_levels_to_the_search() {
    use crate::engine::Level;
    let mut rng = Rng::seed_from_u64(9);
    for players in 2..=5 {
        let mut s = Turncoats::new(&drawn(players), &mut setup_rng(players as u64)).unwrap();
        let view = Turncoats::view(&s, s.next_seat(s.mover));
        for level in [None, Some(Level::Easy), Some(Level::Normal)] {
            assert_eq!(Turncoats::ai_policy(&view, level, &mut rng), None);
        }
        let mut decisions = 0;
        loop {
            match Turncoats::to_move(&s) {
                ToMove::Over => break,
                ToMove::Chance => {
                    let draw = Turncoats::sample_chance(&s, &mut rng);
                    Turncoats::apply(&mut s, &draw).unwrap();
                }
                ToMove::Seat(seat) => {
                    // Not this seat's turn: the council has nothing to decide.
                    let idle = s.next_seat(seat);
                    let other = Turncoats::view(&s, idle);
                    assert_eq!(
                        Turncoats::ai_policy(&other, Some(Level::Hard), &mut rng),
                        None
                    );
                    let view = Turncoats::view(&s, seat);
                    let action = Turncoats::ai_policy(&view, Some(Level::Hard), &mut rng)
                        .expect("the council answers on its turn");
                    assert!(Turncoats::legal(&s).contains(&action), "{action:?}");
                    Turncoats::apply(&mut s, &action).unwrap();
                    conserved(&s);
                    decisions += 1;
                }
            }
        }
        assert!(
            decisions >= players as usize,
            "every seat acted at least once"
        );
    }
}

#[test]
fn spread_deals_follow_the_hunch_and_vary_as_a_draw_does() {
    // Two players, mid-game: the other hand is drawn from the unseen pool. Over many deals its
    // mean is the hunch's expectation, and its spread is that of a real draw, not a single guess.
    let mut rng = Rng::seed_from_u64(11);
    let mut checked = 0;
    for seed in 0..30 {
        let mut m = Match::<Turncoats>::new(opts(2), seed).unwrap();
        for _ in 0..6 {
            let legal = Turncoats::legal(m.state());
            let a = legal[rng.random_range(0..legal.len())];
            m.play(&a).unwrap();
        }
        let ToMove::Seat(seat) = m.to_move() else {
            continue;
        };
        let v = Turncoats::view(m.state(), seat);
        let other = 1 - seat;
        if v.phase != Phase::Choose || v.hand_sizes[other] < 5 {
            continue;
        }
        let expected = v.hunch.as_ref().unwrap().hand(other);
        let deals = 2000;
        let (mut sum, mut sq) = ([0.0; 3], [0.0; 3]);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..deals {
            let h = dealt_state(&v, &mut rng, sample).hands[other];
            seen.insert((h.red, h.blue, h.black));
            for c in Colour::ALL {
                sum[c.index()] += h[c] as f64;
                sq[c.index()] += (h[c] as f64).powi(2);
            }
        }
        for c in 0..3 {
            let mean = sum[c] / deals as f64;
            let var = sq[c] / deals as f64 - mean * mean;
            assert!(
                (mean - expected[c]).abs() < 0.35,
                "colour {c}: mean {mean:.2} against the hunch's {:.2}",
                expected[c]
            );
            // A hand of five or more drawn from a pool of three colours: a colour expected at
            // one stone or more varies by well over a third of a stone.
            if expected[c] >= 1.0 {
                assert!(
                    var > 0.35,
                    "colour {c}: variance {var:.2} (a guess, not a draw)"
                );
            }
        }
        assert!(seen.len() >= 8, "only {} different hands", seen.len());
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} positions checked");
}

/// §4.4: a negotiation's draw shows the negotiator a colour from the bag; §7: the end shows
/// every hand. Random games of 2 to 5 players: no seat's undo goes back over either.
#[test]
fn undo_never_crosses_a_reveal() {
    let options = |seed: u64| opts(2 + (seed % 4) as u8);
    let shown = |before: &TurncoatsState, _: &TurncoatsAction, after: &TurncoatsState| {
        let hands_shown = (0..after.hands.len()).any(|s| {
            Turncoats::view(after, s).revealed.is_some()
                && Turncoats::view(before, s).revealed.is_none()
        });
        after.bag.total() < before.bag.total() || hands_shown
    };
    let report = crate::engine::testing::undo_never_crosses_a_reveal::<Turncoats>(
        0..12,
        options,
        10_000,
        shown,
    );
    assert!(report.reveals > 12 && report.undos > 0, "{report:?}");
}

// ---------------------------------------------------------------- §3.5 seating (D3)

#[test]
fn the_turn_order_is_drawn_from_the_seed_after_the_deal() {
    for players in 2..=5u8 {
        let n = players as usize;
        let mut starters = vec![0; n];
        let mut shuffled = 0;
        for seed in 0..200 {
            let s = Turncoats::new(&drawn(players), &mut setup_rng(seed)).unwrap();
            let mut sorted = s.order.clone();
            sorted.sort();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "a permutation");
            assert_eq!(s.mover, s.order[0], "§3.5: the first in the order starts");
            starters[s.mover] += 1;
            shuffled += usize::from(s.order != (0..n).collect::<Vec<_>>());
            // The same seed seats everyone the same way (a replay), and deals the same
            // stones as the entered order does: the order is drawn after the deal.
            let again = Turncoats::new(&drawn(players), &mut setup_rng(seed)).unwrap();
            assert_eq!(again.order, s.order);
            let entered = Turncoats::new(&opts(players), &mut setup_rng(seed)).unwrap();
            assert_eq!(entered.order, (0..n).collect::<Vec<_>>());
            assert_eq!(
                (entered.board, entered.bag, &entered.hands),
                (s.board, s.bag, &s.hands)
            );
        }
        // Every seat starts in a fair share of 200 games (expected 200 / n each).
        for (seat, &k) in starters.iter().enumerate() {
            assert!(
                k >= 100 / n,
                "{players} players: seat {seat} started {k} times"
            );
        }
        // Half of the two-player orders are the entered one, a sixth or less of the others.
        assert!(
            shuffled > 60,
            "{players} players: only {shuffled} orders differ"
        );
    }
}

/// A three-player position seated in the order Cy (2), Ann (0), Bo (1).
fn seated_2_0_1(hands: &[Stones]) -> TurncoatsState {
    let mut s = position(&[], hands, Stones::NONE, Stones::NONE);
    s.order = vec![2, 0, 1];
    s.mover = 2;
    s
}

#[test]
fn turns_and_the_priority_order_follow_the_drawn_order() {
    let mut s = seated_2_0_1(&[st(1, 0, 0); 3]);
    assert_eq!((s.next_seat(2), s.next_seat(0), s.next_seat(1)), (0, 1, 2));
    let view = Turncoats::view(&s, 1);
    assert_eq!(view.order, vec![2, 0, 1], "§7: everyone sees the seating");
    Turncoats::apply(
        &mut s,
        &A::Recruit {
            colour: Red,
            area: 0,
        },
    )
    .unwrap();
    assert_eq!(s.mover, 0, "Ann plays after Cy");
    negotiate(&mut s, Blue, Blue);
    assert_eq!(s.mover, 1, "then Bo");
    negotiate(&mut s, Blue, Blue);
    assert_eq!(s.mover, 2, "then Cy again");
    negotiate(&mut s, Blue, Blue);
    // Ann, Bo and Cy negotiated in a row: Cy ended the game, and the priority order starts
    // with Ann, the seat after Cy in the drawn order. Red holds area 0; Ann and Bo hold one
    // red each: Ann wins the tie.
    assert_eq!((s.phase, s.mover), (Phase::Over, 2));
    assert_eq!(s.priority_order(), vec![0, 1, 2]);
    assert_eq!(Turncoats::outcome(&s).unwrap().ranks, vec![0, 1, 2]);
    // Where the drawn order and the entered one disagree: Ann (0) ends, seated Cy, Bo, Ann.
    let mut s = ended(Board::default(), &[st(1, 0, 0); 3], 0);
    s.order = vec![2, 1, 0];
    assert_eq!(
        s.priority_order(),
        vec![2, 1, 0],
        "after Ann comes Cy, then Bo"
    );
    assert_eq!(Turncoats::outcome(&s).unwrap().ranks, vec![2, 1, 0]);
    s.order = vec![0, 1, 2];
    assert_eq!(
        s.priority_order(),
        vec![1, 2, 0],
        "in the entered order, Bo first"
    );
}

#[test]
fn old_records_keep_the_entered_order_and_new_games_draw_it() {
    // A record saved before seating was drawn has options without `seating`.
    let old: TurncoatsOptions = serde_json::from_str(r#"{"players":3}"#).unwrap();
    assert_eq!(old.seating, Seating::AsEntered);
    assert_eq!(TurncoatsOptions::default().seating, Seating::Drawn);
    let new = Match::<Turncoats>::new(drawn(3), 7).unwrap();
    assert!(
        new.to_json().contains(r#""seating":"drawn""#),
        "{}",
        new.to_json()
    );
    let back: TurncoatsOptions =
        serde_json::from_str(r#"{"players":4,"seating":"drawn"}"#).unwrap();
    assert_eq!(back, drawn(4));
    // The corpus' old three-player record replays in the order it was played (seed 3 draws
    // another order, so the same record read as a new game is refused or plays differently).
    let text = include_str!("../../../tests/records/valid/turncoats-3p-in-progress.json");
    let m = Match::<Turncoats>::from_json(text).unwrap();
    assert_eq!(m.state().order, vec![0, 1, 2]);
    let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
    value["options"]["seating"] = "drawn".into();
    let redrawn = Match::<Turncoats>::from_json(&value.to_string());
    assert!(
        redrawn.map_or(true, |r| r.state() != m.state()),
        "the seating must matter for this record"
    );
    assert_ne!(
        Turncoats::new(&drawn(3), &mut setup_rng(3)).unwrap().order,
        vec![0, 1, 2]
    );
}

#[test]
fn a_rematch_draws_a_new_order_even_after_an_old_save() {
    let old = opts(4);
    let rematch = old.for_rematch();
    assert_eq!(rematch, drawn(4), "same table, drawn order");
    let orders: std::collections::HashSet<Vec<usize>> = (0..20)
        .map(|seed| {
            Match::<Turncoats>::new(rematch.clone(), seed)
                .unwrap()
                .state()
                .order
                .clone()
        })
        .collect();
    assert!(orders.len() > 5, "new seeds, new orders: {orders:?}");
}

#[test]
fn the_table_tells_the_turn_order() {
    let s = seated_2_0_1(&[st(1, 0, 0); 3]);
    let v = Turncoats::view(&s, 0);
    assert_eq!(
        super::board::order_line(&v, Lang::En),
        "Turn order (drawn at random): ♦ Gold → ★ Green → ✚ Purple"
    );
    assert_eq!(
        super::board::order_line(&v, Lang::Hu),
        "Sorrend (sorsolással): ♦ Arany → ★ Zöld → ✚ Lila"
    );
    let places: Vec<String> = (0..3)
        .map(|seat| super::board::place_in_order(&v, seat, Lang::En))
        .collect();
    assert_eq!(places, ["plays 2nd", "plays 3rd", "plays 1st"]);
    assert_eq!(super::board::place_in_order(&v, 2, Lang::Hu), "1. a sorban");
}

// ---------------------------------------------------------------- no panic on any input

#[test]
fn a_kill_whose_counts_add_past_255_is_refused() {
    // Stones counts add without overflowing (saturating at 255, which no rule asks for).
    assert_eq!(st(0, 200, 100).total(), 255);
    assert_eq!(st(255, 255, 255).plus(&st(1, 1, 1)), st(255, 255, 255));
    // Red battles in area 5 (red 2, blue 3, black 1): two kills, a real choice.
    let mut s = example3(Red);
    Turncoats::apply(
        &mut s,
        &A::Battle {
            colour: Red,
            area: 5,
        },
    )
    .unwrap();
    assert!(matches!(s.phase, Phase::Kill { count: 2, .. }));
    for kills in [
        st(0, 200, 100),
        st(0, 255, 255),
        st(0, 255, 3),
        st(0, 1, 255),
        st(255, 255, 255),
        st(0, 254, 4),
    ] {
        refused(&mut s, A::Kill { kills });
    }
    // And every other number an action carries, at its extremes.
    let mut c = example3(Red);
    for a in [
        A::Recruit {
            colour: Red,
            area: 255,
        },
        A::Battle {
            colour: Red,
            area: 255,
        },
        A::March {
            colour: Blue,
            from: 255,
            to: 255,
        },
        A::March {
            colour: Blue,
            from: 5,
            to: 255,
        },
    ] {
        refused(&mut c, a);
    }
    Turncoats::apply(
        &mut c,
        &A::March {
            colour: Red,
            from: 5,
            to: 3,
        },
    )
    .unwrap();
    for count in [0, 3, 255] {
        refused(&mut c, A::MarchCount { count });
    }
    conserved(&c);
    assert_eq!(s.board.battle_kills(Red, 255), 0);
    assert!(s.board.kill_splits(Red, 255).is_empty());
}

// ---------------------------------------------------------------- words a player reads

#[test]
fn one_stone_is_one_stone() {
    assert_eq!(counted_stones(1, None, Lang::En), "1 stone");
    assert_eq!(counted_stones(2, Some(Blue), Lang::En), "2 blue stones");
    assert_eq!(counted_stones(1, Some(Blue), Lang::Hu), "1 kék kő");
    assert_eq!(counted_areas(1, Lang::En), "1 area");
    assert_eq!(counted_areas(0, Lang::En), "0 areas");
    // A battle with one kill and two enemy colours to choose from (red 1, blue 1, black 1).
    let mut s = position(
        &[(0, st(1, 1, 1))],
        &[st(1, 0, 0), st(0, 1, 0)],
        Stones::NONE,
        Stones::NONE,
    );
    let battle = A::Battle {
        colour: Red,
        area: 0,
    };
    let line = Turncoats::describe(&s, &battle, 0, Lang::En).unwrap();
    assert!(line.ends_with(": 1 stone to kill"), "{line}");
    Turncoats::apply(&mut s, &battle).unwrap();
    let err = refused(&mut s, A::Kill { kills: st(0, 1, 1) });
    assert!(err.to_string().contains("exactly 1 stone,"), "{err}");
    let err = refused(&mut s, A::Kill { kills: st(0, 2, 0) });
    assert!(err.to_string().ends_with("only 1 blue stone"), "{err}");
    // Whole games, both languages: no log line or verdict says "1 stones" or "1 areas".
    let mut rng = Rng::seed_from_u64(4);
    for players in 2..=5 {
        let mut m = Match::<Turncoats>::new(drawn(players), players as u64).unwrap();
        while let ToMove::Seat(_) = m.to_move() {
            let legal = Turncoats::legal(m.state());
            m.play(&legal[rng.random_range(0..legal.len())]).unwrap();
            let verdict = super::board::verdict(&m.state().board.standings(), Lang::En);
            assert!(!verdict.contains(" 1 areas"), "{verdict}");
        }
        for (_, line) in m.log(0, Lang::En) {
            assert!(!line.contains(" 1 stones"), "{line}");
        }
    }
}

/// The standings of a board whose three colours each hold `areas` areas, under these pools.
fn three_way(areas: usize, axe: Stones, flag: Stones) -> Standings {
    let b = scored_board(areas, areas, areas, 0, axe, flag);
    let s = b.standings();
    assert_eq!(s.areas, st(areas as u8, areas as u8, areas as u8));
    s
}

#[test]
fn the_verdict_names_the_step_that_settled_a_three_way_tie() {
    let verdict = |s: &Standings| super::board::verdict(s, Lang::En);
    // The AXE alone decides.
    let s = three_way(3, st(1, 3, 2), Stones::NONE);
    assert_eq!((s.leader, s.leader_decided_by), (Some(Blue), Decider::Axe));
    assert_eq!(
        verdict(&s),
        "Red, Blue and Black tie on 3 areas; Blue leads on the AXE."
    );
    // The AXE drops black, the FLAG decides between red and blue: the AXE was not level for
    // all three.
    let s = three_way(3, st(2, 2, 1), st(1, 0, 5));
    assert_eq!((s.leader, s.leader_decided_by), (Some(Red), Decider::Flag));
    assert_eq!(
        verdict(&s),
        "Red, Blue and Black tie on 3 areas; of them, Red and Blue also tie on the AXE; Red leads on the FLAG."
    );
    // All three level on the AXE, the FLAG decides.
    let s = three_way(1, st(2, 2, 2), st(0, 0, 1));
    assert_eq!(
        verdict(&s),
        "Red, Blue and Black tie on 1 area and on the AXE; Black leads on the FLAG."
    );
    // No colour wins: dropped by the AXE, by the FLAG, or by neither.
    let s = three_way(3, st(2, 2, 1), st(1, 1, 5));
    assert_eq!(s.leader, None);
    assert_eq!(
        verdict(&s),
        "No colour leads: Red, Blue and Black tie on 3 areas; of them, Red and Blue also tie on the AXE and the FLAG. The fewest stones in hand would win."
    );
    let s = three_way(3, st(2, 2, 2), st(1, 1, 0));
    assert_eq!(
        verdict(&s),
        "No colour leads: Red, Blue and Black tie on 3 areas and on the AXE; of them, Red and Blue also tie on the FLAG. The fewest stones in hand would win."
    );
    let s = three_way(3, st(2, 2, 2), st(1, 1, 1));
    assert_eq!(
        verdict(&s),
        "No colour leads: Red, Blue and Black tie on areas, AXE and FLAG. The fewest stones in hand would win."
    );
    // Hungarian names the same step.
    let hu = super::board::verdict(&three_way(3, st(2, 2, 1), st(1, 0, 5)), Lang::Hu);
    assert!(
        hu.contains("közülük Piros és Kék a FEJSZÉN is egyenlő"),
        "{hu}"
    );
    assert!(hu.ends_with("a ZÁSZLÓ alapján Piros vezet."), "{hu}");
    // The steps agree with the tie-break the rules use.
    let mut rng = Rng::seed_from_u64(6);
    for _ in 0..2000 {
        let mut pool = || {
            st(
                rng.random_range(0..3),
                rng.random_range(0..3),
                rng.random_range(0..3),
            )
        };
        let (axe, flag) = (pool(), pool());
        let tied = [
            crate::engine::random_bool(&mut rng, 0.7),
            crate::engine::random_bool(&mut rng, 0.7),
            crate::engine::random_bool(&mut rng, 0.7),
        ];
        let steps = tie_steps(tied, &axe, &flag);
        let (winner, decider) = break_tie(tied, &axe, &flag);
        let alive = |a: [bool; 3]| a.iter().filter(|&&x| x).count();
        let by_steps = match (alive(steps.count), alive(steps.axe), alive(steps.flag)) {
            (0, ..) => Decider::Contested,
            (1, ..) => Decider::Majority,
            (_, 1, _) => Decider::Axe,
            (_, _, 1) => Decider::Flag,
            _ => Decider::Contested,
        };
        assert_eq!(by_steps, decider, "{tied:?} {axe:?} {flag:?}");
        if alive(steps.flag) == 1 {
            assert_eq!(TieSteps::colours(steps.flag).first().copied(), winner);
        }
    }
}

#[test]
fn the_rules_panel_covers_the_end_and_every_tie_break() {
    let en = super::board::end_rules(Lang::En).join(" ");
    for needle in [
        "the most stones on the AXE, then on the FLAG, among the tied colours",
        "If no colour wins",
        "the fewest stones in hand wins",
        "starting with the player after the one who ended the game",
    ] {
        assert!(en.contains(needle), "English rules lack {needle:?}");
    }
    let hu = super::board::end_rules(Lang::Hu).join(" ");
    for needle in [
        "a FEJSZÉN, aztán a ZÁSZLÓN",
        "Ha egyik szín sem győz",
        "a legkevesebb kő",
        "a játékot befejező játékos utáni",
    ] {
        assert!(hu.contains(needle), "Hungarian rules lack {needle:?}");
    }
}

#[test]
fn the_evaluations_areas_and_leader_are_the_standings() {
    // `areas_and_leader` skips how each area was decided; what it does count must be the
    // standings' (§5, §6.2) on any board, ties on the AXE and the FLAG included.
    let mut rng = Rng::seed_from_u64(3);
    let mut leaders = [0; 4];
    for _ in 0..5000 {
        let few = |rng: &mut Rng| {
            st(
                rng.random_range(0..3),
                rng.random_range(0..3),
                rng.random_range(0..3),
            )
        };
        let mut b = board(few(&mut rng), few(&mut rng));
        for a in 0..AREA_COUNT {
            b.areas[a] = few(&mut rng);
        }
        let full = b.standings();
        let (areas, leader) = b.areas_and_leader();
        assert_eq!((areas, leader), (full.areas, full.leader), "{b:?}");
        leaders[leader.map_or(3, |c| c.index())] += 1;
    }
    assert!(
        leaders.iter().all(|&n| n > 50),
        "every colour leads, and none: {leaders:?}"
    );
}
