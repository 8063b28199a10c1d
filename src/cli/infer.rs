//! `bbconv infer`: which numbering and number fixes explain a file of samples
//! (`VALUE<TAB>EXPECTED` a line). Each sample is read on `convert`'s record pipeline (line
//! numbers, bad lines reported, none dropped) into the set of readings it agrees with; the
//! counts over all samples name the readings that fit every one, or the best and the lines
//! that disagree with it.

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use anyhow::Result;
use bbconv_board::mismatch::Reading;
use bbconv_board::{Bitboard, Numbering, Order, Pair, Size};
use bbconv_forms::{
    self as format, ConvertError, Format, Framing, GridStyle, Options, ParseError, Value,
};

use super::args::{format_parser, usage, BoardArgs};
use super::readings::{Candidate, Side};
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

/// The readings tried: every reading of a number, and for pairs each with the colours
/// swapped too.
fn readings() -> Vec<(Reading, bool)> {
    let all: Vec<Reading> = Reading::all().collect();
    let plain = all.iter().cloned().map(|r| (r, false));
    let swapped = all.iter().cloned().map(|r| (r, true));
    plain.chain(swapped).collect()
}

/// One sample to the set of readings it agrees with, as a hex bit mask (bit k: reading k).
struct Infer<'a> {
    from: Format,
    side: Side,
    opts: &'a Options,
    /// `opts` for EXPECTED (LERF, the board's size) and for VALUE (LERF, as wide as any
    /// numbering), made once.
    plain: Options,
    wide: Options,
    readings: &'a [(Reading, bool)],
}

fn bad(offset: usize, message: impl Into<String>) -> ConvertError {
    ConvertError::Parse(ParseError::new(Some(offset), message))
}

impl Infer<'_> {
    /// EXPECTED: `NAME:NUMBER`, a rows string, a FEN, or square names.
    fn expected(&self, text: &str, size: Size, at: usize) -> Result<Value, ConvertError> {
        let shift = |e: ParseError| ConvertError::Parse(e.shifted(at));
        if let Some((name, number)) = text.split_once(':') {
            if let Ok(n) = name.parse::<Numbering>() {
                let o = Options {
                    size: Some(size),
                    order: n,
                    ..self.opts.clone()
                };
                return format::parse(Format::Int, number.as_bytes(), &o)
                    .map_err(|e| ConvertError::Parse(e.shifted(at + name.len() + 1)));
            }
        }
        let t = text.trim();
        let form = if t.contains('/') && t.bytes().all(|c| matches!(c, b'0' | b'1' | b'/')) {
            Format::Rows
        } else if t.contains('/') {
            Format::Fen
        } else {
            Format::Squares
        };
        format::parse(form, text.as_bytes(), &self.plain).map_err(shift)
    }
}

impl Stage for Infer<'_> {
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        let text = std::str::from_utf8(record)
            .map_err(|e| bad(e.valid_up_to(), "a sample is not UTF-8 text"))?;
        let Some(tab) = text.find('\t') else {
            return Err(bad(
                text.len(),
                "found no tab: expected VALUE, a tab, and the EXPECTED squares (e1 e2, a FEN, rows or NAME:NUMBER)",
            ));
        };
        let size = self.opts.size_or_default();
        let (value, expected) = (&text[..tab], &text[tab + 1..]);
        let want = self.expected(expected, size, tab + 1)?;
        let raw =
            format::parse(self.from, value.as_bytes(), &self.wide).map_err(ConvertError::Parse)?;
        let mut mask = vec![0u64; self.readings.len().div_ceil(64)];
        match &raw {
            Value::Single(raw) => {
                let want = match &want {
                    Value::Single(b) => b.clone(),
                    v => self.side.of(v, self.opts),
                };
                for (k, (r, swap)) in self.readings.iter().enumerate() {
                    if !swap && r.read(raw, size).as_ref() == Some(&want) {
                        mask[k / 64] |= 1 << (k % 64);
                    }
                }
            }
            v => {
                let p = v.to_pair();
                let want = want.to_pair();
                for (k, (r, swap)) in self.readings.iter().enumerate() {
                    let (Some(a), Some(b)) = (r.read(p.first(), size), r.read(p.second(), size))
                    else {
                        continue;
                    };
                    let (a, b) = if *swap { (b, a) } else { (a, b) };
                    if Pair::new(a, b).ok().as_ref() == Some(&want) {
                        mask[k / 64] |= 1 << (k % 64);
                    }
                }
            }
        }
        for w in mask.iter().rev() {
            out.extend_from_slice(format!("{w:016x}").as_bytes());
        }
        Ok(size)
    }
}

pub(crate) fn run(args: InferArgs, grid: GridStyle) -> Result<ExitCode> {
    let opts = args.board.options(grid)?;
    if matches!(
        args.from,
        Format::Fen | Format::Grid | Format::Squares | Format::Coords | Format::Rows
    ) {
        return Err(usage(format!(
            "VALUE as {} names squares directly: infer reads numbers (hex, dec, bin, signed, ...) or pairs",
            args.from
        )));
    }
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
        },
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get().min(8)),
        progress: Some(false),
        part_records: 0,
        parallel_after: PARALLEL_AFTER,
    };
    let list = readings();
    let lerf = |size| Options {
        size: Some(size),
        order: Order::Lerf.into(),
        ..opts.clone()
    };
    let stage = Infer {
        from: args.from,
        side: args.side.parse().map_err(usage)?,
        opts: &opts,
        plain: lerf(size),
        wide: lerf(Numbering::widest(size)),
        readings: &list,
    };
    let buf = Arc::new(Mutex::new(Vec::new()));
    let code = pipeline::run(&sources, settings, &stage, Sink::Memory(Arc::clone(&buf)))?;
    let out = std::mem::take(&mut *buf.lock().map_err(|_| anyhow::anyhow!("lock poisoned"))?);
    let (text, fits) = report(&out, &list, size, opts.order, sources.len() > 1);
    print!("{text}");
    Ok(if fits { code } else { ExitCode::from(1) })
}

/// The answer: the readings every sample agrees with, or the best one, its count and the
/// lines that disagree. Whether some reading fits every sample.
fn report(
    out: &[u8],
    list: &[(Reading, bool)],
    size: Size,
    given: Numbering,
    several: bool,
) -> (String, bool) {
    let words = list.len().div_ceil(64);
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
    let m = samples.len();
    let mut text = String::new();
    if m == 0 {
        text.push_str("No sample was read: expected lines of VALUE, a tab, and EXPECTED.\n");
        return (text, false);
    }
    // How many samples agree with each reading, counted once.
    let mut counts = vec![0usize; list.len()];
    for (_, s) in &samples {
        for (k, c) in counts.iter_mut().enumerate() {
            *c += (s[k / 64] >> (k % 64) & 1) as usize;
        }
    }
    let count = |k: usize| counts[k];
    let candidate = |k: usize| {
        let (reading, swap) = &list[k];
        Candidate {
            reading: reading.clone(),
            layout: None,
            trit_map: None,
            swap: *swap,
            value: Value::Single(Bitboard::empty(size)),
        }
    };
    // Simplest first, as `explain` lists them.
    let mut order: Vec<usize> = (0..list.len()).collect();
    order.sort_by_key(|&k| candidate(k).steps(given));
    let all: Vec<usize> = order.iter().copied().filter(|&k| count(k) == m).collect();
    let line = |k: usize| {
        let c = candidate(k);
        let w = c.words("VALUE", size);
        format!(
            "{}: {}",
            w.strip_prefix("read under ").unwrap_or(&w),
            crate::cli::readings::flags(&c, "--order")
        )
    };
    if !all.is_empty() {
        text.push_str(&format!(
            "{} reading{} fit{} all {m} sample{}:\n",
            all.len(),
            if all.len() == 1 { "" } else { "s" },
            if all.len() == 1 { "s" } else { "" },
            if m == 1 { "" } else { "s" }
        ));
        for &k in all.iter().take(12) {
            text.push_str(&format!("  {}\n", line(k)));
        }
        if all.len() > 12 {
            text.push_str(&format!("  ... and {} more\n", all.len() - 12));
        }
        return (text, true);
    }
    let best = order
        .iter()
        .copied()
        .max_by_key(|&k| (count(k), std::cmp::Reverse(candidate(k).steps(given))));
    let Some(best) = best else {
        return (text, false);
    };
    let n = count(best);
    text.push_str(&format!(
        "No reading fits all {m} samples. Best: {}\n",
        line(best)
    ));
    text.push_str(&format!("  {n} of {m} samples agree"));
    let off: Vec<String> = samples
        .iter()
        .filter(|(_, s)| s[best / 64] >> (best % 64) & 1 == 0)
        .map(|(l, _)| l.to_string())
        .collect();
    if !off.is_empty() {
        let shown = off.iter().take(50).cloned().collect::<Vec<_>>().join(", ");
        let more = if off.len() > 50 {
            format!(", ... ({} in all)", off.len())
        } else {
            String::new()
        };
        let what = if several { "records" } else { "lines" };
        text.push_str(&format!("; the {what} that do not: {shown}{more}"));
    }
    text.push('\n');
    (text, false)
}
