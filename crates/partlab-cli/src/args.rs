//! The command line's grammar: clap's derive structs, one per subcommand, and the value
//! parsers for the list-valued options.
//!
//! Each subcommand declares only the options that mean something to it, so clap itself
//! refuses, say, `--to-weights` on `dist` or `--change` on `move`. Rules that depend on two
//! options at once (`--vnodes` with a strategy other than the ring) are checked after parsing,
//! in `commands`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use partlab_core::config::Strategy;
use partlab_core::sweep::Change;

/// `--json`, shared by every command.
#[derive(Debug, Args)]
pub(crate) struct Output {
    /// Print one JSON object on stdout instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `--nodes`, required by every command but `lesson`.
#[derive(Debug, Args)]
pub(crate) struct NodesArg {
    /// Node names, comma-separated (e.g. inv-bcn,inv-vlc,inv-gir). Taken exactly as written:
    /// a name with a leading or trailing space, or containing ',' or '=', is refused.
    #[arg(long, value_name = "A,B,…", value_parser = parse_names)]
    pub nodes: NodeNames,
}

/// How keys are placed: the options of `dist`, `move` and `locate`.
#[derive(Debug, Args)]
pub(crate) struct Placement {
    /// How keys are mapped to nodes.
    #[arg(long, value_enum, ignore_case = true, default_value_t = StrategyArg::Ring)]
    pub strategy: StrategyArg,
    /// Virtual nodes per node of weight 1 [default: 150]. The ring only: with another
    /// strategy it is an error.
    #[arg(long, value_name = "N", value_parser = whole::<u64>, allow_negative_numbers = true)]
    pub vnodes: Option<u64>,
    /// Node weights, e.g. inv-bcn=2,inv-vlc=0.5 (unnamed nodes weigh 1; each node at most
    /// once). The ring, rendezvous and ketama use them; the other strategies give every node
    /// the same share and refuse weights other than 1.
    #[arg(long, value_name = "A=2,B=0.5", value_parser = parse_weights)]
    pub weights: Option<Weights>,
    /// Copies per key, each on a different node.
    #[arg(long, value_name = "R", default_value_t = 1, value_parser = whole::<u32>,
          allow_negative_numbers = true)]
    pub replicas: u32,
    /// Maglev's lookup table size, a prime at least the node count [default: 65537].
    /// `--strategy maglev` only.
    #[arg(long, value_name = "M", value_parser = whole::<u64>, allow_negative_numbers = true)]
    pub table_size: Option<u64>,
    /// Bounded loads' factor c = 1 + ε, from 1 to 16: no node above ⌈c · keys / nodes⌉
    /// [default: 1.25]. `--strategy bounded` only.
    #[arg(long, value_name = "C", value_parser = parse_factor, allow_negative_numbers = true)]
    pub load_factor: Option<f64>,
    /// Multi-probe's probes per key, 1 to 1024 [default: 21]. `--strategy multiprobe` only.
    #[arg(long, value_name = "K", value_parser = whole::<u32>, allow_negative_numbers = true)]
    pub probes: Option<u32>,
}

/// A decimal number such as 1.25 (finite; the core checks its range).
fn parse_factor(raw: &str) -> Result<f64, String> {
    match raw.parse::<f64>() {
        Ok(c) if c.is_finite() && raw.len() <= 12 => Ok(c),
        _ => Err("expected a decimal number such as 1.25".to_owned()),
    }
}

/// Which keys to place: the lesson's ids or a key file.
#[derive(Debug, Args)]
pub(crate) struct KeysArg {
    /// The lesson's order ids P-2026-000001 … (1 to 10 000 000) [default: 100000].
    #[arg(long, value_name = "N", value_parser = whole::<u64>, allow_negative_numbers = true,
          conflicts_with = "key_file")]
    pub keys: Option<u64>,
    /// Read the keys from a file instead, one key per line. Blank and whitespace-only lines
    /// are skipped; other lines are keys exactly as written, without the line ending (LF or
    /// CRLF) and without a UTF-8 BOM at the start of the file. At most 1024 characters a key
    /// and 10 000 000 keys; an error names the line that breaks a rule.
    #[arg(long, value_name = "PATH")]
    pub key_file: Option<PathBuf>,
}

/// The options of `dist`.
#[derive(Debug, Args)]
pub(crate) struct DistArgs {
    /// The nodes.
    #[command(flatten)]
    pub nodes: NodesArg,
    /// Strategy, vnodes, weights, replicas.
    #[command(flatten)]
    pub placement: Placement,
    /// The keys.
    #[command(flatten)]
    pub keys: KeysArg,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// The options of `move`.
#[derive(Debug, Args)]
pub(crate) struct MoveArgs {
    /// The nodes before the change.
    #[command(flatten)]
    pub nodes: NodesArg,
    /// The nodes after the change, comma-separated (same rules as --nodes).
    #[arg(long, value_name = "A,B,…", value_parser = parse_names)]
    pub to: NodeNames,
    /// Weights after the change [default: each node in --to keeps its --weights weight].
    #[arg(long, value_name = "A=2,…", value_parser = parse_weights)]
    pub to_weights: Option<Weights>,
    /// Strategy, vnodes, weights, replicas.
    #[command(flatten)]
    pub placement: Placement,
    /// The keys.
    #[command(flatten)]
    pub keys: KeysArg,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// The options of `sweep deviation` (always the ring).
#[derive(Debug, Args)]
pub(crate) struct DeviationArgs {
    /// The nodes.
    #[command(flatten)]
    pub nodes: NodesArg,
    /// Node weights, e.g. inv-bcn=2 (unnamed nodes weigh 1).
    #[arg(long, value_name = "A=2,B=0.5", value_parser = parse_weights)]
    pub weights: Option<Weights>,
    /// The vnode counts to measure, comma-separated [default: 1,2,5,10,20,50,100,150,200,500,1000].
    #[arg(long, value_name = "V,V,…", value_parser = parse_vnodes_list)]
    pub vnodes_list: Option<VnodesList>,
    /// Renamed trials per vnode count (1 to 256).
    #[arg(long, value_name = "T", default_value_t = partlab_core::sweep::DEFAULT_TRIALS,
          value_parser = parse_trials, allow_negative_numbers = true)]
    pub trials: u32,
    /// The keys.
    #[command(flatten)]
    pub keys: KeysArg,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// The options of `sweep movement` (every strategy; the ring with `--vnodes`).
#[derive(Debug, Args)]
pub(crate) struct MovementArgs {
    /// The first node names; nodes beyond them are called node-5, node-6, … as needed.
    #[command(flatten)]
    pub nodes: NodesArg,
    /// Virtual nodes per node for the ring.
    #[arg(long, value_name = "N", default_value_t = 150, value_parser = whole::<u64>,
          allow_negative_numbers = true)]
    pub vnodes: u64,
    /// Cluster sizes N before the change, FROM..TO inclusive (at most 64).
    #[arg(long, value_name = "FROM..TO", default_value = "2..12", value_parser = parse_sizes)]
    pub sizes: Sizes,
    /// Which change: a node joins (N → N+1) or the last node leaves (N → N−1).
    #[arg(long, value_enum, ignore_case = true, default_value_t = ChangeArg::Join)]
    pub change: ChangeArg,
    /// The keys.
    #[command(flatten)]
    pub keys: KeysArg,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// The options of `locate`.
#[derive(Debug, Args)]
pub(crate) struct LocateArgs {
    /// The key to follow, e.g. P-2026-000123 (1 to 1024 characters).
    #[arg(value_name = "KEY")]
    pub key: String,
    /// The nodes.
    #[command(flatten)]
    pub nodes: NodesArg,
    /// Strategy, vnodes, weights, replicas.
    #[command(flatten)]
    pub placement: Placement,
    /// Output format.
    #[command(flatten)]
    pub output: Output,
}

/// The strategies, with the aliases the core's `Strategy::from_str` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum StrategyArg {
    /// The consistent-hash ring with virtual nodes (alias: consistent).
    #[value(alias = "consistent")]
    Ring,
    /// hash mod N (aliases: mod, modn, mod-n).
    #[value(alias = "mod", alias = "modn", alias = "mod-n")]
    Modulo,
    /// Rendezvous / highest random weight hashing (alias: hrw).
    #[value(alias = "hrw")]
    Rendezvous,
    /// Jump consistent hash.
    Jump,
    /// Maglev hashing: a lookup table of prime size (--table-size).
    Maglev,
    /// Consistent hashing with bounded loads: the ring with a cap (--load-factor)
    /// (aliases: bounded-loads, chbl).
    #[value(alias = "bounded-loads", alias = "chbl")]
    Bounded,
    /// Multi-probe consistent hashing: one point per node, several probes per key
    /// (--probes) (aliases: multi-probe, mpch).
    #[value(alias = "multi-probe", alias = "mpch")]
    Multiprobe,
    /// Ketama (libketama), the memcached clients' continuum: 160 points per server of
    /// average weight, weights honoured (alias: libketama).
    #[value(alias = "libketama")]
    Ketama,
}

impl From<StrategyArg> for Strategy {
    fn from(s: StrategyArg) -> Strategy {
        match s {
            StrategyArg::Ring => Strategy::Ring,
            StrategyArg::Modulo => Strategy::Modulo,
            StrategyArg::Rendezvous => Strategy::Rendezvous,
            StrategyArg::Jump => Strategy::Jump,
            StrategyArg::Maglev => Strategy::Maglev,
            StrategyArg::Bounded => Strategy::Bounded,
            StrategyArg::Multiprobe => Strategy::MultiProbe,
            StrategyArg::Ketama => Strategy::Ketama,
        }
    }
}

/// `--change`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ChangeArg {
    /// A node joins: N → N+1.
    Join,
    /// The last node leaves: N → N−1.
    Leave,
}

impl From<ChangeArg> for Change {
    fn from(c: ChangeArg) -> Change {
        match c {
            ChangeArg::Join => Change::Join,
            ChangeArg::Leave => Change::Leave,
        }
    }
}

/// Node names as written in `--nodes` or `--to`; the core checks emptiness, length,
/// control characters and duplicates.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NodeNames(pub Vec<String>);

/// `NODE=WEIGHT` pairs in the order given, each node at most once; the core checks the
/// weights' range.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Weights(pub Vec<(String, f64)>);

/// `--vnodes-list`, before the core checks each count.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct VnodesList(pub Vec<u64>);

/// `--sizes FROM..TO`, inclusive.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sizes {
    /// The first cluster size.
    pub from: usize,
    /// The last cluster size.
    pub to: usize,
}

/// Largest cluster size a movement sweep goes to.
pub(crate) const MAX_SWEEP_SIZE: usize = 64;

/// Why a name cannot be written on the command line, if it cannot.
///
/// The core would accept `" a"` or `"a=1"`, but here such a name is almost always a typo
/// (`--nodes "a, b"`) or cannot be told apart from the list's own syntax, so it is refused
/// rather than silently trimmed or split.
fn name_problem(name: &str) -> Option<String> {
    if name.trim().is_empty() {
        // Empty names are the core's to report (it says which position).
        return None;
    }
    if name.trim() != name {
        return Some(format!(
            "the node name \"{name}\" starts or ends with a space; names are taken exactly as \
             written, so remove it"
        ));
    }
    for sep in [',', '='] {
        if name.contains(sep) {
            return Some(format!(
                "the node name \"{name}\" contains '{sep}'; node names on the command line cannot \
                 contain ',' or '=', which separate the names and the NODE=WEIGHT pairs"
            ));
        }
    }
    None
}

/// Parses `--nodes` and `--to`: comma-separated names, none trimmed.
fn parse_names(raw: &str) -> Result<NodeNames, String> {
    let names: Vec<String> = raw.split(',').map(str::to_owned).collect();
    if let Some(problem) = names.iter().find_map(|n| name_problem(n)) {
        return Err(problem);
    }
    Ok(NodeNames(names))
}

/// Parses `--weights` and `--to-weights`: `NODE=WEIGHT` pairs, comma-separated.
fn parse_weights(raw: &str) -> Result<Weights, String> {
    let mut pairs: Vec<(String, f64)> = Vec::new();
    for part in raw.split(',') {
        let Some((node, weight)) = part.split_once('=') else {
            return Err(format!(
                "\"{part}\" is not a NODE=WEIGHT pair (e.g. inv-bcn=2); pairs are separated by \
                 ',', so node names cannot contain ',' or '='"
            ));
        };
        if node.is_empty() {
            return Err(format!("\"{part}\" has no node name before '='"));
        }
        if let Some(problem) = name_problem(node) {
            return Err(problem);
        }
        // NaN, inf and out-of-range numbers parse here; the core refuses them with its own
        // message about the allowed range.
        let weight: f64 = weight
            .parse()
            .map_err(|_| format!("the weight of \"{node}\" is not a number: \"{weight}\""))?;
        if pairs.iter().any(|(n, _)| n == node) {
            return Err(format!(
                "node \"{node}\" is given a weight twice; give each node one weight"
            ));
        }
        pairs.push((node.to_owned(), weight));
    }
    Ok(Weights(pairs))
}

/// A whole number: digits, optionally grouped with `_` (`100_000`).
fn whole<T: TryFrom<u64>>(raw: &str) -> Result<T, String> {
    let digits = raw.replace('_', "");
    if digits.is_empty() || raw.starts_with('_') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected a whole number: digits only, no sign or decimal point".to_owned());
    }
    let value: u64 = digits
        .parse()
        .map_err(|_| "the number is too large".to_owned())?;
    T::try_from(value).map_err(|_| "the number is too large".to_owned())
}

/// Parses `--trials`: 1 to 256.
fn parse_trials(raw: &str) -> Result<u32, String> {
    let trials: u32 = whole(raw)?;
    if trials == 0 || trials > 256 {
        return Err("choose between 1 and 256 trials".to_owned());
    }
    Ok(trials)
}

/// Parses `--vnodes-list`: comma-separated whole numbers.
fn parse_vnodes_list(raw: &str) -> Result<VnodesList, String> {
    raw.split(',')
        .map(|part| whole::<u64>(part).map_err(|e| format!("\"{part}\": {e}")))
        .collect::<Result<_, _>>()
        .map(VnodesList)
}

/// Parses `--sizes FROM..TO`.
fn parse_sizes(raw: &str) -> Result<Sizes, String> {
    let bad = || format!("expected FROM..TO, e.g. 2..12 (at most {MAX_SWEEP_SIZE})");
    let (from, to) = raw.split_once("..").ok_or_else(bad)?;
    let from: usize = whole(from).map_err(|_| bad())?;
    let to: usize = whole(to).map_err(|_| bad())?;
    if from == 0 || from > to || to > MAX_SWEEP_SIZE {
        return Err(format!(
            "the sizes must go up from at least 1, and at most to {MAX_SWEEP_SIZE} nodes"
        ));
    }
    Ok(Sizes { from, to })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategy_names_and_aliases_agree_with_the_core() {
        for name in [
            "ring",
            "consistent",
            "modulo",
            "mod",
            "modn",
            "mod-n",
            "rendezvous",
            "hrw",
            "jump",
            "RING",
            "ketama",
            "libketama",
        ] {
            let core: Strategy = name.parse().expect("the core knows it");
            let cli = StrategyArg::from_str(name, true).expect("the CLI knows it");
            assert_eq!(Strategy::from(cli), core, "{name}");
        }
        for s in Strategy::ALL {
            let cli = StrategyArg::from_str(s.name(), false).expect("every core name");
            assert_eq!(Strategy::from(cli), s);
        }
        assert!(StrategyArg::from_str("chord", true).is_err());
    }

    #[test]
    fn names_are_not_trimmed_and_separators_are_refused() {
        assert_eq!(
            parse_names("a,b").map(|n| n.0),
            Ok(vec!["a".to_owned(), "b".to_owned()])
        );
        assert!(parse_names("a, b").is_err_and(|e| e.contains("space")));
        assert!(parse_names("a=1,b").is_err_and(|e| e.contains("'='")));
        // Empty names go through, for the core to report with their position.
        assert_eq!(parse_names("a,,b").map(|n| n.0.len()), Ok(3));
    }

    #[test]
    fn weights_are_pairs_each_node_once() {
        assert_eq!(
            parse_weights("a=2,b=0.5").map(|w| w.0),
            Ok(vec![("a".to_owned(), 2.0), ("b".to_owned(), 0.5)])
        );
        assert!(parse_weights("a=1,a=2").is_err_and(|e| e.contains("twice")));
        assert!(parse_weights("a,b=2").is_err_and(|e| e.contains("cannot contain ','")));
        assert!(parse_weights("=2").is_err());
        assert!(parse_weights("a=two").is_err());
        assert!(parse_weights("").is_err());
    }

    #[test]
    fn whole_numbers_have_no_sign() {
        assert_eq!(whole::<u32>("150"), Ok(150));
        assert_eq!(whole::<u64>("100_000"), Ok(100_000));
        for bad in ["-1", "+1", "", "_1", "1.5", " 1", "0x10"] {
            assert!(whole::<u32>(bad).is_err(), "{bad:?}");
        }
        assert!(whole::<u32>("4294967296").is_err());
    }

    #[test]
    fn sizes_go_up_within_the_limit() {
        assert_eq!(parse_sizes("2..12"), Ok(Sizes { from: 2, to: 12 }));
        for bad in ["12..2", "0..3", "2..65", "2-12", "..3"] {
            assert!(parse_sizes(bad).is_err(), "{bad}");
        }
    }
}
