//! The section-8 chapter's view model, natively: the fixed scheme's join, Redis's slots, the
//! dynamic timeline stepped, the three schemes compared, the cascade, and its URL state.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

mod common;

use common::*;

use partlab_lab::state::Lang;
use partlab_lab::study::rebalancing::Rebalancing;
use partlab_lab::study::StudyChapter;
use partlab_lab::study::{Input, Study};

/// The chapter with its background work done, as the CLI and the page end up.
fn opened(
    fragment: &str,
    lang: Lang,
    issues: Vec<partlab_lab::study::fields::StudyIssue>,
) -> Rebalancing {
    let mut c = Rebalancing::open(fragment, lang, issues);
    while c.work() {}
    c
}

#[test]
fn the_lessons_1024_partitions_and_a_joining_node() {
    let c = opened("", Lang::En, Vec::new());
    let panels = c.panels();
    let f = panel(&panels, "fixed");
    // 1024 partitions, 10 nodes: the 11th takes whole partitions until it holds at least
    // 1/11 of the data: about 1024 / 11 partitions, never less data than the ideal.
    let moved_parts = figure(f, "partitions-moved");
    assert!((1024.0 / 11.0 - moved_parts).abs() < 4.0, "{moved_parts}");
    assert!((figure(f, "partitions-ideal") - 1024.0 / 11.0).abs() < 1e-9);
    let after: u32 = attr(f, "fixed", "K", "after").parse().expect("a number");
    assert_eq!(f64::from(after), moved_parts);
    // Every partition is somewhere, once; no node ends far from the mean.
    let total: u32 = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"]
        .iter()
        .map(|n| {
            attr(f, "fixed", n, "after")
                .parse::<u32>()
                .expect("a number")
        })
        .sum();
    assert_eq!(total, 1024);
    assert!(figure(f, "balance") < 1.1);
    assert!(figure(f, "moved-keys") >= figure(f, "ideal-keys"));
    // 20 000 records (40 steps of 500), one node of 11 more.
    assert_eq!(figure(f, "ideal-keys"), (20_000 / 11) as f64);
    let moved = figure(f, "moved-gb");
    let ideal = figure(f, "ideal-gb");
    assert!(moved >= ideal && moved < ideal * 1.05, "{moved} vs {ideal}");
}

#[test]
fn redis_slots_follow_the_hash_tags() {
    let mut c = opened("p=redis", Lang::En, Vec::new());
    let panels = c.panels();
    let s = panel(&panels, "slots");
    let slot = |k: &str| attr(s, "slots", k, "slot");
    assert_eq!(slot("{user1000}.following"), slot("{user1000}.followers"));
    assert_ne!(slot("foo{}{bar}"), slot("foo{bar}{zap}"));
    // A key typed into the address is looked up too.
    c.update(Input::Load("key=user1000&p=redis".into()));
    while c.work() {}
    let panels = c.panels();
    let s = panel(&panels, "slots");
    assert_eq!(
        attr(s, "slots", "user1000", "slot"),
        slot("{user1000}.following")
    );
    let typed: f64 = attr(s, "slots", "user1000", "slot").parse().expect("n");
    assert_eq!(figure(s, "slot"), typed);
    // 16 384 slots on 4 nodes: the fifth takes about a fifth of them, and at least a fifth of
    // the data.
    let f = panel(&panels, "fixed");
    let moved = figure(f, "partitions-moved");
    assert!((moved - 16_384.0 / 5.0).abs() < 100.0, "{moved}");
    assert!(figure(f, "moved-gb") >= figure(f, "ideal-gb"));
}

#[test]
fn the_dynamic_timeline_steps_and_presplitting_spreads_writes() {
    let mut c = opened("p=presplit", Lang::En, Vec::new());
    let panels = c.panels();
    let d = panel(&panels, "dynamic");
    assert_eq!(figure(d, "dyn-step"), 1.0);
    assert_eq!(figure(d, "dyn-partitions"), 16.0);
    assert_eq!(figure(d, "dyn-writing"), 10.0);
    // Without pre-splitting, one partition on one node takes the first writes.
    control(&mut c, "ps", "1");
    let panels = c.panels();
    let d = panel(&panels, "dynamic");
    assert_eq!(figure(d, "dyn-writing"), 1.0);
    control(&mut c, "tstep", "+1");
    control(&mut c, "tstep", "+1");
    assert_eq!(c.state().step, 3);
    let panels = c.panels();
    assert_eq!(figure(panel(&panels, "dynamic"), "dyn-step"), 3.0);
    assert!(c.fragment(false).contains("t=3"));
}

#[test]
fn schemes_move_at_least_what_leaving_requires_and_the_cascade_needs_no_operator() {
    let c = opened("p=cascade", Lang::Ca, Vec::new());
    let panels = c.panels();
    let cmp = panel(&panels, "compare");
    for scheme in ["fixed", "dynamic", "proportional"] {
        let key = format!("{scheme}-leave");
        let moved: u64 = attr(cmp, "compare", &key, "moved").parse().expect("n");
        let ideal: u64 = attr(cmp, "compare", &key, "ideal").parse().expect("n");
        assert!(moved >= ideal, "{scheme}: {moved} < {ideal}");
    }
    let cas = panel(&panels, "cascade");
    assert!(figure(cas, "cascade-alive") <= 1.0);
    let op = opened("p=operator", Lang::Ca, Vec::new());
    let panels = op.panels();
    assert_eq!(figure(panel(&panels, "cascade"), "cascade-alive"), 6.0);
}

#[test]
fn a_cap_stretches_the_move() {
    let mut c = opened("", Lang::En, Vec::new());
    let slow = figure(panel(&c.panels(), "bandwidth"), "bw-minutes");
    control(&mut c, "cap", "5");
    assert_eq!(c.state().cap, 400);
    let fast = figure(panel(&c.panels(), "bandwidth"), "bw-minutes");
    assert!((slow / fast - 8.0).abs() < 1e-9, "{slow} / {fast}");
}

#[test]
fn the_slow_views_say_they_are_computing_until_the_work_is_done() {
    let mut c = Rebalancing::open("", Lang::En, Vec::new());
    let first = c.panels();
    assert!(panel(&first, "dynamic").tables().is_empty());
    assert!(panel(&first, "fixed").figures().len() >= 5);
    let mut slices = 0;
    while c.work() {
        slices += 1;
        assert!(slices < 20, "the work ends");
    }
    assert!(slices >= 3, "sliced: {slices}");
    assert!(!panel(&c.panels(), "dynamic").tables().is_empty());
    // A time control does not start the work again.
    c.update(Input::Control {
        id: "t".into(),
        value: "4".into(),
    });
    assert!(!c.work());
    assert_eq!(c.state().step, 5);
}

#[test]
fn every_view_in_every_language_at_the_largest_settings() {
    // Its speed is the benchmark's business (bench.mjs's chapter rows), never a test's.
    for lang in Lang::ALL {
        let c = opened("fp=16384&ps=64&pn=64&n=16", lang, Vec::new());
        let views: Vec<&str> = c.panels().iter().map(|p| p.view).collect();
        assert_eq!(views, c.views());
        for p in c.panels() {
            for t in p.tables() {
                assert!(!t.rows.is_empty(), "{}", t.key);
                assert!(
                    t.rows.iter().all(|r| r.cells.len() == t.head.len()),
                    "{}",
                    t.key
                );
            }
        }
    }
}

/// When the cascade has taken every node down nothing is served: "0 %", never "-0 %", and
/// no live node's latency to give ("n/a", not "0.0 × normal"), in every language.
#[test]
fn with_every_node_down_nothing_is_served_and_no_latency_is_made_up() {
    for (lang, served, latency) in [
        (Lang::Ca, "0\u{a0}%", "no n'hi ha: cap node viu"),
        (Lang::En, "0\u{a0}%", "n/a: no node is alive"),
        (Lang::Es, "0\u{a0}%", "no hay: ningún nodo vivo"),
    ] {
        let c = opened("", lang, Vec::new());
        let panels = c.panels();
        let cas = panel(&panels, "cascade");
        assert_eq!(
            figure(cas, "cascade-alive"),
            0.0,
            "the opening state's cascade"
        );
        let (text, value) = figure_shown(cas, "cascade-served");
        assert_eq!(text, served);
        // Plain zero in data-value and JSON too, not -0.
        assert!(value == 0.0 && value.is_sign_positive(), "{value}");
        let (text, value) = figure_shown(cas, "cascade-latency");
        assert_eq!(text, latency);
        assert!(value.is_nan());
        let table = cas.tables()[0];
        assert!(
            table
                .rows
                .iter()
                .flat_map(|r| &r.cells)
                .all(|c| !c.text.starts_with("-0")),
            "a cell shows -0"
        );
    }
}
