//! The protocol end to end against a real server process: creating and reading tables, the
//! welcome, numbered messages in order and filtered, acks after their message, whole games
//! with the dealer moving on and the score sheet, every finished record replaying in
//! `ulti replay` to the payments announced, spectators.

mod common;

use common::{Client, Seat, Server, create, http, play, replay_payments, temp_dir};
use serde_json::{Value, json};

/// Every numbered frame of one connection after its first comes in order, one by one.
fn assert_numbered_in_order(frames: &[Value], who: &str) {
    let mut last: Option<u64> = None;
    for f in frames {
        let numbered = !matches!(
            f["t"].as_str(),
            Some("welcome" | "resumed" | "ack" | "error" | "pong" | "state")
        );
        if f["t"] == "welcome" {
            last = f["v"].as_u64();
        } else if numbered {
            let v = f["v"].as_u64().expect("a numbered message has v");
            if let Some(l) = last {
                assert_eq!(v, l + 1, "{who}: {f} after v {l}");
            }
            last = Some(v);
        }
    }
}

/// An ack comes after the message it names, on the acting connection.
fn assert_acks_follow_their_message(frames: &[Value], who: &str) {
    for (i, f) in frames.iter().enumerate() {
        if f["t"] == "ack" {
            let v = f["v"].as_u64().unwrap();
            assert!(
                frames[..i]
                    .iter()
                    .any(|g| g["v"] == json!(v) && g["t"] != "ack"),
                "{who}: ack {f} before its message"
            );
        }
    }
}

/// After every change a connection gets its `state`: its seat's view and what it may do,
/// never another seat's cards (a spectator's holds no hand and no choices).
fn assert_states_follow_each_change(frames: &[Value], seat: Option<u64>, who: &str) {
    let mut pending: Option<u64> = None;
    let mut states = 0;
    for f in frames {
        match f["t"].as_str() {
            Some("state") => {
                let at = f["at"].as_u64().unwrap();
                if let Some(v) = pending {
                    assert!(at >= v, "{who}: a state at {at} for message {v}");
                }
                pending = None;
                states += 1;
                let view = &f["table_view"];
                let hand = view["hand"].as_u64().unwrap().count_ones();
                match seat {
                    Some(s) => {
                        assert_eq!(view["seat"], s, "{who}");
                        if view["stage"] != "over" {
                            assert_eq!(f["turn"]["seat"], s, "{who}");
                        }
                        let picked = f["picked_up"] == s;
                        let held = view["held"][s as usize].as_u64().unwrap() as u32;
                        assert_eq!(hand, held, "{who}: its own cards, all of them");
                        if picked {
                            assert!(!view["known_talon"].is_null(), "{who}: the talon it took");
                        }
                    }
                    None => {
                        assert_eq!(hand, 0, "{who}: a spectator sees no hand");
                        assert!(
                            view["known_talon"].is_null() && f["turn"].is_null(),
                            "{who}"
                        );
                    }
                }
            }
            Some("welcome" | "resumed" | "ack" | "error" | "pong") | None => {}
            Some(_) => pending = f["v"].as_u64().or(pending),
        }
    }
    assert!(states > 10, "{who}: {states} states");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_games_round_trip_with_the_dealer_moving_on() {
    let dir = temp_dir("round-trip");
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "5"]);
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "human", "computer:easy"]).await;
    assert!(tokens[2].is_none());
    assert!(tokens[0].as_ref().unwrap().len() >= 22, "128 bits at least");

    let (status, s) = http(&addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(s["games"], 0);
    assert_eq!(
        s["seats"],
        json!([
            {"kind": "human", "level": null, "connected": false},
            {"kind": "human", "level": null, "connected": false},
            {"kind": "computer", "level": "easy", "connected": true}
        ])
    );
    assert!(!s.to_string().contains(tokens[0].as_ref().unwrap()));

    // A spectator first: it sees game 1 dealt (v = 1) with no hand.
    let mut spectator = Client::connect(&addr, &table, None, Some(0)).await.unwrap();
    let deal = spectator.recv().await;
    assert_eq!(deal["t"], "deal");
    assert_eq!(
        (deal["v"].clone(), deal["game"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(deal["dealer"], 2);
    assert!(deal.get("hand").is_none());
    assert_eq!(spectator.recv().await, json!({"t": "resumed", "v": 1}));
    spectator.send_text(r#"{"t":"ping"}"#).await;
    assert_eq!(spectator.recv().await, json!({"t": "pong"}));

    let mut seats = Vec::new();
    for (s, token) in tokens.iter().take(2).enumerate() {
        let token = token.as_ref().unwrap();
        seats.push(Seat::connect(&addr, &table, token, None, 11 + s as u64).await);
    }
    // The welcome: every field of the protocol.
    let mut first = seats.remove(0);
    let w = first.step(10.0).await.unwrap();
    for field in [
        "seat",
        "v",
        "game",
        "view",
        "seats",
        "sheet",
        "picked_up",
        "talon",
        "ready",
    ] {
        assert!(w.get(field).is_some(), "welcome without {field}: {w}");
    }
    assert_eq!(w["seat"], 0);
    assert_eq!(w["view"]["format"], "ulti-game/1");
    assert_eq!(w["view"]["hands"][1], Value::Null);
    assert_eq!(
        w["view"]["hands"][0].as_str().unwrap().split(',').count(),
        12
    );
    seats.insert(0, first);

    let seats = play(seats, 3).await;
    // The spectator reads along to the third over.
    let mut overs = Vec::new();
    while overs.len() < 3 {
        let m = spectator.recv().await;
        if m["t"] == "over" {
            overs.push(m);
        }
    }

    // Deals: game N's dealer is (N + 1) mod 3.
    let deals: Vec<&Value> = spectator
        .frames
        .iter()
        .filter(|f| f["t"] == "deal")
        .collect();
    assert_eq!(
        deals
            .iter()
            .map(|d| d["dealer"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        vec![2, 0, 1]
    );
    for s in &seats {
        let who = format!("seat {:?}", s.bot.seat);
        assert_numbered_in_order(&s.client.frames, &who);
        assert_acks_follow_their_message(&s.client.frames, &who);
        assert_states_follow_each_change(&s.client.frames, s.bot.seat.map(|x| x as u64), &who);
        // Each deal carries the seat's own hand.
        let hands: Vec<&Value> = s
            .client
            .frames
            .iter()
            .filter(|f| f["t"] == "deal")
            .collect();
        assert!(hands.iter().all(|d| d["hand"].is_string()));
    }
    assert_numbered_in_order(&spectator.frames, "spectator");
    assert_states_follow_each_change(&spectator.frames, None, "spectator");

    // The finished records: public, and each replays to the payments announced.
    let (status, games) = http(&addr, "GET", &format!("/api/tables/{table}/games"), None).await;
    assert_eq!(status, 200);
    let games = games.as_array().unwrap().clone();
    assert_eq!(games.len(), 3);
    let mut totals = [0i64; 3];
    for (g, over) in games.iter().zip(&overs) {
        assert_eq!(&over["record"], g);
        assert_eq!(replay_payments(g), over["payments"]);
        for (t, p) in totals.iter_mut().zip(over["payments"].as_array().unwrap()) {
            *t += p.as_i64().unwrap();
        }
    }
    let (_, s) = http(&addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(s["games"], 3);
    assert_eq!(s["sheet"]["totals"], json!(totals));
    assert_eq!(s["sheet"]["games"].as_array().unwrap().len(), 3);
    assert_eq!(s["seats"][0]["connected"], true);

    // Every person's action is by a person; the computer seat's by the computer.
    for f in spectator.frames.iter().filter(|f| f["t"] == "event") {
        let seat = f["action"].as_str().unwrap().split(' ').next().unwrap();
        let want = if seat == "2" { "computer" } else { "person" };
        assert_eq!(f["by"], want, "{f}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pick_up_is_live_and_the_talon_reaches_its_seat_only() {
    let dir = temp_dir("pickup");
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "9"]);
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "human", "human"]).await;
    let t = |s: usize| tokens[s].clone().unwrap();
    let mut c: Vec<Client> = Vec::new();
    for s in 0..3 {
        let mut x = Client::connect(&addr, &table, Some(&t(s)), None)
            .await
            .unwrap();
        x.recv().await;
        c.push(x);
    }
    let w = Client::connect(&addr, &table, Some(&t(0)), None)
        .await
        .unwrap()
        .recv()
        .await;
    let hand: Vec<String> = w["view"]["hands"][0]
        .as_str()
        .unwrap()
        .split(',')
        .map(String::from)
        .collect();
    // Seat 1 cannot bid before the forehand opens, nor pick up out of turn.
    let e = c[1].request(json!({"t": "pickup"})).await;
    assert_eq!(e["t"], "error");
    let a = c[0]
        .act(&format!("bid passz {},{}", hand[0], hand[1]))
        .await;
    assert_eq!(a["t"], "ack", "{a}");
    // The forehand's opening needs no pick-up; seat 1's bid does.
    let e = c[1].act("bid 40-100 ZA,ZK").await;
    assert!(e["error"].as_str().unwrap().contains("pickup"), "{e}");
    let ack = c[1].request(json!({"t": "pickup"})).await;
    assert_eq!(ack["t"], "ack");
    let talon = c[1]
        .frames
        .iter()
        .find(|f| f["t"] == "talon")
        .cloned()
        .expect("the talon before the ack");
    assert_eq!(talon["v"], ack["v"]);
    let mut cards: Vec<&str> = talon["cards"].as_str().unwrap().split(',').collect();
    cards.sort_unstable();
    let mut want = vec![hand[0].as_str(), hand[1].as_str()];
    want.sort_unstable();
    assert_eq!(cards, want, "the talon is the forehand's discard");
    for other in [0, 2] {
        let m = c[other].until(|f| f["t"] == "talon").await;
        assert!(m.get("cards").is_none(), "seat {other} got {m}");
        assert_eq!(m["seat"], 1);
    }
    // A second pick-up and a stand are refused; the welcome says who picked up.
    assert_eq!(c[1].request(json!({"t": "pickup"})).await["t"], "error");
    let w1 = Client::connect(&addr, &table, Some(&t(1)), None)
        .await
        .unwrap()
        .recv()
        .await;
    assert_eq!(w1["picked_up"], 1);
    assert_eq!(w1["talon"], talon["cards"]);
    let w2 = Client::connect(&addr, &table, Some(&t(2)), None)
        .await
        .unwrap()
        .recv()
        .await;
    assert_eq!(w2["picked_up"], 1);
    assert_eq!(w2["talon"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_is_served_beside_the_api() {
    let dir = temp_dir("site");
    let site = dir.join("site");
    std::fs::create_dir_all(site.join("assets")).unwrap();
    std::fs::write(site.join("index.html"), "<html>the app</html>").unwrap();
    std::fs::write(site.join("assets/app.js"), "console.log(1)").unwrap();
    let server = Server::start(&dir.join("t.sqlite"), &["--site", site.to_str().unwrap()]);
    let addr = server.addr.clone();
    let (status, body) = http(&addr, "GET", "/", None).await;
    assert_eq!((status, body), (200, json!("<html>the app</html>")));
    let (status, body) = http(&addr, "GET", "/assets/app.js", None).await;
    assert_eq!((status, body), (200, json!("console.log(1)")));
    // The app's own routes get index.html.
    let (status, body) = http(&addr, "GET", "/table?deal=1", None).await;
    assert_eq!((status, body), (200, json!("<html>the app</html>")));
    // The API keeps its JSON errors.
    let (status, body) = http(&addr, "GET", "/api/nothing", None).await;
    assert_eq!(status, 404);
    assert!(body["error"].is_string());
    let (table, _) = create(&addr, ["human", "computer:easy", "computer:easy"]).await;
    let (status, _) = http(&addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(status, 200);
}

/// `GET /api` names the protocol, and the API answers a page from another origin (the app on
/// GitHub Pages): a preflight allows its JSON requests.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_protocol_is_named_and_another_origin_may_call() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir = temp_dir("protocol-name");
    let server = Server::start(&dir.join("t.sqlite"), &[]);
    let (status, v) = http(&server.addr, "GET", "/api", None).await;
    assert_eq!((status, v), (200, json!({"protocol": "ulti-table/1"})));
    let mut s = tokio::net::TcpStream::connect(&server.addr).await.unwrap();
    let req = format!(
        "OPTIONS /api/tables HTTP/1.1\r\nHost: {}\r\nOrigin: https://example.github.io\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\nConnection: close\r\n\r\n",
        server.addr
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let head = out.to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{out}");
    assert!(head.contains("access-control-allow-origin: *"), "{out}");
    assert!(
        head.contains("access-control-allow-methods:") && head.contains("post"),
        "{out}"
    );
}
