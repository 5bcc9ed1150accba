//! The table as one connection may see it: the `welcome` message (its seat's view of the
//! game as an `ulti-game/1` record with the hidden hands `null` and the other seats'
//! discards `??,??`) and `GET /api/tables/ID`.

use serde_json::{Value, json};

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
            .map(|(k, connected)| match k {
                SeatKind::Human => SeatInfo {
                    kind: "human",
                    level: None,
                    connected,
                },
                SeatKind::Computer(l) => SeatInfo {
                    kind: "computer",
                    level: Some(l.id()),
                    connected: true,
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
        })
    }
}
