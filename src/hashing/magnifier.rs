//! The magnifier: the stretch of the ring around the selected key
//! ([`partlab_lab::why::Magnifier`]) drawn straight across a small canvas, so that a key
//! half a degree from its owning vnode, invisible on a dense ring, shows which vnode owns it.
//!
//! Left to right is clockwise. Each node's arc is a band in its colour ending at its vnode's
//! tick; the previous and owning vnodes are labelled by name and number, the replica walk's
//! vnodes inside the stretch carry "R", and the key is a line in the selection colour (the
//! same as on the ring). `#magnifier-desc` says the same in words.

use wasm_bindgen::JsValue;
use web_sys::HtmlCanvasElement;

use partlab_lab::palette::{chart_theme, node_colour, Theme};
use partlab_lab::why::{Magnifier, Role};

use crate::dom;

/// Draws `m` on `canvas`, whose CSS box is `size` (measured by the caller), at `dpr`.
pub fn draw(
    canvas: &HtmlCanvasElement,
    m: &Magnifier,
    theme: Theme,
    dpr: f64,
    size: (f64, f64),
) -> Result<(), JsValue> {
    dom::size_canvas_to(canvas, size, dpr);
    let (w, h) = size;
    let ctx = crate::dom::context_2d(canvas)?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0)?;
    let t = chart_theme(theme);
    ctx.set_fill_style_str(&t.background.css());
    ctx.fill_rect(0.0, 0.0, w, h);
    let pad = 8.0;
    let inner = (w - 2.0 * pad).max(10.0);
    let x = |pos: u64| m.x_of(pos, inner).map(|v| v + pad);
    let band_y = h * 0.5;
    let band_h = 12.0;
    // The bands: the arc ending at each mark is its node's; the stretch before the first
    // mark belongs to the first mark's node too. After the last mark the owner lies beyond
    // the stretch: drawn in the grid colour (unknown here).
    let mut start = pad;
    for mk in &m.marks {
        let Some(end) = x(mk.position) else { continue };
        ctx.set_fill_style_str(&t.mark(node_colour(mk.colour)).css());
        ctx.fill_rect(start, band_y - band_h / 2.0, (end - start).max(1.0), band_h);
        start = end;
    }
    ctx.set_fill_style_str(&t.grid.css());
    ctx.fill_rect(
        start,
        band_y - band_h / 2.0,
        (pad + inner - start).max(0.0),
        band_h,
    );
    // Ticks and labels.
    ctx.set_font("12px system-ui, sans-serif");
    ctx.set_text_baseline("alphabetic");
    let text = t.text.css();
    for mk in &m.marks {
        let Some(px) = x(mk.position) else { continue };
        let strong = matches!(mk.role, Role::Owner | Role::Previous);
        ctx.set_stroke_style_str(&text);
        ctx.set_line_width(if strong { 2.0 } else { 1.0 });
        ctx.begin_path();
        ctx.move_to(px, band_y - band_h / 2.0 - 6.0);
        ctx.line_to(px, band_y + band_h / 2.0 + 6.0);
        ctx.stroke();
        let label = match mk.role {
            Role::Owner | Role::Previous => Some(mk.label.as_str()),
            Role::Replica => Some("R"),
            Role::Other => None,
        };
        if let Some(label) = label {
            ctx.set_fill_style_str(&text);
            // The owner's label above the band, the previous vnode's below, so they do not
            // collide when the two are close.
            let (align, y) = match mk.role {
                Role::Previous => ("right", band_y + band_h / 2.0 + 20.0),
                _ => ("left", band_y - band_h / 2.0 - 9.0),
            };
            // A label that would run off the canvas is written on the mark's other side.
            let tw = ctx.measure_text(label).map_or(0.0, |m| m.width());
            let align = match align {
                "left" if px + 2.0 + tw > w - 2.0 => "right",
                "right" if px - 2.0 - tw < 2.0 => "left",
                a => a,
            };
            let lx = if align == "right" { px - 3.0 } else { px + 3.0 };
            ctx.set_text_align(align);
            ctx.fill_text(label, lx, y)?;
        }
    }
    // The key: a halo of the background under a line of the selection colour.
    if let Some(kx) = x(m.key) {
        for (colour, width) in [(t.background.css(), 5.0), (t.selection.css(), 2.5)] {
            ctx.set_stroke_style_str(&colour);
            ctx.set_line_width(width);
            ctx.begin_path();
            ctx.move_to(kx, 4.0);
            ctx.line_to(kx, h - 4.0);
            ctx.stroke();
        }
    }
    dom::set_attr(canvas, "data-drawn", &format!("{}", m.marks.len()));
    Ok(())
}
