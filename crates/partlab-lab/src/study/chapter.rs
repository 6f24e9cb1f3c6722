//! What a study chapter implements, and what it gets for it.
//!
//! A chapter declares its settings ([`Settings`]: its fields' table, presets and views in a
//! [`ChapterDef`], how to read and write its own fields, what its presets set, and the rules
//! between its fields) and its model ([`StudyChapter`]: how a control changes the settings,
//! the work a change asks for, and what to show). Everything else is the same for every
//! chapter and written once here: the fields every address has (`l`, `p`, `embed`), reading
//! an address without losing what was typed (a faulty field keeps its default and becomes a
//! notice, a value that does not fit beside the others is refused with the rule it broke),
//! writing the address back, the language, the notices and the presets' buttons.

use std::ops::{Deref, DerefMut};

use super::fields::{Fields, StudyIssue, Writer};
use super::text::{tr, St};
use super::view::{Choice, Control, ControlKind, Panel};
use super::{Input, Study, Words, WorkloadFields};
use crate::base::field::ChapterDef;
use crate::base::Lang;

/// A study chapter's own settings: its address fields, read and written through its table.
pub trait Settings: Clone + PartialEq + Sized {
    /// The chapter's fields, presets and views.
    const DEF: &'static ChapterDef;

    /// Whether `p=<preset>` stays the state's name when the address's other fields change
    /// its settings (the chapters written before this contract kept it; section 8 names a
    /// state by its preset only while nothing else changed it).
    const PRESET_NAMES_CHANGED_SETTINGS: bool = true;

    /// The settings the chapter opens with.
    fn opening() -> Self;

    /// Reads the chapter's own fields over `self`. A missing field keeps its value; a faulty
    /// one keeps it too, with an issue ([`Fields::whole`] and [`Fields::word`] record them).
    fn read(&mut self, f: &mut Fields<'_>, issues: &mut Vec<StudyIssue>);

    /// Writes the chapter's own fields, in the order of its table.
    fn write(&self, w: &mut Writer);

    /// Sets what preset `id` (one of [`ChapterDef::presets`]) sets.
    fn preset(&mut self, id: &str);

    /// The rules between fields, after an address was read: a value that does not fit
    /// beside the others is refused (set back to `opening`'s) with an issue that says the
    /// rule. None by default.
    fn refuse_misfits(&mut self, _opening: &Self, _issues: &mut Vec<StudyIssue>) {}

    /// The KM0 workload's fields, for a chapter measured on it (its controls are then the
    /// chapter's too). `bind_fields!` writes this for a chapter that binds `workload`.
    fn workload_mut(&mut self) -> Option<&mut WorkloadFields> {
        None
    }
}

/// A study chapter's state: the fields every chapter has, and its own settings (reached
/// through `Deref`, so `state.partitions` reads a setting).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyState<S> {
    /// Interface language.
    pub lang: Lang,
    /// The view shown alone (`embed=`).
    pub embed: Option<&'static str>,
    /// The preset the state came from, while unchanged (`p=`).
    pub preset: Option<&'static str>,
    /// The chapter's own settings.
    pub settings: S,
}

impl<S> Deref for StudyState<S> {
    type Target = S;

    fn deref(&self) -> &S {
        &self.settings
    }
}

impl<S> DerefMut for StudyState<S> {
    fn deref_mut(&mut self) -> &mut S {
        &mut self.settings
    }
}

impl<S: Settings> StudyState<S> {
    /// The opening state, in `lang`.
    pub fn new(lang: Lang) -> StudyState<S> {
        StudyState {
            lang,
            embed: None,
            preset: None,
            settings: S::opening(),
        }
    }

    /// Reads `fragment` over the opening state; never panics. The language, the view and the
    /// preset first, then the chapter's fields over the preset's settings.
    pub fn from_fragment(fragment: &str, lang: Lang) -> (StudyState<S>, Vec<StudyIssue>) {
        let mut st = StudyState::<S>::new(lang);
        let mut issues = Vec::new();
        let mut f = Fields::new(fragment);
        if let Some(l) = f.lang() {
            st.lang = l;
        }
        st.embed = f.choice("embed", |s| S::DEF.view(s).map(|v| v.name));
        if let Some(p) = f.choice("p", |s| S::DEF.preset(s).map(|p| p.id)) {
            st.apply_preset(p);
        }
        let before = st.settings.clone();
        st.settings.read(&mut f, &mut issues);
        st.settings.refuse_misfits(&before, &mut issues);
        if !S::PRESET_NAMES_CHANGED_SETTINGS && st.settings != before {
            st.preset = None;
        }
        issues.extend(f.finish());
        (st, issues)
    }

    /// Reads `fragment` for a chapter being opened: its issues join `notices` (the frame's own,
    /// shown first).
    pub fn open(
        fragment: &str,
        lang: Lang,
        mut notices: Vec<StudyIssue>,
    ) -> (StudyState<S>, Vec<StudyIssue>) {
        let (state, issues) = StudyState::from_fragment(fragment, lang);
        notices.extend(issues);
        (state, notices)
    }

    /// The fragment (without `#`): the chapter's fields, then `l`, `p` and, when `embed` is
    /// true, the view shown alone.
    pub fn to_fragment(&self, embed: bool) -> String {
        let mut w = Writer::new();
        self.settings.write(&mut w);
        w.field("l", self.lang.code());
        if let Some(p) = self.preset {
            w.field("p", p);
        }
        if let (true, Some(v)) = (embed, self.embed) {
            w.field("embed", v);
        }
        w.finish()
    }

    /// Applies preset `id`, if the chapter has it.
    pub fn apply_preset(&mut self, id: &str) {
        if let Some(p) = S::DEF.preset(id) {
            self.settings.preset(p.id);
            self.preset = Some(p.id);
        }
    }

    /// The presets' buttons, the state's own pressed.
    pub fn presets_control(&self) -> Control {
        Control::new(
            "p",
            tr(self.lang, St::Presets).to_owned(),
            ControlKind::Buttons {
                options: S::DEF
                    .presets
                    .iter()
                    .map(|p| Choice::new(p.id, (p.label)(self.lang)))
                    .collect(),
                pressed: self.preset.map(str::to_owned),
            },
        )
    }
}

/// A study chapter's model: its state and notices, how its controls change its settings,
/// the work a change asks for and what it shows. Every such model is a [`Study`].
pub trait StudyChapter {
    /// The chapter's settings.
    type Settings: Settings;

    /// The state.
    fn state(&self) -> &StudyState<Self::Settings>;
    /// The state, to change.
    fn state_mut(&mut self) -> &mut StudyState<Self::Settings>;
    /// The issues on screen as notices.
    fn chapter_issues(&self) -> &[StudyIssue];
    /// The issues, to change.
    fn chapter_issues_mut(&mut self) -> &mut Vec<StudyIssue>;

    /// Applies the chapter's control `id` (not the presets: those are the frame's); whether
    /// the settings changed.
    fn control(&mut self, id: &str, value: &str) -> bool;

    /// The settings changed (an address, a control, a preset): asks for the work they need.
    fn refresh(&mut self);

    /// Does one slice of background work; `true` while more remains.
    fn step(&mut self) -> bool {
        false
    }

    /// The controls, with their current values (the presets' buttons first).
    fn chapter_controls(&self) -> Vec<Control>;

    /// The panels, computed from the current state.
    fn chapter_panels(&self) -> Vec<Panel>;

    /// The texts in the state's language.
    fn words(&self) -> Words {
        Words(self.state().lang)
    }
}

/// What most chapters' [`StudyChapter::control`] does: the workload's controls first (for a
/// chapter whose settings have a workload, [`Settings::workload_mut`]), then the chapter's own
/// message (`parse`), applied (`apply`); whether the settings changed.
pub(crate) fn control_with<T: StudyChapter, M>(
    chapter: &mut T,
    (id, value): (&str, &str),
    parse: fn(&str, &str) -> Option<M>,
    apply: fn(&mut T, M),
) -> bool {
    let before = chapter.state().settings.clone();
    let mut issues = Vec::new();
    let changed = chapter
        .state_mut()
        .settings
        .workload_mut()
        .and_then(|w| w.apply(id, value, &mut issues));
    chapter.chapter_issues_mut().extend(issues);
    if let Some(changed) = changed {
        return changed;
    }
    match parse(id, value) {
        Some(m) => {
            apply(chapter, m);
            chapter.state().settings != before
        }
        None => false,
    }
}

/// Keeps what one slice of a boxed job gave: its result once done (`false`: nothing left), or
/// the job itself for the next slice (`true`).
pub(crate) fn keep_slice<D, J>(
    slice: Result<D, J>,
    done: &mut Option<D>,
    pending: &mut Option<J>,
) -> bool {
    match slice {
        Ok(d) => {
            *done = Some(d);
            false
        }
        Err(job) => {
            *pending = Some(job);
            true
        }
    }
}

/// The four accessors of [`StudyChapter`] for a chapter whose state and notices are its fields
/// `state` and `notices`.
macro_rules! study_parts {
    ($settings:ty) => {
        type Settings = $settings;

        fn state(&self) -> &$crate::study::StudyState<$settings> {
            &self.state
        }

        fn state_mut(&mut self) -> &mut $crate::study::StudyState<$settings> {
            &mut self.state
        }

        fn chapter_issues(&self) -> &[$crate::study::fields::StudyIssue] {
            &self.notices
        }

        fn chapter_issues_mut(&mut self) -> &mut Vec<$crate::study::fields::StudyIssue> {
            &mut self.notices
        }
    };
}
pub(crate) use study_parts;

impl<T: StudyChapter> Study for T {
    fn def(&self) -> &'static ChapterDef {
        T::Settings::DEF
    }

    fn lang(&self) -> Lang {
        self.state().lang
    }

    fn embed(&self) -> Option<&'static str> {
        self.state().embed
    }

    fn fragment(&self, embed: bool) -> String {
        self.state().to_fragment(embed)
    }

    fn issues(&self) -> &[StudyIssue] {
        self.chapter_issues()
    }

    fn update(&mut self, input: Input) {
        match input {
            Input::Lang(l) => {
                self.state_mut().lang = l;
                return;
            }
            Input::DismissNotices => {
                self.chapter_issues_mut().clear();
                return;
            }
            Input::Load(fields) => {
                let (state, issues) = StudyState::from_fragment(&fields, self.state().lang);
                *self.state_mut() = state;
                *self.chapter_issues_mut() = issues;
            }
            Input::Control { id, value } if id == "p" => {
                if T::Settings::DEF.preset(&value).is_none() {
                    return;
                }
                self.state_mut().apply_preset(&value);
            }
            Input::Control { id, value } => {
                if !self.control(&id, &value) {
                    return;
                }
                self.state_mut().preset = None;
            }
        }
        self.refresh();
    }

    fn controls(&self) -> Vec<Control> {
        self.chapter_controls()
    }

    fn panels(&self) -> Vec<Panel> {
        self.chapter_panels()
    }

    fn work(&mut self) -> bool {
        self.step()
    }
}

/// Checks shared by the chapters' tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Settings, StudyState};
    use crate::base::Lang;

    /// Reads `fragment` (which must have no issue) and checks that its own fragment reads back
    /// the same state; the state, for the chapter's own checks.
    pub fn round_trip<S: Settings + std::fmt::Debug>(fragment: &str) -> StudyState<S> {
        let (st, issues) = StudyState::<S>::from_fragment(fragment, Lang::Ca);
        assert!(issues.is_empty(), "{issues:?}");
        let (again, issues) = StudyState::<S>::from_fragment(&st.to_fragment(true), Lang::Ca);
        assert!(issues.is_empty());
        assert_eq!(again, st);
        st
    }

    /// Checks that `fragment` leaves the opening state, with `count` notices.
    pub fn keeps_defaults<S: Settings + std::fmt::Debug>(fragment: &str, count: usize) {
        let (st, issues) = StudyState::<S>::from_fragment(fragment, Lang::En);
        assert_eq!(st, StudyState::new(Lang::En));
        assert_eq!(issues.len(), count, "{issues:?}");
    }
}
