//! The `partlab` command line: JSON answers for any configuration, the lesson's tables, and a
//! one-line error with exit code 2 for bad arguments.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use serde_json::Value;

mod common;
use common::{argv, json, refused, stdout};

const LESSON_NODES: &str = "inv-bcn,inv-vlc,inv-gir,inv-lle";

/// Fails, naming the output `what` and the first of `pieces` it lacks, unless `text` holds
/// every piece.
fn assert_mentions(what: &str, text: &str, pieces: &[&str]) {
    for piece in pieces {
        assert!(text.contains(piece), "{what} lacks {piece:?}:\n{text}");
    }
}

#[test]
fn dist_json_gives_the_lessons_counts_for_150_vnodes() {
    let v = json(&argv(&format!(
        "dist --strategy ring --nodes {LESSON_NODES} --vnodes 150 --json"
    )));
    assert_eq!(v["counts"]["inv-bcn"], 24275);
    assert_eq!(v["counts"]["inv-gir"], 27571);
    assert_eq!(v["counts"]["inv-vlc"], 24835);
    assert_eq!(v["counts"]["inv-lle"], 23319);
    let dev = v["deviation_pct"].as_f64().expect("a number");
    assert_eq!(format!("{dev:.1}"), "6.3");
    assert!(v["peak_to_mean"].as_f64().expect("a number") > 1.0);
    assert_eq!(v["keys"], 100_000);
}

#[test]
fn dist_json_answers_for_every_strategy_and_weights() {
    for strategy in ["ring", "rendezvous", "ketama"] {
        let v = json(&argv(&format!(
            "dist --strategy {strategy} --nodes a,b,c --weights a=2 --keys 3000 --json"
        )));
        let counts = v["counts"].as_object().expect("counts is an object");
        let total: u64 = counts.values().map(|c| c.as_u64().expect("count")).sum();
        assert_eq!(total, 3000, "{strategy}");
        assert_eq!(v["strategy"], strategy);
    }
}

#[test]
fn weights_are_refused_where_the_strategy_gives_every_node_the_same_share() {
    for strategy in ["modulo", "jump", "maglev", "bounded", "multiprobe"] {
        for (command, option) in [("dist", "--weights"), ("locate", "--weights")] {
            let mut args = vec![command];
            if command == "locate" {
                args.push("P-2026-000001");
            }
            args.extend(["--strategy", strategy, "--nodes", "a,b,c", option, "b=2"]);
            let err = refused(&args);
            assert!(
                err.contains(&format!("{option} does not apply to --strategy {strategy}")),
                "{err}"
            );
            assert!(err.contains("same share whatever its weight"), "{err}");
            assert!(err.contains("\"b\""), "{err}");
        }
        // `move` names the side whose weights are refused.
        let err = refused(&argv(&format!(
            "move --strategy {strategy} --nodes a,b --to a,b,c --to-weights c=3"
        )));
        assert!(
            err.contains(&format!(
                "--to-weights does not apply to --strategy {strategy}"
            )),
            "{err}"
        );
        // Weights of 1 change nothing and say nothing wrong: accepted.
        json(&argv(&format!(
            "dist --strategy {strategy} --nodes a,b --weights a=1 --json"
        )));
    }
}

#[test]
fn bounded_loads_keep_every_node_within_the_cap() {
    // The case: ⌈1.1 · 3000 / 3⌉ = 1 100, and a float ceiling let a node hold 1 101.
    for nodes in ["inv-bcn,inv-vlc,inv-gir", "a,b,c"] {
        let v = json(&argv(&format!(
            "dist --strategy bounded --load-factor 1.10 --keys 3000 --nodes {nodes} --json"
        )));
        let counts = v["counts"].as_object().expect("counts is an object");
        let max = counts
            .values()
            .filter_map(Value::as_u64)
            .max()
            .expect("counts");
        assert!(
            max <= 1_100,
            "{nodes}: {max} keys on one node, over the cap of 1 100"
        );
    }
}

#[test]
fn dist_names_both_peaks() {
    let v = json(&argv("dist --nodes a,b,c --weights a=2 --keys 3000 --json"));
    let busiest = v["busiest_to_mean"].as_f64().expect("busiest_to_mean");
    let share = v["peak_to_share"].as_f64().expect("peak_to_share");
    // The old key stays, with the weighted figure it always had.
    assert_eq!(v["peak_to_mean"].as_f64(), Some(share));
    // a holds about half the keys: about 1.5 times the mean, but near its weighted share.
    assert!(busiest > 1.3 && share < 1.3, "{busiest} {share}");
    let text = stdout(&argv("dist --nodes a,b,c --weights a=2 --keys 3000"));
    assert!(
        text.contains("busiest / mean") && text.contains("peak-to-share"),
        "{text}"
    );
    let text = stdout(&["dist", "--nodes", "a,b,c", "--keys", "3000"]);
    assert!(
        text.contains("peak-to-mean") && text.contains("(busiest node / mean)"),
        "{text}"
    );
}

#[test]
fn move_json_reports_the_lessons_19_2_percent() {
    let v = json(&[
        "move",
        "--nodes",
        LESSON_NODES,
        "--to",
        &format!("{LESSON_NODES},inv-tar"),
        "--json",
    ]);
    let moved = v["moved_fraction"].as_f64().expect("a number");
    assert_eq!(format!("{:.1}", moved * 100.0), "19.2");
    assert_eq!(v["ideal_fraction"].as_f64(), Some(0.2));
    let flow = v["flow"].as_array().expect("flow is a list");
    assert_eq!(flow.len(), 4);
    assert!(flow.iter().all(|f| f["to"] == "inv-tar"));
}

#[test]
fn move_json_with_replicas_reports_replica_set_changes() {
    let v = json(&argv("move --strategy rendezvous --nodes n1,n2,n3,n4,n5 --to n1,n2,n3,n4,n5,n6 --replicas 3 --json"));
    let changed = v["replica_sets_changed_fraction"]
        .as_f64()
        .expect("a number");
    assert_eq!(format!("{:.2}", changed * 100.0), "50.04");
}

#[test]
fn lesson_prints_every_figure_of_the_lesson() {
    let text = stdout(&["lesson"]);
    assert_mentions(
        "partlab lesson",
        &text,
        &[
            "80.0 %",
            "83.3 %",
            "91.0 %",
            "49.7 %",
            "106.4 %",
            "35.7 %",
            "6.3 %",
            "4.6 %",
            "2.3 %",
            "19.2 %",
            "24.8 %",
            "inv-lle 70171",
            "inv-vlc 1468",
            "inv-bcn 32671, inv-gir 37988, inv-lle 29341",
            "inv-bcn 48242",
        ],
    );
}

#[test]
fn sweeps_answer_in_json() {
    let v = json(&argv(&format!(
        "sweep deviation --nodes {LESSON_NODES} --vnodes-list 1,150 --trials 4 --json"
    )));
    let points = v["points"].as_array().expect("points");
    assert_eq!(points.len(), 2);
    assert_eq!(points[1]["vnodes"], 150);
    let named = points[1]["named_deviation_pct"].as_f64().expect("a number");
    assert_eq!(format!("{named:.1}"), "6.3");
    let v = json(&argv(&format!(
        "sweep movement --nodes {LESSON_NODES} --sizes 4..5 --keys 20000 --json"
    )));
    let points = v["points"].as_array().expect("points");
    assert_eq!(points.len(), 2);
    assert_eq!(points[0]["moved"].as_array().map(Vec::len), Some(4));
}

#[test]
fn bad_arguments_get_one_line_on_stderr_and_exit_code_2() {
    let cases: &[&[&str]] = &[
        &["dist"],
        &["dist", "--nodes", ""],
        &["dist", "--nodes", "a,a"],
        &["dist", "--nodes", "a,b", "--weights", "a=0"],
        &["dist", "--nodes", "a,b", "--weights", "a=NaN"],
        &["dist", "--nodes", "a,b", "--weights", "a=-1"],
        &["dist", "--nodes", "a,b", "--weights", "c=2"],
        &["dist", "--nodes", "a,b", "--vnodes", "0"],
        &["dist", "--nodes", "a,b", "--vnodes", "1000000000"],
        &["dist", "--nodes", "a,b", "--keys", "100000000"],
        &["dist", "--nodes", "a,b", "--strategy", "chord"],
        &["move", "--nodes", "a,b", "--to", "a,b,c", "--replicas", "3"],
        &["frobnicate"],
        &["dist", "--nodes", "a", "--bogus", "1"],
        &["sweep", "sideways", "--nodes", "a"],
        &["locate", "--nodes", "a"],
    ];
    for args in cases {
        // One `partlab: …` line on stderr, nothing on stdout, exit code 2.
        refused(args);
    }
}

#[test]
fn locate_follows_a_key_to_its_owner() {
    let v = json(&argv(&format!(
        "locate P-2026-000001 --nodes {LESSON_NODES} --replicas 3 --json"
    )));
    assert_eq!(v["hash_hex"], "659d8a14f47e3b3b");
    assert_eq!(v["replicas"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["owner"], v["replicas"][0]);
}

#[test]
fn help_lists_the_commands_and_the_input_rules() {
    for args in [&[][..], &["help"], &["--help"]] {
        let text = stdout(args);
        let words = ["lesson", "dist", "move", "sweep", "locate", "help"];
        assert_mentions(&format!("{args:?}"), &text, &words);
    }
    let text = stdout(&["help", "dist"]);
    let rules = [
        "--key-file <PATH>",
        "whitespace-only lines are skipped",
        "leading or trailing space",
        "containing ',' or '='",
        "- rendezvous:",
    ];
    assert_mentions("dist help", &text, &rules);
}

#[test]
fn sweep_movement_takes_change_leave() {
    let v = json(&argv(&format!(
        "sweep movement --nodes {LESSON_NODES} --sizes 3..4 --change leave --keys 20000 --json"
    )));
    assert_eq!(v["change"], "leave");
    let points = v["points"].as_array().expect("points");
    assert_eq!(points.len(), 2);
    assert_eq!(points[0]["nodes_before"], 3);
    assert_eq!(points[0]["nodes_after"], 2);
    // Each strategy is measured against its own leaver's keys: none moves less than its
    // ideal (before, the ring's leaver share made rendezvous and jump look below the minimum).
    for p in points {
        // The point's ideal is still there for the readers of the old key.
        assert!(p["ideal_fraction"].as_f64().is_some());
        for m in p["moved"].as_array().expect("moved") {
            let moved = m["moved_fraction"].as_f64().expect("moved_fraction");
            let ideal = m["ideal_fraction"].as_f64().expect("ideal_fraction");
            assert!(moved + 1e-12 >= ideal, "{m}");
            if m["strategy"] == "rendezvous" || m["strategy"] == "jump" {
                // They move exactly the leaver's keys.
                assert!((moved - ideal).abs() < 1e-12, "{m}");
            }
        }
    }
    // The table shows each strategy's moved / ideal pair.
    let text = stdout(&argv(&format!(
        "sweep movement --nodes {LESSON_NODES} --sizes 3..3 --change leave --keys 20000"
    )));
    assert!(text.contains("keys moved / ideal"), "{text}");
    assert_eq!(text.matches(" / ").count(), 1 + 4, "{text}");
}

#[test]
fn a_weighted_node_can_leave_without_to_weights() {
    let v = json(&argv(
        "move --nodes a,b,c --weights a=2,c=3 --to a,b --keys 6000 --json",
    ));
    assert_eq!(v["to"], serde_json::json!(["a", "b"]));
    // Every key that moves comes from the node that left.
    let flow = v["flow"].as_array().expect("flow is a list");
    assert!(!flow.is_empty() && flow.iter().all(|f| f["from"] == "c"));
    let err = refused(&argv("move --nodes a,b,c --to a,b --to-weights c=3"));
    assert!(
        err.contains("--to-weights names \"c\", which is not in --to"),
        "{err}"
    );
}

#[test]
fn the_dist_table_lines_up_whatever_the_name_lengths() {
    for nodes in ["a,b", "inv-bcn,a-much-longer-node-name"] {
        let text = stdout(&["dist", "--nodes", nodes, "--keys", "1000"]);
        let lines: Vec<&str> = text.lines().collect();
        let header = lines[1];
        let keys_end = header.find("keys").expect("a keys column") + "keys".len();
        let share_end = header.find("share").expect("a share column") + "share".len();
        for line in &lines[2..lines.len() - 1] {
            let chars: Vec<char> = line.chars().collect();
            assert!(chars[keys_end - 1].is_ascii_digit(), "{nodes}:\n{text}");
            assert_eq!(chars[share_end - 1], '%', "{nodes}:\n{text}");
        }
    }
}
