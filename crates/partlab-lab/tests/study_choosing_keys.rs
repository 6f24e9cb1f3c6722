//! The section-10 chapter's view model, natively: the measured tables reach the lesson's
//! verdicts, a pick shows that key's costs, the verdicts stay behind a reveal, exercise 2's
//! answer; and its URL state (round trip and fuzzing).
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use partlab_km0::choosing_keys::{OrderCandidate, StockCandidate};
use partlab_km0::vans::VanKey;
use partlab_lab::state::Lang;
use partlab_lab::study::choosing_keys::{ChoosingKeys, KeysState, DEF, PARTITION_STOPS};
use partlab_lab::study::view::{Block, Panel};
use partlab_lab::study::StudyChapter;
use partlab_lab::study::{Input, Study};
use proptest::prelude::*;

fn panel<'a>(panels: &'a [Panel], view: &str) -> &'a Panel {
    panels
        .iter()
        .find(|p| p.view == view)
        .expect("the view exists")
}

fn figure(p: &Panel, key: &str) -> Option<f64> {
    p.figures()
        .into_iter()
        .find(|f| f.key == key)
        .map(|f| f.value)
}

fn pick(c: &mut ChoosingKeys, id: &str, value: &str) {
    c.update(Input::Control {
        id: id.into(),
        value: value.into(),
    });
    c.finish_work();
}

#[test]
fn a_pick_shows_its_costs_and_the_verdict_waits_behind_a_reveal() {
    let mut c = ChoosingKeys::open("o=10000&d=3", Lang::En, Vec::new());
    c.finish_work();
    let panels = c.panels();
    let orders = panel(&panels, "orders");
    assert!(figure(orders, "my-orders").is_none(), "nothing picked yet");
    assert!(matches!(orders.blocks.last(), Some(Block::Reveal { .. })));
    pick(&mut c, "ok", "comanda-id");
    let panels = c.panels();
    let orders = panel(&panels, "orders");
    assert_eq!(figure(orders, "my-orders"), Some(16.0));
    assert_eq!(figure(orders, "by-id"), Some(1.0));
    pick(&mut c, "ok", "client-date");
    let panels = c.panels();
    assert_eq!(figure(panel(&panels, "orders"), "my-orders"), Some(1.0));
    let picked: Vec<bool> = panel(&panels, "orders").tables()[0]
        .rows
        .iter()
        .map(|r| r.attrs.contains(&("picked", "true".into())))
        .collect();
    assert_eq!(picked, [false, false, true, false, false, false]);
}

#[test]
fn the_verdicts_are_worded_from_the_numbers() {
    let mut c = ChoosingKeys::open("p=answer", Lang::Ca, Vec::new());
    c.finish_work();
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
    assert_eq!(figure(vans, "van-a"), Some(1.0));
    assert_eq!(figure(vans, "van-b"), Some(1.0));
    assert_eq!(figure(vans, "van-c"), Some(140.0));
    assert_eq!(figure(vans, "van-c-index"), Some(1.0));
    assert!(figure(vans, "van-year").expect("year") < 20_000.0);
}

#[test]
fn van_alone_grows_past_six_million_a_year() {
    let mut c = ChoosingKeys::open("o=1000&d=1", Lang::En, Vec::new());
    c.finish_work();
    pick(&mut c, "vk", "van");
    let panels = c.panels();
    assert!(figure(panel(&panels, "vans"), "van-year").expect("year") > 6_000_000.0);
    pick(&mut c, "vk", "<script>");
    assert_eq!(c.state().van_key, Some(VanKey::Van));
}

fn arb_state() -> impl Strategy<Value = KeysState> {
    (
        prop::sample::select(Lang::ALL.to_vec()),
        0usize..PARTITION_STOPS.len(),
        proptest::option::of(0usize..6),
        proptest::option::of(0usize..3),
        proptest::option::of(0usize..4),
        proptest::option::of(0usize..3),
    )
        .prop_map(|(lang, n, ok, sk, vk, embed)| {
            let mut st = KeysState::new(lang);
            st.partitions = PARTITION_STOPS[n];
            st.order_key = ok.map(|i| OrderCandidate::ALL[i]);
            st.stock_key = sk.map(|i| StockCandidate::ALL[i]);
            st.van_key = vk.map(|i| VanKey::ALL[i]);
            st.embed = embed.map(|i| DEF.views[i].name);
            st
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn any_text_parses_without_panicking(fragment in any::<String>()) {
        let (st, _) = KeysState::from_fragment(&fragment, Lang::En);
        prop_assert!((4..=64).contains(&st.partitions));
    }

    #[test]
    fn assembled_fragments_parse_without_panicking(
        parts in proptest::collection::vec(
            (prop::sample::select(vec!["n", "ok", "sk", "vk", "seed", "o", "d", "p", "l", "embed", "x"]),
             "[0-9a-z%&=#-]{0,14}"),
            0..12),
    ) {
        let fragment: Vec<String> = parts.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let (st, _) = KeysState::from_fragment(&fragment.join("&"), Lang::Ca);
        prop_assert!(u64::from(st.workload.days) * u64::from(st.workload.orders) <= 1_000_000);
    }

    #[test]
    fn valid_states_round_trip(st in arb_state()) {
        let (back, issues) = KeysState::from_fragment(&st.to_fragment(true), Lang::Ca);
        prop_assert!(issues.is_empty(), "{:?}", issues);
        prop_assert_eq!(back, st);
    }
}
