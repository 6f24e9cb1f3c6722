//! Section 9 of the lesson: request routing. The same cluster and request stream under the
//! three designs, while one partition moves from node to node:
//!
//! - [`Design::AnyNode`]: a client asks any node; a node that does not own the key forwards it
//!   to the owner in its own view of the map, learnt by gossip (views converge round by round).
//! - [`Design::RoutingTier`]: a client asks a router, which forwards to the owner; the router
//!   watches a coordinator and learns a move a moment after it happens.
//! - [`Design::AwareClient`]: a client keeps a copy of the map and asks the owner directly; a
//!   stale copy is corrected by the node it reaches: `ASK` while the partition is migrating
//!   (this key only, the copy is kept), `MOVED` once it has moved (the copy is updated).
//!
//! A moving partition's keys migrate one by one over `migrate_ms`; the map changes (the move is
//! published) when the last key has arrived. The old owner knows where every key it sent went,
//! so a request that reaches it late is forwarded or redirected, never lost.
//!
//! Plus the coordinator with leases ([`lease_timeline`]): a node publishes its partitions with a
//! lease it refreshes; when it dies, the entries expire within the TTL and watchers see the
//! partitions without owner until a new owner is chosen.

use crate::rng::SplitMix64;

/// Most nodes.
pub const MAX_NODES: u32 = 32;
/// Most partitions.
pub const MAX_PARTITIONS: u32 = 256;
/// Most requests simulated in one run.
pub const MAX_REQUESTS: u64 = 200_000;

/// The three designs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Design {
    /// (a) any node, forwarding; the map spread by gossip.
    AnyNode,
    /// (b) a routing tier watching a coordinator.
    RoutingTier,
    /// (c) a partition-aware client with a cached map.
    AwareClient,
}

impl Design {
    /// The three, in the lesson's order.
    pub const ALL: [Design; 3] = [Design::AnyNode, Design::RoutingTier, Design::AwareClient];
}

/// The routing simulation's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RoutingConfig {
    /// Nodes.
    pub nodes: u32,
    /// Partitions (dealt round robin).
    pub partitions: u32,
    /// Requests a second, spread evenly in time, each for a random partition.
    pub requests_per_sec: u32,
    /// Seconds simulated.
    pub seconds: u32,
    /// When the moving partition starts migrating (ms).
    pub move_at_ms: u32,
    /// How long its keys take to migrate (ms); the map changes at the end.
    pub migrate_ms: u32,
    /// A gossip round every this many ms: each node exchanges its view with one random peer.
    pub gossip_ms: u32,
    /// How long after the map changes the router hears of it (ms).
    pub watch_ms: u32,
    /// Clients with their own cached map (design c).
    pub clients: u32,
    /// The seed of the request stream and of gossip's peers.
    pub seed: u64,
}

impl Default for RoutingConfig {
    fn default() -> Self {
        RoutingConfig {
            nodes: 6,
            partitions: 12,
            requests_per_sec: 120,
            seconds: 20,
            move_at_ms: 3_000,
            migrate_ms: 2_000,
            gossip_ms: 1_000,
            watch_ms: 50,
            clients: 8,
            seed: 2026,
        }
    }
}

impl RoutingConfig {
    fn clamped(&self) -> RoutingConfig {
        let nodes = self.nodes.clamp(2, MAX_NODES);
        let seconds = self.seconds.clamp(1, 600);
        let max_rps = (MAX_REQUESTS / u64::from(seconds)).max(1) as u32;
        RoutingConfig {
            nodes,
            partitions: self.partitions.clamp(1, MAX_PARTITIONS),
            requests_per_sec: self.requests_per_sec.clamp(1, max_rps),
            seconds,
            gossip_ms: self.gossip_ms.max(10),
            clients: self.clients.clamp(1, 1_000),
            ..*self
        }
    }

    /// The moving partition: partition 0.
    pub fn moving(&self) -> u32 {
        0
    }

    /// Its owner before the move (node 0, by round robin) and after (the last node).
    pub fn move_nodes(&self) -> (u32, u32) {
        let c = self.clamped();
        (0, c.nodes - 1)
    }

    /// When the map changes: the end of the migration.
    pub fn flip_ms(&self) -> u64 {
        u64::from(self.move_at_ms) + u64::from(self.migrate_ms)
    }
}

/// One request's trip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Trip {
    /// When it was sent (ms).
    pub at_ms: u64,
    /// Its partition.
    pub partition: u32,
    /// The node that owned its key when it was sent.
    pub owner: u32,
    /// The node it ended at.
    pub ended_at: u32,
    /// Network hops from the client to the node that answered.
    pub hops: u32,
    /// Forwards or redirects because a view was stale or the key was migrating.
    pub extra: u32,
    /// Whether a redirect was `MOVED` (the client's copy updated).
    pub moved: bool,
    /// Whether a redirect was `ASK` (this key only).
    pub ask: bool,
}

/// One second of a design's timeline.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RouteSecond {
    /// The second (0 first).
    pub t: u32,
    /// Requests sent in it.
    pub requests: u32,
    /// Mean hops per request.
    pub mean_hops: f64,
    /// Requests with an extra forward or a redirect.
    pub redirected: u32,
    /// Requests that failed (none arrive at a wrong node: kept to show that).
    pub failed: u32,
    /// Participants (nodes, router or clients) whose map is stale at the end of the second.
    pub stale_views: u32,
}

/// A design's whole run.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RouteRun {
    /// The design.
    pub design: Design,
    /// Every request.
    pub trips: Vec<Trip>,
    /// Per second.
    pub seconds: Vec<RouteSecond>,
    /// When every participant agrees again, in ms after the map changed (`None`: not within
    /// the run).
    pub agree_after_ms: Option<u64>,
    /// Participants holding a copy of the map.
    pub participants: u32,
}

impl RouteRun {
    /// Mean hops over the run.
    pub fn mean_hops(&self) -> f64 {
        let h: u64 = self.trips.iter().map(|t| u64::from(t.hops)).sum();
        h as f64 / self.trips.len().max(1) as f64
    }

    /// Requests with a forward or redirect.
    pub fn redirected(&self) -> u64 {
        self.trips.iter().filter(|t| t.extra > 0).count() as u64
    }
}

/// The request stream: `(time ms, partition, key's migration fraction in 0..1 as u32,
/// entry choice)`.
fn requests(c: &RoutingConfig) -> Vec<(u64, u32, u32, u32)> {
    let mut rng = SplitMix64::new(c.seed);
    let total = u64::from(c.requests_per_sec) * u64::from(c.seconds);
    (0..total)
        .map(|i| {
            let at = i * 1_000 / u64::from(c.requests_per_sec);
            let p = rng.below(u64::from(c.partitions)) as u32;
            let frac = rng.below(1 << 16) as u32;
            let who = rng.below(u64::from(u32::MAX)) as u32;
            (at, p, frac, who)
        })
        .collect()
}

/// Where a key is at `at`: the moving partition's keys go from `from` to `to` one by one
/// over the migration (a key whose fraction is below the progress has gone).
fn key_owner(c: &RoutingConfig, p: u32, frac: u32, at: u64) -> u32 {
    let (from, to) = c.move_nodes();
    if p != c.moving() {
        return p % c.nodes;
    }
    let start = u64::from(c.move_at_ms);
    if at < start {
        return from;
    }
    if at >= c.flip_ms() {
        return to;
    }
    let progress = (at - start) * (1 << 16) / u64::from(c.migrate_ms.max(1));
    if u64::from(frac) < progress {
        to
    } else {
        from
    }
}

/// Runs one design.
pub fn run(design: Design, cfg: &RoutingConfig) -> RouteRun {
    let c = cfg.clamped();
    let (from, to) = c.move_nodes();
    let flip = c.flip_ms();
    let reqs = requests(&c);
    let participants = match design {
        Design::AnyNode => c.nodes,
        Design::RoutingTier => 1,
        Design::AwareClient => c.clients,
    };
    // Whether each participant's map has the move (the other partitions never change).
    let mut knows = vec![false; participants as usize];
    // When each participant learnt it (ms).
    let mut learnt: Vec<Option<u64>> = vec![None; participants as usize];
    let mut gossip_rng = SplitMix64::new(crate::rng::sub_seed(c.seed, 9));
    let mut next_round = flip;
    let mut flipped = false;
    let mut trips = Vec::with_capacity(reqs.len());
    let mut seconds: Vec<RouteSecond> = (0..c.seconds)
        .map(|t| RouteSecond {
            t,
            ..RouteSecond::default()
        })
        .collect();
    let mut hops_sum = vec![0u64; c.seconds as usize];
    let mut req_i = 0;
    for sec in 0..c.seconds {
        let end = u64::from(sec + 1) * 1_000;
        loop {
            // The next event: a request, the flip, a gossip round.
            // Events at `end` or later belong to the next second.
            let next_req = reqs.get(req_i).map_or(u64::MAX, |r| r.0).min(end);
            let due = |at: u64| at <= next_req && at < end;
            if !flipped && due(flip) {
                flipped = true;
                match design {
                    // The old and the new owner know at once.
                    Design::AnyNode => {
                        for n in [from, to] {
                            knows[n as usize] = true;
                            learnt[n as usize] = Some(flip);
                        }
                        next_round = flip + u64::from(c.gossip_ms);
                    }
                    Design::RoutingTier | Design::AwareClient => {}
                }
                continue;
            }
            if design == Design::RoutingTier
                && flipped
                && !knows[0]
                && due(flip + u64::from(c.watch_ms))
            {
                knows[0] = true;
                learnt[0] = Some(flip + u64::from(c.watch_ms));
                continue;
            }
            if design == Design::AnyNode && flipped && due(next_round) {
                // Push-pull: each node exchanges views with one random other node.
                let before = knows.clone();
                for n in 0..c.nodes {
                    let mut peer = gossip_rng.below(u64::from(c.nodes - 1)) as u32;
                    if peer >= n {
                        peer += 1;
                    }
                    if before[n as usize] || before[peer as usize] {
                        for x in [n, peer] {
                            if !knows[x as usize] {
                                knows[x as usize] = true;
                                learnt[x as usize] = Some(next_round);
                            }
                        }
                    }
                }
                next_round += u64::from(c.gossip_ms);
                continue;
            }
            let Some(&(at, p, frac, who)) = reqs.get(req_i).filter(|r| r.0 < end) else {
                break;
            };
            req_i += 1;
            let owner = key_owner(&c, p, frac, at);
            // The node a map sends the partition to.
            let view = |knows_move: bool| -> u32 {
                if p == c.moving() {
                    if knows_move {
                        to
                    } else {
                        from
                    }
                } else {
                    p % c.nodes
                }
            };
            let mut trip = Trip {
                at_ms: at,
                partition: p,
                owner,
                ended_at: owner,
                hops: 1,
                extra: 0,
                moved: false,
                ask: false,
            };
            // A node asked for a key it does not hold forwards it: only the old owner can be
            // asked so (maps name the old or the new owner), and it knows where the key went.
            let mut node = match design {
                Design::AnyNode => {
                    let entry = who % c.nodes;
                    let target = view(knows[entry as usize]);
                    if entry == owner || target == entry {
                        entry
                    } else {
                        trip.hops += 1;
                        target
                    }
                }
                Design::RoutingTier => {
                    trip.hops += 1;
                    view(knows[0])
                }
                Design::AwareClient => view(knows[(who % c.clients) as usize]),
            };
            if node != owner {
                trip.hops += 1;
                trip.extra += 1;
                if design == Design::AwareClient {
                    if at >= flip {
                        trip.moved = true;
                        let client = (who % c.clients) as usize;
                        if !knows[client] {
                            knows[client] = true;
                            learnt[client] = Some(at);
                        }
                    } else {
                        trip.ask = true;
                    }
                }
                node = owner;
            }
            trip.ended_at = node;
            let s = &mut seconds[sec as usize];
            s.requests += 1;
            hops_sum[sec as usize] += u64::from(trip.hops);
            if trip.extra > 0 {
                s.redirected += 1;
            }
            trips.push(trip);
        }
        let s = &mut seconds[sec as usize];
        s.mean_hops = hops_sum[sec as usize] as f64 / f64::from(s.requests.max(1));
        s.stale_views = if flipped {
            knows.iter().filter(|k| !**k).count() as u32
        } else {
            0
        };
    }
    let agree_after_ms = if knows.iter().all(|k| *k) {
        learnt
            .iter()
            .map(|l| l.unwrap_or(flip).saturating_sub(flip))
            .max()
    } else {
        None
    };
    RouteRun {
        design,
        trips,
        seconds,
        agree_after_ms,
        participants,
    }
}

/// The coordinator-with-leases sketch's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LeaseConfig {
    /// The lease's time to live (s).
    pub ttl_s: u32,
    /// The node refreshes its lease every this many seconds (etcd clients: a third of the TTL).
    pub refresh_s: u32,
    /// When the node dies (ms).
    pub die_at_ms: u64,
    /// How long after an entry expires watchers hear of it (ms).
    pub watch_ms: u64,
    /// How long a controller takes to give an ownerless partition a new owner (s).
    pub reassign_s: u32,
    /// The node's partitions.
    pub partitions: u32,
    /// Requests a second for those partitions.
    pub requests_per_sec: u32,
    /// Seconds shown.
    pub seconds: u32,
}

impl Default for LeaseConfig {
    fn default() -> Self {
        LeaseConfig {
            ttl_s: 15,
            refresh_s: 5,
            die_at_ms: 12_000,
            watch_ms: 50,
            reassign_s: 5,
            partitions: 4,
            requests_per_sec: 100,
            seconds: 60,
        }
    }
}

/// What happens to a node's entries when it dies.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LeaseTimeline {
    /// The last refresh before the death (ms).
    pub last_refresh_ms: u64,
    /// When the lease expires and the entries vanish (ms).
    pub expires_ms: u64,
    /// When watchers see the partitions without owner (ms).
    pub seen_ms: u64,
    /// When a new owner publishes them (ms).
    pub reassigned_ms: u64,
    /// Per second: `(entries of the node in the map, partitions without owner, requests
    /// answered, requests sent to the dead node, requests refused for lack of an owner)`.
    pub seconds: Vec<LeaseSecond>,
}

/// One second of the lease timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LeaseSecond {
    /// The second.
    pub t: u32,
    /// The dead node's entries still in the map at the end of the second.
    pub entries: u32,
    /// The new owner's entries for those partitions in the map at the end of the second
    /// (published once the controller has reassigned them).
    pub new_entries: u32,
    /// Partitions watchers see without owner at the end of the second.
    pub ownerless: u32,
    /// Requests answered.
    pub ok: u32,
    /// Requests sent to the dead node (they time out).
    pub to_dead: u32,
    /// Requests refused at once: the map says no owner.
    pub no_owner: u32,
}

/// The lease timeline.
pub fn lease_timeline(cfg: &LeaseConfig) -> LeaseTimeline {
    let ttl = u64::from(cfg.ttl_s.clamp(1, 600)) * 1_000;
    let refresh = (u64::from(cfg.refresh_s) * 1_000).clamp(1, ttl);
    let die = cfg.die_at_ms;
    // Refreshes at 0, refresh, 2 × refresh, …; the last one at or before the death counts.
    let last_refresh_ms = die / refresh * refresh;
    let expires_ms = last_refresh_ms + ttl;
    let seen_ms = expires_ms + cfg.watch_ms;
    let reassigned_ms = seen_ms + u64::from(cfg.reassign_s) * 1_000;
    let rps = cfg.requests_per_sec.clamp(1, 10_000);
    let parts = cfg.partitions.clamp(1, MAX_PARTITIONS);
    let seconds = (0..cfg.seconds.clamp(1, 3_600))
        .map(|t| {
            let mut s = LeaseSecond {
                t,
                ..LeaseSecond::default()
            };
            let end = u64::from(t + 1) * 1_000;
            s.entries = if end <= expires_ms { parts } else { 0 };
            s.new_entries = if end > reassigned_ms { parts } else { 0 };
            s.ownerless = if end > seen_ms && end <= reassigned_ms {
                parts
            } else {
                0
            };
            for i in 0..rps {
                let at = u64::from(t) * 1_000 + u64::from(i) * 1_000 / u64::from(rps);
                if at < die || at >= reassigned_ms {
                    s.ok += 1;
                } else if at < seen_ms {
                    s.to_dead += 1;
                } else {
                    s.no_owner += 1;
                }
            }
            s
        })
        .collect();
    LeaseTimeline {
        last_refresh_ms,
        expires_ms,
        seen_ms,
        reassigned_ms,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_request_ends_at_the_owner_of_its_key() {
        for design in Design::ALL {
            for cfg in [
                RoutingConfig::default(),
                RoutingConfig {
                    nodes: 3,
                    partitions: 2,
                    gossip_ms: 300,
                    migrate_ms: 0,
                    seed: 5,
                    ..RoutingConfig::default()
                },
            ] {
                let r = run(design, &cfg);
                assert_eq!(
                    r.trips.len() as u64,
                    u64::from(cfg.requests_per_sec) * u64::from(cfg.seconds)
                );
                for t in &r.trips {
                    assert_eq!(t.ended_at, t.owner, "{design:?} {t:?}");
                    // The owner is the key's owner at the time, recomputed independently.
                    let (from, to) = cfg.move_nodes();
                    if t.partition != 0 {
                        assert_eq!(t.owner, t.partition % cfg.nodes);
                    } else if t.at_ms < u64::from(cfg.move_at_ms) {
                        assert_eq!(t.owner, from);
                    } else if t.at_ms >= cfg.flip_ms() {
                        assert_eq!(t.owner, to);
                    }
                }
            }
        }
    }

    #[test]
    fn hops_follow_each_design() {
        let cfg = RoutingConfig::default();
        let a = run(Design::AnyNode, &cfg);
        let b = run(Design::RoutingTier, &cfg);
        let c = run(Design::AwareClient, &cfg);
        // Before the move: a router always costs two hops, an aware client one, any node one
        // or two.
        let early = |r: &RouteRun| r.trips.iter().filter(|t| t.at_ms < 3_000).count();
        assert!(early(&b) > 0);
        assert!(b
            .trips
            .iter()
            .filter(|t| t.at_ms < 3_000)
            .all(|t| t.hops == 2));
        assert!(c
            .trips
            .iter()
            .filter(|t| t.at_ms < 3_000)
            .all(|t| t.hops == 1));
        assert!(a.trips.iter().all(|t| (1..=3).contains(&t.hops)));
        // Stale maps cost redirects in every design, and the aware client learns by MOVED.
        assert!(c.trips.iter().any(|t| t.ask));
        assert!(c.trips.iter().any(|t| t.moved));
        assert!(c.trips.iter().all(|t| !t.moved || t.at_ms >= cfg.flip_ms()));
        // The router agrees after its watch delay; gossip after whole rounds.
        assert_eq!(b.agree_after_ms, Some(50));
        let gossip = a.agree_after_ms.expect("gossip converges in 15 s");
        assert!(gossip >= 1_000 && gossip.is_multiple_of(1_000), "{gossip}");
        assert!(a.mean_hops() > c.mean_hops() && b.mean_hops() > c.mean_hops());
    }

    #[test]
    fn a_lease_expires_within_its_ttl() {
        for ttl in [1, 5, 15, 30] {
            for die in [0u64, 1, 999, 4_999, 5_000, 12_345, 29_999] {
                let l = lease_timeline(&LeaseConfig {
                    ttl_s: ttl,
                    refresh_s: (ttl / 3).max(1),
                    die_at_ms: die,
                    ..LeaseConfig::default()
                });
                assert!(l.expires_ms > die, "ttl {ttl} die {die}");
                assert!(
                    l.expires_ms - die <= u64::from(ttl) * 1_000,
                    "ttl {ttl} die {die}"
                );
                assert!(l.last_refresh_ms <= die);
            }
        }
        let l = lease_timeline(&LeaseConfig::default());
        assert_eq!((l.last_refresh_ms, l.expires_ms), (10_000, 25_000));
        let lost: u32 = l.seconds.iter().map(|s| s.to_dead + s.no_owner).sum();
        assert!(lost > 0);
        assert!(l.seconds.iter().any(|s| s.ownerless == 4));
        assert_eq!(l.seconds.last().map(|s| s.ok), Some(100));
        // Each second, the four partitions are the dead node's entries, ownerless, or the
        // new owner's entries, which the coordinator holds from its publication on.
        for s in &l.seconds {
            assert_eq!(s.entries + s.ownerless + s.new_entries, 4, "{s:?}");
            assert_eq!(s.new_entries, if s.t >= 30 { 4 } else { 0 }, "{s:?}");
        }
    }
}
