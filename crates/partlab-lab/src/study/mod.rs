//! The study chapters: sections of the lesson measured on the KM0 workload
//! ([`partlab_km0::workload`]) rather than on the hashing instrument's key set.
//!
//! Each chapter is a view model behind the [`Study`] trait: its state lives in its URL fields
//! (read by [`fields::Fields`] without panicking), a closed `Msg` enum of its own turns the
//! page's control events into changes, and it describes what to show as plain data
//! ([`view::Control`], [`view::Panel`]): figures, tables, and charts ([`chart::Chart`]) with
//! their text alternatives. The web app renders any study chapter with one module
//! (`src/study/`), the CLI prints its tables, and native tests read the same description.
//!
//! Architecture invariants:
//! - Every simulation runs in `partlab-core`; a chapter here only chooses what to ask and
//!   words the answers ([`text`]).
//! - A chapter computes only when its state changes (and slices long work through
//!   [`Study::work`]); [`Study::panels`] only reads what was computed.
//! - Any fragment gives a valid state: bad fields keep their defaults and become notices.

/// Declares a chapter's field constants, one line each: `NAME = kind(args…) => Text;` is
/// `const NAME: FieldSpec = FieldSpec::kind(args…, |l| tr(l, St::Text))` (`pub NAME` for a
/// public one), with the doc comment written before it.
macro_rules! study_fields {
    ($($(#[doc = $doc:expr])* $vis:vis $name:ident = $kind:ident($($arg:expr),* $(,)?) => $help:ident;)*) => {
        $(
            $(#[doc = $doc])*
            $vis const $name: $crate::base::field::FieldSpec =
                $crate::base::field::FieldSpec::$kind(
                    $($arg),*,
                    |l| $crate::study::text::tr(l, $crate::study::text::St::$help),
                );
        )*
    };
}

/// A chapter's [`ChapterDef`]: `study_def! { fields: [A, B], presets: ["id" => Text, …],
/// views: ["name" => Text, …], intro: Text, summary: "…" }`, the texts being the study
/// texts' ([`text::St`]).
macro_rules! study_def {
    (
        fields: [$($field:expr),* $(,)?],
        presets: [$($preset:literal => $plabel:ident),* $(,)?],
        views: [$($view:literal => $vtitle:ident),* $(,)?],
        intro: $intro:ident, summary: $summary:literal $(,)?
    ) => {
        &$crate::base::field::ChapterDef {
            fields: &[$($field),*],
            presets: &[$($crate::base::field::PresetSpec::new($preset, |l| {
                $crate::study::text::tr(l, $crate::study::text::St::$plabel)
            })),*],
            views: &[$($crate::base::field::ViewSpec::new($view, |l| {
                $crate::study::text::tr(l, $crate::study::text::St::$vtitle)
            })),*],
            intro: |l| $crate::study::text::tr(l, $crate::study::text::St::$intro),
            summary: $summary,
        }
    };
}

/// A study chapter's [`Settings::read`] and [`Settings::write`] from one list of bindings,
/// in the order the address writes them:
/// - `workload` (the KM0 workload's `seed`, `o`, `d`), first, which also gives
///   [`Settings::workload_mut`];
/// - `member: whole(FIELD)`, a whole number;
/// - `member: word(FIELD, parse, show)`, a word of the field's list read by `parse` (to an
///   `Option`) and written by `show` (from a reference);
/// - `member: maybe(FIELD, parse, show)`, the same for an `Option` member, written when set;
/// - `custom(read, write)`, functions of the settings for what none of these fits.
macro_rules! bind_fields {
    (@read $s:ident $f:ident $i:ident) => {};
    (@read $s:ident $f:ident $i:ident workload, $($rest:tt)*) => {
        $s.workload.read($f, $i);
        bind_fields!(@read $s $f $i $($rest)*);
    };
    (@read $s:ident $f:ident $i:ident $m:ident: whole($spec:expr), $($rest:tt)*) => {
        if let Some(v) = $f.whole(&$spec) {
            $s.$m = v as _;
        }
        bind_fields!(@read $s $f $i $($rest)*);
    };
    (@read $s:ident $f:ident $i:ident $m:ident: word($spec:expr, $parse:expr, $show:expr), $($rest:tt)*) => {
        if let Some(v) = $f.word(&$spec).and_then($parse) {
            $s.$m = v;
        }
        bind_fields!(@read $s $f $i $($rest)*);
    };
    (@read $s:ident $f:ident $i:ident $m:ident: maybe($spec:expr, $parse:expr, $show:expr), $($rest:tt)*) => {
        if let Some(v) = $f.word(&$spec).and_then($parse) {
            $s.$m = Some(v);
        }
        bind_fields!(@read $s $f $i $($rest)*);
    };
    (@read $s:ident $f:ident $i:ident custom($read:expr, $write:expr), $($rest:tt)*) => {
        $read($s, $f, $i);
        bind_fields!(@read $s $f $i $($rest)*);
    };
    (@write $s:ident $w:ident) => {};
    (@write $s:ident $w:ident workload, $($rest:tt)*) => {
        $s.workload.write($w);
        bind_fields!(@write $s $w $($rest)*);
    };
    (@write $s:ident $w:ident $m:ident: whole($spec:expr), $($rest:tt)*) => {
        $w.field($spec.name, $s.$m);
        bind_fields!(@write $s $w $($rest)*);
    };
    (@write $s:ident $w:ident $m:ident: word($spec:expr, $parse:expr, $show:expr), $($rest:tt)*) => {
        $w.field($spec.name, $show(&$s.$m));
        bind_fields!(@write $s $w $($rest)*);
    };
    (@write $s:ident $w:ident $m:ident: maybe($spec:expr, $parse:expr, $show:expr), $($rest:tt)*) => {
        if let Some(v) = &$s.$m {
            $w.field($spec.name, $show(v));
        }
        bind_fields!(@write $s $w $($rest)*);
    };
    (@write $s:ident $w:ident custom($read:expr, $write:expr), $($rest:tt)*) => {
        $write($s, $w);
        bind_fields!(@write $s $w $($rest)*);
    };
    (workload, $($binding:tt)*) => {
        fn workload_mut(&mut self) -> Option<&mut $crate::study::WorkloadFields> {
            Some(&mut self.workload)
        }

        bind_fields!(@both workload, $($binding)*);
    };
    (@both $($binding:tt)*) => {
        fn read(
            &mut self,
            f: &mut $crate::study::fields::Fields<'_>,
            issues: &mut Vec<$crate::study::fields::StudyIssue>,
        ) {
            let _ = &issues;
            bind_fields!(@read self f issues $($binding)*);
        }

        fn write(&self, w: &mut $crate::study::fields::Writer) {
            bind_fields!(@write self w $($binding)*);
        }
    };
    ($($binding:tt)*) => {
        bind_fields!(@both $($binding)*);
    };
}

pub mod chapter;
pub mod chart;
pub mod choosing_keys;
pub mod compare;
pub mod fields;
pub mod hash_keys;
pub mod hot_keys;
pub mod indexes;
pub mod ranges;
pub mod rebalancing;
pub mod replication;
pub mod routing;
pub mod source;
pub mod text;
pub mod view;

use partlab_km0::calendar::Date;
use partlab_km0::workload::{WorkloadSpec, DEFAULT_DAYS, DEFAULT_ORDERS_PER_DAY, DEFAULT_SEED};

use crate::base::field::{ChapterDef, Cli};
use crate::i18n::fmt_int;
use crate::state::words::fragment_issue;
use crate::state::Lang;
pub(crate) use chapter::study_parts;
pub use chapter::{Settings, StudyChapter, StudyState};
use chart::{Chart, Series, Stroke};
use fields::{Fields, StudyIssue, Writer, MAX_STUDY_FRAGMENT};
use text::{fill, tr, St};
use view::{Block, Choice, Control, ControlKind, Panel};

/// What the page (or a test) asks of a chapter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Switch the language.
    Lang(Lang),
    /// Load the chapter's fields from an address the user edited (without `c`).
    Load(String),
    /// A control changed: its id and the value it sends.
    Control {
        /// The control's id ([`Control::id`]).
        id: String,
        /// Its value: an option's value, a slider's stop, a number, a button's value.
        value: String,
    },
    /// Hide the notices.
    DismissNotices,
}

/// A study chapter's view model, as the page, the command line and the tests use it. Every
/// [`StudyChapter`] is one.
pub trait Study {
    /// The chapter's fields, presets and views.
    fn def(&self) -> &'static ChapterDef;
    /// The interface language.
    fn lang(&self) -> Lang;
    /// The view shown alone (embed mode), if any.
    fn embed(&self) -> Option<&'static str>;
    /// The chapter's fields as a fragment (without `#` and `c`); without the embed view when
    /// `embed` is false (the "open the full lab" link).
    fn fragment(&self, embed: bool) -> String;
    /// Applies one input.
    fn update(&mut self, input: Input);
    /// The controls, with their current values.
    fn controls(&self) -> Vec<Control>;
    /// The panels, computed from the current state.
    fn panels(&self) -> Vec<Panel>;
    /// Problems with the address, values the page capped (until dismissed).
    fn issues(&self) -> &[StudyIssue];
    /// The notices to show: [`Study::issues`] in words.
    fn notices(&self) -> Vec<String> {
        self.issues()
            .iter()
            .map(|i| issue_text(self.lang(), i))
            .collect()
    }
    /// Every view name, in page order (for `embed=`).
    fn views(&self) -> Vec<&'static str> {
        self.def().views.iter().map(|v| v.name).collect()
    }
    /// Does one slice of background work; `true` while more remains.
    fn work(&mut self) -> bool {
        false
    }
    /// Does all the background work left (the CLI and native tests, which have no frame to
    /// keep responsive).
    fn finish_work(&mut self) {
        while self.work() {}
    }
}

/// The words of a notice.
pub fn issue_text(lang: Lang, issue: &StudyIssue) -> String {
    match issue {
        StudyIssue::TooLong { bytes } => fill(
            lang,
            St::IssueTooLong,
            &[
                ("bytes", &bytes.to_string()),
                ("max", &MAX_STUDY_FRAGMENT.to_string()),
            ],
        ),
        StudyIssue::BadValue {
            field,
            value,
            range: Some((min, max)),
        } => fill(
            lang,
            St::IssueBadNumber,
            &[
                ("field", field),
                ("value", value),
                ("min", &min.to_string()),
                ("max", &max.to_string()),
            ],
        ),
        StudyIssue::BadValue {
            field,
            value,
            range: None,
        } => fill(
            lang,
            St::IssueBadValue,
            &[("field", field), ("value", value)],
        ),
        StudyIssue::UnknownFields { count: 1 } => fill(lang, St::IssueUnknownOne, &[]),
        StudyIssue::UnknownFields { count } => {
            fill(lang, St::IssueUnknown, &[("count", &count.to_string())])
        }
        StudyIssue::TooManyOrders { days, orders, kept } => fill(
            lang,
            St::IssueTooManyOrders,
            &[
                ("days", &days.to_string()),
                ("orders", &fmt_int(lang, u64::from(*orders))),
                ("max", &fmt_int(lang, MAX_PAGE_ORDERS)),
                ("kept", &kept.to_string()),
            ],
        ),
        StudyIssue::BadChoice {
            field,
            value,
            values,
        } => fill(
            lang,
            St::IssueBadChoice,
            &[
                ("field", field),
                ("value", value),
                ("values", &values.join(", ")),
            ],
        ),
        StudyIssue::Refused {
            field,
            value,
            rule,
            args,
        } => fill(
            lang,
            St::IssueRefused,
            &[
                ("field", field),
                ("value", value),
                ("rule", &rule_text(lang, *rule, args)),
            ],
        ),
        StudyIssue::Adjusted {
            field,
            from,
            to,
            rule,
            args,
        } => fill(
            lang,
            St::IssueAdjusted,
            &[
                ("field", field),
                ("from", from),
                ("to", to),
                ("rule", &rule_text(lang, *rule, args)),
            ],
        ),
        StudyIssue::Frame(f) => fragment_issue(lang, f),
    }
}

/// The rule a refused or adjusted value broke, in words (`None` for other issues).
pub fn issue_rule(lang: Lang, issue: &StudyIssue) -> Option<String> {
    match issue {
        StudyIssue::Refused { rule, args, .. } | StudyIssue::Adjusted { rule, args, .. } => {
            Some(rule_text(lang, *rule, args))
        }
        _ => None,
    }
}

/// A rule's template filled with its placeholders.
fn rule_text(lang: Lang, rule: St, args: &[(&'static str, String)]) -> String {
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Words(lang).f(rule, &args)
}

/// The orders-per-day slider's stops.
pub const ORDER_STOPS: [u32; 7] = [1_000, 5_000, 10_000, 20_000, 40_000, 60_000, 100_000];
/// The campaign-days slider's stops.
pub const DAY_STOPS: [u32; 8] = [1, 2, 3, 5, 7, 10, 14, 21];
/// Most orders a chapter generates in the page (days × orders a day).
pub const MAX_PAGE_ORDERS: u64 = 1_000_000;
/// Largest seed the page takes (a whole number a number box shows exactly).
pub const MAX_SEED: u64 = 999_999_999;

study_fields! {
    /// The workload's seed field (`seed`).
    pub SEED_FIELD = whole("seed", Cli::Value("seed"), (0, MAX_SEED, DEFAULT_SEED)) => Seed;
    /// The workload's orders-a-day field (`o`).
    pub ORDERS_FIELD = whole("o", Cli::Value("orders-per-day"), (ORDER_STOPS[0] as u64, ORDER_STOPS[6] as u64, DEFAULT_ORDERS_PER_DAY as u64,)) => OrdersPerDay;
    /// The workload's campaign-days field (`d`).
    pub DAYS_FIELD = whole("d", Cli::Value("days"), (1, DAY_STOPS[7] as u64, DEFAULT_DAYS as u64)) => Days;
}

/// The workload's fields, shared by the study chapters: `seed`, `o` (orders a day), `d`
/// (campaign days).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkloadFields {
    /// The seed.
    pub seed: u64,
    /// Orders on each campaign day.
    pub orders: u32,
    /// Campaign days.
    pub days: u32,
}

impl Default for WorkloadFields {
    fn default() -> Self {
        WorkloadFields {
            seed: DEFAULT_SEED,
            orders: DEFAULT_ORDERS_PER_DAY,
            days: DEFAULT_DAYS,
        }
    }
}

impl WorkloadFields {
    /// Reads `seed`, `o` and `d`; a total over [`MAX_PAGE_ORDERS`] cuts the days (with an
    /// issue).
    pub fn read(&mut self, f: &mut Fields<'_>, issues: &mut Vec<StudyIssue>) {
        if let Some(s) = f.whole(&SEED_FIELD) {
            self.seed = s;
        }
        if let Some(o) = f.whole(&ORDERS_FIELD) {
            self.orders = o as u32;
        }
        if let Some(d) = f.whole(&DAYS_FIELD) {
            self.days = d as u32;
        }
        self.cap(issues);
    }

    fn cap(&mut self, issues: &mut Vec<StudyIssue>) {
        let total = u64::from(self.orders) * u64::from(self.days);
        if total > MAX_PAGE_ORDERS {
            let kept = (MAX_PAGE_ORDERS / u64::from(self.orders)).max(1) as u32;
            issues.push(StudyIssue::TooManyOrders {
                days: self.days,
                orders: self.orders,
                kept,
            });
            self.days = kept;
        }
    }

    /// Writes the fields.
    pub fn write(&self, w: &mut Writer) {
        w.field("seed", self.seed)
            .field("o", self.orders)
            .field("d", self.days);
    }

    /// The generator's spec.
    pub fn spec(&self) -> WorkloadSpec {
        WorkloadSpec {
            seed: self.seed,
            days: self.days,
            orders_per_day: self.orders,
            ..WorkloadSpec::default()
        }
    }

    /// The three controls.
    pub fn controls(&self, lang: Lang) -> Vec<Control> {
        vec![
            Control {
                id: "seed",
                label: tr(lang, St::Seed).to_owned(),
                kind: ControlKind::Number {
                    min: 0,
                    max: MAX_SEED,
                    value: self.seed,
                },
                note: tr(lang, St::SeedNote).to_owned(),
            },
            Control::stops(
                "o",
                tr(lang, St::OrdersPerDay).to_owned(),
                &ORDER_STOPS,
                self.orders,
                fmt_int(lang, u64::from(self.orders)),
            ),
            Control::stops(
                "d",
                tr(lang, St::Days).to_owned(),
                &DAY_STOPS,
                self.days,
                self.days.to_string(),
            ),
        ]
    }

    /// The three controls, the seed's note first saying which orders they make.
    pub fn described_controls(&self, lang: Lang) -> Vec<Control> {
        let start = self.spec().start;
        let mut controls = self.controls(lang);
        if let Some(first) = controls.first_mut() {
            first.note = format!("{} {}", self.describe(lang, start), tr(lang, St::SeedNote));
        }
        controls
    }

    /// Applies a control event if it is one of the workload's; `Some(changed)` when it was.
    pub fn apply(&mut self, id: &str, value: &str, issues: &mut Vec<StudyIssue>) -> Option<bool> {
        let before = self.clone();
        match id {
            "seed" => {
                if let Some(s) = parse_seed(value) {
                    self.seed = s;
                }
            }
            "o" => {
                if let Some(&o) = stop_at(&ORDER_STOPS, value) {
                    self.orders = o;
                }
            }
            "d" => {
                if let Some(&d) = stop_at(&DAY_STOPS, value) {
                    self.days = d;
                }
            }
            _ => return None,
        }
        self.cap(issues);
        Some(*self != before)
    }

    /// "280 000 KM0 orders over 7 days from 2026-09-14 (seed 2026)."
    pub fn describe(&self, lang: Lang, start: Date) -> String {
        fill(
            lang,
            St::WorkloadLine,
            &[
                (
                    "orders",
                    &fmt_int(lang, u64::from(self.orders) * u64::from(self.days)),
                ),
                ("days", &self.days.to_string()),
                ("start", &start.to_string()),
                ("seed", &self.seed.to_string()),
            ],
        )
    }
}

/// The stop a slider value (its index, as text) names.
pub fn stop_at<'a>(stops: &'a [u32], value: &str) -> Option<&'a u32> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .and_then(|i| stops.get(i))
}

/// A whole number in `min..=max` typed or sent as `value` (at most ten digits).
pub fn parse_whole(value: &str, min: u32, max: u32) -> Option<u32> {
    let v = value.trim();
    (v.len() <= 10)
        .then(|| v.parse::<u32>().ok())
        .flatten()
        .filter(|x| (min..=max).contains(x))
}

/// A seed typed in its box: a whole number up to [`MAX_SEED`] (at most twelve characters).
pub fn parse_seed(value: &str) -> Option<u64> {
    let v = value.trim();
    (v.len() <= 12)
        .then(|| v.parse::<u64>().ok())
        .flatten()
        .filter(|s| *s <= MAX_SEED)
}

/// A back / forward button's value ([`stepper`]): `-1` or `+1`.
pub fn parse_step(value: &str) -> Option<i32> {
    match value.trim() {
        "-1" => Some(-1),
        "+1" => Some(1),
        _ => None,
    }
}

/// A select of the embed views is not offered; embed is read from the address only.
pub fn read_embed(f: &mut Fields<'_>, views: &'static [&'static str]) -> Option<&'static str> {
    f.choice("embed", |s| views.iter().copied().find(|v| *v == s))
}

/// The presets control: one button per preset, the active one pressed.
pub fn presets_control(
    lang: Lang,
    presets: &[(&'static str, St)],
    active: Option<&'static str>,
) -> Control {
    Control::new(
        "p",
        tr(lang, St::Presets).to_owned(),
        ControlKind::Buttons {
            options: presets
                .iter()
                .map(|(id, label)| Choice::new(*id, tr(lang, *label)))
                .collect(),
            pressed: active.map(str::to_owned),
        },
    )
}

/// The chapter texts in one language, with the number formats of that language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words(pub Lang);

impl Words {
    /// A fixed text.
    pub fn t(self, t: St) -> String {
        tr(self.0, t).to_owned()
    }

    /// A template, filled.
    pub fn f(self, t: St, args: &[(&str, &str)]) -> String {
        let args: Vec<(&str, &dyn std::fmt::Display)> = args
            .iter()
            .map(|(k, v)| (*k, v as &dyn std::fmt::Display))
            .collect();
        fill(self.0, t, &args)
    }

    /// A whole number, grouped the language's way.
    pub fn n(self, v: u64) -> String {
        fmt_int(self.0, v)
    }

    /// A whole-number cell.
    pub fn int(self, v: u64) -> view::Cell {
        view::Cell::num(fmt_int(self.0, v), v as f64)
    }

    /// A percentage cell from a value in percent units.
    pub fn pct(self, v: f64, decimals: usize) -> view::Cell {
        view::Cell::num(crate::i18n::fmt_pct(self.0, v, decimals), v)
    }

    /// A decimal cell.
    pub fn dec(self, v: f64, decimals: usize) -> view::Cell {
        view::Cell::num(crate::i18n::fmt_dec(self.0, v, decimals), v)
    }

    /// A partition's name.
    pub fn part(self, i: u32) -> String {
        partition_name(self.0, i)
    }

    /// The dashed "now" line of a chart over time, at `x`, from 0 to `top`.
    pub fn now_line(self, x: f64, top: f64) -> Series {
        Series {
            label: self.t(St::RebNow),
            points: vec![(x, 0.0), (x, top)],
            colour: 5,
            stroke: Stroke::Dashed,
        }
    }

    /// Options of a select or a button group: each value with its text.
    pub fn choices(self, options: &[(&str, St)]) -> Vec<Choice> {
        options
            .iter()
            .map(|&(value, label)| Choice::new(value, self.t(label)))
            .collect()
    }

    /// A figure labelled by the text `label`.
    pub fn figure(self, key: &'static str, label: St, text: String, value: f64) -> view::Figure {
        view::Figure::new(key, self.t(label), text, value)
    }

    /// The partition count slider (`n`) over `stops`, showing the count itself.
    pub fn partitions(self, stops: &[u32], partitions: u32) -> Control {
        self.stops(
            "n",
            St::Partitions,
            stops,
            partitions,
            partitions.to_string(),
        )
    }

    /// A slider over `stops` labelled by the text `label` ([`Control::stops`]).
    pub fn stops(
        self,
        id: &'static str,
        label: St,
        stops: &[u32],
        value: u32,
        value_text: String,
    ) -> Control {
        Control::stops(id, self.t(label), stops, value, value_text)
    }

    /// A drop-down list labelled by the text `label` ([`Control::select`]).
    pub fn select(
        self,
        id: &'static str,
        label: St,
        options: Vec<Choice>,
        value: impl Into<String>,
    ) -> Control {
        Control::select(id, self.t(label), options, value)
    }

    /// Header cells, one text each.
    pub fn heads(self, heads: &[St]) -> Vec<String> {
        heads.iter().map(|&h| self.t(h)).collect()
    }

    /// A table whose header cells are texts.
    pub fn table(self, key: &'static str, heads: &[St], rows: Vec<view::Row>) -> view::DataTable {
        view::DataTable::new(key, self.heads(heads), rows)
    }

    /// A table block whose header cells are texts.
    pub fn table_block(self, key: &'static str, heads: &[St], rows: Vec<view::Row>) -> Block {
        Block::Table(self.table(key, heads, rows))
    }

    /// A chart block named by the text `label`, with its table.
    pub fn chart_block(self, chart: Chart, label: St, table: view::DataTable) -> Block {
        Block::chart(chart, self.t(label), table)
    }
}

/// A partition's name: `P0`, `P1`, ….
pub fn partition_name(lang: Lang, i: u32) -> String {
    fill(lang, St::PartitionName, &[("i", &i.to_string())])
}

/// A time control's back / forward buttons (values `-1` and `+1`), for the chapters whose
/// simulations step through time.
pub(crate) fn stepper(id: &'static str, label: St, w: Words) -> Control {
    Control::new(
        id,
        w.t(label),
        ControlKind::Buttons {
            options: w.choices(&[("-1", St::RebBack), ("+1", St::RebForward)]),
            pressed: None,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workload_fields_cap_the_page_volume() {
        let mut w = WorkloadFields::default();
        let mut issues = Vec::new();
        let mut f = Fields::new("seed=7&o=100000&d=21");
        w.read(&mut f, &mut issues);
        assert_eq!((w.seed, w.orders, w.days), (7, 100_000, 10));
        assert!(matches!(
            issues.as_slice(),
            [StudyIssue::TooManyOrders { kept: 10, .. }]
        ));
        let mut issues = Vec::new();
        assert_eq!(w.apply("o", "0", &mut issues), Some(true));
        assert_eq!(w.orders, 1_000);
        assert_eq!(w.apply("o", "99", &mut issues), Some(false));
        assert_eq!(w.apply("seed", "-1", &mut issues), Some(false));
        assert_eq!(w.apply("nope", "1", &mut issues), None);
    }

    #[test]
    fn every_issue_has_words_in_both_languages() {
        let issues = [
            StudyIssue::TooLong { bytes: 9000 },
            StudyIssue::BadValue {
                field: "n",
                value: "x".into(),
                range: Some((2, 64)),
            },
            StudyIssue::BadValue {
                field: "embed",
                value: "x".into(),
                range: None,
            },
            StudyIssue::UnknownFields { count: 2 },
            StudyIssue::TooManyOrders {
                days: 21,
                orders: 100_000,
                kept: 10,
            },
        ];
        for i in &issues {
            let (ca, en) = (issue_text(Lang::Ca, i), issue_text(Lang::En, i));
            assert!(!ca.contains('{') && !en.contains('{'), "{ca} / {en}");
            assert_ne!(ca, en);
        }
    }
}
