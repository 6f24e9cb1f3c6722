//! What the benchmarks share (also included by `partlab-km0`'s): timing a closure.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// The times of `runs` calls of `f`, after one warm-up call, sorted from fastest to slowest.
pub fn sorted_timings<T>(runs: usize, mut f: impl FnMut() -> T) -> Vec<Duration> {
    black_box(f());
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .collect();
    times.sort();
    times
}
