//! The records of a batch, from where Python keeps them: the strings of a list (its items taken
//! once, borrowed), the buffers of an Arrow array (read in place: the Arrow C Data Interface
//! makes exported data immutable) or of a numpy array (copied: writable), given by address (the
//! stable ABI of Python 3.10 has no buffer protocol). Only the package's own Python code calls
//! these, with the arrays that own the buffers alive for the whole call.
#![allow(unsafe_code)]

use crate::batch::{Block, BLOCK};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

/// The items of a list as they are now, held while their records are borrowed ([`list`]) or
/// copied ([`block`]). No Python code runs while they are taken (no signal is looked at, no
/// object made), so neither a signal handler nor another thread can change what the call
/// reads: a list changed later in the call is read as it was here.
pub(crate) fn items<'py>(list: &Bound<'py, PyList>) -> Vec<Bound<'py, PyAny>> {
    list.iter().collect()
}

/// The records of a list's items, `str`, `bytes` or `None`, borrowed in place (no copy: the
/// stable ABI of 3.10 gives a `str`'s UTF-8 where it is).
pub(crate) fn list<'a>(items: &'a [Bound<'_, PyAny>]) -> PyResult<Vec<Option<&'a [u8]>>> {
    let mut records = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if i % (1 << 16) == 0 {
            item.py().check_signals()?;
        }
        records.push(record(i, item)?);
    }
    Ok(records)
}

/// Block `k` of a list's items ([`crate::batch::BLOCK`] of them): their `str`, `bytes` and
/// `None` copied into one buffer, read with the GIL held while other threads convert the blocks
/// before it. Ctrl-C is looked at once a block.
pub(crate) fn block(items: &[Bound<'_, PyAny>], k: usize) -> PyResult<Block> {
    let Some(items) = items.chunks(BLOCK).nth(k) else {
        return Ok(Block::default());
    };
    items[0].py().check_signals()?;
    let mut b = Block {
        data: Vec::with_capacity(items.len() * 64),
        records: Vec::with_capacity(items.len()),
    };
    for (i, item) in items.iter().enumerate() {
        let bytes = record(k * BLOCK + i, item)?;
        b.records.push(bytes.map(|r| {
            b.data.extend_from_slice(r);
            b.data.len() - r.len()..b.data.len()
        }));
    }
    Ok(b)
}

/// Item `i` of a list as a record: a `str`'s UTF-8 or a `bytes`' bytes, in place; `None`.
fn record<'a>(i: usize, item: &'a Bound<'_, PyAny>) -> PyResult<Option<&'a [u8]>> {
    Ok(if item.is_none() {
        None
    } else if let Ok(s) = item.cast::<PyString>() {
        Some(s.to_str()?.as_bytes())
    } else if let Ok(b) = item.cast::<PyBytes>() {
        Some(b.as_bytes())
    } else {
        return Err(not_a_record(i, item));
    })
}

/// The error for an item that is no record.
fn not_a_record(i: usize, item: &Bound<'_, PyAny>) -> PyErr {
    let kind = item
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    PyTypeError::new_err(format!(
        "record {i} is a {kind}: expected str, bytes or None"
    ))
}

/// The records of an Arrow string or binary array: `n` values from index `offset`, with
/// `width`-byte offsets (4 or 8) at `offsets` and a validity bitmap at `validity` (0: none).
///
/// # Safety
/// `data` points to `data_len` readable bytes; `offsets` to `offset + n + 1` offsets of
/// `width` bytes; `validity`, when not 0, to a bitmap of at least `offset + n` bits; all stay
/// alive and unchanged for `'a`.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn arrow<'a>(
    data: usize,
    data_len: usize,
    offsets: usize,
    width: usize,
    offset: usize,
    n: usize,
    validity: usize,
) -> PyResult<Vec<Option<&'a [u8]>>> {
    let at = |k: usize| -> i64 {
        let p = (offsets + k * width) as *const u8;
        // SAFETY: the caller guarantees `offset + n + 1` offsets; reads may be unaligned.
        unsafe {
            match width {
                4 => i64::from(std::ptr::read_unaligned(p as *const i32)),
                _ => std::ptr::read_unaligned(p as *const i64),
            }
        }
    };
    if width != 4 && width != 8 {
        return Err(PyValueError::new_err("offsets must be 4 or 8 bytes wide"));
    }
    let bytes: &'a [u8] = match data_len {
        0 => &[],
        // SAFETY: the caller guarantees `data_len` readable bytes at `data`.
        _ => unsafe { std::slice::from_raw_parts(data as *const u8, data_len) },
    };
    let valid = |k: usize| -> bool {
        if validity == 0 {
            return true;
        }
        let bit = offset + k;
        // SAFETY: the caller guarantees `offset + n` bits of bitmap.
        unsafe { *((validity + bit / 8) as *const u8) >> (bit % 8) & 1 == 1 }
    };
    let mut records = Vec::with_capacity(n);
    let mut start = at(offset);
    for k in 0..n {
        let end = at(offset + k + 1);
        let record = match (usize::try_from(start), usize::try_from(end)) {
            (Ok(s), Ok(e)) if s <= e && e <= bytes.len() => &bytes[s..e],
            _ => {
                return Err(PyValueError::new_err(format!(
                    "the Arrow array's offsets of record {k} ({start}..{end}) are outside its data"
                )))
            }
        };
        records.push(valid(k).then_some(record));
        start = end;
    }
    Ok(records)
}

/// A C-contiguous numpy array of `n` rows of `width` bytes (a fixed-size string array, or the
/// rows of a 2-D array of a binary form), given by address. Its memory is writable by any
/// Python thread, and numpy writes some arrays with the GIL released, so it is never read in
/// place by work that runs without the GIL: it is copied ([`Fixed::copy`], [`Fixed::block`])
/// with the GIL held, and the records are read from the copy ([`rows`]).
pub(crate) struct Fixed {
    data: *const u8,
    n: usize,
    width: usize,
    /// A string's trailing NUL padding is not part of it.
    pub(crate) strip: bool,
}

impl Fixed {
    /// The array at `data`.
    ///
    /// # Safety
    /// `data` points to `n * width` readable bytes that stay alive while this is used.
    pub(crate) unsafe fn new(data: usize, n: usize, width: usize, strip: bool) -> PyResult<Fixed> {
        n.checked_mul(width)
            .filter(|&len| len <= isize::MAX as usize)
            .ok_or_else(|| PyValueError::new_err("array too large"))?;
        Ok(Fixed {
            data: data as *const u8,
            n,
            width,
            strip,
        })
    }

    /// Its rows.
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    /// The bytes of rows `from..to`, copied.
    fn bytes(&self, from: usize, to: usize) -> Vec<u8> {
        let len = (to - from) * self.width;
        let mut out = Vec::with_capacity(len);
        if len > 0 {
            // SAFETY: rows `from..to` are inside the `n * width` readable bytes `new` was
            // promised; `out` has room for them and is not the array's memory. A byte another
            // thread writes meanwhile is copied as either value: the copy is this call's own.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    self.data.add(from * self.width),
                    out.as_mut_ptr(),
                    len,
                );
                out.set_len(len);
            }
        }
        out
    }

    /// All its bytes, copied.
    pub(crate) fn copy(&self) -> Vec<u8> {
        self.bytes(0, self.n)
    }

    /// The records of [`Fixed::copy`]'s bytes.
    pub(crate) fn records<'a>(&self, copy: &'a [u8]) -> Vec<Option<&'a [u8]>> {
        rows(copy, self.n, self.width, self.strip)
    }

    /// Block `k` ([`BLOCK`] rows) copied, for a pipeline. Ctrl-C is looked at once a block.
    pub(crate) fn block(&self, py: Python<'_>, k: usize) -> PyResult<Block> {
        py.check_signals()?;
        let from = (k * BLOCK).min(self.n);
        let to = (from + BLOCK).min(self.n);
        let data = self.bytes(from, to);
        let records = rows(&data, to - from, self.width, self.strip)
            .iter()
            .enumerate()
            .map(|(i, r)| r.map(|r| i * self.width..i * self.width + r.len()))
            .collect();
        Ok(Block { data, records })
    }
}

/// The records of rows of `width` bytes (a copy of a [`Fixed`] array's): with `strip`, a
/// string's trailing NUL padding is not part of it.
pub(crate) fn rows(bytes: &[u8], n: usize, width: usize, strip: bool) -> Vec<Option<&[u8]>> {
    if width == 0 {
        return vec![Some(&[][..]); n];
    }
    bytes
        .chunks_exact(width)
        .map(|r| {
            Some(match strip {
                true => &r[..r.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1)],
                false => r,
            })
        })
        .collect()
}

/// Rows of `k` little-endian 64-bit words a side, first side then second, as the `pair`
/// form's text (`0x...` most significant word first).
pub(crate) fn pair_texts(rows: &[Option<&[u8]>], k: usize) -> Vec<String> {
    rows.iter()
        .flatten()
        .map(|row| {
            let side = |s: usize| {
                let words: Vec<u64> = row[s * 8 * k..(s + 1) * 8 * k]
                    .chunks_exact(8)
                    .map(|w| u64::from_le_bytes(w.try_into().unwrap_or_default()))
                    .collect();
                let mut t = String::from("0x");
                for w in words.iter().rev() {
                    t.push_str(&format!("{w:016x}"));
                }
                t
            };
            format!("{} {}", side(0), side(1))
        })
        .collect()
}
