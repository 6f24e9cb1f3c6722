//! Partlab: an interactive lab for data partitioning and consistent hashing.
//!
//! The crate has two layers:
//! - [`core`]: the partitioning engine (hashing, strategies, statistics, sweeps). Pure Rust,
//!   no web dependency, identical results natively and in WebAssembly.
//! - `web` (wasm32 only): the browser lab, which turns page events into core calls and core
//!   results into pixels.
//! - [`lab`]: the view model between them (state, URL fragment, texts, geometry, charts),
//!   native and tested without a browser.

pub mod core;
pub mod lab;

#[cfg(target_arch = "wasm32")]
mod web;
