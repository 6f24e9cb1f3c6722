//! The chapter of section 8: rebalancing partitions. Three schemes on the same records (a
//! fixed number of partitions, with Redis Cluster's 16 384 slots; dynamic split and merge;
//! partitions proportional to nodes), what a node joining or leaving moves against the ideal,
//! partitions over time, a move capped in bandwidth, and the cascade that automatic
//! rebalancing and a failure detector can start.
//!
//! Every number comes from [`partlab_km0::rebalancing`]; this module chooses what to ask and
//! words the answers.
//!
//! Its address fields, presets and views are [`DEF`]: the teachers' page, the command line
//! (`partlab rebalancing`) and the guide read them from there.

use partlab_km0::rebalancing::{
    bandwidth_timeline, cascade, compare, crc16_xmodem, growth, hash_tag, key_slot,
    partition_sizes, BandwidthPlan, CascadeConfig, CascadeTick, Comparison, Dynamic, DynamicConfig,
    FixedLayout, GrowthConfig, GrowthStep, KeyHash, KeyKind, Mode, Move, RECORD_MB, REDIS_SLOTS,
};
use partlab_km0::replication::node_name;
use partlab_km0::rng::mix64;

use super::chapter::control_with;
use super::chart::{BarSeries, Bars, Chart, Lines, Series, Stroke};
use super::fields::{Fields, StudyIssue, Writer};
use super::text::{tr, St};
use super::view::{row, Block, Cell, Choice, Control, ControlKind, Figure, Panel};
use super::{parse_seed, parse_step, parse_whole, stepper, stop_at, MAX_SEED};
use super::{study_parts, Settings, StudyChapter, StudyState};
use crate::base::field::{ChapterDef, Cli};
use crate::i18n::{fmt_dec, fmt_pct};
use crate::state::Lang;

/// Longest key the lookup takes, in UTF-8 bytes: what an address field of a study chapter
/// holds, so a typed key survives a reload (a Redis key can be longer).
pub const MAX_LOOKUP_BYTES: usize = 64;

/// A key typed for the slot lookup: not empty, at most [`MAX_LOOKUP_BYTES`] bytes, no
/// control characters (they would reach the page and a terminal as they are).
fn lookup_key(text: &str) -> Option<&str> {
    (!text.is_empty() && text.len() <= MAX_LOOKUP_BYTES && !text.chars().any(char::is_control))
        .then_some(text)
}

/// Most nodes.
pub const MAX_NODES: u32 = 16;
/// The fixed scheme's partition counts.
pub const FIXED_STOPS: [u32; 5] = [16, 64, 256, 1024, 16_384];
/// The bandwidth cap's stops, MB/s.
pub const CAP_STOPS: [u32; 6] = [10, 25, 50, 100, 200, 400];
/// Steps of the dynamic timeline.
pub const STEPS: u32 = 40;
/// Records written each step (500 records = 5 GB).
pub const WRITES_PER_STEP: u32 = 500;
/// Seconds of the cascade.
pub const CASCADE_SECS: u32 = 90;
/// Each node's network, MB/s (10 Gbit/s).
pub const NODE_MB_S: f64 = 1_250.0;
/// The lesson's split threshold, in records (10 GB).
pub const SPLIT_RECORDS: u32 = 1_000;
/// The keys the slot view offers: Redis's own examples and two of KM0's.
pub const EXAMPLE_KEYS: [&str; 7] = [
    "{user1000}.following",
    "{user1000}.followers",
    "foo{}{bar}",
    "foo{{bar}}zap",
    "foo{bar}{zap}",
    "estoc:{formatge-curat}",
    "comanda:{client-42}:2026-09",
];

study_fields! {
    /// The node count field (`n`).
    NODES = whole("n", Cli::Value("nodes"), (2, MAX_NODES as u64, 10)) => RebNodes;
    /// The fixed scheme's partition count field (`fp`).
    FIXED = choice("fp", Cli::Value("partitions"), (&["16", "64", "256", "1024", "16384"], "1024")) => RebFixed;
    /// The joining node's weight field (`w`).
    WEIGHT = whole("w", Cli::Value("weight"), (1, 4, 1)) => RebWeight;
    /// The key looked up in Redis Cluster's slots (`key`).
    KEY = ruled("key", Cli::Value("key"), (|l| tr(l, St::RebKeyRule), EXAMPLE_KEYS[0])) => RebKey;
    /// Dynamic partitioning's keys field (`kind`).
    KIND = choice("kind", Cli::Value("dynamic-keys"), (&["hash", "range"], "hash")) => RebKind;
    /// The pre-split partitions field (`ps`).
    PRESPLIT = whole("ps", Cli::Value("presplit"), (1, 64, 1)) => RebPresplit;
    /// The records' lifetime field (`ret`, steps; 0 is forever).
    RETENTION = whole("ret", Cli::Value("retention"), (0, STEPS as u64, 0)) => RebRetention;
    /// The dynamic timeline's step field (`t`).
    STEP = whole("t", Cli::Value("step"), (1, STEPS as u64, STEPS as u64)) => RebStepLabel;
    /// The proportional scheme's partitions per node field (`pn`).
    PER_NODE = whole("pn", Cli::Value("per-node"), (1, 64, 8)) => RebPerNode;
    /// The bandwidth cap field (`cap`, MB/s).
    CAP = choice("cap", Cli::Value("cap"), (&["10", "25", "50", "100", "200", "400"], "50")) => RebCap;
    /// Who moves a suspected node's partitions (`mode`).
    MODE = choice("mode", Cli::Value("mode"), (&["auto", "operator"], "auto")) => RebMode;
    /// Each node's load field (`load`, % of its capacity).
    LOAD = whole("load", Cli::Value("load"), (20, 90, 60)) => RebLoad;
    /// The failure detector's threshold field (`to`, × the normal latency).
    TIMEOUT = whole("to", Cli::Value("timeout"), (2, 20, 5)) => RebTimeout;
    /// The cascade's second field (`sec`).
    SECOND = whole("sec", Cli::Value("second"), (0, CASCADE_SECS as u64, CASCADE_SECS as u64)) => RebSec;
    /// The proportional scheme's random tokens field (`seed`).
    SEED = whole("seed", Cli::Value("seed"), (0, MAX_SEED, 2026)) => Seed;
}

/// The chapter's address: its fields, presets and views.
pub const DEF: &ChapterDef = study_def! {
    fields: [NODES, FIXED, WEIGHT, KEY, KIND, PRESPLIT, RETENTION, STEP, PER_NODE, CAP, MODE, LOAD, TIMEOUT, SECOND, SEED],
    presets: ["lesson" => RebPresetLesson, "redis" => RebPresetRedis, "presplit" => RebPresetPresplit, "range" => RebPresetRange, "cascade" => RebPresetCascade, "operator" => RebPresetOperator],
    views: ["fixed" => RebFixedTitle, "slots" => RebSlotsTitle, "dynamic" => RebDynTitle, "compare" => RebCompareTitle, "bandwidth" => RebBwTitle, "cascade" => RebCascadeTitle],
    intro: RebIntro, summary: "Section 8: rebalancing. A fixed number of partitions (and Redis Cluster's 16384 slots), dynamic split and merge, partitions proportional to nodes; moves against the ideal, a bandwidth cap, and the failure-detector cascade",
};

/// The chapter's own settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RebSettings {
    /// Nodes before the change.
    pub nodes: u32,
    /// Partitions of the fixed scheme.
    pub fixed: u32,
    /// The joining node's weight.
    pub weight: u32,
    /// The key looked up in Redis Cluster's slots.
    pub key: String,
    /// Dynamic partitioning's keys.
    pub kind: KeyKind,
    /// Partitions created before the first write.
    pub presplit: u32,
    /// Steps a record lives (0: forever).
    pub retention: u32,
    /// The dynamic timeline's step.
    pub step: u32,
    /// Partitions per node in the proportional scheme.
    pub per_node: u32,
    /// The rebalancing bandwidth cap, MB/s.
    pub cap: u32,
    /// Who moves a suspected node's partitions.
    pub mode: Mode,
    /// Each node's load, % of its capacity.
    pub load: u32,
    /// The failure detector's threshold, × the normal latency.
    pub timeout: u32,
    /// The cascade's second.
    pub sec: u32,
    /// The proportional scheme's random tokens.
    pub seed: u64,
}

/// The chapter's whole state.
pub type RebState = StudyState<RebSettings>;

impl Settings for RebSettings {
    const DEF: &'static ChapterDef = DEF;
    const PRESET_NAMES_CHANGED_SETTINGS: bool = false;

    /// 1024 partitions on 10 nodes, a node of weight 1 joining.
    fn opening() -> RebSettings {
        RebSettings {
            nodes: 10,
            fixed: 1024,
            weight: 1,
            key: EXAMPLE_KEYS[0].to_owned(),
            kind: KeyKind::Hash,
            presplit: 1,
            retention: 0,
            step: STEPS,
            per_node: 8,
            cap: 50,
            mode: Mode::Automatic,
            load: 60,
            timeout: 5,
            sec: CASCADE_SECS,
            seed: 2026,
        }
    }

    bind_fields! {
        nodes: whole(NODES),
        fixed: word(FIXED, |s| s.parse().ok(), |v: &u32| *v),
        weight: whole(WEIGHT),
        custom(
            |s: &mut Self, f: &mut Fields<'_>, _: &mut Vec<StudyIssue>| {
                if let Some(k) = f.choice(KEY.name, |x| lookup_key(x).map(str::to_owned)) {
                    s.key = k;
                }
            },
            |s: &Self, w: &mut Writer| {
                w.field(KEY.name, &s.key);
            }
        ),
        kind: word(KIND, parse_kind, |k: &KeyKind| kind_code(*k)),
        presplit: whole(PRESPLIT),
        retention: whole(RETENTION),
        step: whole(STEP),
        per_node: whole(PER_NODE),
        cap: word(CAP, |s| s.parse().ok(), |v: &u32| *v),
        mode: word(MODE, parse_mode, |m: &Mode| mode_code(*m)),
        load: whole(LOAD),
        timeout: whole(TIMEOUT),
        sec: whole(SECOND),
        seed: whole(SEED),
    }

    fn preset(&mut self, id: &str) {
        *self = RebSettings::opening();
        match id {
            "redis" => {
                self.fixed = REDIS_SLOTS;
                self.nodes = 4;
            }
            "presplit" => {
                self.kind = KeyKind::Hash;
                self.presplit = 16;
                self.step = 1;
            }
            "range" => {
                self.kind = KeyKind::Range;
                self.retention = 10;
            }
            "cascade" => {
                self.mode = Mode::Automatic;
                self.nodes = 6;
            }
            "operator" => {
                self.mode = Mode::Operator;
                self.nodes = 6;
            }
            _ => {}
        }
    }
}

fn parse_kind(s: &str) -> Option<KeyKind> {
    match s {
        "range" => Some(KeyKind::Range),
        "hash" => Some(KeyKind::Hash),
        _ => None,
    }
}

fn kind_code(k: KeyKind) -> &'static str {
    match k {
        KeyKind::Range => "range",
        KeyKind::Hash => "hash",
    }
}

fn parse_mode(s: &str) -> Option<Mode> {
    match s {
        "auto" => Some(Mode::Automatic),
        "operator" => Some(Mode::Operator),
        _ => None,
    }
}

fn mode_code(m: Mode) -> &'static str {
    match m {
        Mode::Automatic => "auto",
        Mode::Operator => "operator",
    }
}

/// What the chapter's controls ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// Nodes.
    Nodes(u32),
    /// Fixed partitions.
    Fixed(u32),
    /// The joining node's weight.
    Weight(u32),
    /// The key looked up.
    Key(String),
    /// Dynamic keys.
    Kind(KeyKind),
    /// Pre-split partitions.
    Presplit(u32),
    /// Retention.
    Retention(u32),
    /// The dynamic step.
    Step(u32),
    /// One step back or forward.
    StepBy(i32),
    /// Partitions per node.
    PerNode(u32),
    /// The bandwidth cap.
    Cap(u32),
    /// Automatic or operator.
    Mode(Mode),
    /// Load.
    Load(u32),
    /// Detector threshold.
    Timeout(u32),
    /// The cascade's second.
    Sec(u32),
    /// Five seconds back or forward.
    SecBy(i32),
    /// Seed.
    Seed(u64),
}

impl Msg {
    /// The message a control event stands for, if any.
    pub fn parse(id: &str, value: &str) -> Option<Msg> {
        let v = value.trim();
        match id {
            "n" => parse_whole(v, 2, MAX_NODES).map(Msg::Nodes),
            "fp" => parse_whole(v, 1, REDIS_SLOTS)
                .filter(|x| FIXED_STOPS.contains(x))
                .map(Msg::Fixed),
            "w" => parse_whole(v, 1, 4).map(Msg::Weight),
            "key" => EXAMPLE_KEYS
                .iter()
                .find(|k| **k == value)
                .map(|k| Msg::Key((*k).to_owned())),
            "lookup" => lookup_key(value).map(|k| Msg::Key(k.to_owned())),
            "kind" => parse_kind(v).map(Msg::Kind),
            "ps" => parse_whole(v, 1, 64).map(Msg::Presplit),
            "ret" => parse_whole(v, 0, STEPS).map(Msg::Retention),
            "t" => parse_whole(v, 0, STEPS - 1).map(|i| Msg::Step(i + 1)),
            "tstep" => parse_step(v).map(Msg::StepBy),
            "pn" => parse_whole(v, 1, 64).map(Msg::PerNode),
            "cap" => stop_at(&CAP_STOPS, v).map(|&c| Msg::Cap(c)),
            "mode" => parse_mode(v).map(Msg::Mode),
            "load" => parse_whole(v, 20, 90).map(Msg::Load),
            "to" => parse_whole(v, 2, 20).map(Msg::Timeout),
            "sec" => parse_whole(v, 0, CASCADE_SECS).map(Msg::Sec),
            "secstep" => parse_step(v).map(Msg::SecBy),
            "seed" => parse_seed(v).map(Msg::Seed),
            _ => None,
        }
    }
}

/// What is computed at once from the state (a few milliseconds at most).
struct Quick {
    /// The fixed scheme before and after the join, and the moves.
    layout: FixedLayout,
    joined: FixedLayout,
    moves: Vec<Move>,
    /// Records per fixed partition.
    sizes: Vec<u64>,
    plan: BandwidthPlan,
    auto: Vec<CascadeTick>,
    operator: Vec<CascadeTick>,
}

/// What is computed in slices ([`Study::work`]): the dynamic run, the comparison, the growth.
struct Slow {
    dynamic: Dynamic,
    comparison: Comparison,
    growth: Vec<GrowthStep>,
}

/// The slow part under way.
enum Pending {
    /// Running the dynamic scheme's steps.
    Dynamic(Dynamic),
    /// The three schemes on the dynamic run's records.
    Compare(Dynamic),
    /// The growth timeline.
    Growth(Dynamic, Box<Comparison>),
}

/// Dynamic steps run in one slice.
const STEPS_PER_SLICE: u32 = 10;
/// Slices of the slow part: the steps, the comparison, the growth.
const SLICES: u32 = STEPS / STEPS_PER_SLICE + 2;

/// The inputs the computations read (the time controls, the key and the mode only choose
/// what to show).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Inputs {
    nodes: u32,
    fixed: u32,
    weight: u32,
    kind: KeyKind,
    presplit: u32,
    retention: u32,
    per_node: u32,
    cap: u32,
    load: u32,
    timeout: u32,
    seed: u64,
}

impl Inputs {
    fn of(s: &RebState) -> Inputs {
        Inputs {
            nodes: s.nodes,
            fixed: s.fixed,
            weight: s.weight,
            kind: s.kind,
            presplit: s.presplit,
            retention: s.retention,
            per_node: s.per_node,
            cap: s.cap,
            load: s.load,
            timeout: s.timeout,
            seed: s.seed,
        }
    }

    fn dynamic(&self) -> DynamicConfig {
        DynamicConfig {
            kind: self.kind,
            nodes: self.nodes,
            writes_per_step: WRITES_PER_STEP,
            retention: self.retention,
            split_above: SPLIT_RECORDS,
            merge_below: SPLIT_RECORDS / 10,
            presplit: self.presplit,
            planned_steps: STEPS,
        }
    }
}

fn quick(i: &Inputs) -> Quick {
    // The records live at the end of the dynamic run, the same ones every scheme holds.
    let ids: Vec<u64> = i.dynamic().live_ids_after(STEPS).collect();
    let hashed: Vec<u64> = ids.iter().map(|&id| mix64(id)).collect();
    let how = if i.fixed == REDIS_SLOTS {
        KeyHash::RedisSlots
    } else {
        KeyHash::Modulo
    };
    let sizes = partition_sizes(&hashed, &ids, i.fixed, how);
    let layout = FixedLayout::for_scheme(i.fixed, i.nodes, how);
    let (joined, moves) = layout.join(i.weight, &sizes);
    let moved_mb: Vec<f64> = moves
        .iter()
        .map(|m| (sizes[m.partition as usize] * RECORD_MB) as f64)
        .collect();
    let plan = bandwidth_timeline(&moved_mb, f64::from(i.cap), i.nodes + 1, NODE_MB_S);
    let ccfg = CascadeConfig {
        nodes: i.nodes.min(MAX_NODES),
        load_pct: i.load,
        timeout_x: i.timeout,
        seconds: CASCADE_SECS,
        ..CascadeConfig::default()
    };
    let auto = cascade(&CascadeConfig {
        mode: Mode::Automatic,
        ..ccfg
    });
    let operator = cascade(&CascadeConfig {
        mode: Mode::Operator,
        ..ccfg
    });
    Quick {
        layout,
        joined,
        moves,
        sizes,
        plan,
        auto,
        operator,
    }
}

/// The section-8 chapter.
pub struct Rebalancing {
    state: RebState,
    notices: Vec<StudyIssue>,
    inputs: Inputs,
    data: Quick,
    slow: Option<Slow>,
    pending: Option<Pending>,
}

impl Rebalancing {
    /// The chapter from its fields; the dynamic run, the comparison and the growth follow in
    /// slices ([`Study::work`]).
    pub fn open(fragment: &str, lang: Lang, notices: Vec<StudyIssue>) -> Rebalancing {
        let (state, notices) = RebState::open(fragment, lang, notices);
        let inputs = Inputs::of(&state);
        let data = quick(&inputs);
        let pending = Some(Pending::Dynamic(Dynamic::new(inputs.dynamic())));
        Rebalancing {
            state,
            notices,
            inputs,
            data,
            slow: None,
            pending,
        }
    }

    /// Slices of the slow part done so far.
    fn slices_done(&self) -> u32 {
        match &self.pending {
            None => SLICES,
            Some(Pending::Dynamic(d)) => d.history.len() as u32 / STEPS_PER_SLICE,
            Some(Pending::Compare(_)) => SLICES - 2,
            Some(Pending::Growth(..)) => SLICES - 1,
        }
    }

    fn computing(&self, view: &'static str, title: St) -> Panel {
        let w = self.words();
        Panel {
            view,
            title: w.t(title),
            caption: String::new(),
            wide: true,
            blocks: vec![Block::Text(w.f(
                St::Computing,
                &[
                    ("done", &self.slices_done().to_string()),
                    ("total", &SLICES.to_string()),
                ],
            ))],
        }
    }

    fn apply(&mut self, msg: Msg) {
        let st = &mut self.state;
        match msg {
            Msg::Nodes(v) => st.nodes = v,
            Msg::Fixed(v) => st.fixed = v,
            Msg::Weight(v) => st.weight = v,
            Msg::Key(k) => st.key = k,
            Msg::Kind(k) => st.kind = k,
            Msg::Presplit(v) => st.presplit = v,
            Msg::Retention(v) => st.retention = v,
            Msg::Step(v) => st.step = v,
            Msg::StepBy(d) => st.step = st.step.saturating_add_signed(d).clamp(1, STEPS),
            Msg::PerNode(v) => st.per_node = v,
            Msg::Cap(v) => st.cap = v,
            Msg::Mode(m) => st.mode = m,
            Msg::Load(v) => st.load = v,
            Msg::Timeout(v) => st.timeout = v,
            Msg::Sec(v) => st.sec = v,
            Msg::SecBy(d) => st.sec = st.sec.saturating_add_signed(d * 5).min(CASCADE_SECS),
            Msg::Seed(v) => st.seed = v,
        }
    }
}

fn number(id: &'static str, label: String, min: u64, max: u64, value: u64) -> Control {
    Control::new(id, label, ControlKind::Number { min, max, value })
}

impl StudyChapter for Rebalancing {
    study_parts!(RebSettings);

    fn control(&mut self, id: &str, value: &str) -> bool {
        control_with(self, (id, value), Msg::parse, Self::apply)
    }

    fn refresh(&mut self) {
        let i = Inputs::of(&self.state);
        if i != self.inputs {
            self.data = quick(&i);
            self.slow = None;
            self.pending = Some(Pending::Dynamic(Dynamic::new(i.dynamic())));
            self.inputs = i;
        }
    }

    fn step(&mut self) -> bool {
        let Some(p) = self.pending.take() else {
            return false;
        };
        let i = &self.inputs;
        self.pending = match p {
            Pending::Dynamic(mut d) => {
                for _ in 0..STEPS_PER_SLICE {
                    if d.history.len() as u32 >= STEPS {
                        break;
                    }
                    d.step();
                }
                if d.history.len() as u32 >= STEPS {
                    Some(Pending::Compare(d))
                } else {
                    Some(Pending::Dynamic(d))
                }
            }
            Pending::Compare(d) => {
                let c = compare(&d, i.fixed, i.per_node, i.seed);
                Some(Pending::Growth(d, Box::new(c)))
            }
            Pending::Growth(dynamic, comparison) => {
                let growth = growth(&GrowthConfig {
                    steps: STEPS,
                    start_nodes: 2,
                    join_every: 5,
                    fixed_partitions: i.fixed,
                    per_node: i.per_node,
                    dynamic: DynamicConfig {
                        kind: KeyKind::Hash,
                        retention: 0,
                        presplit: 1,
                        ..i.dynamic()
                    },
                    seed: i.seed,
                });
                self.slow = Some(Slow {
                    dynamic,
                    comparison: *comparison,
                    growth,
                });
                None
            }
        };
        self.pending.is_some()
    }

    fn chapter_controls(&self) -> Vec<Control> {
        let w = self.words();
        let st = &self.state;
        let select = |id: &'static str, label: St, options: Vec<Choice>, value: &str| {
            Control::select(id, w.t(label), options, value)
        };
        let range = |id: &'static str, label: String, max: u32, value: u32, text: String| {
            Control::new(
                id,
                label,
                ControlKind::Range {
                    max,
                    value,
                    value_text: text,
                },
            )
        };
        vec![
            st.presets_control(),
            number(
                "n",
                w.t(St::RebNodes),
                2,
                u64::from(MAX_NODES),
                u64::from(st.nodes),
            ),
            select(
                "fp",
                St::RebFixed,
                FIXED_STOPS
                    .iter()
                    .map(|&p| {
                        let label = if p == REDIS_SLOTS {
                            w.f(St::RebRedisSlots, &[("n", &w.n(u64::from(p)))])
                        } else {
                            w.n(u64::from(p))
                        };
                        Choice::new(p.to_string(), label)
                    })
                    .collect(),
                &st.fixed.to_string(),
            ),
            number("w", w.t(St::RebWeight), 1, 4, u64::from(st.weight)),
            Control {
                id: "key",
                label: w.t(St::RebKey),
                kind: ControlKind::Buttons {
                    options: EXAMPLE_KEYS.iter().map(|k| Choice::new(*k, *k)).collect(),
                    pressed: EXAMPLE_KEYS
                        .iter()
                        .find(|k| **k == st.key)
                        .map(|k| (*k).to_owned()),
                },
                note: w.t(St::RebKeyNote),
            },
            Control::new(
                "lookup",
                w.t(St::RebLookup),
                ControlKind::Text {
                    value: st.key.clone(),
                },
            ),
            select(
                "kind",
                St::RebKind,
                w.choices(&[("hash", St::RebKindHash), ("range", St::RebKindRange)]),
                kind_code(st.kind),
            ),
            number("ps", w.t(St::RebPresplit), 1, 64, u64::from(st.presplit)),
            number(
                "ret",
                w.t(St::RebRetention),
                0,
                u64::from(STEPS),
                u64::from(st.retention),
            ),
            range(
                "t",
                w.t(St::RebStepLabel),
                STEPS - 1,
                st.step - 1,
                w.f(
                    St::RebStepOf,
                    &[("t", &st.step.to_string()), ("n", &STEPS.to_string())],
                ),
            ),
            stepper("tstep", St::RebStepTimeline, w),
            number("pn", w.t(St::RebPerNode), 1, 64, u64::from(st.per_node)),
            range(
                "cap",
                w.t(St::RebCap),
                CAP_STOPS.len() as u32 - 1,
                CAP_STOPS.iter().position(|&c| c == st.cap).unwrap_or(2) as u32,
                w.f(St::RebMbS, &[("n", &st.cap.to_string())]),
            ),
            select(
                "mode",
                St::RebMode,
                w.choices(&[("auto", St::RebModeAuto), ("operator", St::RebModeOperator)]),
                mode_code(st.mode),
            ),
            number("load", w.t(St::RebLoad), 20, 90, u64::from(st.load)),
            number("to", w.t(St::RebTimeout), 2, 20, u64::from(st.timeout)),
            range(
                "sec",
                w.t(St::RebSec),
                CASCADE_SECS,
                st.sec,
                w.f(St::RebSecOf, &[("t", &st.sec.to_string())]),
            ),
            stepper("secstep", St::RebStepCascade, w),
            number("seed", w.t(St::Seed), 0, MAX_SEED, st.seed),
        ]
    }

    fn chapter_panels(&self) -> Vec<Panel> {
        let (dynamic, compare) = match &self.slow {
            Some(slow) => (self.dynamic_panel(slow), self.compare_panel(slow)),
            None => (
                self.computing("dynamic", St::RebDynTitle),
                self.computing("compare", St::RebCompareTitle),
            ),
        };
        vec![
            self.fixed_panel(),
            self.slots_panel(),
            dynamic,
            compare,
            self.bandwidth_panel(),
            self.cascade_panel(),
        ]
    }
}

/// GB for a number of records.
fn gb(records: u64) -> f64 {
    (records * RECORD_MB) as f64 / 1_000.0
}

impl Rebalancing {
    fn gb_cell(&self, records: u64) -> Cell {
        let w = self.words();
        Cell::num(
            w.f(
                St::RebGb,
                &[("n", &fmt_dec(self.state.lang, gb(records), 1))],
            ),
            gb(records),
        )
    }

    fn gb_text(&self, records: u64) -> String {
        self.words().f(
            St::RebGb,
            &[("n", &fmt_dec(self.state.lang, gb(records), 1))],
        )
    }

    fn fixed_panel(&self) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let d = &self.data;
        let before = d.layout.node_loads(&d.sizes);
        let after = d.joined.node_loads(&d.sizes);
        let counts_before = d.layout.counts();
        let counts_after = d.joined.counts();
        let records: u64 = d.sizes.iter().sum();
        let moved: u64 = d.moves.iter().map(|m| d.sizes[m.partition as usize]).sum();
        let new = d.layout.nodes;
        // The newcomer's exact share of the partitions (whole ones can only come near it).
        let ideal_parts = d.joined.owner.len() as f64 * f64::from(self.state.weight)
            / f64::from(new + self.state.weight);
        let ideal = records * u64::from(self.state.weight) / u64::from(new + self.state.weight);
        let bal = partlab_km0::rebalancing::balance(&after, &d.joined.alive);
        let rows: Vec<_> = (0..=new)
            .map(|n| {
                let name = node_name(n as usize);
                let b = counts_before.get(n as usize).copied().unwrap_or(0);
                let a = counts_after.get(n as usize).copied().unwrap_or(0);
                let given = d.moves.iter().filter(|m| m.from == n).count() as u64;
                let mut r = row(
                    name.clone(),
                    vec![
                        Cell::text(if n == new {
                            w.f(St::RebNewNode, &[("node", &name)])
                        } else {
                            name.clone()
                        }),
                        w.int(u64::from(b)),
                        w.int(u64::from(a)),
                        w.int(given),
                        self.gb_cell(before.get(n as usize).copied().unwrap_or(0)),
                        self.gb_cell(after.get(n as usize).copied().unwrap_or(0)),
                    ],
                );
                r.attrs.push(("after", a.to_string()));
                r
            })
            .collect();
        let chart = Chart::Bars(Bars {
            y_label: w.t(St::RebAxisGb),
            categories: (0..=new).map(|n| node_name(n as usize)).collect(),
            series: vec![
                BarSeries {
                    label: w.t(St::RebBefore),
                    values: (0..=new)
                        .map(|n| gb(before.get(n as usize).copied().unwrap_or(0)))
                        .collect(),
                    colour: 5,
                },
                BarSeries {
                    label: w.t(St::RebAfter),
                    values: (0..=new)
                        .map(|n| gb(after.get(n as usize).copied().unwrap_or(0)))
                        .collect(),
                    colour: 3,
                },
            ],
            reference: None,
        });
        Panel {
            view: "fixed",
            title: w.t(St::RebFixedTitle),
            caption: w.f(
                St::RebFixedCaption,
                &[
                    ("parts", &w.n(u64::from(self.state.fixed))),
                    ("nodes", &self.state.nodes.to_string()),
                    ("node", &node_name(new as usize)),
                    ("records", &self.gb_text(records)),
                ],
            ),
            wide: true,
            blocks: vec![
                Block::Figures(vec![
                    w.figure(
                        "partitions-moved",
                        St::RebFigPartsMoved,
                        w.n(d.moves.len() as u64),
                        d.moves.len() as f64,
                    ),
                    w.figure(
                        "partitions-ideal",
                        St::RebFigPartsIdeal,
                        fmt_dec(lang, ideal_parts, 1),
                        ideal_parts,
                    ),
                    w.figure("moved-keys", St::RebFigKeysMoved, w.n(moved), moved as f64),
                    w.figure("ideal-keys", St::RebFigKeysIdeal, w.n(ideal), ideal as f64),
                    w.figure("moved-gb", St::RebFigMoved, self.gb_text(moved), gb(moved)),
                    w.figure("ideal-gb", St::RebFigIdeal, self.gb_text(ideal), gb(ideal)),
                    w.figure("balance", St::RebFigBalance, fmt_dec(lang, bal, 3), bal),
                ]),
                w.chart_block(
                    chart,
                    St::RebFixedChart,
                    w.table(
                        "fixed",
                        &[
                            St::RebColNode,
                            St::RebColPartsBefore,
                            St::RebColPartsAfter,
                            St::RebColGiven,
                            St::RebColDataBefore,
                            St::RebColDataAfter,
                        ],
                        rows,
                    ),
                ),
            ],
        }
    }

    fn slots_panel(&self) -> Panel {
        let w = self.words();
        let n = self.state.nodes;
        let mut keys: Vec<&str> = EXAMPLE_KEYS.to_vec();
        if !keys.contains(&self.state.key.as_str()) {
            keys.insert(0, &self.state.key);
        }
        let slots = FixedLayout::redis_cluster(n);
        let owner = |slot: u16| node_name(slots.owner[slot as usize] as usize);
        let rows = keys
            .iter()
            .map(|k| {
                let tag = String::from_utf8_lossy(hash_tag(k.as_bytes())).into_owned();
                let crc = crc16_xmodem(hash_tag(k.as_bytes()));
                let slot = key_slot(k.as_bytes());
                let mut r = row(
                    *k,
                    vec![
                        Cell::text(*k),
                        Cell::text(tag),
                        Cell::text(format!("0x{crc:04X}")),
                        Cell::num(slot.to_string(), f64::from(slot)),
                        Cell::text(owner(slot)),
                    ],
                );
                r.attrs.push(("slot", slot.to_string()));
                r
            })
            .collect();
        let slot = key_slot(self.state.key.as_bytes());
        Panel {
            view: "slots",
            title: w.t(St::RebSlotsTitle),
            caption: w.f(St::RebSlotsCaption, &[("nodes", &n.to_string())]),
            wide: false,
            blocks: vec![
                Block::Figures(vec![
                    Figure::new(
                        "slot",
                        w.f(St::RebFigSlot, &[("key", &self.state.key)]),
                        slot.to_string(),
                        f64::from(slot),
                    ),
                    w.figure(
                        "owner",
                        St::RebFigOwner,
                        owner(slot),
                        f64::from(slots.owner[slot as usize]),
                    ),
                ]),
                w.table_block(
                    "slots",
                    &[
                        St::RebColKey,
                        St::RebColTag,
                        St::RebColCrc,
                        St::RebColSlot,
                        St::RebColNode,
                    ],
                    rows,
                ),
            ],
        }
    }

    fn dynamic_panel(&self, slow: &Slow) -> Panel {
        let w = self.words();
        let hist = &slow.dynamic.history;
        let t = self.state.step.clamp(1, STEPS) as usize;
        let now = hist.get(t - 1).copied().unwrap_or_default();
        let splits: u32 = hist.iter().take(t).map(|s| s.splits).sum();
        let merges: u32 = hist.iter().take(t).map(|s| s.merges).sum();
        let first_spread = hist.iter().find(|s| s.nodes_writing > 1).map(|s| s.step);
        let series =
            |label: St, colour: usize, f: &dyn Fn(&partlab_km0::rebalancing::DynStep) -> f64| {
                Series {
                    label: w.t(label),
                    points: hist.iter().map(|s| (f64::from(s.step), f(s))).collect(),
                    colour,
                    stroke: Stroke::LineMarkers,
                }
            };
        let top = hist
            .iter()
            .map(|s| f64::from(s.partitions))
            .fold(f64::from(self.state.nodes), f64::max);
        let chart = Chart::Lines(Lines {
            x_label: w.t(St::RebAxisStep),
            y_label: w.t(St::RebAxisCount),
            x_range: Some((1.0, f64::from(STEPS))),
            y_min_top: top,
            series: vec![
                series(St::RebSeriesParts, 3, &|s| f64::from(s.partitions)),
                series(St::RebSeriesWriting, 4, &|s| f64::from(s.nodes_writing)),
                w.now_line(t as f64, top),
            ],
            ..Lines::default()
        });
        let rows = hist
            .iter()
            .map(|s| {
                let mut r = row(
                    s.step.to_string(),
                    vec![
                        Cell::num(s.step.to_string(), f64::from(s.step)),
                        w.int(u64::from(s.partitions)),
                        w.int(u64::from(s.nodes_writing)),
                        w.int(u64::from(s.splits)),
                        w.int(u64::from(s.merges)),
                        self.gb_cell(s.largest),
                        self.gb_cell(s.records),
                    ],
                );
                r.attrs.push(("partitions", s.partitions.to_string()));
                r
            })
            .collect();
        let kind = match self.state.kind {
            KeyKind::Range => w.t(St::RebKindRange),
            KeyKind::Hash => w.t(St::RebKindHash),
        };
        let presplit = match self.state.presplit {
            1 => w.t(St::RebOnePartition).to_owned(),
            n => w.f(St::RebPartitions, &[("n", &n.to_string())]),
        };
        Panel {
            view: "dynamic",
            title: w.t(St::RebDynTitle),
            caption: w.f(
                St::RebDynCaption,
                &[
                    ("kind", &kind),
                    ("split", &self.gb_text(u64::from(SPLIT_RECORDS))),
                    ("step", &self.gb_text(u64::from(WRITES_PER_STEP))),
                    ("ps", &presplit),
                ],
            ),
            wide: true,
            blocks: vec![
                Block::Figures(vec![
                    w.figure("dyn-step", St::RebStepLabel, t.to_string(), t as f64),
                    w.figure(
                        "dyn-partitions",
                        St::RebFigParts,
                        w.n(u64::from(now.partitions)),
                        f64::from(now.partitions),
                    ),
                    w.figure(
                        "dyn-writing",
                        St::RebFigWriting,
                        w.f(
                            St::RebOfNodes,
                            &[
                                ("k", &now.nodes_writing.to_string()),
                                ("n", &self.state.nodes.to_string()),
                            ],
                        ),
                        f64::from(now.nodes_writing),
                    ),
                    w.figure(
                        "dyn-splits",
                        St::RebFigSplits,
                        w.n(u64::from(splits)),
                        f64::from(splits),
                    ),
                    w.figure(
                        "dyn-merges",
                        St::RebFigMerges,
                        w.n(u64::from(merges)),
                        f64::from(merges),
                    ),
                    w.figure(
                        "dyn-largest",
                        St::RebFigLargest,
                        self.gb_text(now.largest),
                        gb(now.largest),
                    ),
                    w.figure(
                        "dyn-spread",
                        St::RebFigSpread,
                        first_spread.map_or_else(|| w.t(St::RebNever), |s| s.to_string()),
                        first_spread.map_or(-1.0, f64::from),
                    ),
                ]),
                w.chart_block(
                    chart,
                    St::RebDynChart,
                    w.table(
                        "dynamic",
                        &[
                            St::RebAxisStep,
                            St::RebSeriesParts,
                            St::RebSeriesWriting,
                            St::RebColSplits,
                            St::RebColMerges,
                            St::RebFigLargest,
                            St::RebColData,
                        ],
                        rows,
                    ),
                ),
            ],
        }
    }

    fn compare_panel(&self, slow: &Slow) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let c = &slow.comparison;
        let names = [St::RebSchemeFixed, St::RebSchemeDynamic, St::RebSchemeProp];
        let codes = ["fixed", "dynamic", "proportional"];
        let costs = [&c.fixed, &c.dynamic, &c.proportional];
        let mut rows = Vec::new();
        for (i, cost) in costs.iter().enumerate() {
            for (j, change) in [St::RebJoin, St::RebLeave].iter().enumerate() {
                let k = &cost[j];
                let ratio = k.moved as f64 / k.ideal.max(1) as f64;
                let key = format!("{}-{}", codes[i], if j == 0 { "join" } else { "leave" });
                let mut r = row(
                    key.clone(),
                    vec![
                        Cell::text(format!("{} · {}", w.t(names[i]), w.t(*change))),
                        self.gb_cell(k.moved),
                        self.gb_cell(k.ideal),
                        w.dec(ratio, 2),
                        w.int(u64::from(k.partitions_moved)),
                        w.int(u64::from(k.partitions_after)),
                        w.dec(k.balance_after, 3),
                    ],
                );
                r.attrs.push(("moved", k.moved.to_string()));
                r.attrs.push(("ideal", k.ideal.to_string()));
                rows.push(r);
            }
        }
        let g = &slow.growth;
        let line = |label: St, colour: usize, f: &dyn Fn(&GrowthStep) -> f64| Series {
            label: w.t(label),
            points: g.iter().map(|s| (f64::from(s.step), f(s))).collect(),
            colour,
            stroke: Stroke::LineMarkers,
        };
        let parts_chart = Chart::Lines(Lines {
            x_label: w.t(St::RebAxisStep),
            y_label: w.t(St::RebAxisParts),
            y_log: true,
            x_range: Some((1.0, f64::from(STEPS))),
            series: vec![
                line(St::RebSchemeFixed, 3, &|s| f64::from(s.partitions[0])),
                line(St::RebSchemeDynamic, 4, &|s| f64::from(s.partitions[1])),
                line(St::RebSchemeProp, 6, &|s| f64::from(s.partitions[2])),
            ],
            ..Lines::default()
        });
        let size_chart = Chart::Lines(Lines {
            x_label: w.t(St::RebAxisStep),
            y_label: w.t(St::RebAxisSize),
            y_log: true,
            x_range: Some((1.0, f64::from(STEPS))),
            series: vec![
                line(St::RebSchemeFixed, 3, &|s| {
                    s.mean_size[0] * RECORD_MB as f64 / 1000.0
                }),
                line(St::RebSchemeDynamic, 4, &|s| {
                    s.mean_size[1] * RECORD_MB as f64 / 1000.0
                }),
                line(St::RebSchemeProp, 6, &|s| {
                    s.mean_size[2] * RECORD_MB as f64 / 1000.0
                }),
            ],
            ..Lines::default()
        });
        let growth_rows = |key: &'static str, f: &dyn Fn(&GrowthStep, usize) -> Cell| {
            w.table(
                key,
                &[
                    St::RebAxisStep,
                    St::RebNodes,
                    St::RebSchemeFixed,
                    St::RebSchemeDynamic,
                    St::RebSchemeProp,
                ],
                g.iter()
                    .map(|s| {
                        row(
                            s.step.to_string(),
                            vec![
                                Cell::num(s.step.to_string(), f64::from(s.step)),
                                w.int(u64::from(s.nodes)),
                                f(s, 0),
                                f(s, 1),
                                f(s, 2),
                            ],
                        )
                    })
                    .collect(),
            )
        };
        Panel {
            view: "compare",
            title: w.t(St::RebCompareTitle),
            caption: w.f(
                St::RebCompareCaption,
                &[
                    ("records", &self.gb_text(c.records)),
                    ("nodes", &c.nodes.to_string()),
                    ("fp", &w.n(u64::from(self.state.fixed))),
                    ("pn", &self.state.per_node.to_string()),
                    ("b0", &fmt_dec(lang, c.balance_before[0], 3)),
                    ("b1", &fmt_dec(lang, c.balance_before[1], 3)),
                    ("b2", &fmt_dec(lang, c.balance_before[2], 3)),
                ],
            ),
            wide: true,
            blocks: vec![
                w.table_block(
                    "compare",
                    &[
                        St::RebColChange,
                        St::RebColMoved,
                        St::RebColIdeal,
                        St::RebColRatio,
                        St::RebColPartsMoved,
                        St::RebColPartsAfter,
                        St::RebFigBalance,
                    ],
                    rows,
                ),
                Block::Text(w.t(St::RebGrowthNote)),
                w.chart_block(
                    parts_chart,
                    St::RebPartsChart,
                    growth_rows("growth-partitions", &|s, i| {
                        w.int(u64::from(s.partitions[i]))
                    }),
                ),
                w.chart_block(
                    size_chart,
                    St::RebSizeChart,
                    growth_rows("growth-size", &|s, i| {
                        w.dec(s.mean_size[i] * RECORD_MB as f64 / 1000.0, 2)
                    }),
                ),
            ],
        }
    }

    fn bandwidth_panel(&self) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let plan = &self.data.plan;
        let total_mb = plan.done.last().map_or(0.0, |d| d.1);
        let series: Vec<Series> = CAP_STOPS
            .iter()
            .enumerate()
            .map(|(i, &cap)| {
                let chosen = cap == self.state.cap;
                let seconds = total_mb / f64::from(cap);
                Series {
                    label: w.f(St::RebMbS, &[("n", &cap.to_string())]),
                    points: vec![(0.0, 0.0), (seconds / 60.0, total_mb / 1000.0)],
                    colour: if chosen { 3 } else { i % 3 + 5 },
                    stroke: if chosen {
                        Stroke::LineMarkers
                    } else {
                        Stroke::Dashed
                    },
                }
            })
            .collect();
        let chart = Chart::Lines(Lines {
            x_label: w.t(St::RebAxisMinutes),
            y_label: w.t(St::RebAxisGbMoved),
            series,
            ..Lines::default()
        });
        let rows = CAP_STOPS
            .iter()
            .map(|&cap| {
                let b = bandwidth_timeline(
                    &[total_mb],
                    f64::from(cap),
                    self.state.nodes + 1,
                    NODE_MB_S,
                );
                row(
                    cap.to_string(),
                    vec![
                        Cell::num(w.f(St::RebMbS, &[("n", &cap.to_string())]), f64::from(cap)),
                        w.dec(b.seconds / 60.0, 1),
                        w.pct(b.node_share * 100.0, 1),
                        w.pct(b.cluster_share * 100.0, 2),
                    ],
                )
            })
            .collect();
        Panel {
            view: "bandwidth",
            title: w.t(St::RebBwTitle),
            caption: w.f(
                St::RebBwCaption,
                &[
                    ("parts", &self.data.moves.len().to_string()),
                    ("gb", &fmt_dec(lang, total_mb / 1000.0, 1)),
                    ("nic", &fmt_dec(lang, NODE_MB_S, 0)),
                ],
            ),
            wide: false,
            blocks: vec![
                Block::Figures(vec![
                    Figure::new(
                        "bw-minutes",
                        w.f(St::RebFigMinutes, &[("n", &self.state.cap.to_string())]),
                        w.f(
                            St::RebMinutes,
                            &[("n", &fmt_dec(lang, plan.seconds / 60.0, 1))],
                        ),
                        plan.seconds,
                    ),
                    w.figure(
                        "bw-node-share",
                        St::RebFigNodeShare,
                        fmt_pct(lang, plan.node_share * 100.0, 1),
                        plan.node_share,
                    ),
                    w.figure(
                        "bw-cluster-share",
                        St::RebFigClusterShare,
                        fmt_pct(lang, plan.cluster_share * 100.0, 2),
                        plan.cluster_share,
                    ),
                ]),
                w.chart_block(
                    chart,
                    St::RebBwChart,
                    w.table(
                        "bandwidth",
                        &[
                            St::RebCap,
                            St::RebAxisMinutes,
                            St::RebFigNodeShare,
                            St::RebFigClusterShare,
                        ],
                        rows,
                    ),
                ),
            ],
        }
    }

    fn cascade_panel(&self) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let (auto, op) = (&self.data.auto, &self.data.operator);
        let chosen = match self.state.mode {
            Mode::Automatic => auto,
            Mode::Operator => op,
        };
        let sec = self.state.sec.min(CASCADE_SECS) as usize;
        let now = chosen.get(sec).or(chosen.last());
        let nodes = f64::from(self.state.nodes);
        let line = |label: St, colour: usize, ticks: &[CascadeTick]| Series {
            label: w.t(label),
            points: ticks
                .iter()
                .map(|t| (f64::from(t.t), f64::from(t.alive)))
                .collect(),
            colour,
            stroke: Stroke::Line,
        };
        let chart = Chart::Lines(Lines {
            x_label: w.t(St::RebAxisSeconds),
            y_label: w.t(St::RebAxisAlive),
            x_range: Some((0.0, f64::from(CASCADE_SECS))),
            y_min_top: nodes,
            series: vec![
                line(St::RebModeAuto, 4, auto),
                line(St::RebModeOperator, 3, op),
                w.now_line(sec as f64, nodes),
            ],
            ..Lines::default()
        });
        let rows = auto
            .iter()
            .zip(op.iter())
            .filter(|(a, _)| a.t % 5 == 0 || !a.declared.is_empty())
            .map(|(a, o)| {
                let mut r = row(
                    a.t.to_string(),
                    vec![
                        Cell::num(a.t.to_string(), f64::from(a.t)),
                        w.int(u64::from(a.alive)),
                        w.pct(a.served_pct, 0),
                        w.int(u64::from(o.alive)),
                        w.pct(o.served_pct, 0),
                        Cell::text(
                            a.declared
                                .iter()
                                .map(|&n| node_name(n as usize))
                                .collect::<Vec<_>>()
                                .join(", "),
                        ),
                    ],
                );
                r.attrs.push(("alive-auto", a.alive.to_string()));
                r
            })
            .collect();
        let alive = now.map_or(0, |t| t.alive);
        let served = now.map_or(0.0, |t| t.served_pct);
        let worst = now.map_or(0.0, |t| t.worst_latency);
        let mode = match self.state.mode {
            Mode::Automatic => w.t(St::RebModeAuto),
            Mode::Operator => w.t(St::RebModeOperator),
        };
        Panel {
            view: "cascade",
            title: w.t(St::RebCascadeTitle),
            caption: w.f(
                St::RebCascadeCaption,
                &[
                    ("nodes", &self.state.nodes.to_string()),
                    ("load", &self.state.load.to_string()),
                    ("to", &self.state.timeout.to_string()),
                ],
            ),
            wide: true,
            blocks: vec![
                Block::Figures(vec![
                    Figure::new(
                        "cascade-alive",
                        w.f(St::RebFigAlive, &[("mode", &mode), ("t", &sec.to_string())]),
                        w.f(
                            St::RebOfNodes,
                            &[
                                ("k", &alive.to_string()),
                                ("n", &self.state.nodes.to_string()),
                            ],
                        ),
                        f64::from(alive),
                    ),
                    w.figure(
                        "cascade-served",
                        St::RebFigServed,
                        fmt_pct(lang, served, 0),
                        served,
                    ),
                    w.figure(
                        "cascade-latency",
                        St::RebFigLatency, // With no node alive there is no live node's latency to give.
                        if alive == 0 {
                            w.t(St::RebNoLiveNode)
                        } else {
                            w.f(St::RebTimes, &[("n", &fmt_dec(lang, worst, 1))])
                        },
                        if alive == 0 { f64::NAN } else { worst },
                    ),
                ]),
                w.chart_block(
                    chart,
                    St::RebCascadeChart,
                    w.table(
                        "cascade",
                        &[
                            St::RebAxisSeconds,
                            St::RebColAliveAuto,
                            St::RebColServedAuto,
                            St::RebColAliveOp,
                            St::RebColServedOp,
                            St::RebColDeclared,
                        ],
                        rows,
                    ),
                ),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::chapter::testing::{keeps_defaults, round_trip};

    #[test]
    fn fragments_round_trip() {
        let st = round_trip::<RebSettings>("n=4&fp=16384&w=2&key=a%7Bb%7Dc&kind=range&ps=8&ret=5&t=7&pn=16&cap=100&mode=operator&load=70&to=8&sec=33&seed=9&l=en&embed=slots");
        assert_eq!(st.key, "a{b}c");
        assert_eq!((st.nodes, st.fixed, st.step, st.cap), (4, 16_384, 7, 100));
    }

    #[test]
    fn bad_fields_keep_defaults_with_notices() {
        keeps_defaults::<RebSettings>("n=999&fp=1000&kind=x&cap=7&mode=%3Cb%3E&t=0&zz=1", 7);
    }

    #[test]
    fn any_key_can_be_looked_up_but_not_an_empty_long_or_control_one() {
        assert_eq!(
            Msg::parse("lookup", "{user1000}.following"),
            Some(Msg::Key("{user1000}.following".to_owned()))
        );
        assert_eq!(Msg::parse("lookup", ""), None);
        assert_eq!(Msg::parse("lookup", "a\u{1b}[31m"), None);
        assert_eq!(
            Msg::parse("lookup", &"k".repeat(MAX_LOOKUP_BYTES + 1)),
            None
        );
        assert!(Msg::parse("lookup", &"🦀".repeat(MAX_LOOKUP_BYTES / 4)).is_some());
        assert_eq!(
            Msg::parse("lookup", &"🦀".repeat(MAX_LOOKUP_BYTES / 4 + 1)),
            None
        );
    }

    #[test]
    fn messages_parse_only_what_they_allow() {
        assert_eq!(Msg::parse("n", "5"), Some(Msg::Nodes(5)));
        assert_eq!(Msg::parse("n", "99"), None);
        assert_eq!(Msg::parse("fp", "16384"), Some(Msg::Fixed(16_384)));
        assert_eq!(Msg::parse("fp", "100"), None);
        assert_eq!(Msg::parse("key", "not-an-example"), None);
        assert_eq!(Msg::parse("t", "0"), Some(Msg::Step(1)));
        assert_eq!(Msg::parse("tstep", "+1"), Some(Msg::StepBy(1)));
        assert_eq!(Msg::parse("cap", "9"), None);
        assert_eq!(Msg::parse("nope", "1"), None);
    }
}
