//! How a study chapter's panels are printed (its figures and tables, in English, or with
//! `--json` one object with plain numbers), the KM0 workload the chapters share (`partlab
//! workload`) and Redis Cluster's slots (`partlab slot`). The chapters' commands themselves
//! are made from their field tables in [`crate::chapter`].

use std::io::Write;

use clap::Args;
use partlab_km0::workload::{Workload, WorkloadSpec, PRODUCERS};
use partlab_lab::study::{self};
use serde_json::{json, Value};

use crate::args::Output;
use crate::text::{column_width, shown};
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
        return Err(CliError::Usage(crate::chapter::issue_message(
            "workload",
            &[study::SEED_FIELD, study::ORDERS_FIELD, study::DAYS_FIELD],
            &[],
            i,
        )));
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
    // A rate over no days is not 0: the campaign has no such day.
    let per_day = |x: Option<f64>| x.map_or_else(|| "n/a".to_owned(), |v| format!("{v:.0}"));
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
        "products:  busiest {} ({} orders); formatge-curat {} a day in its fair, {} on other days",
        s.top_product.0,
        s.top_product.1,
        per_day(s.fair_product_per_day.0),
        per_day(s.fair_product_per_day.1)
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
    let width = column_width(&a.keys, 3);
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
