//! `sf-bin`'s word paths ([`SfBin`]): its 256-bit stream written from a [`Chess`] position's
//! piece words and read back into them, a man at a time (an empty square is a zero bit, so only
//! the men are placed), with the checks and the en passant rule of the general code
//! ([`super::sfbin`]); anything it would refuse or write otherwise is left to it.

use bbconv_board::train::Train;

use super::chess::{Chess, RANK_1, RANK_8};
use super::codes::CORNERS;
use super::position::mover_score;
use super::sfbin::LEN;
use super::sfstream::{self, Bmi};
use super::words::{Read, Take, Trainer};
use crate::fen::fast::ReadChess;
use crate::kernels::Simd;

/// The stream's bits.
const BITS: usize = 256;

/// The 4 bits after a man's leading 1 of each piece word (`PNBRQKpnbrqk`): its Huffman code's
/// upper 3 bits, then its colour (the kings are not in the board's part of the stream).
#[cfg(test)]
const MAN_BITS: [u8; 12] = [0, 1, 2, 3, 4, 0, 8, 9, 10, 11, 12, 0];

/// Of the 4 bits after a man's leading 1 (the code's upper 3 bits, then the colour): the piece
/// word's index (`PNBRQ`, Black's 6 more), 12 for a code the format does not define.
const WORD_OF: [usize; 16] = [0, 1, 2, 3, 4, 12, 12, 12, 6, 7, 8, 9, 10, 12, 12, 12];

/// The e1 and e8 kings, which a castling right needs.
const E1: u64 = 1 << 4;
const E8: u64 = 1 << 60;

/// `sf-bin`'s word paths ([`Trainer`]).
pub(crate) struct SfBin;

impl Trainer for SfBin {
    #[inline(always)]
    fn position<'r, R: ReadChess, T: Take<'r>>(
        r: &R,
        record: &'r [u8],
        train: bool,
        take: T,
    ) -> bool {
        let Ok(b) = <&[u8; LEN]>::try_from(record) else {
            return false;
        };
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = r.avx2() {
            let mut chess = Chess::of_words([0; 12]);
            if !read_bmi(t, b, &mut chess) {
                return false;
            }
            let fields = if train {
                Some(super::sfbin::fields(b, chess.black))
            } else {
                None
            };
            return take.take(Read::of(&chess, fields));
        }
        match read_record(b) {
            Some(chess) => {
                let fields = if train {
                    Some(super::sfbin::fields(b, chess.black))
                } else {
                    None
                };
                take.take(Read::of(&chess, fields))
            }
            None => false,
        }
    }

    #[inline(always)]
    fn write<R: ReadChess>(
        r: &R,
        chess: &Chess,
        _: &[u8],
        train: Option<&Train>,
        out: &mut Vec<u8>,
    ) -> bool {
        match write_record(r, chess, train) {
            Some(rec) => {
                out.extend_from_slice(&rec[..LEN]);
                true
            }
            None => false,
        }
    }
}

/// The 8 bytes of `buf` from the byte of bit `pos`, shifted so that bit `pos` is bit 0 (at
/// least 57 bits of the stream; zeros past the buffer).
#[inline(always)]
fn bits_at(buf: &[u8; 48], pos: usize) -> u64 {
    let at = (pos / 8).min(40);
    let mut b = [0u8; 8];
    b.copy_from_slice(&buf[at..at + 8]);
    u64::from_le_bytes(b) >> (pos % 8)
}

/// ORs `v` (at most 57 bits) into `buf` at bit `pos` (at most [`BITS`]).
#[inline(always)]
fn put_bits(buf: &mut [u8; 48], pos: usize, v: u64) {
    let at = (pos / 8).min(40);
    let mut b = [0u8; 8];
    b.copy_from_slice(&buf[at..at + 8]);
    let x = u64::from_le_bytes(b) | v << (pos % 8);
    buf[at..at + 8].copy_from_slice(&x.to_le_bytes());
}

/// `m` with a zero bit inserted at bit `at` (the bits from `at` up move up one).
#[inline(always)]
fn insert_hole(m: u64, at: u32) -> u64 {
    let below = (1u64 << at) - 1;
    m & below | (m & !below) << 1
}

/// The position of a record the general reading reads (fields and all) with no error; `None`
/// for any other record.
#[inline(always)]
pub(super) fn read_record(b: &[u8; LEN]) -> Option<Chess> {
    let mut buf = [0u8; 48];
    buf[..32].copy_from_slice(&b[..32]);
    let head = bits_at(&buf, 0);
    let (wk, bk) = ((head >> 1 & 63) as u32, (head >> 7 & 63) as u32);
    if wk == bk || !(-1..=1).contains(&(b[38] as i8)) {
        return None;
    }
    // The squares in the stream's order (a8 = 0 .. h1 = 63, `sq ^ 56`), the kings' left out:
    // one word of men a piece word (12: the codes it does not define).
    let mut by_word = [0u64; 13];
    let (mut i, mut pos) = (0u32, 13usize);
    loop {
        // The empty squares before the next man, at most 51 at a time (so that the man's bits
        // are in the word read).
        let w = bits_at(&buf, pos);
        let z = (w | 1 << 51).trailing_zeros();
        i += z;
        pos += z as usize;
        if i >= 62 {
            pos -= (i - 62) as usize;
            break;
        }
        if z == 51 {
            continue;
        }
        by_word[WORD_OF[(w >> (z + 1) & 15) as usize]] |= 1 << i;
        i += 1;
        pos += 5;
        if i == 62 {
            break;
        }
    }
    if by_word[12] != 0 || pos > BITS - 11 {
        return None;
    }
    let (lo, hi) = (wk ^ 56, bk ^ 56);
    let (lo, hi) = (lo.min(hi), lo.max(hi));
    let mut words = [0u64; 12];
    for k in [0, 1, 2, 3, 4, 6, 7, 8, 9, 10] {
        words[k] = insert_hole(insert_hole(by_word[k], lo), hi).swap_bytes();
    }
    words[5] = 1 << wk;
    words[11] = 1 << bk;
    let mut chess = Chess::of_words(words);
    chess.black = head & 1 == 1;
    with_fields(&mut chess, b, bits_at(&buf, pos), pos).then_some(chess)
}

/// [`read_record`] with BMI2 ([`sfstream::read_board`]): the same position into `chess`
/// (fresh from [`Chess::of_words`]), `false` for the same records.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(super) fn read_bmi<B: Bmi>(t: B, b: &[u8; LEN], chess: &mut Chess) -> bool {
    let mut w = [0u64; 5];
    for (word, bytes) in w.iter_mut().zip(b[..32].chunks_exact(8)) {
        *word = u64::from_le_bytes(bytes.try_into().unwrap_or_default());
    }
    let head = w[0];
    let (wk, bk) = ((head >> 1 & 63) as u32, (head >> 7 & 63) as u32);
    if wk == bk || !(-1..=1).contains(&(b[38] as i8)) {
        return false;
    }
    let kings = 1 << (wk ^ 56) | 1 << (bk ^ 56);
    let Some((got, pos)) = sfstream::read_board(t, &w, kings) else {
        return false;
    };
    let [occ, p0, p1, p2, colour] = got;
    // The colour plane is left unmasked: every kind below is of men's squares already.
    let (p0, p1, p2) = (p0 & occ, p1 & occ, p2 & occ);
    let [occ, p0, p1, p2, colour] = [
        occ.swap_bytes(),
        p0.swap_bytes(),
        p1.swap_bytes(),
        p2.swap_bytes(),
        colour.swap_bytes(),
    ];
    if p2 & (p0 | p1) != 0 || pos > BITS - 28 {
        return false;
    }
    let kinds = [occ & !(p0 | p1 | p2), p0 & !p1, p1 & !p0, p0 & p1, p2];
    for (k, kind) in kinds.into_iter().enumerate() {
        chess.words[k] = kind & !colour;
        chess.words[k + 6] = kind & colour;
    }
    chess.words[5] = 1 << wk;
    chess.words[11] = 1 << bk;
    chess.black = head & 1 == 1;
    let (i, s) = (pos / 64, pos % 64);
    with_fields(chess, b, w[i] >> s | (w[i + 1] << 1) << (63 - s), pos)
}

/// The rights of the stream's four castling bits (K, Q, k, q): their rooks' squares.
const CASTLING: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut k = 0;
    while k < 16 {
        t[k] = (k as u64 & 1) << 7
            | (k as u64 >> 1 & 1)
            | (k as u64 >> 2 & 1) << 63
            | (k as u64 >> 3 & 1) << 56;
        k += 1;
    }
    t
};

/// The corners of rank 1 and of rank 8.
const CORNERS_1: u64 = CORNERS & RANK_1;
const CORNERS_8: u64 = CORNERS & RANK_8;

/// The squares the stream's four castling bits (K, Q, k, q) need: their rooks' corners
/// ([`CASTLING`]), and e1 for a White right, e8 for a Black one (the king's square).
const NEEDS: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut k = 0;
    while k < 16 {
        t[k] = CASTLING[k] | if k & 3 != 0 { E1 } else { 0 } | if k & 12 != 0 { E8 } else { 0 };
        k += 1;
    }
    t
};

/// Reads the stream's fields into `chess` (its board and side to move set), `f` the stream's
/// bits from bit `pos` on, as [`read_record`] reads them; `false` where the general reading
/// errs. The checks are [`Chess::check`]'s and [`Chess::standard_castling`]'s on a board of
/// one king a side and rights of the corner rooks only.
#[inline(always)]
fn with_fields(chess: &mut Chess, b: &[u8; LEN], f: u64, pos: usize) -> bool {
    let f0 = f;
    let mut len = 5;
    let c = CASTLING[(f & 15) as usize];
    chess.castling = c;
    if f >> 4 & 1 == 1 {
        chess.ep = Some((f >> 5 & 63) as u8);
        len = 11;
    }
    let f = f >> len;
    chess.halfmove = (f & 63 | (f >> 22 & 1) << 6) as u32;
    chess.fullmove = (f >> 6 & 0xffff) as u32;
    let w = &chess.words;
    // Each right's rook there, the king on e1 or e8: the squares the rights need
    // ([`NEEDS`]) among the men that can stand there for them.
    let there = (w[3] & CORNERS_1) | (w[9] & CORNERS_8) | (w[5] & E1) | (w[11] & E8);
    if pos + len + 23 > BITS || NEEDS[(f0 & 15) as usize] & !there != 0 {
        return false;
    }
    if !move_read(chess, u16::from_le_bytes([b[34], b[35]])) {
        return false;
    }
    if chess.ep.is_some() {
        if !chess.check() {
            return false;
        }
        if !chess.ep_legal() {
            chess.ep = None;
        }
    }
    true
}

/// Whether the general reading reads the move bits `m` in `chess` (see `sfbin::read_move`):
/// promotion bits only on a promotion, castling only as the king from e1 or e8 onto its corner
/// rook.
#[inline(always)]
fn move_read(chess: &Chess, m: u16) -> bool {
    let (to, from, kind, piece) = (m & 63, m >> 6 & 63, m >> 14, m >> 12 & 3);
    if kind != 1 && piece != 0 {
        return false;
    }
    if kind != 3 {
        return true;
    }
    let w = &chess.words;
    let black = w[11] >> from & 1 == 1;
    let back = if black { 56 } else { 0 };
    let c = 6 * usize::from(black);
    w[c + 5] >> from & 1 == 1
        && from == back + 4
        && (to == back || to == back + 7)
        && w[c + 3] >> to & 1 == 1
}

/// The record of a [`Chess::check`]ed position with the training fields `train` (White's view),
/// as the general writing writes it; `None` for a position or fields it refuses. The board's bits come from the reader's
/// [`crate::kernels::Simd::stream5`] (in the stream's order, a8 first: the words' bytes
/// swapped), the men's four bits after their leading 1 being their code's upper bits, then
/// their colour.
#[inline(always)]
fn write_record<R: Simd>(r: &R, chess: &Chess, train: Option<&Train>) -> Option<[u8; 48]> {
    // First, while nothing else is in the registers that the call (a rare one, out of line)
    // takes: after the checks below it cost six spills and their reloads a record.
    let ep = chess.ep.filter(|_| chess.ep_legal());
    // The record's ply, else the FEN's (`position::ply16`).
    let ply = match train.and_then(|t| t.ply) {
        Some(ply) => u64::from(ply),
        None => u64::from(chess.fullmove.saturating_sub(1)) * 2 + u64::from(chess.black),
    };
    let clocks = chess.halfmove >= 128 || chess.fullmove > 0xffff;
    if clocks || ply > 0xffff || !chess.standard_castling() {
        return None;
    }
    let w = &chess.words;
    let (wk, bk) = (chess.king(false), chess.king(true));
    let kings = w[5] | w[11];
    let (p, men) = man_planes(w);
    // Past the men, a bit each of the 62 squares that are not the kings'.
    let count = men.count_ones();
    let fields_at = 13 + 62 + 4 * count as usize;
    let ep_bits = if ep.is_some() { 7 } else { 1 };
    if fields_at + 4 + ep_bits + 23 > BITS {
        return None;
    }
    let p = [
        p[0].swap_bytes(),
        p[1].swap_bytes(),
        p[2].swap_bytes(),
        p[3].swap_bytes(),
    ];
    let (gone, men) = (kings.swap_bytes(), men.swap_bytes());
    let mut buf = [0u8; 48];
    if !board_bmi(r, (gone, men, count), &p, &mut buf) {
        put_stream(r.stream5(gone, men, &p), &mut buf);
    }
    put_bits(
        &mut buf,
        0,
        u64::from(chess.black) | u64::from(wk) << 1 | u64::from(bk) << 7,
    );
    let mut f = castling_bits(chess.castling);
    let mut len = 4;
    if let Some(ep) = ep {
        f |= (1 | u64::from(ep) << 1) << 4;
        len = 11;
    } else {
        len += 1;
    }
    let h = u64::from(chess.halfmove);
    f |= (h & 63 | u64::from(chess.fullmove) << 6 | (h >> 6) << 22) << len;
    put_bits(&mut buf, fields_at, f);
    // The score, move, ply and result, the padding byte 0 (the stream's bits end by 256).
    if let Some(train) = train.filter(|t| !t.is_empty()) {
        let score = mover_score(train, chess.black).ok()?;
        let view = if chess.black { -1 } else { 1 };
        let mv = super::sfbin::write_move(|sq| chess.man(sq), ep, train.mv);
        buf[32..34].copy_from_slice(&score.to_le_bytes());
        buf[34..36].copy_from_slice(&mv.to_le_bytes());
        buf[38] = (train.result.unwrap_or(0) * view) as u8;
    }
    buf[36..38].copy_from_slice(&(ply as u16).to_le_bytes());
    Some(buf)
}

/// The factor that gathers the corners a1, h1, a8 and h8 (bits 0, 7, 56, 63) into bits 60 to
/// 63 of the product, in that order: each corner lands on its bit, the other products on bits
/// below 57 or past 63, all apart (no carries).
const GATHER: u64 = 1 << 60 | 1 << 54 | 1 << 6 | 1;

/// The stream's castling bits (K, Q, k, q) of the gathered corners (a1, h1, a8, h8).
const STREAM_RIGHTS: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut k = 0;
    while k < 16 {
        t[k] = ((k >> 1 & 1) | (k & 1) << 1 | (k >> 3 & 1) << 2 | (k >> 2 & 1) << 3) as u8;
        k += 1;
    }
    t
};

/// The stream's four castling bits (K, Q, k, q) of rights `c` of the corner rooks only
/// ([`Chess::standard_castling`]).
#[inline(always)]
fn castling_bits(c: u64) -> u64 {
    u64::from(STREAM_RIGHTS[(c.wrapping_mul(GATHER) >> 60) as usize])
}

/// The men's stream (`stream5`'s four words) in the record's bytes, after the side to move and
/// the kings' 13 bits.
#[inline(always)]
pub(crate) fn put_stream(s: [u64; 4], buf: &mut [u8; 48]) {
    let words = [
        s[0] << 13,
        s[0] >> 51 | s[1] << 13,
        s[1] >> 51 | s[2] << 13,
        s[2] >> 51 | s[3] << 13,
    ];
    for (b, w) in buf.chunks_exact_mut(8).zip(words) {
        b.copy_from_slice(&w.to_le_bytes());
    }
}

/// The code planes of the men of piece words `w` (the four bits after each man's leading 1,
/// [`MAN_BITS`]), and the men (all but the kings).
#[inline(always)]
fn man_planes(w: &[u64; 12]) -> ([u64; 4], u64) {
    let (rooks, black) = (w[3] | w[9], w[6] | w[7] | w[8] | w[9] | w[10]);
    let p = [
        w[1] | w[7] | rooks,
        w[2] | w[8] | rooks,
        w[4] | w[10],
        black,
    ];
    (p, w[0] | w[1] | w[2] | w[3] | w[4] | black)
}

/// Writes the board of [`write_record`] with BMI2 ([`sfstream::write_board`]) where the CPU
/// has it and there are at most 32 men; `false`, with nothing written, elsewhere. `count` is
/// the caller's count of `men` (not counted again here); the men written, those off the
/// kings' squares, are never more.
#[inline(always)]
fn board_bmi<R: Simd>(
    r: &R,
    (gone, men, count): (u64, u64, u32),
    p: &[u64; 4],
    buf: &mut [u8; 48],
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if let Some(t) = r.avx2() {
        if count <= 32 {
            sfstream::write_board(t, gone, men, p, buf);
            return true;
        }
    }
    let _ = (r, gone, men, count, p, buf);
    false
}

impl Chess {
    /// `sf-bin`'s castling (see `sfbin::standard_castling`): rights of the corner rooks only,
    /// White's with the king on e1, Black's on e8 (the rooks are [`Chess::check`]ed).
    #[inline(always)]
    pub(crate) fn standard_castling(&self) -> bool {
        let c = self.castling;
        c & !CORNERS == 0
            && (c & RANK_1 == 0 || self.words[5] == E1)
            && (c & RANK_8 == 0 || self.words[11] == E8)
    }

    /// Whether a pawn of the side to move can take en passant without leaving its king
    /// attacked, the square the taken pawn came from being empty: what
    /// [`super::position::Position::ep_legal`] says, of a [`Chess::check`]ed position.
    pub(crate) fn ep_legal(&self) -> bool {
        let Some(ep) = self.ep else { return false };
        let pushed = ep ^ 8;
        let origin = if self.black { ep - 8 } else { ep + 8 };
        if self.occupancy() >> origin & 1 == 1 {
            return false;
        }
        let (me, them) = if self.black { (6, 0) } else { (0, 6) };
        let rank = 0xffu64 << (pushed & !7);
        let mut takers = ((1u64 << pushed) << 1 | (1u64 << pushed) >> 1) & rank & self.words[me];
        let king = self.king(self.black);
        while takers != 0 {
            let taker = takers & takers.wrapping_neg();
            takers ^= taker;
            let mut after = self.words;
            after[me] = after[me] & !taker | 1 << ep;
            after[them] &= !(1 << pushed);
            if !attacked(&after, king, !self.black) {
                return true;
            }
        }
        false
    }
}

/// Whether a man of the side `by_black` attacks `sq` among `words` (one word a piece letter).
fn attacked(words: &[u64; 12], sq: u8, by_black: bool) -> bool {
    let o = if by_black { 6 } else { 0 };
    let occ = words.iter().fold(0, |a, w| a | w);
    let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
    // The bit of the square `(df, dr)` away, 0 off the board.
    let at = |df: i8, dr: i8| {
        let (f, r) = (f + df, r + dr);
        if (0..8).contains(&f) && (0..8).contains(&r) {
            1u64 << (r * 8 + f)
        } else {
            0
        }
    };
    let pawn_rank = if by_black { 1 } else { -1 };
    let steps =
        |deltas: &[(i8, i8)], men: u64| deltas.iter().any(|&(df, dr)| at(df, dr) & men != 0);
    let ray = |df: i8, dr: i8, men: u64| {
        let mut k = 1;
        loop {
            let bit = at(df * k, dr * k);
            if bit & occ != 0 || bit == 0 {
                return bit & men != 0;
            }
            k += 1;
        }
    };
    let straight = words[o + 3] | words[o + 4];
    let diagonal = words[o + 2] | words[o + 4];
    steps(&[(-1, pawn_rank), (1, pawn_rank)], words[o])
        || steps(&super::position::KNIGHT, words[o + 1])
        || steps(&super::position::AROUND, words[o + 5])
        || super::position::AROUND
            .iter()
            .enumerate()
            .any(|(k, &(df, dr))| ray(df, dr, if k % 2 == 0 { straight } else { diagonal }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The castling bits by the table are the bits taken one by one, for every rights of the
    /// corners.
    #[test]
    fn castling_bits_as_each_corner() {
        for k in 0..16u64 {
            let c = (k & 1) | (k >> 1 & 1) << 7 | (k >> 2 & 1) << 56 | (k >> 3 & 1) << 63;
            let each = (c >> 7 & 1) | (c & 1) << 1 | (c >> 63 & 1) << 2 | (c >> 56 & 1) << 3;
            assert_eq!(castling_bits(c), each);
            assert_eq!(CASTLING[each as usize], c);
        }
    }

    /// The writer's code planes are [`planes`] of [`MAN_BITS`], its men every man but the
    /// kings.
    #[test]
    fn planes_as_the_table() {
        let mut v = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..1000 {
            // Disjoint words, as a position's.
            let mut w = [0u64; 12];
            for sq in 0..64 {
                v ^= v << 13;
                v ^= v >> 7;
                v ^= v << 17;
                if let Some(word) = w.get_mut((v % 20) as usize) {
                    *word |= 1 << sq;
                }
            }
            let (p, men) = man_planes(&w);
            assert_eq!(p, super::super::codes::planes(&w, &MAN_BITS));
            assert_eq!(men, w.iter().fold(0, |o, x| o | x) & !(w[5] | w[11]));
        }
    }
}
