//! Fixed-size binary records: each record is the next `record_len` bytes; a last record cut
//! short by the end of the input is a bad record of its own.

use std::io::{self, Read};

use super::records::{Record, Records};

impl<R: Read> Records<R> {
    /// The next binary record, or `None` at the end of the input.
    pub(super) fn next_binary(&mut self) -> io::Result<Option<Record<'_>>> {
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
}
