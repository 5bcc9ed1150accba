//! The map of a crate's sources (ARCHITECTURE.md), checked: which module imports which.
//!
//! Every `crate::`, `super::` and `self::` path in a source file is resolved to the module it
//! names. Two checks use that:
//! - the top-level modules keep to declared floors ([`assert_floors`]);
//! - inside every module folder, at any depth, the files and subfolders import each other
//!   without a circle ([`module_circles`]), and a folder may declare an order of its own files
//!   ([`assert_module_floors`]).
//!
//! Inside a folder, `mod.rs` is the module itself, not one of its files: a name it defines
//! (the `Solver` every `impl Solver` file extends) is shared ground, while a name it only
//! imports from one of its files (`pub use kontra::KontraBook`) counts as that file. Unit-test
//! files (`tests.rs`) and the binaries (`main.rs`, `bin/`) are left out of the checks inside
//! folders.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One crate-internal path in a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// The file, relative to `src` (`whole_game/action.rs`).
    pub file: String,
    /// The file's module (`whole_game::action`; a `mod.rs` is its folder's module, `lib.rs`
    /// the crate root: no segment).
    pub from: Vec<String>,
    /// The path it names, from the crate root (`whole_game::kontra::level_name`).
    pub to: Vec<String>,
    /// The path as written (`super::kontra::level_name`).
    pub text: String,
}

/// Every `.rs` file below `src`, sorted, relative to `src`.
fn rust_files(src: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
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
    files
        .into_iter()
        .map(|p| p.strip_prefix(src).expect("below src").to_path_buf())
        .collect()
}

/// A file's text without its comment lines (doc comments name paths that are no imports).
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .expect("a readable source file")
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The module of the file at `rel` (`a/b.rs` → a::b, `a/mod.rs` → a, `lib.rs` → the root).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if !(stem == "mod" || (parts.is_empty() && stem == "lib")) {
        parts.push(stem.to_string());
    }
    parts
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths of a `use` tree starting at `text` (just after a `::`): `a::b`, `{a, b::{c, d}}`,
/// `*`, each as its segments (`self` inside braces is the prefix itself). Returns them and the
/// length of text read.
fn use_tree(text: &str) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    let mut i = 0;
    let bytes: Vec<char> = text.chars().collect();
    let read_len = |i: usize| bytes[..i].iter().map(|c| c.len_utf8()).sum::<usize>();
    loop {
        let start = i;
        while i < bytes.len() && is_ident(bytes[i]) {
            i += 1;
        }
        if i > start {
            prefix.push(bytes[start..i].iter().collect::<String>());
            if bytes.get(i) == Some(&':') && bytes.get(i + 1) == Some(&':') {
                i += 2;
                continue;
            }
            return (vec![prefix], read_len(i));
        }
        if bytes.get(i) == Some(&'{') {
            let mut depth = 0;
            let mut end = i;
            for (j, &c) in bytes.iter().enumerate().skip(i) {
                if c == '{' {
                    depth += 1;
                } else if c == '}' {
                    depth -= 1;
                    if depth == 0 {
                        end = j;
                        break;
                    }
                }
            }
            let inner: String = bytes[i + 1..end.max(i + 1)].iter().collect();
            let mut paths = Vec::new();
            for part in split_top_level(&inner) {
                let part = part.trim();
                if part.is_empty() {
                    continue;
                }
                let (sub, _) = use_tree(part);
                for s in sub {
                    let mut p = prefix.clone();
                    p.extend(s.into_iter().filter(|seg| seg != "self"));
                    paths.push(p);
                }
            }
            return (paths, read_len(end + 1));
        }
        // `*`, or nothing after the last `::`.
        return (vec![prefix], read_len(i));
    }
}

/// `a, b::{c, d}, e` split at the commas outside braces.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// Every crate-internal path (`crate::`, `super::`, `self::`) of every `.rs` file below
/// `src`, resolved from the crate root.
///
/// # Panics
/// When `src` cannot be read.
#[must_use]
pub fn imports(src: &Path) -> Vec<Import> {
    let mut out = Vec::new();
    for rel in rust_files(src) {
        let from = module_of(&rel);
        let text = code(&src.join(&rel));
        let mut i = 0;
        while i < text.len() {
            let rest = &text[i..];
            let root = ["crate::", "super::", "self::"]
                .into_iter()
                .find(|r| rest.starts_with(r));
            let preceded = text[..i].chars().next_back().is_some_and(is_ident);
            let Some(root) = root.filter(|_| !preceded) else {
                i += rest.chars().next().map_or(1, char::len_utf8);
                continue;
            };
            // Every leading `super::` and the root itself.
            let mut base = match root {
                "crate::" => Vec::new(),
                "self::" => from.clone(),
                _ => from[..from.len().saturating_sub(1)].to_vec(),
            };
            let mut j = i + root.len();
            while text[j..].starts_with("super::") {
                base.pop();
                j += "super::".len();
            }
            let (paths, len) = use_tree(&text[j..]);
            let written = text[i..j + len].split_whitespace().collect::<String>();
            for p in paths {
                let mut to = base.clone();
                to.extend(p);
                out.push(Import {
                    file: rel.display().to_string(),
                    from: from.clone(),
                    to,
                    text: written.clone(),
                });
            }
            i = j + len.max(1);
        }
    }
    out
}

/// The crate-internal imports (`crate::top::…`, and `super::` / `self::` paths that reach
/// another top-level module) of every `.rs` file below `src`, as (file, its top-level module,
/// the top-level module it names). A file's top-level module is its first path component below
/// `src` without `.rs` (`model/play/mod.rs` → `model`, `lib.rs` → `lib`).
///
/// # Panics
/// When `src` cannot be read.
#[must_use]
pub fn crate_imports(src: &Path) -> Vec<(String, String, String)> {
    imports(src)
        .into_iter()
        .filter_map(|imp| {
            let own = imp
                .file
                .split('/')
                .next()
                .expect("a path")
                .trim_end_matches(".rs")
                .to_string();
            let target = imp.to.first()?.clone();
            Some((imp.file, own, target))
        })
        .collect()
}

/// Checks that every crate-internal import goes to a lower floor or stays in its own module:
/// `floors` lists the top-level modules bottom up, modules on one floor side by side. Returns
/// each import that goes up or sideways, or names a module missing from `floors` (a name
/// re-exported at the crate root counts as missing: import it from its module). Unit-test
/// files (`tests.rs`) are exempt.
#[must_use]
pub fn imports_against_floors(src: &Path, floors: &[&[&str]]) -> Vec<String> {
    let floor = |m: &str| floors.iter().position(|f| f.contains(&m));
    let mut wrong = BTreeSet::new();
    for (file, own, target) in crate_imports(src) {
        // A unit-test file may reach any floor to cross-check its module.
        if own == target || file.ends_with("tests.rs") {
            continue;
        }
        match (floor(&own), floor(&target)) {
            (Some(a), Some(b)) if b < a => {}
            (a, b) => {
                wrong.insert(format!(
                    "{file}: module `{own}` (floor {a:?}) imports `{target}` (floor {b:?})"
                ));
            }
        }
    }
    wrong.into_iter().collect()
}

/// Asserts that the crate whose sources are in `src` keeps to `floors` (see
/// [`imports_against_floors`]), and that the scan found its imports at all.
///
/// # Panics
/// With every import against the floors.
pub fn assert_floors(src: &Path, floors: &[&[&str]]) {
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

/// The files and subfolders of the module folder `dir` (`""` for the crate root), by module
/// name: `a.rs` and `a/` are both `a`; `mod.rs`, `lib.rs`, `main.rs`, `tests.rs` and `bin/`
/// are not among them.
fn children(src: &Path, dir: &str) -> BTreeSet<String> {
    let path = src.join(dir);
    let mut out = BTreeSet::new();
    let Ok(entries) = std::fs::read_dir(&path) else {
        return out;
    };
    for entry in entries {
        let p = entry.expect("a folder entry").path();
        let name = p
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        if p.is_dir() {
            if name != "bin" && !rust_files(&p).is_empty() {
                out.insert(name);
            }
        } else if let Some(stem) = name.strip_suffix(".rs")
            && !["mod", "lib", "main", "tests"].contains(&stem)
        {
            out.insert(stem.to_string());
        }
    }
    out
}

/// The module file that holds the folder `dir`'s own items: `dir/mod.rs`, `dir.rs`, or
/// `lib.rs` for the root.
fn root_file(src: &Path, dir: &str) -> Option<PathBuf> {
    let candidates = if dir.is_empty() {
        vec![src.join("lib.rs")]
    } else {
        vec![src.join(dir).join("mod.rs"), src.join(format!("{dir}.rs"))]
    };
    candidates.into_iter().find(|p| p.is_file())
}

/// The names the folder `dir`'s module file takes from its own files (`pub use kontra::{A,
/// B}` → A and B come from `kontra`), so that a sibling naming `super::A` counts as using
/// `kontra`.
fn names_from_children(src: &Path, dir: &str, kids: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let Some(root) = root_file(src, dir) else {
        return out;
    };
    let text = code(&root);
    for statement in text.split(';') {
        let Some(at) = statement.find("use ") else {
            continue;
        };
        if at > 0 && statement[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let tree = statement[at + "use ".len()..].trim();
        let tree = tree.strip_prefix("self::").unwrap_or(tree);
        let (paths, _) = use_tree(tree);
        for p in paths {
            if p.len() < 2 || !kids.contains(&p[0]) {
                continue;
            }
            out.insert(p.last().expect("a name").clone(), p[0].clone());
        }
        // `use a::B as C`: C names B.
        if let Some((_, alias)) = tree.rsplit_once(" as ") {
            let alias: String = alias.trim().chars().take_while(|&c| is_ident(c)).collect();
            if let Some(first) = tree.split("::").next()
                && kids.contains(first)
            {
                out.insert(alias, first.to_string());
            }
        }
    }
    out
}

/// One import between two files (or subfolders) of one module folder.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    /// The module folder (`whole_game`; `""` for the crate root).
    pub dir: String,
    /// The importing file or subfolder (`action`).
    pub from: String,
    /// The imported one (`kontra`).
    pub to: String,
    /// Where: the importing source file and the path as written.
    pub at: String,
}

/// Every import between two files or subfolders of one module folder, at every depth below
/// `src` (the crate root included), unit tests and binaries left out.
///
/// # Panics
/// When `src` cannot be read.
#[must_use]
pub fn module_edges(src: &Path) -> Vec<Edge> {
    let mut kids_of: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut names_of: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut edges = BTreeSet::new();
    for imp in imports(src) {
        let first = imp.file.split('/').next().unwrap_or_default();
        if imp.file.ends_with("tests.rs") || first == "bin" || imp.file == "main.rs" {
            continue;
        }
        let Some(i) = (0..imp.from.len().min(imp.to.len())).find(|&i| imp.from[i] != imp.to[i])
        else {
            continue; // a module naming itself, an ancestor's item or its own files
        };
        let dir = imp.from[..i].join("/");
        let kids = kids_of
            .entry(dir.clone())
            .or_insert_with(|| children(src, &dir));
        let names = names_of
            .entry(dir.clone())
            .or_insert_with(|| names_from_children(src, &dir, kids));
        let name = &imp.to[i];
        let target = if kids.contains(name) {
            Some(name.clone())
        } else {
            names.get(name).cloned()
        };
        let Some(to) = target else {
            continue; // an item of the module itself (its mod.rs)
        };
        if to != imp.from[i] && kids.contains(&imp.from[i]) {
            edges.insert(Edge {
                dir,
                from: imp.from[i].clone(),
                to,
                at: format!("{}: {}", imp.file, imp.text),
            });
        }
    }
    edges.into_iter().collect()
}

/// Every circle of imports among the files of one module folder, at any depth below `src`:
/// one line per circle (`whole_game/: action → kontra → action`) followed by the imports that
/// make it. Empty when there is none.
///
/// # Panics
/// When `src` cannot be read.
#[must_use]
pub fn module_circles(src: &Path) -> Vec<String> {
    let edges = module_edges(src);
    let mut by_dir: BTreeMap<&str, Vec<&Edge>> = BTreeMap::new();
    for e in &edges {
        by_dir.entry(e.dir.as_str()).or_default().push(e);
    }
    let mut circles = Vec::new();
    for (dir, es) in by_dir {
        let mut next: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for e in &es {
            next.entry(e.from.as_str())
                .or_default()
                .insert(e.to.as_str());
        }
        // Depth-first search; a grey node met again closes a circle.
        let mut colour: BTreeMap<&str, u8> = BTreeMap::new();
        let mut seen_circles = BTreeSet::new();
        fn visit<'a>(
            node: &'a str,
            next: &BTreeMap<&'a str, BTreeSet<&'a str>>,
            colour: &mut BTreeMap<&'a str, u8>,
            stack: &mut Vec<&'a str>,
            found: &mut BTreeSet<Vec<&'a str>>,
        ) {
            colour.insert(node, 1);
            stack.push(node);
            for &n in next.get(node).into_iter().flatten() {
                match colour.get(n).copied().unwrap_or(0) {
                    0 => visit(n, next, colour, stack, found),
                    1 => {
                        let start = stack.iter().position(|&s| s == n).expect("on the stack");
                        let mut circle: Vec<&str> = stack[start..].to_vec();
                        // The same circle found from another start reads the same.
                        let min = (0..circle.len()).min_by_key(|&k| circle[k]).unwrap_or(0);
                        circle.rotate_left(min);
                        found.insert(circle);
                    }
                    _ => {}
                }
            }
            stack.pop();
            colour.insert(node, 2);
        }
        let nodes: Vec<&str> = next.keys().copied().collect();
        for n in nodes {
            if colour.get(n).copied().unwrap_or(0) == 0 {
                visit(n, &next, &mut colour, &mut Vec::new(), &mut seen_circles);
            }
        }
        for circle in seen_circles {
            let mut line = format!("{dir}/: {}", circle.join(" → "));
            line.push_str(&format!(" → {}", circle[0]));
            for (k, from) in circle.iter().enumerate() {
                let to = circle[(k + 1) % circle.len()];
                for e in es.iter().filter(|e| e.from == *from && e.to == to) {
                    line.push_str(&format!("\n    {}", e.at));
                }
            }
            circles.push(line);
        }
    }
    circles
}

/// Asserts that no module folder below `src` has a circle of imports among its files (see
/// [`module_circles`]).
///
/// # Panics
/// With every circle and the imports that make it.
pub fn assert_no_module_circles(src: &Path) {
    assert!(
        module_edges(src).len() > 10,
        "the scan finds the imports between files in {}",
        src.display()
    );
    let circles = module_circles(src);
    assert!(
        circles.is_empty(),
        "circles of imports inside a module (break each: move the shared names to one file \
         below both):\n{}",
        circles.join("\n")
    );
}

/// Checks the files of the module folder `dir` (`whole_game`, `advise/race`) against `floors`,
/// its files and subfolders bottom up (those on one floor side by side): every one of them is
/// listed once, and every import between two of them goes down a floor. Returns what is wrong.
#[must_use]
pub fn module_against_floors(src: &Path, dir: &str, floors: &[&[&str]]) -> Vec<String> {
    let kids = children(src, dir);
    let mut wrong = Vec::new();
    let listed: Vec<&str> = floors.iter().flat_map(|f| f.iter().copied()).collect();
    for k in &kids {
        if !listed.contains(&k.as_str()) {
            wrong.push(format!(
                "{dir}/{k}: not on a floor of {dir}/ (place it in the test's floors and in \
                 ARCHITECTURE.md)"
            ));
        }
    }
    for (n, name) in listed.iter().enumerate() {
        if !kids.contains(*name) {
            wrong.push(format!(
                "{dir}/: `{name}` is on a floor but is no file of the folder"
            ));
        } else if listed[..n].contains(name) {
            wrong.push(format!("{dir}/: `{name}` is on two floors"));
        }
    }
    let floor = |m: &str| floors.iter().position(|f| f.contains(&m));
    for e in module_edges(src).into_iter().filter(|e| e.dir == dir) {
        match (floor(&e.from), floor(&e.to)) {
            (Some(a), Some(b)) if b < a => {}
            (a, b) => wrong.push(format!(
                "{}: `{}` (floor {a:?}) imports `{}` (floor {b:?})",
                e.at, e.from, e.to
            )),
        }
    }
    wrong
}

/// Asserts [`module_against_floors`].
///
/// # Panics
/// With everything that is wrong.
pub fn assert_module_floors(src: &Path, dir: &str, floors: &[&[&str]]) {
    let wrong = module_against_floors(src, dir, floors);
    assert!(
        wrong.is_empty(),
        "the files of {dir}/ against their floors:\n{}",
        wrong.join("\n")
    );
}
