//! Section 2 of the lesson: range partitioning by creation time, and its hot spot.
//!
//! Orders keyed by `data_creacio` are stored in contiguous ranges of that key, one range per
//! partition. A range query needs only the partitions its range overlaps, but every write of
//! "today" lands on the one partition whose range holds today: the campaign's ten nodes with
//! only one writing. Prefixing the market (`mercat + data_creacio`) spreads today's writes
//! over four partitions (still four hot spots, València's the hottest) and keeps "this week in
//! València" a range.
//!
//! The key space is measured hour by hour ([`HourlyCounts`], streamed from the workload's
//! generator). A [`RangeLayout`] cuts it into `n` contiguous ranges, either **fixed** (equal
//! spans of the key space) or **adaptive** (split points chosen from the data, so that every
//! partition holds about the same number of orders).

use crate::calendar::{Date, DAY_SECS, HOUR_SECS};
use crate::workload::{Generator, Market, Order, WorkloadError, WorkloadSpec};

/// Orders per hour and market over a workload (lead days and campaign).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HourlyCounts {
    /// The first day.
    pub start: Date,
    /// The first hour of the campaign (hours before it are lead days).
    pub campaign_start: u32,
    /// Per hour: orders of each market, in [`Market::ALL`] order.
    pub counts: Vec<[u64; 4]>,
}

impl HourlyCounts {
    /// Streams `spec` through the generator and counts its orders per hour and market.
    pub fn of_spec(spec: &WorkloadSpec) -> Result<HourlyCounts, WorkloadError> {
        let mut build = HourlyCountsBuild::new(spec)?;
        while build.step() {}
        Ok(build.finish())
    }

    /// Hours measured.
    pub fn hours(&self) -> u32 {
        self.counts.len() as u32
    }

    /// Orders in all.
    pub fn total(&self) -> u64 {
        self.counts.iter().flatten().sum()
    }
}

/// [`HourlyCounts`] counted a day of orders at a time ([`HourlyCountsBuild::step`]), so that a
/// page spreads the generation over many short tasks.
#[derive(Clone, Debug)]
pub struct HourlyCountsBuild {
    generator: Generator,
    counts: HourlyCounts,
    next_day: u32,
    next_number: u32,
    day: Vec<Order>,
}

impl HourlyCountsBuild {
    /// Starts counting `spec`'s orders.
    pub fn new(spec: &WorkloadSpec) -> Result<HourlyCountsBuild, WorkloadError> {
        let generator = Generator::new(spec)?;
        Ok(HourlyCountsBuild {
            counts: HourlyCounts {
                start: spec.epoch().0,
                campaign_start: spec.lead_days * 24,
                counts: vec![[0u64; 4]; spec.total_days() as usize * 24],
            },
            generator,
            next_day: 0,
            next_number: 1,
            day: Vec::new(),
        })
    }

    /// Counts the next day's orders; `true` while days remain.
    pub fn step(&mut self) -> bool {
        let (done, total) = self.progress();
        if done < total {
            self.day.clear();
            self.generator
                .day_into(self.next_day, self.next_number, &mut self.day);
            self.next_number = self.next_number.saturating_add(self.day.len() as u32);
            for o in &self.day {
                if let Some(c) = self
                    .counts
                    .counts
                    .get_mut((o.created.0 / HOUR_SECS) as usize)
                {
                    c[o.market.index()] += 1;
                }
            }
            self.next_day += 1;
        }
        self.next_day < total
    }

    /// Days counted so far and days in all.
    pub fn progress(&self) -> (u32, u32) {
        (self.next_day, self.generator.spec().total_days())
    }

    /// The counts, counting the days still missing.
    pub fn finish(mut self) -> HourlyCounts {
        while self.step() {}
        self.counts
    }
}

/// The two range keys of section 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RangeKey {
    /// `data_creacio`: the key space is time.
    Date,
    /// `mercat + data_creacio`: market first, then time.
    MarketDate,
}

/// How the split points are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Bounds {
    /// Equal spans of the key space.
    Fixed,
    /// Split points chosen from the data: equal numbers of orders.
    Adaptive,
}

/// One partition's range: from cell `from` (inclusive) to cell `to` (exclusive) of the key
/// space, where a cell is an hour (`Date`) or a market's hour (`MarketDate`, market-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RangePart {
    /// First cell.
    pub from: u32,
    /// One past the last cell.
    pub to: u32,
}

/// A key space cut into contiguous ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RangeLayout {
    /// The key.
    pub key: RangeKey,
    /// How the split points were chosen.
    pub bounds: Bounds,
    /// Hours per market (the time axis).
    pub hours: u32,
    /// The partitions, in key order.
    pub parts: Vec<RangePart>,
}

/// Orders per cell of the key space.
fn cells(counts: &HourlyCounts, key: RangeKey) -> Vec<u64> {
    match key {
        RangeKey::Date => counts.counts.iter().map(|c| c.iter().sum()).collect(),
        RangeKey::MarketDate => Market::ALL
            .iter()
            .flat_map(|m| counts.counts.iter().map(move |c| c[m.index()]))
            .collect(),
    }
}

impl RangeLayout {
    /// Cuts the key space of `key` over `counts` into `n` ranges (at least one; at most one
    /// per cell).
    pub fn new(counts: &HourlyCounts, key: RangeKey, bounds: Bounds, n: u32) -> RangeLayout {
        let data = cells(counts, key);
        let len = data.len() as u64;
        let n = u64::from(n.max(1)).min(len.max(1));
        let mut cuts: Vec<u32> = vec![0];
        match bounds {
            Bounds::Fixed => {
                for i in 1..n {
                    cuts.push((len * i / n) as u32);
                }
            }
            Bounds::Adaptive => {
                // Cut after the cell where the running total first reaches i/n of all orders;
                // every range keeps at least one cell.
                let total: u64 = data.iter().sum();
                let mut run = 0u64;
                let mut next = 1u64;
                for (c, &v) in data.iter().enumerate() {
                    run += v;
                    while next < n && run * n >= total * next {
                        let at = (c as u32 + 1).max(cuts.last().copied().unwrap_or(0) + 1);
                        // Leave room for the ranges still to come.
                        let at = at.min((len - (n - next)) as u32);
                        cuts.push(at);
                        next += 1;
                    }
                }
                while (cuts.len() as u64) < n {
                    let last = cuts.last().copied().unwrap_or(0);
                    cuts.push(last + 1);
                }
            }
        }
        cuts.push(len as u32);
        let parts = cuts
            .windows(2)
            .map(|w| RangePart {
                from: w[0],
                to: w[1],
            })
            .collect();
        RangeLayout {
            key,
            bounds,
            hours: counts.hours(),
            parts,
        }
    }

    /// The cell of `market`'s hour `hour`.
    fn cell(&self, market: Market, hour: u32) -> u32 {
        match self.key {
            RangeKey::Date => hour,
            RangeKey::MarketDate => market.index() as u32 * self.hours + hour,
        }
    }

    /// The partition holding `market`'s orders of hour `hour`.
    pub fn partition_of(&self, market: Market, hour: u32) -> usize {
        let c = self.cell(market, hour);
        self.parts
            .partition_point(|p| p.to <= c)
            .min(self.parts.len().saturating_sub(1))
    }

    /// The market (for `MarketDate`) and hours `[from, to)` a partition covers at its ends.
    pub fn describe(&self, i: usize) -> Option<(Option<Market>, u32, Option<Market>, u32)> {
        let p = self.parts.get(i)?;
        let at = |cell: u32| match self.key {
            RangeKey::Date => (None, cell),
            RangeKey::MarketDate => (
                Market::ALL
                    .get((cell / self.hours.max(1)) as usize)
                    .copied(),
                cell % self.hours.max(1),
            ),
        };
        let (m0, h0) = at(p.from);
        let (m1, h1) = at(p.to.saturating_sub(1));
        Some((m0, h0, m1, h1 + 1))
    }
}

/// Orders per partition.
pub fn sizes(counts: &HourlyCounts, layout: &RangeLayout) -> Vec<u64> {
    let mut out = vec![0u64; layout.parts.len()];
    for (h, c) in counts.counts.iter().enumerate() {
        for m in Market::ALL {
            out[layout.partition_of(m, h as u32)] += c[m.index()];
        }
    }
    out
}

/// Writes per partition and time bucket: `heat[partition][bucket]`, over hours
/// `[from, to)` in buckets of `bucket_hours`.
pub fn heat(
    counts: &HourlyCounts,
    layout: &RangeLayout,
    from: u32,
    to: u32,
    bucket_hours: u32,
) -> Vec<Vec<u64>> {
    let bucket_hours = bucket_hours.max(1);
    let to = to.min(counts.hours());
    let buckets = to.saturating_sub(from).div_ceil(bucket_hours) as usize;
    let mut out = vec![vec![0u64; buckets]; layout.parts.len()];
    for h in from..to {
        let b = ((h - from) / bucket_hours) as usize;
        let c = counts.counts[h as usize];
        for m in Market::ALL {
            out[layout.partition_of(m, h)][b] += c[m.index()];
        }
    }
    out
}

/// How the writes spread over the partitions during the campaign.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WriteSpread {
    /// The campaign's busiest hour (hours from the first day).
    pub peak_hour: u32,
    /// Orders in that hour.
    pub peak_orders: u64,
    /// Partitions written in that hour.
    pub writing_in_peak: u32,
    /// The hottest partition's share of that hour's writes (0–1).
    pub hottest_share: f64,
    /// Partitions written per campaign hour, on average.
    pub mean_writing: f64,
    /// The hottest partition's share of the whole campaign's writes (0–1).
    pub campaign_hottest_share: f64,
}

/// Measures how the campaign's writes spread under `layout`.
pub fn spread(counts: &HourlyCounts, layout: &RangeLayout) -> WriteSpread {
    let n = layout.parts.len();
    let mut campaign = vec![0u64; n];
    let (mut peak_hour, mut peak_orders) = (counts.campaign_start, 0u64);
    let mut writing_sum = 0u64;
    let mut hours = 0u64;
    let mut per = vec![0u64; n];
    for h in counts.campaign_start..counts.hours() {
        per.iter_mut().for_each(|x| *x = 0);
        let c = counts.counts[h as usize];
        for m in Market::ALL {
            per[layout.partition_of(m, h)] += c[m.index()];
        }
        let total: u64 = per.iter().sum();
        if total == 0 {
            continue;
        }
        hours += 1;
        writing_sum += per.iter().filter(|&&x| x > 0).count() as u64;
        for (a, b) in campaign.iter_mut().zip(&per) {
            *a += b;
        }
        if total > peak_orders {
            (peak_hour, peak_orders) = (h, total);
        }
    }
    per.iter_mut().for_each(|x| *x = 0);
    let c = counts
        .counts
        .get(peak_hour as usize)
        .copied()
        .unwrap_or([0; 4]);
    for m in Market::ALL {
        per[layout.partition_of(m, peak_hour)] += c[m.index()];
    }
    let campaign_total: u64 = campaign.iter().sum();
    WriteSpread {
        peak_hour,
        peak_orders,
        writing_in_peak: per.iter().filter(|&&x| x > 0).count() as u32,
        hottest_share: per.iter().copied().max().unwrap_or(0) as f64 / peak_orders.max(1) as f64,
        mean_writing: writing_sum as f64 / hours.max(1) as f64,
        campaign_hottest_share: campaign.iter().copied().max().unwrap_or(0) as f64
            / campaign_total.max(1) as f64,
    }
}

/// The lesson's range queries, relative to the end of the workload ("now").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RangeQuery {
    /// "Last week's orders": the seven days before the campaign's last seven.
    LastWeek,
    /// "This week in València": the last seven days, one market.
    ThisWeekIn(Market),
    /// "Yesterday's orders": the last day.
    Yesterday,
    /// "Every order of one market": its whole history.
    AllOf(Market),
}

impl RangeQuery {
    /// The markets and hours `[from, to)` the query asks for.
    pub fn span(self, counts: &HourlyCounts) -> (Option<Market>, u32, u32) {
        let end = counts.hours();
        let week = 7 * 24;
        match self {
            RangeQuery::LastWeek => (None, end.saturating_sub(2 * week), end.saturating_sub(week)),
            RangeQuery::ThisWeekIn(m) => (Some(m), end.saturating_sub(week), end),
            RangeQuery::Yesterday => (None, end.saturating_sub(24), end),
            RangeQuery::AllOf(m) => (Some(m), 0, end),
        }
    }
}

/// What a range query costs under a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RangeCost {
    /// Partitions whose ranges overlap the query's key ranges: those asked.
    pub partitions: u32,
    /// Orders stored in the overlapping cells (read, then filtered for the market when the
    /// key has none).
    pub rows_read: u64,
    /// Orders in the answer.
    pub rows_returned: u64,
}

/// The cost of `query` under `layout`.
pub fn cost(counts: &HourlyCounts, layout: &RangeLayout, query: RangeQuery) -> RangeCost {
    let (market, from, to) = query.span(counts);
    let mut asked = vec![false; layout.parts.len()];
    let (mut read, mut returned) = (0u64, 0u64);
    for h in from..to.min(counts.hours()) {
        let c = counts.counts[h as usize];
        for m in Market::ALL {
            let wanted = market.is_none_or(|q| q == m);
            // Under `data_creacio` alone the market is not in the key: every market's cell of
            // the hour is read; under `mercat + data_creacio` only the wanted market's.
            let read_here = wanted || layout.key == RangeKey::Date;
            if read_here {
                asked[layout.partition_of(m, h)] = true;
                read += c[m.index()];
            }
            if wanted {
                returned += c[m.index()];
            }
        }
    }
    RangeCost {
        partitions: asked.iter().filter(|&&a| a).count() as u32,
        rows_read: read,
        rows_returned: returned,
    }
}

/// The first hour of day `day` (0-based from the first day).
pub fn day_hour(day: u32) -> u32 {
    day * (DAY_SECS / HOUR_SECS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toy() -> HourlyCounts {
        // 4 hours; market volumes 1 : 1 : 1 : 2, busier in the last two hours.
        HourlyCounts {
            start: Date(0),
            campaign_start: 2,
            counts: vec![[1, 1, 1, 2], [1, 1, 1, 2], [5, 5, 5, 10], [5, 5, 5, 10]],
        }
    }

    #[test]
    fn fixed_ranges_are_equal_spans_and_adaptive_ones_equal_data() {
        let c = toy();
        let fixed = RangeLayout::new(&c, RangeKey::Date, Bounds::Fixed, 2);
        assert_eq!(
            fixed.parts,
            [RangePart { from: 0, to: 2 }, RangePart { from: 2, to: 4 }]
        );
        assert_eq!(sizes(&c, &fixed), [10, 50]);
        let adaptive = RangeLayout::new(&c, RangeKey::Date, Bounds::Adaptive, 2);
        // Half of the 60 orders is reached inside hour 2.
        assert_eq!(adaptive.parts[0], RangePart { from: 0, to: 3 });
        let s = sizes(&c, &adaptive);
        assert_eq!(s.iter().sum::<u64>(), 60);
        // More partitions than cells: one cell each.
        let many = RangeLayout::new(&c, RangeKey::Date, Bounds::Adaptive, 9);
        assert_eq!(many.parts.len(), 4);
        assert!(many.parts.iter().all(|p| p.to == p.from + 1));
    }

    #[test]
    fn the_market_prefix_spreads_an_hour_over_four_partitions() {
        let c = toy();
        let date = RangeLayout::new(&c, RangeKey::Date, Bounds::Fixed, 4);
        let market = RangeLayout::new(&c, RangeKey::MarketDate, Bounds::Fixed, 4);
        let a = spread(&c, &date);
        let b = spread(&c, &market);
        assert_eq!((a.writing_in_peak, b.writing_in_peak), (1, 4));
        assert_eq!(a.hottest_share, 1.0);
        assert!((b.hottest_share - 0.4).abs() < 1e-12);
        assert_eq!(
            market.describe(3).map(|d| d.0),
            Some(Some(Market::Valencia))
        );
    }

    #[test]
    fn queries_ask_only_the_ranges_they_overlap() {
        let c = toy();
        let date = RangeLayout::new(&c, RangeKey::Date, Bounds::Fixed, 4);
        let market = RangeLayout::new(&c, RangeKey::MarketDate, Bounds::Fixed, 4);
        let q = RangeQuery::AllOf(Market::Girona);
        assert_eq!(cost(&c, &date, q).partitions, 4);
        assert_eq!(cost(&c, &market, q).partitions, 1);
        assert_eq!(cost(&c, &market, q).rows_read, 12);
        assert_eq!(cost(&c, &date, q).rows_read, 60);
        assert_eq!(cost(&c, &date, q).rows_returned, 12);
    }
}
