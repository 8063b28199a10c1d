//! JSON values, however they are spread over lines: each line is scanned once
//! ([`bbconv_frame::ValueScanner`]); a value still open when a line [`begins_value`] ends there,
//! broken. A line that begins a value and is followed by one that does too is handed out as it is
//! ([`Record::Line`]): its values are found when it is converted.

use std::io::{self, Read};

use bbconv_frame::begins_value;

use super::line_rules::is_blank_or_comment;
use super::records::{Raw, Record, Records};

impl<R: Read> Records<R> {
    /// The next JSON value. Each line is scanned once ([`bbconv_frame::ValueScanner`]); a value
    /// still open when a line [`begins_value`] ends there, broken, so that it costs at most
    /// itself.
    pub(super) fn next_json(&mut self) -> io::Result<Option<Record<'_>>> {
        loop {
            if let Some(p) = self.pending.pop_front() {
                return Ok(Some(match p {
                    Pending::Value { line, start, end } => Record::Data {
                        line,
                        data: &self.acc[start..end],
                    },
                    Pending::TooLong { line, len } => Record::TooLong { line, len },
                    Pending::Line { line, start, end } => Record::Line {
                        line,
                        data: &self.buf[start..end],
                    },
                }));
            }
            // What was handed out is dropped; an open value moves to the front (it started on the
            // last line read, or it is at most `max_len` long: the move is linear overall).
            match self.scanner.open() {
                Some(s) => {
                    self.acc.drain(..s);
                    self.scanner.shift(s);
                }
                None => self.acc.clear(),
            }
            let (s, e) = match self.raw_line()? {
                None => {
                    if self.scanner.open().is_none() {
                        return Ok(None);
                    }
                    // An incomplete value at the end: handed over whole, the parser reports it.
                    self.close_open();
                    continue;
                }
                Some(Raw::TooLong(len)) => {
                    self.close_open();
                    self.pending.push_back(Pending::TooLong {
                        line: self.line,
                        len,
                    });
                    continue;
                }
                Some(Raw::Line(s, e)) => (s, e),
            };
            let text = &self.buf[s..e];
            if self.scanner.open().is_none() && is_blank_or_comment(text) {
                continue;
            }
            if begins_value(text) {
                self.close_open();
                if self.defer_lines && self.next_begins_value() {
                    // Nothing before this line or after it changes its values: they are
                    // framed by the conversion stage, in the workers, without a copy here.
                    self.pending.push_back(Pending::Line {
                        line: self.line,
                        start: s,
                        end: e,
                    });
                    continue;
                }
            }
            self.scan_line(s, e);
        }
    }

    /// Scans the line `s..e` of the buffer, in `acc` after what an open value holds: the
    /// values it ends are pending, and one open longer than the limit is a bad record.
    #[inline]
    fn scan_line(&mut self, s: usize, e: usize) {
        if self.scanner.open().is_some() {
            self.acc.push(b'\n');
        }
        let from = self.acc.len();
        self.acc.extend_from_slice(&self.buf[s..e]);
        let (line, open_line, max) = (self.line, self.open_line, self.max_len);
        let pending = &mut self.pending;
        self.scanner.scan_line(&self.acc, from, |start, end| {
            let line = if start < from { open_line } else { line };
            pending.push_back(if end - start > max {
                Pending::TooLong {
                    line,
                    len: end - start,
                }
            } else {
                Pending::Value { line, start, end }
            });
        });
        if let Some(start) = self.scanner.open() {
            if start >= from {
                self.open_line = self.line;
            }
            if self.acc.len() - start > self.max_len {
                self.pending.push_back(Pending::TooLong {
                    line: self.open_line,
                    len: self.acc.len() - start,
                });
                self.acc.truncate(start);
                self.scanner.reset();
            }
        }
    }

    /// Whether the line after the one just read begins a JSON value, or the input ends there,
    /// as far as the buffer shows (`false` when it does not show).
    fn next_begins_value(&self) -> bool {
        match self.buf.get(self.start..self.end) {
            Some([]) => self.eof,
            Some(next) => begins_value(next),
            None => false,
        }
    }

    /// Hands the open JSON value over as it is (the parser reports it), if one is open.
    fn close_open(&mut self) {
        if let Some(start) = self.scanner.open() {
            self.pending.push_back(Pending::Value {
                line: self.open_line,
                start,
                end: self.acc.len(),
            });
            self.scanner.reset();
        }
    }
}

/// A JSON record framed and not yet handed out.
pub(super) enum Pending {
    /// A value (whole or broken): the line it starts on and where it is in `acc`.
    Value {
        line: usize,
        start: usize,
        end: usize,
    },
    /// A value or line longer than the limit.
    TooLong { line: usize, len: usize },
    /// A line framed by itself ([`Record::Line`]): where it is in `buf`. It is handed out
    /// before `buf` is read into again.
    Line {
        line: usize,
        start: usize,
        end: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_forms::Framing;
    use bbconv_frame::ValueScanner;

    /// The records of JSON `input` with lines deferred or not, deferred lines split as the
    /// conversion stage splits them: `(line, bytes)`.
    fn json_values(input: &[u8], defer: bool, read: usize) -> Vec<(usize, Vec<u8>)> {
        let chunks = input.chunks(read.max(1)).collect::<Vec<_>>();
        let reader = std::io::Read::chain(&b""[..], Slow(chunks, 0));
        let mut r = Records::new(reader, Framing::Json, 0, 80);
        r.defer_lines = defer;
        let mut out = Vec::new();
        while let Some(rec) = r.next_record().unwrap() {
            match rec {
                Record::Data { line, data } => out.push((line, data.to_vec())),
                Record::Line { line, data } => {
                    ValueScanner::values_of_line(data, |s, e| out.push((line, data[s..e].to_vec())))
                }
                Record::TooLong { line, len } => out.push((line, format!("{len}").into_bytes())),
                Record::Truncated { .. } => unreachable!(),
            }
        }
        out
    }

    /// A reader that gives at most one chunk a read, so lines straddle reads.
    struct Slow<'a>(Vec<&'a [u8]>, usize);

    impl std::io::Read for Slow<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some(c) = self.0.get(self.1) else {
                return Ok(0);
            };
            let n = c.len().min(buf.len());
            buf[..n].copy_from_slice(&c[..n]);
            if n == c.len() {
                self.1 += 1;
            } else {
                self.0[self.1] = &c[n..];
            }
            Ok(n)
        }
    }

    proptest::proptest! {
        /// Lines framed on their own, then split by the conversion stage, give the records the
        /// framer gives when it frames every line itself.
        #[test]
        fn deferred_json_lines_frame_as_the_framer_does(
            input in proptest::collection::vec(
                proptest::sample::select(vec![
                    &b"{"[..], b"}", b"[", b"]", b"\"", b"\\", b"1", b" ", b"\n", b"\n{",
                    b"{\"a\":[1,2]}\n", b"#c\n", b"\r\n",
                ]),
                0..60,
            ),
            read in 1usize..50,
        ) {
            let input = input.concat();
            proptest::prop_assert_eq!(
                json_values(&input, true, read),
                json_values(&input, false, read)
            );
        }
    }
}
