//! Uniform sampling of the hidden cards consistent with a [`SeatView`].
//!
//! The per-card constraints the view derives (a place cannot hold a card: voids, "no trump",
//! "nothing higher than X", the talon for négy ász; the soloist must hold the bid's cards)
//! are sampled **exactly** uniformly: a table counts the ways to complete the layout from
//! each card on with the places' remaining room, and each card goes to a place with
//! probability proportional to the completions it leaves. Whatever the per-card constraints
//! cannot say (20-100's "some side marriage", a replay of the played cards under the full
//! rules as a safety net) is then checked on the whole layout and the layout redrawn when it
//! fails: rejection from a uniform draw over a superset stays uniform over the consistent
//! layouts.
//!
//! A view that carries the auction's [`Evidence`](super::Evidence) keeps each consistent
//! layout with probability its weight: the samples then follow the uniform distribution
//! reweighted by what the seats said (rejection sampling; the weight's floor bounds the
//! redraws).
//!
//! The random numbers come from ChaCha8 with a seed and a stream number, so a sample depends
//! only on (view, seed, stream) and is the same natively and in wasm.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::view::{SeatView, TALON};
use crate::card::{Card, CardSet};
use crate::deal::Deal;

/// A random number generator for sample `stream` of a run seeded with `seed`.
#[must_use]
pub fn rng_for(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// A uniform number in `0..n` (`n > 0`), the same on every platform (Lemire's method).
pub(crate) fn below(rng: &mut impl RngCore, n: u64) -> u64 {
    debug_assert!(n > 0);
    let threshold = n.wrapping_neg() % n;
    loop {
        let m = u128::from(rng.next_u64()) * u128::from(n);
        if (m as u64) >= threshold {
            return (m >> 64) as u64;
        }
    }
}

/// 53 random bits as a uniform number in `[0, 1)`, the same on every platform.
pub(crate) fn unit(rng: &mut impl RngCore) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Most layouts a single sample may reject before the view is declared (nearly)
/// inconsistent.
const MAX_REJECTIONS: u32 = 100_000;

/// Draws layouts of the hidden cards of one view.
#[derive(Clone, Debug)]
pub struct Sampler {
    view: SeatView,
    /// The hidden places (seats, or [`TALON`]), at most three.
    places: Vec<usize>,
    /// The room in each hidden place (0 for missing places).
    caps: [usize; 3],
    /// The unseen cards in index order.
    cards: Vec<Card>,
    /// For each unseen card, the hidden places (bits over `places`) that may hold it.
    allowed: Vec<u8>,
    /// Completions: `counts[(i * 11 + a) * 11 + b]` for cards `i..` with room `a` and `b` left
    /// in the first two places (the third's room follows).
    counts: Vec<u64>,
    /// What each place visibly holds (seats: the viewer's hand, others' played cards;
    /// the soloist's talon).
    known: [CardSet; 4],
    rejected: u64,
}

/// The view allows no layout of the hidden cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no layout of the hidden cards agrees with what this seat has seen")]
pub struct NoLayout;

impl Sampler {
    /// A sampler for `view`.
    ///
    /// # Errors
    /// When no layout of the hidden cards is consistent with the per-card constraints.
    pub fn new(view: &SeatView) -> Result<Sampler, NoLayout> {
        let seat = view.seat();
        let mut known = [CardSet::EMPTY; 4];
        let mut places = Vec::new();
        let mut caps = [0usize; 3];
        for (s, k) in known.iter_mut().enumerate().take(3) {
            if s == seat {
                *k = view.hand();
            } else {
                *k = view.played_by(s);
                caps[places.len()] = 10 - k.len() as usize;
                places.push(s);
            }
        }
        match view.talon() {
            Some(t) => known[TALON] = t,
            None => {
                caps[places.len()] = 2;
                places.push(TALON);
            }
        }
        let cards: Vec<Card> = view.unseen().iter().collect();
        if cards.len() != caps.iter().sum::<usize>() {
            return Err(NoLayout);
        }
        let required = view.required();
        let allowed: Vec<u8> = cards
            .iter()
            .map(|&c| {
                places
                    .iter()
                    .enumerate()
                    .filter(|&(_, &p)| {
                        !view.excluded(p).contains(c) && (!required.contains(c) || p == 0)
                    })
                    .fold(0u8, |m, (k, _)| m | 1 << k)
            })
            .collect();
        // A required card visible outside the soloist's hand makes the view inconsistent.
        let soloist_visible = known[0];
        let elsewhere = CardSet(!view.unseen().0 & !soloist_visible.0);
        if required.0 & elsewhere.0 != 0 && seat != 0 {
            return Err(NoLayout);
        }
        let n = cards.len();
        let mut counts = vec![0u64; (n + 1) * 121];
        counts[n * 121] = 1;
        for i in (0..n).rev() {
            let left = n - i;
            for a in 0..=caps[0].min(left) {
                for b in 0..=caps[1].min(left - a) {
                    let c = left - a - b;
                    if c > caps[2] {
                        continue;
                    }
                    let m = allowed[i];
                    let next = |a: usize, b: usize| counts[((i + 1) * 11 + a) * 11 + b];
                    let mut total = 0u64;
                    if m & 1 != 0 && a > 0 {
                        total += next(a - 1, b);
                    }
                    if m & 2 != 0 && b > 0 {
                        total += next(a, b - 1);
                    }
                    if m & 4 != 0 && c > 0 {
                        total += next(a, b);
                    }
                    counts[(i * 11 + a) * 11 + b] = total;
                }
            }
        }
        let sampler = Sampler {
            view: view.clone(),
            places,
            caps,
            cards,
            allowed,
            counts,
            known,
            rejected: 0,
        };
        if sampler.layouts() == 0 {
            return Err(NoLayout);
        }
        Ok(sampler)
    }

    /// The number of layouts that satisfy the per-card constraints (before the whole-layout
    /// checks).
    #[must_use]
    pub fn layouts(&self) -> u64 {
        self.counts[self.caps[0] * 11 + self.caps[1]]
    }

    /// Layouts rejected so far by the whole-layout checks.
    #[must_use]
    pub fn rejected(&self) -> u64 {
        self.rejected
    }

    /// One uniformly random consistent layout, as a full deal (the view's trump).
    ///
    /// # Errors
    /// When [`MAX_REJECTIONS`] layouts in a row fail the whole-layout checks.
    pub fn sample(&mut self, rng: &mut impl RngCore) -> Result<Deal, NoLayout> {
        for _ in 0..MAX_REJECTIONS {
            let deal = self.draw(rng);
            if self.kept(&deal, rng) && self.view.consistent(&deal) {
                return Ok(deal);
            }
            self.rejected += 1;
        }
        Err(NoLayout)
    }

    /// Whether a consistent layout is kept: always, unless the view weighs layouts by the
    /// auction ([`SeatView::with_evidence`]); then with probability its weight.
    fn kept(&self, deal: &Deal, rng: &mut impl RngCore) -> bool {
        self.view
            .evidence()
            .is_none_or(|e| unit(rng) < e.weight(deal, self.view.seat()))
    }

    /// One layout satisfying the per-card constraints, uniformly.
    fn draw(&self, rng: &mut impl RngCore) -> Deal {
        let mut got = [CardSet::EMPTY; 3];
        let (mut a, mut b) = (self.caps[0], self.caps[1]);
        let n = self.cards.len();
        for (i, &card) in self.cards.iter().enumerate() {
            let c = n - i - a - b;
            let m = self.allowed[i];
            let next = |a: usize, b: usize| self.counts[((i + 1) * 11 + a) * 11 + b];
            let w = [
                if m & 1 != 0 && a > 0 {
                    next(a - 1, b)
                } else {
                    0
                },
                if m & 2 != 0 && b > 0 {
                    next(a, b - 1)
                } else {
                    0
                },
                if m & 4 != 0 && c > 0 { next(a, b) } else { 0 },
            ];
            let mut r = below(rng, w[0] + w[1] + w[2]);
            let mut k = 0;
            while r >= w[k] {
                r -= w[k];
                k += 1;
            }
            got[k].insert(card);
            match k {
                0 => a -= 1,
                1 => b -= 1,
                _ => {}
            }
        }
        let mut hands = [self.known[0], self.known[1], self.known[2]];
        for (k, &p) in self.places.iter().enumerate() {
            if p < 3 {
                hands[p].0 |= got[k].0;
            }
        }
        Deal::new(self.view.trump(), hands).expect("a layout fills every hand with ten cards")
    }
}
