//! Moonlight's table (moonlight.md; issue 5): the panorama grid with the faint frame of where
//! cards may still go, wolf cards, the hand, the live row sums and moons, the Alpha Powers, the
//! between-round choices and the round scoring.
//!
//! UI readings where the spec is silent:
//! - Light plays the green look (▲), Dark the blue look (◆), after the moon colours of §2.
//! - Placing takes two clicks: a hand card (selects, a UI step), then a highlighted cell. When
//!   only one distinct card can be placed it is selected already. Move a Pile takes three: the
//!   power's button, the pile, the empty cell.
//! - A pile that is not a target opens the stack inspector when clicked (it plays nothing).
//! - The scoring of the last round stays beside the board, without blocking, until the player
//!   hides it; the button that hides it is not a game action.

use super::log::{article, power_name, power_text, wolf_label};
use super::{
    Ability, Cards, Cell, Change, Colour, Decider, GridCell, Moonlight, MoonlightAction,
    MoonlightOptions, MoonlightView, Phase, Power, RoundScore, Table, Wolf, MOUNTAINS_TO_WIN,
};
use crate::engine::Seat;
use crate::i18n::Lang;
use crate::t;
use crate::ui::{
    activate_on_key, review_notes, svg_marks, use_lang, BoardProps, Cue, Decimal, GameUi, SeatLook,
    SeatSpec, LOOKS,
};
use leptos::prelude::*;

/// A grid cell in SVG units; cards are portrait.
const CW: f64 = 100.0;
const CH: f64 = 132.0;
/// The gap around a card inside its cell.
const GAP: f64 = 4.0;
/// Width of the row-sum column right of the grid.
const SUMS: f64 = 78.0;

const LIGHT_LOOK: SeatLook = SeatLook {
    colour: LOOKS[2].colour,
    names: ["Light", "Világos"],
    mark: LOOKS[2].mark,
};
const DARK_LOOK: SeatLook = SeatLook {
    colour: LOOKS[1].colour,
    names: ["Dark", "Sötét"],
    mark: LOOKS[1].mark,
};

fn colour_look(colour: Colour) -> SeatLook {
    match colour {
        Colour::Light => LIGHT_LOOK,
        Colour::Dark => DARK_LOOK,
    }
}

fn seat_look(table: &Table, seat: Seat) -> SeatLook {
    colour_look(table.colour(seat))
}

/// "▲ Light (you)".
fn seat_name(table: &Table, seat: Seat, me: Seat, lang: Lang) -> String {
    let look = seat_look(table, seat);
    let you = if seat == me {
        t!(lang, " (you)", " (te)")
    } else {
        String::new()
    };
    format!("{} {}{you}", look.mark, look.colour_name(lang))
}

/// A crescent moon centred on (cx, cy), opening to the right.
fn moon_path(cx: f64, cy: f64, r: f64) -> String {
    let (x, top, bottom) = (Decimal(cx + r * 0.35), Decimal(cy - r), Decimal(cy + r));
    let (r, outer) = (Decimal(r), Decimal(r * 1.3));
    format!(
        "M{x:.1},{top:.1} A{r:.1},{r:.1} 0 0 0 {x:.1},{bottom:.1} A{outer:.1},{outer:.1} 0 0 1 {x:.1},{top:.1} Z"
    )
}

/// A wolf card drawn at (x, y), `w` wide: value, moons, ability icon, the owner's colour and
/// shape mark, and a red band for a Lone Wolf.
/// A wolf's head seen from the front, drawn for Turf in a 100 × 100 box: tall ears, ruffed
/// cheeks, slanted eyes and a narrow muzzle (the eyes, nose and inner ears are holes). The card's
/// picture, faint behind the printed value so the numbers stay first.
const WOLF: &str = "M50,97 L37,82 L22,70 L10,54 L17,42 L12,4 L37,25 L50,22 L63,25 L88,4 L83,42 \
                    L90,54 L78,70 L63,82 Z M19,14 L31,27 L21,33 Z M81,14 L69,27 L79,33 Z \
                    M27,45 L43,50 L31,55 Z M73,45 L57,50 L69,55 Z M43,79 L57,79 L50,88 Z";

fn wolf_card(wolf: Wolf, x: f64, y: f64, w: f64) -> impl IntoView {
    let h = w * (CH - 2.0 * GAP) / (CW - 2.0 * GAP);
    let s = w / 92.0;
    let colour = wolf.colour();
    let look = colour_look(colour);
    let kind = match colour {
        Colour::Light => "light",
        Colour::Dark => "dark",
    };
    let band = wolf.is_lone().then(|| {
        view! {
            <rect class="ml-lone" x=Decimal(x + 5.0 * s) y=Decimal(y + 5.0 * s) width=Decimal(w - 10.0 * s) height=Decimal(12.0 * s) rx=Decimal(3.0 * s)></rect>
        }
    });
    let ability = match wolf.face().ability {
        Some(Ability::CornerTriple) => {
            let (ax, ay) = (x + w - 30.0 * s, y + 22.0 * s);
            Some(
                view! {
                    <path class="ml-ability-corner"
                        d=format!("M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1}", Decimal(ax), Decimal(ay + 14.0 * s), Decimal(ax), Decimal(ay), Decimal(ax + 14.0 * s), Decimal(ay))>
                    </path>
                    <text class="ml-ability" x=Decimal(ax + 16.0 * s) y=Decimal(ay + 15.0 * s) font-size=Decimal(15.0 * s) text-anchor="middle">"×3"</text>
                }
                .into_any(),
            )
        }
        Some(Ability::PlusOne) => {
            let (cx, cy) = (x + w - 20.0 * s, y + 28.0 * s);
            Some(
                view! {
                    <circle class="ml-ability-ring" cx=Decimal(cx) cy=Decimal(cy) r=Decimal(13.0 * s)></circle>
                    <text class="ml-ability" x=Decimal(cx) y=Decimal(cy + 5.5 * s) font-size=Decimal(15.0 * s) text-anchor="middle">"+1"</text>
                }
                .into_any(),
            )
        }
        None => None,
    };
    let moons = wolf.moons();
    let moon_views = (0..moons)
        .map(|i| {
            let cx = x + w / 2.0 + (i as f64 - (moons as f64 - 1.0) / 2.0) * 26.0 * s;
            view! { <path class="ml-moon" d=moon_path(cx, y + h - 20.0 * s, 10.0 * s)></path> }
        })
        .collect_view();
    let size = 0.8 * w / 100.0;
    let picture = format!(
        "translate({:.1},{:.1}) scale({:.3})",
        Decimal(x + 0.1 * w),
        Decimal(y + 0.17 * h),
        Decimal(size)
    );
    view! {
        <g class=format!("ml-card {kind}") class:lone=wolf.is_lone()>
            <rect class="ml-card-bg" x=Decimal(x) y=Decimal(y) width=Decimal(w) height=Decimal(h) rx=Decimal(9.0 * s)></rect>
            <rect class="ml-card-inner" x=Decimal(x + 4.0 * s) y=Decimal(y + 4.0 * s) width=Decimal(w - 8.0 * s) height=Decimal(h - 8.0 * s) rx=Decimal(6.0 * s)></rect>
            <path class="ml-wolf" d=WOLF transform=picture fill-rule="evenodd" aria-hidden="true"></path>
            {band}
            <text class="ml-mark" x=Decimal(x + 15.0 * s) y=Decimal(y + 33.0 * s) font-size=Decimal(17.0 * s) text-anchor="middle">{look.mark}</text>
            {ability}
            <text class="ml-value" x=Decimal(x + w / 2.0) y=Decimal(y + h * 0.62) font-size=Decimal(54.0 * s) text-anchor="middle">{wolf.value()}</text>
            {moon_views}
        </g>
    }
}

/// A stand-alone card picture (hand, choices, scoring, inspector).
fn card_svg(wolf: Wolf, lang: Lang) -> impl IntoView {
    let h = 92.0 * (CH - 2.0 * GAP) / (CW - 2.0 * GAP);
    let label = format!(
        "{} {}",
        colour_look(wolf.colour()).colour_name(lang),
        wolf_label(wolf, lang)
    );
    view! {
        <svg class="ml-card-svg" viewBox=format!("-1 -1 94 {:.0}", Decimal(h + 2.0)) role="img" aria-label=label>
            {wolf_card(wolf, 0.0, 0.0, 92.0)}
        </svg>
    }
}

/// What a click on a panorama cell does now.
#[derive(Clone, Copy, PartialEq)]
enum CellClick {
    Play(MoonlightAction),
    /// Move a Pile: choose this pile to move.
    PileFrom(Cell),
    /// Show the pile's cards.
    Inspect,
    None,
}

/// The UI's selection: a hand card, or the Move a Pile steps.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Pick {
    Nothing,
    Card(Wolf),
    Pile(Option<Cell>),
}

fn hand_target(legal: &[MoonlightAction], card: Wolf) -> Option<Wolf> {
    legal.iter().find_map(|a| match a {
        MoonlightAction::Place { card: c, .. } if c.canonical() == card.canonical() => Some(*c),
        _ => None,
    })
}

/// The selection in force: a chosen card that can still be placed, a pile move still possible,
/// or the only placeable card.
fn effective(pick: Pick, legal: &[MoonlightAction]) -> Pick {
    match pick {
        Pick::Card(c) if hand_target(legal, c).is_some() => return pick,
        Pick::Pile(from)
            if legal.iter().any(|a| {
                matches!(a, MoonlightAction::MovePile { from: f, .. } if from.is_none_or(|x| x == *f))
            }) =>
        {
            return pick
        }
        _ => {}
    }
    let mut cards: Vec<Wolf> = legal
        .iter()
        .filter_map(|a| match a {
            MoonlightAction::Place { card, .. } => Some(card.canonical()),
            _ => None,
        })
        .collect();
    cards.dedup();
    let moves = legal
        .iter()
        .any(|a| matches!(a, MoonlightAction::MovePile { .. }));
    match cards.as_slice() {
        [only] if !moves => Pick::Card(*only),
        _ => Pick::Nothing,
    }
}

fn cell_click(g: &GridCell, pick: Pick, legal: &[MoonlightAction]) -> CellClick {
    let at = g.at;
    let found = match pick {
        Pick::Card(c) => legal.iter().copied().find(|a| {
            matches!(a, MoonlightAction::Place { card, at: t } if card.canonical() == c.canonical() && *t == at)
        }),
        Pick::Pile(Some(from)) => legal.iter().copied().find(|a| {
            matches!(a, MoonlightAction::MovePile { from: f, to } if *f == from && *to == at)
        }),
        Pick::Pile(None) => {
            if legal
                .iter()
                .any(|a| matches!(a, MoonlightAction::MovePile { from, .. } if *from == at))
            {
                return CellClick::PileFrom(at);
            }
            None
        }
        Pick::Nothing => None,
    };
    match found {
        Some(a) => CellClick::Play(a),
        None if !g.stack.is_empty() => CellClick::Inspect,
        None => CellClick::None,
    }
}

/// Whether an action is played on the panorama's cell `at`: a card placed there, or a pile moved
/// from or to it (both taps of Move a Pile).
fn on_cell(a: &MoonlightAction, at: Cell) -> bool {
    match *a {
        MoonlightAction::Place { at: c, .. } => c == at,
        MoonlightAction::MovePile { from, to } => from == at || to == at,
        _ => false,
    }
}

/// Whether an action places this hand card (or a copy of it), its first tap.
fn on_card(a: &MoonlightAction, card: Wolf) -> bool {
    matches!(a, MoonlightAction::Place { card: c, .. } if c.canonical() == card.canonical())
}

/// A move's sounds, from the panorama: a card laid on the ground, a capture where a card covers
/// a wolf (always the other player's) or a round is won. Cards drawn are silent.
fn cues(before: &Table, after: &Table) -> Vec<Cue> {
    let cards = |t: &Table| {
        t.panorama
            .piles()
            .iter()
            .map(|p| p.cards.len())
            .sum::<usize>()
    };
    let (piles, was) = (before.panorama.len(), cards(before));
    let same_round = after.round == before.round;
    let laid = same_round && after.panorama.len() > piles;
    let covered = same_round && cards(after) - after.panorama.len() > was - piles;
    let won = after.mountains.iter().sum::<u8>() > before.mountains.iter().sum::<u8>();
    [(laid, Cue::Lay), (covered || won, Cue::Capture)]
        .into_iter()
        .filter_map(|(heard, cue)| heard.then_some(cue))
        .collect()
}

fn board(props: BoardProps<Moonlight>) -> AnyView {
    let BoardProps {
        view,
        legal,
        play,
        pointed,
    } = props;
    let lang = use_lang();
    let pick = RwSignal::new(Pick::Nothing);
    let inspect = RwSignal::new(None::<Cell>);
    // Rounds whose scoring the player has hidden.
    let hidden_scores = RwSignal::new(0usize);
    let act = move |a: MoonlightAction| {
        pick.set(Pick::Nothing);
        inspect.set(None);
        play.run(a);
    };
    let current = Memo::new(move |_| legal.with(|l| effective(pick.get(), l)));

    let bar = move || {
        let v = view.get();
        let lang = lang.get();
        let t = &v.table;
        let live = t.live_score();
        let seats = [v.seat, 1 - v.seat]
            .into_iter()
            .map(|s| {
                let look = seat_look(t, s);
                // The mountain token: the bottom half for the first round won, the top half
                // for the second (§1).
                let (bottom, top) = (t.mountains[s] >= 1, t.mountains[s] >= 2);
                let halves = view! {
                    <svg class="ml-mountain" viewBox="0 0 24 20" aria-hidden="true">
                        <polygon class:won=bottom points="1,19 23,19 17,10 7,10"></polygon>
                        <polygon class:won=top points="7.6,8.5 16.4,8.5 12,1.5"></polygon>
                    </svg>
                };
                let moons = live.moons[s];
                let won = t.mountains[s];
                let sr = t!(
                    lang,
                    "{won} of {MOUNTAINS_TO_WIN} rounds won, {moons} moons",
                    "{won}/{MOUNTAINS_TO_WIN} megnyert forduló, {moons} hold"
                );
                let cards = t!(
                    lang,
                    "hand {} · deck {}",
                    "kéz {} · pakli {}",
                    v.hand_sizes[s],
                    v.deck_sizes[s]
                );
                view! {
                    <div class=format!("ml-seat seat-{}", look.colour) class:active=t.mover == s && t.phase != Phase::Over
                        data-anchor=format!("hand-{s}")>
                        <span class="ml-seat-name">{seat_name(t, s, v.seat, lang)}</span>
                        <span class="ml-mountains" title=sr.clone()>{halves}</span>
                        <span class="ml-moons" role="img" aria-label=sr>
                            <svg viewBox="-12 -12 24 24" class="ml-moon-icon" aria-hidden="true"><path d=moon_path(0.0, 0.0, 10.0)></path></svg>
                            {moons}
                        </span>
                        <span class="ml-cards" data-count=format!("cards-{s}")>{cards}</span>
                    </div>
                }
            })
            .collect_view();
        let round = t.round;
        let title = t!(lang, "Round {round}", "{round}. forduló");
        let last = t.final_turn.then(
            || view! { <span class="ml-final">{t!(lang, "Final turn!", "Utolsó kör!")}</span> },
        );
        view! {
            <div class="ml-bar">
                <span class="ml-round" data-testid="ml-round">{title}</span>
                {last}
                {seats}
            </div>
        }
    };

    // The panorama redraws what an action changed: each cell from its own look ([`CellLook`]),
    // keyed by its place, so a card laid touches its cell and the targets around it. Redrawn
    // whole, it rewrote 2,000-3,000 nodes and attributes at every action (issue #20 target 2).
    let panorama = Memo::new(move |_| {
        let lang = lang.get();
        let pick_now = current.get();
        let inspected = inspect.get();
        let shown: Vec<MoonlightAction> = pointed.with(|p| {
            [p.hint, p.played, p.preferred]
                .into_iter()
                .flatten()
                .collect()
        });
        view.with(|v| legal.with(|l| panorama_look(v, l, pick_now, &shown, inspected, lang)))
    });
    let places = move || panorama.with(|p| p.cells.iter().map(|c| c.g.at).collect::<Vec<_>>());
    let cell = move |at: Cell| {
        let look =
            Memo::new(move |_| panorama.with(|p| p.cells.iter().find(|c| c.g.at == at).cloned()));
        let (x, y) = (at.x as f64 * CW, at.y as f64 * CH);
        let click =
            Memo::new(move |_| look.with(|l| l.as_ref().map_or(CellClick::None, |l| l.click)));
        let run = move || match click.get_untracked() {
            CellClick::Play(a) => act(a),
            CellClick::PileFrom(c) => {
                pick.set(Pick::Pile(Some(c)));
                inspect.set(None);
            }
            CellClick::Inspect => {
                inspect.update(|i| *i = if *i == Some(at) { None } else { Some(at) })
            }
            CellClick::None => {}
        };
        let key = activate_on_key(run);
        let here = move |a: &MoonlightAction| on_cell(a, at);
        let marks = move || {
            let ring = move |class| {
                view! { <rect class=class x=Decimal(x + GAP + 2.0) y=Decimal(y + GAP + 2.0) width=Decimal(CW - 2.0 * GAP - 4.0) height=Decimal(CH - 2.0 * GAP - 4.0) rx="9"></rect> }.into_any()
            };
            svg_marks(
                props.hint_on(here),
                props.review_on(here),
                ring,
                (x + CW - GAP - 6.0, y + GAP + 6.0),
                14.0,
            )
        };
        // The pile's drawing changes only with its cards (and who just laid the top one).
        let pile = Memo::new(move |_| {
            look.with(|l| l.as_ref().map(|l| (l.g.stack, l.g.corner, l.placer)))
        });
        let pile_view = move || {
            pile.get()
                .map(|(stack, corner, placer)| cell_pile(stack, corner, placer, x, y))
        };
        let outline = Memo::new(move |_| look.with(|l| l.as_ref().and_then(|l| l.outline)));
        let outline_view = move || {
            outline.get().map(|kind| {
                view! { <rect class=kind x=Decimal(x + GAP - 1.0) y=Decimal(y + GAP - 1.0) width=Decimal(CW - 2.0 * GAP + 2.0) height=Decimal(CH - 2.0 * GAP + 2.0) rx="10"></rect> }
            })
        };
        let target = move || look.with(|l| l.as_ref().is_some_and(|l| l.target));
        let empty = move || look.with(|l| l.as_ref().is_some_and(|l| l.g.stack.is_empty()));
        // Its name, and its title, which adds the pile's cards.
        let label = Memo::new(move |_| {
            let lang = lang.get();
            look.with(|l| {
                l.as_ref()
                    .map(|l| (l.label.clone(), cell_title(l.label.clone(), &l.g, lang)))
            })
        });
        view! {
            <g
                class="ml-cell"
                class:target=target
                class:open=move || look.with(|l| l.as_ref().is_some_and(|l| l.g.stack.is_empty() && l.g.open))
                data-legal=move || target().then_some("")
                data-hint=move || props.hint_on(here)
                data-review=move || props.review_on(here)
                data-cell=format!("{},{}", at.x, at.y)
                role=move || if click.get() != CellClick::None { "button" } else { "img" }
                tabindex=move || (click.get() != CellClick::None).then_some("0")
                aria-label=move || empty().then(|| label.with(|l| l.as_ref().map(|l| l.0.clone()))).flatten()
                on:click=move |_| run()
                on:keydown=key
            >
                // A cell with a card is named by its title (SVG's own accessible name, and the
                // tooltip), not an aria-label, whose text would have to repeat the card's
                // printed numbers in their order (axe: label-content-name-mismatch); an empty
                // one shows no text, so its aria-label names it (axe reads no name from a bare
                // title there).
                <title>{move || label.with(|l| l.as_ref().map(|l| l.1.clone()))}</title>
                {pile_view}
                {outline_view}
                {marks}
            </g>
        }
    };
    // Live row sums, right of the grid: one badge per row of the current box.
    let sums = Memo::new(move |_| {
        let lang = lang.get();
        view.with(|v| row_sums(&v.table, lang))
    });
    let sums_view = move || {
        let sx = panorama.with(|p| p.sums_x);
        sums.get()
            .into_iter()
            .map(|row| {
                let y = row.y as f64 * CH + CH / 2.0;
                let lines = row
                    .lines
                    .into_iter()
                    .enumerate()
                    .map(|(i, (colour, text, lead))| {
                        view! {
                            <text class=format!("ml-sum seat-{colour}") class:lead=lead x=Decimal(sx + 34.0) y=Decimal(y - 6.0 + i as f64 * 30.0) text-anchor="middle" font-size="22">
                                {text}
                            </text>
                        }
                    })
                    .collect_view();
                view! {
                    <g class="ml-sums" role="img" aria-label=row.label>
                        <rect x=Decimal(sx) y=Decimal(y - 36.0) width="68" height="66" rx="10"></rect>
                        {lines}
                    </g>
                }
            })
            .collect_view()
    };
    let svg = move || {
        view! {
            <svg class="board moonlight-board" viewBox=move || panorama.with(|p| p.view_box.clone()) role="group"
                aria-label=move || t!(lang.get(), "The panorama", "A panoráma") preserveAspectRatio="xMidYMid meet">
                <For each=places key=|at| *at children=cell />
                {sums_view}
            </svg>
        }
    };
    let inspector = move || {
        let at = inspect.get()?;
        let v = view.get();
        let lang = lang.get();
        let pile = v.table.panorama.pile(at)?;
        let cards = pile
            .cards
            .iter()
            .map(|w| view! { <li>{card_svg(w, lang)}</li> })
            .collect_view();
        Some(view! {
            <div class="ml-inspector" role="region" aria-label=t!(lang, "Pile", "Kupac")>
                <span>{t!(lang, "Pile at {at}, bottom to top:", "Kupac itt: {at}, alulról felfelé:")}</span>
                <ol class="ml-pile">{cards}</ol>
                <button class="ml-close" on:click=move |_| inspect.set(None)>{t!(lang, "Close", "Bezár")}</button>
            </div>
        })
    };

    // The hand redraws a card's picture only when the card joins it: a card's state (playable,
    // selected) and the buttons beside the hand follow the view.
    let hand_look = Memo::new(move |_| {
        let lang = lang.get();
        let pick_now = current.get();
        view.with(|v| legal.with(|l| hand_look(v, l, pick_now, lang)))
    });
    let shown = Memo::new(move |_| hand_look.with(|h| h.is_some()));
    let hand_cards = move || {
        hand_look.with(|h| {
            h.as_ref()
                .map_or(Vec::new(), |h| h.cards.iter().map(|c| c.wolf).collect())
        })
    };
    let hand_card = move |w: Wolf| {
        let card = Memo::new(move |_| {
            hand_look.with(|h| {
                h.as_ref()
                    .and_then(|h| h.cards.iter().find(|c| c.wolf == w).cloned())
            })
        });
        let playable = move || card.with(|c| c.as_ref().is_some_and(|c| c.playable));
        let selected = move || card.with(|c| c.as_ref().is_some_and(|c| c.selected));
        view! {
            <button
                class="ml-hand-card"
                class:selected=selected
                class:playable=playable
                data-card=w.to_string()
                data-piece=format!("wolf-{w}")
                data-legal=move || (playable() && !selected()).then_some("")
                data-hint=move || props.hint_on(|a| on_card(a, w))
                data-review=move || props.review_on(|a| on_card(a, w))
                aria-pressed=move || selected().to_string()
                disabled=move || !playable()
                on:click=move |_| {
                    pick.set(Pick::Card(w));
                    inspect.set(None);
                }
            >
                // Named by its content, not an aria-label that would have to repeat the
                // printed numbers in order: the picture is hidden from assistive tech and the
                // words say the same.
                <span class="face" aria-hidden="true">{move || card_svg(w, lang.get())}</span>
                <span class="sr-only">{move || card.with(|c| c.as_ref().map(|c| c.label.clone()))}</span>
            </button>
        }
    };
    let hand_actions = move || {
        let h = hand_look.get()?;
        let lang = lang.get();
        let moving = h.moving;
        let move_button = h.can_move.then(|| {
            view! {
                <button
                    class="ml-power-button"
                    class:selected=moving
                    data-legal=(!moving).then_some("")
                    data-hint=move || props.hint_on(|a| matches!(a, MoonlightAction::MovePile { .. }))
                    data-review=move || props.review_on(|a| matches!(a, MoonlightAction::MovePile { .. }))
                    aria-pressed=moving.to_string()
                    title=power_text(Power::MovePile, lang)
                    on:click=move |_| {
                        pick.set(Pick::Pile(None));
                        inspect.set(None);
                    }
                >
                    {power_name(Power::MovePile, lang)}
                </button>
            }
        });
        let decline = h.decline.then(|| {
            let a = MoonlightAction::Decline;
            view! {
                <button class="ml-power-button" data-legal=""
                    data-hint=move || props.hint_on(|h| *h == a)
                    data-review=move || props.review_on(|h| *h == a)
                    on:click=move |_| act(a)>
                    {t!(lang, "No second card", "Nem teszek le második lapot")}
                </button>
            }
        });
        Some(view! {
            <span class="ml-hint">{h.hint}</span>
            {move_button}
            {decline}
        })
    };
    let hand = move || {
        shown.get().then(|| {
            view! {
                <div class="ml-hand-area">
                    <div class="ml-hand" role="group" aria-label=move || t!(lang.get(), "Your hand", "A kezed") data-testid="ml-hand">
                        <For each=hand_cards key=|w| *w children=hand_card />
                    </div>
                    <div class="ml-hand-actions">{hand_actions}</div>
                </div>
            }
        })
    };

    let choice = move || {
        let v = view.get();
        let lang = lang.get();
        let t = &v.table;
        let legal_now = legal.get();
        match t.phase {
            Phase::PickLoneWolf | Phase::PickPower => {}
            _ => return None,
        }
        let mover = seat_name(t, t.mover, v.seat, lang);
        if legal_now.is_empty() {
            let text = if t.phase == Phase::PickLoneWolf {
                t!(
                    lang,
                    "{mover} won the round and is choosing a Lone Wolf…",
                    "{mover} nyerte a fordulót, és Magányos Farkast választ…"
                )
            } else {
                t!(
                    lang,
                    "{mover} lost the round and is choosing an Alpha Power…",
                    "{mover} elvesztette a fordulót, és Alfa-erőt választ…"
                )
            };
            return Some(view! { <div class="ml-choice waiting"><p>{text}</p></div> }.into_any());
        }
        if t.phase == Phase::PickLoneWolf {
            let options = legal_now
                .iter()
                .copied()
                .filter_map(|a| match a {
                    MoonlightAction::PickLoneWolf { wolf } => Some((a, wolf)),
                    _ => None,
                })
                .map(|(a, wolf)| {
                    let label = t!(
                        lang,
                        "Add {} to your deck",
                        "{} a paklidba",
                        wolf_label(wolf, lang)
                    );
                    view! {
                        <button class="ml-choice-card" data-legal="" aria-label=label
                            data-hint=move || props.hint_on(|h| *h == a)
                            data-review=move || props.review_on(|h| *h == a)
                            on:click=move |_| act(a)>
                            {card_svg(wolf, lang)}
                            <span>{wolf_label(wolf, lang)}</span>
                        </button>
                    }
                })
                .collect_view();
            return Some(
                view! {
                    <div class="ml-choice" data-testid="ml-pick-lone-wolf" role="dialog" aria-labelledby="ml-choice-title">
                        <h3 id="ml-choice-title">{t!(lang, "You won the round!", "Megnyerted a fordulót!")}</h3>
                        <p>{t!(lang, "Choose a Lone Wolf to add to your deck for the next rounds.", "Válassz egy Magányos Farkast, amely a következő fordulókra a paklidba kerül.")}</p>
                        <div class="ml-choice-options">{options}</div>
                    </div>
                }
                .into_any(),
            );
        }
        let options = legal_now
            .iter()
            .copied()
            .filter_map(|a| match a {
                MoonlightAction::PickPower { power } => Some((a, power)),
                _ => None,
            })
            .map(|(a, power)| {
                view! {
                    <button class="ml-power-card" data-legal=""
                        data-hint=move || props.hint_on(|h| *h == a)
                        data-review=move || props.review_on(|h| *h == a)
                        on:click=move |_| act(a)>
                        <b>{power_name(power, lang)}</b>
                        <span class="ml-kind">{kind_name(power, lang)}</span>
                        <span class="ml-text">{power_text(power, lang)}</span>
                    </button>
                }
            })
            .collect_view();
        Some(
            view! {
                <div class="ml-choice" data-testid="ml-pick-power" role="dialog" aria-labelledby="ml-choice-title">
                    <h3 id="ml-choice-title">{t!(lang, "You lost the round.", "Elvesztetted a fordulót.")}</h3>
                    <p>{t!(lang, "Take one Alpha Power from the display: it is yours for the rest of the match.", "Vegyél el egy Alfa-erőt a kínálatból: a mérkőzés végéig a tiéd.")}</p>
                    <div class="ml-choice-options">{options}</div>
                </div>
            }
            .into_any(),
        )
    };

    // The last round's scoring: beside the choice while the round is being closed (and at the
    // end), below the board once the next round is under way. With its cards, it redraws only
    // when a round ends or is hidden, not at every card laid below it, and a paint after the
    // board: a round's end redraws the panorama, the hand and the choice, and the scoring's
    // 150 elements moving above or below the board would make that one frame of 85-92 ms at
    // 4x CPU (issue #20 target 2), where two frames each do half.
    let scored = Memo::new(move |_| {
        view.with(|v| {
            let closing = matches!(
                v.table.phase,
                Phase::PickLoneWolf | Phase::PickPower | Phase::Over
            );
            (v.seat, v.table.rounds.len(), closing)
        })
    });
    let scored = crate::ui::a_paint_later(move || scored.get());
    let scoring = move |top: bool| {
        scored.with(|_| ());
        let v = view.get_untracked();
        let lang = lang.get();
        let t = &v.table;
        let closing = matches!(
            t.phase,
            Phase::PickLoneWolf | Phase::PickPower | Phase::Over
        );
        if closing != top {
            return None;
        }
        let n = t.rounds.len();
        let score = t.rounds.last()?;
        if hidden_scores.get() >= n {
            return Some(
                view! {
                    <button class="ml-show-score" on:click=move |_| hidden_scores.set(n - 1)>
                        {t!(lang, "Show the last round's scoring", "Az utolsó forduló pontozása")}
                    </button>
                }
                .into_any(),
            );
        }
        Some(
            view! {
                <section class="ml-scoring" class:fresh=top data-testid="ml-scoring" aria-live="polite">
                    {score_steps(t, score, n, v.seat, lang)}
                    <button class="ml-close" on:click=move |_| hidden_scores.set(n)>
                        {t!(lang, "Hide", "Elrejtés")}
                    </button>
                </section>
            }
            .into_any(),
        )
    };

    // The Alpha Powers redraw when one is taken or used.
    let held = Memo::new(move |_| {
        view.with(|v| {
            let t = &v.table;
            (
                v.seat,
                t.light,
                t.display,
                [t.power_status(0), t.power_status(1)],
            )
        })
    });
    let powers = move || {
        held.with(|_| ());
        let v = view.get_untracked();
        let lang = lang.get();
        let t = &v.table;
        let display = t
            .display
            .iter()
            .map(|p| {
                view! {
                    <li class="ml-power" title=power_text(p, lang)>
                        <b>{power_name(p, lang)}</b>
                        <span class="ml-kind">{kind_name(p, lang)}</span>
                    </li>
                }
            })
            .collect_view();
        let owned = [v.seat, 1 - v.seat]
            .into_iter()
            .map(|s| {
                let look = seat_look(t, s);
                let list = t.power_status(s);
                let items = if list.is_empty() {
                    view! { <li class="ml-none">{t!(lang, "none yet", "még nincs")}</li> }.into_any()
                } else {
                    list.into_iter()
                        .map(|st| {
                            let state = if !st.ambush {
                                t!(lang, "always on", "mindig él")
                            } else if st.used {
                                t!(lang, "used this round", "ebben a fordulóban elhasználva")
                            } else {
                                t!(lang, "ready", "használható")
                            };
                            view! {
                                <li class="ml-power" class:used=st.used title=power_text(st.power, lang)>
                                    <b>{power_name(st.power, lang)}</b>
                                    <span class="ml-kind">{state}</span>
                                </li>
                            }
                        })
                        .collect_view()
                        .into_any()
                };
                view! {
                    <div class=format!("ml-owned seat-{}", look.colour)>
                        <span class="ml-owner">{seat_name(t, s, v.seat, lang)}</span>
                        <ul>{items}</ul>
                    </div>
                }
            })
            .collect_view();
        view! {
            <section class="ml-powers" aria-label=t!(lang, "Alpha Powers", "Alfa-erők")>
                <h3>{t!(lang, "Alpha Powers", "Alfa-erők")}</h3>
                <div class="ml-display">
                    <span class="ml-owner">{t!(lang, "Display", "Kínálat")}</span>
                    <ul>{display}</ul>
                </div>
                {owned}
            </section>
        }
    };

    // In a review nothing is legal, so the moves that are only buttons are named in words.
    let notes = review_notes(pointed, move |a: &MoonlightAction, lang| {
        if legal.with(|l| l.contains(a)) {
            return None;
        }
        match *a {
            MoonlightAction::Decline => {
                Some(t!(lang, "No second card", "Nem teszek le második lapot"))
            }
            MoonlightAction::PickLoneWolf { wolf } => Some(t!(
                lang,
                "Add {} to the deck",
                "{} a pakliba",
                wolf_label(wolf, lang)
            )),
            MoonlightAction::PickPower { power } => {
                Some(t!(lang, "Take {}", "Elveszi: {}", power_name(power, lang)))
            }
            _ => None,
        }
    });

    view! {
        <div class="moonlight">
            {bar}
            <div class="ml-top">
                {choice}
                {move || scoring(true)}
            </div>
            {notes}
            {svg}
            {inspector}
            {hand}
            <div class="ml-panels">
                {move || scoring(false)}
                {powers}
            </div>
        </div>
    }
    .into_any()
}

/// What one panorama cell shows: everything its drawing reads, so a cell whose look has not
/// changed keeps its elements.
#[derive(Clone, PartialEq)]
struct CellLook {
    g: GridCell,
    click: CellClick,
    /// A legal target of the selection now.
    target: bool,
    /// The frame around it: a target, the pile picked or inspected, a card or move just played.
    outline: Option<&'static str>,
    /// Who laid its top card in the last two turns (the card flies in from that hand).
    placer: Option<Seat>,
    label: String,
}

/// The panorama as drawn: its frame, its cells and where the row sums stand.
#[derive(Clone, PartialEq)]
struct PanoramaLook {
    view_box: String,
    cells: Vec<CellLook>,
    sums_x: f64,
}

/// The panorama's look for a viewer: the cells with a card, the open frame, the targets of the
/// selection and the cells the pointed-out moves (hint, review) touch.
fn panorama_look(
    v: &MoonlightView,
    legal_now: &[MoonlightAction],
    pick_now: Pick,
    shown_moves: &[MoonlightAction],
    inspected: Option<Cell>,
    lang: Lang,
) -> PanoramaLook {
    let t = &v.table;
    let mut grid = t.panorama.grid();
    // Pile-move targets may lie outside the frame of open cells: add them, and those of the
    // moves pointed out.
    let picked_from = match pick_now {
        Pick::Pile(Some(f)) => Some(f),
        _ => None,
    };
    for a in legal_now
        .iter()
        .filter(|_| picked_from.is_some())
        .chain(shown_moves)
    {
        if let MoonlightAction::MovePile { from: f, to } = *a {
            let wanted = picked_from == Some(f) || shown_moves.contains(a);
            if wanted && !grid.iter().any(|g| g.at == to) {
                grid.push(GridCell {
                    at: to,
                    stack: Default::default(),
                    open: false,
                    ground: false,
                    corner: false,
                });
            }
        }
    }
    let (mut x0, mut x1, mut y0, mut y1) = (i8::MAX, i8::MIN, i8::MAX, i8::MIN);
    for g in &grid {
        x0 = x0.min(g.at.x);
        x1 = x1.max(g.at.x);
        y0 = y0.min(g.at.y);
        y1 = y1.max(g.at.y);
    }
    // At least 4×4 cells, centred, so a young panorama is not drawn huge.
    let (cols, rows) = ((x1 - x0 + 1) as f64, (y1 - y0 + 1) as f64);
    let (wide, tall) = (cols.max(4.0), rows.max(4.0));
    let left = x0 as f64 * CW - (wide - cols) / 2.0 * CW - 6.0;
    let top = y0 as f64 * CH - (tall - rows) / 2.0 * CH - 6.0;
    let width = wide * CW + SUMS + 12.0;
    let height = tall * CH + 12.0;
    let turns = || t.last_turn.iter().chain(t.this_turn.iter());
    let fresh: Vec<Cell> = turns()
        .filter_map(|c| match c {
            Change::Placed { at, .. } => Some(*at),
            Change::Moved { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    let moved_from: Vec<Cell> = turns()
        .filter_map(|c| match c {
            Change::Moved { from, .. } => Some(*from),
            _ => None,
        })
        .collect();
    let cells = grid
        .into_iter()
        .filter_map(|g| {
            let at = g.at;
            let click = cell_click(&g, pick_now, legal_now);
            let target = matches!(click, CellClick::Play(_) | CellClick::PileFrom(_));
            let empty = g.stack.is_empty();
            let shown = shown_moves.iter().any(|a| on_cell(a, at));
            if empty && !g.open && !target && !shown {
                return None;
            }
            let picked = picked_from == Some(at) || inspected == Some(at);
            let outline = if target {
                Some("ml-target")
            } else if picked {
                Some("ml-picked")
            } else if fresh.contains(&at) || moved_from.contains(&at) {
                Some(if empty { "ml-ghost" } else { "ml-fresh" })
            } else {
                None
            };
            let placer = turns().rev().find_map(|c| match c {
                Change::Placed { seat, at: k, .. } if *k == at => Some(*seat),
                _ => None,
            });
            let label = cell_label(&g, click, lang);
            Some(CellLook {
                g,
                click,
                target,
                outline,
                placer,
                label,
            })
        })
        .collect();
    PanoramaLook {
        view_box: [left, top, width, height]
            .map(|n| format!("{:.0}", Decimal(n)))
            .join(" "),
        cells,
        sums_x: (x1 as f64 + 1.0) * CW + 6.0,
    }
}

/// A cell's name for screen readers: where it is, what lies there and what a click does.
fn cell_label(g: &GridCell, click: CellClick, lang: Lang) -> String {
    let empty = g.stack.is_empty();
    let name = t!(lang, "cell {}", "mező {}", g.at);
    let content = match g.stack.last() {
        Some(top) => {
            let owner = colour_look(top.colour()).colour_name(lang);
            let n = g.stack.len();
            let pile = if n > 1 {
                t!(lang, ", pile of {n}", ", {n} lapos kupac")
            } else {
                String::new()
            };
            format!("{owner} {}{pile}", wolf_label(top, lang))
        }
        None => t!(lang, "empty", "üres"),
    };
    match click {
        CellClick::Play(MoonlightAction::Place { .. }) if empty => {
            t!(
                lang,
                "{name}: {content}, place here",
                "{name}: {content}, ide tehetsz"
            )
        }
        CellClick::Play(MoonlightAction::Place { .. }) => {
            t!(
                lang,
                "{name}: {content}, cover it",
                "{name}: {content}, lefedheted"
            )
        }
        CellClick::Play(_) => t!(
            lang,
            "{name}: move the pile here",
            "{name}: ide viheted a kupacot"
        ),
        CellClick::PileFrom(_) => t!(
            lang,
            "{name}: {content}, move this pile",
            "{name}: {content}, ezt a kupacot viszed"
        ),
        CellClick::Inspect => t!(
            lang,
            "{name}: {content}, show the pile",
            "{name}: {content}, kupac megnézése"
        ),
        CellClick::None => format!("{name}: {content}"),
    }
}

/// A cell's pile at (x, y): the empty slot, or the cards under the top one, the top card (a
/// card new on the panorama came from its player's hand; the viewer's own card travels from
/// its place in the hand, which has the same key; the card it covers goes under it, not away),
/// the pile's height and the corner mark of the current box.
fn cell_pile(stack: Cards, corner: bool, placer: Option<Seat>, x: f64, y: f64) -> impl IntoView {
    let empty = stack.is_empty();
    let depth = stack.len().saturating_sub(1).min(3);
    let under = (0..depth)
        .map(|k| {
            let d = (depth - k) as f64 * 4.0;
            view! {
                <rect class="ml-under" x=Decimal(x + GAP - d) y=Decimal(y + GAP - d) width=Decimal(CW - 2.0 * GAP) height=Decimal(CH - 2.0 * GAP) rx="9"></rect>
            }
        })
        .collect_view();
    let card = stack.last().map(|w| {
        view! {
            <g data-piece=format!("wolf-{w}") data-from=placer.map(|s| format!("hand-{s}"))>
                {wolf_card(w, x + GAP, y + GAP, CW - 2.0 * GAP)}
            </g>
        }
    });
    let covered = stack.len().checked_sub(2).map(|i| {
        view! { <g data-vanished=format!("wolf-{}", stack.as_slice()[i]) data-how="covered"></g> }
    });
    let count = (stack.len() > 1).then(|| {
        view! {
            <g class="ml-count" aria-hidden="true">
                <circle cx=Decimal(x + CW - 16.0) cy=Decimal(y + CH - 16.0) r="13"></circle>
                <text x=Decimal(x + CW - 16.0) y=Decimal(y + CH - 11.0) text-anchor="middle" font-size="15">{stack.len()}</text>
            </g>
        }
    });
    let slot = empty.then(|| {
        view! { <rect class="ml-slot" x=Decimal(x + GAP) y=Decimal(y + GAP) width=Decimal(CW - 2.0 * GAP) height=Decimal(CH - 2.0 * GAP) rx="9"></rect> }
    });
    let corner = (corner && !empty).then(|| {
        view! {
            <path class="ml-corner" d=format!("M{:.1},{:.1} l0,-14 l14,0", Decimal(x + 1.0), Decimal(y + 15.0))></path>
        }
    });
    view! { {slot} {under} {covered} {card} {count} {corner} }
}

/// One row's badge of live sums: Light's line first, each with its seat's colour, its text and
/// whether it leads the row.
#[derive(Clone, PartialEq)]
struct RowSums {
    y: i8,
    lines: Vec<(&'static str, String, bool)>,
    label: String,
}

fn row_sums(t: &Table, lang: Lang) -> Vec<RowSums> {
    let live = t.live_score();
    let order = [t.light, 1 - t.light];
    live.rows
        .iter()
        .map(|row| {
            let lines = order
                .iter()
                .map(|&s| {
                    let look = seat_look(t, s);
                    (
                        look.colour,
                        format!("{} {}", look.mark, row.sums[s]),
                        row.winner == Some(s),
                    )
                })
                .collect();
            let label = t!(
                lang,
                "Row {}: Light {}, Dark {}",
                "{}. sor: Világos {}, Sötét {}",
                row.y - t.panorama.bounds().map_or(0, |b| b.y_min) + 1,
                row.sums[t.light],
                row.sums[1 - t.light]
            );
            RowSums {
                y: row.y,
                lines,
                label,
            }
        })
        .collect()
}

/// One card of the viewer's hand as drawn.
#[derive(Clone, PartialEq)]
struct HandCard {
    wolf: Wolf,
    playable: bool,
    selected: bool,
    label: String,
}

/// The viewer's hand and the buttons beside it, or nothing while a round is being closed.
#[derive(Clone, PartialEq)]
struct HandLook {
    cards: Vec<HandCard>,
    /// Move a Pile may be played, and whether its steps are under way.
    can_move: bool,
    moving: bool,
    /// "No second card" may be played.
    decline: bool,
    hint: String,
}

fn hand_look(
    v: &MoonlightView,
    legal_now: &[MoonlightAction],
    pick_now: Pick,
    lang: Lang,
) -> Option<HandLook> {
    if matches!(
        v.table.phase,
        Phase::PickLoneWolf | Phase::PickPower | Phase::Over
    ) {
        return None;
    }
    let cards = v
        .hand
        .iter()
        .map(|w| {
            let playable = hand_target(legal_now, w).is_some();
            let selected = pick_now == Pick::Card(w.canonical()) || pick_now == Pick::Card(w);
            let name = wolf_label(w, lang);
            let label = if playable && !selected {
                t!(lang, "{name}: select", "{name}: kiválasztás")
            } else if selected {
                t!(lang, "{name}: selected", "{name}: kiválasztva")
            } else {
                name
            };
            HandCard {
                wolf: w,
                playable,
                selected,
                label,
            }
        })
        .collect();
    let hint = if legal_now.is_empty() {
        String::new()
    } else {
        match pick_now {
            Pick::Card(_) => t!(
                lang,
                "Now click a highlighted cell.",
                "Most kattints egy kiemelt mezőre."
            ),
            Pick::Pile(None) => t!(
                lang,
                "Click the pile to move.",
                "Kattints a mozgatandó kupacra."
            ),
            Pick::Pile(Some(_)) => t!(
                lang,
                "Click an empty cell for the pile.",
                "Kattints egy üres mezőre a kupacnak."
            ),
            Pick::Nothing => t!(
                lang,
                "Choose a card from your hand.",
                "Válassz egy lapot a kezedből."
            ),
        }
    };
    Some(HandLook {
        cards,
        can_move: legal_now
            .iter()
            .any(|a| matches!(a, MoonlightAction::MovePile { .. })),
        moving: matches!(pick_now, Pick::Pile(_)),
        decline: legal_now.contains(&MoonlightAction::Decline),
        hint,
    })
}

fn kind_name(p: Power, lang: Lang) -> String {
    if p.is_ambush() {
        t!(
            lang,
            "Ambush · once a round",
            "Rajtaütés · fordulónként egyszer"
        )
    } else {
        t!(lang, "Stamina · always", "Kitartás · mindig")
    }
}

/// The SVG tooltip of a cell: its pile from the top down.
/// A cell's accessible name: what it holds and what a tap does, then the cards under the top
/// one, when there are any.
fn cell_title(label: String, g: &GridCell, lang: Lang) -> String {
    if g.stack.len() > 1 {
        format!("{label} ({})", pile_title(g, lang))
    } else {
        label
    }
}

fn pile_title(g: &GridCell, lang: Lang) -> String {
    if g.stack.is_empty() {
        return if g.open {
            t!(lang, "A card may still go here", "Ide még kerülhet lap")
        } else {
            String::new()
        };
    }
    let names: Vec<String> = g
        .stack
        .as_slice()
        .iter()
        .rev()
        .map(|w| format!("{} {}", colour_look(w.colour()).mark, wolf_label(*w, lang)))
        .collect();
    names.join(" / ")
}

/// The round scoring walked through: moons, each row, the points, the result, the match score.
fn score_steps(t: &Table, score: &RoundScore, n: usize, me: Seat, lang: Lang) -> impl IntoView {
    let order = [t.light, 1 - t.light];
    let name = |s: Seat| seat_name(t, s, me, lang);
    let mut step = 0usize;
    let mut delay = move || {
        step += 1;
        format!("animation-delay: {:.1}s", Decimal(step as f64 * 0.45))
    };
    let moons = {
        let counts = order
            .iter()
            .map(|&s| {
                let bonus = if score.bonus_moons[s] {
                    t!(lang, " (Bonus Moons +2)", " (Bónusz holdak +2)")
                } else {
                    String::new()
                };
                format!("{} {}{bonus}", seat_look(t, s).mark, score.moons[s])
            })
            .collect::<Vec<_>>()
            .join(" : ");
        let result = match score.moon_winner {
            Some(w) if score.moon_by_win_all_ties => t!(
                lang,
                "tied, {} wins it (Win All Ties): +2",
                "döntetlen, {} viszi (Minden döntetlen nyerése): +2",
                name(w)
            ),
            Some(w) => t!(lang, "{} +2 points", "{} +2 pont", name(w)),
            None => t!(
                lang,
                "tied: nobody scores",
                "döntetlen: senki nem kap pontot"
            ),
        };
        view! {
            <li class="ml-step" style=delay()>
                <span class="ml-step-title">{t!(lang, "Moon majority", "Holdtöbbség")}</span>
                <span>{counts} " → " {result}</span>
            </li>
        }
    };
    let y_min = score.rows.first().map_or(0, |r| r.y);
    let rows = score
        .rows
        .iter()
        .map(|row| {
            let number = row.y - y_min + 1;
            let wolves = row
                .wolves
                .iter()
                .map(|w| {
                    let scored = w.points > 0;
                    let badge = if scored {
                        format!("+{}", w.points)
                    } else {
                        String::new()
                    };
                    view! {
                        <span class="ml-mini" class:scored=scored>
                            {card_svg(w.wolf, lang)}
                            {w.tripled.then(|| view! { <span class="ml-tripled">{format!("={}", w.counts)}</span> })}
                            <span class="ml-badge">{badge}</span>
                        </span>
                    }
                })
                .collect_view();
            let sums = order
                .iter()
                .map(|&s| format!("{} {}", seat_look(t, s).mark, row.sums[s]))
                .collect::<Vec<_>>()
                .join(" : ");
            let result = match row.winner {
                Some(w) => {
                    let pts = row.points;
                    let extra = if row.plus_ones > 0 {
                        let k = row.plus_ones;
                        t!(lang, " (incl. {k} for +1)", " (ebből {k} a +1 miatt)")
                    } else {
                        String::new()
                    };
                    let ties = if row.by_win_all_ties {
                        t!(lang, " (tie: Win All Ties)", " (döntetlen: Minden döntetlen nyerése)")
                    } else {
                        String::new()
                    };
                    t!(lang, "{} wins{ties}: +{pts}{extra}", "{} nyeri{ties}: +{pts}{extra}", name(w))
                }
                None => t!(lang, "tied: nobody scores", "döntetlen: senki nem kap pontot"),
            };
            view! {
                <li class="ml-step" style=delay()>
                    <span class="ml-step-title">{t!(lang, "Row {number}", "{number}. sor")}</span>
                    <span class="ml-row-cards">{wolves}</span>
                    <span>{sums} " → " {result}</span>
                </li>
            }
        })
        .collect_view();
    let points = order
        .iter()
        .map(|&s| format!("{} {}", seat_look(t, s).mark, score.points[s]))
        .collect::<Vec<_>>()
        .join(" : ");
    let result = match (score.winner, score.decided_by) {
        (Some(w), Decider::WinAllTies) => t!(
            lang,
            "{} wins the round on Win All Ties",
            "{} nyeri a fordulót (Minden döntetlen nyerése)",
            name(w)
        ),
        (Some(w), Decider::Collected) => t!(
            lang,
            "Points tied: {} wins the round with more collected wolves ({} to {})",
            "Pontegyenlőség: {} nyeri a fordulót, több begyűjtött farkassal ({}:{})",
            name(w),
            score.collected[w],
            score.collected[1 - w]
        ),
        (Some(w), _) => t!(lang, "{} wins the round", "{} nyeri a fordulót", name(w)),
        (None, _) => t!(
            lang,
            "A perfect tie: the round is replayed",
            "Teljes döntetlen: a fordulót újrajátsszák"
        ),
    };
    let matchscore = order
        .iter()
        .map(|&s| format!("{} {}", name(s), t.mountains[s]))
        .collect::<Vec<_>>()
        .join(" : ");
    let title = match lang {
        Lang::En => format!("Round {n} scoring"),
        Lang::Hu => format!("{} {n}. forduló pontozása", article(n.min(255) as u8, true)),
    };
    view! {
        <h3>{title}</h3>
        <ol class="ml-steps">
            {moons}
            {rows}
            <li class="ml-step" style=delay()>
                <span class="ml-step-title">{t!(lang, "Points", "Pontok")}</span>
                <span>{points}</span>
            </li>
            <li class="ml-step ml-result" style=delay()>
                <b>{result}</b>
            </li>
            <li class="ml-step" style=delay()>
                <span class="ml-step-title">{t!(lang, "Match (rounds won, {MOUNTAINS_TO_WIN} to win)", "Mérkőzés (megnyert fordulók, {MOUNTAINS_TO_WIN} kell)")}</span>
                <span>{matchscore}</span>
            </li>
        </ol>
    }
}

impl GameUi for Moonlight {
    const NAME: &'static str = "Moonlight";
    const HIDDEN_INFORMATION: bool = true;

    fn seat_count_for(_: &MoonlightOptions) -> usize {
        2
    }

    /// Some six cards each under the moon, a pile or two covered.
    const MINIATURE_MOVES: usize = 12;

    fn cues(before: &MoonlightView, after: &MoonlightView) -> Vec<Cue> {
        cues(&before.table, &after.table)
    }

    fn options_form(
        options: RwSignal<MoonlightOptions>,
        seat_names: Signal<Vec<String>>,
        _: Signal<Vec<SeatSpec>>,
    ) -> AnyView {
        let lang = use_lang();
        let start =
            move || options.with(|o| o.start.map_or("random".to_string(), |s| s.to_string()));
        let light =
            move || options.with(|o| o.light.map_or("random".to_string(), |s| s.to_string()));
        let seat_options = move || {
            seat_names
                .get()
                .into_iter()
                .enumerate()
                .map(|(i, name)| view! { <option value=i.to_string()>{name}</option> })
                .collect_view()
        };
        view! {
            <label class="option">
                {move || t!(lang.get(), "Who starts round 1 ", "Ki kezdi az 1. fordulót ")}
                <select
                    prop:value=start
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        options.update(|o| o.start = v.parse().ok());
                    }
                >
                    <option value="random">{move || t!(lang.get(), "Random", "Véletlen")}</option>
                    {seat_options}
                </select>
            </label>
            <label class="option">
                {move || t!(lang.get(), "Who plays Light ", "Ki játszik a Világossal ")}
                <select
                    prop:value=light
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        options.update(|o| o.light = v.parse().ok());
                    }
                >
                    <option value="random">{move || t!(lang.get(), "Random", "Véletlen")}</option>
                    {seat_options}
                </select>
            </label>
        }
        .into_any()
    }

    fn board(props: BoardProps<Self>) -> AnyView {
        board(props)
    }

    fn look(view: &MoonlightView, seat: Seat) -> SeatLook {
        seat_look(&view.table, seat)
    }

    /// Light and Dark are known at setup only when the options choose them (D3 draws otherwise).
    fn setup_look(options: &MoonlightOptions, seat: Seat) -> SeatLook {
        match options.light {
            Some(light) if light == seat => colour_look(Colour::Light),
            Some(_) => colour_look(Colour::Dark),
            None => crate::ui::LOOKS[seat % crate::ui::LOOKS.len()],
        }
    }

    fn seat_summary(view: &MoonlightView, seat: Seat, lang: Lang) -> String {
        let won = view.table.mountains[seat];
        let moons = view.table.moon_counts()[seat];
        match won {
            1 => t!(
                lang,
                "1 round won · {moons} moons",
                "1 megnyert forduló · {moons} hold"
            ),
            _ => t!(
                lang,
                "{won} rounds won · {moons} moons",
                "{won} megnyert forduló · {moons} hold"
            ),
        }
    }

    /// Rounds won, charted at the match's end.
    fn measure(view: &MoonlightView, seat: Seat) -> Option<f64> {
        Some(f64::from(view.table.mountains[seat & 1]))
    }

    fn prompt(view: &MoonlightView, lang: Lang) -> String {
        let t = &view.table;
        match t.phase {
            Phase::Place if t.final_turn => t!(
                lang,
                "Your final turn: place a wolf",
                "Az utolsó köröd: tegyél le egy farkast"
            ),
            Phase::Place => t!(
                lang,
                "Place a wolf: choose a card, then a highlighted cell",
                "Tegyél le egy farkast: válassz lapot, aztán egy kiemelt mezőt"
            ),
            Phase::PlaceTwo => t!(
                lang,
                "Now place a value-2 wolf",
                "Most tegyél le egy 2-es értékű farkast"
            ),
            Phase::Second => t!(
                lang,
                "Double Placement: place a second card, or decline",
                "Dupla lerakás: tegyél le egy második lapot, vagy hagyd ki"
            ),
            Phase::PickLoneWolf => t!(
                lang,
                "You won the round: choose a Lone Wolf",
                "Megnyerted a fordulót: válassz Magányos Farkast"
            ),
            Phase::PickPower => t!(
                lang,
                "You lost the round: take an Alpha Power",
                "Elvesztetted a fordulót: válassz Alfa-erőt"
            ),
            Phase::Shuffle { .. } | Phase::Over => String::new(),
        }
    }

    fn rules(lang: Lang) -> AnyView {
        let picture = view! {
            <svg class="ml-rules-art" viewBox="0 0 300 138" role="img"
                aria-label=t!(lang, "A Dark 3 covering a Light 2", "Egy sötét hármas lefed egy világos kettest")>
                {wolf_card(Wolf::new(Colour::Light, 3).unwrap_or_default(), 4.0, 4.0, 92.0)}
                <path class="ml-rules-arrow" d="M108,66 L150,66 M140,56 L152,66 L140,76"></path>
                {wolf_card(Wolf::new(Colour::Light, 3).unwrap_or_default(), 168.0, 4.0, 92.0)}
                {wolf_card(Wolf::new(Colour::Dark, 6).unwrap_or_default(), 180.0, 10.0, 92.0)}
            </svg>
        };
        if lang == Lang::Hu {
            return view! {
                <div class="rules-text moonlight-rules">
                    {picture}
                    <p>"Felváltva tesztek le farkaslapokat a közös " <b>"panorámába"</b> ", amely legfeljebb 4×3-as vagy 3×4-es lehet (a halvány keret mutatja, hová kerülhet még lap). Egy új lapnak egy már lent lévő lap mellé kell kerülnie."</p>
                    <p>"Az ellenfél farkasát " <b>"lefedheted"</b> " egy pontosan eggyel nagyobb értékű lappal (kettest hármassal), de a sajátodat soha, és az ellenfél utolsó látható farkasát sem."</p>
                    <p>"A forduló végén: akinek több látható " <b>"holdja"</b> " van, 2 pontot kap. Minden " <b>"sort"</b> " az nyer, akinek ott nagyobb a látható értékeinek összege (a sarokban álló ×3 lap háromszorosan számít); a sor nyertese minden ott látható farkasáért 1 pontot kap, a +1 jelű lapokért még egyet."</p>
                    <p>"Két megnyert forduló nyeri a mérkőzést. A forduló győztese egy " <b>"Magányos Farkast"</b> " vesz a paklijába, a vesztes egy " <b>"Alfa-erőt"</b> " kap."</p>
                </div>
            }
            .into_any();
        }
        view! {
            <div class="rules-text moonlight-rules">
                {picture}
                <p>"Take turns laying wolf cards into the shared " <b>"panorama"</b> ", which may grow to at most 4×3 or 3×4 (the faint frame shows where cards may still go). A new card must touch a card already there."</p>
                <p>"You may " <b>"cover"</b> " an opponent's wolf with a card exactly one value higher (a 3 on a 2), but never your own and never their last visible wolf."</p>
                <p>"At the round's end the player with more visible " <b>"moons"</b> " scores 2. Each " <b>"row"</b> " goes to the higher sum of visible values (a ×3 card in a corner counts triple); its winner scores 1 per visible wolf there, plus 1 for each +1 card."</p>
                <p>"Win two rounds to win the match. The round winner adds a " <b>"Lone Wolf"</b> " to their deck, the loser takes an " <b>"Alpha Power"</b> "."</p>
            </div>
        }
        .into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Match, Rng, ToMove};
    use rand::{Rng as _, SeedableRng};

    #[test]
    fn a_move_is_marked_on_its_card_and_on_every_cell_it_taps() {
        let m = Match::<Moonlight>::new(MoonlightOptions::default(), 3).unwrap();
        let place = Moonlight::legal(m.state())
            .into_iter()
            .find(|a| matches!(a, MoonlightAction::Place { .. }))
            .unwrap();
        let MoonlightAction::Place { card, at } = place else {
            unreachable!()
        };
        assert!(on_card(&place, card) && on_cell(&place, at));
        let elsewhere = Cell { x: at.x + 1, ..at };
        assert!(!on_cell(&place, elsewhere));
        let pile = MoonlightAction::MovePile {
            from: at,
            to: elsewhere,
        };
        assert!(on_cell(&pile, at) && on_cell(&pile, elsewhere) && !on_card(&pile, card));
        assert!(!on_cell(&MoonlightAction::Decline, at));
    }

    /// Every cell the board can click now, with the extra pile-move targets.
    fn clicks(v: &MoonlightView, pick: Pick, legal: &[MoonlightAction]) -> Vec<CellClick> {
        let mut grid = v.table.panorama.grid();
        for a in legal {
            if let MoonlightAction::MovePile { to, .. } = *a {
                if !grid.iter().any(|g| g.at == to) {
                    grid.push(GridCell {
                        at: to,
                        stack: Default::default(),
                        open: false,
                        ground: false,
                        corner: false,
                    });
                }
            }
        }
        grid.iter().map(|g| cell_click(g, pick, legal)).collect()
    }

    /// The clicks the board offers lead to every legal placement and pile move, and every
    /// selection it offers has a target (no dead end for a random clicker).
    #[test]
    fn the_board_offers_every_legal_action_and_no_dead_end() {
        for seed in 0..12 {
            let mut m = Match::<Moonlight>::new(MoonlightOptions::default(), seed).unwrap();
            let mut rng = Rng::seed_from_u64(seed);
            while m.to_move() != ToMove::Over {
                let s = m.state();
                let legal = Moonlight::legal(s);
                let v = Moonlight::view(s, s.table.mover);
                let mut offered = Vec::new();
                for w in v.hand.iter() {
                    if hand_target(&legal, w).is_none() {
                        continue;
                    }
                    let pick = effective(Pick::Card(w), &legal);
                    assert_eq!(pick, Pick::Card(w));
                    let plays: Vec<_> = clicks(&v, pick, &legal)
                        .into_iter()
                        .filter_map(|c| match c {
                            CellClick::Play(a) => Some(a),
                            _ => None,
                        })
                        .collect();
                    assert!(!plays.is_empty(), "{w} selectable but no target");
                    offered.extend(plays);
                }
                if legal
                    .iter()
                    .any(|a| matches!(a, MoonlightAction::MovePile { .. }))
                {
                    let froms: Vec<Cell> = clicks(&v, Pick::Pile(None), &legal)
                        .into_iter()
                        .filter_map(|c| match c {
                            CellClick::PileFrom(at) => Some(at),
                            _ => None,
                        })
                        .collect();
                    assert!(!froms.is_empty());
                    for from in froms {
                        let plays: Vec<_> = clicks(&v, Pick::Pile(Some(from)), &legal)
                            .into_iter()
                            .filter_map(|c| match c {
                                CellClick::Play(a) => Some(a),
                                _ => None,
                            })
                            .collect();
                        assert!(!plays.is_empty());
                        offered.extend(plays);
                    }
                }
                for a in &legal {
                    if matches!(
                        a,
                        MoonlightAction::Place { .. } | MoonlightAction::MovePile { .. }
                    ) {
                        assert!(offered.contains(a), "{a:?} not offered");
                    }
                }
                let a = legal[rng.random_range(0..legal.len())];
                m.play(&a).unwrap();
            }
        }
    }
}

#[cfg(test)]
mod language_tests {
    use crate::engine::{Game, Match};
    use crate::games::moonlight::{Moonlight, MoonlightOptions};
    use crate::i18n::Lang;

    #[test]
    fn the_log_speaks_hungarian() {
        let m = Match::<Moonlight>::new(MoonlightOptions::default(), 3).unwrap();
        let s = m.state();
        let me = s.table.mover;
        let a = Moonlight::legal(s)[0];
        let hu = Moonlight::describe(s, &a, me, Lang::Hu).unwrap();
        let en = Moonlight::describe(s, &a, me, Lang::En).unwrap();
        assert!(
            hu.starts_with(&format!("@{me} lapot tett le az 1. sor 1. oszlopába: ")),
            "{hu}"
        );
        assert!(hu.contains("és húzott:"), "{hu}");
        assert!(en.starts_with(&format!("@{me} placed")), "{en}");
    }
}

/// What the board draws, from the rules' positions.
#[cfg(test)]
mod look_tests {
    use super::*;
    use crate::engine::Match;

    fn positions(seed: u64) -> Vec<(MoonlightView, Vec<MoonlightAction>)> {
        Match::<Moonlight>::seen_positions(MoonlightOptions::default(), seed, 60)
    }

    fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
        cells.sort();
        cells.dedup();
        cells
    }

    /// A card picked from the hand lights exactly the cells where it may be placed, and the
    /// hand shows it selected (the board's targets are the rules' legal actions).
    #[test]
    fn a_picked_card_lights_exactly_its_legal_cells() {
        let mut picks = 0;
        for seed in 0..4 {
            for (v, legal) in positions(seed) {
                if v.table.phase != Phase::Place {
                    continue;
                }
                for w in v.hand.iter() {
                    let wanted = sorted(
                        legal
                            .iter()
                            .filter_map(|a| match *a {
                                MoonlightAction::Place { card, at }
                                    if card.canonical() == w.canonical() =>
                                {
                                    Some(at)
                                }
                                _ => None,
                            })
                            .collect(),
                    );
                    let pick = effective(Pick::Card(w), &legal);
                    let look = panorama_look(&v, &legal, pick, &[], None, Lang::En);
                    let lit = sorted(
                        look.cells
                            .iter()
                            .filter(|c| c.target)
                            .map(|c| c.g.at)
                            .collect(),
                    );
                    assert_eq!(lit, wanted, "seed {seed}, card {w}");
                    let hand = hand_look(&v, &legal, pick, Lang::En).expect("a hand while placing");
                    let card = hand
                        .cards
                        .iter()
                        .find(|c| c.wolf == w)
                        .expect("the card is shown");
                    assert_eq!(card.playable, !wanted.is_empty(), "seed {seed}, card {w}");
                    assert_eq!(card.selected, !wanted.is_empty(), "seed {seed}, card {w}");
                    picks += 1;
                }
            }
        }
        assert!(picks > 100, "only {picks} picks tried");
    }

    /// From one action to the next a cell keeps its look (and so its elements) unless its
    /// pile changed or a card was just played on or from it.
    #[test]
    fn an_action_changes_the_look_only_of_the_cells_it_touched() {
        let mut kept = 0;
        for seed in 0..4 {
            let seen = positions(seed);
            for pair in seen.windows(2) {
                let ((a, _), (b, _)) = (&pair[0], &pair[1]);
                if a.table.round != b.table.round {
                    continue;
                }
                let before = panorama_look(a, &[], Pick::Nothing, &[], None, Lang::En);
                let after = panorama_look(b, &[], Pick::Nothing, &[], None, Lang::En);
                let played = |t: &Table| -> Vec<Cell> {
                    t.last_turn
                        .iter()
                        .chain(t.this_turn.iter())
                        .flat_map(|c| match *c {
                            Change::Placed { at, .. } => vec![at],
                            Change::Moved { from, to, .. } => vec![from, to],
                            _ => vec![],
                        })
                        .collect()
                };
                let touched = [played(&a.table), played(&b.table)].concat();
                for cell in &after.cells {
                    match before.cells.iter().find(|c| c.g.at == cell.g.at) {
                        Some(old) if old.g == cell.g && !touched.contains(&cell.g.at) => {
                            assert!(old == cell, "seed {seed}: cell {} redrawn", cell.g.at);
                            kept += 1;
                        }
                        _ => {}
                    }
                }
            }
        }
        assert!(kept > 100, "only {kept} cells compared");
    }
}
