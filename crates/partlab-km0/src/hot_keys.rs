//! Hot keys: a request stream with Zipf popularity over the keys, placed by every strategy of
//! the comparison ([`partlab_core::compare::Algo`]). Keys per node can be even while requests
//! per node are not: one key's requests all go to its node. Bounded loads caps requests per
//! node (it places each request, so a hot key's requests spill over to the next nodes), and a
//! cache in front of the hottest keys absorbs a share of their reads.
//!
//! # The model
//!
//! - Keys are stock counters keyed by product slug (the lesson's section 10): the KM0
//!   catalogue's 100 products first ([`crate::workload::PRODUCERS`], in catalogue order), then
//!   `producte-100`, `producte-101`, … up to the key count.
//! - Key of rank `r` (0-based, in that order) has weight `1 / (r + 1)^s`; `s = 0` is uniform.
//!   Weights are made integers (`⌊10^12 / (r+1)^s⌋`, at least 1) with a power computed from
//!   `+ − × ÷` only, so every target draws the same stream.
//! - The festival: during the cheese fair the lesson's hot key `formatge-curat` becomes the
//!   most popular key (it trades its Zipf weight with rank 0's) and gets an extra share of all
//!   requests on top (6 % in the festival preset, the KM0 workload's share of fair orders), as
//!   the busiest product of its festival week.
//! - `requests` requests are drawn from [`SplitMix64`] seeded with `seed`.
//! - The cache holds the `cached` most requested keys (by weight) and absorbs `hit_pct` % of
//!   their requests (each request is a hit with that chance, drawn from the same stream).

use crate::rng::{sub_seed, SplitMix64, WeightedIndex};
use crate::workload::{FAIR_PRODUCT, PRODUCERS};
use partlab_core::compare::{counts, owners, Algo, Params};
use partlab_core::keys::KeySet;
use partlab_core::zoo::bounded::BoundedLoads;
use partlab_core::zoo::ZooError;

/// Default key count.
pub const DEFAULT_KEYS: usize = 1_000;
/// Most keys.
pub const MAX_KEYS: usize = 100_000;
/// Default requests.
pub const DEFAULT_REQUESTS: u32 = 200_000;
/// Most requests.
pub const MAX_REQUESTS: u32 = 2_000_000;
/// Largest exponent, in hundredths.
pub const MAX_EXPONENT_CENTI: u32 = 300;
/// The festival's extra share of requests for `formatge-curat`, in %.
pub const FESTIVAL_SHARE_PCT: u32 = 6;
/// The exponents (hundredths) of the skew sweep.
pub const SKEW_STEPS: [u32; 8] = [0, 50, 80, 100, 120, 150, 200, 250];

/// What the hot-keys experiment is made of.
#[derive(Clone, Debug, PartialEq)]
pub struct HotSpec {
    /// The nodes.
    pub names: Vec<String>,
    /// Keys in the universe (at least 1, at most [`MAX_KEYS`]).
    pub keys: usize,
    /// Zipf exponent `s`, in hundredths (100 = 1.0).
    pub exponent_centi: u32,
    /// Requests drawn.
    pub requests: u32,
    /// The stream's seed.
    pub seed: u64,
    /// Extra share (%) of all requests for `formatge-curat` (0 = no festival).
    pub festival_pct: u32,
    /// The most popular keys behind the cache.
    pub cached: usize,
    /// Share (%) of their requests the cache absorbs.
    pub hit_pct: u32,
    /// The strategies' parameters.
    pub params: Params,
}

impl Default for HotSpec {
    fn default() -> Self {
        HotSpec {
            names: partlab_core::lesson::NODES
                .iter()
                .chain([&partlab_core::lesson::JOINING_NODE])
                .map(|s| s.to_string())
                .collect(),
            keys: DEFAULT_KEYS,
            exponent_centi: 100,
            requests: DEFAULT_REQUESTS,
            seed: crate::workload::DEFAULT_SEED,
            festival_pct: 0,
            cached: 0,
            hit_pct: 0,
            params: Params::default(),
        }
    }
}

/// Why a hot-keys spec was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum HotError {
    /// A strategy refused its parameters.
    Zoo(ZooError),
    /// A number outside its range.
    OutOfRange {
        /// The field (`keys`, `requests`, `exponent`, `festival`, `hit`).
        field: &'static str,
        /// The value given.
        value: u64,
        /// Smallest accepted.
        min: u64,
        /// Largest accepted.
        max: u64,
    },
}

impl From<ZooError> for HotError {
    fn from(e: ZooError) -> Self {
        HotError::Zoo(e)
    }
}

fn range(field: &'static str, value: u64, min: u64, max: u64) -> Result<(), HotError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(HotError::OutOfRange {
            field,
            value,
            min,
            max,
        })
    }
}

/// The key names of a universe of `n` keys, most popular first.
pub fn key_names(n: usize) -> Vec<String> {
    let catalogue = PRODUCERS.iter().flat_map(|p| p.products.iter());
    catalogue
        .map(|s| s.to_string())
        .chain((100..).map(|i| format!("producte-{i}")))
        .take(n)
        .collect()
}

/// `ln x` for `x ≥ 1` with `+ − × ÷` only (no platform `ln`): halve to `[1, 2)`, then the
/// `atanh` series.
fn det_ln(mut x: f64) -> f64 {
    const LN2: f64 = std::f64::consts::LN_2;
    let mut k = 0.0;
    while x >= 2.0 {
        x /= 2.0;
        k += 1.0;
    }
    let y = (x - 1.0) / (x + 1.0);
    let y2 = y * y;
    let (mut term, mut sum) = (y, 0.0);
    for i in 0..40 {
        sum += term / f64::from(2 * i + 1);
        term *= y2;
    }
    k * LN2 + 2.0 * sum
}

/// `e^x` for `x ≥ 0` with `+ − × ÷` only: split off powers of two, then Taylor.
fn det_exp(x: f64) -> f64 {
    const LN2: f64 = std::f64::consts::LN_2;
    let mut k = 0u32;
    let mut f = x;
    while f > LN2 {
        f -= LN2;
        k += 1;
    }
    let (mut term, mut sum) = (1.0f64, 1.0f64);
    for i in 1..30 {
        term *= f / f64::from(i);
        sum += term;
    }
    for _ in 0..k {
        sum *= 2.0;
    }
    sum
}

/// The integer Zipf weights of `n` keys with exponent `s` (hundredths).
pub fn zipf_weights(n: usize, exponent_centi: u32) -> Vec<u64> {
    let s = f64::from(exponent_centi) / 100.0;
    (1..=n)
        .map(|r| {
            let p = det_exp(s * det_ln(r as f64));
            ((1e12 / p) as u64).max(1)
        })
        .collect()
}

/// The requests as drawn, after the cache.
#[derive(Clone, Debug, PartialEq)]
pub struct Stream {
    /// The key (index in [`key_names`] order) of every request that reached a node, in order.
    pub reaching: Vec<u32>,
    /// Requests per key that reached a node.
    pub per_key: Vec<u64>,
    /// Requests the cache absorbed.
    pub absorbed: u64,
}

/// One strategy's loads.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Loads {
    /// The strategy's slug.
    pub algo: &'static str,
    /// Keys per node.
    pub keys: Vec<u64>,
    /// Requests per node (after the cache).
    pub requests: Vec<u64>,
    /// The busiest node's share of the requests that reached a node (0–1).
    pub peak_share: f64,
    /// Where `formatge-curat`'s requests went (by node), when it is a key of the universe.
    pub hot_node: Option<usize>,
}

/// The experiment, with every strategy's owner of every key computed once.
#[derive(Clone, Debug)]
pub struct HotKeys {
    spec: HotSpec,
    names: Vec<String>,
    key_hashes: Vec<u64>,
    /// `owner[algo][key]`, keys in popularity order.
    owner: Vec<Vec<u32>>,
    bounded: BoundedLoads,
}

impl HotKeys {
    /// Validates `spec` and places every key with every strategy.
    pub fn new(spec: &HotSpec) -> Result<HotKeys, HotError> {
        range("keys", spec.keys as u64, 1, MAX_KEYS as u64)?;
        range(
            "requests",
            u64::from(spec.requests),
            1,
            u64::from(MAX_REQUESTS),
        )?;
        range(
            "exponent",
            u64::from(spec.exponent_centi),
            0,
            u64::from(MAX_EXPONENT_CENTI),
        )?;
        range("festival", u64::from(spec.festival_pct), 0, 90)?;
        range("hit", u64::from(spec.hit_pct), 0, 100)?;
        let names = key_names(spec.keys);
        let set = KeySet::custom(names.clone()).map_err(ZooError::from)?;
        let mut owner = Vec::with_capacity(Algo::ALL.len());
        for algo in Algo::ALL {
            let by_slot = owners(algo, &spec.names, &spec.params, &set)?;
            let mut by_key = vec![0u32; names.len()];
            for (slot, o) in by_slot.into_iter().enumerate() {
                by_key[set.source_index(slot)] = o;
            }
            owner.push(by_key);
        }
        Ok(HotKeys {
            bounded: BoundedLoads::new(&spec.names, spec.params.vnodes, spec.params.load_factor)?,
            key_hashes: names
                .iter()
                .map(|k| partlab_core::hash::hash_key(k))
                .collect(),
            names,
            owner,
            spec: spec.clone(),
        })
    }

    /// The spec.
    pub fn spec(&self) -> &HotSpec {
        &self.spec
    }

    /// The key names, most popular first.
    pub fn key_names(&self) -> &[String] {
        &self.names
    }

    /// Index of the festival's key, if it is in the universe.
    pub fn hot_key(&self) -> Option<usize> {
        self.names.iter().position(|k| k == FAIR_PRODUCT)
    }

    /// The request weights with exponent `exponent_centi` (the festival's share added).
    pub fn weights(&self, exponent_centi: u32) -> Vec<u64> {
        let mut w = zipf_weights(self.names.len(), exponent_centi);
        if let (Some(h), pct) = (self.hot_key(), self.spec.festival_pct) {
            if pct > 0 {
                w.swap(0, h);
                let total: u64 = w.iter().sum();
                // Extra = pct % of the whole, so extra / (total + extra) = pct / 100.
                let extra = (u128::from(total) * u128::from(pct) / u128::from(100 - pct)) as u64;
                w[h] = w[h].saturating_add(extra);
            }
        }
        w
    }

    /// Draws the stream with exponent `exponent_centi` (the spec's seed, requests and cache).
    pub fn stream(&self, exponent_centi: u32) -> Stream {
        let weights = self.weights(exponent_centi);
        let mut order: Vec<usize> = (0..weights.len()).collect();
        partlab_core::order::sort_by_key_stable(&mut order, |&i| {
            partlab_core::order::descending(weights[i])
        });
        let mut cached = vec![false; weights.len()];
        for &i in order.iter().take(self.spec.cached) {
            cached[i] = true;
        }
        let table = WeightedIndex::new(weights).unwrap_or_else(WeightedIndex::single);
        let mut rng = SplitMix64::new(sub_seed(self.spec.seed, u64::from(exponent_centi)));
        let mut per_key = vec![0u64; self.names.len()];
        let mut reaching = Vec::with_capacity(self.spec.requests as usize);
        let mut absorbed = 0;
        for _ in 0..self.spec.requests {
            let k = table.sample(&mut rng);
            if cached[k] && rng.chance(u64::from(self.spec.hit_pct), 100) {
                absorbed += 1;
                continue;
            }
            per_key[k] += 1;
            reaching.push(k as u32);
        }
        Stream {
            reaching,
            per_key,
            absorbed,
        }
    }

    /// The loads of `algo` under `stream`. Bounded loads places every request (its capacity
    /// is `⌈c · requests / n⌉` of the requests that reach a node); every other strategy sends
    /// all of a key's requests to the key's node.
    pub fn loads(&self, algo: Algo, stream: &Stream) -> Loads {
        let n = self.spec.names.len();
        let a = Algo::ALL.iter().position(|x| *x == algo).unwrap_or(0);
        let owner = &self.owner[a];
        let keys = counts(owner, n);
        let mut requests = vec![0u64; n];
        if algo == Algo::Bounded {
            let cap = self.bounded.capacity(stream.reaching.len() as u64);
            for &k in &stream.reaching {
                let h = self.key_hashes[k as usize];
                let node = self.bounded.place(h, &requests, cap).unwrap_or(0);
                requests[node] += 1;
            }
        } else {
            for (k, &c) in stream.per_key.iter().enumerate() {
                requests[owner[k] as usize] += c;
            }
        }
        let total: u64 = requests.iter().sum();
        let peak = requests.iter().copied().max().unwrap_or(0);
        Loads {
            algo: algo.slug(),
            keys,
            requests,
            peak_share: if total == 0 {
                0.0
            } else {
                peak as f64 / total as f64
            },
            hot_node: self.hot_key().map(|h| owner[h] as usize),
        }
    }

    /// The busiest node's share with `algo` under `stream` (a part of a skew point, for
    /// callers that slice their work by strategy).
    pub fn peak_share(&self, algo: Algo, stream: &Stream) -> f64 {
        self.loads(algo, stream).peak_share
    }

    /// The busiest node's share per strategy at exponent `exponent_centi` (one point of the
    /// skew sweep), in [`Algo::ALL`] order.
    pub fn skew_point(&self, exponent_centi: u32) -> Vec<f64> {
        let stream = self.stream(exponent_centi);
        Algo::ALL
            .iter()
            .map(|&a| self.loads(a, &stream).peak_share)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deterministic_power_is_close_to_the_platforms() {
        for x in [1.0, 2.0, 3.5, 10.0, 999.0, 100_000.0] {
            assert!((det_ln(x) - x.ln()).abs() < 1e-12, "ln {x}");
        }
        for y in [0.0, 0.5, 1.0, 7.3, 20.0] {
            assert!((det_exp(y) / y.exp() - 1.0).abs() < 1e-12, "exp {y}");
        }
        let w = zipf_weights(4, 100);
        assert_eq!(
            w,
            [
                1_000_000_000_000,
                500_000_000_000,
                333_333_333_333,
                250_000_000_000
            ]
        );
        assert!(zipf_weights(3, 0).iter().all(|&x| x == 1_000_000_000_000));
    }

    #[test]
    fn the_universe_starts_with_the_catalogue_and_holds_the_hot_key() {
        let k = key_names(102);
        assert_eq!(k.len(), 102);
        assert!(k.iter().any(|x| x == "formatge-curat"));
        assert_eq!(k[100], "producte-100");
    }
}
