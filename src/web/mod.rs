//! The browser lab (wasm32 only). Placeholder until the page exists.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    type Document;
    type Element;

    #[wasm_bindgen(thread_local_v2, js_name = document)]
    static DOCUMENT: Document;

    #[wasm_bindgen(method, js_name = getElementById)]
    fn get_element_by_id(this: &Document, id: &str) -> Option<Element>;

    #[wasm_bindgen(method, setter = textContent)]
    fn set_text_content(this: &Element, text: &str);
}

/// Entry point called by the wasm-bindgen glue once the module is instantiated.
///
/// For now it only proves that the build pipeline works: it replaces the page's static
/// "needs JavaScript" text with a message written from Rust.
#[wasm_bindgen(start)]
pub fn start() {
    if let Some(app) = DOCUMENT.with(|doc| doc.get_element_by_id("app")) {
        app.set_text_content("Partlab loading…");
    }
}
