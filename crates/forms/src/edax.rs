//! Edax/Othello board strings: 64 square characters, character `k` = square with LERF index `k`
//! (A1 first), then the side to move.

use crate::{found, trim, ParseError, RenderError};
use bbconv_board::{Bitboard, Pair, Size};

/// Whether `c` is an Edax square character.
pub(crate) fn is_square_char(c: u8) -> bool {
    matches!(
        c,
        b'X' | b'*' | b'x' | b'b' | b'B' | b'O' | b'o' | b'w' | b'W' | b'-' | b'.'
    )
}

/// Reads an Edax string; the side to move (X, *, b, O, o, w, or nothing) is checked, not kept.
pub(crate) fn parse(text: &str) -> Result<Pair, ParseError> {
    let (start, t) = trim(text);
    let b = t.as_bytes();
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
    let side = t[64..].trim();
    if !side.is_empty() && !matches!(side, "X" | "x" | "*" | "b" | "B" | "O" | "o" | "w" | "W") {
        let at = start + t.len() - t[64..].trim_start().len();
        return Err(ParseError::new(
            Some(at),
            format!("found {side:?} after the 64 squares: expected the side to move, X or O"),
        ));
    }
    Pair::new(first, second)
        .map_err(|e| ParseError::of(crate::ErrorKind::Overlap, Some(start), e.to_string()))
}

/// Writes 64 characters (`X` first, `O` second, `-` empty) and ` X` as the side to move.
pub(crate) fn render(pair: &Pair, out: &mut Vec<u8>) -> Result<(), RenderError> {
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
    out.extend_from_slice(b" X");
    Ok(())
}
