//! [`AssignTask`]: the assignment of a whole key set, a slice of work at a time.
//!
//! [`Partitioner::assign`] runs one to completion; a caller that must stay responsive (the
//! browser) steps it instead. Rendezvous scores come from the key set's cached columns where
//! there are some, are hashed into new columns while the cache has room, and are otherwise
//! hashed block by block and dropped: memory stays within the cache's limit whatever the
//! number of nodes.

use std::sync::Arc;

use super::{jump_hash, successors, Assignment, Kind, NodeIdx, Partitioner, ReplicaSets};
use crate::keys::KeySet;

/// Keys per block: the unit of rendezvous hashing and of one call's granularity.
const BLOCK: usize = 1024;

/// Work units (one ≈ one MD5 hash) per key for the strategies that do not hash, in 64ths.
const RING_COST_64THS: u64 = 1;
const MODULO_COST_64THS: u64 = 2;
const JUMP_COST_64THS: u64 = 4;
const MAGLEV_COST_64THS: u64 = 2;
const BOUNDED_COST_64THS: u64 = 4;
const KETAMA_COST_64THS: u64 = 4;

/// Where the scores of one rendezvous node come from.
#[derive(Debug)]
enum Scores {
    /// A complete cached column.
    Cached(Arc<[u64]>),
    /// Hashed now, kept as a column and offered to the cache at the end.
    Fill(Vec<u64>),
    /// Hashed now, block by block, and dropped.
    Stream,
}

/// The rendezvous part of a task: names, weights and where each node's scores come from.
#[derive(Debug)]
struct Rendezvous {
    names: Vec<String>,
    weights: Option<Vec<f64>>,
    sources: Vec<Scores>,
    /// Scores of the hashed nodes for the current block, `BLOCK` per node.
    scratch: Vec<u64>,
}

/// An assignment in progress (see the module documentation).
#[derive(Debug)]
pub struct AssignTask {
    partitioner: Partitioner,
    replicas: usize,
    len: usize,
    next: usize,
    owners: Vec<NodeIdx>,
    sets: ReplicaSets,
    /// For the ring: which points' replica sets are computed.
    set_known: Vec<bool>,
    counts: Vec<u64>,
    rendezvous: Option<Rendezvous>,
}

impl AssignTask {
    /// A task assigning every key of `keys` with `replicas` copies (clamped to 1 … nodes).
    pub fn new(partitioner: &Partitioner, keys: &KeySet, replicas: usize) -> AssignTask {
        let n = partitioner.n_nodes();
        let r = partitioner.copies(replicas);
        let len = keys.len();
        let rendezvous = match &partitioner.kind {
            Kind::Rendezvous { names, weights } => {
                let mut room = keys.score_cache_columns();
                let cached: Vec<Option<Arc<[u64]>>> = names
                    .iter()
                    .map(|name| keys.cached_rendezvous_column(name))
                    .collect();
                room = room.saturating_sub(cached.iter().filter(|c| c.is_some()).count());
                let sources = cached
                    .into_iter()
                    .map(|c| match c {
                        Some(col) => Scores::Cached(col),
                        None if room > 0 => {
                            room -= 1;
                            Scores::Fill(Vec::with_capacity(len))
                        }
                        None => Scores::Stream,
                    })
                    .collect::<Vec<_>>();
                let hashed = sources
                    .iter()
                    .filter(|s| !matches!(s, Scores::Cached(_)))
                    .count();
                Some(Rendezvous {
                    names: names.clone(),
                    weights: weights.clone(),
                    sources,
                    scratch: vec![0; hashed * BLOCK],
                })
            }
            _ => None,
        };
        // Replica sets as compact as the strategy allows (see `ReplicaSets`).
        let mut set_known = Vec::new();
        let sets = match &partitioner.kind {
            _ if r == 1 => ReplicaSets::Owner,
            Kind::Rendezvous { .. } => ReplicaSets::PerKey(vec![0; len * r]),
            Kind::Modulo { n } | Kind::Jump { n } => {
                ReplicaSets::PerOwner((0..*n).flat_map(|o| successors(o, *n, r)).collect())
            }
            // The strategies beyond the lesson have no replica rule of their own: the
            // following node numbers, as for mod N and jump.
            Kind::Maglev(_) | Kind::Bounded(_) | Kind::MultiProbe(_) => {
                let n = n as u32;
                ReplicaSets::PerOwner((0..n).flat_map(|o| successors(o, n, r)).collect())
            }
            Kind::Ring(ring) => {
                set_known = vec![false; ring.points.len()];
                ReplicaSets::PerPoint {
                    sets: vec![0; ring.points.len() * r],
                    point_of: vec![0; len],
                }
            }
            Kind::Ketama(k) => {
                set_known = vec![false; k.points().len()];
                ReplicaSets::PerPoint {
                    sets: vec![0; k.points().len() * r],
                    point_of: vec![0; len],
                }
            }
        };
        AssignTask {
            partitioner: partitioner.clone(),
            replicas: r,
            len,
            next: 0,
            owners: vec![0; len],
            sets,
            set_known,
            counts: vec![0; n],
            rendezvous,
        }
    }

    /// Work units (one ≈ one MD5 hash) one key costs.
    fn cost_64ths(&self) -> u64 {
        match &self.partitioner.kind {
            Kind::Ring(_) => RING_COST_64THS,
            Kind::Modulo { .. } => MODULO_COST_64THS,
            Kind::Jump { .. } => JUMP_COST_64THS,
            Kind::Maglev(_) => MAGLEV_COST_64THS,
            Kind::Bounded(_) => BOUNDED_COST_64THS,
            Kind::Ketama(_) => KETAMA_COST_64THS,
            // One MD5 for the probe step, then a search of the points per probe.
            Kind::MultiProbe(mp) => 64 + 2 * u64::from(mp.probes()),
            Kind::Rendezvous { names, .. } => {
                let hashed = self.rendezvous.as_ref().map_or(0, |r| {
                    r.sources
                        .iter()
                        .filter(|s| !matches!(s, Scores::Cached(_)))
                        .count()
                });
                // Hashing, plus comparing every node's score.
                64 * hashed as u64 + 2 * names.len() as u64 + 1
            }
        }
    }

    /// The whole task in work units.
    pub fn total_work(&self) -> u64 {
        (self.len as u64 * self.cost_64ths()).div_ceil(64)
    }

    /// Work units done so far.
    pub fn work_done(&self) -> u64 {
        if self.is_done() {
            return self.total_work();
        }
        self.next as u64 * self.cost_64ths() / 64
    }

    /// Whether every key is assigned.
    pub fn is_done(&self) -> bool {
        self.next >= self.len
    }

    /// Keys per node so far (complete once the task is done).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Assigns about `work` more units' worth of keys (at least one block); returns whether
    /// every key is assigned.
    pub fn step(&mut self, keys: &KeySet, work: u64) -> bool {
        let per_key = self.cost_64ths().max(1);
        let want = usize::try_from(work.saturating_mul(64) / per_key).unwrap_or(usize::MAX);
        let end = self.len.min(self.next.saturating_add(want.max(BLOCK)));
        while self.next < end {
            let block_end = end.min(self.next + BLOCK);
            self.block(keys, self.next, block_end);
            self.next = block_end;
        }
        self.is_done()
    }

    /// Assigns the keys at slots `start..end`.
    fn block(&mut self, keys: &KeySet, start: usize, end: usize) {
        let AssignTask {
            partitioner,
            replicas,
            owners,
            sets,
            set_known,
            counts,
            rendezvous,
            ..
        } = self;
        let r = *replicas;
        let hashes = keys.sorted_hashes();
        match &partitioner.kind {
            Kind::Modulo { n } | Kind::Jump { n } => {
                let n = *n;
                let jump = matches!(partitioner.kind, Kind::Jump { .. });
                for (slot, &h) in hashes.iter().enumerate().take(end).skip(start) {
                    let o = if jump {
                        jump_hash(h, n)
                    } else {
                        (h % u64::from(n)) as u32
                    } as NodeIdx;
                    owners[slot] = o;
                    counts[o as usize] += 1;
                }
            }
            Kind::Maglev(m) => {
                for (slot, &h) in hashes.iter().enumerate().take(end).skip(start) {
                    let o = m.owner(h) as NodeIdx;
                    owners[slot] = o;
                    counts[o as usize] += 1;
                }
            }
            Kind::MultiProbe(mp) => {
                for (slot, &h) in hashes.iter().enumerate().take(end).skip(start) {
                    let o = mp.owner(h) as NodeIdx;
                    owners[slot] = o;
                    counts[o as usize] += 1;
                }
            }
            Kind::Ketama(k) => {
                // Ketama's hash is not the key set's order: a search per key.
                for (slot, &h) in hashes.iter().enumerate().take(end).skip(start) {
                    let p = k.point_for(crate::zoo::ketama::hashi_of_position(h));
                    let o = k.points()[p].1;
                    owners[slot] = o;
                    counts[o as usize] += 1;
                    if let ReplicaSets::PerPoint { sets, point_of } = &mut *sets {
                        if !set_known[p] {
                            set_known[p] = true;
                            sets[p * r..(p + 1) * r].copy_from_slice(&k.replicas_from(p, r));
                        }
                        point_of[slot] = p as u32;
                    }
                }
            }
            Kind::Bounded(b) => {
                // Keys are placed in slot order, each with the loads of those before it: the
                // same result whatever the slices.
                let capacity = b.capacity(hashes.len() as u64);
                for (slot, &h) in hashes.iter().enumerate().take(end).skip(start) {
                    let o = b
                        .place(h, counts, capacity)
                        .unwrap_or_else(|| b.owner_unbounded(h))
                        as NodeIdx;
                    owners[slot] = o;
                    counts[o as usize] += 1;
                }
            }
            Kind::Ring(ring) => {
                // One pass over the sorted keys beside the sorted vnodes (a merge): the keys
                // are read in order, which the memory prefetches, instead of a binary search
                // per vnode, which waits for memory at every step.
                let points = &ring.points;
                if points.is_empty() || start >= end {
                    return;
                }
                let first = points.partition_point(|p| p.position <= hashes[start]);
                // Run by run: a point's keys are found by a tight scan for the first hash at
                // or past its position (arcs hold tens of keys), then handed over at once.
                // No boundary: past the last point, where keys wrap to point 0.
                let hashes = &hashes[..end];
                let boundary_of = |p: usize| points.get(p).map(|pt| pt.position);
                let (mut p, mut boundary) = (first, boundary_of(first));
                let mut slot = start;
                loop {
                    let run_end = match boundary {
                        Some(b) => hashes[slot..]
                            .iter()
                            .position(|&h| h >= b)
                            .map_or(end, |i| slot + i),
                        None => end,
                    };
                    let owner = if boundary.is_some() { p } else { 0 };
                    run(
                        owners,
                        counts,
                        sets,
                        set_known,
                        ring,
                        owner,
                        slot..run_end,
                        r,
                    );
                    slot = run_end;
                    let Some(&h) = hashes.get(slot) else {
                        break;
                    };
                    while boundary.is_some_and(|b| h >= b) {
                        p += 1;
                        boundary = boundary_of(p);
                    }
                }
            }
            Kind::Rendezvous { .. } => {
                let Some(rv) = rendezvous.as_mut() else {
                    return;
                };
                let width = end - start;
                // Hash the nodes without a cached column for this block.
                let mut h = 0;
                for (name, source) in rv.names.iter().zip(rv.sources.iter_mut()) {
                    if matches!(source, Scores::Cached(_)) {
                        continue;
                    }
                    let out = &mut rv.scratch[h * BLOCK..h * BLOCK + width];
                    keys.rendezvous_scores(name, start..end, out);
                    if let Scores::Fill(col) = source {
                        col.extend_from_slice(out);
                    }
                    h += 1;
                }
                let n = rv.names.len();
                let mut scores = vec![0u64; n];
                let mut weighted = vec![0f64; if rv.weights.is_some() { n } else { 0 }];
                let mut top = Vec::with_capacity(r);
                for slot in start..end {
                    let mut h = 0;
                    for (s, source) in scores.iter_mut().zip(&rv.sources) {
                        *s = match source {
                            Scores::Cached(col) => col[slot],
                            _ => {
                                let v = rv.scratch[h * BLOCK + slot - start];
                                h += 1;
                                v
                            }
                        };
                    }
                    if let Some(w) = &rv.weights {
                        for ((ws, &s), &w) in weighted.iter_mut().zip(&scores).zip(w) {
                            *ws = super::weighted_score(s, w);
                        }
                    }
                    let ws = rv.weights.as_ref().map(|_| weighted.as_slice());
                    let owner = match &mut *sets {
                        ReplicaSets::PerKey(t) => {
                            super::top_of(&scores, ws, r, &mut top);
                            t[slot * r..(slot + 1) * r].copy_from_slice(&top);
                            top[0]
                        }
                        _ => super::best_of(&scores, ws),
                    };
                    owners[slot] = owner;
                    counts[owner as usize] += 1;
                }
            }
        }
    }

    /// The assignment and the keys per node (finishing whatever work is left). Rendezvous
    /// columns hashed along the way are offered to the key set's cache.
    pub fn finish(mut self, keys: &KeySet) -> (Assignment, Vec<u64>) {
        while !self.step(keys, u64::MAX / 128) {}
        if let Some(rv) = self.rendezvous.take() {
            let names: Vec<&str> = rv.names.iter().map(String::as_str).collect();
            for (name, source) in rv.names.iter().zip(rv.sources) {
                if let Scores::Fill(col) = source {
                    keys.cache_rendezvous_column(name, col.into(), &names);
                }
            }
        }
        let assignment = Assignment {
            owners: self.owners,
            replicas: self.replicas,
            sets: self.sets,
        };
        (assignment, self.counts)
    }
}

/// Gives the keys at `slots` to ring point `p`: owner, count, replica set.
#[allow(clippy::too_many_arguments)]
fn run(
    owners: &mut [NodeIdx],
    counts: &mut [u64],
    sets: &mut ReplicaSets,
    set_known: &mut [bool],
    ring: &super::Ring,
    p: usize,
    slots: std::ops::Range<usize>,
    r: usize,
) {
    if slots.is_empty() {
        return;
    }
    let node = ring.points[p].node;
    counts[node as usize] += slots.len() as u64;
    owners[slots.clone()].fill(node);
    if let ReplicaSets::PerPoint { sets, point_of } = sets {
        if !set_known[p] {
            set_known[p] = true;
            sets[p * r..(p + 1) * r].copy_from_slice(&ring.replicas_from(p, r));
        }
        point_of[slots].fill(p as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, Strategy};

    /// Every key placed one by one: what any assignment must agree with.
    fn placed(p: &Partitioner, keys: &KeySet, r: usize) -> Vec<Vec<NodeIdx>> {
        (0..keys.len())
            .map(|slot| p.place(&keys.key_at_slot(slot).expect("slot"), r).nodes)
            .collect()
    }

    #[test]
    fn slices_and_score_sources_do_not_change_the_assignment() {
        let keys = KeySet::lesson(3000).expect("valid");
        for strategy in Strategy::ALL {
            for r in [1, 3] {
                let mut config = Config::new(strategy, ["inv-bcn", "inv-vlc", "inv-gir", "x"])
                    .with_vnodes(20)
                    .with_replicas(r);
                config.nodes[1].weight = 2.5;
                let p = Partitioner::new(&config).expect("valid");
                let expected = placed(&p, &keys, r as usize);
                // No cache, a cache for two columns (two filled, two streamed), then warm.
                for limit in [0, 6000, 6000, 1_000_000] {
                    keys.set_score_cache_limit(limit);
                    let mut task = AssignTask::new(&p, &keys, r as usize);
                    let mut slices = 0;
                    while !task.step(&keys, 1) {
                        slices += 1;
                    }
                    assert!(slices >= 1, "{strategy}: one slice did everything");
                    let counts = task.counts().to_vec();
                    let (a, c) = task.finish(&keys);
                    assert_eq!(c, counts);
                    assert_eq!(c, a.counts(4), "{strategy} r={r}");
                    for (slot, want) in expected.iter().enumerate() {
                        assert_eq!(a.replica_set(slot), want.as_slice(), "{strategy} r={r}");
                    }
                }
                keys.clear_score_cache();
            }
        }
    }

    #[test]
    fn rendezvous_caches_what_fits_and_streams_the_rest() {
        let keys = KeySet::lesson(1000).expect("valid");
        keys.set_score_cache_limit(2000);
        let config = Config::new(Strategy::Rendezvous, ["a", "b", "c", "d"]);
        let p = Partitioner::new(&config).expect("valid");
        let task = AssignTask::new(&p, &keys, 1);
        let first = task.total_work();
        task.finish(&keys);
        assert_eq!(keys.cached_scores(), 2000);
        // The next assignment hashes only the two streamed columns.
        let again = AssignTask::new(&p, &keys, 1);
        assert!(
            again.total_work() < first * 6 / 10,
            "{} vs {first}",
            again.total_work()
        );
    }
}
