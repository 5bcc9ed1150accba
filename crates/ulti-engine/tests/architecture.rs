//! The engine's floors (ARCHITECTURE.md): every `crate::` import goes down a floor or stays
//! inside its own module, so no two modules import each other in a circle, and the whole game
//! uses cards, rules, the solver and the bids but never the players that sit at it. Inside a
//! module the same holds for its files: no circle in any folder, and the folders below keep
//! the file order ARCHITECTURE.md gives them.

use std::path::{Path, PathBuf};

use ulti_testkit::{assert_floors, assert_module_floors, assert_no_module_circles};

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

/// The files of the solver, bottom up: the questions and goals, the board, what the search
/// calls, the search, the line, the three kinds of question.
const SOLVER: &[&[&str]] = &[
    &["query", "goal", "stats", "tt"],
    &["board"],
    &["setup", "bounds", "keys", "ordering"],
    &["search"],
    &["line"],
    &["points", "win_lose", "payoff"],
];

/// The files of the hidden-hand advice, bottom up.
const ADVISE: &[&[&str]] = &[
    &["evidence", "evaluate", "real_play"],
    &["report"],
    &["quality", "view"],
    &["sampler"],
    &["race", "card", "knowable"],
];

/// The files of the computer players, bottom up: one contract's players, then the table's.
const PLAYERS: &[&[&str]] = &[
    &["easy", "advisor", "cheater", "step_work"],
    &["game", "table"],
    &["table_play", "table_seat"],
    &["holder"],
    &["table_auction"],
    &["table_game"],
    &["table_step", "knowable"],
];

/// The files of the whole game, bottom up: options and bids, refusals and kontra (with the
/// levels' names), the record's actions and the payment, the state machine, what it answers.
const WHOLE_GAME: &[&[&str]] = &[
    &["options", "bid"],
    &["error", "kontra"],
    &["action", "settle"],
    &["state"],
    &["turn", "view", "record"],
    &["seat_turn"],
];

/// The files of the puzzles, bottom up: answer classes and features, judging a position and
/// finding candidates, the set's records, then what runs over many puzzles.
const PUZZLES: &[&[&str]] = &[
    &["classes", "features"],
    &["judge", "source"],
    &["record", "turning"],
    &["generate", "verify", "calibrate"],
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn every_import_goes_down_a_floor() {
    assert_floors(&src(), FLOORS);
}

#[test]
fn no_module_has_a_circle_among_its_files() {
    assert_no_module_circles(&src());
}

#[test]
fn the_solver_keeps_its_file_order() {
    assert_module_floors(&src(), "solver", SOLVER);
}

#[test]
fn the_advice_keeps_its_file_order() {
    assert_module_floors(&src(), "advise", ADVISE);
}

#[test]
fn the_players_keep_their_file_order() {
    assert_module_floors(&src(), "players", PLAYERS);
}

#[test]
fn the_whole_game_keeps_its_file_order() {
    assert_module_floors(&src(), "whole_game", WHOLE_GAME);
}

#[test]
fn the_puzzles_keep_their_file_order() {
    assert_module_floors(&src(), "puzzles", PUZZLES);
}
