//! Sorting with one copy of the sort's code.
//!
//! Every distinct use of a standard sort (each item type, each key or comparison closure)
//! brings its own copy of the sort's machinery into the page's wasm: about 4 KB for the
//! unstable sort at the core's optimisation level, several times that for the stable one.
//! Here everything sorts packed `u128`s with [`sort_u128`]: [`sort_by_key_stable`] gives
//! exactly the stable sort's order (equal keys keep their order) by sorting (key, original
//! index) pairs, and the ring's points are sorted as (position, node, vnode) packed the same
//! way, so the page carries one sort.

/// Sorts `items` by `key` (ascending; see [`descending`] and [`total_order_key`]); items with
/// equal keys keep their order, as with `sort_by_key`.
pub fn sort_by_key_stable<T>(items: &mut Vec<T>, key: impl Fn(&T) -> u64) {
    // The index makes every pair distinct, so the unstable sort cannot reorder equal keys.
    let mut order: Vec<u128> = items
        .iter()
        .enumerate()
        .map(|(i, x)| pack(key(x), i as u64))
        .collect();
    sort_u128(&mut order);
    let mut slots: Vec<Option<T>> = std::mem::take(items).into_iter().map(Some).collect();
    items.extend(
        order
            .into_iter()
            .filter_map(|p| slots[unpack(p).1 as usize].take()),
    );
}

/// `(high, low)` as one `u128` that sorts as the pair does.
pub fn pack(high: u64, low: u64) -> u128 {
    (u128::from(high) << 64) | u128::from(low)
}

/// The pair [`pack`] made.
pub fn unpack(packed: u128) -> (u64, u64) {
    ((packed >> 64) as u64, packed as u64)
}

/// The one sort in the page: ascending `u128`s, whatever was packed into them.
#[inline(never)]
pub fn sort_u128(values: &mut [u128]) {
    values.sort_unstable();
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

    proptest! {
        #[test]
        fn packed_pairs_sort_as_the_pairs(pairs in proptest::collection::vec(any::<(u64, u64)>(), 0..100)) {
            let mut packed: Vec<u128> = pairs.iter().map(|&(h, l)| pack(h, l)).collect();
            sort_u128(&mut packed);
            let mut want = pairs;
            want.sort_unstable();
            prop_assert_eq!(packed.into_iter().map(unpack).collect::<Vec<_>>(), want);
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
