//! The `Bitboard`: a set of squares on a board of any size, stored in canonical LERF bit order.
//!
//! Boards of at most 64 squares are kept in one `u64` with no allocation, so every operation on
//! them is a few machine instructions; larger boards (up to 4096 squares) use a boxed word slice.

use std::fmt;

use crate::{Size, Square};

#[derive(Clone, PartialEq, Eq, Hash)]
enum Words {
    One(u64),
    Many(Box<[u64]>),
}

/// A set of squares on a `W x H` board. Bit `i` (counting words little-endian) is the square
/// with canonical LERF index `i = W*rank + file`; bits at or above `W*H` are always clear.
///
/// ```
/// use bbconv_board::{Bitboard, Size, Square};
/// let bb = Bitboard::from_u64(Size::CHESS, 0xffff).unwrap();
/// assert_eq!(bb.count(), 16);
/// assert!(bb.contains(Square::new(4, 1).unwrap())); // e2
/// assert_eq!(bb.as_u64(), Some(0xffff));
/// // bibi's 3x3 tic-tac-toe example: X on a3, b2, c1 is 84.
/// let ttt = Bitboard::from_squares(Size::new(3, 3).unwrap(), ["a3", "b2", "c1"].map(|s| s.parse().unwrap())).unwrap();
/// assert_eq!(ttt.as_u64(), Some(84));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Bitboard {
    size: Size,
    words: Words,
}

/// Why a bitboard could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BitboardError {
    /// A bit at or above `W*H` was set.
    BitBeyond {
        /// The lowest offending bit.
        bit: usize,
        /// The board size.
        size: Size,
    },
    /// A square outside the board was named.
    OffBoard {
        /// The square.
        square: Square,
        /// The board size.
        size: Size,
    },
    /// Two bitboards of different sizes were combined.
    SizeMismatch {
        /// The left operand's size.
        left: Size,
        /// The right operand's size.
        right: Size,
    },
}

impl fmt::Display for BitboardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BitboardError::BitBeyond { bit, size } => write!(
                f,
                "bit {bit} is set but a {size} board has only bits 0 to {}",
                size.squares() - 1
            ),
            BitboardError::OffBoard { square, size } => {
                write!(
                    f,
                    "square {square} ({}) is off the {size} board",
                    square.coords()
                )
            }
            BitboardError::SizeMismatch { left, right } => {
                write!(f, "board sizes differ: {left} and {right}")
            }
        }
    }
}

impl std::error::Error for BitboardError {}

#[inline]
fn low_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

impl Bitboard {
    /// The empty bitboard of `size`.
    pub fn empty(size: Size) -> Bitboard {
        let words = if size.squares() <= 64 {
            Words::One(0)
        } else {
            Words::Many(vec![0; size.words()].into_boxed_slice())
        };
        Bitboard { size, words }
    }

    /// Every square of `size` set.
    pub fn full(size: Size) -> Bitboard {
        let mut bb = Bitboard::empty(size);
        let n = size.squares();
        for (k, w) in bb.words_mut().iter_mut().enumerate() {
            *w = low_mask(n - 64 * k);
        }
        bb
    }

    /// A bitboard of at most 64 squares from its LERF integer; fails on a bit at or above `W*H`.
    pub fn from_u64(size: Size, value: u64) -> Result<Bitboard, BitboardError> {
        Bitboard::from_words(size, &[value])
    }

    /// A bitboard from its LERF words (least significant word first). Missing words are 0;
    /// a set bit at or above `W*H` is an error naming the lowest such bit.
    pub fn from_words(size: Size, words: &[u64]) -> Result<Bitboard, BitboardError> {
        let n = size.squares();
        for (k, &w) in words.iter().enumerate() {
            let allowed = if 64 * k >= n { 0 } else { low_mask(n - 64 * k) };
            let extra = w & !allowed;
            if extra != 0 {
                return Err(BitboardError::BitBeyond {
                    bit: 64 * k + extra.trailing_zeros() as usize,
                    size,
                });
            }
        }
        let mut bb = Bitboard::empty(size);
        let dst = bb.words_mut();
        let m = dst.len().min(words.len());
        dst[..m].copy_from_slice(&words[..m]);
        Ok(bb)
    }

    /// A bitboard with the given squares set; fails on a square off the board.
    pub fn from_squares<I: IntoIterator<Item = Square>>(
        size: Size,
        squares: I,
    ) -> Result<Bitboard, BitboardError> {
        let mut bb = Bitboard::empty(size);
        for sq in squares {
            if !sq.is_on(size) {
                return Err(BitboardError::OffBoard { square: sq, size });
            }
            bb.set_bit(sq.index(size));
        }
        Ok(bb)
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The LERF words, least significant first (`ceil(W*H/64)` of them).
    #[inline]
    pub fn words(&self) -> &[u64] {
        match &self.words {
            Words::One(w) => std::slice::from_ref(w),
            Words::Many(ws) => ws,
        }
    }

    #[inline]
    fn words_mut(&mut self) -> &mut [u64] {
        match &mut self.words {
            Words::One(w) => std::slice::from_mut(w),
            Words::Many(ws) => ws,
        }
    }

    /// The LERF integer of a board of at most 64 squares, `None` for larger boards.
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        match self.words {
            Words::One(w) => Some(w),
            Words::Many(_) => None,
        }
    }

    /// Whether canonical bit `i` is set (false for `i >= W*H`).
    #[inline]
    pub fn bit(&self, i: usize) -> bool {
        self.words()
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// Sets canonical bit `i`; ignored when `i >= W*H`.
    #[inline]
    pub fn set_bit(&mut self, i: usize) {
        if i < self.size.squares() {
            self.words_mut()[i / 64] |= 1 << (i % 64);
        }
    }

    /// Clears canonical bit `i`.
    #[inline]
    pub fn clear_bit(&mut self, i: usize) {
        if let Some(w) = self.words_mut().get_mut(i / 64) {
            *w &= !(1 << (i % 64));
        }
    }

    /// Whether `sq` is in the set (false when it is off the board).
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        sq.is_on(self.size) && self.bit(sq.index(self.size))
    }

    /// Adds `sq`; fails when it is off the board.
    pub fn insert(&mut self, sq: Square) -> Result<(), BitboardError> {
        if !sq.is_on(self.size) {
            return Err(BitboardError::OffBoard {
                square: sq,
                size: self.size,
            });
        }
        self.set_bit(sq.index(self.size));
        Ok(())
    }

    /// Number of squares set (popcount).
    pub fn count(&self) -> usize {
        self.words().iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether no square is set.
    pub fn is_empty(&self) -> bool {
        self.words().iter().all(|&w| w == 0)
    }

    /// The canonical indices of the set squares, ascending.
    pub fn indices(&self) -> Indices<'_> {
        Indices {
            words: self.words(),
            k: 0,
            cur: self.words().first().copied().unwrap_or(0),
        }
    }

    /// The set squares, ascending by canonical index.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let size = self.size;
        self.indices()
            .map(move |i| Square::at(i % size.width(), i / size.width()))
    }

    /// The lowest set canonical index.
    pub fn lsb(&self) -> Option<usize> {
        self.indices().next()
    }

    /// The highest set canonical index.
    pub fn msb(&self) -> Option<usize> {
        self.words()
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &w)| w != 0)
            .map(|(k, w)| 64 * k + 63 - w.leading_zeros() as usize)
    }

    fn zip(
        &self,
        other: &Bitboard,
        f: impl Fn(u64, u64) -> u64,
    ) -> Result<Bitboard, BitboardError> {
        if self.size != other.size {
            return Err(BitboardError::SizeMismatch {
                left: self.size,
                right: other.size,
            });
        }
        Ok(self.zip_same(other, f))
    }

    /// [`Bitboard::zip`] for two bitboards known to have one size (the two sides of a pair).
    pub(crate) fn zip_same(&self, other: &Bitboard, f: impl Fn(u64, u64) -> u64) -> Bitboard {
        debug_assert_eq!(self.size, other.size);
        let mut out = self.clone();
        for (a, b) in out.words_mut().iter_mut().zip(other.words()) {
            *a = f(*a, *b);
        }
        out
    }

    /// The 8x8 bitboard of a LERF integer: every `u64` is one.
    ///
    /// ```
    /// use bbconv_board::Bitboard;
    /// assert_eq!(Bitboard::chess(0x81).count(), 2);
    /// ```
    pub fn chess(value: u64) -> Bitboard {
        let mut bb = Bitboard::empty(Size::CHESS);
        bb.words_mut()[0] = value;
        bb
    }

    /// A bitboard of at most 64 squares from its LERF word, without allocation; `None` when the
    /// board has more than 64 squares or a bit at or above `W*H` is set.
    ///
    /// ```
    /// use bbconv_board::{Bitboard, Size};
    /// assert_eq!(Bitboard::small(Size::CHESS, 7).map(|b| b.count()), Some(3));
    /// assert!(Bitboard::small(Size::new(3, 3).unwrap(), 1 << 9).is_none());
    /// ```
    #[inline]
    pub fn small(size: Size, value: u64) -> Option<Bitboard> {
        let n = size.squares();
        (n <= 64 && (n == 64 || value >> n == 0)).then_some(Bitboard {
            size,
            words: Words::One(value),
        })
    }

    /// Squares in both; the sizes must match.
    pub fn and(&self, other: &Bitboard) -> Result<Bitboard, BitboardError> {
        self.zip(other, |a, b| a & b)
    }

    /// Squares in either; the sizes must match.
    pub fn or(&self, other: &Bitboard) -> Result<Bitboard, BitboardError> {
        self.zip(other, |a, b| a | b)
    }

    /// Squares in exactly one; the sizes must match.
    pub fn xor(&self, other: &Bitboard) -> Result<Bitboard, BitboardError> {
        self.zip(other, |a, b| a ^ b)
    }

    /// Squares in `self` but not in `other`; the sizes must match.
    pub fn andnot(&self, other: &Bitboard) -> Result<Bitboard, BitboardError> {
        self.zip(other, |a, b| a & !b)
    }

    /// The complement within the board.
    pub fn not(&self) -> Bitboard {
        let full = Bitboard::full(self.size);
        let mut out = self.clone();
        for (a, m) in out.words_mut().iter_mut().zip(full.words()) {
            *a = !*a & m;
        }
        out
    }

    /// The same squares on a board of another size, by (file, rank); squares that do not fit are
    /// dropped.
    pub fn resized(&self, size: Size) -> Bitboard {
        let mut out = Bitboard::empty(size);
        for sq in self.squares() {
            if sq.is_on(size) {
                out.set_bit(sq.index(size));
            }
        }
        out
    }

    /// Builds the image of `self` under a map of squares onto a board of `size`
    /// (squares mapped off the board are dropped).
    pub fn map_squares(&self, size: Size, f: impl Fn(Square) -> Option<Square>) -> Bitboard {
        let mut out = Bitboard::empty(size);
        for sq in self.squares() {
            if let Some(t) = f(sq) {
                if t.is_on(size) {
                    out.set_bit(t.index(size));
                }
            }
        }
        out
    }
}

/// Iterator over set canonical indices; see [`Bitboard::indices`].
pub struct Indices<'a> {
    words: &'a [u64],
    k: usize,
    cur: u64,
}

impl Iterator for Indices<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.cur != 0 {
                let t = self.cur.trailing_zeros() as usize;
                self.cur &= self.cur - 1;
                return Some(64 * self.k + t);
            }
            self.k += 1;
            self.cur = *self.words.get(self.k)?;
        }
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({} ", self.size)?;
        for w in self.words().iter().rev() {
            write!(f, "{w:016x}")?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basics() {
        let s = Size::new(10, 10).unwrap();
        let mut bb = Bitboard::empty(s);
        bb.set_bit(99);
        bb.set_bit(3);
        bb.set_bit(64);
        assert_eq!(bb.indices().collect::<Vec<_>>(), vec![3, 64, 99]);
        assert_eq!(bb.msb(), Some(99));
        assert_eq!(bb.lsb(), Some(3));
        assert_eq!(bb.not().count(), 97);
        assert_eq!(Bitboard::full(s).count(), 100);
        assert_eq!(
            Bitboard::from_words(s, &[0, 1 << 36]),
            Err(BitboardError::BitBeyond { bit: 100, size: s })
        );
        assert_eq!(
            Bitboard::from_u64(Size::new(3, 3).unwrap(), 1 << 9),
            Err(BitboardError::BitBeyond {
                bit: 9,
                size: Size::new(3, 3).unwrap()
            })
        );
        let a = Bitboard::empty(Size::CHESS);
        assert!(a.and(&bb).is_err());
    }
}
