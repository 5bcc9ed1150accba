//! A compound bid's verdict in words, from the player's side: the soloist "keeps the ulti,
//! loses the 40-100"; a defender "beats the 40-100, lets the ulti through"; then the score as
//! `ulti solve` prints it.

use ulti_engine::Card;
use ulti_engine::puzzles::Verdict;
use ulti_engine::puzzles::turning::Turning;

use super::{card_name, contract_part, seat_name, tr_with, with_article};
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

/// Where a refutation turns, in one line: "Trick 7 decides it: Defender 2 plays the Nine
/// of Leaves. From then on the ulti is lost whatever anyone plays. It shows in trick 9
/// (Soloist: Seven of Leaves)." `bid` is the bid's name, for a verdict no single part
/// decides.
#[must_use]
pub fn turning_words(lang: Lang, t: &Turning, bid: &str) -> String {
    let plays = t
        .cards
        .iter()
        .map(|&(seat, card, forced)| {
            let key = if forced {
                "puzzles.turning_forced"
            } else {
                "puzzles.turning_play"
            };
            tr_with(
                lang,
                key,
                &[
                    ("seat", &seat_name(lang, seat)),
                    ("card", &card_name(lang, card)),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let outcome = match (t.part, t.verdict) {
        (Some(c), _) => about_part(
            lang,
            if t.made {
                "puzzles.turning_made"
            } else {
                "puzzles.turning_lost"
            },
            &contract_part(lang, c),
        ),
        (None, Some(v)) => about_part(
            lang,
            if v == Verdict::SoloistWins {
                "puzzles.turning_made"
            } else {
                "puzzles.turning_lost"
            },
            bid,
        ),
        (None, None) => about_part(lang, "puzzles.turning_zero", bid),
    };
    let mut s = tr_with(
        lang,
        "puzzles.turning",
        &[
            ("n", &nth(lang, t.trick, true)),
            ("plays", &plays),
            ("outcome", &outcome),
        ],
    );
    let (at, trick, seat, card) = t.shows;
    if at > t.at {
        s.push(' ');
        s.push_str(&tr_with(
            lang,
            "puzzles.turning_shows",
            &[
                ("n", &nth(lang, trick, true)),
                ("seat", &seat_name(lang, seat)),
                ("card", &card_name(lang, card)),
            ],
        ));
    }
    s
}

/// Trick `n` as the catalogue's `%{n}` takes it: the number in English ("trick 8" is in the
/// sentence), in Hungarian with its article, "a 8." or "az 5." (capitalised at a
/// sentence's start: "A 8. ütés dönt").
#[must_use]
pub fn nth(lang: Lang, n: usize, sentence_start: bool) -> String {
    match lang {
        Lang::En => n.to_string(),
        Lang::Hu if sentence_start => capitalised(&with_article(lang, &format!("{n}."))),
        Lang::Hu => with_article(lang, &format!("{n}.")),
    }
}

/// `key`'s words about `part`, named with the article its language puts there ("az ulti";
/// English sentences hold their own "the").
fn about_part(lang: Lang, key: &str, part: &str) -> String {
    tr_with(lang, key, &[("part", &with_article(lang, part))])
}

/// `s` with its first letter in capitals (a sentence's start).
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
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

    #[test]
    fn a_turning_trick_in_one_line_in_both_languages() {
        let card = |s: &str| s.parse::<Card>().unwrap();
        let t = Turning {
            trick: 7,
            cards: vec![(2, card("Z9"), false)],
            part: Some(Contract::Ulti),
            verdict: Some(ulti_engine::puzzles::Verdict::SoloistLoses),
            made: false,
            shows: (11, 9, 0, card("Z7")),
            at: 3,
        };
        let name = |c: &str| card_name(Lang::En, card(c));
        assert_eq!(
            turning_words(Lang::En, &t, "Ulti"),
            format!(
                "Trick 7 decides it: Defender 2 plays the {}. From then on the {} is lost \
                 whatever anyone plays. It shows in trick 9 (Soloist: {}).",
                name("Z9"),
                contract_part(Lang::En, Contract::Ulti),
                name("Z7"),
            )
        );
        let hu = turning_words(Lang::Hu, &t, "Ulti");
        assert!(hu.starts_with("A 7. ütés dönt"), "{hu}");
        assert!(hu.contains("A 9. ütésben"), "{hu}");
        assert!(hu.contains("elbukik az ulti"), "{hu}");
        assert!(!hu.contains("a(z)") && !hu.contains("A(z)"), "{hu}");
        let fifth = turning_words(
            Lang::Hu,
            &Turning {
                trick: 5,
                ..t.clone()
            },
            "Ulti",
        );
        assert!(fifth.starts_with("Az 5. ütés dönt"), "{fifth}");
        // Decided where it shows, by a forced card: no second sentence, "must".
        let forced = Turning {
            cards: vec![(0, card("Z7"), true)],
            shows: (3, 7, 0, card("Z7")),
            ..t
        };
        let en = turning_words(Lang::En, &forced, "Ulti");
        assert!(
            en.contains(&format!("Soloist must play the {}", name("Z7"))),
            "{en}"
        );
        assert!(!en.contains("It shows"), "{en}");
    }
}
