//! The lab's whole state as plain data, and its round trip through the URL fragment.
//!
//! Copying the page's address reproduces the view: strategy, nodes and weights, vnodes, key
//! count, replication factor, language, preset, selected key and embed view all live in the
//! fragment. Parsing never panics: a malformed, hostile or huge fragment gives the defaults
//! (field by field where possible) plus typed [`FragmentIssue`]s the page shows as notices.
//!
//! # Format
//!
//! `#s=ring&n=inv-bcn,inv-vlc,inv-gir,inv-lle&w=2,1,1,1&v=150&k=100000&r=1&l=ca&p=ring-150&key=P-2026-000042&embed=ring`
//!
//! | field | meaning | values |
//! |---|---|---|
//! | `s` | strategy | `modulo`, `ring`, `rendezvous`, `jump` |
//! | `n` | node names, comma-separated, each percent-encoded | 1–[`MAX_LAB_NODES`] names |
//! | `w` | weights, same order as `n` (omitted when all are 1) | [`MIN_WEIGHT`]–[`MAX_LAB_WEIGHT`] |
//! | `v` | vnodes per node of weight 1 | 1–[`MAX_LAB_VNODES`] |
//! | `k` | number of lesson keys | [`MIN_KEYS`]–[`MAX_LAB_KEYS`] |
//! | `r` | replication factor (copies per key) | 1–number of nodes |
//! | `l` | language | `ca`, `en` |
//! | `p` | lesson preset id (optional) | a [`partlab_core::lesson`] scenario id |
//! | `key` | selected key, percent-encoded (optional) | up to [`MAX_SELECTED_KEY_CHARS`] characters |
//! | `embed` | embed mode: show only this view (optional) | `ring`, `figures`, `bars`, `deviation`, `movement`, `tables` |

use std::fmt;

pub mod words;

use crate::base::url::{decode, lossy_decode, DecodeError};
pub use crate::base::url::{decode_field, encode, format_weight, short};
pub use crate::base::{nearest_stop, Lang};

use partlab_core::config::{Config, ConfigError, Node, Strategy, StrategyParams};
use partlab_core::lesson;
use partlab_core::zoo::bounded::{MAX_LOAD_FACTOR, MIN_LOAD_FACTOR};
use partlab_core::zoo::maglev::MAX_TABLE_SIZE;

/// The table sizes the page offers for Maglev (primes; the paper's two are 65 537 and
/// 655 373).
pub const TABLE_SIZE_STOPS: [u32; 6] = [101, 1_009, 5_003, 10_007, 65_537, 655_373];
/// Bounded loads' factors the page's slider stops at.
pub const LOAD_FACTOR_STOPS: [f64; 8] = [1.0, 1.05, 1.1, 1.25, 1.5, 2.0, 3.0, 5.0];
/// Multi-probe's probe counts the page's slider stops at.
pub const PROBE_STOPS: [u32; 9] = [1, 2, 3, 5, 8, 13, 21, 34, 64];

/// Most multi-probe probes per key the page offers (the core takes more; each probe is a
/// search of the ring, so the page keeps a change of a million keys within its slices).
pub const MAX_LAB_PROBES: u32 = 64;

/// Most nodes the lab lets a user create (the core allows more; the page stays readable).
pub const MAX_LAB_NODES: usize = 32;
/// Smallest weight the lab offers: the core's minimum ([`partlab_core::config::MIN_WEIGHT`]),
/// the same for the slider, the URL's `w` and the CLI's `--weights`.
pub const MIN_WEIGHT: f64 = partlab_core::config::MIN_WEIGHT;
/// Largest weight the lab offers.
pub const MAX_LAB_WEIGHT: f64 = 5.0;
/// Largest vnode count per node the lab offers.
pub const MAX_LAB_VNODES: u32 = 1000;
/// Fewest keys the lab offers.
pub const MIN_KEYS: u32 = 1_000;
/// Most keys the lab offers.
pub const MAX_LAB_KEYS: u32 = 1_000_000;
/// Longest selected key kept in the state.
pub const MAX_SELECTED_KEY_CHARS: usize = 256;
/// Longest fragment parsed at all; anything longer is rejected before looking inside. Room
/// for 32 nodes with 64-character names in any script (up to 12 bytes per character encoded).
pub const MAX_FRAGMENT_BYTES: usize = 32 * 1024;

/// The vnode counts the vnodes slider steps through: 1, 10, 150 and 1000 are each one stop.
pub const VNODE_STOPS: [u32; 19] = [
    1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 400, 500, 700, 1000,
];
/// The key counts the key slider steps through.
pub const KEY_STOPS: [u32; 10] = [
    1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
];

/// One of the page's views; in embed mode only one is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    /// The ring canvas with the key path.
    Ring,
    /// The figures panel.
    Figures,
    /// The keys-per-node bar chart.
    Bars,
    /// The deviation-against-vnodes chart.
    Deviation,
    /// The keys-moved-per-strategy chart.
    Movement,
    /// The lesson's printed tables beside the lab's figures ([`crate::tables`]).
    Tables,
}

impl View {
    /// Every view, in page order.
    pub const ALL: [View; 6] = [
        View::Ring,
        View::Figures,
        View::Bars,
        View::Deviation,
        View::Movement,
        View::Tables,
    ];

    /// The name used in the URL (`embed=ring`) and in `data-view` attributes.
    pub fn name(self) -> &'static str {
        match self {
            View::Ring => "ring",
            View::Figures => "figures",
            View::Bars => "bars",
            View::Deviation => "deviation",
            View::Movement => "movement",
            View::Tables => "tables",
        }
    }

    /// The view called `name`.
    pub fn from_name(name: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.name() == name)
    }
}

/// A node as the lab keeps it: name, weight and a stable colour slot.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeSpec {
    /// The node's name (user text: always shown as text, never as markup).
    pub name: String,
    /// Its weight, [`MIN_WEIGHT`]–[`MAX_LAB_WEIGHT`].
    pub weight: f64,
    /// Palette slot; kept when other nodes come and go so colours do not jump.
    pub colour: usize,
}

/// Everything that decides what the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct LabState {
    /// How keys are mapped to nodes.
    pub strategy: Strategy,
    /// The physical nodes, in order.
    pub nodes: Vec<NodeSpec>,
    /// Vnodes per node of weight 1 (ring only).
    pub vnodes: u32,
    /// How many of the lesson's keys (`P-2026-000001` …).
    pub key_count: u32,
    /// Replication factor: copies per key.
    pub replicas: u32,
    /// Maglev's table size, bounded loads' factor and multi-probe's probes (each strategy
    /// reads its own; written to the address only when not the papers' values).
    pub params: StrategyParams,
    /// Interface language.
    pub lang: Lang,
    /// The lesson preset the state came from, while it is unchanged.
    pub preset: Option<String>,
    /// The key whose path is shown.
    pub key: Option<String>,
    /// Embed mode: show only this view.
    pub embed: Option<View>,
}

impl Default for LabState {
    fn default() -> Self {
        LabState::with_lang(Lang::Ca)
    }
}

/// Gives nodes colour slots: a name already in `previous` keeps its slot, a new one takes the
/// smallest free slot.
pub fn assign_colours(previous: &[NodeSpec], nodes: &[(String, f64)]) -> Vec<NodeSpec> {
    let mut used: Vec<usize> = Vec::new();
    let mut out: Vec<Option<usize>> = nodes
        .iter()
        .map(|(name, _)| {
            let c = previous
                .iter()
                .find(|p| &p.name == name)
                .map(|p| p.colour)
                .filter(|c| !used.contains(c));
            if let Some(c) = c {
                used.push(c);
            }
            c
        })
        .collect();
    for slot in out.iter_mut() {
        if slot.is_none() {
            let free = (0..).find(|c| !used.contains(c)).unwrap_or(0);
            used.push(free);
            *slot = Some(free);
        }
    }
    nodes
        .iter()
        .zip(out)
        .map(|((name, weight), colour)| NodeSpec {
            name: name.clone(),
            weight: *weight,
            colour: colour.unwrap_or(0),
        })
        .collect()
}

impl LabState {
    /// The default experiment (the lesson's ring: four nodes, 150 vnodes, 100 000 keys) in
    /// language `lang`.
    pub fn with_lang(lang: Lang) -> Self {
        let nodes: Vec<(String, f64)> = lesson::NODES
            .iter()
            .map(|n| ((*n).to_owned(), 1.0))
            .collect();
        LabState {
            strategy: Strategy::Ring,
            nodes: assign_colours(&[], &nodes),
            vnodes: 150,
            key_count: lesson::KEY_COUNT as u32,
            replicas: 1,
            params: StrategyParams::default(),
            lang,
            preset: None,
            key: None,
            embed: None,
        }
    }

    /// The core configuration this state describes (not yet validated).
    pub fn config(&self) -> Config {
        Config {
            strategy: self.strategy,
            nodes: self
                .nodes
                .iter()
                .map(|n| Node::weighted(n.name.clone(), n.weight))
                .collect(),
            vnodes: self.vnodes,
            replicas: self.replicas,
            params: self.params,
        }
    }

    /// Replaces the configuration part of the state with `config`, keeping colours of nodes
    /// that stay.
    pub fn set_config(&mut self, config: &Config) {
        let nodes: Vec<(String, f64)> = config
            .nodes
            .iter()
            .map(|n| (n.name.clone(), n.weight))
            .collect();
        self.nodes = assign_colours(&self.nodes, &nodes);
        self.strategy = config.strategy;
        self.vnodes = config.vnodes;
        self.replicas = config.replicas;
        self.params = config.params;
    }

    /// Checks the lab's own limits (tighter than the core's) and then the core's.
    pub fn validate(&self) -> Result<(), StateError> {
        if self.nodes.len() > MAX_LAB_NODES {
            return Err(StateError::TooManyNodes);
        }
        if self.vnodes == 0 || self.vnodes > MAX_LAB_VNODES {
            return Err(StateError::Vnodes(self.vnodes));
        }
        if !(MIN_KEYS..=MAX_LAB_KEYS).contains(&self.key_count) {
            return Err(StateError::KeyCount(self.key_count));
        }
        for n in &self.nodes {
            if !(MIN_WEIGHT..=MAX_LAB_WEIGHT).contains(&n.weight) {
                return Err(StateError::Weight {
                    node: short(&n.name, 32),
                    weight: n.weight,
                });
            }
        }
        if self.params.probes > MAX_LAB_PROBES {
            return Err(StateError::Config(ConfigError::ProbesOutOfRange {
                probes: self.params.probes,
                min: 1,
                max: MAX_LAB_PROBES,
            }));
        }
        self.config().validate().map_err(StateError::Config)
    }

    /// The state as a URL fragment (without the leading `#`).
    pub fn to_fragment(&self) -> String {
        let mut parts: Vec<String> = vec![
            format!("s={}", self.strategy.name()),
            format!(
                "n={}",
                self.nodes
                    .iter()
                    .map(|n| encode(&n.name))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ];
        if self.nodes.iter().any(|n| n.weight != 1.0) {
            parts.push(format!(
                "w={}",
                self.nodes
                    .iter()
                    .map(|n| format_weight(n.weight))
                    .collect::<Vec<_>>()
                    .join(",")
            ));
        }
        parts.push(format!("v={}", self.vnodes));
        parts.push(format!("k={}", self.key_count));
        parts.push(format!("r={}", self.replicas));
        let d = StrategyParams::default();
        if self.params.table_size != d.table_size {
            parts.push(format!("m={}", self.params.table_size));
        }
        if self.params.load_factor != d.load_factor {
            parts.push(format!("lf={}", format_weight(self.params.load_factor)));
        }
        if self.params.probes != d.probes {
            parts.push(format!("probes={}", self.params.probes));
        }
        parts.push(format!("l={}", self.lang.code()));
        if let Some(p) = &self.preset {
            parts.push(format!("p={}", encode(p)));
        }
        if let Some(k) = &self.key {
            parts.push(format!("key={}", encode(k)));
        }
        if let Some(v) = self.embed {
            parts.push(format!("embed={}", v.name()));
        }
        parts.join("&")
    }

    /// Whether the state is its preset's: the lesson scenario named by `preset`, before or
    /// after its change, with the lesson's key count. A preset label is only kept while this
    /// holds, so it never names an experiment the user has changed since.
    pub fn is_preset_state(&self) -> bool {
        let Some(s) = self.preset.as_deref().and_then(lesson::scenario) else {
            return false;
        };
        if self.key_count as usize != lesson::KEY_COUNT {
            return false;
        }
        let config = self.config();
        config == s.before || s.after.as_ref() == Some(&config)
    }

    /// Reads a fragment (with or without the leading `#`); see
    /// [`LabState::from_fragment_over`]. Fields it leaves out take the default experiment's
    /// value (`lang` when no language is given).
    pub fn from_fragment(fragment: &str, lang: Lang) -> (LabState, Vec<FragmentIssue>) {
        LabState::from_fragment_over(fragment, LabState::with_lang(lang))
    }

    /// Reads a fragment over `defaults` (a chapter's opening state). Never panics, whatever
    /// the input, and always gives a valid state.
    ///
    /// Field by field: every field that is valid is kept; a field that is not falls back on
    /// its own to its value in `defaults`, and adds one issue that names it and says why, so
    /// the page can list every field it dropped. Fields that depend on others:
    /// - `n`: the names must pass the core's rules (none empty, none too long, no control or
    ///   invisible character, no duplicate); otherwise all the default nodes are kept.
    /// - `w`: applies to the nodes in force (the fragment's, or the default ones when `n` is
    ///   absent or dropped) when it has one weight per node, each in range.
    /// - `r`: above the number of nodes it is lowered to that number
    ///   ([`FragmentIssue::ReplicasClamped`]); 0 or not a number takes the default.
    /// - `p` alone (no `s`, `n`, `w`, `v`, `k` or `r`, valid or not) stands for the preset's
    ///   state (after its change, if it has one). With configuration fields it is a label,
    ///   kept only while the experiment is the preset's ([`LabState::is_preset_state`]); a label
    ///   that does not describe the experiment is dropped without an issue: it sets nothing.
    pub fn from_fragment_over(
        fragment: &str,
        defaults: LabState,
    ) -> (LabState, Vec<FragmentIssue>) {
        let mut state = defaults.clone();
        let mut issues = Vec::new();
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        if fragment.is_empty() {
            return (state, issues);
        }
        if fragment.len() > MAX_FRAGMENT_BYTES {
            issues.push(FragmentIssue::TooLong {
                bytes: fragment.len(),
            });
            return (state, issues);
        }
        // A field given twice counts once, with its last value.
        let mut fields: Vec<(Field, &str)> = Vec::new();
        let mut unknown = 0usize;
        for pair in fragment.split('&').filter(|p| !p.is_empty()) {
            let (name, raw) = pair.split_once('=').unwrap_or((pair, ""));
            match Field::from_name(name) {
                Some(field) => {
                    fields.retain(|(f, _)| *f != field);
                    fields.push((field, raw));
                }
                None => unknown += 1,
            }
        }
        let config_given = fields.iter().any(|(f, _)| f.is_config());
        let mut names: Option<Vec<String>> = None;
        let mut weights: Option<Vec<f64>> = None;
        let mut replicas: Option<u32> = None;
        for (field, raw) in fields {
            let bad = |issues: &mut Vec<FragmentIssue>| {
                issues.push(FragmentIssue::bad_value(field, raw));
            };
            match field {
                Field::Strategy => match decode(raw).ok().and_then(|s| s.parse().ok()) {
                    Some(s) => state.strategy = s,
                    None => bad(&mut issues),
                },
                Field::Nodes => match parse_names(raw) {
                    Ok(list) => names = Some(list),
                    Err(issue) => issues.push(issue),
                },
                Field::Weights => match parse_weights(raw) {
                    Some(list) => weights = Some(list),
                    None => bad(&mut issues),
                },
                Field::Vnodes => match parse_u32(raw) {
                    Some(v) if (1..=MAX_LAB_VNODES).contains(&v) => state.vnodes = v,
                    _ => bad(&mut issues),
                },
                Field::Keys => match parse_u32(raw) {
                    Some(k) if (MIN_KEYS..=MAX_LAB_KEYS).contains(&k) => state.key_count = k,
                    _ => bad(&mut issues),
                },
                Field::Replicas => match parse_u32(raw) {
                    Some(r) if (1..=MAX_LAB_NODES as u32).contains(&r) => replicas = Some(r),
                    _ => bad(&mut issues),
                },
                // Each within its strategy's own range (the core checks primality later).
                Field::TableSize => match raw.parse::<u64>() {
                    Ok(m) if (2..=MAX_TABLE_SIZE).contains(&m) && raw.len() <= 8 => {
                        state.params.table_size = m
                    }
                    _ => bad(&mut issues),
                },
                Field::LoadFactor => match crate::base::decimal::parse_decimal(raw) {
                    Some(c)
                        if (MIN_LOAD_FACTOR..=MAX_LOAD_FACTOR).contains(&c) && raw.len() <= 8 =>
                    {
                        state.params.load_factor = c
                    }
                    _ => bad(&mut issues),
                },
                Field::Probes => match parse_u32(raw) {
                    Some(k) if (1..=MAX_LAB_PROBES).contains(&k) => state.params.probes = k,
                    _ => bad(&mut issues),
                },
                Field::Lang => match Lang::from_code(raw) {
                    Some(l) if raw.len() <= 8 => state.lang = l,
                    _ => bad(&mut issues),
                },
                Field::Preset => match decode(raw).ok().and_then(|p| lesson::scenario(&p)) {
                    Some(s) => state.preset = Some(s.id.to_owned()),
                    None => bad(&mut issues),
                },
                Field::Key => match decode(raw) {
                    Ok(k)
                        if !k.is_empty()
                            && k.chars().count() <= MAX_SELECTED_KEY_CHARS
                            && !k.chars().any(char::is_control) =>
                    {
                        state.key = Some(k)
                    }
                    Ok(_) => bad(&mut issues),
                    Err(e) => issues.push(e.at(field)),
                },
                Field::Embed => match View::from_name(raw) {
                    Some(v) => state.embed = Some(v),
                    None => bad(&mut issues),
                },
                // The frame's fields: it read them already.
                // `cmp` is read by compare mode (`model::compare`), the others by the frame.
                Field::Chapter
                | Field::Links
                | Field::Projector
                | Field::Quiz
                | Field::QuizIndex
                | Field::Compare => {}
            }
        }
        if unknown > 0 {
            issues.push(FragmentIssue::UnknownFields { count: unknown });
        }
        // A preset alone (`#p=ring-join&embed=ring`, handy in an iframe) means its state: the
        // configuration after the change when it has one. Its nodes get their colours afresh,
        // as the same state written out in full (`n=…`) does, so a reload shows the same view.
        if !config_given {
            if let Some(s) = state.preset.as_deref().and_then(lesson::scenario) {
                state.set_config(s.after.as_ref().unwrap_or(&s.before));
                state.nodes = assign_colours(&[], &names_weights_of(&state.nodes));
                state.key_count = lesson::KEY_COUNT as u32;
            }
        }
        if let Some(list) = names {
            match Config::new(Strategy::Modulo, list.iter().cloned()).validate() {
                Ok(()) => {
                    let list: Vec<(String, f64)> = list.into_iter().map(|n| (n, 1.0)).collect();
                    state.nodes = assign_colours(&[], &list);
                }
                Err(e) => issues.push(FragmentIssue::Rejected {
                    field: Field::Nodes,
                    error: StateError::Config(e),
                }),
            }
        }
        if let Some(w) = weights {
            if w.len() == state.nodes.len() {
                for (node, w) in state.nodes.iter_mut().zip(w) {
                    node.weight = w;
                }
            } else {
                issues.push(FragmentIssue::WeightsDoNotMatchNodes);
            }
        }
        if let Some(r) = replicas {
            let nodes = state.nodes.len();
            if r as usize > nodes {
                issues.push(FragmentIssue::ReplicasClamped { given: r, nodes });
                state.replicas = nodes as u32;
            } else {
                state.replicas = r;
            }
        }
        if !state.is_preset_state() {
            state.preset = None;
        }
        // Every field was checked on its own, and the lab's limits keep any combination
        // within the core's (32 nodes × 1000 vnodes × weight 5 is under the ring's limits), so
        // this is only a safety net.
        if let Err(e) = state.validate() {
            issues.push(FragmentIssue::Invalid(e));
            let keep = (state.lang, state.embed);
            state = defaults;
            state.lang = keep.0;
            state.embed = keep.1;
            if state.validate().is_err() {
                state = LabState::with_lang(keep.0);
            }
        }
        (state, issues)
    }
}

/// What can be wrong with a state, beyond what the core checks.
#[derive(Clone, Debug, PartialEq)]
pub enum StateError {
    /// More than [`MAX_LAB_NODES`] nodes.
    TooManyNodes,
    /// A vnode count outside 1–[`MAX_LAB_VNODES`].
    Vnodes(u32),
    /// A key count outside [`MIN_KEYS`]–[`MAX_LAB_KEYS`].
    KeyCount(u32),
    /// A weight outside [`MIN_WEIGHT`]–[`MAX_LAB_WEIGHT`].
    Weight {
        /// The node (shortened).
        node: String,
        /// The rejected weight.
        weight: f64,
    },
    /// The core rejected the configuration.
    Config(ConfigError),
}

/// A field of the fragment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `s`
    Strategy,
    /// `n`
    Nodes,
    /// `w`
    Weights,
    /// `v`
    Vnodes,
    /// `k`
    Keys,
    /// `r`
    Replicas,
    /// `l`
    Lang,
    /// `p`
    Preset,
    /// `key`
    Key,
    /// `embed`
    Embed,
    /// `c`: the chapter (read by the frame, [`crate::chapters::route`]).
    Chapter,
    /// `links`: whether links leaving an embedding frame show (read by the frame).
    Links,
    /// `projector`: projector mode (read by the frame).
    Projector,
    /// `m`: Maglev's table size.
    TableSize,
    /// `lf`: bounded loads' factor `c`.
    LoadFactor,
    /// `probes`: multi-probe's probes per key.
    Probes,
    /// `quiz`: the "Predict first" question set (read by the frame).
    Quiz,
    /// `qi`: the question of the set on screen (read by the frame).
    QuizIndex,
    /// `cmp`: compare mode's pinned side A, its configuration fields as `s:ring;n:a,b;v:150`
    /// (read by the lab's compare mode, [`crate::model::compare`]).
    Compare,
}

impl Field {
    /// Every field, in the order the address writes them (the frame's last).
    pub const ALL: [Field; 19] = [
        Field::Strategy,
        Field::Nodes,
        Field::Weights,
        Field::Vnodes,
        Field::Keys,
        Field::Replicas,
        Field::Lang,
        Field::Preset,
        Field::Key,
        Field::Embed,
        Field::Chapter,
        Field::Links,
        Field::Projector,
        Field::TableSize,
        Field::LoadFactor,
        Field::Probes,
        Field::Quiz,
        Field::QuizIndex,
        Field::Compare,
    ];

    /// The field's name in the fragment.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Strategy => "s",
            Field::Nodes => "n",
            Field::Weights => "w",
            Field::Vnodes => "v",
            Field::Keys => "k",
            Field::Replicas => "r",
            Field::Lang => "l",
            Field::Preset => "p",
            Field::Key => "key",
            Field::Embed => "embed",
            Field::Chapter => "c",
            Field::Links => "links",
            Field::Projector => "projector",
            Field::TableSize => "m",
            Field::LoadFactor => "lf",
            Field::Probes => "probes",
            Field::Quiz => "quiz",
            Field::QuizIndex => "qi",
            Field::Compare => "cmp",
        }
    }

    /// Whether the field is part of the experiment's configuration (`s`, `n`, `w`, `v`, `k`,
    /// `r`): with any of them, a preset is only a label.
    pub fn is_config(self) -> bool {
        matches!(
            self,
            Field::Strategy
                | Field::Nodes
                | Field::Weights
                | Field::Vnodes
                | Field::Keys
                | Field::Replicas
                | Field::TableSize
                | Field::LoadFactor
                | Field::Probes
        )
    }

    fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Something wrong in a URL fragment; the page shows each as a notice.
#[derive(Clone, Debug, PartialEq)]
pub enum FragmentIssue {
    /// Longer than [`MAX_FRAGMENT_BYTES`]: ignored entirely.
    TooLong {
        /// Its length.
        bytes: usize,
    },
    /// Percent-decoding gave bytes that are not UTF-8.
    NotUtf8 {
        /// Where.
        field: Field,
    },
    /// A value that does not parse or is out of range (kept short for display).
    BadValue {
        /// Where.
        field: Field,
        /// The start of the value, decoded lossily.
        value: String,
    },
    /// More names than [`MAX_LAB_NODES`].
    TooManyNodes {
        /// How many were given.
        count: usize,
    },
    /// `w` has a different number of entries than `n`.
    WeightsDoNotMatchNodes,
    /// Fields the lab does not know.
    UnknownFields {
        /// How many.
        count: usize,
    },
    /// A field that reads well but that the lab refuses (node names that break the core's
    /// rules); the field takes its default.
    Rejected {
        /// Where.
        field: Field,
        /// Why.
        error: StateError,
    },
    /// `r` asks for more copies than there are nodes: it was lowered to the node count.
    ReplicasClamped {
        /// The factor given.
        given: u32,
        /// The number of nodes, the factor used.
        nodes: usize,
    },
    /// The fields parsed but describe an experiment the lab rejects (not expected: every field
    /// is checked on its own first); the default experiment is shown.
    Invalid(StateError),
}

impl FragmentIssue {
    /// The field the issue drops (or changes), if it is about one field.
    pub fn field(&self) -> Option<Field> {
        match self {
            FragmentIssue::NotUtf8 { field }
            | FragmentIssue::BadValue { field, .. }
            | FragmentIssue::Rejected { field, .. } => Some(*field),
            FragmentIssue::TooManyNodes { .. } => Some(Field::Nodes),
            FragmentIssue::WeightsDoNotMatchNodes => Some(Field::Weights),
            FragmentIssue::ReplicasClamped { .. } => Some(Field::Replicas),
            FragmentIssue::TooLong { .. }
            | FragmentIssue::UnknownFields { .. }
            | FragmentIssue::Invalid(_) => None,
        }
    }

    /// A [`FragmentIssue::BadValue`] quoting (a short, decoded start of) `raw`.
    pub fn bad_value(field: Field, raw: &str) -> FragmentIssue {
        FragmentIssue::BadValue {
            field,
            value: short(&lossy_decode(raw), 40),
        }
    }
}

/// The English message, as the page shows it.
impl fmt::Display for FragmentIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&words::fragment_issue(Lang::En, self))
    }
}

impl DecodeError {
    fn at(self, field: Field) -> FragmentIssue {
        match self {
            DecodeError::NotUtf8 => FragmentIssue::NotUtf8 { field },
        }
    }
}

fn names_weights_of(nodes: &[NodeSpec]) -> Vec<(String, f64)> {
    nodes.iter().map(|n| (n.name.clone(), n.weight)).collect()
}

fn parse_names(raw: &str) -> Result<Vec<String>, FragmentIssue> {
    let parts: Vec<&str> = raw.split(',').collect();
    if parts.len() > MAX_LAB_NODES {
        return Err(FragmentIssue::TooManyNodes { count: parts.len() });
    }
    parts
        .into_iter()
        .map(|p| decode(p).map_err(|e| e.at(Field::Nodes)))
        .collect()
}

fn parse_weights(raw: &str) -> Option<Vec<f64>> {
    let parts: Vec<&str> = raw.split(',').collect();
    if parts.len() > MAX_LAB_NODES {
        return None;
    }
    parts
        .into_iter()
        .map(|p| {
            if p.len() > 12 {
                return None;
            }
            crate::base::decimal::parse_decimal(p)
                .filter(|w| w.is_finite() && (MIN_WEIGHT..=MAX_LAB_WEIGHT).contains(w))
        })
        .collect()
}

fn parse_u32(raw: &str) -> Option<u32> {
    if raw.is_empty() || raw.len() > 10 || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    raw.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(f: &str) -> (LabState, Vec<FragmentIssue>) {
        LabState::from_fragment(f, Lang::En)
    }

    #[test]
    fn default_state_round_trips() {
        let s = LabState::default();
        let f = s.to_fragment();
        assert_eq!(
            f,
            "s=ring&n=inv-bcn,inv-vlc,inv-gir,inv-lle&v=150&k=100000&r=1&l=ca"
        );
        assert_eq!(parse(&f), (s, vec![]));
    }

    #[test]
    fn a_full_state_round_trips() {
        let mut s = LabState::with_lang(Lang::En);
        s.strategy = Strategy::Rendezvous;
        s.nodes = assign_colours(
            &[],
            &[
                ("a,b&c=d".to_owned(), 2.0),
                ("café ☕ <b>".to_owned(), 0.5),
                ("%41".to_owned(), 1.25),
            ],
        );
        s.vnodes = 7;
        s.key_count = 12_345;
        s.replicas = 2;
        s.key = Some("P-2026-000042 & #x".into());
        s.embed = Some(View::Deviation);
        let (back, issues) = parse(&format!("#{}", s.to_fragment()));
        assert_eq!(issues, vec![]);
        assert_eq!(back, s);
    }

    #[test]
    fn the_largest_state_fits_in_a_fragment() {
        let mut s = LabState::with_lang(Lang::Ca);
        let nodes: Vec<(String, f64)> = (0..MAX_LAB_NODES)
            .map(|i| (format!("{i:02}{}", "☕".repeat(62)), 4.95))
            .collect();
        s.nodes = assign_colours(&[], &nodes);
        s.vnodes = 1;
        s.key = Some("é".repeat(MAX_SELECTED_KEY_CHARS));
        assert!(s.validate().is_ok());
        let f = s.to_fragment();
        assert!(f.len() <= MAX_FRAGMENT_BYTES, "{} bytes", f.len());
        assert_eq!(parse(&f), (s, vec![]));
    }

    #[test]
    fn empty_and_missing_fields_take_defaults() {
        assert_eq!(parse(""), (LabState::with_lang(Lang::En), vec![]));
        assert_eq!(parse("#"), (LabState::with_lang(Lang::En), vec![]));
        let (s, issues) = parse("v=10");
        assert_eq!(s.vnodes, 10);
        assert_eq!(s.nodes.len(), 4);
        assert!(issues.is_empty());
    }

    #[test]
    fn bad_fields_fall_back_with_a_typed_issue() {
        let check = |f: &str, expected: &dyn Fn(&[FragmentIssue]) -> bool| {
            let (s, issues) = parse(f);
            assert!(s.validate().is_ok(), "{f}: invalid state {s:?}");
            assert!(expected(&issues), "{f}: unexpected issues {issues:?}");
        };
        let bad = |field: Field| {
            move |i: &[FragmentIssue]| {
                i.iter()
                    .any(|x| matches!(x, FragmentIssue::BadValue { field: f, .. } if *f == field))
            }
        };
        // Values each field refuses.
        let refused: [(Field, &[&str]); 9] = [
            (Field::Strategy, &["s=chord"]),
            (Field::Vnodes, &["v=0", "v=1e9", "v=99999999999999999999"]),
            (Field::Keys, &["k=5", "k=2000000"]),
            (Field::Replicas, &["r=-1"]),
            (Field::Lang, &["l=fr"]),
            (Field::Preset, &["p=nope"]),
            (Field::Embed, &["embed=<script>"]),
            (
                Field::Weights,
                &[
                    "w=NaN,1,1,1",
                    "w=1e308,1,1,1",
                    "w=-1,1,1,1",
                    "w=1e-9,1,1,1",
                    "w=0.09,1,1,1",
                ],
            ),
            (Field::Key, &["key=%00"]),
        ];
        for (field, fragments) in refused {
            for fragment in fragments {
                check(fragment, &bad(field));
            }
        }
        check("w=1,1", &|i| {
            i.contains(&FragmentIssue::WeightsDoNotMatchNodes)
        });
        check("n=a%FF", &|i| {
            i.contains(&FragmentIssue::NotUtf8 {
                field: Field::Nodes,
            })
        });
        check("<img src=x onerror=alert(1)>", &|i| {
            i.contains(&FragmentIssue::UnknownFields { count: 1 })
        });
        check("n=a,a", &|i| {
            matches!(
                i,
                [FragmentIssue::Rejected {
                    field: Field::Nodes,
                    error: StateError::Config(ConfigError::DuplicateNodeName { .. })
                }]
            )
        });
        check("n=,b", &|i| {
            matches!(
                i,
                [FragmentIssue::Rejected {
                    field: Field::Nodes,
                    error: StateError::Config(ConfigError::EmptyNodeName { position: 1 })
                }]
            )
        });
        check("r=9", &|i| {
            i == [FragmentIssue::ReplicasClamped { given: 9, nodes: 4 }]
        });
        check(&format!("n={}", "x".repeat(5000)), &|i| {
            matches!(
                i,
                [FragmentIssue::Rejected {
                    error: StateError::Config(ConfigError::NodeNameTooLong { chars: 5000, .. }),
                    ..
                }]
            )
        });
        check(&format!("n={}", "a,".repeat(40)), &|i| {
            matches!(i, [FragmentIssue::TooManyNodes { .. }])
        });
        check(
            &"a".repeat(1 << 20),
            &|i| matches!(i, [FragmentIssue::TooLong { bytes }] if *bytes == 1 << 20),
        );
    }

    fn names(s: &LabState) -> Vec<&str> {
        s.nodes.iter().map(|n| n.name.as_str()).collect()
    }

    #[test]
    fn each_rejected_field_falls_back_on_its_own() {
        // 4 copies on 3 nodes: the nodes and the strategy stay, r is lowered and says so.
        let (s, issues) = parse("s=rendezvous&n=alpha,beta,gamma&r=4");
        assert_eq!(s.strategy, Strategy::Rendezvous);
        assert_eq!(names(&s), ["alpha", "beta", "gamma"]);
        assert_eq!(s.replicas, 3);
        assert_eq!(
            issues,
            [FragmentIssue::ReplicasClamped { given: 4, nodes: 3 }]
        );
        // r=0 is not a factor at all: the default, and the other fields stay.
        let (s, issues) = parse("s=jump&r=0&v=10");
        assert_eq!((s.strategy, s.replicas, s.vnodes), (Strategy::Jump, 1, 10));
        assert_eq!(issues, [FragmentIssue::bad_value(Field::Replicas, "0")]);
        // Bad names drop the names alone; weights that fit the default nodes still apply.
        let (s, issues) = parse("n=a,a&w=2,1,1,1&v=10&l=en");
        assert_eq!(names(&s), lesson::NODES);
        assert_eq!(s.nodes[0].weight, 2.0);
        assert_eq!(s.vnodes, 10);
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].field(), Some(Field::Nodes));
    }

    #[test]
    fn every_dropped_field_is_named_once() {
        let (s, issues) =
            parse("s=chord&n=a,a&w=1e-9,1,1,1&v=0&k=5&r=x&l=fr&p=nope&key=%00&embed=x&zzz=1");
        assert_eq!(s, LabState::with_lang(Lang::En));
        let fields: Vec<Option<Field>> = issues.iter().map(FragmentIssue::field).collect();
        let f = Some;
        assert_eq!(
            fields,
            [
                f(Field::Strategy),
                f(Field::Weights),
                f(Field::Vnodes),
                f(Field::Keys),
                f(Field::Replicas),
                f(Field::Lang),
                f(Field::Preset),
                f(Field::Key),
                f(Field::Embed),
                None,
                f(Field::Nodes),
            ]
        );
        // Each says why, in both languages, and quotes no raw invisible character.
        for i in &issues {
            for lang in Lang::ALL {
                let text = words::fragment_issue(lang, i);
                assert!(text.len() > 30, "{text}");
                assert!(!text.chars().any(partlab_core::config::is_hidden_char));
            }
        }
    }

    #[test]
    fn a_field_given_twice_counts_once_with_its_last_value() {
        assert_eq!(parse("v=abc&v=10").0.vnodes, 10);
        assert!(parse("v=abc&v=10").1.is_empty());
        let (s, issues) = parse("v=10&v=abc");
        assert_eq!(s.vnodes, 150);
        assert_eq!(issues, [FragmentIssue::bad_value(Field::Vnodes, "abc")]);
    }

    #[test]
    fn invisible_characters_in_names_are_refused_and_quoted_escaped() {
        let (s, issues) = parse("n=abc%E2%80%AEdef,x&s=modulo");
        assert_eq!(s.strategy, Strategy::Modulo);
        assert_eq!(names(&s), lesson::NODES);
        let [FragmentIssue::Rejected {
            field: Field::Nodes,
            error: StateError::Config(ConfigError::NodeNameHiddenChar { code: 0x202e, .. }),
        }] = issues.as_slice()
        else {
            panic!("{issues:?}");
        };
        let en = words::fragment_issue(Lang::En, &issues[0]);
        assert!(en.contains("abc\\u{202e}def"), "{en}");
        assert!(en.contains("U+202E"), "{en}");
    }

    #[test]
    fn a_preset_label_names_only_its_own_experiment() {
        // The preset's state, written out field by field: the label stays.
        let (s, issues) = parse("p=ring-10&v=10");
        assert_eq!((s.preset.as_deref(), s.vnodes), (Some("ring-10"), 10));
        assert!(issues.is_empty());
        // Another experiment under its label: the label goes, the experiment is as written.
        let (s, issues) = parse("p=ring-10&v=150");
        assert_eq!((s.preset, s.vnodes), (None, 150));
        assert!(issues.is_empty());
        let (s, _) = parse("p=ring-join&k=1000");
        assert_eq!(s.preset, None);
        // README's example: a weighted ring labelled ring-150.
        let (s, issues) = parse("s=ring&n=inv-bcn,inv-vlc,inv-gir,inv-lle&w=2,1,1,1&v=150&k=100000&r=1&l=ca&p=ring-150&key=P-2026-000042&embed=ring");
        assert!(issues.is_empty());
        assert_eq!(s.preset, None);
        assert_eq!(s.nodes[0].weight, 2.0);
        // Both sides of a preset with a change keep the label.
        for id in ["ring-join", "rendezvous"] {
            let sc = lesson::scenario(id).expect("exists");
            for config in [Some(&sc.before), sc.after.as_ref()].into_iter().flatten() {
                let mut st = LabState::with_lang(Lang::Ca);
                st.set_config(config);
                st.preset = Some(id.to_owned());
                assert_eq!(parse(&st.to_fragment()).0.preset.as_deref(), Some(id));
            }
        }
    }

    #[test]
    fn a_preset_alone_stands_for_its_configuration() {
        let (s, issues) = parse("p=ring-join&embed=ring");
        assert!(issues.is_empty());
        assert_eq!(s.nodes.len(), 5);
        assert_eq!(s.embed, Some(View::Ring));
        let (s, _) = parse("p=ring-10");
        assert_eq!(s.vnodes, 10);
        // With configuration fields the preset is only a label.
        let (s, _) = parse("p=ring-10&v=150");
        assert_eq!(s.vnodes, 150);
    }

    #[test]
    fn an_invalid_configuration_keeps_language_and_embed() {
        let (s, issues) = parse("n=a,a&l=ca&embed=bars");
        assert_eq!(issues.len(), 1);
        assert_eq!(s.lang, Lang::Ca);
        assert_eq!(s.embed, Some(View::Bars));
        assert_eq!(s.nodes.len(), 4);
    }

    #[test]
    fn percent_decoding_is_lenient_about_stray_percents() {
        let (s, issues) = parse("n=50%,100%25,%4");
        assert!(issues.is_empty(), "{issues:?}");
        let names: Vec<&str> = s.nodes.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(names, ["50%", "100%", "%4"]);
    }

    #[test]
    fn colours_stay_with_their_node() {
        let first = assign_colours(
            &[],
            &[("a".into(), 1.0), ("b".into(), 1.0), ("c".into(), 1.0)],
        );
        assert_eq!(
            first.iter().map(|n| n.colour).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        let second = assign_colours(
            &first,
            &[("a".into(), 1.0), ("c".into(), 1.0), ("d".into(), 1.0)],
        );
        assert_eq!(
            second.iter().map(|n| n.colour).collect::<Vec<_>>(),
            [0, 2, 1]
        );
    }

    #[test]
    fn stops_make_the_lesson_values_one_step_each() {
        for v in [1, 10, 150, 1000] {
            assert_eq!(VNODE_STOPS[nearest_stop(&VNODE_STOPS, v)], v);
        }
        assert_eq!(VNODE_STOPS[nearest_stop(&VNODE_STOPS, 140)], 150);
        assert_eq!(KEY_STOPS[nearest_stop(&KEY_STOPS, 100_000)], 100_000);
    }

    #[test]
    fn browser_languages_pick_the_first_supported() {
        assert_eq!(Lang::from_browser(["fr-FR", "en-GB", "ca"]), Lang::En);
        assert_eq!(Lang::from_browser(["ca-ES"]), Lang::Ca);
        assert_eq!(Lang::from_browser(["de"]), Lang::Ca);
        assert_eq!(Lang::from_browser([""]), Lang::Ca);
        assert_eq!(Lang::from_browser(["fr", "es-419", "en"]), Lang::Es);
        assert_eq!(Lang::from_browser(["es_ES"]), Lang::Es);
        // Catalan stays the fallback for a browser that speaks none of the three.
        assert_eq!(Lang::from_browser(["pt-BR", "fr"]), Lang::Ca);
    }

    #[test]
    fn every_language_round_trips_through_its_code() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            let (state, issues) = LabState::from_fragment(&format!("l={}", lang.code()), Lang::Ca);
            assert!(issues.is_empty(), "{issues:?}");
            assert_eq!(state.lang, lang);
        }
        assert_eq!(Lang::from_code("ES-es"), Some(Lang::Es));
        assert_eq!(Lang::from_code("eu"), None);
    }
}
