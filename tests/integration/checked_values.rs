//! Values that are not what they claim are errors: EPD's clocks (`hmvc`, `fmvn`) are numbers
//! written as digits, and an SGF node holds one move; each error names the operation or node
//! and where it is.

use crate::util::{fails, fixture, ok, run};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ";

/// What python-chess 1.11.2's `Board.from_epd` rejects (`hmvc -1`, `3.5`, `abc`), and what it
/// takes but is not a clock as written (`fmvn 0`, which it reads as 1; a sign; a string): each
/// an error naming the operation, at its column.
#[test]
fn epd_clocks_that_are_not_numbers_are_errors() {
    let column = START.len() + 1;
    for (ops, found) in [
        ("hmvc -1;", r#"hmvc "-1""#),
        ("hmvc 3.5;", r#"hmvc "3.5""#),
        ("hmvc abc;", r#"hmvc "abc""#),
        ("hmvc;", "hmvc without an operand"),
        ("fmvn 0;", r#"fmvn "0""#),
        ("fmvn +3;", r#"fmvn "+3""#),
        ("hmvc +3;", r#"hmvc "+3""#),
        (r#"fmvn "3";"#, r#"fmvn "\"3\"""#),
    ] {
        let epd = format!("{START}{ops}");
        for to in ["fen", "epd", "json"] {
            fails(
                &["convert", "-f", "epd", "-t", to, "--", &epd],
                &format!("argument 1, column {column}: found {found}: expected"),
            );
        }
    }
    // A later operation's column, and the same check on the operations of a JSON position.
    fails(
        &[
            "convert",
            "-f",
            "epd",
            "-t",
            "fen",
            "--",
            &format!("{START}bm e4; fmvn 0;"),
        ],
        &format!("column {}: found fmvn \"0\"", START.len() + 8),
    );
    fails(
        &[
            "convert",
            "-f",
            "json",
            "-t",
            "fen",
            r#"{"fen":"8/8/8/8/8/8/8/K6k w - -","operations":"hmvc -1;"}"#,
        ],
        r#""operations": found hmvc "-1""#,
    );
}

/// A repeated opcode takes its last value (python-chess: `hmvc 5; hmvc 6;` gives 6), and a clock
/// of any length is written as it was written.
#[test]
fn epd_clocks_take_the_last_value_as_written() {
    for (ops, clocks) in [
        ("hmvc 5; hmvc 6;", "6 1"),
        ("fmvn 9; hmvc 3; fmvn 40;", "3 40"),
        (r#"id "hmvc 9; x"; hmvc 2;"#, "2 1"),
        (
            "hmvc 123456789012345678901234567890;",
            "123456789012345678901234567890 1",
        ),
        ("bm e4;", "0 1"),
        // A string ends at its closing quote: an opcode may follow it at once (python-chess
        // 1.11.2 reads `c0 "x"hmvc 3;` as c0 "x" and hmvc 3).
        (r#"c0 "x"hmvc 3;"#, "3 1"),
        (r#"c0 "x;y"fmvn 7; id "z""#, "0 7"),
        ("id \"a\\\"b\"hmvc 4;", "4 1"),
    ] {
        let fen = ok(&[
            "convert",
            "-f",
            "epd",
            "-t",
            "fen",
            "--",
            &format!("{START}{ops}"),
        ]);
        assert_eq!(fen, format!("{START}{clocks}"), "{ops}");
    }
}

/// A JSON position's FEN clocks and operations: a clock the operations lack is kept (it was
/// dropped: `7 8` came out as `0 1`, exit 0), one they say must agree; `turn` must agree with
/// the FEN's side to move, and `turn` and `notes` are checked beside any board.
#[test]
fn json_fen_clocks_operations_and_turn_agree() {
    let json = |rest: &str, members: &str| format!(r#"{{"fen": "{START}{rest}"{members}}}"#);
    let convert = |to: &str, record: &str| ok(&["convert", "-f", "json", "-t", to, record]);
    let both = json("7 8", r#", "operations": "id \"x\";""#);
    assert_eq!(convert("fen", &both), format!("{START}7 8"));
    assert_eq!(
        convert("epd", &both),
        format!(r#"{START}hmvc 7; fmvn 8; id "x";"#)
    );
    let empty = json("7 8", r#", "operations": """#);
    assert_eq!(convert("fen", &empty), format!("{START}7 8"));
    // bbconv's own object (EPD to JSON) reads back as it was.
    let own = ok(&[
        "convert",
        "-f",
        "epd",
        "-t",
        "json",
        "--",
        &format!(r#"{START}hmvc 7; fmvn 8; id "x";"#),
    ]);
    assert_eq!(
        convert("epd", &own),
        format!(r#"{START}hmvc 7; fmvn 8; id "x";"#)
    );
    assert_eq!(
        convert("fen", &json("0 1", r#", "turn": "first", "notes": "n""#)),
        format!("{START}0 1")
    );
    for (members, message) in [
        (
            r#", "operations": "hmvc 3;""#,
            r#""fen" and "operations" disagree: the FEN's halfmove clock is 7, its hmvc 3"#,
        ),
        (
            r#", "operations": "fmvn 9;""#,
            r#""fen" and "operations" disagree: the FEN's move number is 8, its fmvn 9"#,
        ),
        (
            r#", "turn": "second""#,
            r#""fen" and "turn" disagree: the FEN's side to move is w"#,
        ),
        (
            r#", "turn": "white""#,
            r#""turn": found "white": expected "first" or "second""#,
        ),
        (
            r#", "notes": 3"#,
            r#""notes": found a number: expected a string"#,
        ),
    ] {
        fails(
            &["convert", "-f", "json", "-t", "fen", &json("7 8", members)],
            message,
        );
    }
    fails(
        &[
            "convert",
            "-f",
            "json",
            "-t",
            "hex",
            r#"{"bitboard": "0xff", "turn": "first"}"#,
        ],
        r#""turn": a board of one bitboard has no side to move"#,
    );
}

/// Hostile review 9: a JSON position with operations whose FEN EPD cannot hold (check
/// counters, fields missing), a clock its operations refuse (move number 0), a line break in
/// operations or notes, and operations beside no FEN came out garbled, as a FEN bbconv could not
/// read back, over two lines, or dropped, with exit 0.
#[test]
fn json_operations_and_notes_that_no_line_holds_are_errors() {
    let p = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3";
    for (record, message) in [
        (
            format!(r#"{{"fen":"{p} 3+3 7 8","operations":""}}"#),
            "found 6 fields after the placement",
        ),
        (
            format!(r#"{{"fen":"{p} 7 8 +1+2","operations":""}}"#),
            "found 6 fields after the placement",
        ),
        (
            r#"{"fen":"8/8/8/8/8/8/8/K6k b","operations":"hmvc 5;"}"#.into(),
            "found 1 field after",
        ),
        (
            format!(r#"{{"fen":"{p} 7 0","operations":""}}"#),
            r#"its clocks as EPD operations: found fmvn "0""#,
        ),
        (
            r#"{"fen":"8/8/8/8/8/8/8/K6k b - - 3 9","operations":"c0 \"a\nb\";"}"#.into(),
            "found a line break",
        ),
        (
            r#"{"size":"8x8","pieces":{"K":"0x10"},"operations":"hmvc 5;"}"#.into(),
            r#""operations" go with "fen""#,
        ),
        (
            r#"{"size":"8x8","first":"0x1","notes":"a\rb"}"#.into(),
            r#""notes": found a line break"#,
        ),
    ] {
        for to in ["fen", "epd", "edax"] {
            fails(&["convert", "-f", "json", "-t", to, &record], message);
        }
    }
    // EPD's four fields and the clocks convert.
    let ok_record = format!(r#"{{"fen":"{p} 0 1","operations":"bm e4;"}}"#);
    assert_eq!(
        ok(&["convert", "-f", "json", "-t", "epd", &ok_record]),
        format!("{p} bm e4;")
    );
}

/// A node with both `B` and `W` is an error naming the node and where its second move is
/// (sgfmill plays `B` and ignores `W`; the SGF standard forbids the node).
#[test]
fn sgf_node_with_two_moves_is_an_error() {
    for (tree, node, column, moves) in [
        (
            "(;SZ[9];B[aa]W[bb])",
            "last",
            14,
            "node 1 has two moves, B[aa] and W[bb]",
        ),
        (
            "(;SZ[9];B[aa]W[bb])",
            "0",
            14,
            "node 1 has two moves, B[aa] and W[bb]",
        ),
        (
            "(;SZ[9]W[]B[])",
            "0",
            11,
            "node 0 has two moves, W[] and B[]",
        ),
    ] {
        fails(
            &[
                "convert",
                "-f",
                "sgf",
                "-t",
                "sgf",
                "--sgf-node",
                node,
                tree,
            ],
            &format!("argument 1, column {column}: {moves}: expected one move a node"),
        );
    }
    // A repeated move of one colour (sgfmill merges it into one list and plays its first).
    for (tree, column, moves) in [
        (
            "(;SZ[9];B[aa]B[bb])",
            14,
            "node 1 has two moves, B[aa] and B[bb]",
        ),
        (
            "(;SZ[9];W[aa]W[bb])",
            14,
            "node 1 has two moves, W[aa] and W[bb]",
        ),
        (
            "(;SZ[9];B[aa][bb])",
            14,
            "node 1 has two moves, B[aa] and B[bb]",
        ),
    ] {
        for to in ["squares", "sgf"] {
            fails(
                &["convert", "-f", "sgf", "-t", to, "--sgf-node", "last", tree],
                &format!("argument 1, column {column}: {moves}: expected one move a node"),
            );
        }
    }
    // One move a node is read as before.
    let (code, out, err) = run(
        &[
            "convert",
            "-f",
            "sgf",
            "-t",
            "squares",
            "--sgf-node",
            "last",
            "(;SZ[9];B[aa];W[bb])",
        ],
        b"",
    );
    assert_eq!(
        (code, String::from_utf8_lossy(&out)),
        (0, "first: a9; second: b8\n".into()),
        "{err}"
    );
}

/// The clocks of `fixtures/real/epd/clocks.tsv` as python-chess 1.11.2 reads them: what it
/// refuses bbconv refuses, naming the operation; what it reads bbconv reads to the same FEN (its
/// clocks with the digits as written), but for the clocks that are not digits alone, which
/// bbconv refuses (docs/forms.md's rule: python-chess takes `fmvn 0` as 1, a sign, a string).
#[test]
fn epd_clocks_against_python_chess() {
    let table = String::from_utf8(fixture("real/epd/clocks.tsv")).unwrap();
    let number = |s: &str| s.trim_start_matches('0').to_string();
    let (mut refused, mut read) = (0, 0);
    for row in table.lines().filter(|l| !l.starts_with('#')) {
        let (epd, theirs) = row.split_once('\t').unwrap();
        let (code, out, err) = run(&["convert", "-f", "epd", "-t", "fen", "--", epd], b"");
        // A clock operation's operand that is not digits alone, or an fmvn of zeros (the one
        // string of the table, cut at its `;`, starts no piece with a clock's opcode).
        let ops = &epd[START.len()..];
        let not_digits = ops.split(';').any(|op| {
            let mut w = op.split_whitespace();
            match (w.next(), w.collect::<Vec<_>>().as_slice()) {
                (Some("hmvc"), [n]) => !n.bytes().all(|c| c.is_ascii_digit()),
                (Some("fmvn"), [n]) => {
                    !n.bytes().all(|c| c.is_ascii_digit()) || n.bytes().all(|c| c == b'0')
                }
                (Some("hmvc" | "fmvn"), _) => true,
                _ => false,
            }
        });
        if theirs.starts_with("error") || not_digits {
            assert_eq!(code, 1, "{epd}: python-chess {theirs}, bbconv {out:?}");
            assert!(
                err.contains("found hmvc") || err.contains("found fmvn"),
                "{epd}: {err}"
            );
            refused += 1;
            continue;
        }
        assert_eq!(code, 0, "{epd}: {err}");
        let ours = String::from_utf8(out).unwrap();
        let (ours, theirs): (Vec<&str>, Vec<&str>) = (
            ours.split_whitespace().collect(),
            theirs.split_whitespace().collect(),
        );
        assert_eq!(ours[..4], theirs[..4], "{epd}");
        for k in 4..6 {
            assert_eq!(number(ours[k]), number(theirs[k]), "{epd}: clock {k}");
        }
        read += 1;
    }
    assert!(refused >= 10 && read >= 8, "{refused} refused, {read} read");
}
