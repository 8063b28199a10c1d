//! Tables (`--tsv`, `--csv`): rows of fields with a board in one column. A row is split into
//! fields, the board's field goes through the conversion and is written back in its place (or
//! added as a last column), and every other field is passed through: TSV byte for byte (no
//! quoting: a backslash is text, as PostgreSQL's and the IANA's TSV have it), CSV as the csv
//! crate writes it with minimal quoting. A row keeps its line end (the CR of a CRLF is written
//! back). The board's column is settled once, on the reading thread, before any row is
//! converted ([`Stage::prepare`]): from `--column N`, from the header that holds `--column
//! NAME`, or from the first row with a field that qualifies as a board ([`Table::qualifies`]).

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

use bbconv_board::Size;
use bbconv_forms::{ConvertError, ErrorKind, Format, Options, ParseError};

use super::frame::{split_csv_rows, split_rows, Chunk, ChunkKind, Piece, Rows};
use super::work::{Stage, StageLoop};

/// How a row's fields are delimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Tab-separated, no quoting.
    Tsv,
    /// RFC 4180 CSV with this delimiter: a quoted field may hold the delimiter, doubled quotes
    /// and line breaks.
    Csv(u8),
}

impl Dialect {
    /// The field delimiter.
    fn delimiter(self) -> u8 {
        match self {
            Dialect::Tsv => b'\t',
            Dialect::Csv(d) => d,
        }
    }

    /// How the input's lines are rows.
    fn rows(self) -> Rows {
        match self {
            Dialect::Tsv => Rows::Table,
            Dialect::Csv(_) => Rows::Quoted,
        }
    }
}

/// Which column holds the board, as the command line names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Column {
    /// The first column whose text qualifies as a board, on the first row that has one.
    Auto,
    /// This column (0-based).
    Index(usize),
    /// The column the header names so.
    Name(String),
}

impl std::str::FromStr for Column {
    type Err = String;

    /// `N` (1-based) or a name.
    fn from_str(s: &str) -> Result<Column, String> {
        if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) {
            match s.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(Column::Index(n - 1)),
                _ => Err(format!(
                    "invalid column '{s}': columns are numbered from 1 (or named, as the header names them)"
                )),
            }
        } else if s.is_empty() {
            Err("invalid column '': expected a number from 1 or a name".into())
        } else {
            Ok(Column::Name(s.to_string()))
        }
    }
}

/// What a table run is told.
pub(crate) struct TableSpec {
    /// How fields are delimited.
    pub(crate) dialect: Dialect,
    /// The board's column.
    pub(crate) column: Column,
    /// Add the converted board as a new last column of this name, instead of replacing the
    /// board's column.
    pub(crate) append: Option<String>,
    /// The first row of each file is a header (`--header`).
    pub(crate) header: bool,
    /// The output form: the converted column's name in the header.
    pub(crate) to: Format,
    /// The input form (under `auto`, only forms that carry their own size qualify a column).
    pub(crate) from: Format,
    /// A bad row is written with its board field empty (`--errors null`).
    pub(crate) null_rows: bool,
    /// The longest row.
    pub(crate) max_line: usize,
}

/// A table run's rules and its settled state, shared by the stage and the writer.
pub(crate) struct Table {
    spec: TableSpec,
    opts: Options,
    /// The board's column (0-based), once settled.
    settled: OnceLock<usize>,
    /// The file whose header row is written: the first header read.
    header_src: OnceLock<usize>,
    /// The header's fields, as the first header had them (to check later headers against).
    first_header: OnceLock<Vec<Vec<u8>>>,
    /// The csv crate's writer, for its quoting rules.
    csv: csv_core::Writer,
    /// The field delimiter.
    delimiter: u8,
    /// Whether fields may be quoted (CSV).
    quoting: bool,
    /// Whether the board is added as a last column (`--append`).
    appending: bool,
}

/// The forms that carry their own size, and so mark a column as a board under `-f auto`.
const SELF_SIZED: [Format; 7] = [
    Format::Fen,
    Format::Json,
    Format::Edax,
    Format::Sgf,
    Format::Pdn,
    Format::Grid,
    Format::Paste,
];

thread_local! {
    /// Scratch space for splitting a quoted CSV row: its fields' bytes and their ends.
    static SCRATCH: RefCell<(Vec<u8>, Vec<usize>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

impl Table {
    /// The rules of `spec`, with `opts` for telling a board's form under `-f auto`.
    pub(crate) fn new(spec: TableSpec, opts: &Options) -> Table {
        let settled = OnceLock::new();
        if let Column::Index(k) = spec.column {
            let _ = settled.set(k);
        }
        let csv = csv_core::WriterBuilder::new()
            .delimiter(spec.dialect.delimiter())
            .quote_style(csv_core::QuoteStyle::Necessary)
            .build();
        Table {
            delimiter: spec.dialect.delimiter(),
            quoting: matches!(spec.dialect, Dialect::Csv(_)),
            appending: spec.append.is_some(),
            spec,
            opts: opts.clone(),
            settled,
            header_src: OnceLock::new(),
            first_header: OnceLock::new(),
            csv,
        }
    }

    /// How the input's lines are rows.
    pub(crate) fn rows(&self) -> Rows {
        self.spec.dialect.rows()
    }

    /// Whether each file's first row is its header: `--header`, or `--column NAME` (the row
    /// that holds NAME).
    fn header_rows(&self) -> bool {
        self.spec.header || matches!(self.spec.column, Column::Name(_))
    }

    /// The fields of a row (without its line end), unquoted.
    fn fields(&self, body: &[u8]) -> Vec<Vec<u8>> {
        let d = self.spec.dialect.delimiter();
        if self.spec.dialect == Dialect::Tsv || memchr::memchr(b'"', body).is_none() {
            return body.split(|&c| c == d).map(<[u8]>::to_vec).collect();
        }
        self.with_csv_fields(body, |bytes, ends| {
            let mut start = 0;
            ends.iter()
                .map(|&e| {
                    let f = bytes[start..e].to_vec();
                    start = e;
                    f
                })
                .collect()
        })
    }

    /// Runs `f` on the fields of a CSV row read by the csv crate: their bytes, one after the
    /// other, and where each ends.
    fn with_csv_fields<R>(&self, body: &[u8], f: impl FnOnce(&[u8], &[usize]) -> R) -> R {
        SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            let (bytes, ends) = &mut *s;
            bytes.clear();
            bytes.resize(body.len() + 1, 0);
            ends.clear();
            ends.resize(body.len() + 2, 0);
            let mut rdr = csv_core::ReaderBuilder::new()
                .delimiter(self.spec.dialect.delimiter())
                .terminator(csv_core::Terminator::Any(b'\n'))
                .build();
            let (mut input, mut nout, mut nend) = (body, 0, 0);
            loop {
                let (res, i, o, e) = rdr.read_record(input, &mut bytes[nout..], &mut ends[nend..]);
                input = &input[i..];
                nout += o;
                nend += e;
                match res {
                    csv_core::ReadRecordResult::InputEmpty => {}
                    csv_core::ReadRecordResult::Record | csv_core::ReadRecordResult::End => break,
                    // The buffers hold every field of the row, which is at most its length.
                    _ => break,
                }
            }
            // The csv crate's ends are relative to the record's start: they are here too.
            f(&bytes[..nout], &ends[..nend])
        })
    }

    /// Where field `k` starts and ends in a row (quotes included), or how many fields the row
    /// has when it has no field `k`.
    fn bounds(&self, body: &[u8], k: usize) -> Result<(usize, usize), usize> {
        let d = self.spec.dialect.delimiter();
        let (mut start, mut n) = (0, 0);
        let quoted =
            matches!(self.spec.dialect, Dialect::Csv(_)) && memchr::memchr(b'"', body).is_some();
        if !quoted {
            return field_bounds(body, d, k);
        } else {
            let mut open = false;
            for (p, &c) in body.iter().enumerate() {
                if c == b'"' {
                    open = !open;
                } else if c == d && !open {
                    if n == k {
                        return Ok((start, p));
                    }
                    n += 1;
                    start = p + 1;
                }
            }
        }
        if n == k {
            Ok((start, body.len()))
        } else {
            Err(n + 1)
        }
    }

    /// Writes a field as the dialect has it: TSV as it is, CSV quoted when the csv crate's
    /// writer would quote it.
    fn put(&self, field: &[u8], out: &mut Vec<u8>) {
        if self.spec.dialect == Dialect::Tsv || !self.csv.should_quote(field) {
            out.extend_from_slice(field);
            return;
        }
        out.push(b'"');
        let at = out.len();
        out.resize(at + 2 * field.len(), 0);
        let (_, _, n) = csv_core::quote(field, &mut out[at..], b'"', b'\\', true);
        out.truncate(at + n);
        out.push(b'"');
    }

    /// Whether a field qualifies as a board for finding the board's column: it reads as one
    /// (`convert` succeeds), is not a bare number (an id), and under `-f auto` is in a form
    /// that carries its own size (a square list or a number could be a move or a count).
    fn qualifies(&self, field: &[u8], convert: impl FnOnce(&[u8]) -> bool) -> bool {
        let t = field.trim_ascii();
        if t.is_empty() {
            return false;
        }
        let digits = t.strip_prefix(b"-").unwrap_or(t);
        if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
            return false;
        }
        if self.spec.from == Format::Auto {
            let Ok(text) = std::str::from_utf8(field) else {
                return false;
            };
            match bbconv_forms::detect(text, &self.opts) {
                Ok(f) if SELF_SIZED.contains(&f) => {}
                _ => return false,
            }
        }
        convert(field)
    }

    /// Reads a file's header row: settles `--column NAME`, and checks that every file's header
    /// names the board's column where the first did.
    fn read_header(&self, row: &[u8], src: usize) -> Result<(), String> {
        let body = strip_cr(row);
        let fields = self.fields(body);
        let first = self.first_header.get_or_init(|| fields.clone());
        let _ = self.header_src.get_or_init(|| src);
        if let Column::Name(name) = &self.spec.column {
            let Some(k) = fields.iter().position(|f| f == name.as_bytes()) else {
                let shown: Vec<String> = fields
                    .iter()
                    .map(|f| String::from_utf8_lossy(f).into_owned())
                    .collect();
                return Err(if self.spec.header {
                    format!(
                        "--column {name}: the header has no column named {name}; its columns are: {}",
                        shown.join(", ")
                    )
                } else {
                    format!(
                        "--column {name}: the first row has no field {name}, so it is no header to find the column by; its fields are: {}; name the column by number (--column N)",
                        shown.join(", ")
                    )
                });
            };
            let settled = *self.settled.get_or_init(|| k);
            if settled != k {
                let was = first
                    .iter()
                    .position(|f| f == name.as_bytes())
                    .map_or(settled, |p| p);
                return Err(format!(
                    "--column {name}: this file's header has {name} in column {}, the first file's in column {}: convert the files one at a time",
                    k + 1,
                    was + 1
                ));
            }
        }
        Ok(())
    }

    /// Settles the board's column from `chunk` if it is not settled yet, reading a file's
    /// header on the way; `convert` tells whether a field reads as a board.
    fn prepare(&self, chunk: &Chunk, convert: &dyn Fn(&[u8]) -> bool) -> Result<(), String> {
        let header = chunk.first && self.header_rows();
        if !header && self.settled.get().is_some() {
            return Ok(());
        }
        let mut pending_header = header;
        let mut failed = None;
        // Whether a row is still to be looked at: the header, or a row that may settle the
        // column.
        let wanted = |pending_header: bool| pending_header || self.settled.get().is_none();
        let mut each = |row: &[u8]| {
            if pending_header {
                pending_header = false;
                if let Err(e) = self.read_header(row, chunk.src) {
                    failed = Some(e);
                }
                return;
            }
            if self.settled.get().is_none() && self.spec.column == Column::Auto {
                if let Some(k) = self
                    .fields(strip_cr(row))
                    .iter()
                    .position(|f| self.qualifies(f, convert))
                {
                    let _ = self.settled.set(k);
                }
            }
        };
        match &chunk.kind {
            ChunkKind::Lines => {
                let data = &chunk.data[..chunk.len];
                let max = self.spec.max_line;
                let mut first = header;
                let mut go = |_, piece: Piece<'_>| {
                    if let Piece::Data(row) = piece {
                        if wanted(first) {
                            first = false;
                            each(row);
                        }
                    }
                };
                match self.spec.dialect.rows() {
                    Rows::Quoted => split_csv_rows(data, max, &mut go),
                    _ => split_rows(data, max, &mut go),
                };
            }
            ChunkKind::Framed(records) => {
                for r in records {
                    if self.settled.get().is_none() {
                        each(&chunk.data[r.start..r.end]);
                    }
                }
            }
            ChunkKind::TooLong(_) | ChunkKind::Spans(_) => {}
        }
        failed.map_or(Ok(()), Err)
    }

    /// Writes a header row: the first file's, with the board's column named after the output
    /// form (or the `--append` column added); later files' headers are dropped.
    fn header(&self, row: &[u8], src: usize, out: &mut Vec<u8>) {
        if self.header_src.get() != Some(&src) {
            return;
        }
        let (body, cr) = split_cr(row);
        let fields = self.fields(body);
        let d = self.spec.dialect.delimiter();
        let board = self.settled.get().copied();
        for (k, f) in fields.iter().enumerate() {
            if k > 0 {
                out.push(d);
            }
            if self.spec.append.is_none() && Some(k) == board {
                self.put(self.spec.to.name().as_bytes(), out);
            } else {
                self.put(f, out);
            }
        }
        if let Some(name) = &self.spec.append {
            out.push(d);
            self.put(name.as_bytes(), out);
        }
        out.extend_from_slice(cr);
    }

    /// Converts one row with `convert` (the board's field to `out`), writing the row back.
    #[inline(always)]
    fn row(
        &self,
        row: &[u8],
        out: &mut Vec<u8>,
        convert: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<Size, ConvertError>,
    ) -> Result<Size, ConvertError> {
        let (body, cr) = split_cr(row);
        let Some(&k) = self.settled.get() else {
            return self.unsettled_row(body, cr, out);
        };
        if self.quoting && memchr::memchr(b'"', body).is_some() {
            return self.quoted_row(body, cr, k, out, convert);
        }
        let (start, end) = match field_bounds(body, self.delimiter, k) {
            Ok(b) => b,
            Err(n) => return self.short_row(body, cr, k, n, out),
        };
        let start_out = out.len();
        if self.appending {
            out.extend_from_slice(body);
            out.push(self.delimiter);
        } else {
            out.extend_from_slice(&body[..start]);
        }
        let mark = out.len();
        match convert(&body[start..end], out) {
            Ok(size) => {
                if self.quoting {
                    self.quote_board(mark, out);
                }
                if !self.appending {
                    out.extend_from_slice(&body[end..]);
                }
                if !cr.is_empty() {
                    out.push(b'\r');
                }
                Ok(size)
            }
            Err(e) => {
                out.truncate(start_out);
                self.bad_row(body, Some((start, end)), cr, out);
                Err(shifted(e, start))
            }
        }
    }

    /// A row before the board's column is settled: no row so far held a board.
    #[cold]
    fn unsettled_row(
        &self,
        body: &[u8],
        cr: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        self.bad_row(body, None, cr, out);
        Err(table_error(
            None,
            "no field of this row holds a board, nor did any row before it: name the board's column with --column N or NAME".to_string(),
        ))
    }

    /// A row of `n` fields, without the board's column `k`.
    #[cold]
    fn short_row(
        &self,
        body: &[u8],
        cr: &[u8],
        k: usize,
        n: usize,
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        self.bad_row(body, None, cr, out);
        Err(table_error(
            Some(body.len()),
            format!(
                "the row has {n} field{}, but the board is in column {}",
                if n == 1 { "" } else { "s" },
                k + 1
            ),
        ))
    }

    /// A CSV row with quotes: its fields read by the csv crate and written back with minimal
    /// quoting, the board's converted.
    #[cold]
    fn quoted_row(
        &self,
        body: &[u8],
        cr: &[u8],
        k: usize,
        out: &mut Vec<u8>,
        convert: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<Size, ConvertError>,
    ) -> Result<Size, ConvertError> {
        let Ok((start, _)) = self.bounds(body, k) else {
            let n = self.fields(body).len();
            return self.short_row(body, cr, k, n, out);
        };
        let fields = self.fields(body);
        let d = self.spec.dialect.delimiter();
        let start_out = out.len();
        let (mut result, mut convert) = (None, Some(convert));
        let board_at = if self.spec.append.is_some() {
            fields.len()
        } else {
            k
        };
        for j in 0..fields.len() + usize::from(self.spec.append.is_some()) {
            if j > 0 {
                out.push(d);
            }
            if j != board_at {
                self.put(&fields[j], out);
            } else if let Some(convert) = convert.take() {
                let mark = out.len();
                let r = convert(&fields[k], out);
                if r.is_ok() {
                    self.quote_board(mark, out);
                }
                result = Some(r);
            }
        }
        out.extend_from_slice(cr);
        match result.unwrap_or_else(|| Err(table_error(None, "no board field".into()))) {
            Ok(size) => Ok(size),
            Err(e) => {
                out.truncate(start_out);
                self.bad_row(body, Some((start, start)), cr, out);
                // The field's text starts after its opening quote.
                Err(shifted(
                    e,
                    start + usize::from(body.get(start) == Some(&b'"')),
                ))
            }
        }
    }

    /// Quotes the converted board written from `mark` when a CSV field needs it (the forms a
    /// TSV may hold write one line without tabs; a grid, which does not, is refused before the
    /// run).
    fn quote_board(&self, mark: usize, out: &mut Vec<u8>) {
        if self.csv.should_quote(&out[mark..]) {
            let field = out.split_off(mark);
            self.put(&field, out);
        }
    }

    /// Under `--errors null`, the bad row written with its board field empty (and its line end);
    /// otherwise nothing.
    fn bad_row(&self, body: &[u8], board: Option<(usize, usize)>, cr: &[u8], out: &mut Vec<u8>) {
        if self.spec.null_rows {
            self.null_fields(body, board, out);
            out.extend_from_slice(cr);
            out.push(b'\n');
        }
    }

    /// The row of a bad record: its fields with the board's (`board`: its bounds, `None`: the
    /// row has none) empty, and an empty last field under `--append`.
    fn null_fields(&self, body: &[u8], board: Option<(usize, usize)>, out: &mut Vec<u8>) {
        let d = self.spec.dialect.delimiter();
        if self.spec.append.is_some() {
            out.extend_from_slice(body);
            out.push(d);
            return;
        }
        let start = out.len();
        match board {
            Some((from, to)) => {
                if matches!(self.spec.dialect, Dialect::Csv(_))
                    && memchr::memchr(b'"', body).is_some()
                {
                    let k = self.settled.get().copied().unwrap_or(usize::MAX);
                    self.fields_emptied(body, k, out);
                } else {
                    out.extend_from_slice(&body[..from]);
                    out.extend_from_slice(&body[to..]);
                }
            }
            None => out.extend_from_slice(body),
        }
        // A row of one empty field would read as a blank line: the csv crate quotes it.
        if out.len() == start && matches!(self.spec.dialect, Dialect::Csv(_)) {
            out.extend_from_slice(b"\"\"");
        }
    }

    /// A quoted CSV row written back with field `k` empty (the csv crate's quoting).
    fn fields_emptied(&self, body: &[u8], k: usize, out: &mut Vec<u8>) {
        let d = self.spec.dialect.delimiter();
        for (j, f) in self.fields(body).iter().enumerate() {
            if j > 0 {
                out.push(d);
            }
            if j != k {
                self.put(f, out);
            }
        }
    }

    /// A converted row whose board the stream refused, as the row of a bad record: the
    /// board's field (or the appended one) emptied.
    pub(crate) fn null_row(&self, row: &[u8], out: &mut Vec<u8>) {
        let (body, cr) = split_cr(row);
        let k = if self.spec.append.is_some() {
            self.fields(body).len().saturating_sub(1)
        } else {
            self.settled.get().copied().unwrap_or(usize::MAX)
        };
        if matches!(self.spec.dialect, Dialect::Csv(_)) && memchr::memchr(b'"', body).is_some() {
            self.fields_emptied(body, k, out);
        } else {
            match self.bounds(body, k) {
                Ok((start, end)) => {
                    out.extend_from_slice(&body[..start]);
                    out.extend_from_slice(&body[end..]);
                }
                Err(_) => out.extend_from_slice(body),
            }
        }
        out.extend_from_slice(cr);
    }
}

/// Where field `k` of an unquoted row starts and ends, or how many fields the row has when it
/// has no field `k`. The delimiters of each 64 bytes are found at once, as a bitmap
/// ([`bbconv_forms::lines::byte_mask`]): on a row of about 70 bytes this costs a fraction of
/// two `memchr` calls, each of which sets up a search (callgrind, `bench/paths.py`).
fn field_bounds(body: &[u8], d: u8, k: usize) -> Result<(usize, usize), usize> {
    // Delimiters seen so far, and the start of field `k` once found.
    let (mut seen, mut start) = (0usize, if k == 0 { Some(0) } else { None });
    let mut at = 0;
    while at < body.len() {
        let rest = &body[at..];
        let mut m = match (rest.first_chunk::<64>(), body.last_chunk::<64>()) {
            (Some(block), _) => bbconv_forms::lines::byte_mask(block, d),
            // The row's last 64 bytes, of which those before `at` were seen.
            (None, Some(last)) => bbconv_forms::lines::byte_mask(last, d) >> (64 - rest.len()),
            (None, None) => {
                let mut block = [0u8; 64];
                block[..rest.len()].copy_from_slice(rest);
                // Bytes past the row are not delimiters.
                bbconv_forms::lines::byte_mask(&block, d) & (u64::MAX >> (64 - rest.len()))
            }
        };
        while m != 0 {
            let p = at + m.trailing_zeros() as usize;
            m &= m - 1;
            match start {
                Some(s) => return Ok((s, p)),
                None => {
                    seen += 1;
                    if seen == k {
                        start = Some(p + 1);
                    }
                }
            }
        }
        at += 64;
    }
    match start {
        Some(s) => Ok((s, body.len())),
        None => Err(seen + 1),
    }
}

/// A row without its CR.
fn strip_cr(row: &[u8]) -> &[u8] {
    split_cr(row).0
}

/// A row and the CR of its CRLF line end (empty when it ends in LF alone).
fn split_cr(row: &[u8]) -> (&[u8], &[u8]) {
    match row {
        [body @ .., b'\r'] => (body, b"\r"),
        _ => (row, b""),
    }
}

/// A table's error at `offset` in the row.
fn table_error(offset: Option<usize>, message: String) -> ConvertError {
    ConvertError::Parse(ParseError::of(ErrorKind::Table, offset, message))
}

/// An error in a field, placed in the row: its offset moved by the field's start.
fn shifted(e: ConvertError, by: usize) -> ConvertError {
    match e {
        ConvertError::Parse(p) => ConvertError::Parse(p.shifted(by)),
        other => other,
    }
}

/// A conversion run on one field of every row of a table.
pub(crate) struct TableStage<'s, S> {
    /// The conversion of the board's field.
    pub(crate) inner: &'s S,
    /// The table's rules and settled column.
    pub(crate) table: Arc<Table>,
}

impl<S: Stage> Stage for TableStage<'_, S> {
    #[inline]
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        self.table
            .row(record, out, |field, out| self.inner.run(field, out))
    }

    fn with_loop<L: StageLoop>(&self, l: L) -> L::Output {
        /// The loop compiled for the stage the inner conversion chose, inside the table's.
        struct Inner<'t, L> {
            table: &'t Arc<Table>,
            l: L,
        }
        /// The table's stage over what the inner conversion chose.
        struct Over<'t, 's, T> {
            table: &'t Arc<Table>,
            inner: &'s T,
        }
        impl<T: Stage> Stage for Over<'_, '_, T> {
            #[inline(always)]
            fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
                self.table
                    .row(record, out, |field, out| self.inner.run(field, out))
            }
            fn header_rows(&self) -> bool {
                self.table.header_rows()
            }
            fn header(&self, row: &[u8], src: usize, out: &mut Vec<u8>) {
                self.table.header(row, src, out)
            }
        }
        impl<L: StageLoop> StageLoop for Inner<'_, L> {
            type Output = L::Output;
            fn run<T: Stage>(self, inner: &T) -> L::Output {
                self.l.run(&Over {
                    table: self.table,
                    inner,
                })
            }
        }
        self.inner.with_loop(Inner {
            table: &self.table,
            l,
        })
    }

    fn prepare(&self, chunk: &Chunk) -> Result<(), String> {
        self.table.prepare(chunk, &|field| {
            let mut out = Vec::new();
            self.inner.run(field, &mut out).is_ok()
        })
    }

    fn header_rows(&self) -> bool {
        self.table.header_rows()
    }

    fn header(&self, row: &[u8], src: usize, out: &mut Vec<u8>) {
        self.table.header(row, src, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A table of `dialect` with the board in column `k`.
    fn table(dialect: Dialect, k: usize, append: Option<&str>) -> Table {
        Table::new(
            TableSpec {
                dialect,
                column: Column::Index(k),
                append: append.map(str::to_string),
                header: false,
                to: Format::Fen,
                from: Format::Fen,
                null_rows: true,
                max_line: 1 << 20,
            },
            &Options::default(),
        )
    }

    /// A row as Python's csv module writes it: minimal quoting (a field with the delimiter, a
    /// quote or a line break quoted, its quotes doubled).
    fn csv_row(fields: &[String]) -> Vec<u8> {
        let t = table(Dialect::Csv(b','), 0, None);
        let mut out = Vec::new();
        for (j, f) in fields.iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            t.put(f.as_bytes(), &mut out);
        }
        out
    }

    fn field() -> impl Strategy<Value = String> {
        proptest::string::string_regex("[a-z0-9 ,\"\\n\\\\]{0,12}").unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Every field of a CSV row comes back as written, whatever it holds, when the board's
        /// field is converted to itself; with --append the row comes back whole with the board
        /// after it; an emptied row keeps the other fields.
        #[test]
        fn csv_rows_come_back_but_for_the_board(
            mut fields in proptest::collection::vec(field(), 1..6),
            k in 0usize..6,
            crlf: bool,
        ) {
            let k = k % fields.len();
            fields[k] = "8/8/8/8/8/8/8/K6k w - - 0 1".to_string();
            let row = csv_row(&fields);
            let mut input = row.clone();
            if crlf {
                input.push(b'\r');
            }
            let same = |f: &[u8], out: &mut Vec<u8>| -> Result<Size, ConvertError> {
                out.extend_from_slice(f);
                Ok(Size::CHESS)
            };
            let mut out = Vec::new();
            table(Dialect::Csv(b','), k, None).row(&input, &mut out, same).unwrap();
            prop_assert_eq!(&out, &input);
            let mut out = Vec::new();
            table(Dialect::Csv(b','), k, Some("b")).row(&input, &mut out, same).unwrap();
            let mut want = row.clone();
            want.extend_from_slice(b",8/8/8/8/8/8/8/K6k w - - 0 1");
            if crlf {
                want.push(b'\r');
            }
            prop_assert_eq!(out, want);
            // A bad board: the row with its board's field empty.
            let bad = |_: &[u8], _: &mut Vec<u8>| -> Result<Size, ConvertError> {
                Err(table_error(None, "bad".into()))
            };
            let mut out = Vec::new();
            prop_assert!(table(Dialect::Csv(b','), k, None).row(&input, &mut out, bad).is_err());
            let mut emptied = fields.clone();
            emptied[k].clear();
            let mut want = if emptied.len() == 1 { b"\"\"".to_vec() } else { csv_row(&emptied) };
            if crlf {
                want.push(b'\r');
            }
            want.push(b'\n');
            prop_assert_eq!(out, want);
        }

        /// A TSV row (a backslash is text, a quote too) comes back byte for byte.
        #[test]
        fn tsv_rows_come_back_byte_for_byte(
            fields in proptest::collection::vec("[a-z0-9 ,\"\\\\]{0,12}", 1..6),
            k in 0usize..6,
        ) {
            let k = k % fields.len();
            let row = fields.join("\t");
            let same = |f: &[u8], out: &mut Vec<u8>| -> Result<Size, ConvertError> {
                out.extend_from_slice(f);
                Ok(Size::CHESS)
            };
            let mut out = Vec::new();
            table(Dialect::Tsv, k, None).row(row.as_bytes(), &mut out, same).unwrap();
            prop_assert_eq!(out, row.as_bytes());
        }
    }
}
