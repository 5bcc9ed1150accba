//! RULES.md, Auction, item 2 at the server, on the deal of `ulti_testkit::NO_RAISE` (the
//! forehand opens at value 40, and no seat can play anything higher): a seat that picks up
//! finds no playable raise, puts the talon back and passes (the others see only the pick-up
//! and the pass); the holder is offered no raise and stands. Also when a computer plays
//! such a seat, and when a person who picked up is away.

mod common;

use common::{Client, Server, TestDir, create, temp_dir};
use serde_json::{Value, json};

fn start(name: &str, extra: &[&str]) -> (Server, TestDir) {
    let dir = temp_dir(name);
    let deal = dir.join("no-raise.json");
    std::fs::write(&deal, ulti_testkit::NO_RAISE).unwrap();
    let mut args = vec!["--test-deal", deal.to_str().unwrap()];
    args.extend_from_slice(extra);
    (Server::start(&dir.join("t.sqlite"), &args), dir)
}

fn opening() -> String {
    let r: Value = serde_json::from_str(ulti_testkit::NO_RAISE).unwrap();
    r["actions"][0]
        .as_str()
        .unwrap()
        .split_once(' ')
        .unwrap()
        .1
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pick_up_with_no_playable_raise_passes_and_the_holder_stands() {
    let (server, _dir) = start("no-raise", &[]);
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "human", "human"]).await;
    let t = |s: usize| tokens[s].clone().unwrap();
    let mut c = Vec::new();
    for s in 0..3 {
        let mut x = Client::connect(&addr, &table, Some(&t(s)), None)
            .await
            .unwrap();
        x.recv().await;
        c.push(x);
    }
    let mut spectator = Client::connect(&addr, &table, None, None).await.unwrap();
    spectator.recv().await;
    assert_eq!(c[0].act(&opening()).await["t"], "ack");
    for seat in [1usize, 2] {
        let ack = c[seat].request(json!({"t": "pickup"})).await;
        assert_eq!(ack["t"], "ack", "{ack}");
        let talon = c[seat]
            .frames
            .iter()
            .rev()
            .find(|f| f["t"] == "talon")
            .unwrap()
            .clone();
        assert_eq!(talon["cards"], "Z7,T7", "the forehand's discard");
        // The one higher bid is not playable with any discard; standing is not its to do.
        let e = c[seat]
            .act("bid 20-100+ulti+durchmars-adu@P@teritett Z7,T7")
            .await;
        assert_eq!(e["t"], "error", "{e}");
        assert!(e["error"].as_str().unwrap().starts_with("action "), "{e}");
        assert_eq!(c[seat].act("stand").await["t"], "error");
        let ack = c[seat].act("pass").await;
        assert_eq!(ack["t"], "ack", "{ack}");
        for other in (0..3).filter(|&o| o != seat) {
            let m = c[other].until(|f| f["t"] == "talon").await;
            assert_eq!(m.get("cards"), None);
            let m = c[other].until(|f| f["t"] == "event").await;
            assert_eq!(m["action"], format!("{seat} pass"));
        }
    }
    // The holder knows its twelve: no raise is offered, it stands.
    let e = c[0].request(json!({"t": "pickup"})).await;
    assert!(e["error"].as_str().unwrap().contains("it stands"), "{e}");
    assert_eq!(c[0].act("stand").await["t"], "ack");
    // The terített bid opens the soloist's ten to everyone.
    let open = spectator.until(|f| f["t"] == "open").await;
    assert_eq!(open["seat"], 0);
    assert_eq!(open["hand"].as_str().unwrap().split(',').count(), 10);
    let auction: Vec<Value> = spectator
        .frames
        .iter()
        .filter(|f| f["t"] == "event" || f["t"] == "talon")
        .map(|f| json!([f["t"], f["seat"], f["action"]]))
        .collect();
    assert_eq!(
        auction,
        vec![
            json!(["event", null, "0 bid durchmars-adu+20-100@P@teritett ??,??"]),
            json!(["talon", 1, null]),
            json!(["event", null, "1 pass"]),
            json!(["talon", 2, null]),
            json!(["event", null, "2 pass"]),
            json!(["event", null, "0 stand"]),
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_and_an_away_person_pass_too() {
    let (server, _dir) = start("no-raise-away", &["--away-after", "0.5"]);
    let addr = server.addr.clone();
    // Computers at seats 1 and 2: each passes (after a pick-up or without one).
    let (table, tokens) = create(&addr, ["human", "computer:normal", "computer:easy"]).await;
    let mut c0 = Client::connect(&addr, &table, tokens[0].as_deref(), None)
        .await
        .unwrap();
    c0.recv().await;
    assert_eq!(c0.act(&opening()).await["t"], "ack");
    let mut seen = Vec::new();
    while seen.len() < 2 {
        let m = c0.recv().await;
        if m["t"] == "event" {
            assert_eq!(m["by"], "computer");
            seen.push(m["action"].as_str().unwrap().to_string());
        }
        if m["t"] == "talon" {
            // A computer's pick-up is followed by its pass.
            let next = c0.until(|f| f["t"] == "event").await;
            assert_eq!(next["action"], format!("{} pass", m["seat"]));
            seen.push(next["action"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(seen, vec!["1 pass", "2 pass"]);
    assert_eq!(c0.request(json!({"t": "pickup"})).await["t"], "error");
    assert_eq!(c0.act("stand").await["t"], "ack");

    // A person who picks up and leaves: the computer playing its seat passes for it.
    let (table, tokens) = create(&addr, ["human", "human", "computer:easy"]).await;
    let mut c0 = Client::connect(&addr, &table, tokens[0].as_deref(), None)
        .await
        .unwrap();
    c0.recv().await;
    let mut c1 = Client::connect(&addr, &table, tokens[1].as_deref(), None)
        .await
        .unwrap();
    c1.recv().await;
    assert_eq!(c0.act(&opening()).await["t"], "ack");
    assert_eq!(c1.request(json!({"t": "pickup"})).await["t"], "ack");
    drop(c1);
    let m = c0
        .until(|f| {
            f["t"] == "event" && f["action"] != "0 bid durchmars-adu+20-100@P@teritett ??,??"
        })
        .await;
    assert_eq!(m["action"], "1 pass");
    assert_eq!(m["by"], "computer");
    // No second pick-up went out for it.
    let talons = c0.frames.iter().filter(|f| f["t"] == "talon").count();
    assert_eq!(talons, 1);
}
