//! The record stream of `convert` and `show`, in one place: sources are read and framed into
//! chunks ([`frame`]), each chunk is converted ([`work`]), and the converted chunks are written
//! in input order ([`write`](mod@write)) to a [`sink`], with errors worded by [`report`] and progress
//! drawn by [`progress`]. The one-thread driver and the `--jobs N` driver run the same three
//! stages on the same chunks, so their output is identical by construction.

pub(crate) mod frame;
pub(crate) mod progress;
pub(crate) mod report;
pub(crate) mod sink;
pub(crate) mod source;
pub(crate) mod work;
pub(crate) mod write;

use std::process::ExitCode;

use anyhow::{Context, Result};

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
/// stay well inside the memory bound of the README ("Hostile input").
const CHUNK_PARALLEL: usize = 1 << 19;

/// Most worker threads `--jobs` may ask for.
pub(crate) const MAX_JOBS: usize = 256;

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
            if force == Some(true) || on_terminal {
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
        runs: !settings.write.out.separated(),
    };
    let writer = Writer::new(settings.write, sources, sink, progress.clone());
    if jobs == 1 {
        serial(sources, &input, &job, writer, &progress)
    } else {
        parallel(sources, &input, &job, writer, &progress, jobs)
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
    let read = read_all(sources, input, &inputs, progress, &mut |chunk| {
        let go = work::convert(&chunk, job, &|| outputs.take(), &mut |done| {
            flow = writer.write(&done);
            outputs.give(done.recycle());
            matches!(flow, Ok(Flow::Go))
        });
        inputs.give(chunk.data);
        go
    });
    finish(writer, flow, read)
}

/// Reads every source in order, handing each chunk (numbered in the driver) to `emit` until it
/// says stop; a source that cannot be read ends the reading with its error.
fn read_all(
    sources: &[Source],
    input: &Input,
    pool: &Pool,
    progress: &Progress,
    emit: &mut dyn FnMut(frame::Chunk) -> bool,
) -> Result<()> {
    for (k, src) in sources.iter().enumerate() {
        if !read_source(src, k, input, pool, emit, &|n| progress.read(n))? {
            break;
        }
    }
    Ok(())
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

/// The calling thread reads chunks and deals them out in turn: chunk `k` to worker `k % jobs`;
/// the workers convert them; a writer thread takes the parts from the workers in the same turn,
/// which is input order. Every channel is bounded (one chunk and four parts a worker), so memory
/// is bounded whatever the input; and every stage stops when the next one has gone: a writer
/// that fails or stops drops its receivers, the workers' sends then fail and they drop theirs,
/// and the reader's next send fails.
fn parallel<S: Stage>(
    sources: &[Source],
    input: &Input,
    job: &work::Job<'_, S>,
    writer: Writer<'_>,
    progress: &Progress,
    jobs: usize,
) -> Result<ExitCode> {
    let inputs = Pool::default();
    let outputs: Pool<work::Spare> = Pool::default();
    std::thread::scope(|scope| {
        let mut to_workers = Vec::with_capacity(jobs);
        let mut from_workers = Vec::with_capacity(jobs);
        for k in 0..jobs {
            let (chunk_tx, chunk_rx) = crossbeam_channel::bounded::<frame::Chunk>(1);
            let (done_tx, done_rx) = crossbeam_channel::bounded::<Done>(4);
            let (inputs, outputs) = (&inputs, &outputs);
            let worker = std::thread::Builder::new()
                .name(format!("bbconv-worker-{k}"))
                .spawn_scoped(scope, move || {
                    for chunk in chunk_rx {
                        let go = work::convert(&chunk, job, &|| outputs.take(), &mut |d| {
                            done_tx.send(d).is_ok()
                        });
                        inputs.give(chunk.data);
                        if !go {
                            break;
                        }
                    }
                });
            match worker {
                Ok(_) => {
                    to_workers.push(chunk_tx);
                    from_workers.push(done_rx);
                }
                Err(e) if k == 0 => return Err(e).context("cannot start a worker thread"),
                Err(e) => {
                    eprintln!("bbconv: note: started {k} of {jobs} worker threads ({e}); going on with {k}");
                    break;
                }
            }
        }
        let outputs = &outputs;
        let writing = scope.spawn(move || {
            let mut writer = writer;
            let mut next = 0usize;
            let mut flow = Ok(Flow::Go);
            // Leaving drops the receivers: the workers, then the reader, stop.
            while let Ok(d) = from_workers[next % from_workers.len()].recv() {
                flow = writer.write(&d);
                let last = d.last;
                outputs.give(d.recycle());
                if !matches!(flow, Ok(Flow::Go)) {
                    break;
                }
                next += usize::from(last);
            }
            (writer, flow)
        });
        let mut seq = 0u64;
        let read = read_all(sources, input, &inputs, progress, &mut |mut chunk| {
            chunk.seq = seq;
            let to = &to_workers[(seq % to_workers.len() as u64) as usize];
            seq += 1;
            to.send(chunk).is_ok()
        });
        drop(to_workers);
        let (writer, flow) = writing
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        finish(writer, flow, read)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bbconv_board::Size;
    use bbconv_forms::{Conversion, ConvertError, Format, Options};
    use write::{ErrorMode, OutFraming};

    struct Conv<'a>(Conversion<'a>);

    impl Stage for Conv<'_> {
        fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
            self.0.run(record, out)
        }
    }

    /// Runs a conversion of `input` and returns the output file's bytes.
    fn convert(
        from: Format,
        to: Format,
        errors: ErrorMode,
        input: &[u8],
        jobs: usize,
        chunk: usize,
        part_records: usize,
    ) -> Vec<u8> {
        let dir = tempfile::tempdir().unwrap();
        let (src, dst) = (dir.path().join("in"), dir.path().join("out"));
        std::fs::write(&src, input).unwrap();
        let opts = Options::default();
        let size = opts.size_or_default();
        let settings = Settings {
            input: Input {
                chunk,
                ..Input::for_form(from, size, 300)
            },
            binary_input: from.is_binary(),
            write: WriteSettings {
                out: OutFraming {
                    framing: to.framing(),
                    form: Some(to),
                    default_size: size,
                },
                errors,
                fail_fast: false,
                max_errors: Some(0),
                size: None,
                max_line: 300,
                record_len: from.record_len(size),
            },
            jobs,
            progress: Some(false),
            part_records,
        };
        let stage = Conv(Conversion::new(from, to, &opts, false));
        let sources = [Source::File(src)];
        let sink = Sink::open(Some(&dst)).unwrap();
        run(&sources, settings, &stage, sink).unwrap();
        std::fs::read(dst).unwrap()
    }

    /// Any --jobs, chunk size and part size give the one-thread output byte for byte, for line, grid,
    /// JSON and binary input, with bad, blank, long and size-drifting records among good ones.
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
        let cases: [(Format, Format, &[u8]); 5] = [
            (Format::Fen, Format::Packed, &lines),
            (Format::Fen, Format::Grid, &lines),
            (Format::Grid, Format::Pair, &grids),
            (Format::Json, Format::PackedBin, &json),
            (Format::PackedBin, Format::Trits, &lines),
        ];
        for (from, to, input) in cases {
            for errors in [ErrorMode::Skip, ErrorMode::Null] {
                let one = convert(from, to, errors, input, 1, 0, 0);
                assert!(!one.is_empty(), "{from} -> {to}");
                for (jobs, chunk, part) in [
                    (1, 1, 0),
                    (1, 7, 1),
                    (1, 0, 3),
                    (2, 1, 0),
                    (2, 64, 2),
                    (3, 500, 1),
                    (2, 0, 0),
                    (3, 0, 5),
                ] {
                    let got = convert(from, to, errors, input, jobs, chunk, part);
                    assert!(
                        got == one,
                        "{from} -> {to} {errors:?}: --jobs {jobs}, chunks of {chunk} bytes, \
                         parts of {part} records"
                    );
                }
            }
        }
    }
}
