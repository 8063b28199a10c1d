//! The board's column settled, once, on the reading thread, before any row is converted:
//! from a file's header (`--column NAME`), or from the first row with a field that qualifies
//! as a board ([`Table::qualifies`]); under `-f auto` that row settles the column's form too.

use bbconv_forms::Format;

use super::{strip_cr, Column, Table};
use crate::pipeline::frame::{split_table, Chunk, ChunkKind, Piece};

impl Table {
    /// The form a field qualifies the column as a board in, if it does: it reads as one
    /// (whatever the conversion's writing then makes of it: a board the options leave open,
    /// as one without `--layer`, is still a board, reported on its row), is not a bare number
    /// (an id), and under `-f auto` the form detected takes it for a board
    /// ([`Format::in_table`]: a FEN, EPD or pasted board must be a plausible one) and, when the column is to be
    /// found (`self_sized`), the form carries its own size (a square list or a number could
    /// be a move or a count).
    fn qualifies(&self, field: &[u8], self_sized: bool) -> Option<Format> {
        let size = |form: Format| {
            bbconv_forms::parse(form, field, &self.opts)
                .ok()
                .map(|v| v.size())
        };
        let t = field.trim_ascii();
        if t.is_empty() {
            return None;
        }
        let digits = t.strip_prefix(b"-").unwrap_or(t);
        if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        if self.spec.from != Format::Auto {
            return size(self.spec.from).map(|_| self.spec.from);
        }
        let text = std::str::from_utf8(field).ok()?;
        let detected = bbconv_forms::detect(text, &self.opts).ok()?;
        if self_sized && !detected.carries_size() {
            return None;
        }
        detected.in_table(text, size(detected)?)
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
        if let (Some(name), true) = (&self.spec.append, self.spec.header) {
            if fields.iter().any(|f| f == name.as_bytes()) {
                return Err(format!(
                    "--append {name}: the header has a column named {name} already: name the new column otherwise"
                ));
            }
        }
        if let Column::Name(name) = &self.spec.column {
            let at: Vec<usize> = (0..fields.len())
                .filter(|&k| fields[k] == name.as_bytes())
                .collect();
            if let [first, second, ..] = at[..] {
                return Err(format!(
                    "--column {name}: the header has {name} in columns {} and {}: name the board's column by number (--column N)",
                    first + 1,
                    second + 1
                ));
            }
            let Some(k) = at.first().copied() else {
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
        if fields == *first {
            self.settle_train(first)?;
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

    /// Whether the rows read so far wait for a later row to find the board's column: until
    /// it is found, the header cannot name it, nor a bad row under `--errors null` empty it.
    pub(super) fn holds(&self) -> bool {
        self.spec.column == Column::Auto && self.settled.get().is_none()
    }

    /// Whether the board's column, or under `-f auto` its form, is not settled yet: a row
    /// now is a bad record ([`Table::early_row`]).
    fn open(&self) -> bool {
        self.settled.get().is_none() || (self.auto && self.form.get().is_none())
    }

    /// Looks at a row that may settle the board's column (and its form) or the width of
    /// `--append`'s rows. A named column under `-f auto` is settled in its form by its
    /// first cell that qualifies as a board, in any form.
    fn settle_by(&self, row: &[u8]) {
        let fields = self.fields(strip_cr(row));
        let _ = self.width.get_or_init(|| fields.len());
        match self.settled.get() {
            None if self.spec.column == Column::Auto => {
                for (k, f) in fields.iter().enumerate() {
                    if let Some(form) = self.qualifies(f, true) {
                        let _ = self.form.set(form);
                        let _ = self.settled.set(k);
                        break;
                    }
                }
            }
            Some(&k) if self.auto && self.form.get().is_none() => {
                if let Some(form) = fields.get(k).and_then(|f| self.qualifies(f, false)) {
                    let _ = self.form.set(form);
                }
            }
            _ => {}
        }
    }

    /// Settles the board's column from `chunk` if it is not settled yet, reading a file's
    /// header on the way.
    /// The rows of the chunk before the row that settles the column are marked
    /// ([`Chunk::early`]): all of them while it is not settled.
    pub(super) fn prepare(&self, chunk: &mut Chunk) -> Result<(), String> {
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
                self.settle_by(row);
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
        if let Some(e) = failed {
            return Err(e);
        }
        self.check_train_columns()?;
        self.check_rename()
    }

    /// Under `--header` without `--append`, the board's column is renamed after the output
    /// form: a header that holds that name in another column would then name two columns so.
    fn check_rename(&self) -> Result<(), String> {
        if self.spec.records {
            return Ok(());
        }
        let (Some(header), Some(&k), None) = (
            self.first_header.get(),
            self.settled.get(),
            &self.spec.append,
        ) else {
            return Ok(());
        };
        let name = self.spec.to.name();
        match header.iter().position(|f| f == name.as_bytes()) {
            Some(j) if j != k => Err(format!(
                "the header names column {} {name} already: renaming the board's column {} after the output form would give two columns named {name}; add the board as a new column with --append NAME",
                j + 1,
                k + 1
            )),
            _ => Ok(()),
        }
    }
}
