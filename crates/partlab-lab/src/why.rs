//! "Why this key": what the key path shows beyond the key's hash, in each strategy's own
//! terms (issue #11).
//!
//! - Ring strategies (the ring, bounded loads): a [`Magnifier`], the stretch of the ring
//!   around the key with the vnode before it, the vnode that owns it (by name and number)
//!   and the vnodes the replica walk picks, so a key 0.5° from its owner on a dense ring can
//!   still be seen.
//! - Rendezvous: every node's score of `"{node}|{key}"` (MD5, first 8 bytes big-endian, as
//!   the lesson computes it; weighted when the weights differ), sorted best first: the owner
//!   is the first row and the replicas the next ones.
//! - Jump and mod N: the arithmetic in one line, with the hash written out.
//! - Maglev and multi-probe: the table entry or the probes, in one sentence.
//! - Ketama: the key's 32-bit hash, the continuum point that owns it and the digest
//!   (`md5("{server}-{k}")`, which four bytes) that made the point, in one line.
//!
//! "Replicas" means the same thing everywhere here and on the page: the whole replica set,
//! owner first (as the CLI's `locate` prints it).
//!
//! Everything is computed from the lab's configuration and the core (no web crate), so the
//! numbers are tested natively; the page only lays them out and the magnifier only draws
//! [`Magnifier::x_of`].

use partlab_core::config::Strategy;
use partlab_core::hash::{angle_deg, rendezvous_score};
use partlab_core::order::{descending, sort_by_key_stable, total_order_key};
use partlab_core::strategy::{jump_hash, weighted_score, RingPoint};

use crate::base::text::tr;
use crate::i18n::{fmt_dec, fmt_int};
use crate::model::{KeyPath, Lab, PathDetail};
use crate::state::Lang;

/// What a vnode mark in the magnifier is to the selected key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The vnode just before the key (counter-clockwise): its arc ends where the owner's
    /// begins.
    Previous,
    /// The first vnode clockwise from the key: it owns the key.
    Owner,
    /// A vnode the replica walk picks after the owner (a further copy).
    Replica,
    /// Another vnode that happens to fall in the magnified stretch.
    Other,
}

/// One vnode in or near the magnified stretch.
#[derive(Clone, Debug, PartialEq, Hash)]
pub struct VnodeMark {
    /// Its label `name#i`, as it is hashed.
    pub label: String,
    /// Colour slot of its node.
    pub colour: usize,
    /// Its ring position.
    pub position: u64,
    /// What it is to the key.
    pub role: Role,
}

impl VnodeMark {
    /// Its angle clockwise from the top, in degrees.
    pub fn angle_deg(&self) -> f64 {
        angle_deg(self.position)
    }
}

/// The stretch of the ring around a selected key.
#[derive(Clone, Debug, PartialEq, Hash)]
pub struct Magnifier {
    /// The key's ring position.
    pub key: u64,
    /// The vnode just before the key.
    pub previous: VnodeMark,
    /// The vnode that owns the key (the first at or after it, clockwise).
    pub owner: VnodeMark,
    /// The replica walk's vnodes after the owner, in walk order (one per further node).
    pub replicas: Vec<VnodeMark>,
    /// Every vnode inside the stretch (previous and owner included), clockwise.
    pub marks: Vec<VnodeMark>,
    /// Start of the stretch, as a ring offset before the key (in ring units, 2^64 a turn).
    pub before: u64,
    /// End of the stretch, as a ring offset after the key.
    pub after: u64,
}

/// Most vnodes drawn in the stretch: past this the stretch is narrowed (the previous and
/// owning vnodes always stay).
pub const MAX_MARKS: usize = 24;

impl Magnifier {
    /// The magnifier around `key` on the ring `points` (sorted clockwise, as the core keeps
    /// them), with `replicas` copies; `colour_of` gives a node's colour slot, `name_of` its
    /// name. `None` for an empty ring.
    pub fn around(
        points: &[RingPoint],
        key: u64,
        replicas: usize,
        colour_of: impl Fn(usize) -> usize,
        name_of: impl Fn(usize) -> String,
    ) -> Option<Magnifier> {
        if points.is_empty() {
            return None;
        }
        let n = points.len();
        // The owner: the first point at or after the key, wrapping to the first one.
        let owner_i = points.partition_point(|p| p.position < key) % n;
        let prev_i = (owner_i + n - 1) % n;
        let mark = |i: usize, role: Role| {
            let p = points[i];
            VnodeMark {
                label: format!("{}#{}", name_of(p.node as usize), p.vnode),
                colour: colour_of(p.node as usize),
                position: p.position,
                role,
            }
        };
        // The replica walk: clockwise from the owner, the first vnode of each node not yet
        // holding a copy (the core's `Ring::replicas_from`).
        let mut walk = vec![owner_i];
        let mut seen = vec![points[owner_i].node];
        for step in 1..n {
            if walk.len() >= replicas {
                break;
            }
            let i = (owner_i + step) % n;
            if !seen.contains(&points[i].node) {
                seen.push(points[i].node);
                walk.push(i);
            }
        }
        // The stretch: both neighbours with a margin of half the larger gap on each side.
        let gap_before = key.wrapping_sub(points[prev_i].position);
        let gap_after = points[owner_i].position.wrapping_sub(key);
        let margin = (gap_before.max(gap_after) / 2).max(1);
        let mut before = gap_before.saturating_add(margin);
        let mut after = gap_after.saturating_add(margin);
        // Keep the stretch below half a turn, so that "before" and "after" stay apart.
        let half = u64::MAX / 2;
        before = before.min(half / 2);
        after = after.min(half / 2);
        before = before.max(gap_before);
        after = after.max(gap_after);
        let role_of = |i: usize| {
            if i == owner_i {
                Role::Owner
            } else if i == prev_i {
                Role::Previous
            } else if walk.contains(&i) {
                Role::Replica
            } else {
                Role::Other
            }
        };
        let inside = |i: usize, before: u64, after: u64| {
            let p = points[i].position;
            key.wrapping_sub(p) <= before && p != key || p.wrapping_sub(key) <= after
        };
        // Walk outwards from the neighbours (a dense ring has few points in the stretch;
        // a sparse one may put most of them there: then it is narrowed).
        let mut marks_i: Vec<usize> = Vec::new();
        for i in (0..n.min(MAX_MARKS * 2)).map(|d| (prev_i + n - d % n) % n) {
            if !inside(i, before, after) || marks_i.contains(&i) {
                break;
            }
            marks_i.push(i);
            if marks_i.len() >= MAX_MARKS / 2 {
                break;
            }
        }
        for i in (0..n.min(MAX_MARKS * 2)).map(|d| (owner_i + d) % n) {
            if !inside(i, before, after) || marks_i.contains(&i) {
                break;
            }
            marks_i.push(i);
            if marks_i.len() >= MAX_MARKS {
                break;
            }
        }
        if !marks_i.contains(&prev_i) {
            marks_i.push(prev_i);
        }
        if !marks_i.contains(&owner_i) {
            marks_i.push(owner_i);
        }
        // Narrow the stretch to the marks kept.
        let far_before = marks_i
            .iter()
            .map(|&i| key.wrapping_sub(points[i].position))
            .filter(|&d| d <= before)
            .max()
            .unwrap_or(gap_before);
        let far_after = marks_i
            .iter()
            .map(|&i| points[i].position.wrapping_sub(key))
            .filter(|&d| d <= after)
            .max()
            .unwrap_or(gap_after);
        let pad = (far_before.max(far_after) / 8).max(1);
        before = before.min(far_before.saturating_add(pad));
        after = after.min(far_after.saturating_add(pad));
        let mut marks: Vec<VnodeMark> = marks_i.iter().map(|&i| mark(i, role_of(i))).collect();
        partlab_core::order::sort_by_key_stable(&mut marks, |m| {
            m.position.wrapping_sub(key.wrapping_sub(before))
        });
        marks.dedup_by_key(|m| m.position);
        Some(Magnifier {
            key,
            previous: mark(prev_i, Role::Previous),
            owner: mark(owner_i, Role::Owner),
            replicas: walk
                .iter()
                .skip(1)
                .map(|&i| mark(i, Role::Replica))
                .collect(),
            marks,
            before,
            after,
        })
    }

    /// Where ring position `position` falls across a strip `width` wide (0 at the stretch's
    /// start), or `None` outside the stretch.
    pub fn x_of(&self, position: u64, width: f64) -> Option<f64> {
        let start = self.key.wrapping_sub(self.before);
        let offset = position.wrapping_sub(start);
        let span = self.before.saturating_add(self.after).max(1);
        (offset <= span).then(|| offset as f64 / span as f64 * width)
    }

    /// The stretch's width in degrees.
    pub fn span_deg(&self) -> f64 {
        (self.before as f64 + self.after as f64) / 2f64.powi(64) * 360.0
    }

    /// The magnifier in words, for screen readers (and for anyone who prefers text): the
    /// key, the previous vnode, the owner and the replicas, each at its angle.
    pub fn describe(&self, lang: Lang) -> String {
        let at = |m: &VnodeMark| format!("{} {} {}°", m.label, at_word(lang), deg(lang, m));
        let mut parts = vec![
            format!(
                "{} {} {}°",
                tr(lang, WhyText::Key),
                at_word(lang),
                fmt_dec(lang, angle_deg(self.key), 2)
            ),
            format!(
                "{} {}",
                tr(lang, WhyText::PreviousVnode),
                at(&self.previous)
            ),
            format!("{} {}", tr(lang, WhyText::Owner), at(&self.owner)),
        ];
        if !self.replicas.is_empty() {
            parts.push(format!(
                "{} {}",
                tr(lang, WhyText::OtherReplicas),
                self.replicas.iter().map(at).collect::<Vec<_>>().join(", ")
            ));
        }
        let mut s = parts.join("; ");
        s.push('.');
        s
    }
}

fn at_word(lang: Lang) -> &'static str {
    tr(lang, WhyText::At)
}

fn deg(lang: Lang, m: &VnodeMark) -> String {
    fmt_dec(lang, m.angle_deg(), 2)
}

/// One node's rendezvous score for the selected key.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// The node's name.
    pub node: String,
    /// Colour slot of the node.
    pub colour: usize,
    /// `hash("{node}|{key}")`: MD5, first 8 bytes big-endian.
    pub raw: u64,
    /// The weighted score `−w / ln(u)` when the nodes' weights differ (the core uses it
    /// then, and only then).
    pub weighted: Option<f64>,
    /// Its place in the replica set (0 = owner), or `None` when it holds no copy.
    pub copy: Option<usize>,
}

/// By the bits of the weighted score, so that a page can tell whether a "why" changed
/// without writing it out (and without the float formatter that `Debug` would bring).
impl std::hash::Hash for Score {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.node.hash(state);
        self.colour.hash(state);
        self.raw.hash(state);
        self.weighted.map(f64::to_bits).hash(state);
        self.copy.hash(state);
    }
}

/// Every node's rendezvous score for `key`, best first (the core's order: the weighted
/// score when weights differ, then the raw score; on a tie the earlier node). The first
/// `replicas` rows hold the copies.
pub fn rendezvous_scores(lab: &Lab, key: &str, replicas: usize) -> Vec<Score> {
    let nodes = &lab.config().nodes;
    let equal = nodes.iter().all(|n| n.weight == nodes[0].weight);
    let mut rows: Vec<(usize, Score)> = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let raw = rendezvous_score(&n.name, key);
            (
                i,
                Score {
                    node: n.name.clone(),
                    colour: lab.colour_of(i),
                    raw,
                    weighted: (!equal).then(|| weighted_score(raw, n.weight)),
                    copy: None,
                },
            )
        })
        .collect();
    // Highest weighted score first, then highest raw score, then the earlier node: two stable
    // sorts of rows in node order, the last key last (with the page's one sort).
    sort_by_key_stable(&mut rows, |(_, s)| descending(s.raw));
    if !equal {
        sort_by_key_stable(&mut rows, |(_, s)| {
            descending(total_order_key(s.weighted.unwrap_or(f64::NEG_INFINITY)))
        });
    }
    rows.into_iter()
        .enumerate()
        .map(|(rank, (_, mut s))| {
            s.copy = (rank < replicas).then_some(rank);
            s
        })
        .collect()
}

/// The whole "why this key" of the selected key, for the strategy on screen.
#[derive(Clone, Debug, PartialEq, Hash)]
pub enum Why {
    /// `hash mod n = rem`.
    Modulo {
        /// The key's hash.
        hash: u64,
        /// Node count.
        n: u32,
        /// The remainder: the owner's number.
        rem: u64,
    },
    /// `jump(hash, n) = bucket`.
    Jump {
        /// The key's hash.
        hash: u64,
        /// Bucket (node) count.
        n: u32,
        /// The bucket: the owner's number.
        bucket: u32,
    },
    /// The ring, or bounded loads (with its cap when the key's successor was full).
    Ring {
        /// The stretch around the key.
        magnifier: Magnifier,
        /// Bounded loads: the node the loads sent the key to when it is not the owning
        /// vnode's (the successor was full).
        passed_on_to: Option<String>,
    },
    /// Every node's score, best first.
    Rendezvous {
        /// The scores.
        scores: Vec<Score>,
    },
    /// Maglev's lookup-table entry.
    Maglev {
        /// The key's hash.
        hash: u64,
        /// Table size `M`.
        size: u64,
        /// `hash mod M`.
        entry: u64,
        /// The backend in that entry.
        owner: String,
    },
    /// Multi-probe: `k` probes, the closest node point wins.
    MultiProbe {
        /// Probes per key.
        probes: u32,
        /// The winner.
        owner: String,
    },
    /// Ketama: the first continuum point at or after the key's 32-bit hash.
    Ketama {
        /// The first 4 bytes of the key's MD5, little-endian.
        hashi: u32,
        /// The owning point.
        point: u32,
        /// Whether the key's hash is past the largest point (the owner is the smallest).
        wrapped: bool,
        /// The text whose MD5 made the point, `"{server}-{k}"`.
        label: String,
        /// Which four bytes of that digest (0 … 3: bytes `4i … 4i+4`).
        part: u8,
        /// The server.
        owner: String,
    },
}

/// The "why" of `path` (the lab's selected key), or `None` when the strategy has nothing to
/// add (an empty ring).
pub fn why(lab: &Lab, path: &KeyPath) -> Option<Why> {
    let config = lab.config();
    let n = config.nodes.len() as u32;
    let replicas = config.replicas as usize;
    let owner = path.nodes.first().map(|(name, _)| name.clone())?;
    Some(match config.strategy {
        Strategy::Modulo => Why::Modulo {
            hash: path.hash,
            n,
            rem: path.hash % u64::from(n.max(1)),
        },
        Strategy::Jump => Why::Jump {
            hash: path.hash,
            n,
            bucket: jump_hash(path.hash, n),
        },
        Strategy::Ring | Strategy::Bounded => {
            let points = lab.ring_points()?;
            let magnifier = Magnifier::around(
                points,
                path.hash,
                replicas,
                |i| lab.colour_of(i),
                |i| {
                    config
                        .nodes
                        .get(i)
                        .map(|n| n.name.clone())
                        .unwrap_or_default()
                },
            )?;
            let successor = magnifier
                .owner
                .label
                .rsplit_once('#')
                .map(|(name, _)| name.to_owned());
            let passed_on_to = (successor.as_deref() != Some(owner.as_str())).then_some(owner);
            Why::Ring {
                magnifier,
                passed_on_to,
            }
        }
        Strategy::Rendezvous => Why::Rendezvous {
            scores: rendezvous_scores(lab, &path.key, replicas),
        },
        Strategy::Maglev => {
            let size = config.params.table_size.max(1);
            Why::Maglev {
                hash: path.hash,
                size,
                entry: path.hash % size,
                owner,
            }
        }
        Strategy::MultiProbe => Why::MultiProbe {
            probes: config.params.probes,
            owner,
        },
        Strategy::Ketama => {
            let PathDetail::Ketama { hashi, point } = path.detail else {
                return None;
            };
            let (label, part) = ketama_origin(config, &owner, point)?;
            Why::Ketama {
                hashi,
                point,
                wrapped: point < hashi,
                label,
                part,
                owner,
            }
        }
    })
}

/// The digest of `owner` that made ketama point `point`: its label `"{owner}-{k}"` and which
/// four bytes. At most the owner's groups (40 per average weight) are hashed.
fn ketama_origin(config: &partlab_core::Config, owner: &str, point: u32) -> Option<(String, u8)> {
    use partlab_core::zoo::ketama::groups;
    let weights: Vec<f64> = config.nodes.iter().map(|n| n.weight).collect();
    let idx = config.nodes.iter().position(|n| n.name == owner)?;
    let g = groups(&weights).get(idx).copied()?;
    (0..g).find_map(|k| {
        let label = format!("{owner}-{k}");
        let hex = partlab_core::hash::md5_hex(&label);
        (0..4u8).find_map(|part| {
            let i = usize::from(part) * 8;
            let bytes = u32::from_str_radix(hex.get(i..i + 8)?, 16).ok()?;
            // The hex digits are the bytes in order; ketama reads them little-endian.
            (bytes.swap_bytes() == point).then(|| (label.clone(), part))
        })
    })
}

/// The arithmetic (mod N, jump, Maglev) in one line, e.g. `8779125658872768130 mod 4 = 2`,
/// then one sentence on what it does; `None` for the strategies explained otherwise.
pub fn arithmetic(lang: Lang, why: &Why) -> Option<(String, &'static str)> {
    match why {
        Why::Modulo { hash, n, rem } => Some((
            format!("{} mod {n} = {rem}", fmt_int(lang, *hash)),
            tr(lang, WhyText::ModNRule),
        )),
        Why::Jump { hash, n, bucket } => Some((
            format!("jump({}, {n}) = {bucket}", fmt_int(lang, *hash)),
            tr(lang, WhyText::JumpRule),
        )),
        Why::Maglev {
            hash, size, entry, ..
        } => Some((
            format!(
                "{} mod {} = {}",
                fmt_int(lang, *hash),
                fmt_int(lang, *size),
                fmt_int(lang, *entry)
            ),
            tr(lang, WhyText::MaglevRule),
        )),
        Why::Ketama {
            hashi,
            point,
            wrapped,
            label,
            part,
            ..
        } => {
            let (a, b) = (u32::from(*part) * 4, u32::from(*part) * 4 + 4);
            let from = if *wrapped {
                format!("{} → ↻", fmt_int(lang, u64::from(*hashi)))
            } else {
                format!("{} ≤", fmt_int(lang, u64::from(*hashi)))
            };
            Some((
                format!(
                    "{from} {} = md5(\"{label}\")[{a}..{b}]",
                    fmt_int(lang, u64::from(*point))
                ),
                tr(lang, WhyText::KetamaRule),
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Msg;

    use partlab_core::hash::{hash_key, md5_hex};

    /// `md5("{node}|{key}")`'s first 8 bytes big-endian, from the hex digest: a computation
    /// that does not go through `rendezvous_score`.
    fn independent_score(node: &str, key: &str) -> u64 {
        let hex = md5_hex(&format!("{node}|{key}"));
        u64::from_str_radix(&hex[..16], 16).expect("hex")
    }

    fn lab(fragment: &str, key: &str) -> Lab {
        let mut lab = Lab::from_fragment(fragment, Lang::En);
        lab.update(Msg::LookupKey(key.to_owned()));
        lab
    }

    #[test]
    fn rendezvous_scores_are_every_node_sorted_and_match_md5() {
        for key in ["P-2026-000042", "P-2026-000001", "P-2026-099999", "x"] {
            let lab = lab("s=rendezvous&r=2", key);
            let path = lab.key_path().expect("a key is selected");
            let Some(Why::Rendezvous { scores }) = why(&lab, &path) else {
                panic!("rendezvous gives scores");
            };
            let names: Vec<&str> = lab.config().nodes.iter().map(|n| n.name.as_str()).collect();
            assert_eq!(scores.len(), names.len());
            let mut want: Vec<(u64, &str)> = names
                .iter()
                .map(|n| (independent_score(n, key), *n))
                .collect();
            want.sort_by(|a, b| b.cmp(a));
            let got: Vec<(u64, &str)> = scores.iter().map(|s| (s.raw, s.node.as_str())).collect();
            assert_eq!(got, want, "{key}");
            // The copies are the first rows, in the path's order (owner first).
            let placed: Vec<&str> = path.nodes.iter().map(|(n, _)| n.as_str()).collect();
            let copies: Vec<&str> = scores
                .iter()
                .filter(|s| s.copy.is_some())
                .map(|s| s.node.as_str())
                .collect();
            assert_eq!(copies, placed, "{key}");
            assert_eq!(scores[0].copy, Some(0));
        }
    }

    #[test]
    fn weighted_rendezvous_sorts_by_the_weighted_score_and_agrees_with_the_core() {
        let lab = lab("s=rendezvous&w=4,1,1,1&r=3", "P-2026-000007");
        let path = lab.key_path().expect("selected");
        let Some(Why::Rendezvous { scores }) = why(&lab, &path) else {
            panic!("scores");
        };
        assert!(scores.iter().all(|s| s.weighted.is_some()));
        assert!(scores
            .windows(2)
            .all(|w| w[0].weighted.unwrap_or(0.0) >= w[1].weighted.unwrap_or(0.0)));
        let copies: Vec<&str> = scores.iter().take(3).map(|s| s.node.as_str()).collect();
        let placed: Vec<&str> = path.nodes.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(copies, placed);
    }

    #[test]
    fn the_magnifier_shows_the_vnodes_either_side_of_the_key() {
        for key in ["P-2026-000042", "P-2026-031337", "P-2026-000001"] {
            let lab = lab("s=ring&v=150&r=3", key);
            let path = lab.key_path().expect("selected");
            let Some(Why::Ring { magnifier: m, .. }) = why(&lab, &path) else {
                panic!("a ring gives a magnifier");
            };
            let h = hash_key(key);
            assert_eq!(m.key, h);
            let points = lab.ring_points().expect("ring");
            // Independently: the largest position below the key and the smallest at or
            // above it (wrapping).
            let prev = points
                .iter()
                .filter(|p| p.position < h)
                .max_by_key(|p| p.position)
                .or_else(|| points.iter().max_by_key(|p| p.position))
                .expect("points");
            let next = points
                .iter()
                .filter(|p| p.position >= h)
                .min_by_key(|p| p.position)
                .or_else(|| points.iter().min_by_key(|p| p.position))
                .expect("points");
            assert_eq!(m.previous.position, prev.position);
            assert_eq!(m.owner.position, next.position);
            let name = &lab.config().nodes[next.node as usize].name;
            assert_eq!(m.owner.label, format!("{name}#{}", next.vnode));
            // The owning vnode's node is the path's owner; the walk's nodes its replicas.
            let walk: Vec<&str> = std::iter::once(&m.owner)
                .chain(&m.replicas)
                .map(|v| v.label.rsplit_once('#').map_or("", |(n, _)| n))
                .collect();
            let placed: Vec<&str> = path.nodes.iter().map(|(n, _)| n.as_str()).collect();
            assert_eq!(walk, placed);
            // Both neighbours are drawn, left and right of the key.
            let w = 300.0;
            let kx = m.x_of(h, w).expect("key inside");
            let px = m.x_of(m.previous.position, w).expect("previous inside");
            let ox = m.x_of(m.owner.position, w).expect("owner inside");
            assert!(px < kx && kx <= ox, "{px} {kx} {ox}");
            assert!(m.marks.iter().any(|v| v.role == Role::Owner));
            assert!(m.marks.iter().any(|v| v.role == Role::Previous));
            assert!(m.marks.len() <= MAX_MARKS + 2);
            for v in &m.marks {
                assert!(m.x_of(v.position, w).is_some(), "{v:?}");
            }
            // The words carry the same angles.
            let text = m.describe(Lang::En);
            assert!(text.contains(&m.owner.label), "{text}");
            assert!(text.contains(&m.previous.label), "{text}");
            assert!(
                text.contains(&format!("{:.2}°", angle_deg(m.owner.position))),
                "{text}"
            );
            for r in &m.replicas {
                assert!(text.contains(&r.label), "{text}");
            }
        }
    }

    #[test]
    fn the_magnifier_wraps_around_zero() {
        // Points near both ends of the ring and a key just past zero.
        let pts = [
            RingPoint {
                position: 10,
                node: 0,
                vnode: 0,
            },
            RingPoint {
                position: u64::MAX / 2,
                node: 1,
                vnode: 0,
            },
            RingPoint {
                position: u64::MAX - 5,
                node: 1,
                vnode: 1,
            },
        ];
        let m = Magnifier::around(&pts, 3, 2, |i| i, |i| format!("n{i}")).expect("ring");
        assert_eq!(m.previous.label, "n1#1");
        assert_eq!(m.owner.label, "n0#0");
        assert_eq!(m.replicas.len(), 1);
        assert_eq!(m.replicas[0].label, "n1#0");
        let (px, kx, ox) = (
            m.x_of(u64::MAX - 5, 100.0).expect("in"),
            m.x_of(3, 100.0).expect("in"),
            m.x_of(10, 100.0).expect("in"),
        );
        assert!(px < kx && kx < ox);
        // A key past the last point is owned by the first one.
        let m = Magnifier::around(&pts, u64::MAX - 1, 1, |i| i, |i| format!("n{i}")).expect("r");
        assert_eq!(m.owner.label, "n0#0");
        assert_eq!(m.previous.label, "n1#1");
    }

    #[test]
    fn arithmetic_lines_carry_the_hash_the_node_count_and_the_result() {
        let key = "P-2026-000042";
        let h = hash_key(key);
        for (fragment, n) in [("s=modulo", 4u32), ("s=jump", 4), ("s=jump&n=a,b,c,d,e", 5)] {
            let mut lab = lab(fragment, key);
            lab.update(Msg::SetLang(Lang::En));
            let path = lab.key_path().expect("selected");
            assert_eq!(lab.config().nodes.len() as u32, n);
            let w = why(&lab, &path).expect("why");
            let (line, sentence) = arithmetic(Lang::En, &w).expect("a line");
            let owner_idx = lab
                .config()
                .nodes
                .iter()
                .position(|x| x.name == path.nodes[0].0)
                .expect("owner");
            let want = if fragment.starts_with("s=modulo") {
                format!("{} mod {n} = {}", fmt_int(Lang::En, h), h % u64::from(n))
            } else {
                format!("jump({}, {n}) = {owner_idx}", fmt_int(Lang::En, h))
            };
            assert_eq!(line, want);
            assert_eq!(
                line.rsplit(' ').next(),
                Some(owner_idx.to_string().as_str())
            );
            assert!(sentence.ends_with('.'));
            for lang in [Lang::Ca, Lang::En] {
                let (l, s) = arithmetic(lang, &w).expect("line");
                assert!(l.contains(&fmt_int(lang, h)) && !s.is_empty());
            }
        }
        // Maglev: the entry is hash mod M.
        let lab = lab("s=maglev", key);
        let path = lab.key_path().expect("selected");
        let w = why(&lab, &path).expect("why");
        let Why::Maglev { size, entry, .. } = &w else {
            panic!("maglev");
        };
        assert_eq!(*entry, h % size);
        let (line, _) = arithmetic(Lang::En, &w).expect("line");
        assert!(line.ends_with(&format!("= {}", fmt_int(Lang::En, h % size))));
    }

    /// Every point of every server from the hex digests (a computation apart from the core's
    /// continuum): the key's owner is the first at or after its hash, and the line names the
    /// digest that made it.
    #[test]
    fn ketama_names_the_owning_point_and_its_digest() {
        for (fragment, key) in [
            ("s=ketama", "P-2026-000042"),
            ("s=ketama&w=4,1,1,1", "P-2026-000001"),
            ("s=ketama&w=1,2,1,3", "x"),
        ] {
            let lab = lab(fragment, key);
            let path = lab.key_path().expect("selected");
            let w = why(&lab, &path).expect("why");
            let Why::Ketama {
                hashi,
                point,
                wrapped,
                label,
                part,
                owner,
            } = &w
            else {
                panic!("ketama: {w:?}");
            };
            let hex = md5_hex(key);
            let want_hashi = u32::from_str_radix(&hex[..8], 16)
                .expect("hex")
                .swap_bytes();
            assert_eq!(*hashi, want_hashi);
            let config = lab.config();
            let total: f64 = config.nodes.iter().map(|n| n.weight).sum();
            let n = config.nodes.len() as f64;
            let mut points: Vec<(u32, String, String, u8)> = Vec::new();
            for node in &config.nodes {
                let groups = (40.0 * n * node.weight / total).floor() as u32;
                for k in 0..groups {
                    let l = format!("{}-{k}", node.name);
                    let d = md5_hex(&l);
                    for i in 0..4u8 {
                        let at = usize::from(i) * 8;
                        let v = u32::from_str_radix(&d[at..at + 8], 16).expect("hex");
                        points.push((v.swap_bytes(), node.name.clone(), l.clone(), i));
                    }
                }
            }
            points.sort();
            let first = points
                .iter()
                .find(|p| p.0 >= want_hashi)
                .unwrap_or(&points[0]);
            assert_eq!(
                (*point, owner, label, *part),
                (first.0, &first.1, &first.2, first.3),
                "{fragment}"
            );
            assert_eq!(*wrapped, first.0 < want_hashi);
            assert_eq!(path.nodes[0].0, *owner);
            let (line, sentence) = arithmetic(Lang::En, &w).expect("line");
            assert!(
                line.contains(&fmt_int(Lang::En, u64::from(want_hashi))),
                "{line}"
            );
            assert!(line.contains(&format!("md5(\"{label}\")")), "{line}");
            assert!(sentence.contains("little-endian"));
        }
    }
}

crate::base::text::texts! {
    /// The words of the "why this key" panel.
    pub enum WhyText {
        /// The width of the magnified stretch of the ring.
        Span => ("Amplada del tros: {span}°.", "Width of the stretch: {span}°.", "Anchura del tramo: {span}°."),
        /// Why a key went past a full node under bounded loads.
        PassedOn => ("Amb càrregues acotades, el node del node virtual propietari ja era ple (al límit ⌈c·m/n⌉) quan hi va arribar aquesta clau: ha passat al següent node amb lloc, {to}.", "With bounded loads, the owning vnode's node was already full (at the cap ⌈c·m/n⌉) when this key came: it went on to the next node with room, {to}.", "Con cargas acotadas, el nodo del nodo virtual propietario ya estaba lleno (en el límite ⌈c·m/n⌉) cuando llegó esta clave: ha pasado al siguiente nodo con sitio, {to}."),
        /// How multi-probe chose the owner.
        MultiProbe => ("Multi-probe fa {k} sondes a partir del hash de la clau (doble hash) i, per a cada sonda, busca el primer punt de node en sentit horari; guanya el node el punt del qual queda més a prop d'una sonda: {owner}.", "Multi-probe makes {k} probes from the key's hash (double hashing) and, for each probe, finds the first node point clockwise; the node whose point is closest after a probe wins: {owner}.", "Multi-probe hace {k} sondas a partir del hash de la clave (doble hash) y, para cada sonda, busca el primer punto de nodo en sentido horario; gana el nodo cuyo punto queda más cerca de una sonda: {owner}."),
        Key => ("clau", "key", "clave"),
        PreviousVnode => ("node virtual anterior", "previous vnode", "nodo virtual anterior"),
        Owner => ("propietari", "owner", "propietario"),
        OtherReplicas => ("altres rèpliques", "other replicas", "otras réplicas"),
        At => ("a", "at", "en"),
        ModNRule => ("El residu de dividir el hash pel nombre de nodes és el número del node propietari (comptant des de 0).", "The remainder of the hash divided by the number of nodes is the owner's number (counting from 0).", "El resto de dividir el hash por el número de nodos es el número del nodo propietario (contando desde 0)."),
        JumpRule => ("Jump fa servir el hash com a llavor d'uns salts pseudoaleatoris per les caselles 0, 1, 2…; la darrera casella on cau abans de passar del nombre de nodes és el número del propietari. Amb un node més, només salten al nou node les claus que hi han de anar.", "Jump uses the hash to seed a series of pseudo-random jumps through buckets 0, 1, 2…; the last bucket it lands on before passing the number of nodes is the owner's number. With one more node, only the keys that belong on the new node jump to it.", "Jump usa el hash como semilla de unos saltos pseudoaleatorios por las casillas 0, 1, 2…; la última casilla en la que cae antes de pasar del número de nodos es el número del propietario. Con un nodo más, solo saltan al nuevo nodo las claves que deben ir a él."),
        MaglevRule => ("Maglev omple una taula de M caselles amb els nodes (cada node segons la seva permutació); la clau va al node de la casella «hash mod M».", "Maglev fills a table of M entries with the nodes (each node following its own permutation); the key goes to the node in entry \"hash mod M\".", "Maglev llena una tabla de M casillas con los nodos (cada nodo según su permutación); la clave va al nodo de la casilla «hash mod M»."),
        KetamaRule => ("Ketama llegeix els 4 primers bytes de l'MD5 de la clau com un nombre little-endian i dona la clau al primer punt igual o posterior en un cercle de 2³² posicions (passat el punt més gran, torna al més petit). Cada servidor té 40 resums MD5 de «servidor-k» per cada part de pes, i cada resum dona quatre punts.", "Ketama reads the first 4 bytes of the key's MD5 as a little-endian number and gives the key to the first point at or after it on a circle of 2³² positions (past the largest point it wraps to the smallest). Each server has 40 MD5 digests of \"server-k\" per share of weight, each cut into four points.", "Ketama lee los 4 primeros bytes del MD5 de la clave como un número little-endian y da la clave al primer punto igual o posterior en un círculo de 2³² posiciones (pasado el punto más grande, vuelve al más pequeño). Cada servidor tiene 40 resúmenes MD5 de «servidor-k» por cada parte de peso, y cada resumen da cuatro puntos."),
    }
    test the_panel_words_are_whole_in_every_language(
        same_as_english: [],
        same_in_ca_and_es: [],
    );
}
