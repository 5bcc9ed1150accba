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
//!   payoff over a few sampled talons (those the holder, imagined with the auction's
//!   evidence, would lay down) against what defending the standing bid costs on layouts of
//!   those holders' hands ([`super::holder`]); the holder raises when a higher row is worth more than its own; a unit is doubled
//!   when sampled layouts solved exactly say the soloist makes it less than 40 % of the time
//!   (the soloist answers above 60 %).

use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::advise::Executor;
use crate::card::{Card, CardSet, Suit};
use crate::contract::Bid;
use crate::deal::Seat;
use crate::players::{Decision, decision_seed};
use crate::solver::Solver;
use crate::whole_game::{AuctionBid, TableView};

use super::advisor::Samples;
use super::step_work::Steps;

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

    /// How many sampled talons a pick-up decision weighs (normal and strong; 0 for the
    /// others). Strong: two talons with twice the samples each (a promising talon's race costs
    /// the most); normal: three.
    #[must_use]
    pub const fn pickup_tries(self) -> u32 {
        match self {
            TableLevel::Strong => 2,
            TableLevel::Normal => 3,
            TableLevel::Easy | TableLevel::Cheater => 0,
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

/// Decision times of a game, by kind (milliseconds of the clock the caller gives).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DecisionTimes {
    /// Auction decisions (pass, pick up and bid, stand or raise, trump): (seat, ms).
    pub auction: Vec<(Seat, f64)>,
    /// Kontra decisions (said or not): (seat, ms).
    pub kontra: Vec<(Seat, f64)>,
    /// Cards: (seat, ms).
    pub card: Vec<(Seat, f64)>,
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

/// One option an advisor weighed: the action (in the record's words, or a unit) with its
/// soloist win rate and expected payoff per defender over the sampled layouts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weighed {
    /// What.
    pub action: String,
    /// The soloist's win rate, where the advisor counts it.
    pub win_prob: Option<f64>,
    /// Expected payoff per defender (soloist's side positive), where it counts it.
    pub expected_payoff: Option<f64>,
}

/// The numbers behind a normal or strong player's decision: the chosen option and the
/// runner-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reason {
    /// The option taken.
    pub chosen: Weighed,
    /// The best option not taken.
    pub runner_up: Option<Weighed>,
}

/// How a normal or strong player weighs its auction and kontras (issues 40 and 50). Each
/// field closes one shortcut of earlier builds; [`AuctionModel::NORMAL`] and
/// [`AuctionModel::STRONG`] keep those that made the player stronger in
/// `ulti match --whole-game` (BENCHMARKS.md), and the others stay here to be measured again
/// (`--players strong,strong-confirmed-pickup,…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuctionModel {
    /// Passing is worth defending the standing bid, solved on layouts of the holder's hand
    /// drawn with the auction's evidence (off: minus a fifth of the bid's value).
    pub holder_defence: bool,
    /// The talons a pick-up weighs are those such holders lay down (off: two of the unseen
    /// cards, uniformly).
    pub holder_talons: bool,
    /// A sampled talon is worth its best overcall's payoff on fresh samples (off: on the
    /// race's own samples, which chose that bid and discard and so overrate it). Off by
    /// default: on 300 deals it cost the strong player 6.6 ± 8.8 per deal.
    pub confirmed_pickup: bool,
    /// A strong player's auction races (the pick-up's talons, the bid after it, the holder's
    /// raise) weigh the other seats' hands by what they said so far (off: uniform layouts).
    /// Off by default: on 300 deals it cost the strong player 2.5 ± 8.1 per deal.
    pub race_evidence: bool,
    /// Bids and the defence of a standing bid are valued with their made rates in play
    /// ([`crate::advise::real_play_payoff`]: the open-hand rate mapped per contract family),
    /// not open-hand (off: open-hand payoffs). Off by default: on 300 deals it gained the
    /// strong player 3.7 ± 6.9 per deal, not significant.
    pub real_play: bool,
    /// Kontra and rekontra are decided on each unit's made rate in play (the open-hand rate
    /// over the seat's layouts, mapped for the unit's family) instead of the open-hand rate.
    /// On for strong: on 300 deals it gained 11.2 ± 3.0 per deal.
    pub real_play_kontra: bool,
    /// The holder another seat imagines chooses its trump and discard by value (the
    /// candidates of [`super::holder::discard_candidates`], each solved on two splits of the
    /// defenders' cards) instead of by the fixed rule. Off by default: on 300 deals it cost
    /// the strong player 0.6 ± 4.9 per deal and made its auction decisions slower.
    pub holder_value: bool,
}

impl AuctionModel {
    /// The normal player's auction: the holder imagined from the auction values passing
    /// and gives the talons a pick-up weighs; kontras on open-hand rates.
    pub const NORMAL: AuctionModel = AuctionModel {
        holder_defence: true,
        holder_talons: true,
        confirmed_pickup: false,
        race_evidence: false,
        real_play: false,
        real_play_kontra: false,
        holder_value: false,
    };
    /// The strong player's: the normal one's, with kontras decided on made rates in play.
    pub const STRONG: AuctionModel = AuctionModel {
        real_play_kontra: true,
        ..AuctionModel::NORMAL
    };
    /// Every shortcut open: the auction of the builds before issue 40 (2026-11-27).
    pub const BEFORE_ISSUE_40: AuctionModel = AuctionModel {
        holder_defence: false,
        holder_talons: false,
        confirmed_pickup: false,
        race_evidence: false,
        real_play: false,
        real_play_kontra: false,
        holder_value: false,
    };

    /// The model a player of `level` uses (strong's or normal's; easy and the cheater do
    /// not read it).
    #[must_use]
    pub const fn of(level: TableLevel) -> AuctionModel {
        match level {
            TableLevel::Strong => AuctionModel::STRONG,
            _ => AuctionModel::NORMAL,
        }
    }
}

/// A computer player at the table.
pub struct TablePlayer {
    /// The numbers behind the last decision (normal and strong).
    pub reason: Option<Reason>,
    pub(super) level: TableLevel,
    pub(super) seed: u64,
    pub(super) solver: Solver,
    /// Runs the advisor's solves when set (e.g. on several threads), else `solver` does.
    pub(super) exec: Option<Box<dyn Executor + Send>>,
    /// Normal and strong decide by the advisor.
    pub(super) advisor: bool,
    /// The cheater's exact search.
    pub(crate) cheater: super::DoubleDummy,
    /// Weigh the sampled layouts of the play by what the seats said in the auction (strong).
    pub(super) inference: bool,
    /// Its bid races run elsewhere, one step at a time ([`super::auction_step`]).
    pub(super) steps: Option<Steps>,
    /// Its last decision by [`super::decide`] picked up the talon.
    pub(super) picked_up: bool,
    /// How it weighs a pick-up against passing.
    pub(super) model: AuctionModel,
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
pub(super) fn cheapest(twelve: CardSet, higher: &[AuctionBid]) -> Option<BidMove> {
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
        TablePlayer {
            reason: None,
            level,
            seed,
            solver: Solver::new(),
            exec: None,
            advisor: matches!(level, TableLevel::Normal | TableLevel::Strong),
            cheater: super::DoubleDummy::new(),
            inference: level == TableLevel::Strong,
            steps: None,
            picked_up: false,
            model: AuctionModel::of(level),
        }
    }

    /// Did its last decision by [`super::decide`] pick up the talon? True for a bid after
    /// the opening (the holder's raise included) and for a pick-up that found no playable
    /// higher bid and passed (RULES.md, Auction, item 2); false for the forehand's opening
    /// bid (its twelve are its own) and every other decision. A live table shows the pick-up
    /// to the other seats, which the record's `pass` alone does not. (Not tracked for the
    /// cheater.)
    #[must_use]
    pub fn picked_up(&self) -> bool {
        self.picked_up
    }

    /// The same player without auction inference: its layouts of the play uniform among
    /// those the rules and the cards played allow (for measuring what the inference is
    /// worth).
    #[must_use]
    pub fn without_inference(mut self) -> TablePlayer {
        self.inference = false;
        self
    }

    /// The same player weighing the auction by `model` (for measuring a shortcut).
    #[must_use]
    pub fn with_auction_model(mut self, model: AuctionModel) -> TablePlayer {
        self.model = model;
        self
    }

    /// How it weighs a pick-up against passing.
    #[must_use]
    pub fn auction_model(&self) -> AuctionModel {
        self.model
    }

    /// Whether it weighs the layouts of the play by the auction
    /// ([`crate::advise::Evidence`]).
    #[must_use]
    pub fn inference(&self) -> bool {
        self.inference
    }

    /// Run the advisor's solves on `exec` (for instance a thread pool): the decisions stay the
    /// same, as an executor returns every task's result in task order.
    #[must_use]
    pub fn with_executor(mut self, exec: Box<dyn Executor + Send>) -> TablePlayer {
        self.exec = Some(exec);
        self
    }

    /// What runs the advisor's solves.
    pub(super) fn executor(&mut self) -> &mut dyn Executor {
        match &mut self.exec {
            Some(e) => e.as_mut(),
            None => &mut self.solver,
        }
    }

    /// Decide from now on with `seed` (a warm player serving requests with their own seeds
    /// decides as a fresh one with that seed would).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> TableLevel {
        self.level
    }

    pub(super) fn samples(&self) -> Samples {
        if self.level == TableLevel::Strong {
            // At the table a strong bid follows a pick-up decision in the same turn: 24
            // samples per finalist discard and 24 confirming the leading rows (the others on
            // 16, as calibrated) keep that turn near 1 s at p90 on two threads.
            Samples {
                bid: 24,
                confirm: 24,
                rest: 16,
                ..Samples::STRONG
            }
        } else {
            Samples::NORMAL
        }
    }

    pub(super) fn seed_for(&self, view: &TableView, tag: u64) -> u64 {
        decision_seed(self.seed ^ tag, Decision::Card(view.public.len()))
    }
}
