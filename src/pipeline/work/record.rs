//! One record's conversion and the booking of its outcome: a record, a JSON line of values,
//! a table's header, early or split row, and where in the input a fault is.

use bbconv_board::Size;
use bbconv_forms::{ConvertError, ErrorKind};

use super::parts::{Fault, FaultKind, Parts, What, ONE_LINE};
use super::{Job, Stage};
use crate::pipeline::frame::{position, Rows};
use crate::pipeline::rows::Field;

/// A bad record's outcome: its fault, when the job keeps them.
#[inline(always)]
pub(super) fn bad<S: Stage + ?Sized>(job: &Job<'_, S>, line: u64, kind: FaultKind) -> What {
    What::Bad(job.keep_faults.then(|| {
        Box::new(Fault {
            line,
            col: None,
            kind,
        })
    }))
}

/// Books a table's row before the row that settled the board's column as the stage's bad
/// record.
#[cold]
#[inline(never)]
pub(super) fn early_record<S: Stage + ?Sized>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    line: u64,
    data: &[u8],
) {
    if parts.stopped {
        return;
    }
    let result = job.stage.early(data, &mut parts.done.out);
    settle::<_, ONE_LINE>(job, parts, line, data, result);
}

/// Converts one record, its outcome booked as `STEP` says ([`Parts::good`]).
#[inline(always)]
pub(super) fn record<S: Stage + ?Sized, const STEP: bool>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    line: u64,
    data: &[u8],
) {
    if parts.stopped {
        return;
    }
    // What a failed conversion wrote stays in its entry's bytes, where the writer ignores it,
    // unless the run's bad records have the stage's placeholders (the writer's `placeholders`).
    let result = job.stage.run(data, &mut parts.done.out);
    settle::<_, STEP>(job, parts, line, data, result);
}

/// Books the outcome of one record's conversion, a good one as `STEP` says
/// ([`Parts::good`]).
#[inline(always)]
pub(super) fn settle<S: Stage + ?Sized, const STEP: bool>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    line: u64,
    data: &[u8],
    result: Result<Size, ConvertError>,
) {
    match result {
        Ok(size) => {
            if job.line_end {
                parts.done.out.push(b'\n');
            }
            parts.good::<STEP>(line, size);
        }
        Err(ConvertError::Parse(p))
            if p.kind == ErrorKind::Comment && !matches!(job.rows, Rows::Table(_)) =>
        {
            comment_line(job, parts, line, data)
        }
        Err(e) => {
            let fault = job
                .keep_faults
                .then(|| Box::new(fault(e, line, data, job.binary_input)));
            parts.push(line, What::Bad(fault));
        }
    }
}

/// Books a line its form reads as a comment (an OBF `%` line, [`ErrorKind::Comment`]) as a `#`
/// line is booked: written back as it is under [`Rows::Verbatim`], else passed by.
#[cold]
pub(super) fn comment_line<S: Stage + ?Sized>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    line: u64,
    data: &[u8],
) {
    if job.rows != Rows::Verbatim {
        parts.push(line, What::Skipped);
        return;
    }
    parts.book_run();
    let start = parts.done.entries.last().map_or(0, |e| e.end);
    parts.done.out.truncate(start);
    parts.done.out.extend_from_slice(data);
    if job.line_end {
        parts.done.out.push(b'\n');
    }
    parts.push(line, What::Header);
}

/// Writes a table's header row (out of line, as [`unclosed`]).
#[inline(never)]
pub(super) fn header_row<S: Stage + ?Sized>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    line: u64,
    row: &[u8],
    src: usize,
) {
    let mark = parts.done.out.len();
    job.stage.header(row, src, &mut parts.done.out);
    if job.line_end && parts.done.out.len() > mark {
        parts.done.out.push(b'\n');
    }
    parts.push(line, What::Header);
}

/// Converts a table's row whose fields the framer found, or writes it when it is the header
/// (out of line, as [`unclosed`]: the plain rows' loop stays as lean as it was).
#[cold]
#[inline(never)]
pub(super) fn split_record<S: Stage + ?Sized>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    (line, header, src): (u64, bool, usize),
    text: &[u8],
    fields: &[Field],
) {
    if header {
        return header_row(job, parts, line, text, src);
    }
    if parts.stopped {
        return;
    }
    let result = job.stage.run_split(text, fields, &mut parts.done.out);
    settle::<_, ONE_LINE>(job, parts, line, text, result);
}

/// Books a table's row whose quoted field is open at the end of the input (out of line: a
/// copy of [`settle`] inlined in the rows' loop made every row slower).
#[cold]
#[inline(never)]
pub(super) fn unclosed<S: Stage + ?Sized>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    line: u64,
    text: &[u8],
    quote: Option<usize>,
    lines: u64,
) {
    let e = crate::pipeline::table::unclosed(quote, lines);
    settle::<_, ONE_LINE>(job, parts, line, text, Err(e));
}

/// Converts the values of a JSON line framed by itself
/// ([`Record::Line`](crate::pipeline::frame::records::Record::Line)). A reader of JSON takes a text
/// only when it is one value, so a line that converts whole is its one value, as the framer would
/// have found it. A line that does not is split by the framer's rule: when it is one value of
/// exactly its bytes, the outcome already found stands; otherwise its values are converted one by
/// one, as if the framer had split it.
#[inline(always)]
pub(super) fn json_line<S: Stage + ?Sized, const STEP: bool>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    line: u64,
    data: &[u8],
) {
    if parts.stopped {
        return;
    }
    let whole = job.stage.run(data, &mut parts.done.out);
    if whole.is_err() {
        let (mut values, mut only) = (0, (0, 0));
        bbconv_frame::ValueScanner::values_of_line(data, |s, e| {
            values += 1;
            only = (s, e);
        });
        if values != 1 || only != (0, data.len()) {
            bbconv_frame::ValueScanner::values_of_line(data, |s, e| {
                record::<_, STEP>(job, parts, line, &data[s..e])
            });
            return;
        }
    }
    settle::<_, STEP>(job, parts, line, data, whole);
}

/// Where in the input a conversion error is: its line and column.
fn fault(e: ConvertError, line: u64, data: &[u8], binary: bool) -> Fault {
    let offset = match &e {
        ConvertError::Parse(p) => p.offset,
        _ => None,
    };
    let (line, col) = match offset {
        Some(off) if binary => (line, Some(off + 1)),
        Some(off) => {
            let (dl, col) = position(data, off);
            (line + dl as u64, Some(col))
        }
        None => (line, None),
    };
    Fault {
        line,
        col,
        kind: FaultKind::Convert(e),
    }
}
