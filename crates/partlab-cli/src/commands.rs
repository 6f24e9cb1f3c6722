//! The commands: each turns its parsed options into core calls and prints a table, or with
//! `--json` one JSON object (the fields the guide's docs/src/reference/command-line.md lists).
//!
//! Output goes to a `Write` passed in, never through `println!`, so that a closed pipe or a
//! full disk comes back as an error for `main` to report instead of a panic.

use std::io::Write;

use partlab_core::budget;
use partlab_core::config::{Config, ConfigError, Node, Strategy, StrategyParams, MAX_KEY_CHARS};
use partlab_core::keys::{KeySet, KeySetBuilder};
use partlab_core::lesson::{self, LessonPart, Scenario, ScenarioKind};
use partlab_core::stats::{Distribution, Movement};
use partlab_core::strategy::Partitioner;
use partlab_core::sweep::{self, Change};
use partlab_lab::i18n;
use partlab_lab::state::Lang;
use serde_json::{json, Value};

use crate::args::{
    DeviationArgs, DistArgs, KeysArg, LocateArgs, MoveArgs, MovementArgs, NodesArg, Placement,
};
use crate::cli::{Command, Sweep};
use crate::key_file;
use crate::text::shown;
use crate::CliError;

/// Vnodes per node of weight 1 when `--vnodes` is not given.
const DEFAULT_VNODES: u32 = 150;

/// Runs one parsed command.
pub(crate) fn run(command: Command, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Lesson { output } => lesson(output.json, out),
        Command::Dist(a) => dist(&a, out),
        Command::Move(a) => movement(&a, out),
        Command::Sweep {
            sweep: Sweep::Deviation(a),
        } => sweep_deviation(&a, out),
        Command::Sweep {
            sweep: Sweep::Movement(a),
        } => sweep_movement(&a, out),
        Command::Locate(a) => locate(&a, out),
        Command::Workload(a) => crate::study::workload(&a, out),
        Command::MaglevTable(a) => crate::zoo::maglev_table(&a, out),
        Command::Slot(a) => crate::study::slot(&a, out),
        Command::Import(a) => crate::import::import(&a, out),
        Command::Quiz(a) => crate::quiz::quiz(&a, out),
    }
}

/// A command-line mistake found after parsing, pointing at the command's help.
fn usage(command: &str, message: impl std::fmt::Display) -> CliError {
    CliError::Usage(format!("{message} (see `partlab {command} --help`)"))
}

/// A vnode count from the command line, which the core takes as `u32`.
fn vnodes_u32(vnodes: u64) -> Result<u32, ConfigError> {
    u32::try_from(vnodes).map_err(|_| ConfigError::VnodesOutOfRange {
        vnodes,
        max: partlab_core::config::MAX_VNODES_PER_NODE,
    })
}

/// One side of a configuration: its node names and weights, and the options they came from
/// (for messages).
struct Side<'a> {
    names: &'a [String],
    names_option: &'static str,
    weights: Vec<(String, f64)>,
    weights_option: &'static str,
}

impl<'a> Side<'a> {
    /// The side `--nodes` names, weighted by `--weights`: all of `dist` and `locate`, and
    /// the cluster before the change of `move`.
    fn nodes(nodes: &'a NodesArg, placement: &Placement) -> Self {
        Side {
            names: &nodes.nodes.0,
            names_option: "nodes",
            weights: placement.weights.clone().map(|w| w.0).unwrap_or_default(),
            weights_option: "weights",
        }
    }
}

/// The configuration of `side` under `placement`, validated by the core.
fn config(command: &str, placement: &Placement, side: Side<'_>) -> Result<Config, CliError> {
    let strategy = Strategy::from(placement.strategy);
    if placement.vnodes.is_some() && !strategy.uses_vnodes() {
        return Err(usage(
            command,
            format!(
                "--vnodes applies to the ring and bounded loads only; --strategy {strategy} has no virtual nodes"
            ),
        ));
    }
    if let Some((unknown, _)) = side.weights.iter().find(|(n, _)| !side.names.contains(n)) {
        return Err(usage(
            command,
            format!(
                "--{} names \"{unknown}\", which is not in --{}",
                side.weights_option, side.names_option
            ),
        ));
    }
    let weight_of = |name: &str| {
        side.weights
            .iter()
            .find(|(n, _)| n == name)
            .map_or(1.0, |&(_, w)| w)
    };
    let defaults = StrategyParams::default();
    for (given, name, owner) in [
        (
            placement.table_size.is_some(),
            "--table-size",
            Strategy::Maglev,
        ),
        (
            placement.load_factor.is_some(),
            "--load-factor",
            Strategy::Bounded,
        ),
        (placement.probes.is_some(), "--probes", Strategy::MultiProbe),
    ] {
        if given && strategy != owner {
            return Err(usage(
                command,
                format!("{name} applies to --strategy {owner} only, not to {strategy}"),
            ));
        }
    }
    let params = StrategyParams {
        table_size: placement.table_size.unwrap_or(defaults.table_size),
        load_factor: placement.load_factor.unwrap_or(defaults.load_factor),
        probes: placement.probes.unwrap_or(defaults.probes),
    };
    let config = Config {
        strategy,
        nodes: side
            .names
            .iter()
            .map(|n| Node::weighted(n.clone(), weight_of(n)))
            .collect(),
        vnodes: vnodes_u32(placement.vnodes.unwrap_or(u64::from(DEFAULT_VNODES)))?,
        replicas: placement.replicas,
        params,
    };
    config.validate()?;
    // Weights asked for on purpose must count: a strategy that gives every node the same
    // share refuses them rather than ignoring them without a word.
    if let Err(e) = config.check_weights_used() {
        return Err(usage(
            command,
            format!(
                "--{} does not apply to --strategy {strategy}: {}",
                side.weights_option,
                i18n::config_error(Lang::En, &e)
            ),
        ));
    }
    Ok(config)
}

/// The keys of an experiment before they are sorted: read from the key file (with their
/// texts, or as positions only), or the count of the lesson's ids. The work budget is checked
/// against their count before [`Keys::hash`].
enum Keys {
    Lesson(usize),
    File(Vec<String>),
    Positions(Vec<u64>),
}

impl Keys {
    fn count(&self) -> u64 {
        match self {
            Keys::Lesson(n) => *n as u64,
            Keys::File(list) => list.len() as u64,
            Keys::Positions(list) => list.len() as u64,
        }
    }

    fn hash(self) -> Result<KeySet, CliError> {
        Ok(match self {
            Keys::Lesson(n) => KeySet::lesson(n)?,
            Keys::File(list) => KeySet::custom(list)?,
            Keys::Positions(list) => KeySetBuilder::from_positions(list)?.finish(),
        })
    }
}

/// What an experiment needs of a key file's keys.
#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyUse {
    /// Their ring positions only (every strategy but rendezvous): the texts are dropped as
    /// the file is read, so memory stays within the README's figure at ten million keys.
    Positions,
    /// Their texts too: rendezvous scores hash each node's name with the key's text (its
    /// budget, nodes × keys, keeps such a file small).
    Texts,
}

impl KeyUse {
    /// What placing keys under `configs` needs.
    fn of(configs: &[&Config]) -> KeyUse {
        if configs.iter().any(|c| c.strategy == Strategy::Rendezvous) {
            KeyUse::Texts
        } else {
            KeyUse::Positions
        }
    }
}

/// The keys of an experiment: the key file's, or the lesson's first `--keys` ids.
fn keys(keys: &KeysArg, using: KeyUse) -> Result<Keys, CliError> {
    if let Some(path) = &keys.key_file {
        let error = |error| CliError::KeyFile {
            path: path.clone(),
            error,
        };
        return Ok(match using {
            KeyUse::Positions => Keys::Positions(key_file::read_positions(path).map_err(error)?),
            KeyUse::Texts => Keys::File(key_file::read(path).map_err(error)?),
        });
    }
    let count = keys.keys.unwrap_or(lesson::KEY_COUNT as u64);
    let count = usize::try_from(count)
        .ok()
        .filter(|&n| n > 0 && n <= partlab_core::config::MAX_KEYS)
        .ok_or(ConfigError::KeyCountOutOfRange {
            count,
            max: partlab_core::config::MAX_KEYS,
        })?;
    Ok(Keys::Lesson(count))
}

fn pct(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

fn counts_json(d: &Distribution) -> serde_json::Map<String, Value> {
    d.nodes
        .iter()
        .map(|n| (n.name.clone(), json!(n.keys)))
        .collect()
}

fn dist(a: &DistArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let config = config("dist", &a.placement, Side::nodes(&a.nodes, &a.placement))?;
    let keys = keys(&a.keys, KeyUse::of(&[&config]))?;
    budget::check_assignment(&config, keys.count())?;
    let keys = keys.hash()?;
    let assignment = Partitioner::new(&config)?.assign(&keys, config.replicas as usize);
    let d = Distribution::of(&config, &assignment);
    if a.output.json {
        let v = json!({
            "strategy": config.strategy,
            "vnodes": config.vnodes,
            "replicas": config.replicas,
            "keys": d.total,
            "counts": counts_json(&d),
            "deviation_pct": d.deviation_pct,
            "peak_to_mean": d.peak_to_mean,
            "busiest_to_mean": d.busiest_to_mean,
            "peak_to_share": d.peak_to_share,
            "nodes": d.nodes,
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    let vnodes = if config.strategy.uses_vnodes() {
        format!(", {} vnodes per node", config.vnodes)
    } else {
        String::new()
    };
    writeln!(
        out,
        "{} keys, strategy {}{vnodes}",
        d.total, config.strategy
    )?;
    let names: Vec<_> = d.nodes.iter().map(|n| shown(&n.name)).collect();
    // At least as wide as the "node" header, so the columns line up with short names.
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .fold("node".len(), usize::max);
    writeln!(
        out,
        "  {:<width$}  {:>9}  {:>7}  {:>8}",
        "node", "keys", "share", "expected"
    )?;
    for (n, name) in d.nodes.iter().zip(&names) {
        writeln!(
            out,
            "  {:<width$}  {:>9}  {:>7}  {:>8}",
            name,
            n.keys,
            pct(n.share),
            pct(n.expected_share)
        )?;
    }
    if d.busiest_to_mean == d.peak_to_share {
        writeln!(
            out,
            "deviation {:.1} %   peak-to-mean {:.3} (busiest node / mean)",
            d.deviation_pct, d.busiest_to_mean
        )?;
    } else {
        // With unequal weights the two differ; each says what it divides.
        writeln!(
            out,
            "deviation {:.1} % (against the weighted shares)   busiest / mean {:.3}   \
             peak-to-share {:.3} (most loaded node against its weighted share)",
            d.deviation_pct, d.busiest_to_mean, d.peak_to_share
        )?;
    }
    Ok(())
}

fn movement(a: &MoveArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let to = &a.to.0;
    let before_side = Side::nodes(&a.nodes, &a.placement);
    // Without --to-weights, every node that stays keeps its weight; a node that leaves takes
    // its weight with it.
    let after_side = match &a.to_weights {
        Some(w) => Side {
            names: to,
            names_option: "to",
            weights: w.0.clone(),
            weights_option: "to-weights",
        },
        None => Side {
            names: to,
            names_option: "to",
            weights: before_side
                .weights
                .iter()
                .filter(|(n, _)| to.contains(n))
                .cloned()
                .collect(),
            weights_option: "weights",
        },
    };
    let before = config("move", &a.placement, before_side)?;
    let after = config("move", &a.placement, after_side)?;
    let keys = keys(&a.keys, KeyUse::of(&[&before, &after]))?;
    budget::check_assignment(&before, keys.count())?;
    budget::check_assignment(&after, keys.count())?;
    let keys = keys.hash()?;
    let before_a = Partitioner::new(&before)?.assign(&keys, before.replicas as usize);
    let after_a = Partitioner::new(&after)?.assign(&keys, after.replicas as usize);
    let m = Movement::between(&before, &before_a, &after, &after_a);
    if a.output.json {
        let v = json!({
            "strategy": before.strategy,
            "from": before.node_names(),
            "to": after.node_names(),
            "keys": m.total,
            "moved": m.moved,
            "moved_fraction": m.moved_fraction,
            "ideal_fraction": m.ideal_fraction,
            "replica_sets_changed_fraction": m.replica_sets_changed_fraction,
            "flow": m.flow,
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    writeln!(
        out,
        "{} → {} nodes ({}): {} of {} keys move = {} (ideal {})",
        before.nodes.len(),
        after.nodes.len(),
        before.strategy,
        m.moved,
        m.total,
        pct(m.moved_fraction),
        pct(m.ideal_fraction)
    )?;
    if let Some(r) = m.replica_sets_changed_fraction {
        writeln!(out, "replica sets changed: {}", pct(r))?;
    }
    for f in &m.flow {
        writeln!(out, "  {} → {}: {}", shown(&f.from), shown(&f.to), f.keys)?;
    }
    Ok(())
}

fn sweep_deviation(a: &DeviationArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let names = &a.nodes.nodes.0;
    let weights = a.weights.clone().map(|w| w.0).unwrap_or_default();
    if let Some((unknown, _)) = weights.iter().find(|(n, _)| !names.contains(n)) {
        return Err(usage(
            "sweep deviation",
            format!("--weights names \"{unknown}\", which is not in --nodes"),
        ));
    }
    let nodes: Vec<Node> = names
        .iter()
        .map(|n| {
            let w = weights.iter().find(|(m, _)| m == n).map_or(1.0, |p| p.1);
            Node::weighted(n.clone(), w)
        })
        .collect();
    let counts: Vec<u32> = match &a.vnodes_list {
        Some(list) => list
            .0
            .iter()
            .map(|&v| vnodes_u32(v))
            .collect::<Result<_, _>>()?,
        None => sweep::DEFAULT_VNODE_COUNTS.to_vec(),
    };
    // Check names, weights and every count before the keys are built or hashed.
    for &vnodes in &counts {
        Config {
            strategy: Strategy::Ring,
            nodes: nodes.clone(),
            vnodes,
            replicas: 1,
            params: Default::default(),
        }
        .validate()?;
    }
    budget::check_deviation_sweep(&nodes, &counts, a.trials)?;
    // The ring alone: positions are enough.
    let keys = keys(&a.keys, KeyUse::Positions)?.hash()?;
    let points = sweep::deviation_sweep(&keys, &nodes, &counts, a.trials)?;
    if a.output.json {
        let v = json!({ "kind": "deviation", "trials": a.trials, "points": points });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    writeln!(
        out,
        "deviation (%) against vnodes, {} trials, {} keys",
        a.trials,
        keys.len()
    )?;
    writeln!(
        out,
        "  {:>6}  {:>7}  {:>7}  {:>7}  {:>7}",
        "vnodes", "min", "median", "max", "named"
    )?;
    for p in &points {
        writeln!(
            out,
            "  {:>6}  {:>7.1}  {:>7.1}  {:>7.1}  {:>7.1}",
            p.vnodes,
            p.deviation_pct.min,
            p.deviation_pct.median,
            p.deviation_pct.max,
            p.named_deviation_pct
        )?;
    }
    Ok(())
}

fn sweep_movement(a: &MovementArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let change = Change::from(a.change);
    if change == Change::Leave && a.sizes.from < 2 {
        return Err(usage(
            "sweep movement",
            "a node can only leave a cluster of at least 2 nodes: start --sizes at 2",
        ));
    }
    let names = &a.nodes.nodes.0;
    let vnodes = vnodes_u32(a.vnodes)?;
    // The given names are checked as one configuration before any key is hashed.
    Config::new(Strategy::Ring, names.clone())
        .with_vnodes(vnodes)
        .validate()?;
    // Every strategy, rendezvous included.
    let keys = keys(&a.keys, KeyUse::Texts)?;
    let largest = match change {
        Change::Join => a.sizes.to + 1,
        Change::Leave => a.sizes.to,
    };
    budget::check_movement_sweep(a.sizes.to + 1 - a.sizes.from, largest, keys.count())?;
    let keys = keys.hash()?;
    let sizes = a.sizes.from..=a.sizes.to;
    let points = sweep::movement_sweep(&keys, names, sizes, change, vnodes)?;
    if a.output.json {
        let v = json!({ "kind": "movement", "change": change, "points": points });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    if change == Change::Leave {
        // Each strategy gives the leaving node its own share, so each has its own ideal.
        writeln!(
            out,
            "keys moved / ideal (the keys the leaving node held under that strategy)"
        )?;
        write!(out, "  {:>3} → {:<3}", "N", "N'")?;
        for s in Strategy::LESSON {
            write!(out, "  {:>17}", s.name())?;
        }
        writeln!(out)?;
        for p in &points {
            write!(out, "  {:>3} → {:<3}", p.nodes_before, p.nodes_after)?;
            for m in &p.moved {
                let cell = format!("{} / {}", pct(m.moved_fraction), pct(m.ideal_fraction));
                write!(out, "  {cell:>17}")?;
            }
            writeln!(out)?;
        }
        return Ok(());
    }
    write!(out, "  {:>3} → {:<3}  {:>7}", "N", "N'", "ideal")?;
    for s in Strategy::LESSON {
        write!(out, "  {:>10}", s.name())?;
    }
    writeln!(out)?;
    for p in &points {
        write!(
            out,
            "  {:>3} → {:<3}  {:>7}",
            p.nodes_before,
            p.nodes_after,
            pct(p.ideal_fraction)
        )?;
        for m in &p.moved {
            write!(out, "  {:>10}", pct(m.moved_fraction))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

fn locate(a: &LocateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let key = a.key.as_str();
    if key.is_empty() {
        return Err(usage(
            "locate",
            "the key is empty; give one, e.g. partlab locate P-2026-000123 --nodes …",
        ));
    }
    let chars = key.chars().count();
    if chars > MAX_KEY_CHARS {
        return Err(usage(
            "locate",
            format!("the key has {chars} characters; a key has at most {MAX_KEY_CHARS}"),
        ));
    }
    let config = config("locate", &a.placement, Side::nodes(&a.nodes, &a.placement))?;
    let placed = Partitioner::new(&config)?.place(key, config.replicas as usize);
    let names: Vec<&str> = placed
        .nodes
        .iter()
        .filter_map(|&i| config.nodes.get(i as usize).map(|n| n.name.as_str()))
        .collect();
    let angle = partlab_core::hash::angle_deg(placed.hash);
    if a.output.json {
        let v = json!({
            "key": key,
            "hash": placed.hash.to_string(),
            "hash_hex": format!("{:016x}", placed.hash),
            "angle_deg": angle,
            "owner": names.first(),
            "replicas": names,
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    writeln!(out, "key      {}", shown(key))?;
    writeln!(out, "hash     0x{:016x} = {}", placed.hash, placed.hash)?;
    writeln!(out, "angle    {angle:.3}°")?;
    writeln!(
        out,
        "owner    {}",
        shown(names.first().copied().unwrap_or("-"))
    )?;
    if names.len() > 1 {
        writeln!(out, "replicas {}", shown(&names.join(", ")))?;
    }
    Ok(())
}

/// One lesson scenario's distribution and, for a change, its movement and the distribution
/// after it.
type ScenarioResult = (Distribution, Option<(Movement, Distribution)>);

/// Recomputes one lesson scenario.
fn run_scenario(keys: &KeySet, s: &Scenario) -> Result<ScenarioResult, CliError> {
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

fn lesson(json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let keys = KeySet::lesson(lesson::KEY_COUNT)?;
    let scenarios = lesson::scenarios();
    let mut results = Vec::new();
    for s in scenarios {
        results.push((s, run_scenario(&keys, s)?));
    }
    if json {
        let list: Vec<Value> = results
            .iter()
            .map(|(s, (d, change))| {
                json!({
                    "id": s.id,
                    "section": s.section,
                    "config": s.before,
                    "after": s.after,
                    "counts": counts_json(d),
                    "deviation_pct": d.deviation_pct,
                    "moved_fraction": change.as_ref().map(|(m, _)| m.moved_fraction),
                    "ideal_fraction": change.as_ref().map(|(m, _)| m.ideal_fraction),
                    "replica_sets_changed_fraction": change.as_ref().and_then(|(m, _)| m.replica_sets_changed_fraction),
                    "lesson": s.printed,
                })
            })
            .collect();
        writeln!(out, "{}", json!({ "keys": keys.len(), "scenarios": list }))?;
        return Ok(());
    }
    writeln!(
        out,
        "The lesson's tables, recomputed on its {} order ids (P-2026-000001 …)",
        keys.len()
    )?;
    let mut section = None;
    for (s, (d, change)) in &results {
        if section != Some(s.section) {
            section = Some(s.section);
            writeln!(out)?;
            writeln!(out, "{}", section_title(s.section))?;
        }
        match (s.kind, change) {
            (ScenarioKind::ModuloResize { .. }, Some((m, _))) => writeln!(
                out,
                "  {:>2} → {:>2} nodes: {:>5} of the keys move{}",
                s.before.nodes.len(),
                s.after.as_ref().map_or(0, |a| a.nodes.len()),
                pct(m.moved_fraction),
                lesson_says(s.printed.moved_pct)
            )?,
            (
                ScenarioKind::NodeJoins {
                    strategy: Strategy::Ring,
                },
                Some((m, _)),
            ) => writeln!(
                out,
                "  {} joins (4 → 5): {} move, ideal {}{}",
                lesson::JOINING_NODE,
                pct(m.moved_fraction),
                pct(m.ideal_fraction),
                lesson_says(s.printed.moved_pct)
            )?,
            (ScenarioKind::NodeLeaves, Some((m, after))) => {
                writeln!(
                    out,
                    "  {} leaves (4 → 3): {} move, ideal {}{}",
                    lesson::LEAVING_NODE,
                    pct(m.moved_fraction),
                    pct(m.ideal_fraction),
                    lesson_says(s.printed.moved_pct)
                )?;
                writeln!(out, "    survivors: {}", counts_text(after))?;
                for f in &m.flow {
                    writeln!(out, "    {} → {}: {}", f.from, f.to, f.keys)?;
                }
            }
            (
                ScenarioKind::Resize {
                    strategy: Strategy::Rendezvous,
                    ..
                },
                Some((m, _)),
            ) => {
                writeln!(
                    out,
                    "  5 nodes, no vnodes: {}   deviation {:.2} %{}",
                    counts_text(d),
                    d.deviation_pct,
                    lesson_says(s.printed.deviation_pct)
                )?;
                writeln!(
                    out,
                    "  a 6th node joins: primary moves for {}{}",
                    pct(m.moved_fraction),
                    lesson_says(s.printed.moved_pct)
                )?;
                if let Some(r) = m.replica_sets_changed_fraction {
                    writeln!(
                        out,
                        "  3-replica sets that change: {}{}",
                        pct(r),
                        lesson_says(s.printed.replica_sets_changed_pct)
                    )?;
                }
            }
            (ScenarioKind::NodeJoins { .. }, Some((m, _))) => {
                writeln!(
                    out,
                    "  4 nodes, no vnodes: {}   deviation {:.2} %",
                    counts_text(d),
                    d.deviation_pct
                )?;
                writeln!(
                    out,
                    "  {} joins: {} move (ideal {}), all onto it",
                    lesson::JOINING_NODE,
                    pct(m.moved_fraction),
                    pct(m.ideal_fraction)
                )?;
            }
            (ScenarioKind::Resize { .. }, Some((m, _))) => writeln!(
                out,
                "  the ring (150 vnodes) for the same change: {} move",
                pct(m.moved_fraction)
            )?,
            (ScenarioKind::WeightedRing, _) => writeln!(
                out,
                "  inv-bcn weight 2 ({} vnodes), inv-vlc and inv-gir weight 1: {}   inv-bcn share {}",
                s.before.vnodes_of(0),
                counts_text(d),
                d.nodes.first().map_or_else(String::new, |n| pct(n.share))
            )?,
            (_, _) => writeln!(
                out,
                "  vnodes={:>4}: {}   deviation {:.1} %{}",
                s.before.vnodes,
                counts_text(d),
                d.deviation_pct,
                lesson_says(s.printed.deviation_pct)
            )?,
        }
    }
    Ok(())
}

/// "Section 6: The ring with virtual nodes", worded by the lab's texts.
fn section_title(part: LessonPart) -> String {
    let name = i18n::part_name(Lang::En, part);
    let mut chars = name.chars();
    let name = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => name,
    };
    format!("{name}: {}", i18n::part_title(Lang::En, part))
}
