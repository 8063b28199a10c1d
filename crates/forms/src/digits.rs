//! One-character-a-square forms: `base2`, `bits`, `rows` (one bitboard) and `trits`, `base3`
//! (two players).

use crate::packed::{pair_of_words, MAX_WORDS};
use crate::{found, trim, Format, ParseError, RenderError, Value};
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
            format!("found {len} characters, expected {expected} {what} for a {size} board"),
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
    let board = size;
    let size = if format == Format::Rows {
        size
    } else {
        crate::raw_size(order, size)?
    };
    let n = size.squares();
    let mut raw = Bitboard::empty(size);
    let b = t.as_bytes();
    let bad = |k: usize, what: &str| {
        ParseError::new(
            Some(start + k),
            format!("found {} at column {}: expected {what}", found(t, k), k + 1),
        )
    };
    match format {
        Format::Rows => {
            let (w, h) = (size.width(), size.height());
            let groups: Vec<&str> = t.split('/').collect();
            if groups.len() != h {
                return Err(ParseError::new(
                    Some(start),
                    format!(
                        "found {} rows, expected {h} groups of {w} digits separated by / for a {size} board",
                        groups.len()
                    ),
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
                        _ => return Err(bad(off + f, "0 or 1")),
                    }
                }
                off += row.len() + 1;
            }
            // rows are geometric: no order applies.
            return Ok(raw);
        }
        Format::Base2 | Format::Bits => {
            // A base2 numeral has from 1 to N digits, leading zeros implied (as bibi's
            // `from_base2` reads it); bits are the squares in order, one each.
            let min = if format == Format::Base2 { 1 } else { n };
            let len = expect_len(t, start, (min, n), "binary digits", size)?;
            for (k, &c) in b.iter().enumerate() {
                let bit = if format == Format::Base2 {
                    len - 1 - k
                } else {
                    k
                };
                match c {
                    b'0' => {}
                    b'1' => raw.set_bit(bit),
                    _ => return Err(bad(k, "0 or 1")),
                }
            }
        }
        _ => unreachable!("parse_single called with {format}"),
    }
    crate::from_raw(order, board, &raw).map_err(|e| e.shifted(start))
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
