//! marlinformat's `PackedBoard` (marlinflow, viriformat, bullet's loaders), 32 bytes: the
//! occupancy as a little-endian u64, a nibble a man in LERF order (bit 3 Black's, 0-5 the kind
//! PNBRQK, 6 a rook with a castling right, so Chess960 too), the side to move and the en
//! passant square (64: none) in one byte, the halfmove clock (u8), the fullmove number (u16),
//! the evaluation (i16) and the result (0 Black won, 1 draw, 2 White won), both from White's
//! point of view, and a spare byte (written 0, never read).

use bbconv_board::train::Train;

use super::chess::Chess;
use super::codes::{pack_planes, planes, set_planes};
use super::position::{square_name, train_of, Man, Position};
use super::words::{Read, Take, Trainer};
use super::{nibbles, put_nibbles};
use crate::fen::fast::ReadChess;
use crate::spec::Spec;
use crate::{Options, ParseError, RenderError, RenderErrorKind, Value};

/// The bytes of a record.
pub(crate) const LEN: usize = 32;

/// The code of a rook with a castling right.
const CASTLING_ROOK: u8 = 6;

/// Reads one record.
fn read(rec: &[u8], opts: &Options) -> Result<Value, ParseError> {
    let b = super::record::<LEN>(rec, opts)?;
    let occ = u64::from_le_bytes(b[..8].try_into().unwrap_or_default());
    let mut pos = Position {
        black: b[24] & 0x80 != 0,
        halfmove: u32::from(b[25]),
        fullmove: u32::from(u16::from_le_bytes([b[26], b[27]])),
        ..Position::empty()
    };
    for (k, sq, c) in nibbles(occ, &b[8..24], 32).map_err(|e| ParseError::new(Some(0), e))? {
        let (kind, black) = (c & 7, c & 8 != 0);
        let kind = match kind {
            0..=5 => kind,
            CASTLING_ROOK => {
                pos.castling |= 1 << sq;
                Man::ROOK
            }
            _ => {
                return Err(ParseError::new(
                    Some(8 + k),
                    format!(
                        "square {}: piece code {c}, which the format does not define",
                        square_name(sq)
                    ),
                ))
            }
        };
        pos.squares[usize::from(sq)] = Some(Man { kind, black });
    }
    pos.ep = match b[24] & 0x7f {
        64 => None,
        ep @ 0..=63 => Some(ep),
        ep => {
            return Err(ParseError::new(
                Some(24),
                format!("en passant: square {ep}, expected 0-63 or 64 (none)"),
            ))
        }
    };
    if b[30] > 2 {
        return Err(ParseError::new(
            Some(30),
            format!("wdl: {}, expected 0, 1 or 2", b[30]),
        ));
    }
    pos.check().map_err(|e| ParseError::new(Some(0), e))?;
    Ok(pos.to_value_with(fields(b)))
}

/// The training fields of a record whose wdl byte is 0, 1 or 2.
#[inline(always)]
fn fields(b: &[u8; LEN]) -> Train {
    Train {
        score: Some(i32::from(i16::from_le_bytes([b[28], b[29]]))),
        result: Some(b[30] as i8 - 1),
        ..Train::default()
    }
}

/// Writes one record.
fn write(v: &Value, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let pos = Position::of_value(v)?;
    let train = train_of(v);
    let cannot = |m: String| RenderError::new(RenderErrorKind::Unsupported, m);
    let occ = pos.occupancy();
    let nibbles = put_nibbles(occ, 32, |sq| {
        let man = pos.squares[usize::from(sq)].unwrap_or(Man {
            kind: 0,
            black: false,
        });
        let kind = if pos.castling >> sq & 1 == 1 {
            CASTLING_ROOK
        } else {
            man.kind
        };
        kind | u8::from(man.black) << 3
    })
    .map_err(cannot)?;
    let halfmove = u8::try_from(pos.halfmove).map_err(|_| {
        cannot(format!(
            "halfmove clock {} does not fit 8 bits",
            pos.halfmove
        ))
    })?;
    let fullmove = u16::try_from(pos.fullmove).map_err(|_| {
        cannot(format!(
            "fullmove number {} does not fit 16 bits",
            pos.fullmove
        ))
    })?;
    let score = train.score.unwrap_or(0);
    let eval =
        i16::try_from(score).map_err(|_| cannot(format!("score {score} does not fit 16 bits")))?;
    out.extend_from_slice(&occ.to_le_bytes());
    out.extend_from_slice(&nibbles[..16]);
    out.push(u8::from(pos.black) << 7 | pos.ep.unwrap_or(64));
    out.push(halfmove);
    out.extend_from_slice(&fullmove.to_le_bytes());
    out.extend_from_slice(&eval.to_le_bytes());
    out.push((train.result.unwrap_or(0) + 1) as u8);
    out.push(0);
    Ok(())
}

/// The code of each piece word (`PNBRQKpnbrqk`): the kind, bit 3 Black's.
const CODES: [u8; 12] = [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13];

/// marlinformat's word paths ([`Trainer`]).
pub(crate) struct Marlin;

impl Trainer for Marlin {
    #[inline(always)]
    fn position<'r, R: ReadChess, T: Take<'r>>(
        r: &R,
        record: &'r [u8],
        train: bool,
        take: T,
    ) -> bool {
        let Some((b, m)) = super::codes::le_record(r, record) else {
            return false;
        };
        // Codes 7 and 15 are no man; 6 and 14 a rook with a castling right.
        if m[7] | m[15] != 0 || b[24] & 0x7f > 64 || b[30] > 2 {
            return false;
        }
        let mut chess = Chess::of_words(CODES.map(|c| m[usize::from(c)]));
        chess.words[3] |= m[6];
        chess.words[9] |= m[14];
        chess.castling = m[6] | m[14];
        chess.black = b[24] & 0x80 != 0;
        chess.ep = Some(b[24] & 0x7f).filter(|&ep| ep < 64);
        chess.halfmove = u32::from(b[25]);
        chess.fullmove = u32::from(u16::from_le_bytes([b[26], b[27]]));
        if !chess.check() {
            return false;
        }
        take.take(Read::of(&chess, if train { Some(fields(b)) } else { None }))
    }

    #[inline(always)]
    fn write<R: ReadChess>(
        r: &R,
        chess: &Chess,
        _: &[u8],
        train: Option<&Train>,
        out: &mut Vec<u8>,
    ) -> bool {
        let (score, result) = match train {
            Some(t) => (t.score.unwrap_or(0), t.result.unwrap_or(0)),
            None => (0, 0),
        };
        let occ = chess.occupancy();
        let (Ok(halfmove), Ok(fullmove)) =
            (u8::try_from(chess.halfmove), u16::try_from(chess.fullmove))
        else {
            return false;
        };
        let Ok(eval) = i16::try_from(score) else {
            return false;
        };
        if occ.count_ones() > 32 {
            return false;
        }
        let mut p = planes(&chess.words, &CODES);
        set_planes(&mut p, chess.castling & chess.words[3], CASTLING_ROOK);
        set_planes(&mut p, chess.castling & chess.words[9], CASTLING_ROOK | 8);
        let mut rec = [0u8; LEN];
        rec[..8].copy_from_slice(&occ.to_le_bytes());
        pack_planes(r, occ, &p, &mut rec[8..24]);
        rec[24] = u8::from(chess.black) << 7 | chess.ep.unwrap_or(64);
        rec[25] = halfmove;
        rec[26..28].copy_from_slice(&fullmove.to_le_bytes());
        // The score, then the result: a draw (1) where the record gives none.
        rec[28..30].copy_from_slice(&eval.to_le_bytes());
        rec[30] = (result + 1) as u8;
        out.extend_from_slice(&rec);
        true
    }
}

/// The `marlin` form.
pub(crate) const SPEC: Spec = super::record_spec::<LEN>(
    "marlin",
    &["marlinformat"],
    "marlinformat's PackedBoard: 32 raw bytes a record, the position with castling rooks, en passant and clocks, the evaluation and result from White's view.",
    crate::Format::Marlin,
    read,
    |v, _, out| write(v, out),
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;

    /// viriformat's records (fixtures/train/marlin.bin) from the fixtures' positions and fields,
    /// both ways; but for the last fixture, `KQkq` with the king on b1, where viriformat reads
    /// `K` as the h-file rook's, finds none and drops the right: bbconv keeps it as the e1
    /// rook's (the outermost rook on the king's side, as the FEN says).
    #[test]
    fn viriformat_records_both_ways() {
        let opts = Options::default();
        let text = include_str!("../../../../fixtures/train/source.txt");
        let bin = include_bytes!("../../../../fixtures/train/marlin.bin");
        for (line, want) in text.lines().zip(bin.chunks(LEN)) {
            let f: Vec<&str> = line.split(';').collect();
            let json = format!(
                "{{\"fen\":\"{}\",\"train\":{{\"score\":{},\"result\":{}}}}}",
                f[0], f[1], f[2]
            );
            let v = crate::parse_str(Format::Json, &json, &opts).unwrap();
            let mut out = Vec::new();
            crate::render(Format::Marlin, &v, &opts, &mut out).unwrap();
            if f[0].starts_with("rk2r3") {
                // e1's nibble: a rook with its right here, a plain rook there.
                assert_eq!((out[9] & 15, want[9] & 15), (6, 3));
                continue;
            }
            assert_eq!(out, want, "{}", f[0]);
            let back = crate::parse(Format::Marlin, want, &opts).unwrap();
            let mut json = Vec::new();
            crate::render(Format::Json, &back, &opts, &mut json).unwrap();
            let json = String::from_utf8(json).unwrap();
            assert!(json.contains(&format!("\"fen\":\"{}\"", f[0])), "{json}");
            assert!(
                json.contains(&format!(
                    "\"train\":{{\"score\":{},\"result\":{}}}",
                    f[1], f[2]
                )),
                "{json}"
            );
        }
    }

    #[test]
    fn records_it_refuses() {
        let opts = Options::default();
        let start = &include_bytes!("../../../../fixtures/train/marlin.bin")[..LEN];
        for (at, byte, want) in [
            (30, 3, "wdl: 3"),
            (24, 65, "en passant: square 65"),
            (8, 0x17, "square a1: piece code 7"),
            (12, 0x06, "castling: a right whose rook is on a2"),
        ] {
            let mut b = start.to_vec();
            b[at] = byte;
            let e = crate::parse(Format::Marlin, &b, &opts).unwrap_err();
            assert!(e.message.starts_with(want), "{want}: {}", e.message);
        }
    }
}
