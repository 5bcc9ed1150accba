//! The bid advice's win rate in real play: how often a bid is made when the cards are played by
//! our own card players, each from its own seat's view, rather than with every card seen.
//!
//! The advice's rates come from open-hand solves of sampled layouts. Played out by the strong
//! card player at every seat (`ulti advise-eval --real-play`), the bids behave otherwise: the
//! defenders, who cannot see each other's cards, give away more than the soloist does, so
//! hopeless rows are made far more often than open-hand play says, and sure ones a little less.
//! The map here turns an open-hand rate into the real-play rate, per contract family, by a
//! logistic map fitted on one run and checked on another (BENCHMARKS.md, "The advisor",
//! `scripts/advice-calibration.py real-play`):
//!
//! logit(real) = a + b · logit(open), with the open rate clamped to 2–98 % first.
//!
//! A family whose real-play outcomes matched the open-hand ones on every row (durchmars) keeps
//! the open-hand rate. A rate of exactly 0 stays 0: the map was fitted on rows with a chance.

use serde::{Deserialize, Serialize};

use crate::bids::Announcement;
use crate::card::Suit;
use crate::contract::{Bid, Contract, component_payoff};

/// The contract family a bid is calibrated in: the first of durchmars, betli, ulti, 100 and
/// passz that the bid holds; négy ász and négy tízes are `Other`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BidFamily {
    /// Any bid with a durchmars (plain or trump), compound ones too.
    Durchmars,
    /// Betli.
    Betli,
    /// Any bid with an ulti and no durchmars.
    Ulti,
    /// 40-100 or 20-100 without ulti or durchmars.
    #[serde(rename = "100")]
    Hundred,
    /// Passz.
    Passz,
    /// Négy ász, négy tízes.
    Other,
}

impl BidFamily {
    /// Every family, in the order of [`BidFamily::of`]'s tests.
    pub const ALL: [Self; 6] = [
        Self::Durchmars,
        Self::Betli,
        Self::Ulti,
        Self::Hundred,
        Self::Passz,
        Self::Other,
    ];

    /// The family of `bid`.
    #[must_use]
    pub fn of(bid: &Bid) -> Self {
        let has = |c: Contract| bid.contracts().contains(&c);
        if has(Contract::Durchmars) || has(Contract::DurchmarsAdu) {
            Self::Durchmars
        } else if has(Contract::Betli) {
            Self::Betli
        } else if has(Contract::Ulti) {
            Self::Ulti
        } else if has(Contract::Negyven100) || has(Contract::Husz100) {
            Self::Hundred
        } else if has(Contract::Passz) {
            Self::Passz
        } else {
            Self::Other
        }
    }

    /// The short name reports use (as in JSON): `durchmars`, `betli`, `ulti`, `100`, `passz`, `other`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Durchmars => "durchmars",
            Self::Betli => "betli",
            Self::Ulti => "ulti",
            Self::Hundred => "100",
            Self::Passz => "passz",
            Self::Other => "other",
        }
    }

    /// The family's map `(a, b)`, or `None` where real play keeps the open-hand rate.
    fn map(self) -> Option<(f64, f64)> {
        match self {
            Self::Durchmars => None,
            Self::Betli => Some(BETLI),
            Self::Ulti => Some(ULTI),
            Self::Hundred => Some(HUNDRED),
            Self::Passz => Some(PASSZ),
            Self::Other => Some(OTHER),
        }
    }
}

// The maps, fitted on `ulti advise-eval --hands 600 --seed 600001 --threads 1 --real-play 6`
// and checked on seed 700001 (scripts/advice-calibration.py real-play; BENCHMARKS.md).
// 1,736 rows played out; on the 1,784 rows of the check run the Brier score against real play
// falls from 0.1854 to 0.1752, and in every family.
const PASSZ: (f64, f64) = (0.312, 0.624);
const ULTI: (f64, f64) = (0.381, 0.630);
const HUNDRED: (f64, f64) = (0.358, 0.678);
const BETLI: (f64, f64) = (0.651, 0.439);
const OTHER: (f64, f64) = (-0.424, 0.651);

/// The open rate's clamp before the logit, as in the fit.
const CLAMP: (f64, f64) = (0.02, 0.98);

fn logit(p: f64) -> f64 {
    let p = p.clamp(CLAMP.0, CLAMP.1);
    (p / (1.0 - p)).ln()
}

/// The real-play rate of a bid of `family` whose open-hand rate is `open`.
#[must_use]
pub fn real_play_rate(family: BidFamily, open: f64) -> f64 {
    if open <= 0.0 {
        return 0.0;
    }
    match family.map() {
        None => open,
        Some((a, b)) => 1.0 / (1.0 + (-(a + b * logit(open))).exp()),
    }
}

/// What a bid swings by per defender between every part made and every part lost (its
/// scoring, no kontra): the payoff a point of made rate is worth.
#[must_use]
pub fn swing(a: &Announcement) -> f64 {
    let trump = a.trump.unwrap_or(Suit::Zold);
    a.bid
        .components()
        .into_iter()
        .map(|c| {
            f64::from(
                component_payoff(c, true, trump, a.scoring)
                    - component_payoff(c, false, trump, a.scoring),
            )
        })
        .sum()
}

/// A bid's expected payoff per defender with its made rate moved from the open-hand `open` to
/// the rate in play: `open_payoff` plus the difference of the rates times the [`swing`].
#[must_use]
pub fn real_play_payoff(a: &Announcement, open_payoff: f64, open: f64) -> f64 {
    open_payoff + (real_play_rate(BidFamily::of(&a.bid), open) - open) * swing(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn family(bid: &str) -> BidFamily {
        BidFamily::of(&bid.parse().expect("a standard bid"))
    }

    #[test]
    fn families_follow_the_strongest_contract() {
        assert_eq!(family("passz"), BidFamily::Passz);
        assert_eq!(family("ulti"), BidFamily::Ulti);
        assert_eq!(family("40-100+ulti"), BidFamily::Ulti);
        assert_eq!(family("20-100"), BidFamily::Hundred);
        assert_eq!(family("betli"), BidFamily::Betli);
        assert_eq!(family("durchmars"), BidFamily::Durchmars);
        assert_eq!(family("ulti+durchmars-adu"), BidFamily::Durchmars);
        assert_eq!(family("negy-tizes"), BidFamily::Other);
    }

    fn rate(f: BidFamily, p: f64) -> f64 {
        (real_play_rate(f, p) * 100.0).round()
    }

    /// What the measured maps say, as the guide says it.
    #[test]
    fn play_flattens_the_open_hand_rates() {
        for f in [BidFamily::Passz, BidFamily::Ulti, BidFamily::Hundred] {
            // A bid given 10 % open-hand is made about a quarter of the time in play, a
            // sure one about 94 % of the time.
            assert!(
                (24.0..=29.0).contains(&rate(f, 0.1)),
                "{f:?} {}",
                rate(f, 0.1)
            );
            assert!(
                (93.0..=96.0).contains(&rate(f, 1.0)),
                "{f:?} {}",
                rate(f, 1.0)
            );
            // Monotone: a better open-hand rate is a better rate in play.
            let mut last = 0.0;
            for k in 1..=100 {
                let r = real_play_rate(f, f64::from(k) / 100.0);
                assert!(r >= last, "{f:?} at {k} %");
                last = r;
            }
        }
        // Betli even more so; négy ász and négy tízes are made less often than open-hand
        // in the middle of the scale.
        assert!(rate(BidFamily::Betli, 0.1) > 35.0);
        assert!(rate(BidFamily::Other, 0.6) < 60.0);
        // Durchmars keeps its rate, and a row without a chance stays at 0.
        assert_eq!(real_play_rate(BidFamily::Durchmars, 0.37), 0.37);
        for f in BidFamily::ALL {
            assert_eq!(real_play_rate(f, 0.0), 0.0);
        }
    }

    fn announcement(id: &str) -> Announcement {
        crate::bids::standard_announcements()
            .into_iter()
            .find(|a| a.id() == id)
            .unwrap_or_else(|| panic!("no bid {id}"))
    }

    #[test]
    fn a_payoff_moves_by_the_swing_of_the_bid() {
        // Passz: +1 made, -1 lost. Ulti with its passz: +4 + 1 made, -8 - 1 lost. Piros
        // doubles both.
        assert_eq!(swing(&announcement("passz@Z")), 2.0);
        assert_eq!(swing(&announcement("ulti@Z")), 14.0);
        assert_eq!(swing(&announcement("ulti@P")), 28.0);
        let a = announcement("ulti@Z");
        let (open, pay) = (0.5, -2.0);
        let moved = real_play_payoff(&a, pay, open);
        let want = pay + (real_play_rate(BidFamily::Ulti, open) - open) * 14.0;
        assert!((moved - want).abs() < 1e-12 && moved > pay, "{moved}");
        // Durchmars keeps its payoff.
        let d = announcement("durchmars");
        assert_eq!(real_play_payoff(&d, 3.0, 0.6), 3.0);
    }
}
