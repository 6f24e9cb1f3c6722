//! The address's encoding: percent-encoding of field values, and decoding that never panics.

/// Percent-decodes one fragment value; `None` when the bytes are not UTF-8.
pub fn decode_field(raw: &str) -> Option<String> {
    decode(raw).ok()
}

/// A percent-decoding failure: the bytes are not UTF-8.
#[derive(Clone, Debug, PartialEq)]
pub enum DecodeError {
    /// Not UTF-8.
    NotUtf8,
}

/// Shortens user text for a message.
pub fn short(s: &str, max_chars: usize) -> String {
    if s.chars().count() <= max_chars {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(max_chars).collect();
        t.push('…');
        t
    }
}

/// Percent-encodes everything except ASCII letters, digits and `-._~`.
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

fn decode_bytes(s: &str) -> Vec<u8> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex_value(bytes[i + 1]), hex_value(bytes[i + 2])) {
                out.push(h * 16 + l);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// Percent-decodes `s` (a `%` not followed by two hex digits stays as it is).
pub fn decode(s: &str) -> Result<String, DecodeError> {
    String::from_utf8(decode_bytes(s)).map_err(|_| DecodeError::NotUtf8)
}

/// The start of `s` percent-decoded, with bytes that are not UTF-8 replaced (for a message).
pub fn lossy_decode(s: &str) -> String {
    let cut: String = s.chars().take(120).collect();
    String::from_utf8_lossy(&decode_bytes(&cut)).into_owned()
}

/// Formats a weight for the URL: up to two decimals, no trailing zeros.
pub fn format_weight(w: f64) -> String {
    let s = format!("{w:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_owned()
}
