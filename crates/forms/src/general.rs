//! The general reading and writing: one record of any form into a [`Value`] and back, one
//! form at a time. The word paths of [`crate::read`] and [`crate::write`] are checked against
//! it (by the tests and the fuzz targets), and every record they do not take comes here.

use bbconv_board::{Placement, Size};

use crate::raw::{from_raw, raw_size, to_raw};
use crate::{
    coords, detect, digits, edax, epd, fen, go, grid, int, json, packed, paste, pdn, pieces,
    planes, sgf, small, ErrorKind, Format, Options, ParseError, RenderError, RenderErrorKind,
    Value,
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
    if format != Format::Fen {
        return read_record(format, record, opts, false);
    }
    let text = text_of(record)?;
    fen_value(fen::parse_general(text, opts), opts)
}

/// [`parse`], trying the word-level fast path of small boards only when `try_small` (a caller
/// that has just tried it does not try it again).
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
    if format == Format::Fen {
        // The common 8x8 FEN is read on its bytes, before (and without) a UTF-8 pass.
        if let Some(pl) = fen::parse_small(record, opts) {
            return Ok(Value::Pieces(pl));
        }
    }
    if format == Format::PlanesBin {
        return planes::parse(record, opts);
    }
    if format.is_binary() {
        return packed::parse_binary(format, record, opts);
    }
    // SGF is read on its bytes: a comment may be in any encoding (`CA[GB2312]`).
    if format == Format::Sgf || (format == Format::Auto && detect::is_sgf(record)) {
        return sgf::parse(record, opts.size, opts.sgf_node);
    }
    let text = text_of(record)?;
    if format == Format::Fen {
        // `parse_small` was tried above: straight to the general reading.
        return fen_value(fen::parse_general(text, opts), opts);
    }
    parse_str(format, text, opts)
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

/// A placement read from FEN as a value, checked against the size given.
fn fen_value(pl: Result<Placement, ParseError>, opts: &Options) -> Result<Value, ParseError> {
    let pl = pl?;
    opts.check_size(pl.size())?;
    Ok(Value::Pieces(pl))
}

/// Reads one textual record of form `format`.
pub fn parse_str(format: Format, text: &str, opts: &Options) -> Result<Value, ParseError> {
    let size = opts.size_or_default();
    match format {
        Format::Auto => {
            let f = detect(text, opts)?;
            parse_str(f, text, opts)
        }
        Format::Int | Format::Hex | Format::Dec | Format::Bin | Format::Oct | Format::Signed => {
            let raw = int::parse_integer(text, format, raw_size(opts.order, size)?)?;
            Ok(Value::Single(from_raw(opts.order, size, &raw)?))
        }
        Format::BytesLe | Format::BytesBe => {
            let raw_size = raw_size(opts.order, size)?;
            let raw = int::parse_bytes(text, raw_size, format == Format::BytesLe)?;
            Ok(Value::Single(from_raw(opts.order, size, &raw)?))
        }
        Format::Literal => {
            let raw = int::parse_literal(text, raw_size(opts.order, size)?)?;
            Ok(Value::Single(from_raw(opts.order, size, &raw)?))
        }
        Format::Base2 | Format::Bits | Format::Rows => {
            digits::parse_single(format, text, size, opts.order).map(Value::Single)
        }
        Format::Trits | Format::Base3 => digits::parse_two(format, text, size, opts.order),
        Format::Squares | Format::Indices | Format::Coords => {
            coords::parse_as(format, text, size, opts)
        }
        Format::Pair => int::parse_pair(text, size, opts.order).map(Value::Pair),
        Format::Packed => packed::parse_hex(text, opts),
        Format::PackedBin | Format::TritsBin => packed::parse_binary(format, text.as_bytes(), opts),
        Format::PlanesBin => planes::parse(text.as_bytes(), opts),
        Format::Grid => {
            let v = grid::parse(text)?;
            opts.check_size(v.size())?;
            Ok(v)
        }
        Format::Fen => fen_value(fen::parse(text, opts), opts),
        Format::Epd => {
            let v = epd::parse(text, opts)?;
            opts.check_size(v.size())?;
            Ok(v)
        }
        Format::Pieces => pieces::parse(text, size, opts.order).map(Value::Pieces),
        Format::Json => json::parse(text, opts),
        Format::Edax => {
            opts.check_size(Size::CHESS)?;
            edax::parse(text).map(Value::Pair)
        }
        Format::Sgf => sgf::parse(text.as_bytes(), opts.size, opts.sgf_node),
        Format::Paste => paste::parse(text, opts.size),
        Format::Pdn => pdn::parse(text, opts.size),
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
    let order = opts.to_order;
    match format {
        Format::Auto | Format::Paste => Err(RenderError::new(
            RenderErrorKind::InputOnly,
            format!("{format} is an input form only: choose an output form (grid draws a board)"),
        )),
        Format::Int | Format::Hex | Format::Dec | Format::Bin => {
            let bb = value.to_single(opts.layer)?;
            int::render(format, &to_raw(order, &bb)?, out);
            Ok(())
        }
        Format::Signed | Format::Oct | Format::BytesLe | Format::BytesBe | Format::Literal => {
            let bb = value.to_single(opts.layer)?;
            int::render_encoding(format, &to_raw(order, &bb)?, opts.lang, out)
                .map_err(|m| RenderError::new(RenderErrorKind::Unsupported, m))
        }
        Format::Base2 | Format::Bits | Format::Rows => {
            let bb = value.to_single(opts.layer)?;
            digits::render_single(format, &bb, order, out)
        }
        Format::Trits | Format::Base3 => digits::render_two(format, &value.to_pair(), order, out),
        Format::Squares | Format::Indices | Format::Coords => {
            coords::render(format, value, opts, out)
        }
        Format::Pair => {
            let p = value.to_pair();
            int::render(Format::Hex, &to_raw(order, p.first())?, out);
            out.push(b' ');
            int::render(Format::Hex, &to_raw(order, p.second())?, out);
            Ok(())
        }
        Format::Packed | Format::PackedBin | Format::TritsBin => {
            packed::render(format, &value.to_pair(), opts, out)
        }
        Format::Grid => grid::render(value, opts, out),
        Format::Fen => {
            fen::render(&value.to_placement(opts), out);
            Ok(())
        }
        Format::Epd => {
            epd::render(&value.to_placement(opts), out);
            Ok(())
        }
        Format::Pieces => pieces::render(&value.to_placement(opts), order, out),
        Format::PlanesBin => planes::render(&value.to_placement(opts), opts, out),
        Format::Sgf => go::render_sgf(&value.to_pair(), out),
        Format::Pdn => match value {
            Value::Pieces(pl) => pdn::render(pl, out),
            v => pdn::render(&Placement::from_pair(&v.to_pair(), b'M', b'm'), out),
        },
        Format::Json => json::render(value, opts, out),
        Format::Edax => edax::render(value, out),
    }
}
