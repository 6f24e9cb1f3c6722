//! The hot-keys simulation: a festival makes one product's node hot; bounded loads and a
//! cache cap it; bad parameters are refused as data.

// Tests stop at the first surprise.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use partlab_core::compare::Algo;
use partlab_km0::hot_keys::{HotKeys, HotSpec, FESTIVAL_SHARE_PCT};

#[test]
fn the_festival_makes_formatge_curat_a_hot_node_bounded_loads_and_the_cache_cap_it() {
    let spec = HotSpec {
        festival_pct: FESTIVAL_SHARE_PCT,
        exponent_centi: 100,
        requests: 50_000,
        ..HotSpec::default()
    };
    let hot = HotKeys::new(&spec).expect("valid");
    let stream = hot.stream(spec.exponent_centi);
    let ring = hot.loads(Algo::Ring, &stream);
    let bounded = hot.loads(Algo::Bounded, &stream);
    let n = spec.names.len() as f64;
    // Keys per node look fine on the ring while its requests do not.
    assert!(ring.peak_share > 1.0 / n * 1.2, "{ring:?}");
    // Bounded loads caps requests per node at ⌈c·R/n⌉.
    let cap = (1.25_f64 * stream.reaching.len() as f64 / n).ceil();
    assert!(
        bounded.requests.iter().all(|&r| r as f64 <= cap),
        "{bounded:?}"
    );
    // A cache absorbing 90 % of the top 10 keys' reads lowers the ring's peak.
    let cached = HotKeys::new(&HotSpec {
        cached: 10,
        hit_pct: 90,
        ..spec.clone()
    })
    .expect("valid");
    let s2 = cached.stream(spec.exponent_centi);
    assert!(s2.absorbed > 0);
    assert!(cached.loads(Algo::Ring, &s2).peak_share < ring.peak_share);
    // More skew, a busier peak node.
    let flat = hot.skew_point(0);
    let steep = hot.skew_point(200);
    let ring_idx = Algo::ALL.iter().position(|a| *a == Algo::Ring).unwrap();
    assert!(steep[ring_idx] > flat[ring_idx]);
}

#[test]
fn bad_parameters_are_refused_as_data() {
    assert!(HotKeys::new(&HotSpec {
        keys: 0,
        ..HotSpec::default()
    })
    .is_err());
}
