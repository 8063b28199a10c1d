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

/// The AVX2 + BMI2 reader.
///
/// Classification of up to 64 bytes gives bit masks of slashes, digits and letters by byte
/// position. Each byte also gets a thermometer code of the squares it covers (`1` for a letter,
/// `2^d - 1` for a digit `d`, `0` for a slash); `pext` of the low bit of every byte under those
/// codes, concatenated, is the set `T` of squares (in reading order) where a letter or a digit
/// starts. A token's square is then the matching set bit of `T`, so `pdep(pext(upper, tokens), T)`
/// is the uppercase board. Ranks are checked the same way: the tokens right after a slash must
/// start on squares 8, 16, ..., 56, and the codes must cover exactly 64 squares.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(crate) mod x86 {
    use std::arch::x86_64::*;
    use std::sync::atomic::{AtomicU8, Ordering};

    const ONES: u64 = 0x0101_0101_0101_0101;

    /// The scan both readers share, written once and expanded in each (a function would not be
    /// inlined, and its result, two vectors and seven words, would go through memory): the
    /// [`Scanned`] of `$b`, or `return None` from the reader.
    macro_rules! scan {
        ($b:expr) => {{
            let b: &[u8] = $b;
            'scan: {
            let n = b.len();
            let mut pad = [0u8; 32];
            // Two 32-byte windows: bytes 0..32 and bytes `hb..hb + 32` with `hb = min(n, 64) - 32`
            // (they overlap when n < 64; short records are padded with zeros).
            let (lo_bytes, hi_bytes, hb): (&[u8; 32], &[u8; 32], usize) = if n >= 32 {
                let hb = n.min(64) - 32;
                (
                    b[..32].try_into().ok()?,
                    b[hb..hb + 32].try_into().ok()?,
                    hb,
                )
            } else {
                pad[..n].copy_from_slice(b);
                (&pad, &pad, 0)
            };
            // SAFETY: both pointers come from references to 32 readable bytes; `loadu` has no
            // alignment requirement.
            let (va, vb) = unsafe {
                (
                    _mm256_loadu_si256(lo_bytes.as_ptr().cast()),
                    _mm256_loadu_si256(hi_bytes.as_ptr().cast()),
                )
            };
            let a = classify(va);
            let c = classify(vb);
            // Byte-position masks over the first min(n, 64) bytes (the overlap ORs equal bits).
            // (Bytes past the first 64 are the other fields', checked below.)
            if bits(_mm256_or_si256(va, vb)) != 0 {
                return None;
            }
            let slash = a.slash | c.slash << hb;
            let digit = a.digit | c.digit << hb;
            let upper = a.upper | c.upper << hb;
            let lower = a.lower | c.lower << hb;
            let len = (!(slash | digit | upper | lower)).trailing_zeros() as usize;
            // A placement that runs past the 64-byte window goes to the portable reader.
            if len == 64 && n > 64 {
                break 'scan Scanned::Done(super::chess_pair_bytes(b)?);
            }
            let fields = super::super::fields::standard(&b[len..])?;
            let keep = _bzhi_u64(u64::MAX, len as u32);
            let (slash, digit, upper, lower) = (slash & keep, digit & keep, upper & keep, lower & keep);
            let tokens = digit | upper | lower;
            let starts = slash << 1 | 1;
            if slash.count_ones() != 7 || starts & !tokens != 0 || digit & digit << 1 != 0 {
                return None;
            }
            // Codes of bytes past the placement, and of the second window's overlap, are dropped.
            #[rustfmt::skip]
            let pos = _mm256_setr_epi8(
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
            );
            let end = _mm256_set1_epi8(len as i8);
            let codes_a = _mm256_and_si256(a.codes, _mm256_cmpgt_epi8(end, pos));
            let pos_b = _mm256_add_epi8(pos, _mm256_set1_epi8(hb as i8));
            let codes_b = _mm256_and_si256(
                c.codes,
                _mm256_and_si256(
                    _mm256_cmpgt_epi8(end, pos_b),
                    _mm256_cmpgt_epi8(pos_b, _mm256_set1_epi8(31)),
                ),
            );
            let words = [
                _mm256_extract_epi64::<0>(codes_a) as u64,
                _mm256_extract_epi64::<1>(codes_a) as u64,
                _mm256_extract_epi64::<2>(codes_a) as u64,
                _mm256_extract_epi64::<3>(codes_a) as u64,
                _mm256_extract_epi64::<0>(codes_b) as u64,
                _mm256_extract_epi64::<1>(codes_b) as u64,
                _mm256_extract_epi64::<2>(codes_b) as u64,
                _mm256_extract_epi64::<3>(codes_b) as u64,
            ];
            let (mut t, mut covered) = (0u64, 0u32);
            for w in words {
                // With exactly 64 squares covered (checked below), no non-empty part is shifted by
                // 64 or more, so the wrapping shift never misplaces a bit of an accepted board.
                t |= _pext_u64(ONES, w).wrapping_shl(covered);
                covered += w.count_ones();
            }
            if covered != 64 || _pdep_u64(_pext_u64(starts, tokens), t) != ONES {
                return None;
            }
            Scanned::Scan(Scan {
                len,
                fields,
                tokens,
                upper,
                lower,
                squares: t,
                keep,
                hb,
                va,
                vb,
            })
            }
        }};
    }

    /// 0 = not checked yet, 1 = no, 2 = yes.
    static AVAILABLE: AtomicU8 = AtomicU8::new(0);

    /// The proof that this CPU has AVX2, BMI1, BMI2 and POPCNT: its field is private, so only
    /// [`Avx2::new`], which checks, makes one. The AVX2 reader is reached only through it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Avx2(());

    impl Avx2 {
        /// The token, if the CPU has what the AVX2 reader needs (checked once a process).
        #[inline]
        pub(super) fn new() -> Option<Avx2> {
            let yes = match AVAILABLE.load(Ordering::Relaxed) {
                0 => {
                    let yes = is_x86_feature_detected!("avx2")
                        && is_x86_feature_detected!("bmi1")
                        && is_x86_feature_detected!("bmi2")
                        && is_x86_feature_detected!("popcnt");
                    AVAILABLE.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
                    yes
                }
                v => v == 2,
            };
            yes.then_some(Avx2(()))
        }

        /// Same contract as [`super::chess_pair_bytes`].
        #[inline]
        pub(super) fn chess_pair(self, b: &[u8]) -> Option<(usize, u64, u64)> {
            // SAFETY: an `Avx2` exists only when `Avx2::new` has confirmed that the CPU supports
            // AVX2, BMI1, BMI2 and POPCNT, the only requirement of the `target_feature` function.
            unsafe { read_pair(b) }
        }

        /// [`super::FenReader::with_reader`] with this reader.
        #[inline(always)]
        pub(super) fn with_reader<W: super::WithReader>(self, work: W) -> W::Output {
            // SAFETY: as in `chess_pair`.
            unsafe { with_avx2(work) }
        }
    }

    /// `work` with the reader, compiled with the reader's features.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    fn with_avx2<W: super::WithReader>(work: W) -> W::Output {
        work.run(&Reader)
    }

    /// The AVX2 reader, for a kernel compiled with its features (the reader's methods then
    /// inline into the kernel, with no call between).
    ///
    /// # Safety
    /// The caller is a function compiled with `#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]`
    /// that runs only when an [`Avx2`] token exists, and the reader is used only inside it.
    #[inline(always)]
    pub(crate) unsafe fn reader() -> impl super::ReadChess {
        Reader
    }

    /// The pair reader compiled with its features, for [`super::FenReader::read`].
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    fn read_pair(b: &[u8]) -> Option<(usize, u64, u64)> {
        // SAFETY: this function has the features `chess_pair_avx2` needs.
        unsafe { chess_pair_avx2(b) }
    }

    /// The AVX2 reader as a [`super::ReadChess`]; its methods run only inside `convert_avx2` and
    /// `read_json_avx2`.
    struct Reader;

    impl super::ReadChess for Reader {
        #[inline(always)]
        fn pair(&self, b: &[u8]) -> Option<(usize, u64, u64)> {
            // SAFETY: only called from `convert_avx2`, whose caller holds an `Avx2` token.
            unsafe { chess_pair_avx2(b) }
        }

        #[inline(always)]
        fn pieces(&self, b: &[u8]) -> Option<(usize, [u64; 12], super::super::fields::Standard)> {
            // SAFETY: as in `pair`.
            unsafe { chess_pieces_avx2(b) }
        }
    }

    impl crate::kernels::Simd for Reader {
        #[inline(always)]
        fn avx2(&self) -> Option<crate::kernels::Avx2Cpu> {
            // SAFETY: as in `pair` (AVX2 and BMI2).
            Some(unsafe { crate::kernels::Avx2Cpu::new() })
        }
        #[inline(always)]
        fn stream5(&self, gone: u64, men: u64, planes: &[u64; 4]) -> [u64; 4] {
            // SAFETY: as in `pair` (BMI2).
            unsafe { crate::kernels::bmi2::stream5(gone, men, planes) }
        }

        /// The packed pair's digits with `pdep` and byte shuffles: `pdep` puts each group of
        /// five squares in a byte (groups 0-7 from bits 0..40, 8-12 from bits 40..64), a
        /// shuffle gives the group's base-3 value of its low four bits (bit 4 adds 81), the
        /// second side's values count twice, and the bytes' nibbles are looked up as hex
        /// digits. About 35 instructions where the table of ten-bit groups takes about 75:
        /// hand-written because the benchmark shows the gain (`-f fen -t packed`).
        #[inline(always)]
        fn push_packed_hex(&self, first: u64, second: u64, out: &mut Vec<u8>) {
            const GROUPS: u64 = 0x1f1f_1f1f_1f1f_1f1f;
            // `T5` of 0..16 in both lanes: a group's low four bits read in base 3.
            static BASE3: [u8; 32] = {
                let mut t = [0u8; 32];
                let mut i = 0;
                while i < 32 {
                    t[i] = bbconv_board::ternary::T10[i % 16];
                    i += 1;
                }
                t
            };
            let mut buf = [0u8; 32];
            // SAFETY: as in `pair` (AVX2, BMI2); the load reads the 32 bytes of `BASE3` and
            // the stores write the 32 bytes of `buf`; `loadu`/`storeu` need no alignment.
            unsafe {
                let spread = |w: u64| {
                    _mm_set_epi64x(
                        _pdep_u64(w >> 40, GROUPS) as i64,
                        _pdep_u64(w, GROUPS) as i64,
                    )
                };
                let v = _mm256_set_m128i(spread(second), spread(first));
                let base3 = _mm256_loadu_si256(BASE3.as_ptr().cast());
                // Bytes below 32 index the table by their low four bits.
                let t = _mm256_add_epi8(
                    _mm256_shuffle_epi8(base3, v),
                    _mm256_and_si256(_mm256_cmpgt_epi8(v, splat(15)), splat(81)),
                );
                let s = _mm256_extracti128_si256::<1>(t);
                let packed = _mm_add_epi8(_mm256_castsi256_si128(t), _mm_add_epi8(s, s));
                let low = _mm_set1_epi8(0x0f);
                let hi = _mm_and_si128(_mm_srli_epi16(packed, 4), low);
                let lo = _mm_and_si128(packed, low);
                let digits = _mm_loadu_si128(b"0123456789abcdef".as_ptr().cast());
                let to = buf.as_mut_ptr().cast::<__m128i>();
                _mm_storeu_si128(to, _mm_shuffle_epi8(digits, _mm_unpacklo_epi8(hi, lo)));
                _mm_storeu_si128(
                    to.add(1),
                    _mm_shuffle_epi8(digits, _mm_unpackhi_epi8(hi, lo)),
                );
            }
            out.extend_from_slice(&buf[..26]);
        }

        /// The digits of two words in one register, as [`Reader::hex12`] does four: about 10
        /// instructions where two calls of `hex` take about 50 (`-f fen -t pair`).
        #[inline(always)]
        fn hex2(&self, a: u64, b: u64) -> [[u8; 16]; 2] {
            let mut out = [[0u8; 16]; 2];
            // SAFETY: as in `pair` (SSSE3 is part of AVX2); the stores write the two arrays of
            // `out`; `storeu` needs no alignment.
            unsafe {
                #[rustfmt::skip]
                let reverse = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
                let table = _mm_loadu_si128(b"0123456789abcdef".as_ptr().cast());
                let low = _mm_set1_epi8(0x0f);
                let v = _mm_shuffle_epi8(_mm_set_epi64x(b as i64, a as i64), reverse);
                let hi = _mm_and_si128(_mm_srli_epi16(v, 4), low);
                let lo = _mm_and_si128(v, low);
                let to = out.as_mut_ptr().cast::<__m128i>();
                _mm_storeu_si128(to, _mm_shuffle_epi8(table, _mm_unpacklo_epi8(hi, lo)));
                _mm_storeu_si128(
                    to.add(1),
                    _mm_shuffle_epi8(table, _mm_unpackhi_epi8(hi, lo)),
                );
            }
            out
        }

        /// The digits of four words a register: bytes reversed in each word (most significant
        /// first), split into nibbles, interleaved and looked up; 13 instructions for four
        /// words where `hex` takes about 25 for one. Hand-written because the benchmark shows
        /// the gain (`-f json -t packed`, 12 words a line).
        #[inline(always)]
        fn hex12(&self, words: &[u64; 12]) -> [[u8; 16]; 12] {
            let mut out = [[0u8; 16]; 12];
            // SAFETY: as in `pair` (AVX2); each load reads 4 of the 12 words and each store
            // writes 2 of the 12 arrays, all in bounds; `loadu`/`storeu` need no alignment.
            unsafe {
                #[rustfmt::skip]
                let reverse = _mm256_setr_epi8(
                    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                );
                #[rustfmt::skip]
                let table = _mm256_setr_epi8(
                    48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102,
                    48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102,
                );
                let low = splat(0x0f);
                for k in 0..3 {
                    let v = _mm256_loadu_si256(words.as_ptr().add(4 * k).cast());
                    let v = _mm256_shuffle_epi8(v, reverse);
                    let hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), low);
                    let lo = _mm256_and_si256(v, low);
                    // Per lane: the first word's digits, then the second's.
                    let a = _mm256_shuffle_epi8(table, _mm256_unpacklo_epi8(hi, lo));
                    let b = _mm256_shuffle_epi8(table, _mm256_unpackhi_epi8(hi, lo));
                    let to = out.as_mut_ptr().add(4 * k).cast::<__m256i>();
                    _mm256_storeu_si256(to, _mm256_permute2x128_si256(a, b, 0x20));
                    _mm256_storeu_si256(to.add(1), _mm256_permute2x128_si256(a, b, 0x31));
                }
            }
            out
        }

        /// [`crate::kernels::plain_len`] 32 bytes at a time: a quote, a backslash, or a byte
        /// below 0x20 or above 0x7f (signed, below 0x20) ends it.
        #[inline(always)]
        fn plain_len(&self, b: &[u8]) -> usize {
            let mut i = 0;
            while i + 32 <= b.len() {
                // SAFETY: as in `pair` (AVX2); the load reads `b[i..i + 32]`, in bounds.
                let stop = unsafe {
                    let v = _mm256_loadu_si256(b.as_ptr().add(i).cast());
                    bits(_mm256_or_si256(
                        _mm256_or_si256(
                            _mm256_cmpeq_epi8(v, splat(b'"')),
                            _mm256_cmpeq_epi8(v, splat(b'\\')),
                        ),
                        _mm256_cmpgt_epi8(splat(0x20), v),
                    ))
                };
                if stop != 0 {
                    return i + stop.trailing_zeros() as usize;
                }
                i += 32;
            }
            i + crate::kernels::plain_len(&b[i..])
        }
    }

    /// Bit masks (one bit a byte) of one 32-byte chunk, and its thermometer codes.
    struct Chunk {
        slash: u64,
        digit: u64,
        upper: u64,
        lower: u64,
        codes: __m256i,
    }

    // SAFETY (callers): only inlined into a function compiled with AVX2, BMI1, BMI2 and
    // POPCNT, which only an `Avx2` token holder calls.
    #[inline(always)]
    unsafe fn splat(c: u8) -> __m256i {
        _mm256_set1_epi8(c as i8)
    }

    // SAFETY (callers): only inlined into a function compiled with AVX2, BMI1, BMI2 and
    // POPCNT, which only an `Avx2` token holder calls.
    #[inline(always)]
    unsafe fn bits(m: __m256i) -> u64 {
        _mm256_movemask_epi8(m) as u32 as u64
    }

    // SAFETY (callers): only inlined into a function compiled with AVX2, BMI1, BMI2 and
    // POPCNT, which only an `Avx2` token holder calls.
    #[inline(always)]
    unsafe fn classify(v: __m256i) -> Chunk {
        let slash = _mm256_cmpeq_epi8(v, splat(b'/'));
        let d = _mm256_sub_epi8(v, splat(b'1'));
        let digit = _mm256_cmpeq_epi8(_mm256_min_epu8(d, splat(7)), d);
        let l = _mm256_sub_epi8(_mm256_or_si256(v, splat(0x20)), splat(b'a'));
        let letter = _mm256_cmpeq_epi8(_mm256_min_epu8(l, splat(25)), l);
        let case = _mm256_cmpeq_epi8(_mm256_and_si256(v, splat(0x20)), splat(0x20));
        // Digits '1'..'8' have the low nibbles 1..8: a table of 2^d - 1 by low nibble.
        #[rustfmt::skip]
        let therm = _mm256_setr_epi8(
            0, 1, 3, 7, 15, 31, 63, 127, -1, 0, 0, 0, 0, 0, 0, 0,
            0, 1, 3, 7, 15, 31, 63, 127, -1, 0, 0, 0, 0, 0, 0, 0,
        );
        let codes = _mm256_or_si256(
            _mm256_and_si256(_mm256_shuffle_epi8(therm, v), digit),
            _mm256_and_si256(letter, splat(1)),
        );
        Chunk {
            slash: bits(slash),
            digit: bits(digit),
            upper: bits(_mm256_andnot_si256(case, letter)),
            lower: bits(_mm256_and_si256(case, letter)),
            codes,
        }
    }

    /// What the scan of an accepted placement gives: its length, the byte-position masks of its
    /// tokens and letters, the token squares `T` (reading order), and the windows read.
    struct Scan {
        len: usize,
        fields: super::super::fields::Standard,
        tokens: u64,
        upper: u64,
        lower: u64,
        squares: u64,
        keep: u64,
        hb: usize,
        va: __m256i,
        vb: __m256i,
    }

    /// The pair reader: `(length, uppercase, lowercase)`.
    // SAFETY (callers): only inlined into a function compiled with AVX2, BMI1, BMI2 and
    // POPCNT, which only an `Avx2` token holder calls.
    #[inline(always)]
    unsafe fn chess_pair_avx2(b: &[u8]) -> Option<(usize, u64, u64)> {
        match scan!(b) {
            Scanned::Done(r) => Some(r),
            Scanned::Scan(sc) => {
                let first = _pdep_u64(_pext_u64(sc.upper, sc.tokens), sc.squares);
                let second = _pdep_u64(_pext_u64(sc.lower, sc.tokens), sc.squares);
                Some((sc.len, first.swap_bytes(), second.swap_bytes()))
            }
        }
    }

    /// The piece reader: one word a letter of [`super::PIECE_LETTERS`]. Each kind of piece
    /// (the letter with its case dropped) is found by one comparison a window and placed like
    /// the sides' letters; the sides' words then split it into the two letters.
    // SAFETY (callers): only inlined into a function compiled with AVX2, BMI1, BMI2 and
    // POPCNT, which only an `Avx2` token holder calls.
    #[inline(always)]
    unsafe fn chess_pieces_avx2(
        b: &[u8],
    ) -> Option<(usize, [u64; 12], super::super::fields::Standard)> {
        let sc = match scan!(b) {
            Scanned::Done((len, _, _)) => {
                let fields = super::super::fields::standard(&b[len..])?;
                return super::pieces_of(&b[..len], fields);
            }
            Scanned::Scan(sc) => sc,
        };
        let first = _pdep_u64(_pext_u64(sc.upper, sc.tokens), sc.squares).swap_bytes();
        let second = _pdep_u64(_pext_u64(sc.lower, sc.tokens), sc.squares).swap_bytes();
        // OR-ing 0x20 makes an uppercase letter lowercase and leaves the other bytes of a
        // placement ('/' and digits have the bit already) off the lowercase letters.
        let (va, vb) = (
            _mm256_or_si256(sc.va, splat(0x20)),
            _mm256_or_si256(sc.vb, splat(0x20)),
        );
        let mut words = [0u64; 12];
        let mut seen = 0u64;
        let (white, black) = words.split_at_mut(6);
        for ((w, d), &l) in white.iter_mut().zip(black).zip(&super::PIECE_LETTERS[6..]) {
            let m = (bits(_mm256_cmpeq_epi8(va, splat(l)))
                | bits(_mm256_cmpeq_epi8(vb, splat(l))) << sc.hb)
                & sc.keep;
            seen |= m;
            let mut kind = _pdep_u64(_pext_u64(m, sc.tokens), sc.squares).swap_bytes();
            // An empty barrier (no instruction): without it the compiler packs the twelve
            // words into vectors and out again, about 40 instructions a record more.
            // SAFETY: the assembly is empty; it only makes `kind` opaque to the optimiser.
            unsafe {
                std::arch::asm!("/* {0} */", inout(reg) kind, options(pure, nomem, nostack, preserves_flags))
            };
            (*w, *d) = (kind & first, kind & second);
        }
        (seen == sc.upper | sc.lower).then_some((sc.len, words, sc.fields))
    }

    /// A scan's outcome: the masks, or (a placement past the 64-byte window) the portable
    /// reader's answer.
    enum Scanned {
        Scan(Scan),
        Done((usize, u64, u64)),
    }
}

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
