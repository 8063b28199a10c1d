//! Splitting an input stream into records (spec §7): lines, blank-line-separated blocks, JSON
//! values or fixed-size binary records, with line numbers, reusing one buffer and never holding
//! more than one record (bounded by a maximum length) in memory.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use crate::format::{split_values, Framing};

/// One record, borrowed from the reader's buffer.
#[derive(Debug)]
pub enum Record<'a> {
    /// A record and the (1-based) line it starts on; for binary records, the record number.
    Data {
        /// Line (or binary record number) where the record starts.
        line: usize,
        /// The record, without its line end.
        data: &'a [u8],
    },
    /// A record longer than the limit, skipped without being held in memory.
    TooLong {
        /// Line where it starts.
        line: usize,
        /// Its length in bytes (at least the limit).
        len: usize,
    },
    /// A binary record cut short by the end of the input.
    Truncated {
        /// Record number.
        line: usize,
        /// Bytes found.
        len: usize,
    },
}

/// Reads records of one framing from a buffered reader.
///
/// ```
/// use bbconv::stream::{Record, Records};
/// use bbconv::format::Framing;
/// let input = b"# comment\n0x1\r\n\n0x2\n";
/// let mut r = Records::new(&input[..], Framing::Line, 0, 1 << 20);
/// let mut got = Vec::new();
/// while let Some(rec) = r.next_record().unwrap() {
///     if let Record::Data { line, data } = rec { got.push((line, data.to_vec())); }
/// }
/// assert_eq!(got, vec![(2, b"0x1".to_vec()), (4, b"0x2".to_vec())]);
/// ```
pub struct Records<R> {
    reader: R,
    framing: Framing,
    record_len: usize,
    max_len: usize,
    line: usize,
    buf: Vec<u8>,
    pending: VecDeque<(usize, usize, usize)>, // JSON values: line, start, end in buf
    first: bool,
}

impl<R: BufRead> Records<R> {
    /// A reader of `framing` records; `record_len` is the size of binary records, `max_len` the
    /// longest record (in bytes) accepted.
    pub fn new(reader: R, framing: Framing, record_len: usize, max_len: usize) -> Records<R> {
        Records {
            reader,
            framing,
            record_len,
            max_len: max_len.max(1),
            line: 0,
            buf: Vec::new(),
            pending: VecDeque::new(),
            first: true,
        }
    }

    /// Reads one line into `self.buf` (appending), up to `max_len`; returns (bytes read
    /// including the newline, whether it was cut at the limit). The rest of an over-long line
    /// is consumed and dropped.
    fn read_line(&mut self) -> io::Result<(usize, bool)> {
        let start = self.buf.len();
        let mut total = 0;
        let mut over = false;
        loop {
            let avail = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                break;
            }
            let (take, done) = match memchr::memchr(b'\n', avail) {
                Some(k) => (k + 1, true),
                None => (avail.len(), false),
            };
            if !over {
                let room = (self.max_len + 2).saturating_sub(self.buf.len() - start);
                if take > room {
                    over = true;
                } else {
                    self.buf.extend_from_slice(&avail[..take]);
                }
            }
            total += take;
            self.reader.consume(take);
            if done {
                break;
            }
        }
        if over {
            self.buf.truncate(start);
        }
        if self.first && start == 0 && self.buf.starts_with(b"\xef\xbb\xbf") {
            self.buf.drain(..3);
        }
        self.first = false;
        Ok((total, over))
    }

    /// The next record, or `None` at the end of the input.
    pub fn next_record(&mut self) -> io::Result<Option<Record<'_>>> {
        match self.framing {
            Framing::Binary => self.next_binary(),
            Framing::Line => self.next_line(),
            Framing::Block => self.next_block(),
            Framing::Json => self.next_json(),
        }
    }

    fn next_binary(&mut self) -> io::Result<Option<Record<'_>>> {
        self.buf.clear();
        self.buf.resize(self.record_len, 0);
        let mut got = 0;
        while got < self.record_len {
            match self.reader.read(&mut self.buf[got..]) {
                Ok(0) => break,
                Ok(k) => got += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        if got == 0 {
            return Ok(None);
        }
        self.line += 1;
        if got < self.record_len {
            return Ok(Some(Record::Truncated {
                line: self.line,
                len: got,
            }));
        }
        Ok(Some(Record::Data {
            line: self.line,
            data: &self.buf,
        }))
    }

    fn next_line(&mut self) -> io::Result<Option<Record<'_>>> {
        loop {
            self.buf.clear();
            let (n, over) = self.read_line()?;
            if n == 0 {
                return Ok(None);
            }
            self.line += 1;
            if over {
                return Ok(Some(Record::TooLong {
                    line: self.line,
                    len: n,
                }));
            }
            let end = trim_eol(&self.buf);
            let t = self.buf[..end].trim_ascii_start();
            if t.is_empty() || t[0] == b'#' {
                continue;
            }
            return Ok(Some(Record::Data {
                line: self.line,
                data: &self.buf[..end],
            }));
        }
    }

    fn next_block(&mut self) -> io::Result<Option<Record<'_>>> {
        self.buf.clear();
        let mut start_line = 0;
        let mut has_rows = false;
        let mut over_len = None;
        loop {
            let mark = self.buf.len();
            let (n, over) = self.read_line()?;
            if n == 0 {
                break;
            }
            self.line += 1;
            if over {
                over_len.get_or_insert((self.line, n));
                continue;
            }
            let blank = self.buf[mark..].trim_ascii().is_empty();
            if blank {
                self.buf.truncate(mark);
                if has_rows || over_len.is_some() {
                    break;
                }
                self.buf.clear();
                continue;
            }
            if start_line == 0 {
                start_line = self.line;
            }
            if self.buf[mark..].trim_ascii_start().first() != Some(&b'#') {
                has_rows = true;
            }
            if self.buf.len() > self.max_len {
                over_len.get_or_insert((start_line, self.buf.len()));
                self.buf.clear();
            }
        }
        if let Some((line, len)) = over_len {
            return Ok(Some(Record::TooLong { line, len }));
        }
        if !has_rows {
            return Ok(None);
        }
        let end = trim_eol(&self.buf);
        Ok(Some(Record::Data {
            line: start_line,
            data: &self.buf[..end],
        }))
    }

    fn next_json(&mut self) -> io::Result<Option<Record<'_>>> {
        if self.pending.is_empty() {
            self.buf.clear();
            let mut start_line = 0;
            loop {
                let mark = self.buf.len();
                let (n, over) = self.read_line()?;
                if n == 0 {
                    if self.buf.trim_ascii().is_empty() {
                        return Ok(None);
                    }
                    // An incomplete value at the end: hand it over whole, the parser reports it.
                    let end = self.buf.len();
                    self.pending.push_back((start_line.max(1), 0, end));
                    break;
                }
                self.line += 1;
                if over {
                    self.buf.clear();
                    return Ok(Some(Record::TooLong {
                        line: self.line,
                        len: n,
                    }));
                }
                let t = self.buf[mark..].trim_ascii();
                if mark == 0 && (t.is_empty() || t[0] == b'#') {
                    self.buf.clear();
                    continue;
                }
                if start_line == 0 {
                    start_line = self.line;
                }
                if self.buf.len() > self.max_len {
                    let len = self.buf.len();
                    self.buf.clear();
                    return Ok(Some(Record::TooLong {
                        line: start_line,
                        len,
                    }));
                }
                let Ok(text) = std::str::from_utf8(&self.buf) else {
                    // Invalid UTF-8: give the line to the parser, which reports it.
                    let end = self.buf.len();
                    self.pending.push_back((start_line, 0, end));
                    break;
                };
                if let Some(values) = split_values(text) {
                    for (off, v) in values {
                        let line = start_line + text[..off].matches('\n').count();
                        self.pending.push_back((line, off, off + v.len()));
                    }
                    break;
                }
            }
        }
        match self.pending.pop_front() {
            None => self.next_json(),
            Some((line, s, e)) => Ok(Some(Record::Data {
                line,
                data: &self.buf[s..e],
            })),
        }
    }
}

fn trim_eol(b: &[u8]) -> usize {
    let mut end = b.len();
    if end > 0 && b[end - 1] == b'\n' {
        end -= 1;
    }
    if end > 0 && b[end - 1] == b'\r' {
        end -= 1;
    }
    end
}

/// The 1-based (line offset, character column) of byte `offset` in a record.
pub fn position(record: &[u8], offset: usize) -> (usize, usize) {
    let offset = offset.min(record.len());
    let before = &record[..offset];
    let lines = memchr::memchr_iter(b'\n', before).count();
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |k| k + 1);
    let col = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (lines, col)
}
