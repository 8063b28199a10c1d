//! `bbconv canon`: every image of a board has one canonical image; the count of tic-tac-toe
//! fillings up to symmetry is Burnside's; the output is byte-identical at any `--jobs`.

use crate::util::run;

/// All 3^9 fillings of a 3x3 board fall into 2,862 classes under the 8 symmetries (Burnside:
/// (19683 + 2*27 + 243 + 4*729) / 8), and canon gives one image a class.
#[test]
fn tic_tac_toe_classes_match_burnside() {
    let mut input = String::new();
    for k in 0..3u32.pow(9) {
        let mut v = k;
        for _ in 0..9 {
            input.push(char::from(b'0' + (v % 3) as u8));
            v /= 3;
        }
        input.push('\n');
    }
    let (code, out, err) = run(
        &[
            "canon",
            "-s",
            "3x3",
            "-f",
            "trits",
            "-t",
            "trits",
            "--no-transform",
        ],
        input.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&[u8]> = out
        .split(|&c| c == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(lines.len(), 19683);
    let distinct: std::collections::BTreeSet<&[u8]> = lines.into_iter().collect();
    assert_eq!(distinct.len(), 2862);
}

/// The 8 images of an Othello-like position (as `bbconv op` makes them) have one canonical
/// image, and the symmetry printed maps each onto it.
#[test]
fn every_image_has_one_canon() {
    let fen = "8/8/2pP4/3Pp3/3pPP2/8/1p6/8 w - - 0 1";
    let mut images = Vec::new();
    for (op, arg) in [
        ("flip", "vertical"),
        ("flip", "horizontal"),
        ("flip", "diagonal"),
        ("flip", "antidiagonal"),
        ("rotate", "90"),
        ("rotate", "180"),
        ("rotate", "270"),
    ] {
        let (code, out, err) = run(&["op", op, arg, "-f", "fen", "-t", "fen", fen], b"");
        assert_eq!(code, 0, "{err}");
        images.push(String::from_utf8(out).unwrap().trim().to_string());
    }
    images.push(fen.to_string());
    let input = images.join("\n") + "\n";
    let (code, out, err) = run(&["canon", "-f", "fen", "-t", "fen"], input.as_bytes());
    assert_eq!(code, 0, "{err}");
    let out = String::from_utf8(out).unwrap();
    let canon: std::collections::BTreeSet<&str> =
        out.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(canon.len(), 1, "{out}");
    // Applying the printed symmetry to each image gives the canonical one.
    for (img, line) in images.iter().zip(out.lines()) {
        let (want, sym) = line.split_once('\t').unwrap();
        let args: Vec<&str> = match sym {
            "identity" => {
                assert_eq!(img, want);
                continue;
            }
            s => {
                let (op, arg) = s.split_once('-').unwrap();
                vec!["op", op, arg, "-f", "fen", "-t", "fen", img]
            }
        };
        let (_, moved, _) = run(&args, b"");
        assert_eq!(
            String::from_utf8(moved).unwrap().trim(),
            want,
            "{sym} of {img}"
        );
    }
}

/// A non-square board has 4 symmetries: a Connect Four position and its mirror image meet.
#[test]
fn connect_four_and_its_mirror() {
    let (code, out, err) = run(
        &[
            "canon", "-s", "7x6", "-f", "squares", "-t", "squares", "a1 b1 a2", "g1 f1 g2",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0].split('\t').next(),
        lines[1].split('\t').next(),
        "{out}"
    );
    // Diagonal flips are not symmetries of a 7x6 board.
    assert!(
        !out.contains("diagonal") && !out.contains("rotate-90"),
        "{out}"
    );
}

/// The same output whatever the number of threads, on an input large enough to be split.
#[test]
fn byte_identical_at_any_jobs() {
    let mut input = String::new();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..40_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (f, s) = (
            x & 0x0000_00ff_0f0f_0f0f,
            (x >> 1) & 0x00ff_0000_7070_7070 & !(x & 0x0000_00ff_0f0f_0f0f),
        );
        input.push_str(&format!("{f:#x} {s:#x}\n"));
    }
    let one = run(
        &["canon", "-f", "pair", "-t", "packed", "-j", "1"],
        input.as_bytes(),
    );
    let four = run(
        &["canon", "-f", "pair", "-t", "packed", "-j", "4"],
        input.as_bytes(),
    );
    assert_eq!(one.0, 0, "{}", one.2);
    assert_eq!(one.1.len(), four.1.len());
    assert!(one.1 == four.1);
}
