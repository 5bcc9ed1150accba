//! `ulti replay`: good records (finished and in progress, text and JSON) and every kind of
//! refusal, each with exit status 2 and one `error:` line naming the rule.

mod common;

use std::process::{Command, Output};

use common::ulti_stdin;
use serde_json::Value;
use ulti_engine::whole_game::{Action, Stage, TableRules, Verb, WholeGame};
use ulti_engine::{Card, CardSet, parse_cards};

fn replay(args: &[&str], input: &str) -> Output {
    ulti_stdin(&[&["replay"], args].concat(), input)
}

fn cards(s: &str) -> CardSet {
    parse_cards(s).unwrap().into_iter().collect()
}

const HANDS: [&str; 3] = [
    "P7,P8,P9,PX,PU,PO,PK,PA,Z7,ZK,ZO,M7",
    "Z8,Z9,ZX,ZU,ZA,M8,M9,MX,MU,MO",
    "MK,MA,T7,T8,T9,TX,TU,TO,TK,TA",
];

fn record(rules: &str, actions: &[&str]) -> String {
    let actions: Vec<String> = actions.iter().map(|a| format!("{a:?}")).collect();
    format!(
        r#"{{"format":"ulti-game/1","rules":{rules},"dealer":2,"hands":["{}","{}","{}"],"actions":[{}]}}"#,
        HANDS[0],
        HANDS[1],
        HANDS[2],
        actions.join(",")
    )
}

const START: [&str; 5] = [
    "0 bid passz M7,Z7",
    "1 pass",
    "2 pass",
    "0 stand",
    "0 trump Z",
];

/// The fixed deal played to the end: each seat plays its first legal card.
fn finished() -> (String, WholeGame) {
    let mut g = WholeGame::new(
        TableRules::default(),
        2,
        [cards(HANDS[0]), cards(HANDS[1]), cards(HANDS[2])],
    )
    .unwrap();
    for a in START {
        g.apply(a.parse().unwrap()).unwrap();
    }
    while g.stage() != Stage::Over {
        let seat = g.to_act().unwrap();
        if seat == 1 && g.kontra_options().is_some() {
            g.apply("1 kontra passz".parse().unwrap()).unwrap();
        }
        let card: Card = g.legal_cards().iter().next().unwrap();
        g.apply(Action {
            seat,
            verb: Verb::Card(card),
        })
        .unwrap();
    }
    (g.record().to_json(), g)
}

#[test]
fn a_finished_game_gives_each_component_and_every_payment() {
    let (json, g) = finished();
    let o = replay(&["-", "--json"], &json);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["stage"], "over");
    assert_eq!(v["soloist"], 0);
    assert_eq!(v["bid"], "passz");
    assert_eq!(v["trump"], "Z");
    let pay: Vec<i64> = v["payments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect();
    assert_eq!(pay.iter().sum::<i64>(), 0);
    let want = g.settlement().unwrap().payments;
    assert_eq!(pay, want.iter().map(|&x| i64::from(x)).collect::<Vec<_>>());
    assert_eq!(v["units"][0]["unit"], "passz");
    assert_eq!(v["units"][0]["kontra"], serde_json::json!([1, 1]));
    assert_eq!(v["played"].as_array().unwrap().len(), 30);
    // The deal code opens in `ulti solve`.
    let code = v["deal"].as_str().unwrap();
    assert_eq!(code.len(), 61);
    let o = Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args(["solve", "--deal", code, "--contract", "passz", "--json"])
        .output()
        .unwrap();
    assert!(o.status.success());
    // The text names the result and the payments.
    let o = replay(&["-"], &json);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("Payments:  seat 0"), "{text}");
    assert!(text.contains("Result:    passz"), "{text}");
    assert!(text.contains("Open it:   ulti solve --deal"), "{text}");
}

#[test]
fn a_game_in_progress_says_whose_turn_it_is_and_what_it_may_do() {
    let o = replay(&["-"], &record("{}", &["0 bid passz M7,Z7", "1 pass"]));
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("To act:    seat 2, to bid"), "{text}");
    assert!(text.contains("2 pass"), "{text}");
    assert!(
        !text.contains("Open it"),
        "no deal code during the auction: {text}"
    );
    let o = replay(&["-", "--json"], &record("{}", &START));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["to_act"], 0);
    assert_eq!(v["asked"], "to play a card");
    assert!(
        v["may"]
            .as_array()
            .unwrap()
            .contains(&Value::from("0 card PA"))
    );
    assert!(
        v["deal"].as_str().unwrap().starts_with('1'),
        "zöld trump digit"
    );
    // A file works as standard input does.
    let path = std::env::temp_dir().join(format!("ulti-replay-{}.json", std::process::id()));
    std::fs::write(&path, record("{}", &START)).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args(["replay", path.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_file(&path).ok();
    assert!(o.status.success());
}

fn refused(input: &str, words: &str) {
    let o = replay(&["-"], input);
    assert_eq!(o.status.code(), Some(2), "{input}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(words), "{words:?} in {err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn each_illegal_action_ends_the_replay_with_status_2_and_its_rule() {
    let r = |a: &[&str]| record("{}", a);
    refused(
        &r(&["1 pass"]),
        r#"error: action 1 ("1 pass"): it is seat 0's turn"#,
    );
    refused(&r(&["0 pass"]), "discards two and bids (passz at least)");
    refused(
        &r(&["0 bid passz TA,M7"]),
        "the discard TA is not among the 12 cards seat 0 holds",
    );
    refused(&r(&["0 bid ulti Z7,M7"]), "ulti needs the trump VII");
    refused(&r(&["0 bid ulti@Z Z7,M7"]), "names no suit but piros");
    refused(
        &r(&["0 bid ulti P8,P9", "1 bid betli M8,M9"]),
        "an equal value never overcalls",
    );
    refused(
        &r(&["0 bid passz M7,Z7", "1 pass", "2 pass", "0 pass"]),
        "it stands or raises",
    );
    refused(
        &r(&["0 bid passz M7,Z7", "1 stand"]),
        "only the holder, after two passes, stands",
    );
    refused(
        &r(&[
            "0 bid passz M7,Z7",
            "1 pass",
            "2 pass",
            "0 stand",
            "0 trump P",
        ]),
        "Zöld, Makk or Tök",
    );
    refused(
        &r(&[
            "0 bid passz M7,Z7",
            "1 pass",
            "2 pass",
            "0 stand",
            "0 card PA",
        ]),
        "names the trump before the play",
    );
    refused(
        &r(&[
            "0 bid 40-100 M7,Z7",
            "1 pass",
            "2 pass",
            "0 stand",
            "0 trump M",
        ]),
        "40-100 needs the trump Király and Felső",
    );
    refused(
        &r(&[START.as_slice(), &["0 card PA", "1 card M8"]].concat()),
        "breaks the rule to trump",
    );
    refused(
        &r(&[START.as_slice(), &["0 card PA", "1 rekontra passz"]].concat()),
        "may say kontra now, not rekontra",
    );
    refused(
        &r(&[START.as_slice(), &["0 card PA", "1 kontra ulti"]].concat()),
        "ulti is not a unit of this bid",
    );
    refused(&r(&["0 fold"]), "unknown verb");
    refused(&r(&["3 pass"]), "not 0, 1 or 2");
    refused(&record(r#"{"max_kontra":9}"#, &[]), "max_kontra is 9");
}

#[test]
fn a_record_that_is_not_a_game_is_refused_with_status_2() {
    refused("{", "not valid JSON");
    refused(r#"{"format":"ulti-game/2"}"#, "is not ulti-game/1");
    refused(&record(r#"{"house":true}"#, &[]), "unknown field `house`");
    refused(
        &record("{}", &[]).replace("P7,P8", "P7,P7"),
        "names a card twice",
    );
    refused(
        &record("{}", &[]).replace(r#""dealer":2"#, r#""dealer":0"#),
        "the forehand (seat 1) gets 12",
    );
    let o = Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args(["replay", "/nonexistent/game.json"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

/// RULES.md, Auction, item 2: a seat is offered a bid only when some discard of its twelve
/// plays one that overcalls; the holder with none may only stand.
#[test]
fn a_game_where_no_raise_is_playable_offers_only_pass_then_stand() {
    let may = |rec: &str| -> Vec<String> {
        let o = replay(&["-", "--json"], rec);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        serde_json::from_value(v["may"].clone()).unwrap()
    };
    let rec = ulti_testkit::NO_RAISE;
    assert_eq!(may(rec), ["1 pass"]);
    let at_holder = rec.replace(r#"T7,Z7"]"#, r#"T7,Z7","1 pass","2 pass"]"#);
    assert_eq!(may(&at_holder), ["0 stand"]);
    let o = replay(&["-"], &at_holder);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.lines().any(|l| l == "May:       0 stand"),
        "no raise is offered: {text}"
    );
}
