//! "Why this key": the part of the key path that explains the owner in the strategy's own
//! terms (`partlab_lab::why` computes it): the magnifier for ring strategies, every node's
//! score for rendezvous, the arithmetic for mod N, jump and Maglev, a sentence for
//! multi-probe. It lives in `#key-why`, under the key path, and also names the ring view
//! after the strategy ("the ring" only where there is one).
//!
//! Hooks for tests: `#key-why[data-why=ring|rendezvous|modulo|jump|maglev|multiprobe|ketama]`,
//! `[data-why-line]` (the arithmetic), `#hrw-table tr[data-node][data-score][data-copy]`
//! (`data-score` the raw score in decimal, `data-copy` `0` for the owner, `1…` replicas,
//! empty otherwise), `#magnifier[data-owner][data-previous]` and `#magnifier-desc`.

use wasm_bindgen::JsValue;

use partlab_lab::base::text::fill;
use partlab_lab::i18n::{fmt_dec, fmt_int, tr, Text};
use partlab_lab::model::{KeyPath, Lab};
use partlab_lab::palette::Theme;
use partlab_lab::state::Lang;
use partlab_lab::why::WhyText;
use partlab_lab::why::{arithmetic, why, Why};

use super::table::Table;
use super::{magnifier, Drawing};
use crate::dom::{by_id, by_id_as, clear, fingerprint, same_content, set_text_id, H};

/// The arithmetic line of `path` (mod N, jump, Maglev), for the key path's "rule" row.
pub fn arithmetic_line(lab: &Lab, path: &KeyPath) -> Option<String> {
    let w = why(lab, path)?;
    arithmetic(lab.state().lang, &w).map(|(line, _)| line)
}

/// Renders `#key-why` for the selected key (empty without one), names the ring view after
/// the strategy, and draws the magnifier (on every call: a theme, size or key change) in
/// `size`, its CSS size measured before the update changed the page.
pub fn render(
    lab: &Lab,
    path: Option<&KeyPath>,
    theme: Theme,
    dpr: f64,
    size: (f64, f64),
) -> Result<Drawing, JsValue> {
    let lang = lab.state().lang;
    let strategy = lab.config().strategy;
    let view = tr(
        lang,
        if strategy.uses_vnodes() {
            Text::Ring
        } else {
            Text::HashSpace
        },
    );
    set_text_id("ring-h", view);
    // The view's "chart data" names it too, for a screen reader's list of controls.
    if let Some(e) = by_id("ring-table-summary") {
        crate::dom::set_attr(
            &e,
            "aria-label",
            &format!("{}: {view}", tr(lang, Text::ChartData)),
        );
    }
    let Some(panel) = by_id("key-why") else {
        return Ok(Drawing::Done);
    };
    if path.is_none() && !panel.has_child_nodes() {
        return Ok(Drawing::Done);
    }
    explain(&panel, lab, path, (theme, dpr, size))
}

/// Writes (or clears) the "why" panel for `path` and draws its magnifier.
// Out of line: only a selected key (or clearing one) runs it, so the build's split leaves it
// out of the part a cold load fetches first (scripts/split.mjs).
#[inline(never)]
fn explain(
    panel: &web_sys::Element,
    lab: &Lab,
    path: Option<&KeyPath>,
    (theme, dpr, size): (Theme, f64, (f64, f64)),
) -> Result<Drawing, JsValue> {
    let lang = lab.state().lang;
    let w = path.and_then(|p| why(lab, p));
    let sig = fingerprint(&(&w, lang.code()));
    if !same_content(panel, sig) {
        clear(panel);
        if let Some(w) = &w {
            build(panel, lang, w)?;
        }
    }
    if let (Some(Why::Ring { magnifier: m, .. }), Some(canvas)) =
        (&w, by_id_as::<web_sys::HtmlCanvasElement>("magnifier"))
    {
        // The first magnifier has no size until the browser lays it out; a later one is made
        // in the same box as the one before, whose size was measured.
        if size.0 < 1.0 || size.1 < 1.0 {
            return Ok(Drawing::AwaitingLayout);
        }
        magnifier::draw(&canvas, m, theme, dpr, size)?;
    }
    Ok(Drawing::Done)
}

fn kind(w: &Why) -> &'static str {
    match w {
        Why::Modulo { .. } => "modulo",
        Why::Jump { .. } => "jump",
        Why::Ring { .. } => "ring",
        Why::Rendezvous { .. } => "rendezvous",
        Why::Maglev { .. } => "maglev",
        Why::MultiProbe { .. } => "multiprobe",
        Why::Ketama { .. } => "ketama",
    }
}

fn build(panel: &web_sys::Element, lang: Lang, w: &Why) -> Result<(), JsValue> {
    panel.set_attribute("data-why", kind(w))?;
    crate::dom::append(panel, &H::new("h3").text(tr(lang, Text::WhyHeading)).el());
    if let Some((line, sentence)) = arithmetic(lang, w) {
        crate::dom::append(
            panel,
            &H::new("p")
                .class("why-line")
                .attr("data-why-line", "")
                .child(H::new("code").text(&line))
                .el(),
        );
        crate::dom::append(panel, &H::new("p").class("note").text(sentence).el());
    }
    match w {
        Why::Ring {
            magnifier: m,
            passed_on_to,
        } => {
            let canvas = H::new("canvas")
                .id("magnifier")
                .class("magnifier")
                .attr("role", "img")
                .attr("aria-label", tr(lang, Text::MagnifierLabel))
                .attr("aria-describedby", "magnifier-desc")
                .attr("data-owner", &m.owner.label)
                .attr("data-previous", &m.previous.label)
                .attr(
                    "data-replicas",
                    &m.replicas
                        .iter()
                        .map(|r| r.label.as_str())
                        .collect::<Vec<_>>()
                        .join(","),
                );
            crate::dom::append(panel, &canvas.el());
            crate::dom::append(
                panel,
                &H::new("p")
                    .id("magnifier-desc")
                    .class("magnifier-desc")
                    .text(&m.describe(lang))
                    .el(),
            );
            let span = fmt_dec(lang, m.span_deg(), 2);
            let width = fill(lang, WhyText::Span, &[("span", &span)]);
            let note = format!("{} {width}", tr(lang, Text::MagnifierNote));
            crate::dom::append(panel, &H::new("p").class("note").text(&note).el());
            if let Some(to) = passed_on_to {
                let text = fill(lang, WhyText::PassedOn, &[("to", &to)]);
                crate::dom::append(
                    panel,
                    &H::new("p")
                        .class("note")
                        .attr("data-why", "passed-on")
                        .text(&text)
                        .el(),
                );
            }
        }
        Why::Rendezvous { scores } => {
            crate::dom::append(
                panel,
                &H::new("p")
                    .class("note")
                    .id("hrw-caption")
                    .text(tr(lang, Text::ScoresCaption))
                    .el(),
            );
            crate::dom::append(
                panel,
                &H::new("table")
                    .id("hrw-table")
                    .class("data scores")
                    .attr("aria-describedby", "hrw-caption")
                    .el(),
            );
            let weighted = scores.iter().any(|s| s.weighted.is_some());
            let mut head = vec![tr(lang, Text::Node), tr(lang, Text::ScoreRaw)];
            if weighted {
                head.push(tr(lang, Text::ScoreWeighted));
            }
            head.push(tr(lang, Text::ScoreCopy));
            let rows = scores
                .iter()
                .map(|s| {
                    let mut cells = vec![s.node.clone(), fmt_int(lang, s.raw)];
                    if let Some(x) = s.weighted {
                        cells.push(fmt_dec(lang, x, 4));
                    }
                    cells.push(match s.copy {
                        Some(0) => tr(lang, Text::CopyOwner).to_owned(),
                        Some(i) => format!("{} {i}", tr(lang, Text::CopyReplica)),
                        None => String::new(),
                    });
                    (
                        vec![
                            ("data-node", s.node.clone()),
                            ("data-score", s.raw.to_string()),
                            (
                                "data-copy",
                                s.copy.map(|c| c.to_string()).unwrap_or_default(),
                            ),
                        ],
                        cells,
                    )
                })
                .collect();
            Table { head, rows }.render("hrw-table")?;
        }
        Why::MultiProbe { probes, owner } => {
            let text = fill(
                lang,
                WhyText::MultiProbe,
                &[("k", &probes), ("owner", &owner)],
            );
            crate::dom::append(panel, &H::new("p").class("note").text(&text).el());
        }
        Why::Modulo { .. } | Why::Jump { .. } | Why::Maglev { .. } | Why::Ketama { .. } => {}
    }
    Ok(())
}
