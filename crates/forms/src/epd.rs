//! EPD (Extended Position Description): a FEN's first four fields (placement, side to move,
//! castling, en passant), then operations (`bm Bb5; id "WAC.001";`), read and written as
//! python-chess's `Board.from_epd` and `Board.epd` read and write them. The operations are kept
//! as written; `hmvc` and `fmvn` give the clocks a FEN written from the position carries.

use crate::{Options, ParseError, Value};
use bbconv_board::placement::{Placement, Text};

/// Reads an EPD line: the four fields, then the operations (none is an EPD too).
pub(crate) fn parse(text: &str, opts: &Options) -> Result<Value, ParseError> {
    let (start, t) = crate::trim(text);
    // The end of the fourth field: the operations start after it.
    let mut fields = 0;
    let mut end = 0;
    let mut in_field = false;
    for (k, c) in t.char_indices() {
        if c.is_whitespace() {
            if in_field {
                fields += 1;
                end = k;
                in_field = false;
                if fields == 4 {
                    break;
                }
            }
        } else {
            in_field = true;
        }
    }
    if in_field && fields < 4 {
        fields += 1;
        end = t.len();
    }
    if fields < 4 {
        return Err(ParseError::new(
            Some(start + t.len()),
            format!(
                "found {fields} field{} where EPD has four: the placement, the side to move, castling and en passant (then operations such as bm Bb5;)",
                if fields == 1 { "" } else { "s" }
            ),
        ));
    }
    let head = &t[..end];
    let ops = t[end..].trim_start();
    let ops_at = start + t.len() - ops.len();
    let mut pl = crate::fen::parse(head, opts).map_err(|mut e| {
        e.message = format!("EPD: {}", e.message);
        e.offset = e.offset.map(|o| o + start);
        e
    })?;
    check_ops(ops, ops_at)?;
    // Kept even when empty: the position is an EPD's (a FEN written from it has clocks).
    pl.ops = Some(ops.into());
    Ok(Value::Pieces(pl))
}

/// Checks EPD operations: each an opcode (a letter, then letters, digits and `_`), operands
/// (tokens, or strings in double quotes with `\"` and `\\` escapes) and a `;` (the last one's
/// may be missing, as python-chess allows).
fn check_ops(ops: &str, at: usize) -> Result<(), ParseError> {
    let b = ops.as_bytes();
    let mut i = 0;
    let fault = |k: usize, msg: String| ParseError::new(Some(at + k), msg);
    while i < b.len() {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b';') {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        if !b[i].is_ascii_alphabetic() {
            return Err(fault(
                i,
                format!(
                    "found {} where an EPD operation starts: expected an opcode such as bm, am, id or c0",
                    crate::found(ops, i)
                ),
            ));
        }
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        // Operands up to the `;`.
        while i < b.len() && b[i] != b';' {
            if b[i] == b'"' {
                let open = i;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if i >= b.len() {
                    return Err(fault(
                        open,
                        "found a string operand without its closing '\"'".to_string(),
                    ));
                }
            }
            i += 1;
        }
    }
    Ok(())
}

/// Writes a position as EPD: the placement (with its holdings), the side to move, castling and
/// en passant as read (`w - -` for what a FEN did not say), then the operations read. A FEN's
/// clocks are not written (python-chess's `epd()`).
pub(crate) fn render(pl: &Placement, out: &mut Vec<u8>) {
    crate::fen::render_placement(pl, out);
    let rest = pl.rest.as_ref().map(Text::as_str).unwrap_or_default();
    let mut fields = rest.split_whitespace();
    for default in ["w", "-", "-"] {
        out.push(b' ');
        out.extend_from_slice(fields.next().unwrap_or(default).as_bytes());
    }
    if let Some(ops) = pl.ops.as_deref().filter(|o| !o.is_empty()) {
        out.push(b' ');
        out.extend_from_slice(ops.as_bytes());
    }
}

/// Whether the fields after a FEN placement look like EPD's: four fields, then an opcode
/// where a FEN has its halfmove clock (what `-f auto` reads as EPD).
pub(crate) fn has_ops(fields_after_placement: &str) -> bool {
    fields_after_placement
        .split_whitespace()
        .nth(3)
        .is_some_and(|f| f.as_bytes()[0].is_ascii_alphabetic())
}
