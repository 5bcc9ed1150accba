//! The review of a finished game: each card's double-dummy verdict for the side that played
//! it, the turning card, and the links into the line viewer.

use ulti_engine::{Bid, Card, Contract, Query, SOLOIST, Seat, Solution};

use super::PlayGame;
use crate::model::url_state::{bid_param, biggest_component, format_played, format_rules};

/// Which side a seat plays on, for the review: the soloist wants the soloist's result up, the
/// defenders down.
fn soloist_side(seat: Seat) -> bool {
    seat == SOLOIST
}

/// The double-dummy verdict on one card of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The card kept the best result the seat's side could force.
    Kept,
    /// The card gave away the contract (the soloist could have won and now cannot, or the
    /// defenders could have beaten it and now cannot).
    ThrewAway,
    /// The contract's outcome stays, but the side lost card points (point contracts): how many.
    LostPoints(u32),
    /// The outcome stays, but the side lost payoff per defender (compound bids): how much.
    LostPayoff(u32),
}

impl Verdict {
    /// What the card lost, in card points or payoff per defender (`None`: it lost nothing, or
    /// threw the contract away).
    #[must_use]
    pub fn lost(self) -> Option<u32> {
        match self {
            Verdict::LostPoints(n) | Verdict::LostPayoff(n) => Some(n),
            Verdict::Kept | Verdict::ThrewAway => None,
        }
    }
}

/// The solved position before one card: the value of the position and of the card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardCheck {
    /// Could the soloist force the bid before the card (best play)?
    pub best_wins: bool,
    /// After the card?
    pub card_wins: bool,
    /// Point contracts: forced points before and after (`None` otherwise).
    pub best_points: Option<u32>,
    /// Point contracts: forced points after the card.
    pub card_points: Option<u32>,
    /// Compound bids: payoff before and after.
    pub best_payoff: Option<i32>,
    /// Compound bids: payoff after the card.
    pub card_payoff: Option<i32>,
}

/// The verdict on a card played by `seat`, from its solved position.
#[must_use]
pub fn verdict(seat: Seat, check: &CardCheck) -> Verdict {
    let solo = soloist_side(seat);
    if check.best_wins != check.card_wins {
        return Verdict::ThrewAway;
    }
    match (
        check.best_points,
        check.card_points,
        check.best_payoff,
        check.card_payoff,
    ) {
        (Some(b), Some(c), _, _) => {
            let lost = if solo {
                b.saturating_sub(c)
            } else {
                c.saturating_sub(b)
            };
            if lost > 0 {
                Verdict::LostPoints(lost)
            } else {
                Verdict::Kept
            }
        }
        (_, _, Some(b), Some(c)) => {
            let d = if solo { b - c } else { c - b };
            if d > 0 {
                Verdict::LostPayoff(d.unsigned_abs())
            } else {
                Verdict::Kept
            }
        }
        _ => Verdict::Kept,
    }
}

/// The index of the first card that turned the result (threw the contract away).
#[must_use]
pub fn turning_card(verdicts: &[Option<Verdict>]) -> Option<usize> {
    verdicts
        .iter()
        .position(|v| matches!(v, Some(Verdict::ThrewAway)))
}

/// The contract the solver page's analysis table selects for a bid: the bid itself when
/// single, else its component worth the most (the line viewer shows the whole bid).
#[must_use]
pub fn viewer_contract(bid: &Bid) -> Contract {
    biggest_component(bid)
}

/// The solver page's query string (without `?`) that opens the line viewer and what-if at
/// card `index` (0-based) of a finished game: the deal as played, the bid (a compound's id as
/// a whole, see [`bid_param`]), the cards before it, and the step.
#[must_use]
pub fn review_link(game: &PlayGame, index: usize) -> Option<String> {
    let c = game.contracted.as_ref()?;
    let step = index.min(game.played.len());
    let mut parts = vec![
        format!("deal={}", c.deal.code()),
        format!("game={}", bid_param(&c.announcement.bid)),
    ];
    if let Some(r) = format_rules(game.rules) {
        parts.insert(1, format!("rules={r}"));
    }
    if !game.played.is_empty() {
        parts.push(format!("played={}", format_played(&game.played)));
    }
    if step > 0 {
        parts.push(format!("step={step}"));
    }
    Some(parts.join("&"))
}

/// The solve that reviews card `index` (0-based) of a game: the position before it, every
/// legal card of the seat to move scored (no line), under the announced bid and its scoring.
#[must_use]
pub fn review_query(game: &PlayGame, index: usize) -> Option<Query> {
    let c = game.contracted.as_ref()?;
    let mut q = Query::new(c.deal, c.announcement.bid.clone());
    q.rules = game.rules;
    q.played = game.played.get(..index)?.to_vec();
    q.all_cards = true;
    q.line = false;
    q.scoring = c.announcement.scoring;
    Some(q)
}

/// What the user saw before card `index` of the finished game (its own view of the play then,
/// never the other hands): the question of that card's knowable cost.
#[must_use]
pub fn card_view(game: &PlayGame, index: usize) -> Option<ulti_engine::advise::SeatView> {
    let c = game.contracted.as_ref()?;
    ulti_engine::advise::SeatView::from_deal(
        &c.deal,
        &c.announcement.bid,
        game.played.get(..index)?,
        game.seat,
        game.rules,
    )
    .ok()
}

/// The solve of card `index` for its money: every legal card's payoff per defender, at the
/// bid's values without kontras (as the knowable cost counts).
#[must_use]
pub fn card_money_query(game: &PlayGame, index: usize) -> Option<Query> {
    let mut q = review_query(game, index)?;
    q.scoring = ulti_engine::Scoring::default();
    q.payoff = true;
    Some(q)
}

/// The position's value and the value of `card` in it, from the review solve.
#[must_use]
pub fn card_check(sol: &Solution, card: Card) -> Option<CardCheck> {
    let cv = sol.cards.iter().find(|v| v.card == card)?;
    Some(CardCheck {
        best_wins: sol.soloist_wins?,
        card_wins: cv.soloist_wins,
        best_points: sol.soloist_points,
        card_points: cv.soloist_points,
        best_payoff: sol.payoff,
        card_payoff: cv.payoff,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::Contract;

    fn check(best: bool, card: bool, points: Option<(u32, u32)>) -> CardCheck {
        CardCheck {
            best_wins: best,
            card_wins: card,
            best_points: points.map(|p| p.0),
            card_points: points.map(|p| p.1),
            best_payoff: None,
            card_payoff: None,
        }
    }

    #[test]
    fn a_card_is_judged_for_the_side_that_played_it() {
        // The soloist could win and no longer can: thrown away.
        assert_eq!(verdict(0, &check(true, false, None)), Verdict::ThrewAway);
        // A defender could beat the contract and no longer can: thrown away.
        assert_eq!(verdict(1, &check(false, true, None)), Verdict::ThrewAway);
        assert_eq!(verdict(2, &check(true, true, None)), Verdict::Kept);
        // Points: the soloist loses when they go down, a defender when they go up.
        assert_eq!(
            verdict(0, &check(true, true, Some((70, 60)))),
            Verdict::LostPoints(10)
        );
        assert_eq!(
            verdict(1, &check(true, true, Some((70, 60)))),
            Verdict::Kept
        );
        assert_eq!(
            verdict(2, &check(false, false, Some((40, 50)))),
            Verdict::LostPoints(10)
        );
        let payoff = CardCheck {
            best_payoff: Some(8),
            card_payoff: Some(4),
            ..check(true, true, None)
        };
        assert_eq!(verdict(0, &payoff), Verdict::LostPayoff(4));
        assert_eq!(verdict(1, &payoff), Verdict::Kept);
        let v = [
            Some(Verdict::Kept),
            None,
            Some(Verdict::LostPoints(10)),
            Some(Verdict::ThrewAway),
            Some(Verdict::ThrewAway),
        ];
        assert_eq!(turning_card(&v), Some(3));
        assert_eq!(turning_card(&v[..3]), None);
    }

    #[test]
    fn the_line_viewer_shows_the_bids_biggest_contract() {
        let bid = |s: &str| s.parse::<Bid>().unwrap();
        assert_eq!(viewer_contract(&bid("betli")), Contract::Betli);
        assert_eq!(viewer_contract(&bid("40-100+ulti")), Contract::Ulti);
        assert_eq!(
            viewer_contract(&bid("ulti+durchmars-adu")),
            Contract::DurchmarsAdu
        );
    }
}
