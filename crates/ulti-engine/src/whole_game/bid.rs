//! A bid as said in the auction ([`AuctionBid`]): the contracts, piros or not, terített or
//! not, and no suit — a trump bid without piros names its trump after the auction. Its value
//! per defender orders the ladder (shared/RULES.md "Auction").

use std::fmt;
use std::str::FromStr;

use serde_with::{DeserializeFromStr, SerializeDisplay};
use thiserror::Error;

use crate::bids::Announcement;
use crate::card::{Card, CardSet, Suit};
use crate::contract::{Bid, Contract, ContractError, Scoring, component_payoff};
use crate::deal::Deal;

/// A bid of the auction, e.g. `40-100+ulti`, `betli@piros`, `ulti@P`,
/// `ulti+durchmars-adu@teritett`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub struct AuctionBid {
    /// The contracts.
    pub bid: Bid,
    /// Piros: hearts are trumps (`@P`), or rebetli (`betli@piros`).
    pub piros: bool,
    /// Terített (open): a betli or durchmars bid played with open cards.
    pub teritett: bool,
}

/// Why a bid id is not a bid of the auction.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BidError {
    /// Not a contract id, or contracts that do not combine.
    #[error(transparent)]
    Contract(#[from] ContractError),
    /// A suit other than piros in the bid.
    #[error("a bid names no suit but piros (@P): the trump is named after the auction")]
    SuitInBid,
    /// An unknown `@` form.
    #[error("unknown bid form @{0}: use @P (piros trumps), @piros (rebetli) or @teritett")]
    UnknownForm(String),
    /// Passz named in a compound.
    #[error("passz cannot be combined: a points game carries its passz without naming it")]
    PasszInCompound,
    /// Négy tízes.
    #[error("négy tízes is not on the auction ladder")]
    NegyTizes,
    /// `@P` on a no-trump bid or `@piros` on a trump bid.
    #[error("{0}")]
    PirosForm(&'static str),
    /// Terített on a bid without betli or durchmars, or piros terített betli.
    #[error("{0}")]
    Teritett(&'static str),
}

/// The order of contract families for `equal_value = by-rank` (higher overcalls lower).
fn family(c: Contract) -> u8 {
    match c {
        Contract::Passz => 0,
        Contract::Negyven100 => 1,
        Contract::Ulti => 2,
        Contract::NegyAsz | Contract::NegyTizes => 3,
        Contract::Husz100 => 4,
        Contract::DurchmarsAdu => 5,
        Contract::Betli => 6,
        Contract::Durchmars => 7,
    }
}

impl AuctionBid {
    /// The opening bid's floor: passz.
    #[must_use]
    pub fn passz() -> AuctionBid {
        AuctionBid {
            bid: Bid::single(Contract::Passz),
            piros: false,
            teritett: false,
        }
    }

    /// Every bid of the ladder, lowest value first.
    #[must_use]
    pub fn ladder() -> Vec<AuctionBid> {
        let mut v: Vec<AuctionBid> = crate::bids::standard_announcements()
            .into_iter()
            .filter(|a| matches!(a.trump, None | Some(Suit::Piros | Suit::Zold)))
            .filter_map(|a| {
                AuctionBid {
                    piros: a.trump == Some(Suit::Piros) || a.scoring.piros_no_trump,
                    teritett: a.scoring.teritett,
                    bid: a.bid,
                }
                .checked()
                .ok()
            })
            .collect();
        v.sort_by_key(|b| (b.value(), b.rank(), b.to_string()));
        v.dedup();
        v
    }

    /// The bid if it is one of the ladder's forms.
    ///
    /// # Errors
    /// What makes it no bid of the auction.
    pub fn checked(self) -> Result<AuctionBid, BidError> {
        let cs = self.bid.contracts();
        if cs.len() > 1 && cs.contains(&Contract::Passz) {
            return Err(BidError::PasszInCompound);
        }
        if cs.contains(&Contract::NegyTizes) {
            return Err(BidError::NegyTizes);
        }
        if cs == [Contract::DurchmarsAdu] && !self.piros && !self.teritett {
            return Err(BidError::Teritett(
                "a durchmars with trumps alone is bid piros or terített: the ladder's durchmars at 6 is the colourless one",
            ));
        }
        let betli = cs.contains(&Contract::Betli);
        if self.piros && cs.contains(&Contract::Durchmars) {
            return Err(BidError::PirosForm(
                "a colourless durchmars has no piros form",
            ));
        }
        if self.teritett
            && !betli
            && !cs.contains(&Contract::Durchmars)
            && !cs.contains(&Contract::DurchmarsAdu)
        {
            return Err(BidError::Teritett(
                "only a betli or a durchmars bid can be terített",
            ));
        }
        if self.teritett && self.piros && betli {
            return Err(BidError::Teritett(
                "terített betli has no piros form (rebetli is betli@piros)",
            ));
        }
        Ok(self)
    }

    /// Is it played with trumps?
    #[must_use]
    pub fn has_trumps(&self) -> bool {
        self.bid.has_trumps()
    }

    /// Does the soloist name the trump after the auction (a trump bid without piros)?
    #[must_use]
    pub fn names_trump(&self) -> bool {
        self.has_trumps() && !self.piros
    }

    /// The scoring form.
    #[must_use]
    pub fn scoring(&self) -> Scoring {
        Scoring {
            teritett: self.teritett,
            kontra: 0,
            piros_no_trump: self.piros && !self.has_trumps(),
        }
    }

    /// The bid played with `trump` (ignored for no-trump bids, Piros for a piros bid).
    #[must_use]
    pub fn announcement(&self, trump: Suit) -> Announcement {
        Announcement {
            bid: self.bid.clone(),
            trump: self
                .has_trumps()
                .then_some(if self.piros { Suit::Piros } else { trump }),
            scoring: self.scoring(),
        }
    }

    /// The value per defender when every component is won (the ladder's number).
    #[must_use]
    pub fn value(&self) -> i32 {
        let trump = if self.piros { Suit::Piros } else { Suit::Zold };
        self.bid
            .components()
            .into_iter()
            .map(|c| component_payoff(c, true, trump, self.scoring()))
            .sum()
    }

    /// The order within one value under `equal_value = by-rank`: fewer contracts rank higher,
    /// then the highest family (passz < 40-100 < ulti < négy ász < 20-100 < durchmars <
    /// betli < colourless durchmars); equal ranks never overcall.
    #[must_use]
    pub fn rank(&self) -> (i32, u8) {
        let cs = self.bid.contracts();
        let top = cs.iter().map(|&c| family(c)).max().unwrap_or(0);
        (-(cs.len() as i32), top)
    }

    /// Why the soloist cannot play this bid with `trump` holding `hand` (ten cards) with the
    /// talon `talon`, if it cannot.
    #[must_use]
    pub fn unplayable_reason(
        &self,
        hand: CardSet,
        talon: CardSet,
        trump: Suit,
    ) -> Option<&'static str> {
        let a = self.announcement(trump);
        let rest: Vec<Card> = Card::all()
            .filter(|&c| !hand.contains(c) && !talon.contains(c))
            .collect();
        let d1: CardSet = rest.iter().take(10).copied().collect();
        let d2: CardSet = rest.iter().skip(10).copied().collect();
        let deal = Deal::new(a.trump.unwrap_or(trump), [hand, d1, d2]).ok()?;
        self.bid.unplayable_reason(&deal)
    }

    /// The trumps the soloist may name for this bid with `hand` and `talon` (piros alone for a
    /// piros bid; none needed for a no-trump bid, then `[Piros]` as a placeholder).
    #[must_use]
    pub fn playable_trumps(&self, hand: CardSet, talon: CardSet) -> Vec<Suit> {
        let candidates: &[Suit] = if self.names_trump() {
            &[Suit::Zold, Suit::Makk, Suit::Tok]
        } else {
            &[Suit::Piros]
        };
        candidates
            .iter()
            .copied()
            .filter(|&t| self.unplayable_reason(hand, talon, t).is_none())
            .collect()
    }

    /// A discard of two of `twelve` with which this bid is playable (some trump makes it
    /// playable with the ten kept), lowest cards first; `None` when no discard is.
    #[must_use]
    pub fn discard_for(&self, twelve: CardSet) -> Option<[Card; 2]> {
        let mut cards: Vec<Card> = twelve.iter().collect();
        cards.sort_by_key(|c| (c.rank().trump_strength(), c.index()));
        (0..cards.len())
            .flat_map(|i| (i + 1..cards.len()).map(move |j| (i, j)))
            .map(|(i, j)| [cards[i], cards[j]])
            .find(|d| {
                let talon: CardSet = d.iter().copied().collect();
                !self
                    .playable_trumps(CardSet(twelve.0 & !talon.0), talon)
                    .is_empty()
            })
    }
}

impl fmt::Display for AuctionBid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.bid)?;
        if self.piros {
            f.write_str(if self.has_trumps() { "@P" } else { "@piros" })?;
        }
        if self.teritett {
            f.write_str("@teritett")?;
        }
        Ok(())
    }
}

impl FromStr for AuctionBid {
    type Err = BidError;
    fn from_str(s: &str) -> Result<AuctionBid, BidError> {
        let mut parts = s.trim().split('@');
        let bid: Bid = parts.next().unwrap_or("").parse()?;
        let (mut piros, mut teritett) = (false, false);
        for form in parts {
            match form {
                "P" if bid.has_trumps() => piros = true,
                "P" => {
                    return Err(BidError::PirosForm(
                        "@P is for trump bids: piros betli is betli@piros",
                    ));
                }
                "piros" if !bid.has_trumps() => piros = true,
                "piros" => {
                    return Err(BidError::PirosForm(
                        "@piros is for betli: a trump bid is piros with @P",
                    ));
                }
                "teritett" => teritett = true,
                "Z" | "M" | "T" => return Err(BidError::SuitInBid),
                other => return Err(BidError::UnknownForm(other.to_string())),
            }
        }
        AuctionBid {
            bid,
            piros,
            teritett,
        }
        .checked()
    }
}
