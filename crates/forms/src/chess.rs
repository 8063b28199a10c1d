//! The 8x8 word paths: boards of 64 squares in LERF read straight into words (the two sides,
//! or one word a chess piece letter) and written straight from them, with no placement built,
//! no allocation and no formatting machinery. Each path gives the general reading's and
//! writing's bytes; a record a path does not take (another letter, a field that needs escaping
//! in JSON, any error) is left to the general reading, untouched.

use bbconv_board::{ternary, Size};

use crate::board::{Board, Repr, PIECE_LETTERS};
use crate::convert::Writing;
use crate::fen::fast::ReadChess;
use crate::{small, Format, Options};

/// Reads an 8x8 record of a word form into `board`; `false`, with `board` untouched, for
/// anything the general reading must see.
#[inline(always)]
pub(crate) fn read_board(
    from: Format,
    record: &[u8],
    opts: &Options,
    board: &mut Board<'_>,
) -> bool {
    // The lengths bbconv writes need no trimming: the record is taken as it is.
    let t = match (from, record.len()) {
        (Format::Packed, 26) | (Format::Pair, 37) | (Format::Trits, 64) => record,
        _ => record.trim_ascii(),
    };
    let repr = match from {
        Format::Packed => {
            let t = match t {
                [b'0', b'x' | b'X', rest @ ..] => rest,
                _ => t,
            };
            let mut bytes = [0u8; 13];
            if !crate::wide::hex_bytes(t, &mut bytes) {
                return false;
            }
            match ternary::unpack_chess(&bytes) {
                Some((f, s)) => Repr::Two(f, s),
                None => return false,
            }
        }
        Format::Pair => {
            // The form bbconv writes: `0x` and 16 digits, a space, `0x` and 16 digits.
            let mut words = None;
            if let (Some(a), Some(b)) = (t.get(..18), t.get(19..)) {
                if t.len() == 37 && t[18] == b' ' {
                    if let (Some(f), Some(s)) = (hex0x16(a), hex0x16(b)) {
                        words = Some((f, s));
                    }
                }
            }
            match words.or_else(|| {
                small::read_words(Format::Pair, record, opts).map(|w| (w.first, w.second))
            }) {
                Some((f, s)) if f & s == 0 => Repr::Two(f, s),
                _ => return false,
            }
        }
        Format::Trits => match t.try_into().ok().and_then(crate::wide::digits64) {
            Some((f, s)) => Repr::Two(f, s),
            None => return false,
        },
        Format::Hex => match crate::int::small_integer(t, Format::Hex, 64) {
            Some(v) => Repr::One(v),
            None => return false,
        },
        Format::Squares => match t.strip_prefix(b"first: ") {
            Some(two) => {
                // `first: NAMES; second: NAMES`, as bbconv writes two sides.
                let Some(at) = two.windows(10).position(|w| w == b"; second: ") else {
                    return false;
                };
                match (
                    small::read_names(&two[..at], Size::CHESS),
                    small::read_names(&two[at + 10..], Size::CHESS),
                ) {
                    (Some(f), Some(s)) if f & s == 0 => Repr::Two(f, s),
                    _ => return false,
                }
            }
            None => match small::read_names(t, Size::CHESS) {
                Some(v) => Repr::One(v),
                None => return false,
            },
        },
        Format::PackedBin => match record.try_into().ok().and_then(ternary::unpack_chess) {
            Some((f, s)) => Repr::Two(f, s),
            None => return false,
        },
        Format::TritsBin => match crate::packed::read_trits_bin_chess(record) {
            Some((f, s)) => Repr::Two(f, s),
            None => return false,
        },
        Format::Base3 => match crate::digits::read_base3_chess(t) {
            Some((f, s)) => Repr::Two(f, s),
            None => return false,
        },
        Format::Edax => match crate::edax::read_words(record) {
            Some((f, s, turn)) => {
                board.set(Size::CHESS, Repr::Two(f, s));
                board.turn = Some(turn);
                return true;
            }
            None => return false,
        },
        Format::Pieces => match crate::pieces::read_chess(t) {
            Some(w) => Repr::Chess(w),
            None => return false,
        },
        Format::PlanesBin => match crate::planes::read_chess(record, &opts.planes) {
            Some(w) => Repr::Chess(w),
            None => return false,
        },
        Format::Grid => match crate::grid::read_chess(record) {
            Some(crate::grid::ChessGrid::Pieces(w)) => Repr::Chess(w),
            Some(crate::grid::ChessGrid::Sides(f, s)) => Repr::Two(f, s),
            None => return false,
        },
        _ => return false,
    };
    board.set(Size::CHESS, repr);
    true
}

/// `0x` and exactly 16 hex digits.
#[inline(always)]
fn hex0x16(t: &[u8]) -> Option<u64> {
    match t {
        [b'0', b'x' | b'X', digits @ ..] => crate::int::hex16(digits.try_into().ok()?),
        _ => None,
    }
}

/// Writes an 8x8 board as `writing` says, from its words; `false`, with nothing written, when
/// the general writer must (another style, a board the words do not say, an error to report).
#[inline(always)]
pub(crate) fn write_board<R: ReadChess>(
    r: &R,
    writing: Writing,
    board: &Board<'_>,
    opts: &Options,
    out: &mut Vec<u8>,
) -> bool {
    match (writing.to, &board.repr) {
        (Format::Fen, Repr::Chess(w)) => {
            if board.placement.is_empty() {
                let mut buf = [0u8; 8 * 9];
                let len = placement_of(w, &mut buf);
                fen(&buf[..len], board.fields, out);
            } else {
                fen(board.placement, board.fields, out);
            }
            return true;
        }
        (Format::Pieces, Repr::Chess(w)) => {
            pieces(r, w, out);
            return true;
        }
        (Format::Json, Repr::Chess(w)) if writing.plain => {
            if board.placement.is_empty() {
                let mut buf = [0u8; 8 * 9];
                let len = placement_of(w, &mut buf);
                json(r, &buf[..len], board.fields, w, out);
            } else {
                json(r, board.placement, board.fields, w, out);
            }
            return true;
        }
        (Format::Grid, Repr::Chess(w)) if writing.plain => {
            grid(w, PIECE_LETTERS, out);
            return true;
        }
        (Format::PlanesBin, Repr::Chess(w)) => {
            return crate::planes::write_chess(w, &opts.planes, out);
        }
        (Format::Json | Format::Grid, Repr::Chess(_)) => return false,
        _ => {}
    }
    let Some((f, s)) = board.sides() else {
        return false;
    };
    let two = !board.is_single();
    match writing.to {
        Format::Packed => r.push_packed_hex(f, s, out),
        Format::Pair => out.extend_from_slice(&small::pair_hex_chess(r.hex2(f, s))),
        Format::Trits => out.extend_from_slice(&ternary::words_to_digits64(f, s, b'0')),
        Format::PackedBin | Format::TritsBin => small::write_words(writing.to, 64, f, s, out),
        Format::Hex => match board.single(opts.layer) {
            Some(v) => crate::int::hex_u64(v, 16, out),
            None => return false,
        },
        Format::Squares if !two || opts.layer.is_some() => match board.single(opts.layer) {
            Some(v) => small::write_names(v, Size::CHESS, out),
            None => return false,
        },
        Format::Squares => {
            out.extend_from_slice(b"first: ");
            small::write_names(f, Size::CHESS, out);
            out.extend_from_slice(b"; second: ");
            small::write_names(s, Size::CHESS, out);
        }
        Format::Base3 => crate::digits::write_base3_chess(f, s, out),
        Format::Edax if matches!(board.repr, Repr::Two(..) | Repr::Chess(_)) => {
            crate::edax::write_words(f, s, board.turn(), out)
        }
        // The forms of piece letters, from two sides: the sides' letters.
        Format::Fen if two => fen_of_words(f, s, opts.letters, out),
        Format::Pieces if two && opts.letters == (b'P', b'p') => {
            let mut words = [0u64; 12];
            (words[0], words[6]) = (f, s);
            pieces(r, &words, out)
        }
        Format::PlanesBin if two => {
            let mut words = [0u64; 12];
            let (Some(a), Some(b)) = (
                PIECE_LETTERS.iter().position(|&l| l == opts.letters.0),
                PIECE_LETTERS.iter().position(|&l| l == opts.letters.1),
            ) else {
                return false;
            };
            (words[a], words[b]) = (f, s);
            return crate::planes::write_chess(&words, &opts.planes, out);
        }
        Format::Grid if two && writing.plain => grid(&[f, s], b"XO", out),
        // The side to move and notes of a two-player board are members of their own.
        Format::Json
            if writing.plain && board.turn.is_none() && matches!(board.repr, Repr::Two(..)) =>
        {
            out.extend_from_slice(JSON_PAIR_HEAD);
            let [a, b] = r.hex2(f, s);
            out.extend_from_slice(&a);
            out.extend_from_slice(JSON_PAIR_MID);
            out.extend_from_slice(&b);
            out.extend_from_slice(b"\"}");
        }
        _ => return false,
    }
    true
}

/// The JSON object of an 8x8 pair, up to the first side's digits.
pub(crate) const JSON_PAIR_HEAD: &[u8] = br#"{"size":"8x8","order":"lerf","first":"0x"#;
/// Between the two sides' digits.
pub(crate) const JSON_PAIR_MID: &[u8] = br#"","second":"0x"#;

/// Writes the FEN placement of chess piece words into `buf`, returning its length.
#[inline]
fn placement_of(words: &[u64; 12], buf: &mut [u8; 72]) -> usize {
    let mut cells = [0u8; 64];
    for (&w, &letter) in words.iter().zip(PIECE_LETTERS) {
        let mut m = w;
        while m != 0 {
            cells[m.trailing_zeros() as usize & 63] = letter;
            m &= m - 1;
        }
    }
    let mut len = 0;
    for rank in (0..8).rev() {
        let mut run = 0u8;
        for &c in &cells[8 * rank..8 * rank + 8] {
            if c == 0 {
                run += 1;
                continue;
            }
            if run > 0 {
                buf[len] = b'0' + run;
                len += 1;
                run = 0;
            }
            buf[len] = c;
            len += 1;
        }
        if run > 0 {
            buf[len] = b'0' + run;
            len += 1;
        }
        if rank > 0 {
            buf[len] = b'/';
            len += 1;
        }
    }
    len
}

/// A FEN: the placement, then a space and the other fields when there are any.
#[inline(always)]
fn fen(placement: &[u8], rest: &[u8], out: &mut Vec<u8>) {
    out.extend_from_slice(placement);
    if !rest.is_empty() {
        out.push(b' ');
        out.extend_from_slice(rest);
    }
}

/// `P:0x... N:0x...`, one token a letter on the board in [`PIECE_LETTERS`] order; `-` for none.
#[inline(always)]
fn pieces<R: ReadChess>(r: &R, words: &[u64; 12], out: &mut Vec<u8>) {
    let mut buf = [0u8; 12 * 21];
    let mut len = 0;
    let digits = r.hex12(words);
    for ((&w, &letter), digits) in words.iter().zip(PIECE_LETTERS).zip(&digits) {
        if w != 0 {
            let token = &mut buf[len..len + 21];
            token[..5].copy_from_slice(&[b' ', letter, b':', b'0', b'x']);
            token[5..].copy_from_slice(digits);
            len += 21;
        }
    }
    match buf.get(1..len) {
        Some(tokens) => out.extend_from_slice(tokens),
        None => out.push(b'-'),
    }
}

/// The start of the default JSON object of an 8x8 placement, up to its FEN.
pub(crate) const JSON_HEAD: &[u8] = br#"{"size":"8x8","order":"lerf","fen":""#;
/// What follows the FEN in the default JSON object, up to the piece members.
pub(crate) const JSON_MID: &[u8] = br#"","pieces":{"#;
/// The most bytes of the piece members: 12 letters of 25 bytes.
pub(crate) const JSON_PIECES: usize = 12 * 25;

/// The default JSON object of a placement: size, order, FEN and piece words.
#[inline(always)]
fn json<R: ReadChess>(r: &R, placement: &[u8], rest: &[u8], words: &[u64; 12], out: &mut Vec<u8>) {
    out.extend_from_slice(JSON_HEAD);
    fen(placement, rest, out);
    out.extend_from_slice(JSON_MID);
    let mut buf = [0u8; JSON_PIECES];
    let members = json_pieces(words, &r.hex12(words), &mut buf);
    out.extend_from_slice(members);
    out.extend_from_slice(b"}}");
}

/// The piece members of the default JSON object (`"P":"0x...",...`, one a letter on the board),
/// written into `buf`.
#[inline(always)]
pub(crate) fn json_pieces<'b>(
    words: &[u64; 12],
    digits: &[[u8; 16]; 12],
    buf: &'b mut [u8; JSON_PIECES],
) -> &'b [u8] {
    // Each member is written with a comma before it; the first comma is left out.
    let mut len = 0;
    for ((&w, &letter), hex) in words.iter().zip(PIECE_LETTERS).zip(digits) {
        if w != 0 {
            let member = &mut buf[len..len + 25];
            member[..7].copy_from_slice(&[b',', b'"', letter, b'"', b':', b'"', b'0']);
            member[7] = b'x';
            member[8..24].copy_from_slice(hex);
            member[24] = b'"';
            len += 25;
        }
    }
    buf.get(1..len).unwrap_or_default()
}

/// The default grid: the header, one line a rank (its number, then the cells), the files;
/// the squares of `words[k]` show `letters[k]`.
#[inline(always)]
fn grid(words: &[u64], letters: &[u8], out: &mut Vec<u8>) {
    let mut cells = [b'.'; 64];
    for (&w, &letter) in words.iter().zip(letters) {
        let mut m = w;
        while m != 0 {
            cells[m.trailing_zeros() as usize & 63] = letter;
            m &= m - 1;
        }
    }
    let mut buf = [0u8; 8 * 18];
    for (g, line) in buf.chunks_exact_mut(18).enumerate() {
        let rank = 7 - g;
        let row: [u8; 8] = cells[8 * rank..8 * rank + 8].try_into().unwrap_or_default();
        let row = u64::from_le_bytes(row);
        // Each cell after a space: bytes c0..c3 spread to every other byte, the spaces between.
        let spread = |x: u64| {
            let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
            let x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
            (x << 8) | 0x0020_0020_0020_0020
        };
        line[0] = b'\n';
        line[1] = b'1' + rank as u8;
        line[2..10].copy_from_slice(&spread(row & 0xffff_ffff).to_le_bytes());
        line[10..].copy_from_slice(&spread(row >> 32).to_le_bytes());
    }
    out.extend_from_slice(b"# 8x8 lerf");
    out.extend_from_slice(&buf);
    out.extend_from_slice(b"\n  a b c d e f g h");
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
fn fen_of_words(first: u64, second: u64, letters: (u8, u8), out: &mut Vec<u8>) {
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
    use crate::{render_general, Value};
    use bbconv_board::Pair;

    /// Every 8x8 word path gives the general reading and writing's bytes, on the forms bbconv
    /// writes, on other spellings and on damaged records; and takes no record the general
    /// reading refuses.
    #[test]
    fn word_paths_match_the_general_code() {
        let letters = Options {
            letters: (b'X', b'o'),
            ..Options::default()
        };
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        let mut taken = 0;
        for k in 0..60u64 {
            v = v.rotate_left(9).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ k;
            let (f, s) = (v & v >> 7, !v & v << 3 & !(v & v >> 7));
            let value = Value::Pair(Pair::small(Size::CHESS, f, s).unwrap());
            for from in [
                Format::Packed,
                Format::Pair,
                Format::Trits,
                Format::Hex,
                Format::Squares,
            ] {
                let mut rec = Vec::new();
                let value = match from {
                    Format::Hex | Format::Squares => Value::Single(value.to_pair().occupied()),
                    _ => value.clone(),
                };
                render_general(from, &value, &Options::default(), &mut rec).unwrap();
                let mut records = vec![rec.clone(), rec.to_ascii_uppercase()];
                let mut damaged = rec.clone();
                let at = (v % rec.len() as u64) as usize;
                damaged[at] = b"g/ 3x\xc3"[(k % 6) as usize];
                records.push(damaged);
                if from == Format::Pair {
                    records.push(
                        String::from_utf8_lossy(&rec)
                            .replacen(' ', ", ", 1)
                            .into_bytes(),
                    );
                }
                for opts in [&Options::default(), &letters] {
                    for r in &records {
                        taken += crate::convert::check::against_general(from, r, opts);
                    }
                }
            }
        }
        assert!(taken > 10_000, "{taken}");
    }
}
