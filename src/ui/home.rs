//! The home page: the five games, the unfinished games to resume or delete, and importing a
//! game from a file. One component a part of the page: [`SaveProblems`], [`SavedGames`],
//! [`GameCards`], [`ImportGame`].

use super::catalogue::{self, CatalogueEntry, CATALOGUE};
use super::saves::{self, SaveSummary, Unreadable};
use super::{use_lang, Screen, TableSpec};
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

/// How far a saved game has come: "move 12, Anna to play".
fn progress(save: &SaveSummary, lang: Lang) -> String {
    match save.to_move {
        Some(seat) => t!(
            lang,
            "move {}, {} to play",
            "{}. lépés, {} következik",
            save.moves,
            save.players.get(seat).cloned().unwrap_or_default()
        ),
        None => t!(lang, "move {}", "{}. lépés", save.moves),
    }
}

/// A game's name as players know it, or its id for a game this version does not have.
fn game_name(id: &str, lang: Lang) -> String {
    catalogue::entry(id).map_or(id.to_string(), |e| e.name(lang).to_string())
}

/// The home page's heading. The texts of the home are functions, as the static home in
/// index.html is written from them too (see [`super::static_home`]).
pub(super) fn title(lang: Lang) -> String {
    t!(lang, "Pick a game", "Válassz játékot")
}

pub(super) fn lede(lang: Lang) -> String {
    t!(
        lang,
        "Five territory games for one device: play a friend on this screen, or the computer.",
        "Öt területfoglaló játék egy eszközön: játssz egy baráttal ezen a képernyőn, vagy a gép ellen."
    )
}

/// A game card's button.
pub(super) fn play_label(entry: &CatalogueEntry, lang: Lang) -> String {
    t!(lang, "Play {}", "Játék: {}", entry.name(lang))
}

/// What a card says instead of a button, for a game this version cannot play yet.
pub(super) fn not_yet(lang: Lang) -> String {
    t!(
        lang,
        "Not yet available in this version",
        "Ebben a változatban még nem játszható"
    )
}

pub fn home() -> impl IntoView {
    let lang = use_lang();
    // Bumped to re-read the saves after a delete.
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
            listing.set_aside,
        )
    });
    let unfinished = Memo::new(move |_| listing.with(|l| l.0.clone()));
    // Problems are reported once, when found (the save has been set aside by then).
    let problems = RwSignal::new(Vec::<(String, Unreadable)>::new());
    Effect::new(move |_| {
        let found = listing.with(|l| l.1.clone());
        if !found.is_empty() {
            problems.update(|p| p.extend(found));
        }
    });
    view! {
        <section class="home">
            <h1>{move || title(lang.get())}</h1>
            <p class="lede">{move || lede(lang.get())}</p>
            <SaveProblems problems />
            <SavedGames unfinished refresh />
            <GameCards />
            <ImportGame />
        </section>
    }
}

/// Saves that could not be read, each set aside and named once.
#[component]
fn SaveProblems(problems: RwSignal<Vec<(String, Unreadable)>>) -> impl IntoView {
    let lang = use_lang();
    move || {
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
    }
}

/// The unfinished games, newest first, each to resume or delete.
#[component]
fn SavedGames(unfinished: Memo<Vec<SaveSummary>>, refresh: RwSignal<u32>) -> impl IntoView {
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let list = unfinished.get();
        if list.is_empty() {
            return None;
        }
        let rows = list
            .into_iter()
            .map(|save| view! { <SavedGame save lang refresh /> })
            .collect_view();
        Some(view! {
            <section class="saved-games" aria-labelledby="saved-title">
                <h2 id="saved-title">{t!(lang, "Unfinished games", "Befejezetlen játszmák")}</h2>
                <ul>{rows}</ul>
            </section>
        })
    }
}

#[component]
fn SavedGame(save: SaveSummary, lang: Lang, refresh: RwSignal<u32>) -> impl IntoView {
    let screen = expect_context::<RwSignal<Screen>>();
    let resume = {
        let id = save.id.clone();
        move |_| {
            let found = saves::list()
                .saves
                .into_iter()
                .find(|(s, _)| s.table.save_id == id);
            if let Some((save, _)) = found {
                screen.set(Screen::Table(Arc::new(save.table)));
            }
        }
    };
    let delete = {
        let id = save.id.clone();
        move |_| {
            saves::remove(&id);
            refresh.update(|n| *n += 1);
        }
    };
    view! {
        <li class="saved" data-save=save.id.clone()>
            <div class="saved-what">
                <b>{game_name(&save.game, lang)}</b>
                <span>{save.players.join(", ")}</span>
                <span class="meta">{when(save.started, lang)} " · " {progress(&save, lang)}</span>
            </div>
            <button class="primary" data-testid="resume" on:click=resume>
                {t!(lang, "Resume", "Folytatás")}
            </button>
            <button data-testid="delete-save" on:click=delete>
                {t!(lang, "Delete", "Törlés")}
            </button>
        </li>
    }
}

/// A card for each game of the catalogue; a playable one opens its setup.
#[component]
fn GameCards() -> impl IntoView {
    view! {
        <div class="cards">
            {CATALOGUE.iter().map(|entry| view! { <GameCard entry /> }).collect_view()}
        </div>
    }
}

#[component]
fn GameCard(entry: &'static CatalogueEntry) -> impl IntoView {
    let screen = expect_context::<RwSignal<Screen>>();
    let lang = use_lang();
    let id = entry.id;
    let open = move |_| {
        if catalogue::entry(id).is_some_and(|e| e.playable) {
            screen.set(Screen::Setup(id));
        }
    };
    view! {
        <article class="card" class:unavailable=!entry.playable>
            {super::miniature::card_picture(id).unwrap_or_else(|| {
                view! { <div class=format!("card-art art-{id}") aria-hidden="true"></div> }.into_any()
            })}
            <h2>{move || entry.name(lang.get())}</h2>
            <p class="meta">{move || entry.players(lang.get())} " · " {move || entry.length(lang.get())}</p>
            <p class="pitch">{move || entry.pitch(lang.get())}</p>
            {if entry.playable {
                view! {
                    <button class="primary" data-game=id on:click=open>
                        {move || play_label(entry, lang.get())}
                    </button>
                }
                    .into_any()
            } else {
                view! {
                    <p class="not-yet" data-game=id>
                        {move || not_yet(lang.get())}
                    </p>
                }
                    .into_any()
            }}
        </article>
    }
}

/// "Open a game from a file": an export of Turf or a bare match record, opened as a new save.
#[component]
fn ImportGame() -> impl IntoView {
    let screen = expect_context::<RwSignal<Screen>>();
    let lang = use_lang();
    let import_error = RwSignal::new(None::<String>);
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
            let opened = match text.ok().and_then(|t| t.as_string()) {
                Some(text) => import(&text, lang),
                None => Err(t!(
                    lang,
                    "The file could not be read.",
                    "A fájlt nem sikerült beolvasni."
                )),
            };
            match opened {
                Ok(table) => {
                    import_error.set(None);
                    screen.set(Screen::Table(Arc::new(table)));
                }
                Err(why) => import_error.set(Some(why)),
            }
        });
    };
    view! {
        <section class="import">
            <label class="file-button">
                {move || t!(lang.get(), "Open a game from a file…", "Játszma megnyitása fájlból…")}
                <input type="file" accept=".json,application/json" data-testid="import" on:change=on_file />
            </label>
            {move || import_error.get().map(|e| view! { <p class="error" role="alert" data-testid="import-error">{e}</p> })}
        </section>
    }
}

/// The table of an imported file, as a new save, or why it cannot be opened, in words.
fn import(text: &str, lang: Lang) -> Result<TableSpec, String> {
    match saves::read_import(text) {
        Ok(table) => Ok(TableSpec {
            save_id: saves::new_id(),
            started: js_sys::Date::now(),
            ..table
        }),
        Err(why) => {
            let why = why.describe(lang);
            Err(t!(
                lang,
                "This file is not a game Turf can open: {why}",
                "Ezt a fájlt a Turf nem tudja megnyitni: {why}"
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn save(to_move: Option<usize>) -> SaveSummary {
        SaveSummary {
            id: "a".into(),
            game: "herd".into(),
            players: vec!["Anna".into(), "Bence".into()],
            started: 0.0,
            moves: 12,
            to_move,
            over: false,
        }
    }

    #[test]
    fn a_saved_game_says_how_far_it_has_come_and_who_is_to_play() {
        assert_eq!(progress(&save(Some(1)), Lang::En), "move 12, Bence to play");
        assert_eq!(
            progress(&save(Some(1)), Lang::Hu),
            "12. lépés, Bence következik"
        );
        assert_eq!(progress(&save(None), Lang::En), "move 12");
        // A seat past the players (a damaged save) names no one rather than failing.
        assert_eq!(progress(&save(Some(7)), Lang::En), "move 12,  to play");
    }

    #[test]
    fn a_game_this_version_lacks_is_named_by_its_id() {
        assert_eq!(game_name("herd", Lang::En), "Herd");
        assert_eq!(game_name("chess", Lang::En), "chess");
    }
}
