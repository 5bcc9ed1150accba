//! The table players in the play: naming the trump, kontra and its answers, the cards (see
//! [`super::table`]).

use rand::seq::SliceRandom;

use crate::advise::{
    BidFamily, CardOptions, Sampler, SeatView, advise_card, real_play_rate, rng_for,
};
use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Bid, Contract};
use crate::deal::Deal;
use crate::players::{Decision, Player, decision_seed};
use crate::rules::RuleOptions;
use crate::solver::{Query, Question, Solver};
use crate::whole_game::{AuctionBid, TableView};

use super::easy::Easy;
use super::table::{Reason, TableLevel, TablePlayer, Weighed};

impl TablePlayer {
    /// The trump to name for `bid` among `options`, from the soloist's view (its ten cards and
    /// the talon it laid down). Easy: the option it holds most of (then the strongest);
    /// normal and strong: the option with the best mean payoff over sampled layouts of the
    /// defenders' cards, each solved exactly.
    pub fn trump(&mut self, view: &TableView, bid: &AuctionBid, options: &[Suit]) -> Suit {
        self.reason = None;
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
        let weigh = |i: usize| Weighed {
            action: format!("trump {}", options[i].letter()),
            win_prob: None,
            expected_payoff: Some(sums[i] as f64 / f64::from(n)),
        };
        let second = (0..options.len())
            .filter(|&i| i != best)
            .max_by_key(|&i| sums[i]);
        self.reason = Some(Reason {
            chosen: weigh(best),
            runner_up: second.map(weigh),
        });
        options[best]
    }

    /// Which of `units` to double at this moment, from the seat's view of the play
    /// (`soloist`: answering as the soloist).
    pub fn kontra(&mut self, view: &SeatView, units: &[Contract], soloist: bool) -> Vec<Contract> {
        self.reason = None;
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
                    let won = units_won(&mut self.solver, deal, view.played(), view.rules(), units);
                    for (w, won) in wins.iter_mut().zip(won) {
                        *w += u32::from(won);
                    }
                }
                if got == 0 {
                    return Vec::new();
                }
                let open = |i: usize| f64::from(wins[i]) / f64::from(got);
                let p = |i: usize| {
                    if self.model.real_play_kontra {
                        real_play_rate(BidFamily::of(&Bid::single(units[i])), open(i))
                    } else {
                        open(i)
                    }
                };
                let picked: Vec<Contract> = (0..units.len())
                    .filter(|&i| if soloist { p(i) > 0.6 } else { p(i) < 0.4 })
                    .map(|i| units[i])
                    .collect();
                // The unit closest to the threshold stands for the decision's numbers.
                let key = (0..units.len())
                    .min_by(|&a, &b| {
                        let d = |i: usize| if soloist { 1.0 - p(i) } else { p(i) };
                        d(a).total_cmp(&d(b))
                    })
                    .unwrap_or(0);
                let said = Weighed {
                    action: format!("double {}", units[key]),
                    win_prob: Some(p(key)),
                    expected_payoff: None,
                };
                let quiet = Weighed {
                    action: "no kontra".into(),
                    win_prob: Some(p(key)),
                    expected_payoff: None,
                };
                self.reason = Some(if picked.is_empty() {
                    Reason {
                        chosen: quiet,
                        runner_up: Some(said),
                    }
                } else {
                    Reason {
                        chosen: said,
                        runner_up: Some(quiet),
                    }
                });
                picked
            }
        }
    }

    /// A card from the seat's view.
    ///
    /// # Panics
    /// If the view's seat has no legal card (the driver asks only the seat to move).
    pub fn card(&mut self, view: &SeatView) -> Card {
        self.reason = None;
        let legal = view.legal_cards();
        let first = || legal.iter().next().expect("a legal card");
        if !self.advisor || legal.len() == 1 {
            return Easy::new().card(view).unwrap_or_else(|_| first());
        }
        // As the advisor player: its samples for this trick and its decision seed.
        let opts = CardOptions {
            samples: self.samples().for_card(view.played().len()),
            seed: decision_seed(self.seed, Decision::Card(view.played().len())),
            points: false,
        };
        let Ok(advice) = advise_card(view, &opts, self.executor()) else {
            return first();
        };
        let weigh = |r: &crate::advise::CardRow| Weighed {
            action: format!("card {}", r.card),
            win_prob: Some(r.stats.win_prob),
            expected_payoff: Some(r.stats.expected_payoff),
        };
        if let Some(top) = advice.cards.first() {
            self.reason = Some(Reason {
                chosen: weigh(top),
                runner_up: advice.cards.get(1).map(weigh),
            });
        }
        advice.cards.first().map_or_else(first, |r| r.card)
    }
}

/// Whether the soloist makes each of `units` alone on `deal` with `played` played, open (a
/// unit whose solve fails counts as lost): what a kontra weighs on one layout.
pub(super) fn units_won(
    solver: &mut Solver,
    deal: Deal,
    played: &[Card],
    rules: RuleOptions,
    units: &[Contract],
) -> Vec<bool> {
    units
        .iter()
        .map(|&u| {
            let mut q = Query::new(deal, Bid::single(u));
            q.played = played.to_vec();
            q.rules = rules;
            q.line = false;
            q.question = Question::WinLose;
            solver.solve(&q).is_ok_and(|s| s.soloist_wins == Some(true))
        })
        .collect()
}
