//! Keys moved against cluster size: one line per strategy and the ideal, dashed.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{format_int, integer_ticks, linear_ticks, Scale};
use super::paint::{pick_x_labels, Chrome, LegendItem, Marker, Painter, Swatch, TICK};
use super::{ChartError, MovementText};
use crate::palette::{strategy_colour, ChartTheme};
use partlab_core::sweep::MovementPoint;
use partlab_core::Strategy;

/// Marker of each strategy, in [`Strategy::LESSON`] order, and whether it is filled: shapes
/// tell the strategies apart without colour, hollow ones show what they overlap.
const MARKERS: [(Marker, bool); 4] = [
    (Marker::Circle, true),
    (Marker::Square, true),
    (Marker::Triangle, false),
    (Marker::Diamond, false),
];

/// Horizontal nudge of each strategy's markers, in units of the dodge distance: ring,
/// rendezvous and jump all move about 1/(N+1) of the keys, so side by side their markers
/// would hide each other.
const DODGE: [f64; 4] = [0.0, -1.0, 0.0, 1.0];

/// Where the plot of a drawn movement chart is, for a readout's hit test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MovementPlot {
    x: Scale,
}

impl MovementPlot {
    /// Where the points for `nodes_before` nodes sit across the plot, in the backend's
    /// pixels (the undodged x of every strategy's marker, and the ideal's).
    pub fn x_px(&self, nodes_before: usize) -> f64 {
        self.x.px(nodes_before as f64)
    }
}

/// One row of the movement table (the chart's text alternative), fractions in %.
#[derive(Clone, Debug, PartialEq)]
pub struct MovementRow {
    /// Nodes before the change.
    pub nodes_before: usize,
    /// Nodes after the change.
    pub nodes_after: usize,
    /// The least any strategy must move, in %.
    pub ideal_pct: f64,
    /// Keys moved by each strategy in [`Strategy::LESSON`] order, in % (`None` if the point
    /// lacks that strategy).
    pub moved_pct: [Option<f64>; 4],
}

fn moved_pct(p: &MovementPoint, s: Strategy) -> Option<f64> {
    p.moved
        .iter()
        .find(|m| m.strategy == s)
        .map(|m| m.moved_fraction * 100.0)
        .filter(|v| v.is_finite())
}

/// The table rows of [`draw_movement`]: one per point, by increasing cluster size.
pub fn movement_rows(points: &[MovementPoint]) -> Vec<MovementRow> {
    let mut rows: Vec<MovementRow> = points
        .iter()
        .map(|p| MovementRow {
            nodes_before: p.nodes_before,
            nodes_after: p.nodes_after,
            ideal_pct: p.ideal_fraction * 100.0,
            moved_pct: Strategy::LESSON.map(|s| moved_pct(p, s)),
        })
        .collect();
    partlab_core::order::sort_by_key_stable(&mut rows, |r| r.nodes_before as u64);
    rows
}

/// Draws the movement sweep `points` (in any order, possibly partial or empty).
///
/// - x: nodes before the change (whole numbers), y: keys moved in %, 0 to 100.
/// - One line with markers per strategy in [`strategy_colour`]; each strategy also has its
///   own marker shape (circle, square, triangle, diamond in [`Strategy::LESSON`] order), and
///   the three that stay near the ideal are nudged apart horizontally when there is room.
/// - The ideal fraction (1/(N+1) for a join) as a dashed line.
/// - The legend (above the plot) only once there is a point; empty labels are left out.
///
/// Returns where the plot is (`None` when the area is too small for one).
pub fn draw_movement<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[MovementPoint],
    text: &MovementText,
    theme: &ChartTheme,
) -> Result<Option<MovementPlot>, ChartError> {
    let p = Painter::cleared(area, theme)?;
    let s = p.s;
    let mut pts: Vec<&MovementPoint> = points.iter().collect();
    partlab_core::order::sort_by_key_stable(&mut pts, |q| q.nodes_before as u64);

    let (mut lo, mut hi) = match (pts.first(), pts.last()) {
        (Some(a), Some(b)) => (a.nodes_before as f64, b.nodes_before as f64),
        _ => (1.0, 10.0),
    };
    if hi - lo < 4.0 {
        hi = lo + 4.0;
    }
    lo = lo.max(0.0);
    let tick_count = ((p.h / s - 150.0) / 36.0).clamp(2.0, 6.0) as usize;
    let (top, y_ticks) = linear_ticks(100.0, tick_count);

    let mut legend: Vec<LegendItem> = Vec::new();
    if !pts.is_empty() {
        legend = Strategy::LESSON
            .iter()
            .zip(&text.strategy_labels)
            .zip(MARKERS)
            .map(|((&st, label), (shape, filled))| LegendItem {
                swatch: Swatch::Marker {
                    shape,
                    colour: theme.mark(strategy_colour(st)),
                    filled,
                    line: true,
                },
                label: label.clone(),
            })
            .collect();
        legend.push(LegendItem {
            swatch: Swatch::Dashed(theme.ideal),
            label: text.ideal_label.clone(),
        });
    }
    let layout = p.layout(Chrome {
        title: &text.title,
        legend,
        x_label: &text.x_label,
        y_label: &text.y_label,
        y_tick_w: p.int_tick_w(&y_ticks),
        below_axis: p.line_h(TICK) + 6.0 * s,
        right_pad: 0.0,
    });
    let Some(plot) = p.framed(&layout)? else {
        return Ok(None);
    };
    let pad = 12.0 * s;
    let x = Scale::linear(lo, hi, plot.left + pad, plot.right - pad);
    let y = Scale::linear(0.0, top, plot.bottom, plot.top);

    p.y_axis(&plot, &y, &y_ticks)?;
    let max_labels = (plot.width() / (32.0 * s)).max(1.0) as usize;
    let candidates: Vec<(f64, String)> = integer_ticks(lo, hi, max_labels)
        .into_iter()
        .map(|v| (x.px(v), format_int(v, p.theme.lang)))
        .collect();
    let labels = pick_x_labels(&candidates, p.px(TICK), 6.0 * s, 0.0, p.w);

    let unit_px = (x.px(lo + 1.0) - x.px(lo)).abs();
    let dodge = (unit_px * 0.18).min(5.0 * s);
    let mut lines = Vec::with_capacity(Strategy::LESSON.len());
    for (k, st) in Strategy::LESSON.into_iter().enumerate() {
        let colour = theme.mark(strategy_colour(st));
        let (shape, filled) = MARKERS[k];
        let line: Vec<(f64, f64)> = pts
            .iter()
            .filter_map(|q| {
                moved_pct(q, st).map(|m| (x.px(q.nodes_before as f64) + DODGE[k] * dodge, y.px(m)))
            })
            .collect();
        p.line(&line, colour, 2.0)?;
        lines.push((line, shape, colour, filled));
    }
    // The ideal goes over the lines (the three good strategies run along it) and under
    // the markers.
    let ideal: Vec<(f64, f64)> = pts
        .iter()
        .filter(|q| q.ideal_fraction.is_finite())
        .map(|q| (x.px(q.nodes_before as f64), y.px(q.ideal_fraction * 100.0)))
        .collect();
    if ideal.len() == 1 {
        let (cx, cy) = ideal[0];
        p.dashed(
            &[(cx - 10.0 * s, cy), (cx + 10.0 * s, cy)],
            theme.ideal,
            2.0,
            5.0,
            3.0,
        )?;
    } else {
        p.dashed(&ideal, theme.ideal, 2.0, 6.0, 4.0)?;
    }

    for (line, shape, colour, filled) in &lines {
        for &pt in line {
            p.marker(*shape, pt, 4.0, *colour, *filled)?;
        }
    }

    p.axes(&plot)?;
    p.x_labels(&plot, &labels)?;
    Ok(Some(MovementPlot { x }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use partlab_core::sweep::StrategyMoved;

    fn point(n: usize, fractions: &[(Strategy, f64)]) -> MovementPoint {
        MovementPoint {
            nodes_before: n,
            nodes_after: n + 1,
            ideal_fraction: 1.0 / (n as f64 + 1.0),
            moved: fractions
                .iter()
                .map(|&(strategy, moved_fraction)| StrategyMoved {
                    strategy,
                    moved_fraction,
                    ideal_fraction: 1.0 / (n as f64 + 1.0),
                })
                .collect(),
        }
    }

    #[test]
    fn rows_sort_by_size_and_follow_strategy_order() {
        let rows = movement_rows(&[
            point(5, &[(Strategy::Jump, 0.2), (Strategy::Modulo, 0.8)]),
            point(4, &[(Strategy::Ring, 0.19)]),
        ]);
        assert_eq!(rows[0].nodes_before, 4);
        assert_eq!(rows[0].moved_pct, [None, Some(19.0), None, None]);
        assert_eq!(rows[1].moved_pct[0], Some(80.0));
        assert_eq!(rows[1].moved_pct[3], Some(20.0));
        assert!((rows[1].ideal_pct - 100.0 / 6.0).abs() < 1e-9);
    }
}
