//! A compound bid's verdict after a card: each part made or lost and the payoff, as
//! `ulti solve` shows them ("+0 (40-100 ✘ -4, ulti ✔ +4)"), the words are
//! `crate::i18n::compound_verdict`'s.

use ulti_engine::{ComponentResult, Contract, Solution};

/// A compound bid's outcome after a card, under best play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The payoff per defender (positive: the soloist is paid).
    pub payoff: i32,
    /// Each part, in the bid's order.
    pub parts: Vec<ComponentResult>,
}

impl Outcome {
    /// The outcome of a solved position (with its line): `None` for a bid of one part.
    #[must_use]
    pub fn of(sol: &Solution) -> Option<Outcome> {
        Outcome::from_components(sol.payoff?, &sol.components)
    }

    /// The outcome from the payoff and the parts on the solver's line; `None` for fewer
    /// than two parts (a single contract's verdict needs no parts).
    #[must_use]
    pub fn from_components(payoff: i32, comps: &[ComponentResult]) -> Option<Outcome> {
        (comps.len() >= 2).then(|| Outcome {
            payoff,
            parts: comps.to_vec(),
        })
    }

    /// The score as `ulti solve` writes it: "+0 (40-100 ✘ -4, ulti ✔ +4)".
    #[must_use]
    pub fn score(&self) -> String {
        ComponentResult::score(self.payoff, &self.parts)
    }

    /// The parts the soloist makes.
    pub fn made(&self) -> impl Iterator<Item = Contract> + '_ {
        self.parts.iter().filter(|p| p.won).map(|p| p.contract)
    }

    /// The parts the soloist loses.
    pub fn lost(&self) -> impl Iterator<Item = Contract> + '_ {
        self.parts.iter().filter(|p| !p.won).map(|p| p.contract)
    }
}
