//! The `pieces` form: one bitboard per piece letter, `P:0x... p:0x...`, in the fixed order of
//! [`bbconv_board::placement::CHESS_PIECE_ORDER`] then other letters; `-` for an empty board.

use crate::board::{Board, Repr};
use crate::detect::Rule;
use crate::fen::fast::ReadChess;
use crate::kernels::has_byte;
use crate::spec::{Frame, InTable, Reader, Readings, Spec, WordPaths, Writing};
use crate::{int, Format, Options, ParseError, RenderError};
use crate::{Holds, Need, Value};
use bbconv_board::placement::{Piece, Placement};
use bbconv_board::{Numbering, Order, Size};

/// Writes one `LETTER:HEX` a piece letter present.
pub(crate) fn render(
    pl: &Placement,
    order: Numbering,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    let digits = pl.size().squares().div_ceil(4);
    if order == Order::Lerf {
        let start = out.len();
        let written = pl.for_each_piece_word(|letter, word| {
            if out.len() > start {
                out.push(b' ');
            }
            out.push(letter);
            out.push(b':');
            crate::kernels::hex_u64(word, digits, out);
        });
        if written {
            if out.len() == start {
                out.push(b'-');
            }
            return Ok(());
        }
    }
    let boards = pl.piece_bitboards();
    if boards.is_empty() {
        out.push(b'-');
    }
    for (k, (letter, bb)) in boards.iter().enumerate() {
        if k > 0 {
            out.push(b' ');
        }
        out.push(*letter);
        out.push(b':');
        int::render(Format::Hex, &crate::to_raw(order, bb)?, out);
    }
    Ok(())
}

/// Reads `LETTER:INTEGER` tokens back into a placement; two letters on one square is an error.
pub(crate) fn parse(text: &str, size: Size, order: Numbering) -> Result<Placement, ParseError> {
    let raw_size = crate::raw_size(order, size)?;
    let mut pl = Placement::empty(size);
    let (start, t) = crate::list_body(text, 0)?;
    if t == "-" {
        return Ok(pl);
    }
    if t.is_empty() {
        return Err(ParseError::new(
            Some(start),
            "empty input: expected LETTER:INTEGER pairs such as P:0xff00",
        ));
    }
    let mut off = start;
    for tok in t.split(|c: char| (c.is_ascii() && crate::blank(c as u8)) || c == ',') {
        let here = off;
        off += tok.len() + 1;
        if tok.is_empty() {
            continue;
        }
        let b = tok.as_bytes();
        if b.len() < 3 || !b[0].is_ascii_alphabetic() || !(b[1] == b':' || b[1] == b'=') {
            return Err(ParseError::new(
                Some(here),
                format!(
                    "found {tok:?}: expected a piece letter, ':' and an integer, such as P:0xff00"
                ),
            ));
        }
        let raw = int::parse_integer(&tok[2..], Format::Int, raw_size)
            .map_err(|e| e.shifted(here + 2))?;
        let bb = crate::from_raw(order, size, &raw).map_err(|e| e.shifted(here + 2))?;
        for sq in bb.squares() {
            let i = sq.index(size);
            if let Some(other) = pl.get(i) {
                return Err(ParseError::new(
                    Some(here),
                    format!(
                        "square {sq} is in both {} and {}: a square holds one piece",
                        other.letter as char, b[0] as char
                    ),
                ));
            }
            pl.set(i, Some(Piece::new(b[0])));
        }
    }
    Ok(pl)
}

/// The word path of `pieces` on an 8x8 board in LERF, as bbconv writes it: tokens `L:0x` and
/// 16 hex digits of chess piece letters, one space between (or `-`), into one word a letter;
/// `None` for anything else (another spelling, a letter twice, two letters on a square), which
/// the general reading reads or reports.
#[inline]
pub(crate) fn read_chess(t: &[u8]) -> Option<[u64; 12]> {
    let mut words = [0u64; 12];
    if t == b"-" {
        return Some(words);
    }
    let (mut seen, mut all) = (0u16, 0u64);
    let mut at = 0;
    loop {
        let tok: &[u8; 20] = t.get(at..at + 20)?.try_into().ok()?;
        let k = crate::fen::fast::PIECE_INDEX[tok[0] as usize] as usize;
        // Byte by byte: a slice comparison is a call.
        if k >= 12 || tok[1] != b':' || tok[2] != b'0' || tok[3] != b'x' || seen >> k & 1 == 1 {
            return None;
        }
        let w = crate::kernels::hex16(tok[4..20].try_into().ok()?)?;
        if all & w != 0 {
            return None;
        }
        seen |= 1 << k;
        words[k] = w;
        all |= w;
        match t.get(at + 20) {
            None => return Some(words),
            Some(b' ') => at += 21,
            Some(_) => return None,
        }
    }
}

/// `P:0x... N:0x...`, one token a letter on the board in [`crate::board::PIECE_LETTERS`] order; `-` for none.
#[inline(always)]
pub(crate) fn write_chess<K: crate::kernels::Simd>(r: &K, words: &[u64; 12], out: &mut Vec<u8>) {
    let mut buf = [0u8; 12 * 21];
    let mut len = 0;
    let digits = r.hex12(words);
    for ((&w, &letter), digits) in words.iter().zip(crate::board::PIECE_LETTERS).zip(&digits) {
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

/// The word paths of `pieces`: an 8x8 board's piece words.
pub(crate) struct PiecesWords;

impl WordPaths for PiecesWords {
    #[inline(always)]
    fn read_shaped<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> Option<bool> {
        // Pieces' rule: `P:0x...` tokens (a record of several lines that starts with `0` is
        // a pasted board to detection).
        match record {
            [first, b':', b'0', b'x', ..] => Some(
                !(*first == b'0' && has_byte(record, b'\n'))
                    && Self::read_chess(r, record, opts, need, board),
            ),
            _ => None,
        }
    }

    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        _: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        board.set_chess(read_chess(record.trim_ascii()).map(Repr::Chess))
    }

    #[inline(always)]
    fn write_chess<R: ReadChess>(
        r: &R,
        _: Writing,
        board: &Board<'_>,
        opts: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        if let Repr::Chess(w) = &board.repr {
            write_chess(r, w, out);
            return true;
        }
        // Two sides: the letters `--letters` gives them, when they are the default ones.
        match board.sides() {
            Some((f, s)) if !board.is_single() && opts.letters == (b'P', b'p') => {
                let mut words = [0u64; 12];
                (words[0], words[6]) = (f, s);
                write_chess(r, &words, out);
                true
            }
            _ => false,
        }
    }
}

/// `-f auto`'s rule for pieces (`detect.rs`).
const DETECT: [Rule; 1] = [Rule {
    rank: 60,
    words: "tokens like P:0x...: pieces",
    test: |p| {
        let piece = |s: &str| {
            let b = s.as_bytes();
            b.len() > 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'=')
        };
        p.tokens().all(piece).then_some(Ok(Format::Pieces))
    },
}];

/// The `pieces` form.
pub(crate) const SPEC: Spec = Spec {
    name: "pieces",
    aliases: &[],
    holds: Holds::Any,
    pieces: true,
    description: "One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.",
    example: "P:0x000000000000ff00 p:0x00ff000000000000",
    carries_size: false,
    names_squares: false,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Line,
    spans: None,
    need: Need::All,
    fixed: None,
    words: false,
    raw_bytes: false,
    detect: &DETECT,
    fast: None,
    read: Reader::Text(|t, o| parse(t, o.size_or_default(), o.order).map(Value::Pieces)),
    write: Some(|v, o, out| render(&v.to_placement(o), o.to_order, out)),
};
