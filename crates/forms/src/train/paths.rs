//! The tests of the trainers' forms' word paths ([`super::words`]): positions of every kind
//! (Chess960 castling, en passant squares a pawn can and cannot take, Black to move, clocks at
//! and past the forms' limits, more men than a form holds, faults of every field), written from
//! FEN and read back in each form, and records damaged byte by byte, each converted into every
//! form, with and without `--swap`, under the options the paths must honour, as the general
//! reading and writing convert it.

use crate::convert::check::against_general;
use crate::{parse_general, render_general, Format, Options};

/// The trainers' forms: those that hold a chess position with a training record's fields.
fn trainers() -> impl Iterator<Item = Format> {
    Format::ALL
        .iter()
        .copied()
        .filter(|f| f.holds() == crate::Holds::Position)
}

/// Positions of every kind the paths meet, and faults each of them must leave to the general
/// code.
const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "1r3rk1/p2qnpb1/6pp/P1p1p3/3nN3/2QP2P1/R3PPBP/2B2RK1 b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 4 9",
    "4k3/8/8/8/8/8/8/4K3 b - - 99 120",
    "QQQQQQQk/QQQQQQQQ/QQQQQQQQ/QQQQQQQ1/8/8/8/K7 w - - 0 1",
    "QQQQQQQk/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/K7 w - - 0 1",
    // Chess960: rights of rooks off the corners, the king off e1/e8, inner rooks.
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",
    "rk2r3/8/8/8/8/8/8/RK2R3 b KQkq - 2 5",
    "4k3/8/8/8/8/8/8/RR2K1RR w KQ - 0 1",
    "1r2k3/8/8/8/8/8/8/4K3 b b - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w BH - 0 1",
    // En passant: takeable, not takeable (no taker, a pin along the rank, origin occupied).
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2",
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 2",
    "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 2",
    "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
    // Clocks at and past the forms' limits.
    "4k3/8/8/8/8/8/8/4K3 w - - 127 65535",
    "4k3/8/8/8/8/8/8/4K3 b - - 128 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 255 65536",
    "4k3/8/8/8/8/8/8/4K3 w - - 256 4294967295",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
    "4k3/8/8/8/8/8/8/4K3 w - - 007 0012",
    "4k3/8/8/8/8/8/8/4K3 b - - 0 32768",
    "4k3/8/8/8/8/8/8/4K3 w - - 1234 5678",
    "4k3/8/8/8/8/8/8/4K3 w - - 12345 1",
    "4k3/8/8/8/8/8/8/4K3 b - - 1 123456",
    "4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967296",
    // Rights of corner rooks with their kings beside them, in the corners, or off their rank.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
    "r5kr/8/8/8/8/8/8/R5KR b KQkq - 0 1",
    "k6r/8/8/8/8/8/8/K6R w Kk - 0 1",
    "r6k/8/8/8/8/8/8/R6K w Qq - 0 1",
    "r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1",
    "rr2k2r/8/8/8/8/8/8/RR2K2R w KQkq - 0 1",
    // Faults: kings missing or doubled, rights without their rook or king, another letter.
    "8/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w Q - 0 1",
    "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w A - 0 1",
    "4k3/8/8/8/8/8/8/4K2X w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0",
];

/// The options the paths are run under (`--swap` is run by [`against_general`] itself).
fn options() -> Vec<Options> {
    vec![
        Options::default(),
        Options {
            lenient: true,
            ..Options::default()
        },
        Options {
            letters: (b'X', b'o'),
            ..Options::default()
        },
        // Options the FEN writer of piece words ignores, and one it does not (another square
        // order: the board's way).
        Options {
            to_coords: crate::CoordStyle::Sgf,
            layer: Some(crate::Layer::First),
            ..Options::default()
        },
        Options {
            to_order: bbconv_board::Numbering::Order(bbconv_board::Order::Berlef),
            ..Options::default()
        },
    ]
}

/// The records of `fen` in each form the general writing writes it in.
fn records(fen: &str) -> Vec<(Format, Vec<u8>)> {
    let opts = Options::default();
    let Ok(v) = parse_general(Format::Fen, fen.as_bytes(), &opts) else {
        return Vec::new();
    };
    trainers()
        .filter_map(|form| {
            let mut rec = Vec::new();
            render_general(form, &v, &opts, &mut rec).ok()?;
            Some((form, rec))
        })
        .collect()
}

/// Every position, from FEN into every form and back from each trainer's form into every
/// form, as the general code converts it; the paths take most of them.
#[test]
fn positions_as_the_general_code() {
    let forms: Vec<Format> = trainers().collect();
    assert!(forms.contains(&Format::SfBin) && forms.contains(&Format::Bullet));
    let mut taken = vec![0; forms.len()];
    for opts in options() {
        for fen in FENS {
            against_general(Format::Fen, fen.as_bytes(), &opts);
            for (form, rec) in records(fen) {
                let k = forms.iter().position(|&f| f == form).unwrap_or(0);
                taken[k] += against_general(form, &rec, &opts);
            }
        }
    }
    // Each form's word path took readings of its own.
    for (form, &n) in forms.iter().zip(&taken) {
        assert!(n > 100, "{form}: {n}");
    }
}

/// Every position's record in each trainer's form written straight to FEN (no board between,
/// [`crate::spec::WordPaths::write_fen`]), with and without `--swap`, by each FEN reader this CPU
/// runs, as the general code converts it; the path takes most of them. The conversions
/// into FEN under the options that keep the path or turn it off are `against_general`'s.
#[test]
fn fen_written_straight_as_the_general_code() {
    /// The straight writing with one reader.
    struct Straight<'a> {
        form: Format,
        record: &'a [u8],
        swap: bool,
    }
    impl crate::fen::fast::WithReader for Straight<'_> {
        type Output = Option<Vec<u8>>;
        fn run<R: crate::fen::fast::ReadChess>(self, r: &R) -> Self::Output {
            let (mut buf, mut end) = ([0u8; 128], 0);
            let opts = Options::default();
            let took = (self.form).write_fen(r, self.record, self.swap, &opts, &mut buf, &mut end);
            took.then(|| buf[..end].to_vec())
        }
    }
    let opts = Options::default();
    let readers = [Some(crate::FenReader::Portable), crate::FenReader::avx2()];
    let mut taken = std::collections::HashMap::new();
    for fen in FENS {
        for (form, rec) in records(fen) {
            let Ok(value) = parse_general(form, &rec, &opts) else {
                continue;
            };
            for swap in [false, true] {
                let value = if swap {
                    value.clone().swap()
                } else {
                    value.clone()
                };
                let mut general = Vec::new();
                render_general(Format::Fen, &value, &opts, &mut general).unwrap();
                for reader in readers.into_iter().flatten() {
                    let straight = reader.with_reader(Straight {
                        form,
                        record: &rec,
                        swap,
                    });
                    if let Some(out) = straight {
                        assert_eq!(
                            out,
                            general,
                            "{form}, swap {swap}, {}: {fen}",
                            reader.name()
                        );
                        *taken.entry(form).or_insert(0) += 1;
                    }
                }
            }
        }
    }
    for form in trainers() {
        let n = taken.get(&form).copied().unwrap_or(0);
        assert!(n > 40, "{form}: {n}");
    }
}

/// Records damaged a byte at a time (a bit of each half of the byte, all bits, zero), and
/// BinaryFen's text cut, lengthened and misspelt, as the general code converts them.
#[test]
fn damaged_records_as_the_general_code() {
    let opts = Options::default();
    // Every byte and four changes of it in a release build; in a debug build (the suite's
    // `cargo test`, where each check costs some 50 times more) every fifth byte and two.
    let (stride, changes): (usize, &[u8]) = match cfg!(debug_assertions) {
        true => (5, &[0x10, 0xff]),
        false => (1, &[0x01, 0x10, 0x80, 0xff]),
    };
    for fen in FENS {
        for (form, rec) in records(fen) {
            let text = form == Format::BinaryFen || form == Format::SfPlain;
            for at in (0..rec.len()).step_by(stride) {
                for &change in changes {
                    let mut bad = rec.clone();
                    bad[at] = if text {
                        b"0f9 g\n-Fe"[usize::from(change) % 10]
                    } else {
                        bad[at] ^ change
                    };
                    against_general(form, &bad, &opts);
                }
                against_general(form, &rec[..at], &opts);
            }
            if text {
                for tail in [
                    &b"00"[..],
                    b"0003",
                    b"0002",
                    b"000001",
                    b" ",
                    b"\r",
                    b"00ff",
                ] {
                    against_general(form, &[&rec[..], tail].concat(), &opts);
                }
            }
        }
    }
}

/// Random positions with both kings, random rights, en passant squares and clocks, through
/// every trainer's form.
#[test]
fn random_positions_as_the_general_code() {
    let mut next = crate::train::testgen::rng(0x2545_f491_4f6c_dd1d);
    let opts = Options::default();
    let mut taken = 0;
    for _ in 0..300 {
        let fen = crate::train::testgen::random_fen(&mut next, false, 70);
        against_general(Format::Fen, fen.as_bytes(), &opts);
        for (form, rec) in records(&fen) {
            taken += against_general(form, &rec, &opts);
        }
    }
    assert!(taken > 500, "{taken}");
}

/// `sf-plain` records of every move, score, ply and result the lines may hold, and lines out of
/// place or misspelt, as the general code converts them.
#[test]
fn sf_plain_lines_as_the_general_code() {
    let opts = Options::default();
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
    let line = |mv: &str, score: &str, ply: &str, result: &str| {
        format!("fen {fen}\nmove {mv}\nscore {score}\nply {ply}\nresult {result}\ne")
    };
    let mut records = Vec::new();
    for mv in [
        "a1a1", "e2e4", "h8h1", "0000", "e7e8q", "a2a1n", "e7e8k", "e7e8", "i2e4", "e9e4", "`1a1",
        "a0a1", "A1a1", "e2e4 ", "000", "00000", "e2e4qq", "",
    ] {
        records.push(line(mv, "-35", "12", "1"));
    }
    for score in ["0", "123456789", "1234567890", "--1", "", "+5", "007", "-"] {
        records.push(line("e2e4", score, "0", "0"));
    }
    for ply in [
        "0",
        "123456789",
        "1234567890",
        "-1",
        "x",
        "",
        "12345678",
        "1234567",
    ] {
        records.push(line("e2e4", "0", ply, "-1"));
    }
    for result in ["0", "1", "-1", "2", "", "-0", "10"] {
        records.push(line("e2e4", "0", "0", result));
    }
    let mut taken = 0;
    for rec in &records {
        taken += against_general(Format::SfPlain, rec.as_bytes(), &opts);
    }
    for rec in [
        format!("fen {fen}\nscore 0\nmove a1a1\nply 0\nresult 0\ne"),
        format!("fen {fen}\nmove a1a1\nscore 0\nply 0\nresult 0\ne\n"),
        format!("fen {fen}\nmove a1a1\nscore 0\nply 0\nresult 0"),
        format!("fen {fen}\nmove a1a1\n\nscore 0\nply 0\nresult 0\ne"),
        format!("fen  {fen}\nmove a1a1\nscore 0\nply 0\nresult 0\ne"),
        format!("fen {fen}\nmove a1a1"),
        "fen x\nmove a1a1\nscore 0\nply 0\nresult 0\ne".to_string(),
    ] {
        against_general(Format::SfPlain, rec.as_bytes(), &opts);
    }
    assert!(taken > 100, "{taken}");
}

/// `sf-plain` records of kings and rooks on and off their corners and back ranks (one king a
/// side, none, two), under each of the sixteen sets of castling letters, as the general code
/// converts them: where the FEN is written as it is, only the kings and rooks are placed
/// ([`super::chess::Chess::corner_check`]).
#[test]
fn sf_plain_castling_and_kings_as_the_general_code() {
    let opts = Options::default();
    let placements = [
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R",
        "r3k3/8/8/8/8/8/8/4K2R",
        "4k2r/8/8/8/8/8/8/R3K3",
        "r2k3r/8/8/8/8/8/8/R2K3R",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1",
        "r6r/4k3/8/8/8/8/4K3/R6R",
        "k6r/8/8/8/8/8/8/R6K",
        "r3k2r/8/8/8/8/8/8/R3K2R",
        "r3k2r/8/8/8/8/8/8/r3K2R",
        "R3k2R/8/8/8/8/8/8/R3K2R",
        "r3kk1r/8/8/8/8/8/8/R3K2R",
        "r3k2r/8/8/8/8/8/8/R3KK1R",
        "r6r/8/8/8/8/8/8/R3K2R",
        "r3k2r/8/8/8/8/8/8/R6R",
        "rr2k2r/8/8/8/8/8/8/RR2K1RR",
        "r3k2K/8/8/8/8/8/8/R3k2R",
        "4k3/8/8/8/8/8/8/4K3",
        "r3k2r/8/8/8/8/8/8/R3K2Rx",
        "r3k2r/8/8/8/8/8/8/R3K2Z",
    ];
    let (mut taken, mut refused) = (0, 0);
    for placement in placements {
        for letters in 0..16 {
            let castling = super::testgen::castling_field(letters);
            for side in ["w", "b"] {
                let rec = format!(
                    "fen {placement} {side} {castling} - 0 1\nmove a1a1\nscore 0\nply 0\nresult 0\ne"
                );
                match against_general(Format::SfPlain, rec.as_bytes(), &opts) {
                    0 => refused += 1,
                    n => taken += n,
                }
            }
        }
    }
    assert!(taken > 100 && refused > 100, "{taken} {refused}");
}

/// Records with training fields of every kind (scores at and past 16 bits, each result, moves
/// of every kind: castling both ways of writing it, promotions, en passant, none; plies at and
/// past 16 bits), from positions of every kind, into every form (the trainers' and JSON keep
/// the fields), as the general code converts them.
#[test]
fn training_fields_as_the_general_code() {
    let opts = Options::default();
    let scores = [
        "0",
        "-35",
        "32767",
        "-32768",
        "40000",
        "-2147483647",
        "2147483647",
    ];
    let results = ["-1", "0", "1"];
    let moves = [
        "e2e4", "e1g1", "e1h1", "e8c8", "e8a8", "e7e8q", "a2a1n", "d5e6", "e4d3", "b1c3",
    ];
    let plies = ["0", "17", "65535", "65536", "4294967295"];
    // Every combination's turn comes once in a release build; a few a position in a debug
    // build (the suite's `cargo test`).
    let per_fen = if cfg!(debug_assertions) { 3 } else { 24 };
    let mut taken = 0;
    let mut k = 0usize;
    for fen in FENS {
        for _ in 0..per_fen {
            k += 1;
            let mut members = Vec::new();
            if !k.is_multiple_of(5) {
                members.push(format!("\"score\":{}", scores[k % scores.len()]));
            }
            if !k.is_multiple_of(7) {
                members.push(format!("\"result\":{}", results[k / 3 % results.len()]));
            }
            if !k.is_multiple_of(4) {
                members.push(format!("\"move\":\"{}\"", moves[k / 2 % moves.len()]));
            }
            if !k.is_multiple_of(3) {
                members.push(format!("\"ply\":{}", plies[k / 5 % plies.len()]));
            }
            let json = format!("{{\"fen\":\"{fen}\",\"train\":{{{}}}}}", members.join(","));
            let Ok(v) = parse_general(Format::Json, json.as_bytes(), &opts) else {
                continue;
            };
            for form in trainers() {
                let mut rec = Vec::new();
                if render_general(form, &v, &opts, &mut rec).is_ok() {
                    taken += against_general(form, &rec, &opts);
                }
            }
        }
    }
    assert!(taken > 10 * per_fen, "{taken}");
}
