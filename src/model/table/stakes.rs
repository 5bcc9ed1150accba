//! What a kontra does to the stakes, shown before it is said: each unit it may double, worth
//! now and after the kontra, made and lost, per defender (shared/RULES.md "Kontra",
//! "Payment").

use ulti_engine::whole_game::AuctionBid;
use ulti_engine::{Contract, Suit, component_payoff};

/// One unit's stakes per defender, from the soloist's side (positive: the defender pays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitStake {
    /// The unit.
    pub unit: Contract,
    /// Made, at its level now.
    pub won_now: i32,
    /// Lost, at its level now (negative).
    pub lost_now: i32,
    /// Made, after the kontra.
    pub won_then: i32,
    /// Lost, after the kontra (negative).
    pub lost_then: i32,
}

/// The stakes of `units` of `bid` (played with `trump`; `None` for a no-trump bid) doubled to
/// `level` (units standing at `level − 1`).
#[must_use]
pub fn kontra_stakes(
    bid: &AuctionBid,
    trump: Option<Suit>,
    units: &[Contract],
    level: u8,
) -> Vec<UnitStake> {
    let trump = trump.unwrap_or(Suit::Piros);
    let scoring = bid.scoring();
    let at = |unit, won, k: u8| {
        component_payoff(
            unit,
            won,
            trump,
            ulti_engine::Scoring {
                kontra: k,
                ..scoring
            },
        )
    };
    let before = level.saturating_sub(1);
    units
        .iter()
        .map(|&unit| UnitStake {
            unit,
            won_now: at(unit, true, before),
            lost_now: at(unit, false, before),
            won_then: at(unit, true, level),
            lost_then: at(unit, false, level),
        })
        .collect()
}
