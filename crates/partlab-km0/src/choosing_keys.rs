//! Section 10 of the lesson: choosing KM0's partition keys, measured on the workload.
//!
//! For the orders, six candidates ([`OrderCandidate`]) are measured on the same orders and
//! the same number of partitions: how unevenly they spread the data and the busiest hour's
//! writes (largest partition over the mean), how fast their largest partition key grows,
//! and which partitions each of the lesson's queries must ask ([`order_candidates`]). For the
//! stock, three candidates ([`StockCandidate`]): whether one product's counter lives in one
//! partition, and how the counters and the busiest hour's reservations spread
//! ([`stock_candidates`]).
//!
//! Hash candidates place a key value at `MD5(value) mod n`; `data_creacio` is a range key,
//! cut into `n` ranges with the same number of orders each.

use crate::calendar::{Timestamp, DAY_SECS, HOUR_SECS};
use crate::hash_keys::{partition, HashedWorkload};
use crate::workload::{client_id, Market, Workload, ANNA_IDX, BIG_PRODUCER, PRODUCERS};
use partlab_core::hash::{hash_bytes, hash_key};

/// The lesson's candidate keys for the orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum OrderCandidate {
    /// `data_creacio`, by range.
    DataCreacio,
    /// `comanda_id`, hashed.
    ComandaId,
    /// `client_id` hashed, `data_creacio DESC` inside.
    ClientDate,
    /// `client_id + year-month` hashed.
    ClientMonth,
    /// `mercat`, hashed.
    Mercat,
    /// `productor_id`, hashed.
    ProductorId,
}

impl OrderCandidate {
    /// The six, in the lesson's order.
    pub const ALL: [OrderCandidate; 6] = [
        OrderCandidate::DataCreacio,
        OrderCandidate::ComandaId,
        OrderCandidate::ClientDate,
        OrderCandidate::ClientMonth,
        OrderCandidate::Mercat,
        OrderCandidate::ProductorId,
    ];

    /// The key as the lesson writes it.
    pub fn name(self) -> &'static str {
        match self {
            OrderCandidate::DataCreacio => "data_creacio (range)",
            OrderCandidate::ComandaId => "comanda_id (hash)",
            OrderCandidate::ClientDate => "client_id (hash) + data DESC",
            OrderCandidate::ClientMonth => "client_id + year-month (hash)",
            OrderCandidate::Mercat => "mercat (hash)",
            OrderCandidate::ProductorId => "productor_id (hash)",
        }
    }

    /// A short id for URLs and hooks.
    pub fn slug(self) -> &'static str {
        match self {
            OrderCandidate::DataCreacio => "data-creacio",
            OrderCandidate::ComandaId => "comanda-id",
            OrderCandidate::ClientDate => "client-date",
            OrderCandidate::ClientMonth => "client-month",
            OrderCandidate::Mercat => "mercat",
            OrderCandidate::ProductorId => "productor-id",
        }
    }
}

/// The lesson's queries on the orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum OrderQuery {
    /// "My orders" in the app (Anna's).
    MyOrders,
    /// "Order by id" at the confirmation.
    ById,
    /// Deliveries: the orders of a market (Girona).
    Market,
    /// The producer's dashboard (Horta La Vega's orders).
    Producer,
    /// Analytics: the orders of a period (the last day).
    Period,
}

impl OrderQuery {
    /// The five, in the lesson's order of importance.
    pub const ALL: [OrderQuery; 5] = [
        OrderQuery::MyOrders,
        OrderQuery::ById,
        OrderQuery::Market,
        OrderQuery::Producer,
        OrderQuery::Period,
    ];
}

/// What one query costs under one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Asked {
    /// Partitions asked.
    pub partitions: u32,
    /// Rows those partitions read (all their rows when the key does not lead to the answer).
    pub rows_read: u64,
}

/// One order candidate, measured.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OrderStats {
    /// The candidate.
    pub key: OrderCandidate,
    /// Partitions holding any order.
    pub used_partitions: u32,
    /// Largest partition over the mean partition, in rows (1 = perfectly even).
    pub data_skew: f64,
    /// The same for the busiest hour's writes.
    pub hot_hour_skew: f64,
    /// The largest partition key value (an id, a client, a market…), for the table.
    pub largest_key: String,
    /// Its rows in the workload.
    pub largest_key_rows: u64,
    /// Rows it gains per day, on average over the workload.
    pub largest_key_per_day: f64,
    /// Whether a key value stops growing (an order, a month, a range that is split).
    pub bounded: bool,
    /// Each query's cost, in [`OrderQuery::ALL`] order.
    pub queries: Vec<(OrderQuery, Asked)>,
}

/// Where each order goes under `key`, and the key value's id (for the largest key).
fn placements(
    w: &Workload,
    hashed: &HashedWorkload,
    key: OrderCandidate,
    n: u32,
) -> (Vec<u32>, Vec<u64>) {
    let orders = w.orders();
    let total = orders.len().max(1) as u64;
    let market_hash = Market::ALL.map(|m| hash_key(m.slug()));
    let producer_hash: Vec<u64> = PRODUCERS.iter().map(|p| hash_key(p.slug)).collect();
    let epoch = w.epoch();
    // The hash of "client|YYYY-MM".
    let client_month = |client: u32, month: u32| -> u64 {
        let (y, m) = (month / 12, month % 12 + 1);
        hash_bytes(format!("{}|{y:04}-{m:02}", client_id(client)).as_bytes())
    };
    let mut parts = Vec::with_capacity(orders.len());
    let mut keys = Vec::with_capacity(orders.len());
    // Each client's last bucket and its hash: orders come in time order, so a client's
    // bucket changes at most once a month.
    let mut bucket_cache: Vec<Option<(u32, u64)>> = vec![None; w.client_count()];
    // The month of the last order's day: the calendar's arithmetic once a day, not once an
    // order (it was a quarter of this candidate's time).
    let mut day_month: Option<(u32, u32)> = None;
    for (i, o) in orders.iter().enumerate() {
        let (p, k) = match key {
            OrderCandidate::DataCreacio => ((i as u64 * u64::from(n) / total) as u32, i as u64),
            OrderCandidate::ComandaId => (partition(hashed.order[i], n), u64::from(o.number)),
            OrderCandidate::ClientDate => (
                partition(hashed.client[o.client as usize], n),
                u64::from(o.client),
            ),
            OrderCandidate::ClientMonth => {
                let day = o.created.0 / DAY_SECS;
                let month = match day_month {
                    Some((d, m)) if d == day => m,
                    _ => {
                        let m = epoch.date(o.created).month_bucket();
                        day_month = Some((day, m));
                        m
                    }
                };
                let h = match bucket_cache[o.client as usize] {
                    Some((m, h)) if m == month => h,
                    _ => {
                        let h = client_month(o.client, month);
                        bucket_cache[o.client as usize] = Some((month, h));
                        h
                    }
                };
                (
                    partition(h, n),
                    u64::from(o.client) << 16 | u64::from(month & 0xffff),
                )
            }
            OrderCandidate::Mercat => (
                partition(market_hash[o.market.index()], n),
                o.market.index() as u64,
            ),
            OrderCandidate::ProductorId => (
                partition(producer_hash[o.producer as usize], n),
                u64::from(o.producer),
            ),
        };
        parts.push(p);
        keys.push(k);
    }
    (parts, keys)
}

/// Largest over mean of `counts` across `n` partitions (empty partitions count in the mean).
fn skew(counts: &[u64], n: u32) -> f64 {
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return 1.0;
    }
    let mean = total as f64 / f64::from(n.max(1));
    counts.iter().copied().max().unwrap_or(0) as f64 / mean
}

/// The campaign's busiest hour (hours from the first day).
pub fn peak_hour(w: &Workload) -> u32 {
    let hours = w.spec().total_days() as usize * 24;
    let mut per = vec![0u64; hours.max(1)];
    for o in w.orders() {
        if let Some(c) = per.get_mut((o.created.0 / HOUR_SECS) as usize) {
            *c += 1;
        }
    }
    per.iter()
        .enumerate()
        .max_by_key(|&(i, &c)| (c, std::cmp::Reverse(i)))
        .map_or(0, |(i, _)| i as u32)
}

/// Measures every order candidate on `w` with `n` partitions.
pub fn order_candidates(w: &Workload, hashed: &HashedWorkload, n: u32) -> Vec<OrderStats> {
    OrderCandidate::ALL
        .iter()
        .map(|&key| order_candidate(w, hashed, key, n))
        .collect()
}

/// Measures one order candidate `key` on `w` with `n` partitions (each is a few passes over
/// the orders: a page measures one per task).
pub fn order_candidate(
    w: &Workload,
    hashed: &HashedWorkload,
    key: OrderCandidate,
    n: u32,
) -> OrderStats {
    let n = n.max(1);
    let orders = w.orders();
    let days = f64::from(w.spec().total_days().max(1));
    let peak = peak_hour(w);
    let last_day = w.now().0.saturating_sub(DAY_SECS);
    let horta = PRODUCERS
        .iter()
        .position(|p| p.slug == BIG_PRODUCER)
        .unwrap_or(0) as u8;
    let anna_market = w.client_market(ANNA_IDX).unwrap_or(Market::Girona);
    let (parts, keys) = placements(w, hashed, key, n);
    let mut rows = vec![0u64; n as usize];
    let mut hot = vec![0u64; n as usize];
    for (o, &p) in orders.iter().zip(&parts) {
        rows[p as usize] += 1;
        if o.created.0 / HOUR_SECS == peak {
            hot[p as usize] += 1;
        }
    }
    // The largest key value and its rows.
    let mut sorted: Vec<u64> = keys.clone();
    sorted.sort_unstable();
    let (mut best, mut best_n, mut run, mut prev) = (0u64, 0u64, 0u64, None);
    for &k in &sorted {
        if Some(k) == prev {
            run += 1;
        } else {
            run = 1;
            prev = Some(k);
        }
        if run > best_n {
            (best, best_n) = (k, run);
        }
    }
    let largest_key = match key {
        OrderCandidate::DataCreacio => w
            .orders()
            .get(best as usize)
            .map_or(String::new(), |o| w.epoch().format(o.created)),
        OrderCandidate::ComandaId => partlab_core::hash::lesson_key(best),
        OrderCandidate::ClientDate => client_id(best as u32),
        OrderCandidate::ClientMonth => {
            let m = (best & 0xffff) as u32;
            format!(
                "{}|{:04}-{:02}",
                client_id((best >> 16) as u32),
                m / 12,
                m % 12 + 1
            )
        }
        OrderCandidate::Mercat => Market::ALL[best as usize % 4].slug().to_owned(),
        OrderCandidate::ProductorId => PRODUCERS[best as usize % PRODUCERS.len()].slug.to_owned(),
    };
    let used: Vec<bool> = rows.iter().map(|&r| r > 0).collect();
    let all = Asked {
        partitions: used.iter().filter(|&&u| u).count() as u32,
        rows_read: orders.len() as u64,
    };
    let asked_where = |want: &dyn Fn(usize) -> bool, read_all_in_asked: bool| {
        let mut asked = vec![false; n as usize];
        let mut matching = 0u64;
        for (i, &p) in parts.iter().enumerate() {
            if want(i) {
                asked[p as usize] = true;
                matching += 1;
            }
        }
        let rows_read = if read_all_in_asked {
            rows.iter()
                .zip(&asked)
                .filter(|(_, &a)| a)
                .map(|(r, _)| *r)
                .sum()
        } else {
            matching
        };
        Asked {
            partitions: asked.iter().filter(|&&a| a).count() as u32,
            rows_read,
        }
    };
    let anna = |i: usize| orders[i].client == ANNA_IDX;
    let queries = OrderQuery::ALL
        .iter()
        .map(|&q| {
            let a = match (key, q) {
                // The key leads straight to the rows.
                (OrderCandidate::ClientDate, OrderQuery::MyOrders) => asked_where(&anna, false),
                // The current month's bucket: recent orders are one key.
                (OrderCandidate::ClientMonth, OrderQuery::MyOrders) => {
                    let last = Timestamp(w.now().0.saturating_sub(1));
                    let month = w.epoch().date(last).month_bucket();
                    let this_month = |i: usize| {
                        anna(i) && w.epoch().date(orders[i].created).month_bucket() >= month
                    };
                    asked_where(&this_month, false)
                }
                (OrderCandidate::ComandaId, OrderQuery::ById) => Asked {
                    partitions: 1,
                    rows_read: 1,
                },
                // The client's market is known: one partition, but all of it.
                (OrderCandidate::Mercat, OrderQuery::MyOrders) => {
                    asked_where(&|i| orders[i].market == anna_market, true)
                }
                (OrderCandidate::Mercat, OrderQuery::Market) => {
                    asked_where(&|i| orders[i].market == Market::Girona, true)
                }
                (OrderCandidate::ProductorId, OrderQuery::Producer) => {
                    asked_where(&|i| orders[i].producer == horta, true)
                }
                (OrderCandidate::DataCreacio, OrderQuery::Period) => {
                    asked_where(&|i| orders[i].created.0 >= last_day, true)
                }
                // Nothing in the key says where the rows are: every partition scans.
                _ => all,
            };
            (q, a)
        })
        .collect();
    OrderStats {
        key,
        used_partitions: all.partitions,
        data_skew: skew(&rows, n),
        hot_hour_skew: skew(&hot, n),
        largest_key,
        largest_key_rows: best_n,
        largest_key_per_day: best_n as f64 / days,
        bounded: matches!(
            key,
            OrderCandidate::DataCreacio | OrderCandidate::ComandaId | OrderCandidate::ClientMonth
        ),
        queries,
    }
}

/// The lesson's candidate keys for the stock counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum StockCandidate {
    /// `producte_slug`: one counter per product.
    ProducteSlug,
    /// `productor_id`: a producer's counters together.
    ProductorId,
    /// `mercat`: a product's stock split by market.
    Mercat,
}

impl StockCandidate {
    /// The three, in the lesson's order.
    pub const ALL: [StockCandidate; 3] = [
        StockCandidate::ProducteSlug,
        StockCandidate::ProductorId,
        StockCandidate::Mercat,
    ];

    /// The key as the lesson writes it.
    pub fn name(self) -> &'static str {
        match self {
            StockCandidate::ProducteSlug => "producte_slug (hash)",
            StockCandidate::ProductorId => "productor_id",
            StockCandidate::Mercat => "mercat",
        }
    }

    /// A short id for URLs and hooks.
    pub fn slug(self) -> &'static str {
        match self {
            StockCandidate::ProducteSlug => "producte-slug",
            StockCandidate::ProductorId => "productor-id",
            StockCandidate::Mercat => "mercat",
        }
    }
}

/// One stock candidate, measured.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StockStats {
    /// The candidate.
    pub key: StockCandidate,
    /// Counters in all (a product split by market has one per market).
    pub counters: u32,
    /// Partitions one product's stock lives in (the most for any product).
    pub partitions_per_product: u32,
    /// Whether every counter lives whole in one partition: a reservation decrements it there
    /// atomically, without a distributed transaction.
    pub one_partition: bool,
    /// Largest partition over the mean, in counters.
    pub counter_skew: f64,
    /// The largest partition's share of the counters (0–1).
    pub largest_share: f64,
    /// Largest partition over the mean, in the busiest hour's reservations.
    pub hot_hour_skew: f64,
    /// The product with the most reservations in that hour, and its reservations.
    pub hottest_product: (&'static str, u64),
}

/// Measures every stock candidate on `w` with `n` partitions: one reservation per order.
pub fn stock_candidates(w: &Workload, n: u32) -> Vec<StockStats> {
    let n = n.max(1);
    let cat = w.catalogue();
    let products = cat.products.len();
    let peak = peak_hour(w);
    let mut peak_per_product = vec![0u64; products];
    let mut peak_per_product_market = vec![[0u64; 4]; products];
    for o in w.orders() {
        if o.created.0 / HOUR_SECS == peak {
            peak_per_product[o.product as usize] += 1;
            peak_per_product_market[o.product as usize][o.market.index()] += 1;
        }
    }
    let hottest = peak_per_product
        .iter()
        .enumerate()
        .max_by_key(|&(i, &c)| (c, std::cmp::Reverse(i)))
        .map_or(("", 0), |(i, &c)| (cat.products[i], c));
    StockCandidate::ALL
        .iter()
        .map(|&key| {
            let mut counters = vec![0u64; n as usize];
            let mut hot = vec![0u64; n as usize];
            let mut per_product = 1u32;
            for (i, slug) in cat.products.iter().enumerate() {
                let producer = PRODUCERS[cat.producer_of[i] as usize].slug;
                match key {
                    StockCandidate::ProducteSlug => {
                        let p = partition(hash_key(slug), n) as usize;
                        counters[p] += 1;
                        hot[p] += peak_per_product[i];
                    }
                    StockCandidate::ProductorId => {
                        let p = partition(hash_key(producer), n) as usize;
                        counters[p] += 1;
                        hot[p] += peak_per_product[i];
                    }
                    StockCandidate::Mercat => {
                        let mut seen: Vec<usize> = Vec::new();
                        for m in Market::ALL {
                            let p = partition(hash_key(m.slug()), n) as usize;
                            counters[p] += 1;
                            hot[p] += peak_per_product_market[i][m.index()];
                            if !seen.contains(&p) {
                                seen.push(p);
                            }
                        }
                        per_product = per_product.max(seen.len() as u32);
                    }
                }
            }
            let total: u64 = counters.iter().sum();
            StockStats {
                key,
                counters: total as u32,
                partitions_per_product: per_product,
                // Split by market, one product's stock is four counters that must agree.
                one_partition: key != StockCandidate::Mercat,
                counter_skew: skew(&counters, n),
                largest_share: counters.iter().copied().max().unwrap_or(0) as f64
                    / total.max(1) as f64,
                hot_hour_skew: skew(&hot, n),
                hottest_product: hottest,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skew_is_largest_over_mean() {
        assert_eq!(skew(&[5, 5, 5, 5], 4), 1.0);
        assert_eq!(skew(&[20, 0, 0, 0], 4), 4.0);
        assert_eq!(skew(&[], 4), 1.0);
    }
}
