//! The user's auction turn at the table: the bidding box (a row per family of bids, a column per
//! form: plain, piros, terített; each bid marked low, unplayable with any discard of the
//! twelve, ready with the discard chosen, or needing another discard, named), and a word of the
//! auction as everyone heard it (bids without their discards).

use ulti_engine::whole_game::{Action, AuctionBid, Verb};
use ulti_engine::{Bid, Card, CardSet, Seat};

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

/// The bidding box's columns: a family of bids said plain, piros, terített or both (betli's
/// piros form is rebetli).
pub const FORMS: [(bool, bool); 4] = [(false, false), (true, false), (false, true), (true, true)];

/// Where a bid of the box stands for the twelve cards the user holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// It does not overcall the standing bid.
    Low,
    /// It overcalls, but no discard of the twelve plays it (a card it needs is missing).
    Unplayable,
    /// It overcalls, and the discard chosen plays it.
    Ready,
    /// It overcalls, and this discard of the twelve plays it (the lowest cards that do; the
    /// discard chosen, if any, does not).
    Needs([Card; 2]),
}

impl Fit {
    /// May the user say it (now, or with another discard)?
    #[must_use]
    pub fn legal(self) -> bool {
        matches!(self, Fit::Ready | Fit::Needs(_))
    }
}

/// One bid of the box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxCell {
    /// The bid.
    pub bid: AuctionBid,
    /// Where it stands.
    pub fit: Fit,
}

/// One family of bids (the same contracts), a row of the box: its cells in the order of
/// [`FORMS`], `None` where the ladder has no such bid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxRow {
    /// The contracts, said plain.
    pub family: Bid,
    /// The cells.
    pub cells: [Option<BoxCell>; 4],
}

impl BoxRow {
    /// Does the row hold a bid the user may say?
    #[must_use]
    pub fn legal(&self) -> bool {
        self.cells.iter().flatten().any(|c| c.fit.legal())
    }

    /// The lowest value in the row.
    fn value(&self) -> i32 {
        self.cells
            .iter()
            .flatten()
            .map(|c| c.bid.value())
            .min()
            .unwrap_or(0)
    }
}

/// What the twelve can play, before a discard is chosen: every bid of the ladder that
/// overcalls now with the lowest discard that plays it (`None`: none does). Computed once per
/// twelve; [`bidding_box`] adds the discard chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    twelve: CardSet,
    bids: Vec<(AuctionBid, bool, Option<[Card; 2]>)>,
}

/// The ladder's bids for `twelve`, those of `higher` overcalling: does each overcall, and
/// which discard plays it.
#[must_use]
pub fn reach(higher: &[AuctionBid], twelve: CardSet) -> Reach {
    let bids = AuctionBid::ladder()
        .into_iter()
        .map(|b| {
            let over = higher.contains(&b);
            let d = if over { b.discard_for(twelve) } else { None };
            (b, over, d)
        })
        .collect();
    Reach { twelve, bids }
}

/// The bidding box: a row per family of bids (lowest value first), a column per form, each
/// bid marked with where it stands with the `discard` chosen (if any).
#[must_use]
pub fn bidding_box(reach: &Reach, discard: Option<[Card; 2]>) -> Vec<BoxRow> {
    let mut rows: Vec<BoxRow> = Vec::new();
    for (bid, over, needs) in &reach.bids {
        let fit = match (over, needs, discard) {
            (false, _, _) => Fit::Low,
            (true, None, _) => Fit::Unplayable,
            (true, Some(_), Some(d)) if plays(bid, reach.twelve, d) => Fit::Ready,
            (true, Some(n), _) => Fit::Needs(*n),
        };
        let col = FORMS
            .iter()
            .position(|&f| f == (bid.piros, bid.teritett))
            .expect("a bid has one of the four forms");
        let cell = BoxCell {
            bid: bid.clone(),
            fit,
        };
        match rows.iter_mut().find(|r| r.family == bid.bid) {
            Some(r) => r.cells[col] = Some(cell),
            None => {
                let mut cells = [None, None, None, None];
                cells[col] = Some(cell);
                rows.push(BoxRow {
                    family: bid.bid.clone(),
                    cells,
                });
            }
        }
    }
    rows.sort_by_key(BoxRow::value);
    rows
}

/// What a bid needs of the twelve when the discard chosen does not play it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscardHelp {
    /// A discard that plays it: one card of the discard chosen kept in it when possible,
    /// else the lowest cards.
    pub discard: [Card; 2],
    /// The cards no playable discard lays down (the bid needs them kept), in suit order.
    pub keep: Vec<Card>,
}

/// What `bid` needs of `twelve`, given the discard `chosen` so far (`None`: the bid plays with
/// no discard of the twelve).
#[must_use]
pub fn discard_help(bid: &AuctionBid, twelve: CardSet, chosen: &[Card]) -> Option<DiscardHelp> {
    let mut cards: Vec<Card> = twelve.iter().collect();
    cards.sort_by_key(|c| (c.rank().trump_strength(), c.index()));
    let playable: Vec<[Card; 2]> = (0..cards.len())
        .flat_map(|i| (i + 1..cards.len()).map(move |j| (i, j)))
        .map(|(i, j)| [cards[i], cards[j]])
        .filter(|&d| plays(bid, twelve, d))
        .collect();
    let shared = |d: &[Card; 2]| d.iter().filter(|c| chosen.contains(c)).count();
    let most = playable.iter().map(shared).max()?;
    let discard = *playable.iter().find(|d| shared(d) == most)?;
    let keep = twelve
        .iter()
        .filter(|c| !playable.iter().any(|d| d.contains(c)))
        .collect();
    Some(DiscardHelp { discard, keep })
}

/// Does `bid` play with `discard` laid down from `twelve`?
#[must_use]
pub fn plays(bid: &AuctionBid, twelve: CardSet, discard: [Card; 2]) -> bool {
    let talon: CardSet = discard.into_iter().collect();
    if !talon.iter().all(|c| twelve.contains(c)) || discard[0] == discard[1] {
        return false;
    }
    let kept = CardSet(twelve.0 & !talon.0);
    !bid.playable_trumps(kept, talon).is_empty()
}

/// The user's bid as the record writes it.
#[must_use]
pub fn bid_action(seat: Seat, bid: AuctionBid, discard: [Card; 2]) -> Action {
    Action {
        seat,
        verb: Verb::Bid { bid, discard },
    }
}
