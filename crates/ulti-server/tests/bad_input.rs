//! Bad messages, people who should not get in, oversized frames and floods: each gets its
//! refusal, changes nothing and leaves everything else running.

mod common;

use common::{Client, Seat, Server, create, http, play, temp_dir};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

/// A welcome's `v` and view: what a table is at a moment.
async fn snapshot(addr: &str, table: &str, token: &str) -> (Value, Value) {
    let w = Client::connect(addr, table, Some(token), None)
        .await
        .unwrap()
        .recv()
        .await;
    assert_eq!(w["t"], "welcome");
    (w["view"].clone(), w["sheet"].clone())
}

async fn expect_error(c: &mut Client, text: &str, id: Value, words: &str) {
    c.send_text(text).await;
    let m = c.until(|m| m["t"] == "error").await;
    assert_eq!(m["id"], id, "{text} -> {m}");
    let e = m["error"].as_str().unwrap();
    assert!(e.contains(words), "{text}: {e:?} lacks {words:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_an_error_change_nothing_and_leave_the_connection_open() {
    let dir = temp_dir("bad");
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "3"]);
    let addr = server.addr.clone();
    // Another table plays a whole game meanwhile.
    let (other, other_tokens) = create(&addr, ["human", "computer:easy", "computer:easy"]).await;
    let other_seat = Seat::connect(&addr, &other, other_tokens[0].as_ref().unwrap(), None, 4).await;
    let other_game = tokio::spawn(play(vec![other_seat], 1));

    let (table, tokens) = create(&addr, ["human", "human", "human"]).await;
    let t = |s: usize| tokens[s].clone().unwrap();
    let mut c0 = Client::connect(&addr, &table, Some(&t(0)), None)
        .await
        .unwrap();
    let mut c1 = Client::connect(&addr, &table, Some(&t(1)), None)
        .await
        .unwrap();
    let mut spectator = Client::connect(&addr, &table, None, None).await.unwrap();
    let hand = c0.recv().await["view"]["hands"][0]
        .as_str()
        .unwrap()
        .to_string();
    c1.recv().await;
    spectator.recv().await;
    let before = snapshot(&addr, &table, &t(0)).await;

    expect_error(&mut c0, "{nope", Value::Null, "not a JSON message").await;
    expect_error(&mut c0, "[1, 2]", Value::Null, "a JSON object").await;
    expect_error(
        &mut c0,
        r#"{"t":"dance","id":1}"#,
        json!(1),
        "unknown message type",
    )
    .await;
    expect_error(
        &mut c0,
        r#"{"t":"act","action":"pass"}"#,
        Value::Null,
        "needs an \"id\"",
    )
    .await;
    expect_error(
        &mut c0,
        r#"{"t":"act","id":"x"}"#,
        json!("x"),
        "needs \"action\"",
    )
    .await;
    expect_error(&mut c0, r#"{"id":2}"#, json!(2), "a type \"t\"").await;
    // Out of turn, in the words of `ulti replay`.
    expect_error(
        &mut c1,
        r#"{"t":"act","id":3,"action":"pass"}"#,
        json!(3),
        "action 1 (\"1 pass\"): it is seat 0's turn (to bid), not seat 1's",
    )
    .await;
    // Illegal for the seat to act.
    expect_error(
        &mut c0,
        r#"{"t":"act","id":4,"action":"card PA"}"#,
        json!(4),
        "action 1 (\"0 card PA\"): no card is played during the auction",
    )
    .await;
    expect_error(
        &mut c0,
        r#"{"t":"act","id":5,"action":"bid ulti@Z PA,PK"}"#,
        json!(5),
        "action 1 (\"0 bid ulti@Z PA,PK\"): bid ulti@Z",
    )
    .await;
    expect_error(
        &mut c0,
        r#"{"t":"act","id":6,"action":"bid"}"#,
        json!(6),
        "bid takes 2 arguments",
    )
    .await;
    // An action for a seat this token does not hold.
    expect_error(
        &mut c0,
        r#"{"t":"act","id":7,"action":"1 pass"}"#,
        json!(7),
        "holds seat 0: it cannot act for seat 1",
    )
    .await;
    expect_error(
        &mut spectator,
        r#"{"t":"act","id":8,"action":"pass"}"#,
        json!(8),
        "spectator holds no seat",
    )
    .await;
    expect_error(
        &mut c0,
        r#"{"t":"next","id":9}"#,
        json!(9),
        "a game is in progress",
    )
    .await;
    expect_error(
        &mut c1,
        r#"{"t":"pickup","id":10}"#,
        json!(10),
        "seat 0's turn",
    )
    .await;
    c0.ws_binary(b"\x01\x02").await;
    let m = c0.until(|m| m["t"] == "error").await;
    assert!(m["error"].as_str().unwrap().contains("binary"), "{m}");

    // Nothing changed, and every connection is still open.
    assert_eq!(snapshot(&addr, &table, &t(0)).await, before);
    for c in [&mut c0, &mut c1, &mut spectator] {
        c.send_text(r#"{"t":"ping"}"#).await;
        c.until(|m| m["t"] == "pong").await;
    }
    // Refused at the handshake: a token of no seat (or an empty one); no such table.
    for token in ["not-a-token", ""] {
        assert_eq!(
            Client::connect(&addr, &table, Some(token), None)
                .await
                .err(),
            Some(403)
        );
    }
    assert_eq!(
        Client::connect(&addr, &table, Some(&other_tokens[0].clone().unwrap()), None)
            .await
            .err(),
        Some(403),
        "another table's token holds no seat here"
    );
    assert_eq!(
        Client::connect(&addr, "nope", None, None).await.err(),
        Some(404)
    );
    // The seat to act still acts.
    let cards: Vec<&str> = hand.split(',').collect();
    let ack = c0
        .act(&format!("bid passz {},{}", cards[0], cards[1]))
        .await;
    assert_eq!(ack["t"], "ack", "{ack}");
    // And the other table finished its game.
    let played = other_game.await.unwrap();
    assert_eq!(played[0].bot.game, 1);
    let (_, g) = http(&addr, "GET", &format!("/api/tables/{other}/games"), None).await;
    assert_eq!(g.as_array().unwrap().len(), 1);
    // Bad requests over HTTP: JSON errors with a 4xx status.
    for body in [
        json!({"seats": ["computer:easy", "computer:easy", "computer:easy"]}),
        json!({"seats": ["human", "human"]}),
        json!({"seats": ["human", "robot", "human"]}),
        json!({"seats": ["human", "human", "human"], "rules": {"max_kontra": 9}}),
        json!({"seats": ["human", "human", "human"], "rules": {"nope": true}}),
        json!({"seats": ["human", "human", "human"], "color": "red"}),
    ] {
        let (status, v) = http(&addr, "POST", "/api/tables", Some(&body)).await;
        assert_eq!(status, 400, "{body} -> {v}");
        assert!(v["error"].is_string(), "{v}");
    }
    let (status, v) = http(&addr, "GET", "/api/tables/nope", None).await;
    assert_eq!((status, v["error"].is_string()), (404, true));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_message_closes_that_connection_with_1009() {
    let dir = temp_dir("oversized");
    let server = Server::start(&dir.join("t.sqlite"), &[]);
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "human", "computer:easy"]).await;
    let t = |s: usize| tokens[s].clone().unwrap();
    let mut other = Client::connect(&addr, &table, Some(&t(1)), None)
        .await
        .unwrap();
    other.recv().await;

    // Exactly 65,536 bytes is a message.
    let mut c = Client::connect(&addr, &table, Some(&t(0)), None)
        .await
        .unwrap();
    c.recv().await;
    let head = r#"{"t":"ping","pad":""#;
    let pad = "x".repeat(65_536 - head.len() - 2);
    let exact = format!("{head}{pad}\"}}");
    assert_eq!(exact.len(), 65_536);
    c.send_text(&exact).await;
    assert_eq!(
        c.until(|m| m["t"] != "presence").await,
        json!({"t": "pong"})
    );
    // One byte more closes it with 1009.
    let over = format!("{head}x{pad}\"}}");
    c.send_text(&over).await;
    assert_eq!(c.close_code().await, Some(1009));

    // Fragments count together: two frames of 40,000 bytes are one message of 80,000.
    let mut f = Client::connect(&addr, &table, Some(&t(0)), None)
        .await
        .unwrap();
    f.recv().await;
    let part = "y".repeat(40_000);
    f.ws_frame(Frame::message(
        part.clone(),
        OpCode::Data(Data::Text),
        false,
    ))
    .await;
    f.ws_frame(Frame::message(part, OpCode::Data(Data::Continue), true))
        .await;
    assert_eq!(f.close_code().await, Some(1009));

    // The other connection of the table goes on.
    other.send_text(r#"{"t":"ping"}"#).await;
    other.until(|m| m["t"] == "pong").await;
    let w = Client::connect(&addr, &table, Some(&t(0)), None)
        .await
        .unwrap()
        .recv()
        .await;
    assert_eq!(w["t"], "welcome");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_of_creations_and_connections_get_429() {
    let dir = temp_dir("flood");
    // Per-address caps of open connections are another test's (edge.rs).
    let server = Server::start(
        &dir.join("t.sqlite"),
        &[
            "--limit-loopback",
            "--max-connections-per-address",
            "10000",
            "--durability",
            "os",
        ],
    );
    let addr = server.addr.clone();
    let body = json!({"seats": ["human", "computer:easy", "computer:easy"]});
    let mut table = String::new();
    // A burst of a minute's budget (120), then 2 a second: the flood is cut near 120.
    let started = std::time::Instant::now();
    let mut made = 0;
    let refusal = loop {
        let (status, v) = http(&addr, "POST", "/api/tables", Some(&body)).await;
        if status != 201 {
            break (status, v);
        }
        made += 1;
        table = v["table"].as_str().unwrap().to_string();
        assert!(made < 1000, "never limited");
    };
    let refill = (started.elapsed().as_secs_f64() * 2.0).ceil() as usize;
    assert!(
        (120..=120 + refill).contains(&made),
        "{made} created before the 429"
    );
    assert_eq!(refusal.0, 429);
    assert!(
        refusal.1["error"]
            .as_str()
            .unwrap()
            .contains("too many tables"),
        "{}",
        refusal.1
    );
    let started = std::time::Instant::now();
    let mut opened = 0;
    let refused = loop {
        match Client::connect(&addr, &table, None, None).await {
            Ok(c) => drop(c),
            Err(status) => break status,
        }
        opened += 1;
        assert!(opened < 5000, "never limited");
    };
    let refill = (started.elapsed().as_secs_f64() * 10.0).ceil() as usize;
    assert!(
        (600..=600 + refill).contains(&opened),
        "{opened} connections before the 429"
    );
    assert_eq!(refused, 429);
    // Still serving: reads are not limited.
    let (status, _) = http(&addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(status, 200);
    // Without --limit-loopback, loopback is never limited.
    let relaxed = Server::start(&dir.join("u.sqlite"), &[]);
    for _ in 0..130 {
        let (status, _) = http(&relaxed.addr, "POST", "/api/tables", Some(&body)).await;
        assert_eq!(status, 201);
    }
}
