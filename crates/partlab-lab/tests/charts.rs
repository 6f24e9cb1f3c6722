//! The charts rendered natively to SVG with real data from the core, then inspected.
//!
//! `cargo test --test charts` also writes previews to `target/charts-*.svg`, with font sizes
//! as a canvas would draw them (plotters' SVG backend writes `font-size` = size / 1.24, the
//! canvas backend draws `size` px): open them in a browser to look at the charts.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers outside #[test] functions: a failed expectation is a failed test.
#![allow(clippy::expect_used)]

use std::collections::HashMap;
use std::sync::OnceLock;

use partlab_core::sweep::{
    deviation_sweep, movement_sweep, Change, DeviationPoint, MovementPoint, DEFAULT_VNODE_COUNTS,
};
use partlab_core::{assign, Config, Distribution, KeySet, Node, Strategy};
use partlab_lab::charts::text::text_width;
use partlab_lab::charts::*;
use partlab_lab::palette::{chart_theme, node_colour, strategy_colour, ChartTheme, Rgb, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;

const LESSON_NODES: [&str; 4] = ["inv-bcn", "inv-vlc", "inv-gir", "inv-lle"];

// ---------------------------------------------------------------- data

fn keys() -> &'static KeySet {
    static KEYS: OnceLock<KeySet> = OnceLock::new();
    KEYS.get_or_init(|| KeySet::lesson(20_000).expect("valid key count"))
}

fn distribution(names: &[&str], weights: Option<&[f64]>) -> Distribution {
    let mut config = Config::new(Strategy::Ring, names.iter().copied());
    if let Some(w) = weights {
        for (node, &w) in config.nodes.iter_mut().zip(w) {
            node.weight = w;
        }
    }
    let a = assign(keys(), &config).expect("valid config");
    Distribution::of(&config, &a)
}

/// A distribution built by hand, for names the core would reject (too long).
fn raw_distribution(names: &[String]) -> Distribution {
    let n = names.len() as f64;
    let nodes = names
        .iter()
        .enumerate()
        .map(|(i, name)| partlab_core::stats::NodeLoad {
            name: name.clone(),
            keys: 100 + 10 * i as u64,
            share: 0.0,
            expected_share: 1.0 / n,
        })
        .collect::<Vec<_>>();
    let total = nodes.iter().map(|n| n.keys).sum();
    Distribution {
        nodes,
        total,
        deviation_pct: 0.0,
        peak_to_mean: 0.0,
        busiest_to_mean: 0.0,
        peak_to_share: 0.0,
        max_share_error_pct: 0.0,
    }
}

fn deviation_points() -> &'static [DeviationPoint] {
    static PTS: OnceLock<Vec<DeviationPoint>> = OnceLock::new();
    PTS.get_or_init(|| {
        let nodes: Vec<Node> = LESSON_NODES.into_iter().map(Node::new).collect();
        deviation_sweep(keys(), &nodes, &DEFAULT_VNODE_COUNTS, 8).expect("valid sweep")
    })
}

fn movement_points() -> &'static [MovementPoint] {
    static PTS: OnceLock<Vec<MovementPoint>> = OnceLock::new();
    PTS.get_or_init(|| {
        let base: Vec<String> = LESSON_NODES.iter().map(|s| s.to_string()).collect();
        movement_sweep(keys(), &base, 1..=12, Change::Join, 150).expect("valid sweep")
    })
}

// ---------------------------------------------------------------- words (Catalan, the page's first language)

fn bars_text() -> BarsText {
    BarsText {
        title: "Claus per node".into(),
        y_label: "Claus".into(),
        ideal_label: "Ideal (repartiment igual)".into(),
        expected_label: "Esperat segons el pes".into(),
    }
}

fn deviation_text() -> DeviationText {
    DeviationText {
        title: "Desviació de la càrrega segons els nodes virtuals".into(),
        x_label: "Nodes virtuals per node (escala logarítmica)".into(),
        y_label: "Desviació (%)".into(),
        band_label: "Mín.–màx. de 8 proves".into(),
        median_label: "Mediana".into(),
        named_label: "Noms reals (com a la lliçó)".into(),
        current_label: "Configuració actual".into(),
        trend_label: "Tendència c/√V".into(),
    }
}

fn movement_text() -> MovementText {
    MovementText {
        title: "Claus mogudes en afegir un node".into(),
        x_label: "Nodes abans del canvi".into(),
        y_label: "Claus mogudes (%)".into(),
        ideal_label: "Ideal 1/(N+1)".into(),
        strategy_labels: [
            "Mòdul N".into(),
            "Anell".into(),
            "Rendezvous".into(),
            "Jump".into(),
        ],
    }
}

fn light() -> ChartTheme {
    chart_theme(Theme::Light)
}

// ---------------------------------------------------------------- rendering and SVG inspection

fn render(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), ChartError>,
) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, size).into_drawing_area();
        draw(&area).expect("the chart draws");
        area.present().expect("the SVG is complete");
    }
    out
}

fn bars_svg(size: (u32, u32), dist: &Distribution, theme: &ChartTheme) -> String {
    render(size, |a| {
        draw_keys_per_node(a, dist, &[], &bars_text(), theme)
    })
}

fn deviation_svg(
    size: (u32, u32),
    pts: &[DeviationPoint],
    current: Option<(u32, f64)>,
    theme: &ChartTheme,
) -> String {
    render(size, |a| {
        draw_deviation(a, pts, current, &deviation_text(), theme)
    })
}

fn movement_svg(size: (u32, u32), pts: &[MovementPoint], theme: &ChartTheme) -> String {
    render(size, |a| {
        draw_movement(a, pts, &movement_text(), theme).map(|_| ())
    })
}

/// One SVG element: its name, attributes and text content.
#[derive(Debug)]
struct Tag {
    name: String,
    attrs: HashMap<String, String>,
    text: String,
}

impl Tag {
    fn attr(&self, k: &str) -> &str {
        self.attrs.get(k).map(String::as_str).unwrap_or("")
    }
    fn num(&self, k: &str) -> f64 {
        self.attr(k).parse().unwrap_or(f64::NAN)
    }
    fn points(&self) -> Vec<(f64, f64)> {
        self.attr("points")
            .split_whitespace()
            .filter_map(|p| {
                let (x, y) = p.split_once(',')?;
                Some((x.parse().ok()?, y.parse().ok()?))
            })
            .collect()
    }
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The elements of an SVG written by plotters (flat, one element per tag).
fn parse(svg: &str) -> Vec<Tag> {
    let mut out = Vec::new();
    for chunk in svg.split('<').skip(1) {
        if chunk.starts_with('/') {
            continue;
        }
        let Some((head, rest)) = chunk.split_once('>') else {
            continue;
        };
        let head = head.trim_end_matches('/');
        let (name, mut attrs_src) = head.split_once(' ').unwrap_or((head, ""));
        let mut attrs = HashMap::new();
        while let Some((k, v)) = attrs_src.split_once("=\"") {
            let Some((val, after)) = v.split_once('"') else {
                break;
            };
            attrs.insert(k.trim().to_string(), val.to_string());
            attrs_src = after;
        }
        out.push(Tag {
            name: name.to_string(),
            attrs,
            text: unescape(rest.trim()),
        });
    }
    out
}

fn hex(c: Rgb) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

fn with<'a>(tags: &'a [Tag], name: &str, attr: &str, value: &str) -> Vec<&'a Tag> {
    tags.iter()
        .filter(|t| t.name == name && t.attr(attr) == value)
        .collect()
}

fn texts(tags: &[Tag]) -> Vec<&str> {
    tags.iter()
        .filter(|t| t.name == "text")
        .map(|t| t.text.as_str())
        .collect()
}

/// A box: left, top, right, bottom.
type Extent = (f64, f64, f64, f64);

/// The box a text element covers when a canvas draws it (font size × 1.24, see the module
/// doc), estimated the way the charts lay text out.
/// Fails, naming the first of `labels` missing and every text drawn, unless the chart's
/// `tags` draw each label as a whole text.
fn assert_labels(tags: &[Tag], labels: &[&str]) {
    let words = texts(tags);
    for label in labels {
        assert!(words.contains(label), "{label} missing from {words:?}");
    }
}

fn text_box(t: &Tag) -> Extent {
    let px = t.num("font-size") * 1.24;
    let w = text_width(&t.text, px)
        * if t.attr("font-weight") == "bold" {
            1.12
        } else {
            1.0
        };
    let h = px;
    let (x, y) = (t.num("x"), t.num("y"));
    // Along the text's own direction: [a, a + w]; across it: [b, b + h].
    let a = match t.attr("text-anchor") {
        "start" => 0.0,
        "middle" => -w / 2.0,
        _ => -w,
    };
    let b = match t.attr("dy") {
        "0.76em" => 0.0,
        "0.5ex" => -h / 2.0,
        _ => -h,
    };
    if t.attr("transform").starts_with("rotate(270") {
        // Reading upwards: the text's direction is −y, across it is +x.
        (x + b, y - a - w, x + b + h, y - a)
    } else {
        (x + a, y + b, x + a + w, y + b + h)
    }
}

/// Every pair of text boxes is apart and every box is inside the picture.
fn assert_text_is_readable(svg: &str, what: &str) {
    let tags = parse(svg);
    let svg_tag = tags
        .iter()
        .find(|t| t.name == "svg")
        .expect("an svg element");
    let (w, h) = (svg_tag.num("width"), svg_tag.num("height"));
    let boxes: Vec<(&str, Extent)> = tags
        .iter()
        .filter(|t| t.name == "text")
        .map(|t| (t.text.as_str(), text_box(t)))
        .collect();
    for (i, (ta, a)) in boxes.iter().enumerate() {
        assert!(
            a.0 >= -0.5 && a.1 >= -0.5 && a.2 <= w + 0.5 && a.3 <= h + 0.5,
            "{what}: {ta:?} at {a:?} leaves the {w}×{h} picture"
        );
        for (tb, b) in &boxes[i + 1..] {
            let apart =
                a.2 <= b.0 + 0.5 || b.2 <= a.0 + 0.5 || a.3 <= b.1 + 0.5 || b.3 <= a.1 + 0.5;
            assert!(apart, "{what}: {ta:?} {a:?} overlaps {tb:?} {b:?}");
        }
    }
}

/// Writes a preview with canvas-sized fonts to target/charts-NAME.svg.
fn preview(name: &str, svg: &str) {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(i) = rest.find("font-size=\"") {
        let (head, tail) = rest.split_at(i + "font-size=\"".len());
        out.push_str(head);
        let end = tail.find('"').unwrap_or(0);
        let size: f64 = tail[..end].parse().unwrap_or(0.0);
        out.push_str(&format!("{:.2}", size * 1.24));
        rest = &tail[end..];
    }
    out.push_str(rest);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target");
    std::fs::create_dir_all(&dir).expect("target dir");
    std::fs::write(dir.join(format!("charts-{name}.svg")), out).expect("preview written");
}

// ---------------------------------------------------------------- keys per node

#[test]
fn bars_show_every_node_once_in_its_colour_with_the_ideal_line() {
    let dist = distribution(&LESSON_NODES, None);
    let svg = bars_svg((360, 280), &dist, &light());
    preview("bars", &svg);
    let tags = parse(&svg);
    let words = texts(&tags);
    for (i, name) in LESSON_NODES.iter().enumerate() {
        assert_eq!(words.iter().filter(|w| *w == name).count(), 1, "{name}");
        let bars = with(&tags, "rect", "fill", &hex(node_colour(i)));
        assert_eq!(bars.len(), 1, "one bar for {name}");
    }
    // Background + 4 bars, nothing else filled.
    assert_eq!(tags.iter().filter(|t| t.name == "rect").count(), 5);

    // The ideal: dashes at one height, across the plot, between the tallest and the
    // shortest bar (the ring is not perfectly even).
    let ideal = hex(light().ideal);
    let dashes: Vec<&Tag> = with(&tags, "polyline", "stroke", &ideal)
        .into_iter()
        .filter(|t| t.points().len() == 2 && t.points()[0].0 > 60.0)
        .collect();
    assert!(dashes.len() >= 10, "{} dashes", dashes.len());
    let y = dashes[0].points()[0].1;
    assert!(dashes.iter().all(|d| d.points().iter().all(|p| p.1 == y)));
    let tops: Vec<f64> = (0..4)
        .map(|i| with(&tags, "rect", "fill", &hex(node_colour(i)))[0].num("y"))
        .collect();
    let (hi, lo) = (
        tops.iter().copied().fold(f64::MAX, f64::min),
        tops.iter().copied().fold(0.0, f64::max),
    );
    assert!(hi < y && y < lo, "ideal at {y}, bars from {hi} to {lo}");
    // Bar heights follow the counts: the node with most keys has the tallest bar.
    let most = (0..4).max_by_key(|&i| dist.nodes[i].keys).expect("4 nodes");
    assert_eq!(tops[most], hi);

    assert!(words.contains(&"Ideal (repartiment igual)"));
    assert!(
        !words.contains(&"Esperat segons el pes"),
        "equal weights: no expectation"
    );
    assert!(words.contains(&"Claus per node") && words.contains(&"Claus"));
    assert_text_is_readable(&svg, "bars 360");
}

#[test]
fn bars_take_the_colours_they_are_given() {
    // After a middle node leaves, the page keeps each survivor's colour: the bars must too.
    let dist = distribution(&["inv-bcn", "inv-gir", "inv-lle"], None);
    let colours = [node_colour(0), node_colour(2), node_colour(3)];
    let svg = render((480, 320), |a| {
        draw_keys_per_node(a, &dist, &colours, &bars_text(), &light())
    });
    let tags = parse(&svg);
    for c in colours {
        assert_eq!(with(&tags, "rect", "fill", &hex(c)).len(), 1, "{}", hex(c));
    }
    assert!(with(&tags, "rect", "fill", &hex(node_colour(1))).is_empty());
}

#[test]
fn bars_mark_the_weighted_expectation_only_when_weights_differ() {
    let text_colour = hex(light().text);
    let marks = |svg: &str| {
        parse(svg)
            .into_iter()
            .filter(|t| {
                t.name == "polyline"
                    && t.attr("stroke") == text_colour
                    && t.attr("stroke-width") == "3"
            })
            .map(|t| t.points())
            .collect::<Vec<_>>()
    };
    let even = bars_svg((480, 300), &distribution(&LESSON_NODES, None), &light());
    assert!(marks(&even).is_empty());

    // The lesson's exercise: inv-bcn with weight 2 should get 2/5 of the keys.
    let dist = distribution(&LESSON_NODES, Some(&[2.0, 1.0, 1.0, 1.0]));
    let svg = bars_svg((480, 300), &dist, &light());
    preview("bars-weighted", &svg);
    let m = marks(&svg);
    assert_eq!(m.len(), 4 + 1, "a mark per node and one in the legend");
    assert!(texts(&parse(&svg)).contains(&"Esperat segons el pes"));
    // inv-bcn's mark (expected 2/5) is higher on the page (smaller y) than the others (1/5).
    // The legend's mark is the short one.
    let bar_marks: Vec<f64> = m
        .iter()
        .filter(|p| p[1].0 - p[0].0 > 20.0)
        .map(|p| p[0].1)
        .collect();
    assert_eq!(bar_marks.len(), 4);
    assert!(
        bar_marks[0] < bar_marks[1] && bar_marks[1] == bar_marks[2] && bar_marks[2] == bar_marks[3]
    );
    assert_text_is_readable(&svg, "weighted bars");
}

#[test]
fn bars_escape_and_shorten_hostile_names() {
    let names = vec![
        "<img src=x onerror=alert(1)>".to_string(),
        "x".repeat(10_000),
        "inv-barcelona-centre-nord-magatzem-principal-1".to_string(),
        "a\nb\u{202E}c".to_string(),
    ];
    let dist = raw_distribution(&names);
    for size in [(360, 280), (800, 360)] {
        let svg = bars_svg(size, &dist, &light());
        assert!(!svg.contains("<img"), "raw markup in the SVG");
        assert!(!svg.contains('\u{202E}'), "bidi override kept");
        let words = texts(&parse(&svg))
            .into_iter()
            .map(str::to_owned)
            .collect::<Vec<_>>();
        assert!(words.iter().all(|w| w.chars().count() <= 64), "{words:?}");
        assert!(words
            .iter()
            .any(|w| w.starts_with("xxx") && w.contains('…')));
        assert!(
            svg.len() < 20_000,
            "the 10 000-character name was not shortened"
        );
        assert_text_is_readable(&svg, "hostile names");
        if size.0 == 800 {
            preview("bars-hostile", &svg);
            assert!(svg.contains("&lt;img"), "the name is drawn, escaped");
        }
    }
}

#[test]
fn bars_with_many_nodes_turn_and_thin_the_names() {
    let names: Vec<String> = (1..=24).map(|i| format!("node-{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let dist = distribution(&refs, None);
    let svg = bars_svg((360, 300), &dist, &light());
    preview("bars-24", &svg);
    let tags = parse(&svg);
    let bars = tags
        .iter()
        .filter(|t| t.name == "rect" && (0..24).any(|i| t.attr("fill") == hex(node_colour(i))))
        .count();
    assert_eq!(bars, 24);
    let upright: Vec<&Tag> = tags
        .iter()
        .filter(|t| t.name == "text" && t.attr("transform").starts_with("rotate(270"))
        .collect();
    assert!(
        upright.iter().any(|t| t.text == "node-1"),
        "names turn upright"
    );
    assert_text_is_readable(&svg, "24 nodes");

    // 256 nodes (the limit): every bar, only some names, still no overlap.
    let names: Vec<String> = (1..=256).map(|i| format!("n{i}")).collect();
    let dist = raw_distribution(&names);
    let svg = bars_svg((360, 300), &dist, &light());
    let tags = parse(&svg);
    let names_drawn = tags
        .iter()
        .filter(|t| t.name == "text" && t.text.starts_with('n'))
        .count();
    assert!(names_drawn > 5 && names_drawn < 256, "{names_drawn}");
    assert_text_is_readable(&svg, "256 nodes");
}

// ---------------------------------------------------------------- deviation

#[test]
fn deviation_draws_band_median_named_current_and_trend() {
    let pts = deviation_points();
    let th = light();
    let svg = deviation_svg((720, 400), pts, Some((150, 6.3)), &th);
    preview("deviation", &svg);
    let small = deviation_svg((360, 320), pts, Some((150, 6.3)), &th);
    preview("deviation-360", &small);
    let tags = parse(&svg);

    let band = with(&tags, "polygon", "fill", &hex(th.band));
    assert_eq!(band.len(), 1, "one band");
    assert_eq!(
        band[0].points().len(),
        2 * pts.len(),
        "max then min of every point"
    );

    let median: Vec<&Tag> = with(&tags, "polyline", "stroke", &hex(th.median))
        .into_iter()
        .filter(|t| t.points().len() == pts.len())
        .collect();
    assert_eq!(median.len(), 1, "one median line through every point");
    // More vnodes, less deviation: the median line goes down the page (y grows) overall.
    let m = median[0].points();
    assert!(m[0].1 < m[m.len() - 1].1);
    // x grows with vnodes, and 1 → 10 → 100 → 1000 are equally spaced (log axis).
    assert!(m.windows(2).all(|w| w[0].0 < w[1].0));
    let x_of = |v: u32| m[pts.iter().position(|p| p.vnodes == v).expect("swept")].0;
    let (d1, d2, d3) = (
        x_of(10) - x_of(1),
        x_of(100) - x_of(10),
        x_of(1000) - x_of(100),
    );
    assert!(
        (d1 - d2).abs() <= 1.0 && (d2 - d3).abs() <= 1.0,
        "{d1} {d2} {d3}"
    );

    // Named points: one hollow circle per point in the text colour (plus one in the legend).
    let named = tags
        .iter()
        .filter(|t| t.name == "circle" && t.attr("stroke") == hex(th.text))
        .count();
    assert_eq!(named, pts.len() + 1);

    // The current setting: a diamond in the highlight colour, at 150 vnodes.
    let current = with(&tags, "polygon", "fill", &hex(th.highlight));
    assert_eq!(current.len(), 2, "marker and legend swatch");
    // The legend is above the plot: the marker is the lower one.
    let marker = current
        .iter()
        .max_by(|a, b| a.points()[1].1.total_cmp(&b.points()[1].1))
        .expect("two");
    let cx = marker.points()[0].0;
    assert!((cx - x_of(150)).abs() <= 1.0);

    // The trend, dashed: many short segments in the reference colour.
    let trend = with(&tags, "polyline", "stroke", &hex(th.ideal)).len();
    assert!(trend > 10, "{trend}");

    assert_text_is_readable(&svg, "deviation 720");
    assert_text_is_readable(&small, "deviation 360");
    assert_labels(
        &tags,
        &[
            "1",
            "10",
            "100",
            // Written like the tables in the chart's language (Catalan here).
            "1.000",
            "Mediana",
            "Configuració actual",
            "Tendència c/√V",
        ],
    );
}

#[test]
fn deviation_trend_follows_the_sweep() {
    let pts = deviation_points();
    let c = deviation_trend(pts).expect("positive medians");
    // With 4 nodes a single vnode each gives a deviation around 50–100 %: c is of that order,
    // and c/√1000 lands near the measured median at 1000 vnodes.
    assert!((30.0..150.0).contains(&c), "{c}");
    let last = pts.last().expect("points");
    let predicted = c / f64::from(last.vnodes).sqrt();
    let measured = last.deviation_pct.median;
    assert!(
        predicted / measured > 0.5 && predicted / measured < 2.0,
        "{predicted} vs {measured}"
    );
    let rows = deviation_rows(pts);
    assert_eq!(rows.len(), pts.len());
    assert_eq!(rows[0].vnodes, 1);
    assert!(rows
        .iter()
        .all(|r| r.min_pct <= r.median_pct && r.median_pct <= r.max_pct));
    assert_eq!(rows[3].trend_pct, Some(c / 10f64.sqrt()));
}

#[test]
fn deviation_accepts_partial_unsorted_and_empty_input() {
    let pts = deviation_points();
    let th = light();
    for k in 0..=pts.len() {
        let svg = deviation_svg((360, 300), &pts[..k], None, &th);
        let tags = parse(&svg);
        let band = with(&tags, "polygon", "fill", &hex(th.band)).len();
        let band_rect = with(&tags, "rect", "fill", &hex(th.band)).len();
        match k {
            0 => assert_eq!(band + band_rect, 0, "nothing, not even a legend"),
            1 => assert_eq!(
                (band, band_rect),
                (0, 2),
                "a single point: a short bar + legend"
            ),
            _ => assert_eq!(band, 1),
        }
        assert!(texts(&tags).contains(&"Desviació (%)"));
        assert_text_is_readable(&svg, &format!("deviation, {k} points"));
    }
    let empty = deviation_svg((360, 300), &[], None, &th);
    preview("deviation-empty", &empty);
    // Title, axes and axis names only: no legend entry, no band, no line.
    let empty_tags = parse(&empty);
    let words = texts(&empty_tags);
    assert!(words.contains(&"Desviació de la càrrega segons els"));
    assert!(!words.contains(&"Mediana"));
    assert!(with(&empty_tags, "polyline", "stroke", &hex(th.median)).is_empty());
    // The axis spans 1–1000 even before any point arrives.
    let words = texts(&parse(&empty))
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
    assert!(words.contains(&"1".to_string()) && words.contains(&"1.000".to_string()));

    // Order does not matter.
    let mut shuffled = pts.to_vec();
    shuffled.reverse();
    shuffled.swap(1, 5);
    assert_eq!(
        deviation_svg((360, 300), &shuffled, Some((10, 30.0)), &th),
        deviation_svg((360, 300), pts, Some((10, 30.0)), &th)
    );

    // Nonsense values are skipped, not drawn at NaN.
    let mut bad = pts[..3].to_vec();
    bad[1].deviation_pct.max = f64::NAN;
    bad[2].vnodes = 0;
    let svg = deviation_svg((360, 300), &bad, Some((0, f64::INFINITY)), &th);
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
}

// ---------------------------------------------------------------- movement

#[test]
fn movement_draws_one_line_per_strategy_and_the_ideal() {
    let pts = movement_points();
    let th = light();
    let svg = movement_svg((720, 400), pts, &th);
    preview("movement", &svg);
    let small = movement_svg((360, 320), pts, &th);
    preview("movement-360", &small);
    let tags = parse(&svg);
    for st in Strategy::LESSON {
        let lines: Vec<&Tag> = with(&tags, "polyline", "stroke", &hex(strategy_colour(st)))
            .into_iter()
            .filter(|t| t.points().len() == pts.len())
            .collect();
        assert_eq!(lines.len(), 1, "{st}: one line through every point");
    }
    // Modulo moves the most at every size (N/(N+1) against about 1/(N+1)), so its line is
    // the highest on the page beyond N = 1.
    let line_of = |st: Strategy| {
        with(&tags, "polyline", "stroke", &hex(strategy_colour(st)))
            .into_iter()
            .find(|t| t.points().len() == pts.len())
            .expect("line")
            .points()
    };
    let modulo = line_of(Strategy::Modulo);
    let ring = line_of(Strategy::Ring);
    assert!(modulo.iter().zip(&ring).skip(1).all(|(m, r)| m.1 < r.1));
    // Markers differ by shape: modulo circles, ring squares, rendezvous triangles (3 points),
    // jump diamonds (4 points), one per point plus the legend's.
    let n = pts.len() + 1;
    assert_eq!(
        with(
            &tags,
            "circle",
            "fill",
            &hex(strategy_colour(Strategy::Modulo))
        )
        .len(),
        n
    );
    assert_eq!(
        with(
            &tags,
            "polygon",
            "fill",
            &hex(strategy_colour(Strategy::Ring))
        )
        .iter()
        .filter(|t| t.points().len() == 4)
        .count(),
        n
    );
    let outlines = |st: Strategy, corners: usize| {
        with(&tags, "polyline", "stroke", &hex(strategy_colour(st)))
            .iter()
            .filter(|t| t.points().len() == corners + 1)
            .count()
    };
    assert_eq!(outlines(Strategy::Rendezvous, 3), n);
    assert_eq!(outlines(Strategy::Jump, 4), n);
    // The ideal, dashed.
    assert!(with(&tags, "polyline", "stroke", &hex(th.ideal)).len() > 10);
    assert_labels(
        &tags,
        &[
            "Mòdul N",
            "Anell",
            "Rendezvous",
            "Jump",
            "Ideal 1/(N+1)",
            "0",
            "100",
        ],
    );
    assert_text_is_readable(&svg, "movement 720");
    assert_text_is_readable(&small, "movement 360");
    let rows = movement_rows(pts);
    assert_eq!(rows.len(), 12);
    assert!(
        (rows[3].moved_pct[0].expect("modulo") - 80.0).abs() < 2.0,
        "4→5 moves ~80 %"
    );
}

#[test]
fn movement_accepts_partial_and_empty_input() {
    let pts = movement_points();
    for k in 0..=pts.len() {
        let svg = movement_svg((360, 300), &pts[..k], &light());
        assert_text_is_readable(&svg, &format!("movement, {k} points"));
    }
    let empty = parse(&movement_svg((360, 300), &[], &light()));
    assert!(
        !texts(&empty).contains(&"Anell"),
        "no legend without points"
    );
    assert!(texts(&empty).contains(&"Claus mogudes (%)"));
    let mut shuffled = pts.to_vec();
    shuffled.reverse();
    assert_eq!(
        movement_svg((360, 300), &shuffled, &light()),
        movement_svg((360, 300), pts, &light())
    );
}

// ---------------------------------------------------------------- all charts

#[test]
fn no_label_overlaps_at_any_usual_width_scale_or_theme() {
    let dist = distribution(&LESSON_NODES, Some(&[2.0, 1.0, 1.0, 0.5]));
    for theme in [Theme::Light, Theme::Dark] {
        for scale in [1.0, 2.0] {
            for w in [300, 360, 420, 640, 960] {
                let th = chart_theme(theme).with_scale(scale);
                let size = ((f64::from(w) * scale) as u32, (300.0 * scale) as u32);
                let what = format!("{theme:?} ×{scale} {w}px");
                assert_text_is_readable(&bars_svg(size, &dist, &th), &format!("bars {what}"));
                assert_text_is_readable(
                    &deviation_svg(size, deviation_points(), Some((150, 6.3)), &th),
                    &format!("deviation {what}"),
                );
                assert_text_is_readable(
                    &movement_svg(size, movement_points(), &th),
                    &format!("movement {what}"),
                );
            }
        }
    }
}

#[test]
fn dark_theme_paints_its_background_and_scale_enlarges_text() {
    let th = chart_theme(Theme::Dark);
    let svg = movement_svg((360, 300), movement_points(), &th);
    preview("movement-dark", &svg);
    preview(
        "deviation-dark",
        &deviation_svg((360, 300), deviation_points(), Some((150, 6.3)), &th),
    );
    let tags = parse(&svg);
    assert_eq!(tags[1].name, "rect");
    assert_eq!(tags[1].attr("fill"), hex(th.background));
    let size_of = |svg: &str| font_size_of(svg, "Claus mogudes en afegir un node");
    let double = movement_svg((720, 600), movement_points(), &th.with_scale(2.0));
    assert!((size_of(&double) / size_of(&svg) - 2.0).abs() < 1e-9);
}

fn font_size_of(svg: &str, text: &str) -> f64 {
    parse(svg)
        .into_iter()
        .find(|t| t.name == "text" && t.text == text)
        .map(|t| t.num("font-size"))
        .unwrap_or(f64::NAN)
}

#[test]
fn every_chart_survives_degenerate_areas() {
    let dist = distribution(&LESSON_NODES, None);
    let empty = raw_distribution(&[]);
    for size in [
        (1, 1),
        (20, 10),
        (60, 40),
        (120, 90),
        (3000, 200),
        (200, 2000),
    ] {
        for d in [&dist, &empty] {
            bars_svg(size, d, &light());
        }
        deviation_svg(size, deviation_points(), Some((150, 6.3)), &light());
        deviation_svg(size, &[], None, &light());
        movement_svg(size, movement_points(), &light());
        movement_svg(size, &[], &light());
    }
    // Absurd scales are clamped, not obeyed.
    let mut th = light();
    th.scale = f64::NAN;
    movement_svg((360, 300), movement_points(), &th);
    th.scale = 1e9;
    movement_svg((360, 300), movement_points(), &th);
}

/// The charts lay text out themselves: none of the plotters paths that ask the backend (or
/// the font) to measure text may appear, or a font-less native build and a canvas in a
/// worker would fail, and layouts would differ between the two.
#[test]
fn charts_never_ask_the_backend_to_measure_text() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/charts");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("charts sources") {
        let path = entry.expect("entry").path();
        let src = std::fs::read_to_string(&path).expect("source");
        for forbidden in [
            "estimate_text_size",
            "layout_box",
            "box_size",
            ".titled(",
            ".caption(",
            "configure_mesh",
            "configure_series_labels",
            "MultiLineText",
            ".unwrap()",
            ".expect(",
        ] {
            let code: String = src
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .filter(|l| !l.contains("#[cfg(test)]"))
                .collect::<Vec<_>>()
                .join("\n");
            let code = code.split("mod tests {").next().unwrap_or("");
            assert!(
                !code.contains(forbidden),
                "{} uses {forbidden}",
                path.display()
            );
        }
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} files checked");
}

/// The axes write numbers as the tables beside them do, in the chart's language (the lab
/// showed "20 000" on an axis next to "20.000" in a table).
#[test]
fn axis_numbers_are_grouped_like_the_tables_in_each_language() {
    use partlab_lab::i18n::fmt_int;
    use partlab_lab::state::Lang;
    let dist = distribution(&LESSON_NODES, None);
    for lang in Lang::ALL {
        let svg = bars_svg((640, 400), &dist, &light().with_lang(lang));
        let tags = parse(&svg);
        let words = texts(&tags);
        // The y ticks are whole thousands here (about 5 000 keys a node): each reads as the
        // table would write it.
        let thousands: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| w.len() >= 4 && w.chars().next().is_some_and(|c| c.is_ascii_digit()))
            .collect();
        assert!(!thousands.is_empty(), "{words:?}");
        for w in thousands {
            let n: u64 = w.replace(['.', ','], "").parse().expect("a number");
            assert_eq!(w, fmt_int(lang, n), "{lang:?}");
        }
    }
}
