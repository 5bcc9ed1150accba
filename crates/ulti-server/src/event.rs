//! The numbered messages of a table (`deal`, `event`, `talon`, `open`, `over`, `ready`,
//! `presence`) as they are stored in the log — whole, every card included — and as each
//! connection receives them, filtered for its seat ([`Audience`]). Filtering happens here and
//! only here: a stored message never leaves the server unfiltered.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use ulti_engine::Seat;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{Action, Stage, TableRecord, TableRules, Verb};

/// Who receives a message: a seat (its token) or a spectator (no token).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    /// A seat's connection.
    Seat(Seat),
    /// A connection without a token.
    Spectator,
}

impl Audience {
    /// The seat, if any.
    #[must_use]
    pub fn seat(self) -> Option<Seat> {
        match self {
            Audience::Seat(s) => Some(s),
            Audience::Spectator => None,
        }
    }

    /// An index 0..4 (seats, then the spectator), for caches.
    #[must_use]
    pub fn index(self) -> usize {
        self.seat().unwrap_or(3)
    }
}

/// Who chose an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum By {
    /// The person holding the seat.
    Person,
    /// A computer player: a computer seat's, or a person's seat played while away.
    Computer,
}

/// A numbered message as stored (whole).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Numbered {
    /// A new game: every hand as dealt (each seat receives only its own).
    Deal {
        /// The game number (from 1).
        game: u32,
        /// The dealer.
        dealer: Seat,
        /// The rules (public; an added field).
        #[serde(default)]
        rules: TableRules,
        /// The three hands as dealt (the forehand's has 12 cards).
        hands: [String; 3],
    },
    /// One action of the game, in `ulti replay`'s canonical spelling with its discard.
    Event {
        /// The game number.
        game: u32,
        /// `SEAT VERB ARGS`.
        action: String,
        /// Who chose it.
        by: By,
        /// Who is to act after it (public; an added field).
        to_act: Option<Seat>,
        /// The stage after it (public; an added field).
        stage: Stage,
    },
    /// A seat picked up the talon.
    Talon {
        /// The game number.
        game: u32,
        /// Who.
        seat: Seat,
        /// The two cards (only the picker receives them).
        cards: String,
    },
    /// A terített bid: the soloist's ten cards, to everyone.
    Open {
        /// The game number.
        game: u32,
        /// The soloist.
        seat: Seat,
        /// Its ten cards.
        hand: String,
    },
    /// The game is over: its whole record and the payments of `ulti replay`.
    Over {
        /// The game number.
        game: u32,
        /// The full record.
        record: TableRecord,
        /// What each seat wins.
        payments: [i32; 3],
    },
    /// Seat `seat` said `next` after game `game`.
    Ready {
        /// The game number.
        game: u32,
        /// Who.
        seat: Seat,
    },
    /// Which seats a connection holds (computer seats always).
    Presence {
        /// By seat.
        connected: [bool; 3],
    },
    /// A public table opened by "play now" (its first message): the `waiting` seats wait for
    /// people until `fill_at` (milliseconds since 1970), then computers at `level` take them.
    Public {
        /// The level of the computers that fill.
        level: TableLevel,
        /// When they fill.
        fill_at: i64,
        /// The seats waiting for a person.
        waiting: [bool; 3],
    },
    /// A table of the deal of the day (its first message): its games are the fixed deals
    /// of `date`, `deals` of them, then it ends (`crate::daily`).
    Daily {
        /// The day, `YYYY-MM-DD`.
        date: String,
        /// How many deals it plays.
        deals: u32,
    },
    /// A player took a waiting seat.
    Sit {
        /// The seat.
        seat: Seat,
        /// The player's id.
        player: String,
        /// The SHA-256 (hex) of the seat's new token: stored, never sent.
        token_sha256: String,
    },
    /// A seat still waiting at `fill_at` is a computer's from now on.
    Fill {
        /// The seat.
        seat: Seat,
        /// The computer's level.
        level: TableLevel,
    },
    /// A seat's chat message (control characters stripped; never interpreted).
    Chat {
        /// Who wrote it.
        seat: Seat,
        /// Its player, when the seat has one.
        player: Option<String>,
        /// The text.
        text: String,
        /// Do spectators read it (the table's setting when it was written)?
        spectators: bool,
    },
    /// The table creator's chat settings from now on.
    #[serde(rename = "chat_settings")]
    ChatSettings {
        /// Is chat on?
        chat: bool,
        /// Do spectators read it?
        spectators: bool,
    },
}

/// An action as `audience` may see it: another seat's discard is `??,??`.
#[must_use]
pub fn filter_action(action: &str, audience: Audience) -> String {
    let Ok(a) = action.parse::<Action>() else {
        return action.to_string();
    };
    if audience.seat() == Some(a.seat) {
        return action.to_string();
    }
    match &a.verb {
        Verb::Bid { bid, .. } => format!("{} bid {bid} ??,??", a.seat),
        Verb::Pass { discard: Some(_) } => format!("{} pass ??,??", a.seat),
        _ => action.to_string(),
    }
}

impl Numbered {
    /// The message as `audience` receives it, numbered `v`.
    #[must_use]
    pub fn to_wire(&self, v: u64, audience: Audience) -> Value {
        match self {
            Numbered::Deal {
                game,
                dealer,
                rules,
                hands,
            } => {
                let mut m = json!({"t": "deal", "v": v, "game": game, "dealer": dealer,
                    "rules": rules, "to_act": (dealer + 1) % 3, "stage": Stage::Auction});
                if let Some(s) = audience.seat() {
                    m["hand"] = Value::from(hands[s].as_str());
                }
                m
            }
            Numbered::Event {
                game,
                action,
                by,
                to_act,
                stage,
            } => json!({"t": "event", "v": v, "game": game,
                "action": filter_action(action, audience), "by": by,
                "to_act": to_act, "stage": stage}),
            Numbered::Talon { game, seat, cards } => {
                let mut m = json!({"t": "talon", "v": v, "game": game, "seat": seat});
                if audience.seat() == Some(*seat) {
                    m["cards"] = Value::from(cards.as_str());
                }
                m
            }
            Numbered::Open { game, seat, hand } => {
                json!({"t": "open", "v": v, "game": game, "seat": seat, "hand": hand})
            }
            Numbered::Over {
                game,
                record,
                payments,
            } => json!({"t": "over", "v": v, "game": game, "record": record,
                "payments": payments}),
            Numbered::Ready { game, seat } => {
                json!({"t": "ready", "v": v, "game": game, "seat": seat})
            }
            Numbered::Presence { connected } => {
                json!({"t": "presence", "v": v, "connected": connected})
            }
            Numbered::Public {
                level,
                fill_at,
                waiting,
            } => json!({"t": "public", "v": v, "level": level, "fill_at": fill_at,
                "waiting": waiting}),
            Numbered::Daily { date, deals } => {
                json!({"t": "daily", "v": v, "date": date, "deals": deals})
            }
            Numbered::Sit { seat, player, .. } => {
                json!({"t": "sit", "v": v, "seat": seat, "player": player})
            }
            Numbered::Fill { seat, level } => {
                json!({"t": "fill", "v": v, "seat": seat, "level": level})
            }
            Numbered::Chat {
                seat,
                player,
                text,
                spectators,
            } => {
                let mut m = json!({"t": "chat", "v": v, "seat": seat, "player": player});
                // A spectator who may not read the chat still gets the number, not the text.
                if audience.seat().is_some() || *spectators {
                    m["text"] = Value::from(text.as_str());
                }
                m
            }
            Numbered::ChatSettings { chat, spectators } => {
                json!({"t": "chat_settings", "v": v, "chat": chat, "spectators": spectators})
            }
        }
    }

    /// The game it belongs to (`None` for presence).
    #[must_use]
    pub fn game(&self) -> Option<u32> {
        match self {
            Numbered::Deal { game, .. }
            | Numbered::Event { game, .. }
            | Numbered::Talon { game, .. }
            | Numbered::Open { game, .. }
            | Numbered::Over { game, .. }
            | Numbered::Ready { game, .. } => Some(*game),
            Numbered::Presence { .. }
            | Numbered::Public { .. }
            | Numbered::Daily { .. }
            | Numbered::Sit { .. }
            | Numbered::Fill { .. }
            | Numbered::Chat { .. }
            | Numbered::ChatSettings { .. } => None,
        }
    }
}

/// A stored message with its number, and its wire text per audience, made once each.
#[derive(Debug)]
pub struct Stored {
    /// Its number.
    pub v: u64,
    /// The message.
    pub msg: Numbered,
    texts: [std::sync::OnceLock<std::sync::Arc<str>>; 4],
}

impl Stored {
    /// A message numbered `v`.
    #[must_use]
    pub fn new(v: u64, msg: Numbered) -> Stored {
        Stored {
            v,
            msg,
            texts: Default::default(),
        }
    }

    /// Its text for `audience`.
    #[must_use]
    pub fn text(&self, audience: Audience) -> std::sync::Arc<str> {
        self.texts[audience.index()]
            .get_or_init(|| self.msg.to_wire(self.v, audience).to_string().into())
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discards_of_others_are_hidden() {
        let a = "1 bid 40-100 ZA,M7";
        assert_eq!(filter_action(a, Audience::Seat(1)), a);
        assert_eq!(filter_action(a, Audience::Seat(0)), "1 bid 40-100 ??,??");
        assert_eq!(filter_action(a, Audience::Spectator), "1 bid 40-100 ??,??");
        assert_eq!(
            filter_action("0 pass ZA,M7", Audience::Seat(2)),
            "0 pass ??,??"
        );
        assert_eq!(filter_action("2 card ZA", Audience::Seat(0)), "2 card ZA");
    }

    #[test]
    fn a_deal_carries_only_the_own_hand() {
        let d = Numbered::Deal {
            game: 1,
            dealer: 2,
            rules: TableRules::default(),
            hands: ["A".into(), "B".into(), "C".into()],
        };
        assert_eq!(d.to_wire(1, Audience::Seat(1))["hand"], "B");
        assert!(d.to_wire(1, Audience::Spectator).get("hand").is_none());
        let t = Numbered::Talon {
            game: 1,
            seat: 2,
            cards: "ZA,M7".into(),
        };
        assert_eq!(t.to_wire(4, Audience::Seat(2))["cards"], "ZA,M7");
        assert!(t.to_wire(4, Audience::Seat(0)).get("cards").is_none());
        let back: Numbered = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
        assert_eq!(back, d);
        // A seat's token hash is stored, never sent.
        let sit = Numbered::Sit {
            seat: 1,
            player: "p".into(),
            token_sha256: "ab".repeat(32),
        };
        for a in [Audience::Seat(1), Audience::Seat(0), Audience::Spectator] {
            assert!(!sit.to_wire(3, a).to_string().contains("abab"));
        }
        // Chat the creator keeps from spectators reaches them as a number without its text.
        let chat = Numbered::Chat {
            seat: 0,
            player: None,
            text: "<b>hi</b>".into(),
            spectators: false,
        };
        assert_eq!(chat.to_wire(5, Audience::Seat(2))["text"], "<b>hi</b>");
        let seen = chat.to_wire(5, Audience::Spectator);
        assert!(seen.get("text").is_none() && seen["v"] == 5, "{seen}");
    }
}
