//! The open "Predict first" panel: the question of the set on screen, the student's guess, and
//! the core's answer once revealed (through `partlab_lab::quiz`).
//!
//! The first part owns the panel's section (`#quiz`), its open, next, close and retry buttons
//! and the address; it hands the panel over here only while a question set is open, so the
//! questions' generators, the core's modules they call and their texts stay out of what a
//! visitor of the hashing chapters downloads. Nothing typed in the panel leaves the page.
//!
//! Hooks: `#quiz[data-open]`, `#quiz-form[data-kind]`, `#quiz-prompt`, `#quiz-guess` (a number)
//! or `input[name=quiz-choice]` (options), `#quiz-reveal`, `#quiz-error`,
//! `#quiz-result[data-correct][data-answer]`, `#quiz-next`, `#quiz-close`, `#quiz-lab` (the
//! question's configuration in the lab, hashing chapters).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlInputElement};

use partlab_lab::chapters::{self, route, ChapterId, FrameOptions, Instrument};
use partlab_lab::quiz::{
    comparison, position, question, Answer, Guess, InputKind, Question, QuizSet, Word,
    MAX_GUESS_CHARS,
};
use partlab_lab::state::Lang;

use crate::dom::{by_id, by_id_as, clear, set_attr, set_text_id, H};
use crate::log_error;

/// The question on screen, for the reveal.
#[derive(Clone, Copy)]
struct Shown {
    chapter: ChapterId,
    options: FrameOptions,
    set: QuizSet,
    lang: Lang,
}

thread_local! {
    static SHOWN: RefCell<Option<Shown>> = const { RefCell::new(None) };
}

/// Fills `section` with the question that the frame's `address` opens (its chapter and its
/// `quiz=`/`qi=` fields), in `lang`. An address without a question set leaves it empty.
pub fn render(section: &Element, address: &str, lang: Lang) -> Result<(), JsValue> {
    let routed = route(address, |_| ChapterId::DEFAULT);
    let options = FrameOptions {
        links: routed.links,
        projector: routed.projector,
        quiz: routed.quiz,
    };
    clear(section);
    let Some((set, q)) = routed
        .quiz
        .and_then(|set| Some((set, question(routed.chapter, set)?)))
    else {
        SHOWN.with(|s| *s.borrow_mut() = None);
        return Ok(());
    };
    SHOWN.with(|s| {
        *s.borrow_mut() = Some(Shown {
            chapter: routed.chapter,
            options,
            set,
            lang,
        })
    });
    set_attr(section, "data-open", "");
    set_attr(section, "aria-labelledby", "quiz-h");
    section.append_child(
        &H::new("div")
            .class("quiz-head")
            .child(H::new("h2").id("quiz-h").text(Word::Heading.text(lang)))
            .child(
                H::new("p")
                    .id("quiz-pos")
                    .class("quiz-pos")
                    .text(&position(lang, set)),
            )
            .el(),
    )?;
    section.append_child(&form(&q, set, lang).el())?;
    section.append_child(
        &H::new("div")
            .id("quiz-result")
            .class("quiz-result")
            .attr("aria-live", "polite")
            .el(),
    )?;
    section.append_child(
        &H::new("div")
            .class("quiz-actions")
            .child(
                H::new("button")
                    .id("quiz-next")
                    .attr("type", "button")
                    .text(Word::Next.text(lang)),
            )
            .child(
                H::new("button")
                    .id("quiz-close")
                    .attr("type", "button")
                    .text(Word::Close.text(lang)),
            )
            .el(),
    )?;
    section.append_child(
        &H::new("p")
            .class("note")
            .text(Word::Private.text(lang))
            .el(),
    )?;
    Ok(())
}

/// The question's form: its prompt, the guess's input (a number or options), the rule the
/// guess is graded by, the error line and the reveal button. The first part's listener on the
/// section keeps it from being submitted and calls [`reveal`].
fn form(q: &Question, set: QuizSet, lang: Lang) -> H {
    let form = H::new("form")
        .id("quiz-form")
        .class("quiz-form")
        .attr("novalidate", "")
        .attr("data-kind", q.kind())
        .attr("data-seed", &set.seed.to_string())
        .attr("data-index", &set.index.to_string())
        .child(
            H::new("p")
                .id("quiz-prompt")
                .class("quiz-prompt")
                .text(&q.prompt(lang)),
        );
    let form = match q.input() {
        InputKind::Choice => {
            let mut fieldset = H::new("fieldset")
                .class("quiz-choices")
                .attr("aria-describedby", "quiz-rule quiz-error")
                .child(H::new("legend").text(Word::GuessChoice.text(lang)));
            for (i, label) in q.choices(lang).iter().enumerate() {
                let id = format!("quiz-choice-{i}");
                fieldset = fieldset.child(
                    H::new("div")
                        .class("choice")
                        .child(
                            H::new("input")
                                .id(&id)
                                .attr("type", "radio")
                                .attr("name", "quiz-choice")
                                .attr("value", &i.to_string()),
                        )
                        .child(H::new("label").attr("for", &id).text(label)),
                );
            }
            form.child(fieldset)
        }
        kind => {
            let (label, mode) = match kind {
                InputKind::Count => (Word::GuessCount, "numeric"),
                _ => (Word::GuessPercent, "decimal"),
            };
            form.child(
                H::new("div")
                    .class("field")
                    .child(
                        H::new("label")
                            .attr("for", "quiz-guess")
                            .text(label.text(lang)),
                    )
                    .child(
                        H::new("input")
                            .id("quiz-guess")
                            .attr("type", "text")
                            .attr("inputmode", mode)
                            .attr("autocomplete", "off")
                            .attr("spellcheck", "false")
                            .attr("maxlength", &MAX_GUESS_CHARS.to_string())
                            .attr("aria-describedby", "quiz-rule quiz-error"),
                    ),
            )
        }
    };
    form.child(
        H::new("p")
            .id("quiz-rule")
            .class("note")
            .text(&q.rule(lang)),
    )
    // Announced when it appears: the input only points at it.
    .child(
        H::new("p")
            .id("quiz-error")
            .class("quiz-error")
            .attr("aria-live", "polite"),
    )
    .child(
        H::new("button")
            .id("quiz-reveal")
            .attr("type", "submit")
            .text(Word::Reveal.text(lang)),
    )
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
pub fn reveal() {
    let Some(shown) = SHOWN.with(|s| *s.borrow()) else {
        return;
    };
    let lang = shown.lang;
    let Some(q) = question(shown.chapter, shown.set) else {
        return;
    };
    let Some(result) = by_id("quiz-result") else {
        return;
    };
    let Ok(answer) = q.solve() else {
        // Never expected for a generated question; said plainly rather than panicking.
        set_text_id("quiz-error", "?");
        return;
    };
    let verdict = match q.grade(answer, &raw_guess()) {
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
            &H::new("p")
                .class("quiz-verdict")
                .child(H::new("strong").text(word.text(lang)))
                .child(H::new("span").text(&format!(
                    " {}",
                    comparison(lang, &q.show(lang, verdict.guess), &computed)
                )))
                .el(),
        )?;
        result.append_child(&H::new("p").text(&q.explanation(lang)).el())?;
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
                &H::new("p")
                    .child(
                        H::new("a")
                            .id("quiz-lab")
                            .attr("href", &href)
                            .text(Word::OpenInLab.text(lang)),
                    )
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
