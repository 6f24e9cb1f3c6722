//! What the deviation chart says about each of its points, and where it puts the current
//! setting: a point at its vnode count for a strategy with vnodes, a flat line at its
//! deviation for one without (rendezvous, jump, mod N, …: vnodes do not change them).
//!
//! The page shows one sentence at a time under the chart (the readout), chosen by the
//! pointer or by the arrow keys on the focused chart; the same sentences are tested here.
//! The bar chart (one sentence per node's bar) and the movement chart (one per cluster
//! size) have readouts of the same kind: [`bars_items`], [`movement_items`].

use partlab_core::config::Strategy;
use partlab_core::Distribution;

use crate::base::text::tr;
use crate::charts::{keys_rows, movement_rows, DeviationRow, KeysRow, MovementRow};
use crate::i18n::{fmt_int, fmt_pct, strategy_name};
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
        tr(lang, ReadoutText::VirtualNode)
    } else {
        tr(lang, ReadoutText::VirtualNodes)
    };
    let mut out = format!(
        "{} {vn}: {} {}, {} {}–{}; {} {}",
        fmt_int(lang, u64::from(row.vnodes)),
        tr(lang, ReadoutText::Median),
        fmt_pct(lang, row.median_pct, 1),
        tr(lang, ReadoutText::RenamedRunsBetween),
        fmt_pct(lang, row.min_pct, 1),
        fmt_pct(lang, row.max_pct, 1),
        tr(lang, ReadoutText::WithTheRealNames),
        fmt_pct(lang, row.named_pct, 1),
    );
    if let Some(t) = row.trend_pct {
        out.push_str(&format!(
            "; {} {}",
            tr(lang, ReadoutText::Trend),
            fmt_pct(lang, t, 1)
        ));
    }
    out
}

/// The sentence for the current setting.
pub fn current_sentence(lang: Lang, strategy: Strategy, mark: CurrentMark) -> String {
    let now = tr(lang, ReadoutText::Now);
    let name = strategy_name(lang, strategy);
    match mark {
        CurrentMark::Point { vnodes, pct } => format!(
            "{now}, {name}: {} {}, {} {}",
            fmt_int(lang, u64::from(vnodes)),
            tr(lang, ReadoutText::VirtualNodes),
            tr(lang, ReadoutText::Deviation),
            fmt_pct(lang, pct, 1),
        ),
        CurrentMark::Flat { pct } => format!(
            "{now}, {name}: {}, {} {}, {}",
            tr(lang, ReadoutText::NoVirtualNodes),
            tr(lang, ReadoutText::Deviation),
            fmt_pct(lang, pct, 1),
            tr(lang, ReadoutText::TheSameAllAlongThe),
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

/// The sentence for one node's bar: its keys and share, the equal share (the dashed line)
/// and, when `weighted`, the share its weight asks for (the mark across the bar). Keys are
/// whole numbers and shares have one decimal, as in the page's tables.
pub fn bar_sentence(
    lang: Lang,
    row: &KeysRow,
    (equal_keys, equal_pct): (f64, f64),
    weighted: bool,
) -> String {
    let mut out = format!(
        "{}: {} {} ({}); {} {} ({})",
        row.name,
        fmt_int(lang, row.keys),
        tr(lang, ReadoutText::Keys),
        fmt_pct(lang, row.share_pct, 1),
        tr(lang, ReadoutText::EqualShare),
        fmt_int(lang, equal_keys.max(0.0).round() as u64),
        fmt_pct(lang, equal_pct, 1),
    );
    if weighted && row.expected_keys.is_finite() {
        out.push_str(&format!(
            "; {} {} ({})",
            tr(lang, ReadoutText::ByItsWeight),
            fmt_int(lang, row.expected_keys.max(0.0).round() as u64),
            fmt_pct(lang, row.expected_pct, 1),
        ));
    }
    out
}

/// The bar chart's readout items: one sentence per node, in the order of the bars.
pub fn bars_items(lang: Lang, dist: &Distribution) -> Vec<String> {
    let n = dist.nodes.len();
    if n == 0 {
        return Vec::new();
    }
    let equal = (dist.total as f64 / n as f64, 100.0 / n as f64);
    let weighted = crate::charts::bars::weighted(dist);
    keys_rows(dist)
        .iter()
        .map(|r| bar_sentence(lang, r, equal, weighted))
        .collect()
}

/// The sentence for one cluster size of the movement chart: the change, the least any
/// strategy must move (1/(N+1)), then what each strategy moved, in the legend's order.
pub fn movement_sentence(lang: Lang, row: &MovementRow) -> String {
    let moved: Vec<String> = Strategy::LESSON
        .iter()
        .zip(row.moved_pct)
        .filter_map(|(&s, m)| {
            m.map(|m| format!("{} {}", strategy_name(lang, s), fmt_pct(lang, m, 1)))
        })
        .collect();
    format!(
        "{} → {} {}: {} 1/(N+1) {}; {}",
        row.nodes_before,
        row.nodes_after,
        tr(lang, ReadoutText::Nodes),
        tr(lang, ReadoutText::Ideal),
        fmt_pct(lang, row.ideal_pct, 1),
        moved.join(", "),
    )
}

/// The movement chart's readout items, by increasing cluster size (the chart's x order),
/// with the node count of each for the hit test.
pub fn movement_items(
    lang: Lang,
    points: &[partlab_core::sweep::MovementPoint],
) -> Vec<(usize, String)> {
    movement_rows(points)
        .iter()
        .map(|r| (r.nodes_before, movement_sentence(lang, r)))
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

    /// Each bar's sentence carries that node's keys as the core counts them (assigned again
    /// here), its share, the equal share and, with weights, the weighted share; the three
    /// languages write them differently.
    #[test]
    fn bar_sentences_carry_each_nodes_keys() {
        let frag = "s=ring&n=a,b,c,d&w=2,1,1,1&v=150&k=20000";
        let lab = Lab::from_fragment(frag, Lang::En);
        let keys = KeySet::lesson(20_000).expect("keys");
        let counts = assign(&keys, lab.config())
            .expect("valid")
            .counts(lab.config().nodes.len());
        let dist = lab.distribution();
        assert_eq!(dist.nodes.len(), 4);
        let by: Vec<Vec<String>> = [Lang::Ca, Lang::En, Lang::Es]
            .iter()
            .map(|&l| bars_items(l, dist))
            .collect();
        for (i, node) in dist.nodes.iter().enumerate() {
            assert_eq!(node.keys, counts[i]);
            let en = &by[1][i];
            let share = 100.0 * counts[i] as f64 / 20_000.0;
            let expected = (node.expected_share * 20_000.0).round() as u64;
            assert!(
                en.starts_with(&format!(
                    "{}: {} keys",
                    node.name,
                    fmt_int(Lang::En, counts[i])
                )),
                "{en}"
            );
            assert!(en.contains(&format!("({:.1}\u{a0}%)", share)), "{en}");
            assert!(en.contains("equal share 5,000 (25.0\u{a0}%)"), "{en}");
            assert!(
                en.contains(&format!("by its weight {}", fmt_int(Lang::En, expected))),
                "{en}"
            );
            let ca = &by[0][i];
            assert!(
                ca.contains("part igual 5.000 (25,0\u{a0}%)") && ca.contains("pel seu pes"),
                "{ca}"
            );
            let es = &by[2][i];
            assert!(es.contains("claves") && es.contains("por su peso"), "{es}");
            assert!(ca != en && es != en && ca != es);
        }
        // The first node weighs 2 of 5: 40 % by its weight.
        assert!(
            by[1][0].contains("by its weight 8,000 (40.0\u{a0}%)"),
            "{}",
            by[1][0]
        );
        // Equal weights: no weighted mark on the chart, none in the sentence.
        let plain = Lab::from_fragment("s=ring&n=a,b,c&v=150&k=20000", Lang::En);
        let items = bars_items(Lang::En, plain.distribution());
        assert_eq!(items.len(), 3);
        assert!(items.iter().all(|t| !t.contains("weight")), "{items:?}");
    }

    /// The movement sentences follow the chart's x order and carry the core's fractions.
    #[test]
    fn movement_sentences_carry_each_strategys_fraction() {
        use partlab_core::sweep::{movement_point, Change};
        let keys = KeySet::lesson(5_000).expect("keys");
        let base = vec!["n1".to_owned()];
        let pts: Vec<_> = [5usize, 3]
            .iter()
            .map(|&n| movement_point(&keys, &base, n, Change::Join, 150).expect("point"))
            .collect();
        let en = movement_items(Lang::En, &pts);
        assert_eq!(en.iter().map(|i| i.0).collect::<Vec<_>>(), vec![3, 5]);
        let p3 = &pts[1];
        assert!(
            en[0]
                .1
                .starts_with("3 → 4 nodes: ideal 1/(N+1) 25.0\u{a0}%"),
            "{}",
            en[0].1
        );
        for m in &p3.moved {
            let want = format!(
                "{} {:.1}\u{a0}%",
                strategy_name(Lang::En, m.strategy),
                m.moved_fraction * 100.0
            );
            assert!(en[0].1.contains(&want), "{want} in {}", en[0].1);
        }
        let ca = movement_items(Lang::Ca, &pts);
        let es = movement_items(Lang::Es, &pts);
        assert!(
            ca[0].1.contains("25,0\u{a0}%") && ca[0].1.contains("nodes"),
            "{}",
            ca[0].1
        );
        assert!(es[0].1.contains("nodos"), "{}", es[0].1);
        assert!(ca[0].1 != en[0].1 && es[0].1 != en[0].1 && es[0].1 != ca[0].1);
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

crate::base::text::texts! {
    /// The live sentences' and charts' words beside the ring chapter's figures.
    pub enum ReadoutText {
        VirtualNode => ("node virtual", "virtual node", "nodo virtual"),
        VirtualNodes => ("nodes virtuals", "virtual nodes", "nodos virtuales"),
        Median => ("mediana", "median", "mediana"),
        RenamedRunsBetween => ("amb noms canviats entre", "renamed runs between", "con nombres cambiados entre"),
        WithTheRealNames => ("amb els noms reals", "with the real names", "con los nombres reales"),
        Trend => ("tendència", "trend", "tendencia"),
        Now => ("Ara", "Now", "Ahora"),
        Deviation => ("desviació", "deviation", "desviación"),
        NoVirtualNodes => ("sense nodes virtuals", "no virtual nodes", "sin nodos virtuales"),
        TheSameAllAlongThe => ("la mateixa a tot l'eix (línia plana)", "the same all along the axis (a flat line)", "la misma en todo el eje (línea plana)"),
        Keys => ("claus", "keys", "claves"),
        EqualShare => ("part igual", "equal share", "parte igual"),
        ByItsWeight => ("pel seu pes", "by its weight", "por su peso"),
        Nodes => ("nodes", "nodes", "nodos"),
        Ideal => ("ideal", "ideal", "ideal"),
    }
    test the_readout_words_are_whole_in_every_language(
        same_as_english: [Nodes, Ideal],
        same_in_ca_and_es: [Median],
    );
}
