//! The lesson-tables view (`section[data-view=tables]`): the lesson's printed figures for the
//! chapter's parts, column "lesson" beside column "lab", each row a link to its state.
//!
//! Nothing is computed until the view is opened (its disclosure, or `embed=tables`); then
//! [`partlab_lab::tables::LessonTables`] runs in the page's background slices like the chart
//! sweeps. Hooks for tests: `tr[data-row][data-lesson][data-lab][data-match]`, and
//! `#tables[data-done]`.

use wasm_bindgen::JsValue;
use web_sys::HtmlElement;

use partlab_lab::chapters::{ChapterId, FrameOptions};
use partlab_lab::i18n::{tr, Text};
use partlab_lab::state::Lang;
use partlab_lab::tables::{self, LessonTables};

use crate::dom::{by_id, by_id_as, clear, set_attr, set_text_id, H};

/// Work units between two looks at the clock (as the sweeps).
const WORK_CHUNK: u64 = 500;

/// The view's state: asked for or not, and the computation once asked for.
#[derive(Default)]
pub struct TablesView {
    tables: Option<LessonTables>,
    /// What the tables were last drawn from: language, options, rows with a value.
    drawn: Option<(Lang, FrameOptions, usize)>,
}

/// The view's section (its disclosure closed: nothing is computed until it opens).
pub fn section(chapter: ChapterId, open: bool) -> Result<H, JsValue> {
    let mut details = H::new("details")?
        .id("tables-details")
        .class("tables-details")
        .child(H::new("summary")?.id("tables-summary"))?
        .child(
            H::new("p")?
                .id("tables-status")
                .class("note status")
                .attr("role", "status")
                .attr("aria-live", "polite"),
        )?
        .child(H::new("div")?.id("tables").class("lesson-tables"))?;
    if open {
        details = details.attr("open", "");
    }
    let parts: Vec<String> = chapter.parts().iter().map(|p| p.code()).collect();
    H::new("section")?
        .class("panel view")
        .id("tables-panel")
        .attr("data-view", "tables")
        .attr("data-parts", &parts.join(","))
        .attr("aria-labelledby", "tables-h")
        .child(H::new("h2")?.id("tables-h"))?
        .child(H::new("p")?.id("tables-intro").class("note"))?
        .child(details)
}

/// Whether the view's disclosure is open.
pub fn is_open() -> bool {
    by_id("tables-details").is_some_and(|d| d.has_attribute("open"))
}

/// The frame's options as the address has them, so a row's link keeps them (`links=off`,
/// `projector=on`).
fn address_options() -> FrameOptions {
    let hash = crate::dom::window()
        .ok()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let has = |pair: &str| hash.trim_start_matches('#').split('&').any(|p| p == pair);
    FrameOptions {
        links: !has("links=off"),
        projector: has("projector=on"),
        // A row opens the lesson's state to read its figure, not the question set.
        quiz: None,
    }
}

impl TablesView {
    /// Starts the computation of the chapter's tables (once).
    pub fn want(&mut self, chapter: ChapterId) {
        if self.tables.is_none() {
            self.tables = Some(LessonTables::new(chapter.parts()));
        }
    }

    /// Whether the tables are asked for and not yet computed.
    pub fn pending(&self) -> bool {
        self.tables.as_ref().is_some_and(|t| !t.is_done())
    }

    /// Computes until `deadline` (a `performance.now()` time) or the end; returns whether a
    /// scenario was completed (a row got its value).
    pub fn work_until(&mut self, deadline: f64) -> bool {
        let Some(t) = self.tables.as_mut() else {
            return false;
        };
        let before = t.progress().0;
        while crate::now() < deadline && !t.work(WORK_CHUNK) && t.progress().0 == before {}
        t.progress().0 != before || t.is_done()
    }

    /// Sets the view's fixed texts (on a language change).
    pub fn render_texts(&mut self, lang: Lang) {
        set_text_id("tables-h", tr(lang, Text::TablesTitle));
        set_text_id("tables-intro", tr(lang, Text::TablesIntro));
        set_text_id("tables-summary", tr(lang, Text::TablesShow));
        self.drawn = None;
    }

    /// Draws the tables when their language, options or values changed.
    pub fn render(&mut self, lang: Lang, chapter: ChapterId) -> Result<(), JsValue> {
        let Some(t) = self.tables.as_ref() else {
            return Ok(());
        };
        let options = address_options();
        let known = t.values().iter().filter(|v| v.is_some()).count();
        if self.drawn == Some((lang, options, known)) {
            return Ok(());
        }
        let Some(root) = by_id("tables") else {
            return Ok(());
        };
        let focused = crate::dom::document()
            .ok()
            .and_then(|d| d.active_element())
            .map(|e| e.id())
            .filter(|id| id.starts_with("tables-link-"));
        clear(&root);
        let mut all_agree = true;
        for part in chapter.parts() {
            let rows: Vec<(usize, &tables::Row)> = t
                .rows()
                .iter()
                .enumerate()
                .filter(|(_, r)| r.scenario.section == *part)
                .collect();
            if rows.is_empty() {
                continue;
            }
            let mut head = H::new("tr")?;
            for h in [
                Text::TablesExperiment,
                Text::TablesFigure,
                Text::TablesLesson,
                Text::TablesLab,
                Text::TablesAgree,
            ] {
                let mut th = H::new("th")?.attr("scope", "col");
                if matches!(h, Text::TablesLesson | Text::TablesLab) {
                    th = th.class("num");
                }
                head = head.child(th.text(tr(lang, h)))?;
            }
            let mut body = H::new("tbody")?;
            for (i, row) in rows {
                let value = t.values().get(i).copied().flatten();
                let agrees = value.map(|v| row.matches(v));
                all_agree &= agrees != Some(false);
                let href = format!("#{}", row.fragment(lang, options));
                let link_id = format!("tables-link-{}", row.id().replace(':', "-"));
                let mut tr_el = H::new("tr")?
                    .attr("data-row", &row.id())
                    .attr("data-scenario", row.scenario.id)
                    .attr("data-figure", &row.figure.code())
                    .attr("data-lesson", &row.rounded(row.printed))
                    .attr("data-href", &href);
                if let Some(v) = value {
                    tr_el = tr_el
                        .attr("data-lab", &v.to_string())
                        .attr("data-lab-rounded", &row.rounded(v))
                        .attr(
                            "data-match",
                            if agrees == Some(true) {
                                "true"
                            } else {
                                "false"
                            },
                        );
                }
                let lab_cell = value.map_or("…".to_owned(), |v| row.format(lang, v));
                let agree_cell = match agrees {
                    Some(true) => tr(lang, Text::Yes),
                    Some(false) => tr(lang, Text::No),
                    None => "…",
                };
                tr_el = tr_el
                    .child(
                        H::new("th")?.attr("scope", "row").child(
                            H::new("a")?
                                .id(&link_id)
                                .attr("href", &href)
                                .text(&row.experiment(lang)),
                        )?,
                    )?
                    .child(H::new("td")?.text(&row.figure.label(lang)))?
                    .child(
                        H::new("td")?
                            .class("num")
                            .text(&row.format(lang, row.printed)),
                    )?
                    .child(H::new("td")?.class("num").text(&lab_cell))?
                    .child(H::new("td")?.text(agree_cell))?;
                body = body.child(tr_el)?;
            }
            let table = H::new("table")?
                .class("data lesson-table")
                .id(&format!("tables-{}", part.code()))
                .attr("data-part", &part.code())
                .child(H::new("caption")?.text(&tables::part_title(lang, *part)))?
                .child(H::new("thead")?.child(head)?)?
                .child(body)?;
            root.append_child(&table.el())?;
        }
        let done = t.is_done();
        let status = if !done {
            let (n, total) = t.progress();
            format!("{} {n}/{total}", tr(lang, Text::TablesComputing))
        } else if all_agree {
            tr(lang, Text::TablesAllAgree).to_owned()
        } else {
            tr(lang, Text::TablesSomeDiffer).to_owned()
        };
        set_text_id("tables-status", &status);
        set_attr(&root, "data-done", if done { "true" } else { "false" });
        if let Some(id) = focused {
            if let Some(e) = by_id_as::<HtmlElement>(&id) {
                let _ = e.focus();
            }
        }
        self.drawn = Some((lang, options, known));
        Ok(())
    }
}
