//! The deal of the day on a real server (one deal a day here, `--daily-deals 1`): a guest
//! starts its attempt, a second start resumes the same table, the deal played stores its
//! money and par, the day answers with matchpoints against the field, and a start after the
//! day is played is refused in words.

mod common;

use common::{Seat, Server, http_with, run_seat, temp_dir};
use serde_json::{Value, json};

async fn call(addr: &str, method: &str, path: &str, session: Option<&str>) -> (u16, Value) {
    let auth = session.map(|s| format!("Bearer {s}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    let body = json!({});
    let b = (method == "POST").then_some(&body);
    http_with(addr, method, path, b, &headers).await
}

async fn guest(addr: &str) -> (String, String) {
    let (s, v) = call(addr, "POST", "/api/players", None).await;
    assert_eq!(s, 201, "{v}");
    (
        v["player"].as_str().unwrap().to_string(),
        v["session"].as_str().unwrap().to_string(),
    )
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
    // Started again before the deal is over: the same table and seat (resume).
    let (s, again) = call(addr, "POST", "/api/daily", Some(session)).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(
        (&again["table"], &again["token"]),
        (&start["table"], &start["token"])
    );
    let table = start["table"].as_str().unwrap();
    let seat = Seat::connect(addr, table, start["token"].as_str().unwrap(), None, 5).await;
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
