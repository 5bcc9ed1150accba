//! The solver's verdict on a card played, in words, for the Play and the Table page's reviews.

use super::{Lang, tr, tr_with};
use crate::model::play::Verdict;

/// A card's verdict (`None`: still being solved) as its kind for CSS and tests (`pending`,
/// `kept`, `threw`, `lost`) and its words, with the unit of what it lost: card points in a
/// point contract, payoff per defender in a compound bid.
#[must_use]
pub fn verdict_words(lang: Lang, v: Option<Verdict>) -> (&'static str, String) {
    match v {
        None => ("pending", tr(lang, "play.verdict_pending")),
        Some(Verdict::Kept) => ("kept", tr(lang, "play.verdict_kept")),
        Some(Verdict::ThrewAway) => ("threw", tr(lang, "play.verdict_threw")),
        Some(Verdict::LostPoints(n)) => (
            "lost",
            tr_with(lang, "play.verdict_lost_points", &[("n", &n.to_string())]),
        ),
        Some(Verdict::LostPayoff(n)) => (
            "lost",
            tr_with(lang, "play.verdict_lost_payoff", &[("n", &n.to_string())]),
        ),
    }
}
