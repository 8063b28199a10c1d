//! Tables (`--tsv`, `--csv`): rows of fields with a board in one column. A row is framed and split
//! into fields by one rule, Python's `csv` module's ([`super::rows`]); the board's field goes
//! through the conversion and is written back in its place (or added as a last column), and every
//! other field is passed through byte for byte, its quotes as they were (a TSV has no quoting: a
//! backslash or a quote is text). A row keeps its line end (a CR is written back as CRLF). The
//! board's column is settled once, on the reading thread, before any row is converted
//! ([`Stage::prepare`]): from `--column N`, from the header that holds `--column NAME`, or from the
//! first row with a field that qualifies as a board ([`Table::qualifies`]); under `-f auto` that
//! row settles the column's form too. The settling is in [`column`](mod@column), a row's conversion
//! and writing back in [`row`]; this module holds the table's rules, its errors and its stage.

use std::sync::{Arc, OnceLock};

use bbconv_board::train::{Field, Train, View};
use bbconv_board::Size;
use bbconv_forms::{ConvertError, ErrorKind, Format, Options, ParseError};

mod column;
mod row;
mod train;

pub(crate) use train::parse_columns;

use row::field_bounds;

use super::frame::line_rules::strip_cr;
use super::frame::{Chunk, Rows};
use super::rows::{self, Field as RowField, Rule};
use super::work::Stage;

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
    /// The columns of the rows' training fields (`--train-columns`).
    pub(crate) train: Vec<(Field, Column)>,
    /// Whose view their score and result are from (`--train-view`).
    pub(crate) view: View,
    /// The boards are written alone, as records of the output form (a trainer's form or raw
    /// bytes), not back into their rows.
    pub(crate) records: bool,
}

impl TableSpec {
    /// Whether the table can be written as asked: under `--tsv`, an `--append` name cannot hold
    /// a tab (it would be two columns) nor a line break.
    pub(crate) fn check(&self) -> Result<(), String> {
        if let Some((field, _)) = self.train.iter().find(|(_, c)| *c == self.column) {
            return Err(format!(
                "--train-columns {}: its column is the boards' (--column): name the field's own column",
                field.name()
            ));
        }
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
    /// Under `-f auto`, the form of the board's column ([`Format::column_form`] of its first
    /// board's), once settled.
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
    /// The training fields' columns (0-based), once settled.
    train_cols: OnceLock<Vec<(Field, usize)>>,
    /// One more than the highest byte a CSV field is quoted for (the delimiter, `"`, CR,
    /// LF), when that is at most 128 ([`Table::needs_quotes`]); 0 otherwise.
    low: u64,
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
        let train_cols = OnceLock::new();
        if let Some(cols) = Table::numbered_train(&spec.train) {
            let _ = train_cols.set(cols);
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
            train_cols,
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
        self.spec.header || matches!(self.spec.column, Column::Name(_)) || self.names_train()
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

impl<S: Stage> TableStage<'_, S> {
    /// A row with training fields, or whose board is written alone ([`Table::special`]).
    fn special(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        let view = self.table.spec.view;
        self.table.special_row(record, out, |field, t: Train, out| {
            self.inner.run_train(field, t, view, out)
        })
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
    #[inline(always)]
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        if self.table.special() {
            return self.special(record, out);
        }
        self.table
            .row(record, out, |field, out| self.inner.run(field, out))
    }

    fn run_split(
        &self,
        record: &[u8],
        fields: &[RowField],
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        if self.table.special() {
            return self.special(record, out);
        }
        self.table
            .split_row(record, fields, out, |field, out| self.inner.run(field, out))
    }

    fn prepare(&self, chunk: &mut Chunk) -> Result<(), String> {
        self.table.prepare(chunk)
    }

    fn holds(&self) -> bool {
        self.table.holds()
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
