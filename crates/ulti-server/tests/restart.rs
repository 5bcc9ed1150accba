//! Kill and restart: the server is killed with SIGKILL at many moments of whole games (in the
//! auction, between a pick-up and its bid, in the middle of a trick, at `over`, while a
//! computer decides) and started again on the same file; the clients reconnect with `since=`
//! and play on. Then no acknowledged action is lost or doubled, numbers never went back,
//! every finished record replays to its payments, and the games are those the same seeds
//! play without a crash.

mod common;

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use common::{Client, Seat, Server, create, http, log_of, replay_payments, temp_dir};
use serde_json::Value;
use tokio::sync::watch;
use ulti_engine::whole_game::Action;
use ulti_server::bot::{Bot, Request, Temper};

const SEED: &str = "77";
const GAMES: u32 = 3;
/// Table 1: three people; table 2: a normal computer at seat 1 (the one watched).
const TABLES: [[&str; 3]; 2] = [
    ["human", "human", "human"],
    ["human", "computer:normal", "human"],
];

/// What a seat did over all its connections.
struct SeatLog {
    seat: usize,
    acked: Vec<(u64, Request)>,
    /// Each connection's frames.
    connections: Vec<Vec<Value>>,
}

/// Play one seat to the end of game `GAMES`, reconnecting with `since=` whenever the server
/// goes away (to wherever `addr` says it is now).
async fn resilient_seat(
    mut addr: watch::Receiver<String>,
    table: String,
    token: String,
    seed: u64,
) -> SeatLog {
    let mut bot = Bot::new(None, seed, Temper::default());
    let mut log = SeatLog {
        seat: 9,
        acked: Vec::new(),
        connections: Vec::new(),
    };
    let mut since = None;
    loop {
        let a = addr.borrow_and_update().clone();
        let Ok(client) = Client::try_connect(&a, &table, Some(&token), since).await else {
            // Not up yet: wait for the next address.
            let _ = tokio::time::timeout(Duration::from_secs(2), addr.changed()).await;
            continue;
        };
        let mut s = Seat::from_client(client, bot.clone(), since.is_some());
        let mut done = false;
        loop {
            if common::finished(&s, GAMES) {
                done = true;
                break;
            }
            if !s.try_act().await {
                break;
            }
            if s.step(60.0).await.is_none() {
                break;
            }
        }
        bot = s.bot.clone();
        log.seat = bot.seat.unwrap_or(9);
        log.acked.append(&mut s.acked);
        log.connections.push(std::mem::take(&mut s.client.frames));
        if done {
            return log;
        }
        since = Some(bot.v);
        // The connection ended: the server is being killed; wait for the next one.
        if *addr.borrow() == a {
            let _ = tokio::time::timeout(Duration::from_secs(10), addr.changed()).await;
        }
    }
}

/// The moments to kill at, in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Moment {
    Auction,
    PickedUp,
    MidTrick,
    Over,
    ComputerDeciding,
}

const MOMENTS: [Moment; 5] = [
    Moment::Auction,
    Moment::PickedUp,
    Moment::MidTrick,
    Moment::ComputerDeciding,
    Moment::Over,
];

/// Is `m` (a spectator's frame of table 2, `cards` played so far in its game) the moment?
fn is_moment(moment: Moment, m: &Value, cards: usize) -> bool {
    match moment {
        Moment::Auction => m["t"] == "event" && m["stage"] == "auction",
        Moment::PickedUp => m["t"] == "talon" && m["seat"] != 1,
        Moment::MidTrick => {
            m["t"] == "event"
                && m["action"].as_str().unwrap_or("").contains(" card ")
                && !cards.is_multiple_of(3)
        }
        Moment::Over => m["t"] == "over",
        Moment::ComputerDeciding => m["t"] == "event" && m["to_act"] == 1,
    }
}

/// Create the tables and play them to the end; with `kill`, kill and restart at the moments.
async fn run(db: &Path, kill: bool) -> (Vec<Vec<Value>>, Vec<SeatLog>, Vec<Moment>) {
    let mut server = Server::start(db, &["--seed", SEED]);
    let (tx, rx) = watch::channel(server.addr.clone());
    let mut tables = Vec::new();
    let mut tasks = Vec::new();
    for (i, seats) in TABLES.iter().enumerate() {
        let (table, tokens) = create(&server.addr, *seats).await;
        for (s, t) in tokens.iter().enumerate() {
            if let Some(t) = t {
                tasks.push(tokio::spawn(resilient_seat(
                    rx.clone(),
                    table.clone(),
                    t.clone(),
                    1000 * i as u64 + s as u64,
                )));
            }
        }
        tables.push(table);
    }
    let mut hit = Vec::new();
    if kill {
        let watched = &tables[1];
        let mut last = 0;
        let mut cards = 0;
        let mut turn = 0;
        let mut since_restart = 0;
        let mut overs = 0;
        let mut spectator = Client::connect(&server.addr, watched, None, Some(0))
            .await
            .unwrap();
        let started = Instant::now();
        while overs < GAMES {
            assert!(
                started.elapsed() < Duration::from_secs(240),
                "the games do not end"
            );
            let Some(m) = spectator.recv_within(60.0).await else {
                panic!("the watched table went quiet at v {last}");
            };
            let Some(v) = m.get("v").and_then(Value::as_u64) else {
                continue;
            };
            if m["t"] == "resumed" || v <= last {
                continue;
            }
            last = v;
            since_restart += 1;
            match m["t"].as_str() {
                Some("deal") => cards = 0,
                Some("event") if m["action"].as_str().unwrap().contains(" card ") => cards += 1,
                Some("over") => overs += 1,
                _ => {}
            }
            let moment = MOMENTS[turn % MOMENTS.len()];
            if since_restart >= 3 && is_moment(moment, &m, cards) {
                server.kill();
                hit.push(moment);
                turn += 1;
                since_restart = 0;
                // Both durabilities keep what was acknowledged through a SIGKILL.
                let durability = if hit.len() % 2 == 0 { "disk" } else { "os" };
                server = Server::start(db, &["--seed", SEED, "--durability", durability]);
                tx.send(server.addr.clone()).unwrap();
                spectator = Client::connect(&server.addr, watched, None, Some(last))
                    .await
                    .unwrap();
            } else if since_restart > 40 {
                // This kind of moment is not coming soon: try the next.
                turn += 1;
                since_restart = 3;
            }
        }
    }
    let mut logs = Vec::new();
    for t in tasks {
        logs.push(t.await.unwrap());
    }
    let mut records = Vec::new();
    for t in &tables {
        let (_, g) = http(&server.addr, "GET", &format!("/api/tables/{t}/games"), None).await;
        records.push(g.as_array().unwrap().clone());
    }
    (records, logs, hit)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_and_restart_at_many_moments_loses_and_doubles_nothing() {
    let dir = temp_dir("restart");
    let (calm, _, _) = run(&dir.join("calm.sqlite"), false).await;
    let db = dir.join("killed.sqlite");
    let (records, logs, hit) = run(&db, true).await;

    eprintln!("killed at {hit:?}");
    // Killed at every kind of moment, many times.
    let kinds: HashSet<Moment> = hit.iter().copied().collect();
    assert!(hit.len() >= 8, "{hit:?}");
    assert_eq!(kinds.len(), MOMENTS.len(), "moments hit: {hit:?}");

    // The same games as without a crash, each replaying to its payments.
    assert_eq!(
        records, calm,
        "the games differ from those played without a crash"
    );
    for (k, table) in records.iter().enumerate() {
        assert_eq!(table.len(), GAMES as usize);
        let log = log_of(&db, k as i64 + 1);
        let overs: Vec<&Value> = log
            .iter()
            .map(|x| &x.1)
            .filter(|m| m["t"] == "over")
            .collect();
        for (r, over) in table.iter().zip(overs) {
            assert_eq!(replay_payments(r), over["payments"]);
            assert_eq!(&over["record"], r);
        }
        // Numbers are 1, 2, 3, … with no gap: written once each.
        let vs: Vec<u64> = log.iter().map(|x| x.0).collect();
        assert_eq!(vs, (1..=vs.len() as u64).collect::<Vec<_>>());
    }

    // Every acknowledged request is in the log, at its number, once.
    let by_table: Vec<Vec<(u64, Value)>> = (1..=2).map(|k| log_of(&db, k)).collect();
    let mut restarts_seen = 0;
    for (i, seat_log) in logs.iter().enumerate() {
        let table = if i < 3 { 0 } else { 1 };
        let log = &by_table[table];
        let mut vs = HashSet::new();
        for (v, r) in &seat_log.acked {
            let (_, m) = log
                .iter()
                .find(|x| x.0 == *v)
                .expect("an acked number is stored");
            let s = seat_log.seat;
            match r {
                Request::Act(a) => {
                    let want: Action = format!("{s} {a}").parse().unwrap();
                    let got: Action = m["action"].as_str().unwrap().parse().unwrap();
                    assert_eq!(got, want, "ack v {v}");
                }
                Request::Pickup => assert_eq!(
                    (m["t"].clone(), m["seat"].clone()),
                    ("talon".into(), s.into())
                ),
                Request::Next => {
                    if m["t"] != "ready" {
                        panic!("ack v {v} of next is {m}");
                    }
                }
            }
            if !matches!(r, Request::Next) {
                assert!(vs.insert(*v), "v {v} acked twice");
            }
        }
        // Each connection's numbers only go up; later connections carry on from before.
        let mut last = 0;
        for frames in &seat_log.connections {
            for f in frames {
                if let (Some(v), false) = (
                    f.get("v").and_then(Value::as_u64),
                    matches!(f["t"].as_str(), Some("ack" | "resumed" | "welcome")),
                ) {
                    assert!(v > last, "seat {} got v {v} after {last}", seat_log.seat);
                    last = v;
                }
            }
        }
        restarts_seen += seat_log.connections.len() - 1;
    }
    assert!(
        restarts_seen >= 8,
        "the seats reconnected {restarts_seen} times"
    );
}
