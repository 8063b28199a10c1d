//! Real files as their tools write them (fixtures/real, each with its source and licence in its
//! README), compared with independent readers: sgfmill for SGF game trees, python-chess for EPD
//! and crazyhouse pockets, pydraughts for Russian draughts (fixtures/real/gen_expected.py); and
//! records that span lines, on stdin, under `-f auto`.

use std::collections::BTreeMap;

use crate::util::{fixture, lines_of, ok, run};

/// The rows of a fixture TSV, without its `#` header.
fn rows(rel: &str) -> Vec<Vec<String>> {
    String::from_utf8(fixture(rel))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn sgf_positions_are_sgfmills() {
    // (file, node) -> the expected squares and side of each record, by record number.
    let mut want: BTreeMap<(String, String), BTreeMap<usize, (String, String)>> = BTreeMap::new();
    for r in rows("real/sgf/expected.tsv") {
        let record: usize = r[1].parse().unwrap();
        let turn = r.get(4).cloned().unwrap_or_default();
        want.entry((r[0].clone(), r[2].clone()))
            .or_default()
            .insert(record, (r[3].clone(), turn));
    }
    let mut checked = 0;
    for ((file, node), records) in &want {
        let path = format!("real/sgf/{file}");
        let mut args = vec!["convert", "-f", "sgf", "--errors", "null", "-i", &path];
        if node != "root" {
            args.extend(["--sgf-node", node]);
        }
        let squares = lines_of(&[&args[..], &["-t", "squares"]].concat(), b"");
        let json = lines_of(&[&args[..], &["-t", "json"]].concat(), b"");
        for (&k, (sq, turn)) in records {
            // Under --errors null every input line has its output line: the generated games
            // are separated by one blank line each.
            let k = if file == "generated.sgf" { 2 * k } else { k };
            assert_eq!(&squares[k], sq, "{file} record {k} node {node}");
            let turn_json = match turn.as_str() {
                "" => String::new(),
                t => format!("\"turn\":\"{t}\""),
            };
            assert_eq!(
                json[k].contains("\"turn\""),
                !turn.is_empty(),
                "{file} record {k} node {node}: {}",
                json[k]
            );
            assert!(
                json[k].contains(&turn_json),
                "{file} {k} {node}: {}",
                json[k]
            );
            checked += 1;
        }
    }
    assert!(checked > 700, "{checked}");
    // The same files under the default -f auto read their game trees whole.
    for file in [
        "messy.sgf",
        "sampletest9x9.sgf",
        "cornermoves.sgf",
        "foxlike-gb2312.sgf",
    ] {
        let path = format!("real/sgf/{file}");
        let auto = lines_of(&["convert", "-t", "squares", "-i", &path], b"");
        let sgf = lines_of(&["convert", "-f", "sgf", "-t", "squares", "-i", &path], b"");
        assert_eq!(auto, sgf, "{file}");
        assert_eq!(auto.len(), 1, "{file}: one game, one record");
    }
    let generated = fixture("real/sgf/generated.sgf");
    let auto = lines_of(&["convert", "-t", "squares"], &generated);
    assert_eq!(auto.len(), 60);
}

#[test]
fn sgf_nodes_past_the_end_and_merged_setup() {
    let (code, _, err) = run(
        &[
            "convert",
            "-t",
            "pair",
            "--sgf-node",
            "9",
            "-i",
            "real/sgf/cornermoves.sgf",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("node 9 is past the end of the main line, which has 5 nodes (0 to 4)"),
        "{err}"
    );
    // Setup in variations is never merged into the root's (sgfmill: the root's a9 alone).
    let out = lines_of(
        &[
            "convert",
            "-t",
            "squares",
            "(;SZ[9]AB[aa](;AB[bb])(;AB[cc]))",
        ],
        b"",
    );
    assert_eq!(out, ["first: a9; second: -"]);
    let (code, _, err) = run(
        &[
            "convert",
            "-t",
            "pair",
            "--sgf-node",
            "2",
            "(;SZ[9];B[aa];W[aa])",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("node 2: W[aa]: the point a9 is occupied"),
        "{err}"
    );
}

#[test]
fn epd_reads_as_python_chess_reads_it() {
    for r in rows("real/epd/expected.tsv") {
        let (line, fen) = (&r[1], &r[2]);
        for from in ["epd", "auto"] {
            let out = lines_of(&["convert", "-f", from, "-t", "fen", "--", line], b"");
            assert_eq!(&out[0], fen, "-f {from} {line}");
        }
        // -t json keeps the operations, and EPD comes back as it was written.
        let json = lines_of(&["convert", "-f", "epd", "-t", "json", "--", line], b"");
        let back = lines_of(&["convert", "-f", "json", "-t", "epd"], json[0].as_bytes());
        assert_eq!(&back[0], line);
        // Strict FEN names -f epd; --lenient keeps today's reading.
        let (code, _, err) = run(&["convert", "-f", "fen", "-t", "pair", "--", line], b"");
        assert_eq!(code, 1);
        assert!(err.contains("-f epd"), "{err}");
        let (code, _, _) = run(
            &[
                "convert",
                "-f",
                "fen",
                "--lenient",
                "-t",
                "pair",
                "--",
                line,
            ],
            b"",
        );
        assert_eq!(code, 0);
    }
    for file in ["endgame.epd", "bratko-kopec.epd", "string-escaping.epd"] {
        let path = format!("real/epd/{file}");
        let (code, out, err) = run(&["convert", "-f", "epd", "-t", "epd", "-i", &path], b"");
        assert_eq!(code, 0, "{err}");
        assert!(out == fixture(&path), "{file} comes back byte for byte");
    }
    // A FEN written as EPD: its four fields (python-chess's epd()).
    let out = lines_of(
        &[
            "convert",
            "-t",
            "epd",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
        b"",
    );
    assert_eq!(
        out,
        ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"]
    );
}

#[test]
fn crazyhouse_pockets_of_any_count_read_as_python_chess_reads_them() {
    let all = rows("real/fen/crazyhouse.tsv");
    assert_eq!(all.len(), 41, "0 to 30 pocket pieces, and ten real lines");
    assert!(
        all.iter().any(|r| r[0].contains("/NRNrprnb ")),
        "a real pocket of exactly eight"
    );
    for r in all {
        // An 8x8 board with a pocket (not a board of nine ranks), written back as written.
        let json = lines_of(&["convert", "-t", "json", &r[0]], b"");
        assert!(
            json[0].starts_with(r#"{"size":"8x8","#),
            "{}: {}",
            r[0],
            json[0]
        );
        let out = lines_of(&["convert", "-t", "fen", &r[0]], b"");
        assert_eq!(out[0], r[0], "the pocket is written back as a last rank");
        let field = out[0].split(' ').next().unwrap();
        let (placement, pocket) = field.rsplit_once('/').unwrap();
        assert_eq!(placement, r[1], "{}", r[0]);
        let mut sorted: Vec<char> = pocket.chars().collect();
        sorted.sort_unstable();
        assert_eq!(sorted.into_iter().collect::<String>(), r[2], "{}", r[0]);
    }
    // With -s 8x9 the ninth group is a rank.
    let out = lines_of(
        &[
            "convert",
            "-s",
            "8x9",
            "-t",
            "fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/BPNBnbnn",
        ],
        b"",
    );
    assert_eq!(
        out,
        ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/BPNBnbnn"]
    );
}

#[test]
fn russian_draughts_as_pydraughts_writes_them() {
    let file = fixture("real/draughts/russian.pdn");
    let (code, out, err) = run(&["convert", "-f", "pdn", "-t", "pdn"], &file);
    assert_eq!(code, 0, "{err}");
    assert!(out == file, "algebraic squares are written back as read");
    let squares = lines_of(&["convert", "-f", "pdn", "-t", "squares"], &file);
    for (k, r) in rows("real/draughts/expected.tsv").iter().enumerate() {
        assert_eq!(
            squares[k],
            format!("first: {}; second: {}", r[1], r[2]),
            "{}",
            r[0]
        );
    }
}

/// The IDF's Russian draughts ballots, as a public opening table writes them (numbered squares),
/// read as pydraughts reaches them by playing each ballot's moves.
#[test]
fn idf_ballots_are_the_positions_their_moves_reach() {
    let file = fixture("real/draughts/idf-ballots.pdn");
    let (code, out, err) = run(&["convert", "-f", "pdn", "-t", "pdn"], &file);
    assert_eq!(code, 0, "{err}");
    assert!(out == file, "the ballots come back byte for byte");
    let squares = lines_of(&["convert", "-f", "pdn", "-t", "squares"], &file);
    let fens = lines_of(&["convert", "-f", "pdn", "-t", "fen"], &file);
    let want = rows("real/draughts/idf-expected.tsv");
    assert_eq!(want.len(), 32);
    for (k, r) in want.iter().enumerate() {
        assert_eq!(
            squares[k],
            format!("first: {}; second: {}", r[3], r[4]),
            "ballot {}",
            r[0]
        );
        let side = if r[2] == "W" { " w" } else { " b" };
        assert!(fens[k].ends_with(side), "ballot {}: {}", r[0], fens[k]);
    }
}

/// Point 6: the same form in and out gives the file back byte for byte, its blank lines,
/// comment lines and CRLF line ends in place.
#[test]
fn same_form_files_come_back_byte_for_byte() {
    let obf = fixture("edax/fforum-1-19.obf");
    let mut crlf_obf = b"# an OBF file\r\n".to_vec();
    crlf_obf.extend(
        obf.split(|&c| c == b'\n')
            .filter(|l| !l.is_empty())
            .flat_map(|l| [l, b"\r\n"].concat()),
    );
    crlf_obf.extend_from_slice(b"\r\n\r\n");
    let files: [(&str, Vec<u8>); 4] = [
        ("edax", [obf.clone(), b"\n".to_vec()].concat()),
        ("edax", crlf_obf),
        (
            "fen",
            b"# games\r\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r\n\n8/8/8/8/8/8/8/K6k b - - 3 40\n\n\n"
                .to_vec(),
        ),
        (
            "pdn",
            b"W:W21-32:B1-12\r\n# ballots\r\nW:Wa1,c3,e3,g3,c1,e1,g1,b2,d2,f2,h2,a3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8\n\n".to_vec(),
        ),
    ];
    for (form, text) in files {
        for jobs in ["1", "2"] {
            let (code, out, err) = run(&["convert", "-f", form, "-t", form, "-j", jobs], &text);
            assert_eq!(code, 0, "{form}: {err}");
            assert!(
                out == text,
                "{form}: {:?}\nwant {:?}",
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&text)
            );
        }
    }
    let epd = fixture("real/epd/endgame.epd");
    let mut with_blank = b"\r\n".to_vec();
    with_blank.extend_from_slice(&epd);
    with_blank.extend_from_slice(b"\n");
    let (_, out, _) = run(&["convert", "-f", "epd", "-t", "epd"], &with_blank);
    assert!(out == with_blank);
}

/// Boards pasted on stdin, several in a stream, under the default -f auto: each one record.
#[test]
fn pasted_boards_on_stdin_are_one_record_each() {
    let mut input = Vec::new();
    for file in [
        "python-chess-print.txt",
        "stockfish-d.txt",
        "python-chess-unicode.txt",
        "python-chess-unicode-borders.txt",
        "shakmaty-debug.txt",
    ] {
        input.extend(fixture(&format!("paste/{file}")));
        input.extend_from_slice(b"8/8/8/8/8/8/8/K6k w - - 0 1\n");
    }
    let out = lines_of(&["convert", "-t", "fen"], &input);
    let placement = String::from_utf8(fixture("paste/expected.fen")).unwrap();
    let placement = placement.split_whitespace().next().unwrap().to_string();
    assert_eq!(out.len(), 10, "{out:?}");
    for (k, line) in out.iter().enumerate() {
        if k % 2 == 1 {
            assert_eq!(line, "8/8/8/8/8/8/8/K6k w - - 0 1");
        } else {
            assert!(line.starts_with(&placement), "{k}: {line}");
        }
    }
    // A board cut short is a bad record, and the records after it are read.
    let cut: Vec<u8> = fixture("paste/stockfish-d.txt")
        .split(|&c| c == b'\n')
        .take(9)
        .collect::<Vec<_>>()
        .join(&b'\n');
    let mut input = cut;
    input.extend_from_slice(b"\n8/8/8/8/8/8/8/K6k w - - 0 1\n");
    let (code, out, err) = run(&["convert", "-t", "fen"], &input);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "8/8/8/8/8/8/8/K6k w - - 0 1\n"
    );
    assert!(err.contains("-:2"), "{err}");
    // So is a bbconv grid cut short, before a FEN (which starts with a digit, as a rank does,
    // but has no space after it): the FEN was read as the grid's next rank and lost.
    let input = b"# 8x8 lerf\n8 r n b q k b n r\n7 p p p p p p p p\n8/8/8/8/8/8/8/K6k w - - 0 1\n";
    let (code, out, err) = run(&["convert", "-t", "fen"], input);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "8/8/8/8/8/8/8/K6k w - - 0 1\n"
    );
    assert!(
        err.contains("-:1: the board printed as bbconv's grid is cut short"),
        "{err}"
    );
    // Lines of digits then a space (indices, a pair of integers) after a grid cut short are
    // records too, counted and converted (hostile review 9: both were lost).
    let input = b"# 8x8 lerf\n8 r n b q k b n r\n0 1 2 8\n0x7\n";
    let (code, out, err) = run(&["convert", "-t", "hex", "--layer", "occupied"], input);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "0x0000000000000107\n0x0000000000000007\n"
    );
    assert!(err.contains("1 bad record of 3"), "{err}");
    // A grid as -f grid reads it, read the same under -f auto: a tab after a rank's number, a
    // `#` comment between ranks, two spaces in the header.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let grid = ok(&["convert", "-f", "fen", "-t", "grid", fen]);
    for variant in [
        grid.replace("8 r", "8\tr"),
        grid.replacen('\n', "\n# a comment\n", 2),
        grid.replacen("# ", "#  ", 1),
    ] {
        let named = lines_of(&["convert", "-f", "grid", "-t", "fen"], variant.as_bytes());
        let auto = lines_of(&["convert", "-t", "fen"], variant.as_bytes());
        assert_eq!((named.len(), &named), (1, &auto), "{variant}");
    }
}
