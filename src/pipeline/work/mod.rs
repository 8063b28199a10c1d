//! The conversion stage: turns one chunk of input records into output bytes and one outcome a
//! record, knowing nothing of where the output goes or how errors are shown. Both drivers run
//! it on the same chunks, so `--jobs N` gives what `--jobs 1` gives by construction. The
//! stage's loops over a chunk are in [`chunk`], one record's conversion in [`record`], the
//! outcomes in [`parts`].

mod chunk;
mod parts;
mod record;

use bbconv_board::train::{Train, View};
use bbconv_board::Size;
use bbconv_forms::ConvertError;

use super::frame::{Chunk, ChunkKind, Framed, Rows};
use super::rows::Field;

pub(crate) use parts::{Done, Entry, FaultKind, Spare, What, PART_RECORDS};
use parts::{Parts, Run, Step, ONE_LINE};

/// What a command does with one record: appends its output (no record separator) to `out` and
/// returns the size of the board read, or says why it cannot.
pub(crate) trait Stage: Sync {
    /// Converts one record. On an error, what it wrote is ignored, unless the run takes it for
    /// the record's placeholder (the writer's `placeholders`, a table's row under `--errors null`).
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError>;

    /// [`Stage::run`] on a table's row whose fields the framer found (a table's stage takes
    /// them rather than splitting the row again).
    #[inline(always)]
    fn run_split(
        &self,
        record: &[u8],
        _fields: &[Field],
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        self.run(record, out)
    }

    /// [`Stage::run`] with a record's training fields given beside it, from `view` (a table's
    /// `--train-columns`). A stage that writes no training form keeps no fields: it runs the
    /// record alone (the command line gives the columns to `convert` only).
    fn run_train(
        &self,
        record: &[u8],
        _fields: Train,
        _view: View,
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        self.run(record, out)
    }

    /// Looks at a chunk on the reading thread, in input order, before any record of it is
    /// converted: a table's stage settles its board column here, so that every thread then
    /// converts with the same one, and marks the chunk's rows before the settling row
    /// ([`Chunk::early`]). An error ends the run (exit code 2).
    fn prepare(&self, _chunk: &mut Chunk) -> Result<(), String> {
        Ok(())
    }

    /// Whether the chunks prepared so far are to be held back, unconverted, until a later
    /// chunk's [`Stage::prepare`] settles what their conversion needs: a table whose board
    /// column is still to be found, whose header row cannot be written before it is.
    fn holds(&self) -> bool {
        false
    }

    /// The bad record of a table's row before the row that settled the board's column
    /// ([`Chunk::early`]), with its placeholder; only a table's stage is asked.
    fn early(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        self.run(record, out)
    }

    /// Whether the first row of a source (a file or stdin, not an argument) is a header.
    fn header_rows(&self) -> bool {
        false
    }

    /// Writes what a source's header row becomes (nothing: it is dropped); only called when
    /// [`Stage::header_rows`] says so.
    fn header(&self, _row: &[u8], _src: usize, _out: &mut Vec<u8>) {}
}

/// A stage whose records keep the CR of a CRLF line end ([`Rows::Verbatim`]): `inner` converts
/// the record without it, and the CR follows the output, so that the line ends come back as
/// they were.
pub(crate) struct KeepCr<'s, S>(pub(crate) &'s S);

impl<S: Stage> Stage for KeepCr<'_, S> {
    #[inline(always)]
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        keep_cr(record, out, |r, out| self.0.run(r, out))
    }
}

/// Converts `record` without the CR of its CRLF line end, and writes the CR after the output.
#[inline(always)]
fn keep_cr(
    record: &[u8],
    out: &mut Vec<u8>,
    convert: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<Size, ConvertError>,
) -> Result<Size, ConvertError> {
    match record {
        [body @ .., b'\r'] => {
            let size = convert(body, out)?;
            out.push(b'\r');
            Ok(size)
        }
        _ => convert(record, out),
    }
}

/// How a chunk's records are converted and handed over.
pub(crate) struct Job<'a, S: Stage + ?Sized> {
    /// What each record goes through (a type parameter, not a trait object: the conversion is
    /// compiled into the record loop).
    pub(crate) stage: &'a S,
    /// Whether each output record is followed by a newline.
    pub(crate) line_end: bool,
    /// The longest record accepted.
    pub(crate) max_line: usize,
    /// Whether fault columns are byte positions (binary input).
    pub(crate) binary_input: bool,
    /// Whether bad records keep their fault (false under `--errors skip`, which prints none:
    /// nothing about them is kept or queued).
    pub(crate) keep_faults: bool,
    /// The most records in one part. A part is what is queued between the stages, so this and
    /// [`PART_BYTES`](parts::PART_BYTES) bound what a worker holds, whatever the share of bad
    /// records or the size of each record's output.
    pub(crate) part_records: usize,
    /// Whether good records of one size one after another (on consecutive lines, or in a
    /// framed chunk each the same number of lines after the one before) share one entry (a
    /// run): not when the output separates records (grids), which the writer does record by
    /// record, nor for a table's rows, which the writer may have to rewrite one by one
    /// (`--errors null`).
    pub(crate) runs: bool,
    /// How the lines of a chunk are records.
    pub(crate) rows: Rows,
}

/// Converts the records of `chunk` as `job` says, handing the output to `emit` in parts of at
/// most `job.part_records` records (the last part says so); the buffers of each part come from
/// `take`. Returns whether `emit` still listens.
pub(crate) fn convert<S: Stage>(
    chunk: &Chunk,
    job: &Job<'_, S>,
    take: &dyn Fn() -> Spare,
    emit: &mut dyn FnMut(Done) -> bool,
) -> bool {
    convert_with(chunk, job, take, emit)
}

/// [`convert`]: the loop of the chunk's kind ([`chunk`]).
fn convert_with<S: Stage>(
    chunk: &Chunk,
    job: &Job<'_, S>,
    take: &dyn Fn() -> Spare,
    emit: &mut dyn FnMut(Done) -> bool,
) -> bool {
    let mut parts = Parts {
        done: Done::new(chunk.seq, chunk.src, take()),
        part_records: job.part_records.clamp(1, u32::MAX as usize),
        take,
        emit,
        stopped: false,
        runs: job.runs,
        run: Run::NONE,
        step: Step::ONE,
    };
    let data = &chunk.data[..chunk.len];
    let lines = match &chunk.kind {
        ChunkKind::Lines if job.rows == Rows::Verbatim => {
            chunk::verbatim_lines(data, job, &mut parts)
        }
        ChunkKind::Lines | ChunkKind::Rows(..) if matches!(job.rows, Rows::Table(_)) => {
            if chunk.early > 0 {
                chunk::early_table(chunk, job, &mut parts)
            } else {
                chunk::table_rows(chunk, job, &mut parts, 0)
            }
        }
        // Rows framed ahead are a table's only.
        ChunkKind::Lines | ChunkKind::Rows(..) => chunk::plain_lines(data, job, &mut parts),
        ChunkKind::Spans(sc) => chunk::span_lines(data, sc, job, &mut parts),
        ChunkKind::TooLong(len) => {
            parts.push(1, record::bad(job, 1, FaultKind::TooLong(*len)));
            1
        }
        ChunkKind::Framed(records) if spans_lines(records) => {
            chunk::framed_stepped(&chunk.data, records, job, &mut parts);
            0
        }
        ChunkKind::Framed(records) => {
            chunk::framed_records::<S, ONE_LINE>(&chunk.data, records, job, &mut parts);
            0
        }
    };
    parts.finish(lines)
}

/// Whether a framed chunk's records take two lines or more each (`.plain`'s six, grids, JSON
/// over lines), by its first and last record's lines: its good records are then booked in
/// runs of a step of lines ([`STEPPED`](parts::STEPPED)), else (binary records, numbered one
/// after another; JSON lines) as lines are ([`ONE_LINE`]), at no cost to them. Either booking
/// names each record where it starts: this chooses the cheaper one only.
fn spans_lines(records: &[Framed]) -> bool {
    match (records.first(), records.last()) {
        (Some(first), Some(last)) if records.len() > 1 => {
            let gaps = records.len() as u64 - 1;
            last.line.saturating_sub(first.line) >= gaps.saturating_mul(2)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::parts::PART_BYTES;
    use super::*;
    use bbconv_forms::{Conversion, Format, Options};

    /// A conversion as the CLI runs it.
    struct Conv<'a>(Conversion<'a>);

    impl Stage for Conv<'_> {
        fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
            self.0.run(record, out)
        }
    }

    /// The job of a run of `stage` with line ends and the default part size.
    fn job<S: Stage>(stage: &S, keep_faults: bool, runs: bool) -> Job<'_, S> {
        Job {
            stage,
            line_end: true,
            max_line: 1 << 20,
            binary_input: false,
            keep_faults,
            part_records: PART_RECORDS,
            runs,
            rows: Rows::Lines,
        }
    }

    /// `lines` as the first chunk of a source.
    fn chunk(lines: &[u8]) -> Chunk {
        Chunk {
            seq: 0,
            src: 0,
            data: lines.to_vec(),
            len: lines.len(),
            kind: ChunkKind::Lines,
            first: true,
            early: 0,
        }
    }

    /// The entries of `lines` converted by `stage`, as `line:what:output`.
    fn entries<S: Stage>(stage: &S, lines: &[u8], runs: bool) -> Vec<String> {
        let (job, chunk) = (job(stage, true, runs), chunk(lines));
        let mut got = Vec::new();
        assert!(convert(&chunk, &job, &Spare::default, &mut |d| {
            let mut start = 0;
            for e in &d.entries {
                let what = match &e.what {
                    What::Good(size, n, _) => format!("{size}x{n}"),
                    What::Skipped => "skip".into(),
                    What::Header => "header".into(),
                    What::Bad(_) => "bad".into(),
                };
                let out = String::from_utf8_lossy(&d.out[start..e.end]).into_owned();
                got.push(format!(
                    "{}:{what}:{}",
                    e.line,
                    out.trim_end().replace('\n', " ")
                ));
                start = e.end;
            }
            true
        }));
        got
    }

    /// Parts, by record count and output bytes, for a chunk of `lines`; and how many faults
    /// they keep.
    fn parts(lines: &[u8], to: Format, keep_faults: bool) -> (Vec<(usize, usize)>, usize) {
        let opts = Options::default();
        let conv = Conv(Conversion::new(Format::Auto, to, &opts));
        let (job, chunk) = (job(&conv, keep_faults, true), chunk(lines));
        let mut got = Vec::new();
        let mut faults = 0;
        let mut last = 0;
        assert!(convert(&chunk, &job, &Spare::default, &mut |d| {
            faults += d
                .entries
                .iter()
                .filter(|e| matches!(e.what, What::Bad(Some(_))))
                .count();
            last += usize::from(d.last);
            got.push((d.records, d.out.len()));
            true
        }));
        assert_eq!(last, 1, "exactly one last part");
        (got, faults)
    }

    /// The entries of one chunk: good records of one size on consecutive lines share one, which
    /// ends where their output does; a size change, a bad line or a skipped one ends it; with
    /// `runs` off every good record has its own. The same from the plan's loop and the plain one.
    #[test]
    fn runs_end_where_their_output_does() {
        let opts = Options::default();
        let lines = b"8/8/8/8/8/8/8/R6k\n8/8/8/8/8/8/8/7k\n3/3/K2\nK/KK\n# note\n3/3/2k\n3/3/1k1\n";
        for from in [Format::Fen, Format::Auto] {
            let conv = Conversion::new(from, Format::Pair, &opts);
            for runs in [true, false] {
                let want: &[&str] = if runs {
                    &[
                        "1:8x8x2:0x0000000000000001 0x0000000000000080 \
                         0x0000000000000000 0x0000000000000080",
                        "3:3x3x1:0x001 0x000",
                        "4:bad:",
                        "5:skip:",
                        "6:3x3x2:0x000 0x004 0x000 0x002",
                    ]
                } else {
                    &[
                        "1:8x8x1:0x0000000000000001 0x0000000000000080",
                        "2:8x8x1:0x0000000000000000 0x0000000000000080",
                        "3:3x3x1:0x001 0x000",
                        "4:bad:",
                        "5:skip:",
                        "6:3x3x1:0x000 0x004",
                        "7:3x3x1:0x000 0x002",
                    ]
                };
                assert_eq!(
                    entries(&Conv(conv.clone()), lines, runs),
                    want,
                    "-f {from}, runs {runs}"
                );
            }
        }
    }

    /// A framed chunk of `records` (line, text; `None`: a JSON line of two values).
    fn framed_chunk(records: &[(u64, Option<&str>)]) -> Chunk {
        use crate::pipeline::frame::FramedKind;
        let (mut data, mut list) = (Vec::new(), Vec::new());
        for &(line, text) in records {
            let start = data.len();
            let kind = match text {
                Some(text) => {
                    data.extend_from_slice(text.as_bytes());
                    FramedKind::Data
                }
                None => {
                    data.extend_from_slice(b"{\"fen\": \"3/3/K2\"} {\"fen\": \"3/3/1K1\"}");
                    FramedKind::Line
                }
            };
            let end = data.len();
            list.push(Framed {
                line,
                start,
                end,
                kind,
            });
        }
        Chunk {
            len: data.len(),
            data,
            kind: ChunkKind::Framed(list),
            ..chunk(b"")
        }
    }

    /// The entries of a framed chunk of `records` ([`framed_chunk`]), as `line:size x n+step`
    /// (`line:other` for the rest).
    fn framed_entries(records: &[(u64, Option<&str>)], runs: bool) -> Vec<String> {
        let opts = Options::default();
        let conv = Conv(Conversion::new(Format::Auto, Format::Pair, &opts));
        let (chunk, job) = (framed_chunk(records), job(&conv, true, runs));
        let mut got = Vec::new();
        assert!(convert(&chunk, &job, &Spare::default, &mut |d| {
            got.extend(d.entries.iter().map(|e| match e.what {
                What::Good(size, n, step) => format!("{}:{size}x{n}+{step}", e.line),
                _ => format!("{}:other", e.line),
            }));
            true
        }));
        got
    }

    /// The records of a framed chunk of `records` booked by the stepped loop or the loop of
    /// records a line each, in parts of at most 5 records: each as `line:size` (a run's
    /// records at its line + k * step) or `line:bad@fault line` or `line:other`; and the
    /// output.
    fn framed_records_booked(
        records: &[(u64, Option<&str>)],
        runs: bool,
        stepped: bool,
    ) -> (Vec<String>, Vec<u8>) {
        let opts = Options::default();
        let conv = Conv(Conversion::new(Format::Auto, Format::Pair, &opts));
        let (chunk, job) = (framed_chunk(records), job(&conv, true, runs));
        let ChunkKind::Framed(list) = &chunk.kind else {
            unreachable!()
        };
        let (mut got, mut out) = (Vec::new(), Vec::new());
        let mut emit = |d: Done| {
            for e in &d.entries {
                match &e.what {
                    What::Good(size, n, step) => got.extend(
                        (0..u64::from(*n)).map(|k| format!("{}:{size}", e.line + k * *step as u64)),
                    ),
                    What::Bad(Some(f)) => got.push(format!("{}:bad@{}", e.line, f.line)),
                    _ => got.push(format!("{}:other", e.line)),
                }
            }
            out.extend_from_slice(&d.out);
            true
        };
        let mut parts = Parts {
            done: Done::new(0, 0, Spare::default()),
            part_records: 5,
            take: &Spare::default,
            emit: &mut emit,
            stopped: false,
            runs,
            run: Run::NONE,
            step: Step::ONE,
        };
        if stepped {
            chunk::framed_stepped(&chunk.data, list, &job, &mut parts);
        } else {
            chunk::framed_records::<_, ONE_LINE>(&chunk.data, list, &job, &mut parts);
        }
        assert!(parts.finish(0));
        (got, out)
    }

    /// Differential: the stepped runs of framed records, expanded record by record, are the
    /// records a line each's runs, and an entry a record (runs off): the same records at the
    /// same lines, with the same output, whatever the lines between them (steps that change,
    /// records on one line, bad records between), parts ending inside runs.
    #[test]
    fn stepped_runs_name_the_records_an_entry_each_names() {
        let texts = [
            Some("8/8/8/8/8/8/8/R6k"),
            Some("8/8/8/8/8/8/8/7k"),
            Some("3/3/k2"),
            Some("zz"),
            None,
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        for case in 0..400 {
            let (mut line, mut step) = (1 + next(3), 1 + next(7));
            let mut records = Vec::new();
            let mut text = texts[0];
            for _ in 0..1 + next(40) {
                if next(5) == 0 {
                    step = next(8);
                }
                if next(4) == 0 {
                    text = texts[next(5) as usize];
                }
                records.push((line, text));
                line += step;
            }
            let want = framed_records_booked(&records, false, false);
            for (runs, stepped) in [(true, true), (true, false), (false, true)] {
                let got = framed_records_booked(&records, runs, stepped);
                assert_eq!(got, want, "case {case}, runs {runs}, stepped {stepped}");
            }
        }
    }

    /// Records of many lines each (a framed chunk: `.plain`, grids) share one entry too, from
    /// the first one's line, while each starts as many lines after the one before (the writer
    /// names each one's line from them); a bad record between them, or another step, ends the
    /// run, as does a step past u32::MAX. A JSON line's values, on one line, have an entry
    /// each. With runs off every record has its own.
    #[test]
    fn runs_of_records_of_many_lines() {
        let (white, black) = (Some("8/8/8/8/8/8/8/R6k"), Some("8/8/8/8/8/8/8/7k"));
        let far = 1 << 32;
        let records = [
            (1, white),
            (7, black),
            (13, Some("zz")),
            (19, black),
            (25, white),
            (28, black),
            (29, Some("3/3/k2")),
            (29 + far, Some("3/3/1k1")),
            (40 + far, None),
            (41 + far, None),
        ];
        let at = |line: u64, what: &str| format!("{line}:{what}");
        assert_eq!(
            framed_entries(&records, true),
            [
                at(1, "8x8x2+6"),
                at(13, "other"),
                at(19, "8x8x2+6"),
                at(28, "8x8x1+1"),
                at(29, "3x3x1+1"),
                at(29 + far, "3x3x2+11"),
                at(40 + far, "3x3x2+1"),
                at(41 + far, "3x3x1+1"),
            ]
        );
        assert_eq!(
            framed_entries(&records[..6], false),
            [
                "1:8x8x1+1",
                "7:8x8x1+1",
                "13:other",
                "19:8x8x1+1",
                "25:8x8x1+1",
                "28:8x8x1+1"
            ],
        );
    }

    /// A framed chunk of records a line each, or most of them (binary records, JSON lines), is
    /// booked as lines are: runs on consecutive lines; one whose records take two lines or more
    /// each, in steps. Both name each record where it starts.
    #[test]
    fn framed_records_a_line_each_are_booked_as_lines() {
        let black = Some("8/8/8/8/8/8/8/7k");
        let lines = |lines: &[u64]| lines.iter().map(|&l| (l, black)).collect::<Vec<_>>();
        assert_eq!(framed_entries(&lines(&[1, 2, 3, 4]), true), ["1:8x8x4+1"]);
        let most = lines(&[1, 3, 4, 5, 6, 7, 8]);
        assert_eq!(framed_entries(&most, true), ["1:8x8x1+1", "3:8x8x6+1"]);
        let steps = lines(&[1, 3, 4, 5, 6, 7, 20]);
        assert_eq!(
            framed_entries(&steps, true),
            ["1:8x8x2+2", "4:8x8x4+1", "20:8x8x1+1"]
        );
    }

    /// What is queued between the stages is bounded whatever the input: a chunk of bad records
    /// comes in parts of at most PART_RECORDS records, and under --errors skip nothing of them
    /// is kept; a chunk of large outputs comes in parts of about PART_BYTES.
    #[test]
    fn parts_bound_what_is_queued() {
        let bad = b"zz\n".repeat(10_000);
        let (got, faults) = parts(&bad, Format::Hex, true);
        assert_eq!(got.iter().map(|p| p.0).sum::<usize>(), 10_000);
        assert!(got.iter().all(|p| p.0 <= PART_RECORDS), "{got:?}");
        assert_eq!(faults, 10_000);
        let (_, faults) = parts(&bad, Format::Hex, false);
        assert_eq!(faults, 0);
        let boards = b"0x1\n".repeat(5_000);
        let (got, _) = parts(&boards, Format::Grid, true);
        assert!(got.len() > 1);
        assert!(got.iter().all(|p| p.1 < PART_BYTES + 4096), "{got:?}");
    }
}
