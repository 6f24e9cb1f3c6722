//! The section-1 chapter's view model, natively: the lesson's diagram, a failover, one copy
//! only, the hot partition, and its URL state (round trip and fuzzing).
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

mod common;

use common::*;

use partlab_lab::state::Lang;
use partlab_lab::study::replication::Replication;
use partlab_lab::study::StudyChapter;
use partlab_lab::study::{Input, Study};

#[test]
fn the_lessons_diagram_and_c_failing() {
    let mut c = Replication::open("o=5000&d=2", Lang::En, Vec::new());
    c.finish_work();
    let panels = c.panels();
    let layout = panel(&panels, "layout");
    assert_eq!(attr(layout, "nodes", "A", "leads"), "P1");
    assert_eq!(attr(layout, "nodes", "C", "leads"), "P3, P4");
    assert_eq!(attr(layout, "nodes", "D", "leads"), "");
    c.update(Input::Control {
        id: "fail".into(),
        value: "C".into(),
    });
    c.finish_work();
    let panels = c.panels();
    let f = panel(&panels, "failover");
    assert_eq!(figure(f, "taken-over"), 2.0);
    assert_eq!(figure(f, "lost"), 0.0);
    assert_eq!(attr(f, "failover", "P3", "after"), "B");
    assert_eq!(attr(f, "failover", "P4", "after"), "A");
}

#[test]
fn with_one_copy_the_failed_nodes_data_is_gone() {
    let mut c = Replication::open("p=rf1&o=5000&d=2", Lang::En, Vec::new());
    c.finish_work();
    let panels = c.panels();
    let f = panel(&panels, "failover");
    // C held P3 and P4: half the partitions, about half the orders.
    assert_eq!(figure(f, "lost"), 2.0);
    let share = figure(f, "lost-share");
    assert!((0.45..0.55).contains(&share), "{share}");
}

#[test]
fn one_hot_partition_and_ten_nodes_write_like_one() {
    let mut c = Replication::open("p=hot&o=10000&d=2", Lang::En, Vec::new());
    c.finish_work();
    assert_eq!(c.state().nodes, 10);
    let panels = c.panels();
    let h = panel(&panels, "hotspot");
    assert_eq!(figure(h, "capacity-range"), 1.0);
    let hash = figure(h, "capacity-hash");
    assert!(hash > 7.0, "{hash}");
}

#[test]
fn a_new_workloads_loads_come_one_node_count_per_slice_and_the_old_ones_stay_meanwhile() {
    // One copy and C failed: the share of orders lost is measured on the workload's loads.
    let mut c = Replication::open("p=rf1&o=5000&d=2", Lang::En, Vec::new());
    c.finish_work();
    let lost = |c: &Replication| figure(panel(&c.panels(), "failover"), "lost-share");
    let before = lost(&c);
    c.update(Input::Control {
        // 5 000 → 1 000 orders a day (the slider's first stop).
        id: "o".into(),
        value: "0".into(),
    });
    let mut shown = Vec::new();
    while c.work() {
        shown.push(lost(&c));
    }
    let after = lost(&c);
    assert_ne!(after, before, "the new workload's share differs");
    // Every slice shows the previous workload's share until the last; the loads of the 12
    // node counts the chart draws take a slice each once the workload is built.
    assert!(shown.iter().all(|&v| v == before), "{shown:?}");
    assert!(shown.len() >= 12, "{} slices", shown.len());
}
