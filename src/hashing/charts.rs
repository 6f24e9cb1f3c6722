//! The three charts on their canvases, through plotters-canvas. The backing store is sized to
//! the CSS box times `devicePixelRatio` and the chart theme's scale matches it, so charts are
//! crisp on high-DPI screens. The words come from [`partlab_lab::i18n`].

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlCanvasElement;

use partlab_core::config::Strategy;
use partlab_lab::charts::{
    draw_deviation, draw_keys_per_node, draw_movement, BarsText, DeviationText, MovementText,
};
use partlab_lab::i18n::{strategy_name, tr, Text};
use partlab_lab::model::{DeviationSweep, Lab, MovementSweep};
use partlab_lab::palette::{chart_theme, node_colour, Theme};

use crate::dom::by_id;

/// The canvas `id`, with its backing store sized for `dpr`; `None` when it is not on the page
/// or not displayed (embed mode hides the others).
fn sized_canvas(id: &str, dpr: f64) -> Option<HtmlCanvasElement> {
    let canvas = by_id(id)?.dyn_into::<HtmlCanvasElement>().ok()?;
    let (w, h) = crate::dom::css_size(&canvas);
    if w < 1.0 || h < 1.0 {
        return None;
    }
    crate::dom::size_canvas(&canvas, dpr);
    Some(canvas)
}

fn err(e: impl std::fmt::Display) -> JsValue {
    JsValue::from_str(&e.to_string())
}

/// Draws the keys-per-node bars.
pub fn draw_bars(lab: &Lab, theme: Theme, dpr: f64) -> Result<(), JsValue> {
    let Some(canvas) = sized_canvas("bars-chart", dpr) else {
        return Ok(());
    };
    let Some(backend) = CanvasBackend::with_canvas_object(canvas) else {
        return Ok(());
    };
    let lang = lab.state().lang;
    let text = BarsText {
        title: String::new(),
        y_label: tr(lang, Text::AxisKeys).to_owned(),
        ideal_label: tr(lang, Text::IdealShort).to_owned(),
        expected_label: tr(lang, Text::ExpectedByWeight).to_owned(),
    };
    let area = backend.into_drawing_area();
    // The same colour per node as the ring and its legend, even after a middle node leaves.
    let colours: Vec<_> = (0..lab.distribution().nodes.len())
        .map(|i| node_colour(lab.colour_of(i)))
        .collect();
    draw_keys_per_node(
        &area,
        lab.distribution(),
        &colours,
        &text,
        &chart_theme(theme).with_scale(dpr),
    )
    .map_err(err)?;
    area.present().map_err(err)
}

/// Draws the deviation chart with the points computed so far and the current setting.
pub fn draw_deviation_chart(
    lab: &Lab,
    sweep: Option<&DeviationSweep>,
    theme: Theme,
    dpr: f64,
) -> Result<(), JsValue> {
    let Some(canvas) = sized_canvas("deviation-chart", dpr) else {
        return Ok(());
    };
    let Some(backend) = CanvasBackend::with_canvas_object(canvas) else {
        return Ok(());
    };
    let lang = lab.state().lang;
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
    let points = sweep.map(|s| s.points()).unwrap_or_default();
    let current = (lab.config().strategy == Strategy::Ring)
        .then(|| (lab.config().vnodes, lab.distribution().deviation_pct));
    let area = backend.into_drawing_area();
    draw_deviation(
        &area,
        points,
        current,
        &text,
        &chart_theme(theme).with_scale(dpr),
    )
    .map_err(err)?;
    area.present().map_err(err)
}

/// Draws the movement chart with the points computed so far.
pub fn draw_movement_chart(
    lab: &Lab,
    sweep: Option<&MovementSweep>,
    theme: Theme,
    dpr: f64,
) -> Result<(), JsValue> {
    let Some(canvas) = sized_canvas("movement-chart", dpr) else {
        return Ok(());
    };
    let Some(backend) = CanvasBackend::with_canvas_object(canvas) else {
        return Ok(());
    };
    let lang = lab.state().lang;
    let text = MovementText {
        title: String::new(),
        x_label: tr(lang, Text::AxisNodes).to_owned(),
        y_label: tr(lang, Text::AxisMoved).to_owned(),
        ideal_label: format!("{} 1/(N+1)", tr(lang, Text::IdealShort)),
        strategy_labels: Strategy::ALL.map(|s| strategy_name(lang, s).to_owned()),
    };
    let points = sweep.map(|s| s.points()).unwrap_or_default();
    let area = backend.into_drawing_area();
    draw_movement(&area, points, &text, &chart_theme(theme).with_scale(dpr)).map_err(err)?;
    area.present().map_err(err)
}
