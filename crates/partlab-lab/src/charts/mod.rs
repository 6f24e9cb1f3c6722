//! The lab's three charts, drawn on any plotters backend: keys per node (bars), load
//! deviation against vnodes (band, median, trend), and keys moved against cluster size (one
//! line per strategy).
//!
//! Each chart is one function, generic over the backend: the page passes a drawing area of a
//! `CanvasBackend` (sized by `devicePixelRatio`, with [`ChartTheme::scale`] set to match),
//! native tests pass an `SVGBackend` and inspect the SVG. Beside each chart, a `*_rows`
//! function gives the same information as typed rows for the table the page shows as the
//! chart's text alternative.
//!
//! Architecture invariants:
//! - No words: every title, axis name and legend entry comes from the caller (the page is
//!   bilingual), and numbers on the chart are whole numbers without a decimal separator
//!   (percentages go into the axis name, e.g. "Keys moved (%)").
//! - No text measurement by the backend: labels are laid out with the estimate of [`text`],
//!   so the chart needs no font natively and creates no DOM element per label in the browser.
//! - No panic on any input: empty, partial or unsorted series, non-finite values, tiny areas.
//!   Drawing errors come back as [`ChartError`].
//! - User text (node names) is only ever drawn as text, sanitized and shortened.

pub(crate) mod axis;
pub(crate) mod bars;
mod deviation;
mod movement;
pub(crate) mod paint;
pub mod text;

use std::fmt;

use plotters::drawing::DrawingAreaErrorKind;

pub use bars::{
    bars_axes, draw_keys_bars, draw_keys_layer, draw_keys_per_node, keys_rows, BarsAxes, BarsPlot,
    KeysRow,
};
pub use deviation::{
    deviation_axes, deviation_rows, deviation_trend, draw_deviation, draw_deviation_flat,
    draw_deviation_layer, draw_deviation_marker, DeviationAxes, DeviationPlot, DeviationRow,
};
pub use movement::{draw_movement, movement_rows, MovementPlot, MovementRow};

pub use crate::palette::ChartTheme;

/// A chart could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChartError {
    /// The drawing backend failed (the message is the backend's).
    Drawing(String),
}

impl fmt::Display for ChartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChartError::Drawing(msg) => write!(f, "the chart could not be drawn: {msg}"),
        }
    }
}

impl std::error::Error for ChartError {}

impl<E: std::error::Error + Send + Sync> From<DrawingAreaErrorKind<E>> for ChartError {
    fn from(e: DrawingAreaErrorKind<E>) -> Self {
        ChartError::Drawing(e.to_string())
    }
}

/// The words of the keys-per-node chart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BarsText {
    /// Chart title (wrapped to two lines at most; empty: no title).
    pub title: String,
    /// Name of the y axis, e.g. "Keys".
    pub y_label: String,
    /// Legend entry of the dashed line at total / N, e.g. "Ideal (equal share)".
    pub ideal_label: String,
    /// Legend entry of the per-node marker at the weighted expectation, shown only when the
    /// weights differ, e.g. "Expected by weight".
    pub expected_label: String,
}

/// The words of the deviation chart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeviationText {
    /// Chart title.
    pub title: String,
    /// Name of the x axis, e.g. "Virtual nodes per node (log scale)".
    pub x_label: String,
    /// Name of the y axis, e.g. "Deviation (%)".
    pub y_label: String,
    /// Legend entry of the min–max band over the trials.
    pub band_label: String,
    /// Legend entry of the median line.
    pub median_label: String,
    /// Legend entry of the trial-0 points (the nodes under their own names: the single
    /// figure a one-off run, like the lesson's, reports).
    pub named_label: String,
    /// Legend entry of the current setting's marker (shown only when there is one).
    pub current_label: String,
    /// Legend entry of the dashed c/√V curve; the caller may include the fitted c
    /// ([`deviation_trend`]) formatted in its language.
    pub trend_label: String,
}

/// The words of the movement chart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovementText {
    /// Chart title.
    pub title: String,
    /// Name of the x axis, e.g. "Nodes before the change".
    pub x_label: String,
    /// Name of the y axis, e.g. "Keys moved (%)".
    pub y_label: String,
    /// Legend entry of the dashed ideal (1/(N+1) for a join).
    pub ideal_label: String,
    /// Legend entries of the strategies, in [`partlab_core::Strategy::LESSON`] order.
    pub strategy_labels: [String; 4],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing_errors_keep_the_backend_message() {
        use plotters::prelude::*;
        // An SVG file in a folder that does not exist: writing it out fails.
        let area =
            SVGBackend::new("/nonexistent-partlab-dir/chart.svg", (10, 10)).into_drawing_area();
        let err = area.present().map_err(ChartError::from);
        let Err(ChartError::Drawing(msg)) = err else {
            panic!("presenting must fail");
        };
        assert!(!msg.is_empty());
        assert!(ChartError::Drawing(msg.clone()).to_string().contains(&msg));
    }
}
