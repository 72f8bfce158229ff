//! Turncoats' table (turncoats.md §2.2): the tri-hex map around the lake, the AXE, the FLAG and
//! the bag, the seat's own hand with the step-by-step action bar, and a live standings panel.
//!
//! Readings where the spec is silent (UI only, the rules are untouched):
//! * Each hex of an area's tri-hex holds one colour: red top left, blue top right, black below,
//!   so a colour is always found in the same place; more than five stones of a colour collapse
//!   into one stone with a count badge. The three colours also differ in shape (red triangle,
//!   blue disc, black square) for colour-blind players.
//! * The AXE (top left), the FLAG and the bag (right) sit in the empty corners of the map's
//!   bounding box rather than at §2.2's suggested spots, so the board stays tall and narrow
//!   and fills a phone's width; the area coordinates are the spec's.
//! * Seats get their own looks (green, purple, gold, teal, orange; ★ ✚ ♦ ♥ ♣), never red, blue
//!   or black and never a faction shape, so a player is not mistaken for a faction.
//! * An action is: tap a hand stone, tap an area, then pick Recruit, Battle or March in the
//!   action bar (a March then asks for the neighbouring area). Every area is offered for a
//!   Battle, no-kill ones included (D5), through [`TurncoatsView::targets`].
//! * Outside one's turn the hand stays face down behind a "Show" toggle; "last move" marks are
//!   what changed on the table since the viewer's own last turn ended.
//! * The turn order (§3.5, drawn at random) is told three ways from the first move on: a
//!   "Turn order" line in the standings panel, the hand-size marks on the map laid out in that
//!   order, and each seat's place ("plays 2nd") in the players panel.

use super::map::{self, AREAS, AREA_COUNT, LAKE};
use super::{
    counted_areas, counted_stones, Board, Colour, Decider, Phase, Standings, Stones, TieSteps,
    Turncoats, TurncoatsAction as A, TurncoatsOptions, TurncoatsView, MAX_PLAYERS, MIN_PLAYERS,
};
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::t;
use crate::ui::{
    activate_on_key, review_notes, svg_marks, use_lang, BoardProps, Cue, Decimal, GameUi, Pointed,
    SeatLook, SeatSpec,
};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The part of the 1000 × 700 canvas the map, the pools and the bag occupy.
const VIEW_BOX: &str = "222 18 556 668";
/// A stone's radius on the map.
const STONE_R: f64 = 8.5;
/// More stones than this of one colour in an area show as one stone and a count.
const CROWDED: u8 = 5;

/// Seats' looks: none is a faction colour or a faction shape.
const TC_LOOKS: [SeatLook; 5] = [
    SeatLook {
        colour: "green",
        names: ["Green", "Zöld"],
        mark: "★",
    },
    SeatLook {
        colour: "purple",
        names: ["Purple", "Lila"],
        mark: "✚",
    },
    SeatLook {
        colour: "yellow",
        names: ["Gold", "Arany"],
        mark: "♦",
    },
    SeatLook {
        colour: "tc-teal",
        names: ["Teal", "Türkiz"],
        mark: "♥",
    },
    SeatLook {
        colour: "tc-orange",
        names: ["Orange", "Narancs"],
        mark: "♣",
    },
];

fn tc_look(seat: Seat) -> SeatLook {
    TC_LOOKS[seat % TC_LOOKS.len()]
}

/// The text mark of a faction, for strings (the board draws the shapes).
fn glyph(c: Colour) -> &'static str {
    match c {
        Colour::Red => "▲",
        Colour::Blue => "●",
        Colour::Black => "■",
    }
}

fn colour_class(c: Colour) -> &'static str {
    match c {
        Colour::Red => "tc-red",
        Colour::Blue => "tc-blue",
        Colour::Black => "tc-black",
    }
}

/// A faction stone at (x, y): a triangle (red), a disc (blue) or a square (black), on its
/// shadow, shaded round by the map's `tc-gloss` gradient, with a glassy highlight.
fn stone(c: Colour, x: f64, y: f64, r: f64) -> AnyView {
    // The same outline three times: the shadow (offset), the stone, its shading.
    let shape = |class: String, dx: f64, dy: f64| {
        let (x, y) = (x + dx, y + dy);
        match c {
            Colour::Red => {
                let (h, w) = (1.25 * r, 1.1 * r);
                view! {
                    <polygon class=class
                        points=format!("{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}", Decimal(y - h), Decimal(x + w), Decimal(y + 0.7 * r), Decimal(x - w), Decimal(y + 0.7 * r), x = Decimal(x))>
                    </polygon>
                }
                .into_any()
            }
            Colour::Blue => {
                view! { <circle class=class cx=Decimal(x) cy=Decimal(y) r=Decimal(r)></circle> }
                    .into_any()
            }
            Colour::Black => {
                let s = 0.9 * r;
                view! { <rect class=class x=Decimal(x - s) y=Decimal(y - s) width=Decimal(2.0 * s) height=Decimal(2.0 * s) rx=Decimal(0.25 * r)></rect> }
                    .into_any()
            }
        }
    };
    let shine_y = if c == Colour::Red {
        y - 0.1 * r
    } else {
        y - 0.35 * r
    };
    view! {
        {shape("tc-shadow".into(), 0.12 * r, 0.22 * r)}
        {shape(format!("tc-stone {}", colour_class(c)), 0.0, 0.0)}
        {shape("tc-gloss".into(), 0.0, 0.0)}
        <ellipse class="tc-shine" cx=Decimal(x - 0.3 * r) cy=Decimal(shine_y) rx=Decimal(0.32 * r) ry=Decimal(0.2 * r)></ellipse>
    }
    .into_any()
}

/// A faction stone as a small inline picture for HTML (buttons, panels).
fn chip(c: Colour) -> impl IntoView {
    view! {
        <svg class="tc-chip" viewBox="-12 -12 24 24" aria-hidden="true">
            {stone(c, 0.0, 0.5, 9.0)}
        </svg>
    }
}

/// The shading every stone wears (`.tc-gloss`): light from the top left, a dark rim at the
/// bottom right. In the stone's own box, so one gradient serves every shape and size; the map
/// defines it once, and the hand's chips on the same page use it too.
fn gloss() -> impl IntoView {
    view! {
        <defs>
            <radialGradient id="tc-gloss" cx="0.4" cy="0.38" r="0.68" fx="0.32" fy="0.26">
                <stop offset="0" stop-color="#fff" stop-opacity="0.5"></stop>
                <stop offset="0.45" stop-color="#fff" stop-opacity="0"></stop>
                <stop offset="0.8" stop-color="#000" stop-opacity="0.05"></stop>
                <stop offset="1" stop-color="#000" stop-opacity="0.38"></stop>
            </radialGradient>
        </defs>
    }
}

/// A small axe (AXE pool, area badges), centred at (x, y), about 2·s wide.
fn axe_icon(x: f64, y: f64, s: f64) -> impl IntoView {
    view! {
        <g class="tc-icon" transform=format!("translate({x:.1},{y:.1}) scale({:.3})", Decimal(s / 10.0), x = Decimal(x), y = Decimal(y))>
            <path class="tc-icon-handle" d="M-7,9 L5,-7"></path>
            <path class="tc-icon-blade" d="M1,-10 C8,-12 13,-5 10,2 L3,-5 Z"></path>
        </g>
    }
}

/// A small flag, centred at (x, y), about 2·s tall.
fn flag_icon(x: f64, y: f64, s: f64) -> impl IntoView {
    view! {
        <g class="tc-icon" transform=format!("translate({x:.1},{y:.1}) scale({:.3})", Decimal(s / 10.0), x = Decimal(x), y = Decimal(y))>
            <path class="tc-icon-handle" d="M-6,10 L-6,-10"></path>
            <path class="tc-icon-cloth" d="M-6,-10 L9,-6 L-6,-1 Z"></path>
        </g>
    }
}

/// Where the stones of a colour sit around their hex centre (up to [`CROWDED`]).
fn spots(n: u8) -> &'static [(f64, f64)] {
    match n {
        1 => &[(0.0, 0.0)],
        2 => &[(-10.0, 0.0), (10.0, 0.0)],
        3 => &[(-10.0, -8.0), (10.0, -8.0), (0.0, 9.0)],
        4 => &[(-10.0, -10.0), (10.0, -10.0), (-10.0, 10.0), (10.0, 10.0)],
        5 => &[
            (-19.0, -9.0),
            (0.0, -9.0),
            (19.0, -9.0),
            (-10.0, 10.0),
            (10.0, 10.0),
        ],
        _ => &[],
    }
}

/// The stones of one colour in one hex of area `area`. Each is a piece for the table's motion
/// (`stone-AREA-COLOUR-K`): a stone new here comes from the hand of `mover`, or from the area a
/// stone of its colour left in the same action (`data-kind`).
fn cluster(c: Colour, n: u8, (x, y): (f64, f64), area: usize, mover: Seat) -> AnyView {
    if n == 0 {
        return ().into_any();
    }
    let colour = colour_class(c);
    let piece = move |k: usize, body: AnyView| {
        view! {
            <g data-piece=format!("stone-{area}-{colour}-{k}") data-kind=format!("tc-{colour}")
                data-from=format!("hand-{mover}")>
                {body}
            </g>
        }
    };
    if n <= CROWDED {
        return spots(n)
            .iter()
            .enumerate()
            .map(|(k, &(dx, dy))| piece(k, stone(c, x + dx, y + dy, STONE_R)))
            .collect_view()
            .into_any();
    }
    view! {
        {piece(0, stone(c, x - 9.0, y, 11.0))}
        <text class="tc-count" x=Decimal(x + 4.0) y=Decimal(y + 6.0) data-count=format!("stones-{area}-{colour}")>{format!("×{n}")}</text>
    }
    .into_any()
}

/// "red 2, blue 1" ("piros 2, kék 1"), or "empty".
fn contents(stones: &Stones, lang: Lang) -> String {
    if stones.is_empty() {
        return t!(lang, "empty", "üres");
    }
    stones
        .colours()
        .map(|c| format!("{} {}", c.name_in(lang), stones[c]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the viewer chose so far in this turn (UI state only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Pick {
    /// The turn the choice belongs to: a choice never outlives its turn.
    turns: u32,
    colour: Colour,
    area: Option<u8>,
    marching: bool,
}

/// What changed on the table since the viewer's own last turn ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Changes {
    areas: [bool; AREA_COUNT],
    axe: Stones,
    flag: Stones,
}

/// Per seat: whether the seat was on turn when last seen, and the table when its turn ended.
#[derive(Clone, Copy, Default, Serialize, Deserialize)]
struct Since {
    on_turn: bool,
    end_of_turn: Option<(u32, Board)>,
}

/// UI state kept in the tab's sessionStorage, so that the hand-off screen (which re-creates the
/// board) and a reload show the table exactly as it was: the last-move baselines, the
/// half-made choice (with the table it was made on) and which seat asked to see its hand.
/// Never game state: the match record is the table's.
#[derive(Clone, Default, Serialize, Deserialize)]
struct UiMemory {
    since: Vec<Since>,
    pick: Option<(Pick, Board)>,
    hand_shown_for: Option<Seat>,
}

const UI_KEY: &str = "turf.ui.turncoats";

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

fn recall() -> UiMemory {
    session()
        .and_then(|s| s.get_item(UI_KEY).ok().flatten())
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

fn remember(change: impl FnOnce(&mut UiMemory)) {
    let mut memory = recall();
    change(&mut memory);
    if let (Some(store), Ok(text)) = (session(), serde_json::to_string(&memory)) {
        let _ = store.set_item(UI_KEY, &text);
    }
}

fn changes_for(v: &TurncoatsView) -> Changes {
    let mut baseline = None;
    remember(|memory| {
        let all = &mut memory.since;
        if all.len() < v.players as usize {
            all.resize(v.players as usize, Since::default());
        }
        let Some(me) = all.get_mut(v.seat) else {
            return;
        };
        // A turn count going back means a new game or an undo: start afresh.
        if me.end_of_turn.is_some_and(|(t, _)| t > v.turns) {
            *me = Since::default();
        }
        let on_turn = v.mover == v.seat && v.phase != Phase::Over;
        if me.on_turn && !on_turn {
            me.end_of_turn = Some((v.turns, v.board));
        }
        me.on_turn = on_turn;
        baseline = me.end_of_turn.map(|(_, b)| b);
    });
    let Some(before) = baseline else {
        return Changes::default();
    };
    let gain = |now: &Stones, then: &Stones| {
        Stones::new(
            now.red.saturating_sub(then.red),
            now.blue.saturating_sub(then.blue),
            now.black.saturating_sub(then.black),
        )
    };
    Changes {
        areas: std::array::from_fn(|a| before.areas[a] != v.board.areas[a]),
        axe: gain(&v.board.axe, &before.axe),
        flag: gain(&v.board.flag, &before.flag),
    }
}

/// Whether the viewer may pick an action now (its turn, choosing, and the table lets it act).
fn choosing(v: &TurncoatsView, legal: &[A]) -> bool {
    !legal.is_empty() && v.phase == Phase::Choose && v.mover == v.seat
}

/// What tapping area `a` does in the current step.
#[derive(Clone, Copy, PartialEq)]
enum AreaTap {
    /// Select it as the area of the picked stone (a UI step).
    Select(Pick),
    /// Play this action.
    Play(A),
}

fn area_tap(pick: Option<Pick>, a: u8) -> Option<AreaTap> {
    let p = pick?;
    match p.area {
        Some(from) if p.marching => map::adjacent(from, a).then_some(AreaTap::Play(A::March {
            colour: p.colour,
            from,
            to: a,
        })),
        _ => Some(AreaTap::Select(Pick {
            area: Some(a),
            marching: false,
            ..p
        })),
    }
}

/// One pool (AXE or FLAG): a tray with the three colours' counts.
fn pool(
    title: String,
    icon: AnyView,
    stones: Stones,
    fresh: Stones,
    (x, y): (f64, f64),
    label: String,
) -> impl IntoView {
    let (w, h) = (124.0, 126.0);
    let rows = Colour::ALL
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let ry = y + 58.0 + 24.0 * i as f64;
            let plus = (fresh[c] > 0).then(|| {
                view! { <text class="tc-fresh-count" x=Decimal(x + 96.0) y=Decimal(ry + 5.0)>{format!("+{}", fresh[c])}</text> }
            });
            view! {
                {stone(c, x + 34.0, ry, 8.0)}
                <text class="tc-pool-count" x=Decimal(x + 56.0) y=Decimal(ry + 6.5) data-count=format!("{title}-{}", colour_class(c))>{stones[c]}</text>
                {plus}
            }
        })
        .collect_view();
    view! {
        <g class="tc-pool" role="img" aria-label=label>
            <rect class="tc-tray" x=Decimal(x) y=Decimal(y) width=Decimal(w) height=Decimal(h) rx="12"></rect>
            {icon}
            <text class="tc-pool-title" x=Decimal(x + 40.0) y=Decimal(y + 28.0)>{title}</text>
            {rows}
        </g>
    }
}

/// Whether an action is played with a stone of this colour from the hand: the first tap of a
/// Recruit, a Battle or a March.
fn with_stone(a: &A, colour: Colour) -> bool {
    matches!(*a, A::Recruit { colour: c, .. } | A::Battle { colour: c, .. } | A::March { colour: c, .. } if c == colour)
}

/// Whether an action is played on area `area`: a Recruit or a Battle there, a March from or to it.
fn in_area(a: &A, area: u8) -> bool {
    match *a {
        A::Recruit { area: x, .. } | A::Battle { area: x, .. } => x == area,
        A::March { from, to, .. } => from == area || to == area,
        _ => false,
    }
}

/// A seat's decision in words, for a review that shows it where no button is drawn (the action
/// bar is empty outside one's turn); `None` for chance.
fn action_words(a: &A, lang: Lang) -> Option<String> {
    Some(match *a {
        A::Recruit { colour, area } => t!(
            lang,
            "Recruit a {} stone into {}",
            "{} kő toborzása ide: {}",
            colour.name_in(lang),
            map::area_name(area, lang)
        ),
        A::Battle { colour, area } => t!(
            lang,
            "Battle with {} in {}",
            "Csata {} kővel itt: {}",
            colour.name_in(lang),
            map::area_name(area, lang)
        ),
        A::March { colour, from, to } => t!(
            lang,
            "March {} from {} to {}",
            "{} vonulás innen: {}, ide: {}",
            colour.name_in(lang),
            map::area_name(from, lang),
            map::area_name(to, lang)
        ),
        A::Kill { kills } => {
            let words = kills
                .colours()
                .map(|c| format!("{} {}", kills[c], c.name_in(lang)))
                .collect::<Vec<_>>()
                .join(lang.pick(" and ", " és "));
            t!(lang, "Kill {words}", "Levágás: {words}")
        }
        A::MarchCount { count } => t!(
            lang,
            "March {}",
            "{} vonul",
            counted_stones(count, None, lang)
        ),
        A::Negotiate => t!(lang, "Negotiate", "Tárgyalás"),
        A::NegotiateReturn { colour } => t!(
            lang,
            "Return a {} stone to the bag",
            "{} kő vissza a zsákba",
            colour.name_in(lang)
        ),
        A::Draw { .. } => return None,
    })
}

/// A move's sounds, from the map alone (a hand is its holder's): a stone laid (recruited, or
/// spent on the AXE or the FLAG), then a capture where a battle killed stones.
fn cues(before: &Board, after: &Board) -> Vec<Cue> {
    let on_map = |b: &Board| b.areas.iter().map(|a| u32::from(a.total())).sum::<u32>();
    let (was, now) = (on_map(before), on_map(after));
    let laid = now > was
        || after.axe.total() > before.axe.total()
        || after.flag.total() > before.flag.total();
    [(laid, Cue::Lay), (now < was, Cue::Capture)]
        .into_iter()
        .filter_map(|(heard, cue)| heard.then_some(cue))
        .collect()
}

/// What one area of the map shows: everything its drawing reads, so an area whose look has
/// not changed keeps its elements.
#[derive(Clone, PartialEq)]
struct AreaLook {
    tap: Option<AreaTap>,
    /// Emphasised during a follow-up step (the Kill's area, a March's two ends, the picked one).
    chosen: bool,
    /// Changed since the viewer's own last turn.
    changed: bool,
    label: String,
    stones: Stones,
    ctrl: Option<Colour>,
    decided: Decider,
}

impl AreaLook {
    /// The area's fill: its holder's colour, empty, or contested.
    fn ctrl_class(&self) -> String {
        match self.ctrl {
            Some(c) => format!("ctrl-{}", c.name()),
            None if self.stones.is_empty() => "ctrl-empty".to_string(),
            None => "ctrl-contested".to_string(),
        }
    }
}

fn area_looks(
    v: &TurncoatsView,
    legal_now: bool,
    p: Option<Pick>,
    marks: &Changes,
    lang: Lang,
) -> Vec<AreaLook> {
    let board = &v.board;
    let standing = board.standings();
    let focus: Vec<u8> = match (v.phase, p) {
        (Phase::Kill { area, .. }, _) => vec![area],
        (Phase::MarchCount { from, to, .. }, _) => vec![from, to],
        (_, Some(Pick { area: Some(a), .. })) => vec![a],
        _ => Vec::new(),
    };
    AREAS
        .iter()
        .map(|area| {
            let a = area.id;
            let i = a as usize;
            let n = board.areas[i];
            let tap = if legal_now { area_tap(p, a) } else { None };
            let (ctrl, decided) = (standing.control[i], standing.decided_by[i]);
            let name = map::area_name(a, lang);
            let holder = match (ctrl, decided) {
                (Some(c), Decider::Majority) => {
                    t!(lang, "held by {}", "{} kezében", c.name_in(lang))
                }
                (Some(c), Decider::Axe) => t!(
                    lang,
                    "held by {} on the AXE tie-break",
                    "{} kezében a FEJSZE döntése alapján",
                    c.name_in(lang)
                ),
                (Some(c), _) => t!(
                    lang,
                    "held by {} on the FLAG tie-break",
                    "{} kezében a ZÁSZLÓ döntése alapján",
                    c.name_in(lang)
                ),
                (None, _) if n.is_empty() => t!(lang, "nobody's", "senkié"),
                (None, _) => t!(lang, "contested", "vitatott"),
            };
            let hint = match tap {
                Some(AreaTap::Play(_)) => t!(lang, ", march here", ", vonulj ide"),
                Some(AreaTap::Select(_)) => {
                    t!(lang, ", choose this area", ", válaszd ezt a területet")
                }
                None => String::new(),
            };
            AreaLook {
                tap,
                chosen: focus.contains(&a),
                changed: marks.areas[i],
                label: format!("{name}: {}; {holder}{hint}", contents(&n, lang)),
                stones: n,
                ctrl,
                decided,
            }
        })
        .collect()
}

pub fn board(props: BoardProps<Turncoats>) -> AnyView {
    let BoardProps {
        view,
        legal,
        play,
        pointed,
    } = props;
    let lang = use_lang();
    let memory = recall();
    let (seat, board_now) = view.with_untracked(|v| (v.seat, v.board));
    let pick = RwSignal::new(memory.pick.filter(|(_, b)| *b == board_now).map(|(p, _)| p));
    let show_hand = RwSignal::new(memory.hand_shown_for == Some(seat));
    Effect::new(move |_| {
        let p = pick.get();
        let b = view.with_untracked(|v| v.board);
        remember(|m| m.pick = p.map(|p| (p, b)));
    });
    Effect::new(move |_| {
        let shown = show_hand.get();
        let seat = view.with_untracked(|v| v.seat);
        remember(|m| m.hand_shown_for = shown.then_some(seat));
    });
    // The pick in force: only during the viewer's own choice, in the turn it was made, while
    // the stone is still in hand.
    let current = Memo::new(move |_| {
        let p = pick.get()?;
        let ok = view
            .with(|v| legal.with(|l| choosing(v, l)) && p.turns == v.turns && v.hand[p.colour] > 0);
        ok.then_some(p)
    });
    let changes = Memo::new(move |_| view.with(changes_for));
    let act = move |a: A| {
        pick.set(None);
        play.run(a);
    };

    // The map is drawn once; each area redraws from its own look ([`AreaLook`]), its stones by
    // colour and its badge only when they change, and the trays, the bag and the hands from
    // theirs, so an action touches what it changed. Redrawn whole, the map rewrote about 2,500
    // nodes and attributes at every action (issue #20 target 2).
    let looks = Memo::new(move |_| {
        let lang = lang.get();
        let p = current.get();
        let marks = changes.get();
        view.with(|v| legal.with(|l| area_looks(v, choosing(v, l), p, &marks, lang)))
    });
    let area_view = move |area: &'static map::Area| {
        let a = area.id;
        let i = a as usize;
        let look = Memo::new(move |_| looks.with(|l| l[i].clone()));
        let tap = move || look.with(|l| l.tap);
        let run = move || match look.with_untracked(|l| l.tap) {
            Some(AreaTap::Play(action)) => act(action),
            Some(AreaTap::Select(next)) => pick.set(Some(next)),
            None => {}
        };
        let key = activate_on_key(run);
        let here = move |x: &A| in_area(x, a);
        let centres = area.hexes.map(|(q, r)| map::hex_center(q, r));
        let clusters = Colour::ALL
            .into_iter()
            .map(|c| {
                let n = Memo::new(move |_| look.with(|l| l.stones[c]));
                // A stone new here came from the hand of the seat on turn.
                move || {
                    cluster(
                        c,
                        n.get(),
                        centres[c.index()],
                        i,
                        view.with_untracked(|v| v.mover),
                    )
                }
            })
            .collect_view();
        let (cx, cy) = (area.center.0 as f64, area.center.1 as f64);
        let held = Memo::new(move |_| look.with(|l| (l.ctrl, l.decided, l.stones.is_empty())));
        let badge = move || {
            match held.get() {
            (Some(c), decided, _) => {
                let tie = match decided {
                    Decider::Axe => Some(axe_icon(cx + 15.0, cy - 11.0, 6.0).into_any()),
                    Decider::Flag => Some(flag_icon(cx + 15.0, cy - 11.0, 6.0).into_any()),
                    _ => None,
                };
                Some(view! {
                    <circle class=format!("tc-badge {}", colour_class(c)) cx=Decimal(cx) cy=Decimal(cy) r="13"></circle>
                    {stone(c, cx, cy + 0.5, 7.0)}
                    {tie}
                }
                .into_any())
            }
            (None, _, false) => Some(
                view! {
                    <circle class="tc-badge tc-badge-contested" cx=Decimal(cx) cy=Decimal(cy) r="13"></circle>
                    <text class="tc-badge-eq" x=Decimal(cx) y=Decimal(cy + 5.5)>"="</text>
                }
                .into_any(),
            ),
            (None, _, true) => None,
        }
        };
        let homeland = area.homeland.map(|c| {
            let (x, y) = (cx, cy + 79.0);
            view! {
                <circle class=format!("tc-home {}", colour_class(c)) cx=Decimal(x - 8.0) cy=Decimal(y) r="4"></circle>
                <circle class=format!("tc-home {}", colour_class(c)) cx=Decimal(x + 8.0) cy=Decimal(y) r="4"></circle>
            }
        });
        let changed = move || look.with(|l| l.changed);
        let fresh = move || {
            changed()
                .then(|| view! { <circle class="tc-new" cx=Decimal(cx - 16.0) cy=Decimal(cy - 11.0) r="5"></circle> })
        };
        view! {
            <g
                class="tc-area-g"
                class:target=move || tap().is_some()
                class:chosen=move || look.with(|l| l.chosen)
                class:changed=changed
                data-legal=move || tap().map(|_| "")
                data-hint=move || props.hint_on(here)
                data-review=move || props.review_on(here)
                data-area=a.to_string()
                role=move || if tap().is_some() { "button" } else { "img" }
                tabindex=move || tap().map(|_| "0")
                aria-label=move || look.with(|l| l.label.clone())
                on:click=move |_| run()
                on:keydown=key
            >
                <title>{move || format!("{} ({a})", map::area_name(a, lang.get()))}</title>
                <polygon class=move || look.with(|l| format!("tc-area {}", l.ctrl_class())) points=area.polygon></polygon>
                <polygon class="tc-hl" points=area.polygon></polygon>
                {homeland}
                {clusters}
                {badge}
                {fresh}
            </g>
        }
    };
    let trays = Memo::new(move |_| {
        let marks = changes.get();
        view.with(|v| (v.board.axe, marks.axe, v.board.flag, marks.flag))
    });
    let bag_size = Memo::new(move |_| view.with(|v| v.bag_size));
    let streak = Memo::new(move |_| view.with(|v| (v.players, v.streak)));
    let hand_sizes = Memo::new(move |_| {
        view.with(|v| {
            let sizes: Vec<(Seat, u8)> = turn_order(v)
                .iter()
                .map(|&s| (s, v.hand_sizes.get(s).copied().unwrap_or(0)))
                .collect();
            (sizes, v.mover, v.players)
        })
    });
    let svg = move || {
        let lang = lang.get();
        let areas = AREAS.iter().map(area_view).collect_view();
        // The marks of the hint and the review's moves, above every area so that no
        // neighbour covers their rings.
        let area_marks = AREAS
            .iter()
            .map(|area| {
                let a = area.id;
                let here = move |x: &A| in_area(x, a);
                let points = area.polygon;
                let ring =
                    move |class| view! { <polygon class=class points=points></polygon> }.into_any();
                let (cx, cy) = (area.center.0 as f64, area.center.1 as f64);
                move || {
                    svg_marks(
                        props.hint_on(here),
                        props.review_on(here),
                        ring,
                        (cx + 30.0, cy - 34.0),
                        11.0,
                    )
                }
            })
            .collect_view();
        let lake = view! {
            <g class="tc-lake" role="img" aria-label=t!(lang, "The lake (impassable)", "A tó (járhatatlan)")>
                <polygon class="tc-lake-water" points=LAKE.polygon></polygon>
                <path class="tc-wave" d="M404,296 q10,-7 20,0 t20,0 t20,0"></path>
                <path class="tc-wave" d="M414,318 q10,-7 20,0 t20,0"></path>
                <path class="tc-wave" d="M424,340 q9,-6 18,0"></path>
                <text class="tc-lake-name" x="442" y="372">{t!(lang, "The Mere", "A Tó")}</text>
            </g>
        };
        let pools = move || {
            let (axe, axe_fresh, flag, flag_fresh) = trays.get();
            let axe = pool(
                t!(lang, "AXE", "FEJSZE"),
                axe_icon(254.0, 42.0, 11.0).into_any(),
                axe,
                axe_fresh,
                (232.0, 24.0),
                t!(lang, "AXE: {}", "FEJSZE: {}", contents(&axe, lang)),
            );
            let flag = pool(
                t!(lang, "FLAG", "ZÁSZLÓ"),
                flag_icon(671.0, 299.0, 11.0).into_any(),
                flag,
                flag_fresh,
                (648.0, 280.0),
                t!(lang, "FLAG: {}", "ZÁSZLÓ: {}", contents(&flag, lang)),
            );
            view! { {axe} {flag} }
        };
        let bag = view! {
            <g class="tc-bag" role="img" aria-label=move || t!(lang, "Bag: {}", "Zsák: {}", counted_stones(bag_size.get(), None, lang))>
                <path class="tc-sack" d="M692,468 Q668,486 668,522 Q668,556 710,556 Q752,556 752,522 Q752,486 728,468 Z"></path>
                <path class="tc-sack-top" d="M694,470 Q700,446 710,458 Q720,446 726,470"></path>
                <path class="tc-sack-tie" d="M690,469 L730,469"></path>
                <text class="tc-bag-count" x="710" y="524" data-count="bag">{move || bag_size.get()}</text>
                <text class="tc-caption" x="710" y="578">{t!(lang, "Bag", "Zsák")}</text>
            </g>
        };
        let streak_box = move || {
            let (n, streak) = streak.get();
            let dots = (0..n)
                .map(|k| {
                    let x = 710.0 + (k as f64 - (n as f64 - 1.0) / 2.0) * 18.0;
                    view! { <circle class="tc-streak-dot" class:on=k < streak cx=Decimal(x) cy="630" r="6"></circle> }
                })
                .collect_view();
            view! {
                <g class="tc-streak" role="img"
                    aria-label=t!(lang, "Negotiations in a row: {streak} of {n}", "Tárgyalások egymás után: {streak}/{n}")>
                    <text class="tc-caption tc-small" x="710" y="598">{t!(lang, "Negotiations", "Tárgyalások")}</text>
                    <text class="tc-caption tc-small" x="710" y="612">{t!(lang, "in a row", "egymás után")}</text>
                    {dots}
                </g>
            }
        };
        // Laid out in turn order (§3.5), so the marks read as who plays after whom.
        let hands_box = move || {
            let (sizes, mover, n) = hand_sizes.get();
            let hands = sizes
                .iter()
                .enumerate()
                .map(|(place, &(s, size))| {
                    let look = tc_look(s);
                    let x = 711.0 + (place as f64 - (n as f64 - 1.0) / 2.0) * 25.0;
                    view! {
                        <text class=format!("tc-hand-mark seat-{}", look.colour) class:mover=s == mover x=Decimal(x) y="62">{look.mark}</text>
                        <text class="tc-hand-size" x=Decimal(x) y="84" data-anchor=format!("hand-{s}") data-count=format!("hand-{s}")>{size}</text>
                    }
                })
                .collect_view();
            let hands_label = sizes
                .iter()
                .map(|&(s, size)| format!("{} {size}", tc_look(s).colour_name(lang)))
                .collect::<Vec<_>>()
                .join(", ");
            view! {
                <g class="tc-hands" role="img" aria-label=t!(lang, "Stones in hand: {hands_label}", "Kövek a kézben: {hands_label}")>
                    <text class="tc-caption tc-small" x="711" y="38">{t!(lang, "Stones in hand", "Kövek a kézben")}</text>
                    {hands}
                </g>
            }
        };
        let legend = Colour::ALL
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                let y = 626.0 + 22.0 * i as f64;
                view! {
                    {stone(c, 244.0, y, 7.0)}
                    <text class="tc-legend" x="258" y=Decimal(y + 5.0)>{c.title(lang)}</text>
                }
            })
            .collect_view();
        view! {
            <svg class="board tc-map" viewBox=VIEW_BOX role="group" preserveAspectRatio="xMidYMid meet"
                aria-label=t!(lang, "Turncoats map", "Turncoats térkép")>
                {gloss()}
                {lake}
                {areas}
                {area_marks}
                {pools}
                {bag}
                {streak_box}
                {hands_box}
                <g class="tc-legend-g" aria-hidden="true">{legend}</g>
            </svg>
        }
    };

    let hand_bar = move || {
        let lang = lang.get();
        let p = current.get();
        view.with(|v| {
            let my_turn = v.mover == v.seat && v.phase != Phase::Over;
            let legal_now = legal.with(|l| choosing(v, l));
            let shown = my_turn || show_hand.get() || v.phase == Phase::Over;
            let size = v.hand.total();
            if !shown {
                return view! {
                    <div class="tc-hand tc-hand-hidden">
                        <span class="tc-label">{t!(lang, "Your hand: {}, face down", "A kezed: {}, lefordítva", counted_stones(size, None, lang))}</span>
                        <button class="tc-small-btn" on:click=move |_| show_hand.set(true)>{t!(lang, "Show", "Mutasd")}</button>
                    </div>
                }
                .into_any();
            }
            let stones = Colour::ALL
                .into_iter()
                .filter(|&c| v.hand[c] > 0)
                .map(|c| {
                    let count = v.hand[c];
                    let selectable = legal_now;
                    let selected = p.is_some_and(|p| p.colour == c);
                    let turns = v.turns;
                    let label = if selectable {
                        t!(lang, "{} stone ×{count} in hand: pick it", "{} kő ×{count} a kezedben: válaszd", c.title(lang))
                    } else {
                        t!(lang, "{} stones in hand ×{count}", "{} kő a kezedben ×{count}", c.title(lang))
                    };
                    let drawn = v.drawn == Some(c);
                    view! {
                        <button
                            class=format!("tc-hand-stone {}", colour_class(c))
                            class:selected=selected
                            class:drawn=drawn
                            data-legal=selectable.then_some("")
                            data-hint=move || props.hint_on(|a| with_stone(a, c))
                            data-review=move || props.review_on(|a| with_stone(a, c))
                            data-colour=c.name()
                            disabled=!selectable
                            aria-pressed=selectable.then(|| selected.to_string())
                            aria-label=label
                            on:click=move |_| {
                                if selectable {
                                    pick.set(Some(Pick { turns, colour: c, area: None, marching: false }));
                                }
                            }
                        >
                            {chip(c)}
                            <span class="tc-times">"×" {count}</span>
                        </button>
                    }
                })
                .collect_view();
            let hide = (!my_turn && v.phase != Phase::Over).then(|| {
                view! { <button class="tc-small-btn" on:click=move |_| show_hand.set(false)>{t!(lang, "Hide", "Elrejt")}</button> }
            });
            let empty = (size == 0).then(|| view! { <span class="tc-muted">{t!(lang, "empty", "üres")}</span> });
            view! {
                <div class="tc-hand" data-testid="tc-hand" data-hand-seat=v.seat.to_string()
                    role="group" aria-label=t!(lang, "Your hand", "A kezed")>
                    <span class="tc-label">{t!(lang, "Your hand", "A kezed")}</span>
                    {stones}
                    {empty}
                    {hide}
                </div>
            }
            .into_any()
        })
    };

    let step = move || {
        let lang = lang.get();
        let p = current.get();
        let legal_now = legal.get();
        view.with(|v| step_view(v, &legal_now, p, lang, pick, act, pointed))
    };
    // In a review the action bar is empty: the two moves are named in words there.
    let notes = review_notes(pointed, move |a: &A, lang| {
        if legal.with(|l| l.contains(a)) {
            return None;
        }
        action_words(a, lang)
    });

    let standings = move || {
        let lang = lang.get();
        view.with(|v| standings_view(v, lang))
    };

    view! {
        <div class="turncoats">
            <div class="tc-bar">
                {hand_bar}
                <div class="tc-step" aria-live="polite">{step}{notes}</div>
            </div>
            <div class="tc-map-wrap">{svg}</div>
            {standings}
        </div>
    }
    .into_any()
}

/// The action bar's current step: what to do next, with its buttons.
fn step_view(
    v: &TurncoatsView,
    legal: &[A],
    p: Option<Pick>,
    lang: Lang,
    pick: RwSignal<Option<Pick>>,
    act: impl Fn(A) + Copy + 'static,
    pointed: Signal<Pointed<A>>,
) -> AnyView {
    let button = move |action: A, label: String, body: AnyView, class: &'static str| {
        view! {
            // Named by its words: the visible text is hidden from assistive tech and the
            // spoken name (which holds the same words) says where and with what, so no
            // aria-label has to repeat the visible text in order.
            <button class=format!("tc-choice {class}") data-legal=""
                data-hint=move || pointed.with(|p| p.hint_on(|h| *h == action))
                data-review=move || pointed.with(|p| p.review_on(|h| *h == action))
                on:click=move |_| act(action)>
                <span class="face" aria-hidden="true">{body}</span>
                <span class="sr-only">{label}</span>
            </button>
        }
        .into_any()
    };
    let text = |s: String| view! { <span class="tc-step-text">{s}</span> }.into_any();
    if legal.is_empty() {
        return match v.phase {
            Phase::Over => text(t!(
                lang,
                "The game is over: all hands are revealed below.",
                "Vége a játéknak: lent minden kéz látható."
            )),
            _ => ().into_any(),
        };
    }
    match v.phase {
        Phase::Choose => {
            let negotiate = button(
                A::Negotiate,
                t!(
                    lang,
                    "Negotiate: draw a stone from the bag, then return one",
                    "Tárgyalás: húzz egy követ a zsákból, aztán tegyél vissza egyet"
                ),
                view! { <span>{t!(lang, "Negotiate", "Tárgyalás")}</span> }.into_any(),
                "tc-negotiate",
            );
            let back = |to: Option<Pick>, label: String| {
                view! { <button class="tc-small-btn" on:click=move |_| pick.set(to)>{label}</button> }.into_any()
            };
            match p {
                None => view! {
                    {text(t!(lang, "Pick a stone from your hand, then an area, or negotiate.", "Válassz egy követ a kezedből, aztán egy területet, vagy tárgyalj."))}
                    {negotiate}
                }
                .into_any(),
                Some(Pick { colour, area: None, .. }) => view! {
                    {chip(colour)}
                    {text(t!(lang, "{} stone: tap an area on the map.", "{} kő: koppints egy területre a térképen.", colour.title(lang)))}
                    {back(None, t!(lang, "Cancel", "Mégse"))}
                }
                .into_any(),
                Some(Pick { colour, area: Some(a), marching: false, turns }) => {
                    let name = map::area_name(a, lang);
                    let here = v.board.areas[a as usize][colour];
                    let targets = v.targets(colour);
                    let kills = targets.battle.iter().find(|(b, _)| *b == a).map_or(0, |&(_, k)| k);
                    let recruit = button(
                        A::Recruit { colour, area: a },
                        t!(lang, "Recruit a {} stone into {name}", "{} kő toborzása ide: {name}", colour.name_in(lang)),
                        view! {
                            <b>{t!(lang, "Recruit", "Toborzás")}</b>
                            <small>{format!("{} {here} → {}", glyph(colour), here + 1)}</small>
                        }
                        .into_any(),
                        "",
                    );
                    let battle_note = if kills == 0 {
                        t!(lang, "no kills, AXE only", "nincs levágás, csak FEJSZE")
                    } else {
                        t!(lang, "kills {kills}", "{kills} levágás")
                    };
                    let battle = button(
                        A::Battle { colour, area: a },
                        t!(lang, "Battle with {} in {name}: {battle_note}", "Csata {} kővel itt: {name}: {battle_note}", colour.name_in(lang)),
                        view! {
                            <b>{t!(lang, "Battle", "Csata")}</b>
                            <small>{battle_note.clone()}</small>
                        }
                        .into_any(),
                        "",
                    );
                    let march = (here > 0).then(|| {
                        let next = Some(Pick { turns, colour, area: Some(a), marching: true });
                        let marching = move |h: &A| matches!(*h, A::March { colour: c, from, .. } if c == colour && from == a);
                        view! {
                            <button class="tc-choice" data-legal=""
                                data-hint=move || pointed.with(|p| p.hint_on(marching))
                                data-review=move || pointed.with(|p| p.review_on(marching))
                                on:click=move |_| pick.set(next)>
                                <span class="face" aria-hidden="true">
                                    <b>{t!(lang, "March", "Vonulás")}</b>
                                    <small>{t!(lang, "from here…", "innen…")}</small>
                                </span>
                                <span class="sr-only">{t!(lang, "March {} stones from {name}", "{} kövek vonulása innen: {name}", colour.name_in(lang))}</span>
                            </button>
                        }
                    });
                    view! {
                        {chip(colour)}
                        {text(format!("{name}:"))}
                        {recruit}
                        {battle}
                        {march}
                        {back(Some(Pick { turns, colour, area: None, marching: false }), t!(lang, "Back", "Vissza"))}
                    }
                    .into_any()
                }
                Some(Pick { colour, area: Some(from), marching: true, turns }) => {
                    let name = map::area_name(from, lang);
                    let dests = AREAS[from as usize]
                        .adjacent
                        .iter()
                        .map(|&to| {
                            let dest = map::area_name(to, lang);
                            button(
                                A::March { colour, from, to },
                                t!(lang, "March {} from {name} to {dest}", "{} vonulás innen: {name}, ide: {dest}", colour.name_in(lang)),
                                view! { <span>{format!("→ {dest}")}</span> }.into_any(),
                                "",
                            )
                        })
                        .collect_view();
                    view! {
                        {chip(colour)}
                        {text(t!(lang, "March from {name} to a neighbouring area:", "Vonulás innen: {name}, egy szomszédos területre:"))}
                        {dests}
                        {back(Some(Pick { turns, colour, area: Some(from), marching: false }), t!(lang, "Back", "Vissza"))}
                    }
                    .into_any()
                }
            }
        }
        Phase::Kill {
            colour,
            area,
            count,
        } => {
            let name = map::area_name(area, lang);
            let splits = legal
                .iter()
                .filter_map(|&a| match a {
                    A::Kill { kills } => Some((a, kills)),
                    _ => None,
                })
                .map(|(a, kills)| {
                    let body = kills
                        .colours()
                        .map(|c| view! { <span class="tc-kill">{chip(c)} "×" {kills[c]}</span> })
                        .collect_view()
                        .into_any();
                    let words = kills
                        .colours()
                        .map(|c| format!("{} {}", kills[c], c.name_in(lang)))
                        .collect::<Vec<_>>()
                        .join(lang.pick(" and ", " és "));
                    button(a, t!(lang, "Kill {words}", "Levágás: {words}"), body, "")
                })
                .collect_view();
            view! {
                {chip(colour)}
                {text({
                    let stones = counted_stones(count, None, lang);
                    t!(lang, "Battle in {name}: choose the {stones} to kill.", "Csata itt: {name}: levágandó: {stones}.")
                })}
                {splits}
            }
            .into_any()
        }
        Phase::MarchCount { colour, from, to } => {
            let (a, b) = (map::area_name(from, lang), map::area_name(to, lang));
            let counts = legal
                .iter()
                .filter_map(|&x| match x {
                    A::MarchCount { count } => Some((x, count)),
                    _ => None,
                })
                .map(|(x, count)| {
                    button(
                        x,
                        t!(
                            lang,
                            "March {}",
                            "{} vonul",
                            counted_stones(count, None, lang)
                        ),
                        view! { <b>{count}</b> }.into_any(),
                        "tc-count-btn",
                    )
                })
                .collect_view();
            view! {
                {chip(colour)}
                {text(t!(lang, "How many {} stones march from {a} to {b}?", "Hány {} kő vonuljon innen: {a}, ide: {b}?", colour.name_in(lang)))}
                {counts}
            }
            .into_any()
        }
        Phase::Return => {
            let drew = v.drawn.map(|c| {
                view! {
                    {text(t!(lang, "You drew", "Ezt húztad:"))}
                    {chip(c)}
                    <span class="tc-step-text">{c.name_in(lang)} "."</span>
                }
            });
            let choices = legal
                .iter()
                .filter_map(|&x| match x {
                    A::NegotiateReturn { colour } => Some((x, colour)),
                    _ => None,
                })
                .map(|(x, c)| {
                    button(
                        x,
                        t!(
                            lang,
                            "Return a {} stone to the bag",
                            "{} kő vissza a zsákba",
                            c.name_in(lang)
                        ),
                        view! { {chip(c)} <span>{c.title(lang)}</span> }.into_any(),
                        colour_class(c),
                    )
                })
                .collect_view();
            view! {
                {drew}
                {text(t!(lang, "Return one stone to the bag (everyone sees its colour):", "Tegyél vissza egy követ a zsákba (a színét mindenki látja):"))}
                {choices}
            }
            .into_any()
        }
        Phase::Draw | Phase::Over => ().into_any(),
    }
}

/// §3.5: the seats in turn order, `order[0]` first (every seat once, whatever the view holds).
fn turn_order(v: &TurncoatsView) -> Vec<Seat> {
    let n = v.players as usize;
    let mut order: Vec<Seat> = v.order.iter().copied().filter(|&s| s < n).collect();
    for s in 0..n {
        if !order.contains(&s) {
            order.push(s);
        }
    }
    order
}

/// A seat's place in the turn order, for the players panel: "plays 1st" ("1. a sorban").
pub(super) fn place_in_order(v: &TurncoatsView, seat: Seat, lang: Lang) -> String {
    let place = turn_order(v).iter().position(|&s| s == seat).unwrap_or(0) + 1;
    // Hungarian writes an ordinal as the number and a full stop ("2. a sorban").
    let suffix = match (lang, place) {
        (Lang::Hu, _) => ".",
        (_, 1) => "st",
        (_, 2) => "nd",
        (_, 3) => "rd",
        _ => "th",
    };
    t!(lang, "plays {place}{suffix}", "{place}{suffix} a sorban")
}

/// "Turn order (drawn at random): ✚ Purple → ★ Green" (§3.5, D3).
pub(super) fn order_line(v: &TurncoatsView, lang: Lang) -> String {
    let seats = turn_order(v)
        .into_iter()
        .map(|s| {
            let look = tc_look(s);
            format!("{} {}", look.mark, look.colour_name(lang))
        })
        .collect::<Vec<_>>()
        .join(" → ");
    t!(
        lang,
        "Turn order (drawn at random): {seats}",
        "Sorrend (sorsolással): {seats}"
    )
}

/// The standings' verdict (§6.2 evaluated now): who leads and which step of the tie-break
/// settled it. In a three-way tie it says which colours the AXE left in the race, so "the AXE
/// is level too" is never said of a colour the AXE had already dropped.
pub(super) fn verdict(s: &Standings, lang: Lang) -> String {
    // "Red, Blue and Black" ("Piros, Kék és Fekete").
    let names = |alive: [bool; 3]| {
        let words: Vec<&str> = TieSteps::colours(alive)
            .iter()
            .map(|c| c.title(lang))
            .collect();
        match words.split_last() {
            None => String::new(),
            Some((last, [])) => last.to_string(),
            Some((last, init)) => format!("{} {} {last}", init.join(", "), lang.pick("and", "és")),
        }
    };
    let count = |alive: [bool; 3]| alive.iter().filter(|&&a| a).count();
    let steps = s.leader_steps;
    let top = Colour::ALL
        .into_iter()
        .map(|c| s.areas[c])
        .max()
        .unwrap_or(0);
    let areas = counted_areas(top, lang);
    let tied = names(steps.count);
    let (on_axe, on_flag) = (names(steps.axe), names(steps.flag));
    // Whether the AXE (the FLAG) dropped a colour that was still in the race.
    let axe_dropped = count(steps.axe) < count(steps.count);
    let flag_dropped = count(steps.flag) < count(steps.axe);
    match (s.leader, s.leader_decided_by) {
        (Some(c), Decider::Majority) => t!(
            lang,
            "{} leads with {areas}.",
            "{} vezet {areas}tel.",
            c.title(lang)
        ),
        (Some(c), Decider::Axe) => t!(
            lang,
            "{tied} tie on {areas}; {} leads on the AXE.",
            "{tied} egyaránt {areas}en áll; a FEJSZE alapján {} vezet.",
            c.title(lang)
        ),
        (Some(c), _) if axe_dropped => t!(
            lang,
            "{tied} tie on {areas}; of them, {on_axe} also tie on the AXE; {} leads on the FLAG.",
            "{tied} egyaránt {areas}en áll; közülük {on_axe} a FEJSZÉN is egyenlő; a ZÁSZLÓ alapján {} vezet.",
            c.title(lang)
        ),
        (Some(c), _) => t!(
            lang,
            "{tied} tie on {areas} and on the AXE; {} leads on the FLAG.",
            "{tied} egyaránt {areas}en áll, és a FEJSZÉN is egyenlő; a ZÁSZLÓ alapján {} vezet.",
            c.title(lang)
        ),
        (None, _) if axe_dropped => t!(
            lang,
            "No colour leads: {tied} tie on {areas}; of them, {on_axe} also tie on the AXE and the FLAG. The fewest stones in hand would win.",
            "Egyik szín sem vezet: {tied} egyaránt {areas}en áll; közülük {on_axe} a FEJSZÉN és a ZÁSZLÓN is egyenlő. A legkevesebb kő a kézben nyerne."
        ),
        (None, _) if flag_dropped => t!(
            lang,
            "No colour leads: {tied} tie on {areas} and on the AXE; of them, {on_flag} also tie on the FLAG. The fewest stones in hand would win.",
            "Egyik szín sem vezet: {tied} egyaránt {areas}en áll, és a FEJSZÉN is egyenlő; közülük {on_flag} a ZÁSZLÓN is egyenlő. A legkevesebb kő a kézben nyerne."
        ),
        (None, _) => t!(
            lang,
            "No colour leads: {tied} tie on areas, AXE and FLAG. The fewest stones in hand would win.",
            "Egyik szín sem vezet: {tied} területben, FEJSZÉBEN és ZÁSZLÓBAN is egyenlő. A legkevesebb kő a kézben nyerne."
        ),
    }
}

/// The live standings (§5, §6.2 evaluated now): areas, AXE and FLAG per colour, who leads and
/// which tie-break decides it; all hands once the game is over.
fn standings_view(v: &TurncoatsView, lang: Lang) -> AnyView {
    let s = v.board.standings();
    let verdict = verdict(&s, lang);
    let order = order_line(v, lang);
    let rows = Colour::ALL
        .into_iter()
        .map(|c| {
            let lead = s.leader == Some(c);
            let mine = v.hand[c];
            view! {
                <tr class:lead=lead>
                    <th scope="row">{chip(c)} " " {c.title(lang)} {lead.then_some(" ♛")}</th>
                    <td>{s.areas[c]}</td>
                    <td>{v.board.axe[c]}</td>
                    <td>{v.board.flag[c]}</td>
                    <td>{mine}</td>
                </tr>
            }
        })
        .collect_view();
    let (contested, empty) = (s.contested, s.empty);
    let extra = t!(
        lang,
        "Contested areas: {contested} · empty: {empty}",
        "Vitatott területek: {contested} · üres: {empty}"
    );
    let revealed = v.revealed.as_ref().map(|hands| {
        let lines = hands
            .iter()
            .enumerate()
            .map(|(seat, h)| {
                let look = tc_look(seat);
                let stones = Colour::ALL
                    .into_iter()
                    .map(|c| view! { <span class="tc-kill">{chip(c)} {h[c]}</span> })
                    .collect_view();
                view! {
                    <li>
                        <span class=format!("seat-{}", look.colour)><span class="seat-mark">{look.mark}</span></span>
                        {look.colour_name(lang)} ": " {stones}
                    </li>
                }
            })
            .collect_view();
        view! {
            <h4>{t!(lang, "Hands revealed", "A felfedett kezek")}</h4>
            <ul class="tc-revealed">{lines}</ul>
        }
    });
    view! {
        <section class="tc-standings" aria-label=t!(lang, "Standings", "Állás")>
            <h3>{t!(lang, "Standings", "Állás")}</h3>
            <p class="tc-order" data-testid="tc-order">{order}</p>
            <table>
                <thead>
                    <tr>
                        <th scope="col">{t!(lang, "Colour", "Szín")}</th>
                        <th scope="col">{t!(lang, "Areas", "Terület")}</th>
                        <th scope="col">{t!(lang, "AXE", "FEJSZE")}</th>
                        <th scope="col">{t!(lang, "FLAG", "ZÁSZLÓ")}</th>
                        <th scope="col">{t!(lang, "Yours", "Nálad")}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            <p class="tc-verdict" data-testid="tc-verdict">{verdict}</p>
            <p class="tc-muted">{extra}</p>
            <p class="tc-muted tc-key">
                <span class="tc-key-dot" aria-hidden="true"></span>
                {t!(lang, " Purple: changed since your last turn.", " Lila: a legutóbbi köröd óta változott.")}
            </p>
            {revealed}
        </section>
    }
    .into_any()
}

/// The rules panel's end of the game (§6.2–6.3): the colours' tie-break (AXE, then FLAG, among
/// the tied only), the players' keys, what happens when no colour wins (fewest stones in hand)
/// and the tie-break by turn order from the seat after the one who ended the game.
pub(super) fn end_rules(lang: Lang) -> [&'static str; 3] {
    lang.pick(
        [
            "When every player negotiates in a row, the game ends and all hands are shown. The colour holding the most areas wins; a tie goes to the most stones on the AXE, then on the FLAG, among the tied colours only.",
            "The player holding the most stones of the winning colour wins; a tie goes to fewer stones of the other colours. If no colour wins (still tied after the FLAG), the player with the fewest stones in hand wins.",
            "A tie between players that is still left goes by the order of play, starting with the player after the one who ended the game.",
        ],
        [
            "Ha mindenki egymás után tárgyal, vége a játéknak, és mindenki felfedi a kezét. A legtöbb területet uraló szín győz; döntetlennél a FEJSZÉN, aztán a ZÁSZLÓN lévő kövek döntenek, csak a holtversenyben álló színek közt.",
            "A játékosok közül az nyer, akinek a legtöbb kő van a kezében a győztes színből; holtversenynél az, akinél kevesebb más színű kő van. Ha egyik szín sem győz (a ZÁSZLÓ után is döntetlen), az nyer, akinek a legkevesebb kő van a kezében.",
            "Ha a játékosok így is egyenlők, a sorrend dönt: az elsőbbség a játékot befejező játékos utáni játékossal kezdődik, és a sorrendben halad tovább.",
        ],
    )
}

impl GameUi for Turncoats {
    const NAME: &'static str = "Turncoats";
    const HIDDEN_INFORMATION: bool = true;

    fn seat_count_for(options: &TurncoatsOptions) -> usize {
        options.players.clamp(MIN_PLAYERS, MAX_PLAYERS) as usize
    }

    /// Some six turns a seat: every colour out on the map, a battle or two fought.
    const MINIATURE_MOVES: usize = 12;

    fn cues(before: &TurncoatsView, after: &TurncoatsView) -> Vec<Cue> {
        cues(&before.board, &after.board)
    }

    fn options_form(
        options: RwSignal<TurncoatsOptions>,
        _: Signal<Vec<String>>,
        _: Signal<Vec<SeatSpec>>,
    ) -> AnyView {
        let lang = use_lang();
        let players = move || options.with(|o| o.players.to_string());
        view! {
            <label class="option">
                {move || t!(lang.get(), "Players ", "Játékosok ")}
                <select
                    data-testid="tc-players"
                    prop:value=players
                    on:change=move |e| {
                        if let Ok(n) = event_target_value(&e).parse() {
                            options.update(|o| o.players = n);
                        }
                    }
                >
                    {(MIN_PLAYERS..=MAX_PLAYERS)
                        .map(|n| {
                            view! {
                                <option value=n.to_string()>
                                    {move || t!(lang.get(), "{n} players", "{n} játékos")}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
        }
        .into_any()
    }

    fn board(props: BoardProps<Self>) -> AnyView {
        board(props)
    }

    /// D3: a rematch draws a new turn order, also after a game saved before orders were drawn.
    fn rematch_options(options: &TurncoatsOptions) -> TurncoatsOptions {
        options.for_rematch()
    }

    fn look(_: &TurncoatsView, seat: Seat) -> SeatLook {
        tc_look(seat)
    }

    fn setup_look(_: &TurncoatsOptions, seat: Seat) -> SeatLook {
        tc_look(seat)
    }

    fn seat_summary(view: &TurncoatsView, seat: Seat, lang: Lang) -> String {
        if let Some(hands) = &view.revealed {
            let h = hands.get(seat).copied().unwrap_or_default();
            return match view.board.winning_colour() {
                Some(w) => {
                    let (mine, other) = (h[w], h.total() - h[w]);
                    t!(
                        lang,
                        "{} {mine} · other {other}",
                        "{} {mine} · más {other}",
                        glyph(w)
                    )
                }
                None => counted_stones(h.total(), None, lang),
            };
        }
        let n = view.hand_sizes.get(seat).copied().unwrap_or(0);
        let place = place_in_order(view, seat, lang);
        t!(lang, "{place} · {n} in hand", "{place} · {n} a kézben")
    }

    fn prompt(view: &TurncoatsView, lang: Lang) -> String {
        match view.phase {
            Phase::Choose => t!(
                lang,
                "Your turn: play a stone or negotiate",
                "Te jössz: játssz ki egy követ, vagy tárgyalj"
            ),
            Phase::Kill { count, .. } => {
                let stones = counted_stones(count, None, lang);
                t!(
                    lang,
                    "Choose the {stones} the battle kills",
                    "Válaszd ki a csatában levágandó köveket: {stones}"
                )
            }
            Phase::MarchCount { .. } => {
                t!(lang, "How many stones march?", "Hány kő vonuljon?")
            }
            Phase::Return => t!(
                lang,
                "Return a stone to the bag",
                "Tegyél vissza egy követ a zsákba"
            ),
            Phase::Draw | Phase::Over => String::new(),
        }
    }

    fn rules(lang: Lang) -> AnyView {
        let picture = view! {
            <svg class="tc-rules-pic" viewBox="0 0 240 70" role="img"
                aria-label=t!(lang, "A stone from the hand goes to an area, the AXE or the FLAG", "A kézből egy kő egy területre, a FEJSZÉRE vagy a ZÁSZLÓRA kerül")>
                <rect class="tc-tray" x="4" y="10" width="60" height="50" rx="8"></rect>
                {stone(Colour::Red, 22.0, 36.0, 8.0)}
                {stone(Colour::Blue, 46.0, 36.0, 8.0)}
                <path class="tc-rules-arrow" d="M70,35 L100,35 M92,29 L100,35 L92,41"></path>
                <polygon class="tc-area ctrl-red" points="110,20 128,10 146,20 164,10 182,20 182,40 164,50 164,62 146,68 128,62 128,50 110,40"></polygon>
                {stone(Colour::Red, 130.0, 28.0, 7.0)}
                {stone(Colour::Red, 160.0, 28.0, 7.0)}
                {stone(Colour::Black, 146.0, 56.0, 7.0)}
                {axe_icon(206.0, 24.0, 10.0)}
                {flag_icon(206.0, 52.0, 10.0)}
            </svg>
        };
        if lang == Lang::Hu {
            return view! {
                <div class="rules-text">
                    {picture}
                    <p>"Három frakció (piros ▲, kék ●, fekete ■) harcol a térképért. Egyik sem a tiéd: a kezedben tartott titkos kövek döntik el, kinek szurkolsz."</p>
                    <p>"A játékosok sorrendjét a játék elején sorsolás dönti el (az Állásnál látható). A köröd: tegyél ki egy követ a kezedből, és a színe cselekszik:"</p>
                    <ul>
                        <li><b>"Toborzás"</b>": a kő bármely területre kerül."</li>
                        <li><b>"Csata"</b>": a kő a FEJSZÉRE kerül; egy területen annyi ellenséges kő esik el (a zsákba), ahány ilyen színű kő ott áll (legfeljebb az összes ellenség). A felosztást te választod."</li>
                        <li><b>"Vonulás"</b>": a kő a ZÁSZLÓRA kerül; egy terület ilyen színű köveiből egy vagy több átvonul egy szomszédos területre."</li>
                        <li><b>"Tárgyalás"</b>": húzz titokban egy követ a zsákból, majd tegyél vissza egyet, mindenki szeme láttára."</li>
                    </ul>
                    <p>"Egy területet a legtöbb kővel bíró szín ural; döntetlennél a FEJSZÉN, aztán a ZÁSZLÓN lévő kövek döntenek a holtversenyben állók közt."</p>
                    {end_rules(lang).map(|p| view! { <p>{p}</p> }).collect_view()}
                </div>
            }
            .into_any();
        }
        view! {
            <div class="rules-text">
                {picture}
                <p>"Three factions (red ▲, blue ●, black ■) fight over the map. None is yours: the secret stones in your hand decide whom you back."</p>
                <p>"The order of play is drawn at random when the game starts (shown with the standings). On your turn play one stone from your hand, and its colour acts:"</p>
                <ul>
                    <li><b>"Recruit"</b>": the stone goes into any area."</li>
                    <li><b>"Battle"</b>": the stone goes on the AXE; in one area, as many enemy stones die (back to the bag) as that colour has there (at most all the enemies). You choose the split."</li>
                    <li><b>"March"</b>": the stone goes on the FLAG; one or more stones of that colour move from one area to a neighbouring one."</li>
                    <li><b>"Negotiate"</b>": draw a stone from the bag in secret, then return one for all to see."</li>
                </ul>
                <p>"The colour with the most stones holds an area; a tie goes to the most stones on the AXE, then on the FLAG, among the tied colours only."</p>
                {end_rules(lang).map(|p| view! { <p>{p}</p> }).collect_view()}
            </div>
        }
        .into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::{action_words, in_area, with_stone, Colour, A};
    use crate::i18n::Lang;

    #[test]
    fn a_move_is_marked_on_its_hand_stone_and_on_every_area_it_taps() {
        let march = A::March {
            colour: Colour::ALL[1],
            from: 3,
            to: 4,
        };
        assert!(with_stone(&march, Colour::ALL[1]) && !with_stone(&march, Colour::ALL[0]));
        assert!(in_area(&march, 3) && in_area(&march, 4) && !in_area(&march, 5));
        let recruit = A::Recruit {
            colour: Colour::ALL[0],
            area: 7,
        };
        assert!(with_stone(&recruit, Colour::ALL[0]) && in_area(&recruit, 7));
        assert!(!with_stone(&A::Negotiate, Colour::ALL[0]) && !in_area(&A::Negotiate, 7));
        assert!(action_words(&recruit, Lang::En)
            .unwrap()
            .starts_with("Recruit"));
        assert!(action_words(
            &A::Draw {
                colour: Colour::ALL[2]
            },
            Lang::En
        )
        .is_none());
    }
}

/// What the board draws, from the rules' positions.
#[cfg(test)]
mod look_tests {
    use super::*;
    use crate::engine::Match;

    /// Each area shows the rules' standings and its own stones, and can be tapped only during
    /// the viewer's own choice; from one action to the next an area keeps its look (and so its
    /// elements) unless its stones, who holds it or the step's focus on it changed.
    #[test]
    fn an_area_shows_the_standings_and_changes_only_with_them() {
        let mut kept = 0;
        for seed in 0..6 {
            let seen = Match::<Turncoats>::seen_positions(TurncoatsOptions::default(), seed, 80);
            let mut before: Option<Vec<AreaLook>> = None;
            for (v, legal) in &seen {
                let standing = v.board.standings();
                let looks = area_looks(v, false, None, &Changes::default(), Lang::En);
                for (i, look) in looks.iter().enumerate() {
                    assert_eq!(look.stones, v.board.areas[i]);
                    assert_eq!(look.ctrl, standing.control[i]);
                    assert!(look.tap.is_none());
                    if let Some(c) = look.ctrl {
                        assert_eq!(look.ctrl_class(), format!("ctrl-{}", c.name()));
                        assert!(
                            look.label
                                .contains(&format!("held by {}", c.name_in(Lang::En))),
                            "{}",
                            look.label
                        );
                    }
                }
                if let Some(old) = &before {
                    for (o, n) in old.iter().zip(&looks) {
                        if (o.stones, o.ctrl, o.decided, o.chosen)
                            == (n.stones, n.ctrl, n.decided, n.chosen)
                        {
                            assert!(o == n, "seed {seed}: {} redrawn", n.label);
                            kept += 1;
                        }
                    }
                }
                before = Some(looks);
                // While choosing, a picked colour makes every area a target of its first tap.
                let in_hand = Colour::ALL.into_iter().find(|&c| v.hand[c] > 0);
                if let (true, Some(colour)) = (choosing(v, legal), in_hand) {
                    let pick = Pick {
                        turns: v.turns,
                        colour,
                        area: None,
                        marching: false,
                    };
                    let looks = area_looks(v, true, Some(pick), &Changes::default(), Lang::En);
                    assert!(looks
                        .iter()
                        .all(|l| matches!(l.tap, Some(AreaTap::Select(_)))));
                }
            }
        }
        assert!(kept > 500, "only {kept} areas compared");
    }
}
