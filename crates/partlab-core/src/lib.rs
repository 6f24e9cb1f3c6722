//! The partitioning core: hashing, key sets, strategies, statistics and sweeps.
//!
//! Architecture invariant: nothing here knows about the browser. The core compiles natively
//! and to wasm32 with the same results, and the web layer only calls into it.

pub mod budget;
pub mod config;
pub mod hash;
pub mod keys;
pub mod lesson;
pub mod stats;
pub mod strategy;
pub mod sweep;

pub use config::{Config, ConfigError, Node, Strategy};
pub use keys::KeySet;
pub use stats::{Distribution, Movement};
pub use strategy::{assign, Assignment, Partitioner, Ring};
