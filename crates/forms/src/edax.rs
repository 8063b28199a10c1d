//! Edax/Othello board strings and OBF lines: 64 square characters, character `k` = square with
//! LERF index `k` (A1 first), then the side to move, kept, and an OBF line's solutions, kept as
//! written.

use crate::board::{Board, Repr};
use crate::detect::Rule;
use crate::fen::fast::ReadChess;
use crate::kernels::splat;
use crate::spec::{Frame, InTable, Reader, Readings, Spec, WordPaths, Writing};
use crate::Format;
use crate::Options;
use crate::{found, trim, ParseError, RenderError, Value};
use crate::{Holds, Need};
use bbconv_board::{Bitboard, Pair, Size, Turn};

/// Whether `c` is an Edax square character.
pub(crate) fn is_square_char(c: u8) -> bool {
    matches!(
        c,
        b'X' | b'*' | b'x' | b'b' | b'B' | b'O' | b'o' | b'w' | b'W' | b'-' | b'.'
    )
}

/// Reads an Edax string or an OBF line: the 64 squares, the side to move (X, *, x, b, B first;
/// O, o, w, W second; or nothing), then an OBF line's solutions (`; G8:+18; H1:+12;`, a best
/// score `; +18;`, a `% comment`), checked and kept as written. A line that is only a `%`
/// comment holds no board: it is an [`crate::ErrorKind::Comment`]. The notes are kept with the
/// spaces between the side and them, so they are written back as read.
pub(crate) fn parse(text: &str) -> Result<Pair, ParseError> {
    let (start, t) = trim(text);
    let b = t.as_bytes();
    if b.first() == Some(&b'%') {
        return Err(ParseError::of(
            crate::ErrorKind::Comment,
            Some(start),
            "found a line that is only a % comment: an OBF comment holds no board",
        ));
    }
    let mut first = Bitboard::empty(Size::CHESS);
    let mut second = Bitboard::empty(Size::CHESS);
    for k in 0..64 {
        match b.get(k) {
            Some(b'X' | b'*' | b'x' | b'b' | b'B') => first.set_bit(k),
            Some(b'O' | b'o' | b'w' | b'W') => second.set_bit(k),
            Some(b'-' | b'.') => {}
            _ => {
                return Err(ParseError::new(
                    Some(start + k.min(t.len())),
                    format!(
                        "found {} at square {k}: expected 64 square characters (X * x b first, O o w second, - . empty)",
                        found(t, k)
                    ),
                ))
            }
        }
    }
    let rest = &t[64..];
    let cut = rest.find([';', '%']).unwrap_or(rest.len());
    let side = rest[..cut].trim();
    let turn = match (side, turn(side)) {
        ("", _) => None,
        (_, Some(t)) => Some(t),
        _ => {
            let at = start + 64 + rest.len() - rest.trim_start().len();
            return Err(ParseError::new(
                Some(at),
                format!("found {} after the 64 squares: expected the side to move, X or O, then the OBF solutions (; G8:+18;)", crate::fen::fields::shown(side)),
            ));
        }
    };
    // The notes start where the side ends: the separator before `;` or `%` is theirs, so a
    // line comes back as written (`X % note`, `X\t; G8:+18;`).
    let from = if side.is_empty() {
        cut
    } else {
        rest[..cut].trim_end().len()
    };
    let notes = &rest[from..];
    check_notes(notes, start + 64 + from)?;
    let mut pair = Pair::new(first, second)
        .map_err(|e| ParseError::of(crate::ErrorKind::Overlap, Some(start), e.to_string()))?;
    pair.turn = turn;
    pair.notes = (!notes.is_empty()).then(|| notes.into());
    Ok(pair)
}

/// The side to move an Edax string or board print names: `X * x b B` the first side (Black),
/// `O o w W` the second (White).
pub(crate) fn turn(side: &str) -> Option<Turn> {
    match side {
        "X" | "x" | "*" | "b" | "B" => Some(Turn::First),
        "O" | "o" | "w" | "W" => Some(Turn::Second),
        _ => None,
    }
}

/// Checks an OBF line's solutions: `;`-ended items, each a move and its score (`G8:+18`, `PS:-2`
/// for a pass) or a best score alone (`+18`), then perhaps a `%` comment to the end of the line.
fn check_notes(notes: &str, at: usize) -> Result<(), ParseError> {
    let (items, _comment) = notes.split_once('%').unwrap_or((notes, ""));
    let mut off = at;
    for item in items.split(';') {
        let x = item.trim();
        let score = |s: &str| {
            let d = s.strip_prefix(['+', '-']).unwrap_or(s);
            !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit())
        };
        let ok = x.is_empty()
            || score(x)
            || x.split_once(':').is_some_and(|(m, sc)| {
                let m = m.as_bytes();
                let square = m.len() == 2
                    && matches!(m[0].to_ascii_uppercase(), b'A'..=b'H')
                    && matches!(m[1], b'1'..=b'8');
                (square || m.eq_ignore_ascii_case(b"PS")) && score(sc.trim())
            });
        if !ok {
            return Err(ParseError::new(
                Some(off + item.len() - item.trim_start().len()),
                format!("found {} in the OBF solutions: expected a move and its score (G8:+18), a score (+18) or a % comment", crate::fen::fields::shown(x)),
            ));
        }
        off += item.len() + 1;
    }
    Ok(())
}

/// Writes 64 characters (`X` first, `O` second, `-` empty), the side to move (`X` unless the
/// value says the second side is to move: an Edax `O`, a FEN's `b`), and the OBF solutions the
/// board was read with.
pub(crate) fn render(value: &Value, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let mut pair = value.to_pair();
    if let Value::Pieces(pl) = value {
        pair.turn = pl.rest.as_ref().and_then(|r| match r.as_bytes().first() {
            Some(b'w') => Some(Turn::First),
            Some(b'b') => Some(Turn::Second),
            _ => None,
        });
    }
    if pair.size() != Size::CHESS {
        return Err(RenderError::new(
            crate::RenderErrorKind::Unsupported,
            format!(
                "edax strings are for 8x8 boards, this one is {}",
                pair.size()
            ),
        ));
    }
    for k in 0..64 {
        out.push(match pair.trit_at(k) {
            1 => b'X',
            2 => b'O',
            _ => b'-',
        });
    }
    out.extend_from_slice(match pair.turn {
        Some(Turn::Second) => b" O",
        _ => b" X",
    });
    if let Some(notes) = &pair.notes {
        out.extend_from_slice(notes.as_bytes());
    }
    Ok(())
}

/// The word path of an Edax string as bbconv writes it (64 of `X`, `O`, `-`, a space and `X`
/// or `O`): the two sides and the side to move; `None` for any other spelling, which the
/// general reading reads or reports.
#[inline]
pub(crate) fn read_words(b: &[u8]) -> Option<(u64, u64, Turn)> {
    if b.len() != 66 || b[64] != b' ' {
        return None;
    }
    let turn = match b[65] {
        b'X' => Turn::First,
        b'O' => Turn::Second,
        _ => return None,
    };
    // The squares' bitmaps 64 bytes at a time (SSE2 on x86_64).
    let squares: &[u8; 64] = b[..64].try_into().ok()?;
    let mask = |c| crate::kernels::byte_mask(squares, c);
    let (f, s) = (mask(b'X'), mask(b'O'));
    if f | s | mask(b'-') != u64::MAX {
        return None;
    }
    Some((f, s, turn))
}

/// Writes an 8x8 board's two sides as an Edax string: `X` first, `O` second, `-` empty, then
/// the side to move (`X` unless it is the second side's).
#[inline]
pub(crate) fn write_words(f: u64, s: u64, turn: Option<Turn>, out: &mut Vec<u8>) {
    let spread = bbconv_board::ternary::SPREAD;
    let mut buf = [0u8; 66];
    for (k, chunk) in buf[..64].chunks_exact_mut(8).enumerate() {
        let (x, o) = (
            spread[(f >> (8 * k)) as usize & 255],
            spread[(s >> (8 * k)) as usize & 255],
        );
        let v = splat(b'-') + x * (b'X' - b'-') as u64 + o * (b'O' - b'-') as u64;
        chunk.copy_from_slice(&v.to_le_bytes());
    }
    buf[64] = b' ';
    buf[65] = match turn {
        Some(Turn::Second) => b'O',
        _ => b'X',
    };
    out.extend_from_slice(&buf);
}

/// The word paths of `edax`: an 8x8 board and its side to move.
pub(crate) struct EdaxWords;

impl WordPaths for EdaxWords {
    #[inline(always)]
    fn read_shaped<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> Option<bool> {
        // Edax's rule: 64 squares and the side to move.
        (record.len() == 66 && record[64] == b' ' && is_square_char(record[0]))
            .then(|| Self::read_chess(r, record, opts, need, board))
    }

    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        _: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        match read_words(record) {
            Some((f, s, turn)) => {
                board.set(Size::CHESS, Repr::Two(f, s));
                board.turn = Some(turn);
                true
            }
            None => false,
        }
    }

    #[inline(always)]
    fn write_chess<R: ReadChess>(
        _: &R,
        _: Writing,
        board: &Board<'_>,
        _: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        match (board.sides(), &board.repr) {
            (Some((f, s)), Repr::Two(..) | Repr::Chess(_)) => {
                write_words(f, s, board.turn(), out);
                true
            }
            _ => false,
        }
    }
}

/// `-f auto`'s rule for Edax (`detect.rs`). An OBF comment line: the Edax reading reports it as
/// a comment, passed by as `-f edax` passes it.
const DETECT: [Rule; 1] = [Rule {
    rank: 20,
    words: "64 Edax square characters (X * x b O o w - .), then nothing or the side to move, or a line starting with % (an OBF comment): edax",
    test: |p| {
        let (t, b) = (p.text, p.text.as_bytes());
        let squares = b.len() >= 64 && b[..64].iter().all(|&c| is_square_char(c));
        let edax = b[0] == b'%'
            || (squares && (t.len() == 64 || t[64..].starts_with(char::is_whitespace)));
        edax.then_some(Ok(Format::Edax))
    },
}];

/// The `edax` form.
pub(crate) const SPEC: Spec = Spec {
    name: "edax",
    aliases: &["othello"],
    holds: Holds::Two,
    pieces: false,
    description: "Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line's solutions (; G8:+18;), kept.",
    example: "---------------------------OX------XO--------------------------- X",
    carries_size: true,
    names_squares: true,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Line,
    spans: None,
    need: Need::Sides,
    fixed: None,
    words: false,
    raw_bytes: false,
    detect: &DETECT,
    fast: None,
    read: Reader::Text(|t, o| {
        o.check_size(Size::CHESS)?;
        parse(t).map(Value::Pair)
    }),
    write: Some(|v, _, out| render(v, out)),
};

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "---------------------------OX------XO--------------------------- ";

    #[test]
    fn the_separator_before_the_notes_is_kept() {
        for (after, notes) in [
            ("X % note", Some(" % note")),
            ("X\t%x", Some("\t%x")),
            ("O   %x", Some("   %x")),
            ("X%x", Some("%x")),
            ("X; G8:+18; % best", Some("; G8:+18; % best")),
            ("X ; G8:+18;", Some(" ; G8:+18;")),
            ("X", None),
        ] {
            let line = format!("{BOARD}{after}");
            let pair = parse(&line).unwrap_or_else(|e| panic!("{after}: {}", e.message));
            assert_eq!(pair.notes.as_deref(), notes, "{after:?}");
            let mut out = Vec::new();
            render(&Value::Pair(pair), &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), line, "{after:?}");
        }
        // A note's error is still at its column.
        let e = parse(&format!("{BOARD}X  ; Z9:+1;")).unwrap_err();
        assert_eq!(e.offset, Some(BOARD.len() + 5), "{}", e.message);
    }
}
