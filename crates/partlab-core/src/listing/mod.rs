//! A real cluster's listing, pasted: Redis Cluster's `CLUSTER NODES`, `CLUSTER SHARDS` and
//! `CLUSTER SLOTS` as redis-cli prints them, Cassandra's `nodetool ring` and `nodetool
//! describering` (Murmur3Partitioner or RandomPartitioner tokens), or a ketama server list
//! (`host:port weight` per line, as memcached clients and twemproxy take it).
//!
//! [`parse`] detects the format, reads every line (a line it cannot read is a
//! [`ListingError`] with its number) and gives a [`Listing`]: the format, the nodes with
//! their share of the key space, and [`Listing::locate`], which places any key exactly as the
//! system does: Redis's CRC16 slot ([`crate::redis::key_slot`]), Cassandra's token
//! ([`crate::tokens`]) with its owner the first node token at or after it (wrapping), or
//! ketama's continuum ([`crate::zoo::ketama`]). [`Listing::leave`] and [`Listing::join`] say
//! what a node leaving or joining would move.
//!
//! Pure: no I/O, no clock. Input is bounded ([`MAX_INPUT_BYTES`], [`MAX_LINES`],
//! [`MAX_NODES`], [`MAX_TOKENS`], [`MAX_NAME_CHARS`], [`MAX_KETAMA_WEIGHT`]); nothing a user
//! pastes makes it panic (`tests/listing.rs` throws arbitrary and mutated text at it).
//! [`samples`] holds one sample of each format.

mod cassandra;
mod change;
mod ketama_list;
mod redis;
mod resp;
pub mod samples;

#[cfg(test)]
mod tests;

use std::fmt;

pub use change::{Change, Flow, Join, MAX_JOIN_TOKENS};

use crate::zoo::ketama::Ketama;

/// Most bytes of pasted text (a `nodetool ring` of 100 nodes with 256 tokens each is about
/// 2.5 MB).
pub const MAX_INPUT_BYTES: usize = 4 << 20;
/// Most lines.
pub const MAX_LINES: usize = 200_000;
/// Most nodes (Redis Cluster's documented ceiling is 1 000 nodes).
pub const MAX_NODES: usize = 1_000;
/// Most tokens or token ranges in a Cassandra listing.
pub const MAX_TOKENS: usize = 100_000;
/// Most characters in a node's name (an address, `host:port` or a hostname).
pub const MAX_NAME_CHARS: usize = 255;
/// Largest ketama weight (libketama reads a memory size as a whole number).
pub const MAX_KETAMA_WEIGHT: u64 = 1_000_000_000;

/// Cassandra's partitioner, told by the tokens' range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Partitioner {
    /// Murmur3Partitioner: tokens are signed 64-bit integers.
    Murmur3,
    /// RandomPartitioner: tokens are MD5 digests as integers, `0 … 2^127`.
    Random,
}

/// The listing's format, as detected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `redis-cli cluster nodes`.
    RedisNodes,
    /// `redis-cli cluster shards` (Redis 7).
    RedisShards,
    /// `redis-cli cluster slots`.
    RedisSlots,
    /// `nodetool ring`.
    NodetoolRing(Partitioner),
    /// `nodetool describering <keyspace>`.
    NodetoolDescribering(Partitioner),
    /// A ketama server list.
    Ketama,
}

impl Format {
    /// A stable name (JSON, URLs, tests).
    pub fn slug(self) -> &'static str {
        match self {
            Format::RedisNodes => "redis-cluster-nodes",
            Format::RedisShards => "redis-cluster-shards",
            Format::RedisSlots => "redis-cluster-slots",
            Format::NodetoolRing(Partitioner::Murmur3) => "nodetool-ring-murmur3",
            Format::NodetoolRing(Partitioner::Random) => "nodetool-ring-random",
            Format::NodetoolDescribering(Partitioner::Murmur3) => "nodetool-describering-murmur3",
            Format::NodetoolDescribering(Partitioner::Random) => "nodetool-describering-random",
            Format::Ketama => "ketama",
        }
    }

    /// Its name in English, as the CLI prints it.
    pub fn name(self) -> &'static str {
        match self {
            Format::RedisNodes => "Redis CLUSTER NODES",
            Format::RedisShards => "Redis CLUSTER SHARDS",
            Format::RedisSlots => "Redis CLUSTER SLOTS",
            Format::NodetoolRing(Partitioner::Murmur3) => {
                "Cassandra nodetool ring (Murmur3Partitioner)"
            }
            Format::NodetoolRing(Partitioner::Random) => {
                "Cassandra nodetool ring (RandomPartitioner)"
            }
            Format::NodetoolDescribering(Partitioner::Murmur3) => {
                "Cassandra nodetool describering (Murmur3Partitioner)"
            }
            Format::NodetoolDescribering(Partitioner::Random) => {
                "Cassandra nodetool describering (RandomPartitioner)"
            }
            Format::Ketama => "ketama server list",
        }
    }

    /// Every format, in the order the samples are offered.
    pub const ALL: [Format; 8] = [
        Format::RedisNodes,
        Format::RedisShards,
        Format::RedisSlots,
        Format::NodetoolRing(Partitioner::Murmur3),
        Format::NodetoolRing(Partitioner::Random),
        Format::NodetoolDescribering(Partitioner::Murmur3),
        Format::NodetoolDescribering(Partitioner::Random),
        Format::Ketama,
    ];
}

/// What a listed node is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// A Redis master (owns slots).
    Master,
    /// A Redis replica of the master at this index of [`Listing::nodes`] (`None` when the
    /// listing names a master it does not list).
    Replica(Option<usize>),
    /// A Cassandra node.
    Node,
    /// A ketama server, with its weight.
    Server {
        /// Its weight (memory, in libketama's files).
        weight: u64,
    },
}

/// A node of the listing.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedNode {
    /// Its name as the listing gives it: `ip:port` for Redis and ketama, the address for
    /// Cassandra.
    pub name: String,
    /// The fraction of the key space it owns (first copies only; 0 for a Redis replica).
    pub share: f64,
    /// Slots (Redis), tokens (Cassandra) or continuum points (ketama) it owns.
    pub owns: u64,
    /// What it is.
    pub role: Role,
    /// The line (from 1) where the listing first names it.
    pub line: usize,
}

/// Where a key lands on the listing's map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// A Redis Cluster slot.
    Slot(u16),
    /// A Murmur3Partitioner token.
    Murmur3(i64),
    /// A RandomPartitioner token.
    Md5(u128),
    /// A ketama hash (a point on the 2^32 continuum).
    Ketama(u32),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Slot(s) => write!(f, "{s}"),
            Position::Murmur3(t) => write!(f, "{t}"),
            Position::Md5(t) => write!(f, "{t}"),
            Position::Ketama(h) => write!(f, "{h}"),
        }
    }
}

/// Where one key goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The key's slot, token or hash.
    pub position: Position,
    /// The node that serves it, by name (`None`: a Redis slot no master serves).
    pub owner: Option<String>,
    /// Its index in [`Listing::nodes`].
    pub owner_index: Option<usize>,
    /// The owning token or point (the first at or after the key's, wrapping); `None` for Redis.
    pub owner_position: Option<Position>,
    /// The copies the listing names, owner first (Redis masters and their replicas,
    /// `describering`'s endpoints); only the owner where the listing says nothing more.
    pub replicas: Vec<String>,
}

/// The key space of a token ring or continuum: its size, its points (each with the replica
/// set that owns the stretch ending there), sorted.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PointRing {
    /// Positions run over `0 … size − 1`.
    pub(crate) size: u128,
    /// `(position, set)`, ascending, one per position.
    pub(crate) points: Vec<(u128, u32)>,
}

impl PointRing {
    /// The index of the point owning `pos`: the first at or after it, wrapping.
    pub(crate) fn point_for(&self, pos: u128) -> usize {
        let i = self.points.partition_point(|p| p.0 < pos);
        if i == self.points.len() {
            0
        } else {
            i
        }
    }

    /// The fraction of the space each set owns (the stretch ending at each of its points).
    pub(crate) fn set_shares(&self, sets: usize) -> Vec<f64> {
        let mut out = vec![0.0f64; sets];
        let Some(&(last, _)) = self.points.last() else {
            return out;
        };
        let mut prev = last;
        for &(p, set) in &self.points {
            // (prev, p], wrapping; one point alone owns the whole space.
            let len = if p > prev {
                p - prev
            } else {
                self.size - prev + p
            };
            if let Some(o) = out.get_mut(set as usize) {
                *o += len as f64 / self.size as f64;
            }
            prev = p;
        }
        out
    }
}

/// The listing's map of the key space.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Map {
    /// Redis: the replica set of each slot (`None`: unserved).
    Slots(Vec<Option<u32>>),
    /// Cassandra or ketama.
    Ring(PointRing),
}

/// A listing read: its format, nodes and map.
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    format: Format,
    nodes: Vec<ListedNode>,
    /// Replica sets (node indices, owner first); the map points into them.
    sets: Vec<Vec<u16>>,
    map: Map,
    /// Ketama's continuum, kept to recompute it without a server or with one more.
    ketama: Option<Ketama>,
}

impl Listing {
    /// The format detected.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The nodes, in the order the listing names them.
    pub fn nodes(&self) -> &[ListedNode] {
        &self.nodes
    }

    /// The index of the node called `name`.
    pub fn node_index(&self, name: &str) -> Option<usize> {
        self.nodes.iter().position(|n| n.name == name)
    }

    /// Where `key` goes (its UTF-8 bytes are what the system hashes).
    pub fn locate(&self, key: &str) -> Located {
        let bytes = key.as_bytes();
        let (position, set, owner_position) = match &self.map {
            Map::Slots(slots) => {
                let slot = crate::redis::key_slot(bytes);
                let set = slots.get(usize::from(slot)).copied().flatten();
                (Position::Slot(slot), set, None)
            }
            Map::Ring(ring) => {
                let (position, pos) = match self.format {
                    Format::Ketama => {
                        let h = crate::zoo::ketama::hashi(bytes);
                        (Position::Ketama(h), u128::from(h))
                    }
                    Format::NodetoolRing(Partitioner::Random)
                    | Format::NodetoolDescribering(Partitioner::Random) => {
                        let t = crate::tokens::md5_token(bytes);
                        (Position::Md5(t), t)
                    }
                    _ => {
                        let t = crate::tokens::murmur3_token(bytes);
                        (Position::Murmur3(t), murmur3_pos(t))
                    }
                };
                match ring.points.get(ring.point_for(pos)) {
                    Some(&(p, set)) => (position, Some(set), Some(self.position_of(p))),
                    None => (position, None, None),
                }
            }
        };
        let members: &[u16] = set
            .and_then(|s| self.sets.get(s as usize))
            .map_or(&[], Vec::as_slice);
        let names: Vec<String> = members
            .iter()
            .filter_map(|&i| self.nodes.get(usize::from(i)).map(|n| n.name.clone()))
            .collect();
        Located {
            position,
            owner: names.first().cloned(),
            owner_index: members.first().map(|&i| usize::from(i)),
            owner_position,
            replicas: names,
        }
    }

    /// A ring point's position, as the listing writes it.
    fn position_of(&self, p: u128) -> Position {
        match self.format {
            Format::Ketama => Position::Ketama(p as u32),
            Format::NodetoolRing(Partitioner::Random)
            | Format::NodetoolDescribering(Partitioner::Random) => Position::Md5(p),
            _ => Position::Murmur3(((p as i128) - (1i128 << 63)) as i64),
        }
    }

    /// Redis: slots no master serves (a key there gets `CLUSTERDOWN`); 0 for the others.
    pub fn unserved_slots(&self) -> u32 {
        match &self.map {
            Map::Slots(s) => s.iter().filter(|o| o.is_none()).count() as u32,
            Map::Ring(_) => 0,
        }
    }

    /// Redis: the node (index into [`Listing::nodes`]) serving each of the 16 384 slots.
    pub fn slot_owners(&self) -> Option<Vec<Option<usize>>> {
        match &self.map {
            Map::Slots(s) => Some(
                s.iter()
                    .map(|set| {
                        set.and_then(|i| self.sets.get(i as usize))
                            .and_then(|m| m.first())
                            .map(|&n| usize::from(n))
                    })
                    .collect(),
            ),
            Map::Ring(_) => None,
        }
    }

    /// Cassandra and ketama: every token or point as a fraction of the ring (`0 ≤ f < 1`,
    /// clockwise from the smallest position the format has) with the node owning the stretch
    /// that ends there, ascending: what a drawing of the ring needs.
    pub fn ring_points(&self) -> Option<Vec<(f64, usize)>> {
        match &self.map {
            Map::Ring(r) => Some(
                r.points
                    .iter()
                    .filter_map(|&(p, set)| {
                        let owner = self.sets.get(set as usize)?.first()?;
                        Some((p as f64 / r.size as f64, usize::from(*owner)))
                    })
                    .collect(),
            ),
            Map::Slots(_) => None,
        }
    }

    /// The busiest node against its fair share: the largest `share ÷ fair share` (1 is
    /// perfectly even). A ketama server's fair share is its weight's share of the total; any
    /// other node that owns something gets an equal share.
    pub fn peak_to_mean(&self) -> f64 {
        let owning: Vec<&ListedNode> = self.nodes.iter().filter(|n| n.share > 0.0).collect();
        let weight = |n: &ListedNode| match n.role {
            Role::Server { weight } => weight as f64,
            _ => 1.0,
        };
        let total: f64 = match self.format {
            Format::Ketama => self.nodes.iter().map(weight).sum(),
            _ => owning.len() as f64,
        };
        if owning.is_empty() || total <= 0.0 {
            return 1.0;
        }
        owning
            .iter()
            .map(|n| n.share / (weight(n) / total))
            .fold(0.0, f64::max)
    }

    /// Fills in each node's share and count from the map.
    fn with_shares(mut self) -> Listing {
        for n in &mut self.nodes {
            n.share = 0.0;
            n.owns = 0;
        }
        let owner_of_set: Vec<Option<usize>> = self
            .sets
            .iter()
            .map(|s| s.first().map(|&i| usize::from(i)))
            .collect();
        match &self.map {
            Map::Slots(slots) => {
                for set in slots.iter().flatten() {
                    if let Some(Some(o)) = owner_of_set.get(*set as usize) {
                        if let Some(n) = self.nodes.get_mut(*o) {
                            n.owns += 1;
                            n.share += 1.0 / f64::from(crate::redis::REDIS_SLOTS);
                        }
                    }
                }
            }
            Map::Ring(ring) => {
                let shares = ring.set_shares(self.sets.len());
                for (set, share) in shares.iter().enumerate() {
                    if let Some(Some(o)) = owner_of_set.get(set) {
                        if let Some(n) = self.nodes.get_mut(*o) {
                            n.share += share;
                        }
                    }
                }
                for &(_, set) in &ring.points {
                    if let Some(Some(o)) = owner_of_set.get(set as usize) {
                        if let Some(n) = self.nodes.get_mut(*o) {
                            n.owns += 1;
                        }
                    }
                }
            }
        }
        self
    }
}

/// A Murmur3 token as a position on `0 … 2^64 − 1` (order kept).
pub(crate) fn murmur3_pos(t: i64) -> u128 {
    (i128::from(t) + (1i128 << 63)) as u128
}

/// Why a listing could not be read. Data only, plus [`fmt::Display`]'s sentence for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListingError {
    /// The line (from 1) it is about, when it is about one.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl ListingError {
    pub(crate) fn at(line: usize, kind: ErrorKind) -> ListingError {
        ListingError {
            line: Some(line),
            kind,
        }
    }

    pub(crate) fn whole(kind: ErrorKind) -> ListingError {
        ListingError { line: None, kind }
    }
}

/// What is wrong with a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Nothing but blank lines.
    Empty,
    /// More than [`MAX_INPUT_BYTES`].
    TooLarge {
        /// Its size.
        bytes: usize,
        /// The limit.
        max: usize,
    },
    /// More than [`MAX_LINES`].
    TooManyLines {
        /// The limit.
        max: usize,
    },
    /// None of the formats.
    UnknownFormat,
    /// redis-cli's output piped without its structure (`--raw`).
    RawRedisReply,
    /// A line of a known format that does not read as one.
    Unreadable {
        /// The output expected ("nodetool ring output").
        format: &'static str,
        /// What was expected there.
        expected: &'static str,
        /// What was found (shortened, control characters escaped).
        found: String,
    },
    /// A Redis slot past 16383.
    SlotOutOfRange {
        /// The slot given (as written).
        slot: String,
    },
    /// A slot range that ends before it starts.
    SlotRangeBackwards {
        /// Its first slot.
        first: u16,
        /// Its last slot.
        last: u16,
    },
    /// A slot given to two masters.
    SlotTwice {
        /// The slot.
        slot: u16,
        /// The line that gave it first.
        first_line: usize,
    },
    /// A token outside its partitioner's range.
    TokenOutOfRange {
        /// The token (as written).
        token: String,
    },
    /// Negative tokens (Murmur3) beside tokens past 2^63 (RandomPartitioner).
    MixedTokens,
    /// One token twice.
    TokenTwice {
        /// The token.
        token: String,
        /// The line that gave it first.
        first_line: usize,
    },
    /// `describering`'s ranges leave a gap: no range ends where this one starts.
    RingNotClosed {
        /// The start token no range ends at.
        token: String,
    },
    /// A ketama weight that is not a whole number in `1 ..= MAX_KETAMA_WEIGHT`.
    BadWeight {
        /// The weight (as written).
        weight: String,
    },
    /// A server or node listed twice.
    NodeTwice {
        /// Its name.
        name: String,
        /// The line that listed it first.
        first_line: usize,
    },
    /// A name that is too long or holds control or invisible characters.
    BadName {
        /// The name (shortened, escaped).
        name: String,
    },
    /// More than [`MAX_NODES`] nodes.
    TooManyNodes {
        /// The limit.
        max: usize,
    },
    /// More than [`MAX_TOKENS`] tokens.
    TooManyTokens {
        /// The limit.
        max: usize,
    },
    /// A listing that gives no node anything to own (no slot, token or server).
    NothingOwned,
    /// redis-cli output nested deeper than any CLUSTER reply.
    TooDeep {
        /// The deepest accepted.
        max: usize,
    },
}

impl ErrorKind {
    pub(crate) fn unreadable(format: &'static str, expected: &'static str, found: &str) -> Self {
        ErrorKind::Unreadable {
            format,
            expected,
            found: shorten(found, 40),
        }
    }
}

/// `s` shortened to `max` characters, control and invisible characters escaped, for
/// quoting back in a message.
pub(crate) fn shorten(s: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        if c.is_control() || crate::config::is_hidden_char(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

impl fmt::Display for ListingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        match &self.kind {
            ErrorKind::Empty => write!(f, "the listing is empty"),
            ErrorKind::TooLarge { bytes, max } => write!(
                f,
                "the listing has {bytes} bytes; at most {max} are read (paste one cluster's listing)"
            ),
            ErrorKind::TooManyLines { max } => {
                write!(f, "the listing has more than {max} lines")
            }
            ErrorKind::UnknownFormat => write!(
                f,
                "this is not a listing the lab reads: paste the output of redis-cli's CLUSTER NODES, CLUSTER SHARDS or CLUSTER SLOTS, nodetool ring or nodetool describering, or a ketama server list (host:port weight per line)"
            ),
            ErrorKind::RawRedisReply => write!(
                f,
                "this is redis-cli's output without its structure (printed into a pipe): run redis-cli with --no-raw, or paste CLUSTER NODES"
            ),
            ErrorKind::Unreadable {
                format,
                expected,
                found,
            } => write!(
                f,
                "this does not read as {format}: expected {expected}, found \"{found}\""
            ),
            ErrorKind::SlotOutOfRange { slot } => {
                write!(f, "slot {slot} does not exist: Redis Cluster's slots are 0 to 16383")
            }
            ErrorKind::SlotRangeBackwards { first, last } => {
                write!(f, "the slot range {first}-{last} ends before it starts")
            }
            ErrorKind::SlotTwice { slot, first_line } => write!(
                f,
                "slot {slot} is served by two masters (line {first_line} gave it to another)"
            ),
            ErrorKind::TokenOutOfRange { token } => write!(
                f,
                "token {token} is outside every partitioner's range (Murmur3: -2^63 to 2^63-1; Random: 0 to 2^127)"
            ),
            ErrorKind::MixedTokens => write!(
                f,
                "the tokens mix negative numbers (Murmur3Partitioner) with numbers past 2^63 (RandomPartitioner): paste one cluster's ring"
            ),
            ErrorKind::TokenTwice { token, first_line } => write!(
                f,
                "token {token} appears twice (first on line {first_line}): each token has one owner"
            ),
            ErrorKind::RingNotClosed { token } => write!(
                f,
                "no range ends at token {token}, where this one starts: the ranges do not close the ring (paste the whole describering output)"
            ),
            ErrorKind::BadWeight { weight } => write!(
                f,
                "the weight \"{weight}\" is not a whole number from 1 to {MAX_KETAMA_WEIGHT}"
            ),
            ErrorKind::NodeTwice { name, first_line } => write!(
                f,
                "\"{name}\" is listed twice (first on line {first_line})"
            ),
            ErrorKind::BadName { name } => write!(
                f,
                "the name \"{name}\" is over {MAX_NAME_CHARS} characters or holds control or invisible characters"
            ),
            ErrorKind::TooManyNodes { max } => {
                write!(f, "the listing names more than {max} nodes")
            }
            ErrorKind::TooManyTokens { max } => {
                write!(f, "the listing has more than {max} tokens")
            }
            ErrorKind::NothingOwned => write!(
                f,
                "no node owns anything in this listing (no slot, token or server)"
            ),
            ErrorKind::TooDeep { max } => write!(
                f,
                "redis-cli's reply is nested more than {max} levels deep, deeper than any CLUSTER reply"
            ),
        }
    }
}

impl std::error::Error for ListingError {}

/// Checks a node's name (as the listing spells it).
pub(crate) fn check_name(name: &str, line: usize) -> Result<(), ListingError> {
    if name.is_empty()
        || name.chars().count() > MAX_NAME_CHARS
        || name
            .chars()
            .any(|c| c.is_control() || crate::config::is_hidden_char(c))
    {
        return Err(ListingError::at(
            line,
            ErrorKind::BadName {
                name: shorten(name, 40),
            },
        ));
    }
    Ok(())
}

/// The lines of `text`, numbered from 1 (a leading byte-order mark and `\r` removed).
pub(crate) fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.strip_prefix('\u{feff}')
        .unwrap_or(text)
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

/// The family a text looks like, from its first meaningful lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    RedisNodes,
    RedisReply,
    RedisRaw,
    Ring,
    Describering,
    Ketama,
}

fn detect(text: &str) -> Option<Family> {
    let mut meaningful = numbered(text)
        .map(|(_, l)| l)
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#') && !resp::is_prompt(l));
    let first = meaningful.next()?;
    let second = meaningful.next();
    let t = first.trim();
    if resp::looks_formatted(first) {
        return Some(Family::RedisReply);
    }
    if t == "slots"
        || (t.bytes().all(|b| b.is_ascii_digit())
            && second.is_some_and(|s| s.trim().bytes().all(|b| b.is_ascii_digit())))
    {
        return Some(Family::RedisRaw);
    }
    if t.starts_with("Schema Version:") || t.starts_with("TokenRange") || t.starts_with("Keyspace:")
    {
        return Some(Family::Describering);
    }
    if t.starts_with("Datacenter:") || (t.starts_with("Address") && t.ends_with("Token")) {
        return Some(Family::Ring);
    }
    if redis::looks_like_nodes_line(t) {
        return Some(Family::RedisNodes);
    }
    if ketama_list::looks_like_server_line(t) {
        return Some(Family::Ketama);
    }
    None
}

/// Reads a pasted listing, detecting its format.
pub fn parse(text: &str) -> Result<Listing, ListingError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ListingError::whole(ErrorKind::TooLarge {
            bytes: text.len(),
            max: MAX_INPUT_BYTES,
        }));
    }
    if numbered(text).nth(MAX_LINES).is_some() {
        return Err(ListingError::whole(ErrorKind::TooManyLines {
            max: MAX_LINES,
        }));
    }
    if text.trim().is_empty() {
        return Err(ListingError::whole(ErrorKind::Empty));
    }
    let listing = match detect(text) {
        Some(Family::RedisNodes) => redis::parse_nodes(text)?,
        Some(Family::RedisReply) => redis::parse_reply(text)?,
        Some(Family::RedisRaw) => return Err(ListingError::whole(ErrorKind::RawRedisReply)),
        Some(Family::Ring) => cassandra::parse_ring(text)?,
        Some(Family::Describering) => cassandra::parse_describering(text)?,
        Some(Family::Ketama) => ketama_list::parse(text)?,
        None => return Err(ListingError::whole(ErrorKind::UnknownFormat)),
    };
    if listing.nodes.iter().all(|n| n.owns == 0) {
        return Err(ListingError::whole(ErrorKind::NothingOwned));
    }
    Ok(listing)
}

/// The nodes met so far, by name.
#[derive(Default)]
pub(crate) struct Registry {
    pub(crate) nodes: Vec<ListedNode>,
    by_name: std::collections::HashMap<String, usize>,
}

impl Registry {
    /// The node called `name`, added (with `role`) the first time it is met.
    pub(crate) fn get_or_add(
        &mut self,
        name: &str,
        line: usize,
        role: Role,
    ) -> Result<u16, ListingError> {
        if let Some(&i) = self.by_name.get(name) {
            return Ok(i as u16);
        }
        self.add(name, line, role)
    }

    /// A new node; a name met before is [`ErrorKind::NodeTwice`].
    pub(crate) fn add(&mut self, name: &str, line: usize, role: Role) -> Result<u16, ListingError> {
        check_name(name, line)?;
        if let Some(&i) = self.by_name.get(name) {
            return Err(ListingError::at(
                line,
                ErrorKind::NodeTwice {
                    name: shorten(name, 40),
                    first_line: self.nodes[i].line,
                },
            ));
        }
        if self.nodes.len() >= MAX_NODES {
            return Err(ListingError::at(
                line,
                ErrorKind::TooManyNodes { max: MAX_NODES },
            ));
        }
        self.by_name.insert(name.to_owned(), self.nodes.len());
        self.nodes.push(ListedNode {
            name: name.to_owned(),
            share: 0.0,
            owns: 0,
            role,
            line,
        });
        Ok((self.nodes.len() - 1) as u16)
    }
}

/// Replica sets, each stored once.
#[derive(Default)]
pub(crate) struct Sets {
    pub(crate) sets: Vec<Vec<u16>>,
    index: std::collections::HashMap<Vec<u16>, u32>,
}

impl Sets {
    /// The index of `set` (added the first time).
    pub(crate) fn intern(&mut self, set: Vec<u16>) -> u32 {
        if let Some(&i) = self.index.get(&set) {
            return i;
        }
        let i = self.sets.len() as u32;
        self.index.insert(set.clone(), i);
        self.sets.push(set);
        i
    }
}
