//! The section-2 chapter's view model, natively: ten date ranges and one writing, four hot
//! spots with the market prefix, sizes with fixed and chosen boundaries, the range queries,
//! and its URL state (round trip and fuzzing).
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

mod common;

use common::*;

use partlab_km0::ranges::RangeKey;
use partlab_lab::state::Lang;
use partlab_lab::study::ranges::{Ranges, Zoom};
use partlab_lab::study::view::Block;
use partlab_lab::study::Study;
use partlab_lab::study::StudyChapter;

/// A shorter history: four ordinary weeks before the campaign.
fn light(extra: &str) -> Ranges {
    finished(Ranges::open(&format!("wk=4&{extra}"), Lang::En, Vec::new()))
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
    control(&mut c, "wk", "9");
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
