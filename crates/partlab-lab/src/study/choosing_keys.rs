//! The chapter of section 10 and exercise 2: choosing KM0's partition keys, each candidate
//! measured on the workload, the lesson's verdicts behind a "show" toggle.
//!
//! Its address fields, presets and views are [`DEF`]: the teachers' page, the command line
//! (`partlab choosing-keys`) and the guide read them from there.

use std::rc::Rc;

use partlab_km0::choosing_keys::{
    order_candidate, peak_hour, stock_candidates, OrderCandidate, OrderQuery, OrderStats,
    StockCandidate, StockStats,
};
use partlab_km0::hash_keys::HashedWorkload;
use partlab_km0::vans::{van_candidates, Fleet, VanCost, VanKey, VanQuery, VanStats, VANS};
use partlab_km0::workload::Workload;

use super::chapter::{control_with, keep_slice};
use super::chart::{BarSeries, Bars, Chart};
use super::fields::StudyIssue;
use super::source::{SourceStep, WorkloadSource};
use super::text::{tr, St};
use super::view::{row, Block, Cell, Choice, Control, ControlKind, DataTable, Panel};
use super::{stop_at, WorkloadFields};
use super::{
    study_parts, Settings, StudyChapter, StudyState, DAYS_FIELD, ORDERS_FIELD, SEED_FIELD,
};
use crate::base::field::{ChapterDef, Cli};
use crate::i18n::{fmt_dec, fmt_pct};
use crate::state::Lang;

/// The partition counts offered.
pub const PARTITION_STOPS: [u32; 7] = [4, 8, 12, 16, 24, 32, 64];

study_fields! {
    /// The partition count field (`n`).
    PARTITIONS = whole("n", Cli::Value("partitions"), (4, 64, 16)) => Partitions;
    /// The student's key for the orders (`ok`; absent while none is picked).
    ORDER_KEY = choice("ok", Cli::Value("order-key"), (&["data-creacio", "comanda-id", "client-date", "client-month", "mercat", "productor-id"], "",)) => KeysPickOrders;
    /// The student's key for the stock (`sk`).
    STOCK_KEY = choice("sk", Cli::Value("stock-key"), (&["producte-slug", "productor-id", "mercat"], "")) => KeysPickStock;
    /// The student's key for the vans' positions (`vk`, exercise 2).
    VAN_KEY = choice("vk", Cli::Value("van-key"), (&["van", "van-day", "day", "market"], "")) => KeysPickVans;
}

/// The chapter's address: its fields, presets and views.
pub const DEF: &ChapterDef = study_def! {
    fields: [SEED_FIELD, ORDERS_FIELD, DAYS_FIELD, PARTITIONS, ORDER_KEY, STOCK_KEY, VAN_KEY],
    presets: ["lesson" => KeysPresetLesson, "answer" => KeysPresetAnswer],
    views: ["orders" => KeysOrdersTitle, "stock" => KeysStockTitle, "vans" => KeysVansTitle],
    intro: KeysIntro, summary: "Section 10 and exercise 2: every candidate key for the orders, the stock and the vans' positions, measured, with the lesson's verdicts",
};

/// The chapter's own settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeysSettings {
    /// The workload.
    pub workload: WorkloadFields,
    /// Partitions.
    pub partitions: u32,
    /// The student's key for the orders, once picked.
    pub order_key: Option<OrderCandidate>,
    /// The student's key for the stock, once picked.
    pub stock_key: Option<StockCandidate>,
    /// The student's key for the vans, once picked.
    pub van_key: Option<VanKey>,
}

/// The chapter's whole state.
pub type KeysState = StudyState<KeysSettings>;

impl Settings for KeysSettings {
    const DEF: &'static ChapterDef = DEF;

    /// Sixteen partitions, nothing picked.
    fn opening() -> KeysSettings {
        KeysSettings {
            workload: WorkloadFields::default(),
            partitions: 16,
            order_key: None,
            stock_key: None,
            van_key: None,
        }
    }

    bind_fields! {
        workload,
        partitions: whole(PARTITIONS),
        order_key: maybe(ORDER_KEY, order_key, |k: &OrderCandidate| k.slug()),
        stock_key: maybe(STOCK_KEY, stock_key, |k: &StockCandidate| k.slug()),
        van_key: maybe(VAN_KEY, van_key, |k: &VanKey| k.slug()),
    }

    fn preset(&mut self, id: &str) {
        match id {
            "lesson" => {
                self.partitions = 16;
                self.order_key = None;
                self.stock_key = None;
                self.van_key = None;
            }
            "answer" => {
                self.partitions = 16;
                self.order_key = Some(OrderCandidate::ClientDate);
                self.stock_key = Some(StockCandidate::ProducteSlug);
                self.van_key = Some(VanKey::VanDay);
            }
            _ => {}
        }
    }
}

/// An order key's name as the page shows it: the lesson's code, with the words "range" and
/// "year-month" in the page's language (the core names the keys once, in English).
fn order_key_name(lang: Lang, k: OrderCandidate) -> &'static str {
    match k {
        OrderCandidate::DataCreacio => tr(lang, St::KeysOrderDate),
        OrderCandidate::ClientMonth => tr(lang, St::KeysOrderClientMonth),
        OrderCandidate::ComandaId
        | OrderCandidate::ClientDate
        | OrderCandidate::Mercat
        | OrderCandidate::ProductorId => k.name(),
    }
}

fn order_key(s: &str) -> Option<OrderCandidate> {
    OrderCandidate::ALL.into_iter().find(|k| k.slug() == s)
}

fn stock_key(s: &str) -> Option<StockCandidate> {
    StockCandidate::ALL.into_iter().find(|k| k.slug() == s)
}

fn van_key(s: &str) -> Option<VanKey> {
    VanKey::ALL.into_iter().find(|k| k.slug() == s)
}

/// What the chapter's controls ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// Partitions.
    Partitions(u32),
    /// The student's order key.
    OrderKey(OrderCandidate),
    /// The student's stock key.
    StockKey(StockCandidate),
    /// The student's van key.
    VanKey(VanKey),
}

impl Msg {
    /// The message a control event stands for, if any.
    pub fn parse(id: &str, value: &str) -> Option<Msg> {
        match id {
            "n" => stop_at(&PARTITION_STOPS, value).map(|&n| Msg::Partitions(n)),
            "ok" => order_key(value).map(Msg::OrderKey),
            "sk" => stock_key(value).map(Msg::StockKey),
            "vk" => van_key(value).map(Msg::VanKey),
            _ => None,
        }
    }
}

/// What the chapter computed, for the workload and partition count in `key`.
struct Computed {
    key: (WorkloadFields, u32),
    workload: Rc<Workload>,
    orders: Vec<OrderStats>,
    stock: Vec<StockStats>,
    vans: Vec<VanStats>,
    fleet: Fleet,
}

/// The section-10 chapter.
pub struct ChoosingKeys {
    state: KeysState,
    notices: Vec<StudyIssue>,
    source: WorkloadSource,
    computed: Option<Computed>,
    /// The candidates being measured, one kind per slice of background work.
    computing: Option<Box<Computing>>,
}

/// A [`Computed`] being built: the order keys (a pass over every order), then the stock
/// keys, then the van keys.
struct Computing {
    key: (WorkloadFields, u32),
    workload: Rc<Workload>,
    hashed: Rc<HashedWorkload>,
    /// The order candidates measured so far, in [`OrderCandidate::ALL`]'s order.
    orders: Vec<OrderStats>,
    stock: Option<Vec<StockStats>>,
}

impl Computing {
    /// Measures one more kind of candidate; the finished figures after the last.
    fn step(mut self: Box<Self>) -> Result<Computed, Box<Computing>> {
        let n = self.key.1;
        if let Some(&key) = OrderCandidate::ALL.get(self.orders.len()) {
            let stats = order_candidate(&self.workload, &self.hashed, key, n);
            self.orders.push(stats);
            return Err(self);
        }
        let Some(stock) = self.stock.take() else {
            self.stock = Some(stock_candidates(&self.workload, n));
            return Err(self);
        };
        let orders = self.orders;
        let fleet = Fleet::new(self.key.0.seed);
        Ok(Computed {
            vans: van_candidates(&fleet, n),
            fleet,
            key: self.key,
            workload: self.workload,
            orders,
            stock,
        })
    }
}

impl ChoosingKeys {
    /// The chapter from its fields.
    pub fn open(fragment: &str, lang: Lang, notices: Vec<StudyIssue>) -> ChoosingKeys {
        let (state, notices) = KeysState::open(fragment, lang, notices);
        let mut c = ChoosingKeys {
            state,
            notices,
            source: WorkloadSource::default(),
            computed: None,
            computing: None,
        };
        c.refresh();
        c
    }

    /// One slice of the candidates' measures; `true` while more remains.
    fn compute_step(&mut self) -> bool {
        let key = (self.state.workload.clone(), self.state.partitions);
        if self.computed.as_ref().is_some_and(|c| c.key == key) {
            self.computing = None;
            return false;
        }
        let Some((w, h)) = self.source.ready_for(&key.0) else {
            return false;
        };
        let job = match self.computing.take() {
            Some(job) if job.key == key => job,
            _ => Box::new(Computing {
                key,
                workload: Rc::clone(w),
                hashed: Rc::clone(h),
                orders: Vec::new(),
                stock: None,
            }),
        };
        keep_slice(job.step(), &mut self.computed, &mut self.computing)
    }

    fn apply(&mut self, msg: Msg) {
        let st = &mut self.state;
        match msg {
            Msg::Partitions(n) => st.partitions = n,
            Msg::OrderKey(k) => st.order_key = Some(k),
            Msg::StockKey(k) => st.stock_key = Some(k),
            Msg::VanKey(k) => st.van_key = Some(k),
        }
    }

    fn dec(&self, v: f64) -> String {
        fmt_dec(self.state.lang, v, 2)
    }
}

impl StudyChapter for ChoosingKeys {
    study_parts!(KeysSettings);

    fn control(&mut self, id: &str, value: &str) -> bool {
        control_with(self, (id, value), Msg::parse, Self::apply)
    }

    /// Asks for the state's workload; it is built, and the candidates measured, in
    /// [`Study::work`].
    fn refresh(&mut self) {
        self.source.want(&self.state.workload);
    }

    fn step(&mut self) -> bool {
        // The slice that finished the workload's hashes (`Ready`) is full: measuring starts
        // in the next one.
        matches!(self.source.step(), SourceStep::Working | SourceStep::Ready) || self.compute_step()
    }

    fn chapter_controls(&self) -> Vec<Control> {
        let w = self.words();
        let st = &self.state;
        let buttons = |id: &'static str, label: St, options: Vec<Choice>, pressed: Option<&str>| {
            Control::new(
                id,
                w.t(label),
                ControlKind::Buttons {
                    options,
                    pressed: pressed.map(str::to_owned),
                },
            )
        };
        let mut out = vec![st.presets_control()];
        out.push(buttons(
            "ok",
            St::KeysPickOrders,
            OrderCandidate::ALL
                .iter()
                .map(|k| Choice::new(k.slug(), order_key_name(st.lang, *k)))
                .collect(),
            st.order_key.map(OrderCandidate::slug),
        ));
        out.push(buttons(
            "sk",
            St::KeysPickStock,
            StockCandidate::ALL
                .iter()
                .map(|k| Choice::new(k.slug(), k.name()))
                .collect(),
            st.stock_key.map(StockCandidate::slug),
        ));
        out.push(buttons(
            "vk",
            St::KeysPickVans,
            VanKey::ALL
                .iter()
                .map(|k| Choice::new(k.slug(), k.name()))
                .collect(),
            st.van_key.map(VanKey::slug),
        ));
        out.push(w.partitions(&PARTITION_STOPS, st.partitions));
        out.extend(st.workload.described_controls(st.lang));
        out
    }

    fn chapter_panels(&self) -> Vec<Panel> {
        let Some(c) = &self.computed else {
            return self
                .source
                .progress_panels(self.state.lang, DEF.views[0].name);
        };
        vec![
            self.orders_panel(c),
            self.stock_panel(c),
            self.vans_panel(c),
        ]
    }
}

impl ChoosingKeys {
    fn asked(s: &OrderStats, q: OrderQuery) -> (u32, u64) {
        s.queries
            .iter()
            .find(|(x, _)| *x == q)
            .map_or((0, 0), |(_, a)| (a.partitions, a.rows_read))
    }

    fn orders_panel(&self, c: &Computed) -> Panel {
        let w = self.words();
        let n = c.key.1;
        let picked = self.state.order_key;
        let parts_cell = |s: &OrderStats, q: OrderQuery| {
            let (p, _) = Self::asked(s, q);
            Cell::num(format!("{p} / {n}"), f64::from(p))
        };
        let rows: Vec<_> = c
            .orders
            .iter()
            .map(|s| {
                let mut r = row(
                    s.key.slug(),
                    vec![
                        Cell::text(order_key_name(self.state.lang, s.key)),
                        w.dec(s.data_skew, 2),
                        w.dec(s.hot_hour_skew, 2),
                        Cell::num(
                            w.f(
                                St::KeysLargest,
                                &[("key", &s.largest_key), ("rows", &w.n(s.largest_key_rows))],
                            ),
                            s.largest_key_rows as f64,
                        ),
                        Cell::text(w.t(if s.bounded { St::Yes } else { St::No })),
                        parts_cell(s, OrderQuery::MyOrders),
                        parts_cell(s, OrderQuery::ById),
                        parts_cell(s, OrderQuery::Market),
                        parts_cell(s, OrderQuery::Producer),
                        parts_cell(s, OrderQuery::Period),
                    ],
                );
                r.attrs
                    .push(("picked", (picked == Some(s.key)).to_string()));
                r
            })
            .collect();
        let table = w.table(
            "orders",
            &[
                St::ColKey,
                St::ColDataSkew,
                St::ColHotSkew,
                St::ColLargestKey,
                St::ColBounded,
                St::ColMyOrders,
                St::ColById,
                St::ColMarketQ,
                St::ColProducerQ,
                St::ColPeriodQ,
            ],
            rows,
        );
        let names: Vec<String> = c
            .orders
            .iter()
            .map(|s| order_key_name(self.state.lang, s.key).to_owned())
            .collect();
        let chart = Chart::Bars(Bars {
            y_label: w.t(St::AxisSkew),
            categories: names.clone(),
            series: vec![
                BarSeries {
                    label: w.t(St::ColDataSkew),
                    values: c.orders.iter().map(|s| s.data_skew).collect(),
                    colour: 3,
                },
                BarSeries {
                    label: w.t(St::ColHotSkew),
                    values: c.orders.iter().map(|s| s.hot_hour_skew).collect(),
                    colour: 4,
                },
            ],
            reference: Some((w.t(St::SkewPerfect), 1.0)),
        });
        let chart_table = w.table(
            "orders-skew",
            &[St::ColKey, St::ColDataSkew, St::ColHotSkew],
            c.orders
                .iter()
                .map(|s| {
                    row(
                        s.key.slug(),
                        vec![
                            Cell::text(order_key_name(self.state.lang, s.key)),
                            w.dec(s.data_skew, 2),
                            w.dec(s.hot_hour_skew, 2),
                        ],
                    )
                })
                .collect(),
        );
        let mut blocks = Vec::new();
        match picked.and_then(|k| c.orders.iter().find(|s| s.key == k)) {
            Some(s) => {
                let (mp, mr) = Self::asked(s, OrderQuery::MyOrders);
                let (bp, _) = Self::asked(s, OrderQuery::ById);
                blocks.push(Block::Figures(vec![
                    w.figure(
                        "order-key",
                        St::KeysFigYourKey,
                        order_key_name(self.state.lang, s.key).to_owned(),
                        0.0,
                    ),
                    w.figure(
                        "my-orders",
                        St::KeysFigMyOrders,
                        w.f(
                            St::KeysPartsRows,
                            &[("parts", &format!("{mp} / {n}")), ("rows", &w.n(mr))],
                        ),
                        f64::from(mp),
                    ),
                    w.figure(
                        "by-id",
                        St::KeysFigById,
                        format!("{bp} / {n}"),
                        f64::from(bp),
                    ),
                    w.figure(
                        "skew",
                        St::KeysFigSkew,
                        format!("{} / {}", self.dec(s.data_skew), self.dec(s.hot_hour_skew)),
                        s.data_skew,
                    ),
                    w.figure(
                        "growth",
                        St::KeysFigGrowth,
                        fmt_dec(self.state.lang, s.largest_key_per_day, 0),
                        s.largest_key_per_day,
                    ),
                ]));
            }
            None => blocks.push(Block::Text(w.t(St::KeysPickPrompt))),
        }
        blocks.push(Block::Table(table));
        blocks.push(w.chart_block(chart, St::AxisSkew, chart_table));
        blocks.push(Block::Reveal {
            summary: w.t(St::KeysReveal),
            blocks: vec![Block::Table(self.order_verdicts(c))],
        });
        Panel {
            view: "orders",
            title: w.t(St::KeysOrdersTitle),
            caption: w.f(
                St::KeysOrdersCaption,
                &[
                    ("orders", &w.n(c.workload.orders().len() as u64)),
                    ("n", &n.to_string()),
                ],
            ),
            wide: true,
            blocks,
        }
    }

    fn order_verdicts(&self, c: &Computed) -> DataTable {
        let w = self.words();
        let n = c.key.1;
        let rows = c
            .orders
            .iter()
            .map(|s| {
                let (mp, _) = Self::asked(s, OrderQuery::MyOrders);
                let text = match s.key {
                    OrderCandidate::DataCreacio => {
                        w.f(St::VerdictDate, &[("hot", &self.dec(s.hot_hour_skew))])
                    }
                    OrderCandidate::ComandaId => {
                        w.f(St::VerdictId, &[("parts", &format!("{mp} / {n}"))])
                    }
                    OrderCandidate::ClientDate => w.f(
                        St::VerdictClient,
                        &[
                            ("skew", &self.dec(s.data_skew)),
                            ("rows", &fmt_dec(self.state.lang, s.largest_key_per_day, 0)),
                        ],
                    ),
                    OrderCandidate::ClientMonth => w.t(St::VerdictMonth),
                    OrderCandidate::Mercat => w.f(
                        St::VerdictMarket,
                        &[
                            ("used", &s.used_partitions.to_string()),
                            ("skew", &self.dec(s.data_skew)),
                        ],
                    ),
                    OrderCandidate::ProductorId => {
                        w.f(St::VerdictProducer, &[("skew", &self.dec(s.data_skew))])
                    }
                };
                row(
                    s.key.slug(),
                    vec![
                        Cell::text(order_key_name(self.state.lang, s.key)),
                        Cell::text(text),
                    ],
                )
            })
            .collect();
        w.table("orders-verdict", &[St::ColKey, St::ColVerdict], rows)
    }

    fn stock_panel(&self, c: &Computed) -> Panel {
        let w = self.words();
        let lang = self.state.lang;
        let n = c.key.1;
        let picked = self.state.stock_key;
        let rows = c
            .stock
            .iter()
            .map(|s| {
                let mut r = row(
                    s.key.slug(),
                    vec![
                        Cell::text(s.key.name()),
                        w.int(u64::from(s.counters)),
                        Cell::num(
                            s.partitions_per_product.to_string(),
                            f64::from(s.partitions_per_product),
                        ),
                        Cell::text(w.t(if s.one_partition { St::Yes } else { St::No })),
                        w.dec(s.counter_skew, 2),
                        w.pct(s.largest_share * 100.0, 1),
                        w.dec(s.hot_hour_skew, 2),
                    ],
                );
                r.attrs.push(("one-partition", s.one_partition.to_string()));
                r.attrs
                    .push(("picked", (picked == Some(s.key)).to_string()));
                r
            })
            .collect();
        let verdicts = c
            .stock
            .iter()
            .map(|s| {
                let text = match s.key {
                    StockCandidate::ProducteSlug => w.f(
                        St::VerdictSlug,
                        &[
                            ("product", s.hottest_product.0),
                            ("reservations", &w.n(s.hottest_product.1)),
                        ],
                    ),
                    StockCandidate::ProductorId => w.f(
                        St::VerdictStockProducer,
                        &[("share", &fmt_pct(lang, s.largest_share * 100.0, 0))],
                    ),
                    StockCandidate::Mercat => w.f(
                        St::VerdictStockMarket,
                        &[("parts", &s.partitions_per_product.to_string())],
                    ),
                };
                row(
                    s.key.slug(),
                    vec![Cell::text(s.key.name()), Cell::text(text)],
                )
            })
            .collect();
        let mut blocks = Vec::new();
        if let Some(s) = picked.and_then(|k| c.stock.iter().find(|s| s.key == k)) {
            blocks.push(Block::Figures(vec![
                w.figure(
                    "stock-key",
                    St::KeysFigYourKey,
                    s.key.name().to_owned(),
                    0.0,
                ),
                w.figure(
                    "stock-one-partition",
                    St::ColOnePartition,
                    w.t(if s.one_partition { St::Yes } else { St::No }),
                    f64::from(u8::from(s.one_partition)),
                ),
                w.figure(
                    "stock-largest",
                    St::ColLargestShare,
                    fmt_pct(lang, s.largest_share * 100.0, 1),
                    s.largest_share,
                ),
            ]));
        } else {
            blocks.push(Block::Text(w.t(St::KeysPickPrompt)));
        }
        blocks.push(w.table_block(
            "stock",
            &[
                St::ColKey,
                St::ColCounters,
                St::ColPerProduct,
                St::ColOnePartition,
                St::ColCounterSkew,
                St::ColLargestShare,
                St::ColReserveSkew,
            ],
            rows,
        ));
        blocks.push(Block::Reveal {
            summary: w.t(St::KeysReveal),
            blocks: vec![w.table_block("stock-verdict", &[St::ColKey, St::ColVerdict], verdicts)],
        });
        let peak = c.workload.epoch().format(partlab_km0::calendar::Timestamp(
            peak_hour(&c.workload) * partlab_km0::calendar::HOUR_SECS,
        ));
        Panel {
            view: "stock",
            title: w.t(St::KeysStockTitle),
            caption: w.f(
                St::KeysStockCaption,
                &[("n", &n.to_string()), ("hour", &peak)],
            ),
            wide: false,
            blocks,
        }
    }

    fn van_cost(s: &VanStats, q: VanQuery) -> VanCost {
        s.queries.iter().find(|(x, _)| *x == q).map_or(
            VanCost {
                partitions: 0,
                rows_read: 0,
                via_index: None,
            },
            |(_, c)| *c,
        )
    }

    fn vans_panel(&self, c: &Computed) -> Panel {
        let w = self.words();
        let picked = self.state.van_key;
        let pr = |cost: VanCost| {
            w.f(
                St::KeysPartsRows,
                &[
                    ("parts", &cost.partitions.to_string()),
                    ("rows", &w.n(cost.rows_read)),
                ],
            )
        };
        let mut blocks = Vec::new();
        match picked.and_then(|k| c.vans.iter().find(|s| s.key == k)) {
            Some(s) => {
                let (a, b, cc) = (
                    Self::van_cost(s, VanQuery::Last),
                    Self::van_cost(s, VanQuery::Route),
                    Self::van_cost(s, VanQuery::ValenciaNow),
                );
                let mut figs = vec![
                    w.figure("van-key", St::KeysFigYourKey, s.key.name().to_owned(), 0.0),
                    w.figure("van-a", St::KeysFigA, pr(a), f64::from(a.partitions)),
                    w.figure("van-b", St::KeysFigB, pr(b), f64::from(b.partitions)),
                    w.figure("van-c", St::KeysFigC, pr(cc), f64::from(cc.partitions)),
                ];
                if let Some((p, rows)) = cc.via_index {
                    figs.push(w.figure(
                        "van-c-index",
                        St::KeysFigCIndex,
                        w.f(
                            St::KeysPartsRows,
                            &[("parts", &p.to_string()), ("rows", &w.n(rows))],
                        ),
                        f64::from(p),
                    ));
                }
                figs.push(w.figure(
                    "van-year",
                    St::KeysFigYear,
                    w.n(s.largest_per_year),
                    s.largest_per_year as f64,
                ));
                blocks.push(Block::Figures(figs));
            }
            None => blocks.push(Block::Text(w.t(St::KeysPickPrompt))),
        }
        let rows = c
            .vans
            .iter()
            .map(|s| {
                let cc = Self::van_cost(s, VanQuery::ValenciaNow);
                let c_text = match cc.via_index {
                    Some((p, r)) => format!(
                        "{} → {}",
                        pr(cc),
                        w.f(
                            St::KeysPartsRows,
                            &[("parts", &p.to_string()), ("rows", &w.n(r))]
                        )
                    ),
                    None => pr(cc),
                };
                let mut r = row(
                    s.key.slug(),
                    vec![
                        Cell::text(s.key.name()),
                        w.int(s.largest_per_day),
                        w.int(s.largest_per_year),
                        Cell::text(w.t(if s.bounded { St::Yes } else { St::No })),
                        Cell::num(
                            pr(Self::van_cost(s, VanQuery::Last)),
                            f64::from(Self::van_cost(s, VanQuery::Last).partitions),
                        ),
                        Cell::num(
                            pr(Self::van_cost(s, VanQuery::Route)),
                            f64::from(Self::van_cost(s, VanQuery::Route).partitions),
                        ),
                        Cell::num(c_text, f64::from(cc.partitions)),
                        w.dec(s.hot_hour_skew, 2),
                    ],
                );
                r.attrs
                    .push(("picked", (picked == Some(s.key)).to_string()));
                r
            })
            .collect();
        let answer = c.vans.iter().find(|s| s.key == VanKey::VanDay);
        let alone = c.vans.iter().find(|s| s.key == VanKey::Van);
        let answer_text = match (answer, alone) {
            (Some(s), Some(v)) => {
                let a = Self::van_cost(s, VanQuery::Last);
                let b = Self::van_cost(s, VanQuery::Route);
                let cc = Self::van_cost(s, VanQuery::ValenciaNow);
                let (_, c_rows) = cc.via_index.unwrap_or((1, 0));
                w.f(
                    St::KeysVansAnswer,
                    &[
                        ("a_rows", &w.n(a.rows_read)),
                        ("b_rows", &w.n(b.rows_read)),
                        ("c_rows", &w.n(c_rows)),
                        ("c_parts", &cc.partitions.to_string()),
                        ("year", &w.n(v.largest_per_year)),
                    ],
                )
            }
            _ => String::new(),
        };
        blocks.push(Block::Reveal {
            summary: w.t(St::KeysRevealAnswer),
            blocks: vec![
                Block::Text(answer_text),
                w.table_block(
                    "vans",
                    &[
                        St::ColKey,
                        St::ColPerDay,
                        St::ColPerYear,
                        St::ColBounded,
                        St::ColA,
                        St::ColB,
                        St::ColC,
                        St::ColHotSkew,
                    ],
                    rows,
                ),
            ],
        });
        let subject = c.fleet.subject().id();
        Panel {
            view: "vans",
            title: w.t(St::KeysVansTitle),
            caption: w.f(
                St::KeysVansCaption,
                &[
                    ("vans", &VANS.to_string()),
                    ("per_day", &w.n(c.fleet.per_day())),
                    ("van", &subject),
                ],
            ),
            wide: false,
            blocks,
        }
    }
}
