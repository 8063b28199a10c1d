//! A table's row converted and written back: the board's field found (by the row's
//! delimiters, or by the rule when it holds quotes) and converted, the other fields passed
//! through as they are; the checks of a row's width and form; a bad row written with its
//! board's field empty (`--errors null`); the header written with the board's column named.

use std::borrow::Cow;

use bbconv_board::Size;
use bbconv_forms::{ConvertError, Format};

use super::{row_error, shifted, split_cr, table_error, Column, Table};
use crate::pipeline::rows::{self, Field};

impl Table {
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

    /// Writes a header row: the first file's, with the board's column named after the output
    /// form (or the `--append` column added), its other fields as they were; later files'
    /// headers are dropped.
    pub(super) fn header(&self, row: &[u8], src: usize, out: &mut Vec<u8>) {
        // Boards written as records: the table's header is not among them.
        if self.header_src.get() != Some(&src) || self.spec.records {
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
    pub(super) fn row(
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
    pub(super) fn check_form(
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
            .map(Format::column_form);
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
    pub(super) fn unsettled_row(
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
    /// ([`Chunk::early`](crate::pipeline::frame::Chunk::early)): a bad record, whatever its fields
    /// hold.
    #[cold]
    pub(super) fn early_row(&self, row: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
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
    pub(super) fn short_row(
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

    /// Converts a row whose fields the framer found
    /// ([`Piece::Split`](crate::pipeline::frame::Piece::Split)).
    #[inline(never)]
    pub(super) fn split_row(
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
    pub(super) fn bad_row(
        &self,
        body: &[u8],
        board: Option<(usize, usize)>,
        cr: &[u8],
        out: &mut Vec<u8>,
    ) {
        if self.spec.null_rows {
            self.null_fields(body, board, out);
            out.extend_from_slice(cr);
            out.push(b'\n');
        }
    }

    /// The row of a bad record: its fields with the board's (`board`: its bounds, `None`: the
    /// row has none) empty; under `--append`, an empty field in the appended column.
    fn null_fields(&self, body: &[u8], board: Option<(usize, usize)>, out: &mut Vec<u8>) {
        if self.appending {
            self.null_appended(body, out);
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

    /// Under `--append`, a bad row with an empty field in the appended column, where the
    /// header (or the first row) puts it: a row of fewer fields is padded with empty ones, a
    /// row of more keeps its extra fields after the empty board, so that no field goes under
    /// another column's name and none is lost.
    fn null_appended(&self, body: &[u8], out: &mut Vec<u8>) {
        let n = if self.quoting {
            rows::count(self.rule, body)
        } else {
            memchr::memchr_iter(self.delimiter, body).count() + 1
        };
        let w = self.width.get().copied().unwrap_or(n);
        let d = self.delimiter;
        if n <= w {
            out.extend_from_slice(body);
            out.extend(std::iter::repeat_n(d, w - n + 1));
            return;
        }
        // After field `w - 1` (w >= 1: a row has a field), where the appended column goes.
        let at = self.bounds(body, w - 1).map_or(body.len(), |(_, end)| end);
        out.extend_from_slice(&body[..at]);
        out.extend_from_slice(&[d, d]);
        out.extend_from_slice(&body[(at + 1).min(body.len())..]);
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

/// Where field `k` of an unquoted row starts and ends, or how many fields the row has when it
/// has no field `k`. The delimiters of each 64 bytes are found at once, as a bitmap
/// ([`bbconv_forms::byte_mask`]): on a row of about 70 bytes this costs a fraction of
/// two `memchr` calls, each of which sets up a search (callgrind, `bench/paths.py`).
pub(super) fn field_bounds(body: &[u8], d: u8, k: usize) -> Result<(usize, usize), usize> {
    // Delimiters seen so far, and the start of field `k` once found.
    let (mut seen, mut start) = (0usize, if k == 0 { Some(0) } else { None });
    let mut at = 0;
    while at < body.len() {
        let rest = &body[at..];
        let mut m = match (rest.first_chunk::<64>(), body.last_chunk::<64>()) {
            (Some(block), _) => bbconv_forms::byte_mask(block, d),
            // The row's last 64 bytes, of which those before `at` were seen.
            (None, Some(last)) => bbconv_forms::byte_mask(last, d) >> (64 - rest.len()),
            (None, None) => {
                let mut block = [0u8; 64];
                block[..rest.len()].copy_from_slice(rest);
                // Bytes past the row are not delimiters.
                bbconv_forms::byte_mask(&block, d) & (u64::MAX >> (64 - rest.len()))
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

#[cfg(test)]
mod tests {
    use super::super::{Dialect, TableSpec};
    use super::*;
    use bbconv_forms::{Format, Options};
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
                train: Vec::new(),
                view: bbconv_board::train::View::White,
                records: false,
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
