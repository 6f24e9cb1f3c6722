//! The lesson-tables view of the sections 5–7 chapters: the lesson's printed figures for the
//! chapter's parts, column "lesson" beside column "lab", each row a link to its state. The
//! first part (`src/hashing/tables.rs`) owns the section, its disclosure, its fixed texts and
//! the scheduling of the work (its background slices, like the charts' sweeps); the tables,
//! their computation ([`partlab_lab::tables::LessonTables`]) and their texts are here, so a
//! visitor who never opens them does not download them.
//!
//! Hooks for tests: `tr[data-row][data-lesson][data-lab][data-match]`, and
//! `#tables[data-done]`.

use std::cell::RefCell;

use wasm_bindgen::JsValue;
use web_sys::HtmlElement;

use partlab_lab::chapters::{ChapterId, FrameOptions};
use partlab_lab::i18n::{tr, Text};
use partlab_lab::state::Lang;
use partlab_lab::tables::{self, LessonTables};

use crate::dom::{by_id, by_id_as, clear, set_attr, set_text_id, H};

/// Work units between two looks at the clock (as the sweeps).
const WORK_CHUNK: u64 = 500;

/// One chapter's tables: the computation and what they were last drawn from (language,
/// options, rows with a value).
struct State {
    chapter: ChapterId,
    tables: LessonTables,
    drawn: Option<(Lang, FrameOptions, usize)>,
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// Starts computing `chapter`'s tables (kept if they are already that chapter's).
pub fn start(chapter: ChapterId) {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if s.as_ref().is_none_or(|t| t.chapter != chapter) {
            *s = Some(State {
                chapter,
                tables: LessonTables::new(chapter.parts()),
                drawn: None,
            });
        }
    });
}

/// Whether the tables are started and not yet computed.
pub fn pending() -> bool {
    STATE.with(|s| s.borrow().as_ref().is_some_and(|t| !t.tables.is_done()))
}

/// Computes until `deadline` (a `performance.now()` time) or the end; returns whether a
/// scenario was completed (a row got its value).
pub fn work(deadline: f64) -> bool {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let Some(t) = s.as_mut().map(|s| &mut s.tables) else {
            return false;
        };
        let before = t.progress().0;
        while crate::now() < deadline && !t.work(WORK_CHUNK) && t.progress().0 == before {}
        t.progress().0 != before || t.is_done()
    })
}

/// Draws the tables in `lang` (nothing before [`start`]; nothing when nothing they show
/// changed).
pub fn render(lang: Lang) -> Result<(), JsValue> {
    STATE.with(|s| match s.borrow_mut().as_mut() {
        Some(state) => draw(state, lang),
        None => Ok(()),
    })
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

/// Draws `state`'s tables when their language, the address's options or the values changed.
fn draw(state: &mut State, lang: Lang) -> Result<(), JsValue> {
    let (chapter, t) = (state.chapter, &state.tables);
    let options = address_options();
    let known = t.values().iter().filter(|v| v.is_some()).count();
    if state.drawn == Some((lang, options, known)) {
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
        let mut head = H::new("tr");
        for h in [
            Text::TablesExperiment,
            Text::TablesFigure,
            Text::TablesLesson,
            Text::TablesLab,
            Text::TablesAgree,
        ] {
            let mut th = H::new("th").attr("scope", "col");
            if matches!(h, Text::TablesLesson | Text::TablesLab) {
                th = th.class("num");
            }
            head = head.child(th.text(tr(lang, h)));
        }
        let mut body = H::new("tbody");
        for (i, row) in rows {
            let value = t.values().get(i).copied().flatten();
            let agrees = value.map(|v| row.matches(v));
            all_agree &= agrees != Some(false);
            let href = format!("#{}", row.fragment(lang, options));
            let link_id = format!("tables-link-{}", row.id().replace(':', "-"));
            let mut tr_el = H::new("tr")
                .attr("data-row", &row.id())
                .attr("data-scenario", row.scenario.id)
                .attr("data-figure", &row.figure.code())
                .attr("data-lesson", &row.rounded(row.printed))
                .attr("data-about", if row.about { "true" } else { "false" })
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
                    H::new("th").attr("scope", "row").child(
                        H::new("a")
                            .id(&link_id)
                            .attr("href", &href)
                            .text(&row.experiment(lang)),
                    ),
                )
                .child(H::new("td").text(&row.figure.label(lang)))
                .child(H::new("td").class("num").text(&row.lesson_text(lang)))
                .child(H::new("td").class("num").text(&lab_cell))
                .child(H::new("td").text(agree_cell));
            body = body.child(tr_el);
        }
        let table = H::new("table")
            .class("data lesson-table")
            .id(&format!("tables-{}", part.code()))
            .attr("data-part", &part.code())
            .child(H::new("caption").text(&tables::part_title(lang, *part)))
            .child(H::new("thead").child(head))
            .child(body);
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
    state.drawn = Some((lang, options, known));
    Ok(())
}
