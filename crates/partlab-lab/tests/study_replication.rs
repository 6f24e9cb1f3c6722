//! The section-1 chapter's view model, natively: the lesson's diagram, a failover, one copy
//! only, the hot partition, and its URL state (round trip and fuzzing).
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

mod common;

use common::*;

use partlab_lab::state::Lang;
use partlab_lab::study::fields::StudyIssue;
use partlab_lab::study::replication::Replication;
use partlab_lab::study::view::Panel;
use partlab_lab::study::Study;
use partlab_lab::study::StudyChapter;

/// The failover view of the chapter opened at `fragment`, its work finished.
fn failover(fragment: &str) -> Panel {
    view_of(
        &finished(Replication::open(fragment, Lang::En, Vec::new())),
        "failover",
    )
}

#[test]
fn the_lessons_diagram_and_c_failing() {
    let mut c = finished(Replication::open("o=5000&d=2", Lang::En, Vec::new()));
    let panels = c.panels();
    let layout = panel(&panels, "layout");
    assert_eq!(attr(layout, "nodes", "A", "leads"), "P1");
    assert_eq!(attr(layout, "nodes", "C", "leads"), "P3, P4");
    assert_eq!(attr(layout, "nodes", "D", "leads"), "");
    control(&mut c, "fail", "C");
    let panels = c.panels();
    let f = panel(&panels, "failover");
    assert_eq!(figure(f, "taken-over"), 2.0);
    assert_eq!(figure(f, "lost"), 0.0);
    assert_eq!(attr(f, "failover", "P3", "after"), "B");
    assert_eq!(attr(f, "failover", "P4", "after"), "A");
}

#[test]
fn with_one_copy_the_failed_nodes_data_is_gone() {
    let f = failover("p=rf1&o=5000&d=2");
    // C held P3 and P4: half the partitions, about half the orders.
    assert_eq!(figure(&f, "lost"), 2.0);
    let share = figure(&f, "lost-share");
    assert!((0.45..0.55).contains(&share), "{share}");
}

#[test]
fn one_hot_partition_and_ten_nodes_write_like_one() {
    let c = finished(Replication::open("p=hot&o=10000&d=2", Lang::En, Vec::new()));
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
    let mut c = finished(Replication::open("p=rf1&o=5000&d=2", Lang::En, Vec::new()));
    let lost = |c: &Replication| figure(&view_of(c, "failover"), "lost-share");
    let before = lost(&c);
    // 5 000 → 1 000 orders a day (the slider's first stop).
    let shown = shown_during_work(&mut c, "o", "0", lost);
    let after = lost(&c);
    assert_ne!(after, before, "the new workload's share differs");
    // Every slice shows the previous workload's share until the last; the loads of the 12
    // node counts the chart draws take a slice each once the workload is built.
    assert!(shown.iter().all(|&v| v == before), "{shown:?}");
    assert!(shown.len() >= 12, "{} slices", shown.len());
}

/// The issues of `fragment`: (field, the refused value), the settings it kept.
fn refused(fragment: &str) -> (Vec<(&'static str, String)>, Replication) {
    let c = Replication::open(fragment, Lang::En, Vec::new());
    let issues = c
        .issues()
        .iter()
        .map(|i| match i {
            StudyIssue::Refused { field, value, .. } => (*field, value.clone()),
            other => panic!("{fragment}: not a refusal: {other:?}"),
        })
        .collect();
    (issues, c)
}

/// A replication factor above the placement's copies and a failed node that is not one of
/// the nodes are refused with their rule, never lowered or dropped silently; the rest of the
/// address is kept, and the notice says the rule in every language.
#[test]
fn copies_above_the_nodes_and_a_failed_node_that_is_not_one_are_refused_with_the_rule() {
    let (issues, c) = refused("rf=5&fail=B");
    assert_eq!(issues, [("rf", "5".to_owned())]);
    assert_eq!((c.state().rf, c.state().failed), (3, Some(1)));
    let (issues, c) = refused("lay=spread&nodes=4&rf=5&o=5000");
    assert_eq!(issues, [("rf", "5".to_owned())]);
    assert_eq!((c.state().nodes, c.state().rf), (4, 3));
    assert_eq!(c.state().workload.orders, 5000);
    let (issues, c) = refused("lay=spread&nodes=3&rf=3&fail=J");
    assert_eq!(issues, [("fail", "J".to_owned())]);
    assert_eq!((c.state().nodes, c.state().failed), (3, None));
    let (issues, _) = refused("fail=E");
    assert_eq!(issues, [("fail", "E".to_owned())]);
    for (lang, rule) in [
        (Lang::Ca, "només hi ha 4 nodes, de l'A al D."),
        (Lang::En, "there are only 4 nodes, A to D."),
        (Lang::Es, "solo hay 4 nodos, de la A a la D."),
    ] {
        let c = Replication::open("fail=E", lang, Vec::new());
        let notices = c.notices();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(
            notices[0].contains("fail=E") && notices[0].ends_with(rule),
            "{lang:?}: {notices:?}"
        );
    }
    // Within the rules nothing is refused.
    let (issues, c) = refused("lay=spread&nodes=5&rf=5&fail=E");
    assert!(issues.is_empty());
    assert_eq!((c.state().rf, c.state().failed), (5, Some(4)));
}

/// A control that lowers the nodes below the copies or the failed node says what it changed.
#[test]
fn fewer_nodes_lower_the_copies_and_clear_the_failure_aloud() {
    let mut c = Replication::open(
        "lay=spread&nodes=6&rf=6&fail=F&o=5000&d=1",
        Lang::En,
        Vec::new(),
    );
    assert!(c.issues().is_empty());
    control(&mut c, "nodes", "3");
    assert_eq!((c.state().rf, c.state().failed), (3, None));
    let fields: Vec<&str> = c
        .issues()
        .iter()
        .map(|i| match i {
            StudyIssue::Adjusted { field, .. } => *field,
            other => panic!("not an adjustment: {other:?}"),
        })
        .collect();
    assert_eq!(fields, ["rf", "fail"]);
}

/// With one copy, the failed node's partitions lose their leader and nobody takes over: the
/// figures say two lost their leader, none was taken over, two have no copy left (they said
/// "lose their leader: 0" beside a table where P3 and P4 lose theirs).
#[test]
fn partitions_that_lose_their_leader_count_those_with_no_copy_left() {
    let f = failover("p=rf1&o=5000&d=1");
    assert_eq!(figure(&f, "leaderless"), 2.0);
    assert_eq!(figure(&f, "taken-over"), 0.0);
    assert_eq!(figure(&f, "lost"), 2.0);
    assert_eq!(attr(&f, "failover", "P3", "outcome"), "lost");
    let f = failover("fail=C&o=5000&d=1");
    assert_eq!(
        (figure(&f, "leaderless"), figure(&f, "taken-over")),
        (2.0, 2.0)
    );
}
