//! What one seat may do now, in terms it may know ([`SeatTurn`]): the public state of the
//! auction, the kontra open to it, the trumps and cards it may choose from its own hand. With
//! the seat's [`super::TableView`] it is everything a player of that seat decides from, so a
//! decision made from the two never reads another seat's cards; a live table sends both to
//! the seat's own connections.
//!
//! The pick-up is a step of its own here, as at a live table: before it the seat may pick up
//! (not knowing the talon); once it has, its view holds the talon and it bids, or passes when
//! no higher bid is playable with any discard of its twelve (RULES.md, Auction, item 2).

use serde::{Deserialize, Serialize};

use crate::card::{CardSet, Suit};
use crate::contract::Contract;
use crate::deal::Seat;

use super::bid::AuctionBid;
use super::state::{Stage, WholeGame};
use super::view::TableView;

/// What one seat may do now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatTurn {
    /// The seat.
    pub seat: Seat,
    /// Is it the seat to act? (A kontra may be open to it out of turn.)
    pub to_act: bool,
    /// The kontra it may say now: the level and the units it may double.
    pub kontra: Option<(u8, Vec<Contract>)>,
    /// Has the forehand opened the auction?
    pub opened: bool,
    /// Is it the holder's turn to stand or raise?
    pub holder_turn: bool,
    /// May it pass now (before any pick-up)?
    pub may_pass: bool,
    /// May it pick up the talon now? Never at the forehand's opening (it holds its twelve);
    /// the holder only when a raise is playable from its twelve.
    pub may_pick_up: bool,
    /// It has picked up the talon this turn (its view holds it): it bids, or passes when
    /// `raises` is empty.
    pub picked_up: bool,
    /// The standing bid.
    pub standing: Option<AuctionBid>,
    /// The ladder's bids that would overcall now.
    pub higher: Vec<AuctionBid>,
    /// Once it holds twelve (the forehand's opening, or after its pick-up): the bids of
    /// `higher` some discard of them plays.
    pub raises: Vec<AuctionBid>,
    /// The trumps it may name (the soloist, right after the auction).
    pub trumps: Vec<Suit>,
    /// The cards it may play now.
    pub legal: CardSet,
}

impl WholeGame {
    /// What `seat` may do now, having `picked_up` the talon this turn or not (only the seat to
    /// act in the auction, after the opening, may have). Reads the talon only for a seat that
    /// knows it: the one that laid it down, or picked it up.
    #[must_use]
    pub fn seat_turn(&self, seat: Seat, picked_up: bool) -> SeatTurn {
        let to_act = self.to_act() == Some(seat);
        let auction = to_act && self.stage() == Stage::Auction;
        let picked_up = picked_up && auction && self.opened();
        let holder_turn = auction && self.holder_turn();
        let knows_twelve = auction && (!self.opened() || picked_up || holder_turn);
        let raises = if knows_twelve && (picked_up || !self.opened()) {
            self.playable_raises()
        } else {
            Vec::new()
        };
        SeatTurn {
            seat,
            to_act,
            kontra: self.kontra_options_for(seat),
            opened: self.opened(),
            holder_turn,
            may_pass: auction && !picked_up && self.may_pass(),
            may_pick_up: auction
                && !picked_up
                && self.opened()
                && (!holder_turn || self.raise_exists()),
            picked_up,
            standing: self.standing().map(|(_, b)| b.clone()),
            higher: if auction {
                self.higher_bids()
            } else {
                Vec::new()
            },
            raises,
            trumps: if to_act {
                self.trump_options()
            } else {
                Vec::new()
            },
            legal: if to_act {
                self.legal_cards()
            } else {
                CardSet::EMPTY
            },
        }
    }

    /// What `seat` sees once it has picked up the talon: its view with the talon known.
    #[must_use]
    pub fn view_after_pickup(&self, seat: Seat) -> TableView {
        let mut v = self.view(seat);
        v.known_talon = Some(self.talon());
        v
    }
}
