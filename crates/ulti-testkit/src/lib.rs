//! What the workspace's tests share (a dev-dependency only): the property-test configuration
//! and the deals the tests of several crates use by name.

use proptest::test_runner::Config;

/// A strong soloist hand: the soloist wins most contracts (the README's first example).
pub const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

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
