//! The command line: exit codes, error messages with positions, stdin, show.

use predicates::prelude::*;

use crate::util::{bbconv, run};

#[test]
fn show_is_the_default_command() {
    bbconv()
        .arg("0x70507")
        .assert()
        .success()
        .stdout(predicate::str::contains("hex      0x0000000000070507"))
        .stdout(predicate::str::contains("dec      460039"))
        .stdout(predicate::str::contains("popcount 8"))
        .stdout(predicate::str::contains("squares  a1 b1 c1 a2 c2 a3 b3 c3"))
        .stdout(predicate::str::contains("3 X X X . . . . ."));
}

#[test]
fn stdin_is_one_board_a_line_in_order() {
    let (code, out, err) = run(
        &["convert", "-f", "hex", "-t", "squares"],
        b"0x1\r\n\n# comment\n0x80\n0x8000000000000000\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, b"a1\nh1\nh8\n");
}

#[test]
fn bad_lines_are_reported_and_good_ones_converted() {
    let (code, out, err) = run(
        &["convert", "-f", "hex", "-t", "dec"],
        b"0x1\n0xg1\n0x2\n0x1_0000_0000_0000_0000\n",
    );
    assert_eq!(code, 1);
    assert_eq!(out, b"1\n2\n");
    assert!(
        err.contains("-:2:3: found 'g' in \"0xg1\": expected a hexadecimal digit"),
        "{err}"
    );
    assert!(err.contains("-:4:1: bit 64 is set"), "{err}");
    assert!(err.contains("2 bad records of 4"), "{err}");
}

/// A form read only (no writer: `auto`, `paste`) as `-t` is a usage error before any record is
/// read (exit 2); `-t paste` was refused record by record, exit 1.
#[test]
fn an_input_form_only_is_no_output_form() {
    for form in bbconv_forms::Format::ALL
        .iter()
        .filter(|f| f.is_input_only())
    {
        let (code, out, err) = run(&["convert", "-t", form.name()], b"0x1\n0x2\n");
        assert_eq!(code, 2, "{form}: {err}");
        assert!(out.is_empty(), "{form}");
        let want = format!("{form} is an input form only: choose an output form with -t");
        assert!(
            err.contains(&want) && !err.contains("bad record"),
            "{form}: {err}"
        );
    }
}

/// The header hint (`--header`, with `--tsv` or `--csv`) is given by the commands that read
/// tables only: `show` has no `--header`.
#[test]
fn only_table_commands_hint_at_a_header() {
    let (_, _, err) = run(&["show", "zzz"], b"");
    assert!(
        err.contains("cannot tell the form of") && !err.contains("--header"),
        "{err}"
    );
    let (_, _, err) = run(&["convert", "-t", "hex", "zzz"], b"");
    assert!(err.contains("if this is a header, use --header"), "{err}");
}

#[test]
fn pair_to_one_bitboard_needs_a_layer() {
    let (code, _, err) = run(
        &["convert", "-f", "pair", "-t", "hex", "0xffff 0xff0000"],
        b"",
    );
    assert_eq!(code, 1);
    assert!(err.contains("--layer first"), "{err}");
    let (code, out, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "hex",
            "--layer",
            "occupied",
            "0xffff 0xff0000",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert_eq!(out, b"0x0000000000ffffff\n");
    let (_, out, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "hex",
            "--layer",
            "second",
            "0xffff 0xff0000",
        ],
        b"",
    );
    assert_eq!(out, b"0x0000000000ff0000\n");
}

#[test]
fn single_to_two_player_is_first() {
    let (code, out, _) = run(&["convert", "-f", "hex", "-t", "pair", "0xff"], b"");
    assert_eq!(code, 0);
    assert_eq!(out, b"0x00000000000000ff 0x0000000000000000\n");
    let (_, out, _) = run(
        &["convert", "-f", "hex", "-t", "pair", "--swap", "0xff"],
        b"",
    );
    assert_eq!(
        out, b"0x00000000000000ff 0x0000000000000000\n",
        "a single bitboard has no sides to swap"
    );
    let (_, out, _) = run(
        &["convert", "-f", "pair", "-t", "pair", "--swap", "0x1 0x2"],
        b"",
    );
    assert_eq!(out, b"0x0000000000000002 0x0000000000000001\n");
}

#[test]
fn overlap_names_every_square() {
    let (code, _, err) = run(&["convert", "-f", "pair", "-t", "trits", "0x0f 0x0a"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("overlap on 2 squares: b1 d1"), "{err}");
}

#[test]
fn integer_forms() {
    let cases: &[(&[&str], &str)] = &[
        (&["-f", "int", "-t", "hex", "-1"], "0xffffffffffffffff"),
        (
            &["-f", "int", "-t", "hex", "-9223372036854775808"],
            "0x8000000000000000",
        ),
        (&["-f", "int", "-t", "hex", "0o777"], "0x00000000000001ff"),
        (&["-f", "int", "-t", "hex", "0B1010"], "0x000000000000000a"),
        (&["-f", "hex", "-t", "dec", "FF_FF"], "65535"),
        (&["-f", "dec", "-t", "bin", "-s", "2x2", "-1"], "0b1111"),
        (&["-f", "int", "-t", "hex", "-s", "3x3", "-256"], "0x100"),
    ];
    for (args, want) in cases {
        let mut a = vec!["convert"];
        a.extend_from_slice(args);
        let (code, out, err) = run(&a, b"");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(
            String::from_utf8(out).unwrap().trim_end(),
            *want,
            "{args:?}"
        );
    }
    let (code, _, err) = run(
        &["convert", "-f", "int", "-t", "hex", "-s", "3x3", "-257"],
        b"",
    );
    assert_eq!(code, 1);
    assert!(err.contains("9-bit two's complement"), "{err}");
    let (code, _, err) = run(
        &["convert", "-f", "int", "-t", "hex", "-s", "3x3", "512"],
        b"",
    );
    assert_eq!(code, 1);
    assert!(err.contains("bit 9 is set"), "{err}");
}

#[test]
fn usage_errors_exit_2() {
    let (code, _, err) = run(&["convert", "-f", "hex", "-t", "nope", "0x1"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("nope"), "{err}");
    let (code, _, err) = run(&["convert", "-t", "hex", "--order", "zigzag", "0x1"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("lerf"), "{err}");
    let (code, _, err) = run(&["convert", "-t", "hex", "-s", "0x8", "0x1"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("at least 1"), "{err}");
    let (code, _, err) = run(&["convert", "-t", "hex", "-s", "65x65", "0x1"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("4096"), "{err}");
    let (code, _, err) = run(
        &["convert", "-f", "hex", "-t", "hex", "-i", "no/such/file"],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("no/such/file"), "{err}");
}

#[test]
fn grids_read_back() {
    let (code, grid, _) = run(
        &[
            "convert",
            "-f",
            "pair",
            "-t",
            "grid",
            "0xffff 0xffff000000000000",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let (code, out, err) = run(&["convert", "-f", "grid", "-t", "pair"], &grid);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, b"0x000000000000ffff 0xffff000000000000\n");
    // Two grids separated by a blank line, one ragged.
    let (code, out, err) = run(
        &["convert", "-f", "grid", "-t", "dec"],
        b"X..\n...\n...\n\nX..\n..\n...\n",
    );
    assert_eq!(code, 1);
    assert_eq!(out, b"64\n");
    assert!(
        err.contains("-:6:1: row 2 (rank 2) has 2 cells, expected 3"),
        "{err}"
    );
}
