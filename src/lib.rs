//! bbconv: exact conversions between game-board representations.
//!
//! The board model ([`Size`], [`Square`], [`Order`], [`Bitboard`], [`Pair`], [`Placement`],
//! [`ternary`]) knows nothing of text; [`format`](mod@format) reads and writes every text and binary form.
//!
//! Conventions (the project's `spec.md`): a board is `W x H` with `W*H <= 4096`; file 0 is the
//! west, rank 0 the south; the canonical square index is LERF, `W*rank + file`; square orders
//! say how bit `i` of a number maps to a square; a pair is (first, second) with first = trit 1.
//!
//! ```
//! use bbconv::format::{parse, render, Format, Options};
//! let opts = Options::default();
//! let v = parse(Format::Fen, b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", &opts).unwrap();
//! let mut out = Vec::new();
//! render(Format::Pair, &v, &opts, &mut out).unwrap();
//! assert_eq!(out, b"0x000000000000ffff 0xffff000000000000");
//! ```

mod bigint;
pub mod bitboard;
pub mod format;
pub mod mismatch;
pub mod ops;
pub mod order;
pub mod pair;
pub mod placement;
pub mod size;
pub mod square;
pub mod stream;
pub mod ternary;

pub use bitboard::{Bitboard, BitboardError};
pub use order::{Order, OrderError};
pub use pair::{Pair, PairError};
pub use placement::Placement;
pub use size::{Size, SizeError};
pub use square::{Square, SquareError};
