//! The work budget: how much one request may ask of the core.
//!
//! Every limit here comes from the cost of the work, not from a guess about what people want:
//! what is accepted finishes in about a second natively, runs in the browser in slices of a
//! few milliseconds, and fits the memory figures of docs/dev/performance.md. What exceeds it is
//! refused up front with [`ConfigError::OverBudget`], which carries the figures and the largest
//! request of the same shape that fits, so a message can say the way round it.
//!
//! | work | measure | limit |
//! |---|---|---|
//! | rendezvous assignment | nodes × keys × replicas (each node scores every key) | [`MAX_RENDEZVOUS_WORK`] |
//! | replicated assignment, any strategy | keys × replicas (the stored replica sets) | [`MAX_KEY_COPIES`] |
//! | ring | ring points (vnodes × weights, [`MAX_RING_POINTS`]) and keys ([`MAX_KEYS`]) | checked by [`Config::validate`] and the key set |
//! | deviation sweep | trials × ring points summed over the vnode counts | [`MAX_DEVIATION_SWEEP_WORK`] |
//! | movement sweep | cluster sizes × keys (8 assignments each), and rendezvous on the largest cluster | [`MAX_MOVEMENT_SWEEP_WORK`], [`MAX_RENDEZVOUS_WORK`] |
//!
//! [`MAX_RING_POINTS`]: crate::config::MAX_RING_POINTS
//! [`MAX_KEYS`]: crate::config::MAX_KEYS

use crate::config::{effective_vnodes, Config, ConfigError, Node, Strategy};

/// Rendezvous scores one assignment may need: nodes × keys × replicas. Each score is one MD5
/// (about 0.13 µs natively, 0.2 µs in wasm), so the budget is about a second of hashing.
pub const MAX_RENDEZVOUS_WORK: u64 = 8_000_000;
/// Key copies an assignment with replicas stores and compares: keys × replicas, when there
/// is more than one copy (16 MB of replica sets at the limit).
pub const MAX_KEY_COPIES: u64 = 8_000_000;
/// Probes a multi-probe assignment makes: keys × probes, each a search of the nodes' points
/// (plus one MD5 per key for the probe step): about a second at the limit.
pub const MAX_PROBE_WORK: u64 = 64_000_000;
/// Vnode positions a deviation sweep hashes: trials × the ring points of every vnode count.
pub const MAX_DEVIATION_SWEEP_WORK: u64 = 20_000_000;
/// Key placements a movement sweep makes, counted as cluster sizes × keys (each size assigns
/// every key 8 times: 4 strategies, before and after the change).
pub const MAX_MOVEMENT_SWEEP_WORK: u64 = 100_000_000;

pub use crate::config::OverBudget;

fn over(b: OverBudget) -> Result<(), ConfigError> {
    if b.work() > b.max() {
        Err(ConfigError::OverBudget(b))
    } else {
        Ok(())
    }
}

/// Checks that assigning `keys` keys under `config` fits the budget: rendezvous scores and
/// stored copies. (The ring's own limits, points and keys, are checked by
/// [`Config::validate`] and the key set.)
pub fn check_assignment(config: &Config, keys: u64) -> Result<(), ConfigError> {
    let replicas = u64::from(config.replicas.max(1));
    if config.strategy == Strategy::Rendezvous {
        over(OverBudget::Rendezvous {
            nodes: config.nodes.len() as u64,
            keys,
            replicas,
            max: MAX_RENDEZVOUS_WORK,
        })?;
    }
    if config.strategy == Strategy::MultiProbe {
        over(OverBudget::Probes {
            keys,
            probes: u64::from(config.params.probes),
            max: MAX_PROBE_WORK,
        })?;
    }
    if replicas > 1 {
        over(OverBudget::KeyCopies {
            keys,
            replicas,
            max: MAX_KEY_COPIES,
        })?;
    }
    Ok(())
}

/// Checks a deviation sweep of `nodes` over `vnode_counts` with `trials` trials.
pub fn check_deviation_sweep(
    nodes: &[Node],
    vnode_counts: &[u32],
    trials: u32,
) -> Result<(), ConfigError> {
    let ring_points: u64 = vnode_counts
        .iter()
        .map(|&v| {
            nodes
                .iter()
                .map(|n| u64::from(effective_vnodes(v, n.weight)))
                .sum::<u64>()
        })
        .sum();
    over(OverBudget::DeviationSweep {
        trials: u64::from(trials.max(1)),
        ring_points,
        max: MAX_DEVIATION_SWEEP_WORK,
    })
}

/// Checks a movement sweep over `sizes` cluster sizes whose largest cluster (after the
/// change) has `largest` nodes, on `keys` keys.
pub fn check_movement_sweep(sizes: usize, largest: usize, keys: u64) -> Result<(), ConfigError> {
    over(OverBudget::MovementSweep {
        sizes: sizes as u64,
        keys,
        max: MAX_MOVEMENT_SWEEP_WORK,
    })?;
    over(OverBudget::Rendezvous {
        nodes: largest as u64,
        keys,
        replicas: 1,
        max: MAX_RENDEZVOUS_WORK,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rendezvous(nodes: usize, replicas: u32) -> Config {
        let names: Vec<String> = (0..nodes).map(|i| format!("n{i}")).collect();
        Config::new(Strategy::Rendezvous, names).with_replicas(replicas)
    }

    #[test]
    fn rendezvous_is_limited_by_nodes_times_keys_times_replicas() {
        assert_eq!(check_assignment(&rendezvous(8, 1), 1_000_000), Ok(()));
        let Err(ConfigError::OverBudget(b)) = check_assignment(&rendezvous(32, 1), 1_000_000)
        else {
            panic!("32 nodes × 1 000 000 keys must be refused");
        };
        assert_eq!(b.work(), 32_000_000);
        // The ways round it: 250 000 keys, or 8 nodes.
        assert_eq!(b.max_keys(), Some(250_000));
        assert_eq!(b.max_other(), Some(8));
        assert!(check_assignment(&rendezvous(4, 3), 1_000_000).is_err());
        assert_eq!(check_assignment(&rendezvous(4, 2), 1_000_000), Ok(()));
    }

    #[test]
    fn multi_probe_is_limited_by_keys_times_probes() {
        let c = Config::new(Strategy::MultiProbe, ["a", "b", "c"]);
        assert_eq!(check_assignment(&c, 1_000_000), Ok(()));
        let Err(ConfigError::OverBudget(b)) = check_assignment(&c, 10_000_000) else {
            panic!("10 000 000 keys × 21 probes must be refused");
        };
        assert_eq!(b.work(), 210_000_000);
        assert_eq!((b.max_keys(), b.max_other()), (Some(3_047_619), Some(6)));
    }

    #[test]
    fn replica_sets_are_limited_for_every_strategy() {
        for s in Strategy::ALL {
            let c = Config::new(s, (0..16).map(|i| format!("n{i}"))).with_replicas(16);
            let r = check_assignment(&c, 1_000_000);
            assert!(matches!(r, Err(ConfigError::OverBudget(_))), "{s}: {r:?}");
            // One copy stores no replica sets: only the key count's own limit applies.
            let one = Config::new(s, ["a", "b"]);
            if s != Strategy::Rendezvous && s != Strategy::MultiProbe {
                assert_eq!(check_assignment(&one, 10_000_000), Ok(()), "{s}");
            }
        }
        let c = Config::new(Strategy::Ring, ["a", "b", "c"]).with_replicas(3);
        let Err(ConfigError::OverBudget(b)) = check_assignment(&c, 10_000_000) else {
            panic!("30 000 000 copies must be refused");
        };
        assert_eq!((b.max_keys(), b.max_other()), (Some(2_666_666), None));
    }

    #[test]
    fn sweeps_are_limited_by_the_product_of_their_axes() {
        let nodes: Vec<Node> = (0..4).map(|i| Node::new(format!("n{i}"))).collect();
        assert_eq!(
            check_deviation_sweep(&nodes, &crate::sweep::DEFAULT_VNODE_COUNTS, 16),
            Ok(())
        );
        let big: Vec<Node> = (0..200).map(|i| Node::new(format!("n{i}"))).collect();
        let Err(ConfigError::OverBudget(b)) = check_deviation_sweep(&big, &[1000; 11], 16) else {
            panic!("11 × 16 rings of 200 000 points must be refused");
        };
        assert_eq!(b.work(), 16 * 11 * 200_000);
        assert_eq!(b.max_other(), Some(9));
        assert_eq!(check_movement_sweep(11, 13, 100_000), Ok(()));
        assert!(check_movement_sweep(64, 65, 10_000_000).is_err());
        // Rendezvous on the largest cluster counts too.
        assert!(check_movement_sweep(11, 13, 1_000_000).is_err());
    }
}
