//! The lesson-tables view (`section[data-view=tables]`): the lesson's printed figures for the
//! chapter's parts, column "lesson" beside column "lab", each row a link to its state.
//!
//! Nothing is computed until the view is opened (its disclosure, or `embed=tables`). The
//! tables themselves (their computation and drawing) are in the study module (its `tables`),
//! fetched then if it is not there yet (`#tables-status` says so, or that it failed: closing
//! and opening the view tries again); this part owns the section, its fixed texts, and runs
//! the computation in the page's background slices like the chart sweeps. Hooks for tests:
//! `tr[data-row][data-lesson][data-lab][data-match]`, `#tables[data-done]`,
//! `#tables-status[data-module=loading|failed]` while the module is not there.

use wasm_bindgen::JsValue;

use partlab_lab::chapters::ChapterId;
use partlab_lab::i18n::{tr, Text};
use partlab_lab::state::Lang;

use crate::dom::{by_id, set_attr, set_text_id, H};
use crate::remote::{self, ModuleState};

/// The view's state: asked for or not, and how far the study module is.
#[derive(Default)]
pub struct TablesView {
    /// The chapter whose tables were asked for (the view was opened).
    wanted: Option<ChapterId>,
    /// Whether the study module has started computing them.
    started: bool,
    /// The module's load as the status last said it (while it is not there).
    said: Option<(Lang, ModuleState)>,
}

/// The view's section (its disclosure closed: nothing is computed until it opens).
pub fn section(chapter: ChapterId, open: bool) -> H {
    let mut details = H::new("details")
        .id("tables-details")
        .class("tables-details")
        .child(H::new("summary").id("tables-summary"))
        .child(
            H::new("p")
                .id("tables-status")
                .class("note status")
                .attr("role", "status")
                .attr("aria-live", "polite"),
        )
        .child(H::new("div").id("tables").class("lesson-tables"));
    if open {
        details = details.attr("open", "");
    }
    let parts: Vec<String> = chapter.parts().iter().map(|p| p.code()).collect();
    H::new("section")
        .class("panel view")
        .id("tables-panel")
        .attr("data-view", "tables")
        .attr("data-parts", &parts.join(","))
        .attr("aria-labelledby", "tables-h")
        .child(H::new("h2").id("tables-h"))
        .child(H::new("p").id("tables-intro").class("note"))
        .child(details)
}

/// Whether the view's disclosure is open.
pub fn is_open() -> bool {
    by_id("tables-details").is_some_and(|d| d.has_attribute("open"))
}

impl TablesView {
    /// Asks for the chapter's tables (the view was opened): the study module is fetched if
    /// it is not there (again after a failed load).
    pub fn want(&mut self, chapter: ChapterId) {
        if self.wanted != Some(chapter) {
            self.wanted = Some(chapter);
            self.started = false;
        }
        if matches!(
            remote::module_state(),
            ModuleState::Idle | ModuleState::Failed
        ) {
            remote::ensure_loading();
        }
    }

    /// Whether the tables are asked for and not yet computed, with the module there to
    /// compute them.
    pub fn pending(&self) -> bool {
        self.wanted.is_some() && remote::module_state() == ModuleState::Ready && {
            !self.started || remote::tables_pending()
        }
    }

    /// Computes until `deadline` (a `performance.now()` time) or the end; returns whether a
    /// scenario was completed (a row got its value).
    pub fn work_until(&mut self, deadline: f64) -> bool {
        let Some(chapter) = self.wanted else {
            return false;
        };
        if !self.started {
            self.started = remote::tables_start(chapter);
        }
        self.started && remote::tables_work(deadline)
    }

    /// Sets the view's fixed texts (on a language change).
    pub fn render_texts(&mut self, lang: Lang) {
        set_text_id("tables-h", tr(lang, Text::TablesTitle));
        set_text_id("tables-intro", tr(lang, Text::TablesIntro));
        set_text_id("tables-summary", tr(lang, Text::TablesShow));
        self.said = None;
    }

    /// Draws the tables when their language, options or values changed; while the study
    /// module is not there, says so in the view's status.
    pub fn render(&mut self, lang: Lang, chapter: ChapterId) -> Result<(), JsValue> {
        if self.wanted != Some(chapter) {
            return Ok(());
        }
        let module = remote::module_state();
        if module == ModuleState::Ready {
            // The module keeps one chapter's tables: this chapter's, before they are drawn.
            if !self.started {
                self.started = remote::tables_start(chapter);
            }
            if self.said.take().is_some() {
                if let Some(status) = by_id("tables-status") {
                    let _ = status.remove_attribute("data-module");
                }
            }
            return remote::tables_render(lang);
        }
        if self.said == Some((lang, module)) {
            return Ok(());
        }
        self.said = Some((lang, module));
        let (text, state) = match module {
            ModuleState::Failed => (Text::TablesLoadFailed, "failed"),
            _ => (Text::TablesLoading, "loading"),
        };
        set_text_id("tables-status", tr(lang, text));
        if let Some(status) = by_id("tables-status") {
            set_attr(&status, "data-module", state);
        }
        Ok(())
    }
}
