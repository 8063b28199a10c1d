//! Same form in, same bytes out: every fixture of a form read and written back in that form
//! (`-f X -t X`) is the file it was, byte for byte: the files of `fixtures/real` and
//! `fixtures/edax` (FEN, EPD, PDN, Edax OBF, and the tables that hold them), and every form of
//! `fixtures/forms` under its board's size and each order.

use std::collections::BTreeMap;

use crate::util::{fixture, fixtures, run};

/// How a file of `fixtures/real` or `fixtures/edax` is written back: its form, or `None` with
/// the reason it is not walked.
fn form_of(rel: &str) -> Result<&'static str, &'static str> {
    let ext = rel.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "fen" => Ok("fen"),
        "epd" => Ok("epd"),
        "pdn" => Ok("pdn"),
        "obf" => Ok("edax"),
        // `-t sgf` writes the position's setup (`SZ[9]AB[..]`), not the game tree it was read
        // from.
        "sgf" => Err("SGF is written as its setup"),
        "md" | "py" => Err("not a record file"),
        "tsv" => Ok("tsv"),
        _ => panic!("{rel}: a fixture of no known form: say here how it is written back"),
    }
}

/// The board columns of the tables of `fixtures/real`: (column, form, has a `#` header).
/// A table whose column holds no form of the walk is listed with no column.
fn table_columns(rel: &str) -> &'static [(usize, &'static str, bool)] {
    match rel {
        // The Scid-style FENs (pockets as a ninth rank) and python-chess's placements.
        "real/fen/crazyhouse.tsv" => &[(1, "fen", true), (2, "fen", true)],
        // The EPD lines and python-chess's FENs of them.
        "real/epd/expected.tsv" => &[(2, "epd", true), (3, "fen", true)],
        "real/draughts/expected.tsv" => &[(1, "pdn", true)],
        "real/draughts/idf-expected.tsv" => &[(2, "pdn", true)],
        "real/draughts/idf-ballots-moves.tsv" => &[(2, "pdn", false)],
        // sgfmill's readings: file names, node numbers and square lists, no board column.
        "real/sgf/expected.tsv" => &[],
        // EPD lines with clocks that are no numbers, and python-chess's FEN of each or its
        // error: neither column is all boards.
        "real/epd/clocks.tsv" => &[],
        _ => panic!("{rel}: a table of no known columns: list its board columns here"),
    }
}

/// The files under `dir` (relative to the fixtures), recursively, sorted.
fn files_under(dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![fixtures().join(dir)];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                let rel = p.strip_prefix(fixtures()).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

/// Runs `args` on the fixture `rel` at one and two threads; returns a failure, if any.
fn same_bytes(rel: &str, args: &[&str], skip_header: bool) -> Option<String> {
    let want = fixture(rel);
    for jobs in ["1", "2"] {
        let mut all = args.to_vec();
        all.extend(["-j", jobs, "-i", rel]);
        let (code, out, err) = run(&all, b"");
        // Under --header the board's column is renamed after the output form (by design: the
        // header says what the column holds); every other byte is the file's.
        let (out, want) = if skip_header {
            let after = |b: &[u8]| {
                b.splitn(2, |&c| c == b'\n')
                    .nth(1)
                    .unwrap_or_default()
                    .to_vec()
            };
            (after(&out), after(&want))
        } else {
            (out, want.clone())
        };
        if code != 0 || out != want {
            return Some(format!(
                "{rel} {all:?}: exit {code}, stderr {err:?}\n  got  {:?}\n  want {:?}",
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&want)
            ));
        }
    }
    None
}

#[test]
fn real_and_edax_files_come_back_byte_for_byte() {
    let (mut failures, mut walked) = (Vec::new(), BTreeMap::new());
    for rel in files_under("real").into_iter().chain(files_under("edax")) {
        let Ok(form) = form_of(&rel) else { continue };
        if form == "tsv" {
            for &(col, form, header) in table_columns(&rel) {
                let col = col.to_string();
                let mut args = vec!["convert", "--tsv", "--column", &col, "-f", form, "-t", form];
                if header {
                    args.push("--header");
                }
                failures.extend(same_bytes(&rel, &args, header));
                *walked.entry(form).or_insert(0) += 1;
            }
            continue;
        }
        failures.extend(same_bytes(
            &rel,
            &["convert", "-f", form, "-t", form],
            false,
        ));
        *walked.entry(form).or_insert(0) += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every form of the walk had files: FEN (a file, two tables), EPD (three files, a table),
    // PDN (three files, three tables), Edax (two files).
    for (form, least) in [("fen", 3), ("epd", 4), ("pdn", 6), ("edax", 2)] {
        assert!(
            walked.get(form).copied().unwrap_or(0) >= least,
            "{walked:?}"
        );
    }
}

/// A board's size and kind (one bitboard or two players), from its `board.txt`.
fn board_info(board: &str) -> (String, bool) {
    let info = String::from_utf8(fixture(&format!("forms/{board}/board.txt"))).unwrap();
    let m: BTreeMap<&str, &str> = info.lines().filter_map(|l| l.split_once(' ')).collect();
    (m["size"].to_string(), m["kind"] == "single")
}

#[test]
fn every_form_of_every_board_comes_back_byte_for_byte() {
    let (mut failures, mut checked) = (Vec::new(), 0);
    for rel in files_under("forms") {
        // forms/<board>/<order>/<form>, beside forms/<board>/board.txt.
        let parts: Vec<&str> = rel.split('/').collect();
        let [_, board, order, form] = parts[..] else {
            assert!(rel.ends_with("/board.txt"), "{rel}");
            continue;
        };
        let (size, single) = board_info(board);
        let mut args = vec![
            "convert", "-f", form, "-t", form, "-s", &size, "--order", order,
        ];
        // A two-player form of a one-bitboard board holds it as the first side.
        if single {
            args.extend(["--layer", "first"]);
        }
        failures.extend(same_bytes(&rel, &args, false));
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 345, "only {checked} files");
}

/// A PDN FEN given as a `[FEN "..."]` tag is written back with its tag (it lost it before).
#[test]
fn pdn_fen_tag_is_kept() {
    for tag in [
        r#"[FEN "W:W31,32:B1,2"]"#,
        r#"[FEN "B:W18,24,K10:B12,K22."]"#,
    ] {
        let (code, out, err) = run(&["convert", "-f", "pdn", "-t", "pdn", tag], b"");
        assert_eq!(
            (code, String::from_utf8_lossy(&out)),
            (0, format!("{tag}\n").into()),
            "{err}"
        );
    }
    // Swapped, the board is no longer the text's: its squares are written anew in the text's
    // shape (the wrapper, `:H0:F1` and the final `.` were dropped).
    for (tag, want) in [
        (
            r#"[FEN "W:W31,32:B1,2:H0:F1."]"#,
            r#"[FEN "W:W1,2:B31,32:H0:F1."]"#,
        ),
        (r#"[FEN "B:W31,32:B1,2"]"#, r#"[FEN "B:W1,2:B31,32"]"#),
        ("W:W31,32:B1,2.", "W:W1,2:B31,32."),
    ] {
        let (code, out, err) = run(&["convert", "-f", "pdn", "-t", "pdn", "--swap", tag], b"");
        assert_eq!(
            (code, String::from_utf8_lossy(&out)),
            (0, format!("{want}\n").into()),
            "{err}"
        );
    }
    // Moved, the board is no longer the text's: its squares are written in the text's shape
    // (here bare, as it was read).
    let (code, out, err) = run(
        &[
            "op",
            "rotate",
            "180",
            "-f",
            "pdn",
            "-t",
            "pdn",
            r#"[FEN "W:W29:B1"]"#,
        ],
        b"",
    );
    assert_eq!(
        (code, String::from_utf8_lossy(&out)),
        (0, "W:W4:B32\n".into()),
        "{err}"
    );
}

/// A line of an OBF file that is only a `%` comment is passed through by `-f edax -t edax` (it
/// was a bad record), and passed by in other outputs, as a `#` line is, under `-f auto` too (it
/// was a bad record there); a `%` comment after a line's solutions stays part of its line.
#[test]
fn obf_comment_lines_pass_through() {
    let file = fixture("edax/comments.obf");
    let text = String::from_utf8(file.clone()).unwrap();
    let boards: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('%'))
        .collect();
    assert_eq!(boards.len(), 3);
    for jobs in ["1", "2"] {
        let from = "edax";
        let (code, out, err) = run(&["convert", "-f", from, "-t", "edax", "-j", jobs], &file);
        assert_eq!(code, 0, "-f {from}: {err}");
        assert!(out == file, "{}", String::from_utf8_lossy(&out));
        // CRLF line ends are kept too.
        let crlf = text.replace('\n', "\r\n");
        let (code, out, err) = run(
            &["convert", "-f", from, "-t", "edax", "-j", jobs],
            crlf.as_bytes(),
        );
        assert_eq!(
            (code, String::from_utf8_lossy(&out)),
            (0, crlf.as_str().into()),
            "{err}"
        );
        // Other outputs: one line a board, the comments passed by.
        // Under -f auto too (the comment lines were bad records there): passed by, as a `#`
        // line is under -f auto.
        for (from, to) in [("edax", "pair"), ("auto", "pair"), ("auto", "edax")] {
            let (code, out, err) = run(&["convert", "-f", from, "-t", to, "-j", jobs], &file);
            assert_eq!(code, 0, "-f {from} -t {to}: {err}");
            let (_, want, _) = run(
                &["convert", "-f", "edax", "-t", to],
                boards.join("\n").as_bytes(),
            );
            assert_eq!(
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&want)
            );
        }
    }
    // A comment is a line's first character: a board line with a bad square is still reported.
    let (code, _, err) = run(&["convert", "-f", "edax", "-t", "edax"], b"x%\n");
    assert_eq!(code, 1, "{err}");
    // In a table a `%` cell is a bad record like any other, never a row passed by.
    let (code, out, err) = run(
        &[
            "convert", "--tsv", "--column", "2", "-f", "edax", "-t", "edax",
        ],
        format!("a\t{}\nb\t% note\n", boards[0]).as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(":2:"), "{err}");
    assert_eq!(String::from_utf8_lossy(&out), format!("a\t{}\n", boards[0]));
}

/// `-f sgf` passes over a UTF-8 byte order mark at the start of an argument (a file pasted as
/// `"$(cat f.sgf)"`), as it does at the start of a file and as the other forms do.
#[test]
fn sgf_argument_with_a_byte_order_mark_reads() {
    let tree = "(;GM[1]SZ[9]AB[cc][gg]AW[cg])";
    let (code, want, err) = run(&["convert", "-f", "sgf", "-t", "sgf", tree], b"");
    assert_eq!(code, 0, "{err}");
    let marked = format!("\u{feff}{tree}");
    for from in ["sgf", "auto"] {
        let (code, out, err) = run(&["convert", "-f", from, "-t", "sgf", &marked], b"");
        assert_eq!((code, &out), (0, &want), "-f {from}: {err}");
        let (code, out, err) = run(&["convert", "-f", from, "-t", "sgf"], marked.as_bytes());
        assert_eq!((code, &out), (0, &want), "-f {from} on stdin: {err}");
    }
    // As a FEN argument does.
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "fen",
            "\u{feff}8/8/8/8/8/8/8/K6k",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
}

/// An OBF line's separator before its `%` comment or `;` solutions is the line's: `-t edax`
/// writes it back and `-t json` keeps it in `notes`, which read back give the line (the space
/// or tab was dropped).
#[test]
fn obf_notes_keep_their_separator() {
    let board = "---------------------------OX------XO---------------------------";
    for after in [
        "X % note",
        "X   %x",
        "X\t% tab",
        "O ; G8:+18; % best",
        "X%x",
    ] {
        let line = format!("{board} {after}\n");
        let (code, out, err) = run(&["convert", "-f", "edax", "-t", "edax"], line.as_bytes());
        assert_eq!(
            (code, String::from_utf8_lossy(&out)),
            (0, line.as_str().into()),
            "{err}"
        );
        let (code, json, err) = run(&["convert", "-f", "edax", "-t", "json"], line.as_bytes());
        assert_eq!(code, 0, "{err}");
        let notes = &after[1..];
        let member = format!("\"notes\":{}", serde_json_str(notes));
        assert!(
            String::from_utf8_lossy(&json).contains(&member),
            "{after:?}: {}",
            String::from_utf8_lossy(&json)
        );
        let (code, back, err) = run(&["convert", "-f", "json", "-t", "edax"], &json);
        assert_eq!(
            (code, String::from_utf8_lossy(&back)),
            (0, line.as_str().into()),
            "{err}"
        );
    }
}

/// A JSON string of `s` (ASCII text with at most tabs to escape).
fn serde_json_str(s: &str) -> String {
    format!("\"{}\"", s.replace('\t', "\\t"))
}

/// A FEN's fields come back with the whitespace they were written with, the separator after
/// the placement too (it became one space), whichever path reads the record; an EPD's four
/// fields and its operations are written one space apart, all of them (the form's spelling).
#[test]
fn fen_field_separators_are_kept() {
    let placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for fields in [
        "  w KQkq - 0 1",
        " w  KQkq  -  0  1",
        "  w  KQkq  -  0  1",
        "\tw\tKQkq\t-\t0\t1",
        " \t w KQkq - 0 1",
        " w KQkq - 0 1",
    ] {
        let line = format!("{placement}{fields}\n");
        for args in [
            &["-f", "fen", "-t", "fen"][..],
            &["-f", "auto", "-t", "fen"],
            &["-f", "fen", "-t", "fen", "--lenient"],
            &["-f", "fen", "-t", "fen", "-j", "2"],
        ] {
            let mut all = vec!["convert"];
            all.extend(args);
            let (code, out, err) = run(&all, line.as_bytes());
            assert_eq!(
                (code, String::from_utf8_lossy(&out)),
                (0, line.as_str().into()),
                "{args:?} {fields:?}: {err}"
            );
        }
    }
    let (code, out, err) = run(
        &["convert", "-f", "epd", "-t", "epd"],
        format!("{placement}  w\tKQkq  -   bm e4;  id \"x\";\n").as_bytes(),
    );
    assert_eq!(
        (code, String::from_utf8_lossy(&out)),
        (
            0,
            format!("{placement} w KQkq - bm e4;  id \"x\";\n").into()
        ),
        "{err}"
    );
}

/// A UTF-8 byte order mark at the start of a file is read past and not written back: the
/// docs/batch.md says so (the rest of the file comes back byte for byte).
#[test]
fn a_byte_order_mark_at_the_start_of_a_file_is_dropped() {
    for (form, text) in [
        ("fen", "8/8/8/8/8/8/8/K6k w - - 0 1\n"),
        ("pdn", "[FEN \"W:W31,32:B1,2\"]\n"),
        (
            "edax",
            "% c\n---------------------------OX------XO--------------------------- X % n\n",
        ),
    ] {
        let marked = format!("\u{feff}{text}");
        for jobs in ["1", "2"] {
            let (code, out, err) = run(
                &["convert", "-f", form, "-t", form, "-j", jobs],
                marked.as_bytes(),
            );
            assert_eq!(
                (code, String::from_utf8_lossy(&out)),
                (0, text.into()),
                "{form}: {err}"
            );
        }
    }
}

/// Hostile review 3, finding 4: a tab ends a FEN, and what follows it (a TSV's other columns)
/// is written back as it was under `-f fen -t fen`, empty columns at the end included; it is
/// no part of the FEN another form writes (`-t json`'s `fen` member).
#[test]
fn a_fen_lines_tab_columns_come_back_and_stay_out_of_json() {
    let rel = "real/fen/crazyhouse.tsv";
    let text = String::from_utf8(fixture(rel)).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(
        lines.iter().any(|l| l.ends_with('\t')),
        "{rel}: no line ends in an empty column"
    );
    let input = lines.join("\n") + "\n";
    for jobs in ["1", "2"] {
        let (code, out, err) = run(
            &["convert", "-f", "fen", "-t", "fen", "-j", jobs],
            input.as_bytes(),
        );
        assert_eq!(code, 0, "{err}");
        assert_eq!(String::from_utf8(out).unwrap(), input, "--jobs {jobs}");
    }
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for line in [
        format!("{start}\t\t"),
        format!("{start}\tfoo\tbar"),
        format!("{start} \t x"),
    ] {
        let (code, out, err) = run(
            &["convert", "-f", "fen", "-t", "fen"],
            format!("{line}\n").as_bytes(),
        );
        assert_eq!(
            (code, String::from_utf8(out).unwrap()),
            (0, format!("{line}\n")),
            "{err}"
        );
        for from in ["fen", "auto"] {
            let (code, out, err) = run(&["convert", "-f", from, "-t", "json"], line.as_bytes());
            assert_eq!(code, 0, "{err}");
            let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
            assert_eq!(v["fen"], start, "-f {from}: {line:?}");
        }
    }
    // A tab separates a FEN's fields while valid fields follow it (as python-chess reads
    // them), and otherwise ends the FEN, in every form: the columns after it are never fields.
    for (line, fen) in [
        ("8/8/8/8/8/8/8/K7\tfoo", "8/8/8/8/8/8/8/K7"),
        ("8/8/8/8/8/8/8/K7 w\tbar", "8/8/8/8/8/8/8/K7 w"),
        (
            "4k3/8/8/8/8/8/8/4K2R\tb\tK\t-\t3\t9",
            "4k3/8/8/8/8/8/8/4K2R b K - 3 9",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R\tb\tK\t-\t3\t9\tx",
            "4k3/8/8/8/8/8/8/4K2R b K - 3 9",
        ),
    ] {
        for to in ["epd", "json", "edax", "packed", "pdn", "squares"] {
            let (a, b) = (
                run(&["convert", "-f", "fen", "-t", to], line.as_bytes()),
                run(&["convert", "-f", "fen", "-t", to], fen.as_bytes()),
            );
            if to == "json" {
                // The `fen` member keeps the fields' separators as written.
                let member = |out: &[u8]| -> Vec<String> {
                    let v: serde_json::Value = serde_json::from_slice(out).unwrap();
                    let fen = v["fen"].as_str().unwrap_or_default();
                    fen.split_whitespace().map(str::to_string).collect()
                };
                assert_eq!(
                    member(&a.1),
                    member(&b.1),
                    "-t json: {line:?} read as {fen:?}"
                );
                continue;
            }
            assert_eq!(a, b, "-t {to}: {line:?} read as {fen:?}");
        }
    }
    let placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let (code, out, err) = run(
        &["convert", "-f", "fen", "-t", "json"],
        format!("{placement}\tfoo").as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["fen"], placement);
}
