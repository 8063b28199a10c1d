//! Splitting an input stream into records (spec §7): lines, blank-line-separated blocks, JSON
//! values or fixed-size binary records, with line numbers. Lines are found through a bitmap of
//! the newlines of one reused buffer (built 64 bytes at a time) and handed out as borrowed
//! slices, so a record costs no copy and no allocation; memory stays bounded by the longest
//! record accepted.

use std::collections::VecDeque;
use std::io::{self, Read};

use bbconv_forms::{split_values, Framing};

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

/// A raw line: where it is in the buffer, or that it was too long.
enum Raw {
    Line(usize, usize),
    TooLong(usize),
}

/// Reads records of one framing from a reader.
///
/// ```
/// use crate::pipeline::frame::{Record, Records};
/// use bbconv_forms::Framing;
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
    start: usize,
    end: usize,
    eof: bool,
    first: bool,
    acc: Vec<u8>,
    pending: VecDeque<(usize, usize, usize)>, // JSON values: line, start, end in `acc`
    consumed: u64,
    newlines: NewlineIndex,
}

const CHUNK: usize = 1 << 16;

impl<R: Read> Records<R> {
    /// A reader of `framing` records; `record_len` is the size of binary records, `max_len` the
    /// longest record (in bytes) accepted.
    pub fn new(reader: R, framing: Framing, record_len: usize, max_len: usize) -> Records<R> {
        Records {
            reader,
            framing,
            record_len,
            max_len: max_len.max(1),
            line: 0,
            buf: vec![0; CHUNK],
            start: 0,
            end: 0,
            eof: false,
            first: true,
            acc: Vec::new(),
            pending: VecDeque::new(),
            consumed: 0,
            newlines: NewlineIndex::default(),
        }
    }

    /// Bytes read from the input so far (for progress reports).
    pub fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Reads more input after `end`, first moving the unread part to the front. Returns how many
    /// bytes were read (0 at the end of the input).
    fn fill(&mut self) -> io::Result<usize> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
            self.newlines.clear();
        }
        if self.end == self.buf.len() {
            let grow = self.buf.len().min(self.max_len + 2);
            self.buf.resize(self.buf.len() + grow.max(CHUNK), 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(n) => {
                    self.end += n;
                    self.consumed += n as u64;
                    if n == 0 {
                        self.eof = true;
                    }
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The next line (without its line end), or `None` at the end of the input.
    fn raw_line(&mut self) -> io::Result<Option<Raw>> {
        let mut scanned = 0;
        loop {
            let from = self.start + scanned;
            if let Some(nl) = self.newlines.find(&self.buf, from, self.end) {
                let len = nl - self.start;
                self.line += 1;
                let s = self.start;
                self.start = nl + 1;
                if len > self.max_len {
                    return Ok(Some(Raw::TooLong(len + 1)));
                }
                return Ok(Some(self.strip(s, nl)));
            }
            scanned = self.end - self.start;
            if scanned > self.max_len {
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
    fn skip_long_line(&mut self) -> io::Result<Raw> {
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

    /// Strips a CR before the line end, and a UTF-8 BOM at the start of the input.
    fn strip(&mut self, mut s: usize, mut e: usize) -> Raw {
        if e > s && self.buf[e - 1] == b'\r' {
            e -= 1;
        }
        if self.first {
            self.first = false;
            if self.buf[s..e].starts_with(b"\xef\xbb\xbf") {
                s += 3;
            }
        }
        Raw::Line(s, e)
    }

    /// The next record, or `None` at the end of the input.
    #[inline]
    pub fn next_record(&mut self) -> io::Result<Option<Record<'_>>> {
        if self.framing == Framing::Line {
            if let Some((s, e)) = self.quick_line() {
                return Ok(Some(Record::Data {
                    line: self.line,
                    data: &self.buf[s..e],
                }));
            }
        }
        self.next_record_slow()
    }

    /// The common case of a line record, taken without a call: a whole line already in the
    /// buffer and indexed, within the limit, starting with a visible character other than `#`,
    /// and not the first line (which may start with a byte order mark). Anything else is left
    /// to the general path, with nothing consumed.
    #[inline]
    fn quick_line(&mut self) -> Option<(usize, usize)> {
        let s = self.start;
        let nl = self.newlines.find_indexed(s, self.end)?;
        if nl - s > self.max_len || self.first {
            return None;
        }
        let c = self.buf[s];
        if c <= b' ' || c == b'#' {
            return None;
        }
        let e = if self.buf[nl - 1] == b'\r' {
            nl - 1
        } else {
            nl
        };
        self.line += 1;
        self.start = nl + 1;
        Some((s, e))
    }

    fn next_record_slow(&mut self) -> io::Result<Option<Record<'_>>> {
        match self.framing {
            Framing::Binary => self.next_binary(),
            Framing::Line => self.next_line(),
            Framing::Block => self.next_block(),
            Framing::Json => self.next_json(),
        }
    }

    fn next_binary(&mut self) -> io::Result<Option<Record<'_>>> {
        while self.end - self.start < self.record_len && !self.eof {
            self.fill()?;
        }
        let avail = self.end - self.start;
        if avail == 0 {
            return Ok(None);
        }
        self.line += 1;
        if avail < self.record_len {
            self.start = self.end;
            return Ok(Some(Record::Truncated {
                line: self.line,
                len: avail,
            }));
        }
        let s = self.start;
        self.start += self.record_len;
        Ok(Some(Record::Data {
            line: self.line,
            data: &self.buf[s..s + self.record_len],
        }))
    }

    fn next_line(&mut self) -> io::Result<Option<Record<'_>>> {
        loop {
            match self.raw_line()? {
                None => return Ok(None),
                Some(Raw::TooLong(len)) => {
                    return Ok(Some(Record::TooLong {
                        line: self.line,
                        len,
                    }))
                }
                Some(Raw::Line(s, e)) => {
                    let t = self.buf[s..e].trim_ascii_start();
                    if t.is_empty() || t[0] == b'#' {
                        continue;
                    }
                    return Ok(Some(Record::Data {
                        line: self.line,
                        data: &self.buf[s..e],
                    }));
                }
            }
        }
    }

    fn next_block(&mut self) -> io::Result<Option<Record<'_>>> {
        self.acc.clear();
        let mut start_line = 0;
        let mut has_rows = false;
        let mut too_long = None;
        while let Some(raw) = self.raw_line()? {
            let (s, e) = match raw {
                Raw::TooLong(len) => {
                    too_long.get_or_insert((self.line, len));
                    continue;
                }
                Raw::Line(s, e) => (s, e),
            };
            let t = self.buf[s..e].trim_ascii();
            if t.is_empty() {
                if has_rows || too_long.is_some() {
                    break;
                }
                self.acc.clear();
                continue;
            }
            if start_line == 0 {
                start_line = self.line;
            }
            has_rows |= t[0] != b'#';
            if self.acc.len() + (e - s) > self.max_len {
                too_long.get_or_insert((start_line, self.acc.len() + (e - s)));
                self.acc.clear();
                continue;
            }
            if !self.acc.is_empty() {
                self.acc.push(b'\n');
            }
            self.acc.extend_from_slice(&self.buf[s..e]);
        }
        if let Some((line, len)) = too_long {
            return Ok(Some(Record::TooLong { line, len }));
        }
        if !has_rows {
            return Ok(None);
        }
        Ok(Some(Record::Data {
            line: start_line,
            data: &self.acc,
        }))
    }

    fn next_json(&mut self) -> io::Result<Option<Record<'_>>> {
        while self.pending.is_empty() {
            self.acc.clear();
            let mut start_line = 0;
            loop {
                let (s, e) = match self.raw_line()? {
                    None => {
                        if self.acc.trim_ascii().is_empty() {
                            return Ok(None);
                        }
                        // An incomplete value at the end: handed over whole, the parser reports it.
                        self.pending.push_back((start_line, 0, self.acc.len()));
                        break;
                    }
                    Some(Raw::TooLong(len)) => {
                        self.acc.clear();
                        return Ok(Some(Record::TooLong {
                            line: self.line,
                            len,
                        }));
                    }
                    Some(Raw::Line(s, e)) => (s, e),
                };
                let t = self.buf[s..e].trim_ascii();
                if self.acc.is_empty() && (t.is_empty() || t[0] == b'#') {
                    continue;
                }
                if start_line == 0 {
                    start_line = self.line;
                }
                if !self.acc.is_empty() {
                    self.acc.push(b'\n');
                }
                self.acc.extend_from_slice(&self.buf[s..e]);
                if self.acc.len() > self.max_len {
                    let len = self.acc.len();
                    self.acc.clear();
                    return Ok(Some(Record::TooLong {
                        line: start_line,
                        len,
                    }));
                }
                let Ok(text) = std::str::from_utf8(&self.acc) else {
                    // Invalid UTF-8: hand the text to the parser, which reports it.
                    self.pending.push_back((start_line, 0, self.acc.len()));
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
            None => Ok(None),
            Some((line, s, e)) => Ok(Some(Record::Data {
                line,
                data: &self.acc[s..e],
            })),
        }
    }
}

/// A bitmap of the newlines in a buffer, one bit a byte, built 64 bytes at a time as the
/// buffer fills: the end of a line is then a bit scan away.
#[derive(Default)]
struct NewlineIndex {
    words: Vec<u64>,
    /// The bitmap covers `buf[..indexed]` (its last word may be partial).
    indexed: usize,
}

impl NewlineIndex {
    /// Forgets the bitmap (the buffer's contents moved).
    fn clear(&mut self) {
        self.indexed = 0;
    }

    /// The position of the first newline in `buf[from..end]`.
    #[inline]
    fn find(&mut self, buf: &[u8], from: usize, end: usize) -> Option<usize> {
        if self.indexed != end {
            self.index(buf, end);
        }
        self.find_indexed(from, end)
    }

    /// [`NewlineIndex::find`] when the bitmap may be stale: `None` unless it covers `..end`.
    #[inline]
    fn find_indexed(&self, from: usize, end: usize) -> Option<usize> {
        if self.indexed != end {
            return None;
        }
        let last = end.div_ceil(64);
        let mut w = from / 64;
        if w >= last {
            return None;
        }
        let mut bits = self.words[w] & (u64::MAX << (from % 64));
        loop {
            if bits != 0 {
                return Some(w * 64 + bits.trailing_zeros() as usize);
            }
            w += 1;
            if w >= last {
                return None;
            }
            bits = self.words[w];
        }
    }

    /// Extends the bitmap to `buf[..end]`, redoing the partial last word.
    fn index(&mut self, buf: &[u8], end: usize) {
        let (first, last) = ((self.indexed.min(end)) / 64, end.div_ceil(64));
        if self.words.len() < last {
            self.words.resize(last, 0);
        }
        for w in first..last {
            self.words[w] = chunk_newlines(buf, w * 64);
        }
        if !end.is_multiple_of(64) {
            self.words[last - 1] &= (1u64 << (end % 64)) - 1;
        }
        self.indexed = end;
    }
}

/// The positions of the newlines in a slice, in order, found 64 bytes at a time.
///
/// ```
/// let ends: Vec<usize> = crate::pipeline::frame::Newlines::new(b"a\nbc\n\nd").collect();
/// assert_eq!(ends, [1, 4, 5]);
/// ```
pub struct Newlines<'a> {
    data: &'a [u8],
    /// Start of the 64-byte chunk that `bits` describes.
    base: usize,
    bits: u64,
}

impl<'a> Newlines<'a> {
    /// The newlines of `data`.
    pub fn new(data: &'a [u8]) -> Newlines<'a> {
        Newlines {
            data,
            base: 0,
            bits: chunk_newlines(data, 0),
        }
    }
}

impl Iterator for Newlines<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            self.base += 64;
            if self.base >= self.data.len() {
                return None;
            }
            self.bits = chunk_newlines(self.data, self.base);
        }
        let k = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.base + k)
    }
}

/// The newline bits of `data[base..base + 64]` (fewer bytes at the end of `data`).
#[inline]
fn chunk_newlines(data: &[u8], base: usize) -> u64 {
    match data.get(base..base + 64) {
        Some(chunk) => newline_bits(chunk.try_into().expect("64 bytes")),
        None => data
            .get(base..)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .fold(0, |m, (k, &c)| m | u64::from(c == b'\n') << k),
    }
}

/// One bit for each newline among 64 bytes.
#[inline]
fn newline_bits(chunk: &[u8; 64]) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: SSE2 is enabled at compile time (it is part of the x86_64 baseline).
        #[allow(unsafe_code)]
        unsafe {
            newline_bits_sse2(chunk)
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        newline_bits_swar(chunk)
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline]
#[target_feature(enable = "sse2")]
fn newline_bits_sse2(chunk: &[u8; 64]) -> u64 {
    use std::arch::x86_64::*;
    let nl = _mm_set1_epi8(b'\n' as i8);
    let mut m = 0u64;
    for (k, c) in chunk.chunks_exact(16).enumerate() {
        let lo = u64::from_le_bytes(c[..8].try_into().expect("8 bytes"));
        let hi = u64::from_le_bytes(c[8..].try_into().expect("8 bytes"));
        let v = _mm_set_epi64x(hi as i64, lo as i64);
        m |= (_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)) as u32 as u64) << (16 * k);
    }
    m
}

/// Eight bytes at a time: exact zero-byte flags of `word ^ "\n\n.."`, gathered by a multiply.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
fn newline_bits_swar(chunk: &[u8; 64]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut m = 0u64;
    for (k, c) in chunk.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(c.try_into().expect("8 bytes")) ^ 0x0a0a_0a0a_0a0a_0a0a;
        let zero = !(((x & LOW7) + LOW7) | x | LOW7);
        m |= ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    m
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<String> {
        let mut r = Records::new(input, Framing::Line, 0, max);
        let mut out = Vec::new();
        while let Some(rec) = r.next_record().unwrap() {
            out.push(match rec {
                Record::Data { line, data } => format!("{line}:{}", String::from_utf8_lossy(data)),
                Record::TooLong { line, len } => format!("{line}:long {len}"),
                Record::Truncated { .. } => unreachable!(),
            });
        }
        out
    }

    #[test]
    fn long_lines_and_chunk_edges() {
        let mut input = Vec::new();
        for k in 0..20_000 {
            input.extend_from_slice(format!("line{k}\n").as_bytes());
        }
        let got = lines(&input, 100);
        assert_eq!(got.len(), 20_000);
        assert_eq!(got[19_999], "20000:line19999");
        let mut input = b"short\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 300_000));
        input.extend_from_slice(b"\nafter\nlast-without-newline");
        assert_eq!(
            lines(&input, 1000),
            [
                "1:short",
                "2:long 300001",
                "3:after",
                "4:last-without-newline"
            ]
        );
    }

    #[test]
    fn newline_bitmaps() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut bytes = vec![0u8; 64 * 50 + 17];
        for b in bytes.iter_mut() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            *b = [b'\n', b'a', 0x0a ^ 0x80, 0x8a, 0, b'\r', 0xff][(state % 7) as usize];
        }
        let slow = |c: &[u8]| {
            c.iter()
                .enumerate()
                .fold(0u64, |m, (k, &b)| m | u64::from(b == b'\n') << k)
        };
        for c in bytes.chunks_exact(64) {
            let c: &[u8; 64] = c.try_into().unwrap();
            assert_eq!(newline_bits(c), slow(c));
            assert_eq!(newline_bits_swar(c), slow(c));
        }
        for end in 0..300 {
            let expect: Vec<usize> = (0..end).filter(|&k| bytes[k] == b'\n').collect();
            assert_eq!(Newlines::new(&bytes[..end]).collect::<Vec<_>>(), expect);
        }
        let mut index = NewlineIndex::default();
        for end in [0, 1, 63, 64, 65, 700, bytes.len()] {
            for from in (0..end).step_by(7) {
                let expect = bytes[from..end].iter().position(|&b| b == b'\n');
                assert_eq!(index.find(&bytes, from, end), expect.map(|k| from + k));
            }
        }
    }

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
