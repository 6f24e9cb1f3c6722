//! `partlab`: the lab's partitioning core on the command line, for instructors and scripts.
//!
//! Run `partlab help` for the commands. With `--json` every command prints one JSON object on
//! stdout; bad arguments print one line on stderr and exit with code 2.

use std::collections::BTreeMap;
use std::fmt;
use std::process::ExitCode;

use partlab_core::config::{validate_weight, Config, ConfigError, Node, Strategy};
use partlab_core::keys::KeySet;
use partlab_core::lesson::{self, Scenario};
use partlab_core::stats::{Distribution, Movement};
use partlab_core::strategy::Partitioner;
use partlab_core::sweep::{self, Change};
use serde_json::{json, Value};

const USAGE: &str = "\
partlab: data partitioning and consistent hashing, on the lesson's keys

USAGE:
  partlab lesson [--json]
      The tables of the lesson (mod N, the ring with vnodes, rendezvous, exercises),
      recomputed, beside the figures the lesson prints.
  partlab dist  --nodes A,B,… [OPTIONS]
      Keys per node, deviation and peak-to-mean.
  partlab move  --nodes A,B,… --to A,B,…,E [OPTIONS]
      Fraction of keys that change owner, the ideal minimum and the from → to flow.
  partlab sweep deviation --nodes A,B,… [--vnodes-list 1,10,150] [--trials 16] [OPTIONS]
      Deviation against vnodes: min / median / max over renamed trials.
  partlab sweep movement --nodes A,B,… [--sizes 2..12] [--change join|leave] [OPTIONS]
      Fraction moved when a node joins or leaves, for every strategy.
  partlab locate KEY --nodes A,B,… [OPTIONS]
      Where one key goes: its hash, owner and replicas.

OPTIONS:
  --strategy ring|modulo|rendezvous|jump   (default ring)
  --vnodes N          vnodes per node of weight 1 (default 150; ring only)
  --weights A=2,B=0.5 node weights (default 1; ring and rendezvous)
  --to-weights A=2    weights after the change (move; default: the same as --weights)
  --replicas R        copies per key (default 1)
  --keys N            the lesson's order ids P-2026-000001 … (default 100000)
  --key-file PATH     one key per line instead of the lesson's ids
  --json              one JSON object on stdout
";

/// A command-line mistake, shown as one line on stderr.
#[derive(Debug)]
enum CliError {
    Usage(String),
    Config(ConfigError),
    Io(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) => write!(f, "{m} (see `partlab help`)"),
            CliError::Config(e) => write!(f, "{e}"),
            CliError::Io(m) => write!(f, "{m}"),
        }
    }
}

impl From<ConfigError> for CliError {
    fn from(e: ConfigError) -> Self {
        CliError::Config(e)
    }
}

fn usage(msg: impl Into<String>) -> CliError {
    CliError::Usage(msg.into())
}

/// Parsed options shared by the commands.
#[derive(Debug, Default)]
struct Options {
    positional: Vec<String>,
    values: BTreeMap<String, String>,
    json: bool,
}

const VALUE_OPTIONS: [&str; 12] = [
    "strategy",
    "nodes",
    "to",
    "vnodes",
    "weights",
    "to-weights",
    "replicas",
    "keys",
    "key-file",
    "vnodes-list",
    "trials",
    "sizes",
];

fn parse_options(args: &[String]) -> Result<Options, CliError> {
    let mut opts = Options::default();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        if arg == "--json" {
            opts.json = true;
        } else if let Some(name) = arg.strip_prefix("--") {
            let (name, inline) = match name.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (name, None),
            };
            if !VALUE_OPTIONS.contains(&name) {
                return Err(usage(format!("unknown option --{name}")));
            }
            let value = match inline {
                Some(v) => v,
                None => {
                    i += 1;
                    args.get(i)
                        .cloned()
                        .ok_or_else(|| usage(format!("--{name} needs a value")))?
                }
            };
            if opts.values.insert(name.to_string(), value).is_some() {
                return Err(usage(format!("--{name} is given twice")));
            }
        } else {
            opts.positional.push(arg.clone());
        }
        i += 1;
    }
    Ok(opts)
}

impl Options {
    fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, CliError> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => v
                .trim()
                .replace('_', "")
                .parse()
                .map_err(|_| usage(format!("--{name} expects a whole number, got \"{v}\""))),
        }
    }

    fn strategy(&self) -> Result<Strategy, CliError> {
        Ok(self.get("strategy").unwrap_or("ring").parse()?)
    }

    fn node_list(&self, name: &str) -> Result<Vec<String>, CliError> {
        let raw = self.get(name).ok_or_else(|| {
            usage(format!(
                "--{name} is required, e.g. --{name} inv-bcn,inv-vlc"
            ))
        })?;
        Ok(raw.split(',').map(|s| s.trim().to_string()).collect())
    }

    fn weights(&self, name: &str) -> Result<BTreeMap<String, f64>, CliError> {
        let mut out = BTreeMap::new();
        let Some(raw) = self.get(name) else {
            return Ok(out);
        };
        for part in raw.split(',').filter(|p| !p.trim().is_empty()) {
            let (node, w) = part.split_once('=').ok_or_else(|| {
                usage(format!(
                    "--{name} expects NODE=WEIGHT pairs, got \"{part}\""
                ))
            })?;
            let node = node.trim().to_string();
            let weight: f64 = w
                .trim()
                .parse()
                .map_err(|_| usage(format!("the weight of \"{node}\" is not a number: \"{w}\"")))?;
            validate_weight(&node, weight)?;
            out.insert(node, weight);
        }
        Ok(out)
    }

    /// The configuration named by `nodes_option`, with weights from `weights_option`.
    fn config(&self, nodes_option: &str, weights_option: &str) -> Result<Config, CliError> {
        let names = self.node_list(nodes_option)?;
        let weights = self.weights(weights_option)?;
        if let Some(unknown) = weights.keys().find(|w| !names.contains(w)) {
            return Err(usage(format!(
                "--{weights_option} names \"{unknown}\", which is not in --{nodes_option}"
            )));
        }
        let config = Config {
            strategy: self.strategy()?,
            nodes: names
                .into_iter()
                .map(|n| {
                    let w = weights.get(&n).copied().unwrap_or(1.0);
                    Node::weighted(n, w)
                })
                .collect(),
            vnodes: self.number("vnodes", 150)?,
            replicas: self.number("replicas", 1)?,
        };
        config.validate()?;
        Ok(config)
    }

    fn keys(&self) -> Result<KeySet, CliError> {
        if let Some(path) = self.get("key-file") {
            if self.get("keys").is_some() {
                return Err(usage("use either --keys or --key-file, not both"));
            }
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::Io(format!("cannot read key file {path}: {e}")))?;
            let keys: Vec<String> = text
                .lines()
                .map(|l| l.trim_end_matches('\r').to_string())
                .filter(|l| !l.is_empty())
                .collect();
            return Ok(KeySet::custom(keys)?);
        }
        let count: u64 = self.number("keys", lesson::KEY_COUNT as u64)?;
        let count = usize::try_from(count).map_err(|_| ConfigError::KeyCountOutOfRange {
            count,
            max: partlab_core::config::MAX_KEYS,
        })?;
        Ok(KeySet::lesson(count)?)
    }

    fn no_positional(&self) -> Result<(), CliError> {
        match self.positional.first() {
            Some(extra) => Err(usage(format!("unexpected argument \"{extra}\""))),
            None => Ok(()),
        }
    }
}

fn pct(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

fn distribution_json(config: &Config, d: &Distribution) -> Value {
    let counts: serde_json::Map<String, Value> = d
        .nodes
        .iter()
        .map(|n| (n.name.clone(), json!(n.keys)))
        .collect();
    json!({
        "strategy": config.strategy,
        "vnodes": config.vnodes,
        "replicas": config.replicas,
        "keys": d.total,
        "counts": counts,
        "deviation_pct": d.deviation_pct,
        "peak_to_mean": d.peak_to_mean,
        "nodes": d.nodes,
    })
}

fn print_distribution(config: &Config, d: &Distribution) {
    println!(
        "{} keys, strategy {}{}",
        d.total,
        config.strategy,
        if config.strategy.uses_vnodes() {
            format!(", {} vnodes per node", config.vnodes)
        } else {
            String::new()
        }
    );
    let width = d
        .nodes
        .iter()
        .map(|n| n.name.chars().count())
        .max()
        .unwrap_or(4);
    println!(
        "  {:<width$}  {:>9}  {:>7}  {:>8}",
        "node", "keys", "share", "expected"
    );
    for n in &d.nodes {
        println!(
            "  {:<width$}  {:>9}  {:>7}  {:>8}",
            n.name,
            n.keys,
            pct(n.share),
            pct(n.expected_share)
        );
    }
    println!(
        "deviation {:.1} %   peak-to-mean {:.3}",
        d.deviation_pct, d.peak_to_mean
    );
}

fn cmd_dist(opts: &Options) -> Result<(), CliError> {
    opts.no_positional()?;
    let config = opts.config("nodes", "weights")?;
    let keys = opts.keys()?;
    let assignment = Partitioner::new(&config)?.assign(&keys, config.replicas as usize);
    let d = Distribution::of(&config, &assignment);
    if opts.json {
        println!("{}", distribution_json(&config, &d));
    } else {
        print_distribution(&config, &d);
    }
    Ok(())
}

fn movement(keys: &KeySet, before: &Config, after: &Config) -> Result<Movement, CliError> {
    let a = Partitioner::new(before)?.assign(keys, before.replicas as usize);
    let b = Partitioner::new(after)?.assign(keys, after.replicas as usize);
    Ok(Movement::between(before, &a, after, &b))
}

fn cmd_move(opts: &Options) -> Result<(), CliError> {
    opts.no_positional()?;
    let before = opts.config("nodes", "weights")?;
    let after_weights = if opts.get("to-weights").is_some() {
        "to-weights"
    } else {
        "weights"
    };
    let after = opts.config("to", after_weights)?;
    let keys = opts.keys()?;
    let m = movement(&keys, &before, &after)?;
    if opts.json {
        println!(
            "{}",
            json!({
                "strategy": before.strategy,
                "from": before.node_names(),
                "to": after.node_names(),
                "keys": m.total,
                "moved": m.moved,
                "moved_fraction": m.moved_fraction,
                "ideal_fraction": m.ideal_fraction,
                "replica_sets_changed_fraction": m.replica_sets_changed_fraction,
                "flow": m.flow,
            })
        );
        return Ok(());
    }
    println!(
        "{} → {} nodes ({}): {} of {} keys move = {} (ideal {})",
        before.nodes.len(),
        after.nodes.len(),
        before.strategy,
        m.moved,
        m.total,
        pct(m.moved_fraction),
        pct(m.ideal_fraction)
    );
    if let Some(r) = m.replica_sets_changed_fraction {
        println!("replica sets changed: {}", pct(r));
    }
    for f in &m.flow {
        println!("  {} → {}: {}", f.from, f.to, f.keys);
    }
    Ok(())
}

fn parse_list<T: std::str::FromStr>(raw: &str, what: &str) -> Result<Vec<T>, CliError> {
    raw.split(',')
        .map(|p| {
            p.trim().parse().map_err(|_| {
                usage(format!(
                    "{what} expects comma-separated whole numbers, got \"{p}\""
                ))
            })
        })
        .collect()
}

fn parse_sizes(raw: &str) -> Result<Vec<usize>, CliError> {
    let bad = || {
        usage(format!(
            "--sizes expects FROM..TO (e.g. 2..12), got \"{raw}\""
        ))
    };
    let (from, to) = raw.split_once("..").ok_or_else(bad)?;
    let from: usize = from.trim().parse().map_err(|_| bad())?;
    let to: usize = to.trim().parse().map_err(|_| bad())?;
    if from > to || to > 64 {
        return Err(usage("--sizes must go up, and at most to 64 nodes"));
    }
    Ok((from..=to).collect())
}

fn cmd_sweep(opts: &Options) -> Result<(), CliError> {
    let kind = opts
        .positional
        .first()
        .ok_or_else(|| usage("sweep needs a kind: deviation or movement"))?;
    if let Some(extra) = opts.positional.get(1) {
        return Err(usage(format!("unexpected argument \"{extra}\"")));
    }
    let keys = opts.keys()?;
    match kind.as_str() {
        "deviation" => {
            let config = opts.config("nodes", "weights")?;
            let counts: Vec<u32> = match opts.get("vnodes-list") {
                Some(raw) => parse_list(raw, "--vnodes-list")?,
                None => sweep::DEFAULT_VNODE_COUNTS.to_vec(),
            };
            let trials: u32 = opts.number("trials", sweep::DEFAULT_TRIALS)?;
            if trials == 0 || trials > 256 {
                return Err(usage("--trials must be between 1 and 256"));
            }
            let points = sweep::deviation_sweep(&keys, &config.nodes, &counts, trials)?;
            if opts.json {
                println!(
                    "{}",
                    json!({ "kind": "deviation", "trials": trials, "points": points })
                );
            } else {
                println!(
                    "deviation (%) against vnodes, {trials} trials, {} keys",
                    keys.len()
                );
                println!(
                    "  {:>6}  {:>7}  {:>7}  {:>7}  {:>7}",
                    "vnodes", "min", "median", "max", "named"
                );
                for p in &points {
                    println!(
                        "  {:>6}  {:>7.1}  {:>7.1}  {:>7.1}  {:>7.1}",
                        p.vnodes,
                        p.deviation_pct.min,
                        p.deviation_pct.median,
                        p.deviation_pct.max,
                        p.named_deviation_pct
                    );
                }
            }
        }
        "movement" => {
            let names = opts.node_list("nodes")?;
            let vnodes: u32 = opts.number("vnodes", 150)?;
            let change = match opts.get("change").unwrap_or("join") {
                "join" => Change::Join,
                "leave" => Change::Leave,
                other => return Err(usage(format!("--change is join or leave, not \"{other}\""))),
            };
            let sizes = match opts.get("sizes") {
                Some(raw) => parse_sizes(raw)?,
                None => (2..=12).collect(),
            };
            let points = sweep::movement_sweep(&keys, &names, sizes, change, vnodes)?;
            if opts.json {
                println!(
                    "{}",
                    json!({ "kind": "movement", "change": change, "points": points })
                );
            } else {
                print!("  {:>3} → {:<3}  {:>7}", "N", "N'", "ideal");
                for s in Strategy::ALL {
                    print!("  {:>10}", s.name());
                }
                println!();
                for p in &points {
                    print!(
                        "  {:>3} → {:<3}  {:>7}",
                        p.nodes_before,
                        p.nodes_after,
                        pct(p.ideal_fraction)
                    );
                    for m in &p.moved {
                        print!("  {:>10}", pct(m.moved_fraction));
                    }
                    println!();
                }
            }
        }
        other => {
            return Err(usage(format!(
                "unknown sweep \"{other}\": use deviation or movement"
            )))
        }
    }
    Ok(())
}

fn cmd_locate(opts: &Options) -> Result<(), CliError> {
    let key = match opts.positional.as_slice() {
        [key] => key,
        [] => {
            return Err(usage(
                "locate needs a key, e.g. partlab locate P-2026-000123 --nodes …",
            ))
        }
        [_, extra, ..] => return Err(usage(format!("unexpected argument \"{extra}\""))),
    };
    let config = opts.config("nodes", "weights")?;
    let p = Partitioner::new(&config)?;
    let placed = p.place(key, config.replicas as usize);
    let names: Vec<&str> = placed
        .nodes
        .iter()
        .map(|&i| config.nodes[i as usize].name.as_str())
        .collect();
    let angle = partlab_core::hash::angle_deg(placed.hash);
    if opts.json {
        println!(
            "{}",
            json!({
                "key": key,
                "hash": placed.hash.to_string(),
                "hash_hex": format!("{:016x}", placed.hash),
                "angle_deg": angle,
                "owner": names.first(),
                "replicas": names,
            })
        );
    } else {
        println!("key      {key}");
        println!("hash     0x{:016x} = {}", placed.hash, placed.hash);
        println!("angle    {angle:.3}°");
        println!("owner    {}", names.first().copied().unwrap_or("-"));
        if names.len() > 1 {
            println!("replicas {}", names.join(", "));
        }
    }
    Ok(())
}

/// Recomputes one lesson scenario: its distribution and, for a change, its movement.
fn run_scenario(
    keys: &KeySet,
    s: &Scenario,
) -> Result<(Distribution, Option<(Movement, Distribution)>), CliError> {
    let a = Partitioner::new(&s.before)?.assign(keys, s.before.replicas as usize);
    let d = Distribution::of(&s.before, &a);
    let change = match &s.after {
        Some(after) => {
            let b = Partitioner::new(after)?.assign(keys, after.replicas as usize);
            Some((
                Movement::between(&s.before, &a, after, &b),
                Distribution::of(after, &b),
            ))
        }
        None => None,
    };
    Ok((d, change))
}

fn lesson_says(x: Option<f64>) -> String {
    x.map(|v| format!("   (lesson: {v:.1} %)"))
        .unwrap_or_default()
}

fn counts_text(d: &Distribution) -> String {
    d.nodes
        .iter()
        .map(|n| format!("{} {}", n.name, n.keys))
        .collect::<Vec<_>>()
        .join(", ")
}

fn cmd_lesson(opts: &Options) -> Result<(), CliError> {
    opts.no_positional()?;
    let keys = KeySet::lesson(lesson::KEY_COUNT)?;
    let scenarios = lesson::scenarios();
    let mut results = Vec::new();
    for s in scenarios {
        results.push((s, run_scenario(&keys, s)?));
    }
    if opts.json {
        let list: Vec<Value> = results
            .iter()
            .map(|(s, (d, change))| {
                json!({
                    "id": s.id,
                    "section": s.section,
                    "config": s.before,
                    "after": s.after,
                    "counts": d.nodes.iter().map(|n| (n.name.clone(), json!(n.keys))).collect::<serde_json::Map<_, _>>(),
                    "deviation_pct": d.deviation_pct,
                    "moved_fraction": change.as_ref().map(|(m, _)| m.moved_fraction),
                    "ideal_fraction": change.as_ref().map(|(m, _)| m.ideal_fraction),
                    "replica_sets_changed_fraction": change.as_ref().and_then(|(m, _)| m.replica_sets_changed_fraction),
                    "lesson": s.printed,
                })
            })
            .collect();
        println!("{}", json!({ "keys": keys.len(), "scenarios": list }));
        return Ok(());
    }
    println!(
        "The lesson's tables, recomputed on its {} order ids (P-2026-000001 …)",
        keys.len()
    );
    let mut section = None;
    for (s, (d, change)) in &results {
        if section != Some(s.section) {
            section = Some(s.section);
            println!();
            println!("{}", section_title(&s.section.code()));
        }
        match (s.id, change) {
            (id, Some((m, _))) if id.starts_with("mod-") => println!(
                "  {:>2} → {:>2} nodes: {:>5} of the keys move{}",
                s.before.nodes.len(),
                s.after.as_ref().map_or(0, |a| a.nodes.len()),
                pct(m.moved_fraction),
                lesson_says(s.printed.moved_pct)
            ),
            ("ring-join", Some((m, _))) => println!(
                "  {} joins (4 → 5): {} move, ideal {}{}",
                lesson::JOINING_NODE,
                pct(m.moved_fraction),
                pct(m.ideal_fraction),
                lesson_says(s.printed.moved_pct)
            ),
            ("ring-leave", Some((m, after))) => {
                println!(
                    "  {} leaves (4 → 3): {} move, ideal {}{}",
                    lesson::LEAVING_NODE,
                    pct(m.moved_fraction),
                    pct(m.ideal_fraction),
                    lesson_says(s.printed.moved_pct)
                );
                println!("    survivors: {}", counts_text(after));
                for f in &m.flow {
                    println!("    {} → {}: {}", f.from, f.to, f.keys);
                }
            }
            ("rendezvous", Some((m, _))) => {
                println!(
                    "  5 nodes, no vnodes: {}   deviation {:.2} %{}",
                    counts_text(d),
                    d.deviation_pct,
                    lesson_says(s.printed.deviation_pct)
                );
                println!(
                    "  a 6th node joins: primary moves for {}{}",
                    pct(m.moved_fraction),
                    lesson_says(s.printed.moved_pct)
                );
                if let Some(r) = m.replica_sets_changed_fraction {
                    println!(
                        "  3-replica sets that change: {}{}",
                        pct(r),
                        lesson_says(s.printed.replica_sets_changed_pct)
                    );
                }
            }
            ("rendezvous-join", Some((m, _))) => {
                println!(
                    "  4 nodes, no vnodes: {}   deviation {:.2} %",
                    counts_text(d),
                    d.deviation_pct
                );
                println!(
                    "  {} joins: {} move (ideal {}), all onto it",
                    lesson::JOINING_NODE,
                    pct(m.moved_fraction),
                    pct(m.ideal_fraction)
                );
            }
            ("ring-5-6", Some((m, _))) => println!(
                "  the ring (150 vnodes) for the same change: {} move",
                pct(m.moved_fraction)
            ),
            ("weighted", None) => println!(
                "  inv-bcn weight 2 ({} vnodes), inv-vlc and inv-gir weight 1: {}   inv-bcn share {}",
                s.before.vnodes_of(0),
                counts_text(d),
                pct(d.nodes[0].share)
            ),
            (_, _) => println!(
                "  vnodes={:>4}: {}   deviation {:.1} %{}",
                s.before.vnodes,
                counts_text(d),
                d.deviation_pct,
                lesson_says(s.printed.deviation_pct)
            ),
        }
    }
    Ok(())
}

fn section_title(section: &str) -> &'static str {
    match section {
        "5" => "Section 5: hash mod N, keys that move when N changes",
        "6" => "Section 6: the ring with virtual nodes (inv-bcn, inv-vlc, inv-gir, inv-lle)",
        "7" => "Section 7: rendezvous hashing",
        "ex1" => "Exercise 1: a weighted ring (150 vnodes × weight)",
        "ex3" => "Exercise 3: rendezvous with 3 replicas (n1 … n5, then n6 joins)",
        _ => "Other",
    }
}

fn run(args: &[String]) -> Result<(), CliError> {
    let Some((command, rest)) = args.split_first() else {
        return Err(usage("missing command"));
    };
    let opts = parse_options(rest)?;
    match command.as_str() {
        "lesson" => cmd_lesson(&opts),
        "dist" => cmd_dist(&opts),
        "move" => cmd_move(&opts),
        "sweep" => cmd_sweep(&opts),
        "locate" => cmd_locate(&opts),
        other => Err(usage(format!("unknown command \"{other}\""))),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || matches!(args[0].as_str(), "help" | "--help" | "-h") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("partlab: {e}");
            ExitCode::from(2)
        }
    }
}
