//! The commands of the study chapters (sections 1–4 and 10) and of the KM0 workload they
//! share: `partlab workload`, `partlab hash-keys`, …; and, at the end, sections 8 and 9
//! (`partlab rebalancing`, `partlab routing`, which do not use the workload) and `partlab slot`.
//!
//! A chapter command turns its options into the chapter's URL fields, reads them strictly
//! (any problem is bad input: exit 2, one line), runs the chapter's background work to the end,
//! and prints every table and figure of its panels: the same numbers the page shows, in
//! English, or with `--json` one object with plain numbers.

use std::io::Write;

use clap::Args;
use partlab_km0::workload::{Workload, WorkloadSpec, PRODUCERS};
use partlab_lab::chapters::ChapterId;
use partlab_lab::study::fields::StudyIssue;
use partlab_lab::study::view::{Block, DataTable, Panel};
use partlab_lab::study::{self, Study};
use serde_json::{json, Value};

use crate::args::Output;
use crate::text::shown;
use crate::CliError;

/// The workload's options, shared by every study command.
#[derive(Debug, Args)]
pub(crate) struct WorkloadOptions {
    /// The simulation's seed (0 to 999 999 999): the same seed, the same orders.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Orders on each campaign day (1 000 to 100 000) [default: 40000].
    #[arg(long, value_name = "N")]
    pub orders_per_day: Option<u64>,
    /// Campaign days from 2026-09-14 (1 to 21; at most 1 000 000 orders in all) [default: 7].
    #[arg(long, value_name = "D")]
    pub days: Option<u64>,
}

impl WorkloadOptions {
    fn fields(&self, out: &mut Vec<(&'static str, String)>) {
        push(out, "seed", self.seed);
        push(out, "o", self.orders_per_day);
        push(out, "d", self.days);
    }
}

fn push(out: &mut Vec<(&'static str, String)>, field: &'static str, v: Option<u64>) {
    if let Some(v) = v {
        out.push((field, v.to_string()));
    }
}

/// `partlab workload`.
#[derive(Debug, Args)]
pub(crate) struct WorkloadArgs {
    /// The workload.
    #[command(flatten)]
    pub workload: WorkloadOptions,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab hash-keys`.
#[derive(Debug, Args)]
pub(crate) struct HashKeysArgs {
    /// The workload.
    #[command(flatten)]
    pub workload: WorkloadOptions,
    /// Partitions (2 to 64) [default: 4].
    #[arg(long, value_name = "N")]
    pub partitions: Option<u64>,
    /// The first of the consecutive orders, by number (1 to 999 999) [default: 123].
    #[arg(long, value_name = "NUMBER")]
    pub from: Option<u64>,
    /// How many consecutive orders (1 to 64) [default: 4].
    #[arg(long, value_name = "N")]
    pub count: Option<u64>,
    /// The date query's first and last campaign day, 1-based and inclusive [default: 2..3].
    #[arg(long, value_name = "FROM..TO", value_parser = parse_days)]
    pub query_days: Option<(u64, u64)>,
    /// Days of growth simulated for the restaurant's partition (7 to 122) [default: 61].
    #[arg(long, value_name = "DAYS")]
    pub horizon: Option<u64>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab indexes`.
#[derive(Debug, Args)]
pub(crate) struct IndexesArgs {
    /// The workload.
    #[command(flatten)]
    pub workload: WorkloadOptions,
    /// Partitions (2 to 64) [default: 12].
    #[arg(long, value_name = "N")]
    pub partitions: Option<u64>,
    /// The market of "orders pending delivery in …": girona, lleida, tarragona or valencia
    /// [default: girona].
    #[arg(long, value_name = "MARKET")]
    pub market: Option<String>,
    /// Chance that a partition takes over 500 ms, per 10 000 (1 to 5000) [default: 100, 1 %].
    #[arg(long, value_name = "N")]
    pub slow: Option<u64>,
    /// The asynchronous index consumer's throughput, events per 1 000 s (100 to 1 000 000)
    /// [default: 100000, 100 a second].
    #[arg(long, value_name = "N")]
    pub rate: Option<u64>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab indexes`.
pub(crate) fn indexes(a: &IndexesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut fields = Vec::new();
    a.workload.fields(&mut fields);
    push(&mut fields, "n", a.partitions);
    if let Some(m) = &a.market {
        fields.push(("m", partlab_lab::state::encode(m)));
    }
    push(&mut fields, "slow", a.slow);
    push(&mut fields, "rate", a.rate);
    let s = open("indexes", ChapterId::Indexes, &fields)?;
    print_study(ChapterId::Indexes, s.as_ref(), a.output.json, out)
}

/// `partlab ranges`.
#[derive(Debug, Args)]
pub(crate) struct RangesArgs {
    /// The workload (the campaign).
    #[command(flatten)]
    pub workload: WorkloadOptions,
    /// Ordinary weeks before the campaign, at 10 000 orders a day (0 to 12) [default: 9].
    #[arg(long, value_name = "W")]
    pub weeks: Option<u64>,
    /// Partitions (2 to 32) [default: 10].
    #[arg(long, value_name = "N")]
    pub partitions: Option<u64>,
    /// The heat map's key: date or market-date [default: date].
    #[arg(long, value_name = "KEY")]
    pub key: Option<String>,
    /// The heat map's boundaries: fixed or adaptive (chosen from the data) [default: fixed].
    #[arg(long, value_name = "BOUNDS")]
    pub bounds: Option<String>,
    /// The heat map's time axis: days (every week) or hours (the campaign) [default: days].
    #[arg(long, value_name = "AXIS")]
    pub zoom: Option<String>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab ranges`.
pub(crate) fn ranges(a: &RangesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut fields = Vec::new();
    a.workload.fields(&mut fields);
    push(&mut fields, "wk", a.weeks);
    push(&mut fields, "n", a.partitions);
    for (field, v) in [("key", &a.key), ("b", &a.bounds), ("z", &a.zoom)] {
        if let Some(v) = v {
            fields.push((field, partlab_lab::state::encode(v)));
        }
    }
    let s = open("ranges", ChapterId::Ranges, &fields)?;
    print_study(ChapterId::Ranges, s.as_ref(), a.output.json, out)
}

/// `partlab choosing-keys`.
#[derive(Debug, Args)]
pub(crate) struct KeysArgs {
    /// The workload.
    #[command(flatten)]
    pub workload: WorkloadOptions,
    /// Partitions (4 to 64) [default: 16].
    #[arg(long, value_name = "N")]
    pub partitions: Option<u64>,
    /// Your key for the orders: data-creacio, comanda-id, client-date, client-month, mercat
    /// or productor-id.
    #[arg(long, value_name = "KEY")]
    pub order_key: Option<String>,
    /// Your key for the stock: producte-slug, productor-id or mercat.
    #[arg(long, value_name = "KEY")]
    pub stock_key: Option<String>,
    /// Your key for the vans' positions (exercise 2): van, van-day, day or market.
    #[arg(long, value_name = "KEY")]
    pub van_key: Option<String>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab choosing-keys`.
pub(crate) fn choosing_keys(a: &KeysArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut fields = Vec::new();
    a.workload.fields(&mut fields);
    push(&mut fields, "n", a.partitions);
    for (field, v) in [
        ("ok", &a.order_key),
        ("sk", &a.stock_key),
        ("vk", &a.van_key),
    ] {
        if let Some(v) = v {
            fields.push((field, partlab_lab::state::encode(v)));
        }
    }
    let s = open("choosing-keys", ChapterId::ChoosingKeys, &fields)?;
    print_study(ChapterId::ChoosingKeys, s.as_ref(), a.output.json, out)
}

/// `partlab replication`.
#[derive(Debug, Args)]
pub(crate) struct ReplicationArgs {
    /// The workload (partition sizes and writes).
    #[command(flatten)]
    pub workload: WorkloadOptions,
    /// Round-robin placement on this many nodes, one partition each (2 to 10) [default: the
    /// lesson's diagram: 4 nodes, P1–P4].
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Copies of each partition (1 to the nodes; at most 3 in the lesson's diagram)
    /// [default: 3].
    #[arg(long, value_name = "RF")]
    pub rf: Option<u64>,
    /// The node that fails: A, B, … [default: none].
    #[arg(long, value_name = "NODE")]
    pub fail: Option<String>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab replication`.
pub(crate) fn replication(a: &ReplicationArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut fields = Vec::new();
    a.workload.fields(&mut fields);
    if let Some(n) = a.nodes {
        fields.push(("lay", "spread".to_owned()));
        fields.push(("nodes", n.to_string()));
    }
    push(&mut fields, "rf", a.rf);
    if let Some(f) = &a.fail {
        fields.push(("fail", partlab_lab::state::encode(f)));
    }
    let s = open("replication", ChapterId::Replication, &fields)?;
    print_study(ChapterId::Replication, s.as_ref(), a.output.json, out)
}

/// `partlab compare` (beyond the lesson).
#[derive(Debug, Args)]
pub(crate) struct CompareArgs {
    /// Nodes: the lesson's four, inv-tar, inv-6, … (2 to 10) [default: 4]; the next name
    /// joins and inv-vlc leaves.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Lesson keys P-2026-000001… (1 000 to 100 000) [default: 20000].
    #[arg(long, value_name = "K")]
    pub keys: Option<u64>,
    /// Maglev's table size, a prime at least the node count (up to 2 000 003)
    /// [default: 65537].
    #[arg(long, value_name = "M")]
    pub table_size: Option<u64>,
    /// Bounded loads' factor c = 1 + ε, 1.00 to 3.00 in steps of 0.01 [default: 1.25].
    #[arg(long, value_name = "C", value_parser = parse_centi)]
    pub load_factor: Option<u64>,
    /// Multi-probe's probes per key (1 to 100) [default: 21].
    #[arg(long, value_name = "K")]
    pub probes: Option<u64>,
    /// Renamed trials for the bands (1 to 16) [default: 8].
    #[arg(long, value_name = "T")]
    pub trials: Option<u64>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab compare`.
pub(crate) fn compare(a: &CompareArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut fields = Vec::new();
    push(&mut fields, "n", a.nodes);
    push(&mut fields, "k", a.keys);
    push(&mut fields, "m", a.table_size);
    push(&mut fields, "lf", a.load_factor);
    push(&mut fields, "probes", a.probes);
    push(&mut fields, "t", a.trials);
    let s = open("compare", ChapterId::Compare, &fields)?;
    print_study(ChapterId::Compare, s.as_ref(), a.output.json, out)
}

/// `partlab hot-keys` (beyond the lesson).
#[derive(Debug, Args)]
pub(crate) struct HotKeysArgs {
    /// Zipf exponent s, 0.00 to 3.00 in steps of 0.01 [default: 1.00].
    #[arg(long, value_name = "S", value_parser = parse_centi)]
    pub exponent: Option<u64>,
    /// Keys: the KM0 catalogue's product slugs, then producte-100, … (10 to 100 000)
    /// [default: 1000].
    #[arg(long, value_name = "K")]
    pub keys: Option<u64>,
    /// The cheese-fair week: formatge-curat gets 6 % of the requests on top.
    #[arg(long)]
    pub festival: bool,
    /// The most popular keys behind a cache (0 to 1 000) [default: 0].
    #[arg(long, value_name = "N")]
    pub cache: Option<u64>,
    /// Share of their reads the cache absorbs, % (0 to 100) [default: 90].
    #[arg(long, value_name = "PCT")]
    pub hit: Option<u64>,
    /// Bounded loads' factor c, 1.00 to 3.00 in steps of 0.01 [default: 1.25].
    #[arg(long, value_name = "C", value_parser = parse_centi)]
    pub load_factor: Option<u64>,
    /// The request stream's seed (0 to 999 999 999) [default: 2026].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab hot-keys`.
pub(crate) fn hot_keys(a: &HotKeysArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut fields = Vec::new();
    push(&mut fields, "s", a.exponent);
    push(&mut fields, "keys", a.keys);
    if a.festival {
        fields.push(("fest", "on".to_owned()));
    }
    push(&mut fields, "cache", a.cache);
    push(&mut fields, "hit", a.hit);
    push(&mut fields, "lf", a.load_factor);
    push(&mut fields, "seed", a.seed);
    let s = open("hot-keys", ChapterId::HotKeys, &fields)?;
    print_study(ChapterId::HotKeys, s.as_ref(), a.output.json, out)
}

/// Parses a decimal with at most two decimals (`1.25`) into hundredths (`125`).
fn parse_centi(raw: &str) -> Result<u64, String> {
    let bad = || "expected a decimal number with at most two decimals, e.g. 1.25".to_owned();
    let (whole, frac) = raw.split_once('.').unwrap_or((raw, ""));
    let digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if whole.is_empty() || whole.len() > 6 || frac.len() > 2 || !digits(whole) || !digits(frac) {
        return Err(bad());
    }
    let w: u64 = whole.parse().map_err(|_| bad())?;
    let f: u64 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<2}").parse().map_err(|_| bad())?
    };
    Ok(w * 100 + f)
}

/// The option of a field of the chapters beyond the lesson (their field names overlap
/// the lesson chapters').
fn zoo_option_of(command: &str, field: &str) -> Option<&'static str> {
    Some(match (command, field) {
        ("compare", "n") => "--nodes",
        ("compare", "k") | ("hot-keys", "keys") => "--keys",
        ("compare", "m") => "--table-size",
        ("compare" | "hot-keys", "lf") => "--load-factor",
        ("compare", "probes") => "--probes",
        ("compare", "t") => "--trials",
        ("hot-keys", "s") => "--exponent",
        ("hot-keys", "cache") => "--cache",
        ("hot-keys", "hit") => "--hit",
        _ => return None,
    })
}

/// Parses `FROM..TO` (whole numbers).
fn parse_days(raw: &str) -> Result<(u64, u64), String> {
    let bad = || "expected FROM..TO, e.g. 2..3".to_owned();
    let (a, b) = raw.split_once("..").ok_or_else(bad)?;
    let num = |s: &str| {
        (!s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()))
            .then(|| s.parse::<u64>().ok())
            .flatten()
    };
    Ok((num(a).ok_or_else(bad)?, num(b).ok_or_else(bad)?))
}

/// The option that sets a chapter field, for messages.
fn option_of(field: &str) -> &str {
    match field {
        "seed" => "--seed",
        "o" => "--orders-per-day",
        "d" => "--days",
        "n" => "--partitions",
        "from" => "--from",
        "count" => "--count",
        "qf" | "qt" => "--query-days",
        "h" => "--horizon",
        "m" => "--market",
        "slow" => "--slow",
        "rate" => "--rate",
        "wk" => "--weeks",
        "key" => "--key",
        "b" => "--bounds",
        "z" => "--zoom",
        "ok" => "--order-key",
        "sk" => "--stock-key",
        "vk" => "--van-key",
        "nodes" => "--nodes",
        "rf" => "--rf",
        "fail" => "--fail",
        other => other,
    }
}

/// A chapter's issue as a command-line message, naming the option that sets the field.
fn issue_message(command: &str, issue: &StudyIssue) -> String {
    let option_of = |field: &str| -> String {
        match command {
            "rebalancing" | "routing" => option_of_8_9(field),
            _ => zoo_option_of(command, field).unwrap_or(option_of(field)),
        }
        .to_owned()
    };
    // Fields kept in hundredths (the load factor, the Zipf exponent), shown as decimals.
    let centi = |f: &str| {
        matches!(
            (command, f),
            ("compare" | "hot-keys", "lf") | ("hot-keys", "s")
        )
    };
    let text = match issue {
        StudyIssue::BadValue {
            field,
            value,
            range: Some((min, max)),
        } if centi(field) => format!(
            "{} {}: choose a number from {:.2} to {:.2}",
            option_of(field),
            value.parse::<f64>().map_or(shown(value).into_owned(), |v| format!("{:.2}", v / 100.0)),
            *min as f64 / 100.0,
            *max as f64 / 100.0
        ),
        StudyIssue::BadValue {
            field,
            value,
            range: Some((min, max)),
        } => format!(
            "{} {}: choose a whole number from {min} to {max}",
            option_of(field),
            shown(value)
        ),
        StudyIssue::TooManyOrders { days, orders, .. } => format!(
            "--days {days} with --orders-per-day {orders} is more than the {} orders a study generates",
            study::MAX_PAGE_ORDERS
        ),
        StudyIssue::BadValue {
            field,
            value,
            range: None,
        } => format!(
            "{} {}: not one of the values it takes",
            option_of(field),
            shown(value)
        ),
        other => study::issue_text(partlab_lab::state::Lang::En, other),
    };
    format!("{text} (see `partlab {command} --help`)")
}

/// Opens `chapter` from `fields`, strictly, and runs its background work to the end.
fn open(
    command: &str,
    chapter: ChapterId,
    fields: &[(&'static str, String)],
) -> Result<Box<dyn Study>, CliError> {
    let fragment: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let mut s =
        partlab_lab::contract::open_strict(chapter, &fragment.join("&")).map_err(|issues| {
            let first = issues
                .first()
                .map(|i| issue_message(command, i))
                .unwrap_or_else(|| format!("`{command}` is not a study chapter"));
            CliError::Usage(first)
        })?;
    while s.work() {}
    Ok(s)
}

/// `partlab hash-keys`.
pub(crate) fn hash_keys(a: &HashKeysArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut fields = Vec::new();
    a.workload.fields(&mut fields);
    push(&mut fields, "n", a.partitions);
    push(&mut fields, "from", a.from);
    push(&mut fields, "count", a.count);
    if let Some((qf, qt)) = a.query_days {
        fields.push(("qf", qf.to_string()));
        fields.push(("qt", qt.to_string()));
    }
    push(&mut fields, "h", a.horizon);
    let s = open("hash-keys", ChapterId::HashKeys, &fields)?;
    print_study(ChapterId::HashKeys, s.as_ref(), a.output.json, out)
}

/// Prints a chapter's panels: figures and tables.
fn print_study(
    chapter: ChapterId,
    s: &dyn Study,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let panels = s.panels();
    if json {
        let views: Vec<Value> = panels.iter().map(panel_json).collect();
        let v = json!({
            "chapter": chapter.slug(),
            "fields": s.fragment(false),
            "views": views,
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    writeln!(out, "partlab {}  ({})", chapter.slug(), s.fragment(false))?;
    for p in &panels {
        writeln!(out)?;
        writeln!(out, "== {} [{}]", p.title, p.view)?;
        for f in p.figures() {
            writeln!(out, "  {}: {}", shown(&f.label), shown(&f.text))?;
        }
        for t in p.tables() {
            print_table(t, out)?;
        }
        texts(&p.blocks, out)?;
    }
    Ok(())
}

fn texts(blocks: &[Block], out: &mut dyn Write) -> Result<(), CliError> {
    for b in blocks {
        match b {
            Block::Text(t) => writeln!(out, "  {}", shown(t))?,
            Block::Reveal { blocks, .. } => texts(blocks, out)?,
            _ => {}
        }
    }
    Ok(())
}

fn print_table(t: &DataTable, out: &mut dyn Write) -> Result<(), CliError> {
    let head: Vec<String> = t.head.iter().map(|h| shown(h).into_owned()).collect();
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| {
            r.cells
                .iter()
                .map(|c| shown(&c.text).into_owned())
                .collect()
        })
        .collect();
    let cols = head.len();
    let width = |i: usize| {
        rows.iter()
            .filter_map(|r| r.get(i))
            .chain(head.get(i))
            .map(|c| c.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..cols).map(width).collect();
    let line = |cells: &[String]| {
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let w = widths.get(i).copied().unwrap_or(0);
                if i == 0 {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
    };
    writeln!(out, "  -- {}", t.key)?;
    writeln!(out, "  {}", line(&head).trim_end())?;
    for r in &rows {
        writeln!(out, "  {}", line(r).trim_end())?;
    }
    Ok(())
}

fn table_json(t: &DataTable) -> Value {
    let rows: Vec<Value> = t
        .rows
        .iter()
        .map(|r| {
            let cells: Vec<Value> = r
                .cells
                .iter()
                .map(|c| c.value.map_or_else(|| json!(c.text), |v| json!(v)))
                .collect();
            let attrs: serde_json::Map<String, Value> = r
                .attrs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), json!(v)))
                .collect();
            json!({ "attrs": attrs, "cells": cells })
        })
        .collect();
    json!({ "key": t.key, "head": t.head, "rows": rows })
}

fn panel_json(p: &Panel) -> Value {
    let figures: Vec<Value> = p
        .figures()
        .iter()
        .map(|f| json!({ "key": f.key, "label": f.label, "value": f.value, "text": f.text }))
        .collect();
    let tables: Vec<Value> = p.tables().into_iter().map(table_json).collect();
    json!({ "view": p.view, "title": p.title, "figures": figures, "tables": tables })
}

/// `partlab workload`: the workload's documented figures, measured.
pub(crate) fn workload(a: &WorkloadArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut fields = Vec::new();
    a.workload.fields(&mut fields);
    // The same limits as the chapters: read through the lab's workload fields.
    let fragment: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let fragment = fragment.join("&");
    let mut f = partlab_lab::study::fields::Fields::new(&fragment);
    let mut wf = study::WorkloadFields::default();
    let mut issues = Vec::new();
    wf.read(&mut f, &mut issues);
    issues.extend(f.finish());
    if let Some(i) = issues.first() {
        return Err(CliError::Usage(issue_message("workload", i)));
    }
    let spec: WorkloadSpec = wf.spec();
    let w = Workload::generate(&spec).map_err(|e| CliError::Usage(e.to_string()))?;
    let s = w.summary();
    if a.output.json {
        let v = json!({
            "seed": spec.seed,
            "start": spec.start.to_string(),
            "days": spec.days,
            "orders_per_day": spec.orders_per_day,
            "fingerprint": format!("{:016x}", w.fingerprint()),
            "producers": PRODUCERS.iter().map(|p| p.slug).collect::<Vec<_>>(),
            "summary": s,
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    let pct = |x: f64| format!("{:.1} %", x * 100.0);
    writeln!(
        out,
        "KM0 workload: {} orders, {} days from {} at {} a day (seed {})",
        s.orders, spec.days, spec.start, spec.orders_per_day, spec.seed
    )?;
    writeln!(
        out,
        "markets:   Girona {}, Lleida {}, Tarragona {}, València {} (València / mean of the others: {:.2})",
        s.market_orders[0], s.market_orders[1], s.market_orders[2], s.market_orders[3], s.valencia_ratio
    )?;
    writeln!(
        out,
        "clients:   {} active; the busiest tenth place {} of the orders; median {} orders",
        s.active_clients,
        pct(s.top_tenth_share),
        s.median_client_orders
    )?;
    writeln!(
        out,
        "           restaurant-el-mercat {} orders (busiest regular client {}); anna {}",
        s.restaurant_orders, s.top_regular_orders, s.anna_orders
    )?;
    writeln!(
        out,
        "producers: Horta La Vega / Celler Roure Alt orders: {:.1}; Horta La Vega holds {} of the catalogue",
        s.big_small_ratio,
        pct(s.big_catalogue_share)
    )?;
    for (p, n) in PRODUCERS.iter().zip(&s.producer_orders) {
        writeln!(out, "           {:<26} {n:>8}", p.slug)?;
    }
    writeln!(
        out,
        "products:  busiest {} ({} orders); formatge-curat {:.0} a day in its fair, {:.0} on other days",
        s.top_product.0, s.top_product.1, s.fair_product_per_day.0, s.fair_product_per_day.1
    )?;
    writeln!(
        out,
        "hours:     busiest {} with {} orders; its busiest product: {}",
        w.epoch().format(s.peak_hour.0),
        s.peak_hour.1,
        s.peak_hour_top_product
    )?;
    writeln!(out, "fingerprint {:016x}", w.fingerprint())?;
    Ok(())
}

// ---- Sections 8 and 9: rebalancing, request routing, Redis slots ---------------------------

/// The option that sets a field of `rebalancing` or `routing`, for messages (their `n` is the
/// node count, not the partitions as in the other chapters).
fn option_of_8_9(field: &str) -> &str {
    match field {
        "n" => "--nodes",
        "fp" => "--partitions",
        "parts" => "--partitions",
        "w" => "--weight",
        "key" => "--key",
        "kind" => "--dynamic-keys",
        "ps" => "--presplit",
        "ret" => "--retention",
        "t" => "--step",
        "pn" => "--per-node",
        "cap" => "--cap",
        "mode" => "--mode",
        "load" => "--load",
        "to" => "--timeout",
        "sec" => "--second",
        "rps" => "--rps",
        "mig" => "--migrate-ms",
        "gos" => "--gossip-ms",
        "watch" => "--watch-ms",
        "cl" => "--clients",
        "ttl" => "--ttl",
        "die" => "--die",
        "lt" => "--lease-second",
        "p" => "--preset",
        other => option_of(other),
    }
}

fn push_text(out: &mut Vec<(&'static str, String)>, field: &'static str, v: &Option<String>) {
    if let Some(v) = v {
        out.push((field, partlab_lab::state::encode(v)));
    }
}

/// `partlab rebalancing`.
#[derive(Debug, Args)]
pub(crate) struct RebalancingArgs {
    /// A preset: lesson, redis, presplit, range, cascade or operator.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Nodes before the change (2 to 16) [default: 10].
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Partitions of the fixed scheme: 16, 64, 256, 1024 or 16384 (Redis Cluster's CRC16
    /// slots) [default: 1024].
    #[arg(long, value_name = "P")]
    pub partitions: Option<u64>,
    /// The joining node's weight, as a share of partitions (1 to 4) [default: 1].
    #[arg(long, value_name = "W")]
    pub weight: Option<u64>,
    /// The key looked up in Redis Cluster's slots [default: {user1000}.following].
    #[arg(long, value_name = "KEY")]
    pub key: Option<String>,
    /// Dynamic partitioning's keys: hash or range [default: hash].
    #[arg(long, value_name = "KIND")]
    pub dynamic_keys: Option<String>,
    /// Partitions before the first write, pre-splitting (1 to 64) [default: 1].
    #[arg(long, value_name = "N")]
    pub presplit: Option<u64>,
    /// Steps a record lives, 0 for ever (0 to 40) [default: 0].
    #[arg(long, value_name = "STEPS")]
    pub retention: Option<u64>,
    /// The dynamic timeline's step shown (1 to 40) [default: 40].
    #[arg(long, value_name = "STEP")]
    pub step: Option<u64>,
    /// Partitions per node in the proportional scheme (1 to 64) [default: 8].
    #[arg(long, value_name = "N")]
    pub per_node: Option<u64>,
    /// Rebalancing bandwidth cap in MB/s: 10, 25, 50, 100, 200 or 400 [default: 50].
    #[arg(long, value_name = "MBS")]
    pub cap: Option<u64>,
    /// Who moves a suspected node's partitions: auto or operator [default: auto].
    #[arg(long, value_name = "MODE")]
    pub mode: Option<String>,
    /// Each node's load, % of its capacity (20 to 90) [default: 60].
    #[arg(long, value_name = "PCT")]
    pub load: Option<u64>,
    /// The failure detector's threshold, × the normal latency (2 to 20) [default: 5].
    #[arg(long, value_name = "X")]
    pub timeout: Option<u64>,
    /// The cascade's second shown (0 to 90) [default: 90].
    #[arg(long, value_name = "S")]
    pub second: Option<u64>,
    /// Seed of the proportional scheme's random tokens (0 to 999 999 999) [default: 2026].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab rebalancing`.
pub(crate) fn rebalancing(a: &RebalancingArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut f = Vec::new();
    push_text(&mut f, "p", &a.preset);
    push(&mut f, "n", a.nodes);
    push(&mut f, "fp", a.partitions);
    push(&mut f, "w", a.weight);
    push_text(&mut f, "key", &a.key);
    push_text(&mut f, "kind", &a.dynamic_keys);
    push(&mut f, "ps", a.presplit);
    push(&mut f, "ret", a.retention);
    push(&mut f, "t", a.step);
    push(&mut f, "pn", a.per_node);
    push(&mut f, "cap", a.cap);
    push_text(&mut f, "mode", &a.mode);
    push(&mut f, "load", a.load);
    push(&mut f, "to", a.timeout);
    push(&mut f, "sec", a.second);
    push(&mut f, "seed", a.seed);
    let s = open("rebalancing", ChapterId::Rebalancing, &f)?;
    print_study(ChapterId::Rebalancing, s.as_ref(), a.output.json, out)
}

/// `partlab routing`.
#[derive(Debug, Args)]
pub(crate) struct RoutingArgs {
    /// A preset: lesson, slow-gossip, no-migration or short-ttl.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Nodes (3 to 16) [default: 6].
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Partitions (2 to 64) [default: 12].
    #[arg(long, value_name = "P")]
    pub partitions: Option<u64>,
    /// Requests a second: 20, 60, 120, 300 or 600 [default: 120].
    #[arg(long, value_name = "N")]
    pub rps: Option<u64>,
    /// How long the moving partition's keys take to migrate, ms: 0, 500, 1000, 2000 or 5000
    /// [default: 2000].
    #[arg(long, value_name = "MS")]
    pub migrate_ms: Option<u64>,
    /// A gossip round every MS: 200, 500, 1000, 2000 or 5000 [default: 1000].
    #[arg(long, value_name = "MS")]
    pub gossip_ms: Option<u64>,
    /// How late the router hears of the move, ms: 10, 50, 200 or 1000 [default: 50].
    #[arg(long, value_name = "MS")]
    pub watch_ms: Option<u64>,
    /// Clients with a cached map (1 to 64) [default: 8].
    #[arg(long, value_name = "N")]
    pub clients: Option<u64>,
    /// The second shown (0 to 19) [default: 5].
    #[arg(long, value_name = "S")]
    pub second: Option<u64>,
    /// The lease's TTL in seconds (1 to 60) [default: 15].
    #[arg(long, value_name = "S")]
    pub ttl: Option<u64>,
    /// The second the node dies (0 to 40) [default: 12].
    #[arg(long, value_name = "S")]
    pub die: Option<u64>,
    /// The lease timeline's second shown (0 to 59) [default: 30].
    #[arg(long, value_name = "S")]
    pub lease_second: Option<u64>,
    /// Seed of the request stream and of gossip's peers (0 to 999 999 999) [default: 2026].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// `partlab routing`.
pub(crate) fn routing(a: &RoutingArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut f = Vec::new();
    push_text(&mut f, "p", &a.preset);
    push(&mut f, "n", a.nodes);
    push(&mut f, "parts", a.partitions);
    push(&mut f, "rps", a.rps);
    push(&mut f, "mig", a.migrate_ms);
    push(&mut f, "gos", a.gossip_ms);
    push(&mut f, "watch", a.watch_ms);
    push(&mut f, "cl", a.clients);
    push(&mut f, "t", a.second);
    push(&mut f, "ttl", a.ttl);
    push(&mut f, "die", a.die);
    push(&mut f, "lt", a.lease_second);
    push(&mut f, "seed", a.seed);
    let s = open("routing", ChapterId::Routing, &f)?;
    print_study(ChapterId::Routing, s.as_ref(), a.output.json, out)
}

/// Most keys `partlab slot` takes at once.
const MAX_SLOT_KEYS: usize = 10_000;

/// `partlab slot`.
#[derive(Debug, Args)]
pub(crate) struct SlotArgs {
    /// The keys, e.g. {user1000}.following (1 to 1024 characters each, at most 10 000 keys).
    #[arg(value_name = "KEY", required = true, num_args = 1..)]
    pub keys: Vec<String>,
    /// Print a JSON list of objects with `key` and `slot` instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `partlab slot`: each key's Redis Cluster slot, `CRC16(hash tag) mod 16384`.
pub(crate) fn slot(a: &SlotArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use partlab_core::config::MAX_KEY_CHARS;
    use partlab_km0::rebalancing::{hash_tag, key_slot};
    let bad = |m: String| CliError::Usage(format!("{m} (see `partlab slot --help`)"));
    if a.keys.len() > MAX_SLOT_KEYS {
        return Err(bad(format!(
            "{} keys; `partlab slot` takes at most {MAX_SLOT_KEYS}",
            a.keys.len()
        )));
    }
    for (i, k) in a.keys.iter().enumerate() {
        let chars = k.chars().count();
        if chars == 0 {
            return Err(bad(format!("key {} is empty", i + 1)));
        }
        if chars > MAX_KEY_CHARS {
            return Err(bad(format!(
                "key {} has {chars} characters; a key has at most {MAX_KEY_CHARS}",
                i + 1
            )));
        }
    }
    if a.json {
        let list: Vec<Value> = a
            .keys
            .iter()
            .map(|k| json!({ "key": k, "slot": key_slot(k.as_bytes()) }))
            .collect();
        writeln!(out, "{}", Value::Array(list))?;
        return Ok(());
    }
    let width = a
        .keys
        .iter()
        .map(|k| shown(k).chars().count())
        .max()
        .unwrap_or(0)
        .max(3);
    writeln!(out, "{:<width$}  {:>5}  hashed", "key", "slot")?;
    for k in &a.keys {
        let tag = String::from_utf8_lossy(hash_tag(k.as_bytes())).into_owned();
        writeln!(
            out,
            "{:<width$}  {:>5}  {}",
            shown(k),
            key_slot(k.as_bytes()),
            shown(&tag)
        )?;
    }
    Ok(())
}
