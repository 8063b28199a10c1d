//! The packed positions of engine trainers, one file a form (the family shares this folder):
//! Stockfish's `.bin` ([`sfbin`]), `.plain` ([`plain`]) and compressed position
//! ([`compressed`]), Lichess's BinaryFen ([`binfen`]), marlinformat ([`marlin`]) and
//! bulletformat ([`bullet`]). This
//! module holds what they share: the chess position they hold ([`position`]) and its occupancy
//! and nibble codes ([`pack_nibbles`], [`unpack_nibbles`]). The byte layouts are documented in
//! `docs/training/`.

pub(crate) mod binfen;
pub(crate) mod bullet;
pub(crate) mod chess;
pub(crate) mod codes;
pub(crate) mod compressed;
pub(crate) mod fields;
pub(crate) mod marlin;
#[cfg(test)]
mod paths;
pub(crate) mod plain;
pub(crate) mod plainwords;
pub(crate) mod position;
pub(crate) mod sfbin;
pub(crate) mod sfstream;
#[cfg(test)]
mod sftests;
pub(crate) mod sfwords;
#[cfg(test)]
mod testgen;
pub(crate) mod words;

use position::{square_name, Man, Position};

use crate::spec::{Frame, InTable, Reader, Readings, Spec, Write};
use crate::{Format, Holds, Need, Options, ParseError, Value};

/// The spec of a form of fixed-size binary records of `LEN` bytes holding a chess position:
/// every fact but its names, description and code is the family's.
pub(crate) const fn record_spec<const LEN: usize>(
    name: &'static str,
    aliases: &'static [&'static str],
    description: &'static str,
    form: Format,
    read: fn(&[u8], &Options) -> Result<Value, ParseError>,
    write: Write,
) -> Spec {
    Spec {
        name,
        aliases,
        holds: Holds::Position,
        pieces: true,
        description,
        example: "(raw bytes)",
        carries_size: true,
        names_squares: true,
        own_reading: None,
        in_table: InTable::Any,
        readings: Readings::Plain,
        frame: Frame::Binary(|_, _| LEN),
        spans: None,
        need: Need::Train,
        fixed: Some(form),
        words: false,
        raw_bytes: false,
        detect: &[],
        fast: None,
        read: Reader::Bytes(read),
        write: Some(write),
    }
}

/// The record of `LEN` bytes, 8x8 (a record of another length is an error at its start).
pub(crate) fn record<'a, const LEN: usize>(
    rec: &'a [u8],
    opts: &Options,
) -> Result<&'a [u8; LEN], ParseError> {
    opts.check_size(bbconv_board::Size::CHESS)?;
    <&[u8; LEN]>::try_from(rec).map_err(|_| {
        ParseError::new(
            Some(0),
            format!("found {} bytes, expected {LEN}", rec.len()),
        )
    })
}

/// The squares of `occ` in LERF order with their nibbles from `bytes` (low nibble first):
/// (the nibble's byte in `bytes`, the square, the code). `Err` when more than `max` squares
/// are occupied.
pub(crate) fn nibbles(
    occ: u64,
    bytes: &[u8],
    max: u32,
) -> Result<impl Iterator<Item = (usize, u8, u8)> + '_, String> {
    let n = occ.count_ones();
    if n > max {
        return Err(format!("occupancy: {n} squares, at most {max}"));
    }
    let squares = (0..64u8).filter(move |&s| occ >> s & 1 == 1);
    Ok(squares.enumerate().map(move |(i, sq)| {
        (
            i / 2,
            sq,
            bytes.get(i / 2).map_or(0, |b| b >> (4 * (i % 2)) & 15),
        )
    }))
}

/// The 16 bytes of nibbles of `occ`'s squares in LERF order, low nibble first, `code(square)`
/// each (32 bytes: the forms of at most 32 men take the first 16); `Err` when more than `max`
/// squares are occupied.
pub(crate) fn put_nibbles(occ: u64, max: u32, code: impl Fn(u8) -> u8) -> Result<[u8; 32], String> {
    let n = occ.count_ones();
    if n > max {
        return Err(format!("{n} men, at most {max} fit the format"));
    }
    let mut out = [0u8; 32];
    for (i, sq) in (0..64u8).filter(|&s| occ >> s & 1 == 1).enumerate() {
        out[i / 2] |= code(sq) << (4 * (i % 2));
    }
    Ok(out)
}

/// The two layouts of [`pack_nibbles`]' codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Castling {
    /// The compressed position: castling rooks on a1, h1, a8 and h8 only (no Chess960), at
    /// most 32 men (16 bytes of nibbles).
    Corners,
    /// BinaryFen: castling rooks on any square of the back rank (Chess960), up to 64 men.
    Anywhere,
}

impl Castling {
    /// The most men the layout holds.
    fn men(self) -> u32 {
        match self {
            Castling::Corners => 32,
            Castling::Anywhere => 64,
        }
    }
}

/// The nibble code of a man: 0-11 = P p N n B b R r Q q K k.
fn code(man: Man) -> u8 {
    man.kind * 2 + u8::from(man.black)
}

/// The occupancy and the nibbles of a position, one a man in LERF order, low nibble first:
/// 0-11 the men, 12 the pawn that just moved two squares past the en passant square, 13/14 a
/// white/black rook with a castling right, 15 the black king with Black to move. `Err` when
/// the position has more than 32 men, or a castling rook the form cannot place.
pub(crate) fn pack_nibbles(
    pos: &Position,
    castling: Castling,
) -> Result<(u64, [u8; 32], usize), String> {
    if castling == Castling::Corners && pos.castling & !CORNERS != 0 {
        let sq = pos.castling & !CORNERS;
        return Err(format!(
            "castling: a right of the rook on {} (Chess960), the format has the corner rooks' only",
            square_name(sq.trailing_zeros() as u8)
        ));
    }
    let occ = pos.occupancy();
    let ep_pawn = pos.ep.map(Position::ep_pawn);
    let nibbles = put_nibbles(occ, castling.men(), |sq| {
        match pos.squares[usize::from(sq)] {
            Some(Man {
                kind: Man::PAWN, ..
            }) if ep_pawn == Some(sq) => 12,
            Some(Man {
                kind: Man::ROOK,
                black,
            }) if pos.castling >> sq & 1 == 1 => 13 + u8::from(black),
            Some(Man {
                kind: Man::KING,
                black: true,
            }) if pos.black => 15,
            Some(m) => code(m),
            None => 0,
        }
    })?;
    Ok((occ, nibbles, occ.count_ones() as usize))
}

/// The squares a1, h1, a8, h8.
const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;

/// A position from its occupancy and nibbles ([`pack_nibbles`]), White to move unless the
/// black king's code says otherwise, clocks 0 and 1. `Err` names the byte (of `nibbles`'
/// first, at offset `at` in the record) and what is wrong; the position is then checked
/// ([`Position::check`]).
pub(crate) fn unpack_nibbles(
    occ: u64,
    bytes: &[u8],
    at: usize,
    castling: Castling,
) -> Result<Position, (usize, String)> {
    let mut pos = Position::empty();
    for (k, sq, c) in nibbles(occ, bytes, castling.men()).map_err(|e| (0, e))? {
        let byte = at + k;
        let man = match c {
            0..=11 => Man {
                kind: c / 2,
                black: c % 2 == 1,
            },
            12 => {
                // White's pawn on the fourth rank, Black's on the fifth (BinaryFen: a rank of
                // 1 to 4 is White's); the en passant square is behind it.
                if pos.ep.is_some() {
                    return Err((byte, format!("square {}: a second pawn with the en passant square behind it (code 12)", square_name(sq))));
                }
                pos.ep = Some(Position::ep_pawn(sq));
                Man {
                    kind: Man::PAWN,
                    black: sq / 8 >= 4,
                }
            }
            13 | 14 => {
                if castling == Castling::Corners && CORNERS >> sq & 1 == 0 {
                    return Err((
                        byte,
                        format!(
                            "square {}: a rook with a castling right (code {c}) off the corners",
                            square_name(sq)
                        ),
                    ));
                }
                pos.castling |= 1 << sq;
                Man {
                    kind: Man::ROOK,
                    black: c == 14,
                }
            }
            _ => {
                pos.black = true;
                Man {
                    kind: Man::KING,
                    black: true,
                }
            }
        };
        pos.squares[usize::from(sq)] = Some(man);
    }
    pos.check().map_err(|e| (at, e))?;
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;

    /// FENs of every kind the trainers' forms hold (the fixtures' sources and edge cases).
    pub(crate) const FENS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "1r3rk1/p2qnpb1/6pp/P1p1p3/3nN3/2QP2P1/R3PPBP/2B2RK1 b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 3",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 4 9",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 120",
        "QQQQQQQk/QQQQQQQQ/QQQQQQQQ/QQQQQQQ1/8/8/8/K7 w - - 0 1",
    ];

    #[test]
    fn positions_round_trip_through_pieces() {
        let opts = Options::default();
        for fen in FENS {
            let v = crate::parse_str(Format::Fen, fen, &opts).unwrap();
            let p = Position::of_value(&v).unwrap();
            let mut out = Vec::new();
            crate::render(Format::Fen, &p.to_value(), &opts, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), *fen);
        }
    }

    #[test]
    fn faults_name_their_field() {
        let opts = Options::default();
        for (fen, want) in [
            ("8/8/8/8/8/8/8/4K3 w - - 0 1", "kings: 0 black"),
            ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "castling: 'Q'"),
            ("4k3/8/8/8/8/8/8/4K2R w A - 0 1", "castling: 'A'"),
            ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en passant: e6"),
        ] {
            let v = crate::parse_str(Format::Fen, fen, &opts).unwrap();
            let e = Position::of_value(&v).unwrap_err();
            assert!(e.message.starts_with(want), "{fen}: {}", e.message);
        }
    }
}
