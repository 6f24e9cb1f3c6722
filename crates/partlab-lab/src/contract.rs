//! The chapters of the lab and what each one declares: one row each in [`chapters!`], the
//! only place a chapter is registered.
//!
//! A row names the chapter's variant, its `c=` slug (also its CLI subcommand and its guide
//! page), the lesson parts it covers, the instrument that draws it (for a study chapter, its
//! view model, which declares its fields, presets and views through
//! [`crate::study::Settings`]) and its tab in the chapter bar in the three languages. Every
//! capability the frame gives a chapter (routing, the chapter bar and the contents, the share
//! dialog's presets and views, the teachers' page, the command line's options, the guide's
//! field tables, the fuzz tests) reads this table and the chapter's [`ChapterDef`], so adding
//! a chapter is its module, its texts and one row here.
//!
//! Architecture invariant: the page's first part calls only the cheap accessors ([`ChapterId::slug`],
//! [`ChapterId::parts`], [`ChapterId::instrument`], [`ChapterId::tab`]); the study chapters'
//! models, reached through [`open`] and [`def`], stay in the study module.

use partlab_core::lesson::LessonPart;

use crate::base::field::ChapterDef;
use crate::base::text::{texts, tr};
use crate::base::Lang;
use crate::i18n::preset_label;
use crate::state::words::hashing_def;
use crate::state::FragmentIssue;
use crate::study::fields::StudyIssue;
use crate::study::{self, Settings, Study, StudyChapter};

/// The view models the web app knows how to mount.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Instrument {
    /// Nodes, keys, strategies, the ring, figures and charts ([`crate::model::Lab`]).
    Hashing,
    /// The page for teachers: every preset, view and address field, from the lab's own tables.
    Teachers,
    /// A study of the KM0 workload: controls, figures, tables and charts described by a
    /// [`crate::study::Study`] (sections 1–4, 8–10).
    Study,
}

/// How a row of [`chapters!`] says what draws its chapter.
macro_rules! instrument_of {
    (Hashing) => {
        Instrument::Hashing
    };
    (Teachers) => {
        Instrument::Teachers
    };
    (Study($model:ty)) => {
        Instrument::Study
    };
}

/// A study chapter's model opened from its fields, or `None` for the other instruments.
macro_rules! open_of {
    (Hashing, $fields:expr, $lang:expr, $issues:expr) => {
        None
    };
    (Teachers, $fields:expr, $lang:expr, $issues:expr) => {
        None
    };
    (Study($model:ty), $fields:expr, $lang:expr, $issues:expr) => {
        Some(Box::new(<$model>::open($fields, $lang, $issues)) as Box<dyn Study>)
    };
}

/// A chapter's address description ([`ChapterDef`]): the study chapters' own, the hashing
/// chapters' shared one; the teachers' page has none.
macro_rules! def_of {
    (Hashing, $slug:literal) => {
        Some(hashing_def($slug))
    };
    (Teachers, $slug:literal) => {
        None
    };
    (Study($model:ty), $slug:literal) => {
        Some(<<$model as StudyChapter>::Settings as Settings>::DEF)
    };
}

/// Declares [`ChapterId`] and its accessors from one row per chapter.
macro_rules! chapters {
    ($(
        $(#[doc = $doc:expr])*
        $variant:ident => {
            slug: $slug:literal,
            parts: [$($part:expr),*],
            instrument: $kind:ident $(($model:ty))?,
            tab: ($ca:literal, $en:literal, $es:literal),
        },
    )*) => {
        /// Every chapter of the lab, in the order of the chapter bar.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ChapterId {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl ChapterId {
            /// Every chapter, in the lesson's order (the chapter bar's).
            pub const ALL: &'static [ChapterId] = &[$(ChapterId::$variant,)*];

            /// The chapter's name in URLs (`c=ring`), `data-chapter` attributes, the command
            /// line's subcommand and the guide's page.
            pub fn slug(self) -> &'static str {
                match self {
                    $(ChapterId::$variant => $slug,)*
                }
            }

            /// The parts of the lesson this chapter covers, the main one first.
            pub fn parts(self) -> &'static [LessonPart] {
                match self {
                    $(ChapterId::$variant => &[$($part),*],)*
                }
            }

            /// The view model that draws this chapter.
            pub fn instrument(self) -> Instrument {
                match self {
                    $(ChapterId::$variant => instrument_of!($kind $(($model))?),)*
                }
            }

            /// The chapter's tab in the chapter bar.
            pub fn tab(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $(
                        (ChapterId::$variant, Lang::Ca) => $ca,
                        (ChapterId::$variant, Lang::En) => $en,
                        (ChapterId::$variant, Lang::Es) => $es,
                    )*
                }
            }
        }

        /// The chapter's address description: its fields, presets and views (`None` for the
        /// teachers' page, which has only the language).
        pub fn def(chapter: ChapterId) -> Option<&'static ChapterDef> {
            match chapter {
                $(ChapterId::$variant => def_of!($kind $(($model))?, $slug),)*
            }
        }

        /// The view model of `chapter`, if it is a study chapter, from its fields (`fields`,
        /// without `c`), in `lang` unless the fields name another; `issues` are the frame's.
        pub fn open(
            chapter: ChapterId,
            fields: &str,
            lang: Lang,
            issues: Vec<FragmentIssue>,
        ) -> Option<Box<dyn Study>> {
            let issues: Vec<StudyIssue> = issues.into_iter().map(StudyIssue::Frame).collect();
            match chapter {
                $(ChapterId::$variant => open_of!($kind $(($model))?, fields, lang, issues),)*
            }
        }
    };
}

use partlab_core::lesson::LessonPart::{Exercise, Section};

chapters! {
    /// Section 1: partitions and replicas, leaders and followers, a node failure.
    Replication => {
        slug: "replication",
        parts: [Section(1)],
        instrument: Study(study::replication::Replication),
        tab: ("1 · Particions i rèpliques", "1 · Partitions & replicas", "1 · Particiones y réplicas"),
    },
    /// Section 2: range partitioning by creation time, and its hot spots.
    Ranges => {
        slug: "ranges",
        parts: [Section(2)],
        instrument: Study(study::ranges::Ranges),
        tab: ("2 · Rangs i punts calents", "2 · Ranges & hot spots", "2 · Rangos y puntos calientes"),
    },
    /// Section 3: hash partitioning and compound keys on the KM0 workload.
    HashKeys => {
        slug: "hash-keys",
        parts: [Section(3)],
        instrument: Study(study::hash_keys::HashKeys),
        tab: ("3 · Hash i claus compostes", "3 · Hash & compound keys", "3 · Hash y claves compuestas"),
    },
    /// Section 4: local and global secondary indexes, and scatter/gather tail latency.
    Indexes => {
        slug: "indexes",
        parts: [Section(4)],
        instrument: Study(study::indexes::Indexes),
        tab: ("4 · Índexs", "4 · Indexes", "4 · Índices"),
    },
    /// Section 5: `hash mod N` and why nearly every key moves when N changes.
    ModN => {
        slug: "mod-n",
        parts: [Section(5)],
        instrument: Hashing,
        tab: ("5 · Mòdul N", "5 · Mod N", "5 · Módulo N"),
    },
    /// Section 6 and exercise 1: the ring with virtual nodes, and weights.
    Ring => {
        slug: "ring",
        parts: [Section(6), Exercise(1)],
        instrument: Hashing,
        tab: ("6 · Anell", "6 · Ring", "6 · Anillo"),
    },
    /// Section 7 and exercise 3: rendezvous hashing, jump hash and replica sets.
    Rendezvous => {
        slug: "rendezvous",
        parts: [Section(7), Exercise(3)],
        instrument: Hashing,
        tab: ("7 · Rendezvous", "7 · Rendezvous", "7 · Rendezvous"),
    },
    /// Section 8: rebalancing (fixed partitions and Redis slots, dynamic split/merge,
    /// proportional to nodes, bandwidth caps, the failure-detector cascade).
    Rebalancing => {
        slug: "rebalancing",
        parts: [Section(8)],
        instrument: Study(study::rebalancing::Rebalancing),
        tab: ("8 · Reequilibratge", "8 · Rebalancing", "8 · Rebalanceo"),
    },
    /// Section 9: request routing (any node, a routing tier, an aware client) and leases.
    Routing => {
        slug: "routing",
        parts: [Section(9)],
        instrument: Study(study::routing::Routing),
        tab: ("9 · Encaminament", "9 · Request routing", "9 · Enrutamiento"),
    },
    /// Section 10 and exercise 2: choosing KM0's partition keys, measured.
    ChoosingKeys => {
        slug: "choosing-keys",
        parts: [Section(10), Exercise(2)],
        instrument: Study(study::choosing_keys::ChoosingKeys),
        tab: ("10 · Triar les claus", "10 · Choosing the keys", "10 · Elegir las claves"),
    },
    /// Beyond the lesson: every strategy compared, Maglev, bounded loads and multi-probe
    /// included.
    Compare => {
        slug: "compare",
        parts: [],
        instrument: Study(study::compare::Compare),
        tab: ("Més enllà · Comparativa", "Beyond · Comparison", "Más allá · Comparativa"),
    },
    /// Beyond the lesson: hot keys, Zipf popularity, bounded loads and a cache.
    HotKeys => {
        slug: "hot-keys",
        parts: [],
        instrument: Study(study::hot_keys::HotKeysStudy),
        tab: ("Més enllà · Claus calentes", "Beyond · Hot keys", "Más allá · Claves calientes"),
    },
    /// Not a lesson chapter: how to share, embed and set up every view (presets, address
    /// fields, embed views, the embedding contract).
    Teachers => {
        slug: "teachers",
        parts: [],
        instrument: Teachers,
        tab: ("Per a docents", "For teachers", "Para docentes"),
    },
}

/// A preset as the share dialog and the teachers' page offer it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Its id (`p=<id>`).
    pub id: &'static str,
    /// Its name on the page.
    pub label: String,
    /// The part of the lesson it reproduces (a hashing chapter's scenario), or the chapter's.
    pub part: Option<LessonPart>,
}

/// The chapter's presets, in `lang`: a study chapter's own, a hashing chapter's lesson
/// scenarios (the tables it reproduces).
pub fn presets(chapter: ChapterId, lang: Lang) -> Vec<Preset> {
    match def(chapter) {
        Some(d) if !d.presets.is_empty() => d
            .presets
            .iter()
            .map(|p| Preset {
                id: p.id,
                label: (p.label)(lang).to_owned(),
                part: chapter.parts().first().copied(),
            })
            .collect(),
        _ => chapter
            .presets()
            .map(|s| Preset {
                id: s.id,
                label: preset_label(lang, s),
                part: Some(s.section),
            })
            .collect(),
    }
}

/// The chapter's views that can be shown alone (`embed=`), with their titles in `lang`, in
/// page order.
pub fn views(chapter: ChapterId, lang: Lang) -> Vec<(&'static str, &'static str)> {
    def(chapter)
        .map(|d| d.views.iter().map(|v| (v.name, (v.title)(lang))).collect())
        .unwrap_or_default()
}

/// Reads a study chapter's fields strictly (the CLI): the chapter, or every problem found
/// (empty when `chapter` is not a study chapter).
pub fn open_strict(chapter: ChapterId, fields: &str) -> Result<Box<dyn Study>, Vec<StudyIssue>> {
    let study = open(chapter, fields, Lang::En, Vec::new()).ok_or_else(Vec::new)?;
    if study.issues().is_empty() {
        Ok(study)
    } else {
        Err(study.issues().to_vec())
    }
}

/// The paragraph that opens a chapter: what to try, in the lesson's terms.
pub fn chapter_intro(lang: Lang, c: ChapterId) -> &'static str {
    match def(c) {
        Some(d) => (d.intro)(lang),
        None => tr(lang, ContractText::TeachersIntro),
    }
}

texts! {
    /// The chapters' own words that no chapter module holds.
    pub enum ContractText {
        /// The teachers' page's opening paragraph.
        TeachersIntro => ("Tot el que cal per preparar una classe: cada experiment de la lliçó, cada vista que es pot incrustar i cada camp de l'adreça, generats de les mateixes taules que fa servir el laboratori. El botó «Comparteix o incrusta» de cada capítol en fa l'enllaç i el codi.", "Everything needed to prepare a class: every lesson experiment, every view that can be embedded and every field of the address, generated from the same tables the lab uses. The \"Share or embed\" button of every chapter makes the link and the code.", "Todo lo necesario para preparar una clase: cada experimento de la lección, cada vista que se puede incrustar y cada campo de la dirección, generados a partir de las mismas tablas que usa el laboratorio. El botón «Compartir o incrustar» de cada capítulo crea el enlace y el código."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::field::ChapterDef;
    use crate::study::view::ControlKind;
    use crate::study::Input;

    /// The frame reads `c`, `links` and `projector` before any chapter sees the address: a
    /// chapter field of the same name would be taken for the frame's (`c=125` as a chapter).
    #[test]
    fn no_chapter_field_or_control_takes_a_frame_field_name() {
        use crate::chapters::{CHAPTER_FIELD, LINKS_FIELD, PROJECTOR_FIELD};
        use crate::quiz::{QUIZ_FIELD, QUIZ_INDEX_FIELD};
        let reserved = [
            CHAPTER_FIELD,
            LINKS_FIELD,
            PROJECTOR_FIELD,
            QUIZ_FIELD,
            QUIZ_INDEX_FIELD,
        ];
        for c in ChapterId::ALL
            .iter()
            .copied()
            .filter(|c| c.instrument() == Instrument::Study)
        {
            let Some(mut study) = open(c, "", Lang::En, Vec::new()) else {
                panic!("{c:?} opens");
            };
            for control in study.controls() {
                assert!(
                    !reserved.contains(&control.id),
                    "{c:?}: control {}",
                    control.id
                );
            }
            // Every control moved once: the fields written then hold every setting.
            for control in study.controls() {
                let value = match &control.kind {
                    ControlKind::Select { options, .. } | ControlKind::Buttons { options, .. } => {
                        options.last().map(|o| o.value.clone()).unwrap_or_default()
                    }
                    ControlKind::Range { max, .. } => max.to_string(),
                    _ => continue,
                };
                study.update(Input::Control {
                    id: control.id.to_owned(),
                    value,
                });
            }
            let fragment = study.fragment(true);
            for pair in fragment.split('&').filter(|p| !p.is_empty()) {
                let name = pair.split('=').next().unwrap_or("");
                assert!(
                    !reserved.contains(&name),
                    "{c:?}: field {name} in {fragment}"
                );
            }
        }
    }

    /// The issues of opening `chapter` at `fields`.
    fn issues_of(chapter: ChapterId, fields: &str) -> Vec<StudyIssue> {
        match open(chapter, fields, Lang::En, Vec::new()) {
            Some(s) => s.issues().to_vec(),
            None => panic!("{chapter:?} is a study chapter"),
        }
    }

    fn names_field(issue: &StudyIssue, name: &str) -> bool {
        match issue {
            StudyIssue::BadValue { field, .. }
            | StudyIssue::BadChoice { field, .. }
            | StudyIssue::Refused { field, .. }
            | StudyIssue::Adjusted { field, .. } => *field == name,
            _ => false,
        }
    }

    /// A study chapter reads exactly the fields its table declares, with the table's limits:
    /// each field's default and every value of its range or list is taken (a value may
    /// still be refused beside the defaults of the others, with the rule, never as a bad
    /// value), one past its range or outside its list is a notice naming it, a field the
    /// table does not have is an unknown field, and the address written back has the
    /// table's fields and nothing else.
    #[test]
    fn every_study_chapter_reads_exactly_its_field_table() {
        use crate::base::field::FieldKind;
        for &c in ChapterId::ALL {
            if c.instrument() != Instrument::Study {
                continue;
            }
            let def = def(c).unwrap_or_else(|| panic!("{c:?} has a table"));
            assert!(issues_of(c, "").is_empty(), "{c:?} opens cleanly");
            for f in def.fields {
                let bad_value = |fields: &str| {
                    issues_of(c, fields).into_iter().find(|i| {
                        matches!(
                            i,
                            StudyIssue::BadValue { .. } | StudyIssue::BadChoice { .. }
                        ) && names_field(i, f.name)
                    })
                };
                // A value taken alone is written back as it was read, unless a rule refused it.
                let took = |value: &str| {
                    let at = format!("{}={}", f.name, crate::base::url::encode(value));
                    let Some(s) = open(c, &at, Lang::En, Vec::new()) else {
                        return false;
                    };
                    let refused = s.issues().iter().any(|i| names_field(i, f.name));
                    refused || s.fragment(false).split('&').any(|p| p == at)
                };
                let default = f.default_value();
                if !default.is_empty() {
                    let at = format!("{}={}", f.name, crate::base::url::encode(&default));
                    assert_eq!(issues_of(c, &at), vec![], "{c:?}: {at}");
                }
                match f.kind {
                    FieldKind::Whole { min, max, .. } => {
                        for ok in [min, max] {
                            let at = format!("{}={ok}", f.name);
                            assert_eq!(bad_value(&at), None, "{c:?}: {at}");
                            assert!(took(&ok.to_string()), "{c:?}: {at} is not written back");
                        }
                        for bad in [max.saturating_add(1), u64::MAX] {
                            if bad > max {
                                let at = format!("{}={bad}", f.name);
                                assert!(bad_value(&at).is_some(), "{c:?}: {at} is refused");
                            }
                        }
                        assert!(bad_value(&format!("{}=x", f.name)).is_some());
                    }
                    FieldKind::Choice { values, .. } => {
                        for v in values {
                            let at = format!("{}={v}", f.name);
                            assert_eq!(bad_value(&at), None, "{c:?}: {at}");
                            assert!(took(v), "{c:?}: {at} is not written back");
                        }
                        let at = format!("{}=not-a-value", f.name);
                        assert!(bad_value(&at).is_some(), "{c:?}: {at} is refused");
                    }
                    FieldKind::Rule { .. } => {}
                }
            }
            let unknown = issues_of(c, "zz=1");
            assert!(
                matches!(unknown.as_slice(), [StudyIssue::UnknownFields { count: 1 }]),
                "{c:?}: {unknown:?}"
            );
            let Some(opened) = open(c, "", Lang::En, Vec::new()) else {
                panic!("{c:?} opens");
            };
            let written = opened.fragment(false);
            for pair in written.split('&') {
                let name = pair.split('=').next().unwrap_or("");
                assert!(
                    name == "l" || name == "p" || def.field(name).is_some(),
                    "{c:?} writes {name}, which its table lacks: {written}"
                );
            }
            for f in def.fields.iter().filter(|f| !f.default_value().is_empty()) {
                assert!(
                    written
                        .split('&')
                        .any(|p| p.split('=').next() == Some(f.name)),
                    "{c:?} does not write {}: {written}",
                    f.name
                );
            }
        }
    }

    /// Every preset of a study chapter opens cleanly and is written back; every view can be
    /// shown alone; every field, preset and view has words in the three languages.
    #[test]
    fn every_preset_and_view_of_a_study_chapter_opens() {
        for &c in ChapterId::ALL {
            let Some(def) = def(c) else { continue };
            for lang in Lang::ALL {
                assert!(!(def.intro)(lang).is_empty(), "{c:?}");
                for f in def.fields {
                    assert!(!f.meaning(lang).is_empty() && !f.rule(lang).is_empty());
                }
                for v in def.views {
                    assert!(!(v.title)(lang).is_empty(), "{c:?}: {}", v.name);
                }
            }
            if c.instrument() != Instrument::Study {
                continue;
            }
            assert!(!def.presets.is_empty() && !def.views.is_empty(), "{c:?}");
            for p in def.presets {
                let at = format!("p={}", p.id);
                assert_eq!(issues_of(c, &at), vec![], "{c:?}: {at}");
                let Some(s) = open(c, &at, Lang::En, Vec::new()) else {
                    panic!("{c:?}");
                };
                assert!(
                    s.fragment(false).contains(&at),
                    "{c:?}: {at} is written back"
                );
                assert_eq!(presets(c, Lang::Ca).len(), def.presets.len());
            }
            for v in def.views {
                let at = format!("embed={}", v.name);
                let Some(s) = open(c, &at, Lang::En, Vec::new()) else {
                    panic!("{c:?}");
                };
                assert_eq!(s.embed(), Some(v.name), "{c:?}: {at}");
                assert!(s.fragment(true).contains(&at));
            }
        }
    }

    /// The hashing chapters offer the lesson's scenarios of their parts as presets and the
    /// instrument's six views.
    #[test]
    fn the_hashing_chapters_presets_and_views_come_from_the_lesson_and_the_instrument() {
        let ring = presets(ChapterId::Ring, Lang::En);
        assert!(ring.iter().any(|p| p.id == "weighted"));
        assert!(ring.iter().all(|p| p.part.is_some()));
        assert_eq!(views(ChapterId::ModN, Lang::En).len(), 6);
        assert!(presets(ChapterId::Teachers, Lang::En).is_empty());
        assert!(views(ChapterId::Teachers, Lang::En).is_empty());
    }

    /// A fragment of `chapter`'s own fields with values drawn from `picks` (one number per
    /// field, turned into a value the field takes or, every seventh, into garbage), then
    /// the fields every chapter has.
    fn assembled(def: &ChapterDef, picks: &[u64], extra: &str) -> String {
        use crate::base::field::FieldKind;
        let mut parts: Vec<String> = def
            .fields
            .iter()
            .zip(picks)
            .filter(|(_, &p)| p % 5 != 0)
            .map(|(f, &p)| {
                let value = match f.kind {
                    _ if p % 7 == 0 => {
                        ["x", "-1", "%ZZ", "1e9", "", "<b>"][(p / 7 % 6) as usize].to_owned()
                    }
                    FieldKind::Whole { min, max, .. } => (min + p % (max - min + 1)).to_string(),
                    FieldKind::Choice { values, .. } => {
                        values[(p as usize) % values.len()].to_owned()
                    }
                    FieldKind::Rule { default, .. } => default.to_owned(),
                };
                format!("{}={}", f.name, crate::base::url::encode(&value))
            })
            .collect();
        parts.push(extra.to_owned());
        parts.join("&")
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// Whatever an address holds, a study chapter opens without panicking, and the
        /// address it writes back reads again without a problem and identically: a chapter
        /// never writes a state it would refuse.
        #[test]
        fn any_address_opens_and_what_it_writes_reads_back(
            text in "[ -~]{0,80}",
            picks in proptest::collection::vec(0u64..1_000_000, 16),
            which in 0usize..64,
            extra in proptest::sample::select(vec!["", "l=es", "p=lesson", "embed=x", "zz=1", "l=ca&p=nope"]),
        ) {
            let studies: Vec<ChapterId> = ChapterId::ALL
                .iter()
                .copied()
                .filter(|c| c.instrument() == Instrument::Study)
                .collect();
            let c = studies[which % studies.len()];
            let Some(def) = def(c) else { panic!("{c:?}") };
            for fragment in [text.clone(), assembled(def, &picks, extra)] {
                let Some(s) = open(c, &fragment, Lang::En, Vec::new()) else { panic!("{c:?}") };
                let written = s.fragment(true);
                let Some(again) = open(c, &written, Lang::En, Vec::new()) else { panic!("{c:?}") };
                proptest::prop_assert!(again.issues().is_empty(), "{:?} {} → {} → {:?}", c, fragment, written, again.issues());
                proptest::prop_assert_eq!(again.fragment(true), written);
            }
        }
    }
}
