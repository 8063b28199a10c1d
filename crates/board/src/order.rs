//! Square orders: the eight ways bit `i` of a number can map to a square (docs/conventions.md §2), and
//! re-ordering a bitboard between them.

use std::fmt;
use std::str::FromStr;

use crate::{Bitboard, Size, Square};

/// How bit `i` of an integer (or digit `i` of a trit string) maps to a square.
///
/// | order | index of square (f, r) | bit 0 (8x8) | bit 1 |
/// |---|---|---|---|
/// | `lerf` | `W*r + f` | a1 | b1 |
/// | `lerbef` | `W*r + (W-1-f)` | h1 | g1 |
/// | `berlef` (`berf`) | `W*(H-1-r) + f` | a8 | b8 |
/// | `berbef` | `W*(H-1-r) + (W-1-f)` | h8 | g8 |
/// | `lefr` | `H*f + r` | a1 | a2 |
/// | `lefber` | `H*f + (H-1-r)` | a8 | a7 |
/// | `befr` | `H*(W-1-f) + r` | h1 | h2 |
/// | `beber` | `H*(W-1-f) + (H-1-r)` | h8 | h7 |
///
/// ```
/// use bbconv_board::{Order, Size, Square};
/// let o: Order = "BERF".parse().unwrap();
/// assert_eq!(o, Order::Berlef);
/// assert_eq!(o.square(Size::CHESS, 0).unwrap().to_string(), "a8");
/// assert_eq!(o.square(Size::CHESS, 64), None);
/// assert_eq!(Order::Lefr.index(Size::CHESS, "a2".parse().unwrap()), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Order {
    /// Little-endian rank-file: `W*r + f` (a1 = 0, h1 = 7, a8 = 56). The default and bibi's order.
    #[default]
    Lerf,
    /// Little-endian rank, big-endian file: `W*r + (W-1-f)` (mirrored files).
    Lerbef,
    /// Big-endian rank, little-endian file: `W*(H-1-r) + f` (a8 = 0, reading order).
    Berlef,
    /// Big-endian rank-file: `W*(H-1-r) + (W-1-f)` (h8 = 0, bit-reversed LERF).
    Berbef,
    /// Little-endian file-rank: `H*f + r` (a1 = 0, a2 = 1; transposed).
    Lefr,
    /// Little-endian file, big-endian rank: `H*f + (H-1-r)`.
    Lefber,
    /// Big-endian file, little-endian rank: `H*(W-1-f) + r`.
    Befr,
    /// Big-endian file-rank: `H*(W-1-f) + (H-1-r)`.
    Beber,
}

/// An order name that is not one of the eight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderError(pub String);

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown square order '{}': expected one of {}",
            self.0,
            Order::NAMES.join(", ")
        )
    }
}

impl std::error::Error for OrderError {}

impl Order {
    /// All eight orders, in the table's order.
    pub const ALL: [Order; 8] = [
        Order::Lerf,
        Order::Lerbef,
        Order::Berlef,
        Order::Berbef,
        Order::Lefr,
        Order::Lefber,
        Order::Befr,
        Order::Beber,
    ];

    /// The canonical names, in the table's order (`berf` is also accepted for `berlef`).
    pub const NAMES: [&'static str; 8] = [
        "lerf", "lerbef", "berlef", "berbef", "lefr", "lefber", "befr", "beber",
    ];

    /// The canonical lowercase name.
    pub fn name(self) -> &'static str {
        Order::NAMES[self as usize]
    }

    /// The index formula, for help and `explain`.
    pub fn formula(self) -> &'static str {
        match self {
            Order::Lerf => "W*r + f",
            Order::Lerbef => "W*r + (W-1-f)",
            Order::Berlef => "W*(H-1-r) + f",
            Order::Berbef => "W*(H-1-r) + (W-1-f)",
            Order::Lefr => "H*f + r",
            Order::Lefber => "H*f + (H-1-r)",
            Order::Befr => "H*(W-1-f) + r",
            Order::Beber => "H*(W-1-f) + (H-1-r)",
        }
    }

    /// (file-major, ranks reversed, files reversed).
    #[inline]
    fn shape(self) -> (bool, bool, bool) {
        match self {
            Order::Lerf => (false, false, false),
            Order::Lerbef => (false, false, true),
            Order::Berlef => (false, true, false),
            Order::Berbef => (false, true, true),
            Order::Lefr => (true, false, false),
            Order::Lefber => (true, true, false),
            Order::Befr => (true, false, true),
            Order::Beber => (true, true, true),
        }
    }

    /// The bit index of `sq` on a board of `size` under this order.
    #[inline]
    pub fn index(self, size: Size, sq: Square) -> usize {
        let (w, h) = (size.width(), size.height());
        let (fm, rr, fr) = self.shape();
        let f = if fr { w - 1 - sq.file() } else { sq.file() };
        let r = if rr { h - 1 - sq.rank() } else { sq.rank() };
        if fm {
            h * f + r
        } else {
            w * r + f
        }
    }

    /// The square of bit index `i` under this order, or `None` when `i` is off the board
    /// (`i >= W*H`).
    #[inline]
    pub fn square(self, size: Size, i: usize) -> Option<Square> {
        (i < size.squares()).then(|| self.square_on(size, i))
    }

    /// Each square of the canonical set `bb` with its index under this order, by index.
    ///
    /// ```
    /// use bbconv_board::{Bitboard, Order, Size};
    /// let bb = Bitboard::from_u64(Size::CHESS, 1).unwrap(); // a1
    /// let v: Vec<(usize, String)> = Order::Berlef
    ///     .numbered(&bb)
    ///     .into_iter()
    ///     .map(|(i, sq)| (i, sq.to_string()))
    ///     .collect();
    /// assert_eq!(v, [(56, "a1".to_string())]);
    /// ```
    pub fn numbered(self, bb: &Bitboard) -> Vec<(usize, Square)> {
        let size = bb.size();
        let raw = self.encode(bb);
        // Every bit of a bitboard is on its board.
        raw.indices()
            .map(|i| (i, self.square_on(size, i)))
            .collect()
    }

    /// [`Order::square`] for an index known to be on the board.
    #[inline]
    pub(crate) fn square_on(self, size: Size, i: usize) -> Square {
        let (w, h) = (size.width(), size.height());
        let (fm, rr, fr) = self.shape();
        let (f, r) = if fm { (i / h, i % h) } else { (i % w, i / w) };
        let f = if fr { w - 1 - f } else { f };
        let r = if rr { h - 1 - r } else { r };
        Square::at(f, r)
    }

    /// The number (as a bitboard of raw bits, bit `i` = index `i` in this order) that
    /// represents the canonical set `bb`.
    pub fn encode(self, bb: &Bitboard) -> Bitboard {
        if self == Order::Lerf {
            return bb.clone();
        }
        let size = bb.size();
        if size == Size::CHESS {
            if let Some(v) = bb.as_u64() {
                if let Some(x) = fast8(self, v, false) {
                    return Bitboard::chess(x);
                }
            }
        }
        let mut out = Bitboard::empty(size);
        for sq in bb.squares() {
            out.set_bit(self.index(size, sq));
        }
        out
    }

    /// The canonical set whose number under this order is `raw` (the inverse of [`Order::encode`]).
    ///
    /// ```
    /// use bbconv_board::{Bitboard, Order, Size};
    /// // 0x80 read as BERBEF (h8 = bit 0) is the square a8.
    /// let raw = Bitboard::from_u64(Size::CHESS, 0x80).unwrap();
    /// let bb = Order::Berbef.decode(&raw);
    /// assert_eq!(bb.squares().map(|s| s.to_string()).collect::<Vec<_>>(), ["a8"]);
    /// assert_eq!(Order::Berbef.encode(&bb), raw);
    /// ```
    pub fn decode(self, raw: &Bitboard) -> Bitboard {
        if self == Order::Lerf {
            return raw.clone();
        }
        let size = raw.size();
        if size == Size::CHESS {
            if let Some(v) = raw.as_u64() {
                if let Some(x) = fast8(self, v, true) {
                    return Bitboard::chess(x);
                }
            }
        }
        let mut out = Bitboard::empty(size);
        for i in raw.indices() {
            out.set_bit(self.square_on(size, i).index(size));
        }
        out
    }

    /// Re-numbers an integer from order `from` to order `to`.
    pub fn reorder(raw: &Bitboard, from: Order, to: Order) -> Bitboard {
        if from == to {
            return raw.clone();
        }
        to.encode(&from.decode(raw))
    }
}

/// Bit tricks for 8x8 boards; `inverse` selects decode (only differs for non-involutions).
#[inline]
fn fast8(order: Order, v: u64, inverse: bool) -> Option<u64> {
    Some(match order {
        Order::Lerf => v,
        Order::Lerbef => mirror8(v),
        Order::Berlef => v.swap_bytes(),
        Order::Berbef => v.reverse_bits(),
        Order::Lefr => transpose8(v),
        // lefber = transpose of berlef: index 8f + (7-r)
        Order::Lefber => {
            if inverse {
                transpose8(v).swap_bytes()
            } else {
                transpose8(v.swap_bytes())
            }
        }
        Order::Befr => {
            if inverse {
                mirror8(transpose8(v))
            } else {
                transpose8(mirror8(v))
            }
        }
        Order::Beber => transpose8(v.reverse_bits()),
    })
}

#[inline]
fn mirror8(mut x: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    x = ((x >> 1) & K1) | ((x & K1) << 1);
    x = ((x >> 2) & K2) | ((x & K2) << 2);
    ((x >> 4) & K4) | ((x & K4) << 4)
}

/// Flip about the a1-h8 diagonal: square (f, r) goes to (r, f).
#[inline]
fn transpose8(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Order {
    type Err = OrderError;

    fn from_str(s: &str) -> Result<Order, OrderError> {
        let l = s.trim().to_ascii_lowercase();
        if l == "berf" {
            return Ok(Order::Berlef);
        }
        Order::NAMES
            .iter()
            .position(|n| *n == l)
            .map(|k| Order::ALL[k])
            .ok_or_else(|| OrderError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_paths_match_formula() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let raw = Bitboard::from_u64(Size::CHESS, x).unwrap();
            for o in Order::ALL {
                let mut slow_dec = Bitboard::empty(Size::CHESS);
                for i in raw.indices() {
                    slow_dec.set_bit(o.square(Size::CHESS, i).unwrap().index(Size::CHESS));
                }
                assert_eq!(o.decode(&raw), slow_dec, "{o} decode");
                let mut slow_enc = Bitboard::empty(Size::CHESS);
                for sq in raw.squares() {
                    slow_enc.set_bit(o.index(Size::CHESS, sq));
                }
                assert_eq!(o.encode(&raw), slow_enc, "{o} encode");
            }
        }
    }

    #[test]
    fn names_and_inverse() {
        for o in Order::ALL {
            assert_eq!(o.name().parse::<Order>().unwrap(), o);
            assert_eq!(o.name().to_uppercase().parse::<Order>().unwrap(), o);
            let s = Size::new(5, 3).unwrap();
            for i in 0..15 {
                assert_eq!(o.index(s, o.square(s, i).unwrap()), i);
            }
        }
        let e = "zig".parse::<Order>().unwrap_err().to_string();
        assert!(e.contains("lerf, lerbef, berlef"), "{e}");
    }
}
