//! Text layout without fonts: width estimates, shortening and wrapping.
//!
//! The charts lay out every label themselves with [`text_width`], an approximation by
//! character class calibrated on DejaVu Sans (the widest common `sans-serif`), so real fonts
//! (Arial, Helvetica, Roboto, Segoe UI, DejaVu) render the same text at most this wide. It
//! never asks the drawing backend to measure text: on a canvas that would create a DOM
//! element per label, and natively plotters has no font at all without its font features.
//! Same input, same layout, natively and in the browser.

/// Width of `c` in em (multiples of the font size).
fn char_em(c: char) -> f64 {
    match c {
        ' ' | '\u{00A0}' => 0.32,
        '\u{2009}' | '\u{202F}' => 0.2,
        'i' | 'j' | 'l' | 'I' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | '`' | '·' => 0.3,
        'f' | 'r' | 't' | '(' | ')' | '[' | ']' | '{' | '}' | '"' | '/' | '\\' | '-' => 0.42,
        'm' => 0.98,
        'w' => 0.82,
        'M' | 'W' => 1.0,
        '%' => 0.95,
        '…' | '—' | '@' => 1.0,
        '0'..='9' => 0.64,
        c if c.is_ascii_uppercase() => 0.76,
        c if c.is_ascii_lowercase() => 0.62,
        c if is_wide(c) => 1.0,
        c if c.is_uppercase() => 0.76,
        c if c.is_lowercase() => 0.62,
        _ => 0.7,
    }
}

/// East Asian wide characters and emoji take a full em.
fn is_wide(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF |
        0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x1F300..=0x1FAFF |
        0x20000..=0x3FFFD)
}

/// Estimated width in pixels of `text` set in a sans-serif font of `px` pixels.
pub fn text_width(text: &str, px: f64) -> f64 {
    text.chars().map(char_em).sum::<f64>() * px
}

/// `text` made safe to draw as one line: control characters (line breaks, tabs…) become
/// spaces, bidirectional overrides and isolates are dropped (they could reorder the rest of
/// a label), and runs of spaces collapse; leading and trailing spaces go.
pub fn sanitize(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(1024));
    let mut last_space = true;
    for c in text.chars() {
        let c = if c.is_control() { ' ' } else { c };
        if matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}')
        {
            continue;
        }
        if c.is_whitespace() {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
        } else {
            out.push(c);
            last_space = false;
        }
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out
}

/// `text` [`sanitize`]d and the width left for it beside "…" when it must be cut to fit
/// `max_w` pixels at `px`; `Err` when it need not or cannot be cut: the whole text when it
/// fits, an empty string when not even "…" does.
fn room_beside_ellipsis(text: &str, px: f64, max_w: f64) -> Result<(String, f64), String> {
    let text = sanitize(text);
    if text_width(&text, px) <= max_w {
        return Err(text);
    }
    let budget = max_w - text_width("…", px);
    if budget < 0.0 {
        return Err(String::new());
    }
    Ok((text, budget))
}

/// `text` ([`sanitize`]d) cut at the end with "…" so that it is at most `max_w` pixels wide
/// at `px`. Returns an empty string when not even "…" fits.
pub fn fit_end(text: &str, px: f64, max_w: f64) -> String {
    let (text, budget) = match room_beside_ellipsis(text, px, max_w) {
        Ok(cut) => cut,
        Err(whole_or_nothing) => return whole_or_nothing,
    };
    let mut w = 0.0;
    let mut out = String::new();
    for c in text.chars() {
        w += char_em(c) * px;
        if w > budget {
            break;
        }
        out.push(c);
    }
    let kept = out.trim_end().len();
    out.truncate(kept);
    out.push('…');
    out
}

/// `text` ([`sanitize`]d) shortened in the middle with "…" to at most `max_w` pixels at `px`.
///
/// Node names often share a prefix and differ at the end (`inv-barcelona-1`,
/// `inv-barcelona-2`), so both ends are kept: about a third of the room for the end.
/// Returns an empty string when not even "…" fits.
pub fn fit_middle(text: &str, px: f64, max_w: f64) -> String {
    let (text, budget) = match room_beside_ellipsis(text, px, max_w) {
        Ok(cut) => cut,
        Err(whole_or_nothing) => return whole_or_nothing,
    };
    let chars: Vec<char> = text.chars().collect();
    let tail_budget = budget / 3.0;
    let mut tail_w = 0.0;
    let mut tail_start = chars.len();
    while tail_start > 0 {
        let w = char_em(chars[tail_start - 1]) * px;
        if tail_w + w > tail_budget {
            break;
        }
        tail_w += w;
        tail_start -= 1;
    }
    let mut head_w = 0.0;
    let mut head_end = 0;
    while head_end < tail_start {
        let w = char_em(chars[head_end]) * px;
        if head_w + w + tail_w > budget {
            break;
        }
        head_w += w;
        head_end += 1;
    }
    let mut out: String = chars[..head_end].iter().collect();
    out.push('…');
    out.extend(&chars[tail_start..]);
    out
}

/// `text` ([`sanitize`]d) broken at spaces into lines of at most `max_w` pixels at `px`;
/// at most `max_lines` lines, the last one cut with "…" if the text does not fit. A single
/// word wider than a line is cut as well.
pub fn wrap(text: &str, px: f64, max_w: f64, max_lines: usize) -> Vec<String> {
    let text = sanitize(text);
    let mut lines: Vec<String> = Vec::new();
    if text.is_empty() || max_lines == 0 {
        return lines;
    }
    let mut current = String::new();
    let mut words = text.split(' ').peekable();
    while let Some(word) = words.next() {
        let candidate = if current.is_empty() {
            word.to_owned()
        } else {
            format!("{current} {word}")
        };
        if text_width(&candidate, px) <= max_w || current.is_empty() && lines.len() + 1 == max_lines
        {
            current = candidate;
            continue;
        }
        if current.is_empty() {
            // A single word wider than a line (and more lines to come): cut it.
            lines.push(fit_end(word, px, max_w));
            continue;
        }
        lines.push(std::mem::take(&mut current));
        if lines.len() == max_lines {
            // No room for the rest: mark the cut on the last line.
            let last = lines.pop().unwrap_or_default();
            let rest: Vec<&str> = std::iter::once(word).chain(words).collect();
            lines.push(fit_end(&format!("{last} {}", rest.join(" ")), px, max_w));
            return lines;
        }
        current = word.to_owned();
    }
    if !current.is_empty() {
        lines.push(fit_end(&current, px, max_w));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_grow_with_text_and_size() {
        assert_eq!(text_width("", 12.0), 0.0);
        assert!(text_width("inv-bcn", 12.0) < text_width("inv-bcn-2", 12.0));
        assert!((text_width("abc", 24.0) - 2.0 * text_width("abc", 12.0)).abs() < 1e-9);
        // Narrow letters are narrower than wide ones.
        assert!(text_width("iiii", 12.0) < text_width("mmmm", 12.0));
        // Accented letters count like their base letters, CJK as a full em.
        assert_eq!(text_width("é", 10.0), text_width("e", 10.0));
        assert_eq!(text_width("節", 10.0), 10.0);
    }

    #[test]
    fn estimate_is_not_narrower_than_dejavu_sans() {
        // Advance widths of DejaVu Sans (em), the widest usual sans-serif.
        for (s, em) in [
            ("inv-bcn", 3.71),
            ("Desviació (%)", 6.89),
            ("WM", 1.85),
            ("1000", 2.54),
        ] {
            let w = text_width(s, 1.0);
            assert!(w >= em * 0.97 && w <= em * 1.25, "{s}: {w} vs {em}");
        }
    }

    #[test]
    fn sanitize_flattens_lines_and_drops_bidi_overrides() {
        assert_eq!(sanitize("  a\nb\t\tc  "), "a b c");
        assert_eq!(sanitize("x\u{202E}y\u{2066}z"), "xyz");
        assert_eq!(sanitize(""), "");
    }

    #[test]
    fn fit_end_cuts_with_an_ellipsis() {
        assert_eq!(fit_end("short", 12.0, 500.0), "short");
        let long = "x".repeat(10_000);
        let cut = fit_end(&long, 12.0, 100.0);
        assert!(cut.ends_with('…'));
        assert!(text_width(&cut, 12.0) <= 100.0);
        assert!(cut.chars().count() < 20);
        assert_eq!(fit_end("anything", 12.0, 1.0), "");
    }

    #[test]
    fn fit_middle_keeps_both_ends() {
        let s = fit_middle("inv-barcelona-centre-nord-1", 12.0, 90.0);
        assert!(s.starts_with("inv"), "{s}");
        assert!(s.ends_with("-1"), "{s}");
        assert!(s.contains('…'));
        assert!(text_width(&s, 12.0) <= 90.0);
        assert_eq!(fit_middle("inv-bcn", 12.0, 90.0), "inv-bcn");
    }

    #[test]
    fn wrap_breaks_at_spaces_and_marks_a_cut() {
        assert_eq!(wrap("one two", 12.0, 1000.0, 2), ["one two"]);
        let lines = wrap("alpha beta gamma delta epsilon", 12.0, 90.0, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'), "{lines:?}");
        for l in &lines {
            assert!(text_width(l, 12.0) <= 90.0, "{l}");
        }
        let one = wrap(&"w".repeat(500), 12.0, 90.0, 2);
        assert_eq!(one.len(), 1);
        assert!(text_width(&one[0], 12.0) <= 90.0);
        assert!(wrap("", 12.0, 90.0, 2).is_empty());
        let three = wrap("aa bb cc", 12.0, 20.0, 5);
        assert_eq!(three, ["aa", "bb", "cc"]);
    }
}
