//! The line viewer's "at the table" comparison: each legal card's open-hand value (all cards
//! known) beside the advice from the seat to play's own view, and where the two disagree.

use ulti_engine::advise::SeatView;
use ulti_engine::{Bid, Card, CardValue, Contract, Deal, RuleOptions, SOLOIST, Seat};

use crate::protocol::{CardAdviceAnswer, Job};

/// The fixed seed of the viewer's advice (the same numbers on every visit, and as
/// `ulti advise --seed 1`).
pub const ADVICE_SEED: u64 = 1;

/// The advice job for the position after `played` of `contract`'s line: the seat to play's
/// own view (never the other hands), `samples` layouts, [`ADVICE_SEED`], card points on (as
/// `ulti advise` by default). `None` when the game is over or the cards break a rule.
#[must_use]
pub fn advice_job(
    deal: &Deal,
    contract: Contract,
    rules: RuleOptions,
    played: &[Card],
    samples: u32,
) -> Option<Job> {
    let bid = Bid::single(contract);
    let seat = SeatView::from_deal(deal, &bid, played, SOLOIST, rules)
        .ok()?
        .to_move()?;
    let view = SeatView::from_deal(deal, &bid, played, seat, rules).ok()?;
    Some(Job::AdviseCard {
        view,
        samples,
        seed: ADVICE_SEED,
        points: true,
    })
}

/// How good a card's open-hand value is for the soloist: the outcome, then the card points.
fn open_key(v: &CardValue) -> (bool, i64, u32) {
    (
        v.soloist_wins,
        i64::from(v.payoff.unwrap_or(0)),
        v.soloist_points.unwrap_or(0),
    )
}

/// The cards with the best open-hand value for `mover` (the soloist maximises the soloist's
/// result, a defender minimises it).
#[must_use]
pub fn open_best(values: &[CardValue], mover: Seat) -> Vec<Card> {
    let keys = values.iter().map(open_key);
    let best = if mover == SOLOIST {
        keys.max()
    } else {
        keys.min()
    };
    values
        .iter()
        .filter(|v| Some(open_key(v)) == best)
        .map(|v| v.card)
        .collect()
}

/// The two verdicts on one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The cards best with all hands open.
    pub open_best: Vec<Card>,
    /// The card the advice plays (its first row).
    pub advised: Card,
    /// Does the advised card lose something against open-hand best play (where a real
    /// player would go wrong)?
    pub disagree: bool,
}

/// Compare the open-hand values with the advice for the seat `mover`.
#[must_use]
pub fn compare(values: &[CardValue], advice: &CardAdviceAnswer, mover: Seat) -> Option<Comparison> {
    let advised = advice.cards.first()?.card;
    let open_best = open_best(values, mover);
    if open_best.is_empty() {
        return None;
    }
    let disagree = !open_best.contains(&advised);
    Some(Comparison {
        open_best,
        advised,
        disagree,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::CardRowAnswer;
    use ulti_engine::advise::Stats;

    fn value(card: &str, wins: bool, points: Option<u32>) -> CardValue {
        CardValue {
            card: card.parse().unwrap(),
            soloist_wins: wins,
            soloist_points: points,
            payoff: None,
        }
    }

    fn advice(cards: &[&str]) -> CardAdviceAnswer {
        let stats = Stats {
            samples: 10,
            wins: 5,
            win_prob: 0.5,
            win_low: 0.2,
            win_high: 0.8,
            expected_payoff: 0.0,
            payoff_se: 0.0,
        };
        CardAdviceAnswer {
            seat: 0,
            bid: "passz".into(),
            seed: 1,
            samples: 10,
            rejected: 0,
            layouts: 10,
            cards: cards
                .iter()
                .map(|c| CardRowAnswer {
                    card: c.parse().unwrap(),
                    stats,
                    expected_points: None,
                })
                .collect(),
            close_call: false,
            caveat: String::new(),
        }
    }

    #[test]
    fn the_soloist_and_a_defender_want_opposite_open_hand_cards() {
        let values = [
            value("PA", true, Some(60)),
            value("PK", true, Some(70)),
            value("P7", false, Some(40)),
            value("ZA", true, Some(70)),
        ];
        let best = |m| {
            let mut v = open_best(&values, m);
            v.sort();
            v
        };
        let mut want: Vec<Card> = vec!["PK".parse().unwrap(), "ZA".parse().unwrap()];
        want.sort();
        assert_eq!(best(SOLOIST), want);
        assert_eq!(best(1), vec!["P7".parse::<Card>().unwrap()]);
        // The soloist advised an open-hand best card agrees; advised P7 goes wrong.
        let c = compare(&values, &advice(&["ZA", "PK"]), SOLOIST).unwrap();
        assert!(!c.disagree);
        let c = compare(&values, &advice(&["P7", "PK"]), SOLOIST).unwrap();
        assert!(c.disagree);
        assert_eq!(c.advised, "P7".parse().unwrap());
        // A defender advised P7 is right.
        assert!(!compare(&values, &advice(&["P7"]), 2).unwrap().disagree);
        assert_eq!(compare(&values, &advice(&[]), 2), None);
    }
}
