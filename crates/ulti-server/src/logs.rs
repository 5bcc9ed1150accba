//! Structured logs (`tracing`): text for people or one JSON object a line (`--log-format
//! json`), on stderr, the level from `RUST_LOG` (default `info`).

use tracing_subscriber::EnvFilter;

/// Start logging; call once, first thing.
pub fn init(json: bool) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let b = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false);
    // A second call (a test) keeps the first subscriber.
    let _ = if json {
        b.json().try_init()
    } else {
        b.try_init()
    };
}
