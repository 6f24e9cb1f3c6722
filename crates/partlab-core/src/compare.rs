//! Every strategy side by side on one cluster: evenness (deviation and peak-to-mean, as a band
//! over renamed trials), keys moved when a node joins and when one leaves against the ideal,
//! and the memory of the lookup structure; plus a sweep in the style of the Maglev paper's
//! load-balancing figure: over-provisioning (max/mean − 1) against table size for Maglev, the
//! ring and rendezvous with many backends.
//!
//! Work comes in small units ([`OwnersTask::step`], [`OverprovisionSweep::step`]) so the
//! browser can slice it.

use std::mem::size_of;

mod task;
pub use task::OwnersTask;

use crate::config::{Config, Strategy};
use crate::hash::{rendezvous_score, vnode_position};
use crate::keys::KeySet;
use crate::stats::{deviation_pct, peak_to_mean};
use crate::strategy::{Ring, RingPoint};
use crate::sweep::Band;
use crate::zoo::bounded::DEFAULT_LOAD_FACTOR;
use crate::zoo::ketama::Ketama;
use crate::zoo::maglev::{MaglevBuilder, DEFAULT_TABLE_SIZE};
use crate::zoo::multiprobe::DEFAULT_PROBES;
use crate::zoo::{check_nodes, ZooError};

/// Every strategy the comparison knows: the lesson's four and the four of the zoo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Algo {
    /// `hash mod N`.
    Modulo,
    /// The ring with virtual nodes.
    Ring,
    /// Rendezvous (highest random weight), unweighted.
    Rendezvous,
    /// Jump consistent hash.
    Jump,
    /// Maglev's lookup table.
    Maglev,
    /// The ring with bounded loads.
    Bounded,
    /// Multi-probe consistent hashing.
    MultiProbe,
    /// Ketama's continuum (memcached clients), unweighted.
    Ketama,
}

impl Algo {
    /// Every algorithm, in the order the comparison shows them.
    pub const ALL: [Algo; 8] = [
        Algo::Modulo,
        Algo::Ring,
        Algo::Rendezvous,
        Algo::Jump,
        Algo::Maglev,
        Algo::Bounded,
        Algo::MultiProbe,
        Algo::Ketama,
    ];

    /// Stable name (URLs, CLI, JSON, `data-*` hooks).
    pub fn slug(self) -> &'static str {
        match self {
            Algo::Modulo => "modulo",
            Algo::Ring => "ring",
            Algo::Rendezvous => "rendezvous",
            Algo::Jump => "jump",
            Algo::Maglev => "maglev",
            Algo::Bounded => "bounded",
            Algo::MultiProbe => "multiprobe",
            Algo::Ketama => "ketama",
        }
    }

    /// The algorithm called `slug`.
    pub fn from_slug(slug: &str) -> Option<Algo> {
        Algo::ALL.into_iter().find(|a| a.slug() == slug)
    }

    /// The lab's own strategy where the comparison places keys exactly as it does with
    /// equal weights and the default parameters: the lesson's four and ketama.
    pub fn strategy(self) -> Option<Strategy> {
        match self {
            Algo::Modulo => Some(Strategy::Modulo),
            Algo::Ring => Some(Strategy::Ring),
            Algo::Rendezvous => Some(Strategy::Rendezvous),
            Algo::Jump => Some(Strategy::Jump),
            Algo::Ketama => Some(Strategy::Ketama),
            Algo::Maglev | Algo::Bounded | Algo::MultiProbe => None,
        }
    }
}

/// The parameters of the strategies that have one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Vnodes per node (ring and bounded loads).
    pub vnodes: u32,
    /// Maglev's table size (prime).
    pub table_size: u64,
    /// Bounded loads' `c`.
    pub load_factor: f64,
    /// Multi-probe's probes per key.
    pub probes: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            vnodes: 150,
            table_size: DEFAULT_TABLE_SIZE,
            load_factor: DEFAULT_LOAD_FACTOR,
            probes: DEFAULT_PROBES,
        }
    }
}

/// The owner (index into `names`) of every key of `keys`, in its sorted-slot order (an
/// [`OwnersTask`] run to the end).
pub fn owners(
    algo: Algo,
    names: &[String],
    params: &Params,
    keys: &KeySet,
) -> Result<Vec<u32>, ZooError> {
    Ok(OwnersTask::new(algo, names, params, keys)?.finish(keys))
}

/// Keys per node.
pub fn counts(owners: &[u32], n_nodes: usize) -> Vec<u64> {
    let mut c = vec![0u64; n_nodes];
    for &o in owners {
        if let Some(x) = c.get_mut(o as usize) {
            *x += 1;
        }
    }
    c
}

/// The size of an algorithm's lookup structure for `n` nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Memory {
    /// Entries (ring points, table entries, node names; 0 for mod N and jump).
    pub entries: u64,
    /// Their bytes, as this lab stores them.
    pub bytes: u64,
}

/// The memory of `algo` over `names` (ring points counted as built: collisions dropped).
pub fn memory(algo: Algo, names: &[String], params: &Params) -> Result<Memory, ZooError> {
    check_nodes(names.len())?;
    let ring_points = |vnodes: u32| -> Result<u64, ZooError> {
        let config = Config::new(Strategy::Ring, names.iter().cloned()).with_vnodes(vnodes);
        Ok(Ring::build(&config)?.points().len() as u64)
    };
    let point = size_of::<RingPoint>() as u64;
    Ok(match algo {
        Algo::Modulo | Algo::Jump => Memory {
            entries: 0,
            bytes: 0,
        },
        Algo::Ring => {
            let e = ring_points(params.vnodes)?;
            Memory {
                entries: e,
                bytes: e * point,
            }
        }
        Algo::Bounded => {
            // The ring, plus one load counter per node.
            let e = ring_points(params.vnodes)?;
            Memory {
                entries: e,
                bytes: e * point + names.len() as u64 * size_of::<u64>() as u64,
            }
        }
        Algo::Rendezvous => Memory {
            entries: names.len() as u64,
            bytes: names.iter().map(|n| n.len() as u64).sum(),
        },
        Algo::Maglev => {
            crate::zoo::maglev::check_table_size(params.table_size, names.len())?;
            Memory {
                entries: params.table_size,
                bytes: params.table_size * size_of::<u16>() as u64,
            }
        }
        Algo::MultiProbe => Memory {
            entries: names.len() as u64,
            bytes: names.len() as u64 * size_of::<(u64, u16)>() as u64,
        },
        Algo::Ketama => {
            let e = Ketama::unweighted(names)?.points().len() as u64;
            Memory {
                entries: e,
                bytes: e * size_of::<(u32, u16)>() as u64,
            }
        }
    })
}

/// The names of trial `t`: trial 0 keeps them, trial t ≥ 1 appends `~t` (the lab's rule).
pub fn trial_names(names: &[String], t: u32) -> Vec<String> {
    names
        .iter()
        .map(|n| {
            if t == 0 {
                n.clone()
            } else {
                format!("{n}~{t}")
            }
        })
        .collect()
}

/// The evenness of one trial.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrialFigures {
    /// Deviation (%) of the keys per node.
    pub deviation_pct: f64,
    /// Busiest node ÷ mean.
    pub peak_to_mean: f64,
}

impl TrialFigures {
    /// The evenness of keys per node `counts`.
    pub fn of_counts(counts: &[u64]) -> TrialFigures {
        TrialFigures {
            deviation_pct: deviation_pct(counts),
            peak_to_mean: peak_to_mean(counts),
        }
    }
}

/// Evenness of `algo` on the nodes of trial `t`.
pub fn trial(
    algo: Algo,
    names: &[String],
    params: &Params,
    keys: &KeySet,
    t: u32,
) -> Result<TrialFigures, ZooError> {
    let names = trial_names(names, t);
    let c = counts(&owners(algo, &names, params, keys)?, names.len());
    Ok(TrialFigures::of_counts(&c))
}

/// Keys moved by a change of nodes, and the least that had to move.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Moved {
    /// Fraction of the keys whose owner (by name) changed.
    pub fraction: f64,
    /// The ideal: the newcomer's fair share on a join, the leaver's keys on a leave.
    pub ideal: f64,
}

/// What changes when `join` is appended to `names` (`Some`), or when `names[leave]` leaves.
pub fn moved(
    algo: Algo,
    names: &[String],
    params: &Params,
    keys: &KeySet,
    change: Change<'_>,
) -> Result<Moved, ZooError> {
    let before = owners(algo, names, params, keys)?;
    let after_names = changed_names(names, change);
    let after = owners(algo, &after_names, params, keys)?;
    Ok(moved_between(names, &before, &after_names, &after, change))
}

/// The nodes after `change`.
pub fn changed_names(names: &[String], change: Change<'_>) -> Vec<String> {
    match change {
        Change::Join(j) => names.iter().cloned().chain([j.to_owned()]).collect(),
        Change::Leave(i) => names
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != i)
            .map(|(_, n)| n.clone())
            .collect(),
    }
}

/// [`moved`] from the owners before `change` (on `names`) and after it (on `after_names`,
/// [`changed_names`]), both in the key set's sorted-slot order.
pub fn moved_between(
    names: &[String],
    before: &[u32],
    after_names: &[String],
    after: &[u32],
    change: Change<'_>,
) -> Moved {
    let total = before.len().max(1) as f64;
    let changed = before
        .iter()
        .zip(after)
        .filter(|(b, a)| names[**b as usize] != after_names[**a as usize])
        .count();
    let ideal = match change {
        Change::Join(_) => 1.0 / after_names.len() as f64,
        Change::Leave(i) => before.iter().filter(|&&b| b as usize == i).count() as f64 / total,
    };
    Moved {
        fraction: changed as f64 / total,
        ideal,
    }
}

/// A change of the cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change<'a> {
    /// A node with this name joins at the end.
    Join(&'a str),
    /// The node at this index leaves (mod N and jump then renumber the nodes after it).
    Leave(usize),
}

/// One row of the comparison.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CompareRow {
    /// The algorithm's slug.
    pub algo: &'static str,
    /// Deviation (%) over the trials.
    pub deviation_pct: Band,
    /// Peak-to-mean over the trials.
    pub peak_to_mean: Band,
    /// Keys moved when a node joins.
    pub join: Moved,
    /// Keys moved when a node leaves.
    pub leave: Moved,
    /// The lookup structure.
    pub memory: Memory,
}

/// The comparison's cluster and key count.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareSpec {
    /// The nodes.
    pub names: Vec<String>,
    /// The node that joins.
    pub join: String,
    /// The index of the node that leaves.
    pub leave: usize,
    /// The strategies' parameters.
    pub params: Params,
    /// Renamed trials per strategy (trial 0 keeps the names).
    pub trials: u32,
}

impl CompareSpec {
    /// The lesson's cluster: its four nodes, `inv-tar` joins, `inv-vlc` leaves.
    pub fn lesson() -> CompareSpec {
        CompareSpec {
            names: crate::lesson::NODES.iter().map(|s| s.to_string()).collect(),
            join: "inv-tar".to_owned(),
            leave: 1,
            params: Params::default(),
            trials: 8,
        }
    }

    /// The whole row of `algo` (every trial at once; the page calls [`trial`] and [`moved`]
    /// unit by unit instead).
    pub fn row(&self, algo: Algo, keys: &KeySet) -> Result<CompareRow, ZooError> {
        let figures: Vec<TrialFigures> = (0..self.trials.max(1))
            .map(|t| trial(algo, &self.names, &self.params, keys, t))
            .collect::<Result<_, _>>()?;
        self.assemble(algo, keys, &figures)
    }

    /// The row of `algo` from its trials' figures (movement and memory computed here).
    pub fn assemble(
        &self,
        algo: Algo,
        keys: &KeySet,
        figures: &[TrialFigures],
    ) -> Result<CompareRow, ZooError> {
        let devs: Vec<f64> = figures.iter().map(|f| f.deviation_pct).collect();
        let peaks: Vec<f64> = figures.iter().map(|f| f.peak_to_mean).collect();
        let leave = self.leave.min(self.names.len().saturating_sub(1));
        Ok(CompareRow {
            algo: algo.slug(),
            deviation_pct: Band::of(&devs),
            peak_to_mean: Band::of(&peaks),
            join: moved(
                algo,
                &self.names,
                &self.params,
                keys,
                Change::Join(&self.join),
            )?,
            leave: if self.names.len() > 1 {
                moved(algo, &self.names, &self.params, keys, Change::Leave(leave))?
            } else {
                Moved {
                    fraction: 1.0,
                    ideal: 1.0,
                }
            },
            memory: memory(algo, &self.names, &self.params)?,
        })
    }
}

/// Over-provisioning `max / mean − 1` of a set of shares or counts (0 when empty).
pub fn overprovision(counts: &[f64]) -> f64 {
    let n = counts.len();
    let total: f64 = counts.iter().sum();
    if n == 0 || total <= 0.0 {
        return 0.0;
    }
    counts.iter().copied().fold(0.0, f64::max) / (total / n as f64) - 1.0
}

/// The table sizes of the over-provisioning sweep (primes), smallest first.
pub const OVERPROVISION_SIZES: [u64; 6] = [1_009, 2_003, 5_003, 10_007, 20_011, 65_537];
/// Largest table rendezvous is measured at: it scores every (entry, backend) pair, so
/// 5 003 entries × 1 000 backends is already 5 million MD5s.
pub const RENDEZVOUS_MAX_SIZE: u64 = 5_003;
/// Backends of the over-provisioning sweep (the Maglev paper's figure uses 1 000).
pub const OVERPROVISION_BACKENDS: usize = 1_000;

/// One point of the over-provisioning sweep: `None` where the strategy was not measured.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OverprovisionPoint {
    /// The table size M.
    pub size: u64,
    /// Maglev: backends' entries in a table of size M.
    pub maglev: f64,
    /// The ring with ⌊M/N⌋ vnodes per backend (about M points): backends' exact arc shares.
    pub ring: f64,
    /// Rendezvous: a table of M entries, entry `j` owned by the backend with the highest
    /// `h("{backend}|{j}")` (the entries are its keys).
    pub rendezvous: Option<f64>,
}

/// The over-provisioning sweep, computed in slices.
///
/// Maglev's and the ring's figures are exact shares of the hash space (no keys are drawn);
/// rendezvous has no table of its own, so it fills one: each of the M entries is scored
/// against every backend, which is why it stops at [`RENDEZVOUS_MAX_SIZE`].
#[derive(Clone, Debug)]
pub struct OverprovisionSweep {
    names: Vec<String>,
    sizes: Vec<u64>,
    points: Vec<OverprovisionPoint>,
    /// The point being computed, if one is started.
    stage: Option<OverStage>,
}

/// Maglev's table entries looked at per work unit (an array read and an addition each).
const OVER_TABLE_PROBES_PER_UNIT: u64 = 16;

/// How far the current point of the sweep is.
#[derive(Clone, Debug)]
enum OverStage {
    /// Maglev's table being filled.
    Maglev(Box<MaglevBuilder>),
    /// The ring's points hashed so far (backend by backend, vnode by vnode), Maglev's figure
    /// known.
    Ring {
        maglev: f64,
        points: Vec<(u64, usize)>,
    },
    /// Rendezvous: the next entry and the entries per backend so far.
    Rendezvous {
        point: OverprovisionPoint,
        next: u64,
        counts: Vec<f64>,
    },
}

impl OverprovisionSweep {
    /// A sweep over `sizes` (each prime and at least `n_backends`) with backends
    /// `backend-0 … backend-{n−1}`.
    pub fn new(n_backends: usize, sizes: &[u64]) -> Result<OverprovisionSweep, ZooError> {
        check_nodes(n_backends)?;
        for &m in sizes {
            crate::zoo::maglev::check_table_size(m, n_backends)?;
        }
        Ok(OverprovisionSweep {
            names: (0..n_backends).map(|i| format!("backend-{i}")).collect(),
            sizes: sizes.to_vec(),
            points: Vec::new(),
            stage: None,
        })
    }

    /// The sweep of the paper's setting: 1 000 backends, [`OVERPROVISION_SIZES`].
    pub fn paper() -> OverprovisionSweep {
        Self::new(OVERPROVISION_BACKENDS, &OVERPROVISION_SIZES).unwrap_or_else(|_| {
            // The constants are valid (a test checks it); an empty sweep otherwise.
            OverprovisionSweep {
                names: Vec::new(),
                sizes: Vec::new(),
                points: Vec::new(),
                stage: None,
            }
        })
    }

    /// The points computed so far, smallest table first.
    pub fn points(&self) -> &[OverprovisionPoint] {
        &self.points
    }

    /// Whether every point is computed.
    pub fn done(&self) -> bool {
        self.points.len() == self.sizes.len()
    }

    /// Computes for about `budget` work units (one is about an MD5; at least one unit of
    /// work: a backend's permutation, a Maglev entry, a vnode, a rendezvous entry, or the
    /// ring's sort of at most M points); `true` while more remains.
    pub fn step(&mut self, budget: u64) -> bool {
        let mut spent = 0u64;
        while !self.done() && (spent == 0 || spent < budget) {
            let m = self.sizes[self.points.len()];
            let n = self.names.len();
            let room = budget.saturating_sub(spent).max(1);
            self.stage = Some(match self.stage.take() {
                None => {
                    // The table's permutations: two MD5s per backend.
                    spent += 2 * n as u64;
                    match MaglevBuilder::new(&self.names, m) {
                        Ok(b) => OverStage::Maglev(Box::new(b)),
                        // The sizes were checked in `new`.
                        Err(_) => OverStage::Ring {
                            maglev: 0.0,
                            points: Vec::new(),
                        },
                    }
                }
                Some(OverStage::Maglev(mut b)) => {
                    let before = b.probes();
                    let full = b.step(room.saturating_mul(OVER_TABLE_PROBES_PER_UNIT));
                    spent += (b.probes() - before).div_ceil(OVER_TABLE_PROBES_PER_UNIT);
                    if full {
                        let c: Vec<f64> = b.finish().counts().iter().map(|&x| x as f64).collect();
                        OverStage::Ring {
                            maglev: overprovision(&c),
                            points: Vec::with_capacity(m as usize),
                        }
                    } else {
                        OverStage::Maglev(b)
                    }
                }
                Some(OverStage::Ring { maglev, mut points }) => {
                    // ⌊M/N⌋ vnodes per backend, about M points: hashed a slice at a time, then
                    // sorted and measured in one unit.
                    let vnodes = (m / n as u64).max(1);
                    let total = vnodes * n as u64;
                    let done = points.len() as u64;
                    if done < total {
                        let end = (done + room).min(total);
                        points.extend((done..end).map(|i| {
                            let (node, v) = ((i / vnodes) as usize, (i % vnodes) as u32);
                            (vnode_position(&self.names[node], v), node)
                        }));
                        spent += end - done;
                        OverStage::Ring { maglev, points }
                    } else {
                        spent += total / 4;
                        let point = OverprovisionPoint {
                            size: m,
                            maglev,
                            ring: ring_overprovision(points, n),
                            rendezvous: None,
                        };
                        if m > RENDEZVOUS_MAX_SIZE {
                            self.points.push(point);
                            self.stage = None;
                            continue;
                        }
                        OverStage::Rendezvous {
                            point,
                            next: 0,
                            counts: vec![0.0; n],
                        }
                    }
                }
                Some(OverStage::Rendezvous {
                    mut point,
                    next,
                    mut counts,
                }) => {
                    let per_entry = n as u64;
                    let entries = (room / per_entry).max(1);
                    let end = (next + entries).min(m);
                    let mut buf = [0u8; 20];
                    for j in next..end {
                        let key = decimal(j, &mut buf);
                        let mut best = (0u64, 0usize);
                        for (i, name) in self.names.iter().enumerate() {
                            let s = rendezvous_score(name, key);
                            if i == 0 || s > best.0 {
                                best = (s, i);
                            }
                        }
                        counts[best.1] += 1.0;
                    }
                    spent += (end - next) * per_entry;
                    if end == m {
                        point.rendezvous = Some(overprovision(&counts));
                        self.points.push(point);
                        self.stage = None;
                        continue;
                    }
                    OverStage::Rendezvous {
                        point,
                        next: end,
                        counts,
                    }
                }
            });
        }
        !self.done()
    }

    /// Runs the whole sweep.
    pub fn run(mut self) -> Vec<OverprovisionPoint> {
        while self.step(u64::MAX) {}
        self.points
    }
}

/// The decimal digits of `n` as text, in `buf`.
fn decimal(n: u64, buf: &mut [u8; 20]) -> &str {
    // ASCII digits only, so never the fallback.
    std::str::from_utf8(crate::hash::decimal(n, buf)).unwrap_or("0")
}

/// Over-provisioning of a ring of `n` backends from its points (position, backend), made
/// backend by backend, from exact arc shares (the arc ending at a point belongs to its
/// backend). Built here without the lab's ring limits, which stop at 256 nodes: the positions
/// are the ring's, `h("{name}#{i}")`.
fn ring_overprovision(mut points: Vec<(u64, usize)>, n: usize) -> f64 {
    // Made backend by backend: equal positions stay in backend order (the first keeps it).
    crate::order::sort_by_key_stable(&mut points, |p| p.0);
    points.dedup_by_key(|p| p.0);
    let mut shares = vec![0.0f64; n];
    let mut prev = points.last().map_or(0, |p| p.0);
    for &(pos, node) in &points {
        shares[node] += crate::hash::arc_fraction(prev, pos);
        prev = pos;
    }
    overprovision(&shares)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_round_trip() {
        for a in Algo::ALL {
            assert_eq!(Algo::from_slug(a.slug()), Some(a));
        }
        assert_eq!(Algo::from_slug("nope"), None);
    }

    #[test]
    fn the_papers_sweep_constants_are_valid() {
        assert!(OverprovisionSweep::new(OVERPROVISION_BACKENDS, &OVERPROVISION_SIZES).is_ok());
        assert!(OverprovisionSweep::new(10, &[12]).is_err());
    }

    #[test]
    fn the_lab_strategies_match_the_partitioner() {
        let keys = KeySet::lesson(3_000).expect("valid");
        let names: Vec<String> = crate::lesson::NODES.iter().map(|s| s.to_string()).collect();
        for algo in [
            Algo::Modulo,
            Algo::Ring,
            Algo::Rendezvous,
            Algo::Jump,
            Algo::Ketama,
        ] {
            let strategy = algo.strategy().expect("a lesson strategy");
            let config = Config::new(strategy, names.iter().cloned()).with_vnodes(150);
            let a = crate::assign(&keys, &config).expect("valid");
            let ours = owners(algo, &names, &Params::default(), &keys).expect("valid");
            let theirs: Vec<u32> = a.owners.iter().map(|&o| u32::from(o)).collect();
            assert_eq!(ours, theirs, "{algo:?}");
        }
    }

    #[test]
    fn overprovision_of_an_even_split_is_zero() {
        assert_eq!(overprovision(&[5.0, 5.0, 5.0]), 0.0);
        assert!((overprovision(&[1.0, 3.0]) - 0.5).abs() < 1e-12);
        assert_eq!(overprovision(&[]), 0.0);
    }
}
