//! The table players' auction: pass or pick up, the discard and the bid after picking up, the
//! holder's stand or raise, the forehand's opening pass (see [`super::table`]).

use rand::seq::SliceRandom;

use crate::advise::{BidOptions, advise_bid_among, real_play_payoff, rng_for};
use crate::bids::Announcement;
use crate::card::{Card, CardSet, Rank, Suit};
use crate::rules::RuleOptions;
use crate::whole_game::{AuctionBid, TableView};

use super::easy::easy_bid;
use super::holder::{
    Holder, choice_tasks, defence_outcomes, defence_tasks, rechoose, sample_holders,
};
use super::table::{
    AuctionMove, BidMove, Reason, TableLevel, TablePlayer, Weighed, cheapest, row_bid,
};
use super::table_seat::auction_so_far;

/// One row of the bid advice as the auction reads it.
pub(super) struct Row {
    /// The bid.
    pub bid: AuctionBid,
    /// Its trump (for a bid that names one).
    pub trump: Option<Suit>,
    /// Expected payoff per defender.
    pub payoff: f64,
    /// The discard.
    pub discard: [Card; 2],
    /// The soloist's win rate.
    pub win: f64,
}

/// The forehand's opening: no word said yet, its twelve cards in hand (it bids from them).
fn is_opening(view: &TableView) -> bool {
    view.public.is_empty() && view.hand.len() == 12
}

/// Can the holder raise: is one of `higher` playable with some discard of the twelve it knows
/// (its ten and the talon it laid down)?
fn raise_in_view(view: &TableView, higher: &[AuctionBid]) -> bool {
    let Some(talon) = view.known_talon else {
        return false;
    };
    let twelve = CardSet(view.hand.0 | talon.0);
    higher.iter().any(|b| b.discard_for(twelve).is_some())
}

impl TablePlayer {
    /// The advisor's rows for `twelve` among the bids of `among`: (bid, trump, expected
    /// payoff, discard, win rate), best first. Only those bids are raced: the samples and the
    /// confirmation go to the bids the seat may say.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn rows(
        &mut self,
        view: &TableView,
        twelve: CardSet,
        among: &[AuctionBid],
        samples: u32,
        confirm: u32,
        rest: u32,
        seed: u64,
    ) -> Vec<Row> {
        // A strong player weighs the other seats' hands by what they said so far, with this
        // seat as the soloist.
        let evidence =
            (self.inference && self.model.race_evidence).then(|| auction_so_far(view, view.seat));
        let opts = BidOptions {
            samples,
            seed,
            rules: view.rules.play(),
            confirm,
            rest,
            evidence,
        };
        let allowed = |a: &Announcement| row_bid(&a.id()).is_some_and(|(b, _)| among.contains(&b));
        // A stepping player's races run elsewhere ([`super::auction_step`]).
        let advice = match &mut self.steps {
            Some(steps) => steps.advice(twelve, &opts, &allowed).ok().flatten(),
            None => advise_bid_among(twelve, &opts, &allowed, self.executor()).ok(),
        };
        let Some(advice) = advice else {
            return Vec::new();
        };
        advice
            .bids
            .iter()
            .filter_map(|r| {
                let (b, t) = row_bid(&r.id)?;
                let open = r.stats.expected_payoff;
                let payoff = if self.model.real_play {
                    let a = b.announcement(t.unwrap_or(Suit::Zold));
                    real_play_payoff(&a, open, r.stats.win_prob)
                } else {
                    open
                };
                Some(Row {
                    bid: b,
                    trump: t,
                    payoff,
                    discard: r.discard,
                    win: r.stats.win_prob,
                })
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
        self.reason = None;
        if is_opening(view) {
            return AuctionMove::Bid;
        }
        if holder_turn && !raise_in_view(view, higher) {
            // RULES.md, Auction, item 2: no raise is playable from its twelve; it stands.
            return AuctionMove::Stand;
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
                } else {
                    AuctionMove::Pass
                }
            }
            TableLevel::Normal | TableLevel::Strong => {
                if holder_turn {
                    // It knows its twelve: its ten and the talon it laid down.
                    let Some(talon) = view.known_talon else {
                        return AuctionMove::Stand;
                    };
                    let twelve = CardSet(view.hand.0 | talon.0);
                    let among: Vec<AuctionBid> = higher.iter().chain(standing).cloned().collect();
                    let rows = self.rows(
                        view,
                        twelve,
                        &among,
                        self.auction_samples(),
                        0,
                        0,
                        self.seed_for(view, 1),
                    );
                    let own = standing
                        .and_then(|s| rows.iter().find(|r| &r.bid == s))
                        .map_or(f64::NEG_INFINITY, |r| r.payoff);
                    let best = rows
                        .iter()
                        .find(|r| higher.contains(&r.bid))
                        .map_or(f64::NEG_INFINITY, |r| r.payoff);
                    let (raise, stand) = (
                        Weighed {
                            action: "raise".into(),
                            win_prob: None,
                            expected_payoff: Some(best),
                        },
                        Weighed {
                            action: "stand".into(),
                            win_prob: None,
                            expected_payoff: Some(own),
                        },
                    );
                    return if best > own + 1.0 {
                        self.reason = Some(Reason {
                            chosen: raise,
                            runner_up: Some(stand),
                        });
                        AuctionMove::Bid
                    } else {
                        self.reason = Some(Reason {
                            chosen: stand,
                            runner_up: Some(raise),
                        });
                        AuctionMove::Stand
                    };
                }
                // The holder as this seat imagines it: its cards drawn with what the auction
                // said, its discard and the trump it would name.
                let model = self.model;
                let mut holders = match view.standing() {
                    Some((holder, bid)) if model.holder_defence || model.holder_talons => {
                        sample_holders(
                            view,
                            holder,
                            &bid,
                            self.defence_samples(),
                            self.seed_for(view, 4),
                        )
                    }
                    _ => Vec::new(),
                };
                if let (true, Some(bid)) = (model.holder_value, standing) {
                    let (tasks, index) = choice_tasks(&holders, bid, rules, self.seed_for(view, 5));
                    let results = match &mut self.steps {
                        Some(steps) => steps.solves(tasks),
                        None => Some(self.executor().run_all(&tasks)),
                    };
                    // A stepping player meets these solves first: the talons and layouts
                    // below depend on them.
                    let Some(results) = results else {
                        return AuctionMove::Pass;
                    };
                    holders = rechoose(holders, &index, &results);
                }
                // Sampled talons: those the holders laid down, or two of the unseen cards.
                let tries = self.level.pickup_tries();
                let mut total = 0.0;
                for k in 0..tries {
                    let talon = holders
                        .get(k as usize)
                        .filter(|_| model.holder_talons)
                        .map_or_else(|| self.uniform_talon(view, k), |h| h.talon);
                    total += self.pickup_value(view, higher, talon, k);
                }
                let own = total / f64::from(tries);
                // Defending the standing bid: solved on the holders' layouts; without them,
                // about a fifth of its value (bidders win slightly more often than not).
                let fifth = -0.2 * f64::from(standing.map_or(0, AuctionBid::value));
                let defend = match standing {
                    Some(bid) if model.holder_defence => {
                        self.defence(&holders, bid, rules).unwrap_or(fifth)
                    }
                    _ => fifth,
                };
                // The seat's money: twice the payoff as soloist, or its share of defending.
                let (pick, pass) = (
                    Weighed {
                        action: "pick up".into(),
                        win_prob: None,
                        expected_payoff: Some(2.0 * own),
                    },
                    Weighed {
                        action: "pass".into(),
                        win_prob: None,
                        expected_payoff: Some(defend),
                    },
                );
                if 2.0 * own > defend && own > 0.0 {
                    self.reason = Some(Reason {
                        chosen: pick,
                        runner_up: Some(pass),
                    });
                    AuctionMove::Bid
                } else {
                    self.reason = Some(Reason {
                        chosen: pass,
                        runner_up: Some(pick),
                    });
                    AuctionMove::Pass
                }
            }
        }
    }

    /// Samples per discard of the races before the talon is bid on (a pick-up's sampled
    /// talon, the holder's stand or raise): strong 8, normal 4.
    pub(super) fn auction_samples(&self) -> u32 {
        if self.level == TableLevel::Strong {
            8
        } else {
            4
        }
    }

    /// Layouts of the holder's hand a pick-up decision weighs: strong 16, normal 8.
    pub(super) fn defence_samples(&self) -> u32 {
        if self.level == TableLevel::Strong {
            16
        } else {
            8
        }
    }

    /// The seat's money as a defender of `bid` against `holders` (`None` without a playable
    /// layout). A stepping player's solves run elsewhere.
    fn defence(&mut self, holders: &[Holder], bid: &AuctionBid, rules: RuleOptions) -> Option<f64> {
        let tasks = defence_tasks(holders, bid, rules);
        let results = match &mut self.steps {
            Some(steps) => steps.solves(tasks)?,
            None => self.executor().run_all(&tasks),
        };
        let outcomes = defence_outcomes(&results);
        if outcomes.is_empty() {
            return None;
        }
        let n = outcomes.len() as f64;
        let money = outcomes.iter().map(|o| o.1).sum::<f64>() / n;
        if !self.model.real_play {
            return Some(money);
        }
        // The holder's made rate on these layouts, moved to its rate in play.
        let open = outcomes.iter().filter(|o| o.0).count() as f64 / n;
        let a = bid.announcement(holders.first()?.deal.trump);
        Some(-real_play_payoff(&a, -money, open))
    }

    /// Talon `k` of a pick-up decision drawn uniformly from the cards it cannot see (the k-th
    /// shuffle of one stream).
    pub(super) fn uniform_talon(&self, view: &TableView, k: u32) -> [Card; 2] {
        let mut unseen: Vec<Card> = Card::all().filter(|&c| !view.hand.contains(c)).collect();
        let mut rng = rng_for(self.seed_for(view, 2), 0);
        for _ in 0..=k {
            unseen.shuffle(&mut rng);
        }
        [unseen[0], unseen[1]]
    }

    /// Sampled talon `k` of a pick-up decision (`k < TableLevel::pickup_tries`): the expected
    /// payoff per defender of the best overcall with its ten cards and that talon (minus the
    /// cheapest overcall's value when none is playable); on fresh samples for the leading
    /// rows unless the model keeps the racing ones.
    pub(super) fn pickup_value(
        &mut self,
        view: &TableView,
        higher: &[AuctionBid],
        talon: [Card; 2],
        k: u32,
    ) -> f64 {
        let twelve = CardSet(view.hand.0 | talon[0].bit() | talon[1].bit());
        let samples = self.auction_samples();
        let confirm = if self.model.confirmed_pickup {
            samples
        } else {
            0
        };
        let rows = self.rows(
            view,
            twelve,
            higher,
            samples,
            confirm,
            0,
            self.seed_for(view, 3 + u64::from(k)),
        );
        rows.iter()
            .find(|r| higher.contains(&r.bid))
            .map_or(-(higher.first().map_or(5, AuctionBid::value) as f64), |r| {
                r.payoff
            })
    }

    /// The discard and bid with the twelve cards now held (after picking up, or the forehand's
    /// opening), among `higher` (any ladder bid for an opening).
    pub fn bid_with(
        &mut self,
        view: &TableView,
        twelve: CardSet,
        higher: &[AuctionBid],
    ) -> Option<BidMove> {
        self.reason = None;
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
                // No fresh samples for the rows after the leading ones: they are ranked after
                // those whatever they show, and the table takes the best playable row.
                let rows = self.rows(
                    view,
                    twelve,
                    higher,
                    s.bid,
                    s.confirm,
                    0,
                    self.seed_for(view, 9),
                );
                let mut legal = rows.into_iter().filter(|r| {
                    let talon: CardSet = r.discard.iter().copied().collect();
                    let hand = CardSet(twelve.0 & !talon.0);
                    higher.contains(&r.bid) && !r.bid.playable_trumps(hand, talon).is_empty()
                });
                let weigh = |r: &Row| Weighed {
                    action: format!("bid {} {},{}", r.bid, r.discard[0], r.discard[1]),
                    win_prob: Some(r.win),
                    expected_payoff: Some(r.payoff),
                };
                let first = legal.next();
                if let Some(f) = &first {
                    self.reason = Some(Reason {
                        chosen: weigh(f),
                        runner_up: legal.next().as_ref().map(weigh),
                    });
                }
                first.map(|r| BidMove {
                    trump: r.trump.filter(|_| r.bid.names_trump()),
                    bid: r.bid,
                    discard: r.discard,
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
}
