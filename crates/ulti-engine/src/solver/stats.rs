//! Search statistics, with the `search-stats` feature: where the nodes go, how often the
//! table and the static bounds answer, and at which move a node's cut-off falls (how good
//! the move ordering is). Without the feature every counter is compiled out.

/// Counters of one solve (reset by [`super::Solver::solve`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Zero-window searches started from the root (one per narrowing step).
    pub root_searches: u64,
    /// Nodes at a trick boundary (the table is probed there) and inside a trick.
    pub boundary_nodes: u64,
    pub inner_nodes: u64,
    /// Nodes answered by the static bounds before any move.
    pub bound_cuts: u64,
    /// Table probes that found the position, and those whose bounds answered at once.
    pub tt_hits: u64,
    pub tt_cuts: u64,
    /// Searched nodes (moves tried) with more than one move: cut off at the i-th move
    /// (`cut_at[9]`: the tenth or later), or with every move tried.
    pub cut_at: [u64; 10],
    pub all_tried: u64,
    /// Of those, the nodes whose first move was the table's hint, and how many of them cut.
    pub hinted: u64,
    pub hint_cuts: u64,
    /// Nodes by tricks played before them (the last trick is played out, not searched).
    pub by_trick: [u64; 10],
}

impl SearchStats {
    /// Cut-offs at the first move among the searched nodes that cut at all.
    #[must_use]
    pub fn first_move_cut_rate(&self) -> f64 {
        let cuts: u64 = self.cut_at.iter().sum();
        if cuts == 0 {
            0.0
        } else {
            self.cut_at[0] as f64 / cuts as f64
        }
    }
}

/// `stat!(self, field)` counts one, `stat!(self, field[i])` one in slot `i`: a no-op without
/// the `search-stats` feature.
macro_rules! stat {
    ($s:ident, $field:ident) => {
        #[cfg(feature = "search-stats")]
        {
            $s.stats.$field += 1;
        }
    };
    ($s:ident, $field:ident[$i:expr]) => {
        #[cfg(feature = "search-stats")]
        {
            $s.stats.$field[$i] += 1;
        }
    };
}
pub(super) use stat;
