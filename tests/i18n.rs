//! The message catalogue is complete: both languages have the same keys, no text is empty,
//! their placeholders match, and every key the app's source names exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const LANGS: [&str; 2] = ["hu", "en"];

/// `locales/<lang>.json` flattened to `a.b.c -> text`.
fn catalogue(lang: &str) -> BTreeMap<String, String> {
    fn flatten(prefix: &str, v: &serde_json::Value, out: &mut BTreeMap<String, String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    let key = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    flatten(&key, v, out);
                }
            }
            serde_json::Value::String(s) => {
                out.insert(prefix.to_string(), s.clone());
            }
            other => panic!("{prefix} is not text: {other}"),
        }
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("locales/{lang}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let mut out = BTreeMap::new();
    flatten("", &json, &mut out);
    out
}

/// The `%{name}` placeholders of a text.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split("%{")
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

#[test]
fn both_languages_have_the_same_keys_and_placeholders() {
    let hu = catalogue("hu");
    let en = catalogue("en");
    let only_hu: Vec<_> = hu.keys().filter(|k| !en.contains_key(*k)).collect();
    let only_en: Vec<_> = en.keys().filter(|k| !hu.contains_key(*k)).collect();
    assert!(only_hu.is_empty(), "keys missing in en.json: {only_hu:?}");
    assert!(only_en.is_empty(), "keys missing in hu.json: {only_en:?}");
    for (key, text) in &hu {
        assert!(!text.trim().is_empty(), "hu.json: {key} is empty");
        assert!(!en[key].trim().is_empty(), "en.json: {key} is empty");
        assert_eq!(
            placeholders(text),
            placeholders(&en[key]),
            "{key}: the placeholders differ between hu and en"
        );
    }
}

/// Every string literal in `src/` shaped like a catalogue key (`namespace.name…` with a known
/// namespace).
fn keys_used_in_source() -> BTreeSet<(String, String)> {
    let namespaces: BTreeSet<String> = catalogue("en")
        .keys()
        .filter_map(|k| k.split('.').next().map(str::to_string))
        .collect();
    let mut used = BTreeSet::new();
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for literal in text.split('"').skip(1).step_by(2) {
                let shaped = literal.contains('.')
                    && literal
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._".contains(c));
                let ns = literal.split('.').next().unwrap_or_default();
                if shaped && namespaces.contains(ns) && !literal.ends_with('.') {
                    used.insert((path.display().to_string(), literal.to_string()));
                }
            }
        }
    }
    used
}

#[test]
fn every_key_the_app_uses_exists_in_both_languages() {
    let used = keys_used_in_source();
    assert!(
        used.len() > 100,
        "only {} keys found in src/: is the scan broken?",
        used.len()
    );
    for lang in LANGS {
        let cat = catalogue(lang);
        let missing: Vec<_> = used.iter().filter(|(_, k)| !cat.contains_key(k)).collect();
        assert!(
            missing.is_empty(),
            "keys used in src/ but missing in {lang}.json: {missing:?}"
        );
    }
}

#[test]
fn the_app_finds_every_text_of_the_catalogue() {
    use ulti_solver::i18n::{Lang, tr};
    for (lang, code) in [(Lang::Hu, "hu"), (Lang::En, "en")] {
        for (key, text) in catalogue(code) {
            assert_eq!(tr(lang, &key), text, "{code}: {key}");
        }
    }
}

/// The words of a text, lower case (a word: a run of letters and digits).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// One vocabulary: suits and bids are named by `i18n::names` alone, so no other text of the
/// catalogue spells a suit (nor the English "Red" for a piros bid), and Hungarian never falls
/// back on "a(z)": the names module puts "a" or "az" by the name's sound.
#[test]
fn no_text_names_a_suit_or_a_bid_another_way() {
    let suit_words = [
        ("hu", vec!["piros", "zöld", "makk", "tök"]),
        ("en", vec!["hearts", "leaves", "acorns", "bells", "red"]),
    ];
    for (lang, banned) in suit_words {
        for (key, text) in catalogue(lang) {
            if key.starts_with("suit.") || key.starts_with("suit_word.") {
                continue;
            }
            let found: Vec<_> = words(&text)
                .into_iter()
                .filter(|w| banned.contains(&w.as_str()))
                .collect();
            assert!(
                found.is_empty(),
                "{lang}.json {key} spells {found:?} itself: {text:?}"
            );
            assert!(
                !text.to_lowercase().contains("a(z)"),
                "{lang}.json {key} says a(z): {text:?}"
            );
        }
    }
}

/// Every standard bid and every bid of the auction's ladder is named one way: Hungarian with
/// its suit word first ("tök ulti"), English with "in" and the suit ("ulti in Bells"), never a
/// suit in brackets.
#[test]
fn every_bid_is_named_with_its_suit_one_way() {
    use ulti_engine::{Suit, standard_announcements};
    use ulti_solver::i18n::{Lang, announcement_name, suit_name};
    for a in standard_announcements() {
        let suit = a
            .trump
            .or_else(|| a.scoring.piros_no_trump.then_some(Suit::Piros));
        let (hu, en) = (
            announcement_name(Lang::Hu, &a),
            announcement_name(Lang::En, &a),
        );
        for name in [&hu, &en] {
            assert!(!name.contains(['(', ')']), "{}: {name}", a.id());
            assert_eq!(name.trim(), name, "{}", a.id());
        }
        match suit {
            Some(s) => {
                let hu_suit = suit_name(Lang::Hu, s).to_lowercase();
                assert!(hu.starts_with(&format!("{hu_suit} ")), "{}: {hu}", a.id());
                let en_suit = suit_name(Lang::En, s);
                assert!(en.ends_with(&format!(" in {en_suit}")), "{}: {en}", a.id());
            }
            None => {
                assert!(!words(&hu).iter().any(|w| w == "piros"), "{}: {hu}", a.id());
                assert!(!en.contains(" in "), "{}: {en}", a.id());
            }
        }
    }
}
