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
