//! The game-over screen: who won, the ranking with each seat's measure, the chart of the game,
//! and what to do next (Rematch, Replay, Export, Back to the games). Hidden while the replay
//! is open.

use super::chart::ScoreChart;
use super::export::Export;
use super::review::ReviewPanel;
use super::Table;
use crate::engine::{Outcome, Seat};
use crate::i18n::wins_headline;
use crate::t;
use crate::ui::{fresh_seed, saves, use_lang, Screen, TableSpec};
use leptos::prelude::*;
use std::sync::Arc;

/// The seats from first to last; tied seats in seat order.
pub(super) fn ranking(outcome: &Outcome) -> Vec<Seat> {
    let mut order: Vec<Seat> = (0..outcome.ranks.len()).collect();
    order.sort_by_key(|&s| outcome.ranks[s]);
    order
}

/// The winner, unless the game is a draw.
pub(super) fn sole_winner(outcome: &Outcome) -> Option<Seat> {
    match outcome.winners()[..] {
        [winner] => Some(winner),
        _ => None,
    }
}

#[component]
pub(super) fn GameOver(table: Table, export: Export) -> impl IntoView {
    let lang = use_lang();
    move || {
        if table.shown.replay_at.get().is_some() {
            return None;
        }
        let outcome = table.game.outcome()?;
        let lang = lang.get();
        let lines = table.game.seat_lines(lang);
        let seats = &table.spec.seats;
        let headline = match sole_winner(&outcome) {
            Some(winner) => wins_headline(&seats[winner].name, lang),
            None => t!(lang, "A draw!", "Döntetlen!"),
        };
        let rows = ranking(&outcome)
            .into_iter()
            .map(|s| {
                let (look, summary) = lines[s].clone();
                view! {
                    <li class=format!("seat-{}", look.colour)>
                        <span class="rank">{outcome.ranks[s] + 1} "."</span>
                        <span class="seat-mark" aria-hidden="true">{look.mark}</span>
                        <span class="player-name">{seats[s].name.clone()}</span>
                        <span class="player-score">{summary}</span>
                    </li>
                }
            })
            .collect_view();
        table.game.refresh_history();
        let chart = table
            .game
            .chart(table.shown.viewer.get())
            .map(|series| view! { <ScoreChart series lang /> });
        let (replay, export) = (table.clone(), export.clone());
        let (rematch, leave) = (table.clone(), table.clone());
        Some(view! {
            <div class="game-over" data-testid="game-over" role="dialog" aria-labelledby="game-over-title">
                <h2 id="game-over-title">{headline}</h2>
                <ol class="ranking">{rows}</ol>
                {chart}
                {(table.role != super::Role::Guest).then(|| view! { <ReviewPanel table=table.clone() /> })}
                <div class="actions">
                    {(rematch.role != super::Role::Guest).then(|| view! { <button class="primary" on:click=move |_| rematch.rematch()>{t!(lang, "Rematch", "Visszavágó")}</button> })}
                    <button data-testid="replay" on:click=move |_| replay.open_replay()>{t!(lang, "Replay", "Visszajátszás")}</button>
                    <button on:click={ let export = export.clone(); move |_| export.start() } disabled=move || !export.available()>{t!(lang, "Export", "Exportálás")}</button>
                    <button on:click=move |_| leave.leave()>{t!(lang, "Back to the games", "Vissza a játékokhoz")}</button>
                </div>
            </div>
        })
    }
}

impl Table {
    /// A new game with the same seats and options, on a new seed.
    fn rematch(&self) {
        // Online, the next seed is dealt by every device again, in the lobby.
        if self.role == super::Role::Host && crate::ui::builds::EVERY_SCREEN {
            let options = self.game.rematch_options();
            if let Some(lobby) = crate::ui::online::host::rematch(&self.spec, options) {
                self.screen.set(Screen::Lobby(Arc::new(lobby)));
            }
            return;
        }
        if let Some(record) = self.game.rematch_record(fresh_seed()) {
            self.screen.set(Screen::Table(Arc::new(TableSpec {
                game: self.spec.game.clone(),
                seats: self.spec.seats.clone(),
                record,
                save_id: saves::new_id(),
                started: js_sys::Date::now(),
                online: None,
                hints: self.spec.hints,
                ..Default::default()
            })));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ranking_runs_from_first_to_last_with_ties_in_seat_order() {
        let outcome = Outcome::from_scores(vec![3.0, 5.0, 3.0, 1.0]);
        assert_eq!(ranking(&outcome), [1, 0, 2, 3]);
        assert_eq!(sole_winner(&outcome), Some(1));
    }

    #[test]
    fn a_shared_first_place_is_a_draw() {
        let outcome = Outcome::from_scores(vec![4.0, 2.0, 4.0]);
        assert_eq!(ranking(&outcome), [0, 2, 1]);
        assert_eq!(sole_winner(&outcome), None);
    }
}
