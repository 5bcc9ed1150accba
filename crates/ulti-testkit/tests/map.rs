//! The import map's checks on small made-up crates: each kind of circle is found, and what is
//! no circle is not reported.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use ulti_testkit::architecture::module_edges;
use ulti_testkit::{imports_against_floors, module_against_floors, module_circles};

/// A fresh folder holding `files` (path, text).
fn tree(files: &[(&str, &str)]) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "ulti-testkit-map-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().expect("a folder")).expect("a temp folder");
        std::fs::write(p, text).expect("a temp file");
    }
    dir
}

fn circles(files: &[(&str, &str)]) -> Vec<String> {
    let dir = tree(files);
    let found = module_circles(&dir);
    std::fs::remove_dir_all(&dir).expect("cleaned up");
    found
}

const GAME_MOD: &str = "mod action;\nmod kontra;\nmod state;\npub use kontra::{KONTRA_NAMES, level_name};\npub struct Game;\n";

#[test]
fn two_files_that_import_each_other_are_a_circle() {
    let found = circles(&[
        ("lib.rs", "mod game;\n"),
        ("game/mod.rs", GAME_MOD),
        ("game/action.rs", "use super::kontra::level_name;\n"),
        ("game/kontra.rs", "use super::action::Verb;\n"),
        ("game/state/mod.rs", "mod apply;\n"),
        ("game/state/apply.rs", ""),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("game/: action → kontra → action"),
        "{found:?}"
    );
    assert!(found[0].contains("game/action.rs: super::kontra::level_name"));
    assert!(found[0].contains("game/kontra.rs: super::action::Verb"));
}

#[test]
fn a_name_the_module_takes_from_a_file_counts_as_that_file() {
    // kontra names `super::Verb`, which mod.rs does not define but takes from action.
    let found = circles(&[
        ("lib.rs", "mod game;\n"),
        ("game/mod.rs", &format!("{GAME_MOD}pub use action::Verb;\n")),
        ("game/action.rs", "use super::{Game, kontra::level_name};\n"),
        ("game/kontra.rs", "use super::{Game, Verb};\n"),
        ("game/state/mod.rs", ""),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("game/kontra.rs: super::{Game,Verb}"),
        "{found:?}"
    );
}

#[test]
fn a_circle_through_a_subfolder_and_crate_paths_is_found() {
    let found = circles(&[
        ("lib.rs", "mod game;\n"),
        ("game/mod.rs", GAME_MOD),
        (
            "game/action.rs",
            "fn f() { crate::game::state::apply::run(); }\n",
        ),
        ("game/kontra.rs", ""),
        ("game/state/mod.rs", "mod apply;\n"),
        (
            "game/state/apply.rs",
            "use crate::game::{\n    kontra::KONTRA_NAMES,\n    action::{self, Verb},\n};\n",
        ),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("game/: action → state → action"),
        "{found:?}"
    );
}

#[test]
fn three_files_in_a_ring_are_one_circle() {
    let found = circles(&[
        ("lib.rs", "mod m;\n"),
        ("m/mod.rs", "mod a;\nmod b;\nmod c;\n"),
        ("m/a.rs", "use super::b::B;\n"),
        ("m/b.rs", "use super::c::C;\n"),
        ("m/c.rs", "use super::super::m::a::A;\n"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("m/: a → b → c → a"), "{found:?}");
}

#[test]
fn the_module_itself_and_comments_make_no_circle() {
    // mod.rs defines Game and uses its files; the files use Game; a doc comment names a
    // sibling; a unit-test file reaches anywhere.
    let found = circles(&[
        ("lib.rs", "mod game;\n"),
        (
            "game/mod.rs",
            &format!("{GAME_MOD}use action::Verb;\nfn f(_: Verb) {{}}\n"),
        ),
        ("game/action.rs", "use super::{Game, kontra::level_name};\n"),
        (
            "game/kontra.rs",
            "//! See [`super::action::Verb`].\nuse super::Game;\n",
        ),
        (
            "game/state/mod.rs",
            "use super::{action::Verb, kontra::level_name};\n",
        ),
        ("game/state/tests.rs", "use crate::game::state::*;\n"),
    ]);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_folder_keeps_its_declared_file_order() {
    let dir = tree(&[
        ("lib.rs", "mod game;\n"),
        ("game/mod.rs", GAME_MOD),
        ("game/action.rs", "use super::kontra::level_name;\n"),
        ("game/kontra.rs", ""),
        ("game/state/mod.rs", "use super::action::Verb;\n"),
        ("game/extra.rs", ""),
    ]);
    let edges = module_edges(&dir);
    assert_eq!(edges.len(), 2, "{edges:?}");
    let ok = module_against_floors(
        &dir,
        "game",
        &[&["kontra", "extra"], &["action"], &["state"]],
    );
    assert!(ok.is_empty(), "{ok:?}");
    let wrong = module_against_floors(
        &dir,
        "game",
        &[&["action"], &["kontra"], &["state", "gone"]],
    );
    std::fs::remove_dir_all(&dir).expect("cleaned up");
    let text = wrong.join("\n");
    assert!(text.contains("game/extra: not on a floor"), "{text}");
    assert!(
        text.contains("`gone` is on a floor but is no file"),
        "{text}"
    );
    assert!(
        text.contains("game/action.rs: super::kontra::level_name: `action` (floor Some(0)) imports `kontra` (floor Some(1))"),
        "{text}"
    );
}

#[test]
fn the_top_floors_see_super_paths_too() {
    let dir = tree(&[
        ("lib.rs", "mod low;\nmod high;\n"),
        ("low.rs", "use super::high::H;\n"),
        ("high.rs", "use crate::low::L;\n"),
    ]);
    let wrong = imports_against_floors(&dir, &[&["low"], &["high"], &["lib"]]);
    std::fs::remove_dir_all(&dir).expect("cleaned up");
    assert_eq!(
        wrong,
        ["low.rs: module `low` (floor Some(0)) imports `high` (floor Some(1))"]
    );
}

#[test]
fn the_real_trees_are_scanned() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for src in ["crates/ulti-engine/src", "src"] {
        assert!(module_edges(&root.join(src)).len() > 10, "{src}");
    }
}
