//! What a form is, declared once in the form's own module: a [`Spec`] value, whose type has
//! no defaults, so that a form that leaves out a fact does not compile. The list of the forms
//! in `lib.rs` (`forms!`) generates [`crate::Format`] and every per-form accessor from these
//! values; no other code keeps a list of forms.

use bbconv_board::Size;

use crate::{Framing, Holds, Need, Options, ParseError, RenderError, Value};

/// Everything bbconv needs to know about one form. No `Default`: every field is given.
pub(crate) struct Spec {
    /// The name used with `-f` and `-t`.
    pub(crate) name: &'static str,
    /// Other accepted names.
    pub(crate) aliases: &'static [&'static str],
    /// What the form holds.
    pub(crate) holds: Holds,
    /// A one-line description (`bbconv formats`, the help texts).
    pub(crate) description: &'static str,
    /// An example (8x8 unless it says otherwise).
    pub(crate) example: &'static str,
    /// A record says its board's size (no `--size` needed to read it).
    pub(crate) carries_size: bool,
    /// A record names its squares itself, so that no square order changes how it reads.
    pub(crate) names_squares: bool,
    /// How records are delimited in a stream.
    pub(crate) frame: Frame,
    /// What a reader must fill for this form's writer.
    pub(crate) need: Need,
    /// A reading of the record's bytes tried before the general one (before the text is
    /// checked as UTF-8): `Some` when it takes the record.
    pub(crate) fast: Option<FastRead>,
    /// The general reading of one record.
    pub(crate) read: Reader,
    /// The general writing of one value; `None` for a form read only.
    pub(crate) write: Option<Write>,
}

/// A reading of a record's bytes that takes it or leaves it to the general reading.
pub(crate) type FastRead = fn(&[u8], &Options) -> Option<Result<Value, ParseError>>;

/// A writer of one value, appending to the output.
pub(crate) type Write = fn(&Value, &Options, &mut Vec<u8>) -> Result<(), RenderError>;

/// How a form's general reading takes its record.
#[derive(Clone, Copy)]
pub(crate) enum Reader {
    /// As text: UTF-8, without a leading byte order mark.
    Text(fn(&str, &Options) -> Result<Value, ParseError>),
    /// As bytes (binary forms; SGF, whose comments may be in any encoding).
    Bytes(fn(&[u8], &Options) -> Result<Value, ParseError>),
}

/// How a form's records are delimited in a stream ([`Framing`], with a binary record's
/// length).
#[derive(Clone, Copy)]
pub(crate) enum Frame {
    /// One record a line.
    Line,
    /// Records separated by a blank line.
    Block,
    /// Whitespace-separated JSON values.
    Json,
    /// Fixed-size binary records: the bytes of one for a board size and a number of planes.
    Binary(fn(Size, usize) -> usize),
}

impl Frame {
    /// The framing a front end sees.
    pub(crate) const fn framing(self) -> Framing {
        match self {
            Frame::Line => Framing::Line,
            Frame::Block => Framing::Block,
            Frame::Json => Framing::Json,
            Frame::Binary(_) => Framing::Binary,
        }
    }
}
