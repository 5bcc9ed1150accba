//! The deal of the day: for each UTC date, [`DEALS`] fixed deals drawn from the date
//! ([`deals`]), played by each player once against two strong computers, scored by
//! matchpoints against everyone else who played the same deal ([`matchpoints`]).

pub mod deals;
pub mod matchpoints;
pub mod par;

pub use deals::{DEALER, DEALS, PLAYER_SEAT, daily_deal, daily_seed, date_of, parse_date};
pub use matchpoints::{Scored, day_score, score_deal};

/// A finished daily deal as the store keeps it (with its game's record, in one
/// transaction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyRow {
    /// The day.
    pub date: String,
    /// The deal's number, from 1.
    pub deal: u32,
    /// The player.
    pub player: String,
    /// Its money on the deal.
    pub money: i64,
    /// The deal's par from its seat.
    pub par: i64,
}
