//! `bbconv convert`: its arguments, and the conversion it runs on the record pipeline.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use bbconv_board::Size;
use bbconv_forms::{Conversion, ConvertError, Format, GridStyle};
use clap::Args;

use super::args::{format_parser, usage, BoardArgs};
use crate::pipeline::frame::Input;
use crate::pipeline::sink::Sink;
use crate::pipeline::source::Source;
use crate::pipeline::work::{planned, Stage, StageLoop};
use crate::pipeline::write::{ErrorMode, OutFraming, WriteSettings};
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
  bbconv convert -f fen -t packed -i positions.fen -o positions.packed   (files; -o is atomic)";

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
    /// Print at most N bad-record messages (the count at the end stays exact).
    #[arg(long, value_name = "N")]
    max_errors: Option<u64>,
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
    /// Boards to convert, one an argument (- reads stdin); with none and no -i, stdin.
    #[arg(value_name = "INPUT")]
    boards: Vec<String>,
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

    fn with_loop<L: StageLoop>(&self, l: L) -> L::Output {
        planned(&self.0, l)
    }
}

pub(crate) fn run(args: ConvertArgs, grid: GridStyle) -> Result<ExitCode> {
    let opts = args.board.options(grid)?;
    let stage = Convert(Conversion::new(
        args.from,
        args.to,
        &opts,
        args.board.swap(),
    ));
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
}

/// Runs `stage` on every record of `args`' inputs, with `convert`'s framing, threads, error
/// modes and output file: the one driver `convert` and `canon` share.
pub(crate) fn run_stage<S: Stage>(
    args: &ConvertArgs,
    opts: &bbconv_forms::Options,
    stage: &S,
) -> Result<ExitCode> {
    let (from, to) = (args.from, args.to);
    if to == Format::Auto {
        return Err(usage(
            "auto is an input form only: choose an output form with -t (see bbconv formats)",
        ));
    }
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
    let settings = Settings {
        input: Input::for_form(from, size, opts.planes.len(), args.max_line),
        binary_input: from.is_binary(),
        write: WriteSettings {
            out: OutFraming {
                framing: to.framing(),
                form: Some(to),
                default_size: size,
                planes: opts.planes.len(),
            },
            errors: args.errors,
            fail_fast: args.fail_fast,
            max_errors: args.max_errors,
            size: opts.size,
            max_line: args.max_line,
            record_len: from.record_len(size, opts.planes.len()),
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
