//! The engine's floors (ARCHITECTURE.md): every `crate::` import goes down a floor or stays
//! inside its own module, so no two modules import each other in a circle, and the whole game
//! uses cards, rules, the solver and the bids but never the players that sit at it.

use std::path::Path;

use ulti_testkit::assert_floors;

/// Bottom up; modules on one floor do not import each other.
const FLOORS: &[&[&str]] = &[
    &["card"],
    &["deal"],
    &["contract"],
    &["rules"],
    &["solver"],
    &["bids"],
    &["analysis"],
    &["advise", "whole_game"],
    &["players"],
    &["puzzles"],
    &["lib"],
];

#[test]
fn every_import_goes_down_a_floor() {
    assert_floors(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), FLOORS);
}
