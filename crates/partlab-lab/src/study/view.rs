//! What a study chapter shows, as plain data: its controls and its panels (figures, tables,
//! charts with their "chart data" tables). The web app renders this description; the CLI
//! prints its tables; native tests read it.
//!
//! Numbers travel twice: as text in the page's language ([`Cell::text`]) and as a plain
//! value ([`Cell::value`]) for the `data-value` hooks and the CLI's JSON.

use super::chart::Chart;
use crate::base::nearest_stop;

/// One control of a chapter.
#[derive(Clone, Debug, PartialEq)]
pub struct Control {
    /// Stable id: the DOM id and the name the chapter's messages are parsed from.
    pub id: &'static str,
    /// Visible label.
    pub label: String,
    /// What kind of control, with its current value.
    pub kind: ControlKind,
    /// A note under the control (may be empty).
    pub note: String,
}

impl Control {
    /// A control without a note.
    pub fn new(id: &'static str, label: String, kind: ControlKind) -> Control {
        Control {
            id,
            label,
            kind,
            note: String::new(),
        }
    }

    /// A drop-down list of `options`, `value` chosen.
    pub fn select(
        id: &'static str,
        label: String,
        options: Vec<Choice>,
        value: impl Into<String>,
    ) -> Control {
        Control::new(
            id,
            label,
            ControlKind::Select {
                options,
                value: value.into(),
            },
        )
    }

    /// A slider over `stops`, at the stop nearest `value`, showing `value_text`.
    pub fn stops(
        id: &'static str,
        label: String,
        stops: &[u32],
        value: u32,
        value_text: String,
    ) -> Control {
        Control::new(
            id,
            label,
            ControlKind::Range {
                max: stops.len() as u32 - 1,
                value: nearest_stop(stops, value) as u32,
                value_text,
            },
        )
    }
}

/// One option of a select or a button group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value sent back when chosen.
    pub value: String,
    /// What the user sees.
    pub label: String,
}

impl Choice {
    /// A choice.
    pub fn new(value: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice {
            value: value.into(),
            label: label.into(),
        }
    }
}

/// The kinds of controls.
#[derive(Clone, Debug, PartialEq)]
pub enum ControlKind {
    /// A drop-down list.
    Select {
        /// The options.
        options: Vec<Choice>,
        /// The chosen value.
        value: String,
    },
    /// A slider over `0..=max` stops; the chapter maps stops to values.
    Range {
        /// The last stop.
        max: u32,
        /// The current stop.
        value: u32,
        /// The value shown beside the slider and announced (`aria-valuetext`).
        value_text: String,
    },
    /// A row of buttons, the chosen one pressed (`aria-pressed`); presets and key choices.
    Buttons {
        /// The buttons.
        options: Vec<Choice>,
        /// The pressed one, if any.
        pressed: Option<String>,
    },
    /// Text typed in a box (a key to look up), sent when committed (Enter or leaving it).
    Text {
        /// The current text.
        value: String,
    },
    /// A whole number typed in a box.
    Number {
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
        /// Current value.
        value: u64,
    },
}

/// A figure: a labelled number.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Stable hook (`data-figure`).
    pub key: &'static str,
    /// What it is.
    pub label: String,
    /// The number as the page shows it.
    pub text: String,
    /// The number, plain (`data-value`).
    pub value: f64,
}

impl Figure {
    /// A figure: its hook, its label, the number as shown and plain.
    pub fn new(key: &'static str, label: String, text: String, value: f64) -> Figure {
        Figure {
            key,
            label,
            text,
            value,
        }
    }
}

/// A table cell: text, and the plain number behind it when there is one.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// What the page shows.
    pub text: String,
    /// The plain number (`data-value`, JSON), if the cell is a number.
    pub value: Option<f64>,
}

impl Cell {
    /// A text cell.
    pub fn text(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            value: None,
        }
    }

    /// A number cell.
    pub fn num(text: impl Into<String>, value: f64) -> Cell {
        Cell {
            text: text.into(),
            value: Some(value),
        }
    }
}

/// A table row: hooks for tests (`data-*` attributes) and cells, the first a row header.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// `data-*` attributes of the row (name without `data-`, value).
    pub attrs: Vec<(&'static str, String)>,
    /// The cells.
    pub cells: Vec<Cell>,
}

/// A table.
#[derive(Clone, Debug, PartialEq)]
pub struct DataTable {
    /// Stable hook (`data-table`) and JSON name.
    pub key: &'static str,
    /// The header cells.
    pub head: Vec<String>,
    /// The rows.
    pub rows: Vec<Row>,
}

impl DataTable {
    /// A table: its hook, its header cells and its rows.
    pub fn new(key: &'static str, head: Vec<String>, rows: Vec<Row>) -> DataTable {
        DataTable { key, head, rows }
    }
}

/// One block of a panel.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A paragraph.
    Text(String),
    /// Labelled numbers.
    Figures(Vec<Figure>),
    /// A table shown as it is.
    Table(DataTable),
    /// A chart on a canvas, with its text alternative (shown under "Chart data").
    Chart {
        /// What to draw.
        chart: Chart,
        /// The canvas's accessible name.
        label: String,
        /// The same information as a table.
        table: DataTable,
    },
    /// Blocks behind a "show" toggle (the lesson's verdict, after the student has chosen).
    Reveal {
        /// The toggle's text.
        summary: String,
        /// What it reveals.
        blocks: Vec<Block>,
    },
}

impl Block {
    /// A chart, its accessible name and its table.
    pub fn chart(chart: Chart, label: String, table: DataTable) -> Block {
        Block::Chart {
            chart,
            label,
            table,
        }
    }
}

/// One panel: a view that embed mode can show alone (`embed=<view>`).
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The view's name (`data-view`, `embed=`).
    pub view: &'static str,
    /// Heading.
    pub title: String,
    /// A note under the heading (may be empty).
    pub caption: String,
    /// Whether the panel spans the page's width on large screens.
    pub wide: bool,
    /// The content.
    pub blocks: Vec<Block>,
}

impl Panel {
    /// Every table of the panel (charts' tables included), in order.
    pub fn tables(&self) -> Vec<&DataTable> {
        fn walk<'a>(blocks: &'a [Block], out: &mut Vec<&'a DataTable>) {
            for b in blocks {
                match b {
                    Block::Table(t) | Block::Chart { table: t, .. } => out.push(t),
                    Block::Reveal { blocks, .. } => walk(blocks, out),
                    Block::Text(_) | Block::Figures(_) => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.blocks, &mut out);
        out
    }

    /// Every figure of the panel, in order.
    pub fn figures(&self) -> Vec<&Figure> {
        fn walk<'a>(blocks: &'a [Block], out: &mut Vec<&'a Figure>) {
            for b in blocks {
                match b {
                    Block::Figures(f) => out.extend(f.iter()),
                    Block::Reveal { blocks, .. } => walk(blocks, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.blocks, &mut out);
        out
    }
}

/// A row with `data-key` = the first cell's text and the given cells.
pub fn row(key: impl Into<String>, cells: Vec<Cell>) -> Row {
    Row {
        attrs: vec![("key", key.into())],
        cells,
    }
}

/// A row named `name`: its key, and its first cell (the row header) before `cells`.
pub fn named_row(name: impl Into<String>, cells: impl IntoIterator<Item = Cell>) -> Row {
    let name = name.into();
    let mut all = vec![Cell::text(name.clone())];
    all.extend(cells);
    row(name, all)
}
