//! Browser smoke test, run in headless Chromium by wasm-bindgen-test-runner:
//! `cargo test --target wasm32-unknown-unknown --no-default-features --test web`.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen]
extern "C" {
    type Document;
    type Element;

    #[wasm_bindgen(thread_local_v2, js_name = document)]
    static DOCUMENT: JsValue;

    #[wasm_bindgen(method, getter)]
    fn body(this: &Document) -> Option<Element>;

    #[wasm_bindgen(method, getter = tagName)]
    fn tag_name(this: &Element) -> String;
}

#[wasm_bindgen_test]
fn document_exists() {
    let document = DOCUMENT.with(|d| d.clone());
    assert!(
        document.is_object(),
        "`document` should be an object in a browser"
    );
    let body = document.unchecked_into::<Document>().body();
    assert_eq!(body.map(|b| b.tag_name()).as_deref(), Some("BODY"));
}
