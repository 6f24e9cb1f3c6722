//! The KM0 simulations: Quilòmetre Zero's seeded workload of orders and stock
//! ([`workload`]), and what each study chapter of the lab measures on it, one module per
//! chapter, named as the chapter is (`c=hash-keys` is [`hash_keys`]).
//!
//! Architecture invariants:
//! - Built on the engine (`partlab-core`: hashing, strategies, statistics); the engine does
//!   not know these simulations, and nothing here knows about the browser or drawing.
//! - Everything is deterministic: every random choice comes from a seeded [`rng`], every
//!   date and time is an integer ([`calendar`]); the same seed gives the same figures on
//!   every target.
//! - Long work is a task object with a `step` (the page runs it in slices of a few
//!   milliseconds); the simple entry points run it to the end.

pub mod calendar;
pub mod choosing_keys;
pub mod hash_keys;
pub mod hot_keys;
pub mod indexes;
pub mod ranges;
pub mod rebalancing;
pub mod replication;
pub mod routing;
pub mod vans;
pub mod workload;

/// The seeded generator every simulation draws from (the engine's, shared with it).
pub use partlab_core::rng;
