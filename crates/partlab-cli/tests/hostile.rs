//! Hostile input: the `partlab` binary answers, it never crashes. Each row of the table runs the
//! binary once and states the whole outcome: the exit code, a piece of the one stderr line,
//! and for the rows that succeed a piece of stdout.
#![cfg(unix)]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

mod common;
use common::{argv, json};

/// Where the binary's stdout goes.
#[derive(Clone, Copy, Debug)]
enum Stdout {
    /// A pipe that the test reads to the end.
    Read,
    /// A pipe whose read end is closed before the binary writes anything.
    Closed,
    /// `/dev/full`: every write fails with "no space left on device".
    Full,
    /// No descriptor 1 at all (`partlab … >&-` in a shell).
    Shut,
    /// Descriptor 1 open for reading only (`partlab … 1</dev/null`).
    ReadOnly,
}

/// One hostile input and everything about its outcome.
struct Row {
    args: Vec<OsString>,
    stdout: Stdout,
    /// The exit code; never a signal.
    code: i32,
    /// A piece of the single stderr line, or "" for an empty stderr.
    stderr: &'static str,
    /// A piece of stdout (only checked with `Stdout::Read`).
    out: &'static str,
}

fn row(args: &[&str], code: i32, stderr: &'static str) -> Row {
    Row {
        args: args.iter().map(OsString::from).collect(),
        stdout: Stdout::Read,
        code,
        stderr,
        out: "",
    }
}

/// A command line that must be refused (exit code 2) with `stderr` in its one stderr line.
/// `line` is split at whitespace ([`common::argv`]); an argument that is empty or holds a
/// space goes through [`row`] instead.
fn refused(line: &str, stderr: &'static str) -> Row {
    row(&argv(line), 2, stderr)
}

/// A command line that must succeed, with nothing on stderr and `out` in its stdout; split
/// as in [`refused`].
fn answered(line: &str, out: &'static str) -> Row {
    expecting_out(row(&argv(line), 0, ""), out)
}

fn with_stdout(mut r: Row, stdout: Stdout) -> Row {
    r.stdout = stdout;
    r
}

fn expecting_out(mut r: Row, out: &'static str) -> Row {
    r.out = out;
    r
}

fn os_row(args: Vec<OsString>, code: i32, stderr: &'static str) -> Row {
    Row {
        args,
        stdout: Stdout::Read,
        code,
        stderr,
        out: "",
    }
}

fn run(r: &Row) -> Output {
    let mut command = if let Stdout::Shut = r.stdout {
        // The shell closes descriptor 1 and then becomes the binary.
        let mut c = Command::new("sh");
        c.args([
            "-c",
            "exec \"$0\" \"$@\" >&-",
            env!("CARGO_BIN_EXE_partlab"),
        ]);
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_partlab"))
    };
    command
        .args(&r.args)
        .stdin(Stdio::null())
        .stderr(Stdio::piped());
    match r.stdout {
        Stdout::Read | Stdout::Closed | Stdout::Shut => command.stdout(Stdio::piped()),
        Stdout::ReadOnly => command.stdout(Stdio::from(
            File::open("/dev/null").expect("/dev/null exists on Unix"),
        )),
        Stdout::Full => command.stdout(Stdio::from(
            File::options()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full exists on Linux"),
        )),
    };
    let mut child = command.spawn().expect("the partlab binary runs");
    if let Stdout::Closed = r.stdout {
        // Close the read end now: every write the binary makes will fail with EPIPE.
        drop(child.stdout.take());
    }
    child.wait_with_output().expect("the binary finishes")
}

/// Runs every row and reports all the rows that fail, not just the first.
fn check(rows: &[Row]) {
    let mut failures = Vec::new();
    for r in rows {
        let out = run(r);
        let err = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let shown: Vec<_> = r.args.iter().map(|a| a.to_string_lossy()).collect();
        let mut problems = Vec::new();
        if out.status.code() != Some(r.code) {
            problems.push(format!("exit status {:?}, expected {}", out.status, r.code));
        }
        if err.contains("panicked") {
            problems.push("a panic".to_owned());
        }
        if r.stderr.is_empty() {
            if !err.is_empty() {
                problems.push("stderr is not empty".to_owned());
            }
        } else {
            if !err.contains(r.stderr) {
                problems.push(format!("stderr lacks {:?}", r.stderr));
            }
            if !err.starts_with("partlab: ") || !err.ends_with('\n') || err.lines().count() != 1 {
                problems.push("stderr is not one \"partlab: …\" line".to_owned());
            }
        }
        // Whatever a user typed, no raw control character reaches the terminal.
        if err.trim_end_matches('\n').chars().any(char::is_control) {
            problems.push("a raw control character on stderr".to_owned());
        }
        // Nor an invisible one that would reorder or hide the text (U+202E, U+200B, …).
        if err.chars().any(partlab_core::config::is_hidden_char) {
            problems.push("a raw invisible formatting character on stderr".to_owned());
        }
        if matches!(r.stdout, Stdout::Read) {
            if r.code == 0 && !stdout.contains(r.out) {
                problems.push(format!("stdout lacks {:?}", r.out));
            }
            if r.code != 0 && !stdout.is_empty() {
                problems.push("stdout is not empty after an error".to_owned());
            }
            if out.stdout.contains(&0x1b) {
                problems.push("a raw ESC on stdout".to_owned());
            }
        }
        if !problems.is_empty() {
            failures.push(format!(
                "{shown:?}: {}\n  stderr: {err}",
                problems.join("; ")
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// A fresh directory for this test's files, under Cargo's target/tmp.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

fn file(dir: &std::path::Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    fs::write(&path, bytes).expect("a temporary file");
    path.to_str().expect("a UTF-8 temp path").to_owned()
}

#[test]
fn malformed_and_misplaced_options_are_refused_with_one_line() {
    let esc_key = "a\u{1b}[31mb";
    let long_key = "k".repeat(2000);
    let crabs64 = format!("{},b", "🦀".repeat(64));
    let crabs65 = format!("{},b", "🦀".repeat(65));
    check(&[
        refused("dist --nodes a,b --json=true", "unexpected value 'true' for '--json'"),
        refused("dist --nodes --json", "a value is required for '--nodes"),
        refused("dist --nodes a,b --replicas -1", "invalid value '-1' for '--replicas"),
        refused("dist --nodes a,b --replicas 0", "A replication factor of 0 does not fit 2 nodes"),
        refused("dist --nodes a,b --keys 1.5", "invalid value '1.5' for '--keys"),
        refused(
            "dist --nodes a,b --strategy modulo --vnodes 10",
            "--vnodes applies to the ring and bounded loads only; --strategy modulo has no virtual nodes",
        ),
        // The chapters' own commands name the option and its range (decimals as decimals).
        refused("compare --load-factor 5", "--load-factor 5.00: choose a number from 1.00 to 3.00"),
        refused("rebalancing --nodes 999", "--nodes 999: choose a whole number from 2 to 16"),
        refused("routing --ttl 0", "--ttl 0: choose a whole number from 1 to 60"),
        // Every chapter command's options come from the chapter's field table: a message
        // names the option typed and the rule it broke (`--second` is section 9's second,
        // not section 8's step), a value that does not fit beside the others is refused with
        // its rule, never changed silently, and a negative number is a value, not a flag.
        refused("routing --second 99", "--second 99: choose a whole number from 0 to 19"),
        refused("rebalancing --second 99", "--second 99: choose a whole number from 0 to 90"),
        refused(
            "replication --rf 5",
            "--rf 5: the lesson's diagram holds at most 3 copies of each partition.",
        ),
        refused(
            "replication --layout spread --nodes 4 --rf 5",
            "--rf 5: there is at most one copy per node, and there are 4 nodes.",
        ),
        refused("replication --fail E", "--fail E: there are only 4 nodes, A to D."),
        refused(
            "hash-keys --query-days 3..2",
            "--query-days 2: the query's last day cannot come before its first, day 3.",
        ),
        refused("hash-keys --query-days 3", "--query-days 3: write it as FROM..TO"),
        refused("hash-keys --seed -1", "--seed -1: choose a whole number from 0 to 999999999"),
        refused(
            "indexes --market madrid",
            "--market madrid: choose one of girona, lleida, tarragona, valencia",
        ),
        refused("ranges --preset nope", "--preset nope: choose one of lesson, market"),
        refused("hot-keys --exponent 1.234", "--exponent 1.234: choose a number from 0.00 to 3.00"),
        refused(
            "compare --table-size 1000",
            "--table-size 1000: Maglev's table needs a prime size and at least one entry per node (4).",
        ),
        row(&["slot", ""], 2, "key 1 is empty"),
        // The quiz's set and chapter, read like the page's address.
        refused(
            "quiz --chapter teachers --seed 1",
            "no questions for the chapter \"teachers\"; chapters with questions: replication, ranges, hash-keys",
        ),
        refused(
            "quiz --chapter ring --seed -1",
            "--seed must be a whole number of up to 20 digits",
        ),
        refused(
            "quiz --chapter ring --seed 1 --first 1000",
            "--first must be a whole number from 0 to 999",
        ),
        refused("quiz --chapter ring --seed 1 --count 0", "--count must be from 1 to 50"),
        refused("quiz --chapter \u{1b}[31m --seed 1", "no questions for the chapter"),
        // The parameters of the strategies beyond the lesson belong to their strategy.
        refused(
            "dist --nodes a,b --probes 5",
            "--probes applies to --strategy multiprobe only, not to ring",
        ),
        refused(
            "dist --nodes a,b --strategy maglev --load-factor 2",
            "--load-factor applies to --strategy bounded only, not to maglev",
        ),
        refused(
            "dist --nodes a,b --strategy maglev --table-size 100",
            "Maglev's table size must be a prime, and 100 is not",
        ),
        refused(
            "dist --nodes a,b --strategy bounded --load-factor 0.5",
            "The load factor c = 0.5 must be from 1 to 16",
        ),
        refused("dist --nodes a,b --strategy multiprobe --probes -3", "--probes"),
        refused(
            "dist --nodes a,b --strategy multiprobe --keys 10000000",
            "Multi-probe would make 10,000,000 × 21 = 210,000,000 probes",
        ),
        refused(
            "locate k --nodes a,b --strategy jump --vnodes 1",
            "--strategy jump has no virtual nodes",
        ),
        refused(
            "move --nodes a --to a,b --strategy hrw --vnodes 150",
            "--strategy rendezvous has no virtual nodes",
        ),
        refused(
            "dist --nodes a,b --to-weights a=2",
            "--to-weights does not apply to `partlab dist`; it is an option of `partlab move`",
        ),
        refused(
            "move --nodes a --to a,b --change join",
            "--change does not apply to `partlab move`",
        ),
        refused("lesson --keys 10", "--keys does not apply to `partlab lesson`"),
        refused("dist --nodes a,b --nodes c", "cannot be used multiple times"),
        refused("dist --nodes a,b --keys 5 --key-file k.txt", "cannot be used with"),
        refused("sweep", "`partlab sweep` needs a command: deviation or movement"),
        refused("sweep movement --nodes a,b --sizes 1..3 --change leave", "start --sizes at 2"),
        refused(
            "dist --nodes a,b --vnodes 99999999999",
            "99999999999 virtual nodes per node is out of range",
        ),
        refused(
            "dist --nodes a,b --strategy \u{1b}[31m",
            "invalid value '\\u{1b}[31m' for '--strategy",
        ),
    ]);
    // Names, weights and keys.
    check(&[
        refused("dist --nodes a,b --weights a=1,a=2", "node \"a\" is given a weight twice"),
        refused("dist --nodes a,b --weights a,b=2", "node names cannot contain ',' or '='"),
        refused("dist --nodes a=1,b", "the node name \"a=1\" contains '='"),
        row(
            &["dist", "--nodes", " a,b"],
            2,
            "the node name \" a\" starts or ends with a space",
        ),
        row(
            &["dist", "--nodes", "a,b "],
            2,
            "the node name \"b \" starts or ends with a space",
        ),
        row(
            &["dist", "--nodes", "a,b", "--weights", "a =2"],
            2,
            "starts or ends with a space",
        ),
        refused(
            "dist --nodes a\u{1b}[2J,b",
            "The node name \"a\\u{1b}[2J\" contains a control character",
        ),
        // Invisible formatting characters in a name: refused, quoted escaped.
        refused(
            "dist --nodes a\u{202e}b,c",
            "The node name \"a\\u{202e}b\" contains an invisible character (U+202E, zero-width or text direction)",
        ),
        refused(
            "dist --nodes a,\u{200b}",
            "The node name \"\\u{200b}\" contains an invisible character (U+200B",
        ),
        refused(
            "move --nodes a,b --to a,b,\u{2066}c\u{2069}",
            "contains an invisible character (U+2066",
        ),
        refused("dist --nodes \u{feff}a,b --keys 10", "contains an invisible character (U+FEFF"),
        // Lengths count code points: 64 crabs fit, 65 do not.
        expecting_out(
            row(&["dist", "--nodes", &crabs64, "--keys", "10"], 0, ""),
            "🦀🦀🦀🦀",
        ),
        row(
            &["dist", "--nodes", &crabs65, "--keys", "10"],
            2,
            "has 65 characters; use at most 64",
        ),
        // Weights: the same minimum as the page's slider and URL (0.1), never an infinite or
        // meaningless deviation.
        refused(
            "dist --nodes a,b --weights a=1e-9",
            "Node \"a\" has weight 0.000000001; a weight must be a number from 0.1 to 1000.",
        ),
        refused(
            "dist --nodes a,b --weights b=1e-300",
            "a weight must be a number from 0.1 to 1000",
        ),
        refused(
            "sweep deviation --nodes a,b --weights a=0.05 --keys 100",
            "Node \"a\" has weight 0.05; a weight must be a number from 0.1 to 1000.",
        ),
        refused("move --nodes a,b --to a,b,c --to-weights c=0.01", "Node \"c\" has weight 0.01"),
        answered("dist --nodes a,b --weights a=0.1 --keys 1000 --json", "\"deviation_pct\":"),
        // A user's node called like a generated one does not cut the movement sweep short.
        answered("sweep movement --nodes a,node-3 --sizes 2..4 --keys 1000", "    4 → 5 "),
        row(&["locate", "", "--nodes", "a,b"], 2, "the key is empty"),
        row(
            &["locate", &long_key, "--nodes", "a,b"],
            2,
            "the key has 2000 characters; a key has at most 1024",
        ),
        expecting_out(
            row(&["locate", esc_key, "--nodes", "a,b"], 0, ""),
            "key      a\\u{1b}[31mb\n",
        ),
        expecting_out(
            row(&["locate", esc_key, "--nodes", "a,b", "--json"], 0, ""),
            "\"key\":\"a\\u001b[31mb\"",
        ),
    ]);
}

/// Requests over the work budget are refused before any key is hashed, with the limit and
/// the way round it; the largest ones used to abort on an 8 GB allocation.
#[test]
fn work_over_the_budget_is_refused_with_the_way_round_it() {
    let names = |n: usize| {
        (1..=n)
            .map(|i| format!("n{i}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let (n256, n200) = (names(256), names(200));
    let counts = ["1000"; 11].join(",");
    check(&[
        row(
            &["dist", "--strategy", "rendezvous", "--nodes", &n256, "--replicas", "256", "--keys", "10000000"],
            2,
            "Rendezvous would compute 256 × 10,000,000 × 256 = 655,360,000,000 scores",
        ),
        row(
            &["dist", "--strategy", "rendezvous", "--nodes", &n256, "--keys", "1000000"],
            2,
            "the limit is 8,000,000, so that every change finishes within a second: use at most 31,250 keys, or at most 8 nodes.",
        ),
        refused(
            "move --nodes a,b,c --to a,b,c,d --replicas 3 --keys 10000000",
            "A replication factor of 3 on 10,000,000 keys stores 30,000,000 copies; the limit is 8,000,000: use at most 2,666,666 keys, or a single copy (factor 1).",
        ),
        row(
            &["sweep", "deviation", "--nodes", &n200, "--vnodes-list", &counts],
            2,
            "(16 trials × 2,200,000 ring points over its vnode counts); the limit is 20,000,000: use at most 9 trials",
        ),
        refused(
            "sweep movement --nodes a,b --keys 10000000 --sizes 1..64",
            "This sweep would place the keys 64 cluster sizes × 10,000,000 keys",
        ),
    ]);
}

#[test]
fn arguments_that_are_not_utf8_are_refused() {
    let bad = OsStr::from_bytes(b"P-\xff\xfe").to_os_string();
    check(&[
        os_row(
            vec!["locate".into(), bad.clone(), "--nodes".into(), "a".into()],
            2,
            "argument 2 is not valid UTF-8 text",
        ),
        os_row(vec![bad.clone()], 2, "argument 1 is not valid UTF-8 text"),
        os_row(
            vec!["dist".into(), "--nodes".into(), bad.clone()],
            2,
            "argument 3 is not valid UTF-8 text",
        ),
        // A path may be any bytes: this one is simply not there.
        os_row(
            vec![
                "dist".into(),
                "--nodes".into(),
                "a".into(),
                "--key-file".into(),
                bad,
            ],
            2,
            "cannot open it: No such file or directory",
        ),
    ]);
}

#[test]
fn closed_pipes_and_full_disks_end_in_an_exit_code_not_a_panic() {
    // Enough output to overflow any pipe buffer (30 points × 256 trials, about 150 KB of
    // JSON), so the write fails whatever the timing; one vnode keeps each ring cheap.
    let many_counts = vec!["1"; 30].join(",");
    let big = [
        "sweep",
        "deviation",
        "--nodes",
        "a,b,c",
        "--keys",
        "200",
        "--trials",
        "256",
        "--vnodes-list",
        &many_counts,
        "--json",
    ];
    let small = ["dist", "--nodes", "a,b", "--keys", "10"];
    check(&[
        with_stdout(row(&["lesson"], 0, ""), Stdout::Closed),
        with_stdout(row(&big, 0, ""), Stdout::Closed),
        with_stdout(row(&["--help"], 0, ""), Stdout::Closed),
        with_stdout(
            row(&small, 1, "cannot write output: No space left on device"),
            Stdout::Full,
        ),
        with_stdout(
            row(&["lesson", "--json"], 1, "cannot write output:"),
            Stdout::Full,
        ),
        with_stdout(row(&["help"], 1, "cannot write output:"), Stdout::Full),
    ]);
}

#[test]
fn options_a_strategy_ignores_are_refused_with_the_rule() {
    let same = "same share whatever its weight";
    check(&[
        refused(
            "dist --strategy maglev --nodes a,b --weights a=2",
            "--weights does not apply to --strategy maglev",
        ),
        refused("dist --strategy bounded --nodes a,b --weights b=0.5", same),
        refused(
            "dist --strategy multiprobe --nodes a,b --weights a=3",
            "--weights does not apply to --strategy multiprobe",
        ),
        refused("locate k --strategy jump --nodes a,b --weights a=2", same),
        refused(
            "move --strategy maglev --nodes a,b --to a,b,c --to-weights c=2",
            "--to-weights does not apply to --strategy maglev",
        ),
        refused(
            "dist --strategy modulo --nodes a,b --vnodes 10",
            "--vnodes applies to the ring and bounded loads only",
        ),
        // Weights of 1 change nothing: accepted.
        answered(
            "dist --strategy maglev --nodes a,b --weights a=1 --keys 10",
            "10 keys, strategy maglev",
        ),
        // The bounded loads' cap, exact: no node above ⌈1.1 · 3000 / 3⌉ = 1 100.
        answered(
            "dist --strategy bounded --load-factor 1.1 --nodes a,b,c --keys 3000",
            "3000 keys, strategy bounded",
        ),
        // A leave is measured against each strategy's own leaver.
        answered(
            "sweep movement --nodes a,b,c --sizes 3..3 --change leave --keys 300",
            "keys moved / ideal",
        ),
    ]);
}

#[test]
fn an_unwritable_stdout_is_an_output_error_for_every_command() {
    // Before, the standard library printed into the /dev/null it puts on a closed descriptor
    // (or swallowed EBADF) and every command reported success.
    let closed = "cannot write output: standard output is closed or not open for writing";
    let commands: [&[&str]; 6] = [
        &["lesson"],
        &["lesson", "--json"],
        &["dist", "--nodes", "a,b", "--keys", "10"],
        &[
            "sweep", "movement", "--nodes", "a,b", "--sizes", "2..3", "--keys", "100",
        ],
        &["help"],
        &["slot", "user:{42}"],
    ];
    let mut rows = Vec::new();
    for args in commands {
        rows.push(with_stdout(row(args, 1, closed), Stdout::Shut));
        rows.push(with_stdout(row(args, 1, closed), Stdout::ReadOnly));
    }
    // A bad input is still a bad input (2), whatever stdout is.
    rows.push(with_stdout(
        refused("dist --nodes a,b --keys 0", "0 keys"),
        Stdout::Shut,
    ));
    check(&rows);
}

#[test]
fn key_files_are_read_line_by_line_within_the_limits() {
    let dir = temp_dir("hostile-key-files");
    let long_line = file(
        &dir,
        "long.txt",
        format!("a\n{}\n", "x".repeat(1025)).as_bytes(),
    );
    let not_utf8 = file(&dir, "latin1.txt", b"a\nb\n\xe9t\xe9\nc\n");
    let empty = file(&dir, "empty.txt", b"\n  \r\n\t\n");
    let dir_path = dir.to_str().expect("a UTF-8 temp path").to_owned();
    let missing = format!("{dir_path}/missing.txt");
    let cases = [
        (
            long_line,
            "key file line 2: the key is longer than 1024 characters",
        ),
        (not_utf8, "key file line 3: not valid UTF-8 text"),
        // One endless line: reading must stop at the limit, not run out of memory.
        (
            "/dev/zero".to_owned(),
            "key file line 1: the key is longer than 1024 characters",
        ),
        (
            empty,
            "no keys in it (blank and whitespace-only lines are skipped)",
        ),
        (missing, "cannot open it: No such file or directory"),
        (dir_path, "cannot read line 1: Is a directory"),
    ];
    let rows: Vec<Row> = cases
        .iter()
        .map(|(path, message)| row(&["dist", "--nodes", "a,b", "--key-file", path], 2, message))
        .collect();
    check(&rows);
}

/// The lesson's ids written as a file with a BOM, CRLF endings and blank lines are the same
/// keys as `--keys`: every count agrees, on 256 nodes so that a single key hashed differently
/// (a BOM left on the first key) would almost surely show.
#[test]
fn a_bom_crlf_and_blank_lines_do_not_change_the_keys() {
    let dir = temp_dir("hostile-bom");
    let mut text = String::from("\u{feff}");
    for n in 1..=1000 {
        text.push_str(&format!("P-2026-{n:06}\r\n"));
        if n % 100 == 0 {
            text.push_str("\r\n  \t \r\n\n");
        }
    }
    let path = file(&dir, "lesson.txt", text.trim_end().as_bytes());
    let nodes: Vec<String> = (1..=256).map(|i| format!("n{i}")).collect();
    let nodes = nodes.join(",");
    let dist = |extra: &[&str], strategy: &str| {
        let mut args = vec!["dist", "--strategy", strategy, "--nodes", &nodes, "--json"];
        args.extend_from_slice(extra);
        json(&args)
    };
    for strategy in ["modulo", "rendezvous"] {
        let from_file = dist(&["--key-file", &path], strategy);
        let from_ids = dist(&["--keys", "1000"], strategy);
        assert_eq!(from_file["keys"], 1000);
        assert_eq!(from_file, from_ids, "{strategy}");
    }
}

/// `partlab import`: an unknown format, an unreadable line (named by its number), a file too
/// large, not UTF-8, missing, a directory or endless: one line and exit 2; the samples, an
/// empty stdin and hostile keys answered without a panic.
#[test]
fn import_names_the_format_or_the_line_it_cannot_read() {
    use partlab_core::listing::{samples, MAX_INPUT_BYTES};
    let dir = temp_dir("hostile-import");
    let nodes = file(&dir, "nodes.txt", samples::REDIS_NODES.as_bytes());
    let ring = file(&dir, "ring.txt", samples::NODETOOL_RING_MURMUR3.as_bytes());
    let ketama = file(&dir, "ketama.txt", samples::KETAMA.as_bytes());
    let prose = file(
        &dir,
        "prose.txt",
        b"Dear students,\nplease paste a cluster.\n",
    );
    let bad_slot = file(
        &dir,
        "bad-slot.txt",
        samples::REDIS_NODES.replace("0-5460", "0-99999").as_bytes(),
    );
    let bad_token = file(
        &dir,
        "bad-token.txt",
        samples::NODETOOL_RING_MURMUR3
            .replacen("-4684006274789753673", "-46840x6274789753673", 1)
            .as_bytes(),
    );
    let raw = file(&dir, "raw.txt", b"slots\n0\n5460\nnodes\n");
    let twice = file(&dir, "twice.txt", b"10.0.0.1:11211 1\n10.0.0.1:11211 2\n");
    let big = file(&dir, "big.txt", &vec![b'#'; MAX_INPUT_BYTES + 1]);
    let latin1 = file(&dir, "latin1.txt", b"10.0.0.1:11211 1\ncaf\xe9:11211 1\n");
    let escape = file(&dir, "escape.txt", b"10.0.0.1:11211 1\n\x1b[31m:11211 1\n");
    let dir_path = dir.to_str().expect("a UTF-8 temp path").to_owned();
    let missing = format!("{dir_path}/missing.txt");
    let long_key = "k".repeat(1025);
    // Files the import cannot read, each with the one line that says why.
    let unreadable = [
        (&prose, "this is not a listing the lab reads"),
        (&bad_slot, "line 6: slot 99999 does not exist"),
        (&bad_token, "line 6: this does not read as nodetool ring output"),
        (&raw, "run redis-cli with --no-raw"),
        (&twice, "line 2: \"10.0.0.1:11211\" is listed twice (first on line 1)"),
        (&big, "more than 4194304 bytes"),
        (&latin1, "line 2: not valid UTF-8 text"),
        (
            &escape,
            "line 2: the name \"\\u{1b}[31m:11211\" is over 255 characters or holds control or invisible characters",
        ),
        (&missing, "cannot open it: No such file or directory"),
        (&dir_path, "cannot read it: Is a directory"),
    ];
    let mut rows: Vec<Row> = unreadable
        .into_iter()
        .map(|(path, message)| row(&["import", path], 2, message))
        .collect();
    rows.extend([
        expecting_out(row(&["import", &nodes, "--key", "foo"], 0, ""), "12182"),
        expecting_out(
            row(&["import", &ring, "--key", "foo", "--json"], 0, ""),
            "\"token\":\"-2129773440516405919\"",
        ),
        expecting_out(
            row(
                &["import", &ketama, "--key", "\u{1b}[31m\u{202e}", "--json"],
                0,
                "",
            ),
            "\"format\":\"ketama\"",
        ),
        refused("import /dev/zero", "more than 4194304 bytes"),
        refused("import -", "the listing is empty"),
        row(
            &["import", &nodes, "--key", ""],
            2,
            "key 1 has 0 characters",
        ),
        row(
            &["import", &nodes, "--key", &long_key],
            2,
            "key 1 has 1025 characters",
        ),
        refused("import", "<FILE>"),
        answered(
            "import --sample nodetool-ring-random --key a",
            "RandomPartitioner",
        ),
        refused(
            "import --sample cassandra",
            "invalid value 'cassandra' for '--sample <FORMAT>'",
        ),
        row(
            &["import", &nodes, "--sample", "ketama"],
            2,
            "cannot be used with '--sample <FORMAT>'",
        ),
        row(
            &["import", &nodes, "--strategy", "ring"],
            2,
            "--strategy does not apply to `partlab import`",
        ),
    ]);
    check(&rows);
}
