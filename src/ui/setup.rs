//! The setup screen: seats (human or AI, names, level) and the game's own options.

use super::catalogue::{entry, with_ui_game, UiVisitor};
use super::game_ui::{GameUi, SeatLook};
use super::{fresh_seed, use_lang, Screen, SeatSpec, TableSpec};
use crate::ai::Level;
use crate::engine::Match;
use crate::i18n::the;
use crate::t;
use leptos::prelude::*;
use std::sync::Arc;

const DEFAULT_NAMES: [&str; 5] = ["Anna", "Bence", "Csilla", "Dani", "Eszter"];

pub fn setup(id: &'static str) -> AnyView {
    struct Setup;
    impl UiVisitor for Setup {
        type Output = AnyView;
        fn visit<G: GameUi>(self) -> AnyView {
            setup_for::<G>().into_any()
        }
    }
    with_ui_game(id, Setup).unwrap_or_else(|| {
        let lang = use_lang();
        view! { <p>{move || t!(lang.get(), "Unknown game", "Ismeretlen játék")}</p> }.into_any()
    })
}

fn setup_for<G: GameUi>() -> impl IntoView {
    let screen = expect_context::<RwSignal<Screen>>();
    let lang = use_lang();
    let options = RwSignal::new(G::Options::default());
    // Up to five seats are kept; the options decide how many are at the table.
    let seats = RwSignal::new(
        (0..5)
            .map(|i| SeatSpec {
                name: if i == 0 {
                    t!(lang.get_untracked(), "You", "Te")
                } else {
                    DEFAULT_NAMES[i].to_string()
                },
                ai: (i > 0).then_some(Level::Normal),
                remote: false,
            })
            .collect::<Vec<_>>(),
    );
    prepare::<G>(options);
    let count = Memo::new(move |_| options.with(G::seat_count_for));
    let names = Signal::derive(move || {
        seats.with(|s| s.iter().take(count.get()).map(|s| s.name.clone()).collect())
    });
    let at_table = Signal::derive(move || {
        seats.with(|s| s.iter().take(count.get()).cloned().collect::<Vec<_>>())
    });
    // Hints: on against the computer, off between humans (issue #18), unless the players say.
    let hints_chosen = RwSignal::new(None::<bool>);
    let hints = Signal::derive(move || {
        hints_chosen
            .get()
            .unwrap_or_else(|| at_table.with(|s| hints_by_default(s)))
    });
    // The board these options give, where they change it (Herd's size, Toy Battle's Terrain).
    let preview = Memo::new(move |_| options.with(G::preview_options));
    let error = RwSignal::new(None::<String>);
    let start = move |_| {
        let seed = fresh_seed();
        match Match::<G>::new(options.get_untracked(), seed) {
            Ok(m) => {
                let mut chosen: Vec<SeatSpec> = seats.get_untracked();
                chosen.truncate(count.get_untracked());
                for (i, s) in chosen.iter_mut().enumerate() {
                    if s.name.trim().is_empty() {
                        s.name = t!(lang.get_untracked(), "Player {}", "{}. játékos", i + 1);
                    }
                }
                // With a friend on another device, the seed is dealt by all the devices
                // together (the lobby); otherwise this device's seed deals now.
                if chosen.iter().any(|s| s.remote) {
                    let options = serde_json::to_string(&m.record().options).unwrap_or_default();
                    screen.set(Screen::Lobby(Arc::new(super::online::host::new_lobby(
                        G::ID,
                        chosen,
                        options,
                    ))));
                    return;
                }
                screen.set(Screen::Table(Arc::new(TableSpec {
                    game: G::ID.to_string(),
                    seats: chosen,
                    record: m.to_json(),
                    save_id: super::saves::new_id(),
                    started: js_sys::Date::now(),
                    online: None,
                    hints: hints.get_untracked(),
                    ..Default::default()
                })));
            }
            Err(e) => error.set(Some(t!(
                lang.get_untracked(),
                "These options cannot be played: {e}",
                "Ezekkel a beállításokkal nem lehet játszani: {e}"
            ))),
        }
    };
    let title = move || entry(G::ID).map_or(G::NAME, |e| e.name(lang.get()));
    view! {
        <section class="setup">
            <h1>{title}</h1>
            <h2>{move || t!(lang.get(), "Players", "Játékosok")}</h2>
            <div class="seats">
                {move || {
                    (0..count.get())
                        .map(|i| {
                            let look = Signal::derive(move || options.with(|o| G::setup_look(o, i)));
                            seat_row(seats, i, look)
                        })
                        .collect_view()
                }}
            </div>
            <h2>{move || t!(lang.get(), "Options", "Beállítások")}</h2>
            <div class="options">
                {G::options_form(options, names, at_table)}
                {super::miniature::miniature::<G>(preview.into(), "setup-preview".into())}
                <label class="hints-option">
                    <input
                        type="checkbox"
                        data-testid="hints"
                        prop:checked=hints
                        on:change=move |e| hints_chosen.set(Some(event_target_checked(&e)))
                    />
                    " "
                    {move || t!(lang.get(), "Hints: a player may ask what the computer would play", "Tippek: a játékos megkérdezheti, mit lépne a gép")}
                </label>
            </div>
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
            <div class="actions">
                <button on:click=move |_| screen.set(Screen::Home)>{move || t!(lang.get(), "Back", "Vissza")}</button>
                <button class="primary big" data-testid="start-game" on:click=start>{move || t!(lang.get(), "Start game", "Indulhat a játék")}</button>
            </div>
        </section>
    }
}

/// The game's [`GameUi::prepare`], a step a paint, while the setup is up and there is more.
fn prepare<G: GameUi>(options: RwSignal<G::Options>) {
    super::after_paint(move || {
        if options.try_with_untracked(G::prepare) == Some(true) {
            prepare::<G>(options);
        }
    });
}

/// Hints are on by default when a computer plays, off in pass-and-play between humans.
fn hints_by_default(seats: &[SeatSpec]) -> bool {
    seats.iter().any(|s| s.ai.is_some())
}

fn seat_row(seats: RwSignal<Vec<SeatSpec>>, i: usize, look: Signal<SeatLook>) -> impl IntoView {
    let lang = use_lang();
    let kind = move || {
        seats.with(|s| match (&s[i].ai, s[i].remote) {
            (_, true) => "remote",
            (Some(level), _) => level.name(),
            (None, false) => "human",
        })
    };
    view! {
        <div class=move || format!("seat-row seat-{}", look.get().colour) data-seat=i.to_string()>
            <span class="seat-mark" aria-hidden="true">{move || look.get().mark}</span>
            <label>
                <span class="sr-only">{move || t!(lang.get(), "Name of player {}", "{}. játékos neve", the(lang.get(), &(i + 1).to_string(), true))}</span>
                <input
                    type="text"
                    maxlength="16"
                    prop:value=move || seats.with(|s| s[i].name.clone())
                    on:input=move |e| {
                        let v = event_target_value(&e);
                        seats.update(|s| s[i].name = v);
                    }
                />
            </label>
            <label>
                <span class="sr-only">{move || t!(lang.get(), "Who plays seat {}", "Ki ül {}. helyen", the(lang.get(), &(i + 1).to_string(), false))}</span>
                <select
                    prop:value=kind
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        seats.update(|s| {
                            s[i].ai = Level::parse(&v);
                            s[i].remote = v == "remote";
                        });
                    }
                >
                    <option value="human">{move || t!(lang.get(), "Human", "Ember")}</option>
                    <option value="easy">{move || t!(lang.get(), "Computer · Easy", "Gép · Könnyű")}</option>
                    <option value="normal">{move || t!(lang.get(), "Computer · Normal", "Gép · Közepes")}</option>
                    <option value="hard">{move || t!(lang.get(), "Computer · Hard", "Gép · Nehéz")}</option>
                    <option value="expert">{move || t!(lang.get(), "Computer · Expert", "Gép · Mester")}</option>
                    <option value="remote">{move || t!(lang.get(), "A friend on another device", "Barát egy másik eszközön")}</option>
                </select>
            </label>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_are_on_against_the_computer_and_off_between_humans() {
        let seat = |ai: Option<Level>| SeatSpec {
            name: "A".into(),
            ai,
            remote: false,
        };
        assert!(hints_by_default(&[seat(None), seat(Some(Level::Hard))]));
        assert!(!hints_by_default(&[seat(None), seat(None)]));
    }
}
