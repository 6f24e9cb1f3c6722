//! What the deviation chart says about each of its points, and where it puts the current
//! setting: a point at its vnode count for a strategy with vnodes, a flat line at its
//! deviation for one without (rendezvous, jump, mod N, …: vnodes do not change them).
//!
//! The page shows one sentence at a time under the chart (the readout), chosen by the
//! pointer or by the arrow keys on the focused chart; the same sentences are tested here.

use partlab_core::config::Strategy;

use crate::charts::DeviationRow;
use crate::i18n::{by_lang, fmt_int, fmt_pct, strategy_name};
use crate::model::Lab;
use crate::state::Lang;

/// The current setting on the deviation chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CurrentMark {
    /// A strategy that uses vnodes: a point at (vnodes, deviation %).
    Point {
        /// Vnodes per node of weight 1.
        vnodes: u32,
        /// The current deviation, in %.
        pct: f64,
    },
    /// A strategy without vnodes: the same deviation at every vnode count.
    Flat {
        /// The current deviation, in %.
        pct: f64,
    },
}

impl CurrentMark {
    /// The mark for `strategy` at `vnodes` with deviation `pct` (`None` when not drawable).
    pub fn new(strategy: Strategy, vnodes: u32, pct: f64) -> Option<CurrentMark> {
        if !pct.is_finite() || pct < 0.0 {
            return None;
        }
        Some(if strategy.uses_vnodes() {
            CurrentMark::Point { vnodes, pct }
        } else {
            CurrentMark::Flat { pct }
        })
    }

    /// The lab's current setting: its strategy, vnodes and the core's deviation.
    pub fn of(lab: &Lab) -> Option<CurrentMark> {
        let c = lab.config();
        CurrentMark::new(c.strategy, c.vnodes, lab.distribution().deviation_pct)
    }

    /// The deviation it marks, in %.
    pub fn pct(self) -> f64 {
        match self {
            CurrentMark::Point { pct, .. } | CurrentMark::Flat { pct } => pct,
        }
    }

    /// What the chart's axes must hold for it: (vnodes, %). A flat line spans the axis, so
    /// it asks only for its height (1 vnode is always on the axis).
    pub fn extent(self) -> (u32, f64) {
        match self {
            CurrentMark::Point { vnodes, pct } => (vnodes, pct),
            CurrentMark::Flat { pct } => (1, pct),
        }
    }

    /// `point` or `flat`, for the page's `data-current` hook.
    pub fn kind(self) -> &'static str {
        match self {
            CurrentMark::Point { .. } => "point",
            CurrentMark::Flat { .. } => "flat",
        }
    }
}

/// The sentence for one row of the sweep.
pub fn row_sentence(lang: Lang, row: &DeviationRow) -> String {
    let vn = if row.vnodes == 1 {
        by_lang(lang, "node virtual", "virtual node", "nodo virtual")
    } else {
        by_lang(lang, "nodes virtuals", "virtual nodes", "nodos virtuales")
    };
    let mut out = format!(
        "{} {vn}: {} {}, {} {}–{}; {} {}",
        fmt_int(lang, u64::from(row.vnodes)),
        by_lang(lang, "mediana", "median", "mediana"),
        fmt_pct(lang, row.median_pct, 1),
        by_lang(
            lang,
            "amb noms canviats entre",
            "renamed runs between",
            "con nombres cambiados entre"
        ),
        fmt_pct(lang, row.min_pct, 1),
        fmt_pct(lang, row.max_pct, 1),
        by_lang(
            lang,
            "amb els noms reals",
            "with the real names",
            "con los nombres reales"
        ),
        fmt_pct(lang, row.named_pct, 1),
    );
    if let Some(t) = row.trend_pct {
        out.push_str(&format!(
            "; {} {}",
            by_lang(lang, "tendència", "trend", "tendencia"),
            fmt_pct(lang, t, 1)
        ));
    }
    out
}

/// The sentence for the current setting.
pub fn current_sentence(lang: Lang, strategy: Strategy, mark: CurrentMark) -> String {
    let now = by_lang(lang, "Ara", "Now", "Ahora");
    let name = strategy_name(lang, strategy);
    match mark {
        CurrentMark::Point { vnodes, pct } => format!(
            "{now}, {name}: {} {}, {} {}",
            fmt_int(lang, u64::from(vnodes)),
            by_lang(lang, "nodes virtuals", "virtual nodes", "nodos virtuales"),
            by_lang(lang, "desviació", "deviation", "desviación"),
            fmt_pct(lang, pct, 1),
        ),
        CurrentMark::Flat { pct } => format!(
            "{now}, {name}: {}, {} {}, {}",
            by_lang(
                lang,
                "sense nodes virtuals",
                "no virtual nodes",
                "sin nodos virtuales"
            ),
            by_lang(lang, "desviació", "deviation", "desviación"),
            fmt_pct(lang, pct, 1),
            by_lang(
                lang,
                "la mateixa a tot l'eix (línia plana)",
                "the same all along the axis (a flat line)",
                "la misma en todo el eje (línea plana)"
            ),
        ),
    }
}

/// Every sentence the readout can show, in the order the arrow keys step through them: the
/// sweep's points by increasing vnodes, then the current setting.
pub fn readout_items(
    lang: Lang,
    rows: &[DeviationRow],
    current: Option<(Strategy, CurrentMark)>,
) -> Vec<String> {
    rows.iter()
        .map(|r| row_sentence(lang, r))
        .chain(current.map(|(s, m)| current_sentence(lang, s, m)))
        .collect()
}

/// The item the readout moves to from `at` (of `len`) on `key` (`ArrowRight`, `ArrowLeft`,
/// `ArrowUp`, `ArrowDown`, `Home`, `End`); `None` for a key it does not use.
pub fn step(at: Option<usize>, len: usize, key: &str) -> Option<usize> {
    if len == 0 {
        return None;
    }
    let last = len - 1;
    Some(match (key, at) {
        ("Home", _) => 0,
        ("End", _) => last,
        ("ArrowRight" | "ArrowUp", None) => 0,
        ("ArrowLeft" | "ArrowDown", None) => last,
        ("ArrowRight" | "ArrowUp", Some(i)) => (i + 1).min(last),
        ("ArrowLeft" | "ArrowDown", Some(i)) => i.saturating_sub(1).min(last),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use partlab_core::lesson;
    use partlab_core::stats::deviation_pct;
    use partlab_core::{assign, KeySet};

    /// Rendezvous has no vnodes: its mark is a flat line at the core's deviation, computed
    /// here again from the keys per node (exercise 3's 0.3 %), not the ring's curve.
    #[test]
    fn rendezvous_is_a_flat_line_at_its_own_deviation() {
        let s = lesson::scenario("rendezvous").expect("exercise 3");
        let lab = Lab::from_fragment("p=rendezvous&s=rendezvous&n=n1,n2,n3,n4,n5&r=3", Lang::En);
        assert_eq!(lab.config(), &s.before);
        let mark = CurrentMark::of(&lab).expect("a mark");
        let keys = KeySet::lesson(lesson::KEY_COUNT).expect("keys");
        let counts = assign(&keys, &s.before)
            .expect("valid")
            .counts(s.before.nodes.len());
        let independent = deviation_pct(&counts);
        assert!(matches!(mark, CurrentMark::Flat { .. }), "{mark:?}");
        assert!((mark.pct() - independent).abs() < 1e-9, "{mark:?}");
        assert_eq!(format!("{:.1}", mark.pct()), "0.3");
        let text = current_sentence(Lang::En, Strategy::Rendezvous, mark);
        assert!(
            text.contains("0.3\u{a0}%") && text.contains("flat"),
            "{text}"
        );
        // The ring stays a point at its vnode count.
        let ring = Lab::from_fragment("p=ring-150", Lang::En);
        assert_eq!(
            CurrentMark::of(&ring).map(|m| m.extent().0),
            Some(150),
            "ring"
        );
        assert!(matches!(
            CurrentMark::new(Strategy::Jump, 150, 1.0),
            Some(CurrentMark::Flat { .. })
        ));
        assert_eq!(CurrentMark::new(Strategy::Ring, 10, f64::NAN), None);
    }

    #[test]
    fn the_named_run_is_in_each_sentence() {
        let row = DeviationRow {
            vnodes: 150,
            min_pct: 3.12,
            median_pct: 5.9,
            max_pct: 9.0,
            named_pct: 6.26,
            trend_pct: Some(5.8),
        };
        let en = row_sentence(Lang::En, &row);
        assert!(en.starts_with("150 virtual nodes"), "{en}");
        assert!(en.contains("with the real names 6.3\u{a0}%"), "{en}");
        let ca = row_sentence(Lang::Ca, &row);
        assert!(ca.contains("amb els noms reals 6,3\u{a0}%"), "{ca}");
        let items = readout_items(
            Lang::En,
            &[row],
            Some((
                Strategy::Ring,
                CurrentMark::Point {
                    vnodes: 150,
                    pct: 6.26,
                },
            )),
        );
        assert_eq!(items.len(), 2);
    }

    #[test]
    fn arrow_keys_step_within_the_items() {
        assert_eq!(step(None, 3, "ArrowRight"), Some(0));
        assert_eq!(step(None, 3, "ArrowLeft"), Some(2));
        assert_eq!(step(Some(2), 3, "ArrowRight"), Some(2));
        assert_eq!(step(Some(0), 3, "ArrowLeft"), Some(0));
        assert_eq!(step(Some(1), 3, "End"), Some(2));
        assert_eq!(step(Some(5), 3, "ArrowLeft"), Some(2));
        assert_eq!(step(Some(1), 3, "a"), None);
        assert_eq!(step(None, 0, "Home"), None);
    }
}
