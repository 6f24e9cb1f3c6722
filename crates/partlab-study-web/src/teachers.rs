//! The teachers' page (`#c=teachers`): every lesson experiment with its link, every view that
//! can be embedded and every address field, generated from the lab's own tables
//! (`ChapterId::presets`, the instruments' views, `Field::ALL` with `i18n::field_help`), so it
//! cannot drift from what the lab does.
//!
//! Hooks: `#teachers-presets tr[data-preset]`, `#teachers-fields tr[data-field]`,
//! `#teachers-views tr[data-view]`, `#teachers-single-file a[download]`.

use wasm_bindgen::JsValue;
use web_sys::Element;

use partlab_lab::chapters::{self, chapter_tab, chapter_title, ChapterId, Instrument};
use partlab_lab::contract::{self, chapter_intro};
use partlab_lab::i18n::{part_name, tr, Text};
use partlab_lab::state::words::field_help;
use partlab_lab::state::{Field, Lang};

use crate::dom::{clear, H};

/// The single-file page, zipped, beside the site's index.html (scripts/standalone.mjs writes
/// it): the page itself runs inline script, which the site's policy blocks, so the site
/// offers it as a download and does not serve it as a page.
const STANDALONE: &str = "partlab-standalone.zip";

/// The mounted teachers' page: static content, rebuilt when the language changes.
pub struct Teachers {
    root: Element,
    lang: Lang,
    rendered: Option<Lang>,
}

/// A table row: its `data-*` hooks and its cells, the first one a row header.
struct Row {
    attrs: Vec<(&'static str, String)>,
    cells: Vec<H>,
}

impl Row {
    fn new(attr: &'static str, value: &str, cells: Vec<H>) -> Row {
        Row {
            attrs: vec![(attr, value.to_owned())],
            cells,
        }
    }

    fn attr(mut self, name: &'static str, value: &str) -> Row {
        self.attrs.push((name, value.to_owned()));
        self
    }
}

/// A table with a header row and text cells.
fn table(id: &str, head: &[&str], rows: Vec<Row>) -> H {
    let mut tr_head = H::new("tr");
    for h in head {
        tr_head = tr_head.child(H::new("th").attr("scope", "col").text(h));
    }
    let mut body = H::new("tbody");
    for row in rows {
        let mut tr = H::new("tr");
        for (name, value) in &row.attrs {
            tr = tr.attr(name, value);
        }
        for (i, cell) in row.cells.into_iter().enumerate() {
            let wrapper = if i == 0 {
                H::new("th").attr("scope", "row")
            } else {
                H::new("td")
            };
            tr = tr.child(wrapper.child(cell));
        }
        body = body.child(tr);
    }
    H::new("table")
        .id(id)
        .class("data teachers-table")
        .child(H::new("thead").child(tr_head))
        .child(body)
}

/// A panel of the page: its heading (`<id>-h`), an optional note and its content.
fn section(id: &str, heading: &str, note: Option<&str>, content: Vec<H>) -> H {
    let h = format!("{id}-h");
    let mut out = H::new("section")
        .class("panel")
        .attr("aria-labelledby", &h)
        .child(H::new("h2").id(&h).text(heading));
    if let Some(n) = note {
        out = out.child(H::new("p").class("note").text(n));
    }
    for c in content {
        out = out.child(c);
    }
    out
}

/// A table that scrolls sideways on a narrow screen.
fn scroll(table: H) -> H {
    H::new("div").class("scroll").child(table)
}

/// A section holding one table, both called `id`, in a scrolling box.
fn table_section(id: &str, heading: &str, note: Option<&str>, head: &[&str], rows: Vec<Row>) -> H {
    section(id, heading, note, vec![scroll(table(id, head, rows))])
}

fn anchor(href: &str) -> H {
    H::new("a").attr("href", href).text(href)
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
        // Every chapter's presets: the hashing chapters' lesson experiments, the study
        // chapters' own.
        let mut presets = Vec::new();
        for &c in ChapterId::ALL {
            for p in contract::presets(c, lang) {
                let href = link(c, &format!("p={}&l={}", p.id, lang.code()));
                let part = p.part.map(|x| part_name(lang, x)).unwrap_or_default();
                let cells = vec![
                    code(p.id),
                    text(&p.label),
                    text(chapter_tab(lang, c)),
                    text(&part),
                    anchor(&href),
                ];
                presets.push(Row::new("data-preset", p.id, cells).attr("data-chapter", c.slug()));
            }
        }
        // The fields the frame reads and those of the sections 5–7 instrument.
        let mut fields = Vec::new();
        for f in Field::ALL {
            let (meaning, values) = field_help(lang, f);
            fields.push(Row::new(
                "data-field",
                f.name(),
                vec![code(f.name()), text(meaning), text(values)],
            ));
        }
        // Each study chapter's own fields, from its table.
        let mut chapter_fields = Vec::new();
        for &c in ChapterId::ALL {
            let Some(def) = contract::def(c).filter(|_| c.instrument() == Instrument::Study) else {
                continue;
            };
            let rows = def
                .fields
                .iter()
                .map(|f| {
                    let default = f.default_value();
                    Row::new(
                        "data-field",
                        f.name,
                        vec![
                            code(f.name),
                            text(f.meaning(lang)),
                            text(&f.rule(lang)),
                            if default.is_empty() {
                                text("—")
                            } else {
                                code(&default)
                            },
                            f.cli.usage().map_or_else(|| text("—"), |o| code(&o)),
                        ],
                    )
                })
                .collect();
            chapter_fields.push((c, rows));
        }
        // Every chapter's views that can be shown alone.
        let mut views = Vec::new();
        for &c in ChapterId::ALL {
            for (name, title) in contract::views(c, lang) {
                let href = link(c, &format!("l={}&embed={name}", lang.code()));
                views.push(Row::new(
                    "data-view",
                    &format!("{}:{name}", c.slug()),
                    vec![
                        code(name),
                        text(title),
                        text(chapter_tab(lang, c)),
                        anchor(&href),
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
            quizzes.push(Row::new(
                "data-quiz",
                c.slug(),
                vec![text(chapter_tab(lang, c)), text(&first), anchor(&href)],
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
            .child(table_section(
                "teachers-presets",
                t(Text::TeachersPresets),
                None,
                &[
                    t(Text::Name),
                    t(Text::Presets),
                    t(Text::ChapterCol),
                    t(Text::LessonPartCol),
                    t(Text::Address),
                ],
                presets,
            ))
            .child(table_section(
                "teachers-fields",
                t(Text::TeachersFields),
                None,
                &[t(Text::Name), t(Text::Meaning), t(Text::Values)],
                fields,
            ))
            .child(section(
                "teachers-chapter-fields",
                t(Text::TeachersChapterFields),
                Some(t(Text::TeachersChapterFieldsNote)),
                chapter_fields
                    .into_iter()
                    .flat_map(|(c, rows)| {
                        let id = format!("teachers-fields-{}", c.slug());
                        [
                            H::new("h3")
                                .id(&format!("{id}-h"))
                                .text(&chapter_title(lang, c)),
                            scroll(
                                table(
                                    &id,
                                    &[
                                        t(Text::Name),
                                        t(Text::Meaning),
                                        t(Text::Values),
                                        t(Text::DefaultCol),
                                        t(Text::CommandLineCol),
                                    ],
                                    rows,
                                )
                                .attr("aria-labelledby", &format!("{id}-h"))
                                .attr("data-chapter", c.slug()),
                            ),
                        ]
                    })
                    .collect(),
            ))
            .child(table_section(
                "teachers-views",
                t(Text::TeachersViews),
                None,
                &[
                    t(Text::Name),
                    t(Text::Meaning),
                    t(Text::ChapterCol),
                    t(Text::Address),
                ],
                views,
            ))
            .child(table_section(
                "teachers-quiz",
                q(partlab_lab::quiz::Word::TeachersHeading),
                Some(q(partlab_lab::quiz::Word::TeachersNote)),
                &[
                    t(Text::ChapterCol),
                    q(partlab_lab::quiz::Word::FirstQuestion),
                    t(Text::Address),
                ],
                quizzes,
            ))
            // The single-file build, zipped, sits beside the page (scripts/standalone.mjs): a
            // link that downloads it, for a course platform that takes uploads or a room without network.
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
