//! Squares: a (file, rank) coordinate, its algebraic name (`a1`, `j10`) and its `(x,y)` form (docs/conventions.md §1).

use std::fmt;
use std::str::FromStr;

use crate::Size;

/// A square, as a file (0 = west) and a rank (0 = south).
///
/// A square knows nothing of board size; [`Square::index`] and [`Square::from_index`]
/// give the canonical LERF index `W*rank + file` on a board of a given size.
/// `Display` writes the algebraic name when the file has a letter (`a`..`z`) and
/// `(x,y)` otherwise; `FromStr` reads both, so the two round-trip.
///
/// ```
/// use bbconv_board::{Size, Square};
/// let sq: Square = "j10".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (9, 9));
/// assert_eq!(sq.index(Size::new(10, 10).unwrap()), 99);
/// assert_eq!("(4,3)".parse::<Square>().unwrap().to_string(), "e4");
/// assert_eq!(Square::from_index(Size::CHESS, 63).unwrap().to_string(), "h8");
/// assert_eq!(Square::from_index(Size::CHESS, 64), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    rank: u16,
    file: u16,
}

/// Why a square name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SquareError {
    /// Not an algebraic name nor an `(x,y)` pair.
    Syntax(String),
    /// A well-formed square that lies outside the board.
    OffBoard {
        /// The square as written.
        text: String,
        /// The board size.
        size: Size,
    },
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Syntax(s) => write!(
                f,
                "invalid square '{s}': expected a name like e4 or a pair like (4,3)"
            ),
            SquareError::OffBoard { text, size } => {
                write!(f, "square {text} is off the {size} board")
            }
        }
    }
}

impl std::error::Error for SquareError {}

impl Square {
    /// The square a1: file 0, rank 0.
    pub const A1: Square = Square::at(0, 0);

    /// The square on `file` (0 = west) and `rank` (0 = south), or `None` when the file or the
    /// rank is past every board's (a board has at most
    /// [`MAX_SQUARES`](crate::size::MAX_SQUARES) files or ranks). [`Square::on`] checks a given
    /// board.
    ///
    /// ```
    /// use bbconv_board::Square;
    /// assert_eq!(Square::new(4, 3).map(|s| s.to_string()), Some("e4".to_string()));
    /// assert_eq!(Square::new(4095, 0).map(|s| s.file()), Some(4095));
    /// assert_eq!(Square::new(4096, 0), None);
    /// assert_eq!(Square::new(0, 70_000), None); // never truncated to another square
    /// ```
    pub const fn new(file: usize, rank: usize) -> Option<Square> {
        if file < crate::size::MAX_SQUARES && rank < crate::size::MAX_SQUARES {
            Some(Square::at(file, rank))
        } else {
            None
        }
    }

    /// The square on `file` and `rank` when it lies on a board of `size`, else `None`.
    ///
    /// ```
    /// use bbconv_board::{Size, Square};
    /// assert!(Square::on(Size::CHESS, 7, 7).is_some());
    /// assert_eq!(Square::on(Size::CHESS, 8, 0), None);
    /// ```
    pub fn on(size: Size, file: usize, rank: usize) -> Option<Square> {
        (file < size.width() && rank < size.height()).then(|| Square::at(file, rank))
    }

    /// The square on `file` and `rank`, which the caller knows lie on a board (so below
    /// [`MAX_SQUARES`](crate::size::MAX_SQUARES), which fits 16 bits).
    pub(crate) const fn at(file: usize, rank: usize) -> Square {
        Square {
            file: file as u16,
            rank: rank as u16,
        }
    }

    /// The file, counted from the west from 0.
    #[inline]
    pub fn file(self) -> usize {
        self.file as usize
    }

    /// The rank, counted from the south from 0.
    #[inline]
    pub fn rank(self) -> usize {
        self.rank as usize
    }

    /// The canonical LERF index `W*rank + file`.
    #[inline]
    pub fn index(self, size: Size) -> usize {
        size.width() * self.rank() + self.file()
    }

    /// The square with canonical LERF index `i`, or `None` when `i` is off the board
    /// (`i >= W*H`).
    #[inline]
    pub fn from_index(size: Size, i: usize) -> Option<Square> {
        (i < size.squares()).then(|| Square::at(i % size.width(), i / size.width()))
    }

    /// Whether the square lies on a board of `size`.
    #[inline]
    pub fn is_on(self, size: Size) -> bool {
        self.file() < size.width() && self.rank() < size.height()
    }

    /// Reads a square and checks it lies on the board.
    pub fn parse_on(text: &str, size: Size) -> Result<Square, SquareError> {
        let sq: Square = text.parse()?;
        if sq.is_on(size) {
            Ok(sq)
        } else {
            Err(SquareError::OffBoard {
                text: text.to_string(),
                size,
            })
        }
    }

    /// The `(x,y)` form, `(file,rank)`.
    pub fn coords(self) -> String {
        format!("({},{})", self.file, self.rank)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.file < 26 {
            write!(f, "{}{}", (b'a' + self.file as u8) as char, self.rank + 1)
        } else {
            write!(f, "({},{})", self.file, self.rank)
        }
    }
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Square, SquareError> {
        let err = || SquareError::Syntax(s.to_string());
        let t = s.trim();
        if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            let (x, y) = inner.split_once(',').ok_or_else(err)?;
            let num = |p: &str| -> Result<usize, SquareError> {
                let p = p.trim();
                if p.is_empty() || p.len() > 5 || !p.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(err());
                }
                p.parse().map_err(|_| err())
            };
            let (x, y) = (num(x)?, num(y)?);
            return Square::new(x, y).ok_or_else(err);
        }
        let b = t.as_bytes();
        if b.len() < 2 || b.len() > 6 || !b[0].is_ascii_alphabetic() {
            return Err(err());
        }
        let file = (b[0].to_ascii_lowercase() - b'a') as usize;
        let digits = &t[1..];
        if !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
            return Err(err());
        }
        let rank: usize = digits.parse().map_err(|_| err())?;
        if rank == 0 {
            return Err(err());
        }
        Square::new(file, rank - 1).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!("a1".parse::<Square>().unwrap(), Square::at(0, 0));
        assert_eq!("H8".parse::<Square>().unwrap(), Square::at(7, 7));
        assert_eq!("s19".parse::<Square>().unwrap(), Square::at(18, 18));
        assert_eq!("( 2 , 3 )".parse::<Square>().unwrap(), Square::at(2, 3));
        for bad in [
            "", "a", "a0", "a01", "1a", "e4x", "(1,)", "(a,b)", "(1,2,3)",
        ] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert_eq!(Square::at(30, 2).to_string(), "(30,2)");
        assert!(Square::parse_on("i1", Size::CHESS).is_err());
    }
}
