//! The player this browser keeps on a table server (a guest, or an account signed in), and
//! what a refusal of the server's players API means (shared/FORMATS.md "Players, accounts and
//! sessions", "The lobby and play now"). Pure logic: the HTTP calls are
//! `live_client::players`'s, the words `i18n`'s.

use serde::{Deserialize, Serialize};
use ulti_engine::players::TableLevel;

/// The player kept for one server, as the browser's storage holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptPlayer {
    /// The player's id.
    pub player: String,
    /// Its name.
    pub name: String,
    /// Its session (the bearer token of every request about it).
    pub session: String,
    /// An account (name and password), or a guest?
    #[serde(default)]
    pub account: bool,
}

/// The key of the player kept for `server` (an origin like `http://127.0.0.1:8080`).
#[must_use]
pub fn storage_key(server: &str) -> String {
    format!("ulti-player|{server}")
}

/// The player as `GET /api/me` (and every call answering "the player") tells it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Me {
    /// The player's id.
    pub player: String,
    /// Its name.
    #[serde(default)]
    pub name: String,
    /// An account?
    #[serde(default)]
    pub account: bool,
    /// The table it sits at (by "play now"), if any.
    #[serde(default)]
    pub table: Option<String>,
    /// A new session (`POST /api/players`, `POST /api/sessions`).
    #[serde(default)]
    pub session: Option<String>,
}

impl Me {
    /// The player to keep: its new session, else `session` (the one it was asked with).
    #[must_use]
    pub fn kept(&self, session: &str) -> KeptPlayer {
        KeptPlayer {
            player: self.player.clone(),
            name: self.name.clone(),
            session: self.session.clone().unwrap_or_else(|| session.to_string()),
            account: self.account,
        }
    }
}

/// A seat found by "play now" (`POST /api/play`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Seated {
    /// The table.
    pub table: String,
    /// The seat.
    pub seat: usize,
    /// The seat's token (kept like an invitation's).
    pub token: String,
    /// Did this request open the table?
    #[serde(default)]
    pub opened: bool,
}

/// What "play now" asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayAsk {
    /// The computers' level, should the table be opened by this request.
    pub level: TableLevel,
    /// How long its seats wait for people (seconds).
    pub wait_s: u32,
    /// Open a table of one's own.
    pub new: bool,
    /// Sit at this table only (the lobby's "Sit here").
    pub table: Option<String>,
}

/// The waits a player may choose (seconds); [`DEFAULT_WAIT_S`] first shown.
pub const WAITS_S: [u32; 4] = [15, 30, 60, 120];
/// The wait shown first.
pub const DEFAULT_WAIT_S: u32 = 30;

impl PlayAsk {
    /// The body of `POST /api/play`.
    #[must_use]
    pub fn body(&self) -> serde_json::Value {
        let mut v = serde_json::json!({"level": self.level, "wait_s": self.wait_s});
        if self.new {
            v["new"] = true.into();
        }
        if let Some(t) = &self.table {
            v["table"] = t.clone().into();
        }
        v
    }
}

/// Which request a refusal answers (the same status means different things).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// `POST /api/players`.
    NewGuest,
    /// `POST /api/me/name`.
    Rename,
    /// `POST /api/me/account`.
    SignUp,
    /// `POST /api/sessions`.
    SignIn,
    /// `POST /api/me/logout`.
    SignOut,
    /// `GET /api/me`.
    Me,
    /// `POST /api/play`.
    Play,
    /// `POST /api/me/leave`.
    Leave,
    /// `POST /api/me/password`.
    ChangePassword,
    /// `POST /api/me/delete`.
    Delete,
}

/// Why the server (or the network) refused, as the page says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No answer: offline, or no server there.
    Unreachable,
    /// The name or password does not qualify (the server's words).
    Invalid(String),
    /// Sign in: the name or the password is wrong.
    WrongPassword,
    /// The current password given to change the password or delete the account is wrong
    /// (403): nothing changed.
    WrongCurrentPassword,
    /// The session is unknown, revoked or of a deleted account: it is forgotten.
    SessionGone,
    /// The name belongs to another player.
    NameTaken,
    /// This player is an account already.
    AlreadyAccount,
    /// The player sits at a table already (the server's words name it).
    AlreadySeated(String),
    /// That table has no seat waiting for a person.
    NoSeat,
    /// No such table.
    NoTable,
    /// The player sits at no table.
    NotSeated,
    /// Too many attempts: wait a minute (the server's words).
    TooMany(String),
    /// Anything else, in the server's words.
    Other(String),
}

impl Refusal {
    /// The refusal of `call` answered with `status` and the server's `words`.
    #[must_use]
    pub fn from_status(call: Call, status: u16, words: &str) -> Refusal {
        let words = words.to_string();
        match (status, call) {
            (400, _) => Refusal::Invalid(words),
            (401, Call::SignIn) => Refusal::WrongPassword,
            (401, _) => Refusal::SessionGone,
            (403, Call::ChangePassword | Call::Delete) => Refusal::WrongCurrentPassword,
            (404, Call::Play) => Refusal::NoTable,
            (409, Call::Rename | Call::SignUp) if words.contains("taken") => Refusal::NameTaken,
            (409, Call::SignUp) => Refusal::AlreadyAccount,
            (409, Call::Play) if words.contains("no seat waiting") => Refusal::NoSeat,
            (409, Call::Play) => Refusal::AlreadySeated(words),
            (409, Call::Leave) => Refusal::NotSeated,
            (429, _) => Refusal::TooMany(words),
            _ => Refusal::Other(words),
        }
    }

    /// Does this refusal mean the kept session is no good any more?
    #[must_use]
    pub fn forgets_session(&self) -> bool {
        *self == Refusal::SessionGone
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_player_reads_and_writes_the_contract_s_json() {
        let k: KeptPlayer = serde_json::from_str(
            r#"{"player": "p1", "name": "Anna", "session": "s1", "account": true}"#,
        )
        .unwrap();
        assert_eq!(k.name, "Anna");
        assert!(k.account);
        let back: serde_json::Value = serde_json::to_value(&k).unwrap();
        assert_eq!(
            back,
            serde_json::json!({"player": "p1", "name": "Anna", "session": "s1", "account": true})
        );
        assert_eq!(
            storage_key("http://127.0.0.1:8080"),
            "ulti-player|http://127.0.0.1:8080"
        );
    }

    #[test]
    fn a_new_session_replaces_the_one_asked_with() {
        let me: Me = serde_json::from_str(
            r#"{"player": "p", "name": "guest-abc", "session": "new", "account": false, "table": null}"#,
        )
        .unwrap();
        assert_eq!(me.kept("old").session, "new");
        let me: Me = serde_json::from_str(
            r#"{"player": "p", "name": "Béla", "account": true, "table": "T1"}"#,
        )
        .unwrap();
        assert_eq!(me.kept("old").session, "old");
        assert_eq!(me.table.as_deref(), Some("T1"));
    }

    #[test]
    fn play_now_s_body_names_only_what_is_asked() {
        let ask = PlayAsk {
            level: TableLevel::Strong,
            wait_s: 15,
            new: false,
            table: None,
        };
        assert_eq!(
            ask.body(),
            serde_json::json!({"level": "strong", "wait_s": 15})
        );
        let ask = PlayAsk {
            new: true,
            table: Some("T".into()),
            ..ask
        };
        assert_eq!(
            ask.body(),
            serde_json::json!({"level": "strong", "wait_s": 15, "new": true, "table": "T"})
        );
        assert!(WAITS_S.contains(&DEFAULT_WAIT_S));
    }

    #[test]
    fn each_refusal_means_what_its_request_and_status_say() {
        use Refusal as R;
        assert_eq!(
            R::from_status(Call::SignIn, 401, "wrong name or password"),
            R::WrongPassword
        );
        assert_eq!(
            R::from_status(Call::Me, 401, "unknown session"),
            R::SessionGone
        );
        assert!(R::from_status(Call::Rename, 401, "x").forgets_session());
        assert!(!R::from_status(Call::SignIn, 401, "x").forgets_session());
        assert_eq!(
            R::from_status(Call::SignUp, 409, "this name is taken: choose another"),
            R::NameTaken
        );
        assert_eq!(
            R::from_status(Call::Rename, 409, "this name is taken: choose another"),
            R::NameTaken
        );
        assert_eq!(
            R::from_status(Call::SignUp, 409, "an account already"),
            R::AlreadyAccount
        );
        assert_eq!(
            R::from_status(
                Call::Play,
                409,
                "this table has no seat waiting for a person"
            ),
            R::NoSeat
        );
        assert_eq!(
            R::from_status(Call::Play, 409, "you sit at table T already"),
            R::AlreadySeated("you sit at table T already".into())
        );
        assert_eq!(R::from_status(Call::Play, 404, "no table"), R::NoTable);
        assert_eq!(
            R::from_status(Call::SignUp, 400, "a password is 8 to 256 characters"),
            R::Invalid("a password is 8 to 256 characters".into())
        );
        assert_eq!(
            R::from_status(Call::SignIn, 429, "too many"),
            R::TooMany("too many".into())
        );
        assert_eq!(R::from_status(Call::Leave, 409, "x"), R::NotSeated);
        assert_eq!(
            R::from_status(Call::Me, 503, "busy"),
            R::Other("busy".into())
        );
    }

    #[test]
    fn a_wrong_current_password_is_not_a_lost_session() {
        let r = Refusal::from_status(Call::ChangePassword, 403, "the password is wrong");
        assert_eq!(r, Refusal::WrongCurrentPassword);
        assert!(!r.forgets_session());
        assert_eq!(
            Refusal::from_status(Call::Delete, 403, "the password is wrong"),
            Refusal::WrongCurrentPassword
        );
        // A deleted account's session is gone, whatever the call.
        assert!(Refusal::from_status(Call::Delete, 401, "unknown session").forgets_session());
    }
}
