//! The commands beyond the lesson: `partlab compare` and `partlab hot-keys` (issue #14).
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use serde_json::Value;

mod common;
use common::{argv, json, refused, stdout};

/// The cells of the row whose `data-key` is `key` in table `table` of view `view`.
fn row<'a>(v: &'a Value, view: &str, table: &str, key: &str) -> &'a Vec<Value> {
    v["views"]
        .as_array()
        .and_then(|vs| vs.iter().find(|x| x["view"] == view))
        .and_then(|x| x["tables"].as_array())
        .and_then(|ts| ts.iter().find(|t| t["key"] == table))
        .and_then(|t| t["rows"].as_array())
        .and_then(|rs| rs.iter().find(|r| r["attrs"]["key"] == key))
        .and_then(|r| r["cells"].as_array())
        .expect("the row exists")
}

#[test]
fn compare_reproduces_the_lessons_join_figures() {
    let v = json(&["compare", "--keys", "100000", "--trials", "1", "--json"]);
    assert_eq!(v["chapter"], "compare");
    // The lesson, section 5: 4 → 5 nodes with mod N moves 80.0 % of 100 000 keys; section 6:
    // inv-tar joining the 150-vnode ring moves 19.2 %.
    let modulo = row(&v, "table", "compare", "modulo");
    assert_eq!(
        format!("{:.1}", modulo[3].as_f64().expect("a number")),
        "80.0"
    );
    let ring = row(&v, "table", "compare", "ring");
    assert_eq!(
        format!("{:.1}", ring[3].as_f64().expect("a number")),
        "19.2"
    );
    // And removing inv-vlc moves 24.8 % (the lesson's figure), exactly its keys.
    assert_eq!(
        format!("{:.1}", ring[5].as_f64().expect("a number")),
        "24.8"
    );
    // Every strategy has its row, and the over-provisioning sweep every size.
    let rows = v["views"][0]["tables"][0]["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 8);
    let over = v["views"][2]["tables"][0]["rows"].as_array().expect("rows");
    assert_eq!(over.len(), 6);
}

#[test]
fn hot_keys_festival_caps_with_bounded_loads() {
    let v = json(&["hot-keys", "--festival", "--json"]);
    assert_eq!(v["chapter"], "hot-keys");
    let figures = v["views"][0]["figures"].as_array().expect("figures");
    let fig = |k: &str| {
        figures
            .iter()
            .find(|f| f["key"] == k)
            .and_then(|f| f["value"].as_f64())
            .expect("figure")
    };
    assert!(fig("hot-share") > 0.06);
    assert!(fig("bounded-peak") <= 1.25 / 5.0 + 1e-9);
    assert!(fig("ring-peak") > fig("bounded-peak"));
}

#[test]
fn maglev_table_prints_the_papers_table_1() {
    // Eisenbud et al. 2016, Table 1: M = 7, B0 (3, 4), B1 (0, 2), B2 (3, 1).
    let v = json(&argv("maglev-table --nodes B0,B1,B2 --table-size 7 --permutations 3:4,0:2,3:1 --remove B1 --json"));
    let names = |x: &Value| -> Vec<String> {
        x.as_array()
            .expect("a list")
            .iter()
            .map(|n| n.as_str().expect("a name").to_owned())
            .collect()
    };
    assert_eq!(
        names(&v["table"]),
        ["B1", "B0", "B1", "B0", "B2", "B2", "B0"]
    );
    assert_eq!(
        names(&v["after"]["table"]),
        ["B0", "B0", "B0", "B0", "B2", "B2", "B2"]
    );
    let changed = v["after"]["changed"].as_array().expect("a list");
    assert_eq!(changed.len(), 1);
    assert_eq!(changed[0]["entry"], 6);
}

/// The text says how many entries changed hands, then which: "6 (B0 → B2)" read as six.
#[test]
fn maglev_table_counts_the_entries_that_changed_hands_and_names_each() {
    let text = stdout(&argv(
        "maglev-table --nodes B0,B1,B2 --table-size 7 --permutations 3:4,0:2,3:1 --remove B1",
    ));
    let line = text
        .lines()
        .find(|l| l.starts_with("entries of the other backends that changed hands"))
        .expect("the line");
    assert_eq!(
        line,
        "entries of the other backends that changed hands: 1 (entry 6: B0 → B2)"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for line in [
        "compare --table-size 65536",
        "compare --nodes 0",
        "compare --load-factor abc",
        "compare --probes 1000",
        "hot-keys --exponent 9",
        "hot-keys --hit 101",
        "hot-keys --keys -3",
        "maglev-table --nodes a,b --table-size 8",
        "maglev-table --nodes a,b --table-size 2003",
        "maglev-table --nodes a,b --table-size 7 --permutations 1:0,2:3",
        "maglev-table --nodes a,b --table-size 7 --permutations x",
        "maglev-table --nodes a --table-size 7 --remove a",
    ] {
        // One `partlab: …` line on stderr, not a panic, nothing on stdout, exit code 2.
        refused(&argv(line));
    }
}

/// `--strategy maglev|bounded|multiprobe` with their parameters: `dist` gives the counts the
/// core gives for the same configuration, and `locate` names an owner.
#[test]
fn the_three_strategies_run_from_the_command_line() {
    use partlab_core::config::{Strategy, StrategyParams};
    use partlab_core::{assign, Config, KeySet};
    let nodes = "inv-bcn,inv-vlc,inv-gir,inv-lle";
    let keys = KeySet::lesson(20_000).expect("valid");
    for (name, extra, strategy, params) in [
        (
            "maglev",
            ["--table-size", "1009"],
            Strategy::Maglev,
            StrategyParams {
                table_size: 1009,
                ..StrategyParams::default()
            },
        ),
        (
            "bounded",
            ["--load-factor", "1.05"],
            Strategy::Bounded,
            StrategyParams {
                load_factor: 1.05,
                ..StrategyParams::default()
            },
        ),
        (
            "multiprobe",
            ["--probes", "5"],
            Strategy::MultiProbe,
            StrategyParams {
                probes: 5,
                ..StrategyParams::default()
            },
        ),
    ] {
        let v = json(&[
            "dist",
            "--nodes",
            nodes,
            "--strategy",
            name,
            extra[0],
            extra[1],
            "--keys",
            "20000",
            "--json",
        ]);
        let config = Config::new(strategy, nodes.split(',')).with_params(params);
        let a = assign(&keys, &config).expect("valid");
        let want: Vec<u64> = a.counts(4);
        let got: Vec<u64> = v["nodes"]
            .as_array()
            .expect("nodes")
            .iter()
            .map(|c| c["keys"].as_u64().expect("a count"))
            .collect();
        assert_eq!(v["strategy"], name);
        assert_eq!(got, want, "{name}");
        if name == "bounded" {
            let cap = (1.05f64 * 20_000.0 / 4.0).ceil() as u64;
            assert!(got.iter().all(|&c| c <= cap), "{got:?}");
        }
        let l = json(&argv(&format!(
            "locate P-2026-000042 --nodes {nodes} --strategy {name} --json"
        )));
        assert!(
            l["owner"].as_str().is_some_and(|o| nodes.contains(o)),
            "{l}"
        );
    }
}

/// The multi-probe figures the guide quotes (docs/src/chapters/compare.md), as the compare
/// chapter and `partlab compare` show them, so that they cannot go stale again (the guide
/// once gave the minimum of the band as its median).
#[test]
fn the_guides_multiprobe_figures_are_the_labs() {
    let v = json(&["compare", "--nodes", "10", "--keys", "50000", "--json"]);
    let median = |k: &str| {
        let cells = row(&v, "probes", "probes", k);
        format!("{:.3}", cells[2].as_f64().expect("a median"))
    };
    assert_eq!(median("21"), "1.092");
    assert_eq!(median("1"), "2.467");
    let guide = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/src/chapters/compare.md"),
    )
    .expect("the guide's page");
    for figure in ["1.092", "2.467"] {
        assert!(guide.contains(figure), "the guide lacks {figure}");
    }
}
