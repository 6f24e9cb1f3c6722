//! Keys per node: one bar per node in its colour, the ideal share as a dashed line and, when
//! the weights differ, each node's weighted expectation as a marker.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::axis::{linear_ticks, Scale};
use super::paint::{pick_x_labels, Chrome, Frame, LegendItem, Painter, Swatch, TICK};
use super::text::fit_middle;
use super::{BarsText, ChartError};
use crate::palette::{node_colour, ChartTheme, Rgb};
use partlab_core::Distribution;

/// One row of the keys-per-node table (the chart's text alternative). Numbers are left to
/// the caller to format in the page's language.
#[derive(Clone, Debug, PartialEq)]
pub struct KeysRow {
    /// The node's full name (not shortened: the table has room).
    pub name: String,
    /// Keys it holds.
    pub keys: u64,
    /// Its share of all keys, in %.
    pub share_pct: f64,
    /// Keys it should hold by its expected share (weighted where the strategy uses weights).
    pub expected_keys: f64,
    /// Its expected share, in %.
    pub expected_pct: f64,
}

/// The table rows of [`draw_keys_per_node`], one per node in configuration order.
pub fn keys_rows(dist: &Distribution) -> Vec<KeysRow> {
    dist.nodes
        .iter()
        .map(|n| KeysRow {
            name: n.name.clone(),
            keys: n.keys,
            share_pct: n.share * 100.0,
            expected_keys: n.expected_share * dist.total as f64,
            expected_pct: n.expected_share * 100.0,
        })
        .collect()
}

/// Whether the expected shares differ (weights matter): only then are markers drawn.
pub(crate) fn weighted(dist: &Distribution) -> bool {
    let mut shares = dist
        .nodes
        .iter()
        .map(|n| n.expected_share)
        .filter(|s| s.is_finite());
    match shares.next() {
        None => false,
        Some(first) => shares.any(|s| (s - first).abs() > 1e-9),
    }
}

/// What the still part of the keys-per-node chart (background, legend, y axis with its
/// grid and labels, node names) depends on. Two distributions with equal axes share that
/// part: a page can keep it drawn and paint only the bars over it ([`draw_keys_layer`],
/// [`draw_keys_bars`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BarsAxes {
    top: f64,
    ticks: Vec<f64>,
    weighted: bool,
    names: Vec<String>,
    size: (f64, f64, f64),
}

impl BarsAxes {
    /// Whether the expected shares differ, so the chart marks each node's weighted share
    /// beside the equal share.
    pub fn weighted(&self) -> bool {
        self.weighted
    }
}

/// The axes [`draw_keys_per_node`] would use for `dist` on `area`.
pub fn bars_axes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    dist: &Distribution,
    theme: &ChartTheme,
) -> BarsAxes {
    let p = Painter::new(area, theme);
    let n = dist.nodes.len();
    let total = dist.total as f64;
    let ideal = if n > 0 { total / n as f64 } else { 0.0 };
    let weighted = weighted(dist);
    let data_max = dist
        .nodes
        .iter()
        .map(|node| node.keys as f64)
        .chain(std::iter::once(ideal))
        .chain(
            dist.nodes
                .iter()
                .map(|node| node.expected_share * total)
                .filter(|_| weighted),
        )
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max);
    let tick_count = ((p.h / p.s - 150.0) / 36.0).clamp(2.0, 8.0) as usize;
    let (top, ticks) = linear_ticks(data_max * 1.04, tick_count);
    BarsAxes {
        top,
        ticks,
        weighted,
        names: dist.nodes.iter().map(|n| n.name.clone()).collect(),
        size: (p.w, p.h, p.s),
    }
}

/// Where the plot of a drawn keys-per-node layer is, for [`draw_keys_bars`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BarsPlot {
    plot: Frame,
    y: Scale,
}

/// Draws the keys held by each node of `dist` as bars.
///
/// - One bar per node, in the colour `colours[i]` (the page keeps a node's colour when
///   others leave; missing entries fall back to [`node_colour`]`(i)`), named under the axis (names are shortened
///   in the middle to fit, turned upright when the bars are narrow, and every k-th shown
///   when even that does not fit; the table has all of them).
/// - A dashed horizontal line at the ideal total / N.
/// - When the expected shares differ (weighted ring or rendezvous), a short thick mark across
///   each bar at `expected_share × total`, and its legend entry.
///
/// No nodes: title and an empty axis only. The same as [`draw_keys_layer`] followed by
/// [`draw_keys_bars`].
pub fn draw_keys_per_node<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    dist: &Distribution,
    colours: &[Rgb],
    text: &BarsText,
    theme: &ChartTheme,
) -> Result<(), ChartError> {
    let axes = bars_axes(area, dist, theme);
    if let Some(plot) = draw_keys_layer(area, dist, &axes, text, theme)? {
        draw_keys_bars(area, &plot, dist, colours, theme)?;
    }
    Ok(())
}

/// Draws the still part of the chart (see [`BarsAxes`]): background, legend, y axis, grid,
/// names. `None` when the area is too small for a plot.
pub fn draw_keys_layer<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    dist: &Distribution,
    axes: &BarsAxes,
    text: &BarsText,
    theme: &ChartTheme,
) -> Result<Option<BarsPlot>, ChartError> {
    let p = Painter::cleared(area, theme)?;
    let s = p.s;
    let n = dist.nodes.len();
    let (top, ticks, weighted) = (axes.top, &axes.ticks, axes.weighted);
    let y_tick_w = p.int_tick_w(ticks);

    let mut legend = Vec::new();
    if n > 0 {
        legend.push(LegendItem {
            swatch: Swatch::Dashed(theme.ideal),
            label: text.ideal_label.clone(),
        });
        if weighted {
            legend.push(LegendItem {
                swatch: Swatch::Tick(theme.text),
                label: text.expected_label.clone(),
            });
        }
    }
    let chrome = |below_axis: f64| Chrome {
        title: &text.title,
        legend: legend.clone(),
        x_label: "",
        y_label: &text.y_label,
        y_tick_w,
        below_axis,
        right_pad: 0.0,
    };

    // First pass: the plot width decides how names fit, which decides the room under it.
    let first = p.layout(chrome(p.line_h(TICK) + 6.0 * s));
    let slot = if n > 0 {
        first.plot.width() / n as f64
    } else {
        0.0
    };
    let names = NameLayout::choose(&p, dist, slot, first.plot.height());
    let layout = p.layout(chrome(names.room(&p)));
    let Some(plot) = p.framed(&layout)? else {
        return Ok(None);
    };
    let y = Scale::linear(0.0, top, plot.bottom, plot.top);
    p.y_axis(&plot, &y, ticks)?;
    if n > 0 {
        names.draw(&p, dist, &plot, plot.width() / n as f64)?;
    }
    Ok(Some(BarsPlot { plot, y }))
}

/// Draws what moves over a layer drawn by [`draw_keys_layer`]: the bars, the weighted
/// expectations, the ideal line and the axis lines.
pub fn draw_keys_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plot: &BarsPlot,
    dist: &Distribution,
    colours: &[Rgb],
    theme: &ChartTheme,
) -> Result<(), ChartError> {
    let p = Painter::new(area, theme);
    let s = p.s;
    let (plot, y) = (plot.plot, plot.y);
    let n = dist.nodes.len();
    if n > 0 {
        let total = dist.total as f64;
        let ideal = total / n as f64;
        let slot = plot.width() / n as f64;
        let bar_w = if slot >= 6.0 * s {
            slot * 0.72
        } else if slot >= 2.0 {
            slot - 1.0
        } else {
            slot
        };
        let centre = |i: usize| plot.left + slot * (i as f64 + 0.5);
        for (i, node) in dist.nodes.iter().enumerate() {
            if node.keys == 0 {
                continue;
            }
            let cx = centre(i);
            p.rect(
                (cx - bar_w / 2.0, y.px(node.keys as f64)),
                (cx + bar_w / 2.0, plot.bottom),
                theme.mark(colours.get(i).copied().unwrap_or_else(|| node_colour(i))),
            )?;
        }
        if weighted(dist) {
            for (i, node) in dist.nodes.iter().enumerate() {
                let e = node.expected_share * total;
                if !e.is_finite() {
                    continue;
                }
                let half = (slot * 0.45).max(1.5 * s);
                let (cx, ey) = (centre(i), y.px(e));
                let pts = [(cx - half, ey), (cx + half, ey)];
                p.line(&pts, theme.background, 5.0)?;
                p.line(&pts, theme.text, 2.5)?;
            }
        }
        let iy = y.px(ideal);
        p.dashed(
            &[(plot.left, iy), (plot.right, iy)],
            theme.ideal,
            1.5,
            6.0,
            4.0,
        )?;
    }
    p.axes(&plot)
}

/// How node names go under the bars.
struct NameLayout {
    /// Upright (reading upwards) instead of horizontal.
    upright: bool,
    /// Longest label, in pixels (upright: the room under the axis).
    length: f64,
    /// Every `every`-th name is drawn.
    every: usize,
}

impl NameLayout {
    fn choose<DB: DrawingBackend>(
        p: &Painter<'_, DB>,
        dist: &Distribution,
        slot: f64,
        plot_h: f64,
    ) -> NameLayout {
        let s = p.s;
        let widest = dist
            .nodes
            .iter()
            .map(|node| p.width(&super::text::sanitize(&node.name), TICK))
            .fold(0.0, f64::max);
        let room = slot - 6.0 * s;
        // Horizontal when every name fits whole, or when at least ~7 characters fit.
        if widest <= room || room >= 48.0 * s {
            return NameLayout {
                upright: false,
                length: room,
                every: 1,
            };
        }
        let length = widest
            .min(110.0 * s)
            .min((plot_h * 0.45).max(36.0 * s))
            .max(0.0);
        let line = p.line_h(TICK);
        let every = if slot > 0.0 {
            (line / slot).ceil().max(1.0) as usize
        } else {
            1
        };
        NameLayout {
            upright: true,
            length,
            every,
        }
    }

    fn room<DB: DrawingBackend>(&self, p: &Painter<'_, DB>) -> f64 {
        if self.upright {
            self.length + 8.0 * p.s
        } else {
            p.line_h(TICK) + 6.0 * p.s
        }
    }

    fn draw<DB: DrawingBackend>(
        &self,
        p: &Painter<'_, DB>,
        dist: &Distribution,
        plot: &super::paint::Frame,
        slot: f64,
    ) -> Result<(), ChartError> {
        let s = p.s;
        let px = p.px(TICK);
        if self.upright {
            for (i, node) in dist.nodes.iter().enumerate().step_by(self.every) {
                let label = fit_middle(&node.name, px, self.length);
                let x = plot.left + slot * (i as f64 + 0.5);
                p.text(
                    &label,
                    (x, plot.bottom + 6.0 * s),
                    TICK,
                    p.theme.text,
                    HPos::Right,
                    VPos::Center,
                    true,
                )?;
            }
            return Ok(());
        }
        let candidates: Vec<(f64, String)> = dist
            .nodes
            .iter()
            .enumerate()
            .map(|(i, node)| {
                let room = (slot - 6.0 * s).max(0.0);
                (
                    plot.left + slot * (i as f64 + 0.5),
                    fit_middle(&node.name, px, room),
                )
            })
            .filter(|(_, l)| !l.is_empty())
            .collect();
        let labels = pick_x_labels(&candidates, px, 4.0 * s, 0.0, p.w);
        p.x_labels(plot, &labels)
    }
}

impl BarsPlot {
    /// The bar (node index, of `n` nodes) whose slot holds `x`, in the backend's pixels:
    /// the same slots [`draw_keys_bars`] centres the bars in; `None` outside the plot.
    pub fn bar_at(&self, x: f64, n: usize) -> Option<usize> {
        let (left, right) = (self.plot.left, self.plot.right);
        if n == 0 || !x.is_finite() || x < left || x > right || right <= left {
            return None;
        }
        let slot = (right - left) / n as f64;
        Some((((x - left) / slot).floor() as usize).min(n - 1))
    }

    /// The plot's left and right edges, in the backend's pixels.
    pub fn x_span(&self) -> (f64, f64) {
        (self.plot.left, self.plot.right)
    }

    /// Where the centre of bar `i` (of `n`) is, in the backend's pixels.
    pub fn bar_centre(&self, i: usize, n: usize) -> f64 {
        let slot = self.plot.width() / n.max(1) as f64;
        self.plot.left + slot * (i as f64 + 0.5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use partlab_core::stats::NodeLoad;

    fn dist(shares: &[(u64, f64)]) -> Distribution {
        let total = shares.iter().map(|s| s.0).sum::<u64>();
        Distribution {
            nodes: shares
                .iter()
                .enumerate()
                .map(|(i, &(keys, expected_share))| NodeLoad {
                    name: format!("n{i}"),
                    keys,
                    share: keys as f64 / total as f64,
                    expected_share,
                })
                .collect(),
            total,
            deviation_pct: 0.0,
            peak_to_mean: 0.0,
            busiest_to_mean: 0.0,
            peak_to_share: 0.0,
            max_share_error_pct: 0.0,
        }
    }

    /// The hit test's slots are the slots the bars are centred in.
    #[test]
    fn bar_at_finds_the_bar_drawn_at_x() {
        let plot = BarsPlot {
            plot: Frame {
                left: 100.0,
                top: 0.0,
                right: 400.0,
                bottom: 200.0,
            },
            y: Scale::linear(0.0, 1.0, 200.0, 0.0),
        };
        for i in 0..3 {
            assert_eq!(plot.bar_at(plot.bar_centre(i, 3), 3), Some(i));
        }
        assert_eq!(plot.bar_at(199.9, 3), Some(0));
        assert_eq!(plot.bar_at(200.1, 3), Some(1));
        assert_eq!(plot.bar_at(400.0, 3), Some(2));
        assert_eq!(plot.bar_at(99.0, 3), None);
        assert_eq!(plot.bar_at(401.0, 3), None);
        assert_eq!(plot.bar_at(f64::NAN, 3), None);
        assert_eq!(plot.bar_at(200.0, 0), None);
    }

    #[test]
    fn markers_only_when_weights_differ() {
        assert!(!weighted(&dist(&[(10, 0.5), (12, 0.5)])));
        assert!(weighted(&dist(&[(10, 2.0 / 3.0), (12, 1.0 / 3.0)])));
        assert!(!weighted(&dist(&[])));
    }

    #[test]
    fn rows_carry_percentages_and_expected_keys() {
        let rows = keys_rows(&dist(&[(30, 0.5), (10, 0.5)]));
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].name, "n0");
        assert_eq!(rows[0].keys, 30);
        assert!((rows[0].share_pct - 75.0).abs() < 1e-9);
        assert!((rows[1].expected_keys - 20.0).abs() < 1e-9);
        assert!((rows[1].expected_pct - 50.0).abs() < 1e-9);
    }
}
