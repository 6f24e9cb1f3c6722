//! The instrument's tables as they are written into the page: a header and rows of plain
//! text with `data-*` hooks, brought up to date in place (only the cells and attributes that
//! changed are written), and the flow table of a movement that the figures panel and compare
//! mode both show.

use wasm_bindgen::{intern, JsValue};
use web_sys::Element;

use partlab_core::stats::Movement;
use partlab_lab::i18n::{fmt_fraction, fmt_int, tr, Text};
use partlab_lab::state::Lang;

use crate::dom::{by_id, clear, fingerprint, H};

/// One table row: data attributes for the `<tr>`, then its cells (the first is the row header).
pub type Row = (Vec<(&'static str, String)>, Vec<String>);

/// Writes a table: a header row and body rows; each row is a list of cells plus data
/// attributes for the row. Cells are plain text.
pub struct Table<'a> {
    /// Header cells.
    pub head: Vec<&'a str>,
    /// Rows: (attributes, cells).
    pub rows: Vec<Row>,
}

/// Writes the flow table of a movement into table `id`: from, to, keys and their share of all
/// keys, the 24 largest flows (the figures panel's and compare mode's).
pub fn render_flow(lang: Lang, m: &Movement, id: &str) -> Result<(), JsValue> {
    let rows = m
        .flow
        .iter()
        .take(24)
        .map(|f| {
            (
                vec![
                    ("data-from", f.from.clone()),
                    ("data-to", f.to.clone()),
                    ("data-keys", f.keys.to_string()),
                ],
                vec![
                    f.from.clone(),
                    f.to.clone(),
                    fmt_int(lang, f.keys),
                    fmt_fraction(lang, f.keys as f64 / m.total.max(1) as f64),
                ],
            )
        })
        .collect();
    Table {
        head: vec![
            tr(lang, Text::From),
            tr(lang, Text::To),
            tr(lang, Text::Keys),
            tr(lang, Text::OfAllKeys),
        ],
        rows,
    }
    .render(id)
}

impl Table<'_> {
    /// Replaces the content of table `id` (unless it already shows exactly this). The rows
    /// are kept as what was written (moved, not copied: a step's tables hold a few hundred
    /// strings).
    pub fn render(self, id: &str) -> Result<(), JsValue> {
        let Some(table) = by_id(id) else {
            return Ok(());
        };
        let sig = fingerprint(&(&self.head, &self.rows));
        let shown = table.get_attribute(intern("data-sig"));
        let sig_text = format!("{sig:x}");
        if shown.as_deref() == Some(sig_text.as_str()) {
            return Ok(());
        }
        // What this function wrote last into this very table (its fingerprint still on it):
        // an update compares against that copy instead of reading every cell back.
        let previous = WRITTEN.with(|w| {
            let mut w = w.borrow_mut();
            let i = w.iter().position(|(k, _, _)| k == id)?;
            let (_, old_sig, rows) = w.swap_remove(i);
            (shown.as_deref() == Some(format!("{old_sig:x}").as_str())).then_some(rows)
        });
        let _ = table.set_attribute(intern("data-sig"), &sig_text);
        let (body, elements) = match previous.and_then(|old| self.update_in_place(old)) {
            Some(kept) => kept,
            None => self.build(&table),
        };
        WRITTEN.with(|w| {
            let mut w = w.borrow_mut();
            if w.len() >= TABLES_KEPT {
                w.remove(0);
            }
            w.push((
                id.to_string(),
                sig,
                WrittenTable {
                    head: self.head.iter().map(|h| h.to_string()).collect(),
                    rows: self.rows,
                    body,
                    elements,
                },
            ));
        });
        Ok(())
    }

    /// Builds the table anew; returns its body and rows.
    fn build(&self, table: &Element) -> (Element, Vec<RowElements>) {
        clear(table);
        let mut tr_head = H::new("tr");
        for h in &self.head {
            tr_head = tr_head.child(H::new("th").attr("scope", "col").text(h));
        }
        crate::dom::append(table, &H::new("thead").child(tr_head).el());
        let body = H::new("tbody").el();
        let mut elements = Vec::with_capacity(self.rows.len());
        for row in &self.rows {
            let (tr, cells) = row_element(row);
            crate::dom::append(&body, &tr);
            elements.push((tr, cells));
        }
        crate::dom::append(table, &body);
        (body, elements)
    }

    /// When the table last written has the same header, brings its rows up to date instead
    /// of building the table again (a slider step changes a few numbers; a node that joins
    /// or leaves, a row; a sweep's new point turns the "current setting" row into a point's
    /// and adds the current row after it): sets only the cells' texts and the rows'
    /// attributes that differ from what was written, adds or removes rows at the end, and
    /// builds again only a row whose number of cells changed. The rows and cells written last
    /// are kept with it: nothing is looked up or read back. Returns the body and rows, or
    /// `None` when the header differs.
    fn update_in_place(&self, old: WrittenTable) -> Option<(Element, Vec<RowElements>)> {
        let WrittenTable {
            head: old_head,
            rows: old_rows,
            body,
            mut elements,
        } = old;
        let same_head = old_head.len() == self.head.len()
            && old_head.iter().zip(&self.head).all(|(a, b)| a == b);
        if !same_head || elements.len() != old_rows.len() {
            return None;
        }
        // Rows beyond the new count go; new ones are built after the kept ones.
        for (tr, _) in elements.drain(self.rows.len().min(old_rows.len())..) {
            tr.remove();
        }
        for row in self.rows.iter().skip(old_rows.len()) {
            let (tr, cells) = row_element(row);
            crate::dom::append(&body, &tr);
            elements.push((tr, cells));
        }
        for ((old_row, row), (tr, tds)) in old_rows.iter().zip(&self.rows).zip(&mut elements) {
            let ((old_attrs, old_cells), (attrs, cells)) = (old_row, row);
            if old_attrs == attrs && old_cells == cells {
                continue;
            }
            if old_cells.len() != cells.len() {
                let (new_tr, new_tds) = row_element(row);
                let _ = body.replace_child(&new_tr, tr);
                (*tr, *tds) = (new_tr, new_tds);
                continue;
            }
            for (k, _) in old_attrs {
                if !attrs.iter().any(|(n, _)| n == k) {
                    let _ = tr.remove_attribute(intern(k));
                }
            }
            for (k, v) in attrs {
                if old_attrs.iter().find(|(n, _)| n == k).map(|(_, was)| was) != Some(v) {
                    let _ = tr.set_attribute(intern(k), v);
                }
            }
            for (j, ((was, text), cell)) in old_cells.iter().zip(cells).zip(tds.iter()).enumerate()
            {
                if was == text {
                    continue;
                }
                cell.set_text_content(Some(text));
                if j == 0 {
                    let _ = cell.set_attribute(intern("title"), text);
                }
            }
        }
        Some((body, elements))
    }
}

/// A body row of a [`Table`]: its attributes, a header cell (the row's name) and data cells;
/// the row and its cells.
fn row_element((attrs, cells): &Row) -> RowElements {
    let mut row = H::new("tr");
    for (k, v) in attrs {
        row = row.attr(k, v);
    }
    let tr = row.el();
    let mut tds = Vec::with_capacity(cells.len());
    for (i, c) in cells.iter().enumerate() {
        let cell = if i == 0 {
            H::new("th").attr("scope", "row").attr("title", c)
        } else {
            H::new("td")
        };
        let cell = cell.text(c).el();
        crate::dom::append(&tr, &cell);
        tds.push(cell);
    }
    (tr, tds)
}

/// A body row as written: the row and its cells.
type RowElements = (Element, Vec<Element>);

/// A table as [`Table::render`] last wrote it: its header and rows, and the elements they
/// went into.
struct WrittenTable {
    head: Vec<String>,
    rows: Vec<Row>,
    body: Element,
    elements: Vec<RowElements>,
}

/// How many tables [`Table::render`] remembers (the page has about ten).
const TABLES_KEPT: usize = 24;

thread_local! {
    /// Each table's id, fingerprint and content as last written by [`Table::render`].
    static WRITTEN: std::cell::RefCell<Vec<(String, u64, WrittenTable)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}
