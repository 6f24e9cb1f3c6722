//! A weighted experiment's deviation, both ways: the lesson's formula (population std-dev
//! of the keys per node over their mean, as if every node should hold an equal share) and
//! the core's deviation from each node's weighted share. Shown side by side and labelled,
//! so the page never states one where the lesson's formula gives the other.

use partlab_core::stats::{deviation_pct, Distribution};

/// Both deviations of a distribution whose expected shares differ.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BothWays {
    /// The lesson's formula on the keys per node (equal shares), in %.
    pub equal_shares_pct: f64,
    /// The deviation from each node's weighted share (the core's figure), in %.
    pub weighted_pct: f64,
}

/// Whether the expected shares differ (weights matter).
pub fn is_weighted(d: &Distribution) -> bool {
    d.nodes
        .windows(2)
        .any(|w| w[0].expected_share != w[1].expected_share)
}

/// Both deviations of `d`, or `None` when its expected shares are equal (then they are the
/// same figure).
pub fn both_ways(d: &Distribution) -> Option<BothWays> {
    if !is_weighted(d) {
        return None;
    }
    let counts: Vec<u64> = d.nodes.iter().map(|n| n.keys).collect();
    Some(BothWays {
        equal_shares_pct: deviation_pct(&counts),
        weighted_pct: d.deviation_pct,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use partlab_core::lesson;
    use partlab_core::{assign, KeySet};

    /// The lesson's formula, written again here: population std-dev / mean × 100.
    fn pstdev_over_mean(values: &[f64]) -> f64 {
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
        var.sqrt() / mean * 100.0
    }

    /// Exercise 1 (inv-bcn at weight 2): the lesson's formula on the counts gives about
    /// 32 % (inv-bcn holds twice the others' keys), the deviation from the weighted shares
    /// a few %; both are recomputed here from the counts, independently of the core.
    #[test]
    fn exercise_1_both_ways_against_an_independent_computation() {
        let s = lesson::scenario("weighted").expect("exercise 1");
        let keys = KeySet::lesson(lesson::KEY_COUNT).expect("keys");
        let a = assign(&keys, &s.before).expect("valid");
        let d = Distribution::of(&s.before, &a);
        let both = both_ways(&d).expect("weighted");
        let counts: Vec<f64> = d.nodes.iter().map(|n| n.keys as f64).collect();
        let weights: Vec<f64> = s.before.nodes.iter().map(|n| n.weight).collect();
        let total_w: f64 = weights.iter().sum();
        let total: f64 = counts.iter().sum();
        let ratios: Vec<f64> = counts
            .iter()
            .zip(&weights)
            .map(|(c, w)| c / (w / total_w * total))
            .collect();
        assert!((both.equal_shares_pct - pstdev_over_mean(&counts)).abs() < 1e-9);
        assert!((both.weighted_pct - pstdev_over_mean(&ratios)).abs() < 1e-9);
        assert!(both.equal_shares_pct > 25.0, "{both:?}");
        assert!(both.weighted_pct < 10.0, "{both:?}");
        // Unweighted: one figure, no second one.
        let r = lesson::scenario("ring-150").expect("ring");
        let d = Distribution::of(&r.before, &assign(&keys, &r.before).expect("valid"));
        assert_eq!(both_ways(&d), None);
    }
}
