//! Compound bids: the game-theoretic payoff by narrowing zero-window tests, and
//! [`Solver::payoff_within`] for a payoff known to lie between bounds.

use crate::rules::Game;

use super::{
    Solver, goal::Goal, line::Mode, line::Second, query::CardValue, query::ComponentResult,
    query::Query, query::Solution,
};

impl Solver {
    pub(super) fn solve_compound(&mut self, q: &Query, g: &Game, sol: &mut Solution) {
        self.setup(&q.deal, &q.played, Goal::Payoff);
        let v = self.exact();
        let best: i32 = self.spec.comps.iter().map(|c| c.win).sum();
        sol.payoff = Some(v);
        sol.soloist_wins = Some(v == best);
        if q.all_cards {
            for card in g.legal_cards().iter() {
                self.make(self.layout.int(card));
                let p = self.exact();
                self.unmake();
                sol.cards.push(CardValue {
                    card,
                    soloist_wins: p == best,
                    soloist_points: None,
                    payoff: Some(p),
                });
            }
        }
        if !q.line {
            return;
        }
        sol.line = self.line(q, Mode::Exact(v), Some(Second::Points));
        // Each component's outcome on the line.
        let mut end = g.clone();
        for &c in &sol.line {
            end.play(c).expect("the solver's line is legal");
        }
        sol.components = self
            .spec
            .comps
            .iter()
            .map(|comp| {
                let won = end.outcome(comp.contract);
                ComponentResult {
                    contract: comp.contract,
                    won,
                    payoff: if won { comp.win } else { comp.lose },
                }
            })
            .collect();
    }

    /// A bid's payoff from the start of play (no line, no cards) when it is known to lie in
    /// `lo..=hi`, and whether the soloist wins every component: zero-window tests at the
    /// payoffs that component outcomes can add up to in that range only (for two components
    /// with one bound from each side, a single test). The answer is [`Solver::solve`]'s
    /// payoff whenever the bounds hold. `q` is played from the start and must be playable.
    pub(crate) fn payoff_within(&mut self, q: &Query, mut lo: i32, mut hi: i32) -> (bool, i32) {
        debug_assert!(q.played.is_empty() && q.bid.unplayable_reason(&q.deal).is_none());
        self.nodes = 0;
        self.configure(q);
        self.setup(&q.deal, &[], Goal::Payoff);
        let comps = &self.spec.comps;
        let best: i32 = comps.iter().map(|c| c.win).sum();
        let mut values: Vec<i32> = (0..1u32 << comps.len())
            .map(|m| {
                comps
                    .iter()
                    .enumerate()
                    .map(|(i, c)| if m >> i & 1 != 0 { c.win } else { c.lose })
                    .sum()
            })
            .collect();
        values.sort_unstable();
        values.dedup();
        loop {
            let open: Vec<i32> = values
                .iter()
                .copied()
                .filter(|v| (lo..=hi).contains(v))
                .collect();
            debug_assert!(!open.is_empty(), "the payoff lies outside its bounds");
            if open.len() <= 1 {
                let v = open.first().copied().unwrap_or(lo);
                return (v == best, v);
            }
            let need = open[open.len() / 2];
            let v = self.probe_value(need);
            if v >= need {
                lo = v;
            } else {
                hi = v;
            }
        }
    }
}
