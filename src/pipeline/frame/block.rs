//! Blocks of lines separated by blank lines (grids, printed boards): a block ends at a blank
//! line, but for the lines Stockfish's `d` prints under its board after one ([`TRAILERS`]).

use std::io::{self, Read};

use super::records::{Raw, Record, Records};

/// Lines that continue a block after a blank line: the lines Stockfish's `d` prints under its
/// board.
const TRAILERS: [&[u8]; 3] = [b"Fen:", b"Key:", b"Checkers:"];

impl<R: Read> Records<R> {
    /// The next block, or `None` at the end of the input.
    pub(super) fn next_block(&mut self) -> io::Result<Option<Record<'_>>> {
        if let Some((line, start, len)) = self.whole_block() {
            return Ok(Some(Record::Data {
                line,
                data: &self.buf[start..start + len],
            }));
        }
        let block = self.gather_block()?;
        if let Some((line, len)) = block.too_long {
            return Ok(Some(Record::TooLong { line, len }));
        }
        if !block.has_rows {
            return Ok(None);
        }
        Ok(Some(Record::Data {
            line: block.start_line,
            data: &self.acc,
        }))
    }

    /// The common block, whole in the buffer and ended by a blank line, taken in one step
    /// ([`plain_block`]): its line, and where it is in the buffer. It is what the line loop
    /// ([`Records::gather_block`]) gives it, for about a tenth of the instructions
    /// (`bench/matrix.py`, `-f grid`: the loop costs about 2,300 a 10-line grid).
    #[inline(always)]
    fn whole_block(&mut self) -> Option<(usize, usize, usize)> {
        if !(self.whole_blocks && self.held.is_none() && !self.first) {
            return None;
        }
        let rest = &self.buf[self.start..self.end];
        let (len, lines) = plain_block(rest, self.max_len)?;
        let (line, start) = (self.line + 1, self.start);
        self.line += lines + 1;
        self.start += len + 2;
        Some((line, start, len))
    }

    /// Reads the next block line by line into `acc`.
    fn gather_block(&mut self) -> io::Result<Gathered> {
        self.acc.clear();
        let mut start_line = 0;
        let mut has_rows = false;
        let mut too_long = None;
        // After a blank line that ends a Stockfish board: whether the next line may still
        // belong to it (Stockfish prints its `Fen:`, `Key:` and `Checkers:` lines after one).
        // Any other block ends at the blank line, so that a record is handed out as soon as
        // its blank line is read (a grid typed at a terminal is shown at once).
        let mut ended = false;
        loop {
            // A line read ahead by the block before this one comes first (a copy: the buffer
            // moves); the others are read in place.
            let (line, held, (s, e)) = match self.held.take() {
                Some((line, text)) => (line, Some(text), (0, 0)),
                None => match self.raw_line()? {
                    None => break,
                    Some(Raw::TooLong(len)) => {
                        too_long.get_or_insert((self.line, len));
                        continue;
                    }
                    Some(Raw::Line(s, e)) => (self.line, None, (s, e)),
                },
            };
            let text: &[u8] = match &held {
                Some(v) => v,
                None => &self.buf[s..e],
            };
            let t = text.trim_ascii();
            if t.is_empty() {
                if too_long.is_some()
                    || (has_rows && memchr::memmem::find(&self.acc, b"+---").is_none())
                {
                    break;
                }
                if has_rows {
                    ended = true;
                }
                if !has_rows {
                    self.acc.clear();
                }
                continue;
            }
            if ended {
                if !TRAILERS.iter().any(|p| t.starts_with(p)) {
                    self.held = Some((line, text.to_vec()));
                    break;
                }
                ended = false;
            }
            if start_line == 0 {
                start_line = line;
            }
            has_rows |= t[0] != b'#';
            if self.acc.len() + text.len() > self.max_len {
                too_long.get_or_insert((start_line, self.acc.len() + text.len()));
                self.acc.clear();
                continue;
            }
            if !self.acc.is_empty() {
                self.acc.push(b'\n');
            }
            self.acc.extend_from_slice(text);
        }
        Ok(Gathered {
            start_line,
            has_rows,
            too_long,
        })
    }
}

/// A block read line by line ([`Records::gather_block`]).
struct Gathered {
    /// The line it starts on.
    start_line: usize,
    /// Whether it holds a line that is not a `#` comment (else the input ended first).
    has_rows: bool,
    /// The line it starts on and its length so far, when it is longer than the limit.
    too_long: Option<(usize, usize)>,
}

/// A block that the line loop of [`Records::next_block`] would take whole, with nothing to decide:
/// its lines up to the first empty line, all in the whole 64-byte chunks of `b`, none blank or
/// holding a CR or a `+` (a Stockfish board's `+---`, whose trailer lines follow a blank line, or a
/// shogi piece), at least one line not a `#` comment, at most `max_len` bytes. Its length and
/// number of lines, or `None`.
fn plain_block(b: &[u8], max_len: usize) -> Option<(usize, usize)> {
    let (mut at, mut lines, mut rows) = (0, 0, false);
    // The line ends 64 bytes at a time (a memchr a line costs about 40 instructions a line).
    for (k, chunk) in b.chunks_exact(64).enumerate() {
        let mut ends = bbconv_forms::byte_mask(chunk.try_into().ok()?, b'\n');
        while ends != 0 {
            let nl = 64 * k + ends.trailing_zeros() as usize;
            ends &= ends - 1;
            let line = &b[at..nl];
            // A line that starts with a letter or a digit is not blank (most lines: no trim).
            let first = match line.first() {
                None => {
                    // The empty line that ends the block (a block does not start with one).
                    let block = &b[..at.checked_sub(1)?];
                    let plain = memchr::memchr2(b'\r', b'+', block).is_none();
                    return (lines > 0 && rows && plain).then_some((block.len(), lines));
                }
                Some(c) if !c.is_ascii_whitespace() => *c,
                Some(_) => *line.trim_ascii().first()?,
            };
            if nl > max_len {
                return None;
            }
            rows |= first != b'#';
            lines += 1;
            at = nl + 1;
        }
    }
    // The block's end is not in the whole 64-byte chunks: the line loop takes it.
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_forms::Framing;

    /// A block handed out whole ([`plain_block`]) is the record the line loop gives: the same
    /// bytes and line, on grids, comments, blank lines of spaces, CRs, Stockfish boards and
    /// their trailers, blocks across the buffer's refills, and over-long blocks.
    #[test]
    fn whole_blocks_as_the_line_loop() {
        let grid = "# 8x8 lerf\n8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . .\n5 . . . . . . . .\n4 . . . . . . . .\n3 . . . . . . . .\n2 P P P P P P P P\n1 R N B Q K B N R\n  a b c d e f g h\n";
        let pieces = [
            grid.to_string(),
            format!("\n\n{grid}"),
            format!("# only a comment\n\n{grid}"),
            grid.replace("6 .", "   \n6 ."),
            grid.replace("\n7", "\r\n7"),
            grid.replace("r n b", "+r n b"),
            "+---+---+\n| k |   |\n+---+---+\n  a   b\n\nFen: 8/8/8/8/8/8/8/k7 w - - 0 1\n"
                .to_string(),
            "X.\n..\n".to_string(),
            format!("{}\n", "x".repeat(300)),
        ];
        let mut input = String::new();
        for k in 0..400 {
            input.push_str(&pieces[k * 7 % pieces.len()]);
            input.push('\n');
        }
        for max in [1000, 120] {
            let collect = |whole: bool| {
                let mut r = Records::new(input.as_bytes(), Framing::Block, 0, max);
                r.whole_blocks = whole;
                let mut got = Vec::new();
                while let Some(rec) = r.next_record().unwrap() {
                    got.push(format!("{rec:?}"));
                }
                got
            };
            let (whole, lines) = (collect(true), collect(false));
            assert!(whole.len() > 300, "{}", whole.len());
            assert_eq!(whole, lines);
        }
    }
}
