//! The whole game of Ulti (shared/RULES.md "The whole game"): the deal with the forehand's
//! twelve cards, the auction with the talon, trump naming, kontra and its answers, the card
//! play and the payment per defender with silent bonuses, under every rule option; and the
//! `ulti-game/1` record (shared/FORMATS.md) that saves, shares and replays a game.
//!
//! [`WholeGame`] is the state machine: [`WholeGame::apply`] checks an [`Action`] and refuses
//! an illegal one with the rule it breaks ([`ActionError`]), leaving the state unchanged.
//! One contract's card play is [`crate::Game`]'s, so the rules of play stay in one place.

mod action;
mod bid;
mod error;
mod kontra;
mod options;
mod record;
mod seat_turn;
mod settle;
mod state;
mod turn;
mod view;

pub use action::{Action, ActionParseError, Verb};
pub use bid::{AuctionBid, BidError};
pub use error::ActionError;
pub use kontra::{KONTRA_NAMES, KontraBook, level_name};
pub use options::{AllPass, EqualValue, TableRules};
pub use record::{RecordError, TableRecord};
pub use seat_turn::SeatTurn;
pub use settle::{Settlement, Silent, SilentBonus, UnitResult, forfeit};
pub use state::{Contracted, Stage, WholeGame};
pub use view::TableView;
