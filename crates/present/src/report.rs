//! The wording of errors: what a problem is and the hint that helps, its options spelled as
//! command-line flags ([`Cli`]), for the command line and the web page alike. The hints
//! themselves are the forms crate's ([`bbconv_forms::hint`]), written once for every front end;
//! where a problem is (`FILE:LINE:COLUMN`) is the command line's own.

use bbconv_board::Size;
use bbconv_forms::hint::{self, Front, Opt};
use bbconv_forms::{ConvertError, ErrorKind, ParseError, RenderError};

/// The problems a record can have.
#[derive(Debug)]
#[non_exhaustive]
pub enum FaultKind {
    /// It does not read, or cannot be written.
    Convert(ConvertError),
    /// It is longer than the limit: at least this many bytes.
    TooLong(usize),
    /// A binary record cut short by the end of the input: the bytes found.
    Truncated(usize),
    /// Its board is not the size of the stream's boards.
    SizeDrift(Size),
}

/// The command line as a front end: options are flags, and a run of records is a stream.
pub struct Cli;

impl Front for Cli {
    fn option(&self, opt: Opt<'_>) -> Option<String> {
        Some(match opt {
            Opt::Size => "-s WxH".into(),
            Opt::From(None) => "-f FORM".into(),
            Opt::From(Some(f)) => format!("-f {f}"),
            Opt::To(None) => "-t".into(),
            Opt::To(Some(f)) => format!("-t {f}"),
            Opt::Flag(name) | Opt::Named(name) => format!("--{name}"),
            Opt::Valued(name, value) => format!("--{name} {value}"),
            Opt::Header => "--header (with --tsv or --csv)".into(),
            Opt::Table => "--tsv (and --column N or NAME for the board's column)".into(),
            _ => return None,
        })
    }

    fn run(&self) -> &'static str {
        "stream"
    }
}

/// A parse error's message with its hint.
pub fn parse_error(e: &ParseError) -> String {
    hint::parse_message(e, &Cli)
}

/// A render error's message with its hint.
pub fn render_error(e: &RenderError) -> String {
    hint::render_message(e, &Cli)
}

/// A conversion error's message with its hint.
pub fn convert_error(e: &ConvertError) -> String {
    hint::message(e, &Cli)
}

/// What the message of a fault needs to know of the run.
pub struct Context<'a> {
    /// The record length limit.
    pub max_line: usize,
    /// Bytes per binary input record.
    pub record_len: usize,
    /// The stream's board size and where it was set (a location, or "-s").
    pub stream: Option<(Size, &'a str)>,
    /// Whether the command reads tables (the header hints name `--header`).
    pub tables: bool,
}

/// The message of a fault.
pub fn fault_message(kind: &FaultKind, cx: &Context<'_>) -> String {
    match kind {
        // Before any board set the stream's size, a one-rank FEN is most likely a header.
        FaultKind::Convert(ConvertError::Parse(p))
            if p.kind == ErrorKind::OneRank && cx.stream.is_none() && cx.tables =>
        {
            format!(
                "{}; this looks like a header: use --header (with --tsv or --csv), or -s WxH to name the size",
                p.message
            )
        }
        // A table's first rows without a board, or a first record of no form: most likely a
        // header.
        FaultKind::Convert(ConvertError::Parse(p))
            if p.kind == ErrorKind::Table && cx.stream.is_none() =>
        {
            format!("{}; if this row is a header, use --header", p.message)
        }
        FaultKind::Convert(ConvertError::Parse(p))
            if p.kind == ErrorKind::Undetected && cx.stream.is_none() && cx.tables =>
        {
            format!(
                "{}; if this is a header, use --header (with --tsv or --csv)",
                parse_error(p)
            )
        }
        FaultKind::Convert(e) => convert_error(e),
        FaultKind::TooLong(len) => format!(
            "the record is {len} bytes or more, longer than the limit of {} bytes (raise it with --max-line)",
            cx.max_line
        ),
        FaultKind::Truncated(len) => format!(
            "the last record is {len} bytes, expected {} (the input ends inside a record)",
            cx.record_len
        ),
        FaultKind::SizeDrift(found) => match cx.stream {
            Some((size, origin)) => hint::size_drift(*found, size, origin, origin == "-s", &Cli),
            None => format!("the board is {found}, not the stream's size"),
        },
    }
}

/// A short name of a fault's kind, for the count of bad records past `--max-errors`.
pub fn kind_label(kind: &FaultKind) -> &'static str {
    match kind {
        FaultKind::Convert(ConvertError::Parse(p)) => match p.kind {
            ErrorKind::Syntax => "syntax",
            ErrorKind::Utf8 => "not UTF-8",
            ErrorKind::Length => "wrong length",
            ErrorKind::OffBoard => "off the board",
            ErrorKind::SizeMismatch => "not the size given",
            ErrorKind::SummedDigits => "summed digits",
            ErrorKind::Overlap => "sides overlap",
            ErrorKind::Json => "JSON",
            ErrorKind::Undetected => "form not detected",
            ErrorKind::Ambiguous(_) => "form ambiguous",
            ErrorKind::OneRank => "FEN of one rank",
            ErrorKind::BeforeTab => "not a board before a tab",
            ErrorKind::Table => "row without the board's field",
            ErrorKind::Epd => "EPD operations in a FEN",
            ErrorKind::NameInIndices | ErrorKind::PairInIndices => "another form's token",
            _ => "other",
        },
        FaultKind::Convert(ConvertError::Render(_)) => "cannot be written",
        FaultKind::Convert(_) => "other",
        FaultKind::TooLong(_) => "too long",
        FaultKind::Truncated(_) => "cut short",
        FaultKind::SizeDrift(_) => "another size",
    }
}
