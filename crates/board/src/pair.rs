//! The two-player pair: an ordered pair of disjoint bitboards (first -> trit 1, second -> trit 2).

use std::fmt;

use crate::{Bitboard, BitboardError, Order, Size, Square};

/// Two disjoint bitboards of one size: `first` (trit 1; White, uppercase, `X`) and `second`
/// (trit 2; Black, lowercase, `O`).
///
/// ```
/// use bbconv_board::{Bitboard, Order, Pair, Size};
/// let first = Bitboard::from_u64(Size::CHESS, 0b0001).unwrap();
/// let second = Bitboard::from_u64(Size::CHESS, 0b0100).unwrap();
/// let pair = Pair::new(first, second).unwrap();
/// assert_eq!(&pair.trits(Order::Lerf)[..3], &[1, 0, 2]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pair {
    first: Bitboard,
    second: Bitboard,
    /// The side to move, when the notation the pair was read from says (an Edax board's `X`
    /// or `O`); `None` otherwise. Exchanged with the sides by [`Pair::swapped`].
    pub turn: Option<Turn>,
    /// What the notation said after the board and the side to move, kept to be written back as
    /// it was (an OBF line's solutions, `; G8:+18; H1:+12;`). Moves and edits do not carry it.
    pub notes: Option<Box<str>>,
}

/// Which side of a [`Pair`] is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The first side (trit 1; White, `X`).
    First,
    /// The second side (trit 2; Black, `O`).
    Second,
}

impl Turn {
    /// The other side.
    pub fn other(self) -> Turn {
        match self {
            Turn::First => Turn::Second,
            Turn::Second => Turn::First,
        }
    }
}

/// Why two bitboards do not make a pair.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PairError {
    /// The two bitboards share squares (all of them listed, ascending).
    Overlap(Vec<Square>),
    /// The two bitboards have different sizes.
    Size(BitboardError),
    /// A trit was not 0, 1 or 2.
    BadTrit {
        /// Index of the digit, in the order it was read.
        index: usize,
        /// The value found.
        value: u8,
    },
    /// The number of trits is not `W*H`.
    TritCount {
        /// Trits found.
        found: usize,
        /// Trits expected.
        expected: usize,
    },
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairError::Overlap(sqs) => {
                let names: Vec<String> = sqs.iter().map(|s| s.to_string()).collect();
                write!(
                    f,
                    "first and second overlap on {} square{}: {}; a square can hold only one side",
                    sqs.len(),
                    if sqs.len() == 1 { "" } else { "s" },
                    names.join(" ")
                )
            }
            PairError::Size(e) => e.fmt(f),
            PairError::BadTrit { index, value } => {
                write!(f, "trit {index} is {value}: expected 0, 1 or 2")
            }
            PairError::TritCount { found, expected } => {
                write!(f, "found {found} trits, expected {expected}")
            }
        }
    }
}

impl std::error::Error for PairError {}

impl Pair {
    /// A pair from two bitboards; fails on different sizes or on overlap, naming every shared
    /// square.
    pub fn new(first: Bitboard, second: Bitboard) -> Result<Pair, PairError> {
        let both = first.and(&second).map_err(PairError::Size)?;
        if !both.is_empty() {
            return Err(PairError::Overlap(both.squares().collect()));
        }
        Ok(Pair::bare(first, second))
    }

    /// A pair of at most 64 squares from two LERF words, without allocation; `None` when the
    /// board has more than 64 squares, a bit at or above `W*H` is set, or the words overlap.
    ///
    /// ```
    /// use bbconv_board::{Pair, Size};
    /// assert!(Pair::small(Size::CHESS, 0xff, 0xff00).is_some());
    /// assert!(Pair::small(Size::CHESS, 0xff, 0x1ff).is_none());
    /// ```
    #[inline]
    pub fn small(size: Size, first: u64, second: u64) -> Option<Pair> {
        if first & second != 0 {
            return None;
        }
        Some(Pair::bare(
            Bitboard::small(size, first)?,
            Bitboard::small(size, second)?,
        ))
    }

    /// The empty pair of `size`.
    pub fn empty(size: Size) -> Pair {
        Pair::bare(Bitboard::empty(size), Bitboard::empty(size))
    }

    /// A pair of two checked bitboards, without a side to move or notes.
    #[inline]
    fn bare(first: Bitboard, second: Bitboard) -> Pair {
        Pair {
            first,
            second,
            turn: None,
            notes: None,
        }
    }

    /// A pair with `first` set and an empty `second`.
    pub fn from_first(first: Bitboard) -> Pair {
        let second = Bitboard::empty(first.size());
        Pair::bare(first, second)
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.first.size()
    }

    /// The first side's squares (trit 1).
    pub fn first(&self) -> &Bitboard {
        &self.first
    }

    /// The second side's squares (trit 2).
    pub fn second(&self) -> &Bitboard {
        &self.second
    }

    /// The occupied squares, `first | second`.
    pub fn occupied(&self) -> Bitboard {
        // The two sides of a pair have one size by construction.
        self.first.zip_same(&self.second, |a, b| a | b)
    }

    /// The pair with the roles exchanged (the side to move too).
    pub fn swapped(self) -> Pair {
        Pair {
            first: self.second,
            second: self.first,
            turn: self.turn.map(Turn::other),
            notes: self.notes,
        }
    }

    /// The same squares without the side to move and the notes: the board alone.
    pub fn board(&self) -> Pair {
        Pair::bare(self.first.clone(), self.second.clone())
    }

    /// The trit of canonical square index `i`: 0 empty, 1 first, 2 second.
    #[inline]
    pub fn trit_at(&self, i: usize) -> u8 {
        self.first.bit(i) as u8 | ((self.second.bit(i) as u8) << 1)
    }

    /// The `W*H` trits, digit `k` being the square with index `k` under `order`.
    pub fn trits(&self, order: Order) -> Vec<u8> {
        let size = self.size();
        let n = size.squares();
        let mut out = vec![0u8; n];
        if order == Order::Lerf {
            for i in self.first.indices() {
                out[i] = 1;
            }
            for i in self.second.indices() {
                out[i] = 2;
            }
        } else {
            for sq in self.first.squares() {
                out[order.index(size, sq)] = 1;
            }
            for sq in self.second.squares() {
                out[order.index(size, sq)] = 2;
            }
        }
        out
    }

    /// The pair whose trits under `order` are `trits` (exactly `W*H` values 0, 1 or 2).
    ///
    /// ```
    /// use bbconv_board::{Order, Pair, Size};
    /// let s = Size::new(3, 3).unwrap();
    /// let p = Pair::from_trits(s, Order::Lerf, &[2, 0, 1, 0, 1, 0, 1, 2, 0]).unwrap();
    /// assert_eq!(p.first().as_u64(), Some(84));
    /// assert_eq!(p.second().as_u64(), Some(129));
    /// assert!(Pair::from_trits(s, Order::Lerf, &[3; 9]).is_err());
    /// ```
    pub fn from_trits(size: Size, order: Order, trits: &[u8]) -> Result<Pair, PairError> {
        let n = size.squares();
        if trits.len() != n {
            return Err(PairError::TritCount {
                found: trits.len(),
                expected: n,
            });
        }
        let mut first = Bitboard::empty(size);
        let mut second = Bitboard::empty(size);
        for (k, &t) in trits.iter().enumerate() {
            let i = if order == Order::Lerf {
                k
            } else {
                // k < W*H: the length was checked above.
                order.square_on(size, k).index(size)
            };
            match t {
                0 => {}
                1 => first.set_bit(i),
                2 => second.set_bit(i),
                value => return Err(PairError::BadTrit { index: k, value }),
            }
        }
        Ok(Pair::bare(first, second))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_lists_every_square() {
        let s = Size::CHESS;
        let a = Bitboard::from_u64(s, 0b1011).unwrap();
        let b = Bitboard::from_u64(s, (1 << 63) | 0b1010).unwrap();
        let e = Pair::new(a, b).unwrap_err();
        assert_eq!(
            e.to_string(),
            "first and second overlap on 2 squares: b1 d1; a square can hold only one side"
        );
    }
}
