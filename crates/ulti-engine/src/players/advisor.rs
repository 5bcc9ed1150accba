//! The *normal* and *strong* players: the hidden-hand advisor ([`advise_bid`],
//! [`advise_card`]) on one [`Solver`], following its top row.

use crate::advise::{
    AdviseError, BidOptions, CardOptions, SeatView, advise_bid, advise_card, announcements,
};
use crate::card::{Card, CardSet};
use crate::rules::RuleOptions;
use crate::solver::Solver;

use super::{BidChoice, Decision, Player, decision_seed};

/// How many layouts an advisor player samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Samples {
    /// Samples per finalist discard of the bid advice.
    pub bid: u32,
    /// Fresh samples confirming the leading bids (see [`BidOptions::confirm`]).
    pub confirm: u32,
    /// Fresh samples for every other ranked bid (see [`BidOptions::rest`]): the auction
    /// compares rows beyond the leading ones when those do not overcall.
    pub rest: u32,
    /// Layouts per card decision in tricks 1 and 2, where each layout costs the most (ten
    /// cards in every hand).
    pub early_cards: [u32; 2],
    /// Layouts per card decision from trick 3 on.
    pub cards: u32,
}

impl Samples {
    /// The *normal* level.
    pub const NORMAL: Samples = Samples {
        bid: 16,
        confirm: 16,
        rest: 16,
        early_cards: [16, 24],
        cards: 24,
    };
    /// The *strong* level. A card must come within the 1.5 s in the browser (one
    /// worker, wasm about 1.3× native). What a layout costs is heavy-tailed and falls fast
    /// with the tricks: natively on one thread (CPU time, measured by `ulti match` on the
    /// shared 2-core machine under load) the slowest layouts cost about 36–48 ms in the
    /// first trick (an ulti soloist's opening lead: the payoff of every legal card), 13 ms
    /// in the second and 6 ms in the third. 20, 48 and 120 layouts keep the slowest of
    /// thousands of decisions near 0.7 s natively (about 0.9 s as wasm); the median is a
    /// few milliseconds.
    pub const STRONG: Samples = Samples {
        bid: 32,
        confirm: 32,
        rest: 32,
        early_cards: [20, 48],
        cards: 120,
    };

    /// Layouts for a card decision after `played` cards.
    #[must_use]
    pub fn for_card(&self, played: usize) -> u32 {
        match played / 3 {
            0 => self.early_cards[0],
            1 => self.early_cards[1],
            _ => self.cards,
        }
    }
}

/// A player that follows the hidden-hand advisor's best row.
pub struct Advisor {
    samples: Samples,
    seed: u64,
    solver: Solver,
}

impl Advisor {
    /// An advisor player with `samples`, whose decisions derive from `seed`.
    #[must_use]
    pub fn new(samples: Samples, seed: u64) -> Advisor {
        Advisor {
            samples,
            seed,
            solver: Solver::new(),
        }
    }
}

impl Player for Advisor {
    fn bid(&mut self, hand: CardSet, rules: RuleOptions) -> Result<BidChoice, AdviseError> {
        let opts = BidOptions {
            samples: self.samples.bid,
            seed: decision_seed(self.seed, Decision::Bid),
            rules,
            confirm: self.samples.confirm,
            // It follows the top row, which the other rows' samples do not change.
            rest: 0,
            evidence: None,
        };
        let advice = advise_bid(hand, &opts, &mut self.solver)?;
        let best = advice
            .bids
            .first()
            .expect("passz is playable with any hand, so the advice has a row");
        let announcement = announcements()
            .iter()
            .find(|a| a.id() == best.id)
            .expect("the advice's rows are standard bids")
            .clone();
        Ok(BidChoice {
            discard: best.discard,
            announcement,
        })
    }

    fn card(&mut self, view: &SeatView) -> Result<Card, AdviseError> {
        let legal = view.legal_cards();
        if legal.len() == 1 {
            // Forced: no need to sample (the advice would say the same).
            view.bid().ok_or(AdviseError::NoBid)?;
            return Ok(legal.iter().next().expect("one legal card"));
        }
        let opts = CardOptions {
            samples: self.samples.for_card(view.played().len()),
            seed: decision_seed(self.seed, Decision::Card(view.played().len())),
            points: false,
        };
        let advice = advise_card(view, &opts, &mut self.solver)?;
        Ok(advice
            .cards
            .first()
            .expect("a seat to move has a legal card")
            .card)
    }
}
