//! Section 8 of the lesson: rebalancing. Keys go to partitions and partitions to nodes, and a
//! node that joins or leaves moves whole partitions. Three schemes, measured on one key set:
//!
//! - **Fixed number of partitions** ([`FixedLayout`]): many more partitions than nodes; a
//!   joining node steals whole partitions from the busiest nodes. Redis Cluster's 16 384 hash
//!   slots are this scheme: [`key_slot`] is `CRC16(key) mod 16384` with Redis's hash tags.
//! - **Dynamic partitioning** ([`Dynamic`]): a partition over a size threshold splits in two at
//!   its median key, one that empties merges with a neighbour; for key ranges and hash ranges;
//!   pre-splitting gives a new data set more than one partition to start with.
//! - **Proportional to nodes** ([`TokenRing`]): each node holds a fixed number of partitions
//!   (tokens on a ring); a new node picks random tokens and so splits random partitions.
//!
//! Plus a move limited in bandwidth ([`bandwidth_timeline`]) and the cascade that automatic
//! rebalancing and a failure detector can start ([`cascade`]).
//!
//! Sizes are in records; a record stands for [`RECORD_MB`] MB, so the lesson's 10 GB split
//! threshold is 1 000 records. Everything is deterministic: keys are the SplitMix64 hash of a
//! record's id ([`crate::rng::mix64`]) and random choices come from a seeded
//! [`SplitMix64`].

pub use partlab_core::redis::{crc16_xmodem, hash_tag, key_slot, redis_create_ranges, REDIS_SLOTS};

use crate::rng::{mix64, SplitMix64};

/// What one simulated record stands for, in MB (1 000 records = the lesson's 10 GB).
pub const RECORD_MB: u64 = 10;
/// Most partitions the fixed scheme takes.
pub const MAX_FIXED_PARTITIONS: u32 = 16_384;
/// Most nodes in any scheme.
pub const MAX_NODES: u32 = 64;

/// How a key picks its partition in the fixed scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum KeyHash {
    /// The record key's 64-bit hash modulo the partition count.
    Modulo,
    /// Redis Cluster: the CRC16 slot of the key's text (`order:{id}`), 16 384 slots.
    RedisSlots,
}

/// One partition handed from a node to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Move {
    /// The partition.
    pub partition: u32,
    /// The node that held it.
    pub from: u32,
    /// The node that holds it now.
    pub to: u32,
}

/// The fixed scheme: `owner[p]` is the node holding partition `p`; nodes are `0..nodes`, and a
/// node that left holds nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FixedLayout {
    /// The node of each partition.
    pub owner: Vec<u32>,
    /// Node ids in use (a node that left keeps its id, with no partition).
    pub nodes: u32,
    /// Whether each node is in the cluster.
    pub alive: Vec<bool>,
}

impl FixedLayout {
    /// `partitions` partitions dealt round robin over `nodes` nodes (both clamped to at least
    /// 1; partitions to [`MAX_FIXED_PARTITIONS`], nodes to [`MAX_NODES`]).
    pub fn new(partitions: u32, nodes: u32) -> FixedLayout {
        let p = partitions.clamp(1, MAX_FIXED_PARTITIONS);
        let n = nodes.clamp(1, MAX_NODES);
        FixedLayout {
            owner: (0..p).map(|i| i % n).collect(),
            nodes: n,
            alive: vec![true; n as usize],
        }
    }

    /// Redis Cluster's 16 384 slots over `nodes` masters as `redis-cli --cluster create`
    /// hands them out: a contiguous range each ([`redis_create_ranges`]; nodes clamped to
    /// `1..=`[`MAX_NODES`]).
    pub fn redis_cluster(nodes: u32) -> FixedLayout {
        let n = nodes.clamp(1, MAX_NODES);
        let mut owner = vec![0u32; REDIS_SLOTS as usize];
        for (node, (first, last)) in redis_create_ranges(n).into_iter().enumerate() {
            owner[usize::from(first)..=usize::from(last)].fill(node as u32);
        }
        FixedLayout {
            owner,
            nodes: n,
            alive: vec![true; n as usize],
        }
    }

    /// The layout a scheme starts from: Redis Cluster's slots in redis-cli's contiguous
    /// ranges ([`FixedLayout::redis_cluster`]), any other fixed partitions round robin
    /// ([`FixedLayout::new`]).
    pub fn for_scheme(partitions: u32, nodes: u32, how: KeyHash) -> FixedLayout {
        match how {
            KeyHash::RedisSlots => FixedLayout::redis_cluster(nodes),
            KeyHash::Modulo => FixedLayout::new(partitions, nodes),
        }
    }

    /// Partitions per node id.
    pub fn counts(&self) -> Vec<u32> {
        let mut c = vec![0u32; self.nodes as usize];
        for &o in &self.owner {
            c[o as usize] += 1;
        }
        c
    }

    /// Nodes in the cluster.
    pub fn live_nodes(&self) -> u32 {
        self.alive.iter().filter(|a| **a).count() as u32
    }

    /// A new node of weight `weight` (the others weigh 1) joins and steals whole partitions,
    /// one at a time from the node holding the most data (ties: the lowest id), until it holds
    /// at least its share of the data, `total × weight / (N + weight)`, with `sizes[p]` records
    /// in partition `p` (all ones: its share of the partitions, rounded up). Whole partitions
    /// cannot land exactly on the share, so the move is never below it. Returns the new layout
    /// and the moves.
    pub fn join(&self, weight: u32, sizes: &[u64]) -> (FixedLayout, Vec<Move>) {
        let mut next = self.clone();
        let new = next.nodes;
        next.nodes += 1;
        next.alive.push(true);
        let weight = u128::from(weight.max(1));
        let n = u128::from(self.live_nodes());
        let size = |p: usize| sizes.get(p).copied().unwrap_or(0);
        let total: u128 = (0..self.owner.len()).map(|p| u128::from(size(p))).sum();
        let mut loads = self.node_loads(sizes);
        loads.push(0);
        // Each node's partitions, ascending: a node gives away its highest-numbered ones (any
        // whole partition would do).
        let mut held: Vec<Vec<u32>> = vec![Vec::new(); next.nodes as usize];
        for (p, &o) in self.owner.iter().enumerate() {
            held[o as usize].push(p as u32);
        }
        let mut moves = Vec::new();
        while u128::from(loads[new as usize]) * (n + weight) < total * weight {
            let Some(from) = (0..new)
                .filter(|&i| next.alive[i as usize] && !held[i as usize].is_empty())
                .max_by_key(|&i| (loads[i as usize], std::cmp::Reverse(i)))
            else {
                break;
            };
            let Some(p) = held[from as usize].pop() else {
                break;
            };
            next.owner[p as usize] = new;
            loads[from as usize] -= size(p as usize);
            loads[new as usize] += size(p as usize);
            moves.push(Move {
                partition: p,
                from,
                to: new,
            });
        }
        (next, moves)
    }

    /// Node `node` leaves: each of its partitions goes to the node holding the fewest (ties:
    /// the lowest id). `None` when the node is not in the cluster or is the last one.
    pub fn leave(&self, node: u32) -> Option<(FixedLayout, Vec<Move>)> {
        if !self.alive.get(node as usize).copied().unwrap_or(false) || self.live_nodes() < 2 {
            return None;
        }
        let mut next = self.clone();
        next.alive[node as usize] = false;
        let mut counts = self.counts();
        let mut moves = Vec::new();
        for p in 0..next.owner.len() {
            if next.owner[p] != node {
                continue;
            }
            let to = (0..next.nodes)
                .filter(|&i| next.alive[i as usize])
                .min_by_key(|&i| (counts[i as usize], i))?;
            next.owner[p] = to;
            counts[node as usize] -= 1;
            counts[to as usize] += 1;
            moves.push(Move {
                partition: p as u32,
                from: node,
                to,
            });
        }
        Some((next, moves))
    }

    /// Records per node id, with `sizes[p]` records in partition `p`.
    pub fn node_loads(&self, sizes: &[u64]) -> Vec<u64> {
        let mut out = vec![0u64; self.nodes as usize];
        for (&o, &s) in self.owner.iter().zip(sizes) {
            out[o as usize] += s;
        }
        out
    }
}

/// Records per partition for the keys `keys` (64-bit hashes) and `partitions` partitions:
/// `key mod partitions`, or Redis slots of the text `order:{id}` for ids `ids`.
pub fn partition_sizes(keys: &[u64], ids: &[u64], partitions: u32, how: KeyHash) -> Vec<u64> {
    let mut out;
    match how {
        KeyHash::Modulo => {
            let p = u64::from(partitions.max(1));
            out = vec![0u64; p as usize];
            for &k in keys {
                out[(k % p) as usize] += 1;
            }
        }
        KeyHash::RedisSlots => {
            out = vec![0u64; REDIS_SLOTS as usize];
            let mut buf = String::new();
            for &id in ids {
                buf.clear();
                use std::fmt::Write;
                let _ = write!(buf, "order:{id}");
                out[key_slot(buf.as_bytes()) as usize] += 1;
            }
        }
    }
    out
}

/// Balance: the busiest live node's records over the mean of the live nodes (1 is perfect).
pub fn balance(loads: &[u64], alive: &[bool]) -> f64 {
    let live: Vec<u64> = loads
        .iter()
        .zip(alive)
        .filter(|(_, a)| **a)
        .map(|(l, _)| *l)
        .collect();
    let total: u64 = live.iter().sum();
    let max = live.iter().copied().max().unwrap_or(0);
    if total == 0 {
        return 1.0;
    }
    max as f64 * live.len() as f64 / total as f64
}

/// Dynamic partitioning keys: ranges of the record's id (a sequence, like a timestamp), or
/// ranges of its hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum KeyKind {
    /// The key is the id itself: every new record lands at the end of the key space.
    Range,
    /// The key is the id's 64-bit hash: new records land anywhere.
    Hash,
}

/// The dynamic scheme's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DynamicConfig {
    /// Range or hash keys.
    pub kind: KeyKind,
    /// Nodes.
    pub nodes: u32,
    /// Records written each step.
    pub writes_per_step: u32,
    /// Steps a record lives (0: forever); older records are deleted, so partitions empty.
    pub retention: u32,
    /// A partition with more records than this splits.
    pub split_above: u32,
    /// A partition with fewer records than this merges with a neighbour.
    pub merge_below: u32,
    /// Partitions created before the first write (pre-splitting); 1 = none.
    pub presplit: u32,
    /// Steps the pre-split plans for (range keys: the ids expected over this many steps are
    /// cut evenly).
    pub planned_steps: u32,
}

impl DynamicConfig {
    /// The ids of the records live after `steps` steps (in id order): every id written, less
    /// those past retention.
    pub fn live_ids_after(&self, steps: u32) -> std::ops::Range<u64> {
        let written = u64::from(steps) * u64::from(self.writes_per_step);
        let keep = u64::from(self.retention) * u64::from(self.writes_per_step);
        let first = if self.retention == 0 {
            0
        } else {
            written.saturating_sub(keep)
        };
        first..written
    }
}

impl Default for DynamicConfig {
    fn default() -> Self {
        DynamicConfig {
            kind: KeyKind::Hash,
            nodes: 4,
            writes_per_step: 500,
            retention: 0,
            split_above: 1_000,
            merge_below: 100,
            presplit: 1,
            planned_steps: 40,
        }
    }
}

/// One partition of the dynamic scheme: its keys, sorted, from `lo` (inclusive) to the next
/// partition's `lo`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The first key it covers.
    pub lo: u64,
    /// Its records' keys, sorted.
    pub keys: Vec<u64>,
    /// Its node.
    pub node: u32,
    /// Whether records were deleted from it in the last step (only a shrinking partition
    /// merges: a fresh pre-split one is small because it is new, not because it emptied).
    pub shrank: bool,
}

/// What one step of the dynamic scheme did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DynStep {
    /// The step (1 first).
    pub step: u32,
    /// Partitions after the step.
    pub partitions: u32,
    /// Splits in the step.
    pub splits: u32,
    /// Merges in the step.
    pub merges: u32,
    /// Nodes that received writes in the step.
    pub nodes_writing: u32,
    /// Records live after the step.
    pub records: u64,
    /// The largest partition after the step, in records.
    pub largest: u64,
    /// Records moved to another node by splits in the step.
    pub moved: u64,
}

/// The dynamic scheme, stepped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dynamic {
    cfg: DynamicConfig,
    parts: Vec<Part>,
    next_id: u64,
    nodes: u32,
    /// Every step so far.
    pub history: Vec<DynStep>,
}

impl Dynamic {
    /// A new, empty data set on `cfg.presplit` partitions (cut evenly over the key space the
    /// plan expects) dealt round robin over the nodes.
    pub fn new(cfg: DynamicConfig) -> Dynamic {
        let cfg = DynamicConfig {
            nodes: cfg.nodes.clamp(1, MAX_NODES),
            split_above: cfg.split_above.max(2),
            presplit: cfg.presplit.clamp(1, 256),
            ..cfg
        };
        let span: u128 = match cfg.kind {
            KeyKind::Hash => 1u128 << 64,
            KeyKind::Range => {
                u128::from(cfg.writes_per_step.max(1)) * u128::from(cfg.planned_steps.max(1))
            }
        };
        let parts = (0..cfg.presplit)
            .map(|i| Part {
                lo: (span * u128::from(i) / u128::from(cfg.presplit)) as u64,
                keys: Vec::new(),
                node: i % cfg.nodes,
                shrank: false,
            })
            .collect();
        Dynamic {
            nodes: cfg.nodes,
            cfg,
            parts,
            next_id: 0,
            history: Vec::new(),
        }
    }

    /// The settings (after clamping).
    pub fn config(&self) -> &DynamicConfig {
        &self.cfg
    }

    /// The partitions, in key order.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// Nodes now.
    pub fn nodes(&self) -> u32 {
        self.nodes
    }

    /// The key of record `id`.
    pub fn key_of(&self, id: u64) -> u64 {
        match self.cfg.kind {
            KeyKind::Range => id,
            KeyKind::Hash => mix64(id),
        }
    }

    /// The ids of the records live now (in id order).
    pub fn live_ids(&self) -> std::ops::Range<u64> {
        self.cfg.live_ids_after(self.history.len() as u32)
    }

    fn part_of(&self, key: u64) -> usize {
        self.parts
            .partition_point(|p| p.lo <= key)
            .saturating_sub(1)
    }

    fn node_with_fewest(&self) -> u32 {
        let mut counts = vec![0u32; self.nodes as usize];
        for p in &self.parts {
            counts[p.node as usize] += 1;
        }
        (0..self.nodes)
            .min_by_key(|&i| (counts[i as usize], i))
            .unwrap_or(0)
    }

    /// Runs one step: writes, deletes what is past retention, splits, merges.
    pub fn step(&mut self) -> DynStep {
        let mut writing = vec![false; self.nodes as usize];
        for p in &mut self.parts {
            p.shrank = false;
        }
        let first = self.next_id;
        self.next_id += u64::from(self.cfg.writes_per_step);
        for id in first..self.next_id {
            let k = self.key_of(id);
            let i = self.part_of(k);
            let part = &mut self.parts[i];
            let at = part.keys.partition_point(|&x| x < k);
            part.keys.insert(at, k);
            writing[part.node as usize] = true;
        }
        if self.cfg.retention > 0 {
            // This step is not in the history yet.
            let live = self.cfg.live_ids_after(self.history.len() as u32 + 1);
            let dead_from = live
                .start
                .saturating_sub(u64::from(self.cfg.writes_per_step));
            for id in dead_from..live.start {
                let k = self.key_of(id);
                let i = self.part_of(k);
                let part = &mut self.parts[i];
                if let Ok(at) = part.keys.binary_search(&k) {
                    part.keys.remove(at);
                    part.shrank = true;
                }
            }
        }
        let mut out = DynStep {
            step: self.history.len() as u32 + 1,
            nodes_writing: writing.iter().filter(|w| **w).count() as u32,
            ..DynStep::default()
        };
        // Split until no partition is over the threshold (a partition twice over splits twice).
        let mut i = 0;
        while i < self.parts.len() {
            if self.parts[i].keys.len() > self.cfg.split_above as usize {
                let mid = self.parts[i].keys.len() / 2;
                let right = self.parts[i].keys.split_off(mid);
                let lo = right.first().copied().unwrap_or(self.parts[i].lo);
                // The new half goes to the node with the fewest partitions: the balancer's move.
                let node = self.node_with_fewest();
                if node != self.parts[i].node {
                    out.moved += right.len() as u64;
                }
                self.parts.insert(
                    i + 1,
                    Part {
                        lo,
                        keys: right,
                        node,
                        shrank: false,
                    },
                );
                out.splits += 1;
            } else {
                i += 1;
            }
        }
        // Merge a shrinking partition under the lower threshold into a neighbour when they fit
        // together.
        let mut i = 0;
        while self.parts.len() > 1 && i < self.parts.len() {
            let small =
                self.parts[i].shrank && self.parts[i].keys.len() < self.cfg.merge_below as usize;
            let j = if i + 1 < self.parts.len() {
                i + 1
            } else {
                i - 1
            };
            let fits = self.parts[i].keys.len() + self.parts[j].keys.len()
                <= self.cfg.split_above as usize;
            if small && fits {
                let (a, b) = (i.min(j), i.max(j));
                let right = self.parts.remove(b);
                self.parts[a].keys.extend(right.keys);
                out.merges += 1;
            } else {
                i += 1;
            }
        }
        out.partitions = self.parts.len() as u32;
        out.records = self.parts.iter().map(|p| p.keys.len() as u64).sum();
        out.largest = self
            .parts
            .iter()
            .map(|p| p.keys.len() as u64)
            .max()
            .unwrap_or(0);
        self.history.push(out);
        out
    }

    /// A node joins: whole partitions move to it, one at a time from the node holding the most
    /// records, until it holds at least its share (`records / nodes`). Returns the records
    /// moved.
    pub fn add_node(&mut self) -> u64 {
        let new = self.nodes;
        self.nodes += 1;
        let total: u64 = self.parts.iter().map(|p| p.keys.len() as u64).sum();
        let mut loads = self.node_loads();
        let mut moved = 0;
        while loads[new as usize] * u64::from(self.nodes) < total {
            let Some(from) = (0..new)
                .filter(|&i| self.parts.iter().any(|p| p.node == i))
                .max_by_key(|&i| (loads[i as usize], std::cmp::Reverse(i)))
            else {
                break;
            };
            let Some(p) = self.parts.iter_mut().rev().find(|p| p.node == from) else {
                break;
            };
            p.node = new;
            let n = p.keys.len() as u64;
            moved += n;
            loads[from as usize] -= n;
            loads[new as usize] += n;
        }
        moved
    }

    /// Records per node.
    pub fn node_loads(&self) -> Vec<u64> {
        let mut out = vec![0u64; self.nodes as usize];
        for p in &self.parts {
            out[p.node as usize] += p.keys.len() as u64;
        }
        out
    }

    /// Every live key, sorted (each partition's keys are sorted and partitions are in order).
    pub fn keys(&self) -> Vec<u64> {
        self.parts
            .iter()
            .flat_map(|p| p.keys.iter().copied())
            .collect()
    }
}

/// The proportional scheme: each node holds `per_node` tokens on a 64-bit ring; a token owns
/// the keys from the previous token (exclusive) to itself (inclusive), wrapping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRing {
    /// `(token, node)`, sorted by token.
    pub tokens: Vec<(u64, u32)>,
    /// Nodes.
    pub nodes: u32,
    /// Tokens (partitions) per node.
    pub per_node: u32,
}

impl TokenRing {
    /// `nodes` nodes with `per_node` random tokens each, drawn from `rng`.
    pub fn new(nodes: u32, per_node: u32, rng: &mut SplitMix64) -> TokenRing {
        let mut r = TokenRing {
            tokens: Vec::new(),
            nodes: 0,
            per_node: per_node.clamp(1, 256),
        };
        for _ in 0..nodes.clamp(1, MAX_NODES) {
            r.join(rng);
        }
        r
    }

    /// A node joins with `per_node` random tokens: each splits the partition it falls in.
    pub fn join(&mut self, rng: &mut SplitMix64) {
        let node = self.nodes;
        self.nodes += 1;
        for _ in 0..self.per_node {
            let mut t = rng.next_u64();
            while self.tokens.binary_search_by_key(&t, |x| x.0).is_ok() {
                t = rng.next_u64();
            }
            let at = self.tokens.partition_point(|x| x.0 < t);
            self.tokens.insert(at, (t, node));
        }
    }

    /// The ring without node `node`'s tokens (its partitions merge into their successors).
    pub fn without(&self, node: u32) -> TokenRing {
        TokenRing {
            tokens: self
                .tokens
                .iter()
                .copied()
                .filter(|t| t.1 != node)
                .collect(),
            nodes: self.nodes,
            per_node: self.per_node,
        }
    }

    /// The node owning `key`.
    pub fn owner(&self, key: u64) -> u32 {
        let i = self.tokens.partition_point(|x| x.0 < key);
        self.tokens
            .get(i)
            .or_else(|| self.tokens.first())
            .map_or(0, |t| t.1)
    }

    /// Records per node for the sorted keys `keys`.
    pub fn node_loads(&self, keys: &[u64]) -> Vec<u64> {
        let mut out = vec![0u64; self.nodes as usize];
        for &k in keys {
            out[self.owner(k) as usize] += 1;
        }
        out
    }

    /// Records per partition (token), in token order.
    pub fn partition_sizes(&self, keys: &[u64]) -> Vec<u64> {
        let mut out = vec![0u64; self.tokens.len()];
        for &k in keys {
            let i = self.tokens.partition_point(|x| x.0 < k);
            let i = if i == self.tokens.len() { 0 } else { i };
            if let Some(o) = out.get_mut(i) {
                *o += 1;
            }
        }
        out
    }
}

/// Records whose node differs between `before` and `after`.
pub fn moved_between(before: &TokenRing, after: &TokenRing, keys: &[u64]) -> u64 {
    keys.iter()
        .filter(|&&k| before.owner(k) != after.owner(k))
        .count() as u64
}

/// One scheme's answer to a node joining or leaving.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ChangeCost {
    /// Records moved.
    pub moved: u64,
    /// The least any scheme must move: the new node's fair share, or the leaving node's data.
    pub ideal: u64,
    /// Whole partitions moved.
    pub partitions_moved: u32,
    /// Balance after the change (busiest node / mean).
    pub balance_after: f64,
    /// Partitions after the change.
    pub partitions_after: u32,
}

/// The three schemes on the same records: a node joins, and node 0 leaves.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Comparison {
    /// Records.
    pub records: u64,
    /// Nodes before the change.
    pub nodes: u32,
    /// Fixed: `[join, leave]`.
    pub fixed: [ChangeCost; 2],
    /// Dynamic: `[join, leave]`.
    pub dynamic: [ChangeCost; 2],
    /// Proportional: `[join, leave]`.
    pub proportional: [ChangeCost; 2],
    /// Balance before the change: fixed, dynamic, proportional.
    pub balance_before: [f64; 3],
}

/// Measures the three schemes on the live records of `dynamic` (hash keys give every scheme
/// the same uniform keys): the fixed scheme with `fixed_partitions`, the proportional one
/// with `per_node` tokens per node drawn from `seed`.
pub fn compare(dynamic: &Dynamic, fixed_partitions: u32, per_node: u32, seed: u64) -> Comparison {
    let keys = dynamic.keys();
    // The ring needs hashed keys whatever the dynamic scheme's keys are.
    let mut hashed: Vec<u64> = dynamic.live_ids().map(mix64).collect();
    hashed.sort_unstable();
    let records = keys.len() as u64;
    let n = dynamic.nodes();
    let ideal_join = records / u64::from(n + 1);

    // Fixed.
    let layout = FixedLayout::new(fixed_partitions, n);
    let sizes = partition_sizes(&hashed, &[], fixed_partitions, KeyHash::Modulo);
    let cost = |after: &FixedLayout, moves: &[Move], ideal: u64| ChangeCost {
        moved: moves.iter().map(|m| sizes[m.partition as usize]).sum(),
        ideal,
        partitions_moved: moves.len() as u32,
        balance_after: balance(&after.node_loads(&sizes), &after.alive),
        partitions_after: after.owner.len() as u32,
    };
    let (joined, jm) = layout.join(1, &sizes);
    let fixed_join = cost(&joined, &jm, ideal_join);
    let fixed_before = layout.node_loads(&sizes);
    let fixed_leave = match layout.leave(0) {
        Some((left, lm)) => cost(&left, &lm, fixed_before[0]),
        None => fixed_join,
    };

    // Dynamic.
    let dyn_before = dynamic.node_loads();
    let mut joined = dynamic.clone();
    let moved = joined.add_node();
    let dyn_join = ChangeCost {
        moved,
        ideal: ideal_join,
        partitions_moved: (joined.parts.iter().filter(|p| p.node == n).count()) as u32,
        balance_after: balance(&joined.node_loads(), &vec![true; joined.nodes as usize]),
        partitions_after: joined.parts.len() as u32,
    };
    let mut left = dynamic.clone();
    let mut counts = vec![0u32; n as usize];
    for p in &left.parts {
        counts[p.node as usize] += 1;
    }
    let mut leave_moved = (0u64, 0u32);
    for i in 0..left.parts.len() {
        if left.parts[i].node != 0 || n < 2 {
            continue;
        }
        let to = (1..n).min_by_key(|&k| (counts[k as usize], k)).unwrap_or(0);
        counts[to as usize] += 1;
        left.parts[i].node = to;
        leave_moved.0 += left.parts[i].keys.len() as u64;
        leave_moved.1 += 1;
    }
    let mut alive = vec![true; n as usize];
    if n > 1 {
        alive[0] = false;
    }
    let dyn_leave = ChangeCost {
        moved: leave_moved.0,
        ideal: dyn_before.first().copied().unwrap_or(0),
        partitions_moved: leave_moved.1,
        balance_after: balance(&left.node_loads(), &alive),
        partitions_after: left.parts.len() as u32,
    };

    // Proportional.
    let mut rng = SplitMix64::new(seed);
    let ring = TokenRing::new(n, per_node, &mut rng);
    let mut grown = ring.clone();
    grown.join(&mut rng);
    let before_loads = ring.node_loads(&hashed);
    let prop_join = ChangeCost {
        moved: moved_between(&ring, &grown, &hashed),
        ideal: ideal_join,
        partitions_moved: grown.per_node,
        balance_after: balance(
            &grown.node_loads(&hashed),
            &vec![true; grown.nodes as usize],
        ),
        partitions_after: grown.tokens.len() as u32,
    };
    let shrunk = ring.without(0);
    let prop_leave = ChangeCost {
        moved: moved_between(&ring, &shrunk, &hashed),
        ideal: before_loads.first().copied().unwrap_or(0),
        partitions_moved: ring.per_node,
        balance_after: balance(&shrunk.node_loads(&hashed), &alive),
        partitions_after: shrunk.tokens.len() as u32,
    };

    Comparison {
        records,
        nodes: n,
        fixed: [fixed_join, fixed_leave],
        dynamic: [dyn_join, dyn_leave],
        proportional: [prop_join, prop_leave],
        balance_before: [
            balance(&fixed_before, &layout.alive),
            balance(&dyn_before, &vec![true; n as usize]),
            balance(&before_loads, &vec![true; n as usize]),
        ],
    }
}

/// One step of the growth timeline: data grows every step and a node joins every few steps.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GrowthStep {
    /// The step (1 first).
    pub step: u32,
    /// Nodes.
    pub nodes: u32,
    /// Records.
    pub records: u64,
    /// Partitions: fixed, dynamic, proportional.
    pub partitions: [u32; 3],
    /// Mean partition size in records: fixed, dynamic, proportional.
    pub mean_size: [f64; 3],
    /// Records moved by a node joining in this step: fixed, dynamic, proportional.
    pub moved: [u64; 3],
}

/// The growth timeline's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GrowthConfig {
    /// Steps.
    pub steps: u32,
    /// Nodes at the start.
    pub start_nodes: u32,
    /// A node joins every this many steps (0: never).
    pub join_every: u32,
    /// Partitions of the fixed scheme.
    pub fixed_partitions: u32,
    /// Tokens per node of the proportional scheme.
    pub per_node: u32,
    /// The dynamic scheme (hash keys; its node count is `start_nodes`).
    pub dynamic: DynamicConfig,
    /// The proportional scheme's seed.
    pub seed: u64,
}

/// Runs the growth timeline. Each step is cheap enough to run whole (at most a few thousand
/// records a step).
pub fn growth(cfg: &GrowthConfig) -> Vec<GrowthStep> {
    let mut dynamic = Dynamic::new(DynamicConfig {
        kind: KeyKind::Hash,
        nodes: cfg.start_nodes,
        retention: 0,
        ..cfg.dynamic
    });
    let mut layout = FixedLayout::new(cfg.fixed_partitions, cfg.start_nodes);
    let mut rng = SplitMix64::new(cfg.seed);
    let mut ring = TokenRing::new(cfg.start_nodes, cfg.per_node, &mut rng);
    let p = layout.owner.len() as u64;
    let mut out = Vec::new();
    for step in 1..=cfg.steps {
        let mut moved = [0u64; 3];
        if cfg.join_every > 0 && step > 1 && (step - 1) % cfg.join_every == 0 {
            let records = dynamic.keys().len() as u64;
            let (next, moves) = layout.join(1, &vec![1; layout.owner.len()]);
            // Fixed partitions hold records / P each on average (hash keys).
            moved[0] = moves.len() as u64 * records / p.max(1);
            layout = next;
            moved[1] = dynamic.add_node();
            let keys = dynamic.keys();
            let before = ring.clone();
            ring.join(&mut rng);
            moved[2] = moved_between(&before, &ring, &keys);
        }
        let s = dynamic.step();
        let parts = [
            layout.owner.len() as u32,
            s.partitions,
            ring.tokens.len() as u32,
        ];
        out.push(GrowthStep {
            step,
            nodes: ring.nodes,
            records: s.records,
            partitions: parts,
            mean_size: parts.map(|n| s.records as f64 / f64::from(n.max(1))),
            moved,
        });
    }
    out
}

/// A move of `bytes` at `cap_mb_s`: each partition is sent whole, one after another.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BandwidthPlan {
    /// Seconds the move takes.
    pub seconds: f64,
    /// Share of the receiving node's network the move takes (0–1).
    pub node_share: f64,
    /// Share of the whole cluster's network (every node's, in and out) the move takes (0–1).
    pub cluster_share: f64,
    /// `(seconds, MB moved so far)` after each partition.
    pub done: Vec<(f64, f64)>,
}

/// The timeline of moving partitions of `sizes_mb` MB at `cap_mb_s` MB/s over a cluster of
/// `nodes` nodes with `node_mb_s` MB/s of network each.
pub fn bandwidth_timeline(
    sizes_mb: &[f64],
    cap_mb_s: f64,
    nodes: u32,
    node_mb_s: f64,
) -> BandwidthPlan {
    let cap = cap_mb_s.max(1.0);
    let node_bw = node_mb_s.max(1.0);
    let mut t = 0.0;
    let mut mb = 0.0;
    let mut done = vec![(0.0, 0.0)];
    for &s in sizes_mb {
        t += s / cap;
        mb += s;
        done.push((t, mb));
    }
    BandwidthPlan {
        seconds: t,
        node_share: (cap / node_bw).min(1.0),
        // The move uses `cap` out of the sender and `cap` into the receiver.
        cluster_share: (2.0 * cap / (2.0 * node_bw * f64::from(nodes.max(1)))).min(1.0),
        done,
    }
}

/// Who moves partitions away from a node the failure detector suspects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Mode {
    /// The system moves them as soon as the detector declares the node dead.
    Automatic,
    /// The system proposes the move; an operator approves it only for a node that stopped
    /// answering (a slow node keeps its partitions).
    Operator,
}

/// The cascade simulation's settings. Load is in percent of one node's capacity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CascadeConfig {
    /// Nodes.
    pub nodes: u32,
    /// Each node's load before anything happens, in percent of its capacity.
    pub load_pct: u32,
    /// The slow node's capacity divided by this, from `slow_at` on (percent: 300 = 3 × slower).
    pub slowdown_pct: u32,
    /// Second at which node 0 turns slow.
    pub slow_at: u32,
    /// A node answering slower than this many times its normal latency is suspected.
    pub timeout_x: u32,
    /// Consecutive suspect seconds before the detector declares a node dead.
    pub suspect_secs: u32,
    /// Extra load (percent of capacity) that receiving a moved partition's data costs, for
    /// `move_secs` seconds.
    pub move_load_pct: u32,
    /// How long receiving one dead node's partitions lasts.
    pub move_secs: u32,
    /// Seconds simulated.
    pub seconds: u32,
    /// Automatic or approved by an operator.
    pub mode: Mode,
}

impl Default for CascadeConfig {
    fn default() -> Self {
        CascadeConfig {
            nodes: 6,
            load_pct: 60,
            slowdown_pct: 300,
            slow_at: 10,
            timeout_x: 5,
            suspect_secs: 3,
            move_load_pct: 20,
            move_secs: 20,
            seconds: 90,
            mode: Mode::Automatic,
        }
    }
}

/// One second of the cascade.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CascadeTick {
    /// The second.
    pub t: u32,
    /// Nodes the detector considers alive.
    pub alive: u32,
    /// The worst latency among nodes considered alive, in multiples of the normal latency
    /// (capped at 100).
    pub worst_latency: f64,
    /// Percent of the demand served (the rest is lost: no node left, or over capacity).
    pub served_pct: f64,
    /// Each node's utilisation in percent (0 for a node declared dead).
    pub utilisation: Vec<f64>,
    /// Nodes declared dead this second.
    pub declared: Vec<u32>,
}

/// Latency in multiples of the idle latency at utilisation `u` (0–1): `1 / (1 − u)`, the
/// queueing rule of thumb, capped at 100.
pub fn latency_x(u: f64) -> f64 {
    if u >= 0.99 {
        100.0
    } else {
        (1.0 / (1.0 - u)).min(100.0)
    }
}

/// Runs the cascade simulation. Node 0 turns slow (not dead) at `slow_at`; every node's
/// demand is `load_pct`; a node declared dead hands its demand to the live nodes (spread
/// evenly), and in automatic mode the receivers carry the move's extra load for `move_secs`.
pub fn cascade(cfg: &CascadeConfig) -> Vec<CascadeTick> {
    let n = cfg.nodes.clamp(2, MAX_NODES) as usize;
    let mut demand = vec![f64::from(cfg.load_pct) / 100.0; n];
    let total_demand: f64 = demand.iter().sum();
    let mut dead = vec![false; n];
    let mut suspect = vec![0u32; n];
    let mut moving_until = vec![0u32; n];
    let mut out = Vec::with_capacity(cfg.seconds as usize + 1);
    for t in 0..=cfg.seconds {
        let capacity = |i: usize| {
            if i == 0 && t >= cfg.slow_at {
                100.0 / f64::from(cfg.slowdown_pct.max(100))
            } else {
                1.0
            }
        };
        let util: Vec<f64> = (0..n)
            .map(|i| {
                if dead[i] {
                    return 0.0;
                }
                let extra = if moving_until[i] > t {
                    f64::from(cfg.move_load_pct) / 100.0
                } else {
                    0.0
                };
                (demand[i] + extra) / capacity(i)
            })
            .collect();
        let mut declared = Vec::new();
        for i in 0..n {
            if dead[i] {
                continue;
            }
            if latency_x(util[i]) > f64::from(cfg.timeout_x) {
                suspect[i] += 1;
            } else {
                suspect[i] = 0;
            }
            if suspect[i] >= cfg.suspect_secs.max(1) && cfg.mode == Mode::Automatic {
                declared.push(i as u32);
            }
        }
        for &d in &declared {
            let d = d as usize;
            dead[d] = true;
            let live: Vec<usize> = (0..n).filter(|&i| !dead[i]).collect();
            if live.is_empty() {
                continue;
            }
            let share = demand[d] / live.len() as f64;
            for &i in &live {
                demand[i] += share;
                moving_until[i] = t + 1 + cfg.move_secs;
            }
            demand[d] = 0.0;
        }
        // Folded from +0.0: `sum()` of no live node is -0.0, shown as "-0 %".
        let served: f64 = (0..n)
            .filter(|&i| !dead[i])
            .map(|i| demand[i].min(capacity(i)))
            .fold(0.0, |a, b| a + b);
        let worst = (0..n)
            .filter(|&i| !dead[i])
            .map(|i| latency_x(util[i]))
            .fold(0.0, f64::max);
        out.push(CascadeTick {
            t,
            alive: dead.iter().filter(|d| !**d).count() as u32,
            worst_latency: worst,
            served_pct: 100.0 * served / total_demand.max(f64::MIN_POSITIVE),
            utilisation: util.iter().map(|u| u * 100.0).collect(),
            declared,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plans `redis-cli --cluster create` (7.0.15) printed for 3, 5 and 7 masters.
    #[test]
    fn redis_slots_are_contiguous_ranges_as_redis_cli_makes_them() {
        assert_eq!(
            redis_create_ranges(3),
            [(0, 5460), (5461, 10922), (10923, 16383)]
        );
        assert_eq!(
            redis_create_ranges(5),
            [
                (0, 3276),
                (3277, 6553),
                (6554, 9829),
                (9830, 13106),
                (13107, 16383)
            ]
        );
        assert_eq!(
            redis_create_ranges(7),
            [
                (0, 2340),
                (2341, 4680),
                (4681, 7021),
                (7022, 9361),
                (9362, 11702),
                (11703, 14042),
                (14043, 16383)
            ]
        );
        for n in 1..=MAX_NODES {
            let r = redis_create_ranges(n);
            assert_eq!(r.len() as u32, n);
            assert_eq!(r[0].0, 0);
            assert_eq!(r[r.len() - 1].1, 16_383);
            assert!(r
                .windows(2)
                .all(|w| w[1].0 == w[0].1 + 1 && w[0].0 <= w[0].1));
            let layout = FixedLayout::redis_cluster(n);
            let counts = layout.counts();
            let (lo, hi) = (counts.iter().min(), counts.iter().max());
            assert!(
                hi.zip(lo).is_some_and(|(h, l)| h - l <= 1),
                "{n}: {counts:?}"
            );
        }
    }

    #[test]
    fn a_joining_node_steals_whole_partitions_and_at_least_the_ideal() {
        for (p, n) in [(1024, 10), (16, 3), (16_384, 4), (12, 4)] {
            let l = FixedLayout::new(p, n);
            let ones = vec![1; p as usize];
            let (after, moves) = l.join(1, &ones);
            // Its share of the partitions, rounded up: never below the ideal.
            assert_eq!(moves.len() as u32, p.div_ceil(n + 1), "{p} on {n}");
            // Each move is a whole partition that changed owner, to the new node.
            for m in &moves {
                assert_eq!(l.owner[m.partition as usize], m.from);
                assert_eq!(after.owner[m.partition as usize], n);
            }
            let changed = l
                .owner
                .iter()
                .zip(&after.owner)
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(changed, moves.len());
            let c = after.counts();
            let (lo, hi) = (c.iter().min().unwrap_or(&0), c.iter().max().unwrap_or(&0));
            assert!(hi - lo <= 1, "{c:?}");
        }
        // A weight of 2 takes twice the share.
        let (after, _) = FixedLayout::new(1024, 10).join(2, &[1; 1024]);
        assert_eq!(after.counts()[10], (1024 * 2_u32).div_ceil(12));
        // Records moved are at least the ideal share, whatever the partitions' sizes.
        for seed in 0..20u64 {
            let keys: Vec<u64> = (0..20_000).map(|i| mix64(i ^ (seed << 32))).collect();
            for (p, n) in [(1024, 10), (64, 7), (16, 5)] {
                let sizes = partition_sizes(&keys, &[], p, KeyHash::Modulo);
                let l = FixedLayout::new(p, n);
                let (_, moves) = l.join(1, &sizes);
                let moved: u64 = moves.iter().map(|m| sizes[m.partition as usize]).sum();
                assert!(moved * u64::from(n + 1) >= 20_000, "{p} on {n}: {moved}");
                // And not a whole partition more than needed.
                let last = moves.last().map_or(0, |m| sizes[m.partition as usize]);
                assert!((moved - last) * u64::from(n + 1) < 20_000);
            }
        }
        let l = FixedLayout::new(1024, 10);
        let (left, lm) = l.leave(3).expect("a live node");
        assert_eq!(lm.len() as u32, l.counts()[3]);
        assert_eq!(left.counts()[3], 0);
        assert!(left.leave(3).is_none());
    }

    fn check_every_key_once(d: &Dynamic) {
        let mut keys: Vec<u64> = d.live_ids().map(|id| d.key_of(id)).collect();
        keys.sort_unstable();
        assert_eq!(d.keys(), keys);
        for (i, p) in d.parts().iter().enumerate() {
            let hi = d.parts().get(i + 1).map(|n| n.lo);
            for &k in &p.keys {
                assert!(k >= p.lo || i == 0, "key below its partition");
                assert!(hi.is_none_or(|h| k < h), "key above its partition");
            }
        }
    }

    #[test]
    fn split_and_merge_keep_every_key_exactly_once() {
        for kind in [KeyKind::Range, KeyKind::Hash] {
            for retention in [0, 6] {
                let mut d = Dynamic::new(DynamicConfig {
                    kind,
                    retention,
                    ..DynamicConfig::default()
                });
                let mut splits = 0;
                let mut merges = 0;
                for _ in 0..30 {
                    let s = d.step();
                    splits += s.splits;
                    merges += s.merges;
                    check_every_key_once(&d);
                    assert!(d.parts().iter().all(|p| p.keys.len() <= 1_000));
                }
                assert!(splits > 0);
                if retention > 0 && kind == KeyKind::Range {
                    assert!(merges > 0, "old ranges empty and merge");
                }
            }
        }
    }

    #[test]
    fn a_new_range_data_set_writes_to_one_node_until_presplit() {
        let mut d = Dynamic::new(DynamicConfig {
            kind: KeyKind::Range,
            ..DynamicConfig::default()
        });
        let first = d.step();
        assert_eq!((first.partitions, first.nodes_writing), (1, 1));
        // Sequential keys always land at the end: one node writes, step after step.
        for _ in 0..10 {
            assert_eq!(d.step().nodes_writing, 1);
        }
        let mut p = Dynamic::new(DynamicConfig {
            kind: KeyKind::Hash,
            presplit: 8,
            ..DynamicConfig::default()
        });
        assert_eq!(p.step().nodes_writing, 4);
    }

    #[test]
    fn proportional_partitions_keep_their_size_as_the_cluster_grows() {
        let g = growth(&GrowthConfig {
            steps: 40,
            start_nodes: 2,
            join_every: 5,
            fixed_partitions: 64,
            per_node: 8,
            dynamic: DynamicConfig::default(),
            seed: 1,
        });
        let last = g.last().expect("steps");
        assert_eq!(last.partitions[2], 8 * last.nodes);
        assert_eq!(last.partitions[0], 64);
        assert!(last.partitions[1] > 1);
        // The ring's partitions per node stay put while the fixed ones thin out per node.
        assert!(g.iter().all(|s| s.partitions[2] == 8 * s.nodes));
    }

    #[test]
    fn comparison_moves_at_least_the_ideal_on_join() {
        let mut d = Dynamic::new(DynamicConfig::default());
        for _ in 0..20 {
            d.step();
        }
        let c = compare(&d, 256, 8, 7);
        assert_eq!(c.records, 10_000);
        // Leaving must move everything the leaver held, no less.
        assert!(c.fixed[1].moved >= c.fixed[1].ideal);
        assert_eq!(c.proportional[1].moved, c.proportional[1].ideal);
        assert_eq!(c.fixed[1].moved, c.fixed[1].ideal);
        // Joining, the fixed and dynamic schemes take at least the newcomer's share.
        assert!(c.fixed[0].moved >= c.fixed[0].ideal);
        assert!(c.dynamic[0].moved >= c.dynamic[0].ideal);
    }

    #[test]
    fn bandwidth_caps_stretch_the_move() {
        let b = bandwidth_timeline(&[1000.0, 1000.0], 50.0, 5, 500.0);
        assert!((b.seconds - 40.0).abs() < 1e-9);
        assert!((b.node_share - 0.1).abs() < 1e-9);
        assert!((b.cluster_share - 0.02).abs() < 1e-9);
        assert_eq!(b.done.len(), 3);
    }

    #[test]
    fn automatic_rebalancing_cascades_and_an_operator_stops_it() {
        let auto = cascade(&CascadeConfig::default());
        let end = auto.last().expect("ticks");
        assert!(end.alive <= 1, "cascade: {} alive", end.alive);
        let op = cascade(&CascadeConfig {
            mode: Mode::Operator,
            ..CascadeConfig::default()
        });
        let end = op.last().expect("ticks");
        assert_eq!(end.alive, 6);
        assert!(end.served_pct > auto.last().map_or(100.0, |t| t.served_pct));
        // A light load survives even automatic rebalancing.
        let light = cascade(&CascadeConfig {
            load_pct: 20,
            ..CascadeConfig::default()
        });
        assert!(light.last().is_some_and(|t| t.alive >= 5));
    }
}
