//! A live table as the page keeps it ([`Live`]): the latest `state` the server sent (the
//! seat's view and what it may do), the finished games' records, who is connected and which
//! persons' seats the computer played while they were away, the connection's health, and the
//! requests sent and not yet acknowledged. Pure logic: the socket lives in `live_client`.
//!
//! Nothing is applied twice: a request stays pending until its `ack`, its `error`, or the
//! message it caused comes back (after a reconnect, the replay from `since=` shows what was
//! carried out); only what is still pending once the replay is complete is sent again.

pub mod chat;
mod link;
pub mod problem;
pub mod wire;

use ulti_engine::Seat;
use ulti_engine::whole_game::{Action, Stage, TableRecord};

use self::chat::Chat;
use self::wire::{ClientMsg, SeatState, ServerMsg, State};
use crate::model::table::scene::Scene;

pub use self::link::{
    ANSWER_WITHIN_MS, Beat, CONNECT_WITHIN_MS, Link, MAX_BACKOFF_MS, PING_EVERY_MS, backoff_ms,
};

/// What the user asks of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// An action of its seat.
    Act(Action),
    /// Pick up the talon.
    PickUp,
    /// Ready for the next deal.
    Next,
    /// A chat message (as it may go: see [`chat::outgoing`]).
    Chat(String),
    /// The creator's chat settings.
    ChatSettings {
        /// Chat on?
        chat: bool,
        /// Read by spectators?
        spectators: bool,
    },
}

/// A live table at one connection.
#[derive(Clone, Debug, PartialEq)]
pub struct Live {
    /// The table's id.
    pub table: String,
    /// The connection's seat (`None`: a spectator).
    pub seat: Option<Seat>,
    /// The last numbered message received (the `since=` of a reconnect).
    pub last_v: Option<u64>,
    /// The table now, as the seat sees it.
    pub state: Option<State>,
    /// The finished games' records, game 1 first (as far as this connection saw them).
    pub records: Vec<(u32, TableRecord)>,
    /// Persons' seats whose last action in this game the computer chose (away).
    pub away: [bool; 3],
    /// Requests sent and not yet answered.
    pub pending: Vec<ClientMsg>,
    /// The connection.
    pub link: Link,
    /// Why the last request was refused (the server's words; a chat message's refusal is
    /// the chat's).
    pub refused: Option<String>,
    /// The table's chat.
    pub chat: Chat,
    /// Actions the computer chose for a person's seat while they were away: (game, the
    /// action's place among the game's actions).
    pub by_computer: Vec<(u32, usize)>,
    /// Out-of-turn kontra moments the user let go: (game, cards played, level).
    declined: Vec<(u32, usize, u8)>,
    next_id: u64,
    /// The game the numbered messages are at, and how many of its actions came so far.
    counted: (u32, usize),
    /// Does the browser say the network is there?
    online: bool,
    /// When the last message came from the server (the heartbeat's clock, ms).
    heard_at: f64,
    /// When the unanswered `ping` went out.
    ping_at: Option<f64>,
}

impl Live {
    /// A table at `seat` (`None`: watching), before the first connection.
    #[must_use]
    pub fn new(table: &str, seat: Option<Seat>) -> Live {
        Live {
            table: table.to_string(),
            seat,
            last_v: None,
            state: None,
            records: Vec::new(),
            away: [false; 3],
            pending: Vec::new(),
            link: Link::Connecting {
                attempt: 0,
                since: 0.0,
            },
            refused: None,
            chat: Chat::default(),
            by_computer: Vec::new(),
            declined: Vec::new(),
            next_id: 1,
            counted: (0, 0),
            online: true,
            heard_at: 0.0,
            ping_at: None,
        }
    }

    /// The query of the socket's URL: where to resume from. The seat's token is never in it
    /// (URLs end up in logs): it travels as a subprotocol ([`Live::protocols`]).
    #[must_use]
    pub fn query(&self) -> String {
        self.last_v
            .map(|v| format!("since={v}"))
            .unwrap_or_default()
    }

    /// The socket's subprotocols: `ulti-table`, for a seat `token.TOKEN` and, when the browser
    /// keeps a player for the server, `session.SESSION` (a seat without a player becomes that
    /// player's, so an invitation's seat shows its name too; a spectator sends no session).
    #[must_use]
    pub fn protocols(token: Option<&str>, session: Option<&str>) -> Vec<String> {
        let mut p = vec!["ulti-table".to_string()];
        if let Some(t) = token {
            p.push(format!("token.{t}"));
            if let Some(s) = session {
                p.push(format!("session.{s}"));
            }
        }
        p
    }

    /// May the user act now (connected and up to date)?
    #[must_use]
    pub fn may_act(&self) -> bool {
        self.link == Link::Open && self.seat.is_some()
    }

    /// The user asks for `req`: the message to send now, or `None` when it cannot go (not
    /// connected: the page refuses it in words, and nothing waits to be sent later).
    pub fn request(&mut self, req: Request) -> Option<ClientMsg> {
        if !self.may_act() {
            return None;
        }
        let id = self.next_id;
        self.next_id += 1;
        let msg = match req {
            Request::Act(a) => {
                let words = a.to_string();
                let action = words
                    .split_once(' ')
                    .map_or(words.clone(), |(_, rest)| rest.to_string());
                ClientMsg::Act { id, action }
            }
            Request::PickUp => ClientMsg::Pickup { id },
            Request::Next => ClientMsg::Next { id },
            Request::Chat(text) => ClientMsg::Chat { id, text },
            Request::ChatSettings { chat, spectators } => ClientMsg::ChatSettings {
                id,
                chat,
                spectators,
            },
        };
        if is_chat(&msg) {
            self.chat.refused = None;
        } else {
            self.refused = None;
        }
        self.pending.push(msg.clone());
        Some(msg)
    }

    /// A message from the server: what to send (again) now.
    pub fn receive(&mut self, msg: ServerMsg) -> Vec<ClientMsg> {
        if let Some(v) = msg.v() {
            self.last_v = Some(v);
        }
        match msg {
            ServerMsg::Welcome {
                v,
                seat,
                game,
                stage,
                view,
                chat,
            } => {
                // What was said before the page opened is history, not news.
                for m in chat {
                    self.chat.add(m);
                }
                self.chat.seen_all();
                self.last_v = Some(v);
                self.seat = seat;
                self.away = [false; 3];
                self.counted = (game, view.as_ref().map_or(0, |w| w.actions.len()));
                // A game that ended before this connection: its record is the welcome's view,
                // so the result is back after a reload (no `over` comes again).
                if stage == Some(Stage::Over)
                    && let Some(record) = view.and_then(|w| w.record)
                {
                    self.keep_record(game, record);
                }
            }
            ServerMsg::Resumed { v } => self.last_v = Some(v),
            ServerMsg::State(s) => {
                let caught_up = self.link == Link::Catching;
                self.seat = s.seat;
                self.chat.settings = s.chat_settings;
                self.state = Some(*s);
                if caught_up {
                    // The replay (or welcome) is complete: what is still pending was not
                    // carried out; send it again.
                    self.link = Link::Open;
                    return self.pending.clone();
                }
            }
            ServerMsg::Event {
                action, by, game, ..
            } => {
                let place = self.count_action(game);
                // The seat from the first word: another seat's bid (`??,??`) is no `Action`.
                if let Some(seat) = seat_of(Some(&action)).filter(|&s| s < 3) {
                    self.away[seat] = by == "computer" && self.is_person(seat);
                    if self.away[seat] && !self.by_computer.contains(&(game, place)) {
                        self.by_computer.push((game, place));
                    }
                }
                if let Ok(a) = action.parse::<Action>()
                    && Some(a.seat) == self.seat
                {
                    self.pending.retain(|p| !same_act(p, &a));
                }
            }
            ServerMsg::Deal { game, .. } => {
                self.away = [false; 3];
                self.counted = (game, 0);
            }
            ServerMsg::Talon { seat, .. } if Some(seat) == self.seat => {
                self.pending
                    .retain(|p| !matches!(p, ClientMsg::Pickup { .. }));
            }
            ServerMsg::Ready { seat, .. } if Some(seat) == self.seat => {
                self.pending
                    .retain(|p| !matches!(p, ClientMsg::Next { .. }));
            }
            ServerMsg::Over { game, record, .. } => self.keep_record(game, record),
            ServerMsg::Chat(m) => {
                // The user's own message came back (a replay after a reconnect): it was sent.
                // The server sends it before its `ack`: the request is done (taken) either way.
                if Some(m.seat) == self.seat {
                    let text = m.text.clone();
                    let before = self.pending.len();
                    self.pending.retain(
                        |p| !matches!(p, ClientMsg::Chat { text: t, .. } if Some(t) == text.as_ref()),
                    );
                    if self.pending.len() < before {
                        self.chat.taken += 1;
                    }
                }
                self.chat.add(m);
            }
            ServerMsg::ChatSettings {
                chat, spectators, ..
            } => {
                self.chat.settings = wire::ChatSettings { chat, spectators };
                self.pending
                    .retain(|p| !matches!(p, ClientMsg::ChatSettings { .. }));
            }
            ServerMsg::Ack { id, .. } => {
                if self
                    .pending
                    .iter()
                    .any(|p| id == p.id() && matches!(p, ClientMsg::Chat { .. }))
                {
                    self.chat.taken += 1;
                }
                self.pending.retain(|p| id != p.id());
            }
            ServerMsg::Error { id, error } => {
                let chat = self.pending.iter().any(|p| id == p.id() && is_chat(p));
                self.pending.retain(|p| id != p.id());
                if chat {
                    self.chat.refused = Some(error);
                } else {
                    self.refused = Some(error);
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// Keep the record of finished game `game` (once).
    fn keep_record(&mut self, game: u32, record: TableRecord) {
        if !self.records.iter().any(|(g, _)| *g == game) {
            self.records.push((game, record));
            self.records.sort_by_key(|(g, _)| *g);
        }
    }

    /// The place of the next action of `game` among its actions (and count it).
    fn count_action(&mut self, game: u32) -> usize {
        if self.counted.0 != game {
            self.counted = (game, 0);
        }
        self.counted.1 += 1;
        self.counted.1 - 1
    }

    /// How many actions of the game on the table the computer chose for the user's seat
    /// while they were away (the page sums them up when they are back).
    #[must_use]
    pub fn played_for_me(&self) -> usize {
        let (Some(seat), Some(s)) = (self.seat, &self.state) else {
            return 0;
        };
        self.by_computer
            .iter()
            .filter(|(g, i)| *g == s.game && seat_of(s.table_view.public.get(*i)) == Some(seat))
            .count()
    }

    /// Is `seat` a person's seat?
    fn is_person(&self, seat: Seat) -> bool {
        self.state
            .as_ref()
            .and_then(|s| s.seats.get(seat))
            .is_some_and(SeatState::is_person)
    }

    /// The user lets its out-of-turn kontra go at this moment.
    pub fn decline(&mut self) {
        let Some(s) = &self.state else { return };
        if let Some((level, _)) = s.turn.as_ref().and_then(|t| t.kontra.as_ref()) {
            self.declined
                .push((s.game, s.table_view.played.len(), *level));
        }
    }

    /// The table as the connection's seat sees it.
    #[must_use]
    pub fn scene(&self) -> Option<Scene> {
        let s = self.state.as_ref()?;
        let mut turn = s.turn.clone();
        if let Some(t) = turn.as_mut()
            && let Some((level, _)) = &t.kontra
            && self
                .declined
                .contains(&(s.game, s.table_view.played.len(), *level))
        {
            t.kontra = None;
        }
        let out_of_turn = turn
            .as_ref()
            .is_some_and(|t| !t.to_act && t.kontra.is_some());
        let waiting = if out_of_turn {
            s.seat
        } else {
            s.table_view.to_act
        };
        Some(Scene {
            seat: s.seat.unwrap_or(0),
            player: s.seat.is_some(),
            view: s.table_view.clone(),
            turn,
            waiting: waiting.filter(|_| s.table_view.stage != Stage::Over),
            // The user's own seat is connected while this link is open, whatever presence
            // the server last stored (a reload's welcome still says the closed connection's).
            connected: (s.seats.len() == 3).then(|| {
                [0, 1, 2]
                    .map(|i| s.seats[i].connected || (self.link == Link::Open && s.seat == Some(i)))
            }),
            away: self.away,
            by_computer: self
                .by_computer
                .iter()
                .filter(|(g, _)| *g == s.game)
                .map(|(_, i)| *i)
                .collect(),
            names: [0, 1, 2].map(|i| s.seats.get(i).and_then(|x| x.name.clone())),
        })
    }

    /// Is the game on the table over (its record in `records`)?
    #[must_use]
    pub fn over(&self) -> Option<&TableRecord> {
        let s = self.state.as_ref()?;
        (s.table_view.stage == Stage::Over)
            .then(|| self.records.iter().find(|(g, _)| *g == s.game))
            .flatten()
            .map(|(_, r)| r)
    }
}

/// A chat message or the chat's settings (refused in the chat's own place)?
fn is_chat(m: &ClientMsg) -> bool {
    matches!(m, ClientMsg::Chat { .. } | ClientMsg::ChatSettings { .. })
}

/// The seat of an action in a view's words (`"1 stand"`).
fn seat_of(action: Option<&String>) -> Option<Seat> {
    action?.split_whitespace().next()?.parse().ok()
}

/// Is `p` the request for the action `a` (compared as parsed, the seat left out)?
fn same_act(p: &ClientMsg, a: &Action) -> bool {
    let ClientMsg::Act { action, .. } = p else {
        return false;
    };
    format!("{} {action}", a.seat)
        .parse::<Action>()
        .is_ok_and(|mine| mine == *a)
}
