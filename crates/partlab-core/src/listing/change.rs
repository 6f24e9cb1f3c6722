//! What a node leaving or joining would move, on the listing's own map (first copies only).
//!
//! - Redis: slots move whole, by section 8's rule for fixed partitions
//!   (section 8's fixed layout (`partlab_km0::rebalancing::FixedLayout`)): a leaving master's slots go one by one to the master
//!   holding the fewest, a joining one takes the highest-numbered slots of the master holding
//!   the most until it holds its share (rounded up). `redis-cli --cluster rebalance` picks
//!   other slots, but moves as many.
//! - Cassandra: a leaving node's ranges go to the next token's owner; a joining node takes
//!   `tokens` tokens drawn from a seeded generator (as a node with `num_tokens` random tokens
//!   does), each splitting the range it falls in.
//! - Ketama: the continuum is rebuilt without the server, or with the new one (every server's
//!   point count depends on the weights, so a few other keys move too).

use super::{
    ketama_list, murmur3_pos, shorten, ErrorKind, Format, Listing, ListingError, Map, PointRing,
    Registry, Role, MAX_NODES,
};
use crate::config::Node;
use crate::redis::REDIS_SLOTS;
use crate::rng::SplitMix64;
use crate::zoo::ketama::Ketama;

/// Keys moving from one node to another.
#[derive(Clone, Debug, PartialEq)]
pub struct Flow {
    /// The node that held them.
    pub from: String,
    /// The node that holds them after the change.
    pub to: String,
    /// Their share of the key space.
    pub share: f64,
}

/// What a change moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// The share of the key space whose owner changes.
    pub moved: f64,
    /// The least any scheme must move: the newcomer's fair share on a join, the leaver's
    /// share on a leave.
    pub ideal: f64,
    /// Where the moved keys go, largest first.
    pub flows: Vec<Flow>,
}

/// Most random tokens a joining Cassandra node may take.
pub const MAX_JOIN_TOKENS: u32 = 4_096;

/// How a node joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Join {
    /// Ketama: the new server's weight (1 ≤ weight ≤ [`super::MAX_KETAMA_WEIGHT`]).
    pub weight: u64,
    /// Cassandra: how many random tokens it takes (Cassandra 4's `num_tokens` default: 16).
    pub tokens: u32,
    /// Cassandra: the seed its tokens are drawn from.
    pub seed: u64,
}

impl Default for Join {
    fn default() -> Join {
        Join {
            weight: 1,
            tokens: 16,
            seed: 1,
        }
    }
}

fn add_flow(flows: &mut Vec<Flow>, from: &str, to: &str, share: f64) {
    match flows.iter_mut().find(|f| f.from == from && f.to == to) {
        Some(f) => f.share += share,
        None => flows.push(Flow {
            from: from.to_owned(),
            to: to.to_owned(),
            share,
        }),
    }
}

fn sorted(mut flows: Vec<Flow>) -> Vec<Flow> {
    flows.sort_unstable_by(|a, b| {
        b.share
            .total_cmp(&a.share)
            .then_with(|| a.from.cmp(&b.from))
            .then_with(|| a.to.cmp(&b.to))
    });
    flows
}

/// The owner's name at every point of a ring, by the sets' first members.
fn owner_names<'a>(ring: &PointRing, l: &'a Listing) -> Vec<&'a str> {
    ring.points
        .iter()
        .map(|&(_, set)| {
            l.sets
                .get(set as usize)
                .and_then(|s| s.first())
                .and_then(|&i| l.nodes.get(usize::from(i)))
                .map_or("", |n| n.name.as_str())
        })
        .collect()
}

/// The key space whose owner differs between two rings over the same space (owners by
/// name), as moved share and flows: the boundaries of both rings cut the space into
/// stretches, each with one owner before and one after.
fn diff(a: &PointRing, a_names: &[&str], b: &PointRing, b_names: &[&str]) -> (f64, Vec<Flow>) {
    let mut bounds: Vec<u128> = a.points.iter().chain(&b.points).map(|p| p.0).collect();
    bounds.sort_unstable();
    bounds.dedup();
    let mut flows = Vec::new();
    let mut moved = 0.0;
    let Some(&last) = bounds.last() else {
        return (0.0, flows);
    };
    let mut prev = last;
    for &p in &bounds {
        let len = if p > prev {
            p - prev
        } else {
            a.size - prev + p
        };
        let before = a_names.get(a.point_for(p)).copied().unwrap_or("");
        let after = b_names.get(b.point_for(p)).copied().unwrap_or("");
        if before != after {
            let share = len as f64 / a.size as f64;
            moved += share;
            add_flow(&mut flows, before, after, share);
        }
        prev = p;
    }
    (moved, sorted(flows))
}

impl Listing {
    /// What node `index` leaving would move (`None`: no such node, or the last one that owns
    /// anything).
    pub fn leave(&self, index: usize) -> Option<Change> {
        let leaver = self.nodes.get(index)?;
        let owning = self.nodes.iter().filter(|n| n.owns > 0).count();
        if leaver.owns > 0 && owning < 2 {
            return None;
        }
        let ideal = leaver.share;
        match &self.map {
            Map::Slots(_) => {
                let mut owner = self.slot_owners()?;
                let mut counts = vec![0u64; self.nodes.len()];
                for o in owner.iter().flatten() {
                    counts[*o] += 1;
                }
                let takers: Vec<usize> = (0..self.nodes.len())
                    .filter(|&i| i != index && matches!(self.nodes[i].role, Role::Master))
                    .collect();
                let mut flows = Vec::new();
                let mut moved = 0.0;
                for o in owner.iter_mut() {
                    if *o != Some(index) {
                        continue;
                    }
                    let to = *takers.iter().min_by_key(|&&i| (counts[i], i))?;
                    counts[index] -= 1;
                    counts[to] += 1;
                    *o = Some(to);
                    let share = 1.0 / f64::from(REDIS_SLOTS);
                    moved += share;
                    add_flow(&mut flows, &leaver.name, &self.nodes[to].name, share);
                }
                Some(Change {
                    moved,
                    ideal,
                    flows: sorted(flows),
                })
            }
            Map::Ring(ring) => {
                let names = owner_names(ring, self);
                let after = match &self.ketama {
                    Some(_) => {
                        let nodes: Vec<Node> = self
                            .nodes
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != index)
                            .map(|(_, n)| Node::weighted(n.name.clone(), weight_of(&n.role)))
                            .collect();
                        let k = Ketama::new(&nodes).ok()?;
                        let l = ketama_list::listing(registry_of(&nodes), k);
                        let Map::Ring(r) = &l.map else {
                            return None;
                        };
                        let n = owner_names(r, &l);
                        let n: Vec<String> = n.into_iter().map(str::to_owned).collect();
                        (r.clone(), n)
                    }
                    None => {
                        let keep: Vec<usize> = (0..ring.points.len())
                            .filter(|&i| names[i] != leaver.name)
                            .collect();
                        let r = PointRing {
                            size: ring.size,
                            points: keep.iter().map(|&i| ring.points[i]).collect(),
                        };
                        let n = keep.iter().map(|&i| names[i].to_owned()).collect();
                        (r, n)
                    }
                };
                let after_names: Vec<&str> = after.1.iter().map(String::as_str).collect();
                let (moved, flows) = diff(ring, &names, &after.0, &after_names);
                Some(Change {
                    moved,
                    ideal,
                    flows,
                })
            }
        }
    }

    /// What a new node called `name` joining would move.
    pub fn join(&self, name: &str, how: Join) -> Result<Change, ListingError> {
        super::check_name(name, 0).map_err(|e| ListingError { line: None, ..e })?;
        if let Some(n) = self.nodes.iter().find(|n| n.name == name) {
            return Err(ListingError::whole(ErrorKind::NodeTwice {
                name: shorten(name, 40),
                first_line: n.line,
            }));
        }
        if self.nodes.len() >= MAX_NODES {
            return Err(ListingError::whole(ErrorKind::TooManyNodes {
                max: MAX_NODES,
            }));
        }
        let owning = self.nodes.iter().filter(|n| n.owns > 0).count();
        match &self.map {
            Map::Slots(_) => {
                let owner = self.slot_owners().unwrap_or_default();
                let mut held: Vec<Vec<usize>> = vec![Vec::new(); self.nodes.len()];
                for (slot, o) in owner.iter().enumerate() {
                    if let Some(o) = o {
                        held[*o].push(slot);
                    }
                }
                let served = owner.iter().flatten().count() as u64;
                let masters = (owning as u64).max(1);
                let target = served.div_ceil(masters + 1);
                let mut flows = Vec::new();
                let mut taken = 0u64;
                while taken < target {
                    let Some(from) = (0..held.len())
                        .filter(|&i| !held[i].is_empty())
                        .max_by_key(|&i| (held[i].len(), std::cmp::Reverse(i)))
                    else {
                        break;
                    };
                    held[from].pop();
                    taken += 1;
                    add_flow(
                        &mut flows,
                        &self.nodes[from].name,
                        name,
                        1.0 / f64::from(REDIS_SLOTS),
                    );
                }
                Ok(Change {
                    moved: taken as f64 / f64::from(REDIS_SLOTS),
                    ideal: served as f64 / f64::from(REDIS_SLOTS) / (masters + 1) as f64,
                    flows: sorted(flows),
                })
            }
            Map::Ring(ring) => {
                let names = owner_names(ring, self);
                if self.ketama.is_some() {
                    if !(1..=super::MAX_KETAMA_WEIGHT).contains(&how.weight) {
                        return Err(ListingError::whole(ErrorKind::BadWeight {
                            weight: how.weight.to_string(),
                        }));
                    }
                    let mut nodes: Vec<Node> = self
                        .nodes
                        .iter()
                        .map(|n| Node::weighted(n.name.clone(), weight_of(&n.role)))
                        .collect();
                    nodes.push(Node::weighted(name, how.weight as f64));
                    let total: f64 = nodes.iter().map(|n| n.weight).sum();
                    let k = Ketama::new(&nodes)
                        .map_err(|_| ListingError::whole(ErrorKind::NothingOwned))?;
                    let l = ketama_list::listing(registry_of(&nodes), k);
                    let Map::Ring(r) = &l.map else {
                        return Err(ListingError::whole(ErrorKind::NothingOwned));
                    };
                    let after = owner_names(r, &l);
                    let (moved, flows) = diff(ring, &names, r, &after);
                    return Ok(Change {
                        moved,
                        ideal: how.weight as f64 / total,
                        flows,
                    });
                }
                if how.tokens == 0 || how.tokens > MAX_JOIN_TOKENS {
                    return Err(ListingError::whole(ErrorKind::TooManyTokens {
                        max: MAX_JOIN_TOKENS as usize,
                    }));
                }
                let mut rng = SplitMix64::new(how.seed);
                let random = matches!(
                    self.format,
                    Format::NodetoolRing(super::Partitioner::Random)
                        | Format::NodetoolDescribering(super::Partitioner::Random)
                );
                let mut points = ring.points.clone();
                let mut after: Vec<&str> = names.clone();
                let mut taken = std::collections::HashSet::new();
                for &(p, _) in &ring.points {
                    taken.insert(p);
                }
                let mut added = 0;
                while added < how.tokens {
                    let pos = if random {
                        // 0 … 2^127: 127 random bits (2^127 itself is never drawn).
                        (u128::from(rng.next_u64()) << 63 | u128::from(rng.next_u64() >> 1))
                            % ring.size
                    } else {
                        murmur3_pos(rng.next_u64() as i64)
                    };
                    if taken.insert(pos) {
                        points.push((pos, u32::MAX));
                        after.push(name);
                        added += 1;
                    }
                }
                let mut order: Vec<usize> = (0..points.len()).collect();
                order.sort_unstable_by_key(|&i| points[i].0);
                let r = PointRing {
                    size: ring.size,
                    points: order.iter().map(|&i| points[i]).collect(),
                };
                let after: Vec<&str> = order.iter().map(|&i| after[i]).collect();
                let (moved, flows) = diff(ring, &names, &r, &after);
                Ok(Change {
                    moved,
                    ideal: 1.0 / (owning + 1) as f64,
                    flows,
                })
            }
        }
    }
}

fn weight_of(role: &Role) -> f64 {
    match role {
        Role::Server { weight } => *weight as f64,
        _ => 1.0,
    }
}

/// A registry of `nodes` as ketama servers (names already checked).
fn registry_of(nodes: &[Node]) -> Registry {
    let mut reg = Registry::default();
    for n in nodes {
        let _ = reg.get_or_add(
            &n.name,
            0,
            Role::Server {
                weight: n.weight as u64,
            },
        );
    }
    reg
}
