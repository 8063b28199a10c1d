//! What a form is, declared once in the form's own module: a [`Spec`] value, whose type has
//! no defaults, so that a form that leaves out a fact does not compile, and its word paths
//! ([`WordPaths`], with what a path is told: [`Writing`], [`Words`]). The list of the forms
//! (`list.rs`) generates [`crate::Format`], every per-form accessor and the dispatch from these;
//! no other code keeps a list of forms.

use bbconv_board::{Bitboard, Order, Pair, Size};

use crate::board::{Board, Repr};
use crate::fen::fast::ReadChess;
use crate::{Format, Framing, GridStyle, Holds, Need, Options, ParseError, RenderError, Value};

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
    /// Of a form whose record may say its own reading whatever the square order (a JSON
    /// object with an `order` member, say): why a record does, in words, or `None`.
    pub(crate) own_reading: Option<fn(&str) -> Option<String>>,
    /// What a cell of a table detected as this form is under `-f auto`.
    pub(crate) in_table: InTable,
    /// How `explain` and `infer` read a record under every convention.
    pub(crate) readings: Readings,
    /// How records are delimited in a stream.
    pub(crate) frame: Frame,
    /// Of a form whose records may span lines in a way of their own (SGF's parentheses, a
    /// printed board's shape): the rule of `span.rs` that says where a record ends.
    pub(crate) spans: Option<crate::span::SpanMode>,
    /// What a reader must fill for this form's writer.
    pub(crate) need: Need,
    /// The form that writes this board as fixed-size binary records (`packed` as
    /// `packed-bin`; a binary form itself), if there is one.
    pub(crate) fixed: Option<Format>,
    /// In an array (numpy's rows, Arrow's fixed-size lists) a record of this form is 64-bit
    /// words, not bytes: `pair`'s two sides (a word each, more for a board over 64 squares),
    /// `planes-bin`'s planes.
    pub(crate) words: bool,
    /// A record is bytes with no length of their own: a file holds its hex, one record a
    /// line, and a container that carries a length (a Python `bytes`, an Arrow binary value)
    /// holds the raw bytes (BinaryFen).
    pub(crate) raw_bytes: bool,
    /// Its rules for `-f auto` (`detect.rs` tries every form's rules in the order of their
    /// rank); none for a form never guessed (name it with `-f`).
    pub(crate) detect: &'static [crate::detect::Rule],
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
    /// a form that differs says so (`Spec { readings: Readings::Numbers, ..Spec::one_bitboard(...) }`).
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
            own_reading: None,
            in_table: InTable::Any,
            readings: Readings::Plain,
            frame: Frame::Line,
            spans: None,
            need: Need::Sides,
            fixed: None,
            words: false,
            raw_bytes: false,
            detect: &[],
            fast: None,
            read,
            write: Some(write),
        }
    }
}

/// A form's word paths: its records read straight into a [`Board`]'s words, and a board
/// written from its words, with no [`Value`] between, at three sizes: 8x8 (`*_chess`, LERF and
/// the default layout), at most 64 squares (`*_small`, LERF) and 65 to 512 squares (`*_wide`,
/// LERF and the default layout). The conversion settles those conditions; any other option a
/// path does not honour (`--coords`, `--to-coords`, a grid style, `--layer`) the path checks
/// itself, here in the form's module, and gives the record to the general reading or writing
/// by answering "not taken" (`false`, `None`). Every item's default is "not taken": a form with
/// no path of a kind leaves it out and loses only speed, never exactness (the general reading
/// and writing, which every path is tested against, take the record). The list of the forms
/// (`forms!`) names each form's implementing type and generates the dispatch.
pub(crate) trait WordPaths {
    /// Whether a record goes to the FEN reader first ([`FenFirst`]): the conversion's kernels
    /// hand it straight there.
    const FEN_FIRST: FenFirst = FenFirst::NEVER;

    /// Reads an 8x8 record into `board`; `false`, with `board` untouched, when not taken.
    #[inline(always)]
    fn read_chess<'r, R: ReadChess>(
        _r: &R,
        _record: &'r [u8],
        _opts: &Options,
        _need: Need,
        _board: &mut Board<'r>,
    ) -> bool {
        false
    }

    /// Of a [`WordPaths::FEN_FIRST`] form: the reading of a record the FEN reader did not take.
    #[inline(always)]
    fn read_after_fen<'r, R: ReadChess>(
        _r: &R,
        _record: &'r [u8],
        _opts: &Options,
        _need: Need,
        _board: &mut Board<'r>,
    ) -> bool {
        false
    }

    /// Under `-f auto`, a record of the shape this form's writer gives (the shape the
    /// detection rules, the form's `DETECT`, give this form, looked at in a few bytes): `Some`
    /// with whether the 8x8 word path read it (`false`: detection then decides), `None` for a
    /// record of another shape. The forms' shapes do not overlap: a record is of one form's at
    /// most (`auto`'s word paths ask every form's, in the list's order).
    #[inline(always)]
    fn read_shaped<'r, R: ReadChess>(
        _r: &R,
        _record: &'r [u8],
        _opts: &Options,
        _need: Need,
        _board: &mut Board<'r>,
    ) -> Option<bool> {
        None
    }

    /// Reads a record of a board of `size` (at most 64 squares, LERF), trimmed of ASCII
    /// whitespace, into words (not yet checked to fit `size` nor to be disjoint: the caller
    /// checks).
    #[inline(always)]
    fn read_small(_t: &[u8], _size: Size, _opts: &Options) -> Option<Words> {
        None
    }

    /// Reads a record of a board of `n` squares (65 to 512), trimmed of ASCII whitespace, into
    /// the two sides' words (`n.div_ceil(64)` each, zeroed); whether it was read.
    #[inline(always)]
    fn read_wide(_t: &[u8], _n: usize, _sides: [&mut [u64]; 2]) -> bool {
        false
    }

    /// Writes an 8x8 FEN record read by `r` (the sides exchanged when `swap`) with no board
    /// between: [`Direct::NotTried`] when the form or the options need the board.
    #[inline(always)]
    fn write_from_fen<R: ReadChess>(
        _r: &R,
        _record: &[u8],
        _swap: bool,
        _opts: &Options,
        _out: &mut Vec<u8>,
    ) -> Direct {
        Direct::NotTried
    }

    /// Writes the FEN of an 8x8 record of this form (the sides exchanged when `swap`) with no
    /// board between, as the FEN form writes the board [`WordPaths::read_chess`] reads (the
    /// conversion offers it only where the FEN writer takes that board's words), at the start
    /// of `buf`, its length into `end` (the caller appends it); `false` when not taken.
    #[inline(always)]
    fn write_fen<R: ReadChess>(
        _r: &R,
        _record: &[u8],
        _swap: bool,
        _opts: &Options,
        _buf: &mut crate::train::words::FenBuffer,
        _end: &mut usize,
    ) -> bool {
        false
    }

    /// Writes an 8x8 board from its words; `false`, with nothing written, when not taken.
    #[inline(always)]
    fn write_chess<R: ReadChess>(
        _r: &R,
        _writing: Writing,
        _board: &Board<'_>,
        _opts: &Options,
        _out: &mut Vec<u8>,
    ) -> bool {
        false
    }

    /// Writes a board of at most 64 squares (LERF) from its words.
    #[inline(always)]
    fn write_small(_w: Words, _opts: &Options, _out: &mut Vec<u8>) -> bool {
        false
    }

    /// Writes a board of 65 to 512 squares from its sides' words (`words` of them each).
    #[inline(always)]
    fn write_wide(
        _writing: Writing,
        _size: Size,
        _sides: [&[u64]; 2],
        _opts: &Options,
        _out: &mut Vec<u8>,
    ) -> bool {
        false
    }
}

/// The items `write_from_fen` and `write_chess` of [`WordPaths`] for a form written from an
/// 8x8 board's two sides alone (`packed`, `pair`, `trits` and their binary forms): both from one
/// expression of the reader `r`, the sides `f` and `s`, and the output `out`.
macro_rules! write_from_sides {
    (|$r:ident, $f:ident, $s:ident, $out:ident| $write:expr) => {
        #[inline(always)]
        fn write_from_fen<R: ReadChess>(
            $r: &R,
            record: &[u8],
            swap: bool,
            _: &Options,
            $out: &mut Vec<u8>,
        ) -> Direct {
            let Some(($f, $s)) = crate::spec::fen_sides($r, record, swap) else {
                return Direct::NotTaken;
            };
            $write;
            Direct::Done
        }

        #[inline(always)]
        fn write_chess<R: ReadChess>(
            $r: &R,
            _: Writing,
            board: &Board<'_>,
            _: &Options,
            $out: &mut Vec<u8>,
        ) -> bool {
            let _ = $r;
            let Some(($f, $s)) = board.sides() else {
                return false;
            };
            $write;
            true
        }
    };
}
pub(crate) use write_from_sides;

/// The word paths of a form that has none.
pub(crate) struct NoWords;

impl WordPaths for NoWords {}

/// What a writer is told once for every record: the form and the word paths the options allow.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Writing {
    pub(crate) to: Format,
    /// LERF with the default layout.
    pub(crate) words: bool,
    /// The default grid style and JSON members.
    pub(crate) plain: bool,
}

impl Writing {
    /// The writing of `to` under `opts`.
    pub(crate) fn new(to: Format, opts: &Options) -> Writing {
        // Any other option a word path does not honour (`--to-coords`, `--layer`), the path
        // checks itself.
        Writing {
            to,
            words: opts.to_order == Order::Lerf && opts.layout.is_default(),
            plain: opts.grid == GridStyle::default() && opts.fields.is_none(),
        }
    }

    /// What the reader must fill for this writer: the output form's spec says.
    pub(crate) fn need(&self) -> Need {
        self.to.need()
    }
}

/// What became of a try to write a FEN record with no board between
/// ([`crate::spec::WordPaths::write_from_fen`]).
pub(crate) enum Direct {
    /// Written, with no board value between.
    Done,
    /// The fast FEN reader did not take the record (not worth asking it again).
    NotTaken,
    /// Not tried: the form or the options take the board value's way.
    NotTried,
}
/// A FEN record's two sides as the FEN reader `r` reads them (exchanged when `swap`): the
/// [`crate::spec::WordPaths::write_from_fen`] of a form that holds the two sides writes them with no
/// board between. (The writing stays in the caller, no closure: a closure is compiled without
/// the AVX2 kernel's CPU features, and the writer it calls would not inline into it.)
#[inline(always)]
pub(crate) fn fen_sides<R: ReadChess>(r: &R, record: &[u8], swap: bool) -> Option<(u64, u64)> {
    let (_, f, s) = r.pair(record)?;
    Some(if swap { (s, f) } else { (f, s) })
}
/// Marks the branch that calls it as the unlikely one (the compiler lays the likely one out
/// first and keeps its registers for it).
#[cold]
#[inline(never)]
pub(crate) fn cold() {}
/// A board of at most 64 squares as LERF words: one bitboard, or a two-player pair.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Words {
    /// The board size.
    pub(crate) size: Size,
    pub(crate) first: u64,
    pub(crate) second: u64,
    /// Two sides, not one bitboard.
    pub(crate) two: bool,
}

impl Words {
    /// One bitboard.
    #[inline(always)]
    pub(crate) fn one(size: Size, first: u64) -> Words {
        Words {
            size,
            first,
            second: 0,
            two: false,
        }
    }

    /// Two sides.
    #[inline(always)]
    pub(crate) fn two(size: Size, first: u64, second: u64) -> Words {
        Words {
            size,
            first,
            second,
            two: true,
        }
    }

    /// The value these words are.
    pub(crate) fn value(self) -> Option<Value> {
        if self.two {
            Pair::small(self.size, self.first, self.second).map(Value::Pair)
        } else {
            Bitboard::small(self.size, self.first).map(Value::Single)
        }
    }

    /// How a [`crate::Board`] holds these words.
    #[inline(always)]
    pub(crate) fn repr(self) -> Repr {
        if self.two {
            Repr::Two(self.first, self.second)
        } else {
            Repr::One(self.first)
        }
    }
}

/// What a table's cell detected as a form is under `-f auto`, when a table's board column is
/// looked for (`--csv`, `--tsv`).
#[derive(Clone, Copy)]
pub(crate) enum InTable {
    /// A board, if it reads as one.
    Any,
    /// A board if it reads as one and the function says so of its text and size:
    /// labels, ratios, dates and lines of text are not boards.
    When(fn(&str, Size) -> bool),
    /// A board of another form's column (an EPD cell makes a FEN column), when the function
    /// says so.
    As(Format, fn(&str, Size) -> bool),
}

/// How `explain` and `infer` read a record of a form under every convention.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Readings {
    /// Numbers (`int`, `hex`, ..., `literal`, `base2`; `pair`'s two): read once, then their
    /// bits placed under each numbering.
    Numbers,
    /// Packed base-3 digits: under each numbering and each packing layout (`--layout`).
    Packed,
    /// Trit digits: under each numbering and each map of the digits to the sides.
    Trits,
    /// Anything else: under each numbering (one, for a record that names its squares).
    Plain,
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
    /// Records of lines ended by a line that holds this text alone.
    Terminated(&'static [u8]),
}

impl Frame {
    /// The framing a front end sees.
    pub(crate) const fn framing(self) -> Framing {
        match self {
            Frame::Line => Framing::Line,
            Frame::Block => Framing::Block,
            Frame::Json => Framing::Json,
            Frame::Binary(_) => Framing::Binary,
            Frame::Terminated(end) => Framing::Terminated(end),
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
                    !form.carries_size()
                        || example.is_ok()
                        || form.is_input_only()
                        || start_reads_as_chess(form),
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
            assert_eq!(form.need() != Need::Sides, more_than_sides, "{form}");
        }
    }

    /// Whether the chess start position written in `form` reads back as an 8x8 board with no
    /// size given (the trainers' forms, which hold 8x8 chess positions only).
    fn start_reads_as_chess(form: Format) -> bool {
        let opts = Options::default();
        let mut out = Vec::new();
        render(form, &start(), &opts, &mut out).is_ok()
            && matches!(parse(form, &out, &opts), Ok(v) if v.size() == Size::CHESS)
    }

    /// The chess start position.
    fn start() -> Value {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        parse(Format::Fen, fen.as_bytes(), &Options::default()).unwrap()
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
            // Records that are 64-bit words in an array: whole words.
            assert!(!form.record_words() || len % 8 == 0, "{form}");
            assert_eq!(
                form.record_words(),
                form.array_form().is_some_and(|f| f.record_words()),
                "{form}"
            );
            if len > 0 {
                // Zeros, or a chess position's (a record of zeros holds no kings).
                let mut record = vec![0; len];
                if form.holds() == crate::Holds::Position {
                    record.clear();
                    render(form, &start(), &Options::default(), &mut record).unwrap();
                }
                assert_eq!(record.len(), len, "{form}");
                assert!(parse(form, &record, &Options::default()).is_ok(), "{form}");
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

/// Whether a form's records go to the FEN reader first ([`WordPaths::FEN_FIRST`]): a constant
/// of the conversion's kernels (a `u8`, as a const generic must be), so that a kernel pays
/// nothing for the cases it is not compiled for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FenFirst(pub(crate) u8);

impl FenFirst {
    /// Never: the form's own reading.
    pub(crate) const NEVER: FenFirst = FenFirst(0);
    /// Every record (`fen`).
    pub(crate) const ALWAYS: FenFirst = FenFirst(1);
    /// A record that may be a FEN by a cheap look ([`crate::fen::may_be_fen`]), or any record
    /// while the last ones were FEN; the others skip the reader's try (`auto`, whose records
    /// are of every form).
    pub(crate) const WHEN_SHAPED: FenFirst = FenFirst(2);
}
