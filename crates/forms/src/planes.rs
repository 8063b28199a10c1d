//! The `planes-bin` form, for training data: one plane a piece letter (in the order of
//! `--planes`, default `PNBRQKpnbrqk`), each plane `ceil(N/64)` little-endian 64-bit words,
//! bit `i` of the plane's number the square with index `i` in the order chosen; the planes one
//! after the other. An 8x8 position is 12 words, 96 bytes.

use crate::board::{Board, Repr, PIECE_LETTERS};
use crate::fen::fast::ReadChess;
use crate::spec::{Direct, Frame, InTable, Reader, Readings, Spec, WordPaths, Writing};
use crate::{Holds, Need};
use crate::{Options, ParseError, RenderError, RenderErrorKind, Value};
use bbconv_board::placement::{Piece, Placement};
use bbconv_board::{Bitboard, Size};

/// The default planes: the chess pieces, white then black, pawn to king.
pub const DEFAULT_PLANES: &[u8] = b"PNBRQKpnbrqk";

/// Bytes of one record: `planes` planes of `ceil(N/64)` words.
pub(crate) fn record_len(size: Size, planes: usize) -> usize {
    planes * size.words() * 8
}

fn orders_only(opts: &Options, to: bool) -> Option<bbconv_board::Order> {
    if to { opts.to_order } else { opts.order }.as_order()
}

/// Writes the planes of `pl`; a piece whose letter has no plane is an error naming it.
pub(crate) fn render(pl: &Placement, opts: &Options, out: &mut Vec<u8>) -> Result<(), RenderError> {
    let order = orders_only(opts, true).ok_or_else(|| {
        RenderError::new(
            RenderErrorKind::Unsupported,
            format!(
                "planes-bin is written in the 8 square orders, not the {} layout",
                opts.to_order
            ),
        )
    })?;
    let boards = pl.piece_bitboards();
    if let Some((l, bb)) = boards.iter().find(|(l, _)| !opts.planes.contains(l)) {
        let sq = bb
            .squares()
            .next()
            .map(|s| s.to_string())
            .unwrap_or_default();
        return Err(RenderError::new(
            RenderErrorKind::NoPlane,
            format!(
                "the piece {} on {sq} has no plane: the planes are {}",
                *l as char,
                String::from_utf8_lossy(&opts.planes)
            ),
        ));
    }
    let size = pl.size();
    for &letter in &opts.planes {
        let words = match boards.iter().find(|(l, _)| *l == letter) {
            Some((_, bb)) => order.encode(bb).words().to_vec(),
            None => vec![0; size.words()],
        };
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    Ok(())
}

/// Reads one record of planes into a placement; a square set in two planes, or a bit past the
/// board, is an error at the byte of its word.
pub(crate) fn parse(rec: &[u8], opts: &Options) -> Result<Value, ParseError> {
    let size = opts.size_or_default();
    let order = orders_only(opts, false).ok_or_else(|| {
        ParseError::new(
            Some(0),
            format!(
                "planes-bin is read in the 8 square orders, not the {} layout",
                opts.order
            ),
        )
    })?;
    let len = record_len(size, opts.planes.len());
    if rec.len() != len {
        return Err(ParseError::new(
            Some(0),
            format!(
                "found {} bytes, expected {len} ({} planes of {} words for {a_size} board)",
                rec.len(),
                opts.planes.len(),
                size.words(),
                a_size = crate::text::a(size)
            ),
        ));
    }
    let mut pl = Placement::empty(size);
    let per = size.words() * 8;
    for (p, (&letter, bytes)) in opts.planes.iter().zip(rec.chunks_exact(per)).enumerate() {
        let words: Vec<u64> = bytes
            .chunks_exact(8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
            .collect();
        let raw = Bitboard::from_words(size, &words).map_err(|e| {
            ParseError::new(
                Some(p * per + per - 8),
                format!("plane {} ({}): {e}", p + 1, letter as char),
            )
        })?;
        for sq in order.decode(&raw).squares() {
            let i = sq.index(size);
            if let Some(other) = pl.get(i) {
                return Err(ParseError::new(
                    Some(p * per + 8 * (order.index(size, sq) / 64)),
                    format!(
                        "square {sq} is in the planes of {} and {}: a square holds one piece",
                        other.letter as char, letter as char
                    ),
                ));
            }
            pl.set(i, Some(Piece::new(letter)));
        }
    }
    Ok(Value::Pieces(pl))
}

/// The word path of an 8x8 `planes-bin` record whose planes are chess letters, read in LERF:
/// one word a letter of [`crate::board::PIECE_LETTERS`]; `None` for anything else (two planes
/// on one square, another letter), which the general reading reads or reports.
#[inline]
pub(crate) fn read_chess(rec: &[u8], planes: &[u8]) -> Option<[u64; 12]> {
    if rec.len() != 8 * planes.len() {
        return None;
    }
    let mut words = [0u64; 12];
    let (mut all, mut count) = (0u64, 0u32);
    for (&letter, bytes) in planes.iter().zip(rec.chunks_exact(8)) {
        let w = u64::from_le_bytes(bytes.try_into().ok()?);
        let k = crate::fen::fast::PIECE_INDEX[letter as usize];
        *words.get_mut(k as usize)? |= w;
        all |= w;
        count += w.count_ones();
    }
    (all.count_ones() == count).then_some(words)
}

/// Writes an 8x8 board's chess piece words as `planes-bin` in LERF, one plane a letter of
/// `planes`; `false`, with nothing written, when a piece has no plane (the general writer
/// reports it).
#[inline(never)]
pub(crate) fn write_chess(words: &[u64; 12], planes: &[u8], out: &mut Vec<u8>) -> bool {
    // The default planes are the words' own letters in order: the words are the record.
    if planes == DEFAULT_PLANES {
        write_default_planes(words, out);
        return true;
    }
    write_chess_planes(words, planes, out)
}

/// Writes an 8x8 board's chess piece words as `planes-bin` with the default planes
/// ([`DEFAULT_PLANES`]): the words themselves, in order.
#[inline(always)]
pub(crate) fn write_default_planes(words: &[u64; 12], out: &mut Vec<u8>) {
    let mut record = [0u8; 8 * 12];
    for (bytes, w) in record.chunks_exact_mut(8).zip(words) {
        bytes.copy_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&record);
}

/// [`write_chess`] for planes other than the default.
fn write_chess_planes(words: &[u64; 12], planes: &[u8], out: &mut Vec<u8>) -> bool {
    let mut planned = 0u16;
    for &letter in planes {
        planned |= 1u16
            .checked_shl(crate::fen::fast::PIECE_INDEX[letter as usize].into())
            .unwrap_or(0);
    }
    if words
        .iter()
        .enumerate()
        .any(|(k, &w)| w != 0 && planned >> k & 1 == 0)
    {
        return false;
    }
    out.reserve(8 * planes.len());
    for &letter in planes {
        let w = words
            .get(crate::fen::fast::PIECE_INDEX[letter as usize] as usize)
            .copied()
            .unwrap_or(0);
        out.extend_from_slice(&w.to_le_bytes());
    }
    true
}

/// The word paths of `planes-bin`: an 8x8 board's piece words as chess planes.
pub(crate) struct PlanesWords;

impl WordPaths for PlanesWords {
    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        opts: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        board.set_chess(read_chess(record, &opts.planes).map(Repr::Chess))
    }

    #[inline(always)]
    fn write_from_fen<R: ReadChess>(
        r: &R,
        record: &[u8],
        swap: bool,
        opts: &Options,
        out: &mut Vec<u8>,
    ) -> Direct {
        if opts.planes != DEFAULT_PLANES {
            return Direct::NotTried;
        }
        let Some((_, mut words, _)) = r.pieces(record) else {
            return Direct::NotTaken;
        };
        if swap {
            let (first, second) = words.split_at_mut(6);
            first.swap_with_slice(second);
        }
        write_default_planes(&words, out);
        Direct::Done
    }

    #[inline(always)]
    fn write_chess<R: ReadChess>(
        _: &R,
        _: Writing,
        board: &Board<'_>,
        opts: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        if let Repr::Chess(w) = &board.repr {
            return write_chess(w, &opts.planes, out);
        }
        match board.sides() {
            Some((f, s)) if !board.is_single() => write_planes_of_sides(f, s, opts, out),
            _ => false,
        }
    }
}

/// The planes of two sides, as the pieces of the letters `--letters` gives them; `false` when
/// a letter is not a chess piece's.
#[inline(always)]
fn write_planes_of_sides(f: u64, s: u64, opts: &Options, out: &mut Vec<u8>) -> bool {
    let mut words = [0u64; 12];
    let (Some(a), Some(b)) = (
        PIECE_LETTERS.iter().position(|&l| l == opts.letters.0),
        PIECE_LETTERS.iter().position(|&l| l == opts.letters.1),
    ) else {
        return false;
    };
    (words[a], words[b]) = (f, s);
    write_chess(&words, &opts.planes, out)
}

/// The `planes-bin` form.
pub(crate) const SPEC: Spec = Spec {
    name: "planes-bin",
    aliases: &["planes"],
    holds: Holds::Any,
    pieces: true,
    description: "One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.",
    example: "(96 raw bytes a position on 8x8)",
    carries_size: false,
    names_squares: false,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Binary(record_len),
    spans: None,
    need: Need::All,
    fixed: Some(crate::Format::PlanesBin),
    words: true,
    raw_bytes: false,
    detect: &[],
    fast: None,
    read: Reader::Bytes(parse),
    write: Some(|v, o, out| render(&v.to_placement(o), o, out)),
};
