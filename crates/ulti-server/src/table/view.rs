//! The table as one connection may see it: the `welcome` message (its seat's view of the
//! game as an `ulti-game/1` record with the hidden hands `null` and the other seats'
//! discards `??,??`) and `GET /api/tables/ID`.

use serde_json::{Value, json};
use ulti_engine::CardSet;
use ulti_engine::whole_game::TableView;

use super::Table;
use crate::event::{Audience, filter_action};
use crate::protocol::{SeatInfo, SeatKind, TableSummary};

impl Table {
    /// The seats as `GET /api/tables/ID` shows them.
    #[must_use]
    pub fn seat_infos(&self) -> Vec<SeatInfo> {
        self.meta
            .seats
            .iter()
            .zip(self.connected)
            .enumerate()
            .map(|(s, (k, connected))| match k {
                SeatKind::Human => SeatInfo {
                    kind: "human",
                    level: None,
                    connected,
                    name: self.names[s].clone(),
                    player: self.players[s].clone(),
                    waiting: self.waiting[s],
                },
                SeatKind::Computer(l) => SeatInfo {
                    kind: "computer",
                    level: Some(l.id()),
                    connected: true,
                    name: None,
                    player: None,
                    waiting: false,
                },
            })
            .collect()
    }

    /// `GET /api/tables/ID`.
    #[must_use]
    pub fn summary(&self) -> TableSummary {
        TableSummary {
            table: self.meta.id.clone(),
            seats: self.seat_infos(),
            games: self.sheet.games.len(),
            sheet: self.sheet.clone(),
        }
    }

    /// The current game's record as `audience` sees it: its own hand as dealt, the actions
    /// filtered, `null` for the hands it cannot see; the whole record once the game is over.
    #[must_use]
    pub fn view_record(&self, audience: Audience) -> Value {
        let mut r = serde_json::to_value(self.game.record()).expect("a record serialises");
        if self.over() {
            return r;
        }
        for s in 0..3 {
            if audience.seat() != Some(s) {
                r["hands"][s] = Value::Null;
            }
        }
        let actions: Vec<String> = self
            .game
            .actions()
            .iter()
            .map(|a| filter_action(&a.to_string(), audience))
            .collect();
        r["actions"] = json!(actions);
        r
    }

    /// `welcome` for `audience`.
    #[must_use]
    pub fn welcome(&self, audience: Audience) -> Value {
        let seat = audience.seat();
        let talon = match (seat, self.picked_up) {
            (Some(s), Some(p)) if s == p => Value::from(self.game.talon().to_string()),
            _ => Value::Null,
        };
        let ready: Vec<bool> = if self.over() {
            self.ready.iter().map(Option::is_some).collect()
        } else {
            vec![false; 3]
        };
        json!({
            "t": "welcome",
            "seat": seat,
            "v": self.v,
            "game": self.game_no,
            "view": self.view_record(audience),
            "seats": self.seat_infos(),
            "sheet": self.sheet,
            "picked_up": self.picked_up,
            "talon": talon,
            "ready": ready,
            "to_act": self.game.to_act(),
            "stage": self.game.stage(),
            "open": self.open.as_ref().map(|(s, h)| json!({"seat": s, "hand": h})),
            // Added fields: the seat's cards now, and the talon when it laid it down.
            "hand": seat.map(|s| self.game.hand(s).to_string()),
            "known_talon": seat
                .filter(|&s| self.game.talon_by() == Some(s) && !self.over())
                .map(|_| self.game.talon().to_string()),
            // Added fields: the last chat messages as `audience` receives them (a spectator
            // kept from the chat gets none), the chat's settings, the creator's seat, and
            // when computers take the seats still waiting.
            "chat": self.chat_history(audience),
            "chat_settings": self.chat_settings_json(),
            "creator": self.creator,
            "fill_at": self.fill_at(),
            "daily": self.daily_json(),
        })
    }

    /// At a table of the deal of the day, its day and deals (`{"date", "deals"}`), else
    /// `null`: a client finds the player's results of the day with it (`GET /api/daily`).
    fn daily_json(&self) -> Value {
        self.daily.as_ref().map_or(
            Value::Null,
            |(date, deals)| json!({"date": date, "deals": deals}),
        )
    }

    /// The last chat messages as `audience` receives them, oldest first: each the `chat`
    /// message it was; the lines a spectator may not read are left out.
    #[must_use]
    pub fn chat_history(&self, audience: Audience) -> Vec<Value> {
        self.chat_log
            .iter()
            .map(|(v, m)| m.to_wire(*v, audience))
            .filter(|m| m.get("text").is_some())
            .collect()
    }

    fn chat_settings_json(&self) -> Value {
        json!({"chat": self.chat_on, "spectators": self.chat_spectators})
    }

    /// When computers take the seats still waiting for a person (ms since 1970), while one
    /// waits.
    #[must_use]
    pub fn fill_at(&self) -> Option<i64> {
        self.public
            .filter(|_| self.waiting_for_people())
            .map(|(_, at)| at)
    }

    /// The seat's [`TableView`] now (the talon in it once the seat has picked it up); a
    /// spectator's holds no hand.
    #[must_use]
    pub fn table_view(&self, audience: Audience) -> TableView {
        match audience.seat() {
            Some(s) if self.picked_up == Some(s) => self.game.view_after_pickup(s),
            Some(s) => self.game.view(s),
            None => {
                let mut v = self.game.view(0);
                v.hand = CardSet::EMPTY;
                v.known_talon = None;
                v.play_hand = None;
                v
            }
        }
    }

    /// `state` for `audience` (not numbered, not stored: sent after every change and after a
    /// `welcome` or `resumed`): the seat's [`TableView`] and what it may do now
    /// ([`ulti_engine::whole_game::SeatTurn`]), so a client shows the table and offers the seat's choices without a
    /// copy of the rules. Nothing in it is hidden from that seat.
    #[must_use]
    pub fn state(&self, audience: Audience) -> Value {
        let seat = audience.seat();
        let turn = seat
            .filter(|_| !self.over())
            .map(|s| self.game.seat_turn(s, self.picked_up == Some(s)));
        json!({
            "t": "state",
            // The number of the last message it reflects (not `v`: it is not numbered).
            "at": self.v,
            "game": self.game_no,
            "seat": seat,
            "table_view": self.table_view(audience),
            "turn": turn,
            "picked_up": self.picked_up,
            "seats": self.seat_infos(),
            "sheet": self.sheet,
            "ready": self.ready.iter().map(Option::is_some).collect::<Vec<_>>(),
            "open": self.open.as_ref().map(|(s, h)| json!({"seat": s, "hand": h})),
            // Added fields, as in `welcome`.
            "chat_settings": self.chat_settings_json(),
            "creator": self.creator,
            "fill_at": self.fill_at(),
            "daily": self.daily_json(),
        })
    }
}
