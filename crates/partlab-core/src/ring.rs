//! The consistent-hash ring: vnode positions sorted clockwise, and the owner of a position.
//! Shared by the strategies ([`crate::strategy`]) and the algorithms built on the ring
//! ([`crate::zoo`]: bounded loads).

use std::ops::Range;

use crate::config::{Config, ConfigError};
use crate::hash::vnode_position;
use crate::keys::KeySet;

/// Index of a node in its configuration's node list.
pub type NodeIdx = u16;

/// One virtual node on the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RingPoint {
    /// Position on the ring (`hash("{node}#{vnode}")`).
    pub position: u64,
    /// The physical node it belongs to.
    pub node: NodeIdx,
    /// Its vnode number `i` in `"{node}#{i}"`.
    pub vnode: u32,
}

/// A consistent-hash ring: vnode positions sorted clockwise.
#[derive(Clone, Debug, PartialEq)]
pub struct Ring {
    pub(crate) points: Vec<RingPoint>,
    pub(crate) n_nodes: usize,
    /// Vnodes that lost their position to an earlier vnode with the same hash.
    pub(crate) collisions: usize,
}

impl Ring {
    /// Builds the ring of a validated configuration. Nodes add their vnodes in list order; a
    /// vnode whose position is already taken is skipped, so the first one keeps it.
    pub fn build(config: &Config) -> Result<Ring, ConfigError> {
        config.validate()?;
        Ok(Self::build_unvalidated(config))
    }

    /// Builds a ring without checking the configuration (callers guarantee it is sane).
    pub(crate) fn build_unvalidated(config: &Config) -> Ring {
        let mut points = Vec::new();
        for (idx, node) in config.nodes.iter().enumerate() {
            for i in 0..config.vnodes_of(idx) {
                points.push(RingPoint {
                    position: vnode_position(&node.name, i),
                    node: idx as NodeIdx,
                    vnode: i,
                });
            }
        }
        // A stable sort keeps insertion order among equal positions: the first one stays.
        sort_by_position(&mut points);
        let before = points.len();
        points.dedup_by_key(|p| p.position);
        Ring {
            collisions: before - points.len(),
            points,
            n_nodes: config.nodes.len(),
        }
    }

    /// Vnodes in clockwise order.
    pub fn points(&self) -> &[RingPoint] {
        &self.points
    }

    /// How many vnodes were dropped because their position was already taken.
    pub fn collisions(&self) -> usize {
        self.collisions
    }

    /// Index of the vnode that owns ring position `hash`: the first one strictly after it,
    /// wrapping past the top of the ring to the first vnode.
    pub fn point_for(&self, hash: u64) -> usize {
        let idx = self.points.partition_point(|p| p.position <= hash);
        if idx == self.points.len() {
            0
        } else {
            idx
        }
    }

    /// Up to `r` distinct physical nodes met walking clockwise from vnode `start`, starting
    /// with its own node. Vnodes of nodes already chosen are skipped; the walk stops after one
    /// full turn, so it always ends.
    pub fn replicas_from(&self, start: usize, r: usize) -> Vec<NodeIdx> {
        let mut chosen: Vec<NodeIdx> = Vec::with_capacity(r);
        let n = self.points.len();
        for step in 0..n {
            if chosen.len() >= r {
                break;
            }
            let node = self.points[(start + step) % n].node;
            if !chosen.contains(&node) {
                chosen.push(node);
            }
        }
        chosen
    }

    /// The key slots (of `keys`, sorted by hash) owned by each vnode, in one pass over the
    /// sorted keys. Keys past the last vnode wrap to vnode 0, so vnode 0 may get two ranges.
    pub fn arcs<'a>(
        &'a self,
        keys: &'a KeySet,
    ) -> impl Iterator<Item = (usize, Range<usize>)> + 'a {
        let hashes = keys.sorted_hashes();
        let mut start = 0usize;
        self.points
            .iter()
            .enumerate()
            .map(move |(idx, p)| {
                // Keys in [previous position, this position) belong to this vnode.
                let end = start + hashes[start..].partition_point(|&h| h < p.position);
                let range = start..end;
                start = end;
                (idx, range)
            })
            .chain(std::iter::once((0, start_of_wrap(hashes, self))))
    }

    /// Keys per physical node, without building a per-key table.
    pub fn counts(&self, keys: &KeySet) -> Vec<u64> {
        let mut counts = vec![0u64; self.n_nodes];
        for (idx, range) in self.arcs(keys) {
            counts[self.points[idx].node as usize] += range.len() as u64;
        }
        counts
    }
}

/// Sorts vnodes by position, keeping the order of equal positions (the first one stays).
/// The one sort of ring points in the crate (each sort is code of its own in the page).
/// Points are always made node by node, vnode numbers ascending: equal positions ordered by
/// (node, vnode) are in the order they were made, as a stable sort would leave them.
pub(crate) fn sort_by_position(points: &mut [RingPoint]) {
    // Packed as (position, node << 32 | vnode): the crate's one sort (`order`), and no index
    // needed, since a point is its key.
    let mut packed: Vec<u128> = points
        .iter()
        .map(|p| crate::order::pack(p.position, (u64::from(p.node) << 32) | u64::from(p.vnode)))
        .collect();
    crate::order::sort_u128(&mut packed);
    for (point, key) in points.iter_mut().zip(packed) {
        let (position, low) = crate::order::unpack(key);
        *point = RingPoint {
            position,
            node: (low >> 32) as NodeIdx,
            vnode: low as u32,
        };
    }
}

/// The wrap-around range: keys at or after the last vnode's position.
pub(crate) fn start_of_wrap(hashes: &[u64], ring: &Ring) -> Range<usize> {
    match ring.points.last() {
        Some(last) => hashes.partition_point(|&h| h < last.position)..hashes.len(),
        None => 0..0,
    }
}
