//! The double-dummy "cheater": the ceiling `ulti match` measures the players against. It
//! sees every card — the full deal is its explicit input — so it is not a [`super::Player`]
//! and must never sit at a table with a person.

use crate::advise::{Executor, Task, announcements, discards};
use crate::bids::Announcement;
use crate::card::{Card, CardSet};
use crate::deal::{Deal, SOLOIST};
use crate::rules::{Game, RuleOptions};
use crate::solver::{CardValue, Query, SolveError, Solver};

use super::BidChoice;

/// Plays every decision with all thirty cards in view, by exact search.
pub struct DoubleDummy {
    solver: Solver,
}

impl Default for DoubleDummy {
    fn default() -> DoubleDummy {
        DoubleDummy::new()
    }
}

impl DoubleDummy {
    /// A cheater with its own solver.
    #[must_use]
    pub fn new() -> DoubleDummy {
        DoubleDummy {
            solver: Solver::new(),
        }
    }

    /// Its solver, for exact questions of its own (the whole game's auction and kontra).
    pub fn solver_mut(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// The discard and announcement with the highest payoff under best play on the actual
    /// `deal` (seat 0's hand and the talon as dealt, the defenders' hands): every discard ×
    /// every standard bid solved exactly. Ties go to the first in the fixed order.
    pub fn bid(&mut self, deal: &Deal, rules: RuleOptions) -> BidChoice {
        let twelve = CardSet(deal.hand(SOLOIST).0 | deal.talon().0);
        let ds = discards(twelve);
        let tasks = Task::every_discard(deal, rules);
        let results = self.solver.run_all(&tasks);
        let mut best: Option<(i32, usize, usize)> = None;
        for (d, r) in results.iter().enumerate() {
            let outcomes = r.bid_outcomes().expect("bid tasks answer with bids");
            for (a, o) in outcomes.iter().enumerate() {
                if let Some((_, p)) = o
                    && best.is_none_or(|(b, _, _)| *p > b)
                {
                    best = Some((*p, d, a));
                }
            }
        }
        let (_, d, a) = best.expect("passz is playable with any hand");
        BidChoice {
            discard: ds[d],
            announcement: announcements()[a].clone(),
        }
    }

    /// The best card for the player to move on the actual `deal` (after the discard, with the
    /// announcement's trump) after `played`: the highest payoff after it for the soloist, the
    /// lowest for a defender; ties go to the first legal card in the solver's order.
    ///
    /// # Errors
    /// A played card that breaks a rule.
    ///
    /// # Panics
    /// If all ten tricks are over (there is no card to choose).
    pub fn card(
        &mut self,
        deal: &Deal,
        announcement: &Announcement,
        played: &[Card],
        rules: RuleOptions,
    ) -> Result<Card, SolveError> {
        let mut g = Game::new(deal, &announcement.bid, rules);
        for (i, &card) in played.iter().enumerate() {
            g.play(card).map_err(|error| SolveError::IllegalPlay {
                index: i + 1,
                card,
                error,
            })?;
        }
        assert!(!g.is_over(), "all ten tricks are over: no card to choose");
        let mut q = Query::new(*deal, announcement.bid.clone());
        q.played = played.to_vec();
        q.rules = rules;
        q.scoring = announcement.scoring;
        q.all_cards = true;
        q.line = false;
        q.payoff = true;
        let sol = self.solver.solve(&q)?;
        let soloist = g.to_move() == SOLOIST;
        let value = |c: &CardValue| {
            let p = c.payoff.unwrap_or(i32::from(c.soloist_wins));
            if soloist { p } else { -p }
        };
        let mut best: Option<(i32, Card)> = None;
        for v in &sol.cards {
            if best.is_none_or(|(b, _)| value(v) > b) {
                best = Some((value(v), v.card));
            }
        }
        Ok(best
            .expect("a position with a player to move has a legal card")
            .1)
    }
}
