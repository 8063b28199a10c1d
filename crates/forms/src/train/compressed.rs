//! Stockfish's compressed position (the position of a binpack stem): 24 bytes, the occupancy
//! as a big-endian u64, then 16 bytes of nibbles, one a man in LERF order, low nibble first
//! ([`super::pack_nibbles`]). It holds no clocks (read: 0 and 1; written: dropped) and the
//! castling rights of the corner rooks only (Chess960 rights are an error).

use bbconv_board::train::Train;

use super::chess::Chess;
use super::codes::{masks_of, pack_planes, stem_planes, stem_position, CORNERS};
use super::position::Position;
use super::words::{Read, Take, Trainer};
use super::{pack_nibbles, unpack_nibbles, Castling};
use crate::fen::fast::ReadChess;
use crate::spec::Spec;
use crate::{Options, ParseError, RenderError, RenderErrorKind, Value};

/// The bytes of a record.
pub(crate) const LEN: usize = 24;

/// Reads one record.
fn read(rec: &[u8], opts: &Options) -> Result<Value, ParseError> {
    let bytes = super::record::<LEN>(rec, opts)?;
    let occ = u64::from_be_bytes(bytes[..8].try_into().unwrap_or_default());
    let pos = unpack_nibbles(occ, &bytes[8..], 8, Castling::Corners)
        .map_err(|(at, e)| ParseError::new(Some(at), e))?;
    Ok(pos.to_value())
}

/// Writes one record.
fn write(v: &Value, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let pos = Position::of_value(v)?;
    let (occ, nibbles, _) = pack_nibbles(&pos, Castling::Corners)
        .map_err(|e| RenderError::new(RenderErrorKind::Unsupported, e))?;
    out.extend_from_slice(&occ.to_be_bytes());
    out.extend_from_slice(&nibbles[..16]);
    Ok(())
}

/// The compressed position's word paths ([`Trainer`]).
pub(crate) struct Compressed;

impl Trainer for Compressed {
    #[inline(always)]
    fn position<'r, R: ReadChess, T: Take<'r>>(r: &R, record: &'r [u8], _: bool, take: T) -> bool {
        let Ok(b) = <&[u8; LEN]>::try_from(record) else {
            return false;
        };
        let occ = u64::from_be_bytes(b[..8].try_into().unwrap_or_default());
        if occ.count_ones() > 32 {
            return false;
        }
        let nibbles = b[8..].try_into().unwrap_or(&[0; 16]);
        match stem_position(&masks_of(r, occ, nibbles), true) {
            // No training fields in the record.
            Some(chess) if chess.check() => take.take(Read::of(&chess, None)),
            _ => false,
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
        let occ = chess.occupancy();
        if chess.castling & !CORNERS != 0 || occ.count_ones() > 32 {
            return false;
        }
        let mut rec = [0u8; LEN];
        rec[..8].copy_from_slice(&occ.to_be_bytes());
        pack_planes(r, occ, &stem_planes(chess), &mut rec[8..]);
        out.extend_from_slice(&rec);
        true
    }
}

/// The `sf-compressed` form.
pub(crate) const SPEC: Spec = super::record_spec::<LEN>(
    "sf-compressed",
    &["compressed-position"],
    "Stockfish's compressed position (a binpack stem's): 24 raw bytes a record, the occupancy big-endian and a nibble a man; no clocks, corner rooks' castling only.",
    crate::Format::SfCompressed,
    read,
    |v, _, out| write(v, out),
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    /// The test vector (from Disservin/binpack-rust, decoded again independently) and
    /// the start position as Stockfish's own writer wrote it (bench/trainref).
    #[test]
    fn known_records_both_ways() {
        let opts = Options::default();
        for (bytes, fen) in [
            (
                "6279c015184cf164646a00040830021111911375f7000000",
                "1r3rk1/p2qnpb1/6pp/P1p1p3/3nN3/2QP2P1/R3PPBP/2B2RK1 b - - 0 1",
            ),
            (
                "ffff00000000ffff2d844ad200000000111111113e955be3",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ),
        ] {
            let v = crate::parse(Format::SfCompressed, &hex(bytes), &opts).unwrap();
            let mut out = Vec::new();
            crate::render(Format::Fen, &v, &opts, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), fen);
            let v = crate::parse_str(Format::Fen, fen, &opts).unwrap();
            let mut out = Vec::new();
            crate::render(Format::SfCompressed, &v, &opts, &mut out).unwrap();
            assert_eq!(out, hex(bytes), "{fen}");
        }
    }

    #[test]
    fn records_it_cannot_hold_or_read() {
        let opts = Options::default();
        let chess960 =
            crate::parse_str(Format::Fen, "1r2k3/8/8/8/8/8/8/4K3 b b - 0 1", &opts).unwrap();
        let e = crate::render(Format::SfCompressed, &chess960, &opts, &mut Vec::new()).unwrap_err();
        assert!(e.message.contains("Chess960"), "{}", e.message);
        // Two white kings: the start position's h1 rook turned king (code 10).
        let mut b = hex("ffff00000000ffff2d844ad200000000111111113e955be3");
        b[11] = 0xa2;
        let e = crate::parse(Format::SfCompressed, &b, &opts).unwrap_err();
        assert!(e.message.starts_with("kings: 2 white"), "{}", e.message);
        // A castling rook's code on b1.
        let mut b = hex("ffff00000000ffff2d844ad200000000111111113e955be3");
        b[8] = 0xdd;
        let e = crate::parse(Format::SfCompressed, &b, &opts).unwrap_err();
        assert_eq!(e.offset, Some(8));
        assert!(e.message.contains("square b1"), "{}", e.message);
    }
}
