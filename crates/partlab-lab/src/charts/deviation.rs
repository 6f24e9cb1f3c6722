//! Load deviation against vnodes: the min–max band over the trials, the median line, the
//! trial-0 ("named") points, the current setting and the fitted c/√V trend, on a log x axis.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{format_int, linear_ticks, log_ticks, Scale};
use super::paint::{pick_x_labels, Chrome, LegendItem, Marker, Painter, Swatch, TICK};
use super::{ChartError, DeviationText};
use crate::palette::ChartTheme;
use partlab_core::sweep::DeviationPoint;

/// The x axis always shows at least this span (the lesson's 1 to 1000 vnodes), so the axis
/// does not jump while a sweep's points arrive one by one.
const DEFAULT_SPAN: (f64, f64) = (1.0, 1000.0);

/// One row of the deviation table (the chart's text alternative), deviations in %.
#[derive(Clone, Debug, PartialEq)]
pub struct DeviationRow {
    /// Vnodes per node of weight 1.
    pub vnodes: u32,
    /// Smallest deviation over the trials.
    pub min_pct: f64,
    /// Median deviation over the trials.
    pub median_pct: f64,
    /// Largest deviation over the trials.
    pub max_pct: f64,
    /// Deviation of trial 0 (the nodes under their own names).
    pub named_pct: f64,
    /// The fitted trend c/√V at this vnode count (`None` when no trend can be fitted).
    pub trend_pct: Option<f64>,
}

/// Points that can be drawn (vnodes > 0, finite non-negative values), sorted by vnodes.
fn usable(points: &[DeviationPoint]) -> Vec<&DeviationPoint> {
    let ok = |v: f64| v.is_finite() && v >= 0.0;
    let mut pts: Vec<&DeviationPoint> = points
        .iter()
        .filter(|p| {
            let b = &p.deviation_pct;
            p.vnodes > 0 && ok(b.min) && ok(b.median) && ok(b.max) && ok(p.named_deviation_pct)
        })
        .collect();
    partlab_core::order::sort_by_key_stable(&mut pts, |p| u64::from(p.vnodes));
    pts
}

/// The table rows of [`draw_deviation`]: one per drawable point, by increasing vnodes.
pub fn deviation_rows(points: &[DeviationPoint]) -> Vec<DeviationRow> {
    let c = deviation_trend(points);
    usable(points)
        .into_iter()
        .map(|p| DeviationRow {
            vnodes: p.vnodes,
            min_pct: p.deviation_pct.min,
            median_pct: p.deviation_pct.median,
            max_pct: p.deviation_pct.max,
            named_pct: p.named_deviation_pct,
            trend_pct: c.map(|c| c / f64::from(p.vnodes).sqrt()),
        })
        .collect()
}

/// The c of the trend c/√V fitted to the medians, in % (deviation at V = 1 on the trend).
///
/// Least squares in log space: ln m = ln c − ½ ln V, so ln c is the mean of ln m + ½ ln V
/// over the points, i.e. c is the geometric mean of m·√V. Every point weighs the same
/// whatever its size (a plain least-squares fit on the percentages would be decided by the
/// few large deviations at small V), and the slope is fixed at −½, the theory's: the share
/// of a node is a sum of V arcs, so its spread shrinks like 1/√V. Points with a zero median
/// (no information on a log scale) are skipped. `None` when no point has a positive median.
pub fn deviation_trend(points: &[DeviationPoint]) -> Option<f64> {
    let logs: Vec<f64> = usable(points)
        .into_iter()
        .filter(|p| p.deviation_pct.median > 0.0)
        .map(|p| p.deviation_pct.median.ln() + 0.5 * f64::from(p.vnodes).ln())
        .collect();
    if logs.is_empty() {
        return None;
    }
    let c = (logs.iter().sum::<f64>() / logs.len() as f64).exp();
    c.is_finite().then_some(c)
}

/// What the still part of the deviation chart (everything but the current setting's
/// marker) depends on besides the points: the axes' spans and whether the legend lists the
/// marker. While the marker moves within these axes, a page can keep the rest drawn and
/// paint only the marker over it ([`draw_deviation_layer`], [`draw_deviation_marker`]).
#[derive(Clone, Debug, PartialEq)]
pub struct DeviationAxes {
    lo: f64,
    hi: f64,
    top: f64,
    ticks: Vec<f64>,
    current: bool,
    size: (f64, f64, f64),
}

/// Where the plot of a drawn deviation layer is, for [`draw_deviation_marker`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeviationPlot {
    x: Scale,
    y: Scale,
}

fn usable_current(current: Option<(u32, f64)>) -> Option<(u32, f64)> {
    current.filter(|&(v, d)| v > 0 && d.is_finite() && d >= 0.0)
}

/// The axes [`draw_deviation`] would use for `points` and `current` on `area`.
pub fn deviation_axes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[DeviationPoint],
    current: Option<(u32, f64)>,
    theme: &ChartTheme,
) -> DeviationAxes {
    let p = Painter::new(area, theme);
    let pts = usable(points);
    let current = usable_current(current);
    let mut lo = DEFAULT_SPAN.0;
    let mut hi = DEFAULT_SPAN.1;
    let vs = pts
        .iter()
        .map(|p| f64::from(p.vnodes))
        .chain(current.map(|c| f64::from(c.0)));
    for v in vs {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    let data_max = pts
        .iter()
        .flat_map(|p| [p.deviation_pct.max, p.named_deviation_pct])
        .chain(current.map(|c| c.1))
        .fold(0.0, f64::max);
    let tick_count = ((p.h / p.s - 150.0) / 36.0).clamp(2.0, 8.0) as usize;
    let (top, ticks) = linear_ticks((data_max * 1.04).max(10.0), tick_count);
    DeviationAxes {
        lo,
        hi,
        top,
        ticks,
        current: current.is_some(),
        size: (p.w, p.h, p.s),
    }
}

/// Draws the deviation sweep `points` (in any order, possibly partial or empty).
///
/// - x: vnodes on a log axis spanning at least 1–1000 (more if the points or `current` go
///   beyond); y: deviation in %, from 0, at least to 10.
/// - A filled band from the minimum to the maximum over the trials, the median as a line,
///   the trial-0 deviation as hollow circles, `current` (vnodes, deviation %) as a filled
///   diamond, and the trend c/√V ([`deviation_trend`]) dashed.
/// - The legend (above the plot) lists only what is drawn; empty labels are left out. With
///   no points and no current setting: title, axes and axis names only.
///
/// The same as [`draw_deviation_layer`] followed by [`draw_deviation_marker`].
pub fn draw_deviation<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[DeviationPoint],
    current: Option<(u32, f64)>,
    text: &DeviationText,
    theme: &ChartTheme,
) -> Result<(), ChartError> {
    let axes = deviation_axes(area, points, current, theme);
    if let Some(plot) = draw_deviation_layer(area, points, &axes, text, theme)? {
        draw_deviation_marker(area, &plot, current, theme)?;
    }
    Ok(())
}

/// Draws everything but the current setting's marker, on `axes` from [`deviation_axes`].
/// `None` when the area is too small for a plot.
pub fn draw_deviation_layer<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[DeviationPoint],
    axes: &DeviationAxes,
    text: &DeviationText,
    theme: &ChartTheme,
) -> Result<Option<DeviationPlot>, ChartError> {
    let p = Painter::cleared(area, theme)?;
    let s = p.s;
    let pts = usable(points);
    let trend = deviation_trend(points);
    let (lo, hi, top) = (axes.lo, axes.hi, axes.top);
    let ticks = &axes.ticks;

    let mut legend = Vec::new();
    if !pts.is_empty() {
        legend.extend([
            LegendItem {
                swatch: Swatch::Fill(theme.band),
                label: text.band_label.clone(),
            },
            LegendItem {
                swatch: Swatch::Line(theme.median),
                label: text.median_label.clone(),
            },
            LegendItem {
                swatch: Swatch::Marker {
                    shape: Marker::Circle,
                    colour: theme.text,
                    filled: false,
                    line: false,
                },
                label: text.named_label.clone(),
            },
        ]);
    }
    if axes.current {
        legend.push(LegendItem {
            swatch: Swatch::Marker {
                shape: Marker::Diamond,
                colour: theme.highlight,
                filled: true,
                line: false,
            },
            label: text.current_label.clone(),
        });
    }
    if trend.is_some() {
        legend.push(LegendItem {
            swatch: Swatch::Dashed(theme.ideal),
            label: text.trend_label.clone(),
        });
    }
    let layout = p.layout(Chrome {
        title: &text.title,
        legend,
        x_label: &text.x_label,
        y_label: &text.y_label,
        y_tick_w: p.int_tick_w(ticks),
        below_axis: p.line_h(TICK) + 6.0 * s,
        right_pad: p.width(&format_int(hi, p.theme.lang), TICK) / 2.0,
    });
    let Some(plot) = p.framed(&layout)? else {
        return Ok(None);
    };
    let pad = 8.0 * s;
    let x = Scale::log(lo, hi, plot.left + pad, plot.right - pad);
    let y = Scale::linear(0.0, top, plot.bottom, plot.top);

    // Grid and axis labels.
    p.y_axis(&plot, &y, ticks)?;
    let candidates: Vec<(f64, String)> = log_ticks(lo, hi)
        .into_iter()
        .map(|v| (x.px(v), format_int(v, p.theme.lang)))
        .collect();
    let labels = pick_x_labels(&candidates, p.px(TICK), 6.0 * s, 0.0, p.w);
    for (px, _) in &labels {
        p.line(&[(*px, plot.top), (*px, plot.bottom)], theme.grid, 1.0)?;
    }

    // Band.
    let at = |v: u32, d: f64| (x.px(f64::from(v)), y.px(d));
    if pts.len() >= 2 {
        let mut band: Vec<(f64, f64)> = pts
            .iter()
            .map(|q| at(q.vnodes, q.deviation_pct.max))
            .collect();
        band.extend(pts.iter().rev().map(|q| at(q.vnodes, q.deviation_pct.min)));
        p.polygon(&band, theme.band)?;
    } else if let Some(q) = pts.first() {
        let (cx, y_max) = at(q.vnodes, q.deviation_pct.max);
        let (_, y_min) = at(q.vnodes, q.deviation_pct.min);
        p.rect((cx - 5.0 * s, y_max), (cx + 5.0 * s, y_min), theme.band)?;
    }

    // Trend, clipped to the plot.
    if let Some(c) = trend {
        let (lo_v, hi_v) = x.range();
        let start = lo_v.max((c / top).powi(2));
        if start < hi_v {
            let steps = 64;
            let curve: Vec<(f64, f64)> = (0..=steps)
                .map(|i| {
                    let v = start * (hi_v / start).powf(f64::from(i) / f64::from(steps));
                    (x.px(v), y.px(c / v.sqrt()))
                })
                .collect();
            p.dashed(&curve, theme.ideal, 1.5, 6.0, 4.0)?;
        }
    }

    // Median and named points.
    let median: Vec<(f64, f64)> = pts
        .iter()
        .map(|q| at(q.vnodes, q.deviation_pct.median))
        .collect();
    p.line(&median, theme.median, 2.2)?;
    for &m in &median {
        p.marker(Marker::Circle, m, 2.2, theme.median, true)?;
    }
    for q in &pts {
        let named = at(q.vnodes, q.named_deviation_pct);
        p.marker(Marker::Circle, named, 3.8, theme.text, false)?;
    }

    p.axes(&plot)?;
    p.x_labels(&plot, &labels)?;
    Ok(Some(DeviationPlot { x, y }))
}

/// Draws the current setting (vnodes, deviation %) as a diamond over a layer drawn by
/// [`draw_deviation_layer`] (nothing for `None` or a value that cannot be drawn).
pub fn draw_deviation_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plot: &DeviationPlot,
    current: Option<(u32, f64)>,
    theme: &ChartTheme,
) -> Result<(), ChartError> {
    let Some((v, d)) = usable_current(current) else {
        return Ok(());
    };
    let p = Painter::new(area, theme);
    let c = (plot.x.px(f64::from(v)), plot.y.px(d));
    p.marker(Marker::Diamond, c, 8.0, theme.background, true)?;
    p.marker(Marker::Diamond, c, 6.5, theme.highlight, true)?;
    Ok(())
}

/// Draws a strategy without vnodes as a flat line at `pct` across the whole plot, with the
/// current setting's diamond at both ends (its deviation is the same at every vnode count),
/// over a layer drawn by [`draw_deviation_layer`]. Nothing for a value that cannot be drawn.
pub fn draw_deviation_flat<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plot: &DeviationPlot,
    pct: f64,
    theme: &ChartTheme,
) -> Result<(), ChartError> {
    if !pct.is_finite() || pct < 0.0 {
        return Ok(());
    }
    let p = Painter::new(area, theme);
    let (lo, hi) = plot.x.range();
    let y = plot.y.px(pct);
    let ends = [(plot.x.px(lo), y), (plot.x.px(hi), y)];
    p.line(&ends, theme.background, 5.0)?;
    p.line(&ends, theme.highlight, 2.5)?;
    for c in ends {
        p.marker(Marker::Diamond, c, 8.0, theme.background, true)?;
        p.marker(Marker::Diamond, c, 6.5, theme.highlight, true)?;
    }
    Ok(())
}

impl DeviationPlot {
    /// Where `vnodes` sits across the plot, in the backend's pixels.
    pub fn x_px(&self, vnodes: f64) -> f64 {
        self.x.px(vnodes)
    }

    /// Where a deviation of `pct` % sits up the plot, in the backend's pixels.
    pub fn y_px(&self, pct: f64) -> f64 {
        self.y.px(pct)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use partlab_core::sweep::Band;

    fn point(vnodes: u32, median: f64) -> DeviationPoint {
        DeviationPoint {
            vnodes,
            deviation_pct: Band {
                min: median * 0.5,
                median,
                max: median * 1.5,
            },
            peak_to_mean: Band {
                min: 1.0,
                median: 1.0,
                max: 1.0,
            },
            named_deviation_pct: median,
            trials_deviation_pct: vec![median],
        }
    }

    #[test]
    fn trend_recovers_an_exact_inverse_square_root() {
        let pts: Vec<DeviationPoint> = [1, 10, 100, 1000]
            .into_iter()
            .map(|v| point(v, 50.0 / f64::from(v).sqrt()))
            .collect();
        let c = deviation_trend(&pts).expect("points");
        assert!((c - 50.0).abs() < 1e-9, "{c}");
    }

    #[test]
    fn trend_is_the_geometric_mean_of_median_times_root_v() {
        // m·√V = 40 and 90: geometric mean 60, whatever the order of the points.
        let pts = vec![point(100, 9.0), point(4, 20.0)];
        let c = deviation_trend(&pts).expect("points");
        assert!((c - 60.0).abs() < 1e-9, "{c}");
    }

    #[test]
    fn trend_needs_a_positive_median() {
        assert_eq!(deviation_trend(&[]), None);
        assert_eq!(deviation_trend(&[point(10, 0.0)]), None);
        assert_eq!(deviation_trend(&[point(0, 5.0)]), None);
        let mut nan = point(10, 5.0);
        nan.deviation_pct.max = f64::NAN;
        assert_eq!(deviation_trend(&[nan]), None);
    }

    #[test]
    fn rows_are_sorted_and_carry_the_trend() {
        let rows = deviation_rows(&[point(100, 5.0), point(1, 50.0)]);
        assert_eq!(rows.iter().map(|r| r.vnodes).collect::<Vec<_>>(), [1, 100]);
        assert_eq!(rows[0].max_pct, 75.0);
        let c = deviation_trend(&[point(100, 5.0), point(1, 50.0)]).expect("trend");
        assert_eq!(rows[1].trend_pct, Some(c / 10.0));
    }
}
