//! redis-cli's formatted replies (what it prints on a terminal, or with `--no-raw`), read back
//! into a tree: `1) 1) (integer) 0`, `   2) "127.0.0.1"`, and RESP3's `1# "slots" => …`.
//!
//! An element's depth is the column of its `)` or `#`: redis-cli right-aligns the indices of
//! an array (` 1)` … `10)`), so the closing character of every item of one array sits in the
//! same column, and a nested array's items sit further right.

use super::{ErrorKind, ListingError};

/// Deepest nesting accepted (CLUSTER SHARDS needs four levels).
pub(crate) const MAX_DEPTH: usize = 8;

/// One step of a path: an array index (from 1, as printed) or a map key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Seg {
    Index(u32),
    Key(String),
}

/// A printed value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    /// `(integer) 5460`.
    Int(i64),
    /// `"text"`, unescaped.
    Str(String),
    /// `(nil)`, `(empty array)`, `(empty hash)` and the like: nothing.
    Empty,
}

impl Scalar {
    /// The value as a whole number: an integer, or a string of digits (some Redis versions
    /// send slot numbers as strings).
    pub(crate) fn as_int(&self) -> Option<i64> {
        match self {
            Scalar::Int(i) => Some(*i),
            Scalar::Str(s) if !s.is_empty() && s.len() <= 18 => s
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| s.parse().ok())?,
            _ => None,
        }
    }

    /// The value as text.
    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Scalar::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// A reply: a value, or an array or map of them. Every node knows the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tree {
    Leaf(Scalar, usize),
    Branch(Vec<(Seg, Tree)>, usize),
}

impl Tree {
    /// The line (from 1) where this value starts.
    pub(crate) fn line(&self) -> usize {
        match self {
            Tree::Leaf(_, l) | Tree::Branch(_, l) => *l,
        }
    }

    /// The items of an array or map, in order (a leaf has none).
    pub(crate) fn items(&self) -> &[(Seg, Tree)] {
        match self {
            Tree::Branch(items, _) => items,
            Tree::Leaf(..) => &[],
        }
    }

    /// The scalar, when this is one.
    pub(crate) fn scalar(&self) -> Option<&Scalar> {
        match self {
            Tree::Leaf(s, _) => Some(s),
            Tree::Branch(..) => None,
        }
    }

    /// The value under `key`: a RESP3 map's key, or in a RESP2 array of alternating keys and
    /// values (how RESP2 sends a map), the item after the string `key`.
    pub(crate) fn field(&self, key: &str) -> Option<&Tree> {
        let items = self.items();
        for (i, (seg, t)) in items.iter().enumerate() {
            match seg {
                Seg::Key(k) if k == key => return Some(t),
                Seg::Index(_) if i % 2 == 0 && t.scalar().and_then(Scalar::as_str) == Some(key) => {
                    return items.get(i + 1).map(|(_, v)| v);
                }
                _ => {}
            }
        }
        None
    }
}

/// A prefix of a line: its closing column and its step.
struct Prefix {
    col: usize,
    seg: Seg,
}

/// Reads one line into its prefixes and its value (`None` when the value continues on the
/// next lines, after `=>`).
fn read_line(line: &str, number: usize) -> Result<(Vec<Prefix>, Option<Scalar>), ListingError> {
    let bytes = line.as_bytes();
    let mut i = 0;
    let mut prefixes = Vec::new();
    let bad = |what: &'static str| {
        ListingError::at(
            number,
            ErrorKind::unreadable("redis-cli's output", what, line),
        )
    };
    loop {
        while i < bytes.len() && bytes[i] == b' ' {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start || i - start > 9 {
            break;
        }
        let Ok(index) = line[start..i].parse::<u32>() else {
            return Err(bad("an item number"));
        };
        match bytes.get(i) {
            Some(b')') if bytes.get(i + 1) == Some(&b' ') => {
                prefixes.push(Prefix {
                    col: i,
                    seg: Seg::Index(index),
                });
                i += 2;
            }
            Some(b'#') if bytes.get(i + 1) == Some(&b' ') => {
                let col = i;
                i += 2;
                let (key, rest) = match read_scalar(&line[i..]) {
                    Some((Scalar::Str(k), rest)) => (k, rest),
                    Some((Scalar::Int(k), rest)) => (k.to_string(), rest),
                    _ => return Err(bad("a map key")),
                };
                let Some(after) = rest.trim_start().strip_prefix("=>") else {
                    return Err(bad("'=>' after a map key"));
                };
                prefixes.push(Prefix {
                    col,
                    seg: Seg::Key(key),
                });
                i = line.len() - after.len();
            }
            _ => {
                // Not a prefix: digits that start a value cannot (values are quoted or
                // parenthesised), so the line is not redis-cli's.
                return Err(bad("'N) ' before each value"));
            }
        }
    }
    let rest = line[i..].trim();
    if rest.is_empty() {
        return Ok((prefixes, None));
    }
    match read_scalar(rest) {
        Some((value, tail)) if tail.trim().is_empty() => Ok((prefixes, Some(value))),
        _ => Err(bad("a value: (integer) N, \"text\" or (nil)")),
    }
}

/// Reads a value from the start of `s`, returning it and what follows.
fn read_scalar(s: &str) -> Option<(Scalar, &str)> {
    if let Some(rest) = s.strip_prefix('"') {
        let mut out = String::new();
        let mut chars = rest.char_indices();
        while let Some((at, c)) = chars.next() {
            match c {
                '"' => return Some((Scalar::Str(out), &rest[at + 1..])),
                '\\' => {
                    let (_, e) = chars.next()?;
                    match e {
                        'n' => out.push('\n'),
                        'r' => out.push('\r'),
                        't' => out.push('\t'),
                        'a' => out.push('\u{7}'),
                        'b' => out.push('\u{8}'),
                        'x' => {
                            let (_, h) = chars.next()?;
                            let (_, l) = chars.next()?;
                            let v = h.to_digit(16)? * 16 + l.to_digit(16)?;
                            out.push(char::from_u32(v)?);
                        }
                        other => out.push(other),
                    }
                }
                c => out.push(c),
            }
        }
        return None;
    }
    if let Some(rest) = s.strip_prefix("(integer) ") {
        let end = rest
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && c == '-')))
            .map_or(rest.len(), |(i, _)| i);
        let n = rest[..end].parse::<i64>().ok()?;
        return Some((Scalar::Int(n), &rest[end..]));
    }
    for empty in [
        "(nil)",
        "(empty array)",
        "(empty hash)",
        "(empty list or set)",
        "(empty set)",
    ] {
        if let Some(rest) = s.strip_prefix(empty) {
            return Some((Scalar::Empty, rest));
        }
    }
    None
}

/// Whether `line` is a redis-cli prompt with its command (`127.0.0.1:7000> cluster slots`),
/// which people copy along with the reply.
pub(crate) fn is_prompt(line: &str) -> bool {
    let t = line.trim_start();
    match t.split_once("> ") {
        Some((host, _)) => {
            !host.is_empty()
                && !host.contains(' ')
                && (host.contains(':') || host.starts_with("redis"))
        }
        None => t.ends_with('>') && !t.contains(' ') && t.contains(':'),
    }
}

/// Whether the first value line of `lines` looks like redis-cli's formatted output.
pub(crate) fn looks_formatted(first: &str) -> bool {
    let t = first.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(") ")
}

/// Reads `lines` (numbered from `first_number`) into the reply's top-level items.
pub(crate) fn parse<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
) -> Result<Vec<(Seg, Tree)>, ListingError> {
    // The open elements: (closing column, index into the path) per depth.
    let mut stack: Vec<(usize, Seg)> = Vec::new();
    let mut root: Vec<(Seg, Tree)> = Vec::new();
    for (number, line) in lines {
        if line.trim().is_empty() || is_prompt(line) {
            continue;
        }
        let (prefixes, value) = read_line(line, number)?;
        let Some(first) = prefixes.first() else {
            // A line with no prefix continues nothing redis-cli prints.
            return Err(ListingError::at(
                number,
                ErrorKind::unreadable("redis-cli's output", "'N) ' before each value", line),
            ));
        };
        while stack.last().is_some_and(|(col, _)| *col >= first.col) {
            stack.pop();
        }
        for p in prefixes {
            stack.push((p.col, p.seg));
        }
        if stack.len() > MAX_DEPTH {
            return Err(ListingError::at(
                number,
                ErrorKind::TooDeep { max: MAX_DEPTH },
            ));
        }
        let path: Vec<Seg> = stack.iter().map(|(_, s)| s.clone()).collect();
        insert(&mut root, &path, value, number)?;
    }
    Ok(root)
}

/// Puts `value` at `path`, creating the branches on the way; a path that goes back into an
/// element already closed, or under a value, is refused.
fn insert(
    root: &mut Vec<(Seg, Tree)>,
    path: &[Seg],
    value: Option<Scalar>,
    number: usize,
) -> Result<(), ListingError> {
    let mut items = root;
    for (depth, seg) in path.iter().enumerate() {
        let last = depth + 1 == path.len();
        let reuse = matches!(items.last(), Some((s, _)) if s == seg);
        if !reuse {
            let node = match (&value, last) {
                (Some(v), true) => Tree::Leaf(v.clone(), number),
                _ => Tree::Branch(Vec::new(), number),
            };
            items.push((seg.clone(), node));
            if last {
                return Ok(());
            }
        } else if last {
            // The same item twice: `1) …` then `1) …` again at the same depth.
            return Err(ListingError::at(
                number,
                ErrorKind::unreadable(
                    "redis-cli's output",
                    "item numbers in order",
                    &format!("{seg:?}"),
                ),
            ));
        }
        let len = items.len();
        items = match &mut items[len - 1].1 {
            Tree::Branch(children, _) => children,
            Tree::Leaf(..) => {
                return Err(ListingError::at(
                    number,
                    ErrorKind::unreadable("redis-cli's output", "a value nested under an item", ""),
                ))
            }
        };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> Vec<(Seg, Tree)> {
        parse(text.lines().enumerate().map(|(i, l)| (i + 1, l))).expect("parses")
    }

    #[test]
    fn nested_arrays_follow_the_closing_columns() {
        let t = tree(
            "1) 1) (integer) 0\n   2) (integer) 5460\n   3) 1) \"127.0.0.1\"\n      2) (integer) 7000\n      4) (empty array)\n2) 1) \"5461\"",
        );
        assert_eq!(t.len(), 2);
        let first = &t[0].1;
        assert_eq!(first.items().len(), 3);
        assert_eq!(first.items()[1].1.scalar(), Some(&Scalar::Int(5460)));
        let node = &first.items()[2].1;
        assert_eq!(
            node.items()[0].1.scalar().and_then(Scalar::as_str),
            Some("127.0.0.1")
        );
        assert_eq!(node.items()[2].1.scalar(), Some(&Scalar::Empty));
        assert_eq!(node.line(), 3);
        // A slot number sent as a string is still a number.
        assert_eq!(
            t[1].1.items()[0].1.scalar().and_then(Scalar::as_int),
            Some(5461)
        );
    }

    #[test]
    fn right_aligned_indices_and_resp3_maps() {
        let t = tree("1)  1) \"id\"\n    2) \"abc\"\n   10) \"x\"");
        assert_eq!(t[0].1.items().len(), 3);
        let t = tree(
            "1) 1# \"slots\" => \n      1) (integer) 0\n      2) (integer) 5\n   2# \"nodes\" => \n      1) 1# \"ip\" => \"10.0.0.1\"\n         2# \"port\" => (integer) 7000",
        );
        let shard = &t[0].1;
        let slots = shard.field("slots").expect("slots");
        assert_eq!(slots.items().len(), 2);
        let node = &shard.field("nodes").expect("nodes").items()[0].1;
        assert_eq!(
            node.field("port").and_then(Tree::scalar),
            Some(&Scalar::Int(7000))
        );
    }

    #[test]
    fn resp2_maps_are_read_by_key() {
        let t = tree("1) \"id\"\n2) \"abc\"\n3) \"port\"\n4) (integer) 7000");
        let whole = Tree::Branch(t, 1);
        assert_eq!(
            whole.field("port").and_then(Tree::scalar),
            Some(&Scalar::Int(7000))
        );
        assert!(whole.field("abc").is_none(), "a value is not a key");
    }

    #[test]
    fn strings_are_unescaped_and_prompts_skipped() {
        let t = tree("127.0.0.1:7000> cluster slots\n1) \"a\\\"b\\x41\\n\"");
        assert_eq!(t[0].1.scalar().and_then(Scalar::as_str), Some("a\"bA\n"));
        assert!(is_prompt("127.0.0.1:7000> cluster nodes"));
        assert!(is_prompt("127.0.0.1:7000[2]>"));
        assert!(!is_prompt("1) (integer) 0"));
    }

    #[test]
    fn broken_lines_name_their_number() {
        for (text, line) in [
            ("1) (integer) 0\n2) what", 2),
            ("1) 1) (integer) 1\n   2) \"unterminated", 2),
            ("1) \"a\"\n1) \"b\"", 2),
            ("1) \"a\"\n   1) \"under a value\"", 2),
            ("1) \"a\"\nplain text", 2),
        ] {
            let e = parse(text.lines().enumerate().map(|(i, l)| (i + 1, l))).expect_err(text);
            assert_eq!(e.line, Some(line), "{text}: {e}");
        }
        let deep: String = (0..20)
            .map(|d| format!("{}1) ", " ".repeat(d.min(1))))
            .collect::<String>()
            + "(integer) 1";
        assert!(matches!(
            parse([(1, deep.as_str())].into_iter()).map_err(|e| e.kind),
            Err(ErrorKind::TooDeep { .. })
        ));
    }
}
