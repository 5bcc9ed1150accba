//! What the workspace's tests share (a dev-dependency only): the property-test configuration
//! and the deals the tests of several crates use by name.

use proptest::test_runner::Config;

/// A strong soloist hand: the soloist wins most contracts (the README's first example).
pub const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

/// A game in progress (`ulti-game/1`) where no one can raise: seat 0 opened with piros 20-100
/// terített durchmars (40) and laid down T7, Z7. The one higher bid (48, piros 20-100 ulti
/// terített durchmars) needs the Piros VII and a marriage beside it, which neither seat 1's
/// twelve nor seat 0's (its own again after two passes) holds: seat 1 may only pass, and the
/// holder only stand (RULES.md, Auction, item 2).
pub const NO_RAISE: &str = r#"{"format":"ulti-game/1","dealer":2,"hands":["TU,ZX,MK,Z7,TA,PA,T7,TK,PO,P9,MO,P8","Z8,PK,M9,MX,MU,P7,PX,TX,Z9,M7","T8,TO,M8,ZK,ZU,PU,ZA,T9,ZO,MA"],"actions":["0 bid durchmars-adu+20-100@P@teritett T7,Z7"]}"#;

/// `cases` cases, or `PROPTEST_CASES` from the environment for longer runs by hand. Failures
/// are turned into named regression tests instead of files in the tree.
pub fn proptest_config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// The win/lose contracts, each cheap enough to solve from the first trick.
pub const WIN_LOSE: [&str; 6] = [
    "ulti",
    "betli",
    "durchmars",
    "durchmars-adu",
    "negy-asz",
    "negy-tizes",
];

/// The crate-internal imports (`crate::top::…` paths) of every `.rs` file below `src`, as
/// (file, its top-level module, the top-level module it names). A file's top-level module is
/// its first path component below `src` without `.rs` (`model/play/mod.rs` → `model`).
///
/// # Panics
/// When `src` cannot be read.
#[must_use]
pub fn crate_imports(src: &std::path::Path) -> Vec<(String, String, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(src, &mut files);
    files.sort();
    let mut edges = Vec::new();
    for path in files {
        let rel = path.strip_prefix(src).expect("below src");
        let first = rel.components().next().expect("a path");
        let own = first
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        let text: String = std::fs::read_to_string(&path)
            .expect("a readable source file")
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        for (i, _) in text.match_indices("crate::") {
            let preceded = text[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            if preceded {
                continue; // `ulti_crate::` or the like
            }
            let rest = &text[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let target = if name.is_empty() && rest.starts_with('{') {
                // `use crate::{a, b::c}`: every top-level name in the braces.
                let inner = &rest[1..rest.find('}').unwrap_or(rest.len())];
                for part in inner.split(',') {
                    let t: String = part
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !t.is_empty() {
                        edges.push((rel.display().to_string(), own.clone(), t));
                    }
                }
                continue;
            } else {
                name
            };
            edges.push((rel.display().to_string(), own.clone(), target));
        }
    }
    edges
}

/// Checks that every crate-internal import goes to a lower floor or stays in its own module:
/// `floors` lists the top-level modules bottom up, modules on one floor side by side. Returns
/// each import that goes up or sideways, or names a module missing from `floors` (a name
/// re-exported at the crate root counts as missing: import it from its module). Unit-test
/// files (`tests.rs`) are exempt.
#[must_use]
pub fn imports_against_floors(src: &std::path::Path, floors: &[&[&str]]) -> Vec<String> {
    let floor = |m: &str| floors.iter().position(|f| f.contains(&m));
    let mut wrong = Vec::new();
    for (file, own, target) in crate_imports(src) {
        // A unit-test file may reach any floor to cross-check its module.
        if own == target || file.ends_with("tests.rs") {
            continue;
        }
        match (floor(&own), floor(&target)) {
            (Some(a), Some(b)) if b < a => {}
            (a, b) => wrong.push(format!(
                "{file}: module `{own}` (floor {a:?}) imports `{target}` (floor {b:?})"
            )),
        }
    }
    wrong
}

/// Asserts that the crate whose sources are in `src` keeps to `floors` (see
/// [`imports_against_floors`]), and that the scan found its imports at all.
///
/// # Panics
/// With every import against the floors.
pub fn assert_floors(src: &std::path::Path, floors: &[&[&str]]) {
    assert!(
        crate_imports(src).len() > 50,
        "the scan finds the crate's imports in {}",
        src.display()
    );
    let wrong = imports_against_floors(src, floors);
    assert!(
        wrong.is_empty(),
        "imports against the floors:\n{}",
        wrong.join("\n")
    );
}
