//! The section-4 chapter's view model, natively: local against global indexes, the lesson's
//! 11.4 %, the simulated gather filled in by background work, the asynchronous index's lag,
//! and its URL state (round trip and fuzzing).
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

mod common;

use common::*;

use partlab_lab::state::Lang;
use partlab_lab::study::indexes::Indexes;
use partlab_lab::study::Study;
use partlab_lab::study::StudyChapter;

fn small(extra: &str) -> Indexes {
    finished(Indexes::open(
        &format!("o=10000&d=2&{extra}"),
        Lang::En,
        Vec::new(),
    ))
}

#[test]
fn a_local_index_reads_every_partition_a_global_one_reads_one_and_writes_two() {
    let c = small("p=lesson");
    let panels = c.panels();
    let t = panel(&panels, "indexes").tables()[0];
    let attr = |id: &str, name: &str| {
        t.rows
            .iter()
            .find(|r| r.attrs.contains(&("key", id.into())))
            .and_then(|r| {
                r.attrs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.clone())
            })
            .expect("row and attribute")
    };
    assert_eq!(attr("local", "read-partitions"), "12");
    assert_eq!(attr("global-sync", "read-partitions"), "1");
    assert_eq!(attr("global-async", "read-partitions"), "1");
    assert_eq!(attr("local", "write-partitions"), "1.0000");
    let sync: f64 = attr("global-sync", "write-partitions")
        .parse()
        .expect("number");
    assert!((1.85..1.99).contains(&sync), "{sync}");
    assert_eq!(attr("global-async", "write-partitions"), "1.0000");
}

#[test]
fn the_lessons_eleven_percent_and_the_simulation_beside_it() {
    let mut c = Indexes::open("o=10000&d=2&p=lesson&l=ca", Lang::En, Vec::new());
    // The workload is built first, in slices; the simulation comes after it.
    let mut building = 0;
    while c.panels().iter().all(|p| p.view != "tail") {
        assert!(c.work(), "work left while the workload is built");
        building += 1;
        assert!(building < 100);
    }
    let before = c.panels();
    let tail = panel(&before, "tail");
    let f = maybe_figure(tail, "formula-12").expect("the formula");
    assert_eq!(format!("{f:.5}"), "0.11362");
    assert!(tail.figures().iter().any(|f| f.text == "11,4\u{a0}%"));
    assert!(
        maybe_figure(tail, "simulated-n").is_none(),
        "nothing simulated before the work"
    );
    let mut slices = 0;
    while c.work() {
        slices += 1;
        assert!(slices < 20);
    }
    let panels = c.panels();
    let sim = maybe_figure(panel(&panels, "tail"), "simulated-n").expect("simulated");
    assert!((sim - f).abs() < 0.015, "{sim} vs {f}");
    let gather = panel(&panels, "gather").tables()[0];
    assert_eq!(gather.rows.len(), 12);
    // The p99 of one partition is tens of ms; of 64 partitions, over 500 ms.
    let p99 = |n: &str| {
        gather
            .rows
            .iter()
            .find(|r| r.attrs.contains(&("key", n.into())))
            .and_then(|r| r.cells[2].value)
            .expect("row")
    };
    assert!(p99("64") > 500.0, "{}", p99("64"));
}

#[test]
fn a_slow_consumer_makes_the_async_index_lag_by_minutes() {
    let quick = small("");
    let p = quick.panels();
    let lag = maybe_figure(panel(&p, "staleness"), "lag-p99").expect("lag");
    assert!(lag < 100.0, "{lag}");
    let mut slow = finished(Indexes::open("p=lagging", Lang::En, Vec::new()));
    let p = slow.panels();
    let max = maybe_figure(panel(&p, "staleness"), "lag-max").expect("lag");
    assert!(max > 60_000.0, "{max}");
    control(&mut slow, "rate", "7");
    assert_eq!(slow.state().rate, 100_000);
    assert_eq!(slow.state().preset, None);
}

#[test]
fn other_markets_and_partition_counts_follow_the_controls() {
    let mut c = small("");
    control(&mut c, "m", "valencia");
    control(&mut c, "n", "10");
    assert_eq!(c.state().partitions, 64);
    let panels = c.panels();
    let p = panel(&panels, "indexes");
    assert!(p.title.contains("València"));
    let chart_table = p.tables()[1];
    assert_eq!(chart_table.rows.len(), 64);
    // Nonsense is ignored.
    control(&mut c, "m", "<b>");
    assert_eq!(c.state().market.slug(), "valencia");
}

#[test]
fn a_new_workloads_comparison_and_lag_come_in_slices_of_their_own() {
    let mut c = small("p=lesson");
    let matches = |c: &Indexes| maybe_figure(panel(&c.panels(), "indexes"), "matches");
    let before = matches(&c);
    // 10 000 → 1 000 orders a day (the slider's first stop).
    let shown = shown_during_work(&mut c, "o", "0", matches);
    let after = matches(&c);
    assert_ne!(after, before, "the new workload's count differs");
    let first_new = shown
        .iter()
        .position(|m| *m == after)
        .expect("the new comparison shows while work remains");
    // The previous workload's figure until the comparison's slice; the lag's slice after it.
    assert!(shown[..first_new].iter().all(|m| *m == before), "{shown:?}");
    assert!(first_new + 1 < shown.len(), "{shown:?}");
}

/// The opening state's simulation lands inside the interval the panel shows for it at every
/// partition count (12 partitions showed 12.1 % against the formula's 11.4 %, a 1-in-30 draw
/// with no interval to tell it from a wrong formula), and the interval is shown.
#[test]
fn the_opening_simulation_lands_inside_the_interval_it_shows() {
    let tail = view_of(&finished(Indexes::open("", Lang::En, Vec::new())), "tail");
    let (text, width) = figure_shown(&tail, "interval-n");
    assert_eq!(text, "10.7\u{a0}% – 12.0\u{a0}%");
    assert!((width - 0.0124).abs() < 0.0001, "{width}");
    let table = tail.tables()[0];
    assert_eq!(table.head[2], "95 % interval");
    assert_eq!(table.rows.len(), 12);
    for r in &table.rows {
        let formula = r.cells[1].value.expect("the formula") / 100.0;
        let sim = r.cells[3].value.expect("simulated") / 100.0;
        let (lo, hi) = partlab_km0::indexes::simulation_interval(
            0.01,
            r.cells[0].value.expect("n") as u32,
            10_000,
        );
        assert!(lo < formula && formula < hi);
        assert!(
            (lo..=hi).contains(&sim),
            "n = {}: {sim} outside {lo}–{hi}",
            r.cells[0].text
        );
    }
}
