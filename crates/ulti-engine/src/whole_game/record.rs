//! The `ulti-game/1` record (shared/FORMATS.md "Game record"): a whole game as dealt and as
//! played, one JSON object. A record may stop anywhere; restoring it replays every action
//! through [`WholeGame::apply`], so a record in progress gives back the exact state.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::card::{CardSet, parse_cards};
use crate::deal::Seat;

use super::action::Action;
use super::error::ActionError;
use super::options::TableRules;
use super::state::WholeGame;

/// The record's format name.
pub const FORMAT: &str = "ulti-game/1";

/// A game record as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRecord {
    /// Always `ulti-game/1`.
    pub format: String,
    /// The rule options (a missing one takes its default).
    #[serde(default)]
    pub rules: TableRules,
    /// The dealer's seat.
    pub dealer: Seat,
    /// The hands as dealt, by seat (the forehand's has 12 cards), comma-separated.
    pub hands: [String; 3],
    /// The actions in order, `SEAT VERB [ARGS]`.
    #[serde(default)]
    pub actions: Vec<String>,
}

/// A record that cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// Not a record: bad JSON, a missing or unknown field, an unknown rule option.
    #[error("{0}")]
    Json(String),
    /// Another format.
    #[error("format {0:?} is not ulti-game/1")]
    Format(String),
    /// Hands that are not a deal.
    #[error("hands: {0}")]
    Deal(String),
    /// An action that cannot be read.
    #[error("action {index} ({text:?}): {error}")]
    Unreadable {
        /// 1-based.
        index: usize,
        /// As written.
        text: String,
        /// Why.
        error: String,
    },
    /// An illegal action.
    #[error("action {index} ({text:?}): {error}")]
    Illegal {
        /// 1-based.
        index: usize,
        /// As written.
        text: String,
        /// The rule it breaks.
        error: ActionError,
    },
}

impl TableRecord {
    /// Read a record from JSON.
    ///
    /// # Errors
    /// Bad JSON, a missing or unknown field or rule option, another format.
    pub fn parse(json: &str) -> Result<TableRecord, RecordError> {
        let v: serde_json::Value = serde_json::from_str(json)
            .map_err(|e| RecordError::Json(format!("the record is not valid JSON: {e}")))?;
        match v.get("format").and_then(serde_json::Value::as_str) {
            Some(FORMAT) => {}
            Some(other) => return Err(RecordError::Format(other.to_string())),
            None => {
                return Err(RecordError::Json(
                    "the record has no \"format\": \"ulti-game/1\"".into(),
                ));
            }
        }
        serde_json::from_value(v).map_err(|e| RecordError::Json(format!("the record: {e}")))
    }

    /// The record as one line of JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record serialises")
    }

    /// Replay the record.
    ///
    /// # Errors
    /// Hands that are not a deal, or the first unreadable or illegal action.
    pub fn replay(&self) -> Result<WholeGame, RecordError> {
        let mut hands = [CardSet::EMPTY; 3];
        for (s, text) in self.hands.iter().enumerate() {
            let cards =
                parse_cards(text).map_err(|e| RecordError::Deal(format!("seat {s}: {e}")))?;
            hands[s] = cards.iter().copied().collect();
            if hands[s].len() as usize != cards.len() {
                return Err(RecordError::Deal(format!("seat {s} names a card twice")));
            }
        }
        let mut game = WholeGame::new(self.rules, self.dealer, hands).map_err(RecordError::Deal)?;
        for (i, text) in self.actions.iter().enumerate() {
            let action: Action = text.parse().map_err(|e: super::action::ActionParseError| {
                RecordError::Unreadable {
                    index: i + 1,
                    text: text.clone(),
                    error: e.to_string(),
                }
            })?;
            game.apply(action).map_err(|error| RecordError::Illegal {
                index: i + 1,
                text: text.clone(),
                error,
            })?;
        }
        Ok(game)
    }
}

impl WholeGame {
    /// The game's record so far.
    #[must_use]
    pub fn record(&self) -> TableRecord {
        let hand = |s: CardSet| {
            s.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        TableRecord {
            format: FORMAT.to_string(),
            rules: self.rules(),
            dealer: self.dealer(),
            hands: self.dealt().map(hand),
            actions: self.actions().iter().map(ToString::to_string).collect(),
        }
    }
}
