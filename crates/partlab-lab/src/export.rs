//! CSV exports of what the figures and the charts show, for a download in the browser (no
//! server). Numbers are written plainly (`.` decimals, no grouping, fractions 0–1 and
//! percentages as numbers) so a spreadsheet reads them in any language; the header row names
//! each column and its unit.

use partlab_core::stats::{Distribution, Movement};
use partlab_core::sweep::{DeviationPoint, MovementPoint};

use crate::study::view::Panel;

/// One CSV cell: quoted when it holds a comma, a quote or a line break; user text that a
/// spreadsheet would take for a formula (`=`, `+`, `-`, `@` first) gets a leading `'`.
fn cell(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r'])
        && crate::base::decimal::parse_decimal(text).is_none()
    {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// A CSV document: a header row, then the rows, each line ended by `\r\n` (RFC 4180).
pub fn csv(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    let mut line = |cells: Vec<String>| {
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    };
    line(head.iter().map(|h| cell(h)).collect());
    for row in rows {
        line(row.iter().map(|c| cell(c)).collect());
    }
    out
}

fn num(x: f64) -> String {
    if x.is_finite() {
        // Enough digits to round-trip the figures shown, without float noise.
        let s = format!("{x:.6}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        if s.is_empty() || s == "-" {
            "0".to_owned()
        } else {
            s.to_owned()
        }
    } else {
        String::new()
    }
}

/// Everything a study chapter's view shows as numbers, for one download: its figures
/// (label, value, as shown), then each of its tables (a chart's included), each section
/// headed by its name and separated by an empty line. Numbers are written plainly, the text
/// cells as shown.
pub fn panel_csv(p: &Panel) -> String {
    let mut sections = Vec::new();
    let figures = p.figures();
    if !figures.is_empty() {
        let rows: Vec<Vec<String>> = figures
            .iter()
            .map(|f| vec![f.label.clone(), num(f.value), f.text.clone()])
            .collect();
        sections.push(format!(
            "{}\r\n{}",
            cell("figures"),
            csv(&["figure", "value", "shown"], &rows)
        ));
    }
    for t in p.tables() {
        let head: Vec<&str> = t.head.iter().map(String::as_str).collect();
        let rows: Vec<Vec<String>> = t
            .rows
            .iter()
            .map(|r| {
                r.cells
                    .iter()
                    .map(|c| c.value.map_or_else(|| c.text.clone(), num))
                    .collect()
            })
            .collect();
        sections.push(format!("{}\r\n{}", cell(t.key), csv(&head, &rows)));
    }
    format!("{}\r\n{}", cell(&p.title), sections.join("\r\n"))
}

/// Keys per node: the bars chart's data.
pub fn keys_per_node(d: &Distribution) -> String {
    let rows: Vec<Vec<String>> = d
        .nodes
        .iter()
        .map(|n| {
            vec![
                n.name.clone(),
                n.keys.to_string(),
                num(n.share),
                num(n.expected_share),
            ]
        })
        .collect();
    csv(
        &["node", "keys", "share (0-1)", "expected share (0-1)"],
        &rows,
    )
}

/// The figures panel: keys per node and every figure, one per row.
pub fn figures(d: &Distribution, movement: Option<&Movement>) -> String {
    let mut rows: Vec<Vec<String>> = d
        .nodes
        .iter()
        .map(|n| vec![format!("keys of {}", n.name), n.keys.to_string()])
        .collect();
    rows.push(vec!["keys".into(), d.total.to_string()]);
    rows.push(vec!["deviation (%)".into(), num(d.deviation_pct)]);
    rows.push(vec!["peak-to-mean".into(), num(d.peak_to_mean)]);
    rows.push(vec![
        "largest share error (percentage points)".into(),
        num(d.max_share_error_pct),
    ]);
    if let Some(m) = movement {
        rows.push(vec![
            "moved by the last change (0-1)".into(),
            num(m.moved_fraction),
        ]);
        rows.push(vec!["ideal minimum (0-1)".into(), num(m.ideal_fraction)]);
        if let Some(r) = m.replica_sets_changed_fraction {
            rows.push(vec!["replica sets changed (0-1)".into(), num(r)]);
        }
    }
    csv(&["figure", "value"], &rows)
}

/// The deviation chart's data: the band over trials, the named run, peak-to-mean.
pub fn deviation(points: &[DeviationPoint]) -> String {
    let rows: Vec<Vec<String>> = points
        .iter()
        .map(|p| {
            vec![
                p.vnodes.to_string(),
                num(p.deviation_pct.min),
                num(p.deviation_pct.median),
                num(p.deviation_pct.max),
                num(p.named_deviation_pct),
                num(p.peak_to_mean.min),
                num(p.peak_to_mean.median),
                num(p.peak_to_mean.max),
                p.trials_deviation_pct.len().to_string(),
            ]
        })
        .collect();
    csv(
        &[
            "vnodes",
            "deviation min (%)",
            "deviation median (%)",
            "deviation max (%)",
            "deviation with the real names (%)",
            "peak-to-mean min",
            "peak-to-mean median",
            "peak-to-mean max",
            "trials",
        ],
        &rows,
    )
}

/// The movement chart's data: per cluster size, the ideal and each strategy's moved fraction.
pub fn movement(points: &[MovementPoint]) -> String {
    let strategies: Vec<String> = points
        .first()
        .map(|p| {
            p.moved
                .iter()
                .map(|m| format!("{} moved (0-1)", m.strategy.name()))
                .collect()
        })
        .unwrap_or_default();
    let mut head = vec!["nodes before", "nodes after", "ideal (0-1)"];
    head.extend(strategies.iter().map(String::as_str));
    let rows: Vec<Vec<String>> = points
        .iter()
        .map(|p| {
            let mut row = vec![
                p.nodes_before.to_string(),
                p.nodes_after.to_string(),
                num(p.ideal_fraction),
            ];
            row.extend(p.moved.iter().map(|m| num(m.moved_fraction)));
            row
        })
        .collect();
    csv(&head, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use partlab_core::{assign, lesson, Config, KeySet, Strategy};

    #[test]
    fn cells_are_quoted_and_formulas_defused() {
        assert_eq!(
            csv(&["a", "b"], &[vec!["x,y".into(), "say \"hi\"".into()]]),
            "a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\n"
        );
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("-1.5"), "-1.5");
        assert_eq!(cell("@sum"), "'@sum");
        assert_eq!(num(0.192), "0.192");
        assert_eq!(num(f64::NAN), "");
        assert_eq!(num(100.0), "100");
    }

    #[test]
    fn the_lesson_ring_exports_its_counts() {
        let keys = KeySet::lesson(lesson::KEY_COUNT).expect("keys");
        let config = Config::new(Strategy::Ring, lesson::NODES).with_vnodes(150);
        let d = Distribution::of(&config, &assign(&keys, &config).expect("valid"));
        let bars = keys_per_node(&d);
        let lines: Vec<&str> = bars.lines().collect();
        assert_eq!(lines[0], "node,keys,share (0-1),expected share (0-1)");
        assert_eq!(lines[1], "inv-bcn,24275,0.24275,0.25");
        assert_eq!(lines.len(), 5);
        let f = figures(&d, None);
        assert!(f.contains("deviation (%),6.3"), "{f}");
        assert!(f.contains("keys of inv-gir,27571\r\n"), "{f}");
    }

    #[test]
    fn a_study_view_is_one_csv_of_its_figures_and_tables() {
        use crate::base::Lang;
        use crate::contract::{open, ChapterId};
        let Some(mut s) = open(
            ChapterId::Replication,
            "p=rf1&o=1000&d=1",
            Lang::En,
            Vec::new(),
        ) else {
            panic!("a study chapter");
        };
        s.finish_work();
        let panels = s.panels();
        let failover = panels
            .iter()
            .find(|p| p.view == "failover")
            .expect("a view");
        let csv = panel_csv(failover);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[0], failover.title);
        assert_eq!(&lines[1..3], ["figures", "figure,value,shown"]);
        // Every figure with its plain value (a share as a fraction, as the page's data-value).
        let figures = failover.figures();
        for (f, line) in figures.iter().zip(&lines[3..]) {
            assert_eq!(*line, format!("{},{},{}", f.label, num(f.value), f.text));
        }
        // Then each table: its key, its head, one line per row, numbers plain.
        let table = failover.tables()[0];
        let at = 3 + figures.len() + 1;
        assert_eq!(lines[at], table.key);
        assert_eq!(lines[at + 1], table.head.join(","));
        assert_eq!(lines.len(), at + 2 + table.rows.len() + 1, "{csv}");
        for (row, line) in table.rows.iter().zip(&lines[at + 2..]) {
            assert!(
                line.starts_with(&format!("{},", row.cells[0].text)),
                "{line}"
            );
        }
        // With one copy and C failed, two partitions are lost: the rows say so.
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.ends_with(",no copy left: data lost"))
                .count(),
            2
        );
    }
}
