//! The game on the table, seen without its types: [`TableGame`] is what the table's parts read
//! and do, [`Seated`] is the one place that knows the game's types.

use super::chart::{chart_series, ChartSeries};
use super::review::Judged;
use super::seating::Occupant;
use super::Shown;
use crate::ai::protocol::Reading;
use crate::ai::review::{decisions, Position};
use crate::engine::{Match, Outcome, Seat, ToMove};
use crate::i18n::Lang;
use crate::t;
use crate::ui::game_ui::{BoardProps, GameUi, Pointed, SeatLook};
use crate::ui::sound::Follow;
use crate::ui::{use_lang, TableSpec};
use leptos::prelude::*;
use std::sync::Arc;

/// The game on the table, seen without its types. The table's views and effects are written
/// once against this; only [`Seated`] knows the game. (Written generically, the table was
/// compiled once per game: 190 KB of the wasm before gzip, measured with a name-keeping build.)
/// Methods that read the game track it, so closures calling them re-run when it changes.
pub(crate) trait TableGame: Send + Sync {
    fn id(&self) -> &'static str {
        self.shown_view().id()
    }
    fn name(&self) -> &'static str {
        self.shown_view().name()
    }
    fn hidden_information(&self) -> bool {
        self.shown_view().hidden_information()
    }
    fn to_move(&self) -> ToMove;
    /// Changes with every action, even when the same seat moves again.
    fn moves_made(&self) -> usize;
    /// Where an undo by `seat` would go back to (BGA's policy, see [`Match::undo_point`]).
    fn undo_point(&self, seat: Seat) -> Option<usize>;
    /// Cut the match back to its first `len` actions.
    fn take_back(&self, len: usize);
    fn record_json(&self) -> String;
    /// Play an action given as JSON (the AI's answer); a refusal comes back in words.
    fn play_json(&self, action: &str) -> Result<(), String>;
    fn log(&self, viewer: Seat, lang: Lang) -> Vec<(usize, String)>;
    fn outcome(&self) -> Option<Outcome>;
    /// A new match with the same options, as a record.
    fn rematch_record(&self, seed: u64) -> Option<String>;
    /// The options of a rematch, as JSON (an online rematch deals them in the lobby).
    fn rematch_options(&self) -> String;
    /// Replay the record into the states of the game if an action came since the last time
    /// (the replay and the chart share them); returns their number.
    fn refresh_history(&self) -> usize;
    /// The states kept by the last [`TableGame::refresh_history`].
    fn history_len(&self) -> usize;
    fn chart(&self, viewer: Seat) -> Option<ChartSeries>;
    /// What the board and the panels read of the shown view.
    fn shown_view(&self) -> &dyn ShownView;
    /// Each seat's look and main measure in words, in the shown view.
    fn seat_lines(&self, lang: Lang) -> Vec<(SeatLook, String)> {
        self.shown_view().seat_lines(lang)
    }
    fn looks(&self) -> Vec<SeatLook> {
        self.shown_view().looks()
    }
    fn prompt(&self, lang: Lang) -> String {
        self.shown_view().prompt(lang)
    }
    fn board(&self) -> AnyView {
        self.shown_view().board()
    }
    fn rules(&self, lang: Lang) -> AnyView {
        self.shown_view().rules(lang)
    }
    /// The game's part of an online table's trust line ([`GameUi::online_trust`]).
    fn online_trust(&self, lang: Lang) -> Option<String> {
        self.shown_view().online_trust(lang)
    }
    /// Whether the viewer may act now (the board shows legal targets).
    fn viewer_may_act(&self) -> bool {
        self.shown_view().viewer_may_act()
    }
    /// The review's judgement of every decision, in words, from its readings (one per state);
    /// `None` when they do not fit this game or the table has no record (a guest's).
    fn judge(&self, _readings: &[Reading], _lang: Lang) -> Option<Vec<Judged>> {
        None
    }
    /// Point out on the board the hinted action (as JSON), or nothing.
    fn point_hint(&self, _hint: Option<&str>) {}
    /// Point out on the board the action played at `at` and the one preferred there (as
    /// JSON), or nothing.
    fn point_review(&self, _at: Option<(usize, Option<&str>)>) {}
}

/// The view a table shows and what its board may do with it, seen without the game's types.
pub(crate) trait ShownView: Send + Sync {
    fn id(&self) -> &'static str;
    fn name(&self) -> &'static str;
    fn hidden_information(&self) -> bool;
    fn seat_lines(&self, lang: Lang) -> Vec<(SeatLook, String)>;
    fn looks(&self) -> Vec<SeatLook>;
    fn prompt(&self, lang: Lang) -> String;
    fn board(&self) -> AnyView;
    fn rules(&self, lang: Lang) -> AnyView;
    fn online_trust(&self, lang: Lang) -> Option<String>;
    fn viewer_may_act(&self) -> bool;
    /// Play the sounds of each move shown ([`crate::ui::sound::watch`]).
    fn watch_cues(&self, follow: Follow);
}

/// The shown view of a `G` table, its legal targets and the board's way to play: the same for a
/// match on this device ([`Seated`]) and a guest's table ([`super::remote::Remote`]).
pub(super) struct OnBoard<G: GameUi> {
    pub view: Memo<G::View>,
    pub legal: Memo<Vec<G::Action>>,
    pub play: Callback<G::Action>,
    /// The hint and the review's two moves, drawn on the board.
    pub pointed: RwSignal<Pointed<G::Action>>,
    pub seats: usize,
}

impl<G: GameUi> ShownView for OnBoard<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn hidden_information(&self) -> bool {
        G::HIDDEN_INFORMATION
    }
    fn seat_lines(&self, lang: Lang) -> Vec<(SeatLook, String)> {
        self.view.with(|v| {
            (0..self.seats)
                .map(|s| (G::look(v, s), G::seat_summary(v, s, lang)))
                .collect()
        })
    }
    fn looks(&self) -> Vec<SeatLook> {
        self.view
            .with(|v| (0..self.seats).map(|s| G::look(v, s)).collect())
    }
    fn prompt(&self, lang: Lang) -> String {
        self.view.with(|v| G::prompt(v, lang))
    }
    fn board(&self) -> AnyView {
        G::board(BoardProps {
            view: self.view.into(),
            legal: self.legal.into(),
            play: self.play,
            pointed: self.pointed.into(),
        })
    }
    fn rules(&self, lang: Lang) -> AnyView {
        self.view.with_untracked(|v| G::rules_for(v, lang))
    }
    fn online_trust(&self, lang: Lang) -> Option<String> {
        G::online_trust(lang)
    }
    fn viewer_may_act(&self) -> bool {
        !self.legal.with(Vec::is_empty)
    }
    fn watch_cues(&self, follow: Follow) {
        crate::ui::sound::watch::<G>(self.view, follow);
    }
}

/// A match of `G` at the table: its signals and the game-typed views the board reads.
pub(super) struct Seated<G: GameUi> {
    game: RwSignal<Match<G>>,
    /// The step-through replay's states, kept while no action comes (see `refresh_history`).
    history: StoredValue<Arc<Vec<G::State>>>,
    shown: OnBoard<G>,
}

impl<G: GameUi> Seated<G> {
    /// The match itself, for the online host, which shows it to the guests and plays their
    /// actions on it.
    pub(super) fn match_signal(&self) -> RwSignal<Match<G>> {
        self.game
    }

    /// Open the record of `spec`, or say in words why it cannot be played.
    pub(super) fn open(spec: &TableSpec, shown: Shown) -> Result<Self, String> {
        let lang = use_lang();
        let start = Match::<G>::from_json(&spec.record).map_err(|e| {
            t!(
                lang.get_untracked(),
                "This game cannot be opened: {e}",
                "Ez a játszma nem nyitható meg: {e}"
            )
        })?;
        let seats = spec.seats.len();
        if seats != G::seat_count(start.state()) {
            return Err(t!(
                lang.get_untracked(),
                "The seats do not match this game.",
                "A helyek száma nem illik ehhez a játékhoz."
            ));
        }
        // Only a player at this device acts on the board.
        let humans: Vec<bool> = spec
            .seats
            .iter()
            .map(|s| Occupant::of(s) == Occupant::Human)
            .collect();
        let game = RwSignal::new(start);
        let history = StoredValue::new(Arc::new(Vec::<G::State>::new()));
        let view = Memo::new(move |_| match shown.replay_at.get() {
            Some(k) => history.with_value(|h| G::view(&h[k.min(h.len() - 1)], shown.viewer.get())),
            None => game.with(|m| G::view(m.state(), shown.viewer.get())),
        });
        let legal = Memo::new(move |_| match game.with(Match::to_move) {
            ToMove::Seat(s)
                if humans[s]
                    && s == shown.viewer.get()
                    && shown.handoff.get().is_none()
                    && shown.replay_at.get().is_none() =>
            {
                game.with(|m| G::legal(m.state()))
            }
            _ => Vec::new(),
        });
        let play = Callback::new(move |action: G::Action| {
            let mut result = Ok(());
            game.update(|m| result = m.play(&action));
            shown.notice.set(result.err().map(|e| {
                t!(
                    lang.get_untracked(),
                    "Not allowed: {e}",
                    "Nem szabályos: {e}"
                )
            }));
        });
        Ok(Seated {
            game,
            history,
            shown: OnBoard {
                view,
                legal,
                play,
                pointed: RwSignal::new(Pointed::default()),
                seats,
            },
        })
    }
}

impl<G: GameUi> TableGame for Seated<G> {
    fn to_move(&self) -> ToMove {
        self.game.with(Match::to_move)
    }
    fn moves_made(&self) -> usize {
        self.game.with(|m| m.record().actions.len())
    }
    fn undo_point(&self, seat: Seat) -> Option<usize> {
        self.game.with(|m| m.undo_point(seat))
    }
    fn take_back(&self, len: usize) {
        self.game.update(|m| *m = m.prefix(len));
    }
    fn record_json(&self) -> String {
        self.game.with_untracked(Match::to_json)
    }
    fn play_json(&self, action: &str) -> Result<(), String> {
        let action = serde_json::from_str::<G::Action>(action).map_err(|e| e.to_string())?;
        self.shown.play.run(action);
        Ok(())
    }
    fn log(&self, viewer: Seat, lang: Lang) -> Vec<(usize, String)> {
        self.game.with(|m| m.log(viewer, lang))
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.with(|m| G::outcome(m.state()))
    }
    fn rematch_record(&self, seed: u64) -> Option<String> {
        let options = self
            .game
            .with_untracked(|m| G::rematch_options(&m.record().options));
        Match::<G>::new(options, seed).ok().map(|m| m.to_json())
    }
    fn rematch_options(&self) -> String {
        self.game.with_untracked(|m| {
            serde_json::to_string(&G::rematch_options(&m.record().options)).unwrap_or_default()
        })
    }
    fn refresh_history(&self) -> usize {
        let states = self.game.with_untracked(|m| m.record().actions.len()) + 1;
        if self.history_len() != states {
            let history = self.game.with_untracked(Match::history);
            self.history.set_value(Arc::new(history));
        }
        states
    }
    fn history_len(&self) -> usize {
        self.history.with_value(|h| h.len())
    }
    fn chart(&self, viewer: Seat) -> Option<ChartSeries> {
        self.history
            .with_value(|h| chart_series::<G>(h, viewer, self.shown.seats))
    }
    fn shown_view(&self) -> &dyn ShownView {
        &self.shown
    }
    fn judge(&self, readings: &[Reading], lang: Lang) -> Option<Vec<Judged>> {
        let positions = readings
            .iter()
            .map(|r| {
                let preferred = match &r.preferred {
                    Some(json) => Some(serde_json::from_str::<G::Action>(json).ok()?),
                    None => None,
                };
                Some(Position {
                    chances: r.chances.clone(),
                    preferred,
                    played: r.played,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        self.refresh_history();
        let actions = self.game.with_untracked(|m| m.record().actions.clone());
        self.history.with_value(|history| {
            let judged = decisions::<G>(history, &actions, &positions)?;
            let words = |at: usize, action: &G::Action, seat: Seat| {
                G::describe(&history[at], action, seat, lang)
                    .unwrap_or_else(|| format!("{action:?}"))
            };
            Some(
                judged
                    .into_iter()
                    .map(|d| Judged {
                        at: d.at,
                        seat: d.seat,
                        before: d.before,
                        after: d.after,
                        mark: d.mark,
                        played: words(d.at, &d.played, d.seat),
                        preferred: (d.preferred.as_ref() != Some(&d.played))
                            .then(|| d.preferred.as_ref().map(|p| words(d.at, p, d.seat)))
                            .flatten(),
                    })
                    .collect(),
            )
        })
    }
    fn point_hint(&self, hint: Option<&str>) {
        let hint = hint.and_then(|json| serde_json::from_str::<G::Action>(json).ok());
        self.shown.pointed.update(|p| p.hint = hint);
    }
    fn point_review(&self, at: Option<(usize, Option<&str>)>) {
        let played = at.and_then(|(k, _)| {
            self.game
                .with_untracked(|m| m.record().actions.get(k).cloned())
        });
        let preferred = at
            .and_then(|(_, p)| p)
            .and_then(|json| serde_json::from_str::<G::Action>(json).ok());
        self.shown.pointed.update(|p| {
            p.played = played;
            p.preferred = preferred;
        });
    }
}
