//! `sf-plain`'s word paths ([`Plain`]): a record of the lines its writer writes (`fen`, `move`,
//! `score`, `ply`, `result`, `e`, in that order, one space after each key) read into a
//! [`Chess`] position's piece words, the FEN's placement kept as written, its other lines only
//! checked as the general reading checks them; and a position written as the general writing
//! writes one without training fields. Any other record or position is left to the general
//! code ([`super::plain`]).

use bbconv_board::train::{Move, Train};

use super::chess::{put_number, put_short, Chess};
use super::position::mover_score;
use super::words::{Read, Take, Trainer};
use crate::board::OwnFields;
use crate::fen::fast::ReadChess;

/// `sf-plain`'s word paths ([`Trainer`]).
pub(crate) struct Plain;

impl Trainer for Plain {
    #[inline(always)]
    fn position<'r, R: ReadChess, T: Take<'r>>(
        r: &R,
        record: &'r [u8],
        train: bool,
        take: T,
    ) -> bool {
        let Some(fen) = fen_line(record) else {
            return false;
        };
        let Some((len, words, f)) = r.pieces(fen) else {
            return false;
        };
        let mut chess = Chess::of_words(words);
        if !chess.read_standard(&f) || !chess.check() {
            return false;
        }
        // As the general reading: an en passant square no pawn can take is dropped.
        let ep = chess.ep;
        if chess.ep.is_some() && !chess.ep_legal() {
            chess.ep = None;
        }
        // The training fields of the lines after the FEN's (`fen_line` checked them, so they
        // read; were one not to, the general reading would say why, not the fields be lost).
        let train = match train {
            true => {
                let lines = record.get(4 + fen.len() + 1..).unwrap_or_default();
                let Some(t) = train_lines(lines, chess.black) else {
                    return false;
                };
                Some(t)
            }
            false => None,
        };
        // The fields as the record's text where they are spelt as the board's own would be.
        let common = f.some() && !f.zeros() && chess.ep == ep;
        let fields = crate::fen::fields_after(fen, len);
        take.take(Read {
            chess: &chess,
            train,
            placement: &fen[..len],
            fields: if common { Some(fields) } else { None },
            // The placement, its space and the fields: the whole text.
            fen: match common && fen.get(len) == Some(&b' ') {
                true => fen,
                false => &[],
            },
        })
    }

    /// The record's FEN where [`Plain::position`] would take it as written: its lines
    /// as the writer writes them, a placement of one king a side, castling letters that name
    /// corner rooks at once ([`Chess::corner_check`]), no en passant square, the fields in
    /// their common spelling. Only the kings and rooks are placed
    /// ([`ReadChess::kings_rooks`]) and no position is made: about 150 instructions a record
    /// fewer than reading the position (`-f sf-plain -t fen`, 1,112 to 956, callgrind).
    #[inline(always)]
    fn fen_as_written<'r, R: ReadChess>(r: &R, record: &'r [u8]) -> Option<&'r [u8]> {
        let fen = fen_line(record)?;
        let (len, kings_rooks, f) = r.kings_rooks(fen)?;
        let common = f.some() && !f.zeros() && f.ep().is_none() && fen.get(len) == Some(&b' ');
        (common && Chess::corner_check(kings_rooks, f.letters)).then_some(fen)
    }

    #[inline(always)]
    fn write<R: ReadChess>(
        r: &R,
        chess: &Chess,
        fen: &[u8],
        train: Option<&Train>,
        out: &mut Vec<u8>,
    ) -> bool {
        if !chess.standard_castling() {
            return false;
        }
        // An en passant square no pawn can take is dropped (the position is copied only then).
        let ep_kept = chess.ep.is_none() || chess.ep_legal();
        // The record is made in a buffer with copies of fixed lengths and appended whole, cut
        // back to its length: a copy of variable length is a call of the library's copy, about
        // 30 instructions, and the record had seven.
        let mut b = [0u8; RECORD];
        b[..4].copy_from_slice(b"fen ");
        // The FEN's own text where its fields are spelt as they are written, else its
        // placement and the fields written.
        let spelling = fen_fields(fen);
        let verbatim = spelling == Fields::Common && ep_kept;
        let text = match spelling {
            Fields::None => fen,
            _ if verbatim => fen,
            _ => &fen[..fen.iter().position(|&x| x == b' ').unwrap_or(fen.len())],
        };
        let Some(len) = copy_text(r, chess, text, &mut b) else {
            return false;
        };
        let mut n = 4 + len;
        if !verbatim {
            let mut c = *chess;
            if !ep_kept {
                c.ep = None;
            }
            b[n] = b' ';
            let fields = c.fields();
            let (text, len) = fields.padded();
            b[n + 1..n + 1 + text.len()].copy_from_slice(text);
            n += 1 + len;
        }
        let ply = match train.and_then(|t| t.ply) {
            Some(ply) => u64::from(ply),
            None => u64::from(chess.fullmove.saturating_sub(1)) * 2 + u64::from(chess.black),
        };
        // A ply past 16 bits: the general writing refuses it ([`super::position::ply16`]).
        if ply > u64::from(u16::MAX) {
            return false;
        }
        if let Some(train) = train.filter(|t| !t.is_empty()) {
            let Some(end) = put_train_lines(&mut b, n, chess.black, train, ply) else {
                return false;
            };
            n = end;
        } else {
            // No training fields: no move (`a1a1`), score and result 0, the FEN's ply.
            const MIDDLE: &[u8; 23] = b"\nmove a1a1\nscore 0\nply ";
            b[n..n + MIDDLE.len()].copy_from_slice(MIDDLE);
            n = put_short::<_, 3>(&mut b, n + MIDDLE.len(), ply);
            const END: &[u8; 11] = b"\nresult 0\ne";
            b[n..n + END.len()].copy_from_slice(END);
            n += END.len();
        }
        crate::fen::words::append(out, &b, n);
        true
    }
}

/// Writes the lines after the FEN's of a record with the training fields `train` (White's
/// view; `black`: Black is to move) and the ply `ply` (at most 16 bits) at `b[n..]`, as the
/// general writing writes them; where they end, `None` for a score it refuses.
#[inline(always)]
fn put_train_lines(
    b: &mut [u8; RECORD],
    n: usize,
    black: bool,
    train: &Train,
    ply: u64,
) -> Option<usize> {
    let score = mover_score(train, black).ok()?;
    let (mv, mv_len) = train.mv.map_or((*b"a1a1\0", 4), |m| m.uci_bytes());
    let result = train.result.unwrap_or(0) * if black { -1 } else { 1 };
    let mut at = n;
    let mut put = |text: &[u8], b: &mut [u8; RECORD]| {
        b[at..at + text.len()].copy_from_slice(text);
        at += text.len();
    };
    put(b"\nmove ", b);
    put(&mv[..mv_len], b);
    put(b"\nscore ", b);
    if score < 0 {
        put(b"-", b);
    }
    let at = put_number(b, at, u64::from(score.unsigned_abs()));
    b[at..at + 5].copy_from_slice(b"\nply ");
    let at = put_number(b, at + 5, ply);
    b[at..at + 8].copy_from_slice(b"\nresult ");
    let mut at = at + 8;
    if result < 0 {
        b[at] = b'-';
        at += 1;
    }
    b[at] = b'0' + result.unsigned_abs();
    b[at + 1..at + 3].copy_from_slice(b"\ne");
    Some(at + 3)
}

/// The training fields of the lines after a record's FEN line (`move`, `score`, `ply`,
/// `result`, as [`fen_line`] checked them: none other is given), from White's view (`black`:
/// Black is to move), as the general reading reads them.
#[inline(always)]
fn train_lines(t: &[u8], black: bool) -> Option<Train> {
    // `move ` and four or five bytes.
    let m = t.get(5..10)?;
    let len = if m[4] == b'\n' { 4 } else { 5 };
    let square = |f: u8, r: u8| (r.wrapping_sub(b'1') << 3) | f.wrapping_sub(b'a');
    let mv = match &m[..4] {
        b"a1a1" | b"0000" => None,
        _ => Some(Move {
            from: square(m[0], m[1]),
            to: square(m[2], m[3]),
            promotion: (len == 5).then_some(m[4]),
        }),
    };
    let (score, at) = number_line(t, 5 + len + 1 + 6);
    let (ply, at) = number_line(t, at + 4);
    let (result, _) = number_line(t, at + 7);
    let view = if black { -1 } else { 1 };
    Some(Train {
        score: Some(i32::try_from(score * view).ok()?),
        result: Some(i8::try_from(result * view).ok()?),
        mv,
        ply: Some(u32::try_from(ply).ok()?),
    })
}

/// The number of a line from `t[at..]` that [`fen_line`] checked (an optional `-`, then at most
/// nine digits), and where the next line starts.
#[inline(always)]
fn number_line(t: &[u8], at: usize) -> (i64, usize) {
    let minus = t.get(at) == Some(&b'-');
    let mut i = at + usize::from(minus);
    let mut v = 0i64;
    while let Some(&d) = t.get(i).filter(|&&d| d != b'\n') {
        v = v
            .wrapping_mul(10)
            .wrapping_add(i64::from(d.wrapping_sub(b'0')));
        i += 1;
    }
    (if minus { -v } else { v }, i + 1)
}

/// What follows the placement in a FEN text given to the writer or read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fields {
    /// Nothing: the text is a placement.
    None,
    /// Fields as the writer spells them (and a board's own are spelt, [`Chess::fields`]) but
    /// for the en passant square (kept only when a pawn can take): no counter with a leading
    /// zero (the castling letters of the common spelling are those the writer would write).
    Common,
    /// Fields spelt otherwise (a counter with a leading zero).
    Other,
}

/// The fields of a FEN text the readers accepted (a placement, or a placement and fields in
/// their common spelling), from its last eight bytes: a placement has no space, fields in
/// their common spelling have one there (before the last counter), and their only digits
/// there are the counters' (en passant's rank is not a zero).
#[inline(always)]
fn fen_fields(fen: &[u8]) -> Fields {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = ONES << 7;
    let Some(tail) = fen.last_chunk::<8>() else {
        return Fields::None;
    };
    let w = u64::from_le_bytes(*tail);
    let x = w ^ (ONES * u64::from(b'0'));
    let zero = |v: u64| !(((v & !HIGH) + !HIGH) | v) & HIGH;
    if zero(w ^ (ONES * u64::from(b' '))) == 0 {
        return Fields::None;
    }
    // ASCII (the readers checked): no carry between bytes.
    let digit = !((x.wrapping_add(ONES * 0x76)) | x) & HIGH;
    // A zero that starts a number (no digit before it) and has a digit after it.
    match zero(x) & !(digit << 8) & (digit >> 8) {
        0 => Fields::Common,
        _ => Fields::Other,
    }
}

/// Room for a record: `fen `, a FEN text of at most 96 bytes, a space, the fields (at most
/// [`OwnFields::CAP`]), and the other lines (at most 46 bytes: a move of 5, a score of 6, a
/// ply of 5, a result of 2), rounded up to 64 bytes (appended 64 at a time, [`crate::fen::words::append`]).
const RECORD: usize = (4 + 96 + 1 + OwnFields::CAP + 46).next_multiple_of(64);

/// Writes a FEN text at `b[4..]`, returning its length: the caller's text where it has it (16
/// bytes at a time, the last 16 again, when it is that long), else the placement written from
/// the words; `None` for a text past 96 bytes (which no FEN the readers accept is).
#[inline(always)]
fn copy_text<R: ReadChess>(r: &R, c: &Chess, text: &[u8], b: &mut [u8; RECORD]) -> Option<usize> {
    let n = text.len();
    match n {
        0 => {
            let mut buf = [0u8; 80];
            let n = crate::fen::words::placement_of(r, &c.words, &mut buf);
            b[4..84].copy_from_slice(&buf);
            Some(n)
        }
        16..=96 => {
            for k in (0..n - 16).step_by(16) {
                b[4 + k..20 + k].copy_from_slice(&text[k..k + 16]);
            }
            b[n - 12..n + 4].copy_from_slice(&text[n - 16..]);
            Some(n)
        }
        1..=15 => {
            b[4..4 + n].copy_from_slice(text);
            Some(n)
        }
        _ => None,
    }
}

/// The FEN of a record of the five lines in the writer's order ending in the line `e`, each
/// other line's value one the general reading reads without error; `None` for any other
/// record. Read forward from the FEN line's end, found 64 bytes at a time
/// ([`crate::kernels::byte_mask`]), each line's value by its length (a search backward for
/// each line's start cost about 500 instructions a record).
#[inline(always)]
fn fen_line(record: &[u8]) -> Option<&[u8]> {
    // The first 64 bytes, then the last 64 (the FEN line often ends past byte 64; the last 64
    // bytes of a longer record have no newline before byte 64 when the first 64 have none).
    let first = |b: &[u8; 64]| crate::kernels::byte_mask(b, b'\n').trailing_zeros() as usize;
    let nl = match (record.first_chunk::<64>(), record.last_chunk::<64>()) {
        (Some(head), Some(tail)) => match first(head) {
            64 => (record.len() - 64 + first(tail)).min(record.len() - 1),
            k => k,
        },
        _ => record.iter().position(|&c| c == b'\n')?,
    };
    let fen = record[..nl].strip_prefix(b"fen ")?;
    // `move `, the move and its newline in the first 16 bytes (the shortest lines after the
    // FEN's take 34).
    let t = record.get(nl + 1..)?;
    let head = t.first_chunk::<16>()?;
    let word = |k: usize| u64::from_le_bytes(head[k..k + 8].try_into().unwrap_or_default());
    if word(0) & 0xff_ffff_ffff != u64::from_le_bytes(*b"move \0\0\0") {
        return None;
    }
    let mv = (word(5) & 0xffff_ffff) as u32;
    let (promotion, t) = match (head[9], head[10]) {
        (b'\n', _) => (None, &t[10..]),
        (p, b'\n') => (Some(p), &t[11..]),
        _ => return None,
    };
    let t = t.strip_prefix(b"score ")?;
    let t = digits_line(t.strip_prefix(b"-").unwrap_or(t))?;
    let t = digits_line(t.strip_prefix(b"ply ")?)?;
    let result = t.strip_prefix(b"result ")?;
    let ok = matches!(result, b"0\ne" | b"1\ne" | b"-1\ne") && uci(mv, promotion);
    ok.then_some(fen)
}

/// What follows a line of one to nine ASCII digits (a number that fits 31 bits, as the general
/// reading reads it) at the start of `t`; `None` when `t` does not start with one. Up to seven
/// digits found in one word (the first byte that is not a digit), more a byte at a time.
#[inline(always)]
fn digits_line(t: &[u8]) -> Option<&[u8]> {
    if let Some(w) = t.first_chunk::<8>() {
        let x = u64::from_le_bytes(*w) ^ crate::kernels::splat(b'0');
        // The high bit of each byte that is not a digit (carries only run up from one).
        let odd = (x.wrapping_add(crate::kernels::splat(0x76)) | x) & crate::kernels::splat(0x80);
        match (odd.trailing_zeros() / 8) as usize {
            0 => return None,
            n @ 1..=7 => return (t[n] == b'\n').then(|| &t[n + 1..]),
            _ => {}
        }
    }
    let n = t.iter().take(10).take_while(|c| c.is_ascii_digit()).count();
    match t.get(n) {
        Some(b'\n') if (1..=9).contains(&n) => Some(&t[n + 1..]),
        _ => None,
    }
}

/// A move as the general reading reads it: `a1a1` or `0000` (none) or UCI, its first four
/// bytes in `mv` (little-endian) and its promotion letter, if it has a fifth byte: the four
/// bytes' ranges in one word (each byte less its range's first is below 8: a byte below it
/// borrows, and shows, before any byte it borrows from).
#[inline(always)]
fn uci(mv: u32, promotion: Option<u8>) -> bool {
    let squares = mv.wrapping_sub(u32::from_le_bytes(*b"a1a1")) & 0xf8f8_f8f8 == 0;
    match promotion {
        None => squares || mv == u32::from_le_bytes(*b"0000"),
        Some(p) => squares && matches!(p, b'n' | b'b' | b'r' | b'q'),
    }
}
