//! Algorithms beyond the lesson (project issue #14): Maglev, consistent hashing with bounded
//! loads and multi-probe consistent hashing, each checked against its paper, ketama (the
//! memcached clients' continuum, checked against a client), plus the comparison of every
//! strategy the lab knows is [`crate::compare`].
//!
//! Each algorithm has the same small shape, so that it can later become a `Partitioner`
//! variant: it is built from node names (and its parameter), refuses a bad parameter with a
//! [`ZooError`] (data only, no wording), and answers `owner(key_hash) -> usize` (an index into
//! the names it was built from). Bounded loads depends on the load already placed, so it also
//! assigns a whole slice of key hashes at once and places one key given the current loads.
//!
//! Every hash is MD5 of documented bytes, first 8 bytes big-endian ([`crate::hash`]); each
//! module says which bytes it hashes.

pub mod bounded;
pub mod ketama;
pub mod maglev;
pub mod multiprobe;

pub use crate::params::{is_prime, next_prime};
pub use bounded::BoundedLoads;
pub use ketama::Ketama;
pub use maglev::{Maglev, MaglevBuilder};
pub use multiprobe::MultiProbe;

use crate::config::ConfigError;
use crate::params::ParamError;

/// Most nodes one of these algorithms is built over (owners fit in a `u16`; the over-provisioning
/// sweep of the Maglev paper needs 1 000).
pub const MAX_ZOO_NODES: usize = 4_096;

crate::params::param_error_enum! {
    /// Why an algorithm of the zoo refused its parameters. Data only: the values and the limits.
    ///
    /// The last four variants, a parameter refused by its rule, are [`ParamError`]'s.
    #[derive(Clone, Debug, PartialEq)]
    pub enum ZooError {
        /// No node to place keys on.
        NoNodes,
        /// More nodes than [`MAX_ZOO_NODES`].
        TooManyNodes {
            /// How many were given.
            nodes: usize,
            /// The limit.
            max: usize,
        },
        /// An explicit Maglev permutation outside the table (`offset < size`, `1 ≤ skip < size`).
        BadPermutation {
            /// Its offset.
            offset: u64,
            /// Its skip.
            skip: u64,
            /// The table size.
            size: u64,
        },
        /// A (ring) configuration the core refused.
        Config(crate::ConfigError),
    }
}

impl From<ConfigError> for ZooError {
    fn from(e: ConfigError) -> Self {
        ZooError::Config(e)
    }
}

/// The configuration error for a refusal of the zoo's own checks (a strategy's partitioner
/// built from a configuration).
impl From<ZooError> for ConfigError {
    fn from(e: ZooError) -> ConfigError {
        match e {
            ZooError::NoNodes => ConfigError::NoNodes,
            ZooError::TooManyNodes { nodes, max } => {
                ConfigError::TooManyNodes { count: nodes, max }
            }
            ZooError::BadPermutation { size, .. } => ConfigError::TableSizeNotPrime { size },
            ZooError::TableSizeNotPrime { size } => ParamError::TableSizeNotPrime { size }.into(),
            ZooError::TableSizeOutOfRange { size, min, max } => {
                ParamError::TableSizeOutOfRange { size, min, max }.into()
            }
            ZooError::LoadFactorOutOfRange { factor, min, max } => {
                ParamError::LoadFactorOutOfRange { factor, min, max }.into()
            }
            ZooError::ProbesOutOfRange { probes, min, max } => {
                ParamError::ProbesOutOfRange { probes, min, max }.into()
            }
            ZooError::Config(c) => c,
        }
    }
}

/// Checks the node count shared by every algorithm here.
pub(crate) fn check_nodes(n: usize) -> Result<(), ZooError> {
    if n == 0 {
        return Err(ZooError::NoNodes);
    }
    if n > MAX_ZOO_NODES {
        return Err(ZooError::TooManyNodes {
            nodes: n,
            max: MAX_ZOO_NODES,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_are_recognised() {
        let small: Vec<u64> = (0..30).filter(|&n| is_prime(n)).collect();
        assert_eq!(small, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
        // The Maglev paper's two table sizes are prime; 65536 and 655371 (= 3 × 218457) are not.
        assert!(is_prime(65_537) && is_prime(655_373));
        assert!(!is_prime(65_536) && !is_prime(655_371));
        assert_eq!(next_prime(65_536), 65_537);
        assert_eq!(next_prime(1_000), 1_009);
    }
}
