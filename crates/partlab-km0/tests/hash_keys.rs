//! Section 3 on the default grape-harvest week: hashing scatters, a date range touches every
//! partition, the compound key reads Anna's last orders from one partition, the restaurant's
//! partition grows until a month bucket bounds it, and a salted hash splits two services.

// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use partlab_km0::calendar::Timestamp;
use partlab_km0::calendar::DAY_SECS;
use partlab_km0::hash_keys::{disagreement, query_cost, range_rows, GrowthSweep, OrderKey, Query};
use partlab_km0::rng::sub_seed;
use partlab_km0::workload::{Workload, WorkloadSpec, RESTAURANT_IDX};

mod common;
use common::week;

#[test]
fn a_date_range_touches_every_hashed_partition_but_one_or_two_ranges() {
    let (w, h) = week();
    // The campaign's second day.
    let (from, to) = (Timestamp(DAY_SECS), Timestamp(2 * DAY_SECS));
    for n in [4, 12, 64] {
        let rows = range_rows(w, h, n, from, to);
        let (by_hash, by_range) = rows.touched();
        assert_eq!(by_hash, n, "hash: every partition holds some of the day");
        // A day is 1/7 of the campaign: it spans at most ceil(n / 7) + 1 of n equal ranges.
        assert!(
            by_range <= n.div_ceil(7) + 1,
            "n={n}: range touches {by_range}"
        );
        assert_eq!(rows.by_hash.iter().sum::<u64>(), 40_000);
        assert_eq!(rows.by_range.iter().sum::<u64>(), 40_000);
    }
}

#[test]
fn the_compound_key_reads_annas_last_twenty_from_one_partition() {
    let (w, h) = week();
    let q = Query::AnnaLast { count: 20 };
    let compound = query_cost(w, h, 12, OrderKey::ClientDate, q);
    assert_eq!((compound.partitions, compound.partition_keys), (1, 1));
    assert_eq!((compound.rows_read, compound.rows_returned), (20, 20));
    assert!(compound.sequential && !compound.full_scan);
    let by_id = query_cost(w, h, 12, OrderKey::OrderId, q);
    assert_eq!(by_id.partitions, 12);
    assert!(by_id.full_scan && by_id.rows_read == 280_000);
    // "Every client's orders from yesterday" touches all partitions under the compound key.
    let y = query_cost(w, h, 12, OrderKey::ClientDate, Query::EveryClientYesterday);
    assert_eq!(y.partitions, 12);
    assert_eq!(y.rows_returned, 40_000);
    assert!(y.partition_keys > 5_000, "{}", y.partition_keys);
    // "Order by id" is one row under its own key, a scan under the client's.
    let id = Query::ById { number: 123 };
    assert_eq!(query_cost(w, h, 12, OrderKey::OrderId, id).rows_read, 1);
    assert!(query_cost(w, h, 12, OrderKey::ClientDate, id).full_scan);
}

#[test]
fn the_restaurants_partition_grows_and_a_month_bucket_bounds_it() {
    let mut g = GrowthSweep::new(&WorkloadSpec::default(), RESTAURANT_IDX, 61).expect("valid");
    while g.step(10) {}
    let p = g.points();
    assert_eq!(p.len(), 61);
    assert_eq!(p[0].date, "2026-09-14");
    // Every day adds hundreds of rows: the client key only grows.
    assert!(p
        .windows(2)
        .all(|w| w[1].client_rows > w[0].client_rows + 500));
    // On 1 October the bucket starts again from that day's rows.
    let oct = p
        .iter()
        .position(|x| x.date == "2026-10-01")
        .expect("in range");
    assert_eq!(
        p[oct].bucket_rows,
        p[oct].client_rows - p[oct - 1].client_rows
    );
    let daily: Vec<u64> = std::iter::once(p[0].client_rows)
        .chain(p.windows(2).map(|w| w[1].client_rows - w[0].client_rows))
        .collect();
    let (min, max) = (daily.iter().min().copied(), daily.iter().max().copied());
    let (min, max) = (min.expect("days"), max.expect("days"));
    let last = p.last().expect("points");
    // The client key holds all 61 days; a bucket at most one month (31 days).
    assert_eq!(last.client_rows, daily.iter().sum::<u64>());
    assert!(last.client_rows >= 61 * min, "{last:?}");
    assert!(last.largest_bucket <= 31 * max, "{last:?}");
    assert!(
        last.client_rows > last.largest_bucket + 20 * min,
        "{last:?}"
    );
}

#[test]
fn two_salted_services_disagree_on_most_keys_md5_on_none() {
    let (w, h) = week();
    for n in [4u32, 12] {
        let d = disagreement(w, h, n, sub_seed(2026, 1), sub_seed(2026, 2));
        assert_eq!(d.keys, 280_000);
        assert_eq!(d.stable, 0);
        let expected = 1.0 - 1.0 / f64::from(n);
        let got = d.salted as f64 / d.keys as f64;
        assert!((got - expected).abs() < 0.01, "n={n}: {got} vs {expected}");
    }
}

#[test]
fn a_workload_built_a_day_and_a_few_ids_at_a_time_is_the_streamed_one_hashed_id_by_id() {
    use partlab_core::hash::{hash_bytes, hash_key, lesson_key};
    use partlab_km0::hash_keys::HashedWorkloadBuild;
    use partlab_km0::workload::{client_id, WorkloadBuild};
    let spec = WorkloadSpec::sized(3, 3_000);
    let mut build = WorkloadBuild::new(&spec).expect("valid");
    let mut days_seen = vec![build.progress()];
    while build.step() {
        days_seen.push(build.progress());
    }
    let (_, total_days) = build.progress();
    assert_eq!(days_seen.len() as u32, total_days, "one day a step");
    let w = build.finish();
    let mut streamed = Vec::new();
    Workload::stream(&spec, |_, day| streamed.extend_from_slice(day)).expect("valid");
    assert_eq!(w.orders(), &streamed[..]);

    let mut hashing = HashedWorkloadBuild::new(&w);
    let mut slices = 0;
    while hashing.step(&w, 997) {
        slices += 1;
        let (done, all) = hashing.progress(&w);
        assert!(done < all && done == slices * 997, "{done} of {all}");
    }
    let h = hashing.finish(&w);
    assert_eq!(h.order.len(), w.orders().len());
    for (o, &hash) in w.orders().iter().zip(&h.order) {
        assert_eq!(hash, hash_key(&lesson_key(u64::from(o.number))));
    }
    assert_eq!(h.client.len(), w.client_count());
    for (c, &hash) in h.client.iter().enumerate() {
        assert_eq!(hash, hash_bytes(client_id(c as u32).as_bytes()));
    }
}

#[test]
fn the_salted_disagreement_counted_in_parts_adds_up_to_the_whole() {
    use partlab_km0::hash_keys::{disagreement_in, Disagreement};
    let (w, h) = week();
    let (a, b) = (sub_seed(7, 0xA), sub_seed(7, 0xB));
    let whole = disagreement(w, h, 12, a, b);
    assert_eq!(whole.keys, w.orders().len() as u64);
    let len = w.orders().len();
    let mut parts = Disagreement::NONE;
    let mut start = 0usize;
    for size in [1usize, 999, 50_000, 7, usize::MAX / 2] {
        let end = start.saturating_add(size).min(len);
        parts = parts + disagreement_in(w, h, 12, (a, b), start..end);
        start = end;
    }
    assert_eq!(start, len);
    assert_eq!(parts, whole);
    // Out-of-range parts count nothing.
    assert_eq!(
        disagreement_in(w, h, 12, (a, b), len..len + 10),
        Disagreement::NONE
    );
}
