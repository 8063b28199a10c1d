//! `sf-bin`'s board in its 256-bit stream with `pdep` and `pext` ([`Bmi`]): read a word of the
//! stream at a time ([`read_board`]: the men's leading 1s found a man at a time, then every
//! square's bits gathered at once) and written eleven squares at a time ([`write_board`]).
//! [`super::sfwords`] runs them where the reader's CPU has BMI2 (its own loops elsewhere); the
//! tests hold them, run with BMI2 and with [`Soft`]'s loops, to those loops.

/// `pdep` and `pext`: BMI2's through [`crate::kernels::Avx2Cpu`], or [`Soft`]'s loops.
pub(crate) trait Bmi: Copy {
    /// The low bits of `x`, in order, moved to the set bits of `mask`.
    fn deposit(self, x: u64, mask: u64) -> u64;
    /// The bits of `x` under `mask`, in order, packed from bit 0.
    fn extract(self, x: u64, mask: u64) -> u64;
}

#[cfg(target_arch = "x86_64")]
impl Bmi for crate::kernels::Avx2Cpu {
    #[inline(always)]
    fn deposit(self, x: u64, mask: u64) -> u64 {
        crate::kernels::Avx2Cpu::deposit(self, x, mask)
    }
    #[inline(always)]
    fn extract(self, x: u64, mask: u64) -> u64 {
        crate::kernels::Avx2Cpu::extract(self, x, mask)
    }
}

/// `pdep` and `pext` a bit at a time, on every CPU (the twin the tests hold BMI2's to).
#[cfg(test)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Soft;

#[cfg(test)]
impl Bmi for Soft {
    fn deposit(self, x: u64, mask: u64) -> u64 {
        let (mut out, mut m, mut k) = (0u64, mask, 0);
        while m != 0 {
            let low = m & m.wrapping_neg();
            out |= low * (x >> k & 1);
            m ^= low;
            k += 1;
        }
        out
    }
    fn extract(self, x: u64, mask: u64) -> u64 {
        let (mut out, mut m, mut k) = (0u64, mask, 0);
        while m != 0 {
            let low = m & m.wrapping_neg();
            out |= u64::from(x & low != 0) << k;
            m ^= low;
            k += 1;
        }
        out
    }
}

/// The stream's first 13 bits: the side to move and the kings' squares.
const HEAD: u64 = (1 << 13) - 1;

/// The men's leading 1s among the bits `c` of a word of the stream whose bit 0 starts a
/// square's bits (or is not to be read): the lowest 1, then the lowest past its four code bits,
/// and so on (a man is five bits, his leading 1 and his code's four; an empty square one 0).
/// Five instructions a man, `thirty_one` being 31: one multiplication by a factor the compiler
/// is not shown (it would spend three instructions on a shift and a subtraction).
#[inline(always)]
fn leaders(mut c: u64, thirty_one: u64) -> u64 {
    let mut lead = 0;
    // Two men a turn (a turn past the last man changes nothing: its `x` is 0).
    while c != 0 {
        let x = c & c.wrapping_neg();
        lead |= x;
        c &= !x.wrapping_mul(thirty_one);
        let x = c & c.wrapping_neg();
        lead |= x;
        c &= !x.wrapping_mul(thirty_one);
    }
    lead
}

/// The board of the stream words `w` (the record's 32 bytes as little-endian words, then 0),
/// the kings on the squares of `kings` (in the stream's order, a8 = 0, h1 = 63): the men, then
/// their four code planes (the upper three bits of each man's Huffman code, then his colour),
/// one bit a square in the stream's order, zero on the kings' squares, the planes undefined off
/// the men; and the stream's bit past the board. `None` where the 62 squares run past the
/// stream. A word at a time: its men's leading 1s ([`leaders`]), so its bits that start a
/// square (all but the men's code bits), whose own bit says whether a man is there and whose
/// next four bits are his code's, gathered (`pext`) after the previous words' squares; the
/// squares past the 62nd land past bit 61, which the kings' holes (`pdep`) drop. (A table of
/// a byte's squares by the bits owed from the byte before took more instructions.)
#[inline(always)]
pub(crate) fn read_board<B: Bmi>(b: B, w: &[u64; 5], kings: u64) -> Option<([u64; 5], usize)> {
    let mut got = [0u64; 5];
    let (mut before, mut carry, mut skip) = (0u32, 0u64, HEAD);
    let thirty_one = std::hint::black_box(31);
    for k in 0..4 {
        let (word, next) = (w[k], w[k + 1]);
        let lead = leaders(word & !(carry | skip), thirty_one);
        // The leading 1s' code bits, those past the word's end carried into the next word.
        let tails = u128::from(lead) * 30;
        let starts = !(tails as u64 | carry | skip);
        got[0] |= b.extract(word, starts) << before;
        for (p, g) in got[1..].iter_mut().enumerate() {
            let bits = word >> (p + 1) | next << (63 - p);
            *g |= b.extract(bits, starts) << before;
        }
        let n = starts.count_ones();
        if before + n >= 62 {
            let last = b.deposit(1 << (61 - before), starts);
            let end =
                64 * k + last.trailing_zeros() as usize + if word & last != 0 { 5 } else { 1 };
            let keep = !kings;
            let holed = [
                b.deposit(got[0], keep),
                b.deposit(got[1], keep),
                b.deposit(got[2], keep),
                b.deposit(got[3], keep),
                b.deposit(got[4], keep),
            ];
            return Some((holed, end));
        }
        before += n;
        carry = (tails >> 64) as u64;
        skip = 0;
    }
    None
}

/// Bit 0 of each of eleven fields of five bits.
const LEAD: u64 = 0x0004_2108_4210_8421;

/// Bit 0 of every nibble.
const NIBBLE: u64 = 0x1111_1111_1111_1111;

/// Writes the stream's board into `buf` (zero there) from bit 13: the squares of neither king
/// (`gone`) in the stream's order, an empty one as a 0, a man of `men` (none on `gone`) as a 1
/// and his four bits
/// of `planes` (his Huffman code's upper bits, then his colour), all words in the stream's
/// order (a8 = 0); at most 32 men (the caller checks). The men's nibbles packed in order
/// (`pext`, `pdep`), then eleven squares a step: their men spread to five bits a square
/// (`pdep`), the men's nibbles under the four bits after each (`pdep`), the empty squares'
/// four bits dropped (`pext`), ORed into the bytes at the step's bit.
#[inline(always)]
pub(crate) fn write_board<B: Bmi>(
    b: B,
    gone: u64,
    men: u64,
    planes: &[u64; 4],
    buf: &mut [u8; 48],
) {
    let mut nibbles = 0u128;
    for (p, &plane) in planes.iter().enumerate() {
        let bits = b.extract(plane, men);
        nibbles |= u128::from(b.deposit(bits, NIBBLE << p))
            | u128::from(b.deposit(bits >> 16, NIBBLE << p)) << 64;
    }
    let kept = b.extract(men, !gone);
    let mut at = 13usize;
    // 30, which the compiler is not shown: one multiplication (it would spend four
    // instructions on shifts and subtractions).
    let thirty = std::hint::black_box(30);
    for step in 0..6 {
        let o = kept >> (11 * step);
        let lead = b.deposit(o, LEAD);
        let four = lead.wrapping_mul(thirty);
        let bits = b.extract(lead | b.deposit(nibbles as u64, four), LEAD | four);
        let i = (at / 8).min(40);
        let mut word = [0u8; 8];
        word.copy_from_slice(&buf[i..i + 8]);
        let word = u64::from_le_bytes(word) | bits << (at % 8);
        buf[i..i + 8].copy_from_slice(&word.to_le_bytes());
        let n = (o & 0x7ff).count_ones();
        nibbles >>= (4 * n) & 63;
        at += 11 + 4 * n as usize;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::fast::{FenReader, ReadChess, WithReader};
    use crate::train::chess::Chess;
    use crate::train::sfbin::LEN;
    use crate::train::sfwords::{read_bmi, read_record};
    use crate::train::testgen::{random_fen, rng};
    use crate::{Format, Options};

    /// A check run with a kernel (`deposit` for `true`, `extract` for `false`) and a generator.
    type Check = fn(&dyn Fn(u64, u64, bool) -> u64, &mut dyn FnMut() -> u64);

    /// Runs `check` with `Soft` and, where the CPU has BMI2, with BMI2's `pdep` and `pext`;
    /// returns how many kernels ran.
    fn with_each(check: Check) -> usize {
        // A kernel as a function: `deposit` for `true`, `extract` for `false`.
        let soft = |x, m, dep| {
            if dep {
                Soft.deposit(x, m)
            } else {
                Soft.extract(x, m)
            }
        };
        check(&soft, &mut rng(0x9e37_79b9_7f4a_7c15));
        struct Hard(Check);
        impl WithReader for Hard {
            type Output = usize;
            fn run<R: ReadChess>(self, r: &R) -> usize {
                let Some(t) = r.avx2() else { return 0 };
                let hard = |x, m, dep| {
                    if dep {
                        t.deposit(x, m)
                    } else {
                        t.extract(x, m)
                    }
                };
                (self.0)(&hard, &mut rng(0x9e37_79b9_7f4a_7c15));
                1
            }
        }
        1 + FenReader::avx2().map_or(0, |simd| simd.with_reader(Hard(check)))
    }

    /// A kernel given as a function, as a [`Bmi`].
    #[derive(Clone, Copy)]
    struct Given<'a>(&'a dyn Fn(u64, u64, bool) -> u64);

    impl Bmi for Given<'_> {
        fn deposit(self, x: u64, mask: u64) -> u64 {
            (self.0)(x, mask, true)
        }
        fn extract(self, x: u64, mask: u64) -> u64 {
            (self.0)(x, mask, false)
        }
    }

    /// `Soft` gives BMI2's `pdep` and `pext`, on masks and values of every density.
    #[test]
    fn soft_as_bmi2() {
        struct Both;
        impl WithReader for Both {
            type Output = usize;
            fn run<R: ReadChess>(self, r: &R) -> usize {
                let Some(t) = r.avx2() else { return 0 };
                let mut next = rng(0x1234_5678_9abc_def1);
                for k in 0..50_000 {
                    let (x, mask) = match k % 3 {
                        0 => (next(), next()),
                        1 => (next(), next() & next()),
                        _ => (next() | next(), next() | next()),
                    };
                    assert_eq!(Soft.deposit(x, mask), t.deposit(x, mask));
                    assert_eq!(Soft.extract(x, mask), t.extract(x, mask));
                }
                50_000
            }
        }
        if let Some(simd) = FenReader::avx2() {
            assert_eq!(simd.with_reader(Both), 50_000);
        }
    }

    /// Records of random positions as the general writing writes them, then damaged: bits of
    /// the stream flipped (so codes change, men appear or vanish and the board runs on into the
    /// fields or past the 256 bits), bytes of the move and result set, and records of random
    /// bytes with two kings.
    fn records(next: &mut dyn FnMut() -> u64) -> Vec<[u8; LEN]> {
        let opts = Options::default();
        let mut out = Vec::new();
        while out.len() < 6_000 {
            let fen = random_fen(next, out.len() % 3 == 0, 300);
            let Ok(v) = crate::parse_str(Format::Fen, &fen, &opts) else {
                continue;
            };
            let mut rec = Vec::new();
            if crate::render(Format::SfBin, &v, &opts, &mut rec).is_err() {
                continue;
            }
            let mut b = [0u8; LEN];
            b.copy_from_slice(&rec);
            out.push(b);
            for flips in 1..4 {
                let mut d = b;
                for _ in 0..flips {
                    let bit = (next() % 256) as usize;
                    d[bit / 8] ^= 1 << (bit % 8);
                }
                out.push(d);
            }
            let mut d = b;
            d[34] = next() as u8;
            d[35] = [0x00, 0x40, 0x80, 0xc0, next() as u8][(next() % 5) as usize];
            d[38] = [0, 1, 0xff, 2][(next() % 4) as usize];
            out.push(d);
            let mut d = [0u8; LEN];
            for (k, byte) in d.iter_mut().enumerate().take(32) {
                *byte = (next() >> (k % 8)) as u8 & (next() as u8 | next() as u8);
            }
            out.push(d);
        }
        out
    }

    /// The stream read with `pdep` and `pext` (BMI2's and `Soft`'s) gives the position (or the
    /// refusal) of the portable loop, on valid, damaged and random records.
    #[test]
    fn read_as_the_loop() {
        fn check(k: &dyn Fn(u64, u64, bool) -> u64, next: &mut dyn FnMut() -> u64) {
            let mut read = 0;
            for b in records(next) {
                let mut chess = Chess::of_words([0; 12]);
                let got = read_bmi(Given(k), &b, &mut chess).then_some(chess);
                assert_eq!(got, read_record(&b), "{b:02x?}");
                read += usize::from(got.is_some());
            }
            assert!(read > 2_000, "{read}");
        }
        assert!(with_each(check) >= 1);
    }

    /// The stream written with `pdep` and `pext` is the portable kernel's, on random boards of
    /// up to 32 men.
    #[test]
    fn write_as_the_loop() {
        fn check(k: &dyn Fn(u64, u64, bool) -> u64, next: &mut dyn FnMut() -> u64) {
            for n in 0..20_000 {
                let gone = 1 << (next() % 64) | 1 << (next() % 64);
                let mut men = [next() & next() & next(), next() & next(), next()][n % 3] & !gone;
                while men.count_ones() > 32 {
                    men &= men - 1;
                }
                let planes = [next(), next(), next(), next()];
                let s = crate::kernels::stream5_portable(gone, men, &planes);
                let mut want = [0u8; 48];
                crate::train::sfwords::put_stream(s, &mut want);
                let mut got = [0u8; 48];
                write_board(Given(k), gone, men, &planes, &mut got);
                assert_eq!(got, want, "{gone:x} {men:x} {planes:x?}");
            }
        }
        assert!(with_each(check) >= 1);
    }

    /// Damaged and random records converted as the general code converts them (each through
    /// every output form and reader, the AVX2 one reading with BMI2).
    #[test]
    fn damaged_records_as_the_general_code() {
        let mut next = rng(0x2545_f491_4f6c_dd1d);
        let opts = Options::default();
        let recs = records(&mut next);
        let step = if cfg!(debug_assertions) { 97 } else { 11 };
        for b in recs.iter().step_by(step) {
            crate::convert::check::against_general(Format::SfBin, b, &opts);
        }
    }
}
