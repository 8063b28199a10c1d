//! Records of lines, each ended by a line that holds the form's end text alone (Stockfish's
//! `.plain`: `fen ...`, `move ...`, ..., `e`): the record is its lines up to and with the end
//! line; blank lines between records are skipped, and lines after the last end line are a
//! record cut short. The common record, whole in the buffer, is handed out in one step, and
//! runs of them in one copy (found by [`bbconv_frame::EndLines`] where the CPU has AVX2).

use std::io::{self, Read};

use super::records::{Raw, Record, Records};
use super::{Framed, FramedKind};

impl<R: Read> Records<R> {
    /// The next record ended by a line `end`, or `None` at the end of the input.
    pub(super) fn next_terminated(&mut self, end: &[u8]) -> io::Result<Option<Record<'_>>> {
        if let Some((line, start, len)) = self.whole_terminated(end) {
            return Ok(Some(Record::Data {
                line,
                data: &self.buf[start..start + len],
            }));
        }
        self.acc.clear();
        let mut start_line = 0;
        let mut too_long = None;
        loop {
            let (s, e) = match self.raw_line()? {
                None => break,
                Some(Raw::TooLong(len)) => {
                    too_long.get_or_insert((self.line, len));
                    continue;
                }
                Some(Raw::Line(s, e)) => (s, e),
            };
            let text = &self.buf[s..e];
            if start_line == 0 {
                if text.trim_ascii().is_empty() {
                    continue;
                }
                start_line = self.line;
            }
            if self.acc.len() + text.len() >= self.max_len {
                too_long.get_or_insert((start_line, self.acc.len() + text.len()));
                self.acc.clear();
            } else {
                if !self.acc.is_empty() {
                    self.acc.push(b'\n');
                }
                self.acc.extend_from_slice(text);
            }
            if ends_record(text, end) {
                break;
            }
        }
        if let Some((line, len)) = too_long {
            return Ok(Some(Record::TooLong { line, len }));
        }
        if start_line == 0 {
            return Ok(None);
        }
        Ok(Some(Record::Data {
            line: start_line,
            data: &self.acc,
        }))
    }
}

impl<R: Read> Records<R> {
    /// The common record, whole in the buffer, taken in one step ([`plain_record`]): its line,
    /// and where it is in the buffer. It is what the line loop of [`Records::next_terminated`]
    /// gives it, for a fraction of the instructions (`-f sf-plain`: the loop cost about 1,300
    /// a six-line record, a line found and copied at a time).
    #[inline(always)]
    fn whole_terminated(&mut self, end: &[u8]) -> Option<(usize, usize, usize)> {
        if !self.whole_blocks || self.first {
            return None;
        }
        let rest = &self.buf[self.start..self.end];
        let (len, lines) = plain_record(rest, end, self.max_len)?;
        let (line, start) = (self.line + 1, self.start);
        self.line += lines;
        self.start += len + 1;
        Some((line, start, len))
    }
}

impl<R: Read> Records<R> {
    /// The records whole in the buffer that the line loop takes with nothing to decide, at
    /// most `most` of them and `room` bytes: their bytes appended to `data` in one copy (with
    /// the newlines between them, which no record's place takes in), each one's line and place
    /// pushed to `framed`. How many; none when the record at hand is one the line loop or
    /// [`plain_record`] must take. Where the CPU has AVX2 the run is found from byte-class
    /// bitmaps of the buffer's blocks ([`bbconv_frame::EndLines`]), then [`plain_run`] takes
    /// what it leaves (at the buffer's end); elsewhere [`plain_run`] alone. It saves the copy,
    /// the push and the dispatch of each record; the bitmaps cost about 185 instructions a
    /// six-line record where [`plain_run`] costs about 260 (`-f sf-plain -t fen`: 1,321
    /// instructions a record to 1,248, callgrind). (Out of line: inlined, it cost the other
    /// framings' record loop about 4 instructions a record; out of line, about 3.)
    #[inline(never)]
    pub(super) fn take_run(
        &mut self,
        end: &[u8],
        (most, room): (usize, usize),
        data: &mut Vec<u8>,
        framed: &mut Vec<Framed>,
    ) -> usize {
        if !self.whole_blocks || self.first || most == 0 {
            return 0;
        }
        let rest = &self.buf[self.start..self.end];
        let (base, line, before) = (data.len(), self.line as u64 + 1, framed.len());
        let record = |at: usize, lines: usize| {
            move |s: usize, e: usize, n: usize| Framed {
                line: line + (lines + n) as u64,
                start: base + at + s,
                end: base + at + e,
                kind: FramedKind::Data,
            }
        };
        // Where the CPU has AVX2, the records' ends are found from bitmaps of the buffer's
        // blocks (`bbconv_frame::EndLines`); the rest of the run (a record it leaves, at the
        // buffer's end, say) by `plain_run`.
        let (mut len, mut lines) = (0, 0);
        if let (true, &[e]) = (self.end_lines.fast(), end) {
            let limits = (self.max_len, most, room);
            let to = record(0, 0);
            (len, lines) = self
                .end_lines
                .run(rest, e, limits, |s, t, n| framed.push(to(s, t, n)));
        }
        let limits = (
            self.max_len,
            most - (framed.len() - before),
            room.saturating_sub(len),
        );
        let to = record(len, lines);
        let (more, more_lines) = plain_run(&rest[len..], end, limits, |s, e, n| {
            framed.push(to(s, e, n))
        });
        let (len, lines) = (len + more, lines + more_lines);
        // In copies of 1 KiB: a longer one is the library's `rep movsb`, which callgrind (the
        // measure of these figures) counts a byte at a time, about 100 instructions a record.
        data.reserve(len);
        for piece in rest[..len].chunks(1024) {
            data.extend_from_slice(piece);
        }
        self.start += len;
        self.line += lines;
        framed.len() - before
    }
}

/// The records at the start of `b` that [`plain_record`] takes, one after another: each
/// record's start, end (before its last newline) and the lines before it are given to `push`;
/// the bytes taken (to the last record's newline) and their lines are returned. At most `most`
/// records and `room` bytes are taken.
fn plain_run(
    b: &[u8],
    end: &[u8],
    (max_len, most, room): (usize, usize, usize),
    mut push: impl FnMut(usize, usize, usize),
) -> (usize, usize) {
    let (mut start, mut lines) = (0, 0);
    for _ in 0..most {
        let Some((len, n)) = b.get(start..).and_then(|r| plain_record(r, end, max_len)) else {
            break;
        };
        if start + len + 1 > room {
            break;
        }
        push(start, start + len, lines);
        (start, lines) = (start + len + 1, lines + n);
    }
    (start, lines)
}

/// Whether a line (without its line end) ends a record whose end text is `end`: the rule of
/// both the line loop and [`plain_record`]. A line that starts with a byte that is neither
/// blank nor `end`'s first is not trimmed (most lines).
#[inline(always)]
fn ends_record(line: &[u8], end: &[u8]) -> bool {
    match line.first() {
        Some(c) if !c.is_ascii_whitespace() && Some(c) != end.first() => false,
        _ => line.trim_ascii() == end,
    }
}

/// A record that the line loop of [`Records::next_terminated`] would take whole, with nothing
/// to decide: its lines up to the first that ends it ([`ends_record`]) and that line's newline,
/// the newlines found in the whole 64-byte chunks of `b`, the first line not blank, no line
/// ending in a CR (which the line loop drops), and shorter than `max_len` by two bytes. Its
/// length (without the last newline) and number of lines, or `None`.
///
/// Only for an end text of one byte above a space (`sf-plain`'s `e`), and only the bytes
/// around each newline are looked at: a line that starts with a byte above a space other than
/// `end` neither ends the record nor is blank, so the record ends at the first line of `end`
/// alone, unless a line that starts with a blank (or with `end` and a blank) comes first, or a
/// blank stands before a newline (a CR, maybe), which the line loop decides. About 15
/// instructions a line and 20 a chunk, where each line's trim and comparison, and a second
/// search for CRs, cost about 380 a six-line `sf-plain` record (callgrind).
fn plain_record(b: &[u8], end: &[u8], max_len: usize) -> Option<(usize, usize)> {
    let &[e] = end else {
        return None;
    };
    match b.first() {
        Some(&c) if c > b' ' && c != e && e > b' ' => {}
        _ => return None,
    }
    let mut lines = 0;
    for (k, chunk) in b.chunks_exact(64).enumerate() {
        let mut ends = bbconv_forms::byte_mask(chunk.try_into().ok()?, b'\n');
        while ends != 0 {
            let nl = 64 * k + ends.trailing_zeros() as usize;
            ends &= ends - 1;
            lines += 1;
            // The line's last byte (a blank: a CR, maybe; a newline: an empty line), and the
            // next line's first.
            let (Some(&last), Some(&next)) = (b.get(nl.wrapping_sub(1)), b.get(nl + 1)) else {
                return None;
            };
            if last <= b' ' {
                return None;
            }
            if next > b' ' && next != e {
                continue;
            }
            match b.get(nl + 2) {
                Some(b'\n') if next == e => {
                    return (nl + 4 <= max_len).then_some((nl + 2, lines + 1));
                }
                // A line such as `eh`: it does not end the record.
                Some(&c) if next == e && c > b' ' => {}
                _ => return None,
            }
        }
    }
    // The record's end is not in the whole 64-byte chunks: the line loop takes it.
    None
}

#[cfg(test)]
mod tests {
    use bbconv_forms::{Framing, Kernels};
    use bbconv_frame::EndLines;

    use crate::pipeline::frame::records::{Record, Records};

    #[test]
    fn records_end_at_their_end_line() {
        let input = b"\nfen a\nmove b\ne\n\nfen c\r\ne\nfen d\n";
        let mut r = Records::new(&input[..], Framing::Terminated(b"e"), 0, 1000);
        let mut got = Vec::new();
        while let Some(rec) = r.next_record().unwrap() {
            match rec {
                Record::Data { line, data } => {
                    got.push(format!("{line}:{}", String::from_utf8_lossy(data)))
                }
                other => got.push(format!("{other:?}")),
            }
        }
        assert_eq!(got, ["2:fen a\nmove b\ne", "6:fen c\ne", "8:fen d"]);
    }

    /// Records the line loop must decide, each with `rec` (a common record) inside or beside
    /// it: blank lines before it, CRs, end lines with blanks around `e`, lines that start with
    /// `e` (`eh`, `e `, `e\t`, `e\r`) or a blank, `e` inside lines, a NUL and a non-ASCII
    /// byte, junk lines, over-long records, records almost of the `sf-plain` writer's shape
    /// (`result 2`, `score` without digits, a CR before a newline, a last line without its
    /// newline) and FEN lines of 62 to 66 and 126 to 129 bytes.
    fn odd_records(rec: &str) -> Vec<String> {
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        vec![
            format!("\n\n{rec}"),
            format!("  \n{rec}"),
            rec.replace("\nmove", "\r\nmove"),
            rec.replace("\ne\n", "\n e \n"),
            rec.replace("\ne\n", "\ne\t\n"),
            rec.replace("move", "e move\n eh\nmove"),
            "e\n".to_string(),
            format!("fen {}\ne\n", "x".repeat(300)),
            "a\rb\ne\n".to_string(),
            rec.replace("\nscore", " \nscore"),
            rec.replace("\nply", "\neh\nply"),
            rec.replace("\nply", "\nee\nply"),
            rec.replace("\ne\n", "\ne\r\n"),
            rec.replace("\ne\n", "\n\te\n"),
            rec.replace("\ne\n", "\ne \n"),
            rec.replace("\nmove", "\n\nmove"),
            rec.replace("\nmove", "\n\rmove"),
            "fen x\x00y\ne\n".to_string(),
            "fen \u{e9}\ne\n".to_string(),
            "eh\ne\n".to_string(),
            "fen a e\ne\n".to_string(),
            format!("\n{rec}"),
            rec.replace('\n', "\r\n"),
            rec.replace("\nply", "\ne\rply\nx"),
            rec.replace("\nply", "\ne\tply"),
            rec.replace("\nply", "\ne3\nply"),
            rec.replace("\nscore", "\n\tscore"),
            format!("fen {}\ne\n", "x".repeat(600)),
            rec.replace("\ne\n", "\ne\x0c\n"),
            rec.replace("\nscore", "\t\nscore"),
            "junk line\nmore junk\ne\n".to_string(),
            // Records almost of the writer's shape: a value out of range or missing, a CR or
            // a blank at a line's end, a five-byte move, and FEN lines whose newline falls on
            // each side of a 64-byte block's end.
            rec.replace("\nresult 0", "\nresult 2"),
            format!("fen {fen}\nmove e2e4\nscore \nply 0\nresult 0\ne\n"),
            format!("fen {fen}\nmove e7e8q\nscore -\nply 0\nresult -1\ne\n"),
            rec.replace("\ne\n", "\r\ne\n"),
            rec.replace("\nmove", " \r\nmove"),
            rec.replace("\nresult 0", "\nresult 0 "),
            format!("fen {fen}\nmove e2e4\nscore 0\nply 0\nresult 0\ne"),
        ]
        .into_iter()
        .chain([62, 63, 64, 65, 66, 126, 127, 128, 129].map(|len: usize| {
            format!(
                "fen {}\nmove e7e8q\nscore -1234\nply 12\nresult 1\ne\n",
                "k".repeat(len - 4)
            )
        }))
        .collect()
    }

    /// A record handed out whole ([`super::plain_record`]) is the record the line loop gives:
    /// the same bytes and line, on records with blank lines before them, CRs, end lines with
    /// blanks around `e`, lines that start with `e` or a blank, records across the buffer's
    /// refills, over-long records and a last record without its end line.
    #[test]
    fn whole_records_as_the_line_loop() {
        let rec = "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nmove e2e4\nscore 0\nply 0\nresult 0\ne\n";
        let pieces: Vec<String> = std::iter::once(rec.to_string())
            .chain(odd_records(rec))
            .collect();
        // Records whose end line falls on every place around a chunk's last byte.
        let pieces: Vec<String> = pieces
            .into_iter()
            .chain(
                (52..64)
                    .chain(116..128)
                    .map(|n| format!("fen {}\ne\n", "y".repeat(n))),
            )
            .collect();
        let mut input = String::new();
        for k in 0..6000 {
            input.push_str(&pieces[k * 7 % pieces.len()]);
        }
        input.push_str("fen last\nmove a1a1");
        for max in [1000, 120, 90, 60] {
            let collect = |whole: bool| {
                let mut r = Records::new(input.as_bytes(), Framing::Terminated(b"e"), 0, max);
                r.whole_blocks = whole;
                let mut got = Vec::new();
                while let Some(rec) = r.next_record().unwrap() {
                    got.push(format!("{rec:?}"));
                }
                got
            };
            let (whole, lines) = (collect(true), collect(false));
            assert!(whole.len() > 5000, "{}", whole.len());
            assert_eq!(whole, lines);
        }
    }

    /// A reader that gives at most `step` bytes a read, so that records fall across the
    /// buffer's refills at every place.
    struct Trickle<'a>(&'a [u8], usize);

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// The records of `input` as `line:kind:text`: through the chunk driver (`read_framed`,
    /// which takes runs of records, [`super::plain_run`]) read `step` bytes at a time, or
    /// through the line loop alone.
    fn framed(input: &[u8], max: usize, chunk: usize, step: Option<usize>) -> Vec<String> {
        use crate::pipeline::frame::{ChunkKind, FramedKind, Input, Pool, Rows};
        let Some(step) = step else {
            let mut r = Records::new(input, Framing::Terminated(b"e"), 0, max);
            r.whole_blocks = false;
            let mut got = Vec::new();
            while let Some(rec) = r.next_record().unwrap() {
                got.push(match rec {
                    Record::Data { line, data } => {
                        format!("{line}:data:{}", String::from_utf8_lossy(data))
                    }
                    Record::TooLong { line, len } => format!("{line}:long {len}:"),
                    other => panic!("{other:?}"),
                });
            }
            return got;
        };
        let input_cfg = Input {
            framing: Framing::Terminated(b"e"),
            record_len: 0,
            max_line: max,
            chunk,
            rows: Rows::Lines,
        };
        let mut got = Vec::new();
        let reader = Box::new(Trickle(Box::leak(input.to_vec().into_boxed_slice()), step));
        let mut emit = |data: Vec<u8>, _: usize, kind: ChunkKind| {
            let ChunkKind::Framed(list) = kind else {
                panic!("not framed");
            };
            for r in list {
                got.push(match r.kind {
                    FramedKind::Data => format!(
                        "{}:data:{}",
                        r.line,
                        String::from_utf8_lossy(&data[r.start..r.end])
                    ),
                    FramedKind::TooLong(len) => format!("{}:long {len}:", r.line),
                    other => panic!("{other:?}"),
                });
            }
            true
        };
        let pool = Pool::default();
        crate::pipeline::frame::records::read_framed(reader, &input_cfg, &pool, &mut emit, &|_| {})
            .unwrap();
        got
    }

    /// Records taken in runs by the chunk driver are the line loop's records (bytes, lines,
    /// over-long records), on records with blank lines before and between them, CRLF line
    /// ends, `e` inside other lines (`fen ... e3 ...`), lines that start with `e` or a blank,
    /// junk lines between records, over-long records, a last record without its end line or
    /// without a final newline; read whole, a byte at a time and in pieces of odd sizes, with
    /// small and large chunks.
    #[test]
    fn runs_as_the_line_loop() {
        let rec = "fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\nmove e7e5\nscore -12\nply 1\nresult 0\ne\n";
        let pieces: Vec<String> = std::iter::once(rec.to_string())
            .chain(odd_records(rec))
            .collect();
        let pieces: Vec<String> = pieces
            .into_iter()
            .chain((50..70).map(|n| format!("fen {}\ne\n", "y".repeat(n))))
            .collect();
        let mut input = String::new();
        for k in 0..3000 {
            // Mostly common records, as the fast path meets them, with the odd ones between.
            match k % 3 {
                0 => input.push_str(&pieces[k / 3 % pieces.len()]),
                _ => input.push_str(rec),
            }
        }
        for tail in ["", "fen last\nmove a1a1", "fen last\ne", "\n\n"] {
            let text = format!("{input}{tail}");
            let text = text.as_bytes();
            for max in [1000, 120, 90, 60] {
                let want = framed(text, max, 0, None);
                assert!(want.len() > 2900, "{}", want.len());
                for (step, chunk) in [
                    (1 << 20, 1 << 20),
                    (1, 1 << 16),
                    (7, 300),
                    (100, 0),
                    (4099, 5000),
                ] {
                    assert_eq!(
                        framed(text, max, chunk, Some(step)),
                        want,
                        "{max} {step} {chunk} {tail:?}"
                    );
                }
            }
        }
        // Only the records' bytes: a chunk's records hold no more than what they held.
        let few = framed(rec.repeat(3).as_bytes(), 1000, 1 << 20, Some(1 << 20));
        assert_eq!(few.len(), 3);
    }

    /// The common records are taken whole (the line loop above gives the same records, so
    /// this only shows the fast path is taken): their length and lines, with the end line on
    /// every place around a chunk's end; and the records the line loop must decide are not.
    #[test]
    fn plain_records_taken_whole() {
        let rec = "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nmove e2e4\nscore 0\nply 0\nresult 0\ne\n";
        let pad = |r: &str| format!("{r}{}", "z".repeat(200));
        let whole = |r: &str| super::plain_record(pad(r).as_bytes(), b"e", 1000);
        assert_eq!(whole(rec), Some((rec.len() - 1, 6)));
        for n in 50..130 {
            let r = format!("fen {}\nply 1\ne\n", "y".repeat(n));
            assert_eq!(whole(&r), Some((r.len() - 1, 3)), "{n}");
        }
        assert_eq!(
            whole(&rec.replace("\nply", "\neh\nply")),
            Some((rec.len() + 2, 7))
        );
        for odd in [
            rec.replace("\ne\n", "\ne \n"),
            rec.replace("\ne\n", "\n e\n"),
            rec.replace("\nmove", "\r\nmove"),
            rec.replace("\nmove", "\n\nmove"),
            format!(" {rec}"),
        ] {
            assert_eq!(whole(&odd), None, "{odd:?}");
        }
        assert_eq!(super::plain_record(pad(rec).as_bytes(), b"e", 90), None);
        assert_eq!(super::plain_record(rec.as_bytes(), b"e", 1000), None);
        // The bitmap runs take the same first record, and none of the odd ones (nor a line
        // such as `eh`, which the line loop decides).
        for kernels in [Kernels::Portable, Kernels::Auto] {
            let first = |r: &str, max: usize| {
                let mut got = None;
                let run = EndLines::new(kernels);
                run.run(pad(r).as_bytes(), b'e', (max, 1, 1000), |s, e, n| {
                    got = Some((s, e, n))
                });
                got
            };
            assert_eq!(first(rec, 1000), Some((0, rec.len() - 1, 0)));
            for n in 50..130 {
                let r = format!("fen {}\nply 1\ne\n", "y".repeat(n));
                assert_eq!(first(&r, 1000), Some((0, r.len() - 1, 0)), "{n}");
            }
            for odd in [
                rec.replace("\nply", "\neh\nply"),
                rec.replace("\ne\n", "\ne \n"),
                rec.replace("\ne\n", "\n e\n"),
                rec.replace("\nmove", "\r\nmove"),
                rec.replace("\nmove", "\n\nmove"),
                format!(" {rec}"),
            ] {
                assert_eq!(first(&odd, 1000), None, "{odd:?}");
            }
            assert_eq!(first(rec, 90), None);
        }
    }

    /// The records a bitmap run takes ([`EndLines::run`], with AVX2 where the CPU has it and
    /// a byte at a time) are the line loop's first records, on every input of
    /// `runs_as_the_line_loop`'s kinds, cut at every byte of a few hundred and started at
    /// every byte of a record: `e` inside lines, lines that start with `e` (`eh`, `e `, `e\t`,
    /// `e\r`), CRLF, blank lines, blanks at a line's start or end, over-long records, no final
    /// newline. The common records are taken: the run stops only where the line loop decides.
    #[test]
    fn end_line_runs_as_the_line_loop() {
        let rec = "fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\nmove e7e5\nscore -12\nply 1\nresult 0\ne\n";
        let odd = odd_records(rec);
        for (k, o) in odd.iter().enumerate() {
            // The odd record among common ones, on every place of a block.
            let input = format!("{}{o}{}", rec.repeat(1 + k % 3), rec.repeat(3));
            for cut in (0..input.len()).step_by(1 + k % 5) {
                let text = &input.as_bytes()[..cut];
                for from in [0, 3, 10, 41] {
                    end_lines_check(&text[from.min(cut)..]);
                }
            }
        }
        let text: String = (50..200)
            .map(|n| format!("fen {}\nply 1\ne\n", "y".repeat(1 + n % 70)))
            .collect();
        for from in 0..rec.len() {
            end_lines_check(&text.as_bytes()[from..]);
            end_lines_check(&rec.repeat(20).as_bytes()[from..]);
        }
        let taken = end_lines_check(text.as_bytes());
        assert!(taken > 140, "{taken}");
    }

    /// Checks both bitmap runs of `b` against the line loop (read to `b`'s end and past it):
    /// the same records, lines and bytes taken. How many records they took.
    fn end_lines_check(b: &[u8]) -> usize {
        let want = framed(b, 1000, 0, None);
        let longer = framed(&[b, b"\nmore\ne\n"].concat(), 1000, 0, None);
        let mut taken = Vec::new();
        for kernels in [Kernels::Portable, Kernels::Auto] {
            for (max, most, room) in [
                (1000, 10_000, 1 << 20),
                (110, 10_000, 1 << 20),
                (64, 10_000, 1 << 20),
                (1000, 3, 300),
            ] {
                let mut got = Vec::new();
                let run = EndLines::new(kernels);
                let (len, lines) = run.run(b, b'e', (max, most, room), |s, e, n| {
                    let text = String::from_utf8_lossy(&b[s..e]);
                    got.push(format!("{}:data:{text}", n + 1));
                });
                let want = if max == 1000 {
                    &want
                } else {
                    &framed(b, max, 0, None)
                };
                assert_eq!(
                    got,
                    want[..got.len()],
                    "{max} {:?}",
                    String::from_utf8_lossy(b)
                );
                assert!(max != 1000 || got == longer[..got.len()]);
                assert!(got.len() <= most && len <= room);
                let nl = b[..len].iter().filter(|&&c| c == b'\n').count();
                assert_eq!((nl, len == 0 || b[len - 1] == b'\n'), (lines, true));
                taken.push(got.len());
            }
        }
        assert!(taken[..4] == taken[4..], "{taken:?}");
        taken[0]
    }
}
