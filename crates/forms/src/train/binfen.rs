//! Lichess's BinaryFen, as hex text, one record a line (the format has no length of its own, so
//! bbconv keeps it where a line, a table field or a binary value carries the length): the
//! occupancy as a big-endian u64, the nibbles of the men ([`super::pack_nibbles`], castling
//! rooks anywhere on the back rank, so Chess960 too), then the halfmove clock and the ply as
//! LEB128 varints and a variant byte, each only when needed, trailing zero bytes trimmed.
//! Standard chess, Chess960 and games from a position (variant bytes 0, 2 and 3); other
//! variants are errors.

use bbconv_board::Size;

use bbconv_board::train::Train;

use super::chess::Chess;
use super::codes::{masks, masks_of, pack, stem_codes, stem_planes, stem_position};
use super::position::Position;
use super::words::{Read, Take, Trainer};
use super::{pack_nibbles, unpack_nibbles, Castling};
use crate::fen::fast::ReadChess;
use crate::spec::{Frame, InTable, Reader, Readings, Spec};
use crate::{Holds, Need, Options, ParseError, RenderError, RenderErrorKind, Value};

/// The variants of BinaryFen's variant byte, by value.
const VARIANTS: &[&str] = &[
    "standard",
    "crazyhouse",
    "chess960",
    "from position",
    "king of the hill",
    "three-check",
    "antichess",
    "atomic",
    "horde",
    "racing kings",
];

/// The bytes of a record's hex text; `Err` names the offending character.
fn unhex(t: &str) -> Result<Vec<u8>, ParseError> {
    let b = t.as_bytes();
    let digit = |k: usize| {
        char::from(b[k])
            .to_digit(16)
            .map(|d| d as u8)
            .ok_or_else(|| {
                ParseError::new(
                    Some(k),
                    format!("'{}' is not a hex digit", char::from(b[k])),
                )
            })
    };
    if b.len() % 2 == 1 {
        return Err(ParseError::new(
            Some(b.len()),
            format!(
                "{} hex digits, expected an even number (two a byte)",
                b.len()
            ),
        ));
    }
    (0..b.len())
        .step_by(2)
        .map(|k| Ok(digit(k)? << 4 | digit(k + 1)?))
        .collect()
}

/// An unsigned LEB128 varint of at most 5 bytes at `*at` of `b` (0 past the end); `Err` names
/// the field.
fn varint(b: &[u8], at: &mut usize, field: &str) -> Result<u64, ParseError> {
    let start = *at;
    let mut v: u64 = 0;
    for k in 0..5 {
        let byte = b.get(*at).copied().unwrap_or(0);
        *at += 1;
        v |= u64::from(byte & 0x7f) << (7 * k);
        if byte & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(ParseError::new(
        Some(2 * start),
        format!("{field}: a varint longer than 5 bytes"),
    ))
}

/// Reads one record's hex text.
fn read(t: &str, opts: &Options) -> Result<Value, ParseError> {
    opts.check_size(Size::CHESS)?;
    let b = unhex(t.trim_ascii())?;
    let byte = |k: usize| b.get(k).copied().unwrap_or(0);
    let occ = u64::from_be_bytes(std::array::from_fn(byte));
    let n = occ.count_ones() as usize;
    let nibbles: Vec<u8> = (8..8 + n.div_ceil(2)).map(byte).collect();
    let mut pos = unpack_nibbles(occ, &nibbles, 8, Castling::Anywhere)
        .map_err(|(at, e)| ParseError::new(Some(2 * at), e))?;
    let mut at = 8 + n.div_ceil(2);
    let clock = at;
    let halfmove = varint(&b, &mut at, "halfmove clock")?;
    let ply_at = at;
    let ply = varint(&b, &mut at, "ply")?;
    pos.halfmove = u32::try_from(halfmove).map_err(|_| {
        ParseError::new(
            Some(2 * clock),
            format!("halfmove clock: {halfmove} does not fit 32 bits"),
        )
    })?;
    pos.black |= ply % 2 == 1;
    pos.fullmove = u32::try_from(1 + ply / 2).map_err(|_| {
        ParseError::new(
            Some(2 * ply_at),
            format!("ply: {ply} gives a fullmove number past 32 bits"),
        )
    })?;
    let variant = byte(at);
    // Standard chess, Chess960, and a game from a position (standard rules).
    if !matches!(variant, 0 | 2 | 3) {
        let name = VARIANTS.get(usize::from(variant)).unwrap_or(&"unknown");
        return Err(ParseError::new(
            Some(2 * at),
            format!(
                "variant byte {variant} ({name}): bbconv reads standard chess, Chess960 and games from a position (0, 2, 3)"
            ),
        ));
    }
    if let Some(k) = (at + 1..b.len()).find(|&k| b[k] != 0) {
        return Err(ParseError::new(
            Some(2 * k),
            format!(
                "byte {k}: {:#04x} after the variant byte, expected nothing",
                b[k]
            ),
        ));
    }
    pos.check().map_err(|e| ParseError::new(Some(0), e))?;
    Ok(pos.to_value())
}

/// Appends an unsigned LEB128 varint.
fn push_varint(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The bytes of a position, trailing zero bytes trimmed.
fn bytes(pos: &Position) -> Result<Vec<u8>, String> {
    let (occ, nibbles, n) = pack_nibbles(pos, Castling::Anywhere)?;
    if pos.fullmove == 0 {
        return Err("fullmove number 0: BinaryFen counts moves from 1".into());
    }
    let ply = u64::from(pos.fullmove - 1) * 2 + u64::from(pos.black);
    let mut b = occ.to_be_bytes().to_vec();
    b.extend_from_slice(&nibbles[..n.div_ceil(2)]);
    // The clocks only when they are not the defaults (the black king's code says whose turn).
    if pos.halfmove > 0 || ply > 1 {
        push_varint(pos.halfmove.into(), &mut b);
        if ply > 1 {
            push_varint(ply, &mut b);
        }
    }
    while b.last() == Some(&0) {
        b.pop();
    }
    Ok(b)
}

/// Writes one record's hex text.
fn write(v: &Value, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let pos = Position::of_value(v)?;
    let b = bytes(&pos).map_err(|e| RenderError::new(RenderErrorKind::Unsupported, e))?;
    push_hex(&crate::fen::fast::Bytes, &b, out);
    Ok(())
}

/// Appends the hex digits of `bytes`, eight bytes at a time ([`crate::kernels::Simd::hex`]).
#[inline(always)]
fn push_hex<R: ReadChess>(r: &R, bytes: &[u8], out: &mut Vec<u8>) {
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let digits = r.hex(u64::from_be_bytes(word));
        out.extend_from_slice(&digits[..2 * chunk.len()]);
    }
}

/// The hex digits of the first `len` bytes of `b` ([`push_hex`]'s digits), for a copy of the
/// whole buffer cut back to them (a copy of fixed length takes a few vector moves; one a word
/// of variable length, a call of the library's copy each: about 100 instructions a record):
/// two words at a time ([`crate::kernels::Simd::hex2`], one register for both with SSSE3:
/// about 12 instructions where a word at a time took about 40).
#[inline(always)]
fn record_hex<R: ReadChess>(r: &R, b: &[u8; MAX], len: usize) -> [u8; 2 * MAX] {
    let mut hex = [0u8; 2 * MAX];
    for (digits, pair) in hex
        .chunks_exact_mut(32)
        .zip(b.chunks_exact(16))
        .take(len.div_ceil(16))
    {
        let word = |k: usize| u64::from_be_bytes(pair[k..k + 8].try_into().unwrap_or_default());
        let [x, y] = r.hex2(word(0), word(8));
        digits[..16].copy_from_slice(&x);
        digits[16..].copy_from_slice(&y);
    }
    hex
}

/// The most bytes a record's word paths take: the occupancy, 32 bytes of nibbles, two varints
/// of five bytes and the variant byte, and zeros after it (a longer record takes the general
/// reading).
const MAX: usize = 64;

/// An unsigned LEB128 varint of at most 5 bytes at `*at` of `b` (zero-padded past the record,
/// as [`varint`] reads 0 there); `None` for a longer one.
#[inline(always)]
fn varint_of(b: &[u8; MAX], at: &mut usize) -> Option<u64> {
    let mut v: u64 = 0;
    for k in 0..5 {
        let byte = b.get(*at).copied().unwrap_or(0);
        *at += 1;
        v |= u64::from(byte & 0x7f) << (7 * k);
        if byte & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

/// Writes an unsigned LEB128 varint at `b[at..]`, returning where it ends.
#[inline(always)]
fn put_varint(mut v: u64, b: &mut [u8; MAX], mut at: usize) -> usize {
    while v >= 0x80 {
        b[at] = v as u8 | 0x80;
        v >>= 7;
        at += 1;
    }
    b[at] = v as u8;
    at + 1
}

/// BinaryFen's word paths ([`Trainer`]).
pub(crate) struct BinaryFen;

impl Trainer for BinaryFen {
    #[inline(always)]
    fn position<'r, R: ReadChess, T: Take<'r>>(r: &R, record: &'r [u8], _: bool, take: T) -> bool {
        // A line seldom has spaces at its ends: a look at both ends before the trim's loops.
        let t = match (record.first(), record.last()) {
            (Some(a), Some(z)) if a.is_ascii_hexdigit() && z.is_ascii_hexdigit() => record,
            _ => record.trim_ascii(),
        };
        let n = t.len() / 2;
        let mut b = [0u8; MAX];
        if t.len() % 2 == 1 || n > MAX || !r.hex_bytes(t, &mut b[..n]) {
            return false;
        }
        match read_bytes(r, &b, n) {
            // No training fields in the record.
            Some(chess) => take.take(Read::of(&chess, None)),
            None => false,
        }
    }

    #[inline(always)]
    fn write<R: ReadChess>(
        r: &R,
        chess: &Chess,
        _: &[u8],
        _: Option<&Train>,
        out: &mut Vec<u8>,
    ) -> bool {
        if chess.fullmove == 0 {
            return false;
        }
        let occ = chess.occupancy();
        let mut b = [0u8; MAX];
        b[..8].copy_from_slice(&occ.to_be_bytes());
        let mut at = 8 + occ.count_ones().div_ceil(2) as usize;
        match occ.count_ones() {
            // All 16 bytes of nibbles, those past the men's zero: one copy of a fixed length
            // where `codes::pack_planes` copies the men's (a call of the library's copy, about 35
            // instructions a record).
            0..=32 => {
                let [low, high] = r.nibbles(occ, &stem_planes(chess));
                b[8..16].copy_from_slice(&low.to_le_bytes());
                b[16..24].copy_from_slice(&high.to_le_bytes());
            }
            _ => pack(occ, &stem_codes(chess), &mut b[8..at]),
        }
        let ply = u64::from(chess.fullmove - 1) * 2 + u64::from(chess.black);
        // The clocks only when they are not the defaults (the black king's code says whose turn).
        if chess.halfmove > 0 || ply > 1 {
            at = put_varint(chess.halfmove.into(), &mut b, at);
            if ply > 1 {
                at = put_varint(ply, &mut b, at);
            }
        }
        let len = b[..at].iter().rposition(|&x| x != 0).map_or(0, |k| k + 1);
        let hex = record_hex(r, &b, len);
        let start = out.len();
        out.extend_from_slice(&hex);
        out.truncate(start + 2 * len.min(MAX));
        true
    }
}

/// The position of a record's `n` bytes `b` (zero-padded), as [`read`] reads it; `None` for
/// anything [`read`] refuses.
#[inline(always)]
fn read_bytes<R: ReadChess>(r: &R, b: &[u8; MAX], n: usize) -> Option<Chess> {
    let occ = u64::from_be_bytes(b[..8].try_into().unwrap_or_default());
    let mut at = 8 + occ.count_ones().div_ceil(2) as usize;
    let m = match occ.count_ones() {
        0..=32 => masks_of(r, occ, b[8..24].try_into().unwrap_or(&[0; 16])),
        _ => masks(occ, &b[8..at]),
    };
    let mut chess = stem_position(&m, false)?;
    if !chess.check() {
        return None;
    }
    let halfmove = varint_of(b, &mut at)?;
    let ply = varint_of(b, &mut at)?;
    chess.halfmove = u32::try_from(halfmove).ok()?;
    chess.fullmove = u32::try_from(1 + ply / 2).ok()?;
    let variant = b[at];
    if !matches!(variant, 0 | 2 | 3) || b[at + 1..n.max(at + 1)].iter().any(|&x| x != 0) {
        return None;
    }
    // The ply's side to move, checked again (the nibbles' was checked first).
    if ply % 2 == 1 && !chess.black {
        chess.black = true;
        return chess.check().then_some(chess);
    }
    Some(chess)
}

/// The `binary-fen` form.
pub(crate) const SPEC: Spec = Spec {
    name: "binary-fen",
    aliases: &["binaryfen"],
    holds: Holds::Position,
    pieces: true,
    description: "Lichess's BinaryFen as hex, one record a line: the occupancy, a nibble a man, the clocks as varints when needed; standard chess and Chess960.",
    example: "ffff00000000ffff2d844ad200000000111111113e955be3",
    carries_size: true,
    names_squares: true,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Line,
    spans: None,
    need: Need::Train,
    fixed: None,
    words: false,
    raw_bytes: true,
    detect: &[],
    fast: None,
    read: Reader::Text(read),
    write: Some(|v, _, out| write(v, out)),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;

    /// Records as shakmaty's writer wrote them (fixtures/train/binary-fen.hex).
    #[test]
    fn known_records_both_ways() {
        let opts = Options::default();
        let fens = include_str!("../../../../fixtures/train/source.txt");
        let hexes = include_str!("../../../../fixtures/train/binary-fen.hex");
        for (line, hex) in fens.lines().zip(hexes.lines()) {
            let fen = line.split(';').next().unwrap();
            let v = crate::parse_str(Format::Fen, fen, &opts).unwrap();
            let mut out = Vec::new();
            crate::render(Format::BinaryFen, &v, &opts, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), hex, "{fen}");
            let back = crate::parse_str(Format::BinaryFen, hex, &opts).unwrap();
            let mut out = Vec::new();
            crate::render(Format::Fen, &back, &opts, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), fen, "{hex}");
        }
    }

    #[test]
    fn records_it_refuses() {
        let opts = Options::default();
        let start = "ffff00000000ffff2d844ad200000000111111113e955be3";
        for (text, want) in [
            (format!("{start}000001"), "variant byte 1 (crazyhouse)"),
            (format!("{start}0"), "49 hex digits"),
            (format!("{start}zz"), "'z' is not a hex digit"),
            (
                format!("{start}ffffffffff01"),
                "halfmove clock: a varint longer",
            ),
            ("ffff00000000ffff2d844ad2".into(), "kings: 0 black"),
        ] {
            let e = crate::parse_str(Format::BinaryFen, &text, &opts).unwrap_err();
            assert!(e.message.starts_with(want), "{text}: {}", e.message);
        }
    }

    /// What shakmaty reads and bbconv once refused: more than 32 men, the variant byte of a game
    /// from a position, a ply past 32 bits whose fullmove number fits.
    #[test]
    fn records_past_the_compressed_positions_limits() {
        let opts = Options::default();
        let fen = "rnbqkbnr/pppppppp/p7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let v = crate::parse_str(Format::Fen, fen, &opts).unwrap();
        let mut hex = Vec::new();
        crate::render(Format::BinaryFen, &v, &opts, &mut hex).unwrap();
        let back = crate::parse(Format::BinaryFen, &hex, &opts).unwrap();
        let mut out = Vec::new();
        crate::render(Format::Fen, &back, &opts, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), fen);
        let start = "ffff00000000ffff2d844ad200000000111111113e955be3";
        for (text, want) in [
            (
                format!("{start}000003"),
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ),
            (
                format!("{start}00fe9fd9e61d"),
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4000000000",
            ),
        ] {
            let v = crate::parse_str(Format::BinaryFen, &text, &opts).unwrap();
            let mut out = Vec::new();
            crate::render(Format::Fen, &v, &opts, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), want);
        }
    }
}
