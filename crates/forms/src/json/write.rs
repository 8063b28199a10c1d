//! The general writing of a JSON object: the size and order, the members asked for, and the
//! position's own members.

use super::JsonField;
use crate::{fen, int, Format, Options, RenderError, Value};
use bbconv_board::{Bitboard, Numbering, Order, Turn};

/// Writes a pair's side to move and notes, an EPD position's operations and a training
/// record's fields: the members no
/// [`JsonField`] names, the position's rather than a representation of the board, which go
/// wherever the board goes.
fn pair_extras(value: &Value, out: &mut Vec<u8>) {
    if let Value::Pieces(pl) = value {
        if let Some(ops) = &pl.ops {
            out.extend_from_slice(b",\"operations\":");
            let quoted = serde_json::to_string(ops.as_ref()).unwrap_or_default();
            out.extend_from_slice(quoted.as_bytes());
        }
        if let Some(t) = &pl.train {
            super::train::write(t, out);
        }
        return;
    }
    let Value::Pair(p) = value else { return };
    write_turn(p.turn, out);
    if let Some(n) = &p.notes {
        out.extend_from_slice(b",\"notes\":");
        let quoted = serde_json::to_string(n.as_ref()).unwrap_or_default();
        out.extend_from_slice(quoted.as_bytes());
    }
}

/// The member of a two-player board's side to move, if it has one.
pub(crate) fn write_turn(turn: Option<Turn>, out: &mut Vec<u8>) {
    if let Some(t) = turn {
        out.extend_from_slice(b",\"turn\":\"");
        out.extend_from_slice(match t {
            Turn::First => b"first",
            Turn::Second => b"second",
        });
        out.push(b'"');
    }
}

fn hex(out: &mut Vec<u8>, bb: &Bitboard, order: Numbering) -> Result<(), RenderError> {
    out.push(b'"');
    int::render(Format::Hex, &crate::to_raw(order, bb)?, out);
    out.push(b'"');
    Ok(())
}

/// The names of the squares of `bb` under `style` (`--to-coords`), in the order's order
/// (geometric: a layout lists them as LERF does).
fn names(
    out: &mut Vec<u8>,
    bb: &Bitboard,
    order: Numbering,
    style: crate::CoordStyle,
) -> Result<(), RenderError> {
    out.push(b'[');
    let order = order.listing_order();
    for (k, (_, sq)) in order.numbered(bb).into_iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.push(b'"');
        crate::go::name(sq, bb.size(), style, out)?;
        out.push(b'"');
    }
    out.push(b']');
    Ok(())
}

/// Writes one JSON object on one line.
pub(crate) fn render(value: &Value, opts: &Options, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let fields: &[JsonField] = match &opts.fields {
        Some(f) => f,
        None => match value {
            Value::Single(_) => &[JsonField::Bitboard, JsonField::Squares],
            Value::Pair(_) => &[JsonField::First, JsonField::Second],
            Value::Pieces(_) => &[JsonField::Fen, JsonField::Pieces],
        },
    };
    let size = value.size();
    out.extend_from_slice(b"{\"size\":\"");
    int::itoa(size.width() as u64, out);
    out.push(b'x');
    int::itoa(size.height() as u64, out);
    out.extend_from_slice(b"\",\"order\":\"");
    out.extend_from_slice(opts.to_order.name().as_bytes());
    out.push(b'"');
    for &f in fields.iter() {
        out.extend_from_slice(b",\"");
        out.extend_from_slice(f.key().as_bytes());
        out.extend_from_slice(b"\":");
        member(f, value, opts, out)?;
    }
    pair_extras(value, out);
    out.push(b'}');
    Ok(())
}

/// The value of member `f` of the object of `value`.
fn member(
    f: JsonField,
    value: &Value,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    let order = opts.to_order;
    match f {
        JsonField::Bitboard => {
            let bb = match value {
                Value::Single(b) => b.clone(),
                v => v.to_pair().occupied(),
            };
            hex(out, &bb, order)?
        }
        JsonField::First => hex(out, value.to_pair().first(), order)?,
        JsonField::Second => hex(out, value.to_pair().second(), order)?,
        JsonField::Trits | JsonField::Packed => {
            out.push(b'"');
            let pair = value.to_pair();
            if f == JsonField::Trits {
                crate::digits::render_two(Format::Trits, &pair, opts.to_order, out)?;
            } else {
                crate::packed::render(Format::Packed, &pair, opts, out)?;
            }
            out.push(b'"');
        }
        JsonField::Squares => match value {
            Value::Single(b) => names(out, b, order, opts.to_coords)?,
            v => {
                let p = v.to_pair();
                out.extend_from_slice(b"{\"first\":");
                names(out, p.first(), order, opts.to_coords)?;
                out.extend_from_slice(b",\"second\":");
                names(out, p.second(), order, opts.to_coords)?;
                out.push(b'}');
            }
        },
        JsonField::Pieces => pieces(value, opts, out)?,
        JsonField::Fen => fen_string(value, opts, out),
    }
    Ok(())
}

/// The `pieces` member: an object of piece letter to hex bitboard.
fn pieces(value: &Value, opts: &Options, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let order = opts.to_order;
    out.push(b'{');
    let pl = value.to_placement(opts);
    let digits = value.size().squares().div_ceil(4);
    let start = out.len();
    let small = order == Order::Lerf
        && pl.for_each_piece_word(|l, word| {
            if out.len() > start {
                out.push(b',');
            }
            out.extend_from_slice(&[b'"', l, b'"', b':', b'"']);
            crate::kernels::hex_u64(word, digits, out);
            out.push(b'"');
        });
    if !small {
        for (k, (l, bb)) in pl.piece_bitboards().iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            out.extend_from_slice(&[b'"', *l, b'"', b':']);
            hex(out, bb, order)?;
        }
    }
    out.push(b'}');
    Ok(())
}

/// The `fen` member: the FEN written in place, then escaped in place if it needs it (a quote, a
/// backslash or a control character in its other fields).
fn fen_string(value: &Value, opts: &Options, out: &mut Vec<u8>) {
    out.push(b'"');
    let start = out.len();
    fen::render_fen(&value.to_placement(opts), out);
    if out[start..]
        .iter()
        .any(|&c| c == b'"' || c == b'\\' || c < 0x20)
    {
        let raw = out.split_off(start);
        let text = String::from_utf8_lossy(&raw);
        let quoted = serde_json::to_string(&text.as_ref()).unwrap_or_default();
        out.extend_from_slice(&quoted.as_bytes()[1..quoted.len() - 1]);
    }
    out.push(b'"');
}
