//! Decimal numbers typed by people (a weight, a load factor, a guess), read without the
//! standard library's float parser.
//!
//! Why not `str::parse::<f64>`: its correctly-rounded algorithm for every possible input
//! carries a table of 128-bit powers of five (about 10 KB that gzip cannot shrink) and its
//! slow path into every wasm module that calls it. The numbers the lab reads are short: for
//! up to 15 significant digits and an exponent within ±22, the mantissa and the power of ten
//! are both exact `f64`s and one multiplication or division rounds once, so
//! [`parse_decimal`] gives the very same `f64` as `str::parse` (the fast path every correct
//! parser takes first). Longer inputs keep their first 19 significant digits and may differ
//! from `str::parse` in the last bit, which no figure of the lab can show.

/// Exact powers of ten as `f64` (10^0 to 10^22 are exactly representable).
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Digits kept in the mantissa: 19 always fit a `u64`.
const KEPT_DIGITS: u32 = 19;

/// The largest mantissa that an `f64` holds exactly (2^53).
const EXACT_MANTISSA: u64 = 1 << 53;

/// Reads a decimal number: an optional sign, digits with an optional point (`12`, `0.5`, `.5`,
/// `5.`), and an optional exponent (`1e3`, `2.5E-2`). No spaces, no `inf` or `nan`, no
/// thousands separators: anything else is `None`. Too large a number reads as infinity and
/// too small a one as zero, as with `str::parse`; callers check their range.
pub fn parse_decimal(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let negative = match bytes.first() {
        Some(b'-') => {
            at = 1;
            true
        }
        Some(b'+') => {
            at = 1;
            false
        }
        _ => false,
    };

    let mut mantissa: u64 = 0;
    let mut kept: u32 = 0;
    let mut digits = 0usize;
    // Power of ten to apply to `mantissa`: negative for kept fraction digits, positive for
    // integer digits that did not fit.
    let mut exponent: i64 = 0;
    let mut inexact = false;
    let mut seen_point = false;
    while let Some(&b) = bytes.get(at) {
        match b {
            b'0'..=b'9' => {
                digits += 1;
                let d = u64::from(b - b'0');
                if mantissa == 0 && d == 0 {
                    // Leading zeros carry no digit; after the point they still shift it.
                    if seen_point {
                        exponent -= 1;
                    }
                } else if kept < KEPT_DIGITS {
                    mantissa = mantissa * 10 + d;
                    kept += 1;
                    if seen_point {
                        exponent -= 1;
                    }
                } else {
                    inexact |= d != 0;
                    if !seen_point {
                        exponent += 1;
                    }
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        at += 1;
    }
    if digits == 0 {
        return None;
    }

    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let exp_negative = match bytes.get(at) {
            Some(b'-') => {
                at += 1;
                true
            }
            Some(b'+') => {
                at += 1;
                false
            }
            _ => false,
        };
        let start = at;
        let mut written: i64 = 0;
        while let Some(&b) = bytes.get(at) {
            if !b.is_ascii_digit() {
                break;
            }
            // Saturate: an exponent this large only means infinity or zero.
            written = (written * 10 + i64::from(b - b'0')).min(1_000_000);
            at += 1;
        }
        if at == start {
            return None;
        }
        exponent += if exp_negative { -written } else { written };
    }
    if at != bytes.len() {
        return None;
    }

    let magnitude = scale(mantissa, exponent, inexact);
    Some(if negative { -magnitude } else { magnitude })
}

/// `mantissa × 10^exponent`, rounded once when both factors are exact.
fn scale(mantissa: u64, exponent: i64, inexact: bool) -> f64 {
    if mantissa == 0 {
        return 0.0;
    }
    let m = mantissa as f64;
    if !inexact && mantissa <= EXACT_MANTISSA {
        if let Ok(e) = usize::try_from(exponent) {
            if let Some(p) = EXACT_POWERS.get(e) {
                return m * p;
            }
        } else if let Some(p) = usize::try_from(-exponent)
            .ok()
            .and_then(|e| EXACT_POWERS.get(e))
        {
            return m / p;
        }
    }
    // Beyond the exact range: a few roundings, within an ulp or two of the exact value.
    // The number of digits bounds the useful exponent, so clamp it before powi.
    let e = exponent.clamp(-400, 400) as i32;
    if e >= 0 {
        m * 10f64.powi(e)
    } else if e >= -300 {
        m / 10f64.powi(-e)
    } else {
        // Two steps, so that 10^-e never overflows before the division.
        m / 10f64.powi(300) / 10f64.powi(-e - 300)
    }
}

#[cfg(test)]
mod tests {
    use super::parse_decimal;

    #[test]
    fn short_numbers_read_exactly_as_the_standard_parser_reads_them() {
        let samples = [
            "0",
            "1",
            "-1",
            "+2",
            "0.5",
            ".5",
            "5.",
            "12.25",
            "0.1",
            "0.2",
            "0.3",
            "1.1",
            "2.675",
            "0.15",
            "1.25",
            "3.14159",
            "100",
            "1000000",
            "0.000001",
            "123456789012345",
            "9007199254740992",
            "1e3",
            "2.5E-2",
            "1e22",
            "1e-22",
            "7.77e+5",
            "0.0001",
            "-0.0",
            "0001.5000",
            "64",
            "1.33",
            "99.99",
        ];
        for s in samples {
            let ours = parse_decimal(s);
            let std = s.parse::<f64>().ok();
            assert_eq!(ours.map(f64::to_bits), std.map(f64::to_bits), "{s}");
        }
    }

    #[test]
    fn every_short_decimal_matches_the_standard_parser() {
        // All numbers with up to 4 digits and the point in every place: the weights, load
        // factors and percentages that people type.
        for n in 0u32..10_000 {
            let digits = format!("{n:04}");
            for point in 0..=4 {
                let text = format!("{}.{}", &digits[..point], &digits[point..]);
                let ours = parse_decimal(&text).map(f64::to_bits);
                assert_eq!(ours, text.parse::<f64>().ok().map(f64::to_bits), "{text}");
            }
        }
    }

    #[test]
    fn long_numbers_stay_within_two_ulps() {
        for s in [
            "3.14159265358979323846264338327950288",
            "123456789012345678901234567890",
            "0.000000000000000000000000000123456789123456789",
            "1.7976931348623157e308",
            "2.2250738585072014e-308",
            "9007199254740993",
        ] {
            let ours = parse_decimal(s).expect("a number");
            let std: f64 = s.parse().expect("a number");
            let gap = (ours.to_bits() as i64 - std.to_bits() as i64).abs();
            assert!(gap <= 2, "{s}: {ours} against {std}");
        }
    }

    #[test]
    fn extremes_saturate_like_the_standard_parser() {
        assert_eq!(parse_decimal("1e400"), Some(f64::INFINITY));
        assert_eq!(parse_decimal("-1e999999999999"), Some(f64::NEG_INFINITY));
        assert_eq!(parse_decimal("1e-400"), Some(0.0));
        assert_eq!(parse_decimal("0e999"), Some(0.0));
    }

    #[test]
    fn anything_but_a_plain_decimal_is_refused() {
        for s in [
            "", "-", "+", ".", "e5", "1e", "1e+", "1.2.3", "1,5", " 1", "1 ", "inf", "-inf", "NaN",
            "infinity", "0x10", "1_000", "--1", "+-1", "1e5.5", "١", "½",
        ] {
            assert_eq!(parse_decimal(s), None, "{s:?}");
        }
    }
}
