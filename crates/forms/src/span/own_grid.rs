//! bbconv's own 8x8 grid as it draws it by default, byte by byte ([`OWN_TEMPLATE`]), and the
//! check that a record is laid out so ([`own_grid_laid_out`]), for [`super::Spans::own_grid`].

/// The length of bbconv's own 8x8 grid ([`super::Spans::own_grid`]): its header, eight ranks of 18
/// bytes, its file letters.
pub(super) const OWN_GRID: usize = 11 + 8 * 18 + 17;

/// bbconv's own 8x8 grid, byte by byte: what each byte is, but for the cells ([`OWN_CELLS`]), which
/// may be any printable ASCII byte but a space (`grid_rank`'s word check); a cell holds `.`.
const OWN_TEMPLATE: [u8; OWN_GRID] = {
    let mut t = [b'.'; OWN_GRID];
    let head = b"# 8x8 lerf\n";
    let files = b"  a b c d e f g h";
    let mut k = 0;
    while k < head.len() {
        t[k] = head[k];
        k += 1;
    }
    let mut rank = 0;
    while rank < 8 {
        let at = head.len() + 18 * rank;
        t[at] = b'8' - rank as u8;
        let mut c = 0;
        while c < 8 {
            t[at + 1 + 2 * c] = b' ';
            c += 1;
        }
        t[at + 17] = b'\n';
        rank += 1;
    }
    k = 0;
    while k < files.len() {
        t[OWN_GRID - files.len() + k] = files[k];
        k += 1;
    }
    t
};

/// 0xff on the cells of [`OWN_TEMPLATE`], 0 elsewhere.
const OWN_CELLS: [u8; OWN_GRID] = {
    let mut m = [0u8; OWN_GRID];
    let mut rank = 0;
    while rank < 8 {
        let mut c = 0;
        while c < 8 {
            m[11 + 18 * rank + 2 + 2 * c] = 0xff;
            c += 1;
        }
        rank += 1;
    }
    m
};

/// Whether `record` is laid out as [`OWN_TEMPLATE`]: every byte as there, each cell printable
/// ASCII but a space (0x21 to 0x7e). On x86_64 16 bytes at a time with SSE2 (about 100
/// instructions where the rank-by-rank word check, [`own_grid_laid_out_swar`]'s twin before
/// it, took about 400: `-f auto` on a file of grids, `bench/matrix.py`); elsewhere eight at a
/// time in a word.
#[inline(always)]
pub(super) fn own_grid_laid_out(record: &[u8; OWN_GRID]) -> bool {
    #[cfg(target_arch = "x86_64")]
    return own_grid_sse2::laid_out(record);
    #[cfg(not(target_arch = "x86_64"))]
    own_grid_laid_out_swar(record)
}

/// [`own_grid_laid_out`] eight bytes at a time in a word (SWAR); the last word overlaps the one
/// before it.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn own_grid_laid_out_swar(record: &[u8; OWN_GRID]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let word =
        |b: &[u8], at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or_default());
    let mut bad = 0;
    let mut at = 0;
    while at < OWN_GRID {
        let from = at.min(OWN_GRID - 8);
        let (w, t, m) = (
            word(record, from),
            word(&OWN_TEMPLATE, from),
            word(&OWN_CELLS, from),
        );
        let top = m & (ONES * 0x80);
        // A fixed byte as in the template; a cell's low seven bits plus 0x5f (at least 0x21)
        // and plus 1 (at most 0x7e) stay within their byte.
        let c = w & (ONES * 0x7f);
        bad |= (w ^ t) & !m;
        bad |= (w | (c + ONES)) & top;
        bad |= !(c + ONES * 0x5f) & top;
        at = from + 8;
    }
    bad == 0
}

/// [`own_grid_laid_out`] with SSE2 compares.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod own_grid_sse2 {
    use super::{OWN_CELLS, OWN_GRID, OWN_TEMPLATE};
    use std::arch::x86_64::*;

    #[inline(always)]
    pub(super) fn laid_out(record: &[u8; OWN_GRID]) -> bool {
        // SAFETY: SSE2 is part of the x86_64 baseline (every x86_64 CPU has it, and the
        // compiler assumes it for all code), so the `target_feature` function may run.
        unsafe { laid_out_sse2(record) }
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    fn laid_out_sse2(record: &[u8; OWN_GRID]) -> bool {
        let load = |b: &[u8; OWN_GRID], at: usize| {
            let b = &b[at..at + 16];
            // SAFETY: `b` is 16 readable bytes; `loadu` has no alignment requirement.
            unsafe { _mm_loadu_si128(b.as_ptr().cast()) }
        };
        let mut good = _mm_set1_epi8(-1);
        let mut at = 0;
        while at < OWN_GRID {
            let from = at.min(OWN_GRID - 16);
            let x = load(record, from);
            let same = _mm_cmpeq_epi8(x, load(&OWN_TEMPLATE, from));
            // Signed compares: bytes of 0x80 and above are negative, so outside.
            let printable = _mm_and_si128(
                _mm_cmpgt_epi8(x, _mm_set1_epi8(0x20)),
                _mm_cmpgt_epi8(_mm_set1_epi8(0x7f), x),
            );
            let cell = _mm_and_si128(printable, load(&OWN_CELLS, from));
            good = _mm_and_si128(good, _mm_or_si128(same, cell));
            at = from + 16;
        }
        _mm_movemask_epi8(good) == 0xffff
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout check of bbconv's own grid before the template ([`own_grid_laid_out`]):
    /// header and file letters compared, each rank checked as `grid_rank`'s word check takes it.
    fn laid_out_by_ranks(record: &[u8; OWN_GRID]) -> bool {
        let Some(ranks) = record
            .strip_prefix(b"# 8x8 lerf\n")
            .and_then(|r| r.strip_suffix(b"  a b c d e f g h"))
        else {
            return false;
        };
        ranks
            .chunks_exact(18)
            .zip((b'1'..=b'8').rev())
            .all(|(line, n)| {
                line[0] == n
                    && line[17] == b'\n'
                    && (0..8).all(|c| {
                        let cell = line[2 + 2 * c];
                        line[1 + 2 * c] == b' ' && (0x21..=0x7e).contains(&cell)
                    })
            })
    }

    /// The template check, with SSE2 and by words, is the rank-by-rank check: every byte of a
    /// grid set to every value, and grids with several bytes changed.
    #[test]
    fn own_grid_layout_as_the_ranks_check_it() {
        let check = |r: &[u8; OWN_GRID]| {
            let want = laid_out_by_ranks(r);
            assert_eq!(
                own_grid_laid_out_swar(r),
                want,
                "{:?}",
                String::from_utf8_lossy(r)
            );
            assert_eq!(
                own_grid_laid_out(r),
                want,
                "{:?}",
                String::from_utf8_lossy(r)
            );
            want
        };
        assert!(check(&OWN_TEMPLATE));
        let mut good = 0;
        for k in 0..OWN_GRID {
            for v in 0..=255u8 {
                let mut r = OWN_TEMPLATE;
                r[k] = v;
                good += usize::from(check(&r));
            }
        }
        // Each cell takes the 94 printable bytes but a space; every other byte one.
        assert_eq!(good, 64 * 94 + (OWN_GRID - 64));
        let mut v = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            v ^= v << 13;
            v ^= v >> 7;
            v ^= v << 17;
            v
        };
        let bytes = [b' ', b'!', b'~', 0x7f, 0x80, 0xff, b'\n', b'.', b'K', 0];
        for _ in 0..20_000 {
            let mut r = OWN_TEMPLATE;
            for _ in 0..1 + next() % 4 {
                let at = (next() % OWN_GRID as u64) as usize;
                r[at] = bytes[(next() % bytes.len() as u64) as usize];
            }
            check(&r);
        }
    }
}
