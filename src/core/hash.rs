//! Stable 64-bit positions from MD5.
