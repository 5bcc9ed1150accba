//! Calibrating the difficulty: a computer player tries puzzles from its own seat's view (it
//! never sees the other hands, which the puzzle shows), and the share it solves per
//! difficulty band says whether harder puzzles are harder to find.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::advise::{AdviseError, SeatView};
use crate::card::Card;
use crate::players::Player;

use super::features::Band;
use super::record::{PuzzleRecord, RecordError};

/// Why a player could not try a puzzle.
#[derive(Debug, thiserror::Error)]
pub enum TryError {
    /// The record is bad.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The player could not decide.
    #[error("puzzle {0}: {1}")]
    Player(String, AdviseError),
}

/// A player's try at one puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Try {
    /// The puzzle's id.
    pub id: String,
    /// Its difficulty.
    pub difficulty: u32,
    /// The card the player chose.
    pub card: Card,
    /// Is it a right card?
    pub solved: bool,
}

/// `player` tries `rec` from the view of the seat to move.
///
/// # Errors
/// A bad record, or a player that cannot decide.
pub fn attempt(player: &mut dyn Player, rec: &PuzzleRecord) -> Result<Try, TryError> {
    let pos = rec.position()?;
    let view = SeatView::from_deal(&pos.deal, &pos.bid, &pos.played, rec.seat, pos.rules)
        .map_err(|e| TryError::Player(rec.id.clone(), e.into()))?;
    let card = player
        .card(&view)
        .map_err(|e| TryError::Player(rec.id.clone(), e))?;
    let answer = rec.cards("answer", &rec.answer)?;
    Ok(Try {
        id: rec.id.clone(),
        difficulty: rec.difficulty,
        card,
        solved: answer.contains(&card),
    })
}

/// `count` records spread over the bands: a seeded shuffle, then the bands taken in turn
/// (a band with too few puzzles leaves its turns to the others).
#[must_use]
pub fn sample(records: &[PuzzleRecord], count: usize, seed: u64) -> Vec<&PuzzleRecord> {
    let mut by_band: BTreeMap<Band, Vec<&PuzzleRecord>> = BTreeMap::new();
    let mut order: Vec<(u64, &PuzzleRecord)> =
        records.iter().map(|r| (mix(seed, &r.id), r)).collect();
    order.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.id.cmp(&b.1.id)));
    for (_, r) in order {
        by_band.entry(Band::of(r.difficulty)).or_default().push(r);
    }
    let mut out = Vec::with_capacity(count);
    let mut round = 0;
    while out.len() < count {
        let mut took = false;
        for list in by_band.values() {
            if let Some(&r) = list.get(round)
                && out.len() < count
            {
                out.push(r);
                took = true;
            }
        }
        if !took {
            break;
        }
        round += 1;
    }
    out
}

fn mix(seed: u64, id: &str) -> u64 {
    let mut h = seed ^ 0x9E37_79B9_7F4A_7C15;
    for b in id.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

/// Tries and solves per band.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BandShare {
    /// Puzzles tried.
    pub tried: u32,
    /// Puzzles solved.
    pub solved: u32,
}

/// The tries summed per band.
#[must_use]
pub fn shares(tries: &[Try]) -> BTreeMap<Band, BandShare> {
    let mut out: BTreeMap<Band, BandShare> = Band::ALL
        .iter()
        .map(|&b| (b, BandShare::default()))
        .collect();
    for t in tries {
        let s = out.entry(Band::of(t.difficulty)).or_default();
        s.tried += 1;
        s.solved += u32::from(t.solved);
    }
    out
}
