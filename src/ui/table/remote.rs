//! The table on a guest's device at an online table: the game seen only through what the host
//! sent this seat ([`Feed`]), never a match of its own until the host reveals the record at the
//! end. It is one more [`TableGame`], so the guest's table is the same table as everyone's.

use super::chart::{chart_series, ChartSeries};
use super::seated::{OnBoard, ShownView, TableGame};
use super::Shown;
use crate::engine::{Match, Outcome, Seat, ToMove};
use crate::i18n::Lang;
use crate::online::protocol::Snapshot;
use crate::ui::game_ui::GameUi;
use crate::ui::online::guest::Feed;
use crate::ui::Pointed;
use leptos::prelude::*;
use std::sync::Arc;

pub(super) struct Remote<G: GameUi> {
    feed: Feed<G>,
    /// The states of the revealed record, for the replay and the chart after the game.
    history: StoredValue<Arc<Vec<G::State>>>,
    shown: OnBoard<G>,
}

impl<G: GameUi> Remote<G> {
    /// The guest's table, opened once the first snapshot has come.
    pub(super) fn open(feed: Feed<G>, shown: Shown, seats: usize) -> Self {
        let history = StoredValue::new(Arc::new(Vec::<G::State>::new()));
        let view = Memo::new(move |before: Option<&G::View>| {
            if let Some(k) = shown.replay_at.get() {
                if let Some(v) = history.with_value(|h| {
                    (!h.is_empty()).then(|| G::view(&h[k.min(h.len() - 1)], shown.viewer.get()))
                }) {
                    return v;
                }
            }
            // A rematch's commit clears what was shown: the last view stays until the new deal.
            latest(feed, |s| s.view.clone())
                .or_else(|| before.cloned())
                .expect("the guest's table opens after its first snapshot")
        });
        let legal = Memo::new(move |_| {
            if feed.pending.get() || shown.replay_at.get().is_some() {
                return Vec::new();
            }
            latest(feed, |s| s.legal.clone()).unwrap_or_default()
        });
        let play = Callback::new(move |action: G::Action| {
            let Some(moves) = latest(feed, |s| s.moves) else {
                return;
            };
            // As at the host's own table, a move that is not legal now (a click on a target
            // that was just redrawn) is refused here, in words, and never sent.
            if !legal.with_untracked(|l: &Vec<G::Action>| l.contains(&action)) {
                let lang = crate::ui::use_lang().get_untracked();
                shown.notice.set(Some(crate::t!(
                    lang,
                    "Not allowed: not one of your moves now",
                    "Nem szabályos: most nem ez a lépésed"
                )));
                return;
            }
            shown.notice.set(None);
            feed.pending.set(true);
            feed.send.run((moves, action));
        });
        Remote {
            feed,
            history,
            shown: OnBoard {
                view,
                legal,
                play,
                pointed: RwSignal::new(Pointed::default()),
                seats,
            },
        }
    }
}

/// Something of the last snapshot shown, if there is one (tracked).
fn latest<G: GameUi, T>(feed: Feed<G>, read: impl FnOnce(&Snapshot<G>) -> T) -> Option<T> {
    feed.ledger
        .with(|l| l.as_ref().and_then(|l| l.latest()).map(read))
}

impl<G: GameUi> TableGame for Remote<G> {
    fn to_move(&self) -> ToMove {
        latest(self.feed, |s| s.to_move).unwrap_or(ToMove::Chance)
    }
    fn moves_made(&self) -> usize {
        latest(self.feed, |s| s.moves).unwrap_or(0)
    }
    /// Never at an online table: the other devices have seen the move.
    fn undo_point(&self, _seat: Seat) -> Option<usize> {
        None
    }
    fn take_back(&self, _len: usize) {}
    /// The record only once the host revealed it; before, the guest has none.
    fn record_json(&self) -> String {
        self.feed
            .revealed
            .with_untracked(|m| m.as_ref().map(|m| m.to_json()))
            .unwrap_or_default()
    }
    fn play_json(&self, _action: &str) -> Result<(), String> {
        Err("the other seats are played on their own devices".into())
    }
    fn log(&self, _viewer: Seat, lang: Lang) -> Vec<(usize, String)> {
        self.feed
            .ledger
            .with(|l| l.as_ref().map(|l| l.log_in(lang)).unwrap_or_default())
    }
    fn outcome(&self) -> Option<Outcome> {
        latest(self.feed, |s| s.outcome.clone()).flatten()
    }
    fn rematch_record(&self, _seed: u64) -> Option<String> {
        None
    }
    /// The host deals rematches.
    fn rematch_options(&self) -> String {
        String::new()
    }
    fn refresh_history(&self) -> usize {
        let revealed = self.feed.revealed.get_untracked();
        if let Some(m) = revealed {
            if self.history_len() != m.record().actions.len() + 1 {
                self.history.set_value(Arc::new(Match::history(&m)));
            }
        }
        self.history_len()
    }
    fn history_len(&self) -> usize {
        self.history.with_value(|h| h.len())
    }
    fn chart(&self, viewer: Seat) -> Option<ChartSeries> {
        self.history.with_value(|h| {
            (!h.is_empty())
                .then(|| chart_series::<G>(h, viewer, self.shown.seats))
                .flatten()
        })
    }
    fn shown_view(&self) -> &dyn ShownView {
        &self.shown
    }
}
