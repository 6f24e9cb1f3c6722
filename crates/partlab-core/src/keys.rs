//! Key sets: the keys of an experiment, hashed once and kept sorted by ring position.
//!
//! Strategies, statistics and comparisons all work on keys in ascending hash order, so two
//! assignments of the same key set can be compared slot by slot and a ring can be swept
//! against the keys in one pass. Changing nodes, vnodes or weights never rehashes a key.

use std::borrow::Cow;
use std::sync::{Arc, Mutex};

use crate::config::{ConfigError, MAX_KEYS, MAX_KEY_CHARS};
use crate::hash::{hash_key, lesson_key_into, rendezvous_score};

/// How many rendezvous score columns (one per node name) a key set keeps at once.
const SCORE_CACHE_COLUMNS: usize = 32;

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
    score_cache: Mutex<Vec<(String, Arc<[u64]>)>>,
}

impl KeySet {
    /// The lesson's `count` order ids, `P-2026-000001` onward.
    pub fn lesson(count: usize) -> Result<Self, ConfigError> {
        check_count(count as u64)?;
        let mut buf = [0u8; 32];
        let hashes = (1..=count as u64)
            .map(|n| hash_key(lesson_key_into(n, &mut buf)))
            .collect();
        Ok(Self::from_hashes(KeySource::Lesson { count }, hashes))
    }

    /// An explicit list of keys (duplicates are allowed and count as separate keys).
    pub fn custom(keys: Vec<String>) -> Result<Self, ConfigError> {
        check_count(keys.len() as u64)?;
        if let Some(pos) = keys.iter().position(|k| k.chars().count() > MAX_KEY_CHARS) {
            return Err(ConfigError::KeyTooLong {
                position: pos + 1,
                max: MAX_KEY_CHARS,
            });
        }
        let hashes = keys.iter().map(|k| hash_key(k)).collect();
        Ok(Self::from_hashes(KeySource::Custom(keys), hashes))
    }

    fn from_hashes(source: KeySource, hashes: Vec<u64>) -> Self {
        let mut pairs: Vec<(u64, u32)> = hashes
            .into_iter()
            .enumerate()
            .map(|(i, h)| (h, i as u32))
            .collect();
        pairs.sort_unstable();
        let (sorted_hashes, order) = pairs.into_iter().unzip();
        KeySet {
            source,
            sorted_hashes,
            order,
            score_cache: Mutex::new(Vec::new()),
        }
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
            KeySource::Lesson { .. } => None,
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
    /// Computed once per node name and cached, so adding a node to a rendezvous experiment
    /// hashes one new column instead of every (node, key) pair again.
    pub fn rendezvous_column(&self, node: &str) -> Arc<[u64]> {
        if let Ok(cache) = self.score_cache.lock() {
            if let Some((_, col)) = cache.iter().find(|(n, _)| n == node) {
                return Arc::clone(col);
            }
        }
        let mut buf = [0u8; 32];
        let column: Arc<[u64]> = match &self.source {
            KeySource::Lesson { .. } => self
                .order
                .iter()
                .map(|&i| rendezvous_score(node, lesson_key_into(u64::from(i) + 1, &mut buf)))
                .collect(),
            KeySource::Custom(keys) => self
                .order
                .iter()
                .map(|&i| rendezvous_score(node, &keys[i as usize]))
                .collect(),
        };
        if let Ok(mut cache) = self.score_cache.lock() {
            if cache.len() >= SCORE_CACHE_COLUMNS {
                cache.remove(0);
            }
            cache.push((node.to_owned(), Arc::clone(&column)));
        }
        column
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
}
