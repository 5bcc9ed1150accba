//! What the long-running commands share: their worker threads and their progress bar.

use std::io::IsTerminal;
use std::num::NonZeroUsize;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};

/// A rayon pool of `threads` workers, all cores when `None`.
pub fn thread_pool(threads: Option<NonZeroUsize>) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, NonZeroUsize::get))
        .build()
        .context("cannot start the worker threads")
}

/// A progress bar over `len` `things` (e.g. "deals") on standard error when it is a terminal;
/// hidden otherwise, so piped output and tests stay clean.
pub fn bar(len: u64, things: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {things}, {{elapsed}} (eta {{eta}})");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}
