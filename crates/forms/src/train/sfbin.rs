//! Stockfish's `.bin` training record (PackedSfenValue), 40 bytes: a 256-bit stream of the
//! position (side to move, the two kings' squares, every other square from a8 to h1 by a
//! Huffman code and a colour bit, castling, en passant, the clocks), then the score (i16), the
//! move (Stockfish's 16 bits), the game ply (u16), the result (i8), both from the side to
//! move's point of view, and a padding byte (written 0, never read). Standard chess only.

use bbconv_board::train::{Move, Train};

use super::position::{mover_score, ply16, square_name, train_of, Man, Position};
use crate::spec::Spec;
use crate::{Options, ParseError, RenderError, RenderErrorKind, Value};

/// The bytes of a record.
pub(crate) const LEN: usize = 40;

/// The Huffman codes of pawn to queen (value, read least significant bit first; 4 bits).
const CODES: [u8; 5] = [0b0001, 0b0011, 0b0101, 0b0111, 0b1001];

/// The squares of the rooks of the rights K, Q, k, q, in the stream's order.
const CASTLING_ROOKS: [u8; 4] = [7, 0, 63, 56];

/// The 256-bit stream, least significant bit of each byte first.
struct Bits<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bits<'_> {
    /// The next `n` bits as a value, least significant first; `None` past the stream's end.
    fn take(&mut self, n: usize) -> Option<u32> {
        let mut v = 0;
        for k in 0..n {
            let bit = self.bytes.get(self.at / 8)? >> (self.at % 8) & 1;
            v |= u32::from(bit) << k;
            self.at += 1;
        }
        Some(v)
    }
}

/// Reads one record.
fn read(rec: &[u8], opts: &Options) -> Result<Value, ParseError> {
    let b = super::record::<LEN>(rec, opts)?;
    let (pos, _) = read_position(&b[..32])?;
    let result = b[38] as i8;
    if !(-1..=1).contains(&result) {
        return Err(ParseError::new(
            Some(38),
            format!("game_result: {result}, expected -1, 0 or 1"),
        ));
    }
    check_move(&pos, u16::from_le_bytes([b[34], b[35]]))
        .map_err(|e| ParseError::new(Some(34), e))?;
    Ok(pos.to_value_with(fields(b, pos.black)))
}

/// The training fields of a record whose result and move bits the reading accepts, from
/// White's view (`black`: Black is to move).
#[inline(always)]
pub(crate) fn fields(b: &[u8; LEN], black: bool) -> Train {
    let view = if black { -1 } else { 1 };
    Train {
        score: Some(i32::from(i16::from_le_bytes([b[32], b[33]])) * view),
        result: Some(b[38] as i8 * view as i8),
        mv: move_of_bits(u16::from_le_bytes([b[34], b[35]])),
        ply: Some(u32::from(u16::from_le_bytes([b[36], b[37]]))),
    }
}

/// The position of the 32 bytes of the stream, and the bits it took.
fn read_position(sfen: &[u8]) -> Result<(Position, usize), ParseError> {
    let mut bits = Bits { bytes: sfen, at: 0 };
    let past = |bits: &Bits<'_>, field: &str| {
        ParseError::new(
            Some(bits.at / 8),
            format!("{field}: the stream runs past its 256 bits"),
        )
    };
    let mut pos = Position {
        black: bits.take(1) == Some(1),
        ..Position::empty()
    };
    let kings = [bits.take(6), bits.take(6)].map(|k| k.unwrap_or(0) as u8);
    if kings[0] == kings[1] {
        return Err(ParseError::new(
            Some(0),
            format!("kings: both on {}", square_name(kings[0])),
        ));
    }
    for (black, &k) in kings.iter().enumerate() {
        pos.squares[usize::from(k)] = Some(Man {
            kind: Man::KING,
            black: black == 1,
        });
    }
    for rank in (0..8).rev() {
        for file in 0..8 {
            let sq = rank * 8 + file;
            if kings.contains(&sq) {
                continue;
            }
            let at = bits.at;
            match bits.take(1).ok_or_else(|| past(&bits, "board"))? {
                0 => continue,
                _ => {
                    let code = 1 | bits.take(3).ok_or_else(|| past(&bits, "board"))? << 1;
                    let kind = CODES.iter().position(|&c| u32::from(c) == code).ok_or_else(|| {
                        ParseError::new(Some(at / 8), format!("square {}: Huffman code {code:#06b}, which the format does not define", square_name(sq)))
                    })?;
                    let black = bits.take(1).ok_or_else(|| past(&bits, "board"))? == 1;
                    pos.squares[usize::from(sq)] = Some(Man {
                        kind: kind as u8,
                        black,
                    });
                }
            }
        }
    }
    for rook in CASTLING_ROOKS {
        if bits.take(1).ok_or_else(|| past(&bits, "castling"))? == 1 {
            pos.castling |= 1 << rook;
        }
    }
    if bits.take(1).ok_or_else(|| past(&bits, "en passant"))? == 1 {
        pos.ep = Some(bits.take(6).ok_or_else(|| past(&bits, "en passant"))? as u8);
    }
    let low = bits.take(6).ok_or_else(|| past(&bits, "rule50"))?;
    pos.fullmove = bits.take(16).ok_or_else(|| past(&bits, "fullmove"))?;
    pos.halfmove = low | bits.take(1).ok_or_else(|| past(&bits, "rule50"))? << 6;
    standard_castling(&pos).map_err(|e| ParseError::new(Some(0), e))?;
    pos.check().map_err(|e| ParseError::new(Some(0), e))?;
    // As Stockfish reads it: an en passant square no pawn can take is dropped.
    if !pos.ep_legal() {
        pos.ep = None;
    }
    Ok((pos, bits.at))
}

/// The format's castling: the corner rooks, each with its king on e1 or e8.
pub(crate) fn standard_castling(pos: &Position) -> Result<(), String> {
    for (k, &rook) in CASTLING_ROOKS.iter().enumerate() {
        if pos.castling >> rook & 1 == 1 {
            let king = if k < 2 { 4 } else { 60 };
            if pos.squares[usize::from(rook)]
                != Some(Man {
                    kind: Man::ROOK,
                    black: k >= 2,
                })
                || pos.squares[usize::from(king)]
                    != Some(Man {
                        kind: Man::KING,
                        black: k >= 2,
                    })
            {
                return Err(format!(
                    "castling: {} needs a rook on {} and the king on {}",
                    ["K", "Q", "k", "q"][k],
                    square_name(rook),
                    square_name(king)
                ));
            }
        }
    }
    if pos.castling & !CASTLING_ROOKS.iter().fold(0u64, |b, &r| b | 1 << r) != 0 {
        return Err(
            "castling: a right of a rook off the corners (Chess960), which the format cannot hold"
                .into(),
        );
    }
    Ok(())
}

/// Checks Stockfish's 16 bits of a move (0: none): to in bits 0-5, from in 6-11, the
/// promotion (knight 0 to queen 3) in 12-13, the kind (0 normal, 1 promotion, 2 en passant, 3
/// castling, as the king's move onto its rook) in 14-15. `Err` for bits Stockfish does not
/// write: promotion bits on another kind of move, castling other than the king from e1/e8
/// onto its corner rook.
fn check_move(pos: &Position, m: u16) -> Result<(), String> {
    let (to, from, kind, piece) = ((m & 63) as u8, (m >> 6 & 63) as u8, m >> 14, m >> 12 & 3);
    if kind != 1 && piece != 0 {
        return Err(format!(
            "move: {m:#06x} has promotion bits but is not a promotion"
        ));
    }
    let man = |sq: u8| pos.squares.get(usize::from(sq)).copied().flatten();
    if kind == 3 && castling_rook(man, from, to) != Some(to) {
        return Err(format!(
            "move: castling from {} to {}, expected the king on e1 or e8 onto its corner rook",
            square_name(from),
            square_name(to)
        ));
    }
    Ok(())
}

/// The move of 16 bits that [`check_move`] accepts (0: none); castling, written as the king's
/// move onto its rook, is read as the king's two squares toward it.
#[inline(always)]
pub(crate) fn move_of_bits(m: u16) -> Option<Move> {
    if m == 0 {
        return None;
    }
    let (to, from, kind, piece) = ((m & 63) as u8, (m >> 6 & 63) as u8, m >> 14, m >> 12 & 3);
    let (promotion, to) = match kind {
        1 => (Some(b"nbrq"[usize::from(piece)]), to),
        3 if to > from => (None, from + 2),
        3 => (None, from.wrapping_sub(2)),
        _ => (None, to),
    };
    Some(Move {
        from,
        to,
        promotion,
    })
}

/// Of a king's move from `from` to `to` on the board of `man` (the man on a square), the rook
/// it castles with, as Stockfish writes castling (the king from e1 or e8, standard chess): `to`
/// is that corner rook's square (as Chess960's UCI writes it) or two squares toward it (as
/// standard UCI writes it).
fn castling_rook(man: impl Fn(u8) -> Option<Man>, from: u8, to: u8) -> Option<u8> {
    let Some(Man {
        kind: Man::KING,
        black,
    }) = man(from)
    else {
        return None;
    };
    let back = if black { 56 } else { 0 };
    let rook = match to.checked_sub(back)? {
        0 | 2 => back,
        6 | 7 => back + 7,
        _ => return None,
    };
    (from == back + 4
        && man(rook)
            == Some(Man {
                kind: Man::ROOK,
                black,
            }))
    .then_some(rook)
}

/// The 16 bits of a move on the board of `man` (the man on a square) with the en passant square
/// `ep`.
pub(crate) fn write_move(
    man: impl Fn(u8) -> Option<Man> + Copy,
    ep: Option<u8>,
    mv: Option<Move>,
) -> u16 {
    let Some(mv) = mv else {
        return 0;
    };
    let (kind, to) = match (mv.promotion, man(mv.from)) {
        (Some(p), _) => (
            1 << 14 | (b"nbrq".iter().position(|&c| c == p).unwrap_or(3) as u16) << 12,
            mv.to,
        ),
        (None, _) if castling_rook(man, mv.from, mv.to).is_some() => {
            (3 << 14, castling_rook(man, mv.from, mv.to).unwrap_or(mv.to))
        }
        (
            None,
            Some(Man {
                kind: Man::PAWN, ..
            }),
        ) if Some(mv.to) == ep && mv.from % 8 != mv.to % 8 => (2 << 14, mv.to),
        _ => (0, mv.to),
    };
    kind | u16::from(mv.from) << 6 | u16::from(to)
}

/// Writes one record.
fn write(v: &Value, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let mut pos = Position::of_value(v)?;
    // Stockfish keeps an en passant square only where a pawn can take (its FEN reading drops
    // the others), so a record read back says the same.
    if !pos.ep_legal() {
        pos.ep = None;
    }
    let train = train_of(v);
    let cannot = |m: String| RenderError::new(RenderErrorKind::Unsupported, m);
    standard_castling(&pos).map_err(cannot)?;
    let mut stream = Stream::default();
    stream.put(u32::from(pos.black), 1);
    for black in [false, true] {
        stream.put(u32::from(pos.king(black).unwrap_or(0)), 6);
    }
    for rank in (0..8).rev() {
        for file in 0..8 {
            match pos.squares[rank * 8 + file] {
                Some(Man {
                    kind: Man::KING, ..
                }) => {}
                None => stream.put(0, 1),
                Some(m) => {
                    stream.put(u32::from(CODES[usize::from(m.kind)]), 4);
                    stream.put(u32::from(m.black), 1);
                }
            }
        }
    }
    for rook in CASTLING_ROOKS {
        stream.put((pos.castling >> rook & 1) as u32, 1);
    }
    match pos.ep {
        Some(ep) => stream.put(1 | u32::from(ep) << 1, 7),
        None => stream.put(0, 1),
    }
    if pos.halfmove >= 128 || pos.fullmove >= 1 << 16 {
        return Err(cannot(format!(
            "clocks: halfmove {} and fullmove {}, the format holds 0-127 and 0-65535",
            pos.halfmove, pos.fullmove
        )));
    }
    stream.put(pos.halfmove & 63, 6);
    stream.put(pos.fullmove, 16);
    stream.put(pos.halfmove >> 6, 1);
    if stream.at > 256 {
        return Err(cannot(format!(
            "{} men need {} bits, more than the format's 256",
            pos.occupancy().count_ones(),
            stream.at
        )));
    }
    let view = if pos.black { -1 } else { 1 };
    let score = mover_score(&train, pos.black)?;
    let ply = ply16(&train, &pos)?;
    out.extend_from_slice(&stream.bytes);
    out.extend_from_slice(&score.to_le_bytes());
    let man = |sq: u8| pos.squares.get(usize::from(sq)).copied().flatten();
    out.extend_from_slice(&write_move(man, pos.ep, train.mv).to_le_bytes());
    out.extend_from_slice(&ply.to_le_bytes());
    out.push((train.result.unwrap_or(0) * view as i8) as u8);
    out.push(0);
    Ok(())
}

/// The stream being written.
#[derive(Default)]
struct Stream {
    bytes: [u8; 32],
    at: usize,
}

impl Stream {
    /// Appends the `n` low bits of `v`, least significant first (bits past 256 are counted, not
    /// kept).
    fn put(&mut self, v: u32, n: usize) {
        for k in 0..n {
            if let Some(b) = self.bytes.get_mut(self.at / 8) {
                *b |= ((v >> k & 1) as u8) << (self.at % 8);
            }
            self.at += 1;
        }
    }
}

/// The `sf-bin` form.
pub(crate) const SPEC: Spec = super::record_spec::<LEN>(
    "sf-bin",
    &["packed-sfen"],
    "Stockfish's .bin training record (PackedSfenValue): 40 raw bytes, the position as a Huffman-coded bit stream, then score, move, ply and result from the side to move's view.",
    crate::Format::SfBin,
    read,
    |v, _, out| write(v, out),
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;

    /// The fixtures' positions and fields, as JSON objects with a `train` member.
    fn sources() -> Vec<(String, String)> {
        let text = include_str!("../../../../fixtures/train/source.txt");
        text.lines()
            .map(|l| {
                let f: Vec<&str> = l.split(';').collect();
                let mv = if f[3].is_empty() {
                    String::new()
                } else {
                    format!(",\"move\":\"{}\"", f[3])
                };
                let json = format!(
                    "{{\"fen\":\"{}\",\"train\":{{\"score\":{},\"result\":{}{mv}}}}}",
                    f[0], f[1], f[2]
                );
                (f[0].to_string(), json)
            })
            .collect()
    }

    /// Stockfish's own writer's records (fixtures/train/sf.bin, its padding byte aside) from
    /// the same positions and fields, and read back; the last fixture's `KQkq` with the king on
    /// b1 is refused.
    #[test]
    fn stockfish_records_both_ways() {
        let opts = Options::default();
        let bin = include_bytes!("../../../../fixtures/train/sf.bin");
        for ((fen, json), want) in sources().iter().zip(bin.chunks(LEN)) {
            let v = crate::parse_str(Format::Json, json, &opts).unwrap();
            let mut out = Vec::new();
            let written = crate::render(Format::SfBin, &v, &opts, &mut out);
            let back = crate::parse(Format::SfBin, want, &opts);
            if fen.starts_with("rk2r3") {
                assert!(written
                    .unwrap_err()
                    .message
                    .starts_with("castling: Q needs"));
                assert!(back.unwrap_err().message.starts_with("castling: K needs"));
                continue;
            }
            written.unwrap();
            assert_eq!(out[..39], want[..39], "{fen}");
            assert_eq!(out[39], 0, "the padding byte");
            let mut again = Vec::new();
            crate::render(Format::SfBin, &back.unwrap(), &opts, &mut again).unwrap();
            assert_eq!(again, out, "{fen}");
        }
    }

    #[test]
    fn records_its_reference_could_not_have_written() {
        let opts = Options::default();
        let start = &include_bytes!("../../../../fixtures/train/sf.bin")[..LEN];
        let bad = |edit: &dyn Fn(&mut [u8]), want: &str| {
            let mut b = start.to_vec();
            edit(&mut b);
            let e = crate::parse(Format::SfBin, &b, &opts).unwrap_err();
            assert!(e.message.starts_with(want), "{want}: {}", e.message);
        };
        bad(&|b| b[38] = 2, "game_result: 2");
        // Both kings on e1.
        bad(&|b| b[1] = b[1] & !0x1f | 0b00010, "kings: both on e1");
        // a8's rook code 0b0111 turned 0b1111.
        bad(&|b| b[2] |= 1, "square a8: Huffman code");
        // Every square a queen: the stream runs past its bits.
        bad(
            &|b| {
                let mut s = Stream::default();
                s.put(0, 1);
                s.put(4, 6);
                s.put(60, 6);
                for _ in 0..62 {
                    s.put(u32::from(CODES[4]), 4);
                    s.put(0, 1);
                }
                b[..32].copy_from_slice(&s.bytes);
            },
            "board: the stream runs past",
        );
        let queens = "QQQQQQQk/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/K7 w - - 0 1";
        let v = crate::parse_str(Format::Fen, queens, &opts).unwrap();
        let e = crate::render(Format::SfBin, &v, &opts, &mut Vec::new()).unwrap_err();
        assert!(
            e.message.contains("more than the format's 256"),
            "{}",
            e.message
        );
    }

    /// Castling as Stockfish writes it (the king onto its corner rook), from either UCI
    /// spelling; any other king move as a plain move; and bits Stockfish never writes refused.
    #[test]
    fn moves_as_stockfish_writes_them() {
        let opts = Options::default();
        let bits = |fen: &str, mv: &str| {
            let json = format!("{{\"fen\":\"{fen}\",\"train\":{{\"move\":\"{mv}\"}}}}");
            let v = crate::parse_str(Format::Json, &json, &opts).unwrap();
            let mut out = Vec::new();
            crate::render(Format::SfBin, &v, &opts, &mut out).unwrap();
            (u16::from_le_bytes([out[34], out[35]]), out)
        };
        let castle = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
        assert_eq!(bits(castle, "e1c1").0, 0xc100 | 4 << 6);
        assert_eq!(bits(castle, "e1a1").0, 0xc100 | 4 << 6);
        assert_eq!(bits(castle, "e1d1").0, 4 << 6 | 3);
        // Two squares, but not castling: a king off its back rank.
        assert_eq!(
            bits("8/8/8/3k4/8/8/3K4/8 w - - 99 150", "d2f2").0,
            11 << 6 | 13
        );
        // Read back as standard UCI.
        let (_, rec) = bits(castle, "e1a1");
        let back = crate::parse(Format::SfBin, &rec, &opts).unwrap();
        assert_eq!(
            super::train_of(&back).mv.map(|m| m.uci()).as_deref(),
            Some("e1c1")
        );
        for (m, want) in [
            (0xc106u16 | 4 << 6, "move: castling from e1 to g1"),
            (0x1000 | 4 << 6 | 3, "move: 0x"),
        ] {
            let mut b = rec.clone();
            b[34..36].copy_from_slice(&m.to_le_bytes());
            let e = crate::parse(Format::SfBin, &b, &opts).unwrap_err();
            assert!(e.message.starts_with(want), "{m:#06x}: {}", e.message);
            assert_eq!(e.offset, Some(34));
        }
    }
}
