//! The chart canvases' CSS sizes, kept without laying the page out.
//!
//! A chart is drawn at its canvas's CSS size. Reading that size (`getBoundingClientRect`)
//! after the frame has written a panel's text makes the browser lay the whole page out there
//! and then, inside the frame: on a chapter with tables that was a few milliseconds of every
//! slider step. So a canvas's size is read once, when it is first drawn, and a
//! `ResizeObserver` (whose notes come after the browser's own layout) keeps it up to date: a
//! canvas whose box changed (a resized window, a scrollbar that appeared, an embed view, the
//! projector's larger type) makes the next frame fill and draw every panel again.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, ResizeObserver, ResizeObserverEntry};

use crate::dom::{by_id, css_size};

/// Marks a canvas the observer watches (and whose size [`chart_size`] may take from memory).
const WATCHED: &str = "data-size-watched";

/// Sizes closer than this (CSS pixels) are the same size.
const SAME: f64 = 0.01;

struct Watch {
    observer: ResizeObserver,
    _callback: Closure<dyn FnMut(js_sys::Array)>,
}

#[derive(Default)]
struct ChartSizes {
    /// The last size seen of each canvas, by element id (a chapter has a dozen at most).
    known: Vec<(String, (f64, f64))>,
    /// `None` until the first canvas is drawn, and where the browser has no `ResizeObserver`
    /// (every size is then read from the page, as a layout).
    watch: Option<Watch>,
    started: bool,
}

impl ChartSizes {
    fn get(&self, id: &str) -> Option<(f64, f64)> {
        self.known
            .iter()
            .find(|(k, _)| k == id)
            .map(|&(_, size)| size)
    }

    fn set(&mut self, id: &str, size: (f64, f64)) {
        match self.known.iter_mut().find(|(k, _)| k == id) {
            Some(entry) => entry.1 = size,
            None => self.known.push((id.to_owned(), size)),
        }
    }
}

thread_local! {
    static SIZES: RefCell<ChartSizes> = RefCell::new(ChartSizes::default());
}

/// The CSS size of the chart canvas `canvas` (whose id is `id`), in CSS pixels: from memory
/// when the observer watches it, else read from the page (and the canvas watched from then on).
pub fn chart_size(canvas: &HtmlCanvasElement, id: &str) -> (f64, f64) {
    SIZES.with(|cell| {
        let Ok(mut sizes) = cell.try_borrow_mut() else {
            return css_size(canvas);
        };
        if canvas.has_attribute(WATCHED) {
            if let Some(size) = sizes.get(id) {
                return size;
            }
        }
        let size = css_size(canvas);
        sizes.set(id, size);
        if !sizes.started {
            sizes.started = true;
            sizes.watch = start();
        }
        if let Some(watch) = &sizes.watch {
            watch.observer.observe(canvas);
            let _ = canvas.set_attribute(WATCHED, "");
        }
        size
    })
}

/// Whether the size of `canvas` (whose id is `id`) is known without reading the page: a
/// chart drawn now would not lay the page out.
pub fn knows(canvas: &HtmlCanvasElement, id: &str) -> bool {
    SIZES.with(|cell| {
        cell.try_borrow()
            .is_ok_and(|sizes| canvas.has_attribute(WATCHED) && sizes.get(id).is_some())
    })
}

/// Forgets every size: the next drawing of each chart reads its canvas's size from the page.
pub fn forget() {
    SIZES.with(|cell| {
        if let Ok(mut sizes) = cell.try_borrow_mut() {
            sizes.known.clear();
        }
    });
}

fn start() -> Option<Watch> {
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(|entries: js_sys::Array| {
        if resized(&entries) {
            crate::redraw_all();
        }
    });
    let observer = ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    Some(Watch {
        observer,
        _callback: callback,
    })
}

/// Records the sizes the observer reports; true when a canvas on the page changed size.
fn resized(entries: &js_sys::Array) -> bool {
    SIZES.with(|cell| {
        let Ok(mut sizes) = cell.try_borrow_mut() else {
            return false;
        };
        let mut changed = false;
        for entry in entries.iter() {
            let Ok(entry) = entry.dyn_into::<ResizeObserverEntry>() else {
                continue;
            };
            let target = entry.target();
            let id = target.id();
            // A canvas taken off the page (its panel rebuilt): another element may have its
            // id now, with a size of its own.
            let current = by_id(&id).is_some_and(|e| e == target);
            if !target.is_connected() || !current {
                if let Some(watch) = &sizes.watch {
                    watch.observer.unobserve(&target);
                }
                continue;
            }
            let rect = entry.content_rect();
            let size = (rect.width(), rect.height());
            let same = sizes
                .get(&id)
                .is_some_and(|old| (old.0 - size.0).abs() < SAME && (old.1 - size.1).abs() < SAME);
            if !same {
                sizes.set(&id, size);
                changed = true;
            }
        }
        changed
    })
}
