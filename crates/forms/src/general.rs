//! The general reading and writing: one record of any form into a [`Value`] and back, one
//! form at a time. The word paths of [`crate::read`] and [`crate::write`] are checked against
//! it (by the tests and the fuzz targets), and every record they do not take comes here.

use crate::board::Board;
use crate::fen::fast::ReadChess;
use crate::spec::{FenFirst, Frame, InTable, Reader, Readings, Spec, WordPaths};
use crate::{
    detect, fen, sgf, small, ErrorKind, Format, Holds, Need, Options, ParseError, RenderError,
    RenderErrorKind, Value,
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
    detect: &[],
    fast: None,
    read: Reader::Either {
        when: sgf::is_game_tree,
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
    /// (`detect.rs`, each form's rules) give that form, is read by the form's word path
    /// ([`WordPaths::read_shaped`], each form's in its module); `false` for anything else,
    /// which detection then reads.
    #[inline(always)]
    fn read_after_fen<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> bool {
        Format::read_any_shaped(r, record, opts, need, board)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::check;
    use crate::fen::fast::Bytes;
    use bbconv_board::Size;

    /// Records of every one-line form bbconv writes, and their near misses: a line break, a
    /// `:` second, uppercase hex, `0x` before packed digits, digits that are also a decimal,
    /// a byte too many or too few, the bytes of one form at another's length.
    fn records() -> Vec<Vec<u8>> {
        let opts = Options::default();
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        let mut out: Vec<Vec<u8>> = Vec::new();
        for k in 0..24 {
            let value = check::random_board(Size::CHESS, &mut v, k % 2 == 0);
            // Every text form written a record a line (JSON values included), from the
            // registry: the forms whose records the arms may meet.
            let one_line = Format::ALL.iter().copied().filter(|f| {
                matches!(f.framing(), crate::Framing::Line | crate::Framing::Json)
                    && f.spans().is_none()
                    && !f.is_input_only()
            });
            for form in one_line {
                let mut rec = Vec::new();
                if render_general(form, &value, &opts, &mut rec).is_ok() {
                    out.push(rec);
                }
            }
        }
        let mut shapes: Vec<Vec<u8>> = vec![
            [b"0".repeat(44), b"1".repeat(20)].concat(),
            [b"0".repeat(43), b"1".repeat(21)].concat(),
            [b"2".repeat(63), b"3".to_vec()].concat(),
            b"0".repeat(26),
            b"12345678901234567890123456".to_vec(),
            b"ABCDEF0123456789ABCDEF0123".to_vec(),
            b"0x797928010000010000d8f2f2".to_vec(),
            b"1:0x0000000000ff00a1b2c3d4".to_vec(),
            // Pieces of 26 bytes with their spaces, a hex letter among them: the pieces'
            // arm, not the hex's.
            b"P:0x000000000000ff00      ".to_vec(),
            b"P:0x000000000000ff00 k:0x1".to_vec(),
            // And of 64: the pieces' arm, not the digits'.
            b"P:0x000000000000ff00 N:0x0000000000000042 B:0x0000000000000024  ".to_vec(),
            [b"P:0x".to_vec(), b"a".repeat(60)].concat(),
            [b"1:".to_vec(), b"1".repeat(62)].concat(),
            b"first: a1 b2 c3 d4 e5 f6 h".to_vec(),
            b"first: a1 b2 c3; second: f6".to_vec(),
            b"first: a1; second: h8 ".repeat(3)[..64].to_vec(),
            // Integers as int's rule reads them, of the length of packed digits: binary (which
            // may fit 64 bits), decimal with leading zeros (fits) or without (does not).
            b"0b000000000000000000000001".to_vec(),
            b"0B000000000000000000000001".to_vec(),
            b"0b000000000000000000000002".to_vec(),
            b"0o000000000000000000000001".to_vec(),
            b"0x000000000000000000000001".to_vec(),
            b"00000018446744073709551615".to_vec(),
            b"00000018446744073709551616".to_vec(),
            b"00000100000000000000000000".to_vec(),
            b"10000000000000000000000000".to_vec(),
            b"79792801000001000000000000".to_vec(),
            b"797928010000010000D8F2F250".to_vec(),
            b"-79792801000001000000000000".to_vec(),
            [b"0".repeat(44), b"18446744073709551615".to_vec()].concat(),
            [b"0".repeat(44), b"18446744073709551616".to_vec()].concat(),
            b"0x00000000ffff0000 0x00000000000000ff".to_vec(),
            b"0x0000000000000001 0x0000000000000001".to_vec(),
            b"0x0000000000000001 0X0000000000000002".to_vec(),
            b"0x000000000000001\n 0x0000000000000002".to_vec(),
            b"0x000000000000001  0x0000000000000002".to_vec(),
            b"0 1".to_vec(),
            b"1 2 3".to_vec(),
            b"12 34".to_vec(),
            b"0x00000000ffff0000\n0x00000000000000ff".to_vec(),
            b"0".to_vec(),
            b"1".to_vec(),
        ];
        // Each form's record with one byte changed to a line break, a colon, a capital, a
        // space; and a byte more or fewer.
        for rec in out.iter().chain(shapes.clone().iter()) {
            for at in [0, 1, 2, 17, 18, 25, 36, 43, 44, 63, 64, 65] {
                for b in [b'\n', b':', b'A', b' ', b'0', b'f'] {
                    if at < rec.len() {
                        let mut r = rec.clone();
                        r[at] = b;
                        shapes.push(r);
                    }
                }
            }
            shapes.push(rec[..rec.len() - 1].to_vec());
            shapes.push([rec.as_slice(), b"0"].concat());
        }
        out.extend(shapes);
        out
    }

    /// At most one form's shape ([`WordPaths::read_shaped`]) claims a record; a record a
    /// form's shape reads is one detection gives that form, and it converts to every output
    /// form as detection and the general reading convert it; the shapes read records of each
    /// one-line form.
    #[test]
    fn arms_read_what_detection_reads() {
        let opts = Options::default();
        let mut taken = std::collections::BTreeMap::new();
        for rec in &records() {
            // The forms' shapes do not overlap: at most one claims a record.
            let claims: Vec<Format> = Format::ALL
                .iter()
                .copied()
                .filter(|f| {
                    let mut board = Board::new();
                    f.read_shaped(&Bytes, rec, &opts, Need::Train, &mut board)
                        .is_some()
                })
                .collect();
            assert!(claims.len() <= 1, "{claims:?}: {rec:?}");
            let mut board = Board::new();
            if AutoWords::read_after_fen(&Bytes, rec, &opts, Need::Train, &mut board) {
                let form = crate::detect(&String::from_utf8_lossy(rec), &opts);
                let form = form.unwrap_or_else(|e| panic!("{e:?}: {rec:?}"));
                *taken.entry(form.name()).or_insert(0) += 1;
            }
            check::against_general(Format::Auto, rec, &opts);
        }
        for form in [
            "pair", "packed", "trits", "squares", "pieces", "json", "edax",
        ] {
            assert!(
                taken.get(form).is_some_and(|&n| n >= 10),
                "{form}: {taken:?}"
            );
        }
    }
}
