//! Ratings, pure: no clock, no storage, no web. [`glicko`] is Glicko-2 (the Puzzles page's
//! rated practice and the live tables' players use the same one); [`game`] turns one finished
//! three-seat game into each player's rating results; [`computers`] holds the computer
//! levels' fixed ratings, calibrated once from `ulti match`.

pub mod computers;
pub mod game;
pub mod glicko;

pub use computers::Level;
pub use game::{Sitter, rate_game, results};
pub use glicko::Rating;
