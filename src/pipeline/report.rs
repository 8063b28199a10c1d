//! The wording of errors: where a problem is (`FILE:LINE:COLUMN`, `argument 2, column 5`), what
//! it is, and the hint that helps, its options spelled as command-line flags ([`Cli`]). The
//! hints themselves are the forms crate's ([`bbconv_forms::hint`]), written once for every
//! front end.

use bbconv_board::Size;
use bbconv_forms::hint::{self, Front, Opt};
use bbconv_forms::{ConvertError, ErrorKind, ParseError, RenderError};

use super::source::Source;
use super::work::FaultKind;

/// The command line as a front end: options are flags, and a run of records is a stream.
pub(crate) struct Cli;

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
pub(crate) fn parse_error(e: &ParseError) -> String {
    hint::parse_message(e, &Cli)
}

/// A render error's message with its hint.
pub(crate) fn render_error(e: &RenderError) -> String {
    hint::render_message(e, &Cli)
}

/// A conversion error's message with its hint.
pub(crate) fn convert_error(e: &ConvertError) -> String {
    hint::message(e, &Cli)
}

/// What the message of a fault needs to know of the run.
pub(crate) struct Context<'a> {
    /// The record length limit.
    pub(crate) max_line: usize,
    /// Bytes per binary input record.
    pub(crate) record_len: usize,
    /// The stream's board size and where it was set (a location, or "-s").
    pub(crate) stream: Option<(Size, &'a str)>,
    /// Whether the command reads tables (the header hints name `--header`).
    pub(crate) tables: bool,
}

/// The message of a fault.
pub(crate) fn fault_message(kind: &FaultKind, cx: &Context<'_>) -> String {
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
pub(crate) fn kind_label(kind: &FaultKind) -> &'static str {
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
        FaultKind::TooLong(_) => "too long",
        FaultKind::Truncated(_) => "cut short",
        FaultKind::SizeDrift(_) => "another size",
    }
}

/// Where a problem is: `FILE:LINE`, `FILE:LINE:COLUMN`, `argument K` or `argument K, column C`.
pub(crate) fn location(src: &Source, line: u64, col: Option<usize>) -> String {
    match (src, col) {
        (Source::Arg(..), Some(c)) => format!("{}, column {c}", src.name()),
        (Source::Arg(..), None) => src.name(),
        (_, Some(c)) => format!("{}:{line}:{c}", src.name()),
        (_, None) => format!("{}:{line}", src.name()),
    }
}

/// The whole line for a bad record: location (of a binary record, its number and the offset of
/// its fault in the input), message, and for an argument that names a file, how to read the file
/// instead.
pub(crate) fn bad_record(
    src: &Source,
    line: u64,
    col: Option<usize>,
    kind: &FaultKind,
    cx: &Context<'_>,
) -> String {
    let place = match (src, cx.record_len) {
        // A binary record: its number and where its fault is, in bytes from the input's start.
        (Source::Arg(..), _) | (_, 0) => location(src, line, col),
        (_, len) => {
            let start = (line.saturating_sub(1) as usize).saturating_mul(len);
            let byte = start.saturating_add(col.map_or(0, |c| c.saturating_sub(1)));
            format!("{}: record {line} (byte {byte})", src.name())
        }
    };
    let mut s = format!("{place}: {}", fault_message(kind, cx));
    if let Source::Arg(_, text) = src {
        s.push_str(&file_hint(text));
    }
    s
}

/// For a board argument that names an existing file, how to read the file instead (else
/// nothing).
pub(crate) fn file_hint(arg: &str) -> String {
    let path = std::path::Path::new(arg);
    if !arg.is_empty() && path.is_file() {
        format!(" ({arg} is a file: to read the file, use -i FILE)")
    } else {
        String::new()
    }
}
