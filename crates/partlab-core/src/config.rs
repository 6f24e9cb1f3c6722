//! What a partitioning experiment is made of: a strategy, named nodes with weights, a vnode
//! count and a replication factor, plus the limits that keep any configuration affordable.

use std::fmt;
use std::str::FromStr;

use crate::params;

/// Most physical nodes in one configuration (owners are stored as `u16`).
pub const MAX_NODES: usize = 256;
/// Most characters in a node name.
pub const MAX_NODE_NAME_CHARS: usize = 64;
/// Most virtual nodes a single physical node may get, after its weight is applied.
pub const MAX_VNODES_PER_NODE: u32 = 10_000;
/// Most virtual nodes on one ring, all nodes together.
pub const MAX_RING_POINTS: u64 = 200_000;
/// Smallest accepted node weight, the same in the lab's page, its URL and the CLI.
///
/// A node's expected share is proportional to its weight, and the ring still gives it one
/// vnode (`max(1, …)`), so a weight near zero would make its load ratio (keys ÷ expected keys)
/// explode: 1e-9 gives a meaningless deviation, 1e-300 an infinite one. At 0.1 every figure
/// stays finite and readable (at most 10 000 × between the lightest and the heaviest node).
pub const MIN_WEIGHT: f64 = 0.1;
/// Largest accepted node weight.
pub const MAX_WEIGHT: f64 = 1_000.0;
/// Most keys in one key set.
pub const MAX_KEYS: usize = 10_000_000;
/// Most characters in one custom key.
pub const MAX_KEY_CHARS: usize = 1_024;

/// The closed set of ways to map keys onto nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Strategy {
    /// `hash(key) % N`: simple, but nearly every key moves when N changes.
    Modulo,
    /// Consistent-hash ring with virtual nodes: the owner is the next vnode clockwise.
    Ring,
    /// Rendezvous / highest-random-weight hashing: the owner is the node with the top score.
    Rendezvous,
    /// Jump consistent hash (Lamping & Veach): buckets `0..N`, no memory, only the last bucket
    /// can leave.
    Jump,
    /// Maglev hashing (Eisenbud et al., 2016): a lookup table of prime size filled from each
    /// node's preference permutation ([`crate::zoo::maglev`]).
    Maglev,
    /// Consistent hashing with bounded loads (Mirrokni, Thorup, Zadimoghaddam): the ring,
    /// with no node above `⌈c · keys / nodes⌉` keys ([`crate::zoo::bounded`]).
    Bounded,
    /// Multi-probe consistent hashing (Appleton & O'Reilly, 2015): one point per node, `k`
    /// probes per key ([`crate::zoo::multiprobe`]).
    MultiProbe,
    /// Ketama (libketama), the continuum of memcached clients and twemproxy: 160 points per
    /// server of average weight, four per MD5 digest ([`crate::zoo::ketama`]).
    Ketama,
}

impl Strategy {
    /// Every strategy, in the order the lab presents them.
    pub const ALL: [Strategy; 8] = [
        Strategy::Modulo,
        Strategy::Ring,
        Strategy::Rendezvous,
        Strategy::Jump,
        Strategy::Maglev,
        Strategy::Bounded,
        Strategy::MultiProbe,
        Strategy::Ketama,
    ];

    /// The lesson's four, the ones its tables and the movement chart compare.
    pub const LESSON: [Strategy; 4] = [
        Strategy::Modulo,
        Strategy::Ring,
        Strategy::Rendezvous,
        Strategy::Jump,
    ];

    /// The short name used on the command line and in URLs.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Modulo => "modulo",
            Strategy::Ring => "ring",
            Strategy::Rendezvous => "rendezvous",
            Strategy::Jump => "jump",
            Strategy::Maglev => "maglev",
            Strategy::Bounded => "bounded",
            Strategy::MultiProbe => "multiprobe",
            Strategy::Ketama => "ketama",
        }
    }

    /// Whether node weights change this strategy's assignment (mod N, jump, Maglev, bounded
    /// loads and multi-probe give every node the same share).
    pub fn uses_weights(self) -> bool {
        matches!(
            self,
            Strategy::Ring | Strategy::Rendezvous | Strategy::Ketama
        )
    }

    /// Whether the vnode count changes this strategy's assignment (the ring, and bounded
    /// loads, which is the ring with a cap).
    pub fn uses_vnodes(self) -> bool {
        matches!(self, Strategy::Ring | Strategy::Bounded)
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "modulo" | "mod" | "modn" | "mod-n" => Ok(Strategy::Modulo),
            "ring" | "consistent" => Ok(Strategy::Ring),
            "rendezvous" | "hrw" => Ok(Strategy::Rendezvous),
            "jump" => Ok(Strategy::Jump),
            "maglev" => Ok(Strategy::Maglev),
            "bounded" | "bounded-loads" | "chbl" => Ok(Strategy::Bounded),
            "multiprobe" | "multi-probe" | "mpch" => Ok(Strategy::MultiProbe),
            "ketama" | "libketama" => Ok(Strategy::Ketama),
            _ => Err(ConfigError::UnknownStrategy {
                given: truncate(s, 32),
            }),
        }
    }
}

/// One physical node.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    /// The node's name; it is also what gets hashed, so renaming a node moves its keys.
    pub name: String,
    /// Relative capacity; 1.0 is a standard node. Used by the ring (more vnodes) and by
    /// rendezvous (weighted scores).
    pub weight: f64,
}

impl Node {
    /// A node of weight 1.
    pub fn new(name: impl Into<String>) -> Self {
        Node {
            name: name.into(),
            weight: 1.0,
        }
    }

    /// A node with the given weight.
    pub fn weighted(name: impl Into<String>, weight: f64) -> Self {
        Node {
            name: name.into(),
            weight,
        }
    }
}

/// A complete partitioning setup.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// How keys are mapped to nodes.
    pub strategy: Strategy,
    /// The physical nodes, in the order they were added (the ring adds their vnodes in this
    /// order, which decides who keeps a position in the rare event of a collision).
    pub nodes: Vec<Node>,
    /// Virtual nodes per node of weight 1 (ring only).
    pub vnodes: u32,
    /// Replication factor: how many distinct nodes hold each key (1 = no replicas).
    pub replicas: u32,
    /// The parameters of the strategies beyond the lesson (each reads its own).
    pub params: StrategyParams,
}

/// The parameters of Maglev, bounded loads and multi-probe; the other strategies ignore them.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StrategyParams {
    /// Maglev's lookup table size `M`, a prime at least the node count.
    pub table_size: u64,
    /// Bounded loads' factor `c = 1 + ε`: no node holds more than `⌈c · keys / nodes⌉`.
    pub load_factor: f64,
    /// Multi-probe's probes per key `k`.
    pub probes: u32,
}

impl Default for StrategyParams {
    /// The papers' values: `M = 65 537`, `c = 1.25`, `k = 21`.
    fn default() -> StrategyParams {
        StrategyParams {
            table_size: params::DEFAULT_TABLE_SIZE,
            load_factor: params::DEFAULT_LOAD_FACTOR,
            probes: params::DEFAULT_PROBES,
        }
    }
}

impl Config {
    /// A configuration of equally weighted nodes with 150 vnodes and no replicas.
    pub fn new<S: Into<String>>(strategy: Strategy, names: impl IntoIterator<Item = S>) -> Self {
        Config {
            strategy,
            nodes: names.into_iter().map(Node::new).collect(),
            vnodes: 150,
            replicas: 1,
            params: StrategyParams::default(),
        }
    }

    /// The same configuration with another vnode count.
    pub fn with_vnodes(mut self, vnodes: u32) -> Self {
        self.vnodes = vnodes;
        self
    }

    /// The same configuration with other parameters for Maglev, bounded loads and multi-probe.
    pub fn with_params(mut self, params: StrategyParams) -> Self {
        self.params = params;
        self
    }

    /// The same configuration with another replication factor.
    pub fn with_replicas(mut self, replicas: u32) -> Self {
        self.replicas = replicas;
        self
    }

    /// The same configuration with another strategy.
    pub fn with_strategy(mut self, strategy: Strategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// The node names, in order.
    pub fn node_names(&self) -> Vec<String> {
        self.nodes.iter().map(|n| n.name.clone()).collect()
    }

    /// Number of vnodes node `idx` gets on the ring: `max(1, floor(vnodes × weight))`.
    pub fn vnodes_of(&self, idx: usize) -> u32 {
        self.nodes
            .get(idx)
            .map(|n| effective_vnodes(self.vnodes, n.weight))
            .unwrap_or(0)
    }

    /// The share of keys each node should get in an ideal assignment: proportional to the
    /// weights where the strategy uses them, equal otherwise.
    pub fn expected_shares(&self) -> Vec<f64> {
        let n = self.nodes.len();
        if n == 0 {
            return Vec::new();
        }
        if !self.strategy.uses_weights() {
            return vec![1.0 / n as f64; n];
        }
        let total: f64 = self.nodes.iter().map(|n| n.weight).sum();
        self.nodes.iter().map(|n| n.weight / total).collect()
    }

    /// Refuses weights other than 1 when the strategy gives every node the same share
    /// ([`Strategy::uses_weights`] is false): for callers whose weights were asked for on
    /// purpose, so that they are not ignored without a word. Not part of
    /// [`Config::validate`]: the page keeps a cluster's weights while another strategy is
    /// shown (its weight controls are disabled then).
    pub fn check_weights_used(&self) -> Result<(), ConfigError> {
        if self.strategy.uses_weights() {
            return Ok(());
        }
        match self.nodes.iter().find(|n| n.weight != 1.0) {
            Some(n) => Err(ConfigError::WeightsUnused {
                strategy: self.strategy,
                node: truncate(&n.name, 32),
                weight: n.weight,
            }),
            None => Ok(()),
        }
    }

    /// Checks every limit; an `Ok` configuration never makes the core panic.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.nodes.is_empty() {
            return Err(ConfigError::NoNodes);
        }
        if self.nodes.len() > MAX_NODES {
            return Err(ConfigError::TooManyNodes {
                count: self.nodes.len(),
                max: MAX_NODES,
            });
        }
        if self.vnodes == 0 || self.vnodes > MAX_VNODES_PER_NODE {
            return Err(ConfigError::VnodesOutOfRange {
                vnodes: u64::from(self.vnodes),
                max: MAX_VNODES_PER_NODE,
            });
        }
        let mut seen = std::collections::HashSet::new();
        let mut ring_points: u64 = 0;
        for (idx, node) in self.nodes.iter().enumerate() {
            validate_node_name(&node.name, idx)?;
            if !seen.insert(node.name.as_str()) {
                return Err(ConfigError::DuplicateNodeName {
                    name: truncate(&node.name, 32),
                });
            }
            validate_weight(&node.name, node.weight)?;
            if self.strategy.uses_vnodes() {
                let vn = self.vnodes as f64 * node.weight;
                if vn > f64::from(MAX_VNODES_PER_NODE) {
                    return Err(ConfigError::TooManyVnodesForNode {
                        node: truncate(&node.name, 32),
                        vnodes: vn.floor() as u64,
                        max: MAX_VNODES_PER_NODE,
                    });
                }
                ring_points += u64::from(effective_vnodes(self.vnodes, node.weight));
            }
        }
        if ring_points > MAX_RING_POINTS {
            return Err(ConfigError::TooManyRingPoints {
                points: ring_points,
                max: MAX_RING_POINTS,
            });
        }
        match self.strategy {
            Strategy::Maglev => params::check_table_size(self.params.table_size, self.nodes.len())?,
            Strategy::Bounded => params::check_load_factor(self.params.load_factor)?,
            Strategy::MultiProbe => params::check_probes(self.params.probes)?,
            _ => {}
        }
        if self.replicas == 0 || self.replicas as usize > self.nodes.len() {
            return Err(ConfigError::ReplicasOutOfRange {
                replicas: self.replicas,
                nodes: self.nodes.len(),
            });
        }
        Ok(())
    }
}

/// `max(1, floor(vnodes × weight))`, the lesson's rule for weighted rings.
///
/// The floor is the lesson's (`int(vnodes * weight)`), so figures match it exactly; the
/// `max(1, …)` keeps a tiny weight from silently removing a node from the ring.
pub fn effective_vnodes(vnodes: u32, weight: f64) -> u32 {
    let raw = (f64::from(vnodes) * weight).floor();
    if raw.is_nan() || raw < 1.0 {
        1
    } else if raw > f64::from(u32::MAX) {
        u32::MAX
    } else {
        raw as u32
    }
}

/// Whether `c` is an invisible formatting character that a node name may not contain: the
/// zero-width characters (U+200B–U+200D, U+2060–U+2064, U+FEFF, U+180E), the bidirectional
/// marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069). They are invisible, so two names that look the same would hash apart, and
/// the bidi ones reorder the text around them (U+202E reverses the rest of a message).
pub fn is_hidden_char(c: char) -> bool {
    matches!(
        c,
        '\u{061c}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}'
    )
}

/// Checks one node name against the naming rules.
///
/// Lengths count characters as Unicode scalar values (Rust `char`s, code points): `☕` and
/// `🦀` are one character each, although the second is two UTF-16 units in a browser.
pub fn validate_node_name(name: &str, index: usize) -> Result<(), ConfigError> {
    if name.trim().is_empty() {
        return Err(ConfigError::EmptyNodeName {
            position: index + 1,
        });
    }
    if let Some(c) = name.chars().find(|&c| is_hidden_char(c)) {
        return Err(ConfigError::NodeNameHiddenChar {
            name: truncate(name, 32),
            code: u32::from(c),
        });
    }
    let chars = name.chars().count();
    if chars > MAX_NODE_NAME_CHARS {
        return Err(ConfigError::NodeNameTooLong {
            name: truncate(name, 24),
            chars,
            max: MAX_NODE_NAME_CHARS,
        });
    }
    if name.chars().any(char::is_control) {
        return Err(ConfigError::NodeNameControlChar {
            name: truncate(name, 32),
        });
    }
    Ok(())
}

/// Checks one weight against the weight rules.
pub fn validate_weight(node: &str, weight: f64) -> Result<(), ConfigError> {
    // NaN is in no range, so this refuses it too.
    if !(MIN_WEIGHT..=MAX_WEIGHT).contains(&weight) {
        return Err(ConfigError::InvalidWeight {
            node: truncate(node, 32),
            weight,
            min: MIN_WEIGHT,
            max: MAX_WEIGHT,
        });
    }
    Ok(())
}

/// Shortens text quoted back in an error message.
pub(crate) fn truncate(s: &str, max_chars: usize) -> String {
    if s.chars().count() <= max_chars {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(max_chars).collect();
        t.push('…');
        t
    }
}

params::param_error_enum! {
    /// Everything that can be wrong with an experiment's input, each with a message meant for a
    /// student.
    ///
    /// The last four variants, a strategy's parameter refused (Maglev's table size, bounded
    /// loads' factor, multi-probe's probe count), are [`ParamError`](params::ParamError)'s,
    /// declared once for both.
    #[derive(Clone, Debug, PartialEq)]
    pub enum ConfigError {
        /// The node list is empty.
        NoNodes,
        /// More nodes than [`MAX_NODES`].
        TooManyNodes {
            /// How many were given.
            count: usize,
            /// The limit, [`MAX_NODES`].
            max: usize,
        },
        /// A node name is empty or only spaces.
        EmptyNodeName {
            /// 1-based position in the list.
            position: usize,
        },
        /// Two nodes share a name (they would hash to the same positions).
        DuplicateNodeName {
            /// The repeated name.
            name: String,
        },
        /// A node name longer than [`MAX_NODE_NAME_CHARS`].
        NodeNameTooLong {
            /// The start of the name.
            name: String,
            /// Its length in characters.
            chars: usize,
            /// The limit, [`MAX_NODE_NAME_CHARS`].
            max: usize,
        },
        /// A node name with a control character (newline, tab, …).
        NodeNameControlChar {
            /// The name.
            name: String,
        },
        /// A node name with an invisible formatting character ([`is_hidden_char`]): zero-width
        /// or bidirectional control.
        NodeNameHiddenChar {
            /// The start of the name, as given (quote it escaped).
            name: String,
            /// The first such character's code point (`0x202e`).
            code: u32,
        },
        /// A weight that is not a finite number from [`MIN_WEIGHT`] to [`MAX_WEIGHT`].
        InvalidWeight {
            /// The node.
            node: String,
            /// The rejected weight.
            weight: f64,
            /// The smallest weight, [`MIN_WEIGHT`].
            min: f64,
            /// The largest weight, [`MAX_WEIGHT`].
            max: f64,
        },
        /// A vnode count of 0 or above [`MAX_VNODES_PER_NODE`].
        VnodesOutOfRange {
            /// The rejected count.
            vnodes: u64,
            /// The limit, [`MAX_VNODES_PER_NODE`].
            max: u32,
        },
        /// `vnodes × weight` above [`MAX_VNODES_PER_NODE`] for one node.
        TooManyVnodesForNode {
            /// The node.
            node: String,
            /// Its vnode count after the weight.
            vnodes: u64,
            /// The limit, [`MAX_VNODES_PER_NODE`].
            max: u32,
        },
        /// More ring points in total than [`MAX_RING_POINTS`].
        TooManyRingPoints {
            /// Total vnodes requested.
            points: u64,
            /// The limit, [`MAX_RING_POINTS`].
            max: u64,
        },
        /// A replication factor of 0 or above the node count.
        ReplicasOutOfRange {
            /// The requested factor.
            replicas: u32,
            /// The number of nodes.
            nodes: usize,
        },
        /// A key count of 0 or above [`MAX_KEYS`].
        KeyCountOutOfRange {
            /// The requested count.
            count: u64,
            /// The limit, [`MAX_KEYS`].
            max: usize,
        },
        /// A custom key longer than [`MAX_KEY_CHARS`].
        KeyTooLong {
            /// 1-based position of the key.
            position: usize,
            /// The limit, [`MAX_KEY_CHARS`].
            max: usize,
        },
        /// A strategy name that is not one of modulo, ring, rendezvous, jump.
        UnknownStrategy {
            /// What was given.
            given: String,
        },
        /// More work than the budget allows ([`crate::budget`]).
        OverBudget(OverBudget),
        /// A weight other than 1 for a strategy that gives every node the same share (mod N,
        /// jump, Maglev, bounded loads, multi-probe): it would change nothing, without a word.
        /// Refused by [`Config::check_weights_used`], which a caller asks when weights were given
        /// on purpose (the CLI's `--weights`); a configuration switched between strategies keeps
        /// its weights and still validates.
        WeightsUnused {
            /// The strategy.
            strategy: Strategy,
            /// The first node with a weight other than 1.
            node: String,
            /// Its weight.
            weight: f64,
        },
    }
}

/// A terse English summary of the data, for logs and library users. Students read the
/// lab's own wording of each error (`partlab_lab::i18n::config_error`, also used by the CLI),
/// which lives with every other user-facing text.
impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::NoNodes => write!(f, "no nodes"),
            ConfigError::TooManyNodes { count, max } => write!(f, "{count} nodes (max {max})"),
            ConfigError::EmptyNodeName { position } => write!(f, "node {position}: empty name"),
            ConfigError::DuplicateNodeName { name } => write!(f, "duplicate node name {name:?}"),
            ConfigError::NodeNameTooLong { name, chars, max } => {
                write!(f, "node name {name:?}: {chars} characters (max {max})")
            }
            ConfigError::NodeNameControlChar { name } => {
                write!(f, "node name {name:?}: control character")
            }
            ConfigError::NodeNameHiddenChar { name, code } => {
                write!(f, "node name {name:?}: invisible character U+{code:04X}")
            }
            ConfigError::InvalidWeight {
                node,
                weight,
                min,
                max,
            } => {
                write!(
                    f,
                    "node {node:?}: weight {weight} (must be in [{min}, {max}])"
                )
            }
            ConfigError::VnodesOutOfRange { vnodes, max } => {
                write!(f, "{vnodes} vnodes per node (must be in 1..={max})")
            }
            ConfigError::TooManyVnodesForNode { node, vnodes, max } => {
                write!(f, "node {node:?}: {vnodes} vnodes (max {max})")
            }
            ConfigError::TooManyRingPoints { points, max } => {
                write!(f, "{points} ring points (max {max})")
            }
            ConfigError::ReplicasOutOfRange { replicas, nodes } => {
                write!(f, "replication factor {replicas} for {nodes} nodes")
            }
            ConfigError::KeyCountOutOfRange { count, max } => {
                write!(f, "{count} keys (must be in 1..={max})")
            }
            ConfigError::KeyTooLong { position, max } => {
                write!(f, "key {position}: over {max} characters")
            }
            ConfigError::UnknownStrategy { given } => write!(f, "unknown strategy {given:?}"),
            ConfigError::OverBudget(b) => {
                write!(f, "work {} over the budget {}", b.work(), b.max())
            }
            ConfigError::TableSizeNotPrime { size } => {
                write!(f, "table size {size} is not prime")
            }
            ConfigError::TableSizeOutOfRange { size, min, max } => {
                write!(f, "table size {size} (must be in {min}..={max})")
            }
            ConfigError::LoadFactorOutOfRange { factor, min, max } => {
                write!(f, "load factor {factor} (must be in [{min}, {max}])")
            }
            ConfigError::ProbesOutOfRange { probes, min, max } => {
                write!(f, "{probes} probes (must be in {min}..={max})")
            }
            ConfigError::WeightsUnused {
                strategy,
                node,
                weight,
            } => write!(
                f,
                "{strategy} ignores weights (node {node:?}: weight {weight})"
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

impl ConfigError {
    /// One error of every kind (and of every budget), with sample values: for the tests and
    /// tools that word every error (each language, each wording rule) and must not miss one.
    /// A kind added to [`ConfigError`] or [`OverBudget`](crate::budget::OverBudget) fails to
    /// compile in [`ConfigError::kind`] until it is listed here too.
    pub fn examples() -> Vec<ConfigError> {
        vec![
            ConfigError::NoNodes,
            ConfigError::TooManyNodes {
                count: 300,
                max: 256,
            },
            ConfigError::EmptyNodeName { position: 2 },
            ConfigError::DuplicateNodeName { name: "a".into() },
            ConfigError::NodeNameTooLong {
                name: "a".into(),
                chars: 70,
                max: 64,
            },
            ConfigError::NodeNameControlChar { name: "a\n".into() },
            ConfigError::NodeNameHiddenChar {
                name: "a\u{202e}b".into(),
                code: 0x202e,
            },
            ConfigError::InvalidWeight {
                node: "a".into(),
                weight: -1.0,
                min: 0.1,
                max: 1000.0,
            },
            ConfigError::VnodesOutOfRange {
                vnodes: 0,
                max: 10_000,
            },
            ConfigError::TooManyVnodesForNode {
                node: "a".into(),
                vnodes: 20_000,
                max: 10_000,
            },
            ConfigError::TooManyRingPoints {
                points: 300_000,
                max: 200_000,
            },
            ConfigError::ReplicasOutOfRange {
                replicas: 5,
                nodes: 4,
            },
            ConfigError::KeyCountOutOfRange { count: 0, max: 10 },
            ConfigError::KeyTooLong {
                position: 1,
                max: 1024,
            },
            ConfigError::UnknownStrategy { given: "x".into() },
            ConfigError::OverBudget(OverBudget::Rendezvous {
                nodes: 32,
                keys: 1_000_000,
                replicas: 2,
                max: 8_000_000,
            }),
            ConfigError::OverBudget(OverBudget::KeyCopies {
                keys: 10_000_000,
                replicas: 2,
                max: 8_000_000,
            }),
            ConfigError::OverBudget(OverBudget::DeviationSweep {
                trials: 16,
                ring_points: 30_000_000,
                max: 20_000_000,
            }),
            ConfigError::OverBudget(OverBudget::MovementSweep {
                sizes: 64,
                keys: 10_000_000,
                max: 100_000_000,
            }),
            ConfigError::OverBudget(OverBudget::Probes {
                keys: 10_000_000,
                probes: 64,
                max: 320_000_000,
            }),
            ConfigError::TableSizeNotPrime { size: 65_536 },
            ConfigError::TableSizeOutOfRange {
                size: 3,
                min: 4,
                max: 655_373,
            },
            ConfigError::LoadFactorOutOfRange {
                factor: 0.5,
                min: 1.0,
                max: 3.0,
            },
            ConfigError::ProbesOutOfRange {
                probes: 0,
                min: 1,
                max: 64,
            },
            ConfigError::WeightsUnused {
                strategy: Strategy::Maglev,
                node: "a".into(),
                weight: 2.0,
            },
        ]
    }

    /// A name for the kind of error (for budgets, the budget's): what [`ConfigError::examples`]
    /// must cover, one each.
    pub fn kind(&self) -> &'static str {
        match self {
            ConfigError::NoNodes => "no-nodes",
            ConfigError::TooManyNodes { .. } => "too-many-nodes",
            ConfigError::EmptyNodeName { .. } => "empty-node-name",
            ConfigError::DuplicateNodeName { .. } => "duplicate-node-name",
            ConfigError::NodeNameTooLong { .. } => "node-name-too-long",
            ConfigError::NodeNameControlChar { .. } => "node-name-control-char",
            ConfigError::NodeNameHiddenChar { .. } => "node-name-hidden-char",
            ConfigError::InvalidWeight { .. } => "invalid-weight",
            ConfigError::VnodesOutOfRange { .. } => "vnodes-out-of-range",
            ConfigError::TooManyVnodesForNode { .. } => "too-many-vnodes-for-node",
            ConfigError::TooManyRingPoints { .. } => "too-many-ring-points",
            ConfigError::ReplicasOutOfRange { .. } => "replicas-out-of-range",
            ConfigError::KeyCountOutOfRange { .. } => "key-count-out-of-range",
            ConfigError::KeyTooLong { .. } => "key-too-long",
            ConfigError::UnknownStrategy { .. } => "unknown-strategy",
            ConfigError::OverBudget(b) => match b {
                OverBudget::Rendezvous { .. } => "over-budget-rendezvous",
                OverBudget::KeyCopies { .. } => "over-budget-key-copies",
                OverBudget::DeviationSweep { .. } => "over-budget-deviation-sweep",
                OverBudget::MovementSweep { .. } => "over-budget-movement-sweep",
                OverBudget::Probes { .. } => "over-budget-probes",
            },
            ConfigError::TableSizeNotPrime { .. } => "table-size-not-prime",
            ConfigError::TableSizeOutOfRange { .. } => "table-size-out-of-range",
            ConfigError::LoadFactorOutOfRange { .. } => "load-factor-out-of-range",
            ConfigError::ProbesOutOfRange { .. } => "probes-out-of-range",
            ConfigError::WeightsUnused { .. } => "weights-unused",
        }
    }
}

/// What a refused request asked for, against which budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OverBudget {
    /// Rendezvous: nodes × keys × replicas above [`MAX_RENDEZVOUS_WORK`](crate::budget::MAX_RENDEZVOUS_WORK).
    Rendezvous {
        /// Nodes.
        nodes: u64,
        /// Keys.
        keys: u64,
        /// Copies per key.
        replicas: u64,
        /// The limit, [`MAX_RENDEZVOUS_WORK`](crate::budget::MAX_RENDEZVOUS_WORK).
        max: u64,
    },
    /// Keys × replicas above [`MAX_KEY_COPIES`](crate::budget::MAX_KEY_COPIES).
    KeyCopies {
        /// Keys.
        keys: u64,
        /// Copies per key.
        replicas: u64,
        /// The limit, [`MAX_KEY_COPIES`](crate::budget::MAX_KEY_COPIES).
        max: u64,
    },
    /// Trials × ring points of a deviation sweep above [`MAX_DEVIATION_SWEEP_WORK`](crate::budget::MAX_DEVIATION_SWEEP_WORK).
    DeviationSweep {
        /// Renamed trials per vnode count.
        trials: u64,
        /// Ring points of one trial, summed over the vnode counts.
        ring_points: u64,
        /// The limit, [`MAX_DEVIATION_SWEEP_WORK`](crate::budget::MAX_DEVIATION_SWEEP_WORK).
        max: u64,
    },
    /// Cluster sizes × keys of a movement sweep above [`MAX_MOVEMENT_SWEEP_WORK`](crate::budget::MAX_MOVEMENT_SWEEP_WORK).
    MovementSweep {
        /// Cluster sizes swept.
        sizes: u64,
        /// Keys.
        keys: u64,
        /// The limit, [`MAX_MOVEMENT_SWEEP_WORK`](crate::budget::MAX_MOVEMENT_SWEEP_WORK).
        max: u64,
    },
    /// Multi-probe: keys × probes.
    Probes {
        /// Keys to place.
        keys: u64,
        /// Probes per key.
        probes: u64,
        /// The limit, [`MAX_PROBE_WORK`](crate::budget::MAX_PROBE_WORK).
        max: u64,
    },
}

impl OverBudget {
    /// The work that was asked for, in the budget's own unit.
    pub fn work(&self) -> u64 {
        match *self {
            OverBudget::Rendezvous {
                nodes,
                keys,
                replicas,
                ..
            } => nodes.saturating_mul(keys).saturating_mul(replicas),
            OverBudget::KeyCopies { keys, replicas, .. } => keys.saturating_mul(replicas),
            OverBudget::DeviationSweep {
                trials,
                ring_points,
                ..
            } => trials.saturating_mul(ring_points),
            OverBudget::MovementSweep { sizes, keys, .. } => sizes.saturating_mul(keys),
            OverBudget::Probes { keys, probes, .. } => keys.saturating_mul(probes),
        }
    }

    /// The limit that was exceeded.
    pub fn max(&self) -> u64 {
        match *self {
            OverBudget::Rendezvous { max, .. }
            | OverBudget::KeyCopies { max, .. }
            | OverBudget::DeviationSweep { max, .. }
            | OverBudget::MovementSweep { max, .. }
            | OverBudget::Probes { max, .. } => max,
        }
    }

    /// The most keys that fit with everything else unchanged (`None` when the keys are not
    /// what the budget counts, or when not even one key fits).
    pub fn max_keys(&self) -> Option<u64> {
        let per_key = match *self {
            OverBudget::Rendezvous {
                nodes, replicas, ..
            } => nodes.saturating_mul(replicas),
            OverBudget::KeyCopies { replicas, .. } => replicas,
            OverBudget::MovementSweep { sizes, .. } => sizes,
            OverBudget::Probes { probes, .. } => probes,
            OverBudget::DeviationSweep { .. } => return None,
        };
        fit(self.max(), per_key)
    }

    /// The most nodes (rendezvous), copies per key (replicated assignments), trials
    /// (deviation sweep) or cluster sizes (movement sweep) that fit with everything else
    /// unchanged: the other way round the limit.
    pub fn max_other(&self) -> Option<u64> {
        let rest = match *self {
            OverBudget::Rendezvous { keys, replicas, .. } => keys.saturating_mul(replicas),
            OverBudget::KeyCopies { keys, .. } => keys,
            OverBudget::DeviationSweep { ring_points, .. } => ring_points,
            OverBudget::MovementSweep { keys, .. } => keys,
            OverBudget::Probes { keys, .. } => keys,
        };
        fit(self.max(), rest)
    }
}

/// `max / per`, rounded down; `None` when that is 0.
fn fit(max: u64, per: u64) -> Option<u64> {
    (per > 0).then(|| max / per).filter(|&n| n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lesson_ring() -> Config {
        Config::new(Strategy::Ring, ["inv-bcn", "inv-vlc", "inv-gir", "inv-lle"])
    }

    #[test]
    fn effective_vnodes_floors_like_the_lesson_and_never_reaches_zero() {
        assert_eq!(effective_vnodes(150, 2.0), 300);
        assert_eq!(effective_vnodes(150, 1.0), 150);
        assert_eq!(effective_vnodes(150, 0.5), 75);
        assert_eq!(effective_vnodes(10, 0.01), 1);
        assert_eq!(effective_vnodes(100, 0.29), 28); // 28.999999999999996, floored as int() does
    }

    /// Every kind once: `kind` matches every variant (the compiler says so), and the kinds
    /// of the examples are as many as the arms there, none twice.
    #[test]
    fn the_examples_cover_every_kind_once() {
        let examples = ConfigError::examples();
        let kinds: std::collections::BTreeSet<&str> =
            examples.iter().map(ConfigError::kind).collect();
        assert_eq!(kinds.len(), examples.len(), "a kind listed twice");
        // The arms of `kind`, counted in its source: one example each.
        let source = include_str!("config.rs");
        let start = source
            .find("pub fn kind(&self)")
            .expect("kind is defined here");
        let end = start + source[start..].find("\n    }\n").expect("kind ends");
        let arms = source[start..end].matches("=> \"").count();
        assert_eq!(examples.len(), arms, "every kind has an example");
        for e in &examples {
            assert!(!e.to_string().is_empty(), "{e:?}");
        }
    }

    #[test]
    fn bad_inputs_get_typed_errors() {
        let check = |mutate: &dyn Fn(&mut Config), expected: &dyn Fn(&ConfigError) -> bool| {
            let mut c = lesson_ring();
            mutate(&mut c);
            let err = c.validate().expect_err("must be rejected");
            assert!(expected(&err), "unexpected error {err:?}");
            assert!(!err.to_string().is_empty());
        };
        check(&|c| c.nodes.clear(), &|e| *e == ConfigError::NoNodes);
        check(&|c| c.nodes[1].name = "  ".into(), &|e| {
            *e == ConfigError::EmptyNodeName { position: 2 }
        });
        check(&|c| c.nodes[2].name = "inv-bcn".into(), &|e| {
            matches!(e, ConfigError::DuplicateNodeName { .. })
        });
        check(&|c| c.nodes[0].name = "x".repeat(10_000), &|e| {
            matches!(e, ConfigError::NodeNameTooLong { chars: 10_000, .. })
        });
        for w in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e308, 1e-9, 0.099] {
            check(&|c| c.nodes[0].weight = w, &|e| {
                matches!(e, ConfigError::InvalidWeight { .. })
            });
        }
        for (name, code) in [
            ("a\u{202e}b", 0x202e),
            ("\u{200b}", 0x200b),
            ("x\u{feff}", 0xfeff),
            ("\u{2066}y\u{2069}", 0x2066),
        ] {
            check(&|c| c.nodes[1].name = name.into(), &|e| {
                *e == ConfigError::NodeNameHiddenChar {
                    name: name.into(),
                    code,
                }
            });
        }
        check(&|c| c.vnodes = 0, &|e| {
            matches!(e, ConfigError::VnodesOutOfRange { .. })
        });
        check(&|c| c.vnodes = 10_001, &|e| {
            matches!(e, ConfigError::VnodesOutOfRange { .. })
        });
        check(&|c| c.nodes[0].weight = 100.0, &|e| {
            matches!(e, ConfigError::TooManyVnodesForNode { .. })
        });
        check(&|c| c.replicas = 5, &|e| {
            matches!(
                e,
                ConfigError::ReplicasOutOfRange {
                    replicas: 5,
                    nodes: 4
                }
            )
        });
        check(&|c| c.replicas = 0, &|e| {
            matches!(e, ConfigError::ReplicasOutOfRange { .. })
        });
    }

    #[test]
    fn weights_are_refused_where_the_strategy_ignores_them() {
        for strategy in Strategy::ALL {
            let mut config = Config::new(strategy, ["a", "b", "c"]);
            assert_eq!(config.check_weights_used(), Ok(()), "{strategy}: all 1");
            config.nodes[1].weight = 2.0;
            // Still a valid configuration: only a caller that asked for weights refuses them.
            assert_eq!(config.validate(), Ok(()), "{strategy}");
            let refused = config.check_weights_used();
            if strategy.uses_weights() {
                assert_eq!(refused, Ok(()), "{strategy}");
            } else {
                assert_eq!(
                    refused,
                    Err(ConfigError::WeightsUnused {
                        strategy,
                        node: "b".into(),
                        weight: 2.0
                    }),
                    "{strategy}"
                );
            }
        }
        // The strategies beyond the lesson that ignore weights.
        for s in [Strategy::Maglev, Strategy::Bounded, Strategy::MultiProbe] {
            assert!(!s.uses_weights(), "{s}");
        }
    }

    #[test]
    fn names_count_code_points_and_weights_start_at_the_minimum() {
        let mut c = lesson_ring();
        // 64 crabs: 64 code points (128 UTF-16 units, 256 bytes) is within the limit.
        c.nodes[0].name = "🦀".repeat(MAX_NODE_NAME_CHARS);
        c.nodes[1].weight = MIN_WEIGHT;
        c.nodes[2].weight = MAX_WEIGHT / 100.0;
        assert_eq!(c.validate(), Ok(()));
        c.nodes[0].name.push('🦀');
        assert!(matches!(
            c.validate(),
            Err(ConfigError::NodeNameTooLong { chars: 65, .. })
        ));
        // Visible non-ASCII text is fine; only invisible formatting characters are refused.
        assert!(validate_node_name("café ☕ ŀ·l", 0).is_ok());
        assert!(validate_node_name("אב-1", 0).is_ok());
    }

    #[test]
    fn strategy_names_round_trip() {
        for s in Strategy::ALL {
            assert_eq!(s.name().parse::<Strategy>(), Ok(s));
        }
        assert_eq!("libketama".parse::<Strategy>(), Ok(Strategy::Ketama));
        assert!("chord".parse::<Strategy>().is_err());
    }
}
