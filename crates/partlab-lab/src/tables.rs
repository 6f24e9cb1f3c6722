//! The lesson's tables (section 5, section 6, exercises 1 and 3) beside the lab's own
//! figures: one row per figure the lesson prints, the lesson's value as printed, the lab's
//! value computed by the core on the same 100 000 order ids, and the address of the state
//! that shows it.
//!
//! The rows come from [`partlab_core::lesson::scenarios`] (each scenario's
//! [`Printed`](partlab_core::lesson::Printed) figures), so the table the page shows, the
//! CLI's `lesson` command and the core's tests read one source. The lab's column is computed
//! only when asked for ([`LessonTables::work`]), a slice at a time: hashing the keys, each
//! assignment and each comparison are sliced tasks of the core, so no frame does long work.

use partlab_core::config::Config;
use partlab_core::keys::{KeySet, KeySetBuilder};
use partlab_core::lesson::{self, LessonPart, Scenario, ScenarioKind};
use partlab_core::stats::{Distribution, Movement, MovementTask};
use partlab_core::strategy::{AssignTask, Assignment, Partitioner};

use crate::chapters::{self, ChapterId, FrameOptions};
use crate::i18n::{capitalize_latin, fill, fmt_int, fmt_pct, part_name, preset_label, tr, Text};
use crate::state::{LabState, Lang};

/// Which figure of a scenario a row shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// Relative deviation of the keys per node (population std-dev / mean), in %.
    Deviation,
    /// Keys held by one node; `after` when the lesson counts them after the change.
    Keys {
        /// The node.
        node: &'static str,
        /// Counted after the scenario's change (the survivors of a leave).
        after: bool,
    },
    /// Fraction of keys whose node changes, in %.
    Moved,
    /// Fraction of keys whose replica set changes, in %.
    ReplicaSets,
}

impl Figure {
    /// Whether the figure is measured on the state after the scenario's change.
    pub fn after(self) -> bool {
        match self {
            Figure::Deviation => false,
            Figure::Keys { after, .. } => after,
            Figure::Moved | Figure::ReplicaSets => true,
        }
    }

    /// Decimals the lesson prints this figure with.
    pub fn decimals(self) -> usize {
        match self {
            Figure::Keys { .. } => 0,
            _ => 1,
        }
    }

    /// The short code used in row ids and `data-figure` attributes.
    pub fn code(self) -> String {
        match self {
            Figure::Deviation => "deviation".to_owned(),
            Figure::Keys { node, .. } => format!("keys-{node}"),
            Figure::Moved => "moved".to_owned(),
            Figure::ReplicaSets => "replica-sets".to_owned(),
        }
    }

    /// What the figure is, in `lang`.
    pub fn label(self, lang: Lang) -> String {
        match self {
            Figure::Deviation => tr(lang, Text::FigureDeviation).to_owned(),
            Figure::Keys { node, after } => {
                let t = if after {
                    Text::FigureKeysAfter
                } else {
                    Text::FigureKeys
                };
                fill(lang, t, &[("node", &node)])
            }
            Figure::Moved => tr(lang, Text::FigureMoved).to_owned(),
            Figure::ReplicaSets => tr(lang, Text::FigureReplicaSets).to_owned(),
        }
    }
}

/// One figure the lesson prints, with the scenario that reproduces it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The lesson's experiment.
    pub scenario: &'static Scenario,
    /// Which of its figures.
    pub figure: Figure,
    /// The value as the lesson gives it (percent units, or a key count).
    pub printed: f64,
    /// Whether the lesson gives it as "about" (exercise 1's "about 50 %"), not to the digit.
    pub about: bool,
}

impl Row {
    /// A stable id: the scenario's and the figure's (`ring-150:deviation`).
    pub fn id(&self) -> String {
        format!("{}:{}", self.scenario.id, self.figure.code())
    }

    /// `value` written the way the lesson prints this figure (`6.3`, `24275`): what the lab's
    /// value must round to.
    pub fn rounded(&self, value: f64) -> String {
        format!("{:.*}", self.figure.decimals(), value)
    }

    /// Whether `lab` agrees with the lesson: rounds to its printed value or, for a value the
    /// lesson gives as "about", is within a tenth of it.
    pub fn matches(&self, lab: f64) -> bool {
        if self.about {
            (lab - self.printed).abs() <= self.printed.abs() / 10.0
        } else {
            self.rounded(lab) == self.rounded(self.printed)
        }
    }

    /// The lesson's value as the lesson's column shows it: `≈ 50.000` for a value it gives
    /// as "about", else as [`Row::format`] writes it.
    pub fn lesson_text(&self, lang: Lang) -> String {
        let v = self.format(lang, self.printed);
        if self.about {
            format!("≈\u{a0}{v}")
        } else {
            v
        }
    }

    /// `value` formatted for people in `lang` (`6,3 %`, `24.275`).
    pub fn format(&self, lang: Lang, value: f64) -> String {
        match self.figure {
            Figure::Keys { .. } => fmt_int(lang, value.round().max(0.0) as u64),
            _ => fmt_pct(lang, value, self.figure.decimals()),
        }
    }

    /// The chapter that shows the row's experiment.
    pub fn chapter(&self) -> ChapterId {
        ChapterId::for_part(self.scenario.section).unwrap_or(ChapterId::DEFAULT)
    }

    /// The address (without `#`) of the state that shows this figure: the preset alone when
    /// the figure belongs to the state it opens on (the state after the change when there is
    /// one), else the "before" configuration written out with the preset as its label.
    pub fn fragment(&self, lang: Lang, options: FrameOptions) -> String {
        let s = self.scenario;
        let fields = if s.after.is_some() && !self.figure.after() {
            let mut state = LabState::with_lang(lang);
            state.set_config(&s.before);
            state.preset = Some(s.id.to_owned());
            state.to_fragment()
        } else {
            format!("p={}&l={}", s.id, lang.code())
        };
        chapters::fragment(self.chapter(), options, &fields)
    }

    /// The row's experiment, in `lang`.
    pub fn experiment(&self, lang: Lang) -> String {
        preset_label(lang, self.scenario)
    }
}

/// Whether `counts` names exactly the nodes of `config`.
fn names_match(counts: &[(&str, u64)], config: &Config) -> bool {
    counts.len() == config.nodes.len()
        && counts
            .iter()
            .all(|(n, _)| config.nodes.iter().any(|c| c.name == *n))
}

/// The rows of one scenario, in the order the lesson prints its figures.
fn scenario_rows(s: &'static Scenario) -> Vec<Row> {
    let p = &s.printed;
    let mut rows = Vec::new();
    if s.kind == ScenarioKind::WeightedRing {
        // Exercise 1 prints no counts: it says inv-bcn, of weight 2 beside two of weight 1,
        // gets "about 50 %" of the keys, so each node about its weight's share. (The scenario's
        // counts are the reference script's output, not the lesson's text.)
        let total: f64 = s.before.nodes.iter().map(|n| n.weight).sum();
        for (node, _) in &p.counts {
            let Some(n) = s.before.nodes.iter().find(|n| n.name == *node) else {
                continue;
            };
            rows.push(Row {
                scenario: s,
                figure: Figure::Keys { node, after: false },
                printed: (lesson::KEY_COUNT as f64 * n.weight / total).round(),
                about: true,
            });
        }
        return rows;
    }
    // Counts belong to the state whose nodes they name (the survivors after a leave).
    let counts_after = !names_match(&p.counts, &s.before)
        && s.after.as_ref().is_some_and(|a| names_match(&p.counts, a));
    for (node, keys) in &p.counts {
        rows.push(Row {
            scenario: s,
            figure: Figure::Keys {
                node,
                after: counts_after,
            },
            printed: *keys as f64,
            about: false,
        });
    }
    let mut push = |figure, value: Option<f64>| {
        if let Some(printed) = value {
            rows.push(Row {
                scenario: s,
                figure,
                printed,
                about: false,
            });
        }
    };
    push(Figure::Deviation, p.deviation_pct);
    push(Figure::Moved, p.moved_pct);
    push(Figure::ReplicaSets, p.replica_sets_changed_pct);
    rows
}

/// Every printed figure of `part`, in the lesson's order (empty for a part that prints none).
pub fn rows(part: LessonPart) -> Vec<Row> {
    lesson::scenarios()
        .iter()
        .filter(|s| s.section == part)
        .flat_map(scenario_rows)
        .collect()
}

/// The lesson's parts that print figures, in reading order.
pub fn parts() -> Vec<LessonPart> {
    LessonPart::ALL
        .into_iter()
        .filter(|p| !rows(*p).is_empty())
        .collect()
}

/// The title of `part`'s table in `lang` ("Section 6", "Exercise 1").
pub fn part_title(lang: Lang, part: LessonPart) -> String {
    capitalize_latin(&part_name(lang, part))
}

/// What a scenario's figures are computed from.
#[derive(Debug)]
enum Stage {
    /// Hashing the lesson's keys.
    Keys(KeySetBuilder),
    /// Assigning the keys under the scenario's "before" configuration.
    Before(AssignTask),
    /// Under its "after" configuration.
    After {
        before: (Assignment, Vec<u64>),
        task: AssignTask,
    },
    /// Comparing the two.
    Compare {
        before: (Assignment, Vec<u64>),
        after: (Assignment, Vec<u64>),
        task: MovementTask,
    },
    /// Every row has its value.
    Done,
}

/// The lab's column of the lesson's tables for some parts, computed a slice at a time.
#[derive(Debug)]
pub struct LessonTables {
    rows: Vec<Row>,
    values: Vec<Option<f64>>,
    /// The scenarios left to compute, in order (each once, whatever its row count).
    scenarios: Vec<&'static Scenario>,
    next: usize,
    keys: Option<KeySet>,
    stage: Stage,
}

impl LessonTables {
    /// The tables of `parts`, with nothing computed yet.
    pub fn new(parts: &[LessonPart]) -> LessonTables {
        let rows: Vec<Row> = parts.iter().flat_map(|p| rows(*p)).collect();
        let mut scenarios: Vec<&'static Scenario> = Vec::new();
        for r in &rows {
            if !scenarios.iter().any(|s| s.id == r.scenario.id) {
                scenarios.push(r.scenario);
            }
        }
        let stage = match KeySetBuilder::lesson(lesson::KEY_COUNT) {
            Ok(b) => Stage::Keys(b),
            // The lesson's key count is within every limit; should it not be, show no values.
            Err(_) => Stage::Done,
        };
        LessonTables {
            values: vec![None; rows.len()],
            rows,
            scenarios,
            next: 0,
            keys: None,
            stage,
        }
    }

    /// The rows, in order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The lab's value of each row (`None` while not computed), in the rows' order.
    pub fn values(&self) -> &[Option<f64>] {
        &self.values
    }

    /// How many of the scenarios are computed, of how many.
    pub fn progress(&self) -> (usize, usize) {
        (self.next.min(self.scenarios.len()), self.scenarios.len())
    }

    /// Whether every row has its value.
    pub fn is_done(&self) -> bool {
        matches!(self.stage, Stage::Done)
    }

    /// Runs everything to the end (native callers, tests).
    pub fn finish(&mut self) {
        while !self.work(u64::MAX / 256) {}
    }

    /// Does about `work` units (one ≈ one MD5 hash) of the computation. Returns whether it is
    /// done.
    pub fn work(&mut self, work: u64) -> bool {
        let stage = std::mem::replace(&mut self.stage, Stage::Done);
        self.stage = match stage {
            Stage::Keys(mut b) => {
                if b.step(work) {
                    self.keys = Some(b.finish());
                    self.start_scenario()
                } else {
                    Stage::Keys(b)
                }
            }
            Stage::Before(mut task) => match self.keys.as_ref() {
                Some(keys) if task.step(keys, work) => {
                    let before = task.finish(keys);
                    self.after_before(before)
                }
                Some(_) => Stage::Before(task),
                None => Stage::Done,
            },
            Stage::After { before, mut task } => match self.keys.as_ref() {
                Some(keys) if task.step(keys, work) => {
                    let after = task.finish(keys);
                    let s = self.scenarios[self.next];
                    match s.after.as_ref() {
                        Some(a) => Stage::Compare {
                            task: MovementTask::new(
                                &s.before,
                                s.before.replicas as usize,
                                a,
                                a.replicas as usize,
                                after.0.owners.len(),
                            ),
                            before,
                            after,
                        },
                        None => Stage::Done,
                    }
                }
                Some(_) => Stage::After { before, task },
                None => Stage::Done,
            },
            Stage::Compare {
                before,
                after,
                mut task,
            } => {
                if task.step(&before.0, &after.0, work) {
                    let movement = task.finish(&before.0, &after.0);
                    self.record(&before.1, Some((&after.1, &movement)));
                    self.next += 1;
                    self.start_scenario()
                } else {
                    Stage::Compare {
                        before,
                        after,
                        task,
                    }
                }
            }
            Stage::Done => Stage::Done,
        };
        self.is_done()
    }

    /// The stage that starts the next scenario (or `Done`).
    fn start_scenario(&mut self) -> Stage {
        let (Some(s), Some(keys)) = (self.scenarios.get(self.next), self.keys.as_ref()) else {
            return Stage::Done;
        };
        match Partitioner::new(&s.before) {
            Ok(p) => Stage::Before(AssignTask::new(&p, keys, s.before.replicas as usize)),
            Err(_) => {
                // The lesson's configurations are valid; a row without a value says so.
                self.next += 1;
                self.start_scenario()
            }
        }
    }

    /// What follows the "before" assignment: the "after" one, or the next scenario.
    fn after_before(&mut self, before: (Assignment, Vec<u64>)) -> Stage {
        let s = self.scenarios[self.next];
        let after = s.after.as_ref().and_then(|a| Partitioner::new(a).ok());
        match (after, s.after.as_ref(), self.keys.as_ref()) {
            (Some(p), Some(a), Some(keys)) => Stage::After {
                task: AssignTask::new(&p, keys, a.replicas as usize),
                before,
            },
            _ => {
                self.record(&before.1, None);
                self.next += 1;
                self.start_scenario()
            }
        }
    }

    /// Fills the rows of the current scenario from its counts and movement.
    fn record(&mut self, before: &[u64], after: Option<(&Vec<u64>, &Movement)>) {
        let s = self.scenarios[self.next];
        let dist_before = Distribution::from_counts(&s.before, before);
        let dist_after = match (after, s.after.as_ref()) {
            (Some((counts, _)), Some(a)) => Some(Distribution::from_counts(a, counts)),
            _ => None,
        };
        for (row, value) in self.rows.iter().zip(self.values.iter_mut()) {
            if row.scenario.id != s.id {
                continue;
            }
            *value = match row.figure {
                Figure::Deviation => Some(dist_before.deviation_pct),
                Figure::Keys { node, after: false } => dist_before.keys_of(node).map(|k| k as f64),
                Figure::Keys { node, after: true } => dist_after
                    .as_ref()
                    .and_then(|d| d.keys_of(node))
                    .map(|k| k as f64),
                Figure::Moved => after.map(|(_, m)| m.moved_fraction * 100.0),
                Figure::ReplicaSets => after
                    .and_then(|(_, m)| m.replica_sets_changed_fraction)
                    .map(|f| f * 100.0),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::LabState;

    /// The strongest check there is: every figure the lesson prints in its tables, recomputed
    /// by the lab's sliced computation, rounds to what the lesson prints. A change to the
    /// hashing, the ring, the statistics or the slicing that moves any figure fails here.
    #[test]
    fn every_row_rounds_to_the_lessons_printed_value() {
        let all = parts();
        let mut t = LessonTables::new(&all);
        // Small slices, as the page runs it, so the slicing itself is what is tested.
        let mut steps = 0;
        while !t.work(5_000) {
            steps += 1;
            assert!(steps < 1_000_000, "the tables never finish");
        }
        assert!(steps > 10, "the work was not sliced ({steps} steps)");
        assert!(t.rows().len() >= 25, "{} rows", t.rows().len());
        for (row, value) in t.rows().iter().zip(t.values()) {
            let lab = value.unwrap_or_else(|| panic!("{} has no lab value", row.id()));
            assert!(
                row.matches(lab),
                "{}: lab {} ≠ lesson {}",
                row.id(),
                row.rounded(lab),
                row.rounded(row.printed)
            );
        }
    }

    /// The rows cover what the lesson's text prints (written out here from the lesson, not
    /// read from the scenario table): section 5's four moves, section 6's deviations.
    #[test]
    fn the_tables_hold_the_lessons_printed_figures() {
        let printed = |part, figure: Figure| -> Vec<f64> {
            rows(part)
                .into_iter()
                .filter(|r| r.figure == figure)
                .map(|r| r.printed)
                .collect()
        };
        assert_eq!(
            printed(LessonPart::Section(5), Figure::Moved),
            [80.0, 83.3, 91.0, 49.7]
        );
        assert_eq!(
            printed(LessonPart::Section(6), Figure::Deviation),
            [106.4, 35.7, 6.3, 4.6, 2.3]
        );
        assert_eq!(printed(LessonPart::Section(6), Figure::Moved), [19.2, 24.8]);
        assert_eq!(
            printed(LessonPart::Exercise(3), Figure::ReplicaSets),
            [50.0]
        );
        // Exercise 1 says "about 50 %" for inv-bcn and prints no count: the lesson's column
        // shows what it says (about 50 000, and about 25 000 for each node of weight 1), not
        // the reference script's 48 242.
        let ex1 = rows(LessonPart::Exercise(1));
        assert_eq!(
            ex1.iter()
                .map(|r| (r.figure.code(), r.printed, r.about))
                .collect::<Vec<_>>(),
            [
                ("keys-inv-bcn".to_owned(), 50_000.0, true),
                ("keys-inv-vlc".to_owned(), 25_000.0, true),
                ("keys-inv-gir".to_owned(), 25_000.0, true),
            ]
        );
        assert_eq!(ex1[0].lesson_text(Lang::Ca), "≈\u{a0}50.000");
        assert_eq!(ex1[0].lesson_text(Lang::En), "≈\u{a0}50,000");
        assert!(ex1[0].matches(48_242.0) && ex1[1].matches(26_503.0));
        assert!(!ex1[0].matches(44_000.0) && !ex1[1].matches(28_000.0));
        assert!(rows(LessonPart::Section(6)).iter().all(|r| !r.about));
        let leave: Vec<Row> = rows(LessonPart::Section(6))
            .into_iter()
            .filter(|r| r.scenario.id == "ring-leave")
            .collect();
        assert!(leave
            .iter()
            .filter(|r| matches!(r.figure, Figure::Keys { .. }))
            .all(|r| r.figure.after()));
        assert_eq!(
            parts(),
            [
                LessonPart::Section(5),
                LessonPart::Section(6),
                LessonPart::Exercise(1),
                LessonPart::Exercise(3)
            ]
        );
    }

    /// A mismatch is caught: the comparison is on the printed digits.
    #[test]
    fn matching_is_on_the_printed_digits() {
        let r = rows(LessonPart::Section(6))
            .into_iter()
            .find(|r| r.id() == "ring-150:deviation")
            .expect("row");
        assert!(r.matches(6.26));
        assert!(r.matches(6.349));
        assert!(!r.matches(6.36));
        assert!(!r.matches(5.0));
    }

    /// Each row's address opens the state whose figure it is: the preset's, before or after
    /// its change as the figure needs, in the row's chapter.
    #[test]
    fn each_row_links_to_its_state() {
        for part in parts() {
            for row in rows(part) {
                let f = row.fragment(Lang::En, FrameOptions::default());
                let slug = format!("c={}&", row.chapter().slug());
                assert!(f.starts_with(&slug), "{f}");
                let fields = &f[slug.len()..];
                let (state, issues) = LabState::from_fragment(fields, Lang::Ca);
                assert!(issues.is_empty(), "{f}: {issues:?}");
                assert_eq!(state.preset.as_deref(), Some(row.scenario.id), "{f}");
                let s = row.scenario;
                let want = if row.figure.after() {
                    s.after.as_ref().unwrap_or(&s.before)
                } else {
                    &s.before
                };
                assert_eq!(&state.config(), want, "{f}");
                assert_eq!(state.lang, Lang::En);
            }
        }
    }
}
