//! The lobby as the page keeps it ([`Lobby`]): the public tables waiting for people, from the
//! lobby socket's `lobby` (the whole list) and `lobby_changes` (what was added, changed and
//! removed since), in the order shown (the soonest to start first), each seat as the page says
//! it, the seconds until the computers sit down, and the rules that differ from the standard
//! ones. The socket's health (live, or trying again after a backoff) is here too. Pure logic
//! over a clock the caller passes in (milliseconds since 1970, `Date.now()`).

use serde::Deserialize;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{AllPass, EqualValue, TableRules};

/// One seat of a listed table, as the server shows it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct LobbySeat {
    /// `human` or `computer`.
    pub kind: String,
    /// A computer's level.
    #[serde(default)]
    pub level: Option<TableLevel>,
    /// The player's name (a seat a player took).
    #[serde(default)]
    pub name: Option<String>,
    /// The player's id.
    #[serde(default)]
    pub player: Option<String>,
    /// Waiting for a person.
    #[serde(default)]
    pub waiting: bool,
}

/// A seat as the page says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatShown {
    /// A player, by name.
    Player(String),
    /// A person without a name (a deleted account, an invitation's seat).
    Person,
    /// Waiting for a person.
    Waiting,
    /// A computer at its level.
    Computer(TableLevel),
}

impl LobbySeat {
    /// What the page shows for this seat.
    #[must_use]
    pub fn shown(&self) -> SeatShown {
        if self.waiting {
            SeatShown::Waiting
        } else if self.kind == "computer" {
            SeatShown::Computer(self.level.unwrap_or(TableLevel::Normal))
        } else {
            self.name
                .clone()
                .map_or(SeatShown::Person, SeatShown::Player)
        }
    }
}

/// A public table waiting for people.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Entry {
    /// The table's id.
    pub table: String,
    /// Its rules.
    #[serde(default)]
    pub rules: TableRules,
    /// The level of the computers that take the seats left.
    pub level: TableLevel,
    /// When they do (ms since 1970).
    pub fill_at: i64,
    /// The three seats.
    pub seats: Vec<LobbySeat>,
}

impl Entry {
    /// Whole seconds until the computers sit down (0 once due).
    #[must_use]
    pub fn seconds_left(&self, now_ms: f64) -> u64 {
        let left = (self.fill_at as f64 - now_ms) / 1000.0;
        if left > 0.0 { left.ceil() as u64 } else { 0 }
    }

    /// Does `player` sit here?
    #[must_use]
    pub fn seats_player(&self, player: &str) -> bool {
        self.seats
            .iter()
            .any(|s| s.player.as_deref() == Some(player))
    }

    /// Seats waiting for a person.
    #[must_use]
    pub fn waiting(&self) -> usize {
        self.seats.iter().filter(|s| s.waiting).count()
    }

    /// Whose table it is to the eye: the first seated player with a name (the one who opened
    /// it, unless that player has gone nameless).
    #[must_use]
    pub fn host(&self) -> Option<&str> {
        self.seats
            .iter()
            .find(|s| !s.waiting && s.kind == "human")
            .and_then(|s| s.name.as_deref())
    }
}

/// A message of the lobby socket.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum LobbyMsg {
    /// The whole list.
    Lobby {
        /// Every listed table.
        tables: Vec<Entry>,
    },
    /// What changed since the last message.
    LobbyChanges {
        /// New tables.
        #[serde(default)]
        added: Vec<Entry>,
        /// Tables whose entry changed (each replaces the one of its id).
        #[serde(default)]
        changed: Vec<Entry>,
        /// Tables no longer listed.
        #[serde(default)]
        removed: Vec<String>,
    },
    /// The answer to a ping.
    Pong,
    /// Anything else (the protocol may add messages): passed over.
    #[serde(other)]
    Other,
}

/// Read one message of the lobby socket (`None`: not JSON, or not an object with `t`).
#[must_use]
pub fn read(text: &str) -> Option<LobbyMsg> {
    serde_json::from_str(text).ok()
}

/// The lobby socket's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LobbyLink {
    /// Opening the socket.
    Connecting,
    /// Open, and the list received: what is shown is live.
    Live,
    /// Closed: the next attempt (`attempt`-th, from 0) at `retry_at`, once online.
    Lost {
        /// The failed attempts since the last success.
        attempt: u32,
        /// When to try again.
        retry_at: f64,
    },
}

/// The longest wait between two attempts to open the lobby socket.
pub const MAX_BACKOFF_MS: f64 = 10_000.0;

/// How long to wait before the `attempt`-th attempt (from 0): 1 s, 2 s, 4 s, 8 s, then 10 s.
#[must_use]
pub fn backoff_ms(attempt: u32) -> f64 {
    (1000.0 * f64::from(1u32 << attempt.min(4))).min(MAX_BACKOFF_MS)
}

/// The lobby at one page.
#[derive(Clone, Debug, PartialEq)]
pub struct Lobby {
    /// The listed tables, in the order shown.
    pub tables: Vec<Entry>,
    /// The socket.
    pub link: LobbyLink,
    /// Did the browser say the network is there?
    pub online: bool,
    attempt: u32,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            tables: Vec::new(),
            link: LobbyLink::Connecting,
            online: true,
            attempt: 0,
        }
    }
}

impl Lobby {
    /// Is the list shown live (the socket open and its list received)?
    #[must_use]
    pub fn is_live(&self) -> bool {
        self.link == LobbyLink::Live
    }

    /// A message from the socket.
    pub fn receive(&mut self, msg: LobbyMsg) {
        match msg {
            LobbyMsg::Lobby { tables } => {
                self.tables = tables;
                self.link = LobbyLink::Live;
                self.attempt = 0;
            }
            LobbyMsg::LobbyChanges {
                added,
                changed,
                removed,
            } => {
                self.tables.retain(|e| !removed.contains(&e.table));
                for e in added.into_iter().chain(changed) {
                    match self.tables.iter_mut().find(|t| t.table == e.table) {
                        Some(t) => *t = e,
                        None => self.tables.push(e),
                    }
                }
            }
            LobbyMsg::Pong | LobbyMsg::Other => {}
        }
        self.tables.sort_by(|a, b| {
            a.fill_at
                .cmp(&b.fill_at)
                .then_with(|| a.table.cmp(&b.table))
        });
    }

    /// The socket is being opened.
    pub fn connecting(&mut self) {
        self.link = LobbyLink::Connecting;
    }

    /// The socket closed (or never opened) at `now`: try again after the backoff. The list
    /// stays shown, marked as not live.
    pub fn closed(&mut self, now: f64) {
        let attempt = self.attempt;
        self.attempt = attempt.saturating_add(1);
        self.link = LobbyLink::Lost {
            attempt,
            retry_at: now + backoff_ms(attempt),
        };
    }

    /// The browser's word on the network; back online, the next attempt is now.
    pub fn set_online(&mut self, online: bool, now: f64) {
        self.online = online;
        if online && let LobbyLink::Lost { attempt, .. } = self.link {
            self.link = LobbyLink::Lost {
                attempt,
                retry_at: now,
            };
        }
    }

    /// Is it time to open the socket again?
    #[must_use]
    pub fn due(&self, now: f64) -> bool {
        self.online && matches!(self.link, LobbyLink::Lost { retry_at, .. } if now >= retry_at)
    }
}

/// A rule of a table that differs from the standard ones, as the lobby names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleNote {
    /// Unannounced ulti, 100 and durchmars score.
    SilentBonuses,
    /// The holder may not raise its own bid.
    HolderMayNotRaise,
    /// Beat the led suit even after a trump.
    MustBeatAfterTrump,
    /// A marriage counts only with a trick.
    MarriageNeedsTrick,
    /// All pass: the forehand pays.
    AllPassForfeit,
    /// Equal values overcall by rank.
    EqualByRank,
    /// The highest kontra (when not the standard rekontra).
    MaxKontra(u8),
}

/// The rules of `r` that differ from the standard ones (none: the standard rules).
#[must_use]
pub fn rule_notes(r: &TableRules) -> Vec<RuleNote> {
    let d = TableRules::default();
    let mut notes = Vec::new();
    if r.silent_bonuses != d.silent_bonuses {
        notes.push(RuleNote::SilentBonuses);
    }
    if r.holder_may_raise != d.holder_may_raise {
        notes.push(RuleNote::HolderMayNotRaise);
    }
    if r.must_beat_after_trump != d.must_beat_after_trump {
        notes.push(RuleNote::MustBeatAfterTrump);
    }
    if r.marriage_needs_trick != d.marriage_needs_trick {
        notes.push(RuleNote::MarriageNeedsTrick);
    }
    if r.allpass == AllPass::Forfeit {
        notes.push(RuleNote::AllPassForfeit);
    }
    if r.equal_value == EqualValue::ByRank {
        notes.push(RuleNote::EqualByRank);
    }
    if r.max_kontra != d.max_kontra {
        notes.push(RuleNote::MaxKontra(r.max_kontra));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, fill_at: i64, names: [Option<&str>; 3]) -> String {
        let seats: Vec<String> = names
            .iter()
            .map(|n| match n {
                Some(n) => format!(
                    r#"{{"kind":"human","level":null,"connected":true,"name":"{n}","player":"p-{n}"}}"#
                ),
                None => r#"{"kind":"human","level":null,"connected":false,"waiting":true}"#.into(),
            })
            .collect();
        format!(
            r#"{{"table":"{id}","rules":{{"must_beat_after_trump":true}},"level":"easy","fill_at":{fill_at},"seats":[{}]}}"#,
            seats.join(",")
        )
    }

    fn msg(text: &str) -> LobbyMsg {
        read(text).unwrap_or_else(|| panic!("not read: {text}"))
    }

    #[test]
    fn the_list_then_its_changes_in_the_order_shown() {
        let mut l = Lobby::default();
        assert!(!l.is_live());
        l.receive(msg(&format!(
            r#"{{"t":"lobby","tables":[{},{}]}}"#,
            entry("B", 9_000, [Some("Anna"), None, None]),
            entry("A", 5_000, [Some("Béla"), None, None])
        )));
        assert!(l.is_live());
        let ids: Vec<&str> = l.tables.iter().map(|e| e.table.as_str()).collect();
        assert_eq!(ids, ["A", "B"], "the soonest to start first");
        assert_eq!(l.tables[0].level, TableLevel::Easy);
        assert!(l.tables[0].rules.must_beat_after_trump);
        // A second player sits at B, C is opened, A is filled.
        l.receive(msg(&format!(
            r#"{{"t":"lobby_changes","added":[{}],"changed":[{}],"removed":["A"]}}"#,
            entry("C", 1_000, [Some("Cili"), None, None]),
            entry("B", 9_000, [Some("Anna"), Some("Dani"), None])
        )));
        let ids: Vec<&str> = l.tables.iter().map(|e| e.table.as_str()).collect();
        assert_eq!(ids, ["C", "B"]);
        let b = &l.tables[1];
        assert_eq!(
            b.seats.iter().map(LobbySeat::shown).collect::<Vec<_>>(),
            [
                SeatShown::Player("Anna".into()),
                SeatShown::Player("Dani".into()),
                SeatShown::Waiting
            ]
        );
        assert_eq!(b.waiting(), 1);
        assert!(b.seats_player("p-Dani"));
        assert!(!b.seats_player("p-Cili"));
        // An entry added twice replaces itself; an unknown message is passed over.
        l.receive(msg(&format!(
            r#"{{"t":"lobby_changes","added":[{}]}}"#,
            entry("C", 1_000, [Some("Cili"), Some("Ede"), None])
        )));
        assert_eq!(l.tables.len(), 2);
        assert_eq!(l.tables[0].waiting(), 1);
        l.receive(msg(r#"{"t":"news","x":1}"#));
        assert_eq!(l.tables.len(), 2);
        assert_eq!(read("not json"), None);
        // A fresh list replaces everything.
        l.receive(msg(r#"{"t":"lobby","tables":[]}"#));
        assert!(l.tables.is_empty());
    }

    #[test]
    fn seats_in_words_a_computer_a_person_without_a_name() {
        let s: LobbySeat =
            serde_json::from_str(r#"{"kind":"computer","level":"strong","connected":true}"#)
                .unwrap();
        assert_eq!(s.shown(), SeatShown::Computer(TableLevel::Strong));
        let s: LobbySeat = serde_json::from_str(r#"{"kind":"human","connected":true}"#).unwrap();
        assert_eq!(s.shown(), SeatShown::Person);
    }

    #[test]
    fn the_countdown_to_the_computers() {
        let e: Entry = serde_json::from_str(&entry("A", 10_000, [None, None, None])).unwrap();
        assert_eq!(e.seconds_left(0.0), 10);
        assert_eq!(
            e.seconds_left(9_001.0),
            1,
            "a part of a second left counts as one"
        );
        assert_eq!(e.seconds_left(10_000.0), 0);
        assert_eq!(e.seconds_left(20_000.0), 0, "never below zero");
    }

    #[test]
    fn a_closed_socket_tries_again_after_a_growing_wait_or_at_once_when_back_online() {
        let mut l = Lobby::default();
        l.receive(LobbyMsg::Lobby { tables: vec![] });
        l.closed(100.0);
        assert!(!l.is_live());
        assert!(!l.due(1_000.0));
        assert!(l.due(1_100.0));
        l.connecting();
        l.closed(2_000.0);
        assert_eq!(
            l.link,
            LobbyLink::Lost {
                attempt: 1,
                retry_at: 4_000.0
            }
        );
        l.set_online(false, 2_500.0);
        assert!(!l.due(5_000.0), "offline: no attempt");
        l.set_online(true, 2_600.0);
        assert!(l.due(2_600.0), "back online: at once");
        assert_eq!(backoff_ms(0), 1_000.0);
        assert_eq!(backoff_ms(9), MAX_BACKOFF_MS);
        // The list received again: the backoff starts over.
        l.receive(LobbyMsg::Lobby { tables: vec![] });
        l.closed(0.0);
        assert!(l.due(1_000.0));
    }

    #[test]
    fn only_the_rules_that_differ_from_the_standard_ones_are_named() {
        assert!(rule_notes(&TableRules::default()).is_empty());
        let r = TableRules {
            holder_may_raise: false,
            must_beat_after_trump: true,
            allpass: AllPass::Forfeit,
            max_kontra: 5,
            ..TableRules::default()
        };
        assert_eq!(
            rule_notes(&r),
            [
                RuleNote::HolderMayNotRaise,
                RuleNote::MustBeatAfterTrump,
                RuleNote::AllPassForfeit,
                RuleNote::MaxKontra(5)
            ]
        );
    }

    #[test]
    fn a_table_is_named_after_its_first_named_player() {
        let e: Entry = serde_json::from_value(serde_json::json!({
            "table": "t1", "rules": {}, "level": "easy", "fill_at": 0,
            "seats": [
                {"kind": "human", "connected": false, "waiting": true},
                {"kind": "human", "connected": true, "name": "Anna", "player": "p1"},
                {"kind": "human", "connected": true, "name": "Béla", "player": "p2"}
            ]
        }))
        .unwrap();
        assert_eq!(e.host(), Some("Anna"));
        let nameless: Entry = serde_json::from_value(serde_json::json!({
            "table": "t2", "rules": {}, "level": "easy", "fill_at": 0,
            "seats": [{"kind": "human", "connected": true}, {"kind": "human", "connected": false, "waiting": true}]
        }))
        .unwrap();
        assert_eq!(nameless.host(), None);
    }
}
