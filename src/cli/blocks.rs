//! `convert --jobs N` for line-framed input files: the calling thread only reads large blocks cut
//! at a line end; N workers split their block into lines, convert them and format bad-record
//! placeholders; a writer thread reports errors with their global line numbers and writes the
//! blocks in input order. Output and messages are byte-identical to `--jobs 1`.

use std::io::Read;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::Mutex;

use crate::pipeline::frame::Newlines;
use anyhow::{Context, Result};
use bbconv_forms::{Conversion, Format, Framing, Options};

use super::convert::{bad_from, null_record, Bad, Converter, ErrorMode, Flow, Reader, Source};
use super::parallel::{in_order, spawn_workers};

/// Block size: large enough that a worker's batch dwarfs the hand-over cost.
const BLOCK: usize = 1 << 20;

/// Buffers handed back for reuse, so that the pipeline does not allocate (and fault in) fresh
/// megabytes for every block.
#[derive(Default)]
struct Pool(Mutex<Vec<Vec<u8>>>);

impl Pool {
    fn pop(&self) -> Vec<u8> {
        self.0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    }

    /// An empty buffer with room for `capacity` bytes.
    fn take(&self, capacity: usize) -> Vec<u8> {
        let mut b = self.pop();
        b.clear();
        b.reserve(capacity);
        b
    }

    /// A buffer of at least `len` bytes, of any contents (zeroed only where it had to grow).
    fn take_len(&self, len: usize) -> Vec<u8> {
        let mut b = self.pop();
        if b.len() < len {
            b.resize(len, 0);
        }
        b
    }

    fn give(&self, b: Vec<u8>) {
        if let Ok(mut v) = self.0.lock() {
            if v.len() < 16 {
                v.push(b);
            }
        }
    }
}

/// Input blocks and output buffers, each reused for its own kind (an input block is read in
/// place and keeps its length; an output buffer is cleared).
#[derive(Default)]
struct Pools {
    input: Pool,
    output: Pool,
}

/// A piece of one source: whole lines (the first `usize` bytes of the buffer), or an over-long
/// line that was skipped.
enum Piece {
    Lines(Vec<u8>, usize),
    TooLong(usize, bool),
}

struct Job {
    seq: u64,
    src: usize,
    piece: Piece,
}

/// A bad record found by a worker: its line within the block, and where its placeholder (if
/// any) starts in the block's output.
struct BlockBad {
    line: usize,
    col: Option<usize>,
    message: String,
    at: usize,
}

struct Done {
    seq: u64,
    src: usize,
    lines: usize,
    records: usize,
    out: Vec<u8>,
    bad: Vec<BlockBad>,
    too_long: Option<(usize, bool)>,
}

struct Work<'a> {
    from: Format,
    to: Format,
    opts: &'a Options,
    swap: bool,
    errors: ErrorMode,
    max_line: usize,
}

impl Work<'_> {
    fn convert(&self, job: Job, pools: &Pools) -> Done {
        let mut done = Done {
            seq: job.seq,
            src: job.src,
            lines: 0,
            records: 0,
            out: Vec::new(),
            bad: Vec::new(),
            too_long: None,
        };
        let (buf, len) = match job.piece {
            Piece::TooLong(len, newline) => {
                done.lines = 1;
                done.records = 1;
                done.too_long = Some((len, newline));
                let _ = self.placeholder(&mut done.out, true);
                return done;
            }
            Piece::Lines(buf, len) => (buf, len),
        };
        let data = &buf[..len];
        done.out = pools.output.take(len + len / 2);
        let block = self.to.framing() == Framing::Block;
        let binary = self.to.is_binary();
        let conversion = Conversion::new(self.from, self.to, self.opts, self.swap);
        let mut first = true;
        let mut start = 0;
        let mut newlines = Newlines::new(data);
        while start < data.len() {
            let (end, next, newline) = match newlines.next() {
                Some(k) => (k, k + 1, true),
                None => (data.len(), data.len(), false),
            };
            done.lines += 1;
            let raw = &data[start..end];
            start = next;
            // As the one-thread reader: the length is checked first, on the raw line.
            if raw.len() > self.max_line {
                done.records += 1;
                done.bad.push(BlockBad {
                    line: done.lines,
                    col: None,
                    message: too_long_message(raw.len() + usize::from(newline), self.max_line),
                    at: done.out.len(),
                });
                first &= !self.placeholder(&mut done.out, first);
                continue;
            }
            let line = raw.strip_suffix(b"\r").unwrap_or(raw);
            let t = line.trim_ascii_start();
            if t.is_empty() || t[0] == b'#' {
                continue;
            }
            done.records += 1;
            let mark = done.out.len();
            if block && !first {
                done.out.push(b'\n');
            }
            match conversion.run(line, &mut done.out) {
                Ok(()) => {
                    if !binary {
                        done.out.push(b'\n');
                    }
                    first = false;
                }
                Err(e) => {
                    done.out.truncate(mark);
                    let b = bad_from(e, done.lines, line, false);
                    done.bad.push(BlockBad {
                        line: b.line,
                        col: b.col,
                        message: b.message,
                        at: done.out.len(),
                    });
                    first &= !self.placeholder(&mut done.out, first);
                }
            }
        }
        pools.input.give(buf);
        done
    }

    /// The `--errors null` placeholder of a bad record (nothing in the other modes); whether
    /// it wrote one.
    fn placeholder(&self, out: &mut Vec<u8>, first: bool) -> bool {
        if self.errors != ErrorMode::Null {
            return false;
        }
        if self.to.framing() == Framing::Block && !first {
            out.push(b'\n');
        }
        null_record(self.to, self.opts, out);
        if !self.to.is_binary() {
            out.push(b'\n');
        }
        true
    }
}

fn too_long_message(len: usize, max: usize) -> String {
    format!(
        "the record is {len} bytes or more, longer than the limit of {max} bytes (raise it with --max-line)"
    )
}

/// Reads `src` in blocks cut after a line end and hands them to `send`.
fn read_blocks(
    src: &Source,
    index: usize,
    block_size: usize,
    max_line: usize,
    pool: &Pool,
    send: &mut dyn FnMut(Job) -> bool,
    seq: &mut u64,
) -> Result<bool> {
    let mut input = Reader::open(src)?;
    // Blocks are read in place: `buf[..filled]` holds the input not yet handed over, and every
    // read goes straight into the buffer after it (no copy through a staging buffer).
    let mut buf = pool.take_len(block_size);
    let mut filled = 0;
    let mut first = true;
    let mut eof = false;
    let mut skipping: Option<usize> = None;
    while !eof {
        if buf.len() < filled + block_size {
            buf.resize(filled + block_size, 0);
        }
        let n = loop {
            match input.read(&mut buf[filled..filled + block_size]) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e).with_context(|| format!("cannot read {}", src.name())),
            }
        };
        eof = n == 0;
        if let Some(len) = skipping {
            // The rest of an over-long line: drop it up to its line end.
            match memchr::memchr(b'\n', &buf[filled..filled + n]) {
                Some(k) => {
                    skipping = None;
                    if !emit(send, seq, index, Piece::TooLong(len + k + 1, true)) {
                        return Ok(false);
                    }
                    buf.copy_within(filled + k + 1..filled + n, filled);
                    filled += n - (k + 1);
                }
                None if eof => {
                    skipping = None;
                    if !emit(send, seq, index, Piece::TooLong(len, false)) {
                        return Ok(false);
                    }
                }
                None => {
                    skipping = Some(len + n);
                    continue;
                }
            }
        } else {
            filled += n;
        }
        if first && filled > 0 {
            if filled < 3 && !eof {
                continue;
            }
            first = false;
            if buf[..filled].starts_with(b"\xef\xbb\xbf") {
                buf.copy_within(3..filled, 0);
                filled -= 3;
            }
        }
        let cut = if eof {
            filled
        } else {
            match memchr::memrchr(b'\n', &buf[..filled]) {
                Some(k) => k + 1,
                None => {
                    if filled > max_line + 2 {
                        skipping = Some(filled);
                        filled = 0;
                    }
                    continue;
                }
            }
        };
        if cut == 0 {
            continue;
        }
        // Keep blocks near the block size: the tail after the last line end waits for more input.
        let tail = filled - cut;
        let mut next = pool.take_len(tail + block_size);
        next[..tail].copy_from_slice(&buf[cut..filled]);
        let block = std::mem::replace(&mut buf, next);
        filled = tail;
        if !emit(send, seq, index, Piece::Lines(block, cut)) {
            return Ok(false);
        }
    }
    Ok(true)
}

fn emit(send: &mut dyn FnMut(Job) -> bool, seq: &mut u64, src: usize, piece: Piece) -> bool {
    let job = Job {
        seq: *seq,
        src,
        piece,
    };
    *seq += 1;
    send(job)
}

/// Where the writer is: the source of the last block and the lines before it in that source.
#[derive(Default)]
struct Position {
    src: Option<usize>,
    line_base: usize,
}

/// Writes one converted block: its output, with each bad record reported in its place.
fn write_block(
    conv: &mut Converter<'_>,
    sources: &[Source],
    max_line: usize,
    pos: &mut Position,
    d: &mut Done,
) -> Result<Flow> {
    if pos.src != Some(d.src) {
        pos.src = Some(d.src);
        pos.line_base = 0;
    }
    let src = &sources[d.src];
    if conv.to.framing() == Framing::Block && !conv.first_out && !d.out.is_empty() {
        conv.emit_whole(b"\n", 0)?;
    }
    let mut bads: Vec<(usize, Bad)> = std::mem::take(&mut d.bad)
        .into_iter()
        .map(|b| {
            let bad = Bad {
                line: pos.line_base + b.line,
                col: b.col,
                message: b.message,
            };
            (b.at, bad)
        })
        .collect();
    if let Some((len, _)) = d.too_long {
        let bad = Bad {
            line: pos.line_base + 1,
            col: None,
            message: too_long_message(len, max_line),
        };
        bads.push((0, bad));
    }
    conv.total += d.records - bads.len();
    let mut from = 0;
    for (at, bad) in bads {
        conv.emit_whole(&d.out[from..at], 0)?;
        from = at;
        if let Flow::Stop = conv.report(src, &bad)? {
            return Ok(Flow::Stop);
        }
    }
    conv.emit_whole(&d.out[from..], 0)?;
    pos.line_base += d.lines;
    Ok(Flow::Go)
}

pub(crate) fn run(
    reader: &Reader,
    sources: &[Source],
    conv: Converter<'_>,
    jobs: usize,
) -> Result<ExitCode> {
    let work = Work {
        from: conv.from,
        to: conv.to,
        opts: conv.opts,
        swap: conv.swap,
        errors: conv.errors,
        max_line: reader.max_line,
    };
    let max_line = reader.max_line;
    let stop = AtomicBool::new(false);
    let (job_tx, job_rx) = sync_channel::<Job>(jobs * 2);
    let (done_tx, done_rx) = sync_channel::<Done>(jobs * 2);
    let job_rx = Mutex::new(job_rx);
    let pools = Pools::default();
    let convert = |job: Job| work.convert(job, &pools);
    let (conv, read, write) = std::thread::scope(|scope| {
        spawn_workers(scope, jobs, &job_rx, &done_tx, &convert);
        drop(done_tx);
        let (stop, pools) = (&stop, &pools);
        let writer = scope.spawn(move || {
            let mut conv = conv;
            let mut pos = Position::default();
            let flow = in_order(
                done_rx,
                |d| d.seq,
                stop,
                |mut d| {
                    let flow = write_block(&mut conv, sources, max_line, &mut pos, &mut d);
                    pools.output.give(d.out);
                    flow
                },
            );
            (conv, flow)
        });
        let mut seq = 0u64;
        let mut send = |job: Job| !stop.load(Ordering::Relaxed) && job_tx.send(job).is_ok();
        let mut read = Ok(Flow::Go);
        for (k, src) in sources.iter().enumerate() {
            match read_blocks(
                src,
                k,
                BLOCK,
                reader.max_line,
                &pools.input,
                &mut send,
                &mut seq,
            ) {
                Ok(true) => {}
                Ok(false) => {
                    read = Ok(Flow::Stop);
                    break;
                }
                Err(e) => {
                    read = Err(e);
                    break;
                }
            }
        }
        drop(job_tx);
        let (conv, write) = writer
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        (conv, read, write)
    });
    read?;
    let flow = write?;
    conv.finish(flow)
}
