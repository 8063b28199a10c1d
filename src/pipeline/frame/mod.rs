//! Input framing: how a byte stream becomes records, one module a kind of framing, each used
//! by both drivers of the pipeline. This module holds what they share: the line rules
//! ([`line_rules`]: a UTF-8 byte order mark at the start of a source, a CR before the line end,
//! blank and `#` lines, the length limit), the chunks handed to the conversion stage, the
//! reading of a source in place ([`InPlace`]) and the drivers over the framers
//! ([`read_source`]): whole lines ([`lines`]), records that span lines ([`spans`]), a table's
//! rows ([`csv`]), and the sequential framing ([`records`]) of grids ([`block`]), JSON values
//! ([`json`]) and fixed-size binary records ([`binary`]).

mod binary;
mod block;
pub(crate) mod csv;
mod json;
pub(crate) mod lines;
mod pool;
pub(crate) mod records;
pub(crate) mod spans;
mod terminated;
#[cfg(test)]
mod testing;

use std::io::{self, Read};

use anyhow::{Context, Result};
use bbconv_forms::span::SpanMode;
use bbconv_forms::Framing;

use super::rows::{Field, Rule};
use super::source::Source;

pub(crate) use csv::{split_table, Mark};
pub(crate) use pool::Pool;
pub(crate) use spans::SpanChunk;

/// The line rules, shared by every framing that reads lines.
pub(crate) mod line_rules {
    /// The UTF-8 byte order mark, dropped at the start of a source.
    pub(crate) const BOM: &[u8] = b"\xef\xbb\xbf";

    /// The line without the CR of a CRLF line end.
    #[inline]
    pub(crate) fn strip_cr(line: &[u8]) -> &[u8] {
        match line {
            [rest @ .., b'\r'] => rest,
            _ => line,
        }
    }

    /// Whether a line holds no record: blank, or a `#` comment.
    #[inline]
    pub(crate) fn is_blank_or_comment(line: &[u8]) -> bool {
        match line.trim_ascii_start().first() {
            None | Some(b'#') => true,
            Some(_) => false,
        }
    }

    /// Whether a line of `len` bytes (without its newline) is over the limit of `max` bytes.
    #[inline]
    pub(crate) fn too_long(len: usize, max: usize) -> bool {
        len > max
    }
}

use line_rules::{strip_cr, too_long, BOM};

/// What one line of line-framed input is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    /// A record, without its line end.
    Data(&'a [u8]),
    /// A blank or comment line (it holds no record).
    Skip,
    /// A line longer than the limit, of at least this many bytes; it is not kept.
    TooLong(usize),
    /// A blank or comment line written back as it is, with its CR ([`Rows::Verbatim`]).
    Verbatim(&'a [u8]),
    /// A table's row (its text with the CR of its line end) and its fields, as the framer
    /// found them.
    Split { text: &'a [u8], fields: &'a [Field] },
    /// A table's row whose quoted field is still open at the end of the input: its text (empty
    /// when it was too long to keep), where the open field's quote is in it (when known), and
    /// the lines it takes.
    Unclosed {
        text: &'a [u8],
        quote: Option<usize>,
        lines: u64,
    },
}

/// A record framed ahead of conversion: where it starts and what it is.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Framed {
    /// The line (binary: record number) it starts on, 1-based, in its source.
    pub(crate) line: u64,
    /// Start of its bytes in the chunk's data.
    pub(crate) start: usize,
    /// End of its bytes.
    pub(crate) end: usize,
    /// What it is (`Data` is read from `start..end`).
    pub(crate) kind: FramedKind,
}

/// The kind of a framed record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FramedKind {
    /// A whole record.
    Data,
    /// A JSON line whose values are found when it is converted
    /// ([`Record::Line`](records::Record::Line)).
    Line,
    /// A record longer than the limit (at least this many bytes), not kept.
    TooLong(usize),
    /// A binary record cut short by the end of the input: the bytes found.
    Truncated(usize),
}

/// A piece of one source, handed to the conversion stage.
pub(crate) struct Chunk {
    /// Position of the chunk in the whole run, from 0.
    pub(crate) seq: u64,
    /// Index of its source.
    pub(crate) src: usize,
    /// Its bytes (only `..len` are input).
    pub(crate) data: Vec<u8>,
    /// How many bytes of `data` are input.
    pub(crate) len: usize,
    /// How to find its records.
    pub(crate) kind: ChunkKind,
    /// Whether it is the first chunk of its source (a table's header is its first row).
    pub(crate) first: bool,
    /// A table's rows on the chunk's lines before this one (its [`split_table`] numbers) come
    /// before the row that settled the board's column (and its form): they are bad records
    /// whatever their fields hold. 0 for every chunk once the column is settled; set by
    /// [`super::work::Stage::prepare`].
    pub(crate) early: u64,
}

/// How the records of a chunk are found.
pub(crate) enum ChunkKind {
    /// `data[..len]` is whole lines, split by [`split_lines`](lines::split_lines); their numbers
    /// continue from the lines of the source's earlier chunks.
    Lines,
    /// One line longer than the limit, not kept: its length.
    TooLong(usize),
    /// Records framed ahead, with their own line numbers.
    Framed(Vec<Framed>),
    /// Whole lines as [`ChunkKind::Lines`], but for records that span lines ([`Rows::Spans`]),
    /// in order.
    Spans(SpanChunk),
    /// A table's rows framed ahead by [`rows`](super::rows)' rule, where the plain line
    /// splitter cannot frame them (a quote, a CR alone); their numbers continue from the lines
    /// of the source's earlier chunks.
    Rows(Vec<Mark>, Vec<Field>),
}

/// How records are read from the sources.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Input {
    /// How records are delimited.
    pub(crate) framing: Framing,
    /// Bytes per binary record.
    pub(crate) record_len: usize,
    /// Longest record accepted, in bytes.
    pub(crate) max_line: usize,
    /// Bytes per chunk.
    pub(crate) chunk: usize,
    /// How lines are rows of a table (`--tsv`, `--csv`), if they are.
    pub(crate) rows: Rows,
}

/// How the lines of line-framed input are records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Rows {
    /// One record a line; blank and `#` lines hold none; the CR of a CRLF is dropped.
    #[default]
    Lines,
    /// A table's rows (`--tsv`, `--csv`) by [`rows`](super::rows)' rule: a `#` line is a row,
    /// a row keeps the CR of its line end, and a CSV row spans the lines its quotes hold open.
    Table(Rule),
    /// One record a line, written back in the form it was read: blank and `#` lines are
    /// written as they are, and a record keeps its CR, so that the file comes back byte for
    /// byte.
    Verbatim,
    /// One record a line, but for the records that span lines by the rule of
    /// [`bbconv_forms::span`] (SGF game trees; under `-f auto` printed boards too).
    Spans(SpanMode),
}

impl Input {
    /// How records of `form` are read on a board of `size` numbered by `numbering` with
    /// `planes` planes (the size of binary records), with records of at most `max_line` bytes;
    /// the drivers choose the chunk size.
    pub(crate) fn for_form(
        form: bbconv_forms::Format,
        (size, numbering): (bbconv_board::Size, bbconv_board::Numbering),
        planes: usize,
        max_line: usize,
    ) -> Input {
        Input {
            framing: form.framing(),
            record_len: form.record_len(size, planes, numbering),
            max_line,
            chunk: 0,
            rows: Rows::Lines,
        }
    }
}

/// Reads `src` (the `index`th source) and hands its chunks to `emit`, which numbers them and
/// says whether to go on; reports the bytes read to `read`. Returns whether to go on.
pub(crate) fn read_source(
    src: &Source,
    index: usize,
    input: &Input,
    pool: &Pool,
    emit: &mut dyn FnMut(Chunk) -> bool,
    read: &dyn Fn(u64),
) -> Result<bool> {
    let mut first = true;
    let mut parts = |data: Vec<u8>, len: usize, kind: ChunkKind| {
        emit(Chunk {
            seq: 0,
            src: index,
            data,
            len,
            kind,
            first: std::mem::take(&mut first),
            early: 0,
        })
    };
    if let Source::Arg(_, text) = src {
        // An argument is one board whatever its line breaks (grids), unless binary.
        if input.framing != Framing::Binary {
            let text = text.strip_suffix('\n').unwrap_or(text);
            let data = strip_cr(text.as_bytes()).to_vec();
            let len = data.len();
            let kind = if too_long(len, input.max_line) {
                FramedKind::TooLong(len)
            } else {
                FramedKind::Data
            };
            let rec = Framed {
                line: 1,
                start: 0,
                end: len,
                kind,
            };
            return Ok(parts(data, len, ChunkKind::Framed(vec![rec])));
        }
    }
    let reader = src
        .open()
        .with_context(|| format!("cannot open {}", src.name()))?;
    let go = if let (Framing::Line, Rows::Table(rule)) = (input.framing, input.rows) {
        csv::read_table(reader, input, rule, pool, &mut parts, read)
    } else if input.framing == Framing::Line {
        read_lines(reader, input, pool, &mut parts, read)
    } else {
        records::read_framed(reader, input, pool, &mut parts, read)
    };
    go.with_context(|| format!("cannot read {}", src.name()))
}

/// Bytes of the first chunk of line-framed input; each next chunk doubles up to [`Input::chunk`].
const FIRST_CHUNK: usize = 1 << 15;

type EmitParts<'a> = dyn FnMut(Vec<u8>, usize, ChunkKind) -> bool + 'a;

/// A source of line-framed input read in place, for the drivers that cut it into chunks:
/// `buf[..filled]` holds the input not yet handed over, and every read goes straight into the
/// buffer after it. Chunks start small and double up to the driver's size: a short input fills
/// (and zeroes) no more buffer than it needs, and the first records reach the workers sooner.
struct InPlace<'p> {
    pool: &'p Pool,
    buf: Vec<u8>,
    /// The tail after the last chunk's end, set aside while the chunk is handed over.
    carry: Vec<u8>,
    filled: usize,
    /// Bytes of the next read.
    block: usize,
    /// The driver's chunk size.
    chunk: usize,
    /// Whether the byte order mark is still to be settled.
    first: bool,
    eof: bool,
}

impl<'p> InPlace<'p> {
    fn new(pool: &'p Pool, chunk: usize) -> InPlace<'p> {
        let block = chunk.min(FIRST_CHUNK);
        InPlace {
            pool,
            buf: pool.take_len(block),
            carry: Vec::new(),
            filled: 0,
            block,
            chunk,
            first: true,
            eof: false,
        }
    }

    /// Reads the next bytes into the buffer after `filled` (they are not counted in it yet).
    /// Returns how many were read, 0 at the end of the input.
    fn read(&mut self, reader: &mut dyn Read, progress: &dyn Fn(u64)) -> io::Result<usize> {
        let want = self.filled.saturating_add(self.block);
        if self.buf.len() < want {
            self.buf.resize(want, 0);
        }
        let n = read_some(reader, &mut self.buf[self.filled..want])?;
        progress(n as u64);
        self.eof = n == 0;
        Ok(n)
    }

    /// Where the bytes just read start: only they can hold the chunk's last line end, as what
    /// was kept before them is a line without its end (searching it again would be quadratic
    /// in a line). Until the byte order mark is settled, the few bytes held are all searched.
    fn fresh(&self) -> usize {
        if self.first {
            0
        } else {
            self.filled
        }
    }

    /// Drops the byte order mark at the start of the source. Returns `false` while too few
    /// bytes are held to say whether there is one.
    fn settle_bom(&mut self) -> bool {
        if self.first && self.filled > 0 {
            if self.filled < BOM.len() && !self.eof {
                return false;
            }
            self.first = false;
            if self.buf[..self.filled].starts_with(BOM) {
                self.buf.copy_within(BOM.len()..self.filled, 0);
                self.filled -= BOM.len();
            }
        }
        true
    }

    /// Hands `buf[..cut]` over as a chunk of `kind`; the tail after it waits for more input
    /// in the next buffer. It is set aside before the chunk is handed over, and the next
    /// buffer taken after: a driver that converts the chunk at once gives it back first, so
    /// that its buffer is reused rather than a second one zeroed. Returns whether to go on.
    fn hand_over(&mut self, cut: usize, kind: ChunkKind, emit: &mut EmitParts<'_>) -> bool {
        let tail = self.filled - cut;
        self.carry.clear();
        self.carry.extend_from_slice(&self.buf[cut..self.filled]);
        self.block = self.block.saturating_mul(2).min(self.chunk);
        let chunk = std::mem::take(&mut self.buf);
        self.filled = tail;
        if !emit(chunk, cut, kind) {
            return false;
        }
        self.buf = self.pool.take_len(tail.saturating_add(self.block));
        self.buf[..tail].copy_from_slice(&self.carry);
        true
    }

    /// Gives the buffer back to the pool.
    fn finish(self) {
        self.pool.give(self.buf);
    }
}

/// Cuts line-framed input into chunks of whole lines ([`lines::last_line_end`]) or, when
/// records span lines, of whole records ([`spans::SpanScan`]), read in place ([`InPlace`]). A
/// line longer than the limit is dropped as it streams past ([`lines::skip_rest`]), so memory
/// stays bounded by the limit.
fn read_lines(
    mut reader: Box<dyn Read + Send>,
    input: &Input,
    pool: &Pool,
    emit: &mut EmitParts<'_>,
    progress: &dyn Fn(u64),
) -> io::Result<bool> {
    let mut inp = InPlace::new(pool, input.chunk);
    // The bytes so far of an over-long line streaming past.
    let mut skipping: Option<usize> = None;
    let mut spans = match input.rows {
        Rows::Spans(mode) => Some(spans::SpanScan::new(mode)),
        _ => None,
    };
    while !inp.eof {
        let n = inp.read(&mut reader, progress)?;
        let fresh = inp.fresh();
        if let Some(len) = skipping {
            match lines::skip_rest(&mut inp, len, n, emit) {
                lines::Skipped::Stop => return Ok(false),
                lines::Skipped::End(go) => return Ok(go),
                lines::Skipped::More(len) => {
                    skipping = Some(len);
                    continue;
                }
                lines::Skipped::Done => skipping = None,
            }
        } else {
            inp.filled += n;
        }
        if !inp.settle_bom() {
            continue;
        }
        let data = &inp.buf[..inp.filled];
        let cut = match &mut spans {
            Some(sc) => sc.scan(data, inp.eof, input.max_line),
            None => lines::last_line_end(data, fresh, inp.eof),
        };
        if cut == 0 {
            if !inp.eof && too_long(inp.filled, input.max_line) {
                // One line longer than the limit: dropped as it streams past.
                skipping = Some(inp.filled);
                inp.filled = 0;
                if let Some(sc) = &mut spans {
                    sc.reset();
                }
            }
            continue;
        }
        let kind = match &mut spans {
            Some(sc) => ChunkKind::Spans(sc.take(cut)),
            None => ChunkKind::Lines,
        };
        if !inp.hand_over(cut, kind, emit) {
            return Ok(false);
        }
    }
    inp.finish();
    Ok(true)
}

/// Reads into `buf`, retrying on interruption.
fn read_some(reader: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buf) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// The 1-based (line offset, character column) of byte `offset` in a record.
pub(crate) fn position(record: &[u8], offset: usize) -> (usize, usize) {
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
    use crate::pipeline::frame::testing::{chunked, lines};

    #[test]
    fn chunks_keep_lines_whole_and_numbered() {
        let mut input = b"\xef\xbb\xbf# header\r\n".to_vec();
        for k in 0..2000 {
            input.extend_from_slice(format!("line{k}\n").as_bytes());
        }
        let expect = lines(&input[3..], 100);
        for chunk in [1, 2, 3, 7, 64, 100, 4096, 1 << 20] {
            assert_eq!(chunked(&input, chunk, 100), expect, "chunk {chunk}");
        }
        let mut input = b"short\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3000));
        input.extend_from_slice(b"\nafter\nlast-without-newline");
        for chunk in [5, 64, 1000, 4096] {
            assert_eq!(
                chunked(&input, chunk, 1000),
                [
                    "1:short",
                    "2:long 3001",
                    "3:after",
                    "4:last-without-newline"
                ],
                "chunk {chunk}"
            );
        }
    }
}
