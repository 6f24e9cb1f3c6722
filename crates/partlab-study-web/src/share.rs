//! The share / embed dialog: an instructor picks what to show (what is on screen, a lesson
//! preset, or the chapter as it opens), a view, a language and a frame size, and gets the
//! link, the `<iframe>` code (with a meaningful `title`), copy buttons and a live preview at
//! that size. The addresses are computed by `partlab_lab::share`; this module only reads the
//! form and writes the results.
//!
//! The first part owns the header's `#share-open` button; it calls [`open`] with the chapter on
//! screen as an address (its chapter, its fields and the open question set) and the page's
//! language. The dialog is built, with its listeners, the first time it opens; it is modal,
//! so the page cannot change under it and the context it was opened with stays true.
//!
//! Hooks: `dialog#share`; `#share-link` and `#share-code` hold the results; `#share-preview`
//! is the preview frame; `#share-copied` says what was copied.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlDialogElement, HtmlIFrameElement, HtmlInputElement, HtmlSelectElement,
    HtmlTextAreaElement,
};

use partlab_lab::chapters::{chapter_title, route, ChapterId};
use partlab_lab::contract;
use partlab_lab::i18n::{tr, Text};
use partlab_lab::quiz::QuizSet;
use partlab_lab::share::{
    iframe_code, share_fragment, share_link, ShareOptions, ShareWhat, SIZES, SIZE_RANGE,
};
use partlab_lab::state::Lang;

use crate::dom::{by_id, by_id_as, clear, set_attr, set_text_id, window, H};
use crate::listen_id;

/// What the dialog knows about the chapter it was opened for.
struct ShareContext {
    /// The chapter.
    chapter: ChapterId,
    /// Its fragment fields when the dialog opened.
    fields: String,
    /// The page's language.
    lang: Lang,
    /// The question set open on the page, if any (the link can carry it).
    quiz: Option<QuizSet>,
}

thread_local! {
    /// The context of the dialog's last opening (the form's listeners read it).
    static CONTEXT: RefCell<Option<ShareContext>> = const { RefCell::new(None) };
}

/// Opens the dialog for the chapter that `address` names (`c=`, its fields, and `quiz=` when
/// the page's questions are open), in `lang`; builds it the first time.
pub fn open(address: &str, lang: Lang) -> Result<(), JsValue> {
    let routed = route(address, |_| ChapterId::DEFAULT);
    let ctx = ShareContext {
        chapter: routed.chapter,
        fields: routed.rest,
        lang,
        quiz: routed.quiz,
    };
    if by_id("share").is_none() {
        let parent = by_id("app").ok_or_else(|| JsValue::from_str("no #app"))?;
        build(&parent)?;
        wire()?;
    }
    let shown = show(&ctx);
    CONTEXT.with(|c| *c.borrow_mut() = Some(ctx));
    shown
}

/// Runs `f` on the context of the dialog's last opening.
fn with_context(f: impl FnOnce(&ShareContext)) {
    CONTEXT.with(|c| {
        if let Ok(c) = c.try_borrow() {
            if let Some(ctx) = c.as_ref() {
                f(ctx);
            }
        }
    });
}

fn radio(id: &str, value: &str) -> H {
    H::new("input")
        .id(id)
        .attr("type", "radio")
        .attr("name", "share-what")
        .attr("value", value)
}

/// A radio button or checkbox `control` with its label after it (`{id}-label`).
fn choice(id: &str, control: H) -> H {
    H::new("div")
        .class("choice")
        .child(control)
        .child(H::new("label").id(&format!("{id}-label")).attr("for", id))
}

fn checkbox(id: &str) -> H {
    H::new("input").id(id).attr("type", "checkbox")
}

/// A text field the reader copies from, not types in.
fn read_only(tag: &'static str, id: &str) -> H {
    H::new(tag)
        .id(id)
        .attr("readonly", "")
        .attr("spellcheck", "false")
}

/// The button that copies the text of `field`.
fn copy_button(id: &str, field: &str) -> H {
    H::new("button")
        .id(id)
        .attr("type", "button")
        .attr("data-copy", field)
}

fn labelled(id: &str, control: H) -> H {
    H::new("div")
        .class("field")
        .child(H::new("label").id(&format!("{id}-label")).attr("for", id))
        .child(control)
}

/// Builds the dialog (closed) inside `parent`.
fn build(parent: &Element) -> Result<(), JsValue> {
    let mut size = H::new("select").id("share-size");
    for (i, (w, h)) in SIZES.iter().enumerate() {
        size = size.child(
            H::new("option")
                .attr("value", &i.to_string())
                .text(&format!("{w} × {h}")),
        );
    }
    size = size.child(
        H::new("option")
            .attr("value", "custom")
            .id("share-size-custom"),
    );
    let number = |id: &str, value: u32| -> H {
        H::new("input")
            .id(id)
            .attr("type", "number")
            .attr("inputmode", "numeric")
            .attr("min", &SIZE_RANGE.start().to_string())
            .attr("max", &SIZE_RANGE.end().to_string())
            .attr("value", &value.to_string())
    };
    let what = H::new("fieldset")
        .child(H::new("legend").id("share-what-legend"))
        .child(choice(
            "share-what-current",
            radio("share-what-current", "current").attr("checked", ""),
        ))
        .child(
            choice("share-what-preset", radio("share-what-preset", "preset")).child(
                H::new("select")
                    .id("share-preset")
                    .attr("aria-labelledby", "share-what-preset-label"),
            ),
        )
        .child(choice(
            "share-what-start",
            radio("share-what-start", "start"),
        ));
    let lang = crate::dom::lang_select("share-lang");
    let dialog = H::new("dialog")
        .id("share")
        .class("share")
        .attr("aria-labelledby", "share-h")
        .child(H::new("h2").id("share-h"))
        .child(
            H::new("div")
                .class("share-grid")
                .child(
                    H::new("div")
                        .class("share-form")
                        .child(what)
                        .child(labelled("share-view", H::new("select").id("share-view")))
                        .child(labelled("share-lang", lang))
                        .child(
                            H::new("fieldset")
                                .child(H::new("legend").id("share-size-legend"))
                                .child(labelled("share-size", size))
                                .child(labelled("share-width", number("share-width", SIZES[0].0)))
                                .child(labelled(
                                    "share-height",
                                    number("share-height", SIZES[0].1),
                                )),
                        )
                        .child(choice("share-links-off", checkbox("share-links-off")))
                        .child(choice("share-projector", checkbox("share-projector")))
                        // Shown when the page has questions open (see `open`).
                        .child(
                            choice("share-quiz", checkbox("share-quiz"))
                                .id("share-quiz-choice")
                                .attr("hidden", ""),
                        ),
                )
                .child(
                    H::new("div")
                        .class("share-out")
                        .child(labelled(
                            "share-link",
                            read_only("input", "share-link").attr("type", "text"),
                        ))
                        .child(copy_button("share-copy-link", "share-link"))
                        .child(labelled(
                            "share-code",
                            read_only("textarea", "share-code").attr("rows", "4"),
                        ))
                        .child(copy_button("share-copy-code", "share-code"))
                        .child(
                            H::new("p")
                                .id("share-copied")
                                .class("note")
                                .attr("role", "status"),
                        )
                        .child(H::new("h3").id("share-preview-h"))
                        // The preview frame is made when the dialog first opens: a frame,
                        // even hidden and empty, costs the page's start several ms.
                        .child(H::new("div").id("share-preview-box").class("share-preview")),
                ),
        )
        .child(H::new("button").id("share-close").attr("type", "button"));
    parent.append_child(&dialog.el())?;
    Ok(())
}

/// The dialog's fixed texts, by the id of the element that shows each.
const FIXED_TEXTS: &[(&str, Text)] = &[
    ("share-h", Text::ShareTitle),
    ("share-what-legend", Text::ShareWhat),
    ("share-what-current-label", Text::ShareCurrent),
    ("share-what-preset-label", Text::SharePreset),
    ("share-what-start-label", Text::ShareStart),
    ("share-view-label", Text::ShareView),
    ("share-lang-label", Text::Language),
    ("share-size-legend", Text::ShareSize),
    ("share-size-label", Text::SizeChoice),
    ("share-size-custom", Text::ShareCustomSize),
    ("share-width-label", Text::Width),
    ("share-height-label", Text::Height),
    ("share-links-off-label", Text::LinksOff),
    ("share-projector-label", Text::ShareProjector),
    ("share-link-label", Text::ShareLink),
    ("share-code-label", Text::EmbedCode),
    ("share-copy-link", Text::CopyLink),
    ("share-copy-code", Text::CopyCode),
    ("share-preview-h", Text::Preview),
    ("share-close", Text::Close),
];

/// Writes the dialog's fixed texts in `lang`.
fn render_texts(lang: Lang) {
    for &(id, text) in FIXED_TEXTS {
        set_text_id(id, tr(lang, text));
    }
}

fn select(id: &str) -> Option<HtmlSelectElement> {
    by_id_as::<HtmlSelectElement>(id)
}

fn checked(id: &str) -> bool {
    by_id_as::<HtmlInputElement>(id).is_some_and(|i| i.checked())
}

/// Fills the dialog for `ctx` and opens it.
fn show(ctx: &ShareContext) -> Result<(), JsValue> {
    let lang = ctx.lang;
    render_texts(lang);
    // The preset on screen, if any, is the one offered first.
    let current_preset = ctx
        .fields
        .split('&')
        .find_map(|p| p.strip_prefix("p="))
        .unwrap_or_default()
        .to_owned();
    if let Some(presets) = by_id("share-preset") {
        clear(&presets);
        for s in contract::presets(ctx.chapter, lang) {
            let mut option = H::new("option").attr("value", s.id).text(&s.label);
            if s.id == current_preset {
                option = option.attr("selected", "");
            }
            presets.append_child(&option.el())?;
        }
    }
    if let Some(views) = by_id("share-view") {
        clear(&views);
        views.append_child(
            &H::new("option")
                .attr("value", "")
                .text(tr(lang, Text::WholePage))
                .el(),
        )?;
        for (name, title) in views_in(ctx, lang) {
            views.append_child(&H::new("option").attr("value", name).text(title).el())?;
        }
    }
    if let Some(l) = select("share-lang") {
        l.set_value(lang.code());
    }
    if let Some(r) = by_id_as::<HtmlInputElement>("share-what-current") {
        r.set_checked(true);
    }
    set_text_id("share-copied", "");
    // The questions open on the page are offered (and ticked): the link then reproduces them.
    if let Some(choice) = by_id("share-quiz-choice") {
        match ctx.quiz {
            Some(set) => {
                let _ = choice.remove_attribute("hidden");
                set_text_id(
                    "share-quiz-label",
                    &partlab_lab::quiz::share_label(lang, set.seed),
                );
            }
            None => set_attr(&choice, "hidden", ""),
        }
    }
    if let Some(c) = by_id_as::<HtmlInputElement>("share-quiz") {
        c.set_checked(ctx.quiz.is_some());
    }
    update(ctx);
    if let Some(d) = by_id_as::<HtmlDialogElement>("share") {
        d.show_modal()?;
    }
    Ok(())
}

/// The chapter's views that can be embedded alone, with their titles in `lang`.
fn views_in(ctx: &ShareContext, lang: Lang) -> Vec<(&'static str, &'static str)> {
    contract::views(ctx.chapter, lang)
}

/// The frame size chosen: a preset size, or the custom width and height (clamped).
fn size() -> (u32, u32) {
    let choice = select("share-size").map(|s| s.value()).unwrap_or_default();
    let number = |id: &str, default: u32| {
        by_id_as::<HtmlInputElement>(id)
            .and_then(|i| i.value().trim().parse::<u32>().ok())
            .map_or(default, |v| v.clamp(*SIZE_RANGE.start(), *SIZE_RANGE.end()))
    };
    match choice.parse::<usize>().ok().and_then(|i| SIZES.get(i)) {
        Some(&(w, h)) => (w, h),
        None => (
            number("share-width", SIZES[0].0),
            number("share-height", SIZES[0].1),
        ),
    }
}

/// Recomputes the link, the code and the preview from the form.
fn update(ctx: &ShareContext) {
    let what = if checked("share-what-preset") {
        let id = select("share-preset")
            .map(|s| s.value())
            .unwrap_or_default();
        match contract::presets(ctx.chapter, ctx.lang)
            .into_iter()
            .find(|s| s.id == id)
        {
            Some(s) => ShareWhat::Preset(s.id),
            None => ShareWhat::Current,
        }
    } else if checked("share-what-start") {
        ShareWhat::ChapterStart
    } else {
        ShareWhat::Current
    };
    let lang = select("share-lang")
        .and_then(|s| Lang::from_code(&s.value()))
        .unwrap_or(ctx.lang);
    let view_name = select("share-view").map(|s| s.value()).unwrap_or_default();
    // The frame's title is in the shared page's language.
    let views = views_in(ctx, lang);
    let view = views.iter().find(|(n, _)| *n == view_name);
    let options = ShareOptions {
        what,
        view: view.map(|(n, _)| *n),
        lang,
        links_off: checked("share-links-off"),
        projector: checked("share-projector"),
        quiz: ctx.quiz.filter(|_| checked("share-quiz")),
    };
    let (w, h) = size();
    // The custom fields show the size in use, whichever way it was chosen.
    for (id, v) in [("share-width", w), ("share-height", h)] {
        if let Some(i) = by_id_as::<HtmlInputElement>(id) {
            if i.value() != v.to_string()
                && select("share-size").is_some_and(|s| s.value() != "custom")
            {
                i.set_value(&v.to_string());
            }
        }
    }
    let base = window()
        .ok()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let link = share_link(&base, &share_fragment(ctx.chapter, &ctx.fields, &options));
    let title = match view {
        Some((_, view_title)) => format!(
            "Partlab: {} · {view_title}",
            chapter_title(lang, ctx.chapter)
        ),
        None => format!("Partlab: {}", chapter_title(lang, ctx.chapter)),
    };
    if let Some(i) = by_id_as::<HtmlInputElement>("share-link") {
        i.set_value(&link);
    }
    if let Some(t) = by_id_as::<HtmlTextAreaElement>("share-code") {
        t.set_value(&iframe_code(&link, &title, w, h));
    }
    if let Some(f) = by_id_as::<HtmlIFrameElement>("share-preview").or_else(preview_frame) {
        set_attr(&f, "title", &title);
        set_attr(&f, "width", &w.to_string());
        set_attr(&f, "height", &h.to_string());
        if f.src() != link {
            f.set_src(&link);
        }
    }
}

/// Makes the preview frame in its box (the first time the dialog opens).
fn preview_frame() -> Option<HtmlIFrameElement> {
    let frame = H::new("iframe").id("share-preview").el();
    by_id("share-preview-box")?.append_child(&frame).ok()?;
    frame.dyn_into::<HtmlIFrameElement>().ok()
}

/// Copies the text of the field `id` (a link or code) and says so; where the clipboard is not
/// available, selects the text so the user can copy it.
fn copy(id: &str, lang: Lang) {
    let text = by_id_as::<HtmlInputElement>(id)
        .map(|i| i.value())
        .or_else(|| by_id_as::<HtmlTextAreaElement>(id).map(|t| t.value()))
        .unwrap_or_default();
    let clipboard = window().ok().and_then(|w| {
        js_sys::Reflect::get(&w.navigator(), &JsValue::from_str("clipboard"))
            .ok()
            .and_then(|c| c.dyn_into::<web_sys::Clipboard>().ok())
    });
    match clipboard {
        Some(c) => {
            let _ = c.write_text(&text);
            set_text_id("share-copied", tr(lang, Text::Copied));
        }
        None => {
            if let Some(i) = by_id_as::<HtmlInputElement>(id) {
                i.select();
            } else if let Some(t) = by_id_as::<HtmlTextAreaElement>(id) {
                t.select();
            }
            set_text_id("share-copied", tr(lang, Text::CopyByHand));
        }
    }
}

/// The dialog's listeners (they live as long as the page, like the dialog).
fn wire() -> Result<(), JsValue> {
    let keep = |l: Option<crate::Listener>| {
        if let Some(l) = l {
            l.forget();
        }
    };
    for event in ["input", "change"] {
        keep(listen_id("share", event, |_| with_context(update))?);
    }
    keep(listen_id("share", "click", |e| {
        let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
        let Some(t) = target else {
            return;
        };
        if t.id() == "share-close" {
            if let Some(d) = by_id_as::<HtmlDialogElement>("share") {
                d.close();
            }
        } else if let Some(field) = t.get_attribute("data-copy") {
            with_context(|ctx| copy(&field, ctx.lang));
        }
    })?);
    Ok(())
}
