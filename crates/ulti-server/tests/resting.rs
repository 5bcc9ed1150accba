//! Tables that rest (`--rest-after`): a table nobody is connected to leaves memory and is
//! loaded from the log when someone opens it; a seat that comes back with `since=` gets
//! exactly what it missed and plays on; start-up replays no table, so it takes the same time
//! with 500 stored tables as with none. And the deals: without `--seed` each is drawn from the
//! operating system, so no public seed or earlier deal predicts it.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{Client, Seat, Server, create, http, log_of, run_seat, run_seat_until, temp_dir};
use serde_json::Value;
use ulti_engine::players::splitmix as mix;
use ulti_engine::whole_game::{TableRules, WholeGame};

/// `/api/stats`'s count of tables in memory.
async fn in_memory(addr: &str) -> u64 {
    let (status, v) = http(addr, "GET", "/api/stats", None).await;
    assert_eq!(status, 200, "{v}");
    v["tables"].as_u64().unwrap()
}

/// Wait (at most `secs`) until no table is in memory.
async fn until_all_rest(addr: &str, secs: f64) -> Duration {
    let start = Instant::now();
    while in_memory(addr).await > 0 {
        assert!(
            start.elapsed().as_secs_f64() < secs,
            "{} tables still in memory after {secs} s",
            in_memory(addr).await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    start.elapsed()
}

fn numbered(f: &Value) -> bool {
    f.get("v").is_some() && !matches!(f["t"].as_str(), Some("ack" | "welcome" | "resumed"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_tables_leave_memory_and_a_seat_back_misses_nothing() {
    let dir = temp_dir("resting");
    let db = dir.join("t.sqlite");
    let server = Server::start(&db, &["--seed", "3", "--rest-after", "1"]);
    let addr = server.addr.clone();
    let mut tables = Vec::new();
    for _ in 0..50 {
        tables.push(create(&addr, ["human", "computer:easy", "computer:easy"]).await);
    }
    // Nobody connected: all 50 rest within about a second (and no computer played them).
    let waited = until_all_rest(&addr, 8.0).await;
    eprintln!("50 idle tables out of memory {waited:?} after the last was created");
    let (status, v) = http(&addr, "GET", "/api/stats", None).await;
    assert_eq!(
        (status, v["computer"]["decisions"].as_u64()),
        (200, Some(0))
    );

    // One is opened (loaded from the log), played a little, and left.
    let (table, tokens) = &tables[17];
    let token = tokens[0].clone().unwrap();
    let seat = Seat::connect(&addr, table, &token, None, 7).await;
    assert_eq!(in_memory(&addr).await, 1);
    let seat = run_seat_until(seat, |s| s.bot.actions().len() >= 6).await;
    let (bot, since) = (seat.bot.clone(), seat.bot.v);
    drop(seat);
    // The computers play up to the person's turn, then the table rests.
    until_all_rest(&addr, 10.0).await;
    let k = 18;
    let stored = log_of(&db, k);
    let last = stored.last().unwrap().0;

    // Back with since=: exactly the messages it missed, then it plays on.
    let mut seat = Seat::reconnect(&addr, table, &token, bot, Some(since)).await;
    let resumed = loop {
        let m = seat.step(10.0).await.expect("the replay");
        if m["t"] == "resumed" {
            break m;
        }
    };
    assert_eq!(resumed["v"].as_u64(), Some(last));
    let got: Vec<&Value> = seat.client.frames.iter().filter(|f| numbered(f)).collect();
    let missed: Vec<&(u64, Value)> = stored.iter().filter(|(v, _)| *v > since).collect();
    assert_eq!(got.len(), missed.len(), "{got:?}");
    eprintln!(
        "{} messages missed while away and resting, each replayed",
        got.len()
    );
    for (g, (v, m)) in got.iter().zip(&missed) {
        assert_eq!((&g["t"], g["v"].as_u64()), (&m["t"], Some(*v)));
    }
    let seat = run_seat(seat, 1).await;
    assert!(seat.bot.game >= 1);
    drop(seat);
    until_all_rest(&addr, 10.0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handle_taken_as_its_table_rests_loses_no_connection() {
    let dir = temp_dir("resting-race");
    // --rest-after 0: a table loaded by a connection's request rests before the upgraded
    // connection reaches it, every time; the connection must still be served.
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "4", "--rest-after", "0"]);
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "computer:easy", "computer:easy"]).await;
    let token = tokens[0].clone().unwrap();
    let mut seat = Seat::connect(&addr, &table, &token, None, 9).await;
    for round in 0..8 {
        seat = run_seat_until(seat, |s| s.bot.actions().len() > round).await;
        let (bot, since) = (seat.bot.clone(), seat.bot.v);
        drop(seat);
        until_all_rest(&addr, 5.0).await;
        seat = Seat::reconnect(&addr, &table, &token, bot, Some(since)).await;
        let first = seat
            .step(10.0)
            .await
            .expect("served after the table rested");
        assert!(first.get("v").is_some(), "{first}");
    }
    // A spectator and the summary of a resting table too.
    assert_eq!(in_memory(&addr).await, 1);
    drop(seat);
    until_all_rest(&addr, 5.0).await;
    let (status, v) = http(&addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(status, 200, "{v}");
    let mut watch = Client::connect(&addr, &table, None, None).await.unwrap();
    assert_eq!(watch.recv().await["t"], "welcome");
    let (status, _) = http(&addr, "GET", "/api/tables/nosuchtable", None).await;
    assert_eq!(status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_up_replays_no_table() {
    let dir = temp_dir("resting-start");
    let db = dir.join("t.sqlite");
    let mut server = Server::start(&db, &["--seed", "5", "--durability", "os"]);
    let addr = server.addr.clone();
    // One table played through three games, its log then copied to 499 more.
    let (table, tokens) = create(&addr, ["human", "computer:easy", "computer:easy"]).await;
    let seat = Seat::connect(&addr, &table, tokens[0].as_ref().unwrap(), None, 3).await;
    run_seat(seat, 3).await;
    server.kill();
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute_batch(
        "BEGIN;
         WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
         INSERT INTO tables (k, id, created_ms, rules, seed)
           SELECT i, 'copy' || i, created_ms, rules, seed FROM tables, n WHERE k = 1;
         INSERT INTO seats (table_k, seat, kind, token_sha256)
           SELECT t.k, s.seat, s.kind, s.token_sha256 FROM seats s, tables t
           WHERE s.table_k = 1 AND t.k > 1;
         INSERT INTO events (table_k, v, body)
           SELECT t.k, e.v, e.body FROM events e, tables t WHERE e.table_k = 1 AND t.k > 1;
         COMMIT;",
    )
    .unwrap();
    let rows: i64 = c
        .query_row("SELECT count(*) FROM events", [], |r| r.get(0))
        .unwrap();
    drop(c);
    let start = Instant::now();
    let server = Server::start(&db, &["--seed", "5"]);
    let took = start.elapsed();
    eprintln!("start-up with 500 stored tables ({rows} messages): {took:?}");
    // Replaying them all took 585 ms here (a debug build); loading none takes a few.
    assert!(took < Duration::from_millis(400), "start-up took {took:?}");
    assert_eq!(in_memory(&server.addr).await, 0);
    // A copy opens, loaded from the log, three games played.
    let (status, v) = http(&server.addr, "GET", "/api/tables/copy250", None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(in_memory(&server.addr).await, 1);
}

/// The hands of game `n`'s deal as the old derivation gives them from the table's seed.
fn derived_hands(seed: u64, n: u32) -> Vec<String> {
    let dealer = (n as usize + 1) % 3;
    let g = WholeGame::random(TableRules::default(), dealer, mix(seed ^ u64::from(n)));
    g.dealt().iter().map(ToString::to_string).collect()
}

/// Table 1's stored seed and its deals' hands, games 1 and 2.
fn stored_deals(db: &Path) -> (u64, Vec<Vec<String>>) {
    let c = rusqlite::Connection::open(db).unwrap();
    let seed: i64 = c
        .query_row("SELECT seed FROM tables WHERE k = 1", [], |r| r.get(0))
        .unwrap();
    let deals = log_of(db, 1)
        .into_iter()
        .filter(|(_, m)| m["t"] == "deal")
        .map(|(_, m)| {
            let hands = m["hands"].as_array().unwrap();
            hands
                .iter()
                .map(|h| h.as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    (seed as u64, deals)
}

/// Play table 1 of a server started with `args` into game 2: its seed and deals.
async fn two_deals(name: &str, args: &[&str]) -> (u64, Vec<Vec<String>>) {
    let dir = temp_dir(name);
    let db = dir.join("t.sqlite");
    let server = Server::start(&db, args);
    let (table, tokens) = create(&server.addr, ["human", "computer:easy", "computer:easy"]).await;
    let seat = Seat::connect(&server.addr, &table, tokens[0].as_ref().unwrap(), None, 5).await;
    let seat = run_seat_until(seat, |s| s.bot.game == 2).await;
    drop(seat);
    let out = stored_deals(&db);
    assert_eq!(out.1.len(), 2, "two deals stored");
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deals_come_from_the_os_unless_a_seed_is_given() {
    // With --seed: every deal follows from the stored seed (this derivation is the real one).
    let (seed, deals) = two_deals("deals-seeded", &["--seed", "12"]).await;
    for (n, d) in deals.iter().enumerate() {
        assert_eq!(*d, derived_hands(seed, n as u32 + 1), "game {}", n + 1);
    }
    // Without: no deal follows from the table's seed (nor does game 2 from game 1).
    let (seed, deals) = two_deals("deals-os", &[]).await;
    for (n, d) in deals.iter().enumerate() {
        assert_ne!(*d, derived_hands(seed, n as u32 + 1), "game {}", n + 1);
    }
}
