//! SVG path data for the ring's arcs and ticks, so that the page draws each colour's with one
//! `Path2D` and one call instead of thousands of calls across the wasm/JS boundary (and can
//! keep the paths of a ring that did not change). The key dots are pixels (`partlab-raster`).
//!
//! Coordinates are CSS pixels, written with one decimal (a tenth of a pixel is below what a
//! screen shows), by a formatter that does no float formatting.

use std::f64::consts::{PI, TAU};

use crate::geometry::{ArcSpan, RingLayout};

/// Appends `v` rounded to a tenth, e.g. `-12.3`, `0`, `7.5`.
pub fn push_num(out: &mut String, v: f64) {
    let tenths = if v.is_finite() {
        (v * 10.0).round().clamp(-1e15, 1e15) as i64
    } else {
        0
    };
    if tenths < 0 {
        out.push('-');
    }
    let t = tenths.unsigned_abs();
    push_uint(out, t / 10);
    let frac = (t % 10) as u8;
    if frac != 0 {
        out.push('.');
        out.push(char::from(b'0' + frac));
    }
}

fn push_uint(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

fn push_point(out: &mut String, cmd: char, (x, y): (f64, f64)) {
    out.push(cmd);
    push_num(out, x);
    out.push(' ');
    push_num(out, y);
}

/// One arc of the circle of radius `r` from `start` to `end` (ring angles, clockwise from
/// the top, `end > start`); an arc of a whole turn is written as two halves.
fn push_arc(out: &mut String, layout: &RingLayout, r: f64, start: f64, end: f64) {
    let span = end - start;
    if span <= 0.0 {
        return;
    }
    if span >= TAU - 1e-9 {
        push_arc(out, layout, r, start, start + PI);
        push_arc(out, layout, r, start + PI, start + TAU);
        return;
    }
    push_point(out, 'M', layout.point(start, r));
    out.push('A');
    push_num(out, r);
    out.push(' ');
    push_num(out, r);
    // No rotation; the large-arc flag; sweep 1: clockwise on a screen (y down).
    out.push_str(if span > PI { " 0 1 1 " } else { " 0 0 1 " });
    let (x, y) = layout.point(end, r);
    push_num(out, x);
    out.push(' ');
    push_num(out, y);
}

/// The owner arcs of colour `colour` on the ring's centre line (stroke them `arc_width`
/// wide).
pub fn arcs_path(layout: &RingLayout, arcs: &[ArcSpan], colour: usize) -> String {
    let mut out = String::new();
    for a in arcs.iter().filter(|a| a.colour == colour) {
        push_arc(&mut out, layout, layout.radius, a.start, a.end);
    }
    out
}

/// The vnode ticks (`(angle, colour)`) of colour `colour`, from `r0` to `r1`.
pub fn ticks_path(layout: &RingLayout, ticks: &[(f64, usize)], colour: usize) -> String {
    let (r0, r1) = layout.tick_span();
    let mut out = String::new();
    for &(a, _) in ticks.iter().filter(|(_, c)| *c == colour) {
        push_point(&mut out, 'M', layout.point(a, r0));
        push_point(&mut out, 'L', layout.point(a, r1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(v: f64) -> String {
        let mut s = String::new();
        push_num(&mut s, v);
        s
    }

    #[test]
    fn numbers_are_written_to_a_tenth() {
        assert_eq!(num(0.0), "0");
        assert_eq!(num(12.34), "12.3");
        assert_eq!(num(-0.06), "-0.1");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(199.96), "200");
        assert_eq!(num(7.5), "7.5");
        assert_eq!(num(f64::NAN), "0");
        for v in [0.1, 3.3, 640.5, -17.2] {
            assert!(
                (num(v).parse::<f64>().expect("a number") - v).abs() < 0.051,
                "{v}"
            );
        }
    }

    #[test]
    fn arcs_use_the_large_flag_past_half_a_turn_and_split_a_whole_turn() {
        let l = RingLayout::fit(200.0, 200.0);
        let arc = |start, end| ArcSpan {
            start,
            end,
            colour: 0,
        };
        assert!(arcs_path(&l, &[arc(0.0, 1.0)], 0).contains(" 0 0 1 "));
        assert!(arcs_path(&l, &[arc(0.0, 4.0)], 0).contains(" 0 1 1 "));
        let whole = arcs_path(&l, &[arc(0.0, TAU)], 0);
        assert_eq!(whole.matches('A').count(), 2);
        // Other colours are left out.
        assert_eq!(arcs_path(&l, &[arc(0.0, 1.0)], 1), "");
        // Starts at the top for angle 0: x at the centre, y above it.
        assert!(whole.starts_with(&format!("M100 {}", num(100.0 - l.radius))));
    }
}
