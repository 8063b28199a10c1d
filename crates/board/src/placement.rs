//! Piece placements: which piece letter stands on each square (the board behind FEN and
//! per-piece bitboards), and how it maps to the two-player pair (uppercase first, lowercase second).

use crate::{Bitboard, Pair, Size, Square};

/// A promotion marker as written in variant FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mark {
    /// No marker.
    None,
    /// `+` before the letter (shogi promoted pieces).
    Plus,
    /// `~` after the letter (crazyhouse promoted pieces).
    Tilde,
}

/// A piece: an ASCII letter (uppercase = first side) and its promotion marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The ASCII letter, `A`..`Z` or `a`..`z`.
    pub letter: u8,
    /// Its promotion marker.
    pub mark: Mark,
}

impl Piece {
    /// A plain piece.
    pub fn new(letter: u8) -> Piece {
        Piece {
            letter,
            mark: Mark::None,
        }
    }

    /// Whether the piece belongs to the first side (uppercase).
    pub fn is_first(self) -> bool {
        self.letter.is_ascii_uppercase()
    }
}

/// The fixed order of per-piece bitboards: the chess pieces of the first side, then those of the
/// second, then any other letters, uppercase before lowercase, alphabetically.
pub const CHESS_PIECE_ORDER: &[u8] = b"PNBRQKpnbrqk";

/// A short text kept inline (no allocation up to [`Text::INLINE`] bytes): the FEN holdings and
/// trailing fields a placement was read with.
///
/// ```
/// use bbconv_board::placement::Text;
/// let t = Text::from("w KQkq - 0 1");
/// assert_eq!(t.as_str(), "w KQkq - 0 1");
/// assert_eq!(Text::from("x".repeat(100).as_str()).len(), 100);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Text(TextRepr);

#[derive(Clone, PartialEq, Eq)]
enum TextRepr {
    Inline(u8, [u8; Text::INLINE]),
    Heap(Box<str>),
}

impl Text {
    /// The longest text kept inline.
    pub const INLINE: usize = 46;

    /// Text from ASCII bytes; `None` if a byte is not ASCII.
    pub fn from_ascii(b: &[u8]) -> Option<Text> {
        if !b.is_ascii() {
            return None;
        }
        if b.len() <= Text::INLINE {
            let mut bytes = [0u8; Text::INLINE];
            bytes[..b.len()].copy_from_slice(b);
            return Some(Text(TextRepr::Inline(b.len() as u8, bytes)));
        }
        std::str::from_utf8(b).ok().map(Text::from)
    }

    /// The text's bytes (no UTF-8 check: they were a `&str`'s).
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            TextRepr::Inline(len, bytes) => &bytes[..*len as usize],
            TextRepr::Heap(s) => s.as_bytes(),
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Only whole `&str` bytes are ever stored, so the inline bytes are UTF-8.
            TextRepr::Inline(len, bytes) => {
                std::str::from_utf8(&bytes[..*len as usize]).unwrap_or_default()
            }
            TextRepr::Heap(s) => s,
        }
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        if s.len() <= Text::INLINE {
            let mut bytes = [0u8; Text::INLINE];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            Text(TextRepr::Inline(s.len() as u8, bytes))
        } else {
            Text(TextRepr::Heap(s.into()))
        }
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_str().fmt(f)
    }
}

/// The cells of a placement: inline for boards of at most 64 squares (no allocation).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Cells {
    Small([Option<Piece>; 64]),
    Large(Vec<Option<Piece>>),
}

/// The spelling of a FEN's text around its fields that a FEN writes back as it was read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spelling {
    /// The whitespace between the placement and [`Placement::rest`] when it is not one space
    /// (two spaces, a tab).
    pub sep: Option<String>,
    /// What followed a tab after the FEN's fields (a TSV's other columns, from the whitespace
    /// before that tab to the line's end), as written: no other form holds it, as it is no
    /// part of the position.
    pub columns: Option<String>,
}

/// A board of piece letters, plus the FEN holdings and trailing fields it was read with. Boards
/// of at most 64 squares, with their texts up to [`Text::INLINE`] bytes, need no allocation.
///
/// ```
/// use bbconv_board::{Placement, Pair, Bitboard, Size};
/// let p = Pair::new(Bitboard::from_u64(Size::CHESS, 1).unwrap(), Bitboard::from_u64(Size::CHESS, 2).unwrap()).unwrap();
/// let pl = Placement::from_pair(&p, b'P', b'p');
/// assert_eq!(pl.to_pair(), p);
/// assert_eq!(pl.piece_bitboards().iter().map(|(l, _)| *l as char).collect::<String>(), "Pp");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    size: Size,
    cells: Cells,
    /// The `[...]` holdings, without brackets, if the FEN had them.
    pub holdings: Option<Text>,
    /// Whether the holdings were written as a last rank of piece letters (`.../RNBQKBNR/Qn`, a
    /// crazyhouse pocket as lichess and Scid write it) rather than in brackets: a FEN writes
    /// them back as they were written.
    pub pocket_rank: bool,
    /// The FEN fields after the placement (side to move, castling, ...), as written.
    pub rest: Option<Text>,
    /// How a FEN's text around its fields was spelled, when not the common way (rare, so one
    /// pointer wide: the placement is a `Value` variant that stays small).
    pub spelling: Option<Box<Spelling>>,
    /// The text of a notation that says more than the cells (PDN's ranges and order of
    /// squares), as read: written back as it is while it still describes the cells. Moves and
    /// edits do not carry it.
    pub notation: Option<Box<str>>,
    /// Operations that follow the position's fields (EPD's `bm Qg6; id "WAC.001";`), as
    /// written.
    pub ops: Option<Box<str>>,
    /// The fields of a training record read with the position (score, result, move, ply), for
    /// the trainers' forms; moves and edits of the squares do not carry them.
    pub train: Option<Box<crate::train::Train>>,
}

impl Placement {
    /// The spelling to change, made when the placement has none.
    pub fn spelling_mut(&mut self) -> &mut Spelling {
        self.spelling.get_or_insert_with(Box::default)
    }

    /// The whitespace between the placement and its fields, when not one space.
    pub fn sep(&self) -> Option<&str> {
        self.spelling.as_ref()?.sep.as_deref()
    }

    /// The columns after a tab that followed the FEN's fields, as written.
    pub fn columns(&self) -> Option<&str> {
        self.spelling.as_ref()?.columns.as_deref()
    }

    /// Whether `other` has the same size and the same piece on every square (holdings, fields
    /// and notation aside).
    pub fn same_cells(&self, other: &Placement) -> bool {
        self.size == other.size && (0..self.size.squares()).all(|i| self.get(i) == other.get(i))
    }

    /// An empty board.
    pub fn empty(size: Size) -> Placement {
        let cells = if size.squares() <= 64 {
            Cells::Small([None; 64])
        } else {
            Cells::Large(vec![None; size.squares()])
        };
        Placement {
            size,
            cells,
            holdings: None,
            pocket_rank: false,
            rest: None,
            spelling: None,
            notation: None,
            ops: None,
            train: None,
        }
    }

    /// A placement of at most 64 squares from its cells in canonical index order (the first
    /// `W*H` of `cells`); `None` for a larger board.
    ///
    /// ```
    /// use bbconv_board::placement::{Piece, Placement};
    /// use bbconv_board::Size;
    /// let mut cells = [None; 64];
    /// cells[4] = Some(Piece::new(b'K'));
    /// let pl = Placement::from_cells(Size::CHESS, cells).unwrap();
    /// assert_eq!(pl.get(4).map(|p| p.letter), Some(b'K'));
    /// ```
    #[inline]
    pub fn from_cells(size: Size, mut cells: [Option<Piece>; 64]) -> Option<Placement> {
        let n = size.squares();
        if n > 64 {
            return None;
        }
        cells[n..].fill(None);
        Some(Placement {
            size,
            cells: Cells::Small(cells),
            holdings: None,
            pocket_rank: false,
            rest: None,
            spelling: None,
            notation: None,
            ops: None,
            train: None,
        })
    }

    /// The cells, canonical index order.
    #[inline]
    pub fn cells(&self) -> &[Option<Piece>] {
        match &self.cells {
            Cells::Small(c) => &c[..self.size.squares()],
            Cells::Large(c) => c,
        }
    }

    #[inline]
    fn cells_mut(&mut self) -> &mut [Option<Piece>] {
        let n = self.size.squares();
        match &mut self.cells {
            Cells::Small(c) => &mut c[..n],
            Cells::Large(c) => c,
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The piece on canonical index `i`.
    pub fn get(&self, i: usize) -> Option<Piece> {
        self.cells().get(i).copied().flatten()
    }

    /// The piece on `sq`.
    pub fn at(&self, sq: Square) -> Option<Piece> {
        if sq.is_on(self.size) {
            self.get(sq.index(self.size))
        } else {
            None
        }
    }

    /// Puts a piece on canonical index `i` (ignored off the board).
    pub fn set(&mut self, i: usize, piece: Option<Piece>) {
        if let Some(c) = self.cells_mut().get_mut(i) {
            *c = piece;
        }
    }

    /// The pair of occupancies: uppercase letters first, lowercase second.
    pub fn to_pair(&self) -> Pair {
        let mut first = Bitboard::empty(self.size);
        let mut second = Bitboard::empty(self.size);
        for (i, c) in self.cells().iter().enumerate() {
            if let Some(p) = c {
                if p.is_first() {
                    first.set_bit(i);
                } else {
                    second.set_bit(i);
                }
            }
        }
        // Disjoint by construction: one piece a square.
        Pair::new(first, second).unwrap_or_else(|_| Pair::empty(self.size))
    }

    /// A placement with `upper` on the first side's squares and `lower` on the second's.
    pub fn from_pair(pair: &Pair, upper: u8, lower: u8) -> Placement {
        let mut pl = Placement::empty(pair.size());
        for i in pair.first().indices() {
            pl.set(i, Some(Piece::new(upper)));
        }
        for i in pair.second().indices() {
            pl.set(i, Some(Piece::new(lower)));
        }
        pl
    }

    /// The letters present, in the fixed order ([`CHESS_PIECE_ORDER`], then other letters).
    pub fn letters(&self) -> Vec<u8> {
        let mut seen = [false; 128];
        for p in self.cells().iter().flatten() {
            seen[p.letter as usize & 127] = true;
        }
        let mut out: Vec<u8> = CHESS_PIECE_ORDER
            .iter()
            .copied()
            .filter(|&l| seen[l as usize])
            .collect();
        out.extend((b'A'..=b'Z').filter(|&l| seen[l as usize] && !CHESS_PIECE_ORDER.contains(&l)));
        out.extend((b'a'..=b'z').filter(|&l| seen[l as usize] && !CHESS_PIECE_ORDER.contains(&l)));
        out
    }

    /// One bitboard per letter present, in the fixed order of [`Placement::letters`]; promotion
    /// markers are not kept.
    pub fn piece_bitboards(&self) -> Vec<(u8, Bitboard)> {
        self.letters()
            .into_iter()
            .map(|l| {
                let mut bb = Bitboard::empty(self.size);
                for (i, c) in self.cells().iter().enumerate() {
                    if c.is_some_and(|p| p.letter == l) {
                        bb.set_bit(i);
                    }
                }
                (l, bb)
            })
            .collect()
    }

    /// [`Placement::piece_bitboards`] without allocation, for boards of at most 64 squares:
    /// calls `f(letter, LERF word)` for each letter present, in the same fixed order. Returns
    /// `false` (calling nothing) for a larger board.
    ///
    /// ```
    /// use bbconv_board::{Placement, Pair, Bitboard, Size};
    /// let p = Pair::new(Bitboard::from_u64(Size::CHESS, 1).unwrap(), Bitboard::from_u64(Size::CHESS, 6).unwrap()).unwrap();
    /// let mut got = Vec::new();
    /// assert!(Placement::from_pair(&p, b'K', b'n').for_each_piece_word(|l, w| got.push((l, w))));
    /// assert_eq!(got, [(b'K', 1), (b'n', 6)]);
    /// ```
    pub fn for_each_piece_word(&self, mut f: impl FnMut(u8, u64)) -> bool {
        if self.size.squares() > 64 {
            return false;
        }
        // Letters A-Z are bits 0-25 of `seen`, a-z bits 26-51; their words are `words[bit]`.
        let slot = |l: u8| -> usize {
            if l.is_ascii_uppercase() {
                (l - b'A') as usize
            } else {
                (l.to_ascii_lowercase() - b'a') as usize + 26
            }
        };
        let mut words = [0u64; 52];
        let mut seen = 0u64;
        for (i, c) in self.cells().iter().enumerate() {
            if let Some(p) = c {
                let k = slot(p.letter) % 52;
                words[k] |= 1 << i;
                seen |= 1 << k;
            }
        }
        let mut chess = 0u64;
        for &l in CHESS_PIECE_ORDER {
            let k = slot(l);
            chess |= 1 << k;
            if seen >> k & 1 == 1 {
                f(l, words[k]);
            }
        }
        let mut rest = seen & !chess;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let l = if k < 26 {
                b'A' + k as u8
            } else {
                b'a' + (k - 26) as u8
            };
            f(l, words[k]);
        }
        true
    }

    /// The placement on a board of `target` with each piece moved from `sq` to `f(sq)`, and the
    /// pieces that `f` sends nowhere (or off `target`), with the squares they stood on. Each
    /// piece keeps its letter and mark; the holdings and the other fields are kept as they are
    /// (what they mean is the FEN's business).
    ///
    /// ```
    /// use bbconv_board::placement::{Piece, Placement};
    /// use bbconv_board::{Size, Square};
    /// let mut pl = Placement::empty(Size::CHESS);
    /// pl.set(4, Some(Piece::new(b'K'))); // e1
    /// pl.set(7, Some(Piece::new(b'R'))); // h1
    /// let (moved, dropped) = pl.map_squares(Size::CHESS, |sq| {
    ///     Square::on(Size::CHESS, sq.file() + 1, sq.rank())
    /// });
    /// assert_eq!(moved.at(Square::new(5, 0).unwrap()).map(|p| p.letter), Some(b'K'));
    /// assert_eq!(dropped, vec![(Square::new(7, 0).unwrap(), Piece::new(b'R'))]);
    /// ```
    pub fn map_squares(
        &self,
        target: Size,
        f: impl Fn(Square) -> Option<Square>,
    ) -> (Placement, Vec<(Square, Piece)>) {
        let mut out = Placement::empty(target);
        out.holdings.clone_from(&self.holdings);
        // A pocket written as a last rank reads as one on the board it was read on; on
        // another size it is written in brackets.
        out.pocket_rank = self.pocket_rank && target == self.size;
        out.rest.clone_from(&self.rest);
        let mut dropped = Vec::new();
        for (i, c) in self.cells().iter().enumerate() {
            let (Some(piece), Some(sq)) = (*c, Square::from_index(self.size, i)) else {
                continue;
            };
            match f(sq).filter(|t| t.is_on(target)) {
                Some(t) => out.set(t.index(target), Some(piece)),
                None => dropped.push((sq, piece)),
            }
        }
        (out, dropped)
    }

    /// Exchanges the sides: every letter changes case.
    pub fn swap_sides(&mut self) {
        for p in self.cells_mut().iter_mut().flatten() {
            p.letter = if p.letter.is_ascii_uppercase() {
                p.letter.to_ascii_lowercase()
            } else {
                p.letter.to_ascii_uppercase()
            };
        }
    }
}
