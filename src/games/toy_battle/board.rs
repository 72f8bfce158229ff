//! Toy Battle's table (toy-battle.md): the Terrain as SVG (regions shaded with their Medals,
//! paths, bases, H.Q.s, special bases with their power, stacks), the viewer's rack, the two
//! armies' counts, the discard pile, a stack inspector and the pending choice as a prompt above
//! the Terrain.
//!
//! Readings where the spec is silent about the screen:
//! - The Terrain is turned so the viewer's H.Q. is on their side: on the left in landscape (a
//!   half turn for red), at the bottom in portrait (a quarter turn), which keeps a phone's
//!   Troops large. Only rotations, never mirror images, so the board stays true to the print
//!   (D11).
//! - A tap on a base that is not a target, or hovering it, opens its stack in the inspector;
//!   covered Troops also peek out under the top one, with the stack height on a badge.
//! - The Eruption (one action `erupt {from, to}`) takes two taps: the enemy Troop, then where it
//!   lands. The first tap is a UI step and carries `data-legal`, as the UI contract asks.

use super::{
    Change, Colour, EndReason, Phase, Power, Prompt, TerrainChoice, TerrainKey, ToyBattle,
    ToyBattleAction as A, ToyBattleOptions, ToyBattleView, Troop,
};
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::t;
use crate::ui::{
    activate_on_key, each_once, fresh_changes, review_notes, svg_marks, use_lang, BoardProps, Cue,
    Decimal, GameUi, SeatLook, SeatSpec, LOOKS,
};
use leptos::prelude::*;

// The Troops' pictures, beside this file (the module list in mod.rs is the rules' own).
#[path = "toys.rs"]
mod toys;

/// Token size (SVG units) of a top Troop on the Terrain; bases are 119+ units apart (§10).
const TOKEN: f64 = 62.0;
const BASE_R: f64 = 38.0;
const HQ_R: f64 = 42.0;

/// Blue carries the diamond, red the disc (§2: colours also differ in shape).
fn tb_look(v: &ToyBattleView, seat: Seat) -> SeatLook {
    match v.table.colour(seat) {
        Colour::Blue => LOOKS[1],
        Colour::Red => LOOKS[0],
    }
}

fn colour_look(colour: Colour) -> SeatLook {
    match colour {
        Colour::Blue => LOOKS[1],
        Colour::Red => LOOKS[0],
    }
}

fn strength_label(t: Troop) -> String {
    t.strength()
        .map_or_else(|| "X".to_string(), |s| s.to_string())
}

/// "Roxy (7)", "Kwak (X)".
fn troop_label(t: Troop) -> String {
    format!("{} ({})", t.name(), strength_label(t))
}

fn terrain_name(key: TerrainKey, lang: Lang) -> &'static str {
    let (en, hu) = match key {
        TerrainKey::Castle => ("Castle Field", "Vármező"),
        TerrainKey::Pool => ("Tropical Pool", "Trópusi medence"),
        TerrainKey::Clouds => ("City of Clouds", "Felhőváros"),
        TerrainKey::Jungle => ("Volcanic Jungle", "Vulkáni dzsungel"),
        TerrainKey::Cemetery => ("Cursed Cemetery", "Átkozott temető"),
        TerrainKey::Caribbean => ("Caribbean Sea", "Karib-tenger"),
        TerrainKey::MetalX => ("Station Metal-X", "Metal-X állomás"),
        TerrainKey::Battlefield => ("Battlefield", "Csatamező"),
    };
    lang.pick(en, hu)
}

fn choice_key(c: TerrainChoice) -> &'static str {
    match c {
        TerrainChoice::Castle => "castle",
        TerrainChoice::Pool => "pool",
        TerrainChoice::Clouds => "clouds",
        TerrainChoice::Jungle => "jungle",
        TerrainChoice::Cemetery => "cemetery",
        TerrainChoice::Caribbean => "caribbean",
        TerrainChoice::MetalX => "metalx",
        TerrainChoice::Battlefield => "battlefield",
        TerrainChoice::Random => "random",
    }
}

fn choice_name(c: TerrainChoice, lang: Lang) -> String {
    match c.key() {
        Some(key) => {
            let power = power_name(key.terrain().spec.power, lang);
            format!("{} · {power}", terrain_name(key, lang))
        }
        None => lang.pick("Random Terrain", "Véletlen terep").to_string(),
    }
}

fn power_name(p: Power, lang: Lang) -> &'static str {
    let (en, hu) = match p {
        Power::Retreat => ("Retreat", "Visszavonulás"),
        Power::PoolLimits => ("value limits", "értékkorlátok"),
        Power::CloudsDraw => ("Draw 1", "Húzz 1-et"),
        Power::Eruption => ("Eruption", "Kitörés"),
        Power::Raise => ("Raise", "Feltámasztás"),
        Power::None => ("no special bases", "nincs különleges bázis"),
        Power::Shield => ("Shield", "Pajzs"),
        Power::Sniper => ("Sniper", "Mesterlövész"),
    };
    lang.pick(en, hu)
}

/// How the 1000 × 700 canvas is turned for the viewer (rotations only).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Orient {
    Straight,
    HalfTurn,
    /// A quarter turn counter-clockwise: blue (left) comes to the bottom.
    Ccw,
    /// A quarter turn clockwise: red (right) comes to the bottom.
    Cw,
}

impl Orient {
    fn of(viewer: Colour, portrait: bool) -> Orient {
        match (viewer, portrait) {
            (Colour::Blue, false) => Orient::Straight,
            (Colour::Red, false) => Orient::HalfTurn,
            (Colour::Blue, true) => Orient::Ccw,
            (Colour::Red, true) => Orient::Cw,
        }
    }

    fn at(self, x: i16, y: i16) -> (f64, f64) {
        let (x, y) = (f64::from(x), f64::from(y));
        match self {
            Orient::Straight => (x, y),
            Orient::HalfTurn => (1000.0 - x, 700.0 - y),
            Orient::Ccw => (y, 1000.0 - x),
            Orient::Cw => (700.0 - y, x),
        }
    }

    fn size(self) -> (f64, f64) {
        match self {
            Orient::Straight | Orient::HalfTurn => (1000.0, 700.0),
            Orient::Ccw | Orient::Cw => (700.0, 1000.0),
        }
    }
}

fn is_portrait() -> bool {
    let w = window()
        .inner_width()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(1000.0);
    let h = window()
        .inner_height()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(700.0);
    w < h && w < 820.0
}

/// The tile's outline: a disc for red, a rounded square for blue.
fn tile_shape(colour: Colour, x: f64, y: f64, s: f64, class: &'static str) -> AnyView {
    let fill = format!("{class} tb-fill-{}", colour.name());
    match colour {
        Colour::Red => view! { <circle class=fill cx=Decimal(x) cy=Decimal(y) r=Decimal(s / 2.0)></circle> }.into_any(),
        Colour::Blue => view! {
            <rect class=fill x=Decimal(x - s / 2.0) y=Decimal(y - s / 2.0) width=Decimal(s) height=Decimal(s) rx=Decimal(s * 0.2)></rect>
        }
        .into_any(),
    }
}

/// A Troop tile: its colour and shape, its toy and, on a badge in the lower right corner, its
/// strength.
fn token(t: Troop, colour: Colour, x: f64, y: f64, s: f64) -> impl IntoView {
    // The toy's box (100 units) fills most of the tile, a little up and left of the badge.
    let toy_at = format!(
        "translate({:.1},{:.1}) scale({:.4})",
        Decimal(x - s * 0.06),
        Decimal(y - s * 0.07),
        Decimal(s * 0.0068)
    );
    let (bx, by) = (x + s * 0.31, y + s * 0.31);
    view! {
        <g class="tb-token">
            {tile_shape(colour, x, y, s, "tb-tile")}
            <g transform=toy_at>{toys::toy_with_halo(t)}</g>
            <circle class="tb-badge" cx=Decimal(bx) cy=Decimal(by) r=Decimal(s * 0.21)></circle>
            <text class="tb-strength" x=Decimal(bx) y=Decimal(by + s * 0.123) font-size=Decimal(s * 0.35) text-anchor="middle">
                {strength_label(t)}
            </text>
        </g>
    }
}

/// A tile as a small standalone picture (rack, discard, inspector).
fn token_svg(t: Troop, colour: Colour, class: &'static str) -> impl IntoView {
    view! {
        <svg class=format!("tb-chip {class}") viewBox="-33 -33 66 66" aria-hidden="true">
            {token(t, colour, 0.0, 0.0, 62.0)}
        </svg>
    }
}

/// The back of a tile (the opponent's rack), frozen or not.
fn back_svg(colour: Colour, frozen: bool) -> impl IntoView {
    view! {
        <svg class="tb-chip tb-back" class:tb-frozen=frozen viewBox="-33 -33 66 66" aria-hidden="true">
            {tile_shape(colour, 0.0, 0.0, 62.0, "tb-tile tb-tile-back")}
            <text class="tb-back-mark" x="0" y="12" text-anchor="middle" font-size="34">
                {if frozen { "❄" } else { colour_look(colour).mark }}
            </text>
        </svg>
    }
}

/// The picture of a special base's power, in a box from -10 to 10.
fn power_glyph(p: Power) -> AnyView {
    match p {
        Power::Retreat => view! {
            <path d="M7,6 V-1 A4,4 0 0 0 3,-5 H-3 V-9 L-9,-3 L-3,3 V-1 H3 V6 Z" fill="#fff"></path>
        }
        .into_any(),
        Power::CloudsDraw => view! {
            <g fill="#fff">
                <circle cx="-4" cy="1" r="4.5"></circle>
                <circle cx="2" cy="-2" r="5.5"></circle>
                <circle cx="6" cy="2" r="3.5"></circle>
                <rect x="-8" y="1" width="15" height="5" rx="2.5"></rect>
            </g>
        }
        .into_any(),
        Power::Eruption => view! {
            <g>
                <polygon points="-9,8 -3,-3 3,-3 9,8" fill="#7a4a2a"></polygon>
                <polygon points="-3,-3 0,-9 3,-3" fill="#ff6a1a"></polygon>
                <polygon points="-3,-3 3,-3 1.5,1 -1.5,1" fill="#ffb21a"></polygon>
            </g>
        }
        .into_any(),
        Power::Raise => view! {
            <g>
                <path d="M-6,8 V-2 A6,6 0 0 1 6,-2 V8 Z" fill="#d8d4e0"></path>
                <path d="M0,-4 V4 M-3,-1 H3" stroke="#4a3d63" stroke-width="1.6"></path>
            </g>
        }
        .into_any(),
        Power::Shield => view! {
            <path d="M0,-9 L8,-6 L7,2 Q4,7 0,9 Q-4,7 -7,2 L-8,-6 Z" fill="#dfe7f0" stroke="#3b4a5a" stroke-width="1.2"></path>
        }
        .into_any(),
        Power::Sniper => view! {
            <g stroke="#fff" stroke-width="1.8" fill="none">
                <circle cx="0" cy="0" r="5.5"></circle>
                <path d="M0,-9 V-3 M0,3 V9 M-9,0 H-3 M3,0 H9"></path>
            </g>
        }
        .into_any(),
        Power::PoolLimits | Power::None => view! { <g></g> }.into_any(),
    }
}

/// What a tap on a node does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tap {
    Play(A),
    /// First step of the Eruption: pick the enemy Troop.
    EruptFrom(u8),
}

fn placement_troop(a: &A) -> Option<Troop> {
    match *a {
        A::Place { troop, .. } | A::CapnPlace { troop, .. } => Some(troop),
        _ => None,
    }
}

/// The legal action (or UI step) a tap on `node` performs now, if any.
fn node_tap(legal: &[A], selected: Option<Troop>, from: Option<u8>, node: u8) -> Option<Tap> {
    for a in legal {
        match *a {
            A::Place { troop, node: n } | A::CapnPlace { troop, node: n }
                if n == node && Some(troop) == selected =>
            {
                return Some(Tap::Play(*a));
            }
            A::JumboDiscard { node: n } | A::Retreat { node: n } if n == node => {
                return Some(Tap::Play(*a));
            }
            A::Erupt { from: f, to } if from == Some(f) && to == node => {
                return Some(Tap::Play(*a));
            }
            _ => {}
        }
    }
    let source = legal
        .iter()
        .any(|a| matches!(a, A::Erupt { from: f, .. } if *f == node));
    (source && from != Some(node)).then_some(Tap::EruptFrom(node))
}

/// Whether an action is played on `node`: where a Troop is placed, the enemy Troop Jumbo
/// discards or a Troop retreats from, and both taps of an Eruption (the Troop thrown, where it
/// lands). A placement's first tap, the rack Troop, is [`placement_troop`].
fn on_node(a: &A, node: u8) -> bool {
    match *a {
        A::Place { node: n, .. }
        | A::CapnPlace { node: n, .. }
        | A::JumboDiscard { node: n }
        | A::Retreat { node: n } => n == node,
        A::Erupt { from, to } => from == node || to == node,
        _ => false,
    }
}

/// The actions shown only as buttons above the Terrain or beside the rack (no base to mark).
fn is_button(a: &A) -> bool {
    matches!(
        a,
        A::Draw
            | A::SkullyDraw
            | A::StarDraw
            | A::CloudsDraw
            | A::Xb42Discard
            | A::Snipe
            | A::Skip
            | A::Raise { .. }
    )
}

/// The node whose effect is pending (the Troop just placed, or the special base).
fn trigger_node(v: &ToyBattleView) -> Option<u8> {
    match v.phase {
        Phase::Effect { node, .. } => Some(node),
        Phase::Base { index } => v.placed.get(index as usize).map(|p| p.node),
        _ => None,
    }
}

fn node_name(v: &ToyBattleView, id: u8, lang: Lang) -> String {
    let index = v.table.terrain().index_of(id);
    match index.and_then(|i| v.table.hq_owner(i)) {
        Some(owner) => {
            let colour = tb_look(v, owner).colour_name(lang);
            t!(
                lang,
                "{colour} H.Q. ({id})",
                "{colour} főhadiszállás ({id})"
            )
        }
        None => t!(lang, "Base {id}", "{id}. bázis"),
    }
}

/// "Red Jumbo (3)".
fn tile_words(v: &ToyBattleView, owner: u8, t: Troop, lang: Lang) -> String {
    let colour = tb_look(v, owner as Seat).colour_name(lang);
    format!("{colour} {}", troop_label(t))
}

fn stack_words(v: &ToyBattleView, id: u8, lang: Lang) -> String {
    let stack = v.table.stack(id);
    match stack.last() {
        None => lang.pick("empty", "üres").to_string(),
        Some(top) => {
            let top_words = tile_words(v, top.owner, top.troop, lang);
            if stack.len() == 1 {
                top_words
            } else {
                let n = stack.len();
                t!(
                    lang,
                    "{top_words} on top of a stack of {n}",
                    "{top_words} egy {n} egységből álló halom tetején"
                )
            }
        }
    }
}

/// The words of the pending choice (for the table's prompt and the banner).
fn prompt_text(v: &ToyBattleView, lang: Lang, selected: Option<Troop>, from: Option<u8>) -> String {
    let other = tb_look(v, 1 - v.seat).colour_name(lang);
    match v.prompt() {
        Prompt::Turn => match selected {
            Some(t) => t!(
                lang,
                "Place {}: tap a highlighted spot",
                "{} lerakása: koppints egy kiemelt helyre",
                troop_label(t)
            ),
            None => t!(
                lang,
                "Draw Troops, or pick a Troop on your rack to place it",
                "Húzz egységeket, vagy válassz egy egységet a tartódról, és tedd le"
            ),
        },
        Prompt::SkullyDraw { count: 1 } => {
            t!(lang, "Skully: draw 1 Troop?", "Skully: húzol 1 egységet?")
        }
        Prompt::SkullyDraw { count } => t!(
            lang,
            "Skully: draw {count} Troops?",
            "Skully: húzol {count} egységet?"
        ),
        Prompt::StarDraw => t!(lang, "Star: draw 1 Troop?", "Star: húzol 1 egységet?"),
        Prompt::CapnPlace => match selected {
            Some(t) => t!(
                lang,
                "Cap'n: place {} on a highlighted spot",
                "Cap'n: tedd le ezt: {}, egy kiemelt helyre",
                troop_label(t)
            ),
            None => t!(
                lang,
                "Cap'n: place one more Troop from your rack, or skip",
                "Cap'n: tegyél le még egy egységet a tartódról, vagy hagyd ki"
            ),
        },
        Prompt::JumboDiscard => t!(
            lang,
            "Jumbo: tap an enemy Troop next to Jumbo to discard it, or skip",
            "Jumbo: koppints egy szomszédos ellenséges egységre, hogy eldobd, vagy hagyd ki"
        ),
        Prompt::Xb42Discard => t!(
            lang,
            "XB-42: discard a random Troop from {other}'s rack?",
            "XB-42: eldobsz egy véletlen egységet az ellenfél ({other}) tartójáról?"
        ),
        Prompt::Retreat => t!(
            lang,
            "Retreat: tap another Troop of yours to take it back to your rack, or skip",
            "Visszavonulás: koppints egy másik egységedre, hogy visszavedd a tartódra, vagy hagyd ki"
        ),
        Prompt::CloudsDraw => t!(
            lang,
            "Cloud base: draw 1 Troop?",
            "Felhőbázis: húzol 1 egységet?"
        ),
        Prompt::Eruption => match from {
            Some(f) => t!(
                lang,
                "Eruption: tap the base where the Troop from {f} lands",
                "Kitörés: koppints a bázisra, ahová a {f}. bázis egysége repül"
            ),
            None => t!(
                lang,
                "Eruption: tap an enemy Troop next to the volcano, or skip",
                "Kitörés: koppints egy ellenséges egységre a vulkán mellett, vagy hagyd ki"
            ),
        },
        Prompt::Raise => t!(
            lang,
            "Raise: take one of your discarded Troops back to your rack, or skip",
            "Feltámasztás: vegyél vissza egy eldobott egységedet a tartódra, vagy hagyd ki"
        ),
        Prompt::Snipe => t!(
            lang,
            "Sniper: freeze a random Troop on {other}'s rack?",
            "Mesterlövész: befagyasztasz egy véletlen egységet az ellenfél ({other}) tartóján?"
        ),
        Prompt::Chance | Prompt::Over => String::new(),
    }
}

/// How the game ended, in words.
fn end_text(v: &ToyBattleView, lang: Lang) -> Option<String> {
    let end = v.end?;
    let winner = tb_look(v, end.winner as Seat).colour_name(lang);
    Some(match end.reason {
        EndReason::Capture { node } => t!(
            lang,
            "{winner} captured the enemy H.Q. ({node}) and wins!",
            "{winner} elfoglalta az ellenséges főhadiszállást ({node}), és nyert!"
        ),
        EndReason::Medals => t!(
            lang,
            "{winner} reached the Medal objective and wins!",
            "{winner} elérte az éremcélt, és nyert!"
        ),
        EndReason::Stall { stalled } | EndReason::TurnLimit { stalled } => {
            let stuck = tb_look(v, stalled as Seat).colour_name(lang);
            t!(
                lang,
                "{stuck} could not act: {winner} wins on Medals",
                "{stuck} nem tudott lépni: {winner} nyert az érmekkel"
            )
        }
    })
}

/// Label of a sub-choice button.
fn button_label(a: &A, v: &ToyBattleView, lang: Lang) -> String {
    match *a {
        A::Draw => {
            let room = 8u8.saturating_sub(v.rack.size());
            let n = 2.min(v.reserves[v.seat]).min(room);
            t!(lang, "Draw {n}", "Húzz {n}-t")
        }
        A::SkullyDraw => match v.prompt() {
            Prompt::SkullyDraw { count } => t!(lang, "Draw {count}", "Húzz {count}-t"),
            _ => lang.pick("Draw", "Húzás").to_string(),
        },
        A::StarDraw | A::CloudsDraw => t!(lang, "Draw 1", "Húzz 1-et"),
        A::Xb42Discard => lang.pick("Strike", "Lecsapás").to_string(),
        A::Snipe => lang.pick("Freeze one", "Befagyasztás").to_string(),
        A::Skip => lang.pick("Skip", "Kihagyom").to_string(),
        _ => String::new(),
    }
}

/// A move's sounds, from the public changes: a Troop laid on a base, or a capture where it
/// covers an enemy Troop, Jumbo or XB-42 strikes, or a region's Medals are taken. Draws are
/// silent (what was drawn is the drawer's).
fn cues(before: &ToyBattleView, after: &ToyBattleView) -> Vec<Cue> {
    let fresh = fresh_changes(
        (before.turns, before.this_turn.len()),
        after.turns,
        &after.last_turn,
        &after.this_turn,
    );
    let table = &before.table;
    each_once(fresh.into_iter().filter_map(|c| match *c {
        Change::Placed { seat, node, .. } => {
            let below = table.terrain().index_of(node).and_then(|i| table.top(i));
            Some(if below.is_some_and(|t| t.owner != seat) {
                Cue::Capture
            } else {
                Cue::Lay
            })
        }
        Change::Discarded { .. } | Change::RackHit { .. } | Change::Medals { .. } => {
            Some(Cue::Capture)
        }
        _ => None,
    }))
}

/// What a region shows: its shading, its Medals or who took them.
#[derive(Clone, PartialEq)]
struct RegionLook {
    class: String,
    title: String,
    left: u8,
    /// The taker's mark and colour.
    taken: Option<(&'static str, Colour)>,
}

fn region_look(v: &ToyBattleView, r: &super::layout::RegionState, lang: Lang) -> RegionLook {
    let taker = r.taken_by.map(|s| (tb_look(v, s), v.table.colour(s)));
    let class = match taker {
        Some((_, c)) => format!("tb-region tb-taken-{}", c.name()),
        None => "tb-region".to_string(),
    };
    let left = r.medals_left;
    let title = match taker {
        Some((look, _)) => t!(
            lang,
            "Region: {} took its {} Medal(s)",
            "Terület: {} elvitte {} érmét",
            look.colour_name(lang),
            r.medals
        ),
        None => t!(
            lang,
            "Region: {left} Medal(s); hold all {} bases to take them",
            "Terület: {left} érem; mind {} bázisát birtokold, hogy elvidd",
            crate::i18n::the(lang, &r.bases.to_string(), false)
        ),
    };
    RegionLook {
        class,
        title,
        left,
        taken: taker.map(|(look, c)| (look.mark, c)),
    }
}

/// What a base shows now: its tiles, its rings, and what a tap on it does.
#[derive(Clone, PartialEq)]
struct BaseLook {
    tap: Option<Tap>,
    /// Its tiles' colours and Troops, bottom first.
    stack: Vec<(Colour, Troop)>,
    /// Where its top Troop came from: its seat's rack, or the base an Eruption threw it from.
    came_from: String,
    /// Its effect is pending.
    trigger: bool,
    /// Picked as the Troop an Eruption throws.
    picked: bool,
    /// A Troop placed or moved here in the last or this turn.
    fresh: bool,
    /// Emptied in the last or this turn.
    ghost: bool,
    /// Its accessible name.
    label: String,
}

#[allow(clippy::too_many_arguments)]
fn base_look(
    v: &ToyBattleView,
    legal: &[A],
    chosen: Option<Troop>,
    from: Option<u8>,
    id: u8,
    power: Option<Power>,
    allowed: Option<&[Troop]>,
    lang: Lang,
) -> BaseLook {
    let tap = node_tap(legal, chosen, from, id);
    let stack = v.table.stack(id);
    let changes = || v.last_turn.iter().chain(v.this_turn.iter());
    let fresh = changes().any(|c| {
        matches!(c, Change::Placed { node, .. } | Change::Moved { to: node, .. } if *node == id)
    });
    let emptied = changes().any(|c| {
        matches!(c, Change::Discarded { node, .. } | Change::Retreated { node, .. } | Change::Moved { from: node, .. } if *node == id)
    });
    // A Troop new on this base came from its seat's rack, or from the base the Eruption moved
    // it from (where it was the top, one above what stands there now).
    let came_from = stack.last().map_or_else(String::new, |tile| {
        changes()
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .find_map(|c| match *c {
                Change::Moved { from, to, .. } if to == id => {
                    Some(format!("tile-{from}-{}", v.table.stack(from).len()))
                }
                _ => None,
            })
            .unwrap_or_else(|| format!("rack-{}", tile.owner))
    });
    let mut label = node_name(v, id, lang);
    if let Some(p) = power {
        label.push_str(&format!(" ({})", power_name(p, lang)));
    }
    if let Some(list) = allowed {
        let vals = list
            .iter()
            .map(|&t| strength_label(t))
            .collect::<Vec<_>>()
            .join(", ");
        label.push_str(&t!(lang, ", only {vals}", ", csak {vals}"));
    }
    label.push_str(": ");
    label.push_str(&stack_words(v, id, lang));
    if let Some(tap) = tap {
        let what = match tap {
            Tap::Play(A::Place { troop, .. } | A::CapnPlace { troop, .. }) => {
                t!(lang, "place {} here", "tedd ide: {}", troop_label(troop))
            }
            Tap::Play(A::JumboDiscard { .. }) => lang
                .pick("discard this Troop", "dobd el ezt az egységet")
                .to_string(),
            Tap::Play(A::Retreat { .. }) => lang
                .pick("take this Troop back", "vedd vissza ezt az egységet")
                .to_string(),
            Tap::Play(A::Erupt { .. }) => lang
                .pick("throw the Troop here", "ide repül az egység")
                .to_string(),
            Tap::EruptFrom(_) => lang
                .pick("throw this Troop", "ezt az egységet dobd el a kitöréssel")
                .to_string(),
            Tap::Play(_) => String::new(),
        };
        label.push_str(". ");
        label.push_str(&what);
    }
    BaseLook {
        tap,
        stack: stack
            .iter()
            .map(|tile| (v.table.colour(tile.owner as Seat), tile.troop))
            .collect(),
        came_from,
        trigger: trigger_node(v) == Some(id),
        picked: from == Some(id),
        fresh,
        ghost: emptied && !fresh,
        label,
    }
}

pub fn board(props: BoardProps<ToyBattle>) -> AnyView {
    let BoardProps {
        view,
        legal,
        play,
        pointed,
    } = props;
    let lang = use_lang();
    let selected = RwSignal::new(None::<(Troop, usize)>);
    let erupt_from = RwSignal::new(None::<u8>);
    let inspect = RwSignal::new(None::<u8>);
    let portrait = RwSignal::new(is_portrait());
    let handle = window_event_listener(leptos::ev::resize, move |_| {
        let now = is_portrait();
        if portrait.get_untracked() != now {
            portrait.set(now);
        }
    });
    on_cleanup(move || handle.remove());

    // A selection lasts while it still names a legal placement.
    let sel = Memo::new(move |_| {
        let (t, slot) = selected.get()?;
        legal
            .with(|l| l.iter().any(|a| placement_troop(a) == Some(t)))
            .then_some((t, slot))
    });
    let from = Memo::new(move |_| {
        let f = erupt_from.get()?;
        legal
            .with(|l| {
                l.iter()
                    .any(|a| matches!(a, A::Erupt { from, .. } if *from == f))
            })
            .then_some(f)
    });
    // Hovering re-renders only the inspector and its ring, and only when the base changes.
    let look_at = move |id: u8| {
        if inspect.get_untracked() != Some(id) {
            inspect.set(Some(id));
        }
    };
    let act = move |a: A| {
        selected.set(None);
        erupt_from.set(None);
        play.run(a);
    };

    // Each side's panel is drawn once per viewer: its words follow the view, and the opponent's
    // rack is redrawn only when it changes (issue #20 target 2).
    let side = move |seat: Seat, me: bool| {
        let (look, colour) = view.with_untracked(|v| (tb_look(v, seat), v.table.colour(seat)));
        let who = move || {
            let lang = lang.get();
            if me {
                t!(lang, "{} (you)", "{} (te)", look.colour_name(lang))
            } else {
                look.colour_name(lang).to_string()
            }
        };
        let medals = move || {
            let lang = lang.get();
            let (medals, target) = view.with(|v| (v.table.medals[seat], v.table.medal_target()));
            t!(lang, "{medals}/{target} medals", "{medals}/{target} érem")
        };
        let rack = move || {
            t!(
                lang.get(),
                "rack {}/8",
                "tartó {}/8",
                view.with(|v| v.racks[seat].size)
            )
        };
        let reserve = move || {
            t!(
                lang.get(),
                "reserve {}",
                "tartalék {}",
                view.with(|v| v.reserves[seat])
            )
        };
        let frozen = move || {
            let n = view.with(|v| v.racks[seat].frozen);
            (n > 0).then(|| {
                view! { <span class="tb-stat tb-ice">{move || t!(lang.get(), "{n} frozen", "{n} befagyott")}</span> }
            })
        };
        // The opponent's rack: openly returned Troops face up (D12), the rest face down.
        let face = Memo::new(move |_| {
            view.with(|v| {
                let face = &v.racks[seat];
                let known: Vec<Troop> = Troop::ALL
                    .into_iter()
                    .flat_map(|t| std::iter::repeat_n(t, face.known[t as usize] as usize))
                    .take(face.size as usize)
                    .collect();
                let hidden = face.size as usize - known.len();
                let frozen = (face.frozen as usize).min(hidden);
                (known, hidden, frozen)
            })
        });
        let backs = move || {
            (!me).then(|| {
                let (known, hidden, frozen) = face.get();
                let up = known
                    .into_iter()
                    .map(|t| token_svg(t, colour, "tb-mini").into_any())
                    .collect_view();
                let down = (0..hidden)
                    .map(|i| back_svg(colour, i >= hidden - frozen).into_any())
                    .collect_view();
                view! { <span class="tb-backs" aria-hidden="true">{up}{down}</span> }
            })
        };
        view! {
            <div class=format!("tb-side tb-side-{}", colour.name())
                class:tb-moving=move || view.with(|v| v.mover == seat && v.end.is_none())
                data-anchor=format!("rack-{seat}")>
                <span class="tb-who"><span class="tb-mark" aria-hidden="true">{look.mark}</span> {who}</span>
                <span class="tb-stat tb-medals" title=move || lang.get().pick("Medals / objective", "Érmek / cél")>
                    <span class="tb-medal-icon" aria-hidden="true"></span>
                    <span data-count=format!("medals-{seat}")>{medals}</span>
                </span>
                <span class="tb-stat">{rack}</span>
                {frozen}
                <span class="tb-stat">{reserve}</span>
                {backs}
            </div>
        }
    };
    let viewer = Memo::new(move |_| view.with(|v| v.seat));
    let sides = move || {
        let me = viewer.get();
        [me, 1 - me]
            .into_iter()
            .map(|seat| side(seat, seat == me))
            .collect_view()
    };

    let banner = move || {
        let v = view.get();
        let lang = lang.get();
        let legal_now = legal.get();
        if let Some(text) = end_text(&v, lang) {
            return view! { <div class="tb-banner tb-over" role="status">{text}</div> }.into_any();
        }
        if legal_now.is_empty() {
            let mover = tb_look(&v, v.mover).colour_name(lang);
            let terrain = terrain_name(v.table.terrain, lang);
            let power = power_name(v.table.terrain().spec.power, lang);
            let mode = if v.table.beginner {
                lang.pick(" · Beginner", " · kezdő mód")
            } else {
                ""
            };
            return view! {
                <div class="tb-banner tb-wait">
                    <span>{t!(lang, "{mover} to play", "{mover} következik")}</span>
                    <span class="tb-terrain">{format!("{terrain} · {power}{mode}")}</span>
                </div>
            }
            .into_any();
        }
        let text = prompt_text(&v, lang, sel.get().map(|s| s.0), from.get());
        let buttons = legal_now
            .iter()
            .filter(|a| {
                matches!(
                    a,
                    A::SkullyDraw
                        | A::StarDraw
                        | A::CloudsDraw
                        | A::Xb42Discard
                        | A::Snipe
                        | A::Skip
                )
            })
            .map(|&a| {
                let label = button_label(&a, &v, lang);
                let class = if a == A::Skip { "tb-skip" } else { "primary" };
                view! {
                    <button class=class data-legal=""
                        data-hint=move || props.hint_on(|h| *h == a)
                        data-review=move || props.review_on(|h| *h == a)
                        on:click=move |_| act(a)>
                        {label}
                    </button>
                }
            })
            .collect_view();
        let colour = v.table.colour(v.seat);
        let raises = legal_now
            .iter()
            .filter_map(|a| match *a {
                A::Raise { troop } => Some(troop),
                _ => None,
            })
            .map(|t| {
                let label = t!(lang, "Raise {}", "Feltámasztás: {}", troop_label(t));
                view! {
                    <button class="tb-pick" data-legal="" aria-label=label.clone() title=label
                        data-hint=move || props.hint_on(|h| *h == A::Raise { troop: t })
                        data-review=move || props.review_on(|h| *h == A::Raise { troop: t })
                        on:click=move |_| act(A::Raise { troop: t })>
                        {token_svg(t, colour, "tb-rack-chip")}
                    </button>
                }
            })
            .collect_view();
        let back = from.get().map(|_| {
            view! {
                <button class="tb-skip" on:click=move |_| erupt_from.set(None)>
                    {lang.pick("Another Troop", "Másik egység")}
                </button>
            }
        });
        view! {
            <div class="tb-banner tb-act" role="status">
                <span class="tb-ask">{text}</span>
                <span class="tb-choices">{raises}{back}{buttons}</span>
            </div>
        }
        .into_any()
    };

    // The terrain is drawn once for its orientation; each region and each base redraws itself
    // when what it shows changes ([`RegionLook`], [`BaseLook`]), so an action touches the bases
    // it changed. Redrawn whole, the terrain rewrote 2,000-11,000 attributes at every action
    // (issue #20 target 2).
    let orient =
        Memo::new(move |_| view.with(|v| Orient::of(v.table.colour(v.seat), portrait.get())));
    let layout = Memo::new(move |_| view.with(|v| v.table.layout()));
    let region_states = Memo::new(move |_| view.with(|v| v.table.regions()));
    let svg = move || {
        let orient = orient.get();
        let (w, h) = orient.size();
        let nodes_now = layout.get();
        let (terrain_key, power_here, paths) = view.with_untracked(|v| {
            (
                v.table.terrain,
                v.table.terrain().spec.power,
                v.table.paths(),
            )
        });
        let regions = region_states
            .get_untracked()
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                let points = r
                    .ring
                    .iter()
                    .map(|&(x, y)| {
                        let (x, y) = orient.at(x, y);
                        format!("{x:.0},{y:.0}", x = Decimal(x), y = Decimal(y))
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
                let (lx, ly) = orient.at(r.label.0, r.label.1);
                let look = Memo::new(move |_| {
                    let lang = lang.get();
                    view.with(|v| region_states.with(|rs| rs.get(i).map(|r| region_look(v, r, lang))))
                });
                move || {
                    let RegionLook { class, title, left, taken } = look.get()?;
                    let label = match taken {
                        None => view! {
                            <g class="tb-medal">
                                <circle cx=Decimal(lx) cy=Decimal(ly) r="17"></circle>
                                <circle class="tb-medal-in" cx=Decimal(lx) cy=Decimal(ly) r="12"></circle>
                                <text x=Decimal(lx) y=Decimal(ly + 6.0) text-anchor="middle" font-size="18">{left}</text>
                            </g>
                        }
                        .into_any(),
                        Some((mark, c)) => view! {
                            <g class=format!("tb-medal-taken tb-fill-{}", c.name())>
                                <circle cx=Decimal(lx) cy=Decimal(ly) r="13"></circle>
                                <text x=Decimal(lx) y=Decimal(ly + 5.0) text-anchor="middle" font-size="14">{mark}</text>
                            </g>
                        }
                        .into_any(),
                    };
                    Some(view! {
                        <g>
                            <polygon class=class points=points.clone()><title>{title}</title></polygon>
                            {label}
                        </g>
                    })
                }
            })
            .collect_view();

        let paths = paths
            .into_iter()
            .map(|(a, b)| {
                let (x1, y1) = orient.at(a.0, a.1);
                let (x2, y2) = orient.at(b.0, b.1);
                view! {
                    <line class="tb-path-edge" x1=Decimal(x1) y1=Decimal(y1) x2=Decimal(x2) y2=Decimal(y2)></line>
                    <line class="tb-path" x1=Decimal(x1) y1=Decimal(y1) x2=Decimal(x2) y2=Decimal(y2)></line>
                }
            })
            .collect_view();

        let nodes = nodes_now
            .iter()
            .map(|n| {
                let (x, y) = orient.at(n.x, n.y);
                let id = n.id;
                let power = n.special.then_some(power_here).filter(|p| {
                    !matches!(p, Power::None | Power::PoolLimits)
                });
                let hq = n.hq.map(|owner| view.with_untracked(|v| v.table.colour(owner)));
                let allowed = n.allowed.clone();
                let look = Memo::new(move |_| {
                    let lang = lang.get();
                    let chosen = sel.get().map(|s| s.0);
                    let from_now = from.get();
                    view.with(|v| legal.with(|legal_now| base_look(v, legal_now, chosen, from_now, id, power, allowed.as_deref(), lang)))
                });
                let here = move |a: &A| on_node(a, id);
                let marks = move || {
                    let r = if hq.is_some() { HQ_R + 9.0 } else { BASE_R + 8.0 };
                    let ring = move |class| view! { <circle class=class cx=Decimal(x) cy=Decimal(y) r=Decimal(r)></circle> }.into_any();
                    svg_marks(props.hint_on(here), props.review_on(here), ring, (x + r * 0.72, y + r * 0.72), 12.0)
                };
                let ground = move || match hq {
                    Some(c) => {
                        let r = HQ_R;
                        let d = format!(
                            "M{:.0},{:.0} V{:.0} h{s:.1} v{c1:.1} h{s:.1} v-{c1:.1} h{s:.1} v{c1:.1} h{s:.1} v-{c1:.1} h{s:.1} V{:.0} Z",
                            Decimal(x - r),
                            Decimal(y + r),
                            Decimal(y - r),
                            Decimal(y + r),
                            s = Decimal(r * 0.4),
                            c1 = Decimal(r * 0.32)
                        );
                        view! {
                            <g class=format!("tb-hq tb-fill-{}", c.name())>
                                <path d=d></path>
                                <path class="tb-door" d=format!("M{:.0},{:.0} v-14 a8,8 0 0 1 16,0 v14 Z", Decimal(x - 8.0), Decimal(y + r))></path>
                                <text class="tb-hq-mark" x=Decimal(x) y=Decimal(y + 4.0) text-anchor="middle" font-size="26">{colour_look(c).mark}</text>
                            </g>
                        }
                        .into_any()
                    }
                    None => view! {
                        <circle class="tb-base" class:tb-special=power.is_some() cx=Decimal(x) cy=Decimal(y) r=Decimal(BASE_R)></circle>
                    }
                    .into_any(),
                };
                let badge = power.map(|p| {
                    view! {
                        <g class=format!("tb-power tb-power-{}", power_class(p)) transform=format!("translate({:.1},{:.1})", Decimal(x - 30.0), Decimal(y - 30.0))>
                            <circle r="14"></circle>
                            {power_glyph(p)}
                        </g>
                    }
                });
                let limits = n.allowed.as_ref().map(|list| {
                    let text = list.iter().map(|&t| strength_label(t).replace('X', "K")).collect::<Vec<_>>().join(" ");
                    let width = 14.0 + 13.0 * list.len() as f64;
                    let dy = if hq.is_some() { HQ_R + 16.0 } else { BASE_R + 14.0 };
                    view! {
                        <g class="tb-limits">
                            <rect x=Decimal(x - width / 2.0) y=Decimal(y + dy - 13.0) width=Decimal(width) height="22" rx="11"></rect>
                            <text x=Decimal(x) y=Decimal(y + dy + 3.0) text-anchor="middle" font-size="15">{text}</text>
                        </g>
                    }
                });
                let id_label = hq.is_none().then(|| {
                    view! { <text class="tb-id" x=Decimal(x - 33.0) y=Decimal(y + 44.0) text-anchor="middle" font-size="15">{id}</text> }
                });
                let ring = move |class: &'static str| {
                    let r = if hq.is_some() { HQ_R + 9.0 } else { BASE_R + 8.0 };
                    view! { <circle class=class cx=Decimal(x) cy=Decimal(y) r=Decimal(r)></circle> }
                };
                let tap = Memo::new(move |_| look.with(|l| l.tap));
                let run = move || match tap.get_untracked() {
                    Some(Tap::Play(a)) => act(a),
                    Some(Tap::EruptFrom(f)) => erupt_from.set(Some(f)),
                    None => look_at(id),
                };
                let key = activate_on_key(run);
                let target_ring = move || tap.get().map(|_| ring("tb-target"));
                let title = Memo::new(move |_| look.with(|l| l.label.clone()));
                // The tiles redraw only when the stack changes, the rings only when they do.
                let tiles = Memo::new(move |_| look.with(|l| (l.stack.clone(), l.came_from.clone())));
                let rings = Memo::new(move |_| {
                    look.with(|l| (l.trigger, l.picked, l.fresh && !l.stack.is_empty(), l.ghost))
                });
                let stack = move || {
                    let (stack, came_from) = tiles.get();
                    let covered = stack.len().saturating_sub(1);
                    let shadows = stack[..covered]
                        .iter()
                        .rev()
                        .take(3)
                        .enumerate()
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()
                        .map(|(k, &(colour, _))| {
                            let off = 7.0 * (k as f64 + 1.0);
                            tile_shape(colour, x + off, y + off, TOKEN, "tb-tile tb-covered")
                        })
                        .collect_view();
                    let top = stack.last().map(|&(colour, troop)| {
                        view! {
                            <g data-piece=format!("tile-{id}-{}", stack.len() - 1) data-from=came_from>
                                {token(troop, colour, x, y, TOKEN)}
                            </g>
                        }
                    });
                    let height = (stack.len() > 1).then(|| {
                        view! {
                            <g class="tb-height">
                                <circle cx=Decimal(x + 30.0) cy=Decimal(y - 30.0) r="13"></circle>
                                <text x=Decimal(x + 30.0) y=Decimal(y - 24.5) text-anchor="middle" font-size="16">{stack.len()}</text>
                            </g>
                        }
                    });
                    view! { {shadows} {top} {height} }
                };
                let rings = move || {
                    let (trigger, picked, fresh, ghost) = rings.get();
                    view! {
                        {trigger.then(|| ring("tb-trigger"))}
                        {picked.then(|| ring("tb-picked"))}
                        {fresh.then(|| ring("tb-fresh"))}
                        {ghost.then(|| ring("tb-ghost"))}
                    }
                };
                view! {
                    <g
                        class="tb-node"
                        class:legal=move || tap.get().is_some()
                        data-legal=move || tap.get().map(|_| "")
                        data-hint=move || props.hint_on(here)
                        data-review=move || props.review_on(here)
                        data-node=id.to_string()
                        role="button"
                        tabindex="0"
                        on:click=move |_| run()
                        on:keydown=key
                        on:mouseenter=move |_| look_at(id)
                        on:focus=move |_| look_at(id)
                    >
                        // The title is the base's accessible name (and its tooltip): an
                        // aria-label would have to repeat the printed numbers in their order
                        // (axe: label-content-name-mismatch).
                        <title>{title}</title>
                        {target_ring}
                        {ground}
                        {badge}
                        {limits}
                        {id_label}
                        {stack}
                        {rings}
                        {marks}
                    </g>
                }
            })
            .collect_view();

        let spots: Vec<(u8, f64, f64, f64)> = nodes_now
            .iter()
            .map(|n| {
                let (x, y) = orient.at(n.x, n.y);
                let r = if n.hq.is_some() {
                    HQ_R + 9.0
                } else {
                    BASE_R + 8.0
                };
                (n.id, x, y, r)
            })
            .collect();
        let looked = move || {
            let id = inspect.get()?;
            let &(_, x, y, r) = spots.iter().find(|s| s.0 == id)?;
            Some(
                view! { <circle class="tb-looked" cx=Decimal(x) cy=Decimal(y) r=Decimal(r)></circle> },
            )
        };
        let view_box = format!("-12 -12 {} {}", Decimal(w + 24.0), Decimal(h + 24.0));
        let name = move || {
            let lang = lang.get();
            let name = terrain_name(terrain_key, lang);
            t!(lang, "Toy Battle: {name}", "Játékok Harca: {name}")
        };
        view! {
            <svg
                class=format!("board tb-board tb-terrain-{}", choice_key_of(terrain_key))
                class:tb-portrait=orient.size().0 < orient.size().1
                viewBox=view_box
                role="group"
                aria-label=name
                preserveAspectRatio="xMidYMid meet"
            >
                <defs>
                    <pattern id="tb-hatch-red" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <rect width="16" height="16" fill="rgb(255 255 255 / 0.35)"></rect>
                        <rect width="7" height="16" fill="rgb(210 68 59 / 0.75)"></rect>
                    </pattern>
                    <pattern id="tb-hatch-blue" width="14" height="14" patternUnits="userSpaceOnUse">
                        <rect width="14" height="14" fill="rgb(255 255 255 / 0.35)"></rect>
                        <rect width="7" height="7" fill="rgb(47 111 206 / 0.75)"></rect>
                        <rect x="7" y="7" width="7" height="7" fill="rgb(47 111 206 / 0.75)"></rect>
                    </pattern>
                </defs>
                <rect class="tb-ground" x="-10" y="-10" width=Decimal(w + 20.0) height=Decimal(h + 20.0) rx="26"></rect>
                {regions}
                {paths}
                {nodes}
                {looked}
            </svg>
        }
    };

    // The rack's tiles, each keyed by its Troop, its place among its kind and its colour: a
    // tile's drawing is made once, and an action changes only its marks (issue #20 target 2).
    let slots = Memo::new(move |_| {
        view.with(|v| {
            let colour = v.table.colour(v.seat);
            Troop::ALL
                .into_iter()
                .flat_map(|t| (0..v.rack.count(t) as usize).map(move |k| (t, k, colour)))
                .collect::<Vec<_>>()
        })
    });
    let rack_tile = move |(t, k, colour): (Troop, usize, Colour)| {
        let state = Memo::new(move |_| {
            let lang = lang.get();
            let chosen = sel.get();
            view.with(|v| {
                legal.with(|legal_now| {
                    let count = v.rack.count(t) as usize;
                    let frozen_n = v.rack.frozen[t as usize] as usize;
                    let frozen = k >= count.saturating_sub(frozen_n.min(count));
                    // Its place in the rack, counting the tiles of the kinds before it.
                    let i = Troop::ALL
                        .into_iter()
                        .take_while(|&u| u != t)
                        .map(|u| v.rack.count(u) as usize)
                        .sum::<usize>()
                        + k;
                    let playable =
                        !frozen && legal_now.iter().any(|a| placement_troop(a) == Some(t));
                    let is_chosen = chosen == Some((t, i));
                    let label = if frozen {
                        t!(
                            lang,
                            "{}: frozen this turn",
                            "{}: ebben a körben befagyott",
                            troop_label(t)
                        )
                    } else if is_chosen {
                        t!(
                            lang,
                            "{}: selected (tap again to put it back)",
                            "{}: kiválasztva (koppints újra a visszatevéshez)",
                            troop_label(t)
                        )
                    } else if playable {
                        t!(
                            lang,
                            "{}: pick it to place it",
                            "{}: válaszd ki a lerakáshoz",
                            troop_label(t)
                        )
                    } else {
                        troop_label(t)
                    };
                    (i, frozen, playable, is_chosen, label)
                })
            })
        });
        let frozen = move || state.with(|s| s.1);
        let playable = move || state.with(|s| s.2);
        let is_chosen = move || state.with(|s| s.3);
        let label = move || state.with(|s| s.4.clone());
        // A move placing this kind of Troop is marked on the first of its kind that can go.
        let here = move |a: &A| k == 0 && !frozen() && placement_troop(a) == Some(t);
        let click = move |_| {
            let (i, _, playable, is_chosen, _) = state.get_untracked();
            if is_chosen {
                selected.set(None);
            } else if playable {
                selected.set(Some((t, i)));
                erupt_from.set(None);
            }
        };
        view! {
            <button
                class="tb-rack-tile"
                class:tb-chosen=is_chosen
                class:tb-frozen=frozen
                class:tb-can=move || playable() && !is_chosen()
                data-legal=move || (playable() && !is_chosen()).then_some("")
                data-hint=move || props.hint_on(here)
                data-review=move || props.review_on(here)
                data-troop=t.name()
                aria-pressed=move || is_chosen().to_string()
                title=label
                disabled=move || !playable() && !is_chosen()
                on:click=click
            >
                {token_svg(t, colour, "tb-rack-chip")}
                {move || frozen().then(|| view! { <span class="tb-ice-mark" aria-hidden="true">"❄"</span> })}
                // Named by its words (which begin with the printed name), not by an
                // aria-label that would have to repeat the chip's numbers in order.
                <span class="tb-tile-name" aria-hidden="true">{t.name()}</span>
                <span class="sr-only">{label}</span>
            </button>
        }
    };
    // Only the tiles' For stays while the game goes on; the words around it follow the view.
    let draw = move || {
        legal.with(|l| l.contains(&A::Draw)).then(|| {
            let label = view.with(|v| button_label(&A::Draw, v, lang.get()));
            view! {
                <button class="primary tb-draw" data-legal=""
                    data-hint=move || props.hint_on(|h| *h == A::Draw)
                    data-review=move || props.review_on(|h| *h == A::Draw)
                    on:click=move |_| act(A::Draw)>
                    {label}
                </button>
            }
        })
    };
    let rack_size = Memo::new(move |_| view.with(|v| v.rack.size()));
    let empty = move || {
        (rack_size.get() == 0).then(|| {
            view! { <span class="tb-empty">{move || lang.get().pick("Your rack is empty", "A tartód üres")}</span> }
        })
    };
    let pick_hint = move || {
        let placing = legal.with(|l| l.iter().any(|a| placement_troop(a).is_some()));
        (placing && sel.get().is_none()).then(|| {
            view! { <span class="tb-hint">{move || lang.get().pick("Pick a Troop", "Válassz egységet")}</span> }
        })
    };
    let rack = view! {
        <div class="tb-rack" data-testid="tb-rack" role="group" aria-label=move || t!(lang.get(), "Your rack", "A tartód")>
            <span class="tb-rack-title">{move || t!(lang.get(), "Your rack {}/8", "Tartód {}/8", rack_size.get())}</span>
            <div class="tb-rack-tiles">
                <For each=move || slots.get() key=|slot| *slot children=rack_tile />
                {empty}
            </div>
            {pick_hint}
            {draw}
        </div>
    };

    // The discard pile, newest first, redrawn only when a Troop joins it (issue #20 target 2).
    let pile = Memo::new(move |_| {
        view.with(|v| {
            v.table
                .discard
                .iter()
                .rev()
                .map(|tile| (tile.owner, tile.troop))
                .collect::<Vec<_>>()
        })
    });
    let discard = move || {
        let lang = lang.get();
        let pile = pile.get();
        let n = pile.len();
        let tiles = view.with_untracked(|v| {
            pile.into_iter()
                .map(|(owner, troop)| {
                    let c = v.table.colour(owner as Seat);
                    let words = tile_words(v, owner, troop, lang);
                    view! { <span class="tb-disc" title=words.clone() role="img" aria-label=words>{token_svg(troop, c, "tb-mini")}</span> }
                })
                .collect_view()
        });
        view! {
            <div class="tb-discard" role="group" aria-label=t!(lang, "Discard pile", "Dobópakli")>
                <span class="tb-under-title">{t!(lang, "Discard ({n}):", "Dobópakli ({n}):")}</span>
                {tiles}
            </div>
        }
    };
    let inspector = move || {
        let v = view.get();
        let lang = lang.get();
        let inspected = inspect
            .get()
            .filter(|&id| v.table.terrain().index_of(id).is_some());
        match inspected {
            Some(id) => {
                let stack = v.table.stack(id).to_vec();
                let tiles = if stack.is_empty() {
                    view! { <span class="tb-empty">{lang.pick("empty", "üres")}</span> }.into_any()
                } else {
                    stack
                        .iter()
                        .enumerate()
                        .map(|(i, tile)| {
                            let c = v.table.colour(tile.owner as Seat);
                            let words = tile_words(&v, tile.owner, tile.troop, lang);
                            view! {
                                {(i > 0).then(|| view! { <span class="tb-arrow" aria-hidden="true">"›"</span> })}
                                <span class="tb-disc" title=words.clone() role="img" aria-label=words>{token_svg(tile.troop, c, "tb-mini")}</span>
                            }
                        })
                        .collect_view()
                        .into_any()
                };
                let name = node_name(&v, id, lang);
                view! {
                    <div class="tb-inspect" aria-live="polite">
                        <span class="tb-under-title">{t!(lang, "{name}, bottom → top:", "{name}, alulról felfelé:")}</span>
                        {tiles}
                    </div>
                }
                .into_any()
            }
            None => view! {
                <div class="tb-inspect tb-hint">
                    {lang.pick("Tap or hover a base to see its whole stack.", "Koppints vagy állj egy bázisra, hogy lásd a teljes halmot.")}
                </div>
            }
            .into_any(),
        }
    };
    let under = view! {
        <div class="tb-under">
            {inspector}
            {discard}
        </div>
    };

    // In a review nothing is legal, so no button is drawn: the moves that are only buttons are
    // named in words instead.
    let notes = review_notes(pointed, move |a: &A, lang| {
        if !is_button(a) || legal.with(|l| l.contains(a)) {
            return None;
        }
        Some(match *a {
            A::Raise { troop } => t!(lang, "Raise {}", "Feltámasztás: {}", troop_label(troop)),
            _ => view.with(|v| button_label(a, v, lang)),
        })
    });

    view! {
        <div class="toy-battle">
            <div class="tb-sides">{sides}</div>
            {banner}
            {notes}
            {svg}
            {rack}
            {under}
        </div>
    }
    .into_any()
}

fn power_class(p: Power) -> &'static str {
    match p {
        Power::Retreat => "retreat",
        Power::PoolLimits => "pool",
        Power::CloudsDraw => "clouds",
        Power::Eruption => "eruption",
        Power::Raise => "raise",
        Power::None => "none",
        Power::Shield => "shield",
        Power::Sniper => "sniper",
    }
}

fn choice_key_of(key: TerrainKey) -> &'static str {
    TerrainChoice::ALL
        .into_iter()
        .find(|c| c.key() == Some(key))
        .map_or("castle", choice_key)
}

fn rules_picture() -> impl IntoView {
    view! {
        <svg class="tb-rules-pic" viewBox="0 0 300 90" role="img" aria-label="Jumbo (3) covers Skully (1); Kwak covers anything">
            <line class="tb-path-edge" x1="10" y1="45" x2="290" y2="45"></line>
            <line class="tb-path" x1="10" y1="45" x2="290" y2="45"></line>
            <circle class="tb-base" cx="60" cy="45" r="38"></circle>
            {tile_shape(Colour::Red, 67.0, 52.0, 62.0, "tb-tile tb-covered")}
            {token(Troop::Jumbo, Colour::Blue, 60.0, 45.0, 62.0)}
            <circle class="tb-base" cx="160" cy="45" r="38"></circle>
            {token(Troop::Roxy, Colour::Red, 160.0, 45.0, 62.0)}
            <circle class="tb-base" cx="250" cy="45" r="38"></circle>
            {tile_shape(Colour::Red, 257.0, 52.0, 62.0, "tb-tile tb-covered")}
            {token(Troop::Kwak, Colour::Blue, 250.0, 45.0, 62.0)}
        </svg>
    }
}

impl GameUi for ToyBattle {
    const NAME: &'static str = "Toy Battle";
    const HIDDEN_INFORMATION: bool = true;

    fn seat_count_for(_: &ToyBattleOptions) -> usize {
        2
    }

    /// Some fifteen turns in: both armies out on the paths, stacks, a region's Medals taken.
    const MINIATURE_MOVES: usize = 30;

    /// The Terrain chosen, with its special bases (or plain ones for Beginners); a random
    /// Terrain is only drawn at the start, so it has no picture.
    fn preview_options(options: &ToyBattleOptions) -> Option<ToyBattleOptions> {
        (options.terrain != TerrainChoice::Random).then(|| options.clone())
    }

    fn cues(before: &ToyBattleView, after: &ToyBattleView) -> Vec<Cue> {
        cues(before, after)
    }

    fn options_form(
        options: RwSignal<ToyBattleOptions>,
        _: Signal<Vec<String>>,
        _: Signal<Vec<SeatSpec>>,
    ) -> AnyView {
        let lang = use_lang();
        let terrain = move || options.with(|o| choice_key(o.terrain).to_string());
        view! {
            <label class="option">
                {move || lang.get().pick("Terrain ", "Terep ")}
                <select
                    data-testid="tb-terrain"
                    prop:value=terrain
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        if let Some(c) = TerrainChoice::ALL.into_iter().find(|&c| choice_key(c) == v) {
                            options.update(|o| o.terrain = c);
                        }
                    }
                >
                    {TerrainChoice::ALL
                        .into_iter()
                        .map(|c| view! { <option value=choice_key(c)>{move || choice_name(c, lang.get())}</option> })
                        .collect_view()}
                </select>
            </label>
            <label class="option">
                {move || lang.get().pick(
                    "Beginner mode (special bases are plain bases) ",
                    "Kezdő mód (a különleges bázisok sima bázisok) ",
                )}
                <input
                    type="checkbox"
                    data-testid="tb-beginner"
                    prop:checked=move || options.with(|o| o.beginner)
                    on:change=move |e| {
                        let on = event_target_checked(&e);
                        options.update(|o| o.beginner = on);
                    }
                />
            </label>
        }
        .into_any()
    }

    fn board(props: BoardProps<Self>) -> AnyView {
        board(props)
    }

    fn look(view: &ToyBattleView, seat: Seat) -> SeatLook {
        tb_look(view, seat)
    }

    fn seat_summary(view: &ToyBattleView, seat: Seat, lang: Lang) -> String {
        let m = view.table.medals[seat.min(1)];
        let target = view.table.medal_target();
        t!(lang, "{m}/{target} medals", "{m}/{target} érem")
    }

    fn measure(view: &ToyBattleView, seat: Seat) -> Option<f64> {
        Some(f64::from(view.table.medals[seat.min(1)]))
    }

    fn prompt(view: &ToyBattleView, lang: Lang) -> String {
        prompt_text(view, lang, None, None)
    }

    /// The summary, then what the special bases of the Terrain on the table do (§7.1, §10).
    fn rules_for(view: &ToyBattleView, lang: Lang) -> AnyView {
        let spec = view.table.terrain().spec;
        let title = t!(
            lang,
            "On {}",
            "Ezen a terepen: {}",
            terrain_name(spec.key, lang)
        );
        let lines = super::help::terrain_rules(spec, view.table.beginner, lang)
            .into_iter()
            .map(|line| view! { <li>{line}</li> })
            .collect_view();
        view! {
            <div class="rules-for">
                {Self::rules(lang)}
                <section class="rules-text tb-terrain-rules" data-testid="tb-terrain-rules">
                    <h4>{title}</h4>
                    <ul>{lines}</ul>
                </section>
            </div>
        }
        .into_any()
    }

    fn rules(lang: Lang) -> AnyView {
        if lang == Lang::Hu {
            return view! {
                <div class="rules-text toy-battle">
                    {rules_picture()}
                    <p>"Minden körben " <b>"egyet"</b> " választasz: " <b>"húzol 2 egységet"</b> " a tartalékodból (a tartón legfeljebb 8 fér el), vagy " <b>"leteszel 1 egységet"</b> " a tartódról."</p>
                    <p>"Lerakni a főhadiszállásod melletti helyre, vagy egy olyan bázisod mellé lehet, amely saját bázisok láncán át összeköttetésben van vele. Ellenséges egységet csak " <b>"nála erősebb"</b> " takarhat le (az egyenlő nem elég); a Kwak (X) bármit letakarhat, és bármi letakarhatja. Üres és saját bázisra mindig tehetsz. A Hooknak bázisra nem kell összeköttetés (a Metal-X állomás pajzsbázisait kivéve)."</p>
                    <p>"Hatások (mind választható): Skully 2-t húz, Cap'n még egy egységet letesz, Jumbo eldob egy szomszédos ellenséges egységet, XB-42 véletlenül eldob egyet az ellenfél tartójáról, Star 1-et húz. Utána jön a terep különleges bázisának hatása."</p>
                    <p>"Győzelem: egységed az ellenséges főhadiszálláson; vagy eléred az éremcélt (egy terület érmeit az viszi, aki minden bázisát birtokolja); vagy ha az ellenfél köre elején nem tud sem húzni, sem lerakni: a több érem nyer, döntetlennél az elakadt játékos veszít."</p>
                    <p>"A táblán: válassz egy egységet a tartódról, majd koppints egy kiemelt helyre. Egy bázisra koppintva vagy fölé állva látod a teljes halmot."</p>
                </div>
            }
            .into_any();
        }
        view! {
            <div class="rules-text toy-battle">
                {rules_picture()}
                <p>"On your turn do " <b>"one"</b> " thing: " <b>"draw 2 Troops"</b> " from your reserve (your rack holds at most 8), or " <b>"place 1 Troop"</b> " from your rack."</p>
                <p>"Place next to your H.Q., or next to a base you hold that links back to it through bases you hold. You may cover an enemy Troop only with a " <b>"strictly stronger"</b> " one; Kwak (X) covers anything and anything covers it. Empty bases and your own are always fine. Hook needs no link to reach a base (except a Station Metal-X shield base)."</p>
                <p>"Effects (all optional): Skully draws 2, Cap'n places one more Troop, Jumbo discards an enemy Troop next to it, XB-42 discards a random Troop from the enemy rack, Star draws 1. Then the Terrain's special base does its thing."</p>
                <p>"Win by putting a Troop on an enemy H.Q., or by reaching the Medal objective (hold every base around a region to take its Medals). If a player can neither draw nor place at the start of their turn, more Medals wins and a tie goes against the stuck player."</p>
                <p>"On this board: pick a Troop on your rack, then tap a highlighted spot. Tap or hover a base to see its whole stack."</p>
            </div>
        }
        .into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Rng};
    use rand::SeedableRng;

    #[test]
    fn a_placement_needs_a_picked_troop_first() {
        let legal = [
            A::Draw,
            A::Place {
                troop: Troop::Roxy,
                node: 11,
            },
        ];
        assert!(node_tap(&legal, None, None, 11).is_none());
        assert!(node_tap(&legal, Some(Troop::Star), None, 11).is_none());
        assert_eq!(
            node_tap(&legal, Some(Troop::Roxy), None, 11),
            Some(Tap::Play(legal[1]))
        );
    }

    #[test]
    fn the_eruption_takes_a_source_then_a_destination() {
        let legal = [
            A::Erupt { from: 14, to: 13 },
            A::Erupt { from: 14, to: 16 },
            A::Erupt { from: 20, to: 16 },
            A::Skip,
        ];
        // First tap: a source (a UI step), never a destination.
        assert_eq!(node_tap(&legal, None, None, 14), Some(Tap::EruptFrom(14)));
        assert!(node_tap(&legal, None, None, 13).is_none());
        // Second tap: the destinations of that source; another source re-picks.
        assert_eq!(
            node_tap(&legal, None, Some(14), 16),
            Some(Tap::Play(A::Erupt { from: 14, to: 16 }))
        );
        assert!(node_tap(&legal, None, Some(14), 14).is_none());
        assert_eq!(
            node_tap(&legal, None, Some(14), 20),
            Some(Tap::EruptFrom(20))
        );
    }

    #[test]
    fn a_move_is_marked_on_every_base_it_taps() {
        let place = A::Place {
            troop: Troop::Roxy,
            node: 11,
        };
        assert!(on_node(&place, 11) && !on_node(&place, 12));
        assert!(on_node(&A::JumboDiscard { node: 4 }, 4));
        assert!(on_node(&A::Retreat { node: 9 }, 9));
        let erupt = A::Erupt { from: 14, to: 16 };
        assert!(on_node(&erupt, 14) && on_node(&erupt, 16) && !on_node(&erupt, 13));
        assert!(!on_node(&A::Draw, 11) && !on_node(&A::Skip, 0));
        assert!(is_button(&A::Draw) && is_button(&A::Raise { troop: Troop::Kwak }));
        assert!(!is_button(&place) && !is_button(&erupt));
    }

    #[test]
    fn every_prompt_reads_in_both_languages() {
        for key in TerrainKey::ALL {
            let options = ToyBattleOptions {
                terrain: TerrainChoice::ALL[key as usize],
                beginner: false,
            };
            let mut rng = Rng::seed_from_u64(7);
            let mut s = ToyBattle::new(&options, &mut rng).unwrap();
            for _ in 0..300 {
                let v = ToyBattle::view(&s, s.mover);
                for lang in Lang::ALL {
                    if v.my_turn() {
                        assert!(!prompt_text(&v, lang, None, None).is_empty());
                    }
                    assert!(!choice_name(TerrainChoice::ALL[key as usize], lang).is_empty());
                }
                let legal = ToyBattle::legal(&s);
                let action = match ToyBattle::to_move(&s) {
                    crate::engine::ToMove::Over => break,
                    crate::engine::ToMove::Chance => ToyBattle::sample_chance(&s, &mut rng),
                    _ => legal[(s.turns as usize * 7 + legal.len() / 2) % legal.len()],
                };
                ToyBattle::apply(&mut s, &action).unwrap();
            }
            let v = ToyBattle::view(&s, 0);
            if v.end.is_some() {
                assert!(end_text(&v, Lang::Hu).is_some());
            }
        }
    }
}
