//! `partlab rebalancing`, `partlab routing` and `partlab slot`: their JSON answers, and bad
//! input answered with exit code 2 and one line on stderr.
#![cfg(unix)]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use serde_json::Value;

mod common;
use common::{argv, json, refused, stdout};

fn figure(v: &Value, key: &str) -> f64 {
    v["views"]
        .as_array()
        .expect("views")
        .iter()
        .flat_map(|p| p["figures"].as_array().expect("figures").iter())
        .find(|f| f["key"] == key)
        .and_then(|f| f["value"].as_f64())
        .expect("the figure")
}

#[test]
fn slot_answers_redis_clusters_slots() {
    let v = json(&argv(
        "slot --json 123456789 {user1000}.following {user1000}.followers somekey",
    ));
    let slots: Vec<(String, u64)> = v
        .as_array()
        .expect("a list")
        .iter()
        .map(|o| {
            (
                o["key"].as_str().expect("key").to_owned(),
                o["slot"].as_u64().expect("slot"),
            )
        })
        .collect();
    // CRC16-XMODEM's check value 0x31C3, modulo 16384; Redis's documented KEYSLOT of somekey.
    // 0x31C3 is below 16 384: the slot is the check value itself.
    assert_eq!(slots[0], ("123456789".to_owned(), 0x31C3));
    assert_eq!(slots[1].1, slots[2].1);
    assert_eq!(slots[3].1, 11_058);
    let text = stdout(&["slot", "foo{bar}{zap}"]);
    assert!(
        text.contains("foo{bar}{zap}") && text.lines().nth(1).is_some_and(|l| l.ends_with("bar"))
    );
}

#[test]
fn rebalancing_json_has_every_view_and_the_lessons_join() {
    let v = json(&["rebalancing", "--json"]);
    assert_eq!(v["chapter"], "rebalancing");
    let views: Vec<&str> = v["views"]
        .as_array()
        .expect("views")
        .iter()
        .map(|p| p["view"].as_str().expect("view"))
        .collect();
    assert_eq!(
        views,
        [
            "fixed",
            "slots",
            "dynamic",
            "compare",
            "bandwidth",
            "cascade"
        ]
    );
    let moved = figure(&v, "partitions-moved");
    assert!((moved - 1024.0 / 11.0).abs() < 4.0, "{moved}");
    assert!(figure(&v, "moved-gb") >= figure(&v, "ideal-gb"));
    let redis = json(&["rebalancing", "--preset", "redis", "--json"]);
    // 16 384 slots on 4 nodes: the fifth takes about a fifth of them.
    let slots = figure(&redis, "partitions-moved");
    assert!((slots - 16_384.0 / 5.0).abs() < 100.0, "{slots}");
    assert!(figure(&redis, "moved-gb") >= figure(&redis, "ideal-gb"));
}

/// Redis Cluster's slots lie in contiguous ranges per master, as `redis-cli --cluster create`
/// hands them out (three masters: 0–5460, 5461–10922, 10923–16383), not round robin.
#[test]
fn redis_slots_belong_to_contiguous_ranges() {
    for (key, slot, nodes, owner) in [
        ("somekey", 11_058.0, "3", 2.0), // round robin would give 11058 mod 3 = 0
        ("{user1000}.following", 3_443.0, "3", 0.0),
        ("bar", 5_061.0, "3", 0.0),
        ("foo", 12_182.0, "4", 2.0), // 8192–12287 of four
        ("hello", 866.0, "16", 0.0), // 0–1023 of sixteen
    ] {
        let v = json(&["rebalancing", "--nodes", nodes, "--key", key, "--json"]);
        assert_eq!(figure(&v, "slot"), slot, "{key}");
        assert_eq!(figure(&v, "owner"), owner, "{key} on {nodes}");
    }
}

#[test]
fn routing_json_agrees_with_the_watch_delay() {
    let v = json(&["routing", "--watch-ms", "200", "--json"]);
    assert_eq!(figure(&v, "agree-b"), 200.0);
    let l = json(&["routing", "--ttl", "5", "--die", "13", "--json"]);
    let after = figure(&l, "lease-after-death");
    assert!(after > 0.0 && after <= 5.0, "{after}");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let long = "k".repeat(1_025);
    // An empty key cannot be written as a word of a command line.
    let mut cases = vec![vec!["slot"], vec!["slot", ""], vec!["slot", &long]];
    cases.extend(
        [
            "rebalancing --nodes 99",
            "rebalancing --partitions 100",
            "rebalancing --mode \u{1b}[31mred",
            "rebalancing --preset nope",
            "routing --gossip-ms 7",
            "routing --ttl -1",
            "routing --nodes 99999999999999999999999",
        ]
        .map(argv),
    );
    for args in &cases {
        // One line on stderr, nothing on stdout, exit code 2.
        let err = refused(args);
        assert!(
            !err.contains('\u{1b}'),
            "{args:?}: escape reached the terminal"
        );
    }
}
