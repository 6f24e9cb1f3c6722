//! Draws the ring on a `<canvas>` with the 2D context: owner arcs (sub-pixel arcs merged),
//! vnode ticks, sample keys as dots (moved keys highlighted) and the selected key.
//! Crisp on high-DPI screens: the backing store is `devicePixelRatio` times the CSS size.

use std::f64::consts::{FRAC_PI_2, TAU};

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use partlab_lab::geometry::{angle_of, owner_arcs, ticks, RingLayout};
use partlab_lab::model::{Dot, KeyPath, Lab};
use partlab_lab::palette::{chart_theme, node_colour, ChartTheme, Theme};

/// What the last drawing placed where (for hit-testing clicks).
pub struct RingFrame {
    /// The layout used, in CSS pixels.
    pub layout: RingLayout,
    /// The dots drawn.
    pub dots: Vec<Dot>,
}

/// Sizes the canvas backing store to its CSS box times `dpr` and returns a context scaled so
/// drawing happens in CSS pixels, with the CSS width and height.
pub fn prepare(
    canvas: &HtmlCanvasElement,
    dpr: f64,
) -> Result<(CanvasRenderingContext2d, f64, f64), JsValue> {
    let (w, h) = crate::dom::size_canvas(canvas, dpr);
    let ctx = canvas
        .get_context("2d")?
        .ok_or_else(|| JsValue::from_str("no 2d context"))?
        .dyn_into::<CanvasRenderingContext2d>()?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0)?;
    Ok((ctx, w, h))
}

fn css(theme: &ChartTheme, which: fn(&ChartTheme) -> partlab_lab::palette::Rgb) -> String {
    which(theme).css()
}

/// Canvas angle (from +x, clockwise) of a ring angle (from the top, clockwise).
fn canvas_angle(a: f64) -> f64 {
    a - FRAC_PI_2
}

/// Draws the whole ring.
pub fn draw(
    canvas: &HtmlCanvasElement,
    lab: &Lab,
    theme: Theme,
    dpr: f64,
    path: Option<&KeyPath>,
) -> Result<RingFrame, JsValue> {
    let (ctx, w, h) = prepare(canvas, dpr)?;
    let t = chart_theme(theme);
    ctx.set_fill_style_str(&css(&t, |t| t.background));
    ctx.fill_rect(0.0, 0.0, w, h);
    let layout = RingLayout::fit(w, h);
    let colour = |slot: usize| node_colour(slot).css();

    // The hash space as a thin circle.
    ctx.set_stroke_style_str(&css(&t, |t| t.grid));
    ctx.set_line_width(1.0);
    ctx.begin_path();
    ctx.arc(layout.cx, layout.cy, layout.radius, 0.0, TAU)?;
    ctx.stroke();

    let points = lab.ring_points();
    if let Some(points) = points {
        let arcs = owner_arcs(points, layout.pixel_angle(), |n| lab.colour_of(n));
        let mut slots: Vec<usize> = arcs.iter().map(|a| a.colour).collect();
        slots.sort_unstable();
        slots.dedup();
        ctx.set_line_width(layout.arc_width);
        ctx.set_line_cap("butt");
        for &slot in &slots {
            ctx.set_stroke_style_str(&colour(slot));
            ctx.begin_path();
            for a in arcs.iter().filter(|a| a.colour == slot) {
                let (x, y) = layout.point(a.start, layout.radius);
                ctx.move_to(x, y);
                ctx.arc(
                    layout.cx,
                    layout.cy,
                    layout.radius,
                    canvas_angle(a.start),
                    canvas_angle(a.end),
                )?;
            }
            ctx.stroke();
        }
        // Vnode ticks outside the arcs.
        let ticks = ticks(points, layout.pixel_angle(), |n| lab.colour_of(n));
        let (r0, r1) = layout.tick_span();
        ctx.set_line_width(1.0);
        for &slot in &slots {
            ctx.set_stroke_style_str(&colour(slot));
            ctx.begin_path();
            for &(a, _) in ticks.iter().filter(|(_, c)| *c == slot) {
                let (x0, y0) = layout.point(a, r0);
                let (x1, y1) = layout.point(a, r1);
                ctx.move_to(x0, y0);
                ctx.line_to(x1, y1);
            }
            ctx.stroke();
        }
    }

    // Key dots: unmoved ones first (dimmed when a change moved some), moved ones on top.
    let dots = lab.sample_dots();
    let any_moved = dots.iter().any(|d| d.moved_from.is_some());
    let mut slots: Vec<usize> = dots.iter().map(|d| d.colour).collect();
    slots.sort_unstable();
    slots.dedup();
    let small = (layout.radius / 110.0).clamp(1.6, 3.0);
    ctx.set_global_alpha(if any_moved { 0.35 } else { 0.9 });
    for &slot in &slots {
        ctx.set_fill_style_str(&colour(slot));
        ctx.begin_path();
        for d in dots
            .iter()
            .filter(|d| d.colour == slot && d.moved_from.is_none())
        {
            let (x, y) = layout.dot_position(d.hash);
            ctx.move_to(x + small, y);
            ctx.arc(x, y, small, 0.0, TAU)?;
        }
        ctx.fill();
    }
    ctx.set_global_alpha(1.0);
    if any_moved {
        // A moved key: filled with its new owner's colour, ringed with its old owner's, and
        // outlined in the text colour so it stands out on any arc.
        let big = small * 1.9;
        let ring_w = (small * 0.9).max(1.5);
        let mut pairs: Vec<(usize, usize)> = dots
            .iter()
            .filter_map(|d| d.moved_from.map(|f| (f, d.colour)))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        let moved = |from: usize, to: usize| {
            dots.iter()
                .filter(move |d| d.colour == to && d.moved_from == Some(from))
        };
        ctx.set_stroke_style_str(&css(&t, |t| t.text));
        ctx.set_line_width(1.0);
        ctx.begin_path();
        for d in dots.iter().filter(|d| d.moved_from.is_some()) {
            let (x, y) = layout.dot_position(d.hash);
            ctx.move_to(x + big + ring_w / 2.0 + 0.5, y);
            ctx.arc(x, y, big + ring_w / 2.0 + 0.5, 0.0, TAU)?;
        }
        ctx.stroke();
        ctx.set_line_width(ring_w);
        for &(from, to) in &pairs {
            ctx.set_stroke_style_str(&colour(from));
            ctx.set_fill_style_str(&colour(to));
            ctx.begin_path();
            for d in moved(from, to) {
                let (x, y) = layout.dot_position(d.hash);
                ctx.move_to(x + big, y);
                ctx.arc(x, y, big, 0.0, TAU)?;
            }
            ctx.fill();
            ctx.stroke();
        }
    }

    // The top of the ring: position 0 = 2^64.
    ctx.set_fill_style_str(&css(&t, |t| t.text));
    ctx.set_font(&format!(
        "{}px sans-serif",
        (layout.radius / 16.0).clamp(10.0, 14.0)
    ));
    ctx.set_text_align("center");
    ctx.set_text_baseline("bottom");
    let (x, y) = layout.point(0.0, layout.tick_span().1 + 3.0);
    ctx.fill_text("0 = 2⁶⁴", x, y)?;

    // The selected key: a spoke from the centre to the ring through its dot.
    if let Some(p) = path {
        let a = angle_of(p.hash);
        let hl = css(&t, |t| t.highlight);
        ctx.set_stroke_style_str(&hl);
        ctx.set_line_width(2.0);
        ctx.begin_path();
        ctx.move_to(layout.cx, layout.cy);
        let (x, y) = layout.point(a, layout.radius + layout.arc_width);
        ctx.line_to(x, y);
        ctx.stroke();
        let (x, y) = layout.dot_position(p.hash);
        ctx.begin_path();
        ctx.arc(x, y, small * 2.6, 0.0, TAU)?;
        ctx.stroke();
        if let partlab_lab::model::PathDetail::Ring { position, .. } = &p.detail {
            let va = angle_of(*position);
            ctx.begin_path();
            let (x0, y0) = layout.point(va, layout.radius - layout.arc_width);
            let (x1, y1) = layout.point(va, layout.radius + layout.arc_width * 1.4);
            ctx.move_to(x0, y0);
            ctx.line_to(x1, y1);
            ctx.set_line_width(3.0);
            ctx.stroke();
        }
    }
    Ok(RingFrame { layout, dots })
}
