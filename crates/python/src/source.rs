//! The records of a batch, from where Python keeps them: the strings of a list (its items taken
//! once, borrowed) or the rows of a numpy array (through the buffer protocol of the stable ABI
//! of Python 3.11; copied with the GIL held: numpy memory is writable). Arrow data comes through
//! its PyCapsule interface ([`crate::arrow`]). Only the package's own Python code calls these.
#![allow(unsafe_code)]

use crate::batch::{Block, Fault, BLOCK};
use bbconv_forms::{ConvertError, ErrorKind, ParseError};
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
/// stable ABI gives a `str`'s UTF-8 where it is), and the first that is a bad record
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

/// How the rows of a [`Fixed`] array are records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowKind {
    /// Every byte of a row (binary records, numeric rows).
    Bytes,
    /// Text padded with NULs (a numpy `S` array): the padding is no part of it.
    Text,
    /// UCS-4 text padded with NULs (a numpy `U` array), read as UTF-8.
    Ucs4,
}

impl std::str::FromStr for RowKind {
    type Err = PyErr;

    fn from_str(s: &str) -> PyResult<RowKind> {
        match s {
            "bytes" => Ok(RowKind::Bytes),
            "text" => Ok(RowKind::Text),
            "ucs4" => Ok(RowKind::Ucs4),
            k => Err(PyValueError::new_err(format!("no rows of kind {k:?}"))),
        }
    }
}

/// A C-contiguous array (numpy's) of `n` rows of `width` bytes, held through the buffer
/// protocol (which also keeps numpy from resizing it meanwhile). Its memory is writable by any
/// Python thread, and numpy writes some arrays with the GIL released, so it is never read in
/// place by work that runs without the GIL: it is copied ([`Fixed::block`]) with the GIL held,
/// and the records are read from the copy.
pub(crate) struct Fixed<'py> {
    /// Holds the array.
    _array: Bound<'py, PyAny>,
    /// The buffer view, released on drop (the GIL is held: a `Fixed` lives in a call).
    view: Box<pyo3::ffi::Py_buffer>,
    n: usize,
    width: usize,
    kind: RowKind,
}

impl Drop for Fixed<'_> {
    fn drop(&mut self) {
        // SAFETY: the view was filled by `PyObject_GetBuffer` in `new`, and is released once.
        unsafe { pyo3::ffi::PyBuffer_Release(&mut *self.view) };
    }
}

impl<'py> Fixed<'py> {
    /// The rows of `array`, a C-contiguous buffer of `n` rows of `width` bytes.
    pub(crate) fn new(
        array: &Bound<'py, PyAny>,
        n: usize,
        width: usize,
        kind: RowKind,
    ) -> PyResult<Fixed<'py>> {
        let len = n
            .checked_mul(width)
            .filter(|&len| len <= isize::MAX as usize)
            .ok_or_else(|| PyValueError::new_err("array too large"))?;
        let mut view = Box::new(pyo3::ffi::Py_buffer::new());
        // SAFETY: `view` is a fresh Py_buffer; on success it is released by `Drop`.
        let got = unsafe {
            pyo3::ffi::PyObject_GetBuffer(array.as_ptr(), &mut *view, pyo3::ffi::PyBUF_C_CONTIGUOUS)
        };
        if got != 0 {
            return Err(PyErr::fetch(array.py()));
        }
        let fixed = Fixed {
            _array: array.clone(),
            view,
            n,
            width,
            kind,
        };
        if usize::try_from(fixed.view.len).ok() != Some(len) {
            return Err(PyValueError::new_err(format!(
                "the array holds {} bytes, not {n} rows of {width}",
                fixed.view.len
            )));
        }
        Ok(fixed)
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
            // SAFETY: rows `from..to` are inside the `n * width` bytes the buffer view holds
            // (checked in `new`) while it is held; `out` has room for them and is not the
            // array's memory. A byte another thread writes meanwhile is copied as either value.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    (self.view.buf as *const u8).add(from * self.width),
                    out.as_mut_ptr(),
                    len,
                );
                out.set_len(len);
            }
        }
        out
    }

    /// Rows `from..to` copied as records (their NUL padding off for text, UCS-4 as UTF-8: a
    /// row that is no text is a bad record). No signal is looked at meanwhile.
    pub(crate) fn rows(&self, from: usize, to: usize) -> Block {
        let from = from.min(self.n);
        let to = to.clamp(from, self.n);
        let raw = self.bytes(from, to);
        let w = self.width;
        let mut b = Block {
            data: Vec::new(),
            records: Vec::with_capacity(to - from),
            fault: None,
        };
        if self.kind == RowKind::Ucs4 {
            b.data.reserve(raw.len() / 4);
            for (i, row) in raw.chunks_exact(w.max(1)).take(to - from).enumerate() {
                let start = b.data.len();
                match ucs4(row, &mut b.data) {
                    Ok(()) => b.records.push(Some(start..b.data.len())),
                    Err((at, value)) => {
                        b.data.truncate(start);
                        b.records.push(None);
                        if b.fault.is_none() {
                            b.fault = Some(not_ucs4(from + i, at, value));
                        }
                    }
                }
            }
            if w == 0 {
                b.records = vec![Some(0..0); to - from];
            }
            return b;
        }
        b.records = (0..to - from)
            .map(|i| {
                let row = &raw[i * w..(i + 1) * w];
                let end = match self.kind {
                    RowKind::Text => row.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1),
                    _ => w,
                };
                Some(i * w..i * w + end)
            })
            .collect();
        b.data = raw;
        b
    }

    /// Block `k` ([`BLOCK`] rows) copied, for a pipeline. No signal is looked at (see
    /// [`Fixed`]): Ctrl-C is seen once every block is copied.
    pub(crate) fn block(&self, k: usize) -> PyResult<Block> {
        Ok(self.rows(k * BLOCK, (k + 1) * BLOCK))
    }
}

/// A row of UCS-4 code points (numpy's `U`, in the machine's order), its NUL padding off,
/// appended as UTF-8; `Err((column, value))` (the column from 1) at a value that is no character.
fn ucs4(row: &[u8], out: &mut Vec<u8>) -> Result<(), (usize, u32)> {
    let points: Vec<u32> = row
        .chunks_exact(4)
        .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let len = points.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1);
    for (k, &p) in points[..len].iter().enumerate() {
        let c = char::from_u32(p).ok_or((k + 1, p))?;
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
    Ok(())
}

/// The bad record of row `i` of a `U` array whose character `column` is `value`, no character:
/// a lone surrogate (as the list path says of a `str`), or past U+10FFFF.
fn not_ucs4(i: usize, column: usize, value: u32) -> Fault {
    let what = match value {
        0xD800..=0xDFFF => format!("a lone surrogate (U+{value:04X})"),
        _ => format!("the value {value:#x}, past the last character (U+10FFFF)"),
    };
    let e = ParseError::of(
        ErrorKind::Utf8,
        None,
        format!("the str holds {what}, which is not text: expected a str that encodes as UTF-8"),
    );
    (i, Some(column), ConvertError::Parse(e))
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
