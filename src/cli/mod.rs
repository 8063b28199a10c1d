//! The command line: clap definitions of every subcommand and the dispatch to them.

mod args;
mod canon;
mod convert;
mod docs;
mod explain;
mod explore;
mod infer;
mod op;
mod show;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_forms::GridStyle;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use args::{Failure, EXIT_CODES};

const MAIN_EXAMPLES: &str = "\
Examples:
  bbconv 0x70507                                   show a board: grid, hex, dec, popcount, squares
  bbconv convert -f hex -t squares 0x8100000000000081
  bbconv convert -t packed 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  bbconv convert -f hex -t hex --order lerf --to-order berlef 0xff
  echo '0xffff 0xffff000000000000' | bbconv convert -f pair -t trits

Orders (--order, --to-order): lerf (default; a1=0, h1=7, a8=56), lerbef, berlef (berf), berbef,
lefr, lefber, befr, beber; layouts: 0x88, mailbox, sentinel, draughts. `bbconv formats` lists
every form.";

/// Convert game-board representations exactly: bitboards, pairs, trits, packed base-3, FEN, JSON,
/// coordinate lists and grids, under any of the 8 square orders, for boards up to 4096 squares.
#[derive(Parser, Debug)]
#[command(
    name = "bbconv",
    version,
    about,
    after_help = format!("{MAIN_EXAMPLES}\n\n{EXIT_CODES}"),
    args_conflicts_with_subcommands = true,
    allow_negative_numbers = true,
    subcommand_negates_reqs = true
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    show: show::ShowArgs,

    #[command(flatten)]
    global: GlobalArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Convert boards from one form to another (stdin, files or arguments).
    #[command(
        allow_negative_numbers = true,
        after_help = format!("{}\n\n{EXIT_CODES}", convert::EXAMPLES)
    )]
    Convert(convert::ConvertArgs),
    /// Show boards as labelled grids with hex, dec, popcount and square lists.
    #[command(
        allow_negative_numbers = true,
        after_help = format!("{}\n\n{EXIT_CODES}", show::EXAMPLES)
    )]
    Show(show::ShowArgs),
    /// Explore a board in a terminal UI: move, toggle squares, read its number under every
    /// order, flip and rotate it, compare it with a second; q prints it.
    #[command(allow_negative_numbers = true, after_help = format!("{}\n\n{EXIT_CODES}", explore::EXAMPLES))]
    Explore(explore::ExploreArgs),
    /// Bitboard algebra: and, or, xor, andnot, not, shift, flip, rotate, transpose, popcount,
    /// lsb, msb, squares, contains, and masks (rank, file, diagonal, antidiagonal, full, empty, square).
    #[command(allow_negative_numbers = true, after_help = format!("{}\n\n{EXIT_CODES}", op::EXAMPLES))]
    Op(op::OpArgs),
    /// Decode a number under all 8 square orders, and find the order that gives the squares you expect.
    #[command(allow_negative_numbers = true, after_help = format!("{}\n\n{EXIT_CODES}", explain::EXPLAIN_EXAMPLES))]
    Explain(explain::ExplainArgs),
    /// Compare two boards and name the symmetry or shift that maps one onto the other.
    #[command(allow_negative_numbers = true, after_help = format!("{}\n\n{EXIT_CODES}", explain::DIFF_EXAMPLES))]
    Diff(explain::DiffArgs),
    /// Find the order, layout and number fixes that explain samples (VALUE, a tab, EXPECTED).
    #[command(allow_negative_numbers = true, after_help = format!("{}\n\n{EXIT_CODES}", infer::EXAMPLES))]
    Infer(infer::InferArgs),
    /// Write each board's canonical image under the board's symmetries, and the symmetry.
    #[command(allow_negative_numbers = true, after_help = format!("{}\n\n{EXIT_CODES}", canon::EXAMPLES))]
    Canon(canon::CanonArgs),
    /// List every input and output form with a description and an example.
    #[command(after_help = "Examples:\n  bbconv formats")]
    Formats,
    /// Print shell completions (bash, zsh, fish, elvish, powershell) to stdout.
    #[command(
        after_help = "Examples:\n  bbconv completions bash > ~/.local/share/bash-completion/completions/bbconv\n  bbconv completions zsh > ~/.zfunc/_bbconv\n  bbconv completions fish > ~/.config/fish/completions/bbconv.fish"
    )]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) to stdout.
    #[command(
        after_help = "Examples:\n  bbconv man > ~/.local/share/man/man1/bbconv.1 && man bbconv\n  bbconv man | man -l -"
    )]
    Man,
}

/// When to use colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub(crate) enum ColorChoice {
    /// Colour when stdout is a terminal and NO_COLOR is not set.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

#[derive(Args, Debug, Clone)]
pub(crate) struct GlobalArgs {
    /// When to colour grids: auto (a terminal and NO_COLOR unset), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
    /// Draw grids with chess-piece glyphs and filled/empty discs.
    #[arg(long, global = true)]
    unicode: bool,
    /// Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files
    /// reversed, as python-chess's orientation=BLACK) or othello (rank 1 on top, as Edax draws).
    #[arg(long, global = true, value_name = "SIDE", value_parser = ["white", "black", "othello"], default_value = "white")]
    orientation: String,
}

impl GlobalArgs {
    /// Whether the explorer may mark with colour: `--color`, else NO_COLOR unset and a
    /// terminal that is not dumb.
    fn tui_color(&self) -> bool {
        match self.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::env::var("TERM").map_or(true, |t| t != "dumb")
            }
        }
    }

    fn grid_style(&self) -> GridStyle {
        let color = match self.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            // anstream's rules: a terminal, TERM not dumb, NO_COLOR unset, CLICOLOR not 0, or
            // CLICOLOR_FORCE set.
            ColorChoice::Auto => {
                anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never
            }
        };
        GridStyle {
            unicode: self.unicode,
            color,
            orientation: self.orientation.parse().unwrap_or_default(),
        }
    }
}

/// The `--color` choice as written on the command line, read before clap so that clap's own
/// help and errors follow it too.
fn color_choice(args: &[std::ffi::OsString]) -> clap::ColorChoice {
    let mut choice = clap::ColorChoice::Auto;
    let mut it = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(a) = it.next() {
        let value = match a.strip_prefix("--color") {
            Some("") => it.next().map(|v| v.into_owned()),
            Some(v) if v.starts_with('=') => Some(v[1..].to_string()),
            _ => None,
        };
        match value.as_deref() {
            Some("always") => choice = clap::ColorChoice::Always,
            Some("never") => choice = clap::ColorChoice::Never,
            Some("auto") => choice = clap::ColorChoice::Auto,
            _ => {}
        }
        if a == "--" {
            break;
        }
    }
    choice
}

/// The optimal-string-alignment distance (edits and swaps of neighbours) between two words.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// The subcommand of `command` a mistyped first argument was probably meant to be: a word of
/// letters within one edit (three or four letters) or two edits (longer) of a subcommand's
/// name. No board is such a word.
fn mistyped_subcommand(command: &clap::Command, first: &str) -> Option<String> {
    if first.len() < 3 || !first.bytes().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let first = first.to_ascii_lowercase();
    let max = if first.len() <= 4 { 1 } else { 2 };
    command
        .get_subcommands()
        .map(|s| (distance(&first, s.get_name()), s.get_name()))
        .filter(|(d, _)| (1..=max).contains(d))
        .min()
        .map(|(_, s)| s.to_string())
}

/// Prints a clap error with bbconv's prefix (`bbconv: ` for clap's `error: `).
fn print_clap_error(e: &clap::Error, color: bool) {
    let styled = e.render();
    let text = if color {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    };
    let text = match text.find("error:") {
        Some(k)
            if text[..k]
                .chars()
                .all(|c| c == '\x1b' || c == '[' || c == 'm' || c.is_ascii_digit() || c == ';') =>
        {
            let rest = text[k + "error:".len()..].trim_start_matches(|c: char| {
                c == '\x1b' || c == '[' || c == 'm' || c.is_ascii_digit() || c == ';'
            });
            format!("bbconv: {}", rest.trim_start())
        }
        _ => text,
    };
    let _ = write!(std::io::stderr().lock(), "{text}");
}

/// Parses the command line and runs it.
pub(crate) fn run() -> Result<ExitCode> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let color = color_choice(&args);
    // As `Cli::try_parse`, but the command (hundreds of allocations) is leaked rather than
    // dropped: it lives until the process ends anyway, and freeing it costs more start-up time
    // than building it costs for a one-liner.
    let mut command = Cli::command().color(color);
    if let Some(first) = args.get(1).and_then(|a| a.to_str()) {
        if let Some(sub) = mistyped_subcommand(&command, first) {
            eprintln!(
                "bbconv: unrecognized subcommand '{first}': did you mean `{sub}`?\n\nFor more information, try 'bbconv --help'."
            );
            return Ok(ExitCode::from(2));
        }
    }
    let parsed = command
        .try_get_matches_from_mut(&args)
        .and_then(|mut m| Cli::from_arg_matches_mut(&mut m));
    std::mem::forget(command);
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            // --help and --version print to stdout and succeed; usage errors exit 2.
            if e.use_stderr() {
                let on = match color {
                    clap::ColorChoice::Always => true,
                    clap::ColorChoice::Never => false,
                    clap::ColorChoice::Auto => {
                        anstream::AutoStream::choice(&std::io::stderr())
                            != anstream::ColorChoice::Never
                    }
                };
                print_clap_error(&e, on);
                return Ok(ExitCode::from(2));
            }
            let _ = e.print();
            return Ok(ExitCode::SUCCESS);
        }
    };
    let grid = cli.global.grid_style();
    let result = match cli.command {
        Some(Command::Convert(args)) => convert::run(args, grid),
        Some(Command::Show(args)) => show::run(args, grid),
        Some(Command::Formats) => show::formats(),
        Some(Command::Completions { shell }) => docs::completions(shell, Cli::command()),
        Some(Command::Man) => docs::man(Cli::command()),
        Some(Command::Op(args)) => op::run(args, grid),
        Some(Command::Explain(args)) => explain::explain(args, grid),
        Some(Command::Diff(args)) => explain::diff(args, grid),
        Some(Command::Explore(args)) => {
            let color = cli.global.tui_color();
            explore::run(args, grid, color)
        }
        Some(Command::Canon(args)) => canon::run(args, grid),
        Some(Command::Infer(args)) => infer::run(args, grid),
        None => {
            if cli.show.is_empty() && std::io::stdin().is_terminal() {
                let _ = Cli::command().color(color).print_help();
                return Ok(ExitCode::from(2));
            }
            show::run(cli.show, grid)
        }
    };
    match result {
        Err(e) => match e.downcast_ref::<Failure>() {
            Some(f) => {
                eprintln!("bbconv: {f}");
                Ok(ExitCode::from(if matches!(f, Failure::Usage(_)) {
                    2
                } else {
                    1
                }))
            }
            None => Err(e),
        },
        ok => ok,
    }
}

/// The clap command, for completions, the man page and tests.
#[allow(dead_code)]
pub(crate) fn command() -> clap::Command {
    Cli::command()
}

#[cfg(test)]
mod tests {
    #[test]
    fn clap_definition_is_consistent() {
        super::command().debug_assert();
    }
}
