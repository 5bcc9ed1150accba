//! The exact double-dummy solver.
//!
//! Every question is reduced to zero-window searches "can the soloist force a value of at least
//! `need` from here?", where the value is additive per trick (card points in units of 10, tricks,
//! captured aces or tens, the ulti trick) or, for compound bids, the final payoff. The search is
//! an AND/OR alpha-beta with make/undo on `u32` bitboards, a transposition table of value bounds
//! at trick boundaries, equivalent cards searched once, cheap bounds for early cut-offs, and
//! heuristic move ordering.
//!
//! Internally cards are laid out as `suit * 8 + strength` (strength in the order of the game:
//! trump order or no-trump order), so "higher in the suit" is "higher bit".

use crate::rules::Game;

/// `i % 3` for the seat arithmetic of the search (`leader + offset`, at most 5), padded to 8
/// entries so that an index masked with `& 7` needs no bounds check.
const MOD3: [usize; 8] = [0, 1, 2, 0, 1, 2, 0, 1];

const SUIT_MASK: [u32; 4] = [0xFF, 0xFF00, 0x00FF_0000, 0xFF00_0000];

/// Default table size: 1 MiB, native and wasm alike (configurable with
/// [`Solver::with_memory`]). A typical solve stores far fewer entries, and each solve starts
/// on a new generation, so the buckets it touches first are cold: a smaller table keeps them
/// in the cache. Measured on shared/deals/random-1000.txt (scripts/bench-ab.sh, thread CPU,
/// one-line buckets): 1 MiB against 4 MiB, passz median -12 %, ulti -20 %, the p99 and max
/// no slower, every contract as fast or faster (earlier, with two-line buckets, 4 MiB was
/// faster than 16 MiB).
pub const DEFAULT_TT_BYTES: usize = 1 << 20;

mod board;
mod bounds;
mod goal;
mod keys;
mod line;
mod ordering;
mod payoff;
mod points;
mod query;
mod search;
mod setup;
mod stats;
mod tt;
mod win_lose;

pub use query::{CardValue, ComponentResult, Query, Question, Solution, SolveError};
pub use stats::SearchStats;

use board::Layout;
use goal::{Goal, PayoffSpec, Progress};
use tt::Tt;

/// The solver: owns its transposition table and search state; pass it `&mut`.
pub struct Solver {
    tt: Tt,
    nodes: u64,
    #[cfg(feature = "search-stats")]
    stats: SearchStats,
    // --- the position being searched ---
    hands: [u32; 3],
    trick: [u8; 3],
    trick_len: usize,
    leader: usize,
    tricks_done: usize,
    saved: [([u8; 3], u8); 10],
    progress: [Progress; 11],
    // --- the game ---
    layout: Layout,
    trump_mask: u32,
    points_mask: u32,
    aces_mask: u32,
    tens_mask: u32,
    /// The trump VII (internal bit), 0 in no-trump games.
    seven: u32,
    /// The trump VII when the ulti hold rule applies, else 0.
    hold7: u32,
    must_beat_after_trump: bool,
    goal: Goal,
    /// Cards with a role of their own for the goal: never merged with a neighbour.
    special: [u32; 3],
    /// The key code of each suit (see [`Solver::position_key`]) for each set of its live
    /// cards, computed on first use (0 = not yet): cards never change hands, so it depends
    /// on nothing else in one solve.
    suit_codes: Box<[[u32; 256]; 4]>,
    /// Is `suit_codes` cleared since the last set-up? (At the first table probe: many solves
    /// never probe.)
    codes_ready: bool,
    /// The hands dealt (before any card is played).
    dealt: [u32; 3],
    /// The cards the goal counts (card points, aces or tens; card points for the others).
    count_mask: u32,
    /// Live cards of `count_mask` (in the hands or the trick in progress) per trick number.
    live_count: [u8; 11],
    /// Each card's role (index + 1 of its `special` mask, 0 = none), shifted left by 2: the
    /// role bits of its nibble in the table key.
    roles: [u8; 32],
    spec: PayoffSpec,
    /// The bits of a payoff key's progress that some component of the bid reads.
    extra_mask: u16,
    /// Cards move ordering values above their card points.
    order_mask: u32,
    /// Per trick number, the last card that refuted at a trick boundary (the killer move):
    /// the first try at a boundary the table has no move for (see [`Solver::uses_killers`]).
    killers: [u8; 10],
    /// [`Solver::exact`] for card points climbs one unit at a time from the lower bound
    /// instead of splitting the range at a third: a proof that the soloist reaches a value is
    /// cheap, a refutation above the value is dear (on the first deal of
    /// shared/deals/speed-hard.tsv the probe at 60 cost 9,303 nodes before the one at 50 cost
    /// 18,545). Measured on shared/deals/random-1000.txt: passz -1.0 % nodes (-23 % on the
    /// deals worth 0, +8 % on those worth 50), 20-100 -3.2 %, but 40-100 +6.3 %, which keeps
    /// the split (its values lie higher).
    ascend: bool,
    /// Order the defenders' cards lowest first when they follow (see [`Solver::set_root_need`]).
    duck: bool,
    /// ... and when they lead.
    duck_lead: bool,
    /// The largest need from the root at which the defenders duck when they follow: 2 for
    /// passz, else 1.
    duck_need: i32,
    /// The second board of [`Solver::line`], kept between solves (its table is allocated once).
    aux: Option<Box<Solver>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table size.
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_memory(DEFAULT_TT_BYTES)
    }

    /// A solver whose transposition table uses at most `bytes`.
    #[must_use]
    pub fn with_memory(bytes: usize) -> Solver {
        let layout = Layout::new(true);
        Solver {
            tt: Tt::new(bytes),
            nodes: 0,
            #[cfg(feature = "search-stats")]
            stats: SearchStats::default(),
            hands: [0; 3],
            trick: [0; 3],
            trick_len: 0,
            leader: 0,
            tricks_done: 0,
            saved: [([0; 3], 0); 10],
            progress: [Progress::default(); 11],
            layout,
            trump_mask: 0,
            points_mask: 0,
            aces_mask: 0,
            tens_mask: 0,
            seven: 0,
            hold7: 0,
            must_beat_after_trump: false,
            goal: Goal::Points,
            special: [0; 3],
            roles: [0; 32],
            suit_codes: Box::new([[0; 256]; 4]),
            codes_ready: false,
            dealt: [0; 3],
            count_mask: 0,
            live_count: [0; 11],
            spec: PayoffSpec::default(),
            extra_mask: 0,
            order_mask: 0,
            aux: None,
            killers: [0xFF; 10],
            duck: false,
            duck_lead: false,
            duck_need: 1,
            ascend: true,
        }
    }

    /// The search statistics of the last solve (with the `search-stats` feature).
    #[cfg(feature = "search-stats")]
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Memory held by the transposition table, in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Solve a query from an empty table.
    ///
    /// # Errors
    /// A played card that breaks a rule.
    pub fn solve(&mut self, q: &Query) -> Result<Solution, SolveError> {
        let game = Game::with_played(&q.deal, &q.bid, q.rules, &[]).expect("the start is legal");
        let mut g = game;
        for (i, &c) in q.played.iter().enumerate() {
            g.play(c).map_err(|error| SolveError::IllegalPlay {
                index: i + 1,
                card: c,
                error,
            })?;
        }
        self.nodes = 0;
        #[cfg(feature = "search-stats")]
        {
            self.stats = SearchStats::default();
        }
        let mut sol = Solution {
            bid: q.bid.clone(),
            trump: q.bid.has_trumps().then_some(q.deal.trump),
            playable: true,
            unplayable_reason: None,
            soloist_wins: None,
            soloist_points: None,
            payoff: None,
            components: Vec::new(),
            line: Vec::new(),
            cards: Vec::new(),
            nodes: 0,
        };
        if let Some(reason) = q.bid.unplayable_reason(&q.deal) {
            sol.playable = false;
            sol.unplayable_reason = Some(reason.to_string());
            return Ok(sol);
        }
        self.configure(q);
        match q.bid.as_single() {
            Some(_) if q.payoff => self.solve_compound(q, &g, &mut sol),
            Some(c) if c.is_point_contract() && q.question == Question::WinLose => {
                self.solve_points_win_lose(q, c, &g, &mut sol);
            }
            Some(c) if c.is_point_contract() => self.solve_points(q, c, &g, &mut sol),
            Some(c) => self.solve_win_lose(q, c, &g, &mut sol),
            None => self.solve_compound(q, &g, &mut sol),
        }
        sol.nodes = self.nodes;
        Ok(sol)
    }
}
