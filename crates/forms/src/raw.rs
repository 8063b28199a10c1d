//! Numbers of a board under a numbering: the board a number is read on, a number read as the
//! canonical set and a set written as a number, with the numbering's errors as the forms' errors.

use bbconv_board::{Bitboard, Numbering, Size};

use crate::{ErrorKind, ParseError, RenderError, RenderErrorKind};

/// The board a number of a `size` board is read as under `order` (see
/// [`Numbering::raw_size`]).
pub(crate) fn raw_size(order: Numbering, size: Size) -> Result<Size, ParseError> {
    order
        .raw_size(size)
        .map_err(|e| ParseError::of(ErrorKind::Length, None, e.to_string()))
}

/// The canonical set of a number read under `order` (a padding bit set is an error that
/// names it).
pub(crate) fn from_raw(
    order: Numbering,
    size: Size,
    raw: &Bitboard,
) -> Result<Bitboard, ParseError> {
    order
        .decode(size, raw)
        .map_err(|e| ParseError::of(ErrorKind::OffBoard, None, e.to_string()))
}

/// The number of `bb` under `order` (a square without a number is an error that names it).
pub(crate) fn to_raw(order: Numbering, bb: &Bitboard) -> Result<Bitboard, RenderError> {
    order.encode(bb).map_err(numbering_error)
}

/// A board that a numbering cannot carry, as a render error.
pub(crate) fn numbering_error(e: bbconv_board::NumberingError) -> RenderError {
    RenderError::new(RenderErrorKind::Unsupported, e.to_string())
}
