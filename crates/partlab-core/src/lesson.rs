//! The lesson's experiments as data: its cluster, its keys and each table it prints, so the
//! command-line tool, the tests and the browser presets all reproduce the same figures.
//!
//! Each [`Scenario`] says where it sits in the lesson ([`LessonPart`]) and what it shows
//! ([`ScenarioKind`]) as data, so every front end words it from the same facts instead of
//! matching on identifiers. The table is built once ([`scenarios`]).

use std::fmt;
use std::sync::OnceLock;

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

/// A numbered part of the lesson: one of its ten sections or one of its three exercises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LessonPart {
    /// Section 1–10.
    Section(u8),
    /// Exercise 1–3.
    Exercise(u8),
}

impl LessonPart {
    /// The lesson's sections and exercises, in reading order.
    pub const ALL: [LessonPart; 13] = [
        LessonPart::Section(1),
        LessonPart::Section(2),
        LessonPart::Section(3),
        LessonPart::Section(4),
        LessonPart::Section(5),
        LessonPart::Section(6),
        LessonPart::Section(7),
        LessonPart::Section(8),
        LessonPart::Section(9),
        LessonPart::Section(10),
        LessonPart::Exercise(1),
        LessonPart::Exercise(2),
        LessonPart::Exercise(3),
    ];

    /// The short code used in JSON and URLs: `5` for section 5, `ex1` for exercise 1.
    pub fn code(self) -> String {
        match self {
            LessonPart::Section(n) => n.to_string(),
            LessonPart::Exercise(n) => format!("ex{n}"),
        }
    }
}

impl fmt::Display for LessonPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for LessonPart {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.code())
    }
}

/// What a scenario shows, as data the front ends word in their own language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum ScenarioKind {
    /// `hash mod N` going from `from` to `to` nodes.
    ModuloResize {
        /// Nodes before.
        from: usize,
        /// Nodes after.
        to: usize,
    },
    /// The lesson's four-node ring at a vnode count (the deviation table).
    RingVnodes {
        /// Vnodes per node.
        vnodes: u32,
    },
    /// [`JOINING_NODE`] joins the lesson's cluster under `strategy`.
    NodeJoins {
        /// The strategy.
        strategy: Strategy,
    },
    /// [`LEAVING_NODE`] leaves the lesson's ring.
    NodeLeaves,
    /// A ring where one node has twice the weight of the others (exercise 1).
    WeightedRing,
    /// `from` → `to` nodes under `strategy`, keeping `replicas` copies (exercise 3).
    Resize {
        /// The strategy.
        strategy: Strategy,
        /// Nodes before.
        from: usize,
        /// Nodes after.
        to: usize,
        /// Copies per key.
        replicas: u32,
    },
}

/// One table or exercise of the lesson, ready to recompute.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Scenario {
    /// Stable identifier, used in URLs and on the command line (`ring-150`, `mod-4-5`, …).
    pub id: &'static str,
    /// Where it is in the lesson (serialized as `5`, `6`, `7`, `ex1`, `ex3`).
    pub section: LessonPart,
    /// What it shows.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub kind: ScenarioKind,
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

/// One row of the scenario table: id, part, kind and setup.
type Row = (&'static str, LessonPart, ScenarioKind, Setup);

/// Section 5's mod N from `from` to `to` nodes, which moves `moved_pct` % of the keys.
fn modulo(id: &'static str, from: usize, to: usize, moved_pct: f64) -> Row {
    let setup = (
        Config::new(Strategy::Modulo, generic_names(from)),
        Some(Config::new(Strategy::Modulo, generic_names(to))),
        Printed {
            moved_pct: Some(moved_pct),
            ..Printed::none()
        },
    );
    (
        id,
        LessonPart::Section(5),
        ScenarioKind::ModuloResize { from, to },
        setup,
    )
}

/// Section 6's ring with `vnodes` vnodes per node: the counts the lesson prints for it (none
/// for 500 and 1 000 vnodes, where it prints only the deviation) and its deviation.
fn ring(id: &'static str, vnodes: u32, counts: &[(&'static str, u64)], dev: f64) -> Row {
    let setup = (
        lesson_ring(vnodes),
        None,
        Printed {
            counts: counts.to_vec(),
            deviation_pct: Some(dev),
            ..Printed::none()
        },
    );
    (
        id,
        LessonPart::Section(6),
        ScenarioKind::RingVnodes { vnodes },
        setup,
    )
}

/// Every scenario of the lesson, in reading order (built on first use, then shared).
pub fn scenarios() -> &'static [Scenario] {
    static TABLE: OnceLock<Vec<Scenario>> = OnceLock::new();
    TABLE.get_or_init(build_scenarios)
}

/// The scenario called `id`.
pub fn scenario(id: &str) -> Option<&'static Scenario> {
    scenarios().iter().find(|s| s.id == id)
}

fn build_scenarios() -> Vec<Scenario> {
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
        params: Default::default(),
    };
    use LessonPart::{Exercise, Section};
    use ScenarioKind::*;
    let table: Vec<Row> = vec![
        modulo("mod-4-5", 4, 5, 80.0),
        modulo("mod-5-6", 5, 6, 83.3),
        modulo("mod-10-11", 10, 11, 91.0),
        modulo("mod-4-8", 4, 8, 49.7),
        ring(
            "ring-1",
            1,
            &[
                ("inv-lle", 70171),
                ("inv-gir", 13875),
                ("inv-bcn", 14486),
                ("inv-vlc", 1468),
            ],
            106.4,
        ),
        ring(
            "ring-10",
            10,
            &[
                ("inv-bcn", 32315),
                ("inv-gir", 32959),
                ("inv-vlc", 10845),
                ("inv-lle", 23881),
            ],
            35.7,
        ),
        ring(
            "ring-150",
            150,
            &[
                ("inv-bcn", 24275),
                ("inv-gir", 27571),
                ("inv-vlc", 24835),
                ("inv-lle", 23319),
            ],
            6.3,
        ),
        ring("ring-500", 500, &[], 4.6),
        ring("ring-1000", 1000, &[], 2.3),
        (
            "ring-join",
            Section(6),
            NodeJoins {
                strategy: Strategy::Ring,
            },
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
            Section(6),
            NodeLeaves,
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
            Section(7),
            NodeJoins {
                strategy: Strategy::Rendezvous,
            },
            (
                Config::new(Strategy::Rendezvous, NODES),
                Some(Config::new(Strategy::Rendezvous, with_tar_rendezvous)),
                Printed::none(),
            ),
        ),
        (
            "weighted",
            Exercise(1),
            WeightedRing,
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
            Exercise(3),
            Resize {
                strategy: Strategy::Rendezvous,
                from: 5,
                to: 6,
                replicas: 3,
            },
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
            Exercise(3),
            Resize {
                strategy: Strategy::Ring,
                from: 5,
                to: 6,
                replicas: 1,
            },
            (
                Config::new(Strategy::Ring, generic_names(5)),
                Some(Config::new(Strategy::Ring, generic_names(6))),
                Printed::none(),
            ),
        ),
    ];
    table
        .into_iter()
        .map(|(id, section, kind, (before, after, printed))| Scenario {
            id,
            section,
            kind,
            before,
            after,
            printed,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each scenario's kind and part agree with its configurations, so wording built from the
    /// kind describes what is actually computed.
    #[test]
    fn kinds_describe_their_configurations() {
        let mut ids = std::collections::HashSet::new();
        for s in scenarios() {
            assert!(ids.insert(s.id), "duplicate id {}", s.id);
            let after = s.after.as_ref();
            let n_after = after.map(|a| a.nodes.len());
            match s.kind {
                ScenarioKind::ModuloResize { from, to } => {
                    assert_eq!(s.before.strategy, Strategy::Modulo, "{}", s.id);
                    assert_eq!(
                        (s.before.nodes.len(), n_after),
                        (from, Some(to)),
                        "{}",
                        s.id
                    );
                }
                ScenarioKind::RingVnodes { vnodes } => {
                    assert_eq!(s.before.strategy, Strategy::Ring, "{}", s.id);
                    assert_eq!(s.before.vnodes, vnodes, "{}", s.id);
                    assert!(after.is_none(), "{}", s.id);
                }
                ScenarioKind::NodeJoins { strategy } => {
                    assert_eq!(s.before.strategy, strategy, "{}", s.id);
                    let a = after.expect("a join has an after");
                    assert!(a.node_names().iter().any(|n| n == JOINING_NODE));
                    assert!(!s.before.node_names().iter().any(|n| n == JOINING_NODE));
                }
                ScenarioKind::NodeLeaves => {
                    let a = after.expect("a leave has an after");
                    assert!(!a.node_names().iter().any(|n| n == LEAVING_NODE));
                    assert!(s.before.node_names().iter().any(|n| n == LEAVING_NODE));
                }
                ScenarioKind::WeightedRing => {
                    assert!(s.before.nodes.iter().any(|n| n.weight == 2.0), "{}", s.id);
                }
                ScenarioKind::Resize {
                    strategy,
                    from,
                    to,
                    replicas,
                } => {
                    assert_eq!(s.before.strategy, strategy, "{}", s.id);
                    assert_eq!(
                        (s.before.nodes.len(), n_after),
                        (from, Some(to)),
                        "{}",
                        s.id
                    );
                    assert_eq!(s.before.replicas, replicas, "{}", s.id);
                }
            }
            assert!(LessonPart::ALL.contains(&s.section), "{}", s.id);
        }
        // Built once: the same table every time.
        assert!(std::ptr::eq(scenarios(), scenarios()));
        assert_eq!(
            scenario("ring-150").map(|s| s.section),
            Some(LessonPart::Section(6))
        );
        assert_eq!(LessonPart::Exercise(3).code(), "ex3");
    }
}
