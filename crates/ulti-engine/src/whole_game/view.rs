//! What one seat sees of a whole game ([`TableView`]): its own cards, the talon if it laid it
//! down, the public auction (who bid what, who passed, the kontras) and the cards played —
//! never another seat's hand or discard.

use serde::{Deserialize, Serialize};

use crate::card::{Card, CardSet, Suit};
use crate::deal::Seat;
use crate::rules::Trick;

use super::action::{Action, Verb};
use super::bid::AuctionBid;
use super::kontra::KontraBook;
use super::options::TableRules;
use super::state::{Stage, WholeGame};

/// One seat's view of a whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    /// The seat.
    pub seat: Seat,
    /// The rules.
    pub rules: TableRules,
    /// The dealer.
    pub dealer: Seat,
    /// The stage.
    pub stage: Stage,
    /// Who is to act.
    pub to_act: Option<Seat>,
    /// The seat's cards now.
    pub hand: CardSet,
    /// The talon, when this seat laid it down.
    pub known_talon: Option<CardSet>,
    /// Every action so far as everyone saw it: bids without their discards, the forehand's
    /// opening pass without its cards, trump, kontras and cards.
    pub public: Vec<String>,
    /// The soloist's seat once the auction is over.
    pub soloist: Option<Seat>,
    /// The kontra levels once the play has started.
    pub kontra: Option<KontraBook>,
    /// The cards played, in order.
    pub played: Vec<Card>,
    /// The seat's ten cards when the card play started (`None` before it): its hand as the
    /// solver's seat views take it.
    #[serde(default)]
    pub play_hand: Option<CardSet>,
    /// How many cards each seat holds now (public: twelve for the forehand before it opens).
    #[serde(default)]
    pub held: [u32; 3],
    /// The completed tricks, with table seats.
    #[serde(default)]
    pub tricks: Vec<Trick>,
    /// A terített (open) contract's soloist and the cards it holds now: public from the end of
    /// the auction (the soloist lays them face up), `None` for every other contract.
    #[serde(default)]
    pub open_hand: Option<(Seat, CardSet)>,
}

impl TableView {
    /// The bid standing, or played once the auction is over (the last one said).
    #[must_use]
    pub fn bid(&self) -> Option<AuctionBid> {
        self.standing().map(|(_, b)| b)
    }

    /// The standing bid and its holder (the last bid said, during the auction and after it).
    #[must_use]
    pub fn standing(&self) -> Option<(Seat, AuctionBid)> {
        self.public.iter().rev().find_map(|a| {
            let mut words = a.split_whitespace();
            let seat: Seat = words.next()?.parse().ok()?;
            (words.next() == Some("bid"))
                .then(|| Some((seat, words.next()?.parse().ok()?)))
                .flatten()
        })
    }

    /// The trick being played: who led it and the cards so far with their seats (empty
    /// between tricks and before the play).
    #[must_use]
    pub fn current_trick(&self) -> Vec<(Seat, Card)> {
        let Some(soloist) = self.soloist else {
            return Vec::new();
        };
        let leader = self.tricks.last().map_or(soloist, |t| t.winner);
        self.played
            .iter()
            .skip(3 * self.tricks.len())
            .enumerate()
            .map(|(i, &c)| ((leader + i) % 3, c))
            .collect()
    }

    /// The trump named after the auction, or piros for a piros bid (`None` before it is named
    /// and for a no-trump bid).
    #[must_use]
    pub fn trump(&self) -> Option<Suit> {
        let named = self
            .public
            .iter()
            .find_map(|a| match a.parse::<Action>().ok()?.verb {
                Verb::Trump(s) => Some(s),
                _ => None,
            });
        let bid = self.bid()?;
        if !bid.has_trumps() {
            return None;
        }
        if bid.piros {
            return Some(Suit::Piros);
        }
        named
    }
}

impl WholeGame {
    /// What `seat` sees.
    #[must_use]
    pub fn view(&self, seat: Seat) -> TableView {
        let public = self
            .actions()
            .iter()
            .map(|a| match &a.verb {
                Verb::Bid { bid, .. } => format!("{} bid {bid}", a.seat),
                Verb::Pass { .. } => format!("{} pass", a.seat),
                _ => a.to_string(),
            })
            .collect();
        TableView {
            seat,
            rules: self.rules(),
            dealer: self.dealer(),
            stage: self.stage(),
            to_act: self.to_act(),
            hand: self.hand(seat),
            known_talon: (self.talon_by() == Some(seat)).then(|| self.talon()),
            public,
            soloist: self.contracted().map(|c| c.soloist),
            kontra: self.kontra().cloned(),
            played: self.position().map(|(_, p)| p).unwrap_or_default(),
            play_hand: self.position().and_then(|(deal, _)| {
                let soloist = self.contracted()?.soloist;
                Some(deal.hand((seat + 3 - soloist) % 3))
            }),
            held: [0, 1, 2].map(|s| self.hand(s).len()),
            tricks: self.tricks(),
            open_hand: self
                .contracted()
                .filter(|c| c.bid.teritett)
                .map(|c| (c.soloist, self.hand(c.soloist))),
        }
    }
}
