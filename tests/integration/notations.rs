//! FEN (chess and variants), per-piece bitboards, JSON, coordinate lists, grids and Edax strings,
//! against independent references: python-chess values (fixtures/fen/reference.tsv), square lists
//! written by hand from the diagrams (fixtures/fen/variants.tsv), and exact error messages.

use crate::util::{fails, fixture, ok, run};

fn tsv(rel: &str) -> Vec<Vec<String>> {
    String::from_utf8(fixture(rel))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn fen_to_pair_matches_python_chess() {
    let rows = tsv("fen/reference.tsv");
    assert!(rows.len() >= 100);
    let input: String = rows.iter().map(|r| format!("{}\n", r[0])).collect();
    let (code, out, err) = run(&["convert", "-f", "fen", "-t", "pair"], input.as_bytes());
    assert_eq!(code, 0, "{err}");
    let got: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
    assert_eq!(got.len(), rows.len());
    for (r, g) in rows.iter().zip(&got) {
        assert_eq!(*g, format!("{} {}", r[1], r[2]), "{}", r[0]);
    }
}

#[test]
fn fen_pieces_match_python_chess_and_read_back() {
    let rows = tsv("fen/reference.tsv");
    let input: String = rows.iter().map(|r| format!("{}\n", r[0])).collect();
    let (code, out, err) = run(&["convert", "-f", "fen", "-t", "pieces"], input.as_bytes());
    assert_eq!(code, 0, "{err}");
    let text = String::from_utf8(out).unwrap();
    for (r, got) in rows.iter().zip(text.lines()) {
        let want: Vec<String> = "PNBRQKpnbrqk"
            .chars()
            .zip(&r[3..15])
            .filter(|(_, hex)| *hex != "0x0000000000000000")
            .map(|(l, hex)| format!("{l}:{hex}"))
            .collect();
        assert_eq!(got, want.join(" "), "{}", r[0]);
    }
    // pieces -> FEN gives back the placement field.
    let (code, back, err) = run(&["convert", "-f", "pieces", "-t", "fen"], text.as_bytes());
    assert_eq!(code, 0, "{err}");
    for (r, got) in rows.iter().zip(String::from_utf8(back).unwrap().lines()) {
        assert_eq!(got, r[0].split(' ').next().unwrap());
    }
}

#[test]
fn fen_round_trips_identically() {
    let mut fens: Vec<String> = tsv("fen/reference.tsv")
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
    fens.extend(tsv("fen/variants.tsv").into_iter().map(|r| r[1].clone()));
    // A stream holds boards of one size: the FENs of each size go through one run.
    let mut sizes: Vec<(usize, usize)> = Vec::new();
    let dims = |f: &str| {
        let p = f.split(' ').next().unwrap();
        (p.split('/').count(), p.len())
    };
    for f in &fens {
        let d = dims(f);
        if !sizes.contains(&d) {
            sizes.push(d);
        }
    }
    let mut runs = 0;
    for d in sizes {
        let input: String = fens
            .iter()
            .filter(|f| dims(f) == d)
            .map(|f| format!("{f}\n"))
            .collect();
        let (code, out, err) = run(&["convert", "-f", "fen", "-t", "fen"], input.as_bytes());
        if code == 0 {
            assert_eq!(String::from_utf8(out).unwrap(), input);
            runs += 1;
        } else {
            // Same rank count and length but another width: one FEN a run.
            assert!(err.contains("a stream holds boards of one size"), "{err}");
            for f in input.lines() {
                let (code, out, err) = run(&["convert", "-f", "fen", "-t", "fen", f], b"");
                assert_eq!(code, 0, "{err}");
                assert_eq!(String::from_utf8(out).unwrap(), format!("{f}\n"));
                runs += 1;
            }
        }
    }
    assert!(runs > 1);
}

#[test]
fn variant_fens() {
    for r in tsv("fen/variants.tsv") {
        let (name, fen, size) = (&r[0], &r[1], &r[2]);
        let (code, out, err) = run(&["convert", "-f", "fen", "-t", "squares", fen], b"");
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(
            String::from_utf8(out).unwrap().trim_end(),
            format!("first: {}; second: {}", r[3], r[4]),
            "{name}"
        );
        let (_, out, _) = run(
            &[
                "convert", "-f", "fen", "-t", "json", "--fields", "first", fen,
            ],
            b"",
        );
        assert!(
            String::from_utf8(out)
                .unwrap()
                .starts_with(&format!("{{\"size\":\"{size}\"")),
            "{name}"
        );
        // With -s given, the same FEN is checked against it.
        let (code, _, err) = run(
            &["convert", "-f", "fen", "-t", "trits", "-s", size, fen],
            b"",
        );
        assert_eq!(code, 0, "{name}: {err}");
    }
}

#[test]
fn invalid_fens_give_exact_messages() {
    for r in tsv("fen/invalid.tsv") {
        let mut args = vec!["convert", "-f", "fen", "-t", "pair"];
        if r[0] != "-" {
            args.extend(["-s", &r[0]]);
        }
        args.push(&r[1]);
        let (code, out, err) = run(&args, b"");
        assert_eq!(code, 1, "{}", r[1]);
        assert!(out.is_empty());
        assert_eq!(err.lines().next().unwrap_or(""), r[2], "{}", r[1]);
    }
}

/// Text that is not UTF-8 anywhere in a FEN record makes it a bad record, wherever it is:
/// the fast path for 8x8 boards must not let it through when it follows a valid placement.
/// (`--lenient`, which keeps whatever text follows the placement, lets the third through.)
#[test]
fn invalid_utf8_after_a_placement_is_a_bad_record() {
    let good = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    for to in ["packed", "pair", "trits", "fen"] {
        let mut input = format!("{good}\n{good} ").into_bytes();
        input.extend_from_slice(b"\xff\n8/8/8/8/8/8/8/K7 w - - 0 1 \xc3\xa9\n");
        let args = ["convert", "--lenient", "-f", "fen", "-t", to];
        let (code, out, err) = run(&args, &input);
        assert_eq!(code, 1, "-t {to}");
        assert_eq!(String::from_utf8_lossy(&out).lines().count(), 2, "-t {to}");
        assert!(
            err.starts_with("bbconv: -:2:55: invalid UTF-8"),
            "-t {to}: {err}"
        );
        assert!(err.contains("1 bad record of 3"), "-t {to}: {err}");
    }
}

/// The fields after the placement are checked by default, on the fast path as on the general
/// one, with the field and column named; `--lenient` keeps them as written.
#[test]
fn fen_fields_are_checked_unless_lenient() {
    let board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    let cases = [
        ("b Kx - 0 1", 3, "FEN field 3 (castling): found \"Kx\""),
        ("b KQkq e5 0 1", 7, "FEN field 4 (en passant): found \"e5\": expected '-' or a square on rank 3 (Black to move)"),
        ("x KQkq - 0 1", 0, "FEN field 2 (side to move): found \"x\": expected w or b"),
        ("w KQkq - 0 -1", 11, "FEN field 6 (move number): found \"-1\": expected a non-negative integer"),
        ("w KQkq - 0 1 9", 13, "found \"9\" after the move number"),
        ("w kqKQ - 0 1", 4, "FEN field 3 (castling): found \"kqKQ\""),
    ];
    // (fields, index of the first wrong byte in them, message)
    for (fields, at, message) in cases {
        let fen = format!("{board} {fields}");
        let col = board.len() + 1 + at + 1;
        for to in ["packed", "pair", "fen", "json", "squares"] {
            for portable in [false, true] {
                let mut c = crate::util::bbconv();
                if portable {
                    c.env("BBCONV_PORTABLE", "1");
                }
                let out = c
                    .args(["convert", "-f", "auto", "-t", to])
                    .write_stdin(format!("{fen}\n"))
                    .output()
                    .unwrap();
                let err = String::from_utf8_lossy(&out.stderr);
                assert_eq!(out.status.code(), Some(1), "{fen} -t {to}: {err}");
                assert!(
                    err.starts_with(&format!("bbconv: -:1:{col}: {message}")),
                    "{fen} -t {to}: {err}"
                );
            }
            let (code, out, _) = run(
                &["convert", "--lenient", "-f", "fen", "-t", to],
                format!("{fen}\n").as_bytes(),
            );
            assert_eq!(code, 0, "--lenient {fen} -t {to}");
            assert!(!out.is_empty());
        }
    }
    // What python-chess and lichess write is accepted, and kept as written.
    for fields in [
        "w KQkq - 0 1",
        "w HAha - 0 1",
        "b - e3 0 1",
        "w KQkq - 3+3 0 1",
        "w KQkq - 0 1 +0+0",
        "w KQkq",
        "b",
    ] {
        let fen = format!("{board} {fields}");
        let (code, out, err) = run(
            &["convert", "-f", "fen", "-t", "fen"],
            format!("{fen}\n").as_bytes(),
        );
        assert_eq!(code, 0, "{fen}: {err}");
        assert_eq!(String::from_utf8_lossy(&out), format!("{fen}\n"));
    }
    // A tab ends the FEN: a TSV's other columns are kept, not checked.
    let (code, out, err) = run(
        &["convert", "-f", "fen", "-t", "fen"],
        format!("{board} b KQkq e3 0 1\tlabel x\n").as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        String::from_utf8_lossy(&out),
        format!("{board} b KQkq e3 0 1\tlabel x\n")
    );
}

#[test]
fn lenient_fen_adds_up_digits() {
    let (code, out, _) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "pair",
            "--lenient",
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(out, b"0x000000000000ffff 0xffff000000000000\n");
}

#[test]
fn pair_to_fen_uses_the_letters_option() {
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "fen",
            "0xff00 0xff000000000000",
        ],
        b"",
    );
    assert_eq!(out, b"8/pppppppp/8/8/8/8/PPPPPPPP/8\n");
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "fen",
            "--letters",
            "Xo",
            "0x1 0x8000000000000000",
        ],
        b"",
    );
    assert_eq!(out, b"7o/8/8/8/8/8/8/X7\n");
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "fen",
            "--letters",
            "pP",
            "0x1 0x2",
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
}

#[test]
fn edax_strings() {
    let start = "---------------------------OX------XO--------------------------- X";
    let (code, out, err) = run(&["convert", "-f", "edax", "-t", "pair", "--", start], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, b"0x0000000810000000 0x0000001008000000\n");
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "edax",
            "0x0000000810000000 0x0000001008000000",
        ],
        b"",
    );
    assert_eq!(String::from_utf8(out).unwrap().trim_end(), start);
    // Detected without -f, other spellings of the sides.
    let alt = "...........................wb......bw........................... b";
    let (_, out, _) = run(&["convert", "-t", "pair", alt], b"");
    assert_eq!(out, b"0x0000000810000000 0x0000001008000000\n");
    let (code, _, err) = run(&["convert", "-f", "edax", "-t", "pair", "--", "---Z"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("column 4: found 'Z' at square 3"), "{err}");
}

/// Edax's OBF problem file (fixtures/edax) is written back identically: the side to move and
/// the solutions kept; the side to move follows the board to other forms and back, and a FEN's
/// side becomes Edax's.
#[test]
fn edax_obf_lines_keep_the_side_and_the_solutions() {
    let obf = fixture("edax/fforum-1-19.obf");
    let (code, out, err) = run(&["convert", "-f", "edax", "-t", "edax"], &obf);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, obf);
    // Detected without -f; the side to move of each line, O on lines 8 to 12.
    let (code, out, err) = run(&["convert", "-t", "edax"], &obf);
    assert_eq!((code, out == obf), (0, true), "{err}");
    let sides: Vec<char> = String::from_utf8(obf.clone())
        .unwrap()
        .lines()
        .map(|l| l.as_bytes()[65] as char)
        .collect();
    assert_eq!(sides.iter().filter(|&&c| c == 'O').count(), 5);
    assert_eq!(&sides[7..12], &['O'; 5]);
    // Squares as python-chess-free reference: line 8's board, read square by square.
    let line8 = String::from_utf8(obf)
        .unwrap()
        .lines()
        .nth(7)
        .unwrap()
        .to_string();
    let want: Vec<String> = (0..64)
        .filter(|&k| line8.as_bytes()[k] == b'X')
        .map(|k| format!("{}{}", (b'a' + (k % 8) as u8) as char, k / 8 + 1))
        .collect();
    let (_, out, _) = run(&["convert", "-t", "squares", "--", &line8], b"");
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.starts_with(&format!("first: {};", want.join(" "))),
        "{out}"
    );
    // A FEN's side to move becomes Edax's; a board without one is X to move.
    let (_, out, _) = run(
        &["convert", "-t", "edax", "8/8/8/3pP3/3Pp3/8/8/8 b - - 0 1"],
        b"",
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "---------------------------XO------OX--------------------------- O\n"
    );
    let (_, out, _) = run(&["convert", "-f", "pair", "-t", "edax", "0x1 0x2"], b"");
    assert!(String::from_utf8(out).unwrap().ends_with(" X\n"));
    // Edax's board print says whose move it is.
    let (_, out, _) = run(
        &["convert", "-f", "paste", "-t", "edax"],
        &fixture("paste/edax-fforum.txt"),
    );
    assert!(String::from_utf8(out).unwrap().ends_with(" O\n"));
    // A wrong solution is named where it is.
    let bad = format!("{} O; G8:+8; Z9:+2;", &line8[..64]);
    let (code, _, err) = run(&["convert", "-f", "edax", "-t", "edax", "--", &bad], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "column 76: found \"Z9:+2\" in the OBF solutions: expected a move and its score"
        ),
        "{err}"
    );
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "edax",
            "-t",
            "edax",
            "--",
            &format!("{} Y;", &line8[..64]),
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("column 66: found \"Y\" after the 64 squares"),
        "{err}"
    );
}

#[test]
fn json_input_and_output() {
    let (_, out, _) = run(
        &["convert", "-f", "hex", "-t", "json", "0x8100000000000081"],
        b"",
    );
    assert_eq!(
        out,
        b"{\"size\":\"8x8\",\"order\":\"lerf\",\"bitboard\":\"0x8100000000000081\",\"squares\":[\"a1\",\"h1\",\"a8\",\"h8\"]}\n"
    );
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "json",
            "--fields",
            "first,second,trits,packed,bitboard",
            "-s",
            "3x3",
            "84 137",
        ],
        b"",
    );
    assert_eq!(
        out,
        b"{\"size\":\"3x3\",\"order\":\"lerf\",\"first\":\"0x054\",\"second\":\"0x089\",\"trits\":\"201210120\",\"packed\":\"9215\",\"bitboard\":\"0x0dd\"}\n"
    );
    // Input: a stream of values over several lines, numbers and strings, any one key.
    let input = b"{\"bitboard\": 255}\n{\"size\":\"3x3\",\n \"first\":\"0x054\", \"second\": 137} 7\n{\"trits\":\"102\",\"size\":\"3x1\"}\n";
    // Each object carries its size, a bare 7 is 8x8, and a stream holds boards of one size:
    // the first board sets it.
    let (code, out, err) = run(&["convert", "-f", "json", "-t", "pair"], input);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "0x00000000000000ff 0x0000000000000000\n0x0000000000000007 0x0000000000000000\n"
    );
    assert!(
        err.contains("-:2: the board is 3x3, but this stream's boards are 8x8 (set by -:1)"),
        "{err}"
    );
    assert!(err.contains("-:4: the board is 3x1"), "{err}");
    for (one, want) in [
        (
            &b"{\"size\":\"3x3\",\n \"first\":\"0x054\", \"second\": 137}"[..],
            "0x054 0x089\n",
        ),
        (&b"{\"trits\":\"102\",\"size\":\"3x1\"}\n"[..], "0x1 0x4\n"),
    ] {
        let (code, out, err) = run(&["convert", "-f", "json", "-t", "pair"], one);
        assert_eq!(code, 0, "{err}");
        assert_eq!(String::from_utf8(out).unwrap(), want);
    }
    // Disagreeing keys are named.
    let (code, _, err) = run(&["convert", "-f", "json", "-t", "pair", "{\"first\":\"0x1\",\"trits\":\"2000000000000000000000000000000000000000000000000000000000000000\"}"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("\"first\" and \"trits\" disagree"), "{err}");
    let (code, _, err) = run(
        &["convert", "-f", "json", "-t", "pair", "{\"size\":\"8x8\"}"],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("expected one of the keys bitboard, first"),
        "{err}"
    );
}

#[test]
fn coordinate_lists() {
    let (_, out, _) = run(
        &[
            "convert", "-f", "squares", "-t", "hex", "-s", "10x10", "a1 j10",
        ],
        b"",
    );
    assert_eq!(out, b"0x8000000000000000000000001\n");
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "squares",
            "-t",
            "pair",
            "first: a1 (4,3); second: 63",
        ],
        b"",
    );
    assert_eq!(out, b"0x0000000010000001 0x8000000000000000\n");
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "coords",
            "0x3 0x8000000000000000",
        ],
        b"",
    );
    assert_eq!(out, b"first: (0,0) (1,0); second: (7,7)\n");
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "hex",
            "-t",
            "indices",
            "--to-order",
            "berlef",
            "0x1",
        ],
        b"",
    );
    assert_eq!(out, b"56\n");
    let (code, _, err) = run(&["convert", "-f", "squares", "-t", "hex", "a1 i9"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("column 4: square i9 is off the 8x8 board"),
        "{err}"
    );
    let (code, _, err) = run(&["convert", "-f", "indices", "-t", "hex", "0 64"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("index 64 is off the 8x8 board: expected 0 to 63"),
        "{err}"
    );
}

#[test]
fn grids_of_every_kind() {
    // Plain rows of . X O without labels.
    let (_, out, _) = run(&["convert", "-f", "grid", "-t", "pair"], b"X.O\n...\n...\n");
    assert_eq!(out, b"0x040 0x100\n");
    // Rows of 0/1 with rank labels (multi-digit) and file letters.
    let grid =
        "10 1 0\n 9 0 0\n 8 0 0\n 7 0 0\n 6 0 0\n 5 0 0\n 4 0 0\n 3 0 0\n 2 0 0\n 1 0 1\n   a b\n";
    let (code, out, err) = run(&["convert", "-f", "grid", "-t", "squares"], grid.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, b"b1 a10\n");
    // Rows of piece letters become a FEN.
    let (_, out, _) = run(&["convert", "-f", "grid", "-t", "fen"], b"k..\n...\n..K\n");
    assert_eq!(out, b"k2/3/2K\n");
    // A ragged row is named.
    let (code, _, err) = run(&["convert", "-f", "grid", "-t", "hex"], b"...\n....\n...\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("-:2:1: row 2 (rank 2) has 4 cells, expected 3"),
        "{err}"
    );
}

#[test]
fn detection() {
    let cases: &[(&str, &str, &str)] = &[
        ("0x70507", "squares", "a1 b1 c1 a2 c2 a3 b3 c3"),
        ("460039", "hex", "0x0000000000070507"),
        ("-1", "hex", "0xffffffffffffffff"),
        ("0x1, 0x2", "pair", "0x0000000000000001 0x0000000000000002"),
        (
            "8/8/8/8/8/8/8/K7 w - - 0 1",
            "squares",
            "first: a1; second: -",
        ),
        ("{\"bitboard\":\"0x2\"}", "squares", "b1"),
        ("a1 h8", "hex", "0x8000000000000001"),
        ("(0,0) (7,7)", "hex", "0x8000000000000001"),
        ("0 7 63", "hex", "0x8000000000000081"),
        (
            "first: a1; second: b1",
            "pair",
            "0x0000000000000001 0x0000000000000002",
        ),
        (
            "P:0xff00 k:0x1000000000000000",
            "fen",
            "4k3/8/8/8/8/8/PPPPPPPP/8",
        ),
        (
            "1020000000000000000000000000000000000000000000000000000000000000",
            "pair",
            "0x0000000000000001 0x0000000000000004",
        ),
        (
            "797979010000000000d8f2f250",
            "pair",
            "0x000000000000ffff 0xffff000000000000",
        ),
        (
            "00000000/00000000/00000000/00000000/00000000/00000000/00000000/10000001",
            "squares",
            "a1 h1",
        ),
    ];
    for (input, to, want) in cases {
        let (code, out, err) = run(&["convert", "-t", to, input], b"");
        assert_eq!(code, 0, "{input}: {err}");
        assert_eq!(String::from_utf8(out).unwrap().trim_end(), *want, "{input}");
    }
    // Ambiguous inputs name the candidates.
    let (code, _, err) = run(&["convert", "-t", "hex", "-s", "3x3", "000000111"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("fits several forms (trits, int); add one of -f trits or -f int"),
        "{err}"
    );
    let (code, _, err) = run(&["convert", "-t", "hex", "1/1"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("(rows, fen)"), "{err}");
    let (code, _, err) = run(&["convert", "-t", "hex", "what?"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("cannot tell the form"), "{err}");
}

/// `planes-bin` against python-chess's piece bitboards packed by Python's struct module
/// (`fixtures/planes/make.py`: `struct.pack('<12Q', ...)` in the order PNBRQKpnbrqk), and back.
#[test]
fn planes_bin_matches_python_struct() {
    let fens = fixture("planes/positions.fen");
    let want = fixture("planes/reference.planes");
    assert_eq!(want.len(), 20 * 96);
    let (code, out, err) = run(
        &["convert", "-f", "fen", "-t", "planes-bin", "-o", "-"],
        &fens,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out == want,
        "planes differ from the struct-packed reference"
    );
    // Back: the placements of the FENs.
    let (code, back, err) = run(&["convert", "-f", "planes-bin", "-t", "fen"], &want);
    assert_eq!(code, 0, "{err}");
    let placements: Vec<&str> = std::str::from_utf8(&fens)
        .unwrap()
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    let back = String::from_utf8(back).unwrap();
    assert_eq!(back.lines().collect::<Vec<_>>(), placements);
    // Chosen planes: only the kings, 16 bytes a position.
    let (code, out, _) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "planes-bin",
            "--planes",
            "Kk",
            "-o",
            "-",
        ],
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        [(1u64 << 4).to_le_bytes(), (1u64 << 60).to_le_bytes()].concat()
    );
    // A piece without a plane, a square in two planes, a short record: each named.
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "planes-bin",
            "--planes",
            "Kk",
            "-o",
            "-",
            "4k3/8/8/8/8/8/8/Q3K3",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "the piece Q on a1 has no plane: the planes are Kk; add its letter to --planes"
        ),
        "{err}"
    );
    let two = [1u64.to_le_bytes(), 1u64.to_le_bytes()].concat();
    let (code, _, err) = run(
        &["convert", "-f", "planes-bin", "--planes", "Kk", "-t", "fen"],
        &two,
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("square a1 is in the planes of K and k"),
        "{err}"
    );
    let (code, _, err) = run(&["convert", "-f", "planes-bin", "-t", "fen"], &two);
    assert_eq!(code, 1);
    assert!(err.contains("16 bytes") && err.contains("96"), "{err}");
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "planes-bin",
            "--to-order",
            "0x88",
            "-o",
            "-",
            "8/8/8/8/8/8/8/K7",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("planes-bin is written in the 8 square orders, not the 0x88 layout"),
        "{err}"
    );
}

/// Go: SGF points (`aa` top-left, `pd` the upper-right star point of 19x19) and GTP vertices
/// (Q16 for it: the letter I is skipped), SGF setup properties, and the ambiguity `-f auto`
/// refuses.
#[test]
fn go_coordinates_and_sgf_setup() {
    // The four 4-4 star points of 19x19 in SGF (as in any SGF handicap game) and GTP.
    assert_eq!(
        ok(&[
            "convert",
            "-s",
            "19x19",
            "-f",
            "squares",
            "--coords",
            "sgf",
            "--to-coords",
            "gtp",
            "-t",
            "squares",
            "pd dp dd pp"
        ]),
        "D4 Q4 D16 Q16"
    );
    assert_eq!(
        ok(&[
            "convert",
            "-s",
            "19x19",
            "-f",
            "squares",
            "--coords",
            "gtp",
            "-t",
            "squares",
            "Q16 T19 A1 J10"
        ]),
        "A1 J10 Q16 T19"
    );
    assert_eq!(
        ok(&[
            "convert",
            "-s",
            "19x19",
            "-f",
            "squares",
            "--coords",
            "gtp",
            "--to-coords",
            "chess",
            "-t",
            "squares",
            "Q16 J10"
        ]),
        "i10 p16"
    );
    assert_eq!(
        ok(&[
            "convert",
            "-s",
            "19x19",
            "-f",
            "squares",
            "--to-coords",
            "sgf",
            "-t",
            "squares",
            "a19 s1"
        ]),
        "ss aa"
    );
    // SGF setup: Black (first) and White (second), SZ giving the size, rectangles, AE.
    let sgf = "(;GM[1]FF[4]SZ[9]KM[7.5]AB[cc][gg]AW[cg:dg]AE[ee];B[ec])";
    assert_eq!(
        ok(&["convert", "-t", "squares", sgf]),
        "first: g3 c7; second: c3 d3"
    );
    assert_eq!(
        ok(&["convert", "-t", "sgf", sgf]),
        "SZ[9]AB[gg][cc]AW[cg][dg]"
    );
    assert_eq!(
        ok(&[
            "convert",
            "-f",
            "sgf",
            "-t",
            "sgf",
            "SZ[9]AB[gg][cc]AW[cg][dg]"
        ]),
        "SZ[9]AB[gg][cc]AW[cg][dg]"
    );
    // Errors, each positioned, exit 1.
    for (args, want) in [
        (
            vec!["convert", "-s", "19x19", "-t", "squares", "Q16 D4"],
            "column 1: Q16 reads two ways on a 19x19 board: chess-style (16,15) and GTP (15,15)",
        ),
        (
            vec![
                "convert", "-s", "19x19", "-f", "squares", "--coords", "gtp", "-t", "hex", "D4 I5",
            ],
            "column 4: found \"I5\": expected a GTP vertex",
        ),
        (
            vec![
                "convert", "-s", "9x9", "-f", "squares", "--coords", "sgf", "-t", "hex", "aa zz",
            ],
            "column 4: SGF point zz is off the 9x9 board",
        ),
        (
            vec!["convert", "-t", "squares", "AB[dd]AW[dd]"],
            "column 10: point d16 is set twice among AB, AW and AE",
        ),
        (
            vec!["convert", "-s", "9x9", "-t", "squares", "SZ[19]AB[dd]"],
            "the record is 19x19 (SZ[19]) but the size given is 9x9",
        ),
        (
            vec![
                "convert",
                "-s",
                "30x30",
                "-f",
                "squares",
                "--to-coords",
                "gtp",
                "-t",
                "squares",
                "a1",
            ],
            "GTP coordinates name boards up to 25x25",
        ),
    ] {
        fails(&args, want);
    }
}

/// Draughts PDN FEN: the international start (White on 46-50 = a1..i1, the PDN numbering),
/// kings and the side to move kept, the text written back as read, and positioned errors.
#[test]
fn pdn_draughts_positions() {
    for t in [
        "W:W31-50:B1-20",
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        "W:W21-32:B1-12",
    ] {
        assert_eq!(
            ok(&["convert", "-t", "pdn", t]),
            t,
            "written back identically"
        );
    }
    // 10x10 inferred from the numbers; White's men on the dark squares of ranks 1-4.
    let grid = ok(&["convert", "-t", "squares", "W:W46-50:B1-5"]);
    assert_eq!(grid, "first: a1 c1 e1 g1 i1; second: b10 d10 f10 h10 j10");
    // Kings keep their letters; the side to move is the FEN's.
    assert_eq!(
        ok(&["convert", "-s", "8x8", "-t", "fen", "B:WK29:B1"]),
        "1m6/8/8/8/8/8/8/K7 b"
    );
    assert_eq!(
        ok(&["convert", "-f", "fen", "-t", "pdn", "1m6/8/8/8/8/8/8/K7 b"]),
        "B:WK29:B1"
    );
    for (args, want) in [
        (
            vec!["convert", "-t", "fen", "W:W31-50:B1-20,33"],
            "column 16: square 33 (f4) is listed twice",
        ),
        (
            vec!["convert", "-s", "10x10", "-t", "fen", "W:W51"],
            "square 51 is off the 10x10 draughts board: expected 1 to 50",
        ),
        (
            vec!["convert", "-f", "pdn", "-t", "fen", "X:W1"],
            "column 1: found 'X': expected the side to move",
        ),
        (
            vec!["convert", "-f", "fen", "-t", "pdn", "8/8/8/8/8/8/8/1M6"],
            "the piece M is on b1, a light square",
        ),
    ] {
        fails(&args, want);
    }
}

/// Lichess crazyhouse pockets as a ninth rank (`.../RNBQKBNR/Qn`, `.../RNBQKBNR/` empty) are
/// the holdings; promoted pieces (`~`) and three-check counters (`3+3`, `+3+3`) are kept.
#[test]
fn fen_pockets_promotions_and_three_check() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(
        ok(&[
            "convert",
            "-f",
            "fen",
            "-t",
            "fen",
            &format!("{start}/Qn w KQkq - 0 1")
        ]),
        format!("{start}/Qn w KQkq - 0 1"),
        "a pocket is written back as it was written"
    );
    assert_eq!(
        ok(&[
            "convert",
            "-f",
            "fen",
            "-t",
            "fen",
            &format!("{start}/ w KQkq - 0 1")
        ]),
        format!("{start}/ w KQkq - 0 1")
    );
    // The pocket is the holdings: the same JSON as in brackets, but for the FEN's spelling.
    let json = |fen: &str| ok(&["convert", "-f", "fen", "-t", "json", fen]).replace(fen, "FEN");
    assert_eq!(
        json(&format!("{start}/Qn w KQkq - 0 1")),
        json(&format!("{start}[Qn] w KQkq - 0 1"))
    );
    // Eight letters fit a ninth rank too: -s says which.
    assert_eq!(
        ok(&[
            "convert",
            "-s",
            "8x8",
            "-f",
            "fen",
            "-t",
            "fen",
            &format!("{start}/QQRRBBNN w - - 0 1")
        ]),
        format!("{start}/QQRRBBNN w - - 0 1")
    );
    assert_eq!(
        ok(&[
            "convert",
            "-s",
            "8x8",
            "-f",
            "fen",
            "-t",
            "pieces",
            &format!("{start}/QQRRBBNN w - - 0 1")
        ]),
        ok(&["convert", "-f", "fen", "-t", "pieces", start])
    );
    // The pocket changes no square: the same pair as without it.
    assert_eq!(
        ok(&[
            "convert",
            "-f",
            "fen",
            "-t",
            "pair",
            &format!("{start}/Pp w - - 0 1")
        ]),
        "0x000000000000ffff 0xffff000000000000"
    );
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR[Qn] w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +3+3",
    ] {
        assert_eq!(ok(&["convert", "-f", "fen", "-t", "fen", fen]), fen);
    }
}
