//! Scenario tests for every numbered rule of herd.md, and random-playout invariants.

use super::*;
use crate::engine::{chance_rng, setup_rng, Game, Illegal, Level, Match, ToMove};
use rand::Rng as _;

fn id(side: u8, q: i32, r: i32) -> u8 {
    HexBoard::of(side)
        .coords
        .iter()
        .position(|&c| c == (q, r))
        .expect("cell on board") as u8
}

/// A position with the given stones, `mover` to play, past Red's first turn, about to roll.
fn position(side: u8, stones: &[((i32, i32), u8)], mover: usize) -> HerdState {
    let options = HerdOptions {
        side,
        first: Some(0),
        turn_cap: None,
    };
    let mut s = Herd::new(&options, &mut setup_rng(0)).unwrap();
    for &((q, r), seat) in stones {
        s.cells[id(side, q, r) as usize] = Some(seat);
    }
    s.mover = mover;
    s.turns = 1;
    s
}

fn roll(s: &mut HerdState, d1: u8, d2: u8) {
    Herd::apply(s, &HerdAction::Roll { d1, d2 }).unwrap();
}

fn remove(s: &mut HerdState, side: u8, q: i32, r: i32) -> Result<(), Illegal> {
    Herd::apply(
        s,
        &HerdAction::Remove {
            cell: id(side, q, r),
        },
    )
}

fn place(s: &mut HerdState, side: u8, q: i32, r: i32) -> Result<(), Illegal> {
    Herd::apply(
        s,
        &HerdAction::Place {
            cell: id(side, q, r),
        },
    )
}

#[test]
fn red_first_turn_places_the_lower_die_and_removes_nothing() {
    // §4.2 step 2.
    let mut s = Herd::new(&HerdOptions::default(), &mut setup_rng(3)).unwrap();
    let red = s.red;
    roll(&mut s, 5, 2);
    assert_eq!(s.phase, Phase::Place { budget: 2 });
    place(&mut s, 5, 0, 0).unwrap();
    place(&mut s, 5, 1, 0).unwrap();
    assert_eq!(s.stones(red), 2);
    assert_eq!(
        s.phase,
        Phase::Roll,
        "turn passes after the low die's stones"
    );
    assert_eq!(s.mover, 1 - red);
    // Blue's first turn is an ordinary one: remove min(L, 2), then place H.
    roll(&mut s, 6, 1);
    assert_eq!(s.phase, Phase::Remove { left: 1 });
}

#[test]
fn removal_takes_all_when_the_opponent_has_fewer_than_the_low_die() {
    // D4: k = min(L, count).
    let mut s = position(5, &[((0, 0), 1), ((2, 0), 1)], 0);
    roll(&mut s, 4, 5);
    assert_eq!(s.phase, Phase::Remove { left: 2 });
    remove(&mut s, 5, 0, 0).unwrap();
    remove(&mut s, 5, 2, 0).unwrap();
    assert_eq!(s.stones(1), 0);
    assert_eq!(s.phase, Phase::Place { budget: 5 });
    // No enemy stone: removal is skipped entirely next time too.
    let mut t = position(5, &[((0, 0), 0)], 0);
    roll(&mut t, 3, 4);
    assert_eq!(t.phase, Phase::Place { budget: 4 });
}

#[test]
fn doubles_remove_and_place_the_same_number() {
    // D5.
    let stones: Vec<_> = (0..4).map(|q| ((q - 2, 2), 1)).collect();
    let mut s = position(5, &stones, 0);
    roll(&mut s, 3, 3);
    assert_eq!(s.phase, Phase::Remove { left: 3 });
    for q in 0..3 {
        Herd::apply(
            &mut s,
            &HerdAction::Remove {
                cell: id(5, q - 2, 2),
            },
        )
        .unwrap();
    }
    assert_eq!(s.phase, Phase::Place { budget: 3 });
}

#[test]
fn capture_in_a_corner() {
    // §4.4: a corner stone has 3 neighbours; filling them captures it.
    let side = 5;
    let corner = (4, -4);
    let ns: Vec<(i32, i32)> = HexBoard::of(side).neighbours[id(side, corner.0, corner.1) as usize]
        .iter()
        .map(|&n| HexBoard::of(side).coords[n as usize])
        .collect();
    assert_eq!(ns.len(), 3);
    let mut stones = vec![(corner, 1), (ns[0], 0), (ns[1], 0)];
    stones.push(((-4, 4), 1)); // far away, so removal has a choice
    let mut s = position(side, &stones, 0);
    roll(&mut s, 1, 2);
    remove(&mut s, side, -4, 4).unwrap();
    place(&mut s, side, ns[2].0, ns[2].1).unwrap();
    assert_eq!(
        s.cells[id(side, corner.0, corner.1) as usize],
        None,
        "captured"
    );
    assert_eq!(s.phase, Phase::Place { budget: 2 }, "one extra stone");
}

#[test]
fn capture_at_an_edge() {
    // An edge cell has 4 neighbours (§2.4).
    let side = 4;
    let edge = (1, -3);
    let b = HexBoard::of(side);
    let ns: Vec<(i32, i32)> = b.neighbours[id(side, edge.0, edge.1) as usize]
        .iter()
        .map(|&n| b.coords[n as usize])
        .collect();
    assert_eq!(ns.len(), 4);
    let mut stones: Vec<_> = ns[..3].iter().map(|&c| (c, 0)).collect();
    stones.push((edge, 1));
    stones.push(((-3, 3), 1)); // far away, for the removal step
    let mut s = position(side, &stones, 0);
    roll(&mut s, 1, 2);
    remove(&mut s, side, -3, 3).unwrap();
    place(&mut s, side, ns[3].0, ns[3].1).unwrap();
    assert_eq!(s.cells[id(side, edge.0, edge.1) as usize], None);
    assert_eq!(s.stones(1), 0);
    assert_eq!(s.phase, Phase::Place { budget: 2 });
}

#[test]
fn one_placement_captures_several_stones() {
    // Two enemy singletons, each missing only the cell between them.
    // Centre (0,0) empty; enemy at (1,0) and (-1,0); all their other neighbours are ours.
    let side = 5;
    let b = HexBoard::of(side);
    let mut stones = vec![((1, 0), 1), ((-1, 0), 1)];
    for target in [(1, 0), (-1, 0)] {
        for &n in &b.neighbours[id(side, target.0, target.1) as usize] {
            let c = b.coords[n as usize];
            if c != (0, 0) && !stones.iter().any(|(p, _)| *p == c) {
                stones.push((c, 0));
            }
        }
    }
    stones.push(((4, -4), 1));
    let mut s = position(side, &stones, 0);
    roll(&mut s, 1, 1);
    remove(&mut s, side, 4, -4).unwrap();
    place(&mut s, side, 0, 0).unwrap();
    assert_eq!(s.stones(1), 0, "both captured by one stone");
    assert_eq!(
        s.phase,
        Phase::Place { budget: 2 },
        "1 - 1 + 2 extra stones"
    );
}

#[test]
fn a_forbidden_cell_stays_forbidden_even_if_it_would_capture() {
    // §4.3, D6: (0,0) has only enemy neighbours; one of them, (1,0), is surrounded by us
    // except for (0,0). Placing there would capture, but the cell is forbidden.
    let side = 5;
    let b = HexBoard::of(side);
    let mut stones: Vec<((i32, i32), u8)> = b.neighbours[id(side, 0, 0) as usize]
        .iter()
        .map(|&n| (b.coords[n as usize], 1))
        .collect();
    for &n in &b.neighbours[id(side, 1, 0) as usize] {
        let c = b.coords[n as usize];
        if !stones.iter().any(|(p, _)| *p == c) && c != (0, 0) {
            stones.push((c, 0));
        }
    }
    stones.push(((-4, 4), 1)); // far away, for the removal step
    let mut t = position(side, &stones, 0);
    assert!(t.is_forbidden(id(side, 0, 0) as usize, 0));
    assert!(
        !t.is_forbidden(id(side, 0, 0) as usize, 1),
        "legal for the other colour"
    );
    roll(&mut t, 1, 3);
    remove(&mut t, side, -4, 4).unwrap();
    let before = t.clone();
    let err = place(&mut t, side, 0, 0).unwrap_err();
    assert!(matches!(err, Illegal::Rule(_)));
    assert_eq!(t, before, "a refused action changes nothing");
    assert!(!Herd::legal(&t).contains(&HerdAction::Place {
        cell: id(side, 0, 0)
    }));
}

#[test]
fn the_turn_ends_early_when_no_legal_cell_remains() {
    // Side 4; fill the board so the only empty cells are forbidden for the mover.
    let side = 4;
    let b = HexBoard::of(side);
    let hole = id(side, 0, 0) as usize;
    let mut s = position(side, &[], 0);
    for c in 0..b.len() {
        s.cells[c] = Some(1);
    }
    s.cells[hole] = None;
    // Seat 0 holds one far corner so removal has a target... seat 0 removes an enemy stone far
    // from the hole; that new hole has enemy neighbours only -> forbidden too.
    s.cells[id(side, 3, -3) as usize] = Some(0);
    roll(&mut s, 1, 5);
    let far = id(side, -3, 3);
    Herd::apply(&mut s, &HerdAction::Remove { cell: far }).unwrap();
    // Both empty cells (centre and `far`) are surrounded by blue; red's corner stone at (3,-3)
    // does not touch them. Nothing is legal: the turn ends, the 5 stones are lost.
    assert_eq!(s.phase, Phase::Roll);
    assert_eq!(s.mover, 1);
    assert_eq!(s.stones(0), 1);
}

#[test]
fn the_game_ends_the_moment_the_board_is_full_mid_turn() {
    // D7: two empty cells, budget 4: the second placement fills the board, the rest is lost.
    let side = 4;
    let b = HexBoard::of(side);
    let mut s = position(side, &[], 0);
    for c in 0..b.len() {
        s.cells[c] = Some(if c % 3 == 0 { 1 } else { 0 });
    }
    // Make sure no stone is surrounded to start with by clearing two cells next to each other.
    let a = id(side, 0, 0) as usize;
    let c2 = id(side, 1, 0) as usize;
    s.cells[a] = Some(0);
    s.cells[c2] = Some(0);
    let e1 = id(side, -3, 3) as usize; // a corner
    let e2 = b.neighbours[e1][0] as usize;
    s.cells[e1] = None;
    s.cells[e2] = None;
    let enemy_stones = s.stones(1);
    roll(&mut s, 1, 4);
    // Remove an enemy stone far away, leaving 3 holes; fill them.
    let victim = (0..b.len())
        .find(|&c| {
            s.cells[c] == Some(1)
                && b.neighbours[c]
                    .iter()
                    .any(|&n| s.cells[n as usize] != Some(1))
        })
        .unwrap();
    Herd::apply(&mut s, &HerdAction::Remove { cell: victim as u8 }).unwrap();
    assert_eq!(s.stones(1), enemy_stones - 1);
    let mut placed = 0;
    while let Phase::Place { .. } = s.phase {
        let legal = Herd::legal(&s);
        Herd::apply(&mut s, &legal[0]).unwrap();
        placed += 1;
    }
    assert!(s.is_full() || s.phase == Phase::Roll);
    if s.is_full() {
        assert_eq!(s.phase, Phase::Over);
        assert_eq!(Herd::to_move(&s), ToMove::Over);
        assert!(placed <= 3, "the rest of the budget is lost");
        let outcome = Herd::outcome(&s).unwrap();
        assert_eq!(outcome.scores[0] as usize, s.stones(0));
    }
}

#[test]
fn a_capture_on_the_last_empty_cell_leaves_the_board_not_full() {
    // §4.2: "full" is tested after captures.
    let side = 4;
    let b = HexBoard::of(side);
    let corner = id(side, 3, -3) as usize;
    let mut s = position(side, &[], 0);
    for c in 0..b.len() {
        s.cells[c] = Some(0);
    }
    s.cells[corner] = Some(1); // an enemy stone in the corner, all neighbours ours but one
    let last = b.neighbours[corner][0] as usize;
    s.cells[last] = None;
    // A second enemy stone to remove somewhere it is not surrounded: next to the corner stone.
    let other = b.neighbours[corner][1] as usize;
    s.cells[other] = Some(1);
    roll(&mut s, 1, 2);
    Herd::apply(&mut s, &HerdAction::Remove { cell: other as u8 }).unwrap();
    // Now two empty cells: `other` and `last`. Fill `other`, then `last` captures the corner.
    Herd::apply(&mut s, &HerdAction::Place { cell: other as u8 }).unwrap();
    Herd::apply(&mut s, &HerdAction::Place { cell: last as u8 }).unwrap();
    assert_eq!(s.cells[corner], None, "captured on the last empty cell");
    assert_eq!(
        s.phase,
        Phase::Place { budget: 1 },
        "board not full; the extra stone is placed"
    );
    Herd::apply(&mut s, &HerdAction::Place { cell: corner as u8 }).unwrap();
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn the_safety_cap_ends_the_game_and_counts_stones() {
    let options = HerdOptions {
        side: 4,
        first: Some(1),
        turn_cap: Some(3),
    };
    let mut m = Match::<Herd>::new(options, 11).unwrap();
    let mut turns_seen = 0;
    while m.to_move() != ToMove::Over {
        let a = Herd::legal(m.state())[0];
        m.play(&a).unwrap();
        turns_seen = m.state().turns;
    }
    assert_eq!(turns_seen, 3);
    assert!(!m.state().is_full());
    let o = Herd::outcome(m.state()).unwrap();
    assert_eq!(
        o.scores,
        vec![m.state().stones(0) as f64, m.state().stones(1) as f64]
    );
}

#[test]
fn bad_options_are_refused() {
    for side in [3, 8] {
        let o = HerdOptions {
            side,
            ..Default::default()
        };
        assert!(Herd::new(&o, &mut setup_rng(0)).is_err());
    }
}

#[test]
fn wrong_phase_actions_are_refused_without_change() {
    let mut s = position(5, &[((0, 0), 1)], 0);
    let before = s.clone();
    assert_eq!(
        Herd::apply(&mut s, &HerdAction::Place { cell: 0 }),
        Err(Illegal::WrongTurn)
    );
    assert_eq!(
        Herd::apply(&mut s, &HerdAction::Roll { d1: 7, d2: 1 }),
        Err(Illegal::Rule("dice show 1–6, not 7 and 1".into()))
    );
    assert_eq!(s, before);
    roll(&mut s, 1, 2);
    let before = s.clone();
    assert!(Herd::apply(&mut s, &HerdAction::Place { cell: 5 }).is_err());
    assert!(Herd::apply(&mut s, &HerdAction::Remove { cell: 200 }).is_err());
    assert!(Herd::apply(&mut s, &HerdAction::Remove { cell: 5 }).is_err());
    assert_eq!(s, before);
}

/// 10,000 random games on sides 4–7 with the invariants of §4.5 checked after every action.
#[test]
fn random_playouts_keep_the_invariants() {
    let games = 10_000;
    for g in 0..games {
        let side = MIN_SIDE + (g % 4) as u8;
        let options = HerdOptions {
            side,
            ..Default::default()
        };
        let mut m = Match::<Herd>::new(options, g as u64).unwrap();
        let mut rng = chance_rng(g as u64, 1_000_000);
        let mut turn_start = m.state().clone();
        let mut actions = 0;
        while m.to_move() != ToMove::Over {
            let s = m.state().clone();
            let legal = Herd::legal(&s);
            assert!(!legal.is_empty(), "a seat to move always has a choice");
            // An illegal action is refused and changes nothing.
            let bogus = match s.phase {
                Phase::Remove { .. } => HerdAction::Place { cell: 0 },
                _ => HerdAction::Remove { cell: 0 },
            };
            let mut copy = s.clone();
            assert!(Herd::apply(&mut copy, &bogus).is_err());
            assert_eq!(copy, s);
            let a = legal[rng.random_range(0..legal.len())];
            m.play(&a).unwrap();
            actions += 1;
            let t = m.state();
            if t.turns != s.turns || t.phase == Phase::Over {
                let changes = if t.turns != s.turns {
                    &t.last_turn
                } else {
                    &t.this_turn
                };
                check_turn(&turn_start, &s, changes, t);
                turn_start = t.clone();
            }
        }
        assert!(actions > 0);
        let o = Herd::outcome(m.state()).unwrap();
        if m.state().is_full() {
            assert_ne!(o.ranks[0], o.ranks[1], "no draw on a full hex-hex board");
        }
    }
}

/// §4.5 per turn: stones change by +placed / −k − captured, placed ≤ budget + captured, and no
/// stone is surrounded when a turn starts. `last` is the state before the turn's last action.
fn check_turn(start: &HerdState, last: &HerdState, changes: &[Change], end: &HerdState) {
    let me = start.mover;
    let count = |f: fn(&Change) -> bool| changes.iter().filter(|c| f(c)).count();
    let k = count(|c| matches!(c, Change::Removed { .. }));
    let placed = count(|c| matches!(c, Change::Placed { .. }));
    let captured = count(|c| matches!(c, Change::Captured { .. }));
    assert_eq!(end.stones(me), start.stones(me) + placed);
    assert_eq!(end.stones(1 - me), start.stones(1 - me) - k - captured);
    let (d1, d2) = last.dice.expect("a turn in progress has dice");
    let (low, high) = (d1.min(d2) as usize, d1.max(d2) as usize);
    let budget = if start.turns == 0 { low } else { high };
    assert!(placed <= budget + captured);
    assert!(k <= low);
    if k < low && start.turns > 0 {
        assert_eq!(
            start.stones(1 - me),
            k,
            "fewer removals only when the opponent ran out"
        );
    }
    if end.phase != Phase::Over {
        for c in 0..end.cells.len() {
            assert!(
                !end.is_surrounded(c),
                "no stone surrounded at the start of a turn"
            );
        }
    }
}

/// D11: a seat undoes its own removals and placements back to the start of its turn; the dice
/// stay, and nothing before the roll can be undone.
#[test]
fn undo_goes_back_within_the_turn_and_keeps_the_dice() {
    let options = HerdOptions {
        side: 5,
        first: Some(0),
        turn_cap: None,
    };
    let mut m = Match::<Herd>::new(options, 21).unwrap();
    // Play until seat 0 starts a turn (just rolled) with at least two actions to make.
    loop {
        let s = m.state();
        if s.mover == 0 && s.turns > 0 && s.this_turn.is_empty() && s.left_this_turn() >= 2 {
            break;
        }
        let a = Herd::legal(s)[0];
        m.play(&a).unwrap();
    }
    assert_eq!(m.undo_point(0), None, "nothing of this turn to undo yet");
    let start = m.state().clone();
    let first = Herd::legal(&start)[0];
    m.play(&first).unwrap();
    let second = Herd::legal(m.state())[0];
    if m.to_move() == ToMove::Seat(0) {
        m.play(&second).unwrap();
    }
    while let Some(len) = m.undo_point(0) {
        m = m.prefix(len);
    }
    assert_eq!(
        m.state(),
        &start,
        "back to the start of the turn, same dice"
    );
    assert_eq!(m.undo_point(1), None, "the other seat cannot undo");
}

#[test]
fn quick_rollout_actions_are_legal() {
    let mut rng = chance_rng(5, 5);
    for g in 0..200 {
        let mut m = Match::<Herd>::new(HerdOptions::default(), g).unwrap();
        while m.to_move() != ToMove::Over {
            let legal = Herd::legal(m.state());
            let a = Herd::quick_rollout_action(m.state(), &mut rng).unwrap_or(legal[0]);
            assert!(legal.contains(&a));
            m.play(&a).unwrap();
        }
    }
}

#[test]
fn the_evaluation_is_a_probability_shared_by_the_two_seats() {
    let mut rng = chance_rng(9, 9);
    for g in 0..40 {
        let mut m = Match::<Herd>::new(HerdOptions::default(), g).unwrap();
        while m.to_move() != ToMove::Over {
            let s = m.state();
            let (a, b) = (Herd::evaluate(s, 0), Herd::evaluate(s, 1));
            assert!((0.0..=1.0).contains(&a));
            assert!((a + b - 1.0).abs() < 1e-9, "{a} + {b}");
            let legal = Herd::legal(s);
            let pick = legal[rng.random_range(0..legal.len())];
            m.play(&pick).unwrap();
        }
    }
}

#[test]
fn the_evaluation_prefers_more_stones_and_cells_only_it_may_fill() {
    let side = 5;
    let behind = position(side, &[((0, 0), 0), ((2, 0), 1), ((-2, 0), 1)], 0);
    let level = position(
        side,
        &[((0, 0), 0), ((1, 0), 0), ((-2, 0), 1), ((-3, 0), 1)],
        0,
    );
    assert!(Herd::evaluate(&behind, 0) < Herd::evaluate(&level, 0));
    // The same stones, but the empty centre has only seat 0 around it.
    let ring: Vec<((i32, i32), u8)> = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
        .iter()
        .map(|&c| (c, 0))
        .chain([((4, 0), 1), ((3, 0), 1), ((-4, 0), 1), ((-3, 0), 1)])
        .collect();
    let open: Vec<((i32, i32), u8)> = [(1, 0), (2, -1), (0, -1), (-1, 0), (-1, 1), (0, 2)]
        .iter()
        .map(|&c| (c, 0))
        .chain([((4, 0), 1), ((3, 0), 1), ((-4, 0), 1), ((-3, 0), 1)])
        .collect();
    assert!(
        Herd::evaluate(&position(side, &ring, 1), 0) > Herd::evaluate(&position(side, &open, 1), 0)
    );
}

/// A capture ready on a side-5 board: seat 1's stone in the corner (4, -4) has one empty
/// neighbour left, seat 0's stones hold the other two, and seat 1 has two more stones at
/// (-4, 4) and (-3, 4). Returns the position (seat 0 to move) and the corner's empty neighbour.
fn corner_with_one_liberty() -> (HerdState, (i32, i32)) {
    let side = 5;
    let board = HexBoard::of(side);
    let ns: Vec<(i32, i32)> = board.neighbours[id(side, 4, -4) as usize]
        .iter()
        .map(|&n| board.coords[n as usize])
        .collect();
    let stones = [
        ((4, -4), 1),
        (ns[0], 0),
        (ns[1], 0),
        ((-4, 4), 1),
        ((-3, 4), 1),
    ];
    (position(side, &stones, 0), ns[2])
}

#[test]
fn playouts_take_a_ready_capture() {
    let side = 5;
    let (mut s, liberty) = corner_with_one_liberty();
    roll(&mut s, 1, 3);
    remove(&mut s, side, -4, 4).unwrap();
    let mut rng = chance_rng(1, 1);
    for _ in 0..20 {
        assert_eq!(
            Herd::quick_rollout_action(&s, &mut rng),
            Some(HerdAction::Place {
                cell: id(side, liberty.0, liberty.1)
            })
        );
    }
}

/// The playout move (`ai::rollout_action`) finds the action whose result has the best lead
/// (`ai::lead`) from the shares that action changes alone: checked against applying every legal
/// action, wherever the turn goes on after each of them (only then does the turn's own count
/// move alike for every choice).
#[test]
fn playouts_choose_the_action_with_the_best_lead() {
    let mut rng = chance_rng(3, 3);
    let mut checked = 0;
    for g in 0..30 {
        let mut m = Match::<Herd>::new(HerdOptions::default(), g).unwrap();
        loop {
            let s = m.state().clone();
            let action = match m.to_move() {
                ToMove::Over => break,
                ToMove::Chance => Herd::sample_chance(&s, &mut rng),
                ToMove::Seat(seat) => {
                    let legal = Herd::legal(&s);
                    let leads: Vec<Option<f64>> = legal
                        .iter()
                        .map(|a| {
                            let mut t = s.clone();
                            Herd::apply(&mut t, a).unwrap();
                            let on = t.mover == seat
                                && matches!(t.phase, Phase::Remove { .. } | Phase::Place { .. });
                            on.then(|| super::ai::lead(&t, seat, &super::ai::Weights::HARD))
                        })
                        .collect();
                    let chosen = Herd::quick_rollout_action(&s, &mut rng).unwrap();
                    if leads.iter().all(Option::is_some) {
                        let best = leads
                            .iter()
                            .flatten()
                            .fold(f64::NEG_INFINITY, |a, &b| a.max(b));
                        let mut t = s.clone();
                        Herd::apply(&mut t, &chosen).unwrap();
                        let got = super::ai::lead(&t, seat, &super::ai::Weights::HARD);
                        assert!(
                            (got - best).abs() < 1e-9,
                            "game {g}: {chosen:?} leads by {got}, the best action by {best}"
                        );
                        checked += 1;
                    }
                    // Play on at random, so the positions are not the playout's own.
                    legal[rng.random_range(0..legal.len())]
                }
            };
            m.play(&action).unwrap();
        }
    }
    assert!(checked > 1000, "only {checked} positions checked");
}

/// Hard's search (its own configuration: the rest of the turn, then the evaluation) makes the
/// capture that is ready within its turn (in any order: the turn ends in the same position).
#[test]
fn hard_takes_a_ready_capture() {
    let side = 5;
    let (mut start, _) = corner_with_one_liberty();
    roll(&mut start, 2, 3);
    for cell in [id(side, -4, 4), id(side, -3, 4)] {
        Herd::apply(&mut start, &HerdAction::Remove { cell }).unwrap();
    }
    let hard = crate::ai::Bot::level(crate::engine::Level::Hard).deterministic();
    for seed in 0..4 {
        let mut s = start.clone();
        let mut rng = chance_rng(seed, 0);
        while s.mover == 0 && matches!(s.phase, Phase::Place { .. }) {
            let action = hard.choose::<Herd>(&Herd::view(&s, 0), &mut rng).unwrap();
            Herd::apply(&mut s, &action).unwrap();
        }
        let corner = id(side, 4, -4);
        assert!(
            s.last_turn.contains(&Change::Captured { cell: corner }),
            "seed {seed}: {:?}",
            s.last_turn
        );
    }
}

/// Hard's tree takes removals in increasing cell order (the same stones removed in any order
/// leave the same position), and never a removal with too few stones above it for the rest.
#[test]
fn hard_tree_takes_removals_in_cell_order() {
    let side = 5;
    let stones = [((0, 0), 1), ((1, 0), 1), ((2, 0), 1), ((-2, 2), 0)];
    let mut s = position(side, &stones, 0);
    roll(&mut s, 2, 3);
    let enemy: Vec<u8> = [(0, 0), (1, 0), (2, 0)]
        .iter()
        .map(|&(q, r)| id(side, q, r))
        .collect();
    let mut sorted = enemy.clone();
    sorted.sort();
    let removals = |actions: Vec<HerdAction>| -> Vec<u8> {
        actions
            .into_iter()
            .map(|a| match a {
                HerdAction::Remove { cell } => cell,
                other => panic!("not a removal: {other:?}"),
            })
            .collect()
    };
    // Two to remove: the highest stone cannot come first.
    assert_eq!(
        removals(super::ai::tree_actions(&s, None)),
        sorted[..2].to_vec()
    );
    // After the middle one, only the stone above it.
    let middle = HerdAction::Remove { cell: sorted[1] };
    Herd::apply(&mut s, &middle).unwrap();
    assert_eq!(
        removals(super::ai::tree_actions(&s, Some(middle))),
        vec![sorted[2]]
    );
}

/// Hard keeps its tree between the decisions of one turn: the next decision starts from the
/// subtree of the action taken, already visited; another turn's position starts afresh.
#[test]
fn hard_keeps_its_tree_within_the_turn() {
    let (mut s, _) = corner_with_one_liberty();
    roll(&mut s, 2, 5);
    let config = Herd::search_config(Level::Hard);
    let mut rng = chance_rng(3, 0);
    let weights = super::ai::Weights::HARD;
    let action = super::ai::hard_action(&Herd::view(&s, 0), &config, &weights, &mut rng).unwrap();
    let before = s.clone();
    Herd::apply(&mut s, &action).unwrap();
    assert!(super::ai::cached_visits(&s).is_some_and(|v| v > 0));
    // The tree is still there for the position it was grown from, but not for another turn.
    assert!(super::ai::cached_visits(&before).is_some_and(|v| v > 0));
    let mut other = before.clone();
    other.turns += 2;
    assert_eq!(super::ai::cached_visits(&other), None);
}

/// §6: the dice are the only thing a Herd turn reveals. Random games on the small and standard
/// boards: after every roll no seat's undo (nor any undo after it) goes back over it.
#[test]
fn undo_never_crosses_a_reveal() {
    let options = |seed: u64| HerdOptions {
        side: 4 + (seed % 2) as u8,
        ..Default::default()
    };
    let rolled = |before: &HerdState, _: &HerdAction, after: &HerdState| {
        after.dice.is_some() && after.dice != before.dice
    };
    let report =
        crate::engine::testing::undo_never_crosses_a_reveal::<Herd>(0..6, options, 400, rolled);
    assert!(report.reveals > 50 && report.undos > 100, "{report:?}");
}

fn line(before: &HerdState, action: HerdAction, lang: crate::engine::Lang) -> String {
    Herd::describe(before, &action, 0, lang).expect("a legal action has a line")
}

#[test]
fn the_log_says_when_a_turn_ends_early_and_how_many_stones_were_lost() {
    // The position of `the_turn_ends_early_when_no_legal_cell_remains`: the removal leaves
    // only forbidden cells, so the 5 stones of the high die are never placed.
    let side = 4;
    let b = HexBoard::of(side);
    let mut s = position(side, &[], 0);
    for c in 0..b.len() {
        s.cells[c] = Some(1);
    }
    s.cells[id(side, 0, 0) as usize] = None;
    s.cells[id(side, 3, -3) as usize] = Some(0);
    roll(&mut s, 1, 5);
    let remove = HerdAction::Remove {
        cell: id(side, -3, 3),
    };
    let en = line(&s, remove, crate::engine::Lang::En);
    assert!(
        en.contains("no legal cell left: the turn ends, 5 not placed"),
        "{en}"
    );
    let hu = line(&s, remove, crate::engine::Lang::Hu);
    assert!(hu.contains("a kör véget ér, 5 kő lerakatlan marad"), "{hu}");
    // A placement that uses the whole budget says nothing of the sort.
    let mut t = position(side, &[((0, 0), 0), ((1, 0), 1)], 0);
    roll(&mut t, 1, 1);
    Herd::apply(
        &mut t,
        &HerdAction::Remove {
            cell: id(side, 1, 0),
        },
    )
    .unwrap();
    let place = Herd::legal(&t)[0];
    assert!(!line(&t, place, crate::engine::Lang::En).contains("turn ends"));
}

#[test]
fn a_roll_against_an_empty_board_does_not_say_removes_0() {
    let side = 4;
    let mut s = position(side, &[((0, 0), 0)], 0);
    let en = line(
        &s,
        HerdAction::Roll { d1: 2, d2: 4 },
        crate::engine::Lang::En,
    );
    assert_eq!(
        en, "@0 rolled 2 and 4: @1 has no stone to remove, places 4",
        "{en}"
    );
    assert!(!line(
        &s,
        HerdAction::Roll { d1: 2, d2: 4 },
        crate::engine::Lang::Hu
    )
    .contains("0 követ"));
    s.cells[id(side, 1, 0) as usize] = Some(1);
    let en = line(
        &s,
        HerdAction::Roll { d1: 2, d2: 4 },
        crate::engine::Lang::En,
    );
    assert_eq!(en, "@0 rolled 2 and 4: removes 1, places 4");
}

#[test]
fn the_log_names_the_winner_and_the_counts_when_the_game_ends() {
    // A full match to its end: the last line says why it ended, who won and the counts.
    let mut m = Match::<Herd>::new(
        HerdOptions {
            side: 4,
            first: Some(0),
            turn_cap: None,
        },
        5,
    )
    .unwrap();
    while m.to_move() != ToMove::Over {
        let a = Herd::legal(m.state())[0];
        m.play(&a).unwrap();
    }
    let s = m.state();
    let (a, b) = (s.stones(0), s.stones(1));
    let winner = if a > b { 0 } else { 1 };
    let (w, l) = (a.max(b), a.min(b));
    let log = m.log(0, crate::engine::Lang::En);
    let last = &log.last().unwrap().1;
    assert!(
        last.ends_with(&format!(
            ". The board is full: @{winner} won with {w} stones to {l}."
        )),
        "{last}"
    );
    // Only the last line speaks of the end.
    assert_eq!(
        log.iter().filter(|(_, l)| l.contains(" won with ")).count(),
        1
    );
    let hu = m.log(0, crate::engine::Lang::Hu);
    assert!(hu.last().unwrap().1.contains(&format!(
        "Megtelt a tábla: @{winner} nyert, {w} kővel {l} ellenében"
    )));
}

#[test]
fn the_log_calls_a_game_ended_by_the_turn_cap_so() {
    let mut m = Match::<Herd>::new(
        HerdOptions {
            side: 4,
            first: Some(1),
            turn_cap: Some(3),
        },
        11,
    )
    .unwrap();
    while m.to_move() != ToMove::Over {
        let a = Herd::legal(m.state())[0];
        m.play(&a).unwrap();
    }
    let log = m.log(0, crate::engine::Lang::En);
    let last = &log.last().unwrap().1;
    assert!(last.contains(". The turn limit is reached: "), "{last}");
}

/// The lead and the playout move as first written, walking each cell's neighbours with the
/// shares in f64: the bitboards of `bits.rs` must give the same lead to the last bit and the
/// same playout move with the same draws of the generator.
mod reference {
    use super::super::{HerdAction, HerdState, Phase};
    use crate::engine::Rng;
    use rand::Rng as _;

    fn share(s: &HerdState, c: usize, me: u8) -> f64 {
        let ns = &s.board().neighbours[c];
        let cells = &s.cells;
        match cells[c] {
            None => {
                let (mut mine, mut theirs) = (0, 0);
                for &n in ns {
                    match cells[n as usize] {
                        Some(o) if o == me => mine += 1,
                        Some(_) => theirs += 1,
                        None => {}
                    }
                }
                if mine == ns.len() {
                    1.0
                } else if theirs == ns.len() {
                    -1.0
                } else {
                    0.0
                }
            }
            Some(owner) => {
                let sign = if owner == me { 1.0 } else { -1.0 };
                let mut open = 0;
                for &n in ns {
                    match cells[n as usize] {
                        Some(o) if o == owner => return sign,
                        Some(_) => {}
                        None => open += 1,
                    }
                }
                let risk = match open {
                    0 | 1 => 0.6,
                    2 => 0.3,
                    3 => 0.1,
                    _ => 0.0,
                };
                sign * (1.0 - 2.0 * risk)
            }
        }
    }

    /// The shares' part of `ai::lead`, summed in cell order.
    pub fn board_lead(s: &HerdState, me: u8) -> f64 {
        (0..s.cells.len()).map(|c| share(s, c, me)).sum()
    }

    pub fn rollout_action(s: &HerdState, rng: &mut Rng) -> Option<HerdAction> {
        let me = s.mover as u8;
        let place = match s.phase {
            Phase::Place { .. } => true,
            Phase::Remove { .. } => false,
            Phase::Roll | Phase::Over => return None,
        };
        let board = s.board();
        let mut t = s.clone();
        let (mut best, mut choice, mut ties) = (f64::NEG_INFINITY, None, 0);
        for c in 0..s.cells.len() {
            let mut captured = Vec::new();
            if place {
                if !s.is_legal_placement(c, s.mover) {
                    continue;
                }
                for &n in &board.neighbours[c] {
                    let n = n as usize;
                    if s.cells[n] == Some(1 - me)
                        && board.neighbours[n]
                            .iter()
                            .all(|&y| y as usize == c || s.cells[y as usize] == Some(me))
                    {
                        captured.push(n);
                    }
                }
            } else if s.cells[c] != Some(1 - me) {
                continue;
            }
            let mut touched = Vec::new();
            for &x in std::iter::once(&c).chain(&captured) {
                for y in std::iter::once(x).chain(board.neighbours[x].iter().map(|&y| y as usize)) {
                    if !touched.contains(&y) {
                        touched.push(y);
                    }
                }
            }
            let before: f64 = touched.iter().map(|&x| share(s, x, me)).sum();
            t.cells[c] = if place { Some(me) } else { None };
            for &x in &captured {
                t.cells[x] = None;
            }
            let after: f64 = touched.iter().map(|&x| share(&t, x, me)).sum();
            for &x in std::iter::once(&c).chain(&captured) {
                t.cells[x] = s.cells[x];
            }
            let value = after - before + captured.len() as f64;
            if value > best + 1e-9 {
                (best, choice, ties) = (value, Some(c), 1);
            } else if value > best - 1e-9 {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    choice = Some(c);
                }
            }
        }
        choice.map(|c| {
            let cell = c as u8;
            if place {
                HerdAction::Place { cell }
            } else {
                HerdAction::Remove { cell }
            }
        })
    }
}

/// The bitboard lead and playout move against the neighbour walks they replaced, over random
/// games on every board size: the same lead to the last bit for both seats, the same playout
/// move, and the generator left in the same state (the same draws for the ties).
#[test]
fn bitboard_shares_match_the_neighbour_walk() {
    let mut checked = 0;
    for g in 0..200 {
        let side = MIN_SIDE + (g % 4) as u8;
        let options = HerdOptions {
            side,
            ..Default::default()
        };
        let mut m = Match::<Herd>::new(options, g).unwrap();
        let mut rng = chance_rng(g, 77);
        while m.to_move() != ToMove::Over {
            let s = m.state().clone();
            for seat in 0..2 {
                let mover = if s.mover == seat { 1.0 } else { -1.0 };
                let want = reference::board_lead(&s, seat as u8) + mover * turn_term(&s);
                let got = super::ai::lead(&s, seat, &super::ai::Weights::HARD);
                assert_eq!(got.to_bits(), want.to_bits(), "game {g}: {got} ≠ {want}");
            }
            let (mut a, mut b) = (rng.clone(), rng.clone());
            let got = super::ai::rollout_action(&s, &mut a);
            assert_eq!(got, reference::rollout_action(&s, &mut b), "game {g}");
            assert_eq!(
                a.random::<u64>(),
                b.random::<u64>(),
                "game {g}: draws differ"
            );
            checked += 1;
            let action = match m.to_move() {
                ToMove::Chance => Herd::sample_chance(&s, &mut rng),
                _ if got.is_some() && crate::engine::random_bool(&mut rng, 0.5) => got.unwrap(),
                _ => {
                    let legal = Herd::legal(&s);
                    legal[rng.random_range(0..legal.len())]
                }
            };
            m.play(&action).unwrap();
        }
    }
    assert!(checked > 10_000, "only {checked} positions checked");
}

/// The turn's own term of `ai::lead` for the mover, as `ai::lead` adds it.
fn turn_term(s: &HerdState) -> f64 {
    match s.phase {
        Phase::Roll => 3.5,
        Phase::Remove { left } => (left + s.dice.map_or(0, |(a, b)| a.max(b))) as f64 - 3.5,
        Phase::Place { budget } => budget as f64 - 3.5,
        Phase::Over => 0.0,
    }
}
