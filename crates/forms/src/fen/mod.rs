//! FEN: the placement field of chess and any-size variant FEN (multi-digit empty runs, `+`/`~`
//! promotion marks, `[...]` holdings), with the other fields kept as written, and how those
//! fields follow a board whose squares move or whose colours are exchanged.

use std::collections::HashMap;

use crate::{Options, ParseError};
use bbconv_board::placement::{Mark, Piece, Placement, Text};
use bbconv_board::size::MAX_SQUARES;
use bbconv_board::{Size, Square};

enum Item {
    /// An empty run: its value and the sum of its digits.
    Empty(usize, usize),
    /// A piece.
    Piece(Piece),
}

/// What the first pass learns of a rank; its items are read again in the second pass, so a
/// record's memory does not grow with its number of items.
struct Rank<'a> {
    text: &'a str,
    offset: usize,
    by_number: usize,
    by_sum: usize,
    multi: Option<(usize, usize)>, // first multi-digit run: offset, length
}

/// Reads the items of one rank in order, calling `item(offset in the rank, item)` for each.
fn rank_items(
    s: &str,
    base: usize,
    rank_no: usize,
    mut item: impl FnMut(usize, usize, Item),
) -> Result<(), ParseError> {
    let b = s.as_bytes();
    let mut i = 0;
    let at = |k: usize| Some(base + k);
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let run = &s[start..i];
            if run.starts_with('0') {
                return Err(ParseError::new(
                    at(start),
                    format!(
                        "rank {rank_no} (from the top): found '{run}': an empty run is a number from 1, without leading zeros",
                    ),
                ));
            }
            let value: usize = run.parse().unwrap_or(usize::MAX / 2).min(1 << 20);
            let sum: usize = run.bytes().map(|d| (d - b'0') as usize).sum();
            item(start, run.len(), Item::Empty(value, sum));
            continue;
        }
        let (mark_plus, letter_at) = if c == b'+' { (true, i + 1) } else { (false, i) };
        match b.get(letter_at) {
            Some(l) if l.is_ascii_alphabetic() => {
                let mut p = Piece::new(*l);
                i = letter_at + 1;
                if mark_plus {
                    p.mark = Mark::Plus;
                } else if b.get(i) == Some(&b'~') {
                    p.mark = Mark::Tilde;
                    i += 1;
                }
                item(letter_at, 1, Item::Piece(p));
            }
            _ => {
                let k = if mark_plus { letter_at } else { i };
                let what = crate::found(s, k);
                return Err(ParseError::new(
                    at(k),
                    format!(
                        "rank {rank_no} (from the top): found {what}: expected a piece letter, a digit, '+' before a letter or '~' after one",
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn lex_rank(s: &str, base: usize, rank_no: usize) -> Result<Rank<'_>, ParseError> {
    let (mut by_number, mut by_sum) = (0usize, 0usize);
    let mut multi = None;
    rank_items(s, base, rank_no, |at, len, item| match item {
        Item::Empty(value, sum) => {
            if len > 1 && multi.is_none() {
                multi = Some((at, len));
            }
            by_number = by_number.saturating_add(value);
            by_sum = by_sum.saturating_add(sum);
        }
        Item::Piece(_) => {
            by_number = by_number.saturating_add(1);
            by_sum = by_sum.saturating_add(1);
        }
    })?;
    Ok(Rank {
        text: s,
        offset: base,
        by_number,
        by_sum,
        multi,
    })
}

pub(crate) mod fast;
pub(crate) mod fields;
mod spec;
pub(crate) mod words;

pub use fast::FenReader;
pub(crate) use spec::{may_be_fen, plausible_fen, FenWords, SPEC};

/// Whitespace as `char::is_whitespace` sees it, for ASCII bytes.
#[inline]
fn is_space(c: u8) -> bool {
    c.is_ascii_whitespace() || c == 0x0b
}

/// The common case of [`parse`] in one pass and without allocation: an ASCII 8x8 FEN whose
/// ranks are letters and single digits 1-8. `None` for anything else (other sizes, marks,
/// holdings, every error), which the general reading then accepts or reports exactly as before.
pub(crate) fn parse_small(b: &[u8], opts: &Options) -> Option<Placement> {
    if opts.size.is_some_and(|s| s != Size::CHESS) {
        return None;
    }
    let start = b.iter().position(|&c| !is_space(c))?;
    let b = &b[start..];
    let mut cells = [None; 64];
    // `pos` counts squares in reading order (a8 = 0); a8 is canonical index 56: `pos ^ 56`.
    let (mut pos, mut rank_end, mut i) = (0usize, 8usize, 0usize);
    let mut last_digit = false;
    while let Some(&c) = b.get(i) {
        if c.is_ascii_alphabetic() {
            if pos >= rank_end {
                return None;
            }
            cells[(pos ^ 56) & 63] = Some(Piece::new(c));
            pos += 1;
            last_digit = false;
        } else if (b'1'..=b'8').contains(&c) && !last_digit {
            pos += (c - b'0') as usize;
            last_digit = true;
        } else if c == b'/' && pos == rank_end && rank_end < 64 {
            rank_end += 8;
            last_digit = false;
        } else if is_space(c) {
            break;
        } else {
            return None;
        }
        i += 1;
    }
    if pos != 64 || rank_end != 64 {
        return None;
    }
    let mut pl = Placement::from_cells(Size::CHESS, cells)?;
    let rest = &b[i..];
    if !opts.lenient && fields::standard(rest).is_none() {
        return None;
    }
    // A tab's columns (which `standard` never passes) and a CR inside are the general reading's.
    if opts.lenient && (rest.contains(&b'\t') || rest.trim_ascii_end().contains(&b'\r')) {
        return None;
    }
    let from = rest.iter().position(|&c| !is_space(c));
    let to = rest.iter().rposition(|&c| !is_space(c));
    if let (Some(from), Some(to)) = (from, to) {
        pl.rest = Some(Text::from_ascii(&rest[from..=to])?);
        if from != 1 || rest[0] != b' ' {
            pl.spelling_mut().sep = Some(std::str::from_utf8(&rest[..from]).ok()?.into());
        }
    } else if !rest.is_ascii() {
        return None;
    }
    Some(pl)
}

/// Reads a FEN (placement alone or a whole FEN) into a placement: [`parse_small`], else
/// [`parse_general`].
pub(crate) fn parse(text: &str, opts: &Options) -> Result<Placement, ParseError> {
    match parse_small(text.as_bytes(), opts) {
        Some(pl) => Ok(pl),
        None => parse_general(text, opts),
    }
}

/// The general reading of a FEN, every size and variant, with precise errors (the reference
/// [`parse_small`] is checked against).
pub(crate) fn parse_general(text: &str, opts: &Options) -> Result<Placement, ParseError> {
    // A CR inside is refused, as in a list (a file of CR line ends would read as one FEN).
    let (start, t) = crate::list_body(text, 0)?;
    if t.is_empty() {
        return Err(ParseError::new(
            Some(start),
            "empty FEN: expected ranks separated by /",
        ));
    }
    let split = t.find(char::is_whitespace).unwrap_or(t.len());
    let (mut placement, mut holdings) = bracketed_holdings(&t[..split], start)?;
    let mut pocket_rank = false;
    if holdings.is_none() {
        if let Some((board, pocket)) = pocket_of(placement, opts) {
            holdings = Some(Text::from(pocket));
            pocket_rank = true;
            placement = board;
        }
    }
    let ranks = lex_ranks(placement, start)?;
    let h = ranks.len();
    if h == 1 && opts.size.is_none() {
        return Err(one_rank(t, split, start));
    }
    let width = board_width(&ranks, opts, start)?;
    let summed = check_widths(text, &ranks, width, opts)?;
    let size = Size::new(width, h).map_err(|e| ParseError::new(Some(start), e.to_string()))?;
    let (fields_end, columns) = fields::and_columns(text, start + split, start + t.len(), size);
    let fields_raw = &text[start + split..fields_end];
    let rest_text = fields_raw.trim();
    let rest_at = match rest_text.is_empty() {
        true => start + split,
        false => start + split + (fields_raw.len() - fields_raw.trim_start().len()),
    };
    if !opts.lenient {
        fields::check(rest_text, rest_at, size)?;
    }
    let mut pl = place(&ranks, &summed, size)?;
    pl.holdings = holdings;
    pl.pocket_rank = pocket_rank;
    // Kept as text once checked (a record of bad fields is not copied first).
    pl.rest = (!rest_text.is_empty()).then(|| Text::from(rest_text));
    let sep = &text[start + split..rest_at];
    if pl.rest.is_some() && sep != " " {
        pl.spelling_mut().sep = Some(sep.into());
    }
    if let Some(c) = columns {
        pl.spelling_mut().columns = Some(c.into());
    }
    Ok(pl)
}

/// The placement without its bracketed holdings (`...[Qn]`), and the holdings, checked to be
/// piece letters; `start` is the placement's offset.
fn bracketed_holdings(placement: &str, start: usize) -> Result<(&str, Option<Text>), ParseError> {
    let Some(open) = placement.find('[') else {
        return Ok((placement, None));
    };
    if !placement.ends_with(']') {
        return Err(ParseError::new(
            Some(start + open),
            "found '[' without a closing ']' at the end of the placement: expected [holdings]",
        ));
    }
    let h = &placement[open + 1..placement.len() - 1];
    if let Some(k) = h
        .bytes()
        .position(|c| !(c.is_ascii_alphabetic() || c == b'-'))
    {
        return Err(ParseError::new(
            Some(start + open + 1 + k),
            format!(
                "found {} in the holdings: expected piece letters",
                crate::found(h, k)
            ),
        ));
    }
    Ok((&placement[..open], Some(Text::from(h))))
}

/// The board and the pocket of a placement whose last group is a crazyhouse pocket written as
/// a ninth rank, if it is one.
///
/// Lichess and Scid write a crazyhouse pocket as a ninth rank of piece letters
/// (`.../RNBQKBNR/Qn`, an empty pocket `.../RNBQKBNR/`): a last group of letters only,
/// without bracketed holdings, is the holdings when it is one group more than `-s` has
/// ranks (and not a rank's worth of letters, but on 8x8) or, without `-s`, the ninth group
/// after eight ranks of 8 squares, whatever its count up to 30 (a board of nine ranks is
/// read with `-s 8x9`).
fn pocket_of<'t>(placement: &'t str, opts: &Options) -> Option<(&'t str, &'t str)> {
    let (board, pocket) = placement.rsplit_once('/')?;
    let width = |r: &str| {
        r.bytes()
            .map(|c| {
                if c.is_ascii_digit() {
                    usize::from(c - b'0')
                } else {
                    usize::from(c != b'~')
                }
            })
            .sum::<usize>()
    };
    let groups: Vec<&str> = board.split('/').collect();
    let w0 = width(groups[0]);
    let is_pocket = pocket.bytes().all(|c| c.is_ascii_alphabetic())
        && groups.len() > 1
        && match opts.size {
            // A full rank's worth of letters is a pocket on a chess board only (as
            // lichess writes it); elsewhere the FEN has a rank too many.
            Some(s) => {
                s.height() == groups.len() && (pocket.len() != s.width() || s == Size::CHESS)
            }
            // After eight ranks of eight squares, a group of letters is a pocket
            // whatever its count (Scid writes a pocket of eight so): a chess set has
            // at most 30 pieces to hold.
            None => {
                groups.len() == 8
                    && w0 == 8
                    && groups.iter().all(|g| width(g) == w0)
                    && pocket.len() <= 30
            }
        };
    is_pocket.then_some((board, pocket))
}

/// The ranks of the placement, each read ([`lex_rank`]); `start` is the placement's offset.
fn lex_ranks(placement: &str, start: usize) -> Result<Vec<Rank<'_>>, ParseError> {
    let mut ranks = Vec::new();
    let mut off = start;
    for (k, r) in placement.split('/').enumerate() {
        // Every rank holds a square: more ranks than a board's squares can never fit (and are
        // not all held in memory).
        if k == MAX_SQUARES {
            return Err(ParseError::of(
                crate::ErrorKind::OffBoard,
                Some(off),
                format!(
                    "found more than {MAX_SQUARES} ranks: a board has at most {MAX_SQUARES} squares"
                ),
            ));
        }
        if r.is_empty() {
            return Err(ParseError::new(
                Some(off),
                format!(
                    "rank {} (from the top): the rank is empty: expected pieces and digits",
                    k + 1
                ),
            ));
        }
        ranks.push(lex_rank(r, off, k + 1)?);
        off += r.len() + 1;
    }
    Ok(ranks)
}

/// The board's width: the size given's (whose height must be the number of ranks), else the
/// most common rank width (the first on a tie).
fn board_width(ranks: &[Rank<'_>], opts: &Options, start: usize) -> Result<usize, ParseError> {
    let h = ranks.len();
    match opts.size {
        Some(s) => {
            if s.height() != h {
                return Err(ParseError::of(
                    crate::ErrorKind::SizeMismatch,
                    Some(start),
                    format!(
                        "found {}, expected {} for the size given ({s})",
                        crate::text::count(h, "rank"),
                        s.height()
                    ),
                ));
            }
            Ok(s.width())
        }
        None => {
            // Counted in one pass, chosen in a second (linear); each rank is then checked.
            let mut counts: HashMap<usize, usize> = HashMap::new();
            for r in ranks {
                *counts.entry(r.by_number).or_insert(0) += 1;
            }
            let most = counts.values().copied().max().unwrap_or(0);
            Ok(ranks
                .iter()
                .map(|r| r.by_number)
                .find(|w| counts.get(w) == Some(&most))
                .unwrap_or(ranks[0].by_number))
        }
    }
}

/// Checks that every rank is `width` squares wide; a rank that is so only with its
/// consecutive digits summed is an error, or under `--lenient` marked in the result to be
/// read so.
fn check_widths(
    text: &str,
    ranks: &[Rank<'_>],
    width: usize,
    opts: &Options,
) -> Result<Vec<bool>, ParseError> {
    let mut summed = vec![false; ranks.len()];
    for (k, r) in ranks.iter().enumerate() {
        if r.by_number == width {
            continue;
        }
        if r.by_sum == width && r.multi.is_some() {
            if opts.lenient {
                summed[k] = true;
                continue;
            }
            let (o, len) = r.multi.unwrap_or((0, 1));
            let run = &text[r.offset + o..r.offset + o + len];
            return Err(ParseError::of(
                crate::ErrorKind::SummedDigits,
                Some(r.offset + o),
                format!(
                    "rank {} (from the top): found consecutive digits '{run}': an empty run is one number (write {})",
                    k + 1,
                    run.bytes().map(|d| (d - b'0') as usize).sum::<usize>()
                ),
            ));
        }
        return Err(ParseError::new(
            Some(r.offset + r.text.len()),
            format!(
                "rank {} (from the top): the rank has {} squares, expected {width}{}",
                k + 1,
                r.by_number,
                if opts.size.is_some() {
                    " (the size given)"
                } else {
                    " like the other ranks"
                }
            ),
        ));
    }
    Ok(summed)
}

/// The pieces of the ranks placed on a board of `size` (the first rank is the top one).
fn place(ranks: &[Rank<'_>], summed: &[bool], size: Size) -> Result<Placement, ParseError> {
    let (width, h) = (size.width(), ranks.len());
    let mut pl = Placement::empty(size);
    for (k, r) in ranks.iter().enumerate() {
        let rank = h - 1 - k;
        let mut f = 0;
        rank_items(r.text, r.offset, k + 1, |_, _, item| match item {
            Item::Empty(v, s) => f += if summed[k] { s } else { v },
            Item::Piece(p) => {
                pl.set(width * rank + f, Some(p));
                f += 1;
            }
        })?;
    }
    Ok(pl)
}

/// The error of a FEN of one rank read without a size: such a text (`fen`, `42`, an id) is far
/// more often a header or another column than a board, so it never sets a board's size on its
/// own. When a tab follows it, it is the first column of a table row.
fn one_rank(t: &str, split: usize, start: usize) -> ParseError {
    let text = &t[..split];
    if t[split..].starts_with('\t') {
        return ParseError::of(
            crate::ErrorKind::BeforeTab,
            Some(start),
            format!(
                "found {} before the first tab: the first column is not a board (a FEN of one rank)",
                fields::shown(text)
            ),
        );
    }
    ParseError::of(
        crate::ErrorKind::OneRank,
        Some(start),
        format!(
            "found {}, a FEN of one rank: without a size given, a FEN has at least two ranks",
            fields::shown(text)
        ),
    )
}

/// Writes the placement (and the holdings and other fields it was read with).
pub(crate) fn render(pl: &Placement, out: &mut Vec<u8>) {
    render_placement(pl, out);
    write_fields(pl, out);
}

/// Writes the FEN alone: [`render`] without the columns after a tab (no part of the FEN).
pub(crate) fn render_fen(pl: &Placement, out: &mut Vec<u8>) {
    render(pl, out);
    out.truncate(out.len() - pl.columns().map_or(0, str::len));
}

/// Writes the placement and its holdings, without the other fields.
pub(crate) fn render_placement(pl: &Placement, out: &mut Vec<u8>) {
    let size = pl.size();
    if size.squares() <= 64 && size.width() <= 9 {
        render_small(pl, out);
    } else {
        render_large(pl, out);
    }
    if let Some(hd) = &pl.holdings {
        // As written: a last rank of letters (a crazyhouse pocket as lichess and Scid write
        // it), or in brackets.
        if pl.pocket_rank {
            out.push(b'/');
            out.extend_from_slice(hd.as_bytes());
        } else {
            out.push(b'[');
            out.extend_from_slice(hd.as_bytes());
            out.push(b']');
        }
    }
}

/// [`render_placement`] for boards of more than 64 squares or 9 files.
fn render_large(pl: &Placement, out: &mut Vec<u8>) {
    let size = pl.size();
    let (w, h) = (size.width(), size.height());
    for g in 0..h {
        if g > 0 {
            out.push(b'/');
        }
        let rank = h - 1 - g;
        let mut empty = 0u64;
        for f in 0..w {
            match pl.get(w * rank + f) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        crate::int::itoa(empty, out);
                        empty = 0;
                    }
                    if p.mark == Mark::Plus {
                        out.push(b'+');
                    }
                    out.push(p.letter);
                    if p.mark == Mark::Tilde {
                        out.push(b'~');
                    }
                }
            }
        }
        if empty > 0 {
            crate::int::itoa(empty, out);
        }
    }
}

/// [`render`] for boards of at most 64 squares and 9 files: into a buffer on the stack.
fn render_small(pl: &Placement, out: &mut Vec<u8>) {
    let size = pl.size();
    let (w, h) = (size.width(), size.height());
    let cells = pl.cells();
    // At most two bytes a square (a mark and a letter) and a slash a rank.
    let mut buf = [0u8; 3 * 64 + 64];
    let mut len = 0;
    for g in 0..h {
        if g > 0 {
            buf[len] = b'/';
            len += 1;
        }
        let mut empty = 0u8;
        for cell in &cells[w * (h - 1 - g)..w * (h - g)] {
            match cell {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        buf[len] = b'0' + empty;
                        len += 1;
                        empty = 0;
                    }
                    if p.mark == Mark::Plus {
                        buf[len] = b'+';
                        len += 1;
                    }
                    buf[len] = p.letter;
                    len += 1;
                    if p.mark == Mark::Tilde {
                        buf[len] = b'~';
                        len += 1;
                    }
                }
            }
        }
        if empty > 0 {
            buf[len] = b'0' + empty;
            len += 1;
        }
    }
    out.extend_from_slice(&buf[..len]);
}

/// Writes what follows the placement: `[holdings]` and the other fields, as they were read, after
/// the whitespace read before them.
fn write_fields(pl: &Placement, out: &mut Vec<u8>) {
    if let Some(rest) = &pl.rest {
        match pl.sep() {
            Some(sep) => out.extend_from_slice(sep.as_bytes()),
            None => out.push(b' '),
        }
        out.extend_from_slice(rest.as_bytes());
    }
    // A position read from EPD: its clocks are its hmvc and fmvn operations (python-chess's
    // `set_epd`), written after its four fields.
    if let Some(ops) = &pl.ops {
        let (halfmove, fullmove) = crate::epd::clocks(ops);
        if pl.rest.is_none() {
            out.extend_from_slice(b" w - -");
        }
        out.push(b' ');
        out.extend_from_slice(halfmove.as_bytes());
        out.push(b' ');
        out.extend_from_slice(fullmove.as_bytes());
    }
    if let Some(columns) = pl.columns() {
        out.extend_from_slice(columns.as_bytes());
    }
}

/// The FEN fields after a placement when its squares move by `square` (from a board of `size`
/// to one of `target`) and, when `swap`, the colours are exchanged. Only what has a geometric
/// or colour meaning changes:
///
/// - the side to move (`w`/`b`) changes colour under `swap`;
/// - castling rights: `KQkq` letters are colour facts, kept by the move and changing case
///   under `swap` (then written white's first, as FEN writes them). Shredder and X-FEN file
///   letters name a rook's file: the rook's back-rank square moves with the board, and the
///   right is dropped if it lands off a back rank;
/// - the en-passant square moves with the board (`-` if it leaves it);
/// - everything else (clocks, check counters, what a variant adds) is kept as written, as is any
///   field that is not what FEN puts there.
///
/// ```
/// use bbconv_board::{Size, Square};
/// use bbconv_forms::fen::move_fields;
/// let c = Size::CHESS;
/// let flip = |s: Square| Square::new(s.file(), 7 - s.rank());
/// // python-chess's Board.mirror(): flipped vertically, colours exchanged.
/// assert_eq!(move_fields("w Kq e6 0 2", c, c, flip, true), "b Qk e3 0 2");
/// assert_eq!(move_fields("w KQkq e6 0 2", c, c, flip, false), "w KQkq e3 0 2");
/// ```
pub fn move_fields(
    rest: &str,
    size: Size,
    target: Size,
    square: impl Fn(Square) -> Option<Square>,
    swap: bool,
) -> String {
    let mut fields: Vec<String> = rest.split(' ').map(str::to_owned).collect();
    // The positions of the first three non-empty fields.
    let at: Vec<usize> = (0..fields.len())
        .filter(|&k| !fields[k].is_empty())
        .take(3)
        .collect();
    let side = at.first().copied();
    if let Some(k) = side.filter(|_| swap) {
        match fields[k].as_str() {
            "w" => fields[k] = "b".into(),
            "b" => fields[k] = "w".into(),
            _ => {}
        }
    }
    if let Some(&k) = at.get(1) {
        if let Some(c) = move_castling(&fields[k], size, target, &square, swap) {
            fields[k] = c;
        }
    }
    if let Some(&k) = at.get(2) {
        if fields[k] != "-" {
            if let Ok(sq) = Square::parse_on(&fields[k], size) {
                fields[k] = square(sq)
                    .filter(|t| t.is_on(target))
                    .map_or_else(|| "-".to_owned(), |t| t.to_string());
            }
        }
    }
    fields.join(" ")
}

/// The castling field moved and swapped as [`move_fields`] says; `None` if it is not a castling
/// field (kept as written).
fn move_castling(
    field: &str,
    size: Size,
    target: Size,
    square: &impl Fn(Square) -> Option<Square>,
    swap: bool,
) -> Option<String> {
    if field == "-" {
        return None;
    }
    if !field.bytes().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let back = |upper: bool, s: Size| if upper { 0 } else { s.height() - 1 };
    let mut moved = Vec::new();
    for c in field.bytes() {
        let upper = c.is_ascii_uppercase();
        let kept = match c.to_ascii_lowercase() {
            b'k' | b'q' => Some(c),
            f @ b'a'..=b'z' => {
                let file = usize::from(f - b'a');
                square(Square::on(size, file, back(upper, size))?)
                    .filter(|t| t.is_on(target) && t.file() < 26)
                    .filter(|t| t.rank() == 0 || t.rank() == target.height() - 1)
                    .map(|t| {
                        let l = b'a' + t.file() as u8;
                        if upper {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        }
                    })
            }
            _ => return None,
        };
        moved.extend(kept.map(|c| if swap { c ^ 0x20 } else { c }));
    }
    // White's rights first, each side's in the order they were written.
    let (mut white, black): (Vec<u8>, Vec<u8>) = moved.iter().partition(|c| c.is_ascii_uppercase());
    white.extend(black);
    Some(if white.is_empty() {
        "-".to_owned()
    } else {
        String::from_utf8(white).unwrap_or_default()
    })
}

/// Exchanges the colours of a whole position: every piece and held piece changes case, and the
/// side to move and the castling rights change colour ([`move_fields`] with no move).
///
/// ```
/// use bbconv_forms::fen::swap_colours;
/// use bbconv_forms::{parse, Format, Options, Value};
/// let Value::Pieces(mut p) = parse(Format::Fen, b"4k3/8/8/8/8/8/8/4K2R[Qn] w K - 0 1", &Options::default()).unwrap() else { panic!() };
/// swap_colours(&mut p);
/// let mut out = Vec::new();
/// bbconv_forms::render(Format::Fen, &Value::Pieces(p), &Options::default(), &mut out).unwrap();
/// assert_eq!(out, b"4K3/8/8/8/8/8/8/4k2r[qN] b k - 0 1");
/// ```
pub fn swap_colours(pl: &mut Placement) {
    pl.swap_sides();
    if let Some(h) = &pl.holdings {
        let swapped: String = h
            .chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        pl.holdings = Some(Text::from(swapped.as_str()));
    }
    if let Some(rest) = &pl.rest {
        let size = pl.size();
        let moved = move_fields(rest, size, size, Some, true);
        pl.rest = Some(Text::from(moved.as_str()));
    }
}

/// The FEN reader's word path: an 8x8 placement the fast reader `r` accepts, into the two
/// sides' words when `need` is the sides, else one word a chess piece letter with the placement
/// and the other fields by reference; `false`, with `board` untouched, for anything else (the
/// general reading then reads it or reports where it breaks).
#[inline(always)]
pub(crate) fn read_board<'r, R: fast::ReadChess>(
    r: &R,
    b: &'r [u8],
    need: crate::Need,
    board: &mut crate::Board<'r>,
) -> bool {
    use crate::board::Repr;
    let len = match need {
        crate::Need::Sides => {
            let Some((len, f, s)) = r.pair(b) else {
                return false;
            };
            board.set(Size::CHESS, Repr::Two(f, s));
            len
        }
        crate::Need::All | crate::Need::Train => {
            let Some((len, words, _)) = r.pieces(b) else {
                return false;
            };
            board.set(Size::CHESS, Repr::Chess(words));
            board.placement = &b[..len];
            len
        }
    };
    board.fields = fields_after(b, len);
    true
}

/// The other fields after a placement of `len` bytes that the fast reader accepted: after the
/// one space their common spelling has (see [`fields::standard`]), or empty.
#[inline(always)]
pub(crate) fn fields_after(b: &[u8], len: usize) -> &[u8] {
    b.get(len + 1..).unwrap_or_default()
}
