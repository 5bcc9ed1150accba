//! A compound bid's verdict after a card: each part made or lost and the payoff, as
//! `ulti solve` shows them ("+0 (40-100 ✘ -4, ulti ✔ +4)"), and the same in plain words
//! from the player's side ("keeps the ulti", "lets the 40-100 through").

use ulti_engine::{Card, ComponentResult, Contract, Solution};

use super::Goal;
use crate::i18n::{Lang, card_name, contract_part, tr_with};

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

    /// What the card does to each part, from the player's side: the soloist "keeps the ulti,
    /// loses the 40-100"; a defender "beats the 40-100, lets the ulti through".
    #[must_use]
    pub fn parts_words(&self, lang: Lang, goal: Goal) -> String {
        self.parts
            .iter()
            .map(|p| {
                let key = match (goal, p.won) {
                    (Goal::Make, true) => "puzzles.part_keeps",
                    (Goal::Make, false) => "puzzles.part_loses",
                    (Goal::Beat, true) => "puzzles.part_lets_through",
                    (Goal::Beat, false) => "puzzles.part_beats",
                };
                tr_with(lang, key, &[("part", &contract_part(lang, p.contract))])
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The whole verdict: "✘ Wrong: Nine of Acorns beats the 40-100, lets the ulti through:
    /// +0 per defender (40-100 ✘ -4, ulti ✔ +4)."
    #[must_use]
    pub fn words(&self, lang: Lang, goal: Goal, card: Card, right: bool) -> String {
        let key = if right {
            "puzzles.right_compound"
        } else {
            "puzzles.wrong_compound"
        };
        tr_with(
            lang,
            key,
            &[
                ("card", &card_name(lang, card)),
                ("parts", &self.parts_words(lang, goal)),
                ("score", &self.score()),
            ],
        )
    }
}
