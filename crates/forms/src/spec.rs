//! What a form is, declared once in the form's own module: a [`Spec`] value, whose type has
//! no defaults, so that a form that leaves out a fact does not compile. The list of the forms
//! in `lib.rs` (`forms!`) generates [`crate::Format`] and every per-form accessor from these
//! values; no other code keeps a list of forms.

use bbconv_board::Size;

use crate::{Format, Framing, Holds, Need, Options, ParseError, RenderError, Value};

/// Everything bbconv needs to know about one form. No `Default`: every field is given.
pub(crate) struct Spec {
    /// The name used with `-f` and `-t`.
    pub(crate) name: &'static str,
    /// Other accepted names.
    pub(crate) aliases: &'static [&'static str],
    /// What the form holds.
    pub(crate) holds: Holds,
    /// Its reading gives piece letters (a [`Value::Pieces`]) whatever the record: a position.
    pub(crate) pieces: bool,
    /// A one-line description (`bbconv formats`, the help texts).
    pub(crate) description: &'static str,
    /// An example (8x8 unless it says otherwise).
    pub(crate) example: &'static str,
    /// A record says its board's size (no `--size` needed to read it).
    pub(crate) carries_size: bool,
    /// A record names its squares itself, so that no square order changes how it reads.
    pub(crate) names_squares: bool,
    /// A record's text is one number (`int`, `hex`, ..., `literal`, `base2`): `explain` and
    /// `infer` read it once, then place its bits under each numbering.
    pub(crate) one_number: bool,
    /// How records are delimited in a stream.
    pub(crate) frame: Frame,
    /// What a reader must fill for this form's writer.
    pub(crate) need: Need,
    /// The form that writes this board as fixed-size binary records (`packed` as
    /// `packed-bin`; a binary form itself), if there is one.
    pub(crate) fixed: Option<Format>,
    /// A word path tried on the record's bytes before the general reading (before the text
    /// is checked as UTF-8): `Some` when it takes the record. The general reading alone
    /// (`parse_general`, the reference) does not try it.
    pub(crate) fast: Option<FastRead>,
    /// The general reading of one record.
    pub(crate) read: Reader,
    /// The general writing of one value; `None` for a form read only.
    pub(crate) write: Option<Write>,
}

impl Spec {
    /// A form of one bitboard on one line, read and written under the square orders, with no
    /// size of its own (the integers, the digit strings): every other fact is this one's, and
    /// a form that differs says so (`Spec { one_number: true, ..Spec::one_bitboard(...) }`).
    pub(crate) const fn one_bitboard(
        name: &'static str,
        aliases: &'static [&'static str],
        description: &'static str,
        example: &'static str,
        read: Reader,
        write: Write,
    ) -> Spec {
        Spec {
            name,
            aliases,
            holds: Holds::One,
            pieces: false,
            description,
            example,
            carries_size: false,
            names_squares: false,
            one_number: false,
            frame: Frame::Line,
            need: Need::Sides,
            fixed: None,
            fast: None,
            read,
            write: Some(write),
        }
    }
}

/// A word path of a record's bytes: the value when it takes the record, else `None` (the
/// general reading then says what it is, or what is wrong).
pub(crate) type FastRead = fn(&[u8], &Options) -> Option<Value>;

/// A writer of one value, appending to the output.
pub(crate) type Write = fn(&Value, &Options, &mut Vec<u8>) -> Result<(), RenderError>;

/// How a form's general reading takes its record.
#[derive(Clone, Copy)]
pub(crate) enum Reader {
    /// As text: UTF-8, without a leading byte order mark.
    Text(fn(&str, &Options) -> Result<Value, ParseError>),
    /// As bytes (binary forms; SGF, whose comments may be in any encoding).
    Bytes(fn(&[u8], &Options) -> Result<Value, ParseError>),
    /// As bytes when `when` says so of them (`auto` and an SGF game tree), else as text.
    Either {
        /// Whether the record is read as bytes.
        when: fn(&[u8]) -> bool,
        /// The reading of the bytes.
        bytes: fn(&[u8], &Options) -> Result<Value, ParseError>,
        /// The reading of the text.
        text: fn(&str, &Options) -> Result<Value, ParseError>,
    },
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

#[cfg(test)]
mod tests {
    use bbconv_board::{Numbering, Size};

    use crate::{convert, parse, render, Format, Framing, Layer, Need, Options, Value};

    /// The options that write a one-bitboard form from a two-player board.
    fn first() -> Options {
        Options {
            layer: Some(Layer::First),
            ..Options::default()
        }
    }

    /// A form carries its size exactly when a 10x10 board written in it reads back, with no
    /// size given, as a 10x10 board. A form that cannot write that board (Edax, 8x8 only) or
    /// writes none (`paste`) reads its example with no size given; `auto` carries what the
    /// form it detects carries.
    #[test]
    fn carries_size_is_what_reading_without_a_size_does() {
        let size: Size = "10x10".parse().unwrap();
        let sized = Options {
            size: Some(size),
            ..first()
        };
        let mut trits = vec![b'0'; size.squares()];
        (trits[0], trits[2]) = (b'1', b'2');
        let board = parse(Format::Trits, &trits, &sized).unwrap();
        for &form in Format::ALL.iter().filter(|&&f| f != Format::Auto) {
            let mut out = Vec::new();
            if render(form, &board, &sized, &mut out).is_err() {
                let example = parse(form, form.example().as_bytes(), &Options::default());
                assert!(
                    !form.carries_size() || example.is_ok() || form.is_input_only(),
                    "{form}"
                );
                continue;
            }
            let read = parse(form, &out, &Options::default());
            let carried = matches!(&read, Ok(v) if v.size() == size);
            assert_eq!(carried, form.carries_size(), "{form}: {read:?}");
        }
    }

    /// What a writer needs is what it writes: a position converted (the reader told what the
    /// writer needs) is written as its general reading is, for every form, and a form needs
    /// everything exactly when it writes a position otherwise than its two sides (the chess
    /// start, or kings on the squares a draughts board uses). The two sides written reads back
    /// as piece letters exactly in the forms that read pieces.
    #[test]
    fn need_is_what_the_writer_writes() {
        let opts = first();
        let fens: [&[u8]; 2] = [
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            b"8/8/8/8/8/8/8/K1k5 w - - 0 1",
        ];
        for &form in Format::ALL.iter().filter(|f| !f.is_input_only()) {
            let mut more_than_sides = false;
            for fen in fens {
                let value = parse(Format::Fen, fen, &opts).unwrap();
                let (mut converted, mut rendered) = (Vec::new(), Vec::new());
                let c = convert(Format::Fen, form, fen, &opts, &mut converted);
                let r = render(form, &value, &opts, &mut rendered);
                assert_eq!(c.is_ok(), r.is_ok(), "{form}");
                assert_eq!(converted, rendered, "{form}");
                let sides = Value::Pair(value.to_pair());
                let mut from_sides = Vec::new();
                let s = render(form, &sides, &opts, &mut from_sides);
                if s.is_ok() {
                    let back = parse(form, &from_sides, &opts);
                    let pieces = matches!(back, Ok(Value::Pieces(_)));
                    assert_eq!(pieces, form.reads_pieces(), "{form}: {back:?}");
                }
                more_than_sides |= (s.is_ok(), from_sides) != (r.is_ok(), rendered);
            }
            assert_eq!(form.need() == Need::All, more_than_sides, "{form}");
        }
    }

    /// A binary form's framing and its record length agree, and a record of that length reads;
    /// a binary form is its own fixed-size form, and a form's fixed-size form holds its board.
    #[test]
    fn binary_forms_have_a_record_length() {
        for &form in Format::ALL {
            if let Some(fixed) = form.fixed() {
                assert!(fixed.is_binary() && fixed.holds() == form.holds(), "{form}");
            }
            assert!(!form.is_binary() || form.fixed() == Some(form), "{form}");
            let len = form.record_len(Size::CHESS, 12, Numbering::default());
            assert_eq!(form.is_binary(), len > 0, "{form}");
            assert_eq!(form.framing() == Framing::Binary, len > 0, "{form}");
            if len > 0 {
                assert!(
                    parse(form, &vec![0; len], &Options::default()).is_ok(),
                    "{form}"
                );
            }
        }
    }

    /// `auto` reads an SGF game tree on its bytes (a comment may be in any encoding), in the
    /// general reading as in the fast one.
    #[test]
    fn auto_reads_an_sgf_on_its_bytes() {
        let sgf = b"(;CA[GB2312]SZ[9]AB[aa]C[\xc4\xe3])";
        let opts = Options::default();
        let read = parse(Format::Auto, sgf, &opts);
        assert!(read.is_ok(), "{read:?}");
        assert_eq!(read, crate::parse_general(Format::Auto, sgf, &opts));
    }
}
