//! What a game adds to be played in the app: its board component and a few words and numbers
//! for the shared table. Everything else (seats, AI, hand-off, log, undo, game over) is shared.

use super::sound::Cue;
use super::{Decimal, SeatSpec};
use crate::engine::{Game, Seat};
use crate::i18n::Lang;
use crate::t;
use leptos::prelude::*;

/// What a board component receives. The board renders `view` (never the state), highlights and
/// makes clickable exactly `legal` (empty when the viewer may not act), calls `play`, and marks
/// the actions in `pointed` on their targets ([`BoardProps::hint_on`], [`BoardProps::review_on`]).
pub struct BoardProps<G: Game> {
    pub view: Signal<G::View>,
    pub legal: Signal<Vec<G::Action>>,
    pub play: Callback<G::Action>,
    pub pointed: Signal<Pointed<G::Action>>,
}

/// Actions the table points out on the board beside its legal targets: the hint a seat asked
/// for, and in a review the move played and the move the computer preferred.
#[derive(Clone, Debug, PartialEq)]
pub struct Pointed<A> {
    pub hint: Option<A>,
    pub played: Option<A>,
    pub preferred: Option<A>,
}

impl<A> Default for Pointed<A> {
    fn default() -> Self {
        Pointed {
            hint: None,
            played: None,
            preferred: None,
        }
    }
}

impl<A> Pointed<A> {
    /// `data-hint` of a board target that leads to the actions `leads_to` accepts: `""` (the
    /// attribute present) when the hint is one of them.
    pub fn hint_on(&self, leads_to: impl Fn(&A) -> bool) -> Option<&'static str> {
        self.hint.as_ref().filter(|a| leads_to(a)).map(|_| "")
    }

    /// `data-review` of such a target: `played`, `preferred`, or `both` when the two moves
    /// share it.
    pub fn review_on(&self, leads_to: impl Fn(&A) -> bool) -> Option<&'static str> {
        let played = self.played.as_ref().is_some_and(&leads_to);
        let preferred = self.preferred.as_ref().is_some_and(&leads_to);
        match (played, preferred) {
            (true, true) => Some("both"),
            (true, false) => Some("played"),
            (false, true) => Some("preferred"),
            (false, false) => None,
        }
    }
}

impl<G: Game> BoardProps<G> {
    /// `data-hint` of a target, read reactively: see [`Pointed::hint_on`].
    pub fn hint_on(&self, leads_to: impl Fn(&G::Action) -> bool) -> Option<&'static str> {
        self.pointed.with(|p| p.hint_on(leads_to))
    }

    /// `data-review` of a target, read reactively: see [`Pointed::review_on`].
    pub fn review_on(&self, leads_to: impl Fn(&G::Action) -> bool) -> Option<&'static str> {
        self.pointed.with(|p| p.review_on(leads_to))
    }
}

impl<G: Game> Clone for BoardProps<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for BoardProps<G> {}

/// A seat's look, kept everywhere (board, panel, log): a colour and a shape for colour-blind
/// players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatLook {
    /// CSS class suffix: `seat-red`, `seat-blue`, … (style/turf.css defines the colours).
    pub colour: &'static str,
    /// The colour's name in words (English, Hungarian), for screen readers and the panel:
    /// read it with [`SeatLook::colour_name`].
    pub names: [&'static str; 2],
    /// A short symbol shown beside the name: ● ◆ ▲ ■ ★.
    pub mark: &'static str,
}

impl SeatLook {
    pub fn colour_name(&self, lang: Lang) -> &'static str {
        lang.pick(self.names[0], self.names[1])
    }
}

pub const LOOKS: [SeatLook; 5] = [
    SeatLook {
        colour: "red",
        names: ["Red", "Piros"],
        mark: "●",
    },
    SeatLook {
        colour: "blue",
        names: ["Blue", "Kék"],
        mark: "◆",
    },
    SeatLook {
        colour: "green",
        names: ["Green", "Zöld"],
        mark: "▲",
    },
    SeatLook {
        colour: "yellow",
        names: ["Yellow", "Sárga"],
        mark: "■",
    },
    SeatLook {
        colour: "purple",
        names: ["Purple", "Lila"],
        mark: "★",
    },
];

pub trait GameUi: Game {
    /// The game's name as players know it.
    const NAME: &'static str;
    /// Whether a seat holds secrets (then two human seats need the hand-off screen).
    const HIDDEN_INFORMATION: bool;

    /// Seats at the table for these options.
    fn seat_count_for(options: &Self::Options) -> usize;
    /// The options of a rematch of a game played with `options`: the same by default.
    fn rematch_options(options: &Self::Options) -> Self::Options {
        options.clone()
    }
    /// Work a new table with `options` will need that can be done while the player reads the
    /// setup screen, so that Start's task is shorter (issue #20 target 2): Long Campaign reads
    /// its question bank here. Called a paint after the setup is drawn, and again a paint later
    /// while it says there is more to do (true), so each step is a short task of its own.
    /// Nothing by default.
    fn prepare(_options: &Self::Options) -> bool {
        false
    }
    /// The game-specific part of the setup screen; `seat_names` for choices such as who starts,
    /// `seats` (the seats at the table: human, or AI and its level) for options that depend on
    /// who plays. Components (this form, the board) read the language with [`super::use_lang`].
    fn options_form(
        options: RwSignal<Self::Options>,
        seat_names: Signal<Vec<String>>,
        seats: Signal<Vec<SeatSpec>>,
    ) -> AnyView;
    fn board(props: BoardProps<Self>) -> AnyView
    where
        Self: Sized;
    /// A seat's look in this game (Herd's first player is Red whatever their seat).
    fn look(view: &Self::View, seat: Seat) -> SeatLook;
    /// A seat's look on the setup screen, before anything is dealt: the table's look where the
    /// seat alone (or the options) decide it, so players see at setup the colour they will play;
    /// otherwise the shell's seat colours.
    fn setup_look(_options: &Self::Options, seat: Seat) -> SeatLook {
        LOOKS[seat % LOOKS.len()]
    }
    /// The seat's main measure, in words ("31 stones", "2 medals").
    fn seat_summary(view: &Self::View, seat: Seat, lang: Lang) -> String;
    /// The seat's main measure as a number (stones, medals, points), charted over the game at
    /// its end; `None` when the game has none worth charting.
    fn measure(_view: &Self::View, _seat: Seat) -> Option<f64> {
        None
    }
    /// What the seat to move must do now, in words ("Remove 2 more stones of Blue").
    fn prompt(view: &Self::View, lang: Lang) -> String;
    /// A short rules summary for the table.
    fn rules(lang: Lang) -> AnyView;
    /// The rules summary for the game on the table, where its options change the rules (Toy
    /// Battle's Terrain); by default [`GameUi::rules`].
    fn rules_for(_view: &Self::View, lang: Lang) -> AnyView {
        Self::rules(lang)
    }
    /// How many seat decisions into a game its picture is taken (the home page's card, the
    /// setup's preview: [`super::miniature`]): a position that looks like the game in play.
    const MINIATURE_MOVES: usize = 12;
    /// The options of the home page's picture: by default the game's defaults.
    fn miniature_options() -> Self::Options {
        Self::Options::default()
    }
    /// The options whose board the setup screen pictures beside the form, where the options
    /// change what the board looks like (Herd's size, Toy Battle's Terrain); `None` (the
    /// default) shows no picture.
    fn preview_options(_options: &Self::Options) -> Option<Self::Options> {
        None
    }
    /// The sounds a change of the table makes, from what a seat saw before (`before`) to what
    /// the same seat sees now (`after`, one or more actions later), in the order they happened
    /// ([`super::sound`]). Read from views only, so a sound never tells a seat more than its
    /// screen does. The end of the game is the table's own cue; by default a game makes no
    /// other sound.
    fn cues(_before: &Self::View, _after: &Self::View) -> Vec<Cue> {
        Vec::new()
    }
    /// What an online table adds to its trust line for this game ("the host's device runs this
    /// game"), where the game has something every device holds; by default nothing.
    fn online_trust(_lang: Lang) -> Option<String> {
        None
    }
}

/// The key handler of a board element that acts as a button (an SVG `<g>` with a role and a
/// tabindex): Enter or Space does what a click does. One rule for every board.
pub fn activate_on_key(act: impl Fn() + 'static) -> impl Fn(leptos::ev::KeyboardEvent) + 'static {
    move |e| {
        if e.key() == "Enter" || e.key() == " " {
            e.prevent_default();
            act();
        }
    }
}

/// What an SVG board draws on a target (inside it, or above it) for the hint and the review's
/// moves: the target's outline twice (`ring` draws it with the class it is given), which
/// style/turf.css turns into a glow for the hint, a dashed ring for the move played and a solid
/// one for the move preferred, and for a review a badge at `badge` of radius `size` (✗ played,
/// ★ preferred or both), so the two moves differ in shape as well as colour. `None` when the
/// target carries neither mark.
pub fn svg_marks(
    hint: Option<&'static str>,
    review: Option<&'static str>,
    ring: impl Fn(&'static str) -> AnyView,
    (bx, by): (f64, f64),
    size: f64,
) -> Option<AnyView> {
    if hint.is_none() && review.is_none() {
        return None;
    }
    let badge = review.map(|kind| {
        let glyph = if kind == "played" { "✗" } else { "★" };
        view! {
            <g class="mark-badge">
                <circle cx=Decimal(bx) cy=Decimal(by) r=Decimal(size)></circle>
                <text x=Decimal(bx) y=Decimal(by + size * 0.38) text-anchor="middle" font-size=Decimal(size * 1.15)>{glyph}</text>
            </g>
        }
    });
    // The group names its marks itself, so a board may draw it above its targets (a map whose
    // neighbours would cover a ring drawn inside the target).
    let class = format!(
        "marks{}{}",
        if hint.is_some() { " mark-hint" } else { "" },
        review.map_or(String::new(), |k| format!(" mark-{k}"))
    );
    Some(
        view! {
            <g class=class aria-hidden="true">
                {ring("mark-ring mark-a")}
                {ring("mark-ring mark-b")}
                {badge}
            </g>
        }
        .into_any(),
    )
}

/// The review's moves that a board shows on no target of its own (a button drawn only while it
/// is legal, such as Draw, Pass or an answer): each as a labelled mark that cannot be clicked,
/// carrying the `data-review` a target would. `words` names such an action, or gives `None` when
/// the board marks it on a target.
pub fn review_notes<A>(
    pointed: Signal<Pointed<A>>,
    words: impl Fn(&A, Lang) -> Option<String> + Send + Sync + 'static,
) -> impl IntoView
where
    A: Clone + PartialEq + Send + Sync + 'static,
{
    let lang = super::use_lang();
    move || {
        let lang = lang.get();
        let notes = pointed.with(|p| {
            let played = p.played.as_ref().and_then(|a| Some((a, words(a, lang)?)));
            let preferred = p
                .preferred
                .as_ref()
                .and_then(|a| Some((a, words(a, lang)?)));
            match (played, preferred) {
                (Some((a, w)), Some((b, _))) if a == b => vec![(
                    "both",
                    t!(
                        lang,
                        "Played and preferred: {w}",
                        "Ezt játszották, és a gép is ezt választotta volna: {w}"
                    ),
                )],
                (played, preferred) => played
                    .map(|(_, w)| ("played", t!(lang, "Played: {w}", "Ezt játszották: {w}")))
                    .into_iter()
                    .chain(preferred.map(|(_, w)| {
                        (
                            "preferred",
                            t!(lang, "Preferred: {w}", "A gép ezt választotta volna: {w}"),
                        )
                    }))
                    .collect(),
            }
        });
        (!notes.is_empty()).then(|| {
            let notes = notes
                .into_iter()
                .map(|(kind, text)| view! { <span class="review-note" data-review=kind>{text}</span> })
                .collect_view();
            view! { <div class="review-notes" role="note">{notes}</div> }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Pointed;

    #[test]
    fn a_target_carries_the_marks_of_the_actions_it_leads_to() {
        let pointed = Pointed {
            hint: Some(3),
            played: Some(5),
            preferred: Some(3),
        };
        assert_eq!(pointed.hint_on(|&a| a == 3), Some(""));
        assert_eq!(pointed.hint_on(|&a| a == 5), None);
        assert_eq!(pointed.review_on(|&a| a == 5), Some("played"));
        assert_eq!(pointed.review_on(|&a| a == 3), Some("preferred"));
        assert_eq!(pointed.review_on(|&a| a > 2), Some("both"));
        assert_eq!(pointed.review_on(|&a| a == 9), None);
        assert_eq!(Pointed::<u8>::default().review_on(|_| true), None);
    }
}
