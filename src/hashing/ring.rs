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

/// What the still layer of the ring (hash-space circle, owner arcs, vnode ticks, the "0"
/// label) is drawn from: the ring's nodes, weights and colours, the vnode count, the
/// strategy, the theme and the canvas size.
#[derive(Clone, Debug, PartialEq)]
struct BaseKey {
    /// The vnode count and each node's name, weight (bits) and colour, for the ring strategy.
    ring: Option<(u32, Vec<NodeLook>)>,
    theme: Theme,
    backing: (u32, u32),
    dpr_bits: u64,
}

/// A node as the still layer draws it: name, weight (bits) and colour slot.
type NodeLook = (String, u64, usize);

/// The ring's still layer, kept on a canvas of its own (not in the page) and copied under
/// the dots: a change that moves keys but not vnodes (another strategy, replicas, a key
/// selected) does not redraw arcs and ticks.
#[derive(Default)]
pub struct RingCache {
    base: Option<(HtmlCanvasElement, BaseKey)>,
}

/// Sizes `canvas`'s backing store for a CSS box of `size` times `dpr` (a change of size
/// clears it; the same size keeps its pixels) and returns a context scaled so drawing
/// happens in CSS pixels.
fn prepare_sized(
    canvas: &HtmlCanvasElement,
    size: (f64, f64),
    dpr: f64,
) -> Result<CanvasRenderingContext2d, JsValue> {
    let (pw, ph) = crate::dom::backing_size(size, dpr);
    if canvas.width() != pw {
        canvas.set_width(pw);
    }
    if canvas.height() != ph {
        canvas.set_height(ph);
    }
    let ctx = canvas
        .get_context("2d")?
        .ok_or_else(|| JsValue::from_str("no 2d context"))?
        .dyn_into::<CanvasRenderingContext2d>()?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0)?;
    Ok(ctx)
}

fn css(theme: &ChartTheme, which: fn(&ChartTheme) -> partlab_lab::palette::Rgb) -> String {
    which(theme).css()
}

/// Canvas angle (from +x, clockwise) of a ring angle (from the top, clockwise).
fn canvas_angle(a: f64) -> f64 {
    a - FRAC_PI_2
}

/// Draws the whole ring in a CSS box of `size`: the still layer (from `cache` when the ring
/// did not change), then the key dots (moved keys highlighted) and the selected key.
pub fn draw(
    canvas: &HtmlCanvasElement,
    lab: &Lab,
    theme: Theme,
    dpr: f64,
    size: (f64, f64),
    path: Option<&KeyPath>,
    cache: &mut RingCache,
) -> Result<RingFrame, JsValue> {
    let (w, h) = (size.0.max(1.0), size.1.max(1.0));
    let layout = RingLayout::fit(w, h);
    let key = BaseKey {
        ring: lab.ring_points().map(|_| {
            let st = lab.state();
            (
                st.vnodes,
                st.nodes
                    .iter()
                    .map(|n| (n.name.clone(), n.weight.to_bits(), n.colour))
                    .collect(),
            )
        }),
        theme,
        backing: crate::dom::backing_size((w, h), dpr),
        dpr_bits: dpr.to_bits(),
    };
    let base = match cache.base.take() {
        Some((c, k)) if k == key => c,
        old => {
            let c = match old {
                Some((c, _)) => c,
                None => crate::dom::document()?
                    .create_element("canvas")?
                    .dyn_into::<HtmlCanvasElement>()?,
            };
            let ctx = prepare_sized(&c, (w, h), dpr)?;
            draw_base(&ctx, lab, theme, &layout, (w, h))?;
            c
        }
    };
    let ctx = prepare_sized(canvas, (w, h), dpr)?;
    // The layer is opaque and the same size: copy its pixels as they are.
    ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)?;
    ctx.draw_image_with_html_canvas_element(&base, 0.0, 0.0)?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0)?;
    cache.base = Some((base, key));
    let t = chart_theme(theme);
    let dots = draw_dots(&ctx, lab, &t, &layout)?;
    draw_selection(&ctx, &t, &layout, path)?;
    Ok(RingFrame { layout, dots })
}

/// The still layer: background, the hash space, owner arcs, vnode ticks, the "0" label.
fn draw_base(
    ctx: &CanvasRenderingContext2d,
    lab: &Lab,
    theme: Theme,
    layout: &RingLayout,
    (w, h): (f64, f64),
) -> Result<(), JsValue> {
    let t = chart_theme(theme);
    let layout = *layout;
    ctx.set_fill_style_str(&css(&t, |t| t.background));
    ctx.fill_rect(0.0, 0.0, w, h);
    let colour = |slot: usize| node_colour(slot).css();

    // The hash space as a thin circle.
    ctx.set_stroke_style_str(&css(&t, |t| t.grid));
    ctx.set_line_width(1.0);
    ctx.begin_path();
    ctx.arc(layout.cx, layout.cy, layout.radius, 0.0, TAU)?;
    ctx.stroke();

    if let Some(points) = lab.ring_points() {
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
    Ok(())
}

/// Key dots: unmoved ones first (dimmed when a change moved some), moved ones on top.
fn draw_dots(
    ctx: &CanvasRenderingContext2d,
    lab: &Lab,
    t: &ChartTheme,
    layout: &RingLayout,
) -> Result<Vec<Dot>, JsValue> {
    let colour = |slot: usize| node_colour(slot).css();
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
        ctx.set_stroke_style_str(&css(t, |t| t.text));
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
    Ok(dots)
}

/// The selected key: a spoke from the centre to the ring through its dot.
fn draw_selection(
    ctx: &CanvasRenderingContext2d,
    t: &ChartTheme,
    layout: &RingLayout,
    path: Option<&KeyPath>,
) -> Result<(), JsValue> {
    let Some(p) = path else {
        return Ok(());
    };
    let small = (layout.radius / 110.0).clamp(1.6, 3.0);
    let a = angle_of(p.hash);
    let hl = css(t, |t| t.highlight);
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
    Ok(())
}
