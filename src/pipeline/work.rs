//! The conversion stage: turns one chunk of input records into output bytes and one outcome a
//! record, knowing nothing of where the output goes or how errors are shown. Both drivers run
//! it on the same chunks, so `--jobs N` gives what `--jobs 1` gives by construction.

use bbconv_board::Size;
use bbconv_forms::{ConvertError, ConvertRecord, ErrorKind, RecordLoop};

use super::frame::{
    position, split_ends, split_lines, split_table, split_verbatim, Chunk, ChunkKind, FramedKind,
    Given, Piece, Rows, LINES,
};
use super::rows::Field;

/// What a command does with one record: appends its output (no record separator) to `out` and
/// returns the size of the board read, or says why it cannot.
pub(crate) trait Stage: Sync {
    /// Converts one record. On an error, what it wrote is ignored, unless the run takes it for
    /// the record's placeholder ([`Job::placeholders`]).
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

    /// Runs `l` with the stage a record loop is to be compiled with: this one, or one its
    /// set-up chose once ([`planned`]).
    fn with_loop<L: StageLoop>(&self, l: L) -> L::Output
    where
        Self: Sized,
    {
        l.run(self)
    }

    /// Looks at a chunk on the reading thread, in input order, before any record of it is
    /// converted: a table's stage settles its board column here, so that every thread then
    /// converts with the same one, and marks the chunk's rows before the settling row
    /// ([`Chunk::early`]). An error ends the run (exit code 2).
    fn prepare(&self, _chunk: &mut Chunk) -> Result<(), String> {
        Ok(())
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

/// A loop over records, compiled for the stage it is given ([`Stage::with_loop`]).
pub(crate) trait StageLoop {
    /// What the loop gives.
    type Output;
    /// Runs the loop with `stage`.
    fn run<S: Stage>(self, stage: &S) -> Self::Output;
}

/// [`Stage::with_loop`] of a stage that is a conversion: `l` runs with what the conversion's
/// plan chose ([`bbconv_forms::Conversion::with_reader`]).
pub(crate) fn planned<L: StageLoop>(conversion: &bbconv_forms::Conversion<'_>, l: L) -> L::Output {
    /// A [`StageLoop`] as a loop over a conversion's records.
    struct Planned<L>(L);
    /// What converts a record, as a stage.
    struct Record<'c, C>(&'c C);

    impl<C: ConvertRecord> Stage for Record<'_, C> {
        #[inline(always)]
        fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
            self.0.convert(record, out)
        }
    }

    impl<L: StageLoop> RecordLoop for Planned<L> {
        type Output = L::Output;
        fn run<C: ConvertRecord>(self, c: &C) -> L::Output {
            self.0.run(&Record(c))
        }
    }

    conversion.with_reader(Planned(l))
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

    fn with_loop<L: StageLoop>(&self, l: L) -> L::Output {
        /// The loop compiled for what the inner stage chose, with the CR kept around it.
        struct Inner<L>(L);
        /// [`KeepCr`] over what the inner stage chose.
        struct Over<'s, T>(&'s T);
        impl<T: Stage> Stage for Over<'_, T> {
            #[inline(always)]
            fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
                keep_cr(record, out, |r, out| self.0.run(r, out))
            }
        }
        impl<L: StageLoop> StageLoop for Inner<L> {
            type Output = L::Output;
            fn run<T: Stage>(self, inner: &T) -> L::Output {
                self.0.run(&Over(inner))
            }
        }
        self.0.with_loop(Inner(l))
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

/// The outcome of one input record, or of a run of good ones.
pub(crate) struct Entry {
    /// The line (binary: record number) where the record starts; a run's records are on the
    /// lines from this one, one a line.
    pub(crate) line: u64,
    /// End of its output in [`Done::out`] (it starts where the previous entry's ends).
    pub(crate) end: usize,
    /// What became of it.
    pub(crate) what: What,
}

/// What became of one input record, or of a run of good ones.
pub(crate) enum What {
    /// Converted: the size of the board, and how many records on consecutive lines (a run,
    /// when the job merges them) were converted to boards of that size, one after the other.
    Good(Size, u32),
    /// A blank or comment line.
    Skipped,
    /// A table's header row: its output (empty when it is dropped) is written as it is.
    Header,
    /// Not converted, and why (`None` when the run reports no faults).
    Bad(Option<Box<Fault>>),
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
    /// One entry a record, or a run of good records, in input order.
    pub(crate) entries: Vec<Entry>,
    /// The records of the part.
    pub(crate) records: usize,
    /// The size of every record, when every record is good and of one size.
    pub(crate) uniform: Option<Size>,
    /// Whether this is the chunk's last part (a chunk's output is handed over in parts).
    pub(crate) last: bool,
}

/// The most records in one part of a chunk's output when the driver does not say.
pub(crate) const PART_RECORDS: usize = 2048;
/// A part ends once its output reaches this many bytes.
const PART_BYTES: usize = 1 << 18;

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
    /// [`PART_BYTES`] bound what a worker holds, whatever the share of bad records or the size
    /// of each record's output.
    pub(crate) part_records: usize,
    /// Whether good records of one size on consecutive lines share one entry (a run): not when
    /// the output separates records (grids), which the writer does record by record, nor for a
    /// table's rows, which the writer may have to rewrite one by one (`--errors null`).
    pub(crate) runs: bool,
    /// How the lines of a chunk are records.
    pub(crate) rows: Rows,
    /// Whether a bad record's output is the stage's placeholder for it, with its line end (a
    /// table's row with an empty board field, under `--errors null`); otherwise the writer
    /// ignores what a failed conversion wrote.
    pub(crate) placeholders: bool,
}

/// Good records of one size on consecutive lines, not yet booked as an entry.
#[derive(Clone, Copy)]
struct Run {
    /// Its first line.
    line: u64,
    /// How many records (0: no run is open).
    n: u32,
    /// The size of their boards.
    size: Size,
    /// The end of their output in [`Done::out`].
    end: usize,
}

impl Run {
    const NONE: Run = Run {
        line: 0,
        n: 0,
        size: Size::CHESS,
        end: 0,
    };
}

/// The output of one chunk being built, handed over part by part.
struct Parts<'a> {
    done: Done,
    part_records: usize,
    take: &'a dyn Fn() -> Spare,
    emit: &'a mut dyn FnMut(Done) -> bool,
    stopped: bool,
    runs: bool,
    /// The run of good records being built, not yet in `done.entries`.
    run: Run,
}

impl Parts<'_> {
    /// Records one outcome.
    #[inline]
    fn push(&mut self, line: u64, what: What) {
        self.book_run();
        let end = self.done.out.len();
        self.done.entries.push(Entry { line, end, what });
        self.counted(end);
    }

    /// Records a good record: it lengthens the open run when it continues it.
    #[inline(always)]
    fn good(&mut self, line: u64, size: Size) {
        let end = self.done.out.len();
        let run = &mut self.run;
        if run.line + u64::from(run.n) == line && run.size == size && run.n != 0 {
            // `n` stays at most `part_records`, which fits in a u32.
            run.n += 1;
            run.end = end;
        } else {
            self.book_run();
            self.run = Run {
                line,
                n: 1,
                size,
                end,
            };
            if !self.runs {
                self.book_run();
            }
        }
        self.counted(end);
    }

    /// Books the open run as an entry.
    #[inline]
    fn book_run(&mut self) {
        let Run { line, n, size, end } = self.run;
        if n != 0 {
            self.done.entries.push(Entry {
                line,
                end,
                what: What::Good(size, n),
            });
            self.run.n = 0;
        }
    }

    /// Counts a record, and hands the part over when it is full.
    #[inline(always)]
    fn counted(&mut self, end: usize) {
        self.done.records += 1;
        if self.done.records >= self.part_records || end >= PART_BYTES {
            self.hand_over();
        }
    }

    /// Hands the part over and starts the next one.
    #[cold]
    fn hand_over(&mut self) {
        self.book_run();
        let next = Done::new(self.done.seq, self.done.src, (self.take)());
        let mut full = std::mem::replace(&mut self.done, next);
        self.done.relative = full.relative;
        full.uniform = full.uniform_size();
        self.stopped = self.stopped || !(self.emit)(full);
    }

    fn finish(mut self, lines: u64) -> bool {
        self.book_run();
        self.done.lines = lines;
        self.done.last = true;
        self.done.uniform = self.done.uniform_size();
        !self.stopped && (self.emit)(self.done)
    }
}

/// The buffers of a written part, recycled for a new one (their contents are dropped).
#[derive(Default)]
pub(crate) struct Spare {
    out: Vec<u8>,
    entries: Vec<Entry>,
}

impl Done {
    fn new(seq: u64, src: usize, spare: Spare) -> Done {
        let Spare {
            mut out,
            mut entries,
        } = spare;
        out.clear();
        entries.clear();
        // Sized once for a whole part: no growth, and no copy, record by record.
        entries.reserve(PART_RECORDS);
        out.reserve(PART_BYTES / 4);
        Done {
            seq,
            src,
            lines: 0,
            relative: true,
            out,
            entries,
            records: 0,
            uniform: None,
            last: false,
        }
    }

    /// The size of every record, when every record is good and of one size.
    fn uniform_size(&self) -> Option<Size> {
        let size = match self.entries.first()?.what {
            What::Good(s, _) => s,
            _ => return None,
        };
        self.entries
            .iter()
            .all(|e| matches!(e.what, What::Good(s, _) if s == size))
            .then_some(size)
    }

    /// Its buffers, for the next part.
    pub(crate) fn recycle(self) -> Spare {
        Spare {
            out: self.out,
            entries: self.entries,
        }
    }
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
    /// The chunk's loop, compiled for the stage [`Stage::with_loop`] gives.
    struct ChunkLoop<'a, 'j, S: Stage> {
        chunk: &'a Chunk,
        job: &'a Job<'j, S>,
        take: &'a dyn Fn() -> Spare,
        emit: &'a mut dyn FnMut(Done) -> bool,
    }

    impl<S: Stage> StageLoop for ChunkLoop<'_, '_, S> {
        type Output = bool;
        fn run<T: Stage>(self, stage: &T) -> bool {
            let job = Job {
                stage,
                line_end: self.job.line_end,
                max_line: self.job.max_line,
                binary_input: self.job.binary_input,
                keep_faults: self.job.keep_faults,
                part_records: self.job.part_records,
                runs: self.job.runs,
                rows: self.job.rows,
                placeholders: self.job.placeholders,
            };
            convert_with(self.chunk, &job, self.take, self.emit)
        }
    }

    job.stage.with_loop(ChunkLoop {
        chunk,
        job,
        take,
        emit,
    })
}

/// [`convert`] with the stage the loop is compiled for.
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
    };
    let bad = |line: u64, kind: FaultKind| {
        What::Bad(job.keep_faults.then(|| {
            Box::new(Fault {
                line,
                col: None,
                kind,
            })
        }))
    };
    let lines = match &chunk.kind {
        ChunkKind::Lines if job.rows == Rows::Verbatim => {
            let data = &chunk.data[..chunk.len];
            split_verbatim(data, job.max_line, |line, piece| match piece {
                Piece::Data(d) => record(job, &mut parts, line, d),
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
                Piece::TooLong(len) => parts.push(line, bad(line, FaultKind::TooLong(len))),
            })
        }
        ChunkKind::Lines | ChunkKind::Rows(..) if matches!(job.rows, Rows::Table(_)) => {
            if chunk.early > 0 {
                early_table(chunk, job, &mut parts)
            } else {
                table_rows(chunk, job, &mut parts, 0)
            }
        }
        // Rows framed ahead are a table's only.
        ChunkKind::Lines | ChunkKind::Rows(..) => {
            let data = &chunk.data[..chunk.len];
            split_lines(data, job.max_line, |line, piece| match piece {
                Piece::Data(d) => record(job, &mut parts, line, d),
                Piece::Skip | Piece::Verbatim(_) | Piece::Unclosed { .. } | Piece::Split { .. } => {
                    parts.push(line, What::Skipped)
                }
                Piece::TooLong(len) => parts.push(line, bad(line, FaultKind::TooLong(len))),
            })
        }
        ChunkKind::Spans(sc) => {
            // Lines as for lines, with the line ends the reader found, but for the records
            // that span lines, each read whole: the lines between them are split in one loop
            // (one call, compiled into the record loop), the records that span lines read
            // after each stretch.
            let data = &chunk.data[..chunk.len];
            let (mut at, mut base, mut e) = (0, 0u64, 0);
            for k in 0..=sc.spans.len() {
                let sp = sc.spans.get(k);
                let to = sp.map_or(data.len(), |sp| sp.start);
                let upto = e + sc.ends[e..].partition_point(|&x| x < to);
                let ends = Given(&sc.ends[e..upto]);
                let b = base;
                base += split_ends::<LINES, _>(data, at..to, ends, job.max_line, |line, piece| {
                    match piece {
                        Piece::Data(d) => record(job, &mut parts, b + line, d),
                        Piece::Skip
                        | Piece::Verbatim(_)
                        | Piece::Unclosed { .. }
                        | Piece::Split { .. } => parts.push(b + line, What::Skipped),
                        Piece::TooLong(len) => {
                            parts.push(b + line, bad(b + line, FaultKind::TooLong(len)))
                        }
                    }
                });
                let Some(sp) = sp else { break };
                let line = base + 1;
                if sp.too_long {
                    parts.push(line, bad(line, FaultKind::TooLong(sp.end - sp.start)));
                } else if let Some(printer) = sp.cut_short {
                    let e =
                        bbconv_forms::ParseError::new(None, bbconv_forms::span::cut_short(printer));
                    let kind = FaultKind::Convert(ConvertError::Parse(e));
                    parts.push(line, bad(line, kind));
                } else {
                    let text = super::frame::line_rules::strip_cr(&data[sp.start..sp.end]);
                    record(job, &mut parts, line, text);
                }
                base += sp.lines;
                at = (sp.end + 1).min(data.len());
                e = upto + sc.ends[upto..].partition_point(|&x| x < at);
            }
            base
        }
        ChunkKind::TooLong(len) => {
            parts.push(1, bad(1, FaultKind::TooLong(*len)));
            1
        }
        ChunkKind::Framed(records) => {
            parts.done.relative = false;
            for r in records {
                match r.kind {
                    FramedKind::Data => {
                        record(job, &mut parts, r.line, &chunk.data[r.start..r.end])
                    }
                    FramedKind::Line => {
                        json_line(job, &mut parts, r.line, &chunk.data[r.start..r.end])
                    }
                    FramedKind::TooLong(len) => {
                        parts.push(r.line, bad(r.line, FaultKind::TooLong(len)))
                    }
                    FramedKind::Truncated(len) => {
                        parts.push(r.line, bad(r.line, FaultKind::Truncated(len)))
                    }
                }
            }
            0
        }
    };
    parts.finish(lines)
}

/// Converts a table's chunk: its rows on lines before `early` are bad records
/// ([`Chunk::early`]; 0 in the plain rows' loop, where the test is compiled away).
#[inline(always)]
fn table_rows<S: Stage>(chunk: &Chunk, job: &Job<'_, S>, parts: &mut Parts<'_>, early: u64) -> u64 {
    let bad = |line: u64, kind: FaultKind| {
        What::Bad(job.keep_faults.then(|| {
            Box::new(Fault {
                line,
                col: None,
                kind,
            })
        }))
    };
    // A table: the first row of a file's first chunk may be its header.
    let mut header = chunk.first && job.stage.header_rows();
    let each = |line: u64, piece: Piece<'_>| match piece {
        Piece::Data(d) if header => {
            header = false;
            header_row(job, parts, line, d, chunk.src);
        }
        Piece::Data(d) if line < early => early_record(job, parts, line, d),
        Piece::Data(d) => record(job, parts, line, d),
        Piece::Split { text, .. } if line < early && !header => {
            early_record(job, parts, line, text)
        }
        Piece::Split { text, fields } => {
            let first = std::mem::take(&mut header);
            split_record(job, parts, (line, first, chunk.src), text, fields)
        }
        Piece::Skip | Piece::Verbatim(_) => parts.push(line, What::Skipped),
        Piece::TooLong(len) => parts.push(line, bad(line, FaultKind::TooLong(len))),
        Piece::Unclosed { text, quote, lines } => unclosed(job, parts, line, text, quote, lines),
    };
    split_table(&chunk.data[..chunk.len], &chunk.kind, job.max_line, each)
}

/// [`table_rows`] on a chunk with rows before the one that settled the board's column: out of
/// line, so that the plain rows' loop stays as it was.
#[cold]
#[inline(never)]
fn early_table<S: Stage>(chunk: &Chunk, job: &Job<'_, S>, parts: &mut Parts<'_>) -> u64 {
    table_rows(chunk, job, parts, chunk.early)
}

/// Books a table's row before the row that settled the board's column as the stage's bad
/// record.
#[cold]
#[inline(never)]
fn early_record<S: Stage + ?Sized>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    line: u64,
    data: &[u8],
) {
    if parts.stopped {
        return;
    }
    let result = job.stage.early(data, &mut parts.done.out);
    settle(job, parts, line, data, result);
}

/// Converts one record.
#[inline(always)]
fn record<S: Stage + ?Sized>(job: &Job<'_, S>, parts: &mut Parts<'_>, line: u64, data: &[u8]) {
    if parts.stopped {
        return;
    }
    // What a failed conversion wrote stays in its entry's bytes, where the writer ignores it,
    // unless the run's bad records have the stage's placeholders ([`Job::placeholders`]).
    let result = job.stage.run(data, &mut parts.done.out);
    settle(job, parts, line, data, result);
}

/// Books the outcome of one record's conversion.
#[inline(always)]
fn settle<S: Stage + ?Sized>(
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
            parts.good(line, size);
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
fn comment_line<S: Stage + ?Sized>(
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
fn header_row<S: Stage + ?Sized>(
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
fn split_record<S: Stage + ?Sized>(
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
    settle(job, parts, line, text, result);
}

/// Books a table's row whose quoted field is open at the end of the input (out of line: a
/// copy of [`settle`] inlined in the rows' loop made every row slower).
#[cold]
#[inline(never)]
fn unclosed<S: Stage + ?Sized>(
    job: &Job<'_, S>,
    parts: &mut Parts<'_>,
    line: u64,
    text: &[u8],
    quote: Option<usize>,
    lines: u64,
) {
    let e = super::table::unclosed(quote, lines);
    settle(job, parts, line, text, Err(e));
}

/// Converts the values of a JSON line framed by itself ([`super::frame::records::Record::Line`]). A
/// reader of JSON takes a text only when it is one value, so a line that converts whole is its
/// one value, as the framer would have found it. A line that does not is split by the
/// framer's rule: when it is one value of exactly its bytes, the outcome already found stands;
/// otherwise its values are converted one by one, as if the framer had split it.
#[inline(always)]
fn json_line<S: Stage + ?Sized>(job: &Job<'_, S>, parts: &mut Parts<'_>, line: u64, data: &[u8]) {
    if parts.stopped {
        return;
    }
    let whole = job.stage.run(data, &mut parts.done.out);
    if whole.is_err() {
        let (mut values, mut only) = (0, (0, 0));
        bbconv_forms::ValueScanner::values_of_line(data, |s, e| {
            values += 1;
            only = (s, e);
        });
        if values != 1 || only != (0, data.len()) {
            bbconv_forms::ValueScanner::values_of_line(data, |s, e| {
                record(job, parts, line, &data[s..e])
            });
            return;
        }
    }
    settle(job, parts, line, data, whole);
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

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_forms::{Conversion, Format, Options};

    /// A conversion as the CLI runs it: the chunk loop compiled for the conversion's plan.
    struct Conv<'a>(Conversion<'a>);

    impl Stage for Conv<'_> {
        fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
            self.0.run(record, out)
        }

        fn with_loop<L: StageLoop>(&self, l: L) -> L::Output {
            planned(&self.0, l)
        }
    }

    /// A conversion whose chunk loop asks the plan at every record.
    struct Plain<'a>(Conversion<'a>);

    impl Stage for Plain<'_> {
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
            placeholders: false,
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
                    What::Good(size, n) => format!("{size}x{n}"),
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
        let conv = Conv(Conversion::new(Format::Auto, to, &opts, false));
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
            let conv = Conversion::new(from, Format::Pair, &opts, false);
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
                    entries(&Conv(conv), lines, runs),
                    want,
                    "-f {from}, runs {runs}"
                );
                assert_eq!(
                    entries(&Plain(conv), lines, runs),
                    want,
                    "-f {from}, runs {runs}"
                );
            }
        }
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
