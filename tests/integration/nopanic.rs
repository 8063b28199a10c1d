//! No input makes bbconv panic: arbitrary bytes and mutated near-valid strings go to every parser
//! (library) and through the binary. Cases per parser: 10,000 by default; set
//! `BBCONV_NOPANIC_CASES` to raise it (e.g. 1000000).

use bbconv_board::{Order, Size, Square};
use bbconv_forms::{detect, parse, Format, Options};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};

use crate::util::run;

fn cases() -> u32 {
    std::env::var("BBCONV_NOPANIC_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6_000)
}

/// Valid inputs to mutate, per form.
fn seeds(f: Format) -> &'static [&'static str] {
    match f {
        Format::Fen => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
            "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1+b5R1/LNSGKGSNL[Bb] b - 11",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Nn] w KQkq - 2 3",
        ],
        Format::Json => &[
            "{\"size\":\"8x8\",\"order\":\"lerf\",\"first\":\"0xffff\",\"second\":\"0xffff000000000000\"}",
            "{\"bitboard\":255,\"squares\":[\"a1\",\"b1\"],\"trits\":\"102\",\"size\":\"3x1\"}",
            "{\"pieces\":{\"P\":\"0xff00\",\"k\":\"0x10\"},\"fen\":\"8/8/8/8/8/8/8/8\",\"packed\":\"00\"}",
        ],
        Format::Packed => &["797979010000000000d8f2f250", "13000000000000000000000000"],
        Format::Pair => &["0xffff 0xffff000000000000", "1,4", "-1 0"],
        Format::Squares | Format::Indices | Format::Coords => {
            &["a1 e4 h8", "first: a1 (4,3); second: 63", "(0,0) (7,7)", "0 1 2 63", "-"]
        }
        Format::Grid => &["# 8x8 lerf\n8 . . . . . . . .\n7 X O . . . . . .\n  a b c d e f g h", "X.O\n...\n.k."],
        Format::Edax => &["---------------------------OX------XO--------------------------- X"],
        Format::Pieces => &["P:0x000000000000ff00 k:0x1000000000000000", "-"],
        Format::Trits => &["1020000000000000000000000000000000000000000000000000000000000000"],
        Format::Base3 => &["19", "3433683820292512484657849089280"],
        Format::Rows => &["00000000/00000000/00000000/00000000/00000000/00000000/00000000/10000001"],
        Format::Base2 | Format::Bits => &["0000000000000000000000000000000000000000000000000000000000000111"],
        _ => &["0x70507", "-9223372036854775808", "0b1010_1010", "0o777", "460039", "0xFFFF_FFFF_FFFF_FFFF"],
    }
}

/// Arbitrary bytes, or a seed mutated by byte edits and splices.
fn input(f: Format) -> impl Strategy<Value = Vec<u8>> {
    let s = seeds(f);
    let mutated = (
        0..s.len(),
        proptest::collection::vec((any::<u16>(), 0u8..4, any::<u8>()), 1..6),
    )
        .prop_map(move |(k, edits)| {
            let mut v = s[k].as_bytes().to_vec();
            for (pos, op, byte) in edits {
                let at = if v.is_empty() {
                    0
                } else {
                    pos as usize % (v.len() + 1)
                };
                let near = b"0123456789/+~[]{}\":,-x.XOPpKk \n\t\xff";
                let b = if byte < 128 {
                    near[byte as usize % near.len()]
                } else {
                    byte
                };
                match op {
                    0 => v.insert(at, b),
                    1 if at < v.len() => {
                        v.remove(at);
                    }
                    2 if at < v.len() => v[at] = b,
                    _ => {
                        let end = (at + (byte as usize % 8)).min(v.len());
                        let piece = v[at..end].to_vec();
                        v.splice(at..at, piece);
                    }
                }
            }
            v
        });
    prop_oneof![proptest::collection::vec(any::<u8>(), 0..80), mutated]
}

fn options() -> impl Strategy<Value = Options> {
    (0usize..4, 0usize..8, any::<bool>()).prop_map(|(s, o, lenient)| Options {
        size: [
            None,
            Some(Size::CHESS),
            Some(Size::new(3, 3).unwrap()),
            Some(Size::new(19, 19).unwrap()),
        ][s],
        order: Order::ALL[o].into(),
        lenient,
        ..Options::default()
    })
}

#[test]
fn no_parser_panics() {
    let n = cases();
    for &f in Format::ALL {
        let mut runner = TestRunner::new(Config {
            cases: n,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&(input(f), options()), |(bytes, opts)| {
                // Either an error or a value; a panic fails the test.
                if let Ok(v) = parse(f, &bytes, &opts) {
                    let mut out = Vec::new();
                    for &to in Format::ALL {
                        out.clear();
                        let _ = bbconv_forms::render(to, &v, &opts, &mut out);
                    }
                }
                if let Ok(text) = std::str::from_utf8(&bytes) {
                    let _ = detect(text, &opts);
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{f}: {e}"));
    }
}

#[test]
fn no_model_parser_panics() {
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&"\\PC{0,12}", |s| {
            let _ = s.parse::<Size>();
            let _ = s.parse::<Order>();
            if let Ok(sq) = s.parse::<Square>() {
                let _ = sq.index(Size::CHESS);
                let _ = Square::parse_on(&s, Size::CHESS);
            }
            let _ = s.parse::<bbconv_board::ops::Direction>();
            let _ = bbconv_board::ternary::PackLayout::parse_map(&s);
            Ok(())
        })
        .unwrap();
}

/// The binary, fed a stream of random and mutated records for every input form.
#[test]
fn the_binary_never_panics() {
    let mut runner = TestRunner::deterministic();
    for &f in Format::ALL {
        let mut stream = Vec::new();
        for _ in 0..2_000 {
            let v = input(f).new_tree(&mut runner).unwrap().current();
            stream.extend_from_slice(&v);
            stream.push(b'\n');
        }
        for to in ["hex", "pair", "grid", "json", "fen", "packed"] {
            let (code, _, err) = run(
                &["convert", "-f", f.name(), "-t", to, "--errors", "null"],
                &stream,
            );
            assert!(code == 0 || code == 1, "{f} -> {to}: exit {code}: {err}");
            assert!(!err.contains("panicked"), "{f} -> {to}: {err}");
        }
    }
}

/// The binary, fed tables of random and mutated rows (fields of random records, stray quotes,
/// tabs, line breaks and CRs, ragged rows), as TSV and CSV, with and without a header, the
/// column given or found, the board replaced or appended: it never panics.
#[test]
fn tables_never_panic() {
    let mut runner = TestRunner::deterministic();
    let junk = proptest::collection::vec(
        prop::sample::select(vec![
            b'"', b',', b'\t', b'\n', b'\r', b';', b'x', b'1', b'/', b' ',
        ]),
        0..6,
    );
    let mut stream = Vec::new();
    for k in 0..1_500 {
        let board = input(Format::Fen).new_tree(&mut runner).unwrap().current();
        let noise = junk.new_tree(&mut runner).unwrap().current();
        let fields: Vec<&[u8]> = match k % 4 {
            0 => vec![b"1", &board, b"0.5"],
            1 => vec![&board, &noise],
            2 => vec![&noise],
            _ => vec![b"id", &board, &noise, b"x"],
        };
        for (j, f) in fields.iter().enumerate() {
            if j > 0 {
                stream.push(if k % 2 == 0 { b'\t' } else { b',' });
            }
            stream.extend_from_slice(f);
        }
        stream.push(b'\n');
    }
    for table in ["--tsv", "--csv"] {
        for extra in [
            vec![],
            vec!["--header"],
            vec!["--column", "2"],
            vec!["--column", "fen", "--append", "b"],
            vec!["--errors", "null", "--append", "b"],
        ] {
            for jobs in ["1", "2"] {
                let mut args = vec!["convert", table, "-t", "packed", "-j", jobs];
                args.extend(extra.iter().copied());
                let (code, _, err) = run(&args, &stream);
                assert!(
                    code == 0 || code == 1 || code == 2,
                    "{args:?}: exit {code}: {err}"
                );
                assert!(!err.contains("panicked"), "{args:?}: {err}");
            }
        }
    }
}
