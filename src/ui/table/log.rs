//! The game log: the match's lines for the seat whose eyes the table shows, newest first, with
//! each player named in their seat's colour. During the replay it ends at the step shown.
//!
//! The page holds the lines oldest first and the style sheet shows them newest first
//! (`column-reverse`): an action then only appends its lines and drops the oldest, where a list
//! kept newest first made Leptos move every line when an action added two (a roll and a
//! placement), which laid out the whole log again (issue #20 target 2: over 100 ms at 4× CPU).
//!
//! The lines are held in pages of [`PAGE_LINES`], each drawn only while it is on the screen
//! (`content-visibility: auto`): a new line at the top moves the pages below it, and the browser
//! then lays out and paints the one or two pages in view, not the 200 lines of a long game
//! (issue #20 target 2: Herd's and Long Campaign's full logs were two thirds of their table's
//! elements). A page, not a line, is the unit the browser checks for visibility at each frame:
//! `content-visibility` on each of 200 lines made more long tasks, not fewer.

use super::Table;
use crate::engine::Seat;
use crate::i18n::log_name;
use crate::t;
use crate::ui::game_ui::SeatLook;
use crate::ui::use_lang;
use leptos::prelude::*;

/// The log shows the newest lines only: long games log 200 actions and more.
const SHOWN_LINES: usize = 200;

/// The lines of a page of the log: the unit drawn or skipped as a whole.
const PAGE_LINES: usize = 20;

/// The page a line belongs to, by its number in the whole log (from 1).
fn page_of(number: usize) -> usize {
    (number - 1) / PAGE_LINES
}

/// A line of the log as the page shows it: its number in the whole log (from 1, so that a line
/// keeps its number when older ones leave the page), the index of its action, and its words.
pub(super) type LogEntry = (usize, usize, String);

/// The lines shown, oldest first, out of the log's `(action index, line)`: the newest
/// [`SHOWN_LINES`] and the rest of the oldest one's page, so that a page leaves the log whole
/// (and the pages kept are not drawn again); during the replay at step `replay_at`, only the
/// lines of the actions before it.
pub(super) fn shown_lines(log: Vec<(usize, String)>, replay_at: Option<usize>) -> Vec<LogEntry> {
    let mut shown: Vec<_> = log
        .into_iter()
        .filter(|(i, _)| replay_at.is_none_or(|k| *i < k))
        .enumerate()
        .map(|(n, (i, line))| (n + 1, i, line))
        .collect();
    let dropped = shown.len().saturating_sub(SHOWN_LINES);
    shown.drain(..dropped / PAGE_LINES * PAGE_LINES);
    shown
}

/// The pages that `lines` (as [`shown_lines`] gives them) fill, oldest first.
fn pages(lines: &[LogEntry]) -> Vec<usize> {
    match (lines.first(), lines.last()) {
        (Some(first), Some(last)) => (page_of(first.0)..=page_of(last.0)).collect(),
        _ => Vec::new(),
    }
}

/// The lines of page `page`, oldest first.
fn page_lines(lines: &[LogEntry], page: usize) -> Vec<LogEntry> {
    lines
        .iter()
        .filter(|line| page_of(line.0) == page)
        .cloned()
        .collect()
}

/// The log with a line for each hint asked for (`(actions made, seat)`), before the line of the
/// action that followed it.
pub(super) fn with_hints(
    log: Vec<(usize, String)>,
    hints: &[(usize, Seat)],
    lang: crate::i18n::Lang,
) -> Vec<(usize, String)> {
    let mut out = Vec::with_capacity(log.len() + hints.len());
    let mut hints: Vec<_> = hints.to_vec();
    hints.sort();
    let mut pending = hints.into_iter().peekable();
    for (i, line) in log {
        while let Some(&(at, seat)) = pending.peek().filter(|(at, _)| *at <= i) {
            out.push((at, super::hint::log_line(seat, lang)));
            pending.next();
        }
        out.push((i, line));
    }
    out.extend(pending.map(|(at, seat)| (at, super::hint::log_line(seat, lang))));
    out
}

/// A piece of a log line: its own words, or the seat that `@0`, `@1`… stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece<'a> {
    Words(&'a str),
    Seat(Seat),
}

/// Cut a log line at each `@` followed by the number of one of `seats` seats; an `@` that names
/// no seat stays in the words.
pub(super) fn pieces(line: &str, seats: usize) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find('@') {
        let digits = rest[at + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .count();
        let seat = rest[at + 1..at + 1 + digits].parse::<usize>().ok();
        match seat.filter(|&s| s < seats) {
            Some(s) => {
                pieces.push(Piece::Words(&rest[..at]));
                pieces.push(Piece::Seat(s));
                rest = &rest[at + 1 + digits..];
            }
            None => {
                pieces.push(Piece::Words(&rest[..=at]));
                rest = &rest[at + 1..];
            }
        }
    }
    pieces.push(Piece::Words(rest));
    pieces
}

/// A log line with the players' names, each in its seat's colour. A seat whose name is a
/// pronoun ("You") is named by its colour first, so the line's verb agrees ([`log_name`]).
#[component]
fn LogLine(line: String, seats: Vec<(SeatLook, String)>) -> impl IntoView {
    pieces(&line, seats.len())
        .into_iter()
        .map(|piece| match piece {
            Piece::Words(words) => view! { <span>{words.to_string()}</span> }.into_any(),
            Piece::Seat(s) => {
                let (look, name) = &seats[s];
                view! { <b class=format!("who seat-{}", look.colour)>{look.mark} " " {name.clone()}</b> }
                    .into_any()
            }
        })
        .collect_view()
}

#[component]
pub(super) fn Log(table: Table) -> impl IntoView {
    let lang = use_lang();
    let hints = table.hints.used;
    let Table {
        spec, game, shown, ..
    } = table;
    // During the replay the log follows the step shown a paint after the board.
    let replay_at = crate::ui::a_paint_later(move || shown.replay_at.get());
    // Keyed lists, so an action adds its line instead of rebuilding every line before it.
    let lines = {
        let game = game.clone();
        Memo::new(move |_| {
            let lang = lang.get();
            let log = with_hints(game.log(shown.viewer.get(), lang), &hints.get(), lang);
            shown_lines(log, replay_at.get())
        })
    };
    let line = move |(n, i, line): LogEntry| {
        // Seats keep their look for the whole game.
        let lang = untrack(|| lang.get());
        let looks = untrack(|| game.looks());
        let named = looks
            .into_iter()
            .zip(spec.seats.iter())
            .map(|(look, seat)| (look, log_name(&seat.name, look.colour_name(lang))))
            .collect::<Vec<_>>();
        view! {
            <li data-action=i.to_string()>
                <span class="log-no">{n}"."</span>
                <LogLine line seats=named />
            </li>
        }
    };
    let page = move |number: usize| {
        let held = Memo::new(move |_| lines.with(|all| page_lines(all, number)));
        view! {
            <ol class="log-page">
                <For each=move || held.get() key=|entry| entry.clone() children=line.clone() />
            </ol>
        }
    };
    view! {
        <h3 class="log-title" id="log-title">{move || t!(lang.get(), "Game log", "Napló")}</h3>
        // The log is written for the seat whose eyes the table shows: behind the hand-off
        // screen it is not in the page at all, so the next player cannot read the previous
        // one's private lines.
        <Show when=move || shown.handoff.get().is_none()>
            // Focusable, so the keyboard scrolls it (it holds up to 219 lines: [`shown_lines`]).
            <div class="log" tabindex="0" role="region" aria-labelledby="log-title">
                // Each line writes its own number: as list items numbered by the browser,
                // a line added and the oldest dropped renumbered all 200, and laid each out
                // again (issue #20 target 2: 445 layout objects an action in Herd).
                <div class="log-lines">
                    <For each=move || lines.with(|all| pages(all)) key=|page| *page children=page.clone() />
                </div>
            </div>
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Piece::*;

    #[test]
    fn a_line_is_cut_at_each_seat_it_names() {
        assert_eq!(
            pieces("@0 takes 3 from @1.", 2),
            [
                Words(""),
                Seat(0),
                Words(" takes 3 from "),
                Seat(1),
                Words(".")
            ]
        );
        assert_eq!(pieces("no one", 2), [Words("no one")]);
    }

    #[test]
    fn an_at_that_names_no_seat_stays_in_the_words() {
        assert_eq!(
            pieces("@7 and @x@1", 2),
            [Words("@"), Words("7 and @"), Words("x"), Seat(1), Words("")]
        );
        assert_eq!(pieces("mail@", 2), [Words("mail@"), Words("")]);
    }

    #[test]
    fn a_hint_is_logged_before_the_action_that_followed_it() {
        let log = vec![
            (0, "a".to_string()),
            (1, "b".to_string()),
            (3, "c".to_string()),
        ];
        let lines = with_hints(log, &[(2, 1), (1, 0), (5, 0)], crate::i18n::Lang::En);
        let order: Vec<_> = lines.iter().map(|(i, l)| (*i, l.as_str())).collect();
        assert_eq!(
            order,
            [
                (0, "a"),
                (1, "@0 asked for a hint."),
                (1, "b"),
                (2, "@1 asked for a hint."),
                (3, "c"),
                (5, "@0 asked for a hint.")
            ]
        );
    }

    #[test]
    fn the_lines_fill_pages_of_twenty_by_their_number() {
        let lines: Vec<LogEntry> = (41..=65).map(|n| (n, n - 1, format!("line {n}"))).collect();
        assert_eq!(pages(&lines), [2, 3]);
        let third = page_lines(&lines, 3);
        assert_eq!((third.len(), third[0].0, third[4].0), (5, 61, 65));
        assert_eq!(page_lines(&lines, 2).len(), 20);
        assert!(page_lines(&lines, 4).is_empty());
        assert!(pages(&[]).is_empty());
    }

    #[test]
    fn the_log_keeps_the_newest_lines_oldest_first_numbered_and_stops_at_the_replay_step() {
        let log: Vec<(usize, String)> = (0..300).map(|i| (i, format!("line {i}"))).collect();
        let all = shown_lines(log.clone(), None);
        assert_eq!((all.len(), all[0].1, all[199].1), (200, 100, 299));
        assert_eq!(
            (all[0].0, all[199].0),
            (101, 300),
            "a line keeps its number"
        );
        assert_eq!(all[0].2, "line 100");
        // Five lines more: the oldest page stays whole until all of it has gone.
        let more: Vec<(usize, String)> = (0..305).map(|i| (i, format!("line {i}"))).collect();
        let kept = shown_lines(more, None);
        assert_eq!((kept.len(), kept[0].0, kept[204].0), (205, 101, 305));
        let replayed = shown_lines(log, Some(3));
        assert_eq!(
            replayed.iter().map(|l| (l.0, l.1)).collect::<Vec<_>>(),
            [(1, 0), (2, 1), (3, 2)]
        );
    }
}
