//! The app's floors (ARCHITECTURE.md): every `crate::` import in `src/` goes down a floor or
//! stays inside its own module, so no two modules import each other in a circle; inside every
//! module folder, at any depth, its files import each other without a circle too.

use std::path::Path;

use ulti_testkit::{assert_floors, assert_no_module_circles};

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
    assert_floors(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), FLOORS);
}

#[test]
fn no_module_has_a_circle_among_its_files() {
    assert_no_module_circles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
}
