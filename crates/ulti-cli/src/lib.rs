//! The `ulti` command line as a library: its arguments, commands, input readers and JSON
//! reports. The `ulti` binary (`main.rs`) is a thin shell over it; the Python package
//! (`crates/ulti-py`) calls the same readers and reports, so its answers and error messages are
//! the CLI's.

pub mod cli;
pub mod commands;
pub mod human;
pub mod input;
pub mod progress;
pub mod report;
