//! A link that opens the game on the table in another browser: `/table?share=CODE`, where the
//! code is the game's `ulti-game/1` record with the user's seat, the computers' level and the
//! evening's seed, as URL-safe base64 of its JSON. The hidden hands are not plain text in the
//! link (the solver page's `?deal=` stays as it is); whoever opens it sits at the same seat
//! against the same computers, which decide the same way (their seeds come from the evening's
//! seed and the deal, [`Table::computer_seed`]).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use ulti_engine::Seat;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{TableRecord, WholeGame};

use super::Table;
use crate::model::session::Session;

/// What a shared link holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shared {
    /// The game as dealt and as played so far.
    pub record: TableRecord,
    /// The sharer's seat.
    pub seat: Seat,
    /// The computers' level.
    pub level: TableLevel,
    /// The evening's seed (the computers' seeds come from it).
    pub seed: u64,
}

/// Why a shared link cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShareError {
    /// Not a code this page writes.
    #[error("the link's game code is damaged or incomplete")]
    Damaged,
    /// A seat that is not 0, 1 or 2.
    #[error("the link's seat {0} is not 0, 1 or 2")]
    Seat(Seat),
    /// The record does not replay (the words of `ulti replay`).
    #[error("{0}")]
    Record(String),
}

/// The code of `game` at `table` for a shared link.
#[must_use]
pub fn share_code(table: &Table, game: &WholeGame) -> String {
    let shared = Shared {
        record: game.record(),
        seat: table.user,
        level: table.level,
        seed: table.session.seed,
    };
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(&shared).expect("a shared game serialises"))
}

/// Read a shared link's code; its record must replay.
///
/// # Errors
/// A damaged code, a seat out of range, or a record that breaks a rule (with the rule).
pub fn read_share(code: &str) -> Result<Shared, ShareError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(code.trim().trim_end_matches('='))
        .map_err(|_| ShareError::Damaged)?;
    let shared: Shared = serde_json::from_slice(&bytes).map_err(|_| ShareError::Damaged)?;
    if shared.seat > 2 {
        return Err(ShareError::Seat(shared.seat));
    }
    shared
        .record
        .replay()
        .map_err(|e| ShareError::Record(e.to_string()))?;
    Ok(shared)
}

impl Table {
    /// An evening holding the shared game alone, at the sharer's seat against the same
    /// computers.
    ///
    /// # Errors
    /// The record does not replay.
    pub fn from_shared(shared: &Shared) -> Result<Table, ShareError> {
        let session = Session::import(&shared.record.to_json(), shared.seed)
            .map_err(|e| ShareError::Record(e.to_string()))?;
        let mut t = Table::new(shared.seat, shared.level, shared.seed);
        t.import(session);
        Ok(t)
    }

    /// Is there anything in this evening to lose (a finished deal or an action taken)?
    #[must_use]
    pub fn has_play(&self) -> bool {
        !self.session.finished().is_empty()
            || self
                .session
                .current()
                .is_some_and(|g| !g.actions().is_empty())
    }
}
