//! The text rules every list form shares: what separates tokens, how a record's ends are
//! trimmed, and how an error names the character it found.

use crate::ParseError;

/// Whether a byte is blank between the tokens of a list (squares, integers, pieces): ASCII
/// whitespace but CR. A CR inside a line is no separator: it means a file of CR line ends, whose
/// records would read as one list (`a1\rb2` as two squares of one board); it is refused where
/// it is found. A record's own CR at its end is trimmed as whitespace before (see [`trim`]).
#[inline(always)]
pub(crate) fn blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\x0c')
}

/// The text of a list (squares, integers, pieces, bytes) between its ends, and its offset in
/// `text`: leading and trailing ASCII whitespace trimmed (a CR there is a CRLF line's end, or
/// nothing that joins two boards), and a CR left inside refused ([`blank`]), its offset
/// counted from `base` (where `text` is in the record).
pub(crate) fn list_body(text: &str, base: usize) -> Result<(usize, &str), ParseError> {
    let (start, t) = trim(text);
    match t.find('\r') {
        None => Ok((start, t)),
        Some(k) => Err(ParseError::new(
            Some(base + start + k),
            "found a CR inside the line: lines end in LF or CRLF, and a file whose lines end in CR alone reads as one line (convert its line ends first: tr '\\r' '\\n')",
        )),
    }
}

/// Splits off leading and trailing ASCII whitespace, returning the offset of what is left.
pub(crate) fn trim(s: &str) -> (usize, &str) {
    let t = s.trim_start();
    let start = s.len() - t.len();
    (start, t.trim_end())
}

/// Describes a character found in an error message: `'x'` or `end of input`.
pub(crate) fn found(s: &str, at: usize) -> String {
    let mut at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    match s.get(at..).and_then(|r| r.chars().next()) {
        Some(c) if c.is_control() || c.is_whitespace() => format!("{:?}", c),
        Some(c) => format!("'{c}'"),
        None => "the end of the input".to_string(),
    }
}

/// `a` or `an` before a size as it is read aloud ("an 8x8 board", "an 11x11", "a 19x19").
pub(crate) fn a(size: impl std::fmt::Display) -> String {
    let text = size.to_string();
    let width = text.split('x').next().unwrap_or_default();
    let an = width.starts_with('8') || width == "11" || width == "18";
    format!("{} {text}", if an { "an" } else { "a" })
}

/// `n` and its noun, plural but for one ("1 rank", "3 ranks").
pub(crate) fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}
