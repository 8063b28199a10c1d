//! `bbconv op`: bitboard algebra (logic, shifts, flips, rotations, masks, queries) on the
//! command line. The operations and their answers are `bbconv_present::op`'s, shared with the
//! web page.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_forms::{Format, GridStyle, Value};
pub(crate) use bbconv_present::op::{Move, Operation};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::Args;

use super::args::{format_parser, BoardArgs, CliHost};

pub(crate) const EXAMPLES: &str = "\
Examples:
  bbconv op and 0xff00 0x0ff0                      0x0000000000000f00
  bbconv op not -s 3x3 0b010101010                 0x155, the complement within the board
  bbconv op shift north 1 0xff                     0x000000000000ff00 (nothing wraps)
  bbconv op flip vertical 0x1e2222120e0a1222       0x22120a0e1222221e
  bbconv op rotate 90 -t grid 0x1e2222120e0a1222   the letter R turned clockwise
  bbconv op mask rank 0 -s 4x3 -t dec              15
  bbconv op mask diagonal 1 -s 4x3 -t dec          132   (N = (W-1) + rank - file)
  bbconv op mask antidiagonal 1 -s 4x3 -t dec      18    (N = rank + file)
  bbconv op popcount 0x70507                       8
  bbconv op lsb 0x70507                            a1
  bbconv op squares 0x8100000000000081             a1 h1 a8 h8
  bbconv op contains 0x70507 b2                    false
  bbconv op flip vertical -f pair -t pair '0xffff 0xffff000000000000'   both sides flip
  bbconv op flip vertical --swap -t fen '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1'
                                                   python-chess's Board.mirror(): ... b - d3 0 1
  bbconv op shift east 1 -v -t fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
                                                   1r3k2/... (-v: R on h1, r on h8 dropped)";

/// The operations, each with its help.
fn operation_parser() -> impl TypedValueParser<Value = Operation> {
    PossibleValuesParser::new(
        Operation::ALL
            .iter()
            .map(|o| PossibleValue::new(o.name()).help(o.description())),
    )
    .map(|s| s.parse::<Operation>().unwrap_or(Operation::And))
}

#[derive(Args, Debug)]
pub(crate) struct OpArgs {
    /// The operation.
    #[arg(value_parser = operation_parser())]
    operation: Operation,
    /// Its operands: boards, a direction and count, a flip axis, an angle, a mask.
    #[arg(value_name = "ARGS")]
    args: Vec<String>,
    /// Input form of the boards.
    #[arg(short = 'f', long = "from", value_name = "FORM", value_parser = format_parser(), ignore_case = true, default_value = "auto")]
    from: Format,
    /// Output form of a board result [default: squares for `op squares`, else hex].
    #[arg(short = 't', long = "to", value_name = "FORM", value_parser = format_parser(), ignore_case = true)]
    to: Option<Format>,
    /// Name the squares (and pieces) a shift moves off the board, on stderr.
    #[arg(short = 'v', long)]
    verbose: bool,
    #[command(flatten)]
    board: BoardArgs,
}

/// Moves a value's squares as `op` moves them ([`bbconv_present::op::move_value`]), what falls
/// off the board dropped.
pub(crate) fn move_value(v: &Value, mv: Move, _verbose: bool) -> Result<Value> {
    Ok(bbconv_present::op::move_value(v, mv)?.0)
}

/// Runs `bbconv op`: the operation of its family, its answer written to standard output.
pub(crate) fn run(args: OpArgs, grid: GridStyle) -> Result<ExitCode> {
    let op = bbconv_present::op::Op {
        op: args.operation,
        args: &args.args,
        from: args.from,
        to: args.to,
        opts: args.board.options(grid)?,
        swap: args.board.swap(),
        verbose: args.verbose,
    };
    let out = bbconv_present::op::run(&op, &CliHost)?;
    let mut w = io::stdout().lock();
    w.write_all(&out)?;
    w.flush()?;
    Ok(ExitCode::SUCCESS)
}
