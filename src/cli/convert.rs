//! `bbconv convert`: streams records from arguments, files or stdin through a parser and a
//! renderer, reporting each bad record in place and keeping output in input order.

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::pipeline::frame::{position, Record, Records};
use anyhow::{Context, Result};
use bbconv_forms::{Conversion, ConvertError, Format, Framing, GridStyle, Options};
use clap::{Args, ValueEnum};

use super::output::AtomicFile;
use super::{format_parser, usage, BoardArgs};

pub(crate) const EXAMPLES: &str = "\
Examples:
  bbconv convert -f hex -t squares 0x8100000000000081
  bbconv convert -f pair -t packed '0xffff 0xffff000000000000'
  bbconv convert -f fen -t pair 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  bbconv convert -f base2 -t squares -s 3x3 000000111
  bbconv convert -f hex -t hex --to-order berlef 0x10
  bbconv convert -f pair -t hex --layer occupied '0xffff 0xffff000000000000'
  printf '0x1\\n0x2\\n' | bbconv convert -f hex -t squares
  bbconv convert -f fen -t packed -i positions.fen -o positions.packed   (files; -o is atomic)";

/// What happens to a bad record's output line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub(crate) enum ErrorMode {
    /// Report it on stderr and write nothing for it.
    #[default]
    Report,
    /// Write nothing for it and report nothing (the count is still printed and the exit code is 1).
    Skip,
    /// Report it and write an empty line (`null` for JSON, 0xff bytes for binary forms), so that
    /// output record N belongs to input record N.
    Null,
}

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
    #[arg(short = 'i', long = "input", value_name = "FILE")]
    inputs: Vec<PathBuf>,
    /// Write to FILE atomically: it is the complete new output or untouched.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// What a bad record leaves in the output: report, skip or null.
    #[arg(long, value_enum, default_value_t = ErrorMode::Report, value_name = "MODE")]
    errors: ErrorMode,
    /// Stop at the first bad record (exit 1; an -o file is left untouched).
    #[arg(long)]
    fail_fast: bool,
    /// Convert on N threads (0 = all cores); the output is byte-identical to --jobs 1.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1)]
    jobs: usize,
    /// Show a progress bar on stderr (default: when stderr is a terminal and the input is a file).
    #[arg(long, overrides_with = "no_progress")]
    progress: bool,
    /// Never show a progress bar.
    #[arg(long)]
    no_progress: bool,
    /// Longest record accepted, in bytes (K and M suffixes allowed); longer ones are bad records.
    #[arg(long, value_name = "BYTES", default_value = "1M", value_parser = parse_bytes)]
    max_line: usize,
    /// Boards to convert, one an argument (- reads stdin); with none and no -i, stdin.
    #[arg(value_name = "INPUT")]
    boards: Vec<String>,
}

fn parse_bytes(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (num, mult) = match t.as_bytes().last() {
        Some(b'k' | b'K') => (&t[..t.len() - 1], 1 << 10),
        Some(b'm' | b'M') => (&t[..t.len() - 1], 1 << 20),
        Some(b'g' | b'G') => (&t[..t.len() - 1], 1 << 30),
        _ => (t, 1),
    };
    num.parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            format!("invalid size '{s}': expected a number of bytes such as 1048576, 64K or 1M")
        })
}

/// Where records come from.
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Source {
    /// A command-line argument (1-based position) holding one board.
    Arg(usize, String),
    /// A file, or stdin for `-`.
    Path(PathBuf),
}

impl Source {
    pub(crate) fn list(boards: &[String], files: &[PathBuf]) -> Vec<Source> {
        let mut v: Vec<Source> = boards
            .iter()
            .enumerate()
            .map(|(k, b)| {
                if b == "-" {
                    Source::Path(PathBuf::from("-"))
                } else {
                    Source::Arg(k + 1, b.clone())
                }
            })
            .collect();
        v.extend(files.iter().cloned().map(Source::Path));
        if v.is_empty() {
            v.push(Source::Path(PathBuf::from("-")));
        }
        v
    }

    pub(crate) fn name(&self) -> String {
        match self {
            Source::Arg(k, _) => format!("argument {k}"),
            Source::Path(p) => p.display().to_string(),
        }
    }
}

/// One bad record, ready to print.
pub(crate) struct Bad {
    pub(crate) line: usize,
    pub(crate) col: Option<usize>,
    pub(crate) message: String,
}

/// What a record handler says after a record.
pub(crate) enum Flow {
    Go,
    Stop,
}

/// Receives the records of the sources, good and bad.
pub(crate) trait Handler {
    /// A record read whole, starting on `line` of `src`.
    fn record(&mut self, src: &Source, line: usize, data: &[u8]) -> Result<Flow>;
    /// A record that could not even be read (too long, truncated).
    fn bad(&mut self, src: &Source, bad: Bad) -> Result<Flow>;
}

/// How records are read from the sources.
pub(crate) struct Reader {
    pub(crate) framing: Framing,
    pub(crate) record_len: usize,
    pub(crate) max_line: usize,
    pub(crate) progress: bool,
}

impl Reader {
    pub(crate) fn for_format(from: Format, size: bbconv_board::Size, max_line: usize) -> Reader {
        Reader {
            framing: from.framing(),
            record_len: from.record_len(size),
            max_line,
            progress: false,
        }
    }

    pub(crate) fn open(src: &Source) -> Result<Box<dyn Read>> {
        Ok(match src {
            Source::Arg(_, s) => Box::new(io::Cursor::new(s.clone().into_bytes())),
            Source::Path(p) if p.as_os_str() == "-" => Box::new(io::stdin().lock()),
            Source::Path(p) => {
                Box::new(File::open(p).with_context(|| format!("cannot open {}", p.display()))?)
            }
        })
    }

    /// Feeds every record of every source to `h`, in order, until it says stop.
    pub(crate) fn run(&self, sources: &[Source], h: &mut impl Handler) -> Result<Flow> {
        for src in sources {
            if let Flow::Stop = self.run_one(src, h)? {
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Go)
    }

    fn run_one(&self, src: &Source, h: &mut impl Handler) -> Result<Flow> {
        if let Source::Arg(_, s) = src {
            // An argument is one board whatever its line breaks (grids), unless binary.
            if self.framing != Framing::Binary {
                let data = s.strip_suffix('\n').unwrap_or(s);
                let data = data.strip_suffix('\r').unwrap_or(data);
                return h.record(src, 1, data.as_bytes());
            }
        }
        let total = match src {
            Source::Path(p) if self.progress && p.as_os_str() != "-" => {
                std::fs::metadata(p).ok().map(|m| m.len())
            }
            _ => None,
        };
        let mut bar = total.map(|t| Progress::new(src.name(), t));
        let mut records = Records::new(
            Reader::open(src)?,
            self.framing,
            self.record_len,
            self.max_line,
        );
        let mut count: u64 = 0;
        while let Some(rec) = records
            .next_record()
            .with_context(|| format!("cannot read {}", src.name()))?
        {
            let flow = match rec {
                Record::Data { line, data } => h.record(src, line, data)?,
                Record::TooLong { line, len } => h.bad(
                    src,
                    Bad {
                        line,
                        col: None,
                        message: format!(
                            "the record is {len} bytes or more, longer than the limit of {} bytes (raise it with --max-line)",
                            self.max_line
                        ),
                    },
                )?,
                Record::Truncated { line, len } => h.bad(
                    src,
                    Bad {
                        line,
                        col: None,
                        message: format!(
                            "the last record is {len} bytes, expected {} (the input ends inside a record)",
                            self.record_len
                        ),
                    },
                )?,
            };
            if let Flow::Stop = flow {
                return Ok(Flow::Stop);
            }
            count += 1;
            if count.is_multiple_of(4096) {
                if let Some(b) = bar.as_mut() {
                    b.tick(records.consumed(), count);
                }
            }
        }
        if let Some(b) = bar.as_mut() {
            b.finish(records.consumed(), count);
        }
        Ok(Flow::Go)
    }
}

/// A progress line on stderr: bytes read of the file's size, records per second, time left.
struct Progress {
    name: String,
    total: u64,
    started: std::time::Instant,
    last: std::time::Instant,
}

impl Progress {
    fn new(name: String, total: u64) -> Progress {
        let now = std::time::Instant::now();
        Progress {
            name,
            total,
            started: now,
            last: now,
        }
    }

    fn draw(&self, done: u64, records: u64) {
        let secs = self.started.elapsed().as_secs_f64().max(1e-6);
        let rate = records as f64 / secs;
        let frac = if self.total == 0 {
            1.0
        } else {
            (done as f64 / self.total as f64).min(1.0)
        };
        let eta = if frac > 0.0 {
            secs * (1.0 - frac) / frac
        } else {
            0.0
        };
        let width = 30;
        let filled = (frac * width as f64) as usize;
        let _ = write!(
            io::stderr().lock(),
            "\r{} [{}{}] {:>3.0}% {}/{} MB {:.0} records/s ETA {:.0}s ",
            self.name,
            "#".repeat(filled),
            "-".repeat(width - filled),
            frac * 100.0,
            done >> 20,
            self.total >> 20,
            rate,
            eta
        );
    }

    fn tick(&mut self, done: u64, records: u64) {
        if self.last.elapsed().as_millis() >= 200 {
            self.last = std::time::Instant::now();
            self.draw(done, records);
        }
    }

    fn finish(&mut self, done: u64, records: u64) {
        self.draw(done, records);
        let _ = writeln!(io::stderr().lock());
    }
}

pub(crate) fn describe(src: &Source, bad: &Bad) -> String {
    let loc = match (src, bad.col) {
        (Source::Arg(..), Some(c)) => format!("{}, column {c}", src.name()),
        (Source::Arg(..), None) => src.name(),
        (_, Some(c)) => format!("{}:{}:{c}", src.name(), bad.line),
        (_, None) => format!("{}:{}", src.name(), bad.line),
    };
    format!("{loc}: {}", bad.message)
}

pub(crate) fn bad_from(err: ConvertError, line: usize, data: &[u8], binary: bool) -> Bad {
    match err {
        ConvertError::Parse(e) => match e.offset {
            Some(off) if binary => Bad {
                line,
                col: Some(off + 1),
                message: e.message,
            },
            Some(off) => {
                let (dl, col) = position(data, off);
                Bad {
                    line: line + dl,
                    col: Some(col),
                    message: e.message,
                }
            }
            None => Bad {
                line,
                col: None,
                message: e.message,
            },
        },
        ConvertError::Render(e) => Bad {
            line,
            col: None,
            message: e.0,
        },
    }
}

pub(crate) fn null_record(to: Format, opts: &Options, out: &mut Vec<u8>) {
    match to.framing() {
        Framing::Binary => {
            let n = to.record_len(opts.size_or_default());
            out.extend(std::iter::repeat_n(0xff, n));
        }
        Framing::Block => out.extend_from_slice(b"# null"),
        Framing::Json => out.extend_from_slice(b"null"),
        Framing::Line => {}
    }
}

/// Output: stdout or an atomic file.
pub(crate) enum Sink {
    Stdout(io::BufWriter<io::Stdout>),
    File(AtomicFile),
}

impl Sink {
    pub(crate) fn open(output: Option<&std::path::Path>) -> Result<Sink> {
        Ok(match output {
            Some(p) => Sink::File(AtomicFile::create(p)?),
            None => Sink::Stdout(io::BufWriter::with_capacity(1 << 16, io::stdout())),
        })
    }

    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Sink::Stdout(w) => w,
            Sink::File(f) => f,
        }
    }
}

/// The output side of a run: writes converted records with their separators, reports bad
/// records, counts both. Used directly by `--jobs 1` and by the writer thread of `--jobs N`.
pub(crate) struct Converter<'a> {
    pub(crate) from: Format,
    pub(crate) to: Format,
    pub(crate) opts: &'a Options,
    pub(crate) swap: bool,
    pub(crate) conversion: Conversion<'a>,
    pub(crate) errors: ErrorMode,
    pub(crate) fail_fast: bool,
    pub(crate) sink: Sink,
    pub(crate) buf: Vec<u8>,
    pub(crate) total: usize,
    pub(crate) bad: usize,
    pub(crate) first_out: bool,
}

impl Converter<'_> {
    fn flush(&mut self) -> Result<()> {
        let w = self.sink.writer();
        w.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    fn separate(&mut self) {
        if self.to.framing() == Framing::Block && !self.first_out {
            self.buf.push(b'\n');
        }
        self.first_out = false;
    }

    fn end_record(&mut self) {
        if self.to.framing() != Framing::Binary {
            self.buf.push(b'\n');
        }
    }

    /// Appends one converted record (with its separators).
    pub(crate) fn emit(&mut self, rec: &[u8]) -> Result<()> {
        self.separate();
        self.buf.extend_from_slice(rec);
        self.total += 1;
        self.end_record();
        if self.buf.len() >= 1 << 16 {
            self.flush()?;
        }
        Ok(())
    }

    /// Appends `records` converted records that already carry their line ends.
    pub(crate) fn emit_whole(&mut self, bytes: &[u8], records: usize) -> Result<()> {
        self.total += records;
        if bytes.is_empty() {
            return Ok(());
        }
        self.first_out = false;
        if self.buf.is_empty() && bytes.len() >= 1 << 16 {
            return Ok(self.sink.writer().write_all(bytes)?);
        }
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= 1 << 16 {
            self.flush()?;
        }
        Ok(())
    }

    /// Reports a bad record and, with `--errors null`, writes its placeholder.
    pub(crate) fn bad_now(&mut self, src: &Source, bad: Bad) -> Result<Flow> {
        if let Flow::Stop = self.report(src, &bad)? {
            return Ok(Flow::Stop);
        }
        if self.errors == ErrorMode::Null {
            self.separate();
            null_record(self.to, self.opts, &mut self.buf);
            self.end_record();
        }
        Ok(Flow::Go)
    }

    /// Counts and reports a bad record (its `--errors null` placeholder is written by the caller).
    pub(crate) fn report(&mut self, src: &Source, bad: &Bad) -> Result<Flow> {
        self.total += 1;
        self.bad += 1;
        if self.errors != ErrorMode::Skip {
            // Keep stdout and stderr in step for a reader watching both.
            self.flush()?;
            self.sink.writer().flush()?;
            let _ = writeln!(io::stderr().lock(), "bbconv: {}", describe(src, bad));
        }
        Ok(if self.fail_fast { Flow::Stop } else { Flow::Go })
    }

    /// Ends the run: commits the output (unless stopped by --fail-fast) and returns the exit code.
    pub(crate) fn finish(mut self, flow: Flow) -> Result<ExitCode> {
        if let Flow::Stop = flow {
            // --fail-fast: an -o file is dropped uncommitted, so the target is untouched.
            if matches!(self.sink, Sink::Stdout(_)) {
                self.flush()?;
                self.sink.writer().flush()?;
            }
            eprintln!("bbconv: stopped at the first bad record (--fail-fast)");
            return Ok(ExitCode::from(1));
        }
        self.flush()?;
        match self.sink {
            Sink::File(f) => f.commit()?,
            Sink::Stdout(mut w) => w.flush()?,
        }
        if self.bad > 0 {
            eprintln!(
                "bbconv: {} bad record{} of {}",
                self.bad,
                if self.bad == 1 { "" } else { "s" },
                self.total
            );
            return Ok(ExitCode::from(1));
        }
        Ok(ExitCode::SUCCESS)
    }
}

impl Handler for Converter<'_> {
    fn record(&mut self, src: &Source, line: usize, data: &[u8]) -> Result<Flow> {
        let mark = self.buf.len();
        let first = self.first_out;
        self.separate();
        match self.conversion.run(data, &mut self.buf) {
            Ok(()) => {
                self.total += 1;
                self.end_record();
                if self.buf.len() >= 1 << 16 {
                    self.flush()?;
                }
                Ok(Flow::Go)
            }
            Err(e) => {
                self.buf.truncate(mark);
                self.first_out = first;
                self.bad_now(src, bad_from(e, line, data, self.from.is_binary()))
            }
        }
    }

    fn bad(&mut self, src: &Source, bad: Bad) -> Result<Flow> {
        self.bad_now(src, bad)
    }
}

pub(crate) fn run(args: ConvertArgs, grid: GridStyle) -> Result<ExitCode> {
    let opts = args.board.options(grid)?;
    let (from, to) = (args.from, args.to);
    if to == Format::Auto {
        return Err(usage(
            "auto is an input form only: choose an output form with -t (see bbconv formats)",
        ));
    }
    if to.is_binary() && args.output.is_none() && io::stdout().is_terminal() {
        return Err(usage(format!(
            "-t {to} writes raw bytes: redirect stdout or use -o FILE"
        )));
    }
    let sources = Source::list(&args.boards, &args.inputs);
    let progress = args.progress
        || (!args.no_progress
            && io::stderr().is_terminal()
            && sources
                .iter()
                .any(|s| matches!(s, Source::Path(p) if p.as_os_str() != "-")));
    let reader = Reader {
        progress,
        ..Reader::for_format(from, opts.size_or_default(), args.max_line)
    };
    let jobs = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let swap = args.board.swap();
    let conv = Converter {
        from,
        to,
        opts: &opts,
        swap,
        conversion: Conversion::new(from, to, &opts, swap),
        errors: args.errors,
        fail_fast: args.fail_fast,
        sink: Sink::open(args.output.as_deref())?,
        buf: Vec::with_capacity(1 << 17),
        total: 0,
        bad: 0,
        first_out: true,
    };
    if jobs > 1 {
        // Files and stdin of one-record-a-line forms: workers split blocks into lines themselves;
        // anything else (arguments, grids, JSON, binary records) goes through batches of records.
        if reader.framing == Framing::Line && sources.iter().all(|s| matches!(s, Source::Path(_))) {
            return super::blocks::run(&reader, &sources, conv, jobs);
        }
        return super::parallel::run(&reader, &sources, conv, jobs);
    }
    let mut conv = conv;
    let flow = reader.run(&sources, &mut conv)?;
    conv.finish(flow)
}
