//! The game log (§11): one plain line per action, in English or Hungarian.
//!
//! No line ever names a Troop that is secret to anyone: a draw says only how many Troops were
//! drawn and a freeze only that one Troop was frozen, even to the player who drew or whose
//! Troop froze. Reason: in pass-and-play the table keeps the previous player's log on the page
//! while the hand-off screen shows, so a line meant for one seat would sit in the page the next
//! player holds. The owner sees those Troops on their own rack anyway.

use super::rules::{
    End, EndReason, Phase, ToyBattle, ToyBattleAction, ToyBattleState, Troop, TURN_LIMIT,
};
use super::terrain::Power;
use crate::engine::Game;
use crate::i18n::Lang;
use crate::t;

/// The case a node name is needed in (Hungarian marks it with a suffix).
#[derive(Clone, Copy)]
enum Case {
    Onto,
    From,
}

fn node_name(s: &ToyBattleState, id: u8, case: Case, lang: Lang) -> String {
    let table = &s.table;
    match table.terrain().index_of(id).and_then(|i| table.hq_owner(i)) {
        Some(owner) => match case {
            Case::Onto => t!(
                lang,
                "@{owner}'s H.Q. ({id})",
                "@{owner} főhadiszállására ({id})"
            ),
            Case::From => t!(
                lang,
                "@{owner}'s H.Q. ({id})",
                "@{owner} főhadiszállásáról ({id})"
            ),
        },
        None => match case {
            Case::Onto => t!(lang, "base {id}", "a {id}. bázisra"),
            Case::From => t!(lang, "base {id}", "a {id}. bázisról"),
        },
    }
}

fn drew(count: u8, lang: Lang) -> String {
    if count == 1 {
        t!(lang, "drew 1 Troop", "1 egységet húzott")
    } else {
        t!(lang, "drew {count} Troops", "{count} egységet húzott")
    }
}

/// How a placement is told: the main placement puts a Troop *on* a node, Cap'n *sends* one *to*
/// it.
#[derive(Clone, Copy)]
enum Verb {
    On,
    To,
}

/// What the mover places on a node, with what it covers: an enemy Troop is covered, one's own
/// is only stacked upon (§5: always allowed, no strength needed).
fn placing(s: &ToyBattleState, troop: Troop, node: u8, verb: Verb, lang: Lang) -> String {
    let table = &s.table;
    let index = table.terrain().index_of(node);
    let name = troop.name();
    let place = node_name(s, node, Case::Onto, lang);
    let mut line = match verb {
        Verb::On => t!(lang, "{name} on {place}", "{name} → {place}"),
        Verb::To => t!(lang, "{name} to {place}", "{name} → {place}"),
    };
    if let Some(i) = index {
        if table.hq_owner(i).is_some_and(|o| o != s.mover) {
            line.push_str(&t!(lang, ": H.Q. captured!", ": a főhadiszállás elesett!"));
        } else if let Some(top) = table.top(i) {
            let under = top.troop.name();
            if top.owner as usize == s.mover {
                line.push_str(&t!(
                    lang,
                    ", on top of their own {under}",
                    ", a saját egysége ({under}) fölé"
                ));
            } else {
                line.push_str(&t!(
                    lang,
                    ", covering @{}'s {under}",
                    ", letakarva @{} egységét ({under})",
                    top.owner
                ));
            }
        }
    }
    line
}

/// What the action led to, as everyone sees it: the regions whose Medals were taken (§8) and
/// the end of the game with its reason (§9).
fn aftermath(before: &ToyBattleState, after: &ToyBattleState, lang: Lang) -> String {
    let mut out = String::new();
    let spec = before.terrain().spec;
    for (r, region) in spec.regions.iter().enumerate() {
        let (Some(None), Some(Some(seat))) = (
            before.table.region_taker.get(r),
            after.table.region_taker.get(r),
        ) else {
            continue;
        };
        let n = region.medals;
        let bases = region
            .bases
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        out += &if n == 1 {
            t!(
                lang,
                ". @{seat} took the Medal of a region (bases {bases})",
                ". @{seat} elvitte egy terület érmét (bázisok: {bases})"
            )
        } else {
            t!(
                lang,
                ". @{seat} took the {n} Medals of a region (bases {bases})",
                ". @{seat} elvitte egy terület {n} érmét (bázisok: {bases})"
            )
        };
    }
    if before.end.is_none() {
        if let Some(end) = after.end {
            out += &end_words(after, end, lang);
        }
    }
    out
}

/// §9: who won and why, in a form that reads right for any name (past tense).
fn end_words(s: &ToyBattleState, end: End, lang: Lang) -> String {
    let w = end.winner as usize;
    let medals = s.table.medals;
    match end.reason {
        // After "H.Q. captured!".
        EndReason::Capture { .. } => t!(lang, " @{w} won", " @{w} nyert"),
        EndReason::Medals => {
            let (m, target) = (medals[w], s.terrain().spec.medal_target);
            t!(
                lang,
                ". @{w} reached the Medal objective ({m} of {target}) and won",
                ". @{w} elérte az éremcélt ({m}/{target}), és nyert"
            )
        }
        EndReason::Stall { stalled } | EndReason::TurnLimit { stalled } => {
            let stuck = stalled as usize;
            let why = match end.reason {
                EndReason::TurnLimit { .. } => t!(
                    lang,
                    ". The turn limit ({TURN_LIMIT}) is reached, scored as if @{stuck} were stuck",
                    ". Elérték a körhatárt ({TURN_LIMIT}): úgy számít, mintha @{stuck} elakadt volna"
                ),
                _ => t!(
                    lang,
                    ". @{stuck} can neither draw nor place",
                    ". @{stuck} nem tud sem húzni, sem lerakni"
                ),
            };
            let (a, b) = (medals[w], medals[1 - w]);
            why + &if a == b {
                t!(
                    lang,
                    ": the Medals are tied {a} to {b}, and a tie goes against @{stuck}: @{w} won",
                    ": az érmek egyenlők ({a}:{b}), a döntetlen @{stuck} ellen szól: @{w} nyert"
                )
            } else {
                t!(
                    lang,
                    ": @{w} won with more Medals, {a} to {b}",
                    ": @{w} nyert, több éremmel ({a}:{b})"
                )
            }
        }
    }
}

fn pending_name(s: &ToyBattleState, lang: Lang) -> String {
    let (en, hu) = match s.phase {
        Phase::Effect { troop, .. } => match troop {
            Troop::Skully => ("Skully's draw", "Skully húzását"),
            Troop::Star => ("Star's draw", "Star húzását"),
            Troop::Capn => ("Cap'n's extra placement", "Cap'n extra lerakását"),
            Troop::Jumbo => ("Jumbo's discard", "Jumbo dobását"),
            Troop::Xb42 => ("XB-42's strike", "XB-42 csapását"),
            _ => ("the effect", "a hatást"),
        },
        Phase::Base { .. } => match s.table.terrain().spec.power {
            Power::Retreat => ("the Retreat", "a visszavonulást"),
            Power::CloudsDraw => ("the cloud draw", "a felhőhúzást"),
            Power::Eruption => ("the Eruption", "a kitörést"),
            Power::Raise => ("the Raise", "a feltámasztást"),
            Power::Sniper => ("the Sniper", "a mesterlövészt"),
            _ => ("the special base", "a különleges bázist"),
        },
        _ => ("nothing", "semmit"),
    };
    lang.pick(en, hu).to_string()
}

/// The top Troop's name on a node, or a generic word.
fn top_name(s: &ToyBattleState, node: u8, lang: Lang) -> String {
    s.table
        .terrain()
        .index_of(node)
        .and_then(|i| s.table.top(i))
        .map_or_else(
            || lang.pick("a Troop", "egy egység").to_string(),
            |t| t.troop.name().to_string(),
        )
}

pub(super) fn describe(s: &ToyBattleState, action: &ToyBattleAction, lang: Lang) -> String {
    let line = action_words(s, action, lang);
    let mut after = s.clone();
    match ToyBattle::apply(&mut after, action) {
        Ok(()) => line + &aftermath(s, &after, lang),
        Err(_) => line,
    }
}

/// The action itself, from the state before it.
fn action_words(s: &ToyBattleState, action: &ToyBattleAction, lang: Lang) -> String {
    use ToyBattleAction as A;
    let me = s.mover;
    let them = 1 - me;
    match *action {
        A::Draw => format!("@{me} {}", drew(s.draw_count(me, 2), lang)),
        A::Place { troop, node } => t!(
            lang,
            "@{me} placed {}",
            "@{me} lerakta: {}",
            placing(s, troop, node, Verb::On, lang)
        ),
        A::SkullyDraw => t!(
            lang,
            "@{me}'s Skully: {}",
            "@{me} Skullyja: {}",
            drew(s.draw_count(me, 2), lang)
        ),
        A::StarDraw => t!(lang, "@{me}'s Star: {}", "@{me} Starja: {}", drew(1, lang)),
        A::CloudsDraw => t!(
            lang,
            "@{me}'s cloud base: {}",
            "@{me} felhőbázisa: {}",
            drew(1, lang)
        ),
        A::CapnPlace { troop, node } => t!(
            lang,
            "@{me}'s Cap'n sends {}",
            "@{me} Cap'nja küldi: {}",
            placing(s, troop, node, Verb::To, lang)
        ),
        A::JumboDiscard { node } => t!(
            lang,
            "@{me}'s Jumbo discards @{them}'s {} from {}",
            "@{me} Jumbója eldobja @{them} egységét ({}) {}",
            top_name(s, node, lang),
            node_name(s, node, Case::From, lang)
        ),
        A::Xb42Discard => t!(
            lang,
            "@{me}'s XB-42 strikes @{them}'s rack",
            "@{me} XB-42-je lecsap @{them} tartójára"
        ),
        A::Xb42Hit { troop, .. } => t!(
            lang,
            "XB-42 hits @{them}'s {}: discarded",
            "XB-42 eltalálta @{them} egységét ({}): eldobva",
            troop.name()
        ),
        A::Retreat { node } => t!(
            lang,
            "@{me} retreats {} from {} to the rack",
            "@{me} visszavonja: {} {} a tartóra",
            top_name(s, node, lang),
            node_name(s, node, Case::From, lang)
        ),
        A::Erupt { from, to } => t!(
            lang,
            "Eruption! @{them}'s {} is thrown from {} onto {}",
            "Kitörés! @{them} egysége ({}) {} {} repül",
            top_name(s, from, lang),
            node_name(s, from, Case::From, lang),
            node_name(s, to, Case::Onto, lang)
        ),
        A::Raise { troop } => t!(
            lang,
            "@{me} raises {} from the discard to the rack",
            "@{me} feltámasztja: {} a dobópakliból a tartóra",
            troop.name()
        ),
        A::Snipe => t!(
            lang,
            "@{me}'s sniper aims at @{them}'s rack",
            "@{me} mesterlövésze @{them} tartójára céloz"
        ),
        A::Freeze { .. } => t!(
            lang,
            "one Troop on @{them}'s rack is frozen",
            "@{them} tartóján egy egység befagyott"
        ),
        A::Skip => t!(
            lang,
            "@{me} skips {}",
            "@{me} kihagyja {}",
            pending_name(s, lang)
        ),
    }
}
