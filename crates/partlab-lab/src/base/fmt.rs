//! Numbers and user text the way each language writes them: Catalan and Spanish `6,3 %` and
//! `24.275`, English `6.3 %` and `24,275`; the case of the lab's own texts; user text quoted
//! safely inside a message.

use partlab_core::config::is_hidden_char;

use super::url::format_weight;
use super::Lang;

/// Catalan and Spanish write a decimal comma, English a point.
fn decimal_sep(lang: Lang) -> char {
    match lang {
        Lang::Ca | Lang::Es => ',',
        Lang::En => '.',
    }
}

/// Catalan and Spanish group thousands with a point, English with a comma.
fn group_sep(lang: Lang) -> char {
    match lang {
        Lang::Ca | Lang::Es => '.',
        Lang::En => ',',
    }
}

/// An integer with thousands separators: Catalan and Spanish `24.275`, English `24,275`.
pub fn fmt_int(lang: Lang, n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(group_sep(lang));
        }
        out.push(c);
    }
    out
}

/// A decimal number with `decimals` places and the language's decimal separator.
pub fn fmt_dec(lang: Lang, x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return "–".to_owned();
    }
    let mut s = format!("{x:.decimals$}");
    // A value that rounds to zero is zero, whatever its sign: "-0 %" reads as a loss.
    if s.starts_with('-') && s.bytes().all(|b| matches!(b, b'-' | b'0' | b'.')) {
        s.remove(0);
    }
    if decimal_sep(lang) == '.' {
        s
    } else {
        s.replace('.', ",")
    }
}

/// A percentage given in percent units (`6.3` → Catalan and Spanish `6,3 %`, English
/// `6.3 %`), with a
/// no-break space before the sign.
pub fn fmt_pct(lang: Lang, pct: f64, decimals: usize) -> String {
    format!("{}\u{a0}%", fmt_dec(lang, pct, decimals))
}

/// A fraction (0–1) as a percentage with one decimal.
pub fn fmt_fraction(lang: Lang, fraction: f64) -> String {
    fmt_pct(lang, fraction * 100.0, 1)
}

/// A limit such as a weight, without trailing zeros: `0.1`, `1000`, in Catalan and Spanish
/// `0,1`.
pub fn fmt_num(lang: Lang, x: f64) -> String {
    let s = format_weight(x);
    match lang {
        Lang::Ca | Lang::Es => s.replace('.', ","),
        Lang::En => s,
    }
}
/// `text` in lower case, for the lab's own texts in Catalan, English and Spanish (ASCII and
/// the Latin-1 letters À–Þ). `str::to_lowercase` would bring the whole Unicode case table
/// (about 20 KB) into each wasm module for these few words.
pub fn lower_latin(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'A'..='Z' | 'À'..='Ö' | 'Ø'..='Þ' => char::from_u32(c as u32 + 0x20).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// `text` with its first letter in upper case (ASCII and the Latin-1 letters à–þ), for the
/// same reason as [`lower_latin`].
pub fn capitalize_latin(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c @ ('a'..='z' | 'à'..='ö' | 'ø'..='þ')) => {
            let upper = char::from_u32(c as u32 - 0x20).unwrap_or(c);
            std::iter::once(upper).chain(chars).collect()
        }
        _ => text.to_owned(),
    }
}

/// User text quoted in a message, with every character that could hide or reorder the text
/// around it written out: control characters as Rust writes them (`\n`, `\u{1b}`) and the
/// invisible formatting characters of [`is_hidden_char`] as `\u{202e}`. A name with U+202E
/// would otherwise reverse the rest of its own notice.
pub fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else if is_hidden_char(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value that rounds to zero shows as zero, never "-0": a share of nothing is not a
    /// loss (the cascade's "-0 %" when nothing was served).
    #[test]
    fn a_negative_value_that_rounds_to_zero_is_zero() {
        assert_eq!(fmt_pct(Lang::En, -0.0, 0), "0\u{a0}%");
        assert_eq!(fmt_pct(Lang::Ca, -0.004, 2), "0,00\u{a0}%");
        assert_eq!(fmt_dec(Lang::Es, -0.04, 1), "0,0");
        assert_eq!(fmt_dec(Lang::En, -0.05, 0), "0");
        // A real negative value keeps its sign.
        assert_eq!(fmt_dec(Lang::En, -0.06, 1), "-0.1");
        assert_eq!(fmt_pct(Lang::Ca, -12.5, 1), "-12,5\u{a0}%");
    }
}
