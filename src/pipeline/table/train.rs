//! A table's training fields (`--train-columns`): the columns that hold a score, a result, a
//! move or a ply beside the board, settled from their numbers or the header's names, and read
//! from each row for the conversion to carry ([`Stage::run_train`](crate::pipeline::work::Stage::run_train)).

use bbconv_board::train::{Field, Train};
use bbconv_board::Size;
use bbconv_forms::ConvertError;

use super::{row_error, split_cr, Column, Table};
use crate::pipeline::rows;

/// The columns of `--train-columns`: `FIELD[=COLUMN],...`, a field of `score`, `result`,
/// `move` and `ply`, its column a number from 1 or a header's name (the field's own name when
/// left out).
pub(crate) fn parse_columns(text: &str) -> Result<Vec<(Field, Column)>, String> {
    let mut cols: Vec<(Field, Column)> = Vec::new();
    for item in text.split(',') {
        let (name, column) = item.split_once('=').unwrap_or((item, item));
        let field = Field::from_name(name.trim()).ok_or_else(|| {
            format!("--train-columns: found the field {name:?}: expected score, result, move or ply, each as FIELD or FIELD=COLUMN")
        })?;
        if cols.iter().any(|(f, _)| *f == field) {
            return Err(format!("--train-columns: {name} is given twice"));
        }
        let column = column
            .trim()
            .parse::<Column>()
            .map_err(|e| format!("--train-columns {name}: {e}"))?;
        cols.push((field, column));
    }
    Ok(cols)
}

impl Table {
    /// Whether a row goes another way than the plain conversion of its board's field: it
    /// carries training fields, or its board alone is written as a record.
    #[inline(always)]
    pub(super) fn special(&self) -> bool {
        self.spec.records || !self.spec.train.is_empty()
    }

    /// Whether the header names a training field's column.
    pub(super) fn names_train(&self) -> bool {
        self.spec
            .train
            .iter()
            .any(|(_, c)| matches!(c, Column::Name(_)))
    }

    /// The training fields' columns given by number, settled from the start.
    pub(super) fn numbered_train(train: &[(Field, Column)]) -> Option<Vec<(Field, usize)>> {
        train
            .iter()
            .map(|(f, c)| match c {
                Column::Index(k) => Some((*f, *k)),
                _ => None,
            })
            .collect()
    }

    /// Settles the training fields' columns from a header's fields (values read).
    pub(super) fn settle_train(&self, header: &[Vec<u8>]) -> Result<(), String> {
        if !self.names_train() {
            return Ok(());
        }
        let mut cols = Vec::new();
        for (field, column) in &self.spec.train {
            let k = match column {
                Column::Index(k) => *k,
                Column::Name(name) => {
                    let at: Vec<usize> = (0..header.len())
                        .filter(|&k| header[k] == name.as_bytes())
                        .collect();
                    match at[..] {
                        [k] => k,
                        [] => {
                            let shown: Vec<_> =
                                header.iter().map(|f| String::from_utf8_lossy(f)).collect();
                            return Err(format!(
                                "--train-columns {}={name}: the header has no column named {name}; its columns are: {}",
                                field.name(),
                                shown.join(", ")
                            ));
                        }
                        [a, b, ..] => {
                            return Err(format!(
                                "--train-columns {}={name}: the header has {name} in columns {} and {}: name the column by number",
                                field.name(),
                                a + 1,
                                b + 1
                            ))
                        }
                    }
                }
                Column::Auto => unreachable!("--train-columns names every column"),
            };
            self.not_the_boards(*field, k)?;
            cols.push((*field, k));
        }
        // Every file's header is the first's (checked by the caller), so the first settles.
        let _ = self.train_cols.set(cols);
        Ok(())
    }

    /// `Err` when the board's column, once settled, is a training field's.
    pub(super) fn check_train_columns(&self) -> Result<(), String> {
        let cols = self.train_cols.get().map_or(&[][..], Vec::as_slice);
        cols.iter()
            .try_for_each(|&(field, k)| self.not_the_boards(field, k))
    }

    /// `Err` when a training field's column `k` is the board's.
    pub(super) fn not_the_boards(&self, field: Field, k: usize) -> Result<(), String> {
        match self.settled.get() {
            Some(&b) if b == k => Err(format!(
                "--train-columns {}: column {} holds the boards: name the field's own column",
                field.name(),
                k + 1
            )),
            _ => Ok(()),
        }
    }

    /// The training fields of a row (without its line end); `Err` names the field's column,
    /// at the field's place in the row.
    fn train_of(&self, body: &[u8]) -> Result<Train, ConvertError> {
        let mut t = Train::default();
        let Some(cols) = self.train_cols.get() else {
            return Ok(t);
        };
        for &(field, k) in cols {
            let (start, end) = self.bounds(body, k).map_err(|n| {
                row_error(
                    Some(body.len()),
                    format!(
                        "the row has {n} field{}, but its {} is in column {}",
                        if n == 1 { "" } else { "s" },
                        field.name(),
                        k + 1
                    ),
                )
            })?;
            let value = rows::value(self.rule, &body[start..end]);
            // Text that is not UTF-8 is no field's: shown as it reads, it fails as such.
            t.set_text(field, &String::from_utf8_lossy(&value))
                .map_err(|m| row_error(Some(start), format!("column {}, {m}", k + 1)))?;
        }
        Ok(t)
    }

    /// Converts a row that [`Table::special`] sends another way: its training fields read,
    /// then its board's field converted with them by `convert`, and written back in the row,
    /// or alone as a record.
    #[inline(never)]
    pub(super) fn special_row(
        &self,
        row: &[u8],
        out: &mut Vec<u8>,
        convert: impl FnOnce(&[u8], Train, &mut Vec<u8>) -> Result<Size, ConvertError>,
    ) -> Result<Size, ConvertError> {
        let (body, cr) = split_cr(row);
        let fields = match self.train_of(body) {
            Ok(t) => t,
            Err(e) => {
                let board = self.settled.get().and_then(|&k| self.bounds(body, k).ok());
                self.bad_row(body, board, cr, out);
                return Err(e);
            }
        };
        if self.spec.records {
            self.record(body, cr, out, |f, out| convert(f, fields, out))
        } else {
            self.row(row, out, |f, out| convert(f, fields, out))
        }
    }

    /// The board's field of a row converted and written alone, as a record of the output
    /// form (a trainer's form or raw bytes: the table is read, its boards written).
    fn record(
        &self,
        body: &[u8],
        cr: &[u8],
        out: &mut Vec<u8>,
        convert: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<Size, ConvertError>,
    ) -> Result<Size, ConvertError> {
        let Some(&k) = self.settled.get() else {
            return self.unsettled_row(body, cr, None, out);
        };
        let (start, end) = match self.bounds(body, k) {
            Ok(b) => b,
            Err(n) => return self.short_row(body, cr, k, n, out),
        };
        if self.auto {
            self.check_form(body, (start, end), cr, out)?;
        }
        let quoted = self.quoting && body.get(start) == Some(&b'"');
        let value = rows::value(self.rule, &body[start..end]);
        let mark = out.len();
        convert(&value, out)
            .inspect_err(|_| out.truncate(mark))
            .map_err(|e| super::shifted(e, start + usize::from(quoted)))
    }
}
