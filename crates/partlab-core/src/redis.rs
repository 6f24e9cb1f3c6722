//! Redis Cluster's own arithmetic: a key's slot (`CRC16(key) mod 16384`, with hash tags) and
//! the contiguous slot ranges `redis-cli --cluster create` gives its masters. The section 8
//! simulations (`partlab-km0`), a pasted `CLUSTER NODES` listing ([`crate::listing`]) and the
//! `partlab slot` command all use these, and the tests check them against a real Redis.

/// Hash slots in Redis Cluster.
pub const REDIS_SLOTS: u32 = 16_384;

/// CRC16-XMODEM (polynomial 0x1021, initial value 0, no reflection): Redis Cluster's key
/// hash.
///
/// ```
/// assert_eq!(partlab_core::redis::crc16_xmodem(b"123456789"), 0x31C3);
/// ```
pub fn crc16_xmodem(data: &[u8]) -> u16 {
    let mut crc: u16 = 0;
    for &b in data {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// The part of `key` Redis Cluster hashes: the bytes between the first `{` and the first `}`
/// after it, when there is at least one byte between them; otherwise the whole key.
pub fn hash_tag(key: &[u8]) -> &[u8] {
    if let Some(open) = key.iter().position(|&b| b == b'{') {
        if let Some(len) = key[open + 1..].iter().position(|&b| b == b'}') {
            if len > 0 {
                return &key[open + 1..open + 1 + len];
            }
        }
    }
    key
}

/// Redis Cluster's slot of `key`: `CRC16(hash_tag(key)) mod 16384`.
pub fn key_slot(key: &[u8]) -> u16 {
    crc16_xmodem(hash_tag(key)) % REDIS_SLOTS as u16
}

/// The slot ranges `redis-cli --cluster create` gives `masters` masters, in their order, as
/// `(first, last)` (inclusive): contiguous, `16384 / masters` slots each rounded as redis-cli
/// rounds them (single-precision floats, `lround`), the last master taking the rest. Three
/// masters get 0–5460, 5461–10922 and 10923–16383. `masters` is clamped to `1..=16384`.
pub fn redis_create_ranges(masters: u32) -> Vec<(u16, u16)> {
    let m = masters.clamp(1, REDIS_SLOTS);
    let per = REDIS_SLOTS as f32 / m as f32;
    let mut cursor = 0.0f32;
    let mut first: i64 = 0;
    let top = i64::from(REDIS_SLOTS) - 1;
    let mut out = Vec::with_capacity(m as usize);
    for i in 0..m {
        // redis-cli: `long last = lround(cursor + slots_per_node - 1)`, in floats.
        let mut last = f64::from(cursor + per - 1.0).round() as i64;
        if last > top || i == m - 1 {
            last = top;
        }
        if last < first {
            last = first;
        }
        out.push((first.min(top) as u16, last as u16));
        first = last + 1;
        cursor += per;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc16_xmodem_check_value() {
        assert_eq!(crc16_xmodem(b"123456789"), 0x31C3);
        assert_eq!(crc16_xmodem(b""), 0);
    }

    #[test]
    fn redis_hash_tags_follow_the_spec() {
        assert_eq!(hash_tag(b"{user1000}.following"), b"user1000");
        assert_eq!(
            key_slot(b"{user1000}.following"),
            key_slot(b"{user1000}.followers")
        );
        assert_eq!(key_slot(b"{user1000}.following"), key_slot(b"user1000"));
        assert_eq!(hash_tag(b"foo{}{bar}"), b"foo{}{bar}");
        assert_eq!(hash_tag(b"foo{{bar}}zap"), b"{bar");
        assert_eq!(hash_tag(b"foo{bar}{zap}"), b"bar");
        assert_eq!(hash_tag(b"nobraces"), b"nobraces");
        // Slots Redis's own documentation prints for CLUSTER KEYSLOT.
        assert_eq!(key_slot(b"somekey"), 11_058);
        assert_eq!(key_slot(b"foo{hash_tag}"), 2_515);
        assert_eq!(hash_tag(b"open{only"), b"open{only");
        assert_eq!(hash_tag(b"}{x}"), b"x");
        // The slot is the CRC modulo 16384.
        assert_eq!(u32::from(key_slot(b"123456789")), 0x31C3 % REDIS_SLOTS);
    }
}
