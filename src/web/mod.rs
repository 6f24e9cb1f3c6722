//! The browser lab (wasm32 only). Placeholder until the page exists.

use wasm_bindgen::prelude::*;

/// Entry point called by the wasm-bindgen glue once the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {}
