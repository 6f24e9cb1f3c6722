//! The lab's view model: everything the page shows, computed without a browser.
//!
//! Architecture invariant: this layer imports no web crate either. It turns UI messages into
//! core calls and core results into what the page displays (texts, geometry, charts drawn on
//! any plotters backend), so all of it is tested natively. The browser app (the root package) only binds it to the DOM.

pub mod base;
pub mod chapters;
pub mod charts;
pub mod contract;
pub mod export;
pub mod geometry;
pub mod i18n;
pub mod model;
pub mod palette;
pub mod paths;
pub mod quiz;
pub mod readout;
pub mod share;
pub mod state;
pub mod study;
pub mod tables;
pub mod weighted;
pub mod why;
