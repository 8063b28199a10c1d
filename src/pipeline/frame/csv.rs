//! A table's rows (`--tsv`, `--csv`), framed by [`rows`]' rule: a buffer the plain line
//! splitter can take is cut after its last line end; any other is framed here, its rows handed
//! over with it ([`ChunkKind::Rows`]: a [`Mark`] a row); a row longer than the limit streams
//! past, its scan going on to where its quotes let it end ([`stream_past`]). The conversion
//! stage and the table's set-up split a chunk into rows by [`split_table`].

use std::io::{self, Read};

use super::line_rules::too_long;
use super::lines::{last_line_end, split_rows};
use super::{ChunkKind, EmitParts, InPlace, Input, Piece, Pool};
use crate::pipeline::rows::{self, Cursor, Field, Found, Rule};

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
                let (end, kind, lines) = row_mark(data, at, (end, next, lines), max_line);
                (end, kind, lines, next)
            }
            Found::Blank { next } => (at, MarkKind::Blank, 1, next),
            Found::Open { quote, .. } => {
                let (kind, lines) = open_mark(&data[at..], quote.map(|q| q - at));
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

/// A whole row found at `at` of `data` by [`frame_rows`] (its scan's `(end, next, lines)`):
/// where its text ends, what it is and the lines it takes.
#[inline(always)]
fn row_mark(
    data: &[u8],
    at: usize,
    (end, next, lines): (usize, usize, u64),
    max_line: usize,
) -> (usize, MarkKind, u64) {
    // Line ends inside the row are in its quoted fields, when its scan saw one may be
    // ([`Cursor::scan_uncounted`]).
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
    (end, kind, lines)
}

/// A row whose quoted field (opened at `quote` in it, when known) is open at the end of the
/// input, `rest` its text: what it is and the lines it takes.
#[inline(always)]
fn open_mark(rest: &[u8], quote: Option<usize>) -> (MarkKind, u64) {
    // The last line counts when the input does not end with its line end.
    let last = !matches!(rest.last(), Some(b'\r' | b'\n'));
    (
        MarkKind::Open(quote),
        rows::line_ends(rest) + u64::from(last),
    )
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

/// How far a table's buffer is framed: how far it is found plain, whether it is not (its rows
/// are then framed here), and the scan of its last row, cut short by the end of the buffer.
struct TableScan {
    rule: Rule,
    max_line: usize,
    checked: usize,
    odd: bool,
    pending: Option<RowScan>,
}

impl TableScan {
    fn new(rule: Rule, max_line: usize) -> TableScan {
        TableScan {
            rule,
            max_line,
            checked: 0,
            odd: false,
            pending: None,
        }
    }

    /// Starts again on a new buffer, nothing framed.
    fn reset(&mut self) {
        (self.checked, self.odd, self.pending) = (0, false, None);
    }

    /// The next chunk of `data`: where it ends (0: there is no whole row), its kind, and
    /// whether rows framed ahead were left for another chunk (a chunk's lists are bounded).
    /// Of a plain buffer, only the bytes from `fresh` can hold its last line end.
    fn cut(&mut self, data: &[u8], fresh: usize, eof: bool) -> (usize, ChunkKind, bool) {
        if !self.odd && plain_upto(self.rule, data, &mut self.checked, eof) {
            // The plain splitter frames the tail's row anew.
            self.pending = None;
            return (last_line_end(data, fresh, eof), ChunkKind::Lines, false);
        }
        self.odd = true;
        let (mut marks, mut fields) = (Vec::new(), Vec::new());
        let framed = (&mut marks, &mut fields);
        let cut = frame_rows(
            self.rule,
            data,
            eof,
            self.max_line,
            framed,
            &mut self.pending,
        );
        let more = marks.len() == MAX_MARKS || fields.len() >= MAX_FIELDS;
        (cut, ChunkKind::Rows(marks, fields), more)
    }

    /// The chunk up to `cut` was handed over: the row left pending was scanned from the cut,
    /// and moves with the tail.
    fn handed_over(&mut self, cut: usize) {
        if let Some(p) = &mut self.pending {
            p.scanned -= cut;
            p.cursor.shift(cut);
        }
        (self.checked, self.odd) = (0, false);
    }

    /// The scan of the row that fills `data`, longer than the limit, to go on through the
    /// bytes that follow ([`long_row`]); the scan starts again after it.
    fn long_row(&mut self, data: &[u8]) -> Cursor {
        let cursor = long_row(self.rule, data, self.pending.take());
        (self.checked, self.odd) = (0, false);
        cursor
    }
}

/// Cuts a table's input into chunks of whole rows ([`TableScan`]), read in place
/// ([`InPlace`]). A row longer than the limit is dropped as it streams past ([`stream_past`]),
/// so memory stays bounded by the limit.
pub(super) fn read_table(
    mut reader: Box<dyn Read + Send>,
    input: &Input,
    rule: Rule,
    pool: &Pool,
    emit: &mut EmitParts<'_>,
    progress: &dyn Fn(u64),
) -> io::Result<bool> {
    let mut inp = InPlace::new(pool, input.chunk);
    let mut scan = TableScan::new(rule, input.max_line);
    // The scan of a row longer than the limit, streaming past, and its bytes so far.
    let mut skipping: Option<(Cursor, usize)> = None;
    while !inp.eof {
        let n = inp.read(&mut reader, progress)?;
        let mut fresh = inp.fresh();
        inp.filled += n;
        if let Some((cursor, len)) = &mut skipping {
            let data = &inp.buf[..inp.filled];
            let Some((kind, next)) = stream_past(rule, cursor, len, data, inp.eof) else {
                inp.filled = 0;
                continue;
            };
            skipping = None;
            if !emit(Vec::new(), 0, kind) {
                return Ok(false);
            }
            inp.buf.copy_within(next..inp.filled, 0);
            inp.filled -= next;
            scan.reset();
        }
        if !inp.settle_bom() {
            continue;
        }
        // Chunks are cut until what is left is a row cut short (a buffer of many rows framed
        // ahead takes several chunks).
        loop {
            let data = &inp.buf[..inp.filled];
            let (cut, kind, more) = scan.cut(data, fresh, inp.eof);
            if cut == 0 {
                if !inp.eof && too_long(inp.filled, input.max_line) {
                    // One row longer than the limit: dropped as it streams past.
                    skipping = Some((scan.long_row(data), inp.filled));
                    inp.filled = 0;
                }
                break;
            }
            scan.handed_over(cut);
            if !inp.hand_over(cut, kind, emit) {
                return Ok(false);
            }
            if !more {
                break;
            }
            fresh = 0;
        }
    }
    inp.finish();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::frame::testing::{piece, CSV};
    use crate::pipeline::frame::Rows;
    use bbconv_forms::Framing;

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
}
