//! Every fixture board, in every text form, converted into every other form under three orders,
//! compared with the files written by the independent generator `fixtures/gen_forms.py`.

use std::collections::BTreeMap;

use crate::util::{fixture, fixtures, run};

const ORDERS: [&str; 3] = ["lerf", "berlef", "lefr"];
/// Forms of a one-bitboard board.
const SINGLE: &[&str] = &[
    "hex", "dec", "bin", "base2", "bits", "rows", "squares", "indices", "coords", "grid", "json",
];
/// Two-player forms every board has.
const TWO: &[&str] = &["trits", "packed", "packed-bin", "trits-bin", "base3"];
/// Forms of a two-player board.
const PAIR: &[&str] = &[
    "pair", "squares", "indices", "coords", "grid", "json", "fen", "pieces",
];

fn board_info(board: &str) -> (String, bool) {
    let info = String::from_utf8(fixture(&format!("forms/{board}/board.txt"))).unwrap();
    let mut m = BTreeMap::new();
    for line in info.lines() {
        let (k, v) = line.split_once(' ').unwrap();
        m.insert(k.to_string(), v.to_string());
    }
    (m["size"].clone(), m["kind"] == "single")
}

fn matrix(board: &str) {
    let (size, single) = board_info(board);
    let own: &[&str] = if single { SINGLE } else { PAIR };
    let mut all: Vec<&str> = own.iter().chain(TWO).copied().collect();
    if !single && size == "8x8" {
        all.push("edax");
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for order in ORDERS {
        for &from in &all {
            let input = fixture(&format!("forms/{board}/{order}/{from}"));
            for &to in &all {
                // A two-player source read into JSON is written as a pair, not as one bitboard;
                // a FEN or pieces source is a board of letters, whose JSON is its FEN and whose
                // grid shows the letters; an Edax source's JSON keeps its side to move.
                if (single && TWO.contains(&from) && to == "json")
                    || (matches!(from, "fen" | "pieces") && matches!(to, "json" | "grid"))
                    // An Edax board's side to move is kept in its JSON ("turn").
                    || (from == "edax" && to == "json")
                {
                    continue;
                }
                let mut args = vec![
                    "convert", "-f", from, "-t", to, "-s", &size, "--order", order,
                ];
                if single {
                    args.extend(["--layer", "first"]);
                }
                let (code, out, err) = run(&args, &input);
                let want = fixture(&format!("forms/{board}/{order}/{to}"));
                checked += 1;
                if code != 0 || out != want {
                    failures.push(format!(
                        "{board} {order}: {from} -> {to}: exit {code}, stderr {err:?}\n  got  {:?}\n  want {:?}",
                        String::from_utf8_lossy(&out),
                        String::from_utf8_lossy(&want)
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} conversions failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked > 100, "only {checked} conversions for {board}");
}

#[test]
fn every_board_has_fixtures() {
    let mut boards: Vec<String> = std::fs::read_dir(fixtures().join("forms"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    boards.sort();
    assert_eq!(
        boards,
        [
            "bibi-base2",
            "bibi-ttt",
            "bibi-ttt-x",
            "capablanca",
            "empty8",
            "go19",
            "seeds",
            "start"
        ]
    );
}

#[test]
fn matrix_empty8() {
    matrix("empty8");
}
#[test]
fn matrix_bibi_base2() {
    matrix("bibi-base2");
}
#[test]
fn matrix_bibi_ttt_x() {
    matrix("bibi-ttt-x");
}
#[test]
fn matrix_bibi_ttt() {
    matrix("bibi-ttt");
}
#[test]
fn matrix_seeds() {
    matrix("seeds");
}
#[test]
fn matrix_start() {
    matrix("start");
}
#[test]
fn matrix_capablanca() {
    matrix("capablanca");
}
#[test]
fn matrix_go19() {
    matrix("go19");
}

/// Known values from the issue and the seeds, independent of any generator.
#[test]
fn known_values() {
    let (c, out, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "packed",
            "0xffff 0xffff000000000000",
        ],
        b"",
    );
    assert_eq!(
        (c, out.as_slice()),
        (0, &b"797979010000000000d8f2f250\n"[..])
    );
    let (_, out, _) = run(
        &["convert", "-f", "pair", "-t", "trits", "0b0001 0b0100"],
        b"",
    );
    assert!(out.starts_with(b"102"));
    let (_, out, _) = run(
        &["convert", "-f", "pair", "-t", "packed", "0b0001,0b0100"],
        b"",
    );
    assert!(out.starts_with(b"13"));
    // bibi: from_base2(3, 3, "000000111") = 7; the tic-tac-toe X board is 84.
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "base2",
            "-t",
            "dec",
            "-s",
            "3x3",
            "000000111",
        ],
        b"",
    );
    assert_eq!(out, b"7\n");
    // bibi reads a shorter numeral with its leading zeros implied: from_base2(4, 3,
    // "111000111") = 455; one digit is a numeral too; a 13th digit on 4x3 is not, nor a 2.
    for (digits, code, want) in [
        ("111000111", 0, "455\n"),
        ("1", 0, "1\n"),
        ("000000000111", 0, "7\n"),
        (
            "0000000000001",
            1,
            "found 13 characters, expected 1 to 12 binary digits for a 4x3 board",
        ),
        ("1021", 1, "column 3: expected 0 or 1"),
    ] {
        let (got, out, err) = run(
            &["convert", "-f", "base2", "-t", "dec", "-s", "4x3", digits],
            b"",
        );
        assert_eq!(got, code, "{digits}: {err}");
        if code == 0 {
            assert_eq!(String::from_utf8_lossy(&out), want, "{digits}");
        } else {
            assert!(err.contains(want), "{digits}: {err}");
        }
    }
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "rows",
            "-t",
            "dec",
            "-s",
            "3x3",
            "100/010/001",
        ],
        b"",
    );
    assert_eq!(out, b"84\n");
    // bibi: from_square(3, 3, 1) = 2; from_list_of_coords [(0,0),(1,0)] = 3.
    let (_, out, _) = run(
        &["convert", "-f", "indices", "-t", "dec", "-s", "3x3", "1"],
        b"",
    );
    assert_eq!(out, b"2\n");
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "coords",
            "-t",
            "dec",
            "-s",
            "3x3",
            "(0,0) (1,0)",
        ],
        b"",
    );
    assert_eq!(out, b"3\n");
    // bibi: to_squares(Bitboard(3, 3, 3)) = [0, 1].
    let (_, out, _) = run(
        &["convert", "-f", "dec", "-t", "indices", "-s", "3x3", "3"],
        b"",
    );
    assert_eq!(out, b"0 1\n");
}

#[test]
fn packed_decoder_rejects_bad_input() {
    let good = "797979010000000000d8f2f250";
    let (c, _, err) = run(
        &[
            "convert",
            "-f",
            "packed",
            "-t",
            "pair",
            "f3979790100000000000d8f2f2",
        ],
        b"",
    );
    assert_eq!(c, 1);
    assert!(err.contains("243"), "{err}");
    let (c, _, err) = run(&["convert", "-f", "packed", "-t", "pair", &good[..24]], b"");
    assert_eq!(c, 1);
    assert!(err.contains("expected 26"), "{err}");
    // 64 squares: the last byte holds squares 60..63; digit 4 (81) would be square 64.
    let (c, _, err) = run(
        &[
            "convert",
            "-f",
            "packed",
            "-t",
            "pair",
            "797979010000000000d8f2f2a1",
        ],
        b"",
    );
    assert_eq!(c, 1);
    assert!(err.contains("past the last square 63"), "{err}");
}

/// The integer encodings of issue 13 on known values: Java's signed long, Rust's typed literal,
/// JavaScript's BigInt, byte dumps of either endianness, octal, and their reading back.
#[test]
fn integer_encodings() {
    let conv = |args: &[&str]| {
        let mut a = vec!["convert"];
        a.extend_from_slice(args);
        let (code, out, err) = run(&a, b"");
        assert_eq!(code, 0, "{args:?}: {err}");
        String::from_utf8(out).unwrap().trim_end().to_string()
    };
    let v = "0x8100000000000000";
    assert_eq!(conv(&["-t", "signed", v]), "-9151314442816847872");
    assert_eq!(conv(&["-t", "oct", v]), "0o1004000000000000000000");
    assert_eq!(conv(&["-t", "bytes-le", v]), "00 00 00 00 00 00 00 81");
    assert_eq!(conv(&["-t", "bytes-be", v]), "81 00 00 00 00 00 00 00");
    for (lang, lit) in [
        ("c", "0x8100000000000000ULL"),
        ("rust", "0x8100_0000_0000_0000_u64"),
        ("java", "-9151314442816847872L"),
        ("python", "0x8100_0000_0000_0000"),
        ("go", "uint64(0x8100_0000_0000_0000)"),
        ("js", "0x8100000000000000n"),
    ] {
        assert_eq!(conv(&["-t", "literal", "--lang", lang, v]), lit);
        assert_eq!(conv(&["-f", "literal", "-t", "hex", "--", lit]), v, "{lit}");
    }
    // Python's int.to_bytes agrees on the dumps; bit 63 set is negative in 64-bit two's complement.
    assert_eq!(
        conv(&["-f", "bytes-le", "-t", "hex", "07 05 07 00 00 00 00 00"]),
        "0x0000000000070507"
    );
    assert_eq!(
        conv(&["-f", "signed", "-t", "hex", "--", "-1"]),
        "0xffffffffffffffff"
    );
    assert_eq!(conv(&["-s", "3x3", "-t", "signed", "0x1ff"]), "-1");
    assert_eq!(conv(&["-s", "3x3", "-t", "literal", "0x1ff"]), "0x1ff_u16");
    assert_eq!(conv(&["-s", "3x3", "-t", "oct", "0x1ff"]), "0o777");
    // Sizes a language cannot hold, and bad dumps, are positioned errors.
    let (code, _, err) = run(
        &[
            "convert", "-s", "10x10", "-t", "literal", "--lang", "c", "0x1",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(err.contains("100 bits") && err.contains("-t hex"), "{err}");
    let (code, _, err) = run(&["convert", "-f", "bytes-le", "-t", "hex", "00 0g"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("column 5") && err.contains("two hex digits"),
        "{err}"
    );
    let (code, _, err) = run(
        &[
            "convert", "-s", "3x3", "-f", "bytes-be", "-t", "hex", "02 00",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(err.contains("bit 9 is set"), "{err}");
}
