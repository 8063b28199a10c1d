//! `convert --jobs N`: a pipeline. The calling thread reads records into batches; N workers
//! convert whole batches; a writer thread puts the results back in input order and writes them
//! through the same [`Converter`] as `--jobs 1`, so the output is byte-identical.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

use anyhow::Result;
use bbconv_forms::{Conversion, Format, Framing, Options};

use super::convert::{bad_from, Bad, Converter, Flow, Handler, Reader, Source};

/// Starts `jobs` workers in `scope`: each takes a job from `rx`, and sends `f(job)` to `tx`, until
/// either channel closes.
pub(crate) fn spawn_workers<'s, J, D, F>(
    scope: &'s std::thread::Scope<'s, '_>,
    jobs: usize,
    rx: &'s Mutex<Receiver<J>>,
    tx: &SyncSender<D>,
    f: &'s F,
) where
    J: Send,
    D: Send + 's,
    F: Fn(J) -> D + Sync,
{
    for _ in 0..jobs {
        let tx = tx.clone();
        scope.spawn(move || loop {
            let next = rx.lock().map(|rx| rx.recv());
            let Ok(Ok(job)) = next else { break };
            if tx.send(f(job)).is_err() {
                break;
            }
        });
    }
}

/// Hands the results arriving on `rx` to `each` in sequence order (`seq` numbers them from 0),
/// until `each` says stop; then raises `stop` for the reading side.
pub(crate) fn in_order<D>(
    rx: Receiver<D>,
    seq: impl Fn(&D) -> u64,
    stop: &AtomicBool,
    mut each: impl FnMut(D) -> Result<Flow>,
) -> Result<Flow> {
    let mut waiting: BTreeMap<u64, D> = BTreeMap::new();
    let mut next = 0u64;
    for done in rx {
        waiting.insert(seq(&done), done);
        while let Some(d) = waiting.remove(&next) {
            next += 1;
            if let Flow::Stop = each(d)? {
                stop.store(true, Ordering::Relaxed);
                return Ok(Flow::Stop);
            }
        }
    }
    Ok(Flow::Go)
}

const BATCH_RECORDS: usize = 4096;
const BATCH_BYTES: usize = 1 << 20;

enum Item {
    Data {
        src: usize,
        line: usize,
        start: usize,
        end: usize,
    },
    Bad {
        src: usize,
        bad: Bad,
    },
}

/// Records in input order, with their bytes and the sources they came from.
#[derive(Default)]
struct Batch {
    seq: u64,
    data: Vec<u8>,
    items: Vec<Item>,
    sources: Vec<Source>,
}

/// A converted batch: one outcome an item, the output bytes of the good ones.
struct Done {
    seq: u64,
    batch: Batch,
    out: Vec<u8>,
    outcomes: Vec<Result<(usize, usize), Bad>>,
}

struct Batcher<'a> {
    batch: Batch,
    tx: &'a SyncSender<Batch>,
    stop: &'a AtomicBool,
    next_seq: u64,
}

impl Batcher<'_> {
    fn src(&mut self, src: &Source) -> usize {
        if self.batch.sources.last() != Some(src) {
            self.batch.sources.push(src.clone());
        }
        self.batch.sources.len() - 1
    }

    fn send(&mut self) -> Result<Flow> {
        let mut b = std::mem::take(&mut self.batch);
        b.seq = self.next_seq;
        self.next_seq += 1;
        if self.tx.send(b).is_err() || self.stop.load(Ordering::Relaxed) {
            return Ok(Flow::Stop);
        }
        Ok(Flow::Go)
    }

    fn maybe_send(&mut self) -> Result<Flow> {
        if self.batch.items.len() >= BATCH_RECORDS || self.batch.data.len() >= BATCH_BYTES {
            return self.send();
        }
        Ok(Flow::Go)
    }
}

impl Handler for Batcher<'_> {
    fn record(&mut self, src: &Source, line: usize, data: &[u8]) -> Result<Flow> {
        let src = self.src(src);
        let start = self.batch.data.len();
        self.batch.data.extend_from_slice(data);
        let end = self.batch.data.len();
        self.batch.items.push(Item::Data {
            src,
            line,
            start,
            end,
        });
        self.maybe_send()
    }

    fn bad(&mut self, src: &Source, bad: Bad) -> Result<Flow> {
        let src = self.src(src);
        self.batch.items.push(Item::Bad { src, bad });
        self.maybe_send()
    }
}

/// Converts a batch. Outside grids (whose separators depend on what came before), each record's
/// output already ends with its line end, so a batch without bad records is written whole.
fn convert_batch(batch: Batch, from: Format, to: Format, opts: &Options, swap: bool) -> Done {
    let line_end = to.framing() != Framing::Block && !to.is_binary();
    let mut out = Vec::with_capacity(batch.data.len() + batch.items.len() * 8);
    let mut outcomes = Vec::with_capacity(batch.items.len());
    let conversion = Conversion::new(from, to, opts, swap);
    for item in &batch.items {
        outcomes.push(match item {
            Item::Bad { bad, .. } => Err(Bad {
                line: bad.line,
                col: bad.col,
                message: bad.message.clone(),
            }),
            Item::Data {
                line, start, end, ..
            } => {
                let rec = &batch.data[*start..*end];
                let mark = out.len();
                match conversion.run(rec, &mut out) {
                    Ok(()) => {
                        if line_end {
                            out.push(b'\n');
                        }
                        Ok((mark, out.len()))
                    }
                    Err(e) => {
                        out.truncate(mark);
                        Err(bad_from(e, *line, rec, from.is_binary()))
                    }
                }
            }
        });
    }
    Done {
        seq: batch.seq,
        batch,
        out,
        outcomes,
    }
}

/// Writes one finished batch.
fn write_batch(conv: &mut Converter<'_>, d: Done) -> Result<Flow> {
    let whole = conv.to.framing() != Framing::Block;
    if whole && d.outcomes.iter().all(|o| o.is_ok()) {
        conv.emit_whole(&d.out, d.outcomes.len())?;
        return Ok(Flow::Go);
    }
    for (item, outcome) in d.batch.items.iter().zip(d.outcomes) {
        let flow = match outcome {
            Ok((a, b)) if whole => {
                conv.emit_whole(&d.out[a..b], 1)?;
                Flow::Go
            }
            Ok((a, b)) => {
                conv.emit(&d.out[a..b])?;
                Flow::Go
            }
            Err(bad) => {
                let src = match item {
                    Item::Data { src, .. } | Item::Bad { src, .. } => *src,
                };
                conv.bad_now(&d.batch.sources[src], bad)?
            }
        };
        if let Flow::Stop = flow {
            return Ok(Flow::Stop);
        }
    }
    Ok(Flow::Go)
}

pub(crate) fn run(
    reader: &Reader,
    sources: &[Source],
    conv: Converter<'_>,
    jobs: usize,
) -> Result<ExitCode> {
    let (from, to, opts, swap) = (conv.from, conv.to, conv.opts, conv.swap);
    let stop = AtomicBool::new(false);
    let (work_tx, work_rx) = sync_channel::<Batch>(jobs * 2);
    let (done_tx, done_rx) = sync_channel::<Done>(jobs * 2);
    let work_rx = Mutex::new(work_rx);
    let convert = |batch: Batch| convert_batch(batch, from, to, opts, swap);
    let (conv, read, write) = std::thread::scope(|scope| {
        spawn_workers(scope, jobs, &work_rx, &done_tx, &convert);
        drop(done_tx);
        let stop = &stop;
        let writer = scope.spawn(move || {
            let mut conv = conv;
            let flow = in_order(done_rx, |d| d.seq, stop, |d| write_batch(&mut conv, d));
            (conv, flow)
        });
        let mut batcher = Batcher {
            batch: Batch::default(),
            tx: &work_tx,
            stop,
            next_seq: 0,
        };
        let read = match reader.run(sources, &mut batcher) {
            Ok(Flow::Go) if !batcher.batch.items.is_empty() => batcher.send(),
            other => other,
        };
        drop(batcher);
        drop(work_tx);
        let (conv, write) = writer
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        (conv, read, write)
    });
    // An error on the reading side (a file that cannot be read) ends the run with it.
    read?;
    let flow = write?;
    conv.finish(flow)
}
