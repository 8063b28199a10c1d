//! The fast paths of boards of more than 64 squares (Go's 19x19, say) between `trits`, `packed`
//! and `grid`: read into LERF word arrays on the stack and written from them, with no
//! [`Value`](crate::Value), no allocation and no UTF-8 pass. A record a path does not take is
//! left to the general reading, untouched.

use bbconv_board::{ternary, Size};

use crate::board::{Board, Repr, WIDE_WORDS};
use crate::convert::Writing;
use crate::{grid, small, Format, Options};

/// Reads a record of `trits` or `packed` (the default layout) of a board of `size` (65 to 512
/// squares, LERF) into `board`'s words; `false`, with `board` untouched, when the general
/// reading must see it.
#[inline]
pub(crate) fn read_board(from: Format, size: Size, record: &[u8], board: &mut Board<'_>) -> bool {
    let n = size.squares();
    let words = n.div_ceil(64);
    if words > WIDE_WORDS {
        return false;
    }
    let mut sides = [[0u64; WIDE_WORDS]; 2];
    let [first, second] = &mut sides;
    let (f, s) = (&mut first[..words], &mut second[..words]);
    let t = record.trim_ascii();
    let read = match from {
        Format::Trits => ternary::digits_to_words_by(t, b'0', n, f, s, digits64),
        Format::Packed => {
            let t = match t {
                [b'0', b'x' | b'X', rest @ ..] => rest,
                _ => t,
            };
            const B: usize = ternary::packed_len(64 * WIDE_WORDS);
            let mut bytes = [0u8; B];
            let len = ternary::packed_len(n);
            len <= B
                && t.len() == 2 * len
                && hex_bytes(t, &mut bytes[..len])
                && ternary::unpack_words(&bytes[..len], n, f, s)
        }
        _ => false,
    };
    if read {
        board.set(size, Repr::Wide(sides));
    }
    read
}

/// Writes a board of 65 to 512 squares held as words as `writing` says (`packed`, `trits`, the
/// default `grid`); `false`, with nothing written, when the general writer must.
#[inline]
pub(crate) fn write_board(
    writing: Writing,
    board: &Board<'_>,
    opts: &Options,
    out: &mut Vec<u8>,
) -> bool {
    let Repr::Wide([first, second]) = &board.repr else {
        return false;
    };
    let size = board.size();
    let n = size.squares();
    let words = n.div_ceil(64);
    let (f, s) = (&first[..words], &second[..words]);
    match writing.to {
        Format::Packed => packed_hex(f, s, n, out),
        Format::Trits => ternary::words_to_digits(f, s, n, b'0', out),
        Format::Grid if writing.plain => grid::render_words::<WIDE_WORDS>(size, f, s, opts, out),
        _ => return false,
    }
    true
}

/// The two LERF words of 64 digits `0`, `1`, `2`, or `None` for another byte: on x86_64 with
/// SSE2 compares and byte masks, 16 digits at a time (hand-written because the benchmark shows
/// the gain: about 40 instructions a 64 digits against about 190 for the word-at-a-time
/// [`ternary::digits64_to_words`], which other CPUs use).
#[inline]
pub(crate) fn digits64(digits: &[u8; 64]) -> Option<(u64, u64)> {
    #[cfg(target_arch = "x86_64")]
    return sse2::digits64(digits);
    #[cfg(not(target_arch = "x86_64"))]
    return ternary::digits64_to_words(digits, b'0');
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse2 {
    use std::arch::x86_64::*;

    #[inline]
    pub(super) fn digits64(digits: &[u8; 64]) -> Option<(u64, u64)> {
        // SAFETY: SSE2 is part of the x86_64 baseline (every x86_64 CPU has it, and the
        // compiler assumes it for all code), so the `target_feature` function may run.
        unsafe { digits64_sse2(digits) }
    }

    /// The eight bytes of 16 hex digits (any case), or `None` for another byte.
    #[inline]
    pub(super) fn hex16(digits: &[u8; 16]) -> Option<[u8; 8]> {
        // SAFETY: as in `digits64`.
        unsafe { hex16_sse2(digits) }
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    fn hex16_sse2(digits: &[u8; 16]) -> Option<[u8; 8]> {
        // SAFETY: `digits` is 16 readable bytes; `loadu` has no alignment requirement.
        let v = unsafe { _mm_loadu_si128(digits.as_ptr().cast()) };
        let within = |x: __m128i, lo: u8, hi: u8| {
            // Signed compares: bytes of 0x80 and above are negative, so outside.
            _mm_and_si128(
                _mm_cmpgt_epi8(x, _mm_set1_epi8(lo as i8 - 1)),
                _mm_cmpgt_epi8(_mm_set1_epi8(hi as i8 + 1), x),
            )
        };
        let digit = within(v, b'0', b'9');
        let letter = within(_mm_or_si128(v, _mm_set1_epi8(0x20)), b'a', b'f');
        if _mm_movemask_epi8(_mm_or_si128(digit, letter)) != 0xffff {
            return None;
        }
        // Nibbles, then each pair of bytes (first digit low) into the byte of its 16-bit lane.
        let nib = _mm_add_epi8(
            _mm_and_si128(v, _mm_set1_epi8(0x0f)),
            _mm_and_si128(letter, _mm_set1_epi8(9)),
        );
        let pairs = _mm_or_si128(
            _mm_slli_epi16(_mm_and_si128(nib, _mm_set1_epi16(0x00ff)), 4),
            _mm_srli_epi16(nib, 8),
        );
        let packed = _mm_packus_epi16(pairs, pairs);
        Some((_mm_cvtsi128_si64(packed) as u64).to_le_bytes())
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    fn digits64_sse2(digits: &[u8; 64]) -> Option<(u64, u64)> {
        let (mut first, mut second, mut ok) = (0u64, 0u64, 0u64);
        for (k, w) in digits.chunks_exact(16).enumerate() {
            // SAFETY: `w` is 16 readable bytes; `loadu` has no alignment requirement.
            let v = unsafe { _mm_loadu_si128(w.as_ptr().cast()) };
            let d = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let bits = |m: __m128i| (_mm_movemask_epi8(m) as u32 as u64) << (16 * k);
            first |= bits(_mm_cmpeq_epi8(d, _mm_set1_epi8(1)));
            second |= bits(_mm_cmpeq_epi8(d, _mm_set1_epi8(2)));
            // A digit is at most 2, unsigned: max(d, 2) == 2.
            let two = _mm_set1_epi8(2);
            ok |= bits(_mm_cmpeq_epi8(_mm_max_epu8(d, two), two));
        }
        (ok == u64::MAX).then_some((first, second))
    }
}

/// Decodes `2 * bytes.len()` hex digits (any case) into `bytes`; `false` for any other byte.
/// On x86_64, 16 digits at a time with SSE2 (the last 16 overlapping the ones before when the
/// count is not a multiple of 16); hand-written because the benchmark shows the gain: about 15
/// instructions for 16 digits against about 70 for the eight-at-a-time word code
/// ([`crate::int::hex8`]), which other CPUs and counts below 16 use.
#[inline]
pub(crate) fn hex_bytes(digits: &[u8], bytes: &mut [u8]) -> bool {
    if digits.len() != 2 * bytes.len() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    if digits.len() >= 16 {
        let mut at = 0;
        while at < digits.len() {
            let from = at.min(digits.len() - 16);
            let Some(x) = digits
                .get(from..from + 16)
                .and_then(|d| d.try_into().ok())
                .and_then(sse2::hex16)
            else {
                return false;
            };
            if let Some(to) = bytes.get_mut(from / 2..from / 2 + 8) {
                to.copy_from_slice(&x);
            }
            at = from + 16;
        }
        return true;
    }
    let whole = digits.chunks_exact(8);
    let tail = whole.remainder();
    for (b, d) in bytes.chunks_exact_mut(4).zip(whole) {
        let Some(x) = d
            .try_into()
            .ok()
            .and_then(|d| crate::int::hex8(u64::from_le_bytes(d)))
        else {
            return false;
        };
        b.copy_from_slice(&x.to_le_bytes());
    }
    let at = bytes.len() - tail.len() / 2;
    for (b, p) in bytes[at..].iter_mut().zip(tail.chunks_exact(2)) {
        let (hi, lo) = (small::DIGIT[p[0] as usize], small::DIGIT[p[1] as usize]);
        if (hi | lo) > 15 {
            return false;
        }
        *b = hi << 4 | lo;
    }
    true
}

/// Writes the packed hex of `n` squares: 60 squares (twelve bytes) at a time, each twelve
/// groups' digits from the 8x8 writer's table trick ([`small::push_packed_hex60`]); the digits of
/// groups past the last (all 0) are cut off at the end.
#[inline]
fn packed_hex(first: &[u64], second: &[u64], n: usize, out: &mut Vec<u8>) {
    let groups = ternary::packed_len(n);
    let start = out.len();
    out.reserve(2 * groups + 24);
    for at in (0..n).step_by(60) {
        let (f, s) = (bits_at(first, at), bits_at(second, at));
        small::push_packed_hex60(f, s, out);
    }
    out.truncate(start + 2 * groups);
}

/// The 64 bits of a word array from bit `at` (zeros past its end).
#[inline(always)]
pub(crate) fn bits_at(words: &[u64], at: usize) -> u64 {
    let (w, b) = (at / 64, at % 64);
    let lo = words.get(w).map_or(0, |x| x >> b);
    let hi = match b {
        0 => 0,
        _ => words.get(w + 1).map_or(0, |x| x << (64 - b)),
    };
    lo | hi
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render_general;

    /// The SSE2 digit reader gives what the word-at-a-time reader gives, on every byte in
    /// every place.
    #[test]
    fn digits64_as_the_portable_reader() {
        let mut v = 0x1234_5678_9abc_def1u64;
        for k in 0..4000u64 {
            let mut d = [0u8; 64];
            for c in d.iter_mut() {
                v = v.rotate_left(7).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ k;
                *c = b'0' + (v % 3) as u8;
            }
            if k % 2 == 1 {
                d[(v % 64) as usize] = (k / 2 % 256) as u8;
            }
            assert_eq!(digits64(&d), ternary::digits64_to_words(&d, b'0'), "{d:?}");
        }
    }

    /// The hex decoder gives what one digit at a time gives, for every byte in every place
    /// and for lengths below, at and above 16 digits.
    #[test]
    fn hex_bytes_as_digit_by_digit() {
        let reference = |d: &[u8]| -> Option<Vec<u8>> {
            d.chunks(2)
                .map(|p| {
                    let (hi, lo) = (small::DIGIT[p[0] as usize], small::DIGIT[p[1] as usize]);
                    ((hi | lo) < 16).then_some(hi << 4 | lo)
                })
                .collect()
        };
        let base = b"0123456789abcdefABCDEF9a8b7c6d5e4f3021fedcba9876543210".repeat(6);
        for len in [2, 8, 14, 16, 18, 26, 32, 34, 146, 300] {
            let good = &base[..len];
            for at in 0..len {
                for c in 0..=255u8 {
                    let mut d = good.to_vec();
                    d[at] = c;
                    let mut got = vec![0u8; len / 2];
                    let ok = hex_bytes(&d, &mut got);
                    assert_eq!(ok.then_some(got), reference(&d), "{len} {at} {c}");
                }
            }
        }
    }

    /// Every wide path gives the general reading and writing's bytes, on the forms bbconv
    /// writes and on damaged records, and takes no record the general reading refuses.
    #[test]
    fn wide_paths_match_the_general_code() {
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        let mut taken = 0;
        for (w, h) in [
            (9, 9),
            (13, 13),
            (19, 19),
            (8, 9),
            (1, 65),
            (64, 64),
            (11, 7),
        ] {
            let size = Size::new(w, h).unwrap();
            let opts = Options {
                size: Some(size),
                ..Options::default()
            };
            for k in 0..6u64 {
                let value = crate::convert::check::random_board(size, &mut v, false);
                for from in [Format::Trits, Format::Packed] {
                    let mut rec = Vec::new();
                    render_general(from, &value, &opts, &mut rec).unwrap();
                    let mut damaged = rec.clone();
                    let at = (v % rec.len() as u64) as usize;
                    damaged[at] = b"3g x\xc3"[(k % 5) as usize];
                    let mut short = rec.clone();
                    short.pop();
                    for r in [&rec, &rec.to_ascii_uppercase(), &damaged, &short] {
                        taken += crate::convert::check::against_general(from, r, &opts);
                    }
                }
            }
        }
        assert!(taken > 3000, "{taken}");
    }
}
