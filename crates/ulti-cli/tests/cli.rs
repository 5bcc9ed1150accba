//! End-to-end tests of the `ulti` binary: JSON shapes, agreement between subcommands, legal
//! lines, batch order and errors, bench, and one-line errors for bad input.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

use common::ulti_stdin;
use serde_json::Value;
use ulti_engine::{Bid, Card, Contract, Deal, Game, RuleOptions};
use ulti_testkit::STRONG;

const GREAT_BETLI: &str = "0202122232425262700013736351514021334331207060504031716323111";
const SLOW: &str = "0070605040300173727021213323322232414341510112021303125263536";

fn ulti(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args(args)
        .output()
        .expect("the ulti binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json(o: &Output) -> Value {
    assert!(o.status.success(), "ulti failed: {}", stderr(o));
    serde_json::from_str(&stdout(o)).expect("one JSON object")
}

/// A file with `text` in the temp directory, unique per test.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ulti-cli-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// `ulti bench --deals FILE ARGS` on a deals file with `deals` in it; its standard output,
/// after checking it succeeded.
fn bench(name: &str, deals: &str, args: &[&str]) -> String {
    let path = temp_file(name, deals);
    let mut all = vec!["bench", "--deals", path.to_str().unwrap()];
    all.extend_from_slice(args);
    let o = ulti(&all);
    std::fs::remove_file(&path).ok();
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

fn cards(v: &Value) -> Vec<Card> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().parse().unwrap())
        .collect()
}

/// The deal code with another trump digit.
fn with_trump(code: &str, digit: char) -> String {
    format!("{digit}{}", &code[1..])
}

#[test]
fn solve_json_has_the_documented_fields_and_a_legal_optimal_line() {
    let v = json(&ulti(&[
        "solve",
        "--deal",
        STRONG,
        "--contract",
        "passz",
        "--json",
    ]));
    for key in [
        "contract",
        "trump",
        "playable",
        "soloist_wins",
        "soloist_points",
        "payoff",
        "line",
        "cards",
        "nodes",
        "ms",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["contract"], "passz");
    assert_eq!(v["trump"], "P");
    assert_eq!(v["playable"], true);
    assert_eq!(v["payoff"], Value::Null);
    assert!(v["ms"].as_f64().unwrap() >= 0.0);
    let line = cards(&v["line"]);
    assert_eq!(line.len(), 30);
    let deal = Deal::parse_code(STRONG).unwrap();
    let bid = Bid::single(Contract::Passz);
    let mut g = Game::new(&deal, &bid, RuleOptions::default());
    for c in line {
        g.play(c)
            .unwrap_or_else(|e| panic!("illegal line card: {e}"));
    }
    assert!(g.is_over());
    // Both sides play optimally on the line, so it ends at the forced points.
    assert_eq!(
        v["soloist_points"].as_u64().unwrap(),
        u64::from(g.soloist_points())
    );
    assert_eq!(v["soloist_wins"], g.outcome(Contract::Passz));
}

#[test]
fn solve_json_of_a_compound_bid_mid_trick_with_all_cards() {
    let v = json(&ulti(&[
        "solve",
        "--deal",
        SLOW,
        "--contract",
        "ulti+40-100",
        "--played",
        "PA,MU",
        "--all-cards",
        "--json",
    ]));
    assert_eq!(v["contract"], "40-100+ulti");
    assert_eq!(v["trump"], "P");
    assert_eq!(v["played"], serde_json::json!(["PA", "MU"]));
    let payoff = v["payoff"].as_i64().expect("a compound bid has a payoff");
    let comps = v["components"].as_array().unwrap();
    assert_eq!(comps.len(), 2);
    let sum: i64 = comps.iter().map(|c| c["payoff"].as_i64().unwrap()).sum();
    assert_eq!(sum, payoff, "the line realises the payoff");
    // The line continues from the position and replays legally.
    let deal = Deal::parse_code(SLOW).unwrap();
    let bid: Bid = "40-100+ulti".parse().unwrap();
    let mut g = Game::with_played(
        &deal,
        &bid,
        RuleOptions::default(),
        &cards(&serde_json::json!(["PA", "MU"])),
    )
    .unwrap();
    let legal = g.legal_cards();
    for c in cards(&v["line"]) {
        g.play(c).unwrap();
    }
    assert!(g.is_over());
    // One entry per legal card of defender 2, with a payoff, the best equal to the answer.
    let per_card = v["cards"].as_array().unwrap();
    assert_eq!(per_card.len() as u32, legal.len());
    for c in per_card {
        let card: Card = c["card"].as_str().unwrap().parse().unwrap();
        assert!(legal.contains(card));
        assert!(c["payoff"].as_i64().is_some());
    }
    // Defender 2 moves: the value is the minimum over their cards.
    let min = per_card.iter().map(|c| c["payoff"].as_i64().unwrap()).min();
    assert_eq!(min, Some(payoff));
}

#[test]
fn solve_text_output_reads_well() {
    let o = ulti(&["solve", "--deal", GREAT_BETLI, "--contract", "betli"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Betli"), "{text}");
    assert!(text.contains("Trump:     none"), "{text}");
    assert!(text.contains("✔ the soloist wins"), "{text}");
    assert!(text.contains(" 10. "), "ten tricks shown: {text}");
    let o = ulti(&["solve", "--deal", STRONG, "--contract", "ulti"]);
    assert!(o.status.success());
    assert!(
        stdout(&o).contains("Playable:  no: ulti needs the trump VII"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn table_json_has_thirty_cells_that_agree_with_solve() {
    let v = json(&ulti(&["table", "--deal", STRONG, "--json"]));
    assert_eq!(v["deal"], STRONG);
    assert_eq!(
        v["rules"],
        serde_json::json!({"must_beat_after_trump": false, "marriage_needs_trick": false})
    );
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 7 * 4 + 2);
    for cell in cells {
        let keys: Vec<&str> = cell
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys.len(),
            8,
            "contract, trump, playable, unplayable_reason, soloist_wins, soloist_points, nodes, ms: {cell}"
        );
        let contract: Contract = cell["contract"].as_str().unwrap().parse().unwrap();
        match cell["trump"].as_str() {
            Some(t) => assert!(contract.has_trumps() && ["P", "Z", "M", "T"].contains(&t)),
            None => assert!(!contract.has_trumps()),
        }
    }
    let trump_cells = cells.iter().filter(|c| c["trump"].is_string()).count();
    assert_eq!(trump_cells, 28);
    // A few cells against `solve --json` with the deal's trump digit set to the cell's suit.
    for (contract, trump, digit) in [
        ("passz", Some("Z"), '1'),
        ("negy-asz", Some("P"), '0'),
        ("durchmars", None, '3'),
        ("20-100", Some("M"), '2'),
    ] {
        let cell = cells
            .iter()
            .find(|c| c["contract"] == contract && c["trump"].as_str() == trump)
            .unwrap();
        let code = with_trump(STRONG, digit);
        let s = json(&ulti(&[
            "solve",
            "--deal",
            &code,
            "--contract",
            contract,
            "--json",
        ]));
        for key in [
            "trump",
            "playable",
            "unplayable_reason",
            "soloist_wins",
            "soloist_points",
        ] {
            assert_eq!(cell[key], s[key], "{contract} {trump:?} {key}");
        }
    }
    // Bids: the documented shape, and the best bid is the highest playable payoff.
    let bids = v["bids"].as_array().unwrap();
    assert!(!bids.is_empty());
    for b in bids {
        for key in [
            "id",
            "name",
            "playable",
            "payoff",
            "soloist_wins",
            "components",
        ] {
            assert!(b.get(key).is_some(), "missing {key}: {b}");
        }
    }
    let best = v["best_bid"].as_str().unwrap();
    let best_payoff = bids.iter().find(|b| b["id"] == best).unwrap()["payoff"]
        .as_i64()
        .unwrap();
    let max = bids
        .iter()
        .filter(|b| b["playable"] == true)
        .map(|b| b["payoff"].as_i64().unwrap())
        .max();
    assert_eq!(max, Some(best_payoff));
    // `ulti bids --json` gives the same bids without the cells.
    let b = json(&ulti(&["bids", "--deal", STRONG, "--json"]));
    assert!(b.get("cells").is_none());
    assert_eq!(b["bids"], v["bids"]);
    assert_eq!(b["best_bid"], v["best_bid"]);
}

#[test]
fn table_text_is_a_grid_with_the_best_bid_marked() {
    let o = ulti(&["table", "--deal", SLOW]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let header = text
        .lines()
        .find(|l| l.contains("Piros") && l.contains("Tök") && l.contains("Zöld"))
        .expect("a header row with the four trumps");
    assert!(header.trim_start().starts_with("Piros"), "{header}");
    let betli = text.lines().find(|l| l.starts_with("Betli")).unwrap();
    assert!(betli.contains("(no trumps)"), "{betli}");
    let passz = text.lines().find(|l| l.starts_with("Passz")).unwrap();
    assert_eq!(passz.matches(['✔', '✘']).count(), 4, "{passz}");
    assert!(text.contains('★'), "{text}");
    assert!(text.contains("Best bid: "), "{text}");
}

#[test]
fn rule_flags_reach_the_solver() {
    let v = json(&ulti(&[
        "table",
        "--deal",
        SLOW,
        "--json",
        "--must-beat-after-trump",
        "--marriage-needs-trick",
    ]));
    assert_eq!(
        v["rules"],
        serde_json::json!({"must_beat_after_trump": true, "marriage_needs_trick": true})
    );
    let s = json(&ulti(&[
        "solve",
        "--deal",
        SLOW,
        "--contract",
        "passz",
        "--marriage-needs-trick",
        "--json",
    ]));
    assert_eq!(s["rules"]["marriage_needs_trick"], true);
    assert_eq!(s["rules"]["must_beat_after_trump"], false);
}

#[test]
fn batch_keeps_input_order_and_reports_bad_lines() {
    let input = format!(
        "# positions\n{STRONG} passz\n\n{SLOW} 40-100+ulti PA,MU,Z8\nnot-a-code passz\n{STRONG} passz ZA,TO\n{GREAT_BETLI} betli\n{STRONG}\n"
    );
    let o = ulti_stdin(&["batch", "--threads", "2"], &input);
    assert_eq!(o.status.code(), Some(1), "bad lines make the exit code 1");
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let numbers: Vec<u64> = lines
        .iter()
        .map(|l| l["input_line"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [2, 4, 5, 6, 7, 8]);
    assert_eq!(lines[0]["contract"], "passz");
    assert_eq!(lines[1]["contract"], "40-100+ulti");
    assert_eq!(lines[1]["played"], serde_json::json!(["PA", "MU", "Z8"]));
    assert_eq!(lines[1]["line"].as_array().unwrap().len(), 27);
    assert!(lines[2]["error"].as_str().unwrap().contains("deal code"));
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .contains("played card 2")
    );
    assert!(lines[3]["error"].as_str().unwrap().contains("follow suit"));
    assert_eq!(lines[4]["contract"], "betli");
    assert_eq!(lines[4]["trump"], Value::Null);
    assert!(
        lines[5]["error"]
            .as_str()
            .unwrap()
            .contains("CODE CONTRACT")
    );
    // The same object as `solve --json`, apart from the time.
    let mut single = json(&ulti(&[
        "solve",
        "--deal",
        STRONG,
        "--contract",
        "passz",
        "--json",
    ]));
    let mut first = lines[0].clone();
    first.as_object_mut().unwrap().remove("input_line");
    first["ms"] = Value::Null;
    single["ms"] = Value::Null;
    assert_eq!(first, single);
}

#[test]
fn batch_of_good_lines_from_a_file_succeeds_in_order() {
    let codes: Vec<String> = (0..12).map(|s| Deal::random(s).code()).collect();
    let text: String = codes.iter().map(|c| format!("{c} ulti\n")).collect();
    let path = temp_file("batch.txt", &text);
    let o = ulti(&["batch", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).is_empty(),
        "no progress bar when stderr is not a terminal"
    );
    let got: Vec<String> = stdout(&o)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["deal"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(got, codes);
}

#[test]
fn bench_runs_on_a_tiny_deals_file() {
    let text = bench(
        "deals.txt",
        &format!("# three deals\nstrong {STRONG}\n{GREAT_BETLI}\nslow {SLOW}\n"),
        &["--contracts", "passz,ulti,betli", "--limit", "2"],
    );
    assert!(text.starts_with("2 deals from"), "{text}");
    let row = |name: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no {name} row: {text}"))
            .to_string()
    };
    // Passz and betli are always playable; only the great-betli hand holds its trump VII.
    assert!(row("passz").contains("2/2"), "{text}");
    assert!(row("betli").contains("2/2"), "{text}");
    assert!(row("ulti").contains("1/2"), "{text}");
    assert_eq!(row("all").split_whitespace().count(), 8, "{text}");
}

#[test]
fn bench_times_a_table_of_deals_each_on_its_contract_against_the_peer() {
    // The form of shared/deals/speed-hard.tsv: a header, each deal with its contract and the
    // peer's time; a comment line and an extra column are ignored.
    let table = format!(
        "# hard deals\ndeal\tcontract\tpeer_ms\tnote\n{STRONG}\tpassz\t1000\tx\n{GREAT_BETLI}\tulti\t1000\ty\n"
    );
    let run = |extra: &[&str]| {
        let mut args = vec!["--per-deal"];
        args.extend_from_slice(extra);
        bench("hard.tsv", &table, &args)
    };
    let text = run(&["--repeat", "2", "--must-beat-after-trump"]);
    assert!(text.contains("rules: must beat after a trump"), "{text}");
    assert!(text.contains("the fastest of 2 solves"), "{text}");
    let per_deal: Vec<&str> = text
        .lines()
        .filter(|l| l.len() > 61 && l.as_bytes()[..61].iter().all(u8::is_ascii_digit))
        .collect();
    assert_eq!(per_deal.len(), 2, "one line per row of the table: {text}");
    // Each deal was timed on its own contract only, with its answer and the peer's ratio
    // (a second is far slower than any solve here).
    let words: Vec<Vec<&str>> = per_deal
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(words[0][1], "passz", "{text}");
    assert!(
        words[0][4].parse::<u32>().is_ok(),
        "passz answers its points: {text}"
    );
    assert_eq!(words[1][1], "ulti", "{text}");
    assert!(
        ["won", "lost"].contains(&words[1][4]),
        "ulti answers won or lost: {text}"
    );
    for w in &words {
        assert!(w[5].parse::<f64>().unwrap() > 10.0, "{text}");
    }
    assert!(text.contains("peer's time / ours: lowest"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("betli")), "{text}");
    // The default rules, and --contracts filters the rows.
    let text = run(&["--contracts", "ulti"]);
    assert!(text.contains("rules: default"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.contains(" ulti ")).count(),
        1,
        "{text}"
    );
    let bad = temp_file("bad.tsv", "deal\tcontract\nnot-a-deal\tpassz\n");
    let o = ulti(&["bench", "--deals", bad.to_str().unwrap()]);
    std::fs::remove_file(&bad).ok();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
}

#[test]
fn win_lose_question_answers_the_verdict_without_points() {
    for contract in ["passz", "40-100", "20-100"] {
        let exact = json(&ulti(&[
            "solve",
            "--deal",
            SLOW,
            "--contract",
            contract,
            "--all-cards",
            "--json",
        ]));
        let wl = json(&ulti(&[
            "solve",
            "--deal",
            SLOW,
            "--contract",
            contract,
            "--all-cards",
            "--json",
            "--question",
            "win-lose",
        ]));
        assert_eq!(wl["soloist_wins"], exact["soloist_wins"], "{contract}");
        assert!(wl["soloist_points"].is_null(), "{contract}: {wl}");
        let outcomes = |v: &Value| -> Vec<(String, bool)> {
            v["cards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| (c["card"].to_string(), c["soloist_wins"].as_bool().unwrap()))
                .collect()
        };
        assert_eq!(outcomes(&wl), outcomes(&exact), "{contract}");
        let line = if wl["playable"] == true { 30 } else { 0 };
        assert_eq!(cards(&wl["line"]).len(), line, "{contract}");
    }
    let text = bench(
        "wl-deals.txt",
        &format!("{SLOW}\n{STRONG}\n"),
        &["--contracts", "40-100,20-100", "--question", "win-lose"],
    );
    assert!(text.contains("win/lose only"), "{text}");
    let bad = ulti(&["bench", "--question", "maybe"]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
}

#[test]
fn bench_without_a_deals_file_says_how_to_give_one() {
    let dir = std::env::temp_dir().join(format!("ulti-cli-test-{}-empty", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args(["bench", "--limit", "1"])
        .current_dir(dir.join("sub"))
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--deals"), "{err}");
}

#[test]
fn bad_input_exits_non_zero_with_one_line_naming_the_problem() {
    let repeated = format!("{}07{}", &STRONG[..3], &STRONG[5..]);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["solve", "--deal", "123", "--contract", "passz"],
            "61 digits",
        ),
        (
            vec!["solve", "--deal", &repeated, "--contract", "passz"],
            "the card PA (Piros Ász) appears twice",
        ),
        (vec!["table", "--deal", "x"], "61 digits"),
        (
            vec!["solve", "--deal", STRONG, "--contract", "ultii"],
            "unknown contract \"ultii\"",
        ),
        (
            vec!["solve", "--deal", STRONG, "--contract", "betli+ulti"],
            "cannot be combined",
        ),
        (
            vec![
                "solve",
                "--deal",
                STRONG,
                "--contract",
                "passz",
                "--played",
                "PA,QQ",
            ],
            "bad card name \"QQ\"",
        ),
        (
            vec![
                "solve",
                "--deal",
                STRONG,
                "--contract",
                "passz",
                "--played",
                "ZA,TO",
            ],
            "played card 2: TO breaks the rule to follow suit",
        ),
        (
            vec![
                "solve",
                "--deal",
                STRONG,
                "--contract",
                "passz",
                "--played",
                "ZK",
            ],
            "not in the hand",
        ),
        (
            vec!["batch", "/nonexistent/positions.txt"],
            "cannot read batch file",
        ),
        (
            vec!["bench", "--deals", "/nonexistent/deals.txt"],
            "cannot read deals file",
        ),
        (vec!["solve", "--deal", STRONG], "--contract"),
        (vec!["table", "--deal", STRONG, "--bogus"], "--bogus"),
        (vec!["batch", "--threads", "0"], "--threads"),
    ];
    for (args, needle) in cases {
        let o = ulti(&args);
        assert!(!o.status.success(), "{args:?} should fail");
        assert!(
            matches!(o.status.code(), Some(1 | 2)),
            "{args:?}: {:?}",
            o.status
        );
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(
            err.contains(needle),
            "{args:?}: {err:?} should name {needle:?}"
        );
        assert!(stdout(&o).is_empty(), "{args:?}: nothing on stdout");
    }
}

#[test]
fn help_shows_examples() {
    let o = ulti(&["--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("Examples:"));
    let o = ulti(&["solve", "--help"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(
        text.contains("--all-cards") && text.contains("ulti solve --deal"),
        "{text}"
    );
}

mod fuzz {
    //! Arbitrary command lines and batch inputs (proptest): the binary never panics, exits 0, 1
    //! or 2, and a failure is exactly one `error: ` line on stderr and nothing on stdout.

    use super::*;
    use proptest::prelude::*;
    use ulti_testkit::{STRONG, proptest_config};

    /// A value for an option: something valid for one of them, or any text.
    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            proptest::sample::select(vec![
                STRONG,
                "123",
                "0070605040302012737173112323313143435151620212322242526103019",
                "passz",
                "ulti",
                "betli+ulti",
                "40-100+ulti",
                "bogus",
                "ZA,TO",
                "PA,QQ",
                "ZK",
                "0",
                "2",
                "-1",
                "/nonexistent/file.txt",
                "",
                "--",
                "-",
            ])
            .prop_map(String::from),
            "[ -~]{0,12}",
            any::<String>().prop_filter("no NUL in arguments", |s| !s.contains('\0')),
        ]
    }

    fn word() -> impl Strategy<Value = String> {
        prop_oneof![
            3 => proptest::sample::select(vec![
                "--deal",
                "--contract",
                "--played",
                "--all-cards",
                "--json",
                "--threads",
                "--deals",
                "--contracts",
                "--limit",
                "--must-beat-after-trump",
                "--marriage-needs-trick",
                "--bogus",
                "-x",
            ])
            .prop_map(String::from),
            2 => value(),
        ]
    }

    /// A command line: usually a subcommand, then options and values in any order. Never a
    /// valid `table`/`bids` run (those take seconds, and other tests cover them); `bench` finds
    /// no deals file here.
    fn args() -> impl Strategy<Value = Vec<String>> {
        (
            proptest::sample::select(vec![
                "solve", "table", "bids", "batch", "bench", "replay", "help", "", "sol",
            ]),
            proptest::collection::vec(word(), 0..7),
        )
            .prop_map(|(cmd, rest)| {
                let mut v = Vec::new();
                if !cmd.is_empty() {
                    v.push(cmd.to_string());
                }
                v.extend(rest);
                v
            })
            .prop_filter("no full table runs", |v| {
                !(matches!(v.first().map(String::as_str), Some("table" | "bids"))
                    && v.iter().any(|a| a == STRONG))
            })
    }

    fn check_exit(o: &Output, what: &str) -> Result<(), TestCaseError> {
        let err = stderr(o);
        prop_assert!(!err.contains("panicked"), "{}: {}", what, err);
        let code = o.status.code();
        prop_assert!(
            matches!(code, Some(0..=2)),
            "{}: exit {:?}, {}",
            what,
            o.status,
            err
        );
        if code != Some(0) {
            prop_assert_eq!(err.lines().count(), 1, "{}: one line, got {:?}", what, err);
            prop_assert!(err.starts_with("error: "), "{}: {}", what, err);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(proptest_config(256))]

        #[test]
        fn any_command_line_exits_cleanly_with_at_most_one_error_line(args in args()) {
            // (`["--"]` was once found here: clap's whole help on stderr.)
            let o = ulti(&args.iter().map(String::as_str).collect::<Vec<_>>());
            if args.is_empty() || args == ["--"] {
                // No command (`ulti`, `ulti --`): the help on stdout, then one error line.
                prop_assert_eq!(o.status.code(), Some(2));
                prop_assert!(stdout(&o).contains("Usage: ulti <COMMAND>"), "{}", stdout(&o));
                prop_assert_eq!(stderr(&o), "error: no command given (see ulti --help)\n");
                return Ok(());
            }
            check_exit(&o, &format!("{args:?}"))?;
            if o.status.code() != Some(0) {
                prop_assert!(stdout(&o).is_empty(), "{:?}: stdout {}", args, stdout(&o));
            }
        }

        #[test]
        fn any_batch_input_answers_every_line_in_order(
            lines in proptest::collection::vec(prop_oneof![
                Just(format!("{STRONG} betli")),
                Just(format!("{STRONG} ulti ZA TO")),
                Just(format!("{STRONG} passz PA,QQ")),
                Just(format!("{STRONG} bogus")),
                Just("123 passz".to_string()),
                Just("# comment".to_string()),
                Just(String::new()),
                "[ -~]{0,20}",
                any::<String>().prop_filter("one line", |s| !s.contains(['\n', '\r'])),
            ], 0..5),
        ) {
            let o = ulti_stdin(&["batch", "--threads", "1"], &lines.join("\n"));
            let err = stderr(&o);
            prop_assert!(!err.contains("panicked"), "{}", err);
            let text = stdout(&o);
            let answers: Vec<Value> = text
                .lines()
                .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
                .collect();
            let numbers: Vec<u64> = answers.iter().map(|a| a["input_line"].as_u64().unwrap()).collect();
            let want: Vec<u64> = lines
                .iter()
                .enumerate()
                .filter(|(_, l)| {
                    let l = l.trim();
                    !l.is_empty() && !l.starts_with('#')
                })
                .map(|(i, _)| i as u64 + 1)
                .collect();
            prop_assert_eq!(&numbers, &want);
            let failed = answers.iter().filter(|a| a.get("error").is_some()).count();
            for a in answers.iter().filter_map(|a| a.get("error")) {
                let e = a.as_str().unwrap();
                prop_assert!(!e.is_empty() && !e.contains('\n'), "{:?}", e);
            }
            // Some line failed: exit 1 and the error objects say why; else success.
            prop_assert_eq!(o.status.code(), Some(if failed > 0 { 1 } else { 0 }), "{}", err);
        }
    }
}
/// The soloist's twelve cards of the strong deal (hand and talon).
fn strong_twelve() -> String {
    let d = Deal::parse_code(STRONG).unwrap();
    let twelve = ulti_engine::CardSet(d.hand(0).0 | d.talon().0);
    twelve
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn advise_hand_json_ranks_bids_with_discards_and_is_reproducible() {
    let hand = strong_twelve();
    let args = [
        "advise",
        "--hand",
        &hand,
        "--samples",
        "4",
        "--seed",
        "7",
        "--json",
    ];
    let v = json(&ulti(&args));
    let bids = v["bids"].as_array().unwrap();
    assert!(!bids.is_empty());
    // Every row is confirmed on fresh samples (the leading three on 32 each, `--confirm`; the
    // others on 16, `--rest`), and the leading rows are ranked among themselves on those, the
    // others among themselves.
    let top = bids.len().min(3);
    for part in [&bids[..top], &bids[top..]] {
        for w in part.windows(2) {
            assert!(w[0]["expected_payoff"].as_f64() >= w[1]["expected_payoff"].as_f64());
        }
    }
    assert!(bids.iter().all(|b| b["confirmed"] == true));
    assert!(bids[..top].iter().all(|b| b["samples"] == 32));
    assert!(bids[top..].iter().all(|b| b["samples"] == 16));
    for b in bids {
        for key in [
            "id", "name", "discard", "samples", "win_prob", "win_low", "win_high",
        ] {
            assert!(!b[key].is_null(), "{key} in {b}");
        }
        assert_eq!(b["discard"].as_array().unwrap().len(), 2);
        assert!(b["win_low"].as_f64() <= b["win_prob"].as_f64());
        assert!(b["win_prob"].as_f64() <= b["win_high"].as_f64());
        // The real-play rate beside the open-hand one: durchmars keeps the open-hand rate
        // (real play matched it on every row measured), a row without a chance stays at 0.
        let (open, real) = (
            b["win_prob"].as_f64().unwrap(),
            b["real_win_prob"].as_f64().unwrap(),
        );
        assert!((0.0..=1.0).contains(&real), "{b}");
        let family = b["family"].as_str().unwrap();
        assert!(
            ["durchmars", "betli", "ulti", "100", "passz", "other"].contains(&family),
            "{b}"
        );
        if family == "durchmars" || open == 0.0 {
            assert_eq!(real, open, "{b}");
        }
    }
    assert!(v["passz"]["id"].as_str().unwrap().starts_with("passz@"));
    assert_eq!(v["passz"]["family"], "passz");
    assert_eq!(v["discards"].as_array().unwrap().len(), 66);
    assert_eq!(v["seed"], 7);
    assert!(v["caveat"].as_str().unwrap().contains("strategy fusion"));
    // Same seed, any thread count: the same answer.
    let mut again = json(&ulti(&[
        "advise",
        "--hand",
        &hand,
        "--samples",
        "4",
        "--seed",
        "7",
        "--json",
        "--threads",
        "1",
    ]));
    let mut first = v.clone();
    for x in [&mut first, &mut again] {
        x.as_object_mut().unwrap().remove("ms");
        x.as_object_mut().unwrap().remove("threads");
    }
    assert_eq!(first, again);
}

#[test]
fn advise_card_json_lists_each_legal_card_best_first() {
    let played = "PA,MU,Z8";
    let v = json(&ulti(&[
        "advise",
        "--deal",
        SLOW,
        "--contract",
        "40-100+ulti",
        "--played",
        played,
        "--seat",
        "0",
        "--samples",
        "20",
        "--json",
    ]));
    assert_eq!(v["seat"], 0);
    assert_eq!(v["samples"], 20);
    let deal = Deal::parse_code(SLOW).unwrap();
    let bid: Bid = "40-100+ulti".parse().unwrap();
    let played: Vec<Card> = ulti_engine::parse_cards(played).unwrap();
    let g = Game::with_played(&deal, &bid, RuleOptions::default(), &played).unwrap();
    let cards: Vec<Card> = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["card"].as_str().unwrap().parse().unwrap())
        .collect();
    let mut legal: Vec<Card> = g.legal_cards().iter().collect();
    let mut got = cards.clone();
    legal.sort();
    got.sort();
    assert_eq!(got, legal);
    let payoffs: Vec<f64> = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["expected_payoff"].as_f64().unwrap())
        .collect();
    assert!(payoffs.windows(2).all(|w| w[0] >= w[1]), "{payoffs:?}");
}

#[test]
fn advise_card_uses_only_what_the_seat_sees() {
    // Defender 1 to play after the soloist's lead: swapping cards between the soloist's
    // unplayed hand and defender 2 (legal either way) leaves the advice unchanged.
    let deal = Deal::parse_code(STRONG).unwrap();
    let lead = deal.hand(0).iter().next().unwrap();
    // Swap one card of the soloist (not the lead) with one of defender 2 of the same suit
    // and rank class, keeping both deals' play legal (only one card is played).
    let s0: Vec<Card> = deal.hand(0).iter().filter(|&c| c != lead).collect();
    let s2: Vec<Card> = deal.hand(2).iter().collect();
    let mut other = None;
    'outer: for &a in &s0 {
        for &b in &s2 {
            let mut h = deal.hands();
            h[0].remove(a);
            h[0].insert(b);
            h[2].remove(b);
            h[2].insert(a);
            let d = Deal::new(deal.trump, h).unwrap();
            if Game::with_played(
                &d,
                &"passz".parse().unwrap(),
                RuleOptions::default(),
                &[lead],
            )
            .is_ok()
            {
                other = Some(d);
                break 'outer;
            }
        }
    }
    let other = other.expect("some swap keeps the play legal");
    let run = |code: &str| {
        let mut v = json(&ulti(&[
            "advise",
            "--deal",
            code,
            "--contract",
            "passz",
            "--played",
            &lead.to_string(),
            "--seat",
            "1",
            "--samples",
            "16",
            "--seed",
            "3",
            "--json",
        ]));
        v.as_object_mut().unwrap().remove("ms");
        v
    };
    assert_eq!(run(STRONG), run(&other.code()));
}

#[test]
fn advise_errors_are_one_line() {
    let hand = strong_twelve();
    let eleven: String = hand.rsplit_once(',').unwrap().0.to_string();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["advise", "--hand", &eleven], "12 cards"),
        (vec!["advise", "--hand", "PA,QQ"], "bad card name"),
        (
            vec![
                "advise",
                "--deal",
                STRONG,
                "--contract",
                "passz",
                "--seat",
                "1",
            ],
            "seat 1 is not to play: seat 0 is",
        ),
        (
            vec![
                "advise",
                "--deal",
                STRONG,
                "--contract",
                "passz",
                "--seat",
                "0",
                "--played",
                "ZA,TO",
            ],
            "played card 2",
        ),
        (vec!["advise"], "--hand"),
        (
            vec![
                "advise",
                "--deal",
                STRONG,
                "--contract",
                "ulti",
                "--seat",
                "0",
                "--played",
                "",
            ],
            "the bid cannot be played: ulti needs the trump VII",
        ),
        (
            vec!["advise", "--hand", &hand, "--samples", "0"],
            "at least one sample",
        ),
    ];
    for (args, needle) in cases {
        let o = ulti(&args);
        assert!(!o.status.success(), "{args:?} should fail");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(
            err.contains(needle),
            "{args:?}: {err:?} should name {needle:?}"
        );
    }
}

#[test]
fn advise_eval_runs_on_a_few_deals() {
    let v = json(&ulti(&[
        "advise-eval",
        "--hands",
        "3",
        "--samples",
        "2",
        "--json",
    ]));
    assert_eq!(v["deals"].as_array().unwrap().len(), 3);
    assert_eq!(v["quality"]["deciles"].as_array().unwrap().len(), 10);
    assert!(v["quality"]["brier"].as_f64().unwrap() <= 1.0);
    assert!(v["loss_per_deal"].as_f64().unwrap() >= 0.0);
    // Every ranked row is judged, not only the advised bid: more rows than deals.
    let rows: u64 = v["rows"]["deciles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["count"].as_u64().unwrap())
        .sum();
    assert!(rows > 3, "{rows} rows judged");
    // Each decile carries the 95 % interval of what came true, around the share observed.
    for d in v["rows"]["deciles"].as_array().unwrap() {
        if d["count"].as_u64().unwrap() > 0 {
            let (lo, obs, hi) = (
                d["observed_low"].as_f64().unwrap(),
                d["observed"].as_f64().unwrap(),
                d["observed_high"].as_f64().unwrap(),
            );
            assert!(lo <= obs && obs <= hi && hi - lo > 0.0, "{d}");
        }
    }
    // The gap's interval over hands: one per decile with rows, holding the gap.
    for (d, iv) in v["rows"]["deciles"]
        .as_array()
        .unwrap()
        .iter()
        .zip(v["rows_gap_over_hands"].as_array().unwrap())
    {
        assert_eq!(d["count"].as_u64().unwrap() > 0, !iv.is_null(), "{d} {iv}");
        if let Some(iv) = iv.as_array() {
            let gap = d["observed"].as_f64().unwrap() - d["predicted"].as_f64().unwrap();
            let (lo, hi) = (iv[0].as_f64().unwrap(), iv[1].as_f64().unwrap());
            assert!(lo <= gap + 1e-9 && gap <= hi + 1e-9, "{lo} {gap} {hi}");
        }
    }
    let gap = v["rows_worst_decile_gap"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&gap));
    assert!(v["advice_cpu_ms_median"].as_f64().unwrap() > 0.0);
    // In words: each decile's interval, and the deciles a forecast misses.
    let text = stdout(&ulti(&["advise-eval", "--hands", "2", "--samples", "2"]));
    assert!(text.contains("95 % interval"), "{text}");
    assert!(
        text.contains("outside the 95 % interval of what came true:"),
        "{text}"
    );
    assert!(
        text.contains("deciles whose gap's interval over hands excludes 0:"),
        "{text}"
    );
}

/// `--real-play K` plays the K leading rows with a chance above 0 out with our card players:
/// those rows carry a real-play outcome and payoff, the others none, and the report pools them
/// per family beside their open-hand outcome.
#[test]
fn advise_eval_plays_the_leading_rows_out() {
    let v = json(&ulti(&[
        "advise-eval",
        "--hands",
        "3",
        "--samples",
        "2",
        "--real-play",
        "2",
        "--json",
    ]));
    let rows = v["row_forecasts"].as_array().unwrap();
    for deal in 0..3 {
        let of: Vec<&Value> = rows.iter().filter(|r| r["deal"] == deal).collect();
        let played: Vec<&&Value> = of.iter().filter(|r| r.get("real_won").is_some()).collect();
        let eligible = of
            .iter()
            .filter(|r| r["predicted"].as_f64().unwrap() > 0.0)
            .count();
        assert_eq!(played.len(), eligible.min(2), "deal {deal}");
        for r in &played {
            assert!(r["predicted"].as_f64().unwrap() > 0.0);
            assert!(r["real_payoff"].is_i64(), "{r}");
        }
    }
    let real = &v["real_play"];
    let n: u64 = real["families"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rows"].as_u64().unwrap())
        .sum();
    assert_eq!(n, real["real"]["count"].as_u64().unwrap());
    assert!(n > 0);
}

/// The deal of a `ulti match` game as played: seat 0's twelve cards less the discard, the
/// bid's trump (the deal's own for no-trump bids).
fn match_game(code: &str, game: &Value) -> (Deal, Bid, Vec<Card>) {
    let deal = Deal::parse_code(code).unwrap();
    let id = game["bid"].as_str().unwrap();
    let mut parts = id.split('@');
    let bid: Bid = parts.next().unwrap().parse().unwrap();
    let trump = parts
        .find_map(|p| "PZMT".find(p).filter(|_| p.len() == 1))
        .map_or(deal.trump, |i| ulti_engine::Suit::from_index(i as u8));
    let discard = ulti_engine::parse_cards(game["discard"].as_str().unwrap()).unwrap();
    let mut hand = deal.hand(0);
    for c in deal.talon().iter() {
        hand.insert(c);
    }
    for c in &discard {
        assert!(
            hand.contains(*c),
            "the discard is from the soloist's twelve cards"
        );
        hand.remove(*c);
    }
    let played = ulti_engine::parse_cards(game["played"].as_str().unwrap()).unwrap();
    (
        Deal::new(trump, [hand, deal.hand(1), deal.hand(2)]).unwrap(),
        bid,
        played,
    )
}

#[test]
fn match_plays_each_deal_with_both_seatings_and_sums_up_per_player() {
    let args = [
        "match",
        "--players",
        "easy,easy",
        "--deals",
        "2",
        "--seed",
        "3",
        "--json",
    ];
    let v = json(&ulti(&args));
    assert_eq!(v["deals"], 2);
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let (mut a_solo, mut per_deal) = (Vec::new(), Vec::new());
    for g in games {
        let code = g["deal"].as_str().unwrap();
        for side in ["a_soloist", "b_soloist"] {
            // Thirty legal cards of the deal as played.
            let (deal, bid, played) = match_game(code, &g[side]);
            assert_eq!(played.len(), 30);
            let game = Game::with_played(&deal, &bid, RuleOptions::default(), &played)
                .expect("every card is legal");
            assert!(game.is_over());
        }
        let (pa, pb) = (
            g["a_soloist"]["payoff"].as_f64().unwrap(),
            g["b_soloist"]["payoff"].as_f64().unwrap(),
        );
        a_solo.push(pa);
        per_deal.push(2.0 * (pa - pb));
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows[0]["player"], "easy (A)");
    assert_eq!(
        rows[0]["as_soloist"]["mean"].as_f64().unwrap(),
        mean(&a_solo)
    );
    assert_eq!(
        rows[0]["per_deal"]["mean"].as_f64().unwrap(),
        mean(&per_deal)
    );
    // Zero-sum: what A wins over a deal's two games, B loses.
    assert_eq!(
        rows[1]["per_deal"]["mean"].as_f64().unwrap(),
        -mean(&per_deal)
    );
    // The same seed plays the same games; the text names both players and the interval.
    assert_eq!(json(&ulti(&args))["games"], v["games"]);
    let o = ulti(&["match", "--players", "easy,easy", "--deals", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("easy (A)") && text.contains("easy (B)"),
        "{text}"
    );
    assert!(text.contains("per deal") && text.contains('±'), "{text}");
}

#[test]
fn match_errors_are_one_line() {
    let cases: [(&[&str], &str); 5] = [
        (&["match", "--players", "easy,bogus"], "bogus"),
        (&["match", "--players", "easy"], "two players"),
        (&["match", "--players", "easy,normal,strong"], "two players"),
        (
            &["match", "--players", "easy,easy", "--deals", "0"],
            "--deals",
        ),
        (&["match"], "--players"),
    ];
    for (args, needle) in cases {
        let o = ulti(args);
        assert!(!o.status.success(), "{args:?} should fail");
        assert!(stdout(&o).is_empty(), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(
            err.contains(needle),
            "{args:?}: {err:?} should name {needle:?}"
        );
    }
}
