//! Dropped connections and away seats (`--away-after`): a seat back in time misses nothing
//! and nobody played for it; a seat away longer on its turn is played by a computer, each
//! such action marked `"by": "computer"` (a bid after its own pick-up included), and when it
//! comes back it sees those actions and plays on itself.

mod common;

use common::{Client, Seat, Server, create, run_seat, run_seat_until, temp_dir};
use serde_json::{Value, json};

fn numbered(f: &Value) -> bool {
    f.get("v").is_some() && !matches!(f["t"].as_str(), Some("ack" | "welcome" | "resumed"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_back_in_time_misses_nothing_and_one_back_later_sees_the_computer() {
    let dir = temp_dir("away");
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "8", "--away-after", "2"]);
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "human", "human"]).await;
    let token = |s: usize| tokens[s].clone().unwrap();
    let mut others = Vec::new();
    for s in [0, 2] {
        let seat = Seat::connect(&addr, &table, &token(s), None, 40 + s as u64).await;
        others.push(tokio::spawn(run_seat(seat, 2)));
    }
    let seat = Seat::connect(&addr, &table, &token(1), None, 41).await;

    // Game 1: away for 0.3 s (less than --away-after).
    let mut seat = run_seat_until(seat, |s| s.bot.actions().len() >= 4).await;
    // Presence rows are stored at most once a second: after a quiet second this drop's is
    // stored at once, so the seat misses it.
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    {
        let (bot, since) = (seat.bot.clone(), seat.bot.v);
        drop(seat);
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        seat = Seat::reconnect(&addr, &table, &token(1), bot, Some(since)).await;
        let first = seat.step(10.0).await.unwrap();
        // The replay starts right after the last message it had.
        assert_eq!(first["v"], json!(since + 1), "{first}");
        seat = run_seat_until(seat, |s| s.bot.actions().len() >= 12).await;
        let vs: Vec<u64> = seat
            .client
            .frames
            .iter()
            .filter(|f| numbered(f))
            .map(|f| f["v"].as_u64().unwrap())
            .collect();
        assert_eq!(
            vs,
            (since + 1..=since + vs.len() as u64).collect::<Vec<_>>()
        );
        assert!(seat.client.frames.iter().any(|f| f["t"] == "resumed"));
    }
    let seat = run_seat(seat, 1).await;
    let by_computer = |frames: &[Value]| {
        frames
            .iter()
            .filter(|f| f["t"] == "event" && f["by"] == "computer")
            .map(|f| f["action"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let game1 = run_seat_until(seat, |s| s.bot.game == 2).await;
    assert_eq!(by_computer(&game1.client.frames), Vec::<String>::new());

    // Game 2: gone for good until three of its actions were played by the computer.
    let (bot, since) = (game1.bot.clone(), game1.bot.v);
    drop(game1);
    let mut watch = Client::connect(&addr, &table, None, Some(since))
        .await
        .unwrap();
    let mut played_for = 0;
    while played_for < 3 {
        let m = watch.recv().await;
        if m["t"] == "event" && m["action"].as_str().unwrap().starts_with("1 ") {
            assert_eq!(m["by"], "computer", "{m}");
            played_for += 1;
        }
        if m["t"] == "over" {
            break;
        }
    }
    assert!(played_for > 0);
    let seat = Seat::reconnect(&addr, &table, &token(1), bot, Some(since)).await;
    let seat = run_seat(seat, 2).await;
    let frames = &seat.client.frames;
    let back = frames.iter().position(|f| f["t"] == "resumed").unwrap();
    let before = by_computer(&frames[..back]);
    assert!(
        before.len() >= played_for,
        "the replay shows the computer's actions: {before:?}"
    );
    assert!(before.iter().all(|a| a.starts_with("1 ")), "{before:?}");
    // Once back, the seat plays itself.
    assert_eq!(by_computer(&frames[back..]), Vec::<String>::new());
    for t in others {
        t.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_away_seat_that_picked_up_is_bid_for() {
    let dir = temp_dir("away-pickup");
    let server = Server::start(
        &dir.join("t.sqlite"),
        &["--seed", "2", "--away-after", "0.5"],
    );
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "human", "computer:easy"]).await;
    let mut c0 = Client::connect(&addr, &table, tokens[0].as_deref(), None)
        .await
        .unwrap();
    let hand = c0.recv().await["view"]["hands"][0]
        .as_str()
        .unwrap()
        .to_string();
    let mut c1 = Client::connect(&addr, &table, tokens[1].as_deref(), None)
        .await
        .unwrap();
    c1.recv().await;
    let low: Vec<&str> = hand.split(',').collect();
    assert_eq!(
        c0.act(&format!("bid passz {},{}", low[0], low[1])).await["t"],
        "ack"
    );
    assert_eq!(c1.request(json!({"t": "pickup"})).await["t"], "ack");
    drop(c1);
    let m = c0
        .until(|f| f["t"] == "event" && f["action"].as_str().unwrap().starts_with("1 "))
        .await;
    assert_eq!(m["by"], "computer");
    let a = m["action"].as_str().unwrap();
    // A passz stands against any twelve: a raise is playable, so it bids.
    assert!(a.starts_with("1 bid ") && a.ends_with("??,??"), "{a}");
    assert_eq!(c0.frames.iter().filter(|f| f["t"] == "talon").count(), 1);
    // Back (a welcome): it holds the bid with the ten it kept.
    let mut back = Client::connect(&addr, &table, tokens[1].as_deref(), None)
        .await
        .unwrap();
    let w = back.recv().await;
    assert_eq!(w["hand"].as_str().unwrap().split(',').count(), 10);
    assert!(w["known_talon"].is_string(), "{w}");
    assert!(
        w["view"]["actions"][1]
            .as_str()
            .unwrap()
            .starts_with("1 bid ")
    );
    assert!(!w["view"]["actions"][1].as_str().unwrap().contains("??"));
}
