//! `bbconv explore`: its arguments, the value read from them or from stdin, and what it prints
//! when it ends (the board shown, in the `-t` form).

use std::io::{self, IsTerminal, Read, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_board::{Numbering, Order};
use bbconv_forms::{Format, GridStyle};
use clap::Args;

use super::args::{format_parser, usage, BoardArgs};
use crate::explore::{self, app::App, End};

pub(crate) const EXAMPLES: &str = "\
Examples:
  bbconv explore 0x8100000000000081            one bitboard: move, toggle, read it under other orders
  bbconv explore -f pair '0xffff 0xffff000000000000'
  bbconv explore 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
  bbconv explore 0x1 0x0100000000000000        two boards: the reading that maps one onto the other
  x=$(bbconv explore -t squares 0x81)          q prints the board shown on stdout
  echo 0x81 | bbconv explore

Keys: arrows or h j k l move, space toggles, o/O read the number under the next order, f m r flip,
mirror, rotate, s swap, c complement, a apply the reading, u undo, ctrl-r redo, e edit, ? help,
q or enter quit and print, esc or ctrl-c quit printing nothing (exit code 130).";

#[derive(Args, Debug)]
pub(crate) struct ExploreArgs {
    /// Input form of VALUE (see `bbconv formats`).
    #[arg(short = 'f', long = "from", value_name = "FORM", value_parser = format_parser(), ignore_case = true, default_value = "auto")]
    from: Format,
    /// The form printed when q ends it [default: the form read].
    #[arg(short = 't', long = "to", value_name = "FORM", value_parser = format_parser(), ignore_case = true)]
    to: Option<Format>,
    #[command(flatten)]
    board: BoardArgs,
    /// The board to explore (also from stdin when it is not a terminal); with none, the empty
    /// board of -s in the -f form.
    #[arg(value_name = "VALUE")]
    value: Option<String>,
    /// A second board, shown beside the first with the squares that differ marked and the
    /// reading that maps the first onto the second.
    #[arg(value_name = "VALUE2")]
    value2: Option<String>,
}

pub(crate) fn run(args: ExploreArgs, grid: GridStyle, color: bool) -> Result<ExitCode> {
    let opts = args.board.options(grid)?;
    if !explore::has_terminal() {
        return Err(usage(
            "explore needs a terminal (/dev/tty) to draw on; for scripts, use bbconv show, diff or explain",
        ));
    }
    let mut value = args.value.clone();
    if value.is_none() && !io::stdin().is_terminal() {
        let mut text = String::new();
        io::stdin().read_to_string(&mut text)?;
        let text = text.trim_end_matches(['\n', '\r']);
        if !text.trim().is_empty() {
            value = Some(text.to_string());
        }
    }
    let app = App::new(
        value.as_deref(),
        args.value2.as_deref(),
        args.from,
        opts.clone(),
    )
    .map_err(super::args::bad_input)?;
    match explore::run(app, color)? {
        End::Abort => Ok(ExitCode::from(130)),
        End::Print(app) => {
            let to = args.to.unwrap_or(app.a.form);
            let mut o = opts;
            if !args.board.to_order_given() {
                // LERF, whatever order the number was read under.
                o.to_order = Numbering::Order(Order::Lerf);
            }
            let mut out = Vec::new();
            bbconv_forms::render(to, &app.a.value, &o, &mut out)
                .map_err(|e| super::args::bad_input(bbconv_present::report::render_error(&e)))?;
            out.push(b'\n');
            let mut w = io::stdout().lock();
            w.write_all(&out)?;
            w.flush()?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
