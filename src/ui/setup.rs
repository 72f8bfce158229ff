//! The setup screen: seats (human or AI, names, level) and the game's own options.

use super::catalogue::{entry, with_ui_game, UiVisitor};
use super::game_ui::GameUi;
use super::{fresh_seed, Screen, SeatSpec, TableSpec};
use crate::ai::Level;
use crate::engine::Match;
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
    with_ui_game(id, Setup).unwrap_or_else(|| view! { <p>"Unknown game"</p> }.into_any())
}

fn setup_for<G: GameUi>() -> impl IntoView {
    let screen = expect_context::<RwSignal<Screen>>();
    let options = RwSignal::new(G::Options::default());
    // Up to five seats are kept; the options decide how many are at the table.
    let seats = RwSignal::new(
        (0..5)
            .map(|i| SeatSpec {
                name: if i == 0 {
                    "You".to_string()
                } else {
                    DEFAULT_NAMES[i].to_string()
                },
                ai: (i > 0).then_some(Level::Normal),
            })
            .collect::<Vec<_>>(),
    );
    let count = Memo::new(move |_| options.with(G::seat_count_for));
    let names = Signal::derive(move || {
        seats.with(|s| s.iter().take(count.get()).map(|s| s.name.clone()).collect())
    });
    let error = RwSignal::new(None::<String>);
    let start = move |_| {
        let seed = fresh_seed();
        match Match::<G>::new(options.get_untracked(), seed) {
            Ok(m) => {
                let mut chosen: Vec<SeatSpec> = seats.get_untracked();
                chosen.truncate(count.get_untracked());
                for (i, s) in chosen.iter_mut().enumerate() {
                    if s.name.trim().is_empty() {
                        s.name = format!("Player {}", i + 1);
                    }
                }
                screen.set(Screen::Table(Arc::new(TableSpec {
                    game: G::ID.to_string(),
                    seats: chosen,
                    record: m.to_json(),
                    save_id: super::saves::new_id(),
                    started: js_sys::Date::now(),
                })));
            }
            Err(e) => error.set(Some(e.to_string())),
        }
    };
    let title = entry(G::ID).map_or(G::NAME, |e| e.name);
    view! {
        <section class="setup">
            <h1>{title}</h1>
            <h2>"Players"</h2>
            <div class="seats">
                {move || {
                    (0..count.get())
                        .map(|i| seat_row(seats, i))
                        .collect_view()
                }}
            </div>
            <h2>"Options"</h2>
            <div class="options">{G::options_form(options, names)}</div>
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
            <div class="actions">
                <button on:click=move |_| screen.set(Screen::Home)>"Back"</button>
                <button class="primary big" data-testid="start-game" on:click=start>"Start game"</button>
            </div>
        </section>
    }
}

fn seat_row(seats: RwSignal<Vec<SeatSpec>>, i: usize) -> impl IntoView {
    let look = super::LOOKS[i];
    let kind = move || seats.with(|s| s[i].ai.map_or("human", Level::name));
    view! {
        <div class=format!("seat-row seat-{}", look.colour) data-seat=i.to_string()>
            <span class="seat-mark" aria-hidden="true">{look.mark}</span>
            <label>
                <span class="sr-only">"Name of player " {i + 1}</span>
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
                <span class="sr-only">"Who plays seat " {i + 1}</span>
                <select
                    prop:value=kind
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        seats.update(|s| s[i].ai = Level::parse(&v));
                    }
                >
                    <option value="human">"Human"</option>
                    <option value="easy">"Computer · Easy"</option>
                    <option value="normal">"Computer · Normal"</option>
                    <option value="hard">"Computer · Hard"</option>
                </select>
            </label>
        </div>
    }
}
