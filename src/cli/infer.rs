//! `bbconv infer`: which numbering and number fixes explain a file of samples
//! (`VALUE<TAB>EXPECTED` a line). Each sample is read on `convert`'s record pipeline (line
//! numbers, bad lines reported, none dropped) into the set of readings it agrees with; the
//! counts over all samples name the readings that fit every one, or the best and the lines
//! that disagree with it, in the words of `bbconv_present::infer`.

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use anyhow::Result;
use bbconv_board::Size;
use bbconv_forms::debug::Inferrer;
use bbconv_forms::{ConvertError, Format, Framing, GridStyle, ParseError};

use super::args::{format_parser, usage, BoardArgs};
use crate::pipeline::frame::Input;
use crate::pipeline::sink::Sink;
use crate::pipeline::source::Source;
use crate::pipeline::work::Stage;
use crate::pipeline::write::{ErrorMode, OutFraming, WriteSettings};
use crate::pipeline::{self, Settings, PARALLEL_AFTER};

pub(crate) const EXAMPLES: &str = "\
Examples:
  printf '0x10\\te1\\n0x1000\\te2\\n' | bbconv infer                  lerf fits both samples
  printf '0x1000000000000000\\te1\\n0x1\\ta8\\n' | bbconv infer       berlef (a8 = 0) fits both
  printf '0x1\\tb8\\n0x2\\td8\\n' | bbconv infer                     draughts: squares 1 and 2
  printf -- '-9151314442816847872\\ta1 h1\\n0x1\\ta8\\n' | bbconv infer    berlef, a negative long

Samples come from -i FILE, arguments or stdin. A sample is VALUE, a tab, and EXPECTED: square names (e1 e2), a FEN (its occupied squares, or
--side), a rows string (000/010/000), or NAME:NUMBER, a number in a named order or layout
(lerf:0x10, 0x88:0x34). VALUE is a number (-f: hex, dec, bin, signed, ...) or a pair, whose
two sides are compared with a FEN's. Every reading of `explain` is tried: the 8 orders and 4
layouts, with negation, complement, byte swap and 32-bit halves swapped, and for pairs the
colours swapped. Exit 0 when some reading fits every sample, 1 when none does or a line is bad.";

#[derive(clap::Args, Debug)]
pub(crate) struct InferArgs {
    /// Form of each sample's VALUE.
    #[arg(short = 'f', long = "from", value_name = "FORM", value_parser = format_parser(), ignore_case = true, default_value = "auto")]
    from: Format,
    /// Which squares of a FEN in EXPECTED a one-bitboard VALUE is: first (white), second
    /// (black), occupied, or a piece letter.
    #[arg(long, value_name = "SIDE", default_value = "occupied")]
    side: String,
    #[command(flatten)]
    board: BoardArgs,
    /// Read samples from FILE (- is stdin).
    #[arg(short = 'i', long = "input", value_name = "FILE", num_args = 1)]
    input: Option<std::path::PathBuf>,
    /// Samples, one an argument (VALUE, a tab, EXPECTED); with none and no -i, stdin.
    #[arg(value_name = "SAMPLE")]
    samples: Vec<String>,
}

/// One sample to the set of readings it agrees with, as a hex bit mask (bit k: reading k).
struct Infer<'a>(&'a Inferrer<'a>, Size);

impl Stage for Infer<'_> {
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        let text = std::str::from_utf8(record).map_err(|e| {
            ConvertError::Parse(ParseError::new(
                Some(e.valid_up_to()),
                "a sample is not UTF-8 text",
            ))
        })?;
        let mask = self.0.sample(text).map_err(ConvertError::Parse)?;
        for w in mask.iter().rev() {
            out.extend_from_slice(format!("{w:016x}").as_bytes());
        }
        Ok(self.1)
    }
}

pub(crate) fn run(args: InferArgs, grid: GridStyle) -> Result<ExitCode> {
    let opts = args.board.options(grid)?;
    let side = args.side.parse().map_err(usage)?;
    let inferrer = Inferrer::new(args.from, side, &opts).map_err(|e| usage(e.to_string()))?;
    let size = opts.size_or_default();
    let files: Vec<std::path::PathBuf> = args.input.iter().cloned().collect();
    let sources = Source::list(&args.samples, &files);
    let settings = Settings {
        input: Input {
            framing: Framing::Line,
            record_len: 0,
            max_line: 1 << 20,
            chunk: 0,
            rows: Default::default(),
        },
        binary_input: false,
        write: WriteSettings {
            out: OutFraming {
                framing: Framing::Line,
                form: None,
                default_size: size,
                planes: opts.planes.len(),
                numbering: opts.to_order,
            },
            // A line a record, blank and bad ones too: output line N is sample line N.
            errors: ErrorMode::Null,
            fail_fast: false,
            max_errors: None,
            size: opts.size,
            max_line: 1 << 20,
            record_len: 0,
            null_row: None,
            placeholders: false,
            tables: false,
        },
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get().min(8)),
        progress: Some(false),
        part_records: 0,
        parallel_after: PARALLEL_AFTER,
    };
    let stage = Infer(&inferrer, opts.size_or_default());
    let buf = Arc::new(Mutex::new(Vec::new()));
    let code = pipeline::run(&sources, settings, &stage, Sink::Memory(Arc::clone(&buf)))?;
    let out = std::mem::take(&mut *buf.lock().map_err(|_| anyhow::anyhow!("lock poisoned"))?);
    let (text, fits) = report(&out, &inferrer, size, sources.len() > 1);
    print!("{text}");
    Ok(if fits { code } else { ExitCode::from(1) })
}

/// The answer in words ([`bbconv_present::infer::report`]) of the pipeline's output: a line a
/// sample, its mask in hex (bad and blank lines empty). Whether some reading fits every sample.
fn report(out: &[u8], inferrer: &Inferrer<'_>, size: Size, several: bool) -> (String, bool) {
    let words = inferrer.len().div_ceil(64);
    // (line, mask) of every sample read.
    let samples: Vec<(usize, Vec<u64>)> = out
        .split(|&c| c == b'\n')
        .enumerate()
        .filter(|(_, l)| l.len() == 16 * words)
        .map(|(k, l)| {
            let mask = l
                .chunks(16)
                .rev()
                .map(|h| {
                    u64::from_str_radix(std::str::from_utf8(h).unwrap_or("0"), 16).unwrap_or(0)
                })
                .collect();
            (k + 1, mask)
        })
        .collect();
    bbconv_present::infer::report(&samples, inferrer, size, several)
}
