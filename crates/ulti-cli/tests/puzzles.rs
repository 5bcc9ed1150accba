//! `ulti puzzles` and the project's puzzle set (`puzzles/set.json`, GitHub issue 38).
//!
//! - The shipped set: at least 2,000 puzzles, ids that are their positions', both rule sets,
//!   at most 300 KB gzipped; a sample re-solved and verified deeply with the engine (every
//!   position of every line solved), a few through `ulti solve --all-cards --json` itself (the
//!   right cards are exactly the legal cards that keep `soloist_wins`, or the sign of
//!   `payoff`), and `ulti puzzles verify` on a sample; a changed file fails it.
//! - `ulti puzzles generate` writes the same file whatever the number of threads.

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;
use ulti_engine::Solver;
use ulti_engine::puzzles::calibrate::sample;
use ulti_engine::puzzles::record::{PuzzleRecord, parse_file, position_id};
use ulti_engine::puzzles::verify::verify;

fn ulti(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args(args)
        .output()
        .expect("the ulti binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

fn set_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/set.json")
}

fn shipped() -> Vec<PuzzleRecord> {
    let t = std::fs::read_to_string(set_path()).expect("puzzles/set.json is in the repository");
    parse_file(&t).expect("a puzzle file")
}

/// A seed for this run's samples: `PUZZLE_SEED` from the environment, else the clock
/// (printed, so a failure can be repeated).
fn run_seed() -> u64 {
    let seed = std::env::var("PUZZLE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        });
    println!("sample seed {seed} (PUZZLE_SEED={seed} repeats it)");
    seed
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ulti-puzzles-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn the_shipped_set_is_big_enough_small_enough_and_well_formed() {
    let set = shipped();
    assert!(set.len() >= 2000, "{} puzzles", set.len());
    let mut ids = HashSet::new();
    let mut rule_sets = HashSet::new();
    for r in &set {
        assert!(ids.insert(r.id.clone()), "repeated id {}", r.id);
        assert_eq!(r.id, position_id(&r.position().unwrap()), "{}", r.id);
        assert_eq!(r.deal.len(), 61);
        rule_sets.insert(r.rules.clone());
    }
    assert!(rule_sets.contains(""), "the default rules");
    assert!(
        rule_sets.contains("must-beat-after-trump,marriage-needs-trick"),
        "the peer's rules"
    );
    // At most 300 KB added to the site, gzipped.
    let gz = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(set_path())
        .output()
        .expect("gzip runs");
    assert!(gz.status.success());
    assert!(
        gz.stdout.len() <= 300_000,
        "{} bytes gzipped",
        gz.stdout.len()
    );
}

#[test]
fn a_sample_of_the_shipped_set_proves_itself_again() {
    let set = shipped();
    let mut solver = Solver::new();
    for r in sample(&set, 40, run_seed()) {
        verify(&mut solver, r, true).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The cards of `ulti solve --all-cards --json` for a puzzle that keep its verdict.
fn right_by_the_cli(r: &PuzzleRecord) -> (Value, Vec<String>) {
    let mut args = vec![
        "solve",
        "--deal",
        &r.deal,
        "--contract",
        &r.contract,
        "--played",
        &r.played,
        "--all-cards",
        "--json",
    ];
    let flags: Vec<String> = r
        .rules
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| format!("--{s}"))
        .collect();
    args.extend(flags.iter().map(String::as_str));
    let o = ulti(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: Value = serde_json::from_str(&text(&o.stdout)).unwrap();
    let sign = |wins: &Value, payoff: &Value| match payoff.as_i64() {
        Some(p) => p.signum(),
        None => {
            if wins.as_bool().unwrap() {
                1
            } else {
                -1
            }
        }
    };
    let verdict = sign(&v["soloist_wins"], &v["payoff"]);
    let right = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| sign(&c["soloist_wins"], &c["payoff"]) == verdict)
        .map(|c| c["card"].as_str().unwrap().to_string())
        .collect();
    (v, right)
}

#[test]
fn the_cli_finds_the_answers_of_the_shipped_set() {
    let set = shipped();
    for r in sample(&set, 6, run_seed()) {
        let (v, mut right) = right_by_the_cli(r);
        right.sort();
        let mut answer: Vec<String> = r.answer.split(',').map(str::to_string).collect();
        answer.sort();
        assert_eq!(right, answer, "puzzle {}: {v}", r.id);
        // The soloist plays to make the bid, a defender to beat it.
        let wins = v["payoff"]
            .as_i64()
            .map_or_else(|| v["soloist_wins"].as_bool().unwrap(), |p| p > 0);
        assert_eq!(wins, r.seat == 0, "puzzle {}", r.id);
        // Every other legal card has its refutation.
        let cards = v["cards"].as_array().unwrap().len();
        assert_eq!(r.refutations.len() + answer.len(), cards, "puzzle {}", r.id);
    }
}

#[test]
fn verify_passes_the_shipped_set_and_fails_a_changed_one() {
    let seed = run_seed().to_string();
    let path = set_path();
    let o = ulti(&[
        "puzzles",
        "verify",
        path.to_str().unwrap(),
        "--sample",
        "20",
        "--seed",
        &seed,
    ]);
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    assert!(
        text(&o.stdout).contains("checked 20 of "),
        "{}",
        text(&o.stdout)
    );

    // The first puzzle with its answer swapped for a wrong card, and the second with a
    // refutation taken away: both fail, the others pass.
    let mut set = shipped();
    set.truncate(4);
    let wrong = set[0].refutations.keys().next().unwrap().clone();
    set[0].answer = wrong;
    let first = set[1].refutations.keys().next().unwrap().clone();
    set[1].refutations.remove(&first);
    let changed = temp_file(
        "changed.json",
        &ulti_engine::puzzles::record::file_text(&set),
    );
    let o = ulti(&["puzzles", "verify", changed.to_str().unwrap()]);
    std::fs::remove_file(&changed).ok();
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert_eq!(out.matches("FAIL").count(), 2, "{out}");
    assert!(
        out.contains(&set[0].id) && out.contains(&set[1].id),
        "{out}"
    );
    assert!(out.contains("checked 4 of 4 puzzles: 2 failed"), "{out}");
}

#[test]
fn generate_writes_the_same_file_on_any_number_of_threads() {
    let mut files = Vec::new();
    for threads in ["1", "2"] {
        let out = std::env::temp_dir().join(format!(
            "ulti-puzzles-{}-gen-{threads}.json",
            std::process::id()
        ));
        let o = ulti(&[
            "puzzles",
            "generate",
            "--count",
            "3",
            "--seed",
            "5",
            "--out",
            out.to_str().unwrap(),
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let summary: Value = serde_json::from_str(&text(&o.stdout)).unwrap();
        assert_eq!(summary["tally"]["kept"], 3);
        assert!(summary["positions_per_puzzle"].as_f64().unwrap() >= 1.0);
        files.push(std::fs::read_to_string(&out).unwrap());
        let v = ulti(&["puzzles", "verify", out.to_str().unwrap(), "--deep"]);
        assert!(v.status.success(), "{}", text(&v.stdout));
        std::fs::remove_file(&out).ok();
    }
    assert_eq!(files[0], files[1]);
    assert_eq!(parse_file(&files[0]).unwrap().len(), 3);
    // Standard output takes the file when --out is -, the summary goes to standard error.
    let o = ulti(&[
        "puzzles", "generate", "--count", "1", "--seed", "5", "--out", "-", "--rules", "default",
    ]);
    assert!(o.status.success());
    let one = parse_file(&text(&o.stdout)).unwrap();
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].rules, "");
    assert!(text(&o.stderr).contains("\"kept\":1"));
    let bad = ulti(&[
        "puzzles", "generate", "--count", "1", "--seed", "5", "--out", "-", "--rules", "bogus",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(text(&bad.stderr).contains("unknown house rule"));
}
