//! A compound bid's verdict in words, from the player's side: the soloist "keeps the ulti,
//! loses the 40-100"; a defender "beats the 40-100, lets the ulti through"; then the score as
//! `ulti solve` prints it.

use ulti_engine::Card;

use super::{card_name, contract_part, tr_with, with_article};
use crate::model::lang::Lang;
use crate::model::puzzles::Goal;
use crate::model::puzzles::verdict::Outcome;

/// What the card does to each part, from the player's side.
#[must_use]
pub fn compound_parts(lang: Lang, o: &Outcome, goal: Goal) -> String {
    o.parts
        .iter()
        .map(|p| {
            let key = match (goal, p.won) {
                (Goal::Make, true) => "puzzles.part_keeps",
                (Goal::Make, false) => "puzzles.part_loses",
                (Goal::Beat, true) => "puzzles.part_lets_through",
                (Goal::Beat, false) => "puzzles.part_beats",
            };
            tr_with(
                lang,
                key,
                &[(
                    "part",
                    &with_article(lang, &contract_part(lang, p.contract)),
                )],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The whole verdict: "✘ Wrong: Nine of Acorns beats the 40-100, lets the ulti through:
/// +0 (40-100 ✘ -4, ulti ✔ +4) per defender."
#[must_use]
pub fn compound_verdict(lang: Lang, o: &Outcome, goal: Goal, card: Card, right: bool) -> String {
    let key = if right {
        "puzzles.right_compound"
    } else {
        "puzzles.wrong_compound"
    };
    tr_with(
        lang,
        key,
        &[
            ("card", &with_article(lang, &card_name(lang, card))),
            ("parts", &compound_parts(lang, o, goal)),
            ("score", &o.score()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use ulti_engine::{ComponentResult, Contract};

    use super::*;

    fn c(contract: Contract, won: bool, payoff: i32) -> ComponentResult {
        ComponentResult {
            contract,
            won,
            payoff,
        }
    }

    #[test]
    fn every_compound_kind_in_plain_words_from_both_sides() {
        let cases = [
            vec![
                c(Contract::Negyven100, false, -4),
                c(Contract::Ulti, true, 4),
            ],
            vec![
                c(Contract::Ulti, false, -8),
                c(Contract::DurchmarsAdu, true, 6),
            ],
            vec![c(Contract::Husz100, true, 8), c(Contract::Ulti, false, -8)],
            vec![
                c(Contract::Negyven100, true, 4),
                c(Contract::DurchmarsAdu, false, -6),
            ],
            vec![
                c(Contract::Husz100, true, 8),
                c(Contract::Ulti, true, 4),
                c(Contract::DurchmarsAdu, false, -6),
            ],
        ];
        for comps in cases {
            let payoff = comps.iter().map(|p| p.payoff).sum();
            let o = Outcome::from_components(payoff, &comps).expect("a compound bid");
            let soloist = compound_parts(Lang::En, &o, Goal::Make);
            let defender = compound_parts(Lang::En, &o, Goal::Beat);
            for part in &comps {
                let name = contract_part(Lang::En, part.contract);
                let (s, d) = if part.won {
                    (
                        format!("keeps the {name}"),
                        format!("lets the {name} through"),
                    )
                } else {
                    (format!("loses the {name}"), format!("beats the {name}"))
                };
                assert!(soloist.contains(&s), "{soloist:?} lacks {s:?}");
                assert!(defender.contains(&d), "{defender:?} lacks {d:?}");
            }
            for lang in [Lang::En, Lang::Hu] {
                let w = compound_verdict(lang, &o, Goal::Beat, "M9".parse().unwrap(), false);
                assert!(w.starts_with('✘') && w.contains(&o.score()), "{w}");
            }
        }
    }

    #[test]
    fn the_nine_of_acorns_in_99ad5968_in_words() {
        let o = Outcome::from_components(
            0,
            &[
                c(Contract::Negyven100, false, -4),
                c(Contract::Ulti, true, 4),
            ],
        )
        .unwrap();
        assert_eq!(
            compound_verdict(Lang::En, &o, Goal::Beat, "M9".parse().unwrap(), false),
            "✘ Wrong: Nine of Acorns beats the 40-100, lets the ulti through: \
             +0 (40-100 ✘ -4, ulti ✔ +4) per defender."
        );
    }
}
