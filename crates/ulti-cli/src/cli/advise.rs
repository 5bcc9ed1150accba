//! The arguments of `ulti advise`, `ulti advise-eval` and `ulti advise-bench`.

use std::num::NonZeroUsize;

use clap::Args;

use super::RuleFlags;

pub(super) const EVAL_EXAMPLES: &str = "\
Examples:
  ulti advise-eval --hands 100 --seed 1
  ulti advise-eval --hands 100 --seed 1 --confirm 0 --json > eval.json";

pub(super) const ADVISE_BENCH_EXAMPLES: &str = "\
Examples:
  ulti advise-bench --hands 1000 --seed 1 --threads 2
  ulti advise-bench --hands 200 --slowest 20 --json > times.json

Hand i of seed S is the soloist's twelve cards of `ulti advise-eval --seed S`'s deal i, advised
with seed S + i: each slow hand listed is repeated by `ulti advise --hand CARDS --seed S+i`.";

pub(super) const ADVISE_EXAMPLES: &str = "\
Examples:
  ulti advise --hand PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8 --samples 32 --seed 1
  ulti advise --deal 0070605040300173727021213323322232414341510112021303125263536 \\
              --contract passz --played PA,MU,Z8 --seat 0 --samples 100 --json

The bid advice samples the defenders' hands for each of the 66 discards and solves every
standard bid exactly on each sample (Perfect-Information Monte Carlo); the discards still in
contention get more samples. The card advice samples the cards the seat cannot see,
consistent with the play so far (voids, duties to beat and trump, the bid).";

/// Arguments of `ulti advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// Bid advice: the soloist's twelve cards (hand and talon), e.g. PA,PX,…
    #[arg(long, value_name = "CARDS", conflicts_with_all = ["deal", "contract", "played", "seat"])]
    pub hand: Option<String>,
    /// Card advice: the 61-digit deal code (only the seat's own view is taken from it).
    #[arg(long, value_name = "CODE", requires_all = ["contract", "seat"])]
    pub deal: Option<String>,
    /// Card advice: the bid being played (contract id, or ids joined with +).
    #[arg(long, value_name = "ID")]
    pub contract: Option<String>,
    /// Card advice: the cards played so far, in play order from trick 1.
    #[arg(long, value_name = "CARDS")]
    pub played: Option<String>,
    /// Card advice: the seat to play (0 soloist, 1 or 2 defender).
    #[arg(long, value_name = "N")]
    pub seat: Option<usize>,
    /// Samples: per finalist discard for the bid advice (default 32), layouts for the card
    /// advice (default 100).
    #[arg(long, value_name = "N")]
    pub samples: Option<u32>,
    /// Bid advice: fresh samples for each of the three leading bids, which are then ranked
    /// again on those alone (removes the optimism of rows chosen on their own samples).
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub confirm: u32,
    /// Bid advice: fresh samples for each ranked row after the three leading ones, which are
    /// then ranked again among themselves on those alone (0: the racing samples they were
    /// chosen on).
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub rest: u32,
    /// Card advice for passz, 40-100 and 20-100: win or lose only, without the exact card
    /// points after each card (several times faster).
    #[arg(long)]
    pub no_points: bool,
    /// Seed of the sampling (the same seed gives the same answer).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// House rules.
    #[command(flatten)]
    pub rules: RuleFlags,
}

/// Arguments of `ulti advise-eval`.
#[derive(Debug, Args)]
pub struct AdviseEvalArgs {
    /// How many random deals to judge (deal i of seed S is `Deal::random(S × 1000003 + i)`,
    /// so runs of different seeds share no deal).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub hands: u64,
    /// Samples per finalist discard of each advice (see `ulti advise`).
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub samples: u32,
    /// Fresh samples for each of the three leading bids (see `ulti advise --confirm`).
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub confirm: u32,
    /// Fresh samples for each ranked row after the three leading ones (see `ulti advise
    /// --rest`).
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub rest: u32,
    /// Seed of the deals and of the sampling.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// Also play the K leading ranked rows of each advice with a predicted win rate above 0
    /// out on the actual deal, the strong card player at every seat deciding from its own
    /// view: how often a bid is made in real play beside how often it is made open-hand.
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub real_play: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// House rules.
    #[command(flatten)]
    pub rules: RuleFlags,
}

/// Arguments of `ulti advise-bench`.
#[derive(Debug, Args)]
pub struct AdviseBenchArgs {
    /// How many random hands to time.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub hands: u64,
    /// Samples per finalist discard (see `ulti advise`).
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub samples: u32,
    /// Fresh samples for each of the three leading bids (see `ulti advise --confirm`).
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub confirm: u32,
    /// Fresh samples for each ranked row after the three leading ones (see `ulti advise
    /// --rest`).
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub rest: u32,
    /// Seed of the hands and of the sampling.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// How many of the slowest hands to list.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub slowest: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// House rules.
    #[command(flatten)]
    pub rules: RuleFlags,
}
