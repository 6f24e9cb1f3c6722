//! Compare mode: a pinned experiment (side A) beside the current one (side B).
//!
//! Compare mode is the pinned baseline ([`Msg::PinBaseline`](super::Msg::PinBaseline)) made
//! visible: A is the baseline's configuration, B the experiment on screen, and "keys moved"
//! is already counted from A. What A's side shows (its figures, ring and sample keys) is
//! taken once, when A is pinned ([`Side`]), from the experiment then on screen: no change of
//! B recomputes it.
//!
//! A side whose experiment is not on screen (an address with `cmp=`, a preset with a change,
//! a new key count) is reached the way a preset's change always was: A is computed first as
//! the lab's experiment, a slice at a time like any change, then pinned, and B follows as a
//! tracked change ([`Compare::next`]).

use std::rc::Rc;

use partlab_core::config::Config;
use partlab_core::lesson;
use partlab_core::stats::Distribution;
use partlab_core::strategy::RingPoint;

use super::{job, Dot, Lab, Notice};
use crate::state::{Field, FragmentIssue, LabState};

/// The fields side A's `cmp` value may carry: the configuration, nothing else (the keys,
/// the language and the rest are B's).
const SIDE_FIELDS: [Field; 8] = [
    Field::Strategy,
    Field::Nodes,
    Field::Weights,
    Field::Vnodes,
    Field::Replicas,
    Field::TableSize,
    Field::LoadFactor,
    Field::Probes,
];

/// Longest `cmp` value read (the whole fragment has its own, larger, limit).
const MAX_SIDE_BYTES: usize = 4_096;

/// Compare mode's state inside the [`Lab`].
#[derive(Debug, Default)]
pub(crate) struct Compare {
    /// Compare mode is on (A is the pinned baseline).
    on: bool,
    /// The experiment to go to once the one being computed (side A) is on screen: side B.
    next: Option<LabState>,
    /// Side A as drawn, taken when it was pinned.
    side: Option<Rc<Side>>,
    /// Counts the sides pinned ([`Side::generation`]).
    generation: u64,
}

impl Compare {
    /// Whether side B is still to come after the experiment being computed.
    pub(crate) fn waiting(&self) -> bool {
        self.next.is_some()
    }

    /// Forgets a B still to come (the user changed the experiment meanwhile).
    pub(crate) fn drop_next(&mut self) {
        self.next = None;
    }

    /// The language changed: B still to come speaks it too.
    pub(crate) fn set_lang(&mut self, lang: crate::state::Lang) {
        if let Some(n) = self.next.as_mut() {
            n.lang = lang;
        }
    }
}

/// Side A of compare mode: what the pinned experiment showed, kept as it was.
#[derive(Clone, Debug)]
pub struct Side {
    /// Its state (nodes with their colours, strategy, vnodes, replicas).
    pub state: LabState,
    /// Its configuration.
    pub config: Config,
    /// Keys per node, deviation.
    pub distribution: Distribution,
    /// Its ring's vnodes (ring strategy only).
    pub points: Option<Vec<RingPoint>>,
    /// The sample keys, coloured by their owner in A (none marked as moved).
    pub dots: Vec<Dot>,
    /// Changes each time a side is pinned: what is drawn from it is drawn again only then.
    pub generation: u64,
}

impl Lab {
    /// Whether compare mode is on.
    pub fn compare_on(&self) -> bool {
        self.compare.on && self.compare_side().is_some()
    }

    /// Side A, when compare mode is on and A was taken on the key set on screen.
    pub fn compare_side(&self) -> Option<&Side> {
        if !self.compare.on || self.baseline_config().is_none() {
            return None;
        }
        self.compare.side.as_deref()
    }

    /// The lesson's printed deviation for side A, when A is a lesson scenario's "before"
    /// (exercise 3: 5 nodes) with the lesson's key count.
    pub fn compare_side_lesson_deviation(&self) -> Option<f64> {
        let side = self.compare_side()?;
        let s = lesson::scenario(side.state.preset.as_deref()?)?;
        (s.before == side.config && self.state.key_count as usize == lesson::KEY_COUNT)
            .then_some(s.printed.deviation_pct)
            .flatten()
    }

    /// The state the address holds: side B while side A is being computed first, else the
    /// experiment asked for ([`Lab::target_state`]).
    pub fn url_state(&self) -> &LabState {
        self.compare.next.as_ref().unwrap_or(self.target_state())
    }

    /// The value of the address's `cmp` field (side A's configuration), when compare mode is
    /// on or on its way.
    pub fn compare_field(&self) -> Option<String> {
        let config = if self.compare.next.is_some() {
            self.target_state().config()
        } else {
            self.compare_side()?.config.clone()
        };
        Some(side_value(&config, self.url_state()))
    }

    /// Turns compare mode on (side A = the experiment on screen, pinned) or off (the
    /// baseline is cleared too).
    pub(crate) fn set_compare(&mut self, on: bool) {
        self.compare.next = None;
        if on {
            self.baseline = Some(self.snapshot(true));
            self.gesture_open = false;
            self.take_side();
        } else {
            self.compare.on = false;
            self.compare.side = None;
            self.baseline = None;
            self.gesture_open = false;
        }
    }

    /// Pins the experiment on screen as side A (compare mode on).
    pub(crate) fn take_side(&mut self) {
        self.compare.generation += 1;
        let mut state = self.state.clone();
        state.key = None;
        let dots = self
            .sample_dots()
            .into_iter()
            .map(|d| Dot {
                moved_from: None,
                ..d
            })
            .collect();
        self.compare.side = Some(Rc::new(Side {
            state,
            config: self.config.clone(),
            distribution: self.distribution.clone(),
            points: self.ring_points().map(<[RingPoint]>::to_vec),
            dots,
            generation: self.compare.generation,
        }));
        self.compare.on = true;
    }

    /// Compare mode ends (a preset without a change, an address without `cmp`).
    pub(crate) fn end_compare(&mut self) {
        self.compare = Compare {
            generation: self.compare.generation,
            ..Compare::default()
        };
    }

    /// Computes `a` first (side A), then pins it and goes on to `b` (side B). Returns whether
    /// both were accepted.
    pub(crate) fn start_compare(&mut self, a: LabState, b: LabState) -> bool {
        if let Err(e) = job::check(&b).and_then(|()| job::check(&a)) {
            self.notices.push(Notice::Rejected(e));
            return false;
        }
        self.baseline = None;
        self.gesture_open = false;
        self.compare.on = false;
        self.compare.side = None;
        self.start_job(a, false, true);
        self.compare.next = Some(b);
        true
    }

    /// Called when an experiment is committed: when it is side A, pins it and starts B.
    pub(crate) fn after_commit(&mut self) {
        if let Some(mut b) = self.compare.next.take() {
            b.key.clone_from(&self.state.key);
            b.lang = self.state.lang;
            self.baseline = Some(self.snapshot(true));
            self.take_side();
            // Checked when it was asked for.
            let _ = self.request(b, true);
        }
    }

    /// A preset with a change opens in compare mode: its "before" is computed as side A,
    /// its "after" (`after`, on top of `before_state`) follows as side B.
    pub(crate) fn open_preset_change(&mut self, before_state: &LabState, after: &Config) {
        let mut b = before_state.clone();
        b.set_config(after);
        self.compare.on = false;
        self.compare.side = None;
        self.compare.next = Some(b);
    }

    /// Reads the `cmp` field of an address over the state it describes (side B, being
    /// computed): when there is one, side A is computed first; a bad one is a notice.
    pub(crate) fn open_compare_from(&mut self, fragment: &str) {
        let b = self.target_state().clone();
        match side_from_fragment(fragment, &b) {
            None => {
                // A preset's "after" (`p=ring-join` alone, or its whole state): its "before"
                // is side A.
                let before = b
                    .preset
                    .as_deref()
                    .and_then(lesson::scenario)
                    .filter(|s| s.after.as_ref() == Some(&b.config()))
                    .filter(|_| b.key_count as usize == lesson::KEY_COUNT)
                    .map(|s| s.before.clone());
                if let Some(before) = before {
                    let mut a = b.clone();
                    a.set_config(&before);
                    a.key = None;
                    self.start_compare(a, b);
                }
            }
            Some(Ok(a)) => {
                self.start_compare(a, b);
            }
            Some(Err(issue)) => self.notices.push(Notice::Fragment(issue)),
        }
    }
}

/// Side A's `cmp` value for `config`, written the way the address writes B's fields (over
/// `b`, for the parts the value leaves out), with `:` and `;` for `=` and `&`.
pub fn side_value(config: &Config, b: &LabState) -> String {
    let mut a = b.clone();
    a.set_config(config);
    a.to_fragment()
        .split('&')
        .filter(|pair| {
            let name = pair.split_once('=').map_or(*pair, |(n, _)| n);
            SIDE_FIELDS.iter().any(|f| f.name() == name)
        })
        .map(|pair| pair.replacen('=', ":", 1))
        .collect::<Vec<_>>()
        .join(";")
}

/// Side A from an address's `cmp` field over side B's state `b`: `None` without the field,
/// an issue naming `cmp` when its value is not a valid configuration.
pub fn side_from_fragment(fragment: &str, b: &LabState) -> Option<Result<LabState, FragmentIssue>> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let raw = fragment
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .filter(|(name, _)| *name == Field::Compare.name())
        .map(|(_, raw)| raw)
        .next_back()?;
    let bad = || FragmentIssue::bad_value(Field::Compare, raw);
    if raw.is_empty() || raw.len() > MAX_SIDE_BYTES {
        return Some(Err(bad()));
    }
    let mut fields = Vec::new();
    for part in raw.split(';').filter(|p| !p.is_empty()) {
        let Some((name, value)) = part.split_once(':') else {
            return Some(Err(bad()));
        };
        if !SIDE_FIELDS.iter().any(|f| f.name() == name) {
            return Some(Err(bad()));
        }
        fields.push(format!("{name}={value}"));
    }
    let (mut a, issues) = LabState::from_fragment_over(&fields.join("&"), b.clone());
    if !issues.is_empty() {
        return Some(Err(bad()));
    }
    a.key = None;
    // A keeps a preset label only while it describes A (a preset's "before").
    if !a.is_preset_state() {
        a.preset = None;
    }
    Some(job::check(&a).map(|()| a).map_err(|_| bad()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Msg;
    use crate::state::Lang;

    fn lab(fragment: &str) -> Lab {
        Lab::from_fragment(fragment, Lang::En)
    }

    #[test]
    fn a_side_round_trips_through_the_address() {
        let mut lab = lab("s=ring&n=inv-bcn,inv-vlc,inv-gir&v=150&k=10000");
        lab.update(Msg::SetCompare(true));
        lab.update(Msg::SetWeight {
            node: 0,
            weight: 2.0,
        });
        assert!(lab.compare_on());
        let cmp = lab.compare_field().expect("cmp");
        assert_eq!(cmp, "s:ring;n:inv-bcn,inv-vlc,inv-gir;v:150;r:1");
        let url = format!("{}&cmp={cmp}", lab.url_state().to_fragment());
        let reloaded = Lab::from_fragment(&url, Lang::En);
        assert!(reloaded.compare_on());
        assert_eq!(reloaded.config(), lab.config());
        assert_eq!(
            reloaded.compare_side().map(|s| &s.config),
            lab.compare_side().map(|s| &s.config)
        );
        assert_eq!(
            reloaded.movement().map(|m| m.moved),
            lab.movement().map(|m| m.moved)
        );
        assert_eq!(reloaded.compare_field(), Some(cmp));
    }

    #[test]
    fn side_a_is_taken_once_and_b_changes_alone() {
        let mut lab = lab("s=ring&k=10000");
        lab.update(Msg::SetCompare(true));
        let side = lab.compare_side().expect("side").clone();
        lab.update(Msg::AddNode);
        lab.update(Msg::SetVnodes(10));
        let now = lab.compare_side().expect("side");
        assert_eq!(now.generation, side.generation);
        assert_eq!(now.distribution, side.distribution);
        assert_eq!(lab.config().nodes.len(), side.config.nodes.len() + 1);
        // Movement counts from A across every change.
        assert_eq!(lab.moved_from(), Some(&side.config));
        lab.update(Msg::SetCompare(false));
        assert!(!lab.compare_on());
        assert!(!lab.baseline_pinned());
        assert_eq!(lab.compare_field(), None);
    }

    #[test]
    fn a_preset_with_a_change_opens_with_before_and_after_side_by_side() {
        for s in lesson::scenarios().iter().filter(|s| s.after.is_some()) {
            let mut lab = lab("");
            lab.update(Msg::ApplyPreset(s.id.to_owned()));
            assert!(lab.compare_on(), "{}", s.id);
            let side = lab.compare_side().expect("side");
            assert_eq!(side.config, s.before, "{}", s.id);
            assert_eq!(Some(lab.config()), s.after.as_ref(), "{}", s.id);
            if let Some(dev) = s.printed.deviation_pct {
                assert!(
                    (side.distribution.deviation_pct - dev).abs() < 0.05,
                    "{}",
                    s.id
                );
                assert_eq!(lab.compare_side_lesson_deviation(), Some(dev));
            }
            if let Some(moved) = s.printed.moved_pct {
                let m = lab.movement().expect("movement");
                assert!((m.moved_fraction * 100.0 - moved).abs() < 0.06, "{}", s.id);
            }
            if let Some(r) = s.printed.replica_sets_changed_pct {
                let m = lab.movement().expect("movement");
                let f = m.replica_sets_changed_fraction.expect("replica sets");
                assert!((f * 100.0 - r).abs() < 1.0, "{}: {f}", s.id);
            }
        }
    }

    #[test]
    fn a_preset_address_opens_in_compare_mode() {
        let lab = lab("c=ring&p=ring-join");
        assert!(lab.compare_on());
        let s = lesson::scenario("ring-join").expect("ring-join");
        assert_eq!(lab.compare_side().map(|side| &side.config), Some(&s.before));
        assert_eq!(Some(lab.config()), s.after.as_ref());
        assert_eq!(lab.state().preset.as_deref(), Some("ring-join"));
        let moved = lab.movement().expect("movement").moved_fraction * 100.0;
        assert!((moved - s.printed.moved_pct.expect("printed")).abs() < 0.06);
    }

    #[test]
    fn a_new_key_count_recomputes_side_a_on_the_new_keys() {
        let mut lab = lab("s=ring&k=10000");
        lab.update(Msg::SetCompare(true));
        lab.update(Msg::AddNode);
        let moved = lab.movement().expect("movement").moved_fraction;
        lab.update(Msg::SetKeyCount(20_000));
        assert!(lab.compare_on());
        assert_eq!(lab.keys().len(), 20_000);
        let m = lab.movement().expect("movement");
        assert_eq!(m.total, 20_000);
        assert!((m.moved_fraction - moved).abs() < 0.05);
        assert_eq!(
            lab.compare_side().map(|s| s.distribution.total),
            Some(20_000)
        );
    }

    #[test]
    fn a_bad_cmp_value_is_one_issue_and_b_stays() {
        for bad in ["", "s:chord", "k:5000", "n", "v:0", "n:a,a"] {
            let lab = lab(&format!("s=ring&k=10000&cmp={bad}"));
            assert!(!lab.compare_on(), "{bad}");
            assert_eq!(lab.config().strategy, partlab_core::config::Strategy::Ring);
            assert!(
                lab.notices()
                    .contains(&Notice::Fragment(FragmentIssue::bad_value(
                        Field::Compare,
                        bad
                    ))),
                "{bad}: {:?}",
                lab.notices()
            );
        }
    }
}
