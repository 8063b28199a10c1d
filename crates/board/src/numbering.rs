//! Numberings of a board's squares for numbers and digit strings: the eight square orders, and
//! the layouts engines use that leave gaps (0x88, the 10x12 mailbox, Connect Four's sentinel
//! row) or number only some squares (draughts' dark squares) (docs/conventions.md §2).

use std::fmt;
use std::str::FromStr;

use crate::{Bitboard, Order, Pair, Size, Square};

/// How bit `i` of a number (or digit `i` of a trit string) maps to a square: one of the eight
/// [`Order`]s, or a layout with more bits than squares (the others are padding, always 0) or
/// fewer (only the dark squares are numbered).
///
/// | layout | bit of square (f, r) | bits | anchors (8x8) |
/// |---|---|---|---|
/// | `0x88` | `2W*r + f` (files W..2W-1 padding) | `2W*H` | a1 = 0, h1 = 7, a8 = 0x70, h8 = 0x77 |
/// | `mailbox` | `(W+2)*(r+2) + f + 1` (a border of 1 file, 2 ranks) | `(W+2)*(H+4)` | a1 = 21, h1 = 28, a8 = 91, h8 = 98 |
/// | `sentinel` | `(H+1)*f + r` (row H of each column padding) | `W*(H+1)` | 7x6: a1 = 0, a6 = 5, b1 = 7, g6 = 47 |
/// | `draughts` | dark squares (a1 dark), top rank first, west to east; bit k = square k+1 | `ceil(W*H/2)` | 8x8: b8 = 1, h8 = 4, a1 = 29, g1 = 32; 10x10: b10 = 1, a1 = 46, i1 = 50 |
///
/// ```
/// use bbconv_board::{Bitboard, Numbering, Size};
/// let x88: Numbering = "0x88".parse().unwrap();
/// let h8 = Bitboard::from_u64(Size::CHESS, 1 << 63).unwrap();
/// assert_eq!(x88.encode(&h8).unwrap().lsb(), Some(0x77));
/// let raw = x88.encode(&h8).unwrap();
/// assert_eq!(x88.decode(Size::CHESS, &raw).unwrap(), h8);
/// // A bit on the padding is an error that names it.
/// let mut bad = Bitboard::empty(raw.size());
/// bad.set_bit(8);
/// assert!(x88.decode(Size::CHESS, &bad).unwrap_err().to_string().contains("bit 8"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Numbering {
    /// One of the eight square orders: every bit a square.
    Order(Order),
    /// 0x88: 16 bits a rank on 8x8 (`2W` in general), the right half off the board.
    X88,
    /// The 10x12 mailbox (`(W+2) x (H+4)` in general): a1 is index 21.
    Mailbox,
    /// Connect Four after John Tromp: a column at a time, bottom up, with one sentinel bit
    /// above each column (`bit = column * (H+1) + row`).
    Sentinel,
    /// Draughts: only the dark squares (a1 is dark) are numbered, from the top rank down and
    /// west to east in each rank, as the PDN standard and the federations number them (1-32
    /// on 8x8, 1-50 on 10x10); bit `k` is square number `k + 1`.
    Draughts,
}

impl Default for Numbering {
    fn default() -> Numbering {
        Numbering::Order(Order::Lerf)
    }
}

impl From<Order> for Numbering {
    fn from(o: Order) -> Numbering {
        Numbering::Order(o)
    }
}

impl PartialEq<Order> for Numbering {
    fn eq(&self, o: &Order) -> bool {
        *self == Numbering::Order(*o)
    }
}

/// A number or a board that a numbering cannot carry.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumberingError {
    /// A set bit on a padding or sentinel position.
    Padding {
        /// The layout.
        numbering: Numbering,
        /// The bit.
        bit: usize,
        /// What the position is.
        what: String,
    },
    /// A square the layout gives no number (a light square under `draughts`).
    NoNumber {
        /// The layout.
        numbering: Numbering,
        /// The square.
        square: Square,
    },
    /// The layout's number is wider than bbconv supports for this board.
    TooWide {
        /// The layout.
        numbering: Numbering,
        /// The board.
        size: Size,
    },
}

impl fmt::Display for NumberingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberingError::Padding {
                numbering,
                bit,
                what,
            } => write!(
                f,
                "bit {bit} is set but is {what} in the {numbering} layout: expected 0 there"
            ),
            NumberingError::NoNumber { numbering, square } => write!(
                f,
                "square {square} has no number in the {numbering} layout: only the dark squares \
                 (a1, c1, ..., b2, ...) are numbered"
            ),
            NumberingError::TooWide { numbering, size } => write!(
                f,
                "the {numbering} layout of a {size} board has more than {} bits",
                crate::size::MAX_SQUARES
            ),
        }
    }
}

impl std::error::Error for NumberingError {}

/// A name that is neither an order nor a layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberingNameError(pub String);

impl fmt::Display for NumberingNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown square order '{}': expected one of {}, or a layout: {}",
            self.0,
            Order::NAMES.join(", "),
            Numbering::LAYOUT_NAMES.join(", ")
        )
    }
}

impl std::error::Error for NumberingNameError {}

impl Numbering {
    /// The four layouts beyond the eight orders.
    pub const LAYOUTS: [Numbering; 4] = [
        Numbering::X88,
        Numbering::Mailbox,
        Numbering::Sentinel,
        Numbering::Draughts,
    ];

    /// The layouts' canonical names, in [`Numbering::LAYOUTS`] order.
    pub const LAYOUT_NAMES: [&'static str; 4] = ["0x88", "mailbox", "sentinel", "draughts"];

    /// Every numbering: the eight orders, then the layouts.
    pub fn all() -> impl Iterator<Item = Numbering> {
        Order::ALL
            .into_iter()
            .map(Numbering::Order)
            .chain(Numbering::LAYOUTS)
    }

    /// The canonical name.
    pub fn name(self) -> &'static str {
        match self {
            Numbering::Order(o) => o.name(),
            Numbering::X88 => "0x88",
            Numbering::Mailbox => "mailbox",
            Numbering::Sentinel => "sentinel",
            Numbering::Draughts => "draughts",
        }
    }

    /// The index formula, for help and `show`.
    pub fn formula(self) -> &'static str {
        match self {
            Numbering::Order(o) => o.formula(),
            Numbering::X88 => "2W*r + f (0x88: files W..2W-1 are padding)",
            Numbering::Mailbox => "(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)",
            Numbering::Sentinel => "(H+1)*f + r (Connect Four: row H is a sentinel)",
            Numbering::Draughts => "dark squares from the top rank, 1-based: bit k = square k+1",
        }
    }

    /// The order, when this is one of the eight.
    pub fn as_order(self) -> Option<Order> {
        match self {
            Numbering::Order(o) => Some(o),
            _ => None,
        }
    }

    /// The order square names and `(x,y)` pairs are listed in under this numbering: its own
    /// order, or LERF under a layout (names are geometric; only their order follows).
    pub fn listing_order(self) -> Order {
        self.as_order().unwrap_or_default()
    }

    /// The number of bits (digits) of a board of `size` in this numbering.
    pub fn span(self, size: Size) -> usize {
        let (w, h) = (size.width(), size.height());
        match self {
            Numbering::Order(_) => w * h,
            Numbering::X88 => 2 * w * h,
            Numbering::Mailbox => (w + 2) * (h + 4),
            Numbering::Sentinel => w * (h + 1),
            Numbering::Draughts => (w * h).div_ceil(2),
        }
    }

    /// The board whose LERF bits are this numbering's bits: numbers are read and written as
    /// bitboards of this size.
    pub fn raw_size(self, size: Size) -> Result<Size, NumberingError> {
        let (w, h) = (size.width(), size.height());
        let too_wide = |_| NumberingError::TooWide {
            numbering: self,
            size,
        };
        match self {
            Numbering::Order(_) => Ok(size),
            Numbering::X88 => Size::new(2 * w, h).map_err(too_wide),
            Numbering::Mailbox => Size::new(w + 2, h + 4).map_err(too_wide),
            Numbering::Sentinel => Size::new(h + 1, w).map_err(too_wide),
            Numbering::Draughts => Size::new(self.span(size), 1).map_err(too_wide),
        }
    }

    /// The widest number any numbering gives a board of `size`, as a one-rank board: the size
    /// a number is read in before each numbering reads its bits (`explain`, `diff`, `infer`).
    pub fn widest(size: Size) -> Size {
        let n = Numbering::all()
            .filter_map(|n| n.raw_size(size).ok())
            .map(Size::squares)
            .max()
            .unwrap_or(size.squares());
        Size::new(n, 1).unwrap_or(size)
    }

    /// The bit of `sq` on a board of `size`, or `None` for a square without a number (a light
    /// square under `draughts`).
    pub fn index(self, size: Size, sq: Square) -> Option<usize> {
        let (w, h) = (size.width(), size.height());
        let (f, r) = (sq.file(), sq.rank());
        Some(match self {
            Numbering::Order(o) => o.index(size, sq),
            Numbering::X88 => 2 * w * r + f,
            Numbering::Mailbox => (w + 2) * (r + 2) + f + 1,
            Numbering::Sentinel => (h + 1) * f + r,
            Numbering::Draughts => {
                if (f + r) % 2 != 0 {
                    return None;
                }
                // Ranks above r: (H-1)/2 - r/2 even ones (ceil(W/2) dark squares each), the
                // rest odd (floor(W/2) each); then the dark squares west of f in rank r.
                let above = h - 1 - r;
                let even = (h - 1) / 2 - r / 2;
                even * w.div_ceil(2) + (above - even) * (w / 2) + f / 2
            }
        })
    }

    /// The square of bit `i`, or what the bit is when it is no square (padding, a sentinel,
    /// or past the end).
    pub fn square(self, size: Size, i: usize) -> Result<Square, String> {
        let (w, h) = (size.width(), size.height());
        if i >= self.span(size) {
            return Err(format!("past the last bit ({})", self.span(size) - 1));
        }
        match self {
            Numbering::Order(o) => o.square(size, i).ok_or_else(|| "off the board".into()),
            Numbering::X88 => {
                let (f, r) = (i % (2 * w), i / (2 * w));
                if f < w {
                    Ok(Square::at(f, r))
                } else {
                    Err(format!(
                        "padding (column {f} of its rank; columns {w} to {} are off the board)",
                        2 * w - 1
                    ))
                }
            }
            Numbering::Mailbox => {
                let (x, y) = (i % (w + 2), i / (w + 2));
                if (1..=w).contains(&x) && (2..h + 2).contains(&y) {
                    Ok(Square::at(x - 1, y - 2))
                } else {
                    Err("the mailbox's border".into())
                }
            }
            Numbering::Sentinel => {
                let (f, r) = (i / (h + 1), i % (h + 1));
                if r < h {
                    Ok(Square::at(f, r))
                } else {
                    Err(format!("the sentinel above {}", Square::at(f, h - 1)))
                }
            }
            Numbering::Draughts => {
                // Ranks from the top, each with its count of dark squares.
                let mut k = i;
                for r in (0..h).rev() {
                    let n = if r % 2 == 0 { w.div_ceil(2) } else { w / 2 };
                    if k < n {
                        return Ok(Square::at(2 * k + r % 2, r));
                    }
                    k -= n;
                }
                Err("past the last dark square".into())
            }
        }
    }

    /// The number (as a bitboard of [`Numbering::raw_size`], bit `i` = index `i`) of the
    /// canonical set `bb`.
    pub fn encode(self, bb: &Bitboard) -> Result<Bitboard, NumberingError> {
        if let Numbering::Order(o) = self {
            return Ok(o.encode(bb));
        }
        let size = bb.size();
        let mut raw = Bitboard::empty(self.raw_size(size)?);
        for sq in bb.squares() {
            let i = self.index(size, sq).ok_or(NumberingError::NoNumber {
                numbering: self,
                square: sq,
            })?;
            raw.set_bit(i);
        }
        Ok(raw)
    }

    /// The canonical set of a board of `size` whose number is `raw` (a bitboard of
    /// [`Numbering::raw_size`]; the inverse of [`Numbering::encode`]).
    pub fn decode(self, size: Size, raw: &Bitboard) -> Result<Bitboard, NumberingError> {
        if let Numbering::Order(o) = self {
            return Ok(o.decode(raw));
        }
        let mut bb = Bitboard::empty(size);
        for i in raw.indices() {
            let sq = self
                .square(size, i)
                .map_err(|what| NumberingError::Padding {
                    numbering: self,
                    bit: i,
                    what,
                })?;
            bb.set_bit(sq.index(size));
        }
        Ok(bb)
    }

    /// Each square of the canonical set `bb` with its bit in this numbering, by bit.
    pub fn numbered(self, bb: &Bitboard) -> Result<Vec<(usize, Square)>, NumberingError> {
        if let Numbering::Order(o) = self {
            return Ok(o.numbered(bb));
        }
        let size = bb.size();
        let mut v = bb
            .squares()
            .map(|sq| {
                self.index(size, sq)
                    .map(|i| (i, sq))
                    .ok_or(NumberingError::NoNumber {
                        numbering: self,
                        square: sq,
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        v.sort_unstable();
        Ok(v)
    }

    /// The trits of `pair`, digit `k` being bit `k` of this numbering (padding digits 0).
    pub fn trits(self, pair: &Pair) -> Result<Vec<u8>, NumberingError> {
        if let Numbering::Order(o) = self {
            return Ok(pair.trits(o));
        }
        let (f, s) = (self.encode(pair.first())?, self.encode(pair.second())?);
        let mut out = vec![0u8; self.span(pair.size())];
        for i in f.indices() {
            out[i] = 1;
        }
        for i in s.indices() {
            out[i] = 2;
        }
        Ok(out)
    }

    /// The pair of a board of `size` whose trits in this numbering are `trits` (exactly
    /// [`Numbering::span`] values 0, 1 or 2; padding digits 0).
    pub fn pair_of_trits(self, size: Size, trits: &[u8]) -> Result<Pair, String> {
        if let Numbering::Order(o) = self {
            return Pair::from_trits(size, o, trits).map_err(|e| e.to_string());
        }
        let n = self.span(size);
        if trits.len() != n {
            return Err(format!(
                "found {} trits, expected {n} (the {self} layout of a {size} board)",
                trits.len()
            ));
        }
        let raw_size = self.raw_size(size).map_err(|e| e.to_string())?;
        let (mut f, mut s) = (Bitboard::empty(raw_size), Bitboard::empty(raw_size));
        for (k, &t) in trits.iter().enumerate() {
            match t {
                0 => {}
                1 => f.set_bit(k),
                2 => s.set_bit(k),
                v => return Err(format!("trit {k} is {v}: expected 0, 1 or 2")),
            }
        }
        let f = self.decode(size, &f).map_err(|e| e.to_string())?;
        let s = self.decode(size, &s).map_err(|e| e.to_string())?;
        // Disjoint by construction: each digit is one side or none.
        Pair::new(f, s).map_err(|e| e.to_string())
    }
}

impl fmt::Display for Numbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Numbering {
    type Err = NumberingNameError;

    /// An order name (see [`Order`]) or a layout: `0x88` (`x88`), `mailbox` (`10x12`),
    /// `sentinel` (`tromp`, `connect4`), `draughts` (`pdn`).
    fn from_str(s: &str) -> Result<Numbering, NumberingNameError> {
        if let Ok(o) = s.parse::<Order>() {
            return Ok(Numbering::Order(o));
        }
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "0x88" | "x88" => Numbering::X88,
            "mailbox" | "10x12" => Numbering::Mailbox,
            "sentinel" | "tromp" | "connect4" => Numbering::Sentinel,
            "draughts" | "pdn" => Numbering::Draughts,
            _ => return Err(NumberingNameError(s.to_string())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// The chessprogramming wiki's tables: 0x88 (a1 = 0x00, h1 = 0x07, a8 = 0x70, h8 = 0x77,
    /// e4 = 0x34) and the 10x12 mailbox (a1 = 21, h1 = 28, a8 = 91, h8 = 98, e4 = 55).
    #[test]
    fn chessprogramming_anchors() {
        let s = Size::CHESS;
        for (name, x88, mailbox) in [
            ("a1", 0x00, 21),
            ("h1", 0x07, 28),
            ("a8", 0x70, 91),
            ("h8", 0x77, 98),
            ("e4", 0x34, 55),
            ("d5", 0x43, 64),
        ] {
            assert_eq!(Numbering::X88.index(s, sq(name)), Some(x88), "{name}");
            assert_eq!(
                Numbering::Mailbox.index(s, sq(name)),
                Some(mailbox),
                "{name}"
            );
        }
        assert_eq!(Numbering::X88.span(s), 128);
        assert_eq!(Numbering::Mailbox.span(s), 120);
        // Every index with x & 0x88 != 0 is off the board, every other one on it.
        for i in 0..128 {
            assert_eq!(Numbering::X88.square(s, i).is_ok(), i & 0x88 == 0, "{i:#x}");
        }
    }

    /// John Tromp's Connect Four layout on 7x6: bit = 7 * column + row, bits 6, 13, ...
    /// the sentinels, 49 bits in all.
    #[test]
    fn tromp_connect_four() {
        let s = Size::new(7, 6).unwrap();
        assert_eq!(Numbering::Sentinel.span(s), 49);
        assert_eq!(Numbering::Sentinel.index(s, Square::at(0, 0)), Some(0));
        assert_eq!(Numbering::Sentinel.index(s, Square::at(0, 5)), Some(5));
        assert_eq!(Numbering::Sentinel.index(s, Square::at(1, 0)), Some(7));
        assert_eq!(Numbering::Sentinel.index(s, Square::at(6, 5)), Some(47));
        let sentinels: Vec<usize> = (0..49)
            .filter(|&i| Numbering::Sentinel.square(s, i).is_err())
            .collect();
        assert_eq!(sentinels, [6, 13, 20, 27, 34, 41, 48]);
    }

    /// The PDN numbering: 8x8 squares 1-4 on b8 d8 f8 h8, 5 on a7, 29-32 on a1 c1 e1 g1;
    /// 10x10 squares 1-5 on b10..j10, 6 on a9, 46-50 on a1..i1.
    #[test]
    fn pdn_dark_squares() {
        let n = |size: Size, name: &str| Numbering::Draughts.index(size, sq(name)).map(|i| i + 1);
        let s8 = Size::CHESS;
        for (name, num) in [
            ("b8", 1),
            ("h8", 4),
            ("a7", 5),
            ("g7", 8),
            ("a1", 29),
            ("g1", 32),
        ] {
            assert_eq!(n(s8, name), Some(num), "{name}");
        }
        assert_eq!(n(s8, "a8"), None);
        assert_eq!(Numbering::Draughts.span(s8), 32);
        let s10 = Size::new(10, 10).unwrap();
        for (name, num) in [("b10", 1), ("j10", 5), ("a9", 6), ("a1", 46), ("i1", 50)] {
            assert_eq!(n(s10, name), Some(num), "{name}");
        }
        assert_eq!(Numbering::Draughts.span(s10), 50);
    }

    /// Every layout numbers the squares one to one on boards of many shapes, and bits that
    /// are no square are reported as such.
    #[test]
    fn layouts_are_one_to_one() {
        for (w, h) in [(1, 1), (3, 2), (7, 6), (8, 8), (10, 10), (5, 9), (19, 19)] {
            let size = Size::new(w, h).unwrap();
            for l in Numbering::LAYOUTS {
                let raw = l.raw_size(size).unwrap();
                assert_eq!(raw.squares(), l.span(size), "{l} {size}");
                let mut seen = vec![false; l.span(size)];
                for r in 0..h {
                    for f in 0..w {
                        let s = Square::at(f, r);
                        let Some(i) = l.index(size, s) else {
                            assert_eq!(l, Numbering::Draughts);
                            continue;
                        };
                        assert!(!seen[i], "{l} {size} {s}");
                        seen[i] = true;
                        assert_eq!(l.square(size, i), Ok(s), "{l} {size} bit {i}");
                    }
                }
                for (i, seen) in seen.into_iter().enumerate() {
                    assert_eq!(l.square(size, i).is_ok(), seen, "{l} {size} bit {i}");
                }
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for n in Numbering::all() {
            assert_eq!(n.name().parse::<Numbering>(), Ok(n));
        }
        assert_eq!("10x12".parse::<Numbering>(), Ok(Numbering::Mailbox));
        let e = "zig".parse::<Numbering>().unwrap_err().to_string();
        assert!(e.contains("0x88, mailbox, sentinel, draughts"), "{e}");
    }
}
