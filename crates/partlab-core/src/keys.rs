//! Key sets: the keys of an experiment, hashed once and kept sorted by ring position.
//!
//! Strategies, statistics and comparisons all work on keys in ascending hash order, so two
//! assignments of the same key set can be compared slot by slot and a ring can be swept
//! against the keys in one pass. Changing nodes, vnodes or weights never rehashes a key.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use crate::config::{ConfigError, MAX_KEYS, MAX_KEY_CHARS};
use crate::hash::{hash_key, lesson_key_into, rendezvous_score};

/// How many rendezvous scores a key set keeps cached by default, all columns together
/// (32 MB). A page that must stay small lowers it with [`KeySet::set_score_cache_limit`].
pub const DEFAULT_SCORE_CACHE_SCORES: usize = 4_000_000;

/// Where the key strings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum KeySource {
    /// The lesson's order ids `P-2026-000001 … P-2026-{count:06}`, generated on demand.
    Lesson {
        /// How many ids.
        count: usize,
    },
    /// An explicit list of keys.
    Custom(Vec<String>),
    /// Keys given by their ring positions only, their texts dropped (a key file of millions
    /// of lines read by the command line, whose texts would not fit its memory). Such a set
    /// has no key texts ([`KeySet::key`] is `None`) and so no rendezvous scores: callers that
    /// place keys with rendezvous keep the texts ([`KeySource::Custom`]).
    Positions {
        /// How many keys.
        count: usize,
    },
}

impl KeySource {
    fn len(&self) -> usize {
        match self {
            KeySource::Lesson { count } | KeySource::Positions { count } => *count,
            KeySource::Custom(keys) => keys.len(),
        }
    }

    /// Ring position of the key at source index `index` (which must exist; a set of
    /// positions has them already, see [`KeySetBuilder::from_positions`]).
    fn hash_at(&self, index: usize, buf: &mut [u8; 32]) -> u64 {
        match self {
            KeySource::Lesson { .. } => hash_key(lesson_key_into(index as u64 + 1, buf)),
            KeySource::Custom(keys) => hash_key(&keys[index]),
            KeySource::Positions { .. } => 0,
        }
    }

    /// Rendezvous score of `node` for the key at source index `index` (which must exist).
    fn score_at(&self, node: &str, index: usize, buf: &mut [u8; 32]) -> u64 {
        match self {
            KeySource::Lesson { .. } => {
                rendezvous_score(node, lesson_key_into(index as u64 + 1, buf))
            }
            KeySource::Custom(keys) => rendezvous_score(node, &keys[index]),
            // No text to score (see `KeySource::Positions`): every node scores 0, so the
            // first node would win. Callers keep the texts for rendezvous.
            KeySource::Positions { .. } => 0,
        }
    }
}

/// The rendezvous score columns a key set keeps, most recently used last, within a limit
/// counted in scores.
#[derive(Debug)]
struct ScoreCache {
    limit: usize,
    columns: Vec<(String, Arc<[u64]>)>,
}

impl ScoreCache {
    fn used(&self) -> usize {
        self.columns.iter().map(|(_, c)| c.len()).sum()
    }

    /// Makes room for `len` more scores by dropping the least recently used columns whose
    /// node is not in `keep`; whether there is room now.
    fn make_room(&mut self, len: usize, keep: &[&str]) -> bool {
        if len > self.limit {
            return false;
        }
        let mut used = self.used();
        let mut i = 0;
        while used + len > self.limit && i < self.columns.len() {
            if keep.contains(&self.columns[i].0.as_str()) {
                i += 1;
            } else {
                used -= self.columns.remove(i).1.len();
            }
        }
        used + len <= self.limit
    }
}

/// A set of keys with their ring positions, sorted by position.
#[derive(Debug)]
pub struct KeySet {
    source: KeySource,
    /// Ring positions in ascending order.
    sorted_hashes: Vec<u64>,
    /// `order[slot]` is the index (in source order) of the key at sorted slot `slot`.
    order: Vec<u32>,
    /// Rendezvous scores of the keys (in sorted order) for recently used node names.
    score_cache: Mutex<ScoreCache>,
}

impl KeySet {
    /// The lesson's `count` order ids, `P-2026-000001` onward.
    pub fn lesson(count: usize) -> Result<Self, ConfigError> {
        Ok(KeySetBuilder::lesson(count)?.finish())
    }

    /// An explicit list of keys (duplicates are allowed and count as separate keys).
    pub fn custom(keys: Vec<String>) -> Result<Self, ConfigError> {
        Ok(KeySetBuilder::custom(keys)?.finish())
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.sorted_hashes.len()
    }

    /// Whether the set is empty (never true for a constructed set).
    pub fn is_empty(&self) -> bool {
        self.sorted_hashes.is_empty()
    }

    /// Where the keys come from.
    pub fn source(&self) -> &KeySource {
        &self.source
    }

    /// Ring positions of all keys, ascending.
    pub fn sorted_hashes(&self) -> &[u64] {
        &self.sorted_hashes
    }

    /// Source index of the key at sorted slot `slot`.
    pub fn source_index(&self, slot: usize) -> usize {
        self.order[slot] as usize
    }

    /// The key at source index `index` (0-based), if there is one.
    pub fn key(&self, index: usize) -> Option<Cow<'_, str>> {
        match &self.source {
            KeySource::Lesson { count } if index < *count => {
                let mut buf = [0u8; 32];
                Some(Cow::Owned(
                    lesson_key_into(index as u64 + 1, &mut buf).to_owned(),
                ))
            }
            KeySource::Lesson { .. } | KeySource::Positions { .. } => None,
            KeySource::Custom(keys) => keys.get(index).map(|k| Cow::Borrowed(k.as_str())),
        }
    }

    /// The key at sorted slot `slot`.
    pub fn key_at_slot(&self, slot: usize) -> Option<Cow<'_, str>> {
        self.order.get(slot).and_then(|&i| self.key(i as usize))
    }

    /// The sorted slot of the key with source index `index`.
    pub fn slot_of(&self, index: usize) -> Option<usize> {
        let key = self.key(index)?;
        let h = hash_key(&key);
        // Equal hashes mean equal keys in practice; look for the exact index among them.
        let start = self.sorted_hashes.partition_point(|&x| x < h);
        (start..self.len())
            .take_while(|&s| self.sorted_hashes[s] == h)
            .find(|&s| self.order[s] as usize == index)
    }

    /// Rendezvous scores `hash("{node}|{key}")` of every key, in sorted-slot order.
    ///
    /// Computed once per node name and cached (within the cache's limit, see
    /// [`KeySet::set_score_cache_limit`]), so adding a node to a rendezvous experiment hashes
    /// one new column instead of every (node, key) pair again.
    pub fn rendezvous_column(&self, node: &str) -> Arc<[u64]> {
        if let Some(col) = self.cached_rendezvous_column(node) {
            return col;
        }
        let mut column = vec![0u64; self.len()];
        self.rendezvous_scores(node, 0..self.len(), &mut column);
        let column: Arc<[u64]> = column.into();
        self.cache_rendezvous_column(node, Arc::clone(&column), &[node]);
        column
    }

    /// The cached score column of `node`, if there is one (it becomes the most recently
    /// used).
    pub fn cached_rendezvous_column(&self, node: &str) -> Option<Arc<[u64]>> {
        let mut cache = self.score_cache.lock().ok()?;
        let i = cache.columns.iter().position(|(n, _)| n == node)?;
        let entry = cache.columns.remove(i);
        let col = Arc::clone(&entry.1);
        cache.columns.push(entry);
        Some(col)
    }

    /// Writes the rendezvous scores of `node` for the keys at sorted slots `slots` into
    /// `out` (one per slot; `out` must be at least that long).
    pub fn rendezvous_scores(&self, node: &str, slots: Range<usize>, out: &mut [u64]) {
        let mut buf = [0u8; 32];
        for (o, &i) in out.iter_mut().zip(&self.order[slots]) {
            *o = self.source.score_at(node, i as usize, &mut buf);
        }
    }

    /// Keeps `column` (the scores of `node` for every key, in slot order) in the cache if it
    /// fits, dropping the least recently used columns of nodes not in `keep` to make room.
    /// Returns whether it was kept.
    pub fn cache_rendezvous_column(&self, node: &str, column: Arc<[u64]>, keep: &[&str]) -> bool {
        if column.len() != self.len() {
            return false;
        }
        let Ok(mut cache) = self.score_cache.lock() else {
            return false;
        };
        if let Some(i) = cache.columns.iter().position(|(n, _)| n == node) {
            cache.columns.remove(i);
        }
        if !cache.make_room(column.len(), keep) {
            return false;
        }
        cache.columns.push((node.to_owned(), column));
        true
    }

    /// How many whole score columns the cache can hold at most.
    pub fn score_cache_columns(&self) -> usize {
        self.score_cache
            .lock()
            .map_or(0, |c| c.limit / self.len().max(1))
    }

    /// Scores kept in the cache right now.
    pub fn cached_scores(&self) -> usize {
        self.score_cache.lock().map_or(0, |c| c.used())
    }

    /// Sets how many scores the cache may keep (all columns together), dropping the least
    /// recently used columns beyond it.
    pub fn set_score_cache_limit(&self, scores: usize) {
        if let Ok(mut cache) = self.score_cache.lock() {
            cache.limit = scores;
            cache.make_room(0, &[]);
        }
    }

    /// Drops every cached score column.
    pub fn clear_score_cache(&self) {
        if let Ok(mut cache) = self.score_cache.lock() {
            cache.columns.clear();
        }
    }
}

/// Where a [`KeySetBuilder`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Hashing the keys in source order, counting them per bucket of their top bits.
    Hash,
    /// Listing the source indices bucket by bucket.
    Scatter,
    /// Sorting each bucket by (position, index).
    Sort,
    /// Copying the positions into slot order.
    Gather,
    /// Finished.
    Done,
}

/// Work units (one unit ≈ hashing one key) of each phase, per key, in sixteenths.
const PHASE_COST: [(Phase, u64); 4] = [
    (Phase::Hash, 16),
    (Phase::Scatter, 1),
    (Phase::Sort, 3),
    (Phase::Gather, 1),
];

/// Builds a [`KeySet`] a slice of work at a time, so that a caller which must stay responsive
/// (the browser) can hash a million keys without blocking for long.
///
/// The keys are hashed in source order, bucketed by the top bits of their position
/// (a counting sort: MD5 positions are uniform, so buckets are small), each bucket is sorted
/// by (position, source index) and the positions are gathered into slot order: the same
/// order as sorting all (position, index) pairs, with 20 bytes per key at the peak and 12 once
/// finished.
///
/// ```
/// use partlab_core::keys::{KeySet, KeySetBuilder};
/// let mut b = KeySetBuilder::lesson(10_000).unwrap();
/// while !b.step(1_000) {}
/// let keys = b.finish();
/// assert_eq!(keys.sorted_hashes(), KeySet::lesson(10_000).unwrap().sorted_hashes());
/// ```
#[derive(Debug)]
pub struct KeySetBuilder {
    source: KeySource,
    len: usize,
    bits: u32,
    phase: Phase,
    /// Progress within the phase (keys, or buckets while sorting).
    next: usize,
    /// Keys already sorted (to report progress while sorting bucket by bucket).
    sorted_keys: usize,
    /// Positions in source order.
    hashes: Vec<u64>,
    /// Keys per bucket while hashing, then the start of each bucket in `order` (one more
    /// entry than buckets).
    starts: Vec<u32>,
    /// Next free place of each bucket in `order` while scattering.
    cursor: Vec<u32>,
    order: Vec<u32>,
    sorted: Vec<u64>,
}

impl KeySetBuilder {
    /// A builder for the lesson's `count` order ids.
    pub fn lesson(count: usize) -> Result<Self, ConfigError> {
        check_count(count as u64)?;
        Ok(Self::new(KeySource::Lesson { count }))
    }

    /// A builder for an explicit list of keys (duplicates count as separate keys).
    pub fn custom(keys: Vec<String>) -> Result<Self, ConfigError> {
        check_count(keys.len() as u64)?;
        if let Some(pos) = keys.iter().position(|k| k.chars().count() > MAX_KEY_CHARS) {
            return Err(ConfigError::KeyTooLong {
                position: pos + 1,
                max: MAX_KEY_CHARS,
            });
        }
        Ok(Self::new(KeySource::Custom(keys)))
    }

    /// A builder for keys given by their ring positions (in source order), their texts not
    /// kept: see [`KeySource::Positions`].
    pub fn from_positions(positions: Vec<u64>) -> Result<Self, ConfigError> {
        check_count(positions.len() as u64)?;
        let mut b = Self::new(KeySource::Positions {
            count: positions.len(),
        });
        b.hashes = positions;
        Ok(b)
    }

    fn new(source: KeySource) -> Self {
        let len = source.len();
        // About 8 keys per bucket (sorted by insertion), at most 2^21 buckets (16 MB of
        // counters for 10 000 000 keys, beside their 200 MB).
        let bits = (usize::BITS - len.max(2).leading_zeros() - 1)
            .saturating_sub(3)
            .clamp(1, 21);
        KeySetBuilder {
            source,
            len,
            bits,
            phase: Phase::Hash,
            next: 0,
            sorted_keys: 0,
            hashes: Vec::with_capacity(len),
            starts: vec![0; (1 << bits) + 1],
            cursor: Vec::new(),
            order: Vec::new(),
            sorted: Vec::new(),
        }
    }

    /// How many keys the set will have.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set will be empty (never: a builder exists only for a valid count).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The whole build in work units (one unit ≈ hashing one key).
    pub fn total_work(&self) -> u64 {
        let per_key: u64 = PHASE_COST.iter().map(|(_, c)| c).sum();
        (self.len as u64 * per_key).div_ceil(16)
    }

    /// Work units done so far.
    pub fn work_done(&self) -> u64 {
        if self.phase == Phase::Done {
            return self.total_work();
        }
        let mut done = 0;
        for &(phase, cost) in &PHASE_COST {
            let keys = match phase {
                p if p == self.phase => match p {
                    Phase::Sort => self.sorted_keys,
                    _ => self.next,
                },
                p if (p as u8) < (self.phase as u8) => self.len,
                _ => 0,
            };
            done += keys as u64 * cost;
        }
        done / 16
    }

    /// Whether every key is hashed and sorted.
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    fn bucket(&self, h: u64) -> usize {
        (h >> (64 - self.bits)) as usize
    }

    /// Does about `work` more units of work (at least a little); returns whether the build
    /// is done.
    pub fn step(&mut self, work: u64) -> bool {
        let mut budget = work.max(1).saturating_mul(16);
        while budget > 0 && self.phase != Phase::Done {
            let cost = PHASE_COST
                .iter()
                .find(|(p, _)| *p == self.phase)
                .map_or(1, |(_, c)| *c);
            let keys = usize::try_from(budget / cost).unwrap_or(usize::MAX).max(1);
            let used = self.advance(keys);
            budget = budget.saturating_sub(used as u64 * cost);
        }
        self.is_done()
    }

    /// Advances the current phase by up to `keys` keys; returns the keys processed.
    fn advance(&mut self, keys: usize) -> usize {
        match self.phase {
            Phase::Hash => {
                let end = self.len.min(self.next.saturating_add(keys));
                let mut buf = [0u8; 32];
                let given = matches!(self.source, KeySource::Positions { .. });
                for i in self.next..end {
                    let h = if given {
                        self.hashes[i]
                    } else {
                        let h = self.source.hash_at(i, &mut buf);
                        self.hashes.push(h);
                        h
                    };
                    let b = self.bucket(h);
                    self.starts[b] += 1;
                }
                let done = end - self.next;
                self.next = end;
                if end == self.len {
                    // Counts → start offsets.
                    let mut sum = 0u32;
                    for s in self.starts.iter_mut() {
                        let c = *s;
                        *s = sum;
                        sum += c;
                    }
                    self.cursor = self.starts[..self.starts.len() - 1].to_vec();
                    self.order = vec![0; self.len];
                    self.phase = Phase::Scatter;
                    self.next = 0;
                }
                done
            }
            Phase::Scatter => {
                let end = self.len.min(self.next.saturating_add(keys));
                for i in self.next..end {
                    let b = self.bucket(self.hashes[i]);
                    self.order[self.cursor[b] as usize] = i as u32;
                    self.cursor[b] += 1;
                }
                let done = end - self.next;
                self.next = end;
                if end == self.len {
                    self.cursor = Vec::new();
                    self.phase = Phase::Sort;
                    self.next = 0;
                }
                done
            }
            Phase::Sort => {
                let buckets = self.starts.len() - 1;
                let before = self.sorted_keys;
                while self.next < buckets && self.sorted_keys - before < keys {
                    let r = self.starts[self.next] as usize..self.starts[self.next + 1] as usize;
                    self.sorted_keys += r.len();
                    insertion_sort(&mut self.order[r], &self.hashes);
                    self.next += 1;
                }
                if self.next == buckets {
                    self.starts = Vec::new();
                    self.sorted = Vec::with_capacity(self.len);
                    self.phase = Phase::Gather;
                    self.next = 0;
                }
                (self.sorted_keys - before).max(1)
            }
            Phase::Gather => {
                let end = self.len.min(self.next.saturating_add(keys));
                let hashes = &self.hashes;
                self.sorted.extend(
                    self.order[self.next..end]
                        .iter()
                        .map(|&i| hashes[i as usize]),
                );
                let done = end - self.next;
                self.next = end;
                if end == self.len {
                    self.hashes = Vec::new();
                    self.phase = Phase::Done;
                }
                done
            }
            Phase::Done => keys,
        }
    }

    /// The key set (finishing whatever work is left).
    pub fn finish(mut self) -> KeySet {
        while !self.step(u64::MAX / 32) {}
        KeySet {
            source: self.source,
            sorted_hashes: self.sorted,
            order: self.order,
            score_cache: Mutex::new(ScoreCache {
                limit: DEFAULT_SCORE_CACHE_SCORES,
                columns: Vec::new(),
            }),
        }
    }
}

/// Sorts a bucket's source indices by (position, index). Buckets hold a handful of keys
/// (MD5 positions are uniform), where insertion sort is the fastest and smallest sort.
fn insertion_sort(bucket: &mut [u32], hashes: &[u64]) {
    let key = |i: u32| (hashes[i as usize], i);
    for j in 1..bucket.len() {
        let x = bucket[j];
        let mut k = j;
        while k > 0 && key(bucket[k - 1]) > key(x) {
            bucket[k] = bucket[k - 1];
            k -= 1;
        }
        bucket[k] = x;
    }
}

fn check_count(count: u64) -> Result<(), ConfigError> {
    if count == 0 || count > MAX_KEYS as u64 {
        Err(ConfigError::KeyCountOutOfRange {
            count,
            max: MAX_KEYS,
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_sorted_and_map_back_to_their_source() {
        let keys = KeySet::lesson(1000).expect("valid count");
        assert_eq!(keys.len(), 1000);
        assert!(keys.sorted_hashes().windows(2).all(|w| w[0] <= w[1]));
        for slot in [0, 17, 999] {
            let key = keys.key_at_slot(slot).expect("slot exists");
            assert_eq!(hash_key(&key), keys.sorted_hashes()[slot]);
            assert_eq!(keys.slot_of(keys.source_index(slot)), Some(slot));
        }
        assert_eq!(keys.key(0).as_deref(), Some("P-2026-000001"));
        assert_eq!(keys.key(1000), None);
    }

    #[test]
    fn duplicate_custom_keys_keep_their_own_slots() {
        let keys = KeySet::custom(vec!["a".into(), "b".into(), "a".into()]).expect("valid");
        let a = keys.slot_of(0).expect("slot");
        let a2 = keys.slot_of(2).expect("slot");
        assert_ne!(a, a2);
        assert_eq!(keys.sorted_hashes()[a], keys.sorted_hashes()[a2]);
    }

    #[test]
    fn counts_outside_the_limits_are_rejected() {
        assert!(KeySet::lesson(0).is_err());
        assert!(KeySet::lesson(MAX_KEYS + 1).is_err());
        assert!(KeySet::custom(Vec::new()).is_err());
        assert!(KeySet::custom(vec!["x".repeat(MAX_KEY_CHARS + 1)]).is_err());
    }

    #[test]
    fn score_columns_match_direct_hashing() {
        let keys = KeySet::custom(vec!["k1".into(), "k2".into()]).expect("valid");
        let col = keys.rendezvous_column("n1");
        for (slot, score) in col.iter().enumerate() {
            let key = keys.key_at_slot(slot).expect("slot");
            assert_eq!(*score, rendezvous_score("n1", &key));
        }
        assert!(Arc::ptr_eq(&col, &keys.rendezvous_column("n1")));
    }

    /// The order every key set had before it was built in slices: all (position, index)
    /// pairs sorted.
    fn reference(hashes: &[u64]) -> (Vec<u64>, Vec<u32>) {
        let mut pairs: Vec<(u64, u32)> = hashes
            .iter()
            .enumerate()
            .map(|(i, &h)| (h, i as u32))
            .collect();
        pairs.sort_unstable();
        pairs.into_iter().unzip()
    }

    #[test]
    fn building_in_slices_gives_the_order_of_a_full_sort() {
        for count in [1, 2, 3, 1000, 70_001] {
            let mut buf = [0u8; 32];
            let hashes: Vec<u64> = (1..=count as u64)
                .map(|n| hash_key(lesson_key_into(n, &mut buf)))
                .collect();
            let (sorted, order) = reference(&hashes);
            for slice in [1, 7, 5_000, u64::MAX / 64] {
                let mut b = KeySetBuilder::lesson(count).expect("valid count");
                let mut steps = 0;
                let mut last = 0;
                while !b.step(slice) {
                    steps += 1;
                    assert!(b.work_done() >= last, "progress goes forward");
                    last = b.work_done();
                }
                assert_eq!(b.work_done(), b.total_work());
                if slice == 7 && count >= 1000 {
                    assert!(steps > 100, "{count} keys in {steps} slices of 7");
                }
                let keys = b.finish();
                assert_eq!(
                    keys.sorted_hashes(),
                    sorted,
                    "{count} keys, slices of {slice}"
                );
                assert_eq!(keys.order, order, "{count} keys, slices of {slice}");
            }
        }
        // Duplicates keep their source order among equal positions.
        let list: Vec<String> = ["b", "a", "b", "c", "a", "b"].map(String::from).to_vec();
        let hashes: Vec<u64> = list.iter().map(|k| hash_key(k)).collect();
        let keys = KeySet::custom(list).expect("valid");
        assert_eq!(keys.order, reference(&hashes).1);
    }

    #[test]
    fn the_score_cache_stays_within_its_limit() {
        let keys = KeySet::lesson(1000).expect("valid");
        keys.set_score_cache_limit(2500);
        assert_eq!(keys.score_cache_columns(), 2);
        let a = keys.rendezvous_column("a");
        keys.rendezvous_column("b");
        assert_eq!(keys.cached_scores(), 2000);
        // A third column evicts the least recently used one ("a" was used again).
        keys.rendezvous_column("a");
        keys.rendezvous_column("c");
        assert_eq!(keys.cached_scores(), 2000);
        assert!(keys.cached_rendezvous_column("b").is_none());
        assert!(Arc::ptr_eq(&a, &keys.rendezvous_column("a")));
        // Columns of nodes to keep are not evicted: with no room, the new one is not cached.
        let d = keys.rendezvous_column("d");
        assert!(!keys.cache_rendezvous_column("e", Arc::clone(&d), &["a", "d"]));
        assert_eq!(keys.cached_scores(), 2000);
        keys.set_score_cache_limit(0);
        assert_eq!(keys.cached_scores(), 0);
        // Without the cache the scores are the same.
        let mut chunk = vec![0; 10];
        keys.rendezvous_scores("a", 990..1000, &mut chunk);
        assert_eq!(chunk, a[990..]);
    }
}
