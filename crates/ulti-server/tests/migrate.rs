//! A database made by the schema before versioned migrations (tests/fixtures/schema-v1.sql,
//! `user_version` 0) with a table in it: the new server upgrades it on start, the table plays
//! on as it was, and players, their ratings and the leaderboard work. A version-5 database
//! whose daily attempt keeps its seat's token in plain text: version 6 drops it, and the
//! attempt resumes with a fresh token.

mod common;

use common::{Client, Server, create, guest, http, http_as, plain_copies, temp_dir};
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_5_daily_attempt_loses_its_plain_token_and_resumes_with_a_fresh_one() {
    let dir = temp_dir("migrate-daily");
    // An attempt as today's server writes it (player, session, table), copied into a
    // version-5 database whose attempt row holds the seat's token as version 5 kept it.
    let scratch = dir.join("scratch.sqlite");
    let (session, table, token) = {
        let s = Server::start(&scratch, &["--daily-deals", "1"]);
        let (_, session) = guest(&s.addr).await;
        let (st, v) = http_as(
            &s.addr,
            "POST",
            "/api/daily",
            Some(&json!({})),
            Some(&session),
        )
        .await;
        assert_eq!(st, 200, "{v}");
        let table = v["table"].as_str().unwrap().to_string();
        (session, table, v["token"].as_str().unwrap().to_string())
    };
    let old = dir.join("v5.sqlite");
    {
        let c = rusqlite::Connection::open(&old).unwrap();
        for sql in &ulti_server::store::MIGRATIONS[..5] {
            c.execute_batch(sql).unwrap();
        }
        c.pragma_update(None, "user_version", 5).unwrap();
        c.execute("ATTACH ?1 AS s", [scratch.to_str().unwrap()])
            .unwrap();
        let tables: Vec<String> = c
            .prepare(
                "SELECT name FROM s.sqlite_master WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite_%' AND name <> 'daily_attempts'",
            )
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        for t in tables {
            c.execute_batch(&format!("INSERT INTO main.\"{t}\" SELECT * FROM s.\"{t}\""))
                .unwrap();
        }
        c.execute(
            "INSERT INTO daily_attempts (date, player, table_id, token, deals, at_ms) \
             SELECT date, player, table_id, ?1, deals, at_ms FROM s.daily_attempts",
            [&token],
        )
        .unwrap();
        c.execute_batch("DETACH s").unwrap();
        assert_eq!(plain_copies(&old, &token), ["daily_attempts.token"]);
    }
    let server = Server::start(&old, &["--daily-deals", "1"]);
    let a = server.addr.clone();
    assert_eq!(plain_copies(&old, &token), Vec::<String>::new());
    // Resumed: the same table, a fresh token that holds the seat; the old one is refused.
    let (s, v) = http_as(&a, "POST", "/api/daily", Some(&json!({})), Some(&session)).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["table"].as_str(), Some(table.as_str()));
    let fresh = v["token"].as_str().unwrap();
    assert_ne!(fresh, token);
    let mut c = Client::connect(&a, &table, Some(fresh), None)
        .await
        .unwrap();
    let w = c.recv().await;
    assert_eq!(
        (w["t"].as_str(), w["seat"].as_u64()),
        (Some("welcome"), Some(0)),
        "{w}"
    );
    assert!(
        Client::connect(&a, &table, Some(&token), None)
            .await
            .is_err()
    );
    assert_eq!(plain_copies(&old, fresh), Vec::<String>::new());
    let v: i64 = rusqlite::Connection::open(&old)
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v as usize, ulti_server::store::MIGRATIONS.len());
}
