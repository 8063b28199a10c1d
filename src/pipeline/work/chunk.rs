//! The loops over a chunk's records, one a kind of chunk: lines (or lines written back as they
//! were), lines among records that span lines, records framed ahead, and a table's rows. Each
//! is compiled into [`super::convert`]'s loop for its stage, the record's conversion inlined
//! (records framed ahead that span lines: in a loop of their own, [`framed_stepped`]).

use bbconv_forms::ConvertError;

use super::parts::{FaultKind, Parts, What, ONE_LINE, STEPPED};
use super::record::{bad, early_record, header_row, json_line, record, split_record, unclosed};
use super::{Job, Stage};
use crate::pipeline::frame::line_rules::strip_cr;
use crate::pipeline::frame::lines::{split_ends, split_lines, split_verbatim, Given, LINES};
use crate::pipeline::frame::{split_table, Chunk, Framed, FramedKind, Piece, SpanChunk};

/// Converts whole lines written back in the form they were read
/// ([`crate::pipeline::frame::Rows::Verbatim`]): a blank or comment line is written as it is.
/// Returns the number of lines.
#[inline(always)]
pub(super) fn verbatim_lines<S: Stage>(
    data: &[u8],
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
) -> u64 {
    split_verbatim(data, job.max_line, |line, piece| match piece {
        Piece::Data(d) => record::<_, ONE_LINE>(job, parts, line, d),
        Piece::Verbatim(raw) => {
            parts.done.out.extend_from_slice(raw);
            if job.line_end {
                parts.done.out.push(b'\n');
            }
            parts.push(line, What::Header);
        }
        // Only a table's rows are unclosed.
        Piece::Skip | Piece::Unclosed { .. } | Piece::Split { .. } => {
            parts.push(line, What::Skipped)
        }
        Piece::TooLong(len) => parts.push(line, bad(job, line, FaultKind::TooLong(len))),
    })
}

/// Converts whole lines, one record a line. Returns the number of lines.
#[inline(always)]
pub(super) fn plain_lines<S: Stage>(data: &[u8], job: &Job<'_, S>, parts: &mut Parts<'_>) -> u64 {
    split_lines(data, job.max_line, |line, piece| match piece {
        Piece::Data(d) => record::<_, ONE_LINE>(job, parts, line, d),
        Piece::Skip | Piece::Verbatim(_) | Piece::Unclosed { .. } | Piece::Split { .. } => {
            parts.push(line, What::Skipped)
        }
        Piece::TooLong(len) => parts.push(line, bad(job, line, FaultKind::TooLong(len))),
    })
}

/// Converts lines as [`plain_lines`] does, with the line ends the reader found, but for the
/// records that span lines, each read whole: the lines between them are split in one loop
/// (one call, compiled into the record loop), the records that span lines read after each
/// stretch. Returns the number of lines.
#[inline(always)]
pub(super) fn span_lines<S: Stage>(
    data: &[u8],
    sc: &SpanChunk,
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
) -> u64 {
    let (mut at, mut base, mut e) = (0, 0u64, 0);
    for k in 0..=sc.spans.len() {
        let sp = sc.spans.get(k);
        let to = sp.map_or(data.len(), |sp| sp.start);
        // The line ends before the span: a short walk from the last (a blank line between
        // two spans), else a search (the lines of a chunk without spans).
        let mut upto = e;
        while upto < e + 4 && sc.ends.get(upto).is_some_and(|&x| x < to) {
            upto += 1;
        }
        if sc.ends.get(upto).is_some_and(|&x| x < to) {
            upto += sc.ends[upto..].partition_point(|&x| x < to);
        }
        let ends = Given(&sc.ends[e..upto]);
        let b = base;
        base += split_ends::<LINES, _>(
            data,
            at..to,
            ends,
            job.max_line,
            |line, piece| match piece {
                Piece::Data(d) => record::<_, ONE_LINE>(job, parts, b + line, d),
                Piece::Skip | Piece::Verbatim(_) | Piece::Unclosed { .. } | Piece::Split { .. } => {
                    parts.push(b + line, What::Skipped)
                }
                Piece::TooLong(len) => {
                    parts.push(b + line, bad(job, b + line, FaultKind::TooLong(len)))
                }
            },
        );
        let Some(sp) = sp else { break };
        let line = base + 1;
        if sp.too_long {
            parts.push(line, bad(job, line, FaultKind::TooLong(sp.end - sp.start)));
        } else if let Some(printer) = sp.cut_short {
            let e = bbconv_forms::ParseError::new(None, bbconv_forms::span::cut_short(printer));
            let kind = FaultKind::Convert(ConvertError::Parse(e));
            parts.push(line, bad(job, line, kind));
        } else {
            record::<_, ONE_LINE>(job, parts, line, strip_cr(&data[sp.start..sp.end]));
        }
        base += sp.lines;
        at = (sp.end + 1).min(data.len());
        // The span's lines end at its `lines` ends, the last at its end; or only its last
        // end is there (a grid taken whole, [`SpanChunk::ends`]).
        e = match usize::try_from(sp.lines) {
            _ if sc.ends.get(upto) == Some(&sp.end) => upto + 1,
            Ok(n) if n > 0 && sc.ends.get(upto + n - 1) == Some(&sp.end) => upto + n,
            _ => upto + sc.ends[upto..].partition_point(|&x| x < at),
        };
    }
    base
}

/// [`framed_records`] booking good records in runs of a step of lines ([`STEPPED`]), out of
/// line: the loop of records a line each, in [`super::convert`]'s, compiles as it would alone.
#[inline(never)]
pub(super) fn framed_stepped<S: Stage>(
    data: &[u8],
    records: &[Framed],
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
) {
    framed_records::<S, STEPPED>(data, records, job, parts)
}

/// Converts records framed ahead, each with its own line number, good ones booked as `STEP`
/// says ([`Parts::good`]).
#[inline(always)]
pub(super) fn framed_records<S: Stage, const STEP: bool>(
    data: &[u8],
    records: &[Framed],
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
) {
    parts.done.relative = false;
    for r in records {
        match r.kind {
            FramedKind::Data => record::<_, STEP>(job, parts, r.line, &data[r.start..r.end]),
            FramedKind::Line => json_line::<_, STEP>(job, parts, r.line, &data[r.start..r.end]),
            FramedKind::TooLong(len) => {
                parts.push(r.line, bad(job, r.line, FaultKind::TooLong(len)))
            }
            FramedKind::Truncated(len) => {
                parts.push(r.line, bad(job, r.line, FaultKind::Truncated(len)))
            }
        }
    }
}

pub(super) fn table_rows<S: Stage>(
    chunk: &Chunk,
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    early: u64,
) -> u64 {
    // A table: the first row of a file's first chunk may be its header.
    let mut header = chunk.first && job.stage.header_rows();
    let each = |line: u64, piece: Piece<'_>| match piece {
        Piece::Data(d) if header => {
            header = false;
            header_row(job, parts, line, d, chunk.src);
        }
        Piece::Data(d) if line < early => early_record(job, parts, line, d),
        Piece::Data(d) => record::<_, ONE_LINE>(job, parts, line, d),
        Piece::Split { text, .. } if line < early && !header => {
            early_record(job, parts, line, text)
        }
        Piece::Split { text, fields } => {
            let first = std::mem::take(&mut header);
            split_record(job, parts, (line, first, chunk.src), text, fields)
        }
        Piece::Skip | Piece::Verbatim(_) => parts.push(line, What::Skipped),
        Piece::TooLong(len) => parts.push(line, bad(job, line, FaultKind::TooLong(len))),
        Piece::Unclosed { text, quote, lines } => unclosed(job, parts, line, text, quote, lines),
    };
    split_table(&chunk.data[..chunk.len], &chunk.kind, job.max_line, each)
}

/// [`table_rows`] on a chunk with rows before the one that settled the board's column: out of
/// line, so that the plain rows' loop stays as it was.
#[cold]
#[inline(never)]
pub(super) fn early_table<S: Stage>(chunk: &Chunk, job: &Job<'_, S>, parts: &mut Parts<'_>) -> u64 {
    table_rows(chunk, job, parts, chunk.early)
}
