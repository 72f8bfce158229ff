//! Translation completeness: every string written with `t!(lang, "English", "Magyar")` in the
//! sources has both languages, non-empty, with the same placeholders, and the Hungarian is not
//! a copy of the English (a forgotten translation). The compiler already refuses a `t!` with
//! one language missing; this catches the subtler holes.

use std::collections::BTreeSet;
use std::path::Path;

/// Strings that are the same in both languages on purpose.
const SAME_IN_BOTH: &[&str] = &["Turf", "Herd", "Toy Battle", "Turncoats", "Moonlight"];

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.display().to_string(), text));
        }
    }
}

/// The string literal starting at `s` (which begins with `"`), unescaped enough to compare,
/// and the rest of the input after it.
fn literal(s: &str) -> Option<(String, &str)> {
    let mut chars = s.char_indices();
    if chars.next()?.1 != '"' {
        return None;
    }
    let mut out = String::new();
    let mut escaped = false;
    for (i, c) in chars {
        if escaped {
            out.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            return Some((out, &s[i + 1..]));
        } else {
            out.push(c);
        }
    }
    None
}

/// `{name}`, `{}`, `{0}` … in a format string (`{{` is a literal brace).
fn placeholders(s: &str) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    let mut rest = s.replace("{{", "").replace("}}", "");
    let mut positional = 0;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let inner = rest[open + 1..open + close]
            .split(':')
            .next()
            .unwrap_or("")
            .to_string();
        if inner.is_empty() {
            set.insert(format!("#{positional}"));
            positional += 1;
        } else {
            set.insert(inner);
        }
        rest = rest[open + close + 1..].to_string();
    }
    set
}

/// Every `t!(lang, "en", "hu"…)` pair in the sources, with its file.
fn pairs() -> Vec<(String, String, String)> {
    let mut files = Vec::new();
    sources(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    let mut found = Vec::new();
    for (file, text) in files {
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let mut rest = code.as_str();
        while let Some(at) = rest.find("t!(") {
            rest = &rest[at + 3..];
            // Skip the language expression: up to the first comma at depth 0.
            let mut depth = 0;
            let Some(comma) = rest.char_indices().find_map(|(i, c)| {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    ',' if depth == 0 => return Some(i),
                    _ => {}
                }
                None
            }) else {
                continue;
            };
            let after = rest[comma + 1..].trim_start();
            let Some((en, after)) = literal(after) else {
                continue;
            };
            let after = after.trim_start().trim_start_matches(',').trim_start();
            let Some((hu, _)) = literal(after) else {
                continue;
            };
            found.push((file.clone(), en, hu));
        }
    }
    found
}

#[test]
fn every_string_has_both_languages_with_the_same_placeholders() {
    let pairs = pairs();
    assert!(
        pairs.len() > 100,
        "the sources were read ({} strings)",
        pairs.len()
    );
    let mut problems = Vec::new();
    for (file, en, hu) in &pairs {
        if en.trim().is_empty() || hu.trim().is_empty() {
            problems.push(format!("{file}: empty string in {en:?} / {hu:?}"));
        }
        if placeholders(en) != placeholders(hu) {
            problems.push(format!("{file}: placeholders differ: {en:?} / {hu:?}"));
        }
        let words = en.chars().filter(|c| c.is_alphabetic()).count();
        if en == hu && words > 2 && !SAME_IN_BOTH.contains(&en.as_str()) {
            problems.push(format!("{file}: not translated: {en:?}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checker_sees_a_missing_translation_and_a_lost_placeholder() {
    assert_eq!(placeholders("{n} stones of {}"), placeholders("{} kő: {n}"));
    assert_ne!(placeholders("{n} stones"), placeholders("kövek"));
    let (en, rest) = literal("\"say \\\"hi\\\"\", \"x\"").unwrap();
    assert_eq!(en, "say \"hi\"");
    assert_eq!(literal(rest.trim_start_matches(", ")).unwrap().0, "x");
}
