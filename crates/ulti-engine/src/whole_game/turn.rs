//! What the seat to act may do now: the bids that would overcall, the trumps it may name,
//! the kontra it may say with its card, the cards it may play. Computer players choose from
//! these; the command line lists them for a game in progress.

use crate::card::{CardSet, Suit};
use crate::contract::Contract;

use super::bid::AuctionBid;
use crate::deal::Seat;

use super::kontra::level_name;
use super::options::{AllPass, EqualValue};
use super::state::{Stage, WholeGame};

impl WholeGame {
    /// Does `bid` overcall the standing bid (any ladder bid when none stands)?
    #[must_use]
    pub fn overcalls(&self, bid: &AuctionBid) -> bool {
        let Some((_, standing)) = self.standing() else {
            return true;
        };
        let (v, sv) = (bid.value(), standing.value());
        match self.rules().equal_value {
            EqualValue::FirstStands => v > sv,
            EqualValue::ByRank => v > sv || (v == sv && bid.rank() > standing.rank()),
        }
    }

    /// The ladder's bids that would overcall now (during the auction; discards and
    /// playability are checked when one is said).
    #[must_use]
    pub fn higher_bids(&self) -> Vec<AuctionBid> {
        if self.stage() != Stage::Auction {
            return Vec::new();
        }
        AuctionBid::ladder()
            .into_iter()
            .filter(|b| self.overcalls(b))
            .collect()
    }

    /// The twelve cards the seat to act holds if it picks up the talon now (its ten and the
    /// talon; the forehand's own twelve at its opening); `None` outside the auction.
    #[must_use]
    pub fn pickup_twelve(&self) -> Option<CardSet> {
        if self.stage() != Stage::Auction {
            return None;
        }
        let seat = self.to_act()?;
        Some(CardSet(self.hand(seat).0 | self.talon().0))
    }

    /// The bids that would overcall now and that the seat to act could play with some discard
    /// of the twelve it holds after picking up (RULES.md, Auction, item 2: a holder is offered
    /// a raise only when one exists; anyone else who picks up and finds none puts the talon
    /// back and passes).
    #[must_use]
    pub fn playable_raises(&self) -> Vec<AuctionBid> {
        let Some(twelve) = self.pickup_twelve() else {
            return Vec::new();
        };
        self.higher_bids()
            .into_iter()
            .filter(|b| b.discard_for(twelve).is_some())
            .collect()
    }

    /// Is there a bid the seat to act could raise to (see [`WholeGame::playable_raises`])?
    /// Cheaper than listing them: it stops at the first.
    #[must_use]
    pub fn raise_exists(&self) -> bool {
        let Some(twelve) = self.pickup_twelve() else {
            return false;
        };
        self.higher_bids()
            .iter()
            .any(|b| b.discard_for(twelve).is_some())
    }

    /// May the seat to act pass now?
    #[must_use]
    pub fn may_pass(&self) -> bool {
        self.stage() == Stage::Auction
            && !self.holder_turn()
            && (self.opened() || self.rules().allpass == AllPass::Forfeit)
    }

    /// The trumps the soloist may name now.
    #[must_use]
    pub fn trump_options(&self) -> Vec<Suit> {
        match (self.stage(), self.contracted()) {
            (Stage::Trump, Some(c)) => c.bid.playable_trumps(self.hand(c.soloist), self.talon()),
            _ => Vec::new(),
        }
    }

    /// The kontra `seat` may say now, with the units it may double (`None` when none).
    #[must_use]
    pub fn kontra_options_for(&self, seat: Seat) -> Option<(u8, Vec<Contract>)> {
        let c = self.contracted()?;
        if self.stage() != Stage::Play {
            return None;
        }
        let defender = (seat != c.soloist).then(|| (seat + 3 - c.soloist) % 3 - 1);
        // The highest open level with a unit standing just below it.
        let book = self.kontra()?;
        self.kontra_levels_now(seat)
            .ok()?
            .into_iter()
            .rev()
            .map(|level| (level, book.doublable(level, defender)))
            .find_map(|(level, units)| (!units.is_empty()).then_some((level, units)))
    }

    /// The kontra the seat to act may say before its card now.
    #[must_use]
    pub fn kontra_options(&self) -> Option<(u8, Vec<Contract>)> {
        self.kontra_options_for(self.to_act()?)
    }

    /// Every seat that may double now, with its level and units (the soloist's rekontra
    /// comes between tricks 1 and 2, out of turn when a defender leads trick 2).
    #[must_use]
    pub fn kontra_open(&self) -> Vec<(Seat, u8, Vec<Contract>)> {
        (0..3)
            .filter_map(|s| self.kontra_options_for(s).map(|(l, u)| (s, l, u)))
            .collect()
    }

    /// The cards the seat to act may play.
    #[must_use]
    pub fn legal_cards(&self) -> CardSet {
        match (self.stage(), self.play()) {
            (Stage::Play, Some(g)) => g.legal_cards(),
            _ => CardSet::EMPTY,
        }
    }

    /// What the seat to act may do, in the record's words (bids without discards).
    #[must_use]
    pub fn may(&self) -> Vec<String> {
        let Some(seat) = self.to_act() else {
            return Vec::new();
        };
        let mut v = Vec::new();
        match self.stage() {
            Stage::Auction => {
                if self.holder_turn() {
                    v.push(format!("{seat} stand"));
                }
                if self.may_pass() {
                    v.push(if self.opened() {
                        format!("{seat} pass")
                    } else {
                        format!("{seat} pass C1,C2")
                    });
                }
                if let Some(b) = self.playable_raises().first() {
                    v.push(format!(
                        "{seat} bid BID C1,C2 (from {b}, value {}, up)",
                        b.value()
                    ));
                }
            }
            Stage::Trump => {
                for s in self.trump_options() {
                    v.push(format!("{seat} trump {}", s.letter()));
                }
            }
            Stage::Play => {
                for (s, level, units) in self.kontra_open() {
                    let ids: Vec<&str> = units.iter().map(|u| u.id()).collect();
                    v.push(format!(
                        "{s} {} {} (any of them)",
                        level_name(level),
                        ids.join(",")
                    ));
                }
                for c in self.legal_cards().iter() {
                    v.push(format!("{seat} card {c}"));
                }
            }
            Stage::Over => {}
        }
        v
    }
}
