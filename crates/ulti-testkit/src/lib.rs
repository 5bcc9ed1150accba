//! What the workspace's tests share (a dev-dependency only): the property-test configuration,
//! the deals the tests of several crates use by name, and the check of the import map
//! (ARCHITECTURE.md: floors of modules, and no circle among the files inside a module).

use proptest::test_runner::Config;

pub mod architecture;
mod test_dir;

pub use architecture::{
    assert_floors, assert_module_floors, assert_no_module_circles, crate_imports,
    imports_against_floors, module_against_floors, module_circles,
};
pub use test_dir::TestDir;

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
