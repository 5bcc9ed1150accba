//! The lobby: "play now" seats players at a public table with the same rules (or opens one),
//! the seats still empty after the opener's wait get computers, the table then plays as any
//! other; the feed pushes each table added, changed and removed to every subscriber; a player
//! sits at one table at a time; the lobby's "Sit here" takes a seat at the table named, and is
//! refused in words at a full, private or unknown one; a flood of subscriptions is refused in
//! words.

mod common;

use common::{Client, Seat, Server, create, http_with, play, temp_dir};
use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

async fn call(addr: &str, path: &str, session: &str, body: Value) -> (u16, Value) {
    let auth = format!("Bearer {session}");
    http_with(
        addr,
        "POST",
        path,
        Some(&body),
        &[("Authorization", auth.as_str())],
    )
    .await
}

async fn guest(addr: &str) -> (String, String) {
    let (s, v) = http_with(addr, "POST", "/api/players", Some(&json!({})), &[]).await;
    assert_eq!(s, 201, "{v}");
    (
        v["session"].as_str().unwrap().into(),
        v["name"].as_str().unwrap().into(),
    )
}

type Sub =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn subscribe(addr: &str) -> Result<Sub, u16> {
    match tokio_tungstenite::connect_async(format!("ws://{addr}/api/lobby/ws")).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            let body = String::from_utf8_lossy(r.body().as_deref().unwrap_or_default()).to_string();
            assert!(body.contains("lobby subscriptions"), "{body}");
            Err(r.status().as_u16())
        }
        Err(e) => panic!("{e}"),
    }
}

async fn next(sub: &mut Sub) -> Value {
    loop {
        let m = tokio::time::timeout(std::time::Duration::from_secs(10), sub.next())
            .await
            .expect("a lobby message within 10 s")
            .expect("open")
            .expect("a frame");
        if let Message::Text(t) = m {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

/// Read changes until `f` holds for one.
async fn until(sub: &mut Sub, f: impl Fn(&Value) -> bool) -> Value {
    loop {
        let m = next(sub).await;
        assert_eq!(m["t"], "lobby_changes", "{m}");
        if f(&m) {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_now_meets_fills_with_computers_and_the_lobby_sees_each_change() {
    let dir = temp_dir("lobby");
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "9", "--away-after", "2"]);
    let a = server.addr.clone();
    let mut sub = subscribe(&a).await.unwrap();
    let first = next(&mut sub).await;
    assert_eq!(first, json!({"t": "lobby", "tables": []}));
    let (s1, n1) = guest(&a).await;
    let (s2, n2) = guest(&a).await;
    let (s3, _) = guest(&a).await;
    // The first opens a table (its wait: 2 s, its computers: easy) and sits at seat 0.
    let (st, p1) = call(&a, "/api/play", &s1, json!({"level": "easy", "wait_s": 2})).await;
    assert_eq!(
        (st, p1["seat"].as_u64(), p1["opened"].as_bool()),
        (200, Some(0), Some(true)),
        "{p1}"
    );
    let table = p1["table"].as_str().unwrap().to_string();
    let added = until(&mut sub, |m| {
        m["added"].as_array().is_some_and(|a| !a.is_empty())
    })
    .await;
    let entry = &added["added"][0];
    assert_eq!(entry["table"], table.as_str());
    assert_eq!(entry["level"], "easy");
    assert_eq!(entry["seats"][0]["name"], n1.as_str());
    assert_eq!(entry["seats"][1]["waiting"], true);
    // Once seated, a player sits nowhere else.
    let (st, v) = call(&a, "/api/play", &s1, json!({})).await;
    assert_eq!(st, 409, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("leave it first"),
        "{v}"
    );
    // The second, with the same rules (none named: the defaults), joins that table.
    let (st, p2) = call(
        &a,
        "/api/play",
        &s2,
        json!({"level": "strong", "wait_s": 100}),
    )
    .await;
    assert_eq!(
        (
            st,
            p2["table"].as_str(),
            p2["seat"].as_u64(),
            p2["opened"].as_bool()
        ),
        (200, Some(table.as_str()), Some(1), Some(false)),
        "{p2}"
    );
    let changed = until(&mut sub, |m| {
        m["changed"].as_array().is_some_and(|a| !a.is_empty())
    })
    .await;
    assert_eq!(changed["changed"][0]["seats"][1]["name"], n2.as_str());
    // Other rules: another table.
    let (st, p3) = call(
        &a,
        "/api/play",
        &s3,
        json!({"rules": {"must_beat_after_trump": true}, "wait_s": 300}),
    )
    .await;
    assert_eq!((st, p3["opened"].as_bool()), (200, Some(true)), "{p3}");
    assert_ne!(p3["table"], table.as_str());
    // `new`: a table of one's own even when one with the same rules waits.
    let (s4, _) = guest(&a).await;
    let (st, p4) = call(
        &a,
        "/api/play",
        &s4,
        json!({"rules": {"must_beat_after_trump": true}, "new": true, "wait_s": 300}),
    )
    .await;
    assert_eq!((st, p4["opened"].as_bool()), (200, Some(true)), "{p4}");
    assert_ne!(p4["table"], p3["table"]);
    let (st, v) = call(&a, "/api/play", &s4, json!({"new": "yes"})).await;
    assert_eq!(st, 400, "{v}");
    // The seats' tokens hold their seats, and the seats show the players' names.
    let mut c1 = Client::connect(&a, &table, p1["token"].as_str(), None)
        .await
        .unwrap();
    let w = c1.recv().await;
    assert_eq!(
        (w["t"].as_str(), w["seat"].as_u64()),
        (Some("welcome"), Some(0)),
        "{w}"
    );
    assert_eq!(w["seats"][0]["name"], n1.as_str());
    // Two seconds after opening, seat 2 is an easy computer's, and the lobby drops the table.
    let removed = until(&mut sub, |m| {
        m["removed"].as_array().is_some_and(|a| !a.is_empty())
    })
    .await;
    assert_eq!(removed["removed"][0], table.as_str());
    let fill = c1.until(|m| m["t"] == "fill").await;
    assert_eq!(
        (fill["seat"].as_u64(), fill["level"].as_str()),
        (Some(2), Some("easy")),
        "{fill}"
    );
    drop(c1);
    // Then it plays as any table: a whole game by the two people and the computer.
    let seat1 = Seat::connect(&a, &table, p1["token"].as_str().unwrap(), None, 1).await;
    let seat2 = Seat::connect(&a, &table, p2["token"].as_str().unwrap(), None, 2).await;
    let seats = play(vec![seat1, seat2], 1).await;
    assert!(seats.iter().all(|s| common::finished(s, 1)));
    // A new name shows at once; a deleted account's seat shows no name (its games stay).
    let (st, _) = call(&a, "/api/me/name", &s1, json!({"name": "Új Név"})).await;
    assert_eq!(st, 200);
    let (_, t) = common::http(&a, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(t["seats"][0]["name"], "Új Név", "{t}");
    let (st, _) = call(&a, "/api/me/delete", &s2, json!({})).await;
    assert_eq!(st, 200);
    let (_, t) = common::http(&a, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(
        (t["seats"][1]["name"].clone(), t["games"].as_u64()),
        (Value::Null, Some(1)),
        "{t}"
    );
    // Leaving frees the player for another table.
    let (st, v) = call(&a, "/api/me/leave", &s1, json!({})).await;
    assert_eq!(st, 200, "{v}");
    let (st, v) = call(
        &a,
        "/api/play",
        &s1,
        json!({"rules": {"must_beat_after_trump": true}}),
    )
    .await;
    assert_eq!((st, v["table"].clone()), (200, p3["table"].clone()), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sit_here_takes_a_seat_at_the_table_named_or_says_why_not() {
    let dir = temp_dir("lobby-sit");
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "4"]);
    let a = server.addr.clone();
    let (s1, _) = guest(&a).await;
    let (s2, n2) = guest(&a).await;
    let (s3, _) = guest(&a).await;
    let (s4, _) = guest(&a).await;
    // Two public tables with the same rules; the second player picks the newer one, which
    // "play now" would not have chosen (it takes the one waiting longest).
    let (_, older) = call(&a, "/api/play", &s1, json!({"wait_s": 300})).await;
    let (s0, _) = guest(&a).await;
    let (_, newer) = call(&a, "/api/play", &s0, json!({"wait_s": 300, "new": true})).await;
    let newer_id = newer["table"].as_str().unwrap().to_string();
    assert_ne!(older["table"], newer["table"]);
    let (st, v) = call(&a, "/api/play", &s2, json!({"table": newer_id})).await;
    assert_eq!(
        (
            st,
            v["table"].as_str(),
            v["seat"].as_u64(),
            v["opened"].as_bool()
        ),
        (200, Some(newer_id.as_str()), Some(1), Some(false)),
        "{v}"
    );
    let (_, t) = common::http(&a, "GET", &format!("/api/tables/{newer_id}"), None).await;
    assert_eq!(t["seats"][1]["name"], n2.as_str(), "{t}");
    // Its token holds the seat.
    let mut c = Client::connect(&a, &newer_id, v["token"].as_str(), None)
        .await
        .unwrap();
    assert_eq!(c.recv().await["seat"], 1);
    // Once seated there, a player sits nowhere else, not even by naming a table.
    let older_id = older["table"].as_str().unwrap();
    let (st, v) = call(&a, "/api/play", &s2, json!({"table": older_id})).await;
    assert_eq!(st, 409, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("leave it first"),
        "{v}"
    );
    // The third seat taken: the table is full, and the next is refused in words.
    let (st, _) = call(&a, "/api/play", &s3, json!({"table": newer_id})).await;
    assert_eq!(st, 200);
    let (st, v) = call(&a, "/api/play", &s4, json!({"table": newer_id})).await;
    assert_eq!(st, 409, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("no seat waiting for a person"),
        "{v}"
    );
    // A private table (invitations only) has no seat for the lobby, whatever its seats.
    let (private, _) = create(&a, ["human", "human", "computer:easy"]).await;
    let (st, v) = call(&a, "/api/play", &s4, json!({"table": private})).await;
    assert_eq!(st, 409, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("no seat waiting for a person"),
        "{v}"
    );
    // An unknown table: 404 in words; a table that is not an id: 400.
    let (st, v) = call(&a, "/api/play", &s4, json!({"table": "nosuchtable"})).await;
    assert_eq!(st, 404, "{v}");
    assert!(v["error"].as_str().unwrap().contains("no table"), "{v}");
    let (st, v) = call(&a, "/api/play", &s4, json!({"table": 7})).await;
    assert_eq!(st, 400, "{v}");
    // Refused everywhere, the fourth still sits nowhere: "play now" seats it.
    let (st, v) = call(&a, "/api/play", &s4, json!({})).await;
    assert_eq!((st, v["table"].as_str()), (200, Some(older_id)), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_lobby_subscriptions_is_refused_in_words() {
    let dir = temp_dir("lobby-flood");
    let server = Server::start(&dir.join("t.sqlite"), &["--limit-loopback"]);
    let a = server.addr.clone();
    let mut open = Vec::new();
    for _ in 0..4 {
        let mut s = subscribe(&a).await.expect("four at once are allowed");
        assert_eq!(next(&mut s).await["t"], "lobby");
        open.push(s);
    }
    for _ in 0..20 {
        assert_eq!(subscribe(&a).await.err(), Some(429));
    }
    // One closes: one more may come; the others still receive.
    drop(open.pop());
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut again = subscribe(&a).await.expect("a place was given back");
    assert_eq!(next(&mut again).await["t"], "lobby");
    let (s1, _) = guest(&a).await;
    let (st, _) = call(&a, "/api/play", &s1, json!({"wait_s": 60})).await;
    assert_eq!(st, 200);
    for s in open.iter_mut().chain([&mut again]) {
        let m = next(s).await;
        assert_eq!(m["added"].as_array().map(Vec::len), Some(1), "{m}");
    }
}
