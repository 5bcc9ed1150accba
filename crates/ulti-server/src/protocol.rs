//! The wire of `ulti-table/1` (shared/FORMATS.md "Live tables"): what a client may send, read
//! with an error in words for anything else, and the messages the server sends that are not
//! numbered (`welcome`, `resumed`, `ack`, `error`, `pong`). The numbered ones live in
//! [`crate::event`].

use serde::Serialize;
use serde_json::Value;

/// A seat kind as `POST /api/tables` names it and `GET /api/tables/ID` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person (a browser or any program holding the seat's token).
    Human,
    /// A computer player at a level.
    Computer(ulti_engine::players::TableLevel),
}

impl SeatKind {
    /// `human`, `computer:easy`, `computer:normal`, `computer:strong`.
    ///
    /// # Errors
    /// Anything else, in words.
    pub fn parse(s: &str) -> Result<SeatKind, String> {
        use ulti_engine::players::TableLevel;
        match s {
            "human" => Ok(SeatKind::Human),
            "computer:easy" => Ok(SeatKind::Computer(TableLevel::Easy)),
            "computer:normal" => Ok(SeatKind::Computer(TableLevel::Normal)),
            "computer:strong" => Ok(SeatKind::Computer(TableLevel::Strong)),
            other => Err(format!(
                "seat {other:?} is not human, computer:easy, computer:normal or computer:strong"
            )),
        }
    }

    /// The name `parse` reads.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Computer(l) => format!("computer:{}", l.id()),
        }
    }

    /// Is it a person's seat?
    #[must_use]
    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }
}

/// One seat as `GET /api/tables/ID` and `welcome` show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    /// `human` or `computer`.
    pub kind: &'static str,
    /// The computer's level (`null` for a person).
    pub level: Option<&'static str>,
    /// Does a connection hold it (a computer seat always is)?
    pub connected: bool,
    /// Its player's name (an added field, only on a seat a player took by "play now" or
    /// opened with its session; absent once that account is deleted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its player's id (an added field, as `name`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// A public table's seat still waiting for a person (an added field, only when true).
    #[serde(skip_serializing_if = "is_false")]
    pub waiting: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(b: &bool) -> bool {
    !*b
}

/// The score sheet: each finished game's payments and the totals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Sheet {
    /// Payments per finished game, game 1 first.
    pub games: Vec<[i32; 3]>,
    /// Their sums.
    pub totals: [i32; 3],
}

impl Sheet {
    /// Add a finished game's payments.
    pub fn push(&mut self, payments: [i32; 3]) {
        for (t, p) in self.totals.iter_mut().zip(payments) {
            *t += p;
        }
        self.games.push(payments);
    }
}

/// `GET /api/tables/ID`.
#[derive(Clone, Debug, Serialize)]
pub struct TableSummary {
    /// The table id.
    pub table: String,
    /// The three seats.
    pub seats: Vec<SeatInfo>,
    /// How many games are finished.
    pub games: usize,
    /// Their payments.
    pub sheet: Sheet,
}

/// A client's message, read.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientMsg {
    /// `{"t": "act", "id": ID, "action": "VERB ARGS"}`.
    Act {
        /// Echoed back.
        id: Value,
        /// The action without its seat.
        action: String,
    },
    /// `{"t": "pickup", "id": ID}`.
    Pickup {
        /// Echoed back.
        id: Value,
    },
    /// `{"t": "next", "id": ID}`.
    Next {
        /// Echoed back.
        id: Value,
    },
    /// `{"t": "ping"}`.
    Ping,
    /// `{"t": "chat", "id": ID, "text": "…"}`: a seat's chat message.
    Chat {
        /// Echoed back.
        id: Value,
        /// The text as sent (checked and stripped by the table).
        text: String,
    },
    /// `{"t": "chat_settings", "id": ID, "chat": true|false, "spectators": true|false}`: the
    /// creator's chat settings.
    ChatSettings {
        /// Echoed back.
        id: Value,
        /// Is chat on?
        chat: bool,
        /// Do spectators read it?
        spectators: bool,
    },
}

/// A message that cannot be read: answered with `{"t": "error", "id": …, "error": …}`.
#[derive(Clone, Debug, PartialEq)]
pub struct BadMessage {
    /// The id when one could be read, else `null`.
    pub id: Value,
    /// What is wrong, in words.
    pub error: String,
}

/// Read a client's text frame.
///
/// # Errors
/// Not JSON, not an object, no or a bad `t`, no or a bad `id`, an `act` without its action.
pub fn parse_client(text: &str) -> Result<ClientMsg, BadMessage> {
    let bad = |id: Value, error: String| BadMessage { id, error };
    let v: Value = serde_json::from_str(text)
        .map_err(|e| bad(Value::Null, format!("not a JSON message: {e}")))?;
    let Value::Object(obj) = v else {
        return Err(bad(Value::Null, "a message is a JSON object".into()));
    };
    let id = match obj.get("id") {
        None | Some(Value::Null) => None,
        Some(v @ Value::String(_)) => Some(v.clone()),
        Some(v @ Value::Number(n)) if n.is_i64() || n.is_u64() => Some(v.clone()),
        Some(_) => {
            return Err(bad(
                Value::Null,
                "\"id\" is a string or an integer the client chooses".into(),
            ));
        }
    };
    let t = match obj.get("t") {
        Some(Value::String(t)) => t.as_str(),
        _ => {
            return Err(bad(
                id.unwrap_or(Value::Null),
                "a message has a type \"t\": act, pickup, next, chat, chat_settings or ping".into(),
            ));
        }
    };
    if t == "ping" {
        return Ok(ClientMsg::Ping);
    }
    if !matches!(t, "act" | "pickup" | "next" | "chat" | "chat_settings") {
        return Err(bad(
            id.unwrap_or(Value::Null),
            format!(
                "unknown message type {t:?}: use act, pickup, next, chat, chat_settings or ping"
            ),
        ));
    }
    let Some(id) = id else {
        return Err(bad(
            Value::Null,
            format!("a {t:?} message needs an \"id\" (a string or an integer)"),
        ));
    };
    match t {
        "act" => match obj.get("action") {
            Some(Value::String(a)) if !a.trim().is_empty() => Ok(ClientMsg::Act {
                id,
                action: a.clone(),
            }),
            _ => Err(bad(
                id,
                "an \"act\" message needs \"action\": \"VERB ARGS\" (e.g. \"card ZA\")".into(),
            )),
        },
        "pickup" => Ok(ClientMsg::Pickup { id }),
        "chat" => match obj.get("text") {
            Some(Value::String(text)) => Ok(ClientMsg::Chat {
                id,
                text: text.clone(),
            }),
            _ => Err(bad(
                id,
                "a \"chat\" message needs \"text\": a string".into(),
            )),
        },
        "chat_settings" => match (obj.get("chat"), obj.get("spectators")) {
            (Some(Value::Bool(chat)), spectators) => Ok(ClientMsg::ChatSettings {
                id,
                chat: *chat,
                spectators: spectators.and_then(Value::as_bool).unwrap_or(true),
            }),
            _ => Err(bad(
                id,
                "\"chat_settings\" needs \"chat\": true or false (and \"spectators\")".into(),
            )),
        },
        _ => Ok(ClientMsg::Next { id }),
    }
}

/// `{"t": "ack", "id": ID, "v": V}`.
#[must_use]
pub fn ack(id: &Value, v: u64) -> String {
    serde_json::json!({"t": "ack", "id": id, "v": v}).to_string()
}

/// `{"t": "error", "id": ID|null, "error": "…"}`.
#[must_use]
pub fn error(id: &Value, error: &str) -> String {
    serde_json::json!({"t": "error", "id": id, "error": error}).to_string()
}

/// `{"t": "resumed", "v": V}`.
#[must_use]
pub fn resumed(v: u64) -> String {
    serde_json::json!({"t": "resumed", "v": v}).to_string()
}

/// `{"t": "pong"}`.
#[must_use]
pub fn pong() -> String {
    r#"{"t":"pong"}"#.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_message_and_names_what_is_wrong() {
        assert_eq!(
            parse_client(r#"{"t":"act","id":3,"action":"card ZA"}"#),
            Ok(ClientMsg::Act {
                id: Value::from(3),
                action: "card ZA".into()
            })
        );
        assert_eq!(
            parse_client(r#"{"t":"pickup","id":"a"}"#),
            Ok(ClientMsg::Pickup {
                id: Value::from("a")
            })
        );
        assert_eq!(parse_client(r#"{"t":"ping"}"#), Ok(ClientMsg::Ping));
        let e = parse_client("{nope").unwrap_err();
        assert_eq!(e.id, Value::Null);
        assert!(e.error.contains("not a JSON message"), "{}", e.error);
        assert!(parse_client("[1]").unwrap_err().error.contains("object"));
        let e = parse_client(r#"{"t":"dance","id":7}"#).unwrap_err();
        assert_eq!(e.id, Value::from(7));
        assert!(e.error.contains("unknown message type"));
        let e = parse_client(r#"{"t":"next"}"#).unwrap_err();
        assert_eq!(e.id, Value::Null);
        assert!(e.error.contains("needs an \"id\""));
        let e = parse_client(r#"{"t":"act","id":1}"#).unwrap_err();
        assert_eq!(e.id, Value::from(1));
        assert!(parse_client(r#"{"t":"act","id":1.5,"action":"stand"}"#).is_err());
    }

    #[test]
    fn seat_kinds_round_trip() {
        for s in [
            "human",
            "computer:easy",
            "computer:normal",
            "computer:strong",
        ] {
            assert_eq!(SeatKind::parse(s).unwrap().name(), s);
        }
        assert!(SeatKind::parse("computer:cheater").is_err());
    }
}
