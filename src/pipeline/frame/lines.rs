//! Line framing: one record a line. The cut of a buffer after its last whole line
//! ([`last_line_end`]), the dropping of a line longer than the limit as it streams past
//! ([`skip_rest`]), and the splitting of a chunk of whole lines into lines by the line rules
//! ([`split_lines`], and its table and verbatim variants).

use super::line_rules::{is_blank_or_comment, strip_cr, too_long};
use super::{ChunkKind, EmitParts, InPlace, Piece};

/// Where the whole lines of `data` end: after its last line end, of which only the bytes from
/// `fresh` can hold one ([`InPlace::fresh`]), or where it ends at the end of the input; 0 when
/// it holds no line end.
#[inline]
pub(super) fn last_line_end(data: &[u8], fresh: usize, eof: bool) -> usize {
    if eof {
        return data.len();
    }
    let from = fresh.min(data.len());
    memchr::memrchr(b'\n', &data[from..]).map_or(0, |k| from + k + 1)
}

/// What became of a line longer than the limit, streaming past ([`skip_rest`]).
pub(super) enum Skipped {
    /// Its line end was read: it was handed over, and what follows it is in the buffer.
    Done,
    /// It goes on: its bytes so far.
    More(usize),
    /// The input ended in it: it was handed over, and whether to go on.
    End(bool),
    /// It was handed over, and the driver stops.
    Stop,
}

/// Drops the rest of a line longer than the limit (`len` bytes so far) from the `n` bytes just
/// read, up to its line end, and hands it over as a bad record once it ends.
pub(super) fn skip_rest(
    inp: &mut InPlace<'_>,
    len: usize,
    n: usize,
    emit: &mut EmitParts<'_>,
) -> Skipped {
    let filled = inp.filled;
    match memchr::memchr(b'\n', &inp.buf[filled..filled + n]) {
        Some(k) => {
            if !emit(Vec::new(), 0, ChunkKind::TooLong(len.saturating_add(k + 1))) {
                return Skipped::Stop;
            }
            inp.buf.copy_within(filled + k + 1..filled + n, filled);
            inp.filled += n - (k + 1);
            Skipped::Done
        }
        None if inp.eof => {
            inp.pool.give(std::mem::take(&mut inp.buf));
            Skipped::End(emit(Vec::new(), 0, ChunkKind::TooLong(len)))
        }
        None => Skipped::More(len.saturating_add(n)),
    }
}

/// Splits whole lines into records, calling `f(line number from 1, piece)` for each line.
/// Returns the number of lines.
#[inline]
pub(crate) fn split_lines(data: &[u8], max_line: usize, f: impl FnMut(u64, Piece<'_>)) -> u64 {
    split_with::<LINES>(data, max_line, f)
}

/// Splits whole lines as [`split_lines`] does, but a blank or comment line is a [`Piece::Verbatim`]
/// and a record keeps the CR of a CRLF ([`Rows::Verbatim`](super::Rows::Verbatim)).
#[inline]
pub(crate) fn split_verbatim(data: &[u8], max_line: usize, f: impl FnMut(u64, Piece<'_>)) -> u64 {
    split_with::<VERBATIM>(data, max_line, f)
}

/// The modes of [`split_with`].
pub(crate) const LINES: u8 = 0;
const ROWS: u8 = 1;
const VERBATIM: u8 = 2;

/// Splits whole lines into the rows of a table whose chunk the reader found plain (no quote, no CR
/// but before an LF: [`rows::plain`](crate::pipeline::rows::plain)), where
/// [`rows`](crate::pipeline::rows)' rule makes each line a row: as [`split_lines`], but a `#` line
/// is a row like any other, only a line that is its line end alone is blank, and a row keeps the CR
/// of a CRLF line end, so that it is written back with the line end it had.
#[inline]
pub(crate) fn split_rows(data: &[u8], max_line: usize, f: impl FnMut(u64, Piece<'_>)) -> u64 {
    split_with::<ROWS>(data, max_line, f)
}

/// [`split_lines`], [`split_rows`] or [`split_verbatim`], by `MODE`.
#[inline(always)]
fn split_with<const MODE: u8>(data: &[u8], max_line: usize, f: impl FnMut(u64, Piece<'_>)) -> u64 {
    let ends = bbconv_frame::Newlines::new(data, crate::pipeline::kernels());
    split_ends::<MODE, _>(data, 0..data.len(), ends, max_line, f)
}

/// Where the line ends of some data are, a batch at a time: found by the scanner, or given
/// (found already, by the reader of a chunk whose records may span lines).
pub(crate) trait LineEnds {
    /// The next line ends (none when there are no more).
    fn batch(&mut self) -> &[usize];
}

impl LineEnds for bbconv_frame::Newlines<'_> {
    #[inline(always)]
    fn batch(&mut self) -> &[usize] {
        bbconv_frame::Newlines::batch(self)
    }
}

/// Line ends found already, handed over in one batch.
pub(crate) struct Given<'a>(pub(crate) &'a [usize]);

impl LineEnds for Given<'_> {
    #[inline(always)]
    fn batch(&mut self) -> &[usize] {
        std::mem::take(&mut self.0)
    }
}

/// [`split_with`] on the lines of `data[range]`, whose line ends (positions in `data`) `ends`
/// gives.
#[inline(always)]
pub(crate) fn split_ends<const MODE: u8, E: LineEnds>(
    data: &[u8],
    range: std::ops::Range<usize>,
    mut ends: E,
    max_line: usize,
    mut f: impl FnMut(u64, Piece<'_>),
) -> u64 {
    let mut n = 0u64;
    let mut start = range.start;
    let data = &data[..range.end];
    // A last line without a newline ends where the data does.
    let last = [data.len()];
    loop {
        let mut batch = ends.batch();
        if batch.is_empty() {
            if start >= data.len() {
                break;
            }
            batch = &last;
        }
        for &end in batch {
            let raw = data.get(start..end).unwrap_or_default();
            start = end + 1;
            n += 1;
            let piece = if too_long(raw.len(), max_line) {
                Piece::TooLong(raw.len() + usize::from(end < data.len()))
            } else if MODE == ROWS {
                if strip_cr(raw).is_empty() {
                    Piece::Skip
                } else {
                    Piece::Data(raw)
                }
            } else if MODE == VERBATIM {
                if is_blank_or_comment(strip_cr(raw)) {
                    Piece::Verbatim(raw)
                } else {
                    Piece::Data(raw)
                }
            } else {
                let line = strip_cr(raw);
                if is_blank_or_comment(line) {
                    Piece::Skip
                } else {
                    Piece::Data(line)
                }
            };
            f(n, piece);
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::frame::testing::lines;

    #[test]
    fn line_rules_in_split_lines() {
        assert_eq!(
            lines(b"0x1\r\n\n  # note\n\t\nxxxxxxxxxxxx\n0x2", 8),
            ["1:0x1", "2:skip", "3:skip", "4:skip", "5:long 13", "6:0x2"]
        );
        // A line of exactly the limit is accepted; its CR counts toward the limit.
        assert_eq!(
            lines(b"12345678\n1234567\r\n", 8),
            ["1:12345678", "2:1234567"]
        );
        assert_eq!(lines(b"1234567\r\r\n", 8), ["1:long 10"]);
    }

    /// Under the verbatim rules a blank or `#` line is kept as it is and a record keeps its CR.
    #[test]
    fn verbatim_lines_keep_what_they_had() {
        let mut got = Vec::new();
        split_verbatim(b"# c\r\nA\r\n\nB\n  \n", 100, |n, p| {
            got.push(match p {
                Piece::Data(d) => format!("{n}:data {}", String::from_utf8_lossy(d)),
                Piece::Verbatim(v) => format!("{n}:as is {}", String::from_utf8_lossy(v)),
                other => format!("{n}:{other:?}"),
            })
        });
        assert_eq!(
            got,
            [
                "1:as is # c\r",
                "2:data A\r",
                "3:as is ",
                "4:data B",
                "5:as is   "
            ]
        );
    }
}
