//! Every figure of the lesson's sections 5–7 and exercise solutions, recomputed on its 100 000
//! order ids. The expected values are what the lesson prints or, where it only says "about",
//! what its reference scripts print.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use std::sync::OnceLock;

use partlab_core::lesson::{self, scenario, Scenario};
use partlab_core::{assign, Config, Distribution, KeySet, Movement};

fn keys() -> &'static KeySet {
    static KEYS: OnceLock<KeySet> = OnceLock::new();
    KEYS.get_or_init(|| KeySet::lesson(lesson::KEY_COUNT).expect("the lesson's key count is valid"))
}

/// Rounds as Python's `f"{x:.1f}"` does for these values (half away from zero is enough here:
/// none of them sits on a tie).
fn one_decimal(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn distribution(config: &Config) -> Distribution {
    Distribution::of(config, &assign(keys(), config).expect("valid config"))
}

fn movement(before: &Config, after: &Config) -> Movement {
    let a = assign(keys(), before).expect("valid config");
    let b = assign(keys(), after).expect("valid config");
    Movement::between(before, &a, after, &b)
}

fn get(id: &str) -> &'static Scenario {
    scenario(id).unwrap_or_else(|| panic!("scenario {id} exists"))
}

/// The configuration after a scenario's change (every scenario asked has one).
fn after(s: &Scenario) -> &Config {
    s.after.as_ref().expect("a change")
}

/// What a scenario's change moves.
fn moves(s: &Scenario) -> Movement {
    movement(&s.before, after(s))
}

/// The share of keys moved in %, to the one decimal the lesson prints.
fn moved_pct(m: &Movement) -> f64 {
    one_decimal(m.moved_fraction * 100.0)
}

fn check_counts(d: &Distribution, expected: &[(&str, u64)]) {
    assert_eq!(d.nodes.len(), expected.len(), "node count");
    for (name, keys) in expected {
        assert_eq!(d.keys_of(name), Some(*keys), "keys of {name}");
    }
}

#[test]
fn modulo_n_moves_what_section_5_prints() {
    for (id, pct) in [
        ("mod-4-5", 80.0),
        ("mod-5-6", 83.3),
        ("mod-10-11", 91.0),
        ("mod-4-8", 49.7),
    ] {
        let s = get(id);
        let m = moves(s);
        assert_eq!(moved_pct(&m), pct, "{id}");
        assert_eq!(s.printed.moved_pct, Some(pct));
    }
}

#[test]
fn ring_distributions_match_section_6_to_the_key() {
    for id in ["ring-1", "ring-10", "ring-150"] {
        let s = get(id);
        let d = distribution(&s.before);
        check_counts(&d, &s.printed.counts);
        assert_eq!(
            Some(one_decimal(d.deviation_pct)),
            s.printed.deviation_pct,
            "{id}"
        );
    }
    // Spelled out once, independently of the scenario table.
    let d = distribution(&Config::new(partlab_core::Strategy::Ring, lesson::NODES).with_vnodes(1));
    check_counts(
        &d,
        &[
            ("inv-lle", 70171),
            ("inv-gir", 13875),
            ("inv-bcn", 14486),
            ("inv-vlc", 1468),
        ],
    );
    assert_eq!(one_decimal(d.deviation_pct), 106.4);
}

#[test]
fn more_vnodes_reach_the_lessons_4_6_and_2_3_percent() {
    assert_eq!(
        one_decimal(distribution(&get("ring-500").before).deviation_pct),
        4.6
    );
    let d = distribution(&get("ring-1000").before);
    assert_eq!(one_decimal(d.deviation_pct), 2.3);
    // The reference script's counts at 1000 vnodes.
    check_counts(
        &d,
        &[
            ("inv-lle", 25554),
            ("inv-gir", 24438),
            ("inv-bcn", 25583),
            ("inv-vlc", 24425),
        ],
    );
}

#[test]
fn inv_tar_joining_moves_19_2_percent_all_onto_it() {
    let m = moves(get("ring-join"));
    assert_eq!(moved_pct(&m), 19.2);
    assert!(m.flow.iter().all(|f| f.to == lesson::JOINING_NODE));
    assert!((m.ideal_fraction - 0.2).abs() < 1e-12);
}

#[test]
fn inv_vlc_leaving_moves_24_8_percent_spread_over_all_survivors() {
    let s = get("ring-leave");
    let m = moves(s);
    assert_eq!(moved_pct(&m), 24.8);
    // Exactly inv-vlc's keys moved (24 835 of them, as section 6's 150-vnode table shows)…
    assert_eq!(m.moved, 24_835);
    assert!(m.flow.iter().all(|f| f.from == lesson::LEAVING_NODE));
    // …to all three survivors, not to a single successor.
    assert_eq!(m.flow.len(), 3);
    assert!((m.ideal_fraction - 0.24835).abs() < 1e-12);
    check_counts(&distribution(after(s)), &s.printed.counts);
}

#[test]
fn exercise_1_weighted_ring_gives_inv_bcn_about_half() {
    let s = get("weighted");
    let d = distribution(&s.before);
    check_counts(&d, &s.printed.counts);
    let bcn = &d.nodes[0];
    assert_eq!(bcn.name, "inv-bcn");
    assert!((bcn.expected_share - 0.5).abs() < 1e-12);
    assert!((bcn.share - 0.5).abs() < 0.02, "share {}", bcn.share);
    assert_eq!(s.before.vnodes_of(0), 300);
}

#[test]
fn exercise_3_rendezvous_deviation_primary_and_replica_moves() {
    let s = get("rendezvous");
    let d = distribution(&s.before);
    // The reference solution's figures: 0.335 %, 16.65 %, 50.04 %.
    check_counts(
        &d,
        &[
            ("n1", 20109),
            ("n2", 19951),
            ("n3", 20047),
            ("n4", 19935),
            ("n5", 19958),
        ],
    );
    assert_eq!((d.deviation_pct * 100.0).round() / 100.0, 0.34);
    let m = moves(s);
    assert_eq!(m.moved, 16_650);
    let changed = m.replica_sets_changed_fraction.expect("3 replicas");
    assert_eq!((changed * 100_000.0).round(), 50_044.0);
    // The ring, for comparison (exercise 3b): 16.07 % in the reference script.
    let r = get("ring-5-6");
    let rm = moves(r);
    assert_eq!(rm.moved, 16_074);
}
