//! The 8x8 fast paths of a conversion from FEN: a placement read by a [`FenReader`] into words
//! (the two sides, or one word a chess piece letter) and written straight to bytes, with no
//! placement built, no allocation and no formatting machinery. Each output gives the general
//! writer's bytes; a record a path does not take (another letter, a field that needs escaping in
//! JSON, any error) is left to the general reading, untouched.
//!
//! [`FenReader`]: crate::FenReader

use bbconv_board::{Order, Size};

use crate::fen::fast::{ReadChess, PIECE_LETTERS};
use crate::{small, Format, GridStyle, Options};

/// The outputs of the 8x8 FEN fast path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Out {
    /// `packed`, from the two sides' words.
    Packed,
    /// `packed-bin`, from the two sides' words.
    PackedBin,
    /// `pair`, from the two sides' words.
    Pair,
    /// `trits`, from the two sides' words.
    Trits,
    /// `trits-bin`, from the two sides' words.
    TritsBin,
    /// `fen`: the placement as read (a placement of single digits with no two digits side by
    /// side is already in its one written form) and the other fields, trimmed.
    Fen,
    /// `pieces`, from the piece words.
    Pieces,
    /// `json` with its default members (`fen`, `pieces`).
    Json,
    /// `grid` in its default style.
    Grid,
}

impl Out {
    /// Every output, for the tests.
    #[cfg(test)]
    pub(crate) const ALL: [Out; 9] = [
        Out::Packed,
        Out::PackedBin,
        Out::Pair,
        Out::Trits,
        Out::TritsBin,
        Out::Fen,
        Out::Pieces,
        Out::Json,
        Out::Grid,
    ];

    /// The form this output writes.
    pub(crate) fn format(self) -> Format {
        match self {
            Out::Packed => Format::Packed,
            Out::PackedBin => Format::PackedBin,
            Out::Pair => Format::Pair,
            Out::Trits => Format::Trits,
            Out::TritsBin => Format::TritsBin,
            Out::Fen => Format::Fen,
            Out::Pieces => Format::Pieces,
            Out::Json => Format::Json,
            Out::Grid => Format::Grid,
        }
    }

    /// The fast output that writes `to` under `opts` (with the sides exchanged when `swap`), if
    /// there is one: an 8x8 board, LERF, the default layout, and for the piece forms no swap and
    /// the default JSON members and grid style.
    pub(crate) fn of(to: Format, opts: &Options, swap: bool) -> Option<Out> {
        if opts.size.is_some_and(|s| s != Size::CHESS)
            || opts.to_order != Order::Lerf
            || !opts.layout.is_default()
        {
            return None;
        }
        Some(match to {
            Format::Packed => Out::Packed,
            Format::PackedBin => Out::PackedBin,
            Format::Pair => Out::Pair,
            Format::Trits => Out::Trits,
            Format::TritsBin => Out::TritsBin,
            Format::Fen if !swap => Out::Fen,
            Format::Pieces if !swap => Out::Pieces,
            Format::Json if !swap && opts.fields.is_none() => Out::Json,
            Format::Grid if !swap && opts.grid == GridStyle::default() => Out::Grid,
            _ => return None,
        })
    }
}

/// Converts one FEN record read by `r` as `to` says; `false`, with nothing written, when the
/// record is not for this path. Inlined into each reader's own function (the AVX2 one is
/// compiled with its CPU features).
#[inline(always)]
pub(crate) fn convert<R: ReadChess>(
    r: &R,
    to: Out,
    b: &[u8],
    swap: bool,
    out: &mut Vec<u8>,
) -> bool {
    match to {
        Out::Packed | Out::PackedBin | Out::Pair | Out::Trits | Out::TritsBin => {
            let Some((_, f, s)) = r.pair(b) else {
                return false;
            };
            let (f, s) = if swap { (s, f) } else { (f, s) };
            match to {
                Out::Packed => out.extend_from_slice(&small::packed_hex_chess(f, s)),
                Out::Pair => out.extend_from_slice(&small::pair_hex_chess(f, s)),
                _ => small::write_words(to.format(), 64, f, s, out),
            }
        }
        Out::Fen => {
            let Some((len, _, _)) = r.pair(b) else {
                return false;
            };
            let Some(rest) = rest(b, len) else {
                return false;
            };
            fen(&b[..len], rest, out);
        }
        Out::Pieces => {
            let Some((_, words)) = r.pieces(b) else {
                return false;
            };
            pieces(&words, out);
        }
        Out::Json => {
            let Some((len, words)) = r.pieces(b) else {
                return false;
            };
            // The other fields go in unescaped, so only when nothing in them needs escaping.
            let Some(rest) =
                rest(b, len).filter(|r| r.iter().all(|&c| c >= 0x20 && c != b'"' && c != b'\\'))
            else {
                return false;
            };
            json(&b[..len], rest, &words, out);
        }
        Out::Grid => {
            let Some((_, words)) = r.pieces(b) else {
                return false;
            };
            grid(&words, out);
        }
    }
    true
}

/// The other fields after a placement of `len` bytes, trimmed as the FEN reader trims them;
/// `None` when they are not ASCII (the general reading keeps them as text).
#[inline(always)]
fn rest(b: &[u8], len: usize) -> Option<&[u8]> {
    let r = &b[len..];
    if !r.is_ascii() {
        return None;
    }
    let is_space = |c: &u8| c.is_ascii_whitespace() || *c == 0x0b;
    let from = r.iter().position(|c| !is_space(c)).unwrap_or(r.len());
    let to = r.iter().rposition(|c| !is_space(c)).map_or(from, |k| k + 1);
    Some(&r[from..to])
}

/// A FEN: the placement, then a space and the other fields when there are any.
#[inline(always)]
fn fen(placement: &[u8], rest: &[u8], out: &mut Vec<u8>) {
    out.extend_from_slice(placement);
    if !rest.is_empty() {
        out.push(b' ');
        out.extend_from_slice(rest);
    }
}

/// `P:0x... N:0x...`, one token a letter on the board in [`PIECE_LETTERS`] order; `-` for none.
#[inline(always)]
fn pieces(words: &[u64; 12], out: &mut Vec<u8>) {
    let mut buf = [0u8; 12 * 21];
    let mut len = 0;
    for (&w, &letter) in words.iter().zip(PIECE_LETTERS) {
        if w != 0 {
            let token = &mut buf[len..len + 21];
            token[..5].copy_from_slice(&[b' ', letter, b':', b'0', b'x']);
            token[5..].copy_from_slice(&small::hex_digits(w));
            len += 21;
        }
    }
    match buf.get(1..len) {
        Some(tokens) => out.extend_from_slice(tokens),
        None => out.push(b'-'),
    }
}

/// The default JSON object of a placement: size, order, FEN and piece words.
#[inline(always)]
fn json(placement: &[u8], rest: &[u8], words: &[u64; 12], out: &mut Vec<u8>) {
    out.extend_from_slice(br#"{"size":"8x8","order":"lerf","fen":""#);
    fen(placement, rest, out);
    out.extend_from_slice(br#"","pieces":{"#);
    let mut buf = [0u8; 12 * 25];
    let mut len = 0;
    for (&w, &letter) in words.iter().zip(PIECE_LETTERS) {
        if w != 0 {
            let member = &mut buf[len..len + 25];
            member[..7].copy_from_slice(&[b',', b'"', letter, b'"', b':', b'"', b'0']);
            member[7] = b'x';
            member[8..24].copy_from_slice(&small::hex_digits(w));
            member[24] = b'"';
            len += 25;
        }
    }
    out.extend_from_slice(buf.get(1..len).unwrap_or_default());
    out.extend_from_slice(b"}}");
}

/// The default grid: the header, one line a rank (its number, then the cells), the files.
#[inline(always)]
fn grid(words: &[u64; 12], out: &mut Vec<u8>) {
    let mut cells = [b'.'; 64];
    for (&w, &letter) in words.iter().zip(PIECE_LETTERS) {
        let mut m = w;
        while m != 0 {
            cells[m.trailing_zeros() as usize & 63] = letter;
            m &= m - 1;
        }
    }
    let mut buf = [0u8; 8 * 18];
    for (g, line) in buf.chunks_exact_mut(18).enumerate() {
        let rank = 7 - g;
        let row: [u8; 8] = cells[8 * rank..8 * rank + 8].try_into().unwrap_or_default();
        let row = u64::from_le_bytes(row);
        // Each cell after a space: bytes c0..c3 spread to every other byte, the spaces between.
        let spread = |x: u64| {
            let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
            let x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
            (x << 8) | 0x0020_0020_0020_0020
        };
        line[0] = b'\n';
        line[1] = b'1' + rank as u8;
        line[2..10].copy_from_slice(&spread(row & 0xffff_ffff).to_le_bytes());
        line[10..].copy_from_slice(&spread(row >> 32).to_le_bytes());
    }
    out.extend_from_slice(b"# 8x8 lerf");
    out.extend_from_slice(&buf);
    out.extend_from_slice(b"\n  a b c d e f g h");
}

/// Checks every output of `reader` on `b` against the general reading and writing (tests).
#[cfg(test)]
pub(crate) fn check_against_general(reader: crate::FenReader, b: &[u8]) {
    let opts = Options::default();
    for to in Out::ALL {
        for swap in [false, true] {
            let mut fast = Vec::new();
            if Out::of(to.format(), &opts, swap) != Some(to)
                || !reader.convert(to, b, swap, &mut fast)
            {
                assert!(fast.is_empty());
                continue;
            }
            let text = std::str::from_utf8(b).expect("the fast path takes ASCII only");
            let pl =
                crate::fen::parse_general(text, &opts).expect("the fast path takes good FEN only");
            let mut value = crate::Value::Pieces(pl);
            if swap {
                value = value.swap();
            }
            let mut general = Vec::new();
            crate::render_general(to.format(), &value, &opts, &mut general).expect("writes");
            assert_eq!(
                String::from_utf8_lossy(&fast),
                String::from_utf8_lossy(&general),
                "{to:?} swap {swap}: {text:?}"
            );
        }
    }
}
