//! FEN written from words: the placement of an 8x8 board's chess piece words, or of two side
//! words in two letters (a rank at a time from a table of the ranks' shapes), and a FEN of a
//! placement and its other fields (put together with copies of fixed lengths, [`put_bytes`]).

/// A FEN: the placement, then a space and the other fields when there are any. Where both fit
/// 128 bytes (the common FEN), put together in a buffer with copies of fixed lengths
/// ([`put_bytes`]) and appended whole, cut back to its length: about 40
/// instructions where two copies of variable length and a push took about 90 (`-f sf-plain
/// -t fen`, callgrind).
#[inline(always)]
pub(crate) fn fen(placement: &[u8], rest: &[u8], out: &mut Vec<u8>) {
    let mut buf = [0u8; 128];
    let p = placement.len();
    if put_bytes(&mut buf, 0, placement) {
        let end = match rest.len() {
            0 => Some(p),
            n => {
                if let Some(space) = buf.get_mut(p) {
                    *space = b' ';
                }
                put_bytes(&mut buf, p + 1, rest).then_some(p + 1 + n)
            }
        };
        if let Some(end) = end {
            append(out, &buf, end);
            return;
        }
    }
    out.extend_from_slice(placement);
    if !rest.is_empty() {
        out.push(b' ');
        out.extend_from_slice(rest);
    }
}

/// Appends the first `len` bytes of `buf` (at most `N`, a multiple of 64) in copies of 64
/// bytes, as many as they need, cut back to `len`: a few moves each, where a copy of the whole
/// buffer in a large function is a call of `Vec`'s append and the library's copy (about 45
/// instructions, `-f sf-plain -t fen`).
#[inline(always)]
pub(crate) fn append<const N: usize>(out: &mut Vec<u8>, buf: &[u8; N], len: usize) {
    let start = out.len();
    for chunk in buf.chunks_exact(64).take(len.div_ceil(64)) {
        out.extend_from_slice(chunk);
    }
    out.truncate(start + len);
}

/// Copies `src` into `buf` at `at` with copies of fixed lengths (32 bytes at a time and the
/// last 32 again, or two overlapping copies of 16, 8 or 4 bytes, or a byte at a time below 4), each
/// a move or two where a copy of variable length is a call of the library's copy (about 30
/// instructions); `false`, with nothing written, when it does not fit. Nothing past
/// `at + src.len()` is written.
#[inline(always)]
pub(crate) fn put_bytes<const N: usize>(buf: &mut [u8; N], at: usize, src: &[u8]) -> bool {
    let n = src.len();
    let Some(to) = at.checked_add(n).and_then(|end| buf.get_mut(at..end)) else {
        return false;
    };
    match n {
        32.. => {
            let mut k = 0;
            while k + 32 < n {
                to[k..k + 32].copy_from_slice(&src[k..k + 32]);
                k += 32;
            }
            to[n - 32..].copy_from_slice(&src[n - 32..]);
        }
        16..=31 => {
            to[..16].copy_from_slice(&src[..16]);
            to[n - 16..].copy_from_slice(&src[n - 16..]);
        }
        8..=15 => {
            to[..8].copy_from_slice(&src[..8]);
            to[n - 8..].copy_from_slice(&src[n - 8..]);
        }
        4..=7 => {
            to[..4].copy_from_slice(&src[..4]);
            to[n - 4..].copy_from_slice(&src[n - 4..]);
        }
        _ => {
            for (t, &s) in to.iter_mut().zip(src) {
                *t = s;
            }
        }
    }
    true
}

/// Writes the FEN placement of chess piece words (disjoint, as every reader leaves them) into
/// `buf`, returning its length: the men's letters in LERF order at once (a code a man,
/// `Simd::nibbles`, looked up in one step, `Simd::nibble_bytes`), then a rank at a time from
/// [`RANKS`], the run of the rank's letters moved into their slots in one step
/// (`Simd::deposit_bytes`). About 150 instructions with BMI2 and SSSE3, where the table of 64
/// squares filled a man at a time ([`placement_cells`], kept for boards of more than 32 men)
/// took about 440 (`-f sf-compressed -t fen`, callgrind).
#[inline(always)]
pub(crate) fn placement_of<K: crate::kernels::Simd>(
    k: &K,
    words: &[u64; 12],
    buf: &mut [u8; 80],
) -> usize {
    /// A man's letter by its code, its word's index and 1.
    const CODES: &[u8; 16] = b"?PNBRQKpnbrqk???";
    let occ = words.iter().fold(0, |o, w| o | w);
    if occ.count_ones() > 32 {
        return placement_cells(k, words, buf);
    }
    let mut planes = [0u64; 4];
    for (i, &w) in words.iter().enumerate() {
        for (b, p) in planes.iter_mut().enumerate() {
            if (i + 1) >> b & 1 == 1 {
                *p |= w;
            }
        }
    }
    let mut men = [0u8; 40];
    men[..32].copy_from_slice(&k.nibble_bytes(k.nibbles(occ, &planes), CODES));
    let mut len = 0;
    for rank in (0..8).rev() {
        let shape = &RANKS[((occ >> (8 * rank)) & 255) as usize];
        // The men below the rank come first in LERF order.
        let below = (occ & ((1u64 << (8 * rank)) - 1)).count_ones() as usize;
        let letters = men
            .get(below..below + 8)
            .map_or(0, |b| u64::from_le_bytes(b.try_into().unwrap_or_default()));
        let text = shape.text | k.deposit_bytes(letters, shape.pieces);
        len = put_rank(buf, len, text, shape.len);
    }
    len - 1
}

/// Stores a rank's text (`len` bytes of `text`, at most 8) at `at` and its `/` after it;
/// returns where the next rank starts. Eight bytes are stored, `len` of them kept (the
/// separator and the next rank overwrite the rest).
#[inline(always)]
fn put_rank(buf: &mut [u8; 80], at: usize, text: u64, len: u64) -> usize {
    if let Some(to) = buf.get_mut(at..at + 8) {
        to.copy_from_slice(&text.to_le_bytes());
    }
    let end = at + len as usize;
    if let Some(b) = buf.get_mut(end) {
        *b = b'/';
    }
    end + 1
}

/// [`placement_of`] of any chess piece words: a table of the 64 squares' letters filled a man
/// at a time, then a rank at a time from [`RANKS`], the rank's letters moved into their slots
/// in one step where the CPU has BMI2 (`Simd::move_bytes`; about 300 instructions where a
/// square at a time takes about 1,000, `bench/matrix.py`, `-f pieces -t fen`).
#[inline(never)]
pub(crate) fn placement_cells<K: crate::kernels::Simd>(
    k: &K,
    words: &[u64; 12],
    buf: &mut [u8; 80],
) -> usize {
    let mut cells = [0u8; 64];
    let mut occupied = 0;
    for (&w, &letter) in words.iter().zip(crate::board::PIECE_LETTERS) {
        occupied |= w;
        let mut m = w;
        while m != 0 {
            cells[m.trailing_zeros() as usize & 63] = letter;
            m &= m - 1;
        }
    }
    let mut len = 0;
    for (rank, row) in cells.chunks_exact(8).enumerate().rev() {
        let o = (occupied >> (8 * rank)) & 255;
        let shape = &RANKS[o as usize];
        let letters = u64::from_le_bytes(row.try_into().unwrap_or_default());
        let from = bbconv_board::ternary::SPREAD[o as usize] * 0xff;
        let text = shape.text | k.move_bytes(letters, from, shape.pieces);
        len = put_rank(buf, len, text, shape.len);
    }
    len - 1
}

/// How one rank of a FEN placement is written for each set of occupied files: the text with
/// the empty runs' digits and a 0 where each piece goes, a mask of 0xff on the pieces' bytes,
/// the text's length, and, by the occupied files among the low four (`low`) and the high four
/// (`high`), a mask of 0xff on those files' bytes of the text.
#[derive(Clone, Copy)]
struct RankShape {
    text: u64,
    pieces: u64,
    len: u64,
    low: [u64; 16],
    high: [u64; 16],
}

/// [`RankShape`] by the occupied files of a rank (bit `f`: file `f`); 72 KiB. The two tables
/// of 16 masks replace a loop over the second side's pieces (about 200 instructions a
/// position fewer on `-f packed -t fen`, measured with `bench/paths.py`).
static RANKS: [RankShape; 256] = {
    let mut t = [RankShape {
        text: 0,
        pieces: 0,
        len: 0,
        low: [0; 16],
        high: [0; 16],
    }; 256];
    let mut o = 0;
    while o < 256 {
        let (mut len, mut run, mut file) = (0usize, 0u64, 0usize);
        let mut slot = [0usize; 8];
        while file < 8 {
            if (o >> file) & 1 == 1 {
                if run > 0 {
                    t[o].text |= (b'0' as u64 + run) << (8 * len);
                    len += 1;
                    run = 0;
                }
                slot[file] = len;
                t[o].pieces |= 0xff << (8 * len);
                len += 1;
            } else {
                run += 1;
            }
            file += 1;
        }
        if run > 0 {
            t[o].text |= (b'0' as u64 + run) << (8 * len);
            len += 1;
        }
        t[o].len = len as u64;
        let mut n = 0;
        while n < 16 {
            let mut k = 0;
            while k < 4 {
                if (n >> k) & 1 == 1 && (o >> k) & 1 == 1 {
                    t[o].low[n] |= 0xff << (8 * slot[k]);
                }
                if (n >> k) & 1 == 1 && (o >> (k + 4)) & 1 == 1 {
                    t[o].high[n] |= 0xff << (8 * slot[k + 4]);
                }
                k += 1;
            }
            n += 1;
        }
        o += 1;
    }
    t
};

/// The FEN placement of an 8x8 pair, `first` in `letters.0` and `second` in `letters.1`, a
/// rank at a time from [`RANKS`]: every piece gets the first letter, and the second side's
/// pieces (found by their files, four at a time) get the other one. (Out of line: inlined, it
/// costs the other word paths' record loop more than its call costs.)
#[inline(never)]
pub(crate) fn fen_of_words(first: u64, second: u64, letters: (u8, u8), out: &mut Vec<u8>) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let (first_letter, change) = (
        ONES * letters.0 as u64,
        ONES * (letters.0 ^ letters.1) as u64,
    );
    let mut buf = [0u8; 8 * 9 + 8];
    let mut len = 0;
    for rank in (0..8).rev() {
        let (f, s) = ((first >> (8 * rank)) & 255, (second >> (8 * rank)) & 255);
        let shape = &RANKS[(f | s) as usize];
        let second_side = shape.low[(s & 15) as usize] | shape.high[(s >> 4) as usize];
        let text = shape.text | (shape.pieces & first_letter) ^ (second_side & change);
        // Eight bytes stored, `len` of them kept (the separator and the next rank overwrite
        // the rest).
        if let Some(to) = buf.get_mut(len..len + 8) {
            to.copy_from_slice(&text.to_le_bytes());
        }
        len += shape.len as usize;
        if let Some(b) = buf.get_mut(len) {
            *b = b'/';
        }
        len += 1;
    }
    out.extend_from_slice(&buf[..len - 1]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::fast::{FenReader, ReadChess, WithReader};
    use crate::kernels::{nibble_bytes_portable, Simd};

    /// The placement a square at a time, as the general writing spells it.
    fn naive(words: &[u64; 12]) -> Vec<u8> {
        let mut out = Vec::new();
        for rank in (0..8).rev() {
            let mut run = 0;
            for file in 0..8 {
                let sq = rank * 8 + file;
                match words.iter().position(|w| w >> sq & 1 == 1) {
                    Some(i) => {
                        if run > 0 {
                            out.push(b'0' + run);
                            run = 0;
                        }
                        out.push(crate::board::PIECE_LETTERS[i]);
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                out.push(b'0' + run);
            }
            if rank > 0 {
                out.push(b'/');
            }
        }
        out
    }

    /// Random disjoint piece words of 0 to 64 men, sparse and dense, whole ranks empty or full.
    fn boards() -> Vec<[u64; 12]> {
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            v ^= v << 13;
            v ^= v >> 7;
            v ^= v << 17;
            v
        };
        let mut out = vec![[0u64; 12], [u64::MAX, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]];
        for k in 0..20_000 {
            let occ = match k % 5 {
                0 => next() & next(),
                1 => next() & next() & next(),
                2 => next(),
                3 => next() & 0xff00_ff00_00ff_00ff,
                _ => next() | next(),
            };
            let mut words = [0u64; 12];
            let mut m = occ;
            while m != 0 {
                words[(next() % 12) as usize] |= m & m.wrapping_neg();
                m &= m - 1;
            }
            out.push(words);
        }
        out
    }

    /// Every writer of a placement with reader `r`'s kernels as the naive one, and the
    /// kernels as their portable twins.
    fn check<R: ReadChess>(r: &R) -> usize {
        let mut buf = [0u8; 80];
        let mut n = 0;
        for words in boards() {
            let want = naive(&words);
            let len = placement_of(r, &words, &mut buf);
            assert_eq!(buf[..len], want[..], "{words:x?}");
            let len = placement_cells(r, &words, &mut buf);
            assert_eq!(buf[..len], want[..], "{words:x?}");
            let nibbles = [words[0] ^ words[1], words[2].rotate_left(9) ^ words[5]];
            let table: [u8; 16] =
                std::array::from_fn(|i| (i as u8).wrapping_mul(37) ^ words[3] as u8);
            assert_eq!(
                r.nibble_bytes(nibbles, &table),
                nibble_bytes_portable(nibbles, &table)
            );
            assert_eq!(
                r.hex2(words[7], words[8]),
                [r.hex(words[7]), r.hex(words[8])]
            );
            assert_eq!(r.hex(words[9]), crate::kernels::hex_digits(words[9]));
            let to = bbconv_board::ternary::SPREAD[(words[4] & 255) as usize] * 0xff;
            assert_eq!(
                r.deposit_bytes(words[6], to),
                crate::fen::fast::Bytes.deposit_bytes(words[6], to)
            );
            n += 1;
        }
        n
    }

    /// The placement writers of both readers (the AVX2 one where the CPU has it) as the naive
    /// writer, on random boards.
    #[test]
    fn placement_writers_as_the_naive_one() {
        struct Both;
        impl WithReader for Both {
            type Output = usize;
            fn run<R: ReadChess>(self, r: &R) -> usize {
                check(r)
            }
        }
        assert!(FenReader::Portable.with_reader(Both) > 20_000);
        if let Some(simd) = FenReader::avx2() {
            assert!(simd.with_reader(Both) > 20_000);
        }
    }

    /// A FEN put together in a buffer is the placement, a space and the fields, at every length
    /// of each (past the buffer too).
    #[test]
    fn fen_as_its_parts() {
        let text: Vec<u8> = (0..260).map(|i| b'a' + (i % 26) as u8).collect();
        for p in 0..140 {
            for r in [0, 1, 3, 4, 7, 8, 9, 13, 15, 16, 17, 30, 47, 60, 100] {
                let (placement, rest) = (&text[..p], &text[p..p + r]);
                let mut out = b"head".to_vec();
                fen(placement, rest, &mut out);
                let mut want = b"head".to_vec();
                want.extend_from_slice(placement);
                if r > 0 {
                    want.push(b' ');
                    want.extend_from_slice(rest);
                }
                assert_eq!(out, want, "{p} {r}");
            }
        }
    }

    /// The fixed-length copy writes what a plain copy writes, at every length and place, and
    /// nothing around it; refuses what does not fit.
    #[test]
    fn put_bytes_as_a_copy() {
        let src: Vec<u8> = (0..100u8).map(|i| i.wrapping_mul(7) | 1).collect();
        for n in 0..=src.len() {
            for at in [0, 1, 3, 7, 15, 16, 17, 40] {
                let mut buf = [0u8; 160];
                assert!(put_bytes(&mut buf, at, &src[..n]));
                let mut want = [0u8; 160];
                want[at..at + n].copy_from_slice(&src[..n]);
                assert_eq!(buf, want, "{n} {at}");
            }
        }
        let mut buf = [0u8; 16];
        assert!(!put_bytes(&mut buf, 10, &src[..7]));
        assert!(!put_bytes(&mut buf, usize::MAX, &src[..7]));
        assert_eq!(buf, [0; 16]);
        assert!(put_bytes(&mut buf, 9, &src[..7]));
    }
}
