//! Beyond the lesson: every strategy compared on one cluster (issue #14), from
//! [`partlab_core::compare`].
//!
//! Its address fields, presets and views are [`DEF`]: the teachers' page, the command line
//! (`partlab compare`) and the guide read them from there.
//!
//! Every unit of work (one strategy's trial, one join or leave, one probe point, the
//! over-provisioning sweep) runs over several [`Study::work`] calls, each doing about
//! [`WORK_PER_STEP`] units of the core's work (one is about one MD5 hash): the owners of the
//! keys come from the core's [`OwnersTask`], whatever the strategy and the sliders. The
//! multi-probe chart places at most [`PROBE_KEYS`] of the keys.

use partlab_core::compare::{
    self, changed_names, counts, moved_between, Algo, Change, CompareSpec, Memory, Moved,
    OverprovisionPoint, OverprovisionSweep, OwnersTask, Params, TrialFigures, RENDEZVOUS_MAX_SIZE,
};
use partlab_core::keys::{KeySet, KeySetBuilder};
use partlab_core::stats::peak_to_mean;
use partlab_core::sweep::Band;
use partlab_core::zoo::maglev::{check_table_size, MAX_TABLE_SIZE};
use partlab_core::zoo::MultiProbe;

use super::chart::{Chart, Lines, Series, Stroke};
use super::fields::{Fields, StudyIssue, Writer};
use super::text::{tr, St};
use super::view::{row, Block, Cell, Choice, Control, ControlKind, DataTable, Panel};
use super::{stop_at, Study, Words};
use super::{study_parts, Settings, StudyChapter, StudyState};
use crate::base::field::{ChapterDef, Cli};
use crate::i18n::fmt_dec;
use crate::state::Lang;

/// Most nodes.
pub const MAX_NODES: u32 = 10;
/// The key-count slider's stops.
pub const KEY_STOPS: [u32; 4] = [1_000, 5_000, 20_000, 50_000];
/// Work units of one [`Study::work`] call (one unit is about one MD5 hash: a key hashed, a
/// rendezvous score, a few dozen keys placed): about 1–2 ms natively, a few ms in the page,
/// which runs several in a slice when they are quick.
pub const WORK_PER_STEP: u64 = 8_000;
/// The table sizes offered (primes).
pub const TABLE_CHOICES: [u64; 4] = [251, 1_009, 5_003, 65_537];
/// The load factors offered, in hundredths.
pub const FACTOR_CHOICES: [u32; 5] = [105, 110, 125, 150, 200];
/// The probe counts offered.
pub const PROBE_CHOICES: [u32; 5] = [1, 5, 21, 51, 100];
/// The probe counts of the multi-probe chart.
pub const PROBE_POINTS: [u32; 6] = [1, 2, 5, 10, 21, 50];
/// Most keys the multi-probe chart places per point.
pub const PROBE_KEYS: usize = 20_000;

study_fields! {
    /// The node count field (`n`).
    NODES = whole("n", Cli::Value("nodes"), (2, MAX_NODES as u64, 4)) => CmpNodes;
    /// The key count field (`k`).
    KEYS = whole("k", Cli::Value("keys"), (1_000, 100_000, 20_000)) => CmpKeys;
    /// Maglev's table size field (`m`).
    TABLE = ruled("m", Cli::Value("table-size"), (|l| tr(l, St::CmpTableRule), "65537")) => CmpTableSize;
    /// Bounded loads' factor field (`lf`, in hundredths).
    FACTOR = whole("lf", Cli::Hundredths("load-factor"), (100, 300, 125)) => CmpLoadFactorHelp;
    /// Multi-probe's probes field (`probes`).
    PROBES = whole("probes", Cli::Value("probes"), (1, 100, 21)) => CmpProbes;
    /// The renamed trials field (`t`).
    TRIALS = whole("t", Cli::Value("trials"), (1, 16, 8)) => CmpTrials;
}

/// The chapter's address: its fields, presets and views.
pub const DEF: &ChapterDef = study_def! {
    fields: [NODES, KEYS, TABLE, FACTOR, PROBES, TRIALS],
    presets: ["lesson" => CmpPresetLesson, "big" => CmpPresetBig],
    views: ["table" => CmpTableTitle, "probes" => CmpProbesTitle, "overprov" => CmpOverTitle],
    intro: CmpIntro, summary: "Beyond the lesson: mod N, ring, rendezvous, jump, Maglev, bounded loads, multi-probe and ketama on one cluster (evenness, keys moved on join and leave, memory), multi-probe against its probes, and over-provisioning against table size with 1 000 backends",
};

/// The chapter's own settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CmpSettings {
    /// Nodes.
    pub nodes: u32,
    /// Lesson keys.
    pub keys: u32,
    /// Maglev's table size (prime).
    pub table_size: u64,
    /// Bounded loads' factor, in hundredths.
    pub factor_centi: u32,
    /// Multi-probe's probes per key.
    pub probes: u32,
    /// Renamed trials.
    pub trials: u32,
}

/// The chapter's whole state.
pub type CmpState = StudyState<CmpSettings>;

impl Settings for CmpSettings {
    const DEF: &'static ChapterDef = DEF;

    /// The lesson's four nodes, 20 000 keys, the papers' parameters.
    fn opening() -> CmpSettings {
        CmpSettings {
            nodes: 4,
            keys: 20_000,
            table_size: 65_537,
            factor_centi: 125,
            probes: 21,
            trials: 8,
        }
    }

    bind_fields! {
        nodes: whole(NODES),
        keys: whole(KEYS),
        custom(
            |s: &mut Self, f: &mut Fields<'_>, _: &mut Vec<StudyIssue>| {
                if let Some(v) = f.number(TABLE.name, 2, MAX_TABLE_SIZE) {
                    s.table_size = v;
                }
            },
            |s: &Self, w: &mut Writer| {
                w.field(TABLE.name, s.table_size);
            }
        ),
        factor_centi: whole(FACTOR),
        probes: whole(PROBES),
        trials: whole(TRIALS),
    }

    fn preset(&mut self, id: &str) {
        *self = CmpSettings::opening();
        if id == "big" {
            self.nodes = 10;
        }
    }

    /// Maglev's table size is a prime, at least the node count.
    fn refuse_misfits(&mut self, opening: &Self, issues: &mut Vec<StudyIssue>) {
        if check_table_size(self.table_size, self.nodes as usize).is_err() {
            issues.push(StudyIssue::Refused {
                field: TABLE.name,
                value: self.table_size.to_string(),
                rule: St::CmpTableMisfit,
                args: vec![("nodes", self.nodes.to_string())],
            });
            self.table_size = opening.table_size;
        }
    }
}

impl CmpSettings {
    /// The node names: the lesson's four, `inv-tar`, then `inv-6`, `inv-7`, ….
    pub fn names(&self) -> Vec<String> {
        node_names(self.nodes as usize + 1)[..self.nodes as usize].to_vec()
    }

    /// The core's comparison spec.
    pub fn spec(&self) -> CompareSpec {
        let all = node_names(self.nodes as usize + 1);
        CompareSpec {
            names: all[..self.nodes as usize].to_vec(),
            join: all[self.nodes as usize].clone(),
            leave: 1,
            params: Params {
                vnodes: 150,
                table_size: self.table_size,
                load_factor: f64::from(self.factor_centi) / 100.0,
                probes: self.probes,
            },
            trials: self.trials,
        }
    }
}

/// `n` node names: the lesson's four, its joining node, then `inv-6`, ….
pub fn node_names(n: usize) -> Vec<String> {
    partlab_core::lesson::NODES
        .iter()
        .chain([&partlab_core::lesson::JOINING_NODE])
        .map(|s| s.to_string())
        .chain((6..).map(|i| format!("inv-{i}")))
        .take(n)
        .collect()
}

/// One unit of background work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Trial(Algo, u32),
    Join(Algo),
    Leave(Algo),
    Probe(usize, u32),
    Over,
}

/// A unit under way, advanced [`WORK_PER_STEP`] at a time.
enum Running {
    /// The owners of a trial's, a join's or a leave's nodes.
    Owners(Unit, Box<OwnersTask>),
    /// A probe point: multi-probe over a sample of the keys, the next sample and the counts.
    Probe {
        point: usize,
        probes: MultiProbe,
        next: usize,
        counts: Vec<u64>,
    },
}

/// Results per strategy.
#[derive(Clone, Debug, Default)]
struct AlgoResult {
    trials: Vec<TrialFigures>,
    join: Option<Moved>,
    leave: Option<Moved>,
}

/// The comparison chapter.
pub struct Compare {
    state: CmpState,
    notices: Vec<StudyIssue>,
    keys: Option<(u32, KeySet)>,
    /// The key set of a new count, hashed and sorted in slices before the queue runs.
    keys_build: Option<(u32, KeySetBuilder)>,
    queue: Vec<Unit>,
    /// The unit under way, if one is started.
    running: Option<Running>,
    /// The current strategy's owners on the chapter's nodes (its trial 0), which its join and
    /// leave count their moves from.
    base: Option<(Algo, Vec<u32>)>,
    total_units: usize,
    results: Vec<AlgoResult>,
    probes: Vec<Vec<f64>>,
    over: OverprovisionSweep,
}

impl Compare {
    /// The chapter from its fields.
    pub fn open(fragment: &str, lang: Lang, notices: Vec<StudyIssue>) -> Compare {
        let (state, notices) = CmpState::open(fragment, lang, notices);
        let mut c = Compare {
            state,
            notices,
            keys: None,
            keys_build: None,
            queue: Vec::new(),
            running: None,
            base: None,
            total_units: 0,
            results: Vec::new(),
            probes: Vec::new(),
            over: OverprovisionSweep::paper(),
        };
        c.refresh();
        c
    }

    /// The state.
    pub fn state(&self) -> &CmpState {
        &self.state
    }

    /// Whether every unit of work is done.
    pub fn done(&self) -> bool {
        self.queue.is_empty() && self.running.is_none()
    }

    fn refresh(&mut self) {
        let k = self.state.keys;
        if self.keys.as_ref().map(|x| x.0) == Some(k) {
            self.keys_build = None;
        } else if self.keys_build.as_ref().map(|x| x.0) != Some(k) {
            // The count is one of the slider's stops, so the builder exists.
            self.keys_build = KeySetBuilder::lesson(k as usize).ok().map(|b| (k, b));
        }
        self.results = vec![AlgoResult::default(); Algo::ALL.len()];
        self.probes = vec![Vec::new(); PROBE_POINTS.len()];
        self.running = None;
        self.base = None;
        let mut q = Vec::new();
        for algo in Algo::ALL {
            // Trial 0 first: its owners are what the join and the leave move keys from.
            q.push(Unit::Trial(algo, 0));
            q.push(Unit::Join(algo));
            q.push(Unit::Leave(algo));
            for t in 1..self.state.trials {
                q.push(Unit::Trial(algo, t));
            }
        }
        for i in 0..PROBE_POINTS.len() {
            for t in 0..self.state.trials {
                q.push(Unit::Probe(i, t));
            }
        }
        if !self.over.done() {
            q.push(Unit::Over);
        }
        // Units are popped from the end: keep the page's order.
        q.reverse();
        self.total_units = q.len();
        self.queue = q;
    }

    /// The nodes a unit places the keys on.
    fn unit_names(spec: &CompareSpec, unit: Unit) -> Vec<String> {
        match unit {
            Unit::Trial(_, t) | Unit::Probe(_, t) => compare::trial_names(&spec.names, t),
            Unit::Join(_) => changed_names(&spec.names, Change::Join(&spec.join)),
            Unit::Leave(_) => changed_names(&spec.names, Change::Leave(spec.leave)),
            Unit::Over => Vec::new(),
        }
    }

    /// Starts `unit` (the cheap part: a ring, multi-probe's points, a sample's stride).
    fn start(&mut self, unit: Unit) {
        let spec = self.state.spec();
        let Some((_, keys)) = &self.keys else { return };
        let names = Self::unit_names(&spec, unit);
        self.running = match unit {
            Unit::Trial(a, _) | Unit::Join(a) | Unit::Leave(a) => {
                OwnersTask::new(a, &names, &spec.params, keys)
                    .ok()
                    .map(|t| Running::Owners(unit, Box::new(t)))
            }
            Unit::Probe(point, _) => {
                MultiProbe::new(&names, PROBE_POINTS[point])
                    .ok()
                    .map(|probes| Running::Probe {
                        point,
                        counts: vec![0; names.len()],
                        probes,
                        next: 0,
                    })
            }
            Unit::Over => {
                if self.over.step(WORK_PER_STEP) {
                    self.queue.push(Unit::Over);
                }
                None
            }
        };
    }

    /// Advances the unit under way by [`WORK_PER_STEP`], and takes its result when it ends.
    fn advance(&mut self, running: Running) {
        let Some((_, keys)) = &self.keys else { return };
        let idx = |a: Algo| Algo::ALL.iter().position(|x| *x == a).unwrap_or(0);
        match running {
            Running::Owners(unit, mut task) => {
                if task.step(keys, WORK_PER_STEP) {
                    self.running = Some(Running::Owners(unit, task));
                    return;
                }
                let spec = self.state.spec();
                let names = Self::unit_names(&spec, unit);
                let owners = task.finish(keys);
                let base = |a: Algo| self.base.as_ref().filter(|b| b.0 == a).map(|b| &b.1);
                match unit {
                    Unit::Trial(a, t) => {
                        let figures = TrialFigures::of_counts(&counts(&owners, names.len()));
                        self.results[idx(a)].trials.push(figures);
                        if t == 0 {
                            self.base = Some((a, owners));
                        }
                    }
                    Unit::Join(a) => {
                        self.results[idx(a)].join = base(a).map(|before| {
                            let change = Change::Join(&spec.join);
                            moved_between(&spec.names, before, &names, &owners, change)
                        });
                    }
                    Unit::Leave(a) => {
                        self.results[idx(a)].leave = base(a).map(|before| {
                            let change = Change::Leave(spec.leave);
                            moved_between(&spec.names, before, &names, &owners, change)
                        });
                    }
                    Unit::Probe(..) | Unit::Over => {}
                }
            }
            Running::Probe {
                point,
                probes,
                mut next,
                mut counts,
            } => {
                // At most PROBE_KEYS keys, every n-th by position (a uniform sample of the
                // ring), a share of them per call.
                let all = keys.sorted_hashes();
                let stride = all.len().div_ceil(PROBE_KEYS).max(1);
                let per_key = 1 + u64::from(probes.probes()) / 16;
                let sampled = (WORK_PER_STEP / per_key).max(1) as usize;
                let end = next.saturating_add(sampled * stride).min(all.len());
                for &h in all[next..end].iter().step_by(stride) {
                    counts[probes.owner(h)] += 1;
                }
                // The next sample is the first multiple of the stride at or after `end`.
                next = end.div_ceil(stride) * stride;
                if next < all.len() {
                    self.running = Some(Running::Probe {
                        point,
                        probes,
                        next,
                        counts,
                    });
                } else {
                    self.probes[point].push(peak_to_mean(&counts));
                }
            }
        }
    }

    /// Runs every remaining unit (the CLI and tests).
    pub fn finish(&mut self) {
        while self.work() {}
    }

    fn algo_name(&self, a: Algo) -> String {
        let st = &self.state;
        algo_name(self.words(), a, st.table_size, st.factor_centi, st.probes)
    }
}

/// A strategy's name with the parameter it runs with ("Maglev (M = 65,537)"), for the
/// comparison and hot-keys chapters.
pub(crate) fn algo_name(
    w: Words,
    a: Algo,
    table_size: u64,
    factor_centi: u32,
    probes: u32,
) -> String {
    match a {
        Algo::Modulo => w.t(St::AlgoModulo),
        Algo::Ring => w.f(St::AlgoRing, &[("v", "150")]),
        Algo::Rendezvous => w.t(St::AlgoRendezvous),
        Algo::Jump => w.t(St::AlgoJump),
        Algo::Maglev => w.f(St::AlgoMaglev, &[("m", &w.n(table_size))]),
        Algo::Bounded => w.f(
            St::AlgoBounded,
            &[("c", &fmt_dec(w.0, f64::from(factor_centi) / 100.0, 2))],
        ),
        Algo::MultiProbe => w.f(St::AlgoMultiProbe, &[("k", &probes.to_string())]),
        Algo::Ketama => w.t(St::AlgoKetama),
    }
}

/// A drop-down of `choices` (and `value`, when it is none of them: an address can carry any
/// accepted value), each shown by `show`.
pub(crate) fn select<T: Copy + ToString + PartialEq>(
    id: &'static str,
    label: String,
    choices: &[T],
    value: T,
    show: impl Fn(T) -> String,
) -> Control {
    let mut options: Vec<Choice> = choices
        .iter()
        .map(|&c| Choice::new(c.to_string(), show(c)))
        .collect();
    if !choices.contains(&value) {
        options.push(Choice::new(value.to_string(), show(value)));
    }
    Control::select(id, label, options, value.to_string())
}

impl StudyChapter for Compare {
    study_parts!(CmpSettings);

    fn refresh(&mut self) {
        Compare::refresh(self);
    }

    fn control(&mut self, id: &str, value: &str) -> bool {
        let before = self.state.settings.clone();
        let st = &mut self.state.settings;
        let v = value.trim();
        match id {
            "n" => {
                if let Some(n) = v
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (2..=MAX_NODES).contains(n))
                {
                    st.nodes = n;
                }
            }
            "k" => {
                if let Some(&k) = stop_at(&KEY_STOPS, v) {
                    st.keys = k;
                }
            }
            "m" => {
                if let Some(m) = v
                    .parse::<u64>()
                    .ok()
                    .filter(|m| check_table_size(*m, st.nodes as usize).is_ok())
                {
                    st.table_size = m;
                }
            }
            "lf" => {
                if let Some(c) = v.parse::<u32>().ok().filter(|c| (100..=300).contains(c)) {
                    st.factor_centi = c;
                }
            }
            "probes" => {
                if let Some(k) = v.parse::<u32>().ok().filter(|k| (1..=100).contains(k)) {
                    st.probes = k;
                }
            }
            "t" => {
                if let Some(t) = v.parse::<u32>().ok().filter(|t| (1..=16).contains(t)) {
                    st.trials = t;
                }
            }
            _ => {}
        }
        self.state.settings != before
    }

    fn chapter_controls(&self) -> Vec<Control> {
        let w = self.words();
        let st = &self.state;
        vec![
            st.presets_control(),
            Control {
                id: "n",
                label: w.t(St::CmpNodes),
                kind: ControlKind::Number {
                    min: 2,
                    max: u64::from(MAX_NODES),
                    value: u64::from(st.nodes),
                },
                note: st.names().join(", "),
            },
            w.stops(
                "k",
                St::CmpKeys,
                &KEY_STOPS,
                st.keys,
                w.n(u64::from(st.keys)),
            ),
            select(
                "m",
                w.t(St::CmpTableSize),
                &TABLE_CHOICES,
                st.table_size,
                |m| w.n(m),
            ),
            select(
                "lf",
                w.t(St::CmpLoadFactor),
                &FACTOR_CHOICES,
                st.factor_centi,
                |c| fmt_dec(st.lang, f64::from(c) / 100.0, 2),
            ),
            select(
                "probes",
                w.t(St::CmpProbes),
                &PROBE_CHOICES,
                st.probes,
                |k| k.to_string(),
            ),
            Control::new(
                "t",
                w.t(St::CmpTrials),
                ControlKind::Number {
                    min: 1,
                    max: 16,
                    value: u64::from(st.trials),
                },
            ),
        ]
    }

    fn chapter_panels(&self) -> Vec<Panel> {
        vec![self.table_panel(), self.probes_panel(), self.over_panel()]
    }

    fn step(&mut self) -> bool {
        if let Some((k, mut b)) = self.keys_build.take() {
            if b.step(WORK_PER_STEP) {
                self.keys = Some((k, b.finish()));
            } else {
                self.keys_build = Some((k, b));
            }
            return true;
        }
        if let Some(r) = self.running.take() {
            self.advance(r);
        } else if let Some(u) = self.queue.pop() {
            self.start(u);
        } else {
            return false;
        }
        !self.done()
    }
}

impl Compare {
    fn progress(&self) -> Option<Block> {
        (!self.done()).then(|| {
            let w = self.words();
            Block::Text(
                w.f(
                    St::CmpWorking,
                    &[
                        (
                            "done",
                            &(self.total_units.saturating_sub(
                                self.queue.len() + usize::from(self.running.is_some()),
                            ))
                            .to_string(),
                        ),
                        ("total", &self.total_units.to_string()),
                    ],
                ),
            )
        })
    }

    fn table_panel(&self) -> Panel {
        let w = self.words();
        let spec = self.state.spec();
        let band_text = |b: &Band, pct: bool| {
            if pct {
                format!(
                    "{} ({}–{})",
                    crate::i18n::fmt_pct(self.state.lang, b.median, 1),
                    fmt_dec(self.state.lang, b.min, 1),
                    fmt_dec(self.state.lang, b.max, 1)
                )
            } else {
                format!(
                    "{} ({}–{})",
                    fmt_dec(self.state.lang, b.median, 3),
                    fmt_dec(self.state.lang, b.min, 3),
                    fmt_dec(self.state.lang, b.max, 3)
                )
            }
        };
        let mut rows = Vec::new();
        for (i, a) in Algo::ALL.into_iter().enumerate() {
            let r = &self.results[i];
            if r.trials.len() < self.state.trials as usize {
                continue;
            }
            let (Some(join), Some(leave)) = (r.join, r.leave) else {
                continue;
            };
            let devs: Vec<f64> = r.trials.iter().map(|f| f.deviation_pct).collect();
            let peaks: Vec<f64> = r.trials.iter().map(|f| f.peak_to_mean).collect();
            let (dev, peak) = (Band::of(&devs), Band::of(&peaks));
            let mem = compare::memory(a, &spec.names, &spec.params).unwrap_or(Memory {
                entries: 0,
                bytes: 0,
            });
            let mut rw = row(
                a.slug(),
                vec![
                    Cell::text(self.algo_name(a)),
                    Cell::num(band_text(&dev, true), dev.median),
                    Cell::num(band_text(&peak, false), peak.median),
                    w.pct(join.fraction * 100.0, 1),
                    w.pct(join.ideal * 100.0, 1),
                    w.pct(leave.fraction * 100.0, 1),
                    w.pct(leave.ideal * 100.0, 1),
                    w.int(mem.entries),
                    w.int(mem.bytes),
                ],
            );
            rw.attrs.push(("algo", a.slug().to_owned()));
            rows.push(rw);
        }
        let mut blocks = Vec::new();
        blocks.extend(self.progress());
        blocks.push(w.table_block(
            "compare",
            &[
                St::CmpColAlgo,
                St::CmpColDev,
                St::CmpColPeak,
                St::CmpColJoin,
                St::CmpColJoinIdeal,
                St::CmpColLeave,
                St::CmpColLeaveIdeal,
                St::CmpColEntries,
                St::CmpColBytes,
            ],
            rows,
        ));
        Panel {
            view: "table",
            title: w.t(St::CmpTableTitle),
            caption: w.f(
                St::CmpTableCaption,
                &[
                    ("nodes", &self.state.nodes.to_string()),
                    ("keys", &w.n(u64::from(self.state.keys))),
                    ("join", &spec.join),
                    ("leave", spec.names.get(spec.leave).map_or("", |s| s)),
                    ("trials", &self.state.trials.to_string()),
                ],
            ),
            wide: true,
            blocks,
        }
    }

    fn probes_panel(&self) -> Panel {
        let w = self.words();
        let bands: Vec<(u32, Band)> = PROBE_POINTS
            .iter()
            .zip(&self.probes)
            .filter(|(_, v)| v.len() >= self.state.trials as usize)
            .map(|(&k, v)| (k, Band::of(v)))
            .collect();
        let series = |label: St, colour, stroke, f: fn(&Band) -> f64| Series {
            label: w.t(label),
            points: bands.iter().map(|(k, b)| (f64::from(*k), f(b))).collect(),
            colour,
            stroke,
        };
        let chart = Chart::Lines(Lines {
            x_label: w.t(St::CmpAxisProbes),
            y_label: w.t(St::CmpAxisPeak),
            x_range: Some((1.0, 50.0)),
            y_min_top: 1.5,
            series: vec![
                series(St::CmpSeriesMedian, 0, Stroke::LineMarkers, |b| b.median),
                series(St::CmpSeriesMin, 1, Stroke::Dashed, |b| b.min),
                series(St::CmpSeriesMax, 2, Stroke::Dashed, |b| b.max),
            ],
            ..Lines::default()
        });
        let rows = bands
            .iter()
            .map(|(k, b)| {
                row(
                    k.to_string(),
                    vec![
                        Cell::num(k.to_string(), f64::from(*k)),
                        w.dec(b.min, 3),
                        w.dec(b.median, 3),
                        w.dec(b.max, 3),
                    ],
                )
            })
            .collect();
        let mut blocks = Vec::new();
        // A fixed note (not the count of steps): the panel stays as it was between its points.
        if bands.len() < PROBE_POINTS.len() {
            blocks.push(Block::Text(w.t(St::CmpPending)));
        }
        blocks.push(w.chart_block(
            chart,
            St::CmpProbesChart,
            w.table(
                "probes",
                &[
                    St::CmpAxisProbes,
                    St::CmpSeriesMin,
                    St::CmpSeriesMedian,
                    St::CmpSeriesMax,
                ],
                rows,
            ),
        ));
        Panel {
            view: "probes",
            title: w.t(St::CmpProbesTitle),
            caption: w.f(
                St::CmpProbesCaption,
                &[("trials", &self.state.trials.to_string())],
            ),
            wide: false,
            blocks,
        }
    }

    fn over_panel(&self) -> Panel {
        let w = self.words();
        let pts: &[OverprovisionPoint] = self.over.points();
        // Sizes are spread over orders of magnitude: plot them at their rank, labelled.
        let series =
            |label: String, colour, f: &dyn Fn(&OverprovisionPoint) -> Option<f64>| Series {
                label,
                points: pts
                    .iter()
                    .enumerate()
                    .filter_map(|(i, p)| f(p).map(|v| (i as f64, v * 100.0)))
                    .collect(),
                colour,
                stroke: Stroke::LineMarkers,
            };
        let chart = Chart::Lines(Lines {
            x_label: w.t(St::CmpAxisSize),
            y_label: w.t(St::CmpAxisOver),
            x_range: Some((0.0, (compare::OVERPROVISION_SIZES.len() - 1) as f64)),
            y_min_top: 10.0,
            x_ticks: compare::OVERPROVISION_SIZES
                .iter()
                .enumerate()
                .map(|(i, &m)| (i as f64, w.n(m)))
                .collect(),
            series: vec![
                series("Maglev".to_owned(), 0, &|p| Some(p.maglev)),
                series(w.f(St::AlgoRing, &[("v", "⌊M/N⌋")]), 1, &|p| {
                    Some(p.ring)
                }),
                series(w.t(St::AlgoRendezvous), 2, &|p| p.rendezvous),
            ],
            ..Lines::default()
        });
        let rows = pts
            .iter()
            .map(|p| {
                row(
                    p.size.to_string(),
                    vec![
                        Cell::num(w.n(p.size), p.size as f64),
                        w.pct(p.maglev * 100.0, 2),
                        w.pct(p.ring * 100.0, 2),
                        p.rendezvous
                            .map_or(Cell::text(w.t(St::CmpNotMeasured)), |v| w.pct(v * 100.0, 2)),
                    ],
                )
            })
            .collect();
        let mut blocks = Vec::new();
        if !self.over.done() {
            blocks.push(Block::Text(w.t(St::CmpPending)));
        }
        blocks.push(w.chart_block(
            chart,
            St::CmpOverChart,
            DataTable::new(
                "overprov",
                vec![
                    w.t(St::CmpAxisSize),
                    "Maglev".to_owned(),
                    w.f(St::AlgoRing, &[("v", "⌊M/N⌋")]),
                    w.t(St::AlgoRendezvous),
                ],
                rows,
            ),
        ));
        Panel {
            view: "overprov",
            title: w.t(St::CmpOverTitle),
            caption: w.f(St::CmpOverCaption, &[("max", &w.n(RENDEZVOUS_MAX_SIZE))]),
            wide: false,
            blocks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::chapter::testing::round_trip;

    #[test]
    fn fields_round_trip_and_bad_sizes_become_notices() {
        round_trip::<CmpSettings>("n=6&k=5000&m=1009&c=150&probes=5&t=3&l=en");
        let (bad, issues) = CmpState::from_fragment("m=65536", Lang::En);
        assert_eq!(bad.table_size, 65_537);
        assert_eq!(issues.len(), 1);
    }

    #[test]
    fn the_work_fills_every_row() {
        let mut c = Compare::open("k=1000&t=2&m=1009", Lang::En, Vec::new());
        c.finish();
        let panels = c.panels();
        let table = panels[0].tables()[0].clone();
        assert_eq!(table.rows.len(), Algo::ALL.len());
        assert_eq!(
            panels[2].tables()[0].rows.len(),
            compare::OVERPROVISION_SIZES.len()
        );
    }

    #[test]
    fn the_sliced_work_gives_the_cores_rows_in_many_short_steps() {
        let mut c = Compare::open("k=1000&t=2&m=1009&n=5&probes=5", Lang::En, Vec::new());
        let mut steps = 0;
        while c.work() {
            steps += 1;
        }
        let spec = c.state.spec();
        let keys = KeySet::lesson(1_000).expect("valid");
        for (i, a) in Algo::ALL.into_iter().enumerate() {
            let row = spec.row(a, &keys).expect("valid");
            let r = &c.results[i];
            let devs: Vec<f64> = r.trials.iter().map(|f| f.deviation_pct).collect();
            assert_eq!(Band::of(&devs), row.deviation_pct, "{a:?}");
            assert_eq!(r.join, Some(row.join), "{a:?}");
            assert_eq!(r.leave, Some(row.leave), "{a:?}");
        }
        // The probe chart's sample: every key of 1 000, each point over both trials.
        for (i, &k) in PROBE_POINTS.iter().enumerate() {
            let mp = MultiProbe::new(&spec.names, k).expect("valid");
            assert_eq!(
                c.probes[i][0],
                peak_to_mean(&mp.counts(keys.sorted_hashes())),
                "{k} probes"
            );
        }
        // 8 strategies × 4 units, 12 probe units, the sweep: each over one call or more.
        assert!(steps > 8 * 4 + 12, "{steps} calls");
    }
}
