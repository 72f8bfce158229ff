//! Scenario tests for the numbered rules of moonlight.md, both worked examples of §7, and
//! random-playout invariants over whole matches.

use super::*;
use crate::engine::{chance_rng, setup_rng, Game, Illegal, Match, Rng, Seat, ToMove};
use rand::{Rng as _, SeedableRng};

fn wolf(id: &str) -> Wolf {
    id.parse().unwrap()
}

fn cell(x: i8, y: i8) -> Cell {
    Cell::new(x, y)
}

fn place(card: &str, x: i8, y: i8) -> MoonlightAction {
    MoonlightAction::Place {
        card: wolf(card),
        at: cell(x, y),
    }
}

/// A round in progress: Light is `light`, `mover` to place (in the Place step), the given piles
/// (bottom card first) and hands; every other owned card is in its owner's deck in id order.
fn position(
    light: Seat,
    start: Seat,
    piles: &[(i8, i8, &[&str])],
    hands: [&[&str]; 2],
    mover: Seat,
) -> MoonlightState {
    let options = MoonlightOptions {
        start: Some(start),
        light: Some(light),
    };
    let mut s = Moonlight::new(&options, &mut setup_rng(0)).unwrap();
    s.table.panorama = Panorama::from_piles(piles.iter().map(|(x, y, cards)| Pile {
        at: cell(*x, *y),
        cards: cards.iter().map(|c| wolf(c)).collect(),
    }));
    s.hands = hands.map(|h| h.iter().map(|c| wolf(c)).collect());
    refill_decks(&mut s);
    s.table.phase = Phase::Place;
    s.table.mover = mover;
    s
}

/// Decks = owned cards not in the panorama or a hand, in id order (after changing a position).
fn refill_decks(s: &mut MoonlightState) {
    for seat in 0..2 {
        let mut deck = s.table.owned(seat);
        for w in s.table.panorama.cards_of(s.table.colour(seat)) {
            deck.remove(w);
        }
        for w in s.hands[seat].iter() {
            deck.remove(w);
        }
        s.decks[seat] = deck;
    }
}

fn apply(s: &mut MoonlightState, a: MoonlightAction) {
    if let Err(e) = Moonlight::apply(s, &a) {
        panic!("{a:?} refused: {e}");
    }
}

/// Applying `a` fails and changes nothing.
fn refused(s: &MoonlightState, a: MoonlightAction) -> Illegal {
    let mut copy = s.clone();
    let err = Moonlight::apply(&mut copy, &a).expect_err("should be refused");
    assert_eq!(&copy, s, "a refused action changes nothing");
    err
}

fn legal_cells(s: &MoonlightState, card: &str) -> Vec<Cell> {
    Moonlight::legal(s)
        .into_iter()
        .filter_map(|a| match a {
            MoonlightAction::Place { card: c, at } if c == wolf(card) => Some(at),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------- §7 worked examples

/// §7.4, with Light at seat 0 and Dark at seat 1.
fn example_one() -> MoonlightState {
    position(
        0,
        0,
        &[
            (0, 0, &["L-01"]),
            (1, 0, &["D-09"]),
            (2, 0, &["L-07"]),
            (3, 0, &["D-04"]),
            (0, 1, &["D-05"]),
            (1, 1, &["L-11"]),
            (2, 1, &["L-03", "D-07"]),
            (3, 1, &["L-09"]),
            (0, 2, &["D-02"]),
            (1, 2, &["L-04"]),
            (2, 2, &["D-06"]),
            (3, 2, &["L-05"]),
        ],
        [&[], &[]],
        0,
    )
}

#[test]
fn worked_example_1_round_one_four_wide() {
    let s = example_one();
    assert_eq!(s.table.panorama.orientation(), Orientation::Wide);
    let score = s.table.live_score();
    assert_eq!(score.moons, [2, 3]);
    assert_eq!(score.moon_winner, Some(1), "Dark +2");
    let rows: Vec<_> = score
        .rows
        .iter()
        .map(|r| (r.y, r.sums, r.winner, r.points))
        .collect();
    assert_eq!(
        rows,
        vec![
            (0, [6, 6], None, 0),
            (1, [9, 6], Some(0), 2),
            (2, [5, 6], Some(1), 3),
        ]
    );
    // The corner L1 counts 3 in row 0; the corner L3 (no Corner ×3) counts 3 in row 2.
    let l1 = score.rows[0].wolves[0];
    assert_eq!((l1.wolf, l1.counts, l1.tripled), (wolf("L-01"), 3, true));
    assert_eq!(score.rows[2].plus_ones, 1, "+1 on D3");
    assert_eq!(score.points, [2, 5]);
    assert_eq!(score.collected, [2, 2]);
    assert_eq!(score.winner, Some(1));
    assert_eq!(score.decided_by, Decider::Points);
    // The allocation-free tally agrees.
    let t = Visible::of(&s.table.panorama, None).tally(&s.table.score_rules());
    assert_eq!((t.moons, t.points, t.collected), ([2, 3], [2, 5], [2, 2]));
}

/// §7.5, with Light at seat 1: Dark added LW2, Light holds Win All Ties.
fn example_two() -> MoonlightState {
    let mut s = position(
        1,
        0,
        &[
            (0, 0, &["D-LW2"]),
            (1, 0, &["D-01"]),
            (2, 0, &["L-07"]),
            (0, 1, &["L-09"]),
            (1, 1, &["D-11"]),
            (2, 1, &["L-02"]),
            (0, 2, &["D-07"]),
            (1, 2, &["D-03", "L-08"]),
            (2, 2, &["D-05"]),
            (0, 3, &["L-01"]),
            (1, 3, &["D-10"]),
            (2, 3, &["L-11"]),
        ],
        [&[], &[]],
        0,
    );
    s.table.lone_wolves[0].push(wolf("D-LW2"));
    s.table.powers[1].insert(Power::WinAllTies);
    s.table.mountains = [1, 0];
    s
}

#[test]
fn worked_example_2_three_wide_with_win_all_ties() {
    let s = example_two();
    let (light, dark) = (1, 0);
    assert_eq!(s.table.panorama.orientation(), Orientation::Tall);
    let score = s.table.live_score();
    assert_eq!(score.moons, [3, 3]);
    assert_eq!(score.moon_winner, Some(light));
    assert!(score.moon_by_win_all_ties);
    let rows: Vec<_> = score
        .rows
        .iter()
        .map(|r| (r.y, r.sums[light], r.sums[dark], r.winner, r.points))
        .collect();
    assert_eq!(
        rows,
        vec![
            (0, 3, 7, Some(dark), 2),
            (1, 5, 5, Some(light), 2),
            (2, 3, 6, Some(dark), 4),
            (3, 8, 4, Some(light), 2),
        ]
    );
    assert!(score.rows[1].by_win_all_ties);
    assert_eq!(score.points[light], 6);
    assert_eq!(score.points[dark], 6);
    assert_eq!(score.collected, [4, 4]);
    assert_eq!(score.winner, Some(light));
    assert_eq!(score.decided_by, Decider::WinAllTies);

    // Without the power, row 1 and the moons go to nobody and Dark wins 6–2.
    let mut plain = s.clone();
    plain.table.powers[light] = PowerSet::default();
    let score = plain.table.live_score();
    assert_eq!(score.points[dark], 6);
    assert_eq!(score.points[light], 2);
    assert_eq!(score.winner, Some(dark));
}

#[test]
fn win_all_ties_decides_a_points_tie_before_collected_wolves() {
    // D6: Light (seat 0) ties on points with fewer collected wolves.
    // Moons 2–0 → Light +2; row 0: Light's two 3s → 2 + 2 = 4 (collected 2).
    // Row 1: Dark's four moonless non-3s → 4 (collected 4); row 2: Dark's 3 → 1 + 1 = 2.
    let mut s = position(
        0,
        0,
        &[
            (0, 0, &["L-07"]),
            (1, 0, &["L-08"]),
            (0, 1, &["D-03"]),
            (1, 1, &["D-09"]),
            (2, 1, &["D-11"]),
            (3, 1, &["D-01"]),
            (0, 2, &["D-05"]),
        ],
        [&[], &[]],
        0,
    );
    let score = s.table.live_score();
    assert_eq!(score.points, [6, 6]);
    assert_eq!(score.collected, [2, 5]);
    assert_eq!(score.winner, Some(1));
    assert_eq!(score.decided_by, Decider::Collected);
    s.table.powers[0].insert(Power::WinAllTies);
    let score = s.table.live_score();
    assert_eq!(score.points, [6, 6]);
    assert_eq!(score.winner, Some(0));
    assert_eq!(score.decided_by, Decider::WinAllTies);
    assert_eq!(
        scoring_round_winner([4, 4], [3, 3], None),
        (None, Decider::Tied)
    );
}

fn scoring_round_winner(
    points: [u8; 2],
    collected: [u8; 2],
    tie: Option<Seat>,
) -> (Option<Seat>, Decider) {
    super::scoring::round_winner(points, collected, tie)
}

// ---------------------------------------------------------------- §5.2 ground placement

#[test]
fn the_first_card_goes_at_the_origin() {
    let s = position(0, 0, &[], [&["L-03", "L-09", "L-11"], &["D-01"]], 0);
    assert_eq!(legal_cells(&s, "L-03"), vec![cell(0, 0)]);
    assert!(matches!(refused(&s, place("L-03", 1, 0)), Illegal::Rule(_)));
    let mut s = s;
    apply(&mut s, place("L-03", 0, 0));
    assert_eq!(s.table.panorama.top(cell(0, 0)), Some(wolf("L-03")));
}

#[test]
fn ground_placement_needs_an_orthogonal_neighbour() {
    let s = position(
        0,
        0,
        &[(0, 0, &["L-01"]), (1, 0, &["D-02"])],
        [&["L-03"], &["D-03"]],
        0,
    );
    let cells = legal_cells(&s, "L-03");
    assert!(cells.contains(&cell(2, 0)) && cells.contains(&cell(0, 1)));
    assert!(!cells.contains(&cell(2, 1)), "diagonal only");
    refused(&s, place("L-03", 2, 1));
    refused(&s, place("L-03", 5, 5));
    assert_eq!(legal_cells(&s, "L-03").len(), 6, "2 sides + 4 above/below");
}

#[test]
fn a_row_of_four_fixes_the_panorama_as_four_wide() {
    let mut s = position(
        0,
        0,
        &[(0, 0, &["L-01"]), (1, 0, &["D-02"]), (2, 0, &["L-03"])],
        [&["L-04", "L-09"], &["D-03"]],
        0,
    );
    assert_eq!(s.table.panorama.orientation(), Orientation::Undecided);
    apply(&mut s, place("L-04", 3, 0));
    assert_eq!(s.table.panorama.orientation(), Orientation::Wide);
    // Now at most 3 rows: a column of 4 is refused, and a fifth card in the row too.
    let mut s = position(
        0,
        0,
        &[
            (0, 0, &["L-01"]),
            (1, 0, &["D-02"]),
            (2, 0, &["L-03"]),
            (3, 0, &["D-04"]),
            (0, 1, &["L-04"]),
            (0, 2, &["D-01"]),
        ],
        [&["L-09"], &["D-03"]],
        0,
    );
    refused(&s, place("L-09", 0, 3));
    refused(&s, place("L-09", 0, -1));
    refused(&s, place("L-09", 4, 0));
    refused(&s, place("L-09", -1, 0));
    assert!(legal_cells(&s, "L-09")
        .iter()
        .all(|c| (0..=3).contains(&c.x) && (0..=2).contains(&c.y)));
    apply(&mut s, place("L-09", 1, 1));
}

#[test]
fn a_column_of_four_fixes_the_panorama_as_three_wide() {
    let s = position(
        0,
        0,
        &[
            (0, 0, &["L-01"]),
            (0, 1, &["D-02"]),
            (0, 2, &["L-03"]),
            (0, 3, &["D-04"]),
            (1, 0, &["L-04"]),
            (2, 0, &["D-01"]),
        ],
        [&["L-09"], &["D-03"]],
        0,
    );
    assert_eq!(s.table.panorama.orientation(), Orientation::Tall);
    refused(&s, place("L-09", 3, 0));
    refused(&s, place("L-09", -1, 0));
    refused(&s, place("L-09", 0, 4));
    refused(&s, place("L-09", 0, -1));
    let cells = legal_cells(&s, "L-09");
    assert!(cells.contains(&cell(1, 1)) && cells.contains(&cell(2, 1)));
    assert!(cells.contains(&cell(1, 3)));
    assert!(cells
        .iter()
        .all(|c| (0..=2).contains(&c.x) && (0..=3).contains(&c.y)));
}

#[test]
fn a_three_by_three_box_is_still_undecided_and_gaps_are_allowed() {
    // An L-shape with a gap inside its box.
    let s = position(
        0,
        0,
        &[
            (0, 0, &["L-01"]),
            (0, 1, &["D-02"]),
            (0, 2, &["L-03"]),
            (1, 2, &["D-04"]),
            (2, 2, &["L-04"]),
        ],
        [&["L-09"], &["D-03"]],
        0,
    );
    assert_eq!(s.table.panorama.orientation(), Orientation::Undecided);
    let cells = legal_cells(&s, "L-09");
    // Either way out of the 3×3 box is still open.
    assert!(cells.contains(&cell(3, 2)) && cells.contains(&cell(0, 3)));
    assert!(cells.contains(&cell(1, 0)), "next to (0,0), leaves a gap");
    // The frame of open cells covers both orientations.
    let open = s.table.panorama.open_cells();
    assert!(open.contains(&cell(3, 0)) && open.contains(&cell(0, -1)));
    assert!(!open.contains(&cell(3, -1)), "would be 4×4");
}

// ---------------------------------------------------------------- §5.3 covers

fn cover_position(light_powers: &[Power], dark_powers: &[Power]) -> MoonlightState {
    let mut s = position(
        0,
        0,
        &[
            (0, 0, &["D-01"]),
            (1, 0, &["D-03"]),
            (2, 0, &["D-05"]),
            (3, 0, &["D-11"]),
            (0, 1, &["L-01"]),
        ],
        [&["L-03", "L-07", "L-09"], &["D-06", "D-07", "D-09"]],
        0,
    );
    for &p in light_powers {
        s.table.powers[0].insert(p);
    }
    for &p in dark_powers {
        s.table.powers[1].insert(p);
    }
    s
}

#[test]
fn a_cover_is_exactly_one_higher() {
    let s = cover_position(&[], &[]);
    // L-03 (2) covers D-01 (1); L-07 (3) covers D-03 (2); L-09 (4) covers D-05 (3).
    assert!(legal_cells(&s, "L-03").contains(&cell(0, 0)));
    assert!(legal_cells(&s, "L-07").contains(&cell(1, 0)));
    assert!(legal_cells(&s, "L-09").contains(&cell(2, 0)));
    // Two higher, the same and lower are refused.
    refused(&s, place("L-07", 0, 0));
    refused(&s, place("L-09", 1, 0));
    refused(&s, place("L-07", 2, 0));
    refused(&s, place("L-03", 2, 0));
    // A 5 can be covered only by a 6: nothing in a starting hand covers it.
    refused(&s, place("L-09", 3, 0));
    let mut s = s;
    apply(&mut s, place("L-09", 2, 0));
    let pile = s.table.panorama.pile(cell(2, 0)).unwrap();
    assert_eq!(pile.cards.as_slice(), &[wolf("D-05"), wolf("L-09")]);
    assert_eq!(s.table.panorama.len(), 5, "a cover adds no cell");
}

#[test]
fn you_never_cover_your_own_wolf() {
    let s = cover_position(&[], &[]);
    let err = refused(&s, place("L-03", 0, 1));
    assert!(err.to_string().contains("own"), "{err}");
}

#[test]
fn the_opponents_last_visible_wolf_cannot_be_covered() {
    let s = position(
        0,
        0,
        &[(0, 0, &["D-01"]), (1, 0, &["L-01"])],
        [&["L-03"], &["D-03"]],
        0,
    );
    let err = refused(&s, place("L-03", 0, 0));
    assert!(err.to_string().contains("last visible"), "{err}");
    // A second Dark wolf, even a covered pile doesn't count: only visible ones.
    let s = position(
        0,
        0,
        &[(0, 0, &["D-01"]), (1, 0, &["D-02", "L-04"])],
        [&["L-03"], &["D-03"]],
        0,
    );
    refused(&s, place("L-03", 0, 0));
    let s = position(
        0,
        0,
        &[(0, 0, &["D-01"]), (1, 0, &["D-02"])],
        [&["L-03"], &["D-03"]],
        0,
    );
    assert!(legal_cells(&s, "L-03").contains(&cell(0, 0)));
}

#[test]
fn a_six_is_covered_only_by_a_six_with_same_value_cover() {
    let mut s = position(
        0,
        0,
        &[(0, 0, &["D-LW6"]), (1, 0, &["D-11"]), (2, 0, &["L-01"])],
        [&["L-LW6", "L-11"], &["D-03"]],
        0,
    );
    s.table.lone_wolves = [
        [wolf("L-LW6")].into_iter().collect(),
        [wolf("D-LW6")].into_iter().collect(),
    ];
    refill_decks(&mut s);
    assert!(legal_cells(&s, "L-LW6").contains(&cell(1, 0)), "6 on 5");
    refused(&s, place("L-LW6", 0, 0));
    refused(&s, place("L-11", 1, 0));
    s.table.powers[0].insert(Power::SameValueCover);
    assert!(legal_cells(&s, "L-LW6").contains(&cell(0, 0)));
    assert!(legal_cells(&s, "L-11").contains(&cell(1, 0)), "5 on 5");
}

// ---------------------------------------------------------------- §2.4 Alpha Powers

#[test]
fn value_skip_allows_plus_two_once_per_round() {
    let mut s = cover_position(&[Power::ValueSkip], &[]);
    assert!(legal_cells(&s, "L-07").contains(&cell(0, 0)), "3 on 1");
    // The normal +1 never spends it.
    let mut plain = s.clone();
    apply(&mut plain, place("L-07", 1, 0));
    assert!(plain.table.ready(0, Power::ValueSkip));
    apply(&mut s, place("L-07", 0, 0));
    assert!(!s.table.ready(0, Power::ValueSkip), "spent");
    assert_eq!(
        s.table.power_status(0),
        vec![PowerStatus {
            power: Power::ValueSkip,
            ambush: true,
            used: true
        }]
    );
    // Dark's turn, then Light again: a second +2 is refused.
    s.table.mover = 0;
    s.table.phase = Phase::Place;
    s.hands[0] = ["L-09", "L-03"].iter().map(|c| wolf(c)).collect();
    refill_decks(&mut s);
    refused(&s, place("L-09", 1, 0));
    // A new round turns it face up again (§3.1 step 3).
    s.table.start = 0;
    s.table.phase = Phase::PickPower;
    s.table.display.insert(Power::BonusMoons);
    s.table.mover = 1;
    apply(
        &mut s,
        MoonlightAction::PickPower {
            power: Power::BonusMoons,
        },
    );
    assert!(s.table.ready(0, Power::ValueSkip));
}

#[test]
fn same_value_cover_allows_an_equal_cover_once() {
    let mut s = cover_position(&[Power::SameValueCover], &[]);
    // L-03 (2) on D-03 (2).
    assert!(legal_cells(&s, "L-03").contains(&cell(1, 0)));
    refused(&s, place("L-09", 1, 0));
    apply(&mut s, place("L-03", 1, 0));
    assert!(!s.table.ready(0, Power::SameValueCover));
    assert!(matches!(
        s.table.last_turn[0],
        Change::Placed {
            power: Some(Power::SameValueCover),
            ..
        }
    ));
}

#[test]
fn value_one_protection_shields_visible_ones() {
    let s = cover_position(&[], &[Power::ValueOneProtection]);
    let err = refused(&s, place("L-03", 0, 0));
    assert!(err.to_string().contains("Value 1 Protection"), "{err}");
    assert!(!legal_cells(&s, "L-03").contains(&cell(0, 0)));
    // Only the holder's 1s are shielded: Dark may still cover Light's 1.
    let mut t = position(
        0,
        0,
        &[
            (0, 0, &["D-01"]),
            (1, 0, &["D-03"]),
            (0, 1, &["L-01"]),
            (1, 1, &["L-09"]),
        ],
        [&["L-03"], &["D-04"]],
        1,
    );
    t.table.powers[1].insert(Power::ValueOneProtection);
    assert!(legal_cells(&t, "D-04").contains(&cell(0, 1)));
    // With Light holding it instead, Dark may not cover Light's 1.
    t.table.powers = [PowerSet::default(), PowerSet::default()];
    t.table.powers[0].insert(Power::ValueOneProtection);
    assert!(!legal_cells(&t, "D-04").contains(&cell(0, 1)));
}

#[test]
fn larger_hand_deals_and_refills_five() {
    let mut s = Moonlight::new(
        &MoonlightOptions {
            start: Some(0),
            light: Some(0),
        },
        &mut setup_rng(3),
    )
    .unwrap();
    s.table.powers[1].insert(Power::LargerHand);
    let mut rng = Rng::seed_from_u64(1);
    for _ in 0..2 {
        let a = Moonlight::sample_chance(&s, &mut rng);
        apply(&mut s, a);
    }
    assert_eq!(s.hands[0].len(), 3);
    assert_eq!(s.hands[1].len(), 5);
    assert_eq!(s.decks[1].len(), 6);
    let first = Moonlight::legal(&s)[0];
    apply(&mut s, first);
    let second = Moonlight::legal(&s)[0];
    apply(&mut s, second);
    assert_eq!(s.hands[1].len(), 5, "refilled to 5");
    assert_eq!(s.hands[0].len(), 3);
}

#[test]
fn double_placement_offers_an_optional_second_card_and_draws_two() {
    let mut s = position(
        0,
        0,
        &[(0, 0, &["D-01"]), (1, 0, &["D-03"])],
        [&["L-03", "L-09", "L-11"], &["D-05"]],
        0,
    );
    s.table.powers[0].insert(Power::DoublePlacement);
    apply(&mut s, place("L-09", 2, 0));
    assert_eq!(s.table.phase, Phase::Second);
    assert!(Moonlight::legal(&s).contains(&MoonlightAction::Decline));
    // Declining does not spend the power (D17).
    let mut declined = s.clone();
    apply(&mut declined, MoonlightAction::Decline);
    assert!(declined.table.ready(0, Power::DoublePlacement));
    assert_eq!(declined.table.mover, 1);
    assert_eq!(declined.hands[0].len(), 3);
    // The second card may be a cover; then the hand refills by 2 (D4).
    apply(&mut s, place("L-03", 0, 0));
    assert!(!s.table.ready(0, Power::DoublePlacement));
    assert_eq!(s.hands[0].len(), 3);
    assert_eq!(s.table.mover, 1);
    assert!(s
        .table
        .last_turn
        .contains(&Change::Drew { seat: 0, count: 2 }));
    // Passing is never allowed as the first card.
    let t = position(0, 0, &[(0, 0, &["D-01"])], [&["L-03"], &["D-05"]], 0);
    refused(&t, MoonlightAction::Decline);
}

#[test]
fn a_double_placement_whose_first_card_completes_the_panorama_ends_the_round() {
    // D9: eleven cells filled, Light completes it with the first card.
    let mut s = position(
        0,
        0,
        &[
            (0, 0, &["L-01"]),
            (1, 0, &["D-01"]),
            (2, 0, &["L-02"]),
            (3, 0, &["D-02"]),
            (0, 1, &["D-03"]),
            (1, 1, &["L-03"]),
            (2, 1, &["D-04"]),
            (3, 1, &["L-04"]),
            (0, 2, &["L-05"]),
            (1, 2, &["D-05"]),
            (2, 2, &["L-06"]),
        ],
        [&["L-09", "L-10"], &["D-09"]],
        0,
    );
    s.table.powers[0].insert(Power::DoublePlacement);
    apply(&mut s, place("L-09", 3, 2));
    assert_eq!(s.table.rounds.len(), 1, "round scored at once");
    assert_ne!(s.table.phase, Phase::Second);
    assert!(s.table.rounds[0].complete);
}

#[test]
fn bonus_moons_adds_two_moons() {
    let mut s = example_one();
    s.table.powers[0].insert(Power::BonusMoons);
    let score = s.table.live_score();
    assert_eq!(score.moons, [4, 3]);
    assert!(score.bonus_moons[0]);
    assert_eq!(score.moon_winner, Some(0));
    assert_eq!(score.points, [4, 3]);
    assert_eq!(score.winner, Some(0));
}

#[test]
fn win_all_ties_wins_moon_and_row_ties() {
    let mut s = example_one();
    s.table.powers[0].insert(Power::WinAllTies);
    let score = s.table.live_score();
    // Row 0 was 6–6: now Light's, 2 wolves +1 on L3m = 3 points.
    assert_eq!(score.rows[0].winner, Some(0));
    assert_eq!(score.rows[0].points, 3);
    assert_eq!(score.points, [5, 5]);
    assert_eq!(score.winner, Some(0));
    assert_eq!(score.decided_by, Decider::WinAllTies);
}

fn move_position() -> MoonlightState {
    let mut s = position(
        0,
        0,
        &[
            (0, 0, &["L-01"]),
            (1, 0, &["D-01", "L-04"]),
            (2, 0, &["D-02"]),
            (1, 1, &["D-09"]),
        ],
        [&["L-03", "L-09"], &["D-05"]],
        0,
    );
    s.table.powers[0].insert(Power::MovePile);
    s
}

#[test]
fn move_a_pile_moves_a_whole_pile_then_places_a_two() {
    let mut s = move_position();
    let legal = Moonlight::legal(&s);
    let moves: Vec<_> = legal
        .iter()
        .filter(|a| matches!(a, MoonlightAction::MovePile { .. }))
        .collect();
    assert!(!moves.is_empty());
    // Moving (1,0) would split (0,0) from the rest (D7).
    assert!(!legal.contains(&MoonlightAction::MovePile {
        from: cell(1, 0),
        to: cell(1, 2)
    }));
    refused(
        &s,
        MoonlightAction::MovePile {
            from: cell(1, 0),
            to: cell(1, 2),
        },
    );
    // The covered pile moves whole, order kept.
    apply(
        &mut s,
        MoonlightAction::MovePile {
            from: cell(0, 0),
            to: cell(0, 1),
        },
    );
    assert_eq!(s.table.phase, Phase::PlaceTwo);
    assert!(s.table.panorama.pile(cell(0, 0)).is_none());
    // Only the value-2 wolf may be placed now, by the ordinary rules.
    refused(&s, place("L-09", 3, 0));
    assert!(Moonlight::legal(&s)
        .iter()
        .all(|a| matches!(a, MoonlightAction::Place { card, .. } if card.value() == 2)));
    apply(&mut s, place("L-03", 3, 0));
    assert_eq!(s.table.mover, 1);
    assert!(!s.table.ready(0, Power::MovePile), "once per round");

    let mut t = move_position();
    let pile = t.table.panorama.pile(cell(1, 0)).unwrap().cards;
    apply(
        &mut t,
        MoonlightAction::MovePile {
            from: cell(2, 0),
            to: cell(2, 1),
        },
    );
    assert_eq!(t.table.panorama.pile(cell(1, 0)).unwrap().cards, pile);
    assert_eq!(t.table.panorama.top(cell(2, 1)), Some(wolf("D-02")));
}

#[test]
fn move_a_pile_needs_a_two_in_hand_and_keeps_the_bound() {
    let mut s = move_position();
    s.hands[0] = ["L-09", "L-10"].iter().map(|c| wolf(c)).collect();
    refill_decks(&mut s);
    assert!(!Moonlight::legal(&s)
        .iter()
        .any(|a| matches!(a, MoonlightAction::MovePile { .. })));
    refused(
        &s,
        MoonlightAction::MovePile {
            from: cell(0, 0),
            to: cell(0, 1),
        },
    );
    // The moved pile must keep the box within 4×3 / 3×4.
    let s = move_position();
    let p = &s.table.panorama;
    for (from, to) in p.pile_moves() {
        let mut q = p.clone();
        q.move_pile(from, to);
        assert!(
            q.bounds().unwrap().fits() && q.is_connected(),
            "{from}->{to}"
        );
    }
    assert!(!p.can_move(cell(0, 0), cell(0, 3)));
    assert!(!p.can_move(cell(0, 0), cell(-1, 1)), "not next to the rest");
}

// ---------------------------------------------------------------- §6 round end

/// Both hands of one card, both decks empty: the last cards of the round.
fn last_cards(start: Seat, mover: Seat) -> MoonlightState {
    let mut s = position(
        0,
        start,
        &[(0, 0, &["L-01"]), (1, 0, &["D-01"])],
        [&["L-11"], &["D-11"]],
        mover,
    );
    s.decks = [Cards::new(); 2];
    s
}

#[test]
fn when_the_start_player_runs_out_the_opponent_takes_a_final_turn() {
    let mut s = last_cards(0, 0);
    apply(&mut s, place("L-11", 0, 1));
    assert!(s.table.final_turn);
    assert_eq!(s.table.mover, 1);
    assert!(s.table.rounds.is_empty());
    apply(&mut s, place("D-11", 1, 1));
    assert_eq!(s.table.rounds.len(), 1, "then the round ends");
}

#[test]
fn final_turn_ends_the_round_even_with_cards_left() {
    let mut s = last_cards(0, 0);
    s.hands[1] = ["D-11", "D-10"].iter().map(|c| wolf(c)).collect();
    apply(&mut s, place("L-11", 0, 1));
    apply(&mut s, place("D-11", 1, 1));
    assert_eq!(s.table.rounds.len(), 1);
}

#[test]
fn when_the_second_player_runs_out_the_round_ends_at_once() {
    // D8: Dark is the second player.
    let mut s = last_cards(0, 1);
    s.hands[0] = ["L-11", "L-10"].iter().map(|c| wolf(c)).collect();
    apply(&mut s, place("D-11", 1, 1));
    assert_eq!(s.table.rounds.len(), 1);
}

#[test]
fn when_the_start_player_runs_out_and_the_opponent_has_nothing_the_round_ends() {
    let mut s = last_cards(0, 0);
    s.hands[1] = Cards::new();
    apply(&mut s, place("L-11", 0, 1));
    assert_eq!(s.table.rounds.len(), 1);
}

#[test]
fn a_complete_panorama_ends_the_round_without_a_draw() {
    let mut s = position(
        0,
        0,
        &[
            (0, 0, &["L-01"]),
            (1, 0, &["D-01"]),
            (2, 0, &["L-02"]),
            (3, 0, &["D-02"]),
            (0, 1, &["D-03"]),
            (1, 1, &["L-03"]),
            (2, 1, &["D-04"]),
            (3, 1, &["L-04"]),
            (0, 2, &["L-05"]),
            (1, 2, &["D-05"]),
            (2, 2, &["L-06"]),
        ],
        [&["L-09", "L-10"], &["D-09"]],
        0,
    );
    let hand_before = s.hands[0].len();
    apply(&mut s, place("L-09", 3, 2));
    assert_eq!(s.table.rounds.len(), 1);
    assert!(s.table.rounds[0].complete);
    // Light: row 0 … scored; whoever won, the pick phase or a replay followed, without a draw.
    let score = &s.table.rounds[0];
    match score.winner {
        Some(w) => {
            assert_eq!(s.table.phase, Phase::PickLoneWolf);
            assert_eq!(s.table.mover, w);
            assert_eq!(s.hands[0].len(), hand_before - 1, "no draw");
        }
        None => assert_eq!(s.table.phase, Phase::Shuffle { seat: 0 }),
    }
}

// ---------------------------------------------------------------- §8 between rounds, §9

#[test]
fn a_tied_round_is_replayed_with_the_same_start_player() {
    // One moonless 2 each in one row: every count ties. Dark started and plays last.
    let mut s = position(0, 1, &[(0, 0, &["L-03"])], [&[], &["D-03"]], 1);
    s.decks = [Cards::new(); 2];
    apply(&mut s, place("D-03", 1, 0));
    let score = s.table.rounds.last().unwrap();
    assert_eq!(score.decided_by, Decider::Tied);
    assert_eq!(s.table.mountains, [0, 0]);
    assert_eq!(s.table.phase, Phase::Shuffle { seat: 0 });
    assert_eq!(s.table.start, 1, "same start player");
    assert_eq!(s.table.round, 2);
    assert!(s.table.panorama.is_empty());
    assert_eq!(s.decks[0].len() + s.decks[1].len(), 22, "all cards back");
    assert!(s.table.lone_wolves.iter().all(Cards::is_empty));
    assert!(s.table.powers.iter().all(|p| p.is_empty()));
}

#[test]
fn the_winner_picks_a_lone_wolf_and_the_loser_a_power() {
    // Row 0: the two corner 1s count 3 each, a tie; row 1: Dark's 5 wins 1 point.
    let mut s = last_cards(0, 1);
    apply(&mut s, place("D-11", 1, 1));
    let w = s.table.rounds[0].winner.unwrap();
    assert_eq!(w, 1);
    assert_eq!(s.table.mountains, [0, 1]);
    assert_eq!(s.table.phase, Phase::PickLoneWolf);
    assert_eq!(s.table.mover, 1);
    // Only the winner's own remaining Lone Wolves.
    let picks = Moonlight::legal(&s);
    assert_eq!(picks.len(), 4);
    refused(
        &s,
        MoonlightAction::PickLoneWolf {
            wolf: wolf("L-LW6"),
        },
    );
    refused(
        &s,
        MoonlightAction::PickPower {
            power: s.table.display.iter().next().unwrap(),
        },
    );
    apply(
        &mut s,
        MoonlightAction::PickLoneWolf {
            wolf: wolf("D-LW6"),
        },
    );
    assert_eq!(s.table.phase, Phase::PickPower);
    assert_eq!(s.table.mover, 0);
    let absent = Power::ALL
        .into_iter()
        .find(|p| !s.table.display.contains(*p))
        .unwrap();
    refused(&s, MoonlightAction::PickPower { power: absent });
    let power = s.table.display.iter().next().unwrap();
    apply(&mut s, MoonlightAction::PickPower { power });
    assert!(s.table.holds(0, power));
    assert_eq!(s.table.display.len(), DISPLAY_SIZE, "refilled");
    assert!(!s.table.display.contains(power));
    assert_eq!(s.power_deck.len(), 3);
    assert_eq!(s.table.start, 1, "the winner starts");
    assert_eq!(s.table.round, 2);
    assert_eq!(s.decks[1].len(), 12, "the Lone Wolf is in Dark's deck");
    assert!(s.decks[1].contains(wolf("D-LW6")));
    // The next round deals from it.
    let mut rng = Rng::seed_from_u64(9);
    for _ in 0..2 {
        let a = Moonlight::sample_chance(&s, &mut rng);
        apply(&mut s, a);
    }
    assert_eq!(s.table.mover, 1);
    assert_eq!(s.hands[1].len() + s.decks[1].len(), 12);
}

#[test]
fn the_second_round_win_ends_the_match_without_picks() {
    let mut s = last_cards(0, 1);
    s.table.mountains = [0, 1];
    apply(&mut s, place("D-11", 1, 1));
    assert_eq!(s.table.phase, Phase::Over);
    assert_eq!(Moonlight::to_move(&s), ToMove::Over);
    let o = Moonlight::outcome(&s).unwrap();
    assert_eq!(o.ranks, vec![1, 0]);
    assert_eq!(o.scores, vec![0.0, 2.0]);
    assert_eq!(refused(&s, place("L-11", 0, 1)), Illegal::GameOver);
}

#[test]
fn the_round_cap_draws_the_match() {
    // D12: the tenth round ends tied.
    let mut s = position(0, 1, &[(0, 0, &["L-03"])], [&[], &["D-03"]], 1);
    s.decks = [Cards::new(); 2];
    s.table.round = ROUND_CAP;
    apply(&mut s, place("D-03", 1, 0));
    assert_eq!(s.table.phase, Phase::Over);
    let o = Moonlight::outcome(&s).unwrap();
    assert_eq!(o.ranks, vec![0, 0]);
}

// ---------------------------------------------------------------- chance, views, records

#[test]
fn shuffles_must_be_the_seats_cards_in_canonical_order() {
    let s = Moonlight::new(&MoonlightOptions::default(), &mut setup_rng(4)).unwrap();
    assert_eq!(Moonlight::to_move(&s), ToMove::Chance);
    let good = Moonlight::sample_chance(&s, &mut chance_rng(4, 0));
    let MoonlightAction::Shuffle { order, .. } = good else {
        panic!("a shuffle")
    };
    let mut short = order;
    short.remove_at(0);
    refused(
        &s,
        MoonlightAction::Shuffle {
            seat: 0,
            order: short,
        },
    );
    refused(&s, MoonlightAction::Shuffle { seat: 1, order });
    let mut swapped = order;
    let i = swapped.iter().position(|w| w.index() == 4).unwrap();
    let j = swapped.iter().position(|w| w.index() == 5).unwrap();
    swapped.as_mut_slice().swap(i, j);
    refused(
        &s,
        MoonlightAction::Shuffle {
            seat: 0,
            order: swapped,
        },
    );
    assert_eq!(refused(&s, place("L-01", 0, 0)), Illegal::WrongTurn);
}

#[test]
fn identical_copies_give_one_action() {
    let s = position(0, 0, &[], [&["L-05", "L-06", "L-07"], &["D-01"]], 0);
    let cards: Vec<Wolf> = Moonlight::legal(&s)
        .iter()
        .filter_map(|a| match a {
            MoonlightAction::Place { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(cards, vec![wolf("L-05"), wolf("L-07")]);
}

/// A state some way into round 2, from a real match.
fn midgame(seed: u64, stop: usize) -> Match<Moonlight> {
    let mut m = Match::<Moonlight>::new(MoonlightOptions::default(), seed).unwrap();
    let mut rng = Rng::seed_from_u64(seed);
    while m.record().actions.len() < stop && m.to_move() != ToMove::Over {
        let legal = Moonlight::legal(m.state());
        m.play(&legal[rng.random_range(0..legal.len())]).unwrap();
    }
    m
}

#[test]
fn views_never_contain_the_opponents_hand_or_any_deck_order() {
    for seed in 0..50 {
        let m = midgame(seed, 10 + seed as usize);
        let s = m.state();
        for seat in 0..2 {
            let view = Moonlight::view(s, seat);
            let json = serde_json::to_value(&view).unwrap();
            let text = json.to_string();
            for key in ["hands", "decks", "power_deck", "order"] {
                assert!(!text.contains(&format!("\"{key}\"")), "{key} in a view");
            }
            // In round 1 no card of the opponent's hand appears anywhere in the view.
            if s.table.round == 1 && s.table.rounds.is_empty() {
                for w in s.hands[1 - seat].iter().chain(s.decks[1 - seat].iter()) {
                    assert!(!text.contains(&format!("\"{w}\"")), "{w} leaked");
                }
            }
            // Redeal the hidden cards: the view does not change.
            let mut other = s.clone();
            let op = 1 - seat;
            let mut hidden: Vec<Wolf> = other.hands[op]
                .iter()
                .chain(other.decks[op].iter())
                .collect();
            hidden.reverse();
            let n = other.hands[op].len();
            other.hands[op] = hidden[..n].iter().copied().collect();
            other.decks[op] = hidden[n..].iter().copied().collect();
            let mut mine = other.decks[seat];
            mine.as_mut_slice().reverse();
            other.decks[seat] = mine;
            other.power_deck.reverse();
            let again = serde_json::to_value(Moonlight::view(&other, seat)).unwrap();
            assert_eq!(
                json, again,
                "the view depends only on what the seat may know"
            );
        }
    }
}

#[test]
fn determinize_deals_unseen_cards_consistently() {
    for seed in 0..40 {
        let m = midgame(seed, 8 + 3 * seed as usize);
        let s = m.state();
        let seat = match Moonlight::to_move(s) {
            ToMove::Seat(seat) => seat,
            _ => 0,
        };
        let view = Moonlight::view(s, seat);
        let mut rng = Rng::seed_from_u64(seed);
        let mut op_hands = std::collections::HashSet::new();
        for _ in 0..20 {
            let d = Moonlight::determinize(&view, &mut rng);
            assert_eq!(d.table, s.table);
            assert_eq!(d.hands[seat], s.hands[seat]);
            for p in 0..2 {
                assert_eq!(d.hands[p].len(), s.hands[p].len());
                assert_eq!(d.decks[p].len(), s.decks[p].len());
                let mut all: Vec<Wolf> = d.hands[p].iter().chain(d.decks[p].iter()).collect();
                let mut real: Vec<Wolf> = s.hands[p].iter().chain(s.decks[p].iter()).collect();
                all.sort();
                real.sort();
                assert_eq!(all, real, "same unplayed cards");
            }
            let mut pd = d.power_deck.clone();
            let mut real = s.power_deck.clone();
            pd.sort();
            real.sort();
            assert_eq!(pd, real);
            assert_eq!(Moonlight::view(&d, seat), view);
            op_hands.insert(format!("{:?}", d.hands[1 - seat]));
        }
        if s.decks[1 - seat].len() > 3 {
            assert!(op_hands.len() > 1, "the opponent's hand is sampled");
        }
    }
}

#[test]
fn the_log_hides_other_players_draws() {
    let m = Match::<Moonlight>::new(MoonlightOptions::default(), 11).unwrap();
    let s = m.state().clone();
    let me = s.table.mover;
    let a = Moonlight::legal(&s)[0];
    let mine = Moonlight::describe(&s, &a, me, crate::i18n::Lang::En).unwrap();
    let theirs = Moonlight::describe(&s, &a, 1 - me, crate::i18n::Lang::En).unwrap();
    assert!(mine.starts_with(&format!("@{me} placed")), "{mine}");
    assert!(theirs.contains("drew 1 card"), "{theirs}");
    let mut after = s.clone();
    apply(&mut after, a);
    let drawn = after.hands[me].last().unwrap();
    let label = log::wolf_label(drawn, crate::i18n::Lang::En);
    assert!(mine.ends_with(&format!(" and drew {label}")), "{mine}");
    assert!(theirs.ends_with(" and drew 1 card"), "{theirs}");
    // The shuffle: the owner sees their hand, the other only a count.
    let start = Moonlight::new(&MoonlightOptions::default(), &mut setup_rng(5)).unwrap();
    let shuffle = Moonlight::sample_chance(&start, &mut chance_rng(5, 0));
    let own = Moonlight::describe(&start, &shuffle, 0, crate::i18n::Lang::En).unwrap();
    let other = Moonlight::describe(&start, &shuffle, 1, crate::i18n::Lang::En).unwrap();
    assert!(other.contains("drew 3 cards") && !other.contains("L-") && !other.contains("D-"));
    let hand: Vec<String> = Moonlight::view(
        &{
            let mut dealt = start.clone();
            apply(&mut dealt, shuffle);
            dealt
        },
        0,
    )
    .hand
    .iter()
    .map(|w| log::wolf_label(w, crate::i18n::Lang::En))
    .collect();
    assert!(
        own.starts_with("Round 1 begins") && own.ends_with(&format!("drew {}", hand.join(", "))),
        "{own}"
    );
}

#[test]
fn records_replay_identically() {
    for seed in 0..20 {
        let m = midgame(seed, usize::MAX);
        assert_eq!(m.to_move(), ToMove::Over);
        let again = Match::<Moonlight>::from_json(&m.to_json()).unwrap();
        assert_eq!(again.state(), m.state());
        let half = m.prefix(m.record().actions.len() / 2);
        let again = Match::<Moonlight>::from_json(&half.to_json()).unwrap();
        assert_eq!(again.state(), half.state());
    }
}

#[test]
fn actions_read_well_in_a_record() {
    let a = place("L-07", 1, -1);
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        r#"{"type":"place","card":"L-07","at":[1,-1]}"#
    );
    let b: MoonlightAction =
        serde_json::from_str(r#"{"type":"pick_power","power":"win_all_ties"}"#).unwrap();
    assert_eq!(
        b,
        MoonlightAction::PickPower {
            power: Power::WinAllTies
        }
    );
    assert!(serde_json::from_str::<MoonlightAction>(
        r#"{"type":"place","card":"L-12","at":[0,0]}"#
    )
    .is_err());
}

#[test]
fn bad_options_are_refused() {
    let o = MoonlightOptions {
        start: Some(2),
        light: None,
    };
    assert!(Moonlight::new(&o, &mut setup_rng(0)).is_err());
}

// ---------------------------------------------------------------- random playouts

/// Invariants of §5–§10 that hold after every action.
fn check(s: &MoonlightState) {
    let t = &s.table;
    for seat in 0..2 {
        let colour = t.colour(seat);
        // Each player's cards are conserved: hand + deck + panorama = deck list.
        let mut held: Vec<Wolf> = s.hands[seat]
            .iter()
            .chain(s.decks[seat].iter())
            .chain(t.panorama.cards_of(colour))
            .collect();
        held.sort();
        let mut owned: Vec<Wolf> = t.owned(seat).iter().collect();
        owned.sort();
        assert_eq!(held, owned, "cards of @{seat} conserved");
        assert!(s.hands[seat].len() <= t.hand_size(seat), "hand within size");
        assert!(s.hands[seat].iter().all(|w| w.colour() == colour));
        assert!(
            t.lone_wolves[seat].len() <= 1,
            "§8.2: at most one Lone Wolf"
        );
        assert!(t.powers[seat].len() <= 1, "§8.2: at most one power");
        assert!(t.used[seat].without(t.powers[seat]).is_empty());
    }
    assert!(t.panorama.len() <= FULL);
    if let Some(b) = t.panorama.bounds() {
        assert!(b.fits(), "panorama within 4×3 / 3×4");
        assert!(t.panorama.is_connected());
    }
    for p in t.panorama.piles() {
        // Piles alternate owners.
        let cards = p.cards.as_slice();
        assert!(cards.windows(2).all(|w| w[0].colour() != w[1].colour()));
    }
    let owned_powers = t.powers[0].union(t.powers[1]);
    assert_eq!(t.display.len(), DISPLAY_SIZE);
    assert_eq!(t.display.len() + owned_powers.len() + s.power_deck.len(), 8);
    assert!(t.mountains.iter().all(|&m| m <= MOUNTAINS_TO_WIN));
    if matches!(t.phase, Phase::Place | Phase::PlaceTwo | Phase::Second) {
        assert!(!s.hands[t.mover].is_empty(), "no turn with an empty hand");
        assert!(!t.panorama.is_complete());
        let full = t.live_score();
        let fast = Visible::of(&t.panorama, None).tally(&t.score_rules());
        assert_eq!(
            (full.moons, full.points, full.collected, full.winner),
            (fast.moons, fast.points, fast.collected, fast.winner)
        );
    }
}

/// 10,000 random matches, invariants after every action, illegal actions refused unchanged.
#[test]
fn random_playouts_keep_the_invariants() {
    let games = 10_000u64;
    let mut rounds_seen = [0usize; 4];
    let mut ends = [0usize; 2];
    let mut powers_used = PowerSet::default();
    for g in 0..games {
        let mut m = Match::<Moonlight>::new(MoonlightOptions::default(), g).unwrap();
        let mut rng = chance_rng(g, 1_000_000);
        check(m.state());
        while m.to_move() != ToMove::Over {
            let s = m.state().clone();
            let legal = Moonlight::legal(&s);
            assert!(!legal.is_empty(), "a seat to move always has a choice");
            // Illegal actions are refused and change nothing.
            let me = s.table.mover;
            let foreign = s.hands[1 - me].first().unwrap_or(wolf("L-01"));
            for bogus in [
                MoonlightAction::Place {
                    card: foreign,
                    at: Cell::ORIGIN,
                },
                MoonlightAction::Place {
                    card: s.hands[me].first().unwrap_or(foreign),
                    at: cell(9, 9),
                },
                MoonlightAction::Decline,
                MoonlightAction::PickPower {
                    power: Power::ALL
                        .into_iter()
                        .find(|p| !s.table.display.contains(*p))
                        .unwrap(),
                },
            ] {
                if !legal.contains(&bogus) {
                    let mut copy = s.clone();
                    assert!(Moonlight::apply(&mut copy, &bogus).is_err(), "{bogus:?}");
                    assert_eq!(copy, s);
                }
            }
            let a = legal[rng.random_range(0..legal.len())];
            if let MoonlightAction::MovePile { .. } = a {
                powers_used.insert(Power::MovePile);
            }
            if a == MoonlightAction::Decline {
                powers_used.insert(Power::DoublePlacement);
            }
            m.play(&a).unwrap();
            check(m.state());
            let t = &m.state().table;
            if t.rounds.len() > s.table.rounds.len() {
                ends[t.rounds.last().unwrap().complete as usize] += 1;
            }
        }
        let t = &m.state().table;
        rounds_seen[t.rounds.len().min(3)] += 1;
        let o = Moonlight::outcome(m.state()).unwrap();
        assert!(o.ranks.contains(&0));
        if t.match_winner().is_some() {
            assert_eq!(t.mountains.iter().filter(|&&m| m == 2).count(), 1);
            assert_eq!(
                t.rounds.iter().filter(|r| r.winner.is_some()).count(),
                (t.mountains[0] + t.mountains[1]) as usize
            );
        }
    }
    // The random games exercised both round ends, long matches and the powers.
    assert!(ends[0] > 0 && ends[1] > 0, "{ends:?}");
    assert!(rounds_seen[3] > 0);
    assert!(powers_used.contains(Power::MovePile) && powers_used.contains(Power::DoublePlacement));
}

/// Development aid, not a timing assertion: Hard and Normal search (iteration budgets, no clock)
/// from positions across matches, timed in this thread's CPU time (Linux), so the figures hold
/// on a busy machine.
/// `cargo test --lib moonlight::tests::search_workload -- --ignored --nocapture`
#[test]
#[ignore]
fn search_workload() {
    use crate::ai::{search, Bot, Level};
    fn cpu_ms() -> f64 {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|t| t.split_whitespace().next()?.parse::<f64>().ok())
            .map_or(0.0, |ns| ns / 1e6)
    }
    for level in [Level::Normal, Level::Hard] {
        let config = level.config().deterministic();
        let mut times = Vec::new();
        let mut iterations = 0u64;
        for seed in 0..12 {
            let mut m = Match::<Moonlight>::new(MoonlightOptions::default(), seed).unwrap();
            let mut rng = Rng::seed_from_u64(seed);
            let mut step = 0;
            while let ToMove::Seat(seat) = m.to_move() {
                step += 1;
                let view = Moonlight::view(m.state(), seat);
                let action = if step % 7 == 3 && Moonlight::legal(m.state()).len() > 1 {
                    let start = cpu_ms();
                    let (action, stats) = search::<Moonlight>(&view, &config, &mut rng);
                    times.push(cpu_ms() - start);
                    iterations += stats.iterations as u64;
                    action
                } else {
                    Bot::Random.choose::<Moonlight>(&view, &mut rng)
                };
                m.play(&action.unwrap()).unwrap();
            }
        }
        times.sort_by(f64::total_cmp);
        let total: f64 = times.iter().sum();
        println!(
            "{:<6} {} decisions, {:.0} iterations/CPU-s, CPU per decision median {:.0} ms, p95 {:.0} ms",
            level.name(),
            times.len(),
            iterations as f64 / (total / 1000.0),
            times[times.len() / 2],
            times[times.len() * 95 / 100]
        );
    }
}

/// Prints a whole match's log as seat 0 sees it (development aid).
#[test]
#[ignore]
fn print_a_log() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/records/valid/moonlight-replayed-round-and-move-pile.json"
    ))
    .unwrap();
    let m = Match::<Moonlight>::from_json(&text).unwrap();
    for i in 0..m.record().actions.len() {
        let before = m.prefix(i);
        let a = m.record().actions[i];
        if let Some(line) = Moonlight::describe(before.state(), &a, 0, crate::i18n::Lang::En) {
            println!("{line}");
        }
    }
}

#[test]
fn the_fast_frame_matches_the_rule_far_from_the_origin() {
    // Piles near and beyond the edge of the lookup window give the same cells as §5.2.
    for (dx, dy) in [(0, 0), (5, -6), (-7, 6), (6, 6), (40, -90)] {
        let p =
            Panorama::from_piles(
                [(0, 0), (1, 0), (1, 1), (2, 1)]
                    .into_iter()
                    .map(|(x, y)| Pile {
                        at: cell(x + dx, y + dy),
                        cards: [wolf("L-01")].into_iter().collect(),
                    }),
            );
        let mut slow: Vec<Cell> = (-100..100)
            .flat_map(|y| (-100..100).map(move |x| cell(x, y)))
            .filter(|&c| p.can_ground(c))
            .collect();
        slow.sort_by_key(|c| (c.y, c.x));
        assert_eq!(p.ground_cells(), slow, "offset {dx},{dy}");
        assert_eq!(slow.len(), 8);
    }
}

#[test]
fn the_playout_policy_reads_score_changes_exactly() {
    // The incremental gains of the playout policy equal a full rescoring (§7) of each move.
    let mut checked = 0;
    for seed in 0..300 {
        let m = midgame(seed, 3 + (seed as usize % 30));
        let s = m.state();
        if !matches!(s.table.phase, Phase::Place | Phase::Second) {
            continue;
        }
        let Some(bounds) = s.table.panorama.bounds() else {
            continue;
        };
        let mut gains = super::hints::Gains::new(s, bounds);
        let me = s.table.mover;
        let rules = s.table.score_rules();
        let lead = |t: Tally| t.points[me] as i32 - t.points[1 - me] as i32;
        let now = lead(Visible::of(&s.table.panorama, None).tally(&rules));
        for a in Moonlight::legal(s) {
            if let MoonlightAction::Place { card, at } = a {
                let after = lead(Visible::of(&s.table.panorama, Some((at, card))).tally(&rules));
                assert_eq!(gains.of(s, at, card), after - now, "{a:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000);
}

#[test]
fn board_helpers_describe_the_panorama_and_the_choices() {
    let mut s = move_position();
    s.table.powers[0].insert(Power::ValueSkip);
    let view = Moonlight::view(&s, 0);
    // The grid spans everything placed and every cell still open, in reading order.
    let grid = s.table.panorama.grid();
    let at = |x, y| grid.iter().find(|g| g.at == cell(x, y)).unwrap();
    assert_eq!(
        at(1, 0).stack.as_slice(),
        &[wolf("D-01"), wolf("L-04")],
        "stacks bottom first"
    );
    assert!(at(0, 0).corner && at(2, 1).corner && !at(1, 0).corner);
    assert!(at(3, 0).open && at(3, 0).ground);
    assert!(
        at(0, 2).open && !at(0, 2).ground,
        "reachable later, not now"
    );
    assert!(!at(1, 1).open, "occupied");
    assert!(grid
        .windows(2)
        .all(|w| (w[0].at.y, w[0].at.x) < (w[1].at.y, w[1].at.x)));
    assert_eq!(
        grid.iter().filter(|g| g.open).count(),
        s.table.panorama.open_cells().len()
    );
    // Live standing: row sums and moons.
    let live = view.table.live_score();
    assert_eq!(live.rows.len(), 2);
    assert_eq!(live.rows[0].sums, [3 + 2, 3], "both corner 1s triple");
    assert_eq!(view.table.moon_counts(), [1, 1]);
    // The selected card's cells: the 2 may cover Dark's 1 at (2,0), the 4 only goes on the
    // ground (it is 3 above the 1, and the 4 at (1,1) is equal).
    let targets = view.targets(wolf("L-03"));
    assert!(targets.contains(&cell(2, 0)) && targets.contains(&cell(3, 0)));
    let targets = view.targets(wolf("L-09"));
    assert!(!targets.contains(&cell(2, 0)) && !targets.contains(&cell(1, 1)));
    assert_eq!(targets, s.table.panorama.ground_cells());
    assert!(view
        .targets(wolf("L-09"))
        .iter()
        .all(|&c| s.table.placement(0, wolf("L-09"), c).is_ok()));
    assert!(view.targets(wolf("D-05")).is_empty(), "not in this hand");
    assert_eq!(view.playable(), vec![wolf("L-03"), wolf("L-09")]);
    assert!(!view.pile_moves().is_empty());
    assert!(!view.can_decline());
    let status = view.table.power_status(0);
    assert_eq!(status.len(), 2);
    assert!(status.iter().all(|p| p.ambush && !p.used));
    // The other seat sees no choices.
    let other = Moonlight::view(&s, 1);
    assert!(other.playable().is_empty() && other.pile_moves().is_empty());
}

#[test]
fn cover_powers_never_override_the_last_wolf_or_value_one_protection() {
    // D18: Value Skip and Same Value Cover only widen the value difference.
    let mut s = position(
        0,
        0,
        &[(0, 0, &["D-01"]), (1, 0, &["L-01"])],
        [&["L-07", "L-02"], &["D-03"]],
        0,
    );
    s.table.powers[0].insert(Power::ValueSkip);
    s.table.powers[0].insert(Power::SameValueCover);
    refused(&s, place("L-07", 0, 0));
    refused(&s, place("L-02", 0, 0));
    let mut t = position(
        0,
        0,
        &[(0, 0, &["D-01"]), (1, 0, &["D-03"]), (2, 0, &["L-01"])],
        [&["L-07", "L-02"], &["D-03"]],
        0,
    );
    t.table.powers[0].insert(Power::ValueSkip);
    t.table.powers[0].insert(Power::SameValueCover);
    t.table.powers[1].insert(Power::ValueOneProtection);
    refused(&t, place("L-07", 0, 0));
    refused(&t, place("L-02", 0, 0));
    t.table.powers[1] = PowerSet::default();
    assert!(
        legal_cells(&t, "L-07").contains(&cell(0, 0)),
        "3 on 1 with Value Skip"
    );
    assert!(
        legal_cells(&t, "L-02").contains(&cell(0, 0)),
        "1 on 1 with Same Value Cover"
    );
}

/// §10: a card drawn is its drawer's secret, and the end-of-turn refill comes inside the
/// placement that ends the turn; §8.1 turns a power up from the face-down deck. Random matches:
/// no seat's undo goes back over a draw, a deal or a power turned up.
#[test]
fn undo_never_crosses_a_reveal() {
    let shown = |before: &MoonlightState, _: &MoonlightAction, after: &MoonlightState| {
        let new_card = (0..2).any(|s| after.hands[s].iter().any(|w| !before.hands[s].contains(w)));
        let new_power = after
            .table
            .display
            .iter()
            .any(|p| !before.table.display.contains(p));
        new_card || new_power
    };
    let report = crate::engine::testing::undo_never_crosses_a_reveal::<Moonlight>(
        0..12,
        |_| MoonlightOptions::default(),
        10_000,
        shown,
    );
    assert!(report.reveals > 24 && report.undos > 0, "{report:?}");
}

/// Every log line of random matches in both languages: no raw grid coordinate like "(0,-1)"
/// and no card id like "L-07" or "D-LW6" (players see rows, columns and card faces).
#[test]
fn log_lines_never_show_grid_coordinates_or_card_ids() {
    fn has_coordinate(line: &str) -> bool {
        let b = line.as_bytes();
        (0..b.len()).any(|i| {
            b[i] == b'('
                && line[i + 1..].split(')').next().is_some_and(|inner| {
                    let mut parts = inner.split(',');
                    let ok = |p: Option<&str>| p.is_some_and(|p| p.trim().parse::<i32>().is_ok());
                    ok(parts.next()) && ok(parts.next()) && parts.next().is_none()
                })
        })
    }
    for seed in 0..12 {
        let m = midgame(seed, 400);
        for lang in crate::i18n::Lang::ALL {
            for viewer in 0..2 {
                for (_, line) in m.log(viewer, lang) {
                    assert!(!has_coordinate(&line), "{line}");
                    assert!(!line.contains("L-") && !line.contains("D-"), "{line}");
                }
            }
        }
    }
    assert!(has_coordinate("at (0,-1) here"));
}

#[test]
fn log_lines_name_the_row_and_column_seen_on_the_board() {
    // Light's cards at (0,0) and (1,0); a card placed left of them is in column 1 of row 1,
    // and the one below the first is in row 2, column 2 of the grown box.
    let s = position(
        0,
        0,
        &[(0, 0, &["L-01"]), (1, 0, &["D-01"])],
        [&["L-03", "L-09"], &["D-03"]],
        0,
    );
    let en = |a| Moonlight::describe(&s, &a, 0, crate::i18n::Lang::En).unwrap();
    let hu = |a| Moonlight::describe(&s, &a, 0, crate::i18n::Lang::Hu).unwrap();
    assert!(
        en(place("L-03", -1, 0)).starts_with("@0 placed a 2 at row 1, column 1"),
        "{}",
        en(place("L-03", -1, 0))
    );
    assert!(
        hu(place("L-03", -1, 0)).starts_with("@0 lapot tett le az 1. sor 1. oszlopába: 2"),
        "{}",
        hu(place("L-03", -1, 0))
    );
    assert!(
        en(place("L-09", 0, 1)).starts_with("@0 placed a 4 at row 2, column 1"),
        "{}",
        en(place("L-09", 0, 1))
    );
    // A cover names the covered card by its face and the place it lies.
    let c = position(
        0,
        0,
        &[(0, 0, &["L-01"]), (1, 0, &["D-01"]), (2, 0, &["D-03"])],
        [&["L-03"], &["D-04"]],
        0,
    );
    let line = Moonlight::describe(&c, &place("L-03", 1, 0), 0, crate::i18n::Lang::En).unwrap();
    assert!(
        line.starts_with("@0 covered @1's 1 (corner ×3) at row 1, column 2 with a 2"),
        "{line}"
    );
}

#[test]
fn the_final_turn_that_ends_the_round_draws_nothing() {
    // §6: the round ends with the final turn, so its draw is skipped, in the state and the log.
    let mut s = last_cards(0, 0);
    // Dark's 4 with a moon wins the moons (2 points) against Light's row of a 5 (1 point), so
    // the round has a winner and the hands stay as they were until the picks.
    s.hands[1] = ["D-10", "D-11"].iter().map(|c| wolf(c)).collect();
    s.decks[1] = ["D-09"].iter().map(|c| wolf(c)).collect();
    apply(&mut s, place("L-11", 0, 1));
    assert!(s.table.final_turn);
    let last = place("D-10", 1, 1);
    for lang in crate::i18n::Lang::ALL {
        let line = Moonlight::describe(&s, &last, 1, lang).unwrap();
        assert!(!line.contains("drew") && !line.contains("húzott"), "{line}");
    }
    apply(&mut s, last);
    assert_eq!(s.table.rounds.len(), 1);
    assert_eq!(s.table.phase, Phase::PickLoneWolf, "Dark won the round");
    assert_eq!(s.hands[1].len(), 1, "D-11 only: D-09 was not drawn");
    assert!(!s
        .table
        .last_turn
        .iter()
        .any(|c| matches!(c, Change::Drew { .. })));
}

#[test]
fn a_new_round_starts_with_no_last_move_marked() {
    let mut new_rounds = 0;
    for seed in 0..10 {
        let mut m = Match::<Moonlight>::new(MoonlightOptions::default(), seed).unwrap();
        let mut rng = Rng::seed_from_u64(seed);
        while m.to_move() != ToMove::Over {
            let round = m.state().table.round;
            let legal = Moonlight::legal(m.state());
            m.play(&legal[rng.random_range(0..legal.len())]).unwrap();
            if m.state().table.round > round {
                new_rounds += 1;
                let t = &m.state().table;
                assert!(
                    t.last_turn.is_empty() && t.this_turn.is_empty(),
                    "{:?}",
                    t.last_turn
                );
            }
        }
    }
    assert!(new_rounds > 10);
}

/// Every action `apply` accepts is one `legal_actions` lists, for states of random matches:
/// candidates beyond the list are every card of both colours (both copies of a twin) on every
/// cell near the panorama, every pile move, Decline and every pick.
#[test]
fn apply_accepts_only_listed_actions() {
    let wolves: Vec<Wolf> = [Colour::Light, Colour::Dark]
        .into_iter()
        .flat_map(|c| (0..15).filter_map(move |i| Wolf::new(c, i)))
        .collect();
    let mut tried = 0;
    for seed in 0..8 {
        let mut m = Match::<Moonlight>::new(MoonlightOptions::default(), seed).unwrap();
        let mut rng = Rng::seed_from_u64(seed);
        let mut step = 0;
        while m.to_move() != ToMove::Over {
            let s = m.state();
            let legal = Moonlight::legal(s);
            step += 1;
            if step % 3 == 0 {
                let b = s
                    .table
                    .panorama
                    .bounds()
                    .unwrap_or(Bounds::of(Cell::ORIGIN));
                let cells: Vec<Cell> = (b.y_min - 1..=b.y_max + 1)
                    .flat_map(|y| (b.x_min - 1..=b.x_max + 1).map(move |x| cell(x, y)))
                    .collect();
                let mut candidates = vec![MoonlightAction::Decline];
                for &w in &wolves {
                    candidates.extend(
                        cells
                            .iter()
                            .map(|&at| MoonlightAction::Place { card: w, at }),
                    );
                    candidates.push(MoonlightAction::PickLoneWolf { wolf: w });
                }
                for &from in &cells {
                    candidates.extend(
                        cells
                            .iter()
                            .map(|&to| MoonlightAction::MovePile { from, to }),
                    );
                }
                candidates.extend(Power::ALL.map(|power| MoonlightAction::PickPower { power }));
                for a in candidates {
                    let mut t = s.clone();
                    if Moonlight::apply(&mut t, &a).is_ok() {
                        assert!(legal.contains(&a), "{a:?} accepted but not listed");
                        tried += 1;
                    }
                }
            }
            m.play(&legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
    assert!(tried > 100);
}

#[test]
fn the_twin_copy_that_is_not_listed_is_refused() {
    let s = position(0, 0, &[], [&["L-05", "L-06", "L-07"], &["D-01"]], 0);
    assert!(Moonlight::legal(&s).contains(&place("L-05", 0, 0)));
    let mut t = s.clone();
    assert!(Moonlight::apply(&mut t, &place("L-06", 0, 0)).is_err());
    assert_eq!(t, s, "a refusal changes nothing");
}

#[test]
fn the_move_generator_lists_what_the_plain_listing_does() {
    // The generator walks the ground cells once and checks covers by value; the plain listing
    // asks `ground_cells` and `placement` for every card, in the same order.
    let mut checked = 0;
    for seed in 0..300 {
        let m = midgame(seed, 2 + (seed as usize % 40));
        let s = m.state();
        let t = &s.table;
        if !matches!(t.phase, Phase::Place | Phase::PlaceTwo | Phase::Second) {
            continue;
        }
        let me = t.mover;
        let mut cells = Vec::new();
        s.table.panorama.each_ground_cell(|c| cells.push(c));
        assert_eq!(cells, t.panorama.ground_cells(), "seed {seed}");
        let mut plain = Vec::new();
        let hand = s.hands[me].as_slice();
        for (i, &card) in hand.iter().enumerate() {
            if hand[..i].iter().any(|h| h.canonical() == card.canonical()) {
                continue;
            }
            let covers = t.panorama.piles().iter().map(|p| p.at);
            for at in t.panorama.ground_cells().into_iter().chain(covers) {
                if t.placement(me, card, at).is_ok() {
                    plain.push(MoonlightAction::Place { card, at });
                }
            }
        }
        let listed: Vec<MoonlightAction> = Moonlight::legal(s)
            .into_iter()
            .filter(|a| matches!(a, MoonlightAction::Place { .. }))
            .collect();
        assert_eq!(listed, plain, "seed {seed}");
        checked += listed.len();
    }
    assert!(checked > 1000);
}

#[test]
fn the_quick_playout_move_is_the_listed_playout_move() {
    // Same state, same random stream: the move drawn without a list is the one drawn from
    // `legal_actions`, and both leave the stream at the same point.
    let mut quick = 0;
    for seed in 0..300 {
        let m = midgame(seed, 2 + (seed as usize % 45));
        let s = m.state();
        for draw in 0..8u64 {
            let mut a = Rng::seed_from_u64(seed * 100 + draw);
            let mut b = Rng::seed_from_u64(seed * 100 + draw);
            let Some(fast) = super::hints::quick_rollout_action(s, &mut a) else {
                continue;
            };
            let legal = Moonlight::legal(s);
            let listed = super::hints::rollout_action(s, &legal, &mut b);
            assert_eq!(fast, listed, "seed {seed} draw {draw}");
            assert_eq!(
                a.random::<u64>(),
                b.random::<u64>(),
                "seed {seed} draw {draw}"
            );
            quick += 1;
        }
    }
    assert!(quick > 1000);
}
