//! The chapter of section 3: hash partitioning and compound keys on the KM0 workload.
//!
//! Its address fields, presets and views are [`DEF`]: the teachers' page, the command line
//! (`partlab hash-keys`) and the guide read them from there.

use std::rc::Rc;

use partlab_core::hash::lesson_key;
use partlab_km0::calendar::{Date, Timestamp, DAY_SECS};
use partlab_km0::hash_keys::{
    consecutive, disagreement_in, partition, query_cost, range_rows, salted_hash, Disagreement,
    GrowthSweep, HashedWorkload, OrderKey, Query, QueryCost, RangeRows,
};
use partlab_km0::rng::sub_seed;
use partlab_km0::workload::{Workload, RESTAURANT, RESTAURANT_IDX};

use super::chapter::{control_with, keep_slice};
use super::chart::{BarSeries, Bars, Chart, Lines, Series, Stroke};
use super::fields::{Fields, StudyIssue, Writer};
use super::source::{SourceStep, WorkloadSource};
use super::text::{fill, tr, St};
use super::view::{row, Block, Cell, Choice, Control, ControlKind, DataTable, Figure, Panel};
use super::{partition_name, stop_at, WorkloadFields};
use super::{
    study_parts, Settings, StudyChapter, StudyState, DAYS_FIELD, DAY_STOPS, ORDERS_FIELD,
    SEED_FIELD,
};
use crate::base::field::{ChapterDef, Cli, FieldSpec};
use crate::i18n::{fmt_dec, fmt_int, fmt_pct};
use crate::state::Lang;

/// The partition counts the slider offers.
pub const PARTITION_STOPS: [u32; 9] = [2, 3, 4, 6, 8, 12, 16, 32, 64];
/// The growth horizons offered, in days (one to four month ends after 14 September).
pub const HORIZON_STOPS: [u32; 4] = [31, 61, 92, 122];
/// Most consecutive orders shown.
pub const MAX_COUNT: u32 = 64;
/// Largest first order number.
pub const MAX_FROM: u64 = 999_999;
/// Days generated per unit of background work (about 2.3 ms natively; the page runs several
/// units per slice when they are quick).
const GROWTH_DAYS_PER_STEP: u32 = 1;

study_fields! {
    /// The partition count field (`n`).
    PARTITIONS = whole("n", Cli::Value("partitions"), (2, 64, 4)) => Partitions;
    /// The first consecutive order field (`from`).
    FROM = whole("from", Cli::Value("from"), (1, MAX_FROM, 123)) => HashFrom;
    /// The consecutive order count field (`count`).
    COUNT = whole("count", Cli::Value("count"), (1, MAX_COUNT as u64, 4)) => HashCount;
    /// The date query's first day field (`qf`, 1-based).
    QUERY_FROM = whole("qf", Cli::SpanStart("query-days"), (1, DAY_STOPS[7] as u64, 2)) => HashRangeFrom;
    /// The date query's last day field (`qt`, 1-based).
    QUERY_TO = whole("qt", Cli::SpanEnd("query-days"), (1, DAY_STOPS[7] as u64, 3)) => HashRangeTo;
    /// The growth horizon field (`h`).
    HORIZON = whole("h", Cli::Value("horizon"), (7, HORIZON_STOPS[3] as u64, 61)) => HashHorizon;
}

/// The chapter's address: its fields, presets and views.
pub const DEF: &ChapterDef = study_def! {
    fields: [SEED_FIELD, ORDERS_FIELD, DAYS_FIELD, PARTITIONS, FROM, COUNT, QUERY_FROM, QUERY_TO, HORIZON],
    presets: ["lesson" => HashPresetLesson, "twelve" => HashPresetTwelve],
    views: ["scatter" => HashScatterTitle, "range" => HashRangeTitle, "compound" => HashCompoundTitle, "growth" => HashGrowthTitle, "salted" => HashSaltTitle],
    intro: HashIntro, summary: "Section 3: consecutive ids scatter, a date query asks every partition, the compound key hash(client_id) + data_creacio DESC, the restaurant's growing partition, a salted hash",
};

/// The chapter's own settings: what its address holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashSettings {
    /// The workload.
    pub workload: WorkloadFields,
    /// Partitions.
    pub partitions: u32,
    /// First consecutive order number.
    pub from: u64,
    /// How many consecutive orders.
    pub count: u32,
    /// The date query's first and last campaign day (0-based, inclusive).
    pub range: (u32, u32),
    /// Days of growth simulated.
    pub horizon: u32,
}

/// The chapter's whole state.
pub type HashState = StudyState<HashSettings>;

impl Settings for HashSettings {
    const DEF: &'static ChapterDef = DEF;

    /// The lesson's four ids on four partitions.
    fn opening() -> HashSettings {
        HashSettings {
            workload: WorkloadFields::default(),
            partitions: 4,
            from: 123,
            count: 4,
            range: (1, 2),
            horizon: 61,
        }
    }

    bind_fields! {
        workload,
        partitions: whole(PARTITIONS),
        from: whole(FROM),
        count: whole(COUNT),
        custom(
            |s: &mut Self, f: &mut Fields<'_>, _: &mut Vec<StudyIssue>| {
                if let Some(v) = f.whole(&QUERY_FROM) {
                    s.range.0 = v as u32 - 1;
                }
                if let Some(v) = f.whole(&QUERY_TO) {
                    s.range.1 = v as u32 - 1;
                }
            },
            |s: &Self, w: &mut Writer| {
                w.field(QUERY_FROM.name, s.range.0 + 1).field(QUERY_TO.name, s.range.1 + 1);
            }
        ),
        horizon: whole(HORIZON),
    }

    fn preset(&mut self, id: &str) {
        match id {
            "lesson" => {
                self.partitions = 4;
                self.from = 123;
                self.count = 4;
            }
            "twelve" => {
                self.partitions = 12;
                self.from = 123;
                self.count = 16;
            }
            _ => {}
        }
    }

    /// The date query's days are days of the campaign, the first one not after the last.
    fn refuse_misfits(&mut self, opening: &Self, issues: &mut Vec<StudyIssue>) {
        let days = self.workload.days;
        let last = days.saturating_sub(1);
        let in_campaign = |d: u32| vec![("days", days.to_string()), ("day", (d + 1).to_string())];
        for (spec, day) in [
            (&QUERY_FROM, &mut self.range.0),
            (&QUERY_TO, &mut self.range.1),
        ] {
            if *day > last {
                issues.push(StudyIssue::Refused {
                    field: spec.name,
                    value: (*day + 1).to_string(),
                    rule: St::HashRuleInCampaign,
                    args: in_campaign(*day),
                });
                *day = u32::MAX;
            }
        }
        // A refused day takes the opening's, inside the campaign.
        if self.range.0 == u32::MAX {
            self.range.0 = opening.range.0.min(last);
        }
        if self.range.1 == u32::MAX {
            self.range.1 = opening.range.1.min(last).max(self.range.0);
        }
        if self.range.0 > self.range.1 {
            issues.push(StudyIssue::Refused {
                field: QUERY_TO.name,
                value: (self.range.1 + 1).to_string(),
                rule: St::HashRuleOrder,
                args: vec![("from", (self.range.0 + 1).to_string())],
            });
            self.range.1 = opening.range.1.min(last).max(self.range.0);
        }
    }
}

impl HashSettings {
    /// After a control moved: the date query stays inside the campaign, its first day not
    /// after its last (the other end follows the one moved), each change said in a notice.
    fn follow(&mut self, moved_last: bool, issues: &mut Vec<StudyIssue>) {
        let last = self.workload.days.saturating_sub(1);
        let days = self.workload.days.to_string();
        let mut adjust = |spec: &FieldSpec, day: &mut u32, to: u32, rule: St| {
            if *day != to {
                issues.push(StudyIssue::Adjusted {
                    field: spec.name,
                    from: (*day + 1).to_string(),
                    to: (to + 1).to_string(),
                    rule,
                    args: vec![
                        ("days", days.clone()),
                        ("day", (*day + 1).to_string()),
                        ("to", (to + 1).to_string()),
                    ],
                });
                *day = to;
            }
        };
        let (mut a, mut b) = self.range;
        let (to_a, to_b) = (a.min(last), b.min(last));
        adjust(&QUERY_FROM, &mut a, to_a, St::HashRuleInCampaign);
        adjust(&QUERY_TO, &mut b, to_b, St::HashRuleInCampaign);
        if a > b {
            if moved_last {
                let to = b;
                adjust(&QUERY_FROM, &mut a, to, St::HashRuleOrderFollow);
            } else {
                let to = a;
                adjust(&QUERY_TO, &mut b, to, St::HashRuleOrderFollow);
            }
        }
        self.range = (a, b);
    }
}

/// What the chapter's controls ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// The partition count.
    Partitions(u32),
    /// The first consecutive order.
    From(u64),
    /// How many consecutive orders.
    Count(u32),
    /// The date query's first day (0-based).
    RangeFrom(u32),
    /// The date query's last day (0-based).
    RangeTo(u32),
    /// Days of growth.
    Horizon(u32),
}

impl Msg {
    /// The message a control event stands for, if any.
    pub fn parse(id: &str, value: &str) -> Option<Msg> {
        let num = |max: u64| {
            value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|v| (1..=max).contains(v))
        };
        match id {
            "n" => stop_at(&PARTITION_STOPS, value).map(|&n| Msg::Partitions(n)),
            "from" => num(MAX_FROM).map(Msg::From),
            "count" => num(u64::from(MAX_COUNT)).map(|v| Msg::Count(v as u32)),
            "qf" => num(1000).map(|v| Msg::RangeFrom(v as u32 - 1)),
            "qt" => num(1000).map(|v| Msg::RangeTo(v as u32 - 1)),
            "h" => stop_at(&HORIZON_STOPS, value).map(|&h| Msg::Horizon(h)),
            _ => None,
        }
    }
}

/// What the workload figures depend on besides the workload: partitions, the date query, the
/// looked-up order.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ComputeKey {
    workload: WorkloadFields,
    n: u32,
    range: (u32, u32),
    from: u64,
}

/// What the chapter computed for a state ([`ComputeKey`]).
struct Computed {
    key: ComputeKey,
    workload: Rc<Workload>,
    rows: RangeRows,
    costs: Vec<(Query, OrderKey, QueryCost)>,
    salt: Disagreement,
}

/// A [`Computed`] being built, one measure per slice of background work: each is a pass over
/// the workload's orders, and all of them in one frame would cost it several frames.
struct Computing {
    key: ComputeKey,
    workload: Rc<Workload>,
    hashed: Rc<HashedWorkload>,
    rows: Option<RangeRows>,
    costs: Vec<(Query, OrderKey, QueryCost)>,
    /// The salted services compared over the first `salted_upto` orders.
    salt: Disagreement,
    salted_upto: usize,
}

/// Orders compared per unit of work by the salted-hash measure (an MD5 and two salted hashes
/// each): about 1.9 ms natively.
const SALTED_ORDERS_PER_SLICE: usize = 10_000;

impl Computing {
    /// The queries of the compound-key table, each under every order key.
    fn queries(&self, from: Timestamp, to: Timestamp) -> Vec<(Query, OrderKey)> {
        let queries = [
            Query::AnnaLast { count: 20 },
            Query::AnnaBetween { from, to },
            Query::EveryClientYesterday,
            Query::ById {
                number: self.key.from.min(u64::from(u32::MAX)) as u32,
            },
        ];
        queries
            .into_iter()
            .flat_map(|q| OrderKey::ALL.into_iter().map(move |k| (q, k)))
            .collect()
    }

    /// Computes one more measure; the finished figures once the last is done.
    fn step(mut self: Box<Self>) -> Result<Computed, Box<Computing>> {
        let (w, h) = (Rc::clone(&self.workload), Rc::clone(&self.hashed));
        let (w, h, n) = (w.as_ref(), h.as_ref(), self.key.n);
        let (from, to) = range_times(self.key.range);
        let Some(rows) = self.rows.take() else {
            self.rows = Some(range_rows(w, h, n, from, to));
            return Err(self);
        };
        self.rows = Some(rows);
        if let Some(&(q, k)) = self.queries(from, to).get(self.costs.len()) {
            self.costs.push((q, k, query_cost(w, h, n, k, q)));
            return Err(self);
        }
        if self.salted_upto < w.orders().len() {
            let end = self.salted_upto.saturating_add(SALTED_ORDERS_PER_SLICE);
            let part = disagreement_in(
                w,
                h,
                n,
                salts(self.key.workload.seed),
                self.salted_upto..end,
            );
            self.salt = self.salt + part;
            self.salted_upto = end;
            return Err(self);
        }
        let this = *self;
        Ok(Computed {
            salt: this.salt,
            rows: this.rows.unwrap_or_else(|| range_rows(w, h, n, from, to)),
            key: this.key,
            workload: this.workload,
            costs: this.costs,
        })
    }
}

/// The section-3 chapter.
pub struct HashKeys {
    state: HashState,
    notices: Vec<StudyIssue>,
    source: WorkloadSource,
    computed: Option<Computed>,
    computing: Option<Box<Computing>>,
    growth: Option<GrowthSweep>,
}

impl HashKeys {
    /// The chapter from its fields.
    pub fn open(fragment: &str, lang: Lang, notices: Vec<StudyIssue>) -> HashKeys {
        let (state, notices) = HashState::open(fragment, lang, notices);
        let mut c = HashKeys {
            state,
            notices,
            source: WorkloadSource::default(),
            computed: None,
            computing: None,
            growth: None,
        };
        c.refresh();
        c
    }

    /// The state.
    pub fn state(&self) -> &HashState {
        &self.state
    }

    /// The inputs of the figures the state asks for.
    fn compute_key(&self) -> ComputeKey {
        ComputeKey {
            workload: self.state.workload.clone(),
            n: self.state.partitions,
            range: self.state.range,
            from: self.state.from,
        }
    }

    /// One slice of the figures' computation; `true` while more remains.
    fn compute_step(&mut self) -> bool {
        let key = self.compute_key();
        if self.computed.as_ref().is_some_and(|c| c.key == key) {
            self.computing = None;
            return false;
        }
        let Some((w, h)) = self.source.ready_for(&key.workload) else {
            return false;
        };
        let job = match self.computing.take() {
            Some(job) if job.key == key => job,
            _ => Box::new(Computing {
                key,
                workload: Rc::clone(w),
                hashed: Rc::clone(h),
                rows: None,
                costs: Vec::new(),
                salt: Disagreement::NONE,
                salted_upto: 0,
            }),
        };
        keep_slice(job.step(), &mut self.computed, &mut self.computing)
    }

    fn apply(&mut self, msg: Msg) {
        let st = &mut self.state;
        match msg {
            Msg::Partitions(n) => st.partitions = n,
            Msg::From(v) => st.from = v,
            Msg::Count(v) => st.count = v,
            Msg::RangeFrom(d) => st.range.0 = d,
            Msg::RangeTo(d) => st.range.1 = d,
            Msg::Horizon(h) => st.horizon = h,
        }
    }

    fn start(&self) -> Date {
        self.state.workload.spec().start
    }

    fn day_label(&self, day: u32) -> String {
        self.start().add_days(day as i32).to_string()
    }
}

/// The date query `(first, last)` campaign days as timestamps `[from, to)`.
fn range_times(range: (u32, u32)) -> (Timestamp, Timestamp) {
    (
        Timestamp(range.0 * DAY_SECS),
        Timestamp((range.1 + 1) * DAY_SECS),
    )
}

/// The two services' salts for a seed.
fn salts(seed: u64) -> (u64, u64) {
    (sub_seed(seed, 0xA), sub_seed(seed, 0xB))
}

impl StudyChapter for HashKeys {
    study_parts!(HashSettings);

    /// Asks for what the state needs: its workload (built in slices by [`Study::work`]) and,
    /// once it is there, the figures, one measure per slice ([`Computing`]).
    fn refresh(&mut self) {
        let wf = self.state.workload.clone();
        self.source.want(&wf);
        let want = (
            self.state.workload.seed,
            self.state.workload.orders,
            self.state.horizon,
        );
        let have = self
            .growth
            .as_ref()
            .map(|g| (g.spec().seed, g.spec().orders_per_day, g.horizon()));
        if have != Some(want) {
            self.growth = GrowthSweep::new(&wf.spec(), RESTAURANT_IDX, self.state.horizon).ok();
        }
    }

    fn control(&mut self, id: &str, value: &str) -> bool {
        let changed = control_with(self, (id, value), Msg::parse, Self::apply);
        if changed {
            self.state.settings.follow(id == "qt", &mut self.notices);
        }
        changed
    }

    fn step(&mut self) -> bool {
        // The slice that finished the workload's hashes (`Ready`) is full: measuring starts
        // in the next one.
        if matches!(self.source.step(), SourceStep::Working | SourceStep::Ready)
            || self.compute_step()
        {
            return true;
        }
        match self.growth.as_mut() {
            Some(g) if !g.is_done() => g.step(GROWTH_DAYS_PER_STEP),
            _ => false,
        }
    }

    fn chapter_controls(&self) -> Vec<Control> {
        let lang = self.state.lang;
        let st = &self.state;
        let days: Vec<Choice> = (0..st.workload.days)
            .map(|d| Choice::new((d + 1).to_string(), self.day_label(d)))
            .collect();
        let mut out = vec![st.presets_control()];
        out.push(self.words().partitions(&PARTITION_STOPS, st.partitions));
        out.push(Control {
            id: "from",
            label: tr(lang, St::HashFrom).to_owned(),
            kind: ControlKind::Number {
                min: 1,
                max: MAX_FROM,
                value: st.from,
            },
            note: lesson_key(st.from),
        });
        out.push(Control::new(
            "count",
            tr(lang, St::HashCount).to_owned(),
            ControlKind::Number {
                min: 1,
                max: u64::from(MAX_COUNT),
                value: u64::from(st.count),
            },
        ));
        out.push(Control::select(
            "qf",
            tr(lang, St::HashRangeFrom).to_owned(),
            days.clone(),
            (st.range.0 + 1).to_string(),
        ));
        out.push(Control::select(
            "qt",
            tr(lang, St::HashRangeTo).to_owned(),
            days,
            (st.range.1 + 1).to_string(),
        ));
        out.push(Control::stops(
            "h",
            tr(lang, St::HashHorizon).to_owned(),
            &HORIZON_STOPS,
            st.horizon,
            st.horizon.to_string(),
        ));
        out.extend(st.workload.described_controls(lang));
        out
    }

    fn chapter_panels(&self) -> Vec<Panel> {
        let Some(c) = &self.computed else {
            return self
                .source
                .progress_panels(self.state.lang, DEF.views[0].name);
        };
        vec![
            self.scatter_panel(c),
            self.range_panel(c),
            self.compound_panel(c),
            self.growth_panel(),
            self.salted_panel(c),
        ]
    }
}

/// Text helpers with the chapter's language.
impl HashKeys {
    fn t(&self, t: St) -> String {
        tr(self.state.lang, t).to_owned()
    }

    fn f(&self, t: St, args: &[(&str, &str)]) -> String {
        super::Words(self.state.lang).f(t, args)
    }

    fn int(&self, v: u64) -> Cell {
        Cell::num(fmt_int(self.state.lang, v), v as f64)
    }

    fn part(&self, i: u32) -> String {
        partition_name(self.state.lang, i)
    }

    fn scatter_panel(&self, c: &Computed) -> Panel {
        let n = self.state.partitions;
        let ids = consecutive(self.state.from, self.state.count, n);
        let total = c.workload.orders().len().max(1) as u64;
        let range_part =
            |number: u64| (number.saturating_sub(1).min(total - 1) * u64::from(n) / total) as u32;
        let bits = if n.is_power_of_two() {
            n.trailing_zeros()
        } else {
            0
        };
        let shown_bits = bits.clamp(2, 8);
        let rows = ids
            .iter()
            .map(|p| {
                let low = format!(
                    "…{:0width$b}",
                    p.hash & ((1u64 << shown_bits) - 1),
                    width = shown_bits as usize
                );
                let mut r = row(
                    p.id.clone(),
                    vec![
                        Cell::text(p.id.clone()),
                        Cell::text(format!("{:016x}", p.hash)),
                        Cell::text(low),
                        Cell::num(self.part(p.partition), f64::from(p.partition)),
                        Cell::num(
                            self.part(range_part(p.number)),
                            f64::from(range_part(p.number)),
                        ),
                    ],
                );
                r.attrs.push(("partition", p.partition.to_string()));
                r
            })
            .collect();
        let table = DataTable::new(
            "scatter",
            vec![
                self.t(St::HashColId),
                self.t(St::HashColBytes),
                self.t(St::HashColBits),
                self.f(St::HashColPartition, &[("n", &n.to_string())]),
                self.t(St::HashColRange),
            ],
            rows,
        );
        let chart_table = DataTable::new(
            "scatter-chart",
            vec![
                self.t(St::HashColId),
                self.f(St::HashSeriesHash, &[("n", &n.to_string())]),
                self.t(St::HashSeriesRange),
            ],
            ids.iter()
                .map(|p| {
                    let r = range_part(p.number);
                    row(
                        p.id.clone(),
                        vec![
                            Cell::text(p.id.clone()),
                            Cell::num(self.part(p.partition), f64::from(p.partition)),
                            Cell::num(self.part(r), f64::from(r)),
                        ],
                    )
                })
                .collect(),
        );
        let seq: Vec<String> = ids.iter().map(|p| p.partition.to_string()).collect();
        let mut distinct: Vec<u32> = ids.iter().map(|p| p.partition).collect();
        distinct.sort_unstable();
        distinct.dedup();
        let figures = vec![
            Figure::new(
                "sequence",
                self.f(
                    St::HashFigSequence,
                    &[
                        ("first", &lesson_key(self.state.from)),
                        (
                            "last",
                            &lesson_key(self.state.from + u64::from(self.state.count) - 1),
                        ),
                    ],
                ),
                seq.join(", "),
                ids.first().map_or(0.0, |p| f64::from(p.partition)),
            ),
            Figure::new(
                "distinct",
                self.t(St::HashFigDistinct),
                format!("{} / {n}", distinct.len()),
                distinct.len() as f64,
            ),
        ];
        let points_hash = ids
            .iter()
            .map(|p| (p.number as f64, f64::from(p.partition)))
            .collect();
        let points_range = ids
            .iter()
            .map(|p| (p.number as f64, f64::from(range_part(p.number))))
            .collect();
        let from = self.state.from as f64;
        let chart = Chart::Lines(Lines {
            x_label: self.t(St::HashAxisNumber),
            y_label: self.t(St::AxisPartition),
            x_range: Some((from - 0.5, from + f64::from(self.state.count) - 0.5)),
            y_min_top: f64::from(n - 1),
            series: vec![
                Series {
                    label: self.f(St::HashSeriesHash, &[("n", &n.to_string())]),
                    points: points_hash,
                    colour: 3,
                    stroke: Stroke::Markers,
                },
                Series {
                    label: self.t(St::HashSeriesRange),
                    points: points_range,
                    colour: 0,
                    stroke: Stroke::Markers,
                },
            ],
            ..Lines::default()
        });
        let bits_note = if bits > 0 {
            self.f(
                St::HashBitsNote,
                &[("n", &n.to_string()), ("k", &bits.to_string())],
            )
        } else {
            String::new()
        };
        Panel {
            view: "scatter",
            title: self.t(St::HashScatterTitle),
            caption: self.f(
                St::HashScatterCaption,
                &[("n", &n.to_string()), ("bits", &bits_note)],
            ),
            wide: false,
            blocks: vec![
                Block::Figures(figures),
                Block::Table(table),
                Block::chart(chart, self.t(St::HashScatterChart), chart_table),
            ],
        }
    }

    fn range_panel(&self, c: &Computed) -> Panel {
        let n = c.key.n;
        let (hash, range) = c.rows.touched();
        let names: Vec<String> = (0..n).map(|i| self.part(i)).collect();
        let to_f = |v: &Vec<u64>| v.iter().map(|&x| x as f64).collect::<Vec<f64>>();
        let chart = Chart::Bars(Bars {
            y_label: self.t(St::HashAxisRows),
            categories: names.clone(),
            series: vec![
                BarSeries {
                    label: self.t(St::HashSeriesById),
                    values: to_f(&c.rows.by_hash),
                    colour: 3,
                },
                BarSeries {
                    label: self.t(St::HashSeriesByDate),
                    values: to_f(&c.rows.by_range),
                    colour: 0,
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
                        self.int(c.rows.by_hash[i]),
                        self.int(c.rows.by_range[i]),
                    ],
                )
            })
            .collect();
        let table = DataTable::new(
            "range",
            vec![
                self.t(St::Partition),
                self.t(St::HashSeriesById),
                self.t(St::HashSeriesByDate),
            ],
            rows,
        );
        Panel {
            view: "range",
            title: self.t(St::HashRangeTitle),
            caption: self.f(
                St::HashRangeCaption,
                &[
                    ("from", &self.day_label(c.key.range.0)),
                    ("to", &self.day_label(c.key.range.1)),
                    ("n", &n.to_string()),
                ],
            ),
            wide: false,
            blocks: vec![
                Block::Figures(vec![
                    Figure::new(
                        "touched-hash",
                        self.t(St::HashFigTouchedHash),
                        format!("{hash} / {n}"),
                        f64::from(hash),
                    ),
                    Figure::new(
                        "touched-range",
                        self.t(St::HashFigTouchedRange),
                        format!("{range} / {n}"),
                        f64::from(range),
                    ),
                ]),
                Block::chart(chart, self.t(St::HashRangeChart), table),
            ],
        }
    }

    fn query_name(&self, q: Query) -> (&'static str, String) {
        match q {
            Query::AnnaLast { .. } => ("anna-last", self.t(St::HashQAnnaLast)),
            // The query's own span (the figures may be a few frames behind the controls).
            Query::AnnaBetween { from, to } => (
                "anna-between",
                self.f(
                    St::HashQAnnaBetween,
                    &[
                        ("from", &self.day_label(from.0 / DAY_SECS)),
                        ("to", &self.day_label((to.0 / DAY_SECS).saturating_sub(1))),
                    ],
                ),
            ),
            Query::EveryClientYesterday => (
                "yesterday",
                self.f(
                    St::HashQYesterday,
                    &[("day", &self.day_label(self.state.workload.days - 1))],
                ),
            ),
            Query::ById { number } => (
                "by-id",
                self.f(St::HashQById, &[("id", &lesson_key(u64::from(number)))]),
            ),
        }
    }

    fn compound_panel(&self, c: &Computed) -> Panel {
        let n = c.key.n;
        let rows = c
            .costs
            .iter()
            .map(|(q, k, cost)| {
                let (qid, qname) = self.query_name(*q);
                let how = if cost.full_scan {
                    St::HowScan
                } else if cost.sequential && cost.rows_read <= 1 && matches!(q, Query::ById { .. })
                {
                    St::HowOneRow
                } else if cost.sequential {
                    St::HowSequential
                } else {
                    St::HowGather
                };
                let kid = match k {
                    OrderKey::OrderId => "order-id",
                    OrderKey::ClientDate => "client-date",
                };
                let mut r = row(
                    format!("{qid}/{kid}"),
                    vec![
                        Cell::text(qname),
                        Cell::text(k.name()),
                        Cell::num(
                            format!("{} / {n}", cost.partitions),
                            f64::from(cost.partitions),
                        ),
                        self.int(cost.partition_keys),
                        self.int(cost.rows_read),
                        self.int(cost.rows_returned),
                        Cell::text(self.t(how)),
                    ],
                );
                r.attrs.push(("query", qid.to_owned()));
                r.attrs.push(("order-key", kid.to_owned()));
                r.attrs.push(("partitions", cost.partitions.to_string()));
                r
            })
            .collect();
        Panel {
            view: "compound",
            title: self.t(St::HashCompoundTitle),
            caption: self.f(St::HashCompoundCaption, &[("n", &n.to_string())]),
            wide: true,
            blocks: vec![Block::Table(DataTable::new(
                "compound",
                vec![
                    self.t(St::ColQuery),
                    self.t(St::ColKey),
                    self.t(St::ColTouched),
                    self.t(St::ColKeysRead),
                    self.t(St::ColRowsRead),
                    self.t(St::ColRowsReturned),
                    self.t(St::ColHow),
                ],
                rows,
            ))],
        }
    }

    fn growth_panel(&self) -> Panel {
        let lang = self.state.lang;
        let points = self.growth.as_ref().map_or(&[][..], |g| g.points());
        let horizon = self.state.horizon;
        let series =
            |label: St,
             colour: usize,
             stroke: Stroke,
             f: fn(&partlab_km0::hash_keys::GrowthPoint) -> u64| Series {
                label: self.t(label),
                points: points
                    .iter()
                    .map(|p| (f64::from(p.day), f(p) as f64))
                    .collect(),
                colour,
                stroke,
            };
        let start = self.start();
        // Labels at the first day and at every 1st of a month.
        let x_ticks = (0..horizon)
            .filter(|&d| d == 0 || start.add_days(d as i32).ymd().2 == 1)
            .map(|d| {
                let (_, m, day) = start.add_days(d as i32).ymd();
                (
                    f64::from(d + 1),
                    fill(
                        lang,
                        St::ShortDate,
                        &[("d", &day.to_string()), ("m", &m.to_string())],
                    ),
                )
            })
            .collect();
        let chart = Chart::Lines(Lines {
            x_label: self.t(St::AxisDay),
            y_label: self.t(St::HashAxisPartitionRows),
            x_range: Some((1.0, f64::from(horizon))),
            x_ticks,
            series: vec![
                series(St::HashSeriesClient, 4, Stroke::Line, |p| p.client_rows),
                series(St::HashSeriesBucket, 3, Stroke::Line, |p| p.bucket_rows),
            ],
            ..Lines::default()
        });
        let rows = points
            .iter()
            .map(|p| {
                let mut r = row(
                    p.date.clone(),
                    vec![
                        Cell::text(p.date.clone()),
                        self.int(p.client_rows),
                        self.int(p.bucket_rows),
                    ],
                );
                r.attrs.push(("day", p.day.to_string()));
                r
            })
            .collect();
        let table = DataTable::new(
            "growth",
            vec![
                self.t(St::ColDate),
                self.t(St::HashSeriesClient),
                self.t(St::HashSeriesBucket),
            ],
            rows,
        );
        let mut blocks = Vec::new();
        let done = self.growth.as_ref().is_some_and(GrowthSweep::is_done);
        if let Some(last) = points.last().filter(|_| done) {
            let per_day = last.client_rows as f64 / f64::from(last.day.max(1));
            blocks.push(Block::Figures(vec![
                Figure::new(
                    "client-rows",
                    self.t(St::HashFigClientRows),
                    fmt_int(lang, last.client_rows),
                    last.client_rows as f64,
                ),
                Figure::new(
                    "largest-bucket",
                    self.t(St::HashFigLargestBucket),
                    fmt_int(lang, last.largest_bucket),
                    last.largest_bucket as f64,
                ),
                Figure::new(
                    "per-day",
                    self.t(St::HashFigPerDay),
                    fmt_dec(lang, per_day, 0),
                    per_day,
                ),
            ]));
        } else {
            blocks.push(Block::Text(self.f(
                St::Computing,
                &[
                    ("done", &points.len().to_string()),
                    ("total", &horizon.to_string()),
                ],
            )));
        }
        blocks.push(Block::chart(chart, self.t(St::HashGrowthChart), table));
        Panel {
            view: "growth",
            title: self.t(St::HashGrowthTitle),
            caption: self.f(
                St::HashGrowthCaption,
                &[("client", RESTAURANT), ("days", &horizon.to_string())],
            ),
            wide: false,
            blocks,
        }
    }

    fn salted_panel(&self, c: &Computed) -> Panel {
        let lang = self.state.lang;
        let n = self.state.partitions;
        let (a, b) = salts(self.state.workload.seed);
        let rows = consecutive(self.state.from, self.state.count, n)
            .into_iter()
            .map(|p| {
                let sa = partition(salted_hash(a, p.id.as_bytes()), n);
                let sb = partition(salted_hash(b, p.id.as_bytes()), n);
                let agree = if sa == sb { St::Yes } else { St::No };
                let mut r = row(
                    p.id.clone(),
                    vec![
                        Cell::text(p.id.clone()),
                        Cell::num(self.part(p.partition), f64::from(p.partition)),
                        Cell::num(self.part(sa), f64::from(sa)),
                        Cell::num(self.part(sb), f64::from(sb)),
                        Cell::text(self.t(agree)),
                    ],
                );
                r.attrs.push(("agree", (sa == sb).to_string()));
                r
            })
            .collect();
        let d = &c.salt;
        let pct = |x: u64| x as f64 / d.keys.max(1) as f64 * 100.0;
        let expected = (1.0 - 1.0 / f64::from(n)) * 100.0;
        Panel {
            view: "salted",
            title: self.t(St::HashSaltTitle),
            caption: self.t(St::HashSaltCaption),
            wide: false,
            blocks: vec![
                Block::Figures(vec![
                    Figure::new(
                        "stable-disagree",
                        self.t(St::HashFigStableDisagree),
                        format!(
                            "{} ({})",
                            fmt_int(lang, d.stable),
                            fmt_pct(lang, pct(d.stable), 1)
                        ),
                        pct(d.stable),
                    ),
                    Figure::new(
                        "salted-disagree",
                        self.t(St::HashFigSaltDisagree),
                        format!(
                            "{} ({})",
                            fmt_int(lang, d.salted),
                            fmt_pct(lang, pct(d.salted), 1)
                        ),
                        pct(d.salted),
                    ),
                    Figure::new(
                        "salted-expected",
                        self.f(St::HashFigSaltExpected, &[("n", &n.to_string())]),
                        fmt_pct(lang, expected, 1),
                        expected,
                    ),
                ]),
                Block::Table(DataTable::new(
                    "salted",
                    vec![
                        self.t(St::HashColId),
                        self.t(St::HashColStable),
                        self.t(St::HashColSaltA),
                        self.t(St::HashColSaltB),
                        self.t(St::HashColAgree),
                    ],
                    rows,
                )),
            ],
        }
    }
}
