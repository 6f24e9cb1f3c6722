//! What the three charts share: fonts and sizes, the layout around the plot (title, legend,
//! axis labels), and drawing primitives in pixel coordinates of the chart's area.
//!
//! Everything is drawn with plotters elements on the caller's `DrawingArea`, in its own
//! pixels (so a sub-area of a larger canvas works), and nothing asks the backend to measure
//! text (see [`super::text`]).

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::format_int;
use super::text::{fit_end, text_width, wrap};
use super::ChartError;
use crate::palette::{ChartTheme, Rgb};

/// A font: size in CSS pixels and weight.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Font {
    size: f64,
    bold: bool,
}

impl Font {
    /// A regular font of `size` CSS pixels.
    const fn regular(size: f64) -> Font {
        Font { size, bold: false }
    }
}

/// The chart title.
pub(crate) const TITLE: Font = Font {
    size: 15.0,
    bold: true,
};
/// Axis names.
pub(crate) const LABEL: Font = Font::regular(13.0);
/// Tick labels and node names.
pub(crate) const TICK: Font = Font::regular(12.0);
/// Legend entries.
pub(crate) const LEGEND: Font = Font::regular(12.0);

/// Bold glyphs are wider; the estimate allows for it.
const BOLD_WIDTH: f64 = 1.12;

/// A marker shape; the movement chart gives each strategy its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
}

/// How a legend entry is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Swatch {
    /// A filled box (bars, the band).
    Fill(Rgb),
    /// A solid line.
    Line(Rgb),
    /// A dashed line (reference lines).
    Dashed(Rgb),
    /// A short thick bar (the expected-share marker of the bar chart).
    Tick(Rgb),
    /// A marker, filled or hollow, optionally on a solid line.
    Marker {
        shape: Marker,
        colour: Rgb,
        filled: bool,
        line: bool,
    },
}

/// One legend entry.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LegendItem {
    pub(crate) swatch: Swatch,
    pub(crate) label: String,
}

/// A rectangle in area pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Frame {
    pub(crate) left: f64,
    pub(crate) top: f64,
    pub(crate) right: f64,
    pub(crate) bottom: f64,
}

impl Frame {
    pub(crate) fn width(&self) -> f64 {
        self.right - self.left
    }
    pub(crate) fn height(&self) -> f64 {
        self.bottom - self.top
    }
}

/// What surrounds a plot; [`Painter::layout`] places it.
pub(crate) struct Chrome<'t> {
    pub(crate) title: &'t str,
    pub(crate) legend: Vec<LegendItem>,
    pub(crate) x_label: &'t str,
    pub(crate) y_label: &'t str,
    /// Width of the widest y tick label, in pixels.
    pub(crate) y_tick_w: f64,
    /// Room under the x axis for tick labels or names, in pixels.
    pub(crate) below_axis: f64,
    /// Room right of the plot (half of the last x tick label), in pixels.
    pub(crate) right_pad: f64,
}

/// Where everything goes, in area pixels.
pub(crate) struct Layout {
    /// Margin around everything, in pixels.
    m: f64,
    title: Vec<(String, f64)>,
    legend: Vec<(LegendItem, f64, f64)>,
    /// The plot rectangle: axes on its left and bottom edges.
    pub(crate) plot: Frame,
    x_label: Option<(String, f64, f64)>,
    y_label: Option<(String, f64, f64)>,
}

impl Layout {
    /// Whether the plot is big enough to draw anything in.
    pub(crate) fn plot_fits(&self, s: f64) -> bool {
        self.plot.width() >= 40.0 * s && self.plot.height() >= 30.0 * s
    }
}

/// Packs legend entries of the given widths into rows no wider than `max_w`:
/// the index of the first entry of each row.
pub(crate) fn legend_rows(widths: &[f64], gap: f64, max_w: f64) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut x = 0.0;
    for (i, &w) in widths.iter().enumerate() {
        if i == 0 || x + gap + w > max_w {
            starts.push(i);
            x = w;
        } else {
            x += gap + w;
        }
    }
    starts
}

/// From `candidates` (pixel x, label) in priority order, those whose labels, `px` pixels
/// high, fit between `min_x` and `max_x` without coming closer than `gap` to a label already
/// chosen. Returned in the order of x.
pub(crate) fn pick_x_labels(
    candidates: &[(f64, String)],
    px: f64,
    gap: f64,
    min_x: f64,
    max_x: f64,
) -> Vec<(f64, String)> {
    let mut chosen: Vec<(f64, f64, f64, String)> = Vec::new();
    for (x, label) in candidates {
        let half = text_width(label, px) / 2.0;
        let (a, b) = (x - half, x + half);
        if !x.is_finite() || a < min_x || b > max_x {
            continue;
        }
        if chosen
            .iter()
            .any(|(ca, cb, _, _)| a < cb + gap && b > ca - gap)
        {
            continue;
        }
        chosen.push((a, b, *x, label.clone()));
    }
    partlab_core::order::sort_by_key_stable(&mut chosen, |c| {
        partlab_core::order::total_order_key(c.2)
    });
    chosen.into_iter().map(|(_, _, x, l)| (x, l)).collect()
}

/// Draws on one chart area with one theme.
pub(crate) struct Painter<'a, DB: DrawingBackend> {
    area: &'a DrawingArea<DB, Shift>,
    pub(crate) theme: &'a ChartTheme,
    /// Device pixels per CSS pixel.
    pub(crate) s: f64,
    /// Area size in pixels.
    pub(crate) w: f64,
    pub(crate) h: f64,
}

fn colour(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

fn to_px(p: (f64, f64)) -> (i32, i32) {
    let c = |v: f64| {
        if v.is_finite() {
            v.round().clamp(-1e6, 1e6) as i32
        } else {
            0
        }
    };
    (c(p.0), c(p.1))
}

impl<'a, DB: DrawingBackend> Painter<'a, DB> {
    /// A painter for `area`; the scale comes from the theme (1 when unset or absurd).
    pub(crate) fn new(area: &'a DrawingArea<DB, Shift>, theme: &'a ChartTheme) -> Self {
        let s = if theme.scale.is_finite() && theme.scale > 0.0 {
            theme.scale.clamp(0.5, 8.0)
        } else {
            1.0
        };
        let (w, h) = area.dim_in_pixel();
        Painter {
            area,
            theme,
            s,
            w: f64::from(w),
            h: f64::from(h),
        }
    }

    /// A painter for `area`, filled with the background: where a whole chart starts.
    pub(crate) fn cleared(
        area: &'a DrawingArea<DB, Shift>,
        theme: &'a ChartTheme,
    ) -> Result<Self, ChartError> {
        let p = Painter::new(area, theme);
        p.clear()?;
        Ok(p)
    }

    /// The font's size in pixels.
    pub(crate) fn px(&self, font: Font) -> f64 {
        font.size * self.s
    }

    /// Height of one line of `font`, in pixels.
    pub(crate) fn line_h(&self, font: Font) -> f64 {
        (font.size * 1.3 * self.s).ceil()
    }

    /// Estimated width of `text` in `font`, in pixels.
    pub(crate) fn width(&self, text: &str, font: Font) -> f64 {
        let w = text_width(text, self.px(font));
        if font.bold {
            w * BOLD_WIDTH
        } else {
            w
        }
    }

    /// Axis lines: the text colour, softened.
    pub(crate) fn axis_colour(&self) -> Rgb {
        self.theme.text.mix(self.theme.background, 0.35)
    }

    fn stroke(&self, c: Rgb, width: f64) -> ShapeStyle {
        let w = (width * self.s).round().max(1.0) as u32;
        colour(c).stroke_width(w)
    }

    /// Fills the area with the background.
    pub(crate) fn clear(&self) -> Result<(), ChartError> {
        self.area.fill(&colour(self.theme.background))?;
        Ok(())
    }

    /// One line of text at `pos`, anchored by `h`/`v`; `rotate` turns it to read upwards.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn text(
        &self,
        text: &str,
        pos: (f64, f64),
        font: Font,
        c: Rgb,
        h: HPos,
        v: VPos,
        rotate: bool,
    ) -> Result<(), ChartError> {
        if text.is_empty() {
            return Ok(());
        }
        let style = if font.bold {
            FontStyle::Bold
        } else {
            FontStyle::Normal
        };
        let fill = colour(c);
        let mut ts = TextStyle::from(FontDesc::new(FontFamily::SansSerif, self.px(font), style))
            .color(&fill)
            .pos(Pos::new(h, v));
        if rotate {
            ts = ts.transform(FontTransform::Rotate270);
        }
        self.area.draw(&Text::new(text, to_px(pos), ts))?;
        Ok(())
    }

    /// A solid polyline, `width` in CSS pixels.
    pub(crate) fn line(&self, pts: &[(f64, f64)], c: Rgb, width: f64) -> Result<(), ChartError> {
        if pts.len() < 2 {
            return Ok(());
        }
        let pts: Vec<(i32, i32)> = pts.iter().map(|&p| to_px(p)).collect();
        self.area
            .draw(&PathElement::new(pts, self.stroke(c, width)))?;
        Ok(())
    }

    /// A dashed polyline; dash and gap in CSS pixels.
    pub(crate) fn dashed(
        &self,
        pts: &[(f64, f64)],
        c: Rgb,
        width: f64,
        dash: f64,
        gap: f64,
    ) -> Result<(), ChartError> {
        if pts.len() < 2 {
            return Ok(());
        }
        let pts: Vec<(i32, i32)> = pts.iter().map(|&p| to_px(p)).collect();
        let dash = (dash * self.s).round().max(1.0) as i32;
        let gap = (gap * self.s).round().max(1.0) as i32;
        self.area.draw(&DashedPathElement::new(
            pts,
            dash,
            gap,
            self.stroke(c, width),
        ))?;
        Ok(())
    }

    /// A filled rectangle between two corners.
    pub(crate) fn rect(&self, a: (f64, f64), b: (f64, f64), c: Rgb) -> Result<(), ChartError> {
        self.area
            .draw(&Rectangle::new([to_px(a), to_px(b)], colour(c).filled()))?;
        Ok(())
    }

    /// A filled polygon.
    pub(crate) fn polygon(&self, pts: &[(f64, f64)], c: Rgb) -> Result<(), ChartError> {
        if pts.len() < 3 {
            return Ok(());
        }
        let pts: Vec<(i32, i32)> = pts.iter().map(|&p| to_px(p)).collect();
        self.area.draw(&Polygon::new(pts, colour(c).filled()))?;
        Ok(())
    }

    /// A marker centred on `p`, `r` CSS pixels from centre to edge. A hollow marker is
    /// filled with the background so lines under it do not show through.
    pub(crate) fn marker(
        &self,
        shape: Marker,
        p: (f64, f64),
        r: f64,
        c: Rgb,
        filled: bool,
    ) -> Result<(), ChartError> {
        let r = r * self.s;
        let (x, y) = p;
        let outline: Vec<(f64, f64)> = match shape {
            Marker::Circle => {
                let (cx, cy) = to_px(p);
                let rr = r.round().max(1.0) as i32;
                let bg = colour(self.theme.background).filled();
                if filled {
                    self.area
                        .draw(&Circle::new((cx, cy), rr, colour(c).filled()))?;
                } else {
                    self.area.draw(&Circle::new((cx, cy), rr, bg))?;
                    self.area
                        .draw(&Circle::new((cx, cy), rr, self.stroke(c, 1.8)))?;
                }
                return Ok(());
            }
            Marker::Square => {
                let r = r * 0.88;
                vec![
                    (x - r, y - r),
                    (x + r, y - r),
                    (x + r, y + r),
                    (x - r, y + r),
                ]
            }
            Marker::Triangle => {
                let r = r * 1.15;
                vec![
                    (x, y - r),
                    (x + r * 0.9, y + r * 0.6),
                    (x - r * 0.9, y + r * 0.6),
                ]
            }
            Marker::Diamond => {
                let r = r * 1.2;
                vec![(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
            }
        };
        if filled {
            self.polygon(&outline, c)
        } else {
            self.polygon(&outline, self.theme.background)?;
            let mut closed = outline.clone();
            closed.push(outline[0]);
            self.line(&closed, c, 1.8)
        }
    }

    /// Places the title, legend, axis names and plot rectangle.
    pub(crate) fn layout(&self, chrome: Chrome<'_>) -> Layout {
        let s = self.s;
        let narrow = self.w / s < 420.0;
        let m = if narrow { 8.0 * s } else { 12.0 * s };
        let inner_w = (self.w - 2.0 * m).max(0.0);
        let mut y = m;

        let mut title = Vec::new();
        let title_px = self.px(TITLE) * BOLD_WIDTH;
        for line in wrap(chrome.title, title_px, inner_w, 2) {
            title.push((line, y));
            y += self.line_h(TITLE);
        }
        if !title.is_empty() {
            y += 4.0 * s;
        }

        let mut legend = Vec::new();
        let items: Vec<LegendItem> = chrome
            .legend
            .into_iter()
            .filter(|i| !i.label.trim().is_empty())
            .map(|mut i| {
                let room = inner_w - self.swatch_w() - 6.0 * s;
                i.label = fit_end(&i.label, self.px(LEGEND), room.max(0.0));
                i
            })
            .collect();
        if !items.is_empty() {
            let widths: Vec<f64> = items.iter().map(|i| self.legend_item_w(i)).collect();
            let gap = 16.0 * s;
            let starts = legend_rows(&widths, gap, inner_w);
            let row_h = self.line_h(LEGEND).max(16.0 * s);
            // When the entries need several rows anyway, align them in columns if that
            // takes no more rows than packing them.
            let col_w = widths.iter().copied().fold(0.0, f64::max) + gap;
            let cols = (((inner_w + gap) / col_w).floor() as usize).max(1);
            let grid = starts.len() > 1 && widths.len().div_ceil(cols) <= starts.len();
            let rows = if grid {
                widths.len().div_ceil(cols)
            } else {
                starts.len()
            };
            let mut row = 0;
            let mut x = m;
            for (i, (item, w)) in items.into_iter().zip(&widths).enumerate() {
                if grid {
                    row = i / cols;
                    x = m + (i % cols) as f64 * col_w;
                } else if starts.get(row + 1) == Some(&i) {
                    row += 1;
                    x = m;
                }
                legend.push((item, x, y + row as f64 * row_h + row_h / 2.0));
                x += w + gap;
            }
            y += rows as f64 * row_h + 4.0 * s;
        }

        let top = y + self.line_h(TICK) / 2.0 + 2.0 * s;
        let mut bottom = self.h - m - chrome.below_axis;
        let x_label = if chrome.x_label.trim().is_empty() {
            None
        } else {
            bottom -= self.line_h(LABEL) + 2.0 * s;
            Some(((), 0.0, self.h - m - self.line_h(LABEL) / 2.0))
        };
        let mut left = m + chrome.y_tick_w + 6.0 * s;
        let y_label = if chrome.y_label.trim().is_empty() {
            None
        } else {
            left += self.line_h(LABEL) + 2.0 * s;
            let text = fit_end(chrome.y_label, self.px(LABEL), (bottom - top).max(0.0));
            Some((text, m + self.line_h(LABEL) / 2.0, (top + bottom) / 2.0))
        };
        let right = self.w - m - chrome.right_pad;
        let plot = Frame {
            left,
            top,
            right,
            bottom,
        };
        // Centred under the plot, shortened to stay inside the area.
        let x_label = x_label.map(|(_, _, y)| {
            let cx = (left + right) / 2.0;
            let half = (cx - m).min(self.w - m - cx).max(0.0);
            let text = fit_end(chrome.x_label, self.px(LABEL), 2.0 * half);
            (text, cx, y)
        });
        Layout {
            m,
            title,
            legend,
            plot,
            x_label,
            y_label,
        }
    }

    fn swatch_w(&self) -> f64 {
        24.0 * self.s
    }

    fn legend_item_w(&self, item: &LegendItem) -> f64 {
        self.swatch_w() + 6.0 * self.s + self.width(&item.label, LEGEND)
    }

    /// Draws the title, legend and axis names of `layout`.
    pub(crate) fn chrome(&self, layout: &Layout) -> Result<(), ChartError> {
        let text = self.theme.text;
        for (line, y) in &layout.title {
            self.text(
                line,
                (layout.m, *y),
                TITLE,
                text,
                HPos::Left,
                VPos::Top,
                false,
            )?;
        }
        for (item, x, y) in &layout.legend {
            self.swatch(item.swatch, *x, *y)?;
            let tx = x + self.swatch_w() + 6.0 * self.s;
            self.text(
                &item.label,
                (tx, *y),
                LEGEND,
                text,
                HPos::Left,
                VPos::Center,
                false,
            )?;
        }
        if let Some((t, x, y)) = &layout.x_label {
            self.text(t, (*x, *y), LABEL, text, HPos::Center, VPos::Center, false)?;
        }
        if let Some((t, x, y)) = &layout.y_label {
            self.text(t, (*x, *y), LABEL, text, HPos::Center, VPos::Center, true)?;
        }
        Ok(())
    }

    fn swatch(&self, swatch: Swatch, x: f64, y: f64) -> Result<(), ChartError> {
        let s = self.s;
        let (x0, x1) = (x + 1.0 * s, x + self.swatch_w() - 1.0 * s);
        match swatch {
            Swatch::Fill(c) => self.rect((x0, y - 6.0 * s), (x1, y + 6.0 * s), c),
            Swatch::Line(c) => self.line(&[(x0, y), (x1, y)], c, 2.0),
            Swatch::Dashed(c) => self.dashed(&[(x0, y), (x1, y)], c, 2.0, 5.0, 3.0),
            Swatch::Tick(c) => self.line(&[(x0 + 3.0 * s, y), (x1 - 3.0 * s, y)], c, 3.0),
            Swatch::Marker {
                shape,
                colour,
                filled,
                line,
            } => {
                if line {
                    self.line(&[(x0, y), (x1, y)], colour, 2.0)?;
                }
                self.marker(shape, ((x0 + x1) / 2.0, y), 4.0, colour, filled)
            }
        }
    }

    /// Horizontal grid lines and labels for the y `ticks` (whole numbers) of `scale`.
    pub(crate) fn y_axis(
        &self,
        plot: &Frame,
        scale: &super::axis::Scale,
        ticks: &[f64],
    ) -> Result<(), ChartError> {
        for &t in ticks {
            let y = scale.px(t);
            if t != 0.0 {
                self.line(&[(plot.left, y), (plot.right, y)], self.theme.grid, 1.0)?;
            }
            self.text(
                &format_int(t, self.theme.lang),
                (plot.left - 6.0 * self.s, y),
                TICK,
                self.theme.text,
                HPos::Right,
                VPos::Center,
                false,
            )?;
        }
        Ok(())
    }

    /// Labels under the x axis at the given pixel positions, with a short tick mark each.
    pub(crate) fn x_labels(
        &self,
        plot: &Frame,
        labels: &[(f64, String)],
    ) -> Result<(), ChartError> {
        for (x, label) in labels {
            self.line(
                &[(*x, plot.bottom), (*x, plot.bottom + 4.0 * self.s)],
                self.axis_colour(),
                1.0,
            )?;
            self.text(
                label,
                (*x, plot.bottom + 6.0 * self.s),
                TICK,
                self.theme.text,
                HPos::Center,
                VPos::Top,
                false,
            )?;
        }
        Ok(())
    }

    /// The left and bottom axis lines.
    pub(crate) fn axes(&self, plot: &Frame) -> Result<(), ChartError> {
        let c = self.axis_colour();
        self.line(
            &[
                (plot.left, plot.top),
                (plot.left, plot.bottom),
                (plot.right, plot.bottom),
            ],
            c,
            1.0,
        )
    }

    /// Width of the widest of `labels` in the tick font.
    pub(crate) fn max_tick_w(&self, labels: impl IntoIterator<Item = String>) -> f64 {
        labels
            .into_iter()
            .map(|l| self.width(&l, TICK))
            .fold(0.0, f64::max)
    }

    /// Width of the widest of the whole-number `ticks`, as the y axis writes them.
    pub(crate) fn int_tick_w(&self, ticks: &[f64]) -> f64 {
        self.max_tick_w(ticks.iter().map(|&t| format_int(t, self.theme.lang)))
    }

    /// Draws what `layout` places round the plot and gives the plot, or `None` when it is too
    /// small to draw anything in.
    pub(crate) fn framed(&self, layout: &Layout) -> Result<Option<Frame>, ChartError> {
        self.chrome(layout)?;
        Ok(layout.plot_fits(self.s).then_some(layout.plot))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legend_rows_wrap_when_full() {
        assert_eq!(legend_rows(&[50.0, 50.0, 50.0], 10.0, 200.0), [0]);
        assert_eq!(legend_rows(&[50.0, 50.0, 50.0], 10.0, 120.0), [0, 2]);
        assert_eq!(legend_rows(&[300.0, 50.0], 10.0, 120.0), [0, 1]);
        assert!(legend_rows(&[], 10.0, 120.0).is_empty());
    }

    #[test]
    fn x_labels_never_overlap_and_prefer_earlier_candidates() {
        let c: Vec<(f64, String)> = [
            (0.0, "1"),
            (100.0, "10"),
            (200.0, "100"),
            (215.0, "500"),
            (110.0, "20"),
        ]
        .iter()
        .map(|&(x, l)| (x + 20.0, l.to_string()))
        .collect();
        let got = pick_x_labels(&c, 12.0, 6.0, 0.0, 400.0);
        let labels: Vec<&str> = got.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(labels, ["1", "10", "100"]);
        // Outside the allowed span: dropped.
        let got = pick_x_labels(&[(2.0, "1000".into())], 12.0, 6.0, 0.0, 400.0);
        assert!(got.is_empty());
    }
}
