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
/// compiled with its CPU features), with one copy of [`convert_to`] an output, so that the
/// output is chosen once a record.
#[inline(always)]
pub(crate) fn convert<R: ReadChess>(
    r: &R,
    to: Out,
    b: &[u8],
    swap: bool,
    out: &mut Vec<u8>,
) -> bool {
    match to {
        Out::Packed => convert_to(r, Out::Packed, b, swap, out),
        Out::PackedBin => convert_to(r, Out::PackedBin, b, swap, out),
        Out::Pair => convert_to(r, Out::Pair, b, swap, out),
        Out::Trits => convert_to(r, Out::Trits, b, swap, out),
        Out::TritsBin => convert_to(r, Out::TritsBin, b, swap, out),
        Out::Fen => convert_to(r, Out::Fen, b, swap, out),
        Out::Pieces => convert_to(r, Out::Pieces, b, swap, out),
        Out::Json => convert_to(r, Out::Json, b, swap, out),
        Out::Grid => convert_to(r, Out::Grid, b, swap, out),
    }
}

/// [`convert`] to one output (a constant where it is inlined).
#[inline(always)]
fn convert_to<R: ReadChess>(r: &R, to: Out, b: &[u8], swap: bool, out: &mut Vec<u8>) -> bool {
    match to {
        Out::Packed | Out::PackedBin | Out::Pair | Out::Trits | Out::TritsBin => {
            let Some((_, f, s)) = r.pair(b) else {
                return false;
            };
            let (f, s) = if swap { (s, f) } else { (f, s) };
            match to {
                Out::Packed => r.push_packed_hex(f, s, out),
                Out::Pair => out.extend_from_slice(&small::pair_hex_chess(r.hex2(f, s))),
                _ => small::write_words(to.format(), 64, f, s, out),
            }
        }
        Out::Fen => {
            let Some((len, _, _)) = r.pair(b) else {
                return false;
            };
            fen(&b[..len], rest(b, len), out);
        }
        Out::Pieces => {
            let Some((_, words)) = r.pieces(b) else {
                return false;
            };
            pieces(r, &words, out);
        }
        Out::Json => {
            let Some((len, words)) = r.pieces(b) else {
                return false;
            };
            // The other fields go in unescaped: their common spelling needs no escapes.
            json(r, &b[..len], rest(b, len), &words, out);
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

/// The other fields after a placement of `len` bytes that a reader accepted: after the one
/// space the common spelling has (see `fen::fields::standard`), or empty.
#[inline(always)]
fn rest(b: &[u8], len: usize) -> &[u8] {
    b.get(len + 1..).unwrap_or_default()
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
fn pieces<R: ReadChess>(r: &R, words: &[u64; 12], out: &mut Vec<u8>) {
    let mut buf = [0u8; 12 * 21];
    let mut len = 0;
    let digits = r.hex12(words);
    for ((&w, &letter), digits) in words.iter().zip(PIECE_LETTERS).zip(&digits) {
        if w != 0 {
            let token = &mut buf[len..len + 21];
            token[..5].copy_from_slice(&[b' ', letter, b':', b'0', b'x']);
            token[5..].copy_from_slice(digits);
            len += 21;
        }
    }
    match buf.get(1..len) {
        Some(tokens) => out.extend_from_slice(tokens),
        None => out.push(b'-'),
    }
}

/// The start of the default JSON object of an 8x8 placement, up to its FEN.
pub(crate) const JSON_HEAD: &[u8] = br#"{"size":"8x8","order":"lerf","fen":""#;
/// What follows the FEN in the default JSON object, up to the piece members.
pub(crate) const JSON_MID: &[u8] = br#"","pieces":{"#;
/// The most bytes of the piece members: 12 letters of 25 bytes.
pub(crate) const JSON_PIECES: usize = 12 * 25;

/// The default JSON object of a placement: size, order, FEN and piece words.
#[inline(always)]
fn json<R: ReadChess>(r: &R, placement: &[u8], rest: &[u8], words: &[u64; 12], out: &mut Vec<u8>) {
    out.extend_from_slice(JSON_HEAD);
    fen(placement, rest, out);
    out.extend_from_slice(JSON_MID);
    let mut buf = [0u8; JSON_PIECES];
    let members = json_pieces(words, &r.hex12(words), &mut buf);
    out.extend_from_slice(members);
    out.extend_from_slice(b"}}");
}

/// The piece members of the default JSON object (`"P":"0x...",...`, one a letter on the board),
/// written into `buf`.
#[inline(always)]
pub(crate) fn json_pieces<'b>(
    words: &[u64; 12],
    digits: &[[u8; 16]; 12],
    buf: &'b mut [u8; JSON_PIECES],
) -> &'b [u8] {
    // Each member is written with a comma before it; the first comma is left out.
    let mut len = 0;
    for ((&w, &letter), hex) in words.iter().zip(PIECE_LETTERS).zip(digits) {
        if w != 0 {
            let member = &mut buf[len..len + 25];
            member[..7].copy_from_slice(&[b',', b'"', letter, b'"', b':', b'"', b'0']);
            member[7] = b'x';
            member[8..24].copy_from_slice(hex);
            member[24] = b'"';
            len += 25;
        }
    }
    buf.get(1..len).unwrap_or_default()
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

/// The 8x8 word-form inputs of the fast path: read straight into LERF words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WordsIn {
    /// `packed` hex: 26 digits, eight at a time, then unpacked with a table.
    Packed,
    /// `pair`: `0x` and 16 digits twice, eight at a time (other spellings: the small reader).
    Pair,
    /// `trits`: 64 digits, eight at a time.
    Trits,
    /// `hex`: one bitboard.
    Hex,
    /// `squares`: one bitboard's square names.
    Squares,
}

impl WordsIn {
    /// Whether the form holds two sides (which `--swap` exchanges).
    fn two(self) -> bool {
        matches!(self, WordsIn::Packed | WordsIn::Pair | WordsIn::Trits)
    }
}

/// The 8x8 outputs written from LERF words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WordsOut {
    /// `packed`.
    Packed,
    /// `pair`.
    Pair,
    /// `trits`.
    Trits,
    /// `packed-bin` or `trits-bin`.
    Bytes(Format),
    /// `hex` of one bitboard.
    Hex,
    /// `squares` of one bitboard.
    Squares,
    /// `fen`: the placement of the sides' letters.
    Fen,
}

/// The 8x8 word path from `from` to `to` under `opts`, if there is one: LERF both ways, the
/// default layout, and one-bitboard outputs from one-bitboard inputs only.
pub(crate) fn words_plan(from: Format, to: Format, opts: &Options) -> Option<(WordsIn, WordsOut)> {
    if opts.size.is_some_and(|s| s != Size::CHESS)
        || opts.order != Order::Lerf
        || opts.to_order != Order::Lerf
        || !opts.layout.is_default()
        || opts.layer.is_some()
    {
        return None;
    }
    let from = match from {
        Format::Packed => WordsIn::Packed,
        Format::Pair => WordsIn::Pair,
        Format::Trits => WordsIn::Trits,
        Format::Hex => WordsIn::Hex,
        Format::Squares => WordsIn::Squares,
        _ => return None,
    };
    let to = match to {
        Format::Packed => WordsOut::Packed,
        Format::Pair => WordsOut::Pair,
        Format::Trits => WordsOut::Trits,
        Format::PackedBin | Format::TritsBin => WordsOut::Bytes(to),
        Format::Hex if !from.two() => WordsOut::Hex,
        Format::Squares if !from.two() => WordsOut::Squares,
        Format::Fen => WordsOut::Fen,
        _ => return None,
    };
    Some((from, to))
}

/// The two-player output of the default JSON object of an 8x8 placement
/// ([`crate::json::read_chess`]) under `opts`, if there is a fast one.
pub(crate) fn json_plan(from: Format, to: Format, opts: &Options) -> Option<WordsOut> {
    if from != Format::Json
        || opts.size.is_some_and(|s| s != Size::CHESS)
        || opts.to_order != Order::Lerf
        || !opts.layout.is_default()
    {
        return None;
    }
    match to {
        Format::Packed => Some(WordsOut::Packed),
        Format::Pair => Some(WordsOut::Pair),
        Format::Trits => Some(WordsOut::Trits),
        Format::PackedBin | Format::TritsBin => Some(WordsOut::Bytes(to)),
        _ => None,
    }
}

/// Reads an 8x8 record of a word form into `(first, second)` LERF words (`second` is 0 for a
/// one-bitboard form), or `None` for anything the general reading must see.
#[inline(always)]
pub(crate) fn read_words(from: WordsIn, record: &[u8], opts: &Options) -> Option<(u64, u64)> {
    // The lengths bbconv writes need no trimming: the record is taken as it is.
    let t = match (from, record.len()) {
        (WordsIn::Packed, 26) | (WordsIn::Pair, 37) | (WordsIn::Trits, 64) => record,
        _ => record.trim_ascii(),
    };
    match from {
        WordsIn::Packed => {
            let t = match t {
                [b'0', b'x' | b'X', rest @ ..] => rest,
                _ => t,
            };
            let mut bytes = [0u8; 13];
            crate::wide::hex_bytes(t, &mut bytes).then_some(())?;
            bbconv_board::ternary::unpack_chess(&bytes)
        }
        WordsIn::Pair => {
            // The form bbconv writes: `0x` and 16 digits, a space, `0x` and 16 digits.
            if let (Some(a), Some(b)) = (t.get(..18), t.get(19..)) {
                if t.len() == 37 && t[18] == b' ' {
                    if let (Some(f), Some(s)) = (hex0x16(a), hex0x16(b)) {
                        return (f & s == 0).then_some((f, s));
                    }
                }
            }
            let w = small::read_words(Format::Pair, record, opts)?;
            Some((w.first, w.second))
        }
        WordsIn::Trits => crate::wide::digits64(t.try_into().ok()?),
        WordsIn::Hex => crate::int::small_integer(t, Format::Hex, 64).map(|v| (v, 0)),
        WordsIn::Squares => small::read_names(t, Size::CHESS).map(|v| (v, 0)),
    }
}

/// `0x` and exactly 16 hex digits.
#[inline(always)]
fn hex0x16(t: &[u8]) -> Option<u64> {
    match t {
        [b'0', b'x' | b'X', digits @ ..] => crate::int::hex16(digits.try_into().ok()?),
        _ => None,
    }
}

/// Converts one 8x8 record of a word form (see [`words_plan`]); `false`, with nothing written,
/// when the general reading must see it.
#[inline(always)]
pub(crate) fn convert_words(
    (from, to): (WordsIn, WordsOut),
    record: &[u8],
    opts: &Options,
    swap: bool,
    out: &mut Vec<u8>,
) -> bool {
    let Some((f, s)) = read_words(from, record, opts) else {
        return false;
    };
    let (f, s) = if swap && from.two() { (s, f) } else { (f, s) };
    write_words(to, f, s, opts, out);
    true
}

/// Writes an 8x8 board's LERF words as `to` says.
#[inline(always)]
pub(crate) fn write_words(to: WordsOut, f: u64, s: u64, opts: &Options, out: &mut Vec<u8>) {
    match to {
        WordsOut::Packed => small::push_packed_hex_chess(f, s, out),
        WordsOut::Pair => out.extend_from_slice(&small::pair_hex_chess([
            small::hex_digits(f),
            small::hex_digits(s),
        ])),
        WordsOut::Trits => {
            out.extend_from_slice(&bbconv_board::ternary::words_to_digits64(f, s, b'0'))
        }
        WordsOut::Bytes(format) => small::write_words(format, 64, f, s, out),
        WordsOut::Hex => crate::int::hex_u64(f, 16, out),
        WordsOut::Squares => small::write_names(f, Size::CHESS, out),
        WordsOut::Fen => fen_of_words(f, s, opts.letters, out),
    }
}

/// How one rank of a FEN placement is written for each set of occupied files: the text with
/// the empty runs' digits and a 0 where each piece goes, a mask of 0xff on the pieces' bytes,
/// the text's length, and, by the occupied files among the low four (`low`) and the high four
/// (`high`), a mask of 0xff on those files' bytes of the text.
#[derive(Clone, Copy)]
struct RankShape {
    text: u64,
    pieces: u64,
    len: u64,
    low: [u64; 16],
    high: [u64; 16],
}

/// [`RankShape`] by the occupied files of a rank (bit `f`: file `f`); 72 KiB. The two tables
/// of 16 masks replace a loop over the second side's pieces (about 200 instructions a
/// position fewer on `-f packed -t fen`, measured with `bench/paths.py`).
static RANKS: [RankShape; 256] = {
    let mut t = [RankShape {
        text: 0,
        pieces: 0,
        len: 0,
        low: [0; 16],
        high: [0; 16],
    }; 256];
    let mut o = 0;
    while o < 256 {
        let (mut len, mut run, mut file) = (0usize, 0u64, 0usize);
        let mut slot = [0usize; 8];
        while file < 8 {
            if (o >> file) & 1 == 1 {
                if run > 0 {
                    t[o].text |= (b'0' as u64 + run) << (8 * len);
                    len += 1;
                    run = 0;
                }
                slot[file] = len;
                t[o].pieces |= 0xff << (8 * len);
                len += 1;
            } else {
                run += 1;
            }
            file += 1;
        }
        if run > 0 {
            t[o].text |= (b'0' as u64 + run) << (8 * len);
            len += 1;
        }
        t[o].len = len as u64;
        let mut n = 0;
        while n < 16 {
            let mut k = 0;
            while k < 4 {
                if (n >> k) & 1 == 1 && (o >> k) & 1 == 1 {
                    t[o].low[n] |= 0xff << (8 * slot[k]);
                }
                if (n >> k) & 1 == 1 && (o >> (k + 4)) & 1 == 1 {
                    t[o].high[n] |= 0xff << (8 * slot[k + 4]);
                }
                k += 1;
            }
            n += 1;
        }
        o += 1;
    }
    t
};

/// The FEN placement of an 8x8 pair, `first` in `letters.0` and `second` in `letters.1`, a
/// rank at a time from [`RANKS`]: every piece gets the first letter, and the second side's
/// pieces (found by their files, four at a time) get the other one. (Out of line: inlined, it
/// costs the other word paths' record loop more than its call costs.)
#[inline(never)]
fn fen_of_words(first: u64, second: u64, letters: (u8, u8), out: &mut Vec<u8>) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let (first_letter, change) = (
        ONES * letters.0 as u64,
        ONES * (letters.0 ^ letters.1) as u64,
    );
    let mut buf = [0u8; 8 * 9 + 8];
    let mut len = 0;
    for rank in (0..8).rev() {
        let (f, s) = ((first >> (8 * rank)) & 255, (second >> (8 * rank)) & 255);
        let shape = &RANKS[(f | s) as usize];
        let second_side = shape.low[(s & 15) as usize] | shape.high[(s >> 4) as usize];
        let text = shape.text | (shape.pieces & first_letter) ^ (second_side & change);
        // Eight bytes stored, `len` of them kept (the separator and the next rank overwrite
        // the rest).
        if let Some(to) = buf.get_mut(len..len + 8) {
            to.copy_from_slice(&text.to_le_bytes());
        }
        len += shape.len as usize;
        if let Some(b) = buf.get_mut(len) {
            *b = b'/';
        }
        len += 1;
    }
    out.extend_from_slice(&buf[..len - 1]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{render_general, Conversion, Value};
    use bbconv_board::Pair;

    /// Every word path gives the general reading and writing's bytes, on the forms bbconv
    /// writes, on other spellings and on damaged records; and takes no record the general
    /// reading refuses.
    #[test]
    fn words_paths_match_the_general_code() {
        let forms = [
            Format::Packed,
            Format::Pair,
            Format::Trits,
            Format::Hex,
            Format::Squares,
        ];
        let outs = [
            Format::Packed,
            Format::PackedBin,
            Format::Pair,
            Format::Trits,
            Format::TritsBin,
            Format::Hex,
            Format::Squares,
            Format::Fen,
        ];
        let letters = Options {
            letters: (b'X', b'o'),
            ..Options::default()
        };
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        let mut checked = 0;
        for k in 0..3000u64 {
            v = v.rotate_left(9).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ k;
            let (f, s) = (v & v >> 7, !v & v << 3 & !(v & v >> 7));
            let value = Value::Pair(Pair::small(Size::CHESS, f, s).unwrap());
            for from in forms {
                let mut rec = Vec::new();
                let value = match from {
                    Format::Hex | Format::Squares => Value::Single(value.to_pair().occupied()),
                    _ => value.clone(),
                };
                render_general(from, &value, &Options::default(), &mut rec).unwrap();
                let mut records = vec![rec.clone(), rec.to_ascii_uppercase()];
                let mut damaged = rec.clone();
                let at = (v % rec.len() as u64) as usize;
                damaged[at] = b"g/ 3x\xc3"[(k % 6) as usize];
                records.push(damaged);
                if from == Format::Pair {
                    records.push(rec.replace_sep());
                }
                for opts in [&Options::default(), &letters] {
                    for to in outs {
                        let Some(plan) = words_plan(from, to, opts) else {
                            continue;
                        };
                        for r in &records {
                            for swap in [false, true] {
                                let mut fast = Vec::new();
                                let took = convert_words(plan, r, opts, swap, &mut fast);
                                let general = crate::parse(from, r, opts).and_then(|v| {
                                    let v = if swap { v.swap() } else { v };
                                    let mut o = Vec::new();
                                    render_general(to, &v, opts, &mut o)
                                        .map(|_| o)
                                        .map_err(|e| crate::ParseError::new(None, e.to_string()))
                                });
                                if took {
                                    checked += 1;
                                    assert_eq!(
                                        Ok(&fast),
                                        general.as_ref(),
                                        "{from} -> {to}: {r:?}"
                                    );
                                } else {
                                    assert!(fast.is_empty());
                                }
                                // Through the conversion too (the plan it sets up).
                                let conv = Conversion::new(from, to, opts, swap);
                                let mut o = Vec::new();
                                let via = conv.run(r, &mut o).map(|_| o);
                                assert_eq!(via.is_ok(), general.is_ok(), "{from} -> {to}: {r:?}");
                                if let (Ok(a), Ok(b)) = (via, general) {
                                    assert_eq!(a, b);
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    trait ReplaceSep {
        fn replace_sep(&self) -> Vec<u8>;
    }

    impl ReplaceSep for Vec<u8> {
        /// The pair's space as a comma and a space (another spelling the reader accepts).
        fn replace_sep(&self) -> Vec<u8> {
            let s = String::from_utf8_lossy(self).replacen(' ', ", ", 1);
            s.into_bytes()
        }
    }
}
