//! Colours of the lab: one per node, one per strategy, and the chart themes.
//!
//! Node and strategy colours do not depend on the theme: every one of them keeps a contrast of
//! at least 2:1 against both chart backgrounds, and colour is never the only cue (nodes are
//! always labelled, strategies also differ by marker shape). Text colours meet WCAG AA
//! (4.5:1) against their background; the tests below compute it.
//!
//! Architecture invariant: no drawing library here, only numbers, so the web layer can use the
//! same colours in CSS ([`Rgb::css`]) and the charts in plotters.

use crate::state::Lang;
use partlab_core::Strategy;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The colour as a CSS hex colour, `#rrggbb` (lower case).
    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Relative luminance as defined by WCAG 2 (0 = black, 1 = white).
    pub fn luminance(self) -> f64 {
        fn channel(c: u8) -> f64 {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        }
        0.2126 * channel(self.0) + 0.7152 * channel(self.1) + 0.0722 * channel(self.2)
    }

    /// `self` moved towards `other` by `t` (0 = `self`, 1 = `other`), per channel.
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let ch = |a: u8, b: u8| {
            let v = f64::from(a) + (f64::from(b) - f64::from(a)) * t;
            v.round().clamp(0.0, 255.0) as u8
        };
        Rgb(
            ch(self.0, other.0),
            ch(self.1, other.1),
            ch(self.2, other.2),
        )
    }
}

/// WCAG 2 contrast ratio between two colours (1 to 21, order does not matter).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The base node colours: the Okabe–Ito palette in its own order without yellow and black
/// (invisible on a light and on a dark background respectively), then six further hues chosen
/// to stay apart from those and from each other (CIELAB ΔE ≥ 24 between any two).
const NODE_BASE: [Rgb; 12] = [
    Rgb(0xE6, 0x9F, 0x00), // Okabe–Ito orange
    Rgb(0x56, 0xB4, 0xE9), // Okabe–Ito sky blue
    Rgb(0x00, 0x9E, 0x73), // Okabe–Ito bluish green
    Rgb(0x00, 0x72, 0xB2), // Okabe–Ito blue
    Rgb(0xD5, 0x5E, 0x00), // Okabe–Ito vermillion
    Rgb(0xCC, 0x79, 0xA7), // Okabe–Ito reddish purple
    Rgb(0x99, 0x99, 0x33), // olive (Tol muted)
    Rgb(0xAA, 0x44, 0x99), // purple (Tol muted)
    Rgb(0x66, 0xA6, 0x1E), // leaf green (ColorBrewer Dark2)
    Rgb(0xEE, 0x33, 0x77), // magenta (Tol vibrant)
    Rgb(0x8C, 0x6D, 0x31), // brown
    Rgb(0xBB, 0x55, 0x66), // rose (Tol high contrast)
];

/// How many node colours differ before the sequence repeats.
pub const NODE_COLOURS: usize = 2 * NODE_BASE.len();

/// The colour of node `idx` (0-based, in configuration order).
///
/// The first 12 are the base palette; nodes 12–23 get a variant of the same hue moved
/// towards the middle luminance (darker for light hues, lighter for dark ones), so it stays
/// readable on both backgrounds and differs from every other colour of the first 24; from
/// node 24 on the sequence repeats ([`NODE_COLOURS`]). Node labels tell repeated colours apart.
pub fn node_colour(idx: usize) -> Rgb {
    let base = NODE_BASE[idx % NODE_BASE.len()];
    if (idx / NODE_BASE.len()).is_multiple_of(2) {
        base
    } else if base.luminance() > 0.22 {
        base.mix(Rgb(0, 0, 0), 0.3)
    } else {
        base.mix(Rgb(255, 255, 255), 0.35)
    }
}

/// The colour of a strategy in the movement chart: the "bad" modulo in vermillion, the ring
/// in blue, rendezvous in bluish green, jump in orange (Okabe–Ito).
pub fn strategy_colour(s: Strategy) -> Rgb {
    match s {
        Strategy::Modulo => Rgb(0xD5, 0x5E, 0x00),
        Strategy::Ring => Rgb(0x00, 0x72, 0xB2),
        Strategy::Rendezvous => Rgb(0x00, 0x9E, 0x73),
        Strategy::Jump => Rgb(0xE6, 0x9F, 0x00),
        Strategy::Maglev => Rgb(0xCC, 0x79, 0xA7),
        Strategy::Bounded => Rgb(0x56, 0xB4, 0xE9),
        Strategy::MultiProbe => Rgb(0x99, 0x99, 0x33),
        Strategy::Ketama => Rgb(0x8C, 0x56, 0x4B),
    }
}

/// The page's colour scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// Dark text on a white background.
    Light,
    /// Light text on a near-black background.
    Dark,
    /// For a projector or a large screen at the back of a room: black on white, larger text
    /// and marks, thicker lines, and every mark darkened until it reaches 3:1 against the
    /// background (projectors wash pale colours out).
    Projector,
}

impl Theme {
    /// Every scheme.
    pub const ALL: [Theme; 3] = [Theme::Light, Theme::Dark, Theme::Projector];

    /// The scheme's name where the page's two wasm modules pass it to each other.
    pub fn code(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::Projector => "projector",
        }
    }

    /// The scheme called `code`.
    pub fn from_code(code: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.code() == code)
    }
}

/// Colours (and the pixel scale) a chart is drawn with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartTheme {
    /// Fills the whole chart area.
    pub background: Rgb,
    /// Titles, axis labels, tick labels, legend text and axis lines.
    pub text: Rgb,
    /// Grid lines.
    pub grid: Rgb,
    /// Reference lines: the ideal share, the ideal movement, the 1/√V trend.
    pub ideal: Rgb,
    /// The min–max band of the deviation chart.
    pub band: Rgb,
    /// The current setting's marker.
    pub highlight: Rgb,
    /// The median line of the deviation chart.
    pub median: Rgb,
    /// The selected key on the ring: the text colour, which no node has.
    pub selection: Rgb,
    /// Device pixels per CSS pixel (the page's `devicePixelRatio`): font sizes, line widths
    /// and margins are multiplied by it. 1.0 from [`chart_theme`]; set it with
    /// [`ChartTheme::with_scale`].
    pub scale: f64,
    /// How much larger than usual text, marks and lines are drawn (1, or 1.5 for the
    /// projector): [`ChartTheme::with_scale`] multiplies the device scale by it.
    pub emphasis: f64,
    /// The contrast every mark (a node's, a series', a strategy's colour) must reach against
    /// the background: 0 leaves the palette as it is; see [`ChartTheme::mark`].
    pub mark_contrast: f64,
    /// The language the axes' numbers are written in (grouped like the page's tables:
    /// Catalan `20.000`, English `20,000`); set with [`ChartTheme::with_lang`].
    pub lang: Lang,
}

impl ChartTheme {
    /// The same theme with the axes' numbers written in `lang`.
    pub fn with_lang(mut self, lang: Lang) -> ChartTheme {
        self.lang = lang;
        self
    }

    /// The same theme for a canvas with `scale` device pixels per CSS pixel. Values outside
    /// 0.5–8 (or not finite) are clamped into it.
    pub fn with_scale(mut self, scale: f64) -> ChartTheme {
        let scale = if scale.is_finite() {
            scale.clamp(0.5, 8.0)
        } else {
            1.0
        };
        self.scale = (scale * self.emphasis).clamp(0.5, 8.0);
        self
    }

    /// `colour` as a mark on this theme: unchanged where it already reaches
    /// [`ChartTheme::mark_contrast`] against the background, else moved towards the text
    /// colour (darker on white) in small steps until it does, so hues stay recognisable.
    pub fn mark(&self, colour: Rgb) -> Rgb {
        let mut c = colour;
        let mut t = 0.0;
        while contrast(c, self.background) < self.mark_contrast && t < 1.0 {
            t += 0.05;
            c = colour.mix(self.text, t);
        }
        c
    }
}

/// The chart colours of a page theme.
///
/// Light: background `#ffffff`, text `#1b1f24`; dark: background `#15181d`, text `#e6e9ee`
/// (the page can use the same values through [`Rgb::css`] so the canvases blend in).
pub fn chart_theme(theme: Theme) -> ChartTheme {
    match theme {
        Theme::Light => ChartTheme {
            background: Rgb(0xFF, 0xFF, 0xFF),
            text: Rgb(0x1B, 0x1F, 0x24),
            grid: Rgb(0xE3, 0xE6, 0xEA),
            ideal: Rgb(0x5B, 0x63, 0x6E),
            band: Rgb(0xC6, 0xDE, 0xEF),
            highlight: Rgb(0xD5, 0x5E, 0x00),
            median: Rgb(0x00, 0x72, 0xB2),
            selection: Rgb(0x1B, 0x1F, 0x24),
            scale: 1.0,
            emphasis: 1.0,
            mark_contrast: 0.0,
            lang: Lang::Ca,
        },
        Theme::Dark => ChartTheme {
            background: Rgb(0x15, 0x18, 0x1D),
            text: Rgb(0xE6, 0xE9, 0xEE),
            grid: Rgb(0x33, 0x39, 0x41),
            ideal: Rgb(0xA3, 0xAB, 0xB5),
            band: Rgb(0x24, 0x44, 0x5A),
            highlight: Rgb(0xFF, 0x8F, 0x4D),
            median: Rgb(0x56, 0xB4, 0xE9),
            selection: Rgb(0xE6, 0xE9, 0xEE),
            scale: 1.0,
            emphasis: 1.0,
            mark_contrast: 0.0,
            lang: Lang::Ca,
        },
        Theme::Projector => ChartTheme {
            background: Rgb(0xFF, 0xFF, 0xFF),
            text: Rgb(0x00, 0x00, 0x00),
            grid: Rgb(0xB8, 0xBE, 0xC6),
            ideal: Rgb(0x3D, 0x43, 0x4B),
            band: Rgb(0xB3, 0xD1, 0xE8),
            highlight: Rgb(0xA8, 0x45, 0x00),
            median: Rgb(0x00, 0x4F, 0x7D),
            selection: Rgb(0x00, 0x00, 0x00),
            scale: 1.5,
            emphasis: 1.5,
            mark_contrast: 3.0,
            lang: Lang::Ca,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const THEMES: [Theme; 2] = [Theme::Light, Theme::Dark];

    #[test]
    fn every_scheme_round_trips_through_its_code_and_nothing_else_is_one() {
        for t in Theme::ALL {
            assert_eq!(Theme::from_code(t.code()), Some(t));
        }
        for bad in ["", "Dark", "projector ", "auto"] {
            assert_eq!(Theme::from_code(bad), None, "{bad:?}");
        }
    }

    /// CIE 1976 colour difference, enough to tell "clearly different" from "nearly equal".
    fn delta_e(a: Rgb, b: Rgb) -> f64 {
        fn lab(c: Rgb) -> [f64; 3] {
            let lin = |v: u8| {
                let v = f64::from(v) / 255.0;
                if v <= 0.040_45 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            let (r, g, b) = (lin(c.0), lin(c.1), lin(c.2));
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
            let f = |t: f64| {
                if t > 0.008_856 {
                    t.cbrt()
                } else {
                    7.787 * t + 16.0 / 116.0
                }
            };
            [
                116.0 * f(y) - 16.0,
                500.0 * (f(x) - f(y)),
                200.0 * (f(y) - f(z)),
            ]
        }
        let (p, q) = (lab(a), lab(b));
        p.iter()
            .zip(q)
            .map(|(u, v)| (u - v) * (u - v))
            .sum::<f64>()
            .sqrt()
    }

    #[test]
    fn css_is_lower_case_hex() {
        assert_eq!(Rgb(0xD5, 0x5E, 0x00).css(), "#d55e00");
        assert_eq!(Rgb(0, 0, 0).css(), "#000000");
    }

    #[test]
    fn contrast_matches_the_wcag_reference_values() {
        let white = Rgb(255, 255, 255);
        let black = Rgb(0, 0, 0);
        assert!((contrast(white, black) - 21.0).abs() < 1e-9);
        assert!((contrast(white, white) - 1.0).abs() < 1e-9);
        // #767676 on white is the classic "just passes AA" grey (4.54:1).
        let c = contrast(Rgb(0x76, 0x76, 0x76), white);
        assert!((4.5..4.6).contains(&c), "{c}");
    }

    #[test]
    fn chart_text_meets_wcag_aa_on_its_background() {
        for t in THEMES {
            let th = chart_theme(t);
            let c = contrast(th.text, th.background);
            assert!(c >= 4.5, "{t:?}: text contrast {c:.2}");
            // Reference lines and markers are graphics: WCAG asks 3:1 of them.
            for (what, colour) in [
                ("ideal", th.ideal),
                ("highlight", th.highlight),
                ("median", th.median),
            ] {
                let c = contrast(colour, th.background);
                assert!(c >= 3.0, "{t:?}: {what} contrast {c:.2}");
            }
            // The median line must stand out from the band it is drawn over.
            assert!(contrast(th.median, th.band) >= 2.0, "{t:?}");
            // The band is a surface, visibly different from the background but quiet.
            assert!(delta_e(th.band, th.background) > 10.0, "{t:?}");
            assert_eq!(th.scale, 1.0);
        }
    }

    #[test]
    fn node_colours_start_with_okabe_ito_and_are_readable_on_both_backgrounds() {
        assert_eq!(node_colour(0), Rgb(0xE6, 0x9F, 0x00));
        assert_eq!(node_colour(1), Rgb(0x56, 0xB4, 0xE9));
        assert_eq!(node_colour(3), Rgb(0x00, 0x72, 0xB2));
        for idx in 0..NODE_COLOURS {
            let c = node_colour(idx);
            for t in THEMES {
                let k = contrast(c, chart_theme(t).background);
                assert!(k >= 2.0, "node {idx} {} on {t:?}: {k:.2}", c.css());
            }
        }
    }

    #[test]
    fn node_colours_stay_distinguishable_then_cycle() {
        let colours: Vec<Rgb> = (0..NODE_COLOURS).map(node_colour).collect();
        for (i, &a) in colours.iter().enumerate() {
            for (j, &b) in colours.iter().enumerate().skip(i + 1) {
                let d = delta_e(a, b);
                // Any two of the 24 differ; the 12 of one cycle differ clearly.
                let min = if j - i < NODE_BASE.len() { 8.0 } else { 5.0 };
                assert!(d >= min, "nodes {i} and {j}: ΔE {d:.1}");
            }
        }
        for idx in 0..NODE_COLOURS {
            assert_eq!(node_colour(idx), node_colour(idx + NODE_COLOURS));
            // Neighbours (bars side by side) always differ clearly.
            assert!(delta_e(node_colour(idx), node_colour(idx + 1)) > 15.0);
        }
    }

    #[test]
    fn strategies_have_four_different_colours() {
        let cs: Vec<Rgb> = Strategy::ALL.into_iter().map(strategy_colour).collect();
        for (i, &a) in cs.iter().enumerate() {
            for &b in &cs[i + 1..] {
                assert!(delta_e(a, b) > 20.0);
            }
            for t in THEMES {
                assert!(contrast(a, chart_theme(t).background) >= 2.0);
            }
        }
    }

    #[test]
    fn the_projector_theme_brings_every_mark_to_three_to_one() {
        let th = chart_theme(Theme::Projector);
        let bg = th.background;
        assert!(contrast(th.text, bg) >= 7.0);
        for (what, colour) in [
            ("ideal", th.ideal),
            ("highlight", th.highlight),
            ("median", th.median),
        ] {
            let c = contrast(colour, bg);
            assert!(c >= 3.0, "{what} contrast {c:.2}");
        }
        assert!(contrast(th.median, th.band) >= 2.0);
        assert!(delta_e(th.band, bg) > 10.0);
        // The Okabe–Ito sky blue and orange do not reach 3:1 on white as they are…
        assert!(contrast(node_colour(0), bg) < 3.0 && contrast(node_colour(1), bg) < 3.0);
        // …every node colour does once marked, and the palette stays a palette.
        let marked: Vec<Rgb> = (0..NODE_COLOURS).map(|i| th.mark(node_colour(i))).collect();
        for (i, &c) in marked.iter().enumerate() {
            let k = contrast(c, bg);
            assert!(k >= 3.0, "node {i} {} on the projector: {k:.2}", c.css());
            let next = marked[(i + 1) % NODE_COLOURS];
            assert!(delta_e(c, next) > 10.0, "nodes {i} and {}", i + 1);
        }
        for (i, &a) in marked.iter().enumerate().take(NODE_BASE.len()) {
            for (j, &b) in marked.iter().enumerate().take(NODE_BASE.len()).skip(i + 1) {
                assert!(delta_e(a, b) >= 8.0, "nodes {i} and {j}");
            }
        }
        let strategies: Vec<Rgb> = Strategy::ALL
            .into_iter()
            .map(|s| th.mark(strategy_colour(s)))
            .collect();
        for (i, &a) in strategies.iter().enumerate() {
            assert!(contrast(a, bg) >= 3.0);
            for &b in &strategies[i + 1..] {
                assert!(delta_e(a, b) > 15.0);
            }
        }
        // A colour that passes already is left alone; the other themes leave every colour.
        assert_eq!(th.mark(Rgb(0x00, 0x72, 0xB2)), Rgb(0x00, 0x72, 0xB2));
        for t in THEMES {
            assert_eq!(chart_theme(t).mark(node_colour(1)), node_colour(1));
        }
        // Larger text and lines: the device scale times the emphasis.
        assert_eq!(th.with_scale(2.0).scale, 3.0);
    }

    /// The selected key's colour is no node's: a key that moved between two nodes, ringed
    /// in one colour and filled with the other, is not mistaken for the selection.
    #[test]
    fn the_selection_colour_is_no_nodes_colour() {
        for t in [Theme::Light, Theme::Dark, Theme::Projector] {
            let th = chart_theme(t);
            assert!(contrast(th.selection, th.background) >= 7.0, "{t:?}");
            for idx in 0..NODE_COLOURS {
                let node = th.mark(node_colour(idx));
                let d = delta_e(th.selection, node);
                assert!(d > 20.0, "{t:?}: node {idx} {} ΔE {d:.1}", node.css());
            }
            // The highlight it replaces was a node's colour (inv-tar's vermillion).
            assert!((0..NODE_COLOURS)
                .any(|i| delta_e(chart_theme(Theme::Light).highlight, node_colour(i)) < 1.0));
        }
    }

    #[test]
    fn scale_is_clamped() {
        let th = chart_theme(Theme::Light);
        assert_eq!(th.with_scale(2.0).scale, 2.0);
        assert_eq!(th.with_scale(100.0).scale, 8.0);
        assert_eq!(th.with_scale(f64::NAN).scale, 1.0);
        assert_eq!(th.with_scale(0.0).scale, 0.5);
    }
}
