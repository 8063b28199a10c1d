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

/// `--to-coords sgf|gtp` names a JSON `squares` member's squares as `-t squares` names them
/// (finding 6: `["a1","h1"]` where `-t squares` gave `A1 H1`), one side or two, on 8x8 and
/// 19x19; and `-f json --coords` of the same style reads the names back.
#[test]
fn json_squares_follow_to_coords() {
    let json = |style: &str, value: &str| {
        convert(
            &[
                "-f",
                "hex",
                "-t",
                "json",
                "--fields",
                "squares",
                "--to-coords",
                style,
            ],
            value,
        )
    };
    let gtp = json("gtp", "0x81");
    assert_eq!(
        gtp,
        r#"{"size":"8x8","order":"lerf","squares":["A1","H1"]}"#
    );
    let sgf = json("sgf", "0x81");
    assert_eq!(
        sgf,
        r#"{"size":"8x8","order":"lerf","squares":["ah","hh"]}"#
    );
    // The default members of one bitboard hold the names too.
    let plain = convert(&["-f", "hex", "-t", "json", "--to-coords", "gtp"], "0x81");
    assert!(plain.ends_with(r#""squares":["A1","H1"]}"#), "{plain}");
    // Two sides.
    let two = convert(
        &[
            "-f",
            "pair",
            "-t",
            "json",
            "--fields",
            "squares",
            "--to-coords",
            "sgf",
        ],
        "0x1 0x8000000000000000",
    );
    assert!(
        two.ends_with(r#""squares":{"first":["ah"],"second":["ha"]}}"#),
        "{two}"
    );
    // 19x19: GTP skips I, so file j is column J and s19 is T19.
    let go = convert(
        &[
            "-f",
            "squares",
            "-t",
            "json",
            "--size",
            "19x19",
            "--fields",
            "squares",
            "--to-coords",
            "gtp",
        ],
        "j10 s19",
    );
    assert!(go.ends_with(r#""squares":["K10","T19"]}"#), "{go}");
    // Read back under the same style, as an argument and as lines of a file.
    for (style, text) in [("gtp", &gtp), ("sgf", &sgf)] {
        let back = convert(&["-f", "json", "-t", "hex", "--coords", style], text);
        assert_eq!(back, "0x0000000000000081", "{style}");
        let lines = format!("{text}\n{text}\n");
        let (code, out, err) = run(
            &[
                "convert", "-f", "json", "-t", "hex", "--coords", style, "--jobs", "2",
            ],
            lines.as_bytes(),
        );
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            String::from_utf8_lossy(&out),
            "0x0000000000000081\n0x0000000000000081\n"
        );
    }
}

/// A grid's file letters follow `--to-coords gtp` (GTP's `A`-`T` without `I`, as GNU Go prints
/// a board; finding 6: a 19x19 grid labelled a column `i`), on 19x19 and on 8x8 (the word
/// path), either way up, and the grid reads back; `--to-coords sgf` is a usage error.
#[test]
fn grid_labels_follow_to_coords() {
    let grid = |size: &str, extra: &[&str], value: &str| {
        let args = [
            &[
                "-f",
                "squares",
                "-t",
                "grid",
                "--size",
                size,
                "--to-coords",
                "gtp",
            ][..],
            extra,
        ]
        .concat();
        convert(&args, value)
    };
    let go = grid("19x19", &[], "a1 s19");
    let files = go
        .lines()
        .last()
        .unwrap()
        .split_whitespace()
        .collect::<String>();
    assert_eq!(files, "ABCDEFGHJKLMNOPQRST", "{go}");
    let chess = grid("8x8", &[], "a1 h8");
    assert_eq!(
        chess.lines().last().unwrap(),
        "  A B C D E F G H",
        "{chess}"
    );
    let black = grid("19x19", &["--orientation", "black"], "a1 s19");
    let files = black
        .lines()
        .last()
        .unwrap()
        .split_whitespace()
        .collect::<String>();
    assert_eq!(files, "TSRQPONMLKJHGFEDCBA", "{black}");
    for (size, text, squares) in [
        ("19x19", &go, "a1 s19"),
        ("19x19", &black, "a1 s19"),
        ("8x8", &chess, "a1 h8"),
    ] {
        let (code, out, err) = run(
            &["convert", "-f", "grid", "-t", "squares", "--size", size],
            text.as_bytes(),
        );
        assert_eq!(code, 0, "{err}\n{text}");
        assert_eq!(String::from_utf8_lossy(&out).trim_end(), squares);
    }
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "hex",
            "-t",
            "grid",
            "--to-coords",
            "sgf",
            "0x81",
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--to-coords sgf"), "{err}");
    // `show` draws its grid with chess labels then, and with GTP ones under gtp.
    let shown = ok(&["show", "--to-coords", "sgf", "0x81"]);
    assert!(shown.contains("\n  a b c d e f g h\n"), "{shown}");
    assert!(shown.contains("ah hh"), "{shown}");
    let shown = ok(&["show", "--to-coords", "gtp", "0x81"]);
    assert!(shown.contains("\n  A B C D E F G H\n"), "{shown}");
}

/// `-f squares --coords sgf|gtp` on 8x8 reads the names in that style on every path: an
/// argument, lines of a file at one and two threads, and a table's column.
#[test]
fn squares_coords_on_every_path() {
    for (style, names) in [("sgf", "ah hh aa"), ("gtp", "A1 H1 A8")] {
        let want = "0x0100000000000081";
        let args = ["-f", "squares", "-t", "hex", "--coords", style];
        assert_eq!(convert(&args, names), want, "{style}");
        for jobs in ["1", "2"] {
            let lines = format!("{names}\n{names}\n");
            let all = [&["convert"], &args[..], &["--jobs", jobs]].concat();
            let (code, out, err) = run(&all, lines.as_bytes());
            assert_eq!(code, 0, "{err}");
            assert_eq!(String::from_utf8_lossy(&out), format!("{want}\n{want}\n"));
        }
        let table = format!("id,sq\n1,{names}\n");
        let all = [
            &["convert", "--csv", "--header", "--column", "sq"],
            &args[..],
        ]
        .concat();
        let (code, out, err) = run(&all, table.as_bytes());
        assert_eq!(code, 0, "{err}");
        assert_eq!(String::from_utf8_lossy(&out), format!("id,hex\n1,{want}\n"));
    }
}
