//! The user guide's command-line reference (`docs/src/reference/cli.md`) is generated from the
//! clap definitions, the same texts `ulti --help` prints, so it cannot drift from them: this
//! test generates it again and fails when the committed page differs. Refresh the page with
//!
//! ```sh
//! ULTI_UPDATE_REFERENCE=1 cargo test -p ulti-cli --test cli_reference
//! ```

use std::path::Path;

use clap::CommandFactory;
use clap_markdown::MarkdownOptions;
use ulti_cli::cli::Cli;

const PAGE: &str = "docs/src/reference/cli.md";

/// `cmd` with every `after_help` (the examples and notes under each `--help`) as a fenced
/// text block, so the page shows them as the terminal does.
fn fence_notes(cmd: clap::Command) -> clap::Command {
    let cmd = match cmd.get_after_help() {
        Some(notes) => {
            let notes = format!("```text\n{}\n```", notes.to_string().trim_end());
            cmd.after_help(notes)
        }
        None => cmd,
    };
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names
        .into_iter()
        .fold(cmd, |cmd, name| cmd.mut_subcommand(name, fence_notes))
}

/// clap-markdown heads a command's arguments and options with `###### **Options:**`, a sixth
/// level right under the command's second: the guide's sidebar then nests lists without list
/// items, and a screen reader's outline skips levels. They become third-level headings.
fn section_headings(body: &str) -> String {
    body.lines()
        .map(|line| {
            match line
                .strip_prefix("###### **")
                .and_then(|l| l.strip_suffix(":**"))
            {
                Some(name) => format!("### {name}"),
                None => line.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The page: a note that it is generated, then clap-markdown's rendering of `ulti`.
fn page() -> String {
    let options = MarkdownOptions::new()
        .title("Command-line reference".to_string())
        .show_footer(false);
    let body = clap_markdown::help_markdown_command_custom(&fence_notes(Cli::command()), &options);
    let body = section_headings(&body);
    format!(
        "<!-- Generated from the clap definitions (crates/ulti-cli/src/cli.rs) by \
         crates/ulti-cli/tests/cli_reference.rs; do not edit by hand. -->\n\n{}\n",
        body.trim_end()
    )
}

#[test]
fn the_guide_has_the_current_reference() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(PAGE);
    let want = page();
    if std::env::var_os("ULTI_UPDATE_REFERENCE").is_some() {
        std::fs::write(&path, &want).expect("the reference page is writable");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have != want {
        let line = have
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(have.lines().count().min(want.lines().count()));
        panic!(
            "{PAGE} is not what `ulti --help` says (first difference at line {}).\n\
             Refresh it with:\n    ULTI_UPDATE_REFERENCE=1 cargo test -p ulti-cli --test cli_reference",
            line + 1
        );
    }
}

#[test]
fn the_reference_names_every_command() {
    let page = page();
    for sub in Cli::command().get_subcommands() {
        let heading = format!("## `ulti {}`", sub.get_name());
        assert!(page.contains(&heading), "no section {heading}");
    }
}
