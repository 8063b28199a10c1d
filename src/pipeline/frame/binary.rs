//! Fixed-size binary records: each record is the next `record_len` bytes; a last record cut
//! short by the end of the input is a bad record of its own. The records whole in the buffer
//! are taken in runs ([`Records::take_binary_run`]).

use std::io::{self, Read};

use super::records::{Record, Records};
use super::{Framed, FramedKind};

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

    /// The binary records whole in the buffer, at most `most` of them and `room` bytes, as
    /// [`Records::next_binary`] gives them one at a time: their bytes appended to `data` in
    /// one copy, each one's number and place pushed to `framed`; how many. It saves each
    /// record's dispatch, copy and push: `-f sf-bin -t fen` cost 91 instructions a record to
    /// frame, one at a time (callgrind, `--jobs 1`).
    pub(super) fn take_binary_run(
        &mut self,
        (most, room): (usize, usize),
        data: &mut Vec<u8>,
        framed: &mut Vec<Framed>,
    ) -> usize {
        let len = self.record_len;
        let n = ((self.end - self.start) / len).min(most).min(room / len);
        if n == 0 {
            return 0;
        }
        let (base, first) = (data.len(), self.line as u64 + 1);
        let bytes = &self.buf[self.start..self.start + n * len];
        // In copies of 1 KiB, as `take_run`'s (a longer copy is the library's `rep movsb`).
        data.reserve(bytes.len());
        for piece in bytes.chunks(1024) {
            data.extend_from_slice(piece);
        }
        framed.extend((0..n).map(|k| Framed {
            line: first + k as u64,
            start: base + k * len,
            end: base + (k + 1) * len,
            kind: FramedKind::Data,
        }));
        self.start += n * len;
        self.line += n;
        n
    }
}

#[cfg(test)]
mod tests {
    use bbconv_forms::Framing;

    use super::super::records::{Record, Records};
    use super::super::{Framed, FramedKind};

    /// Runs of binary records are the records taken one at a time: the same bytes and
    /// numbers, within the limits, and a last record cut short is left to `next_binary`.
    #[test]
    fn runs_as_one_at_a_time() {
        let input: Vec<u8> = (0..17).collect();
        let mut r = Records::new(&input[..], Framing::Binary, 3, 1000);
        let mut data = Vec::new();
        let mut framed = Vec::new();
        // Nothing read yet: nothing taken.
        assert_eq!(r.take_binary_run((10, 100), &mut data, &mut framed), 0);
        assert!(matches!(
            r.next_binary().unwrap(),
            Some(Record::Data {
                line: 1,
                data: [0, 1, 2]
            })
        ));
        assert_eq!(r.take_binary_run((2, 100), &mut data, &mut framed), 2);
        assert_eq!(r.take_binary_run((10, 5), &mut data, &mut framed), 1);
        assert_eq!(r.take_binary_run((0, 100), &mut data, &mut framed), 0);
        assert_eq!(r.take_binary_run((10, 100), &mut data, &mut framed), 1);
        assert_eq!(data, (3..15).collect::<Vec<u8>>());
        let got: Vec<(u64, usize, usize)> = framed
            .iter()
            .map(|f: &Framed| {
                assert_eq!(f.kind, FramedKind::Data);
                (f.line, f.start, f.end)
            })
            .collect();
        assert_eq!(got, [(2, 0, 3), (3, 3, 6), (4, 6, 9), (5, 9, 12)]);
        assert!(matches!(
            r.next_binary().unwrap(),
            Some(Record::Truncated { line: 6, len: 2 })
        ));
        assert!(r.next_binary().unwrap().is_none());
    }
}
