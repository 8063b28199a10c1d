//! The fast kernels every word path shares, below the form modules: hex digits by table and
//! SWAR (eight digits a word), the packed base-3 digits of two side words by table, trits and
//! hex read 16 bytes at a time with SSE2, the plain run of a JSON string, byte classes of a word.
//! No form is known here; each kernel says what the benchmark measured against the plain code.

use bbconv_board::ternary;

/// The kernels whose code depends on the CPU, as a type: the portable ones by default, the
/// AVX2, BMI2 and SSSE3 ones where [`Simd::avx2`] gives the proof that the CPU has them (the AVX2 FEN
/// reader, which overrides some kernels too), so that a writer inlined into the AVX2 kernel
/// uses them.
pub(crate) trait Simd {
    /// The proof that this CPU has AVX2 (so SSSE3) and BMI2, where the kernel runs with them
    /// (the AVX2 reader's): the methods below then use them.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn avx2(&self) -> Option<Avx2Cpu> {
        None
    }
    /// The bytes of `x` under the 0xff bytes of `from`, in order, moved to the 0xff bytes of
    /// `to` (which has as many): `pdep(pext(x, from), to)` with BMI2.
    #[inline(always)]
    fn move_bytes(&self, x: u64, from: u64, to: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = self.avx2() {
            return t.deposit(t.extract(x, from), to);
        }
        let (mut out, mut from, mut to) = (0u64, from, to);
        while from != 0 {
            let (a, b) = (from.trailing_zeros(), to.trailing_zeros());
            out |= ((x >> a) & 0xff) << b;
            from &= !(0xff << a);
            to &= !(0xff << b);
        }
        out
    }
    /// The low bytes of `x`, in order, moved to the 0xff bytes of `to` (whose bytes are each
    /// 0 or 0xff): `pdep(x, to)` with BMI2.
    #[inline(always)]
    fn deposit_bytes(&self, x: u64, to: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = self.avx2() {
            return t.deposit(x, to);
        }
        let (mut out, mut x, mut to) = (0u64, x, to);
        while to != 0 {
            let b = to.trailing_zeros();
            out |= (x & 0xff) << b;
            x >>= 8;
            to &= !(0xff << b);
        }
        out
    }
    /// The 16 lowercase hex digits of `v` (the writers' digits, with the reader's CPU features).
    #[inline(always)]
    fn hex(&self, v: u64) -> [u8; 16] {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = self.avx2() {
            return t.hex(v);
        }
        hex_digits(v)
    }
    /// Appends the 26 hex digits of the packed pair (see [`push_packed_hex_chess`]).
    #[inline(always)]
    fn push_packed_hex(&self, first: u64, second: u64, out: &mut Vec<u8>) {
        push_packed_hex_chess(first, second, out)
    }
    /// [`Simd::hex`] of two words.
    #[inline(always)]
    fn hex2(&self, a: u64, b: u64) -> [[u8; 16]; 2] {
        [self.hex(a), self.hex(b)]
    }
    /// [`Simd::hex`] of each of the 12 piece words.
    #[inline(always)]
    fn hex12(&self, words: &[u64; 12]) -> [[u8; 16]; 12] {
        words.map(|w| self.hex(w))
    }
    /// The length of the start of `b` that a JSON string holds as it is (see
    /// [`plain_len`]).
    #[inline(always)]
    fn plain_len(&self, b: &[u8]) -> usize {
        plain_len(b)
    }
    /// The nibbles of the first 32 men of `occ` in LERF order, man `i` in bits `4i..4i + 4` of
    /// `[men 0-15, men 16-31]`, bit `b` of each the bit of `planes[b]` on its square (see
    /// [`nibbles_portable`]; with BMI2 a `pext` and two `pdep` a plane, [`bmi2::nibbles`]).
    #[inline(always)]
    fn nibbles(&self, occ: u64, planes: &[u64; 4]) -> [u64; 2] {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = self.avx2() {
            return t.nibbles(occ, planes);
        }
        nibbles_portable(occ, planes)
    }
    /// The bit stream of the squares of `men | planes` that are not in `gone`, from bit 0 up:
    /// a bit of `men` each, and after each man its four bits of `planes` (`sf-bin`'s board,
    /// see [`stream5_portable`]; with BMI2 twelve squares a step, [`bmi2::stream5`]). The
    /// squares' bits past `gone`'s and the men's own stay within 256 bits (the caller checks).
    #[inline(always)]
    fn stream5(&self, gone: u64, men: u64, planes: &[u64; 4]) -> [u64; 4] {
        stream5_portable(gone, men, planes)
    }
    /// [`Simd::nibbles`] undone: the four planes of the nibbles of the first 32 men of `occ`
    /// (the other squares' bits 0; see [`planes_portable`], with BMI2 [`bmi2::planes`]).
    #[inline(always)]
    fn planes(&self, occ: u64, nibbles: [u64; 2]) -> [u64; 4] {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = self.avx2() {
            return t.planes(occ, nibbles);
        }
        planes_portable(occ, nibbles)
    }
    /// `table` looked up by each of 32 nibbles (nibble `i` in bits `4i..4i + 4` of
    /// `[nibbles 0-15, nibbles 16-31]`), byte `i` for nibble `i` (see
    /// [`nibble_bytes_portable`]; with SSSE3 two byte shuffles,
    /// [`crate::cpu::ssse3::nibble_bytes`]).
    #[inline(always)]
    fn nibble_bytes(&self, nibbles: [u64; 2], table: &[u8; 16]) -> [u8; 32] {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = self.avx2() {
            return t.nibble_bytes(nibbles, table);
        }
        nibble_bytes_portable(nibbles, table)
    }
    /// [`hex_bytes`] (with AVX2 32 digits at a time, [`crate::cpu::avx2::hex_bytes`]).
    #[inline(always)]
    fn hex_bytes(&self, digits: &[u8], bytes: &mut [u8]) -> bool {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = self.avx2() {
            return t.hex_bytes(digits, bytes);
        }
        hex_bytes(digits, bytes)
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use crate::cpu::Avx2Cpu;

/// [`Simd::nibble_bytes`] a nibble at a time, on every CPU.
#[inline(always)]
pub(crate) fn nibble_bytes_portable(nibbles: [u64; 2], table: &[u8; 16]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        *o = table[(nibbles[i / 16] >> (4 * (i % 16))) as usize & 15];
    }
    out
}

/// [`Simd::nibbles`] a man at a time, on every CPU.
#[inline(always)]
pub(crate) fn nibbles_portable(occ: u64, planes: &[u64; 4]) -> [u64; 2] {
    let (mut out, mut m) = ([0u64; 2], occ);
    for i in 0..32 {
        if m == 0 {
            break;
        }
        let sq = m.trailing_zeros();
        m &= m - 1;
        let bit = |b: usize| (planes[b] >> sq & 1) << b;
        out[i / 16] |= (bit(0) | bit(1) | bit(2) | bit(3)) << (4 * (i % 16));
    }
    out
}

/// [`Simd::stream5`] a man at a time, on every CPU: man `j` on the `i`-th kept square is
/// at bit `i + 4j`, its leading 1 then its four plane bits.
#[inline(always)]
pub(crate) fn stream5_portable(gone: u64, men: u64, planes: &[u64; 4]) -> [u64; 4] {
    let (mut out, mut m, mut four) = ([0u64; 6], men & !gone, 0);
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let at = sq - (gone & ((1 << sq) - 1)).count_ones() + four;
        let bit = |b: usize| (planes[b] >> sq & 1) << (b + 1);
        let v = 1 | bit(0) | bit(1) | bit(2) | bit(3);
        let (w, s) = ((at / 64) as usize % 5, at % 64);
        out[w] |= v << s;
        out[w + 1] |= v >> 1 >> (63 - s);
        four += 4;
    }
    [out[0], out[1], out[2], out[3]]
}

/// [`Simd::planes`] a man at a time, on every CPU.
#[inline(always)]
pub(crate) fn planes_portable(occ: u64, nibbles: [u64; 2]) -> [u64; 4] {
    let (mut planes, mut m) = ([0u64; 4], occ);
    for i in 0..32 {
        if m == 0 {
            break;
        }
        let square = m & m.wrapping_neg();
        m &= m - 1;
        let nibble = nibbles[i / 16] >> (4 * (i % 16));
        for (b, p) in planes.iter_mut().enumerate() {
            *p |= square * (nibble >> b & 1);
        }
    }
    planes
}

/// The BMI2 kernels of [`Simd`], called through an [`Avx2Cpu`].
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(crate) mod bmi2 {
    use std::arch::x86_64::{_pdep_u64, _pext_u64};

    /// Bit 0 of every nibble.
    const NIBBLE: u64 = 0x1111_1111_1111_1111;

    /// [`super::Simd::nibbles`]: each plane's bits of the men (`pext`), spread to their
    /// nibbles' bit (`pdep`): 12 instructions where the portable loop takes about 300.
    ///
    /// # Safety
    /// The CPU has BMI2 (a [`super::Avx2Cpu`] exists).
    #[inline(always)]
    pub(crate) unsafe fn nibbles(occ: u64, planes: &[u64; 4]) -> [u64; 2] {
        let mut out = [0u64; 2];
        for (b, &p) in planes.iter().enumerate() {
            // SAFETY: the CPU has BMI2 (the caller's contract).
            let men = unsafe { _pext_u64(p, occ) };
            // SAFETY: as above.
            unsafe {
                out[0] |= _pdep_u64(men, NIBBLE << b);
                out[1] |= _pdep_u64(men >> 16, NIBBLE << b);
            }
        }
        out
    }

    /// [`super::Simd::planes`]: each nibble bit of the men (`pext`), placed on their squares
    /// (`pdep`).
    ///
    /// # Safety
    /// As [`nibbles`].
    #[inline(always)]
    pub(crate) unsafe fn planes(occ: u64, nibbles: [u64; 2]) -> [u64; 4] {
        let mut planes = [0u64; 4];
        for (b, p) in planes.iter_mut().enumerate() {
            // SAFETY: the CPU has BMI2 (the caller's contract).
            *p = unsafe {
                let men =
                    _pext_u64(nibbles[0], NIBBLE << b) | _pext_u64(nibbles[1], NIBBLE << b) << 16;
                _pdep_u64(men, occ)
            };
        }
        planes
    }

    /// [`super::Simd::stream5`]: the men's plane bits packed in order ([`nibbles`]), the kept
    /// squares gathered (`pext`), then twelve squares a step: their men's bits spread to five
    /// bits a square (`pdep`), the men's nibbles under the four bits after each (`pdep`), the
    /// empty squares' four bits dropped (`pext`). About 140 instructions a board where the
    /// portable loop takes about 20 a man; past 32 men, the portable loop.
    ///
    /// # Safety
    /// As [`nibbles`].
    #[inline(always)]
    pub(crate) unsafe fn stream5(gone: u64, men: u64, planes: &[u64; 4]) -> [u64; 4] {
        // Bit 0 of each of twelve fields of five bits.
        const LEAD: u64 = 0x0084_2108_4210_8421;
        let men = men & !gone;
        if men.count_ones() > 32 {
            return super::stream5_portable(gone, men, planes);
        }
        // SAFETY: the caller's function has BMI2.
        let [low, high] = unsafe { nibbles(men, planes) };
        let mut nibbles = u128::from(low) | u128::from(high) << 64;
        // SAFETY: as above.
        let kept = unsafe { _pext_u64(men, !gone) };
        let (mut out, mut at) = ([0u64; 6], 0usize);
        for sh in (0..64).step_by(12) {
            let o = kept >> sh & 0xfff;
            // SAFETY: as above.
            let bits = unsafe {
                let lead = _pdep_u64(o, LEAD);
                let four = lead * 0b11110;
                _pext_u64(lead | _pdep_u64(nibbles as u64, four), LEAD | four)
            };
            nibbles >>= 4 * o.count_ones();
            let (w, s) = (at / 64 % 5, at % 64);
            out[w] |= bits << s;
            out[w + 1] |= bits >> 1 >> (63 - s);
            at += 12 + 4 * o.count_ones() as usize;
        }
        [out[0], out[1], out[2], out[3]]
    }

    /// [`super::Simd::hex`] with `pdep`, which spreads eight nibbles to eight bytes in one
    /// step.
    ///
    /// # Safety
    /// As [`nibbles`].
    #[inline(always)]
    pub(crate) unsafe fn hex(v: u64) -> [u8; 16] {
        const ONES: u64 = 0x0101_0101_0101_0101;
        let digits = |x: u64| {
            // SAFETY: the CPU has BMI2 (the caller's contract).
            let x = unsafe { _pdep_u64(x, ONES * 0x0f) };
            // Nibble k in byte k; '0'..'9', then 'a'..'f' 39 further on.
            let letters = ((x + ONES * 6) >> 4) & ONES;
            (x + ONES * b'0' as u64 + letters * 39).to_be_bytes()
        };
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&digits(v >> 32));
        out[8..].copy_from_slice(&digits(v & 0xffff_ffff));
        out
    }
}

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

/// The two lowercase hex digits of every byte.
pub(crate) const HEX_PAIRS: [[u8; 2]; 256] = {
    let mut t = [[0u8; 2]; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = [HEX_DIGITS[i >> 4], HEX_DIGITS[i & 15]];
        i += 1;
    }
    t
};

/// `PACKED_HEX[f | s << 5]`: the two hex digits of the packed byte of five squares.
pub(crate) const PACKED_HEX: [[u8; 2]; 1024] = {
    let mut t = [[0u8; 2]; 1024];
    let mut i = 0;
    while i < 1024 {
        t[i] = HEX_PAIRS[ternary::T10[i] as usize];
        i += 1;
    }
    t
};

/// The 16 lowercase hex digits of `v`, most significant first, computed eight at a time in a
/// word (SWAR): each nibble is spread to a byte, then turned into its ASCII digit.
#[inline]
pub(crate) fn hex_digits(v: u64) -> [u8; 16] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let spread = |x: u64| {
        let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
        let x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
        let x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
        // Nibble k is in byte k: the most significant byte first is the most significant digit.
        let letters = ((x + ONES * 6) >> 4) & ONES;
        x + ONES * b'0' as u64 + letters * 39
    };
    let hi = spread(v >> 32).to_be_bytes();
    let lo = spread(v & 0xffff_ffff).to_be_bytes();
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&hi);
    out[8..].copy_from_slice(&lo);
    out
}

/// The value of a hex digit (any case), or 255.
pub(crate) const DIGIT: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = match c as u8 {
            b'0'..=b'9' => c as u8 - b'0',
            b'a'..=b'f' => c as u8 - b'a' + 10,
            b'A'..=b'F' => c as u8 - b'A' + 10,
            _ => 255,
        };
        c += 1;
    }
    t
};

/// Appends the 26 hex digits of an 8x8 pair packed in the default layout: each five-square
/// group's index `f | s << 5` (see [`ternary::chess_groups`]) looked up in [`PACKED_HEX`], in
/// straight code (the groups of `even` and `odd` sit ten bits apart). The digits go straight
/// into the buffer: about 30 instructions fewer than through an array (`bench/paths.py
/// --portable`).
#[inline(always)]
pub(crate) fn push_packed_hex_chess(first: u64, second: u64, out: &mut Vec<u8>) {
    let at = out.len();
    out.resize(at + 26, 0);
    if let Some((head, last)) = out
        .last_chunk_mut::<26>()
        .and_then(|hex| hex.split_first_chunk_mut::<24>())
    {
        packed_hex60_into(first, second, head);
        last.copy_from_slice(&PACKED_HEX[((first >> 60) | (second >> 60) << 5) as usize]);
    }
}

/// Appends the 24 hex digits of the twelve packed bytes of squares 0..60 of two words.
#[inline]
pub(crate) fn push_packed_hex60(first: u64, second: u64, out: &mut Vec<u8>) {
    let at = out.len();
    out.resize(at + 24, 0);
    if let Some(hex) = out.last_chunk_mut::<24>() {
        packed_hex60_into(first, second, hex);
    }
}

/// The 24 hex digits of the twelve packed bytes of squares 0..60 of two words, into `hex`.
#[inline(always)]
fn packed_hex60_into(first: u64, second: u64, hex: &mut [u8; 24]) {
    const EVEN: u64 = 0x007c_1f07_c1f0_7c1f;
    const ODD: u64 = EVEN << 5;
    // The groups of `even` and `odd` sit ten bits apart.
    let even = (first & EVEN) | (second & EVEN) << 5;
    let odd = (first & ODD) >> 5 | (second & ODD);
    // Each byte's two digits stored as they are looked up (assembling words costs more).
    for (j, four) in hex.chunks_exact_mut(8).enumerate() {
        let (e, o) = (even >> (20 * j), odd >> (20 * j));
        for (k, g) in [e, o, e >> 10, o >> 10].into_iter().enumerate() {
            four[2 * k..2 * k + 2].copy_from_slice(&PACKED_HEX[g as usize & 1023]);
        }
    }
}

/// The `pair` form of an 8x8 board, its digits by `hex` (see [`hex_digits`]): both numbers in
/// one buffer, for one copy.
#[inline(always)]
pub(crate) fn pair_hex_chess(hex: [[u8; 16]; 2]) -> [u8; 37] {
    let mut buf = *b"0x0000000000000000 0x0000000000000000";
    buf[2..18].copy_from_slice(&hex[0]);
    buf[21..37].copy_from_slice(&hex[1]);
    buf
}

/// The four bytes written as eight hex digits (any case) in the little-endian word `w`, the
/// first two digits' byte lowest, or `None` when a byte is not a hex digit (SWAR).
#[inline(always)]
pub(crate) fn hex8(w: u64) -> Option<u32> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // 0x80 in each byte of `w` in lo..=hi (every byte of `w` below 0x80).
    let within = |w: u64, lo: u8, hi: u8| {
        let ge = w.wrapping_add(ONES * (0x80 - lo as u64));
        let gt = w.wrapping_add(ONES * (0x7f - hi as u64));
        ge & !gt & HI
    };
    let digit = within(w, b'0', b'9');
    let letter = within(w | (ONES * 0x20), b'a', b'f');
    if w & HI != 0 || (digit | letter) != HI {
        return None;
    }
    // Nibbles, first digit in the low byte: '0'..'9' -> 0..9, letters -> 10..15.
    let x = (w & (ONES * 0x0f)) + (letter >> 7) * 9;
    // Pairs of nibbles into bytes (the first digit high), then the bytes side by side.
    let x = ((x & 0x000f_000f_000f_000f) << 4) | ((x >> 8) & 0x000f_000f_000f_000f);
    let x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    Some(((x | x >> 16) & 0xffff_ffff) as u32)
}

/// The value of exactly 16 hex digits (any case), or `None`: on x86_64 the 16 at once with
/// SSE2 (about 15 instructions where the two SWAR words take about 60: `-f pieces -t pair`
/// 1,788 -> 1,064 instructions a line), elsewhere eight at a time in a word (SWAR).
#[inline(always)]
pub(crate) fn hex16(b: &[u8; 16]) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    return sse2::hex16(b).map(u64::from_be_bytes);
    #[cfg(not(target_arch = "x86_64"))]
    hex16_swar(b)
}

/// [`hex16`] eight digits at a time in a word (SWAR).
#[inline(always)]
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn hex16_swar(b: &[u8; 16]) -> Option<u64> {
    let half = |w: u64| hex8(w).map(|x| x.swap_bytes() as u64);
    let (a, b) = b.split_at(8);
    let hi = half(u64::from_le_bytes(a.try_into().ok()?))?;
    let lo = half(u64::from_le_bytes(b.try_into().ok()?))?;
    Some(hi << 32 | lo)
}

/// Appends `0x` and the `digits` low hex digits of `v` (at most 16).
#[inline]
pub(crate) fn hex_u64(v: u64, digits: usize, out: &mut Vec<u8>) {
    let mut buf = [0u8; 18];
    buf[2..].copy_from_slice(&hex_digits(v));
    let from = 16 - digits.min(16);
    buf[from] = b'0';
    buf[from + 1] = b'x';
    out.extend_from_slice(&buf[from..]);
}

/// The two LERF words of 64 digits `0`, `1`, `2`, or `None` for another byte: on x86_64 with
/// SSE2 compares and byte masks, 16 digits at a time (hand-written because the benchmark shows
/// the gain: about 40 instructions a 64 digits against about 190 for the word-at-a-time
/// [`ternary::digits64_to_words`], which other CPUs use).
#[inline]
pub(crate) fn digits64(digits: &[u8; 64]) -> Option<(u64, u64)> {
    #[cfg(target_arch = "x86_64")]
    return sse2::digits64(digits);
    #[cfg(not(target_arch = "x86_64"))]
    return ternary::digits64_to_words(digits, b'0');
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse2 {
    use std::arch::x86_64::*;

    #[inline]
    pub(super) fn digits64(digits: &[u8; 64]) -> Option<(u64, u64)> {
        // SAFETY: SSE2 is part of the x86_64 baseline (every x86_64 CPU has it, and the
        // compiler assumes it for all code), so the `target_feature` function may run.
        unsafe { digits64_sse2(digits) }
    }

    /// The eight bytes of 16 hex digits (any case), or `None` for another byte.
    #[inline]
    pub(super) fn hex16(digits: &[u8; 16]) -> Option<[u8; 8]> {
        // SAFETY: as in `digits64`.
        unsafe { hex16_sse2(digits) }
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    fn hex16_sse2(digits: &[u8; 16]) -> Option<[u8; 8]> {
        // SAFETY: `digits` is 16 readable bytes; `loadu` has no alignment requirement.
        let v = unsafe { _mm_loadu_si128(digits.as_ptr().cast()) };
        let within = |x: __m128i, lo: u8, hi: u8| {
            // Signed compares: bytes of 0x80 and above are negative, so outside.
            _mm_and_si128(
                _mm_cmpgt_epi8(x, _mm_set1_epi8(lo as i8 - 1)),
                _mm_cmpgt_epi8(_mm_set1_epi8(hi as i8 + 1), x),
            )
        };
        let digit = within(v, b'0', b'9');
        let letter = within(_mm_or_si128(v, _mm_set1_epi8(0x20)), b'a', b'f');
        if _mm_movemask_epi8(_mm_or_si128(digit, letter)) != 0xffff {
            return None;
        }
        // Nibbles, then each pair of bytes (first digit low) into the byte of its 16-bit lane.
        let nib = _mm_add_epi8(
            _mm_and_si128(v, _mm_set1_epi8(0x0f)),
            _mm_and_si128(letter, _mm_set1_epi8(9)),
        );
        let pairs = _mm_or_si128(
            _mm_slli_epi16(_mm_and_si128(nib, _mm_set1_epi16(0x00ff)), 4),
            _mm_srli_epi16(nib, 8),
        );
        let packed = _mm_packus_epi16(pairs, pairs);
        Some((_mm_cvtsi128_si64(packed) as u64).to_le_bytes())
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    fn digits64_sse2(digits: &[u8; 64]) -> Option<(u64, u64)> {
        let (mut first, mut second, mut ok) = (0u64, 0u64, 0u64);
        for (k, w) in digits.chunks_exact(16).enumerate() {
            // SAFETY: `w` is 16 readable bytes; `loadu` has no alignment requirement.
            let v = unsafe { _mm_loadu_si128(w.as_ptr().cast()) };
            let d = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let bits = |m: __m128i| (_mm_movemask_epi8(m) as u32 as u64) << (16 * k);
            first |= bits(_mm_cmpeq_epi8(d, _mm_set1_epi8(1)));
            second |= bits(_mm_cmpeq_epi8(d, _mm_set1_epi8(2)));
            // A digit is at most 2, unsigned: max(d, 2) == 2.
            let two = _mm_set1_epi8(2);
            ok |= bits(_mm_cmpeq_epi8(_mm_max_epu8(d, two), two));
        }
        (ok == u64::MAX).then_some((first, second))
    }
}

/// Decodes `2 * bytes.len()` hex digits (any case) into `bytes`; `false` for any other byte.
/// On x86_64, 16 digits at a time with SSE2 (the last 16 overlapping the ones before when the
/// count is not a multiple of 16); hand-written because the benchmark shows the gain: about 15
/// instructions for 16 digits against about 70 for the eight-at-a-time word code
/// ([`hex8`]), which other CPUs and counts below 16 use.
#[inline(always)]
pub(crate) fn hex_bytes(digits: &[u8], bytes: &mut [u8]) -> bool {
    if digits.len() != 2 * bytes.len() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    if digits.len() >= 16 {
        let mut at = 0;
        while at < digits.len() {
            let from = at.min(digits.len() - 16);
            let Some(x) = digits
                .get(from..from + 16)
                .and_then(|d| d.try_into().ok())
                .and_then(sse2::hex16)
            else {
                return false;
            };
            if let Some(to) = bytes.get_mut(from / 2..from / 2 + 8) {
                to.copy_from_slice(&x);
            }
            at = from + 16;
        }
        return true;
    }
    let whole = digits.chunks_exact(8);
    let tail = whole.remainder();
    for (b, d) in bytes.chunks_exact_mut(4).zip(whole) {
        let Some(x) = d.try_into().ok().and_then(|d| hex8(u64::from_le_bytes(d))) else {
            return false;
        };
        b.copy_from_slice(&x.to_le_bytes());
    }
    let at = bytes.len() - tail.len() / 2;
    for (b, p) in bytes[at..].iter_mut().zip(tail.chunks_exact(2)) {
        let (hi, lo) = (DIGIT[p[0] as usize], DIGIT[p[1] as usize]);
        if (hi | lo) > 15 {
            return false;
        }
        *b = hi << 4 | lo;
    }
    true
}

/// The 64 bits of a word array from bit `at` (zeros past its end).
#[inline(always)]
pub(crate) fn bits_at(words: &[u64], at: usize) -> u64 {
    let (w, b) = (at / 64, at % 64);
    let lo = words.get(w).map_or(0, |x| x >> b);
    let hi = match b {
        0 => 0,
        _ => words.get(w + 1).map_or(0, |x| x << (64 - b)),
    };
    lo | hi
}

/// The length of the start of `b` that a JSON string holds as it is: up to the first quote,
/// backslash, control byte or non-ASCII byte, eight bytes at a time. (In each word, a flagged
/// byte can only be followed by false flags, never preceded: the first is exact.)
pub(crate) fn plain_len(b: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HI;
    let mut i = 0;
    while let Some(c) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
        let flagged = zero(w ^ (ONES * b'"' as u64))
            | zero(w ^ (ONES * b'\\' as u64))
            | (w.wrapping_sub(ONES * 0x20) & !w & HI)
            | (w & HI);
        if flagged != 0 {
            return i + flagged.trailing_zeros() as usize / 8;
        }
        i += 8;
    }
    i + b[i..]
        .iter()
        .take_while(|&&c| (0x20..0x80).contains(&c) && c != b'"' && c != b'\\')
        .count()
}

/// `ONES * b`: the byte `b` in every byte of a word.
pub(crate) const fn splat(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// Whether `b` holds the byte `c`, eight bytes a step (on the short records of a line, about
/// a third of what the standard library's search costs, `bench/matrix.py` under `-f auto`).
#[inline(always)]
pub(crate) fn has_byte(b: &[u8], c: u8) -> bool {
    let word = |w: &[u8]| u64::from_le_bytes(w.try_into().unwrap_or_default()) ^ splat(c);
    let mut words = b.chunks_exact(8);
    let hit = words.by_ref().any(|w| zero_byte(word(w)));
    match b.len() {
        // The last eight bytes again, over the remainder (no call to a byte search).
        n if n >= 8 => hit || (n % 8 != 0 && zero_byte(word(&b[n - 8..]))),
        // Fewer than eight bytes: a plain loop (`contains` would call the byte search).
        #[allow(clippy::manual_contains)]
        _ => b.iter().any(|&x| x == c),
    }
}

/// Whether a word has a zero byte (the borrow of the subtraction marks bytes above a zero one
/// too, so the marks are not exact, but there is one exactly when a byte is zero).
#[inline(always)]
pub(crate) fn zero_byte(v: u64) -> bool {
    v.wrapping_sub(splat(1)) & !v & splat(0x80) != 0
}

/// The bits of a word whose bytes are zero, one a byte (bit i for byte i).
#[inline(always)]
pub(crate) fn zero_bytes(v: u64) -> u64 {
    const LOW: u64 = splat(0x7f);
    let nonzero = ((v & LOW) + LOW) | v;
    let hi = !nonzero & splat(0x80);
    // The eight high bits gathered into one byte.
    (hi >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Bit k is set when `block[k]` is `byte`: the bitmap the line-end scanner makes of `\n`, for
/// any byte (a table's delimiters, Edax's squares are found with it). SSE2 on x86_64, eight
/// bytes a word elsewhere ([`byte_mask_portable`]).
///
/// ```
/// let mut block = [b'x'; 64];
/// block[3] = b'\t';
/// block[63] = b'\t';
/// assert_eq!(bbconv_forms::byte_mask(&block, b'\t'), 1 << 3 | 1 << 63);
/// ```
#[inline(always)]
pub fn byte_mask(block: &[u8; 64], byte: u8) -> u64 {
    #[cfg(target_arch = "x86_64")]
    return mask_sse2(block, byte);
    #[cfg(not(target_arch = "x86_64"))]
    return byte_mask_portable(block, byte);
}

/// [`byte_mask`] eight bytes a word, on every CPU: the exact zero-byte test of the word XOR the
/// byte, its eight top bits gathered by a multiplication.
#[inline(always)]
pub fn byte_mask_portable(block: &[u8; 64], byte: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let pattern = u64::from_ne_bytes([byte; 8]);
    let mut m = 0u64;
    for (k, w) in block.chunks_exact(8).enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        let t = u64::from_le_bytes(word) ^ pattern;
        // 0x80 in each byte that is zero, exactly (no borrow from a lower byte).
        let zero = !((t & LOW7).wrapping_add(LOW7) | t | LOW7);
        m |= ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    m
}

/// Bit k is set when `block[k]` is `byte` (four 16-byte compares).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline(always)]
fn mask_sse2(block: &[u8; 64], byte: u8) -> u64 {
    // SAFETY: SSE2 is part of the x86_64 baseline; the loads read 16 bytes each from a
    // 64-byte array, with no alignment requirement.
    unsafe {
        use std::arch::x86_64::*;
        let nl = _mm_set1_epi8(byte as i8);
        let p = block.as_ptr();
        let m = |k: usize| {
            let v = _mm_loadu_si128(p.add(16 * k).cast());
            _mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)) as u32 as u64
        };
        m(0) | m(1) << 16 | m(2) << 32 | m(3) << 48
    }
}

#[cfg(test)]
mod tests {
    /// The word search finds a byte where the slice search does, at every place and length.
    #[test]
    fn has_byte_as_contains() {
        for len in 0..40 {
            for at in 0..=len {
                for fill in [b'a', b'\n' ^ 0x80, 0x0b, 0x8a] {
                    let mut b = vec![fill; len];
                    if at < len {
                        b[at] = b'\n';
                    }
                    assert_eq!(has_byte(&b, b'\n'), b.contains(&b'\n'), "{b:?}");
                }
            }
        }
    }

    use super::*;

    /// The byte bitmap of every CPU is the portable one, for every byte in every place.
    #[test]
    fn byte_mask_as_the_portable_one() {
        let mut block = [0u8; 64];
        for k in 0..64 {
            for (i, b) in block.iter_mut().enumerate() {
                *b = (i * 37 + k * 11) as u8;
            }
            for byte in [0, b'\n', b'\t', b',', 0x80, 0xff, block[k]] {
                assert_eq!(byte_mask(&block, byte), byte_mask_portable(&block, byte));
            }
        }
    }

    /// The AVX2 hex decoder (where the CPU has it) decodes as the portable one: digits of both
    /// cases and other bytes in every place, of every even and odd length to 100.
    #[test]
    fn hex_bytes_as_the_portable_one() {
        use crate::fen::fast::{FenReader, ReadChess, WithReader};
        struct Both;
        impl WithReader for Both {
            type Output = usize;
            fn run<R: ReadChess>(self, r: &R) -> usize {
                let alphabet = b"0123456789abcdefABCDEF/:@`gG \x00\xff";
                let mut v = 0x1234_5678_9abc_def1u64;
                let mut n = 0;
                for len in 0..100 {
                    for k in 0..300u64 {
                        let d: Vec<u8> = (0..len)
                            .map(|_| {
                                v = v.rotate_left(7).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ k;
                                let i = if v.is_multiple_of(97) {
                                    v >> 8
                                } else {
                                    (v >> 8) % 22
                                };
                                alphabet[i as usize % alphabet.len()]
                            })
                            .collect();
                        for size in [len / 2, len / 2 + 1] {
                            let (mut a, mut b) = (vec![0u8; size], vec![0u8; size]);
                            let (x, y) = (r.hex_bytes(&d, &mut a), hex_bytes(&d, &mut b));
                            assert_eq!(x, y, "{d:?}");
                            if x {
                                assert_eq!(a, b);
                                n += 1;
                            }
                        }
                    }
                }
                n
            }
        }
        if let Some(simd) = FenReader::avx2() {
            assert!(simd.with_reader(Both) > 10_000);
        }
    }

    /// The SSE2 and SWAR readers of 16 hex digits agree on digits of both cases and on every
    /// other byte in every place.
    #[test]
    fn hex16_readers_agree() {
        let mut v = 0x1234_5678_9abc_def1u64;
        let alphabet = b"0123456789abcdefABCDEF/:@`gG \x00\xff";
        for k in 0..20_000 {
            let mut b = [0u8; 16];
            for c in &mut b {
                v = v.rotate_left(7).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ k;
                // Mostly digits, now and then another byte.
                let i = if v.is_multiple_of(16) {
                    v >> 8
                } else {
                    (v >> 8) % 22
                };
                *c = alphabet[i as usize % alphabet.len()];
            }
            assert_eq!(
                hex16(&b),
                hex16_swar(&b),
                "{:?}",
                String::from_utf8_lossy(&b)
            );
        }
        assert_eq!(hex16(b"00000000000000fF"), Some(255));
    }
}
