//! `bbconv show` (also the command when none is named) and `bbconv formats`: human-readable
//! views, worded by `bbconv_present::show`.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_board::Size;
use bbconv_forms::{self as format, ConvertError, Format, Framing, GridStyle, Options};
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

/// Writes the view of one board (the presentation crate's, shared with the web page).
pub(crate) use bbconv_present::show::view;

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
    out.write_all(bbconv_present::show::formats().as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
