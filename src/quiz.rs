//! The "Predict first" panel: above a chapter that has questions, a button opens one; the
//! student types or picks a guess, reveals the answer computed by the core (through
//! `partlab_lab::quiz`), and moves on to the next question of the set. The set lives in the
//! address (`quiz=<seed>&qi=<index>`, the frame's fields), so a teacher's link gives a class
//! the same questions. Nothing typed here leaves the page: no request is made.
//!
//! This part owns the section, its buttons and the set; the open panel (the question, the
//! guess, the answer) is drawn by the study module (`partlab-study-web`'s `quiz`), fetched the
//! first time a set is opened, so the questions' generators and texts are not in what every
//! visitor downloads. While it loads the panel says so (and offers to close); a failed load
//! says so, with a button that tries again.
//!
//! Hooks: `#quiz[data-chapter][data-open|data-waiting]`; `#quiz-open`, `#quiz-loading` (`role=status`;
//! `data-failed` with `#quiz-retry`), `#quiz-close`; the open panel's hooks are listed in the
//! study module.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlElement};

use partlab_lab::chapters::{self, ChapterId, FrameOptions};
use partlab_lab::i18n::{tr, Text};
use partlab_lab::quiz::{QuizSet, Word};
use partlab_lab::state::Lang;

use crate::dom::{by_id, by_id_as, clear, set_attr, H};
use crate::remote::{self, ModuleState};
use crate::{listen, log_error, request_frame, with_frame};

pub use partlab_lab::quiz::covers;

/// What the panel shows now: it is rebuilt only when one of these changes.
#[derive(Clone, Copy, PartialEq)]
struct Shown {
    chapter: ChapterId,
    options: FrameOptions,
    lang: Lang,
    embedded: bool,
    /// The study module's load, while a set is open (it draws the open panel).
    module: Option<ModuleState>,
}

thread_local! {
    static SHOWN: RefCell<Option<Shown>> = const { RefCell::new(None) };
    /// A button of the panel was used and the keyboard goes to what replaced it once the
    /// panel is drawn (the study module may still be on its way).
    static FOCUS_PENDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Builds the panel's (empty) section inside `parent`, before the chapter, with its listeners
/// (they live as long as the page, like the section).
pub fn build(parent: &Element) -> Result<(), JsValue> {
    let section = H::new("section")
        .id("quiz")
        .class("quiz")
        .attr("hidden", "")
        .el();
    crate::dom::append(parent, &section);
    listen(&section, "click", |e| {
        let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
        let Some(t) = target.and_then(|t| t.closest("button").ok().flatten()) else {
            return;
        };
        match t.id().as_str() {
            "quiz-open" => with_frame(|f| f.set_quiz(Some(fresh_set()))),
            "quiz-next" => with_frame(|f| {
                let next = f.quiz().map(QuizSet::next);
                f.set_quiz(next)
            }),
            "quiz-close" => with_frame(|f| f.set_quiz(None)),
            "quiz-retry" => {
                FOCUS_PENDING.with(|p| p.set(true));
                remote::ensure_loading();
                request_frame();
                None
            }
            _ => None,
        };
    })?
    .forget();
    listen(&section, "submit", |e: Event| {
        // The form never goes anywhere: the guess is graded in the page.
        e.prevent_default();
        remote::quiz_reveal();
    })?
    .forget();
    Ok(())
}

/// A new set for a student who opens the questions without a teacher's link: a small random
/// seed, written to the address at once, so the questions are reproducible from then on.
fn fresh_set() -> QuizSet {
    let seed = (js_sys::Math::random() * 99_999.0) as u64 + 1;
    QuizSet { seed, index: 0 }
}

/// Shows the panel for `chapter` with the frame's `options` (its question set) in `lang`;
/// does nothing when nothing it shows changed.
pub fn sync(chapter: ChapterId, options: FrameOptions, lang: Lang, embedded: bool) {
    let open = options.quiz.is_some() && covers(chapter);
    if open && remote::module_state() == ModuleState::Idle {
        // The study module draws the open panel. (After a failed load, only the retry
        // button tries again.)
        remote::ensure_loading();
    }
    let now = Shown {
        chapter,
        options,
        lang,
        embedded,
        module: open.then(remote::module_state),
    };
    let was = SHOWN.with(|s| s.replace(Some(now)));
    if was == Some(now) {
        return;
    }
    if was.is_some_and(|w| w.chapter == chapter && w.options.quiz != options.quiz) {
        FOCUS_PENDING.with(|p| p.set(true));
    }
    let had_focus = focus_in_panel();
    if let Err(e) = render(now) {
        log_error("quiz", &e);
    }
    // A button of the panel was used: keep the keyboard in the panel, on what replaced it.
    if FOCUS_PENDING.with(|p| p.get()) || had_focus {
        let waiting = matches!(now.module, Some(ModuleState::Idle | ModuleState::Loading));
        let target = match now.module {
            None => by_id_as::<HtmlElement>("quiz-open"),
            Some(ModuleState::Ready) => first_input(),
            Some(ModuleState::Failed) => by_id_as::<HtmlElement>("quiz-retry"),
            // The status itself (`tabindex=-1`) until the question is there.
            Some(ModuleState::Idle | ModuleState::Loading) => {
                by_id_as::<HtmlElement>("quiz-loading")
            }
        };
        if let Some(t) = target {
            let _ = t.focus();
        }
        FOCUS_PENDING.with(|p| p.set(waiting));
    }
}

/// Whether the keyboard focus is inside the panel.
fn focus_in_panel() -> bool {
    let Some(section) = by_id("quiz") else {
        return false;
    };
    crate::dom::document()
        .ok()
        .and_then(|d| d.active_element())
        .is_some_and(|a| section.contains(Some(&a)))
}

fn first_input() -> Option<HtmlElement> {
    by_id_as::<HtmlElement>("quiz-guess").or_else(|| by_id_as::<HtmlElement>("quiz-choice-0"))
}

fn render(shown: Shown) -> Result<(), JsValue> {
    let Some(section) = by_id("quiz") else {
        return Ok(());
    };
    clear(&section);
    for name in ["data-open", "data-waiting", "aria-labelledby"] {
        let _ = section.remove_attribute(name);
    }
    let lang = shown.lang;
    // An embedded view shows the questions only when its address asks for them.
    let offered = covers(shown.chapter) && (shown.options.quiz.is_some() || !shown.embedded);
    if !offered {
        set_attr(&section, "hidden", "");
        return Ok(());
    }
    let _ = section.remove_attribute("hidden");
    set_attr(&section, "data-chapter", shown.chapter.slug());
    set_attr(&section, "lang", lang.code());
    let Some(module) = shown.module else {
        crate::dom::append(
            &section,
            &H::new("button")
                .id("quiz-open")
                .class("quiz-open")
                .attr("type", "button")
                .text(Word::Open.text(lang))
                .el(),
        );
        return Ok(());
    };
    let address = chapters::fragment(shown.chapter, shown.options, "");
    if module == ModuleState::Ready && remote::quiz_render(&section, &address, lang)? {
        return Ok(());
    }
    // The study module draws the open panel: it is on its way, or it could not be fetched.
    let failed = module == ModuleState::Failed;
    set_attr(&section, "data-waiting", "");
    let mut status = H::new("div")
        .id("quiz-loading")
        .class("quiz-status")
        .attr("tabindex", "-1");
    status = if failed {
        status
            .attr("role", "alert")
            .attr("data-failed", "true")
            .child(H::new("p").text(Word::LoadFailed.text(lang)))
            .child(
                H::new("button")
                    .id("quiz-retry")
                    .attr("type", "button")
                    .text(tr(lang, Text::ChapterRetry)),
            )
    } else {
        status
            .attr("role", "status")
            .child(H::new("p").text(Word::Loading.text(lang)))
    };
    crate::dom::append(&section, &status.el());
    crate::dom::append(
        &section,
        &H::new("div")
            .class("quiz-actions")
            .child(
                H::new("button")
                    .id("quiz-close")
                    .attr("type", "button")
                    .text(Word::Close.text(lang)),
            )
            .el(),
    );
    Ok(())
}
