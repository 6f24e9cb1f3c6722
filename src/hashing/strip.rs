//! The figure strip: the main figures (deviation, peak-to-mean, keys moved) in one line under
//! the ring, inside the stage that stays in view on a phone while the controls scroll below
//! it (style.css, `.stage`). On a wide screen the figures panel sits beside the ring and the
//! strip is hidden. It repeats `#figures` (which screen readers read), so it is hidden from
//! them; its items carry `data-strip` = the figure's name for tests.

use wasm_bindgen::JsValue;
use web_sys::Element;

use partlab_lab::i18n::{fmt_dec, fmt_fraction, fmt_pct, tr, Text};
use partlab_lab::model::Lab;

use crate::dom::{by_id, clear, fingerprint, same_content, set_text, H};

/// The strip's (empty) element, for the page's structure.
pub fn element() -> H {
    H::new("p")
        .id("figure-strip")
        .class("figure-strip")
        .attr("aria-hidden", "true")
}

/// Writes the current figures into the strip.
pub fn render(lab: &Lab) -> Result<(), JsValue> {
    let Some(strip) = by_id("figure-strip") else {
        return Ok(());
    };
    let lang = lab.state().lang;
    let d = lab.distribution();
    let mut items: Vec<(&str, &str, String)> = vec![
        (
            "deviation",
            tr(lang, Text::StripDeviation),
            fmt_pct(lang, d.deviation_pct, 1),
        ),
        (
            "peak",
            tr(lang, Text::StripPeak),
            fmt_dec(lang, d.peak_to_mean, 3),
        ),
    ];
    // A slider back where its gesture began moved nothing since: said as 0, as the figures
    // panel says it, and the strip keeps its three items while the slider goes to and fro.
    let moved = match lab.movement() {
        Some(m) => Some(m.moved_fraction),
        None => lab.back_at_baseline().then_some(0.0),
    };
    if let Some(fraction) = moved {
        items.push((
            "moved",
            tr(lang, Text::StripMoved),
            fmt_fraction(lang, fraction),
        ));
    }
    if same_content(&strip, fingerprint(&items)) {
        return Ok(());
    }
    if update_in_place(&strip, &items) {
        return Ok(());
    }
    clear(&strip);
    for (name, label, value) in items {
        crate::dom::append(
            &strip,
            &H::new("span")
                .attr("data-strip", name)
                .child(H::new("span").class("strip-label").text(label))
                .child(H::new("b").text(&value))
                .el(),
        );
    }
    Ok(())
}

/// When the strip already holds the same figures in the same order (a slider step changes
/// their values, not which they are), sets only the texts that differ and returns true;
/// otherwise leaves it alone and returns false.
fn update_in_place(strip: &Element, items: &[(&str, &str, String)]) -> bool {
    let children = strip.children();
    if children.length() as usize != items.len() {
        return false;
    }
    let mut parts = Vec::with_capacity(items.len());
    for (i, (name, _, _)) in items.iter().enumerate() {
        let Some(item) = children.item(i as u32) else {
            return false;
        };
        if item.get_attribute("data-strip").as_deref() != Some(*name) {
            return false;
        }
        let (Some(label), Some(value)) = (item.first_element_child(), item.last_element_child())
        else {
            return false;
        };
        parts.push((label, value));
    }
    for ((label, value), (_, label_text, value_text)) in parts.iter().zip(items) {
        set_text(label, label_text);
        set_text(value, value_text);
    }
    true
}
