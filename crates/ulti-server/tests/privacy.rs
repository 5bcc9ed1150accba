//! Privacy: a player hides its money and its games from others (`POST /api/me/privacy` with
//! its session); the profile then leaves them out and says what is hidden, the games' list is
//! refused; no session, or another player's, cannot change it; a deleted guest's profile keeps
//! no name.

mod common;

use common::{Server, guest, http, http_as, temp_dir};
use serde_json::{Value, json};

/// Hide `what` (the whole list) with `session`.
async fn hide(addr: &str, what: &[&str], session: Option<&str>) -> (u16, Value) {
    let body = json!({ "hide": what });
    http_as(addr, "POST", "/api/me/privacy", Some(&body), session).await
}

#[tokio::test]
async fn hidden_money_and_games_are_left_out_for_everybody_else() {
    let dir = temp_dir("privacy");
    let server = Server::start(&dir.join("t.sqlite"), &[]);
    let addr = server.addr.as_str();
    let (a, a_session) = guest(addr).await;
    let (_, b_session) = guest(addr).await;

    let (s, v) = http(addr, "GET", &format!("/api/players/{a}"), None).await;
    assert_eq!(s, 200, "{v}");
    assert!(v.get("money").is_some() && v.get("hidden").is_none(), "{v}");

    let (s, v) = hide(addr, &["money", "games"], Some(&a_session)).await;
    assert_eq!((s, &v), (200, &json!({"hidden": ["money", "games"]})));

    let (s, v) = http(addr, "GET", &format!("/api/players/{a}"), None).await;
    assert_eq!(s, 200, "{v}");
    assert!(v.get("money").is_none(), "money still shown: {v}");
    assert_eq!(v["hidden"], json!(["money", "games"]));
    assert!(v.get("rating").is_some() && v.get("games").is_some(), "{v}");
    let (s, v) = http(addr, "GET", &format!("/api/players/{a}/games"), None).await;
    assert_eq!(s, 403, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("hides its games"),
        "{v}"
    );

    // No session: refused in words, nothing changes.
    let (s, v) = hide(addr, &[], None).await;
    assert_eq!(s, 401, "{v}");
    assert!(v["error"].is_string(), "{v}");
    // Another player's session changes only that player's own privacy.
    let (s, _) = hide(addr, &[], Some(&b_session)).await;
    assert_eq!(s, 200);
    let (_, v) = http(addr, "GET", &format!("/api/players/{a}"), None).await;
    assert_eq!(v["hidden"], json!(["money", "games"]), "{v}");

    // Money alone hidden: the games are listed, without their payments.
    let (s, _) = hide(addr, &["money"], Some(&a_session)).await;
    assert_eq!(s, 200);
    let (s, v) = http(addr, "GET", &format!("/api/players/{a}/games"), None).await;
    assert_eq!(s, 200, "{v}");
    assert!(
        v.as_array()
            .unwrap()
            .iter()
            .all(|g| g.get("payments").is_none()),
        "{v}"
    );

    // Only what can be hidden.
    let (s, v) = hide(addr, &["name"], Some(&a_session)).await;
    assert_eq!(s, 400, "{v}");

    // Showing again.
    let (s, _) = hide(addr, &[], Some(&a_session)).await;
    assert_eq!(s, 200);
    let (_, v) = http(addr, "GET", &format!("/api/players/{a}"), None).await;
    assert!(v.get("money").is_some() && v.get("hidden").is_none(), "{v}");
    let (s, _) = http(addr, "GET", &format!("/api/players/{a}/games"), None).await;
    assert_eq!(s, 200);
}

#[tokio::test]
async fn a_deleted_guest_keeps_no_name_and_its_session_is_gone() {
    let dir = temp_dir("privacy-delete");
    let server = Server::start(&dir.join("t.sqlite"), &[]);
    let addr = server.addr.as_str();
    let (a, a_session) = guest(addr).await;
    let (_, v) = http(addr, "GET", &format!("/api/players/{a}"), None).await;
    assert!(v["name"].is_string(), "{v}");
    let (s, v) = http_as(
        addr,
        "POST",
        "/api/me/delete",
        Some(&json!({})),
        Some(&a_session),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = http(addr, "GET", &format!("/api/players/{a}"), None).await;
    assert_eq!(s, 200, "{v}");
    assert!(
        v.get("name").is_none(),
        "a deleted guest's name is still shown: {v}"
    );
    let (s, _) = hide(addr, &[], Some(&a_session)).await;
    assert_eq!(s, 401, "a deleted guest's session still works");
}
