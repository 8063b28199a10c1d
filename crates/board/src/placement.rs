//! Piece placements: which piece letter stands on each square (the board behind FEN and
//! per-piece bitboards), and how it maps to the two-player pair (uppercase first, lowercase second).

use crate::{Bitboard, Pair, Size, Square};

/// A promotion marker as written in variant FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

/// A board of piece letters, plus the FEN holdings and trailing fields it was read with.
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
    cells: Vec<Option<Piece>>,
    /// The `[...]` holdings, without brackets, if the FEN had them.
    pub holdings: Option<String>,
    /// The FEN fields after the placement (side to move, castling, ...), as written.
    pub rest: Option<String>,
}

impl Placement {
    /// An empty board.
    pub fn empty(size: Size) -> Placement {
        Placement {
            size,
            cells: vec![None; size.squares()],
            holdings: None,
            rest: None,
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The piece on canonical index `i`.
    pub fn get(&self, i: usize) -> Option<Piece> {
        self.cells.get(i).copied().flatten()
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
        if let Some(c) = self.cells.get_mut(i) {
            *c = piece;
        }
    }

    /// The pair of occupancies: uppercase letters first, lowercase second.
    pub fn to_pair(&self) -> Pair {
        let mut first = Bitboard::empty(self.size);
        let mut second = Bitboard::empty(self.size);
        for (i, c) in self.cells.iter().enumerate() {
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
            pl.cells[i] = Some(Piece::new(upper));
        }
        for i in pair.second().indices() {
            pl.cells[i] = Some(Piece::new(lower));
        }
        pl
    }

    /// The letters present, in the fixed order ([`CHESS_PIECE_ORDER`], then other letters).
    pub fn letters(&self) -> Vec<u8> {
        let mut seen = [false; 128];
        for p in self.cells.iter().flatten() {
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
                for (i, c) in self.cells.iter().enumerate() {
                    if c.is_some_and(|p| p.letter == l) {
                        bb.set_bit(i);
                    }
                }
                (l, bb)
            })
            .collect()
    }

    /// Exchanges the sides: every letter changes case.
    pub fn swap_sides(&mut self) {
        for p in self.cells.iter_mut().flatten() {
            p.letter = if p.letter.is_ascii_uppercase() {
                p.letter.to_ascii_lowercase()
            } else {
                p.letter.to_ascii_uppercase()
            };
        }
    }
}
