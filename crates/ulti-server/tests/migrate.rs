//! A database made by the schema before versioned migrations (tests/fixtures/schema-v1.sql,
//! `user_version` 0) with a table in it: the new server upgrades it on start, the table plays
//! on as it was, and players, their ratings and the leaderboard work.

mod common;

use common::{Client, Server, create, http, temp_dir};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_database_is_upgraded_on_start_and_keeps_its_tables() {
    let dir = temp_dir("migrate");
    // A table as today's server writes it, copied row by row into a version-0 database.
    let scratch = dir.join("scratch.sqlite");
    let (table, token) = {
        let s = Server::start(&scratch, &["--seed", "5"]);
        let (table, tokens) = create(&s.addr, ["human", "computer:easy", "computer:easy"]).await;
        (table, tokens[0].clone().unwrap())
    };
    let old = dir.join("old.sqlite");
    {
        let c = rusqlite::Connection::open(&old).unwrap();
        c.execute_batch(include_str!("fixtures/schema-v1.sql"))
            .unwrap();
        let v: i64 = c
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, 0);
        c.execute("ATTACH ?1 AS s", [scratch.to_str().unwrap()])
            .unwrap();
        c.execute_batch(
            "INSERT INTO tables SELECT * FROM s.tables; INSERT INTO seats SELECT * FROM s.seats;
             INSERT INTO events SELECT * FROM s.events; DETACH s;",
        )
        .unwrap();
    }
    let server = Server::start(&old, &["--seed", "5"]);
    let a = server.addr.clone();
    // The table is there, and its seat's token holds it.
    let mut c = Client::connect(&a, &table, Some(&token), None)
        .await
        .unwrap();
    let w = c.recv().await;
    assert_eq!(
        (w["t"].as_str(), w["seat"].as_u64(), w["game"].as_u64()),
        (Some("welcome"), Some(0), Some(1)),
        "{w}"
    );
    let (s, v) = http(&a, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(s, 200, "{v}");
    // Players work on the upgraded file, and the file says its version.
    let (s, v) = http(&a, "POST", "/api/players", Some(&json!({}))).await;
    assert_eq!(s, 201, "{v}");
    // Version 3: ratings and profiles work on the upgraded file.
    let id = v["player"].as_str().unwrap();
    let (s, p) = http(&a, "GET", &format!("/api/players/{id}"), None).await;
    assert_eq!(
        (s, p["rating"]["rating"].as_i64()),
        (200, Some(1500)),
        "{p}"
    );
    let (s, b) = http(&a, "GET", "/api/leaderboard", None).await;
    assert_eq!((s, b), (200, json!([])));
    drop(c);
    drop(server);
    let c = rusqlite::Connection::open(&old).unwrap();
    let v: i64 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v as usize, ulti_server::store::MIGRATIONS.len());
    // Started again on it: nothing to do, nothing lost.
    let server = Server::start(&old, &["--seed", "5"]);
    let (s, _) = http(&server.addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(s, 200);
}
