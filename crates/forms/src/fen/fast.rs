//! The fast path of FEN reading for batch runs: an 8x8 placement of letters and single digits 1-8
//! (no marks, no holdings) read straight into two LERF words, uppercase first, without building
//! a placement. Two readers give the same answers: a portable one that reads a byte at a time
//! through a class table, and, on x86_64 CPUs with AVX2 and BMI2 (checked at run time), one that reads 32
//! bytes at a time and places the squares with `pdep`. Anything either one does not accept,
//! every error included, gives `None` and goes to the general parser, which gives the same
//! result or the precise error.

use super::fields::Standard;

/// The readers of the FEN fast path: an 8x8 placement of letters and digits 1-8, then nothing or
/// the other fields in their common spelling (see `fen::fields::standard`), read into
/// `(uppercase, lowercase)` LERF words, or `None` for anything else, including any record that
/// is not all ASCII and every field the strict reading would refuse (the general parser then checks
/// it and reports where it breaks). Every reader gives the same answers.
///
/// ```
/// use bbconv_forms::{FenReader, Kernels};
/// let start = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let words = Some((0xffff, 0xffff_0000_0000_0000));
/// assert_eq!(FenReader::Portable.read(start), words);
/// assert_eq!(FenReader::new(Kernels::Auto).read(start), words);
/// if let Some(simd) = FenReader::avx2() {
///     assert_eq!(simd.read(start), words);
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenReader {
    /// A byte at a time through a class table: runs on every CPU.
    Portable,
    /// 32 bytes at a time with AVX2, squares placed with BMI2's `pdep`. Only [`FenReader::avx2`]
    /// makes one, after checking the CPU: holding it is the proof that it may run.
    #[cfg(target_arch = "x86_64")]
    Avx2(x86::Avx2),
}

impl FenReader {
    /// The reader `kernels` asks for: under [`crate::Kernels::Auto`] the fastest this CPU runs.
    pub fn new(kernels: crate::Kernels) -> FenReader {
        match kernels {
            crate::Kernels::Portable => FenReader::Portable,
            crate::Kernels::Auto => FenReader::avx2().unwrap_or(FenReader::Portable),
        }
    }

    /// The AVX2 reader, if this CPU has AVX2, BMI1, BMI2 and POPCNT (checked once a process).
    pub fn avx2() -> Option<FenReader> {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = x86::Avx2::new() {
            return Some(FenReader::Avx2(t));
        }
        None
    }

    /// The reader's name: `portable` or `avx2`.
    pub fn name(self) -> &'static str {
        match self {
            FenReader::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            FenReader::Avx2(_) => "avx2",
        }
    }

    /// Reads an 8x8 placement into `(uppercase, lowercase)` LERF words, or `None`.
    #[inline]
    pub fn read(self, b: &[u8]) -> Option<(u64, u64)> {
        match self {
            FenReader::Portable => chess_pair_bytes(b).map(|(_, f, s)| (f, s)),
            #[cfg(target_arch = "x86_64")]
            FenReader::Avx2(t) => t.chess_pair(b).map(|(_, f, s)| (f, s)),
        }
    }
}

/// Work to run with a FEN reader, compiled for it: [`FenReader::with_reader`] runs it with the
/// reader this CPU runs, for the AVX2 one inside a function compiled with its CPU features (so
/// that the reader and all that `run` inlines are one function).
pub(crate) trait WithReader {
    /// What the work gives.
    type Output;
    /// Does the work with the reader `r`.
    fn run<R: ReadChess>(self, r: &R) -> Self::Output;
}

impl FenReader {
    /// Runs `work` with this reader.
    #[inline(always)]
    pub(crate) fn with_reader<W: WithReader>(self, work: W) -> W::Output {
        match self {
            FenReader::Portable => work.run(&Bytes),
            #[cfg(target_arch = "x86_64")]
            FenReader::Avx2(t) => t.with_reader(work),
        }
    }
}

/// What the 8x8 fast path reads a FEN placement into: the placement's length and the words
/// of the two sides, or one word a chess piece letter.
pub(crate) trait ReadChess: crate::kernels::Simd {
    /// The placement's length in bytes and the `(uppercase, lowercase)` LERF words.
    fn pair(&self, b: &[u8]) -> Option<(usize, u64, u64)>;
    /// The placement's length, one LERF word a letter of [`PIECE_LETTERS`], and what the
    /// fields after it say (the readers check their spelling: [`super::fields::standard`]);
    /// `None` also when another letter is on the board.
    fn pieces(&self, b: &[u8]) -> Option<(usize, [u64; 12], Standard)>;
    /// The placement's length, the words of `KRkr` (LERF), and what the fields say: what
    /// [`ReadChess::pieces`] gives of them, where it gives the rest (the readers check every
    /// letter and place only these four: a position's check needs no more, its en passant
    /// square aside).
    #[inline(always)]
    fn kings_rooks(&self, b: &[u8]) -> Option<(usize, [u64; 4], Standard)> {
        let (len, w, f) = self.pieces(b)?;
        Some((len, [w[5], w[3], w[11], w[9]], f))
    }
}

/// The chess piece letters, in the order of the words of [`ReadChess::pieces`] (the order of
/// `bbconv_board::placement::CHESS_PIECE_ORDER`).
pub(crate) const PIECE_LETTERS: &[u8; 12] = b"PNBRQKpnbrqk";

/// The index of a chess piece letter in [`PIECE_LETTERS`], or 255.
pub(crate) const PIECE_INDEX: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut k = 0;
    while k < 12 {
        t[PIECE_LETTERS[k] as usize] = k as u8;
        k += 1;
    }
    t
};

/// The portable reader as a [`ReadChess`].
pub(crate) struct Bytes;

impl crate::kernels::Simd for Bytes {}

impl ReadChess for Bytes {
    #[inline(always)]
    fn pair(&self, b: &[u8]) -> Option<(usize, u64, u64)> {
        pair_bytes(b)
    }

    #[inline(always)]
    fn pieces(&self, b: &[u8]) -> Option<(usize, [u64; 12], Standard)> {
        let (len, _, _) = pair_bytes(b)?;
        let fields = super::fields::standard(&b[len..])?;
        pieces_of(&b[..len], fields)
    }
}

/// The piece words of a placement the pair reader accepted (letters and digits 1-8 in eight
/// ranks of eight squares), one byte at a time; `None` for a letter that is not a chess piece.
#[inline(always)]
fn pieces_of(placement: &[u8], fields: Standard) -> Option<(usize, [u64; 12], Standard)> {
    let mut w = [0u64; 12];
    // Squares in reading order (a8 = 0); LERF is `pos ^ 56`.
    let mut pos = 0usize;
    for &c in placement {
        match c {
            b'/' => {}
            b'1'..=b'8' => pos += (c - b'0') as usize,
            _ => {
                let k = PIECE_INDEX[c as usize];
                *w.get_mut(k as usize)? |= 1 << ((pos ^ 56) & 63);
                pos += 1;
            }
        }
    }
    Some((placement.len(), w, fields))
}

/// The class of each byte for [`chess_pair_bytes`]: a digit `1`-`8` is its value, a letter is
/// [`UPPER`] or [`LOWER`], and the other bytes are [`SLASH`], [`END`] (a space or a tab) or
/// [`OTHER`]. The values are chosen for the loop: a letter is `e & !LOWER == 0` (one test),
/// a digit `e < SLASH`, and a letter's class, rotated by its square, is its lowercase bit.
const CLASS: [u8; 256] = {
    let mut t = [OTHER; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = match c as u8 {
            b'A'..=b'Z' => UPPER,
            b'a'..=b'z' => LOWER,
            b'1'..=b'8' => c as u8 - b'0',
            b'/' => SLASH,
            b' ' | b'\t' => END,
            _ => OTHER,
        };
        c += 1;
    }
    t
};
/// The class of an uppercase letter.
const UPPER: u8 = 0;
/// The class of a lowercase letter: one bit, set at `square + 6` (modulo 64) of the lowercase
/// word by the rotation, and put back on `square` at the end.
const LOWER: u8 = 0x40;
/// The class of a slash.
const SLASH: u8 = 9;
/// The class of the bytes that end a placement.
const END: u8 = 10;
/// The class of every other byte.
const OTHER: u8 = 11;

/// The portable reader ([`FenReader::Portable`]), a byte at a time through [`CLASS`]: each
/// letter sets its square's bit (squares in reading order, a8 first, so that swapping the
/// bytes of the word gives LERF), each digit skips its squares, and each slash notes the square
/// it comes on; at the end, the squares must be 64 and the seven slashes on squares 8, 16, ...,
/// 56. Returns the placement's length too.
///
/// Measured under `BBCONV_PORTABLE=1` (`bench/paths.py --portable`, `-f fen -t packed`,
/// instructions a line, the whole conversion): 1,361 with the reader it replaced (a rank at a time
/// in a word, SWAR), about 1,340 with eight bytes at a time across ranks, 1,081 with this one as
/// first written; 999 with the checks moved out of the loop (digits by position, the eighth slash
/// by the end of the last rank, ASCII on the other fields only); 918 reading without a bounds check
/// when the record ends with its counters (a space among the last eight bytes stops the loop); 838
/// with the slashes' squares checked at the end, the classes' values chosen for two-instruction
/// tests, and the packed digits written straight into the output.
///
/// Also measured and dropped: eight bytes a step, unrolled (1,172: the compiler shuffles the square
/// count between registers at every byte); two bytes a step through a table of 65,536 byte pairs
/// (1,236); a `match` over dense classes (950: a jump table costs five instructions a byte).
pub(crate) fn chess_pair_bytes(b: &[u8]) -> Option<(usize, u64, u64)> {
    pair_bytes(b)
}

/// [`chess_pair_bytes`], inlined where it is called.
#[inline(always)]
fn pair_bytes(b: &[u8]) -> Option<(usize, u64, u64)> {
    // A record with the other fields in their common spelling has a space among its last eight
    // bytes (before its last counter), and the loop stops at the first space: it may then read
    // without checking the index. Any other record is read with the check.
    let sentinel = space_near_end(b);
    #[allow(unsafe_code)]
    let words = if sentinel {
        // SAFETY: `placement` asks for bytes 0, 1, 2, ... in turn and stops at the first of
        // class `END` or `OTHER`. A space has class `END`, and `b` holds one (checked above),
        // so every index asked for is at most that space's, which is in bounds.
        placement(|i| Some(unsafe { *b.get_unchecked(i) }))
    } else {
        placement(|i| b.get(i).copied())
    };
    let (len, upper, lower) = words?;
    // The other fields in their common spelling (so ASCII, as the placement's bytes are by
    // their classes).
    super::fields::standard(&b[len..])?;
    Some((len, upper.swap_bytes(), lower.swap_bytes()))
}

/// Whether `b` has a space among its last eight bytes (`false` when it is shorter).
#[inline(always)]
fn space_near_end(b: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    b.last_chunk::<8>().is_some_and(|t| {
        let x = u64::from_le_bytes(*t) ^ (ONES * u64::from(b' '));
        x.wrapping_sub(ONES) & !x & (ONES << 7) != 0
    })
}

/// The loop of [`chess_pair_bytes`] over the bytes `byte(0)`, `byte(1)`, ... in turn (`None`
/// past the end), up to the first of class `END` (or `OTHER`, which gives `None`): the
/// placement's length and its `(uppercase, lowercase)` words in reading order, if it has eight
/// full ranks and no two digits in a row.
#[inline(always)]
fn placement(byte: impl Fn(usize) -> Option<u8>) -> Option<(usize, u64, u64)> {
    // The squares with a letter, the lowercase ones (rotated, see `LOWER`), and the byte
    // positions of the digits (modulo 64: a placement longer than 64 bytes may see a false
    // pair of digits, which only sends it to the general parser; bytes 63 and 64, bits 63 and
    // 0, are looked at below).
    let (mut letters, mut lower, mut digits) = (0u64, 0u64, 0u64);
    // Squares read (a word's worth: no record is long enough to wrap it around to 64), the
    // squares where a slash came (modulo 64), and the slashes.
    let (mut square, mut slash_squares, mut slashes) = (0u64, 0u64, 0u64);
    let mut i = 0;
    while let Some(c) = byte(i) {
        let e = CLASS[c as usize];
        if e & !LOWER == 0 {
            letters |= 1 << (square & 63);
            lower |= u64::from(e).rotate_left(square as u32);
            square += 1;
        } else if e < SLASH {
            square += u64::from(e);
            digits |= 1 << (i & 63);
        } else if e == SLASH {
            slash_squares |= 1 << (square & 63);
            slashes += 1;
        } else if e == END {
            break;
        } else {
            return None;
        }
        i += 1;
    }
    // Eight full ranks: 64 squares and seven slashes, one on each of squares 8, 16, ..., 56
    // (squares only grow, so a slash past square 63 would leave more than 64 squares, and one
    // on square 64 shows as square 0); no two digits in a row.
    if square != 64
        || slashes != 7
        || slash_squares != 0x0101_0101_0101_0100
        || digits & digits << 1 != 0
        || (i > 64 && is_digit(byte(63)) && is_digit(byte(64)))
    {
        return None;
    }
    let lower = lower.rotate_right(LOWER.trailing_zeros());
    Some((i, letters & !lower, lower))
}

/// Whether a byte of a placement is a digit `1`-`8`.
#[inline(always)]
fn is_digit(c: Option<u8>) -> bool {
    matches!(c, Some(b'1'..=b'8'))
}

/// The AVX2 + BMI2 reader (its file says how it reads).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(crate) mod x86;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Both readers, and the general parser: all must agree on the boards they accept; and the
    /// one-pass placement reader gives what the general parser gives.
    fn check(b: &[u8]) {
        if let Some(pl) = super::super::parse_small(b, &Default::default()) {
            let text = std::str::from_utf8(b).unwrap();
            let general = super::super::parse_general(text, &Default::default());
            assert_eq!(general.as_ref(), Ok(&pl), "{text}");
        }
        let swar = chess_pair_bytes(b);
        if let Some(simd) = FenReader::avx2() {
            let text = String::from_utf8_lossy(b);
            assert_eq!(simd.read(b), swar.map(|(_, f, s)| (f, s)), "{text:?}");
        }
        for from in [crate::Format::Fen, crate::Format::Auto] {
            crate::convert::check::against_general(from, b, &Default::default());
        }
        // The kings and rooks reader (AVX2) gives what the portable piece reader gives of
        // them, and refuses what it refuses.
        struct KingsRooks<'a>(&'a [u8]);
        impl WithReader for KingsRooks<'_> {
            type Output = Option<(usize, [u64; 4], Standard)>;
            fn run<R: ReadChess>(self, r: &R) -> Self::Output {
                r.kings_rooks(self.0)
            }
        }
        if let Some(simd) = FenReader::avx2() {
            let want = Bytes
                .pieces(b)
                .map(|(len, w, f)| (len, [w[5], w[3], w[11], w[9]], f));
            let text = String::from_utf8_lossy(b);
            assert_eq!(simd.with_reader(KingsRooks(b)), want, "{text:?}");
        }

        if let Some((len, first, second)) = swar {
            let placement_len = b.iter().position(|&c| c == b' ' || c == b'\t');
            assert_eq!(len, placement_len.unwrap_or(b.len()));
            // What the reader accepts, the cheap look passes (else -f auto would not use the
            // reader for it while the last records were not FEN).
            assert!(
                super::super::may_be_fen(b),
                "{:?}",
                String::from_utf8_lossy(b)
            );
            let text = std::str::from_utf8(b).unwrap();
            // What the reader accepts, detection calls FEN (so -f auto may use the reader).
            assert_eq!(
                crate::detect(text, &Default::default()),
                Ok(crate::Format::Fen),
                "{text}"
            );
            let p = super::super::parse_general(text, &Default::default()).unwrap();
            assert_eq!(p.size(), bbconv_board::Size::CHESS, "{text}");
            let pair = p.to_pair();
            let words = (pair.first().as_u64(), pair.second().as_u64());
            assert_eq!(words, (Some(first), Some(second)), "{text}");
        }
    }

    fn placement(cells: &[u8]) -> String {
        let mut fen = String::new();
        for r in 0..8 {
            if r > 0 {
                fen.push('/');
            }
            let mut empty = 0;
            for f in 0..8 {
                let c = cells[r * 8 + f];
                if c < 12 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    fen.push_str(&empty.to_string());
                    empty = 0;
                }
                fen.push(b"PNBRQKpnbrqkZa"[(c as usize - 12) % 14] as char);
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
        }
        fen
    }

    #[test]
    fn known_boards_and_edges() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert_eq!(
            FenReader::new(crate::Kernels::Auto).read(start.as_bytes()),
            Some((0xffff, 0xffff_0000_0000_0000))
        );
        let longest = "P1P1P1P1/1P1P1P1P/P1P1P1P1/1P1P1P1P/p1p1p1p1/1p1p1p1p/p1p1p1p1/1p1p1p1p";
        assert_eq!(longest.len(), 71);
        let full = "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp/pppppppp";
        assert_eq!(
            FenReader::new(crate::Kernels::Auto).read(full.as_bytes()),
            Some((0xffff_ffff_0000_0000, 0x0000_0000_ffff_ffff))
        );
        for p in [
            start,
            longest,
            full,
            "8/8/8/8/8/8/8/8",
            "8/8/8/4k3/8/8/8/4K3",
        ] {
            for rest in [
                "",
                " w - - 0 1",
                "\tb",
                " w KQkq - 0 1 and more text \u{e9}",
            ] {
                check(format!("{p}{rest}").as_bytes());
                // Every truncation and every one-byte change around the window edges.
                let full = format!("{p}{rest}");
                for cut in 0..full.len() {
                    check(&full.as_bytes()[..cut]);
                }
                for at in 0..full.len() {
                    for c in [
                        b'/', b'1', b'8', b'9', b'0', b' ', b'\t', b'x', b'X', 0xc3, b'[',
                    ] {
                        let mut v = full.clone().into_bytes();
                        v[at] = c;
                        check(&v);
                    }
                }
            }
        }
        for bad in [
            "8/8/8/8/8/8/8/8/",
            "/8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8",
            "44/8/8/8/8/8/8/8",
            // Two digits in a row at bytes 63 and 64 (the digits' positions wrap at 64).
            "2a2rK1/BnZr1k1R/QQP1R1Br/1QraNR1k/1Bq1K3/1K1k1n1p/Rk2kQ1N/QKn1n11p",
            "1P1P1P1P/P1P1P1P1/1P1P1P1P/P1P1P1P1/1P1P1P1P/P1P1P1P1/1P1P1P1P/11PPPPPP",
        ] {
            assert_eq!(
                FenReader::new(crate::Kernels::Auto).read(bad.as_bytes()),
                None,
                "{bad}"
            );
            check(bad.as_bytes());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The check that lets the portable reader read without bounds checks.
        #[test]
        fn space_near_end_finds_a_space(
            b in proptest::collection::vec(prop::sample::select(
                vec![b' ', b'!', b'\t', 0x00, 0x1f, 0x20 | 0x80, 0xa0, b'1', b'w', 0xff]
            ), 0..20),
        ) {
            let naive = b.len() >= 8 && b[b.len() - 8..].contains(&b' ');
            prop_assert_eq!(space_near_end(&b), naive);
        }

        #[test]
        fn readers_agree(
            cells in proptest::collection::vec(0u8..26, 64),
            rest in prop::sample::select(vec!["", " w - - 0 1", "\t", " ", "\r", "[]"]),
            damage in proptest::collection::vec((0usize..80, 0u8..3, prop::sample::select(
                vec![b'/', b'1', b'2', b'8', b'9', b'0', b'+', b'~', b' ', b'\t', b'x', b'K', 0x80, 0xff]
            )), 0..3),
        ) {
            let mut v = (placement(&cells) + rest).into_bytes();
            for (at, how, c) in damage {
                let at = at % (v.len() + 1);
                match how {
                    0 => v.insert(at, c),
                    1 if at < v.len() => v[at] = c,
                    _ if at < v.len() => { v.remove(at); }
                    _ => {}
                }
            }
            check(&v);
        }
    }

    /// The AVX2 reader's nibble kernels (BMI2) give what the portable ones give, on random
    /// occupancies of 0 to 64 men and random planes and nibbles; its `sf-bin` stream too.
    #[test]
    fn nibble_kernels_as_the_portable_ones() {
        use crate::kernels::{nibbles_portable, planes_portable};
        struct Both;
        impl WithReader for Both {
            type Output = usize;
            fn run<R: ReadChess>(self, r: &R) -> usize {
                let mut v = 0x9e37_79b9_7f4a_7c15u64;
                let mut next = move || {
                    v ^= v << 13;
                    v ^= v >> 7;
                    v ^= v << 17;
                    v
                };
                for k in 0..20_000 {
                    let occ = match k % 4 {
                        0 => next() & next(),
                        1 => next() & next() & next(),
                        2 => next(),
                        _ => next() | next(),
                    };
                    let planes = [next(), next(), next(), next()];
                    let nibbles = [next(), next()];
                    assert_eq!(r.nibbles(occ, &planes), nibbles_portable(occ, &planes));
                    assert_eq!(r.planes(occ, nibbles), planes_portable(occ, nibbles));
                    // sf-bin's stream: two squares gone (its kings), at most 38 men kept.
                    let gone = 1 << (next() % 64) | 1 << (next() % 64);
                    let men = occ & !gone;
                    if (64 - gone.count_ones() + 4 * men.count_ones()) <= 256 {
                        let want = crate::kernels::stream5_portable(gone, men, &planes);
                        assert_eq!(r.stream5(gone, men, &planes), want, "{gone:x} {men:x}");
                    }
                }
                20_000
            }
        }
        if let Some(simd) = FenReader::avx2() {
            assert_eq!(simd.with_reader(Both), 20_000);
        }
    }
}
