//! The frame's part of the page: the header (title, language, the chapter bar and the
//! lesson's table of contents), the chapter's root element and the footer.
//!
//! Stable hooks: `#chapter[data-chapter=<slug>]` is the chapter's root; `#guide-link` is the
//! header's link to the chapter's page of the guide; the chapter bar's links
//! are `a[data-chapter]` (`aria-current="page"` on the chapter on screen); the table of
//! contents lists `li[data-part]` (`5`, `ex1`), with a link where a chapter covers the part and
//! `data-available="false"` where none does yet.
//! `#skip-link` is the page's first Tab stop: it moves the focus to `#chapter`.

use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;

use partlab_lab::chapters::chapter_tab;
use partlab_lab::chapters::{self, contents, ChapterId, FrameOptions};
use partlab_lab::i18n::{part_number, part_title, tr, Text};
use partlab_lab::state::Lang;

use crate::dom::{by_id, by_id_as, clear, document, set_attr, set_text_id, H};

/// The id of the "skip to the lab" link.
pub const SKIP_LINK: &str = "skip-link";

/// Moves the focus to the chapter on screen (the skip link's target), without touching the
/// address: `#chapter` is not one of the lab's addresses.
pub fn skip_to_chapter() {
    if let Some(root) = by_id_as::<web_sys::HtmlElement>("chapter") {
        let _ = root.focus();
        root.scroll_into_view();
    }
}

/// Builds the frame inside `app` (replacing the loading message) and returns the element
/// chapters are mounted in.
pub fn build(app: &Element) -> Result<Element, JsValue> {
    clear(app);
    // The first stop of Tab: past the header and the chapter bar to the chapter (its click
    // is taken by the page, src/lib.rs, so the address keeps the lab's fields).
    crate::dom::append(
        app,
        &H::new("a")
            .id(SKIP_LINK)
            .class("skip-link")
            .attr("href", "#chapter")
            .el(),
    );
    let header = H::new("header")
        .class("top")
        .child(
            H::new("div")
                .child(H::new("h1").id("title"))
                .child(H::new("p").id("tagline").class("tagline")),
        )
        .child(
            H::new("div")
                .class("lang")
                .child(
                    H::new("a")
                        .id("tab-teachers")
                        .class("teachers-link")
                        .attr("data-chapter", ChapterId::Teachers.slug()),
                )
                // The guide's page of the chapter on screen; hidden where the build carries no
                // guide (the single file) and with `links=off`.
                .child(
                    H::new("a")
                        .id("guide-link")
                        .class("guide-link")
                        .attr("hidden", ""),
                )
                .child(
                    H::new("button")
                        .id("projector")
                        .class("projector-toggle")
                        .attr("type", "button")
                        .attr("aria-pressed", "false"),
                )
                .child(
                    H::new("button")
                        .id("share-open")
                        .class("share-open")
                        .attr("type", "button")
                        .attr("aria-haspopup", "dialog"),
                )
                .child(H::new("label").id("lang-label").attr("for", "lang"))
                .child(crate::dom::lang_select("lang")),
        )
        // While the share dialog waits for the study module (src/share.rs).
        .child(
            H::new("p")
                .id("share-status")
                .class("share-status")
                .attr("role", "status"),
        );
    crate::dom::append(app, &header.el());
    let mut tabs = H::new("ul").class("chapter-tabs");
    for c in ChapterId::ALL
        .iter()
        .copied()
        .filter(|c| c.is_lesson() || c.is_beyond())
    {
        tabs = tabs.child(
            H::new("li").child(
                H::new("a")
                    .id(&format!("tab-{}", c.slug()))
                    .attr("data-chapter", c.slug()),
            ),
        );
    }
    let nav = H::new("nav")
        .id("chapters")
        .class("chapters")
        .child(tabs)
        .child(
            H::new("details")
                .class("toc")
                .child(H::new("summary").id("toc-summary"))
                .child(H::new("ol").id("toc").class("toc-list")),
        );
    crate::dom::append(app, &nav.el());
    crate::quiz::build(app)?;
    // Focusable by the skip link only (not a Tab stop of its own).
    let root = H::new("div")
        .id("chapter")
        .class("chapter")
        .attr("tabindex", "-1")
        .el();
    crate::dom::append(app, &root);
    crate::dom::append(
        app,
        &H::new("footer")
            .class("footer")
            .child(H::new("p").id("footer-text"))
            .child(
                H::new("p").child(
                    H::new("a")
                        .id("open-full")
                        .attr("target", "_blank")
                        .attr("rel", "noopener"),
                ),
            )
            .el(),
    );
    Ok(root)
}

/// The address of `chapter` as a link, in `lang`, with `preset` applied if given.
fn link(chapter: ChapterId, lang: Lang, preset: Option<&str>, options: FrameOptions) -> String {
    let mut fields = String::new();
    if let Some(p) = preset {
        fields.push_str(&format!("p={p}&"));
    }
    fields.push_str(&format!("l={}", lang.code()));
    let page = if options.links {
        String::new()
    } else {
        own_page()
    };
    format!("{page}#{}", chapters::fragment(chapter, options, &fields))
}

/// This page's own file name and query as a relative address (`./index.html?…`, or `./` for a
/// folder's page): a link made of it and a fragment opens the chapter in the same page, as a
/// bare `#…` does. With `links=off` the frame's links are the page's only links; written as a
/// bare `#…`, the chapter bar's links scrolled out of sight on a phone read as "skip" links
/// whose target does not exist (to axe, and to a screen reader's list of links).
fn own_page() -> String {
    let Ok(location) = crate::dom::window().map(|w| w.location()) else {
        return String::new();
    };
    let path = location.pathname().unwrap_or_default();
    let file = path.rsplit('/').next().unwrap_or_default();
    format!("./{file}{}", location.search().unwrap_or_default())
}

/// Writes the frame's texts in `lang`, with `chapter` marked as the one on screen (on a change
/// of language, chapter or options only). `options.links` false hides the links that leave
/// the page; the chapter links keep the projector mode.
pub fn render(lang: Lang, chapter: ChapterId, options: FrameOptions) -> Result<(), JsValue> {
    let doc = document()?;
    if let Some(html) = doc.document_element() {
        set_attr(&html, "lang", lang.code());
    }
    doc.set_title(&format!(
        "{} · {}",
        partlab_lab::chapters::chapter_title(lang, chapter),
        tr(lang, Text::Title)
    ));
    let t = |id: &str, text: Text| set_text_id(id, tr(lang, text));
    t("title", Text::Title);
    t("tagline", Text::Tagline);
    t("lang-label", Text::Language);
    t("toc-summary", Text::Contents);
    t("footer-text", Text::Footer);
    t("open-full", Text::OpenFull);
    t("share-open", Text::ShareOpen);
    t(SKIP_LINK, Text::SkipToLab);
    if let Some(select) = by_id_as::<web_sys::HtmlSelectElement>("lang") {
        select.set_value(lang.code());
    }
    if let Some(nav) = by_id("chapters") {
        set_attr(&nav, "aria-label", tr(lang, Text::ChapterNav));
    }
    for &c in ChapterId::ALL {
        if let Some(a) = by_id(&format!("tab-{}", c.slug())) {
            set_attr(&a, "href", &link(c, lang, None, options));
            a.set_text_content(Some(chapter_tab(lang, c)));
            if c == chapter {
                set_attr(&a, "aria-current", "page");
            } else {
                let _ = a.remove_attribute("aria-current");
            }
        }
    }
    if let Some(toc) = by_id("toc") {
        clear(&toc);
        for entry in contents() {
            let mut item = H::new("li")
                .attr("data-part", &entry.part.code())
                .attr(
                    "data-available",
                    if entry.chapter.is_some() {
                        "true"
                    } else {
                        "false"
                    },
                )
                .child(
                    H::new("span")
                        .class("toc-num")
                        .text(&part_number(lang, entry.part)),
                );
            let title = part_title(lang, entry.part);
            item = match entry.chapter {
                Some(c) => {
                    let mut a = H::new("a")
                        .attr("href", &link(c, lang, entry.preset, options))
                        .text(title);
                    if c == chapter && entry.preset.is_none() {
                        a = a.attr("aria-current", "page");
                    }
                    item.child(a)
                }
                None => item.child(H::new("span").text(title)).child(
                    H::new("span")
                        .class("note")
                        .text(&format!(" ({})", tr(lang, Text::NotYet))),
                ),
            };
            crate::dom::append(&toc, &item.el());
        }
        // The chapters beyond the lesson: a group of their own after the lesson's parts.
        let head = H::new("li")
            .class("toc-group")
            .attr("data-group", "beyond")
            .child(H::new("strong").text(tr(lang, Text::BeyondLesson)));
        crate::dom::append(&toc, &head.el());
        for c in ChapterId::BEYOND {
            let mut a = H::new("a")
                .attr("href", &link(c, lang, None, options))
                .text(&partlab_lab::chapters::chapter_title(lang, c));
            if c == chapter {
                a = a.attr("aria-current", "page");
            }
            let item = H::new("li")
                .attr("data-part", c.slug())
                .attr("data-available", "true")
                .child(H::new("span").class("toc-num").text("+"))
                .child(a);
            crate::dom::append(&toc, &item.el());
        }
    }
    if let Some(root) = by_id("chapter") {
        set_attr(&root, "data-chapter", chapter.slug());
    }
    if let Some(b) = by_id("projector") {
        set_attr(&b, "title", tr(lang, Text::ProjectorHint));
    }
    t("projector", Text::Projector);
    if let Some(a) = by_id("open-full") {
        if options.links {
            let _ = a.remove_attribute("hidden");
        } else {
            set_attr(&a, "hidden", "");
        }
    }
    render_guide_link(lang, chapter, options);
    reveal_current_tab(chapter);
    Ok(())
}

/// The site's guide, as the build names it: `<meta name="partlab-guide" content="guide/">`
/// (scripts/guide.sh writes it when it publishes the guide beside the page; the single file,
/// which carries no guide, has none). Only a relative folder is taken.
fn guide_base() -> Option<String> {
    let base = document()
        .ok()?
        .query_selector("meta[name=\"partlab-guide\"]")
        .ok()??
        .get_attribute("content")?;
    let relative = !base.is_empty()
        && base.ends_with('/')
        && !base.starts_with('/')
        && !base.contains(':')
        && !base.contains("..");
    relative.then_some(base)
}

/// Points the header's guide link at the page of `chapter` (each chapter's page is named after
/// its slug; the teachers' page has the guide's part for teachers), in the language's words.
fn render_guide_link(lang: Lang, chapter: ChapterId, options: FrameOptions) {
    let Some(a) = by_id("guide-link") else {
        return;
    };
    let Some(base) = guide_base().filter(|_| options.links) else {
        set_attr(&a, "hidden", "");
        return;
    };
    let page = match chapter {
        ChapterId::Teachers => "teachers/index.html".to_owned(),
        c => format!("chapters/{}.html", c.slug()),
    };
    set_attr(&a, "href", &format!("{base}{page}"));
    set_attr(&a, "title", tr(lang, Text::GuideHint));
    a.set_text_content(Some(tr(lang, Text::Guide)));
    let _ = a.remove_attribute("hidden");
}

/// On a narrow screen the chapter tabs are one row that scrolls sideways (style.css): brings
/// the current chapter's tab to the middle of that row. Done in the next frame, when the
/// layout made for painting this one can be read without computing another; never scrolls
/// the page itself.
fn reveal_current_tab(chapter: ChapterId) {
    let Ok(w) = crate::dom::window() else {
        return;
    };
    let narrow = w
        .match_media(NARROW)
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    if !narrow {
        return;
    }
    let reveal = Closure::once_into_js(move || {
        if let Some(tab) = by_id(&format!("tab-{}", chapter.slug())) {
            scroll_tab_into_row(&tab, TabPlace::Middle);
        }
    });
    let _ = w.request_animation_frame(reveal.unchecked_ref());
}

/// Scrolls the chapter tabs' row (on a narrow screen, where it scrolls sideways) just enough
/// for `tab` to be seen whole, with a little of its neighbours.
pub fn keep_tab_in_row(tab: &Element) {
    scroll_tab_into_row(tab, TabPlace::Whole);
}

/// Where [`scroll_tab_into_row`] puts a tab.
enum TabPlace {
    /// In the middle of the row.
    Middle,
    /// Wholly in view, moving the row as little as that takes.
    Whole,
}

/// Scrolls the row of chapter tabs holding `tab` (only where the row overflows) to show it at
/// `place`.
fn scroll_tab_into_row(tab: &Element, place: TabPlace) {
    let Some(row) = tab.closest(".chapter-tabs").ok().flatten() else {
        return;
    };
    if row.scroll_width() <= row.client_width() {
        return;
    }
    let (t, r) = (
        tab.get_bounding_client_rect(),
        row.get_bounding_client_rect(),
    );
    let margin = 24.0;
    let shift = match place {
        TabPlace::Middle => (t.left() - r.left()) - (r.width() - t.width()) / 2.0,
        TabPlace::Whole if t.left() < r.left() => t.left() - r.left() - margin,
        TabPlace::Whole if t.right() > r.right() => t.right() - r.right() + margin,
        TabPlace::Whole => return,
    };
    row.set_scroll_left((f64::from(row.scroll_left()) + shift).round().max(0.0) as i32);
}

/// The screens where the chapter tabs scroll sideways (style.css says the same).
const NARROW: &str = "(max-width: 759px)";

/// Shows projector mode on the page (`html[data-projector]`, the CSS's larger text and
/// stronger colours) and on its button.
pub fn show_projector(on: bool) {
    let Ok(doc) = document() else {
        return;
    };
    if let Some(html) = doc.document_element() {
        if on {
            set_attr(&html, "data-projector", "");
        } else {
            let _ = html.remove_attribute("data-projector");
        }
    }
    if let Some(b) = by_id("projector") {
        set_attr(&b, "aria-pressed", if on { "true" } else { "false" });
    }
}

/// Points the "open the full lab" link at `fragment` (the state without its embed view).
pub fn set_open_full(fragment: &str) {
    if let Some(a) = by_id("open-full") {
        set_attr(&a, "href", &format!("#{fragment}"));
    }
}
