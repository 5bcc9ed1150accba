//! The card advice: each legal card's expected result over layouts of the hidden cards
//! consistent with the seat's view, in pieces that merge into exactly the whole answer.

use serde::{Deserialize, Serialize};

use super::{
    AdviseError, CardAdvice, CardOptions, CardRow, Executor, STRATEGY_FUSION_CAVEAT, Sampler,
    SeatView, Task, close_call, rng_for,
};
use std::sync::Arc;

use crate::card::Card;
use crate::deal::SOLOIST;

use super::evaluate::Answer;
use super::report::Tally;

/// Which card to play, from what the seat to play sees: each legal card's expected result
/// over layouts of the hidden cards consistent with the view, best first for that seat.
///
/// # Errors
/// No bid in the view, the seat not to play (or the game over), zero samples, or no
/// consistent layout.
pub fn advise_card(
    view: &SeatView,
    opts: &CardOptions,
    exec: &mut dyn Executor,
) -> Result<CardAdvice, AdviseError> {
    Ok(card_tallies(view, opts, 0..opts.samples, exec)?.advice(view, opts))
}

/// The card advice's sums over samples `range` of its `opts.samples` (sample `k` is the same
/// layout whichever piece solves it): pieces solved apart (the page's workers) and
/// [`CardTallies::merge`]d give exactly [`advise_card`]'s answer.
///
/// # Errors
/// As [`advise_card`]; an empty range or one beyond `opts.samples` is zero samples.
pub fn card_tallies(
    view: &SeatView,
    opts: &CardOptions,
    range: std::ops::Range<u32>,
    exec: &mut dyn Executor,
) -> Result<CardTallies, AdviseError> {
    let bid = view.bid().ok_or(AdviseError::NoBid)?.clone();
    view.require_turn()?;
    if range.is_empty() || range.end > opts.samples {
        return Err(AdviseError::NoSamples);
    }
    let mut sampler = Sampler::new(view)?;
    let played: Arc<[Card]> = view.played().into();
    let mut tasks = Vec::with_capacity(range.len());
    for k in range.clone() {
        let mut rng = rng_for(opts.seed, u64::from(k));
        let deal = sampler.sample(&mut rng)?;
        tasks.push(Task::cards(
            deal,
            bid.clone(),
            Arc::clone(&played),
            view.rules(),
            opts.points,
        ));
    }
    let mut rows: Vec<(Card, Tally, bool)> = Vec::new();
    for r in exec.run_all(&tasks) {
        let Answer::Cards(values) = r.into_answer() else {
            unreachable!("a card task answers with cards")
        };
        for v in values {
            let i = match rows.iter().position(|(c, _, _)| *c == v.card) {
                Some(i) => i,
                None => {
                    rows.push((v.card, Tally::default(), false));
                    rows.len() - 1
                }
            };
            rows[i].2 |= v.soloist_points.is_some();
            rows[i]
                .1
                .add(v.soloist_wins, v.payoff.unwrap_or(0), v.soloist_points);
        }
    }
    Ok(CardTallies {
        rows,
        samples: range.len() as u32,
        rejected: sampler.rejected(),
        layouts: sampler.layouts(),
    })
}

/// Per legal card, the sums of its results over some samples of a card advice
/// ([`card_tallies`]). Serializable (also with bincode), for the page's workers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardTallies {
    /// Card, its sums, whether card points were counted.
    rows: Vec<(Card, Tally, bool)>,
    samples: u32,
    rejected: u64,
    layouts: u64,
}

impl CardTallies {
    /// Add another piece's sums (of other samples of the same advice).
    pub fn merge(&mut self, other: CardTallies) {
        for (card, t, pts) in other.rows {
            match self.rows.iter_mut().find(|r| r.0 == card) {
                Some(r) => {
                    r.1.merge(&t);
                    r.2 |= pts;
                }
                None => self.rows.push((card, t, pts)),
            }
        }
        self.samples += other.samples;
        self.rejected += other.rejected;
    }

    /// Samples summed so far.
    #[must_use]
    pub fn samples(&self) -> u32 {
        self.samples
    }

    /// The advice from these sums: each card's statistics, best first for the seat to play.
    ///
    /// # Panics
    /// A view without a bid (the tallies could not have been made).
    #[must_use]
    pub fn advice(self, view: &SeatView, opts: &CardOptions) -> CardAdvice {
        let bid = view
            .bid()
            .expect("card tallies come from a view with a bid");
        let mut cards: Vec<CardRow> = self
            .rows
            .into_iter()
            .map(|(card, t, has_points)| CardRow {
                card,
                stats: t.stats(),
                expected_points: has_points.then(|| t.points as f64 / f64::from(t.n.max(1))),
            })
            .collect();
        let soloist = view.seat() == SOLOIST;
        cards.sort_by(|x, y| {
            let key = |r: &CardRow| {
                (
                    r.stats.expected_payoff,
                    r.stats.win_prob,
                    r.expected_points.unwrap_or(0.0),
                )
            };
            let (a, b) = (key(x), key(y));
            let ord =
                a.0.total_cmp(&b.0)
                    .then(a.1.total_cmp(&b.1))
                    .then(a.2.total_cmp(&b.2));
            let ord = if soloist { ord.reverse() } else { ord };
            ord.then(x.card.cmp(&y.card))
        });
        CardAdvice {
            seat: view.seat(),
            bid: bid.to_string(),
            seed: opts.seed,
            samples: opts.samples,
            rejected: self.rejected,
            layouts: self.layouts,
            close_call: cards.len() > 1 && close_call(&cards[0].stats, &cards[1].stats),
            cards,
            caveat: STRATEGY_FUSION_CAVEAT.to_string(),
        }
    }
}
