//! One sample of each format, to paste "one click away". The Redis ones are what redis-cli
//! 7.0 printed for a cluster of three masters with one replica each (made with
//! `redis-cli --cluster create … --cluster-replicas 1`, ports renamed to 7000–7005); the
//! Cassandra ones follow nodetool's layout (three nodes with four Murmur3 tokens each and a
//! replication factor of 2; four RandomPartitioner nodes on evenly spaced tokens with a
//! replication factor of 3); the ketama one is libketama's file layout.

use super::{Format, Partitioner};

/// `redis-cli cluster nodes`.
pub const REDIS_NODES: &str = include_str!("sample-text/redis-cluster-nodes.txt");
/// `redis-cli cluster shards` (formatted, as on a terminal).
pub const REDIS_SHARDS: &str = include_str!("sample-text/redis-cluster-shards.txt");
/// `redis-cli cluster slots` (formatted, as on a terminal).
pub const REDIS_SLOTS: &str = include_str!("sample-text/redis-cluster-slots.txt");
/// `nodetool ring` with Murmur3Partitioner tokens.
pub const NODETOOL_RING_MURMUR3: &str = include_str!("sample-text/nodetool-ring-murmur3.txt");
/// `nodetool ring` with RandomPartitioner tokens.
pub const NODETOOL_RING_RANDOM: &str = include_str!("sample-text/nodetool-ring-random.txt");
/// `nodetool describering` with Murmur3Partitioner tokens.
pub const NODETOOL_DESCRIBERING_MURMUR3: &str =
    include_str!("sample-text/nodetool-describering-murmur3.txt");
/// `nodetool describering` with RandomPartitioner tokens.
pub const NODETOOL_DESCRIBERING_RANDOM: &str =
    include_str!("sample-text/nodetool-describering-random.txt");
/// A ketama server list.
pub const KETAMA: &str = include_str!("sample-text/ketama.txt");

/// The sample of `format`.
pub fn sample(format: Format) -> &'static str {
    match format {
        Format::RedisNodes => REDIS_NODES,
        Format::RedisShards => REDIS_SHARDS,
        Format::RedisSlots => REDIS_SLOTS,
        Format::NodetoolRing(Partitioner::Murmur3) => NODETOOL_RING_MURMUR3,
        Format::NodetoolRing(Partitioner::Random) => NODETOOL_RING_RANDOM,
        Format::NodetoolDescribering(Partitioner::Murmur3) => NODETOOL_DESCRIBERING_MURMUR3,
        Format::NodetoolDescribering(Partitioner::Random) => NODETOOL_DESCRIBERING_RANDOM,
        Format::Ketama => KETAMA,
    }
}
