//! Stable 64-bit ring positions derived from MD5.
//!
//! Every position in Partlab is the first 8 bytes of the MD5 digest of some text, read as a
//! big-endian `u64`. MD5 is used not for security but because it is fixed, documented and the
//! same on every platform and language, so a figure computed here matches one computed by any
//! other program that follows the same rule (`std::hash` offers no such promise).

use md5::{Digest, Md5};

/// Converts an MD5 digest into a ring position: its first 8 bytes, big-endian.
fn position_of(digest: &[u8]) -> u64 {
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// The size of the ring: positions are `u64`s, so the ring has 2^64 of them.
pub const RING_SIZE: f64 = 18_446_744_073_709_551_616.0;

/// The fraction of the ring (0 ≤ f < 1) that lies before `position`, clockwise from 0.
pub fn ring_fraction(position: u64) -> f64 {
    position as f64 / RING_SIZE
}

/// The angle of `position` clockwise from the top of the ring, in degrees (0 ≤ a < 360).
pub fn angle_deg(position: u64) -> f64 {
    ring_fraction(position) * 360.0
}

/// The fraction of the ring covered by the arc that ends at `end` and starts just after
/// `start` (clockwise). A zero-length arc (`start == end`) is the whole ring: one point
/// owns everything.
pub fn arc_fraction(start: u64, end: u64) -> f64 {
    match end.wrapping_sub(start) {
        0 => 1.0,
        len => ring_fraction(len),
    }
}

/// The full MD5 digest of `key`, as 32 lowercase hex digits (the key path shows it).
pub fn md5_hex(key: &str) -> String {
    Md5::digest(key.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Ring position of arbitrary bytes.
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    position_of(&Md5::digest(bytes))
}

/// Ring position of a key: MD5 of its UTF-8 bytes, first 8 bytes big-endian.
///
/// ```
/// assert_eq!(partlab_core::hash::hash_key("P-2026-000001"), 0x659d8a14f47e3b3b);
/// ```
pub fn hash_key(key: &str) -> u64 {
    hash_bytes(key.as_bytes())
}

/// Writes the decimal digits of `n` into `buf`, returning the used tail.
pub(crate) fn decimal(n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[i..]
}

/// Ring position of virtual node `index` of physical node `node`: the hash of `"{node}#{index}"`.
///
/// Hashes the label incrementally, so it allocates nothing.
pub fn vnode_position(node: &str, index: u32) -> u64 {
    let mut digits = [0u8; 20];
    let digest = Md5::new()
        .chain_update(node.as_bytes())
        .chain_update(b"#")
        .chain_update(decimal(u64::from(index), &mut digits))
        .finalize();
    position_of(&digest)
}

/// Rendezvous (highest random weight) score of `node` for `key`: the hash of `"{node}|{key}"`.
pub fn rendezvous_score(node: &str, key: &str) -> u64 {
    let digest = Md5::new()
        .chain_update(node.as_bytes())
        .chain_update(b"|")
        .chain_update(key.as_bytes())
        .finalize();
    position_of(&digest)
}

/// Formats the lesson's order id number `n` (`P-2026-000001` for 1) into `buf`.
///
/// Numbers wider than six digits keep all their digits, as `{n:06}` does.
pub fn lesson_key_into(n: u64, buf: &mut [u8; 32]) -> &str {
    const PREFIX: &[u8] = b"P-2026-";
    let mut digits = [0u8; 20];
    let d = decimal(n, &mut digits);
    let pad = 6usize.saturating_sub(d.len());
    let mut len = 0;
    for &b in PREFIX {
        buf[len] = b;
        len += 1;
    }
    for _ in 0..pad {
        buf[len] = b'0';
        len += 1;
    }
    for &b in d {
        buf[len] = b;
        len += 1;
    }
    // Only ASCII bytes were written above.
    std::str::from_utf8(&buf[..len]).unwrap_or("")
}

/// The lesson's order id for number `n`, e.g. `P-2026-000042`.
pub fn lesson_key(n: u64) -> String {
    let mut buf = [0u8; 32];
    lesson_key_into(n, &mut buf).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc1321_vectors_read_big_endian() {
        // MD5("") = d41d8cd98f00b204e9800998ecf8427e, MD5("abc") = 900150983cd24fb0d6963f7d28e17f72.
        assert_eq!(hash_key(""), 0xd41d8cd98f00b204);
        assert_eq!(hash_key(""), 15284527576400310788);
        assert_eq!(hash_key("abc"), 0x900150983cd24fb0);
        assert_eq!(hash_key("abc"), 10376663631224000432);
        assert_eq!(hash_key("P-2026-000001"), 0x659d8a14f47e3b3b);
    }

    #[test]
    fn incremental_labels_equal_hashing_the_whole_label() {
        for (node, i) in [
            ("inv-bcn", 0u32),
            ("inv-vlc", 149),
            ("", 7),
            ("a#b", 1_000_000),
        ] {
            assert_eq!(vnode_position(node, i), hash_key(&format!("{node}#{i}")));
            assert_eq!(
                rendezvous_score(node, "k|1"),
                hash_key(&format!("{node}|k|1"))
            );
        }
    }

    #[test]
    fn lesson_keys_are_zero_padded_to_six_digits() {
        assert_eq!(lesson_key(1), "P-2026-000001");
        assert_eq!(lesson_key(100_000), "P-2026-100000");
        assert_eq!(lesson_key(1_000_000), "P-2026-1000000");
        assert_eq!(lesson_key(0), "P-2026-000000");
    }
}
