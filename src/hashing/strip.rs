//! The figure strip: the main figures (deviation, peak-to-mean, keys moved) in one line under
//! the ring, inside the stage that stays in view on a phone while the controls scroll below
//! it (style.css, `.stage`). On a wide screen the figures panel sits beside the ring and the
//! strip is hidden. It repeats `#figures` (which screen readers read), so it is hidden from
//! them; its items carry `data-strip` = the figure's name for tests.

use wasm_bindgen::JsValue;

use partlab_lab::i18n::{by_lang, fmt_dec, fmt_fraction, fmt_pct};
use partlab_lab::model::Lab;

use crate::dom::{by_id, clear, fingerprint, same_content, H};

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
            by_lang(lang, "desviació", "deviation", "desviación"),
            fmt_pct(lang, d.deviation_pct, 1),
        ),
        (
            "peak",
            by_lang(lang, "pic/mitjana", "peak/mean", "pico/media"),
            fmt_dec(lang, d.peak_to_mean, 3),
        ),
    ];
    if let Some(m) = lab.movement() {
        items.push((
            "moved",
            by_lang(lang, "mogudes", "moved", "movidas"),
            fmt_fraction(lang, m.moved_fraction),
        ));
    }
    if same_content(&strip, fingerprint(&items)) {
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
