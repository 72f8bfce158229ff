//! The game log: one line per action in the player's language, hiding what the viewer may not
//! know (§10: the cards someone draws are theirs alone).

use super::cards::{Ability, Power, Wolf};
use super::panorama::{Bounds, Cell, Panorama};
use super::rules::{Change, Moonlight, MoonlightAction, MoonlightState, Phase};
use crate::engine::{Game, Seat};
use crate::i18n::Lang;
use crate::t;

/// An Alpha Power's name as players read it (Game Park's English names; Hungarian renderings).
pub fn power_name(power: Power, lang: Lang) -> &'static str {
    let hu = match power {
        Power::ValueSkip => "Értékugrás",
        Power::LargerHand => "Nagyobb kéz",
        Power::ValueOneProtection => "Egyesek védelme",
        Power::DoublePlacement => "Dupla lerakás",
        Power::SameValueCover => "Azonos értékű fedés",
        Power::BonusMoons => "Bónusz holdak",
        Power::WinAllTies => "Minden döntetlen nyerése",
        Power::MovePile => "Kupacmozgatás",
    };
    lang.pick(power.name(), hu)
}

/// What an Alpha Power does, in one sentence (§2.4).
pub fn power_text(power: Power, lang: Lang) -> &'static str {
    match power {
        Power::ValueSkip => lang.pick(
            "Once per round: cover a wolf 2 values lower instead of 1 (a 4 on a 2).",
            "Fordulónként egyszer: 1 helyett 2-vel kisebb farkast is lefedhetsz (négyessel a kettest).",
        ),
        Power::LargerHand => lang.pick(
            "Always: you hold 5 cards instead of 3.",
            "Mindig: 3 helyett 5 lap van a kezedben.",
        ),
        Power::ValueOneProtection => lang.pick(
            "Always: your opponent can never cover your visible 1s.",
            "Mindig: az ellenfeled soha nem fedheti le a látható egyeseidet.",
        ),
        Power::DoublePlacement => lang.pick(
            "Once per round: after placing a card you may place a second one.",
            "Fordulónként egyszer: egy lap lerakása után letehetsz egy másodikat is.",
        ),
        Power::SameValueCover => lang.pick(
            "Once per round: cover a wolf with one of the same value (a 3 on a 3).",
            "Fordulónként egyszer: azonos értékű lappal is lefedhetsz egy farkast (hármassal a hármast).",
        ),
        Power::BonusMoons => lang.pick(
            "Always: +2 to your moon count.",
            "Mindig: +2 a holdjaid számához.",
        ),
        Power::WinAllTies => lang.pick(
            "Always: you win every tie you are part of (moons, rows, points, tie-break).",
            "Mindig: minden döntetlent te nyersz, amelyben részt veszel (holdak, sorok, pontok, holtverseny).",
        ),
        Power::MovePile => lang.pick(
            "Once per round, instead of placing: move a whole pile to an empty cell, then place a 2.",
            "Fordulónként egyszer, lerakás helyett: egy teljes kupacot üres mezőre viszel, aztán letesz egy kettest.",
        ),
    }
}

/// Plain words for a card: "3 (1 moon, +1)", "Lone Wolf 6" / "3 (1 hold, +1)", "Magányos
/// Farkas 6".
pub fn wolf_label(w: Wolf, lang: Lang) -> String {
    let f = w.face();
    let mut extras = Vec::new();
    match f.moons {
        0 => {}
        1 => extras.push(t!(lang, "1 moon", "1 hold")),
        n => extras.push(t!(lang, "{n} moons", "{n} hold")),
    }
    match f.ability {
        Some(Ability::CornerTriple) => extras.push(t!(lang, "corner ×3", "sarok ×3")),
        Some(Ability::PlusOne) => extras.push("+1".into()),
        None => {}
    }
    let name = if w.is_lone() {
        t!(lang, "Lone Wolf {}", "Magányos Farkas {}", f.value)
    } else {
        f.value.to_string()
    };
    if extras.is_empty() {
        name
    } else {
        format!("{name} ({})", extras.join(", "))
    }
}

/// The Hungarian definite article before a number of up to two digits written as a numeral:
/// "az" before 1, 5 and 50–59 (egy, öt, ötven…), "a" otherwise.
pub fn article(n: u8, capital: bool) -> &'static str {
    let az = n == 1 || n == 5 || (50..60).contains(&n);
    match (az, capital) {
        (true, true) => "Az",
        (true, false) => "az",
        (false, true) => "A",
        (false, false) => "a",
    }
}

/// How a place is named in a sentence (Hungarian marks it with a suffix).
#[derive(Clone, Copy)]
enum Case {
    /// "at row 2, column 3" / "a 2. sor 3. oszlopában"
    At,
    /// Where a card is put: "at row 2, column 3" / "a 2. sor 3. oszlopába"
    Onto,
    /// Where a pile goes: "to row 2, column 3" / "a 2. sor 3. oszlopába"
    Into,
    /// "from row 2, column 3" / "a 2. sor 3. oszlopából"
    From,
}

/// A cell as players see it on the board: its row and column in the panorama's box, counted
/// from the top left, like the board's row sums ("Row 2"). The box is the panorama's before the
/// action grown by `to`, so a card placed left of the others is in column 1 and the cells of one
/// line share one frame.
fn place(before: &Panorama, to: Cell, at: Cell, case: Case, lang: Lang) -> String {
    let frame = before
        .bounds()
        .map_or_else(|| Bounds::of(to), |b| b.with(to));
    let row = (at.y as i32 - frame.y_min as i32 + 1) as u8;
    let col = (at.x as i32 - frame.x_min as i32 + 1) as u8;
    // "az 1. sor", "a 2. sor": the article goes with the row in Hungarian, nothing in English.
    let row = crate::i18n::the(lang, &row.to_string(), false);
    match case {
        Case::At => t!(
            lang,
            "at row {row}, column {col}",
            "{row}. sor {col}. oszlopában"
        ),
        Case::Onto => t!(
            lang,
            "at row {row}, column {col}",
            "{row}. sor {col}. oszlopába"
        ),
        Case::Into => t!(
            lang,
            "to row {row}, column {col}",
            "{row}. sor {col}. oszlopába"
        ),
        Case::From => t!(
            lang,
            "from row {row}, column {col}",
            "{row}. sor {col}. oszlopából"
        ),
    }
}

fn cards_drawn(
    before: &MoonlightState,
    after: &MoonlightState,
    seat: Seat,
    lang: Lang,
) -> Vec<String> {
    let mut was = before.hands[seat];
    after.hands[seat]
        .iter()
        .filter(|&w| !was.remove(w))
        .map(|w| wolf_label(w, lang))
        .collect()
}

/// "a 3 (1 moon, +1)", "the Lone Wolf 6" (Hungarian needs no article after a colon).
fn named(w: Wolf, lang: Lang) -> String {
    match lang {
        Lang::Hu => wolf_label(w, lang),
        Lang::En if w.is_lone() => format!("the {}", wolf_label(w, lang)),
        Lang::En => format!("a {}", wolf_label(w, lang)),
    }
}

fn cards(n: usize, lang: Lang) -> String {
    match (lang, n) {
        (Lang::En, 1) => "1 card".to_string(),
        (Lang::En, n) => format!("{n} cards"),
        (Lang::Hu, n) => format!("{n} lapot"),
    }
}

/// What happened after a seat's action: the draw, a final turn, the end of a round or match.
fn aftermath(before: &MoonlightState, after: &MoonlightState, viewer: Seat, lang: Lang) -> String {
    let me = before.table.mover;
    let mut out = String::new();
    if after.table.this_turn.is_empty() {
        if let Some(Change::Drew { count, .. }) = after
            .table
            .last_turn
            .iter()
            .find(|c| matches!(c, Change::Drew { seat, .. } if *seat == me))
        {
            let names = cards_drawn(before, after, me, lang);
            let what = if viewer == me && !names.is_empty() {
                names.join(", ")
            } else {
                cards(*count as usize, lang)
            };
            out += &t!(lang, " and drew {what}", ", és húzott: {what}");
        }
    }
    if after.table.final_turn && !before.table.final_turn {
        let other = 1 - me;
        out += &t!(
            lang,
            ". @{me} has played their last card: @{other} takes a final turn",
            ". @{me} letette az utolsó lapját: @{other} még egy utolsó kört játszik"
        );
    }
    if after.table.rounds.len() > before.table.rounds.len() {
        let n = before.table.round;
        let art = article(n, true);
        if let Some(score) = after.table.rounds.last() {
            let [a, b] = score.points;
            out += &match score.winner {
                Some(w) => {
                    let (mine, theirs) = (score.points[w], score.points[1 - w]);
                    // Hungarian needs the article before the numeral: one line per language.
                    match lang {
                        Lang::En => {
                            format!(". Round {n} is over: @{w} won it, {mine} to {theirs}")
                        }
                        Lang::Hu => {
                            format!(". {art} {n}. forduló véget ért: @{w} nyerte, {mine}:{theirs}")
                        }
                    }
                }
                None => match lang {
                    Lang::En => format!(". Round {n} is over, tied {a} to {b}: it is replayed"),
                    Lang::Hu => format!(". {art} {n}. forduló döntetlen ({a}:{b}): újrajátsszák"),
                },
            };
        }
        if after.table.phase == Phase::Over {
            out += &match after.table.match_winner() {
                Some(w) => t!(lang, ". @{w} won the match", ". @{w} megnyerte a mérkőzést"),
                None => t!(
                    lang,
                    ". The match is drawn after the round limit",
                    ". A mérkőzés a fordulókorlát miatt döntetlen"
                ),
            };
        }
    }
    out
}

pub fn describe(
    before: &MoonlightState,
    action: &MoonlightAction,
    viewer: Seat,
    lang: Lang,
) -> Option<String> {
    let me = before.table.mover;
    let mut after = before.clone();
    Moonlight::apply(&mut after, action).ok()?;
    let line = match *action {
        MoonlightAction::Shuffle { seat, .. } => {
            let seat = seat as usize;
            let hand = if viewer == seat {
                cards_drawn(before, &after, seat, lang).join(", ")
            } else {
                cards(after.hands[seat].len(), lang)
            };
            let n = before.table.round;
            let opening = if seat == 0 {
                match lang {
                    Lang::En => format!("Round {n} begins. "),
                    Lang::Hu => format!("Kezdődik {} {n}. forduló. ", article(n, false)),
                }
            } else {
                String::new()
            };
            opening
                + &t!(
                    lang,
                    "@{seat} shuffled their deck and drew {hand}",
                    "@{seat} megkeverte a pakliját, és húzott: {hand}"
                )
        }
        MoonlightAction::Place { card, at } => {
            let card_name = named(card, lang);
            let panorama = &before.table.panorama;
            let what = match panorama.top(at) {
                Some(top) => {
                    let owner = before.table.seat_of(top.colour());
                    let covered = wolf_label(top, lang);
                    let here = place(panorama, at, at, Case::At, lang);
                    t!(
                        lang,
                        "covered @{owner}'s {covered} {here} with {card_name}",
                        "lefedte @{owner} lapját ({covered}) {here}, ezzel: {card_name}"
                    )
                }
                None => {
                    let here = place(panorama, at, at, Case::Onto, lang);
                    t!(
                        lang,
                        "placed {card_name} {here}",
                        "lapot tett le {here}: {card_name}"
                    )
                }
            };
            let second = if before.table.phase == Phase::Second {
                t!(
                    lang,
                    " as a second card (Double Placement)",
                    ", második lapként (Dupla lerakás)"
                )
            } else {
                String::new()
            };
            let spent = match before.table.placement(me, card, at) {
                Ok(Some(p)) => {
                    let p = power_name(p, lang);
                    t!(lang, " using {p}", " ({p} erővel)")
                }
                _ => String::new(),
            };
            format!("@{me} {what}{spent}{second}")
        }
        MoonlightAction::MovePile { from, to } => {
            let panorama = &before.table.panorama;
            let from = place(panorama, to, from, Case::From, lang);
            let to = place(panorama, to, to, Case::Into, lang);
            t!(
                lang,
                "@{me} used Move a Pile: the pile {from} moved {to}",
                "@{me} Kupacmozgatást használt: a kupac {from} {to} került"
            )
        }
        MoonlightAction::Decline => t!(
            lang,
            "@{me} declined a second card",
            "@{me} nem tett le második lapot"
        ),
        MoonlightAction::PickLoneWolf { wolf } => {
            let name = named(wolf, lang);
            t!(
                lang,
                "@{me} added {name} to their deck",
                "@{me} a paklijába vette: {name}"
            )
        }
        MoonlightAction::PickPower { power } => {
            let p = power_name(power, lang);
            t!(
                lang,
                "@{me} took the Alpha Power {p}",
                "@{me} elvette ezt az Alfa-erőt: {p}"
            )
        }
    };
    let rest = match action {
        MoonlightAction::Shuffle { .. } => String::new(),
        _ => aftermath(before, &after, viewer, lang),
    };
    Some(format!("{line}{rest}"))
}
