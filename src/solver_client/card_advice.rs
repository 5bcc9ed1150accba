//! The card advice (the line viewer's "at the table" panel and the My hand page's card mode):
//! each [`Job::AdviseCard`] is shared by the pool's workers as [`Job::AdviseCardPart`] pieces
//! and merged here, and kept by its key once computed.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use leptos::prelude::*;
use ulti_engine::advise::{CardOptions, CardTallies, SeatView};

use super::pool::Pool;
use super::{ON_DEMAND, Target, unexpected};
use crate::protocol::{Answer, CardAdviceAnswer, Job};

/// Card advice answers kept before the cache starts over.
const MAX_CARD_ADVICE: usize = 256;

/// A card advice's answer ([`Job::AdviseCard`]).
#[derive(Clone, Debug, PartialEq)]
pub enum CardAdviceState {
    /// Queued or being computed.
    Pending,
    /// Computed, with the worker's time for it in ms.
    Ready(Box<CardAdviceAnswer>, f64),
    /// The engine rejected it (e.g. no consistent layout).
    Failed(String),
}

/// The key of a card advice in [`super::SolverClient::card_advice`]: the [`Job::AdviseCard`]
/// itself (equal jobs, equal keys).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardAdviceKey(Job);

impl CardAdviceKey {
    /// The key of `job`.
    #[must_use]
    pub fn of(job: &Job) -> CardAdviceKey {
        CardAdviceKey(job.clone())
    }
}

impl Hash for CardAdviceKey {
    /// Hashes the job's numbers and the seat (equal keys, equal hashes; the view itself is
    /// compared by `Eq`).
    fn hash<H: Hasher>(&self, state: &mut H) {
        if let Job::AdviseCard {
            view,
            samples,
            seed,
            points,
        } = &self.0
        {
            (view.seat(), samples, seed, points).hash(state);
        }
    }
}

/// A card advice shared by the pool's workers: the [`Job::AdviseCardPart`] pieces of a
/// [`Job::AdviseCard`] (samples split evenly, one piece per worker), or `None` when one worker
/// does it all (a pool of one, fewer samples than workers, or another job).
#[must_use]
pub fn card_pieces(job: &Job, workers: usize) -> Option<Vec<Job>> {
    let Job::AdviseCard {
        view,
        samples,
        seed,
        points,
    } = job
    else {
        return None;
    };
    let n = u32::try_from(workers).ok()?.min(*samples);
    (n > 1).then(|| {
        (0..n)
            .map(|k| Job::AdviseCardPart {
                view: view.clone(),
                samples: *samples,
                seed: *seed,
                points: *points,
                from: k * samples / n,
                to: (k + 1) * samples / n,
            })
            .collect()
    })
}

/// The pieces of a shared card advice answered so far.
struct Pieces {
    view: SeatView,
    opts: CardOptions,
    parts: Vec<Option<CardTallies>>,
    /// The longest piece's worker time.
    ms: f64,
}

/// The card advice asked for so far and the pieces under way.
#[derive(Clone, Copy)]
pub(super) struct CardAdvice {
    pool: Pool<Target>,
    advice: RwSignal<HashMap<CardAdviceKey, CardAdviceState>>,
    /// Card advice shared by several workers, by key, until every piece is in.
    pieces: StoredValue<HashMap<CardAdviceKey, Pieces>, LocalStorage>,
}

impl CardAdvice {
    pub fn new(pool: Pool<Target>) -> CardAdvice {
        CardAdvice {
            pool,
            advice: RwSignal::new(HashMap::new()),
            pieces: StoredValue::new_local(HashMap::new()),
        }
    }

    /// The card advice asked for so far, by [`CardAdviceKey`].
    pub fn get(&self) -> ReadSignal<HashMap<CardAdviceKey, CardAdviceState>> {
        self.advice.read_only()
    }

    /// Ask for the card advice the page shows now ([`Job::AdviseCard`] jobs; others are
    /// ignored). Advice already known is not computed again; queued advice no longer asked for
    /// is dropped (cancelled). A job already with a worker runs to its end (a worker does one
    /// job at a time) and its answer is kept.
    pub fn want(&self, jobs: Vec<Job>) {
        let wanted: Vec<(CardAdviceKey, Job)> = jobs
            .into_iter()
            .filter(|j| matches!(j, Job::AdviseCard { .. }))
            .map(|j| (CardAdviceKey::of(&j), j))
            .collect();
        let mut dropped: Vec<CardAdviceKey> = Vec::new();
        self.pool.retain(|t| match t.card_advice_key() {
            Some(key) if !wanted.iter().any(|(k, _)| k == key) => {
                if !dropped.contains(key) {
                    dropped.push(key.clone());
                }
                false
            }
            _ => true,
        });
        self.pieces.update_value(|p| {
            for k in &dropped {
                p.remove(k);
            }
        });
        let new: Vec<(CardAdviceKey, Job)> = self.advice.with_untracked(|a| {
            wanted
                .into_iter()
                .filter(|(k, _)| !a.contains_key(k) || dropped.contains(k))
                .collect()
        });
        if dropped.is_empty() && new.is_empty() {
            return;
        }
        self.advice.update(|a| {
            if a.len() > MAX_CARD_ADVICE {
                a.retain(|_, s| *s == CardAdviceState::Pending);
            }
            for k in &dropped {
                a.remove(k);
            }
            for (k, _) in &new {
                a.insert(k.clone(), CardAdviceState::Pending);
            }
        });
        if new.is_empty() {
            return;
        }
        self.pool.ensure_started();
        let workers = self.pool.workers();
        for (key, job) in new {
            let Some(pieces) = card_pieces(&job, workers) else {
                self.pool.push(ON_DEMAND, job, Target::CardAdvice { key });
                continue;
            };
            if let Job::AdviseCard {
                view,
                samples,
                seed,
                points,
            } = job
            {
                let parts = Pieces {
                    view,
                    opts: CardOptions {
                        samples,
                        seed,
                        points,
                    },
                    parts: vec![None; pieces.len()],
                    ms: 0.0,
                };
                self.pieces.update_value(|p| {
                    p.insert(key.clone(), parts);
                });
            }
            for (part, job) in pieces.into_iter().enumerate() {
                self.pool.push(
                    ON_DEMAND,
                    job,
                    Target::CardAdvicePart {
                        key: key.clone(),
                        part,
                    },
                );
            }
        }
        self.pool.dispatch();
    }

    /// A whole card advice's answer.
    pub fn answer(&self, key: CardAdviceKey, answer: Result<Answer, String>, ms: f64) {
        let entry = match answer {
            Ok(Answer::AdviseCard(a)) => CardAdviceState::Ready(a, ms),
            Ok(_) => CardAdviceState::Failed(unexpected()),
            Err(e) => CardAdviceState::Failed(e),
        };
        // Kept even when no longer asked for: going back to the position shows it.
        self.advice.update(|a| {
            a.insert(key, entry);
        });
    }

    /// A piece of a shared card advice: kept until every piece is in, then merged into the
    /// advice; a failed piece fails the advice (and its other queued pieces are dropped).
    pub fn piece(&self, key: CardAdviceKey, part: usize, answer: Result<Answer, String>, ms: f64) {
        let done = self
            .pieces
            .try_update_value(|m| {
                let p = m.get_mut(&key)?;
                let piece = match answer {
                    Ok(Answer::AdviseCardPart(t)) => Ok(*t),
                    Ok(_) => Err(unexpected()),
                    Err(e) => Err(e),
                };
                match piece {
                    Ok(t) => {
                        p.parts[part] = Some(t);
                        p.ms = p.ms.max(ms);
                        if p.parts.iter().any(Option::is_none) {
                            return None;
                        }
                        let p = m.remove(&key)?;
                        let mut all = p.parts.into_iter().flatten();
                        let mut sum = all.next()?;
                        for t in all {
                            sum.merge(t);
                        }
                        let advice = sum.advice(&p.view, &p.opts);
                        Some(CardAdviceState::Ready(Box::new(advice.into()), p.ms))
                    }
                    Err(e) => {
                        m.remove(&key);
                        Some(CardAdviceState::Failed(e))
                    }
                }
            })
            .flatten();
        let Some(entry) = done else { return };
        if matches!(entry, CardAdviceState::Failed(_)) {
            self.pool.retain(|t| t.card_advice_key() != Some(&key));
        }
        // Kept even when no longer asked for: going back to the position shows it.
        self.advice.update(|a| {
            a.insert(key, entry);
        });
    }

    /// Forget the advice still waiting (the pool failed, or the analysis was cleared).
    pub fn drop_pending(&self) {
        self.advice
            .update(|a| a.retain(|_, s| *s != CardAdviceState::Pending));
    }

    /// Forget the pieces under way (the pool failed).
    pub fn drop_pieces(&self) {
        self.pieces.set_value(HashMap::new());
    }
}
