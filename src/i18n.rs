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

#[cfg(test)]
mod tests {
    use super::Lang;

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
