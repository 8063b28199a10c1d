//! Finding what relates two boards: the square orders under which a number is an expected set,
//! the symmetries and short shifts that map one board onto another. The engine of `explain` and
//! `diff`.

use crate::ops::{shift, Direction, Symmetry};
use crate::{Bitboard, BitboardError, Numbering, Order, Pair, Size};

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
#[non_exhaustive]
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
#[non_exhaustive]
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

/// A change made to a number before it is read, as programs get them wrong: each is its own
/// inverse, on the `N` bits of the numbering it is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fix {
    /// Negated in two's complement (a signed print read as unsigned, or the reverse).
    Negate,
    /// Every bit flipped (the empty squares given instead of the occupied ones).
    Complement,
    /// The bytes in the other order (a byte dump of the other endianness).
    ByteSwap,
    /// The two 32-bit halves exchanged (a 64-bit number stored as two 32-bit words).
    HalvesSwap,
}

impl Fix {
    /// The sets of fixes tried, simplest first (negation and complement, which together
    /// make an off-by-one, are not combined).
    pub const COMBINATIONS: [&'static [Fix]; 12] = [
        &[],
        &[Fix::Negate],
        &[Fix::Complement],
        &[Fix::ByteSwap],
        &[Fix::HalvesSwap],
        &[Fix::Negate, Fix::ByteSwap],
        &[Fix::Complement, Fix::ByteSwap],
        &[Fix::Negate, Fix::HalvesSwap],
        &[Fix::Complement, Fix::HalvesSwap],
        &[Fix::ByteSwap, Fix::HalvesSwap],
        &[Fix::Negate, Fix::ByteSwap, Fix::HalvesSwap],
        &[Fix::Complement, Fix::ByteSwap, Fix::HalvesSwap],
    ];

    /// What the fix is, in words, for a number of `n` bits.
    pub fn describe(self, n: usize) -> String {
        match self {
            Fix::Negate => {
                format!("negated (two's complement in {n} bits: a signed/unsigned mix-up)")
            }
            Fix::Complement => "complemented (every bit flipped)".to_string(),
            Fix::ByteSwap => format!("with its {} bytes in the other order", n.div_ceil(8)),
            Fix::HalvesSwap => "with its 32-bit halves swapped".to_string(),
        }
    }

    /// `words` (the `n`-bit number, little-endian words) with the fix applied, or `None` when
    /// the fix does not apply to `n` bits (halves need 64, bytes a whole number of bytes).
    pub fn apply(self, words: &[u64], n: usize) -> Option<Vec<u64>> {
        let len = n.div_ceil(64);
        let mut w: Vec<u64> = (0..len)
            .map(|k| words.get(k).copied().unwrap_or(0))
            .collect();
        let mask_top = |w: &mut Vec<u64>| {
            if !n.is_multiple_of(64) {
                if let Some(last) = w.last_mut() {
                    *last &= (1u64 << (n % 64)) - 1;
                }
            }
        };
        match self {
            Fix::Negate => {
                let mut carry = 1u128;
                for x in w.iter_mut() {
                    let v = u128::from(!*x) + carry;
                    *x = v as u64;
                    carry = v >> 64;
                }
                mask_top(&mut w);
            }
            Fix::Complement => {
                for x in w.iter_mut() {
                    *x = !*x;
                }
                mask_top(&mut w);
            }
            Fix::ByteSwap => {
                if !n.is_multiple_of(8) {
                    return None;
                }
                let bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).take(n / 8).collect();
                let mut out = vec![0u64; len];
                for (k, b) in bytes.iter().rev().enumerate() {
                    out[k / 8] |= u64::from(*b) << (8 * (k % 8));
                }
                w = out;
            }
            Fix::HalvesSwap => {
                if n != 64 {
                    return None;
                }
                w[0] = w[0].rotate_left(32);
            }
        }
        Some(w)
    }
}

/// How a number is read: the fixes made to it, then a numbering.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reading {
    /// The numbering the (fixed) number is read in.
    pub numbering: Numbering,
    /// The fixes, in the order applied.
    pub fixes: Vec<Fix>,
}

/// Every reading of the number `raw` (its set bits, LERF, on a board of any size: only the
/// bit indices count) as a set of a `size` board: each numbering whose width holds the
/// number, with each combination of [`Fix::COMBINATIONS`] that applies; readings that set a
/// padding bit are left out. Simplest first: the plain readings under the numberings, then
/// one fix, and so on.
///
/// ```
/// use bbconv_board::mismatch::{readings, Fix};
/// use bbconv_board::{Bitboard, Numbering, Order, Size};
/// // White's pieces (0xffff) written by a program that dumps the bytes big-endian.
/// let raw = Bitboard::from_u64(Size::CHESS, 0xffff_u64.swap_bytes()).unwrap();
/// let white = Bitboard::from_u64(Size::CHESS, 0xffff).unwrap();
/// let hits: Vec<_> = readings(&raw, Size::CHESS)
///     .into_iter()
///     .filter(|(_, set)| *set == white)
///     .map(|(r, _)| r)
///     .collect();
/// // Read as BERLEF (ranks from the top), or as LERF with the bytes swapped.
/// assert_eq!(hits[0].numbering, Numbering::Order(Order::Berlef));
/// assert!(hits.iter().any(|r| r.numbering == Order::Lerf && r.fixes == [Fix::ByteSwap]));
/// ```
pub fn readings(raw: &Bitboard, size: Size) -> Vec<(Reading, Bitboard)> {
    Reading::all()
        .filter_map(|r| r.read(raw, size).map(|set| (r, set)))
        .collect()
}

impl Reading {
    /// Every reading, simplest first: the numberings with no fix, then with one fix, and so
    /// on ([`Fix::COMBINATIONS`]).
    pub fn all() -> impl Iterator<Item = Reading> {
        Fix::COMBINATIONS.into_iter().flat_map(|fixes| {
            Numbering::all().map(move |numbering| Reading {
                numbering,
                fixes: fixes.to_vec(),
            })
        })
    }

    /// The set of a `size` board that the number `raw` (its set bits, LERF; only the bit
    /// indices count) is under this reading, or `None` when the number is wider than the
    /// numbering, a fix does not apply to its width, or a padding bit ends up set.
    pub fn read(&self, raw: &Bitboard, size: Size) -> Option<Bitboard> {
        let n = self.numbering.span(size);
        let raw_size = self.numbering.raw_size(size).ok()?;
        if raw.msb().is_some_and(|m| m >= n) {
            return None;
        }
        let mut words = vec![0u64; n.div_ceil(64)];
        for i in raw.indices() {
            words[i / 64] |= 1 << (i % 64);
        }
        let fixed = self.fixes.iter().try_fold(words, |w, f| f.apply(&w, n))?;
        let number = Bitboard::from_words(raw_size, &fixed).ok()?;
        self.numbering.decode(size, &number).ok()
    }
}

/// How `got` misses `expected` by a little: one square different, or the whole set one
/// file or rank off. `None` when they are equal or further apart.
pub fn near_miss(got: &Bitboard, expected: &Bitboard) -> Option<String> {
    if got == expected || got.size() != expected.size() {
        return None;
    }
    for d in [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ] {
        // The same number of squares: a shift that drops one is not the whole set off.
        let whole = got.count() == expected.count() && !expected.is_empty();
        if whole && shift(got, d, 1).ok().as_ref() == Some(expected) {
            let what = if matches!(d, Direction::North | Direction::South) {
                "rank"
            } else {
                "file"
            };
            return Some(format!(
                "one {what} off (shifted one {what} {d}, the two are equal)"
            ));
        }
    }
    // One square off counts only where the rest agrees: two sets of one square each always
    // differ by one.
    let extra = got.andnot(expected).ok()?;
    let missing = expected.andnot(got).ok()?;
    if got.count() - extra.count() == 0 {
        return None;
    }
    let name = |b: &Bitboard| {
        b.squares()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match (extra.count(), missing.count()) {
        (1, 0) => Some(format!("one square too many: {}", name(&extra))),
        (0, 1) => Some(format!("one square missing: {}", name(&missing))),
        (1, 1) => Some(format!(
            "one square different: {} instead of {}",
            name(&extra),
            name(&missing)
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixes_are_their_own_inverse() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for n in [8usize, 9, 49, 64, 100, 128] {
            for _ in 0..50 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mut w = vec![x, x.rotate_left(17)];
                w.truncate(n.div_ceil(64));
                if !n.is_multiple_of(64) {
                    let last = w.len() - 1;
                    w[last] &= (1u64 << (n % 64)) - 1;
                }
                for f in [Fix::Negate, Fix::Complement, Fix::ByteSwap, Fix::HalvesSwap] {
                    if let Some(once) = f.apply(&w, n) {
                        assert_eq!(f.apply(&once, n).unwrap(), w, "{f:?} {n}");
                    }
                }
            }
        }
        // Two's complement: -1 is all ones; -0x100 in 64 bits is 0xffffffffffffff00.
        assert_eq!(Fix::Negate.apply(&[1], 64).unwrap(), [u64::MAX]);
        assert_eq!(Fix::Negate.apply(&[0x100], 64).unwrap(), [!0xff]);
        assert_eq!(Fix::HalvesSwap.apply(&[0x1], 64).unwrap(), [1 << 32]);
        assert_eq!(Fix::ByteSwap.apply(&[0x1], 16).unwrap(), [0x100]);
        assert_eq!(Fix::ByteSwap.apply(&[0x1], 9), None);
    }

    #[test]
    fn a_signed_print_of_the_a8_h8_corners_is_found() {
        // python-chess: chess.BB_A8 | chess.BB_H8 = 0x8100000000000000, which Java prints as
        // -9151314442816847872; read back as an unsigned number it is the negation.
        let corners = Bitboard::from_u64(Size::CHESS, 0x8100_0000_0000_0000).unwrap();
        let printed = (0x8100_0000_0000_0000u64 as i64).unsigned_abs();
        let raw = Bitboard::from_u64(Size::CHESS, printed).unwrap();
        let hit = readings(&raw, Size::CHESS)
            .into_iter()
            .find(|(_, set)| *set == corners)
            .map(|(r, _)| r)
            .unwrap();
        assert_eq!(hit.numbering, Order::Lerf);
        assert_eq!(hit.fixes, [Fix::Negate]);
    }

    #[test]
    fn near_misses_are_named() {
        let s = Size::CHESS;
        let bb = |v: u64| Bitboard::from_u64(s, v).unwrap();
        assert_eq!(
            near_miss(&bb(0b11), &bb(0b1)).unwrap(),
            "one square too many: b1"
        );
        assert_eq!(
            near_miss(&bb(0b110), &bb(0b101)).unwrap(),
            "one square different: b1 instead of a1"
        );
        // Two single squares: no near miss but a shift.
        assert!(near_miss(&bb(0b10), &bb(0b1))
            .unwrap()
            .starts_with("one file off"));
        assert_eq!(near_miss(&bb(0b100), &bb(0b1)), None);
        assert!(near_miss(&bb(0xff), &bb(0xff00))
            .unwrap()
            .starts_with("one rank off"));
        assert_eq!(near_miss(&bb(0xff), &bb(0xff)), None);
        assert_eq!(near_miss(&bb(0xf0f0), &bb(0x0f)), None);
    }
}
