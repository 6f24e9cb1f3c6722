//! The section-9 chapter's view model, natively: the three designs, the timeline stepped, the
//! lease, and its URL state.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

mod common;

use common::*;

use partlab_lab::state::Lang;
use partlab_lab::study::routing::Routing;
use partlab_lab::study::StudyChapter;
use partlab_lab::study::{Input, Study};

#[test]
fn every_design_ends_at_the_owner_and_the_router_agrees_first() {
    let c = Routing::open("", Lang::En, Vec::new());
    let panels = c.panels();
    let d = panel(&panels, "designs");
    let table = d.tables()[0];
    assert_eq!(table.rows.len(), 3);
    for r in &table.rows {
        // Column 5: requests that ended away from their key's owner.
        assert_eq!(r.cells[5].value, Some(0.0));
    }
    assert_eq!(figure(d, "agree-b"), 50.0);
    assert!(figure(d, "agree-a") >= 1_000.0);
    // Before the move, a router costs 2 hops and an aware client 1.
    let t = panel(&panels, "timeline");
    assert_eq!(figure(t, "hops-b"), 2.0);
}

#[test]
fn the_time_control_steps_through_the_move() {
    let mut c = Routing::open("t=0", Lang::En, Vec::new());
    assert_eq!(figure(panel(&c.panels(), "timeline"), "hops-c"), 1.0);
    for _ in 0..5 {
        c.update(Input::Control {
            id: "tstep".into(),
            value: "+1".into(),
        });
    }
    assert_eq!(c.state().t, 5);
    // Second 5: the map has just changed; stale clients are redirected.
    let redirected = figure(panel(&c.panels(), "timeline"), "redirected-c");
    assert!(redirected > 0.0, "{redirected}");
    assert!(c.fragment(false).contains("t=5"));
}

#[test]
fn a_dead_nodes_lease_expires_within_the_ttl() {
    for ttl in ["5", "15", "30"] {
        let c = Routing::open(&format!("ttl={ttl}&die=13"), Lang::Ca, Vec::new());
        let panels = c.panels();
        let l = panel(&panels, "lease");
        let after = figure(l, "lease-after-death");
        let ttl: f64 = ttl.parse().expect("n");
        assert!(after > 0.0 && after <= ttl, "{after} vs {ttl}");
    }
}

#[test]
fn the_redirects_per_second_add_up_to_the_designs_totals_and_none_fail() {
    let c = Routing::open("p=slow-gossip", Lang::En, Vec::new());
    let panels = c.panels();
    let totals: Vec<f64> = panel(&panels, "designs").tables()[0]
        .rows
        .iter()
        .map(|r| r.cells[2].value.expect("a number"))
        .collect();
    let timeline = panel(&panels, "timeline");
    let per_second = timeline
        .tables()
        .into_iter()
        .find(|t| t.key == "timeline-redirects")
        .expect("the redirects table");
    for (d, total) in totals.iter().enumerate() {
        let sum: f64 = per_second
            .rows
            .iter()
            .map(|r| r.cells[1 + 2 * d].value.expect("a number"))
            .sum();
        assert_eq!(sum, *total, "design {d}");
        assert!(per_second
            .rows
            .iter()
            .all(|r| r.cells[2 + 2 * d].value == Some(0.0)));
    }
    assert!(totals.iter().all(|t| *t > 0.0));
}

/// The lease table says whose entries the coordinator holds: the dead node's until they
/// expire, then none while the partitions are ownerless, then the new owner's (the column
/// "entries in the coordinator" stayed 0 after the new owner published).
#[test]
fn the_coordinator_holds_the_new_owners_entries_once_it_publishes() {
    let c = Routing::open("", Lang::En, Vec::new());
    let panels = c.panels();
    let l = panel(&panels, "lease");
    let published = figure(l, "lease-reassigned");
    let table = l
        .tables()
        .into_iter()
        .find(|t| t.key == "lease")
        .expect("the lease table");
    assert_eq!(table.head[1], "the dead node's entries in the coordinator");
    assert_eq!(table.head[3], "the new owner's entries in the coordinator");
    let mut seen_new = false;
    for r in &table.rows {
        let t = r.cells[0].value.expect("a second");
        let dead = r.cells[1].value.expect("a count");
        let ownerless = r.cells[2].value.expect("a count");
        let new = r.cells[3].value.expect("a count");
        // Every second, each partition is in exactly one of the three columns.
        assert_eq!(dead + ownerless + new, 4.0, "second {t}");
        assert_eq!(new > 0.0, t + 1.0 > published, "second {t}");
        seen_new |= new > 0.0;
    }
    assert!(seen_new);
}
