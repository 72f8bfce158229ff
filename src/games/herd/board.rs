//! Herd's table: the dice, the counter of stones left, and the SVG hex board (herd.md §2.5).

use super::{
    cell_name, Change, Herd, HerdAction, HerdOptions, HerdState, HerdView, HexBoard, Phase,
};
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::t;
use crate::ui::{
    activate_on_key, each_once, fresh_changes, svg_marks, use_lang, BoardProps, Cue, Decimal,
    GameUi, SeatLook, SeatSpec, LOOKS,
};
use leptos::prelude::*;

/// Cell radius in SVG units; the viewBox is fitted to the board, so the board scales to any
/// screen.
const R: f64 = 50.0;

/// A pointy-top hexagon of radius `r` around the origin, its corners from -30° on, every 60°.
/// Their cosines and sines are ±√3/2, ±1/2, 0 and ±1, written as such: WebAssembly has no sine,
/// and the library's would add 3.2 KB to Herd's download gzipped (issue #20) for these six points.
fn hex_points(r: f64) -> String {
    let h = 3f64.sqrt() / 2.0;
    [
        (h, -0.5),
        (h, 0.5),
        (0.0, 1.0),
        (-h, 0.5),
        (-h, -0.5),
        (0.0, -1.0),
    ]
    .iter()
    .map(|(cos, sin)| format!("{:.1},{:.1}", Decimal(r * cos), Decimal(r * sin)))
    .collect::<Vec<_>>()
    .join(" ")
}

/// A stone's radius.
const STONE: f64 = R * 0.68;

/// What every cell draws alike, around its own centre: each cell is placed by its group's
/// `translate`, so these are written once, not formatted again for every cell of every board
/// (the setup's picture and a table's start draw a whole board at once; issue #20).
struct Shapes {
    /// The cell's hexagon.
    hex: String,
    /// The hint's and the review's rings, inside the hexagon.
    ring: String,
    /// Blue's diamond, so the two colours differ in shape too.
    diamond: String,
    /// The cross on a cell forbidden to the mover.
    cross: String,
}

fn shapes() -> &'static Shapes {
    static SHAPES: std::sync::LazyLock<Shapes> = std::sync::LazyLock::new(|| {
        let d = Decimal(STONE * 0.42);
        let c = Decimal(R * 0.22);
        let (minus_d, minus_c) = (Decimal(-d.0), Decimal(-c.0));
        Shapes {
            hex: hex_points(R * 0.96),
            ring: hex_points(R * 0.9),
            diamond: format!("0,{minus_d:.1} {d:.1},0 0,{d:.1} {minus_d:.1},0"),
            cross: format!(
                "M{minus_c:.1},{minus_c:.1}L{c:.1},{c:.1}M{minus_c:.1},{c:.1}L{c:.1},{minus_c:.1}"
            ),
        }
    });
    &SHAPES
}

/// Red is the first player (herd.md D2), whichever seat that is.
fn herd_look(view: &HerdView, seat: Seat) -> SeatLook {
    if seat == view.state.red {
        LOOKS[0]
    } else {
        LOOKS[1]
    }
}

fn die(value: u8, x: f64) -> impl IntoView {
    const PIPS: [&[(f64, f64)]; 6] = [
        &[(0.5, 0.5)],
        &[(0.25, 0.25), (0.75, 0.75)],
        &[(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        &[(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
        &[
            (0.25, 0.25),
            (0.75, 0.25),
            (0.5, 0.5),
            (0.25, 0.75),
            (0.75, 0.75),
        ],
        &[
            (0.25, 0.25),
            (0.75, 0.25),
            (0.25, 0.5),
            (0.75, 0.5),
            (0.25, 0.75),
            (0.75, 0.75),
        ],
    ];
    let pips = PIPS[(value.clamp(1, 6) - 1) as usize];
    view! {
        <g transform=format!("translate({},0)", Decimal(x))>
            <rect class="die" x="0" y="0" width="40" height="40" rx="7"></rect>
            {pips
                .iter()
                .map(|(px, py)| view! { <circle class="pip" cx=Decimal(px * 40.0) cy=Decimal(py * 40.0) r="4"></circle> })
                .collect_view()}
        </g>
    }
}

/// A stone on `cell`, drawn around the cell's centre, placed from its seat's supply
/// (`supply-N` in the bar) when it is new.
fn stone(look: SeatLook, seat: Seat, cell: usize, extra: &'static str) -> impl IntoView {
    let r = STONE;
    let mark = (look.colour == "blue")
        .then(|| view! { <polygon class="stone-mark" points=shapes().diamond.as_str()></polygon> });
    view! {
        <g data-piece=format!("stone-{cell}") data-from=format!("supply-{seat}")>
            <ellipse class="stone-shadow" cx=Decimal(r * 0.08) cy=Decimal(r * 0.16) rx=Decimal(r) ry=Decimal(r * 0.96)></ellipse>
            <circle class=format!("stone seat-{} {extra}", look.colour) cx="0" cy="0" r=Decimal(r)></circle>
            {mark}
            <circle class="stone-gloss" cx="0" cy="0" r=Decimal(r)></circle>
        </g>
    }
}

/// The shading of every stone (`.stone-gloss`): light from the top left, a dark rim at the
/// bottom right, in the stone's own box.
fn gloss() -> impl IntoView {
    view! {
        <defs>
            <radialGradient id="herd-gloss" cx="0.4" cy="0.38" r="0.66" fx="0.32" fy="0.26">
                <stop offset="0" stop-color="#fff" stop-opacity="0.55"></stop>
                <stop offset="0.42" stop-color="#fff" stop-opacity="0"></stop>
                <stop offset="0.78" stop-color="#000" stop-opacity="0.04"></stop>
                <stop offset="1" stop-color="#000" stop-opacity="0.34"></stop>
            </radialGradient>
        </defs>
    }
}

/// The cell an action is played on: every Herd decision (a removal, a placement) is one tap.
fn target_cell(a: &HerdAction) -> Option<u8> {
    match *a {
        HerdAction::Remove { cell } | HerdAction::Place { cell } => Some(cell),
        HerdAction::Roll { .. } => None,
    }
}

/// A turn's sounds: stones placed, stones captured, then the next turn's roll. A removal is
/// silent.
fn cues(before: &HerdState, after: &HerdState) -> Vec<Cue> {
    let fresh = fresh_changes(
        (before.turns, before.this_turn.len()),
        after.turns,
        &after.last_turn,
        &after.this_turn,
    );
    let mut cues = each_once(fresh.into_iter().filter_map(|c| match c {
        Change::Placed { .. } => Some(Cue::Lay),
        Change::Captured { .. } => Some(Cue::Capture),
        Change::Removed { .. } => None,
    }));
    if after.turns != before.turns && after.dice.is_some() {
        cues.push(Cue::Roll);
    }
    cues
}

/// What one cell of the board shows, so that the cell is drawn again only when this changes.
#[derive(Clone, PartialEq)]
struct CellLook {
    /// The stone on it: its look and its owner.
    stone: Option<(SeatLook, Seat)>,
    /// The viewer's legal action on it.
    action: Option<HerdAction>,
    /// Empty and forbidden to the mover while placing (herd.md §4.4).
    forbidden: bool,
    /// A stone placed in the last or this turn.
    placed_now: bool,
    /// The stone that left it in the last or this turn: `removed` or `captured`.
    ghost: Option<&'static str>,
    label: String,
}

fn cell_look(
    v: &HerdView,
    legal: &[HerdAction],
    marks: &[Change],
    c: usize,
    lang: Lang,
) -> CellLook {
    let s = &v.state;
    let cell = c as u8;
    let action = legal
        .iter()
        .copied()
        .find(|a| matches!(a, HerdAction::Place { cell: k } | HerdAction::Remove { cell: k } if *k == cell));
    let forbidden = matches!(s.phase, Phase::Place { .. }) && s.is_forbidden(c, s.mover);
    let stone = s.cells[c].map(|owner| (herd_look(v, owner as Seat), owner as Seat));
    let name = cell_name(s, cell);
    let content = match stone {
        Some((look, _)) => {
            let colour = look.colour_name(lang);
            t!(lang, "{colour} stone", "{colour} kő")
        }
        None if forbidden => t!(lang, "empty, forbidden", "üres, tilos"),
        None => t!(lang, "empty", "üres"),
    };
    let label = match action {
        Some(HerdAction::Remove { .. }) => {
            t!(
                lang,
                "{name}: {content}, remove it",
                "{name}: {content}, levehető"
            )
        }
        Some(_) => t!(
            lang,
            "{name}: {content}, place here",
            "{name}: {content}, ide tehetsz"
        ),
        None => format!("{name}: {content}"),
    };
    let ghost = marks.iter().rev().find_map(|m| match m {
        Change::Removed { cell: k } if *k == cell => Some("removed"),
        Change::Captured { cell: k } if *k == cell => Some("captured"),
        _ => None,
    });
    CellLook {
        stone,
        action,
        forbidden,
        placed_now: marks.contains(&Change::Placed { cell }),
        ghost: ghost.filter(|_| stone.is_none()),
        label,
    }
}

/// One cell, centred at (`x`, `y`), drawn from its `look` around its own centre.
fn cell(
    props: BoardProps<Herd>,
    c: usize,
    (x, y): (f64, f64),
    look: Memo<CellLook>,
) -> impl IntoView {
    let play = props.play;
    let cell = c as u8;
    let here = move |a: &HerdAction| target_cell(a) == Some(cell);
    move || {
        let CellLook {
            stone: on_cell,
            action,
            forbidden,
            placed_now,
            ghost,
            label,
        } = look.get();
        let stone_view = on_cell.map(|(look, owner)| {
            let extra = if matches!(action, Some(HerdAction::Remove { .. })) {
                "target"
            } else {
                ""
            };
            stone(look, owner, c, extra)
        });
        let ghost_view = ghost.map(|kind| {
            view! {
                <circle class=format!("ghost {kind}") cx="0" cy="0" r=Decimal(R * 0.55)
                    data-vanished=format!("stone-{c}") data-how=kind></circle>
            }
        });
        let fresh = (placed_now && on_cell.is_some())
            .then(|| view! { <circle class="fresh" cx="0" cy="0" r=Decimal(R * 0.2)></circle> });
        let cross = forbidden
            .then(|| view! { <path class="forbidden-mark" d=shapes().cross.as_str()></path> });
        // A tap, or Enter or Space on the focused cell, plays its action.
        let run = move || {
            if let Some(a) = action {
                play.run(a);
            }
        };
        let click = move |_| run();
        let key = activate_on_key(run);
        let marks = move || {
            let ring = move |class| {
                view! { <polygon class=class points=shapes().ring.as_str()></polygon> }.into_any()
            };
            svg_marks(
                props.hint_on(here),
                props.review_on(here),
                ring,
                (R * 0.5, -R * 0.5),
                R * 0.24,
            )
        };
        view! {
            <g
                class="cell"
                transform=format!("translate({:.1} {:.1})", Decimal(x), Decimal(y))
                class:legal=action.is_some()
                class:place=matches!(action, Some(HerdAction::Place { .. }))
                data-legal=action.map(|_| "")
                data-hint=move || props.hint_on(here)
                data-review=move || props.review_on(here)
                data-cell=c.to_string()
                role=if action.is_some() { "button" } else { "img" }
                tabindex=action.map(|_| "0")
                aria-label=label
                on:click=click
                on:keydown=key
            >
                <polygon class="hex" points=shapes().hex.as_str()></polygon>
                {cross}
                {ghost_view}
                {stone_view}
                {fresh}
                {marks}
            </g>
        }
    }
}

pub fn board(props: BoardProps<Herd>) -> AnyView {
    let BoardProps { view, legal, .. } = props;
    let lang = use_lang();
    let header = move || {
        let v = view.get();
        let lang = lang.get();
        let s = &v.state;
        let dice = s.dice.map(|(a, b)| {
            view! {
                <svg class="dice" viewBox="0 0 90 40" role="img" aria-label=t!(lang, "Dice: {a} and {b}", "Kockák: {a} és {b}")>
                    {die(a, 0.0)}
                    {die(b, 50.0)}
                </svg>
            }
        });
        let counter = match s.phase {
            Phase::Remove { left } => t!(lang, "Remove {left} more", "Még {left} levétel"),
            Phase::Place { budget } => t!(lang, "Place {budget} more", "Még {budget} lerakás"),
            _ => String::new(),
        };
        let counts = [s.red, 1 - s.red]
            .into_iter()
            .map(|seat| {
                let look = herd_look(&v, seat);
                view! {
                    <span class=format!("count seat-{}", look.colour) data-anchor=format!("supply-{seat}")>
                        {look.mark} " " <span data-count=format!("stones-{seat}")>{s.stones(seat)}</span>
                        <span class="sr-only">" " {t!(lang, "{} stones", "{} kő", look.colour_name(lang))}</span>
                    </span>
                }
            })
            .collect_view();
        view! {
            <div class="herd-bar">
                {dice}
                <span class="counter" data-testid="turn-counter">{counter}</span>
                <span class="counts">{counts}</span>
            </div>
        }
    };
    // The board's frame depends on its size alone; each cell redraws itself when what it shows
    // changes ([`CellLook`]), so an action touches the cells it changed, not all of them.
    let side = Memo::new(move |_| view.with(|v| v.state.side));
    let turn_marks = Memo::new(move |_| {
        view.with(|v| {
            let s = &v.state;
            s.last_turn
                .iter()
                .chain(s.this_turn.iter())
                .copied()
                .collect::<Vec<Change>>()
        })
    });
    let svg = move || {
        let side = side.get();
        let b = HexBoard::of(side);
        let n = side as f64;
        let (w, h) = (3f64.sqrt() * R * (2.0 * n - 1.0), R * (3.0 * n - 1.0));
        let pad = 8.0;
        let view_box = format!(
            "{:.1} {:.1} {:.1} {:.1}",
            Decimal(-w / 2.0 - pad),
            Decimal(-h / 2.0 - pad),
            Decimal(w + 2.0 * pad),
            Decimal(h + 2.0 * pad)
        );
        let cells = (0..b.len())
            .map(|c| {
                let look = Memo::new(move |_| {
                    let lang = lang.get();
                    view.with(|v| {
                        legal.with(|legal| {
                            turn_marks.with(|marks| cell_look(v, legal, marks, c, lang))
                        })
                    })
                });
                cell(props, c, b.centre(c, R, 0.0, 0.0), look)
            })
            .collect_view();
        view! {
            <svg class="board herd-board" viewBox=view_box role="group" aria-label=move || t!(lang.get(), "Herd board", "Herd tábla") preserveAspectRatio="xMidYMid meet">
                {gloss()}
                {cells}
            </svg>
        }
    };
    view! {
        <div class="herd">
            {header}
            {svg}
        </div>
    }
    .into_any()
}

impl GameUi for Herd {
    const NAME: &'static str = "Herd";
    const HIDDEN_INFORMATION: bool = false;

    fn seat_count_for(_: &HerdOptions) -> usize {
        2
    }

    /// Some twenty turns in: both colours spread over half the board.
    const MINIATURE_MOVES: usize = 102;

    fn preview_options(options: &HerdOptions) -> Option<HerdOptions> {
        Some(options.clone())
    }

    fn cues(before: &HerdView, after: &HerdView) -> Vec<Cue> {
        cues(&before.state, &after.state)
    }

    fn options_form(
        options: RwSignal<HerdOptions>,
        seat_names: Signal<Vec<String>>,
        _: Signal<Vec<SeatSpec>>,
    ) -> AnyView {
        let lang = use_lang();
        let side = move || options.with(|o| o.side.to_string());
        let first =
            move || options.with(|o| o.first.map_or("random".to_string(), |s| s.to_string()));
        view! {
            <label class="option">
                {move || t!(lang.get(), "Board ", "Tábla ")}
                <select
                    prop:value=side
                    on:change=move |e| {
                        if let Ok(v) = event_target_value(&e).parse() {
                            options.update(|o| o.side = v);
                        }
                    }
                >
                    <option value="4">{move || t!(lang.get(), "Small · 37 cells", "Kicsi · 37 mező")}</option>
                    <option value="5">{move || t!(lang.get(), "Standard · 61 cells", "Normál · 61 mező")}</option>
                    <option value="6">{move || t!(lang.get(), "Large · 91 cells", "Nagy · 91 mező")}</option>
                    <option value="7">{move || t!(lang.get(), "Huge · 127 cells", "Óriás · 127 mező")}</option>
                </select>
            </label>
            <label class="option">
                {move || t!(lang.get(), "Who starts (plays Red) ", "Ki kezd (ő a Piros) ")}
                <select
                    prop:value=first
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        options.update(|o| o.first = v.parse().ok());
                    }
                >
                    <option value="random">{move || t!(lang.get(), "Random", "Véletlen")}</option>
                    {move || {
                        seat_names
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, name)| view! { <option value=i.to_string()>{name}</option> })
                            .collect_view()
                    }}
                </select>
            </label>
        }
        .into_any()
    }

    fn board(props: BoardProps<Self>) -> AnyView {
        board(props)
    }

    fn look(view: &HerdView, seat: Seat) -> SeatLook {
        herd_look(view, seat)
    }

    fn seat_summary(view: &HerdView, seat: Seat, lang: Lang) -> String {
        match view.state.stones(seat) {
            1 => t!(lang, "1 stone", "1 kő"),
            n => t!(lang, "{n} stones", "{n} kő"),
        }
    }

    fn measure(view: &HerdView, seat: Seat) -> Option<f64> {
        Some(view.state.stones(seat) as f64)
    }

    fn prompt(view: &HerdView, lang: Lang) -> String {
        let s = &view.state;
        let other = herd_look(view, 1 - s.mover).colour_name(lang);
        match s.phase {
            Phase::Remove { left: 1 } => t!(
                lang,
                "Remove 1 more {other} stone",
                "Vegyél le még 1 követ: {other}"
            ),
            Phase::Remove { left } => t!(
                lang,
                "Remove {left} more {other} stones",
                "Vegyél le még {left} követ: {other}"
            ),
            Phase::Place { budget: 1 } => t!(lang, "Place 1 more stone", "Tegyél le még 1 követ"),
            Phase::Place { budget } => t!(
                lang,
                "Place {budget} more stones",
                "Tegyél le még {budget} követ"
            ),
            _ => String::new(),
        }
    }

    fn rules(lang: Lang) -> AnyView {
        if lang == Lang::Hu {
            return view! {
                <div class="rules-text">
                    <p>"Minden körben két kockával dobsz (a gép dob helyetted)."</p>
                    <ol>
                        <li>"Vegyél le annyi ellenséges követ, amennyit a " <b>"kisebb"</b> " kocka mutat (mindet, ha kevesebb van)."</li>
                        <li>"Aztán tegyél le annyi saját követ, amennyit a " <b>"nagyobb"</b> " kocka mutat."</li>
                    </ol>
                    <p>"Az az ellenséges kő, amelyet " <b>"minden"</b> " oldalról a te köveid vesznek körül, foglyul esik, és eggyel több követ tehetsz le."</p>
                    <p>"Soha nem tehetsz olyan üres mezőre, amelynek minden szomszédja ellenséges kő (× jelöli), akkor sem, ha azzal foglyul ejtenél."</p>
                    <p>"A Piros legelső körében csak a kisebb kocka számú követ teszi le. Ha nincs több szabad mező, a maradék kövek elvesznek."</p>
                    <p>"A játék abban a pillanatban véget ér, amikor a tábla megtelik: akinek több köve van, nyer."</p>
                </div>
            }
            .into_any();
        }
        view! {
            <div class="rules-text">
                <p>"Each turn two dice are rolled for you."</p>
                <ol>
                    <li>"Take away as many enemy stones as the " <b>"lower"</b> " die shows (all of them if they have fewer)."</li>
                    <li>"Then place as many of your stones as the " <b>"higher"</b> " die shows."</li>
                </ol>
                <p>"An enemy stone that stands alone with your stones on " <b>"every"</b> " side is captured, and you get one more stone to place."</p>
                <p>"You may never place on an empty cell whose neighbours are all enemy stones (marked ×), even to capture."</p>
                <p>"Red's very first turn places only the lower die. If no legal cell is left, the rest of your stones are lost."</p>
                <p>"The game ends the moment the board is full: more stones wins."</p>
            </div>
        }
        .into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::{hex_points, target_cell, HerdAction};

    #[test]
    fn the_hexagon_has_the_corners_of_its_angles() {
        let corners: Vec<(f64, f64)> = hex_points(48.0)
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').expect("x,y");
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert_eq!(corners.len(), 6);
        for (i, (x, y)) in corners.into_iter().enumerate() {
            let a = (60.0 * i as f64 - 30.0).to_radians();
            assert!((x - 48.0 * a.cos()).abs() <= 0.05, "corner {i}: x {x}");
            assert!((y - 48.0 * a.sin()).abs() <= 0.05, "corner {i}: y {y}");
        }
    }

    #[test]
    fn a_removal_and_a_placement_are_marked_on_their_cell_and_a_roll_nowhere() {
        assert_eq!(target_cell(&HerdAction::Remove { cell: 7 }), Some(7));
        assert_eq!(target_cell(&HerdAction::Place { cell: 12 }), Some(12));
        assert_eq!(target_cell(&HerdAction::Roll { d1: 2, d2: 5 }), None);
    }
}
