//! `ulti`: the command-line Ulti solver (solve, table, bids, batch, advise, advise-eval, match,
//! bench, replay, move, engine, puzzles).

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use ulti_cli::cli::{Cli, Command, PuzzlesCommand};
use ulti_cli::commands;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = match &cli.command {
        Command::Solve(args) => commands::solve::run(args, &mut out).map(|()| true),
        Command::Table(args) => commands::deal::run(args, true, &mut out).map(|()| true),
        Command::Bids(args) => commands::deal::run(args, false, &mut out).map(|()| true),
        Command::Batch(args) => commands::batch::run(args, &mut out),
        Command::Advise(args) => commands::advise::run(args, &mut out).map(|()| true),
        Command::AdviseEval(args) => commands::advise_eval::run(args, &mut out).map(|()| true),
        Command::AdviseBench(args) => commands::advise_bench::run(args, &mut out).map(|()| true),
        Command::Match(args) if args.whole_game => {
            commands::table_match::run(args, &mut out).map(|()| true)
        }
        Command::Match(args) => commands::versus::run(args, &mut out).map(|()| true),
        Command::Bench(args) => commands::bench::run(args, &mut out).map(|()| true),
        Command::Replay(args) => commands::replay::run(args, &mut out).map(|()| true),
        Command::Move(args) => commands::seat::run_move(args, &mut out).map(|()| true),
        Command::Puzzles(PuzzlesCommand::Generate(args)) => {
            commands::puzzles::run_generate(args, &mut out).map(|()| true)
        }
        Command::Puzzles(PuzzlesCommand::Verify(args)) => {
            commands::puzzles::run_verify(args, &mut out)
        }
        Command::Puzzles(PuzzlesCommand::Calibrate(args)) => {
            commands::puzzles::run_calibrate(args, &mut out).map(|()| true)
        }
        Command::Engine => {
            commands::seat::run_engine(&mut io::stdin().lock(), &mut out).map(|()| true)
        }
    }
    .and_then(|ok| {
        out.flush()?;
        Ok(ok)
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        // A record that is not a game, or an illegal action in it (FORMATS.md: status 2).
        Err(e) if e.downcast_ref::<commands::replay::Refused>().is_some() => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Help and version go to stdout as clap prints them; usage errors become one line on
/// stderr and exit code 2.
fn usage_error(e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
        // `ulti` (or `ulti --`) without a command: the help on stdout, one error line.
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            print!("{}", e.render());
            eprintln!("error: no command given (see ulti --help)");
            ExitCode::from(2)
        }
        _ => {
            let text = e.render().to_string();
            let first: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty())
                .collect();
            let message = first.join(" ");
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            eprintln!("error: {message} (see ulti --help)");
            ExitCode::from(2)
        }
    }
}

/// Writing to a closed pipe (`ulti batch … | head`) ends the program quietly.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<serde_json::Error>()
                .and_then(|j| j.io_error_kind())
                .is_some_and(|k| k == io::ErrorKind::BrokenPipe)
    })
}
