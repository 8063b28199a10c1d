//! The checks of an imported Arrow array before any of it is read: the buffers and children its
//! format needs, spans that do not overflow, offsets that only go up. A broken export is an
//! error, never a read out of bounds.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use super::read::{bad_offsets, buffer, describe, len, slice, text};
use super::{Array, Field, Schema};

/// Checks, before anything of it is read, that `array` holds what its field's format says a
/// reader needs: the buffers and children it must have, an offset and a length that add up,
/// offsets that only go up (over the whole array: the batch is converted a piece at a time),
/// a width that does not overflow. An export that breaks the interface is an error, never a
/// read out of bounds; what the interface does not describe (the length of a data buffer) is
/// the exporter's to keep.
///
/// # Safety
/// `array` is live, of the field's parent schema.
pub(super) unsafe fn check_field(field: Field<'_>, array: &Array) -> PyResult<()> {
    let (n, offset) = (len(array.length)?, len(array.offset)?);
    span_end(offset, n)?;
    let Some(k) = field.child else {
        return unsafe { check(field.schema, array, 0, n) };
    };
    if len(array.n_children)? <= k || array.children.is_null() {
        return Err(broken("the struct array lacks a field its schema has"));
    }
    let child = unsafe { *array.children.add(k) };
    let child = unsafe { child.as_ref() }.ok_or_else(|| broken("a struct field is null"))?;
    unsafe { check(field.schema, child, offset, n) }
}

/// [`check_field`] of `n` records of `array` (of `schema`) from its logical index `base`.
///
/// # Safety
/// `array` is live, of `schema`.
unsafe fn check(schema: &Schema, array: &Array, base: usize, n: usize) -> PyResult<()> {
    let at = len(array.offset)?
        .checked_add(base)
        .ok_or_else(|| broken("an offset overflows"))?;
    let end = span_end(at, n)?;
    if end > span_end(len(array.offset)?, len(array.length)?)? {
        return Err(broken("the array is shorter than its parent"));
    }
    let format = unsafe { text(schema.format) };
    let buffers = len(array.n_buffers)?;
    if buffers > 0 && array.buffers.is_null() {
        return Err(broken("the array has no buffers"));
    }
    let need = |k: usize| -> PyResult<*const u8> {
        let p = if k < buffers {
            unsafe { buffer(array, k) as *const u8 }
        } else {
            std::ptr::null()
        };
        match (p.is_null(), n) {
            (true, 1..) => Err(broken(&format!(
                "buffer {k} of an array of {format:?} is missing"
            ))),
            _ => Ok(p),
        }
    };
    if !schema.dictionary.is_null() {
        need(1)?;
        let dict = unsafe { array.dictionary.as_ref() }
            .ok_or_else(|| broken("the dictionary is missing"))?;
        let dict_schema = unsafe { &*schema.dictionary };
        return unsafe { check(dict_schema, dict, 0, len(dict.length)?) };
    }
    match format {
        "n" => {}
        "u" | "z" | "U" | "Z" => {
            let offsets = need(1)?;
            // SAFETY: an array of n records from `at` has offsets at..=at + n.
            let (first, last) =
                unsafe { rising_offsets(offsets, matches!(format, "U" | "Z"), at, n, base)? };
            if last > first {
                need(2)?;
            }
        }
        "vu" | "vz" => {
            need(1)?;
            if n > 0 && buffers < 3 {
                return Err(broken("a view array lacks its buffer of data sizes"));
            }
        }
        f if f.starts_with("w:") => {
            let width: usize = f[2..]
                .parse()
                .map_err(|_| broken(&format!("the format {f:?} is no width")))?;
            end.checked_mul(width)
                .filter(|&b| b <= isize::MAX as usize)
                .ok_or_else(|| broken("a fixed-size width overflows"))?;
            if width > 0 {
                need(1)?;
            }
        }
        f if f.starts_with("+w:") => unsafe { check_words(schema, array, f, end, n)? },
        _ => {}
    }
    Ok(())
}

/// The values of fixed-size lists of 64-bit words (format `f`) reach the end of the lists'
/// span (`end`), and are there when `n` lists are read.
///
/// # Safety
/// `array` is live, of `schema`.
unsafe fn check_words(
    schema: &Schema,
    array: &Array,
    f: &str,
    end: usize,
    n: usize,
) -> PyResult<()> {
    let (_, child, k) = unsafe { words_child(schema, array, f)? };
    let values = end
        .checked_mul(k)
        .ok_or_else(|| broken("a fixed-size list's width overflows"))?;
    let child_end = span_end(len(child.offset)?, len(child.length)?)?;
    if len(child.offset)?
        .checked_add(values)
        .is_none_or(|e| e > child_end)
    {
        return Err(broken(
            "a fixed-size list's values are fewer than its lists",
        ));
    }
    if n > 0 && k > 0 && unsafe { buffer(child, 1) }.is_null() {
        return Err(broken("a fixed-size list's values are missing"));
    }
    Ok(())
}

/// The child of a fixed-size list of 64-bit integers (format `+w:K` over `L` or `l`: pair
/// words, planes), and K.
///
/// # Safety
/// `array` is live, of `schema`.
pub(super) unsafe fn words_child<'a>(
    schema: &'a Schema,
    array: &'a Array,
    format: &str,
) -> PyResult<(&'a Schema, &'a Array, usize)> {
    let k: usize = format[3..]
        .parse()
        .map_err(|_| broken(&format!("the format {format:?} is no width")))?;
    let (cs, ca) = (
        unsafe { slice(schema.children, schema.n_children) },
        unsafe { slice(array.children, array.n_children) },
    );
    let (Some(&cs), Some(&ca)) = (cs.first(), ca.first()) else {
        return Err(broken("a fixed-size list has no values"));
    };
    let (cs, ca) = unsafe { (cs.as_ref(), ca.as_ref()) };
    let (Some(cs), Some(ca)) = (cs, ca) else {
        return Err(broken("a fixed-size list's values are null"));
    };
    if !matches!(unsafe { text(cs.format) }, "L" | "l") || !cs.dictionary.is_null() {
        return Err(PyTypeError::new_err(format!(
            "an Arrow array of fixed-size lists of {} holds no boards: expected lists of 64-bit words (pair, planes)",
            describe(unsafe { text(cs.format) })
        )));
    }
    Ok((cs, ca, k))
}

/// The first and last of the offsets `at..=at + n` (32-bit, or 64-bit when `wide`), checked to
/// be at least 0 and never to go down (record `base + i` named when one does).
///
/// # Safety
/// `offsets` holds at least `at + n + 1` offsets when `n` is not 0.
unsafe fn rising_offsets(
    offsets: *const u8,
    wide: bool,
    at: usize,
    n: usize,
    base: usize,
) -> PyResult<(i64, i64)> {
    if n == 0 {
        return Ok((0, 0));
    }
    let get = |k: usize| -> i64 {
        // SAFETY: as the caller promises; reads may be unaligned.
        unsafe {
            match wide {
                true => std::ptr::read_unaligned((offsets as *const i64).add(k)),
                false => i64::from(std::ptr::read_unaligned((offsets as *const i32).add(k))),
            }
        }
    };
    let first = get(at);
    if first < 0 {
        return Err(bad_offsets(base, first, first));
    }
    let mut last = first;
    for i in 0..n {
        let next = get(at + i + 1);
        if next < last {
            return Err(bad_offsets(base + i, last, next));
        }
        last = next;
    }
    Ok((first, last))
}

/// `at + n`, the end of a span of records, when it does not overflow.
fn span_end(at: usize, n: usize) -> PyResult<usize> {
    at.checked_add(n)
        .filter(|&e| e <= isize::MAX as usize / 16)
        .ok_or_else(|| broken("an offset and a length overflow"))
}

/// The error of an export that breaks the Arrow C Data Interface.
fn broken(what: &str) -> PyErr {
    PyValueError::new_err(format!("the Arrow export is broken: {what}"))
}
