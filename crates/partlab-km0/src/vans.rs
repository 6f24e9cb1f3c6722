//! Exercise 2 of the lesson: the delivery vans' positions. 140 vans report about 2.4 million
//! positions a day between them; where should they be partitioned?
//!
//! The fleet ([`Fleet`]) is seeded: each van belongs to a market (València twice as many as
//! each other market, as with the orders) and reports its position every 3 seconds during a
//! shift that starts between 6:30 and 7:30 and lasts 13½ to 15 hours, about 17 000 positions
//! a van and 2.4 million a day. Positions are counted, not generated one by one: a query's
//! cost follows from how many positions each partition key holds in a time window.
//!
//! The candidates ([`VanKey`]) are measured on the queries of the exercise ([`VanQuery`]):
//! (a) a van's last position, (b) its route between two hours of today, (c) every van in
//! València now, with and without a global index by market.

use crate::hash_keys::partition;
use crate::rng::{sub_seed, SplitMix64};
use crate::workload::Market;
use partlab_core::hash::hash_key;

/// The exercise's fleet size.
pub const VANS: u32 = 140;
/// Seconds between two positions of a van.
pub const INTERVAL_S: u32 = 3;

/// One van.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Van {
    /// Its number: `furgoneta-{number}`.
    pub number: u32,
    /// Its market.
    pub market: Market,
    /// Start of its shift, seconds after midnight.
    pub start_s: u32,
    /// End of its shift, seconds after midnight.
    pub end_s: u32,
}

impl Van {
    /// The van's id (`repartidor_id`), e.g. `furgoneta-3`.
    pub fn id(&self) -> String {
        format!("furgoneta-{}", self.number)
    }

    /// Positions it reports in `[from_s, to_s)` seconds of a day.
    pub fn positions(&self, from_s: u32, to_s: u32) -> u64 {
        let (a, b) = (from_s.max(self.start_s), to_s.min(self.end_s));
        if b <= a {
            return 0;
        }
        // Positions at start, start + 3, …: those in [a, b).
        let first = (a - self.start_s).div_ceil(INTERVAL_S);
        let end = (b - self.start_s).div_ceil(INTERVAL_S);
        u64::from(end - first)
    }

    /// Positions in a whole day.
    pub fn per_day(&self) -> u64 {
        self.positions(0, 86_400)
    }
}

/// The fleet.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Fleet {
    /// The vans, `furgoneta-1` first.
    pub vans: Vec<Van>,
}

impl Fleet {
    /// 140 seeded vans.
    pub fn new(seed: u64) -> Fleet {
        let mut rng = SplitMix64::new(sub_seed(seed, 0x7661_6e73)); // "vans"
        let vans = (1..=VANS)
            .map(|number| {
                // 28 vans per unit of market weight: 28, 28, 28, 56.
                let slot = (number - 1) % 5;
                let market = match slot {
                    0 => Market::Girona,
                    1 => Market::Lleida,
                    2 => Market::Tarragona,
                    _ => Market::Valencia,
                };
                let start_s = 6 * 3600 + 1800 + rng.below(3600) as u32;
                let length = 13 * 3600 + 1800 + rng.below(5400) as u32;
                Van {
                    number,
                    market,
                    start_s,
                    end_s: (start_s + length).min(86_400),
                }
            })
            .collect();
        Fleet { vans }
    }

    /// Positions a day, all vans.
    pub fn per_day(&self) -> u64 {
        self.vans.iter().map(Van::per_day).sum()
    }

    /// The van reported on, in queries (a) and (b): `furgoneta-3`.
    pub fn subject(&self) -> &Van {
        &self.vans[2]
    }
}

/// The candidate partition keys for the positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum VanKey {
    /// `repartidor_id` alone (clustered by `ts DESC`).
    Van,
    /// `repartidor_id + dia` (clustered by `ts DESC`): the lesson's answer.
    VanDay,
    /// `dia` (clustered by `ts DESC`).
    Day,
    /// `mercat` (clustered by `ts DESC`).
    Market,
}

impl VanKey {
    /// The four, the lesson's answer second.
    pub const ALL: [VanKey; 4] = [VanKey::Van, VanKey::VanDay, VanKey::Day, VanKey::Market];

    /// The key as written in the exercise.
    pub fn name(self) -> &'static str {
        match self {
            VanKey::Van => "repartidor_id",
            VanKey::VanDay => "repartidor_id + dia",
            VanKey::Day => "dia",
            VanKey::Market => "mercat",
        }
    }

    /// A short id for URLs and hooks.
    pub fn slug(self) -> &'static str {
        match self {
            VanKey::Van => "van",
            VanKey::VanDay => "van-day",
            VanKey::Day => "day",
            VanKey::Market => "market",
        }
    }
}

/// The exercise's queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum VanQuery {
    /// (a) The last position of `furgoneta-3` (thousands a minute, from the clients' web).
    Last,
    /// (b) Its route between 10:00 and 12:00 today.
    Route,
    /// (c) Every van in València now.
    ValenciaNow,
}

impl VanQuery {
    /// The three, in the exercise's order.
    pub const ALL: [VanQuery; 3] = [VanQuery::Last, VanQuery::Route, VanQuery::ValenciaNow];
}

/// A query's cost under a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VanCost {
    /// Partitions asked.
    pub partitions: u32,
    /// Positions read.
    pub rows_read: u64,
    /// Answered from a global index by market (`ultima_posicio_per_mercat`), kept
    /// asynchronously: one partition, one row per van of the market.
    pub via_index: Option<(u32, u64)>,
}

/// One candidate, measured.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VanStats {
    /// The candidate.
    pub key: VanKey,
    /// Positions under the largest key value after a day.
    pub largest_per_day: u64,
    /// … and after a year of days like it (without bound unless the key has the day).
    pub largest_per_year: u64,
    /// Whether a key value stops growing.
    pub bounded: bool,
    /// Largest partition over the mean, in the busiest hour's writes, over `n` partitions.
    pub hot_hour_skew: f64,
    /// Each query's cost, in [`VanQuery::ALL`] order.
    pub queries: Vec<(VanQuery, VanCost)>,
}

/// "Now" for the queries: 18:00, with every van on the road.
pub const NOW_S: u32 = 18 * 3600;

/// Measures every candidate on `fleet` with `n` partitions (for the write skew).
pub fn van_candidates(fleet: &Fleet, n: u32) -> Vec<VanStats> {
    let n = n.max(1);
    let r = fleet.subject();
    let valencia: Vec<&Van> = fleet
        .vans
        .iter()
        .filter(|v| v.market == Market::Valencia)
        .collect();
    let market_of = |m: Market| fleet.vans.iter().filter(move |v| v.market == m);
    let market_day = |m: Market| market_of(m).map(Van::per_day).sum::<u64>();
    let hour = 18 * 3600;
    VanKey::ALL
        .iter()
        .map(|&key| {
            // Writes of the busiest hour (18:00–19:00, every van on the road) per partition.
            let mut hot = vec![0u64; n as usize];
            for v in &fleet.vans {
                let w = v.positions(hour, hour + 3600);
                let k = match key {
                    VanKey::Van => hash_key(&v.id()),
                    VanKey::VanDay => hash_key(&format!("{}|2026-09-14", v.id())),
                    VanKey::Day => hash_key("2026-09-14"),
                    VanKey::Market => hash_key(v.market.slug()),
                };
                hot[partition(k, n) as usize] += w;
            }
            let total: u64 = hot.iter().sum();
            let hot_hour_skew = if total == 0 {
                1.0
            } else {
                hot.iter().copied().max().unwrap_or(0) as f64 / (total as f64 / f64::from(n))
            };
            let (largest_per_day, bounded) = match key {
                VanKey::Van | VanKey::VanDay => (
                    fleet.vans.iter().map(Van::per_day).max().unwrap_or(0),
                    key == VanKey::VanDay,
                ),
                VanKey::Day => (fleet.per_day(), true),
                VanKey::Market => (
                    Market::ALL
                        .iter()
                        .map(|&m| market_day(m))
                        .max()
                        .unwrap_or(0),
                    false,
                ),
            };
            let largest_per_year = if bounded {
                largest_per_day
            } else {
                largest_per_day * 365
            };
            // Rows read, newest first: (a) back to R's latest position, (b) the window's
            // positions of the rows the key holds, (c) each van's latest.
            let route = (10 * 3600, 12 * 3600);
            // In the last INTERVAL_S seconds before now every van on the road reports once.
            let on_road = |vs: &mut dyn Iterator<Item = &Van>| {
                vs.filter(|v| v.start_s <= NOW_S && v.end_s > NOW_S).count() as u64
            };
            let queries = VanQuery::ALL
                .iter()
                .map(|&q| {
                    let cost = match (key, q) {
                        (VanKey::Van | VanKey::VanDay, VanQuery::Last) => VanCost {
                            partitions: 1,
                            rows_read: 1,
                            via_index: None,
                        },
                        (VanKey::Van | VanKey::VanDay, VanQuery::Route) => VanCost {
                            partitions: 1,
                            rows_read: r.positions(route.0, route.1),
                            via_index: None,
                        },
                        // No market in the key: ask every van's partition for its latest.
                        (VanKey::Van | VanKey::VanDay, VanQuery::ValenciaNow) => VanCost {
                            partitions: VANS,
                            rows_read: u64::from(VANS),
                            via_index: Some((1, valencia.len() as u64)),
                        },
                        // Today's partition holds every van, newest first: R's latest position,
                        // like València's vans' latest ones, means the last report of every van
                        // on the road.
                        (VanKey::Day, VanQuery::Last | VanQuery::ValenciaNow) => VanCost {
                            partitions: 1,
                            rows_read: on_road(&mut fleet.vans.iter()),
                            via_index: None,
                        },
                        (VanKey::Day, VanQuery::Route) => VanCost {
                            partitions: 1,
                            rows_read: fleet
                                .vans
                                .iter()
                                .map(|v| v.positions(route.0, route.1))
                                .sum(),
                            via_index: None,
                        },
                        (VanKey::Market, VanQuery::Last) => VanCost {
                            partitions: 1,
                            rows_read: on_road(&mut market_of(r.market)),
                            via_index: None,
                        },
                        (VanKey::Market, VanQuery::Route) => VanCost {
                            partitions: 1,
                            rows_read: market_of(r.market)
                                .map(|v| v.positions(route.0, route.1))
                                .sum(),
                            via_index: None,
                        },
                        (VanKey::Market, VanQuery::ValenciaNow) => VanCost {
                            partitions: 1,
                            rows_read: on_road(&mut market_of(Market::Valencia)),
                            via_index: None,
                        },
                    };
                    (q, cost)
                })
                .collect();
            VanStats {
                key,
                largest_per_day,
                largest_per_year,
                bounded,
                hot_hour_skew,
                queries,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fleet_reports_about_two_point_four_million_a_day() {
        let f = Fleet::new(2026);
        assert_eq!(f.vans.len(), 140);
        let day = f.per_day();
        assert!((2_300_000..=2_500_000).contains(&day), "{day}");
        // About 17 000 a van.
        let v = f.subject();
        assert_eq!(v.id(), "furgoneta-3");
        assert!((16_000..=18_200).contains(&v.per_day()), "{}", v.per_day());
        let vlc = f
            .vans
            .iter()
            .filter(|v| v.market == Market::Valencia)
            .count();
        assert_eq!(vlc, 56);
    }

    #[test]
    fn positions_count_every_three_seconds() {
        let v = Van {
            number: 1,
            market: Market::Girona,
            start_s: 100,
            end_s: 110,
        };
        // At 100, 103, 106, 109.
        assert_eq!(v.per_day(), 4);
        assert_eq!(v.positions(101, 107), 2);
        assert_eq!(v.positions(0, 100), 0);
        assert_eq!(v.positions(200, 100), 0);
    }
}
