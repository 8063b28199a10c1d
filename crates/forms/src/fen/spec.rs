//! The FEN form's spec and word paths: a placement read on its bytes when it is the common 8x8
//! one, else by the general reading, and checked against the size given; an 8x8 board written
//! from its piece words or its two sides.

use crate::detect::Rule;
use crate::Format;
use bbconv_board::placement::Placement;
use bbconv_board::Size;

use super::fast::ReadChess;
use super::{parse_general, parse_small, read_board, render, words};
use crate::board::{Board, Repr};
use crate::spec::{FenFirst, Frame, InTable, Reader, Readings, Spec, WordPaths, Writing};
use crate::{Holds, Need, Options, ParseError, Value};

/// Whether `record` may be a FEN by a cheap look: a `/` within its first nine bytes, as a
/// placement's first rank ends by then (at most eight squares). The fast readers take no record
/// without one; one that is not read so goes to the general reading, which reads a FEN too.
///
/// About 8 instructions: the bytes 1 to 8 in one word, searched at once.
#[inline(always)]
pub(crate) fn may_be_fen(record: &[u8]) -> bool {
    match record.get(1..9) {
        Some(w) => {
            let v =
                u64::from_le_bytes(w.try_into().unwrap_or_default()) ^ crate::kernels::splat(b'/');
            crate::kernels::zero_byte(v)
        }
        None => record.iter().skip(1).any(|&c| c == b'/'),
    }
}

/// The word paths of `fen`: the fast 8x8 reader, and the writing of piece words or two sides.
pub(crate) struct FenWords;

impl WordPaths for FenWords {
    const FEN_FIRST: FenFirst = FenFirst::ALWAYS;

    #[inline(always)]
    fn read_chess<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        _: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> bool {
        read_board(r, record, need, board)
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
            write_fen_of_pieces(r, board, w, out);
            return true;
        }
        // Two sides: the letters `--letters` gives them.
        match board.sides() {
            Some((f, s)) if !board.is_single() => {
                words::fen_of_words(f, s, opts.letters, out);
                true
            }
            _ => false,
        }
    }
}

/// The FEN of a board of piece words: the placement as the record wrote it, or as the words
/// give it, then the other fields. A placement of the words and fields a word path wrote
/// ([`Board::own`]) are put together in one buffer, each copy of a fixed size, and appended at
/// once (one copy of a variable length where there were two and a push).
#[inline(always)]
fn write_fen_of_pieces<R: ReadChess>(r: &R, board: &Board<'_>, w: &[u64; 12], out: &mut Vec<u8>) {
    if !board.placement.is_empty() {
        words::fen(board.placement, board.fields(), out);
        return;
    }
    // The longest placement (71 bytes), a space and the whole fields' buffer fit.
    let mut buf = [0u8; 128];
    let Some(head) = buf.first_chunk_mut::<80>() else {
        return;
    };
    let len = words::placement_of(r, w, head);
    let end = match &board.own {
        Some(own) => {
            let (fields, n) = own.buffer();
            if let Some(space) = buf.get_mut(len) {
                *space = b' ';
            }
            if let Some(to) = buf.get_mut(len + 1..len + 1 + fields.len()) {
                to.copy_from_slice(fields);
            }
            if n == 0 {
                len
            } else {
                len + 1 + n
            }
        }
        None => {
            words::fen(&buf[..len], board.fields, out);
            return;
        }
    };
    // Appended 64 bytes at a time and cut back, not a copy of variable length (a call of the
    // library's copy: about 10 instructions a record, `-f sf-bin -t fen`).
    words::append(out, &buf, end);
}

/// A placement read from FEN as a value, checked against the size given.
pub(crate) fn value(
    pl: Result<Placement, ParseError>,
    opts: &Options,
) -> Result<Value, ParseError> {
    let pl = pl?;
    opts.check_size(pl.size())?;
    Ok(Value::Pieces(pl))
}

/// `-f auto`'s rule for FEN (`detect.rs`): after rows' and EPD's, any other record with a `/`.
const DETECT: [Rule; 1] = [Rule {
    rank: 32,
    words: "contains / (any other record): fen",
    test: |p| p.text.contains('/').then_some(Ok(Format::Fen)),
}];

/// Whether a FEN or EPD table cell `t` of `size` is taken for a board under `-f auto`: 2
/// ranks or more, all of one width of 2 or more (the reader checks that they are of one
/// width); a placement alone (nothing after it) needs 3 ranks or more, a piece, and only the
/// chess letters and digits, so that labels (`TP/FP`, `NA/NA`, `kk/KK`), ratios (`2/2`) and
/// dates (`12/12/12`) are text.
pub(crate) fn plausible_fen(t: &str, size: Size) -> bool {
    // ASCII whitespace only, as a table's field is trimmed: a vertical tab or a Unicode space
    // at an end is text.
    let t = t.as_bytes().trim_ascii();
    if size.width() < 2 || size.height() < 2 {
        return false;
    }
    if t.iter().any(u8::is_ascii_whitespace) {
        return true;
    }
    size.height() >= 3
        && t.iter().any(u8::is_ascii_alphabetic)
        && t.iter()
            .all(|c| c.is_ascii_digit() || b"/PNBRQKpnbrqk".contains(c))
}
/// The `fen` form.
pub(crate) const SPEC: Spec = Spec {
    name: "fen",
    aliases: &[],
    holds: Holds::Any,
    pieces: true,
    description: "FEN placement (chess or any-size variant), optionally with its other fields.",
    example: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    carries_size: true,
    names_squares: true,
    own_reading: None,
    in_table: InTable::When(plausible_fen),
    readings: Readings::Plain,
    frame: Frame::Line,
    spans: None,
    need: Need::All,
    fixed: None,
    words: false,
    raw_bytes: false,
    detect: &DETECT,
    fast: Some(|r, o| parse_small(r, o).map(Value::Pieces)),
    read: Reader::Text(|t, o| value(parse_general(t, o), o)),
    write: Some(|v, o, out| {
        render(&v.to_placement(o), out);
        Ok(())
    }),
};
