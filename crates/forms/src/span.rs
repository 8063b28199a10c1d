//! Records that span lines in a file or on stdin: where an SGF game tree and a board as a tool
//! prints it start and end, fed a line at a time. The rule (the README's "Records that span
//! lines"):
//!
//! - a line that begins with `(;` starts an SGF game tree, which ends at the line where its
//!   parentheses close (outside property values, which may hold line breaks);
//! - under `-f auto`, a line with the shape of a printer's first line starts a board, which ends
//!   where that printer's board ends: Stockfish's `+---+` border (its `Fen:`, `Key:` and
//!   `Checkers:` lines after the file letters included), python-chess's `-----` border, a
//!   column header `A B C ...` (GNU Go's showboard, after its `=` line or not, and Edax's board
//!   print: to the same header below), bbconv's grid header `# 8x8 ...` (to its file letters),
//!   and a rank of single-character cells separated by spaces (python-chess's `print` and
//!   `unicode()`, shakmaty's `Debug`: as many ranks as cells);
//! - any other line is a record of one line; under `-f paste`, any other lines up to a blank
//!   line are one record (a board no printer makes).
//!
//! Nothing is swallowed: a game tree or a board cut short ends where the next record can start
//! (after a blank line, a line that begins with `(;` or that does not continue it; a line a
//! board's printer does not print; the end of the input), and is read as a bad record. A line
//! that begins with `(;` right after a line of a game tree is one of its variations.

mod own_grid;

use own_grid::{own_grid_laid_out, OWN_GRID};

/// Which records may span lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SpanMode {
    /// SGF game trees (`-f sgf`).
    Sgf,
    /// SGF game trees and printed boards (`-f auto`).
    Auto,
    /// Printed boards, and any other lines up to a blank line (`-f paste`: a board no printer
    /// makes, drawn by hand or by another tool, is one record as long as it has no blank line).
    Paste,
}

/// What a line is, fed to [`Spans::feed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A record of one line (nothing was open, and the line starts nothing).
    Single,
    /// The line starts a record that goes on.
    Open,
    /// The line belongs to the open record, which goes on.
    Continue,
    /// The line ends the open record (it belongs to it).
    Close,
    /// The open record ended before this line (and before the blank lines just fed): this line
    /// is to be fed again, to a closed state.
    EndBefore,
    /// A blank line while a record is open: it belongs to the record only if a line that
    /// continues it follows.
    Blank,
}

/// The printers whose boards span lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Printer {
    /// Stockfish's `d`: `+---+` borders; after its file letters, `Fen:`, `Key:`, `Checkers:`.
    Stockfish { tail: bool },
    /// python-chess's `unicode(borders=True)`: `-----` borders, to its file letters.
    Bordered,
    /// A column header (GNU Go, Edax) to the same header below; `header` is its length, 0
    /// while GTP's `=` line waits for it.
    Headed { header: u64 },
    /// bbconv's grid: `# WxH ...`, to its file letters; `width` its files (W).
    Grid { width: usize },
    /// Ranks of `cells` single-character cells; `rows` seen.
    Cells { cells: usize, rows: usize },
    /// Lines no printer starts, to a blank line (`-f paste`).
    Block,
}

/// An open record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    /// An SGF game tree: the parentheses open, and whether a property value is open (and its
    /// last byte was a backslash).
    Sgf {
        depth: usize,
        in_value: bool,
        escaped: bool,
    },
    Board(Printer),
}

/// The state of the rule, fed a line at a time.
#[derive(Debug, Clone)]
pub struct Spans {
    mode: SpanMode,
    open: Option<Open>,
    /// Blank lines fed since the open record's last line.
    blanks: usize,
    /// A hash of the column header that closes a headed board.
    header: u64,
    /// The printer of the board that the last [`Step::EndBefore`] cut short.
    cut_short: Option<&'static str>,
}

/// The line without the CR of a CRLF and trailing spaces.
fn trimmed(line: &[u8]) -> &[u8] {
    line.trim_ascii_end()
}

/// Whether `line` could start a record of several lines: a cheap look at its first bytes (the
/// caller feeds only such lines, and the lines of an open record).
#[inline(always)]
pub fn may_start(mode: SpanMode, line: &[u8]) -> bool {
    match line {
        [] => false,
        [first] => may_start_bytes(mode, *first, 0),
        [first, second, ..] => may_start_bytes(mode, *first, *second),
    }
}

/// [`may_start`] on a line's first two bytes (0 for a byte past its end): one table look-up.
#[inline(always)]
pub fn may_start_bytes(mode: SpanMode, first: u8, second: u8) -> bool {
    let class = start_table(mode)[usize::from(first)];
    class == 1 || (class != 0 && second == class)
}

/// [`may_start_bytes`]' table for `mode`: by a line's first byte, 1 when the line may start a
/// record of several lines, 0 when it cannot, and any other value when it may if its second
/// byte is that value (a space after a rank's first cell, a `-` after a border's first).
#[inline(always)]
pub fn start_table(mode: SpanMode) -> &'static [u8; 256] {
    match mode {
        SpanMode::Sgf => &SGF_STARTS,
        SpanMode::Auto => &AUTO_STARTS,
        SpanMode::Paste => &PASTE_STARTS,
    }
}

/// By first byte: 1 when a line may start a record of several lines, 0 when it cannot, another
/// value when it may if its second byte is that value: a space (a rank of cells), a `-` (a
/// border of `-`, the only first line that starts with one).
const fn starts(auto: bool) -> [u8; 256] {
    let mut t = [0u8; 256];
    t[b'(' as usize] = 1;
    // What `trim_ascii` strips before a first line's text (a CR of a blank CRLF line comes
    // here and starts nothing).
    t[b' ' as usize] = 1;
    t[b'\t' as usize] = 1;
    t[b'\r' as usize] = 1;
    t[0x0c] = 1;
    if auto {
        let mut c = 0;
        while c < 256 {
            if (c as u8).is_ascii_alphabetic() {
                t[c] = b' ';
            }
            c += 1;
        }
        t[b'.' as usize] = b' ';
        t[b'+' as usize] = 1;
        t[b'=' as usize] = 1;
        t[b'#' as usize] = 1;
        t[b'-' as usize] = b'-';
        // The lead bytes of the chess glyphs and of python-chess's empty square (`\u{2b58}`),
        // and of the middle dot (`\u{b7}`), a rank's empty cell.
        t[0xe2] = 1;
        t[0xc2] = 1;
    }
    t
}

const SGF_STARTS: [u8; 256] = starts(false);
const AUTO_STARTS: [u8; 256] = starts(true);
/// Under `-f paste` every line but a blank one starts a record (a line that starts with a CR
/// is looked at: after it may come text).
const PASTE_STARTS: [u8; 256] = {
    let mut t = [1u8; 256];
    t[b'\n' as usize] = 0;
    t
};

/// The whitespace-separated tokens of a line.
fn tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|c| c.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

/// A line of file letters (`a b c`, `a   b   c`, `h g f`): at least two single letters. (A
/// byte loop: the last line of every grid read under `-f auto` comes here.)
fn file_letters(line: &[u8]) -> bool {
    let (mut n, mut after_letter) = (0, false);
    for &c in line {
        if c.is_ascii_whitespace() {
            after_letter = false;
        } else if c.is_ascii_lowercase() && !after_letter {
            (n, after_letter) = (n + 1, true);
        } else {
            return false;
        }
    }
    n >= 2
}

/// The width of the board whose bbconv grid `t` is the first line of: `#`, then its size
/// (`8x8`), as the grid reader takes it. (Read byte by byte: through `str` and `Size`'s
/// `FromStr` it cost about 300 instructions a grid under `-f auto`.)
fn grid_header(t: &[u8]) -> Option<usize> {
    let rest = t.strip_prefix(b"#")?.trim_ascii_start();
    let w = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    let rest_h = rest.get(w..)?.strip_prefix(b"x")?;
    let h = rest_h.iter().take_while(|c| c.is_ascii_digit()).count();
    let after = rest_h.get(h).copied();
    // At most 4 digits (no board is wider): no overflow.
    if w == 0 || w > 4 || h == 0 || after.is_some_and(|c| !c.is_ascii_whitespace()) {
        return None;
    }
    Some(
        rest[..w]
            .iter()
            .fold(0, |n, &c| n * 10 + usize::from(c - b'0')),
    )
}

/// A rank of a bbconv grid of `width` files, from its start: its number (digits), then
/// `width` cells of one character each and perhaps its number again, all apart by whitespace.
/// (A FEN, a list of indices or a pair, which may start with digits too, is none.)
#[inline(always)]
fn grid_rank(line: &[u8], width: usize) -> bool {
    let digits = line.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || !line.get(digits).is_some_and(u8::is_ascii_whitespace) {
        return false;
    }
    let body = &line[digits..];
    let body = body.strip_suffix(b"\r").unwrap_or(body);
    // The layout bbconv writes: a space and a cell (printable ASCII), `width` times; four
    // at a time in a word (a 16-bit lane each: the space low, the cell high). Hand-written
    // because callgrind shows the gain: a byte-pair loop cost 3,967 instructions a grid under
    // `-f auto`, this 3,703.
    if body.len() == 2 * width && body.len().is_multiple_of(8) {
        const LANES: u64 = 0x00ff_00ff_00ff_00ff;
        const SPACES: u64 = 0x0020_0020_0020_0020;
        const TOPS: u64 = 0x0080_0080_0080_0080;
        let laid_out = body.chunks_exact(8).all(|w| {
            let w = u64::from_le_bytes(w.try_into().unwrap_or_default());
            let cells = w >> 8 & LANES;
            // Each cell: below 0x80, at least 0x21 (bit 7 of cell + 0x5f), at most 0x7e
            // (bit 7 of cell + 1 clear).
            w & LANES == SPACES
                && cells & TOPS == 0
                && (cells + 0x005f_005f_005f_005f) & TOPS == TOPS
                && (cells + 0x0001_0001_0001_0001) & TOPS == 0
        });
        return laid_out || grid_rank_spread(body, width);
    }
    grid_rank_spread(body, width)
}

/// [`grid_rank`] for the ranks laid out otherwise (tabs, glyphs, the number again): the cells
/// as whitespace-separated tokens of one character each.
#[inline(never)]
fn grid_rank_spread(body: &[u8], width: usize) -> bool {
    let mut cells = 0;
    let mut tokens = body
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty());
    while let Some(token) = tokens.next() {
        if cells == width {
            // Only the rank's number again may follow the cells.
            return token.iter().all(u8::is_ascii_digit) && tokens.next().is_none();
        }
        let one = match token {
            [c] => c.is_ascii(),
            _ => std::str::from_utf8(token).is_ok_and(|t| t.chars().count() == 1),
        };
        if !one {
            return false;
        }
        cells += 1;
    }
    cells == width
}

/// The file labels that end a bbconv grid: single letters from `a` (chess) or `A` (GTP's,
/// without I), in order or (a board drawn from Black's side) in reverse, one or more.
fn grid_labels(line: &[u8]) -> bool {
    let mut letters: Vec<u8> = Vec::new();
    for t in tokens(line) {
        let [c] = t else {
            return false;
        };
        letters.push(*c);
    }
    if letters.last().is_some_and(|c| matches!(c, b'a' | b'A')) {
        letters.reverse();
    }
    let mut want = match letters.first() {
        Some(c @ (b'a' | b'A')) => *c,
        _ => return false,
    };
    for &c in &letters {
        if c != want {
            return false;
        }
        // GTP's columns skip I.
        want = if c == b'H' { b'J' } else { c + 1 };
    }
    true
}

/// A column header (`A B C D E F G H`, GTP's without I): at least three single upper-case
/// letters, `A` first.
fn column_header(line: &[u8]) -> bool {
    // The first token is one letter: most lines fail here, before the tokens are split.
    if line
        .trim_ascii_start()
        .get(1)
        .is_some_and(|c| !c.is_ascii_whitespace())
    {
        return false;
    }
    let mut n = 0;
    for t in tokens(line) {
        if t.len() != 1 || !t[0].is_ascii_uppercase() || (n == 0 && t[0] != b'A') {
            return false;
        }
        n += 1;
    }
    n >= 3
}

/// The number of single-character cells of a rank (`r . b q`, glyphs), or 0.
fn cells(line: &[u8]) -> usize {
    let t = trimmed(line);
    // An ASCII first cell is one byte, then a space: most lines (a FEN, an Edax string) fail
    // here, before the UTF-8 pass and the split.
    if t.len() > 1 && t[0].is_ascii() && t[1] != b' ' {
        return 0;
    }
    let Ok(text) = std::str::from_utf8(t) else {
        return 0;
    };
    let mut n = 0;
    for (k, part) in text.split(' ').enumerate() {
        let mut chars = part.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return 0;
        };
        let piece = c.is_ascii_alphabetic()
            || c == '.'
            || ('\u{2654}'..='\u{265f}').contains(&c)
            || c == '⭘'
            || c == '·';
        if !piece || (k == 0 && c.is_ascii_digit()) {
            return 0;
        }
        n += 1;
    }
    if n >= 3 {
        n
    } else {
        0
    }
}

impl Printer {
    /// The printer's name, as errors give it.
    fn name(self) -> &'static str {
        match self {
            Printer::Stockfish { .. } => "Stockfish's d",
            Printer::Bordered => "python-chess's unicode(borders=True)",
            Printer::Headed { .. } => "a board with a column header (GNU Go, Edax)",
            Printer::Grid { .. } => "bbconv's grid",
            Printer::Cells { .. } => "rows of cells (python-chess, shakmaty)",
            Printer::Block => "lines",
        }
    }
}

/// The message of a board that `printer` printed and that was cut short.
pub fn cut_short(printer: &str) -> String {
    format!("the board printed as {printer} is cut short: it ends before the printer's last line")
}

/// A hash of a line, to find the same header again.
fn hash(line: &[u8]) -> u64 {
    trimmed(line)
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &c| {
            (h ^ u64::from(c)).wrapping_mul(0x100_0000_01b3)
        })
}

/// Whether a line begins with `(;` (spaces between allowed).
fn sgf_start(line: &[u8]) -> bool {
    crate::sgf::is_game_tree(line)
}

impl Spans {
    /// The rule for `mode`, nothing open.
    pub fn new(mode: SpanMode) -> Spans {
        Spans {
            mode,
            open: None,
            blanks: 0,
            header: 0,
            cut_short: None,
        }
    }

    /// Whether a record is open (a line fed now may belong to it).
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// What `line` (without its `\n`; a CR may end it) is.
    pub fn feed(&mut self, line: &[u8]) -> Step {
        let blank = trimmed(line).is_empty();
        let Some(open) = self.open else {
            return self.start(line);
        };
        if blank && !matches!(open, Open::Sgf { in_value: true, .. }) {
            self.blanks += 1;
            return Step::Blank;
        }
        let after_blank = std::mem::take(&mut self.blanks) > 0;
        match open {
            // After a blank line, a line that begins with `(;` starts the next game (without
            // one it is a variation), and only what continues a game tree keeps it open.
            Open::Sgf {
                in_value: false, ..
            } if after_blank && sgf_start(line) => self.end_before(),
            Open::Sgf { in_value, .. } => {
                let t = line.trim_ascii_start();
                if after_blank
                    && !in_value
                    && !matches!(t.first(), Some(b';' | b'(' | b')' | b'A'..=b'Z'))
                {
                    return self.end_before();
                }
                self.sgf_line(line)
            }
            Open::Board(p) => {
                if after_blank && !matches!(p, Printer::Stockfish { tail: true }) {
                    return self.end_before();
                }
                self.board_line(p, line)
            }
        }
    }

    /// Whether `line` is what [`feed`](Spans::feed) would take as [`Step::Continue`] leaving
    /// the state as it is: a rank of an open grid of bbconv's (its number, the grid's width of
    /// one-character cells), no blank line before it. A driver may skip `feed` for such a line.
    #[inline(always)]
    pub fn continues(&self, line: &[u8]) -> bool {
        match self.open {
            Some(Open::Board(Printer::Grid { width })) => {
                self.blanks == 0 && grid_rank(line, width)
            }
            _ => false,
        }
    }

    /// bbconv's own 8x8 grid as it draws it by default (`# 8x8 lerf`, ranks 8 to 1 of
    /// one-character cells, the file letters) at the start of `rest`, with nothing open: the
    /// length of the record (up to the `\n` after its file letters, which must follow, or the
    /// end of `rest` when `eof`). [`feed`](Spans::feed) would take its lines one by one the
    /// same way (the header opens a grid, each rank continues it, the file letters close it,
    /// and the state is as before), so a driver may take the record whole.
    #[inline]
    pub fn own_grid(&self, rest: &[u8], eof: bool) -> Option<usize> {
        if self.open.is_some() || self.mode == SpanMode::Sgf {
            return None;
        }
        let record = rest.first_chunk::<OWN_GRID>()?;
        let ends = match rest.get(OWN_GRID) {
            Some(&c) => c == b'\n',
            None => eof,
        };
        (ends && own_grid_laid_out(record)).then_some(OWN_GRID)
    }

    /// Closes what is open (a record cut at its length limit).
    pub fn end(&mut self) {
        self.open = None;
        self.blanks = 0;
    }

    /// Closes what the end of the input leaves open: the printer whose board it ends before the
    /// board's last line, if any (a bad record, as after [`Step::EndBefore`]).
    pub fn finish(&mut self) -> Option<&'static str> {
        let cut = self.open_board();
        self.end();
        cut
    }

    fn end_before(&mut self) -> Step {
        self.cut_short = self.open_board();
        self.end();
        Step::EndBefore
    }

    /// The printer of the board open and not whole, if one is.
    fn open_board(&self) -> Option<&'static str> {
        match self.open {
            // Stockfish's board is whole once its file letters came.
            Some(Open::Board(Printer::Stockfish { tail: true } | Printer::Block)) => None,
            Some(Open::Board(p)) => Some(p.name()),
            _ => None,
        }
    }

    /// After [`Step::EndBefore`]: the printer whose board ended before its last line, if the
    /// record was such a board (a bad record: the message is [`cut_short`]'s).
    pub fn cut_short(&self) -> Option<&'static str> {
        self.cut_short
    }

    /// A line fed with nothing open.
    fn start(&mut self, line: &[u8]) -> Step {
        if sgf_start(line) {
            self.open = Some(Open::Sgf {
                depth: 0,
                in_value: false,
                escaped: false,
            });
            return self.sgf_line(line);
        }
        if self.mode == SpanMode::Sgf {
            return Step::Single;
        }
        let t = line.trim_ascii();
        // A first line that starts with `-` is a border of `-` or none (an Edax string with
        // two empty squares first comes here): the checks below would all fail on it.
        if t.first() == Some(&b'-') && !(t.len() >= 9 && t.iter().all(|&c| c == b'-')) {
            if self.mode == SpanMode::Paste {
                self.open = Some(Open::Board(Printer::Block));
                return Step::Open;
            }
            return Step::Single;
        }
        // bbconv's grid first (no other printer's first line starts with `#`).
        let printer = if let Some(width) = grid_header(t) {
            Printer::Grid { width }
        } else if t.starts_with(b"+---+") {
            Printer::Stockfish { tail: false }
        } else if t.len() >= 9 && t.iter().all(|&c| c == b'-') {
            Printer::Bordered
        } else if t == b"=" {
            Printer::Headed { header: 0 }
        } else if column_header(t) {
            self.header = hash(t);
            Printer::Headed { header: 1 }
        } else {
            // (Its text: a rank after a form feed, a CR or an indent starts the board.)
            match cells(t) {
                0 if self.mode == SpanMode::Paste && !t.is_empty() => Printer::Block,
                0 => return Step::Single,
                n => Printer::Cells { cells: n, rows: 1 },
            }
        };
        self.open = Some(Open::Board(printer));
        Step::Open
    }

    /// A line of an open SGF game tree: its parentheses and values counted.
    fn sgf_line(&mut self, line: &[u8]) -> Step {
        let Some(Open::Sgf {
            mut depth,
            mut in_value,
            mut escaped,
        }) = self.open
        else {
            return Step::Single;
        };
        let was_open = depth > 0 || in_value;
        for &c in line {
            if in_value {
                if escaped {
                    escaped = false;
                } else if c == b'\\' {
                    escaped = true;
                } else if c == b']' {
                    in_value = false;
                }
                continue;
            }
            match c {
                b'[' => in_value = true,
                b'(' => depth += 1,
                b')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        // What follows on the line belongs to the record (and is an error
                        // there if it is more than spaces).
                        self.open = None;
                        return if was_open { Step::Close } else { Step::Single };
                    }
                }
                _ => {}
            }
        }
        self.open = Some(Open::Sgf {
            depth,
            in_value,
            escaped,
        });
        if was_open {
            Step::Continue
        } else {
            Step::Open
        }
    }

    /// A line of an open printed board.
    fn board_line(&mut self, p: Printer, line: &[u8]) -> Step {
        match self.board_next(p, line) {
            BoardLine::More(p) => {
                self.open = Some(Open::Board(p));
                Step::Continue
            }
            BoardLine::Last => {
                self.open = None;
                Step::Close
            }
            BoardLine::Not => self.end_before(),
        }
    }

    /// What `line` is to the printed board `p` open before it (a header line is kept to be
    /// recognised again).
    fn board_next(&mut self, p: Printer, line: &[u8]) -> BoardLine {
        let t = line.trim_ascii();
        match p {
            Printer::Stockfish { tail: false } => {
                if file_letters(t) {
                    BoardLine::More(Printer::Stockfish { tail: true })
                } else if t.starts_with(b"+") || t.starts_with(b"|") {
                    BoardLine::More(p)
                } else {
                    BoardLine::Not
                }
            }
            Printer::Stockfish { tail: true } => {
                if [&b"Fen:"[..], b"Key:", b"Checkers:"]
                    .iter()
                    .any(|k| t.starts_with(k))
                {
                    BoardLine::More(p)
                } else {
                    BoardLine::Not
                }
            }
            Printer::Bordered => {
                if file_letters(t) {
                    BoardLine::Last
                } else if t.iter().all(|&c| c == b'-')
                    || (t.first().is_some_and(u8::is_ascii_digit) && t.contains(&b'|'))
                {
                    BoardLine::More(p)
                } else {
                    BoardLine::Not
                }
            }
            Printer::Headed { header: 0 } => {
                if column_header(t) {
                    self.header = hash(t);
                    BoardLine::More(Printer::Headed { header: 1 })
                } else {
                    BoardLine::Not
                }
            }
            Printer::Headed { header } => {
                if hash(t) == self.header {
                    BoardLine::Last
                } else if t.first().is_some_and(u8::is_ascii_digit) && header < 64 {
                    BoardLine::More(Printer::Headed { header: header + 1 })
                } else {
                    BoardLine::Not
                }
            }
            Printer::Grid { width } => {
                // A rank (no line of labels starts with a digit), else chess files or GTP's
                // columns (`--to-coords gtp`), on a board of any width; a `#` line other than a
                // grid's header is a comment, as the grid reader has it.
                if grid_rank(t, width) || (t.first() == Some(&b'#') && grid_header(t).is_none()) {
                    BoardLine::More(p)
                } else if file_letters(t) || grid_labels(t) {
                    BoardLine::Last
                } else {
                    BoardLine::Not
                }
            }
            Printer::Block => BoardLine::More(p),
            Printer::Cells { cells: n, rows } => {
                if cells(line) != n {
                    return BoardLine::Not;
                }
                if rows + 1 >= n {
                    BoardLine::Last
                } else {
                    BoardLine::More(Printer::Cells {
                        cells: n,
                        rows: rows + 1,
                    })
                }
            }
        }
    }
}

/// What a line is to the printed board open before it ([`Spans::board_line`]).
enum BoardLine {
    /// A line of the board, which goes on as this printer.
    More(Printer),
    /// The board's last line.
    Last,
    /// Not the board's: the board ended before it.
    Not,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The records of `text` as the rule frames them: each a list of its line numbers.
    fn records(mode: SpanMode, text: &str) -> Vec<Vec<usize>> {
        let mut spans = Spans::new(mode);
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut current: Vec<usize> = Vec::new();
        let mut blanks = Vec::new();
        for (k, line) in text.lines().enumerate() {
            let n = k + 1;
            loop {
                let step = if spans.is_open() || may_start(mode, line.as_bytes()) {
                    // The drivers' shortcut is what `feed` does: Continue, nothing changed.
                    let before = format!("{spans:?}");
                    let shortcut = spans.continues(line.as_bytes());
                    let step = spans.feed(line.as_bytes());
                    if shortcut {
                        assert_eq!((step, format!("{spans:?}")), (Step::Continue, before));
                    }
                    step
                } else {
                    Step::Single
                };
                match step {
                    Step::Single => {
                        if !line.trim().is_empty() {
                            out.push(vec![n]);
                        }
                    }
                    Step::Open => current = vec![n],
                    Step::Continue => {
                        current.append(&mut blanks);
                        current.push(n);
                    }
                    Step::Close => {
                        current.append(&mut blanks);
                        current.push(n);
                        out.push(std::mem::take(&mut current));
                    }
                    Step::Blank => blanks.push(n),
                    Step::EndBefore => {
                        blanks.clear();
                        out.push(std::mem::take(&mut current));
                        continue;
                    }
                }
                break;
            }
        }
        if !current.is_empty() {
            out.push(current);
        }
        out
    }

    #[test]
    fn sgf_trees_span_lines_and_end_where_the_next_record_can_start() {
        let text = "(;GM[1]FF[4]SZ[9]\nAB[aa]\n(;B[bb])\n(;B[cc]C[a comment\n\nover lines]))\n8/8/8/8/8/8/8/8\n(;SZ[9]\n;B[aa]\n\n8/8/8/8/8/8/8/8\n(;SZ[9]\n\n(;SZ[9])\n";
        assert_eq!(
            records(SpanMode::Sgf, text),
            [
                vec![1, 2, 3, 4, 5, 6],
                vec![7],
                vec![8, 9],
                vec![11],
                vec![12],
                vec![14]
            ]
        );
    }

    #[test]
    fn pasted_boards_back_to_back_and_hand_drawn_ones() {
        let print = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/paste/python-chess-print.txt"
        ))
        .unwrap();
        let text = format!("{print}{print}X.\n.O\n\n..\nO.\n");
        assert_eq!(
            records(SpanMode::Paste, &text),
            [
                (1..=8).collect::<Vec<_>>(),
                (9..=16).collect(),
                vec![17, 18],
                vec![20, 21]
            ]
        );
    }

    #[test]
    fn grids_span_their_ranks_to_their_labels() {
        let grid = "# 8x8 lerf\n8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . .\n\
                    5 . . . . . . . .\n4 . . . . . . . .\n3 . . . . . . . .\n\
                    2 P P P P P P P P\n1 R N B Q K B N R\n  a b c d e f g h\n";
        let text = format!("{grid}\n{grid}8/8/8/8/8/8/8/K6k w - - 0 1\n");
        let got = records(SpanMode::Auto, &text);
        let want: Vec<Vec<usize>> = vec![(1..=10).collect(), (12..=21).collect(), vec![22]];
        assert_eq!(got, want);
        // Cut short: a FEN where a rank should be is a record of its own.
        let short =
            "# 8x8 lerf\n8 r n b q k b n r\n7 p p p p p p p p\n8/8/8/8/8/8/8/K6k w - - 0 1\n";
        assert_eq!(records(SpanMode::Auto, short), vec![vec![1, 2, 3], vec![4]]);
        // A rank after a blank line, or indented, is looked at by the rule itself.
        let split = "# 8x8 lerf\n8 r n b q k b n r\n\n7 p p p p p p p p\n";
        assert_eq!(records(SpanMode::Auto, split)[0], vec![1, 2]);
        let indented = "# 3x1 lerf\n 1 . x .\n  a b c\n";
        assert_eq!(records(SpanMode::Auto, indented), vec![vec![1, 2, 3]]);
        // Hostile review 9: lines that start with digits then a space (indices, a pair) after
        // a grid cut short are records of their own, not ranks (a rank has the grid's width of
        // one-character cells); a rank's tab, a `#` comment and a header's two spaces are the
        // grid reader's too.
        let short = "# 8x8 lerf\n8 r n b q k b n r\n0 1 2 8 10 16 17 18\n5 7\n";
        assert_eq!(
            records(SpanMode::Auto, short),
            vec![vec![1, 2], vec![3], vec![4]]
        );
        let spread = "#  2x2 lerf\n2\tx .\n# a comment\n1 . x 1\n  a b\n";
        assert_eq!(records(SpanMode::Auto, spread), vec![vec![1, 2, 3, 4, 5]]);
        let glyphs = "# 2x1 lerf\n1 \u{265a} .\n  a b\n";
        assert_eq!(records(SpanMode::Auto, glyphs), vec![vec![1, 2, 3]]);
        // GTP's columns (no I), and a board drawn from Black's side.
        let gtp = "# 9x1 lerf\n1 . . . . . . . . .\n  A B C D E F G H J\n";
        assert_eq!(records(SpanMode::Auto, gtp), vec![vec![1, 2, 3]]);
        let black = "# 2x2 lerf\n1 . x\n2 x .\n  b a\n";
        assert_eq!(records(SpanMode::Auto, black), vec![vec![1, 2, 3, 4]]);
    }

    #[test]
    fn printed_boards_span_lines() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/paste/");
        for (file, lines) in [
            ("stockfish-d.txt", 2..=23),
            ("python-chess-print.txt", 1..=8),
            ("python-chess-unicode.txt", 1..=8),
            ("python-chess-unicode-borders.txt", 1..=18),
            ("gnugo-showboard-9.txt", 1..=12),
            ("edax-start.txt", 1..=10),
        ] {
            let text = std::fs::read_to_string(format!("{dir}{file}")).unwrap();
            let text = format!("{text}\n8/8/8/8/8/8/8/K6k w - - 0 1\n");
            let got = records(SpanMode::Auto, &text);
            assert_eq!(got[0], lines.clone().collect::<Vec<_>>(), "{file}: {got:?}");
            assert_eq!(
                got.last().unwrap().len(),
                1,
                "{file}: the FEN after it is its own record"
            );
        }
    }

    /// The first-byte table is a safe look: no line it passes by starts a record. Each line
    /// that opens a record, after any one byte and after pairs of the bytes `trim_ascii`
    /// strips (a form feed, a CR), opens one only if the table lets it through.
    #[test]
    fn the_table_passes_by_no_line_that_starts_a_record() {
        let openers: [&[u8]; 11] = [
            b"(;GM[1]SZ[9]",
            b"+---+---+---+",
            b"---------------",
            b"=",
            b"A B C D E F G H",
            b"# 8x8 lerf",
            b"r n b q k b n r",
            "\u{b7} \u{b7} \u{b7} \u{265a} \u{b7} \u{b7} \u{b7} \u{b7}".as_bytes(),
            "\u{2b58} \u{2b58} \u{2b58} \u{2b58}".as_bytes(),
            b". . . . . . . .",
            b"anything",
        ];
        let spaces = [b' ', b'\t', b'\r', 0x0b, 0x0c];
        let mut prefixes: Vec<Vec<u8>> = vec![vec![]];
        // (A line holds no `\n` before its end.)
        prefixes.extend((0..=255u8).filter(|&b| b != b'\n').map(|b| vec![b]));
        for a in spaces {
            prefixes.extend(spaces.iter().map(|&b| vec![a, b]));
        }
        let mut bad = Vec::new();
        for mode in [SpanMode::Sgf, SpanMode::Auto, SpanMode::Paste] {
            for opener in openers {
                for prefix in &prefixes {
                    let line = [&prefix[..], opener].concat();
                    let step = Spans::new(mode).feed(&line);
                    if !(step == Step::Single || may_start(mode, &line)) {
                        bad.push(format!(
                            "{mode:?} {:?} is {step:?}",
                            String::from_utf8_lossy(&line)
                        ));
                    }
                }
            }
        }
        assert!(bad.is_empty(), "the table passes by: {bad:#?}");
        // The openers do open (else the test above could not fail).
        assert_eq!(Spans::new(SpanMode::Auto).feed(openers[7]), Step::Open);
        assert_eq!(Spans::new(SpanMode::Sgf).feed(b"(;GM[1]"), Step::Open);
    }

    /// The table passes by only the lines the table before it passed by (which took any line
    /// that starts with `-`) and lines that start with `-` and no second `-`; such a line
    /// starts nothing: fed with nothing open, it is a record of one line.
    #[test]
    fn lines_passed_by_start_nothing() {
        let before = |mode: SpanMode, first: u8, second: u8| match mode {
            SpanMode::Sgf => matches!(first, b'(' | b' ' | b'\t' | b'\r' | 0x0c),
            SpanMode::Paste => first != b'\n',
            SpanMode::Auto => {
                matches!(
                    first,
                    b'(' | b' ' | b'\t' | b'\r' | 0x0c | b'+' | b'=' | b'#' | b'-' | 0xe2 | 0xc2
                ) || ((first.is_ascii_alphabetic() || first == b'.') && second == b' ')
            }
        };
        let tails: [&[u8]; 5] = [b"", b"-------", b" . . . . . .", b"x", b" - - -\r"];
        for mode in [SpanMode::Sgf, SpanMode::Auto, SpanMode::Paste] {
            for first in 0..=255u8 {
                for second in 0..=255u8 {
                    let now = may_start_bytes(mode, first, second);
                    assert_eq!(
                        now || (mode == SpanMode::Auto && first == b'-' && second != b'-'),
                        before(mode, first, second),
                        "{mode:?} {first} {second}"
                    );
                    if now || second == b'\n' {
                        continue;
                    }
                    for tail in tails {
                        let line = [&[first, second][..], tail].concat();
                        if first == b'-' {
                            let step = Spans::new(mode).feed(&line);
                            assert_eq!(step, Step::Single, "{mode:?} {line:?}");
                        }
                    }
                }
            }
        }
        assert!(!may_start(SpanMode::Auto, b"-"));
        assert_eq!(Spans::new(SpanMode::Auto).feed(b"-"), Step::Single);
        // A border of `-` still starts a board.
        assert!(may_start(SpanMode::Auto, b"---------------"));
        // A first line whose text starts with `-` and is no border skips the other printers'
        // checks: each would fail on it.
        let mut v = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            v ^= v << 13;
            v ^= v >> 7;
            v ^= v << 17;
            v
        };
        let bytes = b"-- .XO*xbow=#+AaH1\t\r\xe2\x99\x9c";
        for k in 0..50_000 {
            let mut line = match k % 3 {
                0 => b"-".to_vec(),
                1 => b"  -".to_vec(),
                _ => b"\t--".to_vec(),
            };
            for _ in 0..next() % 70 {
                line.push(bytes[(next() % bytes.len() as u64) as usize]);
            }
            let t = line.trim_ascii();
            if t.len() >= 9 && t.iter().all(|&c| c == b'-') {
                continue;
            }
            assert!(
                grid_header(t).is_none()
                    && !t.starts_with(b"+---+")
                    && t != b"="
                    && !column_header(t)
                    && cells(&line) == 0,
                "{line:?}"
            );
            for mode in [SpanMode::Auto, SpanMode::Paste] {
                let want = match mode {
                    SpanMode::Paste => Step::Open,
                    _ => Step::Single,
                };
                assert_eq!(Spans::new(mode).feed(&line), want, "{line:?}");
            }
        }
    }
}
