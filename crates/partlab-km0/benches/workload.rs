//! Speed of the KM0 workload generator: prints a table of medians.
//!
//! Run with `cargo bench -p partlab-core --bench workload` (release profile with LTO). The
//! page regenerates the default week whenever the seed or the volume changes, so the target
//! is "well under a second in the browser", which runs WebAssembly about 1.4 times slower
//! than native code here.

// A benchmark stops at the first surprise: the inputs are fixed and known to be valid.
#![allow(clippy::expect_used)]

#[path = "../../partlab-core/benches/support/mod.rs"]
mod support;

use std::time::Duration;

use partlab_km0::workload::{Generator, Workload, WorkloadSpec};

/// Median and minimum of `runs` timings of `f`.
fn measure<T>(runs: usize, f: impl FnMut() -> T) -> (Duration, Duration) {
    let t = support::sorted_timings(runs, f);
    (t[t.len() / 2], t[0])
}

fn main() {
    let week = WorkloadSpec::default();
    let quarter = WorkloadSpec {
        days: 92,
        ..WorkloadSpec::default()
    };
    let rows: Vec<(String, (Duration, Duration), Option<f64>)> = vec![
        (
            "tables for a seed (clients, catalogue)".into(),
            measure(21, || Generator::new(&week).map(|g| g.spec().seed)),
            None,
        ),
        (
            "generate the default week: 7 × 40 000 orders".into(),
            measure(11, || Workload::generate(&week).map(|w| w.orders().len())),
            Some(300.0),
        ),
        (
            "summary of the default week (one pass)".into(),
            {
                let w = Workload::generate(&week).expect("valid");
                measure(11, || w.summary().orders)
            },
            None,
        ),
        (
            "stream 92 days × 40 000 orders (3.68 M), counting".into(),
            measure(5, || {
                let mut n = 0usize;
                Workload::stream(&quarter, |_, day| n += day.len()).map(|_| n)
            }),
            None,
        ),
    ];
    println!(
        "{:<56} {:>10} {:>10} {:>10}",
        "operation", "median", "min", "target"
    );
    for (what, (median, min), target) in rows {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let target = target.map_or(String::new(), |t| format!("≤ {t} ms"));
        println!(
            "{what:<56} {:>7.1} ms {:>7.1} ms {target:>10}",
            ms(median),
            ms(min)
        );
    }
    println!(
        "per order (default week): {:.0} ns",
        measure(5, || Workload::generate(&week).map(|w| w.orders().len()))
            .0
            .as_secs_f64()
            * 1e9
            / 280_000.0
    );
}
