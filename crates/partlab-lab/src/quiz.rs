//! Predict, then reveal: an optional question in each chapter that has a change or a measure.
//!
//! A question set is a seed (`quiz=<seed>` in the address) and a position in it (`qi=<index>`).
//! Each question is drawn from `(chapter, seed, index)` with the core's SplitMix64, so one
//! link gives a class the same questions and another seed gives other figures. The correct
//! answer is computed by `partlab-core` (the same functions the chapters and the CLI call);
//! the student's guess, typed into the page, is parsed here without panicking and graded
//! against it. Nothing is stored or sent anywhere: the page only shows the verdict.
//!
//! ```
//! use partlab_lab::chapters::ChapterId;
//! use partlab_lab::quiz::{question, QuizSet};
//!
//! let set = QuizSet { seed: 7, index: 0 };
//! let q = question(ChapterId::Ring, set).expect("the ring chapter has questions");
//! let answer = q.solve().expect("generated questions are solvable");
//! // The same seed gives the same question, with the same answer.
//! assert_eq!(question(ChapterId::Ring, set), Some(q));
//! assert_eq!(q.grade(answer, &answer.plain()).map(|v| v.correct), Ok(true));
//! ```

use partlab_core::compare::{moved, Algo, Change, Params};
use partlab_core::config::{Config, Strategy};
use partlab_core::hash::{hash_key, lesson_key};
use partlab_core::keys::KeySet;
use partlab_core::stats::Movement;
use partlab_core::strategy::Partitioner;
use partlab_km0::calendar::{Timestamp, DAY_SECS};
use partlab_km0::hash_keys::{consecutive, partition, time_range_partition};
use partlab_km0::hot_keys::zipf_weights;
use partlab_km0::indexes::slow_probability;
use partlab_km0::rebalancing::{key_slot, FixedLayout};
use partlab_km0::replication::{node_name, Cluster};
use partlab_km0::rng::{sub_seed, SplitMix64};
use partlab_km0::routing::{lease_timeline, LeaseConfig};
use partlab_km0::workload::{Market, PRODUCERS};

use crate::base::text::{fill, texts, tr};
use crate::chapters::ChapterId;
pub use crate::chapters::{
    parse_index, parse_seed, QuizSet, MAX_INDEX, MAX_SEED_DIGITS, QUIZ_FIELD, QUIZ_INDEX_FIELD,
};
use crate::i18n::{fmt_dec, fmt_int, fmt_pct, strategy_name};
use crate::state::Lang;

/// The longest guess the page reads (a student's typing, bounded before any parsing).
pub const MAX_GUESS_CHARS: usize = 32;
/// The lesson's keys every key-moving question places (`P-2026-000001 …`): enough for a
/// share to be within a fraction of a point of the chapter's 100 000, cheap to hash in a
/// click.
pub const QUIZ_KEYS: usize = 10_000;
/// How far (percentage points) a share may be from the core's and still count as right.
pub const PERCENT_TOLERANCE: f64 = 5.0;

/// Node names the questions use: the lesson's cluster first, then its joining node, then more
/// towns in the same style.
const POOL: [&str; 10] = [
    "inv-bcn", "inv-vlc", "inv-gir", "inv-lle", "inv-tar", "inv-pal", "inv-cas", "inv-reu",
    "inv-vic", "inv-and",
];

/// The kinds of question a chapter draws from; empty for chapters without one.
fn kinds(chapter: ChapterId) -> &'static [Kind] {
    match chapter {
        ChapterId::ModN => &[Kind::ModuloJoin, Kind::ModuloOwner],
        ChapterId::Ring => &[Kind::RingJoin, Kind::RingJoin, Kind::RingOwner],
        ChapterId::Rendezvous => &[Kind::RendezvousLeave, Kind::JumpJoin, Kind::RendezvousOwner],
        ChapterId::Rebalancing => &[Kind::FixedJoin, Kind::SameSlot],
        ChapterId::Replication => &[Kind::ReplicaLoss],
        ChapterId::HotKeys => &[Kind::HottestShare],
        ChapterId::Compare => &[Kind::CompareJoin],
        ChapterId::HashKeys => &[Kind::HashPartition, Kind::HashRun],
        ChapterId::Ranges => &[Kind::TimePartition],
        ChapterId::Indexes => &[Kind::SlowChance],
        ChapterId::Routing => &[Kind::LeaseExpiry],
        ChapterId::ChoosingKeys => &[Kind::KeyPartitions],
        ChapterId::Teachers => &[],
    }
}

/// Whether `chapter` offers questions.
pub fn covers(chapter: ChapterId) -> bool {
    !kinds(chapter).is_empty()
}

/// The chapters that offer questions, in the lab's order.
pub fn chapters() -> impl Iterator<Item = ChapterId> {
    ChapterId::ALL.iter().copied().filter(|c| covers(*c))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    ModuloJoin,
    ModuloOwner,
    RingJoin,
    RingOwner,
    RendezvousLeave,
    JumpJoin,
    RendezvousOwner,
    FixedJoin,
    SameSlot,
    ReplicaLoss,
    HottestShare,
    CompareJoin,
    HashPartition,
    HashRun,
    TimePartition,
    SlowChance,
    LeaseExpiry,
    KeyPartitions,
}

/// How the two keys of a Redis slot question are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tagging {
    /// `{user42}.following` and `{user42}.followers`: the same hash tag.
    SameTag,
    /// `user42.following` and `user42.followers`: no tag, the whole keys are hashed.
    NoTag,
    /// `{}user42.following` and `{}user42.followers`: an empty tag counts as none.
    EmptyTag,
}

/// One question, with every parameter it was drawn with (the answer is [`Question::solve`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Question {
    /// `hash mod N`, `nodes` → `nodes + 1`: the share of keys that move.
    ModuloJoin {
        /// Nodes before the change.
        nodes: u32,
    },
    /// The ring with `vnodes` per node, a node joins `nodes`: the share of keys that move.
    RingJoin {
        /// Nodes before the change.
        nodes: u32,
        /// Virtual nodes per node.
        vnodes: u32,
    },
    /// Rendezvous over `nodes`, the node `leaver` leaves: the share of keys that move.
    RendezvousLeave {
        /// Nodes before the change.
        nodes: u32,
        /// Index of the node that leaves.
        leaver: u32,
    },
    /// Jump hash, `nodes` → `nodes + 1` buckets: the share of keys that move.
    JumpJoin {
        /// Buckets before the change.
        nodes: u32,
    },
    /// Which of `nodes` nodes owns the lesson's key number `key` under `strategy` (the ring
    /// with 150 vnodes).
    Owner {
        /// mod N, the ring or rendezvous.
        strategy: Strategy,
        /// Nodes.
        nodes: u32,
        /// The key's number (`P-2026-…`).
        key: u64,
    },
    /// The fixed scheme: `partitions` partitions dealt over `nodes`, a node joins: how many
    /// partitions move.
    FixedJoin {
        /// Partitions (fixed for ever).
        partitions: u32,
        /// Nodes before the change.
        nodes: u32,
    },
    /// Redis Cluster: do two keys of user `user`, written as `tagging` says, share a slot.
    SameSlot {
        /// The user number in the keys.
        user: u32,
        /// How the keys are written.
        tagging: Tagging,
    },
    /// `partitions` partitions round robin on `nodes` nodes with `rf` copies; node `failed`
    /// fails: how many partitions have no copy left.
    ReplicaLoss {
        /// Nodes.
        nodes: u32,
        /// Partitions.
        partitions: u32,
        /// Copies per partition.
        rf: u32,
        /// The node that fails.
        failed: u32,
    },
    /// Zipf popularity over `keys` products with exponent `exponent_centi / 100`: the share
    /// of requests for the most popular one.
    HottestShare {
        /// Products.
        keys: u32,
        /// The exponent `s` in hundredths.
        exponent_centi: u32,
    },
    /// An algorithm of the comparison, a node joins `nodes`: the share of keys that move.
    CompareJoin {
        /// The algorithm (default parameters).
        algo: Algo,
        /// Nodes before the change.
        nodes: u32,
    },
    /// Hash partitioning (section 3): which of `partitions` partitions holds the order
    /// `P-2026-{key:06}` (MD5's first 8 bytes, big-endian, mod the partitions).
    HashPartition {
        /// Partitions.
        partitions: u32,
        /// The order's number.
        key: u64,
    },
    /// Hash partitioning (section 3): how many of `partitions` partitions the `count`
    /// consecutive orders from `P-2026-{from:06}` land on (a range of ids, scattered).
    HashRun {
        /// Partitions.
        partitions: u32,
        /// The first order's number.
        from: u64,
        /// How many consecutive orders.
        count: u32,
    },
    /// Range partitioning by creation time (section 2): a campaign of `days` days cut into
    /// `partitions` equal time ranges; which one holds an order created on day `day`
    /// (1-based) at `hour`:00.
    TimePartition {
        /// Partitions.
        partitions: u32,
        /// The campaign's days.
        days: u32,
        /// The order's day, 1-based.
        day: u32,
        /// The order's hour (0–23).
        hour: u32,
    },
    /// Scatter/gather over a local index (section 4): the chance (%) that at least one of
    /// `partitions` partitions, each slow with probability `per_10k / 10 000`, is slow.
    SlowChance {
        /// Partitions the query waits for.
        partitions: u32,
        /// One partition's chance of being slow, per 10 000.
        per_10k: u32,
    },
    /// A coordinator's lease (section 9): TTL `ttl_s`, refreshed every `ttl_s / 3` s from 0;
    /// the node dies at second `die_s`: the second its entries expire.
    LeaseExpiry {
        /// The lease's time to live (s).
        ttl_s: u32,
        /// When the node dies (s).
        die_s: u32,
    },
    /// Choosing keys (section 10): orders hashed by the market (`by_producer` false) or by
    /// the producer over `partitions` partitions: how many partitions can ever get an order.
    KeyPartitions {
        /// Partitions.
        partitions: u32,
        /// Keyed by the producer rather than the market.
        by_producer: bool,
    },
}

/// The question `set.index` of the set `set.seed` in `chapter`; `None` for a chapter without
/// questions. Any seed and index give a question (the index is read modulo nothing: every
/// index draws afresh from its own stream).
pub fn question(chapter: ChapterId, set: QuizSet) -> Option<Question> {
    let kinds = kinds(chapter);
    if kinds.is_empty() {
        return None;
    }
    let chapter_code = ChapterId::ALL
        .iter()
        .position(|c| *c == chapter)
        .unwrap_or(0) as u64;
    // One independent stream per chapter and question: a chapter's questions do not shift
    // when another chapter gains a kind.
    let mut rng = SplitMix64::new(sub_seed(
        set.seed,
        (chapter_code << 32) | u64::from(set.index),
    ));
    let mut pick = |from: u32, to: u32| from + rng.below(u64::from(to - from + 1)) as u32;
    let kind = kinds[pick(0, kinds.len() as u32 - 1) as usize];
    let q = match kind {
        Kind::ModuloJoin => Question::ModuloJoin { nodes: pick(2, 8) },
        Kind::RingJoin => Question::RingJoin {
            nodes: pick(3, 8),
            vnodes: [2, 10, 50, 150][pick(0, 3) as usize],
        },
        Kind::RendezvousLeave => {
            let nodes = pick(3, 8);
            Question::RendezvousLeave {
                nodes,
                leaver: pick(0, nodes - 1),
            }
        }
        Kind::JumpJoin => Question::JumpJoin { nodes: pick(2, 9) },
        Kind::ModuloOwner | Kind::RingOwner | Kind::RendezvousOwner => Question::Owner {
            strategy: match kind {
                Kind::ModuloOwner => Strategy::Modulo,
                Kind::RingOwner => Strategy::Ring,
                _ => Strategy::Rendezvous,
            },
            nodes: pick(3, 6),
            key: u64::from(pick(1, 99_999)),
        },
        Kind::FixedJoin => Question::FixedJoin {
            partitions: [12, 16, 24, 32, 60, 64, 100, 128][pick(0, 7) as usize],
            nodes: pick(3, 9),
        },
        Kind::SameSlot => Question::SameSlot {
            user: pick(1, 9_999),
            tagging: [Tagging::SameTag, Tagging::NoTag, Tagging::EmptyTag][pick(0, 2) as usize],
        },
        Kind::ReplicaLoss => {
            let nodes = pick(3, 8);
            Question::ReplicaLoss {
                nodes,
                partitions: pick(nodes, 24),
                rf: pick(1, 3),
                failed: pick(0, nodes - 1),
            }
        }
        Kind::HottestShare => Question::HottestShare {
            keys: [100, 1_000, 10_000][pick(0, 2) as usize],
            exponent_centi: [80, 100, 120, 150][pick(0, 3) as usize],
        },
        Kind::CompareJoin => Question::CompareJoin {
            algo: [Algo::Modulo, Algo::Jump, Algo::Maglev, Algo::MultiProbe][pick(0, 3) as usize],
            nodes: pick(3, 9),
        },
        Kind::HashPartition => Question::HashPartition {
            partitions: pick(3, 8),
            key: u64::from(pick(1, 999_999)),
        },
        Kind::HashRun => Question::HashRun {
            partitions: pick(3, 8),
            from: u64::from(pick(1, 999_990)),
            count: pick(3, 8),
        },
        Kind::TimePartition => {
            let days = [28, 30, 60, 90, 120][pick(0, 4) as usize];
            Question::TimePartition {
                partitions: pick(3, 8),
                days,
                day: pick(1, days),
                hour: pick(0, 23),
            }
        }
        Kind::SlowChance => Question::SlowChance {
            partitions: [4, 8, 12, 16, 32, 64][pick(0, 5) as usize],
            per_10k: [10, 50, 100, 200, 500][pick(0, 4) as usize],
        },
        Kind::LeaseExpiry => Question::LeaseExpiry {
            // The study chapter's TTLs divisible by 3, so a refresh falls on whole seconds.
            ttl_s: [6, 9, 12, 15, 30][pick(0, 4) as usize],
            die_s: pick(1, 40),
        },
        Kind::KeyPartitions => Question::KeyPartitions {
            partitions: pick(4, 16),
            by_producer: pick(0, 1) == 1,
        },
    };
    Some(q)
}

/// The correct answer, as the core computes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Answer {
    /// A share in percent (0–100).
    Percent(f64),
    /// A whole number.
    Count(u64),
    /// The index of the right option in [`Question::choices`].
    Choice(usize),
}

impl Answer {
    /// The answer as a student would type it (a number with a dot, or the option's index):
    /// what tests and the CLI's answer key feed back to [`Question::grade`].
    pub fn plain(self) -> String {
        match self {
            Answer::Percent(p) => format!("{p:.1}"),
            Answer::Count(c) => c.to_string(),
            Answer::Choice(i) => i.to_string(),
        }
    }
}

/// What the student answers with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A number from 0 to 100 (a share in %).
    Percent,
    /// A whole number from 0 to [`Question::max_count`].
    Count,
    /// One of [`Question::choices`].
    Choice,
}

/// A question whose answer the core refused to compute (data only; never expected for a
/// generated question, but a broken one must not panic the page).
#[derive(Clone, Debug, PartialEq)]
pub struct Unsolvable;

/// Why a typed guess was not read. A closed set, each with a sentence for the student.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuessError {
    /// Nothing typed (or only spaces).
    Empty,
    /// Longer than [`MAX_GUESS_CHARS`].
    TooLong,
    /// Not a number.
    NotANumber,
    /// A number with a fraction where a whole one is asked.
    NotWhole,
    /// Outside the question's range.
    OutOfRange {
        /// The least allowed.
        min: u64,
        /// The most allowed.
        max: u64,
    },
    /// No option picked (or one that is not offered).
    NoChoice,
}

impl GuessError {
    /// The sentence shown under the input.
    pub fn message(self, lang: Lang) -> String {
        match self {
            GuessError::Empty => tr(lang, QuizText::Empty).to_owned(),
            GuessError::TooLong => fill(
                lang,
                QuizText::TooLong,
                &[("max_guess_chars", &MAX_GUESS_CHARS)],
            ),
            GuessError::NotANumber => tr(lang, QuizText::NotANumber).to_owned(),
            GuessError::NotWhole => tr(lang, QuizText::NotWhole).to_owned(),
            GuessError::OutOfRange { min, max } => {
                let (min, max) = (fmt_int(lang, min), fmt_int(lang, max));
                fill(lang, QuizText::OutOfRange, &[("min", &min), ("max", &max)])
            }
            GuessError::NoChoice => tr(lang, QuizText::NoChoice).to_owned(),
        }
    }
}

/// A guess as read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Guess {
    /// A share in percent.
    Percent(f64),
    /// A whole number.
    Count(u64),
    /// An option's index.
    Choice(usize),
}

/// A graded guess.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// What the student said.
    pub guess: Guess,
    /// Whether it counts as right (within [`PERCENT_TOLERANCE`] for a share, exact otherwise).
    pub correct: bool,
}

fn names(n: u32) -> Vec<String> {
    POOL.iter()
        .take(n as usize)
        .map(|s| (*s).to_owned())
        .collect()
}

/// The first `n` names but the one at `leaver`: the nodes left after it goes.
fn names_without(n: u32, leaver: u32) -> Vec<String> {
    let mut rest = names(n);
    if (leaver as usize) < rest.len() {
        rest.remove(leaver as usize);
    }
    rest
}

/// The share (%) of the lesson's first [`QUIZ_KEYS`] keys whose owner changes from `before`
/// to `after` (both validated by the core).
fn moved_share(before: &Config, after: &Config) -> Result<f64, Unsolvable> {
    let keys = KeySet::lesson(QUIZ_KEYS).map_err(|_| Unsolvable)?;
    let a = Partitioner::new(before).map_err(|_| Unsolvable)?;
    let b = Partitioner::new(after).map_err(|_| Unsolvable)?;
    let m = Movement::between(before, &a.assign(&keys, 1), after, &b.assign(&keys, 1));
    Ok(m.moved_fraction * 100.0)
}

/// The two keys of a slot question.
fn slot_keys(user: u32, tagging: Tagging) -> [String; 2] {
    let (open, close) = match tagging {
        Tagging::SameTag => ("{", "}"),
        Tagging::NoTag => ("", ""),
        Tagging::EmptyTag => ("{}", ""),
    };
    ["following", "followers"].map(|s| format!("{open}user{user}{close}.{s}"))
}

fn algo_name(lang: Lang, algo: Algo) -> &'static str {
    match algo {
        Algo::Modulo => tr(lang, QuizText::Modulo),
        Algo::Ring => tr(lang, QuizText::Ring),
        Algo::Rendezvous => "rendezvous",
        Algo::Jump => "jump hash",
        Algo::Maglev => "Maglev",
        Algo::Bounded => tr(lang, QuizText::Bounded),
        Algo::MultiProbe => "multi-probe",
        Algo::Ketama => "ketama",
    }
}

/// The lease of a [`Question::LeaseExpiry`], with the routing chapter's refresh (a third of
/// the TTL).
fn lease(ttl_s: u32, die_s: u32) -> LeaseConfig {
    LeaseConfig {
        ttl_s,
        refresh_s: (ttl_s / 3).max(1),
        die_at_ms: u64::from(die_s) * 1_000,
        // One second shown: only the expiry is asked, so the per-second table stays tiny.
        seconds: 1,
        ..LeaseConfig::default()
    }
}

/// The hashes of a [`Question::KeyPartitions`]'s key values (4 markets or 12 producers),
/// as the choosing-keys chapter hashes them.
fn key_value_hashes(by_producer: bool) -> Vec<u64> {
    if by_producer {
        PRODUCERS.iter().map(|p| hash_key(p.slug)).collect()
    } else {
        Market::ALL.iter().map(|m| hash_key(m.slug())).collect()
    }
}

/// "P0", "P1", … for a partition question's options.
fn partition_labels(n: u32) -> Vec<String> {
    (0..n).map(|i| format!("P{i}")).collect()
}

impl Question {
    /// The answer, computed by `partlab-core` through the functions the chapters use.
    pub fn solve(&self) -> Result<Answer, Unsolvable> {
        match *self {
            Question::ModuloJoin { nodes } => {
                let before = Config::new(Strategy::Modulo, names(nodes));
                let after = Config::new(Strategy::Modulo, names(nodes + 1));
                moved_share(&before, &after).map(Answer::Percent)
            }
            Question::RingJoin { nodes, vnodes } => {
                let before = Config::new(Strategy::Ring, names(nodes)).with_vnodes(vnodes);
                let after = Config::new(Strategy::Ring, names(nodes + 1)).with_vnodes(vnodes);
                moved_share(&before, &after).map(Answer::Percent)
            }
            Question::RendezvousLeave { nodes, leaver } => {
                let before = Config::new(Strategy::Rendezvous, names(nodes));
                let rest = names_without(nodes, leaver);
                let after = Config::new(Strategy::Rendezvous, rest);
                moved_share(&before, &after).map(Answer::Percent)
            }
            Question::JumpJoin { nodes } => {
                let before = Config::new(Strategy::Jump, names(nodes));
                let after = Config::new(Strategy::Jump, names(nodes + 1));
                moved_share(&before, &after).map(Answer::Percent)
            }
            Question::Owner {
                strategy,
                nodes,
                key,
            } => {
                let config = Config::new(strategy, names(nodes));
                let p = Partitioner::new(&config).map_err(|_| Unsolvable)?;
                let owner = p.place(&lesson_key(key), 1).nodes.first().copied();
                owner
                    .map(|o| Answer::Choice(usize::from(o)))
                    .ok_or(Unsolvable)
            }
            Question::FixedJoin { partitions, nodes } => {
                let layout = FixedLayout::new(partitions, nodes);
                // Every partition the same size: the new node's share in whole partitions.
                let sizes = vec![1u64; layout.owner.len()];
                let (_, moves) = layout.join(1, &sizes);
                Ok(Answer::Count(moves.len() as u64))
            }
            Question::SameSlot { user, tagging } => {
                let [a, b] = slot_keys(user, tagging);
                let same = key_slot(a.as_bytes()) == key_slot(b.as_bytes());
                Ok(Answer::Choice(if same { 0 } else { 1 }))
            }
            Question::ReplicaLoss {
                nodes,
                partitions,
                rf,
                failed,
            } => {
                let cluster =
                    Cluster::round_robin(nodes as usize, partitions as usize, rf as usize);
                Ok(Answer::Count(cluster.fail(failed as usize).lost() as u64))
            }
            Question::HottestShare {
                keys,
                exponent_centi,
            } => {
                let w = zipf_weights(keys as usize, exponent_centi);
                let total: u128 = w.iter().map(|x| u128::from(*x)).sum();
                let first = w.first().copied().ok_or(Unsolvable)?;
                Ok(Answer::Percent(first as f64 / total.max(1) as f64 * 100.0))
            }
            Question::CompareJoin { algo, nodes } => {
                let keys = KeySet::lesson(QUIZ_KEYS).map_err(|_| Unsolvable)?;
                let joiner = POOL.get(nodes as usize).copied().ok_or(Unsolvable)?;
                let m = moved(
                    algo,
                    &names(nodes),
                    &Params::default(),
                    &keys,
                    Change::Join(joiner),
                )
                .map_err(|_| Unsolvable)?;
                Ok(Answer::Percent(m.fraction * 100.0))
            }
            Question::HashPartition { partitions, key } => {
                Ok(Answer::Choice(
                    partition(hash_key(&lesson_key(key)), partitions) as usize,
                ))
            }
            Question::HashRun {
                partitions,
                from,
                count,
            } => {
                let mut used: Vec<u32> = consecutive(from, count, partitions)
                    .into_iter()
                    .map(|p| p.partition)
                    .collect();
                used.sort_unstable();
                used.dedup();
                Ok(Answer::Count(used.len() as u64))
            }
            Question::TimePartition {
                partitions,
                days,
                day,
                hour,
            } => {
                let t = Timestamp(day.saturating_sub(1) * DAY_SECS + hour * 3_600);
                let end = Timestamp(days * DAY_SECS);
                Ok(Answer::Choice(
                    time_range_partition(t, Timestamp(0), end, partitions) as usize,
                ))
            }
            Question::SlowChance {
                partitions,
                per_10k,
            } => Ok(Answer::Percent(
                slow_probability(f64::from(per_10k) / 10_000.0, partitions) * 100.0,
            )),
            Question::LeaseExpiry { ttl_s, die_s } => {
                let t = lease_timeline(&lease(ttl_s, die_s));
                Ok(Answer::Count(t.expires_ms / 1_000))
            }
            Question::KeyPartitions {
                partitions,
                by_producer,
            } => {
                let mut used: Vec<u32> = key_value_hashes(by_producer)
                    .into_iter()
                    .map(|h| partition(h, partitions))
                    .collect();
                used.sort_unstable();
                used.dedup();
                Ok(Answer::Count(used.len() as u64))
            }
        }
    }

    /// A stable name for the kind of question (`data-kind`, the CLI's JSON).
    pub fn kind(&self) -> &'static str {
        match self {
            Question::ModuloJoin { .. } => "modulo-join",
            Question::RingJoin { .. } => "ring-join",
            Question::RendezvousLeave { .. } => "rendezvous-leave",
            Question::JumpJoin { .. } => "jump-join",
            Question::Owner { .. } => "owner",
            Question::FixedJoin { .. } => "fixed-join",
            Question::SameSlot { .. } => "same-slot",
            Question::ReplicaLoss { .. } => "replica-loss",
            Question::HottestShare { .. } => "hottest-share",
            Question::CompareJoin { .. } => "compare-join",
            Question::HashPartition { .. } => "hash-partition",
            Question::HashRun { .. } => "hash-run",
            Question::TimePartition { .. } => "time-partition",
            Question::SlowChance { .. } => "slow-chance",
            Question::LeaseExpiry { .. } => "lease-expiry",
            Question::KeyPartitions { .. } => "key-partitions",
        }
    }

    /// What the student answers with.
    pub fn input(&self) -> InputKind {
        match self {
            Question::Owner { .. }
            | Question::SameSlot { .. }
            | Question::HashPartition { .. }
            | Question::TimePartition { .. } => InputKind::Choice,
            Question::FixedJoin { .. }
            | Question::ReplicaLoss { .. }
            | Question::HashRun { .. }
            | Question::LeaseExpiry { .. }
            | Question::KeyPartitions { .. } => InputKind::Count,
            _ => InputKind::Percent,
        }
    }

    /// The largest count a guess may be (the question's own bound: partitions; for a lease,
    /// a bound that gives nothing away).
    pub fn max_count(&self) -> u64 {
        match *self {
            Question::FixedJoin { partitions, .. }
            | Question::ReplicaLoss { partitions, .. }
            | Question::HashRun { partitions, .. }
            | Question::KeyPartitions { partitions, .. } => u64::from(partitions),
            Question::LeaseExpiry { .. } => u64::from(MAX_INDEX),
            _ => 100,
        }
    }

    /// The options of a choice question, in `lang` (empty for a number).
    pub fn choices(&self, lang: Lang) -> Vec<String> {
        match *self {
            Question::Owner { nodes, .. } => names(nodes),
            Question::HashPartition { partitions, .. }
            | Question::TimePartition { partitions, .. } => partition_labels(partitions),
            Question::SameSlot { .. } => vec![
                tr(lang, QuizText::SameSlot).to_owned(),
                tr(lang, QuizText::DifferentSlots).to_owned(),
            ],
            _ => Vec::new(),
        }
    }

    /// The nodes of the question's cluster before its change (for the CLI's check), if it
    /// places keys on named nodes.
    pub fn node_names(&self) -> Vec<String> {
        match *self {
            Question::ModuloJoin { nodes }
            | Question::RingJoin { nodes, .. }
            | Question::RendezvousLeave { nodes, .. }
            | Question::JumpJoin { nodes }
            | Question::Owner { nodes, .. }
            | Question::CompareJoin { nodes, .. } => names(nodes),
            _ => Vec::new(),
        }
    }

    /// The `partlab` command that computes the same figure another way (the teacher's check
    /// and the e2e tests' oracle), where one exists.
    pub fn check_command(&self) -> Option<Vec<String>> {
        let s = |x: &str| x.to_owned();
        let join = |n: u32| names(n).join(",");
        let moving = |strategy: &str, before: String, after: String, extra: &[String]| {
            let mut v = vec![
                s("move"),
                s("--strategy"),
                s(strategy),
                s("--nodes"),
                before,
                s("--to"),
                after,
                s("--keys"),
                QUIZ_KEYS.to_string(),
            ];
            v.extend_from_slice(extra);
            v
        };
        match *self {
            Question::ModuloJoin { nodes } => {
                Some(moving("modulo", join(nodes), join(nodes + 1), &[]))
            }
            Question::JumpJoin { nodes } => Some(moving("jump", join(nodes), join(nodes + 1), &[])),
            Question::RingJoin { nodes, vnodes } => Some(moving(
                "ring",
                join(nodes),
                join(nodes + 1),
                &[s("--vnodes"), vnodes.to_string()],
            )),
            Question::RendezvousLeave { nodes, leaver } => {
                let rest = names_without(nodes, leaver);
                Some(moving("rendezvous", join(nodes), rest.join(","), &[]))
            }
            Question::Owner {
                strategy,
                nodes,
                key,
            } => Some(vec![
                s("locate"),
                lesson_key(key),
                s("--strategy"),
                s(strategy.name()),
                s("--nodes"),
                join(nodes),
            ]),
            Question::SameSlot { user, tagging } => {
                let [a, b] = slot_keys(user, tagging);
                Some(vec![s("slot"), a, b])
            }
            // The chapter's own commands show the same figure among theirs: the order's
            // partition in the consecutive-ids table, the slow chance for the partitions,
            // the lease's expiry, the partitions a key fills. (Ranges has none: its command
            // cuts the campaign by the workload's hourly counts, not in equal spans.)
            Question::HashPartition { partitions, key } => Some(vec![
                s("hash-keys"),
                s("--partitions"),
                partitions.to_string(),
                s("--from"),
                key.to_string(),
                s("--count"),
                s("1"),
            ]),
            Question::HashRun {
                partitions,
                from,
                count,
            } => Some(vec![
                s("hash-keys"),
                s("--partitions"),
                partitions.to_string(),
                s("--from"),
                from.to_string(),
                s("--count"),
                count.to_string(),
            ]),
            Question::SlowChance {
                partitions,
                per_10k,
            } => Some(vec![
                s("indexes"),
                s("--partitions"),
                partitions.to_string(),
                s("--slow"),
                per_10k.to_string(),
            ]),
            Question::LeaseExpiry { ttl_s, die_s } => Some(vec![
                s("routing"),
                s("--ttl"),
                ttl_s.to_string(),
                s("--die"),
                die_s.to_string(),
            ]),
            // The key's row: a query that is not by the key asks every partition holding
            // orders ("By id"), which is the count asked.
            Question::KeyPartitions { partitions, .. } => Some(vec![
                s("choosing-keys"),
                s("--partitions"),
                partitions.to_string(),
            ]),
            _ => None,
        }
    }

    /// The chapter fields that show the question's configuration in a hashing chapter (after
    /// its change, with the key selected for an owner question), without the language.
    pub fn lab_fields(&self) -> Option<String> {
        let base = |strategy: Strategy, n: u32, vnodes: Option<u32>| {
            let mut f = format!("s={}&n={}", strategy.name(), names(n).join(","));
            if let Some(v) = vnodes {
                f.push_str(&format!("&v={v}"));
            }
            f.push_str(&format!("&k={QUIZ_KEYS}"));
            f
        };
        match *self {
            Question::ModuloJoin { nodes } => Some(base(Strategy::Modulo, nodes + 1, None)),
            Question::RingJoin { nodes, vnodes } => {
                Some(base(Strategy::Ring, nodes + 1, Some(vnodes)))
            }
            Question::JumpJoin { nodes } => Some(base(Strategy::Jump, nodes + 1, None)),
            Question::RendezvousLeave { nodes, .. } => {
                Some(base(Strategy::Rendezvous, nodes, None))
            }
            Question::Owner {
                strategy,
                nodes,
                key,
            } => {
                let vnodes = (strategy == Strategy::Ring).then_some(150);
                Some(format!(
                    "{}&key={}",
                    base(strategy, nodes, vnodes),
                    lesson_key(key)
                ))
            }
            _ => None,
        }
    }

    /// The question, in `lang`.
    pub fn prompt(&self, lang: Lang) -> String {
        let k = fmt_int(lang, QUIZ_KEYS as u64);
        match *self {
            Question::ModuloJoin { nodes } => {
                let (n, m) = (nodes, nodes + 1);
                fill(
                    lang,
                    QuizText::ModuloJoin,
                    &[("k", &k), ("n", &n), ("m", &m)],
                )
            }
            Question::RingJoin { nodes, vnodes } => {
                let joiner = POOL.get(nodes as usize).copied().unwrap_or("inv-new");
                fill(
                    lang,
                    QuizText::RingJoin,
                    &[
                        ("joiner", &joiner),
                        ("nodes", &nodes),
                        ("vnodes", &vnodes),
                        ("k", &k),
                    ],
                )
            }
            Question::RendezvousLeave { nodes, leaver } => {
                let who = POOL.get(leaver as usize).copied().unwrap_or("?");
                fill(
                    lang,
                    QuizText::RendezvousLeave,
                    &[("k", &k), ("nodes", &nodes), ("who", &who)],
                )
            }
            Question::JumpJoin { nodes } => {
                let m = nodes + 1;
                fill(
                    lang,
                    QuizText::JumpJoin,
                    &[("k", &k), ("nodes", &nodes), ("m", &m)],
                )
            }
            Question::Owner {
                strategy,
                nodes,
                key,
            } => {
                let how = strategy_name(lang, strategy);
                let vn = if strategy == Strategy::Ring {
                    tr(lang, QuizText::Owner)
                } else {
                    ""
                };
                let key = lesson_key(key);
                fill(
                    lang,
                    QuizText::StrategyWithNodesWhich,
                    &[("how", &how), ("vn", &vn), ("nodes", &nodes), ("key", &key)],
                )
            }
            Question::FixedJoin { partitions, nodes } => fill(
                lang,
                QuizText::FixedJoin,
                &[("partitions", &partitions), ("nodes", &nodes)],
            ),
            Question::SameSlot { user, tagging } => {
                let [a, b] = slot_keys(user, tagging);
                fill(lang, QuizText::SameSlotPrompt, &[("a", &a), ("b", &b)])
            }
            Question::ReplicaLoss {
                nodes,
                partitions,
                rf,
                failed,
            } => {
                let who = node_name(failed as usize);
                fill(
                    lang,
                    QuizText::ReplicaLoss,
                    &[
                        ("partitions", &partitions),
                        ("nodes", &nodes),
                        ("rf", &rf),
                        ("who", &who),
                    ],
                )
            }
            Question::HottestShare {
                keys,
                exponent_centi,
            } => {
                let s = fmt_dec(lang, f64::from(exponent_centi) / 100.0, 1);
                let keys = fmt_int(lang, u64::from(keys));
                fill(lang, QuizText::HottestShare, &[("keys", &keys), ("s", &s)])
            }
            Question::CompareJoin { algo, nodes } => {
                let name = algo_name(lang, algo);
                fill(
                    lang,
                    QuizText::CompareJoin,
                    &[("name", &name), ("k", &k), ("nodes", &nodes)],
                )
            }
            Question::HashPartition { partitions, key } => {
                let id = lesson_key(key);
                let last = partitions - 1;
                fill(
                    lang,
                    QuizText::HashPartition,
                    &[("partitions", &partitions), ("last", &last), ("id", &id)],
                )
            }
            Question::HashRun {
                partitions,
                from,
                count,
            } => {
                let (a, b) = (lesson_key(from), lesson_key(from + u64::from(count) - 1));
                fill(
                    lang,
                    QuizText::HashRun,
                    &[
                        ("partitions", &partitions),
                        ("count", &count),
                        ("a", &a),
                        ("b", &b),
                    ],
                )
            }
            Question::TimePartition {
                partitions,
                days,
                day,
                hour,
            } => {
                let last = partitions - 1;
                fill(
                    lang,
                    QuizText::TimePartition,
                    &[
                        ("days", &days),
                        ("partitions", &partitions),
                        ("last", &last),
                        ("day", &day),
                        ("hour", &format!("{:02}", hour)),
                    ],
                )
            }
            Question::SlowChance {
                partitions,
                per_10k,
            } => {
                let p = fmt_pct(lang, f64::from(per_10k) / 100.0, 1);
                fill(
                    lang,
                    QuizText::SlowChance,
                    &[("partitions", &partitions), ("p", &p)],
                )
            }
            Question::LeaseExpiry { ttl_s, die_s } => {
                let r = (ttl_s / 3).max(1);
                fill(
                    lang,
                    QuizText::LeaseExpiry,
                    &[
                        ("ttl_s", &ttl_s),
                        ("r", &r),
                        ("v2", &(2 * r)),
                        ("die_s", &die_s),
                    ],
                )
            }
            Question::KeyPartitions {
                partitions,
                by_producer,
            } => {
                let (key, sources) = if by_producer {
                    ("productor_id", QuizText::TwelveProducers)
                } else {
                    ("mercat", QuizText::FourMarkets)
                };
                fill(
                    lang,
                    QuizText::KeyPartitions,
                    &[
                        ("key", &key),
                        ("partitions", &partitions),
                        ("sources", &tr(lang, sources)),
                    ],
                )
            }
        }
    }

    /// How a guess is graded, told to the student before they answer.
    pub fn rule(&self, lang: Lang) -> String {
        match self.input() {
            InputKind::Percent => {
                let tol = fmt_dec(lang, PERCENT_TOLERANCE, 0);
                fill(lang, QuizText::Percent, &[("tol", &tol)])
            }
            InputKind::Count => tr(lang, QuizText::Count).to_owned(),
            InputKind::Choice => tr(lang, QuizText::Choice).to_owned(),
        }
    }

    /// Reads the student's guess `raw` (never panics; bounded before parsing).
    pub fn read_guess(&self, raw: &str) -> Result<Guess, GuessError> {
        if raw.chars().count() > MAX_GUESS_CHARS {
            return Err(GuessError::TooLong);
        }
        let t = raw.trim();
        if t.is_empty() {
            return Err(match self.input() {
                InputKind::Choice => GuessError::NoChoice,
                _ => GuessError::Empty,
            });
        }
        match self.input() {
            InputKind::Percent => {
                let t = t.trim_end_matches('%').trim_end().replace(',', ".");
                if !t.bytes().all(|b| b.is_ascii_digit() || b == b'.') || t.is_empty() {
                    return Err(GuessError::NotANumber);
                }
                let v = crate::base::decimal::parse_decimal(&t).ok_or(GuessError::NotANumber)?;
                if !(0.0..=100.0).contains(&v) {
                    return Err(GuessError::OutOfRange { min: 0, max: 100 });
                }
                Ok(Guess::Percent(v))
            }
            InputKind::Count => {
                let max = self.max_count();
                if t.bytes().all(|b| b.is_ascii_digit()) {
                    match t.parse::<u64>() {
                        Ok(v) if v <= max => Ok(Guess::Count(v)),
                        _ => Err(GuessError::OutOfRange { min: 0, max }),
                    }
                } else {
                    match crate::base::decimal::parse_decimal(&t.replace(',', ".")) {
                        Some(v) if v.is_finite() && (0.0..=max as f64).contains(&v) => {
                            Err(GuessError::NotWhole)
                        }
                        Some(v) if v.is_finite() => Err(GuessError::OutOfRange { min: 0, max }),
                        _ => Err(GuessError::NotANumber),
                    }
                }
            }
            InputKind::Choice => {
                let n = self.choices(Lang::En).len();
                match t.parse::<usize>() {
                    Ok(i) if i < n => Ok(Guess::Choice(i)),
                    _ => Err(GuessError::NoChoice),
                }
            }
        }
    }

    /// Grades `raw` against `answer` (the question's [`Question::solve`]).
    pub fn grade(&self, answer: Answer, raw: &str) -> Result<Verdict, GuessError> {
        let guess = self.read_guess(raw)?;
        let correct = match (guess, answer) {
            (Guess::Percent(g), Answer::Percent(a)) => {
                // Compared at the tenth of a point the page shows, so the boundary the
                // student reads is the one applied.
                let off = ((g - a).abs() * 10.0).round() / 10.0;
                off <= PERCENT_TOLERANCE
            }
            (Guess::Count(g), Answer::Count(a)) => g == a,
            (Guess::Choice(g), Answer::Choice(a)) => g == a,
            _ => false,
        };
        Ok(Verdict { guess, correct })
    }

    /// A value as the page shows it: a share with one decimal, a count, an option's label.
    pub fn show(&self, lang: Lang, value: Guess) -> String {
        match value {
            Guess::Percent(p) => fmt_pct(lang, p, 1),
            Guess::Count(c) => fmt_int(lang, c),
            Guess::Choice(i) => self
                .choices(lang)
                .get(i)
                .cloned()
                .unwrap_or_else(|| "?".to_owned()),
        }
    }

    /// One line on why the answer is what it is.
    pub fn explanation(&self, lang: Lang) -> String {
        let share = |n: u32| fmt_pct(lang, 100.0 / f64::from(n), 1);
        match *self {
            Question::ModuloJoin { nodes } => {
                let m = nodes + 1;
                fill(
                    lang,
                    QuizText::ModuloJoinExplanation,
                    &[("nodes", &nodes), ("m", &m)],
                )
            }
            Question::RingJoin { nodes, .. } | Question::JumpJoin { nodes } => {
                let fair = share(nodes + 1);
                fill(
                    lang,
                    QuizText::RingJoinExplanation,
                    &[("v0", &(nodes + 1)), ("fair", &fair)],
                )
            }
            Question::RendezvousLeave { nodes, .. } => {
                let fair = share(nodes);
                fill(
                    lang,
                    QuizText::RendezvousLeaveExplanation,
                    &[("nodes", &nodes), ("fair", &fair)],
                )
            }
            Question::Owner { .. } => tr(lang, QuizText::OwnerExplanation).to_owned(),
            Question::FixedJoin { partitions, nodes } => {
                let m = nodes + 1;
                fill(
                    lang,
                    QuizText::FixedJoinExplanation,
                    &[("partitions", &partitions), ("m", &m)],
                )
            }
            Question::SameSlot { user, tagging } => {
                let [a, b] = slot_keys(user, tagging);
                let (sa, sb) = (key_slot(a.as_bytes()), key_slot(b.as_bytes()));
                fill(
                    lang,
                    QuizText::SameSlotExplanation,
                    &[("open", &"{"), ("close", &"}"), ("sa", &sa), ("sb", &sb)],
                )
            }
            Question::ReplicaLoss { rf, .. } => {
                fill(lang, QuizText::ReplicaLossExplanation, &[("rf", &rf)])
            }
            Question::HottestShare { .. } => tr(lang, QuizText::HottestShareExplanation).to_owned(),
            Question::CompareJoin { algo, nodes } => {
                let fair = share(nodes + 1);
                let name = algo_name(lang, algo);
                fill(
                    lang,
                    QuizText::CompareJoinExplanation,
                    &[("v0", &(nodes + 1)), ("fair", &fair), ("name", &name)],
                )
            }
            Question::HashPartition { .. } => {
                tr(lang, QuizText::HashPartitionExplanation).to_owned()
            }
            Question::HashRun { .. } => tr(lang, QuizText::HashRunExplanation).to_owned(),
            Question::TimePartition {
                days, partitions, ..
            } => {
                let span = fmt_dec(lang, f64::from(days) / f64::from(partitions), 1);
                fill(
                    lang,
                    QuizText::TimePartitionExplanation,
                    &[
                        ("days", &days),
                        ("partitions", &partitions),
                        ("span", &span),
                    ],
                )
            }
            Question::SlowChance { partitions, .. } => fill(
                lang,
                QuizText::SlowChanceExplanation,
                &[("partitions", &partitions)],
            ),
            Question::LeaseExpiry { ttl_s, .. } => {
                fill(lang, QuizText::LeaseExpiryExplanation, &[("ttl_s", &ttl_s)])
            }
            Question::KeyPartitions { by_producer, .. } => {
                let values = if by_producer { 12 } else { 4 };
                fill(
                    lang,
                    QuizText::KeyPartitionsExplanation,
                    &[("values", &values)],
                )
            }
        }
    }
}

impl Word {
    /// The word in `lang`.
    pub fn text(self, lang: Lang) -> &'static str {
        tr(lang, self)
    }
}

/// "Question 3 · set 7", in `lang`.
pub fn position(lang: Lang, set: QuizSet) -> String {
    let (i, seed) = (set.index + 1, set.seed);
    fill(lang, QuizText::QuestionSet, &[("i", &i), ("seed", &seed)])
}

/// "You said X; the lab computes Y.", in `lang`.
pub fn comparison(lang: Lang, said: &str, computed: &str) -> String {
    fill(
        lang,
        QuizText::YouSaidLabComputes,
        &[("said", &said), ("computed", &computed)],
    )
}

/// The share dialog's checkbox label with the seed ("With the questions (set 7)").
pub fn share_label(lang: Lang, seed: u64) -> String {
    let set = tr(lang, QuizText::Set);
    format!("{} ({set} {seed})", Word::ShareWith.text(lang))
}

texts! {
    /// The questions' texts: their wording, answers and explanations.
    pub enum QuizText {
        SameSlotExplanation => (
            "Redis només fa el hash del text entre la primera {open} i la {close} següent quan no és buit: slots {sa} i {sb}.",
            "Redis hashes only the text between the first {open} and the next {close} when it is not empty: slots {sa} and {sb}.",
            "Redis solo hace el hash del texto entre la primera {open} y la {close} siguiente cuando no está vacío: slots {sa} y {sb}.",
        ),
        Empty => (
            "Escriu primer la teva predicció.",
            "Type your guess first.",
            "Escribe primero tu predicción.",
        ),
        TooLong => (
            "És massa llarg: com a màxim {max_guess_chars} caràcters.",
            "That is too long: at most {max_guess_chars} characters.",
            "Es demasiado largo: como máximo {max_guess_chars} caracteres.",
        ),
        NotANumber => (
            "Escriu un nombre, com ara 25 o 12,5.",
            "Type a number, such as 25 or 12.5.",
            "Escribe un número, como 25 o 12,5.",
        ),
        NotWhole => (
            "Escriu un nombre enter, com ara 8.",
            "Type a whole number, such as 8.",
            "Escribe un número entero, como 8.",
        ),
        OutOfRange => (
            "Escriu un nombre entre {min} i {max}.",
            "Type a number from {min} to {max}.",
            "Escribe un número entre {min} y {max}.",
        ),
        NoChoice => (
            "Tria una de les opcions.",
            "Pick one of the options.",
            "Elige una de las opciones.",
        ),
        Modulo => (
            "hash mòdul N",
            "hash mod N",
            "hash módulo N",
        ),
        Ring => (
            "l'anell",
            "the ring",
            "el anillo",
        ),
        Bounded => (
            "càrregues acotades",
            "bounded loads",
            "cargas acotadas",
        ),
        SameSlot => (
            "El mateix slot",
            "The same slot",
            "El mismo slot",
        ),
        DifferentSlots => (
            "Slots diferents",
            "Different slots",
            "Slots distintos",
        ),
        ModuloJoin => (
            "Amb hash mòdul N, {k} claus es reparteixen entre {n} nodes. S'hi afegeix un node ({n} → {m}). Quin percentatge de les claus canvia de node?",
            "With hash mod N, {k} keys are spread over {n} nodes. One node joins ({n} → {m}). What share of the keys changes node (%)?",
            "Con hash módulo N, {k} claves se reparten entre {n} nodos. Se añade un nodo ({n} → {m}). ¿Qué porcentaje de las claves cambia de nodo?",
        ),
        RingJoin => (
            "{joiner} entra en un anell de {nodes} nodes amb {vnodes} nodes virtuals cadascun, que té {k} claus. Quin percentatge de les claus canvia de node?",
            "{joiner} joins a ring of {nodes} nodes with {vnodes} virtual nodes each, holding {k} keys. What share of the keys changes node (%)?",
            "{joiner} entra en un anillo de {nodes} nodos con {vnodes} nodos virtuales cada uno, que tiene {k} claves. ¿Qué porcentaje de las claves cambia de nodo?",
        ),
        RendezvousLeave => (
            "Amb rendezvous, {k} claus es reparteixen entre {nodes} nodes. {who} en surt. Quin percentatge de les claus canvia de node?",
            "With rendezvous, {k} keys are spread over {nodes} nodes. {who} leaves. What share of the keys changes node (%)?",
            "Con rendezvous, {k} claves se reparten entre {nodes} nodos. {who} sale. ¿Qué porcentaje de las claves cambia de nodo?",
        ),
        JumpJoin => (
            "Amb jump hash, {k} claus es reparteixen entre {nodes} nodes. S'hi afegeix un node ({nodes} → {m}). Quin percentatge de les claus canvia de node?",
            "With jump hash, {k} keys are spread over {nodes} nodes. One node joins ({nodes} → {m}). What share of the keys changes node (%)?",
            "Con jump hash, {k} claves se reparten entre {nodes} nodos. Se añade un nodo ({nodes} → {m}). ¿Qué porcentaje de las claves cambia de nodo?",
        ),
        Owner => (
            ", 150 nodes virtuals per node",
            ", 150 virtual nodes per node",
            ", 150 nodos virtuales por nodo",
        ),
        StrategyWithNodesWhich => (
            "Estratègia: {how}{vn}, amb {nodes} nodes. Quin node es queda la clau {key}?",
            "Strategy: {how}{vn}, with {nodes} nodes. Which node gets the key {key}?",
            "Estrategia: {how}{vn}, con {nodes} nodos. ¿Qué nodo se queda la clave {key}?",
        ),
        FixedJoin => (
            "Un clúster té {partitions} particions fixes repartides entre {nodes} nodes. Hi entra un node, que pren particions senceres fins a tenir la seva part. Quantes particions canvien de node?",
            "A cluster has {partitions} fixed partitions dealt over {nodes} nodes. A node joins and takes whole partitions until it holds its share. How many partitions change node?",
            "Un clúster tiene {partitions} particiones fijas repartidas entre {nodes} nodos. Entra un nodo, que toma particiones enteras hasta tener su parte. ¿Cuántas particiones cambian de nodo?",
        ),
        SameSlotPrompt => (
            "A Redis Cluster, les claus {a} i {b} cauen al mateix slot?",
            "In Redis Cluster, do the keys {a} and {b} land in the same slot?",
            "En Redis Cluster, ¿caen las claves {a} y {b} en el mismo slot?",
        ),
        ReplicaLoss => (
            "{partitions} particions en {nodes} nodes, amb {rf} còpies cadascuna en nodes diferents (el líder de Pi al node i mòdul {nodes}, els seguidors als nodes següents). Cau el node {who}. Quantes particions es queden sense cap còpia?",
            "{partitions} partitions on {nodes} nodes, {rf} copies each on different nodes (Pi's leader on node i mod {nodes}, its followers on the next nodes). Node {who} fails. How many partitions are left with no copy?",
            "{partitions} particiones en {nodes} nodos, con {rf} copias cada una en nodos distintos (el líder de Pi en el nodo i módulo {nodes}, los seguidores en los nodos siguientes). Cae el nodo {who}. ¿Cuántas particiones se quedan sin ninguna copia?",
        ),
        HottestShare => (
            "Les peticions a {keys} productes segueixen una llei de Zipf amb exponent s = {s}. Quin percentatge de les peticions va al producte més popular?",
            "Requests for {keys} products follow a Zipf law with exponent s = {s}. What share of the requests goes to the most popular product (%)?",
            "Las peticiones a {keys} productos siguen una ley de Zipf con exponente s = {s}. ¿Qué porcentaje de las peticiones va al producto más popular?",
        ),
        CompareJoin => (
            "Amb {name}, {k} claus es reparteixen entre {nodes} nodes. Hi entra un node. Quin percentatge de les claus canvia de node?",
            "With {name}, {k} keys are spread over {nodes} nodes. One node joins. What share of the keys changes node (%)?",
            "Con {name}, {k} claves se reparten entre {nodes} nodos. Entra un nodo. ¿Qué porcentaje de las claves cambia de nodo?",
        ),
        HashPartition => (
            "Les comandes es reparteixen per hash(comanda_id) entre {partitions} particions, P0–P{last}: els 8 primers bytes de l'MD5 de l'identificador, llegits big-endian, mòdul {partitions}. A quina partició va la comanda {id}?",
            "Orders are spread by hash(comanda_id) over {partitions} partitions, P0–P{last}: the first 8 bytes of the id's MD5, read big-endian, mod {partitions}. Which partition gets the order {id}?",
            "Los pedidos se reparten por hash(comanda_id) entre {partitions} particiones, P0–P{last}: los 8 primeros bytes del MD5 del identificador, leídos big-endian, módulo {partitions}. ¿A qué partición va el pedido {id}?",
        ),
        HashRun => (
            "Les comandes es reparteixen per hash(comanda_id) entre {partitions} particions. Una consulta vol les {count} comandes consecutives de {a} a {b}. A quantes particions diferents ha de preguntar?",
            "Orders are spread by hash(comanda_id) over {partitions} partitions. A query wants the {count} consecutive orders {a} to {b}. How many different partitions must it ask?",
            "Los pedidos se reparten por hash(comanda_id) entre {partitions} particiones. Una consulta quiere los {count} pedidos consecutivos de {a} a {b}. ¿A cuántas particiones distintas tiene que preguntar?",
        ),
        TimePartition => (
            "Una campanya de {days} dies es parteix per data_creacio en {partitions} rangs de temps iguals, P0 (el primer) a P{last}. A quina partició va una comanda creada el dia {day} a les {hour}:00?",
            "A campaign of {days} days is split by data_creacio into {partitions} equal time ranges, P0 (the first) to P{last}. Which partition gets an order created on day {day} at {hour}:00?",
            "Una campaña de {days} días se parte por data_creacio en {partitions} rangos de tiempo iguales, P0 (el primero) a P{last}. ¿A qué partición va un pedido creado el día {day} a las {hour}:00?",
        ),
        SlowChance => (
            "Amb un índex local, una consulta per mercat pregunta a les {partitions} particions i espera la més lenta. Cada partició tarda més de 500 ms amb probabilitat {p}, independentment. Quina és la probabilitat (%) que la consulta tardi més de 500 ms?",
            "With a local index, a query by market asks all {partitions} partitions and waits for the slowest. Each partition takes over 500 ms with probability {p}, independently. What is the chance (%) that the query takes over 500 ms?",
            "Con un índice local, una consulta por mercado pregunta a las {partitions} particiones y espera a la más lenta. Cada partición tarda más de 500 ms con probabilidad {p}, de forma independiente. ¿Cuál es la probabilidad (%) de que la consulta tarde más de 500 ms?",
        ),
        LeaseExpiry => (
            "Un node publica les seves particions al coordinador amb un lease de {ttl_s} s que renova cada {r} s (als segons 0, {r}, {v2}, …). Mor al segon {die_s}. A quin segon caduca el lease i desapareixen les seves entrades?",
            "A node publishes its partitions in the coordinator with a {ttl_s} s lease it refreshes every {r} s (at seconds 0, {r}, {v2}, …). It dies at second {die_s}. At which second does the lease expire and its entries vanish?",
            "Un nodo publica sus particiones en el coordinador con un lease de {ttl_s} s que renueva cada {r} s (en los segundos 0, {r}, {v2}, …). Muere en el segundo {die_s}. ¿En qué segundo caduca el lease y desaparecen sus entradas?",
        ),
        KeyPartitions => (
            "Les comandes es particionen per hash({key}) entre {partitions} particions, i hi ha {sources}. Quantes particions poden rebre alguna comanda?",
            "Orders are partitioned by hash({key}) over {partitions} partitions, and there are {sources}. How many partitions can ever get an order?",
            "Los pedidos se particionan por hash({key}) entre {partitions} particiones, y hay {sources}. ¿Cuántas particiones pueden recibir algún pedido?",
        ),
        /// The producers of the key question.
        TwelveProducers => ("12 productors", "12 producers", "12 productores"),
        /// The markets of the key question.
        FourMarkets => ("4 mercats", "4 markets", "4 mercados"),
        Percent => (
            "Compta com a encert si t'allunyes {tol} punts percentuals o menys.",
            "Within {tol} percentage points counts as right.",
            "Cuenta como acierto si te alejas {tol} puntos porcentuales o menos.",
        ),
        Count => (
            "Només compta el nombre exacte.",
            "Only the exact number counts.",
            "Solo cuenta el número exacto.",
        ),
        Choice => (
            "Tria una opció.",
            "Pick one option.",
            "Elige una opción.",
        ),
        ModuloJoinExplanation => (
            "Una clau només es queda on era si hash mòdul {nodes} i hash mòdul {m} coincideixen: més o menys 1 de cada {m}. La resta es mou.",
            "A key stays only where hash mod {nodes} equals hash mod {m}: roughly 1 key in {m}. All the others move.",
            "Una clave solo se queda donde estaba si hash módulo {nodes} y hash módulo {m} coinciden: más o menos 1 de cada {m}. El resto se mueve.",
        ),
        RingJoinExplanation => (
            "Només es mouen les claus que passa a tenir el node nou; la seva part justa és 1/{v0} ≈ {fair}. Amb pocs nodes virtuals, els arcs són desiguals i la xifra se n'allunya.",
            "Only the keys the new node takes over move; its fair share is 1/{v0} ≈ {fair}. With few virtual nodes its arcs are uneven, so the figure strays from it.",
            "Solo se mueven las claves que pasa a tener el nodo nuevo; su parte justa es 1/{v0} ≈ {fair}. Con pocos nodos virtuales, los arcos son desiguales y la cifra se aleja.",
        ),
        RendezvousLeaveExplanation => (
            "Només es mouen les claus del node que surt, cadascuna al seu segon millor node: més o menys 1/{nodes} ≈ {fair}.",
            "Only the leaving node's keys move, each to its second-best node: about 1/{nodes} ≈ {fair}.",
            "Solo se mueven las claves del nodo que sale, cada una a su segundo mejor nodo: más o menos 1/{nodes} ≈ {fair}.",
        ),
        OwnerExplanation => (
            "Ho decideix el hash de la clau: sembla a l'atzar, i és la gràcia, perquè cap node no en surt afavorit.",
            "The key's hash decides: it looks random, and that is the point, since no node is favoured.",
            "Lo decide el hash de la clave: parece al azar, y esa es la gracia, porque ningún nodo sale favorecido.",
        ),
        FixedJoinExplanation => (
            "El node nou rep la seva part, {partitions}/{m}, arrodonida amunt a particions senceres; cap clau no canvia de partició.",
            "The new node gets its share, {partitions}/{m}, rounded up to whole partitions; no key changes partition.",
            "El nodo nuevo recibe su parte, {partitions}/{m}, redondeada hacia arriba a particiones enteras; ninguna clave cambia de partición.",
        ),
        ReplicaLossExplanation => (
            "Una partició només es perd si totes les seves còpies eren al node caigut: amb {rf} còpies en nodes diferents, això només passa amb una sola còpia.",
            "A partition is lost only when all its copies were on the failed node: with {rf} copies on different nodes, that happens only with a single copy.",
            "Una partición solo se pierde si todas sus copias estaban en el nodo caído: con {rf} copias en nodos distintos, eso solo pasa con una sola copia.",
        ),
        HottestShareExplanation => (
            "Amb Zipf, el producte de rang r té un pes 1/r^s: el primer s'endú 1 dividit per la suma de tots els pesos.",
            "Under Zipf, the product of rank r weighs 1/r^s: the first one gets 1 divided by the sum of all the weights.",
            "Con Zipf, el producto de rango r pesa 1/r^s: el primero se lleva 1 dividido por la suma de todos los pesos.",
        ),
        CompareJoinExplanation => (
            "El mínim possible és la part del node nou, 1/{v0} ≈ {fair}; {name} s'hi acosta o no segons com tria el node.",
            "The least possible is the new node's share, 1/{v0} ≈ {fair}; {name} gets close to it or not depending on how it picks a node.",
            "El mínimo posible es la parte del nodo nuevo, 1/{v0} ≈ {fair}; {name} se acerca o no según cómo elige el nodo.",
        ),
        HashPartitionExplanation => (
            "El hash escampa els identificadors: dues comandes consecutives cauen gairebé sempre en particions diferents, i per això una consulta per dates les ha de preguntar totes.",
            "The hash scatters the ids: two consecutive orders almost always land on different partitions, which is why a query by date must ask them all.",
            "El hash dispersa los identificadores: dos pedidos consecutivos caen casi siempre en particiones distintas, y por eso una consulta por fechas tiene que preguntarlas todas.",
        ),
        HashRunExplanation => (
            "Identificadors seguits no vol dir particions seguides: cada un cau on diu el seu hash, i amb poques particions dos poden coincidir. Per rangs d'identificador, n'hi hauria hagut prou amb una o dues.",
            "Consecutive ids do not mean consecutive partitions: each lands where its hash says, and with few partitions two may share one. With ranges of ids, one or two would have done.",
            "Identificadores seguidos no significa particiones seguidas: cada uno cae donde dice su hash, y con pocas particiones dos pueden coincidir. Con rangos de identificador, habría bastado con una o dos.",
        ),
        TimePartitionExplanation => (
            "Cada partició cobreix {days}/{partitions} ≈ {span} dies seguits; l'hora de la comanda decideix en quin tram cau. Totes les escriptures d'avui van a l'última: és el punt calent dels rangs per temps.",
            "Each partition covers {days}/{partitions} ≈ {span} days in a row; the order's time picks the stretch. All of today's writes go to the last one: the hot spot of ranges by time.",
            "Cada partición cubre {days}/{partitions} ≈ {span} días seguidos; la hora del pedido decide en qué tramo cae. Todas las escrituras de hoy van a la última: es el punto caliente de los rangos por tiempo.",
        ),
        SlowChanceExplanation => (
            "La consulta només és ràpida si ho són totes: 1 − (1 − p)^{partitions}. Una probabilitat petita per partició creix de pressa amb les particions; un índex global en pregunta una sola.",
            "The query is fast only if all of them are: 1 − (1 − p)^{partitions}. A small chance per partition grows fast with the partitions; a global index asks just one.",
            "La consulta solo es rápida si lo son todas: 1 − (1 − p)^{partitions}. Una probabilidad pequeña por partición crece deprisa con las particiones; un índice global pregunta a una sola.",
        ),
        LeaseExpiryExplanation => (
            "Compta des de l'última renovació abans de morir, no des de la mort: aquella renovació més {ttl_s} s. Fins aleshores, el mapa encara envia peticions al node mort.",
            "Count from the last refresh before the death, not from the death: that refresh plus {ttl_s} s. Until then the map still sends requests to the dead node.",
            "Cuenta desde la última renovación antes de morir, no desde la muerte: esa renovación más {ttl_s} s. Hasta entonces, el mapa aún envía peticiones al nodo muerto.",
        ),
        KeyPartitionsExplanation => (
            "Cada valor de la clau va sencer a una partició: amb {values} valors, com a molt {values} particions, i menys quan dos valors comparteixen partició. La resta no rep res.",
            "Each key value goes whole to one partition: with {values} values, at most {values} partitions, and fewer when two values share one. The rest get nothing.",
            "Cada valor de la clave va entero a una partición: con {values} valores, como mucho {values} particiones, y menos cuando dos valores comparten una. El resto no recibe nada.",
        ),
        QuestionSet => (
            "Pregunta {i} · joc {seed}",
            "Question {i} · set {seed}",
            "Pregunta {i} · serie {seed}",
        ),
        YouSaidLabComputes => (
            "Has dit {said}; el laboratori calcula {computed}.",
            "You said {said}; the lab computes {computed}.",
            "Has dicho {said}; el laboratorio calcula {computed}.",
        ),
        Set => (
            "joc",
            "set",
            "serie",
        ),
    }
}

texts! {
    /// The words of the panel, in three languages (the questions' own words are in [`QuizText`]).
    pub enum Word {
        /// The button that opens the panel.
        Open => (
            "Primer, prediu",
            "Predict first",
            "Primero, predice",
        ),
        /// The panel's heading.
        Heading => (
            "Prediu i després comprova",
            "Predict, then reveal",
            "Predice y luego comprueba",
        ),
        /// The label of a share's input.
        GuessPercent => (
            "La teva predicció (%)",
            "Your guess (%)",
            "Tu predicción (%)",
        ),
        /// The label of a count's input.
        GuessCount => (
            "La teva predicció (un nombre enter)",
            "Your guess (a whole number)",
            "Tu predicción (un número entero)",
        ),
        /// The legend of the options.
        GuessChoice => (
            "La teva predicció",
            "Your guess",
            "Tu predicción",
        ),
        /// The reveal button.
        Reveal => (
            "Mostra la resposta",
            "Reveal",
            "Mostrar la respuesta",
        ),
        /// The next-question button.
        Next => (
            "Pregunta següent",
            "Next question",
            "Siguiente pregunta",
        ),
        /// The close button.
        Close => (
            "Tanca les preguntes",
            "Close the questions",
            "Cerrar las preguntas",
        ),
        /// A right guess.
        Right => (
            "Encert!",
            "Right!",
            "¡Acierto!",
        ),
        /// A wrong guess.
        Wrong => (
            "No del tot.",
            "Not quite.",
            "No del todo.",
        ),
        /// The privacy note.
        Private => (
            "Res del que escrius no surt d'aquesta pàgina.",
            "Nothing you type leaves this page.",
            "Nada de lo que escribes sale de esta página.",
        ),
        /// The link that opens the question's configuration in the lab.
        OpenInLab => (
            "Obre aquesta configuració al laboratori",
            "Open this configuration in the lab",
            "Abrir esta configuración en el laboratorio",
        ),
        /// The share dialog's checkbox.
        ShareWith => (
            "Amb les preguntes",
            "With the questions",
            "Con las preguntas",
        ),
        /// The teachers page's section on question sets.
        TeachersHeading => (
            "Primer, prediu: jocs de preguntes",
            "Predict first: question sets",
            "Primero, predice: series de preguntas",
        ),
        /// What that section says.
        TeachersNote => (
            "Cada enllaç obre el capítol amb les preguntes del joc 1; canvieu el número de quiz= per a unes altres xifres. Les respostes es calculen a la pàgina i no s'envia res; partlab quiz en dona la clau.",
            "Each link opens the chapter with the questions of set 1; change the number after quiz= for other figures. The answers are computed in the page and nothing is sent; partlab quiz prints the key.",
            "Cada enlace abre el capítulo con las preguntas de la serie 1; cambiad el número de quiz= para otras cifras. Las respuestas se calculan en la página y no se envía nada; partlab quiz da la clave.",
        ),
        /// The column with a set's first question.
        FirstQuestion => (
            "La primera pregunta del joc",
            "The set's first question",
            "La primera pregunta de la serie",
        ),
        /// Said while the questions' module is being downloaded (the first time they open).
        Loading => (
            "Carregant les preguntes…",
            "Loading the questions…",
            "Cargando las preguntas…",
        ),
        /// Said when that download failed.
        LoadFailed => (
            "No s'han pogut carregar les preguntes. Comprova la connexió i torna-ho a provar; el capítol funciona igualment.",
            "The questions could not be loaded. Check the connection and try again; the chapter still works.",
            "No se han podido cargar las preguntas. Comprueba la conexión y vuelve a intentarlo; el capítulo funciona igualmente.",
        ),
    }
}

#[cfg(test)]
mod tests;
