//! One batch of records converted on several threads: the outputs in record order (fixed-size
//! ones straight into the caller's buffer), a validity byte a record and the first error.
//! Knows nothing of Python: a producer that must run on the calling thread (reading Python
//! objects) hands its records over in [`Block`]s ([`pipeline`]).

use crate::fields::Given;
use crate::rawfen::{self, Raw};
use bbconv_board::train::{Train, View};
use bbconv_forms::{
    record_train, Conversion, ConvertError, ErrorKind, Format, Options, ParseError,
};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};

/// How a record's output is laid out in the batch's buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Text of any length, delimited by the offsets.
    Text,
    /// `usize` bytes a record (a binary form); a record not converted is zeros.
    Fixed(usize),
    /// The two sides as little-endian 64-bit words, this many words a side: the output is the
    /// `pair` form's text, read back into words.
    PairWords(usize),
}

impl Layout {
    /// Bytes a record, for the fixed layouts.
    pub(crate) fn width(self) -> Option<usize> {
        match self {
            Layout::Text => None,
            Layout::Fixed(w) => Some(w),
            Layout::PairWords(k) => Some(16 * k),
        }
    }
}

/// The first bad record of a batch: its index, the 1-based character column of the problem
/// in it, and why.
pub(crate) type Fault = (usize, Option<usize>, ConvertError);

/// What a batch gives.
#[derive(Debug, Default)]
pub(crate) struct Outcome {
    /// For [`Layout::Text`]: the outputs, one after the other (fixed-size outputs go to the
    /// caller's rows).
    pub(crate) data: Vec<u8>,
    /// For [`Layout::Text`]: the n + 1 offsets of the outputs in `data` (Arrow's large-string
    /// offsets); empty otherwise.
    pub(crate) ends: Vec<i64>,
    /// 1 for a record converted, 0 for one not (a null, or a bad record).
    pub(crate) valid: Vec<u8>,
    /// The first bad record.
    pub(crate) first_error: Option<Fault>,
    /// The bytes of the first bad record, when converting found it (not a producer): what its
    /// message is made from after the call ([`crate::Call`]'s `said`), however the source
    /// changed since it was read.
    pub(crate) error_record: Option<Vec<u8>>,
    /// The batch was stopped (the `stop` flag) before its end.
    pub(crate) stopped: bool,
    /// The training fields of each record, when they are taken ([`Reader::take`]): none for
    /// a record not converted.
    pub(crate) train: Vec<Train>,
}

impl Outcome {
    /// A batch stopped before its end: nothing of it is given back, so what was converted is
    /// not joined (a Ctrl-C on millions of records would wait for their copy).
    pub(crate) fn stopped() -> Outcome {
        Outcome {
            stopped: true,
            ..Outcome::default()
        }
    }

    /// This outcome with `fault`, a record a producer found bad (and gave as a null), as its
    /// first error when it comes before the first bad record converting found.
    pub(crate) fn noting(mut self, fault: Option<Fault>) -> Outcome {
        if let Some(f) = fault {
            if self.first_error.as_ref().is_none_or(|e| f.0 < e.0) {
                self.first_error = Some(f);
                self.error_record = None;
            }
        }
        self
    }
}

/// Records a thread converts between two looks at the stop flag, and a producer's block.
pub(crate) const BLOCK: usize = 16_384;

/// A batch's conversion: the forms' [`Conversion`], each record read as the command line reads
/// it (with the size given, else without one), and the size the batch's first board set when
/// none was given: a board of another size is then a bad record, as in a stream.
pub(crate) struct Reader<'a> {
    /// The conversion.
    pub(crate) conv: Conversion<'a>,
    /// The batch's size, when its first board set it.
    pub(crate) size: Option<bbconv_board::Size>,
    /// Training fields given beside the records, one a record of the batch (White's view).
    pub(crate) given: Option<&'a Given>,
    /// Whether each record's own training fields are taken, and the form and options to read
    /// them with (the conversion's).
    pub(crate) take: Option<(Format, &'a Options)>,
    /// Raw BinaryFen bytes read or written ([`rawfen`]).
    pub(crate) raw: Raw,
}

impl Reader<'_> {
    /// Converts record `index` of the batch, appending its output; its board's size and, when
    /// they are taken, its training fields.
    pub(crate) fn run(
        &self,
        index: usize,
        record: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(bbconv_board::Size, Train), ConvertError> {
        if !self.raw.input {
            return self.run_text(index, record, out);
        }
        self.run_text(index, &rawfen::hex(record), out)
            .map_err(rawfen::at_byte)
    }

    /// [`Reader::run`] of a record as the form's reader reads it.
    fn run_text(
        &self,
        index: usize,
        record: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(bbconv_board::Size, Train), ConvertError> {
        let start = out.len();
        let size = match self.given {
            Some(g) => self
                .conv
                .run_with_train(record, g.get(index)?, View::White, out)?,
            None => self.conv.run(record, out)?,
        };
        let own = match (self.size, self.take) {
            (Some(batch), _) if batch != size => Err(other_size()),
            (_, Some((from, opts))) => {
                record_train(from, record, opts).map_err(ConvertError::Parse)
            }
            _ => Ok(Train::default()),
        };
        if own.is_err() {
            out.truncate(start);
        } else if self.raw.output {
            rawfen::unhex_tail(out, start);
        }
        own.map(|own| (size, own))
    }
}

/// Batches smaller than this run on the calling thread: starting threads costs more.
pub(crate) const PARALLEL_FROM: usize = 20_000;

/// Converts `records` (`None`: a null), the first record `first` of the batch, with `conv` on up
/// to `jobs` threads, each a contiguous part; fixed-size outputs go to `rows` (`width` bytes a
/// record, zeros where a record is not converted), text to the outcome.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run(
    conv: &Reader<'_>,
    records: &[Option<&[u8]>],
    first: usize,
    layout: Layout,
    jobs: usize,
    stop: &AtomicBool,
    rows: &mut [u8],
) -> Outcome {
    let n = records.len();
    let parts = match n < PARALLEL_FROM {
        true => 1,
        false => jobs.clamp(1, n / (PARALLEL_FROM / 2)),
    };
    if parts <= 1 {
        return part(conv, records, first, layout, stop, rows);
    }
    let per = n.div_ceil(parts);
    let w = layout.width().unwrap_or(0);
    let regions = split_rows(rows, w, per, parts);
    let queue = Mutex::new(records.chunks(per).zip(regions).enumerate());
    let done = Mutex::new(Vec::with_capacity(parts));
    // Each thread, this one too, converts the next part until none is left: when a thread
    // cannot start, the others convert its part (the command line goes on likewise).
    let work = || loop {
        let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
        let Some((k, (chunk, region))) = next else {
            return;
        };
        let o = part(conv, chunk, first + k * per, layout, stop, region);
        done.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((k, o));
    };
    std::thread::scope(|s| {
        for _ in 1..parts {
            if !start(s, work) {
                break;
            }
        }
        work();
    });
    let mut done = done.into_inner().unwrap_or_else(PoisonError::into_inner);
    done.sort_unstable_by_key(|(k, _)| *k);
    join(done.into_iter().map(|(_, o)| o).collect(), layout)
}

/// Starts `f` on a new thread of `s`; `false` when the system starts none (the caller goes on
/// with the threads it has).
pub(crate) fn start<'scope>(
    s: &'scope std::thread::Scope<'scope, '_>,
    f: impl FnOnce() + Send + 'scope,
) -> bool {
    #[cfg(test)]
    if !tests::may_start() {
        return false;
    }
    std::thread::Builder::new().spawn_scoped(s, f).is_ok()
}

/// `rows` cut into `parts` regions of `per` records of `w` bytes (empty regions for text).
fn split_rows(rows: &mut [u8], w: usize, per: usize, parts: usize) -> Vec<&mut [u8]> {
    match w {
        0 => (0..parts).map(|_| <&mut [u8]>::default()).collect(),
        _ => rows.chunks_mut(per * w).collect(),
    }
}

/// Records a producer has copied out of wherever they were, for [`pipeline`].
#[derive(Debug, Default)]
pub(crate) struct Block {
    /// The records' bytes, one after the other.
    pub(crate) data: Vec<u8>,
    /// Each record's range in `data`, `None` for a null.
    pub(crate) records: Vec<Option<Range<usize>>>,
    /// Its first record the producer found bad (it is `None` in `records`).
    pub(crate) fault: Option<Fault>,
}

impl Block {
    /// The records as slices.
    pub(crate) fn slices(&self) -> Vec<Option<&[u8]>> {
        self.records
            .iter()
            .map(|r| r.clone().map(|r| &self.data[r]))
            .collect()
    }
}

/// Converts the `n` records `produce` gives, [`BLOCK`] at a time, on this thread, while
/// `jobs - 1` threads (at least one) convert the blocks already given; `produce` runs on this
/// thread only (it may hold a lock the workers must not need). Once it has given every block
/// (or an error, or `None` early: the call is stopped), `finish` runs on this thread with a
/// function that converts one of the blocks left, `false` when none is (this thread helps,
/// and may look at its signals between blocks). Outputs as for [`run`].
#[allow(clippy::too_many_arguments)]
pub(crate) fn pipeline<E>(
    conv: &Reader<'_>,
    n: usize,
    layout: Layout,
    jobs: usize,
    stop: &AtomicBool,
    rows: &mut [u8],
    mut produce: impl FnMut(usize) -> Result<Block, E>,
    finish: impl FnOnce(&(dyn Fn() -> bool + Sync)),
) -> Result<Outcome, E> {
    let w = layout.width().unwrap_or(0);
    let blocks = n.div_ceil(BLOCK);
    let regions = split_rows(rows, w, BLOCK, blocks);
    type Job<'a> = (usize, Block, &'a mut [u8]);
    let (tx, rx) = mpsc::channel::<Job<'_>>();
    let rx = Mutex::new(rx);
    let done: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::with_capacity(blocks));
    // Converts one block given, `false` when none is left.
    let one = || {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        let job = match rx.lock() {
            Ok(r) => r.recv(),
            Err(_) => return false,
        };
        let Ok((k, block, region)) = job else {
            return false;
        };
        let o = part(conv, &block.slices(), k * BLOCK, layout, stop, region);
        let o = o.noting(block.fault);
        if let Ok(mut d) = done.lock() {
            d.push((k, o));
        }
        true
    };
    let work = || while one() {};
    let produced = std::thread::scope(|s| {
        // Up to `jobs - 1` workers (one at least, none more than blocks); when none starts,
        // this thread converts every block once it has given them.
        for _ in 0..jobs.saturating_sub(1).clamp(1, blocks.max(1)) {
            if !start(s, work) {
                break;
            }
        }
        for (k, region) in regions.into_iter().enumerate() {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            match produce(k) {
                Ok(block) => {
                    if tx.send((k, block, region)).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    drop(tx);
                    return Err(e);
                }
            }
        }
        drop(tx);
        finish(&one);
        Ok(())
    });
    produced?;
    let mut done = done.into_inner().unwrap_or_else(|p| p.into_inner());
    if done.len() < blocks || stop.load(Ordering::Relaxed) {
        return Ok(Outcome::stopped());
    }
    done.sort_unstable_by_key(|(k, _)| *k);
    Ok(join(done.into_iter().map(|(_, o)| o).collect(), layout))
}

/// The outcomes of consecutive parts as one; a stopped part stops the whole.
pub(crate) fn join(parts: Vec<Outcome>, layout: Layout) -> Outcome {
    if parts.iter().any(|p| p.stopped) {
        return Outcome::stopped();
    }
    let mut all = Outcome {
        data: Vec::with_capacity(parts.iter().map(|p| p.data.len()).sum()),
        ..Outcome::default()
    };
    if layout == Layout::Text {
        all.ends.push(0);
    }
    for p in parts {
        let base = all.data.len() as i64;
        all.data.extend_from_slice(&p.data);
        if layout == Layout::Text {
            all.ends.extend(p.ends[1..].iter().map(|e| e + base));
        }
        all.valid.extend_from_slice(&p.valid);
        all.train.extend_from_slice(&p.train);
        if all.first_error.is_none() {
            all.first_error = p.first_error;
            all.error_record = p.error_record;
        }
    }
    all
}

/// One thread's part: records `first..` of the batch, fixed-size outputs into `rows`.
fn part(
    conv: &Reader<'_>,
    records: &[Option<&[u8]>],
    first: usize,
    layout: Layout,
    stop: &AtomicBool,
    rows: &mut [u8],
) -> Outcome {
    let n = records.len();
    let text = layout == Layout::Text;
    let w = layout.width().unwrap_or(0);
    let mut o = Outcome {
        data: Vec::with_capacity(if text { n * 64 } else { 0 }),
        ends: Vec::with_capacity(if text { n + 1 } else { 0 }),
        valid: Vec::with_capacity(n),
        train: Vec::with_capacity(if conv.take.is_some() { n } else { 0 }),
        ..Outcome::default()
    };
    if text {
        o.ends.push(0);
    }
    let (mut out, mut scratch) = (Vec::with_capacity(w), Vec::new());
    for (k, record) in records.iter().enumerate() {
        if k % BLOCK == 0 && stop.load(Ordering::Relaxed) {
            o.stopped = true;
            break;
        }
        let sink = if text { &mut o.data } else { &mut out };
        let start = sink.len();
        let result = match record {
            None => Ok(None),
            Some(r) => one(conv, first + k, r, layout, sink, &mut scratch).map(Some),
        };
        let (ok, own) = match result {
            Ok(own) => (own.is_some(), own.unwrap_or_default()),
            Err(e) => {
                sink.truncate(start);
                if o.first_error.is_none() {
                    let col = match &e {
                        ConvertError::Parse(p) => {
                            p.offset.and_then(|at| column(record.as_deref()?, at))
                        }
                        _ => None,
                    };
                    o.first_error = Some((first + k, col, e));
                    o.error_record = record.map(<[u8]>::to_vec);
                }
                (false, Train::default())
            }
        };
        if conv.take.is_some() {
            o.train.push(own);
        }
        if text {
            o.ends.push(o.data.len() as i64);
        } else if ok {
            rows[k * w..(k + 1) * w].copy_from_slice(&out);
            out.clear();
        }
        o.valid.push(u8::from(ok));
    }
    o
}

/// The 1-based character column of byte `offset` of a record.
fn column(record: &[u8], offset: usize) -> Option<usize> {
    let head = record.get(..offset)?;
    Some(match std::str::from_utf8(head) {
        Ok(s) => s.chars().count() + 1,
        Err(_) => offset + 1,
    })
}

/// Converts record `index` of the batch, appending its output to `out` (nothing on an error);
/// its training fields, when they are taken.
#[inline]
fn one(
    conv: &Reader<'_>,
    index: usize,
    record: &[u8],
    layout: Layout,
    out: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
) -> Result<Train, ConvertError> {
    let start = out.len();
    match layout {
        Layout::Text => conv.run(index, record, out).map(|(_, own)| own),
        Layout::Fixed(w) => {
            let (_, own) = conv.run(index, record, out)?;
            match out.len() - start == w {
                true => Ok(own),
                false => Err(other_size()),
            }
        }
        Layout::PairWords(k) => {
            scratch.clear();
            let (_, own) = conv.run(index, record, scratch)?;
            match pair_words(scratch, k, out) {
                true => Ok(own),
                false => Err(other_size()),
            }
        }
    }
}

/// A record whose board has another size than the batch's.
fn other_size() -> ConvertError {
    ConvertError::Parse(ParseError::of(
        ErrorKind::SizeMismatch,
        None,
        "the board has another size than the batch's",
    ))
}

/// The `pair` form's text (`0x... 0x...`) as `k` little-endian 64-bit words a side, appended
/// to `out`; `false` when it has more than `k` words' worth of digits.
fn pair_words(text: &[u8], k: usize, out: &mut Vec<u8>) -> bool {
    let mut sides = text.split(|&c| c == b' ');
    for _ in 0..2 {
        let Some(hex) = sides.next().and_then(|t| t.strip_prefix(b"0x")) else {
            return false;
        };
        if hex.len() > 16 * k {
            return false;
        }
        // Words from the last digits: word 0 holds the lowest 16 digits.
        for w in 0..k {
            let end = hex.len().saturating_sub(16 * w);
            let start = end.saturating_sub(16);
            let mut word = 0u64;
            for &c in &hex[start..end] {
                let Some(d) = (c as char).to_digit(16) else {
                    return false;
                };
                word = word << 4 | u64::from(d);
            }
            out.extend_from_slice(&word.to_le_bytes());
        }
    }
    sides.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_text_reads_back_as_words() {
        let mut out = Vec::new();
        assert!(pair_words(b"0xff00 0x1", 1, &mut out));
        assert_eq!(out[..8], 0xff00u64.to_le_bytes());
        assert_eq!(out[8..], 1u64.to_le_bytes());
        out.clear();
        assert!(pair_words(b"0x10000000000000002 0x0", 2, &mut out));
        assert_eq!(out[..8], 2u64.to_le_bytes());
        assert_eq!(out[8..16], 1u64.to_le_bytes());
        assert!(!pair_words(b"0x10000000000000002 0x0", 1, &mut Vec::new()));
        assert!(!pair_words(b"0x1", 1, &mut Vec::new()));
    }

    /// 50,000 records: good ones, nulls (every 7th) and bad ones (every 7th, from the 4th).
    fn mixed() -> Vec<Option<&'static [u8]>> {
        (0..50_000)
            .map(|i| match i % 7 {
                0 => None,
                3 => Some(&b"8/8/x"[..]),
                _ => Some(&b"8/8/8/8/8/8/8/R6k w - - 0 1"[..]),
            })
            .collect()
    }

    thread_local! {
        /// Threads [`start`] may still start on this thread (the tests' stand-in for a system
        /// that refuses one).
        static THREADS_LEFT: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
    }

    /// Whether [`start`] may start one more thread (and counts it).
    pub(super) fn may_start() -> bool {
        THREADS_LEFT.with(|t| {
            let left = t.get();
            t.set(left.saturating_sub(1));
            left > 0
        })
    }

    #[test]
    fn parts_and_pipelines_give_one_run() {
        one_run_with_threads(usize::MAX);
    }

    #[test]
    fn a_thread_that_cannot_start_leaves_its_part_to_the_others() {
        for threads in [0, 1, 2] {
            one_run_with_threads(threads);
        }
    }

    /// Four threads' parts and a pipeline of three give the bytes of one thread's run, when the
    /// system starts at most `threads` threads (each run asks for more).
    fn one_run_with_threads(threads: usize) {
        let opts = Options::default();
        let records = mixed();
        let stop = AtomicBool::new(false);
        for (to, layout) in [
            (Format::Packed, Layout::Text),
            (Format::PackedBin, Layout::Fixed(13)),
        ] {
            let conv = Reader {
                conv: Conversion::new(Format::Fen, to, &opts),
                size: None,
                given: None,
                take: None,
                raw: Raw::default(),
            };
            let w = layout.width().unwrap_or(0);
            let mut rows1 = vec![0u8; records.len() * w];
            let one = run(&conv, &records, 0, layout, 1, &stop, &mut rows1);
            let mut rows4 = vec![0u8; records.len() * w];
            THREADS_LEFT.with(|t| t.set(threads));
            let four = run(&conv, &records, 0, layout, 4, &stop, &mut rows4);
            let mut rows_p = vec![0u8; records.len() * w];
            THREADS_LEFT.with(|t| t.set(threads));
            let piped = pipeline::<()>(
                &conv,
                records.len(),
                layout,
                3,
                &stop,
                &mut rows_p,
                |k| {
                    let mut b = Block::default();
                    for r in &records[k * BLOCK..((k + 1) * BLOCK).min(records.len())] {
                        b.records.push(r.map(|r| {
                            b.data.extend_from_slice(r);
                            b.data.len() - r.len()..b.data.len()
                        }));
                    }
                    Ok(b)
                },
                |one| while one() {},
            )
            .unwrap();
            for o in [&four, &piped] {
                assert_eq!(one.data, o.data);
                assert_eq!(one.ends, o.ends);
                assert_eq!(one.valid, o.valid);
                assert_eq!(
                    o.first_error.as_ref().map(|e| (e.0, e.1)),
                    Some((3, Some(6)))
                );
                assert!(!o.stopped);
            }
            assert_eq!(rows1, rows4);
            assert_eq!(rows1, rows_p);
            assert_eq!(
                one.valid.iter().filter(|&&v| v == 1).count(),
                50_000 - 2 * 7143
            );
        }
    }

    #[test]
    fn a_fault_found_by_the_producer_comes_first_when_it_is_first() {
        let fault = |i: usize| {
            let e = ParseError::of(ErrorKind::Utf8, None, format!("bad {i}"));
            Some((i, Some(1), ConvertError::Parse(e)))
        };
        let with = |first: Option<Fault>, noted: Option<Fault>| {
            let o = Outcome {
                first_error: first,
                ..Outcome::default()
            };
            o.noting(noted).first_error.map(|f| f.0)
        };
        assert_eq!(with(fault(7), fault(3)), Some(3));
        assert_eq!(with(fault(2), fault(3)), Some(2));
        assert_eq!(with(None, fault(3)), Some(3));
        assert_eq!(with(fault(2), None), Some(2));
        assert_eq!(with(None, None), None);
    }

    #[test]
    fn a_stopped_batch_says_so() {
        let opts = Options::default();
        let conv = Reader {
            conv: Conversion::new(Format::Fen, Format::Packed, &opts),
            size: None,
            given: None,
            take: None,
            raw: Raw::default(),
        };
        let stop = AtomicBool::new(true);
        assert!(run(&conv, &mixed(), 0, Layout::Text, 2, &stop, &mut []).stopped);
        // What a part converted before the stop is not joined (nothing of it is given back).
        let done = part(
            &conv,
            &mixed(),
            0,
            Layout::Text,
            &AtomicBool::new(false),
            &mut [],
        );
        assert!(!done.data.is_empty());
        let stopped = Outcome::stopped();
        let all = join(vec![done, stopped], Layout::Text);
        assert!(all.stopped && all.data.is_empty() && all.valid.is_empty());
    }
}
