//! The word paths of boards of more than 64 squares (Go's 19x19, say): a record read into LERF
//! word arrays on the stack by its form's path, and a board written from them, with no
//! [`Value`](crate::Value), no allocation and no UTF-8 pass. A record a path does not take is
//! left to the general reading, untouched.

use crate::spec::Writing;
use bbconv_board::Size;

use crate::board::{Board, Repr, WIDE_WORDS};
use crate::{Format, Options};

/// Reads a record of `from` of a board of `size` (65 to 512 squares, LERF) into `board`'s
/// words by the form's word path; `false`, with `board` untouched, when the general reading
/// must see it.
#[inline]
pub(crate) fn read_board(from: Format, size: Size, record: &[u8], board: &mut Board<'_>) -> bool {
    let n = size.squares();
    let words = n.div_ceil(64);
    if words > WIDE_WORDS {
        return false;
    }
    let mut sides = [[0u64; WIDE_WORDS]; 2];
    let [first, second] = &mut sides;
    let read = from.read_wide(
        record.trim_ascii(),
        n,
        [&mut first[..words], &mut second[..words]],
    );
    if read {
        board.set(size, Repr::Wide(sides));
    }
    read
}

/// Writes a board of 65 to 512 squares held as words as `writing` says, by the form's word
/// path; `false`, with nothing written, when the general writer must.
#[inline(always)]
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
    let words = size.squares().div_ceil(64);
    let sides = [&first[..words], &second[..words]];
    writing.to.write_wide(writing, size, sides, opts, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::{digits64, hex_bytes};
    use crate::render_general;
    use bbconv_board::ternary;

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
                    let (hi, lo) = (
                        crate::kernels::DIGIT[p[0] as usize],
                        crate::kernels::DIGIT[p[1] as usize],
                    );
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
