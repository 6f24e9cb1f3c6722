//! Maglev hashing (Eisenbud et al., "Maglev: A Fast and Reliable Software Network Load
//! Balancer", NSDI 2016, section 3.4): a lookup table of prime size `M` that every backend
//! fills in turn from its own permutation of the entries.
//!
//! # Bytes hashed
//!
//! - Backend `name`'s offset: `h("{name}|maglev-offset") mod M`.
//! - Its skip: `h("{name}|maglev-skip") mod (M − 1) + 1` (never 0, so with `M` prime the
//!   permutation `offset, offset + skip, offset + 2·skip, … (mod M)` visits every entry).
//! - A key goes to entry `key_hash mod M`, where `key_hash` is the key's usual position
//!   (`h(key)`).
//!
//! `h` is the first 8 bytes of MD5, big-endian ([`crate::hash::hash_bytes`]).

use super::{check_nodes, ZooError};
use crate::hash::hash_bytes;

pub use crate::params::{DEFAULT_TABLE_SIZE, LARGE_TABLE_SIZE, MAX_TABLE_SIZE};

/// A Maglev lookup table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maglev {
    /// `table[j]`: the backend owning entry `j`.
    table: Vec<u16>,
    n_nodes: usize,
}

/// A backend's permutation of the table, as the paper's (offset, skip) pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Permutation {
    /// First entry the backend asks for.
    pub offset: u64,
    /// Step between the entries it asks for (1 ≤ skip < M).
    pub skip: u64,
}

impl Permutation {
    /// The permutation of backend `name` in a table of size `m` (see the module's bytes).
    pub fn of(name: &str, m: u64) -> Permutation {
        let offset = hash_bytes(format!("{name}|maglev-offset").as_bytes()) % m;
        let skip = hash_bytes(format!("{name}|maglev-skip").as_bytes()) % (m - 1) + 1;
        Permutation { offset, skip }
    }
}

/// Checks a table size against the node count: prime, at least one entry per node, at most
/// [`MAX_TABLE_SIZE`].
pub fn check_table_size(m: u64, n_nodes: usize) -> Result<(), ZooError> {
    Ok(crate::params::check_table_size(m, n_nodes)?)
}

impl Maglev {
    /// The table of size `m` (prime) for backends `names`, in list order.
    pub fn new<S: AsRef<str>>(names: &[S], m: u64) -> Result<Maglev, ZooError> {
        Ok(MaglevBuilder::new(names, m)?.finish())
    }

    /// The table from explicit permutations (the paper's Table 1 gives them).
    pub fn from_permutations(perms: &[Permutation], m: u64) -> Result<Maglev, ZooError> {
        check_nodes(perms.len())?;
        check_table_size(m, perms.len())?;
        if let Some(p) = perms
            .iter()
            .find(|p| p.skip == 0 || p.skip >= m || p.offset >= m)
        {
            return Err(ZooError::BadPermutation {
                offset: p.offset,
                skip: p.skip,
                size: m,
            });
        }
        Ok(MaglevBuilder::from_permutations(perms.to_vec(), m).finish())
    }

    /// The backend of the key at position `key_hash`: entry `key_hash mod M`.
    pub fn owner(&self, key_hash: u64) -> usize {
        usize::from(self.table[(key_hash % self.table.len() as u64) as usize])
    }

    /// The table: `entries()[j]` is the backend of entry `j`.
    pub fn entries(&self) -> &[u16] {
        &self.table
    }

    /// How many nodes it places keys on.
    pub fn n_nodes(&self) -> usize {
        self.n_nodes
    }

    /// The table size `M`.
    pub fn size(&self) -> u64 {
        self.table.len() as u64
    }

    /// Entries held by each backend.
    pub fn counts(&self) -> Vec<u64> {
        let mut c = vec![0u64; self.n_nodes];
        for &o in &self.table {
            c[usize::from(o)] += 1;
        }
        c
    }

    /// Bytes the lookup table takes (2 per entry).
    pub fn table_bytes(&self) -> u64 {
        self.size() * std::mem::size_of::<u16>() as u64
    }
}

/// A Maglev table filled a slice at a time: the same table as [`Maglev::new`], in pieces
/// short enough for a page's task (a table of [`LARGE_TABLE_SIZE`] entries takes about 13 ms
/// natively, more in wasm, in one go).
///
/// The paper's Pseudocode 1: backends take turns; each takes the next entry of its
/// permutation that is still empty, until the table is full. With `M ≥ N` every backend
/// ends with ⌊M/N⌋ or ⌈M/N⌉ entries. Filling the k-th entry probes about `M / (M − k)`
/// entries, so the whole table about `M · ln M`.
#[derive(Clone, Debug)]
pub struct MaglevBuilder {
    perms: Vec<Permutation>,
    table: Vec<u16>,
    /// Each backend's position in its permutation, kept as the entry itself (entry =
    /// offset + next·skip mod M, advanced by adding skip).
    next: Vec<u64>,
    /// The backend whose turn it is.
    turn: usize,
    filled: u64,
    /// Entries looked at so far (a filled entry counts as one).
    probes: u64,
}

/// Marks an entry no backend has taken yet.
const EMPTY: u16 = u16::MAX;

impl MaglevBuilder {
    /// A builder for the table of size `m` (prime) for backends `names`, in list order.
    pub fn new<S: AsRef<str>>(names: &[S], m: u64) -> Result<MaglevBuilder, ZooError> {
        check_nodes(names.len())?;
        check_table_size(m, names.len())?;
        let perms = names
            .iter()
            .map(|n| Permutation::of(n.as_ref(), m))
            .collect();
        Ok(Self::from_permutations(perms, m))
    }

    /// Callers have checked the permutations against `m`.
    fn from_permutations(perms: Vec<Permutation>, m: u64) -> MaglevBuilder {
        MaglevBuilder {
            next: perms.iter().map(|p| p.offset).collect(),
            perms,
            table: vec![EMPTY; m as usize],
            turn: 0,
            filled: 0,
            probes: 0,
        }
    }

    /// The table's size `M`.
    pub fn size(&self) -> u64 {
        self.table.len() as u64
    }

    /// Entries taken so far.
    pub fn filled(&self) -> u64 {
        self.filled
    }

    /// Entries looked at so far: the work done (the last entries cost the most, so this grows
    /// with time where [`MaglevBuilder::filled`] rushes ahead, then crawls).
    pub fn probes(&self) -> u64 {
        self.probes
    }

    /// Whether the table is full.
    pub fn is_done(&self) -> bool {
        self.filled == self.size()
    }

    /// Fills entries until about `probes` entries have been looked at (at least one entry is
    /// filled); returns whether the table is full.
    pub fn step(&mut self, probes: u64) -> bool {
        let m = self.size();
        let budget = probes.max(1);
        let mut looked = 0u64;
        while self.filled < m && looked < budget {
            let i = self.turn;
            let skip = self.perms[i].skip;
            let mut c = self.next[i];
            // Never loops forever: the permutation visits every entry and one is empty.
            while self.table[c as usize] != EMPTY {
                c += skip;
                if c >= m {
                    c -= m;
                }
                looked += 1;
            }
            self.table[c as usize] = i as u16;
            c += skip;
            if c >= m {
                c -= m;
            }
            self.next[i] = c;
            self.filled += 1;
            looked += 1;
            self.turn = if i + 1 == self.perms.len() { 0 } else { i + 1 };
        }
        self.probes += looked;
        self.filled == m
    }

    /// The table (filling whatever is left).
    pub fn finish(mut self) -> Maglev {
        while !self.step(u64::MAX) {}
        Maglev {
            n_nodes: self.perms.len(),
            table: self.table,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(offset: u64, skip: u64) -> Permutation {
        Permutation { offset, skip }
    }

    #[test]
    fn the_papers_table_1() {
        // Eisenbud et al. 2016, Table 1: M = 7; B0 (offset 3, skip 4), B1 (0, 2), B2 (3, 1).
        let before = Maglev::from_permutations(&[p(3, 4), p(0, 2), p(3, 1)], 7).expect("valid");
        assert_eq!(before.entries(), [1, 0, 1, 0, 2, 2, 0]);
        // B1 removed: B0 and B2 (now indices 0 and 1) fill the table again.
        let after = Maglev::from_permutations(&[p(3, 4), p(3, 1)], 7).expect("valid");
        let names_after = [0u16, 2];
        let after_as_before: Vec<u16> = after
            .entries()
            .iter()
            .map(|&i| names_after[usize::from(i)])
            .collect();
        assert_eq!(after_as_before, [0, 0, 0, 0, 2, 2, 2]);
        // Only one entry that B1 did not own changes hands: entry 6, B0 → B2.
        let changed: Vec<usize> = (0..7)
            .filter(|&j| before.entries()[j] != 1 && before.entries()[j] != after_as_before[j])
            .collect();
        assert_eq!(changed, [6]);
    }

    #[test]
    fn a_table_filled_in_slices_is_the_table_filled_in_one_go() {
        let names: Vec<String> = (1..=7).map(|i| format!("n{i}")).collect();
        for (m, probes) in [(7, 1), (101, 3), (65_537, 1000), (65_537, 77_777)] {
            for n in [1, 2, 7] {
                let whole = Maglev::new(&names[..n], m).expect("valid");
                let mut b = MaglevBuilder::new(&names[..n], m).expect("valid");
                let mut slices = 0;
                let mut last = 0;
                while !b.step(probes) {
                    slices += 1;
                    assert!(b.filled() > last, "every slice fills an entry");
                    last = b.filled();
                }
                assert!(b.is_done() && b.filled() == m && b.probes() >= m);
                assert!(
                    probes >= m || slices > 0,
                    "{m} entries in one slice of {probes} probes"
                );
                assert_eq!(
                    b.finish(),
                    whole,
                    "m = {m}, {n} nodes, {probes} probes a slice"
                );
            }
        }
        // The paper's Table 1 again, an entry at a time.
        let mut b = MaglevBuilder::from_permutations(vec![p(3, 4), p(0, 2), p(3, 1)], 7);
        while !b.step(1) {}
        assert_eq!(b.finish().entries(), [1, 0, 1, 0, 2, 2, 0]);
    }

    #[test]
    fn a_non_prime_or_too_small_table_is_refused() {
        assert_eq!(
            Maglev::new(&["a", "b"], 65_536),
            Err(ZooError::TableSizeNotPrime { size: 65_536 })
        );
        assert!(matches!(
            Maglev::new(&["a", "b", "c"], 2),
            Err(ZooError::TableSizeOutOfRange { min: 3, .. })
        ));
        assert_eq!(Maglev::new::<&str>(&[], 7), Err(ZooError::NoNodes));
        assert!(Maglev::from_permutations(&[p(0, 0)], 7).is_err());
    }

    #[test]
    fn every_backend_gets_the_floor_or_the_ceiling_of_m_over_n() {
        let names: Vec<String> = (0..1000).map(|i| format!("backend-{i}")).collect();
        let m = DEFAULT_TABLE_SIZE;
        let t = Maglev::new(&names, m).expect("valid");
        let (lo, hi) = (m / 1000, m.div_ceil(1000));
        assert!(t.counts().iter().all(|&c| c == lo || c == hi));
        assert_eq!(t.counts().iter().sum::<u64>(), m);
    }

    #[test]
    fn the_permutation_bytes_are_the_documented_ones() {
        let m = DEFAULT_TABLE_SIZE;
        let q = Permutation::of("inv-bcn", m);
        assert_eq!(q.offset, crate::hash::hash_key("inv-bcn|maglev-offset") % m);
        assert_eq!(
            q.skip,
            crate::hash::hash_key("inv-bcn|maglev-skip") % (m - 1) + 1
        );
    }
}
