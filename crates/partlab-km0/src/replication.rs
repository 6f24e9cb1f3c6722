//! Section 1 of the lesson: partitioning and replication together. The data is split into
//! partitions P1…Pn; each partition is copied to `rf` nodes, one of them its leader.
//!
//! - [`Cluster::lesson`] is the lesson's diagram: four nodes A–D and P1–P4, three copies each,
//!   C leading two partitions and D none; [`Cluster::round_robin`] spreads leaders and
//!   followers evenly for any size.
//! - [`Cluster::fail`] takes a node down: a partition whose leader was there is taken over by
//!   its first surviving follower; a partition with no surviving copy is lost.
//! - [`write_capacity`]: writes go to a partition's leader, so the busiest node caps the
//!   cluster: one hot partition makes ten nodes write at the speed of one.

/// A node's name: `A`, `B`, … (`N27` beyond `Z`).
pub fn node_name(i: usize) -> String {
    match u8::try_from(i) {
        Ok(b) if b < 26 => char::from(b'A' + b).to_string(),
        _ => format!("N{}", i + 1),
    }
}

/// Where a partition's copies are: its leader first, then its followers in takeover order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Placement {
    /// Node indices holding a copy; the first leads.
    pub replicas: Vec<usize>,
}

/// Nodes and the placement of every partition's copies.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Cluster {
    /// Nodes.
    pub nodes: usize,
    /// One placement per partition, P1 first.
    pub partitions: Vec<Placement>,
}

/// Largest cluster the simulation takes.
pub const MAX_NODES: usize = 26;
/// Most partitions.
pub const MAX_PARTITIONS: usize = 64;

impl Cluster {
    /// The lesson's diagram: nodes A–D; P1 led by A (followers B, D), P2 by B (A, C), P3 by C
    /// (B, D), P4 by C (A, D).
    pub fn lesson() -> Cluster {
        let p = |r: [usize; 3]| Placement {
            replicas: r.to_vec(),
        };
        Cluster {
            nodes: 4,
            partitions: vec![p([0, 1, 3]), p([1, 0, 2]), p([2, 1, 3]), p([2, 0, 3])],
        }
    }

    /// `partitions` partitions on `nodes` nodes with `rf` copies each: Pi is led by node
    /// `i mod nodes` and followed by the next nodes around. Sizes are clamped to 1–26 nodes,
    /// 1–64 partitions and 1–`nodes` copies.
    pub fn round_robin(nodes: usize, partitions: usize, rf: usize) -> Cluster {
        let nodes = nodes.clamp(1, MAX_NODES);
        let rf = rf.clamp(1, nodes);
        Cluster {
            nodes,
            partitions: (0..partitions.clamp(1, MAX_PARTITIONS))
                .map(|i| Placement {
                    replicas: (0..rf).map(|k| (i + k) % nodes).collect(),
                })
                .collect(),
        }
    }

    /// The same cluster keeping only the first `rf` copies of each partition (at least one).
    pub fn with_rf(&self, rf: usize) -> Cluster {
        Cluster {
            nodes: self.nodes,
            partitions: self
                .partitions
                .iter()
                .map(|p| Placement {
                    replicas: p.replicas.iter().copied().take(rf.max(1)).collect(),
                })
                .collect(),
        }
    }

    /// Copies per partition (the smallest, if they differ).
    pub fn rf(&self) -> usize {
        self.partitions
            .iter()
            .map(|p| p.replicas.len())
            .min()
            .unwrap_or(0)
    }

    /// The roles on node `node`: `(partition, leads)` for each copy it holds.
    pub fn roles(&self, node: usize) -> Vec<(usize, bool)> {
        self.partitions
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                p.replicas
                    .iter()
                    .position(|&r| r == node)
                    .map(|pos| (i, pos == 0))
            })
            .collect()
    }

    /// What happens when `failed` goes down.
    pub fn fail(&self, failed: usize) -> Failover {
        let outcomes = self
            .partitions
            .iter()
            .map(|p| {
                let leader = p.replicas.first().copied();
                let survivors: Vec<usize> = p
                    .replicas
                    .iter()
                    .copied()
                    .filter(|&r| r != failed)
                    .collect();
                match (leader, survivors.first()) {
                    (_, None) => Outcome::Lost,
                    (Some(l), Some(&s)) if l == failed => Outcome::TakenOver { by: s },
                    _ => Outcome::Unaffected {
                        lost_copy: p.replicas.contains(&failed),
                    },
                }
            })
            .collect();
        Failover { failed, outcomes }
    }
}

/// What happened to one partition when a node failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", tag = "kind"))]
pub enum Outcome {
    /// Its leader survived (it may have lost a follower's copy).
    Unaffected {
        /// Whether one of its copies was on the failed node.
        lost_copy: bool,
    },
    /// Its leader was on the failed node; the first surviving follower leads now.
    TakenOver {
        /// The new leader.
        by: usize,
    },
    /// Every copy was on the failed node: its data is gone (until the node returns).
    Lost,
}

/// A node failure's consequences, per partition.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Failover {
    /// The failed node.
    pub failed: usize,
    /// One outcome per partition.
    pub outcomes: Vec<Outcome>,
}

impl Failover {
    /// Partitions that lost their leader and got a new one.
    pub fn taken_over(&self) -> usize {
        self.outcomes
            .iter()
            .filter(|o| matches!(o, Outcome::TakenOver { .. }))
            .count()
    }

    /// Partitions with no copy left.
    pub fn lost(&self) -> usize {
        self.outcomes
            .iter()
            .filter(|o| matches!(o, Outcome::Lost))
            .count()
    }

    /// The share of the data that is gone (0–1), with `sizes[i]` rows in partition i.
    pub fn lost_share(&self, sizes: &[u64]) -> f64 {
        let total: u64 = sizes.iter().sum();
        let lost: u64 = self
            .outcomes
            .iter()
            .zip(sizes)
            .filter(|(o, _)| matches!(o, Outcome::Lost))
            .map(|(_, s)| *s)
            .sum();
        lost as f64 / total.max(1) as f64
    }
}

/// The write throughput a cluster reaches, in "nodes' worth": every node accepts the same
/// number of writes a second, a write goes to its partition's leader, so the cluster saturates
/// when its busiest node does. `writes[i]` is partition i's share of the writes (any unit).
/// Evenly spread over `n` leaders: `n`; all on one partition: 1.
pub fn write_capacity(cluster: &Cluster, writes: &[u64]) -> f64 {
    let mut per_node = vec![0u64; cluster.nodes];
    for (p, &w) in cluster.partitions.iter().zip(writes) {
        if let Some(&l) = p.replicas.first() {
            per_node[l] += w;
        }
    }
    let total: u64 = per_node.iter().sum();
    let busiest = per_node.iter().copied().max().unwrap_or(0);
    if busiest == 0 {
        return cluster.nodes as f64;
    }
    total as f64 / busiest as f64
}

/// Rows and writes of the workload's orders per partition, one partition per node: all rows
/// and the busiest hour's writes under `hash(comanda_id)`, and the busiest hour's writes when
/// the campaign is cut into `n` equal ranges of `data_creacio`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PartitionLoads {
    /// Rows per partition, `hash(comanda_id)`.
    pub rows: Vec<u64>,
    /// The busiest hour's writes per partition, `hash(comanda_id)`.
    pub peak_hash: Vec<u64>,
    /// The busiest hour's writes per partition, ranges of `data_creacio`.
    pub peak_range: Vec<u64>,
}

/// Measures [`PartitionLoads`] for `n` partitions.
pub fn partition_loads(
    w: &crate::workload::Workload,
    hashed: &crate::hash_keys::HashedWorkload,
    n: u32,
) -> PartitionLoads {
    let n = n.max(1);
    let peak = crate::choosing_keys::peak_hour(w);
    let mut out = PartitionLoads {
        rows: vec![0; n as usize],
        peak_hash: vec![0; n as usize],
        peak_range: vec![0; n as usize],
    };
    let (start, end) = (w.campaign_start(), w.now());
    for (o, &h) in w.orders().iter().zip(&hashed.order) {
        let p = crate::hash_keys::partition(h, n) as usize;
        out.rows[p] += 1;
        if o.created.0 / crate::calendar::HOUR_SECS == peak {
            out.peak_hash[p] += 1;
            let r = crate::hash_keys::time_range_partition(o.created, start, end, n) as usize;
            out.peak_range[r] += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_diagram() {
        let c = Cluster::lesson();
        assert_eq!(c.rf(), 3);
        let leads = |n: usize| c.roles(n).iter().filter(|r| r.1).count();
        assert_eq!((leads(0), leads(1), leads(2), leads(3)), (1, 1, 2, 0));
        assert_eq!(c.roles(3), [(0, false), (2, false), (3, false)]);
        // C fails: P3 and P4 lose their leader; B takes P3, A takes P4.
        let f = c.fail(2);
        assert_eq!(f.outcomes[2], Outcome::TakenOver { by: 1 });
        assert_eq!(f.outcomes[3], Outcome::TakenOver { by: 0 });
        assert_eq!(f.taken_over(), 2);
        assert_eq!(f.lost(), 0);
        // D holds no leader: its failure only costs copies.
        assert_eq!(c.fail(3).taken_over(), 0);
    }

    #[test]
    fn with_one_copy_a_failed_node_takes_its_partitions_with_it() {
        let c = Cluster::round_robin(4, 8, 1);
        let f = c.fail(1);
        assert_eq!(f.lost(), 2);
        assert_eq!(f.lost_share(&[10; 8]), 0.25);
        assert_eq!(Cluster::lesson().with_rf(1).fail(2).lost(), 2);
    }

    #[test]
    fn one_hot_partition_caps_the_cluster_at_one_node() {
        let c = Cluster::round_robin(10, 10, 3);
        assert_eq!(write_capacity(&c, &[1; 10]), 10.0);
        let mut hot = [0; 10];
        hot[3] = 100;
        assert_eq!(write_capacity(&c, &hot), 1.0);
        assert_eq!(node_name(0), "A");
        assert_eq!(node_name(26), "N27");
    }
}
