//! Builds and updates a study chapter's DOM from its description.
//!
//! Stable hooks for tests: `main[data-study]`; controls `[data-control=<id>]` (a select, a
//! slider, a number box, or the buttons of a group, each with `data-value`); panels
//! `section[data-view=<view>]`; figures `[data-figure=<key>][data-value]`; tables
//! `table[data-table=<key>]` with rows `tr[data-key]` (and more `data-*`) and number cells
//! `td[data-value]`; chart canvases `canvas[data-chart]`.

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlCanvasElement};

use partlab_lab::chapters::chapter_title;
use partlab_lab::chapters::ChapterId;
use partlab_lab::contract::chapter_intro;
use partlab_lab::i18n::Text;
use partlab_lab::palette::{chart_theme, Theme};
use partlab_lab::state::Lang;
use partlab_lab::study::chart::Chart;
use partlab_lab::study::text::{tr, St};
use partlab_lab::study::view::{Block, Control, ControlKind, DataTable, Figure, Panel, Row};
use partlab_lab::study::Study;

use crate::dom::{
    by_id, clear, set_attr, set_input_value, set_select_value, set_text_id, size_canvas_to, H,
};

/// What is on screen, to update only what changed.
pub struct Rendered {
    lang: Option<Lang>,
    controls: String,
    panels: Vec<String>,
    embed: Option<Option<&'static str>>,
    /// Whether the model may have background work left.
    pub pending_work: bool,
    /// The panels as last filled, with what they were filled for (language, theme, embed
    /// view): a panel equal to its last filling is not filled (nor its charts drawn) again,
    /// so a slice of background work redraws only the panels it changed.
    filled: Vec<Option<Panel>>,
    filled_for: Option<(Lang, Theme, Option<&'static str>)>,
    /// Charts whose canvas had no known size when their panel was filled (a new canvas, or
    /// every canvas after a window resize), by canvas id. Reading that size right after the
    /// panel's text was written would lay the page out inside the frame; they are drawn at
    /// the start of the next render instead, before it writes anything, on the layout the
    /// browser has just made.
    deferred: Vec<(String, Chart)>,
}

impl Rendered {
    /// Forgets the last filling: the next render fills (and draws) every panel again.
    pub fn invalidate(&mut self) {
        self.filled.clear();
        self.deferred.clear();
    }
}

impl Default for Rendered {
    fn default() -> Self {
        Rendered {
            lang: None,
            controls: String::new(),
            panels: Vec::new(),
            embed: None,
            pending_work: true,
            filled: Vec::new(),
            filled_for: None,
            deferred: Vec::new(),
        }
    }
}

/// Builds the chapter's frame inside `root` (replacing what was there); returns its `<main>`.
pub fn build(root: &Element, chapter: ChapterId) -> Result<Element, JsValue> {
    clear(root);
    let main = H::new("main")
        .class("study-layout")
        .attr("data-study", chapter.slug())
        .child(
            H::new("div")
                .id("study-notices")
                .class("notices study-notices")
                .attr("role", "status")
                .attr("aria-live", "polite"),
        )
        .child(
            H::new("section")
                .class("panel study-intro")
                .attr("aria-labelledby", "chapter-h")
                .child(H::new("h2").id("chapter-h"))
                .child(H::new("p").id("chapter-intro").class("note")),
        )
        .child(
            H::new("section")
                .id("study-controls")
                .class("panel study-controls")
                .attr("aria-labelledby", "study-controls-h")
                .child(H::new("h2").id("study-controls-h"))
                .child(
                    H::new("div")
                        .id("study-control-list")
                        .class("study-control-list"),
                ),
        )
        .child(H::new("div").id("study-panels").class("study-panels"))
        .el();
    root.append_child(&main)?;
    Ok(main)
}

/// Time one render may spend filling panels, in ms: a chapter's first render (a dozen panels,
/// their tables and charts) is spread over frames, the panels in page order, at least one
/// per frame.
const FILL_BUDGET_MS: f64 = 10.0;

/// Brings the page up to date with `model`. Returns whether every panel is filled and every
/// chart drawn (when not, the next render goes on where this one stopped).
pub fn render(
    chapter: ChapterId,
    model: &dyn Study,
    theme: Theme,
    r: &mut Rendered,
) -> Result<bool, JsValue> {
    let deadline = crate::now() + FILL_BUDGET_MS;
    let lang = model.lang();
    let key = (lang, theme, model.embed());
    // Before any write: the charts left from the last render, within the budget (at least
    // one). When the language, theme or embed view changed they are filled again below.
    let mut drew_deferred = false;
    if r.filled_for == Some(key) {
        while !r.deferred.is_empty() && (!drew_deferred || crate::now() <= deadline) {
            let (id, chart) = r.deferred.remove(0);
            draw_chart(&id, &chart, theme, lang)?;
            drew_deferred = true;
        }
    } else {
        r.deferred.clear();
    }
    if r.lang != Some(lang) {
        set_text_id("chapter-h", &chapter_title(lang, chapter));
        set_text_id("chapter-intro", chapter_intro(lang, chapter));
        set_text_id("study-controls-h", tr(lang, St::Controls));
        r.lang = Some(lang);
    }
    render_notices(model)?;
    render_controls(&model.controls(), r)?;
    let panels = model.panels();
    // Shells first, then embed mode (which sizes the view shown alone), then the content.
    build_panels(&panels, r)?;
    apply_embed(model.embed(), r);
    if r.filled_for != Some(key) || r.filled.len() != panels.len() {
        r.filled = vec![None; panels.len()];
        r.filled_for = Some(key);
    }
    let filled = fill_panels(
        &panels,
        model.embed(),
        (lang, theme),
        r,
        Budget {
            deadline,
            at_least_one: !drew_deferred,
        },
    )?;
    Ok(filled && r.deferred.is_empty())
}

/// How long [`fill_panels`] may go on.
struct Budget {
    deadline: f64,
    /// Fill one panel even past the deadline (a render that drew no deferred chart).
    at_least_one: bool,
}

fn render_notices(model: &dyn Study) -> Result<(), JsValue> {
    let Some(area) = by_id("study-notices") else {
        return Ok(());
    };
    let notices = model.notices();
    let shown: Vec<String> = notices.clone();
    let now = area.get_attribute("data-shown").unwrap_or_default();
    let key = shown.join("\n");
    if now == key && (key.is_empty() == (area.child_element_count() == 0)) {
        return Ok(());
    }
    clear(&area);
    set_attr(&area, "data-shown", &key);
    if notices.is_empty() {
        return Ok(());
    }
    let mut ul = H::new("ul");
    for n in &notices {
        ul = ul.child(H::new("li").class("notice").text(n));
    }
    area.append_child(&ul.el())?;
    area.append_child(
        &H::new("button")
            .attr("type", "button")
            .class("dismiss")
            .text(tr(model.lang(), St::Dismiss))
            .el(),
    )?;
    Ok(())
}

/// The structure of the controls (what would need a rebuild), as text.
fn controls_signature(controls: &[Control]) -> String {
    let mut s = String::new();
    for c in controls {
        s.push_str(c.id);
        s.push('|');
        s.push_str(&c.label);
        s.push('|');
        match &c.kind {
            ControlKind::Select { options, .. } | ControlKind::Buttons { options, .. } => {
                for o in options {
                    s.push_str(&o.value);
                    s.push('=');
                    s.push_str(&o.label);
                    s.push(';');
                }
            }
            ControlKind::Range { max, .. } => s.push_str(&format!("range{max}")),
            ControlKind::Number { min, max, .. } => s.push_str(&format!("num{min}-{max}")),
            ControlKind::Text { .. } => s.push_str("text"),
        }
        s.push('\n');
    }
    s
}

fn control_dom_id(id: &str) -> String {
    format!("ctl-{id}")
}

fn render_controls(controls: &[Control], r: &mut Rendered) -> Result<(), JsValue> {
    let Some(list) = by_id("study-control-list") else {
        return Ok(());
    };
    let sig = controls_signature(controls);
    if sig != r.controls {
        let focused = crate::dom::document()?
            .active_element()
            .map(|e| e.id())
            .filter(|id| !id.is_empty());
        clear(&list);
        for c in controls {
            let el = build_control(c)?;
            list.append_child(&el)?;
        }
        r.controls = sig;
        if let Some(id) = focused {
            if let Some(e) = crate::dom::by_id_as::<web_sys::HtmlElement>(&id) {
                let _ = e.focus();
            }
        }
    }
    let focused = crate::dom::document()?
        .active_element()
        .map(|e| e.id())
        .unwrap_or_default();
    for c in controls {
        let id = control_dom_id(c.id);
        match &c.kind {
            ControlKind::Select { value, .. } => {
                if focused != id {
                    set_select_value(&id, value);
                }
            }
            ControlKind::Range {
                value, value_text, ..
            } => {
                if focused != id {
                    set_input_value(&id, &value.to_string());
                }
                if let Some(e) = by_id(&id) {
                    set_attr(&e, "aria-valuetext", value_text);
                }
                set_text_id(&format!("{id}-out"), value_text);
            }
            ControlKind::Number { value, .. } => {
                if focused != id {
                    set_input_value(&id, &value.to_string());
                }
            }
            ControlKind::Text { value } => {
                if focused != id {
                    set_input_value(&id, value);
                }
            }
            ControlKind::Buttons { options, pressed } => {
                for (i, o) in options.iter().enumerate() {
                    if let Some(b) = by_id(&format!("{id}-{i}")) {
                        let on = pressed.as_deref() == Some(o.value.as_str());
                        set_attr(&b, "aria-pressed", if on { "true" } else { "false" });
                    }
                }
            }
        }
        set_text_id(&format!("{id}-note"), &c.note);
    }
    Ok(())
}

fn build_control(c: &Control) -> Result<Element, JsValue> {
    let id = control_dom_id(c.id);
    let note = H::new("p").id(&format!("{id}-note")).class("note");
    let field = match &c.kind {
        ControlKind::Buttons { options, .. } => {
            let label_id = format!("{id}-label");
            let mut group = H::new("div")
                .class("presets")
                .attr("role", "group")
                .attr("aria-labelledby", &label_id);
            for (i, o) in options.iter().enumerate() {
                group = group.child(
                    H::new("button")
                        .attr("type", "button")
                        .id(&format!("{id}-{i}"))
                        .attr("data-control", c.id)
                        .attr("data-value", &o.value)
                        .attr("aria-pressed", "false")
                        .text(&o.label),
                );
            }
            H::new("div")
                .class("field study-buttons")
                .child(
                    H::new("span")
                        .id(&label_id)
                        .class("field-label")
                        .text(&c.label),
                )
                .child(group)
        }
        ControlKind::Select { options, .. } => {
            let mut select = H::new("select").id(&id).attr("data-control", c.id);
            for o in options {
                select = select.child(H::new("option").attr("value", &o.value).text(&o.label));
            }
            H::new("div")
                .class("field")
                .child(H::new("label").attr("for", &id).text(&c.label))
                .child(select)
        }
        ControlKind::Range { max, .. } => H::new("div")
            .class("field")
            .child(H::new("label").attr("for", &id).text(&c.label))
            .child(
                H::new("input")
                    .id(&id)
                    .attr("type", "range")
                    .attr("min", "0")
                    .attr("max", &max.to_string())
                    .attr("step", "1")
                    .attr("data-control", c.id),
            )
            .child(H::new("output").id(&format!("{id}-out")).attr("for", &id)),
        ControlKind::Text { .. } => H::new("div")
            .class("field")
            .child(H::new("label").attr("for", &id).text(&c.label))
            .child(
                H::new("input")
                    .id(&id)
                    .attr("type", "text")
                    .attr("autocomplete", "off")
                    .attr("spellcheck", "false")
                    .attr("data-control", c.id),
            ),
        ControlKind::Number { min, max, .. } => H::new("div")
            .class("field")
            .child(H::new("label").attr("for", &id).text(&c.label))
            .child(
                H::new("input")
                    .id(&id)
                    .attr("type", "number")
                    .attr("min", &min.to_string())
                    .attr("max", &max.to_string())
                    .attr("step", "1")
                    .attr("inputmode", "numeric")
                    .attr("data-control", c.id),
            ),
    };
    Ok(field.child(note).el())
}

/// The structure of a panel: blocks, their kinds and table shapes.
fn panel_signature(p: &Panel) -> String {
    fn blocks(bs: &[Block], out: &mut String) {
        for b in bs {
            match b {
                Block::Text(_) => out.push('t'),
                // The list is written whole at each filling: a figure more or less needs no
                // new panel (rebuilding one makes new canvases, sized and laid out again).
                Block::Figures(_) => out.push('f'),
                Block::Table(t) => {
                    out.push_str("T:");
                    out.push_str(t.key);
                }
                Block::Chart { table, .. } => {
                    out.push_str("C:");
                    out.push_str(table.key);
                }
                Block::Reveal { blocks: inner, .. } => {
                    out.push('[');
                    blocks(inner, out);
                    out.push(']');
                }
            }
            out.push(',');
        }
    }
    let mut s = format!("{}|{}|", p.view, p.wide);
    blocks(&p.blocks, &mut s);
    s
}

fn build_panels(panels: &[Panel], r: &mut Rendered) -> Result<(), JsValue> {
    let Some(host) = by_id("study-panels") else {
        return Ok(());
    };
    let sigs: Vec<String> = panels.iter().map(panel_signature).collect();
    let rebuild_all = sigs.len() != r.panels.len()
        || sigs
            .iter()
            .zip(&r.panels)
            .any(|(a, b)| a.split('|').next() != b.split('|').next());
    if rebuild_all {
        clear(&host);
        r.panels.clear();
        r.filled.clear();
        for p in panels {
            let el = panel_shell(p)?;
            host.append_child(&el)?;
            r.panels.push(String::new());
        }
        // The new shells need their embed classes again.
        r.embed = None;
    }
    for (i, p) in panels.iter().enumerate() {
        if r.panels[i] == sigs[i] {
            continue;
        }
        let body = by_id(&format!("view-{}", p.view))
            .map(|s| s.query_selector(".study-blocks"))
            .transpose()?
            .flatten();
        if let Some(body) = body {
            clear(&body);
            build_blocks(&body, p.view, &p.blocks, &mut 0)?;
        }
        if let Some(f) = r.filled.get_mut(i) {
            *f = None;
        }
        r.panels[i] = sigs[i].clone();
    }
    Ok(())
}

/// Fills the panels that changed since their last filling, in order, until the budget's
/// deadline. Returns whether none is left. A chart whose canvas size is known is drawn at
/// once; the others join `r.deferred`.
fn fill_panels(
    panels: &[Panel],
    embed: Option<&'static str>,
    (lang, theme): (Lang, Theme),
    r: &mut Rendered,
    budget: Budget,
) -> Result<bool, JsValue> {
    let mut any = !budget.at_least_one;
    for (p, last) in panels.iter().zip(r.filled.iter_mut()) {
        if last.as_ref() == Some(p) {
            continue;
        }
        if any && crate::now() > budget.deadline {
            return Ok(false);
        }
        any = true;
        let old = last.take();
        set_text_id(&format!("{}-h", p.view), &p.title);
        set_text_id(&format!("{}-caption", p.view), &p.caption);
        set_text_id(&format!("{}-csv", p.view), tr(lang, Text::ExportCsv));
        let visible = embed.is_none_or(|v| v == p.view);
        let blocks = Blocks {
            view: p.view,
            visible,
            lang,
        };
        // The panel's charts are drawn once its text is written: reading a canvas's size
        // after a write lays the page out, so its charts' sizes are read together.
        let mut charts = Vec::new();
        blocks.fill(
            &p.blocks,
            old.as_ref().map(|o| o.blocks.as_slice()),
            &mut 0,
            &mut charts,
        )?;
        for (id, chart) in charts {
            r.deferred.retain(|(d, _)| *d != id);
            let known = by_id(&id)
                .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
                .is_some_and(|c| super::sizes::knows(&c, &id));
            if known {
                draw_chart(&id, chart, theme, lang)?;
            } else {
                r.deferred.push((id, chart.clone()));
            }
        }
        *last = Some(p.clone());
    }
    Ok(true)
}

fn panel_shell(p: &Panel) -> Result<Element, JsValue> {
    let class = if p.wide {
        "panel view study-panel study-wide"
    } else {
        "panel view study-panel"
    };
    Ok(H::new("section")
        .id(&format!("view-{}", p.view))
        .class(class)
        .attr("data-view", p.view)
        .attr("aria-labelledby", &format!("{}-h", p.view))
        .child(H::new("h2").id(&format!("{}-h", p.view)))
        .child(H::new("p").id(&format!("{}-caption", p.view)).class("note"))
        .child(H::new("div").class("study-blocks"))
        .child(export_button(&format!("{}-csv", p.view)))
        .el())
}

/// A download button (`data-export`: what it saves, read by the chapter's click handler).
fn export_button(id: &str) -> H {
    H::new("div").class("export").child(
        H::new("button")
            .attr("type", "button")
            .id(id)
            .attr("data-export", id),
    )
}

/// Builds the containers of `blocks`; numbered in document order by `k`.
fn build_blocks(
    host: &Element,
    view: &str,
    blocks: &[Block],
    k: &mut usize,
) -> Result<(), JsValue> {
    for b in blocks {
        let id = format!("{view}-b{k}");
        *k += 1;
        let el = match b {
            Block::Text(_) => H::new("p").id(&id).class("study-text").el(),
            Block::Figures(_) => H::new("dl").id(&id).class("figures").el(),
            // Focusable: a wide table scrolls sideways on a phone or a projector, and the
            // keyboard must reach it too.
            Block::Table(_) => H::new("div")
                .class("table-wrap")
                .attr("tabindex", "0")
                .child(H::new("table").id(&id).class("data"))
                .el(),
            Block::Chart { .. } => H::new("div")
                .class("study-chart")
                .child(
                    H::new("canvas")
                        .id(&id)
                        .class("chart-canvas")
                        .attr("role", "img"),
                )
                .child(export_button(&format!("{id}-png")))
                .child(
                    H::new("details")
                        .class("alt")
                        .child(H::new("summary").id(&format!("{id}-summary")))
                        .child(
                            H::new("div")
                                .class("table-wrap")
                                .attr("tabindex", "0")
                                .child(H::new("table").id(&format!("{id}-table")).class("data")),
                        ),
                )
                .el(),
            Block::Reveal { blocks: inner, .. } => {
                let details = H::new("details")
                    .class("reveal")
                    .child(H::new("summary").id(&format!("{id}-summary")))
                    .child(H::new("div").id(&format!("{id}-body")))
                    .el();
                if let Some(body) = details.query_selector(&format!("#{id}-body"))? {
                    build_blocks(&body, view, inner, k)?;
                }
                details
            }
        };
        host.append_child(&el)?;
    }
    Ok(())
}

/// What the blocks of one panel are filled for.
struct Blocks {
    view: &'static str,
    visible: bool,
    lang: Lang,
}

impl Blocks {
    /// Fills the containers of `blocks` (same numbering as [`build_blocks`]); a block equal
    /// to the one at its place in `old` (what the containers show) is left alone, and a
    /// table of the same shape is updated cell by cell. The charts to draw are collected
    /// in `charts`.
    fn fill<'a>(
        &self,
        blocks: &'a [Block],
        old: Option<&[Block]>,
        k: &mut usize,
        charts: &mut Vec<(String, &'a Chart)>,
    ) -> Result<(), JsValue> {
        for (i, b) in blocks.iter().enumerate() {
            let id = format!("{}-b{k}", self.view);
            *k += 1;
            let was = old.and_then(|o| o.get(i));
            if let Block::Reveal {
                summary,
                blocks: inner,
            } = b
            {
                set_text_id(&format!("{id}-summary"), summary);
                let was_inner = match was {
                    Some(Block::Reveal { blocks, .. }) => Some(blocks.as_slice()),
                    _ => None,
                };
                self.fill(inner, was_inner, k, charts)?;
                continue;
            }
            if was == Some(b) {
                continue;
            }
            match b {
                Block::Text(t) => set_text_id(&id, t),
                Block::Figures(f) => render_figures(&id, f)?,
                Block::Table(t) => {
                    let was_table = match was {
                        Some(Block::Table(w)) => Some(w),
                        _ => None,
                    };
                    render_table(&id, t, was_table)?;
                }
                Block::Chart {
                    chart,
                    label,
                    table,
                } => {
                    if let Some(c) = by_id(&id) {
                        set_attr(&c, "aria-label", label);
                        set_attr(&c, "data-chart", table.key);
                    }
                    set_text_id(&format!("{id}-summary"), tr(self.lang, St::ChartData));
                    set_text_id(&format!("{id}-png"), tr(self.lang, Text::ExportPng));
                    let was_table = match was {
                        Some(Block::Chart { table, .. }) => Some(table),
                        _ => None,
                    };
                    render_table(&format!("{id}-table"), table, was_table)?;
                    if self.visible {
                        charts.push((id, chart));
                    }
                }
                Block::Reveal { .. } => {}
            }
        }
        Ok(())
    }
}

fn render_figures(id: &str, figures: &[Figure]) -> Result<(), JsValue> {
    let Some(dl) = by_id(id) else {
        return Ok(());
    };
    clear(&dl);
    for f in figures {
        dl.append_child(&H::new("dt").text(&f.label).el())?;
        dl.append_child(
            &H::new("dd")
                .attr("data-figure", f.key)
                .attr("data-value", &plain(f.value))
                .text(&f.text)
                .el(),
        )?;
    }
    Ok(())
}

/// A number for a `data-value` hook: plain decimal, no grouping.
fn plain(v: f64) -> String {
    if v.is_finite() {
        let s = format!("{v:.10}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        s.to_owned()
    } else {
        String::new()
    }
}

/// Writes table `id`; when `was` (what it shows) has the same key and header, and its rows
/// the same shape as far as both go, only the cells and row attributes that differ are
/// written, and rows are added or removed at the end (a slider that sets the number of
/// partitions changes the row count at every step).
fn render_table(id: &str, t: &DataTable, was: Option<&DataTable>) -> Result<(), JsValue> {
    let Some(table) = by_id(id) else {
        return Ok(());
    };
    if let Some(was) = was.filter(|w| same_shape(w, t)) {
        if update_table(&table, t, was)? {
            return Ok(());
        }
    }
    clear(&table);
    set_attr(&table, "data-table", t.key);
    let mut head = H::new("tr");
    for h in &t.head {
        head = head.child(H::new("th").attr("scope", "col").text(h));
    }
    table.append_child(&H::new("thead").child(head).el())?;
    let body = H::new("tbody").el();
    for row in &t.rows {
        let tr_ = table_row(row)?;
        body.append_child(&tr_)?;
    }
    table.append_child(&body)?;
    Ok(())
}

/// One body row: its `data-*` attributes, a row header, then the cells.
fn table_row(row: &Row) -> Result<Element, JsValue> {
    let mut tr_ = H::new("tr");
    for (k, v) in &row.attrs {
        tr_ = tr_.attr(&format!("data-{k}"), v);
    }
    for (i, c) in row.cells.iter().enumerate() {
        let mut cell = if i == 0 {
            H::new("th").attr("scope", "row")
        } else {
            H::new("td")
        };
        if let Some(v) = c.value {
            cell = cell.attr("data-value", &plain(v));
        }
        tr_ = tr_.child(cell.text(&c.text));
    }
    Ok(tr_.el())
}

/// Whether two tables have the same key and header, and their rows, as far as both go, the
/// same cells per row and attribute names (and number cells in the same places).
fn same_shape(a: &DataTable, b: &DataTable) -> bool {
    a.key == b.key
        && a.head == b.head
        && a.rows.iter().zip(&b.rows).all(|(x, y)| {
            x.cells.len() == y.cells.len()
                && x.attrs.len() == y.attrs.len()
                && x.attrs.iter().zip(&y.attrs).all(|((p, _), (q, _))| p == q)
                && x.cells
                    .iter()
                    .zip(&y.cells)
                    .all(|(c, d)| c.value.is_some() == d.value.is_some())
        })
}

/// Writes what differs between `was` and `t` (see [`same_shape`]) into the table's rows, and
/// adds or removes rows at the end. Returns false when the table on the page does not have
/// `was`'s rows.
fn update_table(table: &Element, t: &DataTable, was: &DataTable) -> Result<bool, JsValue> {
    let Ok(Some(body)) = table.query_selector("tbody") else {
        return Ok(false);
    };
    let rows = body.children();
    if rows.length() as usize != was.rows.len() {
        return Ok(false);
    }
    for (i, (row, old)) in t.rows.iter().zip(&was.rows).enumerate() {
        if row == old {
            continue;
        }
        let Some(tr_) = rows.item(i as u32) else {
            return Ok(false);
        };
        for ((k, v), (_, old_v)) in row.attrs.iter().zip(&old.attrs) {
            if v != old_v {
                let _ = tr_.set_attribute(&format!("data-{k}"), v);
            }
        }
        let cells = tr_.children();
        for (j, (c, old_c)) in row.cells.iter().zip(&old.cells).enumerate() {
            if c == old_c {
                continue;
            }
            let Some(cell) = cells.item(j as u32) else {
                return Ok(false);
            };
            if c.text != old_c.text {
                cell.set_text_content(Some(&c.text));
            }
            if let Some(v) = c.value {
                let _ = cell.set_attribute("data-value", &plain(v));
            }
        }
    }
    for row in t.rows.iter().skip(was.rows.len()) {
        let tr_ = table_row(row)?;
        body.append_child(&tr_)?;
    }
    for i in (t.rows.len()..was.rows.len()).rev() {
        if let Some(tr_) = rows.item(i as u32) {
            tr_.remove();
        }
    }
    Ok(true)
}

fn draw_chart(
    id: &str,
    chart: &partlab_lab::study::chart::Chart,
    theme: Theme,
    lang: Lang,
) -> Result<(), JsValue> {
    let Some(canvas) = by_id(id).and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok()) else {
        return Ok(());
    };
    let (w, h) = super::sizes::chart_size(&canvas, id);
    if w < 1.0 || h < 1.0 {
        return Ok(());
    }
    let dpr = crate::dpr();
    size_canvas_to(&canvas, (w, h), dpr);
    let Some(backend) = CanvasBackend::with_canvas_object(canvas) else {
        return Ok(());
    };
    let area = backend.into_drawing_area();
    let err = |e: &dyn std::fmt::Display| JsValue::from_str(&e.to_string());
    partlab_lab::study::chart::draw(
        &area,
        chart,
        &chart_theme(theme).with_scale(dpr).with_lang(lang),
    )
    .map_err(|e| err(&e))?;
    area.present().map_err(|e| err(&e))
}

fn apply_embed(embed: Option<&'static str>, r: &mut Rendered) {
    if r.embed == Some(embed) {
        return;
    }
    r.embed = Some(embed);
    let Some(body) = crate::dom::document().ok().and_then(|d| d.body()) else {
        return;
    };
    match embed {
        Some(v) => {
            let _ = body.class_list().add_1("embed");
            set_attr(&body, "data-embed", v);
        }
        None => {
            let _ = body.class_list().remove_1("embed");
            let _ = body.remove_attribute("data-embed");
        }
    }
    if let Some(host) = by_id("study-panels") {
        if let Ok(list) = host.query_selector_all(".study-panel") {
            for i in 0..list.length() {
                if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                    let on =
                        embed.is_some_and(|v| el.get_attribute("data-view").as_deref() == Some(v));
                    let _ = if on {
                        el.class_list().add_1("embedded")
                    } else {
                        el.class_list().remove_1("embedded")
                    };
                }
            }
        }
    }
}
