//! What the `partlab` binary's integration tests share: running the built binary, and reading
//! its answer as text, as one JSON value, or as the one-line refusal of a bad input.
// Each test file is its own binary and uses some of these helpers, not all: without this,
// `cargo clippy --all-targets -- -D warnings` fails on the ones a file leaves unused.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::fmt::Debug;
use std::process::{Command, Output};

use serde_json::Value;

/// The `partlab` binary Cargo built for these tests.
pub const PARTLAB: &str = env!("CARGO_BIN_EXE_partlab");

/// The words of a command line that has no quoting, split at whitespace: lets a test write
/// `"dist --nodes a,b --keys 10"` as the user types it. An argument that is empty or holds a
/// space needs a slice instead.
pub fn argv(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Runs `partlab ARGS…`; its whole outcome, whatever it is.
pub fn partlab<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(PARTLAB)
        .args(args)
        .output()
        .expect("the partlab binary runs")
}

/// Fails, naming `what` (the command), its exit status and its stderr, unless `out` is a
/// success.
pub fn assert_success(what: impl Debug, out: &Output) {
    assert!(
        out.status.success(),
        "{what:?}: {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `partlab ARGS…`'s stdout as text; the command must succeed.
pub fn stdout(args: &[&str]) -> String {
    let out = partlab(args);
    assert_success(args, &out);
    String::from_utf8(out.stdout).expect("stdout is UTF-8")
}

/// `partlab ARGS…`'s stdout read as one JSON value; the command must succeed.
pub fn json(args: &[&str]) -> Value {
    let out = partlab(args);
    assert_success(args, &out);
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON value")
}

/// `partlab ARGS…`'s stderr, checked to be a refused input: exit code 2, nothing on stdout,
/// and a single `partlab: …` line, not a panic.
pub fn refused(args: &[&str]) -> String {
    let out = partlab(args);
    let err = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: stdout is not empty");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("partlab: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}
