//! `ulti match --whole-game`: three rotations a deal, zero-sum money, records that replay,
//! reproducible by seed, and one-line errors for bad player lists.

use std::process::Command;

use serde_json::Value;

fn ulti(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args(args)
        .output()
        .expect("the ulti binary runs")
}

#[test]
fn whole_games_are_zero_sum_reproducible_and_recorded() {
    let dir = std::env::temp_dir().join(format!("ulti-whole-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("games.jsonl");
    let run = |rec: &std::path::Path| {
        let o = ulti(&[
            "match",
            "--whole-game",
            "--players",
            "easy,cheater,easy",
            "--deals",
            "4",
            "--seed",
            "3",
            "--threads",
            "2",
            "--json",
            "--records",
            rec.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice::<Value>(&o.stdout).unwrap()
    };
    let v = run(&rec);
    assert_eq!(v["games"], 12, "4 deals × 3 rotations");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    let total: f64 = rows
        .iter()
        .map(|r| r["per_deal"]["mean"].as_f64().unwrap())
        .sum();
    assert!(total.abs() < 1e-9, "zero-sum: {total}");
    // Each pair's lead per deal is the difference of their money per deal.
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 3);
    let mean = |i: usize| rows[i]["per_deal"]["mean"].as_f64().unwrap();
    assert_eq!(
        (&pairs[0]["ahead"], &pairs[0]["of"]),
        (&rows[0]["player"], &rows[1]["player"])
    );
    let lead = pairs[0]["per_deal"]["mean"].as_f64().unwrap();
    assert!((lead - (mean(0) - mean(1))).abs() < 1e-9, "{lead}");
    let soloist: u64 = rows
        .iter()
        .map(|r| r["soloist_games"].as_u64().unwrap())
        .sum();
    let forfeits = v["forfeit_games"].as_u64().unwrap();
    assert_eq!(soloist + forfeits, 12);
    // Each record replays, and the dealer rotates from deal to deal.
    let lines = std::fs::read_to_string(&rec).unwrap();
    let mut dealers = Vec::new();
    let mut soloists_money = 0i64;
    for line in lines.lines() {
        let o = Command::new(env!("CARGO_BIN_EXE_ulti"))
            .args(["replay", "-", "--json"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin.take().unwrap().write_all(line.as_bytes())?;
                c.wait_with_output()
            })
            .unwrap();
        assert!(o.status.success());
        let r: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(r["stage"], "over");
        assert_eq!(
            r["payments"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .sum::<i64>(),
            0
        );
        dealers.push(r["dealer"].as_u64().unwrap());
        if let Some(s) = r["soloist"].as_u64() {
            soloists_money += r["payments"][s as usize].as_i64().unwrap();
        }
    }
    // Each bid's line carries the soloist's money: in all, what the records' soloists won.
    let by_bids: i64 = rows
        .iter()
        .flat_map(|r| r["bids"].as_object().unwrap().values())
        .map(|b| {
            assert!(b[1].as_u64() <= b[0].as_u64(), "made ≤ played: {b}");
            b[2].as_i64().unwrap()
        })
        .sum();
    assert_eq!(by_bids, soloists_money);
    assert_eq!(dealers.len(), 12);
    assert_eq!(&dealers[..], &[0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0]);
    // The same seed gives the same games.
    let again = dir.join("again.jsonl");
    let w = run(&again);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), lines);
    assert_eq!(
        w["rows"][0]["per_deal"]["mean"],
        v["rows"][0]["per_deal"]["mean"]
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The advisor players deciding on two threads each play the same games as on one (the
/// executor returns every solve in task order), and the report says its clock.
#[test]
fn decisions_on_two_threads_play_the_same_games() {
    let dir = std::env::temp_dir().join(format!("ulti-whole-dt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |threads: &str| {
        let rec = dir.join(format!("games-{threads}.jsonl"));
        let o = ulti(&[
            "match",
            "--whole-game",
            "--players",
            "normal,easy",
            "--deals",
            "1",
            "--seed",
            "5",
            "--threads",
            "1",
            "--decision-threads",
            threads,
            "--json",
            "--records",
            rec.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        (v, std::fs::read_to_string(&rec).unwrap())
    };
    let (one, games_one) = run("1");
    let (two, games_two) = run("2");
    assert_eq!(games_one, games_two);
    assert_eq!(games_one.lines().count(), 3);
    assert_eq!(
        (&one["decision_clock"], &two["decision_clock"]),
        (&Value::from("cpu"), &Value::from("wall"))
    );
    assert_eq!(two["decision_threads"], 2);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_player_lists_are_one_line_errors() {
    for (args, words) in [
        (
            vec!["match", "--whole-game", "--players", "easy"],
            "two or three players",
        ),
        (
            vec!["match", "--whole-game", "--players", "easy,genius"],
            "unknown player",
        ),
        (
            vec![
                "match",
                "--whole-game",
                "--players",
                "easy,easy",
                "--max-kontra",
                "7",
            ],
            "7",
        ),
    ] {
        let o = ulti(&args);
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(words), "{words} in {err}");
    }
}

#[test]
fn strong_without_inference_is_a_player_of_its_own() {
    let o = ulti(&[
        "match",
        "--whole-game",
        "--players",
        "strong-no-inference,easy",
        "--deals",
        "1",
        "--seed",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["players"],
        serde_json::json!(["strong-no-inference", "easy"])
    );
    assert_eq!(v["pairs"][0]["ahead"], "strong-no-inference");
}
