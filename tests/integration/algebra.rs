//! Bitboard algebra (`op`), masks, and the order debugger (`explain`, `diff`): known vectors from
//! chessprogramming and bibi, and properties against a per-square reference model.

use std::collections::BTreeSet;

use bbconv_board::ops::{shift, Direction, Mask, Symmetry};
use bbconv_board::{Bitboard, Size, Square};
use proptest::prelude::*;

use crate::util::{ok, run};

fn op(args: &[&str]) -> String {
    let mut a = vec!["op"];
    a.extend_from_slice(args);
    let (code, out, err) = run(&a, b"");
    assert_eq!(code, 0, "{args:?}: {err}");
    String::from_utf8(out).unwrap().trim_end().to_string()
}

#[test]
fn letter_r_vectors() {
    let r = "0x1e2222120e0a1222";
    assert_eq!(op(&["flip", "vertical", r]), "0x22120a0e1222221e");
    assert_eq!(op(&["flip", "horizontal", r]), "0x7844444870504844");
    assert_eq!(op(&["flip", "diagonal", r]), "0x000061928c88ff00");
    assert_eq!(op(&["flip", "antidiagonal", r]), "0x00ff113149860000");
    assert_eq!(op(&["rotate", "90", r]), "0x00ff888c92610000");
    assert_eq!(op(&["rotate", "180", r]), "0x4448507048444478");
    assert_eq!(op(&["rotate", "270", r]), "0x000086493111ff00");
}

#[test]
fn masks_on_4x3() {
    let m = |k: &str, n: &str| op(&["mask", k, n, "-s", "4x3", "-t", "dec"]);
    assert_eq!(m("rank", "0"), "15");
    assert_eq!(m("rank", "2"), "3840");
    assert_eq!(m("file", "1"), "546");
    assert_eq!(m("diagonal", "1"), "132");
    assert_eq!(m("antidiagonal", "1"), "18");
    assert_eq!(op(&["mask", "full", "-s", "4x3", "-t", "dec"]), "4095");
    assert_eq!(op(&["mask", "empty", "-s", "4x3", "-t", "dec"]), "0");
    assert_eq!(
        op(&["mask", "square", "b2", "-s", "4x3", "-t", "dec"]),
        "32"
    );
    let (code, _, err) = run(&["op", "mask", "diagonal", "6", "-s", "4x3"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("diagonal 6 is out of range: expected 0 to 5"),
        "{err}"
    );
    let (code, _, err) = run(&["op", "mask", "file", "-1", "-s", "4x3"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("file -1 is out of range: expected 0 to 3"),
        "{err}"
    );
}

#[test]
fn bibi_examples() {
    // bibi's documented examples on 3x3 (square 0 bottom-left).
    let s = ["-s", "3x3", "-f", "rows", "-t", "rows"];
    let o = |args: &[&str]| {
        let mut v: Vec<&str> = args.to_vec();
        v.extend_from_slice(&s);
        op(&v)
    };
    assert_eq!(o(&["and", "010/010/010", "000/111/000"]), "000/010/000");
    assert_eq!(o(&["or", "010/010/010", "000/111/000"]), "010/111/010");
    assert_eq!(o(&["xor", "010/010/010", "000/111/000"]), "010/101/010");
    assert_eq!(o(&["not", "010/101/010"]), "101/010/101");
    // bibi draws rows west to east: shift_east of 111 is 011 read as a number, i.e. the west
    // square empties and the east square falls off, leaving 011 -> .11 in reading order.
    assert_eq!(o(&["shift", "east", "1", "111/000/000"]), "011/000/000");
    assert_eq!(o(&["shift", "north", "1", "100/100/100"]), "100/100/000");
    assert_eq!(o(&["shift", "south", "1", "100/100/100"]), "000/100/100");
    assert_eq!(
        o(&["shift", "northeast", "1", "001/011/000"]),
        "001/000/000"
    );
    assert_eq!(
        o(&["shift", "northwest", "1", "001/011/000"]),
        "110/000/000"
    );
    assert_eq!(
        o(&["shift", "southeast", "1", "001/011/000"]),
        "000/000/001"
    );
    assert_eq!(
        o(&["shift", "southwest", "1", "001/011/000"]),
        "000/010/110"
    );
    assert_eq!(o(&["shift", "west", "1", "111/000/000"]), "110/000/000");
    assert_eq!(o(&["flip", "horizontal", "100/100/100"]), "001/001/001");
    assert_eq!(o(&["flip", "vertical", "111/000/000"]), "000/000/111");
}

#[test]
fn errors_name_sizes_and_ranges() {
    let (code, _, err) = run(
        &[
            "op",
            "and",
            "-f",
            "json",
            "{\"size\":\"3x3\",\"bitboard\":1}",
            "{\"size\":\"4x4\",\"bitboard\":1}",
        ],
        b"",
    );
    assert_eq!(code, 1);
    assert!(err.contains("board sizes differ: 3x3 and 4x4"), "{err}");
    let (code, _, err) = run(&["op", "shift", "north", "-2", "0x1"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("cannot shift by -2"), "{err}");
    let (code, _, err) = run(&["op", "flip", "diagonal", "-s", "4x3", "0x1"], b"");
    assert_eq!(code, 1);
    assert!(
        err.contains("needs a square board, this one is 4x3"),
        "{err}"
    );
    // Rotating a rectangle swaps W and H: a1 turns clockwise to the top-left corner.
    assert_eq!(
        op(&["rotate", "90", "-s", "4x3", "-t", "json", "0x1"]),
        "{\"size\":\"3x4\",\"order\":\"lerf\",\"bitboard\":\"0x200\",\"squares\":[\"a4\"]}"
    );
}

#[test]
fn queries() {
    assert_eq!(op(&["popcount", "0x70507"]), "8");
    assert_eq!(op(&["lsb", "0x70507"]), "a1");
    assert_eq!(op(&["msb", "0x70507"]), "c3");
    assert_eq!(op(&["msb", "-t", "indices", "0x70507"]), "18");
    assert_eq!(
        op(&["lsb", "--to-order", "berlef", "-t", "indices", "0x70507"]),
        "40"
    );
    assert_eq!(op(&["contains", "0x70507", "b2"]), "false");
    assert_eq!(op(&["contains", "0x70507", "c3"]), "true");
    assert_eq!(
        op(&["squares", "-t", "squares", "0x70507"]),
        "a1 b1 c1 a2 c2 a3 b3 c3"
    );
    assert_eq!(
        op(&["transpose", "-s", "4x3", "-t", "squares", "0x2"]),
        "a2"
    );
}

#[test]
fn explain_finds_the_order() {
    let (code, out, _) = run(&["explain", "0x1000000000000000", "--expect", "e1"], b"");
    assert_eq!(code, 0);
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("exact match: berlef (W*(H-1-r) + f)"), "{out}");
    for o in [
        "lerf: W*r + f",
        "lerbef:",
        "berlef:",
        "berbef:",
        "lefr:",
        "lefber:",
        "befr:",
        "beber:",
    ] {
        assert!(out.contains(o), "{o}");
    }
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (_, out, _) = run(
        &[
            "explain",
            "0x1000000000000000",
            "--expect-fen",
            fen,
            "--side",
            "K",
        ],
        b"",
    );
    assert!(String::from_utf8(out)
        .unwrap()
        .contains("exact match: berlef"));
    // No order fits: the closest order and an off-by-one rank are named.
    let (_, out, _) = run(&["explain", "0x100", "--expect", "a1"], b"");
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("closest order: lerf (W*r + f), which has a2 extra and misses a1"),
        "{out}"
    );
    assert!(
        out.contains(
            "near miss: lerf (W*r + f): one rank off (shifted one rank south, the two are equal)"
        ),
        "{out}"
    );
    let explain = |args: &[&str]| {
        let mut all = vec!["explain"];
        all.extend_from_slice(args);
        let (code, out, err) = run(&all, b"");
        assert_eq!(code, 0, "{err}");
        String::from_utf8(out).unwrap()
    };
    // A sign mix-up: -VALUE in two's complement.
    let out = explain(&["0xfffffffffffffff0", "--expect", "e1"]);
    assert!(out.contains("exact match: lerf (W*r + f), VALUE negated (two's complement in 64 bits: a signed/unsigned mix-up): `--order lerf`"), "{out}");
    // Java prints python-chess's BB_A8 | BB_H8 as -9151314442816847872; the sign lost.
    let out = explain(&["9151314442816847872", "--expect", "a8 h8"]);
    assert!(
        out.contains("exact match: lerf (W*r + f), VALUE negated"),
        "{out}"
    );
    // A 64-bit number stored as two 32-bit words in the other order: e1 is bit 36.
    let out = explain(&["0x1000000000", "--expect", "e1"]);
    assert!(
        out.contains("exact match: lerf (W*r + f), VALUE with its 32-bit halves swapped"),
        "{out}"
    );
    // The layouts: draughts square 1 is b8; 0x88's e4 is 0x34.
    let out = explain(&["0x1", "--expect", "b8"]);
    assert!(out.contains("exact match: draughts (dark squares"), "{out}");
    let out = explain(&[&format!("{:#x}", 1u64 << 0x34), "--expect", "e4"]);
    assert!(out.contains("exact match: 0x88 (2W*r + f"), "{out}");
    // Packed digits in the other order.
    let out = explain(&["-s", "5x1", "51", "-f", "packed", "--expect", "a1"]);
    assert!(
        out.contains("exact match: lerf (W*r + f), the packed digits msd (first trit most significant): `--order lerf --digits msd`"),
        "{out}"
    );
}

#[test]
fn diff_names_the_transformation() {
    let d = |a: &str, b: &str| {
        let (code, out, _) = run(&["diff", a, b], b"");
        assert_eq!(code, 0);
        String::from_utf8(out).unwrap()
    };
    assert!(d("0x000000000000ffff", "0xffff000000000000").contains("B = A flipped vertically (ranks reversed): A's number read as BERLEF instead of LERF gives B"));
    assert!(d("0x0f", "0x1e").contains("B = A shifted 1 square east"));
    assert!(d("0x0f", "0x3c").contains("B = A shifted 2 squares east"));
    let none = d("0x1", "0x8000");
    assert!(
        none.contains("only in A: a1") && none.contains("only in B: h2"),
        "{none}"
    );
    // Pairs, trits and packed strings too.
    assert!(
        d("0xffff 0xffff000000000000", "0xffff000000000000 0xffff").contains("flipped vertically")
    );
    let packed = d("797979010000000000d8f2f250", "f2f2f20200000000006c797928");
    assert!(packed.contains("B = A flipped vertically"), "{packed}");
    let (_, out, _) = run(&["diff", "-s", "5x1", "-f", "packed", "51", "01"], b"");
    assert!(String::from_utf8(out)
        .unwrap()
        .contains("B is A, read under lerf (W*r + f), the packed digits msd (first trit most significant): `--to-order lerf --digits msd`"));
    // A colour swap composed with an order: a1 first and b1 second, written under berlef
    // with the sides exchanged.
    let out = d("0x1 0x2", "0x0200000000000000 0x0100000000000000");
    assert!(out.contains("B is A, read under berlef (W*(H-1-r) + f), with the colours swapped: `--to-order berlef --swap`"), "{out}");
    // A packed digit map: the start position written with --digit-map 102.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let (_, b, _) = run(
        &[
            "convert",
            "-f",
            "fen",
            "-t",
            "packed",
            "--digit-map",
            "102",
            start,
        ],
        b"",
    );
    let b = String::from_utf8(b).unwrap();
    let out = d("797979010000000000d8f2f250", b.trim());
    assert!(out.contains("packed digit map 102 (stored digits of empty, first, second): `--to-order lerf --digit-map 102`"), "{out}");
    // A layout: white's pieces in 0x88.
    assert!(d("0xffff", "0x00ff00ff").contains("B is A, read under 0x88 (2W*r + f"));
    // A near miss: one square different.
    let out = d("0x000000000000ffff", "0x000000000001fffe");
    assert!(
        out.contains(
            "near miss: B read under lerf (W*r + f): one square different: a3 instead of a1"
        ),
        "{out}"
    );
}

/// `op squares` names the squares, as `lsb` and `msb` name theirs; `-t` still chooses.
#[test]
fn op_squares_names_the_squares() {
    assert_eq!(op(&["squares", "0x81"]), "a1 h1");
    assert_eq!(op(&["squares", "-s", "3x3", "0b100000001"]), "a1 c3");
    assert_eq!(op(&["squares", "-t", "hex", "0x81"]), "0x0000000000000081");
    assert_eq!(op(&["squares", "-t", "indices", "0x81"]), "0 7");
    // The other operations still print a number by default.
    assert_eq!(op(&["not", "-s", "3x3", "0x1fe"]), "0x001");
}

/// The squares `convert -f dec --order ORDER -t squares` reads VALUE as.
fn convert_squares(value: &str, order: &str) -> String {
    let (code, out, err) = run(
        &[
            "convert", "-f", "dec", "--order", order, "-t", "squares", "--", value,
        ],
        b"",
    );
    assert_eq!(code, 0, "{value} under {order}: {err}");
    String::from_utf8(out).unwrap().trim().to_string()
}

/// The debugger reads a negative VALUE as `convert -f dec` does: its two's complement in the
/// numbering's width. Java's long for python-chess's `BB_A8 | BB_H8` is LERF exactly, and
/// every order reads a negative number as `convert` does under it.
#[test]
fn explain_reads_a_negative_value_as_convert_reads_it() {
    let explain = |value: &str, expect: &str| {
        let (code, out, err) = run(&["explain", "--expect", expect, "--", value], b"");
        (code, String::from_utf8(out).unwrap() + &err)
    };
    let (code, out) = explain("-9151314442816847872", "a8 h8");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("exact match: lerf (W*r + f): `--order lerf`"),
        "{out}"
    );
    assert!(!out.contains("no reading makes"), "{out}");
    for value in ["-1", "-2", "-9151314442816847872", "-4611686018427387903"] {
        for o in [
            "lerf", "lerbef", "berlef", "berbef", "lefr", "lefber", "befr", "beber",
        ] {
            let squares = convert_squares(value, o);
            let (code, out) = explain(value, &squares);
            assert_eq!(code, 0, "{value} under {o}: {out}");
            assert!(
                out.contains(&format!("exact match: {o} ("))
                    && out.contains(&format!("`--order {o}`")),
                "{value} under {o} is {squares}: {out}"
            );
        }
    }
}

/// `diff` reads B = -9151314442816847872 as it reads 0x8100000000000000: the same readings of
/// B's text that give A.
#[test]
fn diff_keeps_its_readings_of_a_negative_value() {
    let readings = |b: &str| {
        let (code, out, err) = run(&["diff", "0x81", "--", b], b"");
        assert_eq!(code, 0, "{err}");
        String::from_utf8(out)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("B is A"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let hex = readings("0x8100000000000000");
    assert!(
        hex.iter()
            .any(|l| l.contains("read under berlef (W*(H-1-r) + f): `--to-order berlef`")),
        "{hex:?}"
    );
    assert_eq!(readings("-9151314442816847872"), hex);
}

/// `explain` answers no with exit 1 when no reading gives the expected squares, and yes with 0.
#[test]
fn explain_exits_1_when_no_reading_matches() {
    let code = |args: &[&str]| {
        let mut all = vec!["explain"];
        all.extend_from_slice(args);
        let (code, out, _) = run(&all, b"");
        (code, String::from_utf8(out).unwrap())
    };
    let (c, out) = code(&["0x100", "--expect", "a1"]);
    assert_eq!(c, 1, "{out}");
    assert!(out.contains("no reading makes VALUE exactly"), "{out}");
    let fen = "8/8/8/8/8/8/8/4K3 w - - 0 1";
    let (c, out) = code(&["0x3", "--expect-fen", fen, "--side", "K"]);
    assert_eq!(c, 1, "{out}");
    assert_eq!(code(&["0x1000000000000000", "--expect", "e1"]).0, 0);
    assert_eq!(
        code(&["0x1000000000000000", "--expect-fen", fen, "--side", "K"]).0,
        0
    );
    // Without expected squares there is no question to answer no to.
    assert_eq!(code(&["0x100"]).0, 0);
}

/// `explain` refuses every form that names its squares, named with `-f` or detected, as it
/// refuses a FEN; `infer` too.
#[test]
fn explain_refuses_every_form_that_names_its_squares() {
    let refused = |args: &[&str]| {
        let (code, out, err) = run(args, b"");
        assert_eq!(code, 2, "{args:?}: {}", String::from_utf8_lossy(&out));
        assert!(
            err.contains("names") && err.contains("squares"),
            "{args:?}: {err}"
        );
    };
    let named: Vec<&bbconv_forms::Format> = bbconv_forms::Format::ALL
        .iter()
        .filter(|f| f.names_squares())
        .collect();
    for name in ["fen", "epd", "pdn", "sgf", "squares", "grid", "edax"] {
        assert!(named.iter().any(|f| f.name() == name), "{name}");
    }
    for f in named {
        refused(&["explain", "-f", f.name(), "--", f.example()]);
        refused(&["infer", "-f", f.name()]);
    }
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";",
        "[FEN \"W:W31,32:B1,2\"]",
        "W:W31,32:B1,2",
        "(;SZ[8]AB[aa])",
        "a1 h8",
        "---------------------------OX------XO--------------------------- X",
    ] {
        refused(&["explain", "--", text]);
        // A sample whose VALUE names its squares is a bad line.
        let (code, _, err) = run(&["infer"], format!("{text}\ta1\n").as_bytes());
        assert_eq!(code, 1, "{text}: {err}");
        assert!(err.contains("names its squares"), "{text}: {err}");
    }
}

/// The reference model: a board as a set of (file, rank).
fn model(bb: &Bitboard) -> BTreeSet<(usize, usize)> {
    bb.squares().map(|s| (s.file(), s.rank())).collect()
}

fn random_board(size: Size, seed: u64) -> Bitboard {
    let mut x = seed | 1;
    let mut bb = Bitboard::empty(size);
    for i in 0..size.squares() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if x & 3 == 0 {
            bb.set_bit(i);
        }
    }
    bb
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn flips_are_involutions_and_rotations_cycle(w in 1usize..=20, h in 1usize..=20, seed: u64) {
        let size = Size::new(w, h).unwrap();
        let b = random_board(size, seed);
        for s in [Symmetry::FlipVertical, Symmetry::FlipHorizontal, Symmetry::Rotate180, Symmetry::Transpose] {
            prop_assert_eq!(s.apply(&s.apply(&b).unwrap()).unwrap(), b.clone());
        }
        if w == h {
            for s in [Symmetry::FlipDiagonal, Symmetry::FlipAntiDiagonal] {
                prop_assert_eq!(s.apply(&s.apply(&b).unwrap()).unwrap(), b.clone());
            }
        }
        let mut r = b.clone();
        for _ in 0..4 {
            r = Symmetry::Rotate90.apply(&r).unwrap();
        }
        prop_assert_eq!(r, b.clone());
        let r270 = Symmetry::Rotate270.apply(&Symmetry::Rotate90.apply(&b).unwrap()).unwrap();
        prop_assert_eq!(r270, b);
    }

    #[test]
    fn shifts_and_flips_match_the_model(w in 1usize..=20, h in 1usize..=20, seed: u64, n in 0i64..5, d in 0usize..8) {
        let size = Size::new(w, h).unwrap();
        let b = random_board(size, seed);
        let dir = Direction::ALL[d];
        let (df, dr) = dir.delta();
        let want: BTreeSet<(usize, usize)> = model(&b)
            .into_iter()
            .filter_map(|(f, r)| {
                let (nf, nr) = (f as i64 + df as i64 * n, r as i64 + dr as i64 * n);
                (nf >= 0 && nr >= 0 && (nf as usize) < w && (nr as usize) < h).then_some((nf as usize, nr as usize))
            })
            .collect();
        prop_assert_eq!(model(&shift(&b, dir, n).unwrap()), want);
        let fv: BTreeSet<_> = model(&b).into_iter().map(|(f, r)| (f, h - 1 - r)).collect();
        prop_assert_eq!(model(&Symmetry::FlipVertical.apply(&b).unwrap()), fv);
        let fh: BTreeSet<_> = model(&b).into_iter().map(|(f, r)| (w - 1 - f, r)).collect();
        prop_assert_eq!(model(&Symmetry::FlipHorizontal.apply(&b).unwrap()), fh);
        let rot: BTreeSet<_> = model(&b).into_iter().map(|(f, r)| (r, w - 1 - f)).collect();
        prop_assert_eq!(model(&Symmetry::Rotate90.apply(&b).unwrap()), rot);
    }

    #[test]
    fn masks_match_the_model(w in 1usize..=20, h in 1usize..=20, k in 0usize..40) {
        let size = Size::new(w, h).unwrap();
        let all = (0..h).flat_map(|r| (0..w).map(move |f| (f, r)));
        if k < h {
            prop_assert_eq!(model(&Mask::Rank(k as i64).build(size).unwrap()), all.clone().filter(|p| p.1 == k).collect::<BTreeSet<_>>());
        }
        if k < w {
            prop_assert_eq!(model(&Mask::File(k as i64).build(size).unwrap()), all.clone().filter(|p| p.0 == k).collect::<BTreeSet<_>>());
        }
        if k < w + h - 1 {
            prop_assert_eq!(model(&Mask::Diagonal(k as i64).build(size).unwrap()), all.clone().filter(|p| w - 1 + p.1 - p.0 == k).collect::<BTreeSet<_>>());
            prop_assert_eq!(model(&Mask::AntiDiagonal(k as i64).build(size).unwrap()), all.clone().filter(|p| p.0 + p.1 == k).collect::<BTreeSet<_>>());
        } else {
            prop_assert!(Mask::Diagonal(k as i64).build(size).is_err());
        }
        prop_assert!(Mask::Square(Square::new(w, 0).unwrap()).build(size).is_err());
    }
}

/// Whole positions under `op`, against python-chess (`fixtures/ops/python-chess.tsv`):
/// `op flip vertical --swap` is `Board.mirror()` (pieces, side to move, castling rights and the
/// en-passant square), and each flip moves every piece with its letter as python-chess's
/// `Board.transform(flip_*)` does.
#[test]
fn whole_positions_match_python_chess() {
    let text = String::from_utf8(crate::util::fixture("ops/python-chess.tsv")).unwrap();
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [fen, mirror, flips @ ..] = cols.as_slice() else {
            panic!("bad fixture line {line}")
        };
        assert_eq!(
            op(&["flip", "vertical", "--swap", "-f", "fen", "-t", "fen", fen]),
            *mirror,
            "mirror of {fen}"
        );
        for (axis, expected) in ["vertical", "horizontal", "diagonal", "antidiagonal"]
            .iter()
            .zip(flips)
        {
            let got = op(&["flip", axis, "-f", "fen", "-t", "fen", fen]);
            assert_eq!(
                got.split(' ').next().unwrap(),
                *expected,
                "flip {axis} of {fen}"
            );
        }
        rows += 1;
    }
    assert!(rows >= 100, "{rows} rows");
}

/// The issue's cases: pieces keep their letters, `--swap` works in `op`, a pair stays a pair,
/// the other fields follow, and a shift names what it drops.
#[test]
fn ops_keep_whole_positions() {
    assert_eq!(
        op(&["flip", "vertical", "-t", "fen", "k7/8/8/8/8/8/8/7K"]),
        "7K/8/8/8/8/8/8/k7"
    );
    assert_eq!(
        op(&[
            "flip",
            "vertical",
            "--swap",
            "-f",
            "pair",
            "-t",
            "pair",
            "0x1 0x8000000000000000"
        ]),
        "0x0000000000000080 0x0100000000000000"
    );
    // Promotion marks and holdings are kept; the en-passant square turns with the board.
    assert_eq!(
        op(&[
            "rotate",
            "180",
            "-t",
            "fen",
            "4k3/8/8/3pP3/8/8/8/4K~2Q[Nn] w - d6 0 1"
        ]),
        "Q2K~4/8/8/8/3Pp3/8/8/3k4[Nn] w - e3 0 1"
    );
    // Per-piece values stay per piece.
    assert_eq!(
        op(&[
            "flip",
            "horizontal",
            "-f",
            "pieces",
            "-t",
            "pieces",
            "P:0x100 k:0x8000000000000000"
        ]),
        "P:0x0000000000008000 k:0x0100000000000000"
    );
    let (code, out, err) = run(
        &[
            "op",
            "shift",
            "east",
            "1",
            "-v",
            "-t",
            "fen",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        String::from_utf8(out).unwrap().trim(),
        "1r3k2/8/8/8/8/8/8/1R3K2 w KQkq - 0 1"
    );
    assert!(err.contains("R on h1") && err.contains("r on h8"), "{err}");
    // Shredder castling letters name files: a horizontal flip moves them.
    assert_eq!(
        op(&[
            "flip",
            "horizontal",
            "-t",
            "fen",
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"
        ]),
        "r2k3r/8/8/8/8/8/8/R2K3R w AHah - 0 1"
    );
    // Operations of sets on a position ask for a layer, or work on the one chosen.
    let (code, _, err) = run(&["op", "and", "k7/8/8/8/8/8/8/7K w - - 0 1", "0xff"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("--layer first"), "{err}");
    assert_eq!(
        op(&[
            "and",
            "--layer",
            "first",
            "k7/8/8/8/8/8/8/7K w - - 0 1",
            "0xff"
        ]),
        "0x0000000000000080"
    );
}

/// `explain` status and output of `args`: (exit code, stdout, stderr).
fn explain_run(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["explain"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all, b"");
    (code, String::from_utf8(out).unwrap(), err)
}

/// A JSON record with an `order` member (bbconv's own `-t json`), or with `fen` or `squares`,
/// says how it reads: `explain` refuses it as a form that names its squares instead of
/// calling every order exact. A JSON bitboard without them is decoded under every order.
#[test]
fn explain_refuses_json_that_says_its_order_or_names_its_squares() {
    let json = ok(&["convert", "-t", "json", "0x1"]);
    assert!(json.contains("\"order\""), "{json}");
    for (value, expect) in [
        (json.as_str(), "a1"),
        (json.as_str(), "h1"),
        (r#"{"order":"berlef","bitboard":"0x1"}"#, "a8"),
        (r#"{"fen":"8/8/8/8/8/8/8/K7 w - - 0 1"}"#, "a1"),
        (r#"{"squares":["a1"]}"#, "a1"),
        (r#"{"bitboard":"0x1","squares":["a1"]}"#, "a1"),
    ] {
        let (code, out, err) = explain_run(&["--expect", expect, "--", value]);
        assert_eq!(code, 2, "{value}: {out}{err}");
        assert!(
            err.contains("JSON with") && err.contains("names its squares"),
            "{value}: {err}"
        );
    }
    // Without those members a JSON bitboard follows the order: 0x1 is a8 under berlef only
    // among the plain orders.
    let (code, out, err) = explain_run(&["--expect", "a8", "--", r#"{"bitboard":"0x1"}"#]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("exact match: berlef"), "{out}");
    assert!(!out.contains("exact match: lerf "), "{out}");
}

/// `-f indices` reads indices only: a square name or an `(x,y)` pair is an error naming the
/// form that reads it, so `explain` and `infer` never decode a name under 8 orders.
#[test]
fn the_indices_form_refuses_square_names() {
    let (code, out, err) = run(
        &[
            "convert",
            "-f",
            "indices",
            "--order",
            "berbef",
            "-t",
            "squares",
            "a1 5 (1,1)",
        ],
        b"",
    );
    assert_eq!(code, 1, "{}", String::from_utf8_lossy(&out));
    assert!(
        err.contains("expected a square index, found a square name a1; use -f squares"),
        "{err}"
    );
    let (code, _, err) = run(
        &["convert", "-f", "indices", "-t", "squares", "5 (1,1)"],
        b"",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("found an (x,y) pair (1,1); use -f coords"),
        "{err}"
    );
    // Indices still read under the order: berbef's 5 is c8, 63 is a1.
    let squares = ok(&[
        "convert", "-f", "indices", "--order", "berbef", "-t", "squares", "5 63",
    ]);
    assert_eq!(squares, "c8 a1");
    let (code, out, err) = explain_run(&["-f", "indices", "--expect", "a1", "--", "a1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(!out.contains("exact match"), "{out}");
    assert!(err.contains("found a square name a1"), "{err}");
    let (code, out, err) = run(&["infer", "-f", "indices"], b"a1\ta1\n");
    assert_eq!(code, 1, "{}", String::from_utf8_lossy(&out));
    assert!(err.contains("found a square name a1"), "{err}");
}

/// `--expect 'first: a1; second: b1'` names two sides: refused with a clear message, never
/// merged into one set of squares (which called 0x3 exact and the very board no match).
#[test]
fn explain_refuses_a_two_sided_expect() {
    for value in ["0x1 0x2", "0x3 0x0"] {
        let (code, out, err) = explain_run(&[
            "-f",
            "pair",
            "--expect",
            "first: a1; second: b1",
            "--",
            value,
        ]);
        assert_eq!(code, 2, "{value}: {out}{err}");
        assert!(
            err.contains("names two sides") && err.contains("--expect-fen"),
            "{err}"
        );
    }
    let (code, out, err) = explain_run(&["--expect", "first: a1; second: b1", "0x3"]);
    assert_eq!(code, 2, "{out}{err}");
}

/// An `--expect` (or `--expect-fen`) that does not read is a usage error (exit 2, as opposed
/// to 1 for "no reading matches"), naming the square and what was expected.
#[test]
fn explain_a_bad_expect_is_a_usage_error() {
    for (expect, says) in [
        ("z9", "square z9 is off the 8x8 board"),
        ("a0", "square a0 has rank 0: expected a rank from 1"),
    ] {
        let (code, out, err) = explain_run(&["--expect", expect, "0x1"]);
        assert_eq!(code, 2, "{expect}: {out}{err}");
        assert!(err.contains("--expect") && err.contains(says), "{err}");
        assert!(err.contains("expected") || err.contains("off the"), "{err}");
    }
    let (code, _, err) = explain_run(&["--expect-fen", "8/8/8/9/8/8/8/8", "0x1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--expect-fen"), "{err}");
    // No match is still 1.
    assert_eq!(explain_run(&["--expect", "a1", "0x100"]).0, 1);
}

/// `explain` skips a leading byte order mark, as `convert`, `diff`, `op` and `infer` do.
#[test]
fn explain_skips_a_bom() {
    let (code, out, err) = explain_run(&["--expect", "a1", "\u{feff}0x1"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("exact match: lerf "), "{out}");
    assert_eq!(ok(&["op", "squares", "\u{feff}0x1"]), "a1");
}

/// `explain` refuses (usage error naming it) each option that would have no effect on it.
#[test]
fn explain_refuses_options_it_does_not_honour() {
    for opt in [
        &["--order", "berlef"][..],
        &["--to-order", "berlef"],
        &["--swap"],
        &["--sgf-node", "1"],
        &["--lang", "c"],
        &["--fields", "squares"],
        &["--planes", "PN"],
        &["--letters", "Xo"],
        &["--lenient"],
    ] {
        let mut args = vec!["--expect", "a1", "0x1"];
        args.extend_from_slice(opt);
        let (code, out, err) = explain_run(&args);
        assert_eq!(code, 2, "{opt:?}: {out}{err}");
        assert!(
            err.contains(&format!("explain does not take {}", opt[0])),
            "{err}"
        );
    }
    // --lenient reads the --expect-fen FEN, so it is honoured there.
    let fen = "44/8/8/8/8/8/8/8";
    assert_eq!(explain_run(&["--expect-fen", fen, "0x0"]).0, 2);
    let (code, out, err) = explain_run(&["--lenient", "--expect-fen", fen, "0x0"]);
    assert_eq!(code, 0, "{out}{err}");
}

/// `op contains` and `op mask square` read a square name under `--coords`; `op squares`,
/// `lsb` and `msb` write under `--to-coords`, on 8x8 too.
#[test]
fn op_reads_and_writes_squares_under_the_coords_given() {
    // GTP has no I: J1 is the ninth file, bit 8 on 19x19.
    let gtp = ["-s", "19x19", "--coords", "gtp"];
    fn with<'a>(args: &[&'a str], gtp: &[&'a str]) -> Vec<&'a str> {
        let mut a = args.to_vec();
        a.extend_from_slice(gtp);
        a
    }
    assert_eq!(op(&with(&["contains", "0x100", "J1"], &gtp)), "true");
    assert_eq!(op(&with(&["contains", "0x200", "J1"], &gtp)), "false");
    let (code, _, err) = run(&with(&["op", "contains", "0x100", "I1"], &gtp), b"");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("I1") && err.contains("GTP vertex"), "{err}");
    let mask = op(&with(&["mask", "square", "J1", "-t", "dec"], &gtp));
    assert_eq!(mask, "256");
    assert_eq!(
        op(&["contains", "-s", "9x9", "--coords", "sgf", "0x1", "ai"]),
        "true"
    );
    assert_eq!(
        op(&["squares", "--to-coords", "sgf", "0x8100000000000081"]),
        "ah hh aa ha"
    );
    assert_eq!(op(&["squares", "--to-coords", "gtp", "0x81"]), "A1 H1");
    assert_eq!(op(&["lsb", "--to-coords", "sgf", "-s", "9x9", "0x2"]), "bi");
    assert_eq!(
        op(&["msb", "--to-coords", "gtp", "0x8000000000000000"]),
        "H8"
    );
    // Chess names and indices as before.
    assert_eq!(op(&["contains", "0x1", "a1"]), "true");
    assert_eq!(op(&["contains", "0x2", "1"]), "true");
    assert_eq!(op(&["squares", "0x81"]), "a1 h1");
}

/// Hostile review 3: the queries on a two-player value ask for `--layer` (exit 2), as the set
/// operations do, rather than failing as a bad input.
#[test]
fn queries_on_two_sides_ask_for_a_layer() {
    for args in [
        &["popcount", "0x1 0x2"][..],
        &["lsb", "0x1 0x2"],
        &["msb", "0x1 0x2"],
        &["contains", "0x1 0x2", "a1"],
    ] {
        let (code, _, err) = crate::util::run(&[&["op"][..], args].concat(), b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("choose its layer with --layer first"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(op(&["popcount", "--layer", "occupied", "0x1 0x2"]), "2");
}
