//! Reading the records of an imported Arrow array, once [`super::check`] passed it: strings,
//! binary, their large and view variants, fixed-size binary, dictionaries, fixed-size lists of
//! 64-bit words, a struct's field, and the helpers that read the interface's buffers.

use std::ffi::{c_char, c_void, CStr};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use super::check::words_child;
use super::{Array, Field, Schema};

/// Reads records `from..from + n` of `field` in `array` (a struct's child, when the field is
/// one) onto `out`.
///
/// # Safety
/// `array` is live, of the field's parent schema.
pub(super) unsafe fn read_field<'a>(
    field: Field<'_>,
    array: &'a Array,
    from: usize,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    if from + n > len(array.length)? {
        return Err(PyValueError::new_err("records past the Arrow array's end"));
    }
    let Some(k) = field.child else {
        return unsafe { read(field.schema, array, from, n, out) };
    };
    let children = unsafe { slice(array.children, array.n_children) };
    let child = children.get(k).ok_or_else(|| {
        PyValueError::new_err("the Arrow struct array lacks a field its schema has")
    })?;
    let base = len(array.offset)? + from;
    let start = out.len();
    unsafe { read(field.schema, &**child, base, n, out)? };
    // A null struct row is a null record.
    let validity = unsafe { buffer(array, 0) as *const u8 };
    if !validity.is_null() && array.null_count != 0 {
        for (i, r) in out[start..].iter_mut().enumerate() {
            if !unsafe { bit(validity, base + i) } {
                *r = None;
            }
        }
    }
    Ok(())
}

/// Where records `at..` of an array are: the array, its validity bitmap and the first index.
#[derive(Clone, Copy)]
struct Span<'a> {
    array: &'a Array,
    /// The validity bitmap, null when every record is valid.
    validity: *const u8,
    /// The first record's index in the buffers (the array's offset included).
    at: usize,
}

impl Span<'_> {
    /// Whether record `i` (from `at`) is not null.
    fn valid(&self, i: usize) -> bool {
        // SAFETY: the bitmap holds a bit for every record of the array.
        self.validity.is_null() || unsafe { bit(self.validity, self.at + i) }
    }

    /// Buffer `k` of the array, as bytes.
    fn buffer(&self, k: usize) -> *const u8 {
        // SAFETY: the array is live (the span borrows it).
        unsafe { buffer(self.array, k) as *const u8 }
    }
}

/// Reads `n` records of `array` (of `schema`) from its logical index `base` onto `out`.
///
/// # Safety
/// `array` is live, of `schema`, with at least `base + n` values past its offset.
unsafe fn read<'a>(
    schema: &Schema,
    array: &'a Array,
    base: usize,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    let format = unsafe { text(schema.format) };
    let span = Span {
        array,
        validity: match array.null_count {
            0 => std::ptr::null(),
            _ => unsafe { buffer(array, 0) as *const u8 },
        },
        at: len(array.offset)? + base,
    };
    out.reserve(n);
    if !schema.dictionary.is_null() {
        return unsafe { read_dictionary(schema, format, span, n, out) };
    }
    match format {
        "n" => out.extend(std::iter::repeat_n(None, n)),
        "u" | "z" | "U" | "Z" => unsafe {
            read_offsets(matches!(format, "U" | "Z"), span, n, out)?
        },
        "vu" | "vz" => unsafe { read_views(span, n, out)? },
        f if f.starts_with("w:") => {
            let width: usize = f[2..].parse().map_err(|_| {
                PyValueError::new_err(format!("the Arrow format {f:?} is not fixed-size binary"))
            })?;
            let data = span.buffer(1);
            for i in 0..n {
                let at = (span.at + i) * width;
                out.push(span.valid(i).then(|| unsafe { bytes(data, at, width) }));
            }
        }
        f if f.starts_with("+w:") => {
            // Each list's words, little-endian, one after the other: a record of 8K bytes.
            let (_, child, k) = unsafe { words_child(schema, array, f)? };
            let (data, base) = (unsafe { buffer(child, 1) } as *const u8, len(child.offset)?);
            for i in 0..n {
                let at = 8 * (base + (span.at + i) * k);
                out.push(span.valid(i).then(|| unsafe { bytes(data, at, 8 * k) }));
            }
        }
        f => {
            return Err(PyTypeError::new_err(format!(
                "an Arrow array of {} holds no boards: expected strings or binary",
                describe(f)
            )))
        }
    }
    Ok(())
}

/// Reads `n` dictionary-encoded records (indices of `format`): each index's record is the
/// dictionary's.
///
/// # Safety
/// As [`read`]'s, the dictionary included.
unsafe fn read_dictionary<'a>(
    schema: &Schema,
    format: &str,
    span: Span<'a>,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    let dict_array = unsafe { span.array.dictionary.as_ref() }
        .ok_or_else(|| PyValueError::new_err("the Arrow array lacks its dictionary"))?;
    let mut dict = Vec::new();
    let dict_schema = unsafe { &*schema.dictionary };
    unsafe {
        read(
            dict_schema,
            dict_array,
            0,
            len(dict_array.length)?,
            &mut dict,
        )?
    };
    let indices = span.buffer(1);
    for i in 0..n {
        if !span.valid(i) {
            out.push(None);
            continue;
        }
        let k = unsafe { index(format, indices, span.at + i) }?;
        let record = usize::try_from(k)
            .ok()
            .and_then(|k| dict.get(k).copied())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "the Arrow array's dictionary index {k} is outside its dictionary of {}",
                    dict.len()
                ))
            })?;
        out.push(record);
    }
    Ok(())
}

/// Reads `n` records of a string or binary array with 32-bit (or, `wide`, 64-bit) offsets.
///
/// # Safety
/// As [`read`]'s.
unsafe fn read_offsets<'a>(
    wide: bool,
    span: Span<'a>,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    let (offsets, data) = (span.buffer(1), span.buffer(2));
    let offset = |k: usize| -> i64 {
        // SAFETY: the array holds offset + length + 1 offsets; reads may be unaligned.
        unsafe {
            match wide {
                true => std::ptr::read_unaligned((offsets as *const i64).add(k)),
                false => i64::from(std::ptr::read_unaligned((offsets as *const i32).add(k))),
            }
        }
    };
    for i in 0..n {
        let (s, e) = (offset(span.at + i), offset(span.at + i + 1));
        match (usize::try_from(s), usize::try_from(e)) {
            (Ok(s), Ok(e)) if s <= e => {
                out.push(span.valid(i).then(|| unsafe { bytes(data, s, e - s) }))
            }
            _ => return Err(bad_offsets(i, s, e)),
        }
    }
    Ok(())
}

/// Reads `n` records of a string or binary view array: a view of 16 bytes a record, its length,
/// then its bytes inline (12 at most) or a prefix, a data buffer's index and the offset in it.
///
/// # Safety
/// As [`read`]'s.
unsafe fn read_views<'a>(
    span: Span<'a>,
    n: usize,
    out: &mut Vec<Option<&'a [u8]>>,
) -> PyResult<()> {
    let views = span.buffer(1);
    // The buffers: validity, views, the data buffers, their sizes.
    let data_buffers = len(span.array.n_buffers)?.saturating_sub(3);
    for i in 0..n {
        if !span.valid(i) {
            out.push(None);
            continue;
        }
        let view = unsafe { views.add(16 * (span.at + i)) };
        let word = |k: usize| {
            // SAFETY: a view is 16 bytes.
            i32::from_le_bytes(unsafe { std::ptr::read_unaligned(view.add(k) as *const [u8; 4]) })
        };
        let size = usize::try_from(word(0)).map_err(|_| bad_view(i))?;
        if size <= 12 {
            out.push(Some(unsafe { bytes(view, 4, size) }));
            continue;
        }
        let b = usize::try_from(word(8)).map_err(|_| bad_view(i))?;
        let off = usize::try_from(word(12)).map_err(|_| bad_view(i))?;
        // The last buffer holds each data buffer's size (int64): a view must lie inside its
        // buffer (an exporter may pass views it never checked).
        let within = b < data_buffers && {
            let sizes = span.buffer(2 + data_buffers);
            !sizes.is_null() && {
                // SAFETY: the sizes buffer holds one int64 a data buffer.
                let len = unsafe { std::ptr::read_unaligned((sizes as *const i64).add(b)) };
                usize::try_from(len)
                    .is_ok_and(|len| off.checked_add(size).is_some_and(|e| e <= len))
            }
        };
        if !within {
            return Err(bad_view(i));
        }
        out.push(Some(unsafe { bytes(span.buffer(2 + b), off, size) }));
    }
    Ok(())
}

/// The dictionary index `k` of an index buffer of `format` (a signed or unsigned integer).
///
/// # Safety
/// `indices` holds at least `k + 1` indices of `format`.
unsafe fn index(format: &str, indices: *const u8, k: usize) -> PyResult<i128> {
    // SAFETY: as the caller promises; reads may be unaligned.
    unsafe {
        Ok(match format {
            "c" => i128::from(std::ptr::read_unaligned((indices as *const i8).add(k))),
            "C" => i128::from(std::ptr::read_unaligned(indices.add(k))),
            "s" => i128::from(std::ptr::read_unaligned((indices as *const i16).add(k))),
            "S" => i128::from(std::ptr::read_unaligned((indices as *const u16).add(k))),
            "i" => i128::from(std::ptr::read_unaligned((indices as *const i32).add(k))),
            "I" => i128::from(std::ptr::read_unaligned((indices as *const u32).add(k))),
            "l" => i128::from(std::ptr::read_unaligned((indices as *const i64).add(k))),
            "L" => i128::from(std::ptr::read_unaligned((indices as *const u64).add(k))),
            f => {
                return Err(PyTypeError::new_err(format!(
                    "an Arrow dictionary indexed by {f:?}: expected integer indices"
                )))
            }
        })
    }
}

/// The error for offsets of record `i` that are not a range.
pub(super) fn bad_offsets(i: usize, s: i64, e: i64) -> PyErr {
    PyValueError::new_err(format!(
        "the Arrow array's offsets of record {i} ({s}..{e}) are no range"
    ))
}

/// The error for a string view of record `i` that points nowhere.
pub(super) fn bad_view(i: usize) -> PyErr {
    PyValueError::new_err(format!(
        "the Arrow array's view of record {i} points outside its buffers"
    ))
}

/// A count or an offset of the interface, which must not be negative.
pub(super) fn len(v: i64) -> PyResult<usize> {
    usize::try_from(v).map_err(|_| {
        PyValueError::new_err(format!(
            "the Arrow data has a negative length or offset ({v})"
        ))
    })
}

/// Buffer `k` of `array` (null when it has none).
///
/// # Safety
/// `array` is live.
pub(super) unsafe fn buffer(array: &Array, k: usize) -> *const c_void {
    if array.buffers.is_null() || k >= array.n_buffers.max(0) as usize {
        return std::ptr::null();
    }
    // SAFETY: `buffers` holds `n_buffers` pointers.
    unsafe { *array.buffers.add(k) }
}

/// Bit `k` of a validity bitmap.
///
/// # Safety
/// The bitmap holds at least `k + 1` bits.
pub(super) unsafe fn bit(bitmap: *const u8, k: usize) -> bool {
    // SAFETY: as the caller promises.
    unsafe { *bitmap.add(k / 8) >> (k % 8) & 1 == 1 }
}

/// `n` bytes at `data + at` (an empty slice when `n` is 0, whatever `data` is).
///
/// # Safety
/// `data + at .. data + at + n` is readable for `'a`, and unchanged.
pub(super) unsafe fn bytes<'a>(data: *const u8, at: usize, n: usize) -> &'a [u8] {
    if n == 0 || data.is_null() {
        return &[];
    }
    // SAFETY: as the caller promises.
    unsafe { std::slice::from_raw_parts(data.add(at), n) }
}

/// `n` items at `p` (empty when `p` is null).
///
/// # Safety
/// `p` holds `n` items, live for `'a`.
pub(super) unsafe fn slice<'a, T>(p: *mut T, n: i64) -> &'a [T] {
    match (p.is_null(), usize::try_from(n)) {
        (false, Ok(n)) => unsafe { std::slice::from_raw_parts(p, n) },
        _ => &[],
    }
}

/// A C string of the interface (a format or a name; empty when null).
///
/// # Safety
/// `p` is null or a NUL-terminated string live for `'a`.
pub(super) unsafe fn text<'a>(p: *const c_char) -> &'a str {
    match p.is_null() {
        true => "",
        false => unsafe { CStr::from_ptr(p) }.to_str().unwrap_or(""),
    }
}

/// An Arrow format string in words.
pub(super) fn describe(format: &str) -> String {
    let name = match format {
        "b" => "booleans",
        "c" | "C" | "s" | "S" | "i" | "I" | "l" | "L" => "integers",
        "e" | "f" | "g" => "floats",
        "+l" | "+L" | "+vl" | "+vL" => "lists",
        "+w" => "fixed-size lists",
        "+s" => "structs",
        _ => "",
    };
    match name {
        "" => format!("format {format:?}"),
        n => format!("{n} (format {format:?})"),
    }
}
