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
use partlab_core::compare::{counts, Algo, OwnersTask, Params};
use partlab_core::keys::{KeySet, KeySetBuilder};
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
    key_names_in(0..n).collect()
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
    (0..n).map(|r| zipf_weight(r, exponent_centi)).collect()
}

/// The integer Zipf weight of the key of rank `rank` (0-based) with exponent `s`
/// (hundredths).
pub fn zipf_weight(rank: usize, exponent_centi: u32) -> u64 {
    let s = f64::from(exponent_centi) / 100.0;
    let p = det_exp(s * det_ln((rank + 1) as f64));
    ((1e12 / p) as u64).max(1)
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
    /// Validates `spec` and places every key with every strategy (a [`HotKeysBuild`] run to
    /// the end).
    pub fn new(spec: &HotSpec) -> Result<HotKeys, HotError> {
        let mut b = HotKeysBuild::new(spec)?;
        loop {
            match b.step(u64::MAX / 64) {
                Ok(None) => {}
                Ok(Some(h)) => return Ok(h),
                Err(e) => return Err(e),
            }
        }
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
        self.add_festival(&mut w);
        w
    }

    /// The festival's trade of weights and extra share, when there is a festival.
    fn add_festival(&self, w: &mut [u64]) {
        if let (Some(h), pct) = (self.hot_key(), self.spec.festival_pct) {
            if pct > 0 {
                w.swap(0, h);
                let total: u64 = w.iter().sum();
                // Extra = pct % of the whole, so extra / (total + extra) = pct / 100.
                let extra = (u128::from(total) * u128::from(pct) / u128::from(100 - pct)) as u64;
                w[h] = w[h].saturating_add(extra);
            }
        }
    }

    /// Draws the stream with exponent `exponent_centi` (the spec's seed, requests and cache;
    /// a [`StreamBuild`] run to the end).
    pub fn stream(&self, exponent_centi: u32) -> Stream {
        let mut b = StreamBuild::new(self, exponent_centi);
        loop {
            if let Some(s) = b.step(self, u64::MAX / 64) {
                return s;
            }
        }
    }

    /// The loads of `algo` under `stream`. Bounded loads places every request (its capacity
    /// is `⌈c · requests / n⌉` of the requests that reach a node); every other strategy sends
    /// all of a key's requests to the key's node. (A [`LoadsTask`] run to the end.)
    pub fn loads(&self, algo: Algo, stream: &Stream) -> Loads {
        let mut t = LoadsTask::new(self, algo, stream);
        loop {
            if let Some(l) = t.step(self, stream, u64::MAX / 64) {
                return l;
            }
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

/// Key names generated per work unit (a `format!` each is a fraction of an MD5).
const NAMES_PER_UNIT: u64 = 4;
/// Zipf weights computed per work unit (about 80 multiplications and divisions each).
const WEIGHTS_PER_UNIT: u64 = 2;
/// Requests drawn, or placed by a strategy other than bounded loads, per work unit.
const REQUESTS_PER_UNIT: u64 = 16;
/// Requests placed by bounded loads per work unit (a ring search and a walk).
const BOUNDED_REQUESTS_PER_UNIT: u64 = 4;

/// How far a [`HotKeysBuild`] is.
enum BuildStage {
    /// The key names generated so far.
    Names(Vec<String>),
    /// The key set being hashed and sorted.
    Keys(Vec<String>, Box<KeySetBuilder>),
    /// Each strategy's owners, in [`Algo::ALL`]'s order: those done, the one under way.
    Owners {
        names: Vec<String>,
        keys: Box<KeySet>,
        owner: Vec<Vec<u32>>,
        task: Box<OwnersTask>,
    },
}

/// A [`HotKeys`] built a slice of work at a time (one unit is about one MD5 hash): the key
/// names, the key set, then each strategy's owner of every key.
pub struct HotKeysBuild {
    spec: HotSpec,
    stage: Option<BuildStage>,
}

impl HotKeysBuild {
    /// Validates `spec`; the work is done in [`HotKeysBuild::step`].
    pub fn new(spec: &HotSpec) -> Result<HotKeysBuild, HotError> {
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
        // Bounded loads' factor and the nodes, checked before any work (the other
        // parameters as each strategy's owners are computed).
        BoundedLoads::new(&spec.names, spec.params.vnodes, spec.params.load_factor)?;
        Ok(HotKeysBuild {
            spec: spec.clone(),
            stage: Some(BuildStage::Names(Vec::with_capacity(spec.keys))),
        })
    }

    /// Does about `work` units; the experiment once it is built.
    pub fn step(&mut self, work: u64) -> Result<Option<HotKeys>, HotError> {
        let work = work.max(1);
        let Some(stage) = self.stage.take() else {
            return Ok(None);
        };
        self.stage = Some(match stage {
            BuildStage::Names(mut names) => {
                let start = names.len();
                let end = start
                    .saturating_add(work.saturating_mul(NAMES_PER_UNIT).min(1 << 30) as usize)
                    .min(self.spec.keys);
                names.extend(key_names_in(start..end));
                if end == self.spec.keys {
                    let b = KeySetBuilder::custom(names.clone()).map_err(ZooError::from)?;
                    BuildStage::Keys(names, Box::new(b))
                } else {
                    BuildStage::Names(names)
                }
            }
            BuildStage::Keys(names, mut b) => {
                if b.step(work) {
                    let keys = Box::new(b.finish());
                    let task = self.owners_task(Algo::ALL[0], &keys)?;
                    BuildStage::Owners {
                        names,
                        keys,
                        owner: Vec::with_capacity(Algo::ALL.len()),
                        task,
                    }
                } else {
                    BuildStage::Keys(names, b)
                }
            }
            BuildStage::Owners {
                names,
                keys,
                mut owner,
                mut task,
            } => {
                if task.step(&keys, work) {
                    BuildStage::Owners {
                        names,
                        keys,
                        owner,
                        task,
                    }
                } else {
                    let by_slot = task.finish(&keys);
                    let mut by_key = vec![0u32; names.len()];
                    for (slot, o) in by_slot.into_iter().enumerate() {
                        by_key[keys.source_index(slot)] = o;
                    }
                    owner.push(by_key);
                    match Algo::ALL.get(owner.len()) {
                        Some(&next) => BuildStage::Owners {
                            task: self.owners_task(next, &keys)?,
                            names,
                            keys,
                            owner,
                        },
                        None => return self.finish(names, &keys, owner).map(Some),
                    }
                }
            }
        });
        Ok(None)
    }

    fn owners_task(&self, algo: Algo, keys: &KeySet) -> Result<Box<OwnersTask>, HotError> {
        Ok(Box::new(OwnersTask::new(
            algo,
            &self.spec.names,
            &self.spec.params,
            keys,
        )?))
    }

    fn finish(
        &self,
        names: Vec<String>,
        keys: &KeySet,
        owner: Vec<Vec<u32>>,
    ) -> Result<HotKeys, HotError> {
        // The key set's positions, back in popularity order: no key is hashed twice.
        let mut key_hashes = vec![0u64; names.len()];
        for (slot, &h) in keys.sorted_hashes().iter().enumerate() {
            key_hashes[keys.source_index(slot)] = h;
        }
        Ok(HotKeys {
            bounded: BoundedLoads::new(
                &self.spec.names,
                self.spec.params.vnodes,
                self.spec.params.load_factor,
            )?,
            key_hashes,
            names,
            owner,
            spec: self.spec.clone(),
        })
    }
}

/// The key names of ranks `ranks`: the catalogue's products, then `producte-100`, ….
fn key_names_in(ranks: std::ops::Range<usize>) -> impl Iterator<Item = String> {
    let catalogue: Vec<&str> = PRODUCERS
        .iter()
        .flat_map(|p| p.products.iter().copied())
        .collect();
    let n = catalogue.len();
    ranks.map(move |r| match catalogue.get(r) {
        Some(s) => s.to_string(),
        None => format!("producte-{}", 100 + (r - n)),
    })
}

/// How far a [`StreamBuild`] is.
enum StreamStage {
    /// The Zipf weights computed so far.
    Weights(Vec<u64>),
    /// The requests being drawn: the table, the cached keys, the stream so far.
    Draw {
        table: WeightedIndex,
        cached: Vec<bool>,
        rng: SplitMix64,
        stream: Stream,
        drawn: u32,
    },
}

/// A [`Stream`] drawn a slice of work at a time: the weights, then the requests (the same
/// stream as [`HotKeys::stream`]).
pub struct StreamBuild {
    exponent_centi: u32,
    stage: Option<StreamStage>,
}

impl StreamBuild {
    /// The stream of `hot` with exponent `exponent_centi`.
    pub fn new(hot: &HotKeys, exponent_centi: u32) -> StreamBuild {
        StreamBuild {
            exponent_centi,
            stage: Some(StreamStage::Weights(Vec::with_capacity(hot.names.len()))),
        }
    }

    /// Does about `work` units for the experiment `hot` it was made for; the stream once it
    /// is drawn.
    pub fn step(&mut self, hot: &HotKeys, work: u64) -> Option<Stream> {
        let work = work.max(1);
        let n = hot.names.len();
        self.stage = Some(match self.stage.take()? {
            StreamStage::Weights(mut w) => {
                let start = w.len();
                let end = start
                    .saturating_add(work.saturating_mul(WEIGHTS_PER_UNIT).min(1 << 30) as usize)
                    .min(n);
                w.extend((start..end).map(|r| zipf_weight(r, self.exponent_centi)));
                if end < n {
                    StreamStage::Weights(w)
                } else {
                    hot.add_festival(&mut w);
                    // The `cached` heaviest keys, ties to the lower rank: the first of a
                    // stable sort by descending weight, found without sorting them all.
                    let mut order: Vec<(u64, u32)> = w
                        .iter()
                        .enumerate()
                        .map(|(i, &x)| (u64::MAX - x, i as u32))
                        .collect();
                    let take = hot.spec.cached.min(n);
                    if take > 0 && take < n {
                        order.select_nth_unstable(take - 1);
                    }
                    let mut cached = vec![false; n];
                    for &(_, i) in order.iter().take(take) {
                        cached[i as usize] = true;
                    }
                    StreamStage::Draw {
                        table: WeightedIndex::new(w).unwrap_or_else(WeightedIndex::single),
                        cached,
                        rng: SplitMix64::new(sub_seed(
                            hot.spec.seed,
                            u64::from(self.exponent_centi),
                        )),
                        stream: Stream {
                            reaching: Vec::with_capacity(hot.spec.requests as usize),
                            per_key: vec![0; n],
                            absorbed: 0,
                        },
                        drawn: 0,
                    }
                }
            }
            StreamStage::Draw {
                table,
                cached,
                mut rng,
                mut stream,
                drawn,
            } => {
                let room = work
                    .saturating_mul(REQUESTS_PER_UNIT)
                    .min(u64::from(u32::MAX));
                let end = drawn.saturating_add(room as u32).min(hot.spec.requests);
                for _ in drawn..end {
                    let k = table.sample(&mut rng);
                    if cached[k] && rng.chance(u64::from(hot.spec.hit_pct), 100) {
                        stream.absorbed += 1;
                        continue;
                    }
                    stream.per_key[k] += 1;
                    stream.reaching.push(k as u32);
                }
                if end == hot.spec.requests {
                    return Some(stream);
                }
                StreamStage::Draw {
                    table,
                    cached,
                    rng,
                    stream,
                    drawn: end,
                }
            }
        });
        None
    }
}

/// One strategy's [`Loads`] under a stream, a slice of work at a time (bounded loads places
/// every request; the others add up each key's requests at once).
pub struct LoadsTask {
    algo: Algo,
    requests: Vec<u64>,
    /// Bounded loads: the requests placed so far and the capacity.
    placed: usize,
    capacity: u64,
}

impl LoadsTask {
    /// The loads of `algo` in `hot` under `stream`.
    pub fn new(hot: &HotKeys, algo: Algo, stream: &Stream) -> LoadsTask {
        LoadsTask {
            algo,
            requests: vec![0; hot.spec.names.len()],
            placed: 0,
            capacity: hot.bounded.capacity(stream.reaching.len() as u64),
        }
    }

    /// Does about `work` units for the experiment and stream it was made for; the loads once
    /// they are counted.
    pub fn step(&mut self, hot: &HotKeys, stream: &Stream, work: u64) -> Option<Loads> {
        let n = hot.spec.names.len();
        let a = Algo::ALL.iter().position(|x| *x == self.algo).unwrap_or(0);
        let owner = &hot.owner[a];
        if self.algo == Algo::Bounded {
            let room = work
                .max(1)
                .saturating_mul(BOUNDED_REQUESTS_PER_UNIT)
                .min(1 << 30) as usize;
            let end = self.placed.saturating_add(room).min(stream.reaching.len());
            for &k in &stream.reaching[self.placed..end] {
                let h = hot.key_hashes[k as usize];
                let node = hot
                    .bounded
                    .place(h, &self.requests, self.capacity)
                    .unwrap_or(0);
                self.requests[node] += 1;
            }
            self.placed = end;
            if end < stream.reaching.len() {
                return None;
            }
        } else {
            // One pass over the keys (at most 100 000): a unit of its own.
            for (k, &c) in stream.per_key.iter().enumerate() {
                self.requests[owner[k] as usize] += c;
            }
        }
        let requests = std::mem::take(&mut self.requests);
        let total: u64 = requests.iter().sum();
        let peak = requests.iter().copied().max().unwrap_or(0);
        Some(Loads {
            algo: self.algo.slug(),
            keys: counts(owner, n),
            requests,
            peak_share: if total == 0 {
                0.0
            } else {
                peak as f64 / total as f64
            },
            hot_node: hot.hot_key().map(|h| owner[h] as usize),
        })
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

    #[test]
    fn the_sliced_builds_equal_the_whole_runs_and_take_many_steps() {
        let spec = HotSpec {
            keys: 3_000,
            requests: 20_000,
            festival_pct: 6,
            cached: 10,
            hit_pct: 90,
            ..HotSpec::default()
        };
        // The whole run, as it was before slicing: key names, a key set, owners per strategy.
        let names = key_names(spec.keys);
        let set = KeySet::custom(names.clone()).expect("valid");
        let mut b = HotKeysBuild::new(&spec).expect("valid");
        let mut steps = 0;
        let hot = loop {
            steps += 1;
            if let Some(h) = b.step(500).expect("valid") {
                break h;
            }
        };
        assert!(steps > 20, "{steps} steps");
        assert_eq!(hot.names, names);
        for (a, algo) in Algo::ALL.into_iter().enumerate() {
            let by_slot =
                partlab_core::compare::owners(algo, &spec.names, &spec.params, &set).expect("ok");
            for (slot, o) in by_slot.into_iter().enumerate() {
                assert_eq!(hot.owner[a][set.source_index(slot)], o, "{algo:?}");
            }
        }
        for (k, name) in names.iter().enumerate() {
            assert_eq!(hot.key_hashes[k], partlab_core::hash::hash_key(name));
        }
        // The stream: the cached keys are the heaviest by a stable sort, drawn in order.
        let mut sb = StreamBuild::new(&hot, 120);
        let mut steps = 0;
        let stream = loop {
            steps += 1;
            if let Some(s) = sb.step(&hot, 200) {
                break s;
            }
        };
        assert!(steps > 5, "{steps} steps");
        let weights = hot.weights(120);
        let mut order: Vec<usize> = (0..weights.len()).collect();
        partlab_core::order::sort_by_key_stable(&mut order, |&i| {
            partlab_core::order::descending(weights[i])
        });
        let table = WeightedIndex::new(weights).expect("weights");
        let mut rng = SplitMix64::new(sub_seed(spec.seed, 120));
        let (mut reaching, mut absorbed) = (Vec::new(), 0);
        for _ in 0..spec.requests {
            let k = table.sample(&mut rng);
            if order[..10].contains(&k) && rng.chance(90, 100) {
                absorbed += 1;
            } else {
                reaching.push(k as u32);
            }
        }
        assert_eq!(stream.reaching, reaching);
        assert_eq!(stream.absorbed, absorbed);
        // Bounded loads' requests, placed in slices, against one pass.
        let mut t = LoadsTask::new(&hot, Algo::Bounded, &stream);
        let mut steps = 0;
        let loads = loop {
            steps += 1;
            if let Some(l) = t.step(&hot, &stream, 100) {
                break l;
            }
        };
        assert!(steps > 5, "{steps} steps");
        let cap = hot.bounded.capacity(stream.reaching.len() as u64);
        let mut requests = vec![0u64; spec.names.len()];
        for &k in &stream.reaching {
            let node = hot
                .bounded
                .place(hot.key_hashes[k as usize], &requests, cap)
                .expect("room");
            requests[node] += 1;
        }
        assert_eq!(loads.requests, requests);
    }
}
