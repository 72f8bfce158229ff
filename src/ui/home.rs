//! The home page: the five games, the unfinished games to resume or delete, and importing a
//! game from a file.

use super::catalogue::{self, CATALOGUE};
use super::{saves, use_lang, Screen, TableSpec};
use crate::i18n::Lang;
use crate::t;
use leptos::prelude::*;
use std::sync::Arc;

/// "3 Dec 2026, 14:05" in the player's language and time zone.
fn when(ms: f64, lang: Lang) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    let locale = lang.pick("en-GB", "hu-HU");
    let options = js_sys::Object::new();
    for (k, v) in [("dateStyle", "medium"), ("timeStyle", "short")] {
        let _ = js_sys::Reflect::set(&options, &k.into(), &v.into());
    }
    d.to_locale_string(locale, &options).into()
}

pub fn home() -> impl IntoView {
    let screen = expect_context::<RwSignal<Screen>>();
    let lang = use_lang();
    // Bumped to re-read the saves after a delete or an import.
    let refresh = RwSignal::new(0u32);
    let listing = Memo::new(move |_| {
        refresh.track();
        let listing = saves::list();
        (
            listing
                .saves
                .into_iter()
                .map(|(_, s)| s)
                .collect::<Vec<_>>(),
            listing.set_aside.into_iter().collect::<Vec<_>>(),
        )
    });
    // Problems are reported once, when found (the save has been set aside by then).
    let problems = RwSignal::new(Vec::<(String, saves::Unreadable)>::new());
    Effect::new(move |_| {
        let found = listing.with(|l| l.1.clone());
        if !found.is_empty() {
            problems.update(|p| p.extend(found));
        }
    });
    let import_error = RwSignal::new(None::<String>);

    let resume = move |id: String| {
        let found = saves::list()
            .saves
            .into_iter()
            .find(|(s, _)| s.table.save_id == id);
        if let Some((save, _)) = found {
            screen.set(Screen::Table(Arc::new(save.table)));
        }
    };

    let on_file = move |e: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let Some(input) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            let lang = lang.get_untracked();
            let Some(text) = text.ok().and_then(|t| t.as_string()) else {
                import_error.set(Some(t!(
                    lang,
                    "The file could not be read.",
                    "A fájlt nem sikerült beolvasni."
                )));
                return;
            };
            match saves::read_import(&text) {
                Ok(table) => {
                    import_error.set(None);
                    let table = TableSpec {
                        save_id: saves::new_id(),
                        started: js_sys::Date::now(),
                        ..table
                    };
                    screen.set(Screen::Table(Arc::new(table)));
                }
                Err(why) => {
                    let why = why.describe(lang);
                    import_error.set(Some(t!(
                        lang,
                        "This file is not a game Turf can open: {why}",
                        "Ezt a fájlt a Turf nem tudja megnyitni: {why}"
                    )))
                }
            }
        });
    };

    let saved_games = move || {
        let lang = lang.get();
        let list = listing.with(|l| l.0.clone());
        if list.is_empty() {
            return None;
        }
        let rows = list
            .into_iter()
            .map(|s| {
                let name = catalogue::entry(&s.game).map_or(s.game.clone(), |e| e.name(lang).to_string());
                let players = s.players.join(", ");
                let turn = match s.to_move {
                    Some(seat) => t!(
                        lang,
                        "move {}, {} to play",
                        "{}. lépés, {} következik",
                        s.moves,
                        s.players.get(seat).cloned().unwrap_or_default()
                    ),
                    None => t!(lang, "move {}", "{}. lépés", s.moves),
                };
                let id = s.id.clone();
                let id2 = s.id.clone();
                view! {
                    <li class="saved" data-save=s.id.clone()>
                        <div class="saved-what">
                            <b>{name}</b>
                            <span>{players}</span>
                            <span class="meta">{when(s.started, lang)} " · " {turn}</span>
                        </div>
                        <button class="primary" data-testid="resume" on:click=move |_| resume(id.clone())>
                            {t!(lang, "Resume", "Folytatás")}
                        </button>
                        <button data-testid="delete-save" on:click=move |_| {
                            saves::remove(&id2);
                            refresh.update(|n| *n += 1);
                        }>
                            {t!(lang, "Delete", "Törlés")}
                        </button>
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <section class="saved-games" aria-labelledby="saved-title">
                <h2 id="saved-title">{t!(lang, "Unfinished games", "Befejezetlen játszmák")}</h2>
                <ul>{rows}</ul>
            </section>
        })
    };

    let problem_list = move || {
        let lang = lang.get();
        let list = problems.get();
        (!list.is_empty()).then(|| {
            view! {
                <div class="notice" role="alert" data-testid="save-problems">
                    {list
                        .into_iter()
                        .map(|(_, why)| {
                            let why = why.describe(lang);
                            view! {
                                <p>
                                    {t!(
                                        lang,
                                        "A saved game could not be read and was set aside ({why}). Your other games are safe.",
                                        "Egy mentett játszmát nem sikerült beolvasni, ezért félretettük ({why}). A többi játszmád biztonságban van."
                                    )}
                                </p>
                            }
                        })
                        .collect_view()}
                </div>
            }
        })
    };

    view! {
        <section class="home">
            <h1>{move || t!(lang.get(), "Pick a game", "Válassz játékot")}</h1>
            <p class="lede">
                {move || t!(lang.get(), "Five territory games for one device: play a friend on this screen, or the computer.", "Öt területfoglaló játék egy eszközön: játssz egy baráttal ezen a képernyőn, vagy a gép ellen.")}
            </p>
            {problem_list}
            {saved_games}
            <div class="cards">
                {CATALOGUE
                    .iter()
                    .map(|entry| {
                        let id = entry.id;
                        let open = move |_| {
                            if catalogue::entry(id).is_some_and(|e| e.playable) {
                                screen.set(Screen::Setup(id));
                            }
                        };
                        view! {
                            <article class="card" class:unavailable=!entry.playable>
                                <div class=format!("card-art art-{id}") aria-hidden="true"></div>
                                <h2>{move || entry.name(lang.get())}</h2>
                                <p class="meta">{move || entry.players(lang.get())} " · " {move || entry.length(lang.get())}</p>
                                <p class="pitch">{move || entry.pitch(lang.get())}</p>
                                {if entry.playable {
                                    view! {
                                        <button class="primary" data-game=id on:click=open>
                                            {move || t!(lang.get(), "Play {}", "Játék: {}", entry.name(lang.get()))}
                                        </button>
                                    }
                                        .into_any()
                                } else {
                                    view! {
                                        <p class="not-yet" data-game=id>
                                            {move || t!(lang.get(), "Not yet available in this version", "Ebben a változatban még nem játszható")}
                                        </p>
                                    }
                                        .into_any()
                                }}
                            </article>
                        }
                    })
                    .collect_view()}
            </div>
            <section class="import">
                <label class="file-button">
                    {move || t!(lang.get(), "Open a game from a file…", "Játszma megnyitása fájlból…")}
                    <input type="file" accept=".json,application/json" data-testid="import" on:change=on_file />
                </label>
                {move || import_error.get().map(|e| view! { <p class="error" role="alert" data-testid="import-error">{e}</p> })}
            </section>
        </section>
    }
}
