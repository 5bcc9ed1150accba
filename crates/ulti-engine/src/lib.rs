//! # ulti-engine
//!
//! An exact double-dummy solver for Ulti, the Hungarian three-player card game: the rules of
//! shared/RULES.md, the deal code of shared/FORMATS.md, and a DDS-class search that answers,
//! for any deal or mid-game position, whether the soloist wins a contract under best play,
//! the exact card points they can force, one optimal line, and the value of every legal card.
//!
//! ```
//! use ulti_engine::{Bid, Contract, Deal, Query, Solver};
//!
//! let deal = Deal::parse_code("0070605040302012737173112323313143435151620212322242526103011").unwrap();
//! let mut solver = Solver::new();
//! let sol = solver.solve(&Query::new(deal, Bid::single(Contract::Passz))).unwrap();
//! assert!(sol.playable);
//! assert_eq!(sol.line.len(), 30);
//! ```
//!
//! The crate has no web dependencies: the same code runs natively and in a web worker.

pub mod advise;
mod analysis;
mod bids;
mod card;
mod contract;
mod deal;
pub mod players;
pub mod puzzles;
mod rules;
mod solver;
pub mod whole_game;

pub use analysis::{TableCell, bids, table, table_cell, table_slots};
pub use bids::{Announcement, BidValue, best_bid, standard_announcements};
pub use card::{Card, CardParseError, CardSet, Rank, Suit, parse_cards};
pub use contract::{
    Bid, Contract, ContractError, Scoring, component_payoff, has_marriage, marriage_points,
};
pub use deal::{Deal, DealError, SOLOIST, Seat};
pub use rules::{Game, PlayError, RuleOptions, Trick, UnknownRule};
pub use solver::{
    CardValue, ComponentResult, DEFAULT_TT_BYTES, Query, Question, SearchStats, Solution,
    SolveError, Solver,
};
