//! `bbconv op`: bitboard algebra (logic, shifts, flips, rotations, masks, queries) on the command line.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_board::ops::{shift, shift_placement, shifted, Direction, Mask, Symmetry};
use bbconv_board::placement::Text;
use bbconv_board::{Bitboard, Pair, Size, Square};
use bbconv_forms::{self as format, Format, GridStyle, Options, Value};
use clap::{Args, ValueEnum};

use super::args::{bad_board, bad_input, format_parser, usage, BoardArgs};

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

/// The operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Operation {
    /// A B: squares in both (sizes must match).
    And,
    /// A B: squares in either.
    Or,
    /// A B: squares in exactly one.
    Xor,
    /// A B: squares in A but not in B.
    Andnot,
    /// A: the complement within the board.
    Not,
    /// DIRECTION N A: shift N squares (n, s, e, w, ne, nw, se, sw); nothing wraps.
    Shift,
    /// vertical|horizontal|diagonal|antidiagonal A: flip (diagonals need a square board).
    Flip,
    /// 90|180|270 A: rotate clockwise (W and H swap for 90 and 270).
    Rotate,
    /// A: (f, r) -> (r, f), on any shape.
    Transpose,
    /// A: the number of squares set.
    Popcount,
    /// A: the square of the lowest set bit in the order (-t indices: its index).
    Lsb,
    /// A: the square of the highest set bit.
    Msb,
    /// A: the set squares.
    Squares,
    /// A SQUARE: whether SQUARE is set (prints true or false).
    Contains,
    /// rank N | file N | diagonal N | antidiagonal N | full | empty | square S: a mask.
    Mask,
}

#[derive(Args, Debug)]
pub(crate) struct OpArgs {
    /// The operation.
    #[arg(value_enum)]
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

fn arity(args: &[String], n: usize, what: &str) -> Result<()> {
    if args.len() != n {
        return Err(usage(format!(
            "expected {what} ({n} argument{}), found {}",
            if n == 1 { "" } else { "s" },
            args.len()
        )));
    }
    Ok(())
}

/// Board `k` of the command line, its colours exchanged under `--swap` (a whole position's side
/// to move and castling rights too).
fn board(text: &str, k: usize, from: Format, opts: &Options, swap: bool) -> Result<Value> {
    let v = format::parse(from, text.as_bytes(), opts)
        .map_err(|e| bad_board(&format!("board {k}"), text, e))?;
    Ok(match v {
        Value::Pieces(mut p) if swap => {
            format::fen::swap_colours(&mut p);
            Value::Pieces(p)
        }
        v if swap => v.swap(),
        v => v,
    })
}

/// The one bitboard an operation of sets works on: a two-player or piece value needs `--layer`.
fn single(v: &Value, opts: &Options, op: Operation, k: usize) -> Result<Bitboard> {
    if opts.layer.is_none() && !matches!(v, Value::Single(_)) {
        let what = if matches!(v, Value::Pieces(_)) {
            "a position of pieces"
        } else {
            "a two-player board"
        };
        let name = op
            .to_possible_value()
            .map_or_else(String::new, |p| p.get_name().to_owned());
        return Err(usage(format!(
            "op {name} works on one bitboard and board {k} is {what}: choose its layer with \
             --layer first (uppercase pieces), second (lowercase) or occupied"
        )));
    }
    v.to_single(opts.layer).map_err(bad_input)
}

/// Where each square goes under a move (`None`: off the board).
type SquareMap = Box<dyn Fn(Square) -> Option<Square>>;

/// How a move of the board sends squares: a symmetry, or a shift.
#[derive(Clone, Copy)]
pub(crate) enum Move {
    Symmetry(Symmetry),
    Shift(Direction, i64),
}

impl Move {
    /// The size a board of `size` has after the move, and where each square goes (`None`: off
    /// the board).
    fn squares(self, size: Size) -> Result<(Size, SquareMap)> {
        Ok(match self {
            Move::Symmetry(s) => (
                s.target_of(size).map_err(bad_input)?,
                Box::new(move |sq| Some(s.map(size, sq))),
            ),
            Move::Shift(dir, n) => (size, Box::new(shifted(size, dir, n).map_err(bad_input)?)),
        })
    }
}

/// Moves a value's squares: a bitboard or a pair square by square (a pair stays a pair), a
/// position piece by piece, each keeping its letter and mark, with its FEN fields following
/// ([`format::fen::move_fields`]). What falls off the board is dropped, and named under
/// `verbose`.
pub(crate) fn move_value(v: &Value, mv: Move, verbose: bool) -> Result<Value> {
    let size = v.size();
    let (target, to) = mv.squares(size)?;
    let apply = |b: &Bitboard| -> Result<Bitboard> {
        match mv {
            Move::Symmetry(s) => s.apply(b).map_err(bad_input),
            Move::Shift(dir, n) => shift(b, dir, n).map_err(bad_input),
        }
    };
    let (moved, dropped): (Value, Vec<String>) = match v {
        Value::Pieces(pl) => {
            let (mut moved, dropped) = match mv {
                Move::Symmetry(s) => (s.apply_placement(pl).map_err(bad_input)?, Vec::new()),
                Move::Shift(dir, n) => shift_placement(pl, dir, n).map_err(bad_input)?,
            };
            if let Some(rest) = &pl.rest {
                let fields = format::fen::move_fields(rest, size, target, &to, false);
                moved.rest = Some(Text::from(fields.as_str()));
            }
            let names = dropped
                .iter()
                .map(|(sq, p)| format!("{} on {sq}", p.letter as char))
                .collect();
            (Value::Pieces(moved), names)
        }
        Value::Single(b) => (
            Value::Single(apply(b)?),
            b.squares()
                .filter(|&sq| to(sq).is_none())
                .map(|sq| sq.to_string())
                .collect(),
        ),
        Value::Pair(p) => {
            let moved = Pair::new(apply(p.first())?, apply(p.second())?).map_err(bad_input)?;
            let off = |b: &Bitboard, side: &str| -> Vec<String> {
                b.squares()
                    .filter(|&sq| to(sq).is_none())
                    .map(|sq| format!("{side} on {sq}"))
                    .collect()
            };
            let mut names = off(p.first(), "first");
            names.extend(off(p.second(), "second"));
            (Value::Pair(moved), names)
        }
    };
    if verbose && !dropped.is_empty() {
        eprintln!(
            "bbconv: note: shifted off the board and dropped: {}",
            dropped.join(", ")
        );
    }
    Ok(moved)
}

fn int_arg(s: &str, what: &str) -> Result<i64> {
    s.parse::<i64>()
        .map_err(|_| usage(format!("invalid {what} '{s}': expected a whole number")))
}

/// What an operation gives: a board, written as `-t` says, or its answer's text, written as
/// it is.
enum Answer {
    Board(Box<Value>),
    Text(Vec<u8>),
}

impl Answer {
    /// A board answer.
    fn board(v: Value) -> Answer {
        Answer::Board(Box::new(v))
    }
}

/// An operation's arguments and the options its boards are read and written with.
struct Ctx<'a> {
    op: Operation,
    a: &'a [String],
    from: Format,
    to: Format,
    opts: Options,
    swap: bool,
    verbose: bool,
}

impl Ctx<'_> {
    /// The board of argument `k`, the `nth` board of the operation.
    fn board(&self, k: usize, nth: usize) -> Result<Value> {
        board(&self.a[k], nth, self.from, &self.opts, self.swap)
    }

    /// The board of argument `k` as one bitboard, the `nth` board of the operation.
    fn single(&self, k: usize, nth: usize) -> Result<Bitboard> {
        single(&self.board(k, nth)?, &self.opts, self.op, nth)
    }
}

/// Runs `bbconv op`: the operation of its family, its answer written to standard output.
pub(crate) fn run(args: OpArgs, grid: GridStyle) -> Result<ExitCode> {
    let cx = Ctx {
        opts: args.board.options(grid)?,
        op: args.operation,
        a: &args.args,
        from: args.from,
        // `op squares` names the squares; every other result is a number unless -t says
        // otherwise.
        to: args.to.unwrap_or(match args.operation {
            Operation::Squares => Format::Squares,
            _ => Format::Hex,
        }),
        swap: args.board.swap(),
        verbose: args.verbose,
    };
    let answer = match args.operation {
        Operation::And | Operation::Or | Operation::Xor | Operation::Andnot | Operation::Not => {
            logic(&cx)?
        }
        Operation::Shift => shift_op(&cx)?,
        Operation::Flip | Operation::Rotate | Operation::Transpose => symmetry(&cx)?,
        Operation::Popcount | Operation::Lsb | Operation::Msb | Operation::Squares => bits(&cx)?,
        Operation::Contains => contains(&cx)?,
        Operation::Mask => mask(&cx)?,
    };
    let out = match answer {
        Answer::Text(out) => out,
        Answer::Board(v) => {
            let mut out = Vec::new();
            render(cx.to, &v, &cx.opts, &mut out)?;
            if !cx.to.is_binary() {
                out.push(b'\n');
            }
            out
        }
    };
    finish(out)
}

/// `and`, `or`, `xor`, `andnot` of two boards, `not` of one.
fn logic(cx: &Ctx<'_>) -> Result<Answer> {
    if cx.op == Operation::Not {
        arity(cx.a, 1, "one board")?;
        return Ok(Answer::board(Value::Single(cx.single(0, 1)?.not())));
    }
    arity(cx.a, 2, "two boards, A and B")?;
    let x = cx.single(0, 1)?;
    let y = cx.single(1, 2)?;
    let r = match cx.op {
        Operation::And => x.and(&y),
        Operation::Or => x.or(&y),
        Operation::Xor => x.xor(&y),
        _ => x.andnot(&y),
    };
    Ok(Answer::board(Value::Single(r.map_err(bad_input)?)))
}

/// `shift DIRECTION N A`.
fn shift_op(cx: &Ctx<'_>) -> Result<Answer> {
    let a = cx.a;
    arity(a, 3, "a direction, a count and a board")?;
    let dir: Direction = a[0].parse().map_err(usage)?;
    let n = int_arg(&a[1], "shift count")?;
    let v = cx.board(2, 1)?;
    Ok(Answer::board(move_value(
        &v,
        Move::Shift(dir, n),
        cx.verbose,
    )?))
}

/// `flip AXIS A`, `rotate ANGLE A`, `transpose A`.
fn symmetry(cx: &Ctx<'_>) -> Result<Answer> {
    let a = cx.a;
    let (sym, board_arg) = if cx.op == Operation::Transpose {
        arity(a, 1, "one board")?;
        (Symmetry::Transpose, 0)
    } else {
        arity(a, 2, "an axis or angle and a board")?;
        let s = symmetry_named(cx.op, &a[0])?;
        (s, 1)
    };
    let v = cx.board(board_arg, 1)?;
    Ok(Answer::board(move_value(
        &v,
        Move::Symmetry(sym),
        cx.verbose,
    )?))
}

/// The flip (`op` is `flip`) or rotation an argument names.
fn symmetry_named(op: Operation, word: &str) -> Result<Symmetry> {
    const FLIPS: &str = "expected vertical, horizontal, diagonal or antidiagonal";
    const ROTATIONS: &str = "expected 90, 180 or 270 (clockwise)";
    Ok(match (op, word.to_ascii_lowercase().as_str()) {
        (Operation::Flip, "vertical" | "v") => Symmetry::FlipVertical,
        (Operation::Flip, "horizontal" | "h") => Symmetry::FlipHorizontal,
        (Operation::Flip, "diagonal" | "d") => Symmetry::FlipDiagonal,
        (Operation::Flip, "antidiagonal" | "anti-diagonal" | "a") => Symmetry::FlipAntiDiagonal,
        (Operation::Flip, other) => return Err(usage(format!("unknown flip '{other}': {FLIPS}"))),
        (_, "90") => Symmetry::Rotate90,
        (_, "180") => Symmetry::Rotate180,
        (_, "270") => Symmetry::Rotate270,
        (_, other) => return Err(usage(format!("unknown rotation '{other}': {ROTATIONS}"))),
    })
}

/// `popcount A`, `lsb A`, `msb A` (their answers' text), `squares A` (the board, named).
fn bits(cx: &Ctx<'_>) -> Result<Answer> {
    arity(cx.a, 1, "one board")?;
    let v = cx.board(0, 1)?;
    if cx.op == Operation::Squares {
        return Ok(Answer::board(v));
    }
    let opts = &cx.opts;
    let b = single(&v, opts, cx.op, 1)?;
    let raw = opts.to_order.encode(&b).map_err(bad_input)?;
    let mut out = Vec::new();
    let idx = match cx.op {
        Operation::Popcount => {
            out.extend_from_slice(format!("{}\n", b.count()).as_bytes());
            return Ok(Answer::Text(out));
        }
        Operation::Lsb => raw.lsb(),
        _ => raw.msb(),
    };
    match idx {
        None => return Err(bad_input("the board is empty: it has no set bit")),
        Some(i) if cx.to == Format::Indices => {
            out.extend_from_slice(format!("{}\n", i + usize::from(opts.one_based)).as_bytes())
        }
        Some(i) => {
            let size = b.size();
            let sq = opts
                .to_order
                .square(size, i)
                .map_err(|what| bad_input(format!("bit {i} is {what} on the {size} board")))?;
            let one = Bitboard::from_squares(size, [sq]).map_err(bad_input)?;
            render(Format::Squares, &Value::Single(one), opts, &mut out)?;
            out.push(b'\n');
        }
    }
    Ok(Answer::Text(out))
}

/// `contains A SQUARE`.
fn contains(cx: &Ctx<'_>) -> Result<Answer> {
    arity(cx.a, 2, "a board and a square")?;
    let b = cx.board(0, 1)?;
    let b = single(&b, &cx.opts, cx.op, 1)?;
    let sq = parse_square(&cx.a[1], b.size(), &cx.opts)?;
    let text: &[u8] = if b.contains(sq) {
        b"true\n"
    } else {
        b"false\n"
    };
    Ok(Answer::Text(text.to_vec()))
}

/// `mask KIND [N|SQUARE]` on the board of `-s`.
fn mask(cx: &Ctx<'_>) -> Result<Answer> {
    let (a, opts) = (cx.a, &cx.opts);
    let size = opts.size_or_default();
    let kind = a
        .first()
        .map(|s| s.to_ascii_lowercase())
        .unwrap_or_default();
    let mask = match kind.as_str() {
        "full" | "empty" => {
            arity(a, 1, &format!("no argument after {kind}"))?;
            if kind == "full" { Mask::Full } else { Mask::Empty }
        }
        "rank" | "file" | "diagonal" | "antidiagonal" | "anti-diagonal" | "square" => {
            arity(a, 2, &format!("{kind} and its number"))?;
            if kind == "square" {
                Mask::Square(parse_square(&a[1], size, opts)?)
            } else {
                let n = int_arg(&a[1], &kind)?;
                match kind.as_str() {
                    "rank" => Mask::Rank(n),
                    "file" => Mask::File(n),
                    "diagonal" => Mask::Diagonal(n),
                    _ => Mask::AntiDiagonal(n),
                }
            }
        }
        _ => return Err(usage(format!("unknown mask '{kind}': expected rank N, file N, diagonal N, antidiagonal N, full, empty or square S"))),
    };
    Ok(Answer::board(Value::Single(
        mask.build(size).map_err(bad_input)?,
    )))
}

/// One square of a `size` board: a name under `--coords` (chess, SGF or GTP), or an index
/// under `--order` (and `--one-based`), read as the squares form reads it.
fn parse_square(text: &str, size: Size, opts: &Options) -> Result<Square> {
    let o = Options {
        size: Some(size),
        ..opts.clone()
    };
    let v = format::parse_str(Format::Squares, text, &o)
        .map_err(|e| bad_board("the square", text, e))?;
    let b = v.to_single(None).map_err(bad_input)?;
    let mut squares = b.squares();
    match (
        squares.next(),
        squares.next(),
        matches!(v, Value::Single(_)),
    ) {
        (Some(sq), None, true) => Ok(sq),
        _ => Err(bad_input(format!(
            "the square {text:?} names {} squares: expected one square",
            b.count()
        ))),
    }
}

/// The squares of `v` written as `to` under `--to-coords` and `--to-order`, on the general
/// path (which honours every option on every size).
fn render(to: Format, v: &Value, opts: &Options, out: &mut Vec<u8>) -> Result<()> {
    format::render_general(to, v, opts, out).map_err(bad_input)
}

fn finish(out: Vec<u8>) -> Result<ExitCode> {
    let mut w = io::stdout().lock();
    w.write_all(&out)?;
    w.flush()?;
    Ok(ExitCode::SUCCESS)
}
