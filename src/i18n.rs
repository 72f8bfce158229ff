//! English and Hungarian: the one translation mechanism for every string a player reads.
//!
//! A string is written once with both languages side by side, `t!(lang, "English", "Magyar")`,
//! so a missing translation is a compile error rather than a runtime hole, and there is no
//! catalogue of keys to keep in step. Arguments work as in `format!`, inline (`{name}`) or
//! positional, and are shared by both languages. Rules use it too (the game log is written by
//! `Game::describe`), so this module has no web types.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Hu,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Hu];

    /// The BCP 47 code (`lang` attribute, storage).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Hu => "hu",
        }
    }

    /// The language's own name, for the switcher.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Hu => "Magyar",
        }
    }

    /// The language for a browser language tag ("hu-HU" → Hungarian); English otherwise.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("hu") {
            Lang::Hu
        } else {
            Lang::En
        }
    }

    /// One of two values by language, for what is not a string (a list, a static text).
    pub fn pick<T>(self, en: T, hu: T) -> T {
        match self {
            Lang::En => en,
            Lang::Hu => hu,
        }
    }
}

/// `t!(lang, "English {x}", "Magyar {x}", args…)` → `String` in `lang`.
#[macro_export]
macro_rules! t {
    ($lang:expr, $en:literal, $hu:literal $(, $arg:expr)* $(,)?) => {
        match $lang {
            $crate::i18n::Lang::En => format!($en $(, $arg)*),
            $crate::i18n::Lang::Hu => format!($hu $(, $arg)*),
        }
    };
}

/// Who a player's name points at, for the grammar of a sentence about them. Names are
/// third person ("Anna wins") except the pronouns a player may leave as their name: the
/// setup's default "You" / "Te" (second person: "You win", "Te nyertél"), and "I" / "Me" / "Én".
/// Recognised in both languages whatever the table's language, since a name keeps the words it
/// was typed in when the language is switched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Person {
    First,
    Second,
    Third,
}

impl Person {
    pub fn of(name: &str) -> Person {
        let word: String = name
            .trim()
            .trim_end_matches('!')
            .chars()
            .map(fold)
            .collect();
        match word.as_str() {
            "you" | "te" => Person::Second,
            "i" | "me" | "én" => Person::First,
            _ => Person::Third,
        }
    }
}

/// A letter as the words above and the article below compare it: ASCII and the Hungarian
/// vowels in lower case, every other character as it is. Exactly the folding these words
/// need, where `str::to_lowercase` would bring Unicode's whole case table into every build
/// (7.6–8.1 KB of each build gzipped: Herd's 327,083 bytes became 319,088; issue #20).
fn fold(c: char) -> char {
    const UPPER: &str = "ÁÉÍÓÖŐÚÜŰ";
    const LOWER: &str = "áéíóöőúüű";
    match UPPER.chars().position(|u| u == c) {
        Some(i) => LOWER.chars().nth(i).unwrap_or(c),
        None => c.to_ascii_lowercase(),
    }
}

/// The game-over headline for a sole winner, with the verb agreeing with the name.
pub fn wins_headline(name: &str, lang: Lang) -> String {
    match (Person::of(name), lang) {
        (Person::Second, Lang::En) => "You win!".into(),
        (Person::Second, Lang::Hu) => "Te nyertél!".into(),
        (Person::First, Lang::En) => "I win!".into(),
        (Person::First, Lang::Hu) => "Én nyertem!".into(),
        (Person::Third, _) => t!(lang, "{name} wins!", "{name} nyert!"),
    }
}

/// "Anna to play" / "Anna következik", agreeing with the name.
pub fn to_play_line(name: &str, lang: Lang) -> String {
    match (Person::of(name), lang) {
        (Person::Second, Lang::Hu) => "Te következel".into(),
        (Person::First, Lang::Hu) => "Én következem".into(),
        (Person::Second, Lang::En) => "Your turn".into(),
        (Person::First, Lang::En) => "My turn".into(),
        (Person::Third, _) => t!(lang, "{name} to play", "{name} következik"),
    }
}

/// "Anna is thinking…" / "Anna gondolkodik…", agreeing with the name.
pub fn thinking_line(name: &str, lang: Lang) -> String {
    match (Person::of(name), lang) {
        (Person::Second, Lang::En) => "You are thinking…".into(),
        (Person::Second, Lang::Hu) => "Te gondolkodsz…".into(),
        (Person::First, Lang::En) => "I am thinking…".into(),
        (Person::First, Lang::Hu) => "Én gondolkodom…".into(),
        (Person::Third, _) => t!(lang, "{name} is thinking…", "{name} gondolkodik…"),
    }
}

/// How a seat is named inside a game log line. Log lines are written about a third person
/// ("@0 rolled 3 and 5", "@0's Skully", "@0 dobása"), so a name that is a pronoun would break
/// them ("You's Skully", "Te dobása"): such a seat is named by its colour, with the name after
/// it ("Red (You)'s Skully", "Piros (Te) dobása"), which agrees with every line in both
/// languages. Every other name stands as typed.
pub fn log_name(name: &str, colour: &str) -> String {
    match Person::of(name) {
        Person::Third => name.to_string(),
        _ => format!("{colour} ({})", name.trim()),
    }
}

/// The Hungarian definite article before `next` (a word or a numeral as written): "az" before
/// a vowel sound, "a" otherwise. Numerals are read out: "az 1." (egy), "az 5." (öt), "az 50"
/// (ötven), "az 1000" (ezer), but "a 10" (tíz), "a 100" (száz).
pub fn hu_article(next: &str) -> &'static str {
    let next = next.trim_start();
    let digits: String = next.chars().take_while(char::is_ascii_digit).collect();
    let vowel = match digits.chars().next() {
        Some('5') => true,
        // egy, ezer, egymillió: a leading 1 reads as a vowel when it stands for one, a
        // thousand, a million…; tíz, száz, tízezer, százezer do not.
        Some('1') => digits.len() % 3 == 1,
        Some(_) => false,
        None => next
            .chars()
            .next()
            .is_some_and(|c| "aáeéiíoóöőuúüű".contains(fold(c))),
    };
    if vowel {
        "az"
    } else {
        "a"
    }
}

/// `next` as a Hungarian sentence needs it, with its definite article ("az 1", "a Herd"),
/// and as it is in English: one placeholder then serves both languages of a `t!` string,
/// `t!(lang, "Name of player {}", "{}. játékos neve", the(lang, "1", true))`.
pub fn the(lang: Lang, next: &str, capital: bool) -> String {
    match (lang, capital) {
        (Lang::En, _) => next.to_string(),
        (Lang::Hu, false) => format!("{} {next}", hu_article(next)),
        (Lang::Hu, true) => format!("{} {next}", hu_article_cap(next)),
    }
}

/// [`hu_article`] at the start of a sentence: "Az", "A".
pub fn hu_article_cap(next: &str) -> &'static str {
    match hu_article(next) {
        "az" => "Az",
        _ => "A",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headline_agrees_with_every_name_in_both_languages() {
        assert_eq!(wins_headline("You", Lang::En), "You win!");
        assert_eq!(wins_headline(" you ", Lang::En), "You win!");
        assert_eq!(wins_headline("Te", Lang::Hu), "Te nyertél!");
        // A name keeps its words when the language is switched.
        assert_eq!(wins_headline("You", Lang::Hu), "Te nyertél!");
        assert_eq!(wins_headline("Te", Lang::En), "You win!");
        assert_eq!(wins_headline("I", Lang::En), "I win!");
        assert_eq!(wins_headline("Anna", Lang::En), "Anna wins!");
        assert_eq!(wins_headline("Anna", Lang::Hu), "Anna nyert!");
        // Names that only contain a pronoun are names.
        assert_eq!(wins_headline("Young", Lang::En), "Young wins!");
        assert_eq!(wins_headline("Teréz", Lang::Hu), "Teréz nyert!");
        assert_eq!(to_play_line("Te", Lang::Hu), "Te következel");
        assert_eq!(to_play_line("Bence", Lang::Hu), "Bence következik");
        assert_eq!(thinking_line("You", Lang::En), "You are thinking…");
        assert_eq!(thinking_line("Bence", Lang::En), "Bence is thinking…");
        // Whatever the case the name was typed in.
        assert_eq!(wins_headline("ÉN", Lang::Hu), "Én nyertem!");
        assert_eq!(wins_headline("Én!", Lang::En), "I win!");
        assert_eq!(wins_headline("TE!", Lang::En), "You win!");
        assert_eq!(wins_headline("YOU", Lang::Hu), "Te nyertél!");
        assert_eq!(wins_headline("ÉVA", Lang::Hu), "ÉVA nyert!");
    }

    #[test]
    fn a_pronoun_seat_is_named_by_its_colour_in_log_lines() {
        // "@0's Skully" and "@0 dobása" read right with a third-person name only.
        let line = "@0's Skully: drew 2 Troops".replace("@0", &log_name("You", "Red"));
        assert_eq!(line, "Red (You)'s Skully: drew 2 Troops");
        let sor = "@0 dobása 3 és 5".replace("@0", &log_name("Te", "Piros"));
        assert_eq!(sor, "Piros (Te) dobása 3 és 5");
        assert_eq!(log_name("Anna", "Red"), "Anna");
    }

    #[test]
    fn the_hungarian_article_follows_the_sound() {
        for (next, article) in [
            ("Herd", "a"),
            ("Játékok Harca", "a"),
            ("Moonlight", "a"),
            ("Turncoats", "a"),
            ("Hosszú Hadjárat", "a"),
            ("Alma", "az"),
            ("Ördög", "az"),
            ("Úr", "az"),
            ("ŐRS", "az"),
            ("Ének", "az"),
            ("Über", "az"),
            ("Ízes", "az"),
            ("1", "az"),
            ("1.", "az"),
            ("2", "a"),
            ("5", "az"),
            ("10", "a"),
            ("11", "a"),
            ("50", "az"),
            ("100", "a"),
            ("537", "az"),
            ("1000", "az"),
            ("1849", "az"),
            ("2024", "a"),
            ("10000", "a"),
        ] {
            assert_eq!(hu_article(next), article, "{next}");
        }
        assert_eq!(hu_article_cap("5"), "Az");
        assert_eq!(the(Lang::Hu, "5", true), "Az 5");
        assert_eq!(the(Lang::Hu, "Játékok Harca", false), "a Játékok Harca");
        assert_eq!(the(Lang::En, "Herd", true), "Herd");
        assert_eq!(hu_article_cap("Herd"), "A");
    }

    #[test]
    fn strings_follow_the_language_with_shared_arguments() {
        let n = 3;
        assert_eq!(t!(Lang::En, "{n} stones", "{n} kő"), "3 stones");
        assert_eq!(t!(Lang::Hu, "{n} stones", "{n} kő"), "3 kő");
        assert_eq!(t!(Lang::Hu, "{} and {}", "{} és {}", 1, 2), "1 és 2");
    }

    #[test]
    fn browser_tags_choose_hungarian_only_for_hungarian() {
        assert_eq!(Lang::from_tag("hu-HU"), Lang::Hu);
        assert_eq!(Lang::from_tag("HU"), Lang::Hu);
        assert_eq!(Lang::from_tag("en-GB"), Lang::En);
        assert_eq!(Lang::from_tag("de"), Lang::En);
    }
}
