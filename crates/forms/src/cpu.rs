//! The proof of the AVX2 reader's CPU features ([`Avx2Cpu`]) that the kernels of
//! [`crate::kernels::Simd`] take to use them, and the kernels of SSSE3 and AVX2 behind it
//! (the BMI2 ones are `crate::kernels::bmi2`). x86_64 only.

use crate::kernels::bmi2;

/// The proof that the CPU has AVX2 (so SSSE3) and BMI2: only [`Avx2Cpu::new`], unsafe, makes
/// one (the AVX2 reader's [`crate::kernels::Simd::avx2`], which runs only where its `Avx2`
/// token checked the CPU). The kernels of [`bmi2`], [`ssse3`] and [`avx2`] are safe to call with one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Avx2Cpu(());

#[allow(unsafe_code)]
impl Avx2Cpu {
    /// The proof.
    ///
    /// # Safety
    /// The CPU has AVX2 and BMI2.
    #[inline(always)]
    pub(crate) unsafe fn new() -> Avx2Cpu {
        Avx2Cpu(())
    }
    /// `pdep`.
    #[inline(always)]
    pub(crate) fn deposit(self, x: u64, mask: u64) -> u64 {
        // SAFETY: the CPU has BMI2 (`self`).
        unsafe { std::arch::x86_64::_pdep_u64(x, mask) }
    }
    /// `pext`.
    #[inline(always)]
    pub(crate) fn extract(self, x: u64, mask: u64) -> u64 {
        // SAFETY: as in `deposit`.
        unsafe { std::arch::x86_64::_pext_u64(x, mask) }
    }
    /// [`bmi2::hex`].
    #[inline(always)]
    pub(crate) fn hex(self, v: u64) -> [u8; 16] {
        // SAFETY: as in `deposit`.
        unsafe { bmi2::hex(v) }
    }
    /// [`bmi2::nibbles`].
    #[inline(always)]
    pub(crate) fn nibbles(self, occ: u64, planes: &[u64; 4]) -> [u64; 2] {
        // SAFETY: as in `deposit`.
        unsafe { bmi2::nibbles(occ, planes) }
    }
    /// [`bmi2::planes`].
    #[inline(always)]
    pub(crate) fn planes(self, occ: u64, nibbles: [u64; 2]) -> [u64; 4] {
        // SAFETY: as in `deposit`.
        unsafe { bmi2::planes(occ, nibbles) }
    }
    /// [`avx2::hex_bytes`].
    #[inline(always)]
    pub(crate) fn hex_bytes(self, digits: &[u8], bytes: &mut [u8]) -> bool {
        // SAFETY: the CPU has AVX2 (`self`).
        unsafe { avx2::hex_bytes(digits, bytes) }
    }
    /// [`ssse3::nibble_bytes`].
    #[inline(always)]
    pub(crate) fn nibble_bytes(self, nibbles: [u64; 2], table: &[u8; 16]) -> [u8; 32] {
        // SAFETY: the CPU has SSSE3 (`self`).
        unsafe { ssse3::nibble_bytes(nibbles, table) }
    }
}

/// The SSSE3 kernels of [`crate::kernels::Simd`], called through an [`Avx2Cpu`].
#[allow(unsafe_code)]
pub(crate) mod ssse3 {
    use std::arch::x86_64::{
        _mm_and_si128, _mm_loadu_si128, _mm_set1_epi8, _mm_set_epi64x, _mm_shuffle_epi8,
        _mm_srli_epi16, _mm_storeu_si128, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
    };

    /// [`crate::kernels::Simd::nibble_bytes`]: the nibbles split into their bytes' low halves (the
    /// even nibbles, then the odd ones), interleaved back into order and looked up by
    /// `pshufb`: about 12 instructions where the portable loop takes about 130.
    ///
    /// # Safety
    /// The CPU has SSSE3 (a [`super::Avx2Cpu`] exists).
    #[inline(always)]
    pub(crate) unsafe fn nibble_bytes(nibbles: [u64; 2], table: &[u8; 16]) -> [u8; 32] {
        let mut out = [0u8; 32];
        // SAFETY: the CPU has SSSE3 (the caller's contract); the load reads the 16 bytes of
        // `table` and the stores write the 32 bytes of `out`; `loadu`/`storeu` need no
        // alignment.
        unsafe {
            let v = _mm_set_epi64x(nibbles[1] as i64, nibbles[0] as i64);
            let low = _mm_set1_epi8(0x0f);
            let even = _mm_and_si128(v, low);
            let odd = _mm_and_si128(_mm_srli_epi16::<4>(v), low);
            let t = _mm_loadu_si128(table.as_ptr().cast());
            let first = _mm_shuffle_epi8(t, _mm_unpacklo_epi8(even, odd));
            let second = _mm_shuffle_epi8(t, _mm_unpackhi_epi8(even, odd));
            _mm_storeu_si128(out.as_mut_ptr().cast(), first);
            _mm_storeu_si128(out.as_mut_ptr().add(16).cast(), second);
        }
        out
    }
}

/// The AVX2 kernels of [`crate::kernels::Simd`], called through an [`Avx2Cpu`].
#[allow(unsafe_code)]
pub(crate) mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_cmpgt_epi8, _mm256_extract_epi64,
        _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_packus_epi16,
        _mm256_set1_epi16, _mm256_set1_epi8, _mm256_slli_epi16, _mm256_srli_epi16,
    };

    /// [`crate::kernels::hex_bytes`] 32 digits at a time (the last 32 overlapping the ones before when
    /// the count is not a multiple of 32), [`crate::kernels::hex_bytes`] below 32: about 25 instructions
    /// a 32 digits where the SSE2 kernel takes about 60 (`-f binary-fen -t fen`, callgrind).
    ///
    /// # Safety
    /// The CPU has AVX2 (a [`super::Avx2Cpu`] exists).
    #[inline(always)]
    pub(crate) unsafe fn hex_bytes(digits: &[u8], bytes: &mut [u8]) -> bool {
        if digits.len() != 2 * bytes.len() {
            return false;
        }
        if digits.len() < 32 {
            return crate::kernels::hex_bytes(digits, bytes);
        }
        let mut at = 0;
        while at < digits.len() {
            let from = at.min(digits.len() - 32);
            let Some(d) = digits.get(from..from + 32) else {
                return false;
            };
            // SAFETY: the CPU has AVX2 (the caller's contract); `d` is 32 readable bytes.
            let Some(x) = (unsafe { hex32(d.as_ptr().cast()) }) else {
                return false;
            };
            if let Some(to) = bytes.get_mut(from / 2..from / 2 + 16) {
                to.copy_from_slice(&x);
            }
            at = from + 32;
        }
        true
    }

    /// The 16 bytes of 32 hex digits (any case) at `p`, or `None` for another byte: as the
    /// SSE2 kernel (`hex16_sse2`), in both lanes.
    ///
    /// # Safety
    /// The CPU has AVX2; `p` points to 32 readable bytes.
    #[inline(always)]
    unsafe fn hex32(p: *const __m256i) -> Option<[u8; 16]> {
        // SAFETY: as the caller's contract; `loadu` needs no alignment.
        unsafe {
            let v = _mm256_loadu_si256(p);
            // Signed compares: bytes of 0x80 and above are negative, so outside.
            let digit = _mm256_and_si256(
                _mm256_cmpgt_epi8(v, _mm256_set1_epi8(b'0' as i8 - 1)),
                _mm256_cmpgt_epi8(_mm256_set1_epi8(b'9' as i8 + 1), v),
            );
            let lower = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
            let letter = _mm256_and_si256(
                _mm256_cmpgt_epi8(lower, _mm256_set1_epi8(b'a' as i8 - 1)),
                _mm256_cmpgt_epi8(_mm256_set1_epi8(b'f' as i8 + 1), lower),
            );
            if _mm256_movemask_epi8(_mm256_or_si256(digit, letter)) != -1 {
                return None;
            }
            // Nibbles, then each pair of bytes (first digit low) into the byte of its 16-bit
            // lane, packed within each 128-bit lane (64-bit elements 0 and 2).
            let nib = _mm256_add_epi8(
                _mm256_and_si256(v, _mm256_set1_epi8(0x0f)),
                _mm256_and_si256(letter, _mm256_set1_epi8(9)),
            );
            let pairs = _mm256_or_si256(
                _mm256_slli_epi16::<4>(_mm256_and_si256(nib, _mm256_set1_epi16(0x00ff))),
                _mm256_srli_epi16::<8>(nib),
            );
            let packed = _mm256_packus_epi16(pairs, pairs);
            let mut out = [0u8; 16];
            out[..8].copy_from_slice(&(_mm256_extract_epi64::<0>(packed) as u64).to_le_bytes());
            out[8..].copy_from_slice(&(_mm256_extract_epi64::<2>(packed) as u64).to_le_bytes());
            Some(out)
        }
    }
}
