//! `sf-plain`'s word paths ([`Plain`]): a record of the lines its writer writes (`fen`, `move`,
//! `score`, `ply`, `result`, `e`, in that order, one space after each key) read into a
//! [`Chess`] position's piece words, the FEN's placement kept as written, its other lines only
//! checked as the general reading checks them; and a position written as the general writing
//! writes one without training fields. Any other record or position is left to the general
//! code ([`super::plain`]).

use super::chess::{put_number, Chess};
use super::words::Trainer;
use crate::board::Board;
use crate::fen::fast::ReadChess;

/// `sf-plain`'s word paths ([`Trainer`]).
pub(crate) struct Plain;

impl Trainer for Plain {
    #[inline(always)]
    fn read<'r, R: ReadChess>(r: &R, record: &'r [u8], board: &mut Board<'r>) -> bool {
        let Some(fen) = fen_line(record) else {
            return false;
        };
        let Some((len, words)) = r.pieces(fen) else {
            return false;
        };
        let fields = crate::fen::fields_after(fen, len);
        let Some(mut chess) = Chess::of_words(words)
            .with_fields(fields)
            .filter(Chess::check)
        else {
            return false;
        };
        // As the general reading: an en passant square no pawn can take is dropped.
        if chess.ep.is_some() && !chess.ep_legal() {
            chess.ep = None;
        }
        chess.set_board(board);
        board.placement = &fen[..len];
        true
    }

    #[inline(always)]
    fn write<R: ReadChess>(r: &R, chess: &Chess, placement: &[u8], out: &mut Vec<u8>) -> bool {
        if !chess.standard_castling() {
            return false;
        }
        let mut c = *chess;
        if c.ep.is_some() && !c.ep_legal() {
            c.ep = None;
        }
        out.extend_from_slice(b"fen ");
        if placement.is_empty() {
            let mut buf = [0u8; 80];
            let n = crate::fen::words::placement_of(r, &c.words, &mut buf);
            out.extend_from_slice(&buf[..n]);
        } else {
            out.extend_from_slice(placement);
        }
        out.push(b' ');
        out.extend_from_slice(c.fields().text());
        // No training fields: no move (`a1a1`), score and result 0, the FEN's ply.
        out.extend_from_slice(b"\nmove a1a1\nscore 0\nply ");
        let ply = u64::from(c.fullmove.saturating_sub(1)) * 2 + u64::from(c.black);
        let mut digits = [0u8; 20];
        let n = put_number(&mut digits, 0, ply);
        out.extend_from_slice(&digits[..n]);
        out.extend_from_slice(b"\nresult 0\ne");
        true
    }
}

/// The FEN of a record of the five lines in the writer's order ending in the line `e`, each
/// other line's value one the general reading reads without error; `None` for any other
/// record.
#[inline(always)]
fn fen_line(record: &[u8]) -> Option<&[u8]> {
    let t = record.strip_suffix(b"\ne")?;
    let (t, result) = last_line(t, b"result ")?;
    let (t, ply) = last_line(t, b"ply ")?;
    let (t, score) = last_line(t, b"score ")?;
    let (t, mv) = last_line(t, b"move ")?;
    let fen = t.strip_prefix(b"fen ")?;
    let score = score.strip_prefix(b"-").unwrap_or(score);
    let ok = matches!(result, b"0" | b"1" | b"-1")
        && digits(ply)
        && digits(score)
        && uci(mv)
        && !fen.contains(&b'\n');
    ok.then_some(fen)
}

/// The text before the last line of `t`, and the last line's value after `key`; `None` when
/// `t` has one line or the last does not start with `key`.
#[inline(always)]
fn last_line<'t>(t: &'t [u8], key: &[u8]) -> Option<(&'t [u8], &'t [u8])> {
    let nl = t.iter().rposition(|&c| c == b'\n')?;
    let value = t[nl + 1..].strip_prefix(key)?;
    Some((&t[..nl], value))
}

/// One to nine ASCII digits (a number that fits 31 bits, as the general reading reads it).
#[inline(always)]
fn digits(t: &[u8]) -> bool {
    (1..=9).contains(&t.len()) && t.iter().all(u8::is_ascii_digit)
}

/// A move as the general reading reads it: `a1a1` or `0000` (none) or UCI.
#[inline(always)]
fn uci(t: &[u8]) -> bool {
    let square = |f: u8, r: u8| matches!((f, r), (b'a'..=b'h', b'1'..=b'8'));
    match *t {
        [b'0', b'0', b'0', b'0'] => true,
        [a, b, c, d] => square(a, b) && square(c, d),
        [a, b, c, d, p] => square(a, b) && square(c, d) && matches!(p, b'n' | b'b' | b'r' | b'q'),
        _ => false,
    }
}
