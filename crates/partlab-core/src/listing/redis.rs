//! Redis Cluster: `CLUSTER NODES` (one line per node), and `CLUSTER SLOTS` / `CLUSTER
//! SHARDS` as redis-cli formats their replies (RESP2 or RESP3, slot numbers as integers or
//! as strings).

use std::collections::HashMap;

use super::resp::{self, Scalar, Tree};
use super::{
    numbered, shorten, ErrorKind, Format, Listing, ListingError, Map, Registry, Role, Sets,
};
use crate::redis::REDIS_SLOTS;

const NODES: &str = "redis-cli's CLUSTER NODES output";
const SLOTS: &str = "redis-cli's CLUSTER SLOTS output";
const SHARDS: &str = "redis-cli's CLUSTER SHARDS output";

/// The flags CLUSTER NODES prints.
const FLAGS: [&str; 10] = [
    "myself",
    "master",
    "slave",
    "replica",
    "fail?",
    "fail",
    "handshake",
    "noaddr",
    "nofailover",
    "noflags",
];

fn flags_ok(flags: &str) -> bool {
    !flags.is_empty() && flags.split(',').all(|f| FLAGS.contains(&f))
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.len() <= 20 && s.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `line` reads as a CLUSTER NODES line: `id ip:port@cport flags master ping pong
/// epoch link [slots…]`.
pub(crate) fn looks_like_nodes_line(line: &str) -> bool {
    let f: Vec<&str> = line.split_whitespace().take(8).collect();
    f.len() == 8
        && f[1].contains(':')
        && flags_ok(f[2])
        && matches!(f[7], "connected" | "disconnected")
}

/// Who claimed each slot so far: (node, line).
struct Claims(Vec<Option<(u16, usize)>>);

impl Claims {
    fn new() -> Claims {
        Claims(vec![None; REDIS_SLOTS as usize])
    }

    fn claim(&mut self, first: u16, last: u16, node: u16, line: usize) -> Result<(), ListingError> {
        if first > last {
            return Err(ListingError::at(
                line,
                ErrorKind::SlotRangeBackwards { first, last },
            ));
        }
        for slot in first..=last {
            match self.0[usize::from(slot)] {
                Some((other, first_line)) if other != node => {
                    return Err(ListingError::at(
                        line,
                        ErrorKind::SlotTwice { slot, first_line },
                    ))
                }
                _ => self.0[usize::from(slot)] = Some((node, line)),
            }
        }
        Ok(())
    }
}

/// A slot number as written.
fn slot(text: &str, format: &'static str, line: usize) -> Result<u16, ListingError> {
    if !is_number(text) {
        return Err(ListingError::at(
            line,
            ErrorKind::unreadable(format, "a slot number from 0 to 16383", text),
        ));
    }
    match text.parse::<u32>() {
        Ok(s) if s < REDIS_SLOTS => Ok(s as u16),
        _ => Err(ListingError::at(
            line,
            ErrorKind::SlotOutOfRange {
                slot: shorten(text, 24),
            },
        )),
    }
}

/// Builds the listing: each slot's set is its owner's.
fn finish(
    format: Format,
    reg: Registry,
    sets: Sets,
    claims: &Claims,
    set_of_node: &HashMap<u16, u32>,
) -> Listing {
    let map = claims
        .0
        .iter()
        .map(|c| c.and_then(|(node, _)| set_of_node.get(&node).copied()))
        .collect();
    Listing {
        format,
        nodes: reg.nodes,
        sets: sets.sets,
        map: Map::Slots(map),
        ketama: None,
    }
    .with_shares()
}

/// CLUSTER NODES.
pub(crate) fn parse_nodes(text: &str) -> Result<Listing, ListingError> {
    let mut reg = Registry::default();
    let mut claims = Claims::new();
    let mut ids: HashMap<String, u16> = HashMap::new();
    // Replicas and the id of the master each names.
    let mut replicas: Vec<(u16, String)> = Vec::new();
    let expected = "id ip:port@cport flags master ping pong epoch link-state slots…";
    for (number, line) in numbered(text) {
        if line.trim().is_empty() || resp::is_prompt(line) {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 8
            || !f[1].contains(':')
            || !flags_ok(f[2])
            || !f[4..7].iter().all(|x| is_number(x))
            || !matches!(f[7], "connected" | "disconnected")
        {
            return Err(ListingError::at(
                number,
                ErrorKind::unreadable(NODES, expected, line.trim()),
            ));
        }
        // `ip:port@cport,hostname`: the node is `ip:port`.
        let name = f[1].split(['@', ',']).next().unwrap_or(f[1]);
        let flags: Vec<&str> = f[2].split(',').collect();
        let is_replica = flags.iter().any(|&x| x == "slave" || x == "replica");
        let role = if is_replica {
            Role::Replica(None)
        } else {
            Role::Master
        };
        let idx = reg.add(name, number, role)?;
        if ids.insert(f[0].to_owned(), idx).is_some() {
            return Err(ListingError::at(
                number,
                ErrorKind::NodeTwice {
                    name: shorten(f[0], 40),
                    first_line: reg.nodes[usize::from(idx)].line,
                },
            ));
        }
        if is_replica {
            replicas.push((idx, f[3].to_owned()));
        }
        for range in &f[8..] {
            // `[slot->-id]` and `[slot-<-id]`: a slot being migrated or imported, still
            // served by this node's owner as listed elsewhere.
            if range.starts_with('[') {
                continue;
            }
            let (a, b) = range.split_once('-').unwrap_or((range, range));
            let (first, last) = (slot(a, NODES, number)?, slot(b, NODES, number)?);
            claims.claim(first, last, idx, number)?;
        }
    }
    let mut members: HashMap<u16, Vec<u16>> = HashMap::new();
    for (replica, master_id) in &replicas {
        let master = ids.get(master_id).copied();
        if let Some(m) = master {
            members.entry(m).or_default().push(*replica);
        }
        reg.nodes[usize::from(*replica)].role = Role::Replica(master.map(usize::from));
    }
    let mut sets = Sets::default();
    let mut set_of_node = HashMap::new();
    for i in 0..reg.nodes.len() as u16 {
        let mut set = vec![i];
        set.extend(members.get(&i).into_iter().flatten());
        set_of_node.insert(i, sets.intern(set));
    }
    Ok(finish(Format::RedisNodes, reg, sets, &claims, &set_of_node))
}

/// A leaf's text for a message.
fn shown(t: &Tree) -> String {
    match t.scalar() {
        Some(Scalar::Int(i)) => i.to_string(),
        Some(Scalar::Str(s)) => s.clone(),
        Some(Scalar::Empty) => "(empty)".to_owned(),
        None => "(a list)".to_owned(),
    }
}

/// The leaf `t` read by `read` (an integer, a string), or the error that it is not `what`
/// (at `t`'s line, or at `line` when it is missing).
fn leaf_of<'a, T>(
    t: Option<&'a Tree>,
    read: impl FnOnce(&'a Scalar) -> Option<T>,
    format: &'static str,
    what: &'static str,
    line: usize,
) -> Result<T, ListingError> {
    match t {
        Some(t) => t.scalar().and_then(read).ok_or_else(|| {
            ListingError::at(t.line(), ErrorKind::unreadable(format, what, &shown(t)))
        }),
        None => Err(ListingError::at(
            line,
            ErrorKind::unreadable(format, what, ""),
        )),
    }
}

fn int_of(
    t: Option<&Tree>,
    format: &'static str,
    what: &'static str,
    line: usize,
) -> Result<i64, ListingError> {
    leaf_of(t, Scalar::as_int, format, what, line)
}

fn str_of<'a>(
    t: Option<&'a Tree>,
    format: &'static str,
    what: &'static str,
    line: usize,
) -> Result<&'a str, ListingError> {
    leaf_of(t, Scalar::as_str, format, what, line)
}

fn slot_of(t: Option<&Tree>, format: &'static str, line: usize) -> Result<u16, ListingError> {
    let n = int_of(t, format, "a slot number from 0 to 16383", line)?;
    if (0..i64::from(REDIS_SLOTS)).contains(&n) {
        Ok(n as u16)
    } else {
        Err(ListingError::at(
            t.map_or(line, Tree::line),
            ErrorKind::SlotOutOfRange {
                slot: n.to_string(),
            },
        ))
    }
}

/// `ip:port` of a node given as its ip (or endpoint) and port.
fn address(ip: &str, port: i64) -> String {
    format!("{ip}:{port}")
}

/// CLUSTER SLOTS or CLUSTER SHARDS, as redis-cli prints the reply.
pub(crate) fn parse_reply(text: &str) -> Result<Listing, ListingError> {
    let top = resp::parse(numbered(text))?;
    let Some((_, first)) = top.first() else {
        return Err(ListingError::whole(ErrorKind::Empty));
    };
    if first.field("slots").is_some() && first.field("nodes").is_some() {
        parse_shards(&top)
    } else {
        parse_slots(&top)
    }
}

fn parse_slots(top: &[(resp::Seg, Tree)]) -> Result<Listing, ListingError> {
    let mut reg = Registry::default();
    let mut sets = Sets::default();
    let mut claims = Claims::new();
    // A range's set, keyed by a node standing for it (its master), per range.
    let mut ranges: Vec<(u16, u16, u32, usize)> = Vec::new();
    for (_, range) in top {
        let line = range.line();
        let items = range.items();
        if items.len() < 3 {
            return Err(ListingError::at(
                line,
                ErrorKind::unreadable(
                    SLOTS,
                    "first slot, last slot, then the master's ip, port and id",
                    &shown(range),
                ),
            ));
        }
        let first = slot_of(items.first().map(|(_, t)| t), SLOTS, line)?;
        let last = slot_of(items.get(1).map(|(_, t)| t), SLOTS, line)?;
        let mut set: Vec<u16> = Vec::new();
        for (k, (_, node)) in items.iter().enumerate().skip(2) {
            let nl = node.line();
            let parts = node.items();
            let ip = str_of(parts.first().map(|(_, t)| t), SLOTS, "the node's ip", nl)?;
            let port = int_of(parts.get(1).map(|(_, t)| t), SLOTS, "the node's port", nl)?;
            let name = address(ip, port);
            let role = if k == 2 {
                Role::Master
            } else {
                Role::Replica(set.first().map(|&m| usize::from(m)))
            };
            let idx = reg.get_or_add(&name, nl, role)?;
            if !set.contains(&idx) {
                set.push(idx);
            }
        }
        let owner = set[0];
        let s = sets.intern(set);
        claims.claim(first, last, owner, line)?;
        ranges.push((first, last, s, line));
    }
    // Each range's own set (a master could in principle have other replicas per range).
    let map = {
        let mut m: Vec<Option<u32>> = vec![None; REDIS_SLOTS as usize];
        for &(first, last, s, _) in &ranges {
            for slot in first..=last {
                m[usize::from(slot)] = Some(s);
            }
        }
        m
    };
    Ok(Listing {
        format: Format::RedisSlots,
        nodes: reg.nodes,
        sets: sets.sets,
        map: Map::Slots(map),
        ketama: None,
    }
    .with_shares())
}

fn parse_shards(top: &[(resp::Seg, Tree)]) -> Result<Listing, ListingError> {
    let mut reg = Registry::default();
    let mut sets = Sets::default();
    let mut claims = Claims::new();
    let mut set_of_node = HashMap::new();
    for (_, shard) in top {
        let line = shard.line();
        let (Some(slots), Some(nodes)) = (shard.field("slots"), shard.field("nodes")) else {
            return Err(ListingError::at(
                line,
                ErrorKind::unreadable(
                    SHARDS,
                    "\"slots\" and \"nodes\" in every shard",
                    &shown(shard),
                ),
            ));
        };
        let mut master: Option<u16> = None;
        let mut members: Vec<u16> = Vec::new();
        for (_, node) in nodes.items() {
            let nl = node.line();
            let ip = match node.field("ip") {
                Some(t) => str_of(Some(t), SHARDS, "the node's ip", nl)?,
                None => str_of(
                    node.field("endpoint"),
                    SHARDS,
                    "the node's ip or endpoint",
                    nl,
                )?,
            };
            let port = match node.field("port") {
                Some(t) => int_of(Some(t), SHARDS, "the node's port", nl)?,
                None => int_of(node.field("tls-port"), SHARDS, "the node's port", nl)?,
            };
            let role = str_of(node.field("role"), SHARDS, "the node's role", nl)?;
            let is_master = role == "master" && master.is_none();
            let idx = reg.add(
                &address(ip, port),
                nl,
                if is_master {
                    Role::Master
                } else {
                    Role::Replica(None)
                },
            )?;
            if is_master {
                master = Some(idx);
            }
            members.push(idx);
        }
        let Some(m) = master else {
            if slots.items().is_empty() {
                continue;
            }
            return Err(ListingError::at(
                line,
                ErrorKind::unreadable(
                    SHARDS,
                    "a master in a shard that serves slots",
                    &shown(shard),
                ),
            ));
        };
        for &r in &members {
            if r != m {
                reg.nodes[usize::from(r)].role = Role::Replica(Some(usize::from(m)));
            }
        }
        let mut set = vec![m];
        set.extend(members.iter().copied().filter(|&r| r != m));
        set_of_node.insert(m, sets.intern(set));
        let bounds = slots.items();
        if bounds.len() % 2 != 0 {
            return Err(ListingError::at(
                slots.line(),
                ErrorKind::unreadable(
                    SHARDS,
                    "slot ranges as pairs of first and last slot",
                    &shown(slots),
                ),
            ));
        }
        for pair in bounds.chunks_exact(2) {
            let first = slot_of(Some(&pair[0].1), SHARDS, line)?;
            let last = slot_of(Some(&pair[1].1), SHARDS, line)?;
            claims.claim(first, last, m, pair[0].1.line())?;
        }
    }
    Ok(finish(
        Format::RedisShards,
        reg,
        sets,
        &claims,
        &set_of_node,
    ))
}
