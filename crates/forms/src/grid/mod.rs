//! The `grid` form: a labelled picture of the board, top rank first, that reads back; also reads
//! plain rows of `.`/`X`/`O`, piece letters or `0`/`1`/`2`, with or without labels.

mod words;

pub(crate) use words::GridWords;

use crate::spec::{Frame, InTable, Reader, Readings, Spec};
use crate::{CoordStyle, Options, ParseError, RenderError, RenderErrorKind, Value};
use crate::{Holds, Need};
use bbconv_board::placement::{Piece, Placement};
use bbconv_board::NameError;
use bbconv_board::{Bitboard, Pair, Size};

/// How a grid is drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GridStyle {
    /// Chess-piece glyphs and filled/empty discs instead of letters.
    pub unicode: bool,
    /// ANSI colours for the first and second side.
    pub color: bool,
    /// Which way up.
    pub orientation: Orientation,
}

/// Which way up a grid is drawn (`--orientation`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Orientation {
    /// The last rank on top, files from a on the left: a chess diagram from White's side.
    #[default]
    White,
    /// Rank 1 on top, files from the last on the left: python-chess's `orientation=BLACK`.
    Black,
    /// Rank 1 on top, files from a on the left: as Othello programs (Edax) draw the board.
    Othello,
}

impl Orientation {
    /// The word in a grid's header (none for White).
    fn word(self) -> Option<&'static str> {
        match self {
            Orientation::White => None,
            Orientation::Black => Some("black"),
            Orientation::Othello => Some("othello"),
        }
    }

    /// Whether rank 1 is the top line, and whether the files run from the last.
    fn flips(self) -> (bool, bool) {
        (self.rank_one_on_top(), self.files_from_last())
    }

    /// Whether rank 1 is the top line (black's side, and Othello programs).
    pub fn rank_one_on_top(self) -> bool {
        matches!(self, Orientation::Black | Orientation::Othello)
    }

    /// Whether the files run from the last on the left (python-chess's black side).
    pub fn files_from_last(self) -> bool {
        matches!(self, Orientation::Black)
    }
}

impl std::str::FromStr for Orientation {
    type Err = NameError;
    fn from_str(s: &str) -> Result<Orientation, NameError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "white" => Ok(Orientation::White),
            "black" => Ok(Orientation::Black),
            "othello" | "edax" => Ok(Orientation::Othello),
            _ => Err(NameError::unknown(
                "orientation",
                s,
                "white, black or othello",
            )),
        }
    }
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
/// file letters underneath (when `W <= 26`; under `--to-coords gtp`, GTP's `A`-`Z` without `I`,
/// when `W <= 25`). No allocation: every piece of text is a constant, a letter or a number.
/// `--to-coords sgf` is refused: SGF names rows by letters from the top, which no grid shows.
pub(crate) fn render(value: &Value, opts: &Options, out: &mut Vec<u8>) -> Result<(), RenderError> {
    if opts.to_coords == CoordStyle::Sgf {
        return Err(RenderError::new(
            RenderErrorKind::GridCoords,
            "a grid labels its files and ranks in chess or GTP style: SGF names rows by letters \
             from the top, which no printed board shows",
        ));
    }
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
    header(size, opts, out);
    let (top1, files_back) = style.orientation.flips();
    for g in 0..h {
        let rank = if top1 { g } else { h - 1 - g };
        rank_label(rank, lw, style, out);
        for col in 0..w {
            out.push(b' ');
            let f = if files_back { w - 1 - col } else { col };
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
    footer(size, lw, style, opts.to_coords, out);
    Ok(())
}

/// The grid's first line: `# WxH order`.
fn header(size: Size, opts: &Options, out: &mut Vec<u8>) {
    out.extend_from_slice(b"# ");
    crate::int::itoa(size.width() as u64, out);
    out.push(b'x');
    crate::int::itoa(size.height() as u64, out);
    out.push(b' ');
    out.extend_from_slice(opts.to_order.name().as_bytes());
    if let Some(w) = opts.grid.orientation.word() {
        out.push(b' ');
        out.extend_from_slice(w.as_bytes());
    }
}

/// A rank's line start: the line end before it, and its number right-aligned in `lw` columns.
fn rank_label(rank: usize, lw: usize, style: GridStyle, out: &mut Vec<u8>) {
    if !style.color && lw <= 4 {
        // The common case in one copy: the line end, the padding and the digits.
        let mut label = *b"\n    ";
        let (mut r, mut at) = (rank + 1, lw);
        while r > 0 && at > 0 {
            label[at] = b'0' + (r % 10) as u8;
            r /= 10;
            at -= 1;
        }
        // Five bytes copied and the unused ones cut: cheaper than a copy of a variable length.
        let end = out.len() + lw + 1;
        out.extend_from_slice(&label);
        out.truncate(end);
        return;
    }
    out.push(b'\n');
    if style.color {
        out.extend_from_slice(DIM.as_bytes());
    }
    out.extend(std::iter::repeat_n(b' ', lw - digits(rank + 1)));
    crate::int::itoa((rank + 1) as u64, out);
    if style.color {
        out.extend_from_slice(RESET.as_bytes());
    }
}

/// The file letters under the grid, when the board has them in `coords` (chess: `a`-`z`; GTP:
/// `A`-`Z` without `I`).
fn footer(size: Size, lw: usize, style: GridStyle, coords: CoordStyle, out: &mut Vec<u8>) {
    let all: &[u8] = match coords {
        CoordStyle::Gtp => b" A B C D E F G H J K L M N O P Q R S T U V W X Y Z",
        _ => b" a b c d e f g h i j k l m n o p q r s t u v w x y z",
    };
    if size.has_file_letters() && 2 * size.width() <= all.len() {
        out.push(b'\n');
        if style.color {
            out.extend_from_slice(DIM.as_bytes());
        }
        out.extend(std::iter::repeat_n(b' ', lw));
        let letters = &all[..2 * size.width()];
        if style.orientation.flips().1 {
            for pair in letters.chunks_exact(2).rev() {
                out.extend_from_slice(pair);
            }
        } else {
            out.extend_from_slice(letters);
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

/// Whether `tokens` are file letters, chess (`a`, `b`, ...) or GTP (`A`-`Z` without `I`, as
/// `--to-coords gtp` writes them): `Some(false)` from the first file on, `Some(true)` from the
/// last file down to the first (Black's side).
fn file_labels(tokens: &[&str]) -> Option<bool> {
    let n = tokens.len();
    let gtp = tokens
        .first()
        .is_some_and(|t| t.as_bytes()[0].is_ascii_uppercase());
    let letters: &[u8] = if gtp {
        b"ABCDEFGHJKLMNOPQRSTUVWXYZ"
    } else {
        b"abcdefghijklmnopqrstuvwxyz"
    };
    // At most 26 files have letters (25 in GTP style).
    let is = |k: usize, file: usize| {
        tokens[k].len() == 1 && letters.get(file) == Some(&tokens[k].as_bytes()[0])
    };
    let letter = |k: usize| is(k, k);
    let back = |k: usize| is(k, n - 1 - k);
    if n == 0 || n > 26 {
        None
    } else if (0..n).all(letter) {
        Some(false)
    } else if n > 1 && (0..n).all(back) {
        Some(true)
    } else {
        None
    }
}

/// Reads a grid: its own output, or plain rows, with or without rank and file labels.
pub(crate) fn parse(text: &str) -> Result<Value, ParseError> {
    let lines = read_lines(text);
    let rows = &lines.rows;
    if rows.is_empty() {
        return Err(ParseError::new(
            Some(0),
            "found no rows: expected a grid of cells, top rank first",
        ));
    }
    let (lead, trail, top1) = rank_labels(rows, lines.oriented);
    let files_back = lines.files_back || lines.oriented.is_some_and(|o| o.flips().1);
    let cells = cells_of(rows, lead, trail)?;
    let size = Size::new(cells[0].len(), rows.len())
        .map_err(|e| ParseError::new(Some(0), e.to_string()))?;
    if let Some((at, s)) = lines.header {
        if s != size {
            return Err(ParseError::new(
                Some(at),
                format!("the header says {s} but the grid is {size}"),
            ));
        }
    }
    let picture = Picture {
        size,
        top1,
        files_back,
    };
    let read = read_cells(text, rows, &cells, &picture)?;
    value_of(read, rows, &cells, &picture)
}

/// A row of a grid: the byte offset of its line, and its tokens.
type Row<'t> = (usize, Vec<&'t str>);

/// A grid's lines sorted: its rows, its `#` header and the file labels' direction.
struct Lines<'t> {
    rows: Vec<Row<'t>>,
    /// The header's offset and size, if there is one.
    header: Option<(usize, Size)>,
    /// The header's orientation, if it gives one.
    oriented: Option<Orientation>,
    /// The file labels run from the last file down to the first.
    files_back: bool,
}

/// The lines of `text`: the `#` header, the file labels and the rows (blank lines skipped).
fn read_lines(text: &str) -> Lines<'_> {
    let mut lines = Lines {
        rows: Vec::new(),
        header: None,
        oriented: None,
        files_back: false,
    };
    let mut off = 0;
    for line in text.split('\n') {
        let line_off = off;
        off += line.len() + 1;
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(h) = t.strip_prefix('#') {
            let words: Vec<&str> = h.split_whitespace().collect();
            if let Some(s) = words.first().and_then(|s| s.parse::<Size>().ok()) {
                lines.header = Some((line_off, s));
                lines.oriented = words.get(2).and_then(|w| w.parse().ok());
            }
            continue;
        }
        let toks: Vec<&str> = t.split_whitespace().collect();
        if let Some(back) = file_labels(&toks) {
            lines.files_back = back;
            continue;
        }
        lines.rows.push((line_off, toks));
    }
    lines
}

/// Whether the rows have rank labels before their cells and after them, and whether rank 1 is
/// on top (the header's orientation says so, or labels counting up do).
fn rank_labels(rows: &[Row<'_>], oriented: Option<Orientation>) -> (bool, bool, bool) {
    let h = rows.len();
    let is_label = |t: &str, rank: usize| t.parse::<usize>().ok() == Some(rank);
    // Rank labels counting down (the last rank on top) or, with rank 1 on top, up.
    let labelled = |up: bool| {
        let want = |g: usize| if up { g + 1 } else { h - g };
        let lead = rows
            .iter()
            .enumerate()
            .all(|(g, (_, t))| t.len() > 1 && is_label(t[0], want(g)));
        let trail = rows
            .iter()
            .enumerate()
            .all(|(g, (_, t))| t.len() > 1 + lead as usize && is_label(t[t.len() - 1], want(g)));
        (lead, trail)
    };
    let (mut lead, mut trail) = labelled(false);
    let mut top1 = oriented.is_some_and(|o| o.flips().0);
    if h > 1 && !lead && !trail {
        let (l, t) = labelled(true);
        if l || t {
            (lead, trail, top1) = (l, t, true);
        }
    }
    (lead, trail, top1)
}

/// The cells of each row, its labels left out; every row as wide as the first.
fn cells_of(rows: &[Row<'_>], lead: bool, trail: bool) -> Result<Vec<Vec<char>>, ParseError> {
    let h = rows.len();
    let mut cells: Vec<Vec<char>> = Vec::with_capacity(h);
    for (_, toks) in rows {
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
    Ok(cells)
}

/// How a grid's picture lies on the board.
struct Picture {
    size: Size,
    /// Rank 1 is the top line.
    top1: bool,
    /// The first file is the rightmost column.
    files_back: bool,
}

impl Picture {
    /// Where the cell in line `g`, column `col` of the picture is on the board: its rank and
    /// its square's index.
    fn at(&self, g: usize, col: usize) -> (usize, usize) {
        let (w, h) = (self.size.width(), self.size.height());
        let rank = if self.top1 { g } else { h - 1 - g };
        let f = if self.files_back { w - 1 - col } else { col };
        (rank, w * rank + f)
    }
}

/// What the cells of a grid hold, read one by one.
struct Cells {
    first: Bitboard,
    second: Bitboard,
    pieces: Placement,
    any_second: bool,
    any_piece: bool,
    any_plain: bool,
}

/// Reads every cell onto the board; an error at the first that is not a cell.
fn read_cells(
    text: &str,
    rows: &[Row<'_>],
    cells: &[Vec<char>],
    picture: &Picture,
) -> Result<Cells, ParseError> {
    let size = picture.size;
    let mut read = Cells {
        first: Bitboard::empty(size),
        second: Bitboard::empty(size),
        pieces: Placement::empty(size),
        any_second: false,
        any_piece: false,
        any_plain: false,
    };
    for (g, row) in cells.iter().enumerate() {
        for (col, &c) in row.iter().enumerate() {
            let (rank, i) = picture.at(g, col);
            match classify(c) {
                Some(Cell::Empty) => {}
                Some(Cell::First) => {
                    read.any_plain = true;
                    read.first.set_bit(i);
                }
                Some(Cell::Second) => {
                    read.any_plain = true;
                    read.any_second = true;
                    read.second.set_bit(i);
                }
                Some(Cell::Piece(l)) => {
                    read.any_piece = true;
                    read.pieces.set(i, Some(Piece::new(l)));
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
    Ok(read)
}

/// The board the cells describe: pieces when there is a piece letter (the `X`/`O` cells among
/// them pieces too), else two sides when a cell is the second's, else one bitboard.
fn value_of(
    read: Cells,
    rows: &[Row<'_>],
    cells: &[Vec<char>],
    picture: &Picture,
) -> Result<Value, ParseError> {
    let mut pieces = read.pieces;
    if read.any_piece {
        if read.any_plain {
            // X/O cells inside a piece grid are pieces too.
            for (g, row) in cells.iter().enumerate() {
                for (col, &c) in row.iter().enumerate() {
                    if matches!(c, 'X' | 'x' | 'O' | 'o') {
                        pieces.set(picture.at(g, col).1, Some(Piece::new(c as u8)));
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
    if read.any_second {
        Ok(Value::Pair(Pair::new(read.first, read.second).map_err(
            |e| ParseError::of(crate::ErrorKind::Overlap, Some(0), e.to_string()),
        )?))
    } else {
        Ok(Value::Single(read.first))
    }
}

/// The `grid` form.
pub(crate) const SPEC: Spec = Spec {
    name: "grid",
    aliases: &["pretty"],
    holds: Holds::Any,
    pieces: false,
    description: "A labelled grid, top rank first: . empty, X first, O second, or piece letters.",
    example: "8 . . . . . . . .",
    carries_size: true,
    names_squares: true,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Block,
    spans: None,
    need: Need::All,
    fixed: None,
    words: false,
    raw_bytes: false,
    fast: None,
    read: Reader::Text(|t, o| {
        let v = parse(t)?;
        o.check_size(v.size())?;
        Ok(v)
    }),
    write: Some(render),
};
