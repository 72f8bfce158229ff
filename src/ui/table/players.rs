//! The players panel: one line a seat with its mark, name, who plays it (a human or the computer
//! at its level), its colour and its measure; the seat to move is marked.

use super::seating::{Occupant, Seating};
use super::Table;
use crate::ai::Level;
use crate::engine::ToMove;
use crate::i18n::Lang;
use crate::t;
use crate::ui::game_ui::SeatLook;
use crate::ui::{use_lang, SeatSpec};
use leptos::prelude::*;

/// One line of the panel, in words.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PlayerLine {
    pub look: SeatLook,
    pub name: String,
    /// Who plays the seat: "Computer · Hard".
    pub who: String,
    pub colour: &'static str,
    /// The seat's measure: "31 stones".
    pub summary: String,
    /// The seat is to move.
    pub active: bool,
    /// A remote seat's connection on the host's device: connected or away.
    pub remote: Option<bool>,
}

/// The panel's lines from the seats and each seat's look and measure in words.
pub(super) fn player_lines(
    seats: &[SeatSpec],
    seating: &Seating,
    looks: Vec<(SeatLook, String)>,
    to_move: ToMove,
    lang: Lang,
) -> Vec<PlayerLine> {
    seats
        .iter()
        .zip(looks)
        .enumerate()
        .map(|(s, (spec, (look, summary)))| PlayerLine {
            look,
            name: spec.name.clone(),
            who: occupant_label(seating.occupant(s), lang),
            colour: look.colour_name(lang),
            summary,
            active: to_move == ToMove::Seat(s),
            remote: None,
        })
        .collect()
}

fn occupant_label(occupant: Occupant, lang: Lang) -> String {
    match occupant {
        Occupant::Computer(level) => {
            t!(lang, "Computer · {}", "Gép · {}", level_label(level, lang))
        }
        Occupant::Human => t!(lang, "Human", "Ember"),
        Occupant::Remote => t!(lang, "On another device", "Másik eszközön"),
    }
}

fn level_label(level: Level, lang: Lang) -> String {
    match level {
        Level::Easy => t!(lang, "Easy", "Könnyű"),
        Level::Normal => t!(lang, "Normal", "Közepes"),
        Level::Hard => t!(lang, "Hard", "Nehéz"),
        Level::Expert => t!(lang, "Expert", "Mester"),
    }
}

#[component]
pub(super) fn PlayersPanel(table: Table) -> impl IntoView {
    let lang = use_lang();
    let lines = move || {
        let lang = lang.get();
        let looks = table.game.seat_lines(lang);
        let mut lines = player_lines(
            &table.spec.seats,
            &table.seating,
            looks,
            table.to_move.get(),
            lang,
        );
        if table.role == super::Role::Host && crate::ui::builds::EVERY_SCREEN {
            for (s, line) in lines.iter_mut().enumerate() {
                line.remote = crate::ui::online::host::remote_mark(s);
            }
        }
        // On a guest's device the other seats are all elsewhere; the host said who plays them.
        if let Some(guest) = table.guest {
            let kinds = guest.kinds.get();
            for (line, kind) in lines.iter_mut().zip(kinds) {
                if kind == crate::online::protocol::SeatKind::Computer {
                    line.who = t!(lang, "Computer", "Gép");
                }
            }
        }
        lines
    };
    view! {
        <ul class="players">
            {move || {
                lines()
                    .into_iter()
                    .map(|line| {
                        view! {
                            <li class=format!("player seat-{}", line.look.colour) class:active=line.active aria-current=line.active.then_some("true")
                                data-remote=line.remote.map(|on| if on { "connected" } else { "away" })>
                                <span class="seat-mark" aria-hidden="true">{line.look.mark}</span>
                                <span class="player-name">{line.name}</span>
                                <span class="player-kind">{line.who} " · " {line.colour}</span>
                                <span class="player-score">{line.summary}</span>
                                {line.remote.map(|on| view! { <span class="link-words">{crate::ui::online::link_words(on, lang.get_untracked())}</span> })}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::LOOKS;

    #[test]
    fn each_line_says_who_plays_the_seat_and_marks_the_seat_to_move() {
        let seats = vec![
            SeatSpec {
                name: "Anna".into(),
                ai: None,
                remote: false,
            },
            SeatSpec {
                name: "Bence".into(),
                ai: Some(Level::Hard),
                remote: false,
            },
        ];
        let seating = Seating::new(&seats, false);
        let looks = vec![(LOOKS[0], "3 stones".into()), (LOOKS[1], "4 stones".into())];
        let lines = player_lines(&seats, &seating, looks, ToMove::Seat(1), Lang::En);
        assert_eq!((lines[0].who.as_str(), lines[0].colour), ("Human", "Red"));
        assert_eq!(
            (lines[1].who.as_str(), lines[1].colour),
            ("Computer · Hard", "Blue")
        );
        assert_eq!(
            (lines[1].name.as_str(), lines[1].summary.as_str()),
            ("Bence", "4 stones")
        );
        assert_eq!(
            lines.iter().map(|l| l.active).collect::<Vec<_>>(),
            [false, true]
        );
        let hu = player_lines(
            &seats,
            &seating,
            vec![(LOOKS[1], String::new())],
            ToMove::Over,
            Lang::Hu,
        );
        assert_eq!(
            (hu[0].who.as_str(), hu[0].colour, hu[0].active),
            ("Ember", "Kék", false)
        );
    }
}
