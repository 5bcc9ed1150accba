//! `ulti move` and `ulti engine`: every answered action is legal, the same record, level and
//! seed give the same action in both and in `ulti match --whole-game`, moving the cards the
//! seat cannot see never changes its action, and the engine survives bad requests.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use common::ulti_stdin;
use serde_json::{Value, json};
use ulti_engine::players::{TableLevel, TablePlayer, play_table_game};
use ulti_engine::whole_game::{Action, Stage, TableRecord, WholeGame};
use ulti_engine::{Card, CardSet};

/// A running `ulti engine`.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ulti"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("ulti engine runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) -> Value {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).unwrap();
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("{e}: {answer:?}"))
    }

    fn ask(&mut self, record: &TableRecord, level: &str, seed: u64, seat: Option<usize>) -> String {
        let mut req = json!({"id": 7, "record": serde_json::from_str::<Value>(&record.to_json()).unwrap(), "level": level, "seed": seed});
        if let Some(s) = seat {
            req["seat"] = json!(s);
        }
        let a = self.send(&req.to_string());
        assert_eq!(a["id"], 7);
        a["action"]
            .as_str()
            .unwrap_or_else(|| panic!("{a}"))
            .to_string()
    }

    fn quit(mut self) {
        writeln!(self.stdin, r#"{{"quit": true}}"#).unwrap();
        drop(self.stdin);
        assert!(self.child.wait().unwrap().success());
    }
}

fn ulti_move(record: &TableRecord, level: &str, seed: u64) -> String {
    let seed = seed.to_string();
    let o = ulti_stdin(
        &["move", "--record", "-", "--level", level, "--seed", &seed],
        &record.to_json(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap().trim().to_string()
}

fn with_action(record: &TableRecord, action: &str) -> TableRecord {
    let mut r = record.clone();
    r.actions.push(action.to_string());
    r
}

#[test]
fn a_match_game_replays_through_the_protocol_action_for_action() {
    let dir = std::env::temp_dir().join(format!("ulti-seat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("g.jsonl");
    let levels = ["easy", "normal", "cheater"];
    let seed = 5;
    let o = Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args([
            "match",
            "--whole-game",
            "--players",
            &levels.join(","),
            "--deals",
            "1",
            "--seed",
            &seed.to_string(),
            "--records",
            rec.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut engine = Engine::start();
    let mut checked = 0;
    for (r, line) in std::fs::read_to_string(&rec).unwrap().lines().enumerate() {
        let full = TableRecord::parse(line).unwrap();
        let level_of = |s: usize| levels[(s + r) % 3];
        for k in 0..full.actions.len() {
            let mut prefix = full.clone();
            prefix.actions.truncate(k);
            let game = prefix.replay().unwrap();
            let next: Action = full.actions[k].parse().unwrap();
            let to_act = game.to_act().unwrap();
            // A seat that may double out of turn (the soloist's rekontra) says its part first.
            for (s, _, _) in game.kontra_open() {
                if s != to_act {
                    let want = if next.seat == s {
                        full.actions[k].clone()
                    } else {
                        "none".to_string()
                    };
                    assert_eq!(
                        engine.ask(&prefix, level_of(s), seed, Some(s)),
                        want,
                        "game {r}, action {}",
                        k + 1
                    );
                }
            }
            if next.seat == to_act {
                let got = engine.ask(&prefix, level_of(to_act), seed, None);
                assert_eq!(got, full.actions[k], "game {r}, action {}", k + 1);
                // Every answer is legal: the record with it replays.
                with_action(&prefix, &got).replay().unwrap();
                checked += 1;
            }
        }
        // `ulti move` agrees with the engine at a few moments.
        for k in [0, full.actions.len() / 2, full.actions.len() - 1] {
            let mut prefix = full.clone();
            prefix.actions.truncate(k);
            let game = prefix.replay().unwrap();
            let s = game.to_act().unwrap();
            assert_eq!(
                ulti_move(&prefix, level_of(s), seed),
                engine.ask(&prefix, level_of(s), seed, None)
            );
        }
    }
    assert!(checked >= 3 * 30, "{checked} actions checked");
    engine.quit();
    std::fs::remove_dir_all(&dir).ok();
}

/// The same game with two unplayed cards the asking seat cannot see swapped between the other
/// hands (or the talon), if every action still replays.
fn swapped(record: &TableRecord, seat: usize, a: Card, b: Card) -> Option<WholeGame> {
    let game = record.replay().ok()?;
    let mut hands = game.dealt();
    let owner = |c: Card, h: &[CardSet; 3]| (0..3).find(|&s| h[s].contains(c));
    let (oa, ob) = (owner(a, &hands), owner(b, &hands));
    if oa == ob || oa == Some(seat) || ob == Some(seat) {
        return None;
    }
    for (c, from, to) in [(a, oa, ob), (b, ob, oa)] {
        if let Some(f) = from {
            hands[f].remove(c);
        }
        if let Some(t) = to {
            hands[t].insert(c);
        }
    }
    let mut g = WholeGame::new(game.rules(), game.dealer(), hands).ok()?;
    for act in game.actions() {
        g.apply(act.clone()).ok()?;
    }
    Some(g)
}

#[test]
fn moving_the_cards_a_seat_cannot_see_never_changes_its_action() {
    let mut engine = Engine::start();
    let mut checked = 0;
    for seed in 0..4u64 {
        // A game played by easy players through the engine, to the middle of the play.
        let mut g = WholeGame::random(Default::default(), (seed % 3) as usize, 40 + seed);
        while g.position().is_none_or(|(_, p)| p.len() < 7) && g.stage() != Stage::Over {
            let a = engine.ask(&g.record(), "easy", seed, None);
            g.apply(a.parse().unwrap()).unwrap();
        }
        if g.stage() == Stage::Over {
            continue;
        }
        let seat = g.to_act().unwrap();
        let record = g.record();
        let seen = |c: Card| {
            g.hand(seat).contains(c)
                || g.position().is_some_and(|(_, p)| p.contains(&c))
                || g.view(seat).known_talon.is_some_and(|t| t.contains(c))
        };
        let hidden: Vec<Card> = Card::all().filter(|&c| !seen(c)).collect();
        for level in ["easy", "normal"] {
            let here = engine.ask(&record, level, 9, None);
            let mut worlds = 0;
            'pairs: for &x in &hidden {
                for &y in &hidden {
                    if let Some(alt) = swapped(&record, seat, x, y) {
                        assert_eq!(alt.view(seat), g.view(seat), "the seat's view is unchanged");
                        assert_eq!(
                            engine.ask(&alt.record(), level, 9, None),
                            here,
                            "{level}, seed {seed}: {x}<->{y}"
                        );
                        worlds += 1;
                        checked += 1;
                        if worlds == 3 {
                            break 'pairs;
                        }
                    }
                }
            }
        }
    }
    assert!(checked >= 12, "{checked} other worlds checked");
    engine.quit();
}

#[test]
fn the_engine_survives_garbage_huge_lines_unknown_fields_and_other_rules() {
    let mut engine = Engine::start();
    let bad = engine.send("this is not json");
    assert!(
        bad["error"]
            .as_str()
            .unwrap()
            .contains("not a JSON request")
    );
    let huge = format!(r#"{{"id": 1, "pad": "{}"}}"#, "x".repeat(5 << 20));
    let a = engine.send(&huge);
    assert!(a["error"].as_str().unwrap().contains("at most"), "{a}");
    let mut g = WholeGame::random(
        ulti_engine::whole_game::TableRules {
            silent_bonuses: true,
            max_kontra: 5,
            ..Default::default()
        },
        1,
        3,
    );
    let mut req = json!({"id": "u", "record": serde_json::from_str::<Value>(&g.record().to_json()).unwrap(), "level": "easy", "seed": 2, "colour": "blue"});
    let a = engine.send(&req.to_string());
    assert_eq!(a["id"], "u");
    assert!(
        a["next_to_act"].is_u64() && a["may_double"].is_array(),
        "{a}"
    );
    let action: Action = a["action"].as_str().unwrap().parse().unwrap();
    g.apply(action).expect("a legal action");
    req["record"]["house_rule"] = json!(true);
    let a = engine.send(&req.to_string());
    assert!(
        a["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `house_rule`"),
        "{a}"
    );
    let a = engine.send(r#"{"id": 3, "record": {"format": "ulti-game/1"}, "level": "wizard"}"#);
    assert!(
        a["error"].as_str().unwrap().contains("unknown player"),
        "{a}"
    );
    // Still serving.
    let a = engine.send(
        &json!({"id": 4, "record": g.record().to_json(), "level": "cheater", "seed": 1})
            .to_string(),
    );
    assert!(a["action"].is_string(), "{a}");
    engine.quit();
}

#[test]
fn ulti_move_refuses_a_finished_or_broken_record_with_status_2() {
    for (input, words) in [
        ("{", "not valid JSON"),
        (
            r#"{"format":"ulti-game/1","dealer":2,"hands":["PA","PX","PK"]}"#,
            "hands",
        ),
    ] {
        let o = ulti_stdin(&["move", "--record", "-", "--level", "easy"], input);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1);
        assert!(err.contains(words), "{err}");
    }
    let mut g = WholeGame::random(Default::default(), 0, 1);
    let mut ps = [0, 1, 2].map(|_| TablePlayer::new(TableLevel::Easy, 1));
    play_table_game(&mut g, &mut ps, &mut Default::default(), &|| 0.0).unwrap();
    let path = std::env::temp_dir().join(format!("ulti-over-{}.json", std::process::id()));
    std::fs::write(&path, g.record().to_json()).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args([
            "move",
            "--record",
            path.to_str().unwrap(),
            "--level",
            "strong",
        ])
        .output()
        .unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8(o.stderr)
            .unwrap()
            .contains("the game is over")
    );
}

/// `ulti move` where no raise is playable (RULES.md, Auction, item 2): seat 1 passes at every
/// level (it may pick up, but then puts the talon back), and the holder stands.
#[test]
fn ulti_move_passes_and_stands_where_no_raise_is_playable() {
    let start = TableRecord::parse(ulti_testkit::NO_RAISE).unwrap();
    for level in ["easy", "normal", "strong", "cheater"] {
        assert_eq!(ulti_move(&start, level, 3), "1 pass", "{level}");
        let holder = with_action(&with_action(&start, "1 pass"), "2 pass");
        assert_eq!(ulti_move(&holder, level, 3), "0 stand", "{level}");
    }
}
