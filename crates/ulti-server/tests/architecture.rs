//! The server's floors (ARCHITECTURE.md, "The live-table server"): every `crate::` import goes
//! down a floor or stays inside its own module, so the table state machine knows no socket or
//! database, and the store and the computers know no table task.

use std::path::Path;

use ulti_testkit::{crate_imports, imports_against_floors};

/// Bottom up; modules on one floor do not import each other.
const FLOORS: &[&[&str]] = &[
    &["protocol", "event", "logs", "client", "account", "daily"],
    &["table", "rated"],
    &["store", "computer", "stats", "limit", "bot", "feed"],
    &["actor"],
    &["hub"],
    &["lobby"],
    &["ws"],
    &["http", "net"],
    &["lib", "main", "bin"],
];

#[test]
fn every_import_goes_down_a_floor() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    assert!(crate_imports(&src).len() > 25, "the scan finds the imports");
    let wrong = imports_against_floors(&src, FLOORS);
    assert!(
        wrong.is_empty(),
        "imports against the floors:\n{}",
        wrong.join("\n")
    );
}
