//! Section 4 of the lesson: secondary indexes in a partitioned store, measured on the KM0
//! workload, and the tail latency of a scatter/gather read.
//!
//! - Orders are partitioned by `hash(client_id)`; the delivery team asks for "the orders
//!   pending delivery in Girona", which names no client. A **local** index (each partition
//!   indexes its own rows) answers by asking every partition; a **global** index partitioned
//!   by market answers from one, but each write touches the order's partition and its market's
//!   index partition, or is applied later from the event stream (asynchronous) and lags
//!   ([`compare`], [`index_lag`]).
//! - **Tail latency**: when each of `n` partitions is slower than a threshold with
//!   probability `p`, a query that waits for all of them is slow with probability
//!   `1 − (1 − p)^n` ([`slow_probability`]); [`gather_point`] simulates it with a documented
//!   per-partition latency ([`LatencyModel`]).
//!
//! Every draw is integer ([`SplitMix64`]), so results are the same on every target.

use crate::calendar::{Timestamp, DAY_SECS, HOUR_SECS};
use crate::hash_keys::{partition, HashedWorkload};
use crate::rng::{sub_seed, SplitMix64};
use crate::workload::{Market, Workload};
use partlab_core::hash::hash_key;

/// `1 − (1 − p)^n`: the chance that at least one of `n` independent partitions, each slow
/// with probability `p`, makes a query that waits for all of them slow. Computed by repeated
/// multiplication (no `powf`), so every target gives the same bits.
///
/// ```
/// let p = partlab_km0::indexes::slow_probability(0.01, 12);
/// assert_eq!(format!("{p:.5}"), "0.11362");
/// ```
pub fn slow_probability(p: f64, n: u32) -> f64 {
    let q = (1.0 - p).clamp(0.0, 1.0);
    let mut all_fast = 1.0;
    for _ in 0..n {
        all_fast *= q;
    }
    1.0 - all_fast
}

/// Where 95 % of simulations of `queries` reads over `n` partitions land, as fractions
/// (0–1): the formula's `1 − (1 − p)^n` ± 1.96 standard deviations of a fraction of
/// `queries` draws (the normal approximation), clamped to 0–1. A simulated fraction outside
/// it is a 1-in-20 draw, not a wrong formula.
///
/// ```
/// let (lo, hi) = partlab_km0::indexes::simulation_interval(0.01, 12, 10_000);
/// assert_eq!((format!("{lo:.4}"), format!("{hi:.4}")), ("0.1074".into(), "0.1198".into()));
/// ```
pub fn simulation_interval(p: f64, n: u32, queries: u32) -> (f64, f64) {
    let f = slow_probability(p, n);
    let half = 1.96 * (f * (1.0 - f) / f64::from(queries.max(1))).sqrt();
    ((f - half).max(0.0), (f + half).min(1.0))
}

/// How long one partition takes to answer, in milliseconds: the shape the simulation uses.
///
/// Most answers take `base + u1 + u2 + u3` ms with each `u` uniform in `0..=spread` (a hump
/// peaking at `base + 1.5 × spread`: 2–32 ms, mostly 10–25, with the defaults). With
/// probability `stall_per_10k / 10 000` the partition also stalls (a garbage-collection
/// pause, a compaction, a busy disk) for a uniform `stall_min..=stall_max` ms more. With the
/// defaults a partition is slower than 500 ms exactly when it stalls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LatencyModel {
    /// Fixed part, ms.
    pub base_ms: u32,
    /// Each of the three uniform parts is `0..=spread_ms`.
    pub spread_ms: u32,
    /// Chance of a stall, per 10 000 answers.
    pub stall_per_10k: u32,
    /// Shortest stall, ms.
    pub stall_min_ms: u32,
    /// Longest stall, ms.
    pub stall_max_ms: u32,
}

impl Default for LatencyModel {
    /// The lesson's case: 1 % of answers take more than 500 ms.
    fn default() -> Self {
        LatencyModel {
            base_ms: 2,
            spread_ms: 10,
            stall_per_10k: 100,
            stall_min_ms: 500,
            stall_max_ms: 1500,
        }
    }
}

impl LatencyModel {
    /// One partition's answer time, ms.
    pub fn sample(&self, rng: &mut SplitMix64) -> u32 {
        let u = |rng: &mut SplitMix64| rng.below(u64::from(self.spread_ms) + 1) as u32;
        let mut t = self.base_ms + u(rng) + u(rng) + u(rng);
        if rng.chance(u64::from(self.stall_per_10k), 10_000) {
            let span = self.stall_max_ms.saturating_sub(self.stall_min_ms);
            t += self.stall_min_ms + rng.below(u64::from(span) + 1) as u32;
        }
        t
    }

    /// The chance that one answer takes more than `threshold_ms` (exact for thresholds
    /// between the hump and the stalls).
    pub fn slow_chance(&self) -> f64 {
        f64::from(self.stall_per_10k) / 10_000.0
    }
}

/// The partition counts the gather simulation measures.
pub const GATHER_SIZES: [u32; 12] = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];

/// Simulated scatter/gather reads over `n` partitions.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GatherPoint {
    /// Partitions asked.
    pub partitions: u32,
    /// Queries simulated.
    pub queries: u32,
    /// Fraction of queries slower than the threshold (0–1).
    pub slow_fraction: f64,
    /// `1 − (1 − p)^n` for the model's `p`.
    pub formula: f64,
    /// Median query time, ms.
    pub p50_ms: u32,
    /// 99th percentile, ms.
    pub p99_ms: u32,
    /// Slowest query, ms.
    pub max_ms: u32,
}

/// Simulates `queries` reads that each wait for the slowest of `n` partitions.
pub fn gather_point(
    model: &LatencyModel,
    n: u32,
    queries: u32,
    threshold_ms: u32,
    seed: u64,
) -> GatherPoint {
    let mut rng = SplitMix64::new(sub_seed(seed, 0x6761_7468 ^ u64::from(n)));
    let mut times: Vec<u32> = (0..queries)
        .map(|_| (0..n).map(|_| model.sample(&mut rng)).max().unwrap_or(0))
        .collect();
    let slow = times.iter().filter(|&&t| t > threshold_ms).count();
    times.sort_unstable();
    let at = |q: usize| {
        times
            .get((times.len() * q / 100).min(times.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0)
    };
    GatherPoint {
        partitions: n,
        queries,
        slow_fraction: slow as f64 / f64::from(queries.max(1)),
        formula: slow_probability(model.slow_chance(), n),
        p50_ms: at(50),
        p99_ms: at(99),
        max_ms: times.last().copied().unwrap_or(0),
    }
}

/// The three ways to index orders by market, for one query and every write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum IndexScheme {
    /// Each partition indexes its own rows (document-partitioned).
    Local,
    /// One index partitioned by market, written with the order (term-partitioned).
    GlobalSync,
    /// The same index, fed later from the order events.
    GlobalAsync,
}

impl IndexScheme {
    /// The three schemes.
    pub const ALL: [IndexScheme; 3] = [
        IndexScheme::Local,
        IndexScheme::GlobalSync,
        IndexScheme::GlobalAsync,
    ];
}

/// What one scheme costs on the workload.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SchemeCost {
    /// The scheme.
    pub scheme: IndexScheme,
    /// Partitions a write touches on average, synchronously.
    pub write_partitions: f64,
    /// Writes that touch two partitions (0–1).
    pub two_partition_writes: f64,
    /// Partitions the query asks.
    pub read_partitions: u32,
    /// The busiest index partition's share of the index writes (0–1): the market index's
    /// hot spot (València) for the global schemes, the data's own spread for the local one.
    pub hottest_index_share: f64,
}

/// The local and global indexes compared on "pending deliveries in `market`".
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct IndexComparison {
    /// Partitions.
    pub partitions: u32,
    /// The market asked about.
    pub market: Market,
    /// The moment of the query: the end of the workload.
    pub now: Timestamp,
    /// Orders of the market pending delivery at `now` (the answer).
    pub matches: u64,
    /// Matching rows in each data partition (what a local index finds in each).
    pub local_rows: Vec<u64>,
    /// The index partition that holds `market` in a global index.
    pub global_partition: u32,
    /// Each scheme's cost.
    pub schemes: Vec<SchemeCost>,
}

/// The index partition of a market: `hash(market slug) mod n`.
pub fn market_partition(market: Market, n: u32) -> u32 {
    partition(hash_key(market.slug()), n)
}

/// Compares the three schemes for "orders pending delivery in `market`" at the end of `w`,
/// with orders partitioned by `hash(client_id)` over `n` partitions.
pub fn compare(w: &Workload, hashed: &HashedWorkload, n: u32, market: Market) -> IndexComparison {
    let n = n.max(1);
    let now = w.now();
    let mut local_rows = vec![0u64; n as usize];
    let mut matches = 0u64;
    let mut two = 0u64;
    let mut index_writes = [0u64; 4];
    let mut data_writes = vec![0u64; n as usize];
    let market_parts = Market::ALL.map(|m| market_partition(m, n));
    for o in w.orders() {
        let data = partition(hashed.client[o.client as usize], n);
        data_writes[data as usize] += 1;
        index_writes[o.market.index()] += 1;
        if market_parts[o.market.index()] != data {
            two += 1;
        }
        if o.market == market && o.delivered > now {
            matches += 1;
            local_rows[data as usize] += 1;
        }
    }
    let total = w.orders().len().max(1) as f64;
    // Index writes per index partition: markets sharing a partition add up.
    let mut per_index_part = vec![0u64; n as usize];
    for (m, &c) in index_writes.iter().enumerate() {
        per_index_part[market_parts[m] as usize] += c;
    }
    let hottest_global = per_index_part.iter().copied().max().unwrap_or(0) as f64 / total;
    let hottest_local = data_writes.iter().copied().max().unwrap_or(0) as f64 / total;
    let two_share = two as f64 / total;
    let schemes = vec![
        SchemeCost {
            scheme: IndexScheme::Local,
            write_partitions: 1.0,
            two_partition_writes: 0.0,
            // Every partition must be asked: none can know it holds no match.
            read_partitions: n,
            hottest_index_share: hottest_local,
        },
        SchemeCost {
            scheme: IndexScheme::GlobalSync,
            write_partitions: 1.0 + two_share,
            two_partition_writes: two_share,
            read_partitions: 1,
            hottest_index_share: hottest_global,
        },
        SchemeCost {
            scheme: IndexScheme::GlobalAsync,
            write_partitions: 1.0,
            two_partition_writes: 0.0,
            read_partitions: 1,
            hottest_index_share: hottest_global,
        },
    ];
    IndexComparison {
        partitions: n,
        market,
        now,
        matches,
        local_rows,
        global_partition: market_parts[market.index()],
        schemes,
    }
}

/// How the asynchronous index is fed: every order event goes through the event stream (a
/// delay of `pipeline_min..=pipeline_max` ms, and with probability `hiccup_per_10k / 10 000`
/// a hiccup of `hiccup_min..=hiccup_max` ms more: a consumer rebalance, a pause), then waits
/// its turn at one consumer that applies `per_second` events a second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LagModel {
    /// Shortest trip through the stream, ms.
    pub pipeline_min_ms: u32,
    /// Longest ordinary trip, ms.
    pub pipeline_max_ms: u32,
    /// Chance of a hiccup, per 10 000 events.
    pub hiccup_per_10k: u32,
    /// Shortest hiccup, ms.
    pub hiccup_min_ms: u32,
    /// Longest hiccup, ms.
    pub hiccup_max_ms: u32,
    /// Events the consumer applies per second (its throughput), in thousandths.
    pub per_second_milli: u32,
}

impl Default for LagModel {
    fn default() -> Self {
        LagModel {
            pipeline_min_ms: 2,
            pipeline_max_ms: 20,
            hiccup_per_10k: 10,
            hiccup_min_ms: 200,
            hiccup_max_ms: 2000,
            per_second_milli: 100_000,
        }
    }
}

/// The asynchronous index's lag over one day, in buckets of ten minutes.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LagResult {
    /// The day measured (0-based from the workload's first day).
    pub day: u32,
    /// Per ten minutes: median lag (ms), largest lag (ms), orders written and not yet
    /// indexed at the bucket's end.
    pub buckets: Vec<LagBucket>,
    /// Median lag over the day, ms.
    pub p50_ms: u64,
    /// 99th percentile, ms.
    pub p99_ms: u64,
    /// Largest lag, ms.
    pub max_ms: u64,
    /// Most orders written and not yet indexed at once.
    pub max_backlog: u64,
}

/// Ten minutes of the lag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LagBucket {
    /// Minutes after midnight at the bucket's start.
    pub minute: u32,
    /// Orders created in the bucket.
    pub orders: u32,
    /// Median lag of those orders, ms.
    pub p50_ms: u64,
    /// Their largest lag, ms.
    pub max_ms: u64,
    /// Orders written and not yet in the index at the bucket's end.
    pub backlog: u64,
}

/// Simulates the asynchronous index over day `day` of `w` (the busiest day when `None`).
pub fn index_lag(w: &Workload, day: Option<u32>, model: &LagModel, seed: u64) -> LagResult {
    let days = w.spec().total_days().max(1);
    let day = day.unwrap_or_else(|| busiest_day(w)).min(days - 1);
    let start = day * DAY_SECS;
    let orders: Vec<u32> = w
        .orders()
        .iter()
        .map(|o| o.created.0)
        .filter(|&t| t >= start && t < start + DAY_SECS)
        .map(|t| t - start)
        .collect();
    let mut rng = SplitMix64::new(sub_seed(seed, 0x006c_6167 ^ u64::from(day)));
    // Creation times in microseconds: orders of the same second spread evenly over it.
    let mut created_us = Vec::with_capacity(orders.len());
    let mut i = 0;
    while i < orders.len() {
        let sec = orders[i];
        let j = orders[i..]
            .iter()
            .position(|&t| t != sec)
            .map_or(orders.len(), |k| i + k);
        let k = (j - i) as u64;
        for m in 0..k {
            created_us.push(u64::from(sec) * 1_000_000 + m * 1_000_000 / k);
        }
        i = j;
    }
    let service_us = 1_000_000_000 / u64::from(model.per_second_milli.max(1));
    let mut finish_us = Vec::with_capacity(created_us.len());
    let mut last = 0u64;
    for &c in &created_us {
        let span = u64::from(model.pipeline_max_ms.saturating_sub(model.pipeline_min_ms));
        let mut trip = u64::from(model.pipeline_min_ms) * 1000 + rng.below(span * 1000 + 1);
        if rng.chance(u64::from(model.hiccup_per_10k), 10_000) {
            let h = u64::from(model.hiccup_max_ms.saturating_sub(model.hiccup_min_ms));
            trip += u64::from(model.hiccup_min_ms) * 1000 + rng.below(h * 1000 + 1);
        }
        let ready = c + trip;
        let begin = ready.max(last);
        last = begin + service_us;
        finish_us.push(last);
    }
    let lags_ms: Vec<u64> = created_us
        .iter()
        .zip(&finish_us)
        .map(|(c, f)| (f - c).div_ceil(1000))
        .collect();
    let (buckets, max_backlog) = lag_buckets(&created_us, &finish_us, &lags_ms);
    let mut all = lags_ms;
    LagResult {
        day,
        buckets,
        p50_ms: percentile(&mut all, 50),
        p99_ms: percentile(&mut all, 99),
        max_ms: all.last().copied().unwrap_or(0),
        max_backlog,
    }
}

/// The `q`th percentile of `v` (nearest rank below; 0 when empty); sorts `v`.
fn percentile(v: &mut [u64], q: usize) -> u64 {
    v.sort_unstable();
    v.get((v.len() * q / 100).min(v.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0)
}

/// The day's ten-minute buckets and the largest backlog, from each order's creation and
/// indexing times (µs after midnight, both in time order) and its lag (ms).
///
/// The orders are in creation order, so each bucket's are the run after the previous
/// bucket's: one pass over them, not one per bucket (144 passes over a busy day's orders
/// took 40–60 ms in the page, in one slice of the chapter's work).
fn lag_buckets(created_us: &[u64], finish_us: &[u64], lags_ms: &[u64]) -> (Vec<LagBucket>, u64) {
    // Orders written and not yet indexed at `t_us`.
    let backlog_at = |t_us: u64| {
        let written = created_us.partition_point(|&c| c <= t_us) as u64;
        let indexed = finish_us.partition_point(|&f| f <= t_us) as u64;
        written.saturating_sub(indexed)
    };
    let mut buckets = Vec::with_capacity(24 * 6);
    let mut max_backlog = 0;
    let mut from = 0;
    for b in 0..(24 * 6) {
        let hi = u64::from(b + 1) * 600_000_000;
        let to = from + created_us[from..].partition_point(|&c| c < hi);
        let mut in_bucket = lags_ms[from..to].to_vec();
        // The largest backlog is reached just before an event is applied: check each
        // bucket's creations too.
        for &c in &created_us[from..to] {
            max_backlog = max_backlog.max(backlog_at(c));
        }
        // Sorted by the percentile: the largest is the last.
        let p50_ms = percentile(&mut in_bucket, 50);
        buckets.push(LagBucket {
            minute: b * 10,
            orders: in_bucket.len() as u32,
            p50_ms,
            max_ms: in_bucket.last().copied().unwrap_or(0),
            backlog: backlog_at(hi - 1),
        });
        from = to;
    }
    (buckets, max_backlog)
}

/// The day (0-based) with the busiest hour.
pub fn busiest_day(w: &Workload) -> u32 {
    let hours = w.spec().total_days() as usize * 24;
    let mut per_hour = vec![0u32; hours.max(1)];
    for o in w.orders() {
        if let Some(c) = per_hour.get_mut((o.created.0 / HOUR_SECS) as usize) {
            *c += 1;
        }
    }
    per_hour
        .iter()
        .enumerate()
        .max_by_key(|&(i, &c)| (c, std::cmp::Reverse(i)))
        .map_or(0, |(i, _)| i as u32 / 24)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The buckets as plainly as possible: every bucket filters all the orders.
    fn lag_buckets_by_filtering(
        created_us: &[u64],
        finish_us: &[u64],
        lags_ms: &[u64],
    ) -> (Vec<LagBucket>, u64) {
        let backlog_at = |t: u64| {
            let written = created_us.iter().filter(|&&c| c <= t).count() as u64;
            let indexed = finish_us.iter().filter(|&&f| f <= t).count() as u64;
            written.saturating_sub(indexed)
        };
        let mut max_backlog = 0;
        let buckets = (0..(24 * 6))
            .map(|b| {
                let (lo, hi) = (u64::from(b) * 600_000_000, u64::from(b + 1) * 600_000_000);
                let mut lags: Vec<u64> = (0..created_us.len())
                    .filter(|&i| created_us[i] >= lo && created_us[i] < hi)
                    .map(|i| lags_ms[i])
                    .collect();
                for &c in created_us.iter().filter(|&&c| c >= lo && c < hi) {
                    max_backlog = max_backlog.max(backlog_at(c));
                }
                lags.sort_unstable();
                LagBucket {
                    minute: b * 10,
                    orders: lags.len() as u32,
                    p50_ms: lags
                        .get((lags.len() * 50 / 100).min(lags.len().saturating_sub(1)))
                        .copied()
                        .unwrap_or(0),
                    max_ms: lags.last().copied().unwrap_or(0),
                    backlog: backlog_at(hi - 1),
                }
            })
            .collect();
        (buckets, max_backlog)
    }

    proptest! {
        #[test]
        fn one_pass_buckets_equal_filtering_every_bucket(
            picks in proptest::collection::vec(
                (0u64..144, prop_oneof![Just(0u64), Just(599_999_999), 0u64..600_000_000]),
                0..300,
            ),
            trips in proptest::collection::vec(0u64..4_000_000_000, 300),
        ) {
            // Creations in time order within the day, some on a bucket's first or last
            // microsecond; indexing times never decrease.
            let mut created: Vec<u64> = picks.iter().map(|(b, at)| b * 600_000_000 + at).collect();
            created.sort_unstable();
            let mut finish = Vec::new();
            let mut last = 0u64;
            for (c, trip) in created.iter().zip(&trips) {
                last = (c + trip).max(last) + 1_000;
                finish.push(last);
            }
            let lags: Vec<u64> = created.iter().zip(&finish).map(|(c, f)| (f - c).div_ceil(1000)).collect();
            prop_assert_eq!(
                lag_buckets(&created, &finish, &lags),
                lag_buckets_by_filtering(&created, &finish, &lags)
            );
        }
    }

    #[test]
    fn the_lessons_twelve_partitions_at_one_percent_give_eleven_percent() {
        let p = slow_probability(0.01, 12);
        assert_eq!(format!("{p:.5}"), "0.11362");
        assert!((p - 0.113_615_128_283_870_77).abs() < 1e-15);
        assert_eq!(slow_probability(0.01, 0), 0.0);
        assert_eq!(slow_probability(0.0, 50), 0.0);
        assert_eq!(slow_probability(1.0, 3), 1.0);
        assert_eq!(slow_probability(2.0, 3), 1.0);
    }

    #[test]
    fn a_partition_is_slower_than_500_ms_exactly_when_it_stalls() {
        let m = LatencyModel::default();
        let mut rng = SplitMix64::new(3);
        let mut slow = 0;
        for _ in 0..100_000 {
            let t = m.sample(&mut rng);
            assert!((2..=32).contains(&t) || (502..=1532).contains(&t), "{t}");
            slow += u32::from(t > 500);
        }
        // 1 % ± 0.1 % of 100 000.
        assert!((900..=1100).contains(&slow), "{slow}");
    }

    #[test]
    fn a_simulated_gather_follows_the_formula() {
        let m = LatencyModel::default();
        for n in [1, 12, 64] {
            let g = gather_point(&m, n, 20_000, 500, 2026);
            // Within four standard errors of the formula.
            let sd = (g.formula * (1.0 - g.formula) / 20_000.0).sqrt();
            assert!(
                (g.slow_fraction - g.formula).abs() < 4.0 * sd + 1e-9,
                "{g:?}"
            );
        }
        let one = gather_point(&m, 1, 20_000, 500, 2026);
        let many = gather_point(&m, 64, 20_000, 500, 2026);
        // One partition is slow 1 % of the time; the slowest of 64 is slow almost half of it.
        assert!(
            one.slow_fraction < 0.02 && many.slow_fraction > 0.4,
            "{one:?} {many:?}"
        );
        assert!(
            many.p99_ms > 1000 && many.p50_ms >= one.p50_ms,
            "{one:?} {many:?}"
        );
        assert_eq!(
            gather_point(&m, 12, 500, 500, 1),
            gather_point(&m, 12, 500, 500, 1)
        );
    }
}
