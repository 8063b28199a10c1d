//! Bitboard algebra for any board size: compass shifts that never wrap, flips, rotations,
//! transposition, and masks (rank, file, diagonal, anti-diagonal, full, empty, square), of
//! bitboards and of piece placements (each piece keeps its letter), after
//! bibi/bitboard and chessprogramming's flip/rotate definitions.

use std::fmt;
use std::str::FromStr;

use crate::placement::{Piece, Placement};
use crate::{Bitboard, Size, Square};

/// A compass direction (north = towards higher ranks, east = towards higher files).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards rank H-1.
    North,
    /// Towards rank 0.
    South,
    /// Towards file W-1.
    East,
    /// Towards file 0.
    West,
    /// North and east.
    NorthEast,
    /// North and west.
    NorthWest,
    /// South and east.
    SouthEast,
    /// South and west.
    SouthWest,
}

impl Direction {
    /// All eight, in the order N, S, E, W, NE, NW, SE, SW.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// (file step, rank step).
    pub fn delta(self) -> (isize, isize) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }

    /// The lowercase name (`north`, `northeast`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::South => "south",
            Direction::East => "east",
            Direction::West => "west",
            Direction::NorthEast => "northeast",
            Direction::NorthWest => "northwest",
            Direction::SouthEast => "southeast",
            Direction::SouthWest => "southwest",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Direction {
    type Err = crate::NameError;
    fn from_str(s: &str) -> Result<Direction, crate::NameError> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "north" | "n" | "up" => Direction::North,
            "south" | "s" | "down" => Direction::South,
            "east" | "e" | "right" => Direction::East,
            "west" | "w" | "left" => Direction::West,
            "northeast" | "ne" => Direction::NorthEast,
            "northwest" | "nw" => Direction::NorthWest,
            "southeast" | "se" => Direction::SouthEast,
            "southwest" | "sw" => Direction::SouthWest,
            _ => {
                return Err(crate::NameError::unknown(
                    "direction",
                    s,
                    "north, south, east, west, northeast, northwest, southeast or southwest (or n, s, e, w, ne, nw, se, sw)",
                ))
            }
        })
    }
}

/// Why an operation cannot be done.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum OpError {
    /// A diagonal flip of a board that is not square.
    NotSquare(Size),
    /// A mask index out of range.
    OutOfRange {
        /// The mask kind (`rank`, `file`, ...).
        what: &'static str,
        /// The index given.
        index: i64,
        /// The largest valid index.
        max: usize,
    },
    /// A negative shift.
    NegativeShift(i64),
}

impl fmt::Display for OpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpError::NotSquare(s) => write!(
                f,
                "a diagonal flip needs a square board, this one is {s} (transpose works on any board)"
            ),
            OpError::OutOfRange { what, index, max } => {
                write!(f, "{what} {index} is out of range: expected 0 to {max}")
            }
            OpError::NegativeShift(n) => write!(
                f,
                "cannot shift by {n}: expected a count of 0 or more (shift the other way instead)"
            ),
        }
    }
}

impl std::error::Error for OpError {}

/// Shifts every square `n` steps towards `dir`; squares pushed off the board are dropped,
/// nothing wraps round an edge.
///
/// ```
/// use bbconv_board::ops::{shift, Direction};
/// use bbconv_board::{Bitboard, Size};
/// let s = Size::new(3, 3).unwrap();
/// // bibi: shift_east by 1 of the bottom row 111 is 011 (the eastmost square falls off).
/// let bb = Bitboard::from_u64(s, 0b111).unwrap();
/// assert_eq!(shift(&bb, Direction::East, 1).unwrap().as_u64(), Some(0b110));
/// ```
pub fn shift(bb: &Bitboard, dir: Direction, n: i64) -> Result<Bitboard, OpError> {
    let size = bb.size();
    Ok(bb.map_squares(size, shifted(size, dir, n)?))
}

/// Shifts every piece of a placement `n` squares towards `dir`: each keeps its letter and mark;
/// the pieces shifted off the board are returned with the squares they stood on.
///
/// ```
/// use bbconv_board::ops::{shift_placement, Direction};
/// use bbconv_board::placement::{Piece, Placement};
/// use bbconv_board::{Size, Square};
/// let mut pl = Placement::empty(Size::CHESS);
/// pl.set(8, Some(Piece::new(b'P'))); // a2
/// pl.set(60, Some(Piece::new(b'k'))); // e8
/// let (up, off) = shift_placement(&pl, Direction::North, 1).unwrap();
/// assert_eq!(up.at(Square::new(0, 2).unwrap()).map(|p| p.letter), Some(b'P'));
/// assert_eq!(off, vec![(Square::new(4, 7).unwrap(), Piece::new(b'k'))]);
/// ```
pub fn shift_placement(
    pl: &Placement,
    dir: Direction,
    n: i64,
) -> Result<(Placement, Vec<(Square, Piece)>), OpError> {
    let size = pl.size();
    Ok(pl.map_squares(size, shifted(size, dir, n)?))
}

/// Where a square goes when shifted `n` squares towards `dir` on a board of `size`.
pub fn shifted(
    size: Size,
    dir: Direction,
    n: i64,
) -> Result<impl Fn(Square) -> Option<Square>, OpError> {
    if n < 0 {
        return Err(OpError::NegativeShift(n));
    }
    let n = n.min(8192) as isize;
    let (df, dr) = dir.delta();
    Ok(move |sq: Square| {
        let f = sq.file() as isize + df * n;
        let r = sq.rank() as isize + dr * n;
        (f >= 0 && r >= 0 && (f as usize) < size.width() && (r as usize) < size.height())
            .then(|| Square::at(f as usize, r as usize))
    })
}

/// A symmetry of the grid: how a square (f, r) moves, and the size it lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Nothing moves.
    Identity,
    /// Ranks reversed (a1 <-> a8): chessprogramming's flipVertical.
    FlipVertical,
    /// Files reversed (a1 <-> h1): mirrorHorizontal.
    FlipHorizontal,
    /// About the a1-h8 diagonal: (f, r) -> (r, f); square boards.
    FlipDiagonal,
    /// About the a8-h1 anti-diagonal: (f, r) -> (H-1-r, W-1-f); square boards.
    FlipAntiDiagonal,
    /// A quarter turn clockwise: (f, r) -> (r, W-1-f) on an H x W board.
    Rotate90,
    /// A half turn: (f, r) -> (W-1-f, H-1-r).
    Rotate180,
    /// Three quarter turns clockwise: (f, r) -> (H-1-r, f) on an H x W board.
    Rotate270,
    /// (f, r) -> (r, f) on an H x W board (any shape).
    Transpose,
}

impl Symmetry {
    /// The eight symmetries of a square board (transpose is `FlipDiagonal` there).
    pub const EIGHT: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::FlipVertical,
        Symmetry::FlipHorizontal,
        Symmetry::Rotate180,
        Symmetry::FlipDiagonal,
        Symmetry::FlipAntiDiagonal,
        Symmetry::Rotate90,
        Symmetry::Rotate270,
    ];

    /// A description: "flipped vertically", ...
    pub fn describe(self) -> &'static str {
        match self {
            Symmetry::Identity => "unchanged",
            Symmetry::FlipVertical => "flipped vertically (ranks reversed)",
            Symmetry::FlipHorizontal => "flipped horizontally (files reversed)",
            Symmetry::FlipDiagonal => "flipped about the a1-h8 diagonal",
            Symmetry::FlipAntiDiagonal => "flipped about the a8-h1 anti-diagonal",
            Symmetry::Rotate90 => "rotated 90 degrees clockwise",
            Symmetry::Rotate180 => "rotated 180 degrees",
            Symmetry::Rotate270 => "rotated 270 degrees clockwise (90 anticlockwise)",
            Symmetry::Transpose => "transposed",
        }
    }

    /// The square order whose reading of a LERF number gives the number's squares moved by this
    /// symmetry (square boards): e.g. `FlipVertical` is "LERF read as BERLEF".
    pub fn as_order(self) -> crate::Order {
        use crate::Order;
        match self {
            Symmetry::Identity => Order::Lerf,
            Symmetry::FlipVertical => Order::Berlef,
            Symmetry::FlipHorizontal => Order::Lerbef,
            Symmetry::Rotate180 => Order::Berbef,
            Symmetry::FlipDiagonal | Symmetry::Transpose => Order::Lefr,
            Symmetry::FlipAntiDiagonal => Order::Beber,
            Symmetry::Rotate90 => Order::Lefber,
            Symmetry::Rotate270 => Order::Befr,
        }
    }

    /// The size the board has after the symmetry.
    pub fn target_size(self, size: Size) -> Size {
        match self {
            Symmetry::Rotate90 | Symmetry::Rotate270 | Symmetry::Transpose => size.transposed(),
            _ => size,
        }
    }

    /// Where square `sq` of a board of `size` goes.
    pub fn map(self, size: Size, sq: Square) -> Square {
        let (w, h) = (size.width(), size.height());
        let (f, r) = (sq.file(), sq.rank());
        let (nf, nr) = match self {
            Symmetry::Identity => (f, r),
            Symmetry::FlipVertical => (f, h - 1 - r),
            Symmetry::FlipHorizontal => (w - 1 - f, r),
            Symmetry::FlipDiagonal | Symmetry::Transpose => (r, f),
            Symmetry::FlipAntiDiagonal => (h - 1 - r, w - 1 - f),
            Symmetry::Rotate90 => (r, w - 1 - f),
            Symmetry::Rotate180 => (w - 1 - f, h - 1 - r),
            Symmetry::Rotate270 => (h - 1 - r, f),
        };
        Square::at(nf, nr)
    }

    /// Applies the symmetry; diagonal flips need a square board.
    ///
    /// ```
    /// use bbconv_board::ops::Symmetry;
    /// use bbconv_board::{Bitboard, Size};
    /// let r = Bitboard::from_u64(Size::CHESS, 0x1e2222120e0a1222).unwrap();
    /// let v = Symmetry::FlipVertical.apply(&r).unwrap();
    /// assert_eq!(v.as_u64(), Some(0x22120a0e1222221e));
    /// ```
    pub fn apply(self, bb: &Bitboard) -> Result<Bitboard, OpError> {
        let size = bb.size();
        let target = self.target_of(size)?;
        Ok(bb.map_squares(target, |sq| Some(self.map(size, sq))))
    }

    /// Applies the symmetry to a placement: each piece keeps its letter and mark (and the
    /// holdings and other fields are kept); diagonal flips need a square board.
    ///
    /// ```
    /// use bbconv_board::ops::Symmetry;
    /// use bbconv_board::placement::{Piece, Placement};
    /// use bbconv_board::{Size, Square};
    /// let mut pl = Placement::empty(Size::CHESS);
    /// pl.set(4, Some(Piece::new(b'K'))); // e1
    /// let v = Symmetry::FlipVertical.apply_placement(&pl).unwrap();
    /// assert_eq!(v.at(Square::new(4, 7).unwrap()).map(|p| p.letter), Some(b'K')); // e8, still K
    /// ```
    pub fn apply_placement(self, pl: &Placement) -> Result<Placement, OpError> {
        let size = pl.size();
        let target = self.target_of(size)?;
        Ok(pl.map_squares(target, |sq| Some(self.map(size, sq))).0)
    }

    /// The size the symmetry gives a board of `size`, or why it does not apply (diagonal flips
    /// need a square board).
    ///
    /// ```
    /// use bbconv_board::ops::Symmetry;
    /// use bbconv_board::Size;
    /// let s = Size::new(4, 3).unwrap();
    /// assert_eq!(Symmetry::Rotate90.target_of(s).unwrap(), Size::new(3, 4).unwrap());
    /// assert!(Symmetry::FlipDiagonal.target_of(s).is_err());
    /// ```
    pub fn target_of(self, size: Size) -> Result<Size, OpError> {
        if matches!(self, Symmetry::FlipDiagonal | Symmetry::FlipAntiDiagonal)
            && size.width() != size.height()
        {
            return Err(OpError::NotSquare(size));
        }
        Ok(self.target_size(size))
    }
}

/// A mask of squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mask {
    /// Rank `n` (0 = south).
    Rank(i64),
    /// File `n` (0 = west).
    File(i64),
    /// Diagonal `n = (W-1) + rank - file` (south-west to north-east; bibi's numbering).
    Diagonal(i64),
    /// Anti-diagonal `n = rank + file`.
    AntiDiagonal(i64),
    /// Every square.
    Full,
    /// No square.
    Empty,
    /// One square.
    Square(Square),
}

impl Mask {
    /// The mask on a board of `size`; an index out of range is an error giving the valid range.
    ///
    /// ```
    /// use bbconv_board::ops::Mask;
    /// use bbconv_board::Size;
    /// let s = Size::new(4, 3).unwrap();
    /// assert_eq!(Mask::Rank(2).build(s).unwrap().as_u64(), Some(3840));
    /// assert_eq!(Mask::Diagonal(1).build(s).unwrap().as_u64(), Some(132));
    /// assert!(Mask::File(4).build(s).is_err());
    /// ```
    pub fn build(self, size: Size) -> Result<Bitboard, OpError> {
        let (w, h) = (size.width(), size.height());
        let check = |what: &'static str, n: i64, max: usize| -> Result<usize, OpError> {
            if n < 0 || n as u64 > max as u64 {
                Err(OpError::OutOfRange {
                    what,
                    index: n,
                    max,
                })
            } else {
                Ok(n as usize)
            }
        };
        let mut bb = Bitboard::empty(size);
        let mut fill = |keep: &dyn Fn(usize, usize) -> bool| {
            for r in 0..h {
                for f in 0..w {
                    if keep(f, r) {
                        bb.set_bit(w * r + f);
                    }
                }
            }
        };
        match self {
            Mask::Rank(n) => {
                let n = check("rank", n, h - 1)?;
                fill(&|_, r| r == n);
            }
            Mask::File(n) => {
                let n = check("file", n, w - 1)?;
                fill(&|f, _| f == n);
            }
            Mask::Diagonal(n) => {
                let n = check("diagonal", n, w + h - 2)?;
                fill(&|f, r| w - 1 + r - f == n);
            }
            Mask::AntiDiagonal(n) => {
                let n = check("antidiagonal", n, w + h - 2)?;
                fill(&|f, r| r + f == n);
            }
            Mask::Full => fill(&|_, _| true),
            Mask::Empty => {}
            Mask::Square(sq) => {
                if !sq.is_on(size) {
                    return Err(OpError::OutOfRange {
                        what: "square index",
                        index: sq.index(size) as i64,
                        max: size.squares() - 1,
                    });
                }
                fill(&|f, r| f == sq.file() && r == sq.rank());
            }
        }
        Ok(bb)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: u64 = 0x1e2222120e0a1222;

    fn apply(s: Symmetry) -> u64 {
        s.apply(&Bitboard::from_u64(Size::CHESS, R).unwrap())
            .unwrap()
            .as_u64()
            .unwrap()
    }

    #[test]
    fn chessprogramming_vectors() {
        assert_eq!(apply(Symmetry::FlipVertical), 0x22120a0e1222221e);
        assert_eq!(apply(Symmetry::FlipHorizontal), 0x7844444870504844);
        assert_eq!(apply(Symmetry::FlipDiagonal), 0x000061928c88ff00);
        assert_eq!(apply(Symmetry::FlipAntiDiagonal), 0x00ff113149860000);
        assert_eq!(apply(Symmetry::Rotate90), 0x00ff888c92610000);
        assert_eq!(apply(Symmetry::Rotate180), 0x4448507048444478);
        assert_eq!(apply(Symmetry::Rotate270), 0x000086493111ff00);
    }

    /// A placement of `cells` letters (0: empty) on a board of `w` x `h`.
    fn placement(w: usize, h: usize, cells: &[u8]) -> Placement {
        let size = Size::new(w, h).unwrap();
        let mut pl = Placement::empty(size);
        for (i, &c) in cells.iter().take(size.squares()).enumerate() {
            if c != 0 {
                let mut p = Piece::new(c);
                if c == b'Q' {
                    p.mark = crate::placement::Mark::Tilde;
                }
                pl.set(i, Some(p));
            }
        }
        pl
    }

    /// The symmetry that undoes `s`.
    fn inverse(s: Symmetry) -> Symmetry {
        match s {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    proptest::proptest! {
        /// A symmetry of a placement moves each piece, with its letter and mark, as the
        /// symmetry of that piece's own bitboard moves it; the inverse gives the placement back.
        #[test]
        fn placements_move_piece_by_piece(
            w in 1usize..10, h in 1usize..10,
            cells in proptest::collection::vec(proptest::sample::select(b"\0\0\0PpKkQn".to_vec()), 100),
            k in 0usize..9,
        ) {
            let pl = placement(w, h, &cells);
            let s = [Symmetry::Transpose, Symmetry::Identity, Symmetry::FlipVertical, Symmetry::FlipHorizontal,
                Symmetry::Rotate180, Symmetry::FlipDiagonal, Symmetry::FlipAntiDiagonal, Symmetry::Rotate90,
                Symmetry::Rotate270][k];
            let Ok(moved) = s.apply_placement(&pl) else {
                proptest::prop_assert!(w != h);
                return Ok(());
            };
            let before = pl.piece_bitboards();
            let after = moved.piece_bitboards();
            proptest::prop_assert_eq!(before.len(), after.len());
            for ((l, b), (m, a)) in before.iter().zip(&after) {
                proptest::prop_assert_eq!(l, m);
                proptest::prop_assert_eq!(&s.apply(b).unwrap(), a);
            }
            let marks = |p: &Placement| p.cells().iter().flatten().filter(|c| c.mark != crate::placement::Mark::None).count();
            proptest::prop_assert_eq!(marks(&pl), marks(&moved));
            let back = if s == Symmetry::Transpose { Symmetry::Transpose } else { inverse(s) };
            proptest::prop_assert_eq!(back.apply_placement(&moved).unwrap(), pl);
        }

        /// A shift moves each piece as the shift of its bitboard, and names exactly the pieces
        /// that fall off; shifting back restores the others.
        #[test]
        fn shifted_placements_drop_only_what_falls_off(
            w in 1usize..10, h in 1usize..10,
            cells in proptest::collection::vec(proptest::sample::select(b"\0\0PpKk".to_vec()), 100),
            d in 0usize..8, n in 0i64..4,
        ) {
            let dirs = [Direction::North, Direction::South, Direction::East, Direction::West,
                Direction::NorthEast, Direction::NorthWest, Direction::SouthEast, Direction::SouthWest];
            let back = [Direction::South, Direction::North, Direction::West, Direction::East,
                Direction::SouthWest, Direction::SouthEast, Direction::NorthWest, Direction::NorthEast];
            let pl = placement(w, h, &cells);
            let (moved, off) = shift_placement(&pl, dirs[d], n).unwrap();
            let after = moved.piece_bitboards();
            for (l, b) in pl.piece_bitboards() {
                // A letter whose every piece fell off is not listed after.
                let a = after.iter().find(|(m, _)| *m == l).map_or_else(|| Bitboard::empty(pl.size()), |(_, a)| a.clone());
                proptest::prop_assert_eq!(shift(&b, dirs[d], n).unwrap(), a);
            }
            let count = |p: &Placement| p.cells().iter().flatten().count();
            proptest::prop_assert_eq!(count(&pl), count(&moved) + off.len());
            let (again, _) = shift_placement(&moved, back[d], n).unwrap();
            let mut expected = pl.clone();
            for (sq, _) in &off {
                expected.set(sq.index(pl.size()), None);
            }
            proptest::prop_assert_eq!(again, expected);
        }
    }

    #[test]
    fn symmetry_orders_agree() {
        let raw = Bitboard::from_u64(Size::CHESS, R).unwrap();
        for s in Symmetry::EIGHT {
            assert_eq!(s.as_order().decode(&raw), s.apply(&raw).unwrap(), "{s:?}");
        }
    }
}
