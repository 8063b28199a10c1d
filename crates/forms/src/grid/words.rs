//! The word paths of `grid`: an 8x8 grid in the default style read into words and written from
//! them, and the default grid of a larger board written from its sides' words.

use bbconv_board::Size;

use super::{digits, footer, header};
use crate::board::{Board, Repr, PIECE_LETTERS};
use crate::fen::fast::ReadChess;
use crate::spec::{cold, WordPaths, Writing};
use crate::{CoordStyle, GridStyle, Need, Options};

/// The word paths of `grid` (the default style and chess labels only: another style or
/// `--to-coords` is written by the general writer).
pub(crate) struct GridWords;

impl WordPaths for GridWords {
    #[inline(always)]
    fn read_shaped<'r, R: ReadChess>(
        r: &R,
        record: &'r [u8],
        opts: &Options,
        need: Need,
        board: &mut Board<'r>,
    ) -> Option<bool> {
        // Paste's rule (several lines: a pasted board): bbconv's own 8x8 grid, read as a grid.
        record
            .starts_with(b"# 8x8 ")
            .then(|| Self::read_chess(r, record, opts, need, board))
    }

    #[inline(always)]
    fn read_chess<R: ReadChess>(
        _: &R,
        record: &[u8],
        _: &Options,
        _: Need,
        board: &mut Board<'_>,
    ) -> bool {
        board.set_chess(read_chess(record).map(|grid| match grid {
            ChessGrid::Pieces(w) => Repr::Chess(w),
            ChessGrid::Sides(f, s) => Repr::Two(f, s),
            ChessGrid::One(x) => Repr::One(x),
        }))
    }

    #[inline(always)]
    fn write_chess<R: ReadChess>(
        _: &R,
        writing: Writing,
        board: &Board<'_>,
        opts: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        if !writing.plain || opts.to_coords != CoordStyle::Chess {
            cold();
            return false;
        }
        if let Repr::Chess(w) = &board.repr {
            write_chess(w, &PIECE_LETTERS[..], out);
            return true;
        }
        match board.sides() {
            Some((f, s)) if !board.is_single() => {
                write_chess(&[f, s], b"XO", out);
                true
            }
            _ => false,
        }
    }

    #[inline(always)]
    fn write_wide(
        writing: Writing,
        size: Size,
        [f, s]: [&[u64]; 2],
        opts: &Options,
        out: &mut Vec<u8>,
    ) -> bool {
        let plain = writing.plain && opts.to_coords == CoordStyle::Chess;
        plain && {
            render_words::<{ crate::board::WIDE_WORDS }>(size, f, s, opts, out);
            true
        }
    }
}

/// [`render`] of a two-player board given as LERF word arrays (at most `N` words), in the
/// default style (`X`, `O` and `.`): every cell's text (a space and its byte) first, eight cells
/// at a time from the two sides' bits ([`SPREAD`]), then each rank's line copied from it.
///
/// [`SPREAD`]: bbconv_board::ternary::SPREAD
pub(crate) fn render_words<const N: usize>(
    size: Size,
    first: &[u64],
    second: &[u64],
    opts: &Options,
    out: &mut Vec<u8>,
) {
    use bbconv_board::ternary::SPREAD;
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Each cell after a space: bytes c0..c3 spread to every other byte, the spaces between.
    let spread = |x: u64| {
        let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
        let x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
        (x << 8) | 0x0020_0020_0020_0020
    };
    let (w, h) = (size.width(), size.height());
    let mut text = [[0u8; 128]; N];
    for ((block, &f), &s) in text.iter_mut().zip(first).zip(second) {
        for (k, cells) in block.chunks_exact_mut(16).enumerate() {
            let (f, s) = ((f >> (8 * k)) & 255, (s >> (8 * k)) & 255);
            // '.' plus ('X' - '.') for the first side, plus ('O' - '.') for the second.
            let c = ONES * b'.' as u64 + SPREAD[f as usize] * 0x2a + SPREAD[s as usize] * 0x21;
            cells[..8].copy_from_slice(&spread(c & 0xffff_ffff).to_le_bytes());
            cells[8..].copy_from_slice(&spread(c >> 32).to_le_bytes());
        }
    }
    let text = text.as_flattened();
    let lw = digits(h);
    header(size, opts, out);
    // A board has at most 4096 squares, so at most 4096 ranks: four digits.
    debug_assert!(lw <= 4);
    // The rank label, counted down from the top rank: the line end, padding and digits.
    let mut label = *b"\n    ";
    let mut r = h;
    for at in (1..=lw).rev() {
        label[at] = if r > 0 { b'0' + (r % 10) as u8 } else { b' ' };
        r /= 10;
    }
    for rank in (0..h).rev() {
        let end = out.len() + lw + 1;
        out.extend_from_slice(&label);
        out.truncate(end);
        out.extend_from_slice(&text[2 * w * rank..2 * w * (rank + 1)]);
        // The next rank's number: one less, its leading zero a space.
        let mut at = lw;
        while label[at] == b'0' {
            label[at] = b'9';
            at -= 1;
        }
        label[at] -= 1;
        if label[at] == b'0' && at < lw && (at == 1 || label[at - 1] == b' ') {
            label[at] = b' ';
        }
    }
    footer(size, lw, GridStyle::default(), CoordStyle::Chess, out);
}

/// The slot of a grid's cell in the word path's words: a chess letter's index in
/// [`crate::board::PIECE_LETTERS`], 12 for `X`, 13 for `O`, 255 for anything else.
const CELL: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut k = 0;
    while k < 12 {
        t[crate::board::PIECE_LETTERS[k] as usize] = k as u8;
        k += 1;
    }
    t[b'X' as usize] = 12;
    t[b'O' as usize] = 13;
    t
};

/// What the word path of an 8x8 grid read: chess piece words, two sides (`X` and `O`), or one
/// bitboard (`X` alone: the general reading's one bitboard, which a one-bitboard form writes
/// with no layer).
pub(crate) enum ChessGrid {
    /// One word a letter of [`crate::board::PIECE_LETTERS`].
    Pieces([u64; 12]),
    /// The `X` and `O` squares.
    Sides(u64, u64),
    /// The `X` squares of a grid with no `O`.
    One(u64),
}

/// The word path of an 8x8 grid in the default style as bbconv draws it (the `# 8x8 lerf`
/// header, ranks 8 to 1, the files): chess letters, or `X` and `O`, and `.`; `None` for
/// anything else (another style, an empty board, letters and `X`/`O` together), which the
/// general reading reads or reports.
#[inline]
pub(crate) fn read_chess(t: &[u8]) -> Option<ChessGrid> {
    const HEAD: &[u8] = b"# 8x8 lerf\n";
    const FILES: &[u8] = b"  a b c d e f g h";
    let body = t.strip_prefix(HEAD)?.strip_suffix(FILES)?;
    if body.len() != 8 * 18 {
        return None;
    }
    // One word a chess letter, then `X` and `O`.
    let mut words = [0u64; 14];
    const ONES: u64 = 0x0101_0101_0101_0101;
    for (g, line) in body.chunks_exact(18).enumerate() {
        let rank = 7 - g;
        if line[0] != b'1' + rank as u8 || line[17] != b'\n' {
            return None;
        }
        // Sixteen bytes after the rank's digit: a space, then a cell, eight times.
        let a = u64::from_le_bytes(line[1..9].try_into().ok()?);
        let b = u64::from_le_bytes(line[9..17].try_into().ok()?);
        const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
        if a & EVEN != 0x0020_0020_0020_0020 || b & EVEN != 0x0020_0020_0020_0020 {
            return None;
        }
        // The odd bytes, side by side: byte `f` is file `f`'s cell.
        let odd = |w: u64| {
            let w = (w >> 8) & EVEN;
            let w = (w | w >> 8) & 0x0000_ffff_0000_ffff;
            (w | w >> 16) & 0xffff_ffff
        };
        let cells = odd(a) | odd(b) << 32;
        // The cells that are not `.`, each looked at alone.
        let mut m = !crate::kernels::zero_bytes(cells ^ (ONES * b'.' as u64)) & 0xff;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            let c = (cells >> (8 * k)) as u8;
            let slot = CELL[c as usize] as usize;
            *words.get_mut(slot)? |= 1u64 << (8 * rank + k);
            m &= m - 1;
        }
    }
    let (x, o) = (words[12], words[13]);
    let pieces: [u64; 12] = words[..12].try_into().ok()?;
    match (pieces.iter().any(|&w| w != 0), x | o != 0) {
        (true, false) => Some(ChessGrid::Pieces(pieces)),
        (false, true) => Some(match o {
            0 => ChessGrid::One(x),
            _ => ChessGrid::Sides(x, o),
        }),
        _ => None,
    }
}

/// The default grid: the header, one line a rank (its number, then the cells), the files;
/// the squares of `words[k]` show `letters[k]`.
#[inline(always)]
pub(crate) fn write_chess(words: &[u64], letters: &[u8], out: &mut Vec<u8>) {
    let mut cells = [b'.'; 64];
    for (&w, &letter) in words.iter().zip(letters) {
        let mut m = w;
        while m != 0 {
            cells[m.trailing_zeros() as usize & 63] = letter;
            m &= m - 1;
        }
    }
    let mut buf = [0u8; 8 * 18];
    for (g, line) in buf.chunks_exact_mut(18).enumerate() {
        let rank = 7 - g;
        let row: [u8; 8] = cells[8 * rank..8 * rank + 8].try_into().unwrap_or_default();
        let row = u64::from_le_bytes(row);
        // Each cell after a space: bytes c0..c3 spread to every other byte, the spaces between.
        let spread = |x: u64| {
            let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
            let x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
            (x << 8) | 0x0020_0020_0020_0020
        };
        line[0] = b'\n';
        line[1] = b'1' + rank as u8;
        line[2..10].copy_from_slice(&spread(row & 0xffff_ffff).to_le_bytes());
        line[10..].copy_from_slice(&spread(row >> 32).to_le_bytes());
    }
    out.extend_from_slice(b"# 8x8 lerf");
    out.extend_from_slice(&buf);
    out.extend_from_slice(b"\n  a b c d e f g h");
}
