//! The specs of the integer forms (one number: `int`, `hex`, `dec`, `bin`, `signed`, `oct`,
//! the byte dumps and `literal`) and of `pair` (two numbers), with the readings and writings
//! they share.

use super::{parse_bytes, parse_integer, parse_literal, parse_pair, render, render_encoding};
use crate::raw::{from_raw, raw_size, to_raw};
use crate::spec::{Frame, Reader, Spec};
use crate::{Format, Holds, Need, Options, ParseError, RenderError, RenderErrorKind, Value};

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

/// The `int` form.
pub(crate) const INT: Spec = Spec {
    one_number: true,
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
    one_number: true,
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
    one_number: true,
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
    one_number: true,
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
    one_number: true,
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
    one_number: true,
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
    one_number: true,
    ..Spec::one_bitboard(
        "literal",
        &[],
        "An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).",
        "0x0000_0000_0007_0507_u64",
        Reader::Text(literal),
        |v, o, out| write_encoding(Format::Literal, v, o, out),
    )
};

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
    one_number: false,
    frame: Frame::Line,
    need: Need::Sides,
    fixed: None,
    fast: None,
    read: Reader::Text(|t, o| parse_pair(t, o.size_or_default(), o.order).map(Value::Pair)),
    write: Some(write_pair),
};
