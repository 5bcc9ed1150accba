//! `GET /api/tables/ID/seat`: what a client asks when its socket was refused at the handshake
//! (a browser does not see that status). The token travels in the `x-ulti-token` header, never
//! in the URL: a seat's token names its seat, a wrong one is 403, an unknown table 404, no
//! token 400; the query's `token=` counts for nothing.

mod common;

use common::{Server, create, http, http_with, temp_dir};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_is_checked_in_a_header_and_a_wrong_one_or_table_is_named() {
    let dir = temp_dir("seat-check");
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "3"]);
    let addr = server.addr.clone();
    let (table, tokens) = create(&addr, ["human", "human", "computer:easy"]).await;
    let path = format!("/api/tables/{table}/seat");
    for s in [0, 1] {
        let token = tokens[s].clone().unwrap();
        let (status, v) = http_with(&addr, "GET", &path, None, &[("x-ulti-token", &token)]).await;
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["seat"], s, "{v}");
        assert_eq!(v["table"], table.as_str());
    }
    // A damaged token: 403, in words, and nothing of any token in the answer.
    let good = tokens[0].clone().unwrap();
    // (Its last character changed to another one: a token may end in any letter.)
    let last = if good.ends_with('x') { 'y' } else { 'x' };
    let bad = format!("{}{last}", &good[..good.len() - 1]);
    assert_ne!(bad, good);
    let (status, v) = http_with(&addr, "GET", &path, None, &[("x-ulti-token", &bad)]).await;
    assert_eq!(status, 403, "{v}");
    assert!(v["error"].as_str().unwrap().contains("no seat"), "{v}");
    assert!(!v.to_string().contains(&good[..8]), "{v}");
    // An unknown table: 404 (with a good token of another table too).
    let (status, v) = http_with(
        &addr,
        "GET",
        "/api/tables/nosuchtable/seat",
        None,
        &[("x-ulti-token", &good)],
    )
    .await;
    assert_eq!(status, 404, "{v}");
    // No token, an empty one, or one in the query only: 400.
    let (status, _) = http(&addr, "GET", &path, None).await;
    assert_eq!(status, 400);
    let (status, _) = http_with(&addr, "GET", &path, None, &[("x-ulti-token", " ")]).await;
    assert_eq!(status, 400);
    let (status, _) = http(&addr, "GET", &format!("{path}?token={good}"), None).await;
    assert_eq!(status, 400, "a token in the URL is not read");
    // Far too long: 400, not a lookup.
    let long = "a".repeat(300);
    let (status, _) = http_with(&addr, "GET", &path, None, &[("x-ulti-token", &long)]).await;
    assert_eq!(status, 400);
}
