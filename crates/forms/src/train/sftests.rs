//! The tests of `sf-bin`'s word paths ([`super::sfwords`], [`super::sfstream`]) on records built
//! bit by bit to be hostile: Huffman codes running past the 256 bits, every code as the
//! stream's last man, junk in the padding byte and past the fields, both kings on one square,
//! castling rights without their rook or king, en passant squares of every kind, the fullmove's
//! high bits, rule50's 7th bit, and random records (proptest); each read (and each position
//! written) with every FEN reader as the general reading and writing do, error and all.

use super::sfbin::LEN;
use super::sfwords::read_record;
use super::testgen::rng;
use crate::convert::check::against_general;
use crate::fen::FenReader;
use crate::{parse_general, render_general, Conversion, Format, Options};
use proptest::prelude::*;

/// A record written a bit at a time, least significant bit of each byte first; bits past the
/// stream's 256 are dropped.
struct Stream {
    rec: [u8; LEN],
    at: usize,
}

impl Stream {
    /// The stream's head: the side to move and the kings' squares (a1 = 0).
    fn new(black: bool, wk: u8, bk: u8) -> Stream {
        let mut s = Stream {
            rec: [0; LEN],
            at: 0,
        };
        s.put(u64::from(black), 1);
        s.put(u64::from(wk), 6);
        s.put(u64::from(bk), 6);
        s
    }

    /// Appends the low `n` bits of `v`.
    fn put(&mut self, v: u64, n: usize) {
        for k in 0..n {
            if self.at < 256 && v >> k & 1 == 1 {
                self.rec[self.at / 8] |= 1 << (self.at % 8);
            }
            self.at += 1;
        }
    }

    /// Appends a square: empty (`None`) or a man whose four bits after his leading 1 are
    /// `code` (his Huffman code's upper three bits, then his colour).
    fn square(&mut self, man: Option<u8>) {
        match man {
            None => self.put(0, 1),
            Some(code) => self.put(1 | u64::from(code & 15) << 1, 5),
        }
    }

    /// Appends the fields: castling (K, Q, k, q from bit 0), en passant, rule50 (its 7 bits
    /// split as the format splits them), fullmove.
    fn fields(&mut self, castling: u8, ep: Option<u8>, rule50: u8, fullmove: u16) {
        self.put(u64::from(castling), 4);
        match ep {
            Some(sq) => self.put(1 | u64::from(sq & 63) << 1, 7),
            None => self.put(0, 1),
        }
        self.put(u64::from(rule50 & 63), 6);
        self.put(u64::from(fullmove), 16);
        self.put(u64::from(rule50 >> 6 & 1), 1);
    }

    /// The record, its bytes 32..40 (score, move, ply, result, padding) `tail`.
    fn done(mut self, tail: [u8; 8]) -> [u8; LEN] {
        self.rec[32..].copy_from_slice(&tail);
        self.rec
    }
}

/// The squares of a FEN placement that are not the kings' (in the stream's order, a8 first),
/// and the kings' squares (a1 = 0).
fn placement(fen: &str) -> (Vec<Option<u8>>, u8, u8) {
    let (mut squares, mut kings) = (Vec::new(), [0u8; 2]);
    let mut sq = 56u8;
    for c in fen.bytes() {
        match c {
            b'/' => sq -= 16,
            b'1'..=b'8' => {
                for _ in 0..c - b'0' {
                    squares.push(None);
                }
                sq += c - b'0';
            }
            b'K' | b'k' => {
                kings[usize::from(c == b'k')] = sq;
                sq += 1;
            }
            _ => {
                let kind = b"pnbrq".iter().position(|&p| p == c.to_ascii_lowercase());
                let black = u8::from(c.is_ascii_lowercase()) << 3;
                squares.push(Some(kind.unwrap_or(5) as u8 | black));
                sq += 1;
            }
        }
    }
    (squares, kings[0], kings[1])
}

/// The general reading's FEN (or its error) of `rec` and each FEN reader's conversion agree;
/// returns whether the word path reads the record (so the tests can see they reach it).
fn same(rec: &[u8; LEN]) -> bool {
    let opts = Options::default();
    let general = parse_general(Format::SfBin, rec, &opts)
        .map_err(crate::ConvertError::Parse)
        .and_then(|v| {
            let mut o = Vec::new();
            render_general(Format::Fen, &v, &opts, &mut o)
                .map(|_| o)
                .map_err(crate::ConvertError::Render)
        });
    for fen in [Some(FenReader::Portable), FenReader::avx2()]
        .into_iter()
        .flatten()
    {
        let conv = Conversion::with_fen_reader(Format::SfBin, Format::Fen, &opts, fen);
        let mut o = Vec::new();
        let via = conv.run(rec, &mut o).map(|_| o);
        assert_eq!(via, general, "{} reader: {rec:02x?}", fen.name());
    }
    let taken = read_record(rec).is_some();
    assert!(!taken || general.is_ok(), "{rec:02x?}");
    taken
}

/// Boards of 0 to 62 men (codes of every kind, the undefined ones too where `bad`), so that the
/// men's codes end anywhere from the stream's 75th bit to past its 256th, each code of the 16
/// as the last square's man; fields random, with and without en passant.
#[test]
fn every_code_at_the_stream_end() {
    let mut next = rng(0x5851_f42d_4c95_7f2d);
    let (mut taken, mut all) = (0, 0);
    for men in 0..=62usize {
        for last in 0..17u8 {
            for bad in [false, true] {
                let (wk, bk) = (4 + 8 * (next() % 2) as u8, 60 - (next() % 3) as u8);
                let mut s = Stream::new(next() % 2 == 1, wk, bk);
                let mut squares = vec![None; 62];
                let mut placed = 0;
                while placed + 1 < men {
                    let at = (next() % 61) as usize;
                    if squares[at].is_none() {
                        let code = if bad {
                            next() % 16
                        } else {
                            (next() % 5) | ((next() % 2) << 3)
                        };
                        squares[at] = Some(code as u8);
                        placed += 1;
                    }
                }
                squares[61] = (last < 16 && men > 0).then_some(last);
                for &m in &squares {
                    s.square(m);
                }
                let ep = next().is_multiple_of(3).then_some((next() % 64) as u8);
                s.fields(0, ep, (next() % 128) as u8, next() as u16);
                s.put(next(), 64);
                let result = [0u8, 1, 0xff][(next() % 3) as usize];
                let rec = s.done([0, 0, 0, 0, 5, 0, result, next() as u8]);
                taken += usize::from(same(&rec));
                all += 1;
            }
        }
    }
    assert!(taken > all / 10, "{taken} of {all}");
}

/// En passant squares of every square, both sides to move, on boards with a pawn that can take,
/// one that cannot (pinned, the origin square taken), none, and the pushed pawn missing.
#[test]
fn every_en_passant_square() {
    let boards = [
        "4k3/8/8/3pP3/8/8/8/4K3",
        "4k3/8/8/8/3pP3/8/8/4K3",
        "8/8/8/K2pP2r/8/8/8/7k",
        "4k3/3n4/8/3pP3/8/8/8/4K3",
        "4k3/8/8/8/8/8/8/4K3",
        "r3k2r/pppppppp/8/PpPpPpPp/pPpPpPpP/8/PPPPPPPP/R3K2R",
        "4k3/8/4P3/3pP3/3pP3/3p4/8/4K3",
    ];
    let mut taken = 0;
    for board in boards {
        let (squares, wk, bk) = placement(board);
        for black in [false, true] {
            for ep in 0..64 {
                let mut s = Stream::new(black, wk, bk);
                for &m in &squares {
                    s.square(m);
                }
                s.fields(0, Some(ep), 3, 7);
                taken += usize::from(same(&s.done([0; 8])));
            }
        }
    }
    assert!(taken > 10, "{taken}");
}

/// Every castling right of the 16 on boards with and without the corner rooks, the kings on and
/// off e1/e8, rooks of the other colour in the corners.
#[test]
fn every_castling_right() {
    let boards = [
        "r3k2r/8/8/8/8/8/8/R3K2R",
        "4k3/8/8/8/8/8/8/4K3",
        "R3k2R/8/8/8/8/8/8/r3K2r",
        "r2k3r/8/8/8/8/8/8/R2K3R",
        "r6r/4k3/8/8/8/8/4K3/R6R",
        "rn2k1nr/8/8/8/8/8/8/RN2K1NR",
        "q3k2b/8/8/8/8/8/8/Q3K2B",
        "r3k3/8/8/8/8/8/8/4K2R",
    ];
    let mut taken = 0;
    for board in boards {
        let (squares, wk, bk) = placement(board);
        for castling in 0..16 {
            for black in [false, true] {
                let mut s = Stream::new(black, wk, bk);
                for &m in &squares {
                    s.square(m);
                }
                s.fields(castling, None, 0, 1);
                taken += usize::from(same(&s.done([0; 8])));
            }
        }
    }
    assert!(taken > 30, "{taken}");
}

/// The clocks' every high bit (fullmove's 16, rule50's 7th), the result byte, the padding byte
/// and junk past the fields, both kings on one square.
#[test]
fn clocks_junk_and_kings() {
    let (squares, wk, bk) = placement("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R");
    let mut next = rng(0x27bb_2ee6_87b0_b0fd);
    let mut taken = 0;
    for bit in 0..17 {
        for rule50 in [0u8, 1, 63, 64, 65, 127] {
            for (k1, k2) in [(wk, bk), (wk, wk), (bk, bk), (0, 63)] {
                let mut s = Stream::new(bit % 2 == 1, k1, k2);
                for &m in &squares {
                    s.square(m);
                }
                s.fields(15, None, rule50, (1u32 << bit) as u16);
                s.put(next() & next(), 64);
                let tail = [
                    next() as u8,
                    next() as u8,
                    0,
                    0,
                    next() as u8,
                    next() as u8,
                    [0u8, 1, 0xff, 2, 0x80, 0x7f][(next() % 6) as usize],
                    next() as u8,
                ];
                taken += usize::from(same(&s.done(tail)));
            }
        }
    }
    assert!(taken > 30, "{taken}");
}

/// Written records read back, and the positions of the tests above written, as the general
/// code converts them into every form (the heavier check, on a few records).
#[test]
fn hostile_records_into_every_form() {
    let opts = Options::default();
    let (squares, wk, bk) = placement("r3k2r/pppppppp/8/3pP3/8/8/PPPPPPPP/R3K2R");
    for (castling, ep) in [(15, Some(43)), (5, Some(44)), (0, Some(19)), (3, None)] {
        let mut s = Stream::new(false, wk, bk);
        for &m in &squares {
            s.square(m);
        }
        s.fields(castling, ep, 65, 300);
        against_general(
            Format::SfBin,
            &s.done([9, 1, 0x1c, 0x03, 4, 0, 1, 0xaa]),
            &opts,
        );
    }
    for fen in [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 127 65535",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 128 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 65536",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 64 32768",
        "QQQQQQQk/QQQQQQQQ/QQQQQQQQ/QQQQQQ2/8/8/8/K7 w - - 0 1",
        "QQQQQQQk/QQQQQQQQ/QQQQQQQQ/QQQQQQQ1/8/8/8/K7 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
    ] {
        against_general(Format::Fen, fen.as_bytes(), &opts);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Records of random bytes, as they come and with the head's kings apart, the result
    /// byte in range and no move (so more of them reach the board and the fields).
    #[test]
    fn random_records(bytes in proptest::collection::vec(any::<u8>(), LEN), tame: bool) {
        let mut rec = [0u8; LEN];
        rec.copy_from_slice(&bytes);
        if tame {
            rec[34] = 0;
            rec[35] = 0;
            rec[38] %= 2;
            if rec[0] >> 1 & 63 == (rec[0] >> 7 | rec[1] << 1) & 63 {
                rec[0] ^= 2;
            }
        }
        same(&rec);
    }

    /// Boards of random men (valid codes mostly, some undefined), random fields and junk past
    /// them: the stream running short, full, or long.
    #[test]
    fn random_streams(
        men in proptest::collection::vec(prop_oneof![
            3 => Just(None),
            4 => (0u8..5, any::<bool>()).prop_map(|(k, b)| Some(k | u8::from(b) << 3)),
            1 => (0u8..16).prop_map(Some),
        ], 62),
        kings in (0u8..64, 0u8..64),
        fields in (0u8..16, proptest::option::of(0u8..64), 0u8..128, any::<u16>()),
        junk: u64,
        tail: [u8; 8],
    ) {
        let mut s = Stream::new(junk % 2 == 1, kings.0, kings.1);
        for m in men {
            s.square(m);
        }
        s.fields(fields.0, fields.1, fields.2, fields.3);
        s.put(junk, 64);
        let mut tail = tail;
        tail[2] = 0;
        tail[6] %= 2;
        same(&s.done(tail));
    }
}
