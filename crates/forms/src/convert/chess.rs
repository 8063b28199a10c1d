//! The 8x8 word paths: a record of a form that has one read into the board's words, and the
//! words written in a form. The arms of the measured paths stay in [`read_chess`] and
//! [`write_chess`]; the longer readings and writings are steps of their own. The reading steps
//! are `#[inline]`, not `#[inline(always)]`: so, the readers of packed, squares and JSON cost
//! what they cost in one function (`bench/paths.py`), where always-inlined steps cost them 3 to
//! 5 instructions a line.

use bbconv_board::{ternary, Size};

use super::Writing;
use crate::board::{Board, Repr, PIECE_LETTERS};
use crate::fen::fast::ReadChess;
use crate::{json, small, Format, Options};

/// Reads an 8x8 record of a form with a word path into `board`; `false`, with `board` untouched, for
/// anything the general reading must see.
#[inline(always)]
pub(super) fn read_chess(
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
            if !crate::kernels::hex_bytes(t, &mut bytes) {
                return false;
            }
            match ternary::unpack_chess(&bytes) {
                Some((f, s)) => Repr::Two(f, s),
                None => return false,
            }
        }
        Format::Pair => match read_pair(t, record, opts) {
            Some((f, s)) => Repr::Two(f, s),
            None => return false,
        },
        Format::Trits => match t.try_into().ok().and_then(crate::kernels::digits64) {
            Some((f, s)) => Repr::Two(f, s),
            None => return false,
        },
        Format::Hex => match crate::int::small_integer(t, Format::Hex, 64) {
            Some(v) => Repr::One(v),
            None => return false,
        },
        Format::Squares => match t.strip_prefix(b"first: ") {
            // `first: NAMES; second: NAMES`, as bbconv writes two sides.
            Some(two) => match read_sides_names(two) {
                Some((f, s)) => Repr::Two(f, s),
                None => return false,
            },
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
        Format::Edax => return read_edax(record, board),
        Format::Pieces => match crate::pieces::read_chess(t) {
            Some(w) => Repr::Chess(w),
            None => return false,
        },
        Format::PlanesBin => match crate::planes::read_chess(record, &opts.planes) {
            Some(w) => Repr::Chess(w),
            None => return false,
        },
        Format::Grid => match read_grid(record) {
            Some(repr) => repr,
            None => return false,
        },
        _ => return false,
    };
    board.set(Size::CHESS, repr);
    true
}

/// Two integers: the form bbconv writes (`0x` and 16 digits, a space, `0x` and 16 digits), else
/// the small word path's reading of `record`; the sides must not share a square.
#[inline]
fn read_pair(t: &[u8], record: &[u8], opts: &Options) -> Option<(u64, u64)> {
    let mut words = None;
    if let (Some(a), Some(b)) = (t.get(..18), t.get(19..)) {
        if t.len() == 37 && t[18] == b' ' {
            if let (Some(f), Some(s)) = (crate::int::hex0x16(a), crate::int::hex0x16(b)) {
                words = Some((f, s));
            }
        }
    }
    match words
        .or_else(|| small::read_words(Format::Pair, record, opts).map(|w| (w.first, w.second)))
    {
        Some((f, s)) if f & s == 0 => Some((f, s)),
        _ => None,
    }
}

/// The two sides' square names after `first: ` (`NAMES; second: NAMES`), which must not share
/// a square.
#[inline]
fn read_sides_names(two: &[u8]) -> Option<(u64, u64)> {
    let at = two.windows(10).position(|w| w == b"; second: ")?;
    match (
        small::read_names(&two[..at], Size::CHESS),
        small::read_names(&two[at + 10..], Size::CHESS),
    ) {
        (Some(f), Some(s)) if f & s == 0 => Some((f, s)),
        _ => None,
    }
}

/// An Edax board: the two sides and the side to move, into `board`.
#[inline]
fn read_edax(record: &[u8], board: &mut Board<'_>) -> bool {
    match crate::edax::read_words(record) {
        Some((f, s, turn)) => {
            board.set(Size::CHESS, Repr::Two(f, s));
            board.turn = Some(turn);
            true
        }
        None => false,
    }
}

/// A printed grid: its pieces, its two sides, or its one bitboard.
#[inline]
fn read_grid(record: &[u8]) -> Option<Repr> {
    Some(match crate::grid::read_chess(record)? {
        crate::grid::ChessGrid::Pieces(w) => Repr::Chess(w),
        crate::grid::ChessGrid::Sides(f, s) => Repr::Two(f, s),
        crate::grid::ChessGrid::One(x) => Repr::One(x),
    })
}

/// Writes an 8x8 board given by its sides' words (a one-bitboard board's second word is 0) in
/// the forms that hold only the two sides; `false`, with nothing written, for the other forms.
#[inline(always)]
pub(super) fn write_sides<R: ReadChess>(
    r: &R,
    to: Format,
    f: u64,
    s: u64,
    out: &mut Vec<u8>,
) -> bool {
    match to {
        Format::Packed => r.push_packed_hex(f, s, out),
        Format::Pair => out.extend_from_slice(&crate::kernels::pair_hex_chess(r.hex2(f, s))),
        Format::Trits => out.extend_from_slice(&ternary::words_to_digits64(f, s, b'0')),
        Format::PackedBin | Format::TritsBin => small::write_words(to, 64, f, s, out),
        _ => return false,
    }
    true
}

/// Writes an 8x8 board as `writing` says, from its words; `false`, with nothing written, when
/// the general writer must (another style, a board the words do not say, an error to report).
/// A board of piece words is written from them in the forms of pieces, and every board from
/// its sides' words in the others.
#[inline(always)]
pub(super) fn write_chess<R: ReadChess>(
    r: &R,
    writing: Writing,
    board: &Board<'_>,
    opts: &Options,
    out: &mut Vec<u8>,
) -> bool {
    match (writing.to, &board.repr) {
        (Format::Fen, Repr::Chess(w)) => {
            write_fen_of_pieces(r, board, w, out);
            return true;
        }
        (Format::Pieces, Repr::Chess(w)) => {
            crate::pieces::write_chess(r, w, out);
            return true;
        }
        (Format::Json, Repr::Chess(w)) if writing.plain => {
            write_json_of_pieces(r, board, w, out);
            return true;
        }
        (Format::Grid, Repr::Chess(w)) if writing.plain => {
            crate::grid::write_chess(w, &PIECE_LETTERS[..], out);
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
    if write_sides(r, writing.to, f, s, out) {
        return true;
    }
    // The forms of one bitboard, of names, and of letters, from the sides.
    let two = !board.is_single();
    match writing.to {
        Format::Hex => match board.single(opts.layer) {
            Some(v) => crate::kernels::hex_u64(v, 16, out),
            None => return false,
        },
        Format::Squares if !two || opts.layer.is_some() => match board.single(opts.layer) {
            Some(v) => small::write_names(v, Size::CHESS, out),
            None => return false,
        },
        Format::Squares => write_names_of_sides(f, s, out),
        Format::Base3 => crate::digits::write_base3_chess(f, s, out),
        Format::Edax if matches!(board.repr, Repr::Two(..) | Repr::Chess(_)) => {
            crate::edax::write_words(f, s, board.turn(), out)
        }
        // The forms of piece letters, from two sides: the sides' letters.
        Format::Fen if two => crate::fen::words::fen_of_words(f, s, opts.letters, out),
        Format::Pieces if two && opts.letters == (b'P', b'p') => {
            let mut words = [0u64; 12];
            (words[0], words[6]) = (f, s);
            crate::pieces::write_chess(r, &words, out)
        }
        Format::PlanesBin if two => return write_planes_of_sides(f, s, opts, out),
        Format::Grid if two && writing.plain => crate::grid::write_chess(&[f, s], b"XO", out),
        // The side to move and notes of a two-player board are members of their own.
        Format::Json if writing.plain && matches!(board.repr, Repr::Two(..)) => {
            write_json_of_sides(r, f, s, board, out)
        }
        _ => return false,
    }
    true
}

/// The FEN of a board of piece words: the placement as the record wrote it, or as the words
/// give it, then the other fields.
#[inline(always)]
fn write_fen_of_pieces<R: ReadChess>(r: &R, board: &Board<'_>, w: &[u64; 12], out: &mut Vec<u8>) {
    if board.placement.is_empty() {
        let mut buf = [0u8; 80];
        let len = crate::fen::words::placement_of(r, w, &mut buf);
        crate::fen::words::fen(&buf[..len], board.fields, out);
    } else {
        crate::fen::words::fen(board.placement, board.fields, out);
    }
}

/// The default JSON object of a board of piece words, its placement as [`write_fen_of_pieces`]
/// finds it.
#[inline(always)]
fn write_json_of_pieces<R: ReadChess>(r: &R, board: &Board<'_>, w: &[u64; 12], out: &mut Vec<u8>) {
    if board.placement.is_empty() {
        let mut buf = [0u8; 80];
        let len = crate::fen::words::placement_of(r, w, &mut buf);
        json::write_chess(r, &buf[..len], board.fields, w, out);
    } else {
        json::write_chess(r, board.placement, board.fields, w, out);
    }
}

/// `first: NAMES; second: NAMES`, the square names of two sides.
#[inline(always)]
fn write_names_of_sides(f: u64, s: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(b"first: ");
    small::write_names(f, Size::CHESS, out);
    out.extend_from_slice(b"; second: ");
    small::write_names(s, Size::CHESS, out);
}

/// The JSON object of two sides: their hex words and the side to move.
#[inline(always)]
fn write_json_of_sides<R: ReadChess>(r: &R, f: u64, s: u64, board: &Board<'_>, out: &mut Vec<u8>) {
    out.extend_from_slice(json::JSON_PAIR_HEAD);
    let [a, b] = r.hex2(f, s);
    out.extend_from_slice(&a);
    out.extend_from_slice(json::JSON_PAIR_MID);
    out.extend_from_slice(&b);
    out.push(b'"');
    json::write_turn(board.turn, out);
    out.push(b'}');
}

/// The planes of two sides, as the pieces of the letters `--letters` gives them; `false` when
/// a letter is not a chess piece's.
#[inline(always)]
fn write_planes_of_sides(f: u64, s: u64, opts: &Options, out: &mut Vec<u8>) -> bool {
    let mut words = [0u64; 12];
    let (Some(a), Some(b)) = (
        PIECE_LETTERS.iter().position(|&l| l == opts.letters.0),
        PIECE_LETTERS.iter().position(|&l| l == opts.letters.1),
    ) else {
        return false;
    };
    (words[a], words[b]) = (f, s);
    crate::planes::write_chess(&words, &opts.planes, out)
}
