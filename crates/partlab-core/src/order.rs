//! Sorting with the standard stable sort's result and the unstable sort's code.
//!
//! Every distinct use of the standard stable sort (`sort_by_key`, `sort_by`) brings its own
//! copy of the merge sort's machinery into the page's wasm, several times the unstable
//! sort's. The lab sorts small lists in many places; these helpers give each of them exactly
//! the stable sort's order (equal keys keep their order) by sorting (key, original index)
//! pairs with the unstable sort, so the page carries no stable sort at all.

/// Sorts `items` by `key` (ascending; see [`descending`] and [`total_order_key`]); items with
/// equal keys keep their order, as with `sort_by_key`.
pub fn sort_by_key_stable<T>(items: &mut Vec<T>, key: impl Fn(&T) -> u64) {
    let mut order: Vec<(u64, usize)> = items.iter().enumerate().map(|(i, x)| (key(x), i)).collect();
    sort_pairs(&mut order);
    let mut slots: Vec<Option<T>> = std::mem::take(items).into_iter().map(Some).collect();
    items.extend(order.into_iter().filter_map(|(_, i)| slots[i].take()));
}

/// The one sort behind [`sort_by_key_stable`], whatever the items: keys are all `u64`, so
/// the page holds a single copy of it. The index makes every pair distinct, so the unstable
/// sort cannot reorder equal keys.
#[inline(never)]
fn sort_pairs(pairs: &mut [(u64, usize)]) {
    pairs.sort_unstable();
}

/// A key that sorts `key` in descending order.
pub fn descending(key: u64) -> u64 {
    u64::MAX - key
}

/// A key that orders floats as [`f64::total_cmp`] does (−NaN < −∞ < … < −0 < +0 < … < +∞ <
/// NaN), for [`sort_by_key_stable`].
pub fn total_order_key(x: f64) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 1 {
        // Negative: larger magnitudes come first.
        !bits
    } else {
        bits | (1 << 63)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Many equal keys (0..4) among up to 200 items, each tagged with where it started:
        /// the result is the standard stable sort's, item for item.
        #[test]
        fn same_order_as_the_stable_sort(keys in proptest::collection::vec(0u8..4, 0..200)) {
            let items: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut ours = items.clone();
            sort_by_key_stable(&mut ours, |&(k, _)| u64::from(k));
            let mut std_sorted = items;
            std_sorted.sort_by_key(|&(k, _)| k);
            prop_assert_eq!(ours, std_sorted);
        }

        #[test]
        fn total_order_key_agrees_with_total_cmp(a in any::<f64>(), b in any::<f64>()) {
            prop_assert_eq!(total_order_key(a).cmp(&total_order_key(b)), a.total_cmp(&b));
        }
    }

    #[test]
    fn descending_keys() {
        let mut v = vec![3u64, 0, u64::MAX, 7, 3];
        sort_by_key_stable(&mut v, |&k| descending(k));
        assert_eq!(v, [u64::MAX, 7, 3, 3, 0]);
    }

    #[test]
    fn total_order_key_on_the_edges() {
        let xs = [
            f64::NEG_INFINITY,
            -1.5,
            -0.0,
            0.0,
            1e-300,
            2.0,
            f64::INFINITY,
            f64::NAN,
        ];
        for w in xs.windows(2) {
            assert!(
                total_order_key(w[0]) < total_order_key(w[1]),
                "{} < {}",
                w[0],
                w[1]
            );
        }
    }
}
