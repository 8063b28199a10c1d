//! One batch of records converted on several threads: the outputs in record order, a validity
//! byte a record and the first error. Knows nothing of Python.

use bbconv_forms::{Conversion, ConvertError, ErrorKind, ParseError};
use std::sync::atomic::{AtomicBool, Ordering};

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

/// What a batch gives.
#[derive(Debug, Default)]
pub(crate) struct Outcome {
    /// The outputs, one after the other.
    pub(crate) data: Vec<u8>,
    /// For [`Layout::Text`]: the n + 1 offsets of the outputs in `data` (Arrow's large-string
    /// offsets); empty otherwise.
    pub(crate) ends: Vec<i64>,
    /// 1 for a record converted, 0 for one not (a null, or a bad record).
    pub(crate) valid: Vec<u8>,
    /// The first bad record: its index and why.
    pub(crate) first_error: Option<(usize, ConvertError)>,
    /// The batch was stopped ([`run`]'s `stop`) before its end.
    pub(crate) stopped: bool,
}

/// Records a thread converts between two looks at the stop flag.
const BLOCK: usize = 4096;

/// Batches smaller than this run on the calling thread: starting threads costs more.
pub(crate) const PARALLEL_FROM: usize = 20_000;

/// Converts `records` (`None`: a null, whose output is a null) with `conv`, on `jobs` threads
/// (contiguous parts of the batch), checking `stop` every [`BLOCK`] records.
pub(crate) fn run(
    conv: &Conversion<'_>,
    records: &[Option<&[u8]>],
    layout: Layout,
    jobs: usize,
    stop: &AtomicBool,
) -> Outcome {
    let parts = if records.len() < PARALLEL_FROM {
        1
    } else {
        jobs.clamp(1, records.len() / (PARALLEL_FROM / 2))
    };
    if parts <= 1 {
        return part(conv, records, 0, layout, stop);
    }
    let per = records.len().div_ceil(parts);
    let outcomes: Vec<Outcome> = std::thread::scope(|s| {
        let handles: Vec<_> = records
            .chunks(per)
            .enumerate()
            .map(|(k, chunk)| s.spawn(move || part(conv, chunk, k * per, layout, stop)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    join(outcomes, layout)
}

/// The outcomes of consecutive parts as one.
fn join(parts: Vec<Outcome>, layout: Layout) -> Outcome {
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
        if all.first_error.is_none() {
            all.first_error = p.first_error;
        }
        all.stopped |= p.stopped;
    }
    all
}

/// One thread's part: records `first..` of the batch.
fn part(
    conv: &Conversion<'_>,
    records: &[Option<&[u8]>],
    first: usize,
    layout: Layout,
    stop: &AtomicBool,
) -> Outcome {
    let n = records.len();
    let mut o = Outcome {
        data: Vec::with_capacity(n * layout.width().unwrap_or(64)),
        ends: Vec::with_capacity(if layout == Layout::Text { n + 1 } else { 0 }),
        valid: Vec::with_capacity(n),
        ..Outcome::default()
    };
    if layout == Layout::Text {
        o.ends.push(0);
    }
    let mut scratch = Vec::new();
    for (b, block) in records.chunks(BLOCK).enumerate() {
        if stop.load(Ordering::Relaxed) {
            o.stopped = true;
            break;
        }
        for (k, record) in block.iter().enumerate() {
            let start = o.data.len();
            let result = match record {
                None => Ok(false),
                Some(r) => one(conv, r, layout, &mut o.data, &mut scratch).map(|()| true),
            };
            let ok = match result {
                Ok(ok) => ok,
                Err(e) => {
                    o.data.truncate(start);
                    if o.first_error.is_none() {
                        o.first_error = Some((first + b * BLOCK + k, e));
                    }
                    false
                }
            };
            if let (false, Some(w)) = (ok, layout.width()) {
                o.data.truncate(start);
                o.data.resize(start + w, 0);
            }
            o.valid.push(u8::from(ok));
            if layout == Layout::Text {
                o.ends.push(o.data.len() as i64);
            }
        }
    }
    o
}

/// Converts one record, appending its output to `out` (nothing on an error).
#[inline]
fn one(
    conv: &Conversion<'_>,
    record: &[u8],
    layout: Layout,
    out: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
) -> Result<(), ConvertError> {
    let start = out.len();
    match layout {
        Layout::Text => conv.run(record, out).map(drop),
        Layout::Fixed(w) => {
            conv.run(record, out)?;
            match out.len() - start == w {
                true => Ok(()),
                false => Err(other_size()),
            }
        }
        Layout::PairWords(k) => {
            scratch.clear();
            conv.run(record, scratch)?;
            match pair_words(scratch, k, out) {
                true => Ok(()),
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
    use bbconv_forms::{Format, Options};

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

    #[test]
    fn parts_join_as_one_run() {
        let opts = Options::default();
        let conv = Conversion::new(Format::Fen, Format::Packed, &opts, false);
        let good: &[u8] = b"8/8/8/8/8/8/8/R6k w - - 0 1";
        let records: Vec<Option<&[u8]>> = (0..50_000)
            .map(|i| match i % 7 {
                0 => None,
                3 => Some(&b"8/8/x"[..]),
                _ => Some(good),
            })
            .collect();
        let stop = AtomicBool::new(false);
        let one = run(&conv, &records, Layout::Text, 1, &stop);
        let four = run(&conv, &records, Layout::Text, 4, &stop);
        assert_eq!(one.data, four.data);
        assert_eq!(one.ends, four.ends);
        assert_eq!(one.valid, four.valid);
        assert_eq!(one.first_error.map(|e| e.0), Some(3));
        assert_eq!(four.first_error.map(|e| e.0), Some(3));
        assert_eq!(
            one.valid.iter().filter(|&&v| v == 1).count(),
            50_000 - 7143 - 7143
        );
    }
}
