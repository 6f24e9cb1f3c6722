//! A ketama server list, as libketama reads it: one `host:port weight` per line (the weight
//! a whole number, libketama's memory size; this reader also takes a line without one as
//! weight 1), blank lines and `#` comments skipped.

use super::{
    numbered, shorten, ErrorKind, Format, Listing, ListingError, Map, PointRing, Registry, Role,
    Sets, MAX_KETAMA_WEIGHT,
};
use crate::config::Node;
use crate::zoo::ketama::Ketama;

const LIST: &str = "a ketama server list";

/// Whether `s` is `host:port` with a port from 1 to 65535.
fn is_server(s: &str) -> bool {
    match s.rsplit_once(':') {
        Some((host, port)) => {
            !host.is_empty()
                && !port.is_empty()
                && port.len() <= 5
                && port.bytes().all(|b| b.is_ascii_digit())
                && port.parse::<u32>().is_ok_and(|p| (1..=65_535).contains(&p))
        }
        None => false,
    }
}

/// Whether `line` reads as a server line.
pub(crate) fn looks_like_server_line(line: &str) -> bool {
    let f: Vec<&str> = line.split_whitespace().collect();
    match f.as_slice() {
        [server] => is_server(server),
        [server, weight] => is_server(server) && weight.bytes().all(|b| b.is_ascii_digit()),
        _ => false,
    }
}

/// The list.
pub(crate) fn parse(text: &str) -> Result<Listing, ListingError> {
    let mut reg = Registry::default();
    let mut nodes: Vec<Node> = Vec::new();
    for (number, line) in numbered(text) {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = t.split_whitespace().collect();
        let (server, weight) = match f.as_slice() {
            [server] => (*server, None),
            [server, weight] => (*server, Some(*weight)),
            _ => {
                return Err(ListingError::at(
                    number,
                    ErrorKind::unreadable(LIST, "host:port and a weight", t),
                ))
            }
        };
        if !is_server(server) {
            return Err(ListingError::at(
                number,
                ErrorKind::unreadable(LIST, "host:port with a port from 1 to 65535", server),
            ));
        }
        let weight = match weight {
            None => 1,
            Some(w) => match w.parse::<u64>() {
                Ok(v) if (1..=MAX_KETAMA_WEIGHT).contains(&v) => v,
                _ => {
                    return Err(ListingError::at(
                        number,
                        ErrorKind::BadWeight {
                            weight: shorten(w, 24),
                        },
                    ))
                }
            },
        };
        reg.add(server, number, Role::Server { weight })?;
        nodes.push(Node::weighted(server, weight as f64));
    }
    let ketama = Ketama::new(&nodes).map_err(|_| ListingError::whole(ErrorKind::NothingOwned))?;
    Ok(listing(reg, ketama))
}

/// The listing of a continuum over `reg`'s servers.
pub(crate) fn listing(reg: Registry, ketama: Ketama) -> Listing {
    let mut sets = Sets::default();
    let set_of: Vec<u32> = (0..reg.nodes.len() as u16)
        .map(|i| sets.intern(vec![i]))
        .collect();
    let ring = PointRing {
        size: 1u128 << 32,
        points: ketama
            .points()
            .iter()
            .map(|&(p, node)| (u128::from(p), set_of[usize::from(node)]))
            .collect(),
    };
    Listing {
        format: Format::Ketama,
        nodes: reg.nodes,
        sets: sets.sets,
        map: Map::Ring(ring),
        ketama: Some(ketama),
    }
    .with_shares()
}
