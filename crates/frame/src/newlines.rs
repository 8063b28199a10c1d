//! Line ends: where the `\n` bytes of a buffer are, found a batch at a time. The pipeline splits
//! line-framed input with it; the benchmark measures it against `memchr` on the same job.
//!
//! Hand-written because the benchmark shows the gain (`bench/src/bin/newlines.rs`, run by
//! `bash bench/run.sh`: callgrind on the 1,000,000 lines of the FEN corpus, 60 bytes a line):
//! `memchr::memchr_iter` costs 91 instructions a line, since it sets up a search for every
//! line; this scanner, which fills an array of up to [`BATCH`] line ends from 64-byte bitmaps
//! in one tight loop, costs 39 with SSE2 (every x86_64 CPU has it) and 28 with AVX2 (checked
//! at run time, not used under [`Kernels::Portable`](bbconv_forms::Kernels::Portable)). On other CPUs the bitmaps are made
//! eight bytes a word.

/// How many line ends one refill finds at most.
pub const BATCH: usize = 256;

/// The positions of `\n` in a byte slice, in order, a batch at a time ([`Newlines::batch`]).
pub struct Newlines<'a> {
    data: &'a [u8],
    /// How many bytes of `data` were scanned.
    scanned: usize,
    /// The line ends found by the last refill: `ends[next..len]` are still to be given.
    ends: [usize; BATCH],
    len: usize,
    next: usize,
    /// Which scanner fills the batch.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    wide: bool,
}

impl<'a> Newlines<'a> {
    /// The newlines of `data`, found by the scanner `kernels` allows (AVX2 under
    /// [`Kernels::Auto`](bbconv_forms::Kernels::Auto) when the CPU has it).
    pub fn new(data: &'a [u8], kernels: bbconv_forms::Kernels) -> Newlines<'a> {
        #[cfg(target_arch = "x86_64")]
        let wide =
            kernels == bbconv_forms::Kernels::Auto && std::arch::is_x86_feature_detected!("avx2");
        #[cfg(not(target_arch = "x86_64"))]
        let wide = {
            let _ = kernels;
            false
        };
        Newlines {
            data,
            scanned: 0,
            ends: [0; BATCH],
            len: 0,
            next: 0,
            wide,
        }
    }

    /// Finds the next batch of line ends (none when the data is scanned through).
    #[inline(never)]
    fn refill(&mut self) {
        self.next = 0;
        #[cfg(target_arch = "x86_64")]
        {
            let (len, scanned) = if self.wide {
                // SAFETY: `wide` is true only when the CPU was found to have AVX2.
                #[allow(unsafe_code)]
                unsafe {
                    x86::fill_avx2(self.data, self.scanned, &mut self.ends)
                }
            } else {
                x86::fill_sse2(self.data, self.scanned, &mut self.ends)
            };
            self.len = len;
            self.scanned = scanned;
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            (self.len, self.scanned) = fill_swar(self.data, self.scanned, &mut self.ends);
        }
    }
}

impl Newlines<'_> {
    /// The next line ends, in order: a batch of at most [`BATCH`], empty at the end.
    ///
    /// ```
    /// let mut it = bbconv_frame::Newlines::new(b"a1\ne4\n\nh8", bbconv_forms::Kernels::Auto);
    /// assert_eq!(it.batch(), [2, 5, 6]);
    /// assert!(it.batch().is_empty());
    /// ```
    #[inline]
    pub fn batch(&mut self) -> &[usize] {
        if self.next >= self.len {
            self.refill();
        }
        let from = std::mem::replace(&mut self.next, self.len);
        self.ends.get(from..self.len).unwrap_or_default()
    }

    /// Goes on from byte `at`: the next batch gives the line ends from `at` on (those before
    /// it, given or not, are passed by), for a caller that found some lines' ends itself. The
    /// ends of the last refill from `at` on are given again, not searched for again.
    #[inline]
    pub fn skip_to(&mut self, at: usize) {
        if at >= self.scanned {
            self.scanned = at.min(self.data.len());
            self.len = 0;
            self.next = 0;
        } else {
            self.next = self.ends[..self.len].partition_point(|&e| e < at);
        }
    }
}

/// The batch loop every scanner shares: whole 64-byte blocks from `at` while a block's ends
/// still fit, then the last bytes (under 64) one at a time. Returns how many ends it wrote
/// and how many bytes are scanned.
macro_rules! fill {
    ($data:expr, $at:expr, $ends:expr, $mask:expr) => {{
        let (data, mut at, ends): (&[u8], usize, &mut [usize; BATCH]) = ($data, $at, $ends);
        let mut n = 0;
        while n <= BATCH - 64 {
            let Some(block) = data.get(at..).and_then(|r| r.first_chunk::<64>()) else {
                break;
            };
            let mut m = ($mask)(block);
            while m != 0 {
                ends[n] = at + m.trailing_zeros() as usize;
                n += 1;
                m &= m - 1;
            }
            at += 64;
        }
        if n <= BATCH - 64 && at < data.len() {
            // Under 64 bytes are left.
            for (k, &c) in data[at..].iter().enumerate() {
                if c == b'\n' {
                    ends[n] = at + k;
                    n += 1;
                }
            }
            at = data.len();
        }
        (n, at)
    }};
}

/// A batch, by eight-byte words (CPUs other than x86_64).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn fill_swar(data: &[u8], at: usize, ends: &mut [usize; BATCH]) -> (usize, usize) {
    fill!(data, at, ends, |b| bbconv_forms::byte_mask_portable(
        b, b'\n'
    ))
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86 {
    use super::BATCH;
    use std::arch::x86_64::*;

    /// Bit k is set when `block[k]` is `\n` (two 32-byte compares).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn mask_avx2(block: &[u8; 64]) -> u64 {
        let nl = _mm256_set1_epi8(b'\n' as i8);
        let p = block.as_ptr();
        // SAFETY: each load reads 32 bytes of the 64-byte array; no alignment requirement.
        let (lo, hi) = unsafe {
            (
                _mm256_loadu_si256(p.cast()),
                _mm256_loadu_si256(p.add(32).cast()),
            )
        };
        let lo = _mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, nl)) as u32 as u64;
        let hi = _mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, nl)) as u32 as u64;
        lo | hi << 32
    }

    /// A batch, by SSE2 bitmaps.
    pub(super) fn fill_sse2(data: &[u8], at: usize, ends: &mut [usize; BATCH]) -> (usize, usize) {
        fill!(data, at, ends, |b| bbconv_forms::byte_mask(b, b'\n'))
    }

    /// A batch, by AVX2 bitmaps.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn fill_avx2(
        data: &[u8],
        at: usize,
        ends: &mut [usize; BATCH],
    ) -> (usize, usize) {
        fill!(data, at, ends, mask_avx2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Every scanner finds exactly what a byte-by-byte search finds, at every length and offset (whole
        /// blocks, the tail under 64 bytes, newlines at block edges, batches that fill up).
        #[test]
        fn newlines_match_memchr(
            data in proptest::collection::vec(
                proptest::sample::select(vec![b'\n', b'\n', b'a', b'\r', 0u8, 0xff, 0x8a, 0x0b, 0x09]), 0..2000),
            skip in 0usize..70,
        ) {
            let data = &data[skip.min(data.len())..];
            let want: Vec<usize> = naive_ends(data);
            let mut ends = [0; BATCH];
            let (mut got, mut at) = (Vec::new(), 0);
            loop {
                let (n, next) = fill_swar(data, at, &mut ends);
                if n == 0 {
                    break;
                }
                got.extend_from_slice(&ends[..n]);
                at = next;
            }
            proptest::prop_assert_eq!(&got, &want, "eight bytes a word");
            // Both scanners, where the CPU has AVX2.
            for kernels in [bbconv_forms::Kernels::Portable, bbconv_forms::Kernels::Auto] {
                proptest::prop_assert_eq!(&all(Newlines::new(data, kernels)), &want);
            }
        }
    }

    proptest::proptest! {
        /// After a skip ahead, the batches give exactly the line ends from there on, wherever
        /// the skip falls: inside the last batch given, past it, or past the data.
        #[test]
        fn skips_give_the_ends_after(
            data in proptest::collection::vec(
                proptest::sample::select(vec![b'\n', b'\n', b'a', b'x']), 0..1500),
            steps in proptest::collection::vec(proptest::option::of(0usize..600), 0..12),
        ) {
            let want = naive_ends(&data);
            for kernels in [bbconv_forms::Kernels::Portable, bbconv_forms::Kernels::Auto] {
                let mut it = Newlines::new(&data, kernels);
                // The first byte whose line end is still to be given.
                let mut pos = 0;
                for step in steps.iter().copied().chain(std::iter::repeat_n(None, 10)) {
                    match step {
                        // A skip ahead of every end given so far.
                        Some(ahead) => {
                            pos += ahead;
                            it.skip_to(pos);
                        }
                        None => {
                            let got = it.batch();
                            let from = want.partition_point(|&e| e < pos);
                            let next = &want[from..(from + got.len()).min(want.len())];
                            proptest::prop_assert_eq!(got, next);
                            proptest::prop_assert!(!got.is_empty() || from == want.len());
                            pos = got.last().map_or(pos, |&e| e + 1);
                        }
                    }
                }
            }
        }
    }

    fn naive_ends(data: &[u8]) -> Vec<usize> {
        data.iter()
            .enumerate()
            .filter(|(_, &c)| c == b'\n')
            .map(|(k, _)| k)
            .collect()
    }

    /// Every batch of a scanner, in order; none is empty or over [`BATCH`].
    fn all(mut it: Newlines<'_>) -> Vec<usize> {
        let mut got = Vec::new();
        loop {
            let b = it.batch();
            if b.is_empty() {
                return got;
            }
            assert!(b.len() <= BATCH);
            got.extend_from_slice(b);
        }
    }

    /// Every byte a newline: each refill stops when the next block might not fit.
    #[test]
    fn all_newlines_fill_batches() {
        for len in [0, 1, 63, 64, 65, BATCH, BATCH + 1, 5 * BATCH + 17] {
            let data = vec![b'\n'; len];
            for kernels in [bbconv_forms::Kernels::Portable, bbconv_forms::Kernels::Auto] {
                assert_eq!(
                    all(Newlines::new(&data, kernels)),
                    (0..len).collect::<Vec<_>>()
                );
            }
        }
    }

    /// A long run without a newline is scanned through in one refill.
    #[test]
    fn long_lines() {
        let mut data = vec![b'x'; 100_000];
        data[99_999] = b'\n';
        data[70_000] = b'\n';
        for kernels in [bbconv_forms::Kernels::Portable, bbconv_forms::Kernels::Auto] {
            assert_eq!(all(Newlines::new(&data, kernels)), [70_000, 99_999]);
        }
    }
}
