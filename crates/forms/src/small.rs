//! The fast paths of boards of at most 64 squares in LERF order: byte-level readers of the
//! integer and two-player forms (`hex`, `int`, `dec`, `bin`, `pair`, `packed`, `trits`) and
//! table-driven writers, with no allocation and no UTF-8 pass. Each reader returns `None` for
//! anything unusual (a sign, `_`, another order or layout, any error), and the general reading
//! then gives the same value or the exact error; the writers give the general writers' bytes.

use bbconv_board::{Order, Size};

use crate::kernels::{hex_digits, pair_hex_chess, push_packed_hex_chess, PACKED_HEX};
use crate::spec::Words;
use crate::{Format, Options, Value};

/// Reads `record` as `format` on a board of at most 64 squares in LERF, or `None`.
#[inline]
pub(crate) fn read(format: Format, record: &[u8], opts: &Options) -> Option<Value> {
    read_words(format, record, opts)?.value()
}

/// Reads `record` as `format` into words by the form's word path, or `None` (see the module
/// documentation): the board is at most 64 squares in LERF, and the words fit it and are
/// disjoint.
#[inline]
pub(crate) fn read_words(format: Format, record: &[u8], opts: &Options) -> Option<Words> {
    let size = opts.size_or_default();
    let n = size.squares();
    if n > 64 || opts.order != Order::Lerf {
        return None;
    }
    let w = format.read_small(record.trim_ascii(), size, opts)?;
    let fits = n == 64 || (w.first | w.second) >> n == 0;
    (fits && w.first & w.second == 0).then_some(w)
}

/// A list of square names (`a1 E4,h8`, or `-` for none) of a board of at most 64 squares and
/// at most 26 files, on one line; `None` for any other token (indices, pairs, two sides,
/// errors) and for a line break. (Out of
/// line: inlined, it costs the other word paths' record loop more than its call costs.)
#[inline(never)]
pub(crate) fn read_names(t: &[u8], size: Size) -> Option<u64> {
    let (w, h) = (size.width(), size.height());
    if w > 26 {
        return None;
    }
    if t == b"-" {
        return Some(0);
    }
    // A line break is not a separator here: a list of several lines is, under `-f auto`, a
    // pasted board (and the general reading takes it as a list otherwise).
    let sep = |c: u8| c == b',' || (crate::blank(c) && c != b'\n');
    if size == Size::CHESS {
        // The chess board: every token is a letter a-h and a digit 1-8 (a letter outside
        // a-h, A-H, or any other byte, gives a file or rank of 8 or more).
        let mut bb = 0u64;
        let mut i = 0;
        let n = t.len();
        // The common shape first: a name and one space, three bytes at a time, the name's
        // square looked up by its two bytes (64 or more: not a name).
        while let Some(&[a, b, c]) = t.get(i..i + 3) {
            let sq = NAME_SQUARE[u16::from_le_bytes([a, b]) as usize];
            if sq < 64 && c == b' ' {
                bb |= 1 << sq;
                i += 3;
                continue;
            }
            if !sep(a) {
                break;
            }
            i += 1;
        }
        while i < n {
            if sep(t[i]) {
                i += 1;
                continue;
            }
            let f = (t[i] | 0x20).wrapping_sub(b'a');
            let r = t.get(i + 1)?.wrapping_sub(b'1');
            if (f | r) >= 8 || t.get(i + 2).is_some_and(|&c| !sep(c)) {
                return None;
            }
            bb |= 1 << (r << 3 | f);
            i += 3;
        }
        return Some(bb);
    }
    // One pass over the bytes: a token is a letter and one or two digits, ended by a separator.
    let mut bb = 0u64;
    let mut i = 0;
    let n = t.len();
    while i < n {
        let c = t[i];
        if sep(c) {
            i += 1;
            continue;
        }
        if i + 1 >= n {
            return None;
        }
        let file = (c | 0x20).wrapping_sub(b'a') as usize;
        let r = t[i + 1].wrapping_sub(b'1') as usize;
        if file >= w || !c.is_ascii_alphabetic() || r >= 9 {
            return None;
        }
        let mut rank = r + 1;
        i += 2;
        if i < n && t[i].is_ascii_digit() {
            rank = rank * 10 + (t[i] - b'0') as usize;
            i += 1;
        }
        if rank > h || (i < n && !sep(t[i])) {
            return None;
        }
        bb |= 1 << (w * (rank - 1) + file);
    }
    Some(bb)
}

/// `NAME_SQUARE[a | b << 8]`: the chess square named by the bytes `a` (a file letter, any case)
/// and `b` (a rank digit), or 255.
static NAME_SQUARE: [u8; 1 << 16] = {
    let mut t = [255u8; 1 << 16];
    let mut f = 0;
    while f < 8 {
        let mut r = 0;
        while r < 8 {
            let (lower, upper, digit) = (b'a' + f, b'A' + f, (b'1' + r) as usize);
            t[lower as usize | digit << 8] = r << 3 | f;
            t[upper as usize | digit << 8] = r << 3 | f;
            r += 1;
        }
        f += 1;
    }
    t
};

/// The names of the occupied files of one chess rank (bit `f`: file `f`), each a file letter,
/// a rank digit and a space, as three little-endian words: the text with 0 for the digits, and
/// 0xff where the digits go.
struct RankNames {
    text: [u64; 3],
    digits: [u64; 3],
}

/// [`RankNames`] by the occupied files of a rank.
const RANK_NAMES: [RankNames; 256] = {
    let mut t = [const {
        RankNames {
            text: [0; 3],
            digits: [0; 3],
        }
    }; 256];
    let mut files = 0;
    while files < 256 {
        let (mut at, mut f) = (0usize, 0usize);
        while f < 8 {
            if (files >> f) & 1 == 1 {
                let (k, b) = (at / 8, at % 8);
                t[files].text[k] |= ((b'a' + f as u8) as u64) << (8 * b);
                let (k, b) = ((at + 1) / 8, (at + 1) % 8);
                t[files].digits[k] |= 0xff << (8 * b);
                let (k, b) = ((at + 2) / 8, (at + 2) % 8);
                t[files].text[k] |= (b' ' as u64) << (8 * b);
                at += 3;
            }
            f += 1;
        }
        files += 1;
    }
    t
};

/// Writes the square names of a bitboard of at most 64 squares and at most 26 files, in LERF
/// order (`-` for none).
#[inline]
pub(crate) fn write_names(bb: u64, size: Size, out: &mut Vec<u8>) {
    if bb == 0 {
        out.push(b'-');
        return;
    }
    let w = size.width() as u64;
    let mut buf = [0u8; 64 * 4];
    let mut len = 0;
    let mut rest = bb;
    if size == Size::CHESS {
        // A rank at a time: the names of its occupied files from a table, the rank's digit
        // put in (three words stored a rank; the next rank overwrites what is past its names).
        const ONES: u64 = 0x0101_0101_0101_0101;
        let mut at = 0;
        for rank in 0..8 {
            let files = ((bb >> (8 * rank)) & 255) as usize;
            let row = &RANK_NAMES[files];
            let digit = ONES * (b'1' + rank as u8) as u64;
            if let Some(to) = buf.get_mut(at..at + 24) {
                for k in 0..3 {
                    let w = row.text[k] | (row.digits[k] & digit);
                    to[8 * k..8 * k + 8].copy_from_slice(&w.to_le_bytes());
                }
            }
            at += 3 * files.count_ones() as usize;
        }
        out.extend_from_slice(&buf[..at - 1]);
        return;
    }
    while rest != 0 {
        let i = rest.trailing_zeros() as u64;
        rest &= rest - 1;
        let (file, rank) = (i % w, i / w + 1);
        buf[len] = b'a' + file as u8;
        if rank < 10 {
            buf[len + 1] = b'0' + rank as u8;
            buf[len + 2] = b' ';
            len += 3;
        } else {
            buf[len + 1] = b'0' + (rank / 10) as u8;
            buf[len + 2] = b'0' + (rank % 10) as u8;
            buf[len + 3] = b' ';
            len += 4;
        }
    }
    out.extend_from_slice(&buf[..len - 1]);
}

/// Writes `value` as `format` when it is a board of at most 64 squares and the output is in
/// LERF (and the default layout); `false` (nothing written) otherwise.
#[inline]
pub(crate) fn write(format: Format, value: &Value, opts: &Options, out: &mut Vec<u8>) -> bool {
    let (first, second, two) = match value {
        Value::Single(b) => match b.as_u64() {
            Some(f) => (f, 0, false),
            None => return false,
        },
        Value::Pair(p) => match (p.first().as_u64(), p.second().as_u64()) {
            (Some(f), Some(s)) => (f, s, true),
            _ => return false,
        },
        Value::Pieces(_) => return false,
    };
    let w = Words {
        size: value.size(),
        first,
        second,
        two,
    };
    write_value(format, w, opts, out)
}

/// Writes words as `format` by the form's word path (LERF); `false` (nothing written) when the
/// form or the options need the general writer (a two-player board in a one-bitboard form, say).
#[inline]
fn write_value(format: Format, w: Words, opts: &Options, out: &mut Vec<u8>) -> bool {
    opts.to_order == Order::Lerf && format.write_small(w, opts, out)
}

/// Writes a board of at most 64 squares (not 8x8: see [`crate::convert`]) as `to` says, from
/// its words; `false`, with nothing written, when the general writer must.
#[inline]
pub(crate) fn write_board(
    to: Format,
    board: &crate::Board<'_>,
    opts: &Options,
    out: &mut Vec<u8>,
) -> bool {
    let Some((first, second)) = board.sides() else {
        return false;
    };
    let w = Words {
        size: board.size(),
        first,
        second,
        two: !board.is_single(),
    };
    write_value(to, w, opts, out)
}

/// The hex digits of packed base-3 of a pair of LERF words of `n <= 64` squares.
#[inline]
pub(crate) fn write_packed_hex(n: usize, f: u64, s: u64, out: &mut Vec<u8>) {
    if n == 64 {
        push_packed_hex_chess(f, s, out);
        return;
    }
    for k in (0..n).step_by(5) {
        let i = (f >> k) & 31 | ((s >> k) & 31) << 5;
        out.extend_from_slice(&PACKED_HEX[i as usize]);
    }
}

/// Two LERF words of `n <= 64` squares as two hex integers.
#[inline]
pub(crate) fn write_pair_hex(n: usize, f: u64, s: u64, out: &mut Vec<u8>) {
    if n == 64 {
        out.extend_from_slice(&pair_hex_chess([hex_digits(f), hex_digits(s)]));
        return;
    }
    crate::kernels::hex_u64(f, n.div_ceil(4), out);
    out.push(b' ');
    crate::kernels::hex_u64(s, n.div_ceil(4), out);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Square lists read as the general reading reads them, including a name followed by
    /// another digit or letter (a fuzz find: `B24` was read as f4).
    #[test]
    fn square_names_as_the_general_reading() {
        let opts = Options::default();
        for text in [
            "B24",
            "a1 B24",
            "a10",
            "h9 a1",
            "a1 b2 c3",
            "a1b2",
            "A1 h8",
            "a1  b2",
            "a1,b2",
            "i1",
            "a0",
            "a1 b2 c34",
            "-",
            "a1 ",
            " a1",
            "a1\nb2",
            "a1 b2\n",
        ] {
            let fast = read_names(text.trim().as_bytes(), Size::CHESS);
            let general = crate::parse_str(Format::Squares, text, &opts)
                .ok()
                .map(|v| v.to_pair().first().as_u64());
            if let Some(bb) = fast {
                assert_eq!(general, Some(Some(bb)), "{text}");
            }
            if general.is_none() {
                assert_eq!(fast, None, "{text}");
            }
        }
    }

    #[test]
    fn hex_digits_match_the_formatter() {
        for v in [
            0,
            1,
            9,
            10,
            15,
            0xff,
            0x0123_4567_89ab_cdef,
            u64::MAX,
            0xa0a0_9090_f0f0_0a0a,
        ] {
            assert_eq!(hex_digits(v), format!("{v:016x}").as_bytes(), "{v:#x}");
        }
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            v = v.rotate_left(7).wrapping_mul(0x2545_f491_4f6c_dd1d);
            assert_eq!(hex_digits(v), format!("{v:016x}").as_bytes(), "{v:#x}");
        }
    }
}
