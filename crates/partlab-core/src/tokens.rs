//! Cassandra's tokens, computed as Cassandra computes them.
//!
//! - [`murmur3_token`]: `Murmur3Partitioner` (the default since Cassandra 1.2). The token is
//!   the first 64 bits of the x64 128-bit MurmurHash3 of the partition key's bytes (seed 0),
//!   read as a signed `i64`; `i64::MIN` is never a token (Cassandra turns it into
//!   `i64::MAX`). Cassandra's MurmurHash has one quirk: the bytes of the tail (the last
//!   `len % 16`) are read as *signed* Java bytes and sign-extended before they are shifted
//!   into place, so keys whose tail holds a byte ≥ 0x80 (any non-ASCII UTF-8) hash apart from
//!   the reference MurmurHash3. The 16-byte blocks are little-endian and unaffected.
//! - [`md5_token`]: `RandomPartitioner`. The token is the MD5 digest read as a signed
//!   big-endian 128-bit integer, made positive (`abs`): `0 ≤ token ≤ 2^127`.
//!
//! A text partition key's bytes are its UTF-8 bytes. The owner of a token is the node whose
//! token is the first one at or after it, wrapping past the largest token to the smallest
//! ([`crate::listing`]).

use md5::{Digest, Md5};

/// The smallest token Murmur3Partitioner gives (`i64::MIN + 1`: `i64::MIN` becomes `i64::MAX`).
pub const MURMUR3_MIN_TOKEN: i64 = i64::MIN + 1;

/// The largest token RandomPartitioner gives: `2^127` (the absolute value of the most
/// negative 128-bit digest).
pub const MD5_MAX_TOKEN: u128 = 1 << 127;

const C1: u64 = 0x87c3_7b91_1142_53d5;
const C2: u64 = 0x4cf5_ad43_2745_937f;

fn fmix(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^= k >> 33;
    k
}

fn mix_k1(k1: u64) -> u64 {
    k1.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2)
}

fn mix_k2(k2: u64) -> u64 {
    k2.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1)
}

/// One half of the state after a block: rotated, plus the other half, `× 5 + c`.
fn mix_h(h: u64, rotation: u32, other: u64, c: u64) -> u64 {
    h.rotate_left(rotation)
        .wrapping_add(other)
        .wrapping_mul(5)
        .wrapping_add(c)
}

/// The x64 128-bit MurmurHash3 of `data` with seed 0, as Cassandra computes it (tail bytes
/// sign-extended; see the module documentation): `(h1, h2)`.
pub fn murmur3_x64_128(data: &[u8]) -> (u64, u64) {
    let (mut h1, mut h2) = (0u64, 0u64);
    let blocks = data.chunks_exact(16);
    let tail = blocks.remainder();
    for block in blocks {
        let mut lo = [0u8; 8];
        let mut hi = [0u8; 8];
        lo.copy_from_slice(&block[..8]);
        hi.copy_from_slice(&block[8..]);
        h1 = mix_h(h1 ^ mix_k1(u64::from_le_bytes(lo)), 27, h2, 0x52dc_e729);
        // h2 mixes in the h1 just updated, as the reference does.
        h2 = mix_h(h2 ^ mix_k2(u64::from_le_bytes(hi)), 31, h1, 0x3849_5ab5);
    }
    // Java's `(long) key.get(i)`: a signed byte, sign-extended to 64 bits.
    let signed = |b: u8| i64::from(b as i8) as u64;
    let (mut k1, mut k2) = (0u64, 0u64);
    for (i, &b) in tail.iter().enumerate().skip(8).rev() {
        k2 ^= signed(b) << ((i - 8) * 8);
    }
    if tail.len() > 8 {
        h2 ^= mix_k2(k2);
    }
    for (i, &b) in tail.iter().enumerate().take(8).rev() {
        k1 ^= signed(b) << (i * 8);
    }
    if !tail.is_empty() {
        h1 ^= mix_k1(k1);
    }
    let len = data.len() as u64;
    h1 ^= len;
    h2 ^= len;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    (h1, h2)
}

/// Murmur3Partitioner's token of a partition key's bytes.
///
/// ```
/// // The reference MurmurHash3 of "hello" starts 0xcbd8a7b341bd9b02 (ASCII: no quirk).
/// assert_eq!(partlab_core::tokens::murmur3_token(b"hello"), 0xcbd8a7b341bd9b02_u64 as i64);
/// ```
pub fn murmur3_token(key: &[u8]) -> i64 {
    let t = murmur3_x64_128(key).0 as i64;
    if t == i64::MIN {
        i64::MAX
    } else {
        t
    }
}

/// RandomPartitioner's token of a partition key's bytes: `|MD5 as a signed 128-bit integer|`.
pub fn md5_token(key: &[u8]) -> u128 {
    let digest = Md5::digest(key);
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest);
    i128::from_be_bytes(bytes).unsigned_abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference MurmurHash3_x64_128 (seed 0) of ASCII strings, which Cassandra's quirk
    /// leaves alone: the values the `mmh3` library and the C++ reference give.
    #[test]
    fn ascii_keys_give_the_reference_murmur3() {
        assert_eq!(murmur3_x64_128(b""), (0, 0));
        assert_eq!(
            murmur3_x64_128(b"hello"),
            (0xcbd8_a7b3_41bd_9b02, 0x5b1e_906a_48ae_1d19)
        );
    }

    /// Tokens the Python driver's `cassandra.murmur3` (a port of Cassandra's Java, the
    /// signed tail included) gives; the multi-byte keys exercise the quirk.
    #[test]
    fn tokens_match_cassandras_murmur3() {
        let cases: [(&str, i64); 8] = [
            ("", 0),
            ("a", -8_839_064_797_231_613_815),
            ("hello", -3_758_069_500_696_749_310),
            ("P-2026-000001", -969_530_705_720_904_371),
            ("0123456789abcdef", 5_467_490_433_528_156_583),
            ("0123456789abcdefg", -8_200_385_122_730_116_642),
            ("café", -5_777_272_221_172_978_824),
            ("日本語のキー", -6_915_128_621_077_656_969),
        ];
        for (key, token) in cases {
            assert_eq!(murmur3_token(key.as_bytes()), token, "{key:?}");
        }
    }

    #[test]
    fn a_tail_byte_past_0x7f_is_sign_extended() {
        // The driver's value for the one byte 0xff; with 0xff zero-extended (the reference
        // MurmurHash3) k1 would be 0xff, not 0xffff_ffff_ffff_ffff.
        assert_eq!(murmur3_x64_128(&[0xff]).0, 0xc25a_0889_4c50_6b7f);
    }

    #[test]
    fn md5_tokens_are_the_absolute_digest() {
        // MD5("") = d41d8cd98f00b204e9800998ecf8427e: negative as a signed number.
        let d = 0xd41d_8cd9_8f00_b204_e980_0998_ecf8_427e_u128;
        assert_eq!(md5_token(b""), (d as i128).unsigned_abs());
        // MD5("a") = 0cc175b9c0f1b6a831c399e269772661: positive, unchanged.
        assert_eq!(md5_token(b"a"), 0x0cc1_75b9_c0f1_b6a8_31c3_99e2_6977_2661);
        assert!(md5_token(b"P-2026-000001") <= MD5_MAX_TOKEN);
    }
}
