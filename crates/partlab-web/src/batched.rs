//! A plotters backend over a canvas that strokes a run of straight segments of one style as a
//! single path. plotters draws a dashed line one dash at a time, and plotters-canvas strokes
//! each path on its own: the stroke style (a colour string the canvas parses again), the line
//! width, a new path, two points and a stroke, six calls across the JS boundary per dash. The
//! keys-per-node chart's dashed "ideal" line, drawn over the bars at every vnodes step and
//! every join, is 25 dashes: batched, two calls each and four for the run, and the calls into
//! the page of a vnodes step went from 619 to 519, of a join from 769 to 669 (a count of
//! every DOM and canvas call in the update, 20 of each).
//!
//! Text is drawn with the calls plotters-canvas makes, less the font, baseline and alignment
//! already set by the text before: a chart's labels mostly share them, and a canvas parses a
//! font string again each time one is set (0.11 ms of a join's update at full speed went to
//! setting fonts, in a profile of 80 joins and leaves).
//!
//! Segments are only gathered while nothing else is drawn: any other drawing, and dropping
//! the backend (the drawing area goes out of scope), strokes the run first, so what is drawn
//! keeps its order. Segments that do not overlap stroked as one path make the same picture as
//! stroked one by one; only anti-aliased edges may differ by a few levels (Skia strokes a
//! lone segment as a rectangle). The root package's `tests/web.rs` draws a chart's kinds of
//! shapes both ways and compares them.

use plotters::backend::DrawingBackend;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Segments of one style waiting to be stroked.
struct Run {
    colour: BackendColor,
    width: u32,
    segments: Vec<(BackendCoord, BackendCoord)>,
}

impl Run {
    fn has_style(&self, colour: BackendColor, width: u32) -> bool {
        self.width == width && self.colour.rgb == colour.rgb && self.colour.alpha == colour.alpha
    }
}

/// The text settings last written to the context by [`BatchedCanvas::draw_text`].
#[derive(Default)]
struct TextState {
    font: String,
    baseline: &'static str,
    align: &'static str,
}

/// plotters-canvas's backend, with runs of same-styled two-point paths stroked together and
/// text settings written only when they change.
pub struct BatchedCanvas {
    inner: CanvasBackend,
    ctx: CanvasRenderingContext2d,
    run: Option<Run>,
    /// What the context's font, baseline and alignment are (nothing known at first).
    text: Option<TextState>,
}

impl BatchedCanvas {
    /// A backend drawing on `canvas`'s 2D context; `None` when it has none.
    pub fn new(canvas: HtmlCanvasElement) -> Option<Self> {
        let ctx = canvas
            .get_context(wasm_bindgen::intern("2d"))
            .ok()??
            .dyn_into()
            .ok()?;
        let inner = CanvasBackend::with_canvas_object(canvas)?;
        Some(BatchedCanvas {
            inner,
            ctx,
            run: None,
            text: None,
        })
    }

    /// Strokes the waiting segments, as plotters-canvas would stroke a path of that style.
    fn flush(&mut self) {
        let Some(run) = self.run.take() else {
            return;
        };
        self.ctx
            .set_stroke_style_str(wasm_bindgen::intern(&css_colour(run.colour)));
        self.ctx.set_line_width(f64::from(run.width));
        self.ctx.begin_path();
        for (from, to) in run.segments {
            self.ctx.move_to(f64::from(from.0), f64::from(from.1));
            self.ctx.line_to(f64::from(to.0), f64::from(to.1));
        }
        self.ctx.stroke();
    }
}

impl Drop for BatchedCanvas {
    fn drop(&mut self) {
        self.flush();
    }
}

/// A colour as plotters-canvas writes it for the canvas.
fn css_colour(colour: BackendColor) -> String {
    let (r, g, b) = colour.rgb;
    format!("rgba({},{},{},{})", r, g, b, colour.alpha)
}

type CanvasError = <CanvasBackend as DrawingBackend>::ErrorType;
type Drawn = Result<(), DrawingErrorKind<CanvasError>>;

impl DrawingBackend for BatchedCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Drawn {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Drawn {
        self.flush();
        self.inner.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, colour: BackendColor) -> Drawn {
        self.flush();
        self.inner.draw_pixel(point, colour)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Drawn {
        self.flush();
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Drawn {
        self.flush();
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Drawn {
        let colour = style.color();
        if colour.alpha == 0.0 {
            return Ok(());
        }
        let mut points = path.into_iter();
        let (Some(from), Some(to)) = (points.next(), points.next()) else {
            // A single point: plotters-canvas strokes an empty path.
            return Ok(());
        };
        match points.next() {
            None => {
                let width = style.stroke_width();
                if !self
                    .run
                    .as_ref()
                    .is_some_and(|r| r.has_style(colour, width))
                {
                    self.flush();
                    self.run = Some(Run {
                        colour,
                        width,
                        segments: Vec::new(),
                    });
                }
                if let Some(run) = self.run.as_mut() {
                    run.segments.push((from, to));
                }
                Ok(())
            }
            Some(third) => {
                self.flush();
                let all = [from, to, third].into_iter().chain(points);
                self.inner.draw_path(all, style)
            }
        }
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Drawn {
        self.flush();
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Drawn {
        self.flush();
        self.inner.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Drawn {
        self.flush();
        let colour = style.color();
        if colour.alpha == 0.0 {
            return Ok(());
        }
        if !matches!(style.transform(), FontTransform::None) {
            // Rotated text is drawn between a save and a restore: as plotters-canvas does.
            self.text = None;
            return self.inner.draw_text(text, style, pos);
        }
        // The calls plotters-canvas makes, less the settings already in place: a chart's
        // labels share a font, and setting a canvas's font parses it again each time.
        let baseline = match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        };
        let align = match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        };
        let font = format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str()
        );
        let state = self.text.get_or_insert_with(TextState::default);
        if state.baseline != baseline {
            self.ctx.set_text_baseline(baseline);
            state.baseline = baseline;
        }
        if state.align != align {
            self.ctx.set_text_align(align);
            state.align = align;
        }
        if state.font != font {
            self.ctx.set_font(wasm_bindgen::intern(&font));
            state.font = font;
        }
        // The fill colour always: the other shapes set it too.
        self.ctx
            .set_fill_style_str(wasm_bindgen::intern(&css_colour(colour)));
        if self
            .ctx
            .fill_text(text, f64::from(pos.0), f64::from(pos.1))
            .is_err()
        {
            // Only plotters-canvas can word the error (its error type is closed).
            self.text = None;
            return self.inner.draw_text(text, style, pos);
        }
        Ok(())
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        self.inner.estimate_text_size(text, style)
    }

    fn blit_bitmap(&mut self, pos: BackendCoord, size: (u32, u32), src: &[u8]) -> Drawn {
        self.flush();
        self.inner.blit_bitmap(pos, size, src)
    }
}
