//! The user's auction turn at the table: the twelve cards once the talon is picked up (the
//! forehand's twelve at the opening), the bidding box of the legal higher bids grouped by
//! value, and the auction so far as everyone heard it (bids without their discards).

use ulti_engine::whole_game::{Action, AuctionBid, Verb, WholeGame};
use ulti_engine::{Card, CardSet, Seat};

/// One bid of the bidding box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxBid {
    /// The bid.
    pub bid: AuctionBid,
    /// Can the ten cards kept play it with some trump (always `true` before the discard)?
    pub playable: bool,
}

/// The bids of one value per defender.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BidGroup {
    /// The value per defender.
    pub value: i32,
    /// Its bids, in the ladder's order.
    pub bids: Vec<BoxBid>,
}

/// One entry of the auction as the table heard it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A seat picked up, discarded and bid.
    Bid(Seat, AuctionBid),
    /// A seat passed.
    Pass(Seat),
    /// The holder stood: the auction is over.
    Stand(Seat),
}

/// The auction so far, bids without their discards.
#[must_use]
pub fn heard(game: &WholeGame) -> Vec<Heard> {
    game.actions()
        .iter()
        .filter_map(|a| match &a.verb {
            Verb::Bid { bid, .. } => Some(Heard::Bid(a.seat, bid.clone())),
            Verb::Pass { .. } => Some(Heard::Pass(a.seat)),
            Verb::Stand => Some(Heard::Stand(a.seat)),
            _ => None,
        })
        .collect()
}

/// The cards `seat` chooses its discard from on its auction turn: the forehand's twelve at
/// the opening, its ten and the talon once `picked_up`; `None` when it holds no twelve.
#[must_use]
pub fn twelve(game: &WholeGame, seat: Seat, picked_up: bool) -> Option<CardSet> {
    let hand = game.hand(seat);
    if hand.len() == 12 {
        Some(hand)
    } else if picked_up {
        Some(hand.iter().chain(game.talon().iter()).collect())
    } else {
        None
    }
}

/// The bidding box: the bids that overcall now, grouped by value; with a `discard` of two of
/// `twelve`, each marked playable or not with the ten kept.
#[must_use]
pub fn bidding_box(game: &WholeGame, twelve: CardSet, discard: Option<[Card; 2]>) -> Vec<BidGroup> {
    let mut groups: Vec<BidGroup> = Vec::new();
    for bid in game.higher_bids() {
        let playable = discard.is_none_or(|d| {
            let talon: CardSet = d.into_iter().collect();
            let kept: CardSet = twelve.iter().filter(|&c| !talon.contains(c)).collect();
            !bid.playable_trumps(kept, talon).is_empty()
        });
        let value = bid.value();
        let entry = BoxBid { bid, playable };
        match groups.last_mut() {
            Some(g) if g.value == value => g.bids.push(entry),
            _ => groups.push(BidGroup {
                value,
                bids: vec![entry],
            }),
        }
    }
    groups
}

/// The user's bid as the record writes it.
#[must_use]
pub fn bid_action(seat: Seat, bid: AuctionBid, discard: [Card; 2]) -> Action {
    Action {
        seat,
        verb: Verb::Bid { bid, discard },
    }
}
