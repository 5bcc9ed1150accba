//! Players, accounts and sessions: a guest at once, an account that keeps the guest, login
//! rate-limited, sessions revocable; and the abuse of each — a wrong password (the same words
//! whether the name exists or not), a taken name, a name with control characters, another
//! player's session, a deleted account's session — refused in words, nothing changed.

mod common;

use common::{Server, http_with, temp_dir};
use serde_json::{Value, json};

async fn call(
    addr: &str,
    method: &str,
    path: &str,
    session: Option<&str>,
    body: Value,
) -> (u16, Value) {
    let auth = session.map(|s| format!("Bearer {s}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    let b = (method == "POST").then_some(&body);
    http_with(addr, method, path, b, &headers).await
}

async fn guest(addr: &str) -> (String, String, String) {
    let (s, v) = call(addr, "POST", "/api/players", None, json!({})).await;
    assert_eq!(s, 201, "{v}");
    let name = v["name"].as_str().unwrap().to_string();
    assert!(name.starts_with("guest-"), "{v}");
    (
        v["player"].as_str().unwrap().to_string(),
        v["session"].as_str().unwrap().to_string(),
        name,
    )
}

fn words(v: &Value) -> String {
    v["error"].as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_becomes_an_account_keeps_its_id_and_logs_in_elsewhere() {
    let dir = temp_dir("accounts");
    let db = dir.join("t.sqlite");
    let server = Server::start(&db, &[]);
    let a = server.addr.clone();
    let (id, session, _) = guest(&a).await;
    let (s, me) = call(&a, "GET", "/api/me", Some(&session), json!({})).await;
    assert_eq!(
        (s, me["player"].as_str(), me["account"].as_bool()),
        (200, Some(id.as_str()), Some(false))
    );
    // A chosen name, then an account under it: the same player.
    let (s, v) = call(
        &a,
        "POST",
        "/api/me/name",
        Some(&session),
        json!({"name": "Kovács Pál"}),
    )
    .await;
    assert_eq!((s, v["name"].as_str()), (200, Some("Kovács Pál")), "{v}");
    let (s, v) = call(
        &a,
        "POST",
        "/api/me/account",
        Some(&session),
        json!({"name": "Kovács Pál", "password": "piros ász 11"}),
    )
    .await;
    assert_eq!(
        (s, v["player"].as_str(), v["account"].as_bool()),
        (200, Some(id.as_str()), Some(true)),
        "{v}"
    );
    // Another device: a login in any case of the name.
    let (s, v) = call(
        &a,
        "POST",
        "/api/sessions",
        None,
        json!({"name": "kovács pál", "password": "piros ász 11"}),
    )
    .await;
    assert_eq!((s, v["player"].as_str()), (201, Some(id.as_str())), "{v}");
    let second = v["session"].as_str().unwrap().to_string();
    assert_ne!(second, session);
    // The password changes on one device: the other session is revoked, this one stays.
    let (s, v) = call(
        &a,
        "POST",
        "/api/me/password",
        Some(&second),
        json!({"password": "piros ász 11", "new_password": "zöld hetes 7"}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = call(&a, "GET", "/api/me", Some(&session), json!({})).await;
    assert_eq!(s, 401, "{v}");
    assert!(words(&v).contains("not valid"), "{v}");
    // Log out: that session is gone too.
    let (s, _) = call(&a, "POST", "/api/me/logout", Some(&second), json!({})).await;
    assert_eq!(s, 200);
    let (s, _) = call(&a, "GET", "/api/me", Some(&second), json!({})).await;
    assert_eq!(s, 401);
    // Sessions are stored hashed: no token appears in the database.
    let c = rusqlite::Connection::open(&db).unwrap();
    let raw: Vec<u8> = std::fs::read(&db).unwrap();
    for t in [&session, &second] {
        assert!(!raw.windows(t.len()).any(|w| w == t.as_bytes()));
    }
    let hash: String = c
        .query_row("SELECT password FROM players WHERE id = ?1", [&id], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_taken_names_and_control_characters_are_refused_in_words() {
    let dir = temp_dir("account-abuse");
    let server = Server::start(&dir.join("t.sqlite"), &[]);
    let a = server.addr.clone();
    let (_, s1, _) = guest(&a).await;
    let (_, s2, g2) = guest(&a).await;
    let (s, v) = call(
        &a,
        "POST",
        "/api/me/account",
        Some(&s1),
        json!({"name": "Anna", "password": "eleven chars"}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    // A wrong password and an unknown name read the same.
    let (s_known, v_known) = call(
        &a,
        "POST",
        "/api/sessions",
        None,
        json!({"name": "Anna", "password": "nope nope"}),
    )
    .await;
    let (s_unknown, v_unknown) = call(
        &a,
        "POST",
        "/api/sessions",
        None,
        json!({"name": "Nobody", "password": "nope nope"}),
    )
    .await;
    assert_eq!((s_known, s_unknown), (401, 401));
    assert_eq!(v_known, v_unknown);
    assert_eq!(words(&v_known), "wrong name or password");
    // Taken, in any case; by a guest's name too.
    for taken in ["anna", "ANNA", g2.as_str()] {
        let (s, v) = call(
            &a,
            "POST",
            "/api/me/name",
            Some(&s2),
            json!({"name": taken}),
        )
        .await;
        assert!(s == 409 || s == 400, "{taken}: {s} {v}");
        assert!(!words(&v).is_empty(), "{v}");
    }
    let (s, v) = call(
        &a,
        "POST",
        "/api/me/name",
        Some(&s2),
        json!({"name": "Anna"}),
    )
    .await;
    assert_eq!(
        (s, words(&v).as_str()),
        (409, "this name is taken: choose another")
    );
    // Control characters, offensive words, lengths.
    for (bad, says) in [
        ("Bé\u{7}la", "control"),
        ("Line\nBreak", "control"),
        ("x", "3 to 20"),
        ("Kurva Anyád", "not allowed"),
    ] {
        let (s, v) = call(&a, "POST", "/api/me/name", Some(&s2), json!({"name": bad})).await;
        assert_eq!(s, 400, "{bad:?}: {v}");
        assert!(words(&v).contains(says), "{bad:?}: {v}");
    }
    // Nothing changed: the guest keeps its name.
    let (_, me) = call(&a, "GET", "/api/me", Some(&s2), json!({})).await;
    assert_eq!(me["name"].as_str(), Some(g2.as_str()));
    // Made-up and foreign-looking sessions are 401; a session is only ever its own player.
    for fake in ["nope", &format!("{s1}x"), &s1[..s1.len() - 1]] {
        let (s, v) = call(&a, "GET", "/api/me", Some(fake), json!({})).await;
        assert_eq!(s, 401, "{v}");
    }
    let (_, me1) = call(&a, "GET", "/api/me", Some(&s1), json!({})).await;
    let (_, me2) = call(&a, "GET", "/api/me", Some(&s2), json!({})).await;
    assert_ne!(me1["player"], me2["player"]);
    // Guest 2 cannot change Anna's password with its own session, nor anyone's without one.
    let (s, _) = call(
        &a,
        "POST",
        "/api/me/password",
        None,
        json!({"password": "eleven chars", "new_password": "twelve chars"}),
    )
    .await;
    assert_eq!(s, 401);
    let (s, v) = call(
        &a,
        "POST",
        "/api/me/password",
        Some(&s2),
        json!({"password": "eleven chars", "new_password": "twelve chars"}),
    )
    .await;
    assert_eq!(s, 409, "{v}");
    let (s, _) = call(
        &a,
        "POST",
        "/api/sessions",
        None,
        json!({"name": "Anna", "password": "eleven chars"}),
    )
    .await;
    assert_eq!(s, 201, "Anna's password is unchanged");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logins_are_limited_per_name_and_a_deleted_accounts_session_is_401() {
    let dir = temp_dir("account-limits");
    let server = Server::start(&dir.join("t.sqlite"), &[]);
    let a = server.addr.clone();
    let (_, s1, _) = guest(&a).await;
    let (s, _) = call(
        &a,
        "POST",
        "/api/me/account",
        Some(&s1),
        json!({"name": "Béla", "password": "a good one"}),
    )
    .await;
    assert_eq!(s, 200);
    // Five tries a minute per name (a try every 12 s comes back): wrong tries soon meet a
    // 429, and then even the right password is refused before any check.
    let mut tries = 0;
    loop {
        let (s, v) = call(
            &a,
            "POST",
            "/api/sessions",
            None,
            json!({"name": "BÉLA", "password": "guess"}),
        )
        .await;
        tries += 1;
        if s == 429 {
            assert!(words(&v).contains("too many login attempts"), "{v}");
            break;
        }
        assert_eq!(s, 401, "{v}");
        assert!(tries <= 10, "no limit after {tries} wrong passwords");
    }
    assert!(tries >= 6, "the first five tries are answered");
    let (s, v) = call(
        &a,
        "POST",
        "/api/sessions",
        None,
        json!({"name": "béla", "password": "a good one"}),
    )
    .await;
    assert_eq!(s, 429, "{v}");
    // Deleting needs the password; then the session is 401 and the name is free.
    let (s, v) = call(
        &a,
        "POST",
        "/api/me/delete",
        Some(&s1),
        json!({"password": "wrong"}),
    )
    .await;
    assert_eq!(s, 403, "{v}");
    let (s, _) = call(&a, "GET", "/api/me", Some(&s1), json!({})).await;
    assert_eq!(s, 200, "a refused delete changed nothing");
    let (s, v) = call(
        &a,
        "POST",
        "/api/me/delete",
        Some(&s1),
        json!({"password": "a good one"}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = call(&a, "GET", "/api/me", Some(&s1), json!({})).await;
    assert_eq!(s, 401, "{v}");
    let (s, _) = call(
        &a,
        "POST",
        "/api/me/name",
        Some(&s1),
        json!({"name": "Back Again"}),
    )
    .await;
    assert_eq!(s, 401);
    let (_, s2, _) = guest(&a).await;
    let (s, v) = call(
        &a,
        "POST",
        "/api/me/name",
        Some(&s2),
        json!({"name": "Béla"}),
    )
    .await;
    assert_eq!(s, 200, "a deleted account's name is free: {v}");
}

/// Open a seat's socket with its token and a player's session (subprotocols, as the app does).
async fn connect_as(addr: &str, table: &str, token: &str, session: &str) -> common::Client {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{addr}/api/tables/{table}/ws")
        .into_client_request()
        .unwrap();
    let offered = format!("ulti-table, token.{token}, session.{session}");
    req.headers_mut()
        .insert("Sec-WebSocket-Protocol", offered.parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    common::Client::from_ws(ws)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_opened_with_a_session_shows_its_players_name_and_tokens_work_without() {
    let dir = temp_dir("seat-names");
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "2"]);
    let a = server.addr.clone();
    let (table, tokens) = common::create(&a, ["human", "human", "computer:easy"]).await;
    let (id, session, name) = guest(&a).await;
    let mut c0 = connect_as(&a, &table, tokens[0].as_deref().unwrap(), &session).await;
    assert_eq!(c0.recv().await["t"], "welcome");
    let sit = c0.until(|m| m["t"] == "sit").await;
    assert_eq!(
        (sit["seat"].as_u64(), sit["player"].as_str()),
        (Some(0), Some(id.as_str())),
        "{sit}"
    );
    assert!(!sit.to_string().contains("token"), "{sit}");
    // Seat 1 by its token alone, as always: no name; a made-up session is passed over.
    let mut c1 = connect_as(&a, &table, tokens[1].as_deref().unwrap(), "made-up").await;
    assert_eq!(c1.recv().await["t"], "welcome");
    let (_, t) = common::http(&a, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(t["seats"][0]["name"], name.as_str(), "{t}");
    assert!(t["seats"][1].get("name").is_none(), "{t}");
    // The name is stored: a restart shows it; a rename shows at once after.
    drop((c0, c1, server));
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "2"]);
    let a = server.addr.clone();
    let (_, t) = common::http(&a, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(t["seats"][0]["name"], name.as_str(), "{t}");
    let c0 = common::Client::connect(&a, &table, tokens[0].as_deref(), None).await;
    assert!(c0.is_ok(), "the token still holds the seat");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logins_are_limited_per_address_whatever_the_names() {
    let dir = temp_dir("login-address");
    let server = Server::start(&dir.join("t.sqlite"), &["--limit-loopback"]);
    let a = server.addr.clone();
    // Twenty attempts a minute from one address, each under another name (a password over
    // 256 bytes is refused without hashing, after it counted).
    let long = "p".repeat(300);
    let mut refused_at = None;
    for i in 0..30 {
        let (s, v) = call(
            &a,
            "POST",
            "/api/sessions",
            None,
            json!({"name": format!("name{i}"), "password": long}),
        )
        .await;
        if s == 429 {
            assert!(words(&v).contains("from this address"), "{v}");
            refused_at = Some(i);
            break;
        }
        assert_eq!((s, words(&v).as_str()), (401, "wrong name or password"));
    }
    assert_eq!(refused_at, Some(20), "the 21st attempt is refused");
}
