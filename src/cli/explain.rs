//! `bbconv explain` and `bbconv diff`: the square-order debugger. Presentation only; the search
//! for matching orders and transformations is `bbconv_board::mismatch`.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_board::mismatch::Mapping;
use bbconv_board::{Bitboard, Order};
use bbconv_forms::debug::{self, DebugError, Expect};
use bbconv_forms::{self as format, Format, GridStyle, Options, Value};
use clap::Args;

use super::args::{bad_board, bad_input, format_parser, usage, BoardArgs};
use super::readings;

/// The most exact readings and near misses listed.
const MAX_LINES: usize = 8;

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

/// Lays out titled blocks of lines side by side, as many as fit in `width` columns.
fn side_by_side(blocks: &[(String, String)], width: usize, out: &mut String) {
    let blocks: Vec<(String, Vec<String>)> = blocks
        .iter()
        .map(|(t, b)| (t.clone(), b.lines().map(str::to_string).collect()))
        .collect();
    let visible = |s: &str| strip_ansi(s).chars().count();
    let col_w = blocks
        .iter()
        .flat_map(|(t, ls)| std::iter::once(visible(t)).chain(ls.iter().map(|l| visible(l))))
        .max()
        .unwrap_or(0)
        + 3;
    let per_row = (width / col_w).max(1);
    for (k, chunk) in blocks.chunks(per_row).enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let rows = chunk.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
        for r in 0..=rows {
            let mut line = String::new();
            for (t, ls) in chunk {
                let cell = if r == 0 {
                    t.as_str()
                } else {
                    ls.get(r - 1).map_or("", |s| s.as_str())
                };
                line.push_str(cell);
                line.push_str(&" ".repeat(col_w - visible(cell)));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
}

fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut esc = false;
    for c in s.chars() {
        match (esc, c) {
            (false, '\x1b') => esc = true,
            (true, 'm') => esc = false,
            (true, _) => {}
            (false, c) => out.push(c),
        }
    }
    out
}

/// The width to lay blocks out in: `COLUMNS` when set, else the terminal's width, else 100.
fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .or_else(|| {
            terminal_size::terminal_size_of(std::io::stdout())
                .map(|(terminal_size::Width(w), _)| usize::from(w))
        })
        .unwrap_or(100)
}

fn grid(v: &Value, opts: &Options) -> String {
    let mut out = Vec::new();
    // A grid has no SGF labels (`-t grid --to-coords sgf` is refused): shown with chess ones.
    let grid_opts = match opts.to_coords {
        bbconv_forms::CoordStyle::Sgf => &Options {
            to_coords: bbconv_forms::CoordStyle::Chess,
            ..opts.clone()
        },
        _ => opts,
    };
    let _ = format::render(Format::Grid, v, grid_opts, &mut out);
    // Drop the "# WxH order" header: the block title says it.
    String::from_utf8_lossy(&out)
        .lines()
        .skip(1)
        .collect::<Vec<_>>()
        .join("\n")
}

fn names(bb: &Bitboard) -> String {
    let v: Vec<String> = bb.squares().map(|s| s.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

/// The CLI's failure for a question the debugger cannot answer.
fn failure(e: DebugError) -> anyhow::Error {
    match e {
        DebugError::Usage(m) => usage(m),
        // An --expect that does not read is a mistake in the command line (exit 2).
        DebugError::Board { what, text, error } => match what {
            "expect" | "expect_fen" => {
                let flag = if what == "expect" {
                    "--expect"
                } else {
                    "--expect-fen"
                };
                usage(bad_board(flag, &text, error).to_string())
            }
            w => bad_board(w, &text, error),
        },
        DebugError::SizeMismatch(..) => bad_input(e.message(&crate::pipeline::report::Cli)),
        DebugError::TwoSides(_) => usage(e.message(&crate::pipeline::report::Cli)),
        DebugError::Input(m) => bad_input(m),
    }
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
    let e = debug::explain(&args.value, args.from, &opts, expect).map_err(failure)?;
    let opts = Options {
        order: Order::Lerf.into(),
        ..opts
    };
    let mut text = String::new();
    present_orders(&e, &args.value, &opts, &mut text);
    present_expected(&e, &mut text);
    let mut w = io::stdout().lock();
    w.write_all(text.as_bytes())?;
    w.flush()?;
    // Expected squares that no reading gives: the answer is no (exit 1, as `infer`).
    Ok(if e.expected.is_some() && e.exact.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
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

/// VALUE's grid under each square order, side by side, each with the squares it names.
fn present_orders(e: &debug::Explanation, value: &str, opts: &Options, text: &mut String) {
    text.push_str(&format!(
        "VALUE {} on {}, read under each square order:\n\n",
        value.trim(),
        e.size
    ));
    let blocks: Vec<(String, String)> = e
        .orders
        .iter()
        .map(|(o, v)| {
            let mut g = grid(v, opts);
            g.push_str(&format!("\n{}", names(&debug::layer(v, opts))));
            (format!("{o}: {}", o.formula()), g)
        })
        .collect();
    side_by_side(&blocks, width(), text);
}

/// The expected squares, if named, and the readings that give them: exact, closest, near.
fn present_expected(e: &debug::Explanation, text: &mut String) {
    let Some(exp) = &e.expected else {
        return;
    };
    let size = e.size;
    text.push_str(&format!(
        "\nExpected: {} ({} square{})\n",
        names(exp),
        exp.count(),
        if exp.count() == 1 { "" } else { "s" }
    ));
    for c in e.exact.iter().take(MAX_LINES) {
        let words = c.words("VALUE", size);
        let words = words.strip_prefix("read under ").unwrap_or(&words);
        text.push_str(&format!(
            "  exact match: {words}: {}\n",
            readings::flags(c, "--order")
        ));
    }
    if e.exact.len() > MAX_LINES {
        text.push_str(&format!(
            "  ... and {} more exact readings\n",
            e.exact.len() - MAX_LINES
        ));
    }
    if let Some((o, extra, missing)) = &e.closest {
        text.push_str(&format!(
            "  no reading makes VALUE exactly the expected squares; closest order: {o} ({}), which has {} extra and misses {}\n",
            o.formula(),
            names(extra),
            names(missing)
        ));
    }
    for (c, why) in e.near.iter().take(MAX_LINES) {
        let words = c.words("VALUE", size);
        let words = words.strip_prefix("read under ").unwrap_or(&words);
        text.push_str(&format!("  near miss: {words}: {why}\n"));
    }
}

fn diff_grid(a: &Value, b: &Value) -> String {
    let pa = a.to_pair();
    let pb = b.to_pair();
    let size = pa.size();
    let (w, h) = (size.width(), size.height());
    let lw = h.to_string().len();
    let mut s = String::new();
    for g in 0..h {
        let r = h - 1 - g;
        s.push_str(&format!("{:>lw$}", r + 1));
        for f in 0..w {
            let i = w * r + f;
            let (x, y) = (pa.trit_at(i), pb.trit_at(i));
            let c = match (x, y) {
                _ if x == y => '.',
                (0, _) => '+',
                (_, 0) => '-',
                _ => '~',
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    if size.has_file_letters() {
        s.push_str(&" ".repeat(lw));
        for f in 0..w {
            s.push(' ');
            s.push((b'a' + f as u8) as char);
        }
    }
    s
}

pub(crate) fn diff(args: DiffArgs, grid_style: GridStyle) -> Result<ExitCode> {
    let opts = args.board.options(grid_style)?;
    let d = debug::diff(&args.a, &args.b, args.from, &opts).map_err(failure)?;
    let (a, b) = (&d.a, &d.b);
    let mut text = String::new();
    let mut blocks = vec![
        (format!("A ({})", a.size()), grid(a, &opts)),
        (format!("B ({})", b.size()), grid(b, &opts)),
    ];
    if a.size() == b.size() {
        blocks.push((
            "A -> B (+ only B, - only A, ~ side changed)".to_string(),
            diff_grid(a, b),
        ));
    }
    side_by_side(&blocks, width(), &mut text);
    text.push('\n');
    if d.same {
        text.push_str("A and B are the same board.\n");
    } else if d.both_empty {
        text.push_str("A and B are both empty.\n");
    } else {
        for m in &d.mappings {
            match m {
                Mapping::Symmetry(s) => {
                    let o = s.as_order();
                    text.push_str(&format!(
                        "B = A {}: A's number read as {} instead of {} gives B\n",
                        s.describe(),
                        o.to_string().to_uppercase(),
                        "LERF"
                    ));
                }
                Mapping::Shift(dir, n) => text.push_str(&format!(
                    "B = A shifted {n} square{} {dir}\n",
                    if *n == 1 { "" } else { "s" }
                )),
            }
        }
        for c in d.readings.iter().take(MAX_LINES) {
            text.push_str(&format!(
                "B is A, {}: {}\n",
                c.words("B", a.size()),
                readings::flags(c, "--to-order")
            ));
        }
        if d.readings.len() > MAX_LINES {
            text.push_str(&format!(
                "... and {} more readings\n",
                d.readings.len() - MAX_LINES
            ));
        }
        for (c, why) in d.near.iter().take(MAX_LINES) {
            text.push_str(&format!("near miss: B {}: {why}\n", c.words("B", a.size())));
        }
        if d.mappings.is_empty() && d.readings.is_empty() {
            text.push_str(
                "No symmetry, no shift of up to 2 squares and no other reading of B maps A onto B.\n",
            );
            for (side, only_a, only_b) in &d.only {
                let side = match *side {
                    "" => String::new(),
                    s => format!("{s}, "),
                };
                text.push_str(&format!("{side}only in A: {}\n", names(only_a)));
                text.push_str(&format!("{side}only in B: {}\n", names(only_b)));
            }
        }
    }
    let mut w = io::stdout().lock();
    w.write_all(text.as_bytes())?;
    w.flush()?;
    Ok(ExitCode::SUCCESS)
}
