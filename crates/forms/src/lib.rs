//! The forms of bbconv: one module per form behind the [`Format`] enum, each reading and
//! writing one record (integers, digit strings, coordinate lists, FEN, JSON, grids, Edax
//! strings, packed base-3), round-trip. This layer knows nothing of the command line or of
//! streams; its errors are typed ([`ParseError`] with an [`ErrorKind`] and the byte offset,
//! [`RenderError`]) and name no command-line flag.
//!
//! A conversion is a reader followed by a writer, through one board value:
//!
//! ```text
//! record --read(form)--> Board --write(form)--> bytes
//!            |  word path (8x8 and small boards: words, no allocation)
//!            |  general reading (every size and variant: a Value)
//! ```
//!
//! [`read`] fills a [`Board`], [`write()`] writes one, and a [`Conversion`] is the two set up
//! once for many records (the writer tells the reader what it needs: two side words, or a word
//! a piece letter); [`convert_batch`] converts a buffer of records with one [`Status`] each.
//! [`parse`] and [`render`] are the general reading and writing into and from a [`Value`],
//! which the debugging commands use and every word path is tested against; [`debug`] gives
//! their answers (`explain`, `diff`, `infer`) as values for the command line and the Python
//! package to present.
//!
//! The modules, from the bottom: `kernels` (hex and packed tables, SWAR and SSE2 scanners),
//! `board` (the board value), `spec` (what a form declares of itself: its spec and its word
//! paths), one module a form (each reads and writes its own notation, and only it: its word
//! paths, its general reading and its spec), `list` (the one list of the forms, which generates
//! [`Format`] and the dispatch), `small` and `wide` (the word paths' shared steps by board size),
//! `general` (every form into and from a [`Value`] through its spec, and `auto`'s spec),
//! `convert` (readers and writers composed).
//!
//! The conventions are written out in the repository's `docs/conventions.md`. Outside names:
//! `base2` is the numeral of [bibi/bitboard](https://hexdocs.pm/bibi/)'s `from_base2`; `edax` is
//! the board string of the [Edax](https://github.com/abulmo/edax-reversi) Othello engine (64
//! square characters from a1, then the side to move); FEN is read as
//! [python-chess](https://python-chess.readthedocs.io/) and
//! [shakmaty](https://docs.rs/shakmaty) read it (shakmaty's lenient digit sums on request).
//!
//! ```
//! use bbconv_forms::{convert, Format, Options};
//! let mut out = Vec::new();
//! let fen = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
//! convert(Format::Fen, Format::Packed, fen, &Options::default(), &mut out).unwrap();
//! assert_eq!(out, b"797979010000000000d8f2f250");
//! ```
//!
//! The general reading and writing, through a [`Value`]:
//!
//! ```
//! use bbconv_forms::{parse, render, Format, Options};
//! let opts = Options::default();
//! let v = parse(Format::Fen, b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", &opts).unwrap();
//! let mut out = Vec::new();
//! render(Format::Pair, &v, &opts, &mut out).unwrap();
//! assert_eq!(out, b"0x000000000000ffff 0xffff000000000000");
//! ```

/// The README's Rust examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

pub mod board;
mod convert;
mod coords;
#[cfg(target_arch = "x86_64")]
mod cpu;
pub mod debug;
mod detect;
mod digits;
mod edax;
mod epd;
pub mod fen;
mod general;
mod go;
mod grid;
pub mod hint;
mod int;
mod json;
mod kernels;
mod list;
mod packed;
pub mod paste;
mod pdn;
mod pieces;
pub mod planes;
mod raw;
pub mod readings;
mod sgf;
mod small;
pub mod span;
mod spec;
mod text;
mod train;
pub(crate) use text::{blank, found, list_body, trim};
mod wide;

pub(crate) use crate::kernels::HEX_PAIRS;

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use bbconv_board::ternary::PackLayout;
use bbconv_board::{Bitboard, NameError, Numbering, Order, Pair, Placement, Size};

pub use board::{Board, Need};
pub use convert::{convert, convert_batch, read, write, Conversion, Status};
pub use detect::{detect, DETECTION_RULES};
pub use fen::FenReader;
pub use general::{parse, parse_general, parse_str, render, render_general};
pub use go::CoordStyle;
pub use grid::{GridStyle, Orientation};
pub use int::{parse_integer, Lang};
pub use json::JsonField;
pub use kernels::{byte_mask, byte_mask_portable};
pub use list::Format;
pub(crate) use raw::{from_raw, numbering_error, raw_size, to_raw};
pub use sgf::SgfNode;
pub use train::fields::record_train;

/// A board as read from any form: one bitboard, a two-player pair, or a board of piece letters.
// The placement is the common value of a chess record and needs no allocation up to 64
// squares; boxing it would cost one a record.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// One bitboard (a set of squares).
    Single(Bitboard),
    /// Two disjoint bitboards: first (trit 1) and second (trit 2).
    Pair(Pair),
    /// Piece letters on squares (from FEN or per-piece bitboards).
    Pieces(Placement),
}

impl Value {
    /// The board size.
    pub fn size(&self) -> Size {
        match self {
            Value::Single(b) => b.size(),
            Value::Pair(p) => p.size(),
            Value::Pieces(p) => p.size(),
        }
    }

    /// Exchanges the two sides (`--swap`); a single bitboard is unchanged.
    pub fn swap(self) -> Value {
        match self {
            Value::Single(b) => Value::Single(b),
            Value::Pair(p) => Value::Pair(p.swapped()),
            Value::Pieces(mut p) => {
                p.swap_sides();
                Value::Pieces(p)
            }
        }
    }

    /// The two-player view: a single bitboard is `first` with an empty `second`.
    pub fn to_pair(&self) -> Pair {
        match self {
            Value::Single(b) => Pair::from_first(b.clone()),
            Value::Pair(p) => p.clone(),
            Value::Pieces(p) => p.to_pair(),
        }
    }

    /// The one-bitboard view; a two-player value needs a [`Layer`].
    pub fn to_single(&self, layer: Option<Layer>) -> Result<Bitboard, RenderError> {
        match (self, layer) {
            (Value::Single(b), _) => Ok(b.clone()),
            (_, None) => Err(RenderError::new(
                RenderErrorKind::NeedsLayer,
                "the input is a two-player board and the output form holds one bitboard",
            )),
            (v, Some(l)) => Ok(v.layer(l)),
        }
    }

    /// One layer of the two-player view (a single bitboard is the first side).
    pub fn layer(&self, layer: Layer) -> Bitboard {
        let p = self.to_pair();
        match layer {
            Layer::First => p.first().clone(),
            Layer::Second => p.second().clone(),
            Layer::Occupied => p.occupied(),
        }
    }

    /// The piece view: a pair gets the letters of `opts.letters` (a placement is borrowed).
    pub fn to_placement(&self, opts: &Options) -> Cow<'_, Placement> {
        match self {
            Value::Pieces(p) => Cow::Borrowed(p),
            v => Cow::Owned(Placement::from_pair(
                &v.to_pair(),
                opts.letters.0,
                opts.letters.1,
            )),
        }
    }
}

/// Which CPU kernels the readers run: an explicit option of [`Options`], never read from the
/// environment by this crate (the command line maps its `BBCONV_PORTABLE` variable onto it).
///
/// ```
/// use bbconv_forms::{convert, Format, Kernels, Options};
/// let portable = Options { kernels: Kernels::Portable, ..Options::default() };
/// let (mut a, mut b) = (Vec::new(), Vec::new());
/// convert(Format::Fen, Format::Pair, b"8/8/8/8/8/8/8/R6k", &portable, &mut a).unwrap();
/// convert(Format::Fen, Format::Pair, b"8/8/8/8/8/8/8/R6k", &Options::default(), &mut b).unwrap();
/// assert_eq!(a, b);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Kernels {
    /// The fastest this CPU runs: AVX2 and BMI2 where the CPU has them (checked at run time),
    /// else the portable code.
    #[default]
    Auto,
    /// The portable code only, as on a CPU without AVX2 (ARM, older x86): the tests and the
    /// benchmarks use it to check and measure that code on any machine.
    Portable,
}

impl Kernels {
    /// The environment variable the front ends (the command line, the Python package) read:
    /// set to anything but `0` or empty, it asks for [`Kernels::Portable`].
    pub const ENV: &'static str = "BBCONV_PORTABLE";

    /// What [`Kernels::ENV`] asks for. This crate never calls it: a front end does, to honour
    /// the variable, and passes the answer on in [`Options::kernels`].
    pub fn from_env() -> Kernels {
        match std::env::var_os(Kernels::ENV) {
            Some(v) if !v.is_empty() && v != "0" => Kernels::Portable,
            _ => Kernels::Auto,
        }
    }
}

/// Which bitboard of a two-player board a one-bitboard form prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layer {
    /// The first side (trit 1, uppercase).
    First,
    /// The second side (trit 2, lowercase).
    Second,
    /// Both sides together.
    Occupied,
}

impl FromStr for Layer {
    type Err = NameError;
    fn from_str(s: &str) -> Result<Layer, NameError> {
        match s.to_ascii_lowercase().as_str() {
            "first" => Ok(Layer::First),
            "second" => Ok(Layer::Second),
            "occupied" | "both" => Ok(Layer::Occupied),
            _ => Err(NameError::unknown("layer", s, "first, second or occupied")),
        }
    }
}

/// Settings shared by all forms.
#[derive(Debug, Clone)]
pub struct Options {
    /// The board size; `None` means: inferred by forms that carry it (FEN, grid, JSON, Edax), else 8x8.
    pub size: Option<Size>,
    /// The square order numbers and digit strings are read in.
    pub order: Numbering,
    /// The square order numbers and digit strings are written in.
    pub to_order: Numbering,
    /// For a two-player value written in a one-bitboard form.
    pub layer: Option<Layer>,
    /// Packed base-3 layout.
    pub layout: PackLayout,
    /// Letters for the first and second side when a pair is written as FEN or pieces.
    pub letters: (u8, u8),
    /// Accept what shakmaty accepts in FEN (consecutive digits that sum correctly), and any
    /// fields after the placement, unchecked.
    pub lenient: bool,
    /// JSON members to write (`None`: a default set per kind of value).
    pub fields: Option<Vec<JsonField>>,
    /// How grids are drawn.
    pub grid: GridStyle,
    /// The language of `literal` output.
    pub lang: Lang,
    /// Indices (the `indices` form) count from 1, not 0.
    pub one_based: bool,
    /// The piece letters of the planes of `planes-bin`, in order.
    pub planes: Vec<u8>,
    /// How square names are read in coordinate lists: chess-style, SGF or GTP.
    pub coords: CoordStyle,
    /// How square names are written in coordinate lists.
    pub to_coords: CoordStyle,
    /// Which position of an SGF game record to read: the root's setup, or a node of the main
    /// line.
    pub sgf_node: SgfNode,
    /// Exchange the two sides between reading and writing (`--swap`): what [`convert`] and a
    /// [`Conversion`] do; [`parse`] and [`render`] leave it to the caller ([`Value::swap`]).
    pub swap: bool,
    /// Which CPU kernels the readers run.
    pub kernels: Kernels,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: None,
            order: Numbering::Order(Order::Lerf),
            to_order: Numbering::Order(Order::Lerf),
            layer: None,
            layout: PackLayout::default(),
            letters: (b'P', b'p'),
            lenient: false,
            fields: None,
            grid: GridStyle::default(),
            lang: Lang::default(),
            one_based: false,
            planes: planes::DEFAULT_PLANES.to_vec(),
            coords: CoordStyle::Chess,
            to_coords: CoordStyle::Chess,
            sgf_node: SgfNode::Root,
            swap: false,
            kernels: Kernels::Auto,
        }
    }
}

impl Options {
    /// The size for forms that do not carry one.
    pub fn size_or_default(&self) -> Size {
        self.size.unwrap_or(Size::CHESS)
    }

    /// The letters of the first and second side (`Pp`): an uppercase letter and a lowercase
    /// one. The error names the value, not the option; front ends name it their own way.
    ///
    /// ```
    /// use bbconv_forms::Options;
    /// assert_eq!(Options::parse_letters("Xo"), Ok((b'X', b'o')));
    /// assert!(Options::parse_letters("xo").is_err());
    /// ```
    pub fn parse_letters(text: &str) -> Result<(u8, u8), String> {
        match text.as_bytes() {
            &[a, b] if a.is_ascii_uppercase() && b.is_ascii_lowercase() => Ok((a, b)),
            _ => Err(format!(
                "'{text}': expected an uppercase letter for the first side and a lowercase one for the second, such as Pp"
            )),
        }
    }

    /// The piece letters of the planes of `planes-bin`: distinct ASCII letters, in order.
    ///
    /// ```
    /// use bbconv_forms::Options;
    /// assert_eq!(Options::parse_planes("Pp"), Ok(b"Pp".to_vec()));
    /// assert!(Options::parse_planes("PP").is_err());
    /// ```
    pub fn parse_planes(text: &str) -> Result<Vec<u8>, String> {
        let b = text.as_bytes();
        let bad = b
            .iter()
            .position(|c| !c.is_ascii_alphabetic())
            .or_else(|| (1..b.len()).find(|&k| b[..k].contains(&b[k])));
        match bad {
            _ if b.is_empty() => Err("'': expected piece letters, such as PNBRQKpnbrqk".into()),
            Some(k) => Err(format!(
                "'{text}': character {} ('{}') is not a letter or is there twice; expected distinct piece letters, such as PNBRQKpnbrqk",
                k + 1,
                text.chars().nth(k).unwrap_or('?')
            )),
            None => Ok(b.to_vec()),
        }
    }

    /// Checks an inferred size against `--size`.
    fn check_size(&self, found: Size) -> Result<(), ParseError> {
        match self.size {
            Some(s) if s != found => Err(ParseError::of(
                ErrorKind::SizeMismatch,
                None,
                format!("the board is {found} but the size given is {s}"),
            )),
            _ => Ok(()),
        }
    }
}

/// What kind of problem a [`ParseError`] is. The front end may add a hint for a kind (how to
/// give the size, how to name the form); the messages themselves name no command-line flag.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character or token that does not belong to the form.
    Syntax,
    /// The record is not valid UTF-8 text.
    Utf8,
    /// A digit string whose length does not fit the board size (the size may need to be given).
    Length,
    /// A square, index or bit outside the board.
    OffBoard,
    /// The board's own size disagrees with the size given.
    SizeMismatch,
    /// A FEN rank with consecutive digits whose sum, not their number, fits the board
    /// (`44` for `8`): accepted by the lenient reading only.
    SummedDigits,
    /// The two sides of a two-player board share a square.
    Overlap,
    /// A JSON syntax error or a member of the wrong type.
    Json,
    /// Detection found no form that fits the record.
    Undetected,
    /// Detection found several forms that fit the record equally well.
    Ambiguous(Vec<Format>),
    /// A FEN of one rank read without a size (a header such as `fen`, or an id): it is read
    /// only when the size is given.
    OneRank,
    /// The text before a record's first tab is not a board (a FEN of one rank, such as an id):
    /// the record is a table's row.
    BeforeTab,
    /// A table's row without the field that holds the board (front ends that read tables
    /// report it).
    Table,
    /// A FEN whose fields after en passant are EPD operations (`bm Bb5;`), not the clocks.
    Epd,
    /// A square name in a list of indices: the `squares` form reads it. (Kinds carry no data
    /// but `Ambiguous`'s: another kind with data costs the FEN word path 5 instructions a line.)
    NameInIndices,
    /// An `(x,y)` pair in a list of indices: the `coords` form reads it.
    PairInIndices,
    /// A line that is only a comment of its form (an OBF `%` line): it holds no board, and a
    /// front end that reads lines passes it by as it does a `#` line.
    Comment,
}

/// A record that could not be read: what kind of problem, where (0-based byte offset in the
/// record, if known) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What kind of problem it is.
    pub kind: ErrorKind,
    /// Byte offset in the record where the problem is.
    pub offset: Option<usize>,
    /// What was found and what was expected.
    pub message: String,
}

impl ParseError {
    /// A syntax error at `offset` (byte offset in the record).
    pub fn new(offset: Option<usize>, message: impl Into<String>) -> ParseError {
        ParseError::of(ErrorKind::Syntax, offset, message)
    }

    /// An error of `kind` at `offset`.
    pub fn of(kind: ErrorKind, offset: Option<usize>, message: impl Into<String>) -> ParseError {
        ParseError {
            kind,
            offset,
            message: message.into(),
        }
    }

    /// The same error moved `by` bytes to the right (for a field inside a larger record).
    pub fn shifted(mut self, by: usize) -> ParseError {
        self.offset = Some(self.offset.unwrap_or(0) + by);
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// What kind of problem a [`RenderError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RenderErrorKind {
    /// A two-player value written in a one-bitboard form: a [`Layer`] must be chosen.
    NeedsLayer,
    /// The output form cannot hold a board of this size.
    Unsupported,
    /// The form is an input form only ([`Format::Auto`]).
    InputOnly,
    /// The number has more bits than the language's integer literal holds (`literal`).
    TooBig,
    /// A piece has no plane among the planes asked for (`planes`).
    NoPlane,
    /// A grid asked to label its squares in SGF's coordinates, which name rows from the top.
    GridCoords,
}

/// A value that cannot be written in the requested form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderError {
    /// What kind of problem it is.
    pub kind: RenderErrorKind,
    /// What is wrong.
    pub message: String,
}

impl RenderError {
    /// An error of `kind`.
    pub fn new(kind: RenderErrorKind, message: impl Into<String>) -> RenderError {
        RenderError {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RenderError {}

/// What a form holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Holds {
    /// One bitboard.
    One,
    /// A two-player board.
    Two,
    /// Either, or piece letters.
    Any,
    /// A chess position (piece letters and the FEN's fields), with a training record's fields
    /// where the form has them.
    Position,
}

impl Holds {
    /// How `bbconv formats` and the help texts say it: `one bitboard`, `two players`, ...
    pub fn description(self) -> &'static str {
        match self {
            Holds::One => "one bitboard",
            Holds::Two => "two players",
            Holds::Any => "any board",
            Holds::Position => "chess position",
        }
    }
}

/// How records of a form are delimited in a stream. Exhaustive on purpose: a front end that
/// reads streams must frame every kind, so a new one is a change it has to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// One record a line.
    Line,
    /// Records separated by a blank line (grids).
    Block,
    /// Fixed-size binary records of this many bytes for the board size.
    Binary,
    /// Whitespace-separated JSON values, which may span lines.
    Json,
    /// Records of lines, each ended by a line that holds this text alone (Stockfish's
    /// `.plain`: `e`).
    Terminated(&'static [u8]),
}

impl Format {
    /// Under `-f auto`, the form of a table's board column whose cell `text` (as the field
    /// has it, of a board of `size`) was detected as this form, or `None` when the cell is taken for text
    /// (a label, a ratio, a date, lines of words), not a board.
    pub fn in_table(self, text: &str, size: Size) -> Option<Format> {
        match self.spec().in_table {
            spec::InTable::Any => Some(self),
            spec::InTable::When(board) => board(text, size).then_some(self),
            spec::InTable::As(form, board) => board(text, size).then_some(form),
        }
    }

    /// The form of a table's board column that a cell of this form belongs to (an EPD cell
    /// to a FEN column; any other form to its own).
    pub fn column_form(self) -> Format {
        match self.spec().in_table {
            spec::InTable::As(form, _) => form,
            _ => self,
        }
    }

    /// The name used with `-f` and `-t`.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Other accepted names.
    pub fn aliases(self) -> &'static [&'static str] {
        self.spec().aliases
    }

    /// What the form holds.
    pub fn holds(self) -> Holds {
        self.spec().holds
    }

    /// A one-line description.
    pub fn description(self) -> &'static str {
        self.spec().description
    }

    /// An example (8x8 unless it says otherwise).
    pub fn example(self) -> &'static str {
        self.spec().example
    }

    /// Whether this form's reading gives piece letters whatever the record (FEN, EPD, PDN,
    /// pieces, planes): a position, whose empty board is an empty placement.
    pub fn reads_pieces(self) -> bool {
        self.spec().pieces
    }

    /// Whether a record of this form says its board's size (FEN, EPD, JSON, a grid, Edax,
    /// SGF, PDN, a pasted board), so that it is read with no size given.
    pub fn carries_size(self) -> bool {
        self.spec().carries_size
    }

    /// Whether a record of this form names its squares itself (a FEN's ranks, an SGF's
    /// points, a PDN's square numbers, square names, a grid), so that no square order or
    /// layout changes how it reads: `explain` and `infer` do not decode it, and its text has
    /// one reading.
    pub fn names_squares(self) -> bool {
        self.spec().names_squares
    }

    /// The form that writes this form's board as fixed-size binary records (`packed` as
    /// `packed-bin`, `trits` as `trits-bin`; a binary form itself), if there is one.
    pub fn fixed(self) -> Option<Format> {
        self.spec().fixed
    }

    /// Whether a record of this form is 64-bit words in an array (numpy's rows, Arrow's
    /// fixed-size lists), not bytes: `pair`'s two sides, `planes-bin`'s planes.
    pub fn record_words(self) -> bool {
        self.spec().words
    }

    /// Whether an array's record of this form is the two sides' words, the first side's
    /// words then the second's (`pair`), rather than planes (`planes-bin`) or bytes.
    pub fn record_sides(self) -> bool {
        self.record_words() && self.holds() == Holds::Two
    }

    /// Whether a record of this form is bytes with no length of their own: a file holds its
    /// hex, one record a line (as this form reads and writes it), and a container that carries
    /// a length (a Python `bytes`, an Arrow binary value) may hold the raw bytes (BinaryFen).
    pub fn raw_bytes(self) -> bool {
        self.spec().raw_bytes
    }

    /// The form whose fixed-size records an array of this form's boards holds: its binary
    /// form ([`Format::fixed`]), or the form itself when its records are words
    /// ([`Format::record_words`]: `pair`), if there is one.
    pub fn array_form(self) -> Option<Format> {
        self.fixed().or(self.record_words().then_some(self))
    }

    /// Whether the form is read only (no writer: `auto`, `paste`).
    pub fn is_input_only(self) -> bool {
        self.spec().write.is_none()
    }
}

/// An unknown form name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError(pub String);

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        write!(
            f,
            "unknown form '{}': expected one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for FormatError {}

impl FromStr for Format {
    type Err = FormatError;
    fn from_str(s: &str) -> Result<Format, FormatError> {
        let l = s.trim().to_ascii_lowercase();
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.name() == l || f.aliases().contains(&l.as_str()))
            .ok_or_else(|| FormatError(s.to_string()))
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Format {
    /// How records of this form are delimited in a stream.
    pub fn framing(self) -> Framing {
        self.spec().frame.framing()
    }

    /// Of a form whose records may span lines in a way of their own (`sgf`, `paste`, `auto`):
    /// the rule that says where a record ends ([`span::Spans`]).
    pub fn spans(self) -> Option<span::SpanMode> {
        self.spec().spans
    }

    /// Bytes per record of a binary form for a board of `size` numbered by `numbering` (a
    /// layout's cells: `packed-bin` under 0x88 packs 128 trits), with `planes` planes (the
    /// length of `--planes`, for `planes-bin`); 0 for a form that is not binary.
    ///
    /// ```
    /// use bbconv_board::{Numbering, Size};
    /// use bbconv_forms::Format;
    /// assert_eq!(Format::PackedBin.record_len(Size::CHESS, 12, Numbering::default()), 13);
    /// assert_eq!(Format::PackedBin.record_len(Size::CHESS, 12, Numbering::X88), 26);
    /// ```
    pub fn record_len(self, size: Size, planes: usize, numbering: Numbering) -> usize {
        match self.spec().frame {
            spec::Frame::Binary(len) => len(numbering.raw_size(size).unwrap_or(size), planes),
            _ => 0,
        }
    }

    /// Whether the output is raw bytes (no line ends between records).
    pub fn is_binary(self) -> bool {
        self.framing() == Framing::Binary
    }
}

/// Why one record could not be converted: it does not read, or it cannot be written in the
/// form asked for (exhaustive: every failure of a conversion is one of the two).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConvertError {
    /// The record does not read as the input form.
    Parse(ParseError),
    /// The value cannot be written in the output form.
    Render(RenderError),
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::Parse(e) => e.fmt(f),
            ConvertError::Render(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ConvertError {}
