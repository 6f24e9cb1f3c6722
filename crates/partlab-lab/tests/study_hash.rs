//! The section-3 chapter's view model, natively: the lesson's four ids, the date query, the
//! compound key's costs, the growth sweep, the salted hash, and its URL state (round trip and
//! fuzzing: any fragment gives a valid state without panicking).
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

mod common;

use common::*;

use partlab_lab::chapters::ChapterId;
use partlab_lab::contract::open;
use partlab_lab::state::Lang;
use partlab_lab::study::hash_keys::{HashKeys, HashState};
use partlab_lab::study::view::Block;
use partlab_lab::study::{Input, Study};

/// The chapter from `fragment`, its workload built and its figures computed.
fn opened(fragment: &str, lang: Lang) -> HashKeys {
    finished(HashKeys::open(fragment, lang, Vec::new()))
}

#[test]
fn the_lessons_four_orders_land_on_partitions_0_2_2_1() {
    let c = opened("p=lesson&l=en", Lang::En);
    let panels = c.panels();
    let scatter = panel(&panels, "scatter");
    assert_eq!(figure_shown(scatter, "sequence").0, "0, 2, 2, 1");
    let t = scatter.tables()[0];
    let ids: Vec<&str> = t.rows.iter().map(|r| r.cells[0].text.as_str()).collect();
    assert_eq!(
        ids,
        [
            "P-2026-000123",
            "P-2026-000124",
            "P-2026-000125",
            "P-2026-000126"
        ]
    );
    // The hash bits: the first id's first 8 bytes and its last two bits (mod 4).
    assert_eq!(t.rows[0].cells[1].text, "d7131e78456cea88");
    assert_eq!(t.rows[0].cells[2].text, "…00");
    assert!(
        scatter.caption.contains("lowest 2 bits"),
        "{}",
        scatter.caption
    );
    assert_eq!(
        c.fragment(true),
        "seed=2026&o=40000&d=7&n=4&from=123&count=4&qf=2&qt=3&h=61&l=en&p=lesson"
    );
}

#[test]
fn a_date_query_asks_every_hashed_partition() {
    let mut c = opened("l=en", Lang::En);
    for (stop, n) in [("5", 12.0), ("8", 64.0)] {
        control(&mut c, "n", stop);
        let panels = c.panels();
        let range = panel(&panels, "range");
        assert_eq!(figure_shown(range, "touched-hash").1, n);
        assert!(figure_shown(range, "touched-range").1 < n / 2.0);
        let Block::Chart { table, .. } = &range.blocks[1] else {
            panic!("the range panel's chart");
        };
        assert_eq!(table.rows.len(), n as usize);
    }
}

#[test]
fn the_compound_key_answers_annas_orders_from_one_partition() {
    let c = opened("n=12", Lang::En);
    let panels = c.panels();
    let t = panel(&panels, "compound").tables()[0];
    let partitions = |query: &str, key: &str| {
        t.rows
            .iter()
            .find(|r| {
                r.attrs.contains(&("query", query.into()))
                    && r.attrs.contains(&("order-key", key.into()))
            })
            .and_then(|r| r.cells[2].value)
            .expect("row")
    };
    assert_eq!(partitions("anna-last", "client-date"), 1.0);
    assert_eq!(partitions("anna-last", "order-id"), 12.0);
    assert_eq!(partitions("yesterday", "client-date"), 12.0);
    assert_eq!(partitions("by-id", "order-id"), 1.0);
    assert_eq!(partitions("by-id", "client-date"), 12.0);
}

#[test]
fn the_growth_view_fills_in_through_background_work() {
    let mut c = HashKeys::open("h=31&o=5000&d=2", Lang::Ca, Vec::new());
    let before = c.panels();
    assert!(
        before
            .iter()
            .filter(|p| p.view == "growth")
            .all(|p| p.figures().is_empty()),
        "nothing before the work"
    );
    let mut slices = 0;
    while c.work() {
        slices += 1;
        assert!(slices < 100, "the work ends");
    }
    let panels = c.panels();
    let g = panel(&panels, "growth");
    let rows = figure_shown(g, "client-rows").1;
    let bucket = figure_shown(g, "largest-bucket").1;
    // 31 days from 14 September cross 1 October: the bucket holds less than everything.
    assert!(bucket < rows, "{bucket} vs {rows}");
    assert_eq!(g.tables()[0].rows.len(), 31);
}

#[test]
fn two_salted_services_disagree_where_md5_agrees() {
    let c = opened("n=4&o=5000&d=1", Lang::En);
    let panels = c.panels();
    let s = panel(&panels, "salted");
    assert_eq!(figure_shown(s, "stable-disagree").1, 0.0);
    let salted = figure_shown(s, "salted-disagree").1;
    assert!((salted - 75.0).abs() < 2.0, "{salted}");
}

#[test]
fn every_chart_has_a_data_table_and_every_view_is_a_panel() {
    let mut c = open(ChapterId::HashKeys, "", Lang::Ca, Vec::new()).expect("a study chapter");
    c.finish_work();
    let panels = c.panels();
    let views: Vec<&str> = panels.iter().map(|p| p.view).collect();
    assert_eq!(views, c.views());
    for p in &panels {
        fn check(blocks: &[Block]) {
            for b in blocks {
                match b {
                    Block::Chart { table, label, .. } => {
                        assert!(!label.is_empty());
                        assert!(!table.head.is_empty());
                    }
                    Block::Reveal { blocks, .. } => check(blocks),
                    _ => {}
                }
            }
        }
        check(&p.blocks);
        assert!(!p.title.is_empty());
    }
}

#[test]
fn bad_fields_keep_defaults_and_say_so() {
    let c = HashKeys::open(
        "n=1&from=0&count=999&qf=9&embed=%3Cimg%3E&zzz=1&o=7&seed=-3",
        Lang::En,
        Vec::new(),
    );
    assert_eq!(c.state(), &HashState::new(Lang::En));
    let notices = c.notices();
    assert_eq!(notices.len(), 8, "{notices:?}");
    assert!(notices.iter().any(|n| n.contains("\"n\" is \"1\"")));
    // The page caps the volume rather than generating millions of orders.
    let c = opened("o=100000&d=21", Lang::En);
    assert_eq!(c.state().workload.days, 10);
    assert_eq!(c.notices().len(), 1);
}

#[test]
fn language_and_embed_round_trip() {
    let mut c = opened("l=ca&embed=growth&n=16", Lang::En);
    assert_eq!((c.lang(), c.embed()), (Lang::Ca, Some("growth")));
    assert!(c.fragment(true).contains("embed=growth"));
    assert!(!c.fragment(false).contains("embed"));
    c.update(Input::Lang(Lang::En));
    let f = c.fragment(true);
    let (back, issues) = HashState::from_fragment(&f, Lang::Ca);
    assert!(issues.is_empty());
    assert_eq!(&back, c.state());
}

/// A date query whose last day comes before its first is refused with the rule (it was
/// swapped silently): the first day is kept, the last is the opening's (not before it), and
/// the notice names the field and the rule in each language.
#[test]
fn a_query_that_ends_before_it_starts_is_refused_with_the_rule() {
    let c = HashKeys::open("qf=5&qt=3&o=5000&d=7", Lang::En, Vec::new());
    assert_eq!(c.state().range, (4, 4));
    assert_eq!(c.state().workload.orders, 5000);
    let notices = c.notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].contains("qt=3"), "{notices:?}");
    for (lang, rule) in [
        (Lang::Ca, "no pot ser abans del primer, el dia 5."),
        (Lang::En, "cannot come before its first, day 5."),
        (Lang::Es, "no puede ser anterior al primero, el día 5."),
    ] {
        let notices = HashKeys::open("qf=5&qt=3&d=7", lang, Vec::new()).notices();
        assert!(notices[0].ends_with(rule), "{lang:?}: {notices:?}");
    }
    // A day outside the campaign is refused too; a one-day query is fine.
    let c = HashKeys::open("qf=2&qt=9&d=7", Lang::En, Vec::new());
    assert_eq!(c.notices().len(), 1);
    assert_eq!(c.state().range, (1, 2));
    assert!(HashKeys::open("qf=3&qt=3&d=7", Lang::En, Vec::new())
        .notices()
        .is_empty());
}
