//! `bbconv show` (also the command when none is named) and `bbconv formats`: human-readable views.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_forms::{self as format, Format, GridStyle, Options, Value};
use clap::Args;

use bbconv_forms::ConvertError;

use super::convert::{bad_from, describe, Bad, Flow, Handler, Reader, Source};
use super::{format_parser, BoardArgs};

pub(crate) const EXAMPLES: &str = "\
Examples:
  bbconv show 0x70507
  bbconv 0x70507                       (show is the default command)
  bbconv show -s 3x3 84                bibi's tic-tac-toe X board
  bbconv show '0xffff 0xffff000000000000'
  bbconv show 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
  bbconv show --order berlef 0x80      the same number read with a8 = bit 0";

#[derive(Args, Debug)]
pub(crate) struct ShowArgs {
    /// Input form (see `bbconv formats`).
    #[arg(short = 'f', long = "from", value_name = "FORM", value_parser = format_parser(), ignore_case = true, default_value = "auto")]
    from: Format,
    #[command(flatten)]
    board: BoardArgs,
    /// Boards to show, one an argument (- reads stdin); with none, stdin.
    #[arg(value_name = "INPUT")]
    boards: Vec<String>,
}

impl ShowArgs {
    pub(crate) fn is_empty(&self) -> bool {
        self.boards.is_empty()
    }
}

/// Writes the view of one board.
pub(crate) fn view(value: &Value, opts: &Options, out: &mut Vec<u8>) {
    let _ = format::render(Format::Grid, value, opts, out);
    out.push(b'\n');
    let order = opts.to_order;
    let line = |out: &mut Vec<u8>, label: &str, form: Format, o: &Options| {
        out.extend_from_slice(format!("{label:<9}").as_bytes());
        let _ = format::render(form, value, o, out);
        out.push(b'\n');
    };
    let layer = |l| Options {
        layer: Some(l),
        ..opts.clone()
    };
    match value {
        Value::Single(bb) => {
            line(out, "hex", Format::Hex, opts);
            line(out, "dec", Format::Dec, opts);
            out.extend_from_slice(format!("popcount {}\n", bb.count()).as_bytes());
            line(out, "squares", Format::Squares, opts);
            out.extend_from_slice(format!("order    {order} ({})\n", order.formula()).as_bytes());
        }
        Value::Pair(_) | Value::Pieces(_) => {
            if let Value::Pieces(_) = value {
                line(out, "fen", Format::Fen, opts);
                line(out, "pieces", Format::Pieces, opts);
            }
            let p = value.to_pair();
            for (label, l, n) in [
                ("first", format::Layer::First, p.first().count()),
                ("second", format::Layer::Second, p.second().count()),
            ] {
                out.extend_from_slice(format!("{label:<9}").as_bytes());
                let _ = format::render(Format::Hex, value, &layer(l), out);
                out.extend_from_slice(format!("  ({n} squares)\n").as_bytes());
            }
            line(out, "squares", Format::Squares, opts);
            line(out, "trits", Format::Trits, opts);
            line(out, "packed", Format::Packed, opts);
            out.extend_from_slice(format!("order    {order} ({})\n", order.formula()).as_bytes());
        }
    }
}

struct Shower<'a> {
    from: Format,
    opts: &'a Options,
    swap: bool,
    out: io::StdoutLock<'static>,
    buf: Vec<u8>,
    first: bool,
    bad: usize,
}

impl Handler for Shower<'_> {
    fn record(&mut self, src: &Source, line: usize, data: &[u8]) -> Result<Flow> {
        match format::parse(self.from, data, self.opts) {
            Ok(mut v) => {
                if self.swap {
                    v = v.swap();
                }
                self.buf.clear();
                if !self.first {
                    self.buf.push(b'\n');
                }
                self.first = false;
                view(&v, self.opts, &mut self.buf);
                self.out.write_all(&self.buf)?;
                Ok(Flow::Go)
            }
            Err(e) => self.bad(
                src,
                bad_from(ConvertError::Parse(e), line, data, self.from.is_binary()),
            ),
        }
    }

    fn bad(&mut self, src: &Source, bad: Bad) -> Result<Flow> {
        self.bad += 1;
        self.out.flush()?;
        eprintln!("bbconv: {}", describe(src, &bad));
        Ok(Flow::Go)
    }
}

pub(crate) fn run(args: ShowArgs, grid: GridStyle) -> Result<ExitCode> {
    let opts = args.board.options(grid)?;
    let reader = Reader::for_format(args.from, opts.size_or_default(), 1 << 20);
    let sources = Source::list(&args.boards, &[]);
    let mut h = Shower {
        from: args.from,
        opts: &opts,
        swap: args.board.swap(),
        out: io::stdout().lock(),
        buf: Vec::new(),
        first: true,
        bad: 0,
    };
    reader.run(&sources, &mut h)?;
    h.out.flush()?;
    Ok(if h.bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `bbconv formats`: every form, what it holds, a description and an example.
pub(crate) fn formats() -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    writeln!(out, "Forms for -f (input) and -t (output). N = W*H squares; numbers and digit strings follow --order / --to-order.\n")?;
    for f in Format::ALL {
        let holds = match f.holds() {
            format::Holds::One => "one bitboard",
            format::Holds::Two => "two players",
            format::Holds::Any => "any board",
        };
        let aliases = if f.aliases().is_empty() {
            String::new()
        } else {
            format!(" (also {})", f.aliases().join(", "))
        };
        writeln!(out, "{}{aliases}  [{holds}]", f.name())?;
        writeln!(out, "    {}", f.description())?;
        writeln!(out, "    example: {}", f.example())?;
    }
    writeln!(out, "\nDetection (-f auto, the default):")?;
    for rule in format::DETECTION_RULES {
        writeln!(out, "    {rule}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
