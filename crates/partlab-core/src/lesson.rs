//! The lesson's experiments as data: its cluster, its keys and each table it prints, so the
//! command-line tool, the tests and the browser presets all reproduce the same figures.

use crate::config::{Config, Node, Strategy};

/// The lesson's four stock replicas, in the order they join the ring.
pub const NODES: [&str; 4] = ["inv-bcn", "inv-vlc", "inv-gir", "inv-lle"];
/// The fifth node that joins in the lesson.
pub const JOINING_NODE: &str = "inv-tar";
/// The node that leaves in the lesson.
pub const LEAVING_NODE: &str = "inv-vlc";
/// How many order ids the lesson's simulations use.
pub const KEY_COUNT: usize = 100_000;

/// A figure as the lesson prints it (or as its reference scripts compute it).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Printed {
    /// Keys per node, where the lesson lists them.
    pub counts: Vec<(&'static str, u64)>,
    /// Relative deviation in %, to the printed precision.
    pub deviation_pct: Option<f64>,
    /// Fraction moved in %, to the printed precision.
    pub moved_pct: Option<f64>,
    /// Fraction of replica sets changed in %.
    pub replica_sets_changed_pct: Option<f64>,
}

impl Printed {
    fn none() -> Self {
        Printed {
            counts: Vec::new(),
            deviation_pct: None,
            moved_pct: None,
            replica_sets_changed_pct: None,
        }
    }
}

/// One table or exercise of the lesson, ready to recompute.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Scenario {
    /// Stable identifier, used in URLs and on the command line (`ring-150`, `mod-4-5`, …).
    pub id: &'static str,
    /// Where it is in the lesson (`5`, `6`, `7`, `ex1`, `ex3`).
    pub section: &'static str,
    /// The configuration shown (and the "before" side of a change).
    pub before: Config,
    /// The configuration after the change, for movement scenarios.
    pub after: Option<Config>,
    /// What the lesson prints for it.
    pub printed: Printed,
}

/// `n1`, `n2`, … `nN`, the generic node names of the lesson's mod N and rendezvous examples.
pub fn generic_names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("n{i}")).collect()
}

/// A scenario's configurations and printed figures: before, after (for a change), printed.
type Setup = (Config, Option<Config>, Printed);

fn lesson_ring(vnodes: u32) -> Config {
    Config::new(Strategy::Ring, NODES).with_vnodes(vnodes)
}

fn modulo(before: usize, after: usize, moved_pct: f64) -> Setup {
    (
        Config::new(Strategy::Modulo, generic_names(before)),
        Some(Config::new(Strategy::Modulo, generic_names(after))),
        Printed {
            moved_pct: Some(moved_pct),
            ..Printed::none()
        },
    )
}

fn ring(vnodes: u32, counts: [(&'static str, u64); 4], dev: f64) -> Setup {
    (
        lesson_ring(vnodes),
        None,
        Printed {
            counts: counts.to_vec(),
            deviation_pct: Some(dev),
            ..Printed::none()
        },
    )
}

/// Every scenario of the lesson, in reading order.
pub fn scenarios() -> Vec<Scenario> {
    let mut with_tar: Vec<&str> = NODES.to_vec();
    with_tar.push(JOINING_NODE);
    let with_tar_rendezvous = with_tar.clone();
    let without_vlc: Vec<&str> = NODES
        .iter()
        .copied()
        .filter(|n| *n != LEAVING_NODE)
        .collect();
    let weighted = Config {
        strategy: Strategy::Ring,
        nodes: vec![
            Node::weighted("inv-bcn", 2.0),
            Node::new("inv-vlc"),
            Node::new("inv-gir"),
        ],
        vnodes: 150,
        replicas: 1,
    };
    let table: Vec<(&'static str, &'static str, Setup)> = vec![
        ("mod-4-5", "5", modulo(4, 5, 80.0)),
        ("mod-5-6", "5", modulo(5, 6, 83.3)),
        ("mod-10-11", "5", modulo(10, 11, 91.0)),
        ("mod-4-8", "5", modulo(4, 8, 49.7)),
        (
            "ring-1",
            "6",
            ring(
                1,
                [
                    ("inv-lle", 70171),
                    ("inv-gir", 13875),
                    ("inv-bcn", 14486),
                    ("inv-vlc", 1468),
                ],
                106.4,
            ),
        ),
        (
            "ring-10",
            "6",
            ring(
                10,
                [
                    ("inv-bcn", 32315),
                    ("inv-gir", 32959),
                    ("inv-vlc", 10845),
                    ("inv-lle", 23881),
                ],
                35.7,
            ),
        ),
        (
            "ring-150",
            "6",
            ring(
                150,
                [
                    ("inv-bcn", 24275),
                    ("inv-gir", 27571),
                    ("inv-vlc", 24835),
                    ("inv-lle", 23319),
                ],
                6.3,
            ),
        ),
        (
            "ring-500",
            "6",
            (
                lesson_ring(500),
                None,
                Printed {
                    deviation_pct: Some(4.6),
                    ..Printed::none()
                },
            ),
        ),
        (
            "ring-1000",
            "6",
            (
                lesson_ring(1000),
                None,
                Printed {
                    deviation_pct: Some(2.3),
                    ..Printed::none()
                },
            ),
        ),
        (
            "ring-join",
            "6",
            (
                lesson_ring(150),
                Some(Config::new(Strategy::Ring, with_tar)),
                Printed {
                    moved_pct: Some(19.2),
                    ..Printed::none()
                },
            ),
        ),
        (
            "ring-leave",
            "6",
            (
                lesson_ring(150),
                Some(Config::new(Strategy::Ring, without_vlc)),
                Printed {
                    counts: vec![("inv-bcn", 32671), ("inv-gir", 37988), ("inv-lle", 29341)],
                    moved_pct: Some(24.8),
                    ..Printed::none()
                },
            ),
        ),
        (
            // Section 7 prints no figure; the lab shows rendezvous on the lesson's own cluster.
            "rendezvous-join",
            "7",
            (
                Config::new(Strategy::Rendezvous, NODES),
                Some(Config::new(Strategy::Rendezvous, with_tar_rendezvous)),
                Printed::none(),
            ),
        ),
        (
            "weighted",
            "ex1",
            (
                weighted,
                None,
                // The lesson says "about 50 %"; the counts are its reference script's output.
                Printed {
                    counts: vec![("inv-bcn", 48242), ("inv-vlc", 26503), ("inv-gir", 25255)],
                    ..Printed::none()
                },
            ),
        ),
        (
            "rendezvous",
            "ex3",
            (
                Config::new(Strategy::Rendezvous, generic_names(5)).with_replicas(3),
                Some(Config::new(Strategy::Rendezvous, generic_names(6)).with_replicas(3)),
                Printed {
                    deviation_pct: Some(0.3),
                    moved_pct: Some(16.7),
                    replica_sets_changed_pct: Some(50.0),
                    ..Printed::none()
                },
            ),
        ),
        (
            "ring-5-6",
            "ex3",
            (
                Config::new(Strategy::Ring, generic_names(5)),
                Some(Config::new(Strategy::Ring, generic_names(6))),
                Printed::none(),
            ),
        ),
    ];
    table
        .into_iter()
        .map(|(id, section, (before, after, printed))| Scenario {
            id,
            section,
            before,
            after,
            printed,
        })
        .collect()
}

/// The scenario called `id`.
pub fn scenario(id: &str) -> Option<Scenario> {
    scenarios().into_iter().find(|s| s.id == id)
}
