//! Section 4 on the default grape-harvest week: a local index asks every partition, a global
//! one a single partition but writes two, an asynchronous one lags; and the tail latency of a
//! scatter/gather read, by the formula and simulated.

// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use partlab_km0::indexes::{compare, index_lag, slow_probability, IndexScheme, LagModel};
use partlab_km0::workload::Market;

mod common;
use common::week;

#[test]
fn local_reads_every_partition_global_reads_one_and_writes_two() {
    let (w, h) = week();
    let c = compare(w, h, 12, Market::Girona);
    let cost = |s: IndexScheme| c.schemes.iter().find(|x| x.scheme == s).expect("scheme");
    let local = cost(IndexScheme::Local);
    let sync = cost(IndexScheme::GlobalSync);
    let asynch = cost(IndexScheme::GlobalAsync);
    assert_eq!(
        (
            local.read_partitions,
            sync.read_partitions,
            asynch.read_partitions
        ),
        (12, 1, 1)
    );
    assert_eq!(local.write_partitions, 1.0);
    assert_eq!(asynch.write_partitions, 1.0);
    // The order's partition and its market's index partition differ 11 times in 12.
    assert!(
        (sync.two_partition_writes - 11.0 / 12.0).abs() < 0.02,
        "{sync:?}"
    );
    // Every data partition holds pending Girona orders: the local index must ask them all.
    assert!(c.local_rows.iter().all(|&r| r > 0), "{:?}", c.local_rows);
    assert_eq!(c.local_rows.iter().sum::<u64>(), c.matches);
    assert!(c.matches > 5_000, "{}", c.matches);
    // The market index is a hot spot: València's partition takes about 40 % of its writes.
    assert!(sync.hottest_index_share >= 0.38, "{sync:?}");
    assert!(local.hottest_index_share < 0.15, "{local:?}");
}

#[test]
fn the_lessons_tail_latency() {
    assert_eq!(format!("{:.5}", slow_probability(0.01, 12)), "0.11362");
    assert_eq!(format!("{:.1}", slow_probability(0.01, 12) * 100.0), "11.4");
}

#[test]
fn an_async_index_lags_milliseconds_unless_its_consumer_falls_behind() {
    let (w, _) = week();
    let quick = index_lag(w, None, &LagModel::default(), 2026);
    assert_eq!(quick.buckets.len(), 144);
    assert!(
        quick.p50_ms <= 40 && quick.p99_ms < 100,
        "{} {}",
        quick.p50_ms,
        quick.p99_ms
    );
    assert!(quick.max_backlog < 20, "{}", quick.max_backlog);
    let orders: u32 = quick.buckets.iter().map(|b| b.orders).sum();
    assert_eq!(orders, 40_000);
    // A consumer slower than the evening peak (about one order a second) falls behind.
    let slow = index_lag(
        w,
        None,
        &LagModel {
            per_second_milli: 900,
            ..LagModel::default()
        },
        2026,
    );
    assert!(slow.max_ms > 60_000, "{}", slow.max_ms);
    assert!(slow.max_backlog > 100, "{}", slow.max_backlog);
    // It catches up overnight: the last bucket has nothing left.
    assert_eq!(slow.buckets.last().map(|b| b.backlog), Some(0));
}
