//! Ketama (libketama, last.fm 2007): the consistent-hashing continuum of memcached clients
//! and twemproxy, placing keys exactly as those clients do.
//!
//! # The continuum
//!
//! Server `s` (its name as the clients list it, `host:port`) of weight `w` among `n` servers
//! of total weight `W` gets `⌊40 · n · w / W⌋` *groups* (160 points for a server of average
//! weight). Group `k` is the MD5 digest of `"{s}-{k}"`, and each digest gives four points:
//! its bytes `0‥4`, `4‥8`, `8‥12` and `12‥16`, each read as a little-endian `u32`. A key's
//! hash is the first four bytes of MD5(key), little-endian ([`hashi`]), and its server owns
//! the first point at or after it, wrapping past the largest point to the smallest.
//!
//! # Where clients differ, and what this module does
//!
//! - **Groups**: libketama computes `floorf(pct × 40 × n)` in single-precision floats; PyPI's
//!   `uhashring` computes `(40 · n · w) // W` exactly on whole numbers. They agree except
//!   where the float rounds a whole product down. This module computes it as `uhashring`
//!   does (Python's floor division, on `f64`), so whole-number weights give its counts.
//! - **Two servers on one point** (32-bit points collide about once per 10⁵ servers × 160):
//!   the server listed later keeps it, as in `uhashring` (its ring is a dict filled in list
//!   order; libketama's `qsort` leaves the order of equal points unspecified).
//! - **A key on a point**: libketama, twemproxy and libmemcached give it to that point's
//!   server ("at or after"); `uhashring` bisects to the right and gives it to the next point.
//!   This module follows libketama. It only matters for a key whose hash equals a point
//!   exactly, such as the key `"{s}-0"` itself.
//!
//! Replicas are the next distinct servers clockwise from the owning point.

use super::{check_nodes, ZooError};
use crate::config::{ConfigError, Node};
use md5::{Digest, Md5};

/// Digests per server of average weight (libketama's 40).
pub const GROUPS_PER_SERVER: u32 = 40;
/// Points per digest (four `u32`s from its 16 bytes).
pub const POINTS_PER_GROUP: u32 = 4;

/// The 16-byte MD5 digest of `bytes`.
fn md5(bytes: &[u8]) -> [u8; 16] {
    let mut out = [0u8; 16];
    out.copy_from_slice(&Md5::digest(bytes));
    out
}

/// Ketama's hash of a key: the first four bytes of its MD5 digest, little-endian.
///
/// ```
/// // MD5("") = d41d8cd9…: bytes d4 1d 8c d9, read little-endian.
/// assert_eq!(partlab_core::zoo::ketama::hashi(b""), 0xd98c1dd4);
/// ```
pub fn hashi(bytes: &[u8]) -> u32 {
    let d = md5(bytes);
    u32::from_le_bytes([d[0], d[1], d[2], d[3]])
}

/// Ketama's hash of a key from the lab's position of the same key (the first eight bytes of
/// its MD5 digest, big-endian), so a key set hashed once serves ketama too.
pub fn hashi_of_position(position: u64) -> u32 {
    ((position >> 32) as u32).swap_bytes()
}

/// Python's `a // b` on floats (`float_floor_div`: `fmod`, then rounding the quotient), for
/// positive operands: the groups `uhashring` computes.
fn py_floor_div(a: f64, b: f64) -> f64 {
    let m = a % b;
    let div = (a - m) / b;
    let f = div.floor();
    if div - f > 0.5 {
        f + 1.0
    } else {
        f
    }
}

/// The groups (digests) of each node: `⌊40 · n · w / W⌋` (see the module documentation).
pub fn groups(weights: &[f64]) -> Vec<u32> {
    let total: f64 = weights.iter().sum();
    let scale = f64::from(GROUPS_PER_SERVER) * weights.len() as f64;
    weights
        .iter()
        .map(|&w| {
            let g = py_floor_div(scale * w, total);
            if g.is_finite() && g > 0.0 {
                g.min(f64::from(u32::MAX)) as u32
            } else {
                0
            }
        })
        .collect()
}

/// A ketama continuum over weighted servers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ketama {
    /// Points sorted ascending, each with its server's index; one entry per distinct value.
    points: Vec<(u32, u16)>,
    groups: Vec<u32>,
    n_nodes: usize,
}

impl Ketama {
    /// The continuum of `nodes` (their names and weights), in list order.
    ///
    /// Weights must be finite and positive (the lab's configurations and the listings' parser
    /// check their own ranges first).
    pub fn new(nodes: &[Node]) -> Result<Ketama, ZooError> {
        check_nodes(nodes.len())?;
        for node in nodes {
            if !(node.weight.is_finite() && node.weight > 0.0) {
                return Err(ZooError::Config(ConfigError::InvalidWeight {
                    node: node.name.chars().take(32).collect(),
                    weight: node.weight,
                    min: f64::MIN_POSITIVE,
                    max: f64::MAX,
                }));
            }
        }
        let weights: Vec<f64> = nodes.iter().map(|n| n.weight).collect();
        let groups = groups(&weights);
        let total: usize = groups.iter().map(|&g| g as usize).sum();
        let mut points: Vec<(u32, u16)> = Vec::with_capacity(total * 4);
        let mut label = Vec::new();
        for (i, (node, &g)) in nodes.iter().zip(&groups).enumerate() {
            for k in 0..g {
                label.clear();
                label.extend_from_slice(node.name.as_bytes());
                label.push(b'-');
                label.extend_from_slice(k.to_string().as_bytes());
                let d = md5(&label);
                for chunk in d.chunks_exact(4) {
                    let p = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
                    points.push((p, i as u16));
                }
            }
        }
        // Made in node order: among equal points the last one made is the later server,
        // which keeps the point (see the module documentation).
        crate::order::sort_by_key_stable(&mut points, |p| u64::from(p.0));
        let mut kept: Vec<(u32, u16)> = Vec::with_capacity(points.len());
        for p in points {
            match kept.last_mut() {
                Some(last) if last.0 == p.0 => *last = p,
                _ => kept.push(p),
            }
        }
        Ok(Ketama {
            points: kept,
            groups,
            n_nodes: nodes.len(),
        })
    }

    /// The continuum of equally weighted servers.
    pub fn unweighted<S: AsRef<str>>(names: &[S]) -> Result<Ketama, ZooError> {
        let nodes: Vec<Node> = names.iter().map(|n| Node::new(n.as_ref())).collect();
        Ketama::new(&nodes)
    }

    /// How many servers it places keys on.
    pub fn n_nodes(&self) -> usize {
        self.n_nodes
    }

    /// The points, ascending, with their server's index.
    pub fn points(&self) -> &[(u32, u16)] {
        &self.points
    }

    /// Digests per server (`points = 4 × groups`, before collisions).
    pub fn groups(&self) -> &[u32] {
        &self.groups
    }

    /// The index of the point owning ketama hash `h`: the first at or after it, wrapping.
    /// The continuum always has points (the heaviest server gets at least 40 groups).
    pub fn point_for(&self, h: u32) -> usize {
        let i = self.points.partition_point(|p| p.0 < h);
        if i == self.points.len() {
            0
        } else {
            i
        }
    }

    /// The server owning ketama hash `h`.
    pub fn owner_of_hashi(&self, h: u32) -> usize {
        self.points
            .get(self.point_for(h))
            .map_or(0, |p| usize::from(p.1))
    }

    /// The server owning the key at the lab's position `key_hash` (see [`hashi_of_position`]).
    pub fn owner(&self, key_hash: u64) -> usize {
        self.owner_of_hashi(hashi_of_position(key_hash))
    }

    /// `min(r, servers)` distinct servers walking clockwise from point `start`, its own
    /// first. A server whose weight is too small for a single digest has no point: such
    /// servers come last, in list order, so that a replica set always has its length.
    pub fn replicas_from(&self, start: usize, r: usize) -> Vec<u16> {
        let r = r.min(self.n_nodes);
        let mut chosen: Vec<u16> = Vec::with_capacity(r);
        let n = self.points.len();
        for step in 0..n {
            if chosen.len() >= r {
                break;
            }
            let node = self.points[(start + step) % n].1;
            if !chosen.contains(&node) {
                chosen.push(node);
            }
        }
        for i in 0..self.n_nodes as u16 {
            if chosen.len() >= r {
                break;
            }
            if !chosen.contains(&i) {
                chosen.push(i);
            }
        }
        chosen
    }

    /// Each server's share of the 2^32 hash space: the arcs ending at its points.
    pub fn shares(&self) -> Vec<f64> {
        let mut shares = vec![0.0f64; self.n_nodes];
        let Some(&(last, _)) = self.points.last() else {
            return shares;
        };
        let mut prev = last;
        for &(p, node) in &self.points {
            let len = match p.wrapping_sub(prev) {
                0 => 1u64 << 32,
                l => u64::from(l),
            };
            shares[usize::from(node)] += len as f64 / 4_294_967_296.0;
            prev = p;
        }
        shares
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nodes(spec: &[(&str, f64)]) -> Vec<Node> {
        spec.iter().map(|&(n, w)| Node::weighted(n, w)).collect()
    }

    #[test]
    fn groups_follow_the_weight_share() {
        assert_eq!(groups(&[1.0, 1.0, 1.0]), [40, 40, 40]);
        // libketama's sample list (weights are memory sizes): what uhashring 2.5 builds.
        let w = [600.0, 300.0, 200.0, 350.0, 1000.0, 800.0, 950.0, 100.0];
        assert_eq!(groups(&w), [44, 22, 14, 26, 74, 59, 70, 7]);
        assert_eq!(groups(&[1.0, 2.0]), [26, 53]); // 80/3 and 160/3, floored
    }

    #[test]
    fn a_key_goes_to_the_first_point_at_or_after_its_hash() {
        let k = Ketama::new(&nodes(&[("10.0.0.1:11211", 1.0), ("10.0.0.2:11211", 1.0)]))
            .expect("valid");
        let pts = k.points();
        assert_eq!(pts.len(), 320);
        assert!(pts.windows(2).all(|w| w[0].0 < w[1].0));
        let p = pts[10].0;
        assert_eq!(k.point_for(p), 10, "a hash on a point belongs to it");
        assert_eq!(k.point_for(p + 1), 11);
        assert_eq!(k.point_for(pts[0].0), 0);
        assert_eq!(
            k.point_for(u32::MAX),
            if pts[319].0 == u32::MAX { 319 } else { 0 }
        );
        // The key "{server}-0" hashes onto that server's first point.
        let h = hashi(b"10.0.0.2:11211-0");
        assert_eq!(k.owner_of_hashi(h), 1);
        assert_eq!(pts[k.point_for(h)].0, h);
    }

    #[test]
    fn the_position_gives_the_same_hash_as_the_key() {
        for key in ["", "a", "P-2026-000001", "日本語"] {
            let pos = crate::hash::hash_key(key);
            assert_eq!(hashi_of_position(pos), hashi(key.as_bytes()), "{key:?}");
        }
    }

    #[test]
    fn shares_cover_the_space_and_follow_weights() {
        let k = Ketama::new(&nodes(&[("a", 1.0), ("b", 3.0)])).expect("valid");
        let s = k.shares();
        assert!((s[0] + s[1] - 1.0).abs() < 1e-9);
        assert!(s[1] > 2.0 * s[0], "{s:?}");
        assert_eq!(k.groups(), [20, 60]);
    }

    #[test]
    fn replicas_are_distinct_servers_clockwise() {
        let k = Ketama::unweighted(&["a", "b", "c"]).expect("valid");
        for start in [0, 5, k.points().len() - 1] {
            let r = k.replicas_from(start, 3);
            assert_eq!(r.len(), 3);
            assert_eq!(r[0], k.points()[start].1);
            assert!(r[0] != r[1] && r[1] != r[2] && r[0] != r[2]);
        }
    }

    #[test]
    fn a_server_too_light_for_a_digest_has_no_point_but_still_a_replica_place() {
        let k = Ketama::new(&nodes(&[("a", 1000.0), ("b", 0.1), ("c", 0.1)])).expect("valid");
        assert_eq!(k.groups(), [119, 0, 0]);
        assert!(k.points().iter().all(|p| p.1 == 0));
        assert_eq!(k.replicas_from(0, 3), [0, 1, 2]);
        assert_eq!(k.replicas_from(5, 2), [0, 1]);
        assert_eq!(k.shares(), [1.0, 0.0, 0.0]);
        // The strategy with as many copies as servers: every key gets all three.
        let mut config =
            crate::Config::new(crate::Strategy::Ketama, ["a", "b", "c"]).with_replicas(3);
        config.nodes[0].weight = 1000.0;
        config.nodes[1].weight = 0.1;
        config.nodes[2].weight = 0.1;
        let keys = crate::KeySet::lesson(500).expect("valid");
        let a = crate::assign(&keys, &config).expect("valid");
        assert_eq!(a.counts(3), [500, 0, 0]);
        for slot in 0..500 {
            assert_eq!(a.replica_set(slot), [0, 1, 2]);
        }
    }

    #[test]
    fn bad_weights_are_refused() {
        for w in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(matches!(
                Ketama::new(&nodes(&[("a", 1.0), ("b", w)])),
                Err(ZooError::Config(ConfigError::InvalidWeight { .. }))
            ));
        }
        assert_eq!(Ketama::new(&[]), Err(ZooError::NoNodes));
    }
}
