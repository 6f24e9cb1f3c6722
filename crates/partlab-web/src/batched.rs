//! A plotters backend over a canvas that strokes a run of straight segments of one style as a
//! single path. plotters draws a dashed line one dash at a time, and plotters-canvas strokes
//! each path on its own: the stroke style (a colour string the canvas parses again), the line
//! width, a new path, two points and a stroke, six calls across the JS boundary per dash. The
//! keys-per-node chart's dashed "ideal" line, drawn over the bars at every vnodes step and
//! every join, is 25 dashes: batched, two calls each and four for the run, and the calls into
//! the page of a vnodes step went from 619 to 519, of a join from 769 to 669 (a count of
//! every DOM and canvas call in the update, 20 of each).
//!
//! Segments are only gathered while nothing else is drawn: any other drawing, and dropping
//! the backend (the drawing area goes out of scope), strokes the run first, so what is drawn
//! keeps its order. Segments that do not overlap stroked as one path make the same picture as
//! stroked one by one; only anti-aliased edges may differ by a few levels (Skia strokes a
//! lone segment as a rectangle). The root package's `tests/web.rs` draws a chart's kinds of
//! shapes both ways and compares them.

use plotters::backend::DrawingBackend;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
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

/// plotters-canvas's backend, with runs of same-styled two-point paths stroked together.
pub struct BatchedCanvas {
    inner: CanvasBackend,
    ctx: CanvasRenderingContext2d,
    run: Option<Run>,
}

impl BatchedCanvas {
    /// A backend drawing on `canvas`'s 2D context; `None` when it has none.
    pub fn new(canvas: HtmlCanvasElement) -> Option<Self> {
        let ctx = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        let inner = CanvasBackend::with_canvas_object(canvas)?;
        Some(BatchedCanvas {
            inner,
            ctx,
            run: None,
        })
    }

    /// Strokes the waiting segments, as plotters-canvas would stroke a path of that style.
    fn flush(&mut self) {
        let Some(run) = self.run.take() else {
            return;
        };
        let (r, g, b) = run.colour.rgb;
        // The same colour string as plotters-canvas writes.
        self.ctx
            .set_stroke_style_str(&format!("rgba({},{},{},{})", r, g, b, run.colour.alpha));
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
        self.inner.draw_text(text, style, pos)
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
