//! The section-2 chapter's view model, natively: ten date ranges and one writing, four hot
//! spots with the market prefix, sizes with fixed and chosen boundaries, the range queries,
//! and its URL state (round trip and fuzzing).
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use partlab_km0::ranges::{Bounds, RangeKey};
use partlab_lab::state::Lang;
use partlab_lab::study::ranges::{RangeState, Ranges, Zoom, DEF, PARTITION_STOPS};
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

fn figure(p: &Panel, key: &str) -> f64 {
    p.figures()
        .into_iter()
        .find(|f| f.key == key)
        .map(|f| f.value)
        .expect("the figure")
}

/// A shorter history: four ordinary weeks before the campaign.
fn light(extra: &str) -> Ranges {
    let mut c = Ranges::open(&format!("wk=4&{extra}"), Lang::En, Vec::new());
    c.finish_work();
    c
}

#[test]
fn ten_nodes_and_only_one_writing() {
    let c = light("p=lesson");
    let panels = c.panels();
    let heat = panel(&panels, "heat");
    assert_eq!(figure(heat, "writing-peak"), 1.0);
    assert_eq!(figure(heat, "hottest-share"), 1.0);
    let Block::Chart { table, .. } = &heat.blocks[1] else {
        panic!("the heat map");
    };
    // Days over every week: 5 weeks; one column per partition.
    assert_eq!(table.rows.len(), 35);
    assert_eq!(table.head.len(), 11);
}

#[test]
fn the_market_prefix_makes_four_hot_spots() {
    let c = light("p=market");
    assert_eq!(c.state().key, RangeKey::MarketDate);
    assert_eq!(c.state().zoom, Zoom::Hours);
    let panels = c.panels();
    assert_eq!(figure(panel(&panels, "heat"), "writing-peak"), 4.0);
    let share = figure(panel(&panels, "heat"), "hottest-share");
    assert!((0.37..0.43).contains(&share), "{share}");
    let spread = panel(&panels, "spread").tables()[0];
    let writing: Vec<String> = spread
        .rows
        .iter()
        .map(|r| {
            r.attrs
                .iter()
                .find(|(k, _)| *k == "writing")
                .map(|(_, v)| v.clone())
                .expect("writing")
        })
        .collect();
    assert_eq!(writing, ["1", "1", "4", "4"]);
}

#[test]
fn chosen_boundaries_even_out_the_sizes() {
    let c = light("");
    let panels = c.panels();
    let sizes = panel(&panels, "sizes");
    assert!(figure(sizes, "ratio-fixed") > 2.0);
    assert!(figure(sizes, "ratio-adaptive") < 1.3);
}

#[test]
fn range_queries_ask_one_or_two_partitions_with_the_right_key() {
    let mut c = light("");
    c.update(Input::Control {
        id: "wk".into(),
        value: "9".into(),
    });
    c.finish_work();
    let panels = c.panels();
    let t = panel(&panels, "queries").tables()[0];
    let parts = |q: &str, layout: &str| -> u32 {
        t.rows
            .iter()
            .find(|r| r.attrs.contains(&("key", q.into())))
            .and_then(|r| r.attrs.iter().find(|(k, _)| *k == layout))
            .and_then(|(_, v)| v.parse().ok())
            .expect("row")
    };
    assert_eq!(parts("last-week", "date-fixed"), 1);
    assert!(parts("this-week-valencia", "market-adaptive") <= 2);
    assert_eq!(parts("all-girona", "date-fixed"), 10);
    assert!(parts("all-girona", "market-fixed") <= 4);
}

fn arb_state() -> impl Strategy<Value = RangeState> {
    (
        prop::sample::select(Lang::ALL.to_vec()),
        0usize..PARTITION_STOPS.len(),
        0u32..=12,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(0usize..4),
    )
        .prop_map(|(lang, n, wk, k, b, z, embed)| {
            let mut st = RangeState::new(lang);
            st.partitions = PARTITION_STOPS[n];
            st.weeks = wk;
            st.key = if k {
                RangeKey::Date
            } else {
                RangeKey::MarketDate
            };
            st.bounds = if b { Bounds::Fixed } else { Bounds::Adaptive };
            st.zoom = if z { Zoom::Days } else { Zoom::Hours };
            st.embed = embed.map(|i| DEF.views[i].name);
            st
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn any_text_parses_without_panicking(fragment in any::<String>()) {
        let (st, _) = RangeState::from_fragment(&fragment, Lang::En);
        prop_assert!((2..=32).contains(&st.partitions));
        prop_assert!(st.weeks <= 12);
    }

    #[test]
    fn assembled_fragments_parse_without_panicking(
        parts in proptest::collection::vec(
            (prop::sample::select(vec!["n", "wk", "key", "b", "z", "seed", "o", "d", "p", "l", "embed", "q"]),
             "[0-9a-z%&=#-]{0,12}"),
            0..12),
    ) {
        let fragment: Vec<String> = parts.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let (st, _) = RangeState::from_fragment(&fragment.join("&"), Lang::Ca);
        prop_assert!(u64::from(st.workload.days) * u64::from(st.workload.orders) <= 1_000_000);
    }

    #[test]
    fn valid_states_round_trip(st in arb_state()) {
        let (back, issues) = RangeState::from_fragment(&st.to_fragment(true), Lang::Ca);
        prop_assert!(issues.is_empty(), "{:?}", issues);
        prop_assert_eq!(back, st);
    }
}
