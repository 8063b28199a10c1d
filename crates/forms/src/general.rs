//! The general reading and writing: one record of any form into a [`Value`] and back, one
//! form at a time. The word paths of [`crate::read`] and [`crate::write`] are checked against
//! it (by the tests and the fuzz targets), and every record they do not take comes here.

use crate::board::Board;
use crate::coords::SquaresWords;
use crate::digits::TritsWords;
use crate::edax::EdaxWords;
use crate::fen::fast::ReadChess;
use crate::grid::GridWords;
use crate::int::forms::PairWords;
use crate::kernels::has_byte;
use crate::packed::PackedWords;
use crate::pieces::PiecesWords;
use crate::spec::{FenFirst, Frame, InTable, Reader, Readings, Spec, WordPaths};
use crate::{
    detect, fen, json, sgf, small, ErrorKind, Format, Holds, Need, Options, ParseError,
    RenderError, RenderErrorKind, Value,
};

/// Reads one record of form `format`. For binary forms pass the raw bytes.
///
/// ```
/// use bbconv_forms::{parse, Format, Options, Value};
/// let v = parse(Format::Hex, b"0xff00", &Options::default()).unwrap();
/// let Value::Single(bb) = v else { panic!() };
/// assert_eq!(bb.count(), 8);
/// ```
pub fn parse(format: Format, record: &[u8], opts: &Options) -> Result<Value, ParseError> {
    read_record(format, record, opts, true)
}

/// [`parse`] without its fast paths (the word path of small boards and the one-pass 8x8 FEN):
/// the reference the conversions' word paths are checked against (by the tests and the fuzz
/// targets). Gives the same value, or the same error, as [`parse`].
#[doc(hidden)]
pub fn parse_general(format: Format, record: &[u8], opts: &Options) -> Result<Value, ParseError> {
    read_spec(format.spec(), record, opts)
}

/// [`parse`], trying the word-level fast path of small boards only when `try_small` (a caller
/// that has just tried it does not try it again), then the form's own fast reading of its
/// bytes, then its general reading.
pub(crate) fn read_record(
    format: Format,
    record: &[u8],
    opts: &Options,
    try_small: bool,
) -> Result<Value, ParseError> {
    if try_small {
        if let Some(v) = small::read(format, record, opts) {
            return Ok(v);
        }
    }
    let spec = format.spec();
    if let Some(v) = spec.fast.and_then(|fast| fast(record, opts)) {
        return Ok(v);
    }
    read_spec(spec, record, opts)
}

/// The general reading of a form's spec: on the record's bytes, or on its text.
fn read_spec(spec: &Spec, record: &[u8], opts: &Options) -> Result<Value, ParseError> {
    match spec.read {
        Reader::Bytes(read) => read(record, opts),
        Reader::Text(read) => read(text_of(record)?, opts),
        Reader::Either { when, bytes, .. } if when(record) => bytes(record, opts),
        Reader::Either { text, .. } => text(text_of(record)?, opts),
    }
}

/// A textual record as UTF-8, without a leading byte order mark.
fn text_of(record: &[u8]) -> Result<&str, ParseError> {
    let text = std::str::from_utf8(record).map_err(|e| {
        ParseError::of(
            ErrorKind::Utf8,
            Some(e.valid_up_to()),
            "invalid UTF-8: expected text".to_string(),
        )
    })?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// Reads one textual record of form `format`: its fast reading of the bytes, if it has one
/// and it takes the text, else its general reading.
pub fn parse_str(format: Format, text: &str, opts: &Options) -> Result<Value, ParseError> {
    let spec = format.spec();
    if let Some(v) = spec.fast.and_then(|fast| fast(text.as_bytes(), opts)) {
        return Ok(v);
    }
    match spec.read {
        Reader::Bytes(read) => read(text.as_bytes(), opts),
        Reader::Text(read) => read(text, opts),
        Reader::Either { when, bytes, .. } if when(text.as_bytes()) => bytes(text.as_bytes(), opts),
        Reader::Either { text: read, .. } => read(text, opts),
    }
}

/// The `auto` form: a record read as the form detected, the general reading of any form.
pub(crate) const AUTO: Spec = Spec {
    name: "auto",
    aliases: &[],
    holds: Holds::Any,
    pieces: false,
    description: "Input only: detect the form of each record (see `bbconv formats`).",
    example: "0x70507",
    carries_size: false,
    names_squares: false,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Line,
    spans: Some(crate::span::SpanMode::Auto),
    need: Need::Sides,
    fixed: None,
    words: false,
    raw_bytes: false,
    fast: None,
    read: Reader::Either {
        when: detect::is_sgf,
        bytes: |r, o| sgf::parse(r, o.size, o.sgf_node),
        text: |t, o| {
            let f = detect(t, o)?;
            parse_str(f, t, o)
        },
    },
    write: None,
};

/// The word paths of `auto`: the fast FEN reader first, then a record in the very shape
/// bbconv writes a form in.
pub(crate) struct AutoWords;

impl WordPaths for AutoWords {
    const FEN_FIRST: FenFirst = FenFirst::WHEN_SHAPED;

    // Under -f auto a record the FEN reader accepts is FEN by the detection rules (it starts
    // with a letter or a digit, has a '/' at most 9 bytes in, and letters or digits other than
    // 0 and 1): detection is then decided by the reader itself.
    #[inline(always)]
    fn read_chess<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> bool {
        fen::read_board(r, record, need, board)
            || Self::read_after_fen(r, record, opts, need, board)
    }

    /// A record in the very shape bbconv writes a form in, which the detection rules
    /// (`DETECTION_RULES`) give that form, is read by the form's word path; `false` for
    /// anything else, which detection then reads.
    #[inline(always)]
    fn read_after_fen<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> bool {
        // Each form's own path, named (not through the dispatch over every form, which would
        // inline `fen`'s and this one's again).
        match record {
            // Rule 1.
            [b'{', ..] => json::read_board(r, record, need, board),
            // Rule 1 (several lines: a pasted board): bbconv's own 8x8 grid, read as a grid.
            [b'#', b' ', b'8', b'x', b'8', b' ', ..] => {
                GridWords::read_chess(r, record, opts, need, board)
            }
            // Rule 2: 64 squares and the side to move.
            _ if record.len() == 66 && record[64] == b' ' => {
                EdaxWords::read_chess(r, record, opts, need, board)
            }
            // A record of several lines is a pasted board to detection, not a list whose words
            // a line break separates (a pair's list path splits at any whitespace; the square
            // names' path and the others refuse a line break).
            [b'0', ..] if has_byte(record, b'\n') => false,
            // Rule 4 (no `/` in square names; the path reads chess names only).
            [b'f', b'i', b'r', b's', b't', b':', b' ', ..] => {
                SquaresWords::read_chess(r, record, opts, need, board)
            }
            // Rule 7: two integers.
            [b'0', b'x', ..] if record.len() == 37 => {
                PairWords::read_chess(r, record, opts, need, board)
            }
            // Rule 6: `P:0x...` tokens.
            [_, b':', b'0', b'x', ..] => PiecesWords::read_chess(r, record, opts, need, board),
            // Rule 8: 64 digits 0-2 that do not fit 64 bits as a decimal (21 digits or more
            // from the first one not 0).
            _ if record.len() == 64 && record.iter().take(44).any(|&c| c != b'0') => {
                TritsWords::read_chess(r, record, opts, need, board)
            }
            // Rule 10: 26 hex digits, one of them a letter (so not a decimal integer, rule 9).
            _ if record.len() == 26 && record.iter().any(|c| (b'a'..=b'f').contains(c)) => {
                PackedWords::read_chess(r, record, opts, need, board)
            }
            _ => false,
        }
    }
}

/// Writes `value` in form `format`, appending to `out` (no trailing newline).
///
/// ```
/// use bbconv_forms::{parse, render, Format, Options};
/// let opts = Options::default();
/// let v = parse(Format::Pair, b"0xffff 0xffff000000000000", &opts).unwrap();
/// let mut out = Vec::new();
/// render(Format::Packed, &v, &opts, &mut out).unwrap();
/// assert_eq!(out, b"797979010000000000d8f2f250");
/// ```
pub fn render(
    format: Format,
    value: &Value,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    if small::write(format, value, opts, out) {
        return Ok(());
    }
    render_general(format, value, opts, out)
}

/// [`render`] without its fast paths: the reference the fast paths are checked against (by the
/// tests and the fuzz targets). Gives the same bytes as [`render`].
#[doc(hidden)]
pub fn render_general(
    format: Format,
    value: &Value,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    match format.spec().write {
        Some(write) => write(value, opts, out),
        None => Err(RenderError::new(
            RenderErrorKind::InputOnly,
            format!("{format} is an input form only: choose an output form (grid draws a board)"),
        )),
    }
}
