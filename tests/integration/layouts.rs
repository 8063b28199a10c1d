//! The layouts beyond the eight orders (`--order`/`--to-order` 0x88, mailbox, sentinel,
//! draughts) and 1-based indices, through the command line: the references' anchors, a
//! python-chess start position in 0x88, the errors for padding bits and unnumbered squares.

use crate::util::{ok, run};

/// `bbconv convert ARGS VALUE`, exit 0 asserted: its stdout.
fn convert(args: &[&str], value: &str) -> String {
    ok(&[&["convert"], args, &[value]].concat())
}

/// `bbconv convert ARGS VALUE`, exit 1 asserted: its stderr.
fn refused(args: &[&str], value: &str) -> String {
    let all = [&["convert"], args, &[value]].concat();
    let (code, _, err) = run(&all, b"");
    assert_eq!(code, 1, "{all:?} should fail: {err}");
    err
}

/// The chessprogramming wiki's 0x88 and 10x12 mailbox indices of a1, h1, a8, h8 and e4.
#[test]
fn chessprogramming_tables() {
    let squares = "a1 h1 a8 h8 e4";
    let x88 = convert(
        &["-f", "squares", "-t", "indices", "--to-order", "0x88"],
        squares,
    );
    assert_eq!(x88, "0 7 52 112 119");
    let mailbox = convert(
        &["-f", "squares", "-t", "indices", "--to-order", "10x12"],
        squares,
    );
    assert_eq!(mailbox, "21 28 55 91 98");
    // And back: indices in a layout name the squares.
    let back = convert(&["-f", "indices", "--order", "0x88", "-t", "squares"], &x88);
    assert_eq!(back, "a1 h1 e4 a8 h8");
}

/// The start position's white pieces (python-chess: `chess.BB_RANK_1 | chess.BB_RANK_2`,
/// 0xffff) in 0x88 are ranks 0 and 1 of 16 bits with the right halves empty.
#[test]
fn start_position_in_0x88() {
    let hex = convert(&["-f", "hex", "-t", "hex", "--to-order", "0x88"], "0xffff");
    assert_eq!(hex, format!("0x{:032x}", 0x00ff_00ffu128));
    let back = convert(
        &[
            "-f",
            "hex",
            "--order",
            "0x88",
            "-t",
            "hex",
            "--to-order",
            "lerf",
        ],
        &hex,
    );
    assert_eq!(back, "0x000000000000ffff");
    // A whole position as a pair, and back.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let pair = convert(&["-f", "fen", "-t", "pair", "--to-order", "0x88"], fen);
    assert_eq!(
        pair,
        format!(
            "0x{:032x} 0x{:032x}",
            0x00ff_00ffu128,
            0x00ff_00ffu128 << 96
        )
    );
    let back = convert(
        &[
            "-f",
            "pair",
            "--order",
            "0x88",
            "-t",
            "pair",
            "--to-order",
            "lerf",
        ],
        &pair,
    );
    assert_eq!(back, "0x000000000000ffff 0xffff000000000000");
}

/// John Tromp's Connect Four bitboard (7x6, bit = 7 * column + row): a1 = bit 0, a6 = 5,
/// b1 = 7, g6 = 47; bit 6 is the sentinel above column a.
#[test]
fn connect_four_sentinel() {
    let args = [
        "-s",
        "7x6",
        "-f",
        "squares",
        "-t",
        "indices",
        "--to-order",
        "sentinel",
    ];
    assert_eq!(convert(&args, "a1 a6 b1 g6"), "0 5 7 47");
    let hex = convert(
        &[
            "-s",
            "7x6",
            "-f",
            "squares",
            "-t",
            "hex",
            "--to-order",
            "tromp",
        ],
        "a1 g6",
    );
    assert_eq!(hex, format!("0x{:013x}", 1u64 | 1 << 47));
    let err = refused(
        &[
            "-s", "7x6", "-f", "hex", "--order", "sentinel", "-t", "squares",
        ],
        "0x40",
    );
    assert!(
        err.contains("bit 6 is set but is the sentinel above a6 in the sentinel layout"),
        "{err}"
    );
}

/// The PDN numbering: 8x8 squares 1-4 on b8 d8 f8 h8 and 29-32 on a1 c1 e1 g1 (the white
/// men's squares 21-32 are ranks 1-3); 10x10 squares 1-5 on b10..j10 and 46-50 on a1..i1.
#[test]
fn draughts_numbers() {
    let args = [
        "-f",
        "squares",
        "-t",
        "indices",
        "--to-order",
        "draughts",
        "--one-based",
    ];
    assert_eq!(convert(&args, "b8 h8 a1 g1"), "1 4 29 32");
    let ten = [
        "-s",
        "10x10",
        "-f",
        "squares",
        "-t",
        "indices",
        "--to-order",
        "pdn",
        "--one-based",
    ];
    assert_eq!(convert(&ten, "b10 j10 a9 a1 i1"), "1 5 6 46 50");
    // White's 12 men on 21-32 are the dark squares of ranks 1 to 3.
    let whites = convert(
        &[
            "-f",
            "indices",
            "--order",
            "draughts",
            "--one-based",
            "-t",
            "rows",
        ],
        "21 22 23 24 25 26 27 28 29 30 31 32",
    );
    assert_eq!(
        whites,
        "00000000/00000000/00000000/00000000/00000000/10101010/01010101/10101010"
    );
    // 0-based without the flag; 0 is no square with it.
    assert_eq!(
        convert(
            &["-f", "indices", "--order", "draughts", "-t", "squares"],
            "0"
        ),
        "b8"
    );
    let err = refused(
        &[
            "-f",
            "indices",
            "--order",
            "draughts",
            "--one-based",
            "-t",
            "squares",
        ],
        "0",
    );
    assert!(
        err.contains("square index 0 is off the 8x8 board: expected 1 to 32"),
        "{err}"
    );
    let err = refused(
        &["-f", "squares", "-t", "hex", "--to-order", "draughts"],
        "a8",
    );
    assert!(
        err.contains("square a8 has no number in the draughts layout"),
        "{err}"
    );
}

/// Padding bits name themselves; a layout wider than bbconv's limit is refused.
#[test]
fn padding_and_limits() {
    let err = refused(&["-f", "hex", "--order", "0x88", "-t", "squares"], "0x100");
    assert!(
        err.contains("bit 8 is set but is padding (column 8 of its rank; columns 8 to 15 are off the board) in the 0x88 layout"),
        "{err}"
    );
    let err = refused(&["-f", "hex", "--order", "mailbox", "-t", "squares"], "0x1");
    assert!(
        err.contains("bit 0 is set but is the mailbox's border"),
        "{err}"
    );
    let err = refused(
        &[
            "-s",
            "64x64",
            "-f",
            "squares",
            "-t",
            "hex",
            "--to-order",
            "0x88",
        ],
        "a1",
    );
    assert!(
        err.contains("the 0x88 layout of a 64x64 board has more than 4096 bits"),
        "{err}"
    );
    let (code, _, err) = run(&["convert", "--order", "zig", "a1"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("0x88") && err.contains("draughts"), "{err}");
}

/// Issue 37, point 3 (the command line's half): `packed-bin` and `trits-bin` written under a
/// layout read back under it: the record size follows the layout's cells (0x88: 26 packed
/// bytes, 128 trits), not the board's squares (read back to LERF: `--order` alone would write
/// under the layout too).
#[test]
fn binary_records_under_a_layout_read_back() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let draughts = "W:W31,32:B1,2";
    for (layout, packed_len, trits_len) in [
        ("0x88", 26, 128),
        ("mailbox", 24, 120),
        ("sentinel", 15, 72),
        ("draughts", 7, 32),
    ] {
        let (from, board, to_back) = match layout {
            "draughts" => ("pdn", draughts, "squares"),
            _ => ("fen", start, "pair"),
        };
        let want = crate::util::run(&["convert", "-f", from, "-t", to_back, board, board], b"");
        for (form, len) in [("packed-bin", packed_len), ("trits-bin", trits_len)] {
            let (code, bin, err) = crate::util::run(
                &[
                    "convert",
                    "-f",
                    from,
                    "-t",
                    form,
                    "--to-order",
                    layout,
                    board,
                    board,
                ],
                b"",
            );
            assert_eq!(code, 0, "{layout} {form}: {err}");
            assert_eq!(bin.len(), 2 * len, "{layout} {form}");
            let back = crate::util::run(
                &[
                    "convert",
                    "-f",
                    form,
                    "--order",
                    layout,
                    "--to-order",
                    "lerf",
                    "-t",
                    to_back,
                ],
                &bin,
            );
            assert_eq!(back, want, "{layout} {form}");
        }
    }
}
