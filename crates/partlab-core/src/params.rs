//! The parameters of the strategies beyond the lesson (Maglev's table size, bounded loads'
//! factor, multi-probe's probe count): their defaults, their limits and the rules that check
//! them. A leaf module, so that a configuration ([`crate::config`]) and the algorithms
//! themselves ([`crate::zoo`]) check them the same way without depending on each other.

/// Maglev: the paper's default table size (prime).
pub const DEFAULT_TABLE_SIZE: u64 = 65_537;
/// Maglev: the paper's larger table size (prime), for its speed figure.
pub const LARGE_TABLE_SIZE: u64 = 655_373;
/// Maglev: largest table accepted (about 4 MB of `u16` entries … plus the build's
/// bookkeeping).
pub const MAX_TABLE_SIZE: u64 = 2_000_003;

/// Bounded loads: the paper's running example `c = 1 + ε` with `ε = 0.25`.
pub const DEFAULT_LOAD_FACTOR: f64 = 1.25;
/// Bounded loads: smallest `c`; 1 leaves no slack at all (every node exactly full, up to
/// rounding).
pub const MIN_LOAD_FACTOR: f64 = 1.0;
/// Bounded loads: largest `c` accepted (beyond a few, the bound never binds and this is the
/// plain ring).
pub const MAX_LOAD_FACTOR: f64 = 16.0;

/// Multi-probe: the authors' recommended probe count.
pub const DEFAULT_PROBES: u32 = 21;
/// Multi-probe: most probes accepted.
pub const MAX_PROBES: u32 = 1_024;

/// A parameter outside its rule. Data only: the value and the limits.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    /// A Maglev table size that is not prime (the permutations need a prime size).
    TableSizeNotPrime {
        /// The size given.
        size: u64,
    },
    /// A Maglev table size outside `min..=max` (`min` is the node count: every node needs an
    /// entry).
    TableSizeOutOfRange {
        /// The size given.
        size: u64,
        /// Smallest accepted.
        min: u64,
        /// Largest accepted.
        max: u64,
    },
    /// A bounded-loads factor `c` outside `min..=max` (or not a number).
    LoadFactorOutOfRange {
        /// The factor given.
        factor: f64,
        /// Smallest accepted.
        min: f64,
        /// Largest accepted.
        max: f64,
    },
    /// A probe count outside `min..=max`.
    ProbesOutOfRange {
        /// The count given.
        probes: u32,
        /// Smallest accepted.
        min: u32,
        /// Largest accepted.
        max: u32,
    },
}

/// Checks a Maglev table size against the node count: prime, at least one entry per node, at
/// most [`MAX_TABLE_SIZE`].
pub fn check_table_size(m: u64, n_nodes: usize) -> Result<(), ParamError> {
    let min = (n_nodes as u64).max(2);
    if m < min || m > MAX_TABLE_SIZE {
        return Err(ParamError::TableSizeOutOfRange {
            size: m,
            min,
            max: MAX_TABLE_SIZE,
        });
    }
    if !is_prime(m) {
        return Err(ParamError::TableSizeNotPrime { size: m });
    }
    Ok(())
}

/// Checks a bounded-loads factor.
pub fn check_load_factor(c: f64) -> Result<(), ParamError> {
    // NaN is in no range, so this refuses it too.
    if !(MIN_LOAD_FACTOR..=MAX_LOAD_FACTOR).contains(&c) {
        return Err(ParamError::LoadFactorOutOfRange {
            factor: c,
            min: MIN_LOAD_FACTOR,
            max: MAX_LOAD_FACTOR,
        });
    }
    Ok(())
}

/// Checks a multi-probe probe count.
pub fn check_probes(k: u32) -> Result<(), ParamError> {
    if k == 0 || k > MAX_PROBES {
        return Err(ParamError::ProbesOutOfRange {
            probes: k,
            min: 1,
            max: MAX_PROBES,
        });
    }
    Ok(())
}

/// Whether `n` is prime (trial division: table sizes are at most a few million).
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    if n < 4 {
        return true;
    }
    if n.is_multiple_of(2) {
        return false;
    }
    let mut d = 3u64;
    while d.saturating_mul(d) <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 2;
    }
    true
}

/// The smallest prime ≥ `n` (for choosing a table size near a round number).
pub fn next_prime(n: u64) -> u64 {
    let mut p = n.max(2);
    while !is_prime(p) {
        p += 1;
    }
    p
}
