//! The command-line interface: subcommands, arguments and help texts (clap derive).

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use ulti_engine::{Question, RuleOptions};

mod advise;
mod puzzles;

use advise::{ADVISE_BENCH_EXAMPLES, ADVISE_EXAMPLES, EVAL_EXAMPLES};
pub use advise::{AdviseArgs, AdviseBenchArgs, AdviseEvalArgs};
pub use puzzles::{PuzzleCalibrateArgs, PuzzleGenerateArgs, PuzzleVerifyArgs, PuzzlesCommand};

/// How deals, cards and contracts are written (the end of several commands' help).
macro_rules! notation {
    () => {
        "Deal codes have 61 digits (trump digit, then 30 cards as suit+value digits: soloist,
defender 1, defender 2). Cards are named by suit P/Z/M/T and rank 7/8/9/X/U/O/K/A, e.g. PA.
Contracts: passz, 40-100, ulti, betli, durchmars, durchmars-adu, 20-100, negy-asz,
negy-tizes; join trump contracts with + for a compound bid (40-100+ulti)."
    };
}

const EXAMPLES: &str = concat!(
    "\
Examples:
  ulti solve --deal 0070605040302012737173112323313143435151620212322242526103011 --contract passz
  ulti bids  --deal 0202122232425262700013736351514021334331207060504031716323111
  ulti advise --hand PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8
  ulti match --whole-game --players strong,normal,easy --deals 100 --records games.jsonl
  ulti replay game.json

",
    notation!(),
    "

Each command has its own --help. The user guide (docs/ in the repository, guide/ beside the
web app) explains every command and format."
);

const SOLVE_EXAMPLES: &str = concat!(
    "\
Examples:
  ulti solve --deal 0070605040302012737173112323313143435151620212322242526103011 --contract passz
  ulti solve --deal 0070605040300173727021213323322232414341510112021303125263536 \\
             --contract 40-100+ulti --played PA,MU,Z8 --all-cards --json

",
    notation!()
);

const DEAL_EXAMPLES: &str = concat!(
    "\
Examples:
  ulti table --deal 0202122232425262700013736351514021334331207060504031716323111
  ulti bids  --deal 0202122232425262700013736351514021334331207060504031716323111 --json

",
    notation!()
);

const BATCH_EXAMPLES: &str = concat!(
    "\
Examples:
  ulti batch positions.txt --threads 2 > results.jsonl
  printf '%s passz\\n' 0070605040302012737173112323313143435151620212322242526103011 | ulti batch

Each output line is the object `ulti solve --json` prints for that position, with its
input_line; a line that cannot be solved prints {\"input_line\": N, \"error\": \"…\"} and the
exit status is 1.

",
    notation!()
);

const BENCH_EXAMPLES: &str = "\
Examples:
  ulti bench --deals shared/deals/random-1000.txt --contracts passz,ulti --limit 200
  ulti bench --contracts 40-100,20-100 --question win-lose --clock cpu
  ulti bench --deals shared/deals/speed-hard.tsv --must-beat-after-trump --per-deal --repeat 5";

/// Exact double-dummy solver for Ulti, the Hungarian three-player card game: solve deals,
/// advise from one seat, play computer players against each other, replay recorded games.
#[derive(Debug, Parser)]
#[command(name = "ulti", version, after_help = EXAMPLES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one position: is the contract playable, does the soloist win, the card points
    /// they can force, one optimal line (and each legal card's value with --all-cards).
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Every contract under every trump for a deal, then every standard bid's payoff.
    #[command(after_help = DEAL_EXAMPLES)]
    Table(DealArgs),
    /// Every standard bid's payoff for a deal, best bid marked.
    #[command(after_help = DEAL_EXAMPLES)]
    Bids(DealArgs),
    /// Solve many positions in parallel: input lines `CODE CONTRACT [PLAYED]` (blank lines and
    /// `#` comments skipped), one JSON object per line out, in input order.
    #[command(after_help = BATCH_EXAMPLES)]
    Batch(BatchArgs),
    /// Real-table advice from what one seat can see: with --hand, which two cards to discard
    /// and what to bid; with --deal/--contract/--seat, which card that seat should play
    /// (only its own hand, the played cards and the bid are read from the deal).
    #[command(after_help = ADVISE_EXAMPLES)]
    Advise(AdviseArgs),
    /// Judge the bid advice: for seeded random deals, the advised bid and discard from the
    /// soloist's twelve cards, its predicted win rate against the double-dummy truth of the
    /// actual deal (calibration by decile, Brier score, ROC-AUC), and the payoff per deal
    /// lost against a player who sees every card.
    #[command(after_help = EVAL_EXAMPLES)]
    AdviseEval(AdviseEvalArgs),
    /// Time the bid advice: seeded random twelve-card hands raced as `ulti advise --hand`
    /// races them; the median, p90, p99 and max answer time, and the slowest hands with their
    /// time by stage (rounds, open payoffs resolved, confirmation).
    #[command(after_help = ADVISE_BENCH_EXAMPLES)]
    AdviseBench(AdviseBenchArgs),
    /// Computer players against each other: seeded random deals, each played twice on the same
    /// cards (A soloist against B defending, then B soloist against A), and the average payoff
    /// per deal of each with a 95 % confidence interval.
    #[command(after_help = MATCH_EXAMPLES)]
    Match(MatchArgs),
    /// Time the solver on a list of deals: per contract, playable count, median, p90, p99 and
    /// max milliseconds and Mnodes/s (one thread, an empty table per solve, answers only).
    #[command(after_help = BENCH_EXAMPLES)]
    Bench(BenchArgs),
    /// Replay a whole game from its ulti-game/1 record: every action checked; the auction, the
    /// soloist, the bid and its trump, each unit's kontra level, each component's result and
    /// each seat's payment, or whose turn it is in a game in progress. An illegal action ends
    /// it with exit status 2 and the rule it breaks.
    #[command(after_help = REPLAY_EXAMPLES)]
    Replay(ReplayArgs),
    /// The next action of a computer player for the seat whose turn it is in a game record
    /// in progress (or for --seat, e.g. the soloist's rekontra between tricks 1 and 2: `none`
    /// when it says none), decided from that seat's view only (cheater: every hand).
    #[command(after_help = SEAT_EXAMPLES)]
    Move(MoveArgs),
    /// A long-running computer player for harnesses: one JSON request per line on standard
    /// input, one JSON answer per line on standard output, until {"quit": true}.
    #[command(after_help = ENGINE_NOTES)]
    Engine,
    /// Puzzles the solver can prove: generate a set, verify a set, calibrate its difficulty
    /// against the computer players.
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),
}

const SEAT_EXAMPLES: &str = "\
Examples:
  ulti move --record game.json --level strong --seed 1
  ulti move --record - --level normal --json < game.json
  echo '{\"id\":1,\"record\":{…},\"level\":\"strong\",\"seed\":1}' | ulti engine

Levels: easy, normal, strong (they see only their own seat), cheater (sees every card).
The same record, level and seed give the same action in ulti move, ulti engine and
ulti match --whole-game --seed S.";

const ENGINE_NOTES: &str = "\
Examples:
  echo '{\"id\":1,\"record\":{…},\"level\":\"strong\",\"seed\":1}' | ulti engine

A request: {\"id\": any, \"record\": an ulti-game/1 record in progress (object or JSON text),
\"level\": \"easy\"|\"normal\"|\"strong\"|\"cheater\", \"seed\": 0.. (default 1), \"seat\": 0..2
(optional: decide for this seat instead of the seat to act)}.
An answer: {\"id\", \"seat\", \"action\": the record's words or \"none\", \"ms\": CPU milliseconds,
\"next_to_act\": the seat to ask next (null when the game is over), \"may_double\": seats to ask
first, out of turn}. A bad request is answered with {\"id\", \"error\"} and the engine keeps
serving. The same record, level and seed give the same action as ulti move.";

const REPLAY_EXAMPLES: &str = "\
Examples:
  ulti replay game.json
  ulti replay - --json < game.json

Once the auction is over the answer also gives the deal code (soloist first, the final talon
as the two missing cards) and the cards played, as an `ulti solve` command line.";

const MATCH_EXAMPLES: &str = "\
Examples:
  ulti match --players strong,easy --deals 200 --seed 1
  ulti match --players normal,cheater --deals 20 --json
  ulti match --whole-game --players strong,normal,easy --deals 300 --records games.jsonl

Players: easy (rules from hand counts), normal and strong (the hidden-hand advisor with
fewer or more samples; they see only their own seat), cheater (double-dummy: sees every
card, the ceiling). The soloist bids from their twelve cards; payoffs follow RULES.md.";

/// The house rules (shared/RULES.md), both off by default.
#[derive(Debug, Clone, Copy, Args)]
pub struct RuleFlags {
    /// The duty to beat the led suit stays after the trick has been trumped.
    #[arg(long)]
    pub must_beat_after_trump: bool,
    /// A marriage counts only if its holder's side wins at least one trick.
    #[arg(long)]
    pub marriage_needs_trick: bool,
}

impl From<RuleFlags> for RuleOptions {
    fn from(f: RuleFlags) -> RuleOptions {
        RuleOptions {
            must_beat_after_trump: f.must_beat_after_trump,
            marriage_needs_trick: f.marriage_needs_trick,
        }
    }
}

/// The whole game's rule options (shared/RULES.md "The whole game") beyond the rules of play.
#[derive(Debug, Clone, Copy, Args)]
pub struct TableFlags {
    /// Under an all-pass the forehand may pass too and pays 2 to each (allpass = forfeit).
    #[arg(long)]
    pub allpass_forfeit: bool,
    /// Within one value a fixed order decides (equal_value = by-rank).
    #[arg(long)]
    pub equal_value_by_rank: bool,
    /// The second pass ends the auction: the holder does not raise.
    #[arg(long)]
    pub holder_may_not_raise: bool,
    /// The highest kontra level (1 kontra … 5 hirschkontra).
    #[arg(long, value_name = "0..=5", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=5))]
    pub max_kontra: u8,
    /// Unannounced ulti, 100 and durchmars score.
    #[arg(long)]
    pub silent_bonuses: bool,
}

/// What a point contract's solve answers (`--question`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum QuestionArg {
    /// The exact card points the soloist can force.
    #[default]
    Exact,
    /// Only whether the soloist wins (does a 40-100 reach 100?).
    WinLose,
}

impl From<QuestionArg> for Question {
    fn from(q: QuestionArg) -> Question {
        match q {
            QuestionArg::Exact => Question::Exact,
            QuestionArg::WinLose => Question::WinLose,
        }
    }
}

/// How `ulti bench` times a solve (`--clock`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ClockArg {
    /// Wall-clock time (what a user waits; a preempted solve counts its wait).
    #[default]
    Wall,
    /// The thread's CPU time (unix): not inflated when other processes share the cores.
    Cpu,
}

/// Arguments of `ulti solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The 61-digit deal code.
    #[arg(long, value_name = "CODE")]
    pub deal: String,
    /// A contract id, or a compound bid joined with + (e.g. 40-100+ulti).
    #[arg(long, value_name = "ID")]
    pub contract: String,
    /// The cards played so far, in play order from trick 1 (e.g. PA,P7,PK).
    #[arg(long, value_name = "CARDS")]
    pub played: Option<String>,
    /// Also give the value of every legal card of the player to move.
    #[arg(long)]
    pub all_cards: bool,
    /// Point contracts: the exact card points, or only whether the soloist wins.
    #[arg(long, value_enum, default_value_t)]
    pub question: QuestionArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// House rules.
    #[command(flatten)]
    pub rules: RuleFlags,
}

/// Arguments of `ulti table` and `ulti bids`.
#[derive(Debug, Args)]
pub struct DealArgs {
    /// The 61-digit deal code.
    #[arg(long, value_name = "CODE")]
    pub deal: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// House rules.
    #[command(flatten)]
    pub rules: RuleFlags,
}

/// Arguments of `ulti batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Input file (standard input when absent).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// Also give the value of every legal card of the player to move.
    #[arg(long)]
    pub all_cards: bool,
    /// Accepted for symmetry with the other commands: batch output is always JSON.
    #[arg(long)]
    pub json: bool,
    /// House rules.
    #[command(flatten)]
    pub rules: RuleFlags,
}

/// Arguments of `ulti bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Deals file, lines `CODE` or `NAME CODE` (default: shared/deals/random-1000.txt in the
    /// current directory or its parent), or a tab-separated table whose header names the
    /// columns `deal` and `contract` (and optionally `peer_ms`), as shared/deals/speed-hard.tsv:
    /// then each deal is timed on its own contract, and against the peer's time when given.
    #[arg(long, value_name = "FILE")]
    pub deals: Option<PathBuf>,
    /// Contracts to time, comma-separated (default: all nine).
    #[arg(long, value_name = "IDS", value_delimiter = ',')]
    pub contracts: Vec<String>,
    /// Use only the first N deals.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Point contracts: time the exact card points, or only whether the soloist wins (the
    /// other contracts are win/lose questions either way).
    #[arg(long, value_enum, default_value_t)]
    pub question: QuestionArg,
    /// Transposition-table size in KiB (default: the engine's default).
    #[arg(long, value_name = "KIB")]
    pub table_kib: Option<usize>,
    /// Time each solve by the wall clock, or by the thread's CPU time.
    #[arg(long, value_enum, default_value_t)]
    pub clock: ClockArg,
    /// Solve each deal this many times and keep its fastest time (less noise per deal).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub repeat: u32,
    /// Also print one line per deal and contract: its time, nodes and answer (the answers
    /// of two builds can then be compared with diff).
    #[arg(long)]
    pub per_deal: bool,
    #[command(flatten)]
    pub rules: RuleFlags,
}

/// Arguments of `ulti match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The players, comma-separated: easy, normal, strong or cheater (two; with --whole-game
    /// two or three, two names alternating over the seats). With --whole-game also strong
    /// with one part of its auction changed, to measure it: strong-no-inference (layouts of
    /// the play not weighed by the auction), strong-fifth (passing valued at a fifth of the
    /// standing bid), strong-uniform-talons (a pick-up's talons drawn uniformly),
    /// strong-confirmed-pickup (talons valued on fresh samples), strong-race-evidence (the
    /// auction's races weighed by what was said), strong-real-play (bids and the defence of
    /// a standing bid valued with their made rates in play, not open-hand),
    /// strong-holder-value (the imagined holder's trump and discard chosen by value, not by a
    /// fixed rule),
    /// strong-previous (kontras decided on open-hand rates, as strong before 2026-11-29),
    /// strong-before-40 (the auction of the builds before 2026-11-27).
    #[arg(long, value_name = "A,B[,C]", value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Whole games: the auction with the talon, trump naming, kontra, the play and the
    /// payment per defender; each deal played in all three rotations of the players over the
    /// seats, the dealer rotating from deal to deal.
    #[arg(long)]
    pub whole_game: bool,
    /// With --whole-game: write each game as one ulti-game/1 line to FILE.
    #[arg(long, value_name = "FILE", requires = "whole_game")]
    pub records: Option<PathBuf>,
    /// With --whole-game: the rule options of the table.
    #[command(flatten)]
    pub table: TableFlags,
    /// Random deals to play (each twice, once per seating).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub deals: u64,
    /// Seed of the deals and of the players' sampling.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// With --whole-game: each normal or strong decision solves its samples on N threads of
    /// its own (the same decisions; decision times are then wall-clock, not CPU). With
    /// `--threads 1`, what one decision takes on an N-core machine.
    #[arg(long, value_name = "N", default_value = "1", requires = "whole_game")]
    pub decision_threads: NonZeroUsize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// House rules.
    #[command(flatten)]
    pub rules: RuleFlags,
}

/// Arguments of `ulti replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record: a file, or - for standard input.
    #[arg(value_name = "FILE|-")]
    pub record: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `ulti move`.
#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The game record in progress: a file, or - for standard input.
    #[arg(long, value_name = "FILE|-")]
    pub record: String,
    /// The player: easy, normal, strong or cheater.
    #[arg(long, value_name = "LEVEL")]
    pub level: String,
    /// The player's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Decide for this seat (default: the seat whose turn it is).
    #[arg(long, value_name = "0..=2", value_parser = clap::value_parser!(u8).range(0..=2))]
    pub seat: Option<u8>,
    /// One JSON object: the seat, the level, the action, the decision's time and the
    /// advisor's numbers behind it (normal, strong).
    #[arg(long)]
    pub json: bool,
}
