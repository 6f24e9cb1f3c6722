//! [`MovementTask`]: the comparison of two assignments, a slice of keys at a time.

use super::{ideal_fraction, Flow, Movement};
use crate::config::Config;
use crate::strategy::Assignment;

/// Partial matrices counted side by side (see [`MovementTask::step`]).
const LANES: usize = 4;

/// Keys compared per work unit (one unit ≈ one MD5 hash), owners only.
const KEYS_PER_UNIT: u64 = 32;

/// A [`Movement`] in progress: [`Movement::between`] runs one to completion, a caller that
/// must stay responsive steps it.
#[derive(Clone, Debug)]
pub struct MovementTask {
    before: Config,
    after: Config,
    /// For each node before the change, its index after the change (same name), if any.
    after_index_of_before: Vec<Option<usize>>,
    /// A number per node before the change that equals its index after the change when it
    /// stays, and is unique otherwise: replica sets compare as sorted numbers, not names.
    id_of_before: Vec<u32>,
    /// Keys per (before, after) pair, as four partial matrices one after the other (see
    /// [`MovementTask::step`]), added up by [`MovementTask::finish`].
    lanes: Vec<u64>,
    replicated: bool,
    changed: u64,
    next: usize,
    len: usize,
    per_key_64ths: u64,
}

impl MovementTask {
    /// A comparison of the assignments of `len` keys made under `before` and `after`, with
    /// `before_replicas` and `after_replicas` copies.
    pub fn new(
        before: &Config,
        before_replicas: usize,
        after: &Config,
        after_replicas: usize,
        len: usize,
    ) -> MovementTask {
        let (nb, na) = (before.nodes.len(), after.nodes.len());
        let after_index_of_before: Vec<Option<usize>> = before
            .nodes
            .iter()
            .map(|b| after.nodes.iter().position(|a| a.name == b.name))
            .collect();
        let id_of_before = after_index_of_before
            .iter()
            .enumerate()
            .map(|(b, a)| a.unwrap_or(na + b) as u32)
            .collect();
        let replicated = before_replicas > 1 || after_replicas > 1;
        let copies = before_replicas.max(after_replicas) as u64;
        MovementTask {
            before: before.clone(),
            after: after.clone(),
            after_index_of_before,
            id_of_before,
            lanes: vec![0; LANES * nb * na],
            replicated,
            changed: 0,
            next: 0,
            len,
            per_key_64ths: 2 + if replicated { 8 * copies } else { 0 },
        }
    }

    /// The whole comparison in work units.
    pub fn total_work(&self) -> u64 {
        (self.len as u64 * self.per_key_64ths).div_ceil(64)
    }

    /// Work units done so far.
    pub fn work_done(&self) -> u64 {
        if self.is_done() {
            return self.total_work();
        }
        self.next as u64 * self.per_key_64ths / 64
    }

    /// Whether every key is compared.
    pub fn is_done(&self) -> bool {
        self.next >= self.len
    }

    /// Compares about `work` more units' worth of keys; returns whether every key is
    /// compared. `a` and `b` are the assignments before and after, of the same key set.
    pub fn step(&mut self, a: &Assignment, b: &Assignment, work: u64) -> bool {
        let len = self.len.min(a.owners.len()).min(b.owners.len());
        let want = usize::try_from(work.saturating_mul(64) / self.per_key_64ths.max(1))
            .unwrap_or(usize::MAX)
            .max(KEYS_PER_UNIT as usize);
        let end = len.min(self.next.saturating_add(want));
        let na = self.after.nodes.len();
        // Key i is counted in the (i mod 4)th partial matrix: a ring's keys come in arcs of
        // tens with the same owners, and with one matrix each key's count would wait for the
        // previous key's, in the same cell, to be stored.
        let cells = self.lanes.len() / LANES;
        let (xs, ys) = (&a.owners[self.next..end], &b.owners[self.next..end]);
        let cell = |k: usize| xs[k] as usize * na + ys[k] as usize;
        let count = xs.len();
        let lanes = &mut self.lanes;
        for k in (0..count / LANES).map(|q| q * LANES) {
            lanes[cell(k)] += 1;
            lanes[cells + cell(k + 1)] += 1;
            lanes[2 * cells + cell(k + 2)] += 1;
            lanes[3 * cells + cell(k + 3)] += 1;
        }
        for k in count / LANES * LANES..count {
            lanes[cell(k)] += 1;
        }
        if self.replicated {
            let mut ids_b: Vec<u32> = Vec::new();
            let mut ids_a: Vec<u32> = Vec::new();
            for slot in self.next..end {
                ids_b.clear();
                ids_a.clear();
                ids_b.extend(
                    a.replica_set(slot)
                        .iter()
                        .map(|&i| self.id_of_before[i as usize]),
                );
                ids_a.extend(b.replica_set(slot).iter().map(|&i| u32::from(i)));
                // A replica set has a handful of nodes: sorted in place, with no sort's
                // machinery (see `order`).
                insertion_sort(&mut ids_b);
                insertion_sort(&mut ids_a);
                if ids_a != ids_b {
                    self.changed += 1;
                }
            }
        }
        self.next = end;
        if end == len {
            self.next = self.len;
        }
        self.is_done()
    }

    /// The movement (finishing whatever work is left).
    pub fn finish(mut self, a: &Assignment, b: &Assignment) -> Movement {
        while !self.step(a, b, u64::MAX / 128) {}
        let cells = self.before.nodes.len() * self.after.nodes.len();
        let matrix: Vec<u64> = (0..cells)
            .map(|c| (0..LANES).map(|l| self.lanes[l * cells + c]).sum())
            .collect();
        self.finish_with_matrix(&matrix)
    }

    /// The movement given its keys per (before, after) pair, `matrix[before × after nodes +
    /// after]`, counted elsewhere (see [`crate::ring_change::RingChange`]); single copies only.
    pub(crate) fn finish_with_matrix(self, matrix: &[u64]) -> Movement {
        let (nb, na) = (self.before.nodes.len(), self.after.nodes.len());
        let total = self.len as u64;
        let mut moved = 0;
        let mut flow = Vec::new();
        for from in 0..nb {
            for to in 0..na {
                let keys = matrix[from * na + to];
                if keys == 0 || self.after_index_of_before[from] == Some(to) {
                    continue;
                }
                moved += keys;
                flow.push(Flow {
                    from: self.before.nodes[from].name.clone(),
                    to: self.after.nodes[to].name.clone(),
                    keys,
                });
            }
        }
        crate::order::sort_by_key_stable(&mut flow, |f| crate::order::descending(f.keys));
        let removed_keys: u64 = (0..nb)
            .filter(|&b| self.after_index_of_before[b].is_none())
            .map(|b| matrix[b * na..(b + 1) * na].iter().sum::<u64>())
            .sum();
        let replica_sets_changed_fraction = self
            .replicated
            .then(|| self.changed as f64 / total.max(1) as f64);
        Movement {
            total,
            moved,
            moved_fraction: if total == 0 {
                0.0
            } else {
                moved as f64 / total as f64
            },
            ideal_fraction: ideal_fraction(&self.before, &self.after, removed_keys, total),
            flow,
            replica_sets_changed_fraction,
        }
    }
}

/// Sorts a short list (a replica set's node ids) ascending.
fn insertion_sort(ids: &mut [u32]) {
    for i in 1..ids.len() {
        let mut j = i;
        while j > 0 && ids[j - 1] > ids[j] {
            ids.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Strategy;
    use crate::keys::KeySet;
    use crate::strategy::Partitioner;

    #[test]
    fn a_movement_compared_in_slices_is_the_same() {
        let keys = KeySet::lesson(5000).expect("valid");
        for strategy in Strategy::ALL {
            let before = Config::new(strategy, ["a", "b", "c", "d"]).with_replicas(2);
            let after = Config::new(strategy, ["a", "c", "d", "e", "f"]).with_replicas(3);
            let pa = Partitioner::new(&before).expect("valid").assign(&keys, 2);
            let pb = Partitioner::new(&after).expect("valid").assign(&keys, 3);
            let whole = Movement::between(&before, &pa, &after, &pb);
            let mut task = MovementTask::new(&before, 2, &after, 3, keys.len());
            let mut slices = 0;
            while !task.step(&pa, &pb, 1) {
                slices += 1;
            }
            assert!(slices > 10, "{strategy}: {slices} slices");
            assert_eq!(task.finish(&pa, &pb), whole, "{strategy}");
            assert!(whole.replica_sets_changed_fraction.is_some_and(|f| f > 0.0));
        }
    }

    #[test]
    fn insertion_sort_sorts_like_the_standard_sort() {
        let mut seed = 7u64;
        for len in 0..12 {
            for _ in 0..50 {
                let mut v: Vec<u32> = (0..len)
                    .map(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                        (seed >> 60) as u32
                    })
                    .collect();
                let mut want = v.clone();
                want.sort_unstable();
                insertion_sort(&mut v);
                assert_eq!(v, want);
            }
        }
    }
}
