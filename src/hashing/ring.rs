//! Draws the ring on a `<canvas>` with the 2D context: owner arcs (sub-pixel arcs merged),
//! vnode ticks, sample keys as dots (moved keys highlighted) and the selected key.
//! Crisp on high-DPI screens: the backing store is `devicePixelRatio` times the CSS size.
//!
//! Each colour's arcs and ticks are one `Path2D` built from SVG path data
//! ([`partlab_lab::paths`]): a few calls per colour instead of one per shape. The arcs and
//! ticks of a ring are kept ([`RingCache`]) while its configuration and the canvas size stay
//! the same, so a redraw for another reason (a key selected, other keys moved) only strokes
//! them again. (Keeping their pixels on an off-page canvas instead costs more: copying a
//! canvas just drawn makes the browser rasterize it inside the frame.)
//!
//! The background, the sample keys' dots and the moved keys' markers are painted in Rust
//! ([`partlab_raster`]) into one buffer, put on the canvas with one `putImageData` before the
//! arcs and ticks are stroked over it: as a path of 1 500 round marks, the browser rasterised
//! the dots for 3–4 ms of every frame (a slow laptop: four times that), out of sight of the
//! page's timings, when it committed the frame. The last two pictures are kept per ring
//! ([`partlab_raster::DiscLayer`]): a change that moves or returns a few keys repaints the
//! squares around them, and a slider moved back and forth finds its pictures again.

use std::f64::consts::{FRAC_PI_2, TAU};

use wasm_bindgen::Clamped;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData, Path2d};

use partlab_core::strategy::RingPoint;
use partlab_lab::geometry::{angle_of, owner_arcs, ticks, RingLayout};
use partlab_lab::model::{moved_by_pair, Dot, KeyPath, Lab, Preview};
use partlab_lab::palette::{chart_theme, node_colour, ChartTheme, Rgb, Theme};
use partlab_lab::paths::{arcs_path, ticks_path};
use partlab_lab::state::NodeSpec;
use partlab_raster::{Coat, DiscLayer, MovedMarker, Picture, Shape, Worn, NO_COAT};

/// What the last drawing placed where (for hit-testing clicks).
pub struct RingFrame {
    /// The layout used, in CSS pixels.
    pub layout: RingLayout,
    /// The dots drawn.
    pub dots: Vec<Dot>,
}

/// What a ring drawing shows: the vnodes (ring strategy only), the nodes' colours, the
/// sample keys as dots; from the lab, or from the first experiment's [`Preview`] while its
/// keys are hashed.
pub struct Scene<'a> {
    points: Option<&'a [RingPoint]>,
    nodes: &'a [NodeSpec],
    vnodes: u32,
    dots: Vec<Dot>,
    /// What the dots' places depend on: the key set.
    dots_key: u64,
    /// Whether to write the "0 = 2⁶⁴" label (a preview leaves it out: the first text drawn on
    /// a canvas costs the browser tens of milliseconds of font setup).
    label: bool,
}

impl<'a> Scene<'a> {
    /// The experiment on screen.
    pub fn of(lab: &'a Lab) -> Scene<'a> {
        Scene {
            points: lab.ring_points(),
            nodes: &lab.state().nodes,
            vnodes: lab.state().vnodes,
            dots: lab.sample_dots(),
            dots_key: lab.keys_generation(),
            label: true,
        }
    }

    /// The experiment being computed first, from its configuration alone.
    pub fn preview(lab: &'a Lab, preview: &'a Preview) -> Scene<'a> {
        Scene {
            points: preview.points.as_deref(),
            nodes: &lab.target_state().nodes,
            vnodes: lab.target_state().vnodes,
            dots: preview.dots.clone(),
            dots_key: u64::MAX,
            label: false,
        }
    }

    /// A ring from its parts (compare mode's sides and its replay): `dots_key` names the
    /// key set the dots' places come from.
    pub fn parts(
        points: Option<&'a [RingPoint]>,
        nodes: &'a [NodeSpec],
        vnodes: u32,
        dots: Vec<Dot>,
        dots_key: u64,
    ) -> Scene<'a> {
        Scene {
            points,
            nodes,
            vnodes,
            dots,
            dots_key,
            label: false,
        }
    }

    fn colour_of(&self, node: usize) -> usize {
        self.nodes.get(node).map_or(node, |n| n.colour)
    }
}

/// What the ring's arcs and ticks are drawn from: the ring's nodes, weights and colours, the
/// vnode count (ring strategy only) and the canvas's CSS size.
#[derive(Clone, Debug, PartialEq)]
struct BaseKey {
    /// The vnode count and each node's name, weight (bits) and colour, for the ring strategy.
    ring: Option<(u32, Vec<NodeLook>)>,
    size_bits: (u64, u64),
    /// The colours depend on it (the projector darkens them).
    theme: Theme,
}

/// A node as the arcs and ticks draw it: name, weight (bits) and colour slot.
type NodeLook = (String, u64, usize);

/// One colour's CSS value, arcs and ticks.
type ColourPaths = (String, Path2d, Path2d);

/// Rings whose arcs and ticks are kept: a slider dragged back and forth, a node added then
/// removed, finds its ring again.
const RINGS_KEPT: usize = 4;

/// The arcs and ticks of the last rings drawn (most recent last), one pair of paths per
/// colour; the sample keys' places in CSS pixels, in sample order (they depend only on the
/// key set and the canvas size, not on their owners); and the last pictures of the dots, so
/// that a change that leaves most of them alone repaints little.
#[derive(Default)]
pub struct RingCache {
    bases: Vec<(BaseKey, Vec<ColourPaths>)>,
    dots: Option<(DotsKey, Vec<(f64, f64)>)>,
    pictures: Vec<DiscLayer>,
    label: Option<LabelStamp>,
}

/// The text at the top of the ring.
const RING_LABEL: &str = "0 = 2⁶⁴";

/// The ring's label drawn once on a canvas outside the page and copied onto the ring. Text
/// drawn on a canvas in the page makes the browser bring the page's style up to date first
/// (the font is resolved against the canvas's computed style), and an update draws the ring
/// right after writing the controls: a forced style pass in every update (0.5–1 ms with the
/// CPU throttled 4×, in traces). A canvas outside the page has no style to bring up to date.
struct LabelStamp {
    /// The font size (CSS pixels, bits), the colour and the device pixel ratio (bits).
    key: (u64, String, u64),
    canvas: HtmlCanvasElement,
    /// Where the text's bottom centre is on the stamp, device pixels.
    anchor: (f64, f64),
}

impl LabelStamp {
    /// The label in `colour` at `font_px` CSS pixels for a device pixel ratio of `dpr`.
    fn new(font_px: f64, colour: &str, dpr: f64) -> Result<LabelStamp, JsValue> {
        let canvas = crate::dom::document()?
            .create_element("canvas")?
            .dyn_into::<HtmlCanvasElement>()?;
        let ctx = crate::dom::context_2d(&canvas)?;
        let font = format!("{}px sans-serif", font_px * dpr);
        ctx.set_font(&font);
        let width = ctx.measure_text(RING_LABEL)?.width();
        let pad = (2.0 * dpr).ceil();
        let w = width.ceil() + 2.0 * pad;
        let h = (font_px * dpr * 1.6).ceil() + 2.0 * pad;
        // Sizing a canvas resets its drawing state: the font is set again.
        canvas.set_width(w as u32);
        canvas.set_height(h as u32);
        ctx.set_font(&font);
        ctx.set_fill_style_str(colour);
        ctx.set_text_align("center");
        ctx.set_text_baseline("bottom");
        let anchor = ((w / 2.0).round(), h - pad);
        ctx.fill_text(RING_LABEL, anchor.0, anchor.1)?;
        Ok(LabelStamp {
            key: (font_px.to_bits(), colour.to_owned(), dpr.to_bits()),
            canvas,
            anchor,
        })
    }
}

/// Pictures of the dots kept per ring: a slider moved back and forth (or a node that joins
/// and leaves) alternates two, for instance the gesture's start (no key moved) and the keys
/// moved since.
const LAYERS_KEPT: usize = 2;

/// What places the dots: the key set's generation and the canvas's CSS size (bits).
type DotsKey = (u64, u64, u64);

/// Sizes `canvas`'s backing store for a CSS box of `size` times `dpr` (a change of size
/// clears it; the same size keeps its pixels) and returns a context scaled so drawing
/// happens in CSS pixels.
fn prepare_sized(
    canvas: &HtmlCanvasElement,
    size: (f64, f64),
    dpr: f64,
) -> Result<CanvasRenderingContext2d, JsValue> {
    crate::dom::size_canvas_to(canvas, size, dpr);
    let ctx = crate::dom::context_2d(canvas)?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0)?;
    Ok(ctx)
}

fn css(theme: &ChartTheme, which: fn(&ChartTheme) -> partlab_lab::palette::Rgb) -> String {
    which(theme).css()
}

impl RingCache {
    /// Keeps `paths` as the most recent ring's, forgetting the oldest beyond [`RINGS_KEPT`].
    fn keep(&mut self, key: BaseKey, paths: Vec<ColourPaths>) {
        if self.bases.len() >= RINGS_KEPT {
            self.bases.remove(0);
        }
        self.bases.push((key, paths));
    }
}

/// Rings of at least this many points have their arcs and ticks built by [`prepare_base`] in
/// a task before the update that draws them: for the largest (160 000 points) building them
/// took 10–30 ms of a 30–45 ms update on a cold start.
pub const BUILT_APART_POINTS: usize = 20_000;

/// Whether `scene`'s arcs and ticks are worth building in a task of their own.
pub fn large(scene: &Scene<'_>) -> bool {
    scene.points.is_some_and(|p| p.len() >= BUILT_APART_POINTS)
}

/// What `scene`'s arcs and ticks are kept under in a CSS box of `size` (at least 1 × 1).
fn base_key(scene: &Scene<'_>, theme: Theme, size: (f64, f64)) -> BaseKey {
    BaseKey {
        ring: scene.points.map(|_| {
            (
                scene.vnodes,
                scene
                    .nodes
                    .iter()
                    .map(|n| (n.name.clone(), n.weight.to_bits(), n.colour))
                    .collect(),
            )
        }),
        size_bits: (size.0.to_bits(), size.1.to_bits()),
        theme,
    }
}

/// Builds and keeps `scene`'s arcs and ticks for a CSS box of `size`, unless they are kept
/// already, so that the update that draws the ring only strokes them; returns whether it
/// built them.
pub fn prepare_base(
    scene: &Scene<'_>,
    theme: Theme,
    size: (f64, f64),
    cache: &mut RingCache,
) -> Result<bool, JsValue> {
    let (w, h) = (size.0.max(1.0), size.1.max(1.0));
    let key = base_key(scene, theme, (w, h));
    if cache.bases.iter().any(|(k, _)| *k == key) {
        return Ok(false);
    }
    let paths = base_paths(scene, &RingLayout::fit(w, h), &chart_theme(theme))?;
    cache.keep(key, paths);
    Ok(true)
}

/// Draws the whole ring in a CSS box of `size`; `timing` gets the time spent on the arcs
/// and ticks (`ring-base`) and on the dots (`ring-dots`).
#[allow(clippy::too_many_arguments)]
pub fn draw(
    canvas: &HtmlCanvasElement,
    scene: &Scene<'_>,
    theme: Theme,
    dpr: f64,
    size: (f64, f64),
    path: Option<&KeyPath>,
    cache: &mut RingCache,
    timing: &mut Vec<(&'static str, f64)>,
) -> Result<RingFrame, JsValue> {
    let t0 = crate::now();
    let (w, h) = (size.0.max(1.0), size.1.max(1.0));
    let layout = RingLayout::fit(w, h);
    let key = base_key(scene, theme, (w, h));
    let ctx = prepare_sized(canvas, (w, h), dpr)?;
    let t = chart_theme(theme);
    // The background and the key dots first, as one image that replaces every pixel: the dots
    // lie inside the arcs (a moved key's outline at most touches them on the largest rings).
    let dots_key = (scene.dots_key, w.to_bits(), h.to_bits());
    let places = match cache.dots.take() {
        Some((k, d)) if k == dots_key => d,
        _ => scene
            .dots
            .iter()
            .map(|d| layout.dot_position(d.hash))
            .collect(),
    };
    let small = dot_size(&layout);
    let any_moved = scene.dots.iter().any(|d| d.moved_from.is_some());
    let key_dots = Dots {
        dots: &scene.dots,
        places: &places,
        radius: small,
        opacity: if any_moved { 0.35 } else { 0.9 },
    };
    put_background_and_dots(canvas, &ctx, dpr, &t, &key_dots, &mut cache.pictures)?;
    let t1 = crate::now();
    let paths = match cache.bases.iter().position(|(k, _)| *k == key) {
        Some(i) => cache.bases.remove(i).1,
        None => base_paths(scene, &layout, &t)?,
    };
    let label = if scene.label {
        let font_px = (layout.radius / 16.0).clamp(10.0, 14.0);
        let colour = css(&t, |t| t.text);
        let key = (font_px.to_bits(), colour, dpr.to_bits());
        if cache.label.as_ref().is_none_or(|l| l.key != key) {
            cache.label = Some(LabelStamp::new(font_px, &key.1, dpr)?);
        }
        cache.label.as_ref()
    } else {
        None
    };
    draw_base(&ctx, &t, &layout, &paths, label, dpr)?;
    cache.keep(key, paths);
    let t2 = crate::now();
    timing.push(("ring-base", t2 - t1));
    cache.dots = Some((dots_key, places));
    let dots = scene.dots.to_vec();
    draw_selection(&ctx, &t, &layout, path)?;
    timing.push(("ring-dots", (t1 - t0) + (crate::now() - t2)));
    Ok(RingFrame { layout, dots })
}

/// Each colour's arcs and ticks as paths (none for a strategy without a ring).
fn base_paths(
    scene: &Scene<'_>,
    layout: &RingLayout,
    t: &ChartTheme,
) -> Result<Vec<ColourPaths>, JsValue> {
    let Some(points) = scene.points else {
        return Ok(Vec::new());
    };
    let arcs = owner_arcs(points, layout.pixel_angle(), |n| scene.colour_of(n));
    let ticks = ticks(points, layout.pixel_angle(), |n| scene.colour_of(n));
    slots_in_order(arcs.iter().map(|a| a.colour))
        .into_iter()
        .map(|slot| {
            Ok((
                t.mark(node_colour(slot)).css(),
                Path2d::new_with_path_string(&arcs_path(layout, &arcs, slot))?,
                Path2d::new_with_path_string(&ticks_path(layout, &ticks, slot))?,
            ))
        })
        .collect()
}

/// The distinct colour slots among `slots`, ascending.
fn slots_in_order(slots: impl Iterator<Item = usize>) -> Vec<usize> {
    // Colour slots are small numbers (a node takes the smallest free one, so each is below
    // the node count): marked in a table rather than found by sorting every dot's slot.
    let mut seen: Vec<bool> = Vec::new();
    for s in slots {
        if s >= seen.len() {
            seen.resize(s + 1, false);
        }
        seen[s] = true;
    }
    seen.iter()
        .enumerate()
        .filter_map(|(s, &on)| on.then_some(s))
        .collect()
}

/// The hash space, the owner arcs, the vnode ticks, the "0" label (over the background).
fn draw_base(
    ctx: &CanvasRenderingContext2d,
    t: &ChartTheme,
    layout: &RingLayout,
    paths: &[ColourPaths],
    label: Option<&LabelStamp>,
    dpr: f64,
) -> Result<(), JsValue> {
    ctx.set_global_alpha(1.0);
    // The hash space as a thin circle.
    ctx.set_stroke_style_str(wasm_bindgen::intern(&css(t, |t| t.grid)));
    ctx.set_line_width(1.0);
    ctx.begin_path();
    ctx.arc(layout.cx, layout.cy, layout.radius, 0.0, TAU)?;
    ctx.stroke();

    // Owner arcs, then the vnode ticks outside them.
    ctx.set_line_cap("butt");
    ctx.set_line_width(layout.arc_width);
    for (colour, arcs, _) in paths {
        ctx.set_stroke_style_str(wasm_bindgen::intern(colour));
        ctx.stroke_with_path(arcs);
    }
    ctx.set_line_width(1.0);
    for (colour, _, ticks) in paths {
        ctx.set_stroke_style_str(wasm_bindgen::intern(colour));
        ctx.stroke_with_path(ticks);
    }

    let Some(label) = label else {
        return Ok(());
    };
    // The top of the ring: position 0 = 2^64, copied in device pixels (whole ones: sharp).
    let (x, y) = layout.point(0.0, layout.tick_span().1 + 3.0);
    ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)?;
    ctx.draw_image_with_html_canvas_element(
        &label.canvas,
        (x * dpr - label.anchor.0).round(),
        (y * dpr - label.anchor.1).round(),
    )?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0)
}

/// The radius of a key dot (CSS pixels) on a ring of `layout`.
fn dot_size(layout: &RingLayout) -> f64 {
    (layout.radius / 110.0).clamp(1.6, 3.0)
}

/// The sample keys' dots: each in its owner's colour (dimmed when the last change moved some),
/// and the moved ones over them, filled with the new owner's colour, ringed with the old
/// owner's and outlined in the text colour so that they stand out on any arc.
struct Dots<'a> {
    dots: &'a [Dot],
    /// Each dot's place, CSS pixels.
    places: &'a [(f64, f64)],
    /// CSS pixels.
    radius: f64,
    /// Of the unmoved dots.
    opacity: f64,
}

/// Paints the background, the unmoved dots (one group per colour in colour order: a colour's
/// dots merge, as one path's would) and the moved keys' markers (every outline, then each
/// (old owner, new owner) pair's fills and rings, in the pairs' order) at the canvas's device
/// size, and puts the pixels on the canvas, replacing all of them. The picture is kept in
/// `layers` and brought up to date around the dots that changed: the one that was last
/// painted with the same colours, shapes and opacities, else a new one or the least
/// recently used.
fn put_background_and_dots(
    canvas: &HtmlCanvasElement,
    ctx: &CanvasRenderingContext2d,
    dpr: f64,
    t: &ChartTheme,
    u: &Dots<'_>,
    layers: &mut Vec<DiscLayer>,
) -> Result<(), JsValue> {
    let (dw, dh) = (canvas.width(), canvas.height());
    if dw == 0 || dh == 0 {
        return Ok(());
    }
    let rgb = |c: Rgb| [c.0, c.1, c.2];
    let mark = |slot: usize| rgb(t.mark(node_colour(slot)));
    // Colours up to the last one an unmoved dot has: a node whose dots all moved (one that
    // just joined) adds no coat.
    let slots = u
        .dots
        .iter()
        .filter(|d| d.moved_from.is_none())
        .map(|d| d.colour + 1)
        .max()
        .unwrap_or(0);
    let dot = Shape::disc(u.radius * dpr);
    let mut coats: Vec<Coat> = (0..slots)
        .map(|slot| Coat {
            shape: dot,
            colour: mark(slot),
            opacity: u.opacity,
        })
        .collect();
    let mut worn: Vec<Worn> = u
        .dots
        .iter()
        .map(|d| match d.moved_from {
            None => [u16::try_from(d.colour).unwrap_or(NO_COAT), NO_COAT, NO_COAT],
            Some(_) => [NO_COAT; 3],
        })
        .collect();
    let pairs = moved_by_pair(u.dots);
    if !pairs.is_empty() {
        // The moved keys, opaque: outlined in the text colour, so that they stand out on any
        // arc, filled with the new owner's colour and ringed with the old owner's.
        let marker = MovedMarker::new(u.radius, dpr);
        let outline = coats.len() as u16;
        coats.push(Coat {
            shape: marker.outline,
            colour: rgb(t.text),
            opacity: 1.0,
        });
        for pair in pairs {
            let fill = coats.len() as u16;
            coats.push(Coat {
                shape: marker.fill,
                colour: mark(pair.to),
                opacity: 1.0,
            });
            coats.push(Coat {
                shape: marker.ring,
                colour: mark(pair.from),
                opacity: 1.0,
            });
            for i in pair.dots {
                if let Some(w) = worn.get_mut(i) {
                    *w = [outline, fill, fill + 1];
                }
            }
        }
    }
    let centres: Vec<(f64, f64)> = u
        .places
        .iter()
        .take(u.dots.len())
        .map(|&(x, y)| (x * dpr, y * dpr))
        .collect();
    let mut layer = match layers.iter().position(|l| l.shows(&coats)) {
        Some(i) => layers.remove(i),
        None if layers.len() < LAYERS_KEPT => DiscLayer::default(),
        None => layers.remove(0),
    };
    let Rgb(r, g, b) = t.background;
    layer.paint(&Picture {
        width: dw as usize,
        height: dh as usize,
        background: [r, g, b, 255],
        centres: &centres,
        worn: &worn,
        coats: &coats,
    });
    let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(layer.pixels().rgba()), dw, dh);
    layers.push(layer);
    ctx.put_image_data(&image?, 0.0, 0.0)
}

/// Canvas angle (from +x, clockwise) of a ring angle (from the top, clockwise).
fn canvas_angle(a: f64) -> f64 {
    a - FRAC_PI_2
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
    let small = dot_size(layout);
    let a = angle_of(p.hash);
    // The selection is drawn in the text colour with a halo of the background: no node has
    // that colour, so a selected key that moved between two nodes stays readable (in the
    // highlight's vermillion it merged with inv-tar's dots).
    let sel = css(t, |t| t.selection);
    let halo = css(t, |t| t.background);
    let (dx, dy) = layout.dot_position(p.hash);
    for (colour, extra) in [(&halo, 2.0), (&sel, 0.0)] {
        ctx.set_stroke_style_str(wasm_bindgen::intern(colour));
        ctx.set_line_width(2.0 + extra);
        ctx.begin_path();
        ctx.move_to(layout.cx, layout.cy);
        let (x, y) = layout.point(a, layout.radius + layout.arc_width);
        ctx.line_to(x, y);
        ctx.stroke();
        ctx.begin_path();
        ctx.arc(dx, dy, small * 2.6, canvas_angle(0.0), canvas_angle(TAU))?;
        ctx.stroke();
    }
    ctx.set_stroke_style_str(&sel);
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
