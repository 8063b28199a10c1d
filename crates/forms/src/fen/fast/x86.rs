//! The AVX2 + BMI2 reader.
//!
//! Classification of up to 64 bytes gives bit masks of slashes, digits and letters by byte
//! position. Each byte also gets a thermometer code of the squares it covers (`1` for a letter,
//! `2^d - 1` for a digit `d`, `0` for a slash); `pext` of the low bit of every byte under those
//! codes, concatenated, is the set `T` of squares (in reading order) where a letter or a digit
//! starts. A token's square is then the matching set bit of `T`, so `pdep(pext(upper, tokens), T)`
//! is the uppercase board. Ranks are checked the same way: the tokens right after a slash must
//! start on squares 8, 16, ..., 56, and the codes must cover exactly 64 squares.

use std::arch::x86_64::*;
use std::sync::atomic::{AtomicU8, Ordering};

const ONES: u64 = 0x0101_0101_0101_0101;

/// The byte positions of a 32-byte window, 0 to 31 (a constant of the scan: in the macro, a
/// table of literals under `#[rustfmt::skip]` was indented anew by each run of rustfmt).
const POSITIONS: [i8; 32] = {
    let mut t = [0i8; 32];
    let mut k = 0;
    while k < 32 {
        t[k] = k as i8;
        k += 1;
    }
    t
};

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
            let (slash, digit, upper, lower) =
                (slash & keep, digit & keep, upper & keep, lower & keep);
            let tokens = digit | upper | lower;
            let starts = slash << 1 | 1;
            if slash.count_ones() != 7 || starts & !tokens != 0 || digit & digit << 1 != 0 {
                return None;
            }
            // Codes of bytes past the placement, and of the second window's overlap, are dropped.
            // SAFETY: the load reads the 32 bytes of `POSITIONS`; `loadu` has no alignment
            // requirement.
            let pos = unsafe { _mm256_loadu_si256(POSITIONS.as_ptr().cast()) };
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

    #[inline(always)]
    fn kings_rooks(&self, b: &[u8]) -> Option<(usize, [u64; 4], super::super::fields::Standard)> {
        // SAFETY: as in `pair`.
        unsafe { chess_kings_rooks_avx2(b) }
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

/// The reader of the kings and rooks ([`super::ReadChess::kings_rooks`]): every letter
/// checked at once by a table of its nibbles, only the kings and rooks placed. About 80
/// instructions fewer than the piece reader, whose twelve words a position's check does
/// not need (`-f sf-plain -t fen`, callgrind).
// SAFETY (callers): only inlined into a function compiled with AVX2, BMI1, BMI2 and
// POPCNT, which only an `Avx2` token holder calls. (No closures here: a closure is not
// compiled with the caller's features, and its intrinsics become calls.)
#[inline(always)]
unsafe fn chess_kings_rooks_avx2(
    b: &[u8],
) -> Option<(usize, [u64; 4], super::super::fields::Standard)> {
    let sc = match scan!(b) {
        Scanned::Done((len, _, _)) => {
            let fields = super::super::fields::standard(&b[len..])?;
            let (len, w, f) = super::pieces_of(&b[..len], fields)?;
            return Some((len, [w[5], w[3], w[11], w[9]], f));
        }
        Scanned::Scan(sc) => sc,
    };
    // Letters lowercase ('/' and digits have the bit already).
    let (va, vb) = (
        _mm256_or_si256(sc.va, splat(0x20)),
        _mm256_or_si256(sc.vb, splat(0x20)),
    );
    // A lowercase letter is a piece's when the bits its low nibble and its high nibble
    // look up share one: `b`, `k`, `n` (high nibble 6: bit 0); `p`, `q`, `r` (7: bit 1).
    #[rustfmt::skip]
    let low = _mm256_setr_epi8(
        2, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0,
        2, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0,
    );
    #[rustfmt::skip]
    let high = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0,
    );
    let (f, zero) = (splat(0x0f), _mm256_setzero_si256());
    let (la, ha) = (
        _mm256_and_si256(va, f),
        _mm256_and_si256(_mm256_srli_epi16(va, 4), f),
    );
    let (lb, hb) = (
        _mm256_and_si256(vb, f),
        _mm256_and_si256(_mm256_srli_epi16(vb, 4), f),
    );
    let none_a = _mm256_and_si256(_mm256_shuffle_epi8(low, la), _mm256_shuffle_epi8(high, ha));
    let none_b = _mm256_and_si256(_mm256_shuffle_epi8(low, lb), _mm256_shuffle_epi8(high, hb));
    let other =
        bits(_mm256_cmpeq_epi8(none_a, zero)) | bits(_mm256_cmpeq_epi8(none_b, zero)) << sc.hb;
    if other & (sc.upper | sc.lower) != 0 {
        return None;
    }
    let first = _pdep_u64(_pext_u64(sc.upper, sc.tokens), sc.squares).swap_bytes();
    let second = _pdep_u64(_pext_u64(sc.lower, sc.tokens), sc.squares).swap_bytes();
    let (k, r) = (splat(b'k'), splat(b'r'));
    let kings =
        (bits(_mm256_cmpeq_epi8(va, k)) | bits(_mm256_cmpeq_epi8(vb, k)) << sc.hb) & sc.keep;
    let rooks =
        (bits(_mm256_cmpeq_epi8(va, r)) | bits(_mm256_cmpeq_epi8(vb, r)) << sc.hb) & sc.keep;
    let kings = _pdep_u64(_pext_u64(kings, sc.tokens), sc.squares).swap_bytes();
    let rooks = _pdep_u64(_pext_u64(rooks, sc.tokens), sc.squares).swap_bytes();
    let w = [kings & first, rooks & first, kings & second, rooks & second];
    Some((sc.len, w, sc.fields))
}

/// A scan's outcome: the masks, or (a placement past the 64-byte window) the portable
/// reader's answer.
enum Scanned {
    Scan(Scan),
    Done((usize, u64, u64)),
}
