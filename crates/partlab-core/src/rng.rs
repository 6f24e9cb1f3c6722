//! A small, explicit pseudo-random generator for the simulations: SplitMix64.
//!
//! Every simulation in the core is seeded and draws only through this generator and integer
//! arithmetic, so a seed gives the same numbers natively and in WebAssembly (no `std` hash, no
//! platform random source, no transcendental floating-point function whose last bit could
//! differ between targets).
//!
//! ```
//! use partlab_core::rng::SplitMix64;
//! let mut a = SplitMix64::new(2026);
//! let mut b = SplitMix64::new(2026);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below(10) < 10);
//! ```

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by a fixed odd constant
/// and mixed by a bijective finaliser. Fast, statistically good enough for a simulation, and
/// trivially reproducible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

/// The golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijection of `u64` that spreads every input bit.
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed for a sub-stream: `seed` combined with `stream` (a day, a trial, a salt), so that
/// streams are independent of one another and of the order in which they are drawn.
pub fn sub_seed(seed: u64, stream: u64) -> u64 {
    mix64(seed ^ mix64(stream.wrapping_add(GAMMA)))
}

impl SplitMix64 {
    /// A generator seeded with `seed` (any value, 0 included).
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix64(self.state)
    }

    /// A uniform integer in `0..n` (0 when `n` is 0), by Lemire's multiply-shift: no division,
    /// and a bias below `n / 2^64`, far under anything a simulation can see.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// `true` with probability `num / den` (never when `den` is 0).
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        den > 0 && self.below(den) < num
    }
}

/// Integer weights, for drawing an index with probability proportional to its weight in
/// constant time: Walker's alias method in Vose's construction, with integer thresholds only
/// (so every target draws the same index from the same random numbers). Each of the `n`
/// buckets holds `total` units of mass, split between itself and one alias.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedIndex {
    /// Per bucket: draws below this threshold (out of `total`) keep the bucket.
    keep: Vec<u64>,
    /// Per bucket: the index drawn otherwise.
    alias: Vec<u32>,
    total: u64,
}

impl WeightedIndex {
    /// A table over `weights`; zero weights are never drawn. `None` when every weight is 0,
    /// the total overflows, or there are more than `u32::MAX` weights.
    pub fn new(weights: impl IntoIterator<Item = u64>) -> Option<WeightedIndex> {
        let weights: Vec<u64> = weights.into_iter().collect();
        let n = weights.len();
        let mut total = 0u64;
        for &w in &weights {
            total = total.checked_add(w)?;
        }
        if total == 0 || u32::try_from(n).is_err() {
            return None;
        }
        // Mass of each bucket, scaled by n so that every bucket holds exactly `total`.
        let mut mass: Vec<u128> = weights.iter().map(|&w| u128::from(w) * n as u128).collect();
        let full = u128::from(total);
        let mut keep = vec![total; n];
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&i| mass[i] < full);
        while let (Some(&s), Some(&l)) = (small.last(), large.last()) {
            small.pop();
            keep[s] = mass[s] as u64;
            alias[s] = l as u32;
            mass[l] = mass[l] + mass[s] - full;
            if mass[l] < full {
                large.pop();
                small.push(l);
            }
        }
        // Whatever is left holds exactly `total` (up to nothing: the arithmetic is exact).
        Some(WeightedIndex { keep, alias, total })
    }

    /// A table with one index (always drawn).
    pub fn single() -> WeightedIndex {
        WeightedIndex {
            keep: vec![1],
            alias: vec![0],
            total: 1,
        }
    }

    /// The sum of the weights.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// How many weights the table holds.
    pub fn len(&self) -> usize {
        self.keep.len()
    }

    /// Whether the table is empty (never, for a table built by [`WeightedIndex::new`]).
    pub fn is_empty(&self) -> bool {
        self.keep.is_empty()
    }

    /// Draws an index: one uniform bucket, then the bucket or its alias.
    pub fn sample(&self, rng: &mut SplitMix64) -> usize {
        let bucket = rng.below(self.keep.len() as u64) as usize;
        if rng.below(self.total) < self.keep[bucket] {
            bucket
        } else {
            self.alias[bucket] as usize
        }
    }

    /// The probability of index `i`, as mass out of `total × len` (exact; for tests).
    pub fn mass_of(&self, i: usize) -> u128 {
        let mut m = 0u128;
        for (b, (&k, &a)) in self.keep.iter().zip(&self.alias).enumerate() {
            if b == i {
                m += u128::from(k);
            }
            if a as usize == i {
                m += u128::from(self.total - k);
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // The first outputs of the reference C implementation seeded with 1234567.
        let mut r = SplitMix64::new(1_234_567);
        let got: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(
            got,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423
            ]
        );
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = SplitMix64::new(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            let v = r.below(6) as usize;
            seen[v] += 1;
        }
        assert!(seen.iter().all(|&c| (850..1150).contains(&c)), "{seen:?}");
        assert_eq!(r.below(0), 0);
        assert!(!r.chance(1, 0));
    }

    #[test]
    fn weighted_draws_follow_the_weights() {
        let w = WeightedIndex::new([1, 0, 3]).expect("non-zero");
        assert_eq!(w.total(), 4);
        let mut r = SplitMix64::new(99);
        let mut seen = [0u32; 3];
        for _ in 0..40_000 {
            seen[w.sample(&mut r)] += 1;
        }
        assert_eq!(seen[1], 0);
        let ratio = f64::from(seen[2]) / f64::from(seen[0]);
        assert!((2.85..3.15).contains(&ratio), "{seen:?}");
        assert!(WeightedIndex::new([0, 0]).is_none());
        // The alias table is exact: each index holds weight × len of the total mass.
        let weights = [7u64, 0, 1, 30, 2, 2, 11];
        let t = WeightedIndex::new(weights).expect("non-zero");
        for (i, &wt) in weights.iter().enumerate() {
            assert_eq!(
                t.mass_of(i),
                u128::from(wt) * weights.len() as u128,
                "index {i}"
            );
        }
        assert!(WeightedIndex::new([u64::MAX, 1]).is_none());
    }

    #[test]
    fn sub_seeds_differ_per_stream() {
        assert_ne!(sub_seed(1, 0), sub_seed(1, 1));
        assert_ne!(sub_seed(1, 0), sub_seed(2, 0));
        assert_eq!(sub_seed(5, 9), sub_seed(5, 9));
    }
}
