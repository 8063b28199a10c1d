//! Ternary encodings of a trit array: packed base-3 bytes (5 trits a byte) and the base-3 integer
//! (docs/conventions.md §4).

use std::fmt;
use std::str::FromStr;

use crate::bigint;

/// Which trit of a group of five is the least significant digit of the byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DigitOrder {
    /// First trit least significant: `t0 + 3*t1 + 9*t2 + 27*t3 + 81*t4` (the default, the seed's).
    #[default]
    Lsd,
    /// First trit most significant: `81*t0 + 27*t1 + 9*t2 + 3*t3 + t4`.
    Msd,
}

impl FromStr for DigitOrder {
    type Err = crate::NameError;
    fn from_str(s: &str) -> Result<DigitOrder, crate::NameError> {
        match s.to_ascii_lowercase().as_str() {
            "lsd" => Ok(DigitOrder::Lsd),
            "msd" => Ok(DigitOrder::Msd),
            _ => Err(crate::NameError::unknown("digit order", s, "lsd or msd")),
        }
    }
}

/// How trits are packed into bytes: digit order and the digit each trit value is stored as.
///
/// ```
/// use bbconv_board::ternary::{PackLayout, pack, unpack};
/// let trits = [1, 0, 2, 0, 0, 0];
/// let bytes = pack(&trits, PackLayout::default());
/// assert_eq!(bytes, vec![0x13, 0x00]); // 1 + 2*9 = 19
/// assert_eq!(unpack(&bytes, 6, PackLayout::default()).unwrap(), trits);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackLayout {
    /// Digit order within a byte.
    pub digits: DigitOrder,
    /// `map[t]` is the digit stored for trit `t` (0 empty, 1 first, 2 second); a permutation of 0, 1, 2.
    pub map: [u8; 3],
}

impl Default for PackLayout {
    fn default() -> PackLayout {
        PackLayout {
            digits: DigitOrder::Lsd,
            map: [0, 1, 2],
        }
    }
}

impl PackLayout {
    /// Whether this is the default layout (first trit least significant, identity map).
    pub fn is_default(&self) -> bool {
        *self == PackLayout::default()
    }

    /// Reads a digit map such as `012` (the default) or `201` (Edax: empty 2, to-move 0, opponent 1):
    /// the digits stored for empty, first and second.
    pub fn parse_map(s: &str) -> Result<[u8; 3], String> {
        let b = s.as_bytes();
        let err = || {
            format!(
                "invalid digit map '{s}': expected three digits, the ones stored for empty, first and second, a permutation of 0 1 2 (for example 201)"
            )
        };
        if b.len() != 3 {
            return Err(err());
        }
        let mut map = [0u8; 3];
        let mut seen = [false; 3];
        for (k, &c) in b.iter().enumerate() {
            let d = c.wrapping_sub(b'0');
            if d > 2 || seen[d as usize] {
                return Err(err());
            }
            seen[d as usize] = true;
            map[k] = d;
        }
        Ok(map)
    }

    fn inverse_map(&self) -> [u8; 3] {
        let mut inv = [0u8; 3];
        for (t, &d) in self.map.iter().enumerate() {
            inv[d as usize] = t as u8;
        }
        inv
    }
}

/// Why packed bytes could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PackedError {
    /// A byte is 243 or more: five trits never make it.
    ByteTooLarge {
        /// Position of the byte (0-based).
        byte: usize,
        /// Its value.
        value: u8,
    },
    /// The number of bytes is not `ceil(N/5)`.
    Length {
        /// Bytes found.
        found: usize,
        /// Bytes expected.
        expected: usize,
    },
    /// The last byte holds a non-zero digit for a square past the last one.
    DigitPastEnd {
        /// Position of the byte (0-based).
        byte: usize,
        /// The (nonexistent) square index of that digit.
        square: usize,
        /// The number of squares.
        squares: usize,
    },
}

impl PackedError {
    /// The position (0-based) of the byte at fault, when one byte is: `None` for a wrong length.
    pub fn byte(&self) -> Option<usize> {
        match self {
            PackedError::ByteTooLarge { byte, .. } | PackedError::DigitPastEnd { byte, .. } => {
                Some(*byte)
            }
            PackedError::Length { .. } => None,
        }
    }
}

impl fmt::Display for PackedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackedError::ByteTooLarge { byte, value } => write!(
                f,
                "packed byte {byte} is {value} (0x{value:02x}): expected at most 242, five trits never exceed 3^5-1"
            ),
            PackedError::Length { found, expected } => write!(
                f,
                "found {found} packed bytes, expected {expected} (ceil(squares/5))"
            ),
            PackedError::DigitPastEnd { byte, square, squares } => write!(
                f,
                "packed byte {byte} has a non-zero digit for square {square}, past the last square {}",
                squares - 1
            ),
        }
    }
}

impl std::error::Error for PackedError {}

/// The most packed bytes a board has (4096 squares).
pub const MAX_PACKED_LEN: usize = 820;

/// Bytes of `n` packed squares: `ceil(n/5)`.
pub const fn packed_len(n: usize) -> usize {
    n.div_ceil(5)
}

/// Packs trits (values 0..=2) five to a byte.
pub fn pack(trits: &[u8], layout: PackLayout) -> Vec<u8> {
    let mut out = Vec::with_capacity(packed_len(trits.len()));
    pack_into(trits, layout, &mut out);
    out
}

/// Packs trits, appending the bytes to `out`.
pub fn pack_into(trits: &[u8], layout: PackLayout, out: &mut Vec<u8>) {
    for group in trits.chunks(5) {
        let mut d = [0u8; 5];
        for (k, &t) in group.iter().enumerate() {
            d[k] = layout.map[t as usize % 3];
        }
        // Missing trits of the last group are empty squares: stored as digit 0 whatever the map,
        // so the byte is the same whatever the board size rounds to.
        for x in d.iter_mut().skip(group.len()) {
            *x = 0;
        }
        let v = match layout.digits {
            DigitOrder::Lsd => d[0] + 3 * d[1] + 9 * d[2] + 27 * d[3] + 81 * d[4],
            DigitOrder::Msd => 81 * d[0] + 27 * d[1] + 9 * d[2] + 3 * d[3] + d[4],
        };
        out.push(v);
    }
}

/// Base-3 value of the five low bits of a mask: `T5[m] = sum of 3^j for bit j of m`.
const T5: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut m = 0;
    while m < 32 {
        let mut v = 0u8;
        let mut p = 1u8;
        let mut j = 0;
        while j < 5 {
            if m >> j & 1 == 1 {
                v += p;
            }
            if j < 4 {
                p *= 3;
            }
            j += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

/// Fast packing of two disjoint LERF words of a board of `n <= 64` squares in the default layout,
/// appending `ceil(n/5)` bytes to `out`.
///
/// ```
/// let mut out = Vec::new();
/// bbconv_board::ternary::pack_u64_pair(0xffff, 0xffff_0000_0000_0000, 64, &mut out);
/// assert_eq!(out, [0x79, 0x79, 0x79, 0x01, 0, 0, 0, 0, 0, 0xd8, 0xf2, 0xf2, 0x50]);
/// ```
#[inline]
pub fn pack_u64_pair(first: u64, second: u64, n: usize, out: &mut Vec<u8>) {
    if n == 64 {
        out.extend_from_slice(&pack_chess(first, second));
        return;
    }
    let mut k = 0;
    while k < n {
        let a = T5[(first >> k) as usize & 31];
        let b = T5[(second >> k) as usize & 31];
        out.push(a + 2 * b);
        k += 5;
    }
}

/// The 13 packed bytes of an 8x8 pair in the default layout.
///
/// ```
/// assert_eq!(bbconv_board::ternary::pack_chess(0b0001, 0b0100)[0], 0x13);
/// ```
#[inline]
pub fn pack_chess(first: u64, second: u64) -> [u8; 13] {
    chess_groups(first, second).map(|i| T10[i as usize])
}

/// The 13 five-square groups of an 8x8 pair as indices `f | s << 5` into [`T10`], where `f` and
/// `s` are the group's five bits of the first and the second word.
///
/// The two words are merged into two words that hold every index in ten consecutive bits: even
/// groups of `first` with the same groups of `second` moved up by five (into the place of the
/// odd groups, masked out), and odd groups alike. Group 12 has four squares only.
#[inline]
pub fn chess_groups(first: u64, second: u64) -> [u16; 13] {
    const EVEN: u64 = 0x007c_1f07_c1f0_7c1f; // bits of groups 0, 2, ..., 10
    const ODD: u64 = EVEN << 5; // bits of groups 1, 3, ..., 11
    let even = (first & EVEN) | (second & EVEN) << 5;
    let odd = (first & ODD) >> 5 | (second & ODD);
    let mut g = [0u16; 13];
    for (k, slot) in g.iter_mut().enumerate().take(12) {
        let w = if k % 2 == 0 { even } else { odd };
        *slot = ((w >> (5 * (k & !1))) & 1023) as u16;
    }
    g[12] = ((first >> 60) | (second >> 60) << 5) as u16;
    g
}

/// `T10[f | s << 5]`: the packed byte of five squares from their first and second bits.
pub const T10: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut i = 0;
    while i < 1024 {
        t[i] = T5[i & 31].wrapping_add(T5[i >> 5].wrapping_mul(2));
        i += 1;
    }
    t
};

/// `UNPACK[b] = f | s << 5`: the first and second bits of the five squares of packed byte `b`
/// (the inverse of [`T10`] on `0..243`).
pub const UNPACK: [u16; 243] = {
    let mut t = [0u16; 243];
    let mut i = 0;
    while i < 1024 {
        // Only indices with disjoint f and s are packed bytes.
        if i & 31 & (i >> 5) == 0 {
            t[T10[i] as usize] = i as u16;
        }
        i += 1;
    }
    t
};

/// Bits `at..at + 5` of a little-endian word array (zeros past its end).
#[inline]
fn five_bits(words: &[u64], at: usize) -> u64 {
    let (w, b) = (at / 64, at % 64);
    let lo = words.get(w).map_or(0, |x| x >> b);
    let hi = if b > 59 {
        words.get(w + 1).map_or(0, |x| x << (64 - b))
    } else {
        0
    };
    (lo | hi) & 31
}

/// Packs `n` squares given as two disjoint LERF word arrays (default layout), appending
/// `ceil(n/5)` bytes to `out`: the fast path for boards of any size.
///
/// ```
/// let mut out = Vec::new();
/// bbconv_board::ternary::pack_words(&[0xffff], &[0xffff_0000_0000_0000], 64, &mut out);
/// assert_eq!(out, [0x79, 0x79, 0x79, 0x01, 0, 0, 0, 0, 0, 0xd8, 0xf2, 0xf2, 0x50]);
/// ```
pub fn pack_words(first: &[u64], second: &[u64], n: usize, out: &mut Vec<u8>) {
    out.extend(
        (0..n)
            .step_by(5)
            .map(|k| T10[(five_bits(first, k) | five_bits(second, k) << 5) as usize]),
    );
}

/// Unpacks `n` squares of packed bytes (default layout) into two LERF word arrays of
/// `ceil(n/64)` words each, which must be zero on entry (the bits are ORed in: clearing them
/// here cost two `memset` calls a record, about 20 instructions, on 19x19 `-f packed`);
/// `false` when a byte is 243 or more, a digit past square `n` is not 0, or the byte count is
/// not `ceil(n/5)` (the general [`unpack`] then says which).
///
/// ```
/// let (mut f, mut s) = ([0u64; 1], [0u64; 1]);
/// let bytes = [0x79, 0x79, 0x79, 0x01, 0, 0, 0, 0, 0, 0xd8, 0xf2, 0xf2, 0x50];
/// assert!(bbconv_board::ternary::unpack_words(&bytes, 64, &mut f, &mut s));
/// assert_eq!((f[0], s[0]), (0xffff, 0xffff_0000_0000_0000));
/// ```
pub fn unpack_words(bytes: &[u8], n: usize, first: &mut [u64], second: &mut [u64]) -> bool {
    let words = n.div_ceil(64);
    if bytes.len() != packed_len(n) || first.len() < words || second.len() < words {
        return false;
    }
    let (first, second) = (&mut first[..words], &mut second[..words]);
    debug_assert!(first.iter().chain(second.iter()).all(|&w| w == 0));
    // Twelve bytes (60 squares) at a time, as in `unpack_chess`, placed at square 60j.
    let (mut seen, mut spill) = (0u16, 0u64);
    let blocks = bytes.chunks_exact(12);
    let rest = blocks.remainder();
    let mut pad = [0u8; 12];
    pad[..rest.len()].copy_from_slice(rest);
    let last = (!rest.is_empty()).then_some(&pad[..]);
    for (j, block) in blocks.chain(last).enumerate() {
        let (f, s, sn) = unpack60(block.try_into().unwrap_or(&[0xff; 12]));
        seen |= sn;
        let (w, b) = ((60 * j) / 64, (60 * j) % 64);
        first[w] |= f << b;
        second[w] |= s << b;
        if b > 4 {
            let (hf, hs) = (f >> (64 - b), s >> (64 - b));
            match (first.get_mut(w + 1), second.get_mut(w + 1)) {
                (Some(x), Some(y)) => {
                    *x |= hf;
                    *y |= hs;
                }
                _ => spill |= hf | hs,
            }
        }
    }
    // Digits past square n must be 0 (bits past the last word were gathered in `spill`).
    let tail = match n % 64 {
        0 => 0,
        r => (first[words - 1] | second[words - 1]) >> r,
    };
    seen >> 15 == 0 && spill == 0 && tail == 0
}

/// The first and second bits of the 60 squares of twelve packed bytes, and the OR of their
/// [`UNPACK_CHECKED`] entries (bit 15: a byte of 243 or more).
#[inline(always)]
fn unpack60(bytes: &[u8; 12]) -> (u64, u64, u16) {
    const EVEN: u64 = 0x007c_1f07_c1f0_7c1f;
    const ODD: u64 = EVEN << 5;
    let (mut even, mut odd, mut seen) = (0u64, 0u64, 0u16);
    for j in 0..6 {
        let (e, o) = (
            UNPACK_CHECKED[bytes[2 * j] as usize],
            UNPACK_CHECKED[bytes[2 * j + 1] as usize],
        );
        seen |= e | o;
        even |= u64::from(e & 1023) << (10 * j);
        odd |= u64::from(o & 1023) << (10 * j);
    }
    (
        (even & EVEN) | (odd << 5 & ODD),
        (even >> 5 & EVEN) | (odd & ODD),
        seen,
    )
}

/// [`unpack_words`] for a board of at most 64 squares: the two LERF words, or `None`.
///
/// ```
/// let bytes = [0x79, 0x79, 0x79, 0x01, 0, 0, 0, 0, 0, 0xd8, 0xf2, 0xf2, 0x50];
/// assert_eq!(bbconv_board::ternary::unpack_u64(&bytes, 64), Some((0xffff, 0xffff_0000_0000_0000)));
/// assert_eq!(bbconv_board::ternary::unpack_u64(&[243], 5), None);
/// ```
#[inline]
pub fn unpack_u64(bytes: &[u8], n: usize) -> Option<(u64, u64)> {
    if n > 64 || bytes.len() != packed_len(n) {
        return None;
    }
    let (mut f, mut s) = (0u64, 0u64);
    for (k, &b) in bytes.iter().enumerate() {
        let i = *UNPACK.get(b as usize)? as u64;
        f |= (i & 31) << (5 * k);
        s |= (i >> 5) << (5 * k);
    }
    // The last group's digits past square n must be 0 (bits past 64 were shifted out above).
    let last = 5 * (bytes.len() - 1);
    let i = *UNPACK.get(*bytes.last()? as usize)? as u64;
    if ((i & 31) | (i >> 5)) >> (n - last) != 0 {
        return None;
    }
    Some((f, s))
}

/// Reads `n` digits (bytes `zero`, `zero + 1`, `zero + 2`: empty, first, second) into two LERF
/// word arrays of `ceil(n/64)` words, eight bytes at a time; `false` when `digits` is not `n`
/// long or holds another byte (the general reading then says where).
///
/// ```
/// let (mut f, mut s) = ([0u64; 1], [0u64; 1]);
/// assert!(bbconv_board::ternary::digits_to_words(b"201010120", b'0', 9, &mut f, &mut s));
/// assert_eq!((f[0], s[0]), (84, 129));
/// ```
pub fn digits_to_words(
    digits: &[u8],
    zero: u8,
    n: usize,
    first: &mut [u64],
    second: &mut [u64],
) -> bool {
    digits_to_words_by(digits, zero, n, first, second, |b| {
        digits64_to_words(b, zero)
    })
}

/// [`digits_to_words`] with `block` reading each 64-digit block (the last one padded with
/// `zero`) into its two words, for callers with a faster block reader of their own.
#[inline]
pub fn digits_to_words_by(
    digits: &[u8],
    zero: u8,
    n: usize,
    first: &mut [u64],
    second: &mut [u64],
    block: impl Fn(&[u8; 64]) -> Option<(u64, u64)>,
) -> bool {
    let words = n.div_ceil(64);
    if digits.len() != n || first.len() < words || second.len() < words {
        return false;
    }
    // A word a 64-digit block; the last block padded with empty squares.
    let blocks = digits.chunks_exact(64);
    let rest = blocks.remainder();
    for ((f, s), b) in first.iter_mut().zip(second.iter_mut()).zip(blocks) {
        let Some(pair) = b.try_into().ok().and_then(&block) else {
            return false;
        };
        (*f, *s) = pair;
    }
    if !rest.is_empty() {
        let mut pad = [zero; 64];
        pad[..rest.len()].copy_from_slice(rest);
        let Some(pair) = block(&pad) else {
            return false;
        };
        (first[n / 64], second[n / 64]) = pair;
    }
    true
}

/// `SPREAD[b]`: bit i of `b` moved to bit 0 of byte i.
pub const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    t
};

/// Writes the digits of `n` squares (bytes `zero`, `zero + 1`, `zero + 2`) from two LERF word
/// arrays, eight squares at a time.
///
/// ```
/// let mut out = Vec::new();
/// bbconv_board::ternary::words_to_digits(&[84], &[129], 9, b'0', &mut out);
/// assert_eq!(out, b"201010120");
/// ```
pub fn words_to_digits(first: &[u64], second: &[u64], n: usize, zero: u8, out: &mut Vec<u8>) {
    // Eight digits at a time, written in place; the last word's extra digits cut off at the
    // end.
    const ONES: u64 = 0x0101_0101_0101_0101;
    let start = out.len();
    out.resize(start + n.next_multiple_of(64), 0);
    let base = ONES * zero as u64;
    for (k, block) in out[start..].chunks_exact_mut(64).enumerate() {
        let (f, s) = (first.get(k).copied(), second.get(k).copied());
        let (f, s) = (f.unwrap_or(0), s.unwrap_or(0));
        for (b, chunk) in block.chunks_exact_mut(8).enumerate() {
            let (f, s) = ((f >> (8 * b)) & 255, (s >> (8 * b)) & 255);
            let digits = base + SPREAD[f as usize] + 2 * SPREAD[s as usize];
            chunk.copy_from_slice(&digits.to_le_bytes());
        }
    }
    out.truncate(start + n);
}

/// The 64 digits (bytes `zero`, `zero + 1`, `zero + 2`) of an 8x8 board's two LERF words: the
/// 64-square case of [`words_to_digits`], in straight code.
///
/// ```
/// let d = bbconv_board::ternary::words_to_digits64(0xffff, 0xffff << 48, b'0');
/// assert_eq!(&d[..], format!("{}{}{}", "1".repeat(16), "0".repeat(32), "2".repeat(16)).as_bytes());
/// ```
#[inline]
pub fn words_to_digits64(first: u64, second: u64, zero: u8) -> [u8; 64] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut out = [0u8; 64];
    for (k, chunk) in out.chunks_exact_mut(8).enumerate() {
        let (f, s) = ((first >> (8 * k)) & 255, (second >> (8 * k)) & 255);
        let digits = ONES * zero as u64 + SPREAD[f as usize] + 2 * SPREAD[s as usize];
        chunk.copy_from_slice(&digits.to_le_bytes());
    }
    out
}

/// The two LERF words of 64 digits (bytes `zero`, `zero + 1`, `zero + 2`), or `None` for any
/// other byte: the 64-square case of [`digits_to_words`], in straight code.
///
/// ```
/// let digits = [b"1".repeat(16), b"0".repeat(32), b"2".repeat(16)].concat();
/// let words = bbconv_board::ternary::digits64_to_words(digits.as_slice().try_into().unwrap(), b'0');
/// assert_eq!(words, Some((0xffff, 0xffff << 48)));
/// ```
#[inline]
pub fn digits64_to_words(digits: &[u8; 64], zero: u8) -> Option<(u64, u64)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    if zero > 0x7d {
        return None;
    }
    let (mut first, mut second, mut bad) = (0u64, 0u64, 0u64);
    for (k, chunk) in digits.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0xff; 8]));
        // Every byte in zero..=zero+2: below 0x80, at least zero, at most zero + 2.
        let ge = w.wrapping_add(ONES * (0x80 - zero as u64));
        let gt = w.wrapping_add(ONES * (0x7d - zero as u64));
        bad |= w | !ge | gt;
        let d = w.wrapping_sub(ONES * zero as u64);
        first |= ((d & ONES).wrapping_mul(GATHER) >> 56) << (8 * k);
        second |= (((d >> 1) & ONES).wrapping_mul(GATHER) >> 56) << (8 * k);
    }
    (bad & HI == 0).then_some((first, second))
}

/// `UNPACK_CHECKED[b]`: [`UNPACK`]`[b]`, or bit 15 for a byte that is not a packed byte (243
/// and above).
const UNPACK_CHECKED: [u16; 256] = {
    let mut t = [1u16 << 15; 256];
    let mut b = 0;
    while b < 243 {
        t[b] = UNPACK[b];
        b += 1;
    }
    t
};

/// The two LERF words of an 8x8 board packed in the default layout (13 bytes), or `None` for a
/// byte of 243 or more or a non-zero padding digit: the 64-square case of [`unpack_u64`], in
/// straight code.
///
/// ```
/// let bytes = [0x79, 0x79, 0x79, 0x01, 0, 0, 0, 0, 0, 0xd8, 0xf2, 0xf2, 0x50];
/// assert_eq!(bbconv_board::ternary::unpack_chess(&bytes), Some((0xffff, 0xffff_0000_0000_0000)));
/// ```
#[inline]
pub fn unpack_chess(bytes: &[u8; 13]) -> Option<(u64, u64)> {
    let (f, s, seen) = unpack60(bytes[..12].try_into().ok()?);
    // The last byte holds squares 60..63; its fifth digit is padding and must be 0.
    let i = UNPACK_CHECKED[bytes[12] as usize];
    let f = f | u64::from(i & 15) << 60;
    let s = s | u64::from((i >> 5) & 15) << 60;
    ((seen | i) >> 15 == 0 && i & (1 << 4 | 1 << 9) == 0).then_some((f, s))
}

/// Unpacks `n` trits from packed bytes, validating every byte and the padding digits.
pub fn unpack(bytes: &[u8], n: usize, layout: PackLayout) -> Result<Vec<u8>, PackedError> {
    let expected = packed_len(n);
    if bytes.len() != expected {
        return Err(PackedError::Length {
            found: bytes.len(),
            expected,
        });
    }
    let inv = layout.inverse_map();
    let mut out = Vec::with_capacity(n);
    for (b, &value) in bytes.iter().enumerate() {
        if value >= 243 {
            return Err(PackedError::ByteTooLarge { byte: b, value });
        }
        let mut v = value;
        let mut d = [0u8; 5];
        for slot in d.iter_mut() {
            *slot = v % 3;
            v /= 3;
        }
        if layout.digits == DigitOrder::Msd {
            d.reverse();
        }
        for (k, &digit) in d.iter().enumerate() {
            let square = 5 * b + k;
            if square < n {
                out.push(inv[digit as usize]);
            } else if digit != 0 {
                return Err(PackedError::DigitPastEnd {
                    byte: b,
                    square,
                    squares: n,
                });
            }
        }
    }
    Ok(out)
}

/// The base-3 integer `sum t[i] * 3^i` of a trit array, as decimal text.
///
/// ```
/// assert_eq!(bbconv_board::ternary::base3_decimal(&[1, 0, 2]), "19");
/// ```
pub fn base3_decimal(trits: &[u8]) -> String {
    let mut w = vec![0u64];
    // Horner from the most significant trit, 40 trits (3^40 < 2^64) at a time.
    let mut i = trits.len();
    while i > 0 {
        let lo = i.saturating_sub(40);
        let mut m = 1u64;
        let mut a = 0u64;
        for &t in trits[lo..i].iter().rev() {
            m *= 3;
            a = a * 3 + t as u64;
        }
        bigint::mul_add(&mut w, m, a);
        i = lo;
    }
    bigint::to_decimal(&w)
}

/// Why a base-3 integer does not fit a board.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Base3Error {
    /// A character that is not a decimal digit, at a 0-based byte offset.
    Digit(usize),
    /// The value is `3^N` or more.
    TooLarge {
        /// The number of squares.
        squares: usize,
    },
}

impl fmt::Display for Base3Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Base3Error::Digit(_) => write!(f, "expected a decimal digit"),
            Base3Error::TooLarge { squares } => {
                write!(
                    f,
                    "base-3 value is 3^{squares} or more: too large for {squares} squares"
                )
            }
        }
    }
}

impl std::error::Error for Base3Error {}

/// The `n` trits of a decimal base-3 integer (least significant trit = index 0).
pub fn base3_trits(text: &str, n: usize) -> Result<Vec<u8>, Base3Error> {
    if let Some(p) = text.bytes().position(|b| !b.is_ascii_digit()) {
        return Err(Base3Error::Digit(p));
    }
    if text.is_empty() {
        return Err(Base3Error::Digit(0));
    }
    // Leading zeros are skipped, and a number with more digits than 3^n - 1 has is refused
    // before the big-integer work, which is quadratic in the digit count: the parse stays linear
    // in the length of the text. 3^n - 1 has floor(n * log10 3) + 1 digits; 0.4772 > log10 3.
    let digits = text.trim_start_matches('0').as_bytes();
    if digits.len() > n * 4772 / 10_000 + 1 {
        return Err(Base3Error::TooLarge { squares: n });
    }
    let mut w = bigint::from_decimal(digits);
    let mut out = Vec::with_capacity(n);
    const P40: u64 = 12_157_665_459_056_928_801; // 3^40
    while out.len() < n {
        let mut r = bigint::div_rem(&mut w, P40);
        for _ in 0..40 {
            if out.len() == n {
                if r != 0 {
                    return Err(Base3Error::TooLarge { squares: n });
                }
                break;
            }
            out.push((r % 3) as u8);
            r /= 3;
        }
    }
    if w.iter().any(|&x| x != 0) {
        return Err(Base3Error::TooLarge { squares: n });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few thousand words from a fixed generator.
    fn words(n: usize) -> Vec<u64> {
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        (0..n)
            .map(|k| {
                v = v.rotate_left(7).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ k as u64;
                // Sparse and dense boards alike.
                match k % 3 {
                    0 => v,
                    1 => v & v >> 3,
                    _ => v | v << 5,
                }
            })
            .collect()
    }

    /// The 8x8 straight-code forms give what the general ones give, on valid and invalid input.
    #[test]
    fn chess_cases_match_the_general_code() {
        let w = words(6000);
        for pair in w.chunks_exact(2) {
            let (f, s) = (pair[0], pair[1] & !pair[0]);
            let mut general = Vec::new();
            words_to_digits(&[f], &[s], 64, b'0', &mut general);
            let digits = words_to_digits64(f, s, b'0');
            assert_eq!(&digits[..], &general[..]);
            assert_eq!(digits64_to_words(&digits, b'0'), Some((f, s)));
            let mut bytes = Vec::new();
            pack_u64_pair(f, s, 64, &mut bytes);
            let bytes: [u8; 13] = bytes.try_into().unwrap();
            assert_eq!(unpack_chess(&bytes), Some((f, s)));
            // Damaged: one byte changed.
            let at = (f % 64) as usize;
            let mut d = digits;
            d[at] = [b'3', b'/', 0x80, b'a'][(s % 4) as usize];
            let (mut gf, mut gs) = ([0u64], [0u64]);
            assert!(!digits_to_words(&d, b'0', 64, &mut gf, &mut gs));
            assert_eq!(digits64_to_words(&d, b'0'), None);
            let mut b = bytes;
            b[(f % 13) as usize] = (s % 256) as u8;
            assert_eq!(unpack_chess(&b), unpack_u64(&b, 64), "{b:?}");
        }
        // Any size: the word forms against the general unpacking and digits.
        let mut v = 0x1234_5678_9abc_def1u64;
        for n in [1, 5, 59, 60, 61, 64, 65, 81, 120, 128, 129, 361, 4096] {
            for k in 0..200u64 {
                let len = packed_len(n);
                let bytes: Vec<u8> = (0..len)
                    .map(|i| {
                        v = v.rotate_left(13).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ k;
                        // Mostly packed bytes; now and then one too large, or padding set.
                        let b = (v % 243) as u8;
                        match (k % 7, i + 1 == len) {
                            (0, _) if v.is_multiple_of(11) => 243 + (v % 13) as u8,
                            (1, true) => b | 1,
                            _ => b,
                        }
                    })
                    .collect();
                let general = unpack(&bytes, n, PackLayout::default());
                let words = n.div_ceil(64);
                let (mut f, mut s) = (vec![0u64; words], vec![0u64; words]);
                let ok = unpack_words(&bytes, n, &mut f, &mut s);
                assert_eq!(ok, general.is_ok(), "n {n}: {bytes:?}");
                if let Ok(trits) = general {
                    let mut digits = Vec::new();
                    words_to_digits(&f, &s, n, b'0', &mut digits);
                    let expect: Vec<u8> = trits.iter().map(|t| b'0' + t).collect();
                    assert_eq!(digits, expect, "n {n}");
                    let (mut f2, mut s2) = (vec![0u64; words], vec![0u64; words]);
                    assert!(digits_to_words(&digits, b'0', n, &mut f2, &mut s2));
                    assert_eq!((f2, s2), (f, s));
                }
            }
        }
        for last in 0..=255u8 {
            let mut b = [0u8; 13];
            b[12] = last;
            assert_eq!(unpack_chess(&b), unpack_u64(&b, 64), "{last}");
        }
    }

    #[test]
    fn pack_matches_table() {
        let trits: Vec<u8> = (0..64).map(|i| ((i * 7 + 3) % 3) as u8).collect();
        let mut f = 0u64;
        let mut s = 0u64;
        for (i, &t) in trits.iter().enumerate() {
            if t == 1 {
                f |= 1 << i;
            } else if t == 2 {
                s |= 1 << i;
            }
        }
        let mut fast = Vec::new();
        pack_u64_pair(f, s, 64, &mut fast);
        assert_eq!(fast, pack(&trits, PackLayout::default()));
    }

    #[test]
    fn unpack_errors() {
        let l = PackLayout::default();
        assert_eq!(
            unpack(&[243, 0], 10, l),
            Err(PackedError::ByteTooLarge {
                byte: 0,
                value: 243
            })
        );
        assert_eq!(
            unpack(&[0], 10, l),
            Err(PackedError::Length {
                found: 1,
                expected: 2
            })
        );
        // 8 squares: the second byte holds squares 5..9; digit for square 8 (3^3 = 27) is past the end.
        assert_eq!(
            unpack(&[0, 27], 8, l),
            Err(PackedError::DigitPastEnd {
                byte: 1,
                square: 8,
                squares: 8
            })
        );
    }

    #[test]
    fn base3() {
        assert_eq!(base3_trits("19", 3).unwrap(), vec![1, 0, 2]);
        assert_eq!(
            base3_trits("27", 3),
            Err(Base3Error::TooLarge { squares: 3 })
        );
        let t: Vec<u8> = (0..200).map(|i| (i % 3) as u8).collect();
        assert_eq!(base3_trits(&base3_decimal(&t), 200).unwrap(), t);
    }
}
