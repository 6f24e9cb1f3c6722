//! Properties that must hold for any node set and any keys, not only the lesson's.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers fail loudly on purpose: their inputs are fixed and valid.
#![allow(clippy::expect_used)]

use partlab_core::config::{Config, Node, Strategy as Kind};
use partlab_core::keys::KeySet;
use partlab_core::stats::Movement;
use partlab_core::strategy::{jump_hash, Partitioner};
use proptest::prelude::*;

/// Distinct node names (1..=max of them).
fn node_names(max: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::btree_set("[a-z]{1,6}(-[0-9]{1,2})?", 1..=max)
        .prop_map(|s| s.into_iter().collect::<Vec<_>>())
        .prop_shuffle()
}

fn keys() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(".{0,12}", 1..300)
}

fn owners(config: &Config, keys: &KeySet) -> Vec<String> {
    let p = Partitioner::new(config).expect("valid config");
    let a = p.assign(keys, 1);
    a.owners
        .iter()
        .map(|&o| config.nodes[o as usize].name.clone())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn counts_sum_to_the_key_count(
        names in node_names(8), ks in keys(), vnodes in 1u32..60, s in 0usize..4,
    ) {
        let config = Config::new(Kind::ALL[s], names).with_vnodes(vnodes);
        let keys = KeySet::custom(ks).expect("valid keys");
        let a = Partitioner::new(&config).expect("valid").assign(&keys, 1);
        prop_assert_eq!(a.counts(config.nodes.len()).iter().sum::<u64>(), keys.len() as u64);
    }

    #[test]
    fn joining_the_ring_or_hrw_moves_keys_only_onto_the_new_node(
        names in node_names(7), ks in keys(), vnodes in 1u32..40, rendezvous in any::<bool>(),
    ) {
        let strategy = if rendezvous { Kind::Rendezvous } else { Kind::Ring };
        let (new, old) = names.split_last().expect("at least one name");
        prop_assume!(!old.is_empty());
        let before = Config::new(strategy, old.to_vec()).with_vnodes(vnodes);
        let after = Config::new(strategy, names.clone()).with_vnodes(vnodes);
        let keys = KeySet::custom(ks).expect("valid keys");
        for (b, a) in owners(&before, &keys).iter().zip(owners(&after, &keys)) {
            prop_assert!(*b == a || a == *new, "{} moved to {}", b, a);
        }
    }

    #[test]
    fn leaving_moves_only_the_leavers_keys(
        names in node_names(7), ks in keys(), vnodes in 1u32..40, rendezvous in any::<bool>(), pick in any::<prop::sample::Index>(),
    ) {
        prop_assume!(names.len() >= 2);
        let strategy = if rendezvous { Kind::Rendezvous } else { Kind::Ring };
        let gone = pick.index(names.len());
        let mut rest = names.clone();
        let leaver = rest.remove(gone);
        let before = Config::new(strategy, names.clone()).with_vnodes(vnodes);
        let after = Config::new(strategy, rest).with_vnodes(vnodes);
        let keys = KeySet::custom(ks).expect("valid keys");
        for (b, a) in owners(&before, &keys).iter().zip(owners(&after, &keys)) {
            prop_assert!(*b == a || *b == leaver);
        }
    }

    #[test]
    fn jump_moves_keys_only_onto_the_new_bucket(key in any::<u64>(), n in 1u32..2000) {
        let before = jump_hash(key, n);
        let after = jump_hash(key, n + 1);
        prop_assert!(before < n && after <= n);
        prop_assert!(after == before || after == n);
    }

    #[test]
    fn equal_weights_make_weighted_hrw_plain_hrw(
        names in node_names(8), ks in keys(), w in partlab_core::config::MIN_WEIGHT..50.0,
    ) {
        let plain = Config::new(Kind::Rendezvous, names.clone());
        let mut weighted = plain.clone();
        for n in &mut weighted.nodes { n.weight = w; }
        let keys = KeySet::custom(ks).expect("valid keys");
        prop_assert_eq!(owners(&plain, &keys), owners(&weighted, &keys));
    }

    #[test]
    fn replica_sets_hold_distinct_nodes_owner_first(
        names in node_names(6), ks in keys(), s in 0usize..4, r in 1u32..6,
    ) {
        prop_assume!(r as usize <= names.len());
        let config = Config::new(Kind::ALL[s], names).with_replicas(r).with_vnodes(20);
        let keys = KeySet::custom(ks).expect("valid keys");
        let a = Partitioner::new(&config).expect("valid").assign(&keys, r as usize);
        for slot in 0..keys.len() {
            let set = a.replica_set(slot);
            prop_assert_eq!(set.len(), r as usize);
            prop_assert_eq!(set[0], a.owners[slot]);
            let mut sorted = set.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), r as usize);
        }
    }

    #[test]
    fn the_same_input_gives_the_same_output(names in node_names(5), ks in keys(), s in 0usize..4) {
        let config = Config::new(Kind::ALL[s], names).with_vnodes(30);
        let k1 = KeySet::custom(ks.clone()).expect("valid keys");
        let k2 = KeySet::custom(ks).expect("valid keys");
        prop_assert_eq!(owners(&config, &k1), owners(&config, &k2));
    }

    /// Arbitrary configurations, valid or not: the core returns Ok or a typed error, never panics.
    #[test]
    fn arbitrary_configurations_never_panic(
        names in prop::collection::vec(".{0,80}", 0..12),
        weights in prop::collection::vec(prop_oneof![any::<f64>(), Just(f64::NAN), Just(0.0), Just(1e308), Just(-1.0), 0.001f64..20.0], 12),
        vnodes in prop_oneof![Just(0u32), 1u32..3000, Just(10_001), any::<u32>()],
        replicas in prop_oneof![0u32..15, any::<u32>()],
        s in 0usize..7,
        ks in prop::collection::vec(".{0,20}", 1..50),
        other_names in prop::collection::vec("[a-c]{1,2}", 1..6),
        table_size in 0u64..70_000, load_factor in -1.0f64..20.0, probes in 0u32..40,
    ) {
        let nodes: Vec<Node> = names.iter().zip(&weights).map(|(n, &w)| Node::weighted(n.clone(), w)).collect();
        let params = partlab_core::config::StrategyParams { table_size, load_factor, probes };
        let config = Config { strategy: Kind::ALL[s], nodes, vnodes, replicas, params };
        let keys = KeySet::custom(ks).expect("valid keys");
        match Partitioner::new(&config) {
            Ok(p) => {
                let a = p.assign(&keys, replicas as usize);
                prop_assert_eq!(a.owners.len(), keys.len());
                let _ = p.place("some key", replicas as usize);
                let other = Config::new(Kind::ALL[s], other_names);
                if let Ok(q) = Partitioner::new(&other) {
                    let b = q.assign(&keys, 1);
                    let m = Movement::between(&config, &a, &other, &b);
                    prop_assert!(m.moved <= m.total);
                }
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}
