//! The knowable cost of a card decision: how much money the card played loses on average
//! against the best card the seat could have chosen **from what it could see**, with a 95 %
//! interval. It separates skill from luck in the review of a deal: a card whose interval lies
//! above zero cost money on average whatever the hidden cards were (a mistake), while a card
//! that only lost on the layout as it lay (the open-hand comparison) was bad luck.
//!
//! The layouts are the card advice's ([`Sampler`], ChaCha8 streams of one seed), each solved
//! exactly for every legal card; the best card is the one with the highest mean money for the
//! seat over the layouts, and the loss of the card taken is the mean of the **paired**
//! differences best − taken on the same layouts, whose standard error gives the interval.
//! Sampling is adaptive: a first round of [`KnowableOptions::start`] layouts, doubled while the
//! interval straddles the mistake threshold, up to [`KnowableOptions::max`]. A forced card (one
//! legal card) costs exactly nothing without a layout. Like every advice function this takes a
//! [`SeatView`], never a deal, so it cannot read a hidden card.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::evaluate::Answer;
use super::{AdviseError, Executor, Sampler, SeatView, Task, rng_for};
use crate::card::Card;
use crate::deal::SOLOIST;

/// The normal quantile of a two-sided 95 % interval.
pub(crate) const Z95: f64 = 1.96;

/// Options of the knowable cost.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct KnowableOptions {
    /// The seed of the layouts.
    pub seed: u64,
    /// Layouts of the first round.
    pub start: u32,
    /// Most layouts: rounds double until the interval is clear of the threshold or this many.
    pub max: u32,
    /// Money the mean loss's lower end must exceed to call the decision a mistake.
    pub tolerance: f64,
}

impl Default for KnowableOptions {
    fn default() -> KnowableOptions {
        KnowableOptions {
            seed: 1,
            start: 16,
            max: 64,
            tolerance: 0.5,
        }
    }
}

/// The knowable cost of one decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Knowable {
    /// Mean money lost against the best choice on average (≥ 0 up to sampling: the best is
    /// chosen on the same layouts).
    pub mean: f64,
    /// Half the width of its 95 % interval (1.96 paired standard errors).
    pub half_width: f64,
    /// Layouts it was measured on (0: forced).
    pub layouts: u32,
    /// The best choice on average, in the record's words (a card's code).
    pub best: Option<String>,
}

impl Knowable {
    /// A forced decision: nothing to lose.
    #[must_use]
    pub fn forced() -> Knowable {
        Knowable {
            mean: 0.0,
            half_width: 0.0,
            layouts: 0,
            best: None,
        }
    }

    /// The lower end of the interval.
    #[must_use]
    pub fn low(&self) -> f64 {
        self.mean - self.half_width
    }

    /// Whether the decision cost money on average from what the seat could see: the
    /// interval's lower end above `tolerance`.
    #[must_use]
    pub fn mistake(&self, tolerance: f64) -> bool {
        self.low() > tolerance
    }

    /// Whether the interval straddles the threshold (more layouts could decide it).
    pub(crate) fn undecided(&self, tolerance: f64) -> bool {
        self.half_width > 0.0 && self.low() <= tolerance && self.mean + self.half_width > tolerance
    }
}

/// How a decision is judged in the review.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Judgement {
    /// It cost money on average from what the seat could see.
    Mistake,
    /// Not a mistake, but it lost money on the layout as it lay (open hands).
    BadLuck,
    /// Neither.
    Fine,
}

/// Judge a decision from its knowable cost and its open-hand cost on the actual layout
/// (money for the seat, ≥ 0).
#[must_use]
pub fn judge(k: &Knowable, open_hand_cost: f64, tolerance: f64) -> Judgement {
    if k.mistake(tolerance) {
        Judgement::Mistake
    } else if open_hand_cost > 0.0 {
        Judgement::BadLuck
    } else {
        Judgement::Fine
    }
}

/// Money for the seat of a payoff per defender: the soloist is paid by both defenders, a
/// defender pays its share.
#[must_use]
pub fn seat_money(seat: usize, payoff_per_defender: i32) -> f64 {
    if seat == SOLOIST {
        2.0 * f64::from(payoff_per_defender)
    } else {
        -f64::from(payoff_per_defender)
    }
}

/// The knowable cost of playing `taken` from `view` (the seat to play's view of the card play).
///
/// # Errors
/// No bid in the view, the seat not to play, `taken` not a legal card, zero layouts asked for,
/// or no consistent layout.
pub fn card_cost(
    view: &SeatView,
    taken: Card,
    opts: &KnowableOptions,
    exec: &mut dyn Executor,
) -> Result<Knowable, AdviseError> {
    let bid = view.bid().ok_or(AdviseError::NoBid)?.clone();
    view.require_turn()?;
    let legal: Vec<Card> = view.legal_cards().iter().collect();
    let Some(taken_at) = legal.iter().position(|&c| c == taken) else {
        return Err(AdviseError::NotLegal(taken));
    };
    if legal.len() == 1 {
        return Ok(Knowable::forced());
    }
    if opts.start == 0 || opts.max == 0 {
        return Err(AdviseError::NoSamples);
    }
    let mut sampler = Sampler::new(view)?;
    let played: Arc<[Card]> = view.played().into();
    // Money for the seat of each legal card, per layout.
    let mut values: Vec<Vec<f64>> = Vec::new();
    let mut want = opts.start.min(opts.max);
    loop {
        let from = values.len() as u32;
        let mut tasks = Vec::with_capacity((want - from) as usize);
        for k in from..want {
            let deal = sampler.sample(&mut rng_for(opts.seed, u64::from(k)))?;
            tasks.push(Task::cards(
                deal,
                bid.clone(),
                Arc::clone(&played),
                view.rules(),
                false,
            ));
        }
        for r in exec.run_all(&tasks) {
            let Answer::Cards(cards) = r.into_answer() else {
                unreachable!("a card task answers with cards")
            };
            let row = legal
                .iter()
                .map(|&c| {
                    let v = cards
                        .iter()
                        .find(|v| v.card == c)
                        .expect("the solver values every legal card");
                    seat_money(view.seat(), v.payoff.unwrap_or(0))
                })
                .collect();
            values.push(row);
        }
        let k = paired(&legal, &values, taken_at);
        if !k.undecided(opts.tolerance) || want >= opts.max {
            return Ok(k);
        }
        want = (want * 2).min(opts.max);
    }
}

/// The paired loss of choice `taken` against the best choice on average, over `values`
/// (per layout, the money of every choice); the best is named by its `choices` entry.
pub(crate) fn paired<T: ToString>(choices: &[T], values: &[Vec<f64>], taken: usize) -> Knowable {
    let n = values.len();
    let nf = n as f64;
    let means: Vec<f64> = (0..choices.len())
        .map(|i| values.iter().map(|row| row[i]).sum::<f64>() / nf)
        .collect();
    let best = (0..choices.len())
        .max_by(|&a, &b| means[a].total_cmp(&means[b]).then(b.cmp(&a)))
        .expect("at least two choices");
    let diffs: Vec<f64> = values.iter().map(|row| row[best] - row[taken]).collect();
    let (mean, se) = mean_se(&diffs);
    Knowable {
        mean,
        half_width: Z95 * se,
        layouts: n as u32,
        best: Some(choices[best].to_string()),
    }
}

/// A sample's mean and the standard error of that mean (0 for a single value).
pub(crate) fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = if xs.len() > 1 {
        xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (mean, (var / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(mean: f64, half_width: f64) -> Knowable {
        Knowable {
            mean,
            half_width,
            layouts: 16,
            best: None,
        }
    }

    #[test]
    fn a_mistake_needs_the_whole_interval_above_the_tolerance() {
        assert_eq!(judge(&k(10.0, 4.0), 0.0, 0.5), Judgement::Mistake);
        assert_eq!(judge(&k(3.0, 4.0), 8.0, 0.5), Judgement::BadLuck);
        assert_eq!(judge(&k(3.0, 4.0), 0.0, 0.5), Judgement::Fine);
        assert!(k(3.0, 4.0).undecided(0.5));
        assert!(!k(0.0, 0.0).undecided(0.5));
    }

    #[test]
    fn paired_differences_cancel_what_the_layouts_share() {
        let c = [
            Card::new(crate::card::Suit::Piros, crate::card::Rank::Seven),
            Card::new(crate::card::Suit::Piros, crate::card::Rank::Eight),
        ];
        // Choice 1 always loses 2 against choice 0, whatever the layout is worth.
        let v = vec![vec![10.0, 8.0], vec![-40.0, -42.0], vec![100.0, 98.0]];
        let r = paired(&c, &v, 1);
        assert!((r.mean - 2.0).abs() < 1e-9);
        assert!(r.half_width.abs() < 1e-9);
        assert_eq!(r.best.as_deref(), Some(c[0].to_string().as_str()));
        assert!(paired(&c, &v, 0).mean.abs() < 1e-9);
    }
}
