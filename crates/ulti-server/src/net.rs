//! The accept loop (instead of `axum::serve`, which has neither of these): every connection
//! must send its request's headers within `--header-timeout` (a client that trickles them
//! holds a connection no longer than that), connections are capped in all and per address
//! ([`Caps`]; over a cap the connection gets a 503 or 429 in words and is closed), and on
//! stop the loop stops accepting and lets each connection finish the request it is serving.
//! A WebSocket leaves this loop once upgraded: its task holds a place of its own in the caps
//! (`http`), and closes itself when the server stops (`ws`).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use ipnet::IpNet;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

use crate::limit::{Caps, Full};

/// Each connection's kernel send buffer, in bytes (the kernel doubles it for its own books).
pub const SEND_BUFFER: usize = 256 * 1024;

/// How the loop treats connections.
pub struct Edge {
    /// Open connections.
    pub caps: Arc<Caps>,
    /// Reverse proxies: not capped per address (their clients are, by `X-Forwarded-For`, at
    /// the WebSocket's upgrade).
    pub trusted: Vec<IpNet>,
    /// The time a connection has to send a request's headers.
    pub header_timeout: Duration,
}

/// Accept and serve connections on `listener` with `router` until `stop` turns true; then
/// give the requests under way up to `grace` to finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    edge: Edge,
    stop: watch::Receiver<bool>,
    grace: Duration,
) {
    let mut tasks = tokio::task::JoinSet::new();
    let mut last_error_log = None::<std::time::Instant>;
    loop {
        let accepted = tokio::select! {
            r = listener.accept() => r,
            () = stopped(stop.clone()) => break,
        };
        let (tcp, peer) = match accepted {
            Ok(x) => x,
            Err(e) => {
                // Out of file descriptors, most often: wait for some to close.
                if last_error_log.is_none_or(|t| t.elapsed() > Duration::from_secs(10)) {
                    tracing::warn!("accept: {e}");
                    last_error_log = Some(std::time::Instant::now());
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        while tasks.try_join_next().is_some() {}
        // Small frames go out at once (Nagle's delay meets the peer's delayed ack at ~40 ms).
        let _ = tcp.set_nodelay(true);
        // A fixed send buffer: the kernel would grow a non-reading client's to megabytes,
        // holding that memory and delaying the send timeout until it is full.
        let _ = socket2::SockRef::from(&tcp).set_send_buffer_size(SEND_BUFFER);
        let per_address =
            (!crate::client::is_trusted(peer.ip(), &edge.trusted)).then_some(peer.ip());
        let guard = match edge.caps.acquire(per_address) {
            Ok(g) => g,
            Err(full) => {
                tasks.spawn(refuse(tcp, full));
                continue;
            }
        };
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            let router = router.clone();
            async move { Ok::<_, Infallible>(router.oneshot(req).await.unwrap_or_else(|e| match e {})) }
        });
        let header_timeout = edge.header_timeout;
        let stop = stop.clone();
        tasks.spawn(async move {
            let _guard = guard;
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(tcp), service)
                .with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                () = stopped(stop) => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(grace, async { while tasks.join_next().await.is_some() {} }).await;
}

/// Resolves once `stop` turns true (or its sender is gone).
pub async fn stopped(mut stop: watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// Answer a connection over a cap in words, and close it.
async fn refuse(mut tcp: TcpStream, full: Full) {
    let (status, code) = match full {
        Full::Server => ("503 Service Unavailable", 503),
        Full::Address => ("429 Too Many Requests", 429),
    };
    let body = serde_json::json!({"error": full.words()}).to_string();
    let text = format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nRetry-After: 10\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    tracing::debug!(code, "connection refused: {}", full.words());
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = tcp.write_all(text.as_bytes()).await;
        let _ = tcp.shutdown().await;
    })
    .await;
}

/// Raise this process's open-file limit to its hard limit (each connection is a file); the
/// limit reached, `accept` waits for a connection to close instead of failing the others.
pub fn raise_open_files() -> Option<u64> {
    #[cfg(unix)]
    // SAFETY: getrlimit/setrlimit read and write the `rlimit` we own, nothing else.
    unsafe {
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) != 0 {
            return None;
        }
        if r.rlim_cur < r.rlim_max {
            r.rlim_cur = r.rlim_max;
            if libc::setrlimit(libc::RLIMIT_NOFILE, &r) != 0 {
                return None;
            }
        }
        Some(r.rlim_cur)
    }
    #[cfg(not(unix))]
    None
}
