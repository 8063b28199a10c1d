//! BinaryFen's records as raw bytes. The forms crate reads and writes the form as hex text, one
//! record a line (a file has no other way to carry a record's length); Python's containers
//! carry the length of a `bytes`, an Arrow binary value or a numpy bytes item, so there the
//! records are the raw bytes: hexed before the form's reader, the writer's hex turned back.

use bbconv_forms::{ConvertError, Format};

/// Whether the records read, and the outputs written, are raw BinaryFen bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Raw {
    /// The records read are raw bytes (`frm="binary-fen"` of `bytes` or Arrow binary).
    pub(crate) input: bool,
    /// The outputs are raw bytes (`to="binary-fen"`).
    pub(crate) output: bool,
}

impl Raw {
    /// Raw outputs for `to`; raw input is set by the source ([`Raw::input_of`]).
    pub(crate) fn new(to: Format) -> Raw {
        Raw {
            input: false,
            output: to.raw_bytes(),
        }
    }

    /// Whether records of `from` that are bytes (not text) are raw: those of a form whose
    /// records carry no length of their own ([`Format::raw_bytes`], BinaryFen's) are.
    pub(crate) fn input_of(from: Format, bytes: bool) -> bool {
        from.raw_bytes() && bytes
    }
}

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// The hex text of a raw record, as the form reads it.
pub(crate) fn hex(record: &[u8]) -> Vec<u8> {
    let mut t = Vec::with_capacity(2 * record.len());
    for &b in record {
        t.extend_from_slice(&[DIGITS[usize::from(b >> 4)], DIGITS[usize::from(b & 15)]]);
    }
    t
}

/// The error of a raw record's hex text, at the byte its hex digit is from.
pub(crate) fn at_byte(e: ConvertError) -> ConvertError {
    match e {
        ConvertError::Parse(mut p) => {
            p.offset = p.offset.map(|o| o / 2);
            ConvertError::Parse(p)
        }
        e => e,
    }
}

/// Turns the hex text the writer appended to `out` from `start` into its bytes, in place.
pub(crate) fn unhex_tail(out: &mut Vec<u8>, start: usize) {
    let digit = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
    let n = (out.len() - start) / 2;
    for k in 0..n {
        let (hi, lo) = (out[start + 2 * k], out[start + 2 * k + 1]);
        out[start + k] = digit(hi) << 4 | digit(lo);
    }
    out.truncate(start + n);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_and_back() {
        let raw = [0xff, 0x00, 0x2d, 0x84];
        let mut out = b"kept".to_vec();
        out.extend(hex(&raw));
        assert_eq!(&out[4..], b"ff002d84");
        unhex_tail(&mut out, 4);
        assert_eq!(out, [b"kept".as_slice(), &raw].concat());
    }
}
