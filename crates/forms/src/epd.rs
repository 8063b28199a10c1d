//! EPD (Extended Position Description): a FEN's first four fields (placement, side to move,
//! castling, en passant), then operations (`bm Bb5; id "WAC.001";`), read and written as
//! python-chess's `Board.from_epd` and `Board.epd` read and write them. The operations are kept
//! as written; `hmvc` and `fmvn` give the clocks a FEN written from the position carries.

use crate::spec::{Frame, InTable, Reader, Readings, Spec};
use crate::{Holds, Need};
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

/// One EPD operation: where its opcode starts (in the operations), the opcode, and its operands
/// (the text up to its `;`, trimmed).
struct Op<'a> {
    at: usize,
    opcode: &'a str,
    operands: &'a str,
}

/// Calls `f` on each operation of `ops`, in order: each an opcode (a letter, then letters,
/// digits and `_`), then operands up to a `;` (the last one's may be missing, as python-chess
/// allows), or a string in double quotes (`\"` and `\\` escapes), which ends the operation at
/// its closing quote, `;` or not, as python-chess's reader ends it. A `;` in a string is the
/// string's. The error is one of the text (offset in `ops`) or one of `f`.
fn each_op<'a>(
    ops: &'a str,
    mut f: impl FnMut(Op<'a>) -> Result<(), ParseError>,
) -> Result<(), ParseError> {
    let b = ops.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b';') {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        if !b[i].is_ascii_alphabetic() {
            return Err(ParseError::new(
                Some(i),
                format!(
                    "found {} where an EPD operation starts: expected an opcode such as bm, am, id or c0",
                    crate::found(ops, i)
                ),
            ));
        }
        let at = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        let opcode_end = i;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b.get(i) == Some(&b'"') {
            // A string operand ends the operation at its closing quote (python-chess): an
            // opcode may follow at once (`c0 "x"hmvc 3;`).
            let open = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            if i >= b.len() {
                return Err(ParseError::new(
                    Some(open),
                    "found a string operand without its closing '\"'",
                ));
            }
            i += 1;
        } else {
            // Other operands (numbers, moves) run to the `;`.
            while i < b.len() && b[i] != b';' {
                i += 1;
            }
        }
        f(Op {
            at,
            opcode: &ops[at..opcode_end],
            operands: ops[opcode_end..i.min(b.len())].trim(),
        })?;
    }
    Ok(())
}

/// Checks EPD operations ([`each_op`]; `at` is their offset in the record), and that the
/// clocks' operations each hold one number written as digits alone: `hmvc` the halfmove clock
/// (0 or more), `fmvn` the move number (1 or more).
pub(crate) fn check_ops(ops: &str, at: usize) -> Result<(), ParseError> {
    each_op(ops, |op| {
        let (what, least) = match op.opcode {
            "hmvc" => ("the halfmove clock, a whole number from 0", 0),
            "fmvn" => ("the move number, a whole number from 1", 1),
            _ => return Ok(()),
        };
        let digits = !op.operands.is_empty() && op.operands.bytes().all(|c| c.is_ascii_digit());
        if digits && (least == 0 || op.operands.bytes().any(|c| c != b'0')) {
            return Ok(());
        }
        let found = match op.operands {
            "" => format!("{} without an operand", op.opcode),
            o => format!("{} {}", op.opcode, crate::fen::fields::shown(o)),
        };
        Err(ParseError::new(
            Some(op.at),
            format!(
                "found {found}: expected {what} written as digits alone ({} {};)",
                op.opcode,
                least + 12
            ),
        ))
    })
    .map_err(|mut e| {
        e.offset = e.offset.map(|o| o + at);
        e
    })
}

/// The halfmove clock and move number a FEN of an EPD position carries, as written: the last
/// `hmvc` and `fmvn` operations (a repeated opcode takes its last value, as in python-chess),
/// else `0` and `1` (python-chess's `set_epd`). `ops` were checked when they were read.
pub(crate) fn clocks(ops: &str) -> (&str, &str) {
    let (halfmove, fullmove) = clock_ops(ops);
    (halfmove.unwrap_or("0"), fullmove.unwrap_or("1"))
}

/// The last `hmvc` and `fmvn` operations of `ops` (checked when they were read), `None` for
/// one they do not hold.
pub(crate) fn clock_ops(ops: &str) -> (Option<&str>, Option<&str>) {
    let (mut halfmove, mut fullmove) = (None, None);
    let _ = each_op(ops, |op| {
        match op.opcode {
            "hmvc" => halfmove = Some(op.operands),
            "fmvn" => fullmove = Some(op.operands),
            _ => {}
        }
        Ok(())
    });
    (halfmove, fullmove)
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

/// The `epd` form.
pub(crate) const SPEC: Spec = Spec {
    name: "epd",
    aliases: &[],
    holds: Holds::Any,
    pieces: true,
    description: "EPD: a FEN's first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.",
    example: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";",
    carries_size: true,
    names_squares: true,
    own_reading: None,
    in_table: InTable::As(crate::Format::Fen, crate::fen::plausible_fen),
    readings: Readings::Plain,
    frame: Frame::Line,
    spans: None,
    need: Need::All,
    fixed: None,
    words: false,
    raw_bytes: false,
    fast: None,
    read: Reader::Text(|t, o| {
        let v = parse(t, o)?;
        o.check_size(v.size())?;
        Ok(v)
    }),
    write: Some(|v, o, out| {
        render(&v.to_placement(o), out);
        Ok(())
    }),
};

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ";

    fn read(ops: &str) -> Result<Placement, ParseError> {
        match parse(&format!("{START}{ops}"), &Options::default()) {
            Ok(Value::Pieces(pl)) => Ok(pl),
            Ok(_) => panic!("an EPD reads as pieces"),
            Err(e) => Err(e),
        }
    }

    fn fen_clocks(ops: &str) -> String {
        let pl = read(ops).unwrap_or_else(|e| panic!("{ops}: {}", e.message));
        clocks(pl.ops.as_deref().unwrap_or_default()).0.to_string()
            + " "
            + clocks(pl.ops.as_deref().unwrap_or_default()).1
    }

    #[test]
    fn clocks_are_numbers_written_as_digits() {
        // What python-chess 1.11.2 rejects, and what it takes but is no clock as written.
        for (ops, want) in [
            (
                "hmvc -1;",
                r#"found hmvc "-1": expected the halfmove clock"#,
            ),
            ("hmvc 3.5;", r#"found hmvc "3.5""#),
            ("hmvc abc;", r#"found hmvc "abc""#),
            ("hmvc;", "found hmvc without an operand"),
            ("hmvc 3 4;", r#"found hmvc "3 4""#),
            ("hmvc 1_0;", r#"found hmvc "1_0""#),
            (r#"hmvc "3";"#, r#"found hmvc "\"3\"""#),
            (
                "fmvn 0;",
                r#"found fmvn "0": expected the move number, a whole number from 1"#,
            ),
            ("fmvn 000", r#"found fmvn "000""#),
            ("fmvn +3;", r#"found fmvn "+3""#),
            ("fmvn -0;", r#"found fmvn "-0""#),
            // Every operation is checked, the ones a later one overrides too.
            ("bm e4; fmvn 0; fmvn 5;", r#"found fmvn "0""#),
        ] {
            let e = read(ops).unwrap_err();
            assert!(e.message.contains(want), "{ops}: {}", e.message);
            // The error is at its operation's opcode (the first operation but in the last case).
            let at = if ops.starts_with("bm") { 7 } else { 0 };
            assert_eq!(e.offset, Some(START.len() + at), "{ops}: {}", e.message);
        }
    }

    #[test]
    fn the_last_of_a_repeated_clock_counts_and_digits_are_kept() {
        for (ops, want) in [
            ("", "0 1"),
            ("bm e4;", "0 1"),
            ("hmvc 5; hmvc 6;", "6 1"),
            ("fmvn 9; hmvc 3; fmvn 40", "3 40"),
            ("hmvc 007; fmvn 0012;", "007 0012"),
            (
                "hmvc 99999999999999999999999; fmvn 100000000000000000000000;",
                "99999999999999999999999 100000000000000000000000",
            ),
            // A `;` or an opcode inside a string is the string's.
            (r#"id "x; hmvc 5"; hmvc 2;"#, "2 1"),
            // Opcodes are case-sensitive (python-chess): HMVC is another operation.
            ("HMVC 3; hmvc 4", "4 1"),
            ("HMVC -3;", "0 1"),
            // A string ends its operation at the closing quote, `;` or not (python-chess).
            (r#"c0 "x"hmvc 3;"#, "3 1"),
            (r#"c0 "a\"b;"fmvn 8 ; id "q""#, "0 8"),
        ] {
            assert_eq!(fen_clocks(ops), want, "{ops}");
        }
    }
}
