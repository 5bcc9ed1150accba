//! What a live connection holds while its page is shown, shared by the table's and the lobby's
//! sockets: the page's clock and the browser's `online`/`offline` events ([`Watch`]), and the
//! WebSocket address of a server's path ([`ws_url`]).

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// The WebSocket URL of `path` on `server` (`https://` → `wss://`, else `ws://`).
pub(super) fn ws_url(server: &str, path: &str) -> String {
    let ws = if let Some(rest) = server.strip_prefix("https://") {
        format!("wss://{rest}")
    } else {
        format!("ws://{}", server.trim_start_matches("http://"))
    };
    format!("{ws}{path}")
}

/// The page's clock and the browser's network events, until [`Watch::stop`].
pub(super) struct Watch {
    interval: Option<IntervalHandle>,
    online: Closure<dyn FnMut()>,
    offline: Closure<dyn FnMut()>,
}

impl Watch {
    /// `tick` every `period`; `online` and `offline` when the browser says so.
    pub(super) fn start(
        period: Duration,
        tick: impl Fn() + 'static,
        online: impl FnMut() + 'static,
        offline: impl FnMut() + 'static,
    ) -> Watch {
        let online = Closure::<dyn FnMut()>::new(online);
        let offline = Closure::<dyn FnMut()>::new(offline);
        let w = window();
        let _ = w.add_event_listener_with_callback("online", online.as_ref().unchecked_ref());
        let _ = w.add_event_listener_with_callback("offline", offline.as_ref().unchecked_ref());
        Watch {
            interval: set_interval_with_handle(tick, period).ok(),
            online,
            offline,
        }
    }

    /// The clock stops and the events are no longer heard.
    pub(super) fn stop(self) {
        if let Some(i) = self.interval {
            i.clear();
        }
        let w = window();
        let _ =
            w.remove_event_listener_with_callback("online", self.online.as_ref().unchecked_ref());
        let _ =
            w.remove_event_listener_with_callback("offline", self.offline.as_ref().unchecked_ref());
    }
}
