//! One-character-a-square forms: `base2`, `bits`, `rows` (one bitboard) and `trits`, `base3`
//! (two players).

use crate::board::{Board, Repr};
use crate::detect::{ambiguous, Rule};
use crate::fen::fast::ReadChess;
use crate::int::forms::fits_int;
use crate::kernels::{digits64, splat};
use crate::packed::{pair_of_words, MAX_WORDS};
use crate::spec::{
    write_from_sides, Direct, Frame, InTable, Reader, Readings, Spec, WordPaths, Words, Writing,
};
use crate::{found, trim, Format, Options, ParseError, RenderError, Value};
use crate::{Holds, Need};
use bbconv_board::ternary;
use bbconv_board::{Bitboard, Numbering, Order, Pair, Size};

/// Checks that `t` has from `min` to `n` characters (`what` for a `size` board); returns how
/// many it has.
fn expect_len(
    t: &str,
    start: usize,
    (min, n): (usize, usize),
    what: &str,
    size: Size,
) -> Result<usize, ParseError> {
    let len = t.chars().count();
    if len < min || len > n {
        let at = t.char_indices().nth(n).map_or(t.len(), |(k, _)| k);
        let expected = if min == n {
            format!("{n}")
        } else {
            format!("{min} to {n}")
        };
        return Err(ParseError::of(
            crate::ErrorKind::Length,
            Some(start + at),
            format!(
                "found {}, expected {expected} {what} for {a_size} board",
                crate::text::count(len, "character"),
                a_size = crate::text::a(size)
            ),
        ));
    }
    Ok(len)
}

/// Reads `base2`, `bits` or `rows` into a canonical bitboard.
pub(crate) fn parse_single(
    format: Format,
    text: &str,
    size: Size,
    order: Numbering,
) -> Result<Bitboard, ParseError> {
    let (start, t) = trim(text);
    if format == Format::Rows {
        // rows are geometric: no order applies.
        return read_rows(t, start, size);
    }
    let board = size;
    let size = crate::raw_size(order, size)?;
    let n = size.squares();
    let mut raw = Bitboard::empty(size);
    match format {
        Format::Base2 | Format::Bits => {
            // A base2 numeral has from 1 to N digits, leading zeros implied (as bibi's
            // `from_base2` reads it); bits are the squares in order, one each.
            let min = if format == Format::Base2 { 1 } else { n };
            let len = expect_len(t, start, (min, n), "binary digits", size)?;
            for (k, &c) in t.as_bytes().iter().enumerate() {
                let bit = if format == Format::Base2 {
                    len - 1 - k
                } else {
                    k
                };
                match c {
                    b'0' => {}
                    b'1' => raw.set_bit(bit),
                    _ => return Err(bad_digit(t, start, k, "0 or 1")),
                }
            }
        }
        _ => unreachable!("parse_single called with {format}"),
    }
    crate::from_raw(order, board, &raw).map_err(|e| e.shifted(start))
}

/// The error of the character at `k` of `t` (at offset `start`), which is not `what`.
fn bad_digit(t: &str, start: usize, k: usize, what: &str) -> ParseError {
    ParseError::new(
        Some(start + k),
        format!("found {} at column {}: expected {what}", found(t, k), k + 1),
    )
}

/// Reads `rows`: a group of 0 and 1 a rank, the top rank first, separated by `/`.
fn read_rows(t: &str, start: usize, size: Size) -> Result<Bitboard, ParseError> {
    let mut raw = Bitboard::empty(size);
    let (w, h) = (size.width(), size.height());
    let groups: Vec<&str> = t.split('/').collect();
    if groups.len() != h {
        return Err(ParseError::new(
            Some(start),
            format!(
                "found {} rows, expected {h} groups of {w} digits separated by / for {a_size} board",
                groups.len(), a_size = crate::text::a(size)),
        ));
    }
    let mut off = 0;
    for (g, row) in groups.iter().enumerate() {
        let rank = h - 1 - g;
        if row.len() != w || !row.is_ascii() {
            return Err(ParseError::new(
                Some(start + off),
                format!(
                    "row {} (rank {}) has {} characters, expected {w}",
                    g + 1,
                    rank + 1,
                    row.chars().count()
                ),
            ));
        }
        for (f, c) in row.bytes().enumerate() {
            match c {
                b'0' => {}
                b'1' => raw.set_bit(w * rank + f),
                _ => return Err(bad_digit(t, start, off + f, "0 or 1")),
            }
        }
        off += row.len() + 1;
    }
    Ok(raw)
}

/// Writes `base2`, `bits` or `rows`.
pub(crate) fn render_single(
    format: Format,
    bb: &Bitboard,
    order: Numbering,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    let size = bb.size();
    match format {
        Format::Rows => {
            let (w, h) = (size.width(), size.height());
            for g in 0..h {
                if g > 0 {
                    out.push(b'/');
                }
                let rank = h - 1 - g;
                for f in 0..w {
                    out.push(b'0' + bb.bit(w * rank + f) as u8);
                }
            }
        }
        _ => {
            let raw = crate::to_raw(order, bb)?;
            let n = raw.size().squares();
            for k in 0..n {
                let bit = if format == Format::Base2 {
                    n - 1 - k
                } else {
                    k
                };
                out.push(b'0' + raw.bit(bit) as u8);
            }
        }
    }
    Ok(())
}

/// Reads `trits` or `base3`.
pub(crate) fn parse_two(
    format: Format,
    text: &str,
    size: Size,
    order: Numbering,
) -> Result<Value, ParseError> {
    let (start, t) = trim(text);
    let n = order.span(size);
    let trits: Vec<u8> = if format == Format::Base3 {
        ternary::base3_trits(t, n).map_err(|e| match e {
            ternary::Base3Error::Digit(k) => ParseError::new(
                Some(start + k),
                format!("found {} in {t:?}: expected a decimal digit", found(t, k)),
            ),
            e => ParseError::new(Some(start), e.to_string()),
        })?
    } else {
        expect_len(t, start, (n, n), "trits", size)?;
        if order == Order::Lerf {
            // The fast path: eight digits at a time into words (errors go the general way).
            let (mut f, mut s) = ([0u64; MAX_WORDS], [0u64; MAX_WORDS]);
            if ternary::digits_to_words(t.as_bytes(), b'0', n, &mut f, &mut s) {
                if let Some(p) = pair_of_words(size, &f, &s) {
                    return Ok(Value::Pair(p));
                }
            }
        }
        let mut v = Vec::with_capacity(n);
        for (k, c) in t.bytes().enumerate() {
            match c {
                b'0'..=b'2' => v.push(c - b'0'),
                _ => {
                    return Err(ParseError::new(
                        Some(start + k),
                        format!(
                            "found {} at trit {k}: expected 0 (empty), 1 (first) or 2 (second)",
                            found(t, k)
                        ),
                    ))
                }
            }
        }
        v
    };
    order
        .pair_of_trits(size, &trits)
        .map(Value::Pair)
        .map_err(|e| ParseError::new(Some(start), e))
}

/// Writes `trits` or `base3`.
pub(crate) fn render_two(
    format: Format,
    pair: &Pair,
    order: Numbering,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    if format == Format::Trits && order == Order::Lerf {
        let (f, s) = (pair.first().words(), pair.second().words());
        ternary::words_to_digits(f, s, pair.size().squares(), b'0', out);
        return Ok(());
    }
    let trits = order.trits(pair).map_err(crate::numbering_error)?;
    if format == Format::Base3 {
        out.extend_from_slice(ternary::base3_decimal(&trits).as_bytes());
    } else {
        out.extend(trits.iter().map(|t| b'0' + t));
    }
    Ok(())
}

/// 3^32: the weight of square 32 in the base-3 number of an 8x8 board.
const POW3_32: u64 = 1_853_020_188_851_841;

/// The word path of `base3` on an 8x8 board: a decimal number below 3^64 read into the two
/// sides (trit i is digit i of the number in base 3); `None` for anything else (a sign, a
/// space, a larger number), which the general reading reads or reports.
#[inline]
pub(crate) fn read_base3_chess(b: &[u8]) -> Option<(u64, u64)> {
    if b.is_empty() || b.len() > 31 || (b.len() > 1 && b[0] == b'0') {
        return None;
    }
    let mut v: u128 = 0;
    for &c in b {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v * 10 + d as u128;
    }
    let (hi, lo) = (v / POW3_32 as u128, (v % POW3_32 as u128) as u64);
    if hi >= POW3_32 as u128 {
        return None;
    }
    // Four squares at a time: each base-81 digit's sides by table.
    let (mut f, mut s) = (0u64, 0u64);
    for (half, mut x) in [(0, lo), (32, hi as u64)] {
        for k in 0..8 {
            let bits = UNTRITS4[(x % 81) as usize] as u64;
            f |= (bits & 15) << (half + 4 * k);
            s |= (bits >> 4) << (half + 4 * k);
            x /= 81;
        }
    }
    Some((f, s))
}

/// The base-3 value of four squares, by the four bits of each side: `f | s << 4`.
const TRITS4: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let (f, s) = (i & 15, i >> 4);
        let mut v = 0;
        let mut k = 4;
        while k > 0 {
            k -= 1;
            v = v * 3 + ((f >> k) & 1) + 2 * ((s >> k) & 1);
        }
        t[i] = v as u8;
        i += 1;
    }
    t
};

/// The sides of four squares (`f | s << 4`) by their base-3 value, below 81.
const UNTRITS4: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 256 {
        if (i & 15) & (i >> 4) == 0 {
            t[TRITS4[i] as usize] = i as u8;
        }
        i += 1;
    }
    t
};

/// The two decimal digits of every number below 100.
const DIGIT_PAIRS: [[u8; 2]; 100] = {
    let mut t = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        t[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    t
};

/// Writes an 8x8 board's two sides as its base-3 number in decimal: four squares at a time by
/// table, each half's number in a word, the halves joined in 128 bits, written two digits at a
/// time (about 500 instructions where a trit and a digit at a time take about 1,300).
#[inline]
pub(crate) fn write_base3_chess(f: u64, s: u64, out: &mut Vec<u8>) {
    let half = |f: u64, s: u64| {
        (0..8).rev().fold(0u64, |acc, k| {
            let i = ((f >> (4 * k)) & 15) | ((s >> (4 * k)) & 15) << 4;
            acc * 81 + TRITS4[i as usize] as u64
        })
    };
    let v = half(f >> 32, s >> 32) as u128 * POW3_32 as u128
        + half(f & 0xffff_ffff, s & 0xffff_ffff) as u128;
    const E19: u128 = 10_000_000_000_000_000_000;
    let mut buf = [0u8; 40];
    let mut at = buf.len();
    let mut put = |mut x: u64, min: usize| {
        let end = at;
        while x >= 100 {
            at -= 2;
            buf[at..at + 2].copy_from_slice(&DIGIT_PAIRS[(x % 100) as usize]);
            x /= 100;
        }
        if x >= 10 {
            at -= 2;
            buf[at..at + 2].copy_from_slice(&DIGIT_PAIRS[x as usize]);
        } else {
            at -= 1;
            buf[at] = b'0' + x as u8;
        }
        while end - at < min {
            at -= 1;
            buf[at] = b'0';
        }
    };
    if v >= E19 {
        put((v % E19) as u64, 19);
        put((v / E19) as u64, 1);
    } else {
        put(v as u64, 1);
    }
    out.extend_from_slice(&buf[at..]);
}

/// The `base2` form.
pub(crate) const BASE2: Spec = Spec {
    readings: Readings::Numbers,
    ..Spec::one_bitboard(
        "base2",
        &[],
        "1 to N characters 0/1, most significant bit first, leading zeros implied (bibi's from_base2).",
        "000000111 (3x3)",
        Reader::Text(|t, o| parse_single(Format::Base2, t, o.size_or_default(), o.order).map(Value::Single)),
        |v, o, out| render_single(Format::Base2, &v.to_single(o.layer)?, o.to_order, out),
    )
};

/// The `bits` form.
pub(crate) const BITS: Spec = Spec::one_bitboard(
    "bits",
    &[],
    "N characters 0/1, bit 0 first (array order).",
    "111000000 (3x3)",
    Reader::Text(|t, o| {
        parse_single(Format::Bits, t, o.size_or_default(), o.order).map(Value::Single)
    }),
    |v, o, out| render_single(Format::Bits, &v.to_single(o.layer)?, o.to_order, out),
);

/// `-f auto`'s rule for rows (`detect.rs`): before FEN's, which takes any other `/`.
const DETECT_ROWS: [Rule; 1] = [Rule {
    rank: 30,
    words: "contains / and only 0, 1 and /: rows if some 0 (only 1s and /: ambiguous with fen)",
    test: |p| {
        let t = p.text;
        if !t.contains('/') || !t.bytes().all(|c| matches!(c, b'0' | b'1' | b'/')) {
            return None;
        }
        Some(if t.contains('0') {
            Ok(Format::Rows)
        } else {
            Err(ambiguous(&[Format::Rows, Format::Fen]))
        })
    },
}];

/// The `rows` form.
pub(crate) const ROWS: Spec = Spec {
    names_squares: true,
    own_reading: None,
    in_table: InTable::Any,
    ..Spec::one_bitboard(
        "rows",
        &[],
        "H groups of W characters 0/1 separated by /, top rank first (reading order).",
        "000/000/111 (3x3)",
        Reader::Text(|t, o| {
            parse_single(Format::Rows, t, o.size_or_default(), o.order).map(Value::Single)
        }),
        |v, o, out| render_single(Format::Rows, &v.to_single(o.layer)?, o.to_order, out),
    )
};

/// The word paths of `trits`: the digits of every size.
pub(crate) struct TritsWords;

impl WordPaths for TritsWords {
    #[inline(always)]
    fn read_shaped<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> Option<bool> {
        // Trits' rule: 64 digits 0-2 that do not fit 64 bits as a decimal (21 digits or more
        // from the first one not 0). The path refuses a line break.
        match record {
            [b'0'..=b'2', b'0'..=b'2', ..] if record.len() == 64 && !zeros(&record[..44]) => {
                Some(Self::read_chess(r, record, opts, need, board))
            }
            _ => None,
        }
    }

    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        _: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        // The length bbconv writes needs no trimming: the record is taken as it is.
        let t = match record.len() {
            64 => record,
            _ => record.trim_ascii(),
        };
        let sides = t.try_into().ok().and_then(digits64);
        board.set_chess(sides.map(|(f, s)| Repr::Two(f, s)))
    }

    #[inline(always)]
    fn read_small(t: &[u8], size: Size, _: &Options) -> Option<Words> {
        let (mut f, mut s) = ([0u64], [0u64]);
        ternary::digits_to_words(t, b'0', size.squares(), &mut f, &mut s).then_some(())?;
        Some(Words::two(size, f[0], s[0]))
    }

    #[inline(always)]
    fn read_wide(t: &[u8], n: usize, [f, s]: [&mut [u64]; 2]) -> bool {
        ternary::digits_to_words_by(t, b'0', n, f, s, digits64)
    }

    write_from_sides!(|r, f, s, out| out.extend_from_slice(&ternary::words_to_digits64(f, s, b'0')));

    #[inline(always)]
    fn write_small(w: Words, _: &Options, out: &mut Vec<u8>) -> bool {
        ternary::words_to_digits(&[w.first], &[w.second], w.size.squares(), b'0', out);
        true
    }

    #[inline(always)]
    fn write_wide(
        _: Writing,
        size: Size,
        [f, s]: [&[u64]; 2],
        _: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        ternary::words_to_digits(f, s, size.squares(), b'0', out);
        true
    }
}

/// The word paths of `base3`: an 8x8 board's decimal integer.
pub(crate) struct Base3Words;

impl WordPaths for Base3Words {
    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        _: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        let sides = read_base3_chess(record.trim_ascii());
        board.set_chess(sides.map(|(f, s)| Repr::Two(f, s)))
    }

    #[inline(always)]
    fn write_chess<R: ReadChess>(
        _: &R,
        _: Writing,
        board: &Board<'_>,
        _: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        let Some((f, s)) = board.sides() else {
            return false;
        };
        write_base3_chess(f, s, out);
        true
    }
}

/// `-f auto`'s rule for trits (`detect.rs`).
const DETECT_TRITS: [Rule; 1] = [Rule {
    rank: 80,
    words: "one token of exactly N digits 0-2: trits (ambiguous with int if it also fits N bits as decimal)",
    test: |p| {
        let tok = p.one_token()?;
        if tok.len() != p.size.squares() || !tok.bytes().all(|c| matches!(c, b'0'..=b'2')) {
            return None;
        }
        Some(if fits_int(tok, p.size) {
            Err(ambiguous(&[Format::Trits, Format::Int]))
        } else {
            Ok(Format::Trits)
        })
    },
}];

/// The `trits` form.
pub(crate) const TRITS: Spec = Spec {
    name: "trits",
    aliases: &["ternary"],
    holds: Holds::Two,
    pieces: false,
    description: "N digits 0 (empty), 1 (first), 2 (second), index 0 first.",
    example: "1020000000000000000000000000000000000000000000000000000000000000",
    carries_size: false,
    names_squares: false,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Trits,
    frame: Frame::Line,
    spans: None,
    need: Need::Sides,
    fixed: Some(Format::TritsBin),
    words: false,
    raw_bytes: false,
    detect: &DETECT_ROWS,
    fast: None,
    read: Reader::Text(|t, o| parse_two(Format::Trits, t, o.size_or_default(), o.order)),
    write: Some(|v, o, out| render_two(Format::Trits, &v.to_pair(), o.to_order, out)),
};

/// The `base3` form.
pub(crate) const BASE3: Spec = Spec {
    name: "base3",
    aliases: &[],
    holds: Holds::Two,
    pieces: false,
    description: "The board as one decimal integer, the sum of trit i times 3^i.",
    example: "19",
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
    detect: &DETECT_TRITS,
    fast: None,
    read: Reader::Text(|t, o| parse_two(Format::Base3, t, o.size_or_default(), o.order)),
    write: Some(|v, o, out| render_two(Format::Base3, &v.to_pair(), o.to_order, out)),
};

/// Whether `b` (at least eight bytes) is all `0` digits, a word at a time (the last word
/// overlapping the one before when the length is not a multiple of eight).
#[inline(always)]
fn zeros(b: &[u8]) -> bool {
    let word =
        |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or_default()) ^ splat(b'0');
    let mut any = word(b.len() - 8);
    for at in (0..b.len() - 8).step_by(8) {
        any |= word(at);
    }
    any == 0
}

#[cfg(test)]
mod tests {
    /// The word check of trits' shape is the byte loop it replaces: every byte value at every
    /// place of records of the lengths it looks at.
    #[test]
    fn zeros_as_a_byte_loop() {
        crate::convert::check::each_one_byte_changed(&[8, 26, 44], |b| {
            assert_eq!(super::zeros(b), b.iter().all(|&c| c == b'0'), "{b:?}");
        });
    }
}
