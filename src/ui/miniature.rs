//! Pictures of a game drawn by its own board: the home page's cards (issue #21) and the setup
//! screen's preview of the chosen board. A picture is a game a few moves in ([`typical`]),
//! played from a fixed seed by the game's own playout policy, shown through one seat's eyes
//! with nothing legal and nothing to click, so it is the table's board as a player would see
//! it, and never anyone's secret but that made-up seat's.
//!
//! The home must be ready to tap at once (issue #20): pictures are drawn after the first paint,
//! one per task ([`later`]), so no task of the main thread grows long with them.

use super::catalogue::{with_ui_game, UiVisitor};
use super::game_ui::{BoardProps, GameUi, Pointed};
use crate::engine::{Match, Rng, ToMove};
use leptos::prelude::*;
use rand::SeedableRng;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::time::Duration;

/// The seed of every picture: the same picture at every visit.
const SEED: u64 = 21;

/// The seat whose eyes a picture shows (every game has two seats or more).
const SEAT: usize = 0;

/// A position `G::MINIATURE_MOVES` seat decisions into a game played with `options` from the
/// pictures' seed, each decision the game's playout move (a cheap, plausible policy), or
/// `None` when the options cannot be played. The policy chooses among the moves that keep the
/// game going, at this move and at the next seat's (a move that ends the game, or that leaves
/// the next seat nothing but the end, is set aside), so a picture is always of a game in play.
pub fn typical<G: GameUi>(options: &G::Options) -> Option<Match<G>> {
    typical_n::<G>(options, G::MINIATURE_MOVES)
}

fn typical_n<G: GameUi>(options: &G::Options, moves: usize) -> Option<Match<G>> {
    let mut game = Match::<G>::new(options.clone(), SEED).ok()?;
    let mut rng = Rng::seed_from_u64(SEED);
    for _ in 0..moves {
        let mut choices = G::legal(game.state());
        let next = loop {
            if choices.is_empty() {
                break None;
            }
            let chosen = G::rollout_action(game.state(), &choices, &mut rng);
            choices.retain(|a| *a != chosen);
            if let Some(next) = goes_on(&game, &chosen) {
                if G::legal(next.state())
                    .iter()
                    .any(|reply| goes_on(&next, reply).is_some())
                {
                    break Some(next);
                }
            }
        };
        match next {
            Some(next) => game = next,
            None => break,
        }
    }
    Some(game)
}

/// The game after `action`, if it is legal and the game is not over then.
fn goes_on<G: GameUi>(game: &Match<G>, action: &G::Action) -> Option<Match<G>> {
    let mut next = game.clone();
    next.play(action).ok()?;
    (next.to_move() != ToMove::Over).then_some(next)
}

/// The view a picture shows of `game`.
fn shown<G: GameUi>(game: &Match<G>) -> G::View {
    G::view(game.state(), SEAT)
}

thread_local! {
    static QUEUE: RefCell<VecDeque<Box<dyn FnOnce()>>> = RefCell::new(VecDeque::new());
    static RUNNING: Cell<bool> = const { Cell::new(false) };
}

/// Run `task` after the page has painted, in a task of its own: the pictures queue up and are
/// drawn one at a time, each in its own turn of the event loop, so taps and paints come between.
pub fn later(task: impl FnOnce() + 'static) {
    QUEUE.with(|q| q.borrow_mut().push_back(Box::new(task)));
    if !RUNNING.with(|r| r.replace(true)) {
        // A frame first: what the screen has now is painted before any picture is drawn.
        request_animation_frame(next);
    }
}

fn next() {
    set_timeout(
        || {
            let task = QUEUE.with(|q| q.borrow_mut().pop_front());
            match task {
                Some(task) => {
                    task();
                    next();
                }
                None => RUNNING.with(|r| r.set(false)),
            }
        },
        Duration::ZERO,
    );
}

/// What the tab's sessionStorage held before a picture was drawn. A board may keep its own
/// UI memory there for the table it is on (Turncoats keeps the last turn seen and a half-made
/// choice); a picture's made-up game must not overwrite the real table's, so whatever the
/// picture's board wrote is undone.
struct TabMemory(Vec<(String, String)>);

impl TabMemory {
    fn store() -> Option<web_sys::Storage> {
        web_sys::window()?.session_storage().ok()?
    }

    fn entries(store: &web_sys::Storage) -> Vec<(String, String)> {
        let n = store.length().unwrap_or(0);
        (0..n)
            .filter_map(|i| {
                let key = store.key(i).ok()??;
                let value = store.get_item(&key).ok()??;
                Some((key, value))
            })
            .collect()
    }

    fn keep() -> Self {
        TabMemory(Self::store().map_or_else(Vec::new, |s| Self::entries(&s)))
    }

    fn restore(self) {
        let Some(store) = Self::store() else {
            return;
        };
        let now = Self::entries(&store);
        for (key, _) in now
            .iter()
            .filter(|(k, _)| !self.0.iter().any(|(was, _)| was == k))
        {
            let _ = store.remove_item(key);
        }
        for (key, value) in self.0.iter().filter(|entry| !now.contains(entry)) {
            let _ = store.set_item(key, value);
        }
    }
}

/// A picture of `G` with the options `options` gives, redrawn (later) when they change; nothing
/// while they give `None`. `class` places it (`card-art`, `setup-preview`); it is `coming`
/// while a picture is asked for and not yet drawn, `drawn` once the board is in.
pub fn miniature<G: GameUi>(options: Signal<Option<G::Options>>, class: String) -> impl IntoView {
    let view = RwSignal::new(None::<G::View>);
    // Set from the start, before the effect below first runs: the first paint keeps the room.
    let coming = RwSignal::new(options.with_untracked(Option::is_some));
    // Each change of the options asks for one picture; a picture asked for before the last
    // one was drawn is dropped.
    let asked = StoredValue::new(0u32);
    Effect::new(move |_| {
        let Some(options) = options.get() else {
            view.set(None);
            coming.set(false);
            return;
        };
        coming.set(true);
        let ticket = asked.try_update_value(|n| {
            *n += 1;
            *n
        });
        later(move || {
            if asked.try_get_value() != ticket {
                return; // asked again since, or the picture is gone
            }
            let picture = typical::<G>(&options).map(|g| shown(&g));
            let kept = TabMemory::keep();
            // The board is drawn now, and its effects run at the end of this task.
            let _ = view.try_set(picture);
            let _ = coming.try_set(false);
            set_timeout(move || kept.restore(), Duration::ZERO);
        });
    });
    let drawn = Memo::new(move |_| view.with(Option::is_some));
    let board = move || {
        drawn.get().then(|| {
            G::board(BoardProps {
                // Read only while there is a picture: the board is dropped with it.
                view: Signal::derive(move || view.get().expect("a picture's view")),
                legal: Signal::stored(Vec::new()),
                play: Callback::new(|_| {}),
                pointed: Signal::stored(Pointed::default()),
            })
        })
    };
    view! {
        <div
            class=format!("miniature {class}")
            class:drawn=drawn
            class:coming=move || coming.get()
            data-miniature=G::ID
            aria-hidden="true"
            inert
        >
            {board}
        </div>
    }
}

/// The home card's picture of the game with this id ([`GameUi::miniature_options`]). Until
/// it is drawn, the card shows the art the static home shows (`art-<id>`).
pub fn card_picture(id: &str) -> Option<AnyView> {
    struct Card<'a>(&'a str);
    impl UiVisitor for Card<'_> {
        type Output = AnyView;
        fn visit<G: GameUi>(self) -> AnyView {
            let options = Signal::stored(Some(G::miniature_options()));
            miniature::<G>(options, format!("card-art art-{}", self.0)).into_any()
        }
    }
    with_ui_game(id, Card(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::herd::Herd;
    use crate::games::long_campaign::LongCampaign;
    use crate::games::moonlight::Moonlight;
    use crate::games::toy_battle::{TerrainChoice, ToyBattle, ToyBattleOptions};
    use crate::games::turncoats::Turncoats;

    fn in_play<G: GameUi>(options: &G::Options) -> Match<G> {
        let game = typical::<G>(options).expect("the options play");
        assert_ne!(game.to_move(), ToMove::Over, "{}: a game in play", G::ID);
        assert!(
            game.record().actions.len() >= G::MINIATURE_MOVES,
            "{}: a few moves in ({} actions)",
            G::ID,
            game.record().actions.len()
        );
        // The same picture every time, natively as in the browser (a seeded ChaCha8).
        let again = typical::<G>(options).unwrap();
        assert_eq!(game.record().actions, again.record().actions, "{}", G::ID);
        assert_eq!(shown(&game), shown(&again));
        game
    }

    #[test]
    fn every_picture_is_a_game_a_few_moves_in_the_same_every_time() {
        in_play::<Herd>(&Herd::miniature_options());
        in_play::<ToyBattle>(&ToyBattle::miniature_options());
        in_play::<Turncoats>(&Turncoats::miniature_options());
        in_play::<Moonlight>(&Moonlight::miniature_options());
        let campaign = in_play::<LongCampaign>(&LongCampaign::miniature_options());
        let owned = campaign
            .state()
            .campaign
            .counties
            .iter()
            .filter(|c| c.owner.is_some());
        assert!(owned.count() >= 10, "most of Hungary is taken");
    }

    #[test]
    fn the_setup_preview_follows_the_options_that_change_the_board() {
        use crate::games::herd::HerdOptions;
        for side in 4..=7 {
            let options = HerdOptions {
                side,
                ..Default::default()
            };
            assert_eq!(Herd::preview_options(&options).as_ref(), Some(&options));
            assert_eq!(in_play::<Herd>(&options).state().side, side);
        }
        for terrain in TerrainChoice::ALL {
            let options = ToyBattleOptions {
                terrain,
                ..Default::default()
            };
            // A random Terrain is drawn at the start: no picture could tell which.
            match ToyBattle::preview_options(&options) {
                Some(o) => {
                    assert_eq!(o, options);
                    let game = in_play::<ToyBattle>(&options);
                    assert_eq!(Some(game.state().table.terrain), terrain.key());
                }
                None => assert_eq!(terrain, TerrainChoice::Random),
            }
        }
        assert_eq!(Moonlight::preview_options(&Default::default()), None);
    }
}
