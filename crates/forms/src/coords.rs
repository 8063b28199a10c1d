//! Coordinate lists: square names (`squares`: chess-style, or SGF and GTP points with
//! `--coords`), indices (`indices`) and `(x,y)` pairs (`coords`), for one bitboard or, as
//! `first: ...; second: ...`, for two players. `-` is the empty list.

use crate::board::{Board, Repr};
use crate::detect::{Probe, Rule};
use crate::fen::fast::ReadChess;
use crate::go::{self, CoordStyle};
use crate::small::{read_names, write_names};
use crate::spec::{cold, Frame, InTable, Reader, Readings, Spec, WordPaths, Words, Writing};
use crate::{found, ErrorKind, Format, Options, ParseError, RenderError, Value};
use crate::{Holds, Need};
use bbconv_board::{Bitboard, Numbering, Pair, Size, Square};

/// Splits a list into tokens with their byte offsets; `(x, y)` stays one token.
fn tokens(s: &str, base: usize) -> Result<Vec<(usize, &str)>, ParseError> {
    let (start, t) = crate::list_body(s, base)?;
    let s = &s[..start + t.len()];
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        if crate::blank(c) || c == b',' {
            i += 1;
            continue;
        }
        let start = i;
        if c == b'(' {
            match s[i..].find(')') {
                Some(e) => i += e + 1,
                None => {
                    return Err(ParseError::new(
                        Some(base + i),
                        "found '(' without its ')': expected a pair like (4,3)",
                    ))
                }
            }
        } else {
            while i < b.len() && !crate::blank(b[i]) && b[i] != b',' && b[i] != b'(' {
                i += 1;
            }
        }
        out.push((start, &s[start..i]));
    }
    Ok(out)
}

/// The error for a token of the indices form that is not a number: a square name or an
/// `(x,y)` pair names its square under no order, so it is refused rather than read as one.
fn not_an_index(tok: &str, at: Option<usize>) -> ParseError {
    let (what, kind) = if tok.starts_with('(') {
        ("an (x,y) pair", ErrorKind::PairInIndices)
    } else if tok.parse::<Square>().is_ok() {
        ("a square name", ErrorKind::NameInIndices)
    } else {
        return ParseError::new(
            at,
            format!(
                "found {} in {tok:?}: expected a square index",
                found(tok, 0)
            ),
        );
    };
    ParseError::of(
        kind,
        at,
        format!("expected a square index, found {what} {tok}"),
    )
}

/// Reads a list of squares (`s`, at offset `base`): indices, and unless `indices`, square names
/// in the `--coords` style.
fn parse_list(
    s: &str,
    base: usize,
    size: Size,
    opts: &Options,
    indices: bool,
) -> Result<Bitboard, ParseError> {
    let order = opts.order;
    let mut bb = Bitboard::empty(size);
    let toks = tokens(s, base)?;
    if toks.len() == 1 && toks[0].1 == "-" {
        return Ok(bb);
    }
    let range = index_range(order, size, opts.one_based);
    for (off, tok) in toks {
        let at = Some(base + off);
        if tok.bytes().all(|c| c.is_ascii_digit()) {
            let sq = index_square(tok, at, order, size, range)?;
            bb.set_bit(sq.index(size));
            continue;
        }
        if indices {
            return Err(not_an_index(tok, at));
        }
        let styled = match opts.coords {
            CoordStyle::Sgf if !tok.starts_with('(') => Some(go::sgf_point(tok, size)),
            CoordStyle::Gtp if !tok.starts_with('(') => Some(go::gtp_vertex(tok, size)),
            _ => None,
        };
        if let Some(sq) = styled {
            let sq = sq.map_err(|m| ParseError::of(crate::ErrorKind::OffBoard, at, m))?;
            bb.set_bit(sq.index(size));
            continue;
        }
        bb.set_bit(named_square(tok, at, size)?.index(size));
    }
    Ok(bb)
}

/// The square of index `tok` (at offset `at`) under `order`, the index from `first` to `last`.
fn index_square(
    tok: &str,
    at: Option<usize>,
    order: Numbering,
    size: Size,
    (first, last): (usize, usize),
) -> Result<Square, ParseError> {
    let i = tok
        .parse::<usize>()
        .ok()
        .filter(|i| (first..=last).contains(i));
    let Some(i) = i else {
        return Err(ParseError::of(
            crate::ErrorKind::OffBoard,
            at,
            format!("square index {tok} is off the {size} board: expected {first} to {last}"),
        ));
    };
    order.square(size, i - first).map_err(|what| {
        ParseError::of(
            crate::ErrorKind::OffBoard,
            at,
            format!(
                "square index {tok} is {what} in the {order} layout: expected a square's index"
            ),
        )
    })
}

/// The square named `tok` (at offset `at`): a name like `e4` or a pair like `(4,3)`, on the
/// board.
fn named_square(tok: &str, at: Option<usize>, size: Size) -> Result<Square, ParseError> {
    let sq: Square = tok.parse().map_err(|_| {
        let b = tok.as_bytes();
        let rank_zero = b.len() > 1 && b[0].is_ascii_alphabetic() && b[1] == b'0';
        if rank_zero && b[1..].iter().all(u8::is_ascii_digit) {
            return ParseError::of(
                crate::ErrorKind::OffBoard,
                at,
                format!("square {tok} has rank {}: expected a rank from 1 (a1 is the first square)", &tok[1..]),
            );
        }
        ParseError::new(
            at,
            format!(
                "found {} in {tok:?}: expected a square name like e4, a pair like (4,3) or an index",
                found(tok, 0)
            ),
        )
    })?;
    if !sq.is_on(size) {
        return Err(ParseError::of(
            crate::ErrorKind::OffBoard,
            at,
            format!("square {tok} is off the {size} board"),
        ));
    }
    Ok(sq)
}

/// Reads a coordinate list (any of the three token kinds), one side or two.
pub(crate) fn parse(text: &str, size: Size, opts: &Options) -> Result<Value, ParseError> {
    parse_as(Format::Squares, text, size, opts)
}

/// Reads a list of form `format`: the indices form takes indices only (a name or a pair is an
/// error naming the form that reads it); squares and coords take every token kind.
pub(crate) fn parse_as(
    format: Format,
    text: &str,
    size: Size,
    opts: &Options,
) -> Result<Value, ParseError> {
    let indices = format == Format::Indices;
    let lower = text.to_ascii_lowercase();
    let Some(fpos) = lower.find("first:") else {
        if lower.contains("second:") {
            return Err(ParseError::new(
                lower.find("second:"),
                "found 'second:' without 'first:': expected `first: SQUARES; second: SQUARES`",
            ));
        }
        return parse_list(text, 0, size, opts, indices).map(Value::Single);
    };
    let err = |at: usize| {
        ParseError::new(
            Some(at),
            "expected two sides as `first: SQUARES; second: SQUARES`",
        )
    };
    if !text[..fpos].trim().is_empty() {
        return Err(err(0));
    }
    let spos = lower.find("second:").ok_or_else(|| err(text.len()))?;
    let mid = &text[fpos + 6..spos];
    let semi = mid.rfind(';').ok_or_else(|| err(spos))?;
    if !mid[semi + 1..].trim().is_empty() {
        return Err(err(fpos + 6 + semi + 1));
    }
    let first = parse_list(&mid[..semi], fpos + 6, size, opts, indices)?;
    let second = parse_list(&text[spos + 7..], spos + 7, size, opts, indices)?;
    Pair::new(first, second)
        .map(Value::Pair)
        .map_err(|e| ParseError::new(Some(0), e.to_string()))
}

/// The first and the last index of a board under `order`, counted from 0 or from 1.
fn index_range(order: Numbering, size: Size, one_based: bool) -> (usize, usize) {
    let first = usize::from(one_based);
    (first, first + order.span(size) - 1)
}

fn render_list(
    format: Format,
    bb: &Bitboard,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    let mut any = false;
    let first = usize::from(opts.one_based);
    let numbered = if format == Format::Indices {
        opts.to_order.numbered(bb).map_err(crate::numbering_error)?
    } else {
        // Names and pairs are geometric: only their order follows the numbering's.
        opts.to_order.listing_order().numbered(bb)
    };
    for (i, sq) in numbered {
        if any {
            out.push(b' ');
        }
        any = true;
        match format {
            Format::Indices => out.extend_from_slice((i + first).to_string().as_bytes()),
            Format::Coords => out.extend_from_slice(sq.coords().as_bytes()),
            _ => go::name(sq, bb.size(), opts.to_coords, out)?,
        }
    }
    if !any {
        out.push(b'-');
    }
    Ok(())
}

/// Writes the list; a two-player value without a layer is written as `first: ...; second: ...`.
pub(crate) fn render(
    format: Format,
    value: &Value,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    match (value, opts.layer) {
        (Value::Single(bb), _) => render_list(format, bb, opts, out),
        (_, Some(layer)) => render_list(format, &value.layer(layer), opts, out),
        _ => {
            let p = value.to_pair();
            out.extend_from_slice(b"first: ");
            render_list(format, p.first(), opts, out)?;
            out.extend_from_slice(b"; second: ");
            render_list(format, p.second(), opts, out)
        }
    }
}

/// The word paths of `squares`: lists of chess names (SGF points and GTP vertices, under
/// `--coords` and `--to-coords`, are read and written by the general reading and writing).
pub(crate) struct SquaresWords;

impl WordPaths for SquaresWords {
    #[inline(always)]
    fn read_shaped<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> Option<bool> {
        // The two-sided list's rule (no `/` in square names; the path reads chess names only).
        record
            .starts_with(b"first: ")
            .then(|| Self::read_chess(r, record, opts, need, board))
    }

    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        opts: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        if opts.coords != CoordStyle::Chess {
            cold();
            return false;
        }
        let t = record.trim_ascii();
        let repr = match t.strip_prefix(b"first: ") {
            // `first: NAMES; second: NAMES`, as bbconv writes two sides.
            Some(two) => read_sides_names(two).map(|(f, s)| Repr::Two(f, s)),
            None => read_names(t, Size::CHESS).map(Repr::One),
        };
        board.set_chess(repr)
    }

    #[inline(always)]
    fn read_small(t: &[u8], size: Size, opts: &Options) -> Option<Words> {
        if opts.coords != CoordStyle::Chess {
            return None;
        }
        Some(Words::one(size, read_names(t, size)?))
    }

    #[inline(always)]
    fn write_chess<R: ReadChess>(
        _: &R,
        _: Writing,
        board: &Board<'_>,
        opts: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        if opts.to_coords != CoordStyle::Chess {
            cold();
            return false;
        }
        let Some((f, s)) = board.sides() else {
            return false;
        };
        if board.is_single() || opts.layer.is_some() {
            return match board.single(opts.layer) {
                Some(v) => {
                    write_names(v, Size::CHESS, out);
                    true
                }
                None => false,
            };
        }
        write_names_of_sides(f, s, out);
        true
    }

    #[inline(always)]
    fn write_small(w: Words, opts: &Options, out: &mut Vec<u8>) -> bool {
        let names = opts.to_coords == CoordStyle::Chess && !w.two && w.size.width() <= 26;
        names && {
            write_names(w.first, w.size, out);
            true
        }
    }
}

/// The two sides' square names after `first: ` (`NAMES; second: NAMES`), which must not share
/// a square.
#[inline]
fn read_sides_names(two: &[u8]) -> Option<(u64, u64)> {
    let at = two.windows(10).position(|w| w == b"; second: ")?;
    match (
        read_names(&two[..at], Size::CHESS),
        read_names(&two[at + 10..], Size::CHESS),
    ) {
        (Some(f), Some(s)) if f & s == 0 => Some((f, s)),
        _ => None,
    }
}

/// `first: NAMES; second: NAMES`, the square names of two sides.
#[inline(always)]
fn write_names_of_sides(f: u64, s: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(b"first: ");
    write_names(f, Size::CHESS, out);
    out.extend_from_slice(b"; second: ");
    write_names(s, Size::CHESS, out);
}

/// `-f auto`'s rules for a coordinate list (`detect.rs`): a two-sided list, then (last of all
/// the rules) any tokens that are squares.
const DETECT: [Rule; 2] = [
    Rule {
        rank: 40,
        words: "contains first: or second:: a two-sided coordinate list (squares)",
        test: |p| {
            let b = p.text.as_bytes();
            let side = |name: &[u8]| b.windows(name.len()).any(|w| w.eq_ignore_ascii_case(name));
            (side(b"first:") || side(b"second:")).then_some(Ok(Format::Squares))
        },
    },
    Rule {
        rank: 100,
        words: "square names, (x,y) pairs or three or more indices: squares (on boards wider than 8, names from j on without i are ambiguous with GTP's, which skip I: an error naming both)",
        test: detect_names,
    },
];

/// The last rule: tokens that are square names or indices (with `--coords sgf|gtp`, any
/// tokens), or `(x, y)` pairs (a space splits one into two tokens: the list's reading judges
/// the parentheses).
fn detect_names(p: &Probe<'_>) -> Option<Result<Format, ParseError>> {
    let chess = p.opts.coords == CoordStyle::Chess;
    let all_coords = !chess
        || p.tokens()
            .all(|s| s.parse::<Square>().is_ok() || s.bytes().all(|c| c.is_ascii_digit()));
    if !all_coords && !p.text.starts_with('(') {
        return None;
    }
    if chess {
        let names: Vec<&str> = p.tokens().collect();
        if let Some(m) = crate::go::ambiguity(&names, p.size) {
            let kind = crate::ErrorKind::Ambiguous(vec![Format::Squares]);
            return Some(Err(ParseError::of(kind, Some(0), m)));
        }
    }
    Some(Ok(Format::Squares))
}

/// The `squares` form.
pub(crate) const SQUARES: Spec = Spec {
    name: "squares",
    aliases: &["algebraic", "coords-list"],
    holds: Holds::Any,
    pieces: false,
    description: "Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.",
    example: "a1 b1 c1 a2 c2 a3 b3 c3",
    carries_size: false,
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
    read: Reader::Text(|t, o| parse_as(Format::Squares, t, o.size_or_default(), o)),
    write: Some(|v, o, out| render(Format::Squares, v, o, out)),
};

/// The `indices` form.
pub(crate) const INDICES: Spec = Spec {
    name: "indices",
    aliases: &["index"],
    holds: Holds::Any,
    pieces: false,
    description:
        "Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.",
    example: "0 1 2 8 10 16 17 18",
    carries_size: false,
    names_squares: false,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Line,
    spans: None,
    need: Need::Sides,
    fixed: None,
    words: false,
    raw_bytes: false,
    detect: &[],
    fast: None,
    read: Reader::Text(|t, o| parse_as(Format::Indices, t, o.size_or_default(), o)),
    write: Some(|v, o, out| render(Format::Indices, v, o, out)),
};

/// The `coords` form.
pub(crate) const COORDS: Spec = Spec {
    name: "coords",
    aliases: &["xy"],
    holds: Holds::Any,
    pieces: false,
    description: "(x,y) pairs, x = file from the west, y = rank from the south, as bibi's Coords.",
    example: "(0,0) (1,0) (2,0)",
    carries_size: false,
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
    detect: &[],
    fast: None,
    read: Reader::Text(|t, o| parse_as(Format::Coords, t, o.size_or_default(), o)),
    write: Some(|v, o, out| render(Format::Coords, v, o, out)),
};
