//! AI hints: a heuristic evaluation and a cheap, mostly greedy playout policy. Both read only
//! what the determinized state holds, so they never see more than the searcher's view allows.

use super::rules::{Phase, Table, ToyBattleAction, ToyBattleState, Troop};
use crate::engine::{random_bool, Rng, Seat};
use rand::Rng as _;

/// True when `seat` could put a Troop on an enemy H.Q. right now if it were its turn: an enemy
/// H.Q. is in reach and a non-frozen rack Troop passes its value list (Pool).
fn hq_threat(s: &ToyBattleState, seat: Seat, reach: u32) -> bool {
    let table = &s.table;
    let enemy_hqs = table.hqs(1 - seat) & reach;
    if enemy_hqs == 0 {
        return false;
    }
    let rack = &s.armies[seat].rack;
    let mut m = enemy_hqs;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        if Troop::ALL
            .iter()
            .any(|&t| rack.playable(t) > 0 && table.allows(i, t))
        {
            return true;
        }
    }
    false
}

/// Medals a seat could still hope for: each region's Medals weighted by the share of its bases
/// the seat holds, only while the other seat holds none of them.
fn prospects(table: &Table, occupied: [u32; 2]) -> [f64; 2] {
    let terrain = table.terrain();
    let mut out = [0.0; 2];
    for (r, &bases) in terrain.regions.iter().enumerate() {
        let medals = table.region_medals[r] as f64;
        if medals == 0.0 {
            continue;
        }
        let k = bases.count_ones() as f64;
        for seat in 0..2 {
            let mine = (occupied[seat] & bases).count_ones() as f64;
            let theirs = (occupied[1 - seat] & bases).count_ones() as f64;
            let share = (mine - 0.5 * theirs).max(0.0) / k;
            out[seat] += medals * share * share;
        }
    }
    out
}

/// Strength of the top Troops each seat holds on the Terrain (strong tops are hard to cover),
/// counted by Troop type from the top masks: the sum is of small whole numbers, exact in any
/// order.
fn top_strength(table: &Table) -> [f64; 2] {
    table.tops().map(|seat| {
        let mut sum = 0.0;
        for troop in Troop::ALL {
            let weight = match troop {
                Troop::Kwak => 2.0,
                t => t as u8 as f64,
            };
            sum += weight * seat[troop as usize].count_ones() as f64;
        }
        sum
    })
}

/// Heuristic chance that `seat` wins (§9): Medals toward the objective, regions in prospect,
/// H.Q. threats (decisive for the seat to move), Troops left to play and board strength.
pub(super) fn evaluate(s: &ToyBattleState, seat: Seat) -> f64 {
    if let Some(end) = s.end {
        return if end.winner as usize == seat {
            1.0
        } else {
            0.0
        };
    }
    let table = &s.table;
    let target = table.terrain().spec.medal_target as f64;
    let occupied = table.occupancy();
    let reach = [table.reach(0), table.reach(1)];
    let me = seat;
    let them = 1 - seat;
    let medals = [table.medals[0] as f64, table.medals[1] as f64];
    let prospect = prospects(table, occupied);

    let mut x = 0.0;
    // Medals: closeness to the objective counts more as it nears.
    let progress = |m: f64| {
        let f = (m / target).min(1.0);
        f + f * f
    };
    x += 2.2 * (progress(medals[me]) - progress(medals[them]));
    x += 1.1 * (prospect[me] - prospect[them]) / target;

    // H.Q. threats: whoever moves next with a threat almost surely wins.
    let mover_main = s.phase == Phase::Main;
    let threat = [hq_threat(s, 0, reach[0]), hq_threat(s, 1, reach[1])];
    let next = if mover_main { s.mover } else { 1 - s.mover };
    if threat[next] {
        x += if next == me { 3.0 } else { -3.0 };
    }
    if threat[1 - next] {
        x += if 1 - next == me { 0.8 } else { -0.8 };
    }

    // Territory: bases reachable and held.
    let bases = table.terrain().bases;
    let held = |s: Seat| (occupied[s] & bases).count_ones() as f64;
    let reached = |s: Seat| (reach[s] & bases).count_ones() as f64;
    x += 0.06 * (held(me) - held(them)) + 0.03 * (reached(me) - reached(them));
    let strength = top_strength(table);
    x += 0.015 * (strength[me] - strength[them]);

    // Troops still to play.
    let stock = |seat: Seat| {
        let a = &s.armies[seat];
        a.rack.size() as f64 + 0.5 * a.reserve.len() as f64
    };
    x += 0.025 * (stock(me) - stock(them));
    let rack = |seat: Seat| s.armies[seat].rack.size() as f64;
    x += 0.04 * (rack(me).min(4.0) - rack(them).min(4.0));

    1.0 / (1.0 + (-x).exp())
}

/// Score of one action for the playout policy (higher is better); cheap, no state copy.
fn score(s: &ToyBattleState, action: &ToyBattleAction, ctx: &mut Context) -> f64 {
    use ToyBattleAction as A;
    let table = &s.table;
    let terrain = table.terrain();
    let me = s.mover;
    match *action {
        A::Draw => {
            let rack = s.armies[me].rack.size();
            if rack <= 1 {
                2.5
            } else if rack <= 3 {
                1.0
            } else {
                0.2
            }
        }
        A::Place { troop, node } | A::CapnPlace { troop, node } => {
            let Some(i) = terrain.index_of(node) else {
                return 0.0;
            };
            let (enemy_hqs, shields) = (ctx.enemy_hqs, table.shields());
            placement_score(i, troop_spend(troop), enemy_hqs, shields, || {
                ctx.node_score(s, i)
            })
        }
        A::SkullyDraw | A::StarDraw | A::CloudsDraw | A::Xb42Discard | A::Snipe => 5.0,
        A::JumboDiscard { node } => {
            let Some(i) = terrain.index_of(node) else {
                return 0.0;
            };
            let strength = table.top(i).map_or(0.0, |t| t.troop as u8 as f64);
            let mut v = 5.0 + strength;
            let stack = &table.stacks()[i];
            let below_theirs = stack.len() >= 2 && stack[stack.len() - 2].owner as usize != me;
            let theirs = table.occupied(1 - me);
            let threat = hq_threat(s, 1 - me, table.reach(1 - me));
            if threat && !below_theirs && !still_threatened(s, theirs & !(1 << i)) {
                v += 40.0;
            }
            v
        }
        A::Retreat { .. } => 0.0,
        A::Raise { troop } => 4.0 + troop as u8 as f64 * 0.2,
        A::Erupt { .. } => 3.0,
        A::Skip => 0.1,
        A::Xb42Hit { .. } | A::Freeze { .. } => 0.0,
    }
}

/// [`score`] of a placement on node index `i`: an enemy H.Q. taken wins at once; else the node's
/// Troop-independent score (`node`, asked only then), what spending the Troop costs (`spend`,
/// [`troop_spend`]) and a shielded base's penalty.
#[inline(always)]
fn placement_score(
    i: usize,
    spend: f64,
    enemy_hqs: u32,
    shields: u32,
    node: impl FnOnce() -> f64,
) -> f64 {
    if enemy_hqs & (1 << i) != 0 {
        return 1000.0;
    }
    let mut v = node() + spend;
    if shields & (1 << i) != 0 {
        v -= 0.3;
    }
    v
}

/// Spend weak Troops early, keep strong ones for covering: a placement's score by its Troop.
fn troop_spend(troop: Troop) -> f64 {
    match troop {
        Troop::Kwak => -0.3,
        Troop::Roxy | Troop::Star => -0.2,
        _ => 0.0,
    }
}

/// Whether the opponent of the mover would still reach our H.Q. holding only `theirs`.
fn still_threatened(s: &ToyBattleState, theirs: u32) -> bool {
    let them = 1 - s.mover;
    hq_threat(s, them, s.table.reach_over(them, theirs))
}

struct Context {
    occupied: [u32; 2],
    reach: [u32; 2],
    /// The opponent could capture our H.Q. on its next turn.
    threatened: bool,
    /// The H.Q.s of the mover's opponent.
    enemy_hqs: u32,
    /// The regions that still hold Medals (only while the mover places a Troop).
    live_regions: u32,
    /// By node index, the part of a placement's score that does not depend on the Troop, for
    /// the nodes in `scored`: a playout step offers each node for several Troops, and the
    /// regions and the threat test are the costly part.
    node_scores: [f64; 32],
    scored: u32,
}

impl Context {
    fn new(occupied: [u32; 2], reach: [u32; 2], threatened: bool, enemy_hqs: u32) -> Self {
        Context {
            occupied,
            reach,
            threatened,
            enemy_hqs,
            live_regions: 0,
            node_scores: [0.0; 32],
            scored: 0,
        }
    }

    /// [`node_score`] of node `i`, computed once per context.
    fn node_score(&mut self, s: &ToyBattleState, i: usize) -> f64 {
        let bit = 1u32 << i;
        if self.scored & bit == 0 {
            self.node_scores[i] = node_score(s, i, self);
            self.scored |= bit;
        }
        self.node_scores[i]
    }
}

/// The Troop-independent score of a placement of the mover on node `i` (not an enemy H.Q.):
/// regions completed or advanced, an enemy top covered, a threat to the enemy H.Q.
#[inline(always)]
fn node_score(s: &ToyBattleState, i: usize, ctx: &Context) -> f64 {
    let table = &s.table;
    let terrain = table.terrain();
    let me = s.mover;
    let bit = 1u32 << i;
    let mut v = 0.5;
    // Regions completed or advanced.
    let mine = ctx.occupied[me] | bit;
    // Only the regions that still hold Medals.
    let mut regions = terrain.regions_at[i] & ctx.live_regions;
    while regions != 0 {
        let r = regions.trailing_zeros() as usize;
        regions &= regions - 1;
        let bases = terrain.regions[r];
        let medals = table.region_medals[r] as f64;
        if mine & bases == bases {
            v += 40.0 * medals;
        } else if ctx.occupied[1 - me] & bases & !bit == 0 {
            v += 0.6 * medals * (mine & bases).count_ones() as f64 / terrain.region_sizes[r];
        }
    }
    if let Some(top) = table.top(i) {
        if top.owner as usize != me {
            v += 1.5 + 0.2 * top.troop as u8 as f64;
            // Covering a link of the enemy chain that reaches our H.Q. blocks it.
            if ctx.threatened && !still_threatened(s, ctx.occupied[1 - me] & !bit) {
                v += 40.0;
            }
        } else {
            v -= 1.0;
        }
    }
    // A connected Troop next to the enemy H.Q. threatens to capture next turn.
    if ctx.reach[me] & bit != 0 && terrain.adjacent[i] & ctx.enemy_hqs != 0 {
        v += 6.0;
    }
    v
}

/// What the scores of one playout step share: the board masks (only while the mover places a
/// Troop) and no node scored yet.
fn context(s: &ToyBattleState) -> Context {
    let table = &s.table;
    let me = s.mover;
    let placing = matches!(
        s.phase,
        Phase::Main
            | Phase::Effect {
                troop: Troop::Capn,
                ..
            }
    );
    let enemy_hqs = table.hqs(1 - me);
    if !placing {
        return Context::new([0; 2], [0; 2], false, enemy_hqs);
    }
    let occupied = table.occupancy();
    let reach = [table.reach(0), table.reach(1)];
    let threatened = hq_threat(s, 1 - me, reach[1 - me]);
    let mut ctx = Context::new(occupied, reach, threatened, enemy_hqs);
    for (r, &medals) in table.region_medals.iter().enumerate() {
        if medals > 0 {
            ctx.live_regions |= 1 << r;
        }
    }
    ctx
}

/// Playout policy: an immediate win when there is one, otherwise mostly the best-scored action
/// with some noise so playouts vary.
pub(super) fn rollout_action(
    s: &ToyBattleState,
    legal: &[ToyBattleAction],
    rng: &mut Rng,
) -> ToyBattleAction {
    if legal.len() == 1 {
        return legal[0];
    }
    if random_bool(rng, 0.15) {
        return legal[rng.random_range(0..legal.len())];
    }
    let mut ctx = context(s);
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    for a in legal {
        let v = score(s, a, &mut ctx) + rng.random::<f64>() * 0.8;
        if v > best_score {
            best_score = v;
            best = *a;
        }
    }
    best
}

/// [`rollout_action`] for a turn's main placement (§5) and Cap'n's extra one, without listing
/// the legal actions: the same actions in the same order (as `ToyBattleState::actions` lists
/// them), the same scores and the same random draws, so a playout goes exactly as through the
/// list, only faster (listing was a tenth of a search). `None` at any other prompt, or with no
/// legal action: the list decides those.
pub(super) fn quick_rollout_action(s: &ToyBattleState, rng: &mut Rng) -> Option<ToyBattleAction> {
    // A turn's placement: Draw first when the reserve allows, then the placements. Cap'n's
    // extra placement (§6.3): the placements, then Skip.
    let (draw, capn) = match s.phase {
        Phase::Main => (s.draw_count(s.mover, 2) >= 1, false),
        Phase::Effect {
            troop: Troop::Capn, ..
        } => (false, true),
        _ => return None,
    };
    let place = |troop: Troop, i: usize| {
        let node = s.terrain().id(i);
        if capn {
            ToyBattleAction::CapnPlace { troop, node }
        } else {
            ToyBattleAction::Place { troop, node }
        }
    };
    let targets = s.placement_targets();
    let placements: usize = targets.iter().map(|m| m.count_ones() as usize).sum();
    let count = usize::from(draw) + placements + usize::from(capn);
    // The k-th action of the list.
    let nth = |k: usize| -> ToyBattleAction {
        if draw && k == 0 {
            return ToyBattleAction::Draw;
        }
        let mut k = k - usize::from(draw);
        for troop in Troop::ALL {
            let mask = targets[troop as usize];
            let n = mask.count_ones() as usize;
            if k < n {
                let mut m = mask;
                for _ in 0..k {
                    m &= m - 1;
                }
                return place(troop, m.trailing_zeros() as usize);
            }
            k -= n;
        }
        debug_assert!(capn && k == 0, "k is below the count of actions");
        ToyBattleAction::Skip
    };
    match count {
        0 => return None,
        1 => return Some(nth(0)),
        _ => {}
    }
    if random_bool(rng, 0.15) {
        return Some(nth(rng.random_range(0..count)));
    }
    let mut ctx = context(s);
    let mut best = None;
    let mut best_score = f64::NEG_INFINITY;
    if draw {
        let a = ToyBattleAction::Draw;
        let v = score(s, &a, &mut ctx) + rng.random::<f64>() * 0.8;
        if v > best_score {
            best_score = v;
            best = Some(a);
        }
    }
    // What placement_score reads, read once per step, and each node's Troop-independent
    // score worked out once for all its Troops.
    let shields = s.table.shields();
    let mut node_scores = [0.0f64; 32];
    let mut nodes = targets.iter().fold(0, |m, t| m | t) & !ctx.enemy_hqs;
    while nodes != 0 {
        let i = nodes.trailing_zeros() as usize;
        nodes &= nodes - 1;
        node_scores[i] = node_score(s, i, &ctx);
    }
    for troop in Troop::ALL {
        let mut m = targets[troop as usize];
        let spend = troop_spend(troop);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let base = placement_score(i, spend, ctx.enemy_hqs, shields, || node_scores[i]);
            let v = base + rng.random::<f64>() * 0.8;
            if v > best_score {
                best_score = v;
                best = Some(place(troop, i));
            }
        }
    }
    if capn {
        let a = ToyBattleAction::Skip;
        let v = score(s, &a, &mut ctx) + rng.random::<f64>() * 0.8;
        if v > best_score {
            best = Some(a);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chance_rng;
    use crate::games::toy_battle::tests::walk_random_games;

    /// Over random games on every Terrain: each action scores the same through a context that
    /// already scored the actions before it (its node cache filled) as through a fresh one.
    #[test]
    fn cached_node_scores_equal_scores_from_scratch() {
        let mut checked = 0;
        walk_random_games(200, 7, |_, m, legal| {
            let s = m.state();
            let mut shared = context(s);
            for a in legal {
                let cached = score(s, a, &mut shared);
                let fresh = score(s, a, &mut context(s));
                assert_eq!(cached.to_bits(), fresh.to_bits(), "{a:?}");
                checked += 1;
            }
        });
        assert!(checked > 10_000, "{checked}");
    }

    /// Over random games on every Terrain: the playout move drawn without the list is the move
    /// drawn through it, with the same random draws (the generators end equal), at every
    /// prompt where it answers; it answers at every placement with an action to take.
    #[test]
    fn quick_playout_moves_equal_moves_through_the_list() {
        use rand::RngCore;
        let mut compared = 0;
        walk_random_games(120, 11, |g, m, legal| {
            let s = m.state();
            for k in 0..4u64 {
                let mut listed = chance_rng(g * 31 + k, m.record().actions.len());
                let mut quick = listed.clone();
                match quick_rollout_action(s, &mut quick) {
                    Some(a) => {
                        assert_eq!(a, rollout_action(s, legal, &mut listed));
                        assert_eq!(quick.next_u64(), listed.next_u64());
                        compared += 1;
                    }
                    None => assert!(
                        !matches!(
                            s.phase,
                            Phase::Main
                                | Phase::Effect {
                                    troop: Troop::Capn,
                                    ..
                                }
                        ) || legal.is_empty()
                    ),
                }
            }
        });
        assert!(compared > 5_000, "{compared}");
    }
}
