//! The deal of the day on a real server (one deal a day here, `--daily-deals 1`): a guest
//! starts its attempt, a second start resumes the same table with a fresh seat token (the
//! old one refused, no token stored in plain text, before and after a restart), the deal
//! played stores its money and par, the day answers with matchpoints against the field, and
//! a start after the day is played is refused in words.

mod common;

use common::{Client, Seat, Server, guest, http_as, plain_copies, run_seat, temp_dir};
use serde_json::{Value, json};

async fn call(addr: &str, method: &str, path: &str, session: Option<&str>) -> (u16, Value) {
    let body = json!({});
    let b = (method == "POST").then_some(&body);
    http_as(addr, method, path, b, session).await
}

/// Start (or resume) the attempt of `session`, then play its one deal out.
async fn play_the_day(addr: &str, session: &str) -> Value {
    let (s, start) = call(addr, "POST", "/api/daily", Some(session)).await;
    assert_eq!(s, 200, "{start}");
    assert_eq!(start["seat"], json!(0));
    assert_eq!(
        (start["deals"].as_u64(), start["played"].as_u64()),
        (Some(1), Some(0))
    );
    // Started again before the deal is over: the same table and seat (resume), a new token.
    let (s, again) = call(addr, "POST", "/api/daily", Some(session)).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(again["table"], start["table"]);
    assert_ne!(again["token"], start["token"]);
    let table = start["table"].as_str().unwrap();
    let seat = Seat::connect(addr, table, again["token"].as_str().unwrap(), None, 5).await;
    run_seat(seat, 1).await;
    start
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_attempt_a_day_scored_by_matchpoints() {
    let dir = temp_dir("daily");
    let server = Server::start(&dir.join("t.sqlite"), &["--daily-deals", "1"]);
    let a = server.addr.clone();
    // No session, no attempt.
    let (s, v) = call(&a, "POST", "/api/daily", None).await;
    assert_eq!(s, 401, "{v}");
    let (p1, s1) = guest(&a).await;
    let first = play_the_day(&a, &s1).await;
    let (s, day) = call(&a, "GET", "/api/daily", Some(&s1)).await;
    assert_eq!(s, 200, "{day}");
    let mine = &day["mine"][0];
    assert_eq!(mine["deal"], json!(1), "{day}");
    assert!(mine["money"].is_i64() && mine["par"].is_i64(), "{day}");
    // Alone on the deal: 100 %, nobody else in the field.
    assert_eq!(
        (mine["mp"].as_f64(), mine["field"].as_u64()),
        (Some(100.0), Some(0))
    );
    assert_eq!(day["attempt"]["done"], json!(true), "{day}");
    assert_eq!(day["standings"][0]["player"], json!(p1));
    // The day is played: a start now is refused in words.
    let (s, v) = call(&a, "POST", "/api/daily", Some(&s1)).await;
    assert_eq!(s, 409, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("one attempt a day"),
        "{v}"
    );
    // A second player gets its own table with the same deal: the field grows to one.
    let (_, s2) = guest(&a).await;
    let second = play_the_day(&a, &s2).await;
    assert_ne!(second["table"], first["table"]);
    let (_, day) = call(&a, "GET", "/api/daily", Some(&s1)).await;
    let mine = &day["mine"][0];
    assert_eq!(mine["field"].as_u64(), Some(1), "{day}");
    assert!(
        [0.0, 50.0, 100.0].contains(&mine["mp"].as_f64().unwrap()),
        "{day}"
    );
    assert_eq!(day["standings"].as_array().unwrap().len(), 2, "{day}");
    // Without a session: the standings only. A bad date: 400 in words.
    let (s, day) = call(&a, "GET", "/api/daily", None).await;
    assert_eq!(s, 200);
    assert!(day.get("mine").is_none(), "{day}");
    let (s, v) = call(&a, "GET", "/api/daily?date=2026-02-30", None).await;
    assert_eq!(s, 400, "{v}");
    // Today is not history yet.
    let (s, h) = call(&a, "GET", "/api/daily/history", None).await;
    assert_eq!((s, h), (200, json!([])));
}

/// The seat's token `token` is refused at `table` (the handshake answers 403 or 404).
async fn refused(addr: &str, table: &str, token: &str) {
    match Client::connect(addr, table, Some(token), None).await {
        Err(status) => assert!([401, 403, 404].contains(&status), "{status}"),
        Ok(mut c) => panic!("the old token still holds the seat: {:?}", c.recv().await),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resume_renews_the_seat_token_and_no_token_is_stored_in_plain_text() {
    let dir = temp_dir("daily-tokens");
    let db = dir.join("t.sqlite");
    let mut server = Server::start(&db, &["--daily-deals", "1"]);
    let a = server.addr.clone();
    let (_, session) = guest(&a).await;
    let (s, start) = call(&a, "POST", "/api/daily", Some(&session)).await;
    assert_eq!(s, 200, "{start}");
    let table = start["table"].as_str().unwrap().to_string();
    let old = start["token"].as_str().unwrap().to_string();
    assert_eq!(plain_copies(&db, &old), Vec::<String>::new());
    // The first token holds the seat until the resume, which lets its connection go.
    let mut c = Client::connect(&a, &table, Some(&old), None).await.unwrap();
    let w = c.recv().await;
    assert_eq!(
        (w["t"].as_str(), w["seat"].as_u64()),
        (Some("welcome"), Some(0))
    );
    let (s, again) = call(&a, "POST", "/api/daily", Some(&session)).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(again["table"], start["table"]);
    let new = again["token"].as_str().unwrap().to_string();
    assert_ne!(new, old);
    let let_go = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while c.recv_within(10.0).await.is_some() {}
    })
    .await;
    assert!(let_go.is_ok(), "the old token's connection is still open");
    refused(&a, &table, &old).await;
    for t in [&old, &new] {
        assert_eq!(
            plain_copies(&db, t),
            Vec::<String>::new(),
            "a token in plain text"
        );
    }
    // A restart replays the table's log: still the new token, not the old one.
    server.kill();
    drop(server);
    let server = Server::start(&db, &["--daily-deals", "1"]);
    let a = server.addr.clone();
    refused(&a, &table, &old).await;
    let seat = Seat::connect(&a, &table, &new, None, 5).await;
    run_seat(seat, 1).await;
    let (_, day) = call(&a, "GET", "/api/daily", Some(&session)).await;
    assert_eq!(day["mine"][0]["deal"], json!(1), "{day}");
    assert_eq!(plain_copies(&db, &new), Vec::<String>::new());
}
