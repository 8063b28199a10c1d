//! The board model of bbconv: board sizes, squares, square orders, bitboards, two-player pairs,
//! piece placements, base-3 packing, bitboard operations and square-order matching. It knows
//! nothing of text forms (those are in `bbconv-forms`) and has no dependencies.
//!
//! Conventions (written out in the repository's `docs/conventions.md`): a board is `W x H` with
//! `W*H <= 4096`; file 0 is the west, rank 0 the south; the canonical square index is LERF,
//! `W*rank + file`, as in [bibi/bitboard](https://hexdocs.pm/bibi/), the Gleam package this
//! numbering follows (square 0 bottom-left, then east, then north); a square order says how
//! bit `i` of a number maps to a square; a pair is (first, second) with first = trit 1 and
//! second = trit 2.
//!
//! ```
//! use bbconv_board::{Bitboard, Order, Pair, Size, Square};
//! let white = Bitboard::from_u64(Size::CHESS, 0xffff).unwrap();
//! let black = Bitboard::from_u64(Size::CHESS, 0xffff_0000_0000_0000).unwrap();
//! let pair = Pair::new(white, black).unwrap();
//! assert_eq!(pair.trit_at(Square::new(4, 0).unwrap().index(Size::CHESS)), 1);
//! assert_eq!(Order::Berlef.encode(pair.first()).as_u64(), Some(0xffff_0000_0000_0000));
//! ```

pub mod bigint;
pub mod bitboard;
pub mod canon;
pub mod mismatch;
pub mod name;
pub mod numbering;
pub mod ops;
pub mod order;
pub mod pair;
pub mod placement;
pub mod size;
pub mod square;
pub mod ternary;
pub mod train;
pub use bitboard::{Bitboard, BitboardError};
pub use name::NameError;
pub use numbering::{Numbering, NumberingError};
pub use order::{Order, OrderError};
pub use pair::{Pair, PairError, Turn};
pub use placement::Placement;
pub use size::{Size, SizeError};
pub use square::{Square, SquareError};
