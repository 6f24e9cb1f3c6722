//! The section-10 chapter's view model, natively: the measured tables reach the lesson's
//! verdicts, a pick shows that key's costs, the verdicts stay behind a reveal, exercise 2's
//! answer; and its URL state (round trip and fuzzing).
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

mod common;

use common::*;

use partlab_km0::choosing_keys::{OrderCandidate, StockCandidate};
use partlab_km0::vans::VanKey;
use partlab_lab::state::Lang;
use partlab_lab::study::choosing_keys::ChoosingKeys;
use partlab_lab::study::view::Block;
use partlab_lab::study::Study;
use partlab_lab::study::StudyChapter;

#[test]
fn a_pick_shows_its_costs_and_the_verdict_waits_behind_a_reveal() {
    let mut c = finished(ChoosingKeys::open("o=10000&d=3", Lang::En, Vec::new()));
    let panels = c.panels();
    let orders = panel(&panels, "orders");
    assert!(
        maybe_figure(orders, "my-orders").is_none(),
        "nothing picked yet"
    );
    assert!(matches!(orders.blocks.last(), Some(Block::Reveal { .. })));
    control(&mut c, "ok", "comanda-id");
    let panels = c.panels();
    let orders = panel(&panels, "orders");
    assert_eq!(maybe_figure(orders, "my-orders"), Some(16.0));
    assert_eq!(maybe_figure(orders, "by-id"), Some(1.0));
    control(&mut c, "ok", "client-date");
    let panels = c.panels();
    assert_eq!(
        maybe_figure(panel(&panels, "orders"), "my-orders"),
        Some(1.0)
    );
    let picked: Vec<bool> = panel(&panels, "orders").tables()[0]
        .rows
        .iter()
        .map(|r| r.attrs.contains(&("picked", "true".into())))
        .collect();
    assert_eq!(picked, [false, false, true, false, false, false]);
}

#[test]
fn the_verdicts_are_worded_from_the_numbers() {
    let c = finished(ChoosingKeys::open("p=answer", Lang::Ca, Vec::new()));
    assert_eq!(c.state().order_key, Some(OrderCandidate::ClientDate));
    assert_eq!(c.state().stock_key, Some(StockCandidate::ProducteSlug));
    assert_eq!(c.state().van_key, Some(VanKey::VanDay));
    let panels = c.panels();
    let verdict = panel(&panels, "orders")
        .tables()
        .into_iter()
        .find(|t| t.key == "orders-verdict")
        .expect("the verdicts");
    let client = &verdict.rows[2].cells[1].text;
    assert!(client.starts_with("Triada"), "{client}");
    let stock = panel(&panels, "stock").tables()[0];
    let one: Vec<bool> = stock
        .rows
        .iter()
        .map(|r| r.attrs.contains(&("one-partition", "true".into())))
        .collect();
    assert_eq!(one, [true, true, false]);
    let vans = panel(&panels, "vans");
    assert_eq!(maybe_figure(vans, "van-a"), Some(1.0));
    assert_eq!(maybe_figure(vans, "van-b"), Some(1.0));
    assert_eq!(maybe_figure(vans, "van-c"), Some(140.0));
    assert_eq!(maybe_figure(vans, "van-c-index"), Some(1.0));
    assert!(maybe_figure(vans, "van-year").expect("year") < 20_000.0);
}

#[test]
fn van_alone_grows_past_six_million_a_year() {
    let mut c = finished(ChoosingKeys::open("o=1000&d=1", Lang::En, Vec::new()));
    control(&mut c, "vk", "van");
    let panels = c.panels();
    assert!(maybe_figure(panel(&panels, "vans"), "van-year").expect("year") > 6_000_000.0);
    control(&mut c, "vk", "<script>");
    assert_eq!(c.state().van_key, Some(VanKey::Van));
}
