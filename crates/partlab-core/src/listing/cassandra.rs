//! Cassandra: `nodetool ring` (a line per token: address … token) and `nodetool
//! describering` (a `TokenRange(start_token:…, end_token:…, endpoints:[…], …)` per range).
//! The partitioner is told by the tokens: any token past 2^63 − 1 is RandomPartitioner's
//! (MD5, `0 … 2^127`), otherwise Murmur3Partitioner's (signed 64-bit).

use std::collections::HashMap;

use super::{
    numbered, shorten, ErrorKind, Format, Listing, ListingError, Map, Partitioner, PointRing,
    Registry, Role, Sets, MAX_TOKENS,
};
use crate::tokens::MD5_MAX_TOKEN;

const RING: &str = "nodetool ring output";
const DESCRIBERING: &str = "nodetool describering output";

/// A token as written: negative or not, and its magnitude (Murmur3's go down to −2^63,
/// RandomPartitioner's up to 2^127, which no `i128` holds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Tok {
    negative: bool,
    magnitude: u128,
}

impl Tok {
    fn is_negative(self) -> bool {
        self.negative && self.magnitude > 0
    }

    fn past_i64(self) -> bool {
        !self.negative && self.magnitude > i64::MAX as u128
    }
}

impl std::fmt::Display for Tok {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_negative() {
            write!(f, "-")?;
        }
        write!(f, "{}", self.magnitude)
    }
}

/// A token as written, read exactly.
fn token(text: &str, format: &'static str, line: usize) -> Result<Tok, ListingError> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ListingError::at(
            line,
            ErrorKind::unreadable(format, "a token (a whole number)", text),
        ));
    }
    let limit = if negative { 1u128 << 63 } else { MD5_MAX_TOKEN };
    match digits.parse::<u128>() {
        Ok(magnitude) if magnitude <= limit => Ok(Tok {
            negative,
            magnitude,
        }),
        _ => Err(ListingError::at(
            line,
            ErrorKind::TokenOutOfRange {
                token: shorten(text, 48),
            },
        )),
    }
}

/// The partitioner of a set of tokens, and the size of its ring.
fn partitioner(tokens: &[(Tok, usize)]) -> Result<(Partitioner, u128), ListingError> {
    let negative = tokens.iter().any(|t| t.0.is_negative());
    let past_i64 = tokens.iter().find(|t| t.0.past_i64());
    match (negative, past_i64) {
        (true, Some(&(_, line))) => Err(ListingError::at(line, ErrorKind::MixedTokens)),
        (false, Some(_)) => Ok((Partitioner::Random, MD5_MAX_TOKEN + 1)),
        _ => Ok((Partitioner::Murmur3, 1u128 << 64)),
    }
}

/// A token's position on its ring (`partitioner` checked that it fits).
fn position(p: Partitioner, t: Tok) -> u128 {
    match p {
        Partitioner::Murmur3 if t.negative => (1u128 << 63) - t.magnitude,
        Partitioner::Murmur3 => (1u128 << 63) + t.magnitude,
        Partitioner::Random => t.magnitude,
    }
}

/// Sorts the points and refuses a token given twice.
fn ring_of(
    mut points: Vec<(u128, u32, usize)>,
    size: u128,
    p: Partitioner,
) -> Result<PointRing, ListingError> {
    // By position, then line: a token twice is reported at its second line.
    points.sort_unstable_by_key(|x| (x.0, x.2));
    for w in points.windows(2) {
        if w[0].0 == w[1].0 {
            let t = match p {
                Partitioner::Murmur3 => ((w[1].0 as i128) - (1i128 << 63)).to_string(),
                Partitioner::Random => w[1].0.to_string(),
            };
            let (first, second) = (w[0].2.min(w[1].2), w[0].2.max(w[1].2));
            return Err(ListingError::at(
                second,
                ErrorKind::TokenTwice {
                    token: t,
                    first_line: first,
                },
            ));
        }
    }
    Ok(PointRing {
        size,
        points: points.into_iter().map(|(pos, set, _)| (pos, set)).collect(),
    })
}

/// `nodetool ring`.
pub(crate) fn parse_ring(text: &str) -> Result<Listing, ListingError> {
    let mut reg = Registry::default();
    let mut tokens: Vec<(Tok, usize)> = Vec::new();
    let mut owners: Vec<u16> = Vec::new();
    let expected = "address rack status state load owns token";
    for (number, line) in numbered(text) {
        let t = line.trim();
        if t.is_empty()
            || t.starts_with("Datacenter:")
            || t.bytes().all(|b| b == b'=')
            || t.starts_with("Address")
            || t.starts_with("Note:")
            || t.starts_with("Warning:")
            || t.starts_with("Keyspace:")
        {
            continue;
        }
        let f: Vec<&str> = t.split_whitespace().collect();
        // The line with a token alone repeats the largest token, drawn where the ring wraps.
        if f.len() == 1 {
            token(f[0], RING, number)?;
            continue;
        }
        if f.len() < 5 || !matches!(f[2], "Up" | "Down" | "?") {
            return Err(ListingError::at(
                number,
                ErrorKind::unreadable(RING, expected, t),
            ));
        }
        let tk = token(f[f.len() - 1], RING, number)?;
        if tokens.len() >= MAX_TOKENS {
            return Err(ListingError::at(
                number,
                ErrorKind::TooManyTokens { max: MAX_TOKENS },
            ));
        }
        tokens.push((tk, number));
        owners.push(reg.get_or_add(f[0], number, Role::Node)?);
    }
    let (p, size) = partitioner(&tokens)?;
    let mut sets = Sets::default();
    let points = tokens
        .iter()
        .zip(&owners)
        .map(|(&(t, line), &o)| (position(p, t), sets.intern(vec![o]), line))
        .collect();
    let ring = ring_of(points, size, p)?;
    Ok(Listing {
        format: Format::NodetoolRing(p),
        nodes: reg.nodes,
        sets: sets.sets,
        map: Map::Ring(ring),
        ketama: None,
    }
    .with_shares())
}

/// The text after `key` up to the next `,` or `)` (for `start_token:` and `end_token:`).
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(key)? + key.len();
    let rest = &line[at..];
    let end = rest.find([',', ')']).unwrap_or(rest.len());
    Some(rest[..end].trim())
}

/// The names inside `endpoints:[…]`.
fn endpoints(line: &str) -> Option<Vec<&str>> {
    let at = line.find("endpoints:[")? + "endpoints:[".len();
    // `rpc_endpoints:[` also contains the text: take the first, which is `endpoints`.
    let rest = &line[at..];
    let end = rest.find(']')?;
    Some(
        rest[..end]
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

/// `nodetool describering`.
pub(crate) fn parse_describering(text: &str) -> Result<Listing, ListingError> {
    let mut reg = Registry::default();
    let mut sets = Sets::default();
    // (start, end, set, line)
    let mut ranges: Vec<(Tok, Tok, u32, usize)> = Vec::new();
    let expected = "TokenRange(start_token:…, end_token:…, endpoints:[…], …)";
    for (number, line) in numbered(text) {
        let t = line.trim();
        if t.is_empty()
            || t.starts_with("Schema Version")
            || t.starts_with("Keyspace:")
            || t == "TokenRange:"
        {
            continue;
        }
        if !t.starts_with("TokenRange(") {
            return Err(ListingError::at(
                number,
                ErrorKind::unreadable(DESCRIBERING, expected, t),
            ));
        }
        let (Some(start), Some(end), Some(eps)) = (
            field(t, "start_token:"),
            field(t, "end_token:"),
            endpoints(t),
        ) else {
            return Err(ListingError::at(
                number,
                ErrorKind::unreadable(DESCRIBERING, expected, t),
            ));
        };
        if eps.is_empty() {
            return Err(ListingError::at(
                number,
                ErrorKind::unreadable(DESCRIBERING, "at least one endpoint", t),
            ));
        }
        let (start, end) = (
            token(start, DESCRIBERING, number)?,
            token(end, DESCRIBERING, number)?,
        );
        let mut set = Vec::with_capacity(eps.len());
        for e in eps {
            let i = reg.get_or_add(e, number, Role::Node)?;
            if !set.contains(&i) {
                set.push(i);
            }
        }
        if ranges.len() >= MAX_TOKENS {
            return Err(ListingError::at(
                number,
                ErrorKind::TooManyTokens { max: MAX_TOKENS },
            ));
        }
        ranges.push((start, end, sets.intern(set), number));
    }
    let ends: Vec<(Tok, usize)> = ranges.iter().map(|r| (r.1, r.3)).collect();
    let (p, size) = partitioner(&ends)?;
    // Every start must be another range's end (the ranges close the ring). A single range
    // covers the ring from its end back to itself.
    let end_set: HashMap<u128, usize> = ends.iter().map(|&(t, l)| (position(p, t), l)).collect();
    for &(start, _, _, line) in &ranges {
        if !end_set.contains_key(&position(p, start)) {
            return Err(ListingError::at(
                line,
                ErrorKind::RingNotClosed {
                    token: start.to_string(),
                },
            ));
        }
    }
    let points = ranges
        .iter()
        .map(|&(_, end, set, line)| (position(p, end), set, line))
        .collect();
    let ring = ring_of(points, size, p)?;
    Ok(Listing {
        format: Format::NodetoolDescribering(p),
        nodes: reg.nodes,
        sets: sets.sets,
        map: Map::Ring(ring),
        ketama: None,
    }
    .with_shares())
}
