//! What the study chapters' tests share: finding a view, a figure, a table row's attribute,
//! and moving a control with the background work run to the end, as the CLI and the page end
//! up.
// Each test file uses some of these, not all.
#![allow(dead_code)]

use partlab_lab::study::view::Panel;
use partlab_lab::study::{Input, Study};

/// The panel of `view`.
pub fn panel<'a>(panels: &'a [Panel], view: &str) -> &'a Panel {
    panels
        .iter()
        .find(|p| p.view == view)
        .unwrap_or_else(|| panic!("the view {view} exists"))
}

/// The figure `key`'s value, if the panel shows it.
pub fn maybe_figure(p: &Panel, key: &str) -> Option<f64> {
    p.figures()
        .into_iter()
        .find(|f| f.key == key)
        .map(|f| f.value)
}

/// The figure `key`'s value.
pub fn figure(p: &Panel, key: &str) -> f64 {
    maybe_figure(p, key).unwrap_or_else(|| panic!("the figure {key} exists"))
}

/// The figure `key` as the page shows it, and its value.
pub fn figure_shown(p: &Panel, key: &str) -> (String, f64) {
    let f = p
        .figures()
        .into_iter()
        .find(|f| f.key == key)
        .unwrap_or_else(|| panic!("the figure {key} exists"));
    (f.text.clone(), f.value)
}

/// The attribute `name` of the row `key` of the table `table`.
pub fn attr(p: &Panel, table: &str, key: &str, name: &str) -> String {
    p.tables()
        .into_iter()
        .find(|t| t.key == table)
        .and_then(|t| {
            t.rows
                .iter()
                .find(|r| r.attrs.contains(&("key", key.into())))
        })
        .and_then(|r| r.attrs.iter().find(|(k, _)| *k == name))
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("the row {key} of {table} and its {name}"))
}

/// Moves the control `id` to `value`, then runs the background work to the end.
pub fn control(c: &mut dyn Study, id: &str, value: &str) {
    c.update(Input::Control {
        id: id.into(),
        value: value.into(),
    });
    c.finish_work();
}

/// `chapter` with its background work run to the end: the state the CLI prints and the page
/// settles on.
pub fn finished<S: Study>(mut chapter: S) -> S {
    chapter.finish_work();
    chapter
}

/// The panel of `view` in `chapter`, owned: for a test that reads a single view.
pub fn view_of(chapter: &impl Study, view: &str) -> Panel {
    chapter
        .panels()
        .into_iter()
        .find(|p| p.view == view)
        .unwrap_or_else(|| panic!("the view {view} exists"))
}

/// Moves the control `id` to `value`, then runs the background work a slice at a time and
/// reads `read` after each slice: what the page shows while the work goes on.
pub fn shown_during_work<S: Study, T>(
    chapter: &mut S,
    id: &str,
    value: &str,
    read: impl Fn(&S) -> T,
) -> Vec<T> {
    chapter.update(Input::Control {
        id: id.into(),
        value: value.into(),
    });
    let mut shown = Vec::new();
    while chapter.work() {
        shown.push(read(chapter));
    }
    shown
}
