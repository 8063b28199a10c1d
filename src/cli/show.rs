//! `bbconv show` (also the command when none is named) and `bbconv formats`: human-readable views.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_board::Size;
use bbconv_forms::{self as format, ConvertError, Format, Framing, GridStyle, Options, Value};
use clap::Args;

use super::args::{format_parser, BoardArgs};
use crate::pipeline::frame::Input;
use crate::pipeline::sink::Sink;
use crate::pipeline::source::Source;
use crate::pipeline::work::Stage;
use crate::pipeline::write::{ErrorMode, OutFraming, WriteSettings};
use crate::pipeline::{self, Settings};

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
    // A grid has no SGF labels (`-t grid --to-coords sgf` is refused): shown with chess ones.
    let grid_opts = match opts.to_coords {
        bbconv_forms::CoordStyle::Sgf => &Options {
            to_coords: bbconv_forms::CoordStyle::Chess,
            ..opts.clone()
        },
        _ => opts,
    };
    let _ = format::render(Format::Grid, value, grid_opts, out);
    out.push(b'\n');
    let order = opts.to_order;
    // A form the board cannot be written in (a light square under the draughts layout)
    // shows why, in place.
    let put = |out: &mut Vec<u8>, form: Format, o: &Options| {
        let start = out.len();
        if let Err(e) = format::render(form, value, o, out) {
            out.truncate(start);
            out.extend_from_slice(format!("({e})").as_bytes());
        }
    };
    let line = |out: &mut Vec<u8>, label: &str, form: Format, o: &Options| {
        out.extend_from_slice(format!("{label:<9}").as_bytes());
        put(out, form, o);
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
                put(out, Format::Hex, &layer(l));
                out.extend_from_slice(format!("  ({n} squares)\n").as_bytes());
            }
            line(out, "squares", Format::Squares, opts);
            line(out, "trits", Format::Trits, opts);
            line(out, "packed", Format::Packed, opts);
            out.extend_from_slice(format!("order    {order} ({})\n", order.formula()).as_bytes());
        }
    }
}

/// The view of `show`, as a pipeline stage.
struct Show<'a> {
    from: Format,
    opts: &'a Options,
    swap: bool,
}

impl Stage for Show<'_> {
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        let mut v = format::parse(self.from, record, self.opts).map_err(ConvertError::Parse)?;
        if self.swap {
            v = v.swap();
        }
        view(&v, self.opts, out);
        // The view ends with its own line end; the pipeline adds none for grids.
        out.pop();
        Ok(v.size())
    }
}

pub(crate) fn run(args: ShowArgs, grid: GridStyle) -> Result<ExitCode> {
    let opts = args.board.options(grid)?;
    let size = opts.size_or_default();
    let sources = Source::list(&args.boards, &[]);
    let settings = Settings {
        input: Input::for_form(args.from, (size, opts.order), opts.planes.len(), 1 << 20),
        binary_input: args.from.is_binary(),
        write: WriteSettings {
            out: OutFraming {
                framing: Framing::Block,
                form: None,
                default_size: size,
                planes: opts.planes.len(),
                numbering: opts.to_order,
            },
            errors: ErrorMode::Report,
            fail_fast: false,
            max_errors: None,
            size: opts.size,
            max_line: 1 << 20,
            record_len: args.from.record_len(size, opts.planes.len(), opts.order),
            null_row: None,
            placeholders: false,
            tables: false,
        },
        jobs: 1,
        progress: Some(false),
        part_records: 0,
        parallel_after: 0,
    };
    let stage = Show {
        from: args.from,
        opts: &opts,
        swap: args.board.swap(),
    };
    pipeline::run(&sources, settings, &stage, Sink::open(None)?)
}

/// `bbconv formats`: every form, what it holds, a description and an example.
pub(crate) fn formats() -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    writeln!(out, "Forms for -f (input) and -t (output). N = W*H squares; numbers and digit strings follow --order / --to-order.\n")?;
    for f in Format::ALL {
        let holds = f.holds().description();
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
