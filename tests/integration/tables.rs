//! Tables (`--tsv`, `--csv`): fixtures written by Python's csv module and DuckDB with packed
//! values computed by python-chess (fixtures/tables/gen_tables.py), pass-through of the other
//! fields, headers, ragged rows, the accidental sizes a header or an id would set, the message
//! cap, `--errors null`, the split rule, and a DuckDB round trip.

use crate::util::{fixture, fixtures, run};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const START_PACKED: &str = "797979010000000000d8f2f250";

/// The output of `args` on `stdin`, which must succeed.
fn converted(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let (code, out, err) = run(args, stdin);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

#[test]
fn python_csv_comes_back_but_for_the_board_column() {
    // Quoted commas, doubled quotes, line breaks inside quotes and CRLF, as Python writes them.
    let input = fixture("tables/python.csv");
    assert!(input.windows(2).any(|w| w == b"\r\n"));
    let want = fixture("tables/python.packed.csv");
    for from in ["fen", "auto"] {
        for jobs in ["1", "2"] {
            let args = [
                "convert", "--csv", "--header", "-f", from, "-t", "packed", "-j", jobs,
            ];
            assert!(
                converted(&args, &input) == want,
                "-f {from} --jobs {jobs}: not python-chess's packed values in Python's own CSV"
            );
        }
    }
    // The same form in and out: the file comes back byte for byte.
    let same = converted(
        &["convert", "--csv", "--header", "-f", "fen", "-t", "fen"],
        &input,
    );
    assert!(same == input, "{}", String::from_utf8_lossy(&same));
}

#[test]
fn duckdb_copy_gets_a_packed_column_appended() {
    let input = fixture("tables/duckdb.csv");
    let want = fixture("tables/duckdb.packed.csv");
    let args = [
        "convert", "--csv", "--column", "fen", "--append", "packed", "-t", "packed",
    ];
    assert!(converted(&args, &input) == want);
    // --column NAME without --header: the first row that holds NAME is the header.
    let (code, out, _) = run(
        &["convert", "--csv", "--column", "fen", "-t", "packed"],
        &input,
    );
    assert_eq!(code, 0);
    assert!(out.starts_with(b"id,packed,eval\n"));
}

#[test]
fn tsv_with_an_id_first_and_a_header() {
    let input = fixture("tables/positions.tsv");
    let want = fixture("tables/positions.packed.tsv");
    // The column found by default (the first that holds a board), or named, by number or name.
    for col in [None, Some("2"), Some("fen")] {
        let mut args = vec!["convert", "--tsv", "--header", "-t", "packed"];
        if let Some(c) = col {
            args.extend(["--column", c]);
        }
        assert!(converted(&args, &input) == want, "--column {col:?}");
    }
    // Without a header, the id column is never taken for the board.
    let body: Vec<u8> = input.splitn(2, |&c| c == b'\n').nth(1).unwrap().to_vec();
    let out = converted(&["convert", "--tsv", "-f", "fen", "-t", "packed"], &body);
    let want_body: Vec<u8> = want.splitn(2, |&c| c == b'\n').nth(1).unwrap().to_vec();
    assert!(out == want_body);
}

#[test]
fn tsv_fields_pass_through_byte_for_byte_at_any_jobs() {
    // Backslashes, quotes, CRLF and `#` rows are data in a TSV; 60,000 rows pass the size at
    // which the workers start.
    let mut input = Vec::new();
    let mut want = Vec::new();
    for k in 0..60_000 {
        let (end, note) = match k % 4 {
            0 => ("\r\n", "a \\t backslash"),
            1 => ("\n", "\"quoted\" \"\""),
            2 => ("\n", ""),
            _ => ("\r\n", "# not a comment"),
        };
        input.extend_from_slice(format!("{k}\t{START}\t{note}{end}").as_bytes());
        want.extend_from_slice(format!("{k}\t{START_PACKED}\t{note}{end}").as_bytes());
    }
    for jobs in ["1", "2", "3"] {
        let out = converted(&["convert", "--tsv", "-t", "packed", "-j", jobs], &input);
        assert!(out == want, "--jobs {jobs}");
    }
    let appended = converted(
        &[
            "convert", "--tsv", "--column", "2", "--append", "packed", "-t", "packed",
        ],
        // Whole rows: a row cut short has fewer fields than the first.
        &input[..input.iter().position(|&c| c == b'2').unwrap()],
    );
    let first = String::from_utf8(appended).unwrap();
    assert!(
        first.starts_with(&format!("0\t{START}\ta \\t backslash\t{START_PACKED}\r\n")),
        "{first}"
    );
}

#[test]
fn csv_with_another_delimiter_and_json_fields_quoted() {
    let input = format!("id;fen;note\n1;{START};\"a;b\"\n");
    let out = converted(
        &[
            "convert",
            "--csv",
            "--delimiter",
            ";",
            "--header",
            "-t",
            "pair",
        ],
        input.as_bytes(),
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "id;pair;note\n1;0x000000000000ffff 0xffff000000000000;\"a;b\"\n"
    );
    // A JSON board holds commas and quotes: its field is quoted, and reads back.
    let csv = format!("1,{START}\n");
    let json = converted(&["convert", "--csv", "-t", "json"], csv.as_bytes());
    let text = String::from_utf8(json.clone()).unwrap();
    assert!(text.starts_with("1,\"{\"\"size\"\":\"\"8x8\"\""), "{text}");
    let back = converted(
        &[
            "convert", "--csv", "--column", "2", "-f", "json", "-t", "fen",
        ],
        &json,
    );
    assert_eq!(String::from_utf8(back).unwrap(), csv);
}

#[test]
fn ragged_rows_header_only_files_and_errors_as_null_fields() {
    let input = format!("id\tfen\tnote\n1\t{START}\tok\n2\n3\tnot a fen\tbad\n4\t{START}\n");
    let (code, out, err) = run(
        &["convert", "--tsv", "--header", "-t", "packed"],
        input.as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("-:3:2: the row has 1 field, but the board is in column 2"),
        "{err}"
    );
    assert!(err.contains("-:4:"), "{err}");
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id\tpacked\tnote\n1\t{START_PACKED}\tok\n4\t{START_PACKED}\n")
    );
    // --errors null keeps every row, the board's field empty.
    let (code, out, _) = run(
        &[
            "convert", "--tsv", "--header", "-t", "packed", "--errors", "null",
        ],
        input.as_bytes(),
    );
    assert_eq!(code, 1);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id\tpacked\tnote\n1\t{START_PACKED}\tok\n2\n3\t\tbad\n4\t{START_PACKED}\n")
    );
    let csv = format!("id,fen\n1,{START}\n2,zz\n");
    let (_, out, _) = run(
        &[
            "convert", "--csv", "--header", "--append", "p", "-t", "packed", "--errors", "null",
        ],
        csv.as_bytes(),
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id,fen,p\n1,{START},{START_PACKED}\n2,zz,\n")
    );
    // A file with its header alone gives the header.
    let (code, out, err) = run(
        &["convert", "--csv", "--column", "fen", "-t", "pair"],
        b"id,fen\r\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, b"id,pair\r\n");
}

#[test]
fn usage_errors_say_why() {
    for (args, says) in [
        (
            vec!["--header"],
            "--header reads a table: add --tsv or --csv",
        ),
        (vec!["--column", "2"], "--column reads a table"),
        (vec!["--append", "p"], "--append reads a table"),
        (
            vec!["--tsv", "--delimiter", ";"],
            "--delimiter goes with --csv",
        ),
        (vec!["--csv", "--delimiter", "\""], "invalid --delimiter"),
        (
            vec!["--tsv", "--column", "0"],
            "columns are numbered from 1",
        ),
    ] {
        let mut full = vec!["convert", "-t", "packed"];
        full.extend(args.iter().copied());
        let (code, _, err) = run(&full, START.as_bytes());
        assert_eq!(code, 2, "{full:?}: {err}");
        assert!(err.contains(says), "{full:?}: {err}");
    }
    let (code, _, err) = run(
        &[
            "convert",
            "--tsv",
            "-f",
            "packed-bin",
            "-t",
            "packed",
            "-o",
            "/dev/null",
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("raw bytes"), "{err}");
    // A table's boards into raw bytes are written alone: no column to append.
    let (code, _, err) = run(
        &[
            "convert",
            "--tsv",
            "--append",
            "b",
            "-t",
            "packed-bin",
            "-o",
            "/dev/null",
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("writes the boards alone"), "{err}");
    let (code, _, err) = run(&["convert", "--tsv", "-t", "grid"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("use --csv"), "{err}");
    let (code, _, err) = run(
        &[
            "convert", "--csv", "--header", "--column", "board", "-t", "pair",
        ],
        b"id,fen\n1,8/8/8/8/8/8/8/8\n",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("the header has no column named board; its columns are: id, fen"),
        "{err}"
    );
}

/// Point 2: a header, an id or a one-rank FEN never sets the stream's size.
#[test]
fn nothing_is_read_as_a_board_by_accident() {
    // A header line read as records: a bad record that says so, and the boards after it read.
    let input = format!("fen\n{START}\n{START}\n");
    for from in ["fen", "auto"] {
        let (code, out, err) = run(&["convert", "-f", from, "-t", "packed"], input.as_bytes());
        assert_eq!(code, 1, "{err}");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{START_PACKED}\n{START_PACKED}\n")
        );
        assert!(err.contains("-:1:1:"), "{err}");
        if from == "fen" {
            assert!(
                err.contains("this looks like a header: use --header"),
                "{err}"
            );
        }
        assert!(err.contains("1 bad record of 3"), "{err}");
    }
    // An id before a tab: a bad record naming --tsv and --column, never an exit 0.
    for id in ["1", "42"] {
        let line = format!("{id}\t{START}\n");
        for from in ["fen", "auto"] {
            let (code, out, err) = run(&["convert", "-f", from, "-t", "packed"], line.as_bytes());
            assert_eq!(code, 1, "{id}: {err}");
            assert!(out.is_empty());
            assert!(err.contains("use --tsv (and --column N"), "{err}");
        }
    }
    // A stream of one-rank boards needs -s (then `fen` is three black pieces).
    let (code, out, _) = run(
        &["convert", "-f", "fen", "-t", "packed", "-s", "3x1"],
        b"fen\nK2\n",
    );
    assert_eq!((code, out), (0, b"1a\n01\n".to_vec()));
    // A size set by one record that every later board disagrees with: the note says so.
    let input = format!("{}\n{START}\n{START}\n", "k7/8");
    let (code, _, err) = run(&["convert", "-f", "fen", "-t", "packed"], input.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("name the size with -s WxH"), "{err}");
    assert!(err.contains("was set by -:1 alone"), "{err}");
}

#[test]
fn the_message_cap_counts_the_rest_by_kind() {
    let mut input = String::new();
    for k in 0..30 {
        input.push_str(if k % 3 == 0 { "k7/8/8\n" } else { "zz\n" });
    }
    input.push_str("0x1\n");
    let (code, _, err) = run(&["convert", "-f", "auto", "-t", "hex"], input.as_bytes());
    assert_eq!(code, 1);
    let shown = err.lines().filter(|l| l.starts_with("bbconv: -:")).count();
    assert_eq!(shown, 20, "{err}");
    assert!(
        err.contains("bbconv: 10 more bad records not shown (--max-errors 20): 7 form not detected (first at -:21:1), 3 cannot be written (first at -:22)"),
        "{err}"
    );
    assert!(err.contains("bbconv: 30 bad records of 31"), "{err}");
    let (_, _, err) = run(
        &["convert", "-t", "hex", "--max-errors", "all"],
        input.as_bytes(),
    );
    assert_eq!(
        err.lines().filter(|l| l.starts_with("bbconv: -:")).count(),
        30
    );
}

/// Point 6: a table split at row boundaries, each part with the header, converts to the one
/// run's output once the parts' repeated headers are dropped; without a header, the parts'
/// outputs concatenate as they are.
#[test]
fn a_table_split_by_rows_gives_the_same_bytes() {
    for (file, args) in [
        ("tables/positions.tsv", vec!["--tsv", "--header"]),
        ("tables/duckdb.csv", vec!["--csv", "--header"]),
    ] {
        let input = fixture(file);
        let mut lines: Vec<&[u8]> = input.split_inclusive(|&c| c == b'\n').collect();
        let header = lines.remove(0);
        let mut full = vec!["convert", "-t", "packed"];
        full.extend(args.iter().copied());
        let whole = converted(&full, &input);
        for parts in [2, 3, 7] {
            let size = lines.len().div_ceil(parts);
            let mut joined = Vec::new();
            for (k, part) in lines.chunks(size).enumerate() {
                let mut text = header.to_vec();
                text.extend(part.concat());
                let out = converted(&full, &text);
                let skip = if k == 0 {
                    0
                } else {
                    out.iter().position(|&c| c == b'\n').unwrap() + 1
                };
                joined.extend_from_slice(&out[skip..]);
            }
            assert!(joined == whole, "{file} in {parts} parts");
            // Without a header.
            let mut joined = Vec::new();
            let mut plain = vec!["convert", "-t", "packed", "--column", "2"];
            plain.push(args[0]);
            for part in lines.chunks(size) {
                joined.extend(converted(&plain, &part.concat()));
            }
            assert!(
                joined == converted(&plain, &lines.concat()),
                "{file} in {parts} parts"
            );
        }
    }
}

/// Point 3: bbconv's own JSON keeps every FEN field and an Edax board's side and solutions.
#[test]
fn json_keeps_every_field() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w Kq - 3 20",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2",
    ] {
        let json = converted(&["convert", "-t", "json", fen], b"");
        let back = converted(&["convert", "-f", "json", "-t", "fen"], &json);
        assert_eq!(String::from_utf8(back).unwrap().trim_end(), fen);
    }
    let obf = fixture("edax/fforum-1-19.obf");
    let line = obf.split(|&c| c == b'\n').next().unwrap();
    let json = converted(&["convert", "-f", "edax", "-t", "json"], line);
    let text = String::from_utf8(json.clone()).unwrap();
    assert!(
        text.contains("\"turn\":\"first\",\"notes\":\"; G8:+18;"),
        "{text}"
    );
    let back = converted(&["convert", "-f", "json", "-t", "edax"], &json);
    assert_eq!(back.trim_ascii_end(), line);
}

/// The progress display never shows for boards given as arguments, even on a terminal.
#[test]
fn no_progress_around_an_argument_on_a_terminal() {
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: `script` (util-linux) is not installed, so no terminal can be made");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin!("bbconv");
    let out = std::process::Command::new("script")
        .args([
            "-qec",
            &format!("{} convert -f hex -t squares 0x81", bin.display()),
            "/dev/null",
        ])
        .env_clear()
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a1 h1\r\n");
}

/// The README's DuckDB round trip: COPY out, bbconv, read_csv back.
#[test]
fn duckdb_round_trip() {
    let ci = std::env::var_os("CI").is_some_and(|v| v == "true");
    let has = std::process::Command::new("python3")
        .args(["-c", "import duckdb"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        assert!(
            !ci,
            "CI=true and the duckdb Python package is missing: .ci/run installs it"
        );
        eprintln!("skipped: the duckdb Python package is not installed (pip install duckdb)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin!("bbconv");
    let script = format!(
        r#"
import duckdb, subprocess
con = duckdb.connect()
con.execute("CREATE TABLE games AS SELECT * FROM read_csv('{fixtures}/tables/duckdb.csv')")
con.execute("COPY games TO 'games.csv' (HEADER)")
subprocess.run(["{bin}", "convert", "--csv", "--column", "fen", "--append", "packed",
                "-t", "packed", "-i", "games.csv", "-o", "packed.csv"], check=True)
back = con.execute("SELECT id, eval, packed FROM read_csv('packed.csv') ORDER BY id").fetchall()
assert len(back) == 40, len(back)
first = con.execute("SELECT packed FROM read_csv('packed.csv') WHERE id = 1").fetchone()[0]
assert first == "00630a3978011207364aa4003c", first
print(len(back), "rows")
"#,
        fixtures = fixtures().display(),
        bin = bin.display()
    );
    let out = std::process::Command::new("python3")
        .args(["-c", &script])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "40 rows");
}

/// Issue 40, point 2: the row framer and the field splitter are one rule, so a row whose
/// quotes they once counted differently is a bad record, not a panic.
#[test]
fn a_row_the_framer_and_splitter_once_disagreed_on_is_reported() {
    let (code, out, err) = run(
        &[
            "convert", "--csv", "--column", "2", "--append", "p", "-t", "packed",
        ],
        b"b\"\n\",\n",
    );
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("-:1:3: the row has 1 field, but the board is in column 2"),
        "{err}"
    );
    assert!(
        err.contains("-:2:1: a quoted field opens here and is never closed: the row runs to the end of the input, 1 line from its start"),
        "{err}"
    );
}

/// Issue 40, point 2: a quote inside an unquoted field is text; CR alone ends a row.
#[test]
fn stray_quotes_and_cr_line_ends_lose_no_row() {
    let input = format!("id,fen,note\n1,{START},5\" screen\n2,{START},ok\n3,{START},\"x\"\n");
    for errors in ["report", "null"] {
        let out = converted(
            &[
                "convert", "--csv", "--header", "-t", "packed", "--errors", errors,
            ],
            input.as_bytes(),
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("id,packed,note\n1,{START_PACKED},5\" screen\n2,{START_PACKED},ok\n3,{START_PACKED},\"x\"\n")
        );
    }
    for (flag, d) in [("--csv", ","), ("--tsv", "\t")] {
        let input = format!("id{d}fen\r1{d}{START}\r2{d}{START}\r");
        let out = converted(
            &["convert", flag, "--header", "-t", "packed"],
            input.as_bytes(),
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("id{d}packed\r\n1{d}{START_PACKED}\r\n2{d}{START_PACKED}\r\n"),
            "{flag}"
        );
    }
}

/// Issue 40, point 2: a quoted field longer than --max-line makes one bad record that ends
/// where its quotes close; the rows after it are read.
#[test]
fn a_quoted_field_over_max_line_costs_its_row_only() {
    let long = "x\n".repeat(3000);
    let mut input = format!("id,fen,note\n1,{START},a\n2,{START},\"{long}\"\n");
    for k in 3..6 {
        input.push_str(&format!("{k},{START},b\n"));
    }
    for max in ["1K", "4K"] {
        let (code, out, err) = run(
            &[
                "convert",
                "--csv",
                "--header",
                "-t",
                "packed",
                "--max-line",
                max,
            ],
            input.as_bytes(),
        );
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("-:3: "), "{err}");
        assert!(err.contains("1 bad record of 5"), "{err}");
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 5, "{text}");
        assert!(text.ends_with(&format!("5,{START_PACKED},b\n")), "{text}");
    }
}

/// Issue 40, point 2: under --append a row of another width than the header's (or the first
/// row's) is a bad record naming both counts; without --append a row with the board converts.
#[test]
fn ragged_rows_under_append_are_reported() {
    let input = format!("id,fen,note\n1,{START},a\n2,{START}\n3,{START},b,c\n4,{START},d\n");
    let (code, out, err) = run(
        &[
            "convert", "--csv", "--header", "--append", "p", "-t", "packed",
        ],
        input.as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("-:3: the row has 2 fields, but the header has 3: under --append each row needs as many"),
        "{err}"
    );
    assert!(
        err.contains("-:4: the row has 4 fields, but the header has 3"),
        "{err}"
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id,fen,note,p\n1,{START},a,{START_PACKED}\n4,{START},d,{START_PACKED}\n")
    );
    let plain = input.lines().skip(1).collect::<Vec<_>>().join("\n");
    let (_, _, err) = run(
        &[
            "convert", "--tsv", "--column", "2", "--append", "p", "-t", "packed",
        ],
        plain.replace(',', "\t").as_bytes(),
    );
    assert!(
        err.contains("-:2: the row has 2 fields, but the first row has 3"),
        "{err}"
    );
    let out = converted(
        &["convert", "--csv", "--header", "-t", "packed"],
        input.as_bytes(),
    );
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 5);
    // A TSV column name cannot hold a tab.
    let (code, _, err) = run(
        &["convert", "--tsv", "--append", "a\tb", "-t", "packed"],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("cannot hold a tab"), "{err}");
}

/// Issue 40, point 3: under -f auto a column qualifies through a FEN or EPD of 2 files and 2
/// ranks or a self-sized form, never `n/a`, a number, `b/w` or `-`; a cell of another form than
/// the column's is a bad record.
#[test]
fn the_board_column_is_one_form() {
    let input = format!("id,note,fen\n1,n/a,{START}\n2,b/w,{START}\n3,-,{START}\n");
    let out = converted(
        &["convert", "--csv", "--header", "-t", "packed"],
        input.as_bytes(),
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id,note,packed\n1,n/a,{START_PACKED}\n2,b/w,{START_PACKED}\n3,-,{START_PACKED}\n")
    );
    let input = format!("id,fen\n1,{START}\n2,12345\n3,{START}\n");
    let (code, out, err) = run(
        &["convert", "--csv", "--header", "-t", "packed"],
        input.as_bytes(),
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("-:3:3: this field reads as int, but the board's column holds fen"),
        "{err}"
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id,packed\n1,{START_PACKED}\n3,{START_PACKED}\n")
    );
    // EPD is FEN's form: an id<TAB>EPD row finds its column.
    let epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;";
    let out = converted(
        &["convert", "--tsv", "-t", "packed"],
        format!("7\t{epd}\n").as_bytes(),
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("7\t{START_PACKED}\n")
    );
}

/// Hostile review 2, finding 1: under -f auto a named column (`--column N` or `NAME`) is one
/// form too: its first board settles the form, and a cell of another form is a bad record.
#[test]
fn a_named_column_under_auto_keeps_one_form() {
    let input = format!("id\tfen\n1\t{START}\n2\t0x10\n3\t1,2\n4\t{START}\n");
    for column in ["fen", "2"] {
        let (code, out, err) = run(
            &[
                "convert", "--tsv", "--header", "--column", column, "-t", "packed",
            ],
            input.as_bytes(),
        );
        assert_eq!(code, 1, "{err}");
        assert!(
            err.contains("-:3:3: this field reads as int, but the board's column holds fen"),
            "{err}"
        );
        assert!(
            err.contains("-:4:3: this field reads as pair, but the board's column holds fen"),
            "{err}"
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("id\tpacked\n1\t{START_PACKED}\n4\t{START_PACKED}\n")
        );
    }
    let (code, out, err) = run(
        &["convert", "--csv", "--column", "2", "-t", "packed"],
        format!("1,{START}\n2,12345\n").as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("-:2:3: this field reads as int"), "{err}");
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("1,{START_PACKED}\n")
    );
    // A column of another form than FEN keeps its form too.
    let (code, out, err) = run(
        &["convert", "--csv", "--column", "2", "-t", "squares"],
        format!("1,0x81\n2,{START}\n3,0x2\n").as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("-:2:3: this field reads as fen"), "{err}");
    assert_eq!(String::from_utf8(out).unwrap(), "1,a1 h1\n3,b1\n");
}

/// Hostile review 2, finding 2: a row before the one that settles the board's column (under
/// -f auto, named or not) is a bad record: `n/a` or `b/w` there is no 1x2 board that would set
/// the stream's size and refuse every real board after it.
#[test]
fn rows_before_the_settling_row_set_no_size() {
    let mut input = String::from("id,fen,eval\n0,n/a,0.0\n");
    for k in 1..=3000 {
        input.push_str(&format!("{k},{START},0.{k}\n"));
    }
    let (code, out, err) = run(
        &["convert", "--csv", "--header", "-t", "packed"],
        input.as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("-:2: "), "{err}");
    assert!(err.contains("1 bad record of 3001"), "{err}");
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 3001, "{text:.200}");
    assert!(text.starts_with(&format!("id,packed,eval\n1,{START_PACKED},0.1\n")));
    for column in [None, Some("2")] {
        let mut args = vec!["convert", "--csv", "-t", "packed", "--errors", "null"];
        args.extend(column.iter().flat_map(|c| ["--column", c]));
        let (code, out, err) = run(&args, format!("1,b/w,x\n2,{START},y\n").as_bytes());
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("-:1:"), "{err}");
        assert!(err.contains("1 bad record of 2"), "{err}");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("1,,x\n2,{START_PACKED},y\n"),
            "{args:?}"
        );
    }
    // A column never settled: each row says so.
    let (code, _, err) = run(
        &["convert", "--csv", "--column", "2", "-t", "packed"],
        b"1,n/a\n2,b/w\n",
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("2 bad records of 2"), "{err}");
    assert!(!err.contains("1x2"), "{err}");
}

/// Hostile review 2, finding 3: short text with a slash (labels, ratios, dates) is not a board
/// under -f auto: a FEN's ranks are of one width of at least 2, at least 2 of them, and a
/// placement alone has at least 3 ranks, a piece, and only chess letters.
#[test]
fn short_slash_labels_are_not_boards() {
    for label in [
        "TP/FP", "NA/NA", "ok/ok", "hi/lo", "AB/CD", "2/2", "kk/KK", "5/5/5", "12/12/12",
        "TP/FP/FN", "1/2/3",
    ] {
        let out = converted(
            &["convert", "--csv", "-t", "packed"],
            format!("1,{label},{START}\n").as_bytes(),
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("1,{label},{START_PACKED}\n"),
            "{label}"
        );
    }
    // A placement alone of chess pieces, or a FEN with its side to move, is a board.
    for board in ["8/8/8/8/8/8/8/K6k", "8/8/8/8/8/8/8/K6k w - - 0 1"] {
        let out = converted(
            &["convert", "--csv", "-t", "packed"],
            format!("1,TP/FP,{board}\n").as_bytes(),
        );
        let packed = converted(&["convert", "-f", "fen", "-t", "packed", board], b"");
        let want = [b"1,TP/FP,".as_slice(), &packed].concat();
        assert_eq!(out, want, "{board}");
    }
}

/// A placement cell with a vertical tab or Unicode whitespace at an end is text, not a board,
/// under -f auto: the cell is trimmed of ASCII whitespace only (as a field is), so the stray
/// character reaches the FEN's plausibility check, which refuses it (today's differential
/// review of the forms' move found `str::trim` there).
#[test]
fn a_placement_with_stray_whitespace_is_not_a_board() {
    for cell in [
        "8/8/8/8/8/8/8/K7\u{b}",
        "\u{a0}8/8/8/8/8/8/8/K7",
        "K7/8/8\u{3000}",
    ] {
        let (code, out, err) = run(
            &["convert", "--csv", "-t", "fen"],
            format!("{cell}\n").as_bytes(),
        );
        assert_eq!(code, 1, "{cell:?}: {out:?}");
        assert!(err.contains("no field of this row holds a board"), "{err}");
    }
}

/// Hostile review 2, finding 7: files whose headers differ are refused when the board's
/// column is found by itself, as they are with --column NAME: their rows would be written
/// under the first file's header.
#[test]
fn files_whose_headers_differ_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.csv");
    let c = dir.path().join("c.csv");
    std::fs::write(&a, format!("id,fen\n1,{START}\n")).unwrap();
    std::fs::write(&c, format!("fen,id\n{START},3\n")).unwrap();
    let (a, c) = (a.to_str().unwrap(), c.to_str().unwrap());
    for column in [None, Some("2")] {
        let mut args = vec!["convert", "--csv", "--header", "-t", "packed"];
        args.extend(column.iter().flat_map(|k| ["--column", k]));
        args.extend(["-i", a, "-i", c]);
        let (code, _, err) = run(&args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("convert the files one at a time"), "{err}");
        assert!(!err.contains("reads as int"), "{err}");
    }
    // The same header twice: one header, both files' rows.
    let (code, out, err) = run(
        &[
            "convert", "--csv", "--header", "-t", "packed", "-i", a, "-i", a,
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id,packed\n1,{START_PACKED}\n1,{START_PACKED}\n")
    );
}

/// Hostile review 2, finding 4: under --errors null a CSV row that was not kept (its quoted
/// field never closed, or longer than --max-line) is written as `""`, one empty field, which a
/// CSV reader reads as a row (a blank line it would skip): row N out is row N in.
#[test]
fn csv_null_rows_keep_the_row_count() {
    let (code, out, _) = run(
        &[
            "convert", "--csv", "--column", "2", "-f", "fen", "-t", "packed", "--errors", "null",
        ],
        format!("1,{START}\n2,{START},\"open\n3,{START}\n").as_bytes(),
    );
    assert_eq!(code, 1);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("1,{START_PACKED}\n\"\"\n")
    );
    let long = "x".repeat(3000);
    let (code, out, _) = run(
        &[
            "convert",
            "--csv",
            "--column",
            "2",
            "-f",
            "fen",
            "-t",
            "packed",
            "--errors",
            "null",
            "--max-line",
            "1K",
        ],
        format!("1,{START}\n2,{START},{long}\n3,{START}\n").as_bytes(),
    );
    assert_eq!(code, 1);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("1,{START_PACKED}\n\"\"\n3,{START_PACKED}\n")
    );
}

/// Hostile review 2, finding 5: an error's column in a TSV field that starts with a quote (text
/// in a TSV) is the same whatever the line ends and chunks around it, at any --jobs.
#[test]
fn tsv_error_columns_do_not_depend_on_line_ends_or_jobs() {
    for input in [&b"x\rab\t\"q\n"[..], b"x\nab\t\"q\n", b"ab\t\"q\rx\n"] {
        let (_, _, err) = run(
            &[
                "convert", "--tsv", "--column", "2", "-f", "fen", "-t", "fen",
            ],
            input,
        );
        assert!(
            err.contains(":4: rank 1 (from the top): found '\"'"),
            "{err}"
        );
    }
    // Rows with a bad board, one CR-only line end among them: every row's column is found
    // the same way at --jobs 1 and 2, wherever chunks are cut.
    let mut input = Vec::new();
    for k in 0..6000 {
        if k == 3000 {
            input.extend_from_slice(b"x\r");
        }
        input.extend_from_slice(format!("{k}\t\"q\n").as_bytes());
    }
    let mut reports = Vec::new();
    for jobs in ["1", "2"] {
        let (_, _, err) = run(
            &[
                "convert",
                "--tsv",
                "--column",
                "2",
                "-f",
                "fen",
                "-t",
                "fen",
                "--jobs",
                jobs,
                "--max-errors",
                "all",
            ],
            &input,
        );
        for line in err.lines().filter(|l| l.contains("rank 1")) {
            let mut parts = line.split(':').skip(2);
            let (l, c) = (parts.next().unwrap(), parts.next().unwrap());
            let l: usize = l.parse().unwrap();
            let k = if l <= 3000 { l - 1 } else { l - 2 };
            assert_eq!(c, (k.to_string().len() + 2).to_string(), "{line}");
        }
        reports.push(err);
    }
    assert_eq!(reports[0], reports[1]);
}

/// A column named by its header under a named `-f` is settled by the header: the first row
/// after it converts (it was refused as a row "before the settling row").
#[test]
fn a_column_named_by_the_header_under_a_named_form_converts_its_first_row() {
    for (sep, flag) in [(",", "--csv"), ("\t", "--tsv")] {
        let input = format!("id{sep}sq\n1{sep}a1 h1\n2{sep}e4\n");
        let (code, out, err) = run(
            &[
                "convert", flag, "--header", "--column", "sq", "-f", "squares", "-t", "hex",
            ],
            input.as_bytes(),
        );
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("id{sep}hex\n1{sep}0x0000000000000081\n2{sep}0x0000000010000000\n")
        );
    }
}

/// Hostile review 3, finding 1: under -f auto, a board column settled past the first chunk of
/// input (rows of no board, then boards) still renames the header, and the rows before it are
/// written with their board field emptied under `--errors null`, at any `--jobs`.
#[test]
fn a_column_settled_late_renames_the_header() {
    let mut input = String::from("id,fen\n");
    let early = 8000; // about 100 KiB of rows without a board
    for k in 0..early {
        input.push_str(&format!("{k},none yet\n"));
    }
    input.push_str(&format!("{early},{START}\n"));
    for jobs in ["1", "2"] {
        let (code, out, err) = run(
            &[
                "convert", "--csv", "--header", "-t", "packed", "--errors", "null", "-j", jobs,
            ],
            input.as_bytes(),
        );
        assert_eq!(code, 1, "{err}");
        assert!(
            err.contains(&format!("{early} bad records of {}", early + 1)),
            "{err}"
        );
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), early + 2, "--jobs {jobs}");
        assert_eq!(lines[0], "id,packed", "--jobs {jobs}");
        assert_eq!(lines[1], "0,", "--jobs {jobs}");
        assert_eq!(lines[early], format!("{},", early - 1), "--jobs {jobs}");
        assert_eq!(
            lines[early + 1],
            format!("{early},{START_PACKED}"),
            "--jobs {jobs}"
        );
    }
}

/// Hostile review 3, finding 2: a cell of several lines qualifies as a printed board only in a
/// printer's shape or as rows of board cells (chess letters, `.`, `X`, `O`, ...): two lines of
/// other letters are text.
#[test]
fn a_cell_of_two_lines_of_letters_is_no_board() {
    let input = format!("id,note,fen\n1,\"ab\ncd\",{START}\n");
    let out = converted(
        &["convert", "--csv", "--header", "-t", "packed"],
        input.as_bytes(),
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id,note,packed\n1,\"ab\ncd\",{START_PACKED}\n")
    );
    // Nor are status words of board-ish letters (`o` and `x` are no printer's cells in a table).
    for note in ["ok\nok", "no\nno", "oo\noo", "xx\nxx"] {
        let input = format!("id,note,fen\n1,\"{note}\",{START}\n");
        let out = converted(
            &["convert", "--csv", "--header", "-t", "packed"],
            input.as_bytes(),
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("id,note,packed\n1,\"{note}\",{START_PACKED}\n"),
            "{note:?}"
        );
    }
    // python-chess's print(board) in a cell is a board.
    let printed = "r n b q k b n r\np p p p p p p p\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nP P P P P P P P\nR N B Q K B N R";
    let input = format!("id,board\n1,\"{printed}\"\n");
    let out = converted(
        &["convert", "--csv", "--header", "-t", "packed"],
        input.as_bytes(),
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id,packed\n1,{START_PACKED}\n")
    );
}

/// Hostile review 3, finding 3: under `--append --errors null`, a row of another width than
/// the header's is written with its fields under their own names: a short row padded, a long
/// row's extra fields after the (empty) board field.
#[test]
fn ragged_null_rows_under_append_keep_their_columns() {
    let input = format!("id,fen,note\n1,{START}\n2,{START},a,b\n3,{START},c\n");
    let (code, out, err) = run(
        &[
            "convert", "--csv", "--header", "--column", "fen", "--append", "p", "-t", "packed",
            "--errors", "null",
        ],
        input.as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("-:2: the row has 2 fields, but the header has 3"),
        "{err}"
    );
    assert!(
        err.contains("-:3: the row has 4 fields, but the header has 3"),
        "{err}"
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("id,fen,note,p\n1,{START},,\n2,{START},a,,b\n3,{START},c,{START_PACKED}\n")
    );
}

/// Hostile review 3, finding 5: a conversion the options leave open (no `--layer` for one
/// bitboard) is reported as such, not as a column that holds no board; a `--column NAME` the
/// header holds twice, and an `--append NAME` the header holds already, are usage errors.
#[test]
fn table_usage_is_reported_as_what_it_is() {
    let input = format!("id,fen\n1,{START}\n");
    for column in [None, Some("fen")] {
        let mut args = vec!["convert", "--csv", "--header", "-t", "hex"];
        args.extend(column.iter().flat_map(|c| ["--column", c]));
        let (code, out, err) = run(&args, input.as_bytes());
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            err.contains("-:2: the input is a two-player board"),
            "{args:?}: {err}"
        );
        assert!(err.contains("--layer"), "{err}");
        assert_eq!(String::from_utf8(out).unwrap(), "id,hex\n", "{args:?}");
    }
    let (code, _, err) = run(
        &[
            "convert", "--csv", "--header", "--column", "fen", "-t", "packed",
        ],
        format!("fen,fen\n{START},{START}\n").as_bytes(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--column fen: the header has fen in columns 1 and 2"),
        "{err}"
    );
    let (code, out, err) = run(
        &[
            "convert", "--csv", "--header", "--append", "fen", "-t", "packed",
        ],
        input.as_bytes(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--append fen: the header has a column named fen already"),
        "{err}"
    );
    assert!(out.is_empty());
    // Renaming the board's column after the output form would name two columns alike.
    let (code, out, err) = run(
        &["convert", "--csv", "--header", "-t", "packed"],
        format!("id,fen,packed\n1,{START},old\n").as_bytes(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the header names column 3 packed already"),
        "{err}"
    );
    assert!(out.is_empty());
}

/// The rows held back while the board's column is to be found are bounded: past 64 MiB of
/// rows without a board the run stops (exit 2), nothing written, and says to name the column.
#[test]
fn rows_held_for_the_board_column_are_bounded() {
    let row = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n";
    let input = row.repeat((65 << 20) / row.len() + 1);
    let (code, out, err) = run(&["convert", "--csv", "-t", "packed"], input.as_bytes());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no row of the first 64 MiB of input holds a board"),
        "{err}"
    );
    assert!(err.contains("--column N or NAME"), "{err}");
    assert!(out.is_empty());
}
