//! A puzzle file (`puzzles/set.json`): a JSON array, one object per puzzle, one puzzle per
//! line. Cards are lists of names joined by commas, as `ulti solve --played` takes them.
//!
//! ```json
//! {"id":"3fa9c2d1","deal":"1…61 digits","contract":"ulti","played":"PA,P7,PK","rules":"",
//!  "seat":1,"answer":"ZK,ZO","difficulty":1450,"line":"ZK,…","refutations":{"M7":"ZA,…"},
//!  "features":{…},"source":"ulti"}
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::card::{Card, parse_cards};
use crate::contract::Bid;
use crate::deal::{Deal, Seat};
use crate::rules::RuleOptions;

use super::source::Source;
use super::{Features, Position, Puzzle};

/// One puzzle of a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// A short id from the position (8 hex digits), for links (`?puzzle=ID`).
    pub id: String,
    /// The 61-digit deal code; its trump digit is the bid's trump.
    pub deal: String,
    /// The bid: a contract id or ids joined with `+`, as `ulti solve --contract` takes it.
    pub contract: String,
    /// Cards played from trick 1 on, comma-separated (may be empty).
    pub played: String,
    /// House-rule ids as in the app's `rules=`, comma-separated (may be empty).
    pub rules: String,
    /// The seat to move: 0 the soloist (to make the bid), 1 or 2 a defender (to beat it).
    pub seat: Seat,
    /// The right cards, comma-separated: one card, or equivalent cards.
    pub answer: String,
    /// The difficulty estimate (a rating: 1500 average).
    pub difficulty: u32,
    /// The solver's line from the position to the end of play, a right card first.
    pub line: String,
    /// Each wrong legal card, and the solver's line after it (its refutation) up to the end of
    /// the trick where it first differs from `line` in who takes a trick or its card points.
    pub refutations: BTreeMap<String, String>,
    /// The solver's features behind the difficulty.
    pub features: Features,
    /// Where the deal came from.
    pub source: Source,
}

/// A record that does not describe a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("puzzle {id}: {what}")]
pub struct RecordError {
    /// The record's id.
    pub id: String,
    /// What is wrong.
    pub what: String,
}

/// Cards as names joined by commas.
#[must_use]
pub fn card_list(cards: &[Card]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The id of a position: 8 hex digits of a 64-bit FNV-1a hash of its deal, bid, cards played
/// and rules.
#[must_use]
pub fn position_id(pos: &Position) -> String {
    let text = format!(
        "{} {} {} {}",
        pos.deal.code(),
        pos.bid,
        card_list(&pos.played),
        pos.rules.ids()
    );
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", (h ^ (h >> 32)) as u32)
}

impl PuzzleRecord {
    /// The record of a puzzle whose deal came from `source`.
    #[must_use]
    pub fn new(p: &Puzzle, source: Source) -> PuzzleRecord {
        PuzzleRecord {
            id: position_id(&p.position),
            deal: p.position.deal.code(),
            contract: p.position.bid.to_string(),
            played: card_list(&p.position.played),
            rules: p.position.rules.ids(),
            seat: p.seat,
            answer: card_list(&p.answer),
            difficulty: p.difficulty,
            line: card_list(&p.line),
            refutations: p
                .refutations
                .iter()
                .map(|(c, r)| (c.to_string(), card_list(r)))
                .collect(),
            features: p.features,
            source,
        }
    }

    fn error(&self, what: impl Into<String>) -> RecordError {
        RecordError {
            id: self.id.clone(),
            what: what.into(),
        }
    }

    /// The position the record describes.
    ///
    /// # Errors
    /// A bad deal code, bid, card name or rule id.
    pub fn position(&self) -> Result<Position, RecordError> {
        let deal = Deal::parse_code(&self.deal).map_err(|e| self.error(format!("deal: {e}")))?;
        let bid: Bid = self
            .contract
            .parse()
            .map_err(|e| self.error(format!("contract: {e}")))?;
        let played = self.cards("played", &self.played)?;
        let rules =
            RuleOptions::from_ids(&self.rules).map_err(|e| self.error(format!("rules: {e}")))?;
        Ok(Position {
            deal,
            bid,
            played,
            rules,
        })
    }

    /// The cards of one of the record's lists (`what` names it in the error).
    ///
    /// # Errors
    /// A text that is not a card name.
    pub fn cards(&self, what: &str, list: &str) -> Result<Vec<Card>, RecordError> {
        parse_cards(list).map_err(|e| self.error(format!("{what}: {e}")))
    }
}

/// The text of a puzzle file: a JSON array with one record per line.
#[must_use]
pub fn file_text(records: &[PuzzleRecord]) -> String {
    let lines: Vec<String> = records
        .iter()
        .map(|r| serde_json::to_string(r).expect("records serialise"))
        .collect();
    if lines.is_empty() {
        return "[]\n".to_string();
    }
    format!("[\n{}\n]\n", lines.join(",\n"))
}

/// The records of a puzzle file.
///
/// # Errors
/// Text that is not a JSON array of records.
pub fn parse_file(text: &str) -> Result<Vec<PuzzleRecord>, serde_json::Error> {
    serde_json::from_str(text)
}
