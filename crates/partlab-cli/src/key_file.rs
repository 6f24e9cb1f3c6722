//! Reading `--key-file`: streaming, line by line, with the core's limits applied while
//! reading, so that no input (an endless line such as `/dev/zero`, a huge file) is ever held
//! in memory beyond those limits.
//!
//! The rules: one key per line; the line ending (`\n` or `\r\n`) and a UTF-8 byte-order mark
//! at the start of the file are not part of a key; blank and whitespace-only lines are
//! skipped; every other line is a key exactly as written.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use partlab_core::config::{MAX_KEYS, MAX_KEY_CHARS};

/// The UTF-8 encoding of U+FEFF, which some editors put at the start of a text file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The most bytes a valid line can take: `MAX_KEY_CHARS` characters of up to 4 bytes each, a
/// `\r\n` and, on the first line, a BOM. A line longer than this cannot be a valid key,
/// whatever it holds, so reading stops there.
const MAX_LINE_BYTES: usize = MAX_KEY_CHARS * 4 + 2 + BOM.len();

/// Why a key file was refused.
#[derive(Debug)]
pub(crate) enum KeyFileError {
    /// The file could not be opened.
    Open(io::Error),
    /// Reading failed at a line (1-based).
    Read {
        /// The line being read.
        line: usize,
        /// What went wrong.
        source: io::Error,
    },
    /// A line is longer than [`MAX_KEY_CHARS`] characters.
    TooLong {
        /// The line.
        line: usize,
    },
    /// A line is not UTF-8 text.
    NotUtf8 {
        /// The line.
        line: usize,
    },
    /// The key on this line would be one more than [`MAX_KEYS`].
    TooManyKeys {
        /// The line.
        line: usize,
    },
    /// Only blank lines, or nothing at all.
    NoKeys,
}

impl fmt::Display for KeyFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyFileError::Open(e) => write!(f, "cannot open it: {e}"),
            KeyFileError::Read { line, source } => {
                write!(f, "cannot read line {line}: {source}")
            }
            KeyFileError::TooLong { line } => write!(
                f,
                "line {line}: the key is longer than {MAX_KEY_CHARS} characters"
            ),
            KeyFileError::NotUtf8 { line } => write!(f, "line {line}: not valid UTF-8 text"),
            KeyFileError::TooManyKeys { line } => write!(
                f,
                "line {line}: more than {MAX_KEYS} keys, the most one experiment takes"
            ),
            KeyFileError::NoKeys => write!(
                f,
                "no keys in it (blank and whitespace-only lines are skipped)"
            ),
        }
    }
}

/// Reads the keys of the file at `path`.
pub(crate) fn read(path: &Path) -> Result<Vec<String>, KeyFileError> {
    let file = File::open(path).map_err(KeyFileError::Open)?;
    read_from(BufReader::new(file))
}

/// Reads the ring positions of the keys of the file at `path`, in file order, keeping no
/// key's text: each line is hashed as it is read, so ten million keys take their 80 MB of
/// positions and nothing more (their texts would take several hundred).
pub(crate) fn read_positions(path: &Path) -> Result<Vec<u64>, KeyFileError> {
    let file = File::open(path).map_err(KeyFileError::Open)?;
    let mut positions = Vec::new();
    scan(BufReader::new(file), MAX_KEYS, |key| {
        positions.push(partlab_core::hash::hash_key(key));
    })?;
    Ok(positions)
}

/// Reads keys from any buffered reader, by the rules of this module.
pub(crate) fn read_from<R: BufRead>(reader: R) -> Result<Vec<String>, KeyFileError> {
    read_at_most(reader, MAX_KEYS)
}

/// [`read_from`] with another key limit, so that tests need not write ten million keys.
fn read_at_most<R: BufRead>(reader: R, max_keys: usize) -> Result<Vec<String>, KeyFileError> {
    let mut keys = Vec::new();
    scan(reader, max_keys, |key| keys.push(key.to_owned()))?;
    Ok(keys)
}

/// Reads the keys of `reader` one line at a time, by the rules of this module, and hands each
/// to `each` (at most `max_keys`); how many there were. Only the line being read is held.
fn scan<R: BufRead>(
    mut reader: R,
    max_keys: usize,
    mut each: impl FnMut(&str),
) -> Result<usize, KeyFileError> {
    let mut count = 0usize;
    let mut buf = Vec::new();
    let mut line = 0usize;
    loop {
        buf.clear();
        line += 1;
        // `take` bounds each read: one byte more than a valid line can have tells "too long"
        // apart from "exactly at the limit" without reading the rest of an endless line.
        let read = (&mut reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(|source| KeyFileError::Read { line, source })?;
        if read == 0 {
            break;
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if read > MAX_LINE_BYTES {
            return Err(KeyFileError::TooLong { line });
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        let bytes = match line {
            1 => buf.strip_prefix(BOM).unwrap_or(&buf),
            _ => &buf,
        };
        let text = std::str::from_utf8(bytes).map_err(|_| KeyFileError::NotUtf8 { line })?;
        if text.trim().is_empty() {
            continue;
        }
        if text.chars().count() > MAX_KEY_CHARS {
            return Err(KeyFileError::TooLong { line });
        }
        if count == max_keys {
            return Err(KeyFileError::TooManyKeys { line });
        }
        count += 1;
        each(text);
    }
    if count == 0 {
        return Err(KeyFileError::NoKeys);
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(bytes: &[u8]) -> Result<Vec<String>, KeyFileError> {
        read_from(io::Cursor::new(bytes))
    }

    fn failing_line(bytes: &[u8]) -> Option<usize> {
        match keys(bytes) {
            Err(KeyFileError::TooLong { line })
            | Err(KeyFileError::NotUtf8 { line })
            | Err(KeyFileError::TooManyKeys { line }) => Some(line),
            _ => None,
        }
    }

    #[test]
    fn line_endings_bom_and_blank_lines_are_not_keys() {
        let got = keys(b"\xEF\xBB\xBFa\r\n\r\n   \n\tb c \n\nd\re\r").expect("valid");
        assert_eq!(got, ["a", "\tb c ", "d\re"]);
    }

    #[test]
    fn a_bom_is_only_removed_at_the_start_of_the_file() {
        let got = keys(b"a\n\xEF\xBB\xBFb").expect("valid");
        assert_eq!(got, ["a", "\u{feff}b"]);
    }

    #[test]
    fn keys_up_to_the_limit_are_kept_longer_ones_name_their_line() {
        // Four-byte characters: the byte bound must not refuse a key within the limit.
        let longest = "🔑".repeat(MAX_KEY_CHARS);
        let text = format!("\u{feff}{longest}\r\nx\n");
        assert_eq!(keys(text.as_bytes()).map(|k| k.len()).ok(), Some(2));
        let text = format!("a\nb\n{}x\n", "é".repeat(MAX_KEY_CHARS));
        assert_eq!(failing_line(text.as_bytes()), Some(3));
        let text = format!("a\n{}", "y".repeat(MAX_LINE_BYTES * 3));
        assert_eq!(failing_line(text.as_bytes()), Some(2));
    }

    #[test]
    fn an_endless_line_stops_at_the_limit() {
        // `/dev/zero` as a reader: it never ends, so this test would hang if reading did not
        // stop at the line limit.
        let zeros = io::BufReader::new(io::repeat(0));
        assert!(matches!(
            read_from(zeros),
            Err(KeyFileError::TooLong { line: 1 })
        ));
    }

    #[test]
    fn invalid_utf8_names_its_line() {
        assert_eq!(failing_line(b"a\n\n\xff\xfe\n"), Some(3));
    }

    #[test]
    fn the_key_over_the_limit_names_its_line() {
        let got = read_at_most(io::Cursor::new(b"a\n\nb\nc\n"), 2);
        assert!(matches!(got, Err(KeyFileError::TooManyKeys { line: 4 })));
        assert_eq!(
            read_at_most(io::Cursor::new(b"a\n\nb\n\n"), 2)
                .ok()
                .map(|k| k.len()),
            Some(2)
        );
    }

    #[test]
    fn an_empty_file_has_no_keys() {
        assert!(matches!(keys(b""), Err(KeyFileError::NoKeys)));
        assert!(matches!(keys(b"\n \r\n\t\n"), Err(KeyFileError::NoKeys)));
    }
}
