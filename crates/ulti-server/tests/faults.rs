//! Faults stay with their table: a stored log today's engine refuses sets that table aside
//! (503 in words) and every other table plays (attack #7: it stopped the whole server); a
//! panicking table task or computer decision is caught and the table goes on; a full disk
//! makes the table wait, 1 s doubling, instead of asking the computers again at once (attack
//! #8: 23 decisions in 5 s); a second server on the same database refuses to start (attack
//! #10: the two split the tables' state).

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Client, Seat, Server, create, http, run_seat, temp_dir};
use serde_json::{Value, json};

async fn decisions(addr: &str) -> u64 {
    let (_, v) = http(addr, "GET", "/api/stats", None).await;
    v["computer"]["decisions"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_that_does_not_replay_sets_its_table_aside_and_the_others_play() {
    let dir = temp_dir("faults-replay");
    let db = dir.join("t.sqlite");
    let mut server = Server::start(&db, &["--seed", "5"]);
    let mut tables = Vec::new();
    for _ in 0..3 {
        tables.push(create(&server.addr, ["human", "computer:easy", "computer:easy"]).await);
    }
    server.kill();
    // Table 2's deal becomes one the engine refuses (the append-only triggers dropped for it).
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute_batch("DROP TRIGGER events_no_update").unwrap();
    let body: String = c
        .query_row(
            "SELECT body FROM events WHERE table_k = 2 AND v = 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let mut deal: Value = serde_json::from_str(&body).unwrap();
    deal["hands"][0] = json!("zz");
    c.execute(
        "UPDATE events SET body = ?1 WHERE table_k = 2 AND v = 1",
        [deal.to_string()],
    )
    .unwrap();
    drop(c);

    let server = Server::start(&db, &["--seed", "5"]);
    let addr = server.addr.clone();
    let (bad, bad_tokens) = &tables[1];
    let (status, v) = http(&addr, "GET", &format!("/api/tables/{bad}"), None).await;
    assert_eq!(status, 503, "{v}");
    let words = v["error"].as_str().unwrap();
    assert!(
        words.contains("cannot be loaded") && words.contains("message 1"),
        "{words}"
    );
    let refused = Client::connect(&addr, bad, bad_tokens[0].as_deref(), None).await;
    assert_eq!(refused.err(), Some(503));
    let log = std::fs::read_to_string(&server.log).unwrap();
    assert!(log.contains("set aside"), "{log}");
    // The others play whole games.
    for (i, (table, tokens)) in [&tables[0], &tables[2]].into_iter().enumerate() {
        let seat = Seat::connect(&addr, table, tokens[0].as_ref().unwrap(), None, i as u64).await;
        run_seat(seat, 1).await;
    }
}

#[test]
fn a_second_server_on_the_same_database_refuses_to_start() {
    let dir = temp_dir("faults-lock");
    let db = dir.join("t.sqlite");
    let mut first = Server::start(&db, &[]);
    let log = dir.join("second.log");
    let mut second = Command::new(env!("CARGO_BIN_EXE_ulti-server"))
        .args(["--listen", "127.0.0.1:0", "--db"])
        .arg(&db)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(s) = second.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = second.kill();
            let _ = second.wait();
            panic!("a second server on the same database is running");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(!status.success());
    let err = std::fs::read_to_string(&log).unwrap();
    let line = err
        .lines()
        .find(|l| l.starts_with("ulti-server:"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(line.contains("in use by another ulti-server"), "{err}");
    // Once the first is gone (even killed), the file is free again.
    first.kill();
    let mut again = Server::start(&db, &[]);
    assert!(again.alive());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_decision_falls_back_and_its_thread_lives() {
    let dir = temp_dir("faults-computer");
    // One thread: had the panic killed it, no decision would ever be made again.
    let server = Server::start(
        &dir.join("t.sqlite"),
        &[
            "--seed",
            "4",
            "--computer-threads",
            "1",
            "--test-panic",
            "computer",
        ],
    );
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "computer:strong", "computer:strong"]).await;
    let seat = Seat::connect(&addr, &table, tokens[0].as_ref().unwrap(), None, 2).await;
    let seat = run_seat(seat, 1).await;
    assert!(seat.bot.game >= 1);
    assert!(decisions(&addr).await > 2);
    let log = std::fs::read_to_string(&server.log).unwrap();
    assert!(log.contains("panicked"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_table_restarts_from_the_log_and_its_seat_plays_on() {
    let dir = temp_dir("faults-table");
    let server = Server::start(
        &dir.join("t.sqlite"),
        &["--seed", "6", "--test-panic", "table-after-5-commits"],
    );
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "computer:easy", "computer:easy"]).await;
    let (other, _) = create(&addr, ["human", "computer:easy", "computer:easy"]).await;
    let token = tokens[0].clone().unwrap();
    let mut seat = Seat::connect(&addr, &table, &token, None, 8).await;
    // Played until the table's task panics: its connection is closed.
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(20), "no panic came");
        assert!(seat.try_act().await);
        if seat.step(10.0).await.is_none() {
            break;
        }
    }
    let log = std::fs::read_to_string(&server.log).unwrap();
    assert!(log.contains("panicked"), "{log}");
    // Back with since=: the table, started again from the log, plays on.
    let (bot, since) = (seat.bot.clone(), seat.bot.v);
    drop(seat);
    let seat = Seat::reconnect(&addr, &table, &token, bot, Some(since)).await;
    let seat = run_seat(seat, 1).await;
    let vs: Vec<u64> = seat
        .client
        .frames
        .iter()
        .filter(|f| f.get("v").is_some() && !matches!(f["t"].as_str(), Some("ack" | "resumed")))
        .map(|f| f["v"].as_u64().unwrap())
        .collect();
    assert_eq!(
        vs,
        (since + 1..=since + vs.len() as u64).collect::<Vec<_>>()
    );
    // The other table never noticed.
    let (status, _) = http(&addr, "GET", &format!("/api/tables/{other}"), None).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_makes_the_table_wait_instead_of_asking_again_at_once() {
    let dir = temp_dir("faults-full");
    let db = dir.join("t.sqlite");
    let mut server = Server::start(&db, &["--seed", "7", "--durability", "os"]);
    // Seat 0 (a computer) bids first.
    let (table, tokens) = create(&server.addr, ["computer:easy", "computer:easy", "human"]).await;
    server.kill();
    // The file may not grow: the table's log fills the page it has, then a commit fails.
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    let pages: i64 = c.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
    drop(c);
    let pages = pages.to_string();
    let server = Server::start(
        &db,
        &[
            "--seed",
            "7",
            "--durability",
            "os",
            "--test-max-db-pages",
            &pages,
        ],
    );
    let addr = server.addr.clone();
    let mut seat = Seat::connect(&addr, &table, tokens[2].as_ref().unwrap(), None, 1).await;
    let deadline = Instant::now() + Duration::from_secs(15);
    while !std::fs::read_to_string(&server.log)
        .unwrap()
        .contains("is full")
    {
        assert!(Instant::now() < deadline, "no commit failed");
        assert!(seat.try_act().await);
        if let Some(m) = seat.client.recv_within(0.1).await {
            seat.bot.receive(&m);
            if m["t"] == "ack" || m["t"] == "error" {
                seat.reset();
            }
        }
    }
    // It failed on a computer's turn (the seed makes it so): the computer would be asked again.
    assert_ne!(seat.bot.to_act(), seat.bot.seat, "{:?}", seat.client.state);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = decisions(&addr).await;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let made = decisions(&addr).await - before;
    eprintln!("decisions in 5 s on a full disk: {made} (before: {before})");
    assert!(made <= 4, "{made} decisions in 5 s");
    assert!(before + made >= 1, "a computer was asked");
}
