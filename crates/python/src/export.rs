//! A batch's output handed to any Arrow consumer through the PyCapsule interface
//! (`__arrow_c_array__`), without pyarrow: the buffers the conversion filled are exported in
//! place through the Arrow C Data Interface (large strings, fixed-size binary, or fixed-size
//! lists of uint64), kept alive by each export until its consumer releases it.
#![allow(unsafe_code)]

use std::ffi::{c_void, CStr, CString};
use std::ptr::NonNull;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

use crate::arrow::{Array, Schema};
use crate::Bytes;

/// What an exported column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Large strings (`bytes`: large binary): offsets (`n + 1` int64) and data.
    Text { bytes: bool },
    /// Fixed-size binary of this many bytes a record.
    Binary(usize),
    /// Fixed-size lists of this many uint64 a record.
    Words(usize),
}

/// The buffers of a column, held while any export of it is alive.
struct Buffers {
    kind: Kind,
    n: usize,
    /// The records' bytes (rows, or the strings one after the other).
    data: Py<Bytes>,
    /// The strings' offsets (for [`Kind::Text`]).
    ends: Option<Py<Bytes>>,
    /// The validity bitmap, `None` when every record is valid.
    bitmap: Option<Vec<u8>>,
    null_count: usize,
}

// SAFETY: the buffers are read only (exported data is immutable), and `Py` handles may be
// dropped on any thread (their decrement waits for the GIL).
unsafe impl Send for Buffers {}
unsafe impl Sync for Buffers {}

/// A batch's output as an Arrow array: `__arrow_c_array__` exports it (pyarrow, polars, DuckDB,
/// nanoarrow read it), `len()` is its length.
#[pyclass(frozen, module = "bbconv._bbconv")]
pub(crate) struct ArrowColumn {
    buffers: Arc<Buffers>,
}

/// The private data of an exported array: the column's buffers and the pointers it lends.
struct ArrayData {
    _buffers: Arc<Buffers>,
    pointers: Vec<*const c_void>,
    child: Option<Box<Array>>,
    children: Vec<*mut Array>,
}

/// The private data of an exported schema: its strings and child.
struct SchemaData {
    _format: CString,
    _name: CString,
    child: Option<Box<Schema>>,
    children: Vec<*mut Schema>,
}

unsafe extern "C" fn release_array(a: *mut Array) {
    // SAFETY: `a` is an array this module exported, released once (its release is then null).
    unsafe {
        let data = Box::from_raw((*a).private_data as *mut ArrayData);
        if let Some(mut child) = data.child {
            if let Some(r) = child.release {
                r(&mut *child);
            }
        }
        (*a).release = None;
    }
}

unsafe extern "C" fn release_schema(s: *mut Schema) {
    // SAFETY: `s` is a schema this module exported, released once.
    unsafe {
        let data = Box::from_raw((*s).private_data as *mut SchemaData);
        if let Some(mut child) = data.child {
            if let Some(r) = child.release {
                r(&mut *child);
            }
        }
        (*s).release = None;
    }
}

/// A schema of `format` (with a `child` schema for a list).
fn schema(format: &str, name: &str, child: Option<Schema>) -> Schema {
    let format = CString::new(format).unwrap_or_default();
    let name = CString::new(name).unwrap_or_default();
    let mut data = Box::new(SchemaData {
        _format: format,
        _name: name,
        child: child.map(Box::new),
        children: Vec::new(),
    });
    if let Some(c) = data.child.as_mut() {
        let p: *mut Schema = &mut **c;
        data.children.push(p);
    }
    let (format, name) = (data._format.as_ptr(), data._name.as_ptr());
    let n_children = data.children.len() as i64;
    let children = data.children.as_mut_ptr();
    Schema {
        format,
        name,
        metadata: std::ptr::null(),
        // Nullable.
        flags: 2,
        n_children,
        children,
        dictionary: std::ptr::null_mut(),
        release: Some(release_schema),
        private_data: Box::into_raw(data) as *mut c_void,
    }
}

/// An array of `n` records with `pointers` as its buffers (and a `child` for a list).
fn array(
    buffers: &Arc<Buffers>,
    n: usize,
    null_count: usize,
    pointers: Vec<*const c_void>,
    child: Option<Array>,
) -> Array {
    let mut data = Box::new(ArrayData {
        _buffers: buffers.clone(),
        pointers,
        child: child.map(Box::new),
        children: Vec::new(),
    });
    if let Some(c) = data.child.as_mut() {
        let p: *mut Array = &mut **c;
        data.children.push(p);
    }
    let n_buffers = data.pointers.len() as i64;
    let buffers_ptr = data.pointers.as_mut_ptr();
    let n_children = data.children.len() as i64;
    let children = data.children.as_mut_ptr();
    Array {
        length: n as i64,
        null_count: null_count as i64,
        offset: 0,
        n_buffers,
        n_children,
        buffers: buffers_ptr,
        children,
        dictionary: std::ptr::null_mut(),
        release: Some(release_array),
        private_data: Box::into_raw(data) as *mut c_void,
    }
}

/// A struct of the interface that a capsule holds, and how it is released.
trait Exported {
    /// The capsule's name.
    const NAME: &'static CStr;
    /// The struct's release callback, null once released.
    fn release(&self) -> Option<unsafe extern "C" fn(*mut Self)>;
}

impl Exported for Schema {
    const NAME: &'static CStr = c"arrow_schema";
    fn release(&self) -> Option<unsafe extern "C" fn(*mut Self)> {
        self.release
    }
}

impl Exported for Array {
    const NAME: &'static CStr = c"arrow_array";
    fn release(&self) -> Option<unsafe extern "C" fn(*mut Self)> {
        self.release
    }
}

/// Releases what a capsule still holds when it goes (a consumer that moved it out nulled its
/// `release`), then frees the struct.
unsafe extern "C" fn drop_capsule<T: Exported>(capsule: *mut pyo3::ffi::PyObject) {
    // SAFETY: the capsule was made by `__arrow_c_array__` with a boxed `T` under this name.
    unsafe {
        let p = pyo3::ffi::PyCapsule_GetPointer(capsule, T::NAME.as_ptr()) as *mut T;
        if p.is_null() {
            pyo3::ffi::PyErr_Clear();
            return;
        }
        if let Some(r) = (*p).release() {
            r(p);
        }
        drop(Box::from_raw(p));
    }
}

/// A capsule of `T::NAME` holding `value`, freed (and released, unless moved out) when it goes.
fn capsule<'py, T: Exported>(py: Python<'py>, value: T) -> PyResult<Bound<'py, PyCapsule>> {
    let p = NonNull::from(Box::leak(Box::new(value))).cast::<c_void>();
    // SAFETY: `p` is a boxed `T` that `drop_capsule::<T>` releases (if the consumer did not)
    // and frees.
    unsafe { PyCapsule::new_with_pointer_and_destructor(py, p, T::NAME, Some(drop_capsule::<T>)) }
}

#[pymethods]
impl ArrowColumn {
    /// The Arrow PyCapsule interface: a fresh (schema, array) pair of capsules a call.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        // A requested schema is a wish the producer may ignore (the consumer casts).
        let _ = requested_schema;
        let b = &self.buffers;
        let data = b.data.get().data.as_ptr() as *const c_void;
        let bitmap = b
            .bitmap
            .as_ref()
            .map_or(std::ptr::null(), |m| m.as_ptr() as *const c_void);
        let (s, a) = match b.kind {
            Kind::Text { bytes } => {
                let ends = b
                    .ends
                    .as_ref()
                    .map_or(std::ptr::null(), |e| e.get().data.as_ptr() as *const c_void);
                (
                    schema(if bytes { "Z" } else { "U" }, "", None),
                    array(b, b.n, b.null_count, vec![bitmap, ends, data], None),
                )
            }
            Kind::Binary(w) => (
                schema(&format!("w:{w}"), "", None),
                array(b, b.n, b.null_count, vec![bitmap, data], None),
            ),
            Kind::Words(k) => {
                let child = array(b, b.n * k, 0, vec![std::ptr::null(), data], None);
                (
                    schema(&format!("+w:{k}"), "", Some(schema("L", "item", None))),
                    array(b, b.n, b.null_count, vec![bitmap], Some(child)),
                )
            }
        };
        let (s, a) = (capsule(py, s)?, capsule(py, a)?);
        PyTuple::new(py, [s.into_any(), a.into_any()])
    }

    fn __len__(&self) -> usize {
        self.buffers.n
    }
}

/// The output of a batch as an [`ArrowColumn`]: `kind` `"text"` or `"bytes"` (large binary,
/// BinaryFen's raw records), each with the offsets `ends`, `"binary"` (`width` bytes a record)
/// or `"words"` (`width` uint64 a record); `valid` one byte a record.
#[pyfunction]
#[pyo3(signature = (kind, data, ends, valid, width))]
pub(crate) fn arrow_column(
    kind: &str,
    data: Bound<'_, Bytes>,
    ends: Option<Bound<'_, Bytes>>,
    valid: &[u8],
    width: usize,
) -> PyResult<ArrowColumn> {
    let n = valid.len();
    let kind = match kind {
        "text" => Kind::Text { bytes: false },
        "bytes" => Kind::Text { bytes: true },
        "binary" => Kind::Binary(width),
        "words" => Kind::Words(width),
        k => {
            return Err(PyValueError::new_err(format!(
                "no Arrow column of kind {k:?}"
            )))
        }
    };
    let len = data.get().data.len();
    let fits = match kind {
        Kind::Text { .. } => ends
            .as_ref()
            .is_some_and(|e| text_offsets(&e.get().data, n, len)),
        // Arrow's fixed sizes are 32-bit: 1 to i32::MAX.
        Kind::Binary(w) | Kind::Words(w) if w == 0 || w > i32::MAX as usize => false,
        Kind::Binary(w) => n.checked_mul(w) == Some(len),
        Kind::Words(k) => n.checked_mul(k).and_then(|c| c.checked_mul(8)) == Some(len),
    };
    if !fits {
        return Err(PyValueError::new_err(
            "the output's buffers do not hold its records",
        ));
    }
    let null_count = valid.iter().filter(|&&v| v == 0).count();
    let bitmap = (null_count > 0).then(|| {
        let mut m = vec![0u8; n.div_ceil(8)];
        for (i, &v) in valid.iter().enumerate() {
            m[i / 8] |= u8::from(v != 0) << (i % 8);
        }
        m
    });
    Ok(ArrowColumn {
        buffers: Arc::new(Buffers {
            kind,
            n,
            data: data.unbind(),
            ends: ends.map(Bound::unbind),
            bitmap,
            null_count,
        }),
    })
}

/// Whether `ends` is `n + 1` little-endian int64 offsets from 0 up to `len`, never going down.
fn text_offsets(ends: &[u8], n: usize, len: usize) -> bool {
    if n.checked_add(1).and_then(|c| c.checked_mul(8)) != Some(ends.len()) {
        return false;
    }
    let at: Vec<i64> = ends
        .chunks_exact(8)
        .map(|c| i64::from_le_bytes(c.try_into().unwrap_or_default()))
        .collect();
    at.first() == Some(&0)
        && at.windows(2).all(|w| w[0] <= w[1])
        && at.last().is_some_and(|&e| usize::try_from(e) == Ok(len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_strings_live_with_the_schema() {
        let mut s = schema("+w:2", "", Some(schema("L", "item", None)));
        // SAFETY: the schema was just made; its strings and child are its private data's.
        unsafe {
            assert_eq!(CStr::from_ptr(s.format).to_str(), Ok("+w:2"));
            assert_eq!(s.n_children, 1);
            assert_eq!(CStr::from_ptr((**s.children).format).to_str(), Ok("L"));
            release_schema(&mut s);
        }
        assert!(s.release.is_none());
    }

    #[test]
    fn text_offsets_must_cover_the_data() {
        let ends = |v: &[i64]| v.iter().flat_map(|e| e.to_le_bytes()).collect::<Vec<u8>>();
        assert!(text_offsets(&ends(&[0, 3, 3, 7]), 3, 7));
        assert!(!text_offsets(&ends(&[0, 3, 2, 7]), 3, 7));
        assert!(!text_offsets(&ends(&[1, 3, 3, 7]), 3, 7));
        assert!(!text_offsets(&ends(&[0, 3, 3, 9]), 3, 7));
        assert!(!text_offsets(&ends(&[0, 3, 7]), 3, 7));
    }
}
