//! The KM0 workload keeps the promises of its documentation (`partlab_km0::workload`): each
//! ratio the lesson states, measured on the default grape-harvest week (seed 2026, 7 days ×
//! 40 000 orders) and on other seeds, within the tolerance stated beside it.

// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use partlab_km0::calendar::{DAY_SECS, HOUR_SECS};
use partlab_km0::workload::{
    Market, Summary, Workload, WorkloadSpec, FAIR_PRODUCT, HARVEST_PRODUCT, MAX_STORED_ORDERS,
};

fn week(seed: u64) -> (Workload, Summary) {
    let spec = WorkloadSpec {
        seed,
        ..WorkloadSpec::default()
    };
    let w = Workload::generate(&spec).expect("the default spec is valid");
    let s = w.summary();
    (w, s)
}

#[test]
fn the_default_campaign_is_the_grape_harvest_week_at_forty_thousand_a_day() {
    let (w, s) = week(2026);
    assert_eq!(w.spec().start.to_string(), "2026-09-14");
    assert_eq!(s.days, 7);
    assert_eq!(s.orders, 280_000);
    for day in 0..7 {
        let n = w
            .orders()
            .iter()
            .filter(|o| o.created.0 / DAY_SECS == day)
            .count();
        assert_eq!(n, 40_000, "day {day}");
    }
    let last = w.orders().last().expect("orders");
    assert_eq!(w.order_id(last), "P-2026-280000");
}

#[test]
fn documented_ratios_hold_for_several_seeds() {
    for seed in [2026, 1, 42, 0xdead_beef] {
        let (_, s) = week(seed);
        // València about twice each other market: ±5 %.
        assert!(
            (1.9..=2.1).contains(&s.valencia_ratio),
            "seed {seed}: {s:?}"
        );
        // Thousands of clients, with a heavy tail: the busiest tenth place 40–60 % of the
        // orders, the median client only a handful a week.
        assert!(
            s.active_clients >= 10_000,
            "seed {seed}: {}",
            s.active_clients
        );
        assert!(
            (0.40..=0.60).contains(&s.top_tenth_share),
            "seed {seed}: {}",
            s.top_tenth_share
        );
        assert!(
            s.median_client_orders <= 20,
            "seed {seed}: {}",
            s.median_client_orders
        );
        // The restaurant: about 2 % of all orders (5 % of València's), at least 8 times the
        // busiest regular client.
        let share = s.restaurant_orders as f64 / s.orders as f64;
        assert!((0.018..=0.022).contains(&share), "seed {seed}: {share}");
        assert!(
            s.restaurant_orders >= 8 * s.top_regular_orders,
            "seed {seed}: {} vs {}",
            s.restaurant_orders,
            s.top_regular_orders
        );
        // Anna has well over 20 orders in the week.
        assert!(s.anna_orders >= 25, "seed {seed}: {}", s.anna_orders);
        // Horta La Vega: 30 times Celler Roure Alt's orders (±10 %), 40 % of the catalogue.
        assert!(
            (27.0..=33.0).contains(&s.big_small_ratio),
            "seed {seed}: {}",
            s.big_small_ratio
        );
        assert!((s.big_catalogue_share - 0.40).abs() < 1e-12);
        // formatge-curat is the busiest product of its festival week and of its peak hour.
        assert_eq!(s.top_product.0, FAIR_PRODUCT, "seed {seed}");
        assert_eq!(s.peak_hour_top_product, FAIR_PRODUCT, "seed {seed}");
        // The evening peak: the busiest hour starts at 20:00.
        assert_eq!(s.peak_hour.0 .0 % DAY_SECS / HOUR_SECS, 20, "seed {seed}");
    }
}

#[test]
fn the_fair_makes_formatge_curat_hot_only_in_its_week() {
    // Two weeks; the fair in the second one.
    let spec = WorkloadSpec {
        fair_start: 7,
        fair_days: 7,
        ..WorkloadSpec::sized(14, 10_000)
    };
    let s = Workload::generate(&spec).expect("valid").summary();
    let (Some(fair), Some(other)) = s.fair_product_per_day else {
        panic!(
            "seven fair days and seven others: {:?}",
            s.fair_product_per_day
        );
    };
    // 6 % of a day's orders on top of its ordinary share: more than five times as many.
    assert!(fair > 5.0 * other, "{fair} vs {other}");
    assert!(fair > 600.0 && fair < 800.0, "{fair}");
}

#[test]
fn the_harvest_wine_is_hot_in_the_campaign_but_not_on_ordinary_days() {
    let spec = WorkloadSpec::sized(2, 10_000).with_lead(2, 10_000);
    let w = Workload::generate(&spec).expect("valid");
    let wine = w
        .catalogue()
        .product(HARVEST_PRODUCT)
        .expect("in the catalogue");
    let count = |from: u32, to: u32| {
        w.orders()
            .iter()
            .filter(|o| o.product == wine && (from..to).contains(&(o.created.0 / DAY_SECS)))
            .count()
    };
    let (lead, campaign) = (count(0, 2), count(2, 4));
    assert!(campaign > 4 * lead, "{campaign} vs {lead}");
}

#[test]
fn markets_of_orders_are_their_clients_markets() {
    let spec = WorkloadSpec::sized(1, 20_000);
    let w = Workload::generate(&spec).expect("valid");
    assert!(w
        .orders()
        .iter()
        .all(|o| w.client_market(o.client) == Some(o.market)));
    assert_eq!(w.client_market(0), Some(Market::Girona));
    assert_eq!(w.client_market(1), Some(Market::Valencia));
    let stock = w.stock();
    assert_eq!(stock.len(), 100);
    let reserved: u64 = stock.iter().map(|c| u64::from(c.reserved)).sum();
    assert_eq!(reserved, 20_000, "one unit per order");
    assert!(stock.iter().all(|c| c.left() > 0), "stocked above demand");
}

/// The default week's [`Workload::fingerprint`] (`tests/web.rs` checks it in the browser).
const WEEK_FINGERPRINT: u64 = 0x5de7_5340_8325_de49;

#[test]
fn a_golden_fingerprint_pins_the_default_week_on_every_target() {
    // Any change to the generator (or a target that computes differently) changes this.
    let (w, _) = week(2026);
    let fp = w.fingerprint();
    assert_eq!(fp, WEEK_FINGERPRINT, "fingerprint {fp:#x}");
}

#[test]
fn the_memory_limit_is_documented_and_enforced() {
    let spec = WorkloadSpec::sized(101, 40_000);
    assert!(spec.total_orders() > MAX_STORED_ORDERS);
    assert!(Workload::generate(&spec).is_err());
    // Streaming the same days is fine.
    let mut days = 0;
    let short = WorkloadSpec::sized(3, 100);
    Workload::stream(&short, |_, _| days += 1).expect("valid");
    assert_eq!(days, 3);
}
