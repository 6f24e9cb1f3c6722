//! The "Predict first" panel: above a chapter that has questions, a button opens one; the
//! student types or picks a guess, reveals the answer computed by the core (through
//! `partlab_lab::quiz`), and moves on to the next question of the set. The set lives in the
//! address (`quiz=<seed>&qi=<index>`, the frame's fields), so a teacher's link gives a class
//! the same questions. Nothing typed here leaves the page: no request is made.
//!
//! Hooks: `#quiz[data-chapter][data-open]`; `#quiz-open`, `#quiz-form[data-kind]`,
//! `#quiz-prompt`, `#quiz-guess` (a number) or `input[name=quiz-choice]` (options),
//! `#quiz-reveal`, `#quiz-error`, `#quiz-result[data-correct][data-answer]`, `#quiz-next`,
//! `#quiz-close`, `#quiz-lab` (the question's configuration in the lab, hashing chapters).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlElement, HtmlInputElement};

use partlab_lab::chapters::{self, ChapterId, FrameOptions, Instrument};
use partlab_lab::quiz::{
    comparison, position, question, Answer, Guess, InputKind, QuizSet, Word, MAX_GUESS_CHARS,
};
use partlab_lab::state::Lang;

use crate::dom::{by_id, by_id_as, clear, set_attr, set_text_id, H};
use crate::{listen, log_error, with_frame};

pub use partlab_lab::quiz::covers;

/// What the panel shows now: it is rebuilt only when one of these changes.
#[derive(Clone, Copy, PartialEq)]
struct Shown {
    chapter: ChapterId,
    options: FrameOptions,
    lang: Lang,
    embedded: bool,
}

thread_local! {
    static SHOWN: RefCell<Option<Shown>> = const { RefCell::new(None) };
}

/// Builds the panel's (empty) section inside `parent`, before the chapter, with its listeners
/// (they live as long as the page, like the section).
pub fn build(parent: &Element) -> Result<(), JsValue> {
    let section = H::new("section")?
        .id("quiz")
        .class("quiz")
        .attr("hidden", "")
        .el();
    parent.append_child(&section)?;
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
            _ => None,
        };
    })?
    .forget();
    listen(&section, "submit", |e: Event| {
        // The form never goes anywhere: the guess is graded here.
        e.prevent_default();
        reveal();
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
    let now = Shown {
        chapter,
        options,
        lang,
        embedded,
    };
    let was = SHOWN.with(|s| s.replace(Some(now)));
    if was == Some(now) {
        return;
    }
    let focus_after = was.is_some_and(|w| w.chapter == chapter && w.options.quiz != options.quiz);
    if let Err(e) = render(now) {
        log_error("quiz", &e);
    }
    // A button of the panel was used: keep the keyboard in the panel.
    if focus_after {
        let target = match options.quiz {
            Some(_) => first_input(),
            None => by_id_as::<HtmlElement>("quiz-open"),
        };
        if let Some(t) = target {
            let _ = t.focus();
        }
    }
}

fn first_input() -> Option<HtmlElement> {
    by_id_as::<HtmlElement>("quiz-guess").or_else(|| by_id_as::<HtmlElement>("quiz-choice-0"))
}

fn render(shown: Shown) -> Result<(), JsValue> {
    let Some(section) = by_id("quiz") else {
        return Ok(());
    };
    clear(&section);
    let lang = shown.lang;
    let set = shown.options.quiz;
    // An embedded view shows the questions only when its address asks for them.
    let offered = covers(shown.chapter) && (set.is_some() || !shown.embedded);
    if !offered {
        set_attr(&section, "hidden", "");
        let _ = section.remove_attribute("data-open");
        return Ok(());
    }
    let _ = section.remove_attribute("hidden");
    set_attr(&section, "data-chapter", shown.chapter.slug());
    set_attr(&section, "lang", lang.code());
    let (Some(set), Some(q)) = (set, set.and_then(|s| question(shown.chapter, s))) else {
        let _ = section.remove_attribute("data-open");
        let _ = section.remove_attribute("aria-labelledby");
        section.append_child(
            &H::new("button")?
                .id("quiz-open")
                .class("quiz-open")
                .attr("type", "button")
                .text(Word::Open.text(lang))
                .el(),
        )?;
        return Ok(());
    };
    set_attr(&section, "data-open", "");
    set_attr(&section, "aria-labelledby", "quiz-h");
    section.append_child(
        &H::new("div")?
            .class("quiz-head")
            .child(H::new("h2")?.id("quiz-h").text(Word::Heading.text(lang)))?
            .child(
                H::new("p")?
                    .id("quiz-pos")
                    .class("quiz-pos")
                    .text(&position(lang, set)),
            )?
            .el(),
    )?;
    let mut form = H::new("form")?
        .id("quiz-form")
        .class("quiz-form")
        .attr("novalidate", "")
        .attr("data-kind", q.kind())
        .attr("data-seed", &set.seed.to_string())
        .attr("data-index", &set.index.to_string())
        .child(
            H::new("p")?
                .id("quiz-prompt")
                .class("quiz-prompt")
                .text(&q.prompt(lang)),
        )?;
    form = match q.input() {
        InputKind::Choice => {
            let mut fieldset = H::new("fieldset")?
                .class("quiz-choices")
                .attr("aria-describedby", "quiz-rule quiz-error")
                .child(H::new("legend")?.text(Word::GuessChoice.text(lang)))?;
            for (i, label) in q.choices(lang).iter().enumerate() {
                let id = format!("quiz-choice-{i}");
                fieldset = fieldset.child(
                    H::new("div")?
                        .class("choice")
                        .child(
                            H::new("input")?
                                .id(&id)
                                .attr("type", "radio")
                                .attr("name", "quiz-choice")
                                .attr("value", &i.to_string()),
                        )?
                        .child(H::new("label")?.attr("for", &id).text(label))?,
                )?;
            }
            form.child(fieldset)?
        }
        kind => {
            let label = match kind {
                InputKind::Count => Word::GuessCount,
                _ => Word::GuessPercent,
            };
            form.child(
                H::new("div")?
                    .class("field")
                    .child(
                        H::new("label")?
                            .attr("for", "quiz-guess")
                            .text(label.text(lang)),
                    )?
                    .child(
                        H::new("input")?
                            .id("quiz-guess")
                            .attr("type", "text")
                            .attr(
                                "inputmode",
                                if kind == InputKind::Count {
                                    "numeric"
                                } else {
                                    "decimal"
                                },
                            )
                            .attr("autocomplete", "off")
                            .attr("spellcheck", "false")
                            .attr("maxlength", &MAX_GUESS_CHARS.to_string())
                            .attr("aria-describedby", "quiz-rule quiz-error"),
                    )?,
            )?
        }
    };
    form = form
        .child(
            H::new("p")?
                .id("quiz-rule")
                .class("note")
                .text(&q.rule(lang)),
        )?
        // Announced when it appears: the input only points at it.
        .child(
            H::new("p")?
                .id("quiz-error")
                .class("quiz-error")
                .attr("aria-live", "polite"),
        )?
        .child(
            H::new("button")?
                .id("quiz-reveal")
                .attr("type", "submit")
                .text(Word::Reveal.text(lang)),
        )?;
    section.append_child(&form.el())?;
    section.append_child(
        &H::new("div")?
            .id("quiz-result")
            .class("quiz-result")
            .attr("aria-live", "polite")
            .el(),
    )?;
    section.append_child(
        &H::new("div")?
            .class("quiz-actions")
            .child(
                H::new("button")?
                    .id("quiz-next")
                    .attr("type", "button")
                    .text(Word::Next.text(lang)),
            )?
            .child(
                H::new("button")?
                    .id("quiz-close")
                    .attr("type", "button")
                    .text(Word::Close.text(lang)),
            )?
            .el(),
    )?;
    section.append_child(
        &H::new("p")?
            .class("note")
            .text(Word::Private.text(lang))
            .el(),
    )?;
    Ok(())
}

/// What the student typed or picked ("" when nothing).
fn raw_guess() -> String {
    if let Some(i) = by_id_as::<HtmlInputElement>("quiz-guess") {
        // Bounded before anything reads it (maxlength does not bind a script or a paste).
        return i.value().chars().take(MAX_GUESS_CHARS + 1).collect();
    }
    let mut i = 0;
    while let Some(r) = by_id_as::<HtmlInputElement>(&format!("quiz-choice-{i}")) {
        if r.checked() {
            return r.value();
        }
        i += 1;
    }
    String::new()
}

/// Grades the guess on screen and shows it against the core's answer.
fn reveal() {
    let Some(shown) = SHOWN.with(|s| *s.borrow()) else {
        return;
    };
    let lang = shown.lang;
    let Some(set) = shown.options.quiz else {
        return;
    };
    let Some(q) = question(shown.chapter, set) else {
        return;
    };
    let Some(result) = by_id("quiz-result") else {
        return;
    };
    let answer = match q.solve() {
        Ok(a) => a,
        Err(_) => {
            // Never expected for a generated question; said plainly rather than panicking.
            set_text_id("quiz-error", "?");
            return;
        }
    };
    let raw = raw_guess();
    let verdict = match q.grade(answer, &raw) {
        Ok(v) => v,
        Err(e) => {
            set_text_id("quiz-error", &e.message(lang));
            if let Some(i) = by_id("quiz-guess") {
                set_attr(&i, "aria-invalid", "true");
            }
            clear(&result);
            return;
        }
    };
    set_text_id("quiz-error", "");
    if let Some(i) = by_id("quiz-guess") {
        let _ = i.remove_attribute("aria-invalid");
    }
    let computed = q.show(lang, answer_as_guess(answer));
    let build = || -> Result<(), JsValue> {
        clear(&result);
        set_attr(&result, "data-correct", &verdict.correct.to_string());
        set_attr(&result, "data-answer", &answer.plain());
        let word = if verdict.correct {
            Word::Right
        } else {
            Word::Wrong
        };
        result.append_child(
            &H::new("p")?
                .class("quiz-verdict")
                .child(H::new("strong")?.text(word.text(lang)))?
                .child(H::new("span")?.text(&format!(
                    " {}",
                    comparison(lang, &q.show(lang, verdict.guess), &computed)
                )))?
                .el(),
        )?;
        result.append_child(&H::new("p")?.text(&q.explanation(lang)).el())?;
        let lab = q
            .lab_fields()
            .filter(|_| shown.chapter.instrument() == Instrument::Hashing);
        if let Some(fields) = lab {
            let href = format!(
                "#{}",
                chapters::fragment(
                    shown.chapter,
                    shown.options,
                    &format!("{fields}&l={}", lang.code())
                )
            );
            result.append_child(
                &H::new("p")?
                    .child(
                        H::new("a")?
                            .id("quiz-lab")
                            .attr("href", &href)
                            .text(Word::OpenInLab.text(lang)),
                    )?
                    .el(),
            )?;
        }
        Ok(())
    };
    if let Err(e) = build() {
        log_error("quiz", &e);
    }
}

fn answer_as_guess(a: Answer) -> Guess {
    match a {
        Answer::Percent(p) => Guess::Percent(p),
        Answer::Count(c) => Guess::Count(c),
        Answer::Choice(i) => Guess::Choice(i),
    }
}
