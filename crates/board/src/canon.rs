//! Canonical images under a board's symmetries, for deduplicating datasets: of the images of a
//! board under the 8 symmetries of a square board (4 of any other: identity, both flips, the
//! half turn), the one whose key is smallest, and the symmetry that gives it.

use crate::ops::Symmetry;
use crate::{ternary, Bitboard, Pair, Size};

/// The symmetries that keep a board of `size` its size: all 8 on a square board, else the
/// identity, the two flips and the half turn. The identity is first, so that a board that is
/// already canonical keeps it on a tie.
pub fn symmetries(size: Size) -> &'static [Symmetry] {
    if size.width() == size.height() {
        &Symmetry::EIGHT
    } else {
        &Symmetry::EIGHT[..4]
    }
}

/// The image with the smallest key, and its symmetry (the first in [`symmetries`] order on a
/// tie); `None` only when `image` gives none.
///
/// ```
/// use bbconv_board::canon::{canonical, bitboard_key, symmetries};
/// use bbconv_board::ops::Symmetry;
/// use bbconv_board::{Bitboard, Size};
/// // A corner of a 3x3 board: the smallest image is a1 (bit 0).
/// let s = Size::new(3, 3).unwrap();
/// let i9 = Bitboard::from_u64(s, 1 << 8).unwrap();
/// let (sym, img) = canonical(symmetries(s), |y| y.apply(&i9).ok(), bitboard_key).unwrap();
/// assert_eq!(img.as_u64(), Some(1));
/// assert_eq!(sym, Symmetry::Rotate180);
/// ```
pub fn canonical<T, K: Ord>(
    syms: &[Symmetry],
    image: impl Fn(Symmetry) -> Option<T>,
    key: impl Fn(&T) -> K,
) -> Option<(Symmetry, T)> {
    let mut best: Option<(K, Symmetry, T)> = None;
    for &s in syms {
        let Some(img) = image(s) else { continue };
        let k = key(&img);
        if best.as_ref().is_none_or(|(b, _, _)| k < *b) {
            best = Some((k, s, img));
        }
    }
    best.map(|(_, s, img)| (s, img))
}

/// The key of one bitboard: its LERF number (smaller numbers first).
pub fn bitboard_key(bb: &Bitboard) -> Vec<u64> {
    bb.words().iter().rev().copied().collect()
}

/// The key of a pair: its packed bytes (default layout, LERF), compared as the packed hex
/// strings sort.
pub fn pair_key(p: &Pair) -> Vec<u8> {
    let mut out = Vec::new();
    let n = p.size().squares();
    ternary::pack_words(p.first().words(), p.second().words(), n, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every image of a board has the same canonical image, and applying the symmetry named
    /// to the board gives it.
    #[test]
    fn all_images_agree() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for (w, h) in [(3, 3), (8, 8), (7, 6), (4, 5)] {
            let size = Size::new(w, h).unwrap();
            for _ in 0..30 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mask = if size.squares() == 64 {
                    u64::MAX
                } else {
                    (1 << size.squares()) - 1
                };
                let a = Bitboard::from_u64(size, x & mask & 0x5555_5555_5555_5555).unwrap();
                let b = Bitboard::from_u64(
                    size,
                    x.rotate_left(7) & mask & !(x & 0x5555_5555_5555_5555),
                )
                .unwrap();
                let p = Pair::new(
                    a,
                    b.andnot(&Bitboard::from_u64(size, x & mask & 0x5555_5555_5555_5555).unwrap())
                        .unwrap(),
                )
                .unwrap();
                let image = |p: &Pair, s: Symmetry| {
                    Pair::new(s.apply(p.first()).ok()?, s.apply(p.second()).ok()?).ok()
                };
                let (s0, c0) = canonical(symmetries(size), |s| image(&p, s), pair_key).unwrap();
                assert_eq!(image(&p, s0).unwrap(), c0);
                for &s in symmetries(size) {
                    let q = image(&p, s).unwrap();
                    let (_, c) = canonical(symmetries(size), |t| image(&q, t), pair_key).unwrap();
                    assert_eq!(c, c0, "{size} {s:?}");
                }
            }
        }
    }
}
