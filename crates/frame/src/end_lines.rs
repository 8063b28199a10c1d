//! Records ended by a line of one byte alone (Stockfish's `.plain`: `fen ...`, `move ...`, ...,
//! `e`), found a run at a time from byte-class bitmaps of the buffer's 64-byte blocks: each
//! block's newlines, end bytes and blanks (bytes up to a space) are found once, with AVX2
//! (checked at run time), and every record's end and every doubt about it are bits of them, with
//! no loop over a record's lines. A record in doubt (a blank at a line's start or end, a line
//! other than the last that starts with the end byte, a record longer than a few blocks) ends
//! the run: the caller's line loop takes it.
//!
//! Hand-written because the profile shows the gain (`-f sf-plain -t fen`, callgrind): looking
//! at the bytes around each newline of a record, a line at a time, cost about 210 instructions
//! a six-line record; the bitmaps cost about a third of that.

/// Bytes a record may run on past its start before the run stops for it (the line loop takes
/// it): `.plain` records are about 100 bytes, and a longer record must not make each run scan
/// the buffer through.
const REACH: usize = 512;

/// The byte classes of a 64-byte block, a bit a byte (bit k for byte k).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Classes {
    /// `\n`.
    nl: u64,
    /// The end byte.
    end: u64,
    /// Bytes up to a space (`<= b' '`).
    blank: u64,
}

/// The classes of the block after the last whole block: nothing known (no record ends there).
const UNKNOWN: Classes = Classes {
    nl: 0,
    end: 0,
    blank: 0,
};

/// What a block's records are decided by, a bit a byte of the block.
struct Bits {
    /// Newlines.
    nl: u64,
    /// Newlines followed by the end byte and a newline: where a record's last line but one ends.
    ends: u64,
    /// Bytes the line loop must decide: a newline after a blank (a CR, an empty line), a blank
    /// or the end byte at a line's start (the end line of a record is after its last place).
    doubt: u64,
}

/// The bits of the block `cur`, between the block before (`carry`: its last byte's newline
/// bit, and its blank bit one above) and the block after.
#[inline(always)]
fn bits(carry: u64, cur: Classes, next: Classes) -> Bits {
    let end1 = cur.end >> 1 | next.end << 63;
    let nl2 = cur.nl >> 2 | next.nl << 62;
    let blank_before = cur.blank << 1 | carry >> 1;
    let line_start = cur.nl << 1 | carry & 1;
    Bits {
        nl: cur.nl,
        ends: cur.nl & end1 & nl2,
        doubt: cur.nl & blank_before | (cur.blank | cur.end) & line_start,
    }
}

/// The carry of block `cur` into the next one's [`bits`].
#[inline(always)]
fn carry_of(cur: Classes) -> u64 {
    cur.nl >> 63 | cur.blank >> 63 << 1
}

/// Where a run is: the next record's start, the newlines before it, the records taken, and
/// the newlines of the blocks before the one at hand. (No byte in doubt is between the next
/// record's start and the block at hand: the run stops at one.)
#[derive(Default)]
struct Run {
    start: usize,
    lines: usize,
    taken: usize,
    /// Newlines in the blocks before.
    nl_before: usize,
}

/// Takes the records that end in block `k` (of bits `b`); whether the run goes on.
#[inline(always)]
fn take_block(
    run: &mut Run,
    k: usize,
    b: &Bits,
    (max_len, most, room): (usize, usize, usize),
    push: &mut impl FnMut(usize, usize, usize),
) -> bool {
    // A record from `start` ends at `p` (its newline before the end line) when `p - start + 4
    // <= max_len` and `p + 3 <= room`.
    let base = 64 * k;
    let mut ends = b.ends;
    while ends != 0 {
        let q = ends.trailing_zeros() as usize;
        ends &= ends - 1;
        let p = base + q;
        if p < run.start {
            // The previous record's last newline: the next record starts with the end byte,
            // a byte in doubt.
            continue;
        }
        let upto = u64::MAX >> (63 - q);
        let from = u64::MAX << run.start.saturating_sub(base);
        if b.doubt & upto & from != 0
            || run.taken == most
            || p - run.start + 4 > max_len
            || p + 3 > room
        {
            return false;
        }
        push(run.start, p + 2, run.lines);
        run.lines = run.nl_before + (b.nl & upto).count_ones() as usize + 1;
        run.start = p + 3;
        run.taken += 1;
    }
    run.nl_before += b.nl.count_ones() as usize;
    // A byte in doubt from the next record's start on: the line loop takes that record. (The
    // next block's bytes are all that a record from here on must be clear of.)
    let from = u64::MAX
        .checked_shl(run.start.saturating_sub(base) as u32)
        .unwrap_or(0);
    b.doubt & from == 0 && base + 64 <= run.start + REACH
}

/// The run over the whole 64-byte blocks of `$b`, their classes found by `$classes`.
macro_rules! run {
    ($b:expr, $end:expr, $limits:expr, $push:expr, $classes:expr) => {{
        let (b, end, limits): (&[u8], u8, (usize, usize, usize)) = ($b, $end, $limits);
        let mut push = $push;
        let mut run = Run::default();
        let mut blocks = b.chunks_exact(64);
        let Some(first) = blocks.next().and_then(|c| c.first_chunk::<64>()) else {
            return (0, 0);
        };
        // The byte before the run counts as a newline: a record starts after one.
        let (mut carry, mut cur) = (1, ($classes)(first, end));
        if end <= b' ' {
            return (0, 0);
        }
        let mut k = 0;
        loop {
            let (next, last) = match blocks.next().and_then(|c| c.first_chunk::<64>()) {
                Some(block) => (($classes)(block, end), false),
                None => (UNKNOWN, true),
            };
            if !take_block(&mut run, k, &bits(carry, cur, next), limits, &mut push) || last {
                break;
            }
            (carry, cur, k) = (carry_of(cur), next, k + 1);
        }
        (run.start, run.lines)
    }};
}

/// The classes of a block, a byte at a time (CPUs without AVX2, and the tests).
fn classes_portable(block: &[u8; 64], end: u8) -> Classes {
    let mut c = Classes::default();
    for (k, &x) in block.iter().enumerate() {
        c.nl |= u64::from(x == b'\n') << k;
        c.end |= u64::from(x == end) << k;
        c.blank |= u64::from(x <= b' ') << k;
    }
    c
}

/// Finds the runs of records ended by a line of one byte alone; made once, for a CPU.
#[derive(Clone, Copy, Debug)]
pub struct EndLines {
    /// Whether the AVX2 bitmaps are used (the CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT, and
    /// `kernels` allows it).
    wide: bool,
}

impl EndLines {
    /// The finder `kernels` allows: AVX2 under [`Kernels::Auto`](bbconv_forms::Kernels::Auto)
    /// when the CPU has it, else bitmaps made a byte at a time ([`EndLines::fast`] is false:
    /// the caller has a faster way).
    pub fn new(kernels: bbconv_forms::Kernels) -> EndLines {
        #[cfg(target_arch = "x86_64")]
        let wide = kernels == bbconv_forms::Kernels::Auto
            && std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt");
        #[cfg(not(target_arch = "x86_64"))]
        let wide = {
            let _ = kernels;
            false
        };
        EndLines { wide }
    }

    /// Whether the bitmaps are made with AVX2 (a run costs a fraction of a line loop's).
    pub fn fast(&self) -> bool {
        self.wide
    }

    /// The records at the start of `b`, each ended by a line of `end` (a byte above a space)
    /// alone, that a line loop takes with nothing to decide: no line with a blank at its start
    /// or end (a CR, maybe), none but the last that starts with `end`, each whole in `b`'s
    /// 64-byte blocks and shorter than `max_len` by two bytes. Each
    /// record's start, end (before its last newline) and the lines of `b` before it are given
    /// to `push`; the bytes taken (to the last record's newline) and their lines are returned.
    /// At most `most` records and `room` bytes are taken.
    ///
    /// ```
    /// let run = bbconv_frame::EndLines::new(bbconv_forms::Kernels::Auto);
    /// let text = "fen a\nmove b\ne\nfen c\ne\n".repeat(4);
    /// let mut got = Vec::new();
    /// let taken = run.run(text.as_bytes(), b'e', (1000, 100, 1000), |s, e, n| got.push((s, e, n)));
    /// assert_eq!(&got[..2], [(0, 14, 0), (15, 22, 3)]);
    /// // The sixth record ends past the whole 64-byte blocks: the caller takes it.
    /// assert_eq!(got.len(), 5);
    /// assert_eq!(taken, (61, 13));
    /// ```
    pub fn run(
        &self,
        b: &[u8],
        end: u8,
        limits: (usize, usize, usize),
        push: impl FnMut(usize, usize, usize),
    ) -> (usize, usize) {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` is true only when the CPU was found to have AVX2, BMI1, BMI2, LZCNT and
            // POPCNT.
            #[allow(unsafe_code)]
            return unsafe { x86::run_avx2(b, end, limits, push) };
        }
        run_portable(b, end, limits, push)
    }
}

/// [`EndLines::run`] with bitmaps made a byte at a time.
fn run_portable(
    b: &[u8],
    end: u8,
    limits: (usize, usize, usize),
    push: impl FnMut(usize, usize, usize),
) -> (usize, usize) {
    run!(b, end, limits, push, classes_portable)
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86 {
    use super::{bits, carry_of, take_block, Classes, Run, UNKNOWN};
    use std::arch::x86_64::*;

    /// The top bits of the bytes of `lo` and `hi` (32 each), a bit a byte.
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline]
    fn bit_mask(lo: __m256i, hi: __m256i) -> u64 {
        _mm256_movemask_epi8(lo) as u32 as u64 | (_mm256_movemask_epi8(hi) as u32 as u64) << 32
    }

    /// The classes of a block: two loads, three compares a half (a blank: a byte equal to its
    /// minimum with a space).
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline]
    pub(super) fn classes_avx2(block: &[u8; 64], end: u8) -> Classes {
        let p = block.as_ptr();
        // SAFETY: each load reads 32 bytes of the 64-byte array; no alignment requirement.
        let (lo, hi) = unsafe {
            (
                _mm256_loadu_si256(p.cast()),
                _mm256_loadu_si256(p.add(32).cast()),
            )
        };
        let (nl, e) = (_mm256_set1_epi8(b'\n' as i8), _mm256_set1_epi8(end as i8));
        let space = _mm256_set1_epi8(b' ' as i8);
        let (lo_min, hi_min) = (_mm256_min_epu8(lo, space), _mm256_min_epu8(hi, space));
        Classes {
            nl: bit_mask(_mm256_cmpeq_epi8(lo, nl), _mm256_cmpeq_epi8(hi, nl)),
            end: bit_mask(_mm256_cmpeq_epi8(lo, e), _mm256_cmpeq_epi8(hi, e)),
            blank: bit_mask(_mm256_cmpeq_epi8(lo_min, lo), _mm256_cmpeq_epi8(hi_min, hi)),
        }
    }

    /// [`super::EndLines::run`] with AVX2 bitmaps.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2, BMI1, BMI2, LZCNT and POPCNT.
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) unsafe fn run_avx2(
        b: &[u8],
        end: u8,
        limits: (usize, usize, usize),
        push: impl FnMut(usize, usize, usize),
    ) -> (usize, usize) {
        run!(b, end, limits, push, classes_avx2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_forms::Kernels;

    /// Every run's records, with the bytes and lines taken.
    fn records(
        run: EndLines,
        b: &[u8],
        limits: (usize, usize, usize),
    ) -> Vec<(usize, usize, usize)> {
        let mut got = Vec::new();
        let (len, lines) = run.run(b, b'e', limits, |s, e, n| got.push((s, e, n)));
        got.push((len, lines, usize::MAX));
        got
    }

    proptest::proptest! {
        /// The AVX2 bitmaps (where the CPU has them) are those made a byte at a time, and the
        /// runs they make the same, on bytes of every class at every place.
        #[test]
        fn wide_runs_as_the_portable_ones(
            data in proptest::collection::vec(
                proptest::sample::select(vec![b'\n', b'\n', b'e', b'e', b'f', b'a', b' ', b'\r', b'\t', 0u8, 0x80, 0xff, 0x21, 0x20, 0x65]), 0..700),
            max in 4usize..300,
            most in 0usize..40,
            room in 0usize..800,
        ) {
            let (wide, portable) = (EndLines::new(Kernels::Auto), EndLines::new(Kernels::Portable));
            let limits = (max, most, room);
            proptest::prop_assert_eq!(records(wide, &data, limits), records(portable, &data, limits));
            #[cfg(target_arch = "x86_64")]
            if wide.fast() {
                for block in data.chunks_exact(64) {
                    let block = block.try_into().unwrap();
                    // SAFETY: the CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT (`fast`).
                    #[allow(unsafe_code)]
                    let got = unsafe { x86::classes_avx2(block, b'e') };
                    proptest::prop_assert_eq!(got, classes_portable(block, b'e'));
                }
            }
        }
    }

    /// Common records are taken to the last whole block; a run stops at a record in doubt.
    #[test]
    fn runs_stop_at_doubt() {
        let rec = "fen a/b w - - 0 1\nmove e2e4\nscore 0\nply 0\nresult 0\ne\n";
        for kernels in [Kernels::Auto, Kernels::Portable] {
            let run = EndLines::new(kernels);
            let text = rec.repeat(40);
            let got = records(run, text.as_bytes(), (1000, 1000, 1 << 20));
            // Each record ends in the whole blocks, and the one after it starts there too.
            let whole = text.len() / 64 * 64;
            let n = (0..40).take_while(|k| (k + 1) * rec.len() <= whole).count();
            assert_eq!(got.len(), n + 1);
            assert_eq!(got[n], (n * rec.len(), n * 6, usize::MAX));
            let text = format!(
                "{}{}{}",
                rec.repeat(5),
                rec.replace("\ne\n", "\ne\r\n"),
                rec.repeat(5)
            );
            let got = records(run, text.as_bytes(), (1000, 1000, 1 << 20));
            assert_eq!(got.len(), 6);
            assert_eq!(
                records(run, b" x\ne\n", (1000, 9, 99)),
                [(0, 0, usize::MAX)]
            );
        }
    }
}
