//! The arguments of `ulti puzzles generate|verify|calibrate`.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Args, Subcommand};

pub(super) const PUZZLE_EXAMPLES: &str = "\
Examples:
  ulti puzzles generate --count 2400 --seed 38 --out puzzles/set.json
  ulti puzzles generate --count 50 --seed 1 --out - --rules default
  ulti puzzles verify puzzles/set.json --sample 100 --deep
  ulti puzzles calibrate puzzles/set.json --level strong --count 200

A puzzle is a position (deal, bid, cards played, house rules) where the seat to move has
exactly one right answer: one card, or equivalent cards (adjacent in rank, nothing live
between them, the same value), that keep the verdict of `ulti solve --all-cards`; every
other legal card changes it. Candidate N of a run depends only on the seed and N, so any
number of threads (or python -m ulti_solver.puzzles on Ray) writes the same file.";

/// `ulti puzzles …`.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Examine candidate positions from random and biased deals until COUNT puzzles are
    /// kept; write them as a JSON array (one puzzle per line) and print the run's tally as
    /// one JSON object.
    #[command(after_help = PUZZLE_EXAMPLES)]
    Generate(PuzzleGenerateArgs),
    /// Re-solve puzzles of a file: the right cards exactly those that keep the verdict, one
    /// answer among at least three, every wrong card's refutation legal and reaching the
    /// other verdict. Exit status 1 when one fails.
    #[command(after_help = PUZZLE_EXAMPLES)]
    Verify(PuzzleVerifyArgs),
    /// A computer player tries puzzles of a file from its own seat's view: the share it
    /// solves per difficulty band, as one JSON object.
    #[command(after_help = PUZZLE_EXAMPLES)]
    Calibrate(PuzzleCalibrateArgs),
}

/// Arguments of `ulti puzzles generate`.
#[derive(Debug, Args)]
pub struct PuzzleGenerateArgs {
    /// Puzzles to keep.
    #[arg(long, value_name = "N")]
    pub count: usize,
    /// The run's seed.
    #[arg(long, value_name = "S")]
    pub seed: u64,
    /// The puzzle file to write (`-`: standard output, then the tally goes to standard
    /// error).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// A rule set, as house-rule ids comma-separated (`rules=` of the app) or `default`;
    /// repeat for several, taken in turn (default: `default` and
    /// `must-beat-after-trump,marriage-needs-trick`).
    #[arg(long, value_name = "IDS")]
    pub rules: Vec<String>,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
}

/// Arguments of `ulti puzzles verify`.
#[derive(Debug, Args)]
pub struct PuzzleVerifyArgs {
    /// The puzzle file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Check only this many puzzles, drawn with --seed (default: all).
    #[arg(long, value_name = "K")]
    pub sample: Option<usize>,
    /// The seed of the sample.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Also solve every position of every line (each refutation never lets the verdict go).
    #[arg(long)]
    pub deep: bool,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
}

/// Arguments of `ulti puzzles calibrate`.
#[derive(Debug, Args)]
pub struct PuzzleCalibrateArgs {
    /// The puzzle file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The computer player: easy, normal or strong.
    #[arg(long, value_name = "LEVEL")]
    pub level: String,
    /// Puzzles to try, spread over the difficulty bands.
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub count: usize,
    /// The seed of the sample and of the player.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
}
