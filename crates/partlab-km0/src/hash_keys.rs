//! Section 3 of the lesson: hash partitioning and compound keys, measured on the KM0 workload.
//!
//! - Hash partitioning: a key's partition is its MD5 position (first 8 bytes, big-endian)
//!   modulo the number of partitions, so consecutive order ids scatter ([`consecutive`]).
//! - The price: a date-range query no longer maps to a partition; under `hash(comanda_id)`
//!   every partition holds some of the range ([`range_rows`]).
//! - Compound keys: `hash(client_id)` chooses the partition, `data_creacio DESC` orders the rows
//!   inside it; [`query_cost`] counts what each of the lesson's queries reads under each key.
//! - Unbounded partitions: the restaurant's partition under `client_id` grows every day; a
//!   `client_id + year-month` bucket bounds it ([`GrowthSweep`]).
//! - The common mistake: a string hash salted per process (Python's `hash()` since 3.3) puts
//!   the same key on different partitions in two services ([`salted_hash`], [`disagreement`]).

use crate::calendar::{Timestamp, DAY_SECS};
use crate::rng::mix64;
use crate::workload::{client_id, Generator, Order, Workload, WorkloadError, WorkloadSpec};
use partlab_core::hash::{hash_bytes, hash_key, lesson_key, lesson_key_into};

/// The partition of a 64-bit position among `n` partitions: `hash mod n` (0 when `n` is 0).
pub fn partition(hash: u64, n: u32) -> u32 {
    hash.checked_rem(u64::from(n)).unwrap_or(0) as u32
}

/// Where one order id goes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct IdPlacement {
    /// The id's number.
    pub number: u64,
    /// The id, `P-2026-nnnnnn`.
    pub id: String,
    /// MD5's first 8 bytes, big-endian.
    pub hash: u64,
    /// `hash mod n`.
    pub partition: u32,
}

/// The partitions of `count` consecutive ids from `P-2026-{from:06}` among `n` partitions.
pub fn consecutive(from: u64, count: u32, n: u32) -> Vec<IdPlacement> {
    (from..from.saturating_add(u64::from(count)))
        .map(|number| {
            let id = lesson_key(number);
            let hash = hash_key(&id);
            IdPlacement {
                number,
                id,
                hash,
                partition: partition(hash, n),
            }
        })
        .collect()
}

/// A string hash salted per process, as Python's `hash()` of a `str` is since 3.3 (there,
/// SipHash keyed with a random number drawn at start-up). Simulated deterministically: FNV-1a
/// over the bytes, starting from a state mixed with `salt`, then SplitMix64's finaliser. Two
/// salts stand for two services (or one service before and after a restart).
pub fn salted_hash(salt: u64, key: &[u8]) -> u64 {
    const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h = FNV_OFFSET ^ mix64(salt);
    for &b in key {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    mix64(h)
}

/// The MD5 positions of a workload's order ids and client ids, computed once.
#[derive(Clone, Debug)]
pub struct HashedWorkload {
    /// Per order (same order as [`Workload::orders`]): MD5 of its id.
    pub order: Vec<u64>,
    /// Per client index: MD5 of its id.
    pub client: Vec<u64>,
}

impl HashedWorkload {
    /// Hashes every order id and client id of `w`.
    pub fn new(w: &Workload) -> HashedWorkload {
        let mut build = HashedWorkloadBuild::new(w);
        while build.step(w, usize::MAX) {}
        build.finish(w)
    }
}

/// A [`HashedWorkload`] computed in slices of ids ([`HashedWorkloadBuild::step`]), so that a
/// page never hashes a whole workload in one task.
#[derive(Clone, Debug)]
pub struct HashedWorkloadBuild {
    hashed: HashedWorkload,
}

impl HashedWorkloadBuild {
    /// Starts hashing `w`'s ids.
    pub fn new(w: &Workload) -> HashedWorkloadBuild {
        HashedWorkloadBuild {
            hashed: HashedWorkload {
                order: Vec::with_capacity(w.orders().len()),
                client: Vec::with_capacity(w.client_count()),
            },
        }
    }

    /// Hashes up to `max_ids` more ids of `w` (the workload given to [`HashedWorkloadBuild::new`]):
    /// orders first, then clients; `true` while ids remain.
    pub fn step(&mut self, w: &Workload, max_ids: usize) -> bool {
        let mut budget = max_ids.max(1);
        let mut buf = [0u8; 32];
        let h = &mut self.hashed;
        let done = h.order.len();
        let take = budget.min(w.orders().len().saturating_sub(done));
        h.order.extend(
            w.orders()[done..done + take]
                .iter()
                .map(|o| hash_key(lesson_key_into(u64::from(o.number), &mut buf))),
        );
        budget -= take;
        let clients = w.client_count() as u32;
        let first = h.client.len() as u32;
        let last = first
            .saturating_add(budget.min(u32::MAX as usize) as u32)
            .min(clients);
        h.client
            .extend((first..last).map(|c| hash_bytes(client_id(c).as_bytes())));
        !self.is_done(w)
    }

    /// Whether every id of `w` is hashed.
    pub fn is_done(&self, w: &Workload) -> bool {
        self.hashed.order.len() >= w.orders().len() && self.hashed.client.len() >= w.client_count()
    }

    /// Ids hashed so far and ids in all.
    pub fn progress(&self, w: &Workload) -> (usize, usize) {
        (
            self.hashed.order.len() + self.hashed.client.len(),
            w.orders().len() + w.client_count(),
        )
    }

    /// The hashes, hashing the ids still missing.
    pub fn finish(mut self, w: &Workload) -> HashedWorkload {
        while self.step(w, usize::MAX) {}
        self.hashed
    }
}

/// Orders created in `[from, to)` per partition, under `hash(comanda_id)` and under a range
/// partitioning of `data_creacio` into `n` equal spans of `[span_start, span_end)`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RangeRows {
    /// Rows of the range per partition when orders are hashed by id.
    pub by_hash: Vec<u64>,
    /// Rows of the range per partition when orders are ranged by creation time.
    pub by_range: Vec<u64>,
}

impl RangeRows {
    /// Partitions a query must ask under each scheme: those holding rows of the range.
    pub fn touched(&self) -> (u32, u32) {
        let t = |v: &[u64]| v.iter().filter(|&&c| c > 0).count() as u32;
        (t(&self.by_hash), t(&self.by_range))
    }
}

/// The partition of `t` when `[start, end)` is split into `n` equal ranges (times outside go
/// to the first or the last).
pub fn time_range_partition(t: Timestamp, start: Timestamp, end: Timestamp, n: u32) -> u32 {
    let span = u64::from(end.0.saturating_sub(start.0)).max(1);
    let offset = u64::from(t.0.saturating_sub(start.0)).min(span - 1);
    (offset * u64::from(n.max(1)) / span) as u32
}

/// Counts the orders of `w` created in `[from, to)` per partition under both schemes; the
/// range scheme splits the campaign (from its start to "now") into `n` equal spans.
pub fn range_rows(
    w: &Workload,
    hashed: &HashedWorkload,
    n: u32,
    from: Timestamp,
    to: Timestamp,
) -> RangeRows {
    let n = n.max(1);
    let mut by_hash = vec![0u64; n as usize];
    let mut by_range = vec![0u64; n as usize];
    let (start, end) = (w.campaign_start(), w.now());
    for (o, &h) in w.orders().iter().zip(&hashed.order) {
        if o.created >= from && o.created < to {
            by_hash[partition(h, n) as usize] += 1;
            by_range[time_range_partition(o.created, start, end, n) as usize] += 1;
        }
    }
    RangeRows { by_hash, by_range }
}

/// The two order keys of section 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum OrderKey {
    /// `hash(comanda_id)`: each order its own partition key.
    OrderId,
    /// `hash(client_id)` chooses the partition, `data_creacio DESC` sorts inside it.
    ClientDate,
}

impl OrderKey {
    /// Both keys.
    pub const ALL: [OrderKey; 2] = [OrderKey::OrderId, OrderKey::ClientDate];

    /// The key as the lesson writes it.
    pub fn name(self) -> &'static str {
        match self {
            OrderKey::OrderId => "hash(comanda_id)",
            OrderKey::ClientDate => "hash(client_id) + data_creacio DESC",
        }
    }
}

/// The lesson's queries of section 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Query {
    /// "Anna's last 20 orders".
    AnnaLast {
        /// How many (20).
        count: u32,
    },
    /// "Anna's orders between two dates": `[from, to)`.
    AnnaBetween {
        /// Start, inclusive.
        from: Timestamp,
        /// End, exclusive.
        to: Timestamp,
    },
    /// "Every client's orders from yesterday": the day before "now".
    EveryClientYesterday,
    /// "The order with this id".
    ById {
        /// The id's number.
        number: u32,
    },
}

/// What one query costs under one key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct QueryCost {
    /// Partitions (of `n`) that must answer.
    pub partitions: u32,
    /// Partition keys visited: one seek each (a full scan visits every key).
    pub partition_keys: u64,
    /// Rows read.
    pub rows_read: u64,
    /// Rows in the answer.
    pub rows_returned: u64,
    /// Whether the rows are read in order from one place (a sequential read), rather than
    /// gathered from many keys or scanned.
    pub sequential: bool,
    /// Whether every row of every partition has to be scanned (no key leads to the rows).
    pub full_scan: bool,
}

/// The cost of `query` under `key` on `w` with `n` partitions: who must answer and how much is
/// read. Without a key that leads to the rows, every partition scans everything (the lesson
/// answers that with other tables: `comandes_per_id`, global indexes).
pub fn query_cost(
    w: &Workload,
    hashed: &HashedWorkload,
    n: u32,
    key: OrderKey,
    query: Query,
) -> QueryCost {
    let n = n.max(1);
    let orders = w.orders();
    let total = orders.len() as u64;
    let non_empty = |parts: &[bool]| parts.iter().filter(|&&p| p).count() as u32;
    let mut all = vec![false; n as usize];
    for &h in &hashed.order {
        all[partition(h, n) as usize] = true;
    }
    let scan = |returned: u64| QueryCost {
        partitions: non_empty(&all),
        partition_keys: match key {
            OrderKey::OrderId => total,
            OrderKey::ClientDate => {
                let mut seen = vec![false; w.client_count()];
                orders.iter().for_each(|o| seen[o.client as usize] = true);
                seen.iter().filter(|&&s| s).count() as u64
            }
        },
        rows_read: total,
        rows_returned: returned,
        sequential: false,
        full_scan: true,
    };
    let anna: Vec<&Order> = orders
        .iter()
        .filter(|o| o.client == crate::workload::ANNA_IDX)
        .collect();
    let one = |rows: u64| QueryCost {
        partitions: 1,
        partition_keys: 1,
        rows_read: rows,
        rows_returned: rows,
        sequential: true,
        full_scan: false,
    };
    match (key, query) {
        (OrderKey::OrderId, Query::AnnaLast { count }) => {
            scan((anna.len() as u64).min(u64::from(count)))
        }
        (OrderKey::ClientDate, Query::AnnaLast { count }) => {
            one((anna.len() as u64).min(u64::from(count)))
        }
        (key, Query::AnnaBetween { from, to }) => {
            let rows = anna
                .iter()
                .filter(|o| o.created >= from && o.created < to)
                .count() as u64;
            match key {
                OrderKey::OrderId => scan(rows),
                OrderKey::ClientDate => one(rows),
            }
        }
        (key, Query::EveryClientYesterday) => {
            let day = w.now().0.saturating_sub(DAY_SECS);
            let yesterday: Vec<(usize, &Order)> = orders
                .iter()
                .enumerate()
                .filter(|(_, o)| o.created.0 >= day)
                .collect();
            let rows = yesterday.len() as u64;
            match key {
                OrderKey::OrderId => scan(rows),
                OrderKey::ClientDate => {
                    let mut parts = vec![false; n as usize];
                    let mut clients = vec![false; w.client_count()];
                    for (_, o) in &yesterday {
                        clients[o.client as usize] = true;
                        parts[partition(hashed.client[o.client as usize], n) as usize] = true;
                    }
                    QueryCost {
                        partitions: non_empty(&parts),
                        partition_keys: clients.iter().filter(|&&c| c).count() as u64,
                        rows_read: rows,
                        rows_returned: rows,
                        sequential: false,
                        full_scan: false,
                    }
                }
            }
        }
        (OrderKey::OrderId, Query::ById { number }) => {
            let found = orders.iter().any(|o| o.number == number);
            one(u64::from(found))
        }
        (OrderKey::ClientDate, Query::ById { number }) => {
            scan(u64::from(orders.iter().any(|o| o.number == number)))
        }
    }
}

/// Rows under one client's partition key, day by day, with and without a month bucket.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GrowthPoint {
    /// Days since the campaign started (1 = after its first day).
    pub day: u32,
    /// The day, `YYYY-MM-DD`.
    pub date: String,
    /// Rows under `client_id`: everything since the start.
    pub client_rows: u64,
    /// Rows under `client_id + year-month`: the current month's bucket.
    pub bucket_rows: u64,
    /// The largest bucket so far.
    pub largest_bucket: u64,
}

/// The growth of one client's partition over a horizon of days, computed a few days at a time
/// (the page slices the work): the same generator as the workload, streamed day by day.
#[derive(Clone, Debug)]
pub struct GrowthSweep {
    generator: Generator,
    client: u32,
    horizon: u32,
    next_day: u32,
    next_number: u32,
    points: Vec<GrowthPoint>,
    buf: Vec<Order>,
}

impl GrowthSweep {
    /// The growth of `client`'s partition over `horizon` campaign days of `spec` (the spec's
    /// own `days` is replaced by the horizon; lead days are dropped).
    pub fn new(
        spec: &WorkloadSpec,
        client: u32,
        horizon: u32,
    ) -> Result<GrowthSweep, WorkloadError> {
        let spec = WorkloadSpec {
            days: horizon,
            lead_days: 0,
            ..spec.clone()
        };
        Ok(GrowthSweep {
            generator: Generator::new(&spec)?,
            client,
            horizon,
            next_day: 0,
            next_number: 1,
            points: Vec::new(),
            buf: Vec::new(),
        })
    }

    /// Generates up to `days` more days; returns whether days remain.
    pub fn step(&mut self, days: u32) -> bool {
        let epoch = self.generator.spec().epoch();
        for _ in 0..days {
            if self.next_day >= self.horizon {
                break;
            }
            let day = self.next_day;
            self.buf.clear();
            self.generator
                .day_into(day, self.next_number, &mut self.buf);
            self.next_number = self.next_number.saturating_add(self.buf.len() as u32);
            let mine = self.buf.iter().filter(|o| o.client == self.client).count() as u64;
            let date = epoch.0.add_days(day as i32);
            let prev = self.points.last();
            let new_month = prev.is_none() || date.ymd().2 == 1;
            let client_rows = prev.map_or(0, |p| p.client_rows) + mine;
            let bucket_rows = if new_month {
                mine
            } else {
                prev.map_or(0, |p| p.bucket_rows) + mine
            };
            let largest_bucket = prev.map_or(0, |p| p.largest_bucket).max(bucket_rows);
            self.points.push(GrowthPoint {
                day: day + 1,
                date: date.to_string(),
                client_rows,
                bucket_rows,
                largest_bucket,
            });
            self.next_day += 1;
        }
        self.next_day < self.horizon
    }

    /// The points so far.
    pub fn points(&self) -> &[GrowthPoint] {
        &self.points
    }

    /// Whether every day has been generated.
    pub fn is_done(&self) -> bool {
        self.next_day >= self.horizon
    }

    /// The spec it generates (its `days` is the horizon).
    pub fn spec(&self) -> &WorkloadSpec {
        self.generator.spec()
    }

    /// The horizon, in days.
    pub fn horizon(&self) -> u32 {
        self.horizon
    }
}

/// How often two services disagree on a key's partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Disagreement {
    /// Keys compared.
    pub keys: u64,
    /// Keys the two services place differently with the stable MD5 hash (always 0).
    pub stable: u64,
    /// Keys the two services place differently with the salted hash.
    pub salted: u64,
}

/// Places every order id of `hashed`/`w` among `n` partitions in two services: with MD5 (the
/// same code gives the same partition everywhere) and with a per-process salted hash (salts
/// `salt_a` and `salt_b`).
pub fn disagreement(
    w: &Workload,
    hashed: &HashedWorkload,
    n: u32,
    salt_a: u64,
    salt_b: u64,
) -> Disagreement {
    disagreement_in(w, hashed, n, (salt_a, salt_b), 0..w.orders().len())
}

/// [`disagreement`] over the orders with indices in `orders` only (clamped to the workload),
/// so that a page can spread the count over several tasks and add the parts up
/// (`+`).
pub fn disagreement_in(
    w: &Workload,
    hashed: &HashedWorkload,
    n: u32,
    (salt_a, salt_b): (u64, u64),
    orders: std::ops::Range<usize>,
) -> Disagreement {
    let mut buf = [0u8; 32];
    let mut out = Disagreement {
        keys: 0,
        stable: 0,
        salted: 0,
    };
    let end = orders.end.min(w.orders().len()).min(hashed.order.len());
    let start = orders.start.min(end);
    for (o, &h) in w.orders()[start..end].iter().zip(&hashed.order[start..end]) {
        let id = lesson_key_into(u64::from(o.number), &mut buf).as_bytes();
        out.keys += 1;
        // Both services compute the same MD5; the comparison is kept to show it.
        if partition(h, n) != partition(hash_bytes(id), n) {
            out.stable += 1;
        }
        if partition(salted_hash(salt_a, id), n) != partition(salted_hash(salt_b, id), n) {
            out.salted += 1;
        }
    }
    out
}

impl Disagreement {
    /// No key compared yet.
    pub const NONE: Disagreement = Disagreement {
        keys: 0,
        stable: 0,
        salted: 0,
    };
}

/// The counts of two disjoint sets of keys together.
impl std::ops::Add for Disagreement {
    type Output = Disagreement;

    fn add(self, other: Disagreement) -> Disagreement {
        Disagreement {
            keys: self.keys + other.keys,
            stable: self.stable + other.stable,
            salted: self.salted + other.salted,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_four_ids_land_on_0_2_2_1() {
        let p = consecutive(123, 4, 4);
        let ids: Vec<&str> = p.iter().map(|x| x.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "P-2026-000123",
                "P-2026-000124",
                "P-2026-000125",
                "P-2026-000126"
            ]
        );
        let parts: Vec<u32> = p.iter().map(|x| x.partition).collect();
        assert_eq!(parts, [0, 2, 2, 1]);
        // mod 4 is the hash's last two bits.
        assert!(p.iter().all(|x| x.hash & 3 == u64::from(x.partition)));
        assert_eq!(p[0].hash, 0xd713_1e78_456c_ea88);
    }

    #[test]
    fn salts_change_placements_and_a_salt_is_stable_within_a_process() {
        let k = b"P-2026-000123";
        assert_eq!(salted_hash(1, k), salted_hash(1, k));
        assert_ne!(salted_hash(1, k), salted_hash(2, k));
        assert_eq!(partition(7, 0), 0);
    }

    #[test]
    fn time_ranges_split_a_span_evenly() {
        let (s, e) = (Timestamp(0), Timestamp(100));
        assert_eq!(time_range_partition(Timestamp(0), s, e, 4), 0);
        assert_eq!(time_range_partition(Timestamp(24), s, e, 4), 0);
        assert_eq!(time_range_partition(Timestamp(25), s, e, 4), 1);
        assert_eq!(time_range_partition(Timestamp(99), s, e, 4), 3);
        assert_eq!(time_range_partition(Timestamp(500), s, e, 4), 3);
        assert_eq!(time_range_partition(Timestamp(5), s, s, 4), 0);
    }
}
