//! Which legal cards are one answer, and which cards a simple rule would pick.
//!
//! Two legal cards are **equivalent** when they are of one suit, adjacent in the game's order
//! with nothing live between them (every card between them was played in an earlier trick or
//! lies in the talon), and the solver gives them the same value. A **class** is a maximal run
//! of equivalent cards; the number of classes is the number of distinct answers.

use crate::card::{Card, CardSet, Suit};
use crate::rules::Game;
use crate::solver::CardValue;

/// A card's strength in the game: its rank in the trump or no-trump order, trumps above every
/// other suit (16 more).
#[must_use]
pub fn strength(card: Card, trump: Option<Suit>) -> u8 {
    match trump {
        Some(t) => card.rank().trump_strength() + if card.suit() == t { 16 } else { 0 },
        None => card.rank().no_trump_strength(),
    }
}

/// Cards out of play at `game`'s position: played in completed tricks, or in the talon.
fn gone(game: &Game) -> CardSet {
    let mut out = game.deal().talon();
    for t in game.tricks() {
        for c in t.cards {
            out.insert(c);
        }
    }
    out
}

/// Are `a` and `b` (one suit) adjacent in the game's order with nothing live between them?
fn adjacent(a: Card, b: Card, trump: Option<Suit>, gone: CardSet) -> bool {
    if a.suit() != b.suit() {
        return false;
    }
    let (lo, hi) = {
        let (sa, sb) = (strength(a, trump), strength(b, trump));
        (sa.min(sb), sa.max(sb))
    };
    a.suit()
        .cards()
        .iter()
        .filter(|&c| {
            let s = strength(c, trump);
            s > lo && s < hi
        })
        .all(|c| gone.contains(c))
}

/// `cards` (legal cards at `game`'s position) in runs of one suit, adjacent in the game's
/// order with nothing live between them, split further where `same` says two neighbours
/// differ; each run in index order, the runs by their first card.
fn group(game: &Game, cards: &[Card], same: impl Fn(Card, Card) -> bool) -> Vec<Vec<Card>> {
    let trump = game.trump();
    let gone = gone(game);
    let mut sorted = cards.to_vec();
    sorted.sort_by_key(|&c| (c.suit().index(), strength(c, trump)));
    let mut out: Vec<Vec<Card>> = Vec::new();
    let mut last: Option<Card> = None;
    for c in sorted {
        let joins = last.is_some_and(|l| adjacent(l, c, trump, gone) && same(l, c));
        match out.last_mut() {
            Some(class) if joins => class.push(c),
            _ => out.push(vec![c]),
        }
        last = Some(c);
    }
    for class in &mut out {
        class.sort();
    }
    out.sort();
    out
}

/// The legal cards of `values` (the solver's value of each legal card at `game`'s position)
/// in classes of equivalent cards; each class in index order, the classes by their first card.
#[must_use]
pub fn classes(game: &Game, values: &[CardValue]) -> Vec<Vec<Card>> {
    let cards: Vec<Card> = values.iter().map(|v| v.card).collect();
    let value = |c: Card| {
        values
            .iter()
            .find(|v| v.card == c)
            .map(|v| (v.soloist_wins, v.soloist_points, v.payoff))
    };
    group(game, &cards, |a, b| value(a) == value(b))
}

/// The legal cards at `game`'s position in runs of touching cards, whatever their values:
/// there are at least as many as classes, so fewer than three runs means fewer than three
/// answers without a solve.
#[must_use]
pub fn runs(game: &Game) -> Vec<Vec<Card>> {
    let cards: Vec<Card> = game.legal_cards().iter().collect();
    group(game, &cards, |_, _| true)
}

/// The cards simple rules pick from the legal cards at `game`'s position: the highest (by
/// [`strength`], ties included), the lowest, and, when the trick has been led, the cheapest
/// card that would take it so far (when void in the led suit, that is the lowest trump that
/// wins). A puzzle whose answer is among them is trivial.
#[must_use]
pub fn simple_picks(game: &Game) -> CardSet {
    let legal = game.legal_cards();
    let trump = game.trump();
    let mut picks = CardSet::EMPTY;
    let strengths: Vec<u8> = legal.iter().map(|c| strength(c, trump)).collect();
    let (Some(&hi), Some(&lo)) = (strengths.iter().max(), strengths.iter().min()) else {
        return picks;
    };
    for c in legal.iter() {
        let s = strength(c, trump);
        if s == hi || s == lo {
            picks.insert(c);
        }
    }
    let trick = game.current_trick();
    if let Some(&led) = trick.first() {
        let best = trick
            .iter()
            .copied()
            .filter(|c| c.suit() == led.suit() || Some(c.suit()) == trump)
            .max_by_key(|&c| strength(c, trump))
            .expect("the led card counts");
        let takes = |c: Card| {
            (c.suit() == best.suit() && strength(c, trump) > strength(best, trump))
                || (Some(c.suit()) == trump && Some(best.suit()) != trump)
        };
        if let Some(cheapest) = legal
            .iter()
            .filter(|&c| takes(c))
            .min_by_key(|&c| strength(c, trump))
        {
            picks.insert(cheapest);
        }
    }
    picks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::contract::{Bid, Contract};
    use crate::deal::Deal;
    use crate::rules::RuleOptions;

    /// The STRONG deal of the README, trump Piros.
    const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

    fn game(contract: Contract, played: &str) -> Game {
        let deal = Deal::parse_code(STRONG).unwrap();
        let played = parse_cards(played).unwrap();
        Game::with_played(
            &deal,
            &Bid::single(contract),
            RuleOptions::default(),
            &played,
        )
        .unwrap()
    }

    fn value(card: &str, wins: bool) -> CardValue {
        CardValue {
            card: card.parse().unwrap(),
            soloist_wins: wins,
            soloist_points: None,
            payoff: None,
        }
    }

    fn names(classes: &[Vec<Card>]) -> Vec<String> {
        classes
            .iter()
            .map(|c| {
                c.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect()
    }

    #[test]
    fn touching_cards_with_one_value_are_one_answer() {
        // The soloist leads: PA PK PO PU PX P9 P8 in hand (Piros trumps: A X K O U 9 8 7).
        let g = game(Contract::Passz, "");
        let legal: Vec<CardValue> = g
            .legal_cards()
            .iter()
            .map(|c| value(&c.to_string(), true))
            .collect();
        let classes = classes(&g, &legal);
        // Piros A-X-K-O-U-9-8 touch (the VII is with a defender, below them all): one run.
        assert!(names(&classes).contains(&"P8,P9,PX,PU,PO,PK,PA".to_string()));
        // A different value splits a run.
        let mut split = legal.clone();
        for v in &mut split {
            if v.card.to_string() == "PU" {
                v.soloist_wins = false;
            }
        }
        let classes = super::classes(&g, &split);
        let n = names(&classes);
        assert!(n.contains(&"PU".to_string()), "{n:?}");
        assert!(n.contains(&"PX,PO,PK,PA".to_string()), "{n:?}");
        assert!(n.contains(&"P8,P9".to_string()), "{n:?}");
    }

    #[test]
    fn a_live_card_between_separates() {
        // Betli at trick 1: the soloist's Piros run in no-trump order (A K O U X 9 8, the VII
        // in the talon) is one class; no class spans a defender's card.
        let g = game(Contract::Betli, "");
        let cards: Vec<CardValue> = g
            .legal_cards()
            .iter()
            .map(|c| value(&c.to_string(), false))
            .collect();
        let classes = classes(&g, &cards);
        for class in &classes {
            for w in class.windows(2) {
                let between = w[0]
                    .suit()
                    .cards()
                    .iter()
                    .filter(|&c| {
                        let s = strength(c, None);
                        s > strength(w[0], None).min(strength(w[1], None))
                            && s < strength(w[0], None).max(strength(w[1], None))
                    })
                    .filter(|&c| g.hand(1).contains(c) || g.hand(2).contains(c))
                    .count();
                assert_eq!(between, 0, "{class:?}");
            }
        }
        assert_eq!(classes.iter().map(Vec::len).sum::<usize>(), 10);
        assert!(names(&classes).contains(&"P8,P9,PX,PU,PO,PK,PA".to_string()));
    }

    #[test]
    fn simple_rules_pick_the_ends_and_the_cheapest_winner() {
        // Trick 1 led ZA by the soloist: seat 1 follows with Z9 ZX ZU ZO ZK (none beats it).
        let g = game(Contract::Passz, "ZA");
        let picks = simple_picks(&g);
        let legal = g.legal_cards();
        assert!(picks.0 & !legal.0 == 0);
        // Nothing takes the ace of Zöld unless seat 1 is void and trumps.
        let trump = g.trump();
        let hi = legal.iter().map(|c| strength(c, trump)).max().unwrap();
        let lo = legal.iter().map(|c| strength(c, trump)).min().unwrap();
        for c in legal.iter() {
            let s = strength(c, trump);
            assert_eq!(picks.contains(c), s == hi || s == lo, "{c}");
        }
    }
}
