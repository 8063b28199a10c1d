//! The FEN form's spec: a placement read on its bytes when it is the common 8x8 one, else by
//! the general reading, and checked against the size given.

use bbconv_board::placement::Placement;

use super::{parse_general, parse_small, render};
use crate::spec::{Frame, Reader, Spec};
use crate::{Holds, Need, Options, ParseError, Value};

/// A placement read from FEN as a value, checked against the size given.
pub(crate) fn value(
    pl: Result<Placement, ParseError>,
    opts: &Options,
) -> Result<Value, ParseError> {
    let pl = pl?;
    opts.check_size(pl.size())?;
    Ok(Value::Pieces(pl))
}

/// The `fen` form.
pub(crate) const SPEC: Spec = Spec {
    name: "fen",
    aliases: &[],
    holds: Holds::Any,
    pieces: true,
    description: "FEN placement (chess or any-size variant), optionally with its other fields.",
    example: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    carries_size: true,
    names_squares: true,
    one_number: false,
    frame: Frame::Line,
    need: Need::All,
    fixed: None,
    fast: Some(|r, o| parse_small(r, o).map(Value::Pieces)),
    read: Reader::Text(|t, o| value(parse_general(t, o), o)),
    write: Some(|v, o, out| {
        render(&v.to_placement(o), out);
        Ok(())
    }),
};
