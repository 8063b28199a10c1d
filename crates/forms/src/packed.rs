//! Packed base-3 forms: `packed` (lowercase hex text), `packed-bin` (raw bytes) and `trits-bin`
//! (one raw byte per square).

use crate::{found, trim, Format, Options, ParseError, Value};
use bbconv_board::ternary::{self, PackedError};
use bbconv_board::{Order, Pair};

const HEX: &[u8; 16] = b"0123456789abcdef";

fn packed_error(e: PackedError, base: usize, hex: bool) -> ParseError {
    let at = match e {
        PackedError::ByteTooLarge { byte, .. } | PackedError::DigitPastEnd { byte, .. } => {
            Some(base + if hex { 2 * byte } else { byte })
        }
        PackedError::Length { .. } => Some(base),
    };
    ParseError::new(at, e.to_string())
}

fn decode(bytes: &[u8], base: usize, hex: bool, opts: &Options) -> Result<Value, ParseError> {
    let size = opts.size_or_default();
    let trits = ternary::unpack(bytes, size.squares(), opts.layout)
        .map_err(|e| packed_error(e, base, hex))?;
    Pair::from_trits(size, opts.order, &trits)
        .map(Value::Pair)
        .map_err(|e| ParseError::new(Some(base), e.to_string()))
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
    let want = 2 * ternary::packed_len(size.squares());
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
                "found {} hex digits, expected {want} ({} packed bytes for a {size} board)",
                t.len(),
                want / 2
            ),
        ));
    }
    let bytes: Vec<u8> = t
        .as_bytes()
        .chunks(2)
        .map(|p| (hex_val(p[0]) << 4) | hex_val(p[1]))
        .collect();
    decode(&bytes, start, true, opts)
}

fn hex_val(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => c.to_ascii_lowercase().wrapping_sub(b'a').wrapping_add(10),
    }
}

/// Reads one binary record of `packed-bin` or `trits-bin`.
pub(crate) fn parse_binary(
    format: Format,
    rec: &[u8],
    opts: &Options,
) -> Result<Value, ParseError> {
    let size = opts.size_or_default();
    if format == Format::TritsBin {
        let n = size.squares();
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
        return Pair::from_trits(size, opts.order, rec)
            .map(Value::Pair)
            .map_err(|e| ParseError::new(Some(0), e.to_string()));
    }
    decode(rec, 0, false, opts)
}

/// Writes `packed` (hex), `packed-bin` (raw) or `trits-bin` (raw, one byte a square).
pub(crate) fn render(format: Format, pair: &Pair, opts: &Options, out: &mut Vec<u8>) {
    let size = pair.size();
    let order = opts.to_order;
    if format == Format::TritsBin {
        out.extend_from_slice(&pair.trits(order));
        return;
    }
    let mark = out.len();
    match (pair.first().as_u64(), pair.second().as_u64()) {
        (Some(f), Some(s)) if order == Order::Lerf && opts.layout.is_default() => {
            ternary::pack_u64_pair(f, s, size.squares(), out)
        }
        _ => ternary::pack_into(&pair.trits(order), opts.layout, out),
    }
    if format == Format::Packed {
        let bytes = out.split_off(mark);
        for b in bytes {
            out.push(HEX[(b >> 4) as usize]);
            out.push(HEX[(b & 15) as usize]);
        }
    }
}
