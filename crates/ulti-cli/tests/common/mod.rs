//! Shared by the CLI's test files: running the `ulti` binary.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `ulti ARGS` with `input` on its standard input.
pub fn ulti_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ulti"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ulti binary runs");
    child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(input.as_bytes())
        .expect("the binary reads its input");
    child.wait_with_output().expect("the binary ends")
}
