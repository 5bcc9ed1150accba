//! A fair computer pool (attack #2: one address created 40 tables of two strong computers,
//! and another table's easy computer waited 12.8 s). The owners' decisions take turns, so one
//! address flooding the pool delays another's table by about one decision; and a table whose
//! people are all gone waits for a person instead of being played by its computers.

mod common;

use std::time::{Duration, Instant};

use common::{Client, http, temp_dir};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Create a table from the loopback address `from` (127.0.0.x): the tables of one address
/// share a turn on the pool.
async fn create_from(addr: &str, from: &str, seats: [&str; 3]) -> (String, [Option<String>; 3]) {
    let body = json!({"seats": seats}).to_string();
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.bind(format!("{from}:0").parse().unwrap()).unwrap();
    let mut s = sock.connect(addr.parse().unwrap()).await.unwrap();
    let req = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 201"), "{text}");
    let v: Value = serde_json::from_str(text.split_once("\r\n\r\n").unwrap().1).unwrap();
    let tokens = std::array::from_fn(|s| v["tokens"][s.to_string()].as_str().map(String::from));
    (v["table"].as_str().unwrap().to_string(), tokens)
}

async fn decisions(addr: &str) -> u64 {
    let (_, v) = http(addr, "GET", "/api/stats", None).await;
    v["computer"]["decisions"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_flooding_the_pool_does_not_delay_another_table() {
    let dir = temp_dir("fair-pool");
    let server = common::Server::start(
        &dir.join("t.sqlite"),
        &["--seed", "9", "--computer-threads", "1"],
    );
    let addr = server.addr.clone();
    // 127.0.0.2: 20 tables of two strong computers (who bid first), their people connected.
    let mut flood = Vec::new();
    for _ in 0..20 {
        let (t, tokens) = create_from(
            &addr,
            "127.0.0.2",
            ["computer:strong", "computer:strong", "human"],
        )
        .await;
        flood.push(
            Client::connect(&addr, &t, tokens[2].as_deref(), None)
                .await
                .unwrap(),
        );
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    // 127.0.0.3: one table whose easy computer bids first.
    let (t, tokens) = create_from(
        &addr,
        "127.0.0.3",
        ["computer:easy", "human", "computer:easy"],
    )
    .await;
    let start = Instant::now();
    let mut me = Client::connect(&addr, &t, tokens[1].as_deref(), None)
        .await
        .unwrap();
    let waited = loop {
        let m = me.recv_within(30.0).await.expect("the easy computer bids");
        if m["t"] == "event" && m["action"].as_str().unwrap().starts_with("0 ") {
            break start.elapsed();
        }
    };
    let flooded = decisions(&addr).await;
    eprintln!(
        "the easy computer's first action {waited:?} after its person came ({flooded} \
         decisions made by then)"
    );
    assert!(waited < Duration::from_secs(2), "it waited {waited:?}");
    // The flood's tables, eight queued at a time, are woken in turn: each gets both its bids.
    // (A liveness check, not a timing one: 40 strong decisions on one thread of a debug build
    // take about 20 s on a quiet machine and more beside other jobs.)
    let start = Instant::now();
    for c in &mut flood {
        loop {
            let left = 120.0 - start.elapsed().as_secs_f64();
            let m = c
                .recv_within(left.max(0.1))
                .await
                .expect("both computers bid");
            if m["t"] == "event" && m["to_act"] == 2 {
                break;
            }
        }
    }
    eprintln!("the flood's 40 bids all made {:?} later", start.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_people_are_gone_waits_for_a_person() {
    let dir = temp_dir("fair-gone");
    let server = common::Server::start(
        &dir.join("t.sqlite"),
        &["--seed", "10", "--away-after", "0.5"],
    );
    let addr = server.addr.clone();
    // Never connected: the computers (seat 0 bids first) do not play it.
    let (t, tokens) = common::create(&addr, ["computer:easy", "human", "computer:easy"]).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(decisions(&addr).await, 0);
    // Its person comes: the computers play up to the person's turn.
    let mut me = Client::connect(&addr, &t, tokens[1].as_deref(), None)
        .await
        .unwrap();
    let first = loop {
        let m = me.recv_within(10.0).await.expect("the computer bids");
        if m["t"] == "event" {
            break m;
        }
    };
    assert_eq!(first["by"], "computer", "{first}");
    // Gone for longer than --away-after: the away rule does not play the table on by itself.
    drop(me);
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let settled = decisions(&addr).await;
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(decisions(&addr).await, settled, "nobody is at the table");
}
