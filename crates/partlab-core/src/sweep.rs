//! Series for the charts: deviation against vnode count (as a band over trials) and keys
//! moved against cluster size for every strategy.
//!
//! Each point can be computed on its own ([`deviation_point`], [`movement_point`]), so a caller
//! that must stay responsive (the browser) can spread a sweep over several slices of time.

use crate::config::{Config, ConfigError, Node, Strategy};
use crate::keys::KeySet;
use crate::stats::{weighted_deviation_pct, weighted_peak_to_mean, Movement};
use crate::strategy::{Partitioner, Ring, RingBuilder};

/// The vnode counts a deviation sweep visits by default: 11 points from 1 to 1000.
pub const DEFAULT_VNODE_COUNTS: [u32; 11] = [1, 2, 5, 10, 20, 50, 100, 150, 200, 500, 1000];
/// Trials per point by default.
pub const DEFAULT_TRIALS: u32 = 16;

/// Minimum, median and maximum of a set of trials.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Band {
    /// Smallest value.
    pub min: f64,
    /// Median (mean of the two middle values for an even count).
    pub median: f64,
    /// Largest value.
    pub max: f64,
}

impl Band {
    /// The band of `values`; all zero for an empty slice.
    pub fn of(values: &[f64]) -> Band {
        let mut v: Vec<f64> = values.iter().copied().filter(|x| !x.is_nan()).collect();
        if v.is_empty() {
            return Band {
                min: 0.0,
                median: 0.0,
                max: 0.0,
            };
        }
        // As `total_cmp` orders them (values equal under it have the same bits).
        crate::order::sort_by_key_stable(&mut v, |x| crate::order::total_order_key(*x));
        let mid = v.len() / 2;
        let median = if v.len().is_multiple_of(2) {
            (v[mid - 1] + v[mid]) / 2.0
        } else {
            v[mid]
        };
        Band {
            min: v[0],
            median,
            max: v[v.len() - 1],
        }
    }
}

/// One point of the deviation sweep.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DeviationPoint {
    /// Vnodes per node of weight 1.
    pub vnodes: u32,
    /// Deviation (%) over the trials.
    pub deviation_pct: Band,
    /// Peak-to-mean over the trials.
    pub peak_to_mean: Band,
    /// Deviation (%) of trial 0, the nodes under their own names: the single figure a one-off
    /// experiment (like the lesson's) would report.
    pub named_deviation_pct: f64,
    /// Deviation (%) of every trial, trial 0 first.
    pub trials_deviation_pct: Vec<f64>,
}

/// The nodes of trial `t`: trial 0 keeps the names, trial t ≥ 1 appends `~t` to each.
///
/// Renaming moves every vnode to new pseudo-random positions, which is exactly what a
/// different (but equally valid) cluster would look like.
pub fn trial_nodes(nodes: &[Node], t: u32) -> Vec<Node> {
    nodes
        .iter()
        .map(|n| Node {
            name: if t == 0 {
                n.name.clone()
            } else {
                format!("{}~{t}", n.name)
            },
            weight: n.weight,
        })
        .collect()
}

/// Deviation and peak-to-mean of a ring of `nodes` with `vnodes` vnodes, over `trials` renamings.
pub fn deviation_point(
    keys: &KeySet,
    nodes: &[Node],
    vnodes: u32,
    trials: u32,
) -> Result<DeviationPoint, ConfigError> {
    Ok(DeviationPointTask::new(nodes, vnodes, trials)?.finish(keys))
}

/// A [`deviation_point`] computed a slice of work at a time: one renamed trial after the
/// other, each ring built by a [`RingBuilder`] in slices, so a point of big rings (a few
/// hundred thousand vnode hashes) never blocks a page for long.
#[derive(Debug)]
pub struct DeviationPointTask {
    nodes: Vec<Node>,
    vnodes: u32,
    trials: u32,
    expected: Vec<f64>,
    base: Config,
    builder: Option<RingBuilder>,
    /// The trial's ring once built, while its keys are counted.
    counting: Option<Counting>,
    devs: Vec<f64>,
    peaks: Vec<f64>,
    per_trial: u64,
}

impl DeviationPointTask {
    /// A point of `nodes` at `vnodes` vnodes over `trials` trials (at least 1); the
    /// configuration must be a valid ring.
    pub fn new(nodes: &[Node], vnodes: u32, trials: u32) -> Result<Self, ConfigError> {
        let base = Config {
            strategy: Strategy::Ring,
            nodes: nodes.to_vec(),
            vnodes,
            replicas: 1,
            params: Default::default(),
        };
        base.validate()?;
        // With weights, each node is measured against its weighted share.
        let expected = base.expected_shares();
        let points: u64 = (0..nodes.len()).map(|i| u64::from(base.vnodes_of(i))).sum();
        // Per trial: hashing and merging the ring, then counting the keys of each vnode.
        Ok(DeviationPointTask {
            nodes: nodes.to_vec(),
            vnodes,
            trials: trials.max(1),
            expected,
            base,
            builder: None,
            counting: None,
            devs: Vec::with_capacity(trials.max(1) as usize),
            peaks: Vec::with_capacity(trials.max(1) as usize),
            per_trial: points + points / 8 + 1,
        })
    }

    /// Vnodes per node of weight 1.
    pub fn vnodes(&self) -> u32 {
        self.vnodes
    }

    /// The whole point in work units (one ≈ one MD5).
    pub fn total_work(&self) -> u64 {
        self.per_trial * u64::from(self.trials)
    }

    /// Work units done so far.
    pub fn work_done(&self) -> u64 {
        self.per_trial * self.devs.len() as u64
            + self.builder.as_ref().map_or(0, RingBuilder::work_done)
            + self
                .counting
                .as_ref()
                .map_or(0, |c| c.ring.points().len() as u64)
    }

    /// Whether every trial is done.
    pub fn is_done(&self) -> bool {
        self.devs.len() >= self.trials as usize
    }

    /// Does about `work` more units (at least a little); returns whether every trial is done.
    pub fn step(&mut self, keys: &KeySet, work: u64) -> bool {
        let mut budget = work.max(1);
        while !self.is_done() && budget > 0 {
            if let Some(c) = self.counting.as_mut() {
                let (done, used) = c.count(keys.sorted_hashes(), budget);
                budget = budget.saturating_sub(used);
                if !done {
                    break;
                }
                if let Some(c) = self.counting.take() {
                    self.devs
                        .push(weighted_deviation_pct(&c.counts, &self.expected));
                    self.peaks
                        .push(weighted_peak_to_mean(&c.counts, &self.expected));
                }
                continue;
            }
            let t = self.devs.len() as u32;
            let builder = self.builder.get_or_insert_with(|| {
                // Longer names stay within every limit except the name length, which does
                // not matter here: build without re-validating.
                RingBuilder::new_unvalidated(&Config {
                    nodes: trial_nodes(&self.nodes, t),
                    ..self.base.clone()
                })
            });
            let before = builder.work_done();
            let done = builder.step(None, budget);
            budget = budget.saturating_sub(builder.work_done() - before);
            if !done {
                break;
            }
            if let Some(b) = self.builder.take() {
                self.counting = Some(Counting::new(
                    b.finish_ring(None),
                    self.nodes.len(),
                    keys.len(),
                ));
            }
        }
        self.is_done()
    }

    /// The point (finishing whatever work is left).
    pub fn finish(mut self, keys: &KeySet) -> DeviationPoint {
        while !self.step(keys, u64::MAX / 4) {}
        DeviationPoint {
            vnodes: self.vnodes,
            deviation_pct: Band::of(&self.devs),
            peak_to_mean: Band::of(&self.peaks),
            named_deviation_pct: self.devs.first().copied().unwrap_or(0.0),
            trials_deviation_pct: self.devs,
        }
    }
}

/// The keys per node of one trial's ring, counted a slice at a time: with few vnodes, a
/// binary search per vnode among the sorted keys; with many, one pass over the keys beside
/// the vnodes (a merge), which reads memory in order instead of waiting for it at every step
/// of a search.
#[derive(Debug)]
struct Counting {
    ring: Ring,
    counts: Vec<u64>,
    /// Binary searches (the next vnode is `next`) or a merge (the next key is `next`).
    merge: bool,
    next: usize,
    /// The first key not counted yet (binary searches).
    start: usize,
    /// The merge's current vnode and the position where its keys end.
    point: usize,
    boundary: u64,
}

impl Counting {
    fn new(ring: Ring, n_nodes: usize, n_keys: usize) -> Counting {
        Counting {
            merge: ring.points().len().saturating_mul(16) >= n_keys,
            counts: vec![0; n_nodes],
            next: 0,
            start: 0,
            point: 0,
            boundary: 0,
            ring,
        }
    }

    /// Counts about `budget` units' worth (8 vnodes or 64 keys a unit); returns whether
    /// every key is counted, and the units used.
    fn count(&mut self, hashes: &[u64], budget: u64) -> (bool, u64) {
        let points = self.ring.points();
        let Some(first) = points.first() else {
            return (true, 0);
        };
        let room =
            |per_unit: u64| usize::try_from(budget.saturating_mul(per_unit)).unwrap_or(usize::MAX);
        if !self.merge {
            let end = points.len().min(self.next.saturating_add(room(8)));
            for p in &points[self.next..end] {
                let stop = self.start + hashes[self.start..].partition_point(|&h| h < p.position);
                self.counts[p.node as usize] += (stop - self.start) as u64;
                self.start = stop;
            }
            let used = ((end - self.next) as u64).div_ceil(8);
            self.next = end;
            if end < points.len() {
                return (false, used);
            }
            // Keys past the last vnode wrap to the first.
            self.counts[first.node as usize] += (hashes.len() - self.start) as u64;
            return (true, used);
        }
        if self.next == 0 {
            let lowest = hashes.first().copied().unwrap_or(0);
            let i = points.partition_point(|p| p.position <= lowest);
            (self.point, self.boundary) = match points.get(i) {
                Some(p) => (i, p.position),
                None => (0, u64::MAX),
            };
        }
        let end = hashes.len().min(self.next.saturating_add(room(64)));
        for &h in &hashes[self.next..end] {
            while h >= self.boundary {
                self.point += 1;
                match points.get(self.point) {
                    Some(p) => self.boundary = p.position,
                    None => {
                        self.point = 0;
                        self.boundary = u64::MAX;
                    }
                }
            }
            self.counts[points[self.point].node as usize] += 1;
        }
        let used = ((end - self.next) as u64).div_ceil(64);
        self.next = end;
        (end == hashes.len(), used)
    }
}

/// The whole deviation sweep over `vnode_counts`.
pub fn deviation_sweep(
    keys: &KeySet,
    nodes: &[Node],
    vnode_counts: &[u32],
    trials: u32,
) -> Result<Vec<DeviationPoint>, ConfigError> {
    crate::budget::check_deviation_sweep(nodes, vnode_counts, trials)?;
    vnode_counts
        .iter()
        .map(|&v| deviation_point(keys, nodes, v, trials))
        .collect()
}

/// Which membership change a movement sweep measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Change {
    /// N → N+1: a new node joins at the end of the list.
    Join,
    /// N → N−1: the last node leaves (the only removal jump hash supports).
    Leave,
}

/// Fraction of keys moved by one strategy.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StrategyMoved {
    /// The strategy.
    pub strategy: Strategy,
    /// Keys that changed owner / all keys.
    pub moved_fraction: f64,
    /// The least this strategy had to move: 1/(N+1) on a join; on a leave, the keys the
    /// leaving node held under this strategy (each strategy gives it a different share, so one
    /// ideal for all would make some look better than the minimum).
    pub ideal_fraction: f64,
}

/// One point of the movement sweep.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MovementPoint {
    /// Nodes before the change.
    pub nodes_before: usize,
    /// Nodes after the change.
    pub nodes_after: usize,
    /// 1/(N+1) for a join; for a leave, the leaving node's share on the ring only (kept for
    /// the readers of this field): each strategy's own ideal is its
    /// [`StrategyMoved::ideal_fraction`].
    pub ideal_fraction: f64,
    /// One entry per strategy, in [`Strategy::LESSON`] order.
    pub moved: Vec<StrategyMoved>,
}

/// `n` node names: those of `base` first, then generated ones as needed: `node-5`, `node-6`, …
/// (numbered from `base.len() + 1`), skipping any name that is already in `base`, so a
/// generated name never collides with a user's. The names for `n` are always the first `n`
/// of the names for `n + 1`.
pub fn sweep_node_names(base: &[String], n: usize) -> Vec<String> {
    let mut names: Vec<String> = base.iter().take(n).cloned().collect();
    let mut next = base.len() + 1;
    while names.len() < n {
        let candidate = format!("node-{next}");
        next += 1;
        if !base.contains(&candidate) {
            names.push(candidate);
        }
    }
    names
}

/// Keys moved by each strategy when the cluster of `n` nodes changes by `change`.
pub fn movement_point(
    keys: &KeySet,
    base_names: &[String],
    n: usize,
    change: Change,
    vnodes: u32,
) -> Result<MovementPoint, ConfigError> {
    let mut task = MovementPointTask::new(base_names, n, change, vnodes);
    while !task.step(keys)? {}
    Ok(task.finish())
}

/// A [`movement_point`] computed one strategy at a time (two assignments and a comparison
/// each), so a caller that must stay responsive can spread it over several tasks.
#[derive(Clone, Debug)]
pub struct MovementPointTask {
    names_before: Vec<String>,
    names_after: Vec<String>,
    vnodes: u32,
    moved: Vec<StrategyMoved>,
    ideal_fraction: f64,
}

impl MovementPointTask {
    /// The point for `n` nodes (named from `base_names`) changed by `change`.
    pub fn new(base_names: &[String], n: usize, change: Change, vnodes: u32) -> Self {
        let after_n = match change {
            Change::Join => n + 1,
            Change::Leave => n.saturating_sub(1),
        };
        MovementPointTask {
            names_before: sweep_node_names(base_names, n),
            names_after: sweep_node_names(base_names, after_n),
            vnodes,
            moved: Vec::with_capacity(Strategy::LESSON.len()),
            ideal_fraction: 0.0,
        }
    }

    /// Computes the next strategy; returns whether every strategy is done.
    pub fn step(&mut self, keys: &KeySet) -> Result<bool, ConfigError> {
        if let Some(&strategy) = Strategy::LESSON.get(self.moved.len()) {
            let before = Config::new(strategy, self.names_before.clone()).with_vnodes(self.vnodes);
            let after = Config::new(strategy, self.names_after.clone()).with_vnodes(self.vnodes);
            let a = Partitioner::new(&before)?.assign(keys, 1);
            let b = Partitioner::new(&after)?.assign(keys, 1);
            let m = Movement::between(&before, &a, &after, &b);
            if strategy == Strategy::Ring {
                self.ideal_fraction = m.ideal_fraction;
            }
            self.moved.push(StrategyMoved {
                strategy,
                moved_fraction: m.moved_fraction,
                ideal_fraction: m.ideal_fraction,
            });
        }
        Ok(self.moved.len() >= Strategy::LESSON.len())
    }

    /// The point (with the strategies computed so far: all of them once [`Self::step`] said
    /// so).
    pub fn finish(self) -> MovementPoint {
        MovementPoint {
            nodes_before: self.names_before.len(),
            nodes_after: self.names_after.len(),
            ideal_fraction: self.ideal_fraction,
            moved: self.moved,
        }
    }
}

/// The movement sweep for cluster sizes `sizes` (sizes below 1, or below 2 for a leave, are
/// skipped).
pub fn movement_sweep(
    keys: &KeySet,
    base_names: &[String],
    sizes: impl IntoIterator<Item = usize>,
    change: Change,
    vnodes: u32,
) -> Result<Vec<MovementPoint>, ConfigError> {
    let min = match change {
        Change::Join => 1,
        Change::Leave => 2,
    };
    let sizes: Vec<usize> = sizes.into_iter().filter(|&n| n >= min).collect();
    let largest = sizes.iter().max().map_or(0, |&n| match change {
        Change::Join => n + 1,
        Change::Leave => n,
    });
    crate::budget::check_movement_sweep(sizes.len(), largest, keys.len() as u64)?;
    sizes
        .into_iter()
        .map(|n| movement_point(keys, base_names, n, change, vnodes))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_reports_min_median_max() {
        let b = Band::of(&[3.0, 1.0, 2.0, 10.0]);
        assert_eq!((b.min, b.median, b.max), (1.0, 2.5, 10.0));
        assert_eq!(Band::of(&[4.0]).median, 4.0);
    }

    #[test]
    fn trial_zero_keeps_the_names() {
        let nodes = vec![Node::new("a"), Node::new("b")];
        assert_eq!(trial_nodes(&nodes, 0), nodes);
        assert_eq!(trial_nodes(&nodes, 3)[1].name, "b~3");
    }

    #[test]
    fn more_vnodes_narrow_the_band() {
        let keys = KeySet::lesson(20_000).expect("valid");
        let nodes: Vec<Node> = ["a", "b", "c", "d"].into_iter().map(Node::new).collect();
        let pts = deviation_sweep(&keys, &nodes, &[1, 1000], 8).expect("valid");
        assert!(pts[1].deviation_pct.max < pts[0].deviation_pct.min);
        assert_eq!(pts[0].trials_deviation_pct.len(), 8);
    }

    #[test]
    fn a_point_computed_in_slices_is_the_point_of_whole_rings() {
        // 30 000 keys: a binary search per vnode; 2 000: one pass beside the vnodes.
        for n_keys in [30_000, 2_000] {
            let keys = KeySet::lesson(n_keys).expect("valid");
            let mut nodes: Vec<Node> = ["a", "b", "c"].into_iter().map(Node::new).collect();
            nodes[1].weight = 2.0;
            let mut task = DeviationPointTask::new(&nodes, 200, 5).expect("valid");
            let mut slices = 0;
            while !task.step(&keys, 7) {
                slices += 1;
            }
            assert!(slices > 100, "{slices}");
            let p = task.finish(&keys);
            let config = Config {
                strategy: Strategy::Ring,
                nodes: nodes.clone(),
                vnodes: 200,
                replicas: 1,
                params: Default::default(),
            };
            let expected = config.expected_shares();
            let devs: Vec<f64> = (0..5)
                .map(|t| {
                    let c = Config {
                        nodes: trial_nodes(&nodes, t),
                        ..config.clone()
                    };
                    let counts = Ring::build_unvalidated(&c).counts(&keys);
                    weighted_deviation_pct(&counts, &expected)
                })
                .collect();
            assert_eq!(p.trials_deviation_pct, devs, "{n_keys} keys");
        }
    }

    #[test]
    fn a_leave_is_measured_against_each_strategys_own_leaver() {
        let keys = KeySet::lesson(20_000).expect("valid");
        let base: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        for n in [3, 4, 7] {
            let p = movement_point(&keys, &base, n, Change::Leave, 50).expect("valid");
            for m in &p.moved {
                // The leaver's keys must move, so no strategy moves less than its ideal, and
                // the ideal is the leaver's keys under that strategy.
                assert!(
                    m.moved_fraction + 1e-12 >= m.ideal_fraction,
                    "{n} nodes, {:?}: moved {} < ideal {}",
                    m.strategy,
                    m.moved_fraction,
                    m.ideal_fraction
                );
                let names = sweep_node_names(&base, n);
                let config = Config::new(m.strategy, names.clone()).with_vnodes(50);
                let counts = Partitioner::new(&config)
                    .expect("valid")
                    .assign(&keys, 1)
                    .counts(n);
                let leaver = counts[n - 1] as f64 / keys.len() as f64;
                assert!(
                    (m.ideal_fraction - leaver).abs() < 1e-12,
                    "{:?}",
                    m.strategy
                );
            }
        }
        // On a join every strategy has the same ideal, the newcomer's fair share.
        let p = movement_point(&keys, &base, 4, Change::Join, 50).expect("valid");
        assert!(p
            .moved
            .iter()
            .all(|m| (m.ideal_fraction - 0.2).abs() < 1e-12));
    }

    #[test]
    fn sweep_names_extend_the_base() {
        let base = vec!["x".to_string(), "y".to_string()];
        assert_eq!(sweep_node_names(&base, 3), ["x", "y", "node-3"]);
        assert_eq!(sweep_node_names(&base, 1), ["x"]);
    }

    #[test]
    fn generated_names_never_collide_with_the_users() {
        let base: Vec<String> = ["node-3", "a", "node-4"].map(String::from).to_vec();
        let names = sweep_node_names(&base, 6);
        assert_eq!(
            names,
            ["node-3", "a", "node-4", "node-5", "node-6", "node-7"]
        );
        let base: Vec<String> = ["a", "node-4", "node-3"].map(String::from).to_vec();
        for n in 1..=12 {
            let names = sweep_node_names(&base, n);
            assert_eq!(names.len(), n);
            let distinct: std::collections::HashSet<&String> = names.iter().collect();
            assert_eq!(distinct.len(), n, "{names:?}");
            assert_eq!(names[..n - 1], sweep_node_names(&base, n - 1)[..], "prefix");
        }
        // The whole sweep runs where a user's node-N used to cut it short.
        let keys = KeySet::lesson(2_000).expect("valid");
        let points = movement_sweep(&keys, &base, 2..=6, Change::Join, 10).expect("no collision");
        assert_eq!(points.len(), 5);
    }
}
