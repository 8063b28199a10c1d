//! Packed base-3 forms: `packed` (lowercase hex text), `packed-bin` (raw bytes) and `trits-bin`
//! (one raw byte per square).

use crate::board::{Board, Repr};
use crate::detect::{ambiguous, Rule};
use crate::fen::fast::ReadChess;
use crate::int::forms::{fits_int, is_int_token};
use crate::kernels::{bits_at, hex_bytes, splat, DIGIT};
use crate::small::write_packed_hex;
use crate::spec::{
    write_from_sides, Direct, Frame, InTable, Reader, Readings, Spec, WordPaths, Words, Writing,
};
use crate::{found, trim, Format, Options, ParseError, RenderError, Value};
use crate::{Holds, Need};
use bbconv_board::ternary::{self, PackedError};
use bbconv_board::{Bitboard, Order, Pair, Size};

fn packed_error(e: PackedError, base: usize, hex: bool) -> ParseError {
    let at = Some(base + e.byte().map_or(0, |byte| if hex { 2 * byte } else { byte }));
    ParseError::new(at, e.to_string())
}

/// The pair of two LERF word arrays (`ceil(N/64)` words each), disjoint by construction.
pub(crate) fn pair_of_words(size: Size, first: &[u64], second: &[u64]) -> Option<Pair> {
    let w = size.words();
    let f = Bitboard::from_words(size, first.get(..w)?).ok()?;
    let s = Bitboard::from_words(size, second.get(..w)?).ok()?;
    Pair::new(f, s).ok()
}

/// The most words a board has (4096 squares).
pub(crate) const MAX_WORDS: usize = 64;

fn decode(bytes: &[u8], base: usize, hex: bool, opts: &Options) -> Result<Value, ParseError> {
    let size = opts.size_or_default();
    if opts.order == Order::Lerf && opts.layout.is_default() {
        // The fast path: straight into words, no trit array (errors go the general way).
        let (mut f, mut s) = ([0u64; MAX_WORDS], [0u64; MAX_WORDS]);
        if ternary::unpack_words(bytes, size.squares(), &mut f, &mut s) {
            if let Some(p) = pair_of_words(size, &f, &s) {
                return Ok(Value::Pair(p));
            }
        }
    }
    let trits = ternary::unpack(bytes, opts.order.span(size), opts.layout)
        .map_err(|e| packed_error(e, base, hex))?;
    opts.order
        .pair_of_trits(size, &trits)
        .map(Value::Pair)
        .map_err(|e| ParseError::new(Some(base), e))
}

/// Reads `packed`: `2*ceil(N/5)` hex digits (either case).
pub(crate) fn parse_hex(text: &str, opts: &Options) -> Result<Value, ParseError> {
    let (start, t) = trim(text);
    let t = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    let start = start + (text.trim().len() - t.len());
    let size = opts.size_or_default();
    let want = 2 * ternary::packed_len(opts.order.span(size));
    if let Some(k) = t.bytes().position(|c| !c.is_ascii_hexdigit()) {
        return Err(ParseError::new(
            Some(start + k),
            format!(
                "found {} in packed hex: expected a hexadecimal digit",
                found(t, k)
            ),
        ));
    }
    if t.len() != want {
        return Err(ParseError::new(
            Some(start + t.len().min(want)),
            format!(
                "found {} hex digits, expected {want} ({} packed bytes for {a_size} board)",
                t.len(),
                want / 2,
                a_size = crate::text::a(size)
            ),
        ));
    }
    let mut bytes = [0u8; ternary::MAX_PACKED_LEN];
    for (b, p) in bytes.iter_mut().zip(t.as_bytes().chunks_exact(2)) {
        // Every digit was checked above: the table gives its value.
        *b = (crate::kernels::DIGIT[p[0] as usize] << 4) | crate::kernels::DIGIT[p[1] as usize];
    }
    decode(&bytes[..want / 2], start, true, opts)
}

/// Reads one binary record of `packed-bin` or `trits-bin`.
pub(crate) fn parse_binary(
    format: Format,
    rec: &[u8],
    opts: &Options,
) -> Result<Value, ParseError> {
    let size = opts.size_or_default();
    if format == Format::TritsBin {
        let n = opts.order.span(size);
        if rec.len() != n {
            return Err(ParseError::new(
                Some(0),
                format!("found {} bytes, expected {n} (one a square)", rec.len()),
            ));
        }
        if let Some(k) = rec.iter().position(|&t| t > 2) {
            return Err(ParseError::new(
                Some(k),
                format!("byte {k} is {}: expected 0, 1 or 2", rec[k]),
            ));
        }
        if opts.order == Order::Lerf {
            let (mut f, mut s) = ([0u64; MAX_WORDS], [0u64; MAX_WORDS]);
            if ternary::digits_to_words(rec, 0, n, &mut f, &mut s) {
                if let Some(p) = pair_of_words(size, &f, &s) {
                    return Ok(Value::Pair(p));
                }
            }
        }
        return opts
            .order
            .pair_of_trits(size, rec)
            .map(Value::Pair)
            .map_err(|e| ParseError::new(Some(0), e));
    }
    decode(rec, 0, false, opts)
}

/// Writes `packed` (hex), `packed-bin` (raw) or `trits-bin` (raw, one byte a square).
pub(crate) fn render(
    format: Format,
    pair: &Pair,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    let trits = || opts.to_order.trits(pair).map_err(crate::numbering_error);
    let size = pair.size();
    let n = size.squares();
    let order = opts.to_order;
    let (f, s) = (pair.first().words(), pair.second().words());
    if format == Format::TritsBin {
        if order == Order::Lerf {
            ternary::words_to_digits(f, s, n, 0, out);
        } else {
            out.extend_from_slice(&trits()?);
        }
        return Ok(());
    }
    if format == Format::PackedBin {
        if order == Order::Lerf && opts.layout.is_default() {
            ternary::pack_words(f, s, n, out);
        } else {
            ternary::pack_into(&trits()?, opts.layout, out);
        }
        return Ok(());
    }
    // Hex: the bytes are packed on the stack, then written two digits at a time.
    let mut bytes = Vec::new();
    let packed: &[u8] = match (pair.first().as_u64(), pair.second().as_u64()) {
        (Some(f), Some(s)) if order == Order::Lerf && opts.layout.is_default() && n == 64 => {
            &ternary::pack_chess(f, s)
        }
        _ if order == Order::Lerf && opts.layout.is_default() => {
            ternary::pack_words(f, s, n, &mut bytes);
            &bytes
        }
        _ => {
            ternary::pack_into(&trits()?, opts.layout, &mut bytes);
            &bytes
        }
    };
    for &b in packed {
        out.extend_from_slice(&crate::HEX_PAIRS[b as usize]);
    }
    Ok(())
}

/// The word path of an 8x8 `trits-bin` record: 64 bytes of 0, 1 or 2 into the two sides;
/// `None` for any other byte, which the general reading reports.
#[inline]
pub(crate) fn read_trits_bin_chess(rec: &[u8]) -> Option<(u64, u64)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    if rec.len() != 64 {
        return None;
    }
    // Bit 0 of each byte gathered into one byte.
    let gather = |x: u64| ((x & ONES).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    let (mut f, mut s) = (0u64, 0u64);
    for (k, c) in rec.chunks_exact(8).enumerate() {
        let v = u64::from_le_bytes(c.try_into().ok()?);
        // Every byte at most 2: no bit above the low two, and not both of them.
        if (v & !(ONES * 3)) | (v & (v >> 1) & ONES) != 0 {
            return None;
        }
        f |= (gather(v) as u64) << (8 * k);
        s |= (gather(v >> 1) as u64) << (8 * k);
    }
    Some((f, s))
}

/// The hex digits without a `0x` in front.
#[inline(always)]
fn strip_0x(t: &[u8]) -> &[u8] {
    match t {
        [b'0', b'x' | b'X', rest @ ..] => rest,
        _ => t,
    }
}

/// The word paths of `packed`: the hex of every size in the default layout.
pub(crate) struct PackedWords;

impl WordPaths for PackedWords {
    #[inline(always)]
    fn read_shaped<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> Option<bool> {
        // Packed's rule: 26 hex digits that are no integer that fits 64 bits (int's rule): one
        // of them a letter, or a decimal of 21 digits or more from the first one not 0; but
        // `0b` or `0B` first, a binary integer to int's rule (which may fit). The path refuses
        // a line break.
        match record {
            [first, second, ..]
                if record.len() == 26
                    && first.is_ascii_hexdigit()
                    && second.is_ascii_hexdigit()
                    && !(*first == b'0' && matches!(second, b'b' | b'B'))
                    && (!zeros6(record) || hex_letter(record)) =>
            {
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
        let t = strip_0x(match record.len() {
            26 => record,
            _ => record.trim_ascii(),
        });
        let mut bytes = [0u8; 13];
        hex_bytes(t, &mut bytes)
            && board.set_chess(ternary::unpack_chess(&bytes).map(|(f, s)| Repr::Two(f, s)))
    }

    #[inline(always)]
    fn read_small(t: &[u8], size: Size, opts: &Options) -> Option<Words> {
        if !opts.layout.is_default() {
            return None;
        }
        let t = strip_0x(t);
        let n = size.squares();
        let len = ternary::packed_len(n);
        if t.len() != 2 * len {
            return None;
        }
        let mut bytes = [0u8; 13];
        let mut bad = 0;
        for (b, p) in bytes.iter_mut().zip(t.chunks_exact(2)) {
            let (hi, lo) = (DIGIT[p[0] as usize], DIGIT[p[1] as usize]);
            bad |= hi | lo;
            *b = hi << 4 | (lo & 15);
        }
        if bad > 15 {
            return None;
        }
        let (f, s) = ternary::unpack_u64(&bytes[..len], n)?;
        Some(Words::two(size, f, s))
    }

    #[inline(always)]
    fn read_wide(t: &[u8], n: usize, [f, s]: [&mut [u64]; 2]) -> bool {
        const B: usize = ternary::packed_len(64 * crate::board::WIDE_WORDS);
        let t = strip_0x(t);
        let mut bytes = [0u8; B];
        let len = ternary::packed_len(n);
        len <= B
            && t.len() == 2 * len
            && hex_bytes(t, &mut bytes[..len])
            && ternary::unpack_words(&bytes[..len], n, f, s)
    }

    write_from_sides!(|r, f, s, out| r.push_packed_hex(f, s, out));

    #[inline(always)]
    fn write_small(w: Words, opts: &Options, out: &mut Vec<u8>) -> bool {
        opts.layout.is_default() && {
            write_packed_hex(w.size.squares(), w.first, w.second, out);
            true
        }
    }

    #[inline(always)]
    fn write_wide(
        _: Writing,
        size: Size,
        [f, s]: [&[u64]; 2],
        _: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        packed_hex_wide(f, s, size.squares(), out);
        true
    }
}

/// Writes the packed hex of `n` squares: 60 squares (twelve bytes) at a time, each twelve
/// groups' digits from the 8x8 writer's table trick ([`crate::kernels::push_packed_hex60`]); the
/// digits of groups past the last (all 0) are cut off at the end.
#[inline]
fn packed_hex_wide(first: &[u64], second: &[u64], n: usize, out: &mut Vec<u8>) {
    let groups = ternary::packed_len(n);
    let start = out.len();
    out.reserve(2 * groups + 24);
    for at in (0..n).step_by(60) {
        let (f, s) = (bits_at(first, at), bits_at(second, at));
        crate::kernels::push_packed_hex60(f, s, out);
    }
    out.truncate(start + 2 * groups);
}

/// The word paths of `packed-bin`: the raw bytes of boards of at most 64 squares.
pub(crate) struct PackedBinWords;

impl WordPaths for PackedBinWords {
    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        _: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        let sides = record.try_into().ok().and_then(ternary::unpack_chess);
        board.set_chess(sides.map(|(f, s)| Repr::Two(f, s)))
    }

    write_from_sides!(|r, f, s, out| ternary::pack_u64_pair(f, s, 64, out));

    #[inline(always)]
    fn write_small(w: Words, opts: &Options, out: &mut Vec<u8>) -> bool {
        opts.layout.is_default() && {
            ternary::pack_u64_pair(w.first, w.second, w.size.squares(), out);
            true
        }
    }
}

/// The word paths of `trits-bin`: a byte a square of boards of at most 64 squares.
pub(crate) struct TritsBinWords;

impl WordPaths for TritsBinWords {
    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        _: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        board.set_chess(read_trits_bin_chess(record).map(|(f, s)| Repr::Two(f, s)))
    }

    write_from_sides!(|r, f, s, out| ternary::words_to_digits(&[f], &[s], 64, 0, out));

    #[inline(always)]
    fn write_small(w: Words, _: &Options, out: &mut Vec<u8>) -> bool {
        ternary::words_to_digits(&[w.first], &[w.second], w.size.squares(), 0, out);
        true
    }
}

/// `-f auto`'s rule for packed digits (`detect.rs`): before int's, whose tokens they may be.
const DETECT: [Rule; 1] = [Rule {
    rank: 85,
    words: "one token of 2*ceil(N/5) hex digits: packed (ambiguous with int when it is an integer that fits N bits)",
    test: |p| {
        let tok = p.one_token()?;
        let len = 2 * bbconv_board::ternary::packed_len(p.size.squares());
        if tok.len() != len || !tok.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        Some(if is_int_token(tok) && fits_int(tok, p.size) {
            Err(ambiguous(&[Format::Int, Format::Packed]))
        } else {
            Ok(Format::Packed)
        })
    },
}];

/// The `packed` form.
pub(crate) const PACKED: Spec = Spec {
    name: "packed",
    aliases: &["packed-hex"],
    holds: Holds::Two,
    pieces: false,
    description: "Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.",
    example: "797979010000000000d8f2f250",
    carries_size: false,
    names_squares: false,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Packed,
    frame: Frame::Line,
    spans: None,
    need: Need::Sides,
    fixed: Some(Format::PackedBin),
    words: false,
    raw_bytes: false,
    detect: &DETECT,
    fast: None,
    read: Reader::Text(parse_hex),
    write: Some(|v, o, out| render(Format::Packed, &v.to_pair(), o, out)),
};

/// The `packed-bin` form.
pub(crate) const PACKED_BIN: Spec = Spec {
    name: "packed-bin",
    aliases: &[],
    holds: Holds::Two,
    pieces: false,
    description:
        "Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.",
    example: "(13 raw bytes a board on 8x8)",
    carries_size: false,
    names_squares: false,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Packed,
    frame: Frame::Binary(|size, _| ternary::packed_len(size.squares())),
    spans: None,
    need: Need::Sides,
    fixed: Some(Format::PackedBin),
    words: false,
    raw_bytes: false,
    detect: &[],
    fast: None,
    read: Reader::Bytes(|r, o| parse_binary(Format::PackedBin, r, o)),
    write: Some(|v, o, out| render(Format::PackedBin, &v.to_pair(), o, out)),
};

/// The `trits-bin` form.
pub(crate) const TRITS_BIN: Spec = Spec {
    name: "trits-bin",
    aliases: &[],
    holds: Holds::Two,
    pieces: false,
    description: "One raw byte per square, values 0/1/2, index 0 first: N bytes a record.",
    example: "(64 raw bytes a board on 8x8)",
    carries_size: false,
    names_squares: false,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Binary(|size, _| size.squares()),
    spans: None,
    need: Need::Sides,
    fixed: Some(Format::TritsBin),
    words: false,
    raw_bytes: false,
    detect: &[],
    fast: None,
    read: Reader::Bytes(|r, o| parse_binary(Format::TritsBin, r, o)),
    write: Some(|v, o, out| render(Format::TritsBin, &v.to_pair(), o, out)),
};

/// Whether the first six bytes of `b` (at least eight) are all `0` digits, in one word.
#[inline(always)]
fn zeros6(b: &[u8]) -> bool {
    let w = u64::from_le_bytes(b[..8].try_into().unwrap_or_default()) ^ splat(b'0');
    w & 0xffff_ffff_ffff == 0
}

/// Whether `b` (at least eight bytes) holds a lowercase hex letter (`a` to `f`), a word at a
/// time as [`zeros`].
#[inline(always)]
fn hex_letter(b: &[u8]) -> bool {
    let mut any = letters(b, b.len() - 8);
    for at in (0..b.len() - 8).step_by(8) {
        any |= letters(b, at);
    }
    any != 0
}

/// The top bit of each byte of `b[at..at + 8]` that is a lowercase hex letter.
#[inline(always)]
fn letters(b: &[u8], at: usize) -> u64 {
    let w = u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or_default());
    // Each byte's low seven bits plus 0x1f reach bit 7 from `a` on, plus 0x19 from `g` on (no
    // carry leaves a byte); a byte of 0x80 or more is none.
    let low = w & splat(0x7f);
    (low + splat(0x1f)) & !(low + splat(0x19)) & !w & splat(0x80)
}

#[cfg(test)]
mod tests {
    /// The word checks of packed's shape are the byte loops they replace: every byte value at
    /// every place of records of the lengths they look at.
    #[test]
    fn shape_checks_as_byte_loops() {
        crate::convert::check::each_one_byte_changed(&[8, 26, 44], |b| {
            let zeros6 = b[..6].iter().all(|&c| c == b'0');
            assert_eq!(super::zeros6(b), zeros6, "{b:?}");
            let letter = b.iter().any(|c| (b'a'..=b'f').contains(c));
            assert_eq!(super::hex_letter(b), letter, "{b:?}");
        });
    }
}
