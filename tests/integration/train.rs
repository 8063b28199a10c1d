//! The trainers' forms from the command line: a file converted into its own form is validated
//! (each bad record listed with its number, offset and field, the good ones written), and the
//! training fields travel between the forms that hold them.

use crate::util::{fixture, run};

/// `-f sf-bin -t sf-bin -o clean.bin` keeps every valid record (its padding byte zeroed) and
/// lists the others: the fixture the reference wrote from `KQkq` with the king on b1, a record
/// with an undefined Huffman code, and a last record cut short.
#[test]
fn converting_a_training_file_into_its_own_form_validates_it() {
    let good = fixture("train/sf.bin");
    let mut input = good.clone();
    let mut huffman = good[..40].to_vec();
    huffman[2] |= 1; // a8's rook code 0b0111 turned 0b1111
    input.extend_from_slice(&huffman);
    input.extend_from_slice(&good[..25]);
    let dir = tempfile::tempdir().unwrap();
    let (inp, out) = (dir.path().join("data.bin"), dir.path().join("clean.bin"));
    std::fs::write(&inp, &input).unwrap();
    let (code, _, err) = run(
        &[
            "convert",
            "-f",
            "sf-bin",
            "-t",
            "sf-bin",
            "-i",
            inp.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 1, "{err}");
    let name = inp.display().to_string();
    for want in [
        format!("{name}: record 20 (byte 760): castling: "),
        format!("{name}: record 21 (byte 801): square a8: Huffman code 0b1111"),
        format!("{name}: record 22 (byte 840): the last record is 25 bytes, expected 40"),
        "3 bad records of 22".to_string(),
    ] {
        assert!(err.contains(&want), "{want}\n{err}");
    }
    let clean = std::fs::read(&out).unwrap();
    assert_eq!(clean.len(), 19 * 40);
    for (k, (a, b)) in clean.chunks(40).zip(good.chunks(40)).enumerate() {
        assert_eq!(a[..39], b[..39], "record {}", k + 1);
        assert_eq!(a[39], 0, "record {}: the padding byte", k + 1);
    }
}

/// JSON's `train` member to each form and back keeps the fields the form holds, turned to its
/// point of view and back: score and result in all three, move and ply in sf-bin.
#[test]
fn training_fields_travel_between_the_forms_that_hold_them() {
    let json = br#"{"fen":"1r3rk1/p2qnpb1/6pp/P1p1p3/3nN3/2QP2P1/R3PPBP/2B2RK1 b - - 0 1","train":{"score":-35,"result":-1,"move":"d4e2","ply":1}}"#;
    for (form, kept) in [
        (
            "sf-bin",
            r#""train":{"score":-35,"result":-1,"move":"d4e2","ply":1}"#,
        ),
        ("marlin", r#""train":{"score":-35,"result":-1}"#),
        // The side to move's view: Black's score and result, on the mirrored board.
        ("bullet", r#""train":{"score":35,"result":1}"#),
    ] {
        let (code, bytes, err) = run(&["convert", "-f", "json", "-t", form], json);
        assert_eq!(code, 0, "{form}: {err}");
        let (code, back, err) = run(
            &["convert", "-f", form, "-t", "json", "--fields", "fen"],
            &bytes,
        );
        assert_eq!(code, 0, "{form}: {err}");
        let back = String::from_utf8(back).unwrap();
        assert!(back.contains(kept), "{form}: {back}");
    }
    // A form without the fields drops them; FEN's own fields stay.
    let (_, fen, _) = run(&["convert", "-f", "json", "-t", "binary-fen"], json);
    let (_, back, _) = run(
        &[
            "convert",
            "-f",
            "binary-fen",
            "-t",
            "json",
            "--fields",
            "fen",
        ],
        &fen,
    );
    let back = String::from_utf8(back).unwrap();
    assert!(
        !back.contains("train") && back.contains(" b - - 0 1"),
        "{back}"
    );
}

/// `.plain` records are framed by their `e` line: each bad one is named by its line and column,
/// a last one without its `e` is read as it stands, and `sf-bin` to `sf-plain` to `sf-bin`
/// gives the records back.
#[test]
fn plain_records_end_at_their_e_line() {
    let text = b"fen 8/8/8/3k4/8/8/3K4/8 w - - 0 1\nscore 5\ne\n\nfen 8/8/8/3k4/8/8/3K4/8 b - - 0 1\nresult 2\ne\nfen 8/8/8/3k4/8/8/3K4/8 w - - 0 9\nmove d2d3\n";
    let (code, out, err) = run(&["convert", "-f", "sf-plain", "-t", "fen"], text);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out,
        b"8/8/8/3k4/8/8/3K4/8 w - - 0 1\n8/8/8/3k4/8/8/3K4/8 w - - 0 9\n"
    );
    assert!(
        err.contains("-:6:8: result: found '2', expected -1, 0 or 1"),
        "{err}"
    );
    let bin = fixture("train/sf.bin");
    let good = &bin[..19 * 40];
    let (_, plain, _) = run(&["convert", "-f", "sf-bin", "-t", "sf-plain"], good);
    let (code, back, err) = run(&["convert", "-f", "sf-plain", "-t", "sf-bin"], &plain);
    assert_eq!(code, 0, "{err}");
    let (_, direct, _) = run(&["convert", "-f", "sf-bin", "-t", "sf-bin"], good);
    assert_eq!(back, direct);
}

/// A table's rows, as pandas writes them and as R's `write.csv` does (every field quoted).
const TABLE: &str = "fen,score,result,move\n\
    1r3rk1/p2qnpb1/6pp/P1p1p3/3nN3/2QP2P1/R3PPBP/2B2RK1 b - - 0 1,-35,-1,d4e2\n\
    4k3/8/8/8/8/8/8/4K3 w - - 0 1,12,,\n";
const TABLE_R: &str = "\"fen\",\"score\",\"result\",\"move\"\n\
    \"1r3rk1/p2qnpb1/6pp/P1p1p3/3nN3/2QP2P1/R3PPBP/2B2RK1 b - - 0 1\",\"-35\",\"-1\",\"d4e2\"\n\
    \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\",\"12\",\"\",\"\"\n";

/// The same positions as JSON lines with the fields in their `train` member.
const AS_JSON: &[u8] = br#"{"fen":"1r3rk1/p2qnpb1/6pp/P1p1p3/3nN3/2QP2P1/R3PPBP/2B2RK1 b - - 0 1","train":{"score":-35,"result":-1,"move":"d4e2"}}
{"fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","train":{"score":12}}
"#;

/// `--train-columns` takes a table's score, result and move into each trainer's form: the
/// records are those of the same fields given in JSON's `train` member, whether the CSV quotes
/// every field or none; the header is not among them.
#[test]
fn a_tables_columns_give_the_training_fields() {
    for form in [
        "sf-bin",
        "sf-plain",
        "sf-compressed",
        "binary-fen",
        "marlin",
        "bullet",
    ] {
        let (code, want, err) = run(&["convert", "-f", "json", "-t", form], AS_JSON);
        assert_eq!(code, 0, "{form}: {err}");
        for table in [TABLE, TABLE_R] {
            let args = [
                "convert",
                "--csv",
                "--column",
                "fen",
                "-f",
                "fen",
                "-t",
                form,
                "--train-columns",
                "score,result,move",
            ];
            let (code, got, err) = run(&args, table.as_bytes());
            assert_eq!(code, 0, "{form}: {err}");
            assert_eq!(got, want, "{form}:\n{table}");
        }
    }
    // Columns by number and a header's other names.
    let renamed = TABLE.replacen("score,result,move", "eval,wdl,best", 1);
    let args = [
        "convert",
        "--csv",
        "--header",
        "-t",
        "sf-bin",
        "--train-columns",
        "score=eval,result=3,move=best",
    ];
    let (code, got, err) = run(&args, renamed.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        got,
        run(&["convert", "-f", "json", "-t", "sf-bin"], AS_JSON).1
    );
}

/// `--train-view mover` reads the score and the result from the side to move's view: a
/// Black-to-move row's are turned to White's (its JSON's are negated), a White-to-move row's
/// kept; into JSON the table keeps its rows, the board's field now JSON with the fields.
#[test]
fn train_view_mover_turns_black_to_moves_score() {
    let args = [
        "convert",
        "--csv",
        "--column",
        "fen",
        "-t",
        "json",
        "--train-columns",
        "score,result",
        "--train-view",
        "mover",
    ];
    let (code, got, err) = run(&args, TABLE.as_bytes());
    assert_eq!(code, 0, "{err}");
    let got = String::from_utf8(got).unwrap();
    let rows: Vec<&str> = got.lines().collect();
    assert_eq!(rows.len(), 3, "{got}");
    assert!(rows[0].starts_with("json,score,result,move"), "{got}");
    assert!(
        rows[1].contains(r#"""train"":{""score"":35,""result"":1}}"#),
        "{got}"
    );
    assert!(rows[1].ends_with(",-35,-1,d4e2"), "{got}");
    assert!(rows[2].contains(r#"""train"":{""score"":12}"#), "{got}");
}

/// A bad cell is a bad record naming its line, its column and what was expected; the other
/// rows are converted; a column the header lacks ends the run before any row (exit 2).
#[test]
fn a_bad_training_cell_is_a_bad_row() {
    let table = format!("{TABLE}4k3/8/8/8/8/8/8/4K3 w - - 0 1,x,0,\n4k3/8/8/8/8/8/8/4K3 w - - 0 1,1,2,\n4k3/8/8/8/8/8/8/4K3 w - - 0 1,1,0,e9e4\n");
    let args = [
        "convert",
        "--csv",
        "--column",
        "fen",
        "-t",
        "sf-bin",
        "--train-columns",
        "score,result,move",
    ];
    let (code, got, err) = run(&args, table.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert_eq!(got.len(), 2 * 40, "the good rows' records");
    for want in [
        "-:4:31: column 2, score: found \"x\": expected an integer from -2147483647 to 2147483647",
        "-:5:33: column 3, result: found \"2\": expected an integer from -1 to 1",
        "-:6:35: column 4, move: found \"e9e4\": expected a UCI move",
        "3 bad records of 5",
    ] {
        assert!(err.contains(want), "{want}\n{err}");
    }
    let args = [
        "convert",
        "--csv",
        "-t",
        "sf-bin",
        "--train-columns",
        "score=eval",
    ];
    let (code, got, err) = run(&args, TABLE.as_bytes());
    assert_eq!((code, got.len()), (2, 0), "{err}");
    assert!(err.contains("--train-columns score=eval: the header has no column named eval; its columns are: fen, score, result, move"), "{err}");
}

/// A table's boards into a form of raw bytes are written alone, as its records, in row order.
#[test]
fn a_tables_boards_into_raw_bytes_are_records() {
    let (code, got, err) = run(
        &["convert", "--csv", "--header", "-t", "packed-bin"],
        TABLE.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    let fens = "1r3rk1/p2qnpb1/6pp/P1p1p3/3nN3/2QP2P1/R3PPBP/2B2RK1 b - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    assert_eq!(
        got,
        run(
            &["convert", "-f", "fen", "-t", "packed-bin"],
            fens.as_bytes()
        )
        .1
    );
}

/// A training field's column that is the boards' is a usage error before any row (exit 2),
/// named or numbered; a cell that is not UTF-8 is shown as it reads.
#[test]
fn a_training_column_is_not_the_boards() {
    for args in [
        ["--column", "1", "--train-columns", "score=1"],
        ["--column", "fen", "--train-columns", "score=fen"],
    ] {
        let mut full = vec!["convert", "--csv", "-t", "sf-bin"];
        full.extend(args);
        let (code, got, err) = run(&full, TABLE.as_bytes());
        assert_eq!((code, got.len()), (2, 0), "{args:?}: {err}");
        assert!(err.contains("--train-columns score: "), "{err}");
    }
    let args = [
        "convert",
        "--csv",
        "--column",
        "fen",
        "-t",
        "sf-bin",
        "--train-columns",
        "fen=1",
    ];
    assert_eq!(run(&args, TABLE.as_bytes()).0, 2);
    let args = [
        "convert",
        "--csv",
        "--header",
        "-t",
        "sf-bin",
        "--train-columns",
        "score=fen",
    ];
    let (code, _, err) = run(&args, TABLE.as_bytes());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("column 1 holds the boards"), "{err}");
    let mut table = TABLE.as_bytes().to_vec();
    table.extend_from_slice(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1,12\xffab,0,\n");
    let args = [
        "convert",
        "--csv",
        "--column",
        "fen",
        "-t",
        "sf-bin",
        "--train-columns",
        "score",
    ];
    let (code, _, err) = run(&args, &table);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("score: found \"12\u{fffd}ab\""), "{err}");
}
