//! Discards that play alike. Two cards of one suit in the twelve whose ranks no card outside
//! the twelve separates, in the trump order and in the no-trump order, are interchangeable in
//! every contract's play: whichever of them goes into the talon, the one kept beats and loses
//! to exactly the same cards of the defenders (the twenty cards outside the twelve). When they
//! also weigh the same everywhere else (no card points, not ulti's VII, no marriage made or
//! broken by the swap), every bid on every layout comes out the same for the two discards, so
//! the race solves one of them and counts the answer for both.

use crate::card::{Card, CardSet, Rank};

/// Can `c` stand in for a neighbour? Not an Ász or an X (card points, négy ász and négy
/// tízes), nor a VII (ulti's card in its suit).
fn may_swap(c: Card) -> bool {
    !matches!(c.rank(), Rank::Seven | Rank::Ten | Rank::Asz)
}

/// Do `a` and `b` (one suit, both in `twelve`) play alike, whichever of them is discarded?
/// No card outside the twelve lies between them in either order, and when the twelve holds
/// both the Felső and the Király, those two only go with each other (keeping one of them breaks
/// the marriage, keeping a third card instead keeps it).
fn alike(twelve: CardSet, a: Card, b: Card) -> bool {
    if a.suit() != b.suit() || !may_swap(a) || !may_swap(b) {
        return false;
    }
    let s = a.suit();
    let marriage =
        twelve.contains(Card::new(s, Rank::Felso)) && twelve.contains(Card::new(s, Rank::Kiraly));
    let in_marriage = |c: Card| matches!(c.rank(), Rank::Felso | Rank::Kiraly);
    if marriage && in_marriage(a) != in_marriage(b) {
        return false;
    }
    let orders: [fn(Rank) -> u8; 2] = [Rank::trump_strength, Rank::no_trump_strength];
    orders.iter().all(|order| {
        let (lo, hi) = {
            let (x, y) = (order(a.rank()), order(b.rank()));
            (x.min(y), x.max(y))
        };
        (0..8)
            .map(Rank::from_index)
            .filter(|&r| lo < order(r) && order(r) < hi)
            .all(|r| twelve.contains(Card::new(s, r)))
    })
}

/// For each discard of `ds` (discards of `twelve`), the index of the first discard that plays
/// alike: the same cards, up to swapping cards that play alike ([`alike`]).
pub(super) fn discard_classes(twelve: CardSet, ds: &[[Card; 2]]) -> Vec<usize> {
    // Each card's class: the lowest-indexed card it plays alike with (the relation is an
    // equivalence: the cards between two alike cards are in the twelve, so the ranges join).
    let class = |c: Card| {
        twelve
            .iter()
            .find(|&o| o == c || alike(twelve, o, c))
            .unwrap_or(c)
    };
    let keys: Vec<(Card, Card)> = ds
        .iter()
        .map(|d| {
            let (x, y) = (class(d[0]), class(d[1]));
            (x.min(y), x.max(y))
        })
        .collect();
    keys.iter()
        .map(|k| keys.iter().position(|o| o == k).expect("its own key"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advise::{Task, discards, rng_for};
    use crate::card::{Suit, parse_cards};
    use crate::deal::Deal;
    use crate::rules::RuleOptions;
    use rand::seq::SliceRandom;

    fn set(s: &str) -> CardSet {
        parse_cards(s).unwrap().into_iter().collect()
    }

    fn card(s: &str) -> Card {
        parse_cards(s).unwrap()[0]
    }

    #[test]
    fn neighbours_with_no_outside_card_between_play_alike() {
        // Zöld VIII, IX, Alsó and the X that separates IX from Alsó in the no-trump order.
        let twelve = set("Z8,Z9,ZU,ZX,PA,PK,PO,PU,M7,M8,T9,TA");
        assert!(alike(twelve, card("Z8"), card("Z9")));
        assert!(
            alike(twelve, card("Z9"), card("ZU")),
            "the X between them is held"
        );
        assert!(alike(twelve, card("Z8"), card("ZU")));
        // Without the X, a defender's X lies between IX and Alsó in the no-trump order.
        let no_x = set("Z8,Z9,ZU,Z7,PA,PK,PO,PU,M7,M8,T9,TA");
        assert!(!alike(no_x, card("Z9"), card("ZU")));
        // The VII is ulti's card; M7 and M8 never stand in for each other.
        assert!(!alike(twelve, card("M7"), card("M8")));
        // Felső and Király held together: only with each other.
        assert!(alike(twelve, card("PO"), card("PK")));
        assert!(!alike(twelve, card("PU"), card("PO")));
        // Defenders' cards between them (and the Ász carries points anyway).
        assert!(!alike(twelve, card("T9"), card("TA")));
        assert!(!alike(twelve, card("M8"), card("PU")), "two suits");
    }

    #[test]
    fn discards_of_alike_cards_share_a_class() {
        let twelve = set("Z8,Z9,ZU,ZX,PA,PK,PO,PU,M7,M8,T9,TA");
        let ds = discards(twelve);
        let classes = discard_classes(twelve, &ds);
        let of = |a: &str, b: &str| {
            let (a, b) = (card(a), card(b));
            classes[ds
                .iter()
                .position(|d| *d == [a, b] || *d == [b, a])
                .unwrap()]
        };
        assert_eq!(of("Z8", "TA"), of("Z9", "TA"));
        assert_eq!(of("Z8", "Z9"), of("Z9", "ZU"));
        assert_eq!(of("PK", "M7"), of("PO", "M7"));
        assert_ne!(of("PU", "M7"), of("PO", "M7"));
        assert_ne!(of("M7", "TA"), of("M8", "TA"));
        let distinct = classes.iter().enumerate().filter(|&(i, &c)| i == c).count();
        assert!(distinct < ds.len(), "no discard shared");
    }

    /// The claim itself, against the solver: on random layouts of the twenty other cards,
    /// discards of one class give every standard bid the same outcome and payoff. The twelves
    /// are biased towards runs of low cards and towards Felső and Király together (the
    /// marriage case), and the test counts the pairs it compared.
    #[test]
    fn discards_of_one_class_answer_every_bid_alike() {
        let mut solver = crate::solver::Solver::new();
        let (mut pairs, mut marriage_pairs, mut bridged) = (0, 0, 0);
        for seed in 0..48u64 {
            // Every combination of the rule options.
            let rules = RuleOptions {
                must_beat_after_trump: seed & 1 != 0,
                marriage_needs_trick: seed & 2 != 0,
            };
            let mut rng = rng_for(seed, 0);
            // Half the twelve from the cards most often alike, the rest at random.
            let mut likely: Vec<Card> = Card::all()
                .filter(|c| {
                    matches!(
                        c.rank(),
                        Rank::Eight
                            | Rank::Nine
                            | Rank::Also
                            | Rank::Felso
                            | Rank::Kiraly
                            | Rank::Ten
                    )
                })
                .collect();
            likely.shuffle(&mut rng);
            let mut twelve: CardSet = likely[..7].iter().copied().collect();
            let mut rest: Vec<Card> = Card::all().filter(|&c| !twelve.contains(c)).collect();
            rest.shuffle(&mut rng);
            for &c in &rest[..5] {
                twelve.insert(c);
            }
            let mut others: Vec<Card> = Card::all().filter(|&c| !twelve.contains(c)).collect();
            others.shuffle(&mut rng);
            let d1: CardSet = others[..10].iter().copied().collect();
            let d2: CardSet = others[10..].iter().copied().collect();
            let ds = discards(twelve);
            let classes = discard_classes(twelve, &ds);
            for (i, &c) in classes.iter().enumerate() {
                if c == i {
                    continue;
                }
                let mut answer = |d: [Card; 2]| {
                    let hand = CardSet(twelve.0 & !(d[0].bit() | d[1].bit()));
                    let deal = Deal::new(Suit::Piros, [hand, d1, d2]).unwrap();
                    Task::every_bid(deal, rules).run(&mut solver)
                };
                let first = answer(ds[c]);
                assert_eq!(
                    first,
                    answer(ds[i]),
                    "{:?} and {:?} of {twelve:?}",
                    ds[c],
                    ds[i]
                );
                pairs += 1;
                let swapped: Vec<Card> = ds[i]
                    .iter()
                    .copied()
                    .filter(|x| !ds[c].contains(x))
                    .collect();
                if swapped
                    .iter()
                    .any(|x| x.rank() == Rank::Kiraly || x.rank() == Rank::Felso)
                {
                    marriage_pairs += 1;
                }
                if ds[c].iter().chain(&ds[i]).any(|x| x.rank() == Rank::Nine)
                    && ds[c].iter().chain(&ds[i]).any(|x| x.rank() == Rank::Also)
                {
                    bridged += 1;
                }
            }
        }
        // 909, 495 and 125 when written.
        assert!(pairs >= 600, "only {pairs} pairs compared");
        assert!(
            marriage_pairs >= 300,
            "only {marriage_pairs} pairs swapping a Felső or Király"
        );
        assert!(
            bridged >= 60,
            "only {bridged} pairs swapping a IX for an Alsó"
        );
    }
}
