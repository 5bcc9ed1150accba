//! Stopping as a container or service manager does (SIGTERM): every socket is closed with
//! 1001 in words, the process exits 0 within 10 s, and a server started again on the same
//! database resumes every table where it was.

mod common;

use std::time::Instant;

use common::{Client, Server, create, temp_dir};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_closes_every_socket_with_1001_and_a_restart_resumes() {
    let dir = temp_dir("stop");
    let db = dir.join("t.sqlite");
    let mut server = Server::start(&db, &["--seed", "5"]);
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "human", "computer:easy"]).await;
    let mut seat0 = Client::connect(&addr, &table, tokens[0].as_deref(), None)
        .await
        .unwrap();
    let mut watcher = Client::connect(&addr, &table, None, None).await.unwrap();
    let welcome = seat0.recv().await;
    watcher.recv().await;
    let v = welcome["v"].as_u64().unwrap();

    let t = Instant::now();
    let stopper = tokio::task::spawn_blocking(move || {
        let code = server.terminate(12.0);
        (code, server)
    });
    assert_eq!(seat0.close_code().await, Some(1001), "the seat's socket");
    assert_eq!(
        watcher.close_code().await,
        Some(1001),
        "the spectator's socket"
    );
    let (code, _server) = stopper.await.unwrap();
    let took = t.elapsed();
    assert_eq!(code, Some(0), "exit status after SIGTERM");
    assert!(took.as_secs_f64() < 10.0, "stopped in {took:?}");
    eprintln!("stop: SIGTERM to exit in {} ms", took.as_millis());

    let again = Server::start(&db, &["--seed", "5"]);
    let mut seat0 = Client::connect(&again.addr, &table, tokens[0].as_deref(), Some(v))
        .await
        .unwrap();
    // Nothing was lost: the replay after v ends in `resumed`, and the table plays on.
    let m = seat0.until(|m| m["t"] == "resumed").await;
    assert!(m["v"].as_u64().unwrap() >= v, "{m}");
    let (status, summary) =
        common::http(&again.addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["table"], json!(table));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_can_travel_in_a_subprotocol_instead_of_the_url() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let dir = temp_dir("subprotocol");
    let server = Server::start(&dir.join("t.sqlite"), &[]);
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "human", "computer:easy"]).await;
    let url = format!("ws://{addr}/api/tables/{table}/ws");
    let ask = |token: String| {
        let mut req = url.clone().into_client_request().unwrap();
        req.headers_mut().insert(
            "Sec-WebSocket-Protocol",
            format!("ulti-table, token.{token}").parse().unwrap(),
        );
        req
    };
    let (mut ws, res) = tokio_tungstenite::connect_async(ask(tokens[1].clone().unwrap()))
        .await
        .unwrap();
    assert_eq!(
        res.headers()["sec-websocket-protocol"],
        "ulti-table",
        "the server picks the protocol, never echoes the token"
    );
    use futures_util::StreamExt;
    let first = loop {
        if let Some(Ok(tokio_tungstenite::tungstenite::Message::Text(t))) = ws.next().await {
            break serde_json::from_str::<serde_json::Value>(t.as_str()).unwrap();
        }
    };
    assert_eq!(first["t"], "welcome");
    assert_eq!(first["seat"], 1);
    // A wrong token in the subprotocol is refused like one in the URL.
    match tokio_tungstenite::connect_async(ask("nope".into())).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("a bad token got in: {:?}", other.map(|x| x.1)),
    }
}
