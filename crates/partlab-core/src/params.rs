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

/// Declares an error enum: its own variants, then the four of a parameter outside its rule
/// (`TableSizeNotPrime`, `TableSizeOutOfRange`, `LoadFactorOutOfRange`, `ProbesOutOfRange`).
/// [`ParamError`], [`crate::ConfigError`] and [`crate::zoo::ZooError`] all carry these four, so
/// that a caller matches a refused parameter the same way whichever check refused it; one
/// declaration keeps their fields and their documentation the same.
macro_rules! param_error_enum {
    // The enum alone: [`ParamError`] itself (it converts into itself already).
    (@variants_only $(#[$attr:meta])* pub enum $name:ident { $($own:tt)* }) => {
        $(#[$attr])*
        pub enum $name {
            $($own)*
            /// A Maglev table size that is not prime (the permutations need a prime size).
            TableSizeNotPrime {
                /// The size given.
                size: u64,
            },
            /// A Maglev table size outside `min..=max` (`min` is the node count: every node
            /// needs an entry).
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
    };
    // Another error: the enum, and the conversion of a [`ParamError`] into it.
    ($(#[$attr:meta])* pub enum $name:ident { $($own:tt)* }) => {
        $crate::params::param_error_enum! { @variants_only $(#[$attr])* pub enum $name { $($own)* } }

        /// A parameter refused by its rule ([`crate::params`]): the variant of the same name.
        impl From<$crate::params::ParamError> for $name {
            fn from(e: $crate::params::ParamError) -> $name {
                use $crate::params::ParamError;
                match e {
                    ParamError::TableSizeNotPrime { size } => $name::TableSizeNotPrime { size },
                    ParamError::TableSizeOutOfRange { size, min, max } => {
                        $name::TableSizeOutOfRange { size, min, max }
                    }
                    ParamError::LoadFactorOutOfRange { factor, min, max } => {
                        $name::LoadFactorOutOfRange { factor, min, max }
                    }
                    ParamError::ProbesOutOfRange { probes, min, max } => {
                        $name::ProbesOutOfRange { probes, min, max }
                    }
                }
            }
        }
    };
}
pub(crate) use param_error_enum;

param_error_enum! {
    @variants_only
    /// A parameter outside its rule. Data only: the value and the limits.
    #[derive(Clone, Debug, PartialEq)]
    pub enum ParamError {}
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

/// A load factor as the exact fraction `(numerator, denominator)` of the decimal it is written
/// as: `1.1` is 11/10, not the binary double just above 1.1. Rust prints a double as the
/// shortest decimal that reads back as the same double, which is what a person typed (`1.1`,
/// `1.25`) or what the page's stops and the address wrote; that decimal is read back digit by
/// digit, so the cap is exact integer arithmetic and `1.1 · 1000` is 1 100, never 1 101.
///
/// A factor that is not finite, or not written as a plain decimal, falls back to 1 (the
/// factors that reach here were checked by [`check_load_factor`]).
pub fn load_factor_fraction(c: f64) -> (u64, u64) {
    if !c.is_finite() || c < 0.0 {
        return (1, 1);
    }
    let written = format!("{c}");
    let (whole, fraction) = written.split_once('.').unwrap_or((written.as_str(), ""));
    let digits_ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    // At most 19 decimals keep 10^k within a u64; a factor in 1..=16 has at most 16.
    if whole.is_empty() || !digits_ok(whole) || !digits_ok(fraction) || fraction.len() > 18 {
        return (1, 1);
    }
    let denominator = 10u64.pow(fraction.len() as u32);
    let numerator = whole
        .parse::<u64>()
        .ok()
        .and_then(|w| w.checked_mul(denominator))
        .and_then(|w| w.checked_add(fraction.parse::<u64>().unwrap_or(0)));
    match numerator {
        Some(n) => (n, denominator),
        None => (1, 1),
    }
}

/// Bounded loads' cap for `keys` keys on `nodes` nodes with factor `c`: `⌈c · keys / nodes⌉`
/// computed exactly on the factor's decimal ([`load_factor_fraction`]), and never less than
/// `⌈keys / nodes⌉` (so that the nodes together always have room for every key). 0 nodes: 0.
pub fn bounded_capacity(c: f64, keys: u64, nodes: usize) -> u64 {
    if nodes == 0 {
        return 0;
    }
    let (numerator, denominator) = load_factor_fraction(c);
    let n = nodes as u128;
    let bound = (u128::from(numerator) * u128::from(keys)).div_ceil(u128::from(denominator) * n);
    // The bound is at most 16 · keys / nodes for a checked factor; saturate otherwise.
    u64::try_from(bound)
        .unwrap_or(u64::MAX)
        .max(keys.div_ceil(nodes as u64))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_factor_is_the_fraction_of_its_decimal() {
        assert_eq!(load_factor_fraction(1.1), (11, 10));
        assert_eq!(load_factor_fraction(1.25), (125, 100));
        assert_eq!(load_factor_fraction(16.0), (16, 1));
        assert_eq!(load_factor_fraction(1.05), (105, 100));
        assert_eq!(load_factor_fraction(f64::NAN), (1, 1));
    }

    #[test]
    fn the_cap_is_exact() {
        // The case: 1.1 · 3000 / 3 is 1 100 exactly; the float ceiling said 1 101.
        assert_eq!(bounded_capacity(1.1, 3_000, 3), 1_100);
        assert_eq!(bounded_capacity(1.1, 3_001, 3), 1_101); // ⌈1100.37⌉
        assert_eq!(bounded_capacity(1.0, 10, 3), 4); // room for every key
        assert_eq!(bounded_capacity(1.25, 100_000, 4), 31_250);
        assert_eq!(bounded_capacity(16.0, u64::MAX, 1), u64::MAX);
        assert_eq!(bounded_capacity(1.5, 10, 0), 0);
    }
}
