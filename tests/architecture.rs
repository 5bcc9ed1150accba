//! The app's floors (ARCHITECTURE.md): every `crate::` import in `src/` goes down a floor or
//! stays inside its own module, so no two modules import each other in a circle.

use std::path::Path;

use ulti_testkit::{crate_imports, imports_against_floors};

/// Bottom up; modules on one floor do not import each other.
const FLOORS: &[&[&str]] = &[
    &["protocol"],
    &["model", "worker"],
    &["i18n", "solver_client"],
    &["url_sync", "offline"],
    &["state"],
    &["components"],
    &["pages"],
    &["lib", "main", "bin"],
];

#[test]
fn every_import_goes_down_a_floor() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    assert!(
        crate_imports(&src).len() > 100,
        "the scan finds the app's imports"
    );
    let wrong = imports_against_floors(&src, FLOORS);
    assert!(
        wrong.is_empty(),
        "imports against the floors:\n{}",
        wrong.join("\n")
    );
}
