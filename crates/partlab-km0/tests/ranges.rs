//! Section 2 on nine ordinary weeks (10 000 orders a day) and the grape-harvest week (40 000 a
//! day): ranges of `data_creacio` send every write of the hour to one partition; the market
//! prefix spreads them over four, València the hottest; range queries stay on one or two
//! partitions; split points chosen from the data even out the sizes, not today's writes.

// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use std::sync::OnceLock;

use partlab_km0::ranges::{
    cost, sizes, spread, Bounds, HourlyCounts, RangeKey, RangeLayout, RangeQuery,
};
use partlab_km0::workload::{Market, WorkloadSpec};

fn counts() -> &'static HourlyCounts {
    static C: OnceLock<HourlyCounts> = OnceLock::new();
    C.get_or_init(|| {
        let spec = WorkloadSpec::default().with_lead(63, 10_000);
        HourlyCounts::of_spec(&spec).expect("valid")
    })
}

#[test]
fn ten_date_ranges_and_only_one_writing() {
    let c = counts();
    assert_eq!(c.hours(), 70 * 24);
    assert_eq!(c.total(), 63 * 10_000 + 7 * 40_000);
    for bounds in [Bounds::Fixed, Bounds::Adaptive] {
        let l = RangeLayout::new(c, RangeKey::Date, bounds, 10);
        let s = spread(c, &l);
        assert_eq!(s.writing_in_peak, 1, "{bounds:?}");
        assert_eq!(s.hottest_share, 1.0, "{bounds:?}");
        assert!(s.mean_writing < 1.1, "{bounds:?}: {}", s.mean_writing);
    }
    // Fixed: ten weeks, ten weekly partitions; the campaign week is one of them.
    let fixed = RangeLayout::new(c, RangeKey::Date, Bounds::Fixed, 10);
    assert!(fixed.parts.iter().all(|p| p.to - p.from == 7 * 24));
    assert_eq!(spread(c, &fixed).campaign_hottest_share, 1.0);
}

#[test]
fn split_points_from_the_data_even_out_the_sizes() {
    let c = counts();
    let fixed = sizes(c, &RangeLayout::new(c, RangeKey::Date, Bounds::Fixed, 10));
    let adaptive = sizes(
        c,
        &RangeLayout::new(c, RangeKey::Date, Bounds::Adaptive, 10),
    );
    let ratio =
        |v: &[u64]| *v.iter().max().expect("parts") as f64 / *v.iter().min().expect("parts") as f64;
    assert!(ratio(&fixed) > 3.5, "{fixed:?}");
    assert!(ratio(&adaptive) < 1.2, "{adaptive:?}");
    // The denser campaign week gets several of the adaptive ranges.
    let l = RangeLayout::new(c, RangeKey::Date, Bounds::Adaptive, 10);
    let in_campaign = l.parts.iter().filter(|p| p.to > c.campaign_start).count();
    assert!(in_campaign >= 3, "{in_campaign}");
}

#[test]
fn the_market_prefix_makes_four_hot_spots_valencia_hottest() {
    let c = counts();
    for bounds in [Bounds::Fixed, Bounds::Adaptive] {
        let l = RangeLayout::new(c, RangeKey::MarketDate, bounds, 10);
        let s = spread(c, &l);
        assert_eq!(s.writing_in_peak, 4, "{bounds:?}");
        assert!(
            (0.37..0.43).contains(&s.hottest_share),
            "{bounds:?}: {}",
            s.hottest_share
        );
    }
}

#[test]
fn range_queries_touch_one_or_two_partitions() {
    let c = counts();
    let date = RangeLayout::new(c, RangeKey::Date, Bounds::Fixed, 10);
    assert_eq!(cost(c, &date, RangeQuery::LastWeek).partitions, 1);
    assert_eq!(cost(c, &date, RangeQuery::Yesterday).partitions, 1);
    for bounds in [Bounds::Fixed, Bounds::Adaptive] {
        let market = RangeLayout::new(c, RangeKey::MarketDate, bounds, 10);
        let q = cost(c, &market, RangeQuery::ThisWeekIn(Market::Valencia));
        assert!((1..=2).contains(&q.partitions), "{bounds:?}: {q:?}");
        assert_eq!(
            q.rows_read, q.rows_returned,
            "only València's rows are read"
        );
    }
    // Without the market in the key, "this week in València" reads every market's week.
    let q = cost(c, &date, RangeQuery::ThisWeekIn(Market::Valencia));
    assert_eq!(q.partitions, 1);
    assert!(q.rows_read > 2 * q.rows_returned, "{q:?}");
}

#[test]
fn hourly_counts_built_a_day_at_a_time_count_every_generated_order_once() {
    use partlab_km0::calendar::HOUR_SECS;
    use partlab_km0::ranges::HourlyCountsBuild;
    use partlab_km0::workload::Workload;
    let spec = WorkloadSpec::sized(3, 4_000);
    let mut build = HourlyCountsBuild::new(&spec).expect("valid");
    let mut steps = 1;
    while build.step() {
        steps += 1;
    }
    assert_eq!(steps, spec.total_days(), "a day a step");
    let counts = build.finish();
    let w = Workload::generate(&spec).expect("valid");
    let mut expected = vec![[0u64; 4]; spec.total_days() as usize * 24];
    for o in w.orders() {
        expected[(o.created.0 / HOUR_SECS) as usize][o.market.index()] += 1;
    }
    assert_eq!(counts.counts, expected);
    assert_eq!(counts.total(), w.orders().len() as u64);
}
