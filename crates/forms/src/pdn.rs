//! Draughts positions in PDN FEN (`W:W31-50:B1-20`, `B:W18,24,K10:B12,K22`): the side to move,
//! then each colour's squares in the PDN numbering (1-32 on 8x8, 1-50 on 10x10: the dark
//! squares from the top rank, see `bbconv_board::Numbering::Draughts`), men as numbers or
//! ranges, kings with `K`. Read into a placement of the letters `M`/`K` (White's man and king)
//! and `m`/`k` (Black's), the side to move kept as the FEN-like field `w` or `b`, and the text
//! kept to be written back as it was.

use crate::spec::{Frame, InTable, Reader, Readings, Spec};
use crate::{Holds, Need};
use crate::{ParseError, RenderError, RenderErrorKind, Value};
use bbconv_board::placement::{Piece, Placement, Text};
use bbconv_board::{Numbering, Size, Square};

/// The letters of the pieces: White's man and king, Black's man and king.
const LETTERS: [u8; 4] = [b'M', b'K', b'm', b'k'];

/// The board of a PDN FEN: `given`, or 10x10 when a square number is above 32, else 8x8.
fn board_size(given: Option<Size>, max: usize) -> Size {
    given.unwrap_or(if max > 32 {
        Size::new(10, 10).unwrap_or(Size::CHESS)
    } else {
        Size::CHESS
    })
}

/// Reads a PDN FEN, bare or as a `[FEN "..."]` tag.
pub(crate) fn parse(text: &str, size: Option<Size>) -> Result<Value, ParseError> {
    let (start, t) = crate::trim(text);
    // The text as written, a `[FEN "..."]` wrapper and a final `.` included, to be written back.
    let written = t;
    let (start, t) = unwrap_tag(t, start)?;
    let t = t.strip_suffix('.').unwrap_or(t);
    let side = side_to_move(t, start)?;
    let squares = read_sections(t, start)?;
    let size = board_of(&squares, size, start)?;
    let mut pl = Placement::empty(size);
    place_numbered(&squares.numbered, size, &mut pl)?;
    place_algebraic(&squares.algebraic, size, &mut pl)?;
    pl.rest = Some(Text::from(if side == b'w' { "w" } else { "b" }));
    pl.notation = Some(written.into());
    Ok(Value::Pieces(pl))
}

/// The pieces a PDN FEN lists, as written, before they are placed.
#[derive(Default)]
struct Squares {
    /// (offset, white?, king?, first, last) of every numbered item (a square or a range).
    numbered: Vec<(usize, bool, bool, usize, usize)>,
    /// (offset, white?, king?, square) of every algebraic one.
    algebraic: Vec<(usize, bool, bool, Square)>,
}

/// The value of a `[FEN "..."]` tag and its offset, or `t` itself when it is not one.
fn unwrap_tag(t: &str, start: usize) -> Result<(usize, &str), ParseError> {
    let Some(inner) = t.strip_prefix("[FEN").and_then(|r| r.strip_suffix(']')) else {
        return Ok((start, t));
    };
    let q = inner.trim();
    let body = q
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| {
            ParseError::new(
                Some(start),
                "found a [FEN tag without a quoted value: expected [FEN \"W:W31-50:B1-20\"]",
            )
        })?;
    Ok((start + t.find('"').map_or(0, |k| k + 1), body))
}

/// The side to move, `w` or `b`, and the `:` after it.
fn side_to_move(t: &str, start: usize) -> Result<u8, ParseError> {
    let b = t.as_bytes();
    let side = match b.first() {
        Some(b'W' | b'w') => b'w',
        Some(b'B' | b'b') => b'b',
        _ => {
            return Err(ParseError::new(
                Some(start),
                format!("found {}: expected the side to move, W or B, then ':' and the squares (W:W31-50:B1-20)", crate::found(t, 0)),
            ))
        }
    };
    if b.get(1) != Some(&b':') {
        return Err(ParseError::new(
            Some(start + 1),
            "expected ':' after the side to move (W:W31-50:B1-20)",
        ));
    }
    Ok(side)
}

/// The squares of every colour's section after the side to move (other fields some writers
/// add, such as `H0` or `F1`, are skipped).
fn read_sections(t: &str, start: usize) -> Result<Squares, ParseError> {
    let mut squares = Squares::default();
    let mut off = 2;
    for section in t[2..].split(':') {
        let at = start + off;
        off += section.len() + 1;
        let colour = match section.as_bytes().first() {
            Some(b'W' | b'w') => true,
            Some(b'B' | b'b') => false,
            // Other fields some writers add (H0, F1): kept out of the squares.
            Some(c)
                if c.is_ascii_alphabetic() && section[1..].bytes().all(|d| d.is_ascii_digit()) =>
            {
                continue
            }
            _ => {
                return Err(ParseError::new(
                    Some(at),
                    format!(
                        "found {}: expected W or B and that colour's squares",
                        crate::found(section, 0)
                    ),
                ))
            }
        };
        colour_squares(section, at, colour, &mut squares)?;
    }
    Ok(squares)
}

/// One colour's squares (`section` after its `W` or `B`, at offset `at`), comma-separated.
fn colour_squares(
    section: &str,
    at: usize,
    colour: bool,
    squares: &mut Squares,
) -> Result<(), ParseError> {
    let mut k = 1;
    for item in section[1..].split(',') {
        let here = at + k;
        k += item.len() + 1;
        let item = item.trim();
        if item.is_empty() {
            if section.len() == 1 {
                continue; // a colour without pieces
            }
            return Err(ParseError::new(
                Some(here),
                "found an empty square between commas: expected a square number",
            ));
        }
        let (king, num) = match item.strip_prefix(['K', 'k']) {
            Some(n) => (true, n),
            None => (false, item),
        };
        // An algebraic square (`a1`, `Kh8`), as pydraughts writes Russian and Brazilian
        // draughts: the file letter, then the rank, on the 8x8 board.
        if let [f @ b'a'..=b'h', rank @ ..] = num.as_bytes() {
            let sq = algebraic_square(*f, rank, item, here)?;
            squares.algebraic.push((here, colour, king, sq));
            continue;
        }
        let (first, last) = range(num, item, here)?;
        squares.numbered.push((here, colour, king, first, last));
    }
    Ok(())
}

/// The square of file letter `f` and rank digits `rank` of `item` (at offset `here`).
fn algebraic_square(f: u8, rank: &[u8], item: &str, here: usize) -> Result<Square, ParseError> {
    std::str::from_utf8(rank)
        .ok()
        .and_then(|r| r.parse::<usize>().ok())
        .filter(|r| (1..=8).contains(r))
        .and_then(|r| Square::on(Size::CHESS, usize::from(f - b'a'), r - 1))
        .ok_or_else(|| {
            ParseError::new(
                Some(here),
                format!("found {item:?}: expected a square a1 to h8, a square number, or K and one of them"),
            )
        })
}

/// The first and last square of a number or a range `num` (of `item`, at offset `here`).
fn range(num: &str, item: &str, here: usize) -> Result<(usize, usize), ParseError> {
    let number = |s: &str| -> Result<usize, ParseError> {
        s.parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
            ParseError::new(Some(here), format!("found {item:?}: expected a square number from 1, a range like 31-50, or K and a number"))
        })
    };
    let (first, last) = match num.split_once('-') {
        Some((a, z)) => (number(a)?, number(z)?),
        None => {
            let n = number(num)?;
            (n, n)
        }
    };
    if first > last {
        return Err(ParseError::new(
            Some(here),
            format!("found the range {num}: expected the lower square first"),
        ));
    }
    Ok((first, last))
}

/// The board of the squares listed: [`board_size`] of numbered squares, 8x8 for algebraic
/// ones (which may not be mixed with numbers, nor given another size).
fn board_of(squares: &Squares, size: Option<Size>, start: usize) -> Result<Size, ParseError> {
    if squares.algebraic.is_empty() {
        let max = squares.numbered.iter().map(|i| i.4).max().unwrap_or(0);
        return Ok(board_size(size, max));
    }
    if let Some(first) = squares.numbered.first() {
        return Err(ParseError::new(
            Some(first.0),
            "found a square number among algebraic squares: expected one notation (a1, c3 or 1, 5)",
        ));
    }
    if size.is_some_and(|s| s != Size::CHESS) {
        return Err(ParseError::of(
            crate::ErrorKind::SizeMismatch,
            Some(start),
            "algebraic squares (a1 ... h8) are on the 8x8 board, not the size given",
        ));
    }
    Ok(Size::CHESS)
}

/// The letter of a man or a king of White or Black.
fn letter(white: bool, king: bool) -> u8 {
    LETTERS[usize::from(!white) * 2 + usize::from(king)]
}

/// Places the numbered squares and ranges on `pl`, each square once.
fn place_numbered(
    numbered: &[(usize, bool, bool, usize, usize)],
    size: Size,
    pl: &mut Placement,
) -> Result<(), ParseError> {
    let numbering = Numbering::Draughts;
    let count = numbering.span(size);
    for &(at, white, king, first, last) in numbered {
        for n in first..=last {
            let sq = numbering.square(size, n - 1).map_err(|_| {
                ParseError::of(
                    crate::ErrorKind::OffBoard,
                    Some(at),
                    format!("square {n} is off the {size} draughts board: expected 1 to {count}"),
                )
            })?;
            let i = sq.index(size);
            if pl.get(i).is_some() {
                return Err(ParseError::new(
                    Some(at),
                    format!("square {n} ({sq}) is listed twice: a square holds one piece"),
                ));
            }
            pl.set(i, Some(Piece::new(letter(white, king))));
        }
    }
    Ok(())
}

/// Places the algebraic squares on `pl`, each a dark square, each once.
fn place_algebraic(
    algebraic: &[(usize, bool, bool, Square)],
    size: Size,
    pl: &mut Placement,
) -> Result<(), ParseError> {
    for &(at, white, king, sq) in algebraic {
        let i = sq.index(size);
        if Numbering::Draughts.index(size, sq).is_none() {
            return Err(ParseError::of(
                crate::ErrorKind::OffBoard,
                Some(at),
                format!("{sq} is a light square: draughts pieces stand on the dark squares (a1, c1, ..., h8)"),
            ));
        }
        if pl.get(i).is_some() {
            return Err(ParseError::new(
                Some(at),
                format!("{sq} is listed twice: a square holds one piece"),
            ));
        }
        pl.set(i, Some(Piece::new(letter(white, king))));
    }
    Ok(())
}

/// Writes a placement of `M`/`K`/`m`/`k` on the dark squares as a PDN FEN: the text it was read
/// from while that still describes it; else the side to move (`w`/`b` of its FEN fields, White
/// without one), White's squares and Black's, in number order, runs of three or more men as
/// ranges, kings with `K`, in the shape of the text read, if any (its `[FEN "..."]` wrapper,
/// its other fields such as `:H0:F1` where they stood, its final `.`).
pub(crate) fn render(pl: &Placement, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let size = pl.size();
    // The text read, when it reads as a PDN FEN of the board's size.
    let mut notation = None;
    if let Some(n) = pl.notation.as_deref() {
        if let Ok(Value::Pieces(back)) = parse(n, Some(size)) {
            if back.same_cells(pl) && back.rest == pl.rest {
                out.extend_from_slice(n.as_bytes());
                return Ok(());
            }
            notation = Some(n);
        }
    }
    let lists = colour_lists(pl)?;
    let side = match pl.rest.as_ref().and_then(|r| r.as_str().bytes().next()) {
        Some(b'b' | b'B') => "B",
        _ => "W",
    };
    let Some(n) = notation else {
        out.extend_from_slice(side.as_bytes());
        for (name, list) in ["W", "B"].iter().zip(&lists) {
            out.extend_from_slice(format!(":{name}{list}").as_bytes());
        }
        return Ok(());
    };
    // The shape of the text read: its wrapper, its fields, its final `.`.
    let (open, body, close) = match (n.find('"'), n.rfind('"')) {
        (Some(a), Some(z)) if n.starts_with("[FEN") && a < z => (&n[..=a], &n[a + 1..z], &n[z..]),
        _ => ("", n, ""),
    };
    let (body, dot) = match body.strip_suffix('.') {
        Some(b) => (b, "."),
        None => (body, ""),
    };
    out.extend_from_slice(open.as_bytes());
    out.extend_from_slice(side.as_bytes());
    let mut written = [false; 2];
    for section in body.split(':').skip(1) {
        let k = match section.bytes().next() {
            Some(b'W' | b'w') => 0,
            Some(b'B' | b'b') => 1,
            _ => {
                out.extend_from_slice(format!(":{section}").as_bytes());
                continue;
            }
        };
        if !std::mem::replace(&mut written[k], true) {
            out.extend_from_slice(format!(":{}{}", ["W", "B"][k], lists[k]).as_bytes());
        }
    }
    for k in 0..2 {
        if !written[k] {
            out.extend_from_slice(format!(":{}{}", ["W", "B"][k], lists[k]).as_bytes());
        }
    }
    out.extend_from_slice(dot.as_bytes());
    out.extend_from_slice(close.as_bytes());
    Ok(())
}

/// White's and Black's squares of a placement of `M`/`K`/`m`/`k` on the dark squares, each a
/// list in number order (`K10,15,31-34`): runs of three or more men as ranges, kings with `K`.
fn colour_lists(pl: &Placement) -> Result<[String; 2], RenderError> {
    let size = pl.size();
    let unsupported = |m: String| RenderError::new(RenderErrorKind::Unsupported, m);
    let numbering = Numbering::Draughts;
    // (number, king) of each colour's pieces, by number.
    let mut sides: [Vec<(usize, bool)>; 2] = [Vec::new(), Vec::new()];
    for i in 0..size.squares() {
        let Some(p) = pl.get(i) else { continue };
        let Some(sq) = bbconv_board::Square::from_index(size, i) else {
            continue; // i < size.squares(): never
        };
        let Some(k) = LETTERS.iter().position(|&l| l == p.letter) else {
            return Err(unsupported(format!(
                "the piece {} on {sq} is no draughts piece: expected M, K (White) or m, k (Black)",
                p.letter as char
            )));
        };
        let n = numbering.index(size, sq).ok_or_else(|| {
            unsupported(format!("the piece {} is on {sq}, a light square: draughts pieces stand on the dark squares", p.letter as char))
        })?;
        sides[k / 2].push((n + 1, k % 2 == 1));
    }
    Ok(sides.map(|mut list| {
        list.sort_unstable();
        let mut items = Vec::new();
        let mut k = 0;
        while k < list.len() {
            let (n, king) = list[k];
            if king {
                items.push(format!("K{n}"));
                k += 1;
                continue;
            }
            let mut end = k;
            while end + 1 < list.len() && !list[end + 1].1 && list[end + 1].0 == list[end].0 + 1 {
                end += 1;
            }
            if end >= k + 2 {
                items.push(format!("{n}-{}", list[end].0));
                k = end + 1;
            } else {
                items.push(n.to_string());
                k += 1;
            }
        }
        items.join(",")
    }))
}

/// The `pdn` form.
pub(crate) const SPEC: Spec = Spec {
    name: "pdn",
    aliases: &["draughts-fen"],
    holds: Holds::Any,
    pieces: true,
    description: "Draughts PDN FEN: side to move, then each colour's squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).",
    example: "W:W31-50:B1-20",
    carries_size: true,
    names_squares: true,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Line,
    spans: None,
    need: Need::All,
    fixed: None,
    words: false,
    raw_bytes: false,
    fast: None,
    read: Reader::Text(|t, o| parse(t, o.size)),
    write: Some(|v, _, out| match v {
        Value::Pieces(pl) => render(pl, out),
        v => render(&Placement::from_pair(&v.to_pair(), b'M', b'm'), out),
    }),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        let Value::Pieces(pl) = parse(text, None).unwrap() else {
            panic!()
        };
        let mut out = Vec::new();
        render(&pl, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn start_positions_and_kings() {
        // International draughts: White's 20 men on 31-50, Black's on 1-20, 10x10.
        let Value::Pieces(pl) = parse("W:W31-50:B1-20", None).unwrap() else {
            panic!()
        };
        assert_eq!(pl.size(), Size::new(10, 10).unwrap());
        assert_eq!(pl.at("a1".parse().unwrap()).map(|p| p.letter), Some(b'M')); // 46
        assert_eq!(pl.at("b10".parse().unwrap()).map(|p| p.letter), Some(b'm')); // 1
        assert_eq!(
            pl.piece_bitboards()
                .iter()
                .map(|(_, b)| b.count())
                .sum::<usize>(),
            40
        );
        // Written back as read, whatever the style.
        for t in [
            "W:W31-50:B1-20",
            "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
            "W:W21,22,23:B1,2,3,K4",
        ] {
            assert_eq!(round(t), t);
        }
        // Without the text: numbers in order, runs of three or more men as ranges.
        let Value::Pieces(mut pl) =
            parse("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", None).unwrap()
        else {
            panic!()
        };
        pl.notation = None;
        let mut out = Vec::new();
        render(&pl, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29"
        );
    }

    #[test]
    fn fen_tag_is_written_back_with_its_wrapper() {
        for t in [
            r#"[FEN "W:W31,32:B1,2"]"#,
            r#"[FEN "B:W18,24,K10:B12,K22."]"#,
            r#"[FEN  "W:Wa1,c3:Bf6,Kh8" ]"#,
            "W:W31-50:B1-20.",
        ] {
            assert_eq!(round(t), t);
        }
        // Once the board no longer matches the text, its squares are written anew in the
        // text's shape: its wrapper, its other fields where they stood, its final `.`.
        for (text, want) in [
            (r#"[FEN "W:W31,32:B1,2"]"#, r#"[FEN "W:W32:B1,2"]"#),
            (
                r#"[FEN "W:W31,32:B1,2:H0:F1."]"#,
                r#"[FEN "W:W32:B1,2:H0:F1."]"#,
            ),
            ("W:H0:B1,2:W31,32.", "W:H0:B1,2:W32."),
            (r#"[FEN  "W:W31,32:B1,2" ]"#, r#"[FEN  "W:W32:B1,2" ]"#),
        ] {
            let Value::Pieces(mut pl) = parse(text, None).unwrap() else {
                panic!()
            };
            let e1 = "e1"
                .parse::<bbconv_board::Square>()
                .unwrap()
                .index(pl.size());
            assert!(pl.get(e1).is_some(), "{text}"); // square 31
            pl.set(e1, None);
            let mut out = Vec::new();
            render(&pl, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), want);
        }
        // Without the text, the squares are written bare.
        let Value::Pieces(mut pl) = parse(r#"[FEN "W:W31,32:B1,2"]"#, None).unwrap() else {
            panic!()
        };
        pl.notation = None;
        let e1 = "e1"
            .parse::<bbconv_board::Square>()
            .unwrap()
            .index(pl.size());
        assert!(pl.get(e1).is_some()); // square 31
        pl.set(e1, None);
        let mut out = Vec::new();
        render(&pl, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "W:W32:B1,2");
    }

    #[test]
    fn errors_are_positioned() {
        let e = parse("W:W31-50:B1-20,33", None).unwrap_err();
        assert_eq!(e.offset, Some(15));
        assert!(
            e.message.contains("square 33 (") && e.message.contains("listed twice"),
            "{}",
            e.message
        );
        let e = parse("W:W51", Some(Size::new(10, 10).unwrap())).unwrap_err();
        assert!(
            e.message
                .contains("square 51 is off the 10x10 draughts board: expected 1 to 50"),
            "{}",
            e.message
        );
        assert!(parse("X:W1", None)
            .unwrap_err()
            .message
            .contains("expected the side to move"));
    }
}
