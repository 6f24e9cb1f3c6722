//! The partitioning engine: hashing, key sets, strategies, statistics and sweeps. The KM0
//! simulations that the study chapters measure (the workload, ranges, indexes, rebalancing,
//! routing…) build on it in `partlab-km0`.
//!
//! Architecture invariant: nothing here knows about the browser or about drawing. The core
//! compiles natively and to wasm32 with the same results, and the other crates only call it.
//!
//! A configuration ([`Config`]) is plain data; [`Config::validate`] checks it and every
//! entry point that computes ([`Partitioner::new`], [`assign`]) validates first, so a
//! [`Partitioner`] that exists is valid. Errors ([`ConfigError`]) carry the values and limits
//! involved; wording them for people is the caller's job.
//!
//! # Example: the lesson's ring with 150 virtual nodes
//!
//! ```
//! use partlab_core::{assign, lesson, Config, Distribution, KeySet, Strategy};
//!
//! let keys = KeySet::lesson(lesson::KEY_COUNT)?; // P-2026-000001 … P-2026-100000
//! let ring = Config::new(Strategy::Ring, lesson::NODES).with_vnodes(150);
//! let d = Distribution::of(&ring, &assign(&keys, &ring)?);
//! assert_eq!(d.keys_of("inv-bcn"), Some(24_275));
//! assert_eq!(format!("{:.1}", d.deviation_pct), "6.3"); // population std-dev / mean
//! # Ok::<(), partlab_core::ConfigError>(())
//! ```

pub mod budget;
pub mod compare;
pub mod config;
pub mod hash;
pub mod keys;
pub mod lesson;
pub mod listing;
pub mod order;
pub mod params;
pub mod redis;
pub mod ring;
pub mod ring_change;
pub mod rng;
pub mod stats;
pub mod strategy;
pub mod sweep;
pub mod tokens;
pub mod zoo;

pub use config::{Config, ConfigError, Node, Strategy};
pub use keys::KeySet;
pub use stats::{Distribution, Movement};
pub use strategy::{assign, Assignment, Partitioner, Ring};
