//! `bbconv convert`: its arguments, and the conversion it runs on the record pipeline.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Result;
use bbconv_board::train::{Train, View};
use bbconv_board::Size;
use bbconv_forms::{Conversion, ConvertError, Format, Framing, GridStyle, Holds};
use clap::Args;

use super::args::{format_parser, usage, BoardArgs};
use crate::pipeline::frame::{Input, Rows};
use crate::pipeline::sink::Sink;
use crate::pipeline::source::Source;
use crate::pipeline::table::{parse_columns, Column, Dialect, Table, TableSpec, TableStage};
use crate::pipeline::work::{KeepCr, Stage};
use crate::pipeline::write::{ErrorMode, NullRow, OutFraming, WriteSettings};
use crate::pipeline::{self, Settings, MAX_JOBS, PARALLEL_AFTER};

pub(crate) const EXAMPLES: &str = "\
Examples:
  bbconv convert -f hex -t squares 0x8100000000000081
  bbconv convert -f pair -t packed '0xffff 0xffff000000000000'
  bbconv convert -f fen -t pair 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  bbconv convert -f base2 -t squares -s 3x3 000000111
  bbconv convert -f hex -t hex --to-order berlef 0x10
  bbconv convert -f squares -t indices --to-order 0x88 'a1 h8'    (also mailbox, sentinel, draughts)
  bbconv convert -f pair -t hex --layer occupied '0xffff 0xffff000000000000'
  printf '0x1\\n0x2\\n' | bbconv convert -f hex -t squares
  bbconv convert -f fen -t packed -i positions.fen -o positions.packed   (files; -o is atomic)
  bbconv convert --tsv --column fen --append packed -t packed -i positions.tsv   (a table)
  bbconv convert --csv --header -t pair -i games.csv -o games.pair.csv
  bbconv convert --csv --header --train-columns score,result -t sf-bin -i evals.csv -o evals.bin
      (a table's boards into a trainer's form or raw bytes are written alone, as records)";

#[derive(Args, Debug)]
pub(crate) struct ConvertArgs {
    /// Input form (see `bbconv formats`).
    #[arg(short = 'f', long = "from", value_name = "FORM", value_parser = format_parser(), ignore_case = true, default_value = "auto")]
    from: Format,
    /// Output form (see `bbconv formats`).
    #[arg(short = 't', long = "to", value_name = "FORM", value_parser = format_parser(), ignore_case = true)]
    to: Format,
    #[command(flatten)]
    board: BoardArgs,
    /// Read records from FILE (repeatable, in order; - is stdin).
    #[arg(short = 'i', long = "input", value_name = "FILE", num_args = 1)]
    inputs: Vec<PathBuf>,
    /// Write to FILE: a regular file is replaced atomically (complete or untouched, permissions
    /// kept, symlinks followed); a FIFO or device is written directly; - is stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// What a bad record leaves in the output: report, skip or null.
    #[arg(long, value_enum, default_value_t = ErrorMode::Report, value_name = "MODE")]
    errors: ErrorMode,
    /// Stop at the first bad record (exit 1; an -o file is left untouched).
    #[arg(long)]
    fail_fast: bool,
    /// Print at most N bad-record messages, or all; past N, one line at the end counts the
    /// rest by kind of error, each with its first place (the exit code does not change).
    #[arg(long, value_name = "N|all", default_value = "20", value_parser = parse_max_errors)]
    max_errors: MaxErrors,
    /// Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output
    /// is byte-identical whatever N. By default, all cores up to 8, started once the input
    /// passes 256 KiB (a short input runs on one thread).
    #[arg(short = 'j', long, value_name = "N", value_parser = parse_jobs)]
    jobs: Option<usize>,
    /// Show a progress display on stderr (default: when stderr is a terminal).
    #[arg(long, overrides_with = "no_progress")]
    progress: bool,
    /// Never show a progress display.
    #[arg(long)]
    no_progress: bool,
    /// Longest record accepted, in bytes (K and M suffixes allowed); longer ones are bad records.
    #[arg(long, value_name = "BYTES", default_value = "1M", value_parser = parse_bytes)]
    max_line: usize,
    /// Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a
    /// board of several lines).
    #[arg(short = 'v', long)]
    verbose: bool,
    /// Read and write a TSV table: fields split on tabs, no quoting (a backslash is text); each
    /// row is a record, its board in one column, the other fields passed through.
    #[arg(long, conflicts_with = "csv", help_heading = "Tables")]
    tsv: bool,
    /// Read and write a CSV table (RFC 4180: quoted fields may hold the delimiter, doubled
    /// quotes and line breaks); the other fields are written back with minimal quoting.
    #[arg(long, help_heading = "Tables")]
    csv: bool,
    /// The field delimiter of --csv (one character; default ,).
    #[arg(long, value_name = "C", help_heading = "Tables")]
    delimiter: Option<String>,
    /// The board's column: a number from 1, or the name the header gives it (then a first row
    /// that holds NAME is the header). Default: the first column that holds a board on the
    /// first row that has one (never an id or a bare number).
    #[arg(long, value_name = "N|NAME", help_heading = "Tables")]
    column: Option<String>,
    /// Add the converted board as a new last column called NAME (in the header) instead of
    /// replacing the board's column.
    #[arg(long, value_name = "NAME", help_heading = "Tables")]
    append: Option<String>,
    /// The first row of each file is a header: written once, with the board's column named
    /// after the output form (or the --append column added).
    #[arg(long, help_heading = "Tables")]
    header: bool,
    /// The columns of the training fields beside the board, for the trainers' forms and
    /// JSON's train member: FIELD[=COLUMN],... with FIELD score, result (-1, 0, 1), move
    /// (UCI) or ply, and COLUMN a number from 1 or the header's name (the field's own name
    /// when left out). An empty cell is a missing field.
    #[arg(long, value_name = "FIELDS", help_heading = "Tables")]
    train_columns: Option<String>,
    /// Whose point of view --train-columns' score and result are from: white (as bbconv's JSON
    /// and Python) or mover (the side to move's, as Stockfish's .plain).
    #[arg(long, value_enum, default_value_t = TrainView::White, value_name = "VIEW", help_heading = "Tables")]
    train_view: TrainView,
    /// Boards to convert, one an argument (- reads stdin); with none and no -i, stdin.
    #[arg(value_name = "INPUT")]
    boards: Vec<String>,
}

/// `--train-view`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum TrainView {
    /// White's point of view.
    White,
    /// The side to move's.
    Mover,
}

/// The most threads `--jobs` starts by default: beyond this the writing, not the converting,
/// bounds a run, and each worker costs memory.
const DEFAULT_JOBS_MAX: usize = 8;

fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if n <= MAX_JOBS => Ok(n),
        _ => Err(format!(
            "invalid thread count '{s}': expected a number from 0 (all cores) to {MAX_JOBS}"
        )),
    }
}

/// `--max-errors`: how many bad-record messages to print (`None`: all).
#[derive(Debug, Clone, Copy)]
struct MaxErrors(Option<u64>);

fn parse_max_errors(s: &str) -> Result<MaxErrors, String> {
    match s.trim() {
        "all" => Ok(MaxErrors(None)),
        t => t.parse::<u64>().map(|n| MaxErrors(Some(n))).map_err(|_| {
            format!("invalid count '{s}': expected a number of messages, such as 20, or all")
        }),
    }
}

/// The largest `--max-line`: a record must fit in memory three times over.
const MAX_LINE_LIMIT: usize = 1 << 40;

fn parse_bytes(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (num, mult) = match t.as_bytes().last() {
        Some(b'k' | b'K') => (&t[..t.len() - 1], 1 << 10),
        Some(b'm' | b'M') => (&t[..t.len() - 1], 1 << 20),
        Some(b'g' | b'G') => (&t[..t.len() - 1], 1 << 30),
        Some(b't' | b'T') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    num.parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .filter(|&n| n > 0 && n <= MAX_LINE_LIMIT)
        .ok_or_else(|| {
            format!("invalid size '{s}': expected a number of bytes from 1 to 1T, such as 1048576, 64K or 1M")
        })
}

/// The conversion of `convert`, as a pipeline stage.
struct Convert<'a>(Conversion<'a>);

impl Stage for Convert<'_> {
    #[inline(always)]
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        self.0.run(record, out)
    }

    fn run_train(
        &self,
        record: &[u8],
        fields: Train,
        view: View,
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        self.0.run_with_train(record, fields, view, out)
    }
}

pub(crate) fn run(args: ConvertArgs, grid: GridStyle) -> Result<ExitCode> {
    let opts = args.board.options(grid)?;
    let stage = Convert(Conversion::new(args.from, args.to, &opts));
    if args.verbose && matches!(args.from, Format::Paste | Format::Auto) {
        let named = Named {
            inner: stage,
            size: opts.size,
        };
        return run_stage(&args, &opts, &named);
    }
    run_stage(&args, &opts, &stage)
}

/// [`Convert`] that also names, on stderr, the printer each pasted board was read as.
struct Named<'a> {
    inner: Convert<'a>,
    size: Option<Size>,
}

impl Stage for Named<'_> {
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        if record.contains(&b'\n') {
            let read = std::str::from_utf8(record)
                .ok()
                .and_then(|t| bbconv_forms::paste::read(t, self.size).ok());
            if let Some((_, printer)) = read {
                eprintln!("bbconv: note: a board read as {printer}");
            }
        }
        self.inner.run(record, out)
    }

    fn run_train(
        &self,
        record: &[u8],
        fields: Train,
        view: View,
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        self.inner.run_train(record, fields, view, out)
    }
}

impl ConvertArgs {
    /// The input form.
    pub(crate) fn from(&self) -> Format {
        self.from
    }

    /// The output form.
    pub(crate) fn to(&self) -> Format {
        self.to
    }

    /// The board settings.
    pub(crate) fn board(&self) -> &BoardArgs {
        &self.board
    }

    /// `--train-columns`, as given.
    pub(crate) fn train_columns(&self) -> Option<&str> {
        self.train_columns.as_deref()
    }
}

/// The dialect of the table `args` ask for (`--tsv`, `--csv` and its `--delimiter`), if any.
fn dialect(args: &ConvertArgs) -> Result<Option<Dialect>> {
    Ok(match (args.tsv, args.csv) {
        (true, _) => Some(Dialect::Tsv),
        (_, true) => Some(Dialect::Csv(match args.delimiter.as_deref() {
            None => b',',
            Some("\\t" | "tab") => b'\t',
            Some(d) if d.len() == 1 && !matches!(d.as_bytes()[0], b'"' | b'\n' | b'\r') => {
                d.as_bytes()[0]
            }
            Some(d) => {
                return Err(usage(format!(
                    "invalid --delimiter '{d}': expected one ASCII character other than a quote or a line break, such as ; or |"
                )))
            }
        })),
        _ => None,
    })
}

/// The table `args` ask for (`--tsv`, `--csv`), if any, checked: the table flags go with one
/// of them, and a table's fields are text.
fn table(args: &ConvertArgs) -> Result<Option<TableSpec>> {
    let Some(dialect) = dialect(args)? else {
        let given = [
            (args.header, "--header"),
            (args.column.is_some(), "--column"),
            (args.append.is_some(), "--append"),
            (args.delimiter.is_some(), "--delimiter"),
            (args.train_columns.is_some(), "--train-columns"),
        ];
        if let Some((_, flag)) = given.iter().find(|g| g.0) {
            return Err(usage(format!(
                "{flag} reads a table: add --tsv or --csv to say how its fields are separated"
            )));
        }
        return Ok(None);
    };
    if args.tsv && args.delimiter.is_some() {
        return Err(usage(
            "--delimiter goes with --csv: a TSV's fields are separated by tabs",
        ));
    }
    let flag = if args.tsv { "--tsv" } else { "--csv" };
    if args.from.is_binary() {
        return Err(usage(format!(
            "{flag} reads text fields, but {} is raw bytes: read a table's boards in a text form (fen, packed, pair, ...)",
            args.from
        )));
    }
    let records = records(args.to);
    if records && args.append.is_some() {
        return Err(usage(format!(
            "--append adds a column to the table, but -t {} writes the boards alone, as its own records",
            args.to
        )));
    }
    if args.tsv && !records && args.to.framing() == Framing::Block {
        return Err(usage(format!(
            "-t {} writes several lines a board, which a TSV field cannot hold: use --csv, which quotes them",
            args.to
        )));
    }
    let column = match &args.column {
        None => Column::Auto,
        Some(c) => c.parse::<Column>().map_err(usage)?,
    };
    let train = match &args.train_columns {
        Some(t) => parse_columns(t).map_err(usage)?,
        None => Vec::new(),
    };
    let spec = TableSpec {
        dialect,
        column,
        append: args.append.clone(),
        header: args.header,
        to: args.to,
        from: args.from,
        null_rows: args.errors == ErrorMode::Null && !records,
        max_line: args.max_line,
        train,
        view: match args.train_view {
            TrainView::White => View::White,
            TrainView::Mover => View::Mover,
        },
        records,
    };
    spec.check().map_err(usage)?;
    Ok(Some(spec))
}

/// Whether a table's boards converted to `to` are written alone, as the form's own records
/// rather than back into their rows: raw bytes, and the trainers' forms, whose files are
/// records of their own.
fn records(to: Format) -> bool {
    to.is_binary() || to.holds() == Holds::Position
}

/// Runs `stage` on every record of `args`' inputs, with `convert`'s framing, threads, error
/// modes and output file: the one driver `convert` and `canon` share. Under `--tsv` or
/// `--csv` the records are a table's rows and `stage` converts the board's field of each.
pub(crate) fn run_stage<S: Stage>(
    args: &ConvertArgs,
    opts: &bbconv_forms::Options,
    stage: &S,
) -> Result<ExitCode> {
    if args.to.is_input_only() {
        return Err(usage(format!(
            "{} is an input form only: choose an output form with -t (see bbconv formats; grid draws a board)",
            args.to
        )));
    }
    if args.to == Format::Grid && opts.to_coords == bbconv_forms::CoordStyle::Sgf {
        return Err(usage(
            "--to-coords sgf names no grid's labels (SGF names rows by letters from the top, which no printed board shows): use --to-coords gtp or chess with -t grid",
        ));
    }
    match table(args)? {
        // The same form in and out: the file comes back byte for byte, its blank and comment
        // lines and CRLF line ends included.
        None if verbatim(args) => run_records(args, opts, &KeepCr(stage), None),
        None => run_records(args, opts, stage, None),
        Some(spec) => {
            let table = Arc::new(Table::new(spec, opts));
            let stage = TableStage {
                inner: stage,
                table: Arc::clone(&table),
            };
            run_records(args, opts, &stage, Some(table))
        }
    }
}

/// Whether a run writes the lines it reads back in place: the same line-framed text form in and
/// out (a FEN, EPD, PDN or OBF file converted to itself).
fn verbatim(args: &ConvertArgs) -> bool {
    args.from == args.to && args.from.framing() == Framing::Line && args.from.spans().is_none()
}

/// [`run_stage`] on records (`table`: a table's rows).
fn run_records<S: Stage>(
    args: &ConvertArgs,
    opts: &bbconv_forms::Options,
    stage: &S,
    table: Option<Arc<Table>>,
) -> Result<ExitCode> {
    let (from, to) = (args.from, args.to);
    let to_stdout = args.output.as_ref().is_none_or(|p| p.as_os_str() == "-");
    if to.is_binary() && to_stdout && io::stdout().is_terminal() {
        return Err(usage(format!(
            "-t {to} writes raw bytes: redirect stdout or use -o FILE"
        )));
    }
    let sources = Source::list(&args.boards, &args.inputs);
    let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = match args.jobs {
        None => cores().min(DEFAULT_JOBS_MAX),
        Some(0) => cores(),
        Some(n) => n,
    };
    let size = opts.size_or_default();
    let mut input = Input::for_form(from, (size, opts.order), opts.planes.len(), args.max_line);
    let mut out_framing = to.framing();
    if let Some(t) = &table {
        // A table's rows are lines (CSV: lines that quotes may join), written back one a line
        // (or their boards alone, framed as the output form's records).
        input.framing = Framing::Line;
        input.rows = t.rows();
        if !records(to) {
            out_framing = Framing::Line;
        }
    } else if verbatim(args) {
        input.rows = Rows::Verbatim;
    } else if let Some(mode) = from.spans() {
        // Lines, which the form's own rule joins into records.
        input.framing = Framing::Line;
        input.rows = Rows::Spans(mode);
    }
    let rows_out = table.as_ref().filter(|_| !records(to));
    let null_row: Option<NullRow> = rows_out.cloned().map(|t| {
        let f: NullRow = Arc::new(move |row: &[u8], out: &mut Vec<u8>| t.null_row(row, out));
        f
    });
    let settings = Settings {
        input,
        binary_input: from.is_binary(),
        write: WriteSettings {
            out: OutFraming {
                framing: out_framing,
                form: Some(to),
                default_size: size,
                planes: opts.planes.len(),
                numbering: opts.to_order,
            },
            errors: args.errors,
            fail_fast: args.fail_fast,
            max_errors: args.max_errors.0,
            size: opts.size,
            max_line: args.max_line,
            record_len: from.record_len(size, opts.planes.len(), opts.order),
            null_row,
            placeholders: rows_out.is_some() && args.errors == ErrorMode::Null,
            tables: true,
        },
        jobs,
        progress: if args.progress {
            Some(true)
        } else if args.no_progress {
            Some(false)
        } else {
            None
        },
        part_records: 0,
        parallel_after: PARALLEL_AFTER,
    };
    let sink = Sink::open(args.output.as_deref()).map_err(|e| usage(format!("{e:#}")))?;
    pipeline::run(&sources, settings, stage, sink)
}
