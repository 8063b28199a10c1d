//! Finding what relates two boards: the square orders under which a number is an expected set,
//! the symmetries and short shifts that map one board onto another. The engine of `explain` and
//! `diff`.

use crate::ops::{shift, Direction, Symmetry};
use crate::{Bitboard, BitboardError, Order, Pair};

/// A way to read a number: which orders make it the expected set.
///
/// ```
/// use bbconv_board::{Bitboard, Order, Size};
/// use bbconv_board::mismatch::orders_giving;
/// // An engine numbering squares with a8 = 0 prints the white king on e1 as bit 60.
/// let raw = Bitboard::from_u64(Size::CHESS, 1 << 60).unwrap();
/// let e1 = Bitboard::from_u64(Size::CHESS, 1 << 4).unwrap();
/// assert_eq!(orders_giving(&raw, &e1), vec![Order::Berlef]);
/// ```
pub fn orders_giving(raw: &Bitboard, expected: &Bitboard) -> Vec<Order> {
    Order::ALL
        .into_iter()
        .filter(|o| o.decode(raw) == *expected)
        .collect()
}

/// The order whose reading of `raw` is closest to `expected` (fewest differing squares; the first
/// in table order on a tie), with the squares only in the reading and only in the expected set.
/// The two must have one size.
pub fn closest_order(
    raw: &Bitboard,
    expected: &Bitboard,
) -> Result<(Order, Bitboard, Bitboard), BitboardError> {
    let mut best: Option<(usize, Order, Bitboard, Bitboard)> = None;
    for o in Order::ALL {
        let got = o.decode(raw);
        let extra = got.andnot(expected)?;
        let missing = expected.zip_same(&got, |a, b| a & !b);
        let d = extra.count() + missing.count();
        if best.as_ref().is_none_or(|b| d < b.0) {
            best = Some((d, o, extra, missing));
        }
    }
    // Order::ALL is not empty, so there is a best order.
    let (_, o, a, b) = best.ok_or(BitboardError::SizeMismatch {
        left: raw.size(),
        right: expected.size(),
    })?;
    Ok((o, a, b))
}

/// A board of one or two layers, for comparisons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layers {
    /// One bitboard.
    One(Bitboard),
    /// A pair.
    Two(Pair),
}

impl Layers {
    fn map(&self, f: impl Fn(&Bitboard) -> Option<Bitboard>) -> Option<Layers> {
        Some(match self {
            Layers::One(b) => Layers::One(f(b)?),
            Layers::Two(p) => Layers::Two(Pair::new(f(p.first())?, f(p.second())?).ok()?),
        })
    }

    /// Whether nothing is set.
    pub fn is_empty(&self) -> bool {
        match self {
            Layers::One(b) => b.is_empty(),
            Layers::Two(p) => p.first().is_empty() && p.second().is_empty(),
        }
    }
}

/// A transformation found to map A onto B.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mapping {
    /// A symmetry of the grid.
    Symmetry(Symmetry),
    /// A shift of `n` squares.
    Shift(Direction, usize),
}

/// Every symmetry (those that fit B's size) and every shift of 1 to `max_shift` squares in the 8
/// directions that maps `a` exactly onto `b`.
pub fn mappings(a: &Layers, b: &Layers, max_shift: usize) -> Vec<Mapping> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for s in Symmetry::EIGHT.into_iter().chain([Symmetry::Transpose]) {
        if let Some(img) = a.map(|x| s.apply(x).ok()) {
            if img == *b && !seen.contains(&s.as_order()) {
                seen.push(s.as_order());
                out.push(Mapping::Symmetry(s));
            }
        }
    }
    for n in 1..=max_shift {
        for d in Direction::ALL {
            if let Some(img) = a.map(|x| shift(x, d, n as i64).ok()) {
                if img == *b {
                    out.push(Mapping::Shift(d, n));
                }
            }
        }
    }
    out
}
