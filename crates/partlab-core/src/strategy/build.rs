//! [`RingBuilder`]: a ring built a slice of work at a time, reusing the vnode positions of a
//! [`VnodeCache`].
//!
//! A ring of 160 000 vnodes hashes 160 000 labels (about 30 ms in wasm) and sorts them:
//! too long for one task of a page that must answer within a frame. The builder hashes
//! node by node in slices, sorts each node's positions on its own, then merges the nodes'
//! sorted lists. With a cache, a node whose vnode count did not change costs nothing, a node
//! whose count went down takes its vnodes out of its longer sorted list (no sort), and a
//! node whose count went up hashes only its new vnodes: dragging one weight slider rebuilds
//! a big ring in a few milliseconds. The result is exactly [`Ring::build`]'s: points by
//! position, and among equal positions the first node in the list, then the first vnode,
//! keeps it.

use std::cmp::Reverse;
use std::collections::binary_heap::PeekMut;
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
    /// Name, positions by vnode number, and the sorted list of the first `n` of them (the
    /// largest `n` asked for since the positions were hashed).
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
    /// The next vnode of each list not used up, as [`merge_key`]s.
    heap: BinaryHeap<Reverse<u128>>,
    /// Where each node's list goes on.
    next: Vec<usize>,
    points: Vec<RingPoint>,
    collisions: usize,
    started: bool,
}

/// A vnode as one number that orders as the ring does: by position, then node, then vnode
/// number (one comparison of two words where a tuple compared field by field).
fn merge_key(position: u64, node: NodeIdx, vnode: u32) -> u128 {
    (u128::from(position) << 64) | (u128::from(node) << 32) | u128::from(vnode)
}

/// The vnode of a [`merge_key`].
fn from_merge_key(key: u128) -> (u64, NodeIdx, u32) {
    ((key >> 64) as u64, (key >> 32) as NodeIdx, key as u32)
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
                    // The node is complete: its sorted list, from the cache's when that
                    // one has at least as many vnodes (a slider moving down and back, or a
                    // drag downwards, then sorts nothing).
                    let mut entry = self.current.take().unwrap_or_else(|| CacheEntry {
                        name: n.name.clone(),
                        positions: Vec::new(),
                        sorted: None,
                    });
                    let sorted = match &entry.sorted {
                        Some((c, list)) if *c == count => Arc::clone(list),
                        // The first `count` vnodes in (position, vnode) order are the longer
                        // list's in its order, less the vnodes numbered `count` or more.
                        Some((c, list)) if *c > count => list
                            .iter()
                            .copied()
                            .filter(|&(_, vnode)| vnode < count)
                            .collect(),
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
            m.next = vec![1; self.sorted.len()];
            m.heap = self
                .sorted
                .iter()
                .enumerate()
                .filter_map(|(n, l)| {
                    l.first()
                        .map(|&(p, v)| Reverse(merge_key(p, n as NodeIdx, v)))
                })
                .collect();
        }
        let count = count.max(1);
        let mut left = count;
        while left > 0 {
            let Some(mut top) = m.heap.peek_mut() else {
                break;
            };
            let (position, node, vnode) = from_merge_key(top.0);
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
            // The node's next vnode takes its place at the top and sinks once (a pop and a
            // push would sift twice).
            let n = usize::from(node);
            match self.sorted[n].get(m.next[n]) {
                Some(&(p, v)) => {
                    m.next[n] += 1;
                    top.0 = merge_key(p, node, v);
                }
                None => {
                    PeekMut::pop(top);
                }
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

/// Maglev table entries looked at per unit of work (one unit ≈ one MD5): a probe is one
/// array read, some 100 times cheaper than an MD5.
const MAGLEV_PROBES_PER_UNIT: u64 = 64;

/// A [`Partitioner`] prepared a slice of work at a time: the ring (the ring strategy, and
/// bounded loads, whose ring is the plain ring of its unweighted nodes) with a
/// [`VnodeCache`], or Maglev's table. The other strategies have nothing to build: their
/// builder is done at once. The result is exactly [`Partitioner::new`]'s.
#[derive(Debug)]
pub struct PartitionerBuilder {
    build: Build,
}

#[derive(Debug)]
enum Build {
    Ring(RingBuilder),
    Bounded {
        ring: RingBuilder,
        n_nodes: usize,
        load_factor: f64,
    },
    Maglev(crate::zoo::MaglevBuilder),
    Ready(Partitioner),
}

/// What a [`PartitionerBuilder`] is building, for a progress note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Building {
    /// A ring's vnodes (the ring strategy and bounded loads).
    Ring,
    /// Maglev's lookup table.
    Table,
    /// Nothing: the strategy needs no preparation.
    Nothing,
}

impl PartitionerBuilder {
    /// Validates `config` (the same checks and errors as [`Partitioner::new`]) and prepares
    /// its build.
    pub fn new(config: &Config) -> Result<PartitionerBuilder, ConfigError> {
        config.validate()?;
        let build = match config.strategy {
            Strategy::Ring => Build::Ring(RingBuilder::new_unvalidated(config)),
            Strategy::Bounded => {
                let names = config.node_names();
                let ring = crate::zoo::BoundedLoads::ring_config(
                    &names,
                    config.vnodes,
                    config.params.load_factor,
                )
                .map_err(ConfigError::from)?;
                Build::Bounded {
                    ring: RingBuilder::new_unvalidated(&ring),
                    n_nodes: names.len(),
                    load_factor: config.params.load_factor,
                }
            }
            Strategy::Maglev => Build::Maglev(
                crate::zoo::MaglevBuilder::new(&config.node_names(), config.params.table_size)
                    .map_err(ConfigError::from)?,
            ),
            _ => Build::Ready(Partitioner::new(config)?),
        };
        Ok(PartitionerBuilder { build })
    }

    /// What is being built.
    pub fn building(&self) -> Building {
        match &self.build {
            Build::Ring(_) | Build::Bounded { .. } => Building::Ring,
            Build::Maglev(_) => Building::Table,
            Build::Ready(_) => Building::Nothing,
        }
    }

    /// The whole build in work units (one ≈ one MD5).
    pub fn total_work(&self) -> u64 {
        match &self.build {
            Build::Ring(r) | Build::Bounded { ring: r, .. } => r.total_work(),
            Build::Maglev(m) => maglev_units(m.size()),
            Build::Ready(_) => 0,
        }
    }

    /// Work units done so far.
    pub fn work_done(&self) -> u64 {
        match &self.build {
            Build::Ring(r) | Build::Bounded { ring: r, .. } => r.work_done(),
            // The probes so far against an estimate of them all, held under the total until
            // the table is full (few nodes need fewer probes than the estimate).
            Build::Maglev(m) if m.is_done() => maglev_units(m.size()),
            Build::Maglev(m) => {
                (m.probes() / MAGLEV_PROBES_PER_UNIT).min(maglev_units(m.size()).saturating_sub(1))
            }
            Build::Ready(_) => 0,
        }
    }

    /// Whether the partitioner is built.
    pub fn is_done(&self) -> bool {
        match &self.build {
            Build::Ring(r) | Build::Bounded { ring: r, .. } => r.is_done(),
            Build::Maglev(m) => m.is_done(),
            Build::Ready(_) => true,
        }
    }

    /// Does about `work` more units, taking vnode positions from `cache` and giving them back
    /// to it; returns whether the partitioner is built.
    pub fn step(&mut self, cache: Option<&mut VnodeCache>, work: u64) -> bool {
        match &mut self.build {
            Build::Ring(r) | Build::Bounded { ring: r, .. } => r.step(cache, work),
            Build::Maglev(m) => m.step(work.saturating_mul(MAGLEV_PROBES_PER_UNIT)),
            Build::Ready(_) => true,
        }
    }

    /// The partitioner (finishing whatever work is left, with `cache`).
    pub fn finish(self, cache: Option<&mut VnodeCache>) -> Partitioner {
        let kind = match self.build {
            Build::Ring(r) => Kind::Ring(r.finish_ring(cache)),
            Build::Bounded {
                ring,
                n_nodes,
                load_factor,
            } => Kind::Bounded(crate::zoo::BoundedLoads::from_ring(
                ring.finish_ring(cache),
                n_nodes,
                load_factor,
            )),
            Build::Maglev(m) => Kind::Maglev(m.finish()),
            Build::Ready(p) => return p,
        };
        Partitioner { kind }
    }
}

/// Maglev's probes for a table of `m` entries, in units: about `m · ln m` (32 nodes and
/// M = 655 373 take some 7 million, 4 nodes some 3 million).
fn maglev_units(m: u64) -> u64 {
    let probes = m as f64 * (m.max(2) as f64).ln();
    (probes / MAGLEV_PROBES_PER_UNIT as f64).ceil() as u64
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
    fn every_strategy_built_in_slices_is_the_partitioner_built_at_once() {
        use crate::config::StrategyParams;
        let nodes = [("a", 1.0), ("b", 2.0), ("c", 0.5), ("d", 1.0)];
        for strategy in Strategy::ALL {
            for (params, vnodes) in [
                (StrategyParams::default(), 50),
                (
                    StrategyParams {
                        table_size: 10_007,
                        load_factor: 1.0,
                        probes: 3,
                    },
                    300,
                ),
            ] {
                let c = config(&nodes, vnodes)
                    .with_strategy(strategy)
                    .with_params(params);
                let whole = Partitioner::new(&c).expect("valid");
                // An empty cache, so the ring's vnodes are hashed here, in slices.
                let mut cache = VnodeCache::default();
                let mut b = PartitionerBuilder::new(&c).expect("valid");
                let nothing = b.building() == Building::Nothing;
                assert_eq!(nothing, b.is_done(), "{strategy:?}");
                let mut slices = 0;
                let mut last = 0;
                while !b.step(Some(&mut cache), 17) {
                    slices += 1;
                    assert!(b.work_done() >= last && b.work_done() <= b.total_work());
                    last = b.work_done();
                }
                assert!(nothing || slices > 10, "{strategy:?}: {slices} slices");
                assert_eq!(b.finish(Some(&mut cache)), whole, "{strategy:?} {vnodes}");
            }
        }
    }

    #[test]
    fn a_builder_refuses_what_the_partitioner_refuses() {
        use crate::config::StrategyParams;
        let bad = [
            (
                Strategy::Maglev,
                StrategyParams {
                    table_size: 10_000,
                    ..Default::default()
                },
            ),
            (
                Strategy::Maglev,
                StrategyParams {
                    table_size: 3,
                    ..Default::default()
                },
            ),
            (
                Strategy::Bounded,
                StrategyParams {
                    load_factor: 0.5,
                    ..Default::default()
                },
            ),
            (
                Strategy::Bounded,
                StrategyParams {
                    load_factor: f64::NAN,
                    ..Default::default()
                },
            ),
            (
                Strategy::MultiProbe,
                StrategyParams {
                    probes: 0,
                    ..Default::default()
                },
            ),
        ];
        for (strategy, params) in bad {
            let c = config(&[("a", 1.0), ("b", 1.0), ("c", 1.0), ("d", 1.0)], 10)
                .with_strategy(strategy)
                .with_params(params);
            let expected = Partitioner::new(&c).expect_err("invalid");
            let got = PartitionerBuilder::new(&c).expect_err("invalid");
            assert_eq!(format!("{got:?}"), format!("{expected:?}"), "{strategy:?}");
        }
        let empty = config(&[], 10).with_strategy(Strategy::Bounded);
        assert_eq!(
            PartitionerBuilder::new(&empty).expect_err("no nodes"),
            Partitioner::new(&empty).expect_err("no nodes")
        );
    }

    #[test]
    fn a_ring_built_in_slices_from_a_cache_is_the_ring() {
        let mut cache = VnodeCache::default();
        let steps = [
            config(&[("a", 1.0), ("b", 2.0), ("c", 0.5)], 100),
            config(&[("a", 1.0), ("b", 2.5), ("c", 0.5)], 100),
            config(&[("a", 1.0), ("b", 0.1), ("c", 0.5), ("d", 1.0)], 300),
            config(&[("c", 0.5), ("a", 1.0)], 7),
            // Up again, then down to a count between: each node's longer sorted list kept.
            config(&[("c", 0.5), ("a", 1.0)], 300),
            config(&[("c", 0.5), ("a", 1.0)], 150),
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
        // A small configuration seen before: every position is in the cache, and one slice
        // (the merge of a few points) does it.
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
