//! The outcomes of a chunk's conversion, one entry a record (or a run of good ones), built
//! and handed over in parts of bounded size ([`Parts`]).

use bbconv_board::Size;

/// The outcome of one input record, or of a run of good ones.
pub(crate) struct Entry {
    /// The line (binary: record number) where the record starts; of a run, where its first
    /// record starts (each next one starts the run's step of lines after the one before).
    pub(crate) line: u64,
    /// End of its output in [`Done::out`] (it starts where the previous entry's ends).
    pub(crate) end: usize,
    /// What became of it.
    pub(crate) what: What,
}

/// What became of one input record, or of a run of good ones.
pub(crate) enum What {
    /// Converted: the size of the board, how many records (a run, when the job merges them:
    /// good ones, one after another) were converted to boards of that size, and the lines from
    /// one's start to the next's (the run's step: 1 for records a line, 6 for `.plain`'s).
    Good(Size, u32, u32),
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

/// The problems a record can have (their wording is the presentation crate's).
pub(crate) use bbconv_present::report::FaultKind;

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
pub(super) const PART_BYTES: usize = 1 << 18;

/// How a chunk's loop books its good records, chosen once a chunk (the `STEP` parameter of
/// [`Parts::good`] and of the record functions that call it): records a line each make runs
/// on consecutive lines, and the loop compiles as if no other kind of run were.
pub(super) const ONE_LINE: bool = false;
/// How a chunk's loop books its good records when they span lines (framed ahead: `.plain`,
/// grids, JSON over lines): runs of records each the same number of lines after the one
/// before (a few instructions a record more than [`ONE_LINE`]'s runs, about 40 fewer than an
/// entry a record).
pub(super) const STEPPED: bool = true;

/// Good records of one size one after another, not yet booked as an entry: on consecutive
/// lines, or under [`STEPPED`] booking each its [`Step`] of lines after the one before (the
/// writer names each one's line when their size is refused).
#[derive(Clone, Copy)]
pub(super) struct Run {
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
    pub(super) const NONE: Run = Run {
        line: 0,
        n: 0,
        size: Size::CHESS,
        end: 0,
    };
}

/// The lines between the records of the open run, beside it (the [`ONE_LINE`] loop never
/// changes them: its runs' step stays 1).
#[derive(Clone, Copy)]
pub(super) struct Step {
    /// The lines from one record's start to the next's: under [`STEPPED`] booking settled by
    /// the run's second record.
    lines: u64,
    /// Under [`STEPPED`] booking, where the run's next record starts (the line after its first
    /// until its step is settled).
    next: u64,
}

impl Step {
    pub(super) const ONE: Step = Step { lines: 1, next: 0 };
}

/// The output of one chunk being built, handed over part by part.
pub(super) struct Parts<'a> {
    pub(super) done: Done,
    pub(super) part_records: usize,
    pub(super) take: &'a dyn Fn() -> Spare,
    pub(super) emit: &'a mut dyn FnMut(Done) -> bool,
    pub(super) stopped: bool,
    pub(super) runs: bool,
    /// The run of good records being built, not yet in `done.entries`.
    pub(super) run: Run,
    /// Its step of lines.
    pub(super) step: Step,
}

impl Parts<'_> {
    /// Records one outcome.
    #[inline]
    pub(super) fn push(&mut self, line: u64, what: What) {
        self.book_run();
        let end = self.done.out.len();
        self.done.entries.push(Entry { line, end, what });
        self.counted(end);
    }

    /// Records a good record, booked as `STEP` says ([`ONE_LINE`], [`STEPPED`]): it
    /// lengthens the open run when it continues it.
    #[inline(always)]
    pub(super) fn good<const STEP: bool>(&mut self, line: u64, size: Size) {
        if STEP {
            return self.good_stepped(line, size);
        }
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

    /// [`Parts::good`] under [`STEPPED`] booking: the record continues the open run when it
    /// starts the run's step of lines after the run's last one.
    #[inline(always)]
    fn good_stepped(&mut self, line: u64, size: Size) {
        let end = self.done.out.len();
        let (run, step) = (&mut self.run, &mut self.step);
        if step.next == line && run.size == size && run.n != 0 {
            run.n += 1;
            // A framed chunk's lines never go back, so a step past u64::MAX (wrapped) ends
            // the run at its next record.
            step.next = line.wrapping_add(step.lines);
            run.end = end;
        } else {
            self.second_or_new(line, size, end);
        }
        self.counted(end);
    }

    /// A good record that does not continue the open run at its next line: the run's second
    /// record (which settles its step), or the first of a new run.
    #[inline(always)]
    fn second_or_new(&mut self, line: u64, size: Size, end: usize) {
        let run = &mut self.run;
        let lines = line.wrapping_sub(run.line);
        // A record on the run's line (a JSON line's values) starts a run of its own; the step
        // is booked as a u32 (an entry stays 32 bytes).
        if run.n == 1 && run.size == size && line > run.line && lines <= u64::from(u32::MAX) {
            (run.n, run.end) = (2, end);
            let next = line.wrapping_add(lines);
            self.step = Step { lines, next };
            return;
        }
        self.book_run();
        self.run = Run {
            line,
            n: 1,
            size,
            end,
        };
        self.step = Step {
            lines: 1,
            next: line.wrapping_add(1),
        };
        if !self.runs {
            self.book_run();
        }
    }

    /// Books the open run as an entry.
    #[inline]
    pub(super) fn book_run(&mut self) {
        let Run { line, n, size, end } = self.run;
        if n != 0 {
            // At most u32::MAX ([`Parts::good`]).
            let step = self.step.lines as u32;
            self.done.entries.push(Entry {
                line,
                end,
                what: What::Good(size, n, step),
            });
            self.run.n = 0;
        }
    }

    /// Counts a record, and hands the part over when it is full.
    #[inline(always)]
    pub(super) fn counted(&mut self, end: usize) {
        self.done.records += 1;
        if self.done.records >= self.part_records || end >= PART_BYTES {
            self.hand_over();
        }
    }

    /// Hands the part over and starts the next one.
    #[cold]
    pub(super) fn hand_over(&mut self) {
        self.book_run();
        let next = Done::new(self.done.seq, self.done.src, (self.take)());
        let mut full = std::mem::replace(&mut self.done, next);
        self.done.relative = full.relative;
        full.uniform = full.uniform_size();
        self.stopped = self.stopped || !(self.emit)(full);
    }

    pub(super) fn finish(mut self, lines: u64) -> bool {
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
    pub(super) fn new(seq: u64, src: usize, spare: Spare) -> Done {
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
            What::Good(s, ..) => s,
            _ => return None,
        };
        self.entries
            .iter()
            .all(|e| matches!(e.what, What::Good(s, ..) if s == size))
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
