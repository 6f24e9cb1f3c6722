//! Section 10 and exercise 2: the candidates measured on the default grape-harvest week (16
//! partitions) reach the lesson's verdicts by their numbers.
//!
//! Orders: `client_id` + date answers "my orders" from one partition and spreads the data
//! evenly (chosen); `comanda_id` alone answers "order by id" from one (a second table);
//! `data_creacio` is a permanent hot spot on today; `mercat` has four values and València
//! twice the others; `productor_id` is very uneven; the restaurant's partition grows until a
//! month bucket bounds it. Stock: `producte_slug` keeps each counter in one partition;
//! `productor_id` too but puts 40 % of the counters in one; `mercat` splits a counter.
//! Vans: `repartidor_id` grows without bound; `+ dia` answers (a) and (b) from one partition
//! and (c) from a global index by market.

// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use std::sync::OnceLock;

use partlab_km0::choosing_keys::{
    order_candidates, stock_candidates, OrderCandidate as O, OrderQuery as Q, OrderStats,
    StockCandidate as S,
};
use partlab_km0::vans::{van_candidates, Fleet, VanKey, VanQuery};
use partlab_km0::workload::{FAIR_PRODUCT, RESTAURANT};

const N: u32 = 16;

mod common;
use common::week;

fn orders() -> &'static [OrderStats] {
    static S: OnceLock<Vec<OrderStats>> = OnceLock::new();
    S.get_or_init(|| {
        let (w, h) = week();
        order_candidates(w, h, N)
    })
}

fn get(key: O) -> &'static OrderStats {
    orders()
        .iter()
        .find(|s| s.key == key)
        .expect("every candidate")
}

fn asked(key: O, q: Q) -> u32 {
    get(key)
        .queries
        .iter()
        .find(|(x, _)| *x == q)
        .map(|(_, a)| a.partitions)
        .expect("every query")
}

#[test]
fn client_id_answers_my_orders_from_one_partition_and_spreads_evenly() {
    assert_eq!(asked(O::ClientDate, Q::MyOrders), 1);
    assert_eq!(asked(O::ClientMonth, Q::MyOrders), 1);
    // Every other key asks every partition it uses, or reads a whole market.
    for k in [O::DataCreacio, O::ComandaId, O::ProductorId] {
        assert_eq!(asked(k, Q::MyOrders), get(k).used_partitions, "{k:?}");
        assert!(get(k).used_partitions > 1);
    }
    assert_eq!(get(O::ComandaId).used_partitions, N);
    let my_rows = |k: O| {
        get(k)
            .queries
            .iter()
            .find(|(q, _)| *q == Q::MyOrders)
            .map(|(_, a)| a.rows_read)
    };
    assert!(
        my_rows(O::Mercat) > Some(10_000),
        "one partition, but a whole market"
    );
    assert!(
        get(O::ClientDate).data_skew < 1.3,
        "{}",
        get(O::ClientDate).data_skew
    );
    // Its weak point: the restaurant's key grows without bound; the month bucket bounds it.
    assert_eq!(get(O::ClientDate).largest_key, RESTAURANT);
    assert!(!get(O::ClientDate).bounded && get(O::ClientMonth).bounded);
    assert!(get(O::ClientDate).largest_key_per_day > 700.0);
}

#[test]
fn comanda_id_is_perfectly_even_and_only_good_for_order_by_id() {
    assert_eq!(asked(O::ComandaId, Q::ById), 1);
    for k in [
        O::DataCreacio,
        O::ClientDate,
        O::ClientMonth,
        O::Mercat,
        O::ProductorId,
    ] {
        assert_eq!(asked(k, Q::ById), get(k).used_partitions, "{k:?}");
    }
    assert!(get(O::ComandaId).data_skew < 1.05);
}

#[test]
fn data_creacio_is_a_permanent_hot_spot() {
    let hot = get(O::DataCreacio).hot_hour_skew;
    for k in O::ALL.into_iter().filter(|&k| k != O::DataCreacio) {
        assert!(hot > get(k).hot_hour_skew, "{k:?}");
    }
    assert!(hot >= f64::from(N) / 2.0, "{hot}");
    assert!(asked(O::DataCreacio, Q::Period) <= 3);
}

#[test]
fn mercat_and_productor_id_are_uneven() {
    let m = get(O::Mercat);
    assert!(m.used_partitions <= 4);
    // València: about 40 % of the orders on one of 16 partitions.
    assert!(m.data_skew > 0.37 * f64::from(N), "{}", m.data_skew);
    assert_eq!(asked(O::Mercat, Q::Market), 1);
    let p = get(O::ProductorId);
    assert!(p.data_skew > 3.0, "{}", p.data_skew);
    assert_eq!(asked(O::ProductorId, Q::Producer), 1);
    // Uneven in this order: client (even) < productor < mercat.
    assert!(get(O::ClientDate).data_skew < p.data_skew && p.data_skew < m.data_skew);
}

#[test]
fn the_stock_verdicts() {
    let (w, _) = week();
    let s = stock_candidates(w, N);
    let get = |k: S| s.iter().find(|x| x.key == k).expect("every candidate");
    let slug = get(S::ProducteSlug);
    let producer = get(S::ProductorId);
    let market = get(S::Mercat);
    assert!(slug.one_partition && slug.partitions_per_product == 1);
    assert!(producer.one_partition && producer.partitions_per_product == 1);
    assert!(!market.one_partition && market.partitions_per_product > 1);
    assert_eq!(market.counters, 400);
    // Horta La Vega's 40 % of the catalogue in one partition.
    assert!(producer.largest_share >= 0.40, "{}", producer.largest_share);
    assert!(slug.counter_skew < producer.counter_skew);
    // The hot key the lesson names, handled by queues and caches, not by the key.
    assert_eq!(slug.hottest_product.0, FAIR_PRODUCT);
}

#[test]
fn exercise_2_van_plus_day() {
    let fleet = Fleet::new(2026);
    let s = van_candidates(&fleet, N);
    let get = |k: VanKey| s.iter().find(|x| x.key == k).expect("every candidate");
    let cost = |k: VanKey, q: VanQuery| {
        get(k)
            .queries
            .iter()
            .find(|(x, _)| *x == q)
            .map(|(_, c)| *c)
            .expect("query")
    };
    // repartidor_id alone: about 17 000 positions a day, over 6 million a year, unbounded.
    let van = get(VanKey::Van);
    assert!(!van.bounded && van.largest_per_year > 6_000_000, "{van:?}");
    // + dia: bounded to a day; (a) and (b) from one partition; (c) from the market index.
    let vd = get(VanKey::VanDay);
    assert!(vd.bounded && vd.largest_per_year < 20_000);
    assert_eq!(cost(VanKey::VanDay, VanQuery::Last).partitions, 1);
    assert_eq!(cost(VanKey::VanDay, VanQuery::Last).rows_read, 1);
    assert_eq!(cost(VanKey::VanDay, VanQuery::Route).partitions, 1);
    let c = cost(VanKey::VanDay, VanQuery::ValenciaNow);
    assert_eq!(c.partitions, 140);
    assert_eq!(c.via_index, Some((1, 56)));
    // dia: every write of the day on one partition.
    assert!((get(VanKey::Day).hot_hour_skew - f64::from(N)).abs() < 1e-9);
    // The route read: the van's own rows with its key, every van's without.
    assert!(
        cost(VanKey::Day, VanQuery::Route).rows_read
            > 100 * cost(VanKey::VanDay, VanQuery::Route).rows_read
    );
}
