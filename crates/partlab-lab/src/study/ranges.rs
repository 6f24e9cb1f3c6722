//! The chapter of section 2: range partitioning by creation time and its hot spots, on the
//! KM0 workload with ordinary weeks before the grape-harvest week.
//!
//! Its address fields, presets and views are [`DEF`]: the teachers' page, the command line
//! (`partlab ranges`) and the guide read them from there.

use partlab_km0::calendar::Date;
use partlab_km0::ranges::{
    cost, heat, sizes, spread, Bounds, HourlyCounts, HourlyCountsBuild, RangeKey, RangeLayout,
    RangeQuery, WriteSpread,
};
use partlab_km0::workload::{Market, WorkloadSpec};

use super::chapter::control_with;
use super::chart::{BarSeries, Bars, Chart, Heat};
use super::fields::StudyIssue;
use super::source::generating_panel;
use super::text::St;
use super::view::{row, Block, Cell, Choice, Control, ControlKind, DataTable, Figure, Panel};
use super::{stop_at, WorkloadFields};
use super::{
    study_parts, Settings, StudyChapter, StudyState, DAYS_FIELD, ORDERS_FIELD, SEED_FIELD,
};
use crate::base::field::{ChapterDef, Cli};
use crate::i18n::{fmt_dec, fmt_pct};
use crate::state::Lang;

/// The partition counts offered.
pub const PARTITION_STOPS: [u32; 12] = [2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32];
/// Orders a day in the ordinary weeks before the campaign.
pub const LEAD_ORDERS_PER_DAY: u32 = 10_000;
/// Most ordinary weeks.
pub const MAX_WEEKS: u32 = 12;

study_fields! {
    /// The ordinary weeks field (`wk`).
    WEEKS = whole("wk", Cli::Value("weeks"), (0, MAX_WEEKS as u64, 9)) => RangeWeeks;
    /// The partition count field (`n`).
    PARTITIONS = whole("n", Cli::Value("partitions"), (2, 32, 10)) => Partitions;
    /// The heat map's key field (`key`).
    KEY = choice("key", Cli::Value("key"), (&["date", "market-date"], "date")) => RangeKeyLabel;
    /// The heat map's boundaries field (`b`).
    BOUNDS = choice("b", Cli::Value("bounds"), (&["fixed", "adaptive"], "fixed")) => RangeBounds;
    /// The heat map's time axis field (`z`).
    ZOOM = choice("z", Cli::Value("zoom"), (&["days", "hours"], "days")) => RangeZoom;
}

/// The chapter's address: its fields, presets and views.
pub const DEF: &ChapterDef = study_def! {
    fields: [SEED_FIELD, ORDERS_FIELD, DAYS_FIELD, WEEKS, PARTITIONS, KEY, BOUNDS, ZOOM],
    presets: ["lesson" => RangePresetLesson, "market" => RangePresetMarket],
    views: ["heat" => RangeHeatTitle, "spread" => RangeSpreadTitle, "sizes" => RangeSizesTitle, "queries" => RangeQueriesTitle],
    intro: RangeIntro, summary: "Section 2: orders ranged by data_creacio (ten nodes, one writing), the market prefix (four hot spots), fixed boundaries or chosen from the data, range queries",
};

/// The heat map's time axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zoom {
    /// One column per day, over every week.
    Days,
    /// One column per hour, over the campaign.
    Hours,
}

impl Zoom {
    fn slug(self) -> &'static str {
        match self {
            Zoom::Days => "days",
            Zoom::Hours => "hours",
        }
    }
}

fn key_slug(k: RangeKey) -> &'static str {
    match k {
        RangeKey::Date => "date",
        RangeKey::MarketDate => "market-date",
    }
}

fn bounds_slug(b: Bounds) -> &'static str {
    match b {
        Bounds::Fixed => "fixed",
        Bounds::Adaptive => "adaptive",
    }
}

/// The chapter's own settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeSettings {
    /// The campaign.
    pub workload: WorkloadFields,
    /// Ordinary weeks before it.
    pub weeks: u32,
    /// Partitions.
    pub partitions: u32,
    /// The heat map's key.
    pub key: RangeKey,
    /// The heat map's boundaries.
    pub bounds: Bounds,
    /// The heat map's time axis.
    pub zoom: Zoom,
}

/// The chapter's whole state.
pub type RangeState = StudyState<RangeSettings>;

impl Settings for RangeSettings {
    const DEF: &'static ChapterDef = DEF;

    /// Nine ordinary weeks and the campaign, ten date ranges.
    fn opening() -> RangeSettings {
        RangeSettings {
            workload: WorkloadFields::default(),
            weeks: 9,
            partitions: 10,
            key: RangeKey::Date,
            bounds: Bounds::Fixed,
            zoom: Zoom::Days,
        }
    }

    bind_fields! {
        workload,
        weeks: whole(WEEKS),
        partitions: whole(PARTITIONS),
        key: word(KEY, |s| Some(key_of(s)), |k: &RangeKey| key_slug(*k)),
        bounds: word(BOUNDS, |s| Some(bounds_of(s)), |b: &Bounds| bounds_slug(*b)),
        zoom: word(ZOOM, |s| Some(zoom_of(s)), |z: &Zoom| z.slug()),
    }

    fn preset(&mut self, id: &str) {
        match id {
            "lesson" => {
                self.partitions = 10;
                self.key = RangeKey::Date;
                self.bounds = Bounds::Fixed;
                self.zoom = Zoom::Days;
            }
            "market" => {
                self.partitions = 10;
                self.key = RangeKey::MarketDate;
                self.bounds = Bounds::Adaptive;
                self.zoom = Zoom::Hours;
            }
            _ => {}
        }
    }
}

fn key_of(slug: &str) -> RangeKey {
    if slug == "market-date" {
        RangeKey::MarketDate
    } else {
        RangeKey::Date
    }
}

fn bounds_of(slug: &str) -> Bounds {
    if slug == "adaptive" {
        Bounds::Adaptive
    } else {
        Bounds::Fixed
    }
}

fn zoom_of(slug: &str) -> Zoom {
    if slug == "hours" {
        Zoom::Hours
    } else {
        Zoom::Days
    }
}

impl RangeSettings {
    /// The workload: the ordinary weeks, then the campaign.
    pub fn spec(&self) -> WorkloadSpec {
        WorkloadSpec {
            lead_days: self.weeks * 7,
            lead_orders_per_day: LEAD_ORDERS_PER_DAY,
            ..self.workload.spec()
        }
    }
}

/// What the chapter's controls ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// Ordinary weeks.
    Weeks(u32),
    /// Partitions.
    Partitions(u32),
    /// The heat map's key.
    Key(RangeKey),
    /// The heat map's boundaries.
    Bounds(Bounds),
    /// The heat map's time axis.
    Zoom(Zoom),
}

impl Msg {
    /// The message a control event stands for, if any.
    pub fn parse(id: &str, value: &str) -> Option<Msg> {
        match id {
            "wk" => value
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|v| *v <= MAX_WEEKS)
                .map(Msg::Weeks),
            "n" => stop_at(&PARTITION_STOPS, value).map(|&n| Msg::Partitions(n)),
            "key" => [RangeKey::Date, RangeKey::MarketDate]
                .into_iter()
                .find(|k| key_slug(*k) == value)
                .map(Msg::Key),
            "b" => [Bounds::Fixed, Bounds::Adaptive]
                .into_iter()
                .find(|b| bounds_slug(*b) == value)
                .map(Msg::Bounds),
            "z" => [Zoom::Days, Zoom::Hours]
                .into_iter()
                .find(|z| z.slug() == value)
                .map(Msg::Zoom),
            _ => None,
        }
    }
}

/// The four layouts the chapter compares, in table order.
const LAYOUTS: [(RangeKey, Bounds); 4] = [
    (RangeKey::Date, Bounds::Fixed),
    (RangeKey::Date, Bounds::Adaptive),
    (RangeKey::MarketDate, Bounds::Fixed),
    (RangeKey::MarketDate, Bounds::Adaptive),
];

/// The section-2 chapter.
pub struct Ranges {
    state: RangeState,
    notices: Vec<StudyIssue>,
    counts: Option<(WorkloadSpec, HourlyCounts)>,
    /// The counts of the state's workload, being generated a day per slice of work (the old
    /// counts stay on screen meanwhile).
    counting: Option<(WorkloadSpec, Box<HourlyCountsBuild>)>,
    /// The four layouts for the current partition count.
    layouts: Vec<RangeLayout>,
}

impl Ranges {
    /// The chapter from its fields.
    pub fn open(fragment: &str, lang: Lang, notices: Vec<StudyIssue>) -> Ranges {
        let (state, notices) = RangeState::open(fragment, lang, notices);
        let mut c = Ranges {
            state,
            notices,
            counts: None,
            counting: None,
            layouts: Vec::new(),
        };
        c.refresh();
        c
    }

    fn apply(&mut self, msg: Msg) {
        let st = &mut self.state;
        match msg {
            Msg::Weeks(v) => st.weeks = v,
            Msg::Partitions(n) => st.partitions = n,
            Msg::Key(k) => st.key = k,
            Msg::Bounds(b) => st.bounds = b,
            Msg::Zoom(z) => st.zoom = z,
        }
    }

    fn layout(&self, key: RangeKey, bounds: Bounds) -> Option<&RangeLayout> {
        self.layouts
            .iter()
            .find(|l| l.key == key && l.bounds == bounds)
    }

    fn start(&self) -> Date {
        self.state.spec().epoch().0
    }

    /// "2026-09-14 20:00" for an hour of the workload.
    fn hour_label(&self, hour: u32) -> String {
        let day = self.start().add_days((hour / 24) as i32);
        format!("{day} {:02}:00", hour % 24)
    }

    fn key_name(&self, k: RangeKey) -> String {
        self.words().t(match k {
            RangeKey::Date => St::RangeKeyDate,
            RangeKey::MarketDate => St::RangeKeyMarketDate,
        })
    }

    fn bounds_name(&self, b: Bounds) -> String {
        self.words().t(match b {
            Bounds::Fixed => St::RangeFixedShort,
            Bounds::Adaptive => St::RangeAdaptiveShort,
        })
    }

    fn layout_name(&self, k: RangeKey, b: Bounds) -> String {
        self.words().f(
            St::RangeLayoutName,
            &[("key", &self.key_name(k)), ("bounds", &self.bounds_name(b))],
        )
    }

    /// A partition's range: "2026-09-14 00:00 → 2026-09-21 00:00", with the market first
    /// for the market-prefixed key.
    fn part_range(&self, l: &RangeLayout, i: usize) -> String {
        let Some((m0, h0, m1, h1)) = l.describe(i) else {
            return String::new();
        };
        let end = |m: Option<Market>, h: u32| match m {
            Some(m) => format!("{} {}", m.name(), self.hour_label(h)),
            None => self.hour_label(h),
        };
        self.words().f(
            St::RangeSpan,
            &[("from", &end(m0, h0)), ("to", &end(m1, h1))],
        )
    }
}

impl StudyChapter for Ranges {
    study_parts!(RangeSettings);

    fn control(&mut self, id: &str, value: &str) -> bool {
        control_with(self, (id, value), Msg::parse, Self::apply)
    }

    fn refresh(&mut self) {
        let spec = self.state.spec();
        if self.counts.as_ref().map(|c| &c.0) == Some(&spec) {
            self.counting = None;
        } else if self.counting.as_ref().map(|c| &c.0) != Some(&spec) {
            // The fields are capped, so the spec is valid; an error leaves nothing to count.
            self.counting = HourlyCountsBuild::new(&spec)
                .ok()
                .map(|b| (spec, Box::new(b)));
        }
        self.layouts = match &self.counts {
            Some((_, c)) => LAYOUTS
                .iter()
                .map(|&(k, b)| RangeLayout::new(c, k, b, self.state.partitions))
                .collect(),
            None => Vec::new(),
        };
    }

    fn step(&mut self) -> bool {
        let Some((spec, mut build)) = self.counting.take() else {
            return false;
        };
        if build.step() {
            self.counting = Some((spec, build));
        } else {
            self.counts = Some((spec, build.finish()));
            self.refresh();
        }
        true
    }

    fn chapter_controls(&self) -> Vec<Control> {
        let w = self.words();
        let st = &self.state;
        let select = |id: &'static str, label: St, options: Vec<Choice>, value: &str| {
            Control::select(id, w.t(label), options, value)
        };
        let mut out = vec![st.presets_control()];
        out.push(w.partitions(&PARTITION_STOPS, st.partitions));
        out.push(select(
            "key",
            St::RangeKeyLabel,
            w.choices(&[
                ("date", St::RangeKeyDate),
                ("market-date", St::RangeKeyMarketDate),
            ]),
            key_slug(st.key),
        ));
        out.push(select(
            "b",
            St::RangeBounds,
            w.choices(&[("fixed", St::RangeFixed), ("adaptive", St::RangeAdaptive)]),
            bounds_slug(st.bounds),
        ));
        out.push(select(
            "z",
            St::RangeZoom,
            w.choices(&[("days", St::RangeZoomDays), ("hours", St::RangeZoomHours)]),
            st.zoom.slug(),
        ));
        out.push(Control::new(
            "wk",
            w.t(St::RangeWeeks),
            ControlKind::Number {
                min: 0,
                max: u64::from(MAX_WEEKS),
                value: u64::from(st.weeks),
            },
        ));
        out.extend(st.workload.described_controls(st.lang));
        out
    }

    fn chapter_panels(&self) -> Vec<Panel> {
        let Some((_, counts)) = &self.counts else {
            return self
                .counting
                .as_ref()
                .map(|(_, b)| generating_panel(self.state.lang, DEF.views[0].name, b.progress()))
                .into_iter()
                .collect();
        };
        let (Some(current), Some(_)) = (
            self.layout(self.state.key, self.state.bounds),
            self.layouts.first(),
        ) else {
            return Vec::new();
        };
        vec![
            self.heat_panel(counts, current),
            self.spread_panel(counts),
            self.sizes_panel(counts),
            self.queries_panel(counts),
        ]
    }
}

impl Ranges {
    fn spread_figures(&self, s: &WriteSpread) -> Vec<Figure> {
        let w = self.words();
        let lang = self.state.lang;
        let n = self.state.partitions;
        vec![
            Figure::new(
                "writing-peak",
                w.f(
                    St::RangeFigWriting,
                    &[("hour", &self.hour_label(s.peak_hour))],
                ),
                format!("{} / {n}", s.writing_in_peak),
                f64::from(s.writing_in_peak),
            ),
            w.figure(
                "hottest-share",
                St::RangeFigHottest,
                fmt_pct(lang, s.hottest_share * 100.0, 1),
                s.hottest_share,
            ),
            w.figure(
                "mean-writing",
                St::RangeFigMean,
                fmt_dec(lang, s.mean_writing, 2),
                s.mean_writing,
            ),
        ]
    }

    fn heat_panel(&self, counts: &HourlyCounts, layout: &RangeLayout) -> Panel {
        let w = self.words();
        let (from, to, bucket) = match self.state.zoom {
            Zoom::Days => (0, counts.hours(), 24),
            Zoom::Hours => (counts.campaign_start, counts.hours(), 1),
        };
        let grid = heat(counts, layout, from, to, bucket);
        let cols = grid.first().map_or(0, Vec::len);
        let col_label = |k: usize| -> String {
            let hour = from + k as u32 * bucket;
            let (_, m, d) = self.start().add_days((hour / 24) as i32).ymd();
            match self.state.zoom {
                Zoom::Days => w.f(
                    St::ShortDate,
                    &[("d", &d.to_string()), ("m", &m.to_string())],
                ),
                Zoom::Hours => format!(
                    "{} {:02}h",
                    w.f(
                        St::ShortDate,
                        &[("d", &d.to_string()), ("m", &m.to_string())]
                    ),
                    hour % 24
                ),
            }
        };
        // Labels at each week's Monday (days) or each day's midnight (hours).
        let col_labels = (0..cols)
            .filter(|&k| match self.state.zoom {
                Zoom::Days => self.start().add_days(k as i32).weekday() == 0,
                Zoom::Hours => k % 24 == 0,
            })
            .map(|k| {
                let label = match self.state.zoom {
                    Zoom::Days => col_label(k),
                    Zoom::Hours => {
                        let (_, m, d) = self
                            .start()
                            .add_days(((from as usize + k) / 24) as i32)
                            .ymd();
                        w.f(
                            St::ShortDate,
                            &[("d", &d.to_string()), ("m", &m.to_string())],
                        )
                    }
                };
                (k, label)
            })
            .collect();
        let names: Vec<String> = (0..layout.parts.len() as u32).map(|i| w.part(i)).collect();
        let chart = Chart::Heat(Heat {
            x_label: w.t(match self.state.zoom {
                Zoom::Days => St::RangeAxisDay,
                Zoom::Hours => St::RangeAxisHour,
            }),
            rows: names.clone(),
            values: grid
                .iter()
                .map(|r| r.iter().map(|&v| v as f64).collect())
                .collect(),
            col_labels,
            unit: w.t(St::RangeUnitWrites),
        });
        let mut head = vec![w.t(St::ColTime)];
        head.extend(names.iter().cloned());
        let rows = (0..cols)
            .map(|k| {
                let label = col_label(k);
                let mut cells = vec![Cell::text(label.clone())];
                cells.extend(grid.iter().map(|r| w.int(r[k])));
                row(label, cells)
            })
            .collect();
        let zoom = w.t(match self.state.zoom {
            Zoom::Days => St::RangeZoomDays,
            Zoom::Hours => St::RangeZoomHours,
        });
        let s = spread(counts, layout);
        Panel {
            view: "heat",
            title: w.t(St::RangeHeatTitle),
            caption: w.f(
                St::RangeHeatCaption,
                &[
                    ("key", &self.key_name(layout.key)),
                    ("bounds", &self.bounds_name(layout.bounds)),
                    ("zoom", &zoom),
                ],
            ),
            wide: true,
            blocks: vec![
                Block::Figures(self.spread_figures(&s)),
                w.chart_block(
                    chart,
                    St::RangeHeatChart,
                    DataTable::new("heat", head, rows),
                ),
            ],
        }
    }

    fn spread_panel(&self, counts: &HourlyCounts) -> Panel {
        let w = self.words();
        let n = self.state.partitions;
        let rows = self
            .layouts
            .iter()
            .map(|l| {
                let s = spread(counts, l);
                let id = format!("{}/{}", key_slug(l.key), bounds_slug(l.bounds));
                let mut r = row(
                    id,
                    vec![
                        Cell::text(self.layout_name(l.key, l.bounds)),
                        Cell::num(
                            format!("{} / {}", s.writing_in_peak, l.parts.len()),
                            f64::from(s.writing_in_peak),
                        ),
                        w.pct(s.hottest_share * 100.0, 1),
                        w.dec(s.mean_writing, 2),
                        w.pct(s.campaign_hottest_share * 100.0, 1),
                    ],
                );
                r.attrs.push(("writing", s.writing_in_peak.to_string()));
                r
            })
            .collect();
        let bounds = self.state.bounds;
        let peak_writes = |key: RangeKey| -> Vec<f64> {
            self.layout(key, bounds).map_or(Vec::new(), |l| {
                let s = spread(counts, l);
                heat(counts, l, s.peak_hour, s.peak_hour + 1, 1)
                    .iter()
                    .map(|r| r.first().copied().unwrap_or(0) as f64)
                    .collect()
            })
        };
        let date = peak_writes(RangeKey::Date);
        let market = peak_writes(RangeKey::MarketDate);
        let names: Vec<String> = (0..date.len().max(market.len()) as u32)
            .map(|i| w.part(i))
            .collect();
        let chart = Chart::Bars(Bars {
            y_label: w.t(St::RangeUnitWrites),
            categories: names.clone(),
            series: vec![
                BarSeries {
                    label: w.t(St::RangeSeriesDate),
                    values: date.clone(),
                    colour: 4,
                },
                BarSeries {
                    label: w.t(St::RangeSeriesMarketDate),
                    values: market.clone(),
                    colour: 3,
                },
            ],
            reference: None,
        });
        let chart_rows = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let v = |x: &Vec<f64>| w.int(x.get(i).copied().unwrap_or(0.0) as u64);
                row(
                    name.clone(),
                    vec![Cell::text(name.clone()), v(&date), v(&market)],
                )
            })
            .collect();
        Panel {
            view: "spread",
            title: w.t(St::RangeSpreadTitle),
            caption: w.f(
                St::RangeSpreadCaption,
                &[("n", &n.to_string()), ("bounds", &self.bounds_name(bounds))],
            ),
            wide: false,
            blocks: vec![
                w.table_block(
                    "spread",
                    &[
                        St::ColLayout,
                        St::ColWritingPeak,
                        St::ColHottestPeak,
                        St::ColMeanWriting,
                        St::ColCampaignHottest,
                    ],
                    rows,
                ),
                w.chart_block(
                    chart,
                    St::RangeSpreadChart,
                    w.table(
                        "spread-peak",
                        &[
                            St::Partition,
                            St::RangeSeriesDate,
                            St::RangeSeriesMarketDate,
                        ],
                        chart_rows,
                    ),
                ),
            ],
        }
    }

    fn sizes_panel(&self, counts: &HourlyCounts) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let key = self.state.key;
        let (Some(fixed), Some(adaptive)) = (
            self.layout(key, Bounds::Fixed),
            self.layout(key, Bounds::Adaptive),
        ) else {
            return Panel {
                view: "sizes",
                title: w.t(St::RangeSizesTitle),
                caption: String::new(),
                wide: false,
                blocks: Vec::new(),
            };
        };
        let (sf, sa) = (sizes(counts, fixed), sizes(counts, adaptive));
        let ratio = |v: &[u64]| {
            let max = v.iter().copied().max().unwrap_or(0) as f64;
            let min = v.iter().copied().min().unwrap_or(0).max(1) as f64;
            max / min
        };
        let names: Vec<String> = (0..sf.len().max(sa.len()) as u32)
            .map(|i| w.part(i))
            .collect();
        let to_f = |v: &[u64]| v.iter().map(|&x| x as f64).collect::<Vec<f64>>();
        let chart = Chart::Bars(Bars {
            y_label: w.t(St::ColOrders),
            categories: names.clone(),
            series: vec![
                BarSeries {
                    label: w.t(St::RangeSeriesFixed),
                    values: to_f(&sf),
                    colour: 4,
                },
                BarSeries {
                    label: w.t(St::RangeSeriesAdaptive),
                    values: to_f(&sa),
                    colour: 3,
                },
            ],
            reference: None,
        });
        let rows = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                row(
                    name.clone(),
                    vec![
                        Cell::text(name.clone()),
                        Cell::text(self.part_range(fixed, i)),
                        w.int(sf.get(i).copied().unwrap_or(0)),
                        Cell::text(self.part_range(adaptive, i)),
                        w.int(sa.get(i).copied().unwrap_or(0)),
                    ],
                )
            })
            .collect();
        Panel {
            view: "sizes",
            title: w.t(St::RangeSizesTitle),
            caption: w.f(St::RangeSizesCaption, &[("key", &self.key_name(key))]),
            wide: false,
            blocks: vec![
                Block::Figures(vec![
                    w.figure(
                        "ratio-fixed",
                        St::RangeFigRatioFixed,
                        fmt_dec(lang, ratio(&sf), 2),
                        ratio(&sf),
                    ),
                    w.figure(
                        "ratio-adaptive",
                        St::RangeFigRatioAdaptive,
                        fmt_dec(lang, ratio(&sa), 2),
                        ratio(&sa),
                    ),
                ]),
                w.chart_block(
                    chart,
                    St::RangeSizesChart,
                    w.table(
                        "sizes",
                        &[
                            St::Partition,
                            St::ColRangeFixed,
                            St::RangeSeriesFixed,
                            St::ColRangeAdaptive,
                            St::RangeSeriesAdaptive,
                        ],
                        rows,
                    ),
                ),
            ],
        }
    }

    fn queries_panel(&self, counts: &HourlyCounts) -> Panel {
        let w = self.words();
        let queries = [
            (RangeQuery::LastWeek, "last-week"),
            (
                RangeQuery::ThisWeekIn(Market::Valencia),
                "this-week-valencia",
            ),
            (RangeQuery::Yesterday, "yesterday"),
            (RangeQuery::AllOf(Market::Girona), "all-girona"),
        ];
        let name = |q: RangeQuery| match q {
            RangeQuery::LastWeek => w.t(St::RangeQLastWeek),
            RangeQuery::ThisWeekIn(m) => w.f(St::RangeQThisWeek, &[("market", m.name())]),
            RangeQuery::Yesterday => w.t(St::RangeQYesterday),
            RangeQuery::AllOf(m) => w.f(St::RangeQAllOf, &[("market", m.name())]),
        };
        let rows = queries
            .iter()
            .map(|&(q, id)| {
                let mut cells = vec![Cell::text(name(q))];
                let mut returned = 0;
                let mut r_attrs = Vec::new();
                for l in &self.layouts {
                    let c = cost(counts, l, q);
                    returned = c.rows_returned;
                    cells.push(Cell::num(
                        w.f(
                            St::RangeCell,
                            &[
                                ("parts", &c.partitions.to_string()),
                                ("rows", &w.n(c.rows_read)),
                            ],
                        ),
                        f64::from(c.partitions),
                    ));
                    r_attrs.push((
                        match (l.key, l.bounds) {
                            (RangeKey::Date, Bounds::Fixed) => "date-fixed",
                            (RangeKey::Date, Bounds::Adaptive) => "date-adaptive",
                            (RangeKey::MarketDate, Bounds::Fixed) => "market-fixed",
                            (RangeKey::MarketDate, Bounds::Adaptive) => "market-adaptive",
                        },
                        c.partitions.to_string(),
                    ));
                }
                cells.push(w.int(returned));
                let mut r = row(id, cells);
                r.attrs.extend(r_attrs);
                r
            })
            .collect();
        let mut head = vec![w.t(St::ColQuery)];
        head.extend(LAYOUTS.iter().map(|&(k, b)| self.layout_name(k, b)));
        head.push(w.t(St::ColReturned));
        Panel {
            view: "queries",
            title: w.t(St::RangeQueriesTitle),
            caption: w.f(
                St::RangeQueriesCaption,
                &[("n", &self.state.partitions.to_string())],
            ),
            wide: true,
            blocks: vec![Block::Table(DataTable::new("queries", head, rows))],
        }
    }
}
