//! bulletformat's `ChessBoard` (the bullet trainer's chess records), 32 bytes, all from the side
//! to move's view (Black to move: the board mirrored rank for rank, colours exchanged): the
//! occupancy (u64), a nibble a man in LERF order (bit 3 the side not to move's, 0-5 the kind
//! PNBRQK), the score (i16), the result (0 lost, 1 draw, 2 won), the king's square, the other
//! king's square mirrored (`^ 56`), and 3 spare bytes. It keeps no side to move, castling, en
//! passant or clocks: a record reads back as its view, White to move, clocks 0 and 1.

use bbconv_board::train::Train;

use super::chess::Chess;
use super::codes::{pack_planes, planes};
use super::position::{mover_score, square_name, train_of, Man, Position};
use super::words::{Read, Take, Trainer};
use super::{nibbles, put_nibbles};
use crate::fen::fast::ReadChess;
use crate::spec::Spec;
use crate::{Options, ParseError, RenderError, RenderErrorKind, Value};

/// The bytes of a record.
pub(crate) const LEN: usize = 32;

/// Reads one record: the board as the side to move sees it, White to move.
fn read(rec: &[u8], opts: &Options) -> Result<Value, ParseError> {
    let b = super::record::<LEN>(rec, opts)?;
    let occ = u64::from_le_bytes(b[..8].try_into().unwrap_or_default());
    let mut pos = Position::empty();
    for (k, sq, c) in nibbles(occ, &b[8..24], 32).map_err(|e| ParseError::new(Some(0), e))? {
        if c & 7 > 5 {
            return Err(ParseError::new(
                Some(8 + k),
                format!(
                    "square {}: piece code {c}, which the format does not define",
                    square_name(sq)
                ),
            ));
        }
        pos.squares[usize::from(sq)] = Some(Man {
            kind: c & 7,
            black: c & 8 != 0,
        });
    }
    pos.check().map_err(|e| ParseError::new(Some(0), e))?;
    for (at, black, want) in [(27, false, b[27]), (28, true, b[28] ^ 56)] {
        let king = pos.king(black).unwrap_or(0);
        if king != want {
            return Err(ParseError::new(
                Some(at),
                format!(
                    "{}: square {want}, but the {} king is on {} ({king})",
                    if black { "opp_ksq" } else { "ksq" },
                    if black {
                        "other side's"
                    } else {
                        "side to move's"
                    },
                    square_name(king)
                ),
            ));
        }
    }
    if b[26] > 2 {
        return Err(ParseError::new(
            Some(26),
            format!("result: {}, expected 0, 1 or 2", b[26]),
        ));
    }
    Ok(pos.to_value_with(fields(b)))
}

/// The training fields of a record whose result byte is 0, 1 or 2 (read as White to move).
#[inline(always)]
fn fields(b: &[u8; LEN]) -> Train {
    Train {
        score: Some(i32::from(i16::from_le_bytes([b[24], b[25]]))),
        result: Some(b[26] as i8 - 1),
        ..Train::default()
    }
}

/// Writes one record.
fn write(v: &Value, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let pos = Position::of_value(v)?;
    let train = train_of(v);
    let cannot = |m: String| RenderError::new(RenderErrorKind::Unsupported, m);
    // The side to move's view: Black's board mirrored, its colours exchanged.
    let flip = if pos.black { 56 } else { 0 };
    let mut view = [None; 64];
    for (sq, m) in pos.squares.iter().enumerate() {
        view[sq ^ flip] = m.map(|m| Man {
            kind: m.kind,
            black: m.black != pos.black,
        });
    }
    let occ = (0..64)
        .filter(|&s| view[s].is_some())
        .fold(0u64, |b, s| b | 1 << s);
    let nibbles = put_nibbles(occ, 32, |sq| {
        let man = view[usize::from(sq)].unwrap_or(Man {
            kind: 0,
            black: false,
        });
        man.kind | u8::from(man.black) << 3
    })
    .map_err(cannot)?;
    let sign = if pos.black { -1 } else { 1 };
    let score = mover_score(&train, pos.black)?;
    let king = |black: bool| pos.king(black).unwrap_or(0) ^ flip as u8;
    out.extend_from_slice(&occ.to_le_bytes());
    out.extend_from_slice(&nibbles[..16]);
    out.extend_from_slice(&score.to_le_bytes());
    out.push((train.result.unwrap_or(0) * sign as i8 + 1) as u8);
    out.push(king(pos.black));
    out.push(king(!pos.black) ^ 56);
    out.extend_from_slice(&[0; 3]);
    Ok(())
}

/// The code of each piece word of the side to move's view (`PNBRQKpnbrqk`, the side to move's
/// first): the kind, bit 3 the other side's.
const CODES: [u8; 12] = [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13];

/// bulletformat's word paths ([`Trainer`]).
pub(crate) struct Bullet;

impl Trainer for Bullet {
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
        if m[6] | m[7] | m[14] | m[15] != 0 || b[26] > 2 {
            return false;
        }
        let chess = Chess::of_words(CODES.map(|c| m[usize::from(c)]));
        if !chess.check() || chess.king(false) != b[27] || chess.king(true) != b[28] ^ 56 {
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
        // The score and result from the side to move's view.
        let (score, result) = match train {
            Some(t) => match mover_score(t, chess.black) {
                Ok(s) => (s, t.result.unwrap_or(0) * if chess.black { -1 } else { 1 }),
                Err(_) => return false,
            },
            None => (0, 0),
        };
        // The side to move's view: Black's board mirrored, its colours exchanged.
        let mut view = chess.words;
        if chess.black {
            view.rotate_left(6);
            view = view.map(u64::swap_bytes);
        }
        let view = Chess::of_words(view);
        let occ = view.occupancy();
        if occ.count_ones() > 32 {
            return false;
        }
        let mut rec = [0u8; LEN];
        rec[..8].copy_from_slice(&occ.to_le_bytes());
        pack_planes(r, occ, &planes(&view.words, &CODES), &mut rec[8..24]);
        // The score, the result (a draw, 1, where the record gives none), the two kings.
        rec[24..26].copy_from_slice(&score.to_le_bytes());
        rec[26] = (result + 1) as u8;
        rec[27] = view.king(false);
        rec[28] = view.king(true) ^ 56;
        out.extend_from_slice(&rec);
        true
    }
}

/// The `bullet` form.
pub(crate) const SPEC: Spec = super::record_spec::<LEN>(
    "bullet",
    &["bulletformat"],
    "bulletformat's ChessBoard: 32 raw bytes a record, the board, score and result from the side to move's view; no side to move, castling, en passant or clocks (read back: the side to move's view, White to move).",
    crate::Format::Bullet,
    read,
    |v, _, out| write(v, out),
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;

    /// bulletformat's records (fixtures/train/bullet.bin) from the fixtures' positions, scores
    /// and results, and read back as the side to move's view.
    #[test]
    fn bulletformat_records_both_ways() {
        let opts = Options::default();
        let text = include_str!("../../../../fixtures/train/source.txt");
        let bin = include_bytes!("../../../../fixtures/train/bullet.bin");
        let views = include_str!("../../../../fixtures/train/bullet.bin.read.txt");
        for ((line, want), view) in text.lines().zip(bin.chunks(LEN)).zip(views.lines()) {
            let f: Vec<&str> = line.split(';').collect();
            let json = format!(
                "{{\"fen\":\"{}\",\"train\":{{\"score\":{},\"result\":{}}}}}",
                f[0], f[1], f[2]
            );
            let v = crate::parse_str(Format::Json, &json, &opts).unwrap();
            let mut out = Vec::new();
            crate::render(Format::Bullet, &v, &opts, &mut out).unwrap();
            assert_eq!(out, want, "{}", f[0]);
            let back = crate::parse(Format::Bullet, want, &opts).unwrap();
            let mut fen = Vec::new();
            crate::render(Format::Fen, &back, &opts, &mut fen).unwrap();
            let placement = view.split([' ', ';']).next().unwrap();
            assert_eq!(
                String::from_utf8(fen).unwrap(),
                format!("{placement} w - - 0 1"),
                "{}",
                f[0]
            );
        }
    }

    #[test]
    fn records_it_refuses() {
        let opts = Options::default();
        let start = &include_bytes!("../../../../fixtures/train/bullet.bin")[..LEN];
        for (at, byte, want) in [
            (26, 3, "result: 3"),
            (27, 5, "ksq: square 5"),
            (28, 5, "opp_ksq: square 61"),
            (8, 0x16, "square a1: piece code 6"),
        ] {
            let mut b = start.to_vec();
            b[at] = byte;
            let e = crate::parse(Format::Bullet, &b, &opts).unwrap_err();
            assert!(e.message.starts_with(want), "{want}: {}", e.message);
        }
    }
}
