//! The conversion stage: turns one chunk of input records into output bytes and one outcome a
//! record, knowing nothing of where the output goes or how errors are shown. Both drivers run
//! it on the same chunks, so `--jobs N` gives what `--jobs 1` gives by construction.

use bbconv_board::Size;
use bbconv_forms::ConvertError;

use super::frame::{position, split_lines, Chunk, ChunkKind, FramedKind, Piece};

/// What a command does with one record: appends its output (no record separator) to `out` and
/// returns the size of the board read, or says why it cannot.
pub(crate) trait Stage: Sync {
    /// Converts one record.
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError>;
}

/// The outcome of one input record.
pub(crate) struct Entry {
    /// The line (binary: record number) where the record starts.
    pub(crate) line: u64,
    /// End of its output in [`Done::out`] (it starts where the previous entry's ends).
    pub(crate) end: usize,
    /// What became of it.
    pub(crate) what: What,
}

/// What became of one input record.
pub(crate) enum What {
    /// Converted: the size of its board.
    Good(Size),
    /// A blank or comment line.
    Skipped,
    /// Not converted.
    Bad(Box<Fault>),
}

/// Why a record was not converted, and where exactly.
pub(crate) struct Fault {
    /// The line of the problem (a record may span lines).
    pub(crate) line: u64,
    /// The 1-based column (binary: byte) of the problem, when known.
    pub(crate) col: Option<usize>,
    /// The problem.
    pub(crate) kind: FaultKind,
}

/// The problems a record can have.
pub(crate) enum FaultKind {
    /// It does not read, or cannot be written.
    Convert(ConvertError),
    /// It is longer than the limit: at least this many bytes.
    TooLong(usize),
    /// A binary record cut short by the end of the input: the bytes found.
    Truncated(usize),
    /// Its board is not the size of the stream's boards.
    SizeDrift(Size),
}

/// A converted chunk.
pub(crate) struct Done {
    /// The chunk's position in the run.
    pub(crate) seq: u64,
    /// Index of its source.
    pub(crate) src: usize,
    /// Lines the chunk held, when its line numbers continue those of earlier chunks (0 when
    /// its records carry their own numbers).
    pub(crate) lines: u64,
    /// Whether the entries' line numbers are relative to the lines before the chunk.
    pub(crate) relative: bool,
    /// The output of the good records, each with its line end.
    pub(crate) out: Vec<u8>,
    /// One entry a record, in input order.
    pub(crate) entries: Vec<Entry>,
    /// The size of every record, when every record is good and of one size.
    pub(crate) uniform: Option<Size>,
}

/// Converts the records of `chunk` with `stage`. `line_end` says whether each output record is
/// followed by a newline; `binary_input` whether fault columns are byte positions.
pub(crate) fn convert(
    chunk: &Chunk,
    stage: &dyn Stage,
    line_end: bool,
    max_line: usize,
    binary_input: bool,
    out: Vec<u8>,
) -> Done {
    let mut done = Done {
        seq: chunk.seq,
        src: chunk.src,
        lines: 0,
        relative: true,
        out,
        entries: Vec::new(),
        uniform: None,
    };
    done.out.clear();
    let record = |done: &mut Done, line: u64, data: &[u8]| {
        let what = match stage.run(data, &mut done.out) {
            Ok(size) => {
                if line_end {
                    done.out.push(b'\n');
                }
                What::Good(size)
            }
            Err(e) => What::Bad(Box::new(fault(e, line, data, binary_input))),
        };
        done.entries.push(Entry {
            line,
            end: done.out.len(),
            what,
        });
    };
    let bad = |line: u64, kind: FaultKind| {
        What::Bad(Box::new(Fault {
            line,
            col: None,
            kind,
        }))
    };
    match &chunk.kind {
        ChunkKind::Lines => {
            let data = &chunk.data[..chunk.len];
            done.out.reserve(data.len() + data.len() / 2);
            done.entries.reserve(data.len() / 40);
            done.lines = split_lines(data, max_line, |line, piece| match piece {
                Piece::Data(d) => record(&mut done, line, d),
                Piece::Skip => {
                    let end = done.out.len();
                    done.entries.push(Entry {
                        line,
                        end,
                        what: What::Skipped,
                    });
                }
                Piece::TooLong(len) => {
                    let end = done.out.len();
                    done.entries.push(Entry {
                        line,
                        end,
                        what: bad(line, FaultKind::TooLong(len)),
                    });
                }
            });
        }
        ChunkKind::TooLong(len) => {
            done.lines = 1;
            done.entries.push(Entry {
                line: 1,
                end: 0,
                what: bad(1, FaultKind::TooLong(*len)),
            });
        }
        ChunkKind::Framed(records) => {
            done.relative = false;
            for r in records {
                match r.kind {
                    FramedKind::Data => record(&mut done, r.line, &chunk.data[r.start..r.end]),
                    FramedKind::TooLong(len) => {
                        let end = done.out.len();
                        done.entries.push(Entry {
                            line: r.line,
                            end,
                            what: bad(r.line, FaultKind::TooLong(len)),
                        });
                    }
                    FramedKind::Truncated(len) => {
                        let end = done.out.len();
                        done.entries.push(Entry {
                            line: r.line,
                            end,
                            what: bad(r.line, FaultKind::Truncated(len)),
                        });
                    }
                }
            }
        }
    }
    done.uniform = uniform(&done.entries);
    done
}

/// The size of every record, when every record is good and of one size.
fn uniform(entries: &[Entry]) -> Option<Size> {
    let mut size = None;
    for e in entries {
        match e.what {
            What::Good(s) if *size.get_or_insert(s) == s => {}
            _ => return None,
        }
    }
    size
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
