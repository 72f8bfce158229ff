//! Scenario tests for the rules of toy-battle.md (section named in each test), the DECISIONs
//! D2–D10, hidden information, and random-playout invariants.

use super::*;
use crate::engine::{chance_rng, setup_rng, Game, Match, Rng, ToMove};
use rand::{Rng as _, SeedableRng};
use ToyBattleAction as A;
use Troop::*;

// ---------------------------------------------------------------- random games

/// Plays `games` random games, one per seed, over every Terrain in turn (Beginner mode every
/// fourth), each move the playout policy's or a uniform one by a coin, drawn from stream
/// `stream` of the game's seed; `visit` sees the seed and the match before each move, and the
/// moves it may make.
pub(super) fn walk_random_games(
    games: u64,
    stream: usize,
    mut visit: impl FnMut(u64, &Match<ToyBattle>, &[ToyBattleAction]),
) {
    for g in 0..games {
        let options = ToyBattleOptions {
            terrain: TerrainChoice::ALL[(g % 8) as usize],
            beginner: g % 4 == 3,
        };
        let mut m = Match::<ToyBattle>::new(options, g).unwrap();
        let mut rng = chance_rng(g, stream);
        while m.to_move() != ToMove::Over {
            let s = m.state();
            let legal = ToyBattle::legal(s);
            visit(g, &m, &legal);
            let a = if crate::engine::random_bool(&mut rng, 0.5) {
                ToyBattle::rollout_action(s, &legal, &mut rng)
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            m.play(&a).unwrap();
        }
    }
}

// ---------------------------------------------------------------- position builders

/// An empty Terrain, seat 0 blue and to move, mid-game (turn 10), both reserves holding all 24
/// Troops in a known order (Roxy on top), empty racks, no set-aside.
fn blank(key: TerrainKey, beginner: bool) -> ToyBattleState {
    let options = ToyBattleOptions {
        terrain: TerrainChoice::ALL[key as usize],
        beginner,
    };
    let mut s = ToyBattle::new(&options, &mut setup_rng(0)).unwrap();
    s.table = Table::new(key, beginner, 0);
    s.starter = 0;
    s.mover = 0;
    s.turns = 10;
    for army in s.armies.iter_mut() {
        army.set_aside.clear();
        army.rack = Rack::default();
        army.reserve = Troop::ALL
            .iter()
            .flat_map(|&t| std::iter::repeat_n(t, 3))
            .collect();
    }
    s
}

fn castle() -> ToyBattleState {
    blank(TerrainKey::Castle, false)
}

/// Take `troop` out of a seat's reserve (if there) so the per-seat total stays 24.
fn from_reserve(s: &mut ToyBattleState, seat: usize, troop: Troop) {
    if let Some(at) = s.armies[seat].reserve.iter().position(|&t| t == troop) {
        s.armies[seat].reserve.remove(at);
    }
}

/// Put Troops on a seat's rack.
fn give(s: &mut ToyBattleState, seat: usize, troops: &[Troop]) {
    for &t in troops {
        from_reserve(s, seat, t);
        s.armies[seat].rack.troops[t as usize] += 1;
    }
}

/// Put a Troop of `seat` on top of node `id`.
fn put(s: &mut ToyBattleState, id: u8, seat: usize, troop: Troop) {
    from_reserve(s, seat, troop);
    let i = s.terrain().index_of(id).expect("node on this Terrain");
    s.table.push(
        i,
        Tile {
            owner: seat as u8,
            troop,
        },
    );
}

fn top(s: &ToyBattleState, id: u8) -> Option<Tile> {
    s.table.top(s.terrain().index_of(id).unwrap())
}

fn play(s: &mut ToyBattleState, a: ToyBattleAction) {
    let before = s.clone();
    if let Err(e) = ToyBattle::apply(s, &a) {
        panic!("{a:?} refused: {e}\nphase {:?}", before.phase);
    }
}

/// Apply and expect a refusal that leaves the state unchanged.
fn refused(s: &mut ToyBattleState, a: ToyBattleAction) {
    let before = s.clone();
    assert!(
        ToyBattle::apply(s, &a).is_err(),
        "{a:?} should be refused in {:?}",
        s.phase
    );
    assert_eq!(*s, before, "a refused action changes nothing");
}

fn legal(s: &ToyBattleState) -> Vec<ToyBattleAction> {
    ToyBattle::legal(s)
}

fn targets(s: &ToyBattleState, seat: usize, troop: Troop) -> Vec<u8> {
    s.table.ids(s.table.targets(seat, troop))
}

fn place(troop: Troop, node: u8) -> ToyBattleAction {
    A::Place { troop, node }
}

// ---------------------------------------------------------------- §3 setup, §4 draw

#[test]
fn setup_sets_four_aside_and_deals_three_and_four() {
    // §3.4–3.6, D1.
    let mut blues = [0; 2];
    let mut starters = [0; 2];
    for seed in 0..40 {
        let s = ToyBattle::new(&ToyBattleOptions::default(), &mut setup_rng(seed)).unwrap();
        let st = s.starter;
        assert_eq!(s.mover, st);
        assert_eq!(s.armies[st].rack.size(), 3);
        assert_eq!(s.armies[1 - st].rack.size(), 4);
        assert_eq!(s.armies[st].reserve.len(), 17);
        assert_eq!(s.armies[1 - st].reserve.len(), 16);
        for seat in 0..2 {
            assert_eq!(s.armies[seat].set_aside.len(), SET_ASIDE);
            assert_eq!(troop_total(&s, seat), TROOPS_PER_COLOUR);
            let mut all = s.armies[seat].reserve.clone();
            all.extend(&s.armies[seat].set_aside);
            all.extend(s.armies[seat].rack.list());
            for t in Troop::ALL {
                assert_eq!(all.iter().filter(|&&x| x == t).count(), 3);
            }
        }
        assert!(s.table.stacks().iter().all(Vec::is_empty));
        assert_eq!(s.table.medals, [0, 0]);
        assert_eq!(
            s.table.region_medals.iter().map(|&m| m as u32).sum::<u32>(),
            14
        );
        blues[s.table.blue()] += 1;
        starters[st] += 1;
    }
    assert!(blues.iter().all(|&n| n > 0), "colours are drawn at random");
    assert!(
        starters.iter().all(|&n| n > 0),
        "the starter is drawn at random"
    );
}

#[test]
fn terrain_options_and_random_choice() {
    for choice in TerrainChoice::ALL {
        let o = ToyBattleOptions {
            terrain: choice,
            beginner: false,
        };
        let s = ToyBattle::new(&o, &mut setup_rng(3)).unwrap();
        if let Some(key) = choice.key() {
            assert_eq!(s.table.terrain, key);
        }
    }
    let seen: std::collections::HashSet<_> = (0..200)
        .map(|seed| {
            let o = ToyBattleOptions {
                terrain: TerrainChoice::Random,
                beginner: false,
            };
            ToyBattle::new(&o, &mut setup_rng(seed))
                .unwrap()
                .table
                .terrain
        })
        .collect();
    assert_eq!(seen.len(), 8, "random reaches every Terrain");
    let json: ToyBattleOptions =
        serde_json::from_str(r#"{"terrain":"metalx","beginner":true}"#).unwrap();
    assert_eq!(json.terrain, TerrainChoice::MetalX);
    assert!(json.beginner);
}

#[test]
fn draw_takes_two_or_what_fits() {
    // §4 A: n = min(2, reserve, 8 − rack).
    let mut s = castle();
    give(&mut s, 0, &[Skully]);
    play(&mut s, A::Draw);
    assert_eq!(s.armies[0].rack.size(), 3);
    assert_eq!(s.mover, 1, "a draw ends the turn");
    assert_eq!(s.turns, 11);

    let mut s = castle();
    give(
        &mut s,
        0,
        &[Skully, Skully, Skully, Capn, Capn, Capn, Jumbo],
    );
    play(&mut s, A::Draw);
    assert_eq!(s.armies[0].rack.size(), 8, "7 on the rack: only 1 drawn");

    let mut s = castle();
    s.armies[0].reserve = vec![Roxy];
    play(&mut s, A::Draw);
    assert_eq!(s.armies[0].rack.count(Roxy), 1, "a short reserve gives 1");

    let mut s = castle();
    give(
        &mut s,
        0,
        &[Skully, Skully, Skully, Capn, Capn, Capn, Jumbo, Jumbo],
    );
    assert!(!legal(&s).contains(&A::Draw));
    refused(&mut s, A::Draw);

    let mut s = castle();
    give(&mut s, 0, &[Roxy]);
    s.armies[0].reserve.clear();
    assert!(!legal(&s).contains(&A::Draw));
    refused(&mut s, A::Draw);
}

// ---------------------------------------------------------------- §5 placement

#[test]
fn connection_runs_through_occupied_bases_only() {
    // §5 connection on Castle Field: H.Q. 1 — 11 — 13 — 17.
    let mut s = castle();
    give(&mut s, 0, &[Roxy]);
    assert_eq!(targets(&s, 0, Roxy), vec![11, 12], "the H.Q.'s exits");
    put(&mut s, 11, 0, Skully);
    assert_eq!(targets(&s, 0, Roxy), vec![11, 12, 13]);
    put(&mut s, 13, 0, Skully);
    assert_eq!(targets(&s, 0, Roxy), vec![11, 12, 13, 15, 17, 18]);
    // An enemy Troop on 11 breaks the path: 13 is cut off and reaches nothing.
    let mut cut = s.clone();
    put(&mut cut, 11, 1, Skully);
    assert_eq!(targets(&cut, 0, Roxy), vec![11, 12]);
    refused(&mut cut, place(Roxy, 17));
    refused(&mut cut, place(Roxy, 13));
    // An empty base breaks the path too.
    let mut gap = castle();
    give(&mut gap, 0, &[Roxy]);
    put(&mut gap, 13, 0, Skully);
    assert!(!targets(&gap, 0, Roxy).contains(&17));
    // Never your own H.Q.
    assert!(!targets(&s, 0, Roxy).contains(&1));
    refused(&mut s, place(Roxy, 1));
    // A placement where the rule allows.
    play(&mut s, place(Roxy, 17));
    assert_eq!(top(&s, 17).unwrap().troop, Roxy);
}

#[test]
fn covering_needs_a_strictly_stronger_troop() {
    // §5 canCover; own and empty bases take anything.
    let mut s = castle();
    give(&mut s, 0, &[Jumbo, Hook, Skully]);
    put(&mut s, 11, 1, Jumbo);
    put(&mut s, 12, 0, Roxy);
    assert!(!targets(&s, 0, Jumbo).contains(&11), "equal is not enough");
    assert!(targets(&s, 0, Hook).contains(&11), "4 covers 3");
    assert!(targets(&s, 0, Skully).contains(&12), "your 1 on your own 7");
    refused(&mut s, place(Jumbo, 11));
    play(&mut s, place(Hook, 11));
    let i = s.terrain().index_of(11).unwrap();
    assert_eq!(
        s.table.stacks()[i].len(),
        2,
        "the covered Troop stays below"
    );
    assert!(!can_cover(Skully, Skully));
    assert!(can_cover(Roxy, Star));
}

#[test]
fn kwak_covers_and_is_covered_by_anything() {
    // §5, §6.1.
    let mut s = castle();
    give(&mut s, 0, &[Kwak, Skully]);
    put(&mut s, 11, 1, Roxy);
    put(&mut s, 12, 1, Kwak);
    assert!(targets(&s, 0, Kwak).contains(&11), "Kwak covers a 7");
    assert!(targets(&s, 0, Skully).contains(&12), "a 1 covers a Kwak");
    assert!(targets(&s, 0, Kwak).contains(&12), "Kwak covers Kwak");
    assert!(!targets(&s, 0, Skully).contains(&11));
    assert!(can_cover(Kwak, Kwak) && can_cover(Kwak, Roxy) && can_cover(Skully, Kwak));
}

#[test]
fn hook_ignores_connection_on_bases_only() {
    // §5 / §6.5: an unconnected empty base, own base, or enemy 1–3/Kwak; not an enemy 4+,
    // not the enemy H.Q.
    let mut s = castle();
    give(&mut s, 0, &[Hook, Roxy]);
    put(&mut s, 18, 1, Jumbo);
    put(&mut s, 19, 1, Hook);
    put(&mut s, 20, 0, Skully);
    put(&mut s, 24, 1, Kwak);
    put(&mut s, 25, 1, Skully);
    let hook = targets(&s, 0, Hook);
    assert!(hook.contains(&17), "empty and unconnected");
    assert!(hook.contains(&18), "enemy 3");
    assert!(!hook.contains(&19), "enemy 4 is not weaker");
    assert!(hook.contains(&20), "own cut-off base");
    assert!(!hook.contains(&41), "the H.Q. is not a base");
    assert_eq!(targets(&s, 0, Roxy), vec![11, 12], "others need connection");
    play(&mut s, place(Hook, 22));
    assert_eq!(top(&s, 22).unwrap().troop, Hook);
}

#[test]
fn capture_an_hq_wins_at_once() {
    // §5 enemy H.Q. legal iff in reach; §9.1.
    let mut s = castle();
    give(&mut s, 0, &[Skully, Roxy]);
    for id in [11, 13, 17, 22] {
        put(&mut s, id, 0, Jumbo);
    }
    assert!(!targets(&s, 0, Skully).contains(&41));
    put(&mut s, 24, 0, Jumbo);
    assert!(targets(&s, 0, Skully).contains(&41));
    play(&mut s, place(Skully, 41));
    assert_eq!(ToyBattle::to_move(&s), ToMove::Over);
    assert_eq!(
        s.end,
        Some(End {
            winner: 0,
            reason: EndReason::Capture { node: 41 }
        })
    );
    let o = ToyBattle::outcome(&s).unwrap();
    assert_eq!(o.ranks, vec![0, 1]);
    // Nothing more can be done.
    refused(&mut s, place(Roxy, 11));
}

#[test]
fn pool_value_lists_limit_bases_and_hqs() {
    // §10.2: 12/22 {1,2,K}; 16/18 {3,4,5,K}; 17 {6,7,K}; H.Q.s 2 and 41 {6,7,K}.
    let mut s = blank(TerrainKey::Pool, false);
    give(&mut s, 0, &[Skully, Hook, Roxy, Kwak]);
    put(&mut s, 11, 0, Star);
    put(&mut s, 13, 0, Star);
    let t = |s: &ToyBattleState, troop| targets(s, 0, troop);
    assert!(t(&s, Skully).contains(&12) && t(&s, Kwak).contains(&12));
    assert!(!t(&s, Roxy).contains(&12) && !t(&s, Hook).contains(&12));
    assert!(t(&s, Roxy).contains(&17) && !t(&s, Hook).contains(&17));
    assert!(t(&s, Kwak).contains(&17));
    refused(&mut s, place(Hook, 17));
    // Hook's exemption still obeys the lists.
    assert!(t(&s, Hook).contains(&16) && t(&s, Hook).contains(&18));
    assert!(!t(&s, Roxy).contains(&16));
    // Beginner mode: no lists.
    let mut b = s.clone();
    b.table.beginner = true;
    assert!(targets(&b, 0, Roxy).contains(&12));
    assert!(targets(&b, 0, Hook).contains(&17));
    // Capturing the red H.Q. 41 (exit 21) takes a 6, 7 or Kwak; 42 (exit 23) takes anything.
    let mut c = blank(TerrainKey::Pool, false);
    give(&mut c, 0, &[Hook, Roxy]);
    for id in [11, 13, 17, 21] {
        put(&mut c, id, 0, Star);
    }
    assert!(targets(&c, 0, Roxy).contains(&41));
    assert!(!targets(&c, 0, Hook).contains(&41));
    refused(&mut c, place(Hook, 41));
    put(&mut c, 23, 0, Star);
    assert!(targets(&c, 0, Hook).contains(&42));
    play(&mut c, place(Hook, 42));
    assert_eq!(c.end.unwrap().reason, EndReason::Capture { node: 42 });
}

#[test]
fn either_hq_falls_on_the_two_hq_terrains() {
    // §9.1 with two enemy H.Q.s: Tropical Pool (both sides) and Caribbean Sea (blue).
    // Pool: red (seat 1) takes blue H.Q. 2 (needs 6/7/K) or H.Q. 1.
    for (hq, troop) in [(2u8, Roxy), (1u8, Hook)] {
        let mut s = blank(TerrainKey::Pool, false);
        s.mover = 1;
        give(&mut s, 1, &[troop, Hook]);
        for id in [21, 17, 13, 11] {
            put(&mut s, id, 1, Star);
        }
        assert!(targets(&s, 1, troop).contains(&hq));
        if hq == 2 {
            assert!(
                !targets(&s, 1, Hook).contains(&2),
                "H.Q. 2 takes 6, 7, Kwak"
            );
        }
        play(&mut s, place(troop, hq));
        assert_eq!(s.end.unwrap().winner, 1);
        assert_eq!(s.end.unwrap().reason, EndReason::Capture { node: hq });
    }
    // Caribbean: red reaches H.Q. 2 by 20-21-18-15, H.Q. 1 by 22-19-16-14-13.
    for (hq, path) in [
        (2u8, &[20u8, 21, 18, 15][..]),
        (1, &[22, 19, 16, 14, 13][..]),
    ] {
        let mut s = blank(TerrainKey::Caribbean, false);
        s.mover = 1;
        give(&mut s, 1, &[Skully]);
        for &id in path {
            put(&mut s, id, 1, Star);
        }
        assert!(targets(&s, 1, Skully).contains(&hq));
        play(&mut s, place(Skully, hq));
        assert_eq!(s.end.unwrap().winner, 1);
    }
    // Blue starts connection from either H.Q. on Caribbean.
    let mut s = blank(TerrainKey::Caribbean, false);
    give(&mut s, 0, &[Skully]);
    put(&mut s, 15, 0, Star);
    let t = targets(&s, 0, Skully);
    assert!(t.contains(&12) && t.contains(&18) && t.contains(&11) && t.contains(&13));
}

#[test]
fn frozen_troops_fill_the_rack_and_thaw_after_their_owners_turn() {
    // §6.9.
    let mut s = castle();
    give(&mut s, 0, &[Roxy, Roxy, Skully]);
    s.armies[0].rack.frozen[Roxy as usize] = 2;
    assert!(
        targets(&s, 0, Roxy).len() == 2,
        "the table still allows Roxy there"
    );
    assert!(!legal(&s)
        .iter()
        .any(|a| matches!(a, A::Place { troop: Roxy, .. })));
    refused(&mut s, place(Roxy, 11));
    play(&mut s, place(Skully, 11));
    // Skully's draw is offered; frozen Troops count toward the limit.
    play(&mut s, A::Skip);
    assert_eq!(s.mover, 1);
    assert_eq!(
        s.armies[0].rack.frozen, [0; 8],
        "thawed at the end of the turn"
    );
    // A full rack whose placeable Troops are all frozen is a stall.
    let mut f = castle();
    give(&mut f, 0, &[Roxy, Roxy, Roxy, Star, Star, Star, Hook, Hook]);
    f.armies[0].rack.frozen = f.armies[0].rack.troops;
    f.mover = 1;
    give(&mut f, 1, &[Skully]);
    play(&mut f, A::Draw);
    assert_eq!(
        f.end.map(|e| e.reason),
        Some(EndReason::Stall { stalled: 0 }),
        "cannot draw (8 on the rack) nor place (all frozen)"
    );
}

// ---------------------------------------------------------------- §6 Troop effects

#[test]
fn skully_draws_two_or_skips_and_draws_one_at_seven() {
    // §6.2, D9.
    let mut s = castle();
    give(&mut s, 0, &[Skully]);
    play(&mut s, place(Skully, 11));
    assert_eq!(
        s.phase,
        Phase::Effect {
            troop: Skully,
            node: 11
        }
    );
    assert_eq!(
        legal(&s),
        vec![A::SkullyDraw, A::Skip],
        "D9: all or nothing"
    );
    refused(&mut s, A::StarDraw);
    play(&mut s, A::SkullyDraw);
    assert_eq!(s.armies[0].rack.size(), 2);
    assert_eq!(s.mover, 1);
    // Skip.
    let mut k = castle();
    give(&mut k, 0, &[Skully]);
    play(&mut k, place(Skully, 11));
    play(&mut k, A::Skip);
    assert_eq!(k.armies[0].rack.size(), 0);
    // The 7-card case: 8 on the rack with Skully, 7 after it leaves: 1 drawn.
    let mut full = castle();
    give(
        &mut full,
        0,
        &[Skully, Capn, Capn, Capn, Jumbo, Jumbo, Jumbo, Hook],
    );
    play(&mut full, place(Skully, 11));
    play(&mut full, A::SkullyDraw);
    assert_eq!(full.armies[0].rack.size(), 8);
    // An empty reserve: no offer at all.
    let mut dry = castle();
    give(&mut dry, 0, &[Skully]);
    dry.armies[0].reserve.clear();
    play(&mut dry, place(Skully, 11));
    assert_eq!(dry.mover, 1, "nothing to offer: the turn ends");
}

#[test]
fn star_draws_one() {
    // §6.7.
    let mut s = castle();
    give(&mut s, 0, &[Star]);
    play(&mut s, place(Star, 12));
    assert_eq!(legal(&s), vec![A::StarDraw, A::Skip]);
    play(&mut s, A::StarDraw);
    assert_eq!(s.armies[0].rack.size(), 1);
    assert_eq!(s.armies[0].rack.count(Roxy), 1, "the reserve top");
    let mut k = castle();
    give(&mut k, 0, &[Star]);
    play(&mut k, place(Star, 12));
    play(&mut k, A::Skip);
    assert_eq!(k.armies[0].rack.size(), 0);
}

#[test]
fn capn_places_an_extra_troop_and_chains() {
    // §6.3: Cap'n → Cap'n → Jumbo, each with its own effect; the extra Hook keeps its
    // exemption; frozen Troops are not candidates.
    let mut s = castle();
    give(&mut s, 0, &[Capn, Capn, Jumbo, Hook, Star]);
    s.armies[0].rack.frozen[Star as usize] = 1;
    put(&mut s, 17, 1, Skully);
    play(&mut s, place(Capn, 11));
    assert_eq!(
        s.phase,
        Phase::Effect {
            troop: Capn,
            node: 11
        }
    );
    let offers = legal(&s);
    assert!(offers.contains(&A::CapnPlace {
        troop: Hook,
        node: 20
    }));
    assert!(!offers
        .iter()
        .any(|a| matches!(a, A::CapnPlace { troop: Star, .. })));
    refused(
        &mut s,
        A::CapnPlace {
            troop: Star,
            node: 12,
        },
    );
    refused(&mut s, place(Capn, 13));
    // The first Cap'n already extends the reach.
    play(
        &mut s,
        A::CapnPlace {
            troop: Capn,
            node: 13,
        },
    );
    assert_eq!(
        s.phase,
        Phase::Effect {
            troop: Capn,
            node: 13
        }
    );
    play(
        &mut s,
        A::CapnPlace {
            troop: Jumbo,
            node: 15,
        },
    );
    assert_eq!(
        s.phase,
        Phase::Effect {
            troop: Jumbo,
            node: 15
        }
    );
    assert_eq!(legal(&s), vec![A::JumboDiscard { node: 17 }, A::Skip]);
    play(&mut s, A::JumboDiscard { node: 17 });
    assert_eq!(top(&s, 17), None);
    assert_eq!(
        s.table.discard,
        vec![Tile {
            owner: 1,
            troop: Skully
        }]
    );
    // Then the special base 15 (Castle Retreat) fires.
    assert_eq!(s.phase, Phase::Base { index: 2 });
    play(&mut s, A::Skip);
    assert_eq!(s.mover, 1);

    // Skip, and no offer without a legal extra placement.
    let mut k = castle();
    give(&mut k, 0, &[Capn, Roxy]);
    play(&mut k, place(Capn, 12));
    play(&mut k, A::Skip);
    assert_eq!(k.mover, 1);
    let mut lone = castle();
    give(&mut lone, 0, &[Capn, Roxy]);
    lone.armies[0].rack.frozen[Roxy as usize] = 1;
    play(&mut lone, place(Capn, 12));
    assert_eq!(lone.mover, 1, "only a frozen Troop left: nothing offered");

    // The extra Troop may capture.
    let mut cap = castle();
    give(&mut cap, 0, &[Capn, Skully]);
    for id in [11, 13, 17, 22] {
        put(&mut cap, id, 0, Star);
    }
    play(&mut cap, place(Capn, 24));
    play(
        &mut cap,
        A::CapnPlace {
            troop: Skully,
            node: 41,
        },
    );
    assert_eq!(cap.end.unwrap().reason, EndReason::Capture { node: 41 });
}

#[test]
fn jumbo_discards_an_adjacent_enemy_top() {
    // §6.4: adjacent only, top only, any base type (D8 below); the Troop below reappears.
    let mut s = castle();
    give(&mut s, 0, &[Jumbo]);
    put(&mut s, 13, 0, Skully);
    put(&mut s, 13, 1, Roxy);
    put(&mut s, 17, 1, Star);
    put(&mut s, 12, 1, Skully);
    play(&mut s, place(Jumbo, 11));
    assert_eq!(legal(&s), vec![A::JumboDiscard { node: 13 }, A::Skip]);
    refused(&mut s, A::JumboDiscard { node: 17 });
    refused(&mut s, A::JumboDiscard { node: 12 });
    play(&mut s, A::JumboDiscard { node: 13 });
    assert_eq!(
        top(&s, 13),
        Some(Tile {
            owner: 0,
            troop: Skully
        })
    );
    assert_eq!(
        s.table.discard.last(),
        Some(&Tile {
            owner: 1,
            troop: Roxy
        })
    );
    // Nothing adjacent: no offer.
    let mut k = castle();
    give(&mut k, 0, &[Jumbo]);
    play(&mut k, place(Jumbo, 11));
    assert_eq!(k.mover, 1);
}

#[test]
fn xb42_discards_a_random_rack_troop_frozen_ones_included() {
    // §6.6.
    let mut s = castle();
    give(&mut s, 0, &[Xb42]);
    give(&mut s, 1, &[Roxy, Star]);
    s.armies[1].rack.frozen[Roxy as usize] = 1;
    play(&mut s, place(Xb42, 11));
    assert_eq!(legal(&s), vec![A::Xb42Discard, A::Skip]);
    play(&mut s, A::Xb42Discard);
    assert_eq!(ToyBattle::to_move(&s), ToMove::Chance);
    assert!(legal(&s).is_empty());
    refused(&mut s, A::Skip);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..64 {
        seen.insert(ToyBattle::sample_chance(&s, &mut chance_rng(seed, 0)));
    }
    assert_eq!(
        seen,
        [
            A::Xb42Hit {
                troop: Roxy,
                frozen: true
            },
            A::Xb42Hit {
                troop: Star,
                frozen: false
            }
        ]
        .into_iter()
        .collect(),
        "uniform over the whole rack"
    );
    refused(
        &mut s,
        A::Xb42Hit {
            troop: Hook,
            frozen: false,
        },
    );
    refused(
        &mut s,
        A::Xb42Hit {
            troop: Roxy,
            frozen: false,
        },
    );
    play(
        &mut s,
        A::Xb42Hit {
            troop: Roxy,
            frozen: true,
        },
    );
    assert_eq!(s.armies[1].rack.size(), 1);
    assert_eq!(s.armies[1].rack.frozen_count(), 0);
    assert_eq!(
        s.table.discard,
        vec![Tile {
            owner: 1,
            troop: Roxy
        }]
    );
    assert_eq!(s.mover, 1);
    // An empty opposing rack: no offer.
    let mut k = castle();
    give(&mut k, 0, &[Xb42]);
    play(&mut k, place(Xb42, 11));
    assert_eq!(k.mover, 1);
}

#[test]
fn kwak_hook_and_roxy_have_no_after_effect() {
    for t in [Kwak, Hook, Roxy] {
        let mut s = castle();
        give(&mut s, 0, &[t]);
        put(&mut s, 13, 1, Skully);
        give(&mut s, 1, &[Skully]);
        play(&mut s, place(t, 11));
        assert_eq!(s.mover, 1, "{t:?} ends the turn");
    }
}

#[test]
fn troop_effects_come_before_base_effects_in_placement_order() {
    // §7, §4 step 3 on City of Clouds (Draw 1 on 13, 16, 19, 22): Cap'n on 13, extra Star on
    // 16; Star draws first, then 13's draw, then 16's draw.
    let mut s = blank(TerrainKey::Clouds, false);
    give(&mut s, 0, &[Capn, Star]);
    s.armies[0].reserve = vec![Skully, Jumbo, Hook];
    put(&mut s, 11, 0, Roxy);
    put(&mut s, 14, 0, Roxy);
    play(&mut s, place(Capn, 13));
    play(
        &mut s,
        A::CapnPlace {
            troop: Star,
            node: 16,
        },
    );
    assert_eq!(
        s.phase,
        Phase::Effect {
            troop: Star,
            node: 16
        }
    );
    play(&mut s, A::StarDraw);
    assert_eq!(s.armies[0].rack.count(Hook), 1);
    assert_eq!(s.phase, Phase::Base { index: 0 });
    assert_eq!(legal(&s), vec![A::CloudsDraw, A::Skip]);
    play(&mut s, A::CloudsDraw);
    assert_eq!(s.armies[0].rack.count(Jumbo), 1);
    assert_eq!(s.phase, Phase::Base { index: 1 });
    play(&mut s, A::CloudsDraw);
    assert_eq!(s.armies[0].rack.count(Skully), 1);
    assert_eq!(s.mover, 1);
}

#[test]
fn shield_bases_cancel_troop_effects() {
    // §6, §10.7 Station Metal-X: shields 16, 17, 18; D8: Jumbo may still hit them.
    let mut s = blank(TerrainKey::MetalX, false);
    give(&mut s, 0, &[Skully, Jumbo, Capn, Roxy]);
    put(&mut s, 12, 0, Roxy);
    put(&mut s, 15, 0, Roxy);
    put(&mut s, 17, 1, Skully);
    play(&mut s, place(Skully, 16));
    assert_eq!(s.mover, 1, "no Skully draw on a shield");
    s.mover = 0;
    play(&mut s, place(Capn, 18));
    assert_eq!(s.mover, 1, "no Cap'n extra on a shield");
    // D8: a Jumbo placed off the shields discards a Troop standing on one.
    s.mover = 0;
    play(&mut s, place(Jumbo, 19));
    assert!(legal(&s).contains(&A::JumboDiscard { node: 17 }));
    play(&mut s, A::JumboDiscard { node: 17 });
    assert_eq!(top(&s, 17), None);
    // Beginner mode: the shields are plain bases.
    let mut b = blank(TerrainKey::MetalX, true);
    give(&mut b, 0, &[Skully]);
    put(&mut b, 12, 0, Roxy);
    put(&mut b, 15, 0, Roxy);
    play(&mut b, place(Skully, 16));
    assert_eq!(
        b.phase,
        Phase::Effect {
            troop: Skully,
            node: 16
        }
    );
}

#[test]
fn hook_may_not_use_its_exemption_on_a_shield() {
    // §5 Hook on Metal-X; DECISION (review): in Beginner mode it may.
    let mut s = blank(TerrainKey::MetalX, false);
    give(&mut s, 0, &[Hook]);
    let t = targets(&s, 0, Hook);
    assert!(t.contains(&15) && t.contains(&19), "other bases are fine");
    assert!(!t.contains(&16) && !t.contains(&17) && !t.contains(&18));
    refused(&mut s, place(Hook, 17));
    put(&mut s, 12, 0, Roxy);
    put(&mut s, 15, 0, Roxy);
    assert!(targets(&s, 0, Hook).contains(&17), "connected: fine");
    let mut b = blank(TerrainKey::MetalX, true);
    give(&mut b, 0, &[Hook]);
    assert!(targets(&b, 0, Hook).contains(&17));
}

#[test]
fn every_offer_can_be_skipped() {
    // §6 "you may", §7.1 "each optional", §12: skip leaves everything else as it was.
    let check = |mut s: ToyBattleState, troop: Troop, node: u8, prompt: Prompt| {
        play(&mut s, place(troop, node));
        // Troop effects before base effects: skip them until the wanted prompt shows.
        while ToyBattle::view(&s, 0).prompt() != prompt {
            assert_eq!(s.mover, 0, "{prompt:?} was never offered");
            play(&mut s, A::Skip);
        }
        let before = s.clone();
        play(&mut s, A::Skip);
        assert_eq!(s.mover, 1, "{prompt:?}: skipping ends the turn");
        assert_eq!(s.table.stacks(), before.table.stacks());
        assert_eq!(s.table.discard, before.table.discard);
        assert_eq!(s.armies[0].rack, before.armies[0].rack);
        assert_eq!(s.armies[1].rack, before.armies[1].rack);
    };
    let mut j = castle();
    give(&mut j, 0, &[Jumbo]);
    put(&mut j, 13, 1, Skully);
    check(j, Jumbo, 11, Prompt::JumboDiscard);
    let mut x = castle();
    give(&mut x, 0, &[Xb42]);
    give(&mut x, 1, &[Roxy]);
    check(x, Xb42, 11, Prompt::Xb42Discard);
    let mut r = castle();
    give(&mut r, 0, &[Roxy]);
    put(&mut r, 11, 0, Star);
    put(&mut r, 13, 0, Star);
    check(r, Roxy, 15, Prompt::Retreat);
    let mut c = blank(TerrainKey::Clouds, false);
    give(&mut c, 0, &[Roxy]);
    put(&mut c, 11, 0, Star);
    check(c, Roxy, 13, Prompt::CloudsDraw);
    let mut e = blank(TerrainKey::Jungle, false);
    give(&mut e, 0, &[Roxy]);
    put(&mut e, 11, 0, Star);
    put(&mut e, 12, 0, Star);
    put(&mut e, 14, 1, Star);
    check(e, Roxy, 15, Prompt::Eruption);
    let mut g = blank(TerrainKey::Cemetery, false);
    give(&mut g, 0, &[Roxy]);
    put(&mut g, 13, 0, Star);
    g.table.discard.push(Tile {
        owner: 0,
        troop: Hook,
    });
    check(g, Roxy, 12, Prompt::Raise);
    let mut b = blank(TerrainKey::Battlefield, false);
    give(&mut b, 0, &[Roxy]);
    give(&mut b, 1, &[Roxy]);
    put(&mut b, 11, 0, Star);
    put(&mut b, 13, 0, Star);
    check(b, Roxy, 14, Prompt::Snipe);
    let mut k = castle();
    give(&mut k, 0, &[Capn, Roxy]);
    check(k, Capn, 11, Prompt::CapnPlace);
}

#[test]
fn clouds_draw_needs_room_and_a_reserve() {
    // §7.1 City of Clouds: reserve ≥ 1 and rack ≤ 7, else not offered.
    let mut full = blank(TerrainKey::Clouds, false);
    give(
        &mut full,
        0,
        &[Kwak, Kwak, Kwak, Hook, Hook, Hook, Jumbo, Jumbo, Jumbo],
    );
    put(&mut full, 11, 0, Star);
    play(&mut full, place(Kwak, 13));
    assert_eq!(full.mover, 1, "8 on the rack: no draw");
    let mut dry = blank(TerrainKey::Clouds, false);
    give(&mut dry, 0, &[Kwak]);
    dry.armies[0].reserve.clear();
    put(&mut dry, 11, 0, Star);
    play(&mut dry, place(Kwak, 13));
    assert_eq!(dry.mover, 1, "empty reserve: no draw");
}

// ---------------------------------------------------------------- §8 regions, §9 end

#[test]
fn regions_give_medals_once_to_whoever_holds_every_base() {
    // §8: Castle region 2 = {13, 15, 17}, 1 Medal.
    let mut s = castle();
    give(&mut s, 0, &[Roxy, Skully]);
    put(&mut s, 11, 0, Star);
    put(&mut s, 13, 0, Star);
    put(&mut s, 15, 0, Star);
    play(&mut s, place(Roxy, 17));
    assert_eq!(s.table.medals, [1, 0]);
    assert_eq!(s.table.region_medals[1], 0);
    assert_eq!(s.table.region_taker[1], Some(0));
    assert!(s.last_turn.contains(&Change::Medals {
        seat: 0,
        region: 2,
        medals: 1
    }));
    // Medals are never lost and never given twice.
    s.mover = 1;
    give(&mut s, 1, &[Kwak]);
    s.phase = Phase::Main;
    put(&mut s, 22, 1, Star);
    put(&mut s, 24, 1, Star);
    put(&mut s, 18, 1, Star);
    put(&mut s, 20, 1, Star);
    let mut t = s.clone();
    let i17 = t.terrain().index_of(17).unwrap();
    t.table.pop(i17);
    for id in [17, 15, 13] {
        put(&mut t, id, 1, Star);
    }
    let before = t.table.medals;
    t.region_check(u32::MAX);
    assert_eq!(
        t.table.medals[1],
        before[1] + 2 + 1,
        "regions 4 and 6, not 2 again"
    );
    assert_eq!(t.table.medals[0], 1);
}

#[test]
fn the_medal_objective_wins_at_once() {
    // §9.2: Castle objective 7.
    let mut s = castle();
    s.table.medals = [6, 0];
    give(&mut s, 0, &[Roxy]);
    put(&mut s, 11, 0, Star);
    put(&mut s, 13, 0, Star);
    put(&mut s, 15, 0, Star);
    play(&mut s, place(Roxy, 17));
    assert_eq!(
        s.end,
        Some(End {
            winner: 0,
            reason: EndReason::Medals
        })
    );
}

#[test]
fn a_region_can_fall_to_the_player_who_is_not_moving() {
    // §8 "any time": blue's Retreat uncovers a red Troop on 13 and red completes region 2
    // ({13, 15, 17}) during blue's turn — and reaches its objective there.
    let mut s = castle();
    s.table.medals = [0, 6];
    give(&mut s, 0, &[Skully]);
    put(&mut s, 13, 1, Jumbo);
    put(&mut s, 13, 0, Hook);
    put(&mut s, 15, 1, Star);
    put(&mut s, 17, 1, Star);
    put(&mut s, 12, 0, Star);
    put(&mut s, 14, 0, Star);
    play(&mut s, place(Skully, 16));
    play(&mut s, A::Skip); // Skully's draw
    assert_eq!(s.phase, Phase::Base { index: 0 });
    play(&mut s, A::Retreat { node: 13 });
    assert_eq!(s.table.medals, [0, 7]);
    assert_eq!(
        s.end,
        Some(End {
            winner: 1,
            reason: EndReason::Medals
        })
    );
}

#[test]
fn stall_ends_the_game_and_a_tie_goes_against_the_stalled() {
    // §9.3, D10: tested at the start of the stalled player's turn.
    for (medals, winner) in [([0, 0], 1), ([2, 1], 0), ([1, 2], 1)] {
        let mut s = castle();
        s.table.medals = medals;
        give(&mut s, 0, &[Roxy]);
        s.armies[0].reserve.clear();
        give(&mut s, 1, &[Skully]);
        // Blue places its last Troop: blue cannot act any more, but the game goes on (D10).
        play(&mut s, place(Roxy, 11));
        assert_eq!(ToyBattle::to_move(&s), ToMove::Seat(1));
        play(&mut s, A::Draw);
        assert_eq!(
            s.end,
            Some(End {
                winner,
                reason: EndReason::Stall { stalled: 0 }
            })
        );
    }
}

#[test]
fn the_turn_limit_ends_the_game_as_a_stall() {
    // D6: after 400 turns, at the start of turn 401, before its stall check.
    let mut s = castle();
    s.turns = TURN_LIMIT - 2;
    give(&mut s, 0, &[Roxy]);
    give(&mut s, 1, &[Roxy]);
    play(&mut s, A::Draw);
    assert_eq!(s.end, None);
    s.table.medals = [1, 1];
    play(&mut s, A::Draw);
    assert_eq!(s.turns, TURN_LIMIT);
    assert_eq!(
        s.end,
        Some(End {
            winner: 1,
            reason: EndReason::TurnLimit { stalled: 0 }
        })
    );
}

// ---------------------------------------------------------------- §7.1 special bases

#[test]
fn castle_retreat_takes_back_another_visible_troop() {
    // §7.1 Retreat, D7: not from the triggering base; rack limit; the Troop is public (D12).
    let mut s = castle();
    give(&mut s, 0, &[Skully]);
    put(&mut s, 11, 0, Roxy);
    put(&mut s, 13, 0, Star);
    put(&mut s, 12, 1, Kwak);
    play(&mut s, place(Skully, 15));
    play(&mut s, A::Skip); // Skully
    assert_eq!(
        legal(&s),
        vec![A::Retreat { node: 11 }, A::Retreat { node: 13 }, A::Skip]
    );
    refused(&mut s, A::Retreat { node: 15 });
    refused(&mut s, A::Retreat { node: 12 });
    play(&mut s, A::Retreat { node: 11 });
    assert_eq!(s.armies[0].rack.count(Roxy), 1);
    assert_eq!(s.armies[0].rack.known[Roxy as usize], 1);
    assert_eq!(ToyBattle::view(&s, 1).racks[0].known[Roxy as usize], 1);
    assert_eq!(s.mover, 1);
    // A full rack: no Retreat.
    let mut full = castle();
    give(
        &mut full,
        0,
        &[Kwak, Capn, Capn, Capn, Jumbo, Jumbo, Jumbo, Hook, Hook],
    );
    put(&mut full, 11, 0, Roxy);
    put(&mut full, 13, 0, Star);
    play(&mut full, place(Kwak, 15));
    assert_eq!(full.mover, 1);
}

#[test]
fn retreat_may_take_back_this_turns_capn_and_cancels_its_base() {
    // D5, D7: Cap'n on 15, extra Troop on 16 (both Retreat bases). 15's Retreat takes back
    // the Troop on 16, so 16's Retreat is cancelled.
    let mut s = castle();
    give(&mut s, 0, &[Capn, Roxy]);
    for id in [11, 12, 13, 14] {
        put(&mut s, id, 0, Star);
    }
    play(&mut s, place(Capn, 15));
    play(
        &mut s,
        A::CapnPlace {
            troop: Roxy,
            node: 16,
        },
    );
    assert_eq!(s.phase, Phase::Base { index: 0 });
    assert!(legal(&s).contains(&A::Retreat { node: 16 }));
    play(&mut s, A::Retreat { node: 16 });
    assert_eq!(s.armies[0].rack.count(Roxy), 1);
    assert_eq!(s.mover, 1, "16's Retreat does not fire");
    // The other way round: 15's Retreat takes the Cap'n-less 11; 16 still fires.
    let mut t = castle();
    give(&mut t, 0, &[Capn, Roxy]);
    for id in [11, 12, 13, 14] {
        put(&mut t, id, 0, Star);
    }
    play(&mut t, place(Capn, 15));
    play(
        &mut t,
        A::CapnPlace {
            troop: Roxy,
            node: 16,
        },
    );
    play(&mut t, A::Retreat { node: 11 });
    assert_eq!(t.phase, Phase::Base { index: 1 });
    assert!(!legal(&t).contains(&A::Retreat { node: 16 }));
    assert!(
        legal(&t).contains(&A::Retreat { node: 15 }),
        "D7: this turn's Cap'n"
    );
}

#[test]
fn a_special_base_used_twice_fires_twice() {
    // §4 step 3 DECISION (review): Cap'n on 15 and the extra Troop on 15 too.
    let mut s = castle();
    give(&mut s, 0, &[Capn, Skully]);
    put(&mut s, 11, 0, Star);
    put(&mut s, 13, 0, Star);
    put(&mut s, 14, 1, Star);
    play(&mut s, place(Capn, 15));
    play(
        &mut s,
        A::CapnPlace {
            troop: Skully,
            node: 15,
        },
    );
    play(&mut s, A::Skip); // Skully's draw
    assert_eq!(s.phase, Phase::Base { index: 0 });
    play(&mut s, A::Retreat { node: 11 });
    assert_eq!(s.phase, Phase::Base { index: 1 });
    play(&mut s, A::Retreat { node: 13 });
    assert_eq!(s.armies[0].rack.size(), 2);
    assert_eq!(s.mover, 1);
}

#[test]
fn volcano_eruption_moves_an_adjacent_enemy_troop() {
    // §7.1 Eruption, D2 (bases only): Volcanic Jungle, volcano 15 next to 12, 14, 18.
    let mut s = blank(TerrainKey::Jungle, false);
    give(&mut s, 0, &[Roxy]);
    put(&mut s, 11, 0, Star);
    put(&mut s, 12, 0, Star);
    put(&mut s, 14, 0, Skully);
    put(&mut s, 14, 1, Hook);
    put(&mut s, 16, 1, Hook);
    play(&mut s, place(Roxy, 15));
    assert_eq!(s.phase, Phase::Base { index: 0 });
    let l = legal(&s);
    assert_eq!(
        l,
        vec![
            A::Erupt { from: 14, to: 11 },
            A::Erupt { from: 14, to: 15 },
            A::Erupt { from: 14, to: 17 },
            A::Skip
        ]
    );
    refused(&mut s, A::Erupt { from: 16, to: 17 });
    refused(&mut s, A::Erupt { from: 14, to: 1 });
    refused(&mut s, A::Erupt { from: 14, to: 18 });
    // Moving the Hook off 14 uncovers blue's Skully: region 2 {11, 12, 14, 15} goes to blue.
    play(&mut s, A::Erupt { from: 14, to: 17 });
    assert_eq!(
        top(&s, 17),
        Some(Tile {
            owner: 1,
            troop: Hook
        })
    );
    assert_eq!(
        top(&s, 14),
        Some(Tile {
            owner: 0,
            troop: Skully
        })
    );
    assert_eq!(s.table.medals, [2, 0]);
    // D2 on every Terrain node: destinations are never H.Q.s.
    let j = blank(TerrainKey::Jungle, false);
    for i in 0..j.terrain().len() {
        assert_eq!(j.eruption_destinations(i) & !j.terrain().bases, 0);
    }
}

#[test]
fn eruption_can_hand_medals_to_the_opponent() {
    // §8 on the opponent's turn: blue's Hook lands on the volcano unconnected; moving red's
    // Troop from 18 onto 15 completes red's region 2 {11, 12, 14, 15}.
    let mut s = blank(TerrainKey::Jungle, false);
    give(&mut s, 0, &[Hook]);
    for id in [11, 12, 14, 18] {
        put(&mut s, id, 1, Star);
    }
    play(&mut s, place(Hook, 15));
    play(&mut s, A::Erupt { from: 18, to: 15 });
    assert_eq!(s.table.medals, [0, 2]);
    assert_eq!(s.mover, 1);
}

#[test]
fn both_reaching_the_objective_at_once_goes_to_the_mover() {
    // D3: one Eruption uncovers blue's region 2 and completes red's region 4 {16,17,19,20}.
    let mut s = blank(TerrainKey::Jungle, false);
    s.table.medals = [5, 5];
    give(&mut s, 0, &[Hook]);
    put(&mut s, 11, 0, Star);
    put(&mut s, 12, 0, Star);
    put(&mut s, 14, 0, Skully);
    put(&mut s, 14, 1, Kwak);
    for id in [16, 19, 20] {
        put(&mut s, id, 1, Star);
    }
    play(&mut s, place(Hook, 15));
    play(&mut s, A::Erupt { from: 14, to: 17 });
    assert_eq!(s.table.medals, [7, 7]);
    assert_eq!(
        s.end,
        Some(End {
            winner: 0,
            reason: EndReason::Medals
        })
    );
}

#[test]
fn cemetery_raise_takes_a_discarded_troop_back() {
    // §7.1 Raise on Cursed Cemetery (12, 14, 22, 24), D12.
    let mut s = blank(TerrainKey::Cemetery, false);
    give(&mut s, 0, &[Skully]);
    put(&mut s, 13, 0, Star);
    for t in [Roxy, Hook] {
        from_reserve(&mut s, 0, t);
        s.table.discard.push(Tile { owner: 0, troop: t });
    }
    from_reserve(&mut s, 1, Star);
    s.table.discard.push(Tile {
        owner: 1,
        troop: Star,
    });
    play(&mut s, place(Skully, 12));
    play(&mut s, A::Skip);
    assert_eq!(
        legal(&s),
        vec![A::Raise { troop: Hook }, A::Raise { troop: Roxy }, A::Skip]
    );
    refused(&mut s, A::Raise { troop: Star });
    play(&mut s, A::Raise { troop: Roxy });
    assert_eq!(s.armies[0].rack.count(Roxy), 1);
    assert_eq!(s.armies[0].rack.known[Roxy as usize], 1);
    assert_eq!(s.table.discard.len(), 2);
    assert!(troop_total(&s, 0) == troop_total(&castle(), 0));
}

#[test]
fn battlefield_sniper_freezes_a_random_enemy_troop() {
    // §7.1 Sniper, §6.9, D4: optional; uniform among unfrozen Troops; only the owner learns it.
    let mut s = blank(TerrainKey::Battlefield, false);
    give(&mut s, 0, &[Roxy]);
    give(&mut s, 1, &[Skully, Star]);
    s.armies[1].rack.frozen[Star as usize] = 1;
    put(&mut s, 11, 0, Star);
    put(&mut s, 13, 0, Star);
    play(&mut s, place(Roxy, 14));
    assert_eq!(legal(&s), vec![A::Snipe, A::Skip]);
    play(&mut s, A::Snipe);
    assert_eq!(ToyBattle::to_move(&s), ToMove::Chance);
    for seed in 0..32 {
        assert_eq!(
            ToyBattle::sample_chance(&s, &mut chance_rng(seed, 0)),
            A::Freeze { troop: Skully },
            "only unfrozen Troops"
        );
    }
    refused(&mut s, A::Freeze { troop: Star });
    play(&mut s, A::Freeze { troop: Skully });
    assert_eq!(s.armies[1].rack.frozen_count(), 2);
    assert_eq!(s.mover, 1);
    // Red's turn: nothing placeable, it must draw; the freeze lifts after.
    assert_eq!(legal(&s), vec![A::Draw]);
    let seen = ToyBattle::view(&s, 0);
    assert_eq!(seen.racks[1].frozen, 2);
    assert_eq!(
        ToyBattle::describe(&s, &A::Draw, 0, crate::i18n::Lang::En).unwrap(),
        "@1 drew 2 Troops"
    );
    play(&mut s, A::Draw);
    assert_eq!(s.armies[1].rack.frozen_count(), 0);
    // Uniform: with two unfrozen kinds both come up.
    let mut u = blank(TerrainKey::Battlefield, false);
    give(&mut u, 0, &[Roxy]);
    give(&mut u, 1, &[Skully, Roxy]);
    put(&mut u, 11, 0, Star);
    put(&mut u, 13, 0, Star);
    play(&mut u, place(Roxy, 14));
    play(&mut u, A::Snipe);
    let picks: std::collections::HashSet<_> = (0..64)
        .map(|seed| ToyBattle::sample_chance(&u, &mut chance_rng(seed, 0)))
        .collect();
    assert_eq!(picks.len(), 2);
}

#[test]
fn caribbean_has_no_special_bases() {
    let mut s = blank(TerrainKey::Caribbean, false);
    give(&mut s, 0, &[Roxy]);
    for i in 0..s.terrain().len() {
        assert_eq!(s.table.base_power(i), None);
    }
    play(&mut s, place(Roxy, 13));
    assert_eq!(s.mover, 1);
}

#[test]
fn beginner_mode_makes_special_bases_plain() {
    // §3 Beginner variant.
    for key in TerrainKey::ALL {
        let s = blank(key, true);
        for i in 0..s.terrain().len() {
            assert_eq!(s.table.base_power(i), None);
            assert!(!s.table.shielded(i));
            assert!(Troop::ALL.iter().all(|&t| s.table.allows(i, t)));
        }
    }
    let mut s = blank(TerrainKey::Castle, true);
    give(&mut s, 0, &[Roxy]);
    put(&mut s, 11, 0, Star);
    put(&mut s, 13, 0, Star);
    play(&mut s, place(Roxy, 15));
    assert_eq!(s.mover, 1, "no Retreat in Beginner mode");
}

// ---------------------------------------------------------------- §10 data

#[test]
fn terrain_data_matches_the_spec_tables() {
    // §10 table: bases, paths, regions, Medals, objective, special bases.
    let expect = [
        (TerrainKey::Castle, 15, 24, 8, 14, 7, vec![15, 16, 20, 21]),
        (TerrainKey::Pool, 13, 24, 8, 12, 6, vec![12, 16, 17, 18, 22]),
        (TerrainKey::Clouds, 14, 28, 13, 16, 8, vec![13, 16, 19, 22]),
        (TerrainKey::Jungle, 13, 22, 6, 14, 7, vec![15, 19]),
        (
            TerrainKey::Cemetery,
            15,
            28,
            10,
            14,
            7,
            vec![12, 14, 22, 24],
        ),
        (TerrainKey::Caribbean, 12, 20, 6, 11, 5, vec![]),
        (TerrainKey::MetalX, 13, 28, 14, 14, 7, vec![16, 17, 18]),
        (
            TerrainKey::Battlefield,
            14,
            24,
            9,
            16,
            8,
            vec![14, 16, 19, 21],
        ),
    ];
    for (key, bases, paths, regions, medals, target, special) in expect {
        let t = key.terrain();
        assert_eq!(t.key(), key);
        assert_eq!(t.bases.count_ones(), bases, "{key:?} bases");
        assert_eq!(t.spec.edges.len(), paths, "{key:?} paths");
        assert_eq!(t.spec.regions.len(), regions);
        let total: u32 = t.spec.regions.iter().map(|r| r.medals as u32).sum();
        assert_eq!(total, medals);
        assert_eq!(t.spec.total_medals as u32, medals);
        assert_eq!(t.spec.medal_target, target);
        assert_eq!(target as u32, medals / 2, "objective = ⌊total / 2⌋");
        let table = blank(key, false).table;
        assert_eq!(table.ids(t.special), special);
        for (r, spec) in t.spec.regions.iter().enumerate() {
            assert_eq!(spec.medals as u32, t.regions[r].count_ones() - 2, "k − 2");
            assert_eq!(t.regions[r] & !t.bases, 0, "regions hold bases only");
            for i in 0..t.len() {
                let holds = t.regions[r] & (1 << i) != 0;
                assert_eq!(t.regions_at[i] & (1 << r) != 0, holds, "region {r} at {i}");
                assert_eq!(t.regions_touching(1 << i) & (1 << r) != 0, holds);
            }
        }
        assert!(t.len() <= MAX_NODES);
        // Symmetric H.Q. ids: blue 1/2, red 41/42.
        for i in 0..t.len() {
            match t.spec.nodes[i].hq {
                Some(Colour::Blue) => assert!(t.id(i) <= 2),
                Some(Colour::Red) => assert!(t.id(i) >= 41),
                None => assert!((11..=25).contains(&t.id(i))),
            }
        }
    }
    assert_eq!(TerrainKey::Pool.terrain().hqs[0].count_ones(), 2);
    assert_eq!(TerrainKey::Caribbean.terrain().hqs[0].count_ones(), 2);
    assert_eq!(TerrainKey::Caribbean.terrain().hqs[1].count_ones(), 1);
}

// ---------------------------------------------------------------- §11 hidden information

/// A mid-game position with secrets on both sides: seat 1 has known and frozen Troops.
fn secret_position(seed: u64) -> ToyBattleState {
    let mut m = Match::<ToyBattle>::new(
        ToyBattleOptions {
            terrain: TerrainChoice::Random,
            beginner: false,
        },
        seed,
    )
    .unwrap();
    let mut rng = Rng::seed_from_u64(seed);
    for _ in 0..(10 + seed % 20) {
        if m.to_move() == ToMove::Over {
            break;
        }
        let l = ToyBattle::legal(m.state());
        m.play(&l[rng.random_range(0..l.len())]).unwrap();
    }
    m.state().clone()
}

#[test]
fn the_view_hides_rack_contents_and_reserve_order() {
    for seed in 0..60 {
        let s = secret_position(seed);
        for seat in 0..2 {
            let v = ToyBattle::view(&s, seat);
            let json = serde_json::to_string(&v).unwrap();
            assert!(!json.contains("reserve\":["), "no reserve list");
            assert!(!json.contains("set_aside"), "no set-aside");
            assert_eq!(v.rack, s.armies[seat].rack, "own rack in full");
            assert_eq!(v.racks[1 - seat].size, s.armies[1 - seat].rack.size());
            // Another deal of the opponent's rack (same face) and of both reserves changes
            // nothing in the serialized view.
            let mut other = s.clone();
            let them = 1 - seat;
            let face = RackFace::of(&s.armies[them].rack);
            let mut pool: Vec<Troop> = other.armies[them].rack.list();
            pool.append(&mut other.armies[them].reserve);
            pool.append(&mut other.armies[them].set_aside);
            pool.sort();
            pool.reverse(); // a different order than any shuffle is likely to give
            let mut rack = Rack {
                troops: face.known,
                frozen: [0; 8],
                known: face.known,
            };
            for t in Troop::ALL {
                for _ in 0..face.known[t as usize] {
                    let at = pool.iter().position(|&x| x == t).unwrap();
                    pool.remove(at);
                }
            }
            let extra = (face.size - face.known.iter().sum::<u8>()) as usize;
            let mut frozen_left = face.frozen;
            for t in pool.drain(..extra) {
                rack.troops[t as usize] += 1;
                if frozen_left > 0 {
                    rack.frozen[t as usize] += 1;
                    frozen_left -= 1;
                }
            }
            for t in Troop::ALL {
                while frozen_left > 0 && rack.frozen[t as usize] < rack.troops[t as usize] {
                    rack.frozen[t as usize] += 1;
                    frozen_left -= 1;
                }
            }
            other.armies[them].rack = rack;
            other.armies[them].set_aside = pool.drain(..SET_ASIDE).collect();
            other.armies[them].reserve = pool;
            other.armies[seat].reserve.reverse();
            assert_eq!(troop_total(&other, them), TROOPS_PER_COLOUR);
            let json2 = serde_json::to_string(&ToyBattle::view(&other, seat)).unwrap();
            assert_eq!(json, json2, "seed {seed} seat {seat}");
        }
    }
}

#[test]
fn determinize_deals_consistently_with_the_view() {
    let mut rng = Rng::seed_from_u64(9);
    for seed in 0..120 {
        let s = secret_position(seed);
        for seat in 0..2 {
            let v = ToyBattle::view(&s, seat);
            for _ in 0..4 {
                let d = ToyBattle::determinize(&v, &mut rng);
                assert_eq!(ToyBattle::view(&d, seat), v, "seed {seed}");
                for p in 0..2 {
                    assert_eq!(troop_total(&d, p), TROOPS_PER_COLOUR);
                    assert_eq!(d.armies[p].set_aside.len(), SET_ASIDE);
                    let r = &d.armies[p].rack;
                    for t in Troop::ALL {
                        let i = t as usize;
                        assert!(r.frozen[i] <= r.troops[i] && r.known[i] <= r.troops[i]);
                    }
                }
                if seat == s.mover {
                    assert_eq!(ToyBattle::legal(&d), ToyBattle::legal(&s));
                }
            }
        }
    }
}

#[test]
fn determinize_keeps_known_troops_and_frozen_slots() {
    let mut s = castle();
    for army in s.armies.iter_mut() {
        army.set_aside = army.reserve.split_off(army.reserve.len() - 4);
    }
    give(&mut s, 1, &[Roxy, Skully, Hook]);
    s.armies[1].rack.known[Roxy as usize] = 1;
    s.armies[1].rack.frozen[Hook as usize] = 1;
    let v = ToyBattle::view(&s, 0);
    assert_eq!(v.racks[1].size, 3);
    let mut rng = Rng::seed_from_u64(1);
    let mut frozen_known = 0;
    for _ in 0..200 {
        let d = ToyBattle::determinize(&v, &mut rng);
        let r = &d.armies[1].rack;
        assert!(r.troops[Roxy as usize] >= 1, "the known Roxy stays");
        assert_eq!(r.size(), 3);
        assert_eq!(r.frozen_count(), 1);
        if r.frozen[Roxy as usize] == r.troops[Roxy as usize] && r.troops[Roxy as usize] == 1 {
            frozen_known += 1;
        }
    }
    assert_eq!(frozen_known, 0, "frozen slots take dealt Troops first");
}

#[test]
fn the_log_never_names_a_secret_troop() {
    let mut s = castle();
    give(&mut s, 0, &[Skully]);
    s.armies[0].reserve.push(Star);
    assert_eq!(
        ToyBattle::describe(&s, &A::Draw, 0, crate::i18n::Lang::En).unwrap(),
        "@0 drew 2 Troops"
    );
    assert_eq!(
        ToyBattle::describe(&s, &A::Draw, 1, crate::i18n::Lang::En).unwrap(),
        "@0 drew 2 Troops"
    );
    let line = ToyBattle::describe(&s, &place(Skully, 11), 1, crate::i18n::Lang::En).unwrap();
    assert_eq!(line, "@0 placed Skully on base 11");
    assert_eq!(
        ToyBattle::describe(&s, &A::Freeze { troop: Roxy }, 0, crate::i18n::Lang::En).unwrap(),
        "one Troop on @1's rack is frozen"
    );
    assert_eq!(
        ToyBattle::describe(&s, &A::Freeze { troop: Roxy }, 1, crate::i18n::Lang::En).unwrap(),
        "one Troop on @1's rack is frozen"
    );
}

// ---------------------------------------------------------------- board helpers

#[test]
fn board_helpers_follow_the_rules() {
    let mut s = castle();
    give(&mut s, 0, &[Hook, Roxy]);
    s.armies[0].rack.frozen[Roxy as usize] = 1;
    put(&mut s, 11, 0, Star);
    let v = ToyBattle::view(&s, 0);
    assert_eq!(v.prompt(), Prompt::Turn);
    assert_eq!(v.targets(Roxy), Vec::<u8>::new(), "frozen");
    assert_eq!(v.targets(Hook), s.table.ids(s.table.targets(0, Hook)));
    assert_eq!(v.placeable(), vec![Hook]);
    assert_eq!(v.legal_actions(), ToyBattle::legal(&s));
    assert!(ToyBattle::view(&s, 1).legal_actions().is_empty());
    let layout = v.table.layout();
    assert_eq!(layout.len(), 17);
    assert_eq!(layout[0].hq, Some(0));
    assert_eq!((layout[0].x, layout[0].y), (90, 349));
    assert!(layout.iter().filter(|n| n.special).count() == 4);
    assert_eq!(v.table.paths().len(), 24);
    let regions = v.table.regions();
    assert_eq!(regions.len(), 8);
    assert_eq!(regions[0].held, [1, 0]);
    assert_eq!(regions[0].medals_left, 3);
    assert_eq!(regions[0].ring.len(), 6);
    // Pool value lists show in the layout.
    let pool = blank(TerrainKey::Pool, false).table.layout();
    let n17 = pool.iter().find(|n| n.id == 17).unwrap();
    assert_eq!(n17.allowed, Some(vec![Kwak, Star, Roxy]));
    // Prompts follow the phase.
    play(&mut s, place(Hook, 15));
    assert_eq!(ToyBattle::view(&s, 0).prompt(), Prompt::Retreat);
}

// ---------------------------------------------------------------- random playouts

/// A handful of actions that are never legal in the current phase, plus random junk.
fn bogus_actions(s: &ToyBattleState, rng: &mut Rng) -> Vec<ToyBattleAction> {
    let legal = ToyBattle::legal(s);
    let mut out = vec![
        A::Place {
            troop: Roxy,
            node: 99,
        },
        A::Erupt { from: 1, to: 41 },
        A::Retreat { node: 3 },
    ];
    for _ in 0..6 {
        let troop = Troop::ALL[rng.random_range(0..8)];
        let node = rng.random_range(0..45);
        let to = rng.random_range(0..45);
        let candidates = [
            A::Place { troop, node },
            A::CapnPlace { troop, node },
            A::JumboDiscard { node },
            A::Retreat { node },
            A::Erupt { from: node, to },
            A::Raise { troop },
            A::Draw,
            A::Skip,
            A::SkullyDraw,
            A::StarDraw,
            A::CloudsDraw,
            A::Xb42Discard,
            A::Snipe,
            A::Xb42Hit {
                troop,
                frozen: crate::engine::random_bool(rng, 0.5),
            },
            A::Freeze { troop },
        ];
        out.push(candidates[rng.random_range(0..candidates.len())]);
    }
    out.retain(|a| !legal.contains(a));
    out
}

fn check_invariants(s: &ToyBattleState) {
    for seat in 0..2 {
        assert_eq!(troop_total(s, seat), TROOPS_PER_COLOUR, "§9 conservation");
        let army = &s.armies[seat];
        assert_eq!(army.set_aside.len(), SET_ASIDE);
        assert!(army.rack.size() <= RACK_LIMIT);
        for t in Troop::ALL {
            let i = t as usize;
            assert!(army.rack.frozen[i] <= army.rack.troops[i]);
            assert!(army.rack.known[i] <= army.rack.troops[i]);
        }
        if s.mover != seat && s.phase == Phase::Main {
            assert_eq!(
                army.rack.frozen_count(),
                0,
                "frozen Troops thaw after their turn"
            );
        }
        assert!(s.table.medals[seat] <= s.terrain().spec.total_medals);
    }
    let left: u32 = s.table.region_medals.iter().map(|&m| m as u32).sum();
    assert_eq!(
        left + s.table.medals[0] as u32 + s.table.medals[1] as u32,
        s.terrain().spec.total_medals as u32,
        "Medals are moved, never made"
    );
    // H.Q.s hold nothing while the game runs.
    if s.end.is_none() {
        for i in 0..s.terrain().len() {
            if s.table.hq_owner(i).is_some() {
                assert!(s.table.stacks()[i].is_empty());
            }
        }
        assert!(s
            .table
            .medals
            .iter()
            .all(|&m| m < s.terrain().spec.medal_target));
    }
}

/// 10,000 random games over all eight Terrains (every fourth in Beginner mode): the per-seat
/// conservation invariant after every action, illegal actions refused without change, a seat
/// to move always has a choice, and every record replays to the same state.
#[test]
fn random_playouts_keep_the_invariants() {
    let games = 10_000u64;
    let mut ends = [0usize; 4];
    for g in 0..games {
        let options = ToyBattleOptions {
            terrain: TerrainChoice::ALL[(g % 8) as usize],
            beginner: g % 4 == 3,
        };
        let mut m = Match::<ToyBattle>::new(options, g).unwrap();
        let mut rng = chance_rng(g, 1_000_000);
        check_invariants(m.state());
        while m.to_move() != ToMove::Over {
            let s = m.state().clone();
            let legal = ToyBattle::legal(&s);
            assert!(!legal.is_empty(), "a seat to move always has a choice");
            if g % 10 == 0 {
                for bogus in bogus_actions(&s, &mut rng) {
                    let mut copy = s.clone();
                    assert!(ToyBattle::apply(&mut copy, &bogus).is_err(), "{bogus:?}");
                    assert_eq!(copy, s);
                }
            }
            // Mostly-greedy play reaches the interesting endings more often than pure chance.
            let a = if crate::engine::random_bool(&mut rng, 0.5) {
                ToyBattle::rollout_action(&s, &legal, &mut rng)
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            m.play(&a).unwrap();
            check_invariants(m.state());
        }
        let end = m.state().end.expect("over");
        ends[match end.reason {
            EndReason::Capture { .. } => 0,
            EndReason::Medals => 1,
            EndReason::Stall { .. } => 2,
            EndReason::TurnLimit { .. } => 3,
        }] += 1;
        if g % 50 == 0 {
            let again = Match::<ToyBattle>::from_json(&m.to_json()).unwrap();
            assert_eq!(again.state(), m.state(), "records replay identically");
        }
    }
    assert!(
        ends[0] > 0 && ends[1] > 0,
        "captures and Medal wins happen: {ends:?}"
    );
}

/// §11: a draw off the reserve shows the drawer Troops nobody knew, and Skully, Star and the
/// City of Clouds draw inside the seat's own turn. Random games on every Terrain: after every
/// draw (and every chance pick) no seat's undo goes back over it, even with a choice pending.
#[test]
fn undo_never_crosses_a_reveal() {
    let options = |seed: u64| ToyBattleOptions {
        terrain: TerrainChoice::ALL[(seed % 8) as usize],
        beginner: false,
    };
    let drew = |before: &ToyBattleState, _: &ToyBattleAction, after: &ToyBattleState| {
        (0..2).any(|s| after.armies[s].reserve.len() < before.armies[s].reserve.len())
    };
    let report = crate::engine::testing::undo_never_crosses_a_reveal::<ToyBattle>(
        0..24,
        options,
        10_000,
        drew,
    );
    assert!(
        report.own_reveals_mid_turn > 0,
        "some draw came with a choice still pending: {report:?}"
    );
}

/// The issue's case (§6.2, §7.1): Skully placed on a City of Clouds Draw base draws 2 Troops,
/// and the base's own draw is still to choose. The seat is still to move, but Undo is refused:
/// taking Skully back would leave the reserve as it was, its next Troops now known. The
/// position is the first seeded Clouds game (plain draws and placements) where seat 0 can do it.
#[test]
fn undo_is_refused_after_skullys_draw_with_the_base_draw_pending() {
    let (mut m, place) = skully_on_a_draw_base();
    let seat = m.state().mover;
    m.play(&place).unwrap();
    let placed = m.record().actions.len();
    assert_eq!(
        m.undo_point(seat),
        Some(placed - 1),
        "nothing drawn yet: the placement itself can be taken back"
    );
    m.play(&A::SkullyDraw).unwrap();
    assert_eq!(m.to_move(), ToMove::Seat(seat), "the turn goes on");
    assert!(ToyBattle::legal(m.state()).contains(&A::CloudsDraw));
    assert_eq!(m.undo_point(seat), None, "Skully's Troops were seen");
    m.play(&A::Skip).unwrap();
    assert_eq!(m.undo_point(seat), None);
}

/// A Clouds match with seat 0 to play and Skully placeable on a Draw base (13, 16, 19 or 22)
/// with a draw left for the base afterwards, and that placement.
fn skully_on_a_draw_base() -> (Match<ToyBattle>, ToyBattleAction) {
    for seed in 0..3000u64 {
        let options = ToyBattleOptions {
            terrain: TerrainChoice::Clouds,
            beginner: false,
        };
        let mut m = Match::<ToyBattle>::new(options, seed).unwrap();
        let mut rng = chance_rng(seed, 999_999);
        for _ in 0..12 {
            let s = m.state().clone();
            if s.phase != Phase::Main {
                break;
            }
            let legal = ToyBattle::legal(&s);
            if s.mover == 0 && s.draw_count(0, 2) >= 1 {
                for node in [13u8, 16, 19, 22] {
                    let place = A::Place {
                        troop: Skully,
                        node,
                    };
                    let mut t = m.clone();
                    if legal.contains(&place)
                        && t.play(&place).is_ok()
                        && t.play(&A::SkullyDraw).is_ok()
                        && ToyBattle::legal(t.state()).contains(&A::CloudsDraw)
                    {
                        println!("seed {seed}, {place:?} after: {}", m.to_json());
                        return (m, place);
                    }
                }
            }
            // Plain turns only: a draw or a main placement whose effect is skipped.
            let a = legal[rng.random_range(0..legal.len())];
            m.play(&a).unwrap();
            while m.state().phase != Phase::Main && m.to_move() != ToMove::Over {
                if m.play(&A::Skip).is_err() {
                    break;
                }
            }
        }
    }
    panic!("no seeded Clouds game lets seat 0 put Skully on a Draw base")
}

// ---------------------------------------------------------------- log lines (§11)

fn en(s: &ToyBattleState, a: ToyBattleAction) -> String {
    ToyBattle::describe(s, &a, 0, crate::i18n::Lang::En).unwrap()
}

#[test]
fn capn_sends_a_troop_to_a_base() {
    let mut s = castle();
    give(&mut s, 0, &[Capn, Skully]);
    play(&mut s, place(Capn, 11));
    let extra = legal(&s)
        .into_iter()
        .find_map(|a| match a {
            A::CapnPlace {
                troop: Skully,
                node,
            } if top(&s, node).is_none() => Some(node),
            _ => None,
        })
        .expect("Cap'n may send Skully to an empty base");
    assert_eq!(
        en(
            &s,
            A::CapnPlace {
                troop: Skully,
                node: extra
            }
        ),
        format!("@0's Cap'n sends Skully to base {extra}")
    );
}

#[test]
fn stacking_on_ones_own_troop_does_not_read_as_a_cover() {
    let mut s = castle();
    give(&mut s, 0, &[Skully, Roxy]);
    put(&mut s, 11, 0, Roxy);
    assert_eq!(
        en(&s, place(Skully, 11)),
        "@0 placed Skully on base 11, on top of their own Roxy"
    );
    let mut t = castle();
    give(&mut t, 0, &[Roxy]);
    put(&mut t, 11, 1, Skully);
    assert_eq!(
        en(&t, place(Roxy, 11)),
        "@0 placed Roxy on base 11, covering @1's Skully"
    );
}

/// Random games on every Terrain: a line tells of every region's Medals taken, with the
/// region's bases, and the line that ends the game says who won and why.
#[test]
fn the_log_tells_of_medals_and_of_the_end() {
    let (mut medal_lines, mut ends) = (0, std::collections::BTreeSet::new());
    for (g, key) in TerrainKey::ALL.into_iter().cycle().take(40).enumerate() {
        let options = ToyBattleOptions {
            terrain: TerrainChoice::ALL[key as usize],
            beginner: false,
        };
        let mut rng = Rng::seed_from_u64(g as u64);
        let mut s = ToyBattle::new(&options, &mut rng).unwrap();
        while ToyBattle::to_move(&s) != ToMove::Over {
            let a = match ToyBattle::to_move(&s) {
                ToMove::Chance => ToyBattle::sample_chance(&s, &mut rng),
                _ => {
                    let l = legal(&s);
                    l[rng.random_range(0..l.len())]
                }
            };
            let line = en(&s, a);
            let before = s.clone();
            play(&mut s, a);
            for (r, region) in s.terrain().spec.regions.iter().enumerate() {
                if before.table.region_taker[r].is_none() {
                    if let Some(seat) = s.table.region_taker[r] {
                        let bases = region.bases.iter().map(u8::to_string).collect::<Vec<_>>();
                        let what = format!("@{seat} took the ");
                        assert!(line.contains(&what), "{line}");
                        assert!(
                            line.contains(&format!("(bases {})", bases.join(", "))),
                            "{line}"
                        );
                        medal_lines += 1;
                    }
                }
            }
            if let Some(end) = s.end {
                let w = end.winner;
                let said = match end.reason {
                    EndReason::Capture { .. } => format!("H.Q. captured! @{w} won"),
                    EndReason::Medals => format!(". @{w} reached the Medal objective ("),
                    EndReason::Stall { stalled } => {
                        format!(". @{stalled} can neither draw nor place: ")
                    }
                    EndReason::TurnLimit { .. } => ". The turn limit (".to_string(),
                };
                assert!(line.contains(&said), "{line} / {end:?}");
                let won = format!("@{w} won");
                assert!(line.contains(&won) || line.ends_with(" and won"), "{line}");
                ends.insert(
                    format!("{:?}", end.reason)
                        .split(' ')
                        .next()
                        .unwrap()
                        .to_string(),
                );
            }
        }
    }
    assert!(medal_lines > 20, "{medal_lines}");
    assert!(ends.len() >= 2, "{ends:?}");
}

/// Over random games on every Terrain: after every action the table's kept top and reach masks
/// are those of its stacks computed afresh, and a serialized table comes back with the same
/// masks. The games must take Troops off stacks (Jumbo, Retreat, Eruption), uncover Troops
/// below and cut a seat's reach, the moves where a mask kept up only on placements would go
/// wrong.
#[test]
fn kept_board_masks_follow_every_change_of_the_stacks() {
    let (mut uncovered, mut cut) = (0, 0);
    for g in 0..300u64 {
        let options = ToyBattleOptions {
            terrain: TerrainChoice::ALL[(g % 8) as usize],
            beginner: g % 4 == 3,
        };
        let mut m = Match::<ToyBattle>::new(options, g).unwrap();
        let mut rng = chance_rng(g, 5);
        assert!(m.state().table.masks_agree());
        while m.to_move() != ToMove::Over {
            let before = m.state().clone();
            let legal = ToyBattle::legal(&before);
            let a = match m.to_move() {
                ToMove::Chance => ToyBattle::sample_chance(&before, &mut rng),
                _ if crate::engine::random_bool(&mut rng, 0.5) => {
                    ToyBattle::rollout_action(&before, &legal, &mut rng)
                }
                _ => legal[rng.random_range(0..legal.len())],
            };
            m.play(&a).unwrap();
            let t = &m.state().table;
            assert!(t.masks_agree(), "{a:?}");
            let stacks = before.table.stacks().iter().zip(t.stacks());
            if stacks
                .clone()
                .any(|(b, a)| a.len() < b.len() && !a.is_empty())
            {
                uncovered += 1;
            }
            let lost = |seat| before.table.reach(seat) & !t.reach(seat) != 0;
            if stacks.clone().any(|(b, a)| a.len() < b.len()) && (lost(0) || lost(1)) {
                cut += 1;
            }
            if g % 10 == 0 {
                let json = serde_json::to_string(t).unwrap();
                assert!(!json.contains("tops") && !json.contains("reach"), "{json}");
                let back: Table = serde_json::from_str(&json).unwrap();
                assert!(back.masks_agree());
                assert_eq!(&back, t);
            }
        }
    }
    assert!(uncovered > 100, "{uncovered}");
    assert!(cut > 100, "{cut}");
}

/// Over random games on every Terrain: the one-pass board masks the search uses agree with the
/// per-seat scans, and `may_place` with `targets` on every node for every Troop.
#[test]
fn one_pass_board_masks_agree_with_the_per_seat_scans() {
    walk_random_games(300, 3, |_, m, _| {
        let s = m.state();
        let t = &s.table;
        let tops = t.tops();
        let bases = s.terrain().bases;
        assert_eq!(t.occupancy(), [t.occupied(0), t.occupied(1)]);
        for seat in 0..2 {
            let own = tops[seat].iter().fold(0, |m, x| m | x) & bases;
            assert_eq!(own, t.occupied(seat));
            assert_eq!(tops[1 - seat], t.enemy_tops(seat));
            for troop in Troop::ALL {
                let targets = t.targets(seat, troop);
                for i in 0..s.terrain().len() {
                    let legal = targets & (1 << i) != 0;
                    assert_eq!(t.may_place(seat, troop, i), legal, "{troop:?} on {i}");
                }
            }
        }
        let all_at_once = s.placement_targets();
        for troop in Troop::ALL {
            let one = if s.armies[s.mover].rack.playable(troop) == 0 {
                0
            } else {
                t.targets(s.mover, troop)
            };
            assert_eq!(all_at_once[troop as usize], one, "{troop:?}");
        }
    });
}

/// Expert searches twelve times Hard's iterations under Expert's clock; the other levels are
/// the shared ones.
#[test]
fn expert_searches_twelve_times_hards_iterations() {
    use crate::engine::{Level, EXPERT_MS};
    let (hard, expert) = (
        ToyBattle::search_config(Level::Hard),
        ToyBattle::search_config(Level::Expert),
    );
    assert_eq!(hard, Level::Hard.config());
    assert_eq!(expert.iterations, 12 * hard.iterations);
    assert_eq!(expert.time_budget_ms, Some(EXPERT_MS));
    assert_eq!(expert.rollout_depth, Level::Expert.config().rollout_depth);
}
