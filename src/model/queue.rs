//! The pool's job queue: lowest priority number first, first in first out within a priority.

/// A priority queue that keeps insertion order within a priority (small: tens of jobs).
#[derive(Clone, Debug, PartialEq)]
pub struct JobQueue<T> {
    items: Vec<(u8, T)>,
}

impl<T> Default for JobQueue<T> {
    fn default() -> JobQueue<T> {
        JobQueue { items: Vec::new() }
    }
}

impl<T> JobQueue<T> {
    /// An empty queue.
    #[must_use]
    pub fn new() -> JobQueue<T> {
        JobQueue::default()
    }

    /// Add `item` behind every item of the same or a lower priority number.
    pub fn push(&mut self, priority: u8, item: T) {
        self.items.push((priority, item));
    }

    /// Take the first item of the lowest priority number.
    pub fn pop(&mut self) -> Option<T> {
        let best = self.items.iter().map(|(p, _)| *p).min()?;
        let i = self.items.iter().position(|(p, _)| *p == best)?;
        Some(self.items.remove(i).1)
    }

    /// Keep only the items for which `keep` holds (order unchanged).
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.items.retain(|(_, item)| keep(item));
    }

    /// Drop every item.
    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// Number of items.
    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Is the queue empty?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urgent_jobs_jump_the_queue_and_equal_ones_keep_their_order() {
        let mut q = JobQueue::new();
        q.push(3, "bid 1");
        q.push(2, "cell 1");
        q.push(3, "bid 2");
        q.push(2, "cell 2");
        assert_eq!(q.pop(), Some("cell 1"));
        q.push(0, "what-if");
        assert_eq!(q.pop(), Some("what-if"));
        assert_eq!(q.pop(), Some("cell 2"));
        assert_eq!(q.len(), 2);
        q.retain(|j| *j != "bid 1");
        assert_eq!(q.pop(), Some("bid 2"));
        assert_eq!(q.pop(), None);
        assert!(q.is_empty());
        q.push(1, "x");
        q.clear();
        assert!(q.is_empty());
    }
}
