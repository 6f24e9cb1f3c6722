//! The four strategies as one closed enum, [`Partitioner`], and the assignment of a whole key
//! set to nodes.

mod build;
mod task;

pub use crate::ring::{NodeIdx, Ring, RingPoint};
pub use build::{Building, PartitionerBuilder, RingBuilder, VnodeCache};
pub use task::AssignTask;

use crate::config::{Config, ConfigError, Strategy};
use crate::hash::{hash_key, rendezvous_score};
use crate::keys::KeySet;
use crate::ring::sort_by_position;

/// Jump consistent hash (Lamping & Veach, 2014): the bucket in `0..n_buckets` for `key`.
///
/// Returns 0 when `n_buckets` is 0.
pub fn jump_hash(mut key: u64, n_buckets: u32) -> u32 {
    let mut b: i64 = -1;
    let mut j: i64 = 0;
    while j < i64::from(n_buckets) {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    b.max(0) as u32
}

/// Maps a 64-bit score into the open interval (0, 1), for weighted rendezvous.
fn unit_interval(score: u64) -> f64 {
    ((score >> 11) as f64 + 0.5) / (1u64 << 53) as f64
}

/// Weighted rendezvous score `-w / ln(u)`: a node of weight 2 wins twice as often.
pub fn weighted_score(score: u64, weight: f64) -> f64 {
    -weight / unit_interval(score).ln()
}

/// A validated configuration made ready to place keys.
///
/// The only way to get one is [`Partitioner::new`], which validates the configuration first:
/// a partitioner that exists has at least one node, so no strategy can divide by zero.
#[derive(Clone, Debug, PartialEq)]
pub struct Partitioner {
    kind: Kind,
}

/// One variant per [`Strategy`]; private so that only validation builds one.
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    /// `hash % n`, with `n ≥ 1`.
    Modulo { n: u32 },
    /// The consistent-hash ring.
    Ring(Ring),
    /// Rendezvous hashing over the named nodes; `weights` is `None` when all are equal.
    Rendezvous {
        names: Vec<String>,
        weights: Option<Vec<f64>>,
    },
    /// Jump consistent hash over `n ≥ 1` buckets.
    Jump { n: u32 },
    /// Maglev's lookup table.
    Maglev(crate::zoo::Maglev),
    /// The ring with a load bound; `keys`-dependent, so placed a whole key set at a time.
    Bounded(crate::zoo::BoundedLoads),
    /// One point per node, several probes per key.
    MultiProbe(crate::zoo::MultiProbe),
    /// Ketama's continuum (32-bit points, four per MD5 digest).
    Ketama(crate::zoo::Ketama),
}

/// Where one key goes, step by step (what the lab shows when a key is selected).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Placement {
    /// The key's ring position.
    pub hash: u64,
    /// The owning node, then the replicas in preference order.
    pub nodes: Vec<NodeIdx>,
    /// The owning vnode (the ring and bounded loads only; ketama's point is
    /// [`Partitioner::ketama`]'s `point_for` of the key's hash).
    pub ring_point: Option<usize>,
}

impl Partitioner {
    /// The ring, when this is the plain consistent-hash ring (not bounded loads).
    pub(crate) fn plain_ring(&self) -> Option<&Ring> {
        match &self.kind {
            Kind::Ring(r) => Some(r),
            _ => None,
        }
    }

    /// Validates `config` and prepares its strategy.
    pub fn new(config: &Config) -> Result<Partitioner, ConfigError> {
        config.validate()?;
        let n = config.nodes.len() as u32;
        let kind = match config.strategy {
            Strategy::Modulo => Kind::Modulo { n },
            Strategy::Jump => Kind::Jump { n },
            Strategy::Ring => Kind::Ring(Ring::build_unvalidated(config)),
            Strategy::Maglev => Kind::Maglev(
                crate::zoo::Maglev::new(&config.node_names(), config.params.table_size)
                    .map_err(ConfigError::from)?,
            ),
            Strategy::Bounded => Kind::Bounded(
                crate::zoo::BoundedLoads::new(
                    &config.node_names(),
                    config.vnodes,
                    config.params.load_factor,
                )
                .map_err(ConfigError::from)?,
            ),
            Strategy::MultiProbe => Kind::MultiProbe(
                crate::zoo::MultiProbe::new(&config.node_names(), config.params.probes)
                    .map_err(ConfigError::from)?,
            ),
            Strategy::Ketama => {
                Kind::Ketama(crate::zoo::Ketama::new(&config.nodes).map_err(ConfigError::from)?)
            }
            Strategy::Rendezvous => {
                let first = config.nodes[0].weight;
                let equal = config.nodes.iter().all(|node| node.weight == first);
                Kind::Rendezvous {
                    names: config.node_names(),
                    weights: (!equal).then(|| config.nodes.iter().map(|n| n.weight).collect()),
                }
            }
        };
        Ok(Partitioner { kind })
    }

    /// The strategy it places keys with.
    pub fn strategy(&self) -> Strategy {
        match self.kind {
            Kind::Modulo { .. } => Strategy::Modulo,
            Kind::Ring(_) => Strategy::Ring,
            Kind::Rendezvous { .. } => Strategy::Rendezvous,
            Kind::Jump { .. } => Strategy::Jump,
            Kind::Maglev(_) => Strategy::Maglev,
            Kind::Bounded(_) => Strategy::Bounded,
            Kind::MultiProbe(_) => Strategy::MultiProbe,
            Kind::Ketama(_) => Strategy::Ketama,
        }
    }

    /// The ring, for the ring strategy and for bounded loads (whose keys start from their
    /// ring successor and walk on past full nodes).
    pub fn ring(&self) -> Option<&Ring> {
        match &self.kind {
            Kind::Ring(ring) => Some(ring),
            Kind::Bounded(b) => Some(b.ring()),
            _ => None,
        }
    }

    /// Ketama's continuum, for the ketama strategy.
    pub fn ketama(&self) -> Option<&crate::zoo::Ketama> {
        match &self.kind {
            Kind::Ketama(k) => Some(k),
            _ => None,
        }
    }

    fn n_nodes(&self) -> usize {
        match &self.kind {
            Kind::Modulo { n } | Kind::Jump { n } => *n as usize,
            Kind::Ring(ring) => ring.n_nodes,
            Kind::Rendezvous { names, .. } => names.len(),
            Kind::Maglev(m) => m.n_nodes(),
            Kind::Bounded(b) => b.ring().n_nodes,
            Kind::MultiProbe(mp) => mp.n_nodes(),
            Kind::Ketama(k) => k.n_nodes(),
        }
    }

    /// How many copies of each key `replicas` asks for on this partitioner: at least one, at
    /// most one per node.
    pub fn copies(&self, replicas: usize) -> usize {
        replicas.clamp(1, self.n_nodes().max(1))
    }

    /// Where `key` goes: its owner followed by `replicas − 1` further nodes.
    ///
    /// Replicas are the next distinct nodes clockwise on the ring (and on ketama's
    /// continuum), the next-best scores for rendezvous, and the following node numbers
    /// (wrapping) for mod N and jump.
    pub fn place(&self, key: &str, replicas: usize) -> Placement {
        let hash = hash_key(key);
        let r = self.copies(replicas);
        match &self.kind {
            Kind::Modulo { n } => Placement {
                hash,
                nodes: successors((hash % u64::from(*n)) as u32, *n, r),
                ring_point: None,
            },
            Kind::Jump { n } => Placement {
                hash,
                nodes: successors(jump_hash(hash, *n), *n, r),
                ring_point: None,
            },
            Kind::Maglev(m) => Placement {
                hash,
                nodes: successors(m.owner(hash) as u32, self.n_nodes() as u32, r),
                ring_point: None,
            },
            Kind::MultiProbe(mp) => Placement {
                hash,
                nodes: successors(mp.owner(hash) as u32, self.n_nodes() as u32, r),
                ring_point: None,
            },
            // One key alone has no load to be bounded by: its ring successor. In a key set a
            // full node passes it on ([`Partitioner::assign`]).
            Kind::Bounded(b) => Placement {
                hash,
                nodes: successors(b.owner_unbounded(hash) as u32, self.n_nodes() as u32, r),
                ring_point: Some(b.ring().point_for(hash)),
            },
            Kind::Ring(ring) => {
                let point = ring.point_for(hash);
                Placement {
                    hash,
                    nodes: ring.replicas_from(point, r),
                    ring_point: Some(point),
                }
            }
            Kind::Ketama(k) => Placement {
                hash,
                nodes: k.replicas_from(k.point_for(crate::zoo::ketama::hashi_of_position(hash)), r),
                ring_point: None,
            },
            Kind::Rendezvous { names, weights } => {
                let scores: Vec<u64> = names.iter().map(|n| rendezvous_score(n, key)).collect();
                let weighted = weights.as_ref().map(|w| {
                    scores
                        .iter()
                        .zip(w)
                        .map(|(&s, &w)| weighted_score(s, w))
                        .collect::<Vec<f64>>()
                });
                let mut nodes = Vec::with_capacity(r);
                top_of(&scores, weighted.as_deref(), r, &mut nodes);
                Placement {
                    hash,
                    nodes,
                    ring_point: None,
                }
            }
        }
    }

    /// Assigns every key of `keys` to its owner (and replicas when `replicas > 1`).
    ///
    /// All at once; [`AssignTask`] does the same work a slice at a time.
    pub fn assign(&self, keys: &KeySet, replicas: usize) -> Assignment {
        AssignTask::new(self, keys, replicas).finish(keys).0
    }
}

/// `owner, owner+1, …` modulo `n`: the replica rule for strategies without a ring.
fn successors(owner: u32, n: u32, r: usize) -> Vec<NodeIdx> {
    (0..r as u32)
        .map(|i| ((owner + i) % n) as NodeIdx)
        .collect()
}

/// Whether candidate `a` beats `b` (strictly): by weighted score when `weighted` is given
/// (precomputed [`weighted_score`]s), the raw score breaking ties, so equal weights give
/// exactly plain HRW.
fn beats(scores: &[u64], weighted: Option<&[f64]>, a: usize, b: usize) -> bool {
    if let Some(w) = weighted {
        if w[a] != w[b] {
            return w[a] > w[b];
        }
    }
    scores[a] > scores[b]
}

/// The node with the highest score; on a tie the earlier node wins.
fn best_of(scores: &[u64], weighted: Option<&[f64]>) -> NodeIdx {
    let mut best = 0;
    for i in 1..scores.len() {
        if beats(scores, weighted, i, best) {
            best = i;
        }
    }
    best as NodeIdx
}

/// The `r` best nodes, best first, into `out`; among equal candidates the earlier node comes
/// first (the order of a stable sort by score), in O(nodes × r).
fn top_of(scores: &[u64], weighted: Option<&[f64]>, r: usize, out: &mut Vec<NodeIdx>) {
    out.clear();
    for _ in 0..r.min(scores.len()) {
        let mut best: Option<usize> = None;
        for i in 0..scores.len() {
            if out.contains(&(i as NodeIdx)) {
                continue;
            }
            if best.is_none_or(|b| beats(scores, weighted, i, b)) {
                best = Some(i);
            }
        }
        match best {
            Some(b) => out.push(b as NodeIdx),
            None => break,
        }
    }
}

/// The owner of every key of a key set, in the key set's sorted-slot order, plus the replica
/// sets when more than one copy is kept.
#[derive(Clone, Debug)]
pub struct Assignment {
    /// `owners[slot]`: the node owning the key at sorted slot `slot`.
    pub owners: Vec<NodeIdx>,
    /// Copies per key (1 = owner only).
    pub replicas: usize,
    /// Where the replica sets are (when `replicas > 1`).
    pub(crate) sets: ReplicaSets,
}

/// The replica sets of an assignment, each `replicas` nodes long, owner first, stored as
/// compactly as the strategy allows.
#[derive(Clone, Debug)]
pub(crate) enum ReplicaSets {
    /// One copy per key: the owner is the set.
    Owner,
    /// A set per key (rendezvous: the best scores differ key by key).
    PerKey(Vec<NodeIdx>),
    /// A set per owner (mod N and jump: the following node numbers).
    PerOwner(Vec<NodeIdx>),
    /// A set per ring point, and each key's point (the ring: every key of an arc has the
    /// same set).
    PerPoint {
        sets: Vec<NodeIdx>,
        point_of: Vec<u32>,
    },
}

impl PartialEq for Assignment {
    /// The same owners and the same replica set for every key, however they are stored.
    fn eq(&self, other: &Assignment) -> bool {
        self.owners == other.owners
            && self.replicas == other.replicas
            && (0..self.owners.len()).all(|s| self.replica_set(s) == other.replica_set(s))
    }
}

impl Assignment {
    /// The owner and replicas of the key at `slot`, owner first.
    pub fn replica_set(&self, slot: usize) -> &[NodeIdx] {
        let r = self.replicas;
        match &self.sets {
            ReplicaSets::Owner => std::slice::from_ref(&self.owners[slot]),
            ReplicaSets::PerKey(t) => &t[slot * r..(slot + 1) * r],
            ReplicaSets::PerOwner(t) => {
                let o = self.owners[slot] as usize;
                &t[o * r..(o + 1) * r]
            }
            ReplicaSets::PerPoint { sets, point_of } => {
                let p = point_of[slot] as usize;
                &sets[p * r..(p + 1) * r]
            }
        }
    }

    /// Keys owned by each of `n_nodes` nodes.
    pub fn counts(&self, n_nodes: usize) -> Vec<u64> {
        let mut counts = vec![0u64; n_nodes];
        for &o in &self.owners {
            if let Some(c) = counts.get_mut(o as usize) {
                *c += 1;
            }
        }
        counts
    }
}

/// Validates `config`, checks the work budget ([`crate::budget`]) and assigns every key of
/// `keys`.
pub fn assign(keys: &KeySet, config: &Config) -> Result<Assignment, ConfigError> {
    let partitioner = Partitioner::new(config)?;
    crate::budget::check_assignment(config, keys.len() as u64)?;
    Ok(partitioner.assign(keys, config.replicas as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jump_matches_the_published_vectors() {
        let expected = [0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 17, 17];
        let got: Vec<u32> = (1..=19).map(|n| jump_hash(1, n)).collect();
        assert_eq!(got, expected);
        assert_eq!(jump_hash(256, 1024), 520);
        assert_eq!(jump_hash(42, 1), 0);
    }

    #[test]
    fn the_owner_is_the_first_position_strictly_after_the_key() {
        let config = Config::new(Strategy::Ring, ["a", "b", "c"]).with_vnodes(5);
        let ring = Ring::build(&config).expect("valid");
        let pts = ring.points();
        let p = pts[3].position;
        assert_eq!(ring.point_for(p), 4 % pts.len());
        assert_eq!(ring.point_for(p - 1), 3);
        assert_eq!(ring.point_for(u64::MAX), 0);
        assert_eq!(ring.point_for(0), 0);
    }

    #[test]
    fn ring_replicas_are_distinct_and_stop_after_one_turn() {
        let config = Config::new(Strategy::Ring, ["a", "b", "c"]).with_vnodes(50);
        let ring = Ring::build(&config).expect("valid");
        for start in 0..ring.points().len() {
            let set = ring.replicas_from(start, 3);
            assert_eq!(set.len(), 3);
            assert_eq!(set[0], ring.points()[start].node);
            assert!(set[1] != set[0] && set[2] != set[0] && set[2] != set[1]);
        }
        assert_eq!(ring.replicas_from(0, 10).len(), 3);
    }

    #[test]
    fn weighted_rendezvous_shares_follow_the_weights() {
        let keys = KeySet::lesson(60_000).expect("valid");
        let mut config = Config::new(Strategy::Rendezvous, ["inv-bcn", "inv-vlc", "inv-gir"]);
        config.nodes[0].weight = 2.0;
        let counts = assign(&keys, &config).expect("valid").counts(3);
        let share = counts[0] as f64 / 60_000.0;
        assert!((share - 0.5).abs() < 0.01, "inv-bcn share {share}");
        let other = counts[1] as f64 / 60_000.0;
        assert!((other - 0.25).abs() < 0.01, "inv-vlc share {other}");
    }

    #[test]
    fn assign_and_place_agree_for_every_strategy() {
        let keys = KeySet::lesson(2000).expect("valid");
        for strategy in Strategy::ALL {
            let mut config =
                Config::new(strategy, ["inv-bcn", "inv-vlc", "inv-gir"]).with_replicas(2);
            config.nodes[0].weight = 2.0;
            let p = Partitioner::new(&config).expect("valid");
            let a = p.assign(&keys, 2);
            for slot in (0..keys.len()).step_by(97) {
                let key = keys.key_at_slot(slot).expect("slot");
                let placed = p.place(&key, 2);
                assert_eq!(placed.nodes, a.replica_set(slot), "{strategy} slot {slot}");
                assert_eq!(placed.nodes[0], a.owners[slot]);
            }
        }
    }
}
