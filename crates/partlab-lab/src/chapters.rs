//! The lab's chapters: which part of the lesson each one brings to life, the table of contents,
//! and the frame's share of the URL fragment (`c=<chapter>`).
//!
//! A chapter is a view model of its own (state, messages, URL fields, texts) behind an
//! [`Instrument`]: the web app mounts one instrument for the chapter on screen and builds
//! nothing for the others. Sections 5, 6 and 7 share one instrument, the hashing lab
//! ([`crate::model::Lab`]); they differ in their intro, default strategy and presets.
//!
//! # Adding a chapter
//!
//! 1. A module in this crate with its state (URL fields, parsed without panicking), its
//!    closed `Msg` enum and its view model, tested natively.
//! 2. A variant in [`Instrument`] (when it is a new instrument) and in [`ChapterId`], with its
//!    slug, its lesson parts and its texts in [`crate::i18n`].
//! 3. Its rendering in the web app (a module beside `src/hashing/`) and one arm where the frame
//!    mounts an instrument.
//!
//! Nothing in the other chapters changes: the table of contents, the routing and the
//! language switch read the tables here.
//!
//! # The frame's fragment fields
//!
//! `c` names the chapter (`#c=ring&…`) and `links=off` hides the links that would leave an
//! embedding frame (a course page that wants its students to stay); every other field
//! belongs to the chapter. A fragment
//! without `c` (every URL shared before chapters existed) goes to the chapter that shows what
//! it used to show: the chapter of its preset's lesson part, else the one for its strategy.
//! A fragment with nothing but `c` (and `l`) opens the chapter as the user last left it.

use partlab_core::config::Strategy;
use partlab_core::lesson::{self, LessonPart, Scenario};

use crate::base::text::tr;
pub use crate::contract::{ChapterId, Instrument};
use crate::i18n::{part_number, part_title, Text};
use crate::state::{decode_field, Field, FragmentIssue, LabState, Lang};

/// The fragment field that names the chapter.
pub const CHAPTER_FIELD: &str = "c";
/// The fragment field that hides the links leaving an embedded page (`links=off`).
pub const LINKS_FIELD: &str = "links";
/// The frame's field for projector mode (`projector=on`).
pub const PROJECTOR_FIELD: &str = "projector";

/// How the frame shows any chapter: fields of the address that belong to no chapter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameOptions {
    /// Whether links that leave the page are shown (`links=off` hides them).
    pub links: bool,
    /// Projector mode (`projector=on`): larger text and marks, a palette with 3:1 contrast.
    pub projector: bool,
    /// The "Predict first" questions open with this set (`quiz=<seed>&qi=<index>`), or closed.
    pub quiz: Option<QuizSet>,
}

impl Default for FrameOptions {
    fn default() -> FrameOptions {
        FrameOptions {
            links: true,
            projector: false,
            quiz: None,
        }
    }
}

impl ChapterId {
    /// The chapters that go beyond the lesson, in the order the contents list them.
    pub const BEYOND: [ChapterId; 2] = [ChapterId::Compare, ChapterId::HotKeys];

    /// The chapter shown when the address names none.
    pub const DEFAULT: ChapterId = ChapterId::Ring;

    /// The chapter called `slug`.
    pub fn from_slug(slug: &str) -> Option<ChapterId> {
        ChapterId::ALL.iter().copied().find(|c| c.slug() == slug)
    }

    /// Whether the chapter brings a part of the lesson to life (the chapter bar shows those;
    /// the teachers' page is reached from the header).
    pub fn is_lesson(self) -> bool {
        !self.parts().is_empty()
    }

    /// Whether the chapter goes beyond the lesson (the chapter bar shows those too, after the
    /// lesson's, and the contents list them in a group of their own).
    pub fn is_beyond(self) -> bool {
        ChapterId::BEYOND.contains(&self)
    }

    /// The strategy the chapter opens with when the address gives none (study chapters do
    /// not use one: the ring's).
    pub fn default_strategy(self) -> Strategy {
        match self {
            ChapterId::ModN => Strategy::Modulo,
            ChapterId::Rendezvous => Strategy::Rendezvous,
            _ => Strategy::Ring,
        }
    }

    /// The chapter that covers `part`, if one exists yet.
    pub fn for_part(part: LessonPart) -> Option<ChapterId> {
        ChapterId::ALL
            .iter()
            .copied()
            .find(|c| c.parts().contains(&part))
    }

    /// The chapter that shows `strategy` first.
    pub fn for_strategy(strategy: Strategy) -> ChapterId {
        match strategy {
            Strategy::Modulo => ChapterId::ModN,
            Strategy::Ring => ChapterId::Ring,
            // Bounded loads is the ring with a cap, ketama the memcached clients' ring; the
            // other strategies beyond the lesson sit with section 7's alternatives to the ring.
            Strategy::Bounded | Strategy::Ketama => ChapterId::Ring,
            Strategy::Rendezvous | Strategy::Jump | Strategy::Maglev | Strategy::MultiProbe => {
                ChapterId::Rendezvous
            }
        }
    }

    /// The lesson's scenarios this chapter offers as presets, in the lesson's order.
    pub fn presets(self) -> impl Iterator<Item = &'static Scenario> {
        lesson::scenarios()
            .iter()
            .filter(move |s| self.parts().contains(&s.section))
    }

    /// The preset through which the table of contents opens `part` (exercises open on their
    /// first scenario, sections on the chapter as it is).
    pub fn entry_preset(part: LessonPart) -> Option<&'static Scenario> {
        match part {
            LessonPart::Exercise(_) => lesson::scenarios().iter().find(|s| s.section == part),
            LessonPart::Section(_) => None,
        }
    }
}

/// The hashing lab's opening state in `chapter` (sections 5–7 share the instrument and differ
/// in the strategy they open with).
pub fn hashing_defaults(chapter: ChapterId, lang: Lang) -> LabState {
    let mut state = LabState::with_lang(lang);
    state.strategy = chapter.default_strategy();
    state
}

/// The chapter for chapter fields written before chapters existed: the chapter of the
/// preset's lesson part, else the one for the strategy (the ring's when none is given), so an
/// old address keeps showing what it showed.
///
/// The preset counts as written, even where the state drops it as a label that does not
/// describe the experiment (`p=mod-4-5&v=10` still opens the chapter of section 5).
pub fn legacy_chapter(fields: &str) -> ChapterId {
    let (state, _) = LabState::from_fragment(fields, Lang::Ca);
    let preset = fields
        .split('&')
        .filter_map(|pair| pair.strip_prefix("p="))
        .next_back()
        .and_then(decode_field);
    preset
        .as_deref()
        .and_then(lesson::scenario)
        .and_then(|s| ChapterId::for_part(s.section))
        .unwrap_or_else(|| ChapterId::for_strategy(state.strategy))
}

/// One line of the table of contents: a part of the lesson and where it lives in the lab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContentsEntry {
    /// The section or exercise.
    pub part: LessonPart,
    /// The chapter that covers it, or `None` while none does (shown as text, not as a link).
    pub chapter: Option<ChapterId>,
    /// The preset the entry opens with (exercises).
    pub preset: Option<&'static str>,
}

/// The lesson's table of contents: every section and exercise, in order, with its chapter.
pub fn contents() -> Vec<ContentsEntry> {
    LessonPart::ALL
        .into_iter()
        .map(|part| {
            let chapter = ChapterId::for_part(part);
            ContentsEntry {
                part,
                chapter,
                preset: chapter
                    .and_then(|_| ChapterId::entry_preset(part))
                    .map(|s| s.id),
            }
        })
        .collect()
}

/// The frame's reading of a fragment: which chapter, and the fields left for the chapter.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// The chapter to show.
    pub chapter: ChapterId,
    /// The fragment without the frame's fields (what the chapter parses), without `#`.
    pub rest: String,
    /// Whether the fragment holds nothing for the chapter but the language: "open the chapter
    /// as I left it".
    pub bare: bool,
    /// Whether links that leave the page are shown (`links=off` hides them).
    pub links: bool,
    /// Projector mode (`projector=on`).
    pub projector: bool,
    /// The question set, when the address opens the questions (`quiz=`, `qi=`).
    pub quiz: Option<QuizSet>,
    /// Problems with the frame's fields (an unknown chapter).
    pub issues: Vec<FragmentIssue>,
}

/// Splits `fragment` into the frame's fields and the chapter's.
///
/// Without `c`, the chapter is the one that shows what the address showed before chapters
/// existed: `legacy` is asked with the chapter's fields (it knows the preset and strategy
/// fields). Never panics; an unknown `c` falls back to the same choice with an issue.
pub fn route(fragment: &str, legacy: impl FnOnce(&str) -> ChapterId) -> Route {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut chapter = None;
    let mut links = true;
    let mut projector = false;
    let (mut quiz_seed, mut quiz_index) = (None, None);
    let mut issues = Vec::new();
    let mut rest: Vec<&str> = Vec::new();
    for pair in fragment.split('&').filter(|p| !p.is_empty()) {
        let (name, raw) = pair.split_once('=').unwrap_or((pair, ""));
        if name == CHAPTER_FIELD {
            match decode_field(raw).as_deref().and_then(ChapterId::from_slug) {
                Some(c) => chapter = Some(c),
                None => issues.push(FragmentIssue::bad_value(Field::Chapter, raw)),
            }
        } else if name == LINKS_FIELD {
            match raw {
                "off" => links = false,
                "on" => links = true,
                _ => issues.push(FragmentIssue::bad_value(Field::Links, raw)),
            }
        } else if name == PROJECTOR_FIELD {
            match raw {
                "on" => projector = true,
                "off" => projector = false,
                _ => issues.push(FragmentIssue::bad_value(Field::Projector, raw)),
            }
        } else if name == QUIZ_FIELD {
            match parse_seed(raw) {
                Some(seed) => quiz_seed = Some(seed),
                None => issues.push(FragmentIssue::bad_value(Field::Quiz, raw)),
            }
        } else if name == QUIZ_INDEX_FIELD {
            match parse_index(raw) {
                Some(i) => quiz_index = Some(i),
                None => issues.push(FragmentIssue::bad_value(Field::QuizIndex, raw)),
            }
        } else {
            rest.push(pair);
        }
    }
    let bare = rest.iter().all(|p| p.split('=').next() == Some("l"));
    let named = |field: Field| {
        rest.iter()
            .any(|p| p.split('=').next() == Some(field.name()))
    };
    // A preset alone is the preset's experiment; with any configuration field it is only a
    // label over the old page's defaults.
    let over_old_defaults =
        !named(Field::Preset) || Field::ALL.into_iter().any(|f| f.is_config() && named(f));
    let strategy_named = named(Field::Strategy);
    let mut rest = rest.join("&");
    let chapter = match chapter {
        Some(c) => c,
        None => {
            let c = legacy(&rest);
            // The page before chapters opened on the ring: an old address that names no
            // strategy meant the ring, even where its chapter opens with another one
            // (`p=mod-4-5&v=10` is section 5's preset label over a ring experiment).
            let old_default = LabState::with_lang(Lang::Ca).strategy;
            if !bare
                && over_old_defaults
                && !strategy_named
                && c.instrument() == Instrument::Hashing
                && c.default_strategy() != old_default
            {
                rest.push_str(&format!(
                    "&{}={}",
                    Field::Strategy.name(),
                    old_default.name()
                ));
            }
            c
        }
    };
    Route {
        chapter,
        rest,
        bare,
        links,
        projector,
        // `qi` alone names a question of no set: nothing to open.
        quiz: quiz_seed.map(|seed| QuizSet {
            seed,
            index: quiz_index.unwrap_or(0),
        }),
        issues,
    }
}

/// The fragment for `chapter` with the chapter's own fields `fields` (without `#`) and the
/// frame's `options` (only those that differ from the defaults are written).
pub fn fragment(chapter: ChapterId, options: FrameOptions, fields: &str) -> String {
    let mut out = format!("{CHAPTER_FIELD}={}", chapter.slug());
    if !options.links {
        out.push_str(&format!("&{LINKS_FIELD}=off"));
    }
    if options.projector {
        out.push_str(&format!("&{PROJECTOR_FIELD}=on"));
    }
    if let Some(q) = options.quiz {
        out.push('&');
        out.push_str(&q.fields());
    }
    if !fields.is_empty() {
        out.push('&');
        out.push_str(fields);
    }
    out
}

/// A chapter's heading.
pub fn chapter_title(lang: Lang, c: ChapterId) -> String {
    match c {
        ChapterId::Compare => return tr(lang, Text::CompareTitle).to_owned(),
        ChapterId::HotKeys => return tr(lang, Text::HotKeysTitle).to_owned(),
        _ => {}
    }
    match c.parts().first() {
        Some(&main) => format!("{} {}", part_number(lang, main), part_title(lang, main)),
        None => tr(lang, Text::TeachersTitle).to_owned(),
    }
}

/// The chapter's tab in the chapter bar.
pub fn chapter_tab(lang: Lang, c: ChapterId) -> &'static str {
    c.tab(lang)
}

/// The opening paragraph of a hashing chapter (mod N, ring, rendezvous; others: an empty
/// string). The first part calls this one, not `contract::chapter_intro`, so that the study
/// chapters' paragraphs stay in the study module.
pub fn hashing_intro(lang: Lang, c: ChapterId) -> &'static str {
    crate::state::words::hashing_intro(lang, c.slug())
}

/// The frame's field naming the question set (`quiz=7`).
pub const QUIZ_FIELD: &str = "quiz";

/// The frame's field naming the question shown (`qi=0` is the first).
pub const QUIZ_INDEX_FIELD: &str = "qi";

/// The last question index an address may name.
pub const MAX_INDEX: u32 = 999;

/// The most digits a seed may have in an address (`u64::MAX` has 20).
pub const MAX_SEED_DIGITS: usize = 20;

/// A question set and the question on screen: the frame's `quiz=` and `qi=` fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuizSet {
    /// The seed every question of the set is drawn from.
    pub seed: u64,
    /// Which question (0 is the first).
    pub index: u32,
}

impl QuizSet {
    /// The set's fields for an address (`quiz=7&qi=2`; `qi` only when it is not 0).
    pub fn fields(self) -> String {
        if self.index == 0 {
            format!("{QUIZ_FIELD}={}", self.seed)
        } else {
            format!(
                "{QUIZ_FIELD}={}&{QUIZ_INDEX_FIELD}={}",
                self.seed, self.index
            )
        }
    }

    /// The next question of the same set (the last index stays).
    pub fn next(self) -> QuizSet {
        QuizSet {
            seed: self.seed,
            index: (self.index + 1).min(MAX_INDEX),
        }
    }
}

/// A seed written in an address: ASCII digits only (no sign, no spaces), at most
/// [`MAX_SEED_DIGITS`], within `u64`.
pub fn parse_seed(raw: &str) -> Option<u64> {
    if raw.is_empty() || raw.len() > MAX_SEED_DIGITS || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    raw.parse().ok()
}

/// A question index written in an address: digits, `0..=MAX_INDEX`.
pub fn parse_index(raw: &str) -> Option<u32> {
    if raw.is_empty() || raw.len() > 3 || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    raw.parse().ok().filter(|i| *i <= MAX_INDEX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_legacy(_: &str) -> ChapterId {
        ChapterId::DEFAULT
    }

    #[test]
    fn slugs_round_trip_and_every_chapter_covers_a_part() {
        for &c in ChapterId::ALL {
            assert_eq!(ChapterId::from_slug(c.slug()), Some(c));
            assert_eq!(c.is_lesson(), c != ChapterId::Teachers && !c.is_beyond());
            for p in c.parts() {
                assert_eq!(ChapterId::for_part(*p), Some(c));
            }
        }
        assert_eq!(ChapterId::from_slug("nope"), None);
    }

    #[test]
    fn every_scenario_is_a_preset_of_exactly_one_chapter() {
        for s in lesson::scenarios() {
            let owners: Vec<ChapterId> = ChapterId::ALL
                .iter()
                .copied()
                .filter(|c| c.presets().any(|p| p.id == s.id))
                .collect();
            assert_eq!(owners.len(), 1, "{} is offered by {owners:?}", s.id);
        }
    }

    #[test]
    fn the_contents_list_every_part_once_in_order() {
        let toc = contents();
        let parts: Vec<LessonPart> = toc.iter().map(|e| e.part).collect();
        assert_eq!(parts, LessonPart::ALL);
        let section = |n| toc.iter().find(|e| e.part == LessonPart::Section(n));
        assert_eq!(section(6).and_then(|e| e.chapter), Some(ChapterId::Ring));
        assert_eq!(
            section(8).and_then(|e| e.chapter),
            Some(ChapterId::Rebalancing)
        );
        assert_eq!(section(9).and_then(|e| e.chapter), Some(ChapterId::Routing));
        let ex1 = toc.iter().find(|e| e.part == LessonPart::Exercise(1));
        assert_eq!(ex1.and_then(|e| e.preset), Some("weighted"));
        // A part without a chapter has no preset either: nothing to link to.
        assert!(toc
            .iter()
            .all(|e| e.chapter.is_some() || e.preset.is_none()));
    }

    #[test]
    fn routes_split_the_frame_fields_from_the_chapters() {
        let r = route("#c=mod-n&s=modulo&v=10", no_legacy);
        assert_eq!(r.chapter, ChapterId::ModN);
        assert_eq!(r.rest, "s=modulo&v=10");
        assert!(!r.bare && r.issues.is_empty());

        let r = route("c=rendezvous&l=en", no_legacy);
        assert_eq!((r.chapter, r.bare), (ChapterId::Rendezvous, true));

        // Without `c`, the legacy rule decides, with the chapter's fields.
        let r = route("#s=jump&v=10", |rest| {
            assert_eq!(rest, "s=jump&v=10");
            ChapterId::Rendezvous
        });
        assert_eq!(r.chapter, ChapterId::Rendezvous);

        let r = route("c=%3Cscript%3E&v=10", no_legacy);
        assert_eq!(r.chapter, ChapterId::DEFAULT);
        assert!(matches!(
            r.issues.as_slice(),
            [FragmentIssue::BadValue {
                field: Field::Chapter,
                ..
            }]
        ));
        assert!(route("", no_legacy).bare);
    }

    #[test]
    fn old_addresses_keep_their_chapter_and_state() {
        assert_eq!(legacy_chapter(""), ChapterId::Ring);
        assert_eq!(legacy_chapter("p=mod-4-5&embed=figures"), ChapterId::ModN);
        assert_eq!(legacy_chapter("p=weighted"), ChapterId::Ring);
        assert_eq!(legacy_chapter("p=rendezvous"), ChapterId::Rendezvous);
        assert_eq!(legacy_chapter("s=jump&v=10"), ChapterId::Rendezvous);
        assert_eq!(legacy_chapter("s=modulo"), ChapterId::ModN);
        // A preset label that does not describe the experiment still picks the chapter.
        assert_eq!(legacy_chapter("p=mod-4-5&v=10"), ChapterId::ModN);
        assert_eq!(
            legacy_chapter("p=rendezvous&s=ring&p=nope"),
            ChapterId::Ring
        );
        // The chapter's opening state does not change an old address's state: every field it
        // sets is the one the address sets, and the ring chapter opens like the old page.
        for old in [
            "",
            "v=10",
            "p=ring-join&embed=ring",
            "s=rendezvous&r=2&l=en",
            // Section 5's preset label over a ring experiment: the chapter of section 5,
            // still showing the ring.
            "p=mod-4-5&v=10",
            "p=mod-4-5&v=10&embed=figures",
            "p=mod-4-5",
            "p=rendezvous&v=20",
            "s=modulo&v=20",
        ] {
            let r = route(old, legacy_chapter);
            assert!(r.issues.is_empty(), "{old}");
            let (then, _) = LabState::from_fragment(old, Lang::Ca);
            let (now, _) =
                LabState::from_fragment_over(&r.rest, hashing_defaults(r.chapter, Lang::Ca));
            assert_eq!(now, then, "{old}");
        }
        assert_eq!(
            route("p=mod-4-5&v=10", legacy_chapter).chapter,
            ChapterId::ModN
        );
    }

    #[test]
    fn fragments_round_trip_through_route() {
        for &c in ChapterId::ALL {
            for (links, projector) in [(true, false), (false, false), (true, true), (false, true)] {
                for fields in ["", "s=ring&v=10", "l=ca"] {
                    let options = FrameOptions {
                        links,
                        projector,
                        quiz: None,
                    };
                    let f = fragment(c, options, fields);
                    let r = route(&f, no_legacy);
                    assert_eq!(
                        (r.chapter, r.links, r.projector, r.rest.as_str()),
                        (c, links, projector, fields)
                    );
                    assert!(r.issues.is_empty());
                    assert_eq!(f.contains("projector=on"), projector, "{f}");
                }
            }
        }
        let r = route("links=maybe&c=ring&projector=yes", no_legacy);
        assert!(r.links && !r.projector);
        assert!(matches!(
            r.issues.as_slice(),
            [
                FragmentIssue::BadValue {
                    field: Field::Links,
                    ..
                },
                FragmentIssue::BadValue {
                    field: Field::Projector,
                    ..
                }
            ]
        ));
        // The chapter's own fields never see the frame's.
        let r = route("c=ring&projector=on&v=10", no_legacy);
        assert_eq!((r.projector, r.rest.as_str()), (true, "v=10"));
    }

    #[test]
    fn the_question_set_is_a_frame_field() {
        for set in [
            QuizSet { seed: 7, index: 0 },
            QuizSet {
                seed: u64::MAX,
                index: 999,
            },
        ] {
            let options = FrameOptions {
                quiz: Some(set),
                ..FrameOptions::default()
            };
            let f = fragment(ChapterId::Ring, options, "v=10&l=en");
            let r = route(&f, no_legacy);
            assert_eq!((r.quiz, r.rest.as_str()), (Some(set), "v=10&l=en"), "{f}");
            assert!(r.issues.is_empty());
        }
        // Only the set's fields: the chapter opens as it was left, with the questions.
        let r = route("c=rebalancing&quiz=3&qi=2", no_legacy);
        assert!(r.bare);
        assert_eq!(r.quiz, Some(QuizSet { seed: 3, index: 2 }));
        // A bad value is an issue and opens nothing; `qi` alone is ignored.
        let r = route("c=ring&quiz=-1&v=10", no_legacy);
        assert_eq!((r.quiz, r.rest.as_str()), (None, "v=10"));
        assert!(matches!(
            r.issues.as_slice(),
            [FragmentIssue::BadValue {
                field: Field::Quiz,
                ..
            }]
        ));
        let r = route("c=ring&qi=1000&quiz=4", no_legacy);
        assert_eq!(r.quiz, Some(QuizSet { seed: 4, index: 0 }));
        assert_eq!(r.issues.len(), 1);
        assert_eq!(route("c=ring&qi=3", no_legacy).quiz, None);
        // Old addresses never named a question set.
        assert_eq!(route("s=ring&v=10", legacy_chapter).quiz, None);
    }
}
