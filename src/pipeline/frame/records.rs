//! Sequential framing: records found one at a time from a reader, with the line (or record
//! number) where each starts ([`Records`]), and handed over in chunks ([`read_framed`]). The
//! reader's lines are read here by the line rules; each framing finds its records in its own
//! module: grids in [`super::block`], JSON values in [`super::json`], fixed-size binary records
//! in [`super::binary`], records ended by a line of their own in [`super::terminated`].

use std::collections::VecDeque;
use std::io::{self, Read};

use bbconv_forms::Framing;
use bbconv_frame::ValueScanner;

use super::json::Pending;
use super::line_rules::{strip_cr, too_long, BOM};
use super::{read_some, ChunkKind, EmitParts, Framed, FramedKind, Input, Pool};

/// Frames grids, JSON values or binary records sequentially and hands them over in chunks.
pub(super) fn read_framed(
    reader: Box<dyn Read + Send>,
    input: &Input,
    pool: &Pool,
    emit: &mut EmitParts<'_>,
    progress: &dyn Fn(u64),
) -> io::Result<bool> {
    let mut records = Records::new(reader, input.framing, input.record_len, input.max_line);
    let mut data = pool.take_empty();
    // Sized for most chunks at once: a chunk's list is not grown (and copied) step by step.
    const FRAMED: usize = 1024;
    /// The records of a chunk at most.
    const FRAMED_MOST: usize = 4096;
    let mut framed = Vec::with_capacity(FRAMED);
    let mut reported = 0;
    loop {
        // Records ended by a line of their own, and binary records: as many as the buffer
        // holds whole, in one run (the test is settled here, not a record at a time).
        let limits = (
            (FRAMED_MOST - 1).saturating_sub(framed.len()),
            input.chunk.saturating_sub(data.len()),
        );
        match input.framing {
            Framing::Terminated(end) => {
                records.take_run(end, limits, &mut data, &mut framed);
            }
            Framing::Binary => {
                records.take_binary_run(limits, &mut data, &mut framed);
            }
            Framing::Line | Framing::Block | Framing::Json => {}
        }
        let rec = records.next_record()?;
        let done = rec.is_none();
        if let Some(rec) = rec {
            let start = data.len();
            let (line, kind) = match rec {
                Record::Data { line, data: d } => {
                    data.extend_from_slice(d);
                    (line, FramedKind::Data)
                }
                Record::Line { line, data: d } => {
                    data.extend_from_slice(d);
                    (line, FramedKind::Line)
                }
                Record::TooLong { line, len } => (line, FramedKind::TooLong(len)),
                Record::Truncated { line, len } => (line, FramedKind::Truncated(len)),
            };
            framed.push(Framed {
                line: line as u64,
                start,
                end: data.len(),
                kind,
            });
        }
        if !framed.is_empty() && (done || data.len() >= input.chunk || framed.len() >= FRAMED_MOST)
        {
            // The bytes read are counted a chunk at a time, not a record at a time.
            let consumed = records.consumed();
            progress(consumed - reported);
            reported = consumed;
            let len = data.len();
            let full = std::mem::replace(&mut data, pool.take_empty());
            let list = std::mem::replace(&mut framed, Vec::with_capacity(FRAMED));
            if !emit(full, len, ChunkKind::Framed(list)) {
                return Ok(false);
            }
        }
        if done {
            pool.give(data);
            return Ok(true);
        }
    }
}

/// One record, borrowed from the reader's buffer.
#[derive(Debug)]
pub(crate) enum Record<'a> {
    /// A record and the (1-based) line it starts on; for binary records, the record number.
    Data { line: usize, data: &'a [u8] },
    /// A line of JSON input that begins a value and is followed by a line that begins one (or
    /// by the end of the input): whatever it leaves open is closed there, so its values are
    /// those [`bbconv_frame::ValueScanner::values_of_line`] finds in it alone. They are found
    /// when it is converted, where reading the line as one value usually settles it at no cost.
    Line { line: usize, data: &'a [u8] },
    /// A record longer than the limit, skipped without being held in memory.
    TooLong { line: usize, len: usize },
    /// A binary record cut short by the end of the input.
    Truncated { line: usize, len: usize },
}

/// A raw line: where it is in the buffer, or that it was too long.
pub(super) enum Raw {
    Line(usize, usize),
    TooLong(usize),
}

/// Frames grids (blank-line-separated blocks), JSON values and fixed-size binary records from a
/// reader, one at a time, with the line (or record number) where each starts.
pub(crate) struct Records<R> {
    pub(super) reader: R,
    pub(super) framing: Framing,
    pub(super) record_len: usize,
    pub(super) max_len: usize,
    pub(super) line: usize,
    pub(super) buf: Vec<u8>,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) eof: bool,
    pub(super) first: bool,
    pub(super) acc: Vec<u8>,
    pub(super) pending: VecDeque<Pending>,
    pub(super) scanner: ValueScanner,
    pub(super) open_line: usize,
    pub(super) consumed: u64,
    /// Whether lines that can be framed on their own are handed out as [`Record::Line`] (off
    /// only in the test that compares the two framings).
    pub(super) defer_lines: bool,
    /// A line of a block framing read ahead (its number and text), for the next block.
    pub(super) held: Option<(usize, Vec<u8>)>,
    /// Whether a block or a terminated record whole in the buffer is handed out in one step
    /// ([`Records::whole_block`], `whole_terminated`); the tests turn it off to check the line
    /// loops give the same records.
    pub(super) whole_blocks: bool,
    /// Finds runs of records ended by a line of their own from byte bitmaps (where the CPU
    /// has AVX2), for `take_run`.
    pub(super) end_lines: bbconv_frame::EndLines,
}

/// Bytes read at a time.
const READ: usize = 1 << 16;

impl<R: Read> Records<R> {
    /// A reader of `framing` records; `record_len` is the size of binary records, `max_len` the
    /// longest record (in bytes) accepted.
    pub(crate) fn new(
        reader: R,
        framing: Framing,
        record_len: usize,
        max_len: usize,
    ) -> Records<R> {
        Records {
            reader,
            framing,
            record_len: record_len.max(1),
            max_len: max_len.max(1),
            line: 0,
            buf: vec![0; READ],
            start: 0,
            end: 0,
            eof: false,
            first: true,
            acc: Vec::new(),
            pending: VecDeque::new(),
            scanner: ValueScanner::default(),
            open_line: 0,
            consumed: 0,
            defer_lines: true,
            held: None,
            whole_blocks: true,
            end_lines: bbconv_frame::EndLines::new(crate::pipeline::kernels()),
        }
    }

    /// Bytes read from the input so far.
    pub(crate) fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Reads more input after `end`, first moving the unread part to the front. Returns how many
    /// bytes were read (0 at the end of the input).
    pub(super) fn fill(&mut self) -> io::Result<usize> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            let grow = self.buf.len().min(self.max_len.saturating_add(2));
            self.buf.resize(self.buf.len() + grow.max(READ), 0);
        }
        let n = read_some(&mut self.reader, &mut self.buf[self.end..])?;
        self.end += n;
        self.consumed += n as u64;
        if n == 0 {
            self.eof = true;
        }
        Ok(n)
    }

    /// The next line (without its line end), or `None` at the end of the input.
    pub(super) fn raw_line(&mut self) -> io::Result<Option<Raw>> {
        let mut scanned = 0;
        loop {
            let from = self.start + scanned;
            if let Some(k) = memchr::memchr(b'\n', &self.buf[from..self.end]) {
                let nl = from + k;
                let len = nl - self.start;
                self.line += 1;
                let s = self.start;
                self.start = nl + 1;
                if too_long(len, self.max_len) {
                    return Ok(Some(Raw::TooLong(len + 1)));
                }
                return Ok(Some(self.strip(s, nl)));
            }
            scanned = self.end - self.start;
            if too_long(scanned, self.max_len) {
                return self.skip_long_line().map(Some);
            }
            if self.eof || self.fill()? == 0 {
                if self.start == self.end {
                    return Ok(None);
                }
                self.line += 1;
                let (s, e) = (self.start, self.end);
                self.start = self.end;
                return Ok(Some(self.strip(s, e)));
            }
        }
    }

    /// Drops the rest of an over-long line without holding it.
    pub(super) fn skip_long_line(&mut self) -> io::Result<Raw> {
        let mut len = self.end - self.start;
        self.start = self.end;
        self.line += 1;
        loop {
            if let Some(k) = memchr::memchr(b'\n', &self.buf[self.start..self.end]) {
                len += k + 1;
                self.start += k + 1;
                return Ok(Raw::TooLong(len));
            }
            len += self.end - self.start;
            self.start = self.end;
            if self.fill()? == 0 {
                return Ok(Raw::TooLong(len));
            }
        }
    }

    /// Applies the line rules: a CR before the line end, a byte order mark at the start.
    pub(super) fn strip(&mut self, mut s: usize, e: usize) -> Raw {
        let e = s + strip_cr(&self.buf[s..e]).len();
        if self.first {
            self.first = false;
            if self.buf[s..e].starts_with(BOM) {
                s += BOM.len();
            }
        }
        Raw::Line(s, e)
    }

    /// The next record, or `None` at the end of the input.
    pub(crate) fn next_record(&mut self) -> io::Result<Option<Record<'_>>> {
        match self.framing {
            Framing::Binary => self.next_binary(),
            Framing::Block => self.next_block(),
            Framing::Terminated(end) => self.next_terminated(end),
            // Line records are framed by `split_lines`, never here.
            Framing::Json | Framing::Line => self.next_json(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_and_binary() {
        let mut r = Records::new(&b"# h\nX.\n..\n\n\n.X\n..\n"[..], Framing::Block, 0, 1000);
        let mut got = Vec::new();
        while let Some(Record::Data { line, data }) = r.next_record().unwrap() {
            got.push((line, String::from_utf8_lossy(data).into_owned()));
        }
        assert_eq!(
            got,
            [(1, "# h\nX.\n..".to_string()), (6, ".X\n..".to_string())]
        );
        let mut r = Records::new(&[1u8, 2, 3, 4, 5][..], Framing::Binary, 2, 1000);
        assert!(matches!(
            r.next_record().unwrap(),
            Some(Record::Data {
                line: 1,
                data: [1, 2]
            })
        ));
        assert!(matches!(
            r.next_record().unwrap(),
            Some(Record::Data {
                line: 2,
                data: [3, 4]
            })
        ));
        assert!(matches!(
            r.next_record().unwrap(),
            Some(Record::Truncated { line: 3, len: 1 })
        ));
        assert!(r.next_record().unwrap().is_none());
    }
}
