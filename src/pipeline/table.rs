//! Tables (`--tsv`, `--csv`): rows of fields with a board in one column. A row is framed and
//! split into fields by one rule, Python's `csv` module's ([`super::rows`]); the board's field
//! goes through the conversion and is written back in its place (or added as a last column),
//! and every other field is passed through byte for byte, its quotes as they were (a TSV has no
//! quoting: a backslash or a quote is text). A row keeps its line end (a CR is written back as
//! CRLF). The board's column is settled once, on the reading thread, before any row is
//! converted ([`Stage::prepare`]): from `--column N`, from the header that holds `--column
//! NAME`, or from the first row with a field that qualifies as a board ([`Table::qualifies`]);
//! under `-f auto` that row settles the column's form too.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use bbconv_board::Size;
use bbconv_forms::{ConvertError, ErrorKind, Format, Options, ParseError};

use super::frame::{split_table, Chunk, ChunkKind, Piece, Rows};
use super::rows::{self, Field, Rule};
use super::work::{Stage, StageLoop};

/// How a row's fields are delimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Tab-separated, no quoting.
    Tsv,
    /// CSV with this delimiter: a field that starts with a quote may hold the delimiter,
    /// doubled quotes and line breaks.
    Csv(u8),
}

impl Dialect {
    /// The rule its rows are read by.
    fn rule(self) -> Rule {
        match self {
            Dialect::Tsv => Rule {
                delimiter: b'\t',
                quoting: false,
            },
            Dialect::Csv(d) => Rule {
                delimiter: d,
                quoting: true,
            },
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

impl TableSpec {
    /// Whether the table can be written as asked: under `--tsv`, an `--append` name cannot hold
    /// a tab (it would be two columns) nor a line break.
    pub(crate) fn check(&self) -> Result<(), String> {
        match (&self.append, self.dialect) {
            (Some(name), Dialect::Tsv) if name.contains(['\t', '\n', '\r']) => Err(format!(
                "--append {name:?}: a TSV has no quoting, so a column name cannot hold a tab or a line break"
            )),
            _ => Ok(()),
        }
    }
}

/// A table run's rules and its settled state, shared by the stage and the writer.
pub(crate) struct Table {
    spec: TableSpec,
    opts: Options,
    /// The board's column (0-based), once settled.
    settled: OnceLock<usize>,
    /// Under `-f auto`, the form of the board's column ([`family`]), once settled.
    form: OnceLock<Format>,
    /// Under `--append`, how many fields a row has: the header's, or the first row's.
    width: OnceLock<usize>,
    /// The file whose header row is written: the first header read.
    header_src: OnceLock<usize>,
    /// The header's fields, as the first header had them (to check later headers against).
    first_header: OnceLock<Vec<Vec<u8>>>,
    /// The csv crate's writer, for its quoting rules.
    csv: csv_core::Writer,
    /// How rows are read.
    rule: Rule,
    /// The field delimiter.
    delimiter: u8,
    /// Whether fields may be quoted (CSV).
    quoting: bool,
    /// Whether the board is added as a last column (`--append`).
    appending: bool,
    /// Whether the input form is detected (`-f auto`).
    auto: bool,
    /// `appending || auto`: a row's width or form is checked.
    checks: bool,
    /// One more than the highest byte a CSV field is quoted for (the delimiter, `"`, CR,
    /// LF), when that is at most 128 ([`Table::needs_quotes`]); 0 otherwise.
    low: u64,
}

/// The forms that carry their own size, and so mark a column as a board under `-f auto` (EPD
/// counts as FEN: [`family`]).
const SELF_SIZED: [Format; 7] = [
    Format::Fen,
    Format::Json,
    Format::Edax,
    Format::Sgf,
    Format::Pdn,
    Format::Grid,
    Format::Paste,
];

/// A form as a table's column has it: EPD is FEN's.
fn family(f: Format) -> Format {
    match f {
        Format::Epd => Format::Fen,
        f => f,
    }
}

/// The bad record of a row whose quoted field (its quote at `quote` in the row's text, when
/// known) is still open at the end of the input, `lines` lines on.
pub(crate) fn unclosed(quote: Option<usize>, lines: u64) -> ConvertError {
    row_error(
        quote,
        format!(
            "a quoted field opens {} and is never closed: the row runs to the end of the input, {lines} line{} from its start; a field that starts with a quote ends at the quote that closes it",
            if quote.is_some() { "here" } else { "in this row" },
            if lines == 1 { "" } else { "s" }
        ),
    )
}

impl Table {
    /// The rules of `spec`, with `opts` for telling a board's form under `-f auto`.
    pub(crate) fn new(spec: TableSpec, opts: &Options) -> Table {
        let settled = OnceLock::new();
        if let Column::Index(k) = spec.column {
            let _ = settled.set(k);
        }
        let rule = spec.dialect.rule();
        let csv = csv_core::WriterBuilder::new()
            .delimiter(rule.delimiter)
            .quote_style(csv_core::QuoteStyle::Necessary)
            .build();
        Table {
            delimiter: rule.delimiter,
            quoting: rule.quoting,
            rule,
            appending: spec.append.is_some(),
            auto: spec.from == Format::Auto,
            checks: spec.append.is_some() || spec.from == Format::Auto,
            low: match rule.delimiter.max(b'"') {
                top if top < 128 => u64::from(top) + 1,
                _ => 0,
            },
            spec,
            opts: opts.clone(),
            settled,
            form: OnceLock::new(),
            width: OnceLock::new(),
            header_src: OnceLock::new(),
            first_header: OnceLock::new(),
            csv,
        }
    }

    /// How the input's lines are rows.
    pub(crate) fn rows(&self) -> Rows {
        Rows::Table(self.rule)
    }

    /// Whether each file's first row is its header: `--header`, or `--column NAME` (the row
    /// that holds NAME).
    fn header_rows(&self) -> bool {
        self.spec.header || matches!(self.spec.column, Column::Name(_))
    }

    /// The fields of a row (without its line end), their values read.
    fn fields(&self, body: &[u8]) -> Vec<Vec<u8>> {
        let mut v = Vec::new();
        rows::fields(self.rule, body, |s, e, _| {
            v.push(rows::value(self.rule, &body[s..e]).into_owned());
            true
        });
        v
    }

    /// Where field `k` starts and ends in a row (quotes included), or how many fields the row
    /// has when it has no field `k`.
    fn bounds(&self, body: &[u8], k: usize) -> Result<(usize, usize), usize> {
        if self.quoting && memchr::memchr(b'"', body).is_some() {
            rows::field_bounds(self.rule, body, k)
        } else {
            field_bounds(body, self.delimiter, k)
        }
    }

    /// Whether a CSV field must be quoted, as the csv crate's writer has it: it holds the
    /// delimiter, a quote or a line break. Most converted boards (hex, digits) hold no byte
    /// below the lowest byte above all of those ([`Table::low`]): eight bytes a word settle
    /// it (callgrind, `bench/tables.py`: 140 -> about 30 instructions a packed board).
    #[inline]
    fn needs_quotes(&self, field: &[u8]) -> bool {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let n = self.low;
        if n == 0 || field.len() < 8 {
            return self.csv.should_quote(field);
        }
        // The bytes of a word below `n` (n <= 128): the borrow of each byte that is.
        let below = |w: &[u8; 8]| {
            let x = u64::from_le_bytes(*w);
            x.wrapping_sub(ONES * n) & !x & HIGH
        };
        let (mut any, mut rest) = (0, field);
        while let Some((w, tail)) = rest.split_first_chunk::<8>() {
            any |= below(w);
            rest = tail;
        }
        if let Some(last) = field.last_chunk::<8>() {
            any |= below(last);
        }
        any != 0 && self.csv.should_quote(field)
    }

    /// Writes a field as the dialect has it: TSV as it is, CSV quoted when the csv crate's
    /// writer would quote it.
    fn put(&self, field: &[u8], out: &mut Vec<u8>) {
        if !self.quoting || !self.csv.should_quote(field) {
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

    /// The form a field qualifies the column as a board in, if it does: it reads as one
    /// (`convert` gives the board's size), is not a bare number (an id), and under `-f auto`
    /// a FEN or EPD is a plausible board ([`plausible_fen`]) and, when the column is to be
    /// found (`self_sized`), the form carries its own size (a square list or a number could
    /// be a move or a count).
    fn qualifies(
        &self,
        field: &[u8],
        self_sized: bool,
        convert: impl FnOnce(&[u8]) -> Option<Size>,
    ) -> Option<Format> {
        let t = field.trim_ascii();
        if t.is_empty() {
            return None;
        }
        let digits = t.strip_prefix(b"-").unwrap_or(t);
        if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        if self.spec.from != Format::Auto {
            return convert(field).map(|_| self.spec.from);
        }
        let text = std::str::from_utf8(field).ok()?;
        let form = family(bbconv_forms::detect(text, &self.opts).ok()?);
        if self_sized && !SELF_SIZED.contains(&form) {
            return None;
        }
        let size = convert(field)?;
        (form != Format::Fen || plausible_fen(t, size)).then_some(form)
    }

    /// Reads a file's header row: settles `--column NAME` and the width of `--append`'s rows,
    /// and checks that every file's header is the first's (fields read as values): only the
    /// first is written, and the board's column is settled once.
    fn read_header(&self, row: &[u8], src: usize) -> Result<(), String> {
        let body = strip_cr(row);
        let fields = self.fields(body);
        let first = self.first_header.get_or_init(|| fields.clone());
        let _ = self.header_src.get_or_init(|| src);
        let _ = self.width.get_or_init(|| first.len());
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
        if fields != *first {
            let shown = |f: &[Vec<u8>]| {
                let names: Vec<_> = f.iter().map(|n| String::from_utf8_lossy(n)).collect();
                names.join(", ")
            };
            return Err(format!(
                "this file's header ({}) is not the first file's ({}): its rows would be written under the first file's header, which alone is written; convert the files one at a time",
                shown(&fields),
                shown(first)
            ));
        }
        Ok(())
    }

    /// Whether a row is still to be looked at before rows are converted: the column (or its
    /// form) or the width of `--append`'s rows is not settled yet.
    fn unsettled(&self) -> bool {
        self.open() || (self.appending && self.width.get().is_none())
    }

    /// Whether the board's column, or under `-f auto` its form, is not settled yet: a row
    /// now is a bad record ([`Table::early_row`]).
    fn open(&self) -> bool {
        self.settled.get().is_none() || (self.auto && self.form.get().is_none())
    }

    /// Looks at a row that may settle the board's column (and its form) or the width of
    /// `--append`'s rows. A named column under `-f auto` is settled in its form by its
    /// first cell that qualifies as a board, in any form.
    fn settle_by(&self, row: &[u8], convert: &dyn Fn(&[u8]) -> Option<Size>) {
        let fields = self.fields(strip_cr(row));
        let _ = self.width.get_or_init(|| fields.len());
        match self.settled.get() {
            None if self.spec.column == Column::Auto => {
                for (k, f) in fields.iter().enumerate() {
                    if let Some(form) = self.qualifies(f, true, convert) {
                        let _ = self.form.set(form);
                        let _ = self.settled.set(k);
                        break;
                    }
                }
            }
            Some(&k) if self.auto && self.form.get().is_none() => {
                if let Some(form) = fields
                    .get(k)
                    .and_then(|f| self.qualifies(f, false, convert))
                {
                    let _ = self.form.set(form);
                }
            }
            _ => {}
        }
    }

    /// Settles the board's column from `chunk` if it is not settled yet, reading a file's
    /// header on the way; `convert` tells whether a field reads as a board, and its size.
    /// The rows of the chunk before the row that settles the column are marked
    /// ([`Chunk::early`]): all of them while it is not settled.
    fn prepare(
        &self,
        chunk: &mut Chunk,
        convert: &dyn Fn(&[u8]) -> Option<Size>,
    ) -> Result<(), String> {
        let header = chunk.first && self.header_rows();
        if !header && !self.unsettled() {
            return Ok(());
        }
        let mut pending_header = header;
        let mut failed = None;
        // The line of the row that settled the column, once one did.
        let mut early = (!self.open()).then_some(0);
        let mut each = |line: u64, row: &[u8]| {
            if std::mem::take(&mut pending_header) {
                if let Err(e) = self.read_header(row, chunk.src) {
                    failed = Some(e);
                }
            } else if self.unsettled() {
                self.settle_by(row, convert);
            }
            // The header settles `--column NAME` (under a named -f, the column is all there
            // is to settle): the rows after it are not early.
            if early.is_none() && !self.open() {
                early = Some(line);
            }
        };
        match &chunk.kind {
            ChunkKind::Lines | ChunkKind::Rows(..) => {
                let data = &chunk.data[..chunk.len];
                // Rows are looked at while the header or a setting is pending; split_table
                // goes on to the chunk's end, which costs the first chunks only.
                split_table(data, &chunk.kind, self.spec.max_line, |line, piece| {
                    if let Piece::Data(row) | Piece::Split { text: row, .. } = piece {
                        each(line, row);
                    }
                });
            }
            ChunkKind::Framed(records) => {
                for r in records {
                    each(r.line, &chunk.data[r.start..r.end]);
                }
            }
            ChunkKind::TooLong(_) | ChunkKind::Spans(_) => {}
        }
        chunk.early = early.unwrap_or(u64::MAX);
        failed.map_or(Ok(()), Err)
    }

    /// Writes a header row: the first file's, with the board's column named after the output
    /// form (or the `--append` column added), its other fields as they were; later files'
    /// headers are dropped.
    fn header(&self, row: &[u8], src: usize, out: &mut Vec<u8>) {
        if self.header_src.get() != Some(&src) {
            return;
        }
        let (body, cr) = split_cr(row);
        let name = self.spec.append.as_deref();
        match (name, self.settled.get().map(|&k| self.bounds(body, k))) {
            (None, Some(Ok((start, end)))) => {
                out.extend_from_slice(&body[..start]);
                self.put(self.spec.to.name().as_bytes(), out);
                out.extend_from_slice(&body[end..]);
            }
            (Some(name), _) => {
                out.extend_from_slice(body);
                out.push(self.delimiter);
                self.put(name.as_bytes(), out);
            }
            _ => out.extend_from_slice(body),
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
            return self.unsettled_row(body, cr, None, out);
        };
        if self.quoting && memchr::memchr(b'"', body).is_some() {
            return self.quoted_row(body, cr, k, out, convert);
        }
        let (start, end) = match field_bounds(body, self.delimiter, k) {
            Ok(b) => b,
            Err(n) => return self.short_row(body, cr, k, n, out),
        };
        if self.checks {
            self.check_plain_row(body, (start, end), cr, out)?;
        }
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
                // The rest of the row with its CR, in one copy.
                out.extend_from_slice(&row[if self.appending { body.len() } else { end }..]);
                Ok(size)
            }
            Err(e) => {
                out.truncate(start_out);
                self.bad_row(body, Some((start, end)), cr, out);
                Err(shifted(e, start))
            }
        }
    }

    /// [`Table::check_width`] and [`Table::check_form`] on a row without quotes, whose board's
    /// field is at `board`.
    #[cold]
    #[inline(never)]
    fn check_plain_row(
        &self,
        body: &[u8],
        board: (usize, usize),
        cr: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(), ConvertError> {
        if self.appending {
            let n = memchr::memchr_iter(self.delimiter, body).count() + 1;
            self.check_width(body, cr, n, out)?;
        }
        if self.auto {
            self.check_form(body, board, cr, out)?;
        }
        Ok(())
    }

    /// Under `--append`, a row of `n` fields, where the header (or the first row) has another
    /// count, is a bad record: its board would go under another column's name.
    fn check_width(
        &self,
        body: &[u8],
        cr: &[u8],
        n: usize,
        out: &mut Vec<u8>,
    ) -> Result<(), ConvertError> {
        let Some(&w) = self.width.get() else {
            return Ok(());
        };
        if n == w {
            return Ok(());
        }
        self.bad_row(body, None, cr, out);
        let by = if self.first_header.get().is_some() {
            "the header"
        } else {
            "the first row"
        };
        Err(row_error(
            None,
            format!(
                "the row has {n} field{}, but {by} has {w}: under --append each row needs as many, or its board would go under another column's name",
                if n == 1 { "" } else { "s" }
            ),
        ))
    }

    /// Under `-f auto`, a board field of another form than the column's (as the row that
    /// settled the column had it) is a bad record, not converted as that other form.
    #[cold]
    fn check_form(
        &self,
        body: &[u8],
        (start, end): (usize, usize),
        cr: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(), ConvertError> {
        let Some(&want) = self.form.get() else {
            return Ok(());
        };
        let value = rows::value(self.rule, &body[start..end]);
        let got = std::str::from_utf8(&value)
            .ok()
            .and_then(|t| bbconv_forms::detect(t, &self.opts).ok())
            .map(family);
        match got {
            Some(f) if f == want => Ok(()),
            // A field that reads as no form fails in the conversion, which says why.
            None => Ok(()),
            Some(f) => {
                self.bad_row(body, Some((start, end)), cr, out);
                Err(row_error(
                    Some(start),
                    format!(
                        "this field reads as {f}, but the board's column holds {want} (the first row with a board settled it): a cell of another form is not converted"
                    ),
                ))
            }
        }
    }

    /// A row before the board's column is settled: no row so far held a board.
    #[cold]
    /// `board`: the bounds of the board's field, when a later row settled the column.
    fn unsettled_row(
        &self,
        body: &[u8],
        cr: &[u8],
        board: Option<(usize, usize)>,
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        self.bad_row(body, board, cr, out);
        Err(table_error(
            None,
            "no field of this row holds a board, nor did any row before it (under -f auto a FEN needs 2 ranks or more of one width of 2 or more; a placement alone 3 ranks, a piece and chess letters only): name the board's column with --column N or NAME".to_string(),
        ))
    }

    /// A row before the row that settled the board's column, or under `-f auto` its form
    /// ([`Chunk::early`]): a bad record, whatever its fields hold.
    #[cold]
    fn early_row(&self, row: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        let (body, cr) = split_cr(row);
        let Some(&k) = self.settled.get() else {
            return self.unsettled_row(body, cr, None, out);
        };
        let (start, end) = match self.bounds(body, k) {
            Ok(b) => b,
            Err(n) => return self.short_row(body, cr, k, n, out),
        };
        if self.spec.column == Column::Auto {
            return self.unsettled_row(body, cr, Some((start, end)), out);
        }
        self.bad_row(body, Some((start, end)), cr, out);
        Err(row_error(
            Some(start),
            "this field is not taken for a board, nor was any cell of the column before it: under -f auto the column's first cell that qualifies settles its form (a FEN needs 2 ranks or more of one width of 2 or more; a placement alone 3 ranks, a piece and chess letters only; a bare number never does); name the form with -f".to_string(),
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

    /// A CSV row with quotes: split by the rule rows are framed by; the board's field read
    /// (its quotes taken off) and converted, the other fields passed through as they are. Out
    /// of line: inlined, it made the plain rows' loop slower.
    #[inline(never)]
    fn quoted_row(
        &self,
        body: &[u8],
        cr: &[u8],
        k: usize,
        out: &mut Vec<u8>,
        convert: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<Size, ConvertError>,
    ) -> Result<Size, ConvertError> {
        let (mut n, mut found, mut clean) = (0, None, false);
        rows::fields(self.rule, body, |s, e, c| {
            if n == k {
                found = Some((s, e));
                clean = c;
            }
            n += 1;
            // Under --append every field is counted; otherwise the board's field is enough.
            self.appending || found.is_none()
        });
        let Some((start, end)) = found else {
            return self.short_row(body, cr, k, n, out);
        };
        self.board_row(body, cr, (start, end, clean), n, out, convert)
    }

    /// Converts a row whose fields the framer found ([`Piece::Split`]).
    #[inline(never)]
    fn split_row(
        &self,
        row: &[u8],
        fields: &[Field],
        out: &mut Vec<u8>,
        convert: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<Size, ConvertError>,
    ) -> Result<Size, ConvertError> {
        let (body, cr) = split_cr(row);
        let Some(&k) = self.settled.get() else {
            return self.unsettled_row(body, cr, None, out);
        };
        let Some(f) = fields.get(k) else {
            return self.short_row(body, cr, k, fields.len(), out);
        };
        self.board_row(
            body,
            cr,
            (f.start, f.end, f.clean),
            fields.len(),
            out,
            convert,
        )
    }

    /// Converts the board's field of a row of `n` fields, at `start..end` (`clean`: quotes
    /// around text without a quote), the row's other fields passed through as they are.
    #[inline(always)]
    fn board_row(
        &self,
        body: &[u8],
        cr: &[u8],
        (start, end, clean): (usize, usize, bool),
        n: usize,
        out: &mut Vec<u8>,
        convert: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<Size, ConvertError>,
    ) -> Result<Size, ConvertError> {
        if self.appending {
            self.check_width(body, cr, n, out)?;
        }
        if self.auto {
            self.check_form(body, (start, end), cr, out)?;
        }
        // A TSV has no quoting: a quote there is the field's text.
        let quoted = self.quoting && body.get(start) == Some(&b'"');
        let value: Cow<'_, [u8]> = if clean {
            Cow::Borrowed(&body[start + 1..end - 1])
        } else {
            rows::value(self.rule, &body[start..end])
        };
        let start_out = out.len();
        if self.appending {
            out.extend_from_slice(body);
            out.push(self.delimiter);
        } else {
            out.extend_from_slice(&body[..start]);
        }
        let mark = out.len();
        match convert(&value, out) {
            Ok(size) => {
                self.quote_board(mark, out);
                if !self.appending {
                    out.extend_from_slice(&body[end..]);
                }
                out.extend_from_slice(cr);
                Ok(size)
            }
            Err(e) => {
                out.truncate(start_out);
                self.bad_row(body, Some((start, end)), cr, out);
                // The field's text starts after its opening quote.
                Err(shifted(e, start + usize::from(quoted)))
            }
        }
    }

    /// Quotes the converted board written from `mark` when a CSV field needs it (the forms a
    /// TSV may hold write one line without tabs; a grid, which does not, is refused before the
    /// run).
    #[inline(never)]
    fn quote_board(&self, mark: usize, out: &mut Vec<u8>) {
        if self.needs_quotes(&out[mark..]) {
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
        if self.appending {
            out.extend_from_slice(body);
            out.push(self.delimiter);
            return;
        }
        let start = out.len();
        match board {
            Some((from, to)) => {
                out.extend_from_slice(&body[..from]);
                out.extend_from_slice(&body[to..]);
            }
            None => out.extend_from_slice(body),
        }
        // A row of one empty field would read as a blank line: the csv crate quotes it.
        if out.len() == start && self.quoting {
            out.extend_from_slice(b"\"\"");
        }
    }

    /// A converted row whose board the stream refused, as the row of a bad record: the
    /// board's field (or the appended one) emptied.
    pub(crate) fn null_row(&self, row: &[u8], out: &mut Vec<u8>) {
        let (body, cr) = split_cr(row);
        let k = if self.appending {
            let n = if self.quoting {
                rows::count(self.rule, body)
            } else {
                memchr::memchr_iter(self.delimiter, body).count() + 1
            };
            n.saturating_sub(1)
        } else {
            self.settled.get().copied().unwrap_or(usize::MAX)
        };
        let start = out.len();
        match self.bounds(body, k) {
            Ok((from, to)) => {
                out.extend_from_slice(&body[..from]);
                out.extend_from_slice(&body[to..]);
            }
            Err(_) => out.extend_from_slice(body),
        }
        if out.len() == start && self.quoting {
            out.extend_from_slice(b"\"\"");
        }
        out.extend_from_slice(cr);
    }
}

/// Whether a FEN or EPD cell `t` (trimmed) of `size` is taken for a board under `-f auto`: 2
/// ranks or more, all of one width of 2 or more (the reader checks that they are of one
/// width); a placement alone (nothing after it) needs 3 ranks or more, a piece, and only the
/// chess letters and digits, so that labels (`TP/FP`, `NA/NA`, `kk/KK`), ratios (`2/2`) and
/// dates (`12/12/12`) are text.
fn plausible_fen(t: &[u8], size: Size) -> bool {
    if size.width() < 2 || size.height() < 2 {
        return false;
    }
    if t.iter().any(u8::is_ascii_whitespace) {
        return true;
    }
    size.height() >= 3
        && t.iter().any(u8::is_ascii_alphabetic)
        && t.iter()
            .all(|c| c.is_ascii_digit() || b"/PNBRQKpnbrqk".contains(c))
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

/// A table's row that is not as its table's rule has it, at `offset` in the row (not a hint
/// that it may be a header).
fn row_error(offset: Option<usize>, message: String) -> ConvertError {
    ConvertError::Parse(ParseError::of(ErrorKind::Syntax, offset, message))
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

    fn run_split(
        &self,
        record: &[u8],
        fields: &[Field],
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        self.table
            .split_row(record, fields, out, |field, out| self.inner.run(field, out))
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
            fn run_split(
                &self,
                record: &[u8],
                fields: &[Field],
                out: &mut Vec<u8>,
            ) -> Result<Size, ConvertError> {
                self.table
                    .split_row(record, fields, out, |field, out| self.inner.run(field, out))
            }
            fn early(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
                self.table.early_row(record, out)
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

    fn prepare(&self, chunk: &mut Chunk) -> Result<(), String> {
        self.table.prepare(chunk, &|field| {
            let mut out = Vec::new();
            self.inner.run(field, &mut out).ok()
        })
    }

    fn early(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        self.table.early_row(record, out)
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
