//! Table chat: stored before it is sent, numbered like every message, read by the seats and
//! (as the creator decides) the spectators; and its abuse — 10 KB of text, a flood, a
//! near-duplicate, control characters, `<script>` — each refused in words or passed on as
//! plain text, unchanged, with nothing stored that should not be.

mod common;

use common::{Client, Server, create, temp_dir};
use serde_json::{Value, json};

fn stored_chats(db: &std::path::Path) -> Vec<Value> {
    let c = rusqlite::Connection::open(db).unwrap();
    let mut st = c
        .prepare("SELECT body FROM events WHERE body LIKE '{\"t\":\"chat\"%' ORDER BY table_k, v")
        .unwrap();
    st.query_map([], |r| r.get::<_, String>(0))
        .unwrap()
        .map(|b| serde_json::from_str(&b.unwrap()).unwrap())
        .collect()
}

async fn chat(c: &mut Client, text: &str) -> Value {
    c.request(json!({"t": "chat", "text": text})).await
}

fn refused(m: &Value, words: &str) {
    assert_eq!(m["t"], "error", "{m}");
    let e = m["error"].as_str().unwrap();
    assert!(e.contains(words), "{e:?} lacks {words:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_is_stored_numbered_sent_as_text_and_its_abuse_is_refused() {
    let dir = temp_dir("chat");
    let db = dir.join("t.sqlite");
    let server = Server::start(&db, &["--seed", "4"]);
    let a = server.addr.clone();
    let (table, tokens) = create(&a, ["human", "human", "computer:easy"]).await;
    let mut c0 = Client::connect(&a, &table, tokens[0].as_deref(), None)
        .await
        .unwrap();
    let mut c1 = Client::connect(&a, &table, tokens[1].as_deref(), None)
        .await
        .unwrap();
    let mut spy = Client::connect(&a, &table, None, None).await.unwrap();
    for c in [&mut c0, &mut c1, &mut spy] {
        assert_eq!(c.recv().await["t"], "welcome");
    }
    // `<script>` is text: stored and sent unchanged, to the seats and the spectators.
    let script = "<script>alert('x')</script> & <b>";
    let ack = chat(&mut c0, script).await;
    assert_eq!(ack["t"], "ack", "{ack}");
    let v = ack["v"].as_u64().unwrap();
    for c in [&mut c1, &mut spy] {
        let m = c.until(|m| m["t"] == "chat").await;
        assert_eq!(
            (m["v"].as_u64(), m["seat"].as_u64(), m["text"].as_str()),
            (Some(v), Some(0), Some(script)),
            "{m}"
        );
    }
    assert_eq!(stored_chats(&db).last().unwrap()["text"], script);
    // 10 KB: refused, nothing stored; the connection stays.
    let before = stored_chats(&db).len();
    refused(
        &chat(&mut c0, &"x".repeat(10 * 1024)).await,
        "at most 140 characters",
    );
    refused(
        &chat(&mut c0, &"é".repeat(141)).await,
        "at most 140 characters",
    );
    refused(&chat(&mut c0, "\u{7}\u{1b}\n").await, "empty");
    refused(
        &c0.request(json!({"t": "chat", "text": 5})).await,
        "needs \"text\"",
    );
    assert_eq!(stored_chats(&db).len(), before);
    // Control characters are stripped; the rest stays as written.
    let ack = chat(&mut c0, "jó\u{0}\u{1b}[2J lapot!").await;
    assert_eq!(ack["t"], "ack");
    let m = c1.until(|m| m["t"] == "chat").await;
    assert_eq!(m["text"], "jó[2J lapot!");
    // A near-duplicate is refused.
    refused(&chat(&mut c0, "JÓ [2J lapot").await, "said that already");
    // A flood: the fifth message within 10 s is refused.
    for i in 0..4 {
        assert_eq!(chat(&mut c1, &format!("message {i}")).await["t"], "ack");
    }
    refused(
        &chat(&mut c1, "one more").await,
        "at most 4 chat messages in 10 seconds",
    );
    // A spectator cannot chat; a seat that did not create the table cannot set the chat.
    refused(&chat(&mut spy, "hello").await, "spectator");
    refused(
        &c1.request(json!({"t": "chat_settings", "chat": false}))
            .await,
        "only the table's creator (seat 0)",
    );
    // The creator keeps the chat from spectators: they get its number, not its text.
    let ack = c0
        .request(json!({"t": "chat_settings", "chat": true, "spectators": false}))
        .await;
    assert_eq!(ack["t"], "ack", "{ack}");
    let ack = chat(&mut c0, "seats only").await;
    let v = ack["v"].as_u64().unwrap();
    let seen = spy.until(|m| m["t"] == "chat" && m["v"] == json!(v)).await;
    assert!(seen.get("text").is_none(), "{seen}");
    assert_eq!(
        c1.until(|m| m["t"] == "chat" && m["v"] == json!(v)).await["text"],
        "seats only"
    );
    // Off: refused.
    let ack = c0
        .request(json!({"t": "chat_settings", "chat": false}))
        .await;
    assert_eq!(ack["t"], "ack");
    refused(&chat(&mut c0, "anyone?").await, "turned the chat off");
    // A reconnect replays the chat like every numbered message, filtered the same way.
    let mut again = Client::connect(&a, &table, None, Some(0)).await.unwrap();
    let replayed = again.until(|m| m["t"] == "resumed").await;
    assert!(replayed["v"].as_u64().unwrap() >= v);
    let chats: Vec<&Value> = again.frames.iter().filter(|m| m["t"] == "chat").collect();
    assert_eq!(chats[0]["text"], script);
    assert!(chats.last().unwrap().get("text").is_none());
    // Every chat stored: the ones acknowledged, nothing refused.
    let texts: Vec<String> = stored_chats(&db)
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(texts.len(), 7, "{texts:?}");
    assert!(
        !texts
            .iter()
            .any(|t| t.contains("one more") || t.contains("anyone") || t.len() > 560)
    );
}
