//! The teachers' page (`#c=teachers`): every lesson experiment with its link, every view that
//! can be embedded and every address field, generated from the lab's own tables
//! (`ChapterId::presets`, the instruments' views, `Field::ALL` with `i18n::field_help`), so it
//! cannot drift from what the lab does.
//!
//! Hooks: `#teachers-presets tr[data-preset]`, `#teachers-fields tr[data-field]`,
//! `#teachers-views tr[data-view]`, `#teachers-single-file a[download]`.

use wasm_bindgen::JsValue;
use web_sys::Element;

use partlab_lab::chapters::{self, ChapterId};
use partlab_lab::chapters::{chapter_tab, chapter_title};
use partlab_lab::contract::chapter_intro;
use partlab_lab::i18n::{part_name, preset_label, tr, Text};
use partlab_lab::state::words::{field_help, view_title};
use partlab_lab::state::{Field, Lang, View};

use crate::dom::{clear, H};

/// The single-file page's name beside the site's index.html (scripts/standalone.mjs writes it).
const STANDALONE: &str = "partlab-standalone.html";

/// The mounted teachers' page: static content, rebuilt when the language changes.
pub struct Teachers {
    root: Element,
    lang: Lang,
    rendered: Option<Lang>,
}

/// A table with a header row and text cells; each row carries one `data-*` attribute.
fn table(id: &str, head: &[&str], rows: Vec<(&str, String, Vec<H>)>) -> H {
    let mut tr_head = H::new("tr");
    for h in head {
        tr_head = tr_head.child(H::new("th").attr("scope", "col").text(h));
    }
    let mut body = H::new("tbody");
    for (attr, value, cells) in rows {
        let mut row = H::new("tr").attr(attr, &value);
        for (i, cell) in cells.into_iter().enumerate() {
            let wrapper = if i == 0 {
                H::new("th").attr("scope", "row")
            } else {
                H::new("td")
            };
            row = row.child(wrapper.child(cell));
        }
        body = body.child(row);
    }
    H::new("table")
        .id(id)
        .class("data teachers-table")
        .child(H::new("thead").child(tr_head))
        .child(body)
}

fn text(t: &str) -> H {
    H::new("span").text(t)
}

fn code(t: &str) -> H {
    H::new("code").text(t)
}

impl Teachers {
    /// Builds the page inside `root` from the chapter fields (only `l=` means anything here).
    pub fn mount(root: &Element, fields: &str, lang: Lang) -> Result<Teachers, JsValue> {
        let lang = fields
            .split('&')
            .filter_map(|p| p.strip_prefix("l="))
            .filter_map(Lang::from_code)
            .next_back()
            .unwrap_or(lang);
        let mut page = Teachers {
            root: root.clone(),
            lang,
            rendered: None,
        };
        page.frame();
        Ok(page)
    }

    /// The page's fragment fields: the language.
    pub fn fields(&self) -> String {
        format!("l={}", self.lang.code())
    }

    /// The page's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Switches the language (rebuilt on the next frame).
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        crate::request_frame();
    }

    /// Reads the fields of an address the user edited.
    pub fn load(&mut self, fields: &str) {
        if let Some(l) = fields
            .split('&')
            .filter_map(|p| p.strip_prefix("l="))
            .filter_map(Lang::from_code)
            .next_back()
        {
            self.set_lang(l);
        }
    }

    /// Rebuilds the page when its language changed.
    pub fn frame(&mut self) {
        if self.rendered == Some(self.lang) {
            return;
        }
        if let Err(e) = self.build() {
            crate::log_error("teachers", &e);
        }
        self.rendered = Some(self.lang);
        if let Some(app) = crate::dom::by_id("app") {
            crate::dom::set_attr(&app, "data-state", "ready");
        }
    }

    fn build(&self) -> Result<(), JsValue> {
        let lang = self.lang;
        clear(&self.root);
        let link = |c: ChapterId, fields: &str| {
            format!(
                "#{}",
                chapters::fragment(c, chapters::FrameOptions::default(), fields)
            )
        };
        let mut presets = Vec::new();
        for c in ChapterId::ALL.iter().copied().filter(|c| c.is_lesson()) {
            for s in c.presets() {
                let href = link(c, &format!("p={}&l={}", s.id, lang.code()));
                presets.push((
                    "data-preset",
                    s.id.to_owned(),
                    vec![
                        code(s.id),
                        text(&preset_label(lang, s)),
                        text(chapter_tab(lang, c)),
                        text(&part_name(lang, s.section)),
                        H::new("a").attr("href", &href).text(&href),
                    ],
                ));
            }
        }
        let mut fields = Vec::new();
        for f in Field::ALL {
            let (meaning, values) = field_help(lang, f);
            fields.push((
                "data-field",
                f.name().to_owned(),
                vec![code(f.name()), text(meaning), text(values)],
            ));
        }
        let mut views = Vec::new();
        // The views of the sections 5–7 instrument (the study chapters list theirs in the guide).
        for c in ChapterId::ALL
            .iter()
            .copied()
            .filter(|c| c.instrument() == partlab_lab::chapters::Instrument::Hashing)
        {
            for v in View::ALL {
                let href = link(c, &format!("l={}&embed={}", lang.code(), v.name()));
                views.push((
                    "data-view",
                    format!("{}:{}", c.slug(), v.name()),
                    vec![
                        code(v.name()),
                        text(view_title(lang, v)),
                        text(chapter_tab(lang, c)),
                        H::new("a").attr("href", &href).text(&href),
                    ],
                ));
            }
        }
        // "Predict first": one link per chapter with questions, set 1, and its first question.
        let mut quizzes = Vec::new();
        for c in partlab_lab::quiz::chapters() {
            let set = partlab_lab::quiz::QuizSet { seed: 1, index: 0 };
            let options = chapters::FrameOptions {
                quiz: Some(set),
                ..chapters::FrameOptions::default()
            };
            let href = format!(
                "#{}",
                chapters::fragment(c, options, &format!("l={}", lang.code()))
            );
            let first = partlab_lab::quiz::question(c, set)
                .map(|q| q.prompt(lang))
                .unwrap_or_default();
            quizzes.push((
                "data-quiz",
                c.slug().to_owned(),
                vec![
                    text(chapter_tab(lang, c)),
                    text(&first),
                    H::new("a").attr("href", &href).text(&href),
                ],
            ));
        }
        let q = |w: partlab_lab::quiz::Word| w.text(lang);
        let t = |x: Text| tr(lang, x);
        let main = H::new("main")
            .class("layout teachers")
            .child(
                H::new("section")
                    .class("panel chapter-intro")
                    .attr("aria-labelledby", "chapter-h")
                    .child(
                        H::new("h2")
                            .id("chapter-h")
                            .text(&chapter_title(lang, ChapterId::Teachers)),
                    )
                    .child(
                        H::new("p")
                            .class("note")
                            .text(chapter_intro(lang, ChapterId::Teachers)),
                    ),
            )
            .child(
                H::new("section")
                    .class("panel")
                    .attr("aria-labelledby", "teachers-presets-h")
                    .child(
                        H::new("h2")
                            .id("teachers-presets-h")
                            .text(t(Text::TeachersPresets)),
                    )
                    .child(H::new("div").class("scroll").child(table(
                        "teachers-presets",
                        &[
                            t(Text::Name),
                            t(Text::Presets),
                            t(Text::ChapterCol),
                            t(Text::LessonPartCol),
                            t(Text::Address),
                        ],
                        presets,
                    ))),
            )
            .child(
                H::new("section")
                    .class("panel")
                    .attr("aria-labelledby", "teachers-fields-h")
                    .child(
                        H::new("h2")
                            .id("teachers-fields-h")
                            .text(t(Text::TeachersFields)),
                    )
                    .child(H::new("div").class("scroll").child(table(
                        "teachers-fields",
                        &[t(Text::Name), t(Text::Meaning), t(Text::Values)],
                        fields,
                    ))),
            )
            .child(
                H::new("section")
                    .class("panel")
                    .attr("aria-labelledby", "teachers-views-h")
                    .child(
                        H::new("h2")
                            .id("teachers-views-h")
                            .text(t(Text::TeachersViews)),
                    )
                    .child(H::new("div").class("scroll").child(table(
                        "teachers-views",
                        &[
                            t(Text::Name),
                            t(Text::Meaning),
                            t(Text::ChapterCol),
                            t(Text::Address),
                        ],
                        views,
                    ))),
            )
            .child(
                H::new("section")
                    .class("panel")
                    .attr("aria-labelledby", "teachers-quiz-h")
                    .child(
                        H::new("h2")
                            .id("teachers-quiz-h")
                            .text(q(partlab_lab::quiz::Word::TeachersHeading)),
                    )
                    .child(
                        H::new("p")
                            .class("note")
                            .text(q(partlab_lab::quiz::Word::TeachersNote)),
                    )
                    .child(H::new("div").class("scroll").child(table(
                        "teachers-quiz",
                        &[
                            t(Text::ChapterCol),
                            q(partlab_lab::quiz::Word::FirstQuestion),
                            t(Text::Address),
                        ],
                        quizzes,
                    ))),
            )
            // The single-file build sits beside the page (scripts/standalone.mjs): a link that
            // downloads it, for a course platform that takes uploads or a room without network.
            .child(
                H::new("section")
                    .id("teachers-single-file")
                    .class("panel")
                    .attr("aria-labelledby", "teachers-single-file-h")
                    .child(
                        H::new("h2")
                            .id("teachers-single-file-h")
                            .text(t(Text::TeachersSingleFile)),
                    )
                    .child(
                        H::new("p")
                            .class("note")
                            .text(t(Text::TeachersSingleFileNote)),
                    )
                    .child(
                        H::new("p").child(
                            H::new("a")
                                .attr("href", STANDALONE)
                                .attr("download", STANDALONE)
                                .text(t(Text::TeachersSingleFileLink)),
                        ),
                    ),
            );
        self.root.append_child(&main.el())?;
        Ok(())
    }
}
