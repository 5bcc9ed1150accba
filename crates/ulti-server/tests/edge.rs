//! The server's edge, attacked as the internet would: connections that trickle their headers,
//! more connections than the caps, a reverse proxy in front (whose clients must still be told
//! apart, IPv6 ones by their /64), other web pages posting to the API, and the headers the
//! served app needs. Each refusal comes in words and leaves everyone else served.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{Server, temp_dir};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A connection from `from` (a loopback address) to `addr`.
async fn connect_from(from: &str, addr: &str) -> TcpStream {
    let s = TcpSocket::new_v4().unwrap();
    s.bind(format!("{from}:0").parse().unwrap()).unwrap();
    s.connect(addr.parse::<SocketAddr>().unwrap())
        .await
        .unwrap()
}

/// One raw HTTP exchange on `s`: (status, headers in lower case, body as JSON or text).
async fn exchange(mut s: TcpStream, request: &str) -> (u16, String, Value) {
    s.write_all(request.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out)).await;
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let body = serde_json::from_str(body).unwrap_or(Value::String(body.to_string()));
    (status, head.to_ascii_lowercase(), body)
}

/// A request with `headers` (each "Name: value") and a body.
fn request(method: &str, path: &str, headers: &[&str], body: &str) -> String {
    let mut r = format!("{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n");
    for h in headers {
        r.push_str(h);
        r.push_str("\r\n");
    }
    r.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    r
}

const TABLE: &str = r#"{"seats":["human","computer:easy","computer:easy"]}"#;
const JSON: &str = "Content-Type: application/json";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_are_cut_and_caps_answer_in_words_while_others_are_served() {
    let dir = temp_dir("edge-slow");
    let server = Server::start(
        &dir.join("t.sqlite"),
        &[
            "--limit-loopback",
            "--header-timeout",
            "2",
            "--max-connections-per-address",
            "50",
            "--durability",
            "os",
        ],
    );
    let addr = server.addr.clone();
    // 300 connections from one address that send half a request line and then nothing.
    let mut slow = Vec::new();
    let mut refused = 0;
    for _ in 0..300 {
        let mut s = connect_from("127.0.0.2", &addr).await;
        let _ = s.write_all(b"GET /api HTTP/1.1\r\nHo").await;
        slow.push(s);
    }
    // Over the per-address cap: a 429 in words at once.
    let mut read = Vec::new();
    for s in slow.iter_mut().skip(50) {
        let mut buf = vec![0u8; 512];
        if let Ok(Ok(n)) = tokio::time::timeout(Duration::from_secs(2), s.read(&mut buf)).await {
            read.push(String::from_utf8_lossy(&buf[..n]).to_string());
        }
    }
    for r in &read {
        if r.starts_with("HTTP/1.1 429") && r.contains("too many connections from your address") {
            refused += 1;
        }
    }
    assert_eq!(
        refused, 250,
        "the 250 over the cap are refused in words: {read:?}"
    );
    // Meanwhile another client is served at once.
    let t = Instant::now();
    let (status, _, body) = exchange(
        connect_from("127.0.0.1", &addr).await,
        &request("GET", "/api", &[], ""),
    )
    .await;
    let served_ms = t.elapsed().as_millis();
    assert_eq!((status, body), (200, json!({"protocol": "ulti-table/1"})));
    assert!(served_ms < 1000, "a normal request took {served_ms} ms");
    // The 50 that got in are cut after the header timeout (2 s), not left open.
    let t = Instant::now();
    for s in slow.iter_mut().take(50) {
        let mut buf = [0u8; 256];
        let r = tokio::time::timeout(Duration::from_secs(6), s.read(&mut buf)).await;
        assert!(
            r.is_ok(),
            "a trickling connection stays open past the header timeout"
        );
    }
    let cut_ms = t.elapsed().as_millis();
    assert!(cut_ms < 5000, "cut after {cut_ms} ms");
    // The address can connect again once they are gone.
    let (status, _, _) = exchange(
        connect_from("127.0.0.2", &addr).await,
        &request("GET", "/api", &[], ""),
    )
    .await;
    assert_eq!(status, 200);
    eprintln!("edge: a normal request during 300 slow connections: {served_ms} ms");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_cap_answers_503_in_words() {
    let dir = temp_dir("edge-cap");
    let server = Server::start(
        &dir.join("t.sqlite"),
        &["--max-connections", "20", "--header-timeout", "5"],
    );
    let addr = server.addr.clone();
    let mut idle = Vec::new();
    for _ in 0..20 {
        idle.push(TcpStream::connect(&addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, head, body) = exchange(
        TcpStream::connect(&addr).await.unwrap(),
        &request("GET", "/api", &[], ""),
    )
    .await;
    assert_eq!(status, 503, "{head}");
    assert!(head.contains("retry-after"));
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("the server is full"),
        "{body}"
    );
    drop(idle);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, _, _) = exchange(
        TcpStream::connect(&addr).await.unwrap(),
        &request("GET", "/api", &[], ""),
    )
    .await;
    assert_eq!(status, 200);
}

/// Create a table through a proxy that says the client is `client`.
async fn create_as(addr: &str, client: &str) -> u16 {
    let xff = format!("X-Forwarded-For: {client}");
    exchange(
        TcpStream::connect(addr).await.unwrap(),
        &request("POST", "/api/tables", &[JSON, &xff], TABLE),
    )
    .await
    .0
}

/// Does `made` fit a budget of 100 a minute (a burst of 100, then 100/60 a second) spent
/// since `started`? (A loaded machine makes the loop slower, and the refill larger.)
fn within_budget(made: usize, started: Instant) -> bool {
    let refill = (started.elapsed().as_secs_f64() * 100.0 / 60.0).ceil() as usize;
    (100..=100 + refill + 1).contains(&made)
}

/// How many creations `client` gets before a 429 (at most `most`).
async fn creations_until_429(addr: &str, client: &str, most: usize) -> usize {
    for n in 0..most {
        if create_as(addr, client).await == 429 {
            return n;
        }
    }
    most
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_own_budget_and_a_64_is_one_client() {
    let dir = temp_dir("edge-proxy");
    let server = Server::start(
        &dir.join("t.sqlite"),
        &[
            "--trusted-proxy",
            "127.0.0.1/32",
            "--creations-per-minute",
            "100",
            "--durability",
            "os",
        ],
    );
    let addr = server.addr.clone();
    // Every client behind the proxy is 127.0.0.1 to the socket; the header tells them apart.
    let started = Instant::now();
    let n = creations_until_429(&addr, "203.0.113.7", 150).await;
    assert!(within_budget(n, started), "{n} creations before the 429");
    assert_eq!(
        create_as(&addr, "203.0.113.8").await,
        201,
        "another client is not limited"
    );
    // A client cannot pick a fresh address by writing its own header: the proxy appends the
    // real one, and that is the one counted.
    // (Ten tries: only what the budget refilled meanwhile gets through, not a fresh budget.)
    let started = Instant::now();
    let mut forged = 0;
    for _ in 0..10 {
        if create_as(&addr, "198.51.100.1, 203.0.113.7").await == 201 {
            forged += 1;
        }
    }
    let refill = (started.elapsed().as_secs_f64() * 100.0 / 60.0).ceil() as usize + 1;
    assert!(
        forged <= refill.min(9),
        "{forged} of 10 creations with a forged hop"
    );
    // Addresses of one IPv6 /64 share one budget.
    let started = Instant::now();
    let mut made = 0;
    for i in 0..150 {
        if create_as(&addr, &format!("2001:db8:5:6:{i:x}::1")).await == 201 {
            made += 1;
        }
    }
    assert!(within_budget(made, started), "{made} from one /64");
    assert_eq!(create_as(&addr, "2001:db8:5:7::1").await, 201);

    // Without --trusted-proxy the header is the client's own words: ignored. Loopback is
    // unlimited here, so count from 127.0.0.3 with --limit-loopback.
    let plain = Server::start(
        &dir.join("u.sqlite"),
        &[
            "--limit-loopback",
            "--creations-per-minute",
            "100",
            "--durability",
            "os",
        ],
    );
    let started = Instant::now();
    let mut made = 0;
    for i in 0..150 {
        let xff = format!("X-Forwarded-For: 192.0.2.{i}");
        let (status, _, _) = exchange(
            connect_from("127.0.0.3", &plain.addr).await,
            &request("POST", "/api/tables", &[JSON, &xff], TABLE),
        )
        .await;
        if status == 201 {
            made += 1;
        }
    }
    assert!(
        within_budget(made, started),
        "{made}: a forged header bought more"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_web_pages_cannot_create_tables_and_the_site_is_served_with_its_headers() {
    let dir = temp_dir("edge-web");
    let site = dir.join("site");
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(site.join("index.html"), "<!doctype html><title>app</title>").unwrap();
    let server = Server::start(
        &dir.join("t.sqlite"),
        &[
            "--site",
            site.to_str().unwrap(),
            "--allowed-origin",
            "https://friends.example",
        ],
    );
    let addr = server.addr.clone();
    let post = |headers: Vec<&'static str>| {
        let addr = addr.clone();
        async move {
            exchange(
                TcpStream::connect(&addr).await.unwrap(),
                &request("POST", "/api/tables", &headers, TABLE),
            )
            .await
        }
    };
    // A form or a text/plain fetch needs no preflight: refused, nothing created.
    for ct in [
        vec!["Content-Type: text/plain", "Origin: https://evil.example"],
        vec!["Content-Type: application/x-www-form-urlencoded"],
        vec![],
    ] {
        let (status, _, body) = post(ct).await;
        assert_eq!(status, 415);
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .contains("Content-Type: application/json")
        );
    }
    let (status, _, _) = post(vec![JSON, "Origin: https://friends.example"]).await;
    assert_eq!(status, 201);
    // CORS: the allowed origin is told so, another is not.
    let preflight = |origin: &'static str| {
        let addr = addr.clone();
        async move {
            let o = format!("Origin: {origin}");
            exchange(
                TcpStream::connect(&addr).await.unwrap(),
                &request(
                    "OPTIONS",
                    "/api/tables",
                    &[
                        &o,
                        "Access-Control-Request-Method: POST",
                        "Access-Control-Request-Headers: content-type",
                    ],
                    "",
                ),
            )
            .await
        }
    };
    let (_, head, _) = preflight("https://friends.example").await;
    assert!(
        head.contains("access-control-allow-origin: https://friends.example"),
        "{head}"
    );
    let (_, head, _) = preflight("https://evil.example").await;
    assert!(!head.contains("access-control-allow-origin"), "{head}");
    // The app's pages: not framed, not sniffed, no referrer, under a CSP.
    for path in ["/", "/table?live=abc"] {
        let (status, head, _) = exchange(
            TcpStream::connect(&addr).await.unwrap(),
            &request("GET", path, &[], ""),
        )
        .await;
        assert_eq!(status, 200, "{path}");
        assert!(head.contains("x-content-type-options: nosniff"), "{head}");
        assert!(head.contains("x-frame-options: deny"), "{head}");
        assert!(head.contains("referrer-policy: no-referrer"), "{head}");
        assert!(
            head.contains("content-security-policy: default-src 'self'"),
            "{head}"
        );
        assert!(head.contains("frame-ancestors 'none'"), "{head}");
    }
    let (_, head, _) = exchange(
        TcpStream::connect(&addr).await.unwrap(),
        &request("GET", "/api", &[], ""),
    )
    .await;
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_for_the_operator_only() {
    let dir = temp_dir("edge-ops");
    let server = Server::start(&dir.join("t.sqlite"), &[]);
    let addr = server.addr.clone();
    let get = |path: &'static str, headers: Vec<&'static str>| {
        let addr = addr.clone();
        async move {
            exchange(
                TcpStream::connect(&addr).await.unwrap(),
                &request("GET", path, &headers, ""),
            )
            .await
        }
    };
    let (status, _, body) = get("/healthz", vec![]).await;
    assert_eq!((status, body), (200, json!({"status": "ok"})));
    exchange(
        TcpStream::connect(&addr).await.unwrap(),
        &request("POST", "/api/tables", &[JSON], TABLE),
    )
    .await;
    let (status, head, body) = get("/metrics", vec![]).await;
    assert_eq!(status, 200);
    assert!(head.contains("openmetrics-text"), "{head}");
    let text = body.as_str().unwrap().to_string();
    for name in [
        "ulti_tables_in_memory",
        "ulti_open_connections",
        "ulti_websocket_connections",
        "ulti_ack_seconds_bucket",
        "ulti_computer_queue",
        "ulti_messages_stored_total",
    ] {
        assert!(text.contains(name), "{name} missing:\n{text}");
    }
    // Behind a trusted proxy on this host, /metrics on the main address would be the
    // internet's: it is not served there.
    let proxied = Server::start(&dir.join("u.sqlite"), &["--trusted-proxy", "127.0.0.1/32"]);
    let (status, _, body) = exchange(
        TcpStream::connect(&proxied.addr).await.unwrap(),
        &request("GET", "/metrics", &[], ""),
    )
    .await;
    assert_eq!(status, 404);
    assert!(body["error"].as_str().unwrap().contains("--metrics-listen"));
}
