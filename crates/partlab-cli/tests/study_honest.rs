//! Issue 47: the study chapters refuse settings that do not fit together with the rule
//! (exit 2, the option typed named) and print no misleading figure: a rate over no days, a
//! "-0 %", a latency of no live node, a leader count that leaves out lost partitions, a
//! coordinator that looks empty after the new owner published, a simulation with no interval.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

mod common;
use common::{argv, json, refused, stdout};

/// The line of `text` that starts with `start` (after its indentation).
fn line<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines()
        .map(str::trim_start)
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting {start:?} in:\n{text}"))
}

#[test]
fn settings_that_do_not_fit_together_exit_2_naming_the_option_and_the_rule() {
    for (args, message) in [
        (
            &["replication", "--layout", "spread", "--nodes", "3", "--fail", "J"][..],
            "partlab: --fail J: there are only 3 nodes, A to C. (see `partlab replication --help`)",
        ),
        (
            &["replication", "--layout", "spread", "--nodes", "6", "--rf", "7"],
            "partlab: --rf 7: there is at most one copy per node, and there are 6 nodes. (see `partlab replication --help`)",
        ),
        (
            &["replication", "--rf", "4"],
            "partlab: --rf 4: the lesson's diagram holds at most 3 copies of each partition. (see `partlab replication --help`)",
        ),
        (
            &["hash-keys", "--query-days", "5..3"],
            "partlab: --query-days 3: the query's last day cannot come before its first, day 5. (see `partlab hash-keys --help`)",
        ),
        (
            &["hash-keys", "--days", "3", "--query-days", "2..5"],
            "partlab: --query-days 5: the campaign has 3 days. (see `partlab hash-keys --help`)",
        ),
    ] {
        assert_eq!(refused(args).trim_end(), message);
    }
    // Within the rules: accepted as typed.
    let text = stdout(&argv(
        "replication --layout spread --nodes 5 --rf 5 --fail E --orders-per-day 1000 --days 1",
    ));
    assert!(text.contains("rf=5&fail=E"), "{text}");
}

/// A campaign that is all fair days has no other days: "n/a", not "0 on other days"; JSON
/// gives null. A longer campaign gives both rates.
#[test]
fn a_rate_over_no_days_is_not_zero() {
    let text = stdout(&["workload", "--orders-per-day", "1000", "--days", "3"]);
    assert!(
        line(&text, "products:").ends_with("a day in its fair, n/a on other days"),
        "{text}"
    );
    let v = json(&argv("workload --orders-per-day 1000 --days 3 --json"));
    assert!(v["summary"]["fair_product_per_day"][0]
        .as_f64()
        .is_some_and(|x| x > 0.0));
    assert!(v["summary"]["fair_product_per_day"][1].is_null());
    let text = stdout(&["workload", "--orders-per-day", "1000", "--days", "21"]);
    assert!(!line(&text, "products:").contains("n/a"), "{text}");
}

#[test]
fn with_one_copy_the_lost_partitions_count_among_those_that_lose_their_leader() {
    let text = stdout(&argv(
        "replication --preset rf1 --orders-per-day 1000 --days 1",
    ));
    assert_eq!(
        line(&text, "Partitions that lose their leader"),
        "Partitions that lose their leader: 2"
    );
    assert_eq!(
        line(&text, "Taken over by a follower"),
        "Taken over by a follower: 0"
    );
    assert_eq!(
        line(&text, "Partitions with no copy left"),
        "Partitions with no copy left: 2"
    );
}

#[test]
fn a_cascade_with_every_node_down_serves_0_percent_and_has_no_live_latency() {
    let text = stdout(&["rebalancing"]);
    assert!(
        !text.split_whitespace().any(|w| w.starts_with("-0")),
        "{text}"
    );
    assert_eq!(line(&text, "Demand served"), "Demand served: 0\u{a0}%");
    assert_eq!(
        line(&text, "Worst latency of a live node"),
        "Worst latency of a live node: n/a: no node is alive"
    );
}

#[test]
fn the_lease_table_shows_the_new_owners_entries() {
    let text = stdout(&["routing", "--json"]);
    assert!(
        text.contains("the new owner's entries in the coordinator"),
        "{text}"
    );
    let text = stdout(&["routing"]);
    // The last second of the lease table: the new owner's four entries.
    let lease = text.split("-- lease").nth(1).expect("the lease table");
    let last = lease
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .last()
        .expect("a row");
    let cells: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(cells[..4], ["59", "0", "0", "4"], "{last}");
}

#[test]
fn the_simulated_tail_is_shown_with_its_interval_and_lands_in_it() {
    let text = stdout(&["indexes", "--orders-per-day", "1000", "--days", "1"]);
    assert_eq!(
        line(&text, "Where 95 in 100 simulations"),
        "Where 95 in 100 simulations of 10,000 reads over 12 partitions land: 10.7\u{a0}% – 12.0\u{a0}%"
    );
    let sim = line(&text, "Simulated with 12 partitions: ");
    let pct: f64 = sim
        .trim_start_matches("Simulated with 12 partitions: ")
        .trim_end_matches("\u{a0}%")
        .parse()
        .expect("a percentage");
    assert!((10.7..=12.0).contains(&pct), "{sim}");
}
