//! The live-table protocol `ulti-table/1` (shared/FORMATS.md "Live tables") as the app reads
//! and writes it: every server message the page uses, typed; anything else is `Other` and
//! ignored (the protocol may add messages). The server adds a `state` message after every
//! change: the seat's `TableView` and `SeatTurn`.

use serde::{Deserialize, Serialize};
use ulti_engine::Seat;
use ulti_engine::whole_game::{SeatTurn, Stage, TableRecord, TableView};

/// The protocol this app speaks.
pub const PROTOCOL: &str = "ulti-table/1";

/// One seat as the server shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    /// `human` or `computer`.
    pub kind: String,
    /// The computer's level (`None` for a person).
    #[serde(default)]
    pub level: Option<String>,
    /// Does a connection hold it?
    pub connected: bool,
    /// Its player's name (a seat taken by "play now" or opened with a session).
    #[serde(default)]
    pub name: Option<String>,
    /// Its player's id (as `name`).
    #[serde(default)]
    pub player: Option<String>,
    /// A public table's seat still waiting for a person.
    #[serde(default)]
    pub waiting: bool,
}

impl SeatState {
    /// A person's seat (not a computer's)?
    #[must_use]
    pub fn is_person(&self) -> bool {
        self.kind == "human"
    }
}

/// The table's score sheet as the server keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// Each finished game's payments.
    pub games: Vec<[i32; 3]>,
    /// Their sums.
    pub totals: [i32; 3],
}

/// A terített soloist's open hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenHand {
    /// The soloist.
    pub seat: Seat,
    /// Its ten cards.
    pub hand: String,
}

/// The table as this connection's seat sees it now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The last message it reflects.
    pub at: u64,
    /// The game's number (from 1).
    pub game: u32,
    /// The seat (`None`: a spectator).
    pub seat: Option<Seat>,
    /// The seat's view.
    pub table_view: TableView,
    /// What the seat may do (`None` for a spectator, or once the game is over).
    pub turn: Option<SeatTurn>,
    /// A seat that has picked up the talon and not yet bid.
    #[serde(default)]
    pub picked_up: Option<Seat>,
    /// The seats.
    pub seats: Vec<SeatState>,
    /// The score sheet.
    #[serde(default)]
    pub sheet: Sheet,
    /// After a game: who has said `next`.
    #[serde(default)]
    pub ready: Vec<bool>,
    /// A terített soloist's open hand.
    #[serde(default)]
    pub open: Option<OpenHand>,
    /// The creator's chat settings now.
    #[serde(default)]
    pub chat_settings: ChatSettings,
    /// The creator's seat (it sets the chat).
    #[serde(default)]
    pub creator: Option<Seat>,
    /// While a public table's seat waits for a person: when computers take the seats still
    /// waiting (ms since 1970).
    #[serde(default)]
    pub fill_at: Option<i64>,
    /// At a table of the deal of the day: its day and deals.
    #[serde(default)]
    pub daily: Option<DailyTable>,
}

/// A table of the deal of the day (`daily` in `state`): its deal `n` is the day's deal `n`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyTable {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// How many deals the attempt plays.
    pub deals: u32,
}

/// The creator's chat settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatSettings {
    /// Is chat on?
    pub chat: bool,
    /// Do spectators read it?
    pub spectators: bool,
}

impl Default for ChatSettings {
    /// On, and read by spectators, until the creator says otherwise.
    fn default() -> ChatSettings {
        ChatSettings {
            chat: true,
            spectators: true,
        }
    }
}

/// A chat message as the server sends it (also inside `welcome`'s `chat`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMsg {
    /// Its number.
    pub v: u64,
    /// Who wrote it.
    pub seat: Seat,
    /// The seat's player (`None`: a seat held by an invitation's token).
    #[serde(default)]
    pub player: Option<String>,
    /// The text (`None` for a spectator the creator keeps from the chat).
    #[serde(default)]
    pub text: Option<String>,
}

/// The part of a welcome's `view` the page reads: the game's actions so far, and the whole
/// record when the view is one (once the game is over the server shows every hand and
/// action: the finished game comes back to a page that opens or reloads before the next deal).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WelcomeView {
    /// Every action of the game so far (filtered for the connection).
    pub actions: Vec<String>,
    /// The view as a whole `ulti-game/1` record (`None` while a hand is hidden, `null`).
    pub record: Option<TableRecord>,
}

/// The fields of an `ulti-game/1` record (a field the server may add is passed over).
const RECORD_FIELDS: [&str; 5] = ["format", "rules", "dealer", "hands", "actions"];

impl<'de> Deserialize<'de> for WelcomeView {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<WelcomeView, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        let actions = match v.get("actions") {
            None | Some(serde_json::Value::Null) => Vec::new(),
            Some(a) => Vec::<String>::deserialize(a).map_err(serde::de::Error::custom)?,
        };
        let fields: serde_json::Map<String, serde_json::Value> = RECORD_FIELDS
            .iter()
            .filter_map(|&k| v.get(k).map(|x| (k.to_string(), x.clone())))
            .collect();
        let record = TableRecord::deserialize(serde_json::Value::Object(fields)).ok();
        Ok(WelcomeView { actions, record })
    }
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ServerMsg {
    /// The table as the connection may see it (a first connection, or a replay too old).
    Welcome {
        /// The connection's seat.
        seat: Option<Seat>,
        /// The table's last message.
        v: u64,
        /// The game's number.
        game: u32,
        /// Where the game stands (`over`: `view` is its whole record).
        #[serde(default)]
        stage: Option<Stage>,
        /// The game as the connection may see it.
        #[serde(default)]
        view: Option<WelcomeView>,
        /// The table's last chat messages, oldest first.
        #[serde(default)]
        chat: Vec<ChatMsg>,
    },
    /// A replay from `since` is complete.
    Resumed {
        /// The table's last message.
        v: u64,
    },
    /// One action of a game.
    Event {
        /// Its number.
        v: u64,
        /// The game.
        game: u32,
        /// The action in `ulti replay`'s words (other seats' discards `??,??`).
        action: String,
        /// `person` or `computer`.
        by: String,
    },
    /// A new game.
    Deal {
        /// Its number.
        v: u64,
        /// The game.
        game: u32,
        /// The dealer.
        dealer: Seat,
    },
    /// A seat picked up the talon.
    Talon {
        /// Its number.
        v: u64,
        /// The seat.
        seat: Seat,
    },
    /// A terített soloist's hand.
    Open {
        /// Its number.
        v: u64,
    },
    /// A game is over.
    Over {
        /// Its number.
        v: u64,
        /// The game.
        game: u32,
        /// Its full record.
        record: TableRecord,
        /// Each seat's payment.
        payments: [i32; 3],
    },
    /// A seat is ready for the next deal.
    Ready {
        /// Its number.
        v: u64,
        /// The seat.
        seat: Seat,
    },
    /// Who is connected.
    Presence {
        /// Its number.
        v: u64,
    },
    /// A seat's chat message.
    Chat(ChatMsg),
    /// The creator's chat settings from now on.
    #[serde(rename = "chat_settings")]
    ChatSettings {
        /// Its number.
        v: u64,
        /// Is chat on?
        chat: bool,
        /// Do spectators read it?
        spectators: bool,
    },
    /// A player took a seat.
    Sit {
        /// Its number.
        v: u64,
        /// The seat.
        seat: Seat,
        /// The player's id.
        player: String,
    },
    /// A waiting seat is a computer's from now on.
    Fill {
        /// Its number.
        v: u64,
        /// The seat.
        seat: Seat,
        /// The computer's level.
        level: String,
    },
    /// A table opened by "play now" (its first message).
    Public {
        /// Its number.
        v: u64,
        /// The level of the computers that fill.
        level: String,
        /// When they fill (ms since 1970).
        fill_at: i64,
        /// The seats waiting for a person.
        waiting: [bool; 3],
    },
    /// The table now, for this connection (not numbered).
    State(Box<State>),
    /// A client message was carried out; `v` is the message it caused.
    Ack {
        /// The client's id.
        id: serde_json::Value,
        /// The message it caused.
        v: u64,
    },
    /// A client message was refused; nothing changed.
    Error {
        /// The client's id (`null` for a message without one).
        id: serde_json::Value,
        /// Why.
        error: String,
    },
    /// The answer to a ping.
    Pong,
    /// A message this app does not use.
    #[serde(other)]
    Other,
}

impl ServerMsg {
    /// The number of a numbered message.
    #[must_use]
    pub fn v(&self) -> Option<u64> {
        match self {
            ServerMsg::Event { v, .. }
            | ServerMsg::Deal { v, .. }
            | ServerMsg::Talon { v, .. }
            | ServerMsg::Open { v }
            | ServerMsg::Over { v, .. }
            | ServerMsg::Ready { v, .. }
            | ServerMsg::Presence { v }
            | ServerMsg::Chat(ChatMsg { v, .. })
            | ServerMsg::ChatSettings { v, .. }
            | ServerMsg::Sit { v, .. }
            | ServerMsg::Fill { v, .. }
            | ServerMsg::Public { v, .. } => Some(*v),
            _ => None,
        }
    }
}

/// A message to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ClientMsg {
    /// An action of the connection's seat (`VERB ARGS`, without the seat).
    Act {
        /// The client's id.
        id: u64,
        /// The action.
        action: String,
    },
    /// Pick up the talon.
    Pickup {
        /// The client's id.
        id: u64,
    },
    /// Ready for the next deal.
    Next {
        /// The client's id.
        id: u64,
    },
    /// A chat message from the connection's seat.
    Chat {
        /// The client's id.
        id: u64,
        /// The text.
        text: String,
    },
    /// The creator's chat settings.
    #[serde(rename = "chat_settings")]
    ChatSettings {
        /// The client's id.
        id: u64,
        /// Is chat on?
        chat: bool,
        /// Do spectators read it?
        spectators: bool,
    },
}

impl ClientMsg {
    /// The client's id.
    #[must_use]
    pub fn id(&self) -> u64 {
        match self {
            ClientMsg::Act { id, .. }
            | ClientMsg::Pickup { id }
            | ClientMsg::Next { id }
            | ClientMsg::Chat { id, .. }
            | ClientMsg::ChatSettings { id, .. } => *id,
        }
    }

    /// The JSON text sent.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a client message serialises")
    }
}

/// A table's seats as `POST /api/tables` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// The user who creates the table.
    Me,
    /// A friend, invited by a link.
    Friend,
    /// A computer player at a level (`easy`, `normal`, `strong`).
    Computer(&'static str),
}

impl SeatChoice {
    /// The seat kind on the wire.
    #[must_use]
    pub fn wire(self) -> String {
        match self {
            SeatChoice::Me | SeatChoice::Friend => "human".into(),
            SeatChoice::Computer(level) => format!("computer:{level}"),
        }
    }
}

/// The answer to `POST /api/tables`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Created {
    /// The table's id.
    pub table: String,
    /// One token per person's seat, by seat number.
    pub tokens: std::collections::BTreeMap<String, String>,
}
