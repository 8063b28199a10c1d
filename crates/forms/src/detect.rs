//! Detection of the form of one record for `-f auto`. The rules, tried in this order:
//!
//! 1. starts with `W:W`, `W:B`, `B:W`, `B:B` or `[FEN`: a draughts position (**pdn**); else
//!    with `{`, `[` or `"`: **json**; else, several lines: a pasted board (**paste**);
//! 2. 64 Edax square characters (`X * x b O o w - .`), then nothing or the side to move, or a
//!    line that starts with `%` (an OBF comment line, which holds no board): **edax**;
//! 3. contains `/`: **rows** if made only of `0`, `1` and `/` with some `0`; an input of only `1`s
//!    and `/` is ambiguous (rows or fen); anything else with `/` is **fen**;
//! 4. contains `first:`: a two-sided coordinate list (**squares**);
//! 5. contains `AB[`, `AW[` or `AE[`: SGF setup (**sgf**);
//! 6. tokens like `P:0x...`: **pieces**;
//! 7. two integer tokens: **pair**;
//! 8. one token of exactly `N` digits `0`-`2`: **trits**, or ambiguous (trits or int) when it is
//!    also a decimal integer that fits `N` bits;
//! 9. one integer token (`0x`, `0b`, `0o`, decimal, `-`): **int**;
//! 10. one token of `2*ceil(N/5)` hex digits: **packed** (ambiguous with int when all decimal
//!     digits and the value fits `N` bits);
//! 11. tokens that are square names, `(x,y)` pairs or (three or more) indices: **squares**
//!     (with `--coords sgf|gtp`, any tokens); on a board wider than 8, chess-style names with a
//!     letter from `j` on and no `i` are ambiguous with GTP's, which skip `I`: an error naming
//!     both readings.
//!
//! Anything else is an error listing the forms expected; an ambiguous input names the candidates
//! and the `-f` to add.

use crate::{int, Format, Options, ParseError};

/// The detection rules, in the order they are tried (for `bbconv formats` and the docs).
pub const DETECTION_RULES: &[&str] = &[
    "1. starts with W:W, W:B, B:W, B:B or [FEN: pdn (draughts); else with {, [ or \": json; else several lines: paste (a board as a tool prints it)",
    "2. 64 Edax square characters (X * x b O o w - .), then nothing or the side to move, or a line starting with % (an OBF comment): edax",
    "3. contains /: rows if only 0, 1 and / with some 0 (only 1s and /: ambiguous); otherwise fen",
    "4. contains first: or second:: a two-sided coordinate list (squares)",
    "5. contains AB[, AW[ or AE[: SGF setup (sgf)",
    "6. tokens like P:0x...: pieces",
    "7. two integers: pair",
    "8. one token of exactly N digits 0-2: trits (ambiguous with int if it also fits N bits as decimal)",
    "9. one integer (0x, 0b, 0o, decimal, -): int",
    "10. one token of 2*ceil(N/5) hex digits: packed (ambiguous with int when decimal and fitting)",
    "11. square names, (x,y) pairs or three or more indices: squares (on boards wider than 8, names from j on without i are ambiguous with GTP's, which skip I: an error naming both)",
    "An ambiguous input is an error naming the candidates.",
];
use bbconv_board::{Size, Square};

fn is_int_token(t: &str) -> bool {
    let t = t.strip_prefix('-').unwrap_or(t);
    let b = t.as_bytes();
    if b.len() > 2 && b[0] == b'0' && matches!(b[1], b'x' | b'X' | b'b' | b'B' | b'o' | b'O') {
        return b[2..].iter().all(|c| c.is_ascii_hexdigit() || *c == b'_');
    }
    !b.is_empty() && b.iter().all(|c| c.is_ascii_digit() || *c == b'_') && b[0] != b'_'
}

fn ambiguous(candidates: &[Format]) -> ParseError {
    ParseError::of(
        crate::ErrorKind::Ambiguous(candidates.to_vec()),
        Some(0),
        format!(
            "the input fits several forms ({})",
            candidates
                .iter()
                .map(|f| f.name())
                .collect::<Vec<_>>()
                .join(", "),
        ),
    )
}

/// Whether `hay` contains `needle` (lowercase ASCII), ignoring ASCII case.
fn contains_ignore_case(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle))
}

fn fits_int(t: &str, size: Size) -> bool {
    int::parse_integer(t, Format::Int, size).is_ok()
}

/// Decides the form of one record (see the module documentation for the rules).
pub fn detect(text: &str, opts: &Options) -> Result<Format, ParseError> {
    let t = text.trim();
    let size = opts.size_or_default();
    let b = t.as_bytes();
    if b.is_empty() {
        return Err(ParseError::new(Some(0), "empty input: expected a board"));
    }
    if let Some(form) = by_shape(t) {
        return Ok(form);
    }
    if t.contains('/') {
        return with_slashes(t);
    }
    if contains_ignore_case(b, b"first:") || contains_ignore_case(b, b"second:") {
        return Ok(Format::Squares);
    }
    if [&b"AB["[..], b"AW[", b"AE["]
        .iter()
        .any(|p| b.windows(3).any(|w| w == *p))
    {
        return Ok(Format::Sgf);
    }
    // The tokens are walked again for each rule rather than collected: no allocation.
    let toks = || {
        t.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
    };
    if toks().all(|s| {
        s.len() > 2
            && s.as_bytes()[0].is_ascii_alphabetic()
            && matches!(s.as_bytes()[1], b':' | b'=')
    }) {
        return Ok(Format::Pieces);
    }
    let count = toks().take(3).count();
    if count == 2 && toks().all(is_int_token) {
        return Ok(Format::Pair);
    }
    if count == 1 {
        if let Some(form) = one_token(toks().next().unwrap_or(t), size) {
            return form;
        }
    }
    let all_coords = opts.coords != crate::CoordStyle::Chess
        || toks().all(|s| s.parse::<Square>().is_ok() || s.bytes().all(|c| c.is_ascii_digit()));
    // "(x, y)" with a space splits into two tokens; let the list parser judge parentheses.
    if all_coords || t.starts_with('(') {
        if opts.coords == crate::CoordStyle::Chess {
            let names: Vec<&str> = toks().collect();
            if let Some(m) = crate::go::ambiguity(&names, size) {
                return Err(ParseError::of(
                    crate::ErrorKind::Ambiguous(vec![Format::Squares]),
                    Some(0),
                    m,
                ));
            }
        }
        return Ok(Format::Squares);
    }
    Err(undetected(t))
}

/// The forms told by their first bytes or their shape: PDN, JSON, SGF, a paste of several
/// lines, Edax (and an OBF comment line).
fn by_shape(t: &str) -> Option<Format> {
    let b = t.as_bytes();
    if b.starts_with(b"[FEN")
        || (b.len() > 2
            && matches!(b[0], b'W' | b'B')
            && b[1] == b':'
            && matches!(b[2], b'W' | b'B'))
    {
        return Some(Format::Pdn);
    }
    if matches!(b[0], b'{' | b'[' | b'"') {
        return Some(Format::Json);
    }
    if is_sgf(b) {
        return Some(Format::Sgf);
    }
    if t.contains('\n') {
        return Some(Format::Paste);
    }
    // An OBF comment line: the Edax reading reports it as a comment, passed by as `-f edax`
    // passes it.
    if b[0] == b'%' {
        return Some(Format::Edax);
    }
    if b.len() >= 64 && b[..64].iter().all(|&c| crate::edax::is_square_char(c)) {
        let rest = &t[64..];
        if rest.is_empty() || rest.starts_with(char::is_whitespace) {
            return Some(Format::Edax);
        }
    }
    None
}

/// The form of a record with a `/`: rows of 0 and 1, EPD, or FEN.
fn with_slashes(t: &str) -> Result<Format, ParseError> {
    if t.bytes().all(|c| matches!(c, b'0' | b'1' | b'/')) {
        if t.contains('0') {
            return Ok(Format::Rows);
        }
        return Err(ambiguous(&[Format::Rows, Format::Fen]));
    }
    // Four fields, then an opcode where a FEN has its clocks: EPD (the same board).
    if let Some((_, fields)) = t.split_once(char::is_whitespace) {
        if crate::epd::has_ops(fields) {
            return Ok(Format::Epd);
        }
    }
    Ok(Format::Fen)
}

/// The form of a record of one token, if it is trits, an integer or packed digits (or
/// ambiguous between them).
fn one_token(tok: &str, size: Size) -> Option<Result<Format, ParseError>> {
    let n = size.squares();
    if tok.len() == n && tok.bytes().all(|c| matches!(c, b'0'..=b'2')) {
        if fits_int(tok, size) {
            return Some(Err(ambiguous(&[Format::Trits, Format::Int])));
        }
        return Some(Ok(Format::Trits));
    }
    let packed_len = 2 * bbconv_board::ternary::packed_len(n);
    let hexlike = tok.len() == packed_len && tok.bytes().all(|c| c.is_ascii_hexdigit());
    if is_int_token(tok) {
        if hexlike && !fits_int(tok, size) {
            return Some(Ok(Format::Packed));
        }
        if hexlike {
            return Some(Err(ambiguous(&[Format::Int, Format::Packed])));
        }
        return Some(Ok(Format::Int));
    }
    hexlike.then_some(Ok(Format::Packed))
}

/// The error of a record no rule gives a form, quoting its first 40 characters.
fn undetected(t: &str) -> ParseError {
    ParseError::of(
        crate::ErrorKind::Undetected,
        Some(0),
        format!(
            "cannot tell the form of {:?}: expected an integer, a pair, FEN, JSON, an Edax string, a coordinate list or a trit string",
            if t.len() > 40 { format!("{}...", &t[..t.char_indices().nth(40).map_or(t.len(), |c| c.0)]) } else { t.to_string() }
        ),
    )
}

/// Whether a record is an SGF game tree: it starts with `(` then `;` (spaces between allowed).
pub(crate) fn is_sgf(record: &[u8]) -> bool {
    let mut rest = record.trim_ascii_start();
    match rest.split_first() {
        Some((b'(', after)) => rest = after.trim_ascii_start(),
        _ => return false,
    }
    rest.first() == Some(&b';')
}
