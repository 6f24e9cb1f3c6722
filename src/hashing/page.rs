//! The page's structure (built once) and the rendering of everything that changes.
//!
//! Stable hooks for tests and scripts: `#app[data-state=ready]`; the keys-per-node table rows
//! `tr[data-node][data-keys]` (the figures table `#dist-table`, and the text alternatives of
//! the ring and of the bar chart, so every view that shows keys per node carries them); figures `[data-figure=deviation|deviation-lesson|peak|share-error|moved|ideal|replica-sets]` (`deviation-lesson`: the lesson's formula, only when weights differ)
//! with a machine-readable `data-value` (plain decimal, percent units); lesson figures
//! `[data-lesson=…]`; the flow rows `tr[data-from][data-to][data-keys]`; sections
//! `section[data-view=ring|figures|bars|deviation|movement|tables]`; the charts' readouts `#{bars,deviation,movement}-readout[data-at][data-items]` and the deviation table's current row `tr[data-current=point|flat][data-value]`.

use wasm_bindgen::{intern, JsCast, JsValue};
use web_sys::{Element, HtmlInputElement};

use super::table::{render_flow, Table};
use partlab_core::config::Strategy;
use partlab_core::lesson;
use partlab_core::sweep::DEFAULT_VNODE_COUNTS;
use partlab_lab::i18n::{
    capitalize_latin, fmt_dec, fmt_fraction, fmt_int, fmt_pct, preset_label, strategy_name,
    strategy_rule, tr, Text,
};
use partlab_lab::model::words::{progress_note, Meanwhile};
use partlab_lab::model::{DeviationSweep, KeyPath, Lab, MovementSweep, Notice, PathDetail};
use partlab_lab::palette::{chart_theme, node_colour, Theme};
use partlab_lab::readout::CurrentMark;
use partlab_lab::state::{
    nearest_stop, LabState, Lang, View, KEY_STOPS, LOAD_FACTOR_STOPS, MAX_LAB_WEIGHT, MIN_WEIGHT,
    PROBE_STOPS, TABLE_SIZE_STOPS, VNODE_STOPS,
};

use partlab_lab::chapters::ChapterId;
use partlab_lab::chapters::{chapter_title, hashing_intro};

use crate::dom::{
    by_id, clear, fingerprint, same_content, set_attr, set_input_value, set_select_value,
    set_style, set_text_id, H,
};

/// Builds the instrument inside the chapter's root element (replacing what was there).
pub fn build(root: &Element, chapter: ChapterId, embed: Option<View>) -> Result<(), JsValue> {
    clear(root);
    let intro = H::new("section")
        .class("panel chapter-intro")
        .attr("aria-labelledby", "chapter-h")
        .child(H::new("h2").id("chapter-h"))
        .child(H::new("p").id("chapter-intro").class("note"));
    let layout = H::new("main")
        .class("layout")
        .child(notice_area("notices"))
        .child(H::new("p").id("embed-caption").class("embed-caption"))
        // What a screen reader hears after a change: one sentence, not the whole panel.
        .child(
            H::new("p")
                .id("announce")
                .class("sr-only")
                .attr("role", "status")
                .attr("aria-live", "polite"),
        )
        .child(
            H::new("p")
                .id("progress")
                .class("progress")
                .attr("role", "status")
                .attr("aria-live", "polite"),
        )
        .child(intro);

    // Controls.
    let mut strategy = H::new("select").id("strategy");
    for s in Strategy::ALL {
        strategy = strategy.child(
            H::new("option")
                .attr("value", s.name())
                .id(&format!("strategy-{}", s.name())),
        );
    }
    let field = |id: &str, control: H, out: Option<&str>| -> H {
        let mut f = H::new("div")
            .class("field")
            .child(H::new("label").id(&format!("{id}-label")).attr("for", id))
            .child(control);
        if let Some(o) = out {
            f = f.child(H::new("output").id(o).attr("for", id));
        }
        f
    };
    let vnodes = H::new("input")
        .id("vnodes")
        .attr("type", "range")
        .attr("min", "0")
        .attr("max", &(VNODE_STOPS.len() - 1).to_string())
        .attr("step", "1");
    let keys = H::new("input")
        .id("keys")
        .attr("type", "range")
        .attr("min", "0")
        .attr("max", &(KEY_STOPS.len() - 1).to_string())
        .attr("step", "1");
    let replicas = H::new("input")
        .id("replicas")
        .attr("type", "number")
        .attr("min", "1")
        .attr("step", "1")
        .attr("inputmode", "numeric");
    let mut presets = H::new("div").id("presets").class("presets");
    for s in chapter.presets() {
        presets = presets.child(
            H::new("button")
                .attr("type", "button")
                .id(&format!("preset-{}", s.id))
                .attr("data-preset", s.id)
                .attr("aria-pressed", "false"),
        );
    }
    let controls = H::new("section")
        .id("controls")
        .class("panel controls")
        .attr("aria-labelledby", "controls-h")
        .child(H::new("h2").id("controls-h"))
        .child(notice_area("control-notices"))
        .child(field("strategy", strategy, None))
        .child(
            H::new("fieldset")
                .id("nodes")
                .child(H::new("legend").id("nodes-legend"))
                .child(H::new("ol").id("node-list").class("node-list"))
                .child(H::new("button").attr("type", "button").id("add-node"))
                .child(H::new("p").id("weights-note").class("note")),
        )
        .child(
            field("vnodes", vnodes, Some("vnodes-out"))
                .child(H::new("p").id("vnodes-note").class("note")),
        )
        .child(params_fields(&field))
        .child(field("keys", keys, Some("keys-out")))
        .child(field("replicas", replicas, None));
    let presets = H::new("section")
        .id("presets-panel")
        .class("panel presets-panel")
        .attr("aria-labelledby", "presets-h")
        .child(H::new("h2").id("presets-h"))
        .child(H::new("p").id("presets-intro").class("note"))
        .child(presets);

    // The ring.
    let ring = H::new("section")
        .class("panel view")
        .attr("data-view", "ring")
        .attr("aria-labelledby", "ring-h")
        .child(H::new("h2").id("ring-h"))
        // The stage: what stays in view on a phone while a control changes (style.css).
        .child(
            H::new("div")
                .class("stage")
                .child(
                    H::new("canvas")
                        .id("ring")
                        .class("ring-canvas")
                        .attr("role", "img")
                        .attr("tabindex", "0")
                        .attr("aria-labelledby", "ring-h")
                        .attr("aria-describedby", "ring-desc ring-caption pick-hint"),
                )
                .child(H::new("p").id("ring-desc").class("sr-only"))
                .child(
                    H::new("p")
                        .id("ring-hover")
                        .class("hover-readout")
                        .attr("aria-hidden", "true"),
                )
                .child(crate::hashing::strip::element()),
        )
        .child(H::new("ul").id("legend").class("legend"))
        .child(H::new("p").id("ring-caption").class("note"))
        .child(
            H::new("form")
                .id("lookup")
                .class("lookup")
                .child(H::new("label").id("key-label").attr("for", "key-input"))
                .child(
                    H::new("input")
                        .id("key-input")
                        .attr("type", "text")
                        .attr("autocomplete", "off")
                        .attr("spellcheck", "false")
                        .attr("placeholder", "P-2026-000042"),
                )
                .child(H::new("button").attr("type", "submit").id("find"))
                .child(H::new("button").attr("type", "button").id("clear-key")),
        )
        .child(notice_area("key-notices"))
        .child(H::new("p").id("pick-hint").class("note"))
        .child(
            H::new("div")
                .id("key-path")
                .class("key-path")
                .attr("aria-live", "polite"),
        )
        .child(H::new("div").id("key-why").class("key-why"))
        .child(details("ring-table-summary", "ring-table"));

    // Figures.
    let figures = H::new("section")
        .class("panel view")
        .id("figures-panel")
        .attr("data-view", "figures")
        .attr("aria-labelledby", "figures-h")
        .child(H::new("h2").id("figures-h"))
        .child(H::new("p").id("lesson-note").class("lesson-note"))
        .child(H::new("table").id("dist-table").class("data"))
        .child(H::new("dl").id("figures").class("figures"))
        .child(H::new("p").id("moved-why").class("note"))
        .child(
            H::new("button")
                .id("pin-baseline")
                .attr("type", "button")
                .attr("aria-pressed", "false"),
        )
        .child(super::compare::toggle())
        .child(H::new("h3").id("flow-h"))
        .child(H::new("table").id("flow-table").class("data"))
        .child(export_buttons("figures", false));

    let chart = |view: View, caption: bool| -> H {
        let name = view.name();
        let mut s = H::new("section")
            .class("panel view chart")
            .attr("data-view", name)
            .attr("aria-labelledby", &format!("{name}-h"))
            .child(H::new("h2").id(&format!("{name}-h")));
        if caption {
            s = s.child(H::new("p").id(&format!("{name}-caption")).class("note"));
        }
        let mut canvas = H::new("canvas")
            .id(&format!("{name}-chart"))
            .class("chart-canvas")
            .attr("role", "img")
            .attr("aria-labelledby", &format!("{name}-h"))
            .attr("aria-describedby", &format!("{name}-desc"));
        // Focusable: the arrow keys move the readout below it from item to item (its hint
        // says so, and is part of the canvas's description).
        canvas = canvas
            .attr("tabindex", "0")
            .attr("aria-describedby", &format!("{name}-desc {name}-readout"));
        s = s.child(canvas).child(
            H::new("p")
                .id(&format!("{name}-readout"))
                .class("hover-readout chart-readout")
                .attr("aria-live", "polite"),
        );
        s.child(H::new("p").id(&format!("{name}-desc")).class("sr-only"))
            .child(
                H::new("p")
                    .id(&format!("{name}-status"))
                    .class("note status"),
            )
            .child(details(
                &format!("{name}-table-summary"),
                &format!("{name}-table"),
            ))
            .child(export_buttons(name, true))
    };

    let layout = layout
        .child(presets)
        .child(super::compare::panel())
        .child(controls)
        .child(ring)
        .child(figures)
        .child(chart(View::Bars, false))
        .child(chart(View::Deviation, true))
        .child(chart(View::Movement, true))
        .child(super::tables::section(chapter, embed == Some(View::Tables)));
    crate::dom::append(root, &layout.el());
    if let Some(v) = embed {
        if let Some(body) = crate::dom::document()?.body() {
            body.class_list().add_1("embed")?;
            body.set_attribute(intern("data-embed"), v.name())?;
        }
    }
    Ok(())
}

/// The download buttons of a view: its data as CSV, and its canvas as PNG when `png`.
fn export_buttons(view: &str, png: bool) -> H {
    let mut box_ = H::new("div").class("export").child(
        H::new("button")
            .attr("type", "button")
            .id(&format!("{view}-csv"))
            .attr("data-export", &format!("{view}-csv")),
    );
    if png {
        box_ = box_.child(
            H::new("button")
                .attr("type", "button")
                .id(&format!("{view}-png"))
                .attr("data-export", &format!("{view}-png")),
        );
    }
    box_
}

fn notice_area(id: &str) -> H {
    H::new("div")
        .id(id)
        .class("notices")
        .attr("role", "status")
        .attr("aria-live", "polite")
}

fn details(summary_id: &str, table_id: &str) -> H {
    H::new("details")
        .class("alt")
        .child(H::new("summary").id(summary_id))
        .child(H::new("table").id(table_id).class("data"))
}

/// Sets every fixed text in `lang` (on language change only).
pub fn render_texts(lang: Lang, chapter: ChapterId) -> Result<(), JsValue> {
    let t = |id: &str, text: Text| set_text_id(id, tr(lang, text));
    set_text_id("chapter-h", &chapter_title(lang, chapter));
    set_text_id("chapter-intro", hashing_intro(lang, chapter));
    t("controls-h", Text::Controls);
    for view in ["figures", "bars", "deviation", "movement"] {
        set_text_id(&format!("{view}-csv"), tr(lang, Text::ExportCsv));
        set_text_id(&format!("{view}-png"), tr(lang, Text::ExportPng));
    }
    t("strategy-label", Text::Strategy);
    for s in Strategy::ALL {
        set_text_id(&format!("strategy-{}", s.name()), strategy_name(lang, s));
    }
    t("nodes-legend", Text::Nodes);
    t("add-node", Text::AddNode);
    t("vnodes-label", Text::Vnodes);
    t("table-size-label", Text::TableSizeLabel);
    t("load-factor-label", Text::LoadFactorLabel);
    t("probes-label", Text::ProbesLabel);
    t("keys-label", Text::KeyCount);
    t("replicas-label", Text::Replicas);
    t("presets-h", Text::Presets);
    t("presets-intro", Text::PresetsIntro);
    for s in chapter.presets() {
        set_text_id(&format!("preset-{}", s.id), &preset_label(lang, s));
    }
    t("ring-h", Text::Ring);
    t("key-label", Text::LookupKey);
    t("find", Text::Find);
    t("clear-key", Text::ClearKey);
    t("pick-hint", Text::PickHint);
    t("figures-h", Text::Figures);
    t("bars-h", Text::BarsTitle);
    t("deviation-h", Text::DeviationTitle);
    t("deviation-caption", Text::DeviationCaption);
    t("movement-h", Text::MovementTitle);
    t("movement-caption", Text::MovementCaption);
    // One visible words for all four, but each names its chart for a screen reader's list
    // of controls ("Chart data: Keys per node", …).
    for (id, chart) in [
        ("ring-table-summary", Text::Ring),
        ("bars-table-summary", Text::BarsTitle),
        ("deviation-table-summary", Text::DeviationTitle),
        ("movement-table-summary", Text::MovementTitle),
    ] {
        t(id, Text::ChartData);
        if let Some(e) = by_id(id) {
            set_attr(
                &e,
                "aria-label",
                &format!("{}: {}", tr(lang, Text::ChartData), tr(lang, chart)),
            );
        }
    }
    Ok(())
}

/// Synchronises the controls with the state. `rebuild_nodes` recreates the node rows (when
/// nodes were added, removed or renamed, or the language changed: `relabel`); rows whose node
/// is still there under the same name are kept when only new nodes follow them.
///
/// The control that has the focus keeps what the user is typing unless `reset_focused` (a
/// change was just applied or rejected: the control shows the state, e.g. a rejected name
/// goes back to the last valid one).
///
/// `written` is the state the controls were last written from. The inputs (which the user
/// changes) are always brought back to the state, under the focus rule above; what only the
/// state decides (outputs, value texts, accessible names, the presets' pressed state, the
/// table-size options) is written again only where its part of the state changed since: a
/// vnodes step touches the vnodes slider's texts, not the node rows' or the presets'.
/// `None` or a language change writes everything.
pub fn render_controls(
    lab: &Lab,
    rebuild_nodes: bool,
    relabel: bool,
    reset_focused: bool,
    written: Option<&LabState>,
) -> Result<(), JsValue> {
    // The controls show the experiment asked for, also while it is being computed.
    let st = lab.target_state();
    let lang = st.lang;
    let written = written.filter(|w| !relabel && w.lang == lang);
    // Whether what the state alone decides in a group of controls changed since last written.
    let differs = |part: fn(&LabState, &LabState) -> bool| written.is_none_or(|w| part(w, st));
    let focused = crate::dom::document()?
        .active_element()
        .map(|e| e.id())
        .unwrap_or_default();
    let writable = |id: &str| reset_focused || focused != id;
    let set_input_value = |id: &str, value: &str| {
        if writable(id) {
            set_input_value(id, value);
        }
    };
    let set_select_value = |id: &str, value: &str| {
        if writable(id) {
            set_select_value(id, value);
        }
    };
    set_select_value("strategy", st.strategy.name());
    if differs(|w, st| w.strategy != st.strategy) {
        set_text_id(
            "vnodes-note",
            if st.strategy.uses_vnodes() {
                ""
            } else {
                tr(lang, Text::VnodesUnused)
            },
        );
        set_text_id(
            "weights-note",
            if st.strategy.uses_weights() {
                ""
            } else {
                tr(lang, Text::WeightsUnused)
            },
        );
    }
    set_input_value("vnodes", &nearest_stop(&VNODE_STOPS, st.vnodes).to_string());
    if differs(|w, st| w.vnodes != st.vnodes) {
        if let Some(v) = by_id("vnodes") {
            set_attr(
                &v,
                "aria-valuetext",
                &format!(
                    "{} ({})",
                    fmt_int(lang, u64::from(st.vnodes)),
                    tr(lang, Text::Vnodes).to_ascii_lowercase()
                ),
            );
        }
        set_text_id("vnodes-out", &fmt_int(lang, u64::from(st.vnodes)));
    }
    render_params(
        st,
        lang,
        differs(|w, st| w.strategy != st.strategy || w.params != st.params),
        written.is_none(),
    );
    set_input_value("keys", &nearest_stop(&KEY_STOPS, st.key_count).to_string());
    if differs(|w, st| w.key_count != st.key_count) {
        if let Some(k) = by_id("keys") {
            set_attr(
                &k,
                "aria-valuetext",
                &format!(
                    "{} {}",
                    fmt_int(lang, u64::from(st.key_count)),
                    tr(lang, Text::AxisKeys)
                ),
            );
        }
        set_text_id("keys-out", &fmt_int(lang, u64::from(st.key_count)));
    }
    if differs(|w, st| w.nodes.len() != st.nodes.len()) {
        if let Some(r) = by_id("replicas") {
            set_attr(&r, "max", &st.nodes.len().to_string());
        }
    }
    set_input_value("replicas", &st.replicas.to_string());
    if differs(|w, st| w.preset != st.preset) {
        for s in lesson::scenarios() {
            if let Some(b) = by_id(&format!("preset-{}", s.id)) {
                let on = st.preset.as_deref() == Some(s.id);
                set_attr(&b, "aria-pressed", if on { "true" } else { "false" });
            }
        }
    }
    if let Some(v) = by_id("vnodes") {
        disable_unless(&v, st.strategy.uses_vnodes(), "vnodes-note");
    }
    let Some(list) = by_id("node-list") else {
        return Ok(());
    };
    // Rows from this index on are built below (none: the node count).
    let mut built_from = st.nodes.len();
    if rebuild_nodes {
        // Rows already there for the same names (a node joined or left at the end, the
        // language is the same) stay; the others are built.
        let rows = list.children();
        let kept = (rows.length() as usize).min(st.nodes.len());
        let keep = !relabel
            && (0..kept).all(|i| {
                crate::dom::by_id_as::<web_sys::HtmlInputElement>(&format!("node-name-{i}"))
                    .is_some_and(|input| input.value() == st.nodes[i].name)
            });
        let first = if keep {
            while rows.length() as usize > st.nodes.len() {
                if let Some(last) = list.last_element_child() {
                    let _ = list.remove_child(&last);
                }
            }
            kept
        } else {
            clear(&list);
            0
        };
        built_from = first;
        build_node_rows(&list, st, first)?;
    }
    let single = st.nodes.len() <= 1;
    let was_single = written.map(|w| w.nodes.len() <= 1);
    for (i, n) in st.nodes.iter().enumerate() {
        if i >= built_from {
            // Built just now with its texts and values.
            continue;
        }
        set_input_value(&format!("node-name-{i}"), &n.name);
        set_input_value(&format!("node-weight-{i}"), &format!("{}", n.weight));
        // A row's texts follow its node (a join or a weight step rewrites only the rows it
        // changed), its place, and whether it is the only one (no remove then).
        let row_changed =
            written.is_none_or(|w| w.nodes.get(i) != Some(n)) || was_single != Some(single);
        if !row_changed {
            continue;
        }
        // User text only ever goes into attribute values, never parsed as markup.
        if let Some(e) = by_id(&format!("node-name-{i}")) {
            set_attr(&e, "aria-label", &NodeNames::name_field(lang, i));
        }
        if let Some(e) = by_id(&format!("node-weight-{i}")) {
            set_attr(&e, "aria-label", &NodeNames::weight_slider(lang, &n.name));
        }
        set_text_id(&format!("node-weight-out-{i}"), &fmt_dec(lang, n.weight, 1));
        if let Some(b) = by_id(&format!("node-remove-{i}")) {
            set_attr(&b, "aria-label", &NodeNames::remove_button(lang, &n.name));
            if single {
                set_attr(&b, "disabled", "");
            } else {
                let _ = b.remove_attribute(intern("disabled"));
            }
        }
    }
    // Built or kept, every weight slider is off where the strategy ignores weights.
    for i in 0..st.nodes.len() {
        if let Some(w) = by_id(&format!("node-weight-{i}")) {
            disable_unless(&w, st.strategy.uses_weights(), "weights-note");
        }
    }
    Ok(())
}

/// Disables a control unless the current strategy uses it, pointing its description at the
/// note that says why (a slider that moves and changes nothing would mislead: mod N has no
/// virtual nodes, and mod N, jump, Maglev, bounded loads and multi-probe give every node the
/// same share whatever its weight). Its value stays, for the strategies that use it.
fn disable_unless(control: &Element, used: bool, note_id: &str) {
    if used != control.has_attribute("disabled") {
        return;
    }
    if used {
        let _ = control.remove_attribute(intern("disabled"));
        let _ = control.remove_attribute(intern("aria-describedby"));
    } else {
        set_attr(control, "disabled", "");
        set_attr(control, "aria-describedby", note_id);
    }
}

/// The accessible names of a node row's controls, which say which node each one is about:
/// four sliders all called "Weight" cannot be told apart.
struct NodeNames;

impl NodeNames {
    fn name_field(lang: Lang, index: usize) -> String {
        format!("{} {}", tr(lang, Text::NameOfNode), index + 1)
    }
    fn weight_slider(lang: Lang, name: &str) -> String {
        format!("{} {}", tr(lang, Text::WeightOfNode), name)
    }
    fn remove_button(lang: Lang, name: &str) -> String {
        format!("{} {}", tr(lang, Text::RemoveNode), name)
    }
}

thread_local! {
    /// The last node row template built, with its language (see [`node_row_template`]).
    static NODE_ROW: std::cell::RefCell<Option<(Lang, Element)>> =
        const { std::cell::RefCell::new(None) };
}

thread_local! {
    /// A copy of the node row template made ahead of need, when the browser was idle after
    /// the rows last changed, with its language: the next node that joins takes it instead of
    /// copying the template in its update (a copy builds the slider's and the text field's
    /// inner parts too: about a millisecond of a join's update with the CPU throttled 4×, in
    /// a profile).
    static SPARE_ROW: std::cell::RefCell<Option<(Lang, Element)>> =
        const { std::cell::RefCell::new(None) };
}

/// A fresh copy of `template` (of `lang`): the spare one if it is of that language.
fn fresh_row(lang: Lang, template: &Element) -> Result<Element, JsValue> {
    let spare = SPARE_ROW.with_borrow_mut(|s| s.take_if(|(l, _)| *l == lang));
    match spare {
        Some((_, row)) => Ok(row),
        None => Ok(template.clone_node_with_deep(true)?.dyn_into()?),
    }
}

/// Copies the last node row template built into the spare row, unless one of its language
/// is there already (run when the browser is idle).
fn prepare_spare_row() {
    let Some((lang, template)) = NODE_ROW.with_borrow(Clone::clone) else {
        return;
    };
    if SPARE_ROW.with_borrow(|s| s.as_ref().is_some_and(|(l, _)| *l == lang)) {
        return;
    }
    if let Ok(row) = template
        .clone_node_with_deep(true)
        .and_then(|r| r.dyn_into::<Element>().map_err(JsValue::from))
    {
        SPARE_ROW.with_borrow_mut(|s| *s = Some((lang, row)));
    }
}

/// A node row with the texts of `lang` and no node yet, built once per language: a node that
/// joins copies it instead of building a template for one row.
fn node_row_template(lang: Lang) -> Result<Element, JsValue> {
    if let Some(t) = NODE_ROW.with_borrow(|t| {
        t.as_ref()
            .filter(|(l, _)| *l == lang)
            .map(|(_, e)| e.clone())
    }) {
        return Ok(t);
    }
    let template = build_node_row_template(lang)?;
    NODE_ROW.with_borrow_mut(|t| *t = Some((lang, template.clone())));
    Ok(template)
}

/// Appends the rows of nodes `first..` to `list`, with their values, texts and accessible
/// names. One row of the language's texts is built element by element and every node's row
/// is a copy of it with its own ids, index, colour and values: with 32 nodes, building each
/// row element by element took over twice the calls across the wasm/JS boundary, most of a
/// cold start's first update.
fn build_node_rows(list: &Element, st: &LabState, first: usize) -> Result<(), JsValue> {
    if first >= st.nodes.len() {
        return Ok(());
    }
    let lang = st.lang;
    let template = node_row_template(lang)?;
    let single = st.nodes.len() <= 1;
    let missing = || JsValue::from_str("a node row lost a part");
    for (i, n) in st.nodes.iter().enumerate().skip(first) {
        let row = fresh_row(lang, &template)?;
        let idx = i.to_string();
        let name_id = format!("node-name-{i}");
        let weight_id = format!("node-weight-{i}");
        row.set_attribute(intern("data-idx"), &idx)?;
        paint_swatch(&row.first_element_child().ok_or_else(missing)?, n.colour);
        let labels = row.get_elements_by_tag_name("label");
        let part = |selector: &str| row.query_selector(selector)?.ok_or_else(missing);
        // User text (the node's name) only ever goes into values and attribute values.
        let name: HtmlInputElement = part("[data-role=name]")?.dyn_into()?;
        name.set_id(&name_id);
        name.set_attribute(intern("data-idx"), &idx)?;
        name.set_attribute(intern("aria-label"), &NodeNames::name_field(lang, i))?;
        name.set_value(&n.name);
        labels
            .item(0)
            .ok_or_else(missing)?
            .set_attribute(intern("for"), &name_id)?;
        let weight: HtmlInputElement = part("[data-role=weight]")?.dyn_into()?;
        weight.set_id(&weight_id);
        weight.set_attribute(intern("data-idx"), &idx)?;
        weight.set_attribute(
            intern("aria-label"),
            &NodeNames::weight_slider(lang, &n.name),
        )?;
        weight.set_value(&format!("{}", n.weight));
        labels
            .item(1)
            .ok_or_else(missing)?
            .set_attribute(intern("for"), &weight_id)?;
        let out = part("output")?;
        out.set_id(&format!("node-weight-out-{i}"));
        out.set_attribute(intern("for"), &weight_id)?;
        out.set_text_content(Some(&fmt_dec(lang, n.weight, 1)));
        let remove = part("[data-role=remove]")?;
        remove.set_id(&format!("node-remove-{i}"));
        remove.set_attribute(intern("data-idx"), &idx)?;
        remove.set_attribute(
            intern("aria-label"),
            &NodeNames::remove_button(lang, &n.name),
        )?;
        if single {
            remove.set_attribute(intern("disabled"), "")?;
        }
        crate::dom::append(list, &row);
    }
    crate::when_idle(prepare_spare_row);
    Ok(())
}

/// The node row template of [`node_row_template`], built element by element.
fn build_node_row_template(lang: Lang) -> Result<Element, JsValue> {
    Ok(H::new("li")
        .class("node-row")
        .child(H::new("span").class("swatch").attr("aria-hidden", "true"))
        .child(
            H::new("span")
                .class("node-field")
                .child(H::new("label").text(tr(lang, Text::NodeName)))
                .child(
                    H::new("input")
                        .attr("type", "text")
                        .attr("data-role", "name")
                        .attr("autocomplete", "off")
                        .attr("spellcheck", "false"),
                ),
        )
        .child(
            H::new("span")
                .class("node-field")
                .child(H::new("label").text(tr(lang, Text::Weight)))
                .child(
                    H::new("input")
                        .attr("type", "range")
                        .attr("min", &MIN_WEIGHT.to_string())
                        .attr("max", &MAX_LAB_WEIGHT.to_string())
                        .attr("step", "0.1")
                        .attr("data-role", "weight"),
                )
                .child(H::new("output")),
        )
        .child(
            H::new("button")
                .attr("type", "button")
                .attr("data-role", "remove")
                .text(tr(lang, Text::RemoveNode)),
        )
        .el())
}

/// Where a notice shows: a rejected change next to the controls, a bad key lookup next to
/// the lookup field, anything else (the address, presets) at the top of the page.
fn notice_box(n: &Notice) -> &'static str {
    match n {
        Notice::Rejected(_) | Notice::NodeListFull => "control-notices",
        Notice::EmptyKey | Notice::KeyTooLong => "key-notices",
        Notice::Fragment(_) | Notice::UnknownPreset => "notices",
        Notice::ReplicasLowered { .. }
        | Notice::ReplicasRestored { .. }
        | Notice::PresetHeld { .. } => "control-notices",
    }
}

/// Shows the notices, each next to what it is about (`written`: the language and notices
/// last shown; unchanged, nothing is read or written).
pub fn render_notices(lab: &Lab, written: &mut Option<(Lang, Vec<Notice>)>) -> Result<(), JsValue> {
    let lang = lab.target_state().lang;
    if written
        .as_ref()
        .is_some_and(|(l, n)| *l == lang && n.as_slice() == lab.notices())
    {
        return Ok(());
    }
    for id in ["notices", "control-notices", "key-notices"] {
        let Some(box_) = by_id(id) else {
            continue;
        };
        let here: Vec<&Notice> = lab
            .notices()
            .iter()
            .filter(|n| notice_box(n) == id)
            .collect();
        let texts: Vec<String> = here.iter().map(|n| n.text(lang)).collect();
        if same_content(&box_, fingerprint(&texts)) {
            continue;
        }
        clear(&box_);
        if here.is_empty() {
            continue;
        }
        let mut ul = H::new("ul");
        for n in here {
            ul = ul.child(H::new("li").class("notice").text(&n.text(lang)));
        }
        crate::dom::append(&box_, &ul.el());
        crate::dom::append(
            &box_,
            &H::new("button")
                .attr("type", "button")
                .class("dismiss")
                .text(tr(lang, Text::Dismiss))
                .el(),
        );
    }
    *written = Some((lang, lab.notices().to_vec()));
    Ok(())
}

/// The legend under the ring and the ring's text alternative.
pub fn render_ring_texts(lab: &Lab) -> Result<(), JsValue> {
    let lang = lab.state().lang;
    let st = lab.state();
    set_text_id(
        "ring-caption",
        tr(
            lang,
            if st.strategy == Strategy::Ring {
                Text::RingCaption
            } else {
                Text::NoRingCaption
            },
        ),
    );
    if let Some(legend) = by_id("legend").filter(|l| {
        let nodes: Vec<(&str, usize)> = st
            .nodes
            .iter()
            .map(|n| (n.name.as_str(), n.colour))
            .collect();
        !same_content(l, fingerprint(&nodes))
    }) {
        // Item by item: a node that joins adds one, one that leaves removes one and renames
        // those after it; the others stay as they are.
        let items = legend.children();
        for i in (st.nodes.len()..items.length() as usize).rev() {
            if let Some(li) = items.item(i as u32) {
                li.remove();
            }
        }
        for (i, n) in st.nodes.iter().enumerate() {
            let colour = n.colour.to_string();
            match items.item(i as u32) {
                Some(li) => {
                    let (Some(sw), Some(name)) =
                        (li.first_element_child(), li.last_element_child())
                    else {
                        continue;
                    };
                    if li.get_attribute(intern("data-colour")).as_deref() != Some(colour.as_str()) {
                        paint_swatch(&sw, n.colour);
                        crate::dom::set_attr(&li, "data-colour", &colour);
                    }
                    crate::dom::set_text(&name, &n.name);
                }
                None => {
                    let sw = H::new("span")
                        .class("swatch")
                        .attr("aria-hidden", "true")
                        .el();
                    paint_swatch(&sw, n.colour);
                    crate::dom::append(
                        &legend,
                        &H::new("li")
                            .attr("data-colour", &colour)
                            .child(sw)
                            .child(H::new("span").text(&n.name))
                            .el(),
                    );
                }
            }
        }
    }
    let shares = lab.arc_shares();
    let d = lab.distribution();
    let mut head = vec![tr(lang, Text::Node)];
    if shares.is_some() {
        head.push(tr(lang, Text::VnodesCol));
        head.push(tr(lang, Text::ArcShare));
    }
    head.push(tr(lang, Text::Keys));
    let rows = d
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let mut cells = vec![n.name.clone()];
            if let Some(s) = &shares {
                cells.push(fmt_int(lang, u64::from(lab.config().vnodes_of(i))));
                cells.push(fmt_fraction(lang, s.get(i).copied().unwrap_or(0.0)));
            }
            cells.push(fmt_int(lang, n.keys));
            (
                vec![
                    ("data-node", n.name.clone()),
                    ("data-keys", n.keys.to_string()),
                ],
                cells,
            )
        })
        .collect();
    Table { head, rows }.render("ring-table")
}

/// The selected key's path.
pub fn render_key_path(lab: &Lab, path: Option<&KeyPath>) -> Result<(), JsValue> {
    let Some(panel) = by_id("key-path") else {
        return Ok(());
    };
    let lang = lab.state().lang;
    let sig = path.map(|p| {
        let detail = match &p.detail {
            PathDetail::Modulo { n, rem } => (0, u64::from(*n), *rem),
            PathDetail::Ring { vnode, position } => (1, fingerprint(vnode), *position),
            PathDetail::Rendezvous { score } => (2, 0, *score),
            PathDetail::Jump { n, bucket } => (3, u64::from(*n), u64::from(*bucket)),
            PathDetail::Maglev { entry, size } => (4, *size, *entry),
            PathDetail::MultiProbe { probes } => (5, u64::from(*probes), 0),
            PathDetail::Ketama { hashi, point } => (6, u64::from(*hashi), u64::from(*point)),
        };
        (&p.key, p.hash, detail, &p.nodes, &p.before, p.in_key_set)
    });
    let strategy = lab.config().strategy.name();
    if same_content(&panel, fingerprint(&(sig, lang.code(), strategy))) {
        return Ok(());
    }
    clear(&panel);
    let Some(p) = path else {
        return Ok(());
    };
    crate::dom::append(&panel, &H::new("h3").text(tr(lang, Text::KeyPath)).el());
    let dl = H::new("dl").class("path");
    let row = |label: &str, value: String, attr: &str| {
        dl.append(H::new("dt").text(label));
        dl.append(H::new("dd").text(&value).attr("data-path", attr));
    };
    row(tr(lang, Text::PathKey), p.key.clone(), "key");
    if !p.in_key_set {
        crate::dom::append(&panel, &dl_note(lang));
    }
    row(tr(lang, Text::PathMd5), p.md5_hex.clone(), "md5");
    row(
        tr(lang, Text::PathU64),
        format!("{} (0x{:016x})", fmt_int(lang, p.hash), p.hash),
        "u64",
    );
    let strategy = lab.config().strategy;
    // Only a ring has angles of its own; elsewhere the angle is where the canvas draws the key.
    let angle_label = if strategy.uses_vnodes() {
        Text::PathAngle
    } else {
        Text::PathAngleHash
    };
    row(
        tr(lang, angle_label),
        format!("{}°", fmt_dec(lang, p.angle_deg, 2)),
        "angle",
    );
    // Mod N, jump, Maglev and ketama: the arithmetic in one line, the hash written out (why.rs).
    let arithmetic = crate::hashing::why::arithmetic_line(lab, p);
    let detail = match arithmetic {
        Some(line) => format!("{} → {line}", strategy_rule(lang, strategy)),
        None => match &p.detail {
            PathDetail::Modulo { n, rem } => format!(
                "{} → {} mod {n} = {rem}",
                strategy_rule(lang, strategy),
                fmt_int(lang, p.hash)
            ),
            PathDetail::Ring { vnode, position } => format!(
                "{} → {vnode} ({}°)",
                strategy_rule(lang, strategy),
                fmt_dec(lang, partlab_core::hash::angle_deg(*position), 2)
            ),
            // Every node's score is in the table under the path (why.rs).
            PathDetail::Rendezvous { .. } => format!(
                "{} → {}",
                strategy_rule(lang, strategy),
                p.nodes.first().map_or("", |(n, _)| n.as_str())
            ),
            PathDetail::Jump { n, bucket } => {
                format!("{} → {bucket} / {n}", strategy_rule(lang, strategy))
            }
            PathDetail::Maglev { entry, size } => format!(
                "{} → {} mod {} = {}",
                strategy_rule(lang, strategy),
                fmt_int(lang, p.hash),
                fmt_int(lang, *size),
                fmt_int(lang, *entry)
            ),
            PathDetail::MultiProbe { probes } => {
                format!("{} (k = {probes})", strategy_rule(lang, strategy))
            }
            PathDetail::Ketama { hashi, point } => format!(
                "{} → {} ≤ {}",
                strategy_rule(lang, strategy),
                fmt_int(lang, u64::from(*hashi)),
                fmt_int(lang, u64::from(*point))
            ),
        },
    };
    row(tr(lang, Text::PathRule), detail, "rule");
    let owner = p.nodes.first().map(|(n, _)| n.clone()).unwrap_or_default();
    row(tr(lang, Text::PathOwner), owner, "owner");
    // "Replicas" is the whole replica set, owner first, in this row and in "before" alike.
    if p.nodes.len() > 1 {
        let all: Vec<String> = p.nodes.iter().map(|(n, _)| n.clone()).collect();
        row(tr(lang, Text::PathReplicas), all.join(", "), "replicas");
    }
    if let Some(b) = &p.before {
        row(tr(lang, Text::PathBefore), b.join(", "), "before");
    }
    crate::dom::append(&panel, &dl.el());
    Ok(())
}

fn dl_note(lang: Lang) -> Element {
    H::new("p")
        .class("note")
        .attr("data-path", "not-in-set")
        .text(tr(lang, Text::NotInKeySet))
        .el()
}

/// The figures list, written in place: a figure whose slot already holds the same figure
/// (same key, same lesson note or none) gets its texts set where they differ from what was
/// written there; from the first that does not, the rest is built again. What was written,
/// and the elements it went into, are kept between updates ([`WrittenFigures`]): the list was
/// read back from the page at every update, a dozen calls into the page per figure (a
/// hundred of a vnodes step's five hundred), to find the few numbers that changed.
struct Figures {
    dl: Element,
    slots: Vec<FigureSlot>,
    next: usize,
}

/// A figure as written: its texts, and its elements.
struct FigureSlot {
    key: String,
    label: String,
    value_attr: String,
    text: String,
    lesson: Option<String>,
    dt: Element,
    dd: Element,
    value: Element,
    lesson_span: Option<Element>,
}

/// The figures list as last written, with the list element it was written into.
struct WrittenFigures {
    dl: Element,
    slots: Vec<FigureSlot>,
}

thread_local! {
    /// See [`Figures`]: taken at the start of each writing, put back at its end (an error on
    /// the way leaves none, and the next writing builds the list again).
    static WRITTEN_FIGURES: std::cell::RefCell<Option<WrittenFigures>> =
        const { std::cell::RefCell::new(None) };
}

impl Figures {
    /// Writing into `dl`: what was written last is reused when it went into this very list
    /// and the list still holds it, element for element; else the list is emptied.
    fn new(dl: &Element) -> Figures {
        let written = WRITTEN_FIGURES.with_borrow_mut(Option::take);
        let slots = match written {
            Some(w) if w.dl == *dl && dl.child_element_count() as usize == 2 * w.slots.len() => {
                w.slots
            }
            _ => {
                crate::dom::clear(dl);
                Vec::new()
            }
        };
        Figures {
            dl: dl.clone(),
            slots,
            next: 0,
        }
    }

    fn add(
        &mut self,
        key: &str,
        label: &str,
        text: &str,
        value: f64,
        lesson: Option<String>,
    ) -> Result<(), JsValue> {
        let i = self.next;
        self.next += 1;
        let value_attr = format!("{value:.4}");
        if let Some(slot) = self.slots.get_mut(i) {
            if slot.key == key && slot.lesson.is_some() == lesson.is_some() {
                if slot.label != label {
                    slot.dt.set_text_content(Some(label));
                    label.clone_into(&mut slot.label);
                }
                if slot.value_attr != value_attr {
                    slot.dd.set_attribute(intern("data-value"), &value_attr)?;
                    slot.value_attr = value_attr;
                }
                if slot.text != text {
                    slot.value.set_text_content(Some(text));
                    text.clone_into(&mut slot.text);
                }
                if slot.lesson != lesson {
                    if let (Some(l), Some(span)) = (lesson.as_deref(), &slot.lesson_span) {
                        span.set_text_content(Some(l));
                    }
                    slot.lesson = lesson;
                }
                return Ok(());
            }
            self.truncate(i);
        }
        let value_span = H::new("span").class("value").text(text).el();
        let lesson_span = lesson.as_deref().map(|l| {
            H::new("span")
                .class("lesson")
                .attr("data-lesson", key)
                .text(l)
                .el()
        });
        let dd = H::new("dd")
            .attr("data-figure", key)
            .attr("data-value", &value_attr)
            .el();
        crate::dom::append(&dd, &value_span);
        if let Some(span) = &lesson_span {
            crate::dom::append(&dd, span);
        }
        let dt = H::new("dt").text(label).el();
        crate::dom::append(&self.dl, &dt);
        crate::dom::append(&self.dl, &dd);
        self.slots.push(FigureSlot {
            key: key.to_owned(),
            label: label.to_owned(),
            value_attr,
            text: text.to_owned(),
            lesson,
            dt,
            dd,
            value: value_span,
            lesson_span,
        });
        Ok(())
    }

    /// Removes the figures from slot `from` on.
    fn truncate(&mut self, from: usize) {
        for slot in self.slots.drain(from.min(self.slots.len())..) {
            slot.dt.remove();
            slot.dd.remove();
        }
    }

    /// Removes what is left of the earlier list, and keeps what was written for the next time.
    fn finish(mut self) {
        self.truncate(self.next);
        WRITTEN_FIGURES.with_borrow_mut(|w| {
            *w = Some(WrittenFigures {
                dl: self.dl,
                slots: self.slots,
            });
        });
    }
}

/// The one-line caption of an embedded view (shown in embed mode only).
pub fn render_caption(lab: &Lab) {
    let text = if lab.state().embed.is_some() {
        partlab_lab::model::words::embed_caption(lab.state().lang, lab)
    } else {
        String::new()
    };
    set_text_id("embed-caption", &text);
}

/// The figures panel.
pub fn render_figures(lab: &Lab) -> Result<(), JsValue> {
    let lang = lab.state().lang;
    let d = lab.distribution();
    let lesson = lab.lesson_figures();
    // "Lesson" begins a line in each place below: a heading, a column, a figure's note.
    let lesson_word = capitalize_latin(tr(lang, Text::Lesson));
    set_text_id(
        "lesson-note",
        &match &lesson {
            Some(l) => format!(
                "{}: {}",
                lesson_word,
                partlab_core::lesson::scenario(l.id)
                    .map(|s| preset_label(lang, s))
                    .unwrap_or_default()
            ),
            None => String::new(),
        },
    );
    let lesson_counts = lesson
        .as_ref()
        .map(|l| l.counts.clone())
        .unwrap_or_default();
    let mut head = vec![
        tr(lang, Text::Node),
        tr(lang, Text::Keys),
        tr(lang, Text::Share),
        tr(lang, Text::Expected),
    ];
    if !lesson_counts.is_empty() {
        head.push(&lesson_word);
    }
    let rows = d
        .nodes
        .iter()
        .map(|n| {
            let mut cells = vec![
                n.name.clone(),
                fmt_int(lang, n.keys),
                fmt_fraction(lang, n.share),
                fmt_fraction(lang, n.expected_share),
            ];
            if !lesson_counts.is_empty() {
                let l = lesson_counts.iter().find(|(name, _)| *name == n.name);
                cells.push(l.map_or(String::new(), |(_, k)| fmt_int(lang, *k)));
            }
            (
                vec![
                    ("data-node", n.name.clone()),
                    ("data-keys", n.keys.to_string()),
                ],
                cells,
            )
        })
        .collect();
    Table { head, rows }.render("dist-table")?;

    let Some(dl) = by_id("figures") else {
        return Ok(());
    };
    // Everything the list shows comes from the distribution, the movement and the lesson's
    // figures, in one language.
    let bits = |x: f64| x.to_bits();
    let sig = (
        [d.deviation_pct, d.peak_to_mean, d.max_share_error_pct].map(bits),
        weighted_of(d),
        lab.movement().map(|m| {
            let flow: Vec<_> = m.flow.iter().map(|f| (&f.from, &f.to, f.keys)).collect();
            let replicas = m.replica_sets_changed_fraction.map(bits);
            (m.moved, m.total, bits(m.ideal_fraction), replicas, flow)
        }),
        lesson.as_ref().map(|l| {
            let pcts = [l.deviation_pct, l.moved_pct, l.replica_sets_changed_pct];
            (l.id, pcts.map(|x| x.map(bits)))
        }),
        lang.code(),
    );
    if same_content(&dl, fingerprint(&sig)) {
        return Ok(());
    }
    let mut figs = Figures::new(&dl);
    let lesson_pct =
        |v: Option<f64>| v.map(|x| format!("{}: {}", lesson_word, fmt_pct(lang, x, 1)));
    // With unequal weights the core measures each node against its own expected share; the
    // lesson's formula (equal shares) is shown too, first, each labelled.
    let weighted = weighted_of(d);
    if let Some(both) = partlab_lab::weighted::both_ways(d) {
        figs.add(
            "deviation-lesson",
            tr(lang, Text::DeviationLesson),
            &fmt_pct(lang, both.equal_shares_pct, 1),
            both.equal_shares_pct,
            None,
        )?;
    }
    figs.add(
        "deviation",
        tr(
            lang,
            if weighted {
                Text::DeviationWeighted
            } else {
                Text::Deviation
            },
        ),
        &fmt_pct(lang, d.deviation_pct, 1),
        d.deviation_pct,
        lesson_pct(lesson.as_ref().and_then(|l| l.deviation_pct)),
    )?;
    figs.add(
        "peak",
        tr(lang, Text::PeakToMean),
        &fmt_dec(lang, d.peak_to_mean, 3),
        d.peak_to_mean,
        None,
    )?;
    figs.add(
        "share-error",
        tr(lang, Text::ShareError),
        // A difference of two percentages: percentage points, said as such.
        &format!(
            "{} {}",
            fmt_dec(lang, d.max_share_error_pct, 2),
            tr(lang, Text::PercentagePoints)
        ),
        d.max_share_error_pct,
        None,
    )?;
    let moved_label = if lab.baseline_pinned() {
        Text::MovedSincePinned
    } else if lab.baseline_config().is_some()
        && (lab.movement().is_some() || lab.back_at_baseline())
    {
        Text::MovedSinceGesture
    } else {
        Text::Moved
    };
    set_text_id("moved-why", moved_why(lab).map_or("", |t| tr(lang, t)));
    match lab.movement() {
        Some(m) => {
            set_text_id("flow-h", tr(lang, Text::Flow));
            figs.add(
                "moved",
                tr(lang, moved_label),
                &format!(
                    "{} ({} / {})",
                    fmt_fraction(lang, m.moved_fraction),
                    fmt_int(lang, m.moved),
                    fmt_int(lang, m.total)
                ),
                m.moved_fraction * 100.0,
                lesson_pct(lesson.as_ref().and_then(|l| l.moved_pct)),
            )?;
            figs.add(
                "ideal",
                tr(lang, Text::Ideal),
                &fmt_fraction(lang, m.ideal_fraction),
                m.ideal_fraction * 100.0,
                None,
            )?;
            if let Some(r) = m.replica_sets_changed_fraction {
                figs.add(
                    "replica-sets",
                    tr(lang, Text::ReplicaSetsChanged),
                    &fmt_fraction(lang, r),
                    r * 100.0,
                    lesson_pct(lesson.as_ref().and_then(|l| l.replica_sets_changed_pct)),
                )?;
            }
            if let Some(t) = by_id("flow-table") {
                let _ = t.remove_attribute(intern("hidden"));
            }
            render_flow(lang, m, "flow-table")?;
        }
        None => {
            // Back where the gesture started is a change undone, not no change at all.
            let none = if lab.back_at_baseline() {
                Text::NoneBackAtStart
            } else {
                Text::NoChangeYet
            };
            figs.add("moved", tr(lang, moved_label), tr(lang, none), 0.0, None)?;
            // Hidden, not emptied: a slider moved away and back shows no change every other
            // step, and the next change's flows then update the rows in place instead of
            // building the table again (about 60 elements).
            if let Some(t) = by_id("flow-table") {
                let _ = t.set_attribute(intern("hidden"), "");
            }
        }
    }
    figs.finish();
    Ok(())
}

/// Whether the expected shares differ (weights matter).
fn weighted_of(d: &partlab_core::stats::Distribution) -> bool {
    d.nodes
        .windows(2)
        .any(|w| w[0].expected_share != w[1].expected_share)
}

/// The note that says a change is being computed, and how far it is (empty when idle);
/// `#app[data-busy]` says the same to tests and scripts.
///
/// `ring_shown`: the first experiment's ring is drawn (from its configuration) while its keys
/// are hashed. `written` is the note and busy flag last written: unchanged, nothing is
/// written.
pub fn render_progress(lab: &Lab, ring_shown: bool, written: &mut Option<(String, bool)>) {
    let meanwhile = match (lab.ready(), ring_shown) {
        (true, _) => Meanwhile::PreviousFigures,
        (false, true) => Meanwhile::RingOnly,
        (false, false) => Meanwhile::Nothing,
    };
    let text = lab
        .progress()
        .map(|p| progress_note(lab.target_state().lang, &p, meanwhile))
        .unwrap_or_default();
    let busy = lab.busy();
    if written
        .as_ref()
        .is_some_and(|(t, b)| *t == text && *b == busy)
    {
        return;
    }
    set_text_id("progress", &text);
    if let Some(app) = by_id("app") {
        set_attr(&app, "data-busy", if busy { "true" } else { "false" });
    }
    *written = Some((text, busy));
}

/// The bar chart's text alternative.
pub fn render_bars_table(lab: &Lab) -> Result<(), JsValue> {
    let lang = lab.state().lang;
    let rows = lab
        .distribution()
        .nodes
        .iter()
        .map(|n| {
            (
                vec![
                    ("data-node", n.name.clone()),
                    ("data-keys", n.keys.to_string()),
                ],
                vec![
                    n.name.clone(),
                    fmt_int(lang, n.keys),
                    fmt_int(
                        lang,
                        (n.expected_share * lab.distribution().total as f64).round() as u64,
                    ),
                ],
            )
        })
        .collect();
    Table {
        head: vec![
            tr(lang, Text::Node),
            tr(lang, Text::Keys),
            tr(lang, Text::ExpectedByWeight),
        ],
        rows,
    }
    .render("bars-table")
}

/// A chart sweep's status line (`{chart}-status`: "Computing… k/n", or `done_text` once
/// finished) and the hooks on `{chart}-chart`: `data-points` (points of the sweep for the
/// current settings; a stale sweep still on screen counts 0) and `data-done`.
fn render_sweep_progress(
    lang: Lang,
    chart: &str,
    current: usize,
    total: usize,
    done_text: Option<String>,
) {
    let done = done_text.is_some();
    let status =
        done_text.unwrap_or_else(|| format!("{} {current}/{total}", tr(lang, Text::Computing)));
    set_text_id(&format!("{chart}-status"), &status);
    if let Some(c) = by_id(&format!("{chart}-chart")) {
        set_attr(&c, "data-points", &current.to_string());
        set_attr(&c, "data-done", if done { "true" } else { "false" });
    }
}

/// The deviation chart's text alternative and status line.
pub fn render_deviation_table(lab: &Lab, sweep: Option<&DeviationSweep>) -> Result<(), JsValue> {
    let lang = lab.state().lang;
    let done = sweep.is_some_and(|s| s.is_done() && s.is_for(lab));
    let current = sweep
        .filter(|s| s.is_for(lab))
        .map_or(0, |s| s.points().len());
    render_sweep_progress(
        lang,
        "deviation",
        current,
        DEFAULT_VNODE_COUNTS.len(),
        done.then(String::new),
    );
    let rows = sweep
        .map(|s| s.points())
        .unwrap_or_default()
        .iter()
        .map(|p| {
            (
                vec![("data-vnodes", p.vnodes.to_string())],
                vec![
                    fmt_int(lang, u64::from(p.vnodes)),
                    fmt_pct(lang, p.deviation_pct.min, 1),
                    fmt_pct(lang, p.deviation_pct.median, 1),
                    fmt_pct(lang, p.deviation_pct.max, 1),
                    fmt_pct(lang, p.named_deviation_pct, 1),
                ],
            )
        })
        .collect::<Vec<_>>();
    let mut rows = rows;
    // The current setting, last: a point at its vnodes, or (no vnodes) the same everywhere.
    if let Some(mark) = CurrentMark::of(lab) {
        let at = match mark {
            CurrentMark::Point { vnodes, .. } => fmt_int(lang, u64::from(vnodes)),
            CurrentMark::Flat { .. } => "–".to_owned(),
        };
        let pct = fmt_pct(lang, mark.pct(), 1);
        rows.push((
            vec![
                ("data-current", mark.kind().to_owned()),
                ("data-value", mark.pct().to_string()),
            ],
            vec![
                format!(
                    "{} ({}, {at})",
                    tr(lang, Text::Current),
                    strategy_name(lang, lab.config().strategy)
                ),
                pct.clone(),
                pct.clone(),
                pct.clone(),
                pct,
            ],
        ));
    }
    Table {
        head: vec![
            tr(lang, Text::VnodesCol),
            tr(lang, Text::Min),
            tr(lang, Text::Median),
            tr(lang, Text::Max),
            tr(lang, Text::NamedRun),
        ],
        rows,
    }
    .render("deviation-table")
}

/// The movement chart's text alternative and status line.
pub fn render_movement_table(lab: &Lab, sweep: Option<&MovementSweep>) -> Result<(), JsValue> {
    let lang = lab.state().lang;
    let done = sweep.is_some_and(|s| s.is_done() && s.is_for(lab));
    let current = sweep
        .filter(|s| s.is_for(lab))
        .map_or(0, |s| s.points().len());
    let summary = sweep.map_or(String::new(), |s| {
        format!(
            "{} · {} {}",
            partlab_lab::model::words::sweep_keys(lang, s.key_count(), lab.state().key_count),
            fmt_int(lang, u64::from(s.vnodes())),
            tr(lang, Text::VnodesCol).to_ascii_lowercase()
        )
    });
    render_sweep_progress(
        lang,
        "movement",
        current,
        partlab_lab::model::MOVEMENT_SIZES.count(),
        done.then_some(summary),
    );
    let mut head = vec![tr(lang, Text::Change), tr(lang, Text::IdealShort)];
    for s in Strategy::LESSON {
        head.push(strategy_name(lang, s));
    }
    let rows = sweep
        .map(|s| s.points())
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let mut cells = vec![
                format!("{} → {}", p.nodes_before, p.nodes_after),
                fmt_fraction(lang, p.ideal_fraction),
            ];
            cells.extend(p.moved.iter().map(|m| fmt_fraction(lang, m.moved_fraction)));
            (vec![("data-n", p.nodes_before.to_string())], cells)
        })
        .collect();
    Table { head, rows }.render("movement-table")
}

/// Why keys moved, when the change itself does not say: a new strategy or vnode count moves
/// keys with the same nodes (the ideal minimum is then 0).
fn moved_why(lab: &Lab) -> Option<Text> {
    lab.movement()?;
    let from = lab.moved_from()?;
    let now = lab.config();
    if from.strategy != now.strategy {
        Some(Text::MovedWhyStrategy)
    } else if from.vnodes != now.vnodes && now.strategy.uses_vnodes() && from.nodes == now.nodes {
        Some(Text::MovedWhyVnodes)
    } else {
        None
    }
}

/// The "count moves from here" button: its words and whether a reference is pinned
/// (`written`: as last shown; unchanged, nothing is written).
pub fn render_baseline(lab: &Lab, written: &mut Option<(Lang, bool)>) {
    let now = (lab.state().lang, lab.baseline_pinned());
    if *written == Some(now) {
        return;
    }
    *written = Some(now);
    if let Some(b) = by_id("pin-baseline") {
        crate::dom::set_text(&b, tr(lab.state().lang, Text::PinBaseline));
        set_attr(
            &b,
            "aria-pressed",
            if lab.baseline_pinned() {
                "true"
            } else {
                "false"
            },
        );
    }
}

/// What each chart's canvas shows now, for screen readers.
pub fn render_canvas_descriptions(lab: &Lab) {
    let lang = lab.state().lang;
    for (view, id) in [
        (View::Ring, "ring-desc"),
        (View::Bars, "bars-desc"),
        (View::Deviation, "deviation-desc"),
    ] {
        if let Some(text) = partlab_lab::model::words::canvas_description(lang, view, lab) {
            set_text_id(id, &text);
        }
    }
}

/// Colours a node's swatch with its colour on every theme: the page's CSS picks the
/// projector's (`--swatch-projector`, darkened to 3:1 on white) in projector mode, so a
/// switch of mode needs no rebuild of the rows.
fn paint_swatch(e: &Element, colour: usize) {
    let c = node_colour(colour);
    set_style(e, "--swatch", &c.css());
    set_style(
        e,
        "--swatch-projector",
        &chart_theme(Theme::Projector).mark(c).css(),
    );
}

/// Builds a labelled control: its id, the control, the id of its `<output>` if any.
type FieldBuilder = dyn Fn(&str, H, Option<&str>) -> H;

/// The controls of the strategies beyond the lesson, one shown at a time: Maglev's table
/// size, bounded loads' factor, multi-probe's probes.
fn params_fields(field: &FieldBuilder) -> H {
    let mut table = H::new("select").id("table-size");
    for m in TABLE_SIZE_STOPS {
        table = table.child(H::new("option").attr("value", &m.to_string()));
    }
    let load = H::new("input")
        .id("load-factor")
        .attr("type", "range")
        .attr("min", "0")
        .attr("max", &(LOAD_FACTOR_STOPS.len() - 1).to_string())
        .attr("step", "1");
    let probes = H::new("input")
        .id("probes")
        .attr("type", "range")
        .attr("min", "0")
        .attr("max", &(PROBE_STOPS.len() - 1).to_string())
        .attr("step", "1");
    H::new("div")
        .id("params")
        .child(field("table-size", table, None).id("table-size-field"))
        .child(field("load-factor", load, Some("load-factor-out")).id("load-factor-field"))
        .child(field("probes", probes, Some("probes-out")).id("probes-field"))
}

/// Shows the parameter of the strategy on screen, with its value: the inputs always, the
/// fields shown and the value texts when `texts` (their part of the state changed), the
/// table sizes' option texts when `options` (first written, or another language).
fn render_params(st: &LabState, lang: Lang, texts: bool, options: bool) {
    let show = |id: &str, on: bool| {
        if let Some(e) = by_id(id) {
            if on {
                let _ = e.remove_attribute(intern("hidden"));
            } else {
                set_attr(&e, "hidden", "");
            }
        }
    };
    if texts {
        show("table-size-field", st.strategy == Strategy::Maglev);
        show("load-factor-field", st.strategy == Strategy::Bounded);
        show("probes-field", st.strategy == Strategy::MultiProbe);
    }
    let p = st.params;
    if let Some(sel) = crate::hashing::by_id_as::<web_sys::HtmlSelectElement>("table-size") {
        if options {
            for (i, m) in TABLE_SIZE_STOPS.iter().enumerate() {
                if let Some(o) = sel.item(i as u32) {
                    o.set_text_content(Some(&fmt_int(lang, u64::from(*m))));
                }
            }
        }
        let value = p.table_size.to_string();
        if sel.value() != value {
            sel.set_value(&value);
        }
    }
    let lf = LOAD_FACTOR_STOPS
        .iter()
        .enumerate()
        .min_by(|a, b| {
            (a.1 - p.load_factor)
                .abs()
                .total_cmp(&(b.1 - p.load_factor).abs())
        })
        .map_or(0, |(i, _)| i);
    set_input_value("load-factor", &lf.to_string());
    set_input_value("probes", &nearest_stop(&PROBE_STOPS, p.probes).to_string());
    if !texts {
        return;
    }
    set_text_id("load-factor-out", &fmt_dec(lang, p.load_factor, 2));
    if let Some(e) = by_id("load-factor") {
        set_attr(&e, "aria-valuetext", &fmt_dec(lang, p.load_factor, 2));
    }
    set_text_id("probes-out", &p.probes.to_string());
    if let Some(e) = by_id("probes") {
        set_attr(&e, "aria-valuetext", &p.probes.to_string());
    }
}
