//! `-f paste`: boards as the real tools print them (fixtures/paste, each copied from the
//! tool's output; see its README) read into the position they show.

use crate::util::{fixture, run};

/// The FEN placement (and, from Stockfish's `Fen:` line, the fields) of each chess printer's
/// board: every one is python-chess's `board.fen()` of the same position.
#[test]
fn chess_printers_give_the_position() {
    let fen = String::from_utf8(fixture("paste/expected.fen")).unwrap();
    let fen = fen.trim();
    let placement = fen.split(' ').next().unwrap();
    for (file, want, printer) in [
        ("paste/stockfish-d.txt", fen, "Stockfish's d"),
        (
            "paste/stockfish-d-grid-only.txt",
            placement,
            "Stockfish's d",
        ),
        ("paste/python-chess-print.txt", placement, "rows of cells"),
        ("paste/python-chess-unicode.txt", placement, "rows of cells"),
        (
            "paste/python-chess-unicode-borders.txt",
            placement,
            "python-chess's unicode(borders=True)",
        ),
        (
            "paste/python-chess-unicode-borders-black.txt",
            placement,
            "python-chess's unicode(borders=True)",
        ),
        ("paste/shakmaty-debug.txt", placement, "rows of cells"),
    ] {
        let (code, out, err) = run(
            &["convert", "-f", "paste", "-t", "fen", "--verbose"],
            &fixture(file),
        );
        assert_eq!(code, 0, "{file}: {err}");
        assert_eq!(String::from_utf8(out).unwrap().trim(), want, "{file}");
        assert!(
            err.contains(&format!("a board read as {printer}")),
            "{file}: {err}"
        );
        // -f auto recognises a board of several lines given as an argument.
        let text = String::from_utf8(fixture(file)).unwrap();
        let (code, out, err) = run(&["convert", "-t", "fen", &text], b"");
        assert_eq!(code, 0, "{file} (auto): {err}");
        assert_eq!(
            String::from_utf8(out).unwrap().trim(),
            want,
            "{file} (auto)"
        );
    }
}

/// GNU Go's `showboard` (Black X first, White O second; GTP columns skip I) and Edax's board
/// print (row 1 on top, `*` Black) as two-player boards.
#[test]
fn go_and_othello_printers() {
    for (file, args, want) in [
        ("paste/gnugo-showboard-9.txt", vec!["-t", "squares", "--to-coords", "gtp"], "first: E5 G7; second: C3 J9"),
        ("paste/gnugo-showboard-19.txt", vec!["-t", "squares", "--to-coords", "gtp"], "first: Q3 Q16; second: D4 R17"),
        ("paste/edax-start.txt", vec!["-t", "edax"], "---------------------------OX------XO--------------------------- X"),
        ("paste/edax-fforum.txt", vec!["-t", "squares"], "first: c1 d1 e1 f1 g1 e2 f2 f3 h3 d4 e4 f4 h4 c5 d5 f5 g5 a6 e6 f6 e7 f7 g7 a8 b8 e8; second: b2 c2 d2 h2 b3 c3 d3 e3 g3 a4 b4 c4 g4 a5 b5 e5 h5 b6 c6 d6 g6 h6 a7 b7 c7 d7 h7 d8 f8 g8 h8"),
    ] {
        let mut all = vec!["convert", "-f", "paste"];
        all.extend(args.iter().copied());
        let (code, out, err) = run(&all, &fixture(file));
        assert_eq!(code, 0, "{file}: {err}");
        assert_eq!(String::from_utf8(out).unwrap().trim(), want, "{file}");
    }
}

/// Stockfish's `Fen:` line must agree with its grid; a board no printer makes says where each
/// printer failed.
#[test]
fn disagreements_and_unknown_boards() {
    let mut sf = String::from_utf8(fixture("paste/stockfish-d.txt")).unwrap();
    sf = sf.replace(
        " | p | p | p | p |   | p | p | p | 7",
        " | p | p | p | p |   | p | p |   | 7",
    );
    let (code, _, err) = run(&["convert", "-f", "paste", "-t", "fen"], sf.as_bytes());
    assert_eq!(code, 1);
    assert!(
        err.contains("the Fen: line disagrees with the grid on h7 (grid: empty, Fen: p)"),
        "{err}"
    );
    let (code, _, err) = run(
        &["convert", "-f", "paste", "-t", "fen"],
        b"hello there\nmy friend 3\n",
    );
    assert_eq!(code, 1);
    for printer in [
        "Stockfish's d (",
        "python-chess's unicode(borders=True) (",
        "a GTP showboard (GNU Go) (",
        "Edax's board print (",
    ] {
        assert!(err.contains(printer), "{printer}: {err}");
    }
}

/// A stream of pasted boards, blank lines between them: a Stockfish board keeps the `Fen:`
/// lines after its blank line, and the board after them is a record of its own.
#[test]
fn a_stream_of_pasted_boards() {
    let mut input = Vec::new();
    for f in [
        "stockfish-d.txt",
        "python-chess-print.txt",
        "stockfish-d-grid-only.txt",
        "shakmaty-debug.txt",
    ] {
        input.extend(fixture(&format!("paste/{f}")));
        input.extend_from_slice(b"\n\n");
    }
    let (code, out, err) = run(&["convert", "-f", "paste", "-t", "fen"], &input);
    assert_eq!(code, 0, "{err}");
    let fen = String::from_utf8(fixture("paste/expected.fen")).unwrap();
    let placement = fen.split(' ').next().unwrap();
    let want = [fen.trim(), placement, placement, placement];
    assert_eq!(
        String::from_utf8(out).unwrap().lines().collect::<Vec<_>>(),
        want
    );
}

/// Hostile review 3: a grid written with `--to-coords gtp` (columns `A B C ...`) reads back
/// under `-f auto` and `-f paste`, as under `-f grid`: one board, not a board cut short and a
/// line of letters.
#[test]
fn a_grid_with_gtp_columns_reads_back_whole() {
    for size in ["1x1", "2x2", "2x3", "1x4", "2x9", "8x8", "9x9", "19x19"] {
        let (code, grid, err) = crate::util::run(
            &[
                "convert",
                "-f",
                "hex",
                "-t",
                "grid",
                "--to-coords",
                "gtp",
                "-s",
                size,
                "0x1",
            ],
            b"",
        );
        assert_eq!(code, 0, "{err}");
        let want = crate::util::run(&["convert", "-f", "grid", "-t", "hex", "-s", size], &grid);
        assert_eq!(want.0, 0, "{}", want.2);
        for from in ["auto", "paste"] {
            let got = crate::util::run(&["convert", "-f", from, "-t", "hex"], &grid);
            assert_eq!(got, want, "-f {from}, {size}");
        }
    }
}

/// A rank of cells whose first is python-chess's `·` (`unicode(empty_square="·")`, the a8
/// square empty) starts a board under `-f auto` and `-f paste`, from a file as from an
/// argument: before, the framing's first-byte look passed such a line by, and the board was
/// read as eight bad records of one line.
#[test]
fn a_rank_that_starts_with_a_middle_dot_starts_a_board() {
    let want = "2bqkbnr/rppppppp/p7/8/1P4P1/5N2/1PPPPP1P/RNBQKB1R";
    let input = fixture("paste/python-chess-unicode-dot.txt");
    for form in ["auto", "paste"] {
        let (code, out, err) = run(&["convert", "-f", form, "-t", "fen"], &input);
        assert_eq!(code, 0, "-f {form}: {err}");
        assert_eq!(
            String::from_utf8(out).unwrap().lines().collect::<Vec<_>>(),
            [want, want],
            "-f {form}"
        );
    }
}

/// A board whose first rank of cells comes after a form feed, a CR or a space (a page break, a
/// pasted indent) starts at that rank, as a bordered board does: before, the rank was passed by,
/// and the ranks after it opened a board that took the next board's first rank as its last
/// (two wrong positions, no error for them).
#[test]
fn a_rank_of_cells_after_a_form_feed_or_a_space_starts_a_board() {
    let dot = fixture("paste/python-chess-unicode-dot.txt");
    let want = "2bqkbnr/rppppppp/p7/8/1P4P1/5N2/1PPPPP1P/RNBQKB1R";
    for lead in [&b"\x0c"[..], b"\r", b" ", b"\x0c "] {
        let input = [lead, &dot[..]].concat();
        let (code, out, err) = run(&["convert", "-t", "fen"], &input);
        assert_eq!(code, 0, "{lead:?}: {err}");
        assert_eq!(
            String::from_utf8(out).unwrap().lines().collect::<Vec<_>>(),
            [want, want],
            "{lead:?}"
        );
    }
}

/// A printed board the input ends inside is cut short, as one a line of another kind ends: a
/// bad record naming its printer, not a smaller board (`r n b q k b n r` then one rank was
/// read as an 8x2 board, exit 0). The records before it are read.
#[test]
fn a_board_the_input_ends_inside_is_cut_short() {
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    for tail in [
        "r n b q k b n r\np p p p p p p p\n",
        "r n b q k b n r\np p p p p p p p",
        "+---+---+---+---+---+---+---+---+\n| r | n | b | q | k | b | n | r |\n",
    ] {
        let input = format!("{fen}\n{tail}");
        let (code, out, err) = run(&["convert", "-t", "fen"], input.as_bytes());
        assert_eq!(code, 1, "{tail:?}: {err}");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{}\n", "8/8/8/8/8/8/8/K6k w - - 0 1")
        );
        assert!(
            err.contains("-:2: the board printed as") && err.contains("is cut short"),
            "{tail:?}: {err}"
        );
    }
}
