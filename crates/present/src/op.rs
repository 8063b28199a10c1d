//! `op`, bitboard algebra: the operations of sets (and, or, xor, andnot, not), the moves of a
//! board (shifts, flips, rotations, transposition, a whole position's pieces and FEN fields
//! following), the queries (popcount, lsb, msb, squares, contains) and masks, each answering
//! with the text the command line prints.

use bbconv_board::ops::{shift, shift_placement, shifted, Direction, Mask, Symmetry};
use bbconv_board::placement::Text;
use bbconv_board::{Bitboard, Pair, Size, Square};
use bbconv_forms::{self as format, Format, Options, Value};

use crate::{bad_board, bad_input, usage, Failure, Host};

/// An operation of `op`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Operation {
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

impl Operation {
    /// Every operation, in the order the help lists them.
    pub const ALL: [Operation; 15] = [
        Operation::And,
        Operation::Or,
        Operation::Xor,
        Operation::Andnot,
        Operation::Not,
        Operation::Shift,
        Operation::Flip,
        Operation::Rotate,
        Operation::Transpose,
        Operation::Popcount,
        Operation::Lsb,
        Operation::Msb,
        Operation::Squares,
        Operation::Contains,
        Operation::Mask,
    ];

    /// Whether it makes a board of the board it is given (and of a second one): the set
    /// operations and the moves, which the explorer and the page apply to the board shown.
    pub fn transforms(self) -> bool {
        matches!(
            self,
            Operation::And
                | Operation::Or
                | Operation::Xor
                | Operation::Andnot
                | Operation::Not
                | Operation::Shift
                | Operation::Flip
                | Operation::Rotate
                | Operation::Transpose
        )
    }

    /// The name on the command line (`and`, `shift`, ...).
    pub fn name(self) -> &'static str {
        self.about().0
    }

    /// What it takes and gives, as the help says it.
    pub fn description(self) -> &'static str {
        self.about().1
    }

    fn about(self) -> (&'static str, &'static str) {
        match self {
            Operation::And => ("and", "A B: squares in both (sizes must match)"),
            Operation::Or => ("or", "A B: squares in either"),
            Operation::Xor => ("xor", "A B: squares in exactly one"),
            Operation::Andnot => ("andnot", "A B: squares in A but not in B"),
            Operation::Not => ("not", "A: the complement within the board"),
            Operation::Shift => (
                "shift",
                "DIRECTION N A: shift N squares (n, s, e, w, ne, nw, se, sw); nothing wraps",
            ),
            Operation::Flip => (
                "flip",
                "vertical|horizontal|diagonal|antidiagonal A: flip (diagonals need a square board)",
            ),
            Operation::Rotate => (
                "rotate",
                "90|180|270 A: rotate clockwise (W and H swap for 90 and 270)",
            ),
            Operation::Transpose => ("transpose", "A: (f, r) -> (r, f), on any shape"),
            Operation::Popcount => ("popcount", "A: the number of squares set"),
            Operation::Lsb => (
                "lsb",
                "A: the square of the lowest set bit in the order (-t indices: its index)",
            ),
            Operation::Msb => ("msb", "A: the square of the highest set bit"),
            Operation::Squares => ("squares", "A: the set squares"),
            Operation::Contains => (
                "contains",
                "A SQUARE: whether SQUARE is set (prints true or false)",
            ),
            Operation::Mask => (
                "mask",
                "rank N | file N | diagonal N | antidiagonal N | full | empty | square S: a mask",
            ),
        }
    }
}

impl std::str::FromStr for Operation {
    type Err = Failure;

    fn from_str(s: &str) -> Result<Operation, Failure> {
        Operation::ALL
            .into_iter()
            .find(|o| o.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                let names: Vec<&str> = Operation::ALL.iter().map(|o| o.name()).collect();
                usage(format!(
                    "unknown operation '{s}': expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

/// An operation with its arguments and the options its boards are read and written with.
pub struct Op<'a> {
    /// The operation.
    pub op: Operation,
    /// Its arguments: boards, a direction and count, an axis, an angle, a mask.
    pub args: &'a [String],
    /// The form the boards are read as.
    pub from: Format,
    /// The form a board answer is written as (`None`: squares for `squares`, else hex).
    pub to: Option<Format>,
    /// How boards are read and written.
    pub opts: Options,
    /// Whether each board's colours are exchanged first (a position's side to move and
    /// castling rights too).
    pub swap: bool,
    /// Whether a shift names what it drops ([`Host::note`]).
    pub verbose: bool,
}

/// What an operation gives: a board, written as `-t` says, or its answer's text.
enum Answer {
    Board(Box<Value>),
    Text(Vec<u8>),
}

impl Answer {
    fn board(v: Value) -> Answer {
        Answer::Board(Box::new(v))
    }
}

/// An operation's arguments, its output form and its host.
struct Ctx<'a> {
    op: &'a Op<'a>,
    to: Format,
    host: &'a dyn Host,
}

impl Ctx<'_> {
    /// The board of argument `k`, the `nth` board of the operation.
    fn board(&self, k: usize, nth: usize) -> Result<Value, Failure> {
        let o = self.op;
        board(&o.args[k], nth, o.from, &o.opts, o.swap, self.host)
    }

    /// The board of argument `k` as one bitboard, the `nth` board of the operation.
    fn single(&self, k: usize, nth: usize) -> Result<Bitboard, Failure> {
        single(&self.board(k, nth)?, &self.op.opts, self.op.op, nth)
    }

    fn args(&self) -> &[String] {
        self.op.args
    }

    fn opts(&self) -> &Options {
        &self.op.opts
    }

    /// A board moved by `mv`, what it dropped noted under `verbose`.
    fn moved(&self, v: &Value, mv: Move) -> Result<Value, Failure> {
        let (moved, dropped) = move_value(v, mv)?;
        if self.op.verbose && !dropped.is_empty() {
            self.host.note(&format!(
                "shifted off the board and dropped: {}",
                dropped.join(", ")
            ));
        }
        Ok(moved)
    }
}

/// Runs an operation: the bytes the command line prints (a board answer in its form, with a
/// line end unless the form is binary).
pub fn run(op: &Op<'_>, host: &dyn Host) -> Result<Vec<u8>, Failure> {
    let cx = Ctx {
        op,
        // `op squares` names the squares; every other result is a number unless -t says
        // otherwise.
        to: op.to.unwrap_or(match op.op {
            Operation::Squares => Format::Squares,
            _ => Format::Hex,
        }),
        host,
    };
    let answer = match op.op {
        Operation::And | Operation::Or | Operation::Xor | Operation::Andnot | Operation::Not => {
            logic(&cx)?
        }
        Operation::Shift => shift_op(&cx)?,
        Operation::Flip | Operation::Rotate | Operation::Transpose => symmetry(&cx)?,
        Operation::Popcount | Operation::Lsb | Operation::Msb | Operation::Squares => bits(&cx)?,
        Operation::Contains => contains(&cx)?,
        Operation::Mask => mask(&cx)?,
    };
    Ok(match answer {
        Answer::Text(out) => out,
        Answer::Board(v) => {
            let mut out = Vec::new();
            render(cx.to, &v, cx.opts(), &mut out)?;
            if !cx.to.is_binary() {
                out.push(b'\n');
            }
            out
        }
    })
}

fn arity(args: &[String], n: usize, what: &str) -> Result<(), Failure> {
    if args.len() != n {
        return Err(usage(format!(
            "expected {what} ({n} argument{}), found {}",
            if n == 1 { "" } else { "s" },
            args.len()
        )));
    }
    Ok(())
}

/// Board `k` of the command line, its colours exchanged under `swap` (a whole position's side
/// to move and castling rights too).
fn board(
    text: &str,
    k: usize,
    from: Format,
    opts: &Options,
    swap: bool,
    host: &dyn Host,
) -> Result<Value, Failure> {
    let v = format::parse(from, text.as_bytes(), opts)
        .map_err(|e| bad_board(&format!("board {k}"), text, e, host))?;
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
fn single(v: &Value, opts: &Options, op: Operation, k: usize) -> Result<Bitboard, Failure> {
    if opts.layer.is_none() && !matches!(v, Value::Single(_)) {
        let what = if matches!(v, Value::Pieces(_)) {
            "a position of pieces"
        } else {
            "a two-player board"
        };
        return Err(usage(format!(
            "op {} works on one bitboard and board {k} is {what}: choose its layer with \
             --layer first (uppercase pieces), second (lowercase) or occupied",
            op.name()
        )));
    }
    v.to_single(opts.layer).map_err(bad_input)
}

/// Where each square goes under a move (`None`: off the board).
type SquareMap = Box<dyn Fn(Square) -> Option<Square>>;

/// How a move of the board sends squares: a symmetry, or a shift.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Move {
    /// A flip, rotation or transposition.
    Symmetry(Symmetry),
    /// A shift of N squares in a direction.
    Shift(Direction, i64),
}

impl Move {
    /// The size a board of `size` has after the move, and where each square goes (`None`: off
    /// the board).
    fn squares(self, size: Size) -> Result<(Size, SquareMap), Failure> {
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
/// ([`format::fen::move_fields`]). What falls off the board is dropped, and named in the
/// second part of the answer (`h1`, `first on h1`, `R on h1`).
pub fn move_value(v: &Value, mv: Move) -> Result<(Value, Vec<String>), Failure> {
    let size = v.size();
    let (target, to) = mv.squares(size)?;
    let apply = |b: &Bitboard| -> Result<Bitboard, Failure> {
        match mv {
            Move::Symmetry(s) => s.apply(b).map_err(bad_input),
            Move::Shift(dir, n) => shift(b, dir, n).map_err(bad_input),
        }
    };
    let off = |b: &Bitboard, side: &str| -> Vec<String> {
        b.squares()
            .filter(|&sq| to(sq).is_none())
            .map(|sq| format!("{side}{sq}"))
            .collect()
    };
    Ok(match v {
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
        Value::Single(b) => (Value::Single(apply(b)?), off(b, "")),
        Value::Pair(p) => {
            let moved = Pair::new(apply(p.first())?, apply(p.second())?).map_err(bad_input)?;
            let mut names = off(p.first(), "first on ");
            names.extend(off(p.second(), "second on "));
            (Value::Pair(moved), names)
        }
    })
}

fn int_arg(s: &str, what: &str) -> Result<i64, Failure> {
    s.parse::<i64>()
        .map_err(|_| usage(format!("invalid {what} '{s}': expected a whole number")))
}

/// `and`, `or`, `xor`, `andnot` of two boards, `not` of one.
fn logic(cx: &Ctx<'_>) -> Result<Answer, Failure> {
    if cx.op.op == Operation::Not {
        arity(cx.args(), 1, "one board")?;
        return Ok(Answer::board(Value::Single(cx.single(0, 1)?.not())));
    }
    arity(cx.args(), 2, "two boards, A and B")?;
    let x = cx.single(0, 1)?;
    let y = cx.single(1, 2)?;
    let r = match cx.op.op {
        Operation::And => x.and(&y),
        Operation::Or => x.or(&y),
        Operation::Xor => x.xor(&y),
        _ => x.andnot(&y),
    };
    Ok(Answer::board(Value::Single(r.map_err(bad_input)?)))
}

/// `shift DIRECTION N A`.
fn shift_op(cx: &Ctx<'_>) -> Result<Answer, Failure> {
    let a = cx.args();
    arity(a, 3, "a direction, a count and a board")?;
    let dir: Direction = a[0].parse().map_err(usage)?;
    let n = int_arg(&a[1], "shift count")?;
    let v = cx.board(2, 1)?;
    Ok(Answer::board(cx.moved(&v, Move::Shift(dir, n))?))
}

/// `flip AXIS A`, `rotate ANGLE A`, `transpose A`.
fn symmetry(cx: &Ctx<'_>) -> Result<Answer, Failure> {
    let a = cx.args();
    let (sym, board_arg) = if cx.op.op == Operation::Transpose {
        arity(a, 1, "one board")?;
        (Symmetry::Transpose, 0)
    } else {
        arity(a, 2, "an axis or angle and a board")?;
        (symmetry_named(cx.op.op, &a[0])?, 1)
    };
    let v = cx.board(board_arg, 1)?;
    Ok(Answer::board(cx.moved(&v, Move::Symmetry(sym))?))
}

/// The axes `op flip` takes.
pub const FLIPS: [&str; 4] = ["vertical", "horizontal", "diagonal", "antidiagonal"];

/// The angles `op rotate` takes (clockwise).
pub const ROTATIONS: [&str; 3] = ["90", "180", "270"];

/// The flip (`op` is `flip`) or rotation an argument names.
pub fn symmetry_named(op: Operation, word: &str) -> Result<Symmetry, Failure> {
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
fn bits(cx: &Ctx<'_>) -> Result<Answer, Failure> {
    arity(cx.args(), 1, "one board")?;
    let v = cx.board(0, 1)?;
    if cx.op.op == Operation::Squares {
        return Ok(Answer::board(v));
    }
    let opts = cx.opts();
    let b = single(&v, opts, cx.op.op, 1)?;
    let raw = opts.to_order.encode(&b).map_err(bad_input)?;
    let mut out = Vec::new();
    let idx = match cx.op.op {
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
fn contains(cx: &Ctx<'_>) -> Result<Answer, Failure> {
    arity(cx.args(), 2, "a board and a square")?;
    let b = cx.single(0, 1)?;
    let sq = parse_square(&cx.args()[1], b.size(), cx.opts(), cx.host)?;
    let text: &[u8] = if b.contains(sq) {
        b"true\n"
    } else {
        b"false\n"
    };
    Ok(Answer::Text(text.to_vec()))
}

/// `mask KIND [N|SQUARE]` on the board of `-s`.
fn mask(cx: &Ctx<'_>) -> Result<Answer, Failure> {
    let (a, opts) = (cx.args(), cx.opts());
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
                Mask::Square(parse_square(&a[1], size, opts, cx.host)?)
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
fn parse_square(
    text: &str,
    size: Size,
    opts: &Options,
    host: &dyn Host,
) -> Result<Square, Failure> {
    let o = Options {
        size: Some(size),
        ..opts.clone()
    };
    let v = format::parse_str(Format::Squares, text, &o)
        .map_err(|e| bad_board("the square", text, e, host))?;
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
fn render(to: Format, v: &Value, opts: &Options, out: &mut Vec<u8>) -> Result<(), Failure> {
    format::render_general(to, v, opts, out).map_err(bad_input)
}
