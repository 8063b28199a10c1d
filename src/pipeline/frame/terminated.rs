//! Records of lines, each ended by a line that holds the form's end text alone (Stockfish's
//! `.plain`: `fen ...`, `move ...`, ..., `e`): the record is its lines up to and with the end
//! line; blank lines between records are skipped, and lines after the last end line are a
//! record cut short.

use std::io::{self, Read};

use super::records::{Raw, Record, Records};

impl<R: Read> Records<R> {
    /// The next record ended by a line `end`, or `None` at the end of the input.
    pub(super) fn next_terminated(&mut self, end: &[u8]) -> io::Result<Option<Record<'_>>> {
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
            if text.trim_ascii() == end {
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

#[cfg(test)]
mod tests {
    use bbconv_forms::Framing;

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
}
