//! Speed of the zoo's algorithms (issue #14): Maglev's table build at the paper's two sizes,
//! and lookups per second of every strategy. Prints figures; asserts nothing about time.
//!
//! Run with `cargo bench -p partlab-core --bench zoo`. The Maglev paper reports 1.8 ms
//! (M = 65 537) and 22.9 ms (M = 655 373) for 1 000 backends on its 2016 hardware.

// A benchmark stops at the first surprise: the inputs are fixed and known to be valid.
#![allow(clippy::expect_used)]

mod support;

use std::time::Duration;

use partlab_core::compare::{owners, Algo, Params};
use partlab_core::keys::KeySet;
use partlab_core::zoo::maglev::{Maglev, DEFAULT_TABLE_SIZE, LARGE_TABLE_SIZE};

/// Median of `runs` timings of `f` (after one warm-up run).
fn median<T>(runs: usize, f: impl FnMut() -> T) -> Duration {
    let t = support::sorted_timings(runs, f);
    t[t.len() / 2]
}

fn main() {
    println!("Partlab zoo benchmark (median of repeated runs; release build, LTO)");
    println!();
    let names: Vec<String> = (0..1000).map(|i| format!("backend-{i}")).collect();
    for (m, paper) in [(DEFAULT_TABLE_SIZE, 1.8), (LARGE_TABLE_SIZE, 22.9)] {
        let t = median(11, || Maglev::new(&names, m).expect("valid").size());
        println!(
            "Maglev table build, N = 1 000, M = {m:>7}: {:>8.2} ms   (paper, 2016: {paper} ms)",
            t.as_secs_f64() * 1e3
        );
    }
    println!();
    let keys = KeySet::lesson(100_000).expect("valid");
    let lesson: Vec<String> = partlab_core::lesson::NODES
        .iter()
        .map(|s| s.to_string())
        .collect();
    let params = Params::default();
    println!("lookups of 100 000 lesson keys on the lesson's 4 nodes (structures built once,");
    println!("rendezvous' score columns cached after the warm-up; bounded loads places in order):");
    for algo in Algo::ALL {
        let t = median(7, || {
            owners(algo, &lesson, &params, &keys).expect("valid").len()
        });
        let per_sec = keys.len() as f64 / t.as_secs_f64();
        println!(
            "  {:<11} {:>8.2} ms   {:>12.0} keys/s  (build included)",
            algo.slug(),
            t.as_secs_f64() * 1e3,
            per_sec
        );
    }
    // Per-key lookups without the build, for the strategies with a table or points.
    let table = Maglev::new(&lesson, DEFAULT_TABLE_SIZE).expect("valid");
    let mp = partlab_core::zoo::MultiProbe::new(&lesson, 21).expect("valid");
    let hashes = keys.sorted_hashes();
    let t = median(21, || hashes.iter().map(|&h| table.owner(h)).sum::<usize>());
    println!(
        "  maglev lookup only:      {:>12.0} keys/s",
        keys.len() as f64 / t.as_secs_f64()
    );
    let t = median(7, || hashes.iter().map(|&h| mp.owner(h)).sum::<usize>());
    println!(
        "  multiprobe (21) only:    {:>12.0} keys/s",
        keys.len() as f64 / t.as_secs_f64()
    );
}
