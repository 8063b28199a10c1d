//! The records of a batch, from where Python keeps them: the strings of a list (its items taken
//! once, borrowed) or the rows of a numpy array (copied: writable; its address read from the
//! array itself just before). Arrow data comes through its PyCapsule interface
//! ([`crate::arrow`]). The stable ABI of Python 3.10 has no buffer protocol. Only the package's
//! own Python code calls these.
#![allow(unsafe_code)]

use crate::batch::{Block, Fault, BLOCK};
use bbconv_forms::{ConvertError, ErrorKind, ParseError};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

/// The items of a list as they are now, held while their records are borrowed ([`list`]) or
/// copied ([`block`]). No Python code runs while they are taken (no signal is looked at, no
/// object made), so neither a signal handler nor another thread can change what the call
/// reads: a list changed later in the call is read as it was here.
pub(crate) fn items<'py>(list: &Bound<'py, PyList>) -> Vec<Bound<'py, PyAny>> {
    list.iter().collect()
}

/// The records of a list's items, `str`, `bytes` or `None`, borrowed in place (no copy: the
/// stable ABI of 3.10 gives a `str`'s UTF-8 where it is), and the first that is a bad record
/// (a `str` that is not text: [`not_text`]; it reads as a null).
pub(crate) type Records<'a> = (Vec<Option<&'a [u8]>>, Option<Fault>);

/// The records of a list's items ([`Records`]).
pub(crate) fn list<'a>(items: &'a [Bound<'_, PyAny>]) -> PyResult<Records<'a>> {
    let mut records = Vec::with_capacity(items.len());
    let mut fault = None;
    for (i, item) in items.iter().enumerate() {
        if i % (1 << 16) == 0 {
            item.py().check_signals()?;
        }
        records.push(record(i, item, &mut fault)?);
    }
    Ok((records, fault))
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
        fault: None,
    };
    for (i, item) in items.iter().enumerate() {
        let bytes = record(k * BLOCK + i, item, &mut b.fault)?;
        b.records.push(bytes.map(|r| {
            b.data.extend_from_slice(r);
            b.data.len() - r.len()..b.data.len()
        }));
    }
    Ok(b)
}

/// Item `i` of a list as a record: a `str`'s UTF-8 or a `bytes`' bytes, in place; `None`. A
/// `str` that is not text reads as `None`, and is `fault` when none is yet.
fn record<'a>(
    i: usize,
    item: &'a Bound<'_, PyAny>,
    fault: &mut Option<Fault>,
) -> PyResult<Option<&'a [u8]>> {
    Ok(if item.is_none() {
        None
    } else if let Ok(s) = item.cast::<PyString>() {
        match s.to_str() {
            Ok(text) => Some(text.as_bytes()),
            Err(_) => {
                if fault.is_none() {
                    *fault = Some(not_text(i, s)?);
                }
                None
            }
        }
    } else if let Ok(b) = item.cast::<PyBytes>() {
        Some(b.as_bytes())
    } else {
        return Err(not_a_record(i, item));
    })
}

/// The bad record for item `i`, a `str` that does not encode as UTF-8: it holds a lone
/// surrogate (as `surrogateescape` decoding of bytes gives), named with its column.
fn not_text(i: usize, s: &Bound<'_, PyString>) -> PyResult<Fault> {
    // With `surrogatepass`, a surrogate is the 3 bytes ED A0..BF xx; other characters encode as
    // UTF-8, a character a byte that is no continuation byte (10xxxxxx).
    let raw = s.call_method1("encode", ("utf-8", "surrogatepass"))?;
    let raw = raw.cast::<PyBytes>()?.as_bytes();
    let at = raw.windows(2).position(|w| w[0] == 0xED && w[1] >= 0xA0);
    let (column, what) = match at {
        Some(at) if at + 2 < raw.len() => {
            let c = u32::from(raw[at] & 0x0F) << 12
                | u32::from(raw[at + 1] & 0x3F) << 6
                | u32::from(raw[at + 2] & 0x3F);
            let chars = raw[..at].iter().filter(|&&b| b & 0xC0 != 0x80).count();
            (Some(chars + 1), format!("a lone surrogate (U+{c:04X})"))
        }
        _ => (None, "a lone surrogate".to_string()),
    };
    let message = format!(
        "the str holds {what}, which is not text: expected a str that encodes as UTF-8 \
         (pass bytes for raw bytes)"
    );
    let e = ParseError::of(ErrorKind::Utf8, None, message);
    Ok((i, column, ConvertError::Parse(e)))
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

/// A C-contiguous numpy array of `n` rows of `width` bytes (a fixed-size string array, or the
/// rows of a 2-D array of a binary form). Its memory is writable by any Python thread, and
/// numpy writes some arrays with the GIL released, so it is never read in place by work that
/// runs without the GIL: it is copied ([`Fixed::copy`], [`Fixed::block`]) with the GIL held,
/// and the records are read from the copy ([`rows`]). Python code may free that memory (a
/// signal handler's `resize(refcheck=False)`), so its address is read here, from the array,
/// and no Python code may run until every row is copied: no signal is looked at meanwhile.
pub(crate) struct Fixed<'py> {
    /// Holds the array (not its memory: see above).
    _array: Bound<'py, PyAny>,
    data: *const u8,
    n: usize,
    width: usize,
    /// A string's trailing NUL padding is not part of it.
    pub(crate) strip: bool,
}

impl<'py> Fixed<'py> {
    /// The C-contiguous numpy array `array`, of `n` rows of `width` bytes: its address from
    /// its `__array_interface__` (numpy's C getter), checked to hold `n * width` bytes.
    ///
    /// # Safety
    /// No Python code runs (no signal is looked at, no Python function called) from this call
    /// until the last row is copied: Python code could free the array's memory.
    pub(crate) unsafe fn new(
        array: &Bound<'py, PyAny>,
        n: usize,
        width: usize,
        strip: bool,
    ) -> PyResult<Fixed<'py>> {
        let len = n
            .checked_mul(width)
            .filter(|&len| len <= isize::MAX as usize)
            .ok_or_else(|| PyValueError::new_err("array too large"))?;
        let (data, bytes) = interface(array)?;
        if bytes != len {
            return Err(PyValueError::new_err(format!(
                "the array holds {bytes} bytes, not {n} rows of {width}"
            )));
        }
        Ok(Fixed {
            _array: array.clone(),
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

    /// Block `k` ([`BLOCK`] rows) copied, for a pipeline. No signal is looked at (see
    /// [`Fixed`]): Ctrl-C is seen once every block is copied.
    pub(crate) fn block(&self, k: usize) -> PyResult<Block> {
        let from = (k * BLOCK).min(self.n);
        let to = (from + BLOCK).min(self.n);
        let data = self.bytes(from, to);
        let records = rows(&data, to - from, self.width, self.strip)
            .iter()
            .enumerate()
            .map(|(i, r)| r.map(|r| i * self.width..i * self.width + r.len()))
            .collect();
        Ok(Block {
            data,
            records,
            fault: None,
        })
    }
}

/// The address and size in bytes of a C-contiguous numpy array, from its
/// `__array_interface__`.
fn interface(array: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    let bad = |what: &str| PyValueError::new_err(format!("not a C-contiguous numpy array: {what}"));
    let face = array.getattr("__array_interface__")?;
    let face = face
        .cast::<PyDict>()
        .map_err(|_| bad("no array interface"))?;
    let item = |name: &str| -> PyResult<Bound<'_, PyAny>> {
        face.get_item(name)?.ok_or_else(|| bad(name))
    };
    if !item("strides")?.is_none() {
        return Err(bad("strides"));
    }
    let (data, _read_only): (usize, bool) = item("data")?.extract()?;
    let shape: Vec<usize> = item("shape")?.extract()?;
    let typestr: String = item("typestr")?.extract()?;
    let itemsize: usize = typestr
        .get(2..)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("typestr"))?;
    let bytes = shape
        .iter()
        .try_fold(itemsize, |a, &d| a.checked_mul(d))
        .ok_or_else(|| bad("size"))?;
    Ok((data, bytes))
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
