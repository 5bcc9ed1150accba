//! Why an action is refused: each error names the rule it breaks (the words `ulti replay`
//! prints).

use thiserror::Error;

use crate::card::{Card, Suit};
use crate::contract::Contract;
use crate::deal::Seat;
use crate::rules::PlayError;

use super::bid::AuctionBid;

/// An action the game refuses; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// Every action after the end.
    #[error("the game is over")]
    GameOver,
    /// Another seat is to act.
    #[error("it is seat {expected}'s turn ({what}), not seat {seat}'s")]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who is to act.
        expected: Seat,
        /// What is expected of it.
        what: &'static str,
    },
    /// A verb of another phase.
    #[error("{0}")]
    WrongPhase(&'static str),
    /// The forehand's first action is not an opening.
    #[error("{0}")]
    Opening(&'static str),
    /// A discarded card the seat does not hold.
    #[error("the discard {card} is not among the 12 cards seat {seat} holds")]
    DiscardNotHeld {
        /// The card.
        card: Card,
        /// The seat.
        seat: Seat,
    },
    /// The same card twice in a discard.
    #[error("the discard names {0} twice")]
    DiscardTwice(Card),
    /// A bid that does not overcall the standing one.
    #[error(
        "bid {bid} (value {value}) does not overcall {standing} (value {standing_value}): {why}"
    )]
    NotHigher {
        /// The bid.
        bid: AuctionBid,
        /// Its value.
        value: i32,
        /// The standing bid.
        standing: AuctionBid,
        /// Its value.
        standing_value: i32,
        /// The rule.
        why: &'static str,
    },
    /// A bid that no allowed trump makes playable with the ten cards kept.
    #[error("bid {bid} cannot be played with the ten cards kept: {reason}")]
    Unplayable {
        /// The bid.
        bid: AuctionBid,
        /// The missing prerequisite.
        reason: &'static str,
    },
    /// A pass with a discard after the opening.
    #[error("only the forehand's opening pass (allpass = forfeit) lays down a discard")]
    PassWithDiscard,
    /// The holder after two passes passes.
    #[error("seat {0} holds the bid after two passes: it stands or raises, it does not pass")]
    HolderMustStand(Seat),
    /// A stand by anyone but the holder after two passes.
    #[error("only the holder, after two passes, stands")]
    StandNotHolder,
    /// A trump named for a bid that names none.
    #[error("the bid {0} names no trump after the auction")]
    NoTrumpToName(AuctionBid),
    /// Piros named after the auction.
    #[error("the trump named after the auction is Zöld, Makk or Tök: a piros bid says @P")]
    TrumpPiros,
    /// A trump that makes the bid unplayable.
    #[error("trump {suit} makes {bid} unplayable: {reason}")]
    TrumpUnplayable {
        /// The suit.
        suit: Suit,
        /// The bid.
        bid: AuctionBid,
        /// The missing prerequisite.
        reason: &'static str,
    },
    /// A kontra at the wrong moment, level or unit.
    #[error("{0}")]
    Kontra(String),
    /// A card the rules of play forbid.
    #[error("{0}")]
    Card(PlayError),
    /// A unit named twice in one kontra.
    #[error("the kontra names {0} twice")]
    KontraTwice(Contract),
}
