//! Go notations: SGF coordinates (`dd`, column then row letters, `aa` the top-left point, up to
//! 52x52), GTP coordinates (`Q16`, a column letter without `I` and a row number from the
//! bottom, up to 25x25), and the SGF setup properties `AB`, `AW` and `AE` as a two-player board
//! (Black first).

use bbconv_board::NameError;
use std::fmt;
use std::str::FromStr;

use crate::{RenderError, RenderErrorKind};
use bbconv_board::{Pair, Size, Square};

/// How square names are written in coordinate lists (`--coords`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum CoordStyle {
    /// Chess-style file letter and rank number: `a1`, `j10`, `s19` (the default).
    #[default]
    Chess,
    /// SGF: column then row letters from the top-left, `a`-`z` then `A`-`Z`: `dd`, `pq`.
    Sgf,
    /// GTP: column letter without `I`, row number from the bottom: `D4`, `Q16`, `T19`.
    Gtp,
}

impl FromStr for CoordStyle {
    type Err = NameError;
    fn from_str(s: &str) -> Result<CoordStyle, NameError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "chess" | "algebraic" => Ok(CoordStyle::Chess),
            "sgf" => Ok(CoordStyle::Sgf),
            "gtp" => Ok(CoordStyle::Gtp),
            _ => Err(NameError::unknown(
                "coordinate style",
                s,
                "chess, sgf or gtp",
            )),
        }
    }
}

impl fmt::Display for CoordStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CoordStyle::Chess => "chess",
            CoordStyle::Sgf => "sgf",
            CoordStyle::Gtp => "gtp",
        })
    }
}

/// GTP's column letters: the alphabet without `I`.
const GTP_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The SGF letter of 0..52: `a`-`z`, then `A`-`Z`.
fn sgf_letter(k: usize) -> Option<char> {
    match k {
        0..=25 => Some(char::from(b'a' + k as u8)),
        26..=51 => Some(char::from(b'A' + (k - 26) as u8)),
        _ => None,
    }
}

fn sgf_index(c: u8) -> Option<usize> {
    match c {
        b'a'..=b'z' => Some(usize::from(c - b'a')),
        b'A'..=b'Z' => Some(usize::from(c - b'A') + 26),
        _ => None,
    }
}

/// Reads an SGF point (`dd`: column, then row from the top) of a `size` board.
pub(crate) fn sgf_point(tok: &str, size: Size) -> Result<Square, String> {
    let b = tok.as_bytes();
    let (Some(x), Some(y)) = (
        b.first().copied().and_then(sgf_index),
        b.get(1).copied().and_then(sgf_index),
    ) else {
        return Err(format!(
            "found {tok:?}: expected an SGF point, two letters a-z or A-Z such as dd"
        ));
    };
    if b.len() != 2 {
        return Err(format!(
            "found {tok:?}: expected an SGF point of two letters such as dd"
        ));
    }
    size.height()
        .checked_sub(y + 1)
        .and_then(|rank| Square::on(size, x, rank))
        .ok_or_else(|| format!("SGF point {tok} is off the {size} board"))
}

/// Reads a GTP vertex (`Q16`) of a `size` board; `I` is no column.
pub(crate) fn gtp_vertex(tok: &str, size: Size) -> Result<Square, String> {
    let b = tok.as_bytes();
    let bad = || {
        format!("found {tok:?}: expected a GTP vertex, a column letter A-Z without I and a row number, such as Q16")
    };
    let Some(&c) = b.first() else {
        return Err(bad());
    };
    let x = GTP_LETTERS
        .iter()
        .position(|&l| l == c.to_ascii_uppercase())
        .ok_or_else(bad)?;
    let digits = &tok[1..];
    if digits.is_empty()
        || digits.starts_with('0')
        || !digits.bytes().all(|d| d.is_ascii_digit())
        || digits.len() > 2
    {
        return Err(bad());
    }
    let y: usize = digits.parse().map_err(|_| bad())?;
    Square::on(size, x, y - 1).ok_or_else(|| format!("GTP vertex {tok} is off the {size} board"))
}

/// Writes `sq` of a `size` board in `style` (SGF up to 52x52, GTP up to 25x25).
pub(crate) fn name(
    sq: Square,
    size: Size,
    style: CoordStyle,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    let too_big = |what: &str, max: usize| {
        RenderError::new(
            RenderErrorKind::Unsupported,
            format!("{what} coordinates name boards up to {max}x{max}, not {size}"),
        )
    };
    match style {
        CoordStyle::Chess => out.extend_from_slice(sq.to_string().as_bytes()),
        CoordStyle::Sgf => {
            let (Some(x), Some(y)) = (
                sgf_letter(sq.file()),
                sgf_letter(size.height() - 1 - sq.rank()),
            ) else {
                return Err(too_big("SGF", 52));
            };
            out.extend_from_slice(format!("{x}{y}").as_bytes());
        }
        CoordStyle::Gtp => {
            let Some(&x) = GTP_LETTERS.get(sq.file()).filter(|_| size.height() <= 25) else {
                return Err(too_big("GTP", 25));
            };
            out.push(x);
            out.extend_from_slice((sq.rank() + 1).to_string().as_bytes());
        }
    }
    Ok(())
}

/// Whether a square list read with `-f auto` on a board wider than 8 is ambiguous between
/// chess-style and GTP letters: a column letter from `j` on and no `i` (GTP has none). The
/// message names both readings of the first such name.
pub(crate) fn ambiguity(tokens: &[&str], size: Size) -> Option<String> {
    if size.width() <= 8 {
        return None;
    }
    let letter = |t: &&str| t.as_bytes().first().map(u8::to_ascii_lowercase);
    if tokens.iter().any(|t| letter(t) == Some(b'i')) {
        return None;
    }
    let tok = tokens
        .iter()
        .find(|t| letter(t).is_some_and(|c| c >= b'j'))?;
    let chess = tok.parse::<Square>().ok()?;
    let gtp = gtp_vertex(tok, size).ok();
    Some(format!(
        "{tok} reads two ways on {a_size} board: chess-style {} and GTP {} (GTP skips the letter I)",
        chess.coords(),
        gtp.map_or_else(|| "off the board".to_string(), |s| s.coords()), a_size = crate::text::a(size)))
}

/// Writes a two-player board as SGF setup: `SZ[19]AB[dd][pq]AW[dp]` (Black first; the
/// properties of an empty side left out), and `PL[B]` or `PL[W]` when the side to move is known.
pub(crate) fn render_sgf(p: &Pair, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let size = p.size();
    if size.width() == size.height() {
        out.extend_from_slice(format!("SZ[{}]", size.width()).as_bytes());
    } else {
        out.extend_from_slice(format!("SZ[{}:{}]", size.width(), size.height()).as_bytes());
    }
    for (ident, bb) in [("AB", p.first()), ("AW", p.second())] {
        if bb.is_empty() {
            continue;
        }
        out.extend_from_slice(ident.as_bytes());
        for sq in bb.squares() {
            out.push(b'[');
            name(sq, size, CoordStyle::Sgf, out)?;
            out.push(b']');
        }
    }
    match p.turn {
        Some(bbconv_board::Turn::First) => out.extend_from_slice(b"PL[B]"),
        Some(bbconv_board::Turn::Second) => out.extend_from_slice(b"PL[W]"),
        None => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_board::Bitboard;

    #[test]
    fn sgf_and_gtp_points() {
        let s19 = Size::new(19, 19).unwrap();
        // SGF: aa is the top-left (a19), dd is d16, pq is p3; GTP Q16 is column 15 (no I).
        assert_eq!(sgf_point("aa", s19).unwrap(), "a19".parse().unwrap());
        assert_eq!(sgf_point("dd", s19).unwrap(), "d16".parse().unwrap());
        assert_eq!(sgf_point("pq", s19).unwrap(), "p3".parse().unwrap());
        assert_eq!(
            gtp_vertex("Q16", s19).unwrap(),
            Square::new(15, 15).unwrap()
        );
        assert_eq!(gtp_vertex("j10", s19).unwrap(), Square::new(8, 9).unwrap());
        assert!(gtp_vertex("I5", s19).is_err());
        assert!(gtp_vertex("U1", s19)
            .unwrap_err()
            .contains("off the 19x19 board"));
        let mut out = Vec::new();
        name(Square::new(15, 15).unwrap(), s19, CoordStyle::Gtp, &mut out).unwrap();
        out.push(b' ');
        name(Square::new(15, 15).unwrap(), s19, CoordStyle::Sgf, &mut out).unwrap();
        assert_eq!(out, b"Q16 pd");
    }

    #[test]
    fn sgf_setup() {
        let v = crate::sgf::parse(
            b"(;GM[1]FF[4]SZ[9]AB[cc][gg]AW[cg:dg]AE[ee])",
            None,
            crate::SgfNode::Root,
        )
        .unwrap();
        let p = v.to_pair();
        assert_eq!(p.size(), Size::new(9, 9).unwrap());
        let names = |b: &Bitboard| {
            b.squares()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(p.first()), "g3 c7");
        assert_eq!(names(p.second()), "c3 d3");
        let mut out = Vec::new();
        render_sgf(&p, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "SZ[9]AB[gg][cc]AW[cg][dg]");
        let e = crate::sgf::parse(b"AB[dd]AW[dd]", None, crate::SgfNode::Root).unwrap_err();
        assert!(
            e.message.contains("point d16 is set twice"),
            "{}",
            e.message
        );
        assert_eq!(e.offset, Some(9));
    }
}
