//! The record stream of `convert` and `show`, in one place: sources are read and framed into
//! chunks ([`frame`]), each chunk is converted ([`work`]), and the converted chunks are written
//! in input order ([`write`](mod@write)) to a [`sink`], with errors worded by [`report`] and progress
//! drawn by [`progress`]. The one-thread driver and the `--jobs N` driver run the same three
//! stages on the same chunks, so their output is identical by construction.

pub(crate) mod frame;
pub(crate) mod progress;
pub(crate) mod report;
pub(crate) mod rows;
pub(crate) mod sink;
pub(crate) mod source;
pub(crate) mod table;
pub(crate) mod work;
pub(crate) mod write;

use std::process::ExitCode;

use anyhow::Result;

use frame::{read_source, Input, Pool};
use progress::Progress;
use sink::Sink;
use source::Source;
use work::{Done, Stage};
use write::{Flow, WriteSettings, Writer};

/// Bytes per chunk with one thread: small enough to keep memory low, large enough that a
/// chunk's bookkeeping is negligible.
const CHUNK_SERIAL: usize = 1 << 15;
/// Bytes per chunk with several threads: large enough that a worker's batch (thousands of
/// records) dwarfs the hand-over cost, small enough that the chunks in flight (two a worker)
/// stay well inside the memory bound of docs/hostile-input.md.
const CHUNK_PARALLEL: usize = 1 << 19;

/// Bytes of input a run converts on the calling thread before it starts its workers: a short
/// input (a few thousand records) costs no thread start-up.
pub(crate) const PARALLEL_AFTER: u64 = 1 << 18;

/// Most worker threads `--jobs` may ask for.
pub(crate) const MAX_JOBS: usize = 256;

/// The kernels the readers and the line scanner run: what `BBCONV_PORTABLE`
/// ([`bbconv_forms::Kernels::ENV`]) asks for, read once a process.
pub(crate) fn kernels() -> bbconv_forms::Kernels {
    static ONCE: std::sync::OnceLock<bbconv_forms::Kernels> = std::sync::OnceLock::new();
    *ONCE.get_or_init(bbconv_forms::Kernels::from_env)
}

/// A whole run's settings.
pub(crate) struct Settings {
    /// How records are read.
    pub(crate) input: Input,
    /// Whether input records are binary (fault columns are byte positions).
    pub(crate) binary_input: bool,
    /// How they are written.
    pub(crate) write: WriteSettings,
    /// Worker threads (1: everything on the calling thread).
    pub(crate) jobs: usize,
    /// Whether to draw progress: `None` on a terminal only, `Some(true)` always, `Some(false)`
    /// never.
    pub(crate) progress: Option<bool>,
    /// The most records in one part of a chunk's output (0: the default).
    pub(crate) part_records: usize,
    /// Bytes of input converted on the calling thread before the workers start (with more
    /// than one job): a short input starts no thread.
    pub(crate) parallel_after: u64,
}

/// Runs `stage` over every record of `sources`, writing to `sink`; returns the exit code.
pub(crate) fn run<S: Stage>(
    sources: &[Source],
    settings: Settings,
    stage: &S,
    sink: Sink,
) -> Result<ExitCode> {
    let progress = match settings.progress {
        Some(false) => Progress::off(),
        force => {
            let total = sources
                .iter()
                .map(Source::len)
                .try_fold(0u64, |t, n| n.map(|n| t.saturating_add(n)));
            let on_terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
            // Boards given as arguments are converted at once: no display unless asked.
            let arguments = sources.iter().all(|s| matches!(s, Source::Arg(..)));
            if force == Some(true) || (on_terminal && !arguments) {
                Progress::new(total, force == Some(true))
            } else {
                Progress::off()
            }
        }
    };
    let line_end = settings.write.out.line_end();
    let mut input = settings.input;
    let jobs = settings.jobs.clamp(1, MAX_JOBS);
    if input.chunk == 0 {
        input.chunk = if jobs > 1 {
            CHUNK_PARALLEL
        } else {
            CHUNK_SERIAL
        };
    }
    let job = work::Job {
        stage,
        line_end,
        max_line: input.max_line,
        binary_input: settings.binary_input,
        keep_faults: settings.write.errors != write::ErrorMode::Skip,
        part_records: match settings.part_records {
            0 => work::PART_RECORDS,
            n => n,
        },
        // A table's rows under --errors null are written one by one: the writer may empty the
        // board field of a row whose size the stream refuses.
        runs: !(settings.write.out.separated()
            || (settings.write.placeholders && input.rows != frame::Rows::Lines)),
        rows: input.rows,
    };
    let writer = Writer::new(settings.write, sources, sink, progress.clone());
    if jobs == 1 {
        serial(sources, &input, &job, writer, &progress)
    } else {
        parallel(
            sources,
            &input,
            &job,
            writer,
            &progress,
            jobs,
            settings.parallel_after,
        )
    }
}

/// Everything on the calling thread: read a chunk, convert it, write its parts.
fn serial<S: Stage>(
    sources: &[Source],
    input: &Input,
    job: &work::Job<'_, S>,
    mut writer: Writer<'_>,
    progress: &Progress,
) -> Result<ExitCode> {
    let inputs = Pool::default();
    let outputs: Pool<work::Spare> = Pool::default();
    let mut flow = Ok(Flow::Go);
    let read = read_all(
        sources,
        input,
        (&inputs, job.stage),
        progress,
        &mut |chunk| {
            let go = work::convert(&chunk, job, &|| outputs.take(), &mut |done| {
                flow = writer.write(&done);
                outputs.give(done.recycle());
                matches!(flow, Ok(Flow::Go))
            });
            inputs.give(chunk.data);
            go
        },
    );
    finish(writer, flow, read)
}

/// How much input is held back, at most, while a table's board column is still to be found
/// ([`work::Stage::holds`]): past it the run stops, as no row so far holds a board.
const HOLD_LIMIT: usize = 64 << 20;

/// Reads every source in order, handing each chunk (numbered in the driver) to `emit` until it
/// says stop; a source that cannot be read ends the reading with its error. Chunks the stage
/// holds back ([`work::Stage::holds`]) are handed on, in order, once a later chunk settles
/// what they wait for, or at the end of the input.
fn read_all<S: Stage>(
    sources: &[Source],
    input: &Input,
    (pool, stage): (&Pool, &S),
    progress: &Progress,
    emit: &mut dyn FnMut(frame::Chunk) -> bool,
) -> Result<()> {
    let mut failed = None;
    let mut held: Vec<frame::Chunk> = Vec::new();
    let mut held_bytes = 0;
    let mut go = true;
    for (k, src) in sources.iter().enumerate() {
        let mut prepared = |mut chunk: frame::Chunk| {
            if let Err(e) = stage.prepare(&mut chunk) {
                failed = Some(e);
                return false;
            }
            if stage.holds() {
                held_bytes += chunk.len;
                if held_bytes > HOLD_LIMIT {
                    failed = Some(format!(
                        "no row of the first {} MiB of input holds a board, so the board's column is not found (and the header cannot name it): name it with --column N or NAME",
                        HOLD_LIMIT >> 20
                    ));
                    held.clear();
                    return false;
                }
                held.push(chunk);
                return true;
            }
            for c in held.drain(..) {
                if !emit(c) {
                    return false;
                }
            }
            emit(chunk)
        };
        let read = read_source(src, k, input, pool, &mut prepared, &|n| progress.read(n));
        go = matches!(read, Ok(true));
        if let Err(e) = read {
            // What was read before the error is written, the rows held back too.
            held.drain(..).try_for_each(|c| emit(c).then_some(()));
            return Err(e);
        }
        if !go {
            break;
        }
    }
    if go {
        held.drain(..).try_for_each(|c| emit(c).then_some(()));
    }
    match failed {
        Some(e) => Err(anyhow::anyhow!(e)),
        None => Ok(()),
    }
}

/// Ends a run: a write error is the run's error; else a read error (after what was read before
/// it is written); else the writer's verdict.
fn finish(writer: Writer<'_>, flow: Result<Flow>, read: Result<()>) -> Result<ExitCode> {
    let flow = flow?;
    if let Err(e) = read {
        writer.abandon();
        return Err(e);
    }
    writer.finish(flow)
}

/// Parts a worker holds, converted, while an earlier chunk is still being written; then it waits
/// for its turn. This and the chunks queued (one a worker) bound what is in memory.
const HELD_PARTS: usize = 4;

/// The writing, shared by the workers: each writes its own chunk's parts when the chunks before
/// it are written.
struct Turn<'w> {
    writer: Writer<'w>,
    /// The chunk whose parts are written next.
    next: u64,
    /// The writer's verdict so far.
    flow: Result<Flow>,
    /// Whether the run stops (the writer failed or stopped, or a worker died).
    stopped: bool,
}

/// The writing turn and the signal that it moved.
struct Turns<'w> {
    turn: std::sync::Mutex<Turn<'w>>,
    moved: std::sync::Condvar,
}

impl Turns<'_> {
    /// Writes the `held` parts of chunk `seq` if its turn has come, waiting for it when `wait`
    /// (else they stay held); the part that ends the chunk passes the turn on. Returns whether
    /// to go on.
    fn hand_over(
        &self,
        seq: u64,
        held: &mut Vec<Done>,
        wait: bool,
        spares: &Pool<work::Spare>,
    ) -> bool {
        let mut turn = self
            .turn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while !turn.stopped && turn.next != seq {
            if !wait {
                return true;
            }
            turn = self
                .moved
                .wait(turn)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        if turn.stopped {
            return false;
        }
        for d in held.drain(..) {
            let flow = turn.writer.write(&d);
            let last = d.last;
            spares.give(d.recycle());
            let go = matches!(flow, Ok(Flow::Go));
            turn.flow = flow;
            if !go {
                turn.stopped = true;
                self.moved.notify_all();
                return false;
            }
            if last {
                turn.next += 1;
                self.moved.notify_all();
            }
        }
        true
    }

    /// Stops the run: the workers waiting for their turn give up.
    fn stop(&self) {
        let mut turn = self
            .turn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        turn.stopped = true;
        self.moved.notify_all();
    }
}

/// Stops the run when a worker unwinds, so that no other worker waits for a turn that cannot
/// come; the panic itself is resumed when the threads are joined.
struct StopOnPanic<'a, 'w>(&'a Turns<'w>);

impl Drop for StopOnPanic<'_, '_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

/// Converts `chunk` and writes its parts in its turn, holding at most [`HELD_PARTS`] of them
/// until the turn comes; returns whether to go on.
fn convert_in_turn<S: Stage>(
    chunk: frame::Chunk,
    job: &work::Job<'_, S>,
    turns: &Turns<'_>,
    pools: (&Pool, &Pool<work::Spare>),
    held: &mut Vec<Done>,
) -> bool {
    let (inputs, outputs) = pools;
    let seq = chunk.seq;
    let mut go = work::convert(&chunk, job, &|| outputs.take(), &mut |d| {
        held.push(d);
        let full = held.len() >= HELD_PARTS;
        turns.hand_over(seq, held, full, outputs)
    });
    inputs.give(chunk.data);
    if go && !held.is_empty() {
        go = turns.hand_over(seq, held, true, outputs);
    }
    go
}

/// The calling thread reads chunks and numbers them. Until the input passes `parallel_after`
/// bytes it converts them itself (a short input starts no thread); then it starts `jobs`
/// workers and queues the chunks for them (one a worker at most). Each worker takes the next
/// chunk, converts it and writes its parts itself when the chunks before it are written
/// ([`Turns`]): no thread only waits on another, and the reader sleeps in its reads and sends.
/// A writer that fails or stops ends the turns: the workers leave, dropping the queue's
/// receivers, and the reader's next send fails.
fn parallel<S: Stage>(
    sources: &[Source],
    input: &Input,
    job: &work::Job<'_, S>,
    writer: Writer<'_>,
    progress: &Progress,
    jobs: usize,
    parallel_after: u64,
) -> Result<ExitCode> {
    let inputs = Pool::default();
    let outputs: Pool<work::Spare> = Pool::default();
    let turns = Turns {
        turn: std::sync::Mutex::new(Turn {
            writer,
            next: 0,
            flow: Ok(Flow::Go),
            stopped: false,
        }),
        moved: std::sync::Condvar::new(),
    };
    let pools = (&inputs, &outputs);
    let read = std::thread::scope(|scope| {
        let (to_workers, queue) = crossbeam_channel::bounded::<frame::Chunk>(jobs);
        // Kept until the workers start: the reader's sends fail once every worker has left.
        let mut queue = Some(queue);
        let mut workers = 0;
        let mut held = Vec::with_capacity(HELD_PARTS);
        let (mut seq, mut seen) = (0u64, 0u64);
        read_all(
            sources,
            input,
            (&inputs, job.stage),
            progress,
            &mut |mut chunk| {
                chunk.seq = seq;
                seq += 1;
                seen = seen.saturating_add(chunk.len as u64);
                if seen > parallel_after {
                    if let Some(queue) = queue.take() {
                        workers = start_workers(scope, &queue, jobs, job, &turns, pools);
                    }
                }
                if workers == 0 {
                    convert_in_turn(chunk, job, &turns, pools, &mut held)
                } else {
                    to_workers.send(chunk).is_ok()
                }
            },
        )
    });
    let turn = turns
        .turn
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    finish(turn.writer, turn.flow, read)
}

/// Starts up to `jobs` workers on `queue`; returns how many started (0: the caller goes on alone).
fn start_workers<'scope, S: Stage>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    queue: &crossbeam_channel::Receiver<frame::Chunk>,
    jobs: usize,
    job: &'scope work::Job<'_, S>,
    turns: &'scope Turns<'_>,
    pools: (&'scope Pool, &'scope Pool<work::Spare>),
) -> usize {
    for k in 0..jobs {
        let queue = queue.clone();
        let worker = std::thread::Builder::new()
            .name(format!("bbconv-worker-{k}"))
            .spawn_scoped(scope, move || {
                let _stop = StopOnPanic(turns);
                let mut held = Vec::with_capacity(HELD_PARTS);
                for chunk in queue {
                    if !convert_in_turn(chunk, job, turns, pools, &mut held) {
                        break;
                    }
                }
            });
        if let Err(e) = worker {
            eprintln!(
                "bbconv: note: started {k} of {jobs} worker threads ({e}); going on with {}",
                k.max(1)
            );
            return k;
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_board::Size;
    use bbconv_forms::{Conversion, ConvertError, Format, Framing, Options};
    use frame::Rows;
    use write::{ErrorMode, OutFraming};

    struct Conv<'a>(Conversion<'a>);

    impl Stage for Conv<'_> {
        fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
            self.0.run(record, out)
        }
    }

    /// A stage that dies on one record.
    struct Dies;

    impl Stage for Dies {
        fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
            assert!(record != b"boom", "the stage died");
            out.extend_from_slice(record);
            Ok(Size::CHESS)
        }
    }

    /// A worker that dies ends the run with its panic: the other workers, some waiting for
    /// their turn to write, do not wait for ever.
    #[test]
    fn a_dying_worker_ends_the_run() {
        let mut input = b"ok\n".repeat(5000);
        input.extend_from_slice(b"boom\n");
        input.extend_from_slice(&b"ok\n".repeat(5000));
        for jobs in [1, 2, 4] {
            let dir = tempfile::tempdir().unwrap();
            let src = dir.path().join("in");
            std::fs::write(&src, &input).unwrap();
            let size = Size::CHESS;
            let settings = Settings {
                input: Input {
                    chunk: 256,
                    ..Input::for_form(Format::Hex, (size, Default::default()), 12, 300)
                },
                binary_input: false,
                write: WriteSettings {
                    out: OutFraming {
                        framing: Framing::Line,
                        form: Some(Format::Hex),
                        default_size: size,
                        planes: 12,
                        numbering: Default::default(),
                    },
                    errors: ErrorMode::Report,
                    fail_fast: false,
                    max_errors: None,
                    size: None,
                    max_line: 300,
                    record_len: 0,
                    null_row: None,
                    placeholders: false,
                    tables: false,
                },
                jobs,
                progress: Some(false),
                part_records: 7,
                parallel_after: 0,
            };
            let sink = Sink::open(Some(&dir.path().join("out"))).unwrap();
            let sources = [Source::File(src)];
            let died = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(&sources, settings, &Dies, sink)
            }));
            assert!(died.is_err(), "--jobs {jobs}: the panic is the run's end");
        }
    }

    /// Runs a conversion of `input` and returns the output file's bytes; `driver` is the
    /// threads, chunk size, part size and bytes before the workers start.
    fn convert(
        from: Format,
        to: Format,
        errors: ErrorMode,
        input: &[u8],
        driver: (usize, usize, usize, u64),
    ) -> Vec<u8> {
        let (jobs, chunk, part_records, parallel_after) = driver;
        let dir = tempfile::tempdir().unwrap();
        let (src, dst) = (dir.path().join("in"), dir.path().join("out"));
        std::fs::write(&src, input).unwrap();
        let opts = Options::default();
        let size = opts.size_or_default();
        let settings = Settings {
            input: Input {
                chunk,
                rows: from.spans().map_or(Rows::Lines, Rows::Spans),
                ..Input::for_form(from, (size, Default::default()), 12, 300)
            },
            binary_input: from.is_binary(),
            write: WriteSettings {
                out: OutFraming {
                    framing: to.framing(),
                    form: Some(to),
                    default_size: size,
                    planes: 12,
                    numbering: Default::default(),
                },
                errors,
                fail_fast: false,
                max_errors: Some(0),
                size: None,
                max_line: 300,
                record_len: from.record_len(size, 12, Default::default()),
                null_row: None,
                placeholders: false,
                tables: false,
            },
            jobs,
            progress: Some(false),
            part_records,
            parallel_after,
        };
        let stage = Conv(Conversion::new(from, to, &opts));
        let sources = [Source::File(src)];
        let sink = Sink::open(Some(&dst)).unwrap();
        run(&sources, settings, &stage, sink).unwrap();
        std::fs::read(dst).unwrap()
    }

    /// Any --jobs, chunk size, part size and start of the workers give the one-thread output byte
    /// for byte, for line, grid, JSON and binary input, with bad, blank, long and size-drifting
    /// records among good ones.
    #[test]
    fn every_driver_and_chunk_size_gives_the_same_output() {
        let mut lines = Vec::new();
        for k in 0..400 {
            lines.extend_from_slice(match k % 9 {
                0 => b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r\n".as_slice(),
                1 => b"\n",
                2 => b"# comment\n",
                3 => b"8/8/8/8/8/8/K7 w - - 0 1\n",
                4 => b"8/8/8/8/8/8/8/k7 b - - 0 1\n",
                5 => b"not a fen\n",
                6 => b"8/8/8/8/8/8/8/7K\n",
                7 => b"8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8\n",
                _ => b"8/8/8/8/8/8/8/8 w - - 0 1\n",
            });
        }
        let grids = b"X.\n..\n\n.O\nX.\n\n...\n...\n\nzz\n".repeat(50);
        let json = b"{\"bitboard\":\"0x1\"}\n[1]\n{\"size\":\"3x3\",\"bitboard\":7}\n".repeat(50);
        // Under -f auto: runs of bbconv's own grids (taken whole when the buffer holds them,
        // line by line when it ends inside one), blank lines between them, and lines that break
        // a run: a grid cut short, a CRLF grid, a FEN, a comment.
        let own = "# 8x8 lerf\n8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . .\n5 . . . . . . . .\n4 . . . . . . . .\n3 . . . . . . . .\n2 P P P P P P P P\n1 R N B Q K B N R\n  a b c d e f g h\n";
        let mut mixed = String::new();
        for k in 0..120 {
            mixed.push_str(&match k % 11 {
                3 => own.replace("4 . .", "4 K ."),
                5 => own.replace("\n  a b c d e f g h", ""),
                7 => own.replace('\n', "\r\n"),
                8 => "8/8/8/8/8/8/8/K6k w - - 0 1\n".into(),
                9 => "# note\n\n\n".into(),
                _ => own.to_string(),
            });
            if k % 4 != 0 {
                mixed.push('\n');
            }
        }
        let cases: [(Format, Format, &[u8]); 6] = [
            (Format::Fen, Format::Packed, &lines),
            (Format::Fen, Format::Grid, &lines),
            (Format::Grid, Format::Pair, &grids),
            (Format::Auto, Format::Pair, mixed.as_bytes()),
            (Format::Json, Format::PackedBin, &json),
            (Format::PackedBin, Format::Trits, &lines),
        ];
        for (from, to, input) in cases {
            for errors in [ErrorMode::Skip, ErrorMode::Null] {
                let one = convert(from, to, errors, input, (1, 0, 0, 0));
                assert!(!one.is_empty(), "{from} -> {to}");
                for (jobs, chunk, part, after) in [
                    (1, 1, 0, 0),
                    (1, 7, 1, 0),
                    (1, 0, 3, 0),
                    (2, 1, 0, 0),
                    (2, 64, 2, 0),
                    (3, 500, 1, 0),
                    (2, 0, 0, 0),
                    (3, 0, 5, 0),
                    (2, 64, 2, 3000),
                    (3, 100, 0, 5000),
                    (2, 0, 0, u64::MAX),
                ] {
                    let got = convert(from, to, errors, input, (jobs, chunk, part, after));
                    assert!(
                        got == one,
                        "{from} -> {to} {errors:?}: --jobs {jobs}, chunks of {chunk} bytes, \
                         parts of {part} records, workers after {after} bytes"
                    );
                }
            }
        }
    }
}
