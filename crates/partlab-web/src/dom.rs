//! Small DOM helpers: building elements, finding them, setting text. User text only ever goes
//! through `textContent` and `value`, never through `innerHTML`.

use wasm_bindgen::{intern, JsCast, JsValue};
use web_sys::{
    CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement, Window,
};

thread_local! {
    /// The window and its document, looked up once: a module lives in one document, and each
    /// lookup is a call into JavaScript (the page makes hundreds in an update).
    static WINDOW: Option<Window> = web_sys::window();
    static DOCUMENT: Option<Document> = WINDOW.with(|w| w.as_ref().and_then(Window::document));
}

/// The browser window.
pub fn window() -> Result<Window, JsValue> {
    WINDOW
        .with(Clone::clone)
        .ok_or_else(|| JsValue::from_str("no window"))
}

/// The document.
pub fn document() -> Result<Document, JsValue> {
    DOCUMENT
        .with(Clone::clone)
        .ok_or_else(|| JsValue::from_str("no document"))
}

/// The element with id `id`, if any.
///
/// The id is interned: an update looks up a few hundred elements by id, always from the same
/// small set (the page's ids, and per-row ids like `node-name-3`), and an interned string
/// crosses into JavaScript as a cached string instead of being decoded from UTF-8 each time
/// (that decoding was about a tenth of a node join's update in a CPU profile).
pub fn by_id(id: &str) -> Option<Element> {
    DOCUMENT.with(|d| d.as_ref()?.get_element_by_id(intern(id)))
}

/// The element with id `id`, as type `T`, if it exists and has that type.
pub fn by_id_as<T: JsCast>(id: &str) -> Option<T> {
    by_id(id)?.dyn_into::<T>().ok()
}

/// Sets the text of element `id` (if it exists and the text differs).
pub fn set_text_id(id: &str, text: &str) {
    if let Some(e) = by_id(id) {
        set_text(&e, text);
    }
}

/// Sets an element's text if it differs (avoids needless DOM mutations).
pub fn set_text(e: &Element, text: &str) {
    if e.text_content().as_deref() != Some(text) {
        e.set_text_content(Some(text));
    }
}

/// Sets an attribute (names are constants of this crate, so this cannot fail in practice).
pub fn set_attr(e: &Element, name: &str, value: &str) {
    let name = intern(name);
    if e.get_attribute(name).as_deref() != Some(value) {
        let _ = e.set_attribute(name, value);
    }
}

/// Removes every child of `e`.
pub fn clear(e: &Element) {
    while let Some(c) = e.first_child() {
        let _ = e.remove_child(&c);
    }
}

/// Sets an input's value if it differs.
pub fn set_input_value(id: &str, value: &str) {
    if let Some(i) = by_id_as::<HtmlInputElement>(id) {
        if i.value() != value {
            i.set_value(value);
        }
    }
}

/// Sets a select's value if it differs.
pub fn set_select_value(id: &str, value: &str) {
    if let Some(s) = by_id_as::<HtmlSelectElement>(id) {
        if s.value() != value {
            s.set_value(value);
        }
    }
}

/// Sets a CSS property through the CSSOM (allowed under a strict CSP, unlike `style=`).
pub fn set_style(e: &Element, prop: &str, value: &str) {
    if let Some(h) = e.dyn_ref::<HtmlElement>() {
        let _ = h.style().set_property(intern(prop), value);
    }
}

/// `canvas`'s 2D context.
pub fn context_2d(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d, JsValue> {
    canvas
        .get_context(intern("2d"))?
        .ok_or_else(|| JsValue::from_str("no 2d context"))?
        .dyn_into::<CanvasRenderingContext2d>()
        .map_err(JsValue::from)
}

/// The CSS size of `canvas`, in CSS pixels (0 × 0 when it is not displayed).
pub fn css_size(canvas: &HtmlCanvasElement) -> (f64, f64) {
    let rect = canvas.get_bounding_client_rect();
    (rect.width(), rect.height())
}

/// The backing store, in device pixels, of a CSS box of `size` at `dpr` (at least 1 × 1).
pub fn backing_size(size: (f64, f64), dpr: f64) -> (u32, u32) {
    let (w, h) = (size.0.max(1.0), size.1.max(1.0));
    ((w * dpr).round() as u32, (h * dpr).round() as u32)
}

/// Sizes `canvas`'s backing store to a CSS box of `size` times `dpr` (sharp on high-density
/// screens). Setting a size clears a canvas even when it does not change: only on a change,
/// so a canvas of the same size keeps its pixels.
pub fn size_canvas_to(canvas: &HtmlCanvasElement, size: (f64, f64), dpr: f64) {
    let (pw, ph) = backing_size(size, dpr);
    if canvas.width() != pw {
        canvas.set_width(pw);
    }
    if canvas.height() != ph {
        canvas.set_height(ph);
    }
}

/// Whether `e` already shows what `sig` (a fingerprint of its content) stands for; if not,
/// records `sig` on it (`data-sig`) and returns false, and the caller redraws it. Rebuilding a
/// table or a list that did not change costs the browser a style and layout pass for nothing.
pub fn same_content(e: &Element, sig: u64) -> bool {
    let sig = format!("{sig:x}");
    if e.get_attribute(intern("data-sig")).as_deref() == Some(sig.as_str()) {
        return true;
    }
    let _ = e.set_attribute(intern("data-sig"), &sig);
    false
}

/// A 64-bit FNV-1a hasher: small code for the page's fingerprints (not for anything stored
/// or compared across pages, and never for ring positions, which are MD5).
#[derive(Clone, Copy, Debug)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// A fingerprint of `value` for [`same_content`] and the charts' caches.
pub fn fingerprint(value: &impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut h = Fnv::default();
    value.hash(&mut h);
    h.finish()
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `document.createElement(tag)` without the exception check: for the builder's tag
    /// names, which are constants and valid, it cannot throw. (The checked binding wrapped
    /// every element of every panel in error paths: kilobytes of the first part.)
    #[wasm_bindgen(js_namespace = document, js_name = createElement)]
    fn create_element_unchecked(tag: &str) -> Element;

    /// A node, for [`append_unchecked`].
    type PlainNode;

    /// `appendChild` without the exception check: it throws only when the child is an
    /// ancestor of the parent (or not an element), which a builder appending the elements it
    /// has just made cannot meet.
    #[wasm_bindgen(method, js_name = appendChild)]
    fn append_unchecked(this: &PlainNode, child: &Element);
}

/// Appends `child` (an element made for it) to `parent`, without the exception check.
pub fn append(parent: &Element, child: &Element) {
    parent.unchecked_ref::<PlainNode>().append_unchecked(child);
}

/// An element under construction. Building cannot fail: tag names are constants
/// (`&'static str`) and each child is an element made for it.
pub struct H(Element);

impl H {
    /// A new `tag` element.
    pub fn new(tag: &'static str) -> H {
        H(create_element_unchecked(intern(tag)))
    }

    /// Sets the id.
    pub fn id(self, id: &str) -> H {
        self.0.set_id(intern(id));
        self
    }

    /// Sets the class attribute.
    pub fn class(self, c: &str) -> H {
        self.0.set_class_name(intern(c));
        self
    }

    /// Sets an attribute.
    pub fn attr(self, name: &str, value: &str) -> H {
        let _ = self.0.set_attribute(intern(name), value);
        self
    }

    /// Sets the text content.
    pub fn text(self, t: &str) -> H {
        self.0.set_text_content(Some(t));
        self
    }

    /// Appends a child (made for it: see [`H`]).
    pub fn child(self, c: impl Into<Element>) -> H {
        self.append(c);
        self
    }

    /// Appends a child in place (made for it: see [`H`]), for a list built in a loop.
    pub fn append(&self, c: impl Into<Element>) {
        append(&self.0, &c.into());
    }

    /// The element.
    pub fn el(self) -> Element {
        self.0
    }
}

impl From<H> for Element {
    fn from(h: H) -> Element {
        h.0
    }
}

/// A language menu (the header's and the share dialog's): one option per language, each
/// named in itself and marked with its own `lang`, so a screen reader says it right.
pub fn lang_select(id: &str) -> H {
    let mut select = H::new("select").id(id);
    for lang in partlab_lab::state::Lang::ALL {
        select = select.child(
            H::new("option")
                .attr("value", lang.code())
                .attr("lang", lang.code())
                .text(lang.endonym()),
        );
    }
    select
}

/// Saves `url` (a `data:` URL) as the file `name`: a download, nothing leaves the browser.
pub fn download(name: &str, url: &str) -> Result<(), JsValue> {
    let a = H::new("a").attr("href", url).attr("download", name).el();
    let body = document()?
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?;
    append(&body, &a);
    if let Some(h) = a.dyn_ref::<web_sys::HtmlElement>() {
        h.click();
    }
    body.remove_child(&a)?;
    Ok(())
}

/// Saves `csv` as the file `name` (UTF-8 CSV).
pub fn download_csv(name: &str, csv: &str) -> Result<(), JsValue> {
    let url = format!(
        "data:text/csv;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(csv))
    );
    download(name, &url)
}

/// Saves the canvas `id` as the PNG file `name`.
pub fn download_canvas(name: &str, id: &str) -> Result<(), JsValue> {
    let canvas = by_id_as::<HtmlCanvasElement>(id).ok_or_else(|| JsValue::from_str("no canvas"))?;
    download(name, &canvas.to_data_url()?)
}

/// Moves the keyboard focus to the chapter's heading (`#chapter-h`, after a chapter change
/// or once a chapter that waited for its module is drawn), so a screen reader announces where
/// the user landed.
pub fn focus_chapter() {
    if let Some(h) = by_id_as::<web_sys::HtmlElement>("chapter-h") {
        set_attr(&h, "tabindex", "-1");
        let _ = h.focus();
    }
}
