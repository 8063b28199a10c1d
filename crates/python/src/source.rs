//! The records of a batch, from where Python keeps them: the strings of a list (its items taken
//! once, borrowed) or the rows of a numpy array (through the buffer protocol of the stable ABI
//! of Python 3.11; copied with the GIL held: numpy memory is writable). Arrow data comes through
//! its PyCapsule interface ([`crate::arrow`]). Only the package's own Python code calls these.
#![allow(unsafe_code)]

use crate::batch::{Block, Fault, BLOCK};
use bbconv_forms::{ConvertError, ErrorKind, ParseError};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

/// The items of a list as they are now: a shallow copy of the list (one C call, which takes a
/// reference to every item), held while their records are borrowed ([`list`]) or copied
/// ([`Blocks`]). No Python code runs while it is taken (no signal is looked at, no object made),
/// and nothing else sees the copy, so neither a signal handler nor another thread can change
/// what the call reads: a list changed later in the call is read as it was here.
pub(crate) struct Items<'py>(Bound<'py, PyList>);

/// The items of `list` as they are now ([`Items`]).
pub(crate) fn items<'py>(list: &Bound<'py, PyList>) -> Items<'py> {
    Items(list.get_slice(0, list.len()))
}

impl<'py> Items<'py> {
    /// How many items there are.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Item `i`, borrowed from the list, which holds it while no Python code runs (the copy
    /// of [`items`]: while `self` lives); an error if it has no item `i`.
    fn get(&self, i: usize) -> PyResult<*mut ffi::PyObject> {
        // SAFETY: the GIL is held (`self` holds a `Bound`); out of range, the call sets an
        // IndexError and gives null.
        let p = unsafe { ffi::PyList_GetItem(self.0.as_ptr(), i as ffi::Py_ssize_t) };
        match p.is_null() {
            true => Err(PyErr::fetch(self.0.py())),
            false => Ok(p),
        }
    }
}

/// The records of a list's items, `str`, `bytes` or `None`, borrowed in place (no copy: the
/// stable ABI gives a `str`'s UTF-8 where it is), and the first that is a bad record
/// (a `str` that is not text: [`not_text`]; it reads as a null).
pub(crate) type Records<'a> = (Vec<Option<&'a [u8]>>, Option<Fault>);

/// The records of a list's items ([`Records`]).
pub(crate) fn list<'a>(items: &'a Items<'_>) -> PyResult<Records<'a>> {
    let mut records = Vec::with_capacity(items.len());
    let mut fault = None;
    for i in 0..items.len() {
        if i % (1 << 16) == 0 {
            items.0.py().check_signals()?;
        }
        records.push(record(items, i, &mut fault)?);
    }
    Ok((records, fault))
}

/// Whether a list's records are `bytes` (BinaryFen's raw records) rather than `str` (their hex
/// text, as a file holds it); a `TypeError` when it holds both.
pub(crate) fn holds_bytes(list: &Bound<'_, PyList>) -> PyResult<bool> {
    let (mut bytes, mut text) = (None, None);
    for (i, item) in list.iter().enumerate() {
        if item.is_instance_of::<PyBytes>() {
            bytes.get_or_insert(i);
        } else if item.is_instance_of::<PyString>() {
            text.get_or_insert(i);
        }
        if let (Some(b), Some(t)) = (bytes, text) {
            return Err(PyTypeError::new_err(format!(
                "frm='binary-fen' reads bytes (the raw records) or str (their hex text), not \
                 both in one batch: record {b} is bytes, record {t} a str"
            )));
        }
    }
    Ok(bytes.is_some())
}

/// A list read a block at a time ([`block`]) while other threads convert the blocks read (the
/// parallel path). Its items are read where they are, in the list itself: the GIL is held from
/// the first block to the last and no Python code runs in between (the handlers of signals wait
/// for the call's end), so nothing can change the list meanwhile. At a Ctrl-C, the items are
/// first taken ([`items`]) and then the handlers run: one that changes the list changes nothing
/// read. (Taking the items of every list costs a million FENs 15 ms on one thread, a third of
/// the call on two.)
pub(crate) struct Blocks<'py> {
    items: Items<'py>,
    taken: bool,
    /// How many items there were when the call began.
    n: usize,
    /// Whether the garbage collector was on, off while the list is read in place: a collection
    /// runs finalizers (`__del__`), Python code that could change the list.
    collecting: bool,
}

impl<'py> Blocks<'py> {
    /// The blocks of `list`, read in place until a Ctrl-C.
    pub(crate) fn new(list: &Bound<'py, PyList>) -> Blocks<'py> {
        // SAFETY: the GIL is held (`list` is a `Bound`); the previous state is given back in
        // `drop`.
        let collecting = unsafe { ffi::PyGC_Disable() } == 1;
        Blocks {
            items: Items(list.clone()),
            taken: false,
            n: list.len(),
            collecting,
        }
    }

    /// How many items there were when the call began (no Python code runs between the
    /// blocks: the list keeps them).
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    /// Block `k` ([`block`]), after the handlers of a Ctrl-C when one came.
    pub(crate) fn block(&mut self, k: usize) -> PyResult<Block> {
        // SAFETY: both are called with the GIL held (`self` holds a `Bound`). The first clears
        // the Ctrl-C it reports; the second sets it again, for `check_signals` to handle.
        if !self.taken && unsafe { ffi::PyOS_InterruptOccurred() } != 0 {
            self.items = items(&self.items.0);
            self.taken = true;
            unsafe { ffi::PyErr_SetInterrupt() };
        }
        if self.taken {
            self.items.0.py().check_signals()?;
        }
        if self.items.len() != self.n {
            return Err(PyValueError::new_err(
                "the list changed length during the call: convert a list nothing else changes meanwhile",
            ));
        }
        let b = block(&self.items, k);
        if (k + 1) * BLOCK >= self.n {
            // The last block read: the collector may run again.
            self.collect();
        }
        b
    }

    /// The garbage collector on again, if it was when the call began.
    fn collect(&mut self) {
        if std::mem::take(&mut self.collecting) {
            // SAFETY: the GIL is held (`self` holds a `Bound`).
            unsafe { ffi::PyGC_Enable() };
        }
    }
}

impl Drop for Blocks<'_> {
    fn drop(&mut self) {
        self.collect();
    }
}

/// Block `k` of a list's items ([`crate::batch::BLOCK`] of them): their `str`, `bytes` and
/// `None` copied into one buffer, read with the GIL held while other threads convert the blocks
/// before it.
fn block(items: &Items<'_>, k: usize) -> PyResult<Block> {
    let range = k * BLOCK..items.len().min((k + 1) * BLOCK);
    if range.is_empty() {
        return Ok(Block::default());
    }
    let mut b = Block {
        data: Vec::with_capacity(range.len() * 64),
        records: Vec::with_capacity(range.len()),
        fault: None,
    };
    for i in range {
        let bytes = record(items, i, &mut b.fault)?;
        b.records.push(bytes.map(|r| {
            b.data.extend_from_slice(r);
            b.data.len() - r.len()..b.data.len()
        }));
    }
    Ok(b)
}

/// Item `i` of a list as a record: a `str`'s UTF-8 or a `bytes`' bytes, in place; `None`. A
/// `str` that is not text reads as `None`, and is `fault` when none is yet. (Through the C API
/// without a reference taken: under the stable ABI, each taken and dropped is a call, and
/// they cost a list of FENs a fifth of its time.)
fn record<'a>(
    items: &'a Items<'_>,
    i: usize,
    fault: &mut Option<Fault>,
) -> PyResult<Option<&'a [u8]>> {
    let p = items.get(i)?;
    // SAFETY: `p` is a live object the list holds while `items` (and so `'a`) lives; a `str`'s
    // UTF-8 and a `bytes`' bytes live as long as the object.
    unsafe {
        if p == ffi::Py_None() {
            return Ok(None);
        }
        if ffi::PyUnicode_Check(p) != 0 {
            let mut n: ffi::Py_ssize_t = 0;
            let data = ffi::PyUnicode_AsUTF8AndSize(p, &mut n);
            if !data.is_null() {
                return Ok(Some(std::slice::from_raw_parts(
                    data.cast::<u8>(),
                    n as usize,
                )));
            }
            ffi::PyErr_Clear();
            if fault.is_none() {
                let s = Borrowed::from_ptr(items.0.py(), p)
                    .to_owned()
                    .cast_into_unchecked::<PyString>();
                *fault = Some(not_text(i, &s)?);
            }
            return Ok(None);
        }
        if ffi::PyBytes_Check(p) != 0 {
            let data = ffi::PyBytes_AsString(p);
            let n = ffi::PyBytes_Size(p);
            return Ok(Some(std::slice::from_raw_parts(
                data.cast::<u8>(),
                n as usize,
            )));
        }
        Err(not_a_record(i, &Borrowed::from_ptr(items.0.py(), p)))
    }
}

/// The bad record for item `i`, a `str` that does not encode as UTF-8: it holds a lone
/// surrogate (as `surrogateescape` decoding of bytes gives), named with its column.
fn not_text(i: usize, s: &Bound<'_, PyString>) -> PyResult<Fault> {
    // With `surrogatepass`, a surrogate is the 3 bytes ED A0..BF xx; other characters encode as
    // UTF-8, a character a byte that is no continuation byte (10xxxxxx).
    // Through the codec's C entry, not the object's `encode`: a `str` subclass's own method
    // (Python code) must not run while a list is read in place ([`Blocks`]).
    // SAFETY: the GIL is held; the names are NUL-terminated; the result is a new reference (or
    // null with an exception set), owned by the `Bound`.
    let raw = unsafe {
        let p = ffi::PyUnicode_AsEncodedString(
            s.as_ptr(),
            c"utf-8".as_ptr(),
            c"surrogatepass".as_ptr(),
        );
        Bound::from_owned_ptr_or_err(s.py(), p)?
    };
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
        "record {i} is {} {kind}: expected str, bytes or None",
        if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        }
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
/// protocol (numpy's `resize(refcheck=False)` frees its memory all the same: no Python code
/// runs from then until its rows are copied). Its memory is writable by any
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
    /// The rows of `array`, a C-contiguous buffer of rows of `width` bytes: as many as it
    /// holds when its buffer is taken (`n`, which Python counted before, only for rows of no
    /// bytes). Python code run before (a signal handler) may have resized it: what is read is
    /// the array as it is here, and no Python code runs until its rows are copied.
    pub(crate) fn new(
        array: &Bound<'py, PyAny>,
        n: usize,
        width: usize,
        kind: RowKind,
    ) -> PyResult<Fixed<'py>> {
        let mut view = Box::new(pyo3::ffi::Py_buffer::new());
        // SAFETY: `view` is a fresh Py_buffer; on success it is released by `Drop`.
        let got = unsafe {
            pyo3::ffi::PyObject_GetBuffer(array.as_ptr(), &mut *view, pyo3::ffi::PyBUF_C_CONTIGUOUS)
        };
        if got != 0 {
            return Err(PyErr::fetch(array.py()));
        }
        let mut fixed = Fixed {
            _array: array.clone(),
            view,
            n,
            width,
            kind,
        };
        let len = usize::try_from(fixed.view.len).unwrap_or(usize::MAX);
        if width > 0 {
            if len % width != 0 {
                return Err(PyValueError::new_err(format!(
                    "the array holds {len} bytes, not rows of {width}"
                )));
            }
            fixed.n = len / width;
        } else if len != 0 {
            return Err(PyValueError::new_err(format!(
                "the array holds {len} bytes, not rows of none"
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
            // (`n` counted from them in `new`) while it is held; `out` has room for them and is not the
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
