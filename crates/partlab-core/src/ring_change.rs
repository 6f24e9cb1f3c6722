//! [`RingChange`]: a ring's new assignment derived from the previous one, arc by arc.
//!
//! A node joining or leaving a ring of thousands of vnodes changes the owner of a few
//! thousand arcs; the keys of every other arc stay where they were. Walking the two rings'
//! points side by side finds the stretches of the hash space whose owner changed, and only
//! the keys in those are looked at: the assignment, the keys per node and the movement come
//! out identical to a full assignment followed by a full comparison, for any two rings over
//! the same keys (a join, a leave, a rename, a weight or vnode step), with work that follows
//! the number of points rather than the number of keys.

use crate::config::Config;
use crate::keys::KeySet;
use crate::stats::{Movement, MovementTask};
use crate::strategy::{Assignment, NodeIdx, Partitioner, ReplicaSets, RingPoint};

/// The experiment before a change of ring and the ring after it, over the same keys.
#[derive(Clone, Copy, Debug)]
pub struct RingChange<'a> {
    /// The keys both assignments are of.
    pub keys: &'a KeySet,
    /// The configuration before the change.
    pub before_config: &'a Config,
    /// Its partitioner.
    pub before: &'a Partitioner,
    /// Its assignment of `keys`.
    pub before_assignment: &'a Assignment,
    /// Its keys per node (`before_assignment`'s counts).
    pub before_counts: &'a [u64],
    /// The configuration after the change.
    pub after_config: &'a Config,
    /// Its partitioner.
    pub after: &'a Partitioner,
}

/// What a [`RingChange`] derives: what a full assignment and comparison would give.
#[derive(Clone, Debug, PartialEq)]
pub struct DerivedRing {
    /// The assignment of the keys under the new ring.
    pub assignment: Assignment,
    /// Keys per node of the new configuration.
    pub counts: Vec<u64>,
    /// The movement from the previous assignment to the new one.
    pub movement: Movement,
}

impl RingChange<'_> {
    /// The new assignment, counts and movement, or `None` where deriving does not apply or
    /// would not be cheaper than assigning every key: either side not a plain ring, more than
    /// one copy per key, an assignment or counts that do not match their configuration, or
    /// more points than keys.
    // Kept out of its callers: inlined into the page's size-optimised code, its loops ran
    // two to three times slower.
    #[inline(never)]
    pub fn derive(&self) -> Option<DerivedRing> {
        let (Some(old), Some(new)) = (self.before.plain_ring(), self.after.plain_ring()) else {
            return None;
        };
        let hashes = self.keys.sorted_hashes();
        let (nb, na) = (
            self.before_config.nodes.len(),
            self.after_config.nodes.len(),
        );
        let a = self.before_assignment;
        if a.replicas != 1
            || a.owners.len() != hashes.len()
            || self.before_counts.len() != nb
            || old.n_nodes != nb
            || new.n_nodes != na
            || old.points.is_empty()
            || new.points.is_empty()
            || old.points.len() + new.points.len() > hashes.len()
        {
            return None;
        }
        // Each node before the change, as a node after it (the same name), if it stays.
        let after_index: Vec<Option<NodeIdx>> = self
            .before_config
            .nodes
            .iter()
            .map(|b| {
                self.after_config
                    .nodes
                    .iter()
                    .position(|n| n.name == b.name)
                    .map(|i| i as NodeIdx)
            })
            .collect();
        // Every key where it was (under its node's new number); the changed stretches are
        // rewritten below.
        let same_numbers = after_index
            .iter()
            .enumerate()
            .all(|(b, a)| a.is_none_or(|a| usize::from(a) == b));
        let mut owners = if same_numbers {
            a.owners.clone()
        } else {
            a.owners
                .iter()
                .map(|&o| after_index[usize::from(o)].unwrap_or(o))
                .collect()
        };
        let mut counts = vec![0u64; na];
        for (b, &keys) in self.before_counts.iter().enumerate() {
            if let Some(n) = after_index[b] {
                counts[usize::from(n)] += keys;
            }
        }
        // Keys per (before, after) pair of different nodes: the keys that stay are not
        // needed (a movement counts the others).
        let mut matrix = vec![0u64; nb * na];
        let mut from = 0;
        for_each_owner_stretch(&old.points, &new.points, |lo, hi, was, now| {
            if after_index[usize::from(was)] == Some(now) {
                return;
            }
            // The keys at or past `lo` and before `hi` (to the end without `hi`).
            let start = first_at_or_past(hashes, from, lo);
            let end = hi.map_or(hashes.len(), |hi| first_at_or_past(hashes, start, hi));
            from = end;
            let moved = (end - start) as u64;
            if moved == 0 {
                return;
            }
            owners[start..end].fill(now);
            counts[usize::from(now)] += moved;
            matrix[usize::from(was) * na + usize::from(now)] += moved;
            if let Some(n) = after_index[usize::from(was)] {
                counts[usize::from(n)] -= moved;
            }
        });
        let movement = MovementTask::new(self.before_config, 1, self.after_config, 1, hashes.len())
            .finish_with_matrix(&matrix);
        Some(DerivedRing {
            assignment: Assignment {
                owners,
                replicas: 1,
                sets: ReplicaSets::Owner,
            },
            counts,
            movement,
        })
    }
}

/// The first slot at or after `from` whose hash is at least `h` (`hashes` sorted), searched
/// outwards from `from`: the stretches come in order, tens of keys apart, and a search of
/// the whole key set for each waited on memory at every step.
fn first_at_or_past(hashes: &[u64], from: usize, h: u64) -> usize {
    let mut width = 1;
    let mut lo = from;
    while lo + width < hashes.len() && hashes[lo + width] < h {
        lo += width;
        width *= 2;
    }
    let hi = (lo + width + 1).min(hashes.len());
    lo + hashes[lo..hi].partition_point(|&x| x < h)
}

/// Calls `f(lo, hi, was, now)` for every stretch `lo..hi` of the hash space (`hi` `None`: to
/// the end) in which neither ring has a point, in ascending order, with the node owning its
/// keys in `old` and in `new`. A key belongs to the first point past its hash, or to the
/// first point when there is none (the arc that wraps round).
fn for_each_owner_stretch(
    old: &[RingPoint],
    new: &[RingPoint],
    mut f: impl FnMut(u64, Option<u64>, NodeIdx, NodeIdx),
) {
    let (mut i, mut k) = (0, 0);
    let mut lo = 0u64;
    loop {
        // Points at `lo` own only keys before it.
        while old.get(i).is_some_and(|p| p.position <= lo) {
            i += 1;
        }
        while new.get(k).is_some_and(|p| p.position <= lo) {
            k += 1;
        }
        let hi = match (old.get(i), new.get(k)) {
            (Some(p), Some(q)) => Some(p.position.min(q.position)),
            (Some(p), None) => Some(p.position),
            (None, Some(q)) => Some(q.position),
            (None, None) => None,
        };
        let was = old.get(i).unwrap_or(&old[0]).node;
        let now = new.get(k).unwrap_or(&new[0]).node;
        f(lo, hi, was, now);
        match hi {
            Some(h) => lo = h,
            None => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Node, Strategy};
    use crate::stats::Distribution;

    /// The full way round: every key assigned, then compared.
    fn full(keys: &KeySet, before: &Config, after: &Config) -> (Assignment, DerivedRing) {
        let a = Partitioner::new(before).expect("valid").assign(keys, 1);
        let b = Partitioner::new(after).expect("valid").assign(keys, 1);
        let counts = b.counts(after.nodes.len());
        let movement = Movement::between(before, &a, after, &b);
        (
            a,
            DerivedRing {
                assignment: b,
                counts,
                movement,
            },
        )
    }

    fn derived(keys: &KeySet, before: &Config, a: &Assignment, after: &Config) -> DerivedRing {
        let (pb, pa) = (
            Partitioner::new(before).expect("valid"),
            Partitioner::new(after).expect("valid"),
        );
        let counts = a.counts(before.nodes.len());
        RingChange {
            keys,
            before_config: before,
            before: &pb,
            before_assignment: a,
            before_counts: &counts,
            after_config: after,
            after: &pa,
        }
        .derive()
        .expect("two rings, one copy, fewer points than keys")
    }

    fn ring(names: &[&str], vnodes: u32) -> Config {
        Config::new(Strategy::Ring, names.iter().copied()).with_vnodes(vnodes)
    }

    #[test]
    fn joins_leaves_renames_and_steps_derive_what_a_full_assignment_gives() {
        let keys = KeySet::lesson(20_000).expect("valid");
        let four = ring(&["inv-bcn", "inv-vlc", "inv-gir", "inv-lle"], 150);
        let mut weighted = four.clone();
        weighted.nodes[1] = Node::weighted("inv-vlc", 2.5);
        let cases = [
            (
                "join at the end",
                four.clone(),
                ring(
                    &["inv-bcn", "inv-vlc", "inv-gir", "inv-lle", "inv-tar"],
                    150,
                ),
            ),
            (
                "leave at the end",
                ring(
                    &["inv-bcn", "inv-vlc", "inv-gir", "inv-lle", "inv-tar"],
                    150,
                ),
                four.clone(),
            ),
            (
                "leave in the middle",
                four.clone(),
                ring(&["inv-bcn", "inv-gir", "inv-lle"], 150),
            ),
            (
                "join in the middle",
                ring(&["inv-bcn", "inv-gir", "inv-lle"], 150),
                four.clone(),
            ),
            (
                "rename",
                four.clone(),
                ring(&["inv-bcn", "inv-vlc", "inv-gir", "inv-lle-2"], 150),
            ),
            (
                "reorder",
                four.clone(),
                ring(&["inv-lle", "inv-gir", "inv-vlc", "inv-bcn"], 150),
            ),
            (
                "vnodes step",
                four.clone(),
                ring(&["inv-bcn", "inv-vlc", "inv-gir", "inv-lle"], 100),
            ),
            ("weight step", four.clone(), weighted),
            (
                "one vnode each",
                ring(&["a", "b"], 1),
                ring(&["a", "b", "c"], 1),
            ),
            ("no change", four.clone(), four.clone()),
        ];
        for (what, before, after) in cases {
            let (a, want) = full(&keys, &before, &after);
            let got = derived(&keys, &before, &a, &after);
            assert_eq!(got, want, "{what}");
            // Figures computed from the derived counts are the full ones too.
            assert_eq!(
                Distribution::from_counts(&after, &got.counts),
                Distribution::from_counts(&after, &want.counts),
                "{what}"
            );
        }
    }

    #[test]
    fn keys_hashed_exactly_onto_points_follow_the_full_assignment() {
        // A key named like a vnode has that vnode's position: it belongs to the next point.
        let mut names: Vec<String> = ["a", "b", "c"]
            .iter()
            .flat_map(|n| (0..10).map(move |i| format!("{n}#{i}")))
            .collect();
        names.extend((0..200).map(|i| format!("key-{i}")));
        let keys = KeySet::custom(names).expect("valid");
        let before = ring(&["a", "b"], 10);
        let after = ring(&["a", "b", "c"], 10);
        for (x, y) in [(&before, &after), (&after, &before)] {
            let (a, want) = full(&keys, x, y);
            assert_eq!(derived(&keys, x, &a, y), want);
        }
    }

    #[test]
    fn a_join_moves_keys_only_to_the_new_node() {
        let keys = KeySet::lesson(20_000).expect("valid");
        let before = ring(&["n1", "n2", "n3", "n4"], 200);
        let after = ring(&["n1", "n2", "n3", "n4", "n5"], 200);
        let (a, _) = full(&keys, &before, &after);
        let got = derived(&keys, &before, &a, &after);
        assert!(got.movement.moved > 0);
        assert!(got.movement.flow.iter().all(|f| f.to == "n5"));
        assert_eq!(got.counts[4], got.movement.moved);
    }

    #[test]
    fn the_outward_search_finds_what_a_binary_search_finds() {
        let hashes: Vec<u64> = (0..300u64).map(|i| i * 3 + i % 7).collect();
        for from in [0, 1, 5, 100, 299, 300] {
            for h in [0, 1, 2, 50, 301, 450, 899, 900, 1000, u64::MAX] {
                let want = from + hashes[from..].partition_point(|&x| x < h);
                assert_eq!(
                    first_at_or_past(&hashes, from, h),
                    want,
                    "from {from}, h {h}"
                );
            }
        }
    }

    #[test]
    fn stretches_cover_the_hash_space_in_order_with_each_rings_owner() {
        let point = |position, node| RingPoint {
            position,
            node,
            vnode: 0,
        };
        let old = [point(10, 0), point(30, 1)];
        let new = [point(10, 0), point(20, 2), point(30, 1)];
        let mut seen = Vec::new();
        for_each_owner_stretch(&old, &new, |lo, hi, was, now| seen.push((lo, hi, was, now)));
        assert_eq!(
            seen,
            [
                (0, Some(10), 0, 0),
                (10, Some(20), 1, 2),
                (20, Some(30), 1, 1),
                (30, None, 0, 0),
            ]
        );
    }

    #[test]
    fn deriving_declines_what_it_cannot_do_cheaply_or_at_all() {
        let keys = KeySet::lesson(1000).expect("valid");
        let before = ring(&["a", "b"], 10);
        let a = Partitioner::new(&before).expect("valid").assign(&keys, 1);
        let counts = a.counts(2);
        let pb = Partitioner::new(&before).expect("valid");
        let change = |after: &Config, pa: &Partitioner, assignment: &Assignment| {
            RingChange {
                keys: &keys,
                before_config: &before,
                before: &pb,
                before_assignment: assignment,
                before_counts: &counts,
                after_config: after,
                after: pa,
            }
            .derive()
        };
        // More points than keys: a full assignment is no dearer.
        let dense = ring(&["a", "b"], 1000);
        assert!(change(&dense, &Partitioner::new(&dense).expect("valid"), &a).is_none());
        // Not a ring.
        let modulo = Config::new(Strategy::Modulo, ["a", "b"]);
        assert!(change(&modulo, &Partitioner::new(&modulo).expect("valid"), &a).is_none());
        // Replica sets.
        let copies = Partitioner::new(&before).expect("valid").assign(&keys, 2);
        let same = ring(&["a", "b", "c"], 10);
        assert!(change(&same, &Partitioner::new(&same).expect("valid"), &copies).is_none());
        assert!(change(&same, &Partitioner::new(&same).expect("valid"), &a).is_some());
    }
}
