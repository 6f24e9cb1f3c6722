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
//! few table look-ups and no square root. The marks of one [`Pixels::group`] merge as one shape
//! (overlapping dots of one colour do not darken each other, as one canvas path does not);
//! groups are composited over each other in order.
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
        Stamps {
            shape_bits: shape.bits(),
            reach,
            cover,
        }
    }

    fn side(&self) -> usize {
        2 * self.reach + 1
    }
}

/// The pixels a disc's stamp covers within the buffer: `rows` rows of `cols` pixels from
/// pixel index `start`.
#[derive(Clone, Copy, Debug)]
struct Area {
    start: usize,
    cols: usize,
    rows: usize,
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
    /// The areas of the group being painted.
    group_areas: Vec<Area>,
    /// The areas painted since the last reset: a reset to the same background restores only
    /// them.
    painted: Vec<Area>,
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
        } else {
            for area in &self.painted {
                for row in 0..area.rows {
                    let from = (area.start + row * width) * 4;
                    if let Some(px) = self.rgba.get_mut(from..from + area.cols * 4) {
                        fill(px, background);
                    }
                }
            }
        }
        self.painted.clear();
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
        let opacity = if opacity.is_finite() {
            (opacity.clamp(0.0, 1.0) * 255.0 + 0.5) as u32
        } else {
            0
        };
        // First the group's shape: each pixel's largest coverage by any of its discs.
        self.group_areas.clear();
        for &(x, y) in centres {
            if let Some(area) = self.cover(x, y) {
                self.group_areas.push(area);
            }
        }
        // Then its colour over each pixel of it, once (the coverage is used up as it goes).
        let src = colour.map(u32::from);
        for area in &self.group_areas {
            for row in 0..area.rows {
                let from = area.start + row * self.width;
                let (Some(cover), Some(pixels)) = (
                    self.coverage.get_mut(from..from + area.cols),
                    self.rgba.get_mut(from * 4..(from + area.cols) * 4),
                ) else {
                    continue;
                };
                for (c, px) in cover.iter_mut().zip(pixels.chunks_exact_mut(4)) {
                    if *c != 0 {
                        over(px, src, div255(u32::from(*c) * opacity));
                        *c = 0;
                    }
                }
            }
        }
        self.painted.extend_from_slice(&self.group_areas);
    }

    /// Adds the disc centred at `(x, y)` to the coverage of the group being painted (the
    /// larger coverage wins) and returns the area it covers.
    fn cover(&mut self, x: f64, y: f64) -> Option<Area> {
        let stamps = self.stamps.last()?;
        let side = stamps.side();
        let reach = stamps.reach as f64;
        let (w, h) = (self.width as f64, self.height as f64);
        // A disc wholly outside the buffer (or not a number) paints nothing.
        if !(x > -reach - 1.0 && x < w + reach + 1.0 && y > -reach - 1.0 && y < h + reach + 1.0) {
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
        // The stamp's columns and rows that fall inside the buffer.
        let clip = |start: i64, size: usize| {
            let first = (-start).clamp(0, side as i64) as usize;
            let end = (size as i64 - start).clamp(0, side as i64) as usize;
            (first, end)
        };
        let ((a0, a1), (b0, b1)) = (clip(left, self.width), clip(top, self.height));
        if a0 >= a1 || b0 >= b1 {
            return None;
        }
        let stamp = (qy.min(STEPS - 1) * STEPS + qx.min(STEPS - 1)) * side * side;
        // In the buffer by the clip above.
        let start = (top + b0 as i64) as usize * self.width + (left + a0 as i64) as usize;
        let area = Area {
            start,
            cols: a1 - a0,
            rows: b1 - b0,
        };
        for row in 0..area.rows {
            let cells = stamp + (b0 + row) * side;
            let from = start + row * self.width;
            let (Some(cells), Some(cover)) = (
                stamps.cover.get(cells + a0..cells + a1),
                self.coverage.get_mut(from..from + area.cols),
            ) else {
                return None;
            };
            for (old, &c) in cover.iter_mut().zip(cells) {
                *old = (*old).max(c);
            }
        }
        Some(area)
    }
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
        // Over an opaque pixel (the ring's background): it stays opaque.
        for ch in 0..3 {
            px[ch] = div255(src[ch] * a + u32::from(px[ch]) * (255 - a)) as u8;
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
}
