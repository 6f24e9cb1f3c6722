//! User text shown back on a terminal: keys, node names and messages that quote them.
//!
//! A key is arbitrary text, so printing it raw could move the cursor, recolour the terminal
//! or reverse the rest of the line (escape sequences, bidi overrides). Everything user-given
//! that reaches the human-readable output or stderr goes through [`shown`]; JSON output needs
//! nothing, as serde_json escapes control characters itself.

use std::borrow::Cow;

use partlab_core::config::is_hidden_char;

/// Whether a character must not reach a terminal raw: control characters (C0, DEL, C1) and
/// the invisible formatting characters that reorder or hide text (the core's
/// [`is_hidden_char`], which node names may not contain either).
fn needs_escape(c: char) -> bool {
    c.is_control() || is_hidden_char(c)
}

/// The width of a table column: the widest of `texts` as [`shown`] prints them, in
/// characters, and at least `min` (its header's width).
pub(crate) fn column_width<S: AsRef<str>>(texts: impl IntoIterator<Item = S>, min: usize) -> usize {
    texts
        .into_iter()
        .map(|t| shown(t.as_ref()).chars().count())
        .max()
        .unwrap_or(0)
        .max(min)
}

/// `s` with every character that [`needs_escape`] written as Rust writes it (`\u{1b}`, `\n`,
/// `\u{202e}`); borrowed when there is nothing to escape, which is the usual case.
pub(crate) fn shown(s: &str) -> Cow<'_, str> {
    if !s.chars().any(needs_escape) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if !needs_escape(c) {
            out.push(c);
        } else if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.extend(c.escape_unicode());
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_bidi_characters_are_escaped_the_rest_is_kept() {
        assert_eq!(shown("P-2026-000123"), "P-2026-000123");
        assert_eq!(shown("café O'Brien \"x\" \\"), "café O'Brien \"x\" \\");
        assert_eq!(shown("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(shown("a\nb\tc"), "a\\nb\\tc");
        assert_eq!(shown("\u{202e}abc"), "\\u{202e}abc");
        assert_eq!(shown("\u{9b}"), "\\u{9b}");
        assert!(!shown("\u{7f}\u{0}").chars().any(char::is_control));
    }
}
