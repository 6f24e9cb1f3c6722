//! Ring geometry for drawing: ring positions to angles and points, owner arcs (with arcs
//! thinner than a pixel merged — for drawing only, never for the figures), vnode ticks
//! thinned to one per pixel and node, key dots, and hit-testing a click to the nearest dot.
//!
//! Angles are in radians, clockwise from the top (12 o'clock), as on a clock face; screen
//! coordinates are CSS pixels with y pointing down.

use std::f64::consts::TAU;

use partlab_core::hash::ring_fraction;
use partlab_core::strategy::RingPoint;

use crate::model::Dot;

/// Angle of ring position `hash`, clockwise from the top, in `[0, 2π)`.
pub fn angle_of(hash: u64) -> f64 {
    ring_fraction(hash) * TAU
}

/// `(sin a, cos a)` for drawing, within a few units in the last place of `f64::sin_cos` for
/// the angles a ring is drawn with (`|a|` up to a few turns; within 1e-9 up to 10^6 rad).
///
/// Why not `f64::sin_cos`: on wasm it links the C library's argument reduction, built for
/// any `f64` up to 10^308 (a table of 2/π's digits and multi-word arithmetic, about 7 KB of
/// the page's first download); the ring only ever needs a turn or two.
pub fn sin_cos(a: f64) -> (f64, f64) {
    if !a.is_finite() {
        return (f64::NAN, f64::NAN);
    }
    // a = k·π/2 + r with |r| ≤ π/4: π/2 split in a part with a short mantissa (k times it is
    // exact for |k| < 2^20) and the rest, so that the subtraction loses nothing that matters.
    const HALF_PI_HEAD: f64 = 1.570_796_326_734_125_6;
    const HALF_PI_TAIL: f64 = 6.077_100_506_506_192e-11;
    let k = (a * std::f64::consts::FRAC_2_PI).round_ties_even();
    let r = (a - k * HALF_PI_HEAD) - k * HALF_PI_TAIL;
    let (s, c) = (sin_kernel(r), cos_kernel(r));
    // The quadrant: k mod 4 (the low two bits of a two's complement integer, negatives too).
    match (k as i64) & 3 {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

/// sin r for |r| ≤ π/4: its Taylor series to r^19 (the first term left out is below 1e-19).
fn sin_kernel(r: f64) -> f64 {
    let r2 = r * r;
    // Horner's scheme from the highest term: each step is 1 − r²/((2n)(2n+1))·(…).
    let mut acc = 1.0;
    for n in (1..=9u32).rev() {
        let d = f64::from(2 * n) * f64::from(2 * n + 1);
        acc = 1.0 - r2 / d * acc;
    }
    r * acc
}

/// cos r for |r| ≤ π/4: its Taylor series to r^20.
fn cos_kernel(r: f64) -> f64 {
    let r2 = r * r;
    let mut acc = 1.0;
    for n in (1..=10u32).rev() {
        let d = f64::from(2 * n - 1) * f64::from(2 * n);
        acc = 1.0 - r2 / d * acc;
    }
    acc
}

/// Where the ring sits on a canvas of `width` × `height` CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RingLayout {
    /// Centre x.
    pub cx: f64,
    /// Centre y.
    pub cy: f64,
    /// Radius of the owner arcs' centre line.
    pub radius: f64,
    /// Thickness of the owner arcs.
    pub arc_width: f64,
}

impl RingLayout {
    /// A ring centred in the canvas with room around it for ticks and labels.
    pub fn fit(width: f64, height: f64) -> RingLayout {
        let side = width.min(height).max(40.0);
        let arc_width = (side * 0.035).clamp(4.0, 22.0);
        // Room outside the arcs for the vnode ticks and the "0" label above them.
        let outside = arc_width / 2.0 + 2.0 + Self::tick_length(arc_width) + 18.0;
        let radius = (side / 2.0 - outside).min(side * 0.41).max(side * 0.2);
        RingLayout {
            cx: width / 2.0,
            cy: height / 2.0,
            radius,
            arc_width,
        }
    }

    /// Length of a vnode tick for arcs `arc_width` thick.
    pub fn tick_length(arc_width: f64) -> f64 {
        (arc_width * 0.6).max(6.0)
    }

    /// Inner and outer distance from the centre of the vnode ticks.
    pub fn tick_span(&self) -> (f64, f64) {
        let r0 = self.radius + self.arc_width / 2.0 + 2.0;
        (r0, r0 + Self::tick_length(self.arc_width))
    }

    /// The point at `angle` and distance `r` from the centre.
    pub fn point(&self, angle: f64, r: f64) -> (f64, f64) {
        let (sin, cos) = sin_cos(angle);
        (self.cx + r * sin, self.cy - r * cos)
    }

    /// The smallest angle that spans one pixel on the arcs.
    pub fn pixel_angle(&self) -> f64 {
        1.0 / self.radius.max(1.0)
    }

    /// Distance from the centre at which the dot for `dot` (the `i`-th sample key) is drawn:
    /// inside the arcs, spread over a few lanes so dots at close angles stay apart.
    pub fn dot_radius(&self, hash: u64) -> f64 {
        let lanes = 5.0;
        let lane = (hash >> 7) % 5;
        let inner = self.radius - self.arc_width * 0.5 - 6.0;
        let band = (self.radius * 0.28).max(10.0);
        inner - band * (lane as f64 / (lanes - 1.0))
    }

    /// Screen position of a key dot.
    pub fn dot_position(&self, hash: u64) -> (f64, f64) {
        self.point(angle_of(hash), self.dot_radius(hash))
    }
}

/// One arc of the ring coloured by its owner, from `start` to `end` (radians, `end > start`,
/// `end` may exceed 2π for the arc that wraps past the top).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArcSpan {
    /// Start angle.
    pub start: f64,
    /// End angle.
    pub end: f64,
    /// Colour slot of the owner.
    pub colour: usize,
}

/// The owner arcs of a ring, for drawing: the keys in `[previous vnode, vnode)` belong to
/// the vnode's node, and the arc before the first vnode wraps from the last one. Adjacent
/// arcs of one owner are merged. With `min_angle > 0` (a pixel), the ring is cut into
/// pixel-wide slices and each slice takes the colour of the owner covering most of it, so a
/// ring of 200 000 vnodes draws as at most one arc per pixel and still shows every owner in
/// proportion. Drawing only: the figures always use the exact arcs.
///
/// `colour_of(node index)` gives each node's colour slot.
pub fn owner_arcs(
    points: &[RingPoint],
    min_angle: f64,
    colour_of: impl Fn(usize) -> usize,
) -> Vec<ArcSpan> {
    let Some(last) = points.last() else {
        return Vec::new();
    };
    if points.len() == 1 {
        return vec![ArcSpan {
            start: 0.0,
            end: TAU,
            colour: colour_of(last.node as usize),
        }];
    }
    // Exact arcs, starting at the last vnode's angle (minus a turn) so the wrap-around arc
    // comes first; same-owner neighbours merged.
    let base = angle_of(last.position) - TAU;
    let mut prev = base;
    let mut exact: Vec<ArcSpan> = Vec::new();
    for p in points {
        let end = angle_of(p.position);
        let colour = colour_of(p.node as usize);
        match exact.last_mut() {
            Some(cur) if cur.colour == colour => cur.end = end,
            _ => exact.push(ArcSpan {
                start: prev,
                end,
                colour,
            }),
        }
        prev = end;
    }
    let out = if min_angle > 0.0 && exact.iter().any(|a| a.end - a.start < min_angle) {
        dominant_slices(&exact, base, min_angle)
    } else {
        exact
    };
    // Shift everything into [0, 2π + …).
    out.into_iter()
        .map(|a| ArcSpan {
            start: a.start - base + base.rem_euclid(TAU),
            end: a.end - base + base.rem_euclid(TAU),
            colour: a.colour,
        })
        .collect()
}

/// Cuts `[base, base + 2π)` into slices of `slice` radians, gives each the colour covering
/// most of it, and merges equal neighbours.
fn dominant_slices(exact: &[ArcSpan], base: f64, slice: f64) -> Vec<ArcSpan> {
    let n = (TAU / slice).ceil().max(1.0) as usize;
    let slice = TAU / n as f64;
    let mut out: Vec<ArcSpan> = Vec::new();
    let mut cover: Vec<(usize, f64)> = Vec::new();
    let mut arcs = exact.iter().peekable();
    for i in 0..n {
        let (s0, s1) = (base + i as f64 * slice, base + (i + 1) as f64 * slice);
        cover.clear();
        // Arcs overlapping this slice (an arc may span many slices: keep it for the next).
        while let Some(a) = arcs.peek() {
            let overlap = a.end.min(s1) - a.start.max(s0);
            if overlap > 0.0 {
                match cover.iter_mut().find(|(c, _)| *c == a.colour) {
                    Some((_, w)) => *w += overlap,
                    None => cover.push((a.colour, overlap)),
                }
            }
            if a.end <= s1 {
                arcs.next();
            } else {
                break;
            }
        }
        let Some(&(colour, _)) = cover.iter().max_by(|x, y| x.1.total_cmp(&y.1)) else {
            continue;
        };
        match out.last_mut() {
            Some(cur) if cur.colour == colour => cur.end = s1,
            _ => out.push(ArcSpan {
                start: s0,
                end: s1,
                colour,
            }),
        }
    }
    if let Some(first) = out.first_mut() {
        first.start = base;
    }
    out
}

/// Vnode ticks to draw: `(angle, colour slot)`, at most one per pixel of circumference (the
/// first vnode in that pixel), so a dense ring draws a fair sample of its vnodes instead of
/// piling every colour onto every pixel.
pub fn ticks(
    points: &[RingPoint],
    min_angle: f64,
    colour_of: impl Fn(usize) -> usize,
) -> Vec<(f64, usize)> {
    let buckets = (TAU / min_angle.max(1e-6)).ceil().max(1.0);
    let mut out: Vec<(f64, usize)> = Vec::new();
    let mut last_bucket: Option<u64> = None;
    for p in points {
        let a = angle_of(p.position);
        let bucket = (a / TAU * buckets) as u64;
        if last_bucket == Some(bucket) {
            continue;
        }
        last_bucket = Some(bucket);
        out.push((a, colour_of(p.node as usize)));
    }
    out
}

/// The dot nearest to `(x, y)` within `max_distance` CSS pixels, if any.
pub fn hit_test(
    layout: &RingLayout,
    dots: &[Dot],
    x: f64,
    y: f64,
    max_distance: f64,
) -> Option<usize> {
    let mut best: Option<(f64, usize)> = None;
    for (i, d) in dots.iter().enumerate() {
        let (dx, dy) = layout.dot_position(d.hash);
        let dist = ((dx - x).powi(2) + (dy - y).powi(2)).sqrt();
        if dist <= max_distance && best.is_none_or(|(b, _)| dist < b) {
            best = Some((dist, i));
        }
    }
    best.map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use partlab_core::config::{Config, Strategy};
    use partlab_core::strategy::Ring;

    fn rp(position: u64, node: u16) -> RingPoint {
        RingPoint {
            position,
            node,
            vnode: 0,
        }
    }

    #[test]
    fn sin_cos_agrees_with_the_standard_library() {
        let mut worst: f64 = 0.0;
        // Every angle the ring uses and well beyond, both signs, the quadrant edges included.
        let mut angles: Vec<f64> = (-40_000..=40_000)
            .map(|i| f64::from(i) * 0.000_61)
            .collect();
        for k in -16..=16 {
            let edge = f64::from(k) * std::f64::consts::FRAC_PI_4;
            angles.extend([edge, edge.next_up(), edge.next_down()]);
        }
        for a in angles {
            let (s, c) = sin_cos(a);
            worst = worst.max((s - a.sin()).abs()).max((c - a.cos()).abs());
        }
        assert!(worst < 4e-16, "largest difference {worst:e}");
        assert_eq!(sin_cos(0.0), (0.0, 1.0));
        for a in [1.0e3, -2.5e4, 7.77e5] {
            let (s, c) = sin_cos(a);
            assert!(
                (s - a.sin()).abs() < 1e-9 && (c - a.cos()).abs() < 1e-9,
                "{a}"
            );
        }
        let (s, c) = sin_cos(f64::NAN);
        assert!(s.is_nan() && c.is_nan());
        assert!(sin_cos(f64::INFINITY).0.is_nan());
    }

    #[test]
    fn angles_run_clockwise_from_the_top() {
        assert_eq!(angle_of(0), 0.0);
        assert!((angle_of(1 << 63) - std::f64::consts::PI).abs() < 1e-12);
        assert!(angle_of(u64::MAX) <= TAU);
        let l = RingLayout::fit(200.0, 200.0);
        let (x, y) = l.point(0.0, 10.0);
        assert!((x - 100.0).abs() < 1e-9 && (y - 90.0).abs() < 1e-9);
        let (x, y) = l.point(TAU / 4.0, 10.0);
        assert!((x - 110.0).abs() < 1e-9 && (y - 100.0).abs() < 1e-9);
    }

    #[test]
    fn arcs_cover_the_ring_once_and_merge_same_owner_neighbours() {
        let q = 1u64 << 62;
        let points = [rp(q, 0), rp(2 * q, 0), rp(3 * q, 1)];
        let arcs = owner_arcs(&points, 0.001, |n| n);
        // From 3q (wrap) to q and on to 2q: node 0; 2q to 3q: node 1.
        assert_eq!(arcs.len(), 2);
        assert_eq!(arcs[0].colour, 0);
        assert!((arcs[0].start - angle_of(3 * q)).abs() < 1e-12);
        assert!((arcs[0].end - (angle_of(2 * q) + TAU)).abs() < 1e-12);
        let total: f64 = arcs.iter().map(|a| a.end - a.start).sum();
        assert!((total - TAU).abs() < 1e-9);
    }

    #[test]
    fn sub_pixel_arcs_are_merged_for_drawing_only() {
        let config = Config::new(Strategy::Ring, ["a", "b", "c", "d"]).with_vnodes(1000);
        let ring = Ring::build(&config).expect("valid");
        let layout = RingLayout::fit(300.0, 300.0);
        let arcs = owner_arcs(ring.points(), layout.pixel_angle(), |n| n);
        let pixels = (TAU * layout.radius) as usize;
        assert!(arcs.len() <= pixels, "{} arcs for {pixels} px", arcs.len());
        assert!(arcs.iter().all(|a| a.end > a.start));
        let total: f64 = arcs.iter().map(|a| a.end - a.start).sum();
        assert!((total - TAU).abs() < 1e-9);
        let exact = owner_arcs(ring.points(), 0.0, |n| n);
        assert!(exact.len() > arcs.len());
        let t = ticks(ring.points(), layout.pixel_angle(), |n| n);
        assert!(t.len() < ring.points().len() && t.len() > 100);
    }

    #[test]
    fn a_dense_ring_still_shows_every_owner_in_proportion() {
        let names: Vec<String> = (0..32).map(|i| format!("n{i}")).collect();
        let config = Config::new(Strategy::Ring, names).with_vnodes(1000);
        let ring = Ring::build(&config).expect("valid");
        let layout = RingLayout::fit(400.0, 400.0);
        let arcs = owner_arcs(ring.points(), layout.pixel_angle(), |n| n);
        let mut per_owner = vec![0.0; 32];
        for a in &arcs {
            per_owner[a.colour] += a.end - a.start;
        }
        for (i, share) in per_owner.iter().enumerate() {
            let share = share / TAU;
            assert!(share > 0.01 && share < 0.07, "owner {i} draws {share}");
        }
        let total: f64 = arcs.iter().map(|a| a.end - a.start).sum();
        assert!((total - TAU).abs() < 1e-9);
        assert!(arcs
            .windows(2)
            .all(|w| (w[0].end - w[1].start).abs() < 1e-9));
    }

    #[test]
    fn the_ring_leaves_room_for_ticks_and_label() {
        for (w, h) in [(320.0, 320.0), (1200.0, 700.0), (60.0, 60.0)] {
            let l = RingLayout::fit(w, h);
            let (_, outer) = l.tick_span();
            assert!(
                outer + 12.0 <= w.min(h) / 2.0 || w < 100.0,
                "{w}×{h}: {l:?}"
            );
            assert!(l.dot_radius(0) > 0.0 && l.dot_radius(u64::MAX) > 0.0);
        }
    }

    #[test]
    fn one_vnode_owns_the_whole_ring() {
        let arcs = owner_arcs(&[rp(5, 3)], 0.01, |n| n + 1);
        assert_eq!(
            arcs,
            [ArcSpan {
                start: 0.0,
                end: TAU,
                colour: 4
            }]
        );
        assert!(owner_arcs(&[], 0.01, |n| n).is_empty());
    }

    #[test]
    fn a_click_selects_the_nearest_dot_within_reach() {
        let layout = RingLayout::fit(400.0, 400.0);
        let dots: Vec<Dot> = [0u64, 1 << 62, 1 << 63]
            .iter()
            .enumerate()
            .map(|(slot, &hash)| Dot {
                slot,
                hash,
                colour: 0,
                moved_from: None,
            })
            .collect();
        let (x, y) = layout.dot_position(1 << 62);
        assert_eq!(hit_test(&layout, &dots, x + 3.0, y - 2.0, 12.0), Some(1));
        assert_eq!(hit_test(&layout, &dots, layout.cx, layout.cy, 12.0), None);
    }
}
