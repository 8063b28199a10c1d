//! Input framing: how a byte stream becomes records. Every rule is written once here and used by
//! both drivers of the pipeline: the line rules ([`line_rules`]: a UTF-8 byte order mark at the
//! start of a source, a CR before the line end, blank and `#` lines, the length limit), the
//! cutting of line-framed input into chunks of whole lines ([`read_source`]), the splitting of
//! a chunk into lines ([`split_lines`]), and the sequential framing of grids (blank-line-
//! separated blocks), JSON values and fixed-size binary records ([`Records`]).

use std::collections::VecDeque;
use std::io::{self, Read};

use anyhow::{Context, Result};
use bbconv_forms::span::{start_table, SpanMode, Spans, Step};
use bbconv_forms::{begins_value, Framing, ValueScanner};

use super::rows::{self, Cursor, Field, Found, Rule};
use super::source::Source;

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

use line_rules::{is_blank_or_comment, strip_cr, too_long, BOM};

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
    /// A JSON line whose values are found when it is converted ([`Record::Line`]).
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
    /// `data[..len]` is whole lines, split by [`split_lines`]; their numbers continue from the
    /// lines of the source's earlier chunks.
    Lines,
    /// One line longer than the limit, not kept: its length.
    TooLong(usize),
    /// Records framed ahead, with their own line numbers.
    Framed(Vec<Framed>),
    /// Whole lines as [`ChunkKind::Lines`], but for records that span lines ([`Rows::Spans`]),
    /// in order.
    Spans(SpanChunk),
    /// A table's rows framed ahead by [`rows`]' rule, where the plain line
    /// splitter cannot frame them (a quote, a CR alone); their numbers continue from the lines
    /// of the source's earlier chunks.
    Rows(Vec<Mark>, Vec<Field>),
}

/// A table's row framed ahead ([`ChunkKind::Rows`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mark {
    /// Where its text starts in the chunk.
    pub(crate) start: usize,
    /// Where its text ends (after the CR of its line end, if it has one).
    pub(crate) end: usize,
    /// The lines it takes.
    pub(crate) lines: u64,
    /// What it is.
    pub(crate) kind: MarkKind,
    /// Its fields, from the chunk's list of fields (empty when they were not kept).
    pub(crate) fields: (usize, usize),
}

/// What a table's row framed ahead is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MarkKind {
    /// A row.
    Row,
    /// A line that is only its line end.
    Blank,
    /// A row longer than the limit: at least this many bytes, line end included; not kept
    /// when it streamed past (its text is then empty).
    TooLong(usize),
    /// A row whose quoted field is open at the end of the input, opened at this offset in its
    /// text (when known).
    Open(Option<usize>),
}

/// The records that span lines of a chunk of lines, and all its line ends.
pub(crate) struct SpanChunk {
    /// The records that span lines, in order.
    pub(crate) spans: Vec<Span>,
    /// Every line end of the chunk (positions of its `\n`, and its end when its last line has
    /// none).
    pub(crate) ends: Vec<usize>,
}

/// A record that spans lines in a chunk of lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    /// Where its first line starts.
    pub(crate) start: usize,
    /// Where its last line ends (before the `\n`).
    pub(crate) end: usize,
    /// How many lines it takes (blank lines inside it included).
    pub(crate) lines: u64,
    /// Whether it is longer than the limit (it is then not read).
    pub(crate) too_long: bool,
    /// The printer of a board cut short (it is then a bad record).
    pub(crate) cut_short: Option<&'static str>,
}

/// A record that spans lines, still open: where it starts, where its last line so far ends,
/// its lines to there, and the blank lines fed since.
#[derive(Debug, Clone, Copy)]
struct Open {
    start: usize,
    end: usize,
    lines: u64,
    blanks: u64,
}

/// The records that span lines of a buffer of line-framed input, found line by line as the
/// buffer fills: the [`bbconv_forms::span`] rule fed the lines that may start one (a cheap
/// look at their first bytes) and the lines of an open one.
struct SpanScan {
    spans: Spans,
    mode: SpanMode,
    /// Bytes of the buffer scanned (whole lines).
    scanned: usize,
    /// Where the last record ended: what is before it can be handed over.
    cut: usize,
    /// The open record.
    open: Option<Open>,
    /// The records found, in order.
    found: Vec<Span>,
    /// The line ends scanned, in order: the conversion stage splits the chunk's lines with
    /// them rather than scanning it again.
    ends: Vec<usize>,
}

impl SpanScan {
    fn new(mode: SpanMode) -> SpanScan {
        SpanScan {
            spans: Spans::new(mode),
            mode,
            scanned: 0,
            cut: 0,
            open: None,
            found: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Scans the whole lines of `buf` not yet scanned (at the end of the input, the last line
    /// too, and closes what is open). Returns where the records found so far end.
    fn scan(&mut self, buf: &[u8], eof: bool, max_line: usize) -> usize {
        let data = &buf[self.scanned..];
        let mut ends = bbconv_forms::lines::Newlines::new(data, super::kernels());
        let last = [data.len()];
        let base = self.scanned;
        let mut start = 0;
        loop {
            let mut batch = ends.batch();
            if batch.is_empty() {
                if !eof || start >= data.len() {
                    break;
                }
                batch = &last;
            }
            self.ends.extend(batch.iter().map(|&e| base + e));
            let table = start_table(self.mode);
            for &end in batch {
                let s = start;
                start = end + 1;
                if self.open.is_none() {
                    // Most lines start nothing: a look at their first two bytes settles it (a
                    // byte past the line is its `\n`, or the next line's: never a start).
                    let (first, second) = match data.get(s..s + 2) {
                        Some(&[a, b]) => (a, b),
                        _ => (data.get(s).copied().unwrap_or(b'\n'), 0),
                    };
                    let class = table[usize::from(first)];
                    if class == 0 || (class == 2 && (second != b' ' || s + 1 >= end)) {
                        continue;
                    }
                    self.cut = base + s;
                }
                self.line(base + s, base + end, &data[s..end], max_line);
            }
        }
        if self.open.is_none() {
            self.cut = base + start.min(data.len());
        }
        self.scanned = base + start.min(data.len());
        if eof {
            if let Some(o) = self.open.take() {
                self.close(o, max_line);
            }
            self.spans.end();
            self.cut = buf.len();
        }
        self.cut
    }

    /// One line, `start..end` of the buffer.
    #[inline(always)]
    fn line(&mut self, start: usize, end: usize, line: &[u8], max_line: usize) {
        loop {
            match self.spans.feed(line) {
                Step::Single => self.cut = end + 1,
                Step::Open => {
                    self.open = Some(Open {
                        start,
                        end,
                        lines: 1,
                        blanks: 0,
                    })
                }
                Step::Blank => {
                    if let Some(o) = &mut self.open {
                        o.blanks += 1;
                    }
                }
                Step::Continue => {
                    if let Some(o) = &mut self.open {
                        o.lines += o.blanks + 1;
                        o.blanks = 0;
                        o.end = end;
                        if too_long(end - o.start, max_line) {
                            let o = *o;
                            self.open = None;
                            self.spans.end();
                            self.close(o, max_line);
                            self.cut = end + 1;
                        }
                    }
                }
                Step::Close => {
                    if let Some(mut o) = self.open.take() {
                        o.lines += o.blanks + 1;
                        o.end = end;
                        self.close(o, max_line);
                    }
                    self.cut = end + 1;
                }
                Step::EndBefore => {
                    if let Some(o) = self.open.take() {
                        self.close(o, max_line);
                        if let Some(last) = self.found.last_mut() {
                            last.cut_short = self.spans.cut_short();
                        }
                    }
                    // The blank lines between are lines of their own; this line is fed again.
                    self.cut = start;
                    continue;
                }
            }
            break;
        }
    }

    /// Books a record that spans lines.
    fn close(&mut self, o: Open, max_line: usize) {
        self.found.push(Span {
            start: o.start,
            end: o.end,
            lines: o.lines,
            too_long: too_long(o.end - o.start, max_line),
            cut_short: None,
        });
    }

    /// The records before `cut`, handed over with the chunk; the scan starts again, nothing
    /// open, on the tail (which moves to the start of the next buffer).
    fn take(&mut self, cut: usize) -> SpanChunk {
        let spans = std::mem::take(&mut self.found);
        let mut ends = std::mem::take(&mut self.ends);
        // The lines of the tail are scanned again in the next buffer.
        ends.truncate(ends.partition_point(|&e| e < cut));
        *self = SpanScan::new(self.mode);
        debug_assert!(spans.iter().all(|s| s.end <= cut));
        SpanChunk { spans, ends }
    }
}

/// Splits whole lines into records, calling `f(line number from 1, piece)` for each line.
/// Returns the number of lines.
#[inline]
pub(crate) fn split_lines(data: &[u8], max_line: usize, f: impl FnMut(u64, Piece<'_>)) -> u64 {
    split_with::<LINES>(data, max_line, f)
}

/// Splits whole lines as [`split_lines`] does, but a blank or comment line is a
/// [`Piece::Verbatim`] and a record keeps the CR of a CRLF ([`Rows::Verbatim`]).
#[inline]
pub(crate) fn split_verbatim(data: &[u8], max_line: usize, f: impl FnMut(u64, Piece<'_>)) -> u64 {
    split_with::<VERBATIM>(data, max_line, f)
}

/// The modes of [`split_with`].
pub(crate) const LINES: u8 = 0;
const ROWS: u8 = 1;
const VERBATIM: u8 = 2;

/// Splits whole lines into the rows of a table whose chunk the reader found plain (no quote,
/// no CR but before an LF: [`rows::plain`]), where [`rows`]' rule makes each line a row: as
/// [`split_lines`], but a `#` line is a row like any other, only a line that is its line end
/// alone is blank, and a row keeps the CR of a CRLF line end, so that it is written back with
/// the line end it had.
#[inline]
pub(crate) fn split_rows(data: &[u8], max_line: usize, f: impl FnMut(u64, Piece<'_>)) -> u64 {
    split_with::<ROWS>(data, max_line, f)
}

/// [`split_lines`], [`split_rows`] or [`split_verbatim`], by `MODE`.
#[inline(always)]
fn split_with<const MODE: u8>(data: &[u8], max_line: usize, f: impl FnMut(u64, Piece<'_>)) -> u64 {
    let ends = bbconv_forms::lines::Newlines::new(data, super::kernels());
    split_ends::<MODE, _>(data, 0..data.len(), ends, max_line, f)
}

/// Where the line ends of some data are, a batch at a time: found by the scanner, or given
/// (found already, by the reader of a chunk whose records may span lines).
pub(crate) trait LineEnds {
    /// The next line ends (none when there are no more).
    fn batch(&mut self) -> &[usize];
}

impl LineEnds for bbconv_forms::lines::Newlines<'_> {
    #[inline(always)]
    fn batch(&mut self) -> &[usize] {
        bbconv_forms::lines::Newlines::batch(self)
    }
}

/// Line ends found already, handed over in one batch.
pub(crate) struct Given<'a>(pub(crate) &'a [usize]);

impl LineEnds for Given<'_> {
    #[inline(always)]
    fn batch(&mut self) -> &[usize] {
        std::mem::take(&mut self.0)
    }
}

/// [`split_with`] on the lines of `data[range]`, whose line ends (positions in `data`) `ends`
/// gives.
#[inline(always)]
pub(crate) fn split_ends<const MODE: u8, E: LineEnds>(
    data: &[u8],
    range: std::ops::Range<usize>,
    mut ends: E,
    max_line: usize,
    mut f: impl FnMut(u64, Piece<'_>),
) -> u64 {
    let mut n = 0u64;
    let mut start = range.start;
    let data = &data[..range.end];
    // A last line without a newline ends where the data does.
    let last = [data.len()];
    loop {
        let mut batch = ends.batch();
        if batch.is_empty() {
            if start >= data.len() {
                break;
            }
            batch = &last;
        }
        for &end in batch {
            let raw = data.get(start..end).unwrap_or_default();
            start = end + 1;
            n += 1;
            let piece = if too_long(raw.len(), max_line) {
                Piece::TooLong(raw.len() + usize::from(end < data.len()))
            } else if MODE == ROWS {
                if strip_cr(raw).is_empty() {
                    Piece::Skip
                } else {
                    Piece::Data(raw)
                }
            } else if MODE == VERBATIM {
                if is_blank_or_comment(strip_cr(raw)) {
                    Piece::Verbatim(raw)
                } else {
                    Piece::Data(raw)
                }
            } else {
                let line = strip_cr(raw);
                if is_blank_or_comment(line) {
                    Piece::Skip
                } else {
                    Piece::Data(line)
                }
            };
            f(n, piece);
        }
    }
    n
}

/// Recycled buffers, so that the pipeline does not allocate and fault in fresh memory for
/// every chunk: input chunks (`Vec<u8>`) and output parts.
pub(crate) struct Pool<T = Vec<u8>>(std::sync::Mutex<Vec<T>>);

impl<T> Default for Pool<T> {
    fn default() -> Pool<T> {
        Pool(std::sync::Mutex::new(Vec::new()))
    }
}

impl<T: Default> Pool<T> {
    /// A recycled value, or a new one.
    pub(crate) fn take(&self) -> T {
        self.0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    }

    /// Hands a value back (at most 8 are kept).
    pub(crate) fn give(&self, b: T) {
        if let Ok(mut v) = self.0.lock() {
            if v.len() < 8 {
                v.push(b);
            }
        }
    }
}

impl Pool<Vec<u8>> {
    /// A buffer of at least `len` bytes, of any contents. One that must grow gets an eighth
    /// more, so that buffers recycled for chunks whose kept tails differ by a few bytes are not
    /// grown (copied and zeroed) chunk after chunk.
    pub(crate) fn take_len(&self, len: usize) -> Vec<u8> {
        let mut b = self.take();
        if b.len() < len {
            b.resize(len.saturating_add(len / 8), 0);
        }
        b
    }

    /// An empty buffer.
    pub(crate) fn take_empty(&self) -> Vec<u8> {
        let mut b = self.take();
        b.clear();
        b
    }
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
    /// A table's rows (`--tsv`, `--csv`) by [`rows`]' rule: a `#` line is a row,
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
    /// How records of `form` are read on a board of `size` with `planes` planes (the size of
    /// binary records), with records of at most `max_line` bytes; the drivers choose the chunk
    /// size.
    pub(crate) fn for_form(
        form: bbconv_forms::Format,
        size: bbconv_board::Size,
        planes: usize,
        max_line: usize,
    ) -> Input {
        Input {
            framing: form.framing(),
            record_len: form.record_len(size, planes),
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
        read_table(reader, input, rule, pool, &mut parts, read)
    } else if input.framing == Framing::Line {
        read_lines(reader, input, pool, &mut parts, read)
    } else {
        read_framed(reader, input, pool, &mut parts, read)
    };
    go.with_context(|| format!("cannot read {}", src.name()))
}

/// Bytes of the first chunk of line-framed input; each next chunk doubles up to [`Input::chunk`].
const FIRST_CHUNK: usize = 1 << 15;

type EmitParts<'a> = dyn FnMut(Vec<u8>, usize, ChunkKind) -> bool + 'a;

/// Cuts line-framed input into chunks of whole lines, read in place: `buf[..filled]` holds the
/// input not yet handed over, and every read goes straight into the buffer after it. A line
/// longer than the limit is dropped as it streams past, so memory stays bounded by the limit.
fn read_lines(
    mut reader: Box<dyn Read + Send>,
    input: &Input,
    pool: &Pool,
    emit: &mut EmitParts<'_>,
    progress: &dyn Fn(u64),
) -> io::Result<bool> {
    // Chunks start small and double up to the driver's size: a short input fills (and zeroes)
    // no more buffer than it needs, and the first records reach the workers sooner.
    let mut block = input.chunk.min(FIRST_CHUNK);
    let mut buf = pool.take_len(block);
    let mut carry = Vec::new();
    let mut filled: usize = 0;
    let mut first = true;
    let mut eof = false;
    let mut skipping: Option<usize> = None;
    let mut spans = match input.rows {
        Rows::Spans(mode) => Some(SpanScan::new(mode)),
        _ => None,
    };
    while !eof {
        let want = filled.saturating_add(block);
        if buf.len() < want {
            buf.resize(want, 0);
        }
        let n = read_some(&mut reader, &mut buf[filled..want])?;
        progress(n as u64);
        eof = n == 0;
        // Only the bytes just read can hold the chunk's last line end: what was kept before
        // them is a line without its end (searching it again would be quadratic in a line).
        // Until the byte order mark is settled, the few bytes held are all searched.
        let fresh = if first { 0 } else { filled };
        if let Some(len) = skipping {
            // The rest of an over-long line: dropped up to its line end.
            match memchr::memchr(b'\n', &buf[filled..filled + n]) {
                Some(k) => {
                    skipping = None;
                    if !emit(Vec::new(), 0, ChunkKind::TooLong(len.saturating_add(k + 1))) {
                        return Ok(false);
                    }
                    buf.copy_within(filled + k + 1..filled + n, filled);
                    filled += n - (k + 1);
                }
                None if eof => {
                    pool.give(buf);
                    return Ok(emit(Vec::new(), 0, ChunkKind::TooLong(len)));
                }
                None => {
                    skipping = Some(len.saturating_add(n));
                    continue;
                }
            }
        } else {
            filled += n;
        }
        if first && filled > 0 {
            if filled < BOM.len() && !eof {
                continue;
            }
            first = false;
            if buf[..filled].starts_with(BOM) {
                buf.copy_within(BOM.len()..filled, 0);
                filled -= BOM.len();
            }
        }
        let cut = if let Some(sc) = &mut spans {
            let cut = sc.scan(&buf[..filled], eof, input.max_line);
            if cut == 0 && !eof && too_long(filled, input.max_line) {
                // One line longer than the limit: dropped as it streams past, as for lines.
                skipping = Some(filled);
                filled = 0;
                *sc = SpanScan::new(sc.mode);
                continue;
            }
            cut
        } else if eof {
            filled
        } else {
            let from = fresh.min(filled);
            match memchr::memrchr(b'\n', &buf[from..filled]).map(|k| from + k + 1) {
                Some(c) => c,
                None => {
                    if too_long(filled, input.max_line) {
                        skipping = Some(filled);
                        filled = 0;
                    }
                    continue;
                }
            }
        };
        if cut == 0 {
            continue;
        }
        // The tail after the last line end waits for more input in the next buffer.
        // It is set aside before the chunk is handed over, and the next buffer taken after: a
        // driver that converts the chunk at once gives it back first, so that its buffer is
        // reused rather than a second one zeroed.
        let tail = filled - cut;
        carry.clear();
        carry.extend_from_slice(&buf[cut..filled]);
        block = block.saturating_mul(2).min(input.chunk);
        let chunk = std::mem::take(&mut buf);
        filled = tail;
        let kind = match &mut spans {
            Some(sc) => ChunkKind::Spans(sc.take(cut)),
            None => ChunkKind::Lines,
        };
        if !emit(chunk, cut, kind) {
            return Ok(false);
        }
        buf = pool.take_len(tail.saturating_add(block));
        buf[..tail].copy_from_slice(&carry);
    }
    pool.give(buf);
    Ok(true)
}

/// The most rows framed ahead in one chunk of a table: a chunk of blank lines stays small.
const MAX_MARKS: usize = 1 << 14;
/// The most fields kept in one chunk of a table: a chunk of one-byte fields stays small.
const MAX_FIELDS: usize = 1 << 16;

/// A table's row still being framed at the end of the buffer: its scan, and how far it went.
#[derive(Clone, Copy)]
struct RowScan {
    cursor: Cursor,
    scanned: usize,
}

/// Frames the rows of `data` (a row starts at 0; `pending` resumes its scan) by [`rows`]' rule
/// into `marks`, up to [`MAX_MARKS`]. Returns where the rows framed end; the row after them,
/// cut short by the end of `data`, is left in `pending`.
fn frame_rows(
    rule: Rule,
    data: &[u8],
    eof: bool,
    max_line: usize,
    (marks, fields): (&mut Vec<Mark>, &mut Vec<Field>),
    pending: &mut Option<RowScan>,
) -> usize {
    // Room for rows of about 64 bytes and their fields, so that the lists do not grow (and
    // copy) step by step (callgrind: about 100 instructions a row).
    marks.reserve((data.len() / 64 + 16).min(MAX_MARKS));
    fields.reserve((data.len() / 16 + 64).min(MAX_FIELDS));
    let mut at = 0;
    while marks.len() < MAX_MARKS && fields.len() < MAX_FIELDS {
        let (mut cursor, from) = match pending.take() {
            Some(p) => (p.cursor, p.scanned),
            None => (Cursor::default(), at),
        };
        // A row's fields are kept when it is scanned in one go (a resumed scan has lost the
        // start of its fields: the conversion stage splits the row again).
        let first = fields.len();
        let keep = from == at;
        let found = cursor.scan_uncounted(rule, data, from, eof, |s, e, clean| {
            if keep {
                fields.push(Field {
                    start: s - at,
                    end: e - at,
                    clean,
                });
            }
            true
        });
        if !matches!(found, Found::Row { .. }) {
            fields.truncate(first);
        }
        let (end, kind, lines, next) = match found {
            Found::Row { end, next, lines } => {
                // Line ends inside the row are in its quoted fields, when its scan saw one may
                // be ([`Cursor::scan_uncounted`]).
                let lines = if lines > 1 {
                    1 + rows::line_ends(&data[at..end])
                } else {
                    1
                };
                // The row's text keeps the CR of its line end.
                let end = end + usize::from(data.get(end) == Some(&b'\r'));
                let kind = if too_long(end - at, max_line) {
                    MarkKind::TooLong(next - at)
                } else {
                    MarkKind::Row
                };
                (end, kind, lines, next)
            }
            Found::Blank { next } => (at, MarkKind::Blank, 1, next),
            Found::Open { quote, .. } => {
                let rest = &data[at..];
                // The last line counts when the input does not end with its line end.
                let last = !matches!(rest.last(), Some(b'\r' | b'\n'));
                let lines = rows::line_ends(rest) + u64::from(last);
                let kind = MarkKind::Open(quote.map(|q| q - at));
                (data.len(), kind, lines, data.len())
            }
            Found::More => {
                *pending = Some(RowScan {
                    cursor,
                    scanned: data.len(),
                });
                break;
            }
            Found::End | Found::Stopped => break,
        };
        marks.push(Mark {
            start: at,
            end,
            lines,
            kind,
            fields: (first, fields.len()),
        });
        at = next;
    }
    at
}

/// The scan of the row that fills `data` and is longer than the limit (`pending`: its scan so
/// far), made to go on through the bytes that follow ([`stream_past`]).
fn long_row(rule: Rule, data: &[u8], pending: Option<RowScan>) -> Cursor {
    let pending = pending.or_else(|| {
        let mut p = None;
        frame_rows(
            rule,
            data,
            false,
            usize::MAX,
            (&mut Vec::new(), &mut Vec::new()),
            &mut p,
        );
        p
    });
    let mut cursor = pending.map_or(Cursor::default(), |p| p.cursor.counted(data));
    cursor.shift(data.len());
    cursor
}

/// Scans on a row longer than the limit through `data`, the next bytes of the input, counting
/// them in `len`: where it ends and its bad record, once it does.
fn stream_past(
    rule: Rule,
    cursor: &mut Cursor,
    len: &mut usize,
    data: &[u8],
    eof: bool,
) -> Option<(ChunkKind, usize)> {
    let mark = |kind, lines| {
        let m = Mark {
            start: 0,
            end: 0,
            lines,
            kind,
            fields: (0, 0),
        };
        ChunkKind::Rows(vec![m], Vec::new())
    };
    match cursor.scan(rule, data, 0, eof, |_, _, _| true) {
        Found::Row { next, lines, .. } => Some((
            mark(MarkKind::TooLong(len.saturating_add(next)), lines),
            next,
        )),
        Found::Open { lines, .. } => Some((mark(MarkKind::Open(None), lines), data.len())),
        _ => {
            *len = len.saturating_add(data.len());
            None
        }
    }
}

/// Cuts a table's input into chunks of whole rows by [`rows`]' rule, read in place as
/// [`read_lines`] reads lines. A buffer the plain line splitter can take ([`rows::plain`]) is
/// cut after its last LF and split by [`split_rows`]; any other is framed here, its rows handed
/// over with it ([`ChunkKind::Rows`]). A row longer than the limit is dropped as it streams
/// past, its scan going on to where its quotes let it end, so memory stays bounded by the limit.
fn read_table(
    mut reader: Box<dyn Read + Send>,
    input: &Input,
    rule: Rule,
    pool: &Pool,
    emit: &mut EmitParts<'_>,
    progress: &dyn Fn(u64),
) -> io::Result<bool> {
    let mut block = input.chunk.min(FIRST_CHUNK);
    let mut buf = pool.take_len(block);
    let mut carry = Vec::new();
    let (mut filled, mut first, mut eof) = (0usize, true, false);
    // How far the buffer is found plain, whether it is not, and the scan of its last row.
    let (mut checked, mut odd, mut pending) = (0usize, false, None);
    // The scan of a row longer than the limit, streaming past, and its bytes so far.
    let mut skipping: Option<(Cursor, usize)> = None;
    while !eof {
        let want = filled.saturating_add(block);
        if buf.len() < want {
            buf.resize(want, 0);
        }
        let n = read_some(&mut reader, &mut buf[filled..want])?;
        progress(n as u64);
        eof = n == 0;
        // As in [`read_lines`]: only the bytes just read can hold the last LF of a plain buffer.
        let mut fresh = if first { 0 } else { filled };
        filled += n;
        if let Some((cursor, len)) = &mut skipping {
            let Some((kind, next)) = stream_past(rule, cursor, len, &buf[..filled], eof) else {
                filled = 0;
                continue;
            };
            skipping = None;
            if !emit(Vec::new(), 0, kind) {
                return Ok(false);
            }
            buf.copy_within(next..filled, 0);
            filled -= next;
            (checked, odd, pending) = (0, false, None);
        }
        if first && filled > 0 {
            if filled < BOM.len() && !eof {
                continue;
            }
            first = false;
            if buf[..filled].starts_with(BOM) {
                buf.copy_within(BOM.len()..filled, 0);
                filled -= BOM.len();
            }
        }
        // Chunks are cut until what is left is a row cut short (a buffer of many rows framed
        // ahead takes several chunks).
        loop {
            let (mut marks, mut fields) = (Vec::new(), Vec::new());
            let data = &buf[..filled];
            let cut = if !odd && plain_upto(rule, data, &mut checked, eof) {
                // The plain splitter frames the tail's row anew.
                pending = None;
                if eof {
                    filled
                } else {
                    let from = fresh.min(filled);
                    memchr::memrchr(b'\n', &data[from..]).map_or(0, |k| from + k + 1)
                }
            } else {
                odd = true;
                let framed = (&mut marks, &mut fields);
                frame_rows(rule, data, eof, input.max_line, framed, &mut pending)
            };
            if cut == 0 {
                if !eof && too_long(filled, input.max_line) {
                    // One row longer than the limit: dropped as it streams past.
                    skipping = Some((long_row(rule, data, pending.take()), filled));
                    (filled, checked, odd) = (0, 0, false);
                }
                break;
            }
            let more = marks.len() == MAX_MARKS || fields.len() >= MAX_FIELDS;
            let tail = filled - cut;
            carry.clear();
            carry.extend_from_slice(&buf[cut..filled]);
            block = block.saturating_mul(2).min(input.chunk);
            let chunk = std::mem::take(&mut buf);
            filled = tail;
            // The row left pending was scanned from the cut: it moves with the tail.
            if let Some(p) = &mut pending {
                p.scanned -= cut;
                p.cursor.shift(cut);
            }
            let kind = if odd {
                ChunkKind::Rows(marks, fields)
            } else {
                ChunkKind::Lines
            };
            (checked, odd) = (0, false);
            if !emit(chunk, cut, kind) {
                return Ok(false);
            }
            buf = pool.take_len(tail.saturating_add(block));
            buf[..tail].copy_from_slice(&carry);
            if !more {
                break;
            }
            fresh = 0;
        }
    }
    pool.give(buf);
    Ok(true)
}

/// Whether `data` is plain for the line splitter ([`rows::plain`]), checked on from `checked`,
/// which moves on to where it was checked.
#[inline]
fn plain_upto(rule: Rule, data: &[u8], checked: &mut usize, eof: bool) -> bool {
    match rows::plain(rule, data, (*checked).min(data.len()), eof) {
        Ok(c) => {
            *checked = c;
            true
        }
        Err(()) => false,
    }
}

/// Splits a chunk of a table into rows, calling `f(line number from 1, piece)` for each; the
/// chunk is plain lines ([`split_rows`]) or rows framed ahead ([`ChunkKind::Rows`]). Returns
/// the number of lines. The conversion stage and the table's set-up both split by it.
#[inline(always)]
pub(crate) fn split_table(
    data: &[u8],
    kind: &ChunkKind,
    max_line: usize,
    mut f: impl FnMut(u64, Piece<'_>),
) -> u64 {
    match kind {
        ChunkKind::Rows(marks, fields) => split_marks(data, marks, fields, &mut f),
        _ => split_rows(data, max_line, f),
    }
}

/// [`split_table`] on rows framed ahead: out of line, so that the plain rows' loop, where a
/// row's conversion is inlined, is not made larger by a second copy (callgrind: a copy inlined
/// here cost the plain TSV path 30 instructions a row).
#[inline(never)]
fn split_marks(
    data: &[u8],
    marks: &[Mark],
    fields: &[Field],
    f: &mut dyn FnMut(u64, Piece<'_>),
) -> u64 {
    let mut line = 1;
    for m in marks {
        let text = data.get(m.start..m.end).unwrap_or_default();
        let piece = match m.kind {
            MarkKind::Row if m.fields.0 < m.fields.1 => Piece::Split {
                text,
                fields: fields.get(m.fields.0..m.fields.1).unwrap_or_default(),
            },
            MarkKind::Row => Piece::Data(text),
            MarkKind::Blank => Piece::Skip,
            MarkKind::TooLong(len) => Piece::TooLong(len),
            MarkKind::Open(quote) => Piece::Unclosed {
                text,
                quote,
                lines: m.lines,
            },
        };
        f(line, piece);
        line += m.lines;
    }
    line - 1
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

/// Frames grids, JSON values or binary records sequentially and hands them over in chunks.
fn read_framed(
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
    let mut framed = Vec::with_capacity(FRAMED);
    let mut reported = 0;
    loop {
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
        if !framed.is_empty() && (done || data.len() >= input.chunk || framed.len() >= 4096) {
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
    /// those [`bbconv_forms::ValueScanner::values_of_line`] finds in it alone. They are found
    /// when it is converted, where reading the line as one value usually settles it at no cost.
    Line { line: usize, data: &'a [u8] },
    /// A record longer than the limit, skipped without being held in memory.
    TooLong { line: usize, len: usize },
    /// A binary record cut short by the end of the input.
    Truncated { line: usize, len: usize },
}

/// A raw line: where it is in the buffer, or that it was too long.
enum Raw {
    Line(usize, usize),
    TooLong(usize),
}

/// Frames grids (blank-line-separated blocks), JSON values and fixed-size binary records from a
/// reader, one at a time, with the line (or record number) where each starts.
pub(crate) struct Records<R> {
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
    pending: VecDeque<Pending>,
    scanner: ValueScanner,
    open_line: usize,
    consumed: u64,
    /// Whether lines that can be framed on their own are handed out as [`Record::Line`] (off
    /// only in the test that compares the two framings).
    defer_lines: bool,
    /// A line of a block framing read ahead (its number and text), for the next block.
    held: Option<(usize, Vec<u8>)>,
    /// Whether a block whole in the buffer is handed out in one step ([`plain_block`]); the
    /// tests turn it off to check the line loop gives the same records.
    whole_blocks: bool,
}

/// Lines that continue a block after a blank line: the lines Stockfish's `d` prints under its
/// board.
const TRAILERS: [&[u8]; 3] = [b"Fen:", b"Key:", b"Checkers:"];

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
        }
    }

    /// Bytes read from the input so far.
    pub(crate) fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Reads more input after `end`, first moving the unread part to the front. Returns how many
    /// bytes were read (0 at the end of the input).
    fn fill(&mut self) -> io::Result<usize> {
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
    fn raw_line(&mut self) -> io::Result<Option<Raw>> {
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

    /// Applies the line rules: a CR before the line end, a byte order mark at the start.
    fn strip(&mut self, mut s: usize, e: usize) -> Raw {
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
            // Line records are framed by `split_lines`, never here.
            Framing::Json | Framing::Line => self.next_json(),
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

    fn next_block(&mut self) -> io::Result<Option<Record<'_>>> {
        // The common block, whole in the buffer and ended by a blank line, in one step: what
        // the line loop below gives it, for about a tenth of the instructions (`bench/matrix.py`,
        // `-f grid`: the loop costs about 2,300 a 10-line grid).
        if self.whole_blocks && self.held.is_none() && !self.first {
            let rest = &self.buf[self.start..self.end];
            if let Some((len, lines)) = plain_block(rest, self.max_len) {
                let (line, start) = (self.line + 1, self.start);
                self.line += lines + 1;
                self.start += len + 2;
                return Ok(Some(Record::Data {
                    line,
                    data: &self.buf[start..start + len],
                }));
            }
        }
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

    /// The next JSON value. Each line is scanned once ([`ValueScanner`]); a value still open when
    /// a line [`begins_value`] ends there, broken, so that it costs at most itself.
    fn next_json(&mut self) -> io::Result<Option<Record<'_>>> {
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
enum Pending {
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

/// A block that the line loop of [`Records::next_block`] would take whole, with nothing to
/// decide: its lines up to the first empty line, all in the whole 64-byte chunks of `b`, none blank or holding a CR or a `+`
/// (a Stockfish board's `+---`, whose trailer lines follow a blank line, or a shogi piece), at
/// least one line not a `#` comment, at most `max_len` bytes. Its length and number of lines,
/// or `None`.
fn plain_block(b: &[u8], max_len: usize) -> Option<(usize, usize)> {
    let (mut at, mut lines, mut rows) = (0, 0, false);
    // The line ends 64 bytes at a time (a memchr a line costs about 40 instructions a line).
    for (k, chunk) in b.chunks_exact(64).enumerate() {
        let mut ends = bbconv_forms::lines::byte_mask(chunk.try_into().ok()?, b'\n');
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

    /// A piece as `line:what`.
    fn piece(n: u64, p: Piece<'_>) -> String {
        match p {
            Piece::Data(d) => format!("{n}:{}", String::from_utf8_lossy(d)),
            Piece::Split { text, fields } => {
                // The framer's fields are the splitter's.
                let mut again = Vec::new();
                rows::fields(CSV, line_rules::strip_cr(text), |s, e, clean| {
                    again.push(Field {
                        start: s,
                        end: e,
                        clean,
                    });
                    true
                });
                assert_eq!(fields, again, "{}", String::from_utf8_lossy(text));
                format!("{n}:{}", String::from_utf8_lossy(text))
            }
            Piece::Skip => format!("{n}:skip"),
            Piece::Verbatim(v) => format!("{n}:as is {}", String::from_utf8_lossy(v)),
            Piece::TooLong(len) => format!("{n}:long {len}"),
            Piece::Unclosed { text, quote, lines } => format!(
                "{n}:open {lines} lines at {quote:?} {}",
                String::from_utf8_lossy(text)
            ),
        }
    }

    fn lines(data: &[u8], max: usize) -> Vec<String> {
        let mut out = Vec::new();
        split_lines(data, max, |n, p| out.push(piece(n, p)));
        out
    }

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

    #[test]
    fn line_rules_in_split_lines() {
        assert_eq!(
            lines(b"0x1\r\n\n  # note\n\t\nxxxxxxxxxxxx\n0x2", 8),
            ["1:0x1", "2:skip", "3:skip", "4:skip", "5:long 13", "6:0x2"]
        );
        // A line of exactly the limit is accepted; its CR counts toward the limit.
        assert_eq!(
            lines(b"12345678\n1234567\r\n", 8),
            ["1:12345678", "2:1234567"]
        );
        assert_eq!(lines(b"1234567\r\r\n", 8), ["1:long 10"]);
    }

    /// Chunks cut by the line reader, split into lines, give the lines of the whole input,
    /// wherever the chunk boundaries fall.
    fn chunked(input: &[u8], chunk: usize, max: usize) -> Vec<String> {
        chunked_rows(input, chunk, max, Rows::Lines)
    }

    const CSV: Rule = Rule {
        delimiter: b',',
        quoting: true,
    };

    /// The rows of a CSV input read at once, as `line:row`.
    fn csv_rows(data: &[u8], max: usize) -> Vec<String> {
        table_rows(data, 1 << 20, max, CSV)
    }

    /// The rows of a table's input as the reader cuts it in chunks of `chunk` bytes and the
    /// conversion stage splits them, as `line:row`.
    fn table_rows(input: &[u8], chunk: usize, max: usize, rule: Rule) -> Vec<String> {
        let cfg = Input {
            framing: Framing::Line,
            record_len: 0,
            max_line: max,
            chunk,
            rows: Rows::Table(rule),
        };
        let pool = Pool::default();
        let (mut got, mut base) = (Vec::new(), 0);
        read_table(
            Box::new(io::Cursor::new(input.to_vec())),
            &cfg,
            rule,
            &pool,
            &mut |data, len, kind| {
                let b = base;
                base += split_table(&data[..len], &kind, max, |n, p| got.push(piece(b + n, p)));
                true
            },
            &|_| {},
        )
        .unwrap();
        got
    }

    /// [`chunked`] with the rows of a table.
    fn chunked_rows(input: &[u8], chunk: usize, max: usize, rows: Rows) -> Vec<String> {
        let cfg = Input {
            framing: Framing::Line,
            record_len: 0,
            max_line: max,
            chunk,
            rows,
        };
        let pool = Pool::default();
        let mut got = Vec::new();
        let mut base = 0;
        read_lines(
            Box::new(io::Cursor::new(input.to_vec())),
            &cfg,
            &pool,
            &mut |data, len, kind| {
                match kind {
                    ChunkKind::Lines => {
                        let mut v = lines(&data[..len], max);
                        let n = v.len() as u64;
                        for s in &mut v {
                            let (n, rest) = s.split_once(':').unwrap();
                            *s = format!("{}:{rest}", base + n.parse::<u64>().unwrap());
                        }
                        base += n;
                        got.extend(v);
                    }
                    ChunkKind::TooLong(len) => {
                        base += 1;
                        got.push(format!("{base}:long {len}"));
                    }
                    ChunkKind::Spans(sc) => {
                        // As the conversion stage reads them: the lines between the records
                        // that span lines, and each of those whole.
                        let data = &data[..len];
                        let mut at = 0;
                        for k in 0..=sc.spans.len() {
                            let sp = sc.spans.get(k);
                            let to = sp.map_or(data.len(), |sp| sp.start);
                            let ends: Vec<usize> = sc
                                .ends
                                .iter()
                                .copied()
                                .filter(|&e| e >= at && e < to)
                                .collect();
                            let b = base;
                            base +=
                                split_ends::<LINES, _>(data, at..to, Given(&ends), max, |n, p| {
                                    got.push(match p {
                                        Piece::Data(d) => {
                                            format!("{}:{}", b + n, String::from_utf8_lossy(d))
                                        }
                                        Piece::Skip => format!("{}:skip", b + n),
                                        other => format!("{}:{other:?}", b + n),
                                    })
                                });
                            let Some(sp) = sp else { break };
                            got.push(format!(
                                "{}:span {}",
                                base + 1,
                                String::from_utf8_lossy(&data[sp.start..sp.end])
                            ));
                            base += sp.lines;
                            at = (sp.end + 1).min(data.len());
                        }
                    }
                    ChunkKind::Framed(_) | ChunkKind::Rows(..) => unreachable!(),
                }
                true
            },
            &|_| {},
        )
        .unwrap();
        got
    }

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

    /// CSV rows whose quoted fields hold line breaks stay whole wherever the chunks are cut,
    /// numbered by their first line, whether the chunk is plain or framed ahead; a row over
    /// the limit ends where its quotes close, and the rows after it are read.
    #[test]
    fn csv_rows_span_lines_and_chunks() {
        let mut input = b"\xef\xbb\xbfid,fen,note\r\n".to_vec();
        for k in 0..300 {
            input.extend_from_slice(
                match k % 5 {
                    0 => format!("{k},8/8/8/8/8/8/8/8 w - - 0 1,\"two\nlines\"\r\n"),
                    1 => {
                        format!("{k},\"8/8/8/8/8/8/8/8 w - - 0 1\",\"a \"\"quote\"\", and more\"\n")
                    }
                    2 => format!("# {k},x,\"\n\n\"\n\n"),
                    3 => format!("{k},5\" screen,cr\r"),
                    _ => format!("{k},y,z\n"),
                }
                .as_bytes(),
            );
        }
        let expect = csv_rows(&input, 1000);
        assert!(expect.contains(&"2:0,8/8/8/8/8/8/8/8 w - - 0 1,\"two\nlines\"\r".to_string()));
        assert!(expect.contains(&"8:skip".to_string()), "{:?}", &expect[..6]);
        assert!(
            expect.contains(&"9:3,5\" screen,cr\r".to_string()),
            "{:?}",
            &expect[..9]
        );
        for chunk in [1, 2, 3, 7, 64, 100, 4096, 1 << 20] {
            assert_eq!(
                table_rows(&input, chunk, 1000, CSV),
                expect,
                "chunk {chunk}"
            );
        }
        let mut long = b"a,\"open\nb,c\nd,e\n".to_vec();
        long.extend(std::iter::repeat_n(b'x', 50));
        long.extend_from_slice(b"\"\nf,g\n");
        // The row over the limit ends where its quote closes; reading goes on after it.
        for chunk in [1, 7, 64, 4096] {
            assert_eq!(table_rows(&long, chunk, 20, CSV), ["1:long 68", "5:f,g"]);
        }
        // A quote open at the end: one bad row naming its lines, kept or streamed past.
        assert_eq!(
            csv_rows(b"x\ny,\"a\nb\n", 1000),
            ["1:x", "2:open 2 lines at Some(2) y,\"a\nb\n"]
        );
        assert_eq!(
            table_rows(b"x\ny,\"a\nbbbbbbbbbb\n", 4, 5, CSV),
            ["1:x", "2:open 2 lines at None "]
        );
    }

    /// Records that span lines (SGF game trees, printed boards) stay whole wherever the chunks
    /// are cut, numbered by their first line; the lines around them are lines as ever.
    #[test]
    fn spans_stay_whole_across_chunks() {
        let board = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/paste/stockfish-d.txt"
        ))
        .unwrap();
        let mut input = Vec::new();
        for k in 0..40 {
            input.extend_from_slice(match k % 5 {
                0 => b"8/8/8/8/8/8/8/K6k w - - 0 1\n".as_slice(),
                1 => b"(;GM[1]SZ[9]\nAB[aa]\n(;B[bb]C[a\n\ncomment])\n(;B[cc]))\n",
                2 => &board,
                3 => b"\n# comment\n(;SZ[9]\n;B[aa]\n\n",
                _ => b"r . . . k . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . K . . .\n",
            });
        }
        let mode = Rows::Spans(SpanMode::Auto);
        let whole = chunked_rows(&input, 1 << 20, 10_000, mode);
        assert!(whole.contains(
            &"2:span (;GM[1]SZ[9]\nAB[aa]\n(;B[bb]C[a\n\ncomment])\n(;B[cc]))".to_string()
        ));
        assert!(
            whole.iter().any(|r| r.starts_with("9:span  +---+")),
            "{:?}",
            &whole[..5]
        );
        assert!(
            whole.contains(&"33:span (;SZ[9]\n;B[aa]".to_string()),
            "{:?}",
            &whole[..12]
        );
        for chunk in [1, 2, 7, 64, 300, 4096] {
            assert_eq!(
                chunked_rows(&input, chunk, 10_000, mode),
                whole,
                "chunk {chunk}"
            );
        }
    }

    /// Under the verbatim rules a blank or `#` line is kept as it is and a record keeps its CR.
    #[test]
    fn verbatim_lines_keep_what_they_had() {
        let mut got = Vec::new();
        split_verbatim(b"# c\r\nA\r\n\nB\n  \n", 100, |n, p| {
            got.push(match p {
                Piece::Data(d) => format!("{n}:data {}", String::from_utf8_lossy(d)),
                Piece::Verbatim(v) => format!("{n}:as is {}", String::from_utf8_lossy(v)),
                other => format!("{n}:{other:?}"),
            })
        });
        assert_eq!(
            got,
            [
                "1:as is # c\r",
                "2:data A\r",
                "3:as is ",
                "4:data B",
                "5:as is   "
            ]
        );
    }

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
