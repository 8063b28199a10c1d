//! The writing stage: takes converted chunks in input order and writes them, applying the rules
//! that need the whole stream: the stream's one board size, the output framing between records
//! (a blank line between grids), the `--errors` placeholders, error reports and their cap, the
//! counts, and the exit code.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use bbconv_board::{Numbering, Size};
use bbconv_forms::{Format, Framing};

use super::progress::Progress;
use super::report::{self, Context};
use super::sink::Sink;
use super::source::Source;
use super::work::{Done, Entry, FaultKind, What};

/// What a bad record leaves in the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub(crate) enum ErrorMode {
    /// Report it on stderr and write nothing for it.
    #[default]
    Report,
    /// Write nothing for it and report nothing (the count is still printed and the exit code is 1).
    Skip,
    /// Report it and write a placeholder (an empty line; `null` for JSON, `# null` for grids,
    /// 0xff bytes for binary forms, a table's row with the board's field empty); blank and
    /// comment lines get one too, so that output record N belongs to input record N.
    Null,
}

/// Whether to go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Go on.
    Go,
    /// Stop: `--fail-fast` met a bad record.
    Stop,
}

/// How output records are framed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OutFraming {
    /// The framing of the output form.
    pub(crate) framing: Framing,
    /// The output form, for the length of binary placeholders.
    pub(crate) form: Option<Format>,
    /// The board size assumed before any board is read.
    pub(crate) default_size: Size,
    /// The planes of `planes-bin` records, for the length of their placeholders.
    pub(crate) planes: usize,
    /// The numbering written (`--to-order`: a layout's cells make a binary record longer).
    pub(crate) numbering: Numbering,
}

impl OutFraming {
    /// Whether each record is followed by a newline.
    pub(crate) fn line_end(&self) -> bool {
        self.framing != Framing::Binary
    }

    /// Whether records are separated by a blank line.
    pub(crate) fn separated(&self) -> bool {
        self.framing == Framing::Block
    }

    /// The placeholder of a record that was not converted, with its line end.
    fn placeholder(&self, size: Option<Size>, out: &mut Vec<u8>) {
        match self.framing {
            Framing::Binary => {
                let n = self.form.map_or(0, |f| {
                    f.record_len(
                        size.unwrap_or(self.default_size),
                        self.planes,
                        self.numbering,
                    )
                });
                out.extend(std::iter::repeat_n(0xff, n));
            }
            Framing::Block => out.extend_from_slice(b"# null\n"),
            Framing::Json => out.extend_from_slice(b"null\n"),
            Framing::Line => out.push(b'\n'),
            // An empty record: its end line alone.
            Framing::Terminated(end) => {
                out.extend_from_slice(end);
                out.push(b'\n');
            }
        }
    }
}

/// The settings of the writing stage.
pub(crate) struct WriteSettings {
    /// Output framing.
    pub(crate) out: OutFraming,
    /// What bad records leave in the output.
    pub(crate) errors: ErrorMode,
    /// Stop at the first bad record.
    pub(crate) fail_fast: bool,
    /// Print at most this many bad-record messages.
    pub(crate) max_errors: Option<u64>,
    /// The size given with `-s`, which every board must have.
    pub(crate) size: Option<Size>,
    /// The record length limit (for messages).
    pub(crate) max_line: usize,
    /// Bytes per binary input record (for messages).
    pub(crate) record_len: usize,
    /// For a table: the row a converted row becomes under `--errors null` when the stream
    /// refuses its board (its board field emptied).
    pub(crate) null_row: Option<NullRow>,
    /// Whether what the stage wrote for a bad record is its placeholder (a table's row under
    /// `--errors null`).
    pub(crate) placeholders: bool,
    /// Whether the command reads tables (`--tsv`, `--csv`, `--header`): only then do messages
    /// suggest them.
    pub(crate) tables: bool,
}

/// Rewrites a table's converted row (without its line end) as the row of a bad record.
pub(crate) type NullRow = std::sync::Arc<dyn Fn(&[u8], &mut Vec<u8>) + Send + Sync>;

/// The bad records past `--max-errors` of one kind: how many, and where the first was.
struct Unshown {
    kind: &'static str,
    count: u64,
    first: String,
}

const FLUSH_AT: usize = 1 << 16;

/// The writer of one run.
pub(crate) struct Writer<'a> {
    cfg: WriteSettings,
    sources: &'a [Source],
    sink: Sink,
    buf: Vec<u8>,
    progress: Progress,
    /// The stream's board size and where it was set.
    stream: Option<(Size, String)>,
    first_out: bool,
    src: Option<usize>,
    line_base: u64,
    total: u64,
    bad: u64,
    printed: u64,
    /// The bad records not shown, by kind, in the order the kinds first came.
    unshown: Vec<Unshown>,
    /// Good records of the stream's size.
    stream_good: u64,
    /// Good records refused for another size than the stream's.
    drifted: u64,
}

impl<'a> Writer<'a> {
    /// A writer of `sources`' records to `sink`.
    pub(crate) fn new(
        cfg: WriteSettings,
        sources: &'a [Source],
        sink: Sink,
        progress: Progress,
    ) -> Writer<'a> {
        let stream = cfg.size.map(|s| (s, "-s".to_string()));
        Writer {
            cfg,
            sources,
            sink,
            buf: Vec::with_capacity(FLUSH_AT),
            progress,
            stream,
            first_out: true,
            src: None,
            line_base: 0,
            total: 0,
            bad: 0,
            printed: 0,
            unshown: Vec::new(),
            stream_good: 0,
            drifted: 0,
        }
    }

    fn flush(&mut self) -> Result<()> {
        if !self.buf.is_empty() {
            let r = self.sink.write_all(&self.buf);
            self.buf.clear();
            r.with_context(|| format!("cannot write {}", self.sink.name()))?;
        }
        Ok(())
    }

    /// Starts an output record: the separator before it, for grids.
    fn separate(&mut self) {
        if self.cfg.out.separated() && !self.first_out {
            self.buf.push(b'\n');
        }
        self.first_out = false;
    }

    /// Appends one output record.
    fn emit(&mut self, bytes: &[u8]) {
        self.separate();
        self.buf.extend_from_slice(bytes);
    }

    /// Writes the placeholder of a record that gave no output, under `--errors null`.
    fn placeholder(&mut self) {
        if self.cfg.errors == ErrorMode::Null {
            self.separate();
            let size = self.stream.as_ref().map(|s| s.0);
            self.cfg.out.placeholder(size, &mut self.buf);
        }
    }

    /// Counts and reports a bad record.
    fn bad(&mut self, src: usize, line: u64, col: Option<usize>, kind: &FaultKind) -> Result<Flow> {
        self.total += 1;
        self.bad += 1;
        if self.cfg.errors != ErrorMode::Skip {
            if self.cfg.max_errors.is_none_or(|m| self.printed < m) {
                // Keep stdout and stderr in step for a reader watching both.
                if self.sink.is_stdout() {
                    self.flush()?;
                }
                let cx = Context {
                    max_line: self.cfg.max_line,
                    record_len: self.cfg.record_len,
                    stream: self.stream.as_ref().map(|(s, o)| (*s, o.as_str())),
                    tables: self.cfg.tables,
                };
                let line = report::bad_record(&self.sources[src], line, col, kind, &cx);
                self.progress
                    .suspend(|| writeln!(std::io::stderr().lock(), "bbconv: {line}"))
                    .ok();
                self.printed += 1;
            } else {
                let label = report::kind_label(kind);
                match self.unshown.iter_mut().find(|u| u.kind == label) {
                    Some(u) => u.count += 1,
                    None => self.unshown.push(Unshown {
                        kind: label,
                        count: 1,
                        first: report::location(&self.sources[src], line, col),
                    }),
                }
            }
        }
        Ok(self.fail_or_go())
    }

    /// What follows a bad record: a stop under `--fail-fast`.
    fn fail_or_go(&self) -> Flow {
        if self.cfg.fail_fast {
            Flow::Stop
        } else {
            Flow::Go
        }
    }

    /// Writes one converted chunk (chunks come in input order).
    pub(crate) fn write(&mut self, d: &Done) -> Result<Flow> {
        if self.src != Some(d.src) {
            self.src = Some(d.src);
            self.line_base = 0;
        }
        // A chunk comes in parts; its lines count once its last part is written.
        let base = if d.relative { self.line_base } else { 0 };
        self.line_base += d.lines;
        if self.stream.is_none() {
            if let (Some(size), Some(first)) = (d.uniform, d.entries.first()) {
                self.set_stream(size, d.src, base + first.line);
            }
        }
        let whole = !self.cfg.out.separated()
            && d.uniform.is_some()
            && d.uniform == self.stream.as_ref().map(|s| s.0);
        if whole {
            self.write_whole(d)?;
        } else {
            let mut start = 0;
            for e in &d.entries {
                let bytes = &d.out[start..e.end];
                start = e.end;
                if self.entry(d.src, base, e, bytes)? == Flow::Stop {
                    return Ok(Flow::Stop);
                }
            }
        }
        if self.buf.len() >= FLUSH_AT {
            self.flush()?;
        }
        self.progress.records(self.total);
        Ok(Flow::Go)
    }

    /// Writes a chunk whole: the common case, every record good and of the stream's size.
    fn write_whole(&mut self, d: &Done) -> Result<()> {
        self.total += d.records as u64;
        self.stream_good += d.records as u64;
        self.first_out &= d.out.is_empty();
        // Written straight from the part when nothing waits before it (no copy).
        if self.buf.is_empty() {
            let r = self.sink.write_all(&d.out);
            r.with_context(|| format!("cannot write {}", self.sink.name()))?;
        } else {
            self.buf.extend_from_slice(&d.out);
        }
        Ok(())
    }

    /// Writes one entry of a chunk from source `src`, whose line numbers start after `base`;
    /// `bytes` is its output.
    #[inline]
    fn entry(&mut self, src: usize, base: u64, e: &Entry, bytes: &[u8]) -> Result<Flow> {
        Ok(match &e.what {
            What::Good(size, n, step) => match &self.stream {
                None => {
                    self.set_stream(*size, src, base + e.line);
                    self.good(*n, bytes)
                }
                Some((s, _)) if s == size => self.good(*n, bytes),
                Some(_) => self.drift(src, (base + e.line, *step), (*size, *n), bytes)?,
            },
            What::Skipped => {
                self.placeholder();
                Flow::Go
            }
            What::Header => {
                if !bytes.is_empty() {
                    self.emit(bytes);
                }
                Flow::Go
            }
            // The stage wrote its own placeholder (a table's row, its board field empty).
            What::Bad(Some(f)) if self.cfg.placeholders && !bytes.is_empty() => {
                let flow = self.bad(src, base + f.line, f.col, &f.kind)?;
                if flow == Flow::Go {
                    self.emit(bytes);
                }
                flow
            }
            What::Bad(Some(f)) => self.bad_record(src, base + f.line, f.col, &f.kind)?,
            // Under --errors skip nothing about a bad record is kept: it is counted.
            What::Bad(None) => {
                self.total += 1;
                self.bad += 1;
                self.fail_or_go()
            }
        })
    }

    /// Writes a run of `n` good records of the stream's size.
    #[inline]
    fn good(&mut self, n: u32, bytes: &[u8]) -> Flow {
        self.total += u64::from(n);
        self.stream_good += u64::from(n);
        self.emit(bytes);
        Flow::Go
    }

    /// A run of `n` good records from `line` on, `step` lines apart, whose boards are `size`,
    /// which the stream's size refuses: each is a bad record, named at the line it starts on.
    #[cold]
    fn drift(
        &mut self,
        src: usize,
        (line, step): (u64, u32),
        (size, n): (Size, u32),
        bytes: &[u8],
    ) -> Result<Flow> {
        let kind = FaultKind::SizeDrift(size);
        self.drifted += u64::from(n);
        let mut flow = Flow::Go;
        for k in 0..u64::from(n) {
            flow = self.bad(src, line + k * u64::from(step), None, &kind)?;
            if flow == Flow::Stop {
                break;
            }
            match self.cfg.null_row.clone() {
                // A table's row (one a record: tables make no runs).
                Some(null_row) if self.cfg.errors == ErrorMode::Null => {
                    self.separate();
                    let row = bytes.strip_suffix(b"\n").unwrap_or(bytes);
                    null_row(row, &mut self.buf);
                    self.buf.push(b'\n');
                }
                _ => self.placeholder(),
            }
        }
        Ok(flow)
    }

    fn bad_record(
        &mut self,
        src: usize,
        line: u64,
        col: Option<usize>,
        kind: &FaultKind,
    ) -> Result<Flow> {
        let flow = self.bad(src, line, col, kind)?;
        match self.cfg.null_row.clone() {
            // A table's row that was not kept (longer than --max-line, or a quoted field open
            // to the end): the row of no text as a bad row is written, in a CSV `""`, one
            // empty field, which a CSV reader reads as a row (a blank line it skips).
            Some(null_row) if flow == Flow::Go && self.cfg.errors == ErrorMode::Null => {
                self.separate();
                null_row(b"", &mut self.buf);
                self.buf.push(b'\n');
            }
            _ if flow == Flow::Go => self.placeholder(),
            _ => {}
        }
        Ok(flow)
    }

    /// The lines that end a run with bad records: those past `--max-errors`, by kind, and the
    /// likely cause when every board after the one that set the stream's size disagreed with it.
    fn summary(&self) {
        if !self.unshown.is_empty() {
            let n: u64 = self.unshown.iter().map(|u| u.count).sum();
            let kinds: Vec<String> = self
                .unshown
                .iter()
                .map(|u| format!("{} {} (first at {})", u.count, u.kind, u.first))
                .collect();
            let line = format!(
                "{n} more bad record{} not shown (--max-errors {}): {}",
                if n == 1 { "" } else { "s" },
                self.printed,
                kinds.join(", ")
            );
            self.progress
                .suspend(|| writeln!(std::io::stderr().lock(), "bbconv: {line}"))
                .ok();
        }
        if let Some((size, origin)) = &self.stream {
            if self.cfg.size.is_none() && self.stream_good == 1 && self.drifted > 0 {
                let line = format!(
                    "note: the board size {size} was set by {origin} alone, and all {} boards of another size after it were refused: if that record is not a board, remove it or name the size with -s WxH",
                    self.drifted
                );
                self.progress
                    .suspend(|| writeln!(std::io::stderr().lock(), "bbconv: {line}"))
                    .ok();
            }
        }
    }

    fn set_stream(&mut self, size: Size, src: usize, line: u64) {
        let origin = report::location(&self.sources[src], line, None);
        self.stream = Some((size, origin));
    }

    /// Gives up after a read error: what was converted before it still reaches stdout; an
    /// `-o` file is left untouched.
    pub(crate) fn abandon(mut self) {
        self.progress.finish();
        if self.sink.is_stdout() {
            let _ = self.flush();
            let _ = self.sink.commit();
        }
    }

    /// Ends the run: commits the output (unless stopped by `--fail-fast`, which leaves an `-o`
    /// file untouched) and returns the exit code.
    pub(crate) fn finish(mut self, flow: Flow) -> Result<ExitCode> {
        self.progress.finish();
        if flow == Flow::Stop {
            if self.sink.is_stdout() {
                self.flush()?;
                self.sink.commit()?;
            }
            eprintln!("bbconv: stopped at the first bad record (--fail-fast)");
            return Ok(ExitCode::from(1));
        }
        self.flush()?;
        self.summary();
        self.sink.commit()?;
        if self.bad > 0 {
            eprintln!(
                "bbconv: {} bad record{} of {}",
                self.bad,
                if self.bad == 1 { "" } else { "s" },
                self.total
            );
            return Ok(ExitCode::from(1));
        }
        Ok(ExitCode::SUCCESS)
    }
}
