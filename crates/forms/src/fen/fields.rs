//! The FEN fields after the placement: what a strict reading accepts (side to move, castling,
//! en passant, the counters, three-check counters, or a shogi SFEN's hand and move number),
//! with the field and column of the first fault; and the fast check of the common spelling
//! that the FEN fast path runs on every record.

use crate::ParseError;
use bbconv_board::Size;

/// Checks the fields after a placement of a board of `size`; `at` is the byte offset of
/// `rest` in the record (the column of an error).
///
/// Accepted, as python-chess's `Board(fen)` and lichess accept them, any leading fields of:
/// the side to move `w` or `b`; castling `-` or up to two letters a side, uppercase first, each
/// `K`, `Q` or a file letter (Shredder-FEN, X-FEN); en passant `-` or a square, on the sixth
/// rank with White to move and the third with Black on an 8-rank board; the halfmove clock and
/// the move number, non-negative integers. Three-check counters may stand after en passant
/// (`3+3`, lichess) or after the move number (`+0+0`). A shogi SFEN's `b`/`w`, hand (`-` or
/// counts and letters, `2P3p`) and move number is accepted too.
pub(crate) fn check(rest: &str, at: usize, size: Size) -> Result<(), ParseError> {
    let Err(e) = chess(split(rest, at), size) else {
        return Ok(());
    };
    if sfen(split(rest, at)) {
        return Ok(());
    }
    Err(e)
}

/// The whitespace-separated fields of `rest` with their offsets, one at a time (a record of
/// millions of fields is not held twice).
fn split(rest: &str, at: usize) -> impl Iterator<Item = (usize, &str)> {
    rest.split(|c: char| c.is_whitespace())
        .scan(at, |off, f| {
            let start = *off;
            *off += f.len() + 1;
            Some((start, f))
        })
        .filter(|(_, f)| !f.is_empty())
}

/// A field as an error shows it: whole up to 24 bytes, else its start and its length.
pub(crate) fn shown(f: &str) -> String {
    if f.len() <= 24 {
        return format!("{f:?}");
    }
    let mut end = 16;
    while !f.is_char_boundary(end) {
        end -= 1;
    }
    format!("{:?}... ({} bytes)", &f[..end], f.len())
}

/// The names of the fields, by position, for the errors.
const NAMES: [&str; 5] = [
    "side to move",
    "castling",
    "en passant",
    "halfmove clock",
    "move number",
];

fn fault(field: usize, name: &str, at: usize, text: &str, expected: &str) -> ParseError {
    ParseError::new(
        Some(at),
        format!(
            "FEN field {} ({name}): found {}: expected {expected}",
            field + 2,
            shown(text)
        ),
    )
}

/// The chess reading of the fields.
fn chess<'a>(fields: impl Iterator<Item = (usize, &'a str)>, size: Size) -> Result<(), ParseError> {
    let mut k = 0;
    let mut side = b'w';
    let mut checks = false;
    for (i, (at, f)) in fields.enumerate() {
        // Three-check counters: `3+3` after en passant, `+3+3` after the move number.
        if i == 3 && !checks && is_checks(f, false) {
            checks = true;
            continue;
        }
        if k == 5 && !checks && is_checks(f, true) {
            checks = true;
            continue;
        }
        let Some(&name) = NAMES.get(k) else {
            return Err(ParseError::new(
                Some(at),
                format!(
                    "found {} after the move number: a FEN ends there (or with three-check counters +3+3)",
                    shown(f)
                ),
            ));
        };
        match k {
            0 => {
                if f != "w" && f != "b" {
                    return Err(fault(k, name, at, f, "w or b"));
                }
                side = f.as_bytes()[0];
            }
            1 => castling(f, at, size)?,
            2 => en_passant(f, at, size, side)?,
            _ => {
                if let Some(j) = f.bytes().position(|c| !c.is_ascii_digit()) {
                    if k == 3 && f.as_bytes()[0].is_ascii_alphabetic() {
                        // An opcode where the halfmove clock stands: an EPD line.
                        let mut e = fault(k, name, at, f, "a non-negative integer");
                        e.kind = crate::ErrorKind::Epd;
                        e.message
                            .push_str(" (an EPD operation follows the four fields)");
                        return Err(e);
                    }
                    let what = "a non-negative integer";
                    return Err(fault(k, name, at + j, f, what));
                }
            }
        }
        k += 1;
    }
    Ok(())
}

/// Three-check counters: `D+D` (checks left, lichess) or `+D+D` (checks given), digits 0-3.
fn is_checks(f: &str, plus: bool) -> bool {
    let f = if plus {
        match f.strip_prefix('+') {
            Some(r) => r,
            None => return false,
        }
    } else {
        f
    };
    matches!(f.as_bytes(), [b'0'..=b'3', b'+', b'0'..=b'3'])
}

/// `-`, or up to two castling letters a side, uppercase first: `K`, `Q` or a file's letter.
fn castling(f: &str, at: usize, size: Size) -> Result<(), ParseError> {
    if f == "-" {
        return Ok(());
    }
    let files = size.width().min(26) as u8;
    let last = (b'a' + files - 1) as char;
    let expected = format!(
        "'-' or castling letters: K Q k q, or files A-{}/a-{last} (Shredder-FEN, X-FEN), White's first, at most two a side",
        last.to_ascii_uppercase()
    );
    let (mut upper, mut lower) = (0, 0);
    for (j, c) in f.bytes().enumerate() {
        let file = c.to_ascii_lowercase().wrapping_sub(b'a') < files;
        let letter = file || matches!(c, b'K' | b'Q' | b'k' | b'q');
        let ok = if letter && c.is_ascii_uppercase() {
            upper += 1;
            lower == 0 && upper <= 2
        } else if letter && c.is_ascii_lowercase() {
            lower += 1;
            lower <= 2
        } else {
            false
        };
        if !ok {
            return Err(fault(1, NAMES[1], at + j, f, &expected));
        }
    }
    Ok(())
}

/// `-` or a square of the board; on 8 ranks, on the sixth with White to move, the third with
/// Black.
fn en_passant(f: &str, at: usize, size: Size, side: u8) -> Result<(), ParseError> {
    if f == "-" {
        return Ok(());
    }
    let b = f.as_bytes();
    let file = b.first().map_or(255, |c| c.wrapping_sub(b'a'));
    let rank = f
        .get(1..)
        .filter(|r| !r.is_empty() && r.bytes().all(|c| c.is_ascii_digit()) && !r.starts_with('0'))
        .and_then(|r| r.parse::<usize>().ok());
    let on_board = usize::from(file) < size.width() && rank.is_some_and(|r| r <= size.height());
    let want = match (size.height(), side) {
        (8, b'w') => Some(6),
        (8, _) => Some(3),
        _ => None,
    };
    if !on_board || want.is_some_and(|w| rank != Some(w)) {
        let expected = match want {
            Some(r) => format!(
                "'-' or a square on rank {r} ({} to move)",
                if side == b'w' { "White" } else { "Black" }
            ),
            None => "'-' or a square of the board".to_string(),
        };
        return Err(fault(2, NAMES[2], at, f, &expected));
    }
    Ok(())
}

/// A shogi SFEN's fields: `b` or `w`, the hand (`-` or counts and piece letters), the move
/// number.
fn sfen<'a>(mut fields: impl Iterator<Item = (usize, &'a str)>) -> bool {
    let (Some((_, side)), Some((_, hand)), Some((_, number)), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return false;
    };
    let hand_ok = hand == "-"
        || (hand.bytes().all(|c| c.is_ascii_alphanumeric())
            && hand.bytes().last().is_some_and(|c| c.is_ascii_alphabetic()));
    matches!(side, "b" | "w") && hand_ok && number.bytes().all(|c| c.is_ascii_digit())
}

/// Where a FEN's fields (from `from`, after the placement, to at most `end`, the trimmed
/// text's end) end, and the columns after them. A tab separates fields as a space does (as
/// python-chess reads them) while what follows it continues valid fields; a tab after which
/// it does not (`<FEN>\t<label>`, a TSV's other columns) ends the FEN, and the columns, from
/// the whitespace before that tab to the line's end (empty columns included), are kept as
/// written for a FEN to write back.
pub(crate) fn and_columns(
    text: &str,
    from: usize,
    end: usize,
    size: Size,
) -> (usize, Option<&str>) {
    let Some(first) = text[from..].find('\t') else {
        return (end, None);
    };
    let mut at = from + first;
    while at < end {
        let next = text[at + 1..end].find('\t').map_or(end, |k| at + 1 + k);
        let continues = !text[at + 1..next].trim().is_empty()
            && check(text[from..next].trim(), 0, size).is_ok();
        if !continues {
            break;
        }
        at = next;
    }
    if at >= end {
        // Every tab before the end separated fields: columns only if the end's whitespace
        // holds one (`<FEN>\t\t`, empty columns).
        let tail = text[end..].trim_end_matches(['\r', '\n']);
        return (end, tail.contains('\t').then_some(tail));
    }
    let fields_end = from + text[from..at].trim_end().len();
    let columns = text[fields_end..].trim_end_matches(['\r', '\n']);
    (fields_end, Some(columns))
}

/// The fast check of the common spelling: `t`, the bytes after an 8x8 placement, is empty or
/// exactly ` S C E H F`: one space before each field, `S` `w` or `b`, `C` `-` or letters of
/// `KQkq` in that order, `E` `-` or a square on the rank [`check`] wants, then the two
/// counters of at most eight bytes with their space. Whatever it accepts, [`check`] accepts;
/// what it does not (other spellings, every error) goes to the general reading, which checks
/// exactly. About 55 instructions: the first eight bytes in a word, the castling field and what
/// follows it by a perfect hash of four bytes, the counters in a word from the end. What the
/// fields say comes with the answer ([`Standard`]), from the words it looked at: a caller that
/// needs the values reads the fields once.
#[inline(always)]
pub(crate) fn standard(t: &[u8]) -> Option<Standard> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let n = t.len();
    if n == 0 {
        return Some(Standard::NONE);
    }
    let (head, tail) = (t.first_chunk::<8>()?, t.last_chunk::<8>()?);
    let head = u64::from_le_bytes(*head);
    // ' ', the side, ' ': the side's en passant rank (0 for another byte).
    let side = (head >> 8) as u8;
    let rank = EP_RANK[usize::from(side)];
    if head & 0x00ff_00ff != 0x0020_0020 || rank == 0 {
        return None;
    }
    // The castling field, its space and what follows, four bytes that fix the field's length.
    let window = (head >> 24) as u32;
    let entry = WINDOWS[(window.wrapping_mul(WINDOW_HASH) >> 23) as usize];
    if entry as u32 != window {
        return None;
    }
    let l = usize::from((entry >> 32) as u8);
    // The castling field's space (the window holds it, but for `KQkq`), en passant, its space.
    let e = 4 + l;
    let ep = t.get(e..e + 3)?;
    let (next, square) = if t[e - 1] != b' ' {
        return None;
    } else if ep[0] == b'-' && ep[1] == b' ' {
        (e + 2, NO_SQUARE)
    } else if ep[0].wrapping_sub(b'a') < 8 && ep[1] == rank && ep[2] == b' ' {
        (e + 3, (rank - b'1') * 8 + (ep[0] - b'a'))
    } else {
        return None;
    };
    // The counters: the last `r` bytes, digits with one space between, not first nor last.
    let r = n - next;
    if !(3..=8).contains(&r) {
        return None;
    }
    let w = u64::from_le_bytes(*tail) >> (8 * (8 - r));
    let x = w ^ (ONES * u64::from(b'0'));
    // The high bit of every byte that is not a digit (ASCII or not), among the `r` bytes.
    let odd = (x.wrapping_add(ONES * 0x76) | x) & (HIGH >> (8 * (8 - r)));
    let p = odd.trailing_zeros() / 8;
    let good = odd & odd.wrapping_sub(1) == 0
        && p >= 1
        && (p as usize) < r - 1
        && (w >> (8 * p)) as u8 == b' ';
    good.then_some(Standard {
        side,
        letters: (entry >> 40) as u8,
        ep: square,
        counters: w,
        space: p,
        len: r as u32,
    })
}

/// What fields in their common spelling say, as [`standard`] found them: the side, the
/// castling letters and the en passant square read, the counters' bytes kept (read only by a
/// caller that asks, [`Standard::counters`]). Integers only: an `Option<Standard>` then has a
/// flag of its own, set by the check, where a niche (a `bool` field's third value) cost the
/// FEN readers that drop the value 10 instructions a record (`-f fen -t packed`, 458 to 448).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Standard {
    /// The side to move's letter, `w` or `b`.
    side: u8,
    /// The castling letters, bit `k` for `KQkq[k]`.
    pub(crate) letters: u8,
    /// The en passant square (LERF), [`NO_SQUARE`] for none.
    ep: u8,
    /// The counters' `len` bytes, the first in the low byte; their space is byte `space`.
    counters: u64,
    space: u32,
    /// The counters' bytes, with their space (0: no fields, a placement alone).
    len: u32,
}

impl Standard {
    /// No fields (a placement alone): White to move, no castling or en passant, `0 1`.
    const NONE: Standard = Standard {
        side: b'w',
        letters: 0,
        ep: NO_SQUARE,
        counters: u64::from_le_bytes(*b"0 1\0\0\0\0\0"),
        space: 1,
        len: 0,
    };

    /// Black is to move.
    #[inline(always)]
    pub(crate) fn black(&self) -> bool {
        self.side == b'b'
    }

    /// The en passant square (LERF).
    #[inline(always)]
    pub(crate) fn ep(&self) -> Option<u8> {
        (self.ep != NO_SQUARE).then_some(self.ep)
    }

    /// Whether there were fields (not a placement alone).
    #[inline(always)]
    pub(crate) fn some(&self) -> bool {
        self.len != 0
    }

    /// Whether a counter starts with a zero and has more digits (`007`): spelt otherwise than
    /// a position's own fields are written.
    #[inline(always)]
    pub(crate) fn zeros(&self) -> bool {
        let full = self.space + 1;
        let zero = |at: u32| (self.counters >> (8 * at)) as u8 == b'0';
        (zero(0) && self.space > 1) || (zero(full) && self.len > full + 1)
    }

    /// The halfmove clock and the fullmove number: each in its half of a word when it has at
    /// most four digits (two steps that each join pairs of digits or numbers), else a byte at
    /// a time (at most seven digits: no overflow).
    #[inline(always)]
    pub(crate) fn counters(&self) -> (u32, u32) {
        let (x, p, n) = (self.counters, self.space as usize, self.len.max(3) as usize);
        if p > 4 || n - p - 1 > 4 {
            return counters_by_byte(&x.to_le_bytes()[..n]);
        }
        let digits = x & 0x0f0f_0f0f_0f0f_0f0f;
        // The halfmove clock right-aligned in bytes 0-3, the fullmove number in bytes 4-7.
        let half = (digits << (8 * (4 - p))) & 0xffff_ffff;
        let full = (digits >> (8 * (p + 1))) << (8 * (8 - (n - p - 1)));
        let v = ((half | full).wrapping_mul(10 << 8 | 1) >> 8) & 0x00ff_00ff_00ff_00ff;
        let v = v.wrapping_mul(100 << 16 | 1) >> 16;
        (v as u32 & 0xffff, (v >> 32) as u32 & 0xffff)
    }
}

/// No en passant square ([`Standard`]).
const NO_SQUARE: u8 = 64;

/// The two counters of fields in their common spelling, `t` (digits, one space, digits),
/// a byte at a time (at most eight bytes: no overflow).
fn counters_by_byte(t: &[u8]) -> (u32, u32) {
    let (mut half, mut v) = (0u32, 0u32);
    for &c in t {
        match c {
            b' ' => (half, v) = (v, 0),
            _ => {
                v = v
                    .wrapping_mul(10)
                    .wrapping_add(u32::from(c.wrapping_sub(b'0')))
            }
        }
    }
    (half, v)
}

/// The en passant rank byte of each side to move (`w`: `6`, `b`: `3`), 0 for other bytes.
const EP_RANK: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'w' as usize] = b'6';
    t[b'b' as usize] = b'3';
    t
};

/// Every four bytes that may follow ` w ` in the common spelling: the castling field (`-` or
/// letters of `KQkq` in that order), its space, and the start of the en passant field (`K e3`,
/// `KQ -`, `KQk `, `KQkq`): 144 words, each with the castling field's length in bits 32-40 and
/// its letters above bit 40 (bit `k` for `KQkq[k]`, as [`Standard::letters`] holds them), in
/// the slot its hash gives. About 20 instructions fewer a line than finding the field's space
/// and hashing the field alone (`bench/paths.py`, `-f fen -t packed`).
const WINDOWS: [u64; 512] = {
    // Empty slots hold `KQkq`'s entry, which hashes to its own slot: a word hashed to an empty
    // slot matches only if it is `KQkq`, which is accepted anyway.
    let kqkq = u32::from_le_bytes(*b"KQkq");
    let mut t = [kqkq as u64 | 4 << 32 | 15 << 40; 512];
    let mut filled = [false; 512];
    let mut m = 0;
    while m < 16 {
        let mut c = [b' '; 4];
        let mut l = 0;
        if m == 0 {
            c[0] = b'-';
            l = 1;
        }
        let mut k = 0;
        while k < 4 {
            if m & (1 << k) != 0 {
                c[l] = b"KQkq"[k];
                l += 1;
            }
            k += 1;
        }
        // After the field's space: `-` and a space, or a file and a rank (the side's rank is
        // checked afterwards), as many bytes as the window has left.
        let mut e = 0;
        while e < 17 {
            let mut w = c;
            if l <= 2 {
                w[l + 1] = if e == 0 {
                    b'-'
                } else {
                    b"abcdefgh"[(e - 1) / 2]
                };
            }
            if l == 1 {
                w[3] = if e == 0 { b' ' } else { b"36"[(e - 1) % 2] };
            }
            let key = u32::from_le_bytes(w);
            let slot = (key.wrapping_mul(WINDOW_HASH) >> 23) as usize;
            if !filled[slot] {
                filled[slot] = true;
                t[slot] = key as u64 | (l as u64) << 32 | (m as u64) << 40;
            } else {
                assert!(
                    t[slot] == key as u64 | (l as u64) << 32 | (m as u64) << 40,
                    "WINDOW_HASH must be a perfect hash of the castling windows"
                );
            }
            e += 1;
        }
        m += 1;
    }
    t
};

/// The multiplier of [`WINDOWS`]'s hash: found by search, checked when the table is built.
const WINDOW_HASH: u32 = 0xbca5_f2d1;

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`standard`] reads is what the fields say, read independently (split at spaces,
    /// the counters by `str::parse`): every split of the counters' eight bytes, leading zeros,
    /// both sides, every castling field, en passant or none.
    #[test]
    fn standard_reads_what_the_fields_say() {
        let mut v = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        for _ in 0..100_000 {
            v ^= v << 13;
            v ^= v >> 7;
            v ^= v << 17;
            let (h, f) = (1 + (v % 7) as usize, 1 + (v >> 8) as usize % 7);
            let digit = |k: usize| char::from(b'0' + ((v >> (16 + 3 * k)) % 10) as u8);
            let (half, full): (String, String) =
                ((0..h).map(digit).collect(), (h..h + f).map(digit).collect());
            let black = v >> 40 & 1 == 1;
            let letters = (v >> 41 & 15) as u8;
            let castling: String = (0..4)
                .filter(|k| letters >> k & 1 == 1)
                .map(|k| char::from(b"KQkq"[k]))
                .collect();
            let castling = if castling.is_empty() {
                "-".into()
            } else {
                castling
            };
            let file = (v >> 45 & 7) as u8;
            let ep = match v >> 48 & 1 {
                0 => "-".to_string(),
                _ => format!("{}{}", char::from(b'a' + file), if black { 3 } else { 6 }),
            };
            let side = if black { "b" } else { "w" };
            let text = format!(" {side} {castling} {ep} {half} {full}");
            let Some(got) = standard(text.as_bytes()) else {
                assert!(h + f + 1 > 8, "{text:?}");
                continue;
            };
            assert_eq!(got.black(), black, "{text:?}");
            assert_eq!(got.letters, letters, "{text:?}");
            let square = (ep != "-").then(|| if black { 16 } else { 40 } + file);
            assert_eq!(got.ep(), square, "{text:?}");
            let want = (half.parse::<u32>().unwrap(), full.parse::<u32>().unwrap());
            assert_eq!(got.counters(), want, "{text:?}");
            let zeros = |n: &str| n.len() > 1 && n.starts_with('0');
            assert_eq!(got.zeros(), zeros(&half) || zeros(&full), "{text:?}");
            assert!(got.some());
            checked += 1;
        }
        assert!(checked > 30_000, "{checked}");
        let none = standard(b"").unwrap();
        assert_eq!(
            (none.some(), none.black(), none.letters, none.ep()),
            (false, false, 0, None)
        );
        assert_eq!((none.counters(), none.zeros()), ((0, 1), false));
    }

    fn ok(rest: &str) -> bool {
        check(rest, 0, Size::CHESS).is_ok()
    }

    #[test]
    fn accepts_what_python_chess_accepts() {
        for r in [
            "w",
            "b",
            "w KQkq",
            "w KQkq -",
            "w KQkq - 0 1",
            "b Kq e3 12 40",
            "w - c6 0 3",
            "w HAha - 0 1",
            "w Ah - 0 1",
            "b KQkq - 3+3 0 1",
            "w KQkq - 0 1 +0+0",
            "w kq - 0 1",
        ] {
            assert!(ok(r), "{r}");
        }
        // shogi SFEN
        assert!(check("b - 11", 0, Size::new(9, 9).unwrap()).is_ok());
        assert!(check("w 2P3p 40", 0, Size::new(9, 9).unwrap()).is_ok());
    }

    #[test]
    fn names_the_field_and_column() {
        let e = check("w Kx - 0 1", 60, Size::CHESS).unwrap_err();
        assert_eq!(e.offset, Some(63));
        assert!(e.message.contains("field 3 (castling)"), "{}", e.message);
        let e = check("w KQkq e5 0 1", 60, Size::CHESS).unwrap_err();
        assert_eq!(e.offset, Some(67));
        assert!(
            e.message.contains("rank 6 (White to move)"),
            "{}",
            e.message
        );
        let e = check("x KQkq - 0 1", 0, Size::CHESS).unwrap_err();
        assert!(
            e.message.contains("field 2 (side to move)"),
            "{}",
            e.message
        );
        let e = check("w - - -1 1", 0, Size::CHESS).unwrap_err();
        assert_eq!(e.offset, Some(6));
        assert!(e.message.contains("halfmove clock"), "{}", e.message);
        for bad in [
            "w kqKQ",
            "w KQQ",
            "w KI",
            "b - e6",
            "w - e3",
            "w - - 0 1 2",
            "w - - 0 x",
        ] {
            assert!(!ok(bad), "{bad}");
        }
    }

    /// Every one-byte change, deletion and insertion of tails the fast check accepts: what it
    /// still accepts, the exact check accepts.
    #[test]
    fn the_fast_check_accepts_no_changed_tail_that_check_refuses() {
        let tails: [&[u8]; 12] = [
            b" w KQkq - 0 1",
            b" b KQkq e3 0 1",
            b" w KQkq c6 10 20",
            b" w KQk - 0 1",
            b" b Qkq - 3 9",
            b" w KQ h6 0 1",
            b" b Kq - 12 40",
            b" w q a6 1 2",
            b" b K - 0 12345",
            b" w - - 100 200",
            b" b - d3 0 1",
            b" w - - 0 1",
        ];
        let mut seen = 0;
        for tail in tails {
            assert!(
                standard(tail).is_some(),
                "{:?}",
                String::from_utf8_lossy(tail)
            );
            for at in 0..=tail.len() {
                for c in 0..=255u8 {
                    let mut changed = vec![tail.to_vec()];
                    if at < tail.len() {
                        let mut v = tail.to_vec();
                        v[at] = c;
                        changed.push(v);
                        let mut v = tail.to_vec();
                        v.remove(at);
                        changed.push(v);
                    }
                    let mut v = tail.to_vec();
                    v.insert(at, c);
                    changed.push(v);
                    for v in changed {
                        if standard(&v).is_some() {
                            seen += 1;
                            let text = std::str::from_utf8(&v);
                            assert!(
                                text.is_ok_and(|t| t.starts_with(' ') && ok(&t[1..])),
                                "{:?}",
                                String::from_utf8_lossy(&v)
                            );
                        }
                    }
                }
            }
        }
        assert!(seen > 1000, "{seen}");
    }

    #[test]
    fn the_fast_check_accepts_only_what_check_accepts() {
        let mut n = 0;
        let alphabet = b" wbKQkq-ae36019+x";
        // Every tail of up to 9 bytes over a small alphabet after " w ", " b " and "  w ".
        let mut tails: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..5 {
            let mut next = Vec::new();
            for t in &tails {
                for &c in alphabet {
                    let mut u = t.clone();
                    u.push(c);
                    next.push(u);
                }
            }
            tails.extend(next.iter().cloned());
            tails = {
                tails.sort();
                tails.dedup();
                tails
            };
            if tails.len() > 200_000 {
                break;
            }
        }
        for prefix in [&b" w KQkq "[..], b" b - ", b" w - e6 ", b" w K", b" "] {
            for t in &tails {
                let mut s = prefix.to_vec();
                s.extend_from_slice(t);
                if standard(&s).is_some() {
                    n += 1;
                    let text = std::str::from_utf8(&s).unwrap();
                    assert!(text.starts_with(' '), "{text:?}");
                    assert!(ok(&text[1..]), "{text:?}");
                }
            }
        }
        assert!(n > 100, "{n}");
        for t in [
            &b""[..],
            b" w KQkq - 0 1",
            b" b KQkq e3 0 1",
            b" w - - 100 200",
            b" b Kq - 12 40",
            b" w K - 0 12345",
        ] {
            assert!(standard(t).is_some(), "{:?}", std::str::from_utf8(t));
        }
        for t in [
            &b" w KQkq - 0 1 "[..],
            b" w KQkq -  0 1",
            b" w Kx - 0 1",
            b" w KQkq e5 0 1",
            b" w - - 0",
            b" w - - 0 1 2",
            b" w - - -1 1",
            b" w kqKQ - 0 1",
            b" x - - 0 1",
            b"\tw - - 0 1",
            b" w - - 0 \xff",
        ] {
            assert!(standard(t).is_none(), "{:?}", String::from_utf8_lossy(t));
        }
    }
}
