//! Consistent hashing with bounded loads (Mirrokni, Thorup and Zadimoghaddam, "Consistent
//! Hashing with Bounded Loads", SODA 2018): the ring, but no node takes more than
//! `⌈c · m / n⌉` of the `m` keys (`c = 1 + ε`). A key whose successor is full walks on
//! clockwise to the first node with room.
//!
//! # Bytes hashed
//!
//! Exactly the lab's ring ([`crate::Ring`]): vnode `i` of node `n` at `h("{n}#{i}")`, a key at
//! its usual position. Nothing else is hashed. The result depends on the order keys arrive
//! in: [`BoundedLoads::assign`] places them in the order of the slice it is given (the lab
//! passes a key set's hashes sorted, i.e. clockwise from 0).

use super::ZooError;
use crate::config::{Config, Strategy};
use crate::ring::Ring;

pub use crate::params::{bounded_capacity, DEFAULT_LOAD_FACTOR, MAX_LOAD_FACTOR, MIN_LOAD_FACTOR};

/// The ring with a load bound.
#[derive(Clone, Debug, PartialEq)]
pub struct BoundedLoads {
    ring: Ring,
    n_nodes: usize,
    factor: f64,
}

/// Checks a load factor.
pub fn check_load_factor(c: f64) -> Result<(), ZooError> {
    Ok(crate::params::check_load_factor(c)?)
}

impl BoundedLoads {
    /// The ring of `names` with `vnodes` points each, bounded by `c`. The ring's own limits
    /// apply (its [`crate::ConfigError`] comes back as [`ZooError::Config`]).
    pub fn new<S: AsRef<str>>(names: &[S], vnodes: u32, c: f64) -> Result<BoundedLoads, ZooError> {
        let config = Self::ring_config(names, vnodes, c)?;
        // `ring_config` validated it.
        Ok(Self::from_ring(
            Ring::build_unvalidated(&config),
            names.len(),
            c,
        ))
    }

    /// The (checked) configuration of the ring underneath: `names` unweighted, `vnodes` each.
    /// [`crate::strategy::PartitionerBuilder`] builds that ring in slices.
    pub fn ring_config<S: AsRef<str>>(
        names: &[S],
        vnodes: u32,
        c: f64,
    ) -> Result<Config, ZooError> {
        super::check_nodes(names.len())?;
        check_load_factor(c)?;
        let config = Config::new(Strategy::Ring, names.iter().map(|n| n.as_ref().to_owned()))
            .with_vnodes(vnodes);
        config.validate()?;
        Ok(config)
    }

    /// Bounded loads over `ring` of `n_nodes` nodes, built from [`BoundedLoads::ring_config`]
    /// with the same `c`.
    pub(crate) fn from_ring(ring: Ring, n_nodes: usize, c: f64) -> BoundedLoads {
        BoundedLoads {
            ring,
            n_nodes,
            factor: c,
        }
    }

    /// The factor `c`.
    pub fn factor(&self) -> f64 {
        self.factor
    }

    /// The ring underneath.
    pub fn ring(&self) -> &Ring {
        &self.ring
    }

    /// The capacity of every node for `m` keys: `⌈c · m / n⌉`, and never less than `⌈m / n⌉`
    /// (so that the nodes together always have room for every key).
    /// The factor is read as the decimal it is written as, in integers
    /// ([`crate::params::bounded_capacity`]): `1.1` caps 3 000 keys on 3 nodes at 1 100.
    pub fn capacity(&self, m: u64) -> u64 {
        crate::params::bounded_capacity(self.factor, m, self.n_nodes)
    }

    /// The node of `key_hash` ignoring loads: the plain ring's owner.
    pub fn owner_unbounded(&self, key_hash: u64) -> usize {
        usize::from(self.ring.points()[self.ring.point_for(key_hash)].node)
    }

    /// Where a key at `key_hash` goes when node `i` already holds `loads[i]` keys and each may
    /// hold `capacity`: its ring successor's node, or the first node with room met walking
    /// clockwise. `None` when every node is full (the walk stops after one turn).
    pub fn place(&self, key_hash: u64, loads: &[u64], capacity: u64) -> Option<usize> {
        let points = self.ring.points();
        let start = self.ring.point_for(key_hash);
        (0..points.len())
            .map(|step| usize::from(points[(start + step) % points.len()].node))
            .find(|&node| loads.get(node).is_some_and(|&l| l < capacity))
    }

    /// Places every key of `hashes` in slice order, each node bounded by
    /// [`BoundedLoads::capacity`] of the slice's length: `owners[i]` is the node of
    /// `hashes[i]`.
    pub fn assign(&self, hashes: &[u64]) -> Vec<u32> {
        let capacity = self.capacity(hashes.len() as u64);
        let mut loads = vec![0u64; self.n_nodes];
        hashes
            .iter()
            .map(|&h| {
                // The nodes together hold at least `hashes.len()` keys, so there is room.
                let node = self.place(h, &loads, capacity).unwrap_or(0);
                loads[node] += 1;
                node as u32
            })
            .collect()
    }

    /// Ring points (entries) and their bytes, for the memory comparison.
    pub fn ring_points(&self) -> usize {
        self.ring.points().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacity_is_the_ceiling_of_c_m_over_n() {
        let b = BoundedLoads::new(&["a", "b", "c", "d"], 10, 1.25).expect("valid");
        assert_eq!(b.capacity(100_000), 31_250);
        assert_eq!(b.capacity(10), 4); // ⌈12.5 / 4⌉
        let tight = BoundedLoads::new(&["a", "b", "c"], 10, 1.0).expect("valid");
        assert_eq!(tight.capacity(10), 4); // ⌈10 / 3⌉, room for every key
                                           // The case: a float ceiling of 1.1 · 3000 / 3 gave 1 101.
        let b = BoundedLoads::new(&["a", "b", "c"], 10, 1.1).expect("valid");
        assert_eq!(b.capacity(3_000), 1_100);
    }

    #[test]
    fn bad_factors_are_refused() {
        for c in [0.99, f64::NAN, 17.0, -1.0] {
            assert!(matches!(
                BoundedLoads::new(&["a"], 1, c),
                Err(ZooError::LoadFactorOutOfRange { .. })
            ));
        }
    }

    #[test]
    fn a_loose_bound_is_the_plain_ring() {
        let keys = crate::KeySet::lesson(5_000).expect("valid");
        let b = BoundedLoads::new(&["inv-bcn", "inv-vlc", "inv-gir", "inv-lle"], 150, 16.0)
            .expect("valid");
        let owners = b.assign(keys.sorted_hashes());
        for (o, &h) in owners.iter().zip(keys.sorted_hashes()) {
            assert_eq!(*o as usize, b.owner_unbounded(h));
        }
    }
}
