//! One batch of the race's tasks, the discards that play alike ([`super::classes`]) sharing
//! each solve: a task asked for a second time (the same class of discard, the same defenders'
//! hands, the same bids, the same kind of answer) is not added again, its answer goes to every
//! owner.

use std::sync::Arc;

use crate::advise::Task;
use crate::card::CardSet;
use crate::deal::Deal;
use crate::rules::RuleOptions;

/// What makes two tasks of a batch the same question.
#[derive(PartialEq)]
struct Key {
    class: usize,
    defenders: [CardSet; 2],
    open: bool,
    wanted: Arc<[bool]>,
}

/// The tasks of a batch and the owners of each.
pub(super) struct Batch<O> {
    rules: RuleOptions,
    tasks: Vec<Task>,
    keys: Vec<Key>,
    owners: Vec<Vec<O>>,
}

impl<O> Batch<O> {
    /// An empty batch of tasks under `rules`.
    pub(super) fn new(rules: RuleOptions) -> Batch<O> {
        Batch {
            rules,
            tasks: Vec::new(),
            keys: Vec::new(),
            owners: Vec::new(),
        }
    }

    /// The bids `wanted` on `deal`, for a discard of class `class`, answered to `owner` (see
    /// [`Task::bids`] for `open`).
    pub(super) fn push(
        &mut self,
        class: usize,
        deal: Deal,
        wanted: Arc<[bool]>,
        open: bool,
        owner: O,
    ) {
        let key = Key {
            class,
            defenders: [deal.hand(1), deal.hand(2)],
            open,
            wanted,
        };
        match self.keys.iter().position(|k| *k == key) {
            Some(i) => self.owners[i].push(owner),
            None => {
                self.tasks
                    .push(Task::bids(deal, self.rules, Arc::clone(&key.wanted), open));
                self.keys.push(key);
                self.owners.push(vec![owner]);
            }
        }
    }

    /// The distinct tasks, and the owners of each.
    pub(super) fn into_parts(self) -> (Vec<Task>, Vec<Vec<O>>) {
        (self.tasks, self.owners)
    }
}
