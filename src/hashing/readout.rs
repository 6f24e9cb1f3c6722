//! The charts' readouts: one sentence under a chart for the item under the pointer, or for
//! the item the arrow keys chose on the focused chart (`#{chart}-readout`, announced
//! politely). Three charts have one: the deviation chart (the sweep's points by vnodes,
//! then the current setting), the bar chart (one item per node's bar) and the movement
//! chart (one item per cluster size). The sentences come from [`partlab_lab::readout`];
//! `data-at` on a readout says which item it shows and `data-items` how many there are.
//!
//! Moving a readout reads what the page already holds (the lab's distribution, the sweeps'
//! points, where each plot was last drawn): it computes nothing in the core and draws
//! nothing on the canvases.

use web_sys::{KeyboardEvent, MouseEvent};

use partlab_lab::charts::deviation_rows;
use partlab_lab::i18n::{tr, Text};
use partlab_lab::readout::{bars_items, movement_items, readout_items, step, CurrentMark};

use super::{shown, with_app, Hashing};
use crate::dom::{by_id, set_attr, set_text_id};

/// Pointer within this many CSS pixels of the flat line reads the current setting.
const FLAT_HIT_PX: f64 = 10.0;

/// A chart with a readout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chart {
    /// Keys per node.
    Bars,
    /// Deviation against vnodes.
    Deviation,
    /// Keys moved against cluster size.
    Movement,
}

impl Chart {
    /// Every chart with a readout.
    pub const ALL: [Chart; 3] = [Chart::Bars, Chart::Deviation, Chart::Movement];

    /// The id of its canvas.
    pub fn canvas(self) -> &'static str {
        match self {
            Chart::Bars => "bars-chart",
            Chart::Deviation => "deviation-chart",
            Chart::Movement => "movement-chart",
        }
    }

    /// The id of its readout line.
    pub fn line(self) -> &'static str {
        match self {
            Chart::Bars => "bars-readout",
            Chart::Deviation => "deviation-readout",
            Chart::Movement => "movement-readout",
        }
    }
}

/// Which item each readout shows (`None`: the hint).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadoutAt {
    bars: Option<usize>,
    deviation: Option<usize>,
    movement: Option<usize>,
}

impl ReadoutAt {
    fn get(self, c: Chart) -> Option<usize> {
        match c {
            Chart::Bars => self.bars,
            Chart::Deviation => self.deviation,
            Chart::Movement => self.movement,
        }
    }

    fn set(&mut self, c: Chart, at: Option<usize>) {
        match c {
            Chart::Bars => self.bars = at,
            Chart::Deviation => self.deviation = at,
            Chart::Movement => self.movement = at,
        }
    }
}

/// Every readout back to its hint in `lang` (a new language: the sentences changed).
pub fn reset_all(at: &mut ReadoutAt, lang: partlab_lab::state::Lang) {
    *at = ReadoutAt::default();
    for c in Chart::ALL {
        set_text_id(c.line(), tr(lang, Text::ReadoutHint));
        if let Some(e) = by_id(c.line()) {
            set_attr(&e, "data-at", "");
        }
    }
}

impl Hashing {
    /// The deviation readout's sentences now, and the vnodes of each item (`None` for a
    /// flat line).
    fn deviation_items(&self) -> (Vec<String>, Vec<Option<u32>>) {
        let lang = self.lab.state().lang;
        let sweep = shown(self.dev.as_ref(), self.dev_prev.as_ref(), |s| {
            s.points().is_empty()
        });
        let rows = deviation_rows(sweep.map(|s| s.points()).unwrap_or_default());
        let mark = CurrentMark::of(&self.lab);
        let mut at: Vec<Option<u32>> = rows.iter().map(|r| Some(r.vnodes)).collect();
        if let Some(m) = mark {
            at.push(match m {
                CurrentMark::Point { vnodes, .. } => Some(vnodes),
                CurrentMark::Flat { .. } => None,
            });
        }
        let items = readout_items(lang, &rows, mark.map(|m| (self.lab.config().strategy, m)));
        (items, at)
    }

    /// The movement readout's items (node count, sentence), from the points the chart shows.
    fn movement_items(&self) -> Vec<(usize, String)> {
        let sweep = shown(self.mv.as_ref(), self.mv_prev.as_ref(), |s| {
            s.points().is_empty()
        });
        movement_items(
            self.lab.state().lang,
            sweep.map(|s| s.points()).unwrap_or_default(),
        )
    }

    /// The sentences of chart `c`'s readout now.
    fn items(&self, c: Chart) -> Vec<String> {
        match c {
            Chart::Bars => bars_items(self.lab.state().lang, self.lab.distribution()),
            Chart::Deviation => self.deviation_items().0,
            Chart::Movement => self.movement_items().into_iter().map(|i| i.1).collect(),
        }
    }

    /// Shows item `at` in chart `c`'s readout (the hint for `None`).
    fn show_readout(&mut self, c: Chart, at: Option<usize>) {
        let items = self.items(c);
        let at = at.filter(|&i| i < items.len());
        self.readout_at.set(c, at);
        let text = match at {
            Some(i) => items[i].clone(),
            None => tr(self.lab.state().lang, Text::ReadoutHint).to_owned(),
        };
        set_text_id(c.line(), &text);
        if let Some(e) = by_id(c.line()) {
            set_attr(&e, "data-at", &at.map_or(String::new(), |i| i.to_string()));
            set_attr(&e, "data-items", &items.len().to_string());
        }
    }

    /// The item of chart `c` nearest the pointer at CSS pixels (`x`, `y`), by the geometry
    /// the chart was last drawn with.
    fn readout_hit(&self, c: Chart, x: f64, y: f64) -> Option<usize> {
        let dpr = crate::dpr();
        let (x, y) = (x * dpr, y * dpr);
        match c {
            Chart::Bars => {
                let plot = self.charts.bars_plot()?;
                plot.bar_at(x, self.lab.distribution().nodes.len())
            }
            Chart::Movement => {
                let plot = self.charts.movement_plot()?;
                nearest(
                    self.movement_items()
                        .iter()
                        .map(|(n, _)| (plot.x_px(*n) - x).abs()),
                )
            }
            Chart::Deviation => self.deviation_hit(x, y),
        }
    }

    /// The deviation item nearest backing pixel (`x`, `y`).
    fn deviation_hit(&self, x: f64, y: f64) -> Option<usize> {
        let plot = self.charts.deviation_plot()?;
        let dpr = crate::dpr();
        let (_, at) = self.deviation_items();
        let mark = CurrentMark::of(&self.lab);
        if let Some(CurrentMark::Flat { pct }) = mark {
            if (plot.y_px(pct) - y).abs() <= FLAT_HIT_PX * dpr {
                return Some(at.len() - 1);
            }
        }
        let last = at.len().checked_sub(1)?;
        nearest(at.iter().enumerate().map(|(i, v)| match v {
            None => f64::INFINITY,
            Some(v) => {
                let d = (plot.x_px(f64::from(*v)) - x).abs();
                // The current point shares its x with a sweep point: nearer in height wins.
                match (mark, i == last) {
                    (Some(CurrentMark::Point { pct, .. }), true) => {
                        d + (plot.y_px(pct) - y).abs() / 4.0
                    }
                    _ => d,
                }
            }
        }))
    }
}

/// The index of the smallest finite distance (the first of equals).
fn nearest(distances: impl Iterator<Item = f64>) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, d) in distances.enumerate() {
        if d.is_finite() && best.is_none_or(|(_, b)| d < b) {
            best = Some((i, d));
        }
    }
    best.map(|(i, _)| i)
}

/// Arrow keys, Home and End on the focused chart `c` move its readout.
pub fn on_key(c: Chart, e: &KeyboardEvent) {
    with_app(|app| {
        let len = app.items(c).len();
        if let Some(next) = step(app.readout_at.get(c), len, &e.key()) {
            e.prevent_default();
            app.show_readout(c, Some(next));
        }
    });
}

/// The pointer over chart `c` reads the item nearest to it; the readout changes (and is
/// announced) only when that item changes.
pub fn on_pointer(c: Chart, e: &MouseEvent) {
    let (x, y) = (f64::from(e.offset_x()), f64::from(e.offset_y()));
    with_app(|app| {
        if let Some(i) = app.readout_hit(c, x, y) {
            if app.readout_at.get(c) != Some(i) {
                app.show_readout(c, Some(i));
            }
        }
    });
}

/// Focus on chart `c` shows the item last read, or the hint.
pub fn on_focus(c: Chart) {
    with_app(|app| app.show_readout(c, app.readout_at.get(c)));
}
