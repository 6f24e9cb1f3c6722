//! The study chapters' charts: lines, grouped bars and a heat map, described as data by the
//! chapters and drawn on any plotters backend with the lab's own painter (the same fonts,
//! layout, text estimates and themes as the hashing charts in [`crate::charts`]).
//!
//! Invariants shared with those charts: no words of their own (every label comes from the
//! chapter, in the page's language), whole numbers only on the axes, no text measured by the
//! backend, no panic on any input (empty series, NaN, a tiny area).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use crate::charts::axis::{format_int, integer_ticks, linear_ticks, log_ticks, Scale};
use crate::charts::paint::{pick_x_labels, Chrome, LegendItem, Marker, Painter, Swatch, TICK};
use crate::charts::text::{fit_end, fit_middle};
use crate::charts::{ChartError, ChartTheme};
use crate::palette::{node_colour, Rgb};

/// A chart of a study chapter.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// Series of points against x.
    Lines(Lines),
    /// Bars per category, one per series.
    Bars(Bars),
    /// A grid of values (rows × columns) in shades.
    Heat(Heat),
}

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stroke {
    /// A solid line.
    Line,
    /// A dashed line (formulas, references).
    Dashed,
    /// Markers only.
    Markers,
    /// A solid line with a marker at each point.
    LineMarkers,
}

/// One series of a line chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend entry.
    pub label: String,
    /// Points (x, y), in any order (drawn sorted by x).
    pub points: Vec<(f64, f64)>,
    /// Palette index ([`series_colour`]).
    pub colour: usize,
    /// How it is drawn.
    pub stroke: Stroke,
}

/// A line chart.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Lines {
    /// Name of the x axis.
    pub x_label: String,
    /// Name of the y axis (with its unit: "%", "ms").
    pub y_label: String,
    /// A logarithmic y axis (values ≤ 0 are left out).
    pub y_log: bool,
    /// The x range shown; `None`: the data's.
    pub x_range: Option<(f64, f64)>,
    /// The top of the y axis at least this high (e.g. 100 for percentages).
    pub y_min_top: f64,
    /// Labels under the x axis at given x values; empty: whole-number ticks.
    pub x_ticks: Vec<(f64, String)>,
    /// The series.
    pub series: Vec<Series>,
}

/// One series of a bar chart: a value per category.
#[derive(Clone, Debug, PartialEq)]
pub struct BarSeries {
    /// Legend entry.
    pub label: String,
    /// A value per category (missing ones are 0).
    pub values: Vec<f64>,
    /// Palette index.
    pub colour: usize,
}

/// A bar chart: categories along x, one bar per series in each.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Bars {
    /// Name of the y axis.
    pub y_label: String,
    /// Category names (partitions, keys…).
    pub categories: Vec<String>,
    /// The series.
    pub series: Vec<BarSeries>,
    /// A dashed horizontal reference (legend entry, value), e.g. the mean.
    pub reference: Option<(String, f64)>,
}

/// A heat map: one row per partition, one column per time step.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Heat {
    /// Name of the x axis.
    pub x_label: String,
    /// Row names, top to bottom.
    pub rows: Vec<String>,
    /// Values, `values[row][column]`.
    pub values: Vec<Vec<f64>>,
    /// Labels under given columns.
    pub col_labels: Vec<(usize, String)>,
    /// What a cell's number counts, for the legend ("writes per hour").
    pub unit: String,
}

/// The colour of series `i`: the lab's node palette (Okabe–Ito first).
pub fn series_colour(i: usize) -> Rgb {
    node_colour(i)
}

/// The marker of series `i`: shapes tell series apart without colour.
fn marker_of(i: usize) -> (Marker, bool) {
    [
        (Marker::Circle, true),
        (Marker::Square, true),
        (Marker::Triangle, false),
        (Marker::Diamond, false),
    ][i % 4]
}

/// The shade of a heat-map cell holding `t` (0–1) of the maximum: from the background
/// through the theme's blue to its text colour, so darker (light theme) or brighter (dark
/// theme) always means more. Exactly 0 stays close to the background.
pub fn heat_colour(theme: &ChartTheme, t: f64) -> Rgb {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    if t <= 0.0 {
        return theme.background.mix(theme.grid, 0.6);
    }
    let t = 0.12 + 0.88 * t;
    if t < 0.6 {
        theme.background.mix(theme.median, t / 0.6)
    } else {
        theme.median.mix(theme.text, (t - 0.6) / 0.4 * 0.75)
    }
}

/// Draws `chart` on `area`.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &Chart,
    theme: &ChartTheme,
) -> Result<(), ChartError> {
    match chart {
        Chart::Lines(c) => draw_lines(area, c, theme),
        Chart::Bars(c) => draw_bars(area, c, theme),
        Chart::Heat(c) => draw_heat(area, c, theme),
    }
}

fn finite(p: &(f64, f64)) -> bool {
    p.0.is_finite() && p.1.is_finite()
}

fn draw_lines<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    c: &Lines,
    theme: &ChartTheme,
) -> Result<(), ChartError> {
    let p = Painter::new(area, theme);
    p.clear()?;
    let s = p.s;
    let pts: Vec<Vec<(f64, f64)>> = c
        .series
        .iter()
        .map(|ser| {
            let mut v: Vec<(f64, f64)> = ser
                .points
                .iter()
                .copied()
                .filter(finite)
                .filter(|q| !c.y_log || q.1 > 0.0)
                .collect();
            partlab_core::order::sort_by_key_stable(&mut v, |q| {
                partlab_core::order::total_order_key(q.0)
            });
            v
        })
        .collect();
    let all = pts.iter().flatten();
    let (mut lo, mut hi) = c.x_range.unwrap_or_else(|| {
        all.clone()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), q| {
                (a.min(q.0), b.max(q.0))
            })
    });
    if !(lo.is_finite() && hi.is_finite()) {
        (lo, hi) = (0.0, 1.0);
    }
    if hi <= lo {
        hi = lo + 1.0;
    }
    let y_max = all
        .clone()
        .map(|q| q.1)
        .fold(0.0, f64::max)
        .max(c.y_min_top);
    let tick_count = ((p.h / s - 150.0) / 36.0).clamp(2.0, 8.0) as usize;
    let (y_lo, y_top, y_ticks) = if c.y_log {
        let y_min = all.clone().map(|q| q.1).fold(f64::INFINITY, f64::min);
        let lo_t = if y_min.is_finite() && y_min > 0.0 {
            10f64.powf(y_min.log10().floor())
        } else {
            1.0
        };
        let hi_t = 10f64.powf(y_max.max(lo_t * 10.0).log10().ceil());
        let ticks: Vec<f64> = log_ticks(lo_t, hi_t)
            .into_iter()
            .filter(|t| {
                let m = t / 10f64.powf(t.log10().floor());
                (m - 1.0).abs() < 1e-9
            })
            .collect();
        (lo_t, hi_t, ticks)
    } else {
        let (top, ticks) = linear_ticks((y_max * 1.04).max(1.0), tick_count);
        (0.0, top, ticks)
    };
    let legend: Vec<LegendItem> = c
        .series
        .iter()
        .enumerate()
        .map(|(i, ser)| {
            let colour = theme.mark(series_colour(ser.colour));
            let (shape, filled) = marker_of(i);
            LegendItem {
                swatch: match ser.stroke {
                    Stroke::Line => Swatch::Line(colour),
                    Stroke::Dashed => Swatch::Dashed(colour),
                    Stroke::Markers => Swatch::Marker {
                        shape,
                        colour,
                        filled,
                        line: false,
                    },
                    Stroke::LineMarkers => Swatch::Marker {
                        shape,
                        colour,
                        filled,
                        line: true,
                    },
                },
                label: ser.label.clone(),
            }
        })
        .collect();
    let layout = p.layout(Chrome {
        title: "",
        legend,
        x_label: &c.x_label,
        y_label: &c.y_label,
        y_tick_w: p.max_tick_w(y_ticks.iter().map(|&t| format_int(t, p.theme.lang))),
        below_axis: p.line_h(TICK) + 6.0 * s,
        right_pad: p.width(&format_int(hi, p.theme.lang), TICK) / 2.0,
    });
    p.chrome(&layout)?;
    if !layout.plot_fits(s) {
        return Ok(());
    }
    let plot = layout.plot;
    let pad = 6.0 * s;
    let x = Scale::linear(lo, hi, plot.left + pad, plot.right - pad);
    let y = if c.y_log {
        Scale::log(y_lo, y_top, plot.bottom, plot.top)
    } else {
        Scale::linear(0.0, y_top, plot.bottom, plot.top)
    };
    if c.y_log {
        for &t in &y_ticks {
            let py = y.px(t);
            p.line(&[(plot.left, py), (plot.right, py)], theme.grid, 1.0)?;
            p.text(
                &format_int(t, p.theme.lang),
                (plot.left - 6.0 * s, py),
                TICK,
                theme.text,
                HPos::Right,
                VPos::Center,
                false,
            )?;
        }
    } else {
        p.y_axis(&plot, &y, &y_ticks)?;
    }
    let candidates: Vec<(f64, String)> = if c.x_ticks.is_empty() {
        let max_labels = (plot.width() / (36.0 * s)).max(1.0) as usize;
        integer_ticks(lo.ceil(), hi.floor(), max_labels)
            .into_iter()
            .map(|v| (x.px(v), format_int(v, p.theme.lang)))
            .collect()
    } else {
        c.x_ticks
            .iter()
            .filter(|(v, _)| v.is_finite() && *v >= lo && *v <= hi)
            .map(|(v, l)| (x.px(*v), fit_end(l, p.px(TICK), 90.0 * s)))
            .collect()
    };
    let labels = pick_x_labels(&candidates, p.px(TICK), 6.0 * s, 0.0, p.w);
    let inside = |q: &(f64, f64)| q.0 >= lo && q.0 <= hi;
    for (i, (ser, v)) in c.series.iter().zip(&pts).enumerate() {
        let colour = theme.mark(series_colour(ser.colour));
        let line: Vec<(f64, f64)> = v
            .iter()
            .filter(|q| inside(q))
            .map(|q| (x.px(q.0), y.px(q.1.min(y_top))))
            .collect();
        match ser.stroke {
            Stroke::Line | Stroke::LineMarkers => p.line(&line, colour, 2.0)?,
            Stroke::Dashed => p.dashed(&line, colour, 2.0, 6.0, 4.0)?,
            Stroke::Markers => {}
        }
        if matches!(ser.stroke, Stroke::Markers | Stroke::LineMarkers) {
            let (shape, filled) = marker_of(i);
            let r = if line.len() > 80 { 2.5 } else { 4.0 };
            for &pt in &line {
                p.marker(shape, pt, r, colour, filled)?;
            }
        }
    }
    p.axes(&plot)?;
    p.x_labels(&plot, &labels)
}

fn draw_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    c: &Bars,
    theme: &ChartTheme,
) -> Result<(), ChartError> {
    let p = Painter::new(area, theme);
    p.clear()?;
    let s = p.s;
    let n = c.categories.len();
    let value = |v: &f64| if v.is_finite() { v.max(0.0) } else { 0.0 };
    let data_max = c
        .series
        .iter()
        .flat_map(|ser| ser.values.iter().map(value))
        .chain(c.reference.as_ref().map(|r| value(&r.1)))
        .fold(0.0, f64::max);
    let tick_count = ((p.h / s - 150.0) / 36.0).clamp(2.0, 8.0) as usize;
    let (top, ticks) = linear_ticks((data_max * 1.04).max(1.0), tick_count);
    let mut legend: Vec<LegendItem> = c
        .series
        .iter()
        .map(|ser| LegendItem {
            swatch: Swatch::Fill(theme.mark(series_colour(ser.colour))),
            label: ser.label.clone(),
        })
        .collect();
    if let Some((label, _)) = &c.reference {
        legend.push(LegendItem {
            swatch: Swatch::Dashed(theme.ideal),
            label: label.clone(),
        });
    }
    let layout = p.layout(Chrome {
        title: "",
        legend,
        x_label: "",
        y_label: &c.y_label,
        y_tick_w: p.max_tick_w(ticks.iter().map(|&t| format_int(t, p.theme.lang))),
        below_axis: p.line_h(TICK) + 6.0 * s,
        right_pad: 0.0,
    });
    p.chrome(&layout)?;
    if !layout.plot_fits(s) {
        return Ok(());
    }
    let plot = layout.plot;
    let y = Scale::linear(0.0, top, plot.bottom, plot.top);
    p.y_axis(&plot, &y, &ticks)?;
    if n > 0 {
        let slot = plot.width() / n as f64;
        let k = c.series.len().max(1) as f64;
        let group = if slot >= 6.0 * s { slot * 0.8 } else { slot };
        let bar_w = group / k;
        for (j, ser) in c.series.iter().enumerate() {
            let colour = theme.mark(series_colour(ser.colour));
            for (i, v) in ser.values.iter().take(n).enumerate() {
                let v = value(v);
                if v <= 0.0 {
                    continue;
                }
                let x0 = plot.left + slot * i as f64 + (slot - group) / 2.0 + bar_w * j as f64;
                let gap = if bar_w > 4.0 * s { 1.0 * s } else { 0.0 };
                p.rect((x0 + gap, y.px(v)), (x0 + bar_w - gap, plot.bottom), colour)?;
            }
        }
        if let Some((_, r)) = &c.reference {
            let ry = y.px(value(r));
            p.dashed(
                &[(plot.left, ry), (plot.right, ry)],
                theme.ideal,
                1.5,
                6.0,
                4.0,
            )?;
        }
        let px = p.px(TICK);
        let room = (slot - 4.0 * s).max(0.0);
        // Every category labelled when there is room; otherwise the first, the last and
        // evenly spaced ones (the table lists them all).
        let mut order: Vec<usize> = vec![0, n - 1];
        let mut step = n.next_power_of_two();
        while step > 1 {
            step /= 2;
            order.extend((0..n).step_by(step.max(1)));
        }
        let mut seen = vec![false; n];
        let candidates: Vec<(f64, String)> = order
            .into_iter()
            .filter(|&i| !std::mem::replace(&mut seen[i], true))
            .map(|i| {
                let label = fit_middle(&c.categories[i], px, room.max(24.0 * s));
                (plot.left + slot * (i as f64 + 0.5), label)
            })
            // A name cut to one or two characters says nothing: the table has it.
            .filter(|(_, l)| !(l.is_empty() || l.ends_with('…') && l.chars().count() < 5))
            .collect();
        let labels = pick_x_labels(&candidates, px, 4.0 * s, 0.0, p.w);
        p.x_labels(&plot, &labels)?;
    }
    p.axes(&plot)
}

fn draw_heat<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    c: &Heat,
    theme: &ChartTheme,
) -> Result<(), ChartError> {
    let p = Painter::new(area, theme);
    p.clear()?;
    let s = p.s;
    let rows = c.rows.len();
    let cols = c.values.iter().map(Vec::len).max().unwrap_or(0);
    let max = c
        .values
        .iter()
        .flatten()
        .copied()
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max);
    let px = p.px(TICK);
    let names: Vec<String> = c.rows.iter().map(|r| fit_end(r, px, 110.0 * s)).collect();
    let mut legend = vec![LegendItem {
        swatch: Swatch::Fill(heat_colour(theme, 0.0)),
        label: "0".to_owned(),
    }];
    if max > 0.0 {
        legend.push(LegendItem {
            swatch: Swatch::Fill(heat_colour(theme, 0.5)),
            label: format_int(max / 2.0, p.theme.lang),
        });
        legend.push(LegendItem {
            swatch: Swatch::Fill(heat_colour(theme, 1.0)),
            label: format!("{} {}", format_int(max, p.theme.lang), c.unit),
        });
    }
    let layout = p.layout(Chrome {
        title: "",
        legend,
        x_label: &c.x_label,
        y_label: "",
        y_tick_w: p.max_tick_w(names.iter().cloned()),
        below_axis: p.line_h(TICK) + 6.0 * s,
        right_pad: 0.0,
    });
    p.chrome(&layout)?;
    if !layout.plot_fits(s) || rows == 0 || cols == 0 {
        return p.axes(&layout.plot);
    }
    let plot = layout.plot;
    let cw = plot.width() / cols as f64;
    let rh = plot.height() / rows as f64;
    for (r, line) in c.values.iter().enumerate() {
        let y0 = plot.top + rh * r as f64;
        for (k, v) in line.iter().enumerate() {
            let t = if max > 0.0 && v.is_finite() {
                v / max
            } else {
                0.0
            };
            let x0 = plot.left + cw * k as f64;
            // Cells overlap by a pixel so no seam shows between them.
            p.rect(
                (x0, y0),
                (x0 + cw + 1.0, y0 + rh + 1.0),
                heat_colour(theme, t),
            )?;
        }
    }
    // Row names, one per row when they fit, else every k-th.
    let every = ((p.line_h(TICK) / rh).ceil() as usize).max(1);
    for (r, name) in names.iter().enumerate().step_by(every) {
        p.text(
            name,
            (plot.left - 6.0 * s, plot.top + rh * (r as f64 + 0.5)),
            TICK,
            theme.text,
            HPos::Right,
            VPos::Center,
            false,
        )?;
    }
    let candidates: Vec<(f64, String)> = c
        .col_labels
        .iter()
        .filter(|(k, _)| *k < cols)
        .map(|(k, l)| (plot.left + cw * (*k as f64 + 0.5), fit_end(l, px, 80.0 * s)))
        .collect();
    let labels = pick_x_labels(&candidates, px, 6.0 * s, 0.0, p.w);
    p.axes(&plot)?;
    p.x_labels(&plot, &labels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::{chart_theme, Theme};

    fn svg(chart: &Chart, w: u32, h: u32) -> String {
        let mut out = String::new();
        {
            let area = SVGBackend::with_string(&mut out, (w, h)).into_drawing_area();
            draw(&area, chart, &chart_theme(Theme::Light)).expect("draws");
            area.present().expect("presents");
        }
        out
    }

    fn lines() -> Chart {
        Chart::Lines(Lines {
            x_label: "n".into(),
            y_label: "%".into(),
            series: vec![
                Series {
                    label: "formula".into(),
                    points: (1..=20)
                        .map(|n| (f64::from(n), f64::from(n) * 2.0))
                        .collect(),
                    colour: 3,
                    stroke: Stroke::Dashed,
                },
                Series {
                    label: "simulated".into(),
                    points: vec![(1.0, 1.0), (f64::NAN, 2.0), (5.0, 11.0)],
                    colour: 4,
                    stroke: Stroke::Markers,
                },
            ],
            ..Lines::default()
        })
    }

    #[test]
    fn every_kind_draws_its_words_and_never_panics() {
        let l = svg(&lines(), 640, 400);
        assert!(l.contains("formula") && l.contains("simulated"));
        let b = Chart::Bars(Bars {
            y_label: "rows".into(),
            categories: (0..12).map(|i| format!("P{i}")).collect(),
            series: vec![BarSeries {
                label: "hash".into(),
                values: (0..12).map(|i| f64::from(i) * 100.0).collect(),
                colour: 0,
            }],
            reference: Some(("mean".into(), 550.0)),
        });
        let bs = svg(&b, 640, 400);
        assert!(bs.contains("P0") && bs.contains("P11") && bs.contains("mean"));
        let h = Chart::Heat(Heat {
            x_label: "hour".into(),
            rows: vec!["P0".into(), "P1".into()],
            values: vec![vec![0.0, 5.0, 10.0], vec![1.0, f64::NAN, 3.0]],
            col_labels: vec![(0, "Mon".into()), (2, "Wed".into())],
            unit: "writes".into(),
        });
        let hs = svg(&h, 640, 300);
        assert!(hs.contains("Mon") && hs.contains("10 writes"));
        // Degenerate inputs: empty, tiny area, log axis without positive values.
        for chart in [
            Chart::Lines(Lines::default()),
            Chart::Bars(Bars::default()),
            Chart::Heat(Heat::default()),
            Chart::Lines(Lines {
                y_log: true,
                series: vec![Series {
                    label: String::new(),
                    points: vec![(1.0, 0.0), (2.0, -3.0)],
                    colour: 0,
                    stroke: Stroke::Line,
                }],
                ..Lines::default()
            }),
        ] {
            svg(&chart, 640, 400);
            svg(&chart, 12, 9);
        }
        svg(&lines(), 12, 9);
    }

    #[test]
    fn heat_shades_grow_darker_with_the_value_in_the_light_theme() {
        let t = chart_theme(Theme::Light);
        let l: Vec<f64> = [0.0, 0.1, 0.5, 1.0]
            .iter()
            .map(|&v| heat_colour(&t, v).luminance())
            .collect();
        assert!(l.windows(2).all(|w| w[1] < w[0]), "{l:?}");
        let d = chart_theme(Theme::Dark);
        let l: Vec<f64> = [0.1, 0.5, 1.0]
            .iter()
            .map(|&v| heat_colour(&d, v).luminance())
            .collect();
        assert!(l.windows(2).all(|w| w[1] > w[0]), "{l:?}");
    }
}
