//! Multi-probe consistent hashing (Appleton and O'Reilly, "Multi-probe consistent hashing",
//! arXiv:1505.00062, 2015): one point per node, `k` probes per key; the key goes to the node
//! whose point is the closest successor of any of its probes. Peak-to-mean load falls with
//! `k` without storing any virtual node (the authors report about 1.05 at 21 probes).
//!
//! # Bytes hashed
//!
//! - Node `name`'s point: `h("{name}#0")`, the point of a one-vnode ring, so one probe is
//!   exactly the lesson's ring with one vnode per node.
//! - A key at position `key_hash` probes `key_hash + i · step` (wrapping, `i = 0 … k−1`), where
//!   `step = h(be64(key_hash) ‖ "|probe")`: the double hashing of the authors' reference code
//!   (two hashes per key, whatever `k`), with MD5 for both.
//!
//! A node's "distance" from a probe is how far clockwise its point lies, strictly after the
//! probe (a probe on a point belongs to the next one, as on the ring). Ties go to the earlier
//! probe, then to the earlier point.

use super::{check_nodes, ZooError};
use crate::hash::{hash_bytes, vnode_position};

pub use crate::params::{DEFAULT_PROBES, MAX_PROBES};

/// Nodes on a ring, one point each, probed `k` times per key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiProbe {
    /// Points sorted clockwise, with their node; a point whose position is taken is dropped
    /// (the first node keeps it), as on the ring.
    points: Vec<(u64, u16)>,
    n_nodes: usize,
    probes: u32,
}

/// Checks a probe count.
pub fn check_probes(k: u32) -> Result<(), ZooError> {
    Ok(crate::params::check_probes(k)?)
}

/// The step between a key's probes (see the module's bytes).
pub fn probe_step(key_hash: u64) -> u64 {
    let mut bytes = [0u8; 14];
    bytes[..8].copy_from_slice(&key_hash.to_be_bytes());
    bytes[8..].copy_from_slice(b"|probe");
    hash_bytes(&bytes)
}

impl MultiProbe {
    /// One point per node of `names`, `k` probes per key.
    pub fn new<S: AsRef<str>>(names: &[S], k: u32) -> Result<MultiProbe, ZooError> {
        check_nodes(names.len())?;
        check_probes(k)?;
        let mut points: Vec<(u64, u16)> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (vnode_position(n.as_ref(), 0), i as u16))
            .collect();
        // Made in node order: equal positions stay in it (the first node keeps its point).
        crate::order::sort_by_key_stable(&mut points, |p| p.0);
        points.dedup_by_key(|p| p.0);
        Ok(MultiProbe {
            points,
            n_nodes: names.len(),
            probes: k,
        })
    }

    /// How many nodes it places keys on.
    pub fn n_nodes(&self) -> usize {
        self.n_nodes
    }

    /// Probes per key.
    pub fn probes(&self) -> u32 {
        self.probes
    }

    /// Index of the point that is the first strictly after `pos`, wrapping.
    fn successor(&self, pos: u64) -> usize {
        let i = self.points.partition_point(|p| p.0 <= pos);
        if i == self.points.len() {
            0
        } else {
            i
        }
    }

    /// The node of the key at `key_hash`.
    pub fn owner(&self, key_hash: u64) -> usize {
        let step = if self.probes > 1 {
            probe_step(key_hash)
        } else {
            0
        };
        let mut best = (u64::MAX, 0usize);
        let mut probe = key_hash;
        for i in 0..self.probes {
            let s = self.successor(probe);
            // Distance minus one, so that a lone point (distance 2^64) is u64::MAX.
            let d = self.points[s].0.wrapping_sub(probe).wrapping_sub(1);
            if i == 0 || d < best.0 {
                best = (d, s);
            }
            probe = probe.wrapping_add(step);
        }
        usize::from(self.points[best.1].1)
    }

    /// Keys per node for `hashes`.
    pub fn counts(&self, hashes: &[u64]) -> Vec<u64> {
        let mut c = vec![0u64; self.n_nodes];
        for &h in hashes {
            c[self.owner(h)] += 1;
        }
        c
    }

    /// Points stored (one per node) and their bytes (position and node: 16 with padding).
    pub fn points(&self) -> usize {
        self.points.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, Strategy};
    use crate::ring::Ring;

    #[test]
    fn one_probe_is_the_one_vnode_ring() {
        let names = ["inv-bcn", "inv-vlc", "inv-gir", "inv-lle"];
        let mp = MultiProbe::new(&names, 1).expect("valid");
        let ring = Ring::build(&Config::new(Strategy::Ring, names).with_vnodes(1)).expect("ok");
        let keys = crate::KeySet::lesson(3_000).expect("valid");
        for &h in keys.sorted_hashes() {
            assert_eq!(
                mp.owner(h),
                usize::from(ring.points()[ring.point_for(h)].node)
            );
        }
    }

    #[test]
    fn probe_counts_are_checked_and_the_step_bytes_documented() {
        assert!(MultiProbe::new(&["a"], 0).is_err());
        assert!(MultiProbe::new(&["a"], MAX_PROBES + 1).is_err());
        let mut bytes = 42u64.to_be_bytes().to_vec();
        bytes.extend_from_slice(b"|probe");
        assert_eq!(probe_step(42), hash_bytes(&bytes));
    }
}
