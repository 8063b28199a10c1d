//! The specs of the integer forms (one number: `int`, `hex`, `dec`, `bin`, `signed`, `oct`,
//! the byte dumps and `literal`) and of `pair` (two numbers), with the readings and writings
//! they share.

use super::{hex0x16, small_integer};
use super::{parse_bytes, parse_integer, parse_literal, parse_pair, render, render_encoding};
use crate::board::{Board, Repr};
use crate::detect::Rule;
use crate::fen::fast::ReadChess;
use crate::kernels::{has_byte, hex_u64, pair_hex_chess};
use crate::raw::{from_raw, raw_size, to_raw};
use crate::small::{read_words, write_pair_hex};
use crate::spec::{
    write_from_sides, Direct, Frame, InTable, Reader, Readings, Spec, WordPaths, Words, Writing,
};
use crate::{blank, Format, Holds, Need, Options, ParseError, RenderError, RenderErrorKind, Value};
use bbconv_board::Size;

/// One number of `format` read as a bitboard under the order and size given.
fn number(format: Format, text: &str, opts: &Options) -> Result<Value, ParseError> {
    let size = opts.size_or_default();
    let raw = parse_integer(text, format, raw_size(opts.order, size)?)?;
    Ok(Value::Single(from_raw(opts.order, size, &raw)?))
}

/// A byte dump (lowest byte first when `le`) read as a bitboard.
fn bytes(text: &str, le: bool, opts: &Options) -> Result<Value, ParseError> {
    let size = opts.size_or_default();
    let raw = parse_bytes(text, raw_size(opts.order, size)?, le)?;
    Ok(Value::Single(from_raw(opts.order, size, &raw)?))
}

/// An integer literal of any language read as a bitboard.
fn literal(text: &str, opts: &Options) -> Result<Value, ParseError> {
    let size = opts.size_or_default();
    let raw = parse_literal(text, raw_size(opts.order, size)?)?;
    Ok(Value::Single(from_raw(opts.order, size, &raw)?))
}

/// A bitboard written as a plain number (`int`, `hex`, `dec`, `bin`).
fn write_plain(
    format: Format,
    value: &Value,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    let bb = value.to_single(opts.layer)?;
    render(format, &to_raw(opts.to_order, &bb)?, out);
    Ok(())
}

/// A bitboard written in an encoding that may not fit (`signed`, `oct`, the byte dumps,
/// `literal`).
fn write_encoding(
    format: Format,
    value: &Value,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    let bb = value.to_single(opts.layer)?;
    render_encoding(format, &to_raw(opts.to_order, &bb)?, opts.lang, out)
        .map_err(|m| RenderError::new(RenderErrorKind::TooBig, m))
}

/// The two sides written as two hex numbers.
fn write_pair(value: &Value, opts: &Options, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let p = value.to_pair();
    render(Format::Hex, &to_raw(opts.to_order, p.first())?, out);
    out.push(b' ');
    render(Format::Hex, &to_raw(opts.to_order, p.second())?, out);
    Ok(())
}

/// The small word path's reading of one integer of `format` (`int`, `hex`, `dec`, `bin`).
#[inline(always)]
fn small_number(format: Format, t: &[u8], size: Size) -> Option<Words> {
    Some(Words::one(size, small_integer(t, format, size.squares())?))
}

/// The small word path's writing of one bitboard as hex digits (`int`, `hex`).
#[inline(always)]
fn write_small_hex(w: Words, out: &mut Vec<u8>) -> bool {
    !w.two && {
        hex_u64(w.first, w.size.squares().div_ceil(4), out);
        true
    }
}

/// The word paths of `int`: boards of at most 64 squares.
pub(crate) struct IntWords;

impl WordPaths for IntWords {
    #[inline(always)]
    fn read_small(t: &[u8], size: Size, _: &Options) -> Option<Words> {
        small_number(Format::Int, t, size)
    }

    #[inline(always)]
    fn write_small(w: Words, _: &Options, out: &mut Vec<u8>) -> bool {
        write_small_hex(w, out)
    }
}

/// The word paths of `hex`: 8x8 boards and boards of at most 64 squares.
pub(crate) struct HexWords;

impl WordPaths for HexWords {
    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        _: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        let one = small_integer(record.trim_ascii(), Format::Hex, 64);
        board.set_chess(one.map(Repr::One))
    }

    #[inline(always)]
    fn read_small(t: &[u8], size: Size, _: &Options) -> Option<Words> {
        small_number(Format::Hex, t, size)
    }

    #[inline(always)]
    fn write_chess<R: ReadChess>(
        _: &R,
        _: Writing,
        board: &Board<'_>,
        opts: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        if board.sides().is_none() {
            return false;
        }
        let Some(v) = board.single(opts.layer) else {
            return false;
        };
        hex_u64(v, 16, out);
        true
    }

    #[inline(always)]
    fn write_small(w: Words, _: &Options, out: &mut Vec<u8>) -> bool {
        write_small_hex(w, out)
    }
}

/// The word paths of `dec`: boards of at most 64 squares.
pub(crate) struct DecWords;

impl WordPaths for DecWords {
    #[inline(always)]
    fn read_small(t: &[u8], size: Size, _: &Options) -> Option<Words> {
        small_number(Format::Dec, t, size)
    }
}

/// The word paths of `bin`: boards of at most 64 squares.
pub(crate) struct BinWords;

impl WordPaths for BinWords {
    #[inline(always)]
    fn read_small(t: &[u8], size: Size, _: &Options) -> Option<Words> {
        small_number(Format::Bin, t, size)
    }
}

/// The word paths of `pair`: 8x8 boards and boards of at most 64 squares.
pub(crate) struct PairWords;

impl WordPaths for PairWords {
    #[inline(always)]
    fn read_shaped<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> Option<bool> {
        // Pair's rule: two integers, in the layout bbconv writes (`0x` and 16 digits, a space,
        // `0x` and 16 digits) read in place; a record of several lines is a pasted board to
        // detection, not a list whose words a line break separates (the list path splits at
        // any whitespace).
        if record.len() != 37 || !record.starts_with(b"0x") {
            return None;
        }
        if record[18] == b' ' {
            if let (Some(f), Some(s)) = (hex0x16(&record[..18]), hex0x16(&record[19..])) {
                return Some(board.set_chess((f & s == 0).then_some(Repr::Two(f, s))));
            }
        }
        Some(!has_byte(record, b'\n') && Self::read_chess(r, record, opts, need, board))
    }

    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        opts: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        // The length bbconv writes needs no trimming: the record is taken as it is.
        let t = match record.len() {
            37 => record,
            _ => record.trim_ascii(),
        };
        board.set_chess(read_pair_chess(t, record, opts).map(|(f, s)| Repr::Two(f, s)))
    }

    #[inline(always)]
    fn read_small(t: &[u8], size: Size, _: &Options) -> Option<Words> {
        let n = size.squares();
        // A separator inside either number is not a digit: the integer reading refuses it.
        let is_sep = |c: &u8| *c == b',' || blank(*c);
        let a = t.iter().position(is_sep)?;
        let gap = t[a..].iter().position(|c| !is_sep(c))?;
        let b = &t[a + gap..];
        // A CR beside the separator is no blank of a list (`crate::list_body`): the general
        // reading refuses it, and the integer reading would trim it.
        if t[..a].last() == Some(&b'\r') || b.first() == Some(&b'\r') {
            return None;
        }
        if gap > 1 && t[a..a + gap].iter().filter(|&&c| c == b',').count() > 1 {
            return None;
        }
        let f = small_integer(&t[..a], Format::Int, n)?;
        let s = small_integer(b, Format::Int, n)?;
        Some(Words::two(size, f, s))
    }

    write_from_sides!(|r, f, s, out| out.extend_from_slice(&pair_hex_chess(r.hex2(f, s))));

    #[inline(always)]
    fn write_small(w: Words, _: &Options, out: &mut Vec<u8>) -> bool {
        write_pair_hex(w.size.squares(), w.first, w.second, out);
        true
    }
}

/// Two integers: the form bbconv writes (`0x` and 16 digits, a space, `0x` and 16 digits), else
/// the small word path's reading of `record`; the sides must not share a square.
#[inline]
fn read_pair_chess(t: &[u8], record: &[u8], opts: &Options) -> Option<(u64, u64)> {
    let mut words = None;
    if let (Some(a), Some(b)) = (t.get(..18), t.get(19..)) {
        if t.len() == 37 && t[18] == b' ' {
            if let (Some(f), Some(s)) = (hex0x16(a), hex0x16(b)) {
                words = Some((f, s));
            }
        }
    }
    match words.or_else(|| read_words(Format::Pair, record, opts).map(|w| (w.first, w.second))) {
        Some((f, s)) if f & s == 0 => Some((f, s)),
        _ => None,
    }
}

/// `-f auto`'s rule for an integer (`detect.rs`): after trits' and packed digits', which name
/// an integer their digits could also be.
const DETECT_INT: [Rule; 1] = [Rule {
    rank: 90,
    words: "one integer (0x, 0b, 0o, decimal, -): int",
    test: |p| {
        p.one_token()
            .is_some_and(is_int_token)
            .then_some(Ok(Format::Int))
    },
}];

/// Whether `t` is one integer token as rule `int` takes it: a base prefix and digits (or `_`),
/// or decimal digits; `-` first allowed.
pub(crate) fn is_int_token(t: &str) -> bool {
    let t = t.strip_prefix('-').unwrap_or(t);
    let b = t.as_bytes();
    if b.len() > 2 && b[0] == b'0' && matches!(b[1], b'x' | b'X' | b'b' | b'B' | b'o' | b'O') {
        return b[2..].iter().all(|c| c.is_ascii_hexdigit() || *c == b'_');
    }
    !b.is_empty() && b.iter().all(|c| c.is_ascii_digit() || *c == b'_') && b[0] != b'_'
}

/// Whether `t` is an integer that fits a board of `size` (it is then also an `int`).
pub(crate) fn fits_int(t: &str, size: Size) -> bool {
    parse_integer(t, Format::Int, size).is_ok()
}

/// The `int` form.
pub(crate) const INT: Spec = Spec {
    detect: &DETECT_INT,
    readings: Readings::Numbers,
    ..Spec::one_bitboard(
        "int",
        &["integer"],
        "An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two's complement. Written as hex.",
        "-9223372036854775808",
        Reader::Text(|t, o| number(Format::Int, t, o)),
        |v, o, out| write_plain(Format::Int, v, o, out),
    )
};

/// The `hex` form.
pub(crate) const HEX: Spec = Spec {
    readings: Readings::Numbers,
    ..Spec::one_bitboard(
        "hex",
        &[],
        "Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.",
        "0x0000000000070507",
        Reader::Text(|t, o| number(Format::Hex, t, o)),
        |v, o, out| write_plain(Format::Hex, v, o, out),
    )
};

/// The `dec` form.
pub(crate) const DEC: Spec = Spec {
    readings: Readings::Numbers,
    ..Spec::one_bitboard(
        "dec",
        &["decimal"],
        "Unsigned decimal integer (input: also negative, two's complement in N bits).",
        "460039",
        Reader::Text(|t, o| number(Format::Dec, t, o)),
        |v, o, out| write_plain(Format::Dec, v, o, out),
    )
};

/// The `bin` form.
pub(crate) const BIN: Spec = Spec {
    readings: Readings::Numbers,
    ..Spec::one_bitboard(
        "bin",
        &["binary"],
        "Binary integer, `0b` and N digits.",
        "0b0000000000000000000000000000000000000000000001110000010100000111",
        Reader::Text(|t, o| number(Format::Bin, t, o)),
        |v, o, out| write_plain(Format::Bin, v, o, out),
    )
};

/// The `signed` form.
pub(crate) const SIGNED: Spec = Spec {
    readings: Readings::Numbers,
    ..Spec::one_bitboard(
        "signed",
        &[],
        "Signed decimal integer: two's complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.",
        "-9151314442816847872",
        Reader::Text(|t, o| number(Format::Signed, t, o)),
        |v, o, out| write_encoding(Format::Signed, v, o, out),
    )
};

/// The `oct` form.
pub(crate) const OCT: Spec = Spec {
    readings: Readings::Numbers,
    ..Spec::one_bitboard(
        "oct",
        &["octal"],
        "Octal integer, `0o` and ceil(N/3) digits.",
        "0o0000000000000001602407",
        Reader::Text(|t, o| number(Format::Oct, t, o)),
        |v, o, out| write_encoding(Format::Oct, v, o, out),
    )
};

/// The `bytes-le` form.
pub(crate) const BYTES_LE: Spec = Spec::one_bitboard(
    "bytes-le",
    &[],
    "The integer's ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).",
    "07 05 07 00 00 00 00 00",
    Reader::Text(|t, o| bytes(t, true, o)),
    |v, o, out| write_encoding(Format::BytesLe, v, o, out),
);

/// The `bytes-be` form.
pub(crate) const BYTES_BE: Spec = Spec::one_bitboard(
    "bytes-be",
    &[],
    "The integer's ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).",
    "00 00 00 00 00 07 05 07",
    Reader::Text(|t, o| bytes(t, false, o)),
    |v, o, out| write_encoding(Format::BytesBe, v, o, out),
);

/// The `literal` form.
pub(crate) const LITERAL: Spec = Spec {
    readings: Readings::Numbers,
    ..Spec::one_bitboard(
        "literal",
        &[],
        "An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).",
        "0x0000_0000_0007_0507_u64",
        Reader::Text(literal),
        |v, o, out| write_encoding(Format::Literal, v, o, out),
    )
};

/// `-f auto`'s rule for a pair (`detect.rs`).
const DETECT_PAIR: [Rule; 1] = [Rule {
    rank: 70,
    words: "two integers: pair",
    test: |p| {
        let two = p.tokens().take(3).count() == 2;
        (two && p.tokens().all(is_int_token)).then_some(Ok(Format::Pair))
    },
}];

/// The `pair` form.
pub(crate) const PAIR: Spec = Spec {
    name: "pair",
    aliases: &[],
    holds: Holds::Two,
    pieces: false,
    description: "Two integers, first and second, separated by space or comma.",
    example: "0xffff 0xffff000000000000",
    carries_size: false,
    names_squares: false,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Numbers,
    frame: Frame::Line,
    spans: None,
    need: Need::Sides,
    fixed: None,
    words: true,
    raw_bytes: false,
    detect: &DETECT_PAIR,
    fast: None,
    read: Reader::Text(|t, o| parse_pair(t, o.size_or_default(), o.order).map(Value::Pair)),
    write: Some(write_pair),
};
