//! The command line's memory with a large key file: the keys are streamed, so a file of
//! millions of lines costs their positions (8 bytes a key, and the sort's order and sorted
//! copy), not their texts. The README promises at most 200 MB for 10 000 000 keys; this test
//! reads 2 000 000, a fifth, and holds the peak to a fifth of that plus the program's own
//! baseline. Peak memory is read with `/usr/bin/time` (GNU time's `%M`, the child's maximum
//! resident set in KB); without it the test says so and checks nothing.

#![allow(clippy::expect_used)]

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::Command;

mod common;
use common::{assert_success, json, PARTLAB};

const LINES: usize = 2_000_000;

fn key_file() -> PathBuf {
    let path = std::env::temp_dir().join(format!("partlab-memory-{}.txt", std::process::id()));
    let mut w = BufWriter::new(File::create(&path).expect("temp file"));
    for i in 0..LINES {
        // Keys of about the length of the lesson's ids and a little more.
        writeln!(w, "customer-{i:08}-order").expect("write");
    }
    w.flush().expect("flush");
    path
}

/// The child's peak resident memory in MB and its standard output, or `None` without GNU time.
fn peak_mb(args: &[&str]) -> Option<(f64, String)> {
    let time = std::path::Path::new("/usr/bin/time");
    if !time.exists() {
        return None;
    }
    let out = Command::new(time)
        .args(["-f", "peak-kb %M"])
        .arg(PARTLAB)
        .args(args)
        .output()
        .expect("runs");
    assert_success(args, &out);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let kb: f64 = stderr
        .lines()
        .find_map(|l| l.strip_prefix("peak-kb "))
        .and_then(|k| k.trim().parse().ok())?;
    Some((
        kb / 1024.0,
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}

#[test]
fn a_key_file_of_millions_of_lines_is_streamed_within_the_readmes_memory() {
    let path = key_file();
    let file = path.to_string_lossy().into_owned();
    let ring = peak_mb(&[
        "dist",
        "--strategy",
        "ring",
        "--nodes",
        "a,b,c",
        "--key-file",
        &file,
        "--json",
    ]);
    let Some((ring_mb, ring_out)) = ring else {
        eprintln!("no /usr/bin/time: peak memory not measured");
        let _ = std::fs::remove_file(&path);
        return;
    };
    // The same keys' texts would take about 40 bytes each beside their 20: 80 MB more.
    let bound = 200.0 * LINES as f64 / 10_000_000.0 + 15.0;
    println!("dist, ring, {LINES} keys from a file: peak {ring_mb:.1} MB (bound {bound:.0} MB)");
    assert!(
        ring_mb <= bound,
        "peak {ring_mb:.1} MB > {bound:.0} MB for {LINES} keys"
    );
    let v: serde_json::Value = serde_json::from_str(&ring_out).expect("json");
    assert_eq!(v["keys"], LINES);
    let _ = std::fs::remove_file(&path);
}

/// `dist --json` of `args`.
fn dist(args: &[&str]) -> serde_json::Value {
    json(&[&["dist"], args, &["--json"]].concat())
}

#[test]
fn a_key_file_read_as_positions_places_keys_as_their_texts_do() {
    // The lesson's first 3 000 ids as a file: the same counts as `--keys 3000`, for the
    // strategies that read positions only and for rendezvous, which keeps the texts.
    let path = std::env::temp_dir().join(format!("partlab-lesson-{}.txt", std::process::id()));
    let text: String = (1..=3_000).map(|i| format!("P-2026-{i:06}\n")).collect();
    std::fs::write(&path, text).expect("temp file");
    let file = path.to_string_lossy().into_owned();
    for strategy in ["ring", "modulo", "jump", "rendezvous", "maglev", "bounded"] {
        let nodes = [
            "--strategy",
            strategy,
            "--nodes",
            "inv-bcn,inv-vlc,inv-mad,inv-sev",
        ];
        let from_file = dist(&[&nodes[..], &["--key-file", &file]].concat());
        let lesson = dist(&[&nodes[..], &["--keys", "3000"]].concat());
        assert_eq!(from_file["counts"], lesson["counts"], "{strategy}");
    }
    let _ = std::fs::remove_file(&path);
}
