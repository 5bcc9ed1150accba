//! The auction as evidence about the hidden hands (issue 18: "a bid says something about the
//! bidder's hand").
//!
//! Uniform layouts treat the soloist of an ulti as likely to hold three trumps as six, and a
//! seat that passed every turn as likely to hold a long suit as one that bid. [`Evidence`]
//! records what each seat said in the auction (public: the bids without their discards) and
//! weighs a layout by how typical the seats' cards are for what they said: the [`Sampler`]
//! keeps a layout with probability [`Evidence::weight`] (rejection sampling, so the kept
//! layouts follow the uniform distribution reweighted by the auction).
//!
//! The weights are likelihood ratios P(feature | said) / P(feature | uniform cards), fitted on
//! the records of `ulti match --whole-game --players strong,normal,easy` (see the tables'
//! notes), scaled so the most typical feature weighs 1 and floored so that no layout the
//! rules allow becomes impossible. The features are deliberately few and coarse:
//! - the soloist of a trump bid: how many trumps its twelve cards (its hand and the talon it
//!   laid down) hold;
//! - the soloist of a betli: how many high cards (Felső and above) its ten cards keep;
//! - a defender: the length of its longest suit (of hearts after a piros bid), given whether
//!   it bid (and what) or passed every turn.
//!
//! [`Sampler`]: super::Sampler

use serde::{Deserialize, Serialize};

use crate::card::{CardSet, Rank, Suit};
use crate::contract::{Bid, Contract};
use crate::deal::{Deal, SOLOIST, Seat};

/// A bid's family, as far as the evidence tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Passz alone.
    Passz,
    /// 40-100 or 20-100 (without ulti).
    Hundred,
    /// Any bid with an ulti.
    Ulti,
    /// Betli (and rebetli, terített).
    Betli,
    /// Durchmars, négy ász, négy tízes and the rest: no weight.
    Other,
}

impl Family {
    /// The family of `bid`.
    #[must_use]
    pub fn of(bid: &Bid) -> Family {
        let has = |c: Contract| bid.contracts().contains(&c);
        if has(Contract::Betli) {
            Family::Betli
        } else if has(Contract::Durchmars) || has(Contract::DurchmarsAdu) {
            Family::Other
        } else if has(Contract::Ulti) {
            Family::Ulti
        } else if has(Contract::Negyven100) || has(Contract::Husz100) {
            Family::Hundred
        } else if bid.contracts() == [Contract::Passz] {
            Family::Passz
        } else {
            Family::Other
        }
    }
}

/// What one seat said in the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Said {
    /// It passed every turn (it never held the talon).
    Passed,
    /// It has not spoken yet (in the middle of the auction): no evidence either way.
    Nothing,
    /// Its last bid (the soloist's: the contract).
    Bid {
        /// The bid's family.
        family: Family,
        /// Hearts were named (`@P`).
        piros: bool,
    },
}

/// What every seat said, by the seats of the play (0 the soloist, then the defenders in
/// playing order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Evidence {
    said: [Said; 3],
}

/// No layout weighs less: the features are coarse, and a rare hand is still possible.
const FLOOR: f64 = 0.02;

/// The soloist of a trump bid: weight by the trumps among its twelve cards, index
/// `min(n, 8)` (below 2 counts as 2). Fitted on 300 games (`ulti match --whole-game --players
/// strong,normal,easy --deals 100 --seed 11 --records`): an ulti soloist held 4 trumps in
/// 22 % of them against 30 % of uniform twelves with the VII, 5 in 52 % (14 %), 6 or more in
/// 24 % (4 %), 3 or fewer in 2 % (52 %); likelihood ratios 0.03, 0.71, 3.6, 6.6, scaled.
const SOLOIST_TRUMPS: [(Family, [f64; 9]); 3] = [
    // 45 passz games: ratios 0.28, 0.55, 2.54, 1.8 for ≤2, 3, 4, ≥5.
    (
        Family::Passz,
        [0.0, 0.0, 0.11, 0.22, 1.0, 0.71, 0.71, 0.71, 0.71],
    ),
    // 23 games of 40-100 or 20-100: none with 3 or fewer trumps (7.5 expected).
    (
        Family::Hundred,
        [0.0, 0.0, 0.05, 0.05, 1.0, 0.92, 0.92, 0.92, 0.92],
    ),
    // 176 ulti games.
    (
        Family::Ulti,
        [0.0, 0.0, 0.005, 0.005, 0.11, 0.55, 1.0, 1.0, 1.0],
    ),
];

/// A betli bidder: weight by its ten cards' Felső, Király and Ász, index `min(n, 5)`
/// (11 betli soloists: none kept four or more, 57 % of uniform tens do; smoothed).
const BETLI_HIGH: [f64; 6] = [1.0, 0.5, 0.25, 0.25, 0.08, 0.03];

/// A defender: weight by its longest suit (hearts after a piros bid) among its ten cards,
/// index `min(n, 7)` (below 3 counts as 3), given its last bid (`None`: it passed every
/// turn). The same 300 games: 405 defenders who passed throughout (longest suit 5 or more in
/// 10 % against 17 % of uniform tens, ratios 0.94, 1.17, 0.67, 0.13 for 3, 4, 5, 6), 129
/// overcalled passz bidders (ratios 0.33, 1.06, 2.25, 1.0), 37 ulti bidders (none with a
/// longest suit of 3; ratios 0.36, 4.0, 11.7 for 4, 5, ≥6), 9 of 40-100 or 20-100.
const DEFENDER_LONGEST: [(Option<Family>, [f64; 8]); 4] = [
    (None, [0.0, 0.0, 0.0, 0.8, 1.0, 0.57, 0.11, 0.05]),
    (
        Some(Family::Passz),
        [0.0, 0.0, 0.0, 0.15, 0.47, 1.0, 0.5, 0.5],
    ),
    (
        Some(Family::Hundred),
        [0.0, 0.0, 0.0, 0.1, 0.4, 1.0, 1.0, 1.0],
    ),
    (
        Some(Family::Ulti),
        [0.0, 0.0, 0.0, 0.01, 0.03, 0.34, 1.0, 1.0],
    ),
];

fn high_cards(cards: CardSet) -> usize {
    cards
        .iter()
        .filter(|c| matches!(c.rank(), Rank::Felso | Rank::Kiraly | Rank::Asz))
        .count()
}

fn longest(cards: CardSet) -> usize {
    Suit::ALL
        .iter()
        .map(|&s| cards.of_suit(s).len() as usize)
        .max()
        .unwrap_or(0)
}

impl Evidence {
    /// The evidence of `said`, by the seats of the play (0 the soloist).
    #[must_use]
    pub fn new(said: [Said; 3]) -> Evidence {
        Evidence { said }
    }

    /// What each seat said.
    #[must_use]
    pub fn said(&self) -> [Said; 3] {
        self.said
    }

    /// How typical `deal`'s hidden cards are for what the seats said, in `FLOOR..=1`, as seen
    /// by `viewer` (its own cards are no evidence to it).
    #[must_use]
    pub fn weight(&self, deal: &Deal, viewer: Seat) -> f64 {
        let mut w = 1.0;
        for (seat, &said) in self.said.iter().enumerate() {
            if seat == viewer {
                continue;
            }
            w *= if seat == SOLOIST {
                soloist_weight(said, deal)
            } else {
                defender_weight(said, deal.hand(seat))
            };
        }
        w.max(FLOOR)
    }
}

fn soloist_weight(said: Said, deal: &Deal) -> f64 {
    let Said::Bid { family, .. } = said else {
        return 1.0;
    };
    if family == Family::Betli {
        return BETLI_HIGH[high_cards(deal.hand(SOLOIST)).min(5)];
    }
    let twelve = CardSet(deal.hand(SOLOIST).0 | deal.talon().0);
    let n = (twelve.of_suit(deal.trump).len() as usize).clamp(2, 8);
    SOLOIST_TRUMPS
        .iter()
        .find(|(f, _)| *f == family)
        .map_or(1.0, |(_, t)| t[n])
}

fn defender_weight(said: Said, hand: CardSet) -> f64 {
    let (family, n) = match said {
        Said::Nothing => return 1.0,
        Said::Bid {
            family: Family::Betli,
            ..
        } => return BETLI_HIGH[high_cards(hand).min(5)],
        Said::Passed => (None, longest(hand)),
        Said::Bid {
            family,
            piros: true,
        } => (Some(family), hand.of_suit(Suit::Piros).len() as usize),
        Said::Bid {
            family,
            piros: false,
        } => (Some(family), longest(hand)),
    };
    DEFENDER_LONGEST
        .iter()
        .find(|(f, _)| *f == family)
        .map_or(1.0, |(_, t)| t[n.clamp(3, 7)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn deal(soloist: &str, d1: &str, d2: &str, trump: Suit) -> Deal {
        let set = |s: &str| -> CardSet { parse_cards(s).unwrap().into_iter().collect() };
        Deal::new(trump, [set(soloist), set(d1), set(d2)]).unwrap()
    }

    fn ulti_soloist() -> Evidence {
        Evidence::new([
            Said::Bid {
                family: Family::Ulti,
                piros: false,
            },
            Said::Passed,
            Said::Passed,
        ])
    }

    #[test]
    fn an_ulti_soloist_with_six_trumps_is_more_typical_than_one_with_three() {
        // Zöld trumps. Six: Z7 ZA ZK ZO ZU ZX; three: Z7 ZA ZK.
        let long = deal(
            "Z7,ZA,ZK,ZO,ZU,ZX,PA,PX,MA,MX",
            "Z8,Z9,P7,P8,P9,PU,PO,PK,M7,M8",
            "M9,MU,MO,MK,T7,T8,T9,TX,TU,TO",
            Suit::Zold,
        );
        let short = deal(
            "Z7,ZA,ZK,PA,PX,MA,MX,TA,TX,TK",
            "Z8,Z9,ZO,P7,P8,P9,PU,PO,M7,M8",
            "ZU,ZX,M9,MU,MO,MK,T7,T8,T9,TU",
            Suit::Zold,
        );
        let said = ulti_soloist().said()[SOLOIST];
        let (wl, ws) = (soloist_weight(said, &long), soloist_weight(said, &short));
        assert!(wl > 10.0 * ws, "{wl} vs {ws}");
        // Defender 1 weighs a layout by the soloist's trumps and by defender 2's passing;
        // the soloist learns nothing from its own cards, only from the defenders' passing.
        let e = ulti_soloist();
        let passed = |d: &Deal, s: Seat| defender_weight(Said::Passed, d.hand(s));
        assert_eq!(e.weight(&long, 1), (wl * passed(&long, 2)).max(FLOOR));
        assert_eq!(
            e.weight(&long, SOLOIST),
            (passed(&long, 1) * passed(&long, 2)).max(FLOOR)
        );
        assert!((FLOOR..=1.0).contains(&e.weight(&short, 1)));
    }

    #[test]
    fn a_defender_who_bid_ulti_in_piros_is_weighed_by_its_hearts() {
        let said = Said::Bid {
            family: Family::Ulti,
            piros: true,
        };
        let hearts: CardSet = parse_cards("P7,P8,P9,PX,PU,PO,MA,MX,TA,TX")
            .unwrap()
            .into_iter()
            .collect();
        let clubs: CardSet = parse_cards("M7,M8,M9,MX,MU,MO,PA,PX,TA,TX")
            .unwrap()
            .into_iter()
            .collect();
        assert!(defender_weight(said, hearts) > 10.0 * defender_weight(said, clubs));
        // Without piros its longest suit counts, whichever it is.
        let plain = Said::Bid {
            family: Family::Ulti,
            piros: false,
        };
        assert_eq!(
            defender_weight(plain, hearts),
            defender_weight(plain, clubs)
        );
    }

    #[test]
    fn a_betli_soloist_keeps_low_cards() {
        let e = Evidence::new([
            Said::Bid {
                family: Family::Betli,
                piros: false,
            },
            Said::Passed,
            Said::Passed,
        ]);
        let low = deal(
            "P7,P8,P9,Z7,Z8,Z9,M7,M8,T7,T8",
            "PA,PK,PO,PU,PX,ZA,ZK,ZO,ZU,ZX",
            "MA,MK,MO,MU,MX,M9,TA,TK,TO,TU",
            Suit::Piros,
        );
        let high = deal(
            "PA,PK,PO,ZA,ZK,ZO,M7,M8,T7,T8",
            "P7,P8,P9,PU,PX,Z7,Z8,Z9,ZU,ZX",
            "MA,MK,MO,MU,MX,M9,TA,TK,TO,TU",
            Suit::Piros,
        );
        let said = e.said()[SOLOIST];
        assert!(soloist_weight(said, &low) > 10.0 * soloist_weight(said, &high));
    }

    #[test]
    fn families_of_bids() {
        let f = |s: &str| Family::of(&s.parse().unwrap());
        assert_eq!(f("passz"), Family::Passz);
        assert_eq!(f("40-100+ulti"), Family::Ulti);
        assert_eq!(f("20-100"), Family::Hundred);
        assert_eq!(f("betli"), Family::Betli);
        assert_eq!(f("ulti+durchmars-adu"), Family::Other);
        assert_eq!(f("negy-asz"), Family::Other);
    }
}
