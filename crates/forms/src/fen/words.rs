//! FEN written from words: the placement of an 8x8 board's chess piece words, or of two side
//! words in two letters (a rank at a time from a table of the ranks' shapes), and a FEN of a
//! placement and its other fields.

/// A FEN: the placement, then a space and the other fields when there are any.
#[inline(always)]
pub(crate) fn fen(placement: &[u8], rest: &[u8], out: &mut Vec<u8>) {
    out.extend_from_slice(placement);
    if !rest.is_empty() {
        out.push(b' ');
        out.extend_from_slice(rest);
    }
}

/// Writes the FEN placement of chess piece words into `buf`, returning its length: a rank at a
/// time from [`RANKS`], the rank's letters moved into their slots in one step where the CPU has
/// BMI2 (`Simd::move_bytes`; about 300 instructions where a square at a time takes about
/// 1,000, `bench/matrix.py`, `-f pieces -t fen`).
#[inline]
pub(crate) fn placement_of<K: crate::kernels::Simd>(
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
