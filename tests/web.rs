//! Browser smoke test, run in headless Chromium by wasm-bindgen-test-runner:
//! `cargo test --target wasm32-unknown-unknown -p partlab --test web`.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::expect_used)]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn document_exists() {
    let body = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .map(|b| b.tag_name());
    assert_eq!(body.as_deref(), Some("BODY"));
}

/// The core gives the same figures in the browser as natively: the lesson's 150-vnode table.
#[wasm_bindgen_test]
fn the_core_reproduces_the_lesson_in_wasm() {
    use partlab_core::{assign, lesson, Distribution, KeySet};

    let keys = KeySet::lesson(lesson::KEY_COUNT).expect("valid key count");
    let s = lesson::scenario("ring-150").expect("scenario exists");
    let d = Distribution::of(&s.before, &assign(&keys, &s.before).expect("valid config"));
    for (name, count) in &s.printed.counts {
        assert_eq!(d.keys_of(name), Some(*count), "{name}");
    }
    assert_eq!(format!("{:.1}", d.deviation_pct), "6.3");
    // A u64 position survives intact on a 32-bit target.
    assert_eq!(
        partlab_core::hash::hash_key("P-2026-000001"),
        0x659d8a14f47e3b3b
    );
}

/// The KM0 workload is the same in the browser as natively: the default grape-harvest week
/// (seed 2026, 7 × 40 000 orders) has the fingerprint `crates/partlab-core/tests/workload.rs`
/// pins.
#[wasm_bindgen_test]
fn the_workload_is_the_same_in_wasm() {
    use partlab_core::workload::{Workload, WorkloadSpec};

    let w = Workload::generate(&WorkloadSpec::default()).expect("the default spec is valid");
    assert_eq!(w.fingerprint(), 0x5de7_5340_8325_de49);
}
