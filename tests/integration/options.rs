//! Every option on every path, through the command line: the options the word paths of 8x8 and
//! small boards once ignored (square names in SGF and GTP style, the layer of a board of one
//! bitboard, a grid of one side) give what the general reading and writing give on every size.

use crate::util::{ok, run};

/// `bbconv convert ARGS VALUE`, exit 0 asserted: its stdout.
fn convert(args: &[&str], value: &str) -> String {
    ok(&[&["convert"], args, &[value]].concat())
}

/// `--to-coords sgf|gtp` names the squares of an 8x8 board (and of every board of at most 64
/// squares) as it names those of a 19x19 one: the issue's `a1 h1 a8 h8` was chess names.
#[test]
fn to_coords_on_every_size() {
    let corners = "0x8100000000000081";
    let squares = ["-f", "hex", "-t", "squares"];
    let gtp = convert(&[&squares[..], &["--to-coords", "gtp"]].concat(), corners);
    assert_eq!(gtp, "A1 H1 A8 H8");
    let sgf = convert(&[&squares[..], &["--to-coords", "sgf"]].concat(), corners);
    assert_eq!(sgf, "ah hh aa ha");
    assert_eq!(convert(&squares, corners), "a1 h1 a8 h8");
    // Two sides, and a 3x3 board (the word path of small boards).
    let two = convert(
        &["-f", "pair", "-t", "squares", "--to-coords", "sgf"],
        "0x1 0x8000000000000000",
    );
    assert_eq!(two, "first: ah; second: ha");
    let small = convert(
        &[
            "-f",
            "hex",
            "-t",
            "squares",
            "--size",
            "3x3",
            "--to-coords",
            "gtp",
        ],
        "0x101",
    );
    assert_eq!(small, "A1 C3");
    // The same names on 19x19, which the general writer always wrote.
    let go = convert(
        &[
            "-f",
            "squares",
            "-t",
            "squares",
            "--size",
            "19x19",
            "--to-coords",
            "gtp",
        ],
        "a1 s19",
    );
    assert_eq!(go, "A1 T19");
}

/// `--coords sgf|gtp` reads square names as SGF points or GTP vertices on 8x8 and small boards:
/// chess names are not SGF points, and a 9-file board's GTP columns skip `I`.
#[test]
fn coords_on_every_size() {
    let (code, _, err) = run(
        &[
            "convert", "-f", "squares", "-t", "hex", "--coords", "sgf", "a1 h8",
        ],
        b"",
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("expected an SGF point"), "{err}");
    let sgf = convert(&["-f", "squares", "-t", "hex", "--coords", "sgf"], "ah ha");
    assert_eq!(sgf, "0x8000000000000001");
    // SGF in, SGF out (`--to-coords` defaults to `--coords`), in LERF's order: h1, then a8.
    let same = convert(
        &["-f", "squares", "-t", "squares", "--coords", "sgf"],
        "aa hh",
    );
    assert_eq!(same, "hh aa");
    let nine = [
        "-f", "squares", "-t", "indices", "--size", "9x7", "--coords", "gtp",
    ];
    assert_eq!(convert(&nine, "J1"), "8");
    let (code, _, err) = run(&[&["convert"], &nine[..], &["i1"]].concat(), b"");
    assert_eq!(code, 1, "{err}");
}

/// A board of one bitboard is written as it is whatever `--layer` says, on 8x8 as on 19x19.
#[test]
fn layer_of_one_bitboard() {
    let bits = format!("1{}1", "0".repeat(62));
    let hex = convert(&["-f", "bits", "-t", "hex", "--layer", "second"], &bits);
    assert_eq!(hex, "0x8000000000000001");
}

/// A grid of `X` alone is one bitboard, on 8x8 (the word path) as on 9x9.
#[test]
fn grid_of_one_side() {
    let grid = convert(&["-f", "hex", "-t", "grid"], "0x81");
    let (code, out, err) = run(&["convert", "-f", "grid", "-t", "hex"], grid.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        String::from_utf8_lossy(&out).trim_end(),
        "0x0000000000000081"
    );
    let (code, out, err) = run(&["convert", "-f", "grid", "-t", "squares"], grid.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(String::from_utf8_lossy(&out).trim_end(), "a1 h1");
}
