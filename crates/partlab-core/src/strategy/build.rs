//! [`RingBuilder`]: a ring built a slice of work at a time, reusing the vnode positions of a
//! [`VnodeCache`].
//!
//! A ring of 160 000 vnodes hashes 160 000 labels (about 30 ms in wasm) and sorts them:
//! too long for one task of a page that must answer within a frame. The builder hashes
//! node by node in slices, sorts each node's positions on its own, then merges the nodes'
//! sorted lists. With a cache, a node whose vnode count did not change costs nothing, and a
//! node whose weight moved hashes only its new vnodes: dragging one weight slider rebuilds
//! a big ring in a few milliseconds. The result is exactly [`Ring::build`]'s: points by
//! position, and among equal positions the first node in the list, then the first vnode,
//! keeps it.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use super::{Kind, NodeIdx, Partitioner, Ring, RingPoint};
use crate::config::{Config, ConfigError, Strategy};
use crate::hash::vnode_position;

/// Vnode positions hashed per unit of work (one unit ≈ one MD5).
const HASH_COST: u64 = 1;

/// One node's vnodes, sorted by (position, vnode number).
type SortedVnodes = Arc<[(u64, u32)]>;

/// The vnode positions of recently seen node names, so that rebuilding a ring hashes only
/// what changed. Bounded: it keeps at most `limit` positions, least recently used dropped.
#[derive(Debug)]
pub struct VnodeCache {
    limit: usize,
    /// Name, positions by vnode number, and the sorted list of the first `n` of them.
    entries: Vec<CacheEntry>,
}

#[derive(Debug)]
struct CacheEntry {
    name: String,
    positions: Vec<u64>,
    sorted: Option<(u32, SortedVnodes)>,
}

impl Default for VnodeCache {
    fn default() -> Self {
        VnodeCache::new(crate::config::MAX_RING_POINTS as usize * 2)
    }
}

impl VnodeCache {
    /// A cache that keeps at most `limit` vnode positions.
    pub fn new(limit: usize) -> VnodeCache {
        VnodeCache {
            limit,
            entries: Vec::new(),
        }
    }

    /// Positions kept now.
    pub fn len(&self) -> usize {
        self.entries.iter().map(|e| e.positions.len()).sum()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn take(&mut self, name: &str) -> Option<CacheEntry> {
        let i = self.entries.iter().position(|e| e.name == name)?;
        Some(self.entries.remove(i))
    }

    fn put(&mut self, entry: CacheEntry) {
        if entry.positions.len() > self.limit {
            return;
        }
        self.entries.push(entry);
        let mut used = self.len();
        while used > self.limit && self.entries.len() > 1 {
            used -= self.entries.remove(0).positions.len();
        }
    }
}

/// Where a [`RingBuilder`] is.
#[derive(Debug)]
enum Phase {
    /// Hashing node `node`'s vnodes, `next` done.
    Hash {
        node: usize,
        next: u32,
    },
    /// Merging the nodes' sorted lists.
    Merge,
    Done,
}

/// Points merged per work unit (a heap step is much cheaper than an MD5).
const MERGE_PER_UNIT: u64 = 16;

/// A k-way merge in progress: the next vnode of each node's list, smallest first.
#[derive(Debug, Default)]
struct Merge {
    heap: BinaryHeap<Reverse<(u64, NodeIdx, u32, usize)>>,
    points: Vec<RingPoint>,
    collisions: usize,
    started: bool,
}

/// A ring in the making (see the module documentation).
#[derive(Debug)]
pub struct RingBuilder {
    config: Config,
    counts: Vec<u32>,
    phase: Phase,
    /// The node being hashed: its positions so far (reused from the cache or new).
    current: Option<CacheEntry>,
    /// Each node's sorted vnodes once hashed.
    sorted: Vec<SortedVnodes>,
    /// Entries to give back to the cache.
    entries: Vec<CacheEntry>,
    ring: Option<Ring>,
    merge: Merge,
    total: u64,
    done: u64,
}

impl RingBuilder {
    /// A builder for the ring of `config`, which must be a valid ring configuration.
    pub fn new(config: &Config) -> Result<RingBuilder, ConfigError> {
        config.validate()?;
        if config.strategy != Strategy::Ring {
            return Err(ConfigError::UnknownStrategy {
                given: config.strategy.name().to_owned(),
            });
        }
        Ok(Self::new_unvalidated(config))
    }

    /// A builder without checking the configuration (callers guarantee it is sane).
    pub(crate) fn new_unvalidated(config: &Config) -> RingBuilder {
        let counts: Vec<u32> = (0..config.nodes.len())
            .map(|i| config.vnodes_of(i))
            .collect();
        let points: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        RingBuilder {
            config: config.clone(),
            counts,
            phase: Phase::Hash { node: 0, next: 0 },
            current: None,
            sorted: Vec::with_capacity(config.nodes.len()),
            entries: Vec::with_capacity(config.nodes.len()),
            ring: None,
            merge: Merge::default(),
            // Hashing, then the merge.
            total: points * HASH_COST + points / MERGE_PER_UNIT + 1,
            done: 0,
        }
    }

    /// The whole build in work units (one ≈ one MD5); less when the cache has positions.
    pub fn total_work(&self) -> u64 {
        self.total
    }

    /// Work units done (or found in the cache) so far.
    pub fn work_done(&self) -> u64 {
        self.done.min(self.total)
    }

    /// Whether the ring is built.
    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done)
    }

    /// Does about `work` more units (at least a little), taking positions from `cache` and
    /// giving them back to it; returns whether the ring is built.
    pub fn step(&mut self, mut cache: Option<&mut VnodeCache>, work: u64) -> bool {
        let mut budget = work.max(1);
        loop {
            match self.phase {
                Phase::Done => return true,
                Phase::Merge => {
                    let count = budget.saturating_mul(MERGE_PER_UNIT);
                    let (finished, merged) = self.merge_some(count);
                    self.done += merged / MERGE_PER_UNIT;
                    if !finished {
                        return false;
                    }
                    if let Some(c) = cache.as_deref_mut() {
                        for e in self.entries.drain(..) {
                            c.put(e);
                        }
                    }
                    self.phase = Phase::Done;
                    self.done = self.total;
                    return true;
                }
                Phase::Hash { node, next } => {
                    if budget == 0 {
                        return false;
                    }
                    let Some(n) = self.config.nodes.get(node) else {
                        self.phase = Phase::Merge;
                        continue;
                    };
                    let count = self.counts[node];
                    let entry = self.current.get_or_insert_with(|| {
                        cache
                            .as_deref_mut()
                            .and_then(|c| c.take(&n.name))
                            .unwrap_or_else(|| CacheEntry {
                                name: n.name.clone(),
                                positions: Vec::new(),
                                sorted: None,
                            })
                    });
                    let have = entry.positions.len() as u32;
                    let start = next.max(have.min(count));
                    if next < start {
                        self.done += u64::from(start - next) * HASH_COST;
                    }
                    let end = count.min(start.saturating_add(
                        u32::try_from(budget / HASH_COST).unwrap_or(u32::MAX).max(1),
                    ));
                    for i in start..end {
                        entry.positions.push(vnode_position(&n.name, i));
                    }
                    let hashed = u64::from(end - start) * HASH_COST;
                    self.done += hashed;
                    budget = budget.saturating_sub(hashed);
                    if end < count {
                        self.phase = Phase::Hash { node, next: end };
                        continue;
                    }
                    // The node is complete: its sorted list (from the cache when the count
                    // is the same as last time).
                    let mut entry = self.current.take().unwrap_or_else(|| CacheEntry {
                        name: n.name.clone(),
                        positions: Vec::new(),
                        sorted: None,
                    });
                    let sorted = match &entry.sorted {
                        Some((c, list)) if *c == count => Arc::clone(list),
                        _ => {
                            let mut list: Vec<RingPoint> = entry.positions[..count as usize]
                                .iter()
                                .enumerate()
                                .map(|(i, &position)| RingPoint {
                                    position,
                                    node: 0,
                                    vnode: i as u32,
                                })
                                .collect();
                            // By position, equal positions in vnode order.
                            super::sort_by_position(&mut list);
                            let list: SortedVnodes =
                                list.iter().map(|p| (p.position, p.vnode)).collect();
                            entry.sorted = Some((count, Arc::clone(&list)));
                            list
                        }
                    };
                    self.sorted.push(sorted);
                    self.entries.push(entry);
                    self.phase = Phase::Hash {
                        node: node + 1,
                        next: 0,
                    };
                }
            }
        }
    }

    /// Merges up to `count` more vnodes of the nodes' sorted lists into the ring (a k-way
    /// merge by position, then node, then vnode number), skipping positions already taken;
    /// returns whether the ring is complete, and how many vnodes were merged.
    fn merge_some(&mut self, count: u64) -> (bool, u64) {
        let m = &mut self.merge;
        if !m.started {
            m.started = true;
            let total: usize = self.sorted.iter().map(|l| l.len()).sum();
            m.points = Vec::with_capacity(total);
            m.heap = self
                .sorted
                .iter()
                .enumerate()
                .filter_map(|(n, l)| l.first().map(|&(p, v)| Reverse((p, n as NodeIdx, v, 0))))
                .collect();
        }
        let count = count.max(1);
        let mut left = count;
        while left > 0 {
            let Some(Reverse((position, node, vnode, i))) = m.heap.pop() else {
                break;
            };
            left -= 1;
            if m.points.last().is_some_and(|p| p.position == position) {
                m.collisions += 1;
            } else {
                m.points.push(RingPoint {
                    position,
                    node,
                    vnode,
                });
            }
            if let Some(&(p, v)) = self.sorted[node as usize].get(i + 1) {
                m.heap.push(Reverse((p, node, v, i + 1)));
            }
        }
        if !m.heap.is_empty() {
            return (false, count - left);
        }
        let m = std::mem::take(&mut self.merge);
        self.ring = Some(Ring {
            points: m.points,
            n_nodes: self.config.nodes.len(),
            collisions: m.collisions,
        });
        (true, count - left)
    }

    /// The ring (finishing whatever work is left, with `cache`).
    pub fn finish_ring(mut self, mut cache: Option<&mut VnodeCache>) -> Ring {
        while !self.step(cache.as_deref_mut(), u64::MAX / 4) {}
        self.ring
            .take()
            .unwrap_or_else(|| Ring::build_unvalidated(&self.config))
    }

    /// The partitioner of the configuration, with the ring built (finishing whatever work is
    /// left, with `cache`).
    pub fn finish(self, cache: Option<&mut VnodeCache>) -> Partitioner {
        Partitioner {
            kind: Kind::Ring(self.finish_ring(cache)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Node;

    fn config(nodes: &[(&str, f64)], vnodes: u32) -> Config {
        Config {
            strategy: Strategy::Ring,
            nodes: nodes.iter().map(|&(n, w)| Node::weighted(n, w)).collect(),
            vnodes,
            replicas: 1,
            params: Default::default(),
        }
    }

    #[test]
    fn a_ring_built_in_slices_from_a_cache_is_the_ring() {
        let mut cache = VnodeCache::default();
        let steps = [
            config(&[("a", 1.0), ("b", 2.0), ("c", 0.5)], 100),
            config(&[("a", 1.0), ("b", 2.5), ("c", 0.5)], 100),
            config(&[("a", 1.0), ("b", 0.1), ("c", 0.5), ("d", 1.0)], 300),
            config(&[("c", 0.5), ("a", 1.0)], 7),
        ];
        for c in &steps {
            let expected = Ring::build(c).expect("valid");
            let mut b = RingBuilder::new(c).expect("valid");
            let mut slices = 0;
            while !b.step(Some(&mut cache), 13) {
                slices += 1;
            }
            assert_eq!(b.work_done(), b.total_work());
            let ring = b.finish_ring(Some(&mut cache));
            assert_eq!(ring, expected, "{:?} in {slices} slices", c.nodes);
        }
        // The last configuration again: everything is in the cache, one slice does it.
        let mut b = RingBuilder::new(&steps[3]).expect("valid");
        assert!(b.step(Some(&mut cache), 1));
        assert!(cache.len() <= VnodeCache::default().limit);
    }

    #[test]
    fn collisions_keep_the_first_node_as_the_plain_build_does() {
        // Two nodes with the same positions cannot exist (names are unique), so check the
        // merge directly: equal positions keep the lower node, then the lower vnode.
        let mut b = RingBuilder::new_unvalidated(&config(&[("x", 1.0), ("y", 1.0)], 2));
        b.sorted = vec![
            Arc::from(vec![(5, 0), (9, 1)]),
            Arc::from(vec![(5, 0), (7, 1)]),
        ];
        assert_eq!(b.merge_some(2), (false, 2));
        assert_eq!(b.merge_some(9), (true, 2));
        let ring = b.ring.expect("merged");
        let got: Vec<(u64, NodeIdx)> = ring.points.iter().map(|p| (p.position, p.node)).collect();
        assert_eq!(got, [(5, 0), (7, 1), (9, 0)]);
        assert_eq!(ring.collisions, 1);
    }

    #[test]
    fn the_cache_stays_within_its_limit() {
        let mut cache = VnodeCache::new(250);
        for name in ["a", "b", "c"] {
            let c = config(&[(name, 1.0)], 100);
            RingBuilder::new(&c)
                .expect("valid")
                .finish_ring(Some(&mut cache));
        }
        assert_eq!(cache.len(), 200);
    }
}
