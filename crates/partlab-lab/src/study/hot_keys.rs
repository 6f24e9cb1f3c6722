//! Beyond the lesson: hot keys (issue #14), from [`partlab_km0::hot_keys`]. Keys per node next
//! to requests per node for every strategy, the lesson's `formatge-curat` in its festival
//! week, bounded loads capping requests, a cache absorbing the hottest keys' reads, and the
//! busiest node's share as the skew grows.
//!
//! Its address fields, presets and views are [`DEF`]: the teachers' page, the command line
//! (`partlab hot-keys`) and the guide read them from there.
//!
//! Requests: 200 000 a stream. Everything is computed in [`Study::work`] calls of about
//! [`WORK_PER_STEP`] units of the core's work each (one is about one MD5 hash), whatever the
//! key count: the key names and their hashes, each strategy's owners, a stream's weights and
//! draws, bounded loads' placements; then the skew chart's points the same way.

use partlab_core::compare::{Algo, Params};
use partlab_km0::hot_keys::{
    HotKeys, HotKeysBuild, HotSpec, Loads, LoadsTask, Stream, StreamBuild, DEFAULT_KEYS,
    FESTIVAL_SHARE_PCT, SKEW_STEPS,
};

use super::chart::{Chart, Lines, Series, Stroke};
use super::compare::{algo_name, node_names, select, WORK_PER_STEP};
use super::fields::StudyIssue;
use super::source::computing_panel;
use super::text::St;
use super::view::{row, Block, Cell, Control, DataTable, Figure, Panel};
use super::MAX_SEED;
use super::{study_parts, Settings, StudyChapter, StudyState};
use crate::base::field::{ChapterDef, Cli};
use crate::i18n::{fmt_dec, fmt_pct};
use crate::state::Lang;

/// Nodes of the experiment: the lesson's four and `inv-tar`.
pub const NODES: usize = 5;
/// The exponents offered, in hundredths.
pub const EXPONENT_CHOICES: [u32; 7] = [0, 50, 80, 100, 120, 150, 200];
/// The key counts offered.
pub const KEY_CHOICES: [u32; 3] = [100, 1_000, 10_000];
/// The cache sizes offered.
pub const CACHE_CHOICES: [u32; 4] = [0, 1, 10, 100];
/// The hit shares offered, %.
pub const HIT_CHOICES: [u32; 4] = [0, 50, 90, 99];
/// The load factors offered, in hundredths.
pub const FACTOR_CHOICES: [u32; 4] = [105, 125, 150, 200];

study_fields! {
    /// The Zipf exponent field (`s`, in hundredths).
    EXPONENT = whole("s", Cli::Hundredths("exponent"), (0, 300, 100)) => HotExponentHelp;
    /// The key count field (`keys`).
    KEYS = whole("keys", Cli::Value("keys"), (10, 100_000, DEFAULT_KEYS as u64)) => CmpKeys;
    /// The festival field (`fest`).
    FESTIVAL = choice("fest", Cli::Flag("festival", "on"), (&["on", "off"], "off")) => HotFestival;
    /// The cached keys field (`cache`).
    CACHE = whole("cache", Cli::Value("cache"), (0, 1_000, 0)) => HotCached;
    /// The cache's hit share field (`hit`, %).
    HIT = whole("hit", Cli::Value("hit"), (0, 100, 90)) => HotHit;
    /// Bounded loads' factor field (`lf`, in hundredths).
    FACTOR = whole("lf", Cli::Hundredths("load-factor"), (100, 300, 125)) => CmpLoadFactorHelp;
    /// The stream's seed field (`seed`).
    SEED = whole("seed", Cli::Value("seed"), (0, MAX_SEED, partlab_km0::workload::DEFAULT_SEED)) => Seed;
}

/// The chapter's address: its fields, presets and views.
pub const DEF: &ChapterDef = study_def! {
    fields: [EXPONENT, KEYS, FESTIVAL, CACHE, HIT, FACTOR, SEED],
    presets: ["festival" => HotPresetFestival, "cache" => HotPresetCache, "uniform" => HotPresetUniform],
    views: ["loads" => HotLoadsTitle, "nodes" => HotNodesTitle, "skew" => HotSkewTitle],
    intro: HotIntro, summary: "Beyond the lesson: hot keys. Keys per node next to requests per node under Zipf popularity, formatge-curat in its festival week, bounded loads and a cache",
};

/// The chapter's own settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HotSettings {
    /// Zipf exponent, in hundredths.
    pub exponent: u32,
    /// Keys (product slugs).
    pub keys: u32,
    /// Whether `formatge-curat` is in its festival week.
    pub festival: bool,
    /// Most popular keys behind the cache.
    pub cached: u32,
    /// Share of their reads the cache absorbs, %.
    pub hit: u32,
    /// Bounded loads' factor, in hundredths.
    pub factor_centi: u32,
    /// The stream's seed.
    pub seed: u64,
}

/// The chapter's whole state.
pub type HotState = StudyState<HotSettings>;

impl Settings for HotSettings {
    const DEF: &'static ChapterDef = DEF;

    /// Zipf with s = 1 over a thousand keys, no festival, no cache.
    fn opening() -> HotSettings {
        HotSettings {
            exponent: 100,
            keys: DEFAULT_KEYS as u32,
            festival: false,
            cached: 0,
            hit: 90,
            factor_centi: 125,
            seed: partlab_km0::workload::DEFAULT_SEED,
        }
    }

    bind_fields! {
        exponent: whole(EXPONENT),
        keys: whole(KEYS),
        festival: word(FESTIVAL, |s| Some(s == "on"), |f: &bool| if *f { "on" } else { "off" }),
        cached: whole(CACHE),
        hit: whole(HIT),
        factor_centi: whole(FACTOR),
        seed: whole(SEED),
    }

    fn preset(&mut self, id: &str) {
        *self = HotSettings::opening();
        match id {
            "festival" => self.festival = true,
            "cache" => {
                self.festival = true;
                self.cached = 1;
                self.hit = 90;
            }
            _ => self.exponent = 0,
        }
    }
}

impl HotSettings {
    /// The core's spec.
    pub fn spec(&self) -> HotSpec {
        HotSpec {
            names: node_names(NODES),
            keys: self.keys as usize,
            exponent_centi: self.exponent,
            seed: self.seed,
            festival_pct: if self.festival { FESTIVAL_SHARE_PCT } else { 0 },
            cached: self.cached as usize,
            hit_pct: self.hit,
            params: Params {
                load_factor: f64::from(self.factor_centi) / 100.0,
                ..Params::default()
            },
            ..HotSpec::default()
        }
    }
}

/// The hot-keys chapter.
pub struct HotKeysStudy {
    state: HotState,
    notices: Vec<StudyIssue>,
    /// The experiment, its stream and every strategy's loads at the state's exponent.
    data: Option<(HotKeys, Stream, Vec<Loads>)>,
    /// Peak shares per exponent of [`SKEW_STEPS`], computed so far.
    skew: Vec<Vec<f64>>,
    /// The skew point being computed: its stream, then one strategy's loads at a time.
    skew_point: Option<SkewPoint>,
    /// The experiment of a changed state, built a slice of work at a time (the previous one
    /// stays on screen meanwhile).
    building: Option<Building>,
}

/// How far the rebuild after a change is.
enum Building {
    /// Nothing built yet: the experiment's keys and nodes come first.
    Start,
    /// The keys hashed and placed by every strategy.
    Keys(Box<HotKeysBuild>),
    /// The request stream at the state's exponent comes next.
    Stream(Box<HotKeys>, Box<StreamBuild>),
    /// Then each strategy's loads, in [`Algo::ALL`]'s order: those done, the one under way.
    Loads(Box<HotKeys>, Stream, Vec<Loads>, Box<LoadsTask>),
}

/// How far a point of the skew chart is.
enum SkewPoint {
    /// Its stream being drawn.
    Stream(Box<StreamBuild>),
    /// Its peak shares so far, and the loads of the next strategy under way.
    Loads(Stream, Vec<f64>, Box<LoadsTask>),
}

impl HotKeysStudy {
    /// The chapter from its fields.
    pub fn open(fragment: &str, lang: Lang, notices: Vec<StudyIssue>) -> HotKeysStudy {
        let (state, notices) = HotState::open(fragment, lang, notices);
        let mut c = HotKeysStudy {
            state,
            notices,
            data: None,
            skew: Vec::new(),
            skew_point: None,
            building: None,
        };
        c.refresh();
        c
    }

    /// The state.
    pub fn state(&self) -> &HotState {
        &self.state
    }

    /// Starts rebuilding the experiment for the state (in [`Study::work`]).
    fn refresh(&mut self) {
        self.skew.clear();
        self.skew_point = None;
        self.building = Some(Building::Start);
    }

    /// One step of the rebuild; `true` while it goes on.
    fn build_step(&mut self) -> bool {
        let Some(b) = self.building.take() else {
            return false;
        };
        self.building = match b {
            // The fields are capped, so the spec is valid; an error leaves no experiment.
            Building::Start => match HotKeysBuild::new(&self.state.spec()) {
                Ok(b) => Some(Building::Keys(Box::new(b))),
                Err(_) => {
                    self.data = None;
                    None
                }
            },
            Building::Keys(mut b) => match b.step(WORK_PER_STEP) {
                Ok(None) => Some(Building::Keys(b)),
                Ok(Some(h)) => {
                    let stream = StreamBuild::new(&h, self.state.exponent);
                    Some(Building::Stream(Box::new(h), Box::new(stream)))
                }
                Err(_) => {
                    self.data = None;
                    None
                }
            },
            Building::Stream(h, mut sb) => match sb.step(&h, WORK_PER_STEP) {
                None => Some(Building::Stream(h, sb)),
                Some(stream) => {
                    let task = LoadsTask::new(&h, Algo::ALL[0], &stream);
                    Some(Building::Loads(h, stream, Vec::new(), Box::new(task)))
                }
            },
            Building::Loads(h, stream, mut loads, mut task) => {
                match task.step(&h, &stream, WORK_PER_STEP) {
                    None => Some(Building::Loads(h, stream, loads, task)),
                    Some(l) => {
                        loads.push(l);
                        match Algo::ALL.get(loads.len()) {
                            Some(&a) => {
                                let task = Box::new(LoadsTask::new(&h, a, &stream));
                                Some(Building::Loads(h, stream, loads, task))
                            }
                            None => {
                                self.data = Some((*h, stream, loads));
                                None
                            }
                        }
                    }
                }
            }
        };
        true
    }

    fn algo_name(&self, a: Algo) -> String {
        // The comparison's defaults: this chapter varies only the load factor.
        algo_name(self.words(), a, 65_537, self.state.factor_centi, 21)
    }
}

impl StudyChapter for HotKeysStudy {
    study_parts!(HotSettings);

    fn control(&mut self, id: &str, value: &str) -> bool {
        let before = self.state.settings.clone();
        let st = &mut self.state.settings;
        let v = value.trim();
        let num = |max: u32| v.parse::<u32>().ok().filter(|x| *x <= max);
        match id {
            "s" => st.exponent = num(300).unwrap_or(st.exponent),
            "keys" => st.keys = num(100_000).filter(|k| *k >= 10).unwrap_or(st.keys),
            "fest" => match v {
                "on" => st.festival = true,
                "off" => st.festival = false,
                _ => {}
            },
            "cache" => st.cached = num(1_000).unwrap_or(st.cached),
            "hit" => st.hit = num(100).unwrap_or(st.hit),
            "lf" => st.factor_centi = num(300).filter(|c| *c >= 100).unwrap_or(st.factor_centi),
            _ => {}
        }
        self.state.settings != before
    }

    fn refresh(&mut self) {
        HotKeysStudy::refresh(self);
    }

    fn chapter_controls(&self) -> Vec<Control> {
        let w = self.words();
        let st = &self.state;
        let lang = st.lang;
        vec![
            st.presets_control(),
            select(
                "s",
                w.t(St::HotExponent),
                &EXPONENT_CHOICES,
                st.exponent,
                |s| fmt_dec(lang, f64::from(s) / 100.0, 2),
            ),
            select("keys", w.t(St::CmpKeys), &KEY_CHOICES, st.keys, |k| {
                w.n(u64::from(k))
            }),
            w.select(
                "fest",
                St::HotFestival,
                w.choices(&[("off", St::HotOff), ("on", St::HotOn)]),
                if st.festival { "on" } else { "off" }.to_owned(),
            ),
            select(
                "cache",
                w.t(St::HotCached),
                &CACHE_CHOICES,
                st.cached,
                |c| c.to_string(),
            ),
            select("hit", w.t(St::HotHit), &HIT_CHOICES, st.hit, |h| {
                h.to_string()
            }),
            select(
                "lf",
                w.t(St::CmpLoadFactor),
                &FACTOR_CHOICES,
                st.factor_centi,
                |c| fmt_dec(lang, f64::from(c) / 100.0, 2),
            ),
        ]
    }

    fn chapter_panels(&self) -> Vec<Panel> {
        let Some((h, stream, loads)) = &self.data else {
            return match self.building {
                Some(_) => vec![computing_panel(self.state.lang, DEF.views[0].name)],
                None => Vec::new(),
            };
        };
        vec![
            self.loads_panel(h, stream, loads),
            self.nodes_panel(h, stream, loads),
            self.skew_panel(),
        ]
    }

    fn step(&mut self) -> bool {
        if self.build_step() {
            return true;
        }
        let Some((h, _, _)) = &self.data else {
            return false;
        };
        let Some(&s) = SKEW_STEPS.get(self.skew.len()) else {
            return false;
        };
        self.skew_point = match self.skew_point.take() {
            None => Some(SkewPoint::Stream(Box::new(StreamBuild::new(h, s)))),
            Some(SkewPoint::Stream(mut sb)) => match sb.step(h, WORK_PER_STEP) {
                None => Some(SkewPoint::Stream(sb)),
                Some(stream) => {
                    let task = Box::new(LoadsTask::new(h, Algo::ALL[0], &stream));
                    Some(SkewPoint::Loads(stream, Vec::new(), task))
                }
            },
            Some(SkewPoint::Loads(stream, mut shares, mut task)) => {
                match task.step(h, &stream, WORK_PER_STEP) {
                    None => Some(SkewPoint::Loads(stream, shares, task)),
                    Some(l) => {
                        shares.push(l.peak_share);
                        match Algo::ALL.get(shares.len()) {
                            Some(&a) => {
                                let task = Box::new(LoadsTask::new(h, a, &stream));
                                Some(SkewPoint::Loads(stream, shares, task))
                            }
                            None => {
                                self.skew.push(shares);
                                None
                            }
                        }
                    }
                }
            }
        };
        self.skew.len() < SKEW_STEPS.len()
    }
}

impl HotKeysStudy {
    fn loads_panel(&self, h: &HotKeys, stream: &Stream, loads: &[Loads]) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let names = &h.spec().names;
        let total = stream.reaching.len() as f64;
        let hot_share = h
            .hot_key()
            .map_or(0.0, |k| stream.per_key[k] as f64 / total.max(1.0));
        let peak = |a: Algo| {
            loads
                .iter()
                .find(|l| l.algo == a.slug())
                .map_or(0.0, |l| l.peak_share)
        };
        let n_keys = h.key_names().len() as f64;
        let rows = Algo::ALL
            .iter()
            .zip(loads)
            .map(|(&a, l)| {
                let peak_keys = l.keys.iter().copied().max().unwrap_or(0) as f64 / n_keys;
                let hot = l
                    .hot_node
                    .and_then(|i| names.get(i))
                    .cloned()
                    .unwrap_or_default();
                let mut r = row(
                    a.slug(),
                    vec![
                        Cell::text(self.algo_name(a)),
                        w.pct(peak_keys * 100.0, 1),
                        w.pct(l.peak_share * 100.0, 1),
                        Cell::text(if a == Algo::Bounded {
                            "—".to_owned()
                        } else {
                            hot
                        }),
                    ],
                );
                r.attrs.push(("algo", a.slug().to_owned()));
                r
            })
            .collect();
        let fig =
            |key, label: St, v: f64| Figure::new(key, w.t(label), fmt_pct(lang, v * 100.0, 1), v);
        Panel {
            view: "loads",
            title: w.t(St::HotLoadsTitle),
            caption: w.f(
                St::HotLoadsCaption,
                &[
                    ("requests", &w.n(u64::from(h.spec().requests))),
                    ("keys", &w.n(n_keys as u64)),
                    (
                        "s",
                        &fmt_dec(lang, f64::from(self.state.exponent) / 100.0, 2),
                    ),
                    ("nodes", &names.len().to_string()),
                    ("absorbed", &w.n(stream.absorbed)),
                ],
            ),
            wide: true,
            blocks: vec![
                Block::Figures(vec![
                    fig("hot-share", St::HotFigHotShare, hot_share),
                    fig("ring-peak", St::HotFigRingPeak, peak(Algo::Ring)),
                    fig("bounded-peak", St::HotFigBoundedPeak, peak(Algo::Bounded)),
                ]),
                w.table_block(
                    "loads",
                    &[
                        St::CmpColAlgo,
                        St::HotColPeakKeys,
                        St::HotColPeakRequests,
                        St::HotColHotNode,
                    ],
                    rows,
                ),
            ],
        }
    }

    fn nodes_panel(&self, h: &HotKeys, stream: &Stream, loads: &[Loads]) -> Panel {
        let w = self.words();
        let by = |a: Algo| loads.iter().find(|l| l.algo == a.slug());
        let (ring, bounded) = (by(Algo::Ring), by(Algo::Bounded));
        let names = &h.spec().names;
        let rows = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let get = |l: Option<&Loads>, keys: bool| {
                    l.and_then(|l| {
                        if keys {
                            l.keys.get(i)
                        } else {
                            l.requests.get(i)
                        }
                    })
                    .copied()
                    .unwrap_or(0)
                };
                row(
                    n.clone(),
                    vec![
                        Cell::text(n.clone()),
                        w.int(get(ring, true)),
                        w.int(get(ring, false)),
                        w.int(get(bounded, false)),
                    ],
                )
            })
            .collect();
        // The core's integer cap, the one bounded loads placed the requests under.
        let cap = partlab_core::params::bounded_capacity(
            f64::from(self.state.factor_centi) / 100.0,
            stream.reaching.len() as u64,
            names.len(),
        );
        Panel {
            view: "nodes",
            title: w.t(St::HotNodesTitle),
            caption: w.f(St::HotNodesCaption, &[("cap", &w.n(cap))]),
            wide: false,
            blocks: vec![w.table_block(
                "nodes",
                &[
                    St::HotColNode,
                    St::HotColKeys,
                    St::HotColRingReq,
                    St::HotColBoundedReq,
                ],
                rows,
            )],
        }
    }

    fn skew_panel(&self) -> Panel {
        let w = self.words();
        let xs: Vec<f64> = SKEW_STEPS.iter().map(|&s| f64::from(s) / 100.0).collect();
        let series = Algo::ALL
            .iter()
            .enumerate()
            .map(|(i, &a)| Series {
                label: self.algo_name(a),
                points: self
                    .skew
                    .iter()
                    .enumerate()
                    .map(|(j, p)| (xs[j], p[i] * 100.0))
                    .collect(),
                colour: i,
                stroke: if a == Algo::Bounded {
                    Stroke::Dashed
                } else {
                    Stroke::LineMarkers
                },
            })
            .collect();
        let chart = Chart::Lines(Lines {
            x_label: w.t(St::HotAxisS),
            y_label: w.t(St::HotAxisPeak),
            x_range: Some((0.0, 2.5)),
            y_min_top: 50.0,
            series,
            ..Lines::default()
        });
        let mut head = vec![w.t(St::HotColS)];
        head.extend(Algo::ALL.iter().map(|&a| self.algo_name(a)));
        let rows = self
            .skew
            .iter()
            .enumerate()
            .map(|(j, p)| {
                let mut cells = vec![w.dec(xs[j], 2)];
                cells.extend(p.iter().map(|&v| w.pct(v * 100.0, 1)));
                row(SKEW_STEPS[j].to_string(), cells)
            })
            .collect();
        Panel {
            view: "skew",
            title: w.t(St::HotSkewTitle),
            caption: w.t(St::HotSkewCaption),
            wide: false,
            blocks: vec![w.chart_block(
                chart,
                St::HotSkewChart,
                DataTable::new("skew", head, rows),
            )],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::chapter::testing::round_trip;
    use crate::study::Study;

    #[test]
    fn fields_round_trip() {
        round_trip::<HotSettings>("s=150&keys=100&fest=on&cache=10&hit=50&c=150&seed=7&l=en");
        let (_, issues) = HotState::from_fragment("fest=maybe&s=999", Lang::Ca);
        assert_eq!(issues.len(), 2);
    }

    #[test]
    fn the_festival_preset_shows_formatge_curat_and_the_skew_fills() {
        let mut c = HotKeysStudy::open("p=festival", Lang::En, Vec::new());
        while c.work() {}
        let panels = c.panels();
        let figs = panels[0].figures();
        let hot = figs.iter().find(|f| f.key == "hot-share").expect("figure");
        // 6 % on top of its Zipf weight.
        assert!(hot.value > 0.06, "{}", hot.value);
        let bounded = figs
            .iter()
            .find(|f| f.key == "bounded-peak")
            .expect("figure");
        assert!(bounded.value <= 1.25 / 5.0 + 1e-9);
        assert_eq!(panels[2].tables()[0].rows.len(), SKEW_STEPS.len());
    }

    #[test]
    fn the_work_comes_in_many_short_steps_with_the_whole_runs_figures() {
        let mut c = HotKeysStudy::open("keys=10000&fest=on&cache=10", Lang::En, Vec::new());
        let mut steps = 0;
        while c.work() {
            steps += 1;
        }
        // 10 000 keys: names, hashes and 8 strategies' owners, a stream of 200 000 requests
        // and bounded loads' placements, for the state and 8 skew points: far more than one
        // call each.
        assert!(steps > 100, "{steps} calls");
        let h = HotKeys::new(&c.state.spec()).expect("valid");
        let (built, stream, loads) = c.data.as_ref().expect("computed");
        assert_eq!(built.key_names(), h.key_names());
        assert_eq!(*stream, h.stream(c.state.exponent));
        for (&a, l) in Algo::ALL.iter().zip(loads) {
            assert_eq!(*l, h.loads(a, stream));
        }
        for (&s, shares) in SKEW_STEPS.iter().zip(&c.skew) {
            assert_eq!(*shares, h.skew_point(s), "s = {s}");
        }
    }
}
