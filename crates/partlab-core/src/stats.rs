//! Statistics of one assignment (how even is it?) and of a change between two (how much
//! moved, and where to?).

use crate::config::Config;
use crate::strategy::Assignment;

mod task;

pub use task::MovementTask;

/// Keys held by one node.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NodeLoad {
    /// Node name.
    pub name: String,
    /// Keys it owns.
    pub keys: u64,
    /// Its fraction of all keys (0–1).
    pub share: f64,
    /// The fraction it should own ideally: by weight where the strategy uses weights.
    pub expected_share: f64,
}

/// How evenly an assignment spreads the keys.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Distribution {
    /// One entry per node, in configuration order (nodes with no key included).
    pub nodes: Vec<NodeLoad>,
    /// Total keys.
    pub total: u64,
    /// Population standard deviation of the per-node counts divided by their mean, in % (the
    /// lesson's figure). When weights differ, of each node's keys ÷ its expected keys instead
    /// ([`weighted_deviation_pct`]).
    pub deviation_pct: f64,
    /// Kept for the readers of this field: [`Distribution::busiest_to_mean`] when every
    /// expected share is the same, [`Distribution::peak_to_share`] when weights differ.
    pub peak_to_mean: f64,
    /// The busiest node's keys divided by the mean keys per node, weights ignored (1.0 =
    /// every node holds the same count).
    pub busiest_to_mean: f64,
    /// The node most loaded relative to its weighted share: the largest of each node's keys ÷
    /// its expected keys (`expected_share × total`), over the mean of those ratios (1.0 =
    /// every node holds exactly its share). Equal to `busiest_to_mean` when the weights are
    /// equal.
    pub peak_to_share: f64,
    /// Largest gap between a node's actual and expected share, in percentage points.
    pub max_share_error_pct: f64,
}

/// Relative deviation in %: population standard deviation / mean × 100.
///
/// 0 for an empty slice or a zero mean.
pub fn deviation_pct(counts: &[u64]) -> f64 {
    if counts.is_empty() {
        return 0.0;
    }
    let n = counts.len() as f64;
    let mean = counts.iter().sum::<u64>() as f64 / n;
    if mean == 0.0 {
        return 0.0;
    }
    let var = counts
        .iter()
        .map(|&c| {
            let d = c as f64 - mean;
            d * d
        })
        .sum::<f64>()
        / n;
    var.sqrt() / mean * 100.0
}

/// The largest count divided by the mean count (1.0 = perfectly even).
pub fn peak_to_mean(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    if counts.is_empty() || total == 0 {
        return 0.0;
    }
    let mean = total as f64 / counts.len() as f64;
    counts.iter().copied().max().unwrap_or(0) as f64 / mean
}

/// Each node's keys divided by the keys it should hold (`expected_share × total`), or `None`
/// when every expected share is the same (then plain counts say the same thing).
fn load_ratios(counts: &[u64], expected_shares: &[f64]) -> Option<Vec<f64>> {
    let first = *expected_shares.first()?;
    if expected_shares.len() != counts.len() || expected_shares.iter().all(|&e| e == first) {
        return None;
    }
    let total = counts.iter().sum::<u64>() as f64;
    Some(
        counts
            .iter()
            .zip(expected_shares)
            .map(|(&c, &e)| {
                if e > 0.0 && total > 0.0 {
                    c as f64 / (e * total)
                } else {
                    0.0
                }
            })
            .collect(),
    )
}

fn relative_std_dev(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    if values.is_empty() || mean == 0.0 {
        return 0.0;
    }
    let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
    var.sqrt() / mean * 100.0
}

/// Deviation in % measured against each node's expected share.
///
/// With equal expected shares this is exactly [`deviation_pct`], the lesson's figure. When
/// weights differ, each node's load is first divided by its expected load, so a ring that
/// gives a node of weight 2 twice the keys scores 0 rather than being called unbalanced.
pub fn weighted_deviation_pct(counts: &[u64], expected_shares: &[f64]) -> f64 {
    match load_ratios(counts, expected_shares) {
        Some(ratios) => relative_std_dev(&ratios),
        None => deviation_pct(counts),
    }
}

/// Peak-to-mean measured against each node's expected share (see [`weighted_deviation_pct`]):
/// the most overloaded node's load ÷ its expected load, over the mean of those ratios.
pub fn weighted_peak_to_mean(counts: &[u64], expected_shares: &[f64]) -> f64 {
    match load_ratios(counts, expected_shares) {
        Some(ratios) => {
            let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
            if mean == 0.0 {
                0.0
            } else {
                ratios.iter().copied().fold(0.0, f64::max) / mean
            }
        }
        None => peak_to_mean(counts),
    }
}

impl Distribution {
    /// Statistics of per-node key counts under `config` (same node order).
    pub fn from_counts(config: &Config, counts: &[u64]) -> Distribution {
        let total: u64 = counts.iter().sum();
        let expected = config.expected_shares();
        let deviation_pct = weighted_deviation_pct(counts, &expected);
        let peak_to_share = weighted_peak_to_mean(counts, &expected);
        let busiest_to_mean = peak_to_mean(counts);
        let nodes: Vec<NodeLoad> = config
            .nodes
            .iter()
            .zip(counts)
            .zip(expected)
            .map(|((node, &keys), expected_share)| NodeLoad {
                name: node.name.clone(),
                keys,
                share: if total == 0 {
                    0.0
                } else {
                    keys as f64 / total as f64
                },
                expected_share,
            })
            .collect();
        let max_share_error_pct = nodes
            .iter()
            .map(|n| (n.share - n.expected_share).abs() * 100.0)
            .fold(0.0, f64::max);
        Distribution {
            total,
            deviation_pct,
            peak_to_mean: peak_to_share,
            busiest_to_mean,
            peak_to_share,
            max_share_error_pct,
            nodes,
        }
    }

    /// Statistics of an assignment made under `config`.
    pub fn of(config: &Config, assignment: &Assignment) -> Distribution {
        Self::from_counts(config, &assignment.counts(config.nodes.len()))
    }

    /// Keys of the node called `name`, if it is in the configuration.
    pub fn keys_of(&self, name: &str) -> Option<u64> {
        self.nodes.iter().find(|n| n.name == name).map(|n| n.keys)
    }
}

/// Keys that went from one node to another.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Flow {
    /// Owner before the change.
    pub from: String,
    /// Owner after the change.
    pub to: String,
    /// How many keys made that move.
    pub keys: u64,
}

/// What a change of configuration does to the keys.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Movement {
    /// Total keys.
    pub total: u64,
    /// Keys whose owner changed.
    pub moved: u64,
    /// `moved / total`.
    pub moved_fraction: f64,
    /// The least fraction any strategy must move for this change (see [`ideal_fraction`]).
    pub ideal_fraction: f64,
    /// Every from → to pair with at least one key, largest first.
    pub flow: Vec<Flow>,
    /// Fraction of keys whose replica set (as a set of node names) changed; `None` when both
    /// sides keep a single copy.
    pub replica_sets_changed_fraction: Option<f64>,
}

impl Movement {
    /// Compares two assignments of the same key set made under `before` and `after`.
    ///
    /// All at once; [`MovementTask`] does the same work a slice of keys at a time.
    pub fn between(
        before: &Config,
        before_assignment: &Assignment,
        after: &Config,
        after_assignment: &Assignment,
    ) -> Movement {
        MovementTask::new(
            before,
            before_assignment.replicas,
            after,
            after_assignment.replicas,
            before_assignment.owners.len(),
        )
        .finish(before_assignment, after_assignment)
    }
}

/// The least fraction of keys that must move for a change from `before` to `after`.
///
/// - Nodes only join: the joiners' expected share (1/(N+1) for one equal node).
/// - Nodes only leave: the keys the leavers held (they must go somewhere).
/// - Otherwise (renames, weight changes, mixed): the total variation distance between the
///   expected shares, plus the leavers' keys beyond their expected share — a lower bound.
pub fn ideal_fraction(before: &Config, after: &Config, removed_keys: u64, total: u64) -> f64 {
    let held_by_leavers = if total == 0 {
        0.0
    } else {
        removed_keys as f64 / total as f64
    };
    let eb = before.expected_shares();
    let ea = after.expected_shares();
    let share_before = |name: &str| {
        before
            .nodes
            .iter()
            .position(|n| n.name == name)
            .map_or(0.0, |i| eb[i])
    };
    let joiners: Vec<usize> = (0..after.nodes.len())
        .filter(|&i| !before.nodes.iter().any(|b| b.name == after.nodes[i].name))
        .collect();
    let any_left = before
        .nodes
        .iter()
        .any(|b| !after.nodes.iter().any(|a| a.name == b.name));
    if !joiners.is_empty() && !any_left {
        return joiners.iter().map(|&i| ea[i]).sum();
    }
    // Share that some surviving or new node must gain: that much must arrive from elsewhere.
    let gained: f64 = after
        .nodes
        .iter()
        .zip(&ea)
        .map(|(n, &a)| (a - share_before(&n.name)).max(0.0))
        .sum();
    if joiners.is_empty() && any_left {
        return held_by_leavers;
    }
    gained.max(held_by_leavers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deviation_is_population_std_dev_over_mean() {
        // counts 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population std-dev 2.
        let c = [2, 4, 4, 4, 5, 5, 7, 9];
        assert!((deviation_pct(&c) - 40.0).abs() < 1e-12);
        assert!((peak_to_mean(&c) - 1.8).abs() < 1e-12);
        assert_eq!(deviation_pct(&[10, 10, 10]), 0.0);
        assert_eq!(deviation_pct(&[]), 0.0);
        assert_eq!(deviation_pct(&[0, 0]), 0.0);
    }

    #[test]
    fn weighted_deviation_measures_against_the_expected_shares() {
        // Exactly the weighted expectation: no deviation at all.
        assert_eq!(
            weighted_deviation_pct(&[500, 250, 250], &[0.5, 0.25, 0.25]),
            0.0
        );
        assert!((weighted_peak_to_mean(&[500, 250, 250], &[0.5, 0.25, 0.25]) - 1.0).abs() < 1e-12);
        // Plain counts would call the same loads unbalanced.
        assert!(deviation_pct(&[500, 250, 250]) > 35.0);
        // Equal shares give exactly the lesson's figure.
        let c = [14486, 1468, 13875, 70171];
        assert_eq!(weighted_deviation_pct(&c, &[0.25; 4]), deviation_pct(&c));
        assert_eq!(weighted_peak_to_mean(&c, &[0.25; 4]), peak_to_mean(&c));
        // 600 where 500 was expected, 200 where 250: load ratios 1.2, 0.8, 0.8.
        let d = weighted_deviation_pct(&[600, 200, 200], &[0.5, 0.25, 0.25]);
        let mean: f64 = (1.2 + 0.8 + 0.8) / 3.0;
        let var = ((1.2 - mean).powi(2) + 2.0 * (0.8 - mean).powi(2)) / 3.0;
        assert!((d - var.sqrt() / mean * 100.0).abs() < 1e-9, "{d}");
        let p = weighted_peak_to_mean(&[600, 200, 200], &[0.5, 0.25, 0.25]);
        assert!((p - 1.2 / mean).abs() < 1e-12, "{p}");
    }

    #[test]
    fn a_distribution_names_both_peaks() {
        use crate::config::Strategy;
        let mut config = Config::new(Strategy::Ring, ["a", "b", "c"]);
        config.nodes[0].weight = 2.0;
        // a holds its weighted share exactly (500 of 1000 with weight 2 of 4); c is over it.
        let d = Distribution::from_counts(&config, &[500, 200, 300]);
        // Busiest / mean, weights ignored: 500 / 333.3.
        assert!((d.busiest_to_mean - 1.5).abs() < 1e-12, "{d:?}");
        // Relative to the weighted shares: ratios 1.0, 0.8, 1.2 (mean 1.0), c's is the peak.
        assert!((d.peak_to_share - 1.2).abs() < 1e-12, "{d:?}");
        assert_eq!(d.peak_to_mean, d.peak_to_share);
        // Equal weights: the two agree, and are the lesson's busiest / mean.
        let even = Config::new(Strategy::Ring, ["a", "b", "c"]);
        let d = Distribution::from_counts(&even, &[500, 200, 300]);
        assert_eq!(d.busiest_to_mean, d.peak_to_share);
        assert!((d.peak_to_mean - 1.5).abs() < 1e-12);
    }

    #[test]
    fn ideal_for_joins_and_leaves() {
        use crate::config::Strategy;
        let four = Config::new(Strategy::Ring, ["a", "b", "c", "d"]);
        let five = Config::new(Strategy::Ring, ["a", "b", "c", "d", "e"]);
        assert!((ideal_fraction(&four, &five, 0, 100) - 0.2).abs() < 1e-12);
        assert!((ideal_fraction(&five, &four, 23, 100) - 0.23).abs() < 1e-12);
        let mut heavy = four.clone();
        heavy.nodes[0].weight = 2.0;
        // a goes from 1/4 to 2/5 of the expected share: 0.15 must move.
        assert!((ideal_fraction(&four, &heavy, 0, 100) - 0.15).abs() < 1e-12);
    }
}
