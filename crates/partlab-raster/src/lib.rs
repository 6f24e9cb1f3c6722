//! Small round marks (the ring's key dots, and the rings around moved keys) painted into an
//! RGBA pixel buffer.
//!
//! A browser's 2D canvas rasterises a path of a thousand and more tiny circles with
//! antialiasing slowly: about 3–4 ms a frame for the ring's 1 500 sample keys on a desktop,
//! four times that on a slow laptop, all of it on the page's main thread when the frame is
//! committed (so it does not even show in the page's own timings). Painting the same discs here
//! costs a fraction of that; the page hands the buffer to the canvas as one image.
//!
//! Coordinates are device pixels, pixel `(i, j)` covering `[i, i + 1) × [j, j + 1)`. A disc
//! covers a pixel by `clamp(r + ½ − d, 0, 1)`, `d` the distance from the disc's centre to the
//! pixel's centre: a one-pixel antialiased edge, as a canvas draws it; a ring is its outer
//! disc less its hole. The coverage of every placement of a [`Shape`] within a pixel, in eighths
//! of a pixel each way, is computed once per shape (a set of stamps), so painting a mark is a
//! few table look-ups and no square root; each stamp row keeps the columns of its non-zero
//! cells, so a ring's hole and a disc's corners cost nothing. The marks of one
//! [`Pixels::group`] merge as one shape (overlapping dots of one colour do not darken each
//! other, as one canvas path does not); groups are composited over each other in order.
//!
//! The buffer is straight (not premultiplied) RGBA, row by row: what `ImageData` holds.

/// Placements of a disc within a pixel, each way: eighths of a pixel.
const STEPS: usize = 8;

/// What is painted around each centre: a disc (`inner` 0) or a ring (the band between two
/// circles, as a canvas strokes a circle of radius `(inner + outer) / 2` and width
/// `outer − inner`). Device pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Radius of the hole (0 for a disc).
    pub inner: f64,
    /// Outer radius.
    pub outer: f64,
}

impl Shape {
    /// A disc of `radius`.
    pub fn disc(radius: f64) -> Shape {
        Shape {
            inner: 0.0,
            outer: radius,
        }
    }

    /// A ring between `inner` and `outer`.
    pub fn ring(inner: f64, outer: f64) -> Shape {
        Shape { inner, outer }
    }

    /// Whether it can be painted: finite, `0 ≤ inner < outer ≤ 256` (beyond a few hundred
    /// pixels a mark is no dot, and its stamps would be huge).
    fn paintable(self) -> bool {
        self.inner.is_finite()
            && self.outer.is_finite()
            && self.inner >= 0.0
            && self.inner < self.outer
            && self.outer <= 256.0
    }

    fn bits(self) -> (u64, u64) {
        (self.inner.to_bits(), self.outer.to_bits())
    }
}

/// The three shapes that mark a moved key around a dot of `radius` CSS pixels, in device
/// pixels at `dpr` device pixels per CSS pixel: an outline (painted in the text colour, so
/// that the marker stands out on any arc), a fill (the new owner's colour) and a ring over the
/// fill's edge (the old owner's colour).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MovedMarker {
    /// The outline, just outside the ring.
    pub outline: Shape,
    /// The fill.
    pub fill: Shape,
    /// The ring around the fill.
    pub ring: Shape,
}

impl MovedMarker {
    /// The marker for a dot of `radius` CSS pixels at `dpr`.
    pub fn new(radius: f64, dpr: f64) -> MovedMarker {
        let big = radius * 1.9;
        let ring_w = (radius * 0.9).max(1.5);
        let outline = big + ring_w / 2.0 + 0.5;
        MovedMarker {
            outline: Shape::ring((outline - 0.5) * dpr, (outline + 0.5) * dpr),
            fill: Shape::disc(big * dpr),
            ring: Shape::ring((big - ring_w / 2.0) * dpr, (big + ring_w / 2.0) * dpr),
        }
    }
}

/// Stamp sets kept: a frame paints a few shapes (dots; moved keys' outline, fill and ring).
const STAMP_SETS_KEPT: usize = 6;

/// A shape's coverage for each placement of its centre within a pixel.
#[derive(Clone, Debug, Default)]
struct Stamps {
    /// The shape they were made for (bits).
    shape_bits: (u64, u64),
    /// Pixels from the centre's pixel to a stamp's edge: a stamp is `2·reach + 1` square.
    reach: usize,
    /// `STEPS × STEPS` stamps, each `side × side` coverages (0–255), row by row.
    cover: Vec<u8>,
    /// For each row of each stamp (`STEPS × STEPS × side` of them), the columns that hold its
    /// non-zero coverages: at most two runs `[l0, l1)` and `[r0, r1)`, as a ring's rows through
    /// its hole have; the second is empty otherwise, and a row of zeros has none. Painting
    /// walks these runs only: most of a ring's square, and a disc's corners, are empty.
    runs: Vec<[u16; 4]>,
}

impl Stamps {
    fn new(shape: Shape) -> Stamps {
        let edge = shape.outer + 0.5;
        let hole = shape.inner + 0.5;
        // Pixel centres (at +½) closer than `edge` to a centre anywhere in pixel 0 lie in
        // pixels −reach…reach.
        let reach = ((edge + 0.5).ceil() as usize).saturating_sub(1);
        let side = 2 * reach + 1;
        let mut cover = vec![0u8; STEPS * STEPS * side * side];
        for qy in 0..STEPS {
            for qx in 0..STEPS {
                let stamp = (qy * STEPS + qx) * side * side;
                // The centre sits at (qx, qy) eighths into the pixel at (reach, reach).
                let (fx, fy) = (qx as f64 / STEPS as f64, qy as f64 / STEPS as f64);
                for b in 0..side {
                    let dy = b as f64 - reach as f64 + 0.5 - fy;
                    for a in 0..side {
                        let dx = a as f64 - reach as f64 + 0.5 - fx;
                        let d = (dx * dx + dy * dy).sqrt();
                        let hidden = if shape.inner > 0.0 {
                            (hole - d).clamp(0.0, 1.0)
                        } else {
                            0.0
                        };
                        let c = ((edge - d).clamp(0.0, 1.0) - hidden).max(0.0);
                        cover[stamp + b * side + a] = (c * 255.0 + 0.5) as u8;
                    }
                }
            }
        }
        let runs = cover.chunks_exact(side).map(row_runs).collect();
        Stamps {
            shape_bits: shape.bits(),
            reach,
            cover,
            runs,
        }
    }

    fn side(&self) -> usize {
        2 * self.reach + 1
    }
}

/// The runs of non-zero cells of one stamp row (see [`Stamps::runs`]): the first run, then
/// everything from the next non-zero cell to the last (zeros inside it are harmless).
fn row_runs(row: &[u8]) -> [u16; 4] {
    let nonzero = |from: usize| row[from..].iter().position(|&c| c != 0).map(|i| from + i);
    let Some(l0) = nonzero(0) else {
        return [0; 4];
    };
    let l1 = row[l0..]
        .iter()
        .position(|&c| c == 0)
        .map_or(row.len(), |i| l0 + i);
    let (r0, r1) = match nonzero(l1.min(row.len())) {
        Some(r0) => (r0, row.iter().rposition(|&c| c != 0).map_or(r0, |i| i + 1)),
        None => (l1, l1),
    };
    // A stamp is at most 2 · 257 + 1 cells wide (`Shape::paintable`).
    [l0, l1, r0, r1].map(|c| c as u16)
}

/// One mark of the group being painted: which stamp, and the part of it inside the buffer.
#[derive(Clone, Copy, Debug)]
struct Mark {
    /// Buffer index of the pixel under the stamp's cell `(a0, b0)`.
    start: usize,
    /// Index of the stamp's first row among [`Stamps::runs`].
    first_row: usize,
    /// The stamp's columns `a0..a1` and rows `b0..b1` that fall inside the buffer.
    a0: usize,
    a1: usize,
    b0: usize,
    b1: usize,
}

impl Mark {
    /// Calls `f(buffer index, cell index, length)` for each run of non-zero cells of the
    /// mark that lies inside the buffer (`side` the stamp's side, `width` the buffer's).
    #[inline(always)]
    fn for_each_run(
        &self,
        runs: &[[u16; 4]],
        side: usize,
        width: usize,
        mut f: impl FnMut(usize, usize, usize),
    ) {
        for b in self.b0..self.b1 {
            let row = self.first_row + b;
            let Some(&[l0, l1, r0, r1]) = runs.get(row) else {
                return;
            };
            let line = self.start + (b - self.b0) * width;
            for (s, e) in [(l0, l1), (r0, r1)] {
                let (s, e) = (usize::from(s).max(self.a0), usize::from(e).min(self.a1));
                if s < e {
                    f(line + (s - self.a0), row * side + s, e - s);
                }
            }
        }
    }
}

/// The pixels painted since the last reset: `x0..x1` × `y0..y1`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Bounds {
    x0: usize,
    x1: usize,
    y0: usize,
    y1: usize,
}

impl Bounds {
    fn with(self, other: Bounds) -> Bounds {
        Bounds {
            x0: self.x0.min(other.x0),
            x1: self.x1.max(other.x1),
            y0: self.y0.min(other.y0),
            y1: self.y1.max(other.y1),
        }
    }
}

/// A straight-RGBA pixel buffer: a background colour, and discs painted over it.
#[derive(Clone, Debug, Default)]
pub struct Pixels {
    width: usize,
    height: usize,
    rgba: Vec<u8>,
    background: [u8; 4],
    /// Coverage (0–255) of the group being painted, one per pixel (0 outside it).
    coverage: Vec<u8>,
    /// The marks of the group being painted.
    marks: Vec<Mark>,
    /// The rectangle painted since the last reset: a reset to the same background restores
    /// only it (the ring's dots fill a band around the middle of the canvas).
    painted: Option<Bounds>,
    /// The last shapes' stamps, most recent last; the one in use is the last.
    stamps: Vec<Stamps>,
}

impl Pixels {
    /// A `width` × `height` buffer of `background` (RGBA; `[0; 4]` is transparent).
    pub fn new(width: usize, height: usize, background: [u8; 4]) -> Pixels {
        let mut p = Pixels::default();
        p.reset(width, height, background);
        p
    }

    /// Makes the buffer `width` × `height` and all `background` (RGBA).
    pub fn reset(&mut self, width: usize, height: usize, background: [u8; 4]) {
        let n = width.saturating_mul(height);
        if (width, height) != (self.width, self.height) || background != self.background {
            self.width = width;
            self.height = height;
            self.background = background;
            self.rgba.clear();
            self.rgba.resize(n.saturating_mul(4), 0);
            fill(&mut self.rgba, background);
            self.coverage.clear();
            self.coverage.resize(n, 0);
        } else if let Some(b) = self.painted {
            self.clear_bounds(b);
        }
        self.painted = None;
    }

    /// Sets the pixels of `b` (within the buffer) to the background.
    fn clear_bounds(&mut self, b: Bounds) {
        let background = self.background;
        for y in b.y0..b.y1.min(self.height) {
            let from = (y * self.width + b.x0) * 4;
            let to = (y * self.width + b.x1.min(self.width)) * 4;
            if let Some(px) = self.rgba.get_mut(from..to) {
                fill(px, background);
            }
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pixels, straight RGBA row by row (`width × height × 4` bytes).
    pub fn rgba(&self) -> &[u8] {
        &self.rgba
    }

    /// The pixel at `(x, y)` as `[r, g, b, a]` (transparent outside the buffer).
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 4] {
        if x >= self.width || y >= self.height {
            return [0; 4];
        }
        let i = (y * self.width + x) * 4;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    /// Paints `shape` around each of `centres` as one shape of `colour` (RGB) at `opacity`
    /// (0–1) over what is there. A shape that is not [paintable](Shape) paints nothing.
    ///
    /// It takes a slice, not an iterator, so that it is compiled here, for speed, and not in
    /// the (size-optimised) crate that calls it, as a generic function would be.
    pub fn group(&mut self, centres: &[(f64, f64)], shape: Shape, colour: [u8; 3], opacity: f64) {
        let whole = Bounds {
            x0: 0,
            x1: self.width,
            y0: 0,
            y1: self.height,
        };
        self.group_in(centres, shape, colour, opacity, whole);
    }

    /// [`Pixels::group`], painting only the pixels inside `clip` (within the buffer).
    fn group_in(
        &mut self,
        centres: &[(f64, f64)],
        shape: Shape,
        colour: [u8; 3],
        opacity: f64,
        clip: Bounds,
    ) {
        if !shape.paintable() {
            return;
        }
        match self
            .stamps
            .iter()
            .position(|s| s.shape_bits == shape.bits())
        {
            Some(i) => {
                let kept = self.stamps.remove(i);
                self.stamps.push(kept);
            }
            None => {
                if self.stamps.len() >= STAMP_SETS_KEPT {
                    self.stamps.remove(0);
                }
                self.stamps.push(Stamps::new(shape));
            }
        }
        let Some(stamps) = self.stamps.last() else {
            return;
        };
        let opacity = if opacity.is_finite() {
            (opacity.clamp(0.0, 1.0) * 255.0 + 0.5) as u32
        } else {
            0
        };
        let (side, width) = (stamps.side(), self.width);
        // First the group's shape: each pixel's largest coverage by any of its marks.
        self.marks.clear();
        for &(x, y) in centres {
            let Some((mark, bounds)) = place_mark(stamps, self.width, clip, x, y) else {
                continue;
            };
            let coverage = &mut self.coverage;
            mark.for_each_run(&stamps.runs, side, width, |at, cell, len| {
                if let (Some(cover), Some(cells)) = (
                    coverage.get_mut(at..at + len),
                    stamps.cover.get(cell..cell + len),
                ) {
                    for (old, &c) in cover.iter_mut().zip(cells) {
                        *old = (*old).max(c);
                    }
                }
            });
            self.marks.push(mark);
            self.painted = Some(self.painted.map_or(bounds, |b| b.with(bounds)));
        }
        // Then its colour over each pixel of it, once (the coverage is used up as it goes).
        let src = colour.map(u32::from);
        let (coverage, rgba) = (&mut self.coverage, &mut self.rgba);
        for mark in &self.marks {
            mark.for_each_run(&stamps.runs, side, width, |at, _, len| {
                let (Some(cover), Some(pixels)) = (
                    coverage.get_mut(at..at + len),
                    rgba.get_mut(at * 4..(at + len) * 4),
                ) else {
                    return;
                };
                for (c, px) in cover.iter_mut().zip(pixels.chunks_exact_mut(4)) {
                    if *c != 0 {
                        over(px, src, div255(u32::from(*c) * opacity));
                        *c = 0;
                    }
                }
            });
        }
    }
}

/// Where the stamp for a mark centred at `(x, y)` lands in a buffer `width` pixels wide, and
/// the pixels it may touch within `clip`; nothing if it lies wholly outside (or is not a
/// number).
fn place_mark(
    stamps: &Stamps,
    width: usize,
    clip: Bounds,
    x: f64,
    y: f64,
) -> Option<(Mark, Bounds)> {
    let side = stamps.side();
    let reach = stamps.reach as f64;
    let (x0, x1) = (clip.x0 as f64, clip.x1 as f64);
    let (y0, y1) = (clip.y0 as f64, clip.y1 as f64);
    if !(x > x0 - reach - 1.0
        && x < x1 + reach + 1.0
        && y > y0 - reach - 1.0
        && y < y1 + reach + 1.0)
    {
        return None;
    }
    // The centre's pixel and its place within it, in eighths, rounded (8/8 is the next
    // pixel's 0).
    let place = |v: f64| {
        let steps = (v * STEPS as f64 + 0.5).floor();
        let whole = (steps / STEPS as f64).floor();
        (whole as i64, (steps - whole * STEPS as f64) as usize)
    };
    let ((px, qx), (py, qy)) = (place(x), place(y));
    let (left, top) = (px - stamps.reach as i64, py - stamps.reach as i64);
    // The stamp's columns and rows that fall inside the clip.
    let cut = |start: i64, from: usize, to: usize| {
        let first = (from as i64 - start).clamp(0, side as i64) as usize;
        let end = (to as i64 - start).clamp(0, side as i64) as usize;
        (first, end)
    };
    let ((a0, a1), (b0, b1)) = (cut(left, clip.x0, clip.x1), cut(top, clip.y0, clip.y1));
    if a0 >= a1 || b0 >= b1 {
        return None;
    }
    let stamp = qy.min(STEPS - 1) * STEPS + qx.min(STEPS - 1);
    // In the clip, hence in the buffer, by the cut above.
    let (x0, y0) = ((left + a0 as i64) as usize, (top + b0 as i64) as usize);
    let mark = Mark {
        start: y0 * width + x0,
        first_row: stamp * side,
        a0,
        a1,
        b0,
        b1,
    };
    let bounds = Bounds {
        x0,
        x1: x0 + (a1 - a0),
        y0,
        y1: y0 + (b1 - b0),
    };
    Some((mark, bounds))
}

/// Side of the squares a [`DiscLayer`] repaints, device pixels.
const TILE: usize = 16;

/// One coat of a [`DiscLayer`]: the marks of the discs that wear it, merged as one shape of
/// `colour` at `opacity` (as [`Pixels::group`]'s).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Coat {
    /// The mark around each disc's centre.
    pub shape: Shape,
    /// RGB.
    pub colour: [u8; 3],
    /// 0–1.
    pub opacity: f64,
}

impl Coat {
    fn bits(&self) -> (u64, u64, [u8; 3], u64) {
        let (a, b) = self.shape.bits();
        (a, b, self.colour, self.opacity.to_bits())
    }
}

/// The coats one disc wears (indices into a [`DiscLayer::paint`]'s coats; [`NO_COAT`] for
/// none), at most three: a dot, or a moved key's outline, fill and ring.
pub type Worn = [u16; 3];

/// No coat, in a [`Worn`].
pub const NO_COAT: u16 = u16::MAX;

/// What a [`DiscLayer`] paints: a `width` × `height` buffer of `background` (RGBA), and for
/// each of `centres` (device pixels) the coats it wears (`worn`, indices into `coats`).
#[derive(Clone, Copy, Debug)]
pub struct Picture<'a> {
    /// Pixels across.
    pub width: usize,
    /// Pixels down.
    pub height: usize,
    /// RGBA.
    pub background: [u8; 4],
    /// The discs' centres.
    pub centres: &'a [(f64, f64)],
    /// What each disc wears, in the order of `centres`.
    pub worn: &'a [Worn],
    /// The coats, in painting order.
    pub coats: &'a [Coat],
}

/// Discs wearing coats over a background, kept between frames: a frame in which a few discs
/// changed what they wear repaints only the squares of [`TILE`] pixels around them, with
/// every disc that touches them, and gets the same pixels as a whole repaint (a pixel's
/// colour depends only on the marks that cover it).
#[derive(Clone, Debug, Default)]
pub struct DiscLayer {
    pixels: Pixels,
    /// What the pixels show; `None` before the first frame.
    shown: Option<Shown>,
    /// The farthest a mark reaches from its centre (bits) when the squares were indexed.
    indexed_reach: u64,
    /// For each square, row by row, the discs whose marks may touch it.
    tiles: Vec<Vec<u32>>,
    tiles_x: usize,
    /// Scratch: the squares to repaint; the centres of the discs being painted, coat by coat.
    dirty: Vec<bool>,
    by_coat: Vec<Vec<(f64, f64)>>,
}

/// What a [`DiscLayer`]'s pixels show.
#[derive(Clone, Debug, Default, PartialEq)]
struct Shown {
    centres: Vec<(f64, f64)>,
    worn: Vec<Worn>,
    coats: Vec<(u64, u64, [u8; 3], u64)>,
}

/// What [`DiscLayer::paint`] repainted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repainted {
    /// Every pixel.
    Whole,
    /// This many squares.
    Squares(usize),
}

impl DiscLayer {
    /// Paints `picture`: over its background, each of its coats in order, a coat's mark
    /// around each centre whose entry in `worn` names it, merged as one shape. A disc that
    /// names no coat, or one beyond the coats, paints nothing of it. Repaints only the squares
    /// around the discs whose coats changed when nothing else did.
    pub fn paint(&mut self, picture: &Picture<'_>) -> Repainted {
        let &Picture {
            width,
            height,
            background,
            centres,
            worn,
            coats,
        } = picture;
        let same_frame = self.shows(coats)
            && self
                .shown
                .as_ref()
                .is_some_and(|s| same_bits(&s.centres, centres) && s.worn.len() == worn.len())
            && (
                self.pixels.width,
                self.pixels.height,
                self.pixels.background,
            ) == (width, height, background);
        if !same_frame {
            self.repaint_whole(picture);
            return Repainted::Whole;
        }
        let Some(shown) = self.shown.as_mut() else {
            return Repainted::Whole;
        };
        self.dirty.clear();
        self.dirty.resize(self.tiles.len(), false);
        let reach = f64::from_bits(self.indexed_reach);
        let mut squares = 0;
        for (&(x, y), (was, now)) in centres.iter().zip(shown.worn.iter_mut().zip(worn)) {
            if was == now {
                continue;
            }
            for t in tiles_of(x, y, reach, self.tiles_x, self.tiles.len()) {
                if let Some(d) = self.dirty.get_mut(t) {
                    squares += usize::from(!*d);
                    *d = true;
                }
            }
            *was = *now;
        }
        if squares * 2 > self.tiles.len() {
            // Most of the layer: painted whole, which costs less than square by square.
            self.repaint_whole(picture);
            return Repainted::Whole;
        }
        for t in 0..self.tiles.len() {
            if !self.dirty[t] {
                continue;
            }
            let (tx, ty) = (t % self.tiles_x, t / self.tiles_x);
            let clip = Bounds {
                x0: tx * TILE,
                x1: ((tx + 1) * TILE).min(width),
                y0: ty * TILE,
                y1: ((ty + 1) * TILE).min(height),
            };
            self.pixels.clear_bounds(clip);
            let discs = self.tiles[t]
                .iter()
                .filter_map(|&i| Some((*centres.get(i as usize)?, worn.get(i as usize)?)));
            sort_by_coat(&mut self.by_coat, coats.len(), discs);
            paint_coats(&mut self.pixels, coats, &self.by_coat, clip);
        }
        Repainted::Squares(squares)
    }

    /// Whether the layer was last painted with `coats` (a caller that keeps several layers
    /// picks the one that shows the coats it paints).
    pub fn shows(&self, coats: &[Coat]) -> bool {
        self.shown.as_ref().is_some_and(|s| {
            s.coats.len() == coats.len() && s.coats.iter().zip(coats).all(|(a, b)| *a == b.bits())
        })
    }

    /// The layer's pixels.
    pub fn pixels(&self) -> &Pixels {
        &self.pixels
    }

    /// Every coat, from the background up, and what it shows.
    fn repaint_whole(&mut self, p: &Picture<'_>) {
        let reach = p
            .coats
            .iter()
            .map(|c| c.shape.outer)
            .filter(|r| r.is_finite())
            .fold(0.0, f64::max)
            + 2.0;
        let same_places = self
            .shown
            .as_ref()
            .is_some_and(|s| same_bits(&s.centres, p.centres))
            && self.indexed_reach == reach.to_bits()
            && (self.pixels.width, self.pixels.height) == (p.width, p.height);
        if !same_places {
            self.index(p.width, p.height, p.centres, reach);
        }
        self.pixels.reset(p.width, p.height, p.background);
        sort_by_coat(
            &mut self.by_coat,
            p.coats.len(),
            p.centres.iter().copied().zip(p.worn),
        );
        let whole = Bounds {
            x0: 0,
            x1: p.width,
            y0: 0,
            y1: p.height,
        };
        paint_coats(&mut self.pixels, p.coats, &self.by_coat, whole);
        // Kept in place: the lists' buffers serve the next frames.
        let shown = self.shown.get_or_insert_with(Shown::default);
        shown.centres.clear();
        shown.centres.extend_from_slice(p.centres);
        shown.worn.clear();
        shown.worn.extend_from_slice(p.worn);
        shown.coats.clear();
        shown.coats.extend(p.coats.iter().map(Coat::bits));
    }

    /// Lists the discs whose marks, reaching `reach` pixels from their centres, may touch
    /// each square of a `width` × `height` buffer.
    fn index(&mut self, width: usize, height: usize, centres: &[(f64, f64)], reach: f64) {
        self.tiles_x = width.div_ceil(TILE);
        let count = self.tiles_x * height.div_ceil(TILE);
        for t in &mut self.tiles {
            t.clear();
        }
        self.tiles.resize_with(count, Vec::new);
        for (i, &(x, y)) in centres.iter().enumerate() {
            for t in tiles_of(x, y, reach, self.tiles_x, count) {
                if let Some(list) = self.tiles.get_mut(t) {
                    list.push(i as u32);
                }
            }
        }
        self.indexed_reach = reach.to_bits();
    }
}

/// Sorts `discs` (centre, what it wears) into `by_coat`, one list of centres per coat
/// (`coats` of them; a coat index beyond them is left out).
fn sort_by_coat<'a>(
    by_coat: &mut Vec<Vec<(f64, f64)>>,
    coats: usize,
    discs: impl Iterator<Item = ((f64, f64), &'a Worn)>,
) {
    for b in by_coat.iter_mut() {
        b.clear();
    }
    by_coat.resize_with(coats, Vec::new);
    for (c, w) in discs {
        for &k in w {
            if let Some(b) = by_coat.get_mut(usize::from(k)) {
                b.push(c);
            }
        }
    }
}

/// Paints each coat's discs (`by_coat`, as [`sort_by_coat`] made it) in order, within `clip`.
fn paint_coats(pixels: &mut Pixels, coats: &[Coat], by_coat: &[Vec<(f64, f64)>], clip: Bounds) {
    for (coat, mine) in coats.iter().zip(by_coat) {
        if !mine.is_empty() {
            pixels.group_in(mine, coat.shape, coat.colour, coat.opacity, clip);
        }
    }
}

/// Whether two lists of centres are the same bit for bit (a centre that is not a number
/// included).
fn same_bits(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(p, q)| p.0.to_bits() == q.0.to_bits() && p.1.to_bits() == q.1.to_bits())
}

/// The squares (of `tiles_x` per row, `count` in all) that a mark centred at `(x, y)` and
/// reaching `e` pixels from it may touch: those under its box (`e` includes the stamp's
/// reach beyond the shape and the rounding of its centre); none for a centre that is not a
/// number.
fn tiles_of(x: f64, y: f64, e: f64, tiles_x: usize, count: usize) -> impl Iterator<Item = usize> {
    let rows = count.checked_div(tiles_x).unwrap_or(0);
    let span = |v: f64, n: usize| -> (usize, usize) {
        if !v.is_finite() || n == 0 {
            return (0, 0);
        }
        let lo = ((v - e) / TILE as f64).floor().clamp(0.0, n as f64) as usize;
        let hi = ((v + e) / TILE as f64).floor().clamp(-1.0, n as f64 - 1.0) as i64 + 1;
        (lo, (hi.max(0) as usize).max(lo))
    };
    let (x0, x1) = span(x, tiles_x);
    let (y0, y1) = span(y, rows);
    (y0..y1).flat_map(move |ty| (x0..x1).map(move |tx| ty * tiles_x + tx))
}

/// Every pixel of `rgba` set to `colour`.
fn fill(rgba: &mut [u8], colour: [u8; 4]) {
    for px in rgba.chunks_exact_mut(4) {
        px.copy_from_slice(&colour);
    }
}

/// Composites colour `src` at alpha `a` (0–255) over the straight-RGBA pixel `px`.
#[inline(always)]
fn over(px: &mut [u8], src: [u32; 3], a: u32) {
    if a == 0 {
        return;
    }
    let dst_a = u32::from(px[3]);
    if dst_a == 0 {
        // Nothing under it: the colour as is.
        px[0] = src[0] as u8;
        px[1] = src[1] as u8;
        px[2] = src[2] as u8;
        px[3] = a as u8;
        return;
    }
    if dst_a == 255 {
        // Over an opaque pixel (the ring's background, the common case): it stays opaque.
        // Two channels a multiplication, in 16-bit lanes of one u32 (red and blue, then green
        // and alpha: 255 over 255 stays 255), each rounded as `div255` would.
        if let Ok(bytes) = <&mut [u8; 4]>::try_from(px) {
            let d = u32::from_le_bytes(*bytes);
            let (d_rb, d_ga) = (d & 0x00ff_00ff, (d >> 8) & 0x00ff_00ff);
            let (s_rb, s_ga) = (src[0] | (src[2] << 16), src[1] | (255 << 16));
            let rb = div255_lanes(s_rb * a + d_rb * (255 - a));
            let ga = div255_lanes(s_ga * a + d_ga * (255 - a));
            *bytes = (rb | (ga << 8)).to_le_bytes();
        }
        return;
    }
    // In straight colours: what shows of the pixel under it is weighted by its alpha and by
    // what the new one lets through.
    let under = div255(dst_a * (255 - a));
    let out_a = a + under;
    for ch in 0..3 {
        let v = (src[ch] * a + u32::from(px[ch]) * under + out_a / 2) / out_a;
        px[ch] = v.min(255) as u8;
    }
    px[3] = out_a.min(255) as u8;
}

/// [`div255`] of each 16-bit lane of `v` (each at most 255 × 255), the results in the low
/// byte of each lane: `(t + (t >> 8)) >> 8` with `t = v + 128` is `v / 255` rounded for such
/// `v`, and no lane carries into the next.
#[inline(always)]
fn div255_lanes(v: u32) -> u32 {
    let t = v + 0x0080_0080;
    ((t + ((t >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
}

/// `v / 255`, rounded, for `v` up to 255 × 255.
#[inline(always)]
fn div255(v: u32) -> u32 {
    (v + 127) / 255
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLUE: [u8; 3] = [0, 114, 178];
    const ORANGE: [u8; 3] = [230, 159, 0];

    /// Total alpha painted, in pixels' worth of full opacity.
    fn ink(p: &Pixels) -> f64 {
        p.rgba().chunks(4).map(|px| f64::from(px[3]) / 255.0).sum()
    }

    #[test]
    fn a_disc_covers_its_area_with_a_soft_edge() {
        for centre in [(20.0, 20.0), (20.3, 19.55), (19.9, 20.875)] {
            let mut p = Pixels::new(40, 40, [0; 4]);
            p.group(&[centre], Shape::disc(6.0), BLUE, 1.0);
            // The area of the disc, within the edge's rounding.
            let area = std::f64::consts::PI * 36.0;
            assert!(
                (ink(&p) - area).abs() < area * 0.03,
                "{} vs {area}",
                ink(&p)
            );
            // Opaque inside, in the disc's colour; transparent well outside.
            assert_eq!(p.pixel(20, 20), [0, 114, 178, 255]);
            assert_eq!(p.pixel(20, 30)[3], 0);
            assert_eq!(p.pixel(30, 20)[3], 0);
        }
        // On the edge, partly: a pixel whose centre is 6.36 px away is covered 0.14.
        let mut p = Pixels::new(40, 40, [0; 4]);
        p.group(&[(20.0, 20.0)], Shape::disc(6.0), BLUE, 1.0);
        let edge = f64::from(p.pixel(24, 24)[3]) / 255.0;
        assert!((edge - (6.5 - 4.5f64.hypot(4.5))).abs() < 0.01, "{edge}");
    }

    #[test]
    fn a_disc_lands_where_its_centre_is_to_an_eighth_of_a_pixel() {
        // The ink's centre of mass is the disc's centre, within the eighths' rounding.
        for (x, y) in [(10.0, 10.0), (10.5, 10.25), (10.94, 9.06)] {
            let mut p = Pixels::new(20, 20, [0; 4]);
            p.group(&[(x, y)], Shape::disc(2.0), BLUE, 1.0);
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in 0..20 {
                for i in 0..20 {
                    let w = f64::from(p.pixel(i, j)[3]);
                    sx += (i as f64 + 0.5) * w;
                    sy += (j as f64 + 0.5) * w;
                    sw += w;
                }
            }
            assert!(
                (sx / sw - x).abs() < 0.07 && (sy / sw - y).abs() < 0.07,
                "{x} {y}: {} {}",
                sx / sw,
                sy / sw
            );
        }
    }

    #[test]
    fn the_two_lane_division_rounds_as_div255_does() {
        for v in 0..=255 * 255 {
            let want = div255(v);
            assert_eq!(div255_lanes(v), want, "{v}");
            assert_eq!(div255_lanes(v << 16), want << 16, "{v}");
            assert_eq!(div255_lanes(v | (v << 16)), want | (want << 16), "{v}");
        }
        // Every colour over every opaque colour channel, through both paths.
        for a in [1, 89, 128, 254, 255] {
            for (c, d) in [(0, 255), (255, 0), (230, 17), (114, 178)] {
                let mut px = [d, 255 - d, d / 2, 255];
                over(&mut px, [c, 255 - c, c / 3], a);
                let mix = |s: u32, u: u8| div255(s * a + u32::from(u) * (255 - a)) as u8;
                assert_eq!(
                    px,
                    [mix(c, d), mix(255 - c, 255 - d), mix(c / 3, d / 2), 255]
                );
            }
        }
    }

    #[test]
    fn opacity_scales_alpha_and_keeps_the_colour() {
        let mut p = Pixels::new(20, 20, [0; 4]);
        p.group(&[(10.0, 10.0)], Shape::disc(4.0), ORANGE, 0.35);
        assert_eq!(p.pixel(10, 10), [230, 159, 0, 89]);
    }

    #[test]
    fn discs_of_one_group_merge_and_groups_composite_in_order() {
        let mut p = Pixels::new(30, 30, [0; 4]);
        // Two overlapping discs of one group: the overlap is no darker than either.
        p.group(&[(12.0, 15.0), (15.0, 15.0)], Shape::disc(4.0), BLUE, 0.5);
        assert_eq!(p.pixel(13, 15)[3], 128);
        // A second group over it: "over" compositing of straight colours.
        p.group(&[(13.5, 15.0)], Shape::disc(2.0), ORANGE, 0.5);
        let [r, g, b, a] = p.pixel(13, 15);
        let under = 128.0 / 255.0 * (1.0 - 128.0 / 255.0);
        let top = 128.0 / 255.0;
        let out = top + under;
        assert!((f64::from(a) - out * 255.0).abs() <= 1.0, "{a}");
        // Half of orange over the half-covered blue: about two thirds orange.
        let mix = |o: u8, bl: u8| (f64::from(o) * top + f64::from(bl) * under) / out;
        for (got, want) in [(r, mix(230, 0)), (g, mix(159, 114)), (b, mix(0, 178))] {
            assert!((f64::from(got) - want).abs() <= 1.0, "{got} vs {want}");
        }
    }

    #[test]
    fn discs_beyond_the_edges_or_malformed_paint_only_what_is_inside() {
        let mut p = Pixels::new(10, 10, [0; 4]);
        p.group(
            &[
                (-3.0, 5.0),
                (5.0, 12.0),
                (f64::NAN, 5.0),
                (5.0, f64::INFINITY),
                (1e300, -1e300),
                (-40.0, -40.0),
            ],
            Shape::disc(4.0),
            BLUE,
            1.0,
        );
        assert!(p.pixel(0, 5)[3] > 0);
        assert!(p.pixel(5, 9)[3] > 0);
        assert_eq!(p.pixel(5, 5)[3], 0);
        assert_eq!(p.pixel(50, 50), [0; 4]);
        // Radii that are not a positive number of pixels paint nothing, nor rings whose hole
        // is not smaller than them.
        let bad = [0.0, -1.0, f64::NAN, f64::INFINITY, 1e9].map(Shape::disc);
        for shape in bad.into_iter().chain([
            Shape::ring(3.0, 3.0),
            Shape::ring(4.0, 2.0),
            Shape::ring(-1.0, 2.0),
            Shape::ring(f64::NAN, 2.0),
        ]) {
            p.reset(10, 10, [0; 4]);
            p.group(&[(5.0, 5.0)], shape, BLUE, 1.0);
            assert_eq!(ink(&p), 0.0, "{shape:?}");
        }
    }

    #[test]
    fn a_ring_covers_its_band_and_leaves_its_hole() {
        let mut p = Pixels::new(40, 40, [0; 4]);
        p.group(&[(20.0, 20.0)], Shape::ring(5.0, 8.0), ORANGE, 1.0);
        let area = std::f64::consts::PI * (64.0 - 25.0);
        assert!(
            (ink(&p) - area).abs() < area * 0.04,
            "{} vs {area}",
            ink(&p)
        );
        // The hole and the outside are empty, the band full.
        assert_eq!(p.pixel(20, 20)[3], 0);
        assert_eq!(p.pixel(22, 22)[3], 0);
        assert_eq!(p.pixel(26, 19), [230, 159, 0, 255]);
        assert_eq!(p.pixel(19, 13)[3], 255);
        assert_eq!(p.pixel(20, 30)[3], 0);
        // A ring over a disc of another colour: the disc shows through the hole only.
        p.group(&[(20.0, 20.0)], Shape::disc(5.0), BLUE, 1.0);
        p.group(&[(20.0, 20.0)], Shape::ring(4.0, 6.0), ORANGE, 1.0);
        assert_eq!(p.pixel(20, 20), [0, 114, 178, 255]);
        assert_eq!(p.pixel(24, 19), [230, 159, 0, 255]);
    }

    #[test]
    fn shapes_used_in_turn_keep_their_stamps() {
        let mut p = Pixels::new(30, 30, [0; 4]);
        let shapes = [Shape::disc(2.0), Shape::ring(3.0, 4.0), Shape::disc(1.5)];
        for round in 0..3 {
            for shape in shapes {
                p.group(&[(15.0, 15.0)], shape, BLUE, 1.0);
            }
            assert_eq!(p.stamps.len(), 3, "round {round}");
        }
        for k in 0..10 {
            p.group(
                &[(15.0, 15.0)],
                Shape::disc(1.0 + f64::from(k) / 4.0),
                BLUE,
                1.0,
            );
        }
        assert_eq!(p.stamps.len(), STAMP_SETS_KEPT);
        assert_eq!(
            p.stamps.last().map(|s| s.shape_bits),
            Some(Shape::disc(3.25).bits())
        );
    }

    #[test]
    fn over_an_opaque_background_a_reset_restores_what_was_painted() {
        let bg = [250, 251, 252, 255];
        let mut p = Pixels::new(30, 30, bg);
        p.group(&[(10.0, 10.0), (20.3, 20.6)], Shape::disc(3.0), BLUE, 0.9);
        p.group(&[(11.0, 10.0)], Shape::disc(3.0), ORANGE, 0.9);
        // Opaque everywhere; a dot's middle is 0.9 of its colour over the background.
        assert!(p.rgba().chunks(4).all(|px| px[3] == 255));
        let mix = |c: u8, b: u8| f64::from(c) * 0.9 + f64::from(b) * 0.1;
        let got = p.pixel(20, 20);
        for (k, want) in [mix(0, 250), mix(114, 251), mix(178, 252)]
            .into_iter()
            .enumerate()
        {
            assert!((f64::from(got[k]) - want).abs() <= 1.0, "{got:?}");
        }
        assert_ne!(p.pixel(10, 10), bg);
        // The same size and background: only the painted pixels go back, and all of them do.
        p.reset(30, 30, bg);
        assert!(p.rgba().chunks(4).all(|px| px == bg));
        // Another background repaints the whole buffer.
        p.reset(30, 30, [0, 0, 0, 255]);
        assert!(p.rgba().chunks(4).all(|px| px == [0, 0, 0, 255]));
    }

    #[test]
    fn a_moved_marker_rings_its_fill_and_is_outlined_just_outside() {
        for radius in [1.6, 1.74, 3.0] {
            let m = MovedMarker::new(radius, 1.0);
            assert!(
                m.ring.inner < m.fill.outer && m.fill.outer < m.ring.outer,
                "{m:?}"
            );
            assert_eq!(m.outline.inner, m.ring.outer);
            assert!(m.outline.outer > m.outline.inner && m.fill.outer > radius);
            // At another device pixel ratio, the same marker scaled.
            let twice = MovedMarker::new(radius, 2.0);
            for (a, b) in [
                (m.outline, twice.outline),
                (m.fill, twice.fill),
                (m.ring, twice.ring),
            ] {
                assert_eq!((a.inner * 2.0, a.outer * 2.0), (b.inner, b.outer));
            }
        }
    }

    #[test]
    fn stamp_rows_list_their_non_zero_cells() {
        assert_eq!(row_runs(&[0, 0, 0]), [0; 4]);
        assert_eq!(row_runs(&[0, 9, 255, 9, 0]), [1, 4, 4, 4]);
        assert_eq!(row_runs(&[7, 0, 0, 0, 7]), [0, 1, 4, 5]);
        assert_eq!(row_runs(&[1, 0, 2, 0, 3, 0]), [0, 1, 2, 5]);
        // Every non-zero cell of every stamp lies in its row's runs.
        for shape in [Shape::disc(1.74), Shape::ring(4.09, 5.09), Shape::disc(7.5)] {
            let stamps = Stamps::new(shape);
            let side = stamps.side();
            for (row, &[l0, l1, r0, r1]) in stamps.cover.chunks(side).zip(&stamps.runs) {
                for (a, &c) in row.iter().enumerate() {
                    let inside = (usize::from(l0)..usize::from(l1)).contains(&a)
                        || (usize::from(r0)..usize::from(r1)).contains(&a);
                    assert!(c == 0 || inside, "{shape:?} {row:?}");
                }
            }
        }
    }

    #[test]
    fn a_reset_restores_marks_cut_by_the_edges() {
        let bg = [10, 20, 30, 255];
        let mut p = Pixels::new(24, 16, bg);
        let corners = [(0.2, 0.3), (23.9, 15.5), (-2.0, 8.0), (12.0, 17.5)];
        p.group(&corners, Shape::ring(2.0, 4.0), ORANGE, 1.0);
        p.group(&[(12.0, 8.0)], Shape::disc(3.0), BLUE, 0.5);
        assert!(p.rgba().chunks(4).filter(|px| *px != bg).count() > 60);
        p.reset(24, 16, bg);
        assert!(p.rgba().chunks(4).all(|px| px == bg));
    }

    #[test]
    fn reset_clears_and_resizes() {
        let mut p = Pixels::new(10, 10, [0; 4]);
        p.group(&[(5.0, 5.0)], Shape::disc(3.0), BLUE, 1.0);
        assert!(ink(&p) > 0.0);
        p.reset(10, 10, [0; 4]);
        assert_eq!(ink(&p), 0.0);
        p.group(&[(5.0, 5.0)], Shape::disc(3.0), BLUE, 1.0);
        p.reset(7, 3, [0; 4]);
        assert_eq!((p.width(), p.height(), p.rgba().len()), (7, 3, 84));
        assert_eq!(ink(&p), 0.0);
        // A group after a resize paints from a clean coverage, at another radius.
        p.group(&[(3.5, 1.5)], Shape::disc(1.0), ORANGE, 1.0);
        assert_eq!(p.pixel(3, 1), [230, 159, 0, 255]);
    }

    /// The layer painted from scratch: background, then each coat in order.
    fn painted_whole(
        (w, h): (usize, usize),
        centres: &[(f64, f64)],
        worn: &[Worn],
        coats: &[Coat],
    ) -> Pixels {
        let mut p = Pixels::new(w, h, [250, 250, 250, 255]);
        for (k, coat) in coats.iter().enumerate() {
            let mine: Vec<(f64, f64)> = centres
                .iter()
                .zip(worn)
                .filter(|(_, w)| w.contains(&(k as u16)))
                .map(|(&c, _)| c)
                .collect();
            p.group(&mine, coat.shape, coat.colour, coat.opacity);
        }
        p
    }

    #[test]
    fn a_layer_repainted_square_by_square_equals_one_painted_whole() {
        // Dense, overlapping discs (some cut by the edges, one not a number): dots of three
        // colours, and "moved" ones wearing an outline, a fill and a ring; a few change what
        // they wear each frame, then most of them at once.
        let (w, h) = (200, 130);
        let mut seed = 11u64;
        let mut next = move |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut centres: Vec<(f64, f64)> = (0..600)
            .map(|_| {
                (
                    next(2080) as f64 / 10.0 - 4.0,
                    next(1380) as f64 / 10.0 - 4.0,
                )
            })
            .collect();
        centres[7] = (f64::NAN, 3.0);
        let dot = |colour| Coat {
            shape: Shape::disc(2.6),
            colour,
            opacity: 0.35,
        };
        let marker = MovedMarker::new(2.0, 1.3);
        let opaque = |shape, colour| Coat {
            shape,
            colour,
            opacity: 1.0,
        };
        let mut coats = vec![
            dot(BLUE),
            dot(ORANGE),
            dot([0, 158, 115]),
            opaque(marker.outline, [20, 20, 20]),
            opaque(marker.fill, ORANGE),
            opaque(marker.ring, BLUE),
        ];
        let moved: Worn = [3, 4, 5];
        let mut worn: Vec<Worn> = (0..600).map(|i| [i % 3, NO_COAT, NO_COAT]).collect();
        let mut layer = DiscLayer::default();
        fn picture<'a>(
            centres: &'a [(f64, f64)],
            worn: &'a [Worn],
            coats: &'a [Coat],
        ) -> Picture<'a> {
            Picture {
                width: 200,
                height: 130,
                background: [250, 250, 250, 255],
                centres,
                worn,
                coats,
            }
        }
        let first = layer.paint(&picture(&centres, &worn, &coats));
        assert_eq!(first, Repainted::Whole);
        let mut by_squares = 0;
        for frame in 0..40 {
            let changes = if frame == 30 { 500 } else { frame % 6 };
            for _ in 0..changes {
                let i = next(600) as usize;
                worn[i] = match next(5) {
                    3 => [NO_COAT; 3],
                    4 => moved,
                    g => [g as u16, NO_COAT, NO_COAT],
                };
            }
            let how = layer.paint(&picture(&centres, &worn, &coats));
            if matches!(how, Repainted::Squares(n) if n > 0) {
                by_squares += 1;
            }
            let want = painted_whole((w, h), &centres, &worn, &coats);
            assert_eq!(layer.pixels().rgba(), want.rgba(), "frame {frame}: {how:?}");
        }
        assert!(by_squares >= 15, "{by_squares} frames repainted by squares");
        // Nothing changed: nothing repainted.
        assert_eq!(
            layer.paint(&picture(&centres, &worn, &coats)),
            Repainted::Squares(0)
        );
        assert!(layer.shows(&coats));
        // Other coats or centres: painted whole.
        coats[1].opacity = 0.9;
        assert!(!layer.shows(&coats));
        assert_eq!(
            layer.paint(&picture(&centres, &worn, &coats)),
            Repainted::Whole
        );
        centres[0].0 += 0.5;
        assert_eq!(
            layer.paint(&picture(&centres, &worn, &coats)),
            Repainted::Whole
        );
        let want = painted_whole((w, h), &centres, &worn, &coats);
        assert_eq!(layer.pixels().rgba(), want.rgba());
    }
}
