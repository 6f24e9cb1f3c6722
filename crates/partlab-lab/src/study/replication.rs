//! The chapter of section 1: partitions and their replicas, leaders and followers, a node
//! failure, and a hot partition that makes a cluster write like one node.
//!
//! # URL fields
//!
//! | field | meaning | values (default) |
//! |---|---|---|
//! | `seed`, `o`, `d` | the workload (partition sizes and writes) | see [`WorkloadFields`] |
//! | `lay` | the placement: `lesson` (the lesson's diagram) or `spread` (round robin) | (`lesson`) |
//! | `nodes` | nodes, one partition each (`spread` only) | 2–10 (4) |
//! | `rf` | copies of each partition | 1–`nodes`, 1–3 with `lesson` (3) |
//! | `fail` | the failed node, `A`…, or `none` | (`none`) |
//! | `p` | a preset: `lesson`, `rf1` (one copy, C fails), `hot` (10 nodes) | |
//! | `l`, `embed` | language; one view alone: `layout`, `failover`, `hotspot` | |

use partlab_km0::calendar::{Timestamp, HOUR_SECS};
use partlab_km0::choosing_keys::peak_hour;
use partlab_km0::replication::{
    node_name, partition_loads, write_capacity, Cluster, Outcome, PartitionLoads,
};

use super::chart::{Chart, Lines, Series, Stroke};
use super::fields::{Fields, StudyIssue, Writer};
use super::source::{SourceStep, WorkloadSource};
use super::text::St;
use super::view::{row, Block, Cell, Choice, Control, ControlKind, DataTable, Figure, Panel};
use super::{presets_control, read_embed, Input, Study, Words, WorkloadFields};
use crate::chapters::ChapterId;
use crate::i18n::{fmt_dec, fmt_pct};
use crate::state::Lang;

/// The chapter's views, in page order.
pub const VIEWS: &[&str] = &["layout", "failover", "hotspot"];
/// Most nodes.
pub const MAX_NODES: u32 = 10;
/// Largest cluster on the capacity chart.
const CHART_NODES: u32 = 12;

const PRESETS: [(&str, St); 3] = [
    ("lesson", St::ReplPresetLesson),
    ("rf1", St::ReplPresetRf1),
    ("hot", St::ReplPresetHot),
];

/// The chapter's whole state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplState {
    /// Interface language.
    pub lang: Lang,
    /// The view shown alone.
    pub embed: Option<&'static str>,
    /// The preset the state came from, while unchanged.
    pub preset: Option<&'static str>,
    /// The workload.
    pub workload: WorkloadFields,
    /// The lesson's diagram (true) or round robin.
    pub lesson_layout: bool,
    /// Nodes (and partitions: one each).
    pub nodes: u32,
    /// Copies per partition.
    pub rf: u32,
    /// The failed node.
    pub failed: Option<u32>,
}

impl ReplState {
    /// The opening state: the lesson's diagram, nothing failed.
    pub fn new(lang: Lang) -> ReplState {
        ReplState {
            lang,
            embed: None,
            preset: None,
            workload: WorkloadFields::default(),
            lesson_layout: true,
            nodes: 4,
            rf: 3,
            failed: None,
        }
    }

    /// Reads `fragment` over the opening state; never panics.
    pub fn from_fragment(fragment: &str, lang: Lang) -> (ReplState, Vec<StudyIssue>) {
        let mut st = ReplState::new(lang);
        let mut issues = Vec::new();
        let mut f = Fields::new(fragment);
        if let Some(l) = f.lang() {
            st.lang = l;
        }
        st.embed = read_embed(&mut f, VIEWS);
        if let Some(p) = f.choice("p", |s| PRESETS.iter().find(|(id, _)| *id == s)) {
            st.apply_preset(p.0);
        }
        st.workload.read(&mut f, &mut issues);
        if let Some(l) = f.choice("lay", |s| match s {
            "lesson" => Some(true),
            "spread" => Some(false),
            _ => None,
        }) {
            st.lesson_layout = l;
        }
        if let Some(v) = f.number("nodes", 2, u64::from(MAX_NODES)) {
            st.nodes = v as u32;
        }
        if let Some(v) = f.number("rf", 1, u64::from(MAX_NODES)) {
            st.rf = v as u32;
        }
        let nodes = st.nodes;
        if let Some(v) = f.choice("fail", |s| parse_fail(s, nodes)) {
            st.failed = v;
        }
        st.fix();
        issues.extend(f.finish());
        (st, issues)
    }

    /// Keeps the sizes consistent: the lesson's diagram has 4 nodes and at most 3 copies.
    fn fix(&mut self) {
        if self.lesson_layout {
            self.nodes = 4;
            self.rf = self.rf.min(3);
        }
        self.rf = self.rf.clamp(1, self.nodes);
        if self.failed.is_some_and(|f| f >= self.nodes) {
            self.failed = None;
        }
    }

    /// The fragment (without `#`); without `embed` when `embed` is false.
    pub fn to_fragment(&self, embed: bool) -> String {
        let mut w = Writer::new();
        self.workload.write(&mut w);
        w.field(
            "lay",
            if self.lesson_layout {
                "lesson"
            } else {
                "spread"
            },
        )
        .field("nodes", self.nodes)
        .field("rf", self.rf)
        .field(
            "fail",
            self.failed
                .map_or("none".to_owned(), |f| node_name(f as usize)),
        )
        .field("l", self.lang.code());
        if let Some(p) = self.preset {
            w.field("p", p);
        }
        if let (true, Some(v)) = (embed, self.embed) {
            w.field("embed", v);
        }
        w.finish()
    }

    fn apply_preset(&mut self, id: &'static str) {
        match id {
            "lesson" => {
                self.lesson_layout = true;
                self.rf = 3;
                self.failed = None;
            }
            "rf1" => {
                self.lesson_layout = true;
                self.rf = 1;
                self.failed = Some(2);
            }
            "hot" => {
                self.lesson_layout = false;
                self.nodes = 10;
                self.rf = 3;
                self.failed = None;
            }
            _ => return,
        }
        self.fix();
        self.preset = Some(id);
    }

    /// The cluster the state describes.
    pub fn cluster(&self) -> Cluster {
        if self.lesson_layout {
            Cluster::lesson().with_rf(self.rf as usize)
        } else {
            Cluster::round_robin(self.nodes as usize, self.nodes as usize, self.rf as usize)
        }
    }
}

/// `none`, or a node's name among `nodes`.
fn parse_fail(s: &str, nodes: u32) -> Option<Option<u32>> {
    if s == "none" {
        return Some(None);
    }
    (0..nodes.max(MAX_NODES))
        .find(|&i| node_name(i as usize) == s)
        .map(Some)
}

/// What the chapter's controls ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// The placement.
    Layout(bool),
    /// Nodes.
    Nodes(u32),
    /// Copies.
    Rf(u32),
    /// The failed node.
    Fail(Option<u32>),
    /// A preset.
    Preset(&'static str),
}

impl Msg {
    /// The message a control event stands for, if any.
    pub fn parse(id: &str, value: &str) -> Option<Msg> {
        let num = |max: u32| {
            value
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|v| (1..=max).contains(v))
        };
        match id {
            "lay" => match value {
                "lesson" => Some(Msg::Layout(true)),
                "spread" => Some(Msg::Layout(false)),
                _ => None,
            },
            "nodes" => num(MAX_NODES).filter(|&v| v >= 2).map(Msg::Nodes),
            "rf" => num(MAX_NODES).map(Msg::Rf),
            "fail" => parse_fail(value, MAX_NODES).map(Msg::Fail),
            "p" => PRESETS
                .iter()
                .find(|(p, _)| *p == value)
                .map(|(p, _)| Msg::Preset(p)),
            _ => None,
        }
    }
}

/// The section-1 chapter.
pub struct Replication {
    state: ReplState,
    notices: Vec<StudyIssue>,
    source: WorkloadSource,
    /// The workload `loads` were measured on.
    loads_of: Option<WorkloadFields>,
    /// Loads for 1…[`CHART_NODES`] partitions, and for the state's node count.
    loads: Vec<PartitionLoads>,
    /// Loads being measured on the workload held, one node count per slice of work (the
    /// previous loads stay on screen meanwhile).
    measuring: Option<(WorkloadFields, Vec<PartitionLoads>)>,
}

impl Replication {
    /// The chapter from its fields.
    pub fn open(fragment: &str, lang: Lang, mut notices: Vec<StudyIssue>) -> Replication {
        let (state, issues) = ReplState::from_fragment(fragment, lang);
        notices.extend(issues);
        let mut c = Replication {
            state,
            notices,
            source: WorkloadSource::default(),
            loads_of: None,
            loads: Vec::new(),
            measuring: None,
        };
        c.refresh();
        c
    }

    /// The state.
    pub fn state(&self) -> &ReplState {
        &self.state
    }

    /// Asks for the state's workload; it is built, and its loads measured, in [`Study::work`].
    fn refresh(&mut self) {
        let wf = self.state.workload.clone();
        self.source.want(&wf);
    }

    /// Measures the hourly loads of one more node count (1 to [`CHART_NODES`]) on the
    /// workload held, unless they are measured already. Returns whether more remain.
    fn measure_step(&mut self) -> bool {
        let Some((wf, w, h)) = self.source.ready() else {
            return false;
        };
        if self.loads_of.as_ref() == Some(wf) {
            self.measuring = None;
            return false;
        }
        let mut done = match self.measuring.take() {
            Some((of, done)) if of == *wf => done,
            _ => Vec::new(),
        };
        done.push(partition_loads(w, h, done.len() as u32 + 1));
        if done.len() as u32 >= CHART_NODES {
            self.loads = done;
            self.loads_of = Some(wf.clone());
            false
        } else {
            self.measuring = Some((wf.clone(), done));
            true
        }
    }

    fn apply(&mut self, msg: Msg) {
        let st = &mut self.state;
        match msg {
            Msg::Layout(l) => st.lesson_layout = l,
            Msg::Nodes(n) => {
                st.nodes = n;
                st.lesson_layout = false;
            }
            Msg::Rf(r) => st.rf = r,
            Msg::Fail(f) => st.failed = f,
            Msg::Preset(p) => {
                st.apply_preset(p);
                return;
            }
        }
        st.fix();
        st.preset = None;
    }

    fn w(&self) -> Words {
        Words(self.state.lang)
    }

    fn loads(&self, n: u32) -> Option<&PartitionLoads> {
        self.loads.get(n.saturating_sub(1) as usize)
    }
}

impl Study for Replication {
    fn work(&mut self) -> bool {
        match self.source.step() {
            // The slice that finished the workload's hashes is full: measuring starts in the
            // next one.
            SourceStep::Working | SourceStep::Ready => true,
            SourceStep::Idle => self.measure_step(),
        }
    }

    fn chapter(&self) -> ChapterId {
        ChapterId::Replication
    }

    fn lang(&self) -> Lang {
        self.state.lang
    }

    fn embed(&self) -> Option<&'static str> {
        self.state.embed
    }

    fn fragment(&self, embed: bool) -> String {
        self.state.to_fragment(embed)
    }

    fn views(&self) -> &'static [&'static str] {
        VIEWS
    }

    fn issues(&self) -> &[StudyIssue] {
        &self.notices
    }

    fn update(&mut self, input: Input) {
        match input {
            Input::Lang(l) => {
                self.state.lang = l;
                return;
            }
            Input::DismissNotices => {
                self.notices.clear();
                return;
            }
            Input::Load(fields) => {
                let (state, issues) = ReplState::from_fragment(&fields, self.state.lang);
                self.state = state;
                self.notices = issues;
            }
            Input::Control { id, value } => {
                match self.state.workload.apply(&id, &value, &mut self.notices) {
                    Some(true) => self.state.preset = None,
                    Some(false) => return,
                    None => match Msg::parse(&id, &value) {
                        Some(m) => self.apply(m),
                        None => return,
                    },
                }
            }
        }
        self.refresh();
    }

    fn controls(&self) -> Vec<Control> {
        let w = self.w();
        let st = &self.state;
        let mut out = vec![presets_control(st.lang, &PRESETS, st.preset)];
        out.push(Control {
            id: "lay",
            label: w.t(St::ReplLayout),
            kind: ControlKind::Select {
                options: vec![
                    Choice::new("lesson", w.t(St::ReplLayoutLesson)),
                    Choice::new("spread", w.t(St::ReplLayoutSpread)),
                ],
                value: if st.lesson_layout { "lesson" } else { "spread" }.to_owned(),
            },
            note: if st.lesson_layout {
                w.t(St::ReplLessonNote)
            } else {
                String::new()
            },
        });
        out.push(Control {
            id: "nodes",
            label: w.t(St::ReplNodes),
            kind: ControlKind::Number {
                min: 2,
                max: u64::from(MAX_NODES),
                value: u64::from(st.nodes),
            },
            note: String::new(),
        });
        out.push(Control {
            id: "rf",
            label: w.t(St::ReplRf),
            kind: ControlKind::Number {
                min: 1,
                max: u64::from(if st.lesson_layout { 3 } else { st.nodes }),
                value: u64::from(st.rf),
            },
            note: String::new(),
        });
        let mut fail = vec![Choice::new("none", w.t(St::ReplNone))];
        fail.extend((0..st.nodes).map(|i| {
            let name = node_name(i as usize);
            Choice::new(name.clone(), name)
        }));
        out.push(Control {
            id: "fail",
            label: w.t(St::ReplFail),
            kind: ControlKind::Select {
                options: fail,
                value: st
                    .failed
                    .map_or("none".to_owned(), |f| node_name(f as usize)),
            },
            note: String::new(),
        });
        let mut wl = st.workload.controls(st.lang);
        if let Some(first) = wl.first_mut() {
            first.note = format!(
                "{} {}",
                st.workload.describe(st.lang, st.workload.spec().start),
                w.t(St::SeedNote)
            );
        }
        out.extend(wl);
        out
    }

    fn panels(&self) -> Vec<Panel> {
        let cluster = self.state.cluster();
        let mut out = vec![self.layout_panel(&cluster), self.failover_panel(&cluster)];
        // The hot-spot view needs the workload; the others show at once.
        if self.loads_of.is_some() {
            out.push(self.hot_panel());
        } else {
            out.extend(self.source.progress_panel(self.state.lang, "hotspot"));
        }
        out
    }
}

impl Replication {
    fn list(parts: &[usize]) -> String {
        parts
            .iter()
            .map(|p| format!("P{}", p + 1))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn layout_panel(&self, c: &Cluster) -> Panel {
        let w = self.w();
        let rows = (0..c.nodes)
            .map(|n| {
                let roles = c.roles(n);
                let leads: Vec<usize> = roles.iter().filter(|r| r.1).map(|r| r.0).collect();
                let follows: Vec<usize> = roles.iter().filter(|r| !r.1).map(|r| r.0).collect();
                let down = self.state.failed == Some(n as u32);
                let mut r = row(
                    node_name(n),
                    vec![
                        Cell::text(node_name(n)),
                        Cell::num(Self::list(&leads), leads.len() as f64),
                        Cell::num(Self::list(&follows), follows.len() as f64),
                        Cell::text(w.t(if down { St::ReplDown } else { St::ReplUp })),
                    ],
                );
                r.attrs.push(("leads", Self::list(&leads)));
                r
            })
            .collect();
        let by_partition = c
            .partitions
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let name = format!("P{}", i + 1);
                let leader = p.replicas.first().map_or(String::new(), |&l| node_name(l));
                let followers: Vec<String> =
                    p.replicas.iter().skip(1).map(|&f| node_name(f)).collect();
                let mut r = row(
                    name.clone(),
                    vec![
                        Cell::text(name),
                        Cell::text(leader.clone()),
                        Cell::text(followers.join(", ")),
                    ],
                );
                r.attrs.push(("leader", leader));
                r
            })
            .collect();
        Panel {
            view: "layout",
            title: w.t(St::ReplLayoutTitle),
            caption: w.f(
                St::ReplLayoutCaption,
                &[
                    ("parts", &c.partitions.len().to_string()),
                    ("nodes", &c.nodes.to_string()),
                    ("rf", &c.rf().to_string()),
                ],
            ),
            wide: false,
            blocks: vec![
                Block::Table(DataTable {
                    key: "nodes",
                    head: vec![
                        w.t(St::ReplNodes),
                        w.t(St::ColLeads),
                        w.t(St::ColFollows),
                        w.t(St::ColState),
                    ],
                    rows,
                }),
                Block::Table(DataTable {
                    key: "partitions",
                    head: vec![
                        w.t(St::Partition),
                        w.t(St::ColLeader),
                        w.t(St::ColFollowers),
                    ],
                    rows: by_partition,
                }),
            ],
        }
    }

    fn failover_panel(&self, c: &Cluster) -> Panel {
        let w = self.w();
        let lang = self.state.lang;
        let Some(failed) = self.state.failed else {
            return Panel {
                view: "failover",
                title: w.t(St::ReplFailTitle),
                caption: w.t(St::ReplFailNone),
                wide: false,
                blocks: vec![Block::Figures(Vec::new())],
            };
        };
        let f = c.fail(failed as usize);
        let sizes = self
            .loads(c.partitions.len() as u32)
            .map_or(vec![1; c.partitions.len()], |l| l.rows.clone());
        let lost_share = f.lost_share(&sizes);
        let rows = c
            .partitions
            .iter()
            .zip(&f.outcomes)
            .enumerate()
            .map(|(i, (p, o))| {
                let before = p.replicas.first().map_or(String::new(), |&l| node_name(l));
                let (after, what, kind) = match o {
                    Outcome::Unaffected { lost_copy } => (
                        before.clone(),
                        w.t(if *lost_copy {
                            St::ReplLostCopy
                        } else {
                            St::ReplUnaffected
                        }),
                        "unaffected",
                    ),
                    Outcome::TakenOver { by } => (
                        node_name(*by),
                        w.f(St::ReplTakenOver, &[("node", &node_name(*by))]),
                        "taken-over",
                    ),
                    Outcome::Lost => ("—".to_owned(), w.t(St::ReplLost), "lost"),
                };
                let name = format!("P{}", i + 1);
                let mut r = row(
                    name.clone(),
                    vec![
                        Cell::text(name),
                        Cell::text(before),
                        Cell::text(after.clone()),
                        w.int(sizes.get(i).copied().unwrap_or(0)),
                        Cell::text(what),
                    ],
                );
                r.attrs.push(("outcome", kind.to_owned()));
                r.attrs.push(("after", after));
                r
            })
            .collect();
        Panel {
            view: "failover",
            title: w.t(St::ReplFailTitle),
            caption: w.f(
                St::ReplFailCaption,
                &[("node", &node_name(failed as usize))],
            ),
            wide: false,
            blocks: vec![
                Block::Figures(vec![
                    Figure {
                        key: "taken-over",
                        label: w.t(St::ReplFigTaken),
                        text: f.taken_over().to_string(),
                        value: f.taken_over() as f64,
                    },
                    Figure {
                        key: "lost",
                        label: w.t(St::ReplFigLost),
                        text: f.lost().to_string(),
                        value: f.lost() as f64,
                    },
                    Figure {
                        key: "lost-share",
                        label: w.t(St::ReplFigLostShare),
                        text: fmt_pct(lang, lost_share * 100.0, 1),
                        value: lost_share,
                    },
                ]),
                Block::Table(DataTable {
                    key: "failover",
                    head: vec![
                        w.t(St::Partition),
                        w.t(St::ColBefore),
                        w.t(St::ColAfter),
                        w.t(St::Rows),
                        w.t(St::ColWhat),
                    ],
                    rows,
                }),
            ],
        }
    }

    fn hot_panel(&self) -> Panel {
        let w = self.w();
        let lang = self.state.lang;
        let rf = self.state.rf as usize;
        let capacity = |n: u32, range: bool| -> f64 {
            self.loads(n).map_or(0.0, |l| {
                let c = Cluster::round_robin(n as usize, n as usize, rf);
                write_capacity(&c, if range { &l.peak_range } else { &l.peak_hash })
            })
        };
        let series = |label: St, colour: usize, stroke: Stroke, f: &dyn Fn(u32) -> f64| Series {
            label: w.t(label),
            points: (1..=CHART_NODES).map(|n| (f64::from(n), f(n))).collect(),
            colour,
            stroke,
        };
        let chart = Chart::Lines(Lines {
            x_label: w.t(St::ReplAxisNodes),
            y_label: w.t(St::ReplAxisCapacity),
            x_range: Some((1.0, f64::from(CHART_NODES))),
            y_min_top: f64::from(CHART_NODES),
            series: vec![
                series(St::ReplSeriesIdeal, 5, Stroke::Dashed, &|n| f64::from(n)),
                series(St::ReplSeriesHash, 3, Stroke::LineMarkers, &|n| {
                    capacity(n, false)
                }),
                series(St::ReplSeriesRange, 4, Stroke::LineMarkers, &|n| {
                    capacity(n, true)
                }),
            ],
            ..Lines::default()
        });
        let rows = (1..=CHART_NODES)
            .map(|n| {
                row(
                    n.to_string(),
                    vec![
                        Cell::num(n.to_string(), f64::from(n)),
                        w.dec(capacity(n, false), 2),
                        w.dec(capacity(n, true), 2),
                    ],
                )
            })
            .collect();
        let n = self.state.nodes;
        let peak = self.source.ready().map_or(String::new(), |d| {
            d.1.epoch().format(Timestamp(peak_hour(&d.1) * HOUR_SECS))
        });
        let worth = |v: f64| w.f(St::ReplNodesWorth, &[("n", &fmt_dec(lang, v, 2))]);
        Panel {
            view: "hotspot",
            title: w.t(St::ReplHotTitle),
            caption: w.f(St::ReplHotCaption, &[("hour", &peak)]),
            wide: false,
            blocks: vec![
                Block::Figures(vec![
                    Figure {
                        key: "capacity-hash",
                        label: w.f(St::ReplFigHash, &[("nodes", &n.to_string())]),
                        text: worth(capacity(n, false)),
                        value: capacity(n, false),
                    },
                    Figure {
                        key: "capacity-range",
                        label: w.f(St::ReplFigRange, &[("nodes", &n.to_string())]),
                        text: worth(capacity(n, true)),
                        value: capacity(n, true),
                    },
                ]),
                Block::Chart {
                    chart,
                    label: w.t(St::ReplHotChart),
                    table: DataTable {
                        key: "capacity",
                        head: vec![
                            w.t(St::ReplNodes),
                            w.t(St::ReplSeriesHash),
                            w.t(St::ReplSeriesRange),
                        ],
                        rows,
                    },
                },
            ],
        }
    }
}
