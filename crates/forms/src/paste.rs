//! The boards people paste from the tools they use, recognised by their shape: Stockfish's `d`
//! (`+---+` borders, with or without its `Fen:` and `Key:` lines, the FEN winning and checked
//! against the grid), python-chess's `unicode(borders=True)` (either orientation, from its
//! labels), GNU Go's and any GTP engine's `showboard` (columns A-T without I, `+` star points,
//! `X` Black and `O` White), Edax's board print (row 1 on top, `*` Black, `O` White, `.` a legal
//! move), and rows of cells: python-chess's `print(board)` and `unicode()`, shakmaty's `Debug`
//! board, and bbconv's own grids.

use crate::spec::{Frame, InTable, Reader, Readings, Spec, WordPaths};
use crate::{grid, ParseError, Value};
use crate::{Holds, Need};
use bbconv_board::placement::{Piece, Placement};
use bbconv_board::{Bitboard, Pair, Size, Square};

/// The printers tried, in order, with the name `--verbose` gives each.
pub const PRINTERS: [&str; 5] = [
    "Stockfish's d",
    "python-chess's unicode(borders=True)",
    "a GTP showboard (GNU Go)",
    "rows of cells (python-chess's print or unicode(), shakmaty's Debug, a bbconv grid)",
    "Edax's board print",
];

/// GTP's column letters.
const GTP_COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A chess glyph or python-chess's empty square as its letter (`.` for empty).
fn ascii(c: char) -> Option<char> {
    if c.is_ascii() {
        return None;
    }
    let glyphs = "♔♕♖♗♘♙♚♛♜♝♞♟";
    let letters = "KQRBNPkqrbnp";
    if c == '⭘' || c == '·' {
        return Some('.');
    }
    glyphs
        .chars()
        .position(|g| g == c)
        .and_then(|k| letters.chars().nth(k))
}

/// Which printer made `text`, by its shape, and why the others do not fit; `None` for text
/// that no printer makes.
fn shape(text: &str) -> usize {
    let lines = || text.lines().map(str::trim).filter(|l| !l.is_empty());
    if lines().any(|l| l.starts_with("+---+")) {
        return 0;
    }
    if lines().any(|l| l.len() >= 9 && l.bytes().all(|c| c == b'-'))
        && lines().any(|l| l.contains('|'))
    {
        return 1;
    }
    // GTP's header: the column letters from A, I skipped.
    let header = lines().find(|l| !l.starts_with('=') && !l.starts_with('?'));
    if header.is_some_and(|h| {
        let toks: Vec<&str> = h.split_whitespace().collect();
        toks.len() > 1
            && toks
                .iter()
                .zip(GTP_COLUMNS.chars())
                .all(|(t, c)| t.len() == 1 && t.starts_with(c))
            && toks.len() <= GTP_COLUMNS.len()
    }) {
        // Edax numbers its rows from 1 on top.
        let first_row = lines().find(|l| l.as_bytes()[0].is_ascii_digit());
        return if first_row.is_some_and(|l| l.starts_with("1 ")) {
            4
        } else {
            2
        };
    }
    3
}

/// Reads `text` as printer `k` makes it.
fn read_as(k: usize, text: &str) -> Result<Value, ParseError> {
    match k {
        0 => stockfish(text),
        1 => bordered(text),
        2 | 4 => labelled_points(text),
        _ => rows(text),
    }
}

/// Reads a pasted board and names the printer that made it: the printer its shape points to
/// first, then the others; when none reads it, an error saying where each failed.
///
/// ```
/// let sf = " +---+---+\n | k |   | 2\n +---+---+\n |   | K | 1\n +---+---+\n   a   b\n";
/// let (_, printer) = bbconv_forms::paste::read(sf, None).unwrap();
/// assert_eq!(printer, "Stockfish's d");
/// ```
pub fn read(text: &str, size: Option<Size>) -> Result<(Value, &'static str), ParseError> {
    let first = shape(text);
    let order = std::iter::once(first).chain((0..PRINTERS.len()).filter(|&k| k != first));
    let mut failed: Vec<(usize, ParseError)> = Vec::new();
    for k in order {
        match read_as(k, text) {
            Ok(v) => {
                if let Some(s) = size.filter(|s| *s != v.size()) {
                    return Err(ParseError::of(
                        crate::ErrorKind::SizeMismatch,
                        Some(0),
                        format!(
                            "the board ({}) is {} but the size given is {s}",
                            PRINTERS[k],
                            v.size()
                        ),
                    ));
                }
                return Ok((v, PRINTERS[k]));
            }
            Err(e) => failed.push((k, e)),
        }
    }
    // The printer the shape pointed to says where the text breaks; the others are listed.
    let (k, e) = failed.remove(0);
    let others: Vec<String> = failed
        .iter()
        .map(|(k, e)| format!("{} ({})", PRINTERS[*k], e.message))
        .collect();
    Err(ParseError::new(
        e.offset,
        format!(
            "{} (read as {}); also tried: {}",
            e.message,
            PRINTERS[k],
            others.join("; ")
        ),
    ))
}

/// Reads a pasted board.
pub(crate) fn parse(text: &str, size: Option<Size>) -> Result<Value, ParseError> {
    read(text, size).map(|(v, _)| v)
}

/// The lines of `text` with the byte offset where each starts (one pass: no line is counted
/// twice, whatever the number of lines).
fn lines_at(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n').scan(0, |off, line| {
        let at = *off;
        *off += line.len() + 1;
        Some((at, line))
    })
}

/// A placement from rows of cell letters, top rank first (`.`, ` ` or `None` empty).
fn placement(rows: &[(usize, Vec<Option<char>>)], what: &str) -> Result<Placement, ParseError> {
    let h = rows.len();
    let w = rows.first().map_or(0, |r| r.1.len());
    if h == 0 {
        return Err(ParseError::new(Some(0), format!("{what}: found no rows")));
    }
    if let Some((at, r)) = rows.iter().find(|r| r.1.len() != w) {
        return Err(ParseError::new(
            Some(*at),
            format!(
                "{what}: a row has {} cells, expected {w} like the first",
                r.len()
            ),
        ));
    }
    let size = Size::new(w, h).map_err(|e| ParseError::new(Some(0), format!("{what}: {e}")))?;
    let mut pl = Placement::empty(size);
    for (g, (at, row)) in rows.iter().enumerate() {
        for (f, c) in row.iter().enumerate() {
            match c {
                None => {}
                Some(c) if c.is_ascii_alphabetic() => {
                    pl.set(size.width() * (h - 1 - g) + f, Some(Piece::new(*c as u8)));
                }
                Some(c) => {
                    return Err(ParseError::new(
                        Some(*at),
                        format!(
                        "{what}: found '{c}' in rank {}: expected a piece letter or an empty cell",
                        h - g
                    ),
                    ))
                }
            }
        }
    }
    Ok(pl)
}

/// Stockfish's `d`: ` | r | n | ... | 8` between ` +---+` lines, then `Fen:` and `Key:`.
fn stockfish(text: &str) -> Result<Value, ParseError> {
    let what = "Stockfish's d board";
    let mut rows = Vec::new();
    let mut fen = None;
    for (k, line) in lines_at(text) {
        let t = line.trim();
        if let Some(f) = t.strip_prefix("Fen:") {
            fen = Some((k + line.find("Fen:").unwrap_or(0) + 4, f.trim()));
        } else if t.starts_with('|') {
            let parts: Vec<&str> = t.split('|').collect();
            // "", cells..., " 8"
            let cells = parts[1..parts.len() - 1]
                .iter()
                .map(|c| {
                    Some(c.trim())
                        .filter(|c| !c.is_empty())
                        .map(|c| c.chars().next().unwrap_or(' '))
                })
                .collect();
            rows.push((k, cells));
        }
    }
    let grid = placement(&rows, what)?;
    let Some((at, f)) = fen else {
        return Ok(Value::Pieces(grid));
    };
    let pl = crate::fen::parse_general(f, &Default::default()).map_err(|e| e.shifted(at))?;
    if !pl.same_cells(&grid) {
        let size = grid.size();
        let sq = (0..size.squares())
            .find(|&i| pl.get(i) != grid.get(i))
            .and_then(|i| Square::from_index(size, i));
        let show =
            |p: Option<Piece>| p.map_or("empty".to_string(), |p| (p.letter as char).to_string());
        let (g, fen_cell) = sq.map_or(("?".into(), "?".into()), |s| {
            (show(grid.at(s)), show(pl.at(s)))
        });
        return Err(ParseError::new(
            Some(at),
            format!(
                "{what}: the Fen: line disagrees with the grid on {} (grid: {g}, Fen: {fen_cell})",
                sq.map_or("a square".into(), |s| s.to_string())
            ),
        ));
    }
    Ok(Value::Pieces(pl))
}

/// python-chess's `unicode(borders=True)`: `8 |♜|⭘|...|` rows between `-----` lines, the
/// rank labels on the left and the files underneath in either orientation.
fn bordered(text: &str) -> Result<Value, ParseError> {
    let what = "python-chess's bordered board";
    // (offset, rank label, cells)
    let mut rows: Vec<(usize, usize, Vec<Option<char>>)> = Vec::new();
    let mut files: Option<Vec<char>> = None;
    for (k, line) in lines_at(text) {
        let t = line.trim();
        if t.is_empty() || t.bytes().all(|c| c == b'-') {
            continue;
        }
        let at = k;
        if let Some((label, rest)) = t.split_once('|') {
            let rank: usize = label.trim().parse().map_err(|_| {
                ParseError::new(
                    Some(at),
                    format!("{what}: found {label:?} before '|': expected a rank number"),
                )
            })?;
            let mut cells = Vec::new();
            for c in rest.trim_end_matches('|').split('|') {
                let ch = c.trim().chars().next().unwrap_or('.');
                let ch = ascii(ch).unwrap_or(ch);
                cells.push((ch != '.').then_some(ch));
            }
            rows.push((at, rank, cells));
        } else {
            files = Some(
                t.split_whitespace()
                    .filter_map(|s| s.chars().next())
                    .collect(),
            );
        }
    }
    // Black's orientation: rank 1 on top and the files from h to a.
    let flipped = rows.first().is_some_and(|r| r.1 == 1) && rows.len() > 1;
    let reversed = files
        .as_ref()
        .is_some_and(|f| f.len() > 1 && f[0] > f[f.len() - 1]);
    if flipped {
        rows.reverse();
    }
    let grid: Vec<(usize, Vec<Option<char>>)> = rows
        .into_iter()
        .map(|(at, _, mut cells)| {
            if reversed {
                cells.reverse();
            }
            (at, cells)
        })
        .collect();
    placement(&grid, what).map(Value::Pieces)
}

/// A GTP `showboard` (GNU Go) or Edax's board: a header of column letters (GTP's without I),
/// rows labelled with their numbers (`19 . + X O 19`; Edax: `1 - * O . 1`, row 1 on top; the
/// label gives the rank), anything after the second label commentary. `X` or `*` Black
/// (first), `O` White; `.`, `+`, `-` empty (Edax's `.` marks a legal move).
fn labelled_points(text: &str) -> Result<Value, ParseError> {
    let what = "board of labelled rows";
    // (offset, row number, cells)
    let mut rows: Vec<(usize, usize, Vec<u8>)> = Vec::new();
    let mut width = 0;
    let mut turn = None;
    for (k, line) in lines_at(text) {
        let t = line.trim();
        if t.is_empty() || t.starts_with('=') || t.starts_with('?') {
            continue;
        }
        let toks: Vec<&str> = t.split_whitespace().collect();
        if toks[0].bytes().all(|c| c.is_ascii_uppercase()) {
            width = toks.len();
            continue;
        }
        let at = k;
        let number: usize = toks[0].parse().map_err(|_| {
            ParseError::new(
                Some(at),
                format!("{what}: found {:?}: expected a row number", toks[0]),
            )
        })?;
        if toks.len() < width + 1 {
            return Err(ParseError::new(
                Some(at),
                format!(
                    "{what}: row {number} has {} points, expected {width}",
                    toks.len() - 1
                ),
            ));
        }
        let cells = point_cells(&toks[1..=width], line, at, number)?;
        // Edax says whose move it is after a row: `2 - O O . 2 O to move`.
        if let [side, "to", "move", ..] = toks.get(width + 2..).unwrap_or_default() {
            turn = crate::edax::turn(side).or(turn);
        }
        rows.push((at, number, cells));
    }
    let h = rows.len();
    let size = Size::new(width, h).map_err(|e| ParseError::new(Some(0), format!("{what}: {e}")))?;
    let mut seen = vec![false; h];
    for (at, number, _) in &rows {
        match seen.get_mut(number.wrapping_sub(1)) {
            Some(s) if !*s => *s = true,
            _ => {
                return Err(ParseError::new(
                    Some(*at),
                    format!("{what}: row {number} again or off a board of {h} rows"),
                ))
            }
        }
    }
    let (mut black, mut white) = (Bitboard::empty(size), Bitboard::empty(size));
    for (_, number, row) in &rows {
        for (f, &c) in row.iter().enumerate() {
            let i = width * (number - 1) + f;
            match c {
                1 => black.set_bit(i),
                2 => white.set_bit(i),
                _ => {}
            }
        }
    }
    let mut pair = Pair::new(black, white).map_err(|e| ParseError::new(Some(0), e.to_string()))?;
    pair.turn = turn;
    Ok(Value::Pair(pair))
}

/// The cells of row `number` (its points `points`, of `line` at offset `at`): 0 empty, 1
/// Black, 2 White.
fn point_cells(
    points: &[&str],
    line: &str,
    at: usize,
    number: usize,
) -> Result<Vec<u8>, ParseError> {
    let what = "board of labelled rows";
    let mut cells = Vec::with_capacity(points.len());
    for t in points {
        match *t {
            "." | "+" | "," | "-" => cells.push(0),
            "X" | "x" | "*" | "#" | "@" => cells.push(1),
            "O" | "o" => cells.push(2),
            other => {
                return Err(ParseError::new(
                    Some(at + line.find(other).unwrap_or(0)),
                    format!("{what}: found {other:?} in row {number}: expected . + - (empty), X or * (Black), O (White)"),
                ))
            }
        }
    }
    Ok(cells)
}

/// Rows of cells: python-chess's `print` and `unicode()`, shakmaty's `Debug`, bbconv's grids
/// (the grid reader, after the glyphs are turned into letters).
fn rows(text: &str) -> Result<Value, ParseError> {
    if text.is_ascii() {
        return grid::parse(text);
    }
    let plain: String = text.chars().map(|c| ascii(c).unwrap_or(c)).collect();
    grid::parse(&plain)
}

/// Whether a cell of several lines is taken for a printed board under `-f auto`: a printer's
/// shape (Stockfish's `d`, a bordered or labelled board), or rows of board cells, 2 by 2 or
/// more, whose characters are all a printer's (chess letters and glyphs, `.`, `X`, `O`, `*`,
/// digits), file-label rows (`a b c`) and `#` lines aside: two lines of other letters are text.
fn plausible_paste(text: &str, _: Size) -> bool {
    let Ok((v, printer)) = read(text, None) else {
        return false;
    };
    if printer != PRINTERS[3] {
        return true;
    }
    let cell = |c: char| {
        c.is_ascii_digit()
            || "PNBRQKpnbrqkXO.*-+|".contains(c)
            || ('\u{2654}'..='\u{265f}').contains(&c)
            || "·⭘●○◯".contains(c)
    };
    // A row of file labels: single letters in order from a (or A).
    let labels = |l: &str| {
        let toks: Vec<&str> = l.split_whitespace().collect();
        toks.len() >= 2
            && toks.iter().enumerate().all(|(k, t)| {
                let b = t.as_bytes();
                b.len() == 1 && (b[0] == b'a' + k as u8 || b[0] == b'A' + k as u8)
            })
    };
    let size = v.size();
    size.width() >= 2
        && size.height() >= 2
        && text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#') && !labels(l))
            .all(|l| l.chars().all(|c| c.is_whitespace() || cell(c)))
}

/// The word paths of `paste`: a board pasted from bbconv's own 8x8 grid is rows of cells, read
/// as a grid.
pub(crate) struct PasteWords;

impl WordPaths for PasteWords {
    #[inline(always)]
    fn read_chess<'r, R: crate::fen::fast::ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &crate::Options,
        need: Need,
        board: &mut crate::Board<'r>,
    ) -> bool {
        grid::GridWords::read_chess(r, record, opts, need, board)
    }
}

/// The `paste` form.
pub(crate) const SPEC: Spec = Spec {
    name: "paste",
    aliases: &["pasted"],
    holds: Holds::Any,
    pieces: false,
    description: "Input only: a board as a tool prints it (Stockfish's d, python-chess's print and unicode, shakmaty's Debug, a GTP showboard, bbconv's grids), recognised by its shape.",
    example: "(see README: Pasted boards)",
    carries_size: true,
    names_squares: true,
    own_reading: None,
    in_table: InTable::When(plausible_paste),
    readings: Readings::Plain,
    frame: Frame::Block,
    spans: Some(crate::span::SpanMode::Paste),
    need: Need::Sides,
    fixed: None,
    words: false,
    raw_bytes: false,
    fast: None,
    read: Reader::Text(|t, o| parse(t, o.size)),
    write: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(shape(" +---+\n | k | 1\n +---+\n"), 0);
        assert_eq!(shape("  ---------\n1 |♔|\n  ---------\n   a\n"), 1);
        assert_eq!(shape("= \n   A B\n 2 . . 2\n 1 X . 1\n   A B\n"), 2);
        assert_eq!(shape("r . k\n. . .\n"), 3);
        assert_eq!(shape("  A B\n1 * O 1\n2 - . 2\n  A B\n"), 4);
        // A tic-tac-toe grid of X and O is no GTP header.
        assert_eq!(shape("X O X\nO X O\nX O X\n"), 3);
    }
}
