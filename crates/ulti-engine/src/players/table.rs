//! Computer players at the whole game's table (issue 18): pass or pick up the talon, discard
//! and bid, stand or raise, name the trump, kontra, and play the cards.
//!
//! A [`TablePlayer`] of level easy, normal or strong decides from its seat's view only: the
//! [`TableView`] in the auction, the talon only once it has committed to picking it up (the
//! driver hands it over then), a [`SeatView`] in the play. The cheater ([`TableLevel::Cheater`])
//! sees every card and decides by exact search on the actual layout; the driver
//! ([`super::table_game`]) gives it the game explicitly.
//!
//! - *easy*: its bid is the rule-based [`super::easy`] bid of the twelve cards (or the
//!   cheapest playable overcall); it picks up when that bid from its ten cards and two low
//!   unseen cards would overcall; it never raises, and doubles only an ulti it can beat.
//! - *normal* / *strong*: the bid advisor ([`crate::advise::advise_bid`]): after picking up,
//!   the best-ranked row that overcalls; before, the mean of the best overcall's expected
//!   payoff over a few sampled talons against what defending the standing bid is expected to
//!   cost; the holder raises when a higher row is worth more than its own; a unit is doubled
//!   when sampled layouts solved exactly say the soloist makes it less than 40 % of the time
//!   (the soloist answers above 60 %).

use std::str::FromStr;

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::advise::{BidOptions, Sampler, SeatView, advise_bid, rng_for};
use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Bid, Contract};
use crate::players::{Decision, Player, decision_seed};
use crate::rules::RuleOptions;
use crate::solver::{Query, Question, Solver};
use crate::whole_game::{AuctionBid, TableView};

use super::advisor::{Advisor, Samples};
use super::easy::{Easy, easy_bid};

/// A table player's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableLevel {
    /// Rules from hand counts.
    Easy,
    /// The advisor with few samples.
    Normal,
    /// The advisor with more samples.
    Strong,
    /// Sees every card (for measuring only).
    Cheater,
}

impl TableLevel {
    /// The id: easy, normal, strong, cheater.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            TableLevel::Easy => "easy",
            TableLevel::Normal => "normal",
            TableLevel::Strong => "strong",
            TableLevel::Cheater => "cheater",
        }
    }
}

impl FromStr for TableLevel {
    type Err = String;
    fn from_str(s: &str) -> Result<TableLevel, String> {
        [
            TableLevel::Easy,
            TableLevel::Normal,
            TableLevel::Strong,
            TableLevel::Cheater,
        ]
        .into_iter()
        .find(|l| l.id().eq_ignore_ascii_case(s.trim()))
        .ok_or_else(|| format!("unknown player {s:?}: use easy, normal, strong or cheater"))
    }
}

/// An auction turn's choice before the talon is seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuctionMove {
    /// Pass (the forehand's opening pass under forfeit discards: see [`TablePlayer::opening_pass`]).
    Pass,
    /// The holder ends the auction.
    Stand,
    /// Pick up the talon (or, for the forehand's opening, bid from its twelve): then
    /// [`TablePlayer::bid_with`] chooses the discard and the bid.
    Bid,
}

/// A bid chosen with its discard, and the trump the bidder means to name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BidMove {
    /// The bid.
    pub bid: AuctionBid,
    /// The discard.
    pub discard: [Card; 2],
    /// The trump to name after the auction (for a bid that names one).
    pub trump: Option<Suit>,
}

/// A computer player at the table.
pub struct TablePlayer {
    level: TableLevel,
    seed: u64,
    solver: Solver,
    advisor: Option<Advisor>,
    /// The cheater's exact search.
    pub(crate) cheater: super::DoubleDummy,
}

/// The auction bid and trump of an advisor row id such as `40-100+ulti@Z`, `betli@piros`.
pub(crate) fn row_bid(id: &str) -> Option<(AuctionBid, Option<Suit>)> {
    let mut parts = id.split('@');
    let bid: Bid = parts.next()?.parse().ok()?;
    let (mut piros, mut teritett, mut trump) = (false, false, None);
    for f in parts {
        match f {
            "P" => piros = true,
            "Z" => trump = Some(Suit::Zold),
            "M" => trump = Some(Suit::Makk),
            "T" => trump = Some(Suit::Tok),
            "piros" => piros = true,
            "teritett" => teritett = true,
            _ => return None,
        }
    }
    AuctionBid {
        bid,
        piros,
        teritett,
    }
    .checked()
    .ok()
    .map(|b| (b, trump))
}

/// The cheapest bid of `higher` playable with `twelve` and some discard, low side cards laid
/// away first.
fn cheapest(twelve: CardSet, higher: &[AuctionBid]) -> Option<BidMove> {
    let mut cards: Vec<Card> = twelve.iter().collect();
    cards.sort_by_key(|c| (c.rank().trump_strength(), c.index()));
    for b in higher {
        for i in 0..cards.len() {
            for j in i + 1..cards.len() {
                let d = [cards[i], cards[j]];
                let talon: CardSet = d.iter().copied().collect();
                let hand = CardSet(twelve.0 & !talon.0);
                if let Some(&t) = b.playable_trumps(hand, talon).first() {
                    return Some(BidMove {
                        bid: b.clone(),
                        discard: d,
                        trump: b.names_trump().then_some(t),
                    });
                }
            }
        }
    }
    None
}

impl TablePlayer {
    /// A player of `level` whose decisions derive from `seed`.
    #[must_use]
    pub fn new(level: TableLevel, seed: u64) -> TablePlayer {
        let samples = if level == TableLevel::Strong {
            Samples::STRONG
        } else {
            Samples::NORMAL
        };
        TablePlayer {
            level,
            seed,
            solver: Solver::new(),
            advisor: matches!(level, TableLevel::Normal | TableLevel::Strong)
                .then(|| Advisor::new(samples, seed)),
            cheater: super::DoubleDummy::new(),
        }
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> TableLevel {
        self.level
    }

    fn samples(&self) -> Samples {
        if self.level == TableLevel::Strong {
            Samples::STRONG
        } else {
            Samples::NORMAL
        }
    }

    fn seed_for(&self, view: &TableView, tag: u64) -> u64 {
        decision_seed(self.seed ^ tag, Decision::Card(view.public.len()))
    }

    /// The advisor's rows for `twelve`: (bid, trump, expected payoff, discard), best first.
    fn rows(
        &mut self,
        twelve: CardSet,
        rules: RuleOptions,
        samples: u32,
        confirm: u32,
        seed: u64,
    ) -> Vec<(AuctionBid, Option<Suit>, f64, [Card; 2])> {
        let opts = BidOptions {
            samples,
            seed,
            rules,
            confirm,
        };
        let Ok(advice) = advise_bid(twelve, &opts, &mut self.solver) else {
            return Vec::new();
        };
        advice
            .bids
            .iter()
            .filter_map(|r| {
                let (b, t) = row_bid(&r.id)?;
                Some((b, t, r.stats.expected_payoff, r.discard))
            })
            .collect()
    }

    /// An auction turn (not the cheater's), from the seat's view and the bids that would
    /// overcall now (public).
    pub fn auction(
        &mut self,
        view: &TableView,
        higher: &[AuctionBid],
        holder_turn: bool,
        standing: Option<&AuctionBid>,
    ) -> AuctionMove {
        let opened = !view.public.is_empty();
        if !opened && view.hand.len() == 12 {
            return AuctionMove::Bid;
        }
        let rules = view.rules.play();
        match self.level {
            TableLevel::Easy | TableLevel::Cheater => {
                if holder_turn {
                    return AuctionMove::Stand;
                }
                // Its ten cards and two low cards it cannot see.
                let mut twelve = view.hand;
                for c in Card::all()
                    .filter(|&c| {
                        !view.hand.contains(c) && matches!(c.rank(), Rank::Seven | Rank::Eight)
                    })
                    .take(2)
                {
                    twelve.insert(c);
                }
                let choice = easy_bid(twelve);
                let b = row_bid(&choice.announcement.id()).map(|x| x.0);
                if b.is_some_and(|b| higher.contains(&b)) {
                    AuctionMove::Bid
                } else if holder_turn {
                    AuctionMove::Stand
                } else {
                    AuctionMove::Pass
                }
            }
            TableLevel::Normal | TableLevel::Strong => {
                let samples = if self.level == TableLevel::Strong {
                    8
                } else {
                    4
                };
                if holder_turn {
                    // It knows its twelve: its ten and the talon it laid down.
                    let Some(talon) = view.known_talon else {
                        return AuctionMove::Stand;
                    };
                    let twelve = CardSet(view.hand.0 | talon.0);
                    let rows = self.rows(twelve, rules, samples, 0, self.seed_for(view, 1));
                    let own = standing
                        .and_then(|s| rows.iter().find(|r| &r.0 == s))
                        .map_or(f64::NEG_INFINITY, |r| r.2);
                    let best = rows
                        .iter()
                        .find(|r| higher.contains(&r.0))
                        .map_or(f64::NEG_INFINITY, |r| r.2);
                    return if best > own + 1.0 {
                        AuctionMove::Bid
                    } else {
                        AuctionMove::Stand
                    };
                }
                // Sampled talons from the cards it cannot see.
                let mut unseen: Vec<Card> =
                    Card::all().filter(|&c| !view.hand.contains(c)).collect();
                let mut rng = rng_for(self.seed_for(view, 2), 0);
                let tries: u32 = if self.level == TableLevel::Strong {
                    4
                } else {
                    3
                };
                let mut total = 0.0;
                for k in 0..tries {
                    unseen.shuffle(&mut rng);
                    let twelve = CardSet(view.hand.0 | unseen[0].bit() | unseen[1].bit());
                    let rows = self.rows(
                        twelve,
                        rules,
                        samples,
                        0,
                        self.seed_for(view, 3 + u64::from(k)),
                    );
                    let best = rows
                        .iter()
                        .find(|r| higher.contains(&r.0))
                        .map_or(-(higher.first().map_or(5, AuctionBid::value) as f64), |r| {
                            r.2
                        });
                    total += best;
                }
                let own = total / f64::from(tries);
                // Defending a standing bid costs about a fifth of its value (bidders win
                // slightly more often than not).
                let defend = -0.2 * f64::from(standing.map_or(0, AuctionBid::value));
                if 2.0 * own > defend && own > 0.0 {
                    AuctionMove::Bid
                } else {
                    AuctionMove::Pass
                }
            }
        }
    }

    /// The discard and bid with the twelve cards now held (after picking up, or the forehand's
    /// opening), among `higher` (any ladder bid for an opening).
    pub fn bid_with(
        &mut self,
        view: &TableView,
        twelve: CardSet,
        higher: &[AuctionBid],
    ) -> Option<BidMove> {
        let chosen = match self.level {
            TableLevel::Easy | TableLevel::Cheater => {
                let c = easy_bid(twelve);
                row_bid(&c.announcement.id()).and_then(|(b, t)| {
                    let talon: CardSet = c.discard.iter().copied().collect();
                    let hand = CardSet(twelve.0 & !talon.0);
                    (higher.contains(&b) && !b.playable_trumps(hand, talon).is_empty()).then(|| {
                        BidMove {
                            trump: t
                                .or_else(|| b.playable_trumps(hand, talon).first().copied())
                                .filter(|_| b.names_trump()),
                            bid: b,
                            discard: c.discard,
                        }
                    })
                })
            }
            TableLevel::Normal | TableLevel::Strong => {
                let s = self.samples();
                let rows = self.rows(
                    twelve,
                    view.rules.play(),
                    s.bid,
                    s.confirm,
                    self.seed_for(view, 9),
                );
                rows.into_iter().find_map(|(b, t, _, d)| {
                    let talon: CardSet = d.iter().copied().collect();
                    let hand = CardSet(twelve.0 & !talon.0);
                    (higher.contains(&b) && !b.playable_trumps(hand, talon).is_empty()).then(|| {
                        BidMove {
                            trump: t.filter(|_| b.names_trump()),
                            bid: b,
                            discard: d,
                        }
                    })
                })
            }
        };
        chosen.or_else(|| cheapest(twelve, higher))
    }

    /// The forehand's opening pass under `allpass = forfeit`: its two lowest cards.
    #[must_use]
    pub fn opening_pass(&self, view: &TableView) -> [Card; 2] {
        let mut cards: Vec<Card> = view.hand.iter().collect();
        cards.sort_by_key(|c| (c.rank().trump_strength(), c.index()));
        [cards[0], cards[1]]
    }

    /// The trump to name for `bid` among `options`, from the soloist's view (its ten cards and
    /// the talon it laid down). Easy: the option it holds most of (then the strongest);
    /// normal and strong: the option with the best mean payoff over sampled layouts of the
    /// defenders' cards, each solved exactly.
    pub fn trump(&mut self, view: &TableView, bid: &AuctionBid, options: &[Suit]) -> Suit {
        let strongest = || {
            options
                .iter()
                .copied()
                .max_by_key(|&s| {
                    let cards = view.hand.of_suit(s);
                    (
                        cards.len(),
                        cards
                            .iter()
                            .map(|c| u32::from(c.rank().trump_strength()))
                            .sum::<u32>(),
                        std::cmp::Reverse(s.index()),
                    )
                })
                .expect("a bid that names a trump has a playable one")
        };
        if options.len() == 1 || !matches!(self.level, TableLevel::Normal | TableLevel::Strong) {
            return strongest();
        }
        let talon = view.known_talon.unwrap_or(CardSet::EMPTY);
        let mut unseen: Vec<Card> = Card::all()
            .filter(|&c| !view.hand.contains(c) && !talon.contains(c))
            .collect();
        let n = if self.level == TableLevel::Strong {
            16
        } else {
            8
        };
        let mut rng = rng_for(self.seed_for(view, 11), 0);
        let mut sums = vec![0i64; options.len()];
        for _ in 0..n {
            unseen.shuffle(&mut rng);
            let d1: CardSet = unseen[..10].iter().copied().collect();
            let d2: CardSet = unseen[10..20].iter().copied().collect();
            for (i, &t) in options.iter().enumerate() {
                let Ok(deal) = crate::deal::Deal::new(t, [view.hand, d1, d2]) else {
                    continue;
                };
                if let Ok(v) = self
                    .solver
                    .bid_value(&deal, &bid.announcement(t), view.rules.play())
                {
                    sums[i] += i64::from(v.payoff.unwrap_or(0));
                }
            }
        }
        let best = (0..options.len())
            .max_by_key(|&i| (sums[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        options[best]
    }

    /// Which of `units` to double at this moment, from the seat's view of the play
    /// (`soloist`: answering as the soloist).
    pub fn kontra(&mut self, view: &SeatView, units: &[Contract], soloist: bool) -> Vec<Contract> {
        match self.level {
            TableLevel::Easy | TableLevel::Cheater => {
                // Easy doubles an ulti it can beat: the trump Ász and two more trumps.
                if soloist {
                    return Vec::new();
                }
                let t = view.trump();
                let trumps = view.hand_now().of_suit(t);
                units
                    .iter()
                    .copied()
                    .filter(|&u| {
                        u == Contract::Ulti
                            && trumps.contains(Card::new(t, Rank::Asz))
                            && trumps.len() >= 3
                    })
                    .collect()
            }
            TableLevel::Normal | TableLevel::Strong => {
                let n = if self.level == TableLevel::Strong {
                    24
                } else {
                    12
                };
                let Ok(mut sampler) = Sampler::new(view) else {
                    return Vec::new();
                };
                let mut rng = rng_for(
                    decision_seed(self.seed, Decision::Card(view.played().len())) ^ 0x6B,
                    0,
                );
                let mut wins = vec![0u32; units.len()];
                let mut got = 0u32;
                for _ in 0..n {
                    let Ok(deal) = sampler.sample(&mut rng) else {
                        break;
                    };
                    got += 1;
                    for (i, &u) in units.iter().enumerate() {
                        let mut q = Query::new(deal, Bid::single(u));
                        q.played = view.played().to_vec();
                        q.rules = view.rules();
                        q.line = false;
                        q.question = Question::WinLose;
                        if let Ok(s) = self.solver.solve(&q)
                            && s.soloist_wins == Some(true)
                        {
                            wins[i] += 1;
                        }
                    }
                }
                if got == 0 {
                    return Vec::new();
                }
                units
                    .iter()
                    .zip(&wins)
                    .filter(|&(_, &w)| {
                        let p = f64::from(w) / f64::from(got);
                        if soloist { p > 0.6 } else { p < 0.4 }
                    })
                    .map(|(&u, _)| u)
                    .collect()
            }
        }
    }

    /// A card from the seat's view.
    ///
    /// # Panics
    /// If the view's seat has no legal card (the driver asks only the seat to move).
    pub fn card(&mut self, view: &SeatView) -> Card {
        let r = match &mut self.advisor {
            Some(a) => a.card(view),
            None => Easy::new().card(view),
        };
        r.unwrap_or_else(|_| view.legal_cards().iter().next().expect("a legal card"))
    }
}
