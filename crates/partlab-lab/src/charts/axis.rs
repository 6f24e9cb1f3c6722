//! Scales (data → pixel), tick choice and tick labels. Pure functions, tested on their own.

use crate::i18n::fmt_int;
use crate::state::Lang;

/// A one-dimensional mapping from data values to pixels, linear or logarithmic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Scale {
    lo: f64,
    hi: f64,
    p0: f64,
    p1: f64,
    log: bool,
}

impl Scale {
    /// Linear from `lo..hi` onto pixels `p0..p1` (`p1 < p0` for a y axis pointing up).
    pub(crate) fn linear(lo: f64, hi: f64, p0: f64, p1: f64) -> Scale {
        let hi = if hi > lo { hi } else { lo + 1.0 };
        Scale {
            lo,
            hi,
            p0,
            p1,
            log: false,
        }
    }

    /// Base-10 logarithmic from `lo..hi` (both > 0) onto pixels `p0..p1`.
    pub(crate) fn log(lo: f64, hi: f64, p0: f64, p1: f64) -> Scale {
        let lo = if lo > 0.0 { lo } else { 1.0 };
        let hi = if hi > lo { hi } else { lo * 10.0 };
        Scale {
            lo: lo.log10(),
            hi: hi.log10(),
            p0,
            p1,
            log: true,
        }
    }

    /// The pixel of data value `v` (values outside the range extrapolate).
    pub(crate) fn px(&self, v: f64) -> f64 {
        let v = if self.log {
            if v > 0.0 {
                v.log10()
            } else {
                self.lo
            }
        } else {
            v
        };
        self.p0 + (v - self.lo) / (self.hi - self.lo) * (self.p1 - self.p0)
    }

    /// The data range shown (for a log scale, in data units).
    pub(crate) fn range(&self) -> (f64, f64) {
        if self.log {
            (10f64.powf(self.lo), 10f64.powf(self.hi))
        } else {
            (self.lo, self.hi)
        }
    }
}

/// Integer ticks from 0 for a linear axis whose data reach `max`, at most `max_count`
/// intervals: `(top, ticks)` where `top` (the axis end) is the last tick, at or above `max`.
///
/// Steps are 1, 2, 5, 10, 20, 25, 50, 100, … so every label is a whole number.
pub(crate) fn linear_ticks(max: f64, max_count: usize) -> (f64, Vec<f64>) {
    let max = if max.is_finite() && max > 0.0 {
        max
    } else {
        1.0
    };
    let max_count = max_count.max(1) as f64;
    let mut k = 1.0;
    let step = 'search: loop {
        for m in [1.0, 2.0, 2.5, 5.0] {
            let s = m * k;
            if m == 2.5 && k < 10.0 {
                continue;
            }
            if (max / s).ceil() <= max_count || s >= 1e15 {
                break 'search s;
            }
        }
        k *= 10.0;
    };
    let n = (max / step - 1e-9).ceil().max(1.0) as usize;
    let ticks: Vec<f64> = (0..=n).map(|i| i as f64 * step).collect();
    (n as f64 * step, ticks)
}

/// Integer ticks for a linear axis over `lo..=hi` (both whole numbers, like node counts),
/// at most `max_count` intervals.
pub(crate) fn integer_ticks(lo: f64, hi: f64, max_count: usize) -> Vec<f64> {
    let span = (hi - lo).max(1.0);
    let (_, unit) = linear_ticks(span, max_count);
    let step = unit.get(1).copied().unwrap_or(1.0);
    let first = (lo / step).ceil() * step;
    let mut out = Vec::new();
    let mut v = first;
    while v <= hi + 1e-9 && out.len() < 1000 {
        out.push(v);
        v += step;
    }
    out
}

/// Candidate ticks of a log axis over `lo..=hi`, most important first: powers of ten,
/// then 5 × 10^k, then 2 × 10^k. Whole numbers only (the axis counts vnodes).
pub(crate) fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut out = Vec::new();
    if !(lo > 0.0 && hi >= lo && hi.is_finite()) {
        return out;
    }
    let first = lo.log10().floor() as i32;
    let last = hi.log10().ceil() as i32;
    for m in [1.0, 5.0, 2.0] {
        for e in first.max(0)..=last.min(15) {
            let v = m * 10f64.powi(e);
            if v >= lo * (1.0 - 1e-9) && v <= hi * (1.0 + 1e-9) {
                out.push(v);
            }
        }
    }
    out
}

/// A whole number as a tick label, written like the page's tables in `lang` (Catalan
/// `20.000`, English `20,000`: [`crate::i18n::fmt_int`]), so an axis and the table beside it
/// agree.
pub(crate) fn format_int(v: f64, lang: Lang) -> String {
    if !v.is_finite() {
        return String::new();
    }
    let n = v.round();
    let digits = fmt_int(lang, n.abs().min(u64::MAX as f64) as u64);
    if n < 0.0 {
        format!("−{digits}")
    } else {
        digits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_scale_maps_both_ends_and_back() {
        let s = Scale::linear(0.0, 100.0, 300.0, 100.0);
        assert_eq!(s.px(0.0), 300.0);
        assert_eq!(s.px(100.0), 100.0);
        assert_eq!(s.px(50.0), 200.0);
        // A degenerate range does not divide by zero.
        assert!(Scale::linear(5.0, 5.0, 0.0, 10.0).px(5.0).is_finite());
    }

    #[test]
    fn log_scale_puts_decades_evenly() {
        let s = Scale::log(1.0, 1000.0, 0.0, 300.0);
        assert!((s.px(10.0) - 100.0).abs() < 1e-9);
        assert!((s.px(100.0) - 200.0).abs() < 1e-9);
        let (lo, hi) = s.range();
        assert!((lo - 1.0).abs() < 1e-9 && (hi - 1000.0).abs() < 1e-6);
        // Non-positive values go to the left edge instead of NaN.
        assert_eq!(s.px(0.0), 0.0);
    }

    #[test]
    fn linear_ticks_are_whole_and_cover_the_data() {
        let check = |max: f64, count: usize, top: f64, n: usize| {
            let (t, ticks) = linear_ticks(max, count);
            assert_eq!(t, top, "max {max} count {count}");
            assert_eq!(ticks.len(), n, "{ticks:?}");
            assert_eq!(ticks[0], 0.0);
            assert!(ticks.iter().all(|v| v.fract() == 0.0));
            assert!(t >= max || max.is_nan());
        };
        check(100.0, 4, 100.0, 5);
        check(100.0, 5, 100.0, 6);
        check(107.0, 5, 125.0, 6);
        check(5_400.0, 6, 6_000.0, 7);
        check(3.0, 6, 3.0, 4);
        check(0.2, 5, 1.0, 2);
        check(0.0, 5, 1.0, 2);
        check(f64::NAN, 5, 1.0, 2);
        check(2.3e6, 5, 2.5e6, 6);
    }

    #[test]
    fn integer_ticks_stay_in_range() {
        assert_eq!(integer_ticks(1.0, 5.0, 10), [1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(integer_ticks(1.0, 16.0, 4), [5.0, 10.0, 15.0]);
        assert_eq!(
            integer_ticks(2.0, 16.0, 8),
            [2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0]
        );
    }

    #[test]
    fn log_ticks_rank_decades_first() {
        let t = log_ticks(1.0, 1000.0);
        assert_eq!(&t[..4], &[1.0, 10.0, 100.0, 1000.0]);
        assert!(t.contains(&500.0) && t.contains(&2.0));
        assert!(!t.contains(&2000.0));
        assert_eq!(log_ticks(100.0, 150.0), [100.0]);
        assert!(log_ticks(0.0, 10.0).is_empty());
    }

    #[test]
    fn numbers_are_written_like_the_tables() {
        for lang in Lang::ALL {
            for v in [0u64, 999, 1000, 20_000, 1_234_567] {
                assert_eq!(format_int(v as f64, lang), fmt_int(lang, v));
            }
            assert_eq!(format_int(f64::NAN, lang), "");
            assert_eq!(format_int(-20.0, lang), "−20");
        }
        assert_eq!(format_int(20_000.0, Lang::Ca), "20.000");
        assert_eq!(format_int(20_000.0, Lang::En), "20,000");
    }
}
