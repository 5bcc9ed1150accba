//! One module per subcommand; each writes its answer to `out`.

pub mod advise;
pub mod advise_bench;
pub mod advise_eval;
pub mod batch;
pub mod bench;
pub mod deal;
pub mod puzzles;
pub mod real_play;
pub mod replay;
pub mod seat;
pub mod solve;
pub mod stats;
pub mod table_match;
pub mod versus;
