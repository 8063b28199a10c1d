//! `bbconv explain` and `bbconv diff`: the square-order debugger's command line. The answers
//! are worded by `bbconv_present::explain` (shared with the web page); the search for matching
//! orders and transformations is `bbconv_forms::debug`'s.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_forms::debug::Expect;
use bbconv_forms::{Format, GridStyle};
use clap::Args;

use super::args::{format_parser, usage, BoardArgs, CliHost};

pub(crate) const EXPLAIN_EXAMPLES: &str = "\
Examples:
  An engine that numbers squares from a8 (a8 = 0, h1 = 63) prints the white king on e1 as
  0x1000000000000000; read as LERF that is e8. Which convention makes it e1?

  bbconv explain 0x1000000000000000 --expect e1
      ... exact match: berlef (W*(H-1-r) + f)

  bbconv explain 0x1000000000000000 --side K --expect-fen 8/8/8/8/8/8/8/4K3
  bbconv explain -s 3x3 84                         every reading of bibi's tic-tac-toe X board
  bbconv explain 0x0000000000000100 --expect a1 || true   no order fits (exit 1): a shift of one rank is named
  bbconv explain 9151314442816847872 --expect 'a8 h8'   a lost sign: VALUE negated
  bbconv explain -9151314442816847872 --expect 'a8 h8'   a Java long: LERF exactly
  bbconv explain 0x1 --expect b8                   draughts square 1 (and berlef's a8 is no match)";

pub(crate) const DIFF_EXAMPLES: &str = "\
Examples:
  Two programs print the start position's white pieces differently:

  bbconv diff 0x000000000000ffff 0xffff000000000000
      ... B = A flipped vertically (ranks reversed): LERF read as BERLEF

  bbconv diff 0x70507 0xe0a0e0                      B = A flipped horizontally (files reversed)
  bbconv diff 0x0f 0x1e                             B = A shifted 1 square east
  bbconv diff 0x1 0x8000                            no symmetry or shift: the squares only in A and only in B
  bbconv diff -f packed 797979010000000000d8f2f250 f2f2f20200000000006c797928   colours swapped
  bbconv diff 0xffff 0x00ff00ff                     B is A in the 0x88 layout: `--to-order 0x88`";

#[derive(Args, Debug)]
pub(crate) struct ExplainArgs {
    /// The number (or digit string) to decode under every square order.
    #[arg(value_name = "VALUE")]
    value: String,
    /// The squares VALUE should be (e.g. 'e1' or 'a1 h8').
    #[arg(long, value_name = "SQUARES", conflicts_with = "expect_fen")]
    expect: Option<String>,
    /// A FEN whose squares VALUE should be (with --side).
    #[arg(long, value_name = "FEN")]
    expect_fen: Option<String>,
    /// Which squares of --expect-fen: first (white), second (black), occupied, or a piece letter.
    #[arg(long, value_name = "SIDE", default_value = "occupied")]
    side: String,
    /// Input form of VALUE.
    #[arg(short = 'f', long = "from", value_name = "FORM", value_parser = format_parser(), ignore_case = true, default_value = "auto")]
    from: Format,
    #[command(flatten)]
    board: BoardArgs,
}

#[derive(Args, Debug)]
pub(crate) struct DiffArgs {
    /// The first board.
    #[arg(value_name = "A")]
    a: String,
    /// The second board.
    #[arg(value_name = "B")]
    b: String,
    /// Input form of A and B.
    #[arg(short = 'f', long = "from", value_name = "FORM", value_parser = format_parser(), ignore_case = true, default_value = "auto")]
    from: Format,
    #[command(flatten)]
    board: BoardArgs,
}

/// Runs `bbconv explain`: VALUE read under every square order, and the readings that give
/// the expected squares, if any are named.
pub(crate) fn explain(args: ExplainArgs, grid_style: GridStyle) -> Result<ExitCode> {
    refuse_writing_options(&args)?;
    let opts = args.board.options(grid_style)?;
    let expect = match (&args.expect, &args.expect_fen) {
        (Some(sq), _) => Some(Expect::Squares(sq)),
        (None, Some(fen)) => Some(Expect::Fen(fen, args.side.parse().map_err(usage)?)),
        _ => None,
    };
    let e = bbconv_present::explain::explain(&args.value, args.from, &opts, expect, &CliHost)?;
    print(&e.text)?;
    // Expected squares that no reading gives: the answer is no (exit 1, as `infer`).
    Ok(if e.fits {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// explain reads VALUE under every order itself and writes nothing but its grids: an option
/// of the writing is refused (`--lenient` reads the `--expect-fen` FEN).
fn refuse_writing_options(args: &ExplainArgs) -> Result<()> {
    let ignored: Vec<&str> = args
        .board
        .writing_options()
        .into_iter()
        .filter(|o| !(*o == "--lenient" && args.expect_fen.is_some()))
        .collect();
    if !ignored.is_empty() {
        return Err(usage(format!(
            "explain does not take {}: it reads VALUE under every square order itself and writes no board (use convert)",
            ignored.join(", ")
        )));
    }
    Ok(())
}

/// Runs `bbconv diff`: A, B, the map of their differences and what maps A onto B.
pub(crate) fn diff(args: DiffArgs, grid_style: GridStyle) -> Result<ExitCode> {
    let opts = args.board.options(grid_style)?;
    let text = bbconv_present::explain::diff(&args.a, &args.b, args.from, &opts, &CliHost)?;
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}

fn print(text: &str) -> Result<()> {
    let mut w = io::stdout().lock();
    w.write_all(text.as_bytes())?;
    w.flush()?;
    Ok(())
}
