//! Speed of the partitioning core on the lesson's keys: prints a table of medians.
//!
//! Run with `cargo bench --bench core` (release profile with LTO). Figures are medians of
//! repeated runs; on a shared machine compare ratios rather than absolute times.

// A benchmark stops at the first surprise: the inputs are fixed and known to be valid.
#![allow(clippy::expect_used)]

mod support;

use std::hint::black_box;
use std::time::Duration;

use md5::{Digest, Md5};
use partlab_core::config::{Config, Node, Strategy};
use partlab_core::hash::{hash_key, lesson_key, lesson_key_into};
use partlab_core::keys::KeySet;
use partlab_core::lesson::NODES;
use partlab_core::ring_change::RingChange;
use partlab_core::stats::{Distribution, Movement};
use partlab_core::strategy::{Partitioner, RingBuilder, VnodeCache};
use partlab_core::sweep::{deviation_sweep, DEFAULT_TRIALS, DEFAULT_VNODE_COUNTS};

/// Median, minimum and 90th percentile of `runs` timings of `f`.
fn measure<T>(runs: usize, f: impl FnMut() -> T) -> (Duration, Duration, Duration) {
    let t = support::sorted_timings(runs, f);
    (t[t.len() / 2], t[0], t[(t.len() * 9 / 10).min(t.len() - 1)])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

struct Row {
    what: String,
    median: Duration,
    min: Duration,
    p90: Duration,
    target: Option<f64>,
}

fn main() {
    let mut rows: Vec<Row> = Vec::new();
    let mut add =
        |what: &str, (median, min, p90): (Duration, Duration, Duration), target: Option<f64>| {
            rows.push(Row {
                what: what.to_string(),
                median,
                min,
                p90,
                target,
            });
        };

    let strings: Vec<String> = (1..=100_000).map(lesson_key).collect();
    let bare = measure(21, || {
        strings.iter().fold(0u64, |acc, k| {
            let d = Md5::digest(k.as_bytes());
            acc ^ u64::from(d[0]) ^ (u64::from(d[7]) << 8)
        })
    });
    add("bare MD5 loop, 100 000 prebuilt keys", bare, None);
    let ours = measure(21, || {
        let mut buf = [0u8; 32];
        (1..=100_000u64).fold(0u64, |acc, n| acc ^ hash_key(lesson_key_into(n, &mut buf)))
    });
    add("Partlab: format + hash 100 000 lesson keys", ours, None);
    add(
        "KeySet::lesson(100 000): hash + sort",
        measure(11, || KeySet::lesson(100_000).map(|k| k.len())),
        None,
    );

    let keys = KeySet::lesson(100_000).expect("valid");
    let keys_1m = KeySet::lesson(1_000_000).expect("valid");
    let ring = Config::new(Strategy::Ring, NODES).with_vnodes(1000);
    let p = Partitioner::new(&ring).expect("valid");
    add(
        "ring 4 × 1000 vnodes: build the ring",
        measure(21, || Partitioner::new(&ring).is_ok()),
        None,
    );
    add(
        "ring 4 × 1000: assign 100 000 hashed keys",
        measure(51, || p.assign(&keys, 1).owners.len()),
        Some(1.0),
    );
    add(
        "ring 4 × 1000: assign 1 000 000 hashed keys",
        measure(21, || p.assign(&keys_1m, 1).owners.len()),
        Some(10.0),
    );
    add(
        "ring 4 × 1000: counts only, 100 000 keys",
        measure(51, || p.ring().map_or(0, |r| r.counts(&keys).len())),
        None,
    );

    let before = Config::new(Strategy::Ring, NODES);
    let mut five: Vec<&str> = NODES.to_vec();
    five.push("inv-tar");
    let after = Config::new(Strategy::Ring, five);
    let a = Partitioner::new(&before).expect("valid").assign(&keys, 1);
    let b = Partitioner::new(&after).expect("valid").assign(&keys, 1);
    add(
        "movement 4 → 5 nodes, 100 000 keys (compare + flow)",
        measure(51, || Movement::between(&before, &a, &after, &b).moved),
        Some(2.0),
    );
    // The lab's node join, leave and vnodes step at 1000 vnodes: assigning every key and
    // comparing, against deriving the new assignment from the previous one arc by arc.
    let join_before = Config::new(Strategy::Ring, NODES).with_vnodes(1000);
    let join_after = after.clone().with_vnodes(1000);
    let step_after = Config::new(Strategy::Ring, NODES).with_vnodes(700);
    for (what, x, y) in [
        ("join 4 → 5", &join_before, &join_after),
        ("leave 5 → 4", &join_after, &join_before),
        ("vnodes 1000 → 700", &join_before, &step_after),
    ] {
        let (px, py) = (
            Partitioner::new(x).expect("valid"),
            Partitioner::new(y).expect("valid"),
        );
        let ax = px.assign(&keys, 1);
        let counts = ax.counts(x.nodes.len());
        add(
            &format!("ring × 1000 {what}, 100 000 keys: assign all + compare"),
            measure(51, || {
                let ay = py.assign(&keys, 1);
                let counts = ay.counts(y.nodes.len());
                (counts.len(), Movement::between(x, &ax, y, &ay).moved)
            }),
            None,
        );
        let change = RingChange {
            keys: &keys,
            before_config: x,
            before: &px,
            before_assignment: &ax,
            before_counts: &counts,
            after_config: y,
            after: &py,
        };
        add(
            "  same, derived from the previous assignment",
            measure(51, || change.derive().map(|d| d.movement.moved)),
            None,
        );
    }
    add(
        "distribution statistics, 100 000 keys",
        measure(51, || Distribution::of(&before, &a).deviation_pct),
        None,
    );

    for s in [Strategy::Modulo, Strategy::Jump, Strategy::Rendezvous] {
        let c = Config::new(s, NODES);
        let q = Partitioner::new(&c).expect("valid");
        // Rendezvous hashes one score column per node the first time, then reuses it.
        black_box(q.assign(&keys, 1));
        add(
            &format!("{s}: assign 100 000 keys (4 nodes, warm)"),
            measure(21, || q.assign(&keys, 1).owners.len()),
            None,
        );
    }
    // The worst accepted configurations (the work budget) and what a slider step reuses.
    add(
        "KeySet::lesson(1 000 000): hash + sort",
        measure(5, || KeySet::lesson(1_000_000).map(|k| k.len())),
        None,
    );
    let names32: Vec<String> = (1..=32).map(|i| format!("n{i}")).collect();
    let mut big = Config::new(Strategy::Ring, names32.clone()).with_vnodes(1000);
    for n in &mut big.nodes {
        n.weight = 5.0;
    }
    add(
        "ring 32 × weight 5 × 1000 (160 000 points): build",
        measure(5, || Partitioner::new(&big).is_ok()),
        None,
    );
    let mut cache = VnodeCache::default();
    let _ = RingBuilder::new(&big).map(|b| b.finish(Some(&mut cache)));
    let mut stepped = big.clone();
    stepped.nodes[0].weight = 4.9;
    add(
        "  same after one weight step, vnode positions cached",
        measure(9, || {
            RingBuilder::new(&stepped).map(|b| b.finish(Some(&mut cache)).ring().is_some())
        }),
        None,
    );
    let pbig = Partitioner::new(&big.clone().with_replicas(8)).expect("valid");
    add(
        "  assign 1 000 000 keys, 8 copies (8 000 000)",
        measure(5, || pbig.assign(&keys_1m, 8).owners.len()),
        None,
    );
    let rv = Config::new(Strategy::Rendezvous, names32[..8].to_vec());
    let prv = Partitioner::new(&rv).expect("valid");
    add(
        "rendezvous 8 nodes × 1 000 000 keys (8 000 000 scores), cold cache",
        measure(3, || {
            keys_1m.clear_score_cache();
            prv.assign(&keys_1m, 1).owners.len()
        }),
        None,
    );

    let nodes: Vec<Node> = NODES.iter().map(|n| Node::new(*n)).collect();
    add(
        "deviation sweep: 11 vnode counts × 16 trials × 100 000 keys",
        measure(7, || {
            deviation_sweep(&keys, &nodes, &DEFAULT_VNODE_COUNTS, DEFAULT_TRIALS).map(|v| v.len())
        }),
        Some(150.0),
    );

    let bare_ms = ms(rows[0].median);
    println!("Partlab core benchmark (median of repeated runs; release build, LTO)");
    println!();
    println!(
        "| {:<62} | {:>10} | {:>9} | {:>9} | {:>10} |",
        "operation", "median ms", "min ms", "p90 ms", "target ms"
    );
    println!(
        "|{:-<64}|{:->12}|{:->11}|{:->11}|{:->12}|",
        "", "", "", "", ""
    );
    for r in &rows {
        let target = r.target.map_or("".to_string(), |t| {
            let ok = if ms(r.median) <= t { "ok" } else { "MISSED" };
            format!("≤ {t} {ok}")
        });
        println!(
            "| {:<62} | {:>10.3} | {:>9.3} | {:>9.3} | {:>10} |",
            r.what,
            ms(r.median),
            ms(r.min),
            ms(r.p90),
            target
        );
    }
    println!();
    println!(
        "hashing: Partlab / bare MD5 = {:.2}× (target ≤ 1.3×)",
        ms(rows[1].median) / bare_ms
    );
    println!("reference point: the lesson's Python assigns 100 000 keys on a 4 × 150 ring in about 83 ms here");
}
