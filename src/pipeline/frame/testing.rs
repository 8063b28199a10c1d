//! Helpers of the framing tests: the pieces and chunks the framers give, as text.

use std::io;

use bbconv_forms::Framing;

use super::lines::{split_ends, split_lines, Given, LINES};
use super::{read_lines, ChunkKind, Input, Piece, Pool, Rows};
use crate::pipeline::rows::{self, Field, Rule};

/// A piece as `line:what`.
pub(super) fn piece(n: u64, p: Piece<'_>) -> String {
    match p {
        Piece::Data(d) => format!("{n}:{}", String::from_utf8_lossy(d)),
        Piece::Split { text, fields } => {
            // The framer's fields are the splitter's.
            let mut again = Vec::new();
            rows::fields(CSV, super::line_rules::strip_cr(text), |s, e, clean| {
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

pub(super) fn lines(data: &[u8], max: usize) -> Vec<String> {
    let mut out = Vec::new();
    split_lines(data, max, |n, p| out.push(piece(n, p)));
    out
}

/// Chunks cut by the line reader, split into lines, give the lines of the whole input,
/// wherever the chunk boundaries fall.
pub(super) fn chunked(input: &[u8], chunk: usize, max: usize) -> Vec<String> {
    chunked_rows(input, chunk, max, Rows::Lines)
}

pub(super) const CSV: Rule = Rule {
    delimiter: b',',
    quoting: true,
};

/// [`chunked`] with the rows of a table.
pub(super) fn chunked_rows(input: &[u8], chunk: usize, max: usize, rows: Rows) -> Vec<String> {
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
                        base += split_ends::<LINES, _>(data, at..to, Given(&ends), max, |n, p| {
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
