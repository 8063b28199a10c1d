//! The nibble codes of the trainers' forms that give each man a nibble (the compressed
//! position, BinaryFen, marlinformat, bulletformat) on piece words, for their word paths: a
//! record's nibbles sorted into one mask a code ([`masks`]), and a position's codes, one a
//! square ([`codes`]), packed in LERF order ([`pack`]). Up to 32 men, the codes go by bit
//! planes instead, one square word a bit of the code ([`planes`], [`code_masks`]), packed and
//! unpacked by the reader's kernel ([`Simd::nibbles`], [`Simd::planes`]).

use super::chess::Chess;
use crate::kernels::Simd;

/// One mask a nibble code of the men of `occ`, their nibbles in LERF order in `bytes`, low
/// nibble first; the men past the bytes have code 0 (as the general reading reads them). The
/// caller has checked how many men the form holds.
#[inline(always)]
pub(crate) fn masks(occ: u64, bytes: &[u8]) -> [u64; 16] {
    let mut by_code = [0u64; 16];
    let mut occ = occ;
    for &byte in bytes {
        if occ == 0 {
            break;
        }
        let low = occ & occ.wrapping_neg();
        occ ^= low;
        by_code[usize::from(byte & 15)] |= low;
        let high = occ & occ.wrapping_neg();
        occ ^= high;
        by_code[usize::from(byte >> 4)] |= high;
    }
    by_code[0] |= occ;
    by_code
}

/// The code of each square of piece words: `table[k]` for a man of word `k`, 0 on an empty
/// square.
#[inline(always)]
pub(crate) fn codes(words: &[u64; 12], table: &[u8; 12]) -> [u8; 64] {
    let mut cells = [0u8; 64];
    for (&w, &code) in words.iter().zip(table) {
        let mut m = w;
        while m != 0 {
            cells[m.trailing_zeros() as usize & 63] = code;
            m &= m - 1;
        }
    }
    cells
}

/// Packs the codes of the men of `occ` (`cells[square]` each) into `out` in LERF order, two a
/// byte, low nibble first; the caller has checked that they fit.
#[inline(always)]
pub(crate) fn pack(occ: u64, cells: &[u8; 64], out: &mut [u8]) {
    let mut occ = occ;
    for b in out {
        if occ == 0 {
            break;
        }
        let low = cells[occ.trailing_zeros() as usize & 63];
        occ &= occ - 1;
        let high = match occ {
            0 => 0,
            _ => cells[occ.trailing_zeros() as usize & 63],
        };
        occ &= occ.wrapping_sub(1);
        *b = low | high << 4;
    }
}

/// Sets every square of `mask` to `code` in `cells`.
#[inline(always)]
pub(crate) fn set(cells: &mut [u8; 64], mask: u64, code: u8) {
    let mut m = mask;
    while m != 0 {
        cells[m.trailing_zeros() as usize & 63] = code;
        m &= m - 1;
    }
}

/// The squares a1, h1, a8, h8: the compressed position's castling rooks.
pub(crate) const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;

/// The nibble code of each piece word in the compressed position and BinaryFen
/// ([`super::pack_nibbles`]): `P p N n B b R r Q q K k` are 0 to 11.
const STEM: [u8; 12] = [0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11];

/// The position of the compressed position's or BinaryFen's codes ([`super::unpack_nibbles`]),
/// one mask a code, unchecked; `None` where the general reading finds a fault of the codes (a
/// second pawn of code 12; with `corners`, a castling rook off the corners).
#[inline(always)]
pub(crate) fn stem_position(m: &[u64; 16], corners: bool) -> Option<Chess> {
    let mut words = [0u64; 12];
    for (k, &code) in STEM.iter().enumerate() {
        words[k] = m[usize::from(code)];
    }
    let (ep_pawn, white_rooks, black_rooks, black_king) = (m[12], m[13], m[14], m[15]);
    if ep_pawn & ep_pawn.wrapping_sub(1) != 0
        || (corners && (white_rooks | black_rooks) & !CORNERS != 0)
    {
        return None;
    }
    let mut chess = Chess::of_words(words);
    if ep_pawn != 0 {
        // White's pawn on ranks 1 to 4, Black's above; the en passant square behind it.
        let sq = ep_pawn.trailing_zeros() as u8;
        chess.words[if sq >= 32 { 6 } else { 0 }] |= ep_pawn;
        chess.ep = Some(sq ^ 8);
    }
    chess.words[3] |= white_rooks;
    chess.words[9] |= black_rooks;
    chess.castling = white_rooks | black_rooks;
    chess.words[11] |= black_king;
    chess.black = black_king != 0;
    Some(chess)
}

/// The compressed position's or BinaryFen's code of each square of a checked position: 12 the
/// pawn that just moved two squares past the en passant square, 13/14 a rook with a castling
/// right, 15 the black king with Black to move.
#[inline(always)]
pub(crate) fn stem_codes(chess: &Chess) -> [u8; 64] {
    let mut cells = codes(&chess.words, &STEM);
    if let Some(ep) = chess.ep {
        cells[usize::from(ep ^ 8)] = 12;
    }
    set(&mut cells, chess.castling & chess.words[3], 13);
    set(&mut cells, chess.castling & chess.words[9], 14);
    if chess.black {
        set(&mut cells, chess.words[11], 15);
    }
    cells
}

/// The code planes of piece words: bit `b` of the code of a square in `planes[b]`, `table[k]`
/// for a man of word `k`, 0 on an empty square.
#[inline(always)]
pub(crate) fn planes(words: &[u64; 12], table: &[u8; 12]) -> [u64; 4] {
    let mut p = [0u64; 4];
    for (b, plane) in p.iter_mut().enumerate() {
        for (&w, &code) in words.iter().zip(table) {
            if code >> b & 1 == 1 {
                *plane |= w;
            }
        }
    }
    p
}

/// Sets every square of `mask` to `code` in the code planes `p`.
#[inline(always)]
pub(crate) fn set_planes(p: &mut [u64; 4], mask: u64, code: u8) {
    for (b, plane) in p.iter_mut().enumerate() {
        *plane = (*plane & !mask) | (mask * u64::from(code >> b & 1));
    }
}

/// One mask a code of the squares of `occ`, from their code planes (as [`masks`] gives them).
#[inline(always)]
pub(crate) fn code_masks(p: &[u64; 4], occ: u64) -> [u64; 16] {
    let pair = |a: u64, b: u64| [!a & !b & occ, a & !b & occ, !a & b & occ, a & b & occ];
    let (low, high) = (pair(p[0], p[1]), pair(p[2], p[3]));
    std::array::from_fn(|c| low[c & 3] & high[c >> 2])
}

/// [`masks`] of at most 32 men with the reader's kernel: 16 bytes of nibbles (as [`masks`],
/// the men past the nibbles read code 0).
#[inline(always)]
pub(crate) fn masks_of<R: Simd>(r: &R, occ: u64, bytes: &[u8; 16]) -> [u64; 16] {
    let low = u64::from_le_bytes(bytes[..8].try_into().unwrap_or_default());
    let high = u64::from_le_bytes(bytes[8..].try_into().unwrap_or_default());
    code_masks(&r.planes(occ, [low, high]), occ)
}

/// The 32 bytes of a record that opens with its little-endian occupancy and 16 bytes of
/// nibbles (marlinformat, bulletformat) and its code masks ([`masks_of`]); `None` for a record
/// of another length or of more than 32 men.
#[inline(always)]
pub(crate) fn le_record<'r, R: Simd>(r: &R, record: &'r [u8]) -> Option<(&'r [u8; 32], [u64; 16])> {
    let b = <&[u8; 32]>::try_from(record).ok()?;
    let occ = u64::from_le_bytes(b[..8].try_into().unwrap_or_default());
    if occ.count_ones() > 32 {
        return None;
    }
    Some((b, masks_of(r, occ, b[8..24].try_into().unwrap_or(&[0; 16]))))
}

/// [`pack`] of at most 32 men from their code planes with the reader's kernel: the nibbles'
/// first `out.len()` bytes (at most 16).
#[inline(always)]
pub(crate) fn pack_planes<R: Simd>(r: &R, occ: u64, p: &[u64; 4], out: &mut [u8]) {
    let [low, high] = r.nibbles(occ, p);
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&low.to_le_bytes());
    b[8..].copy_from_slice(&high.to_le_bytes());
    let n = out.len().min(16);
    out[..n].copy_from_slice(&b[..n]);
}

/// [`stem_codes`] as code planes.
#[inline(always)]
pub(crate) fn stem_planes(chess: &Chess) -> [u64; 4] {
    let mut p = planes(&chess.words, &STEM);
    if let Some(ep) = chess.ep {
        set_planes(&mut p, 1 << (ep ^ 8), 12);
    }
    set_planes(&mut p, chess.castling & chess.words[3], 13);
    set_planes(&mut p, chess.castling & chess.words[9], 14);
    if chess.black {
        set_planes(&mut p, chess.words[11], 15);
    }
    p
}
