//! The chapter of section 9: request routing. The same cluster and request stream under the
//! three designs (any node with gossip, a routing tier, a partition-aware client with `MOVED`
//! and `ASK`) while one partition moves, and a coordinator's leases when a node dies.
//!
//! Every number comes from [`partlab_km0::routing`]; this module chooses what to ask and
//! words the answers.
//!
//! Its address fields, presets and views are [`DEF`]: the teachers' page, the command line
//! (`partlab routing`) and the guide read them from there.

use partlab_km0::replication::node_name;
use partlab_km0::routing::{
    lease_timeline, run, Design, LeaseConfig, LeaseTimeline, RouteRun, RouteSecond, RoutingConfig,
};

use super::chapter::control_with;
use super::chart::{Chart, Lines, Series, Stroke};
use super::fields::StudyIssue;
use super::text::St;
use super::view::{row, Block, Cell, Control, ControlKind, DataTable, Figure, Panel};
use super::{parse_seed, parse_step, parse_whole, stepper, stop_at, Words, MAX_SEED};
use super::{study_parts, Settings, StudyChapter, StudyState};
use crate::base::field::{ChapterDef, Cli};
use crate::i18n::fmt_dec;
use crate::state::Lang;

/// Most nodes.
pub const MAX_NODES: u32 = 16;
/// Requests a second.
pub const RPS_STOPS: [u32; 5] = [20, 60, 120, 300, 600];
/// Migration times, ms.
pub const MIG_STOPS: [u32; 5] = [0, 500, 1_000, 2_000, 5_000];
/// Gossip intervals, ms.
pub const GOSSIP_STOPS: [u32; 5] = [200, 500, 1_000, 2_000, 5_000];
/// The router's watch delays, ms.
pub const WATCH_STOPS: [u32; 4] = [10, 50, 200, 1_000];
/// Seconds of the routing run.
pub const SECONDS: u32 = 20;
/// When the partition starts moving, ms.
pub const MOVE_AT_MS: u32 = 3_000;
/// Seconds of the lease timeline.
pub const LEASE_SECS: u32 = 60;

study_fields! {
    NODES = whole("n", Cli::Value("nodes"), (3, MAX_NODES as u64, 6)) => RebNodes;
    PARTS = whole("parts", Cli::Value("partitions"), (2, 64, 12)) => Partitions;
    RPS = choice("rps", Cli::Value("rps"), (&["20", "60", "120", "300", "600"], "120")) => RtRps;
    MIGRATE = choice("mig", Cli::Value("migrate-ms"), (&["0", "500", "1000", "2000", "5000"], "2000")) => RtMigrate;
    GOSSIP = choice("gos", Cli::Value("gossip-ms"), (&["200", "500", "1000", "2000", "5000"], "1000")) => RtGossip;
    WATCH = choice("watch", Cli::Value("watch-ms"), (&["10", "50", "200", "1000"], "50")) => RtWatch;
    CLIENTS = whole("cl", Cli::Value("clients"), (1, 64, 8)) => RtClients;
    SECOND = whole("t", Cli::Value("second"), (0, SECONDS as u64 - 1, 5)) => RtSecond;
    TTL = whole("ttl", Cli::Value("ttl"), (1, 60, 15)) => RtTtl;
    DIE = whole("die", Cli::Value("die"), (0, 40, 12)) => RtDie;
    LEASE_SECOND = whole("lt", Cli::Value("lease-second"), (0, LEASE_SECS as u64 - 1, 30)) => RtLeaseSecond;
    SEED = whole("seed", Cli::Value("seed"), (0, MAX_SEED, 2026)) => Seed;
}

/// The chapter's address: its fields, presets and views.
pub const DEF: &ChapterDef = study_def! {
    fields: [NODES, PARTS, RPS, MIGRATE, GOSSIP, WATCH, CLIENTS, SECOND, TTL, DIE, LEASE_SECOND, SEED],
    presets: ["lesson" => RtPresetLesson, "slow-gossip" => RtPresetSlowGossip, "no-migration" => RtPresetNoMigration, "short-ttl" => RtPresetShortTtl],
    views: ["designs" => RtDesignsTitle, "timeline" => RtTimelineTitle, "lease" => RtLeaseTitle],
    intro: RtIntro, summary: "Section 9: request routing. Any node, a routing tier and an aware client (MOVED/ASK) while a partition moves, and a coordinator's leases when a node dies",
};

/// The chapter's own settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtSettings {
    /// Nodes.
    pub nodes: u32,
    /// Partitions.
    pub parts: u32,
    /// Requests a second.
    pub rps: u32,
    /// How long the partition's keys take to migrate, ms.
    pub migrate: u32,
    /// A gossip round every, ms.
    pub gossip: u32,
    /// How late the router hears of the move, ms.
    pub watch: u32,
    /// Clients with a cached map.
    pub clients: u32,
    /// The second shown.
    pub t: u32,
    /// The lease's TTL, s.
    pub ttl: u32,
    /// The second the node dies.
    pub die: u32,
    /// The lease timeline's second.
    pub lease_t: u32,
    /// The request stream's and gossip peers' seed.
    pub seed: u64,
}

/// The chapter's whole state.
pub type RtState = StudyState<RtSettings>;

impl Settings for RtSettings {
    const DEF: &'static ChapterDef = DEF;
    const PRESET_NAMES_CHANGED_SETTINGS: bool = false;

    /// Six nodes, twelve partitions, P0 moving at the third second.
    fn opening() -> RtSettings {
        RtSettings {
            nodes: 6,
            parts: 12,
            rps: 120,
            migrate: 2_000,
            gossip: 1_000,
            watch: 50,
            clients: 8,
            t: 5,
            ttl: 15,
            die: 12,
            lease_t: 30,
            seed: 2026,
        }
    }

    bind_fields! {
        nodes: whole(NODES),
        parts: whole(PARTS),
        rps: word(RPS, |s| s.parse().ok(), |v: &u32| *v),
        migrate: word(MIGRATE, |s| s.parse().ok(), |v: &u32| *v),
        gossip: word(GOSSIP, |s| s.parse().ok(), |v: &u32| *v),
        watch: word(WATCH, |s| s.parse().ok(), |v: &u32| *v),
        clients: whole(CLIENTS),
        t: whole(SECOND),
        ttl: whole(TTL),
        die: whole(DIE),
        lease_t: whole(LEASE_SECOND),
        seed: whole(SEED),
    }

    fn preset(&mut self, id: &str) {
        *self = RtSettings::opening();
        match id {
            "slow-gossip" => self.gossip = 5_000,
            "no-migration" => self.migrate = 0,
            "short-ttl" => self.ttl = 5,
            _ => {}
        }
    }
}

impl RtSettings {
    /// The request routing run the settings describe.
    pub fn routing(&self) -> RoutingConfig {
        RoutingConfig {
            nodes: self.nodes,
            partitions: self.parts,
            requests_per_sec: self.rps,
            seconds: SECONDS,
            move_at_ms: MOVE_AT_MS,
            migrate_ms: self.migrate,
            gossip_ms: self.gossip,
            watch_ms: self.watch,
            clients: self.clients,
            seed: self.seed,
        }
    }

    /// The lease the settings describe.
    pub fn lease(&self) -> LeaseConfig {
        LeaseConfig {
            ttl_s: self.ttl,
            refresh_s: (self.ttl / 3).max(1),
            die_at_ms: u64::from(self.die) * 1_000,
            seconds: LEASE_SECS,
            ..LeaseConfig::default()
        }
    }
}

/// What the chapter's controls ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// Nodes.
    Nodes(u32),
    /// Partitions.
    Parts(u32),
    /// Requests a second.
    Rps(u32),
    /// Migration time.
    Migrate(u32),
    /// Gossip interval.
    Gossip(u32),
    /// Router delay.
    Watch(u32),
    /// Clients.
    Clients(u32),
    /// The second shown.
    T(u32),
    /// One second back or forward.
    TBy(i32),
    /// TTL.
    Ttl(u32),
    /// Death time.
    Die(u32),
    /// The lease timeline's second.
    LeaseT(u32),
    /// One second back or forward on the lease timeline.
    LeaseBy(i32),
    /// Seed.
    Seed(u64),
}

impl Msg {
    /// The message a control event stands for, if any.
    pub fn parse(id: &str, value: &str) -> Option<Msg> {
        let v = value.trim();
        match id {
            "n" => parse_whole(v, 3, MAX_NODES).map(Msg::Nodes),
            "parts" => parse_whole(v, 2, 64).map(Msg::Parts),
            "rps" => stop_at(&RPS_STOPS, v).map(|&x| Msg::Rps(x)),
            "mig" => stop_at(&MIG_STOPS, v).map(|&x| Msg::Migrate(x)),
            "gos" => stop_at(&GOSSIP_STOPS, v).map(|&x| Msg::Gossip(x)),
            "watch" => stop_at(&WATCH_STOPS, v).map(|&x| Msg::Watch(x)),
            "cl" => parse_whole(v, 1, 64).map(Msg::Clients),
            "t" => parse_whole(v, 0, SECONDS - 1).map(Msg::T),
            "tstep" => parse_step(v).map(Msg::TBy),
            "ttl" => parse_whole(v, 1, 60).map(Msg::Ttl),
            "die" => parse_whole(v, 0, 40).map(Msg::Die),
            "lt" => parse_whole(v, 0, LEASE_SECS - 1).map(Msg::LeaseT),
            "ltstep" => parse_step(v).map(Msg::LeaseBy),
            "seed" => parse_seed(v).map(Msg::Seed),
            _ => None,
        }
    }
}

/// The section-9 chapter.
pub struct Routing {
    state: RtState,
    notices: Vec<StudyIssue>,
    inputs: (RoutingConfig, LeaseConfig),
    runs: Vec<RouteRun>,
    lease: LeaseTimeline,
}

fn compute(r: &RoutingConfig, l: &LeaseConfig) -> (Vec<RouteRun>, LeaseTimeline) {
    (
        Design::ALL.iter().map(|&d| run(d, r)).collect(),
        lease_timeline(l),
    )
}

impl Routing {
    /// The chapter from its fields.
    pub fn open(fragment: &str, lang: Lang, notices: Vec<StudyIssue>) -> Routing {
        let (state, notices) = RtState::open(fragment, lang, notices);
        let inputs = (state.routing(), state.lease());
        let (runs, lease) = compute(&inputs.0, &inputs.1);
        Routing {
            state,
            notices,
            inputs,
            runs,
            lease,
        }
    }

    fn apply(&mut self, msg: Msg) {
        let st = &mut self.state;
        match msg {
            Msg::Nodes(v) => st.nodes = v,
            Msg::Parts(v) => st.parts = v,
            Msg::Rps(v) => st.rps = v,
            Msg::Migrate(v) => st.migrate = v,
            Msg::Gossip(v) => st.gossip = v,
            Msg::Watch(v) => st.watch = v,
            Msg::Clients(v) => st.clients = v,
            Msg::T(v) => st.t = v,
            Msg::TBy(d) => st.t = st.t.saturating_add_signed(d).min(SECONDS - 1),
            Msg::Ttl(v) => st.ttl = v,
            Msg::Die(v) => st.die = v,
            Msg::LeaseT(v) => st.lease_t = v,
            Msg::LeaseBy(d) => st.lease_t = st.lease_t.saturating_add_signed(d).min(LEASE_SECS - 1),
            Msg::Seed(v) => st.seed = v,
        }
    }
}

fn design_name(d: Design) -> St {
    match d {
        Design::AnyNode => St::RtAnyNode,
        Design::RoutingTier => St::RtRouter,
        Design::AwareClient => St::RtClient,
    }
}

fn design_code(d: Design) -> &'static str {
    match d {
        Design::AnyNode => "a",
        Design::RoutingTier => "b",
        Design::AwareClient => "c",
    }
}

impl StudyChapter for Routing {
    study_parts!(RtSettings);

    fn control(&mut self, id: &str, value: &str) -> bool {
        control_with(self, (id, value), Msg::parse, Self::apply)
    }

    fn refresh(&mut self) {
        let inputs = (self.state.routing(), self.state.lease());
        if inputs != self.inputs {
            let (runs, lease) = compute(&inputs.0, &inputs.1);
            self.runs = runs;
            self.lease = lease;
            self.inputs = inputs;
        }
    }

    fn chapter_controls(&self) -> Vec<Control> {
        let w = self.words();
        let st = &self.state;
        let number = |id: &'static str, label: St, min: u64, max: u64, value: u64| {
            Control::new(id, w.t(label), ControlKind::Number { min, max, value })
        };
        let slider = |id: &'static str, label: St, stops: &[u32], value: u32, text: String| {
            Control::new(
                id,
                w.t(label),
                ControlKind::Range {
                    max: stops.len() as u32 - 1,
                    value: stops.iter().position(|&s| s == value).unwrap_or(0) as u32,
                    value_text: text,
                },
            )
        };
        let ms = |v: u32| w.f(St::RtMs, &[("n", &w.n(u64::from(v)))]);
        let second = |id: &'static str, label: St, max: u32, value: u32| {
            Control::new(
                id,
                w.t(label),
                ControlKind::Range {
                    max,
                    value,
                    value_text: w.f(St::RebSecOf, &[("t", &value.to_string())]),
                },
            )
        };
        vec![
            st.presets_control(),
            number(
                "n",
                St::RebNodes,
                3,
                u64::from(MAX_NODES),
                u64::from(st.nodes),
            ),
            number("parts", St::Partitions, 2, 64, u64::from(st.parts)),
            slider("rps", St::RtRps, &RPS_STOPS, st.rps, w.n(u64::from(st.rps))),
            slider("mig", St::RtMigrate, &MIG_STOPS, st.migrate, ms(st.migrate)),
            slider("gos", St::RtGossip, &GOSSIP_STOPS, st.gossip, ms(st.gossip)),
            slider("watch", St::RtWatch, &WATCH_STOPS, st.watch, ms(st.watch)),
            number("cl", St::RtClients, 1, 64, u64::from(st.clients)),
            second("t", St::RtSecond, SECONDS - 1, st.t),
            stepper("tstep", St::RtStepRun, w),
            number("ttl", St::RtTtl, 1, 60, u64::from(st.ttl)),
            number("die", St::RtDie, 0, 40, u64::from(st.die)),
            second("lt", St::RtLeaseSecond, LEASE_SECS - 1, st.lease_t),
            stepper("ltstep", St::RtStepLease, w),
            number("seed", St::Seed, 0, MAX_SEED, st.seed),
        ]
    }

    fn chapter_panels(&self) -> Vec<Panel> {
        vec![
            self.designs_panel(),
            self.timeline_panel(),
            self.lease_panel(),
        ]
    }
}

impl Routing {
    fn agree_text(&self, r: &RouteRun) -> (String, f64) {
        let w = self.words();
        match r.agree_after_ms {
            Some(ms) => (w.f(St::RtMs, &[("n", &w.n(ms))]), ms as f64),
            None => (w.t(St::RtNotYet), -1.0),
        }
    }

    fn designs_panel(&self) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let cfg = self.state.routing();
        let (from, to) = cfg.move_nodes();
        let rows = self
            .runs
            .iter()
            .map(|r| {
                let code = design_code(r.design);
                let (agree, agree_v) = self.agree_text(r);
                let moved = r.trips.iter().filter(|t| t.moved).count() as u64;
                let ask = r.trips.iter().filter(|t| t.ask).count() as u64;
                let at_owner = r.trips.iter().filter(|t| t.ended_at == t.owner).count() as u64;
                let mut row = row(
                    code,
                    vec![
                        Cell::text(w.t(design_name(r.design))),
                        w.dec(r.mean_hops(), 3),
                        w.int(r.redirected()),
                        w.int(moved),
                        w.int(ask),
                        w.int(r.trips.len() as u64 - at_owner),
                        Cell::num(agree, agree_v),
                        w.int(u64::from(r.participants)),
                    ],
                );
                row.attrs.push(("hops", format!("{:.6}", r.mean_hops())));
                row.attrs.push(("agree", agree_v.to_string()));
                row
            })
            .collect();
        let figures = self
            .runs
            .iter()
            .map(|r| {
                let key = match r.design {
                    Design::AnyNode => "agree-a",
                    Design::RoutingTier => "agree-b",
                    Design::AwareClient => "agree-c",
                };
                let (text, v) = self.agree_text(r);
                Figure::new(
                    key,
                    w.f(St::RtFigAgree, &[("design", &w.t(design_name(r.design)))]),
                    text,
                    v,
                )
            })
            .collect();
        Panel {
            view: "designs",
            title: w.t(St::RtDesignsTitle),
            caption: w.f(
                St::RtDesignsCaption,
                &[
                    ("nodes", &self.state.nodes.to_string()),
                    ("parts", &self.state.parts.to_string()),
                    ("rps", &w.n(u64::from(self.state.rps))),
                    ("secs", &SECONDS.to_string()),
                    ("from", &node_name(from as usize)),
                    ("to", &node_name(to as usize)),
                    ("at", &fmt_dec(lang, f64::from(MOVE_AT_MS) / 1000.0, 0)),
                    ("mig", &w.n(u64::from(self.state.migrate))),
                ],
            ),
            wide: true,
            blocks: vec![
                Block::Figures(figures),
                w.table_block(
                    "designs",
                    &[
                        St::RtColDesign,
                        St::RtColHops,
                        St::RtColRedirected,
                        St::RtColMoved,
                        St::RtColAsk,
                        St::RtColWrong,
                        St::RtColAgree,
                        St::RtColParticipants,
                    ],
                    rows,
                ),
            ],
        }
    }

    fn timeline_panel(&self) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let t = self.state.t.min(SECONDS - 1) as usize;
        let mut series = self.design_lines(|s| s.mean_hops);
        series.push(w.now_line(t as f64, 3.0));
        let chart = Chart::Lines(Lines {
            x_label: w.t(St::RebAxisSeconds),
            y_label: w.t(St::RtColHops),
            x_range: Some((0.0, f64::from(SECONDS - 1))),
            y_min_top: 3.0,
            series,
            ..Lines::default()
        });
        let table = self.per_second_table(
            "timeline",
            &[St::RtHeadHops, St::RtHeadRedirected, St::RtHeadStale],
            |w, sec| {
                vec![
                    w.dec(sec.mean_hops, 2),
                    w.int(u64::from(sec.redirected)),
                    w.int(u64::from(sec.stale_views)),
                ]
            },
        );
        let mut figures = Vec::new();
        for r in &self.runs {
            let sec = r.seconds.get(t).copied().unwrap_or_default();
            let (hk, rk) = match r.design {
                Design::AnyNode => ("hops-a", "redirected-a"),
                Design::RoutingTier => ("hops-b", "redirected-b"),
                Design::AwareClient => ("hops-c", "redirected-c"),
            };
            let name = w.t(design_name(r.design));
            figures.push(Figure::new(
                hk,
                w.f(St::RtFigHopsAt, &[("design", &name), ("t", &t.to_string())]),
                fmt_dec(lang, sec.mean_hops, 2),
                sec.mean_hops,
            ));
            figures.push(Figure::new(
                rk,
                w.f(St::RtFigRedirectedAt, &[("design", &name)]),
                w.n(u64::from(sec.redirected)),
                f64::from(sec.redirected),
            ));
        }
        // Redirects per second: where the move shows most plainly.
        let top = self
            .runs
            .iter()
            .flat_map(|r| r.seconds.iter().map(|s| f64::from(s.redirected)))
            .fold(1.0, f64::max);
        let mut redirect_series = self.design_lines(|s| f64::from(s.redirected));
        redirect_series.push(w.now_line(t as f64, top));
        let redirect_chart = Chart::Lines(Lines {
            x_label: w.t(St::RebAxisSeconds),
            y_label: w.t(St::RtColRedirected),
            x_range: Some((0.0, f64::from(SECONDS - 1))),
            y_min_top: top,
            series: redirect_series,
            ..Lines::default()
        });
        let redirect_table = self.per_second_table(
            "timeline-redirects",
            &[St::RtHeadRedirected, St::RtHeadFailed],
            |w, sec| {
                vec![
                    w.int(u64::from(sec.redirected)),
                    w.int(u64::from(sec.failed)),
                ]
            },
        );
        Panel {
            view: "timeline",
            title: w.t(St::RtTimelineTitle),
            caption: w.t(St::RtTimelineCaption),
            wide: true,
            blocks: vec![
                Block::Figures(figures),
                w.chart_block(chart, St::RtTimelineChart, table),
                w.chart_block(redirect_chart, St::RtRedirectChart, redirect_table),
            ],
        }
    }

    /// One line per design over the run's seconds: `f` of each second.
    fn design_lines(&self, f: fn(&RouteSecond) -> f64) -> Vec<Series> {
        let w = self.words();
        self.runs
            .iter()
            .enumerate()
            .map(|(i, r)| Series {
                label: w.t(design_name(r.design)),
                points: r.seconds.iter().map(|s| (f64::from(s.t), f(s))).collect(),
                colour: [3, 4, 6][i % 3],
                stroke: Stroke::LineMarkers,
            })
            .collect()
    }

    /// A table of the run's seconds: a row per second, with `cells` of each design's second
    /// under `heads` (templates of the design).
    fn per_second_table(
        &self,
        key: &'static str,
        heads: &[St],
        cells: fn(Words, &RouteSecond) -> Vec<Cell>,
    ) -> DataTable {
        let w = self.words();
        let rows = (0..SECONDS as usize)
            .map(|s| {
                let mut row_cells = vec![Cell::num(s.to_string(), s as f64)];
                for r in &self.runs {
                    let sec = r.seconds.get(s).copied().unwrap_or_default();
                    row_cells.extend(cells(w, &sec));
                }
                row(s.to_string(), row_cells)
            })
            .collect();
        let mut head = vec![w.t(St::RebAxisSeconds)];
        for r in &self.runs {
            // The design's letter only: nine columns must fit beside the chart.
            let name = format!("({})", design_code(r.design));
            head.extend(heads.iter().map(|&h| w.f(h, &[("design", &name)])));
        }
        DataTable::new(key, head, rows)
    }

    fn lease_panel(&self) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let l = &self.lease;
        let die_ms = u64::from(self.state.die) * 1_000;
        let secs = |ms: u64| fmt_dec(lang, ms as f64 / 1000.0, 2);
        let secs_figure = |key, label, ms: u64| {
            Figure::new(
                key,
                w.t(label),
                w.f(St::RtSeconds, &[("n", &secs(ms))]),
                ms as f64 / 1000.0,
            )
        };
        let t = self.state.lease_t.min(LEASE_SECS - 1) as usize;
        let now = l.seconds.get(t).copied().unwrap_or_default();
        let parts = f64::from(self.state.lease().partitions);
        let line =
            |label: St, colour: usize, f: &dyn Fn(&partlab_km0::routing::LeaseSecond) -> f64| {
                Series {
                    label: w.t(label),
                    points: l.seconds.iter().map(|s| (f64::from(s.t), f(s))).collect(),
                    colour,
                    stroke: Stroke::Line,
                }
            };
        let chart = Chart::Lines(Lines {
            x_label: w.t(St::RebAxisSeconds),
            y_label: w.t(St::RtAxisPartitions),
            x_range: Some((0.0, f64::from(LEASE_SECS - 1))),
            y_min_top: parts,
            series: vec![
                line(St::RtSeriesEntries, 3, &|s| f64::from(s.entries)),
                line(St::RtSeriesOwnerless, 4, &|s| f64::from(s.ownerless)),
                line(St::RtSeriesNewEntries, 2, &|s| f64::from(s.new_entries)),
                w.now_line(t as f64, parts),
            ],
            ..Lines::default()
        });
        let rows = l
            .seconds
            .iter()
            .map(|s| {
                row(
                    s.t.to_string(),
                    vec![
                        Cell::num(s.t.to_string(), f64::from(s.t)),
                        w.int(u64::from(s.entries)),
                        w.int(u64::from(s.ownerless)),
                        w.int(u64::from(s.new_entries)),
                        w.int(u64::from(s.ok)),
                        w.int(u64::from(s.to_dead)),
                        w.int(u64::from(s.no_owner)),
                    ],
                )
            })
            .collect();
        let after_death = l.expires_ms.saturating_sub(die_ms);
        Panel {
            view: "lease",
            title: w.t(St::RtLeaseTitle),
            caption: w.f(
                St::RtLeaseCaption,
                &[
                    ("ttl", &self.state.ttl.to_string()),
                    ("refresh", &self.state.lease().refresh_s.to_string()),
                    ("die", &self.state.die.to_string()),
                ],
            ),
            wide: true,
            blocks: vec![
                Block::Figures(vec![
                    secs_figure("lease-refresh", St::RtFigRefresh, l.last_refresh_ms),
                    secs_figure("lease-expires", St::RtFigExpires, l.expires_ms),
                    secs_figure("lease-after-death", St::RtFigAfterDeath, after_death),
                    secs_figure("lease-reassigned", St::RtFigReassigned, l.reassigned_ms),
                    Figure::new(
                        "lease-ownerless-now",
                        w.f(St::RtFigOwnerlessAt, &[("t", &t.to_string())]),
                        w.n(u64::from(now.ownerless)),
                        f64::from(now.ownerless),
                    ),
                ]),
                w.chart_block(
                    chart,
                    St::RtLeaseChart,
                    w.table(
                        "lease",
                        &[
                            St::RebAxisSeconds,
                            St::RtSeriesEntries,
                            St::RtSeriesOwnerless,
                            St::RtSeriesNewEntries,
                            St::RtColOk,
                            St::RtColToDead,
                            St::RtColNoOwner,
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
        let st = round_trip::<RtSettings>("n=8&parts=20&rps=300&mig=500&gos=200&watch=1000&cl=3&t=9&ttl=30&die=7&lt=44&seed=1&l=en&embed=lease");
        assert_eq!((st.nodes, st.gossip, st.ttl, st.lease_t), (8, 200, 30, 44));
    }

    #[test]
    fn bad_fields_keep_defaults_with_notices() {
        keeps_defaults::<RtSettings>("n=1&rps=7&gos=abc&ttl=0&lt=%3Cx%3E&p=nope&q=1", 7);
    }

    #[test]
    fn messages_parse_only_what_they_allow() {
        assert_eq!(Msg::parse("gos", "4"), Some(Msg::Gossip(5_000)));
        assert_eq!(Msg::parse("gos", "5"), None);
        assert_eq!(Msg::parse("ttl", "61"), None);
        assert_eq!(Msg::parse("ltstep", "-1"), Some(Msg::LeaseBy(-1)));
    }
}
