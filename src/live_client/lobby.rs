//! The lobby socket (`GET /api/lobby/ws`, subprotocol `ulti-lobby`): the public tables waiting
//! for people, pushed by the server. Closed, it opens again after a backoff, at once when the
//! browser says the network is back (`online`), and for good when the page is left
//! ([`LobbyConnection::stop`]). What the messages mean is `model::lobby`'s.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

use super::watch::{Watch, ws_url};
use crate::model::lobby::{Lobby, read};

/// How often the page's clock ticks (the countdowns, the next attempt).
const TICK: Duration = Duration::from_millis(500);

fn now() -> f64 {
    js_sys::Date::now()
}

/// The lobby socket's URL on `server`.
fn socket_url(server: &str) -> String {
    ws_url(server, "/api/lobby/ws")
}

struct Socket {
    ws: WebSocket,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
}

/// The lobby of one server, kept live while the page shows it.
#[derive(Clone, Copy)]
pub struct LobbyConnection {
    /// The tables and the socket's state.
    pub lobby: RwSignal<Lobby>,
    /// The page's clock (ms since 1970), for the countdowns.
    pub now: RwSignal<f64>,
    server: StoredValue<String>,
    socket: StoredValue<Option<Socket>, LocalStorage>,
    watch: StoredValue<Option<Watch>, LocalStorage>,
    stopped: StoredValue<bool>,
}

impl LobbyConnection {
    /// Subscribe to `server`'s lobby.
    #[must_use]
    pub fn start(server: &str) -> LobbyConnection {
        let c = LobbyConnection {
            lobby: RwSignal::new(Lobby::default()),
            now: RwSignal::new(now()),
            server: StoredValue::new(server.to_string()),
            socket: StoredValue::new_local(None),
            watch: StoredValue::new_local(None),
            stopped: StoredValue::new(false),
        };
        c.watch_network();
        c.connect();
        c
    }

    fn alive(self) -> bool {
        !self.stopped.try_get_value().unwrap_or(true)
    }

    fn watch_network(self) {
        let on_line = window().navigator().on_line();
        self.lobby.update(|l| l.set_online(on_line, now()));
        let watch = Watch::start(
            TICK,
            move || self.tick(),
            move || {
                if self.alive() {
                    self.lobby.update(|l| l.set_online(true, now()));
                    self.tick();
                }
            },
            move || {
                if self.alive() {
                    self.lobby.update(|l| l.set_online(false, now()));
                    self.drop_socket();
                    self.lobby.update(|l| l.closed(now()));
                }
            },
        );
        self.watch.set_value(Some(watch));
    }

    fn tick(self) {
        if !self.alive() {
            return;
        }
        let t = now();
        self.now.set(t);
        if self.lobby.with_untracked(|l| l.due(t)) {
            self.connect();
        }
    }

    fn connect(self) {
        if !self.alive() {
            return;
        }
        self.drop_socket();
        self.lobby.update(Lobby::connecting);
        let url = socket_url(&self.server.get_value());
        let Ok(ws) = WebSocket::new_with_str(&url, "ulti-lobby") else {
            self.lobby.update(|l| l.closed(now()));
            return;
        };
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            if let Some(msg) = e.data().as_string().as_deref().and_then(read) {
                let _ = self.lobby.try_update(|l| l.receive(msg));
            }
        });
        let on_close = Closure::<dyn FnMut(CloseEvent)>::new(move |_: CloseEvent| {
            self.socket.update_value(|s| *s = None);
            if self.alive() {
                self.lobby.update(|l| l.closed(now()));
            }
        });
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        self.socket.set_value(Some(Socket {
            ws,
            _on_message: on_message,
            _on_close: on_close,
        }));
    }

    fn drop_socket(self) {
        self.socket.update_value(|s| {
            if let Some(s) = s.take() {
                s.ws.set_onclose(None);
                s.ws.set_onmessage(None);
                let _ = s.ws.close();
            }
        });
    }

    /// Close for good (the page is left).
    pub fn stop(&self) {
        self.stopped.set_value(true);
        self.drop_socket();
        self.watch.update_value(|w| {
            if let Some(w) = w.take() {
                w.stop();
            }
        });
    }
}
