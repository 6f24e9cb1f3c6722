//! The chapter of section 1: partitions and their replicas, leaders and followers, a node
//! failure, and a hot partition that makes a cluster write like one node.
//!
//! Its address fields, presets and views are [`DEF`]: the teachers' page, the command line
//! (`partlab replication`) and the guide read them from there.

use partlab_km0::calendar::{Timestamp, HOUR_SECS};
use partlab_km0::choosing_keys::peak_hour;
use partlab_km0::replication::{
    node_name, partition_loads, write_capacity, Cluster, Outcome, PartitionLoads,
};

use super::chapter::control_with;
use super::chart::{Chart, Lines, Series, Stroke};
use super::fields::{Fields, StudyIssue, Writer};
use super::source::{SourceStep, WorkloadSource};
use super::text::{tr, St};
use super::view::{row, Block, Cell, Choice, Control, ControlKind, Figure, Panel};
use super::WorkloadFields;
use super::{
    study_parts, Settings, StudyChapter, StudyState, DAYS_FIELD, ORDERS_FIELD, SEED_FIELD,
};
use crate::base::field::{ChapterDef, Cli, FieldSpec};
use crate::i18n::{fmt_dec, fmt_pct};
use crate::state::Lang;

/// Most nodes.
pub const MAX_NODES: u32 = 10;
/// Largest cluster on the capacity chart.
const CHART_NODES: u32 = 12;
/// Copies the lesson's diagram holds at most (its three followers' worth of nodes).
const LESSON_MAX_RF: u32 = 3;

study_fields! {
    /// The placement field (`lay`).
    LAYOUT = choice("lay", Cli::Value("layout"), (&["lesson", "spread"], "lesson")) => ReplLayout;
    /// The node count field (`nodes`).
    NODES = whole("nodes", Cli::Value("nodes"), (2, MAX_NODES as u64, 4)) => ReplNodesHelp;
    /// The replication factor field (`rf`).
    RF = whole("rf", Cli::Value("rf"), (1, MAX_NODES as u64, 3)) => ReplRf;
    /// The failed node field (`fail`).
    FAIL = ruled("fail", Cli::Value("fail"), (|l| tr(l, St::ReplFailRule), "none")) => ReplFail;
}

/// The chapter's address: its fields, presets and views.
pub const DEF: &ChapterDef = study_def! {
    fields: [SEED_FIELD, ORDERS_FIELD, DAYS_FIELD, LAYOUT, NODES, RF, FAIL],
    presets: ["lesson" => ReplPresetLesson, "rf1" => ReplPresetRf1, "hot" => ReplPresetHot],
    views: ["layout" => ReplLayoutTitle, "failover" => ReplFailTitle, "hotspot" => ReplHotTitle],
    intro: ReplIntro, summary: "Section 1: partitions and replicas (the lesson's diagram), a node failure, and one hot partition capping a cluster's writes",
};

/// The chapter's own settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplSettings {
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

/// The chapter's whole state.
pub type ReplState = StudyState<ReplSettings>;

impl Settings for ReplSettings {
    const DEF: &'static ChapterDef = DEF;

    /// The lesson's diagram, nothing failed.
    fn opening() -> ReplSettings {
        ReplSettings {
            workload: WorkloadFields::default(),
            lesson_layout: true,
            nodes: 4,
            rf: 3,
            failed: None,
        }
    }

    bind_fields! {
        workload,
        lesson_layout: word(LAYOUT, |s| Some(s == "lesson"), |l: &bool| if *l { "lesson" } else { "spread" }),
        nodes: whole(NODES),
        rf: whole(RF),
        custom(
            |s: &mut Self, f: &mut Fields<'_>, _: &mut Vec<StudyIssue>| {
                if let Some(v) = f.choice(FAIL.name, |x| parse_fail(x, MAX_NODES)) {
                    s.failed = v;
                }
            },
            |s: &Self, w: &mut Writer| {
                w.field(FAIL.name, s.failed.map_or("none".to_owned(), |f| node_name(f as usize)));
            }
        ),
    }

    fn preset(&mut self, id: &str) {
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
            _ => {}
        }
        if self.lesson_layout {
            self.nodes = 4;
        }
    }

    /// The lesson's diagram has 4 nodes and at most 3 copies; there are at most as many
    /// copies as nodes; the failed node is one of the nodes.
    fn refuse_misfits(&mut self, opening: &Self, issues: &mut Vec<StudyIssue>) {
        if self.lesson_layout && self.nodes != 4 {
            issues.push(refused(&NODES, self.nodes, St::ReplRuleLessonNodes, vec![]));
            self.nodes = 4;
        }
        let max_rf = self.max_rf();
        if self.rf > max_rf {
            issues.push(self.rf_rule(RuleUse::Refused));
            self.rf = opening.rf.min(max_rf);
        }
        if let Some(f) = self.failed.filter(|&f| f >= self.nodes) {
            issues.push(refused(
                &FAIL,
                node_name(f as usize),
                St::ReplRuleFail,
                self.fail_args(),
            ));
            self.failed = None;
        }
    }
}

/// Whether a rule refused an address's value or adjusted one after a control moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RuleUse {
    Refused,
    Adjusted { from: u32 },
}

/// The issue for `spec`'s value `value`, refused by `rule`.
fn refused(
    spec: &FieldSpec,
    value: impl ToString,
    rule: St,
    args: Vec<(&'static str, String)>,
) -> StudyIssue {
    StudyIssue::Refused {
        field: spec.name,
        value: value.to_string(),
        rule,
        args,
    }
}

impl ReplSettings {
    /// The most copies the placement takes.
    fn max_rf(&self) -> u32 {
        if self.lesson_layout {
            LESSON_MAX_RF
        } else {
            self.nodes
        }
    }

    /// The issue for a replication factor above [`ReplSettings::max_rf`].
    fn rf_rule(&self, how: RuleUse) -> StudyIssue {
        let (rule, args) = if self.lesson_layout {
            (
                St::ReplRuleLessonRf,
                vec![("max", LESSON_MAX_RF.to_string())],
            )
        } else {
            (St::ReplRuleRf, vec![("nodes", self.nodes.to_string())])
        };
        match how {
            RuleUse::Refused => refused(&RF, self.rf, rule, args),
            RuleUse::Adjusted { from } => StudyIssue::Adjusted {
                field: RF.name,
                from: from.to_string(),
                to: self.max_rf().to_string(),
                rule,
                args,
            },
        }
    }

    fn fail_args(&self) -> Vec<(&'static str, String)> {
        vec![
            ("nodes", self.nodes.to_string()),
            ("last", node_name(self.nodes.saturating_sub(1) as usize)),
        ]
    }

    /// After a control changed the placement or the node count: the copies and the failed
    /// node follow, each change said in a notice.
    fn follow(&mut self, issues: &mut Vec<StudyIssue>) {
        if self.lesson_layout {
            self.nodes = 4;
        }
        if self.rf > self.max_rf() {
            let from = self.rf;
            issues.push(self.rf_rule(RuleUse::Adjusted { from }));
            self.rf = self.max_rf();
        }
        if let Some(f) = self.failed.filter(|&f| f >= self.nodes) {
            issues.push(StudyIssue::Adjusted {
                field: FAIL.name,
                from: node_name(f as usize),
                to: "none".to_owned(),
                rule: St::ReplRuleFail,
                args: self.fail_args(),
            });
            self.failed = None;
        }
    }

    /// The cluster the settings describe.
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
    pub fn open(fragment: &str, lang: Lang, notices: Vec<StudyIssue>) -> Replication {
        let (state, notices) = ReplState::open(fragment, lang, notices);
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
        }
        st.settings.follow(&mut self.notices);
    }

    fn loads(&self, n: u32) -> Option<&PartitionLoads> {
        self.loads.get(n.saturating_sub(1) as usize)
    }
}

impl StudyChapter for Replication {
    study_parts!(ReplSettings);

    fn control(&mut self, id: &str, value: &str) -> bool {
        control_with(self, (id, value), Msg::parse, Self::apply)
    }

    /// Asks for the state's workload; it is built, and its loads measured, in the slices of
    /// work.
    fn refresh(&mut self) {
        let wf = self.state.workload.clone();
        self.source.want(&wf);
    }

    fn step(&mut self) -> bool {
        match self.source.step() {
            // The slice that finished the workload's hashes is full: measuring starts in the
            // next one.
            SourceStep::Working | SourceStep::Ready => true,
            SourceStep::Idle => self.measure_step(),
        }
    }

    fn chapter_controls(&self) -> Vec<Control> {
        let w = self.words();
        let st = &self.state;
        let mut out = vec![st.presets_control()];
        out.push(Control {
            id: "lay",
            label: w.t(St::ReplLayout),
            kind: ControlKind::Select {
                options: w.choices(&[
                    ("lesson", St::ReplLayoutLesson),
                    ("spread", St::ReplLayoutSpread),
                ]),
                value: if st.lesson_layout { "lesson" } else { "spread" }.to_owned(),
            },
            note: if st.lesson_layout {
                w.t(St::ReplLessonNote)
            } else {
                String::new()
            },
        });
        out.push(Control::new(
            "nodes",
            w.t(St::ReplNodes),
            ControlKind::Number {
                min: 2,
                max: u64::from(MAX_NODES),
                value: u64::from(st.nodes),
            },
        ));
        out.push(Control::new(
            "rf",
            w.t(St::ReplRf),
            ControlKind::Number {
                min: 1,
                max: u64::from(st.max_rf()),
                value: u64::from(st.rf),
            },
        ));
        let mut fail = w.choices(&[("none", St::ReplNone)]);
        fail.extend((0..st.nodes).map(|i| {
            let name = node_name(i as usize);
            Choice::new(name.clone(), name)
        }));
        out.push(
            w.select(
                "fail",
                St::ReplFail,
                fail,
                st.failed
                    .map_or("none".to_owned(), |f| node_name(f as usize)),
            ),
        );
        out.extend(st.workload.described_controls(st.lang));
        out
    }

    fn chapter_panels(&self) -> Vec<Panel> {
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
        let w = self.words();
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
                w.table_block(
                    "nodes",
                    &[St::ReplNodes, St::ColLeads, St::ColFollows, St::ColState],
                    rows,
                ),
                w.table_block(
                    "partitions",
                    &[St::Partition, St::ColLeader, St::ColFollowers],
                    by_partition,
                ),
            ],
        }
    }

    fn failover_panel(&self, c: &Cluster) -> Panel {
        let w = self.words();
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
                    // Every partition the failed node led loses its leader: a follower takes
                    // over, or, with no copy left, nobody does.
                    w.figure(
                        "leaderless",
                        St::ReplFigLeaderless,
                        (f.taken_over() + f.lost()).to_string(),
                        (f.taken_over() + f.lost()) as f64,
                    ),
                    w.figure(
                        "taken-over",
                        St::ReplFigTaken,
                        f.taken_over().to_string(),
                        f.taken_over() as f64,
                    ),
                    w.figure(
                        "lost",
                        St::ReplFigLost,
                        f.lost().to_string(),
                        f.lost() as f64,
                    ),
                    w.figure(
                        "lost-share",
                        St::ReplFigLostShare,
                        fmt_pct(lang, lost_share * 100.0, 1),
                        lost_share,
                    ),
                ]),
                w.table_block(
                    "failover",
                    &[
                        St::Partition,
                        St::ColBefore,
                        St::ColAfter,
                        St::Rows,
                        St::ColWhat,
                    ],
                    rows,
                ),
            ],
        }
    }

    fn hot_panel(&self) -> Panel {
        let w = self.words();
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
                    Figure::new(
                        "capacity-hash",
                        w.f(St::ReplFigHash, &[("nodes", &n.to_string())]),
                        worth(capacity(n, false)),
                        capacity(n, false),
                    ),
                    Figure::new(
                        "capacity-range",
                        w.f(St::ReplFigRange, &[("nodes", &n.to_string())]),
                        worth(capacity(n, true)),
                        capacity(n, true),
                    ),
                ]),
                w.chart_block(
                    chart,
                    St::ReplHotChart,
                    w.table(
                        "capacity",
                        &[St::ReplNodes, St::ReplSeriesHash, St::ReplSeriesRange],
                        rows,
                    ),
                ),
            ],
        }
    }
}
