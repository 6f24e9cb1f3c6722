//! The three charts on their canvases, through plotters-canvas. The backing store is sized to
//! the CSS box times `devicePixelRatio` and the chart theme's scale matches it, so charts are
//! crisp on high-DPI screens. The words come from [`partlab_lab::i18n`].
//!
//! A chart is drawn again only when what it shows changed ([`ChartCache`]): the movement
//! chart when its sweep has a new point; the deviation and bar charts keep their still part
//! (frame, axes, legend, names, the sweep's band and lines) on a canvas of their own, off the
//! page, and repaint only what moved over a copy of it: the current setting's marker, the
//! bars.

use std::hash::{Hash, Hasher};

use plotters::prelude::IntoDrawingArea;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlCanvasElement;

use partlab_core::config::Strategy;
use partlab_core::sweep::{DeviationPoint, MovementPoint};
use partlab_lab::charts::{
    bars_axes, deviation_axes, draw_deviation_flat, draw_deviation_layer, draw_deviation_marker,
    draw_keys_bars, draw_keys_layer, draw_movement, BarsAxes, BarsPlot, BarsText, DeviationAxes,
    DeviationPlot, DeviationText, MovementPlot, MovementText,
};
use partlab_lab::i18n::{strategy_name, tr, Text};
use partlab_lab::model::{DeviationSweep, Lab, MovementSweep};
use partlab_lab::palette::{chart_theme, node_colour, Theme};
use partlab_lab::readout::CurrentMark;
use partlab_lab::state::Lang;

use crate::dom::by_id;
use partlab_web::batched::BatchedCanvas;

/// What a chart was last drawn from, and its still layer when it has one.
struct Drawn<K, P> {
    key: K,
    layer: HtmlCanvasElement,
    plot: Option<P>,
}

/// What the bar chart's still layer is drawn from: axes and names, words, theme, backing size.
type BarsKey = (BarsAxes, Lang, Theme, (u32, u32));
/// What the deviation chart's still layer is drawn from: axes, the points, words, theme, size.
type DeviationKey = (DeviationAxes, u64, Lang, Theme, (u32, u32));
/// What the movement chart is drawn from: the points, words, theme, backing size.
type MovementKey = (u64, Lang, Theme, (u32, u32));

/// The charts as last drawn: a chart whose inputs are the same is not drawn again.
#[derive(Default)]
pub struct ChartCache {
    /// The bars' still layers last drawn, the one on screen last: a node that joins and
    /// leaves again, or a slider going to and fro across an axis step, finds its layer kept.
    bars: Vec<Drawn<BarsKey, BarsPlot>>,
    bars_data: Option<u64>,
    deviation: Option<Drawn<DeviationKey, DeviationPlot>>,
    deviation_marker: Option<Option<(&'static str, u32, u64)>>,
    movement: Option<MovementKey>,
    movement_plot: Option<MovementPlot>,
}

/// The canvas `id` with its backing store sized for a CSS box of `size` at `dpr`; `None`
/// when it is not on the page or not displayed (embed mode hides the others).
fn sized_canvas(id: &str, size: (f64, f64), dpr: f64) -> Option<HtmlCanvasElement> {
    let canvas = by_id(id)?.dyn_into::<HtmlCanvasElement>().ok()?;
    if size.0 < 1.0 || size.1 < 1.0 {
        return None;
    }
    crate::dom::size_canvas_to(&canvas, size, dpr);
    Some(canvas)
}

/// An off-page canvas with the backing size of `like`.
fn layer_like(
    like: &HtmlCanvasElement,
    reuse: Option<HtmlCanvasElement>,
) -> Result<HtmlCanvasElement, JsValue> {
    let c = match reuse {
        Some(c) => c,
        None => crate::dom::document()?
            .create_element("canvas")?
            .dyn_into::<HtmlCanvasElement>()?,
    };
    if c.width() != like.width() {
        c.set_width(like.width());
    }
    if c.height() != like.height() {
        c.set_height(like.height());
    }
    Ok(c)
}

/// Copies an (opaque) layer onto `canvas`, pixel for pixel.
fn copy_layer(canvas: &HtmlCanvasElement, layer: &HtmlCanvasElement) -> Result<(), JsValue> {
    let ctx = crate::dom::context_2d(canvas)?;
    ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)?;
    ctx.set_global_alpha(1.0);
    ctx.draw_image_with_html_canvas_element(layer, 0.0, 0.0)
}

fn err(e: impl std::fmt::Display) -> JsValue {
    JsValue::from_str(&e.to_string())
}

fn backing(canvas: &HtmlCanvasElement) -> (u32, u32) {
    (canvas.width(), canvas.height())
}

/// Draws the keys-per-node bars: the still layer when its axes, names, words or size
/// changed, then the bars over a copy of it.
pub fn draw_bars(
    cache: &mut ChartCache,
    lab: &Lab,
    theme: Theme,
    dpr: f64,
    size: (f64, f64),
) -> Result<(), JsValue> {
    let Some(canvas) = sized_canvas("bars-chart", size, dpr) else {
        return Ok(());
    };
    let lang = lab.state().lang;
    let t = chart_theme(theme).with_scale(dpr).with_lang(lang);
    let dist = lab.distribution();
    // The same colour per node as the ring and its legend, even after a middle node leaves.
    let colours: Vec<_> = (0..dist.nodes.len())
        .map(|i| t.mark(node_colour(lab.colour_of(i))))
        .collect();
    let data = {
        let mut h = crate::dom::Fnv::default();
        for n in &dist.nodes {
            (n.keys, n.expected_share.to_bits()).hash(&mut h);
        }
        colours
            .iter()
            .map(|c| (c.0, c.1, c.2))
            .for_each(|c| c.hash(&mut h));
        h.finish()
    };
    let axes = {
        let Some(b) = BatchedCanvas::new(canvas.clone()) else {
            return Ok(());
        };
        bars_axes(&b.into_drawing_area(), dist, &t)
    };
    let key = (axes, lang, theme, backing(&canvas));
    if cache.bars.last().is_some_and(|d| d.key == key) && cache.bars_data == Some(data) {
        // Nothing changed: the canvas still shows it.
        return Ok(());
    }
    let drawn = match cache.bars.iter().position(|d| d.key == key) {
        Some(i) => cache.bars.remove(i),
        None => {
            // The oldest layer's canvas is drawn over once as many as are kept exist.
            let reuse = (cache.bars.len() >= BARS_LAYERS_KEPT).then(|| cache.bars.remove(0));
            let layer = layer_like(&canvas, reuse.map(|d| d.layer))?;
            let Some(b) = BatchedCanvas::new(layer.clone()) else {
                return Ok(());
            };
            // With weights both deviations are shown: the dashed line is the equal share the
            // lesson's formula measures against, the marks the weighted shares.
            let weighted = key.0.weighted();
            let text = BarsText {
                title: String::new(),
                y_label: tr(lang, Text::AxisKeys).to_owned(),
                ideal_label: tr(
                    lang,
                    if weighted {
                        Text::EqualShareLesson
                    } else {
                        Text::IdealShort
                    },
                )
                .to_owned(),
                expected_label: tr(lang, Text::WeightedShareMarks).to_owned(),
            };
            let area = b.into_drawing_area();
            let plot = draw_keys_layer(&area, dist, &key.0, &text, &t).map_err(err)?;
            Drawn { key, layer, plot }
        }
    };
    // The plot's edges in CSS pixels: where the bars' slots are, for scripts and tests that
    // point at a bar (the readout's hit test uses the same plot).
    let span = drawn.plot.map_or(String::new(), |p| {
        let (l, r) = p.x_span();
        format!("{:.1} {:.1}", l / dpr, r / dpr)
    });
    crate::dom::set_attr(&canvas, "data-plot-x", &span);
    copy_layer(&canvas, &drawn.layer)?;
    if let (Some(plot), Some(b)) = (&drawn.plot, BatchedCanvas::new(canvas)) {
        draw_keys_bars(&b.into_drawing_area(), plot, dist, &colours, &t).map_err(err)?;
    }
    cache.bars.push(drawn);
    cache.bars_data = Some(data);
    Ok(())
}

/// How many of the bars' still layers are kept (each an off-page canvas of the chart's size).
const BARS_LAYERS_KEPT: usize = 3;

fn deviation_sig(points: &[DeviationPoint]) -> u64 {
    let mut h = crate::dom::Fnv::default();
    for p in points {
        p.vnodes.hash(&mut h);
        for v in [
            p.deviation_pct.min,
            p.deviation_pct.median,
            p.deviation_pct.max,
            p.named_deviation_pct,
        ] {
            v.to_bits().hash(&mut h);
        }
    }
    h.finish()
}

fn movement_sig(points: &[MovementPoint]) -> u64 {
    let mut h = crate::dom::Fnv::default();
    for p in points {
        (p.nodes_before, p.nodes_after, p.ideal_fraction.to_bits()).hash(&mut h);
        for m in &p.moved {
            m.moved_fraction.to_bits().hash(&mut h);
        }
    }
    h.finish()
}

/// Draws the deviation chart with the points computed so far and the current setting: the
/// still layer when the points, axes, words or size changed, then the marker over a copy.
pub fn draw_deviation_chart(
    cache: &mut ChartCache,
    lab: &Lab,
    sweep: Option<&DeviationSweep>,
    theme: Theme,
    dpr: f64,
    size: (f64, f64),
) -> Result<(), JsValue> {
    let Some(canvas) = sized_canvas("deviation-chart", size, dpr) else {
        return Ok(());
    };
    let lang = lab.state().lang;
    let t = chart_theme(theme).with_scale(dpr).with_lang(lang);
    let points = sweep.map(|s| s.points()).unwrap_or_default();
    // The current strategy's own mark: a point for a strategy with vnodes, a flat line at
    // its deviation for one without (rendezvous, jump, …).
    let mark = CurrentMark::of(lab);
    let current = mark.map(CurrentMark::extent);
    let axes = {
        let Some(b) = BatchedCanvas::new(canvas.clone()) else {
            return Ok(());
        };
        deviation_axes(&b.into_drawing_area(), points, current, &t)
    };
    let key = (axes, deviation_sig(points), lang, theme, backing(&canvas));
    let marker = mark.map(|m| (m.kind(), m.extent().0, m.pct().to_bits()));
    let drawn = match cache.deviation.take() {
        Some(d) if d.key == key => {
            if cache.deviation_marker == Some(marker) {
                cache.deviation = Some(d);
                return Ok(());
            }
            d
        }
        old => {
            let layer = layer_like(&canvas, old.map(|d| d.layer))?;
            let Some(b) = BatchedCanvas::new(layer.clone()) else {
                return Ok(());
            };
            let text = DeviationText {
                title: String::new(),
                x_label: tr(lang, Text::AxisVnodes).to_owned(),
                y_label: tr(lang, Text::AxisDeviation).to_owned(),
                band_label: tr(lang, Text::Band).to_owned(),
                median_label: tr(lang, Text::Median).to_owned(),
                named_label: tr(lang, Text::NamedRun).to_owned(),
                current_label: tr(lang, Text::Current).to_owned(),
                trend_label: tr(lang, Text::Trend).to_owned(),
            };
            let area = b.into_drawing_area();
            let plot = draw_deviation_layer(&area, points, &key.0, &text, &t).map_err(err)?;
            Drawn { key, layer, plot }
        }
    };
    copy_layer(&canvas, &drawn.layer)?;
    if let (Some(plot), Some(b)) = (&drawn.plot, BatchedCanvas::new(canvas)) {
        let area = b.into_drawing_area();
        match mark {
            Some(CurrentMark::Flat { pct }) => {
                draw_deviation_flat(&area, plot, pct, &t).map_err(err)?;
            }
            _ => draw_deviation_marker(&area, plot, current, &t).map_err(err)?,
        }
    }
    cache.deviation = Some(drawn);
    cache.deviation_marker = Some(marker);
    Ok(())
}

impl ChartCache {
    /// Where the deviation chart's plot was last drawn (backing pixels), for its readout.
    pub fn deviation_plot(&self) -> Option<DeviationPlot> {
        self.deviation.as_ref().and_then(|d| d.plot)
    }

    /// Where the bar chart's plot was last drawn (backing pixels), for its readout.
    pub fn bars_plot(&self) -> Option<BarsPlot> {
        self.bars.last().and_then(|d| d.plot)
    }

    /// Where the movement chart's plot was last drawn (backing pixels), for its readout.
    pub fn movement_plot(&self) -> Option<MovementPlot> {
        self.movement_plot
    }
}

/// Draws the movement chart with the points computed so far, when they, the words or the
/// size changed (nothing on it depends on the current setting).
pub fn draw_movement_chart(
    cache: &mut ChartCache,
    lab: &Lab,
    sweep: Option<&MovementSweep>,
    theme: Theme,
    dpr: f64,
    size: (f64, f64),
) -> Result<(), JsValue> {
    let Some(canvas) = sized_canvas("movement-chart", size, dpr) else {
        return Ok(());
    };
    let lang = lab.state().lang;
    let points = sweep.map(|s| s.points()).unwrap_or_default();
    let key = (movement_sig(points), lang, theme, backing(&canvas));
    if cache.movement.as_ref() == Some(&key) {
        return Ok(());
    }
    let Some(backend) = BatchedCanvas::new(canvas) else {
        return Ok(());
    };
    let text = MovementText {
        title: String::new(),
        x_label: tr(lang, Text::AxisNodes).to_owned(),
        y_label: tr(lang, Text::AxisMoved).to_owned(),
        ideal_label: format!("{} 1/(N+1)", tr(lang, Text::IdealShort)),
        strategy_labels: Strategy::LESSON.map(|s| strategy_name(lang, s).to_owned()),
    };
    let area = backend.into_drawing_area();
    let t = chart_theme(theme).with_scale(dpr).with_lang(lang);
    let plot = draw_movement(&area, points, &text, &t).map_err(err)?;
    area.present().map_err(err)?;
    cache.movement = Some(key);
    cache.movement_plot = plot;
    Ok(())
}
