//! The deviation chart's readout: one sentence under the chart for the point under the
//! pointer, or for the point the arrow keys chose on the focused chart (`#deviation-readout`,
//! announced politely). The sentences come from [`partlab_lab::readout`]; `data-at` on the
//! readout says which item it shows (the sweep's points by vnodes, then the current setting).

use web_sys::{KeyboardEvent, MouseEvent};

use partlab_lab::charts::deviation_rows;
use partlab_lab::i18n::{tr, Text};
use partlab_lab::readout::{readout_items, step, CurrentMark};

use super::{shown, with_app, Hashing};
use crate::dom::{by_id, set_attr, set_text_id};

/// Pointer within this many CSS pixels of the flat line reads the current setting.
const FLAT_HIT_PX: f64 = 10.0;

impl Hashing {
    /// The readout's sentences now, and the vnodes of each item (`None` for a flat line).
    fn readout_items(&self) -> (Vec<String>, Vec<Option<u32>>) {
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

    /// Shows item `at` in the readout (the hint for `None`).
    pub(super) fn show_readout(&mut self, at: Option<usize>) {
        let (items, _) = self.readout_items();
        let at = at.filter(|&i| i < items.len());
        self.readout_at = at;
        let text = match at {
            Some(i) => items[i].clone(),
            None => tr(self.lab.state().lang, Text::ReadoutHint).to_owned(),
        };
        set_text_id("deviation-readout", &text);
        if let Some(e) = by_id("deviation-readout") {
            set_attr(&e, "data-at", &at.map_or(String::new(), |i| i.to_string()));
            set_attr(&e, "data-items", &items.len().to_string());
        }
    }

    /// The item nearest the pointer at CSS pixels (`x`, `y`) of the chart.
    fn readout_hit(&self, x: f64, y: f64) -> Option<usize> {
        let plot = self.charts.deviation_plot()?;
        let dpr = crate::dpr();
        let (x, y) = (x * dpr, y * dpr);
        let (_, at) = self.readout_items();
        let mark = CurrentMark::of(&self.lab);
        if let Some(CurrentMark::Flat { pct }) = mark {
            if (plot.y_px(pct) - y).abs() <= FLAT_HIT_PX * dpr {
                return Some(at.len() - 1);
            }
        }
        let mut best: Option<(usize, f64)> = None;
        for (i, v) in at.iter().enumerate() {
            let Some(v) = v else { continue };
            let mut d = (plot.x_px(f64::from(*v)) - x).abs();
            // The current point shares its x with a sweep point: nearer in height wins.
            if let (Some(CurrentMark::Point { pct, .. }), true) = (mark, i + 1 == at.len()) {
                d += (plot.y_px(pct) - y).abs() / 4.0;
            }
            if best.is_none_or(|(_, b)| d < b) {
                best = Some((i, d));
            }
        }
        best.map(|(i, _)| i)
    }
}

/// Arrow keys, Home and End on the focused chart move the readout.
pub fn on_key(e: &KeyboardEvent) {
    with_app(|app| {
        let (items, _) = app.readout_items();
        if let Some(next) = step(app.readout_at, items.len(), &e.key()) {
            e.prevent_default();
            app.show_readout(Some(next));
        }
    });
}

/// The pointer over the chart reads the point nearest to it.
pub fn on_pointer(e: &MouseEvent) {
    let (x, y) = (f64::from(e.offset_x()), f64::from(e.offset_y()));
    with_app(|app| {
        if let Some(i) = app.readout_hit(x, y) {
            if app.readout_at != Some(i) {
                app.show_readout(Some(i));
            }
        }
    });
}

/// Focus on the chart shows the item last read, or the hint.
pub fn on_focus() {
    with_app(|app| app.show_readout(app.readout_at));
}
