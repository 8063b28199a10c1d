//! The `grid` form: a labelled picture of the board, top rank first, that reads back; also reads
//! plain rows of `.`/`X`/`O`, piece letters or `0`/`1`/`2`, with or without labels.

use crate::{Options, ParseError, Value};
use bbconv_board::placement::{Piece, Placement};
use bbconv_board::{Bitboard, Pair, Size};

/// How a grid is drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GridStyle {
    /// Chess-piece glyphs and filled/empty discs instead of letters.
    pub unicode: bool,
    /// ANSI colours for the first and second side.
    pub color: bool,
}

const RESET: &str = "\x1b[0m";
const FIRST_COLOR: &str = "\x1b[1;33m"; // bold yellow
const SECOND_COLOR: &str = "\x1b[1;36m"; // bold cyan
const DIM: &str = "\x1b[2m";

fn glyph(piece: Piece) -> char {
    let idx = b"KQRBNPkqrbnp".iter().position(|&c| c == piece.letter);
    match idx {
        Some(k) => ['♔', '♕', '♖', '♗', '♘', '♙', '♚', '♛', '♜', '♝', '♞', '♟'][k],
        None => piece.letter as char,
    }
}

/// Writes the labelled grid: a `# WxH order` header, one line a rank (label, then cells), and the
/// file letters underneath (when `W <= 26`). No allocation: every piece of text is a constant, a
/// letter or a number.
pub(crate) fn render(value: &Value, opts: &Options, out: &mut Vec<u8>) {
    let size = value.size();
    let (w, h) = (size.width(), size.height());
    let style = opts.grid;
    let lw = digits(h);
    let (dot, first, second) = if style.unicode {
        ("·", "●", "○")
    } else {
        (".", "X", "O")
    };
    let mut glyph_buf = [0u8; 4];
    out.extend_from_slice(b"# ");
    crate::int::itoa(w as u64, out);
    out.push(b'x');
    crate::int::itoa(h as u64, out);
    out.push(b' ');
    out.extend_from_slice(opts.to_order.name().as_bytes());
    for g in 0..h {
        let rank = h - 1 - g;
        out.push(b'\n');
        if style.color {
            out.extend_from_slice(DIM.as_bytes());
        }
        out.extend(std::iter::repeat_n(b' ', lw - digits(rank + 1)));
        crate::int::itoa((rank + 1) as u64, out);
        if style.color {
            out.extend_from_slice(RESET.as_bytes());
        }
        for f in 0..w {
            out.push(b' ');
            let i = w * rank + f;
            // The cell's text, and its side: 0 none, 1 first, 2 second.
            let (text, side): (&[u8], u8) = match value {
                Value::Single(b) if b.bit(i) => (first.as_bytes(), 1),
                Value::Single(_) => (dot.as_bytes(), 0),
                Value::Pair(p) => match p.trit_at(i) {
                    1 => (first.as_bytes(), 1),
                    2 => (second.as_bytes(), 2),
                    _ => (dot.as_bytes(), 0),
                },
                Value::Pieces(pl) => match pl.get(i) {
                    Some(pc) => {
                        let side = if pc.is_first() { 1 } else { 2 };
                        if style.unicode {
                            (glyph(pc).encode_utf8(&mut glyph_buf).as_bytes(), side)
                        } else {
                            glyph_buf[0] = pc.letter;
                            (&glyph_buf[..1], side)
                        }
                    }
                    None => (dot.as_bytes(), 0),
                },
            };
            if style.color && side != 0 {
                let c = if side == 1 { FIRST_COLOR } else { SECOND_COLOR };
                out.extend_from_slice(c.as_bytes());
                out.extend_from_slice(text);
                out.extend_from_slice(RESET.as_bytes());
            } else {
                out.extend_from_slice(text);
            }
        }
    }
    if size.has_file_letters() {
        out.push(b'\n');
        if style.color {
            out.extend_from_slice(DIM.as_bytes());
        }
        out.extend(std::iter::repeat_n(b' ', lw));
        for f in 0..w {
            out.push(b' ');
            out.push(b'a' + f as u8);
        }
        if style.color {
            out.extend_from_slice(RESET.as_bytes());
        }
    }
}

/// The number of decimal digits of `n`.
fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

enum Cell {
    Empty,
    First,
    Second,
    Piece(u8),
}

fn classify(c: char) -> Option<Cell> {
    Some(match c {
        '.' | '-' | '0' | '·' => Cell::Empty,
        'X' | 'x' | '*' | '1' | '●' => Cell::First,
        'O' | 'o' | '2' | '○' => Cell::Second,
        c if c.is_ascii_alphabetic() => Cell::Piece(c as u8),
        c => {
            let k = "♔♕♖♗♘♙♚♛♜♝♞♟".chars().position(|g| g == c)?;
            Cell::Piece(b"KQRBNPkqrbnp"[k])
        }
    })
}

fn is_file_labels(tokens: &[&str]) -> bool {
    !tokens.is_empty()
        && tokens
            .iter()
            .enumerate()
            .all(|(k, t)| t.len() == 1 && t.as_bytes()[0] == b'a' + k as u8)
}

/// Reads a grid: its own output, or plain rows, with or without rank and file labels.
pub(crate) fn parse(text: &str) -> Result<Value, ParseError> {
    // (byte offset of the line, tokens)
    let mut rows: Vec<(usize, Vec<&str>)> = Vec::new();
    let mut header: Option<(usize, Size)> = None;
    let mut off = 0;
    for line in text.split('\n') {
        let line_off = off;
        off += line.len() + 1;
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(h) = t.strip_prefix('#') {
            if let Some(s) = h
                .split_whitespace()
                .next()
                .and_then(|s| s.parse::<Size>().ok())
            {
                header = Some((line_off, s));
            }
            continue;
        }
        let toks: Vec<&str> = t.split_whitespace().collect();
        if is_file_labels(&toks) {
            continue;
        }
        rows.push((line_off, toks));
    }
    if rows.is_empty() {
        return Err(ParseError::new(
            Some(0),
            "found no rows: expected a grid of cells, top rank first",
        ));
    }
    let h = rows.len();
    let is_label = |t: &str, rank: usize| t.parse::<usize>().ok() == Some(rank);
    let lead = rows
        .iter()
        .enumerate()
        .all(|(g, (_, t))| t.len() > 1 && is_label(t[0], h - g));
    let trail = rows
        .iter()
        .enumerate()
        .all(|(g, (_, t))| t.len() > 1 + lead as usize && is_label(t[t.len() - 1], h - g));
    let mut cells: Vec<Vec<char>> = Vec::with_capacity(h);
    for (_, toks) in &rows {
        let end = toks.len() - trail as usize;
        let row: Vec<char> = toks[lead as usize..end]
            .iter()
            .flat_map(|t| t.chars())
            .collect();
        cells.push(row);
    }
    let w = cells[0].len();
    for (g, row) in cells.iter().enumerate() {
        if row.len() != w {
            return Err(ParseError::new(
                Some(rows[g].0),
                format!(
                    "row {} (rank {}) has {} cells, expected {w} like the first row",
                    g + 1,
                    h - g,
                    row.len()
                ),
            ));
        }
    }
    let size = Size::new(w, h).map_err(|e| ParseError::new(Some(0), e.to_string()))?;
    if let Some((at, s)) = header {
        if s != size {
            return Err(ParseError::new(
                Some(at),
                format!("the header says {s} but the grid is {size}"),
            ));
        }
    }
    let mut first = Bitboard::empty(size);
    let mut second = Bitboard::empty(size);
    let mut pieces = Placement::empty(size);
    let (mut any_second, mut any_piece, mut any_plain) = (false, false, false);
    for (g, row) in cells.iter().enumerate() {
        let rank = h - 1 - g;
        for (f, &c) in row.iter().enumerate() {
            let i = w * rank + f;
            match classify(c) {
                Some(Cell::Empty) => {}
                Some(Cell::First) => {
                    any_plain = true;
                    first.set_bit(i);
                }
                Some(Cell::Second) => {
                    any_plain = true;
                    any_second = true;
                    second.set_bit(i);
                }
                Some(Cell::Piece(l)) => {
                    any_piece = true;
                    pieces.set(i, Some(Piece::new(l)));
                }
                None => {
                    let line = text[rows[g].0..].lines().next().unwrap_or("");
                    let col = line.find(c).unwrap_or(0);
                    return Err(ParseError::new(
                        Some(rows[g].0 + col),
                        format!(
                            "found '{c}' in row {} (rank {}): expected a cell: . - 0 empty, X x * 1 first, O o 2 second, or a piece letter",
                            g + 1,
                            rank + 1
                        ),
                    ));
                }
            }
        }
    }
    if any_piece {
        if any_plain {
            // X/O cells inside a piece grid are pieces too.
            for (g, row) in cells.iter().enumerate() {
                for (f, &c) in row.iter().enumerate() {
                    if matches!(c, 'X' | 'x' | 'O' | 'o') {
                        pieces.set(w * (h - 1 - g) + f, Some(Piece::new(c as u8)));
                    } else if matches!(classify(c), Some(Cell::First | Cell::Second)) {
                        return Err(ParseError::new(
                            Some(rows[g].0),
                            format!("found '{c}' in row {} among piece letters: expected a letter or an empty cell", g + 1),
                        ));
                    }
                }
            }
        }
        return Ok(Value::Pieces(pieces));
    }
    if any_second {
        Ok(Value::Pair(Pair::new(first, second).map_err(|e| {
            ParseError::of(crate::ErrorKind::Overlap, Some(0), e.to_string())
        })?))
    } else {
        Ok(Value::Single(first))
    }
}
